// Pastes from the tryout-30 re-check that doctor --from misread: OpenBSD's boot lines (D8:
// sys/arch/amd64/amd64/identcpu.c) not read, and VIA's PadLock engine, which runs AES on the
// CPU's own ACE instructions inside the process, taken for an offload (D6).
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_from.h"
#include "diagnose/doctor_report.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using ::cryptobench::testing::DiagnosePaste;
using ::cryptobench::testing::DoctorText;
using ::cryptobench::testing::FindingOf;
using ::cryptobench::testing::VerdictOf;
using ::testing::HasSubstr;
using ::testing::Not;

// OpenBSD 7.4 on a Celeron J3160 (Airmont), LibreSSL 3.8.2, `dmesg | grep ^cpu0`.
constexpr const char* kOpenBsdDmesg =
    "$ dmesg | grep ^cpu0\n"
    "cpu0: Intel(R) Celeron(R) CPU J3160 @ 1.60GHz, 1600.42 MHz, 06-4c-04\n"
    "cpu0: FPU,VME,DE,PSE,TSC,MSR,PAE,MCE,CX8,APIC,SEP,MTRR,PGE,MCA,CMOV,PAT,PSE36,CFLUSH,DS,ACPI,"
    "MMX,FXSR,SSE,SSE2,SS,HTT,TM,PBE,SSE3,PCLMUL,DTES64,MWAIT,DS-CPL,VMX,EST,TM2,SSSE3,CX16,xTPR,"
    "PDCM,SSE4.1,SSE4.2,MOVBE,POPCNT,DEADLINE,AES,RDRAND,NXE,RDTSCP,LONG,LAHF,3DNOWP,PERF,ITSC,"
    "TSC_ADJUST,SMEP,ERMS,MD_CLEAR,IBRS,IBPB,STIBP,SENSOR,ARAT,MELTDOWN\n"
    "cpu0: 24KB 64b/line 6-way D-cache, 32KB 64b/line 8-way I-cache, 1MB 64b/line 16-way L2 "
    "cache\n"
    "$ openssl version\n"
    "LibreSSL 3.8.2\n"
    "$ openssl speed -evp aes-128-gcm\n"
    "Doing aes-128-gcm for 3s on 16 size blocks: 11930946 aes-128-gcm's in 3.00s\n"
    "Doing aes-128-gcm for 3s on 64 size blocks: 7393026 aes-128-gcm's in 3.00s\n"
    "Doing aes-128-gcm for 3s on 256 size blocks: 2932118 aes-128-gcm's in 3.00s\n"
    "Doing aes-128-gcm for 3s on 1024 size blocks: 858957 aes-128-gcm's in 3.00s\n"
    "Doing aes-128-gcm for 3s on 8192 size blocks: 113033 aes-128-gcm's in 3.00s\n"
    "Doing aes-128-gcm for 3s on 16384 size blocks: 56730 aes-128-gcm's in 3.00s\n"
    "LibreSSL 3.8.2\n"
    "built on: date not available\n"
    "options:bn(64,64) rc4(16x,int) des(idx,cisc,16,int) aes(partial) blowfish(idx) \n"
    "compiler: information not available\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "aes-128-gcm         63631.71k   157717.91k   250207.42k   293190.94k   308656.44k   "
    "309823.79k\n";

TEST(Tryout30PastesTest, OpenBsdBootLinesGiveModelClockArchAndFeatures) {
  const DoctorReport report = DiagnosePaste(kOpenBsdDmesg);
  ASSERT_TRUE(report.facts.report);
  EXPECT_EQ(report.facts.cpu.brand, "Intel(R) Celeron(R) CPU J3160 @ 1.60GHz");
  EXPECT_EQ(report.facts.cpu.arch, "x86_64");
  EXPECT_EQ(report.facts.report->os, "openbsd");
  const CpuClues& clues = report.facts.report->cpu_clues;
  for (const char* present : {"AES-NI", "PCLMULQDQ", "SSSE3", "MOVBE"}) {
    const CpuFeatureClue* clue = clues.Find(present);
    ASSERT_NE(clue, nullptr) << present;
    EXPECT_TRUE(clue->present) << present;
    EXPECT_THAT(clue->clue, HasSubstr("OpenBSD boot line"));
  }
  // AVX is a CPUID leaf-1 name, printed with AES and PCLMUL: its absence counts.
  const CpuFeatureClue* avx = clues.Find("AVX");
  ASSERT_NE(avx, nullptr);
  EXPECT_FALSE(avx->present);
  // SHA is a leaf-7 name that older kernels do not print: absent from the line, unknown.
  EXPECT_EQ(clues.Find("SHA-NI"), nullptr);
  const std::string text = DoctorText(report);
  EXPECT_THAT(text, Not(HasSubstr("no architecture or CPU line")));
  EXPECT_THAT(text, Not(HasSubstr("lscpu")));
}

