// The table of compiled-in backends (registry.h). Each optional backend adds one entry behind
// its CRYPTOBENCH_HAVE_<NAME> definition.
#include "backends/registry.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "backends/openssl/openssl_backend.h"
#ifdef CRYPTOBENCH_HAVE_SODIUM
#include "backends/sodium/sodium_backend.h"
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
#ifdef CRYPTOBENCH_HAVE_SODIUM
      {"sodium", "libsodium, linked at build time (its crypto_aead, crypto_hash, crypto_sign APIs)",
       false, &OpenSodiumBackend, "",
       "none: libsodium picks its code paths from the CPU features sodium_init() detects and "
       "offers no variable or call to disable them"},
#endif
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
