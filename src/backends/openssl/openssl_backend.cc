// The OpenSSL backend: a LibraryBackend over a libcrypto loaded by path.
#include "backends/openssl/openssl_backend.h"

#include <utility>

#include "backends/common/library_backend.h"
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

class OpensslBackend : public LibraryBackend {
 public:
  explicit OpensslBackend(LibcryptoPtr lib)
      : LibraryBackend("OpenSSL has no "),
        lib_(std::move(lib)),
        one_shot_(openssl::MakeOneShotTarget(lib_)) {}

  results::LibraryInfo Identity() const override { return openssl::ReadIdentity(*lib_); }

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

  // Over the loaded library, so not a OneShotFunctions table: fresh contexts, exceptions caught
  // into the one-line result, the error queue cleared (one_shot.h).
  KatTarget* OneShot() override { return one_shot_.get(); }

 protected:
  bool Offers(const AlgorithmInfo& alg) override {
    if (alg.openssl_name.empty()) {
      return false;  // not an OpenSSL algorithm (catalog.h), e.g. XChaCha20-Poly1305
    }
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
    return false;
  }

  std::unique_ptr<PreparedOperation> PrepareOffered(const AlgorithmInfo& alg, Operation op,
                                                    size_t input_len, PrepareFailure* failure,
                                                    std::string* error) override {
    switch (alg.kind) {
      case AlgorithmKind::kCipher:
        return openssl::PrepareCipher(lib_, alg, op, input_len, failure, error);
      case AlgorithmKind::kAead:
        return openssl::PrepareAead(lib_, alg, op, input_len, failure, error);
      case AlgorithmKind::kHash:
        return openssl::PrepareDigest(lib_, alg, op, input_len, failure, error);
      case AlgorithmKind::kMac:
        return openssl::PrepareMac(lib_, alg, op, input_len, failure, error);
      case AlgorithmKind::kSignature:
        return openssl::PrepareSignature(lib_, alg, op, failure, error);
      case AlgorithmKind::kKeyAgreement:
        return openssl::PrepareKeyAgreement(lib_, alg, op, failure, error);
    }
    return nullptr;
  }

  // libcrypto's error queue is thread-local: leave nothing in it for the next call.
  void DiscardLibraryErrors() override { lib_->ERR_clear_error(); }

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