// The i386 kernel's line has the class in parentheses ("686-class"): a CPU line, not amd64.
TEST(Tryout30PastesTest, OpenBsdI386CpuLineIsNotReadAsAmd64) {
  std::string paste = kOpenBsdDmesg;
  paste.replace(paste.find("cpu0: Intel(R) Celeron(R) CPU J3160 @ 1.60GHz, 1600.42 MHz, 06-4c-04"),
                69,
                "cpu0: Intel(R) Atom(TM) CPU N270 @ 1.60GHz (\"GenuineIntel\" 686-class) 1.60 GHz, "
                "06-1c-02");
  const DoctorReport report = DiagnosePaste(paste);
  EXPECT_NE(report.facts.cpu.arch, "x86_64");
}

// A VIA Nano U2250 thin client, OpenSSL 1.0.2u, `openssl speed -engine padlock` (tryout 30 s19).
constexpr const char* kPadlockFlags =
    "flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat clflush acpi "
    "mmx fxsr sse sse2 ss tm syscall nx lm constant_tsc up rep_good nopl cpuid pni monitor vmx "
    "est tm2 ssse3 cx16 xtpr rng rng_en ace ace_en ace2 ace2_en phe phe_en pmm pmm_en lahf_lm "
    "tpr_shadow vnmi flexpriority vpid\n";
constexpr const char* kPadlockEngine =
    "$ openssl engine padlock -t -c\n"
    "(padlock) VIA PadLock (no-RNG, ACE)\n"
    " [AES-128-ECB, AES-128-CBC, AES-128-CFB, AES-128-OFB, AES-128-CTR, AES-192-ECB, "
    "AES-192-CBC, AES-192-CFB, AES-192-OFB, AES-192-CTR, AES-256-ECB, AES-256-CBC, AES-256-CFB, "
    "AES-256-OFB, AES-256-CTR]\n"
    "     [ available ]\n";
constexpr const char* kPadlockSpeed =
    "$ openssl speed -engine padlock -evp aes-128-cbc\n"
    "engine \"padlock\" set.\n"
    "Doing aes-128-cbc for 3s on 16 size blocks: 4880059 aes-128-cbc's in 3.00s\n"
    "Doing aes-128-cbc for 3s on 64 size blocks: 4552447 aes-128-cbc's in 3.00s\n"
    "Doing aes-128-cbc for 3s on 256 size blocks: 3588754 aes-128-cbc's in 3.00s\n"
    "Doing aes-128-cbc for 3s on 1024 size blocks: 1943283 aes-128-cbc's in 3.00s\n"
    "Doing aes-128-cbc for 3s on 8192 size blocks: 368087 aes-128-cbc's in 3.00s\n"
    "Doing aes-128-cbc for 3s on 16384 size blocks: 191077 aes-128-cbc's in 3.00s\n"
    "OpenSSL 1.0.2u  20 Dec 2019\n"
    "built on: reproducible build, date unspecified\n"
    "options:bn(64,64) rc4(16x,int) des(idx,cisc,16,int) aes(partial) blowfish(idx) \n"
    "compiler: gcc -I. -I.. -I../include  -fPIC -DOPENSSL_PIC -DOPENSSL_THREADS -D_REENTRANT "
    "-DDSO_DLFCN -DHAVE_DLFCN_H -m64 -DL_ENDIAN -g -O2 -Wall -DMD32_REG_T=int "
    "-DOPENSSL_IA32_SSE2 -DOPENSSL_BN_ASM_MONT -DOPENSSL_BN_ASM_MONT5 -DOPENSSL_BN_ASM_GF2m "
    "-DSHA1_ASM -DSHA256_ASM -DSHA512_ASM -DMD5_ASM -DAES_ASM -DVPAES_ASM -DBSAES_ASM "
    "-DWHIRLPOOL_ASM -DGHASH_ASM -DECP_NISTZ256_ASM\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "aes-128-cbc         26026.99k    97118.88k   306240.35k   663307.46k  1005124.96k  "
    "1043536.25k\n";

