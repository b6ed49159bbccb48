// The OpenSSL backend: Backend over a libcrypto loaded by path.
#include "backends/openssl/openssl_backend.h"

#include <exception>
#include <utility>

#include "backends/common/buffers.h"
#include "backends/openssl/aead.h"
#include "backends/openssl/backend_factory.h"
#include "backends/openssl/cipher.h"
#include "backends/openssl/digest.h"
#include "backends/openssl/identity.h"
#include "backends/openssl/key_agreement.h"
#include "backends/openssl/libcrypto.h"
#include "backends/openssl/mac.h"
#include "backends/openssl/one_shot.h"
#include "backends/openssl/signature.h"

namespace cryptobench::backends {
namespace {

using openssl::LibcryptoPtr;

class OpensslBackend : public Backend {
 public:
  explicit OpensslBackend(LibcryptoPtr lib)
      : lib_(std::move(lib)), one_shot_(openssl::MakeOneShotTarget(lib_)) {}

  results::LibraryInfo Identity() const override { return openssl::ReadIdentity(*lib_); }

  bool Supports(const AlgorithmInfo& alg) override {
    if (alg.openssl_name.empty()) {
      return false;  // not an OpenSSL algorithm (catalog.h), e.g. XChaCha20-Poly1305
    }
    try {
      switch (alg.kind) {
        case AlgorithmKind::kCipher:
          return openssl::CipherSupported(*lib_, alg);
        case AlgorithmKind::kAead:
          return openssl::AeadSupported(*lib_, alg);
        case AlgorithmKind::kHash:
          return openssl::DigestSupported(*lib_, alg);
        case AlgorithmKind::kMac:
          return openssl::MacSupported(lib_, alg);
        case AlgorithmKind::kSignature:
          return openssl::SignatureSupported(*lib_, alg);
        case AlgorithmKind::kKeyAgreement:
          return openssl::KeyAgreementSupported(*lib_, alg);
      }
    } catch (const std::exception&) {
      // Unknown means unsupported (e.g. a malformed KAT key); the KAT run reports the detail.
    }
    lib_->ERR_clear_error();
    return false;
  }

  // Why an entry that has an OpenSSL name is not offered, as far as the probe can tell: a MAC's
  // set-up error (e.g. Poly1305 without EVP_MAC); otherwise the loaded build or its providers
  // leave it out (e.g. Configure no-sm4). "" for a supported entry and for those without an
  // OpenSSL name, which kOpensslAbsent declares absent.
  std::string UnsupportedReason(const AlgorithmInfo& alg) override {
    if (alg.openssl_name.empty() || Supports(alg)) {
      return "";
    }
    const char* version = lib_->OpenSSL_version(openssl::kOpensslVersion);
    const std::string library = version != nullptr ? version : "this libcrypto";
    if (alg.kind == AlgorithmKind::kMac) {
      if (std::string reason = openssl::MacUnsupportedReason(lib_, alg); !reason.empty()) {
        return library + ": " + reason;
      }
    }
    return library + " does not provide " + std::string(alg.openssl_name) +
           ": its build (a Configure no-<algorithm> option) or its loaded providers leave it out";
  }

  results::KatResult RunKat(const AlgorithmInfo& alg) override {
    const ScopedCorruptOutputs corrupt(corrupt_outputs_for_testing_);
    return RunKatVectors(*one_shot_, alg);
  }

  KatTarget* OneShot() override { return one_shot_.get(); }

  std::unique_ptr<PreparedOperation> Prepare(const AlgorithmInfo& alg, Operation op,
                                             size_t input_len, PrepareFailure* failure,
                                             std::string* error) override {
    if (failure != nullptr) {
      *failure = PrepareFailure::kNone;
    }
    const ScopedCorruptOutputs corrupt(corrupt_outputs_for_testing_);
    std::unique_ptr<PreparedOperation> prepared;
    try {
      switch (alg.kind) {
        case AlgorithmKind::kCipher:
          prepared = openssl::PrepareCipher(lib_, alg, op, input_len, failure, error);
          break;
        case AlgorithmKind::kAead:
          prepared = openssl::PrepareAead(lib_, alg, op, input_len, failure, error);
          break;
        case AlgorithmKind::kHash:
          prepared = openssl::PrepareDigest(lib_, alg, op, input_len, failure, error);
          break;
        case AlgorithmKind::kMac:
          prepared = openssl::PrepareMac(lib_, alg, op, input_len, failure, error);
          break;
        case AlgorithmKind::kSignature:
          // Public-key operations take a fixed kPublicKeyInputLen input; input_len is ignored.
          prepared = openssl::PrepareSignature(lib_, alg, op, failure, error);
          break;
        case AlgorithmKind::kKeyAgreement:
          prepared = openssl::PrepareKeyAgreement(lib_, alg, op, failure, error);
          break;
      }
    } catch (const std::exception& e) {
      prepared = PrepareFailed(PrepareFailure::kLibraryError,
                               std::string("preparing ") + std::string(alg.name) + ": " + e.what(),
                               failure, error);
    }
    lib_->ERR_clear_error();
    return prepared;
  }

 private:
  LibcryptoPtr lib_;
  std::unique_ptr<KatTarget> one_shot_;
};

}  // namespace

std::unique_ptr<Backend> OpenOpensslBackend(const std::string& path) {
  return openssl::MakeOpensslBackend(openssl::LoadLibcrypto(path));
}

std::unique_ptr<Backend> openssl::MakeOpensslBackend(LibcryptoPtr lib) {
  return std::make_unique<OpensslBackend>(std::move(lib));
}

}  // namespace cryptobench::backends
