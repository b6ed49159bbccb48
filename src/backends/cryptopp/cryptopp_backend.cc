// The Crypto++ backend: a LibraryBackend over the family files' bindings (cryptopp_internal.h).
#include "backends/cryptopp/cryptopp_backend.h"

#include <string>
#include <utility>
#include <vector>

#include <crypto++/cpu.h>
#include <crypto++/cryptlib.h>

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
      : LibraryBackend(
            "Crypto++ offers no ",
            MergeBindings({CipherBinding(), AeadBinding(), HashMacBinding(), PublicKeyBinding()})) {
  }

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
};

}  // namespace
}  // namespace cryptopp

std::unique_ptr<Backend> OpenCryptoppBackend(const std::string& library_path) {
  (void)library_path;  // linked at build time
  return std::make_unique<cryptopp::CryptoppBackend>();
}

}  // namespace cryptobench::backends
