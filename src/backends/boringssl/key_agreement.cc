// BoringSSL key agreement (key_agreement.h).
#include "backends/boringssl/key_agreement.h"

#include <vector>

#include "backends/boringssl/keys.h"
#include "backends/common/buffers.h"
#include "core/hex.h"

namespace cryptobench::backends::boringssl {
namespace {

constexpr size_t kMaxSecretLen = 66;  // P-521's field size; larger than any secret here

// A derive context of `own` with `peer` set; null with *error set on failure.
Owned<EVP_PKEY_CTX> NewDeriveContext(const Libcrypto& lib, EVP_PKEY* own, EVP_PKEY* peer,
                                     std::string* error) {
  Owned<EVP_PKEY_CTX> ctx(lib.EVP_PKEY_CTX_new(own, nullptr), lib.EVP_PKEY_CTX_free);
  if (!ctx || lib.EVP_PKEY_derive_init(ctx.get()) != 1) {
    *error = LibError(lib, "EVP_PKEY_derive_init");
    ctx.reset();
  } else if (lib.EVP_PKEY_derive_set_peer(ctx.get(), peer) != 1) {
    *error = LibError(lib, "EVP_PKEY_derive_set_peer");
    ctx.reset();
  }
  return ctx;
}

bool Derive(const Libcrypto& lib, EVP_PKEY_CTX* ctx, std::vector<uint8_t>* secret,
            std::string* error) {
  secret->assign(kMaxSecretLen, 0);
  size_t len = secret->size();
  if (lib.EVP_PKEY_derive(ctx, secret->data(), &len) != 1) {
    *error = LibError(lib, "EVP_PKEY_derive");
    return false;
  }
  secret->resize(len);
  return true;
}

class DeriveOperation : public PreparedOperation {
 public:
  DeriveOperation(LibPtr lib, PkeyPtr own, PkeyPtr peer, Owned<EVP_PKEY_CTX> ctx)
      : lib_(std::move(lib)), own_(std::move(own)), peer_(std::move(peer)), ctx_(std::move(ctx)) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      size_t len = kMaxSecretLen;
      if (lib_->EVP_PKEY_derive(ctx_.get(), secret_, &len) != 1) {
        error_ = LibError(*lib_, "EVP_PKEY_derive");
        return false;
      }
      secret_len_ = len;
    }
    return true;
  }

  std::vector<uint8_t> secret() const { return {secret_, secret_ + secret_len_}; }

 private:
  LibPtr lib_;
  PkeyPtr own_;  // keys outlive the context that refers to them
  PkeyPtr peer_;
  Owned<EVP_PKEY_CTX> ctx_;
  uint8_t secret_[kMaxSecretLen] = {};
  size_t secret_len_ = 0;
};

}  // namespace

bool KeyAgreementSupported(const Libcrypto& lib, const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kKeyAgreement) {
    return false;
  }
  std::string ignored;
  PkeyPtr own = TimingKey(lib, alg, &ignored);
  PkeyPtr peer = own ? SecondKey(lib, alg, &ignored) : PkeyPtr(nullptr, lib.EVP_PKEY_free);
  const bool ok = peer && NewDeriveContext(lib, own.get(), peer.get(), &ignored) != nullptr;
  lib.ERR_clear_error();
  return ok;
}

std::unique_ptr<PreparedOperation> PrepareKeyAgreement(const LibPtr& lib, const AlgorithmInfo& alg,
                                                       Operation op, PrepareFailure* failure,
                                                       std::string* error) {
  if (op != Operation::kDerive) {
    return PrepareFailed(
        PrepareFailure::kLibraryError,
        std::string(alg.name) + " has no " + std::string(OperationName(op)) + " operation", failure,
        error);
  }
  std::string message;
  PkeyPtr own = TimingKey(*lib, alg, &message);
  PkeyPtr peer = own ? SecondKey(*lib, alg, &message) : PkeyPtr(nullptr, lib->EVP_PKEY_free);
  if (!peer) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  // Both directions use the full key pairs: EVP_PKEY_derive reads only the peer's public half.
  Owned<EVP_PKEY_CTX> timed = NewDeriveContext(*lib, own.get(), peer.get(), &message);
  Owned<EVP_PKEY_CTX> other = timed ? NewDeriveContext(*lib, peer.get(), own.get(), &message)
                                    : Owned<EVP_PKEY_CTX>(nullptr, lib->EVP_PKEY_CTX_free);
  std::vector<uint8_t> expected;
  if (!other || !Derive(*lib, other.get(), &expected, &message)) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  auto prepared =
      std::make_unique<DeriveOperation>(lib, std::move(own), std::move(peer), std::move(timed));
  if (!prepared->Run(1)) {
    return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }
  std::vector<uint8_t> secret = prepared->secret();
  CorruptIfTesting(secret);
  if (std::string diff = CompareBytes("shared secret", secret, expected); !diff.empty()) {
    return PrepareFailed(PrepareFailure::kCheckFailed, std::string(alg.name) + " derive: " + diff,
                         failure, error);
  }
  return prepared;
}

std::string DeriveKat(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                      Bytes* secret) {
  std::string error;
  PkeyPtr own = KatPrivateKey(lib, alg, HexDecode(vector.private_key), &error);
  if (!own) {
    return "private key: " + error;
  }
  PkeyPtr peer = KatPublicKey(lib, alg, HexDecode(vector.public_key), &error);
  if (!peer) {
    return "peer public key: " + error;
  }
  Owned<EVP_PKEY_CTX> ctx = NewDeriveContext(lib, own.get(), peer.get(), &error);
  if (!ctx || !Derive(lib, ctx.get(), secret, &error)) {
    return error;
  }
  return "";
}

}  // namespace cryptobench::backends::boringssl
