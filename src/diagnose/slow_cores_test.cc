// Tests of the slow-core table (slow_cores.h) and of the verdicts that read it.
#include "diagnose/slow_cores.h"

#include <stdexcept>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/csv_table.h"
#include "diagnose/doctor_from.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

TEST(SlowCoresTest, EmbeddedTableParsesAndEveryRowIsSourced) {
  const std::vector<SlowCoreFigure>& rows = SlowCores();
  ASSERT_FALSE(rows.empty());
  for (const SlowCoreFigure& row : rows) {
    EXPECT_NE(row.source.find("https://"), std::string::npos) << "line " << row.line;
    EXPECT_GT(row.cpb, 0) << "line " << row.line;
  }
}

TEST(SlowCoresTest, BadRowsFailWithTheirLine) {
  const std::string header = "algorithm,operation,arch,feature,core,models,cpb,source\n";
  const auto fails = [&](const std::string& row, const std::string& what) {
    try {
      ParseSlowCores(header + row);
      ADD_FAILURE() << "accepted: " << row;
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("slow cores line 2"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    }
  };
  fails("AES-128-CTR,encrypt,x86_64,AES-NI,Silvermont,*Atom*,3.56,aesni-x86_64.pl\n", "https://");
  fails("AES-128-CTR,encrypt,x86_64,AES-NI,Silvermont,*Atom*,fast,https://example.org/a\n", "cpb");
  fails("AES-128-CTR,encrypt,x86_64,AES-NI,Silvermont,*Atom*,0,https://example.org/a\n", "cpb");
  fails("AES-128-CTR,encrypt,mips,AES-NI,Silvermont,*Atom*,3.56,https://example.org/a\n", "arch");
  fails("AES-128-CTR,sign,x86_64,AES-NI,Silvermont,*Atom*,3.56,https://example.org/a\n",
        "operation");
  fails("AES-128-CTR,encrypt,x86_64,,Silvermont,*Atom*,3.56,https://example.org/a\n", "empty");
  fails("AES-128-CTR,encrypt,x86_64,AES-NI,Silvermont,*Atom*|,3.56,https://example.org/a\n",
        "empty glob");
}

// The number reader every knowledge table shares: the whole field, finite, nothing around it.
TEST(SlowCoresTest, CsvNumbersAreReadWholeAndFinite) {
  EXPECT_EQ(ParseCsvNumber("3.56"), 3.56);
  EXPECT_EQ(ParseCsvNumber("1e3"), 1000.0);
  for (const char* bad : {"", " 3.5", "3.5 ", "3.5x", "fast", "inf", "nan", "0x10"}) {
    EXPECT_EQ(ParseCsvNumber(bad), std::nullopt) << bad;
  }
}

// aesni-x86_64.pl's table: Silvermont CTR 3.56 cpb. An Atom C2758 at 2.4 GHz runs it at
// 674 MB/s; at a 1.92-5.00 GHz range that is 2.86-7.45 cpb, which the row meets; a figure
// ten times slower does not, and neither does a core of another architecture.
TEST(SlowCoresTest, MatchesAFigureOnlyWithinTheRowsWidenedCpb) {
  const SlowCoreFigure* row = SlowCoreMatching("AES-128-CTR", "encrypt", "x86_64", 2.86, 7.45, {});
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->core, "Silvermont");
  EXPECT_NE(SlowCoreMatching("AES-128-CTR", "encrypt", "x86", 2.86, 7.45, {}), nullptr);
  EXPECT_EQ(SlowCoreMatching("AES-128-CTR", "encrypt", "x86_64", 28.6, 74.5, {}), nullptr);
  EXPECT_EQ(SlowCoreMatching("AES-128-CTR", "encrypt", "x86_64", 0.5, 1.2, {}), nullptr);
  EXPECT_EQ(SlowCoreMatching("AES-128-CTR", "encrypt", "aarch64", 2.86, 7.45, {}), nullptr);
  EXPECT_EQ(SlowCoreMatching("ChaCha20", "encrypt", "x86_64", 2.86, 7.45, {}), nullptr);
  // A named model: an Atom may be the core, a Core i7 surely is not.
  EXPECT_NE(SlowCoreMatching("AES-128-CTR", "encrypt", "x86_64", 2.86, 7.45,
                             {"model name: Intel(R) Atom(TM) CPU  C2758  @ 2.40GHz"}),
            nullptr);
  EXPECT_EQ(SlowCoreMatching("AES-128-CTR", "encrypt", "x86_64", 2.86, 7.45,
                             {"model name: Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz"}),
            nullptr);
}

