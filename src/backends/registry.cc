// The table of compiled-in backends (registry.h). Each optional backend adds one entry behind
// its CRYPTOBENCH_HAVE_<NAME> definition.
#include "backends/registry.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "backends/openssl/openssl_backend.h"

#ifdef CRYPTOBENCH_HAVE_BOTAN
#include "backends/botan/botan_backend.h"
#endif
#ifdef CRYPTOBENCH_HAVE_CRYPTOPP
#include "backends/cryptopp/cryptopp_backend.h"
#endif

namespace cryptobench::backends {
namespace {

std::unique_ptr<Backend> OpenOpenssl(const std::string& path) {
  return OpenOpensslBackend(path.empty() ? kDefaultLibcrypto : path);
}

const std::vector<BackendDescriptor>& Table() {
  static const std::vector<BackendDescriptor> table = {
      {"openssl", "OpenSSL libcrypto, any build, loaded by path (--lib)", true, &OpenOpenssl,
       "OPENSSL_ia32cap",
       "capability-vector words ANDed (~bits) or replaced at library initialisation "
       "(OpenSSL's crypto/cpuid.c; on Arm OPENSSL_armcap)"},
  // Optional backends: one entry each, in alphabetical order of name.
#ifdef CRYPTOBENCH_HAVE_BOTAN
      {"botan", "Botan 2 (libbotan-2), linked at build time; reports each algorithm's provider",
       false, &OpenBotanBackend, "BOTAN_CLEAR_CPUID",
       "comma-separated CPU features whose code paths Botan must not use, named as `botan cpuid` "
       "prints them (aes_ni,avx2,clmul,intel_sha,ssse3,...); Botan 2 does not read the variable "
       "itself (Botan 3 does), so the botan backend applies it at start through "
       "Botan::CPUID::clear_cpuid_bit, the call behind `botan speed --clear-cpuid`"},
#endif
#ifdef CRYPTOBENCH_HAVE_CRYPTOPP
      {"cryptopp", "Crypto++ (libcrypto++), linked at build time; reports AlgorithmProvider()",
       false, &OpenCryptoppBackend, "",
       "Crypto++ detects CPU features once at start (cpu.cpp) and has no environment variable "
       "or run-time switch to disable them; only a rebuild with CRYPTOPP_DISABLE_ASM does"},
#endif
      // e.g.
      // #ifdef CRYPTOBENCH_HAVE_SODIUM
      //       {"sodium", "libsodium " SODIUM_VERSION_STRING, false, &OpenSodiumBackend, "",
      //        "libsodium picks its code path at run time and has no switch to disable it"},
      // #endif
  };
  return table;
}

bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  });
}

}  // namespace

std::span<const BackendDescriptor> CompiledBackends() { return Table(); }

const BackendDescriptor* FindBackend(std::string_view name) {
  for (const BackendDescriptor& backend : Table()) {
    if (EqualsIgnoringCase(backend.name, name)) {
      return &backend;
    }
  }
  return nullptr;
}

}  // namespace cryptobench::backends