std::string PadlockPaste(bool flags, bool engine) {
  return std::string(
             "$ grep -m1 'model name' /proc/cpuinfo; grep -m1 flags /proc/cpuinfo\n"
             "model name\t: VIA Nano processor U2250 (1.6GHz Capable)@1.3+ GHz\n") +
         (flags ? kPadlockFlags : "") + (engine ? kPadlockEngine : "") + kPadlockSpeed;
}

// PadLock runs AES on the CPU's own ACE instructions, in the process: accelerated, and user CPU
// time counts the work (no offload warning, no "another machine").
TEST(Tryout30PastesTest, PadlockEngineWithAceIsTheCpusOwnAcceleration) {
  const DoctorReport report = DiagnosePaste(PadlockPaste(true, true));
  const Verdict* verdict = VerdictOf(report, "AES-128-CBC");
  ASSERT_NE(verdict, nullptr);
  EXPECT_EQ(verdict->status, VerdictStatus::kAccelerated) << verdict->line;
  EXPECT_THAT(verdict->line, HasSubstr("PadLock ACE"));
  EXPECT_THAT(::testing::PrintToString(verdict->evidence), HasSubstr("says ACE"));
  EXPECT_EQ(FindingOf(report, "report.user-cpu-offload"), nullptr);
  const std::string text = DoctorText(report);
  EXPECT_THAT(text, Not(HasSubstr("another machine")));
  EXPECT_THAT(text, Not(HasSubstr("offloaded work may be")));
}

// The flags line alone (ace and ace_en) settles it too.
TEST(Tryout30PastesTest, PadlockAceFlagsSettleWithoutTheEngineList) {
  const DoctorReport report = DiagnosePaste(PadlockPaste(true, false));
  const Verdict* verdict = VerdictOf(report, "AES-128-CBC");
  ASSERT_NE(verdict, nullptr);
  EXPECT_EQ(verdict->status, VerdictStatus::kAccelerated) << verdict->line;
  EXPECT_THAT(::testing::PrintToString(verdict->evidence), HasSubstr("ace and ace_en"));
}

// An engine named "no-ACE" took nothing: no PadLock verdict.
TEST(Tryout30PastesTest, PadlockWithoutAceIsNotCalledAccelerated) {
  std::string paste = PadlockPaste(false, true);
  paste.replace(paste.find("(no-RNG, ACE)"), 13, "(no-RNG, no-ACE)");
  const DoctorReport report = DiagnosePaste(paste);
  const Verdict* verdict = VerdictOf(report, "AES-128-CBC");
  ASSERT_NE(verdict, nullptr);
  EXPECT_NE(verdict->status, VerdictStatus::kAccelerated) << verdict->line;
  EXPECT_THAT(verdict->line, Not(HasSubstr("PadLock")));
}

// Neither the engine's name nor the flags: the verdict stays open and names what would settle it.
TEST(Tryout30PastesTest, PadlockWithoutEvidenceAsksForTheEngineName) {
  const DoctorReport report = DiagnosePaste(PadlockPaste(false, false));
  const Verdict* verdict = VerdictOf(report, "AES-128-CBC");
  ASSERT_NE(verdict, nullptr);
  EXPECT_EQ(verdict->status, VerdictStatus::kUndetermined) << verdict->line;
  EXPECT_THAT(verdict->advice, HasSubstr("openssl engine -t -c padlock"));
  EXPECT_EQ(FindingOf(report, "report.user-cpu-offload"), nullptr);
}

// Amazon Linux 2's openssl11 on Graviton2 prints no platform line and no CPUINFO line; its
// compiler line's -moutline-atomics (a GCC option of AArch64 only) names the architecture (D9).
TEST(Tryout30PastesTest, OutlineAtomicsInTheCompilerLineMeansAarch64) {
  results::RunResult run;
  run.library.cflags =
      "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O3 -O2 -g -pipe -Wall "
      "-moutline-atomics -Wa,--noexecstack -DOPENSSL_USE_NODELETE -DOPENSSL_PIC "
      "-DOPENSSL_CPUID_OBJ -DOPENSSL_BN_ASM_MONT -DSHA1_ASM -DSHA256_ASM -DNDEBUG";
  std::string source;
  EXPECT_EQ(ReportArch(run, &source), "aarch64");
  EXPECT_THAT(source, HasSubstr("-moutline-atomics"));
  run.library.cflags = "compiler: gcc -O2 -moutline-atomics-foo";
  EXPECT_EQ(ReportArch(run, &source), "");
}

}  // namespace
}  // namespace cryptobench::diagnose