using cryptobench::testing::DiagnosePaste;
using cryptobench::testing::VerdictOf;
using ::testing::HasSubstr;
using ::testing::Not;

// An OpenSSL 1.1.1c build (its compiler line has -DAESNI_ASM -DSHA256_ASM): before 1.1.1d
// dropped bsaes, so the software classes are complete.
constexpr const char* kBuild =
    "OpenSSL 1.1.1c  28 May 2019\n"
    "built on: Wed Feb 5 13:19:41 2025 UTC\n"
    "options:bn(64,64) rc4(16x,int) des(int) aes(partial) blowfish(ptr)\n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
    "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -DOPENSSL_BN_ASM_MONT "
    "-DOPENSSL_BN_ASM_MONT5 -DOPENSSL_BN_ASM_GF2m -DSHA1_ASM -DSHA256_ASM -DSHA512_ASM "
    "-DKECCAK1600_ASM -DRC4_ASM -DMD5_ASM -DAESNI_ASM -DVPAES_ASM -DGHASH_ASM "
    "-DECP_NISTZ256_ASM -DX25519_ASM -DPOLY1305_ASM -DNDEBUG\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n";

std::string AtomPaste(const std::string& model, const std::string& flags, const std::string& row) {
  return "$ grep -m1 'model name' /proc/cpuinfo\nmodel name\t: " + model +
         "\n$ grep -m1 flags /proc/cpuinfo\nflags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep "
         "mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ss ht syscall nx rdtscp lm "
         "constant_tsc pni pclmulqdq ssse3 cx16 sse4_1 sse4_2 movbe popcnt aes rdrand " +
         flags + " arat\n$ openssl speed -evp x\n" + kBuild + row + "\n";
}

// tryout 30 D1: an Atom C2758 (Silvermont) with aes in its flags runs 1.1.1f's AES-NI CTR at
// 672 MB/s and GCM (AES-NI CTR + PCLMUL GHASH, no AVX) at 372 MB/s at its 2.4 GHz: their
// normal speed (aesni-x86_64.pl: CTR 3.56 cpb; ghash-x86_64.pl: GHASH 2.88), below every
// class of the mainstream cores. Not "the library does not use it".
TEST(SlowCoreVerdictTest, SilvermontAesNiFiguresAreNotCalledUnused) {
  const DoctorReport report = DiagnosePaste(AtomPaste(
      "Intel(R) Atom(TM) CPU  C2758  @ 2.40GHz", "",
      "aes-128-ctr        140673.10k   346029.20k   544887.26k   636306.31k   669045.86k   "
      "671513.79k\n"
      "aes-128-gcm         82946.49k   199016.26k   306100.34k   353675.63k   370469.75k   "
      "371730.57k"));
  for (const char* name : {"AES-128-CTR", "AES-128-GCM"}) {
    const Verdict* v = VerdictOf(report, name);
    ASSERT_NE(v, nullptr) << name;
    EXPECT_EQ(v->status, VerdictStatus::kUndetermined) << v->line;
    EXPECT_THAT(v->line, HasSubstr("Silvermont runs its AES-NI path at")) << v->line;
    EXPECT_THAT(v->line, Not(HasSubstr("does not use it")));
    EXPECT_THAT(v->advice, HasSubstr("OPENSSL_ia32cap=")) << v->advice;
  }
}

// tryout 30 D2: an Atom C3758 (Goldmont) with sha_ni runs SHA-256 at 525 MB/s, 4.2 cpb at
// 2.2 GHz: Goldmont's SHA extensions (sha512-x86_64.pl: 4.16 cpb).
TEST(SlowCoreVerdictTest, GoldmontShaNiFigureIsNotCalledUnused) {
  const DoctorReport report = DiagnosePaste(AtomPaste(
      "Intel(R) Atom(TM) CPU C3758 @ 2.20GHz", "sha_ni",
      "sha256              57092.75k   172514.65k   348806.18k   468493.84k   520595.61k   "
      "524764.16k"));
  const Verdict* v = VerdictOf(report, "SHA-256");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->status, VerdictStatus::kUndetermined) << v->line;
  EXPECT_THAT(v->line, HasSubstr("Goldmont runs its SHA-NI path at")) << v->line;
}

