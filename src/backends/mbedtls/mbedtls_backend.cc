// The Mbed TLS backend (mbedtls_backend.h): Backend over libmbedcrypto's own APIs.
#include "backends/mbedtls/mbedtls_backend.h"

#include <mbedtls/version.h>

#include "backends/common/function_kat_target.h"
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

class MbedtlsBackend : public LibraryBackend {
 public:
  // No sign one-shot: RSA and ECDSA vectors here are not reproducible by signing
  // (KatVector::deterministic), and Mbed TLS 2.x has no Ed25519.
  MbedtlsBackend()
      : LibraryBackend("Mbed TLS offers no ",
                       {.cipher = &mbedtls::CipherSupported,
                        .aead = &mbedtls::AeadSupported,
                        .hash = &mbedtls::HashMacSupported,
                        .mac = &mbedtls::HashMacSupported,
                        .signature = &mbedtls::SignatureSupported,
                        .key_agreement = &mbedtls::KeyAgreementSupported},
                       {.cipher = mbedtls::CipherBinding().prepare,
                        .aead = mbedtls::AeadBinding().prepare,
                        .hash = mbedtls::HashBinding().prepare_hash,
                        .mac = mbedtls::MacBinding().prepare_mac,
                        .signature = mbedtls::SignatureBinding().prepare,
                        .key_agreement = mbedtls::KeyAgreementBinding().prepare},
                       MergeOneShots({{.cipher = mbedtls::CipherBinding().cipher},
                                      mbedtls::AeadBinding().OneShots(),
                                      mbedtls::HashBinding().OneShots(),
                                      mbedtls::MacBinding().OneShots(),
                                      mbedtls::SignatureBinding().OneShots(),
                                      mbedtls::KeyAgreementBinding().OneShots()})) {}

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

  std::string Implementation(const AlgorithmInfo& alg) override {
    return mbedtls::AesImplementation(alg);
  }
};

}  // namespace

std::unique_ptr<Backend> OpenMbedtlsBackend(const std::string& library_path) {
  (void)library_path;  // linked at build time
  return std::make_unique<MbedtlsBackend>();
}

}  // namespace cryptobench::backends
