// The BoringSSL backend (boringssl_backend.h).
#include "backends/boringssl/boringssl_backend.h"

#include <utility>

#include "backends/boringssl/aead.h"
#include "backends/boringssl/key_agreement.h"
#include "backends/boringssl/libcrypto.h"
#include "backends/boringssl/mac.h"
#include "backends/boringssl/signature.h"
#include "backends/boringssl/symmetric.h"
#include "backends/common/library_backend.h"
#include "backends/common/library_identity.h"
#include "backends/openssl/cipher.h"
#include "backends/openssl/digest.h"
#include "backends/openssl/libcrypto.h"

namespace cryptobench::backends {
namespace {

using boringssl::LibPtr;

// One-shot operations for the KATs and the cross-backend comparison.
class BoringsslKatTarget : public KatTarget {
 public:
  explicit BoringsslKatTarget(LibPtr lib) : lib_(std::move(lib)) {}

  std::string Cipher(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                     const Bytes& input, Bytes* output) override {
    return boringssl::CipherSupported(*lib_, alg)
               ? boringssl::CipherOneShot(*lib_, alg, decrypt, key, iv, input, output)
               : kNotOffered;
  }
  std::string Seal(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce, const Bytes& aad,
                   const Bytes& plaintext, size_t tag_len, Bytes* ciphertext, Bytes* tag) override {
    return boringssl::AeadSupported(*lib_, alg)
               ? boringssl::AeadSeal(*lib_, alg, key, nonce, aad, plaintext, tag_len, ciphertext,
                                     tag)
               : kNotOffered;
  }
  std::string Open(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce, const Bytes& aad,
                   const Bytes& ciphertext, const Bytes& tag, Bytes* plaintext,
                   bool* authentic) override {
    return boringssl::AeadSupported(*lib_, alg)
               ? boringssl::AeadOpen(*lib_, alg, key, nonce, aad, ciphertext, tag, plaintext,
                                     authentic)
               : kNotOffered;
  }
  std::string Hash(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) override {
    return boringssl::DigestSupported(*lib_, alg)
               ? boringssl::HashOneShot(*lib_, alg, message, digest)
               : kNotOffered;
  }
  std::string Mac(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                  Bytes* tag) override {
    return boringssl::MacSupported(*lib_, alg) ? boringssl::MacOneShot(lib_, alg, key, message, tag)
                                               : kNotOffered;
  }
  std::string Verify(const AlgorithmInfo& alg, const KatVector& vector, bool tamper,
                     bool* valid) override {
    return alg.kind == AlgorithmKind::kSignature
               ? boringssl::VerifyKat(*lib_, alg, vector, tamper, valid)
               : kNotOffered;
  }
  std::string Sign(const AlgorithmInfo& alg, const KatVector& vector, Bytes* signature) override {
    return alg.kind == AlgorithmKind::kSignature ? boringssl::SignKat(*lib_, alg, vector, signature)
                                                 : kNotOffered;
  }
  std::string SignRoundTrip(const AlgorithmInfo& alg) override {
    return alg.kind == AlgorithmKind::kSignature ? boringssl::SignRoundTrip(lib_, alg)
                                                 : kNotOffered;
  }
  std::string Derive(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret) override {
    return alg.kind == AlgorithmKind::kKeyAgreement
               ? boringssl::DeriveKat(*lib_, alg, vector, secret)
               : kNotOffered;
  }

 private:
  LibPtr lib_;
};

std::string VersionString(const boringssl::Libcrypto& lib, int which) {
  const char* text = lib.OpenSSL_version(which);
  return text != nullptr ? text : "";
}

// Real path of the object defining OpenSSL_version (the default path is a symlink).
std::string LoadedPath(const boringssl::Libcrypto& lib) {
  std::string path = SharedObjectPathOf(lib.OpenSSL_version);
  return path.empty() ? lib.requested_path : path;
}

bool IsAesBased(const AlgorithmInfo& alg) { return alg.primitive == AlgorithmPrimitive::kAes; }

class BoringsslBackend : public LibraryBackend {
 public:
  BoringsslBackend(LibPtr lib, openssl::LibcryptoPtr evp_view)
      : LibraryBackend("BoringSSL has no "),
        lib_(std::move(lib)),
        evp_view_(std::move(evp_view)),
        one_shot_(lib_) {}