// The same CPU lines with a figure ten times slower than Silvermont's AES-NI at any clock of the
// range: no slow core explains it, and the verdict stays "the library does not use it".
TEST(SlowCoreVerdictTest, AFigureBelowEverySlowCoreStaysNotAccelerated) {
  const DoctorReport report = DiagnosePaste(AtomPaste(
      "Intel(R) Atom(TM) CPU  C2758  @ 2.40GHz", "",
      "aes-128-ctr         14067.31k    34602.92k    54488.72k    63630.63k    66904.58k    "
      "67151.37k"));
  const Verdict* v = VerdictOf(report, "AES-128-CTR");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->status, VerdictStatus::kNotAccelerated) << v->line;
  EXPECT_THAT(v->line, Not(HasSubstr("Silvermont")));
}

// tryout 30 D7: a `-bytes 1024` run (3.1.1, ChaCha20-Poly1305, 2.06 GB/s) names no class at
// any clock: the verdict and the cannot-tell finding name a run at the default sizes, not
// lscpu or a clock rate.
TEST(SmallInputRemedyTest, A1KiBOnlyRunAsksForTheDefaultSizesNotAClock) {
  const DoctorReport report = DiagnosePaste(
      "$ openssl speed -seconds 1 -bytes 1024 -evp chacha20-poly1305\n"
      "Doing ChaCha20-Poly1305 ops for 1s on 1024 size blocks: 2011532 ChaCha20-Poly1305 ops "
      "in 1.00s\n"
      "version: 3.1.1\n"
      "built on: Thu Aug  3 00:00:00 2023 UTC\n"
      "options: bn(64,64)\n"
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -O2 -DOPENSSL_USE_NODELETE "
      "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
      "CPUINFO: OPENSSL_ia32cap=0x7ed8320b078bffff:0x40069c219c97a9\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type           1024 bytes\n"
      "ChaCha20-Poly1305  2059808.77k\n");
  const Verdict* v = VerdictOf(report, "ChaCha20-Poly1305");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->status, VerdictStatus::kUndetermined);
  EXPECT_THAT(v->line, HasSubstr("a figure at 8192 or 16384 bytes per operation would settle"));
  EXPECT_THAT(v->line, Not(HasSubstr("clock rate would")));
  const Finding* cannot = cryptobench::testing::FindingOf(report, "report.cannot-tell");
  ASSERT_NE(cannot, nullptr);
  EXPECT_THAT(cannot->advice, HasSubstr("openssl speed -elapsed -evp chacha20-poly1305"));
  EXPECT_THAT(cannot->advice, Not(HasSubstr("lscpu")));
}

// tryout 30 D4: 1.1.1d to 1.1.1w dropped x86-64 bsaes and the table AES code
// (data/library-changes.csv), so a 1.1.1f figure is never named as their class; with no
// sourced range for what that release runs instead, the masked rerun would settle it.
TEST(SlowCoreVerdictTest, A111fFigureNamesNoBsaesClass) {
  std::string paste = AtomPaste(
      "Intel(R) Atom(TM) CPU  C2758  @ 2.40GHz", "",
      "aes-128-ctr        140673.10k   346029.20k   544887.26k   636306.31k   669045.86k   "
      "671513.79k");
  paste.replace(paste.find("OpenSSL 1.1.1c  28 May 2019"), 27, "OpenSSL 1.1.1f  31 Mar 2020");
  const DoctorReport report = DiagnosePaste(paste);
  const Verdict* v = VerdictOf(report, "AES-128-CTR");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->status, VerdictStatus::kUndetermined) << v->line;
  EXPECT_THAT(v->line, Not(HasSubstr("bsaes")));
  EXPECT_THAT(v->line, HasSubstr("masked would settle it"));
  EXPECT_THAT(v->advice, HasSubstr("OPENSSL_ia32cap='~0x200000200000000'"));
}

}  // namespace
}  // namespace cryptobench::diagnose
