// The Mbed TLS backend (mbedtls_backend.h): Backend over libmbedcrypto's own APIs.
#include "backends/mbedtls/mbedtls_backend.h"

#include <mbedtls/version.h>

#include "backends/common/library_backend.h"
#include "backends/common/library_identity.h"
#include "backends/mbedtls/mbedtls_aead.h"
#include "backends/mbedtls/mbedtls_cipher.h"
#include "backends/mbedtls/mbedtls_hash_mac.h"
#include "backends/mbedtls/mbedtls_key_agreement.h"
#include "backends/mbedtls/mbedtls_signature.h"

namespace cryptobench::backends {

const std::string_view kMbedtlsBackendDescription =
    "Mbed TLS " MBEDTLS_VERSION_STRING " (libmbedcrypto, linked at build time)";

namespace {

// One-shot operations for the KAT driver and the cross-backend comparison.
class MbedtlsKatTarget : public KatTarget {
 public:
  std::string Cipher(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                     const Bytes& input, Bytes* output) override {
    return mbedtls::CipherOneShot(alg, decrypt, key, iv, input, output);
  }
  std::string Seal(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce, const Bytes& aad,
                   const Bytes& plaintext, size_t tag_len, Bytes* ciphertext, Bytes* tag) override {
    return mbedtls::SealOneShot(alg, key, nonce, aad, plaintext, tag_len, ciphertext, tag);
  }
  std::string Open(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce, const Bytes& aad,
                   const Bytes& ciphertext, const Bytes& tag, Bytes* plaintext,
                   bool* authentic) override {
    return mbedtls::OpenOneShot(alg, key, nonce, aad, ciphertext, tag, plaintext, authentic);
  }
  std::string Hash(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) override {
    return mbedtls::HashOneShot(alg, message, digest);
  }
  std::string Mac(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                  Bytes* tag) override {
    return mbedtls::MacOneShot(alg, key, message, tag);
  }
  std::string Verify(const AlgorithmInfo& alg, const KatVector& vector, bool tamper,
                     bool* valid) override {
    return mbedtls::VerifyKat(alg, vector, tamper, valid);
  }
  // Sign() keeps the default: RSA and ECDSA vectors here are not reproducible by signing
  // (KatVector::deterministic), and Mbed TLS 2.x has no Ed25519.
  std::string SignRoundTrip(const AlgorithmInfo& alg, bool corrupt) override {
    return mbedtls::SignRoundTripCheck(alg, corrupt);
  }
  std::string Derive(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret) override {
    return mbedtls::DeriveKat(alg, vector, secret);
  }
};

class MbedtlsBackend : public LibraryBackend {
 public:
  MbedtlsBackend()
      : LibraryBackend("Mbed TLS offers no ", {.cipher = &mbedtls::CipherSupported,
                                               .aead = &mbedtls::AeadSupported,
                                               .hash = &mbedtls::HashMacSupported,
                                               .mac = &mbedtls::HashMacSupported,
                                               .signature = &mbedtls::SignatureSupported,
                                               .key_agreement = &mbedtls::KeyAgreementSupported}) {}

  results::LibraryInfo Identity() const override {
    results::LibraryInfo info;
    info.backend = "mbedtls";
    char version[32] = {};  // mbedtls_version_get_string_full needs 18 bytes (version.h)
    mbedtls_version_get_string_full(version);
    info.version = version;
    info.version_num = mbedtls_version_get_number();
    info.loaded_path = SharedObjectPathOf(&mbedtls_version_get_string_full);
    return info;
  }

  KatTarget* OneShot() override { return &one_shot_; }

  std::string Implementation(const AlgorithmInfo& alg) override {
    return mbedtls::AesImplementation(alg);
  }

 protected:
  std::unique_ptr<PreparedOperation> PrepareOffered(const AlgorithmInfo& alg, Operation op,
                                                    size_t input_len, bool corrupt,
                                                    PrepareFailure* failure,
                                                    std::string* error) override {
    switch (alg.kind) {
      case AlgorithmKind::kCipher:
        return mbedtls::PrepareCipher(alg, op, input_len, corrupt, failure, error);
      case AlgorithmKind::kAead:
        return mbedtls::PrepareAead(alg, op, input_len, corrupt, failure, error);
      case AlgorithmKind::kHash:
        return mbedtls::PrepareHash(alg, op, input_len, corrupt, failure, error);
      case AlgorithmKind::kMac:
        return mbedtls::PrepareMac(alg, op, input_len, corrupt, failure, error);
      case AlgorithmKind::kSignature:
        return mbedtls::PrepareSignature(alg, op, corrupt, failure, error);
      case AlgorithmKind::kKeyAgreement:
        return mbedtls::PrepareKeyAgreement(alg, op, corrupt, failure, error);
    }
    return nullptr;
  }

 private:
  MbedtlsKatTarget one_shot_;
};

}  // namespace

std::unique_ptr<Backend> OpenMbedtlsBackend(const std::string& library_path) {
  (void)library_path;  // linked at build time
  return std::make_unique<MbedtlsBackend>();
}

}  // namespace cryptobench::backends
