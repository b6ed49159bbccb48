// The table of compiled-in backends (registry.h). Each optional backend adds one entry behind
// its CRYPTOBENCH_HAVE_<NAME> definition.
#include "backends/registry.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "backends/openssl/openssl_backend.h"
#ifdef CRYPTOBENCH_HAVE_AFALG
#include "backends/afalg/afalg_backend.h"
#endif
#ifdef CRYPTOBENCH_HAVE_BORINGSSL
#include "backends/boringssl/boringssl_backend.h"
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
#ifdef CRYPTOBENCH_HAVE_AFALG
      {"afalg", "Linux kernel crypto API through AF_ALG sockets (skcipher, aead, hash)", false,
       &OpenAfalgBackend, "",
       "none from user space: the kernel serves each algorithm with its highest-priority driver "
       "(/proc/crypto); only unloading a driver's module (e.g. aesni_intel, as root) changes it"},
#endif
#ifdef CRYPTOBENCH_HAVE_BORINGSSL
      {"boringssl",
       "BoringSSL libcrypto (android-libboringssl), loaded by path (--lib; default "
       "/usr/lib/<multiarch>/android/libcrypto.so)",
       true, &OpenBoringsslBackend, "OPENSSL_ia32cap",
       "read once at library initialisation (BoringSSL crypto/fipsmodule/cpucap/cpu_intel.c): "
       "\"A[:B]\", two 64-bit values (0x for hex) for CPUID words 0-1 and 2-3, each replacing "
       "them or, with a leading ~, clearing the given bits, e.g. ~0x200000000000000 clears "
       "AES-NI (bit 57); x86 only (BoringSSL has no OPENSSL_armcap)"},
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
