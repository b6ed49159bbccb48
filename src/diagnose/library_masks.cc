// Library mask experiments (library_masks.h). Each value was checked on an x86-64 machine with
// AES-NI, VAES, SHA-NI and AVX-512: crypto-instruction masks slow AES-GCM and SHA-256, the
// all-CPU masks slow ChaCha20 too (tests/integration/doctor_backend_test.cc).
#include "diagnose/library_masks.h"

#include <fmt/format.h>

namespace cryptobench::diagnose {

std::vector<LibraryMask> LibraryMasks(std::string_view backend) {
  if (backend == "boringssl") {
    // OpenSSL's layout: word 0 = CPUID.1 EDX | ECX << 32 (AES-NI bit 57, PCLMULQDQ bit 33);
    // word 1 = CPUID.7 EBX | ECX << 32 (SHA bit 29, VAES bit 41, VPCLMULQDQ bit 42).
    return {{MaskScope::kCryptoInstructions,
             "crypto instructions masked",
             "AES-NI, PCLMULQDQ, SHA-NI, VAES, VPCLMULQDQ",
             {{"OPENSSL_ia32cap", "~0x200000200000000:~0x60020000000"}}},
            {MaskScope::kAllCpuSpecific,
             "all CPU features masked",
             "every capability bit clear",
             {{"OPENSSL_ia32cap", "0:0"}}}};
  }
  if (backend == "botan") {
    return {{MaskScope::kCryptoInstructions,
             "crypto instructions masked",
             "aes_ni, clmul, intel_sha",
             {{"BOTAN_CLEAR_CPUID", "aes_ni,clmul,intel_sha"}}},
            {MaskScope::kAllCpuSpecific,
             "all CPU features masked",
             "SSE2 to AVX-512, BMI, ADX and the crypto instructions",
             {{"BOTAN_CLEAR_CPUID",
               "sse2,ssse3,sse41,sse42,avx2,avx512f,bmi1,bmi2,adx,aes_ni,clmul,intel_sha"}}}};
  }
  if (backend == "gnutls") {
    // GnuTLS hands what it does not accelerate itself to Nettle, so Nettle is masked too.
    return {{MaskScope::kCryptoInstructions,
             "crypto instructions masked",
             "GnuTLS keeps SSSE3 and AVX only; Nettle none",
             {{"GNUTLS_CPUID_OVERRIDE", "0x14"}, {"NETTLE_FAT_OVERRIDE", ""}}},
            {MaskScope::kAllCpuSpecific,
             "all CPU features masked",
             "GnuTLS generic code; Nettle none",
             {{"GNUTLS_CPUID_OVERRIDE", "0x1"}, {"NETTLE_FAT_OVERRIDE", ""}}}};
  }
  if (backend == "nettle") {
    // Nettle's fat build switches only AES-NI, PCLMULQDQ and SHA-NI code (fat-x86_64.c).
    return {{MaskScope::kCryptoInstructions,
             "crypto instructions masked",
             "NETTLE_FAT_OVERRIDE empty: no aesni, pclmul, sha_ni",
             {{"NETTLE_FAT_OVERRIDE", ""}}}};
  }
  if (backend == "gcrypt") {
    return {{MaskScope::kCryptoInstructions,
             "crypto instructions masked",
             "intel-aesni, intel-pclmul, intel-shaext, "
             "intel-vaes-vpclmul",
             {{"CRYPTOBENCH_GCRYPT_DISABLE_HWF",
               "intel-aesni,intel-pclmul,intel-shaext,intel-vaes-vpclmul"}}},
            {MaskScope::kAllCpuSpecific,
             "all CPU features masked",
             "GCRYCTL_DISABLE_HWF all",
             {{"CRYPTOBENCH_GCRYPT_DISABLE_HWF", "all"}}}};
  }
  return {};
}

std::string FormatMaskEnv(const std::map<std::string, std::string>& env) {
  std::string out;
  for (const auto& [name, value] : env) {
    out += fmt::format("{}{}={}", out.empty() ? "" : " ", name, value);
  }
  return out;
}

}  // namespace cryptobench::diagnose
