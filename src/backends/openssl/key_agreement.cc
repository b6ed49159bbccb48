// Key agreement through EVP_PKEY_derive.
#include "backends/openssl/key_agreement.h"

#include <span>
#include <vector>

#include "backends/common/buffers.h"
#include "backends/openssl/pkey_keys.h"
#include "core/hex.h"

namespace cryptobench::backends::openssl {
namespace {

// A context deriving with `key` against `peer` (whose public half is used).
Owned<EVP_PKEY_CTX> NewDeriveContext(const Libcrypto& lib, EVP_PKEY* key, EVP_PKEY* peer,
                                     std::string* error) {
  Owned<EVP_PKEY_CTX> ctx = Own(lib.EVP_PKEY_CTX_new(key, nullptr), lib.EVP_PKEY_CTX_free);
  if (!ctx || lib.EVP_PKEY_derive_init(ctx.get()) != 1) {
    *error = LibError(lib, "EVP_PKEY_derive_init");
    ctx.reset();
  } else if (lib.EVP_PKEY_derive_set_peer(ctx.get(), peer) != 1) {
    *error = LibError(lib, "EVP_PKEY_derive_set_peer");
    ctx.reset();
  }
  return ctx;
}

bool DeriveToVector(const Libcrypto& lib, EVP_PKEY* key, EVP_PKEY* peer,
                    std::vector<uint8_t>* secret, std::string* error) {
  Owned<EVP_PKEY_CTX> ctx = NewDeriveContext(lib, key, peer, error);
  size_t len = 0;
  if (!ctx) {
    return false;
  }
  if (lib.EVP_PKEY_derive(ctx.get(), nullptr, &len) != 1) {
    *error = LibError(lib, "EVP_PKEY_derive (size query)");
    return false;
  }
  secret->assign(len, 0);
  if (lib.EVP_PKEY_derive(ctx.get(), secret->data(), &len) != 1) {
    *error = LibError(lib, "EVP_PKEY_derive");
    return false;
  }
  secret->resize(len);
  return true;
}

class DeriveOperation : public PreparedOperation {
 public:
  DeriveOperation(LibcryptoPtr lib, Owned<EVP_PKEY> key, Owned<EVP_PKEY> peer,
                  Owned<EVP_PKEY_CTX> ctx, size_t secret_len)
      : lib_(std::move(lib)),
        key_(std::move(key)),
        peer_(std::move(peer)),
        ctx_(std::move(ctx)),
        secret_(secret_len) {}

  bool Run(uint64_t iterations) override {
    const Libcrypto& lib = *lib_;
    for (uint64_t i = 0; i < iterations; ++i) {
      secret_len_ = secret_.size();
      if (lib.EVP_PKEY_derive(ctx_.get(), secret_.data(), &secret_len_) != 1) {
        error_ = LibError(lib, "EVP_PKEY_derive");
        return false;
      }
    }
    return true;
  }

  std::span<const uint8_t> secret() const { return secret_.span().first(secret_len_); }

 private:
  LibcryptoPtr lib_;
  Owned<EVP_PKEY> key_;
  Owned<EVP_PKEY> peer_;
  Owned<EVP_PKEY_CTX> ctx_;
  AlignedBuffer secret_;
  size_t secret_len_ = 0;
};

}  // namespace

bool KeyAgreementSupported(const Libcrypto& lib, const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kKeyAgreement || PkFamilyOf(alg) == PkFamily::kNone) {
    return false;
  }
  std::string ignored;
  Owned<EVP_PKEY> key = TimingKey(lib, alg, &ignored);
  Owned<EVP_PKEY> peer = key ? SecondKey(lib, alg, &ignored) : nullptr;
  const bool ok = peer && NewDeriveContext(lib, key.get(), peer.get(), &ignored) != nullptr;
  lib.ERR_clear_error();
  return ok;
}

std::unique_ptr<PreparedOperation> PrepareKeyAgreement(const LibcryptoPtr& lib_ptr,
                                                       const AlgorithmInfo& alg, Operation op,
                                                       PrepareFailure* failure,
                                                       std::string* error) {
  const Libcrypto& lib = *lib_ptr;
  if (op != Operation::kDerive || PkFamilyOf(alg) == PkFamily::kNone) {
    return PrepareFailed(
        PrepareFailure::kLibraryError,
        std::string(alg.name) + " has no " + std::string(OperationName(op)) + " operation", failure,
        error);
  }
  std::string message;
  Owned<EVP_PKEY> key = TimingKey(lib, alg, &message);
  Owned<EVP_PKEY> peer = key ? SecondKey(lib, alg, &message) : nullptr;
  Owned<EVP_PKEY_CTX> ctx = peer ? NewDeriveContext(lib, key.get(), peer.get(), &message) : nullptr;
  size_t secret_len = 0;
  if (ctx && lib.EVP_PKEY_derive(ctx.get(), nullptr, &secret_len) != 1) {
    message = LibError(lib, "EVP_PKEY_derive (size query)");
    ctx.reset();
  }
  if (!ctx) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  // The other side, computed before the keys move into the operation.
  std::vector<uint8_t> other_side;
  if (!DeriveToVector(lib, peer.get(), key.get(), &other_side, &message)) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  auto prepared = std::make_unique<DeriveOperation>(lib_ptr, std::move(key), std::move(peer),
                                                    std::move(ctx), secret_len);
  if (!prepared->Run(1)) {
    return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }
  std::vector<uint8_t> secret(prepared->secret().begin(), prepared->secret().end());
  CorruptIfTesting(secret);
  std::string diff = CompareBytes("shared secret", secret, other_side);
  if (diff.empty() && secret.empty()) {
    diff = "shared secret is empty";
  }
  if (!diff.empty()) {
    return PrepareFailed(PrepareFailure::kCheckFailed,
                         std::string(alg.name) + " derive: the two sides disagree: " + diff,
                         failure, error);
  }
  return prepared;
}

std::string DeriveOneShot(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                          std::vector<uint8_t>* secret) {
  if (alg.kind != AlgorithmKind::kKeyAgreement || PkFamilyOf(alg) == PkFamily::kNone) {
    return std::string(alg.name) + " is not a key-agreement algorithm";
  }
  std::string error;
  Owned<EVP_PKEY> key = KatPrivateKey(lib, alg, HexDecode(vector.private_key), &error);
  if (!key) {
    lib.ERR_clear_error();
    return "private key: " + error;
  }
  Owned<EVP_PKEY> peer = KatPublicKey(lib, alg, HexDecode(vector.public_key), &error);
  if (!peer) {
    lib.ERR_clear_error();
    return "peer public key: " + error;
  }
  if (!DeriveToVector(lib, key.get(), peer.get(), secret, &error)) {
    lib.ERR_clear_error();
    return error;
  }
  return "";
}

}  // namespace cryptobench::backends::openssl
