// Message digests through EVP_Digest*.
#include "backends/openssl/digest.h"

#include <span>
#include <vector>

#include "backends/common/buffers.h"
#include "backends/common/hash_mac_adapter.h"
#include "backends/common/timing_inputs.h"

namespace cryptobench::backends::openssl {
namespace {

// Largest digest output of any EVP_MD (EVP_MAX_MD_SIZE, evp.h).
constexpr size_t kMaxDigestLen = 64;

// Hashes `pieces` in order with a fresh context into `out`.
bool DigestPieces(const Libcrypto& lib, const EVP_MD* md,
                  std::initializer_list<std::span<const uint8_t>> pieces, std::vector<uint8_t>* out,
                  std::string* error) {
  Owned<EVP_MD_CTX> ctx = Own(lib.EVP_MD_CTX_new(), lib.EVP_MD_CTX_free);
  if (!ctx || lib.EVP_DigestInit_ex(ctx.get(), md, nullptr) != 1) {
    *error = LibError(lib, "EVP_DigestInit_ex");
    return false;
  }
  for (std::span<const uint8_t> piece : pieces) {
    if (lib.EVP_DigestUpdate(ctx.get(), NonNullData(piece), piece.size()) != 1) {
      *error = LibError(lib, "EVP_DigestUpdate");
      return false;
    }
  }
  out->assign(kMaxDigestLen, 0);
  unsigned int len = 0;
  if (lib.EVP_DigestFinal_ex(ctx.get(), out->data(), &len) != 1) {
    *error = LibError(lib, "EVP_DigestFinal_ex");
    return false;
  }
  out->resize(len);
  return true;
}

class DigestOperation : public PreparedOperation {
 public:
  DigestOperation(LibcryptoPtr lib, Owned<EVP_MD> md, Owned<EVP_MD_CTX> ctx, AlignedBuffer in)
      : lib_(std::move(lib)), md_(std::move(md)), ctx_(std::move(ctx)), in_(std::move(in)) {}

  bool Run(uint64_t iterations) override {
    const Libcrypto& lib = *lib_;
    for (uint64_t i = 0; i < iterations; ++i) {
      if (lib.EVP_DigestInit_ex(ctx_.get(), md_.get(), nullptr) != 1) {
        error_ = LibError(lib, "EVP_DigestInit_ex");
        return false;
      }
      if (lib.EVP_DigestUpdate(ctx_.get(), in_.data(), in_.size()) != 1) {
        error_ = LibError(lib, "EVP_DigestUpdate");
        return false;
      }
      if (lib.EVP_DigestFinal_ex(ctx_.get(), out_.data(), &out_len_) != 1) {
        error_ = LibError(lib, "EVP_DigestFinal_ex");
        return false;
      }
    }
    return true;
  }

  std::span<const uint8_t> output() const { return out_.span().first(out_len_); }

 private:
  LibcryptoPtr lib_;
  Owned<EVP_MD> md_;
  Owned<EVP_MD_CTX> ctx_;
  AlignedBuffer in_;
  AlignedBuffer out_{kMaxDigestLen};
  unsigned int out_len_ = 0;
};

}  // namespace

bool DigestSupported(const Libcrypto& lib, const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kHash && FetchDigest(lib, alg.openssl_name) != nullptr;
}

std::unique_ptr<PreparedOperation> PrepareDigest(const LibcryptoPtr& lib_ptr,
                                                 const AlgorithmInfo& alg, Operation op,
                                                 size_t input_len, PrepareFailure* failure,
                                                 std::string* error) {
  const Libcrypto& lib = *lib_ptr;
  if (op != Operation::kHash) {
    return PrepareNoSuchOperation(alg, op, failure, error);
  }
  Owned<EVP_MD> md = FetchDigest(lib, alg.openssl_name);
  if (!md) {
    return PrepareFailed(PrepareFailure::kLibraryError,
                         "the library has no digest " + std::string(alg.openssl_name), failure,
                         error);
  }
  Owned<EVP_MD_CTX> ctx = Own(lib.EVP_MD_CTX_new(), lib.EVP_MD_CTX_free);
  if (!ctx) {
    return PrepareFailed(PrepareFailure::kLibraryError, LibError(lib, "EVP_MD_CTX_new"), failure,
                         error);
  }
  AlignedBuffer message(input_len);
  FillPattern(message.span(), kMessageSeed);
  const std::vector<uint8_t> reference_message(message.data(), message.data() + input_len);
  const EVP_MD* md_ref = md.get();  // owned by `prepared`
  auto prepared =
      std::make_unique<DigestOperation>(lib_ptr, std::move(md), std::move(ctx), std::move(message));
  // Two runs: the second proves the context re-initialises cleanly.
  if (!prepared->Run(2)) {
    return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }
  const std::span<const uint8_t> whole(reference_message);
  std::vector<uint8_t> reference;
  std::string message_text;
  if (!DigestPieces(lib, md_ref, {whole.first(input_len / 2), whole.subspan(input_len / 2)},
                    &reference, &message_text)) {
    return PrepareFailed(PrepareFailure::kLibraryError, message_text, failure, error);
  }
  if (!CheckHashMacOutput(alg, input_len, prepared->output(), reference, failure, error,
                          "digest")) {
    return nullptr;
  }
  return prepared;
}

std::string DigestOneShot(const Libcrypto& lib, const AlgorithmInfo& alg,
                          std::span<const uint8_t> message, std::vector<uint8_t>* digest) {
  Owned<EVP_MD> md = FetchDigest(lib, alg.openssl_name);
  if (!md) {
    return "the library has no digest " + std::string(alg.openssl_name);
  }
  std::string error;
  if (!DigestPieces(lib, md.get(), {message}, digest, &error)) {
    lib.ERR_clear_error();
    return error;
  }
  return "";
}

}  // namespace cryptobench::backends::openssl