  results::LibraryInfo Identity() const override {
    const boringssl::Libcrypto& lib = *lib_;
    results::LibraryInfo info;
    info.backend = "boringssl";
    info.requested_path = lib.requested_path;
    info.loaded_path = LoadedPath(lib);
    info.version = VersionString(lib, boringssl::kOpensslVersion);  // "BoringSSL"
    info.version_num = lib.OpenSSL_version_num();  // the OpenSSL API level it mimics
    info.cflags = VersionString(lib, boringssl::kOpensslCflags);
    info.built_on = VersionString(lib, boringssl::kOpensslBuiltOn);
    info.platform = VersionString(lib, boringssl::kOpensslPlatform);
    // What BoringSSL says about its code paths: no capability vector is exported.
    std::string options = "AES hardware: ";
    options += lib.EVP_has_aes_hardware() == 1 ? "yes" : "no";
    options += " (EVP_has_aes_hardware)";
    if (lib.CRYPTO_has_asm != nullptr) {
      options += lib.CRYPTO_has_asm() == 1 ? "; assembly: yes" : "; assembly: no";
      options += " (CRYPTO_has_asm)";
    }
    if (lib.FIPS_module_name != nullptr && lib.FIPS_version != nullptr) {
      const char* module = lib.FIPS_module_name();
      options += "; FIPS module: ";
      options += module != nullptr ? module : "(none)";
      options += ' ';  // two appends: GCC 12 misreports "x" + to_string() (-Wrestrict)
      options += std::to_string(lib.FIPS_version());
    }
    info.options = options;
    return info;
  }

  KatTarget* OneShot() override { return &one_shot_; }

  std::string Implementation(const AlgorithmInfo& alg) override {
    if (!IsAesBased(alg)) {
      return "";
    }
    return lib_->EVP_has_aes_hardware() == 1 ? "hardware AES (EVP_has_aes_hardware)"
                                             : "no hardware AES (EVP_has_aes_hardware() = 0)";
  }

 protected:
  bool Offers(const AlgorithmInfo& alg) override {
    switch (alg.kind) {
      case AlgorithmKind::kCipher:
        return boringssl::CipherSupported(*lib_, alg);
      case AlgorithmKind::kAead:
        return boringssl::AeadSupported(*lib_, alg);
      case AlgorithmKind::kHash:
        return boringssl::DigestSupported(*lib_, alg);
      case AlgorithmKind::kMac:
        return boringssl::MacSupported(*lib_, alg);
      case AlgorithmKind::kSignature:
        return boringssl::SignatureSupported(*lib_, alg);
      case AlgorithmKind::kKeyAgreement:
        return boringssl::KeyAgreementSupported(*lib_, alg);
    }
    return false;
  }

  std::unique_ptr<PreparedOperation> PrepareOffered(const AlgorithmInfo& alg, Operation op,
                                                    size_t input_len, PrepareFailure* failure,
                                                    std::string* error) override {
    switch (alg.kind) {
      case AlgorithmKind::kCipher:
        // EVP_CIPHER behaves as OpenSSL's, so the very code that times OpenSSL times it.
        return alg.primitive == AlgorithmPrimitive::kChaCha20
                   ? boringssl::PrepareChaCha20(lib_, alg, op, input_len, failure, error)
                   : openssl::PrepareCipher(evp_view_, alg, op, input_len, failure, error);
      case AlgorithmKind::kAead:
        return boringssl::PrepareAead(lib_, alg, op, input_len, failure, error);
      case AlgorithmKind::kHash:
        return openssl::PrepareDigest(evp_view_, alg, op, input_len, failure, error);
      case AlgorithmKind::kMac:
        return boringssl::PrepareMac(lib_, alg, op, input_len, failure, error);
      case AlgorithmKind::kSignature:
        return boringssl::PrepareSignature(lib_, alg, op, failure, error);
      case AlgorithmKind::kKeyAgreement:
        return boringssl::PrepareKeyAgreement(lib_, alg, op, failure, error);
    }
    return nullptr;
  }

  // BoringSSL's error queue is thread-local: leave nothing in it for the next call.
  void DiscardLibraryErrors() override { lib_->ERR_clear_error(); }

 private:
  LibPtr lib_;
  // The same library seen through OpenSSL's table, for the families whose API and ABI match
  // OpenSSL 1.1.1's (EVP_CIPHER, EVP_MD: same prototypes in both), so openssl::PrepareCipher
  // and openssl::PrepareDigest time BoringSSL exactly as they time OpenSSL.
  openssl::LibcryptoPtr evp_view_;
  BoringsslKatTarget one_shot_;
};

}  // namespace

std::unique_ptr<Backend> OpenBoringsslBackend(const std::string& library_path) {
  const std::string path = library_path.empty() ? boringssl::FindDefaultLibrary() : library_path;
  LibPtr lib = boringssl::LoadBoringssl(path);
  // The same handle, viewed through OpenSSL's table.
  openssl::LibcryptoPtr evp_view = openssl::ResolveLibcrypto(lib->handle, path);
  return std::make_unique<BoringsslBackend>(std::move(lib), std::move(evp_view));
}

}  // namespace cryptobench::backends
