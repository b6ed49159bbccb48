// The Crypto++ backend: Backend and KatTarget over the family files (cryptopp_internal.h).
#include "backends/cryptopp/cryptopp_backend.h"

#include <string>
#include <utility>
#include <vector>

#include <crypto++/cpu.h>
#include <crypto++/cryptlib.h>

#include "backends/common/function_kat_target.h"
#include "backends/common/library_backend.h"
#include "backends/common/library_identity.h"
#include "backends/cryptopp/cryptopp_internal.h"

namespace cryptobench::backends {
namespace cryptopp {

std::string CpuFeatures() {
  std::vector<std::pair<const char*, bool>> features;
#if defined(__x86_64__) || defined(__i386__)
  features = {{"sse2", CryptoPP::HasSSE2()},     {"ssse3", CryptoPP::HasSSSE3()},
              {"sse4.1", CryptoPP::HasSSE41()},  {"sse4.2", CryptoPP::HasSSE42()},
              {"aesni", CryptoPP::HasAESNI()},   {"clmul", CryptoPP::HasCLMUL()},
              {"sha", CryptoPP::HasSHA()},       {"avx", CryptoPP::HasAVX()},
              {"avx2", CryptoPP::HasAVX2()},     {"adx", CryptoPP::HasADX()},
              {"rdrand", CryptoPP::HasRDRAND()}, {"rdseed", CryptoPP::HasRDSEED()}};
#elif defined(__aarch64__)
  features = {{"neon", CryptoPP::HasNEON()},   {"aes", CryptoPP::HasAES()},
              {"pmull", CryptoPP::HasPMULL()}, {"sha1", CryptoPP::HasSHA1()},
              {"sha2", CryptoPP::HasSHA2()},   {"sha512", CryptoPP::HasSHA512()},
              {"sha3", CryptoPP::HasSHA3()}};
#endif
  std::string text;
  for (const auto& [name, present] : features) {
    if (present) {
      text += text.empty() ? "" : " ";
      text += name;
    }
  }
  return text;
}

namespace {

class CryptoppBackend : public LibraryBackend {
 public:
  CryptoppBackend()
      : LibraryBackend("Crypto++ offers no ",
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
    info.backend = "cryptopp";
    // LibraryVersion() is the run-time library's (cryptlib.h): 870 for 8.7.0.
    const int version = CryptoPP::LibraryVersion();
    info.version = "Crypto++ " + std::to_string(version / 100) + "." +
                   std::to_string(version / 10 % 10) + "." + std::to_string(version % 10);
    info.version_num = static_cast<uint64_t>(version);
    info.loaded_path = SharedObjectPathOf(&CryptoPP::LibraryVersion);
    info.capability_vector = CpuFeatures();
    return info;
  }

  KatTarget* OneShot() override { return &one_shot_; }

  std::string Implementation(const AlgorithmInfo& alg) override {
    if (!Supports(alg)) {
      return "";
    }
    switch (alg.kind) {
      case AlgorithmKind::kCipher:
        return CipherImplementation(alg);
      case AlgorithmKind::kAead:
        return AeadImplementation(alg);
      case AlgorithmKind::kHash:
      case AlgorithmKind::kMac:
        return HashMacImplementation(alg);
      case AlgorithmKind::kSignature:
      case AlgorithmKind::kKeyAgreement:
        break;  // Crypto++'s public-key objects report no provider
    }
    return "";
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
}  // namespace cryptopp

std::unique_ptr<Backend> OpenCryptoppBackend(const std::string& library_path) {
  (void)library_path;  // linked at build time
  return std::make_unique<cryptopp::CryptoppBackend>();
}

}  // namespace cryptobench::backends
