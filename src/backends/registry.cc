// The table of compiled-in backends (registry.h). Each optional backend adds one entry behind
// its CRYPTOBENCH_HAVE_<NAME> definition.
#include "backends/registry.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "backends/openssl/openssl_backend.h"
#ifdef CRYPTOBENCH_HAVE_GCRYPT
#include <gcrypt.h>

#include "backends/gcrypt/gcrypt_backend.h"
#endif
#ifdef CRYPTOBENCH_HAVE_GNUTLS
#include <gnutls/gnutls.h>

#include "backends/gnutls/gnutls_backend.h"
#endif
#ifdef CRYPTOBENCH_HAVE_NETTLE
#include "backends/nettle/nettle_backend.h"
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
#ifdef CRYPTOBENCH_HAVE_GCRYPT
      {"gcrypt", "libgcrypt " GCRYPT_VERSION " (gcry_cipher, gcry_md, gcry_mac, gcry_pk)", false,
       &OpenGcryptBackend, kGcryptDisableHwfVariable,
       "libgcrypt reads no environment variable; its own switches are /etc/gcrypt/hwf.deny "
       "(system-wide) and gcry_control(GCRYCTL_DISABLE_HWF). This variable is cryptobench's: a "
       "comma-separated list of hwflist names (intel-aesni, intel-pclmul, intel-avx2, "
       "intel-shaext, ..., or all) passed to GCRYCTL_DISABLE_HWF before initialisation"},
#endif
#ifdef CRYPTOBENCH_HAVE_GNUTLS
      {"gnutls", "GnuTLS " GNUTLS_VERSION " crypto API (gnutls/crypto.h, abstract keys)", false,
       &OpenGnutlsBackend, "GNUTLS_CPUID_OVERRIDE",
       "x86 only; read once at library load: a non-zero value replaces CPUID detection with the "
       "listed features, where the CPU has them (0x1 none: generic code; 0x2 AES-NI, 0x4 SSSE3, "
       "0x8 PCLMUL, 0x10 AVX, 0x20 SHA-NI; 0x100000-0x400000 VIA PadLock); "
       "lib/accelerated/x86/x86-common.c. Algorithms GnuTLS does not accelerate itself run in "
       "Nettle, which follows NETTLE_FAT_OVERRIDE instead"},
#endif
#ifdef CRYPTOBENCH_HAVE_NETTLE
      {"nettle", "Nettle and Hogweed (nettle/*.h; Hogweed on GMP), linked at build time", false,
       &OpenNettleBackend, "NETTLE_FAT_OVERRIDE",
       "x86-64 fat builds (Debian's is one); read once at library load: set, it replaces CPUID "
       "detection with a comma-separated list of features to use: aesni, pclmul, sha_ni, "
       "vendor:intel|amd; empty uses none (plain x86-64 and C code); fat-x86_64.c"},
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
