// The Botan backend: Backend and KatTarget over the family files (botan_internal.h).
#include "backends/botan/botan_backend.h"

#include <cstdlib>
#include <string>

#include <botan/version.h>

#include "backends/botan/botan_internal.h"
#include "backends/common/function_kat_target.h"
#include "backends/common/library_backend.h"
#include "backends/common/library_identity.h"
#include "core/errors.h"

namespace cryptobench::backends {
namespace botan {

namespace {

class BotanBackend : public LibraryBackend {
 public:
  BotanBackend()
      : LibraryBackend("Botan offers no ",
                       {.cipher = &CipherSupported,
                        .aead = &AeadSupported,
                        .hash = &HashSupported,
                        .mac = &MacSupported,
                        .signature = &PublicKeySupported,
                        .key_agreement = &PublicKeySupported},
                       {.cipher = &PrepareCipher,
                        .aead = &PrepareAead,
                        .hash = &PrepareHash,
                        .mac = &PrepareMac,
                        .signature = &PreparePublicKey,
                        .key_agreement = &PreparePublicKey}) {}

  results::LibraryInfo Identity() const override {
    results::LibraryInfo info;
    info.backend = "botan";
    info.version = Botan::version_string();
    // Botan's own version code (BOTAN_VERSION_CODE_FOR in build.h): major << 16 | minor << 8
    // | patch, read from the library at run time.
    info.version_num = uint64_t{Botan::version_major()} << 16 |
                       uint64_t{Botan::version_minor()} << 8 | uint64_t{Botan::version_patch()};
    info.loaded_path = SharedObjectPathOf(&Botan::version_cstr);
    info.capability_vector = CpuFeatures();
    return info;
  }

  KatTarget* OneShot() override { return &one_shot_; }

  std::string Implementation(const AlgorithmInfo& alg) override {
    if (!Supports(alg)) {
      return "";
    }
    std::string text;
    Guarded("", [&] {
      switch (alg.kind) {
        case AlgorithmKind::kCipher:
          text = CipherImplementation(alg);
          break;
        case AlgorithmKind::kAead:
          text = AeadImplementation(alg);
          break;
        case AlgorithmKind::kHash:
        case AlgorithmKind::kMac:
          text = HashMacImplementation(alg);
          break;
        case AlgorithmKind::kSignature:
        case AlgorithmKind::kKeyAgreement:
          break;  // Botan's public-key code has one ("base") implementation per algorithm
      }
      return std::string();
    });
    return text;
  }

 private:
  // One-shot operations for the KAT driver and the cross-backend comparison.
  FunctionKatTarget one_shot_{{.cipher = &CipherOneShot,
                               .seal = &AeadSeal,
                               .open = &AeadOpen,
                               .hash = &HashOneShot,
                               .mac = &MacOneShot,
                               .verify = &VerifyVector,
                               .sign = &SignVector,
                               .sign_round_trip = &SignRoundTrip,
                               .derive = &DeriveVector}};
};

}  // namespace
}  // namespace botan

std::unique_ptr<Backend> OpenBotanBackend(const std::string& library_path) {
  (void)library_path;  // linked at build time
  if (const char* mask = std::getenv("BOTAN_CLEAR_CPUID"); mask != nullptr) {
    if (std::string error = ApplyBotanClearCpuid(mask); !error.empty()) {
      throw UsageError(error);
    }
  }
  return std::make_unique<botan::BotanBackend>();
}

}  // namespace cryptobench::backends
