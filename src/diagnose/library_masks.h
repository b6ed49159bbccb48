// Each crypto library's own switch for its CPU-specific code paths, as doctor's mask experiments
// for backends other than OpenSSL (whose per-bit experiments live in verdict_paths.h). The
// settings are environment variables a worker gets from process start; where a library has no
// such switch there are no experiments, and the registry's mask note says why.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::diagnose {

/// What a library mask switches off.
enum class MaskScope {
  /// The dedicated crypto instructions: AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ, SHA-NI. SIMD code
  /// (SSSE3, AVX, AVX2, AVX-512) stays available, so a slowdown proves the instruction path.
  kCryptoInstructions,
  /// Every CPU-specific path the library can switch off (SIMD too): its portable code.
  kAllCpuSpecific,
};

/// One mask experiment of a library.
struct LibraryMask {
  MaskScope scope = MaskScope::kAllCpuSpecific;
  /// For reports: "crypto instructions masked" or "all CPU features masked".
  std::string label;
  /// What the switch keeps and clears in this library, e.g. "GnuTLS keeps SSSE3 and AVX only".
  std::string detail;
  /// Environment variables set in the worker, e.g. {"GNUTLS_CPUID_OVERRIDE", "0x14"}.
  std::map<std::string, std::string> env;
};

/// The mask experiments doctor runs for `backend` (registry name, lower case), crypto
/// instructions first; a library whose one switch masks everything has one entry; empty when
/// the library has no switch (sodium, cryptopp, mbedtls, wolfssl, afalg), for "openssl" (its
/// doctor plans per-bit experiments itself) and for unknown names. Sources of each value:
/// BoringSSL crypto/fipsmodule/cpucap/cpu_intel.c (OPENSSL_ia32cap, OpenSSL's bit layout),
/// Botan 2 src/lib/utils/cpuid/cpuid.cpp (feature names), GnuTLS lib/accelerated/x86/
/// x86-common.c (GNUTLS_CPUID_OVERRIDE bits), Nettle fat-x86_64.c (NETTLE_FAT_OVERRIDE),
/// libgcrypt src/hwfeatures.c (hwflist names, "all").
std::vector<LibraryMask> LibraryMasks(std::string_view backend);

/// "NAME=VALUE NAME2=VALUE2" for a mask's environment (an empty value prints as NAME=).
std::string FormatMaskEnv(const std::map<std::string, std::string>& env);

}  // namespace cryptobench::diagnose
