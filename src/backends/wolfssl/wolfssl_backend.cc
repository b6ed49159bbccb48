// The wolfSSL backend (wolfssl_backend.h): Backend over wolfCrypt's native API.
#include "backends/wolfssl/wolfssl_backend.h"

#include <wolfssl/options.h>
#include <wolfssl/ssl.h>
#include <wolfssl/version.h>
#include <wolfssl/wolfcrypt/wc_port.h>

#include "backends/common/function_kat_target.h"
#include "backends/common/library_backend.h"
#include "backends/common/library_identity.h"
#include "backends/wolfssl/wolfssl_aead.h"
#include "backends/wolfssl/wolfssl_cipher.h"
#include "backends/wolfssl/wolfssl_hash.h"
#include "backends/wolfssl/wolfssl_key_agreement.h"
#include "backends/wolfssl/wolfssl_mac.h"
#include "backends/wolfssl/wolfssl_signature.h"
#include "backends/wolfssl/wolfssl_util.h"
#include "core/errors.h"

namespace cryptobench::backends {

const std::string_view kWolfsslBackendDescription =
    "wolfSSL " LIBWOLFSSL_VERSION_STRING " (wolfCrypt API, linked at build time)";

namespace {

class WolfsslBackend : public LibraryBackend {
 public:
  WolfsslBackend()
      : LibraryBackend("wolfSSL offers no ",
                       {.cipher = &wolfssl::CipherSupported,
                        .aead = &wolfssl::AeadSupported,
                        .hash = &wolfssl::HashSupported,
                        .mac = &wolfssl::MacSupported,
                        .signature = &wolfssl::SignatureSupported,
                        .key_agreement = &wolfssl::KeyAgreementSupported},
                       {.cipher = wolfssl::CipherBinding().prepare,
                        .aead = wolfssl::AeadBinding().prepare,
                        .hash = wolfssl::HashBinding().prepare_hash,
                        .mac = wolfssl::MacBinding().prepare_mac,
                        .signature = wolfssl::SignatureBinding().prepare,
                        .key_agreement = wolfssl::KeyAgreementBinding().prepare},
                       MergeOneShots({{.cipher = wolfssl::CipherBinding().cipher},
                                      wolfssl::AeadBinding().OneShots(),
                                      wolfssl::HashBinding().OneShots(),
                                      wolfssl::MacBinding().OneShots(),
                                      wolfssl::SignatureBinding().OneShots(),
                                      wolfssl::KeyAgreementBinding().OneShots()})) {}

  results::LibraryInfo Identity() const override {
    results::LibraryInfo info;
    info.backend = "wolfssl";
    info.version = std::string("wolfSSL ") + wolfSSL_lib_version();
    info.version_num = wolfSSL_lib_version_hex();
    info.loaded_path = SharedObjectPathOf(&wolfSSL_lib_version);
    return info;
  }

  std::string Implementation(const AlgorithmInfo& alg) override {
    return IsSymmetric(alg.kind) && Supports(alg) ? wolfssl::BuildImplementation(alg) : "";
  }
};

}  // namespace

std::unique_ptr<Backend> OpenWolfsslBackend(const std::string& library_path) {
  (void)library_path;  // linked at build time
  // Idempotent: wolfCrypt counts its initialisations.
  if (const int ret = wolfCrypt_Init(); ret != 0) {
    throw UsageError("wolfSSL: " + wolfssl::WolfError("wolfCrypt_Init", ret));
  }
  return std::make_unique<WolfsslBackend>();
}

}  // namespace cryptobench::backends
