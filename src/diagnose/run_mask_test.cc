// The mask of a pasted run (ReportFacts: env_masked_features, env_cleared_absent,
// env_cleared_unknown) names as masked only features the text shows the CPU has, on x86 as on
// ARM. Tryout 21 t47 (`OPENSSL_ia32cap='~0x200000200000000' bssl speed` on an AMD EPYC 7B13) was
// told "VAES, VPCLMULQDQ, AVX-512F, AVX-512DQ, AVX-512BW, AVX-512VL, AES-NI are masked", and
// tryout 20 p24 (`OPENSSL_ia32cap="~0x200000000000000" openssl speed` with 1.1.1w on an i7-8700,
// whose lscpu Flags line has neither avx512f nor vaes) that the value clears AVX-512F, VAES and
// VPCLMULQDQ "(whether the CPU has them is not in the text)".
#include <algorithm>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::DiagnosePaste;
using cryptobench::testing::FindingOf;
using cryptobench::testing::VerdictFor;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

// p24's i7-8700 (Coffee Lake: AES-NI, AVX2, BMI1/2 and ADX; no AVX-512, VAES or SHA-NI), shortened.
constexpr const char* kI7Flags =
    "$ lscpu | grep -E 'Model name|Flags'\n"
    "Model name:                      Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz\n"
    "Flags:                           fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca "
    "cmov pat pse36 clflush mmx fxsr sse sse2 ss ht syscall nx pdpe1gb rdtscp lm constant_tsc "
    "pni pclmulqdq ssse3 fma cx16 sse4_1 sse4_2 movbe popcnt aes xsave avx f16c rdrand lahf_lm "
    "abm bmi1 hle avx2 smep bmi2 erms invpcid rtm rdseed adx smap clflushopt xsaveopt xsavec\n";
constexpr const char* kMaskedSpeed =
    "$ OPENSSL_ia32cap=\"~0x200000000000000\" openssl speed -evp aes-128-cbc\n"
    "OpenSSL 1.1.1w  11 Sep 2023\n"
    "built on: Tue Oct  3 09:12:44 2023 UTC\n"
    "options:bn(64,64) rc4(16x,int) des(int) aes(partial) idea(int) blowfish(ptr) \n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
    "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -DOPENSSL_BN_ASM_MONT "
    "-DOPENSSL_BN_ASM_MONT5 -DOPENSSL_BN_ASM_GF2m -DSHA1_ASM -DSHA256_ASM -DSHA512_ASM "
    "-DKECCAK1600_ASM -DRC4_ASM -DMD5_ASM -DAESNI_ASM -DVPAES_ASM -DGHASH_ASM "
    "-DECP_NISTZ256_ASM -DX25519_ASM -DPOLY1305_ASM -DNDEBUG\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "aes-128-cbc      98231.55k   107338.24k   110083.16k   110761.30k   110979.07k   "
    "110995.46k\n";

bool Has(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// 1.1.1 zeroes the second word for a value without ':' (crypto/cpuid.c): of its bits, those the
// Flags line shows are masked; those it lacks are named as lacking, never as masked.
TEST(RunMaskTest, AnX86CommandLineMaskNamesOnlyWhatTheFlagsLineShows) {
  const DoctorReport report = DiagnosePaste(std::string(kI7Flags) + kMaskedSpeed);
  const DoctorFacts& facts = report.facts;
  for (const char* has : {"AES-NI", "AVX2", "BMI1", "BMI2", "ADX"}) {
    EXPECT_TRUE(Has(facts.env_masked_features, has)) << has;
  }
  for (const char* lacks : {"AVX-512F", "AVX-512BW", "VAES", "VPCLMULQDQ", "SHA-NI"}) {
    EXPECT_FALSE(Has(facts.env_masked_features, lacks)) << lacks;
    EXPECT_TRUE(Has(facts.env_cleared_absent, lacks)) << lacks;
  }
  EXPECT_EQ(VerdictFor(report, "AES-128-CBC", "encrypt").status, VerdictStatus::kMasked);
  const Finding* env = FindingOf(report, "env.ia32cap");
  ASSERT_NE(env, nullptr);
  EXPECT_THAT(env->evidence, HasSubstr("features the text shows the CPU has"));
  EXPECT_THAT(env->evidence, Not(HasSubstr("VAES")));
  // AVX-512VBMI2 has no flags row (data/cpu-clues.csv): named apart, as not shown.
  EXPECT_THAT(
      env->evidence,
      HasSubstr("it also clears AVX-512VBMI2 (whether the CPU has them is not in the text)"));
}

// BoringSSL leaves the second word as detected when the value has no ':'
// (crypto/fipsmodule/cpucap/cpu_intel.c: handle_cpu_env on OPENSSL_ia32cap_P[2] only after a
// ':'): t47's value clears AES-NI and PCLMULQDQ, nothing of AVX2, AVX-512 or VAES.
TEST(RunMaskTest, ABoringsslValueWithoutColonKeepsTheSecondWord) {
  const DoctorReport report = DiagnosePaste(
      "$ grep -m1 'model name' /proc/cpuinfo\n"
      "model name\t: AMD EPYC 7B13\n"
      "$ OPENSSL_ia32cap='~0x200000200000000' ./build/tool/bssl speed -filter AES-128-GCM\n"
      "Did 54000 AES-128-GCM (8192 bytes) seal operations in 1007812us (53581.4 ops/sec): "
      "438.9 MB/s\n"
      "Did 27000 AES-128-GCM (16384 bytes) seal operations in 1009102us (26756.5 ops/sec): "
      "438.4 MB/s\n");
  EXPECT_THAT(report.facts.env_masked_features, ElementsAre("PCLMULQDQ", "AES-NI"));
  EXPECT_THAT(report.facts.env_cleared_absent, IsEmpty());
  EXPECT_THAT(report.facts.env_cleared_unknown, IsEmpty());
  const Verdict& v = VerdictFor(report, "AES-128-GCM", "encrypt");
  EXPECT_THAT(v.line, Not(HasSubstr("AVX-512"))) << v.line;
  EXPECT_THAT(v.line, Not(HasSubstr("VAES, VPCLMULQDQ, AVX-512F"))) << v.line;
  const Finding* env = FindingOf(report, "env.ia32cap");
  ASSERT_NE(env, nullptr);
  EXPECT_THAT(env->evidence, HasSubstr("clears PCLMULQDQ, AES-NI, features the text shows"));
}

}  // namespace
}  // namespace cryptobench::diagnose
