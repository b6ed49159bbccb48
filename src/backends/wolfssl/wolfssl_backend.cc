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
      : LibraryBackend("wolfSSL offers no ", {.cipher = &wolfssl::CipherSupported,
                                              .aead = &wolfssl::AeadSupported,
                                              .hash = &wolfssl::HashSupported,
                                              .mac = &wolfssl::MacSupported,
                                              .signature = &wolfssl::SignatureSupported,
                                              .key_agreement = &wolfssl::KeyAgreementSupported}) {}

  results::LibraryInfo Identity() const override {
    results::LibraryInfo info;
    info.backend = "wolfssl";
    info.version = std::string("wolfSSL ") + wolfSSL_lib_version();
    info.version_num = wolfSSL_lib_version_hex();
    info.loaded_path = SharedObjectPathOf(&wolfSSL_lib_version);
    return info;
  }

  KatTarget* OneShot() override { return &one_shot_; }

  std::string Implementation(const AlgorithmInfo& alg) override {
    return IsSymmetric(alg.kind) && Supports(alg) ? wolfssl::BuildImplementation(alg) : "";
  }

 protected:
  std::unique_ptr<PreparedOperation> PrepareOffered(const AlgorithmInfo& alg, Operation op,
                                                    size_t input_len, bool corrupt,
                                                    PrepareFailure* failure,
                                                    std::string* error) override {
    switch (alg.kind) {
      case AlgorithmKind::kCipher:
        return wolfssl::PrepareCipher(alg, op, input_len, corrupt, failure, error);
      case AlgorithmKind::kAead:
        return wolfssl::PrepareAead(alg, op, input_len, corrupt, failure, error);
      case AlgorithmKind::kHash:
        return wolfssl::PrepareHash(alg, op, input_len, corrupt, failure, error);
      case AlgorithmKind::kMac:
        return wolfssl::PrepareMac(alg, op, input_len, corrupt, failure, error);
      case AlgorithmKind::kSignature:
        return wolfssl::PrepareSignature(alg, op, corrupt, failure, error);
      case AlgorithmKind::kKeyAgreement:
        return wolfssl::PrepareKeyAgreement(alg, op, corrupt, failure, error);
    }
    return nullptr;
  }

 private:
  // One-shot operations for the KAT driver and the cross-backend comparison.
  FunctionKatTarget one_shot_{{.cipher = &wolfssl::CipherOneShot,
                               .seal = &wolfssl::SealOneShot,
                               .open = &wolfssl::OpenOneShot,
                               .hash = &wolfssl::HashOneShot,
                               .mac = &wolfssl::MacOneShot,
                               .verify = &wolfssl::VerifyKat,
                               .sign = &wolfssl::SignKat,
                               .sign_round_trip = &wolfssl::SignRoundTripCheck,
                               .derive = &wolfssl::DeriveKat}};
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
