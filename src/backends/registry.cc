// The table of compiled-in backends (registry.h). Each optional backend adds one entry behind
// its CRYPTOBENCH_HAVE_<NAME> definition.
#include "backends/registry.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "backends/openssl/openssl_backend.h"

#ifdef CRYPTOBENCH_HAVE_MBEDTLS
#include "backends/mbedtls/mbedtls_backend.h"
#endif
#ifdef CRYPTOBENCH_HAVE_WOLFSSL
#include "backends/wolfssl/wolfssl_backend.h"
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
#ifdef CRYPTOBENCH_HAVE_MBEDTLS
      {"mbedtls", kMbedtlsBackendDescription, false, &OpenMbedtlsBackend, "",
       "Mbed TLS 2.x probes AES-NI and PCLMULQDQ with CPUID at run time and has no switch to "
       "disable them (only a build without MBEDTLS_AESNI_C does)"},
#endif
#ifdef CRYPTOBENCH_HAVE_WOLFSSL
      {"wolfssl", kWolfsslBackendDescription, false, &OpenWolfsslBackend, "",
       "wolfSSL reads no environment variable; x86-64 builds with AES-NI or assembly "
       "(WOLFSSL_AESNI, USE_INTEL_SPEEDUP) pick their code by CPUID, changeable only through "
       "its cpuid_select_flags() API"},
#endif
      // Optional backends: one entry each, in alphabetical order of name, e.g.
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
