// A software class whose code needs a CPU feature the pasted flags show absent is no candidate
// (new-user tryout 20, item 13: n01 listed `vpaes SSSE3` beside `SSSE3: absent`, n06 bit-sliced
// SSSE3 AES + PCLMUL GHASH on a QEMU CPU without ssse3 or pclmulqdq, n18 the SSSE3 and AVX2
// SHA-256 paths on a CPU without SSSE3). A feature the text does not show stays a candidate.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using testing::DiagnosePaste;
using ::testing::HasSubstr;
using ::testing::Not;
using testing::VerdictFor;

// A KVM guest's flags line without ssse3, pclmulqdq or aes (QEMU's kvm64 model).
constexpr const char* kNoSsse3 =
    "fpu de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse "
    "sse2 ht syscall nx lm constant_tsc nopl xtopology cpuid pni cx16 x2apic hypervisor lahf_lm";

std::string OpensslPaste(const std::string& flags, const std::string& table_rows) {
  return (flags.empty() ? std::string()
                        : "$ grep -m1 flags /proc/cpuinfo\nflags\t\t: " + flags + "\n") +
         "$ openssl speed -evp aes-128-cbc sha256\n"
         "OpenSSL 1.1.1w  11 Sep 2023\n"
         "built on: Mon Sep 11 12:00:00 2023 UTC\n"
         "options:bn(64,64) rc4(16x,int) des(int) aes(partial) blowfish(ptr)\n"
         "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
         "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -DOPENSSL_BN_ASM_MONT "
         "-DOPENSSL_BN_ASM_MONT5 -DOPENSSL_BN_ASM_GF2m -DSHA1_ASM -DSHA256_ASM -DSHA512_ASM "
         "-DKECCAK1600_ASM -DRC4_ASM -DMD5_ASM -DAESNI_ASM -DVPAES_ASM -DGHASH_ASM "
         "-DECP_NISTZ256_ASM -DX25519_ASM -DPOLY1305_ASM -DNDEBUG\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n" +
         table_rows;
}

constexpr const char* kAesRow =
    "aes-128-cbc      91035.69k    99226.33k   101557.16k   102357.33k   102432.77k   "
    "102445.12k\n";
constexpr const char* kShaRow =
    "sha256          146780.50k   330176.45k   575802.71k   710325.93k   764398.25k   "
    "769103.87k\n";

TEST(ClassNeedsTest, FlagsWithoutSsse3RuleOutVpaes) {
  const DoctorReport without = DiagnosePaste(OpensslPaste(kNoSsse3, kAesRow));
  const Verdict& aes = VerdictFor(without, "AES-128-CBC", "encrypt");
  EXPECT_THAT(aes.line, Not(HasSubstr("vpaes"))) << aes.line;
  // 1.1.1w has no table aes-x86_64 (1.1.1d removed it: data/library-changes.csv): only C is left.
  EXPECT_THAT(aes.line, Not(HasSubstr("aes-x86_64 table asm"))) << aes.line;
  EXPECT_THAT(aes.line, HasSubstr("generic C (aes_core.c)")) << aes.line;
  // The same figure with ssse3 in the flags, or with no flags line (unknown): vpaes fits.
  const std::string with_flags = std::string(kNoSsse3) + " ssse3";
  for (const std::string& flags : {with_flags, std::string()}) {
    const DoctorReport report = DiagnosePaste(OpensslPaste(flags, kAesRow));
    EXPECT_THAT(VerdictFor(report, "AES-128-CBC", "encrypt").line, HasSubstr("vpaes SSSE3"))
        << flags;
  }
}

TEST(ClassNeedsTest, FlagsWithoutSsse3RuleOutTheSimdShaPaths) {
  const DoctorReport without = DiagnosePaste(OpensslPaste(kNoSsse3, kShaRow));
  const Verdict& sha = VerdictFor(without, "SHA-256", "hash");
  EXPECT_THAT(sha.line, Not(HasSubstr("SSSE3 (sha256"))) << sha.line;
  EXPECT_THAT(sha.line, Not(HasSubstr("AVX2+BMI"))) << sha.line;
  EXPECT_THAT(sha.line, Not(HasSubstr("AVX (sha256"))) << sha.line;
  const DoctorReport with =
      DiagnosePaste(OpensslPaste(std::string(kNoSsse3) + " ssse3 avx avx2 bmi1 bmi2", kShaRow));
  EXPECT_THAT(VerdictFor(with, "SHA-256", "hash").line, HasSubstr("AVX2+BMI"));
}

TEST(ClassNeedsTest, BoringSslOnACpuWithoutSsse3OrPclmulHasNoBitSlicedClass) {
  const std::string paste =
      std::string("$ grep -m1 flags /proc/cpuinfo\nflags\t\t: ") + kNoSsse3 +
      "\n$ ./bssl speed -filter AES-128-GCM\n"
      "Did 2406000 AES-128-GCM (16 bytes) seal operations in 1000164us (2405605.5 ops/sec): "
      "38.5 MB/s\n"
      "Did 7161 AES-128-GCM (16384 bytes) seal operations in 1002234us (7145.0 ops/sec): "
      "117.1 MB/s\n";
  const DoctorReport report = DiagnosePaste(paste);
  const Verdict& gcm = VerdictFor(report, "AES-128-GCM", "encrypt");
  EXPECT_THAT(gcm.line, Not(HasSubstr("bit-sliced"))) << gcm.line;
  EXPECT_THAT(gcm.line, HasSubstr("table-based AES")) << gcm.line;
}

}  // namespace
}  // namespace cryptobench::diagnose
