// Tests of `doctor --from` on constructed runs: facts from the text (architecture, capability
// vector, env mask, build), the clock range, and the verdicts the fingerprint allows over it.
#include "diagnose/doctor_from.h"

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "results/emulated.h"
#include "results/json.h"

#include "diagnose/cpu_clues.h"
#include "diagnose/doctor_report.h"
#include "diagnose/stated_causes.h"
#include "import/import.h"
#include "support/doctor_findings.h"
#include "support/imported_cell.h"

namespace cryptobench::diagnose {
namespace {

using ::testing::AllOf;
using ::testing::Contains;
using ::testing::Each;
using ::testing::ElementsAre;
using ::testing::Eq;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

// A vector with AES-NI, PCLMULQDQ, SSSE3, AVX, AVX2, BMI1/2, ADX and SHA-NI set and no AVX-512
// (LV0 bits 33, 41, 57, 60; LV1 bits 3, 5, 8, 19, 29: cpb-reference.md sec. 2.2).
constexpr const char* kVector = "0x1202020200000400:0x20080128";
// The same with AES-NI (LV0 bit 57) clear.
constexpr const char* kVectorNoAesNi = "0x1002020200000400:0x20080128";
// kVector with SHA-NI (LV1 bit 29) clear.
constexpr const char* kVectorNoShaNi = "0x1202020200000400:0x80128";

constexpr uint64_t kOpenssl30 = 0x300000b0;   // 3.0.11
constexpr uint64_t kOpenssl111 = 0x1010117f;  // 1.1.1w

results::RunResult ImportedRun(const std::string& cpu_info, uint64_t version_num) {
  results::RunResult run;
  run.source.kind = "imported";
  run.source.tool = "openssl speed";
  run.source.tool_version = version_num >= 0x30000000 ? "3.0.11" : "1.1.1w";
  run.source.file = "paste.txt";
  run.source.timing_basis = "user_cpu";
  run.library.version = "OpenSSL " + run.source.tool_version;
  run.library.version_num = version_num;
  run.library.cpu_info = cpu_info;
  const size_t eq = cpu_info.find('=');
  if (eq != std::string::npos) {
    run.library.capability_vector = cpu_info.substr(eq + 1, cpu_info.find(' ', eq) - eq - 1);
  } else if (cpu_info.find("N/A") != std::string::npos) {
    run.library.capability_vector = "N/A";
  }
  return run;
}

using cryptobench::testing::FindingOf;
using cryptobench::testing::ImportedFigure;
using cryptobench::testing::StatedTags;

using cryptobench::testing::AddAlgorithm;

const Verdict& Find(const DoctorReport& report, const std::string& algorithm) {
  for (const Verdict& verdict : report.verdicts) {
    if (verdict.algorithm == algorithm) {
      return verdict;
    }
  }
  ADD_FAILURE() << "no verdict for " << algorithm;
  static const Verdict kNone;
  return kNone;
}

std::vector<std::string> FindingIds(const DoctorReport& report) {
  std::vector<std::string> ids;
  for (const Finding& finding : report.findings) {
    ids.push_back(finding.id);
  }
  return ids;
}

TEST(DoctorFromTest, AesNiInCpuinfoAndFastAesIsAcceleratedOverTheWholeRange) {
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  AddAlgorithm(run, "AES-128-CBC", "cipher",
               {ImportedFigure("encrypt", 16, 900), ImportedFigure("encrypt", 16384, 1500)});
  const DoctorReport report = DiagnoseReport(run);

  EXPECT_EQ(report.facts.cpu.arch, "x86_64");
  ASSERT_TRUE(report.facts.report);
  EXPECT_TRUE(report.facts.report->cpu_features_known);
  EXPECT_TRUE(report.facts.cpu.Usable("AES-NI"));
  EXPECT_FALSE(report.facts.cpu.Usable("VAES"));
  EXPECT_EQ(report.core_hz_low, kReportDefaultHzLow);
  EXPECT_EQ(report.core_hz_high, kReportDefaultHzHigh);

  const Verdict& v = Find(report, "AES-128-CBC");
  EXPECT_EQ(v.status, VerdictStatus::kAccelerated) << v.line;
  EXPECT_EQ(v.input_len, 16384u);  // the largest size, where per-call overhead no longer counts
  EXPECT_DOUBLE_EQ(v.cpb_low, kReportDefaultHzLow / 1.5e9);
  EXPECT_DOUBLE_EQ(v.cpb_high, kReportDefaultHzHigh / 1.5e9);
  EXPECT_THAT(v.line, HasSubstr("1.00-5.00 GHz"));
  ASSERT_EQ(v.measurements.size(), 1u);
  EXPECT_EQ(v.measurements[0].label, "as reported");
  EXPECT_EQ(v.measurements[0].ci_low, 0);  // a single figure has no CI
  EXPECT_EQ(report.ExitStatus(), 0);
}

TEST(DoctorFromTest, NoAsmBuildWithSlowAesIsNotAccelerated) {
  results::RunResult run = ImportedRun("CPUINFO: N/A", kOpenssl30);
  run.library.platform = "platform: linux-x86_64";
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 300)});
  AddAlgorithm(run, "MD5", "hash", {ImportedFigure("hash", 16384, 700)});
  const DoctorReport report = DiagnoseReport(run);

  EXPECT_TRUE(report.facts.no_asm_build);
  EXPECT_FALSE(report.facts.report->cpu_features_known);
  EXPECT_EQ(report.facts.cpu.arch, "x86_64");
  const Verdict& aes = Find(report, "AES-128-CBC");
  EXPECT_EQ(aes.status, VerdictStatus::kNotAccelerated) << aes.line;
  EXPECT_THAT(aes.line, HasSubstr("built without assembly (CPUINFO: N/A)"));
  EXPECT_FALSE(aes.advice.empty());
  EXPECT_EQ(Find(report, "MD5").status, VerdictStatus::kNoHardwarePath);
  EXPECT_THAT(FindingIds(report), Contains("library.no-asm"));
  EXPECT_EQ(report.ExitStatus(), 1);
}

// OpenSSL prints a capability vector only on x86 and ARM (crypto/info.c), so with no
// architecture in the text, CPUINFO: N/A may be any assembly build on ppc64le, MIPS or s390x.
TEST(DoctorFromTest, CpuinfoNaWithoutArchitectureIsNoProofOfNoAsm) {
  results::RunResult run = ImportedRun("CPUINFO: N/A", kOpenssl30);
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 300)});
  const DoctorReport report = DiagnoseReport(run);
  EXPECT_EQ(report.facts.cpu.arch, "");
  EXPECT_FALSE(report.facts.no_asm_build);
  const Verdict& v = Find(report, "AES-128-CBC");
  EXPECT_NE(v.status, VerdictStatus::kNotAccelerated) << v.line;
  EXPECT_THAT(v.line, Not(HasSubstr("built without assembly")));
  EXPECT_THAT(FindingIds(report), Not(Contains("library.no-asm")));
  EXPECT_THAT(StatedTags(report), Not(Contains("built-without-asm")));
}

// A ppc64le or MIPS build with assembly prints CPUINFO: N/A too (tryout: a POWER9 paste was
// told to rebuild without no-asm); s390x prints OPENSSL_s390xcap in every 3.x assembly build
// (results::CpuinfoNaProvesNoAsm), so N/A there is a build without assembly.
TEST(DoctorFromTest, CpuinfoNaOutsideX86ArmAndS390xIsNoProofOfNoAsm) {
  {
    results::RunResult run = ImportedRun("CPUINFO: N/A", kOpenssl30);
    run.library.platform = "platform: linux64-s390x";
    AddAlgorithm(run, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 690)});
    const DoctorReport report = DiagnoseReport(run);
    EXPECT_TRUE(report.facts.no_asm_build);
    EXPECT_THAT(FindingIds(report), Contains("library.no-asm"));
  }
  for (const char* platform : {"platform: linux-ppc64le", "platform: linux64-mips64"}) {
    results::RunResult run = ImportedRun("CPUINFO: N/A", kOpenssl30);
    run.library.platform = platform;
    AddAlgorithm(run, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 690)});
    const DoctorReport report = DiagnoseReport(run);
    EXPECT_FALSE(report.facts.no_asm_build) << platform;
    EXPECT_NE(report.facts.cpu.arch, "") << platform;
    const Verdict& v = Find(report, "AES-128-GCM");
    EXPECT_NE(v.status, VerdictStatus::kNotAccelerated) << platform << ": " << v.line;
    EXPECT_THAT(FindingIds(report), Not(Contains("library.no-asm"))) << platform;
    EXPECT_THAT(StatedTags(report), Not(Contains("built-without-asm"))) << platform;
    std::ostringstream text_out;
    RenderDoctorText(report, text_out);
    const std::string text = text_out.str();
    EXPECT_THAT(text, Not(HasSubstr("built without assembly"))) << platform;
    EXPECT_THAT(text, HasSubstr("CPUINFO: N/A means a build without assembly on x86, ARM and "
                                "s390x, but"))
        << platform;
  }
}

TEST(DoctorFromTest, WithoutAnyArchitectureTheVerdictSaysSoOnce) {
  results::RunResult run = ImportedRun("", kOpenssl30);  // no CPUINFO, platform or machine
  // 1200 MB/s: under the serial software ceiling of CBC encryption (1327 MB/s for AES-128).
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 1200)});
  AddAlgorithm(run, "MD5", "hash", {ImportedFigure("hash", 16384, 700)});
  const DoctorReport report = DiagnoseReport(run);
  EXPECT_EQ(report.facts.cpu.arch, "");
  const Verdict& aes = Find(report, "AES-128-CBC");
  EXPECT_EQ(aes.status, VerdictStatus::kUndetermined) << aes.line;
  EXPECT_THAT(aes.line, HasSubstr("0.83-4.17 cpb at 1.00-5.00 GHz"));
  EXPECT_THAT(aes.line, HasSubstr("the architecture is unknown (no CPUINFO or platform line)"));
  EXPECT_THAT(aes.line, Not(HasSubstr("reference ranges")));
  EXPECT_THAT(aes.fingerprint, HasSubstr("the architecture is unknown"));
  const Verdict& md5 = Find(report, "MD5");
  EXPECT_THAT(md5.line, Not(HasSubstr("reference ranges"))) << md5.line;
  EXPECT_THAT(FindingIds(report), Contains("report.arch-unknown"));
}

// "No CPU-feature path" holds for MD5 and 3DES on x86 and ARM only: SPARC T4 has DES and MD5
// instructions, which OpenSSL's dest4-sparcv9 and md5-sparcv9 use (the issue's seed question
// asks how to tell for DES-EDE3 on SPARC), so there the report cannot tell which code ran.
TEST(DoctorFromTest, NoFeaturePathIsClaimedOnlyWhereNoCpuHasOne) {
  results::RunResult sparc = ImportedRun("", kOpenssl111);
  sparc.source.facts.push_back({"uname", "Linux t4 4.19.0 #1 SMP sparc64 GNU/Linux", 1});
  AddAlgorithm(sparc, "DES-EDE3-CBC", "cipher", {ImportedFigure("encrypt", 8192, 10.2)});
  AddAlgorithm(sparc, "MD5", "hash", {ImportedFigure("hash", 8192, 200)});
  const DoctorReport on_sparc = DiagnoseReport(sparc);
  ASSERT_EQ(on_sparc.facts.cpu.arch.substr(0, 5), "sparc");
  for (const char* name : {"DES-EDE3-CBC", "MD5"}) {
    const Verdict& v = Find(on_sparc, name);
    EXPECT_EQ(v.status, VerdictStatus::kUndetermined) << v.line;
    EXPECT_THAT(v.line, Not(HasSubstr("no CPU-feature path"))) << v.line;
    EXPECT_THAT(v.line, HasSubstr("SPARC T4")) << v.line;
    EXPECT_THAT(v.evidence, Contains(HasSubstr("-sparcv9.pl)")));
  }

  results::RunResult x86 = ImportedRun("", kOpenssl111);
  x86.library.platform = "platform: linux-x86_64";
  AddAlgorithm(x86, "MD5", "hash", {ImportedFigure("hash", 8192, 700)});
  const DoctorReport on_x86 = DiagnoseReport(x86);
  const Verdict& md5 = Find(on_x86, "MD5");
  EXPECT_EQ(md5.status, VerdictStatus::kNoHardwarePath) << md5.line;
  EXPECT_THAT(md5.line, HasSubstr("MD5 has no CPU-feature path to check on x86_64"));

  results::RunResult unknown = ImportedRun("", kOpenssl111);
  AddAlgorithm(unknown, "MD5", "hash", {ImportedFigure("hash", 8192, 700)});
  AddAlgorithm(unknown, "SHA3-256", "hash", {ImportedFigure("hash", 8192, 300)});
  const DoctorReport no_arch = DiagnoseReport(unknown);
  // Without an architecture, the SPARC T4 row (data/feature-paths.csv) leaves MD5 undetermined.
  EXPECT_EQ(Find(no_arch, "MD5").status, VerdictStatus::kUndetermined) << Find(no_arch, "MD5").line;
  // AArch64 cores with the ARMv8.2 SHA3 instructions run OpenSSL's SHA-3 with them.
  EXPECT_EQ(Find(no_arch, "SHA3-256").status, VerdictStatus::kUndetermined)
      << Find(no_arch, "SHA3-256").line;
}

// A library the tables do not cover gets no "no CPU-feature path" for an algorithm without a
// family: AWS-LC signs Ed25519 with s2n-bignum's assembly (tryout 24, p46), while OpenSSL has no
// Ed25519 assembly (data/pk-asm.csv).
TEST(DoctorFromTest, OtherLibrariesGetNoOpensslPathClaims) {
  results::RunResult aws = ImportedRun("", kOpenssl30);
  aws.source.tool = "bssl speed";
  aws.library.version = "AWS-LC 1.20.0";
  aws.library.platform = "platform: linux-aarch64";
  AddAlgorithm(aws, "Ed25519", "signature", {ImportedFigure("sign", 0, 53760)});
  const DoctorReport ed_report = DiagnoseReport(aws);
  const Verdict& ed = Find(ed_report, "Ed25519");
  EXPECT_EQ(ed.status, VerdictStatus::kUndetermined) << ed.line;
  EXPECT_THAT(ed.line, HasSubstr("s2n-bignum")) << ed.line;
  EXPECT_THAT(ed.line, Not(HasSubstr("no CPU-feature path"))) << ed.line;

  aws.algorithms.clear();
  AddAlgorithm(aws, "BLAKE2b-512", "hash", {ImportedFigure("hash", 8192, 900)});
  const DoctorReport blake_report = DiagnoseReport(aws);
  const Verdict& blake = Find(blake_report, "BLAKE2b-512");
  EXPECT_EQ(blake.status, VerdictStatus::kUndetermined) << blake.line;
  EXPECT_THAT(blake.line, HasSubstr("tables do not say whether AWS-LC has")) << blake.line;

  aws.algorithms.clear();
  AddAlgorithm(aws, "DES-EDE3-CBC", "cipher", {ImportedFigure("encrypt", 8192, 30)});
  const DoctorReport des_report = DiagnoseReport(aws);
  const Verdict& des = Find(des_report, "DES-EDE3-CBC");
  EXPECT_EQ(des.status, VerdictStatus::kNoHardwarePath) << des.line;
}

TEST(DoctorFromTest, VectorWithoutShaNiAndAShaNiFigureDisagree) {
  // The vector says the CPU has no SHA-NI, yet only SHA-NI reaches 1.79 GB/s at 1-5 GHz: the
  // vector was masked or edited, or the figure is from another machine.
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVectorNoShaNi, kOpenssl30);
  run.source.timing_basis = "wall_clock";
  AddAlgorithm(run, "SHA-256", "hash", {ImportedFigure("hash", 16384, 1790)});
  const DoctorReport report = DiagnoseReport(run);
  ASSERT_TRUE(report.facts.report->cpu_features_known);
  EXPECT_FALSE(report.facts.cpu.Usable("SHA-NI"));
  const Verdict& v = Find(report, "SHA-256");
  EXPECT_EQ(v.status, VerdictStatus::kUndetermined) << v.line;
  EXPECT_THAT(v.line, HasSubstr("has SHA-NI clear"));
  EXPECT_THAT(v.line, HasSubstr("disagree"));
  EXPECT_THAT(v.evidence, Contains(HasSubstr(fmt::format(
                              "the capability vector {} has SHA-NI clear: the CPU lacks it, the "
                              "OS disabled it, or the vector was masked or edited",
                              kVectorNoShaNi))));
  EXPECT_THAT(v.evidence, Contains(HasSubstr("another machine")));
  EXPECT_FALSE(v.advice.empty());
  EXPECT_EQ(report.ExitStatus(), 0);  // a contradiction to look at, not a proven problem

  // A figure that fits software keeps the plain verdict.
  results::RunResult slow =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVectorNoShaNi, kOpenssl30);
  AddAlgorithm(slow, "SHA-256", "hash", {ImportedFigure("hash", 16384, 300)});
  const DoctorReport slow_report = DiagnoseReport(slow);
  const Verdict& software = Find(slow_report, "SHA-256");
  EXPECT_EQ(software.status, VerdictStatus::kSoftwareExpected) << software.line;
}

// A report whose verdicts say only that software is the best the CPU facts allow ends in a
// conclusion: it cannot tell whether the CPU lacks the instructions or something (a hypervisor's
// CPU model, the kernel) hides them, and names lscpu; a stated cause leaves it out.
TEST(DoctorFromTest, SoftwareExpectedAloneCannotTellWhyTheInstructionsAreMissing) {
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVectorNoAesNi, kOpenssl30);
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 66)});
  DoctorReport report = DiagnoseReport(run);
  ASSERT_EQ(Find(report, "AES-128-CBC").status, VerdictStatus::kSoftwareExpected);
  const Finding* open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->summary, HasSubstr("why AES-128-CBC encrypt ran in software"));
  EXPECT_THAT(open->summary, HasSubstr("a hypervisor or the kernel may hide them"));
  EXPECT_THAT(open->evidence, HasSubstr("has AES-NI clear"));
  EXPECT_THAT(open->advice, HasSubstr("Run `lscpu`"));
  EXPECT_THAT(open->advice, HasSubstr("Hypervisor vendor"));
  // Beside an accelerated SHA-256 the AES question is as open: the report still ends in it,
  // naming the accelerated verdict as what it is (it used to end with no conclusion at all).
  AddAlgorithm(run, "SHA-256", "hash", {ImportedFigure("hash", 16384, 3000)});
  report = DiagnoseReport(run);
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
  open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->summary, HasSubstr("why AES-128-CBC encrypt ran in software"));
  EXPECT_THAT(open->summary, Not(HasSubstr("SHA-256")));
  EXPECT_THAT(open->evidence, HasSubstr("the verdicts call SHA-256 hash accelerated"));
  EXPECT_THAT(open->advice, HasSubstr("Run `lscpu`"));
}

// Software-expected verdicts (the vector lacks SHA-NI) beside accelerated ones, with a clock the
// text gives or a figure above every software AES at any clock, beside an MD5 row too: the
// report ends in "cannot tell why", never in silence, and never in "the crypto is fine".
TEST(DoctorFromTest, SoftwareExpectedBesideAcceleratedVerdictsStillCannotTellWhy) {
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVectorNoShaNi, kOpenssl30);
  run.source.timing_basis = "wall_clock";
  AddAlgorithm(run, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 6450)});
  AddAlgorithm(run, "SHA-256", "hash", {ImportedFigure("hash", 16384, 500)});
  DoctorReport report = DiagnoseReport(run);
  ASSERT_EQ(Find(report, "AES-128-GCM").status, VerdictStatus::kAccelerated);
  ASSERT_EQ(Find(report, "SHA-256").status, VerdictStatus::kSoftwareExpected);
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
  const Finding* open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->summary, HasSubstr("why SHA-256 hash ran in software"));
  EXPECT_THAT(open->evidence, HasSubstr("the verdicts call AES-128-GCM encrypt accelerated"));

  run.source.facts.push_back(
      {"cpu_model", "model name: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz", 2});
  run.algorithms.front().cells = {ImportedFigure("encrypt", 16384, 2000)};
  AddAlgorithm(run, "MD5", "hash", {ImportedFigure("hash", 16384, 700)});
  report = DiagnoseReport(run);
  ASSERT_EQ(Find(report, "AES-128-GCM").status, VerdictStatus::kAccelerated);
  ASSERT_EQ(Find(report, "MD5").status, VerdictStatus::kNoHardwarePath);
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
  EXPECT_THAT(FindingOf(report, "report.cannot-tell")->summary,
              HasSubstr("why SHA-256 hash ran in software"));
}

TEST(DoctorFromTest, VectorWithoutAesNiAndAnAesNiFigureNameTheEngine) {
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVectorNoAesNi, kOpenssl30);
  run.source.engine_or_provider = "engine qatengine";
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 1500)});
  const DoctorReport report = DiagnoseReport(run);
  const Verdict& v = Find(report, "AES-128-CBC");
  EXPECT_EQ(v.status, VerdictStatus::kUndetermined) << v.line;
  EXPECT_THAT(v.evidence, Contains(HasSubstr("engine qatengine")));
}

TEST(DoctorFromTest, OneXCompilerLineWithoutAsmDefinesIsAFindingNotProof) {
  results::RunResult run = ImportedRun("", kOpenssl111);
  run.library.platform = "platform: linux-x86_64";
  run.library.cflags = "compiler: gcc -fPIC -pthread -m64 -O3 -DL_ENDIAN -DNDEBUG";
  AddAlgorithm(run, "SHA-256", "hash", {ImportedFigure("hash", 16384, 300)});
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 1500)});
  const DoctorReport report = DiagnoseReport(run);
  EXPECT_FALSE(report.facts.no_asm_build);  // a paste may have shortened the line
  EXPECT_THAT(FindingIds(report), Contains("library.no-asm-defines"));
  const Verdict& sha = Find(report, "SHA-256");
  EXPECT_EQ(sha.status, VerdictStatus::kUndetermined) << sha.line;
  EXPECT_THAT(sha.evidence, Contains("the compiler line lacks -DSHA256_ASM"));
  // A figure only AES-NI reaches shows the line was shortened.
  EXPECT_EQ(Find(report, "AES-128-CBC").status, VerdictStatus::kAccelerated);
}

// openssl speed 1.x prints the compiler line just before its results table: with every figure
// recomputed from progress lines, no table follows the line and the paste may end inside it
// (github.com/CZ-NIC/turris-os/issues/52 as stored), so its missing defines prove nothing.
TEST(DoctorFromTest, CompilerLineWithNoTableAfterItMayBeCut) {
  // 1.0.2's line (1.1.1 prints -DNDEBUG after its assembly defines, so a 1.1.1 line without it
  // may be cut whatever follows: below).
  results::RunResult run = ImportedRun("", 0x1000215f);
  run.library.version = "OpenSSL 1.0.2u";
  run.library.cflags = "compiler: gcc -I. -I.. -I../include -fPIC -DOPENSSL_PIC -I/home/b/includ";
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 8192, 40)});
  for (results::AlgorithmResult& result : run.algorithms) {
    for (results::Cell& cell : result.cells) {
      cell.caveats.push_back(
          {"recomputed from the progress lines (from line 5), the results table lacking its row", 5,
           false});
    }
  }
  const DoctorReport cut = DiagnoseReport(run);
  EXPECT_TRUE(cut.facts.report->compiler_line_may_be_cut);
  EXPECT_THAT(FindingIds(cut), Not(Contains("library.no-asm-defines")));
  EXPECT_THAT(cut.facts.report->cannot_know, Contains(HasSubstr("may end inside it")));
  // With one figure from a results table, the line was followed by it: the rule applies.
  run.algorithms.front().cells.front().caveats.clear();
  const DoctorReport whole = DiagnoseReport(run);
  EXPECT_FALSE(whole.facts.report->compiler_line_may_be_cut);
  EXPECT_THAT(FindingIds(whole), Contains("library.no-asm-defines"));
  // A 1.1.1 line that ends before -DNDEBUG, though a table follows it.
  run.library.version = "OpenSSL 1.1.1w";
  run.library.version_num = kOpenssl111;
  run.library.cflags =
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
      "-DL_ENDIAN -DOPENSSL_PIC";
  EXPECT_THAT(FindingIds(DiagnoseReport(run)), Not(Contains("library.no-asm-defines")));
  run.library.cflags += " -DNDEBUG";  // whole: a build without assembly (WholeLineWithoutAsm)
  EXPECT_THAT(FindingIds(DiagnoseReport(run)), Contains("library.no-asm"));
}

// FreeBSD's base system prints "compiler: clang": a line without Configure's defines says
// nothing about assembly (issue 13, section 5).
TEST(DoctorFromTest, CompilerLineWithoutConfigureDefinesSaysNothingAboutAsm) {
  results::RunResult run = ImportedRun("", kOpenssl111);
  run.library.cflags = "compiler: clang";
  AddAlgorithm(run, "SHA-256", "hash", {ImportedFigure("hash", 16384, 300)});
  const DoctorReport report = DiagnoseReport(run);
  EXPECT_THAT(FindingIds(report), Not(Contains("library.no-asm-defines")));
  EXPECT_THAT(Find(report, "SHA-256").evidence, Not(Contains(HasSubstr("-DSHA256_ASM"))));
  EXPECT_TRUE(PrintsConfigureDefines("gcc -O3 -DL_ENDIAN -DNDEBUG"));
  EXPECT_FALSE(PrintsConfigureDefines("clang"));
}

// Low-level AES rows are a cause only where the text shows the CPU has AES instructions.
TEST(DoctorFromTest, LegacyAesRowsAreACauseOnlyWithAesInstructionsShown) {
  const std::string caveat =
      "Rows 'aes-128 cbc' time OpenSSL 1.x's low-level API (AES_*, DES_*, SHA256() ...), not EVP.";
  const auto severity = [&](const std::string& cpu_info) {
    results::RunResult run = ImportedRun(cpu_info, kOpenssl111);
    run.source.evp = "legacy";
    run.source.caveats.push_back(caveat);
    AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 100)});
    const DoctorReport report = DiagnoseReport(run);
    for (const Finding& f : report.findings) {
      if (f.id == "report.legacy-api") {
        return std::optional<Severity>(f.severity);
      }
    }
    return std::optional<Severity>();
  };
  EXPECT_EQ(severity(""), Severity::kInfo);
  EXPECT_EQ(severity(std::string("CPUINFO: OPENSSL_ia32cap=") + kVectorNoAesNi), Severity::kInfo);
  EXPECT_EQ(severity(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector), Severity::kWarning);

  // Legacy rows of other algorithms (SM2, SHA-256) have no API verdict at all.
  results::RunResult sha = ImportedRun("", kOpenssl111);
  sha.source.evp = "legacy";
  sha.source.caveats.push_back("Rows 'sha256' time OpenSSL 1.x's low-level API, not EVP.");
  AddAlgorithm(sha, "SHA-256", "hash", {ImportedFigure("hash", 16384, 300)});
  EXPECT_THAT(FindingIds(DiagnoseReport(sha)), Not(Contains("report.legacy-api")));
}

TEST(DoctorFromTest, WithoutCpuinfoFeaturesAreUnknownAndOnlyFastFiguresDecide) {
  results::RunResult run = ImportedRun("", kOpenssl111);
  run.library.cflags =
      "compiler: gcc -fPIC -pthread -m64 -O3 -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 "
      "-DSHA256_ASM -DAESNI_ASM -DVPAES_ASM -DGHASH_ASM";
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 100)});
  AddAlgorithm(run, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 4500)});
  const DoctorReport report = DiagnoseReport(run);

  EXPECT_EQ(report.facts.cpu.arch, "x86_64");  // -DOPENSSL_IA32_SSE2 with -m64
  EXPECT_FALSE(report.facts.report->cpu_features_known);
  EXPECT_THAT(report.facts.cpu.features, IsEmpty());
  EXPECT_FALSE(report.facts.no_asm_build);
  // 100 MB/s is software at any clock in range, but whether the CPU has AES-NI is unknown.
  const Verdict& cbc = Find(report, "AES-128-CBC");
  EXPECT_EQ(cbc.status, VerdictStatus::kUndetermined) << cbc.line;
  EXPECT_THAT(cbc.line, HasSubstr("does not say whether the CPU has AES-NI"));
  EXPECT_THAT(cbc.evidence, Contains("the compiler line has -DAESNI_ASM"));
  const Verdict& gcm = Find(report, "AES-128-GCM");
  EXPECT_EQ(gcm.status, VerdictStatus::kAccelerated) << gcm.line;
  EXPECT_THAT(gcm.line, HasSubstr("features are not in the text"));
  EXPECT_THAT(FindingIds(report), Contains("report.no-cpuinfo"));
  bool says_features_unknown = false;
  for (const std::string& fact : report.facts.report->cannot_know) {
    says_features_unknown = says_features_unknown || fact.starts_with("Which features");
  }
  EXPECT_TRUE(says_features_unknown);
  EXPECT_EQ(report.ExitStatus(), 0);
}

// The vector has AES-NI and 3.0 has the EVP AES-NI path: the build is not why the figure is
// software's, and the report cannot tell what is (new-user tryout: this was "NOT accelerated ...
// check the build").
TEST(DoctorFromTest, SoftwareFigureWhereTheVectorAndReleaseHaveAesNiCannotTellWhy) {
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 100)});
  const DoctorReport report = DiagnoseReport(run);
  const Verdict& v = Find(report, "AES-128-CBC");
  EXPECT_EQ(v.status, VerdictStatus::kUndetermined) << v.line;
  EXPECT_THAT(v.line, HasSubstr("capability vector has AES-NI set"));
  EXPECT_THAT(v.line, HasSubstr("cannot tell from this report why"));
  EXPECT_EQ(report.ExitStatus(), 0);
}

TEST(DoctorFromTest, SoftwareFigureIsNoProofAtSmallSizesOrWithSeveralProcesses) {
  results::RunResult small =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  AddAlgorithm(small, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16, 100)});
  EXPECT_EQ(Find(DiagnoseReport(small), "AES-128-CBC").status, VerdictStatus::kUndetermined);

  results::RunResult multi = small;
  multi.algorithms.clear();
  multi.source.multi = 4;
  multi.source.timing_basis = "wall_clock";
  AddAlgorithm(multi, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 400)});
  const DoctorReport report = DiagnoseReport(multi);
  const Verdict& v = Find(report, "AES-128-CBC");
  EXPECT_EQ(v.status, VerdictStatus::kUndetermined) << v.line;
  // No per-child figures: the total divided by the process count.
  EXPECT_DOUBLE_EQ(v.measurements[0].bytes_per_s, 400e6 / 4);
  EXPECT_THAT(v.measurements[0].label, HasSubstr("4 processes"));
  EXPECT_THAT(FindingIds(report), Contains("report.multi"));
}

// -multi 4 pinned to 2 CPUs (taskset -c 0,1): the children time by wall clock and shared the two
// CPUs, so the sum is two CPUs' throughput: per CPU it is the sum / 2, not the sum / 4.
TEST(DoctorFromTest, MultiPinnedToFewerCpusDividesByThePinnedCpus) {
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  run.source.multi = 4;
  run.source.timing_basis = "wall_clock";
  run.source.invocation.pinning = "taskset -c 0,1";
  run.source.invocation.pinned_cpus = 2;
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 400)});
  const DoctorReport report = DiagnoseReport(run);
  const Verdict& v = Find(report, "AES-128-CBC");
  ASSERT_FALSE(v.measurements.empty());
  EXPECT_DOUBLE_EQ(v.measurements[0].bytes_per_s, 400e6 / 2);
  EXPECT_THAT(v.measurements[0].label, HasSubstr("2 pinned CPUs (4 processes shared them)"));
}

// The caveat's plural (new-user tryout: "the sum is 2 CPUs's throughput").
TEST(DoctorFromTest, PinnedMultiCaveatSaysCpusThroughputInThePlural) {
  const std::vector<results::RunResult> runs = import::ImportText(
      "$ taskset -c 0,1 openssl speed -multi 4 -evp aes-128-cbc\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "aes-128-cbc     826114.20k  1298377.61k  1441270.02k  1489933.14k  1502288.90k  "
      "1503918.08k\n",
      "paste.txt");
  ASSERT_FALSE(runs.empty());
  bool found = false;
  for (const std::string& caveat : runs.back().source.caveats) {
    if (caveat.find("so the sum is") != std::string::npos) {
      found = true;
      EXPECT_THAT(caveat, HasSubstr("the sum is 2 CPUs' throughput")) << caveat;
    }
  }
  EXPECT_TRUE(found);
}

TEST(DoctorFromTest, FastestChildIsThePerProcessFigure) {
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  run.source.multi = 2;
  results::Cell cell = ImportedFigure("encrypt", 16384, 3000);
  cell.figures->worker_max_ops_per_s = 1.6e9 / 16384;
  AddAlgorithm(run, "AES-128-CBC", "cipher", {cell});
  const DoctorReport report = DiagnoseReport(run);
  const Verdict& v = Find(report, "AES-128-CBC");
  EXPECT_DOUBLE_EQ(v.measurements[0].bytes_per_s, 1.6e9);
  EXPECT_EQ(v.status, VerdictStatus::kAccelerated) << v.line;
}

TEST(DoctorFromTest, RangeSpanningBothSidesIsClassUndeterminedWithTheRangeStated) {
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  AddAlgorithm(run, "SHA-512", "hash", {ImportedFigure("hash", 16384, 900)});
  const DoctorReport report = DiagnoseReport(run);
  const Verdict& v = Find(report, "SHA-512");
  EXPECT_EQ(v.status, VerdictStatus::kUndetermined) << v.line;
  EXPECT_THAT(v.line, HasSubstr("class undetermined"));
  // The cpb range at 1 and 5 GHz, as computed from the figure.
  EXPECT_THAT(v.line, HasSubstr(fmt::format("{:.2f}-{:.2f} cpb", 1e9 / 900e6, 5e9 / 900e6)));
}

TEST(DoctorFromTest, EnvMaskInTheCpuinfoLineIsAProblem) {
  results::RunResult run = ImportedRun(
      std::string("CPUINFO: OPENSSL_ia32cap=") + kVectorNoAesNi + " env:~0x200000000000000:~0",
      kOpenssl30);
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 300)});
  AddAlgorithm(run, "SHA-256", "hash", {ImportedFigure("hash", 16384, 1790)});
  const DoctorReport report = DiagnoseReport(run);
  ASSERT_TRUE(report.facts.env_ia32cap);
  EXPECT_EQ(*report.facts.env_ia32cap, "~0x200000000000000:~0");
  EXPECT_THAT(report.facts.env_masked_features, ElementsAre("AES-NI"));
  const Verdict& aes = Find(report, "AES-128-CBC");
  EXPECT_EQ(aes.status, VerdictStatus::kMasked) << aes.line;
  EXPECT_THAT(aes.line, HasSubstr("OPENSSL_ia32cap=~0x200000000000000:~0"));
  EXPECT_EQ(Find(report, "SHA-256").status, VerdictStatus::kAccelerated);
  EXPECT_THAT(FindingIds(report), Contains("env.ia32cap"));
  EXPECT_EQ(report.ExitStatus(), 1);
  EXPECT_THAT(aes.line, HasSubstr("the env: part of the report's CPUINFO line"));

  // A cryptobench run records the variable it set for its workers: no CPUINFO line is named.
  run.source = results::SourceInfo{};
  run.machine.arch = "x86_64";
  const DoctorReport measured = DiagnoseReport(run);
  const Verdict& masked = Find(measured, "AES-128-CBC");
  EXPECT_EQ(masked.status, VerdictStatus::kMasked) << masked.line;
  EXPECT_THAT(masked.line, HasSubstr("set for the run's workers"));
  EXPECT_THAT(masked.line, Not(HasSubstr("CPUINFO")));
}

TEST(DoctorFromTest, UserCpuTimingWithAnEngineCannotProveAcceleration) {
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  run.source.engine_or_provider = "engine qatengine";
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 1500)});
  const DoctorReport report = DiagnoseReport(run);
  const Verdict& v = Find(report, "AES-128-CBC");
  EXPECT_EQ(v.status, VerdictStatus::kUndetermined) << v.line;
  EXPECT_THAT(v.line, HasSubstr("engine qatengine"));
  // QAT_Engine's compiled-in list leaves plain AES-CBC out: nothing of it was offloaded.
  EXPECT_THAT(FindingIds(report), Not(Contains("report.user-cpu-offload")));
  // An engine whose list the table does not know may take it: user CPU time may hide its work.
  run.source.engine_or_provider = "engine mystery";
  EXPECT_THAT(FindingIds(DiagnoseReport(run)), Contains("report.user-cpu-offload"));

  run.source.timing_basis = "wall_clock";
  EXPECT_EQ(Find(DiagnoseReport(run), "AES-128-CBC").status, VerdictStatus::kAccelerated);
}

TEST(DoctorFromTest, ArmcapDecodesToAarch64Features) {
  // 0xbd: NEON, AES, SHA1, SHA256, PMULL and CPUID (bits 0, 2, 3, 4, 5, 7); no SHA512.
  results::RunResult run = ImportedRun("CPUINFO: OPENSSL_armcap=0xbd", kOpenssl30);
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 1500)});
  AddAlgorithm(run, "SHA-512", "hash", {ImportedFigure("hash", 16384, 600)});
  const DoctorReport report = DiagnoseReport(run);
  EXPECT_EQ(report.facts.cpu.arch, "aarch64");
  EXPECT_TRUE(report.facts.cpu.Usable("AES"));
  EXPECT_FALSE(report.facts.cpu.Usable("SHA512"));
  EXPECT_EQ(Find(report, "AES-128-CBC").status, VerdictStatus::kAccelerated);
  EXPECT_EQ(Find(report, "SHA-512").status, VerdictStatus::kSoftwareExpected);

  // OPENSSL_armcap replaces the mask: 0x1 (NEON only) switches AES off, on a CPU whose
  // Features line shows it (without one, armcap_report_test.cc: cannot tell).
  run.source.facts.push_back(
      {"cpu_flags", "fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid", 1, "/proc/cpuinfo"});
  run.library.cpu_info = "CPUINFO: OPENSSL_armcap=0x1 env:0x1";
  run.library.capability_vector = "0x1";
  const DoctorReport masked = DiagnoseReport(run);
  EXPECT_THAT(masked.facts.env_masked_features, Contains("AES"));
  EXPECT_EQ(Find(masked, "AES-128-CBC").status, VerdictStatus::kMasked);

  // OpenSSL reads the value with strtoul: "0xb9:0x0" is 0xb9, AES and SHA512 off, PMULL, SHA1
  // and SHA2 on (as the CPUINFO word itself shows).
  run.library.cpu_info = "CPUINFO: OPENSSL_armcap=0xb9 env:0xb9:0x0";
  run.library.capability_vector = "0xb9";
  const DoctorReport trailing = DiagnoseReport(run);
  EXPECT_THAT(trailing.facts.env_masked_features, Contains("AES"));
  EXPECT_THAT(trailing.facts.env_masked_features, Not(Contains("PMULL")));
  EXPECT_THAT(trailing.facts.env_masked_features, Not(Contains("SHA2")));
}

TEST(DoctorFromTest, ClockRangeComesFromTheCpuModelOrTheTsc) {
  results::MachineInfo machine;
  ReportClock clock = ReportClockRange(machine);
  EXPECT_EQ(clock.hz_low, kReportDefaultHzLow);
  EXPECT_EQ(clock.hz_high, kReportDefaultHzHigh);
  EXPECT_THAT(clock.source, HasSubstr("assumed"));

  machine.cpu_model = "Intel(R) Core(TM) i7-8550U CPU @ 1.80GHz";
  clock = ReportClockRange(machine);
  EXPECT_DOUBLE_EQ(clock.hz_low, 0.8 * 1.8e9);
  EXPECT_DOUBLE_EQ(clock.hz_high, 2.25 * 1.8e9);  // below the 5 GHz ceiling
  EXPECT_THAT(clock.source, HasSubstr("1.80GHz"));

  machine.cpu_model = "Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz";
  EXPECT_DOUBLE_EQ(ReportClockRange(machine).hz_high, kReportDefaultHzHigh);

  machine.cpu_model = "AMD EPYC 9R14 96-Core Processor";
  machine.tick_counter = "tsc";
  machine.tick_rate_hz = 2.6e9;
  clock = ReportClockRange(machine);
  EXPECT_DOUBLE_EQ(clock.hz_low, 0.8 * 2.6e9);
  EXPECT_THAT(clock.source, HasSubstr("TSC"));
}

// An AArch64 paste's lscpu limits bound its clock at the max: ReportClockRange(run) passes the
// run's architecture (new-user tryout 20, n10: Cortex-A72, 1800 MHz max, cpb up to 4.05 GHz).
TEST(DoctorFromTest, AnArmPastesLscpuMaxIsItsTopClock) {
  const std::vector<results::RunResult> runs = import::ImportText(
      "$ lscpu\n"
      "Architecture:                    aarch64\n"
      "Model name:                      Cortex-A72\n"
      "CPU max MHz:                     1800.0000\n"
      "CPU min MHz:                     600.0000\n"
      "Flags:                           fp asimd evtstrm crc32 cpuid\n"
      "$ openssl speed -elapsed -evp aes-128-gcm\n"
      "version: 3.0.11\n"
      "built on: Sat Sep 23 19:07:26 2023 UTC\n"
      "options: bn(64,64)\n"
      "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
      "-DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
      "CPUINFO: OPENSSL_armcap=0x1\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "AES-128-GCM      19917.39k    25029.42k    26719.79k    27181.74k    27309.40k    "
      "27322.37k\n",
      "paste.txt");
  const ReportClock clock = ReportClockRange(runs.back());
  EXPECT_DOUBLE_EQ(clock.hz_low, 0.8 * 600e6);
  EXPECT_DOUBLE_EQ(clock.hz_high, 1800e6);
}

// lscpu's "CPU min MHz" and "CPU max MHz" (the kernel's cpufreq limits) bound the clock when the
// text has no base clock, with the same throttle and turbo allowance; one of them alone, two
// machines that disagree, or a base clock in the model line leave them unused.
TEST(DoctorFromTest, ClockRangeFromLscpuCpufreqLimits) {
  const results::MachineInfo machine;
  std::vector<results::SourceFact> facts = {{"cpu_max_mhz", "1512.0000", 4},
                                            {"cpu_min_mhz", "408.0000", 5}};
  ReportClock clock = ReportClockRange(machine, facts);
  EXPECT_DOUBLE_EQ(clock.hz_low, 0.8 * 408e6);
  EXPECT_DOUBLE_EQ(clock.hz_high, 2.25 * 1512e6);
  EXPECT_THAT(clock.source, HasSubstr("CPU max MHz (line 4)"));

  // A max of 2401 MHz (acpi-cpufreq's base + 1) leaves room for turbo up to the 5 GHz ceiling.
  facts[0].value = "2401.0000";
  EXPECT_DOUBLE_EQ(ReportClockRange(machine, facts).hz_high, kReportDefaultHzHigh);

  // On aarch64 (cpufreq-dt, cppc_cpufreq) the max is the top: boost clocks count into it while
  // the kernel allows them (new-user tryout 20, n10). x86 and an unknown architecture keep the
  // turbo allowance.
  facts[0].value = "1800.0000";
  const ReportClock arm = ReportClockRange(machine, facts, "aarch64");
  EXPECT_DOUBLE_EQ(arm.hz_low, 0.8 * 408e6);
  EXPECT_DOUBLE_EQ(arm.hz_high, 1800e6);
  EXPECT_THAT(arm.source, HasSubstr("the max (on aarch64"));
  EXPECT_DOUBLE_EQ(ReportClockRange(machine, facts, "x86_64").hz_high, 2.25 * 1800e6);
  EXPECT_DOUBLE_EQ(ReportClockRange(machine, facts).hz_high, 2.25 * 1800e6);

  // Only one limit: unknown.
  EXPECT_EQ(ReportClockRange(machine, {facts[0]}).hz_low, kReportDefaultHzLow);
  // Two machines' lscpu with different limits: unknown.
  std::vector<results::SourceFact> two = facts;
  two.push_back({"cpu_max_mhz", "3000.0000", 9});
  EXPECT_EQ(ReportClockRange(machine, two).hz_high, kReportDefaultHzHigh);
  EXPECT_THAT(ReportClockRange(machine, two).source, HasSubstr("assumed"));
  // min above max is no range.
  EXPECT_EQ(
      ReportClockRange(machine, {{"cpu_max_mhz", "400", 1}, {"cpu_min_mhz", "800", 2}}).hz_low,
      kReportDefaultHzLow);
  // A base clock in the model line comes first.
  facts.push_back({"cpu_model", "model name: Intel(R) Core(TM) i7-8550U CPU @ 1.80GHz", 1});
  EXPECT_DOUBLE_EQ(ReportClockRange(machine, facts).hz_low, 0.8 * 1.8e9);
}

// The same limits read from cpufreq's sysfs files (import's origin "sysfs cpufreq/FILE") are
// named by their file; a powersave governor is named in the source, the range left as it is.
TEST(DoctorFromTest, ClockRangeFromSysfsCpufreqNamesItsFilesAndThePowersaveGovernor) {
  const results::MachineInfo machine;
  const std::vector<results::SourceFact> facts = {
      {"cpu_max_mhz", "1800.000", 2, "sysfs cpufreq/scaling_max_freq"},
      {"cpu_governor", "powersave", 4, "sysfs cpufreq/scaling_governor"},
      {"cpu_min_mhz", "600.000", 8, "sysfs cpufreq/cpuinfo_min_freq"}};
  const ReportClock clock = ReportClockRange(machine, facts);
  EXPECT_DOUBLE_EQ(clock.hz_low, 0.8 * 600e6);
  EXPECT_THAT(clock.source, HasSubstr("sysfs cpufreq/cpuinfo_min_freq (line 8)"));
  EXPECT_THAT(clock.source, HasSubstr("sysfs cpufreq/scaling_max_freq (line 2)"));
  EXPECT_THAT(clock.source, HasSubstr("powersave cpufreq governor (line 4)"));
  // Without limits the range stays assumed, and the governor is still named.
  const ReportClock assumed = ReportClockRange(machine, {facts[1]});
  EXPECT_EQ(assumed.hz_low, kReportDefaultHzLow);
  EXPECT_THAT(assumed.source, HasSubstr("powersave"));
}

// An AArch64 AES-128-GCM figure (646 MB/s at 16 KiB, a NanoPi R2S's: RK3328, Cortex-A53 with
// the Crypto Extensions; github.com/jayanta525/openwrt-nanopi-r2s/issues/2) with lscpu's limits
// sits in the ARMv8 CE class over the whole range: the crypto is fine. Without the limits
// (1-5 GHz assumed) a NEON path at 5 GHz is not excluded: cannot tell, and no crypto-fine.
TEST(DoctorFromTest, Aarch64GcmWithCpufreqLimitsIsFineWithoutThemCannotTell) {
  results::RunResult run = ImportedRun("", kOpenssl30);
  run.source.facts = {
      {"cpu_arch", "aarch64", 1}, {"cpu_max_mhz", "1512.0000", 2}, {"cpu_min_mhz", "408.0000", 3}};
  AddAlgorithm(run, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 646.187)});
  const auto tags = [](const DoctorReport& report) {
    std::vector<std::string> out;
    for (const StatedCause& cause : StatedCauses(report)) {
      out.push_back(cause.tag);
    }
    return out;
  };
  const DoctorReport fine = DiagnoseReport(run);
  EXPECT_EQ(Find(fine, "AES-128-GCM").status, VerdictStatus::kAccelerated)
      << Find(fine, "AES-128-GCM").line;
  EXPECT_THAT(tags(fine), ElementsAre("crypto-fine"));

  run.source.facts.resize(1);  // the architecture only
  const DoctorReport open = DiagnoseReport(run);
  EXPECT_EQ(Find(open, "AES-128-GCM").status, VerdictStatus::kUndetermined)
      << Find(open, "AES-128-GCM").line;
  EXPECT_THAT(tags(open), ElementsAre("cannot-tell"));
}

TEST(DoctorFromTest, ArchitectureFromMachinePlatformOrCompilerLine) {
  results::RunResult run;
  std::string source;
  EXPECT_EQ(ReportArch(run, &source), "");
  run.library.platform = "platform: debian-amd64";
  EXPECT_EQ(ReportArch(run, &source), "x86_64");
  run.library.platform = "platform: darwin64-arm64-cc";
  EXPECT_EQ(ReportArch(run, &source), "aarch64");
  run.library.platform = "platform: linux-armv4";
  run.library.cpu_info = "CPUINFO: OPENSSL_armcap=0x1";
  EXPECT_EQ(ReportArch(run, &source), "arm");
  run.library.platform = "platform: linux-elf";
  run.library.cpu_info = "CPUINFO: OPENSSL_ia32cap=0x0:0x0";
  EXPECT_EQ(ReportArch(run, &source), "x86");
  run.machine.arch = "x86_64";
  EXPECT_EQ(ReportArch(run, &source), "x86_64");
  EXPECT_THAT(source, HasSubstr("machine"));
}

// Configure targets the name heuristics missed or misread, from sourced platform rows
// (data/cpu-clues.csv: Configurations/10-main.conf, NOTES-WINDOWS.md, NOTES-ANDROID.md); a
// generic target names no architecture.
TEST(DoctorFromTest, PlatformTargetsNameTheirArchitectureWithTheirSource) {
  const std::pair<const char*, const char*> cases[] = {{"platform: VC-WIN64A", "x86_64"},
                                                       {"platform: VC-WIN32", "x86"},
                                                       {"platform: mingw64", "x86_64"},
                                                       {"platform: mingw", "x86"},
                                                       {"platform: VC-WIN64-ARM", "aarch64"},
                                                       {"platform: VC-WIN32-ARM", "arm"},
                                                       {"platform: ios64-xcrun", "aarch64"},
                                                       {"platform: android-arm64", "aarch64"},
                                                       {"platform: android-armeabi", "arm"},
                                                       {"platform: darwin64-x86_64-cc", "x86_64"},
                                                       {"platform: darwin64-arm64-cc", "aarch64"},
                                                       {"platform: vms-ia64-p64", "ia64"},
                                                       {"platform: BSD-x86-elf", "x86"},
                                                       {"platform: linux-x32", "x86_64"},
                                                       {"platform: linux-generic64", ""},
                                                       {"platform: linux-generic32", ""}};
  for (const auto& [platform, arch] : cases) {
    results::RunResult run;
    run.library.platform = platform;
    std::string source;
    EXPECT_EQ(ReportArch(run, &source), arch) << platform;
    if (*arch != '\0') {
      EXPECT_THAT(source, HasSubstr("https://github.com/openssl/openssl/blob/")) << platform;
    }
  }
}

// Issue 13 sec. 4: pasted `openssl speed rsa ecdsa des` rows. No experiment can run and no
// sourced ops/s-per-GHz class separates the RSA paths, so RSA says "cannot tell" with what the
// vector offers; 3DES has no x86-64 assembly at all, which is expected (data/pk-asm.csv).
TEST(DoctorFromTest, PublicKeyRowsCannotTellAndDesIsExpectedWithoutAssembly) {
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  // 1000 sign/s (below the generic C bound of pk_bounds.h) and 50000 verify/s: ops = MB/s * 1e6
  // / 32.
  AddAlgorithm(run, "RSA-2048", "signature",
               {ImportedFigure("sign", 32, 0.032), ImportedFigure("verify", 32, 1.6)});
  AddAlgorithm(run, "DES-EDE3-CBC", "cipher", {ImportedFigure("encrypt", 8192, 28)});

  const DoctorReport report = DiagnoseReport(run);
  ASSERT_EQ(report.verdicts.size(), 3u);
  const Verdict& sign = report.verdicts[0];
  EXPECT_EQ(sign.algorithm, "RSA-2048");
  EXPECT_EQ(sign.operation, "sign");
  EXPECT_EQ(sign.status, VerdictStatus::kUndetermined);
  EXPECT_THAT(sign.line, HasSubstr("1000 sign/s; cannot tell which code path ran"));
  // kVector has BMI2 and ADX (LV1 0x80100) but no AVX-512 IFMA.
  EXPECT_THAT(sign.line, HasSubstr("offers BMI2 and ADX (MULX/ADCX/ADOX)"));
  EXPECT_THAT(sign.evidence, Contains(HasSubstr("AVX-512 IFMA clear")));
  // OpenSSL 3.0.11: the MULX/ADX row of x86_64-mont5 is cited; 3.1's RSA-3072/4096 IFMA is not.
  EXPECT_THAT(sign.evidence, Contains(HasSubstr("x86_64-mont5 with BMI2+ADX")));
  EXPECT_THAT(sign.evidence, Not(Contains(HasSubstr("rsaz-3k-avx512"))));
  EXPECT_THAT(sign.advice, HasSubstr("cryptobench doctor RSA-2048"));
  EXPECT_EQ(report.verdicts[1].operation, "verify");
  EXPECT_THAT(report.verdicts[1].line, HasSubstr("50000 verify/s"));

  const Verdict& des = Find(report, "DES-EDE3-CBC");
  EXPECT_EQ(des.status, VerdictStatus::kNoHardwarePath);
  EXPECT_THAT(des.line, HasSubstr("this is expected: OpenSSL has no DES-EDE3-CBC assembly for "
                                  "x86_64"));
  EXPECT_THAT(des.evidence, Contains(HasSubstr("crypto/des/build.info")));
  EXPECT_THAT(des.advice, HasSubstr("ChaCha20-Poly1305"));
}

// Issue 13 secs. 2 and 4: an RSA-2048 sign figure that no generic C build reaches at 6.5 GHz
// (pk_bounds.h) shows the assembly ran, with no CPU line and no architecture; below the bound,
// and for verify, other algorithms, other libraries' tools and a named engine, nothing changes.
TEST(DoctorFromTest, Rsa2048SignAboveTheGenericCBoundIsAcceleratedOnAnyCpu) {
  results::RunResult run = ImportedRun("", kOpenssl30);  // no CPUINFO, platform or machine
  // 3000 sign/s and 50000 verify/s: ops = MB/s * 1e6 / 32.
  AddAlgorithm(run, "RSA-2048", "signature",
               {ImportedFigure("sign", 32, 0.096), ImportedFigure("verify", 32, 1.6)});
  DoctorReport report = DiagnoseReport(run);
  ASSERT_EQ(report.verdicts.size(), 2u);
  const Verdict& sign = report.verdicts[0];
  EXPECT_EQ(sign.status, VerdictStatus::kAccelerated) << sign.line;
  EXPECT_THAT(sign.line, HasSubstr("3000 sign/s: no generic C RSA-2048 reaches this at 6.5 GHz "
                                   "(4.84 M cycles/sign for its fastest C, halved): the "
                                   "assembly ran"));
  EXPECT_THAT(sign.evidence, Contains(HasSubstr("above 2686 sign/s, the generic C RSA bound")));
  EXPECT_THAT(sign.evidence, Contains(HasSubstr("rsaz-avx2.pl")));
  EXPECT_THAT(sign.evidence, Contains(HasSubstr("docs/pk-generic-c.md")));
  // RSA verify has no bound (the asm would pass it only above 6.6 GHz): as before.
  EXPECT_EQ(report.verdicts[1].status, VerdictStatus::kUndetermined);
  EXPECT_THAT(report.verdicts[1].line, HasSubstr("cannot tell which code path ran"));
  EXPECT_EQ(FindingOf(report, "report.crypto-fine"), nullptr);

  // The sign figure alone: the crypto is fine, named in sign/s, not as a byte rate.
  results::RunResult sign_only = ImportedRun("", kOpenssl30);
  AddAlgorithm(sign_only, "RSA-2048", "signature", {ImportedFigure("sign", 32, 0.096)});
  report = DiagnoseReport(sign_only);
  const Finding* fine = FindingOf(report, "report.crypto-fine");
  ASSERT_NE(fine, nullptr);
  EXPECT_THAT(fine->summary, HasSubstr("RSA-2048 sign runs at 3000 sign/s"));
  EXPECT_THAT(fine->evidence, HasSubstr("The generic C RSA bound: OpenSSL 3.0.20's fastest C"));
  EXPECT_EQ(FindingOf(report, "report.cannot-tell"), nullptr);

  // Beside an AES figure above every software AES, the byte rate is the ceiling.
  AddAlgorithm(sign_only, "AES-128-XTS", "cipher", {ImportedFigure("encrypt", 65536, 3700)});
  report = DiagnoseReport(sign_only);
  fine = FindingOf(report, "report.crypto-fine");
  ASSERT_NE(fine, nullptr);
  EXPECT_THAT(fine->summary, HasSubstr("AES-128-XTS encrypt"));
  EXPECT_THAT(fine->evidence, HasSubstr("RSA-2048 sign, 3000 sign/s"));
}

// The other bounds of pk_bounds.h: RSA-3072/4096 sign and P-256 sign, verify and derive, each
// above its own ceiling only; both sources are named once each in "the crypto is fine".
TEST(DoctorFromTest, LargerRsaAndP256FiguresAboveTheirGenericCBoundsAreAccelerated) {
  results::RunResult run = ImportedRun("", kOpenssl30);
  // 1000 RSA-3072 sign/s (bound 929), 500 RSA-4096 sign/s (bound 414), 60000 ECDSA-P256
  // sign/s (bound 46.1 k) and 25000 verify/s (bound 22.2 k): ops = MB/s * 1e6 / 32.
  AddAlgorithm(run, "RSA-3072", "signature", {ImportedFigure("sign", 32, 0.032)});
  AddAlgorithm(run, "RSA-4096", "signature", {ImportedFigure("sign", 32, 0.016)});
  AddAlgorithm(run, "ECDSA-P256", "signature",
               {ImportedFigure("sign", 32, 1.92), ImportedFigure("verify", 32, 0.8)});
  DoctorReport report = DiagnoseReport(run);
  ASSERT_EQ(report.verdicts.size(), 4u);
  for (const Verdict& v : report.verdicts) {
    EXPECT_EQ(v.status, VerdictStatus::kAccelerated) << v.algorithm << " " << v.line;
  }
  EXPECT_THAT(report.verdicts[2].line,
              HasSubstr("60000 sign/s: no generic C ECDSA-P256 reaches this at 6.5 GHz (0.282 M "
                        "cycles/sign for its fastest C, halved)"));
  EXPECT_THAT(report.verdicts[3].evidence,
              Contains(HasSubstr("above 22222 verify/s, the generic C P-256 bound")));
  const Finding* fine = FindingOf(report, "report.crypto-fine");
  ASSERT_NE(fine, nullptr);
  EXPECT_THAT(fine->evidence, HasSubstr("The generic C RSA bound"));
  EXPECT_THAT(fine->evidence, HasSubstr("The generic C P-256 bound"));

  // Just below each bound: cannot tell, and the crypto is not called fine.
  results::RunResult below = ImportedRun("", kOpenssl30);
  AddAlgorithm(below, "RSA-3072", "signature", {ImportedFigure("sign", 32, 0.0224)});     // 700/s
  AddAlgorithm(below, "ECDSA-P256", "signature", {ImportedFigure("verify", 32, 0.672)});  // 21000/s
  report = DiagnoseReport(below);
  for (const Verdict& v : report.verdicts) {
    EXPECT_EQ(v.status, VerdictStatus::kUndetermined) << v.algorithm << " " << v.line;
  }
  EXPECT_EQ(FindingOf(report, "report.crypto-fine"), nullptr);
}

TEST(DoctorFromTest, PublicKeyBoundsStayOffWhereTheyDoNotHold) {
  const auto status_of = [](results::RunResult run, const std::string& algorithm,
                            const std::string& operation, double mb_per_s) {
    AddAlgorithm(run, algorithm, "signature", {ImportedFigure(operation, 32, mb_per_s)});
    return DiagnoseReport(run).verdicts.at(0).status;
  };
  const results::RunResult base = ImportedRun("", kOpenssl30);
  // 2000 RSA-2048 sign/s: the fastest generic C (4.84 M cycles per sign) halved reaches it at
  // 4.8 GHz.
  EXPECT_EQ(status_of(base, "RSA-2048", "sign", 0.064), VerdictStatus::kUndetermined);
  // 400 RSA-4096 sign/s, 45000 ECDSA-P256 sign/s: just below their bounds.
  EXPECT_EQ(status_of(base, "RSA-4096", "sign", 0.0128), VerdictStatus::kUndetermined);
  EXPECT_EQ(status_of(base, "ECDSA-P256", "sign", 1.44), VerdictStatus::kUndetermined);
  // 100000 ECDH-P256 derive/s and X25519 derive/s: no bound (the asm would pass one only near
  // 6 GHz, or never).
  EXPECT_EQ(status_of(base, "ECDH-P256", "derive", 3.2), VerdictStatus::kUndetermined);
  EXPECT_EQ(status_of(base, "X25519", "derive", 3.2), VerdictStatus::kUndetermined);
  // 200000 RSA-4096 verify/s: no bound for verify.
  EXPECT_EQ(status_of(base, "RSA-4096", "verify", 6.4), VerdictStatus::kUndetermined);
  // Another library's tool or version line: its C code was not measured.
  results::RunResult bssl = base;
  bssl.source.tool = "bssl speed";
  EXPECT_EQ(status_of(bssl, "RSA-2048", "sign", 0.096), VerdictStatus::kUndetermined);
  EXPECT_EQ(status_of(bssl, "ECDSA-P256", "sign", 1.92), VerdictStatus::kUndetermined);
  results::RunResult libressl = base;
  libressl.library.version = "LibreSSL 3.9.2";
  EXPECT_EQ(status_of(libressl, "RSA-4096", "sign", 0.016), VerdictStatus::kUndetermined);
  // A cryptobench result of another backend with no version recorded.
  results::RunResult botan = base;
  botan.source.tool = "cryptobench";
  botan.library.backend = "botan";
  botan.library.version.clear();
  EXPECT_EQ(status_of(botan, "RSA-2048", "sign", 0.096), VerdictStatus::kUndetermined);
  results::RunResult openssl_backend = botan;
  openssl_backend.library.backend = "openssl";
  EXPECT_EQ(status_of(openssl_backend, "RSA-2048", "sign", 0.096), VerdictStatus::kAccelerated);
  // An engine or provider named: offload is as fast without the assembly. An engine the table
  // knows to take the algorithm (QAT) makes it offloaded; one it does not know leaves it open.
  results::RunResult engine = base;
  engine.source.engine_or_provider = "engine qatengine";
  EXPECT_EQ(status_of(engine, "RSA-2048", "sign", 0.096), VerdictStatus::kOffloaded);
  EXPECT_EQ(status_of(engine, "ECDSA-P256", "sign", 1.92), VerdictStatus::kOffloaded);
  results::RunResult unknown_engine = base;
  unknown_engine.source.engine_or_provider = "engine pkcs11";
  EXPECT_EQ(status_of(unknown_engine, "RSA-2048", "sign", 0.096), VerdictStatus::kUndetermined);
  EXPECT_EQ(status_of(unknown_engine, "ECDSA-P256", "sign", 1.92), VerdictStatus::kUndetermined);
}

TEST(DoctorFromTest, LargestUsableCellDecidesAndOthersAreListedAsNotExamined) {
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  results::Cell failed = ImportedFigure("hash", 16384, 0);
  failed.status = results::CellStatus::kError;
  failed.figures.reset();
  AddAlgorithm(run, "SHA-256", "hash", {ImportedFigure("hash", 8192, 1780), failed});
  AddAlgorithm(run, "RSA-2048", "signature", {ImportedFigure("sign", 32, 0.05)});
  AddAlgorithm(run, "Camellia-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 200)});
  AddAlgorithm(run, "MD5", "hash", {ImportedFigure("hash", 16384, 700)});

  const DoctorReport report = DiagnoseReport(run);
  EXPECT_EQ(Find(report, "SHA-256").input_len, 8192u);
  EXPECT_EQ(report.verdicts.size(), 3u);
  EXPECT_THAT(report.facts.report->not_examined, ElementsAre(HasSubstr("Camellia-128-CBC")));

  // Only the algorithms asked for.
  const DoctorReport only = DiagnoseReport(run, {FindAlgorithm("MD5")});
  ASSERT_EQ(only.verdicts.size(), 1u);
  EXPECT_EQ(only.verdicts[0].algorithm, "MD5");
}

// A row whose every cell is an error (0 operations, in a release whose speed tool has no known
// fault for it): no clock or CPU flag would settle it, so the cannot-tell names the failure and
// a run that checks the algorithm, not lscpu.
TEST(DoctorFromTest, RowWithoutAnyFigureCannotTellAndNamesARunThatChecksIt) {
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  run.source.tool_version = "3.0.16";
  run.library.version = "OpenSSL 3.0.16";
  results::Cell failed = ImportedFigure("decrypt", 16384, 0);
  failed.status = results::CellStatus::kError;
  failed.figures.reset();
  failed.message = "openssl speed reported 0 at line 15: the operation failed or was not run";
  AddAlgorithm(run, "AES-128-GCM", "aead", {failed});
  const DoctorReport report = DiagnoseReport(run);
  const Finding* finding = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(finding, nullptr);
  EXPECT_THAT(finding->summary, HasSubstr("the report has no figure"));
  EXPECT_THAT(finding->evidence, HasSubstr("reported 0 at line 15"));
  EXPECT_THAT(finding->advice, HasSubstr("`cryptobench speed AES-128-GCM --decrypt`"));
  EXPECT_THAT(finding->advice, Not(HasSubstr("lscpu")));
}

TEST(DoctorFromTest, MeasuredRunKeepsItsConfidenceIntervals) {
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  run.source = results::SourceInfo{};  // a cryptobench run: measured, wall-clock
  run.machine.arch = "x86_64";
  results::Cell cell = ImportedFigure("encrypt", 16384, 1500);
  cell.figures->confidence = 0.95;
  cell.figures->bytes_per_s = results::Estimate{1.5e9, 1.49e9, 1.51e9};
  AddAlgorithm(run, "AES-128-CBC", "cipher", {cell});
  const DoctorReport report = DiagnoseReport(run);
  const Verdict& v = Find(report, "AES-128-CBC");
  EXPECT_EQ(v.measurements[0].ci_low, 1.49e9);
  EXPECT_EQ(v.measurements[0].ci_high, 1.51e9);
  EXPECT_EQ(report.facts.report->kind, "measured");
  for (const std::string& fact : report.facts.report->cannot_know) {
    EXPECT_THAT(fact, Not(HasSubstr("Variance")));  // a measured run has its samples' CIs
  }
}

TEST(DoctorFromTest, AnEmulatedRunGetsNoClassAndNoProblem) {
  // 30 MB/s of AES-128-CBC is far below every AES-NI class at any clock: measured natively on
  // a 3.0 whose vector has AES-NI that is a slow figure on an open path, which the report
  // cannot explain; measured under qemu it times the emulator and settles nothing.
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  run.source = results::SourceInfo{};
  run.machine.arch = "x86_64";
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 30)});
  const DoctorReport native = DiagnoseReport(run);
  EXPECT_THAT(Find(native, "AES-128-CBC").line, HasSubstr("cannot tell from this report why"));

  run.source.caveats.push_back(results::EmulatedCaveat("CRYPTOBENCH_ASSUME_EMULATED=1"));
  const DoctorReport emulated = DiagnoseReport(run);
  const Verdict& v = Find(emulated, "AES-128-CBC");
  EXPECT_EQ(v.status, VerdictStatus::kUndetermined) << v.line;
  EXPECT_THAT(v.line, HasSubstr("measured under emulation")) << v.line;
  EXPECT_THAT(v.line, Not(HasSubstr("cpb"))) << v.line;
  EXPECT_EQ(emulated.ExitStatus(), 0);
  bool named = false;
  for (const Finding& finding : emulated.findings) {
    named = named || finding.id == "report.emulated";
    EXPECT_NE(finding.id, "cpu.aes-software") << finding.summary;
  }
  EXPECT_TRUE(named);
}

TEST(DoctorFromTest, CannotKnowStatesClockMachineVarianceAndTimingBasis) {
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 1500)});
  const DoctorReport report = DiagnoseReport(run);
  std::string all;
  for (const std::string& fact : report.facts.report->cannot_know) {
    all += fact + "\n";
  }
  EXPECT_THAT(all, HasSubstr("The clock rate"));
  EXPECT_THAT(all, HasSubstr("this machine's"));
  EXPECT_THAT(all, HasSubstr("Variance"));
  EXPECT_THAT(all, HasSubstr("user CPU time"));
  EXPECT_THAT(all, HasSubstr("Mask experiments"));
}

// A paste's environment line, as import records it (results::SourceFact).
void AddFact(results::RunResult& run, const std::string& kind, const std::string& value,
             size_t line) {
  run.source.facts.push_back({kind, value, line});
}

results::RunResult CryptsetupRun() {
  results::RunResult run;
  run.source.kind = "imported";
  run.source.tool = "cryptsetup benchmark";
  run.source.file = "paste.txt";
  run.source.timing_basis = "wall_clock";
  return run;
}

TEST(CpuCluesTest, ArchitectureAndExtensionsComeFromUnameFlagsAndModelsWithTheirClue) {
  results::RunResult run = ImportedRun("", kOpenssl111);
  AddFact(run, "uname",
          "Linux pi 6.1.21-v8+ #1642 SMP PREEMPT Mon Apr  3 17:24:16 aarch64 GNU/Linux", 2);
  AddFact(run, "cpu_flags", "fp asimd evtstrm crc32 cpuid", 5);
  AddFact(run, "cpu_model", "model name: Unknown Vendor CPU 9000", 4);
  const CpuClues clues = ReadCpuClues(run);
  EXPECT_EQ(clues.arch, "aarch64");
  EXPECT_THAT(clues.arch_clue, HasSubstr("the uname line (line 2)"));
  EXPECT_EQ(clues.flags_family, "arm64");
  ASSERT_NE(clues.Find("AES"), nullptr);
  EXPECT_FALSE(clues.Find("AES")->present);
  EXPECT_TRUE(clues.Find("AES")->from_flags);
  EXPECT_THAT(clues.Find("AES")->clue, HasSubstr("Features line (line 5)"));
  EXPECT_THAT(clues.Find("AES")->source, HasSubstr("arch/arm64/kernel/cpuinfo.c"));
  EXPECT_EQ(clues.Find("AES-NI"), nullptr);
  // A model no row knows stays unknown: nothing is guessed from its name.
  EXPECT_THAT(clues.unknown_models, ElementsAre("Unknown Vendor CPU 9000"));
  EXPECT_FALSE(clues.virtual_machine);
  // ReportArch falls back to the clues when nothing else names the architecture.
  std::string from;
  EXPECT_EQ(ReportArch(run, &from), "aarch64");
  EXPECT_THAT(from, HasSubstr("uname"));
}

// Only Bonnell (three-digit N/D/Z parts) and Saltwell (D2xxx/N2xxx/Z2xxx) Atoms are known to
// lack AES-NI. A Z3770 (Silvermont) once matched that row and was told it had no AES-NI: a wrong
// cause. Parts the table does not settle stay unknown.
TEST(CpuCluesTest, OnlyAtomsWithoutAesNiAreSaidToLackIt) {
  for (const char* model : {"model name: Intel(R) Atom(TM) CPU N270   @ 1.60GHz",
                            "model name: Intel(R) Atom(TM) CPU D525   @ 1.80GHz",
                            "model name: Intel(R) Atom(TM) CPU N450",
                            "model name: Intel(R) Atom(TM) CPU D2550  @ 1.86GHz",
                            "model name: Intel(R) Atom(TM) CPU Z2760  @ 1.80GHz"}) {
    results::RunResult run = ImportedRun("", kOpenssl111);
    AddFact(run, "cpu_model", model, 3);
    const CpuClues clues = ReadCpuClues(run);
    ASSERT_NE(clues.Find("AES-NI"), nullptr) << model;
    EXPECT_FALSE(clues.Find("AES-NI")->present) << model;
  }
  for (const char* model : {"model name: Intel(R) Atom(TM) CPU Z3770 @ 1.46GHz",
                            "model name: Intel(R) Atom(TM) CPU  Z3735F @ 1.33GHz"}) {
    results::RunResult run = ImportedRun("", kOpenssl111);
    AddFact(run, "cpu_model", model, 3);
    const CpuClues clues = ReadCpuClues(run);
    EXPECT_EQ(clues.Find("AES-NI"), nullptr) << model;
  }
}

// A block's label (import's "block_label" fact) counts only when a model row matches it; rows
// match without regard to case ("Raspberry PI" as people type it, /proc/cpuinfo's "BCM2711"),
// which is safe because every pattern is a whole name with digits or a vendor's word.
TEST(CpuCluesTest, ABlockLabelIsAModelOnlyWhenARowMatchesIt) {
  results::RunResult cm4 = CryptsetupRun();
  AddFact(cm4, "block_label", "Raspberry PI CM4 (BCM2711)", 29);
  CpuClues clues = ReadCpuClues(cm4);
  ASSERT_NE(clues.Find("AES"), nullptr);
  EXPECT_FALSE(clues.Find("AES")->present);
  EXPECT_THAT(clues.Find("AES")->clue, HasSubstr("the block's label (line 29)"));
  EXPECT_THAT(clues.Find("AES")->source, HasSubstr("openssl/openssl/issues/16851"));

  results::RunResult pi4 = CryptsetupRun();
  AddFact(pi4, "block_label", "raspberry pi 4 model b rev 1.2", 3);
  clues = ReadCpuClues(pi4);
  ASSERT_NE(clues.Find("AES"), nullptr);
  EXPECT_FALSE(clues.Find("AES")->present);

  // "OpenSSL 3.0.2" or "Odroid HC4" names nothing the table knows: prose, not an unknown model.
  results::RunResult other = CryptsetupRun();
  AddFact(other, "block_label", "Odroid HC4", 3);
  clues = ReadCpuClues(other);
  EXPECT_TRUE(clues.features.empty());
  EXPECT_TRUE(clues.models.empty());
  EXPECT_TRUE(clues.unknown_models.empty());
  EXPECT_TRUE(clues.clues.empty());
}

TEST(CpuCluesTest, CompilerTargetModelsAndBnOptionsNameTheArchitecture) {
  results::RunResult mips = CryptsetupRun();
  mips.library.cflags =
      "compiler: mipsel-openwrt-linux-musl-gcc -Os -pipe -mno-branch-likely "
      "-mips32r2 -mtune=24kc";
  CpuClues clues = ReadCpuClues(mips);
  EXPECT_EQ(clues.arch, "mips");
  EXPECT_THAT(clues.arch_clue, HasSubstr("-mips32r2"));
  ASSERT_NE(clues.Find("AES"), nullptr);
  EXPECT_FALSE(clues.Find("AES")->present);

  results::RunResult soc = CryptsetupRun();
  AddFact(soc, "cpu_model", "cpu model: MIPS 1004Kc V2.15", 3);
  AddFact(soc, "cpu_model", "hardware: MediaTek MT7621 ver:1 eco:3", 4);
  clues = ReadCpuClues(soc);
  EXPECT_EQ(clues.arch, "mips");
  EXPECT_THAT(clues.unknown_models, IsEmpty());

  // bn(64,32): a 32-bit build on a 64-bit kernel runs 32-bit code.
  results::RunResult x86 = ImportedRun("", kOpenssl111);
  AddFact(x86, "uname", "Linux box 5.10.0-8-amd64 #1 SMP Debian 5.10.46-4 x86_64 GNU/Linux", 1);
  x86.library.options = "options:bn(64,32) rc4(8x,mmx) des(long) aes(partial) idea(int)";
  clues = ReadCpuClues(x86);
  EXPECT_EQ(clues.arch, "x86");
  EXPECT_EQ(clues.word_bits, 32);
  EXPECT_THAT(clues.arch_clue, HasSubstr("bn(64,32)"));
  x86.library.options = "options:bn(64,64)";
  EXPECT_EQ(ReadCpuClues(x86).arch, "x86_64");
}

// openssl version -a's platform line (a Configure target) and a cross compiler's triplet name
// the architecture; a MIPS one also says the CPU has no AES instructions.
TEST(CpuCluesTest, PlatformLineAndCompilerTripletNameTheArchitecture) {
  results::RunResult mips = ImportedRun("", kOpenssl111);
  mips.library.platform = "platform: linux-mips32";
  CpuClues clues = ReadCpuClues(mips);
  EXPECT_EQ(clues.arch, "mips");
  EXPECT_THAT(clues.arch_clue, HasSubstr("linux-mips32"));
  ASSERT_NE(clues.Find("AES"), nullptr);
  EXPECT_FALSE(clues.Find("AES")->present);
  EXPECT_THAT(clues.Find("AES")->source, HasSubstr("Configurations/10-main.conf"));

  results::RunResult cross = ImportedRun("", kOpenssl111);
  cross.library.cflags = "compiler: mipsel-openwrt-linux-musl-gcc -fPIC -pthread -Os";
  clues = ReadCpuClues(cross);
  EXPECT_EQ(clues.arch, "mips");
  EXPECT_THAT(clues.arch_clue, HasSubstr("mipsel-openwrt-linux-musl-gcc"));
  cross.library.cflags = "compiler: /opt/x/bin/aarch64-linux-gnu-gcc -O3";
  EXPECT_EQ(ReadCpuClues(cross).arch, "aarch64");
  EXPECT_EQ(ReadCpuClues(cross).Find("AES"), nullptr);  // an aarch64 CPU may or may not have it
  // A native compiler names no target; neither does a flag.
  for (const char* cflags : {"compiler: gcc -fPIC -m64", "compiler: gcc-12 -O2", "compiler: -O2"}) {
    cross.library.cflags = cflags;
    EXPECT_EQ(ReadCpuClues(cross).arch, "") << cflags;
  }
}

// What data/cpu-clues.csv says of `feature` for a report with this CPU model line (nullopt:
// unknown).
std::optional<bool> TableSays(const char* feature, const char* model) {
  results::RunResult run = ImportedRun("", kOpenssl111);
  AddFact(run, "cpu_model", model, 3);
  const CpuClues clues = ReadCpuClues(run);  // Find points into it
  const CpuFeatureClue* clue = clues.Find(feature);
  return clue == nullptr ? std::nullopt : std::optional<bool>(clue->present);
}

// Boards, SoCs and ARMv7 core parts of the table: with AES instructions, without, or unknown.
TEST(CpuCluesTest, BoardsSocsAndCorePartsSayWhatTheTableKnows) {
  const auto aes = [](const char* model) { return TableSays("AES", model); };
  EXPECT_EQ(aes("model: Raspberry Pi 3 Model B Plus Rev 1.3"), false);
  EXPECT_EQ(aes("hardware: BCM2835"), false);
  EXPECT_EQ(aes("model: Raspberry Pi 5 Model B Rev 1.0"), true);
  EXPECT_EQ(aes("hardware: Rockchip RK3328"), true);
  EXPECT_EQ(aes("model: Hardkernel ODROID-C2"), false);
  EXPECT_EQ(aes("cpu part: 0xc0e"), false);         // Cortex-A17: ARMv7
  EXPECT_EQ(aes("cpu part: 0xd03"), std::nullopt);  // Cortex-A53: the extension is optional
  EXPECT_EQ(aes("cpu model: MIPS interAptiv"), false);
  EXPECT_EQ(aes("model name: ARMv7 Processor rev 4 (v7l)"), std::nullopt);  // maybe an ARMv8

  const auto aes_ni = [](const char* model) { return TableSays("AES-NI", model); };
  EXPECT_EQ(aes_ni("model name: Intel(R) Celeron(R) CPU  J1900  @ 1.99GHz"), false);
  EXPECT_EQ(aes_ni("model name: Intel(R) Core(TM) i3 CPU       540  @ 3.07GHz"), false);
  EXPECT_EQ(aes_ni("model name: Intel(R) Core(TM) i3-2120 CPU @ 3.30GHz"), false);
  EXPECT_EQ(aes_ni("model name: Intel(R) Core(TM) i3-2115C CPU @ 2.00GHz"), true);  // embedded
  EXPECT_EQ(aes_ni("model name: Intel(R) Core(TM) i3-4130 CPU @ 3.40GHz"), true);   // Haswell
  EXPECT_EQ(aes_ni("model name: Intel(R) Celeron(R) N2840 @ 2.16GHz"), std::nullopt);
}

// The desktop, laptop and server x86 names that reports paste most (data/cpu-clues.csv, rows
// after the Core i3-2xxx/3xxx ones): Core i from Sandy Bridge on, AMD from Bulldozer on, and
// the Pentium, Celeron, Opteron and APU parts the sources except. Names of the first Core i
// generation (no dash) and parts the rows do not cover stay unknown.
TEST(CpuCluesTest, DesktopLaptopAndServerX86NamesSayWhatTheyHave) {
  for (const char* model : {
           "model name: Intel(R) Core(TM) i7-2600K CPU @ 3.40GHz",
           "model name: Intel(R) Core(TM) i5-3210M CPU @ 2.50GHz",
           "model name: Intel(R) Core(TM) i5-4690K CPU @ 3.50GHz",
           "model name: Intel(R) Core(TM) i7-8550U CPU @ 1.80GHz",
           "model name: Intel(R) Core(TM) i9-9900K CPU @ 3.60GHz",
           "model name: Intel(R) Core(TM) i7-10700K CPU @ 3.80GHz",
           "model name: 11th Gen Intel(R) Core(TM) i7-1165G7 @ 2.80GHz",
           "model name: Intel(R) Core(TM) i5-1035G1 CPU @ 1.00GHz",
           "model name: 12th Gen Intel(R) Core(TM) i7-1260P",
           "Model name: 13th Gen Intel(R) Core(TM) i9-13900K",
           "model name: Intel(R) Core(TM) i3-N305",
           "model name: AMD FX(tm)-8350 Eight-Core Processor",
           "model name: AMD Opteron(tm) Processor 6272",
           "model name: AMD A10-7850K Radeon R7, 12 Compute Cores 4C+8G",
           "model name: AMD A6-5200 APU with Radeon(TM) HD Graphics",
       }) {
    EXPECT_EQ(TableSays("AES-NI", model), true) << model;
  }
  for (const char* model : {
           "model name: Intel(R) Core(TM) i3-4000M CPU @ 2.40GHz",
           "model name: Intel(R) Pentium(R) CPU G3258 @ 3.20GHz",
           "model name: Intel(R) Pentium(R) CPU G630 @ 2.70GHz",
           "model name: Intel(R) Celeron(R) CPU G1840 @ 2.80GHz",
           "model name: Intel(R) Celeron(R) CPU G530 @ 2.40GHz",
           "model name: AMD Opteron(tm) Processor 6174",
           "model name: Quad-Core AMD Opteron(tm) Processor 2356",
           "model name: AMD A8-3850 APU with Radeon(tm) HD Graphics",
           // K8, from the older Athlon 64 row: not an FX of the Bulldozer family.
           "model name: AMD Athlon(tm) 64 FX-62 Dual Core Processor",
       }) {
    EXPECT_EQ(TableSays("AES-NI", model), false) << model;
  }
  for (const char* model : {
           // Nehalem (no AES-NI) and Westmere (AES-NI) share this naming: unknown.
           "model name: Intel(R) Core(TM) i7 CPU         920  @ 2.67GHz",
           "model name: Intel(R) Core(TM) i5 CPU       M 430  @ 2.27GHz",
           // Skylake and later Pentium and Celeron parts: no row says either way.
           "model name: Intel(R) Pentium(R) CPU G4560 @ 3.50GHz",
           "model name: Intel(R) Celeron(R) G5905 CPU @ 3.50GHz",
       }) {
    EXPECT_EQ(TableSays("AES-NI", model), std::nullopt) << model;
  }
}

// What the rows above conclude about a slow AES figure: the CPU has AES-NI and the software
// did not use it, or the CPU has none; with the name's clock, a figure in the AES-NI class is
// fine.
TEST(CpuCluesTest, DesktopX86NamesDecideWhySlowAesIsSlowAndWhenFastAesIsFine) {
  results::RunResult unused = CryptsetupRun();
  AddAlgorithm(unused, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 65536, 11.5)});
  AddFact(unused, "cpu_model", "model name: Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz", 4);
  DoctorReport report = DiagnoseReport(unused);
  EXPECT_THAT(StatedTags(report), Each(Eq("hw-path-unused")));
  EXPECT_THAT(StatedTags(report), Not(IsEmpty()));

  results::RunResult none = CryptsetupRun();
  AddAlgorithm(none, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 65536, 11.5)});
  AddFact(none, "cpu_model", "model name: Intel(R) Celeron(R) CPU G1840 @ 2.80GHz", 4);
  report = DiagnoseReport(none);
  EXPECT_THAT(StatedTags(report), ElementsAre("no-hw-aes"));
  EXPECT_EQ(report.facts.cpu.arch, "x86_64");

  // The name alone gives the architecture (so the x86 cpb classes apply) and the base clock:
  // 2.5 GB/s of AES-128-GCM over 2.8-7.9 GHz is in the AES-NI class. Without the row the
  // report has no architecture, and 2.5 GB/s is below the bound above every software AES.
  results::RunResult fine = ImportedRun("", kOpenssl111);
  fine.source.timing_basis = "wall_clock";
  AddAlgorithm(fine, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 2500)});
  AddFact(fine, "cpu_model", "model name: Intel(R) Core(TM) i5-4690K CPU @ 3.50GHz", 2);
  report = DiagnoseReport(fine);
  EXPECT_EQ(report.facts.cpu.arch, "x86_64");
  EXPECT_THAT(StatedTags(report), ElementsAre("crypto-fine"));
}

// The CPUs of routers, NAS boxes and small boards that reports name most, each row with its
// source (data/cpu-clues.csv); a name that only resembles one stays unknown.
TEST(CpuCluesTest, EmbeddedX86AndArmv7BoardNamesSayWhatTheyHave) {
  for (const char* model :
       {"model name: Intel(R) Atom(TM) CPU  C2758  @ 2.40GHz",
        "model name: Intel(R) Atom(TM) CPU C3558 @ 2.20GHz",
        "model name: Intel(R) Celeron(R) CPU J3455 @ 1.50GHz",
        "model name: Intel(R) Celeron(R) CPU N3350 @ 1.10GHz",
        "model name: Intel(R) Celeron(R) J4125 CPU @ 2.00GHz",
        "model name: Intel(R) Celeron(R) N4100 CPU @ 1.10GHz",
        "model name: Intel(R) Pentium(R) Silver J5005 CPU @ 1.50GHz",
        "model name: Intel(R) Celeron(R) N5105 @ 2.00GHz", "Model name: Intel(R) N100",
        "model name: Intel(R) Xeon(R) CPU E3-1230 V2 @ 3.30GHz",
        "model name: Intel(R) Xeon(R) CPU E5-2670 0 @ 2.60GHz",
        "model name: Intel(R) Xeon(R) CPU           X5650  @ 2.67GHz",
        "model name: AMD GX-412TC SOC"}) {
    EXPECT_EQ(TableSays("AES-NI", model), true) << model;
  }
  EXPECT_EQ(TableSays("SHA-NI", "model name: Intel(R) Celeron(R) J4125 CPU @ 2.00GHz"), true);
  EXPECT_EQ(TableSays("VAES", "Model name: Intel(R) N100"), true);
  EXPECT_EQ(TableSays("SHA-NI", "model name: Intel(R) Atom(TM) CPU  C2758  @ 2.40GHz"),
            std::nullopt);
  for (const char* model : {"model name: AMD G-T40E Processor", "model name: AMD E-350 Processor",
                            "model name: AMD C-60 APU with Radeon(tm) HD Graphics",
                            "model name: Intel(R) Xeon(R) CPU           L5520  @ 2.27GHz"}) {
    EXPECT_EQ(TableSays("AES-NI", model), false) << model;
  }
  // Jaguar's E1/E2 (with AES) are not Bobcat's E-350; a Xeon E5-2656 is not a Westmere 56xx.
  EXPECT_EQ(TableSays("AES-NI", "model name: AMD E1-2500 APU with Radeon(TM) HD Graphics"),
            std::nullopt);
  EXPECT_EQ(TableSays("AES-NI", "model name: Intel(R) Xeon(R) CPU E3-1505L v5 @ 2.00GHz"), true);

  // 32-bit ARM kernels' machine names of ARMv7-only SoC families (arch/arm/mach-*).
  for (const char* model :
       {"Hardware	: Allwinner sun8i Family", "Hardware	: Allwinner sun7i (A20) Family",
        "Hardware	: Freescale i.MX6 Quad/DualLite (Device Tree)",
        "Hardware	: Marvell Armada 380/385 (Device Tree)",
        "Hardware	: Marvell Armada 370/XP (Device Tree)", "Hardware	: BCM5301X"}) {
    EXPECT_EQ(TableSays("AES", model), false) << model;
  }
  // The arm64 SoCs of the same vendors are not these families.
  EXPECT_EQ(TableSays("AES", "model: Globalscale Marvell ESPRESSOBin Board (Armada 3720)"),
            std::nullopt);
  EXPECT_EQ(TableSays("AES", "Hardware	: Allwinner sun50i Family"), std::nullopt);
}

// ARMv8 router and board SoCs, each row from a /proc/cpuinfo in hrw/arm-socs-table (an arm64
// kernel's, the RK3308's a 32-bit one's; data/cpu-clues.csv). The Cortex-A53 extension is
// optional, so a sibling part without its own dump stays unknown, and the rows before them keep
// deciding.
TEST(CpuCluesTest, ArmSocRowsFollowTheirCpuinfoDumps) {
  for (const char* model :
       {"SoC: MediaTek MT7622B", "model: Xiaomi AX3000T (MediaTek MT7981B)",
        "model: Bananapi BPI-R4 (MT7988A)",
        "Hardware	: ODROID-GO2 for linux based on Rockchip rk3326",
        "model: Rockchip RK3568 EVB1 DDR4 V10 Board", "model: Radxa ROCK 5B (RK3588)",
        "SoC: Amlogic S905X", "model: Amlogic S905X P212", "SoC: Amlogic S905X3",
        "model: Khadas VIM3 (A311D)", "model: Marvell Armada 8040 MACCHIATOBin",
        "model: Realtek RTD1619B", "model: NVIDIA Jetson Nano Developer Kit",
        "Hardware	: Rockchip RK3308"}) {
    EXPECT_EQ(TableSays("AES", model), true) << model;
    EXPECT_EQ(TableSays("PMULL", model), true) << model;
    EXPECT_EQ(TableSays("SHA2", model), true) << model;
  }
  results::RunResult run = ImportedRun("", kOpenssl111);
  AddFact(run, "cpu_model", "SoC: MediaTek MT7622B", 3);
  const CpuClues clues = ReadCpuClues(run);
  EXPECT_EQ(clues.arch, "aarch64");
  ASSERT_NE(clues.Find("AES"), nullptr);
  EXPECT_THAT(
      clues.Find("AES")->source,
      HasSubstr("github.com/hrw/arm-socs-table/blob/6b8d4c5f6d67c7310418297221353c84da277d50/"
                "cpuinfo-data/mediatek-mt7622b"));

  // The S905 of the ODROID-C2 lacks the extension; neither it nor an S905X2 or A311D2 (no dump)
  // is read as an S905X or A311D.
  EXPECT_EQ(TableSays("AES", "model: Hardkernel ODROID-C2 (Amlogic S905)"), false);
  for (const char* model : {"SoC: Amlogic S905", "SoC: Amlogic S905X2", "SoC: Amlogic A311D2",
                            "SoC: Rockchip RK3566"}) {
    EXPECT_EQ(TableSays("AES", model), std::nullopt) << model;
  }
  // The Airoha AN7581's Cortex-A53 cores were built without the extension (its dump's
  // Features line has no aes, pmull, sha1 or sha2), and its row says so.
  for (const char* feature : {"AES", "PMULL", "SHA2"}) {
    EXPECT_EQ(TableSays(feature, "model: Airoha AN7581 Evaluation Board"), false) << feature;
  }
  // The MIPS MediaTek parts keep their rows.
  EXPECT_EQ(TableSays("AES", "hardware: MediaTek MT7621 ver:1 eco:3"), false);
}

TEST(CpuCluesTest, AesBoundsHoldOnAnyCpu) {
  // 0.4 GHz / 12 cpb and 6.5 GHz / 2.5 cpb, scaled by the rounds (cpu_clues.h).
  EXPECT_NEAR(AesBoundsFor("AES-128-CBC")->hardware_floor, 33.3e6, 0.1e6);
  EXPECT_NEAR(AesBoundsFor("AES-256-XTS")->hardware_floor, 23.8e6, 0.1e6);
  EXPECT_NEAR(AesBoundsFor("AES-128-GCM")->software_ceiling, 2.6e9, 0.01e9);
  EXPECT_FALSE(AesBoundsFor("ChaCha20").has_value());
  EXPECT_EQ(ClassifyAesFigure("AES-128-CBC", 16384, 11e6), AesBound::kBelowHardware);
  EXPECT_EQ(ClassifyAesFigure("AES-128-CBC", 16, 11e6), AesBound::kInside);  // per-call cost
  EXPECT_EQ(ClassifyAesFigure("AES-128-XTS", 65536, 3.7e9), AesBound::kAboveSoftware);
  EXPECT_EQ(ClassifyAesFigure("AES-128-CBC", 16384, 500e6), AesBound::kInside);
  EXPECT_EQ(ClassifyAesFigure("SHA256", 16384, 1e6), AesBound::kInside);
}

// A paste of two machines: one's /proc/cpuinfo (flags without aes, an Atom's "@ 1.60GHz"),
// then another's openssl speed run whose own CPUINFO vector has AES-NI set. The library read
// that vector from CPUID on the machine that ran it, so the flags are the other machine's: no
// cpu.no-hw-aes, and neither their features nor their clock are this run's.
TEST(CpuCluesTest, CpuLinesThatContradictTheRunsOwnVectorAreAnotherMachines) {
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 1361)});
  AddFact(run, "cpu_model", "model name: Intel(R) Atom(TM) CPU N270 @ 1.60GHz", 4);
  AddFact(run, "cpu_flags", "fpu vme de pse tsc msr pae sse sse2 ssse3 lm", 5);
  DoctorReport report = DiagnoseReport(run);
  EXPECT_THAT(FindingIds(report), Not(Contains("cpu.no-hw-aes")));
  EXPECT_THAT(StatedTags(report), Not(Contains("no-hw-aes")));
  EXPECT_EQ(report.core_hz_low, kReportDefaultHzLow);
  EXPECT_THAT(report.facts.report->caveats,
              Contains(HasSubstr("do not describe the machine of this run")));

  // The same lines beside a vector with none of the features they lack agree with it: they
  // stay the run's.
  results::RunResult agreeing = ImportedRun("CPUINFO: OPENSSL_ia32cap=0x0:0x0", kOpenssl30);
  AddAlgorithm(agreeing, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 60)});
  AddFact(agreeing, "cpu_model", "model name: Intel(R) Atom(TM) CPU N270 @ 1.60GHz", 4);
  AddFact(agreeing, "cpu_flags", "fpu vme de pse tsc msr pae sse sse2 ssse3 lm", 5);
  report = DiagnoseReport(agreeing);
  EXPECT_THAT(report.facts.report->caveats,
              Not(Contains(HasSubstr("do not describe the machine of this run"))));
  EXPECT_LT(report.core_hz_low, kReportDefaultHzLow * 1.5);
  EXPECT_NE(report.core_hz_high, kReportDefaultHzHigh);
}

TEST(CpuCluesTest, SlowAesIsSoftwareAndTheCluesDecideWhy) {
  // No clue: cannot tell, and the one command that would.
  results::RunResult run = CryptsetupRun();
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 65536, 11.5)});
  DoctorReport report = DiagnoseReport(run);
  EXPECT_THAT(FindingIds(report), Contains("cpu.aes-software"));
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
  for (const Finding& finding : report.findings) {
    if (finding.id == "cpu.aes-software") {
      EXPECT_THAT(finding.summary, HasSubstr("cannot tell from this report"));
      // The kernel's three causes, and the one command that separates them.
      EXPECT_THAT(finding.summary, HasSubstr("the CPU lacks them"));
      EXPECT_THAT(finding.summary, HasSubstr("virtual machine"));
      EXPECT_THAT(finding.summary, HasSubstr("driver"));
      EXPECT_THAT(finding.advice, HasSubstr("grep -m1 -o -w -E 'aes|hypervisor' /proc/cpuinfo"));
      EXPECT_THAT(finding.advice, HasSubstr("/proc/crypto"));
      EXPECT_THAT(finding.evidence, HasSubstr("33.3 MB/s"));
    }
  }
  // The same figure from a library's speed tool: the software, not a kernel driver.
  results::RunResult library = ImportedRun("", kOpenssl111);
  AddAlgorithm(library, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 11.5)});
  const DoctorReport library_report = DiagnoseReport(library);
  const Finding* software = FindingOf(library_report, "cpu.aes-software");
  ASSERT_NE(software, nullptr);
  EXPECT_THAT(software->summary, HasSubstr("the software does not use them"));
  EXPECT_THAT(software->summary, HasSubstr("virtual machine"));
  EXPECT_THAT(software->advice, HasSubstr("'aes|hypervisor'"));
  EXPECT_THAT(software->advice, Not(HasSubstr("/proc/crypto")));
  EXPECT_THAT(StatedTags(library_report), ElementsAre("cannot-tell"));

  // A SoC the table knows without AES instructions: the cause, with its clue.
  AddFact(run, "cpu_model", "hardware: MediaTek MT7621 ver:1 eco:3", 7);
  report = DiagnoseReport(run);
  EXPECT_THAT(StatedTags(report), ElementsAre("no-hw-aes"));
  EXPECT_EQ(report.facts.cpu.arch, "mips");
  EXPECT_THAT(report.facts.report->arch_source, HasSubstr("line 7"));

  // A flags line with aes: the CPU has them and the kernel did not use them.
  results::RunResult unused = CryptsetupRun();
  AddAlgorithm(unused, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 65536, 11.5)});
  AddFact(unused, "cpu_flags", "fpu vme de pse tsc msr pae sse sse2 ssse3 lm aes avx", 3);
  report = DiagnoseReport(unused);
  EXPECT_THAT(StatedTags(report), Each(Eq("hw-path-unused")));
  EXPECT_THAT(StatedTags(report), Not(IsEmpty()));
  EXPECT_EQ(report.facts.cpu.arch, "x86_64");
}

TEST(CpuCluesTest, AGuestWithoutTheFlagsOfItsHostModelIsItsOwnCause) {
  results::RunResult run = CryptsetupRun();
  AddAlgorithm(run, "AES-256-XTS", "cipher", {ImportedFigure("encrypt", 65536, 15)});
  AddFact(run, "cpu_model", "model name: Intel(R) Xeon(R) Gold 6148 CPU @ 2.40GHz", 2);
  AddFact(run, "cpu_flags", "fpu vme de pse tsc msr pae sse sse2 ssse3 lm avx avx2 hypervisor", 3);
  const CpuClues clues = ReadCpuClues(run);
  EXPECT_TRUE(clues.virtual_machine);
  EXPECT_THAT(clues.hidden_by_vm, ElementsAre("AES-NI", "PCLMULQDQ", "AVX-512F"));
  const DoctorReport report = DiagnoseReport(run);
  EXPECT_THAT(StatedTags(report), ElementsAre("vm-hides-cpu-features"));
  bool found = false;
  for (const Finding& finding : report.findings) {
    if (finding.id == "cpu.vm-hides-features") {
      found = true;
      EXPECT_EQ(finding.severity, Severity::kWarning);
      EXPECT_THAT(finding.evidence, HasSubstr("Xeon(R) Gold 6148"));
      // No hypervisor is named: no product's flags are guessed (tryout 26 R5).
      EXPECT_THAT(finding.advice, HasSubstr("systemd-detect-virt"));
      EXPECT_THAT(finding.advice, Not(HasSubstr("-cpu host")));
    }
  }
  EXPECT_TRUE(found);
  // A KVM guest is told QEMU's remedy.
  results::RunResult kvm = run;
  AddFact(kvm, "hypervisor_vendor", "KVM", 4);
  const DoctorReport kvm_report = DiagnoseReport(kvm);
  found = false;
  for (const Finding& finding : kvm_report.findings) {
    if (finding.id == "cpu.vm-hides-features") {
      found = true;
      EXPECT_THAT(finding.advice, HasSubstr("-cpu host"));
    }
  }
  EXPECT_TRUE(found);

  // A generic guest model without the host's: the host is not in the text, so cannot tell.
  results::RunResult generic = CryptsetupRun();
  AddAlgorithm(generic, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 65536, 8)});
  AddFact(generic, "cpu_model", "model name: QEMU Virtual CPU version 2.5+", 2);
  AddFact(generic, "cpu_flags", "fpu de pse tsc msr pae sse sse2 lm hypervisor", 3);
  EXPECT_THAT(StatedTags(DiagnoseReport(generic)), ElementsAre("cannot-tell"));
}

TEST(CpuCluesTest, FastAesIsHardwareUnlessUserCpuTimingHidesAnEngine) {
  results::RunResult run = CryptsetupRun();
  AddAlgorithm(run, "AES-128-XTS", "cipher", {ImportedFigure("encrypt", 65536, 3700)});
  DoctorReport report = DiagnoseReport(run);
  EXPECT_THAT(FindingIds(report), Contains("cpu.aes-hardware"));
  EXPECT_THAT(StatedTags(report), ElementsAre("crypto-fine"));  // CryptoFineTest below

  results::RunResult engine = ImportedRun("", kOpenssl111);
  engine.source.engine_or_provider = "engine devcrypto";
  AddAlgorithm(engine, "AES-128-CBC", "cipher", {ImportedFigure("decrypt", 16384, 3700)});
  report = DiagnoseReport(engine);
  EXPECT_THAT(FindingIds(report), Not(Contains("cpu.aes-hardware")));
}

// cryptsetup benchmark's own serpent and twofish rows settle an AES figure between the bounds
// that hold on any CPU: neither has CPU instructions anywhere, so AES no faster than them is
// software and AES three times faster is a hardware path (figures in MB/s, from the sources
// cpu_clues.h cites: Core 2 Duo without AES-NI; an ARMv8 CE board).
TEST(CpuCluesTest, CryptsetupAesAgainstSerpentAndTwofishSettlesTheBound) {
  const auto run_of = [](double aes, double serpent, double twofish) {
    results::RunResult run = CryptsetupRun();
    AddAlgorithm(
        run, "AES-128-XTS", "cipher",
        {ImportedFigure("encrypt", 1048576, aes), ImportedFigure("decrypt", 1048576, aes)});
    if (serpent > 0) {
      AddAlgorithm(run, "serpent-xts 256b", "cipher",
                   {ImportedFigure("encrypt", 1048576, serpent),
                    ImportedFigure("decrypt", 1048576, serpent)});
    }
    if (twofish > 0) {
      AddAlgorithm(run, "twofish-xts 256b", "cipher",
                   {ImportedFigure("encrypt", 1048576, twofish),
                    ImportedFigure("decrypt", 1048576, twofish)});
    }
    return run;
  };
  // Core 2 Duo: 164 MB/s is between the any-CPU bounds, so alone it says nothing.
  ASSERT_EQ(ClassifyAesFigure("AES-128-XTS", 1048576, 164e6), AesBound::kInside);
  EXPECT_THAT(FindingIds(DiagnoseReport(run_of(164, 0, 0))), Not(Contains("cpu.aes-software")));
  const results::RunResult core2 = run_of(164, 58.4, 169.3);
  const std::vector<KernelAesComparison> slow = CompareKernelAes(core2);
  ASSERT_EQ(slow.size(), 2u);
  EXPECT_EQ(slow[0].bound, AesBound::kBelowHardware);
  EXPECT_EQ(slow[0].other, "twofish-xts 256b");  // the faster of the two
  EXPECT_THAT(slow[0].text, HasSubstr("0.97 times"));
  DoctorReport report = DiagnoseReport(core2);
  const Finding* software = FindingOf(report, "cpu.aes-software");
  ASSERT_NE(software, nullptr);
  EXPECT_THAT(software->evidence, HasSubstr("twofish-xts 256b"));
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
  // With a CPU the table knows without AES-NI, the cause.
  results::RunResult atom = core2;
  AddFact(atom, "cpu_model", "model name: Intel(R) Atom(TM) CPU D525   @ 1.80GHz", 4);
  EXPECT_THAT(StatedTags(DiagnoseReport(atom)), ElementsAre("no-hw-aes"));

  // An ARMv8 CE board: 503 MB/s is inside the any-CPU bounds; 9.1 times twofish is hardware.
  const results::RunResult board = run_of(503, 44, 55.2);
  ASSERT_EQ(CompareKernelAes(board).size(), 2u);
  EXPECT_EQ(CompareKernelAes(board)[0].bound, AesBound::kAboveSoftware);
  report = DiagnoseReport(board);
  EXPECT_THAT(FindingIds(report), Contains("cpu.aes-hardware"));
  EXPECT_THAT(StatedTags(report), ElementsAre("crypto-fine"));
  const Finding* fine = FindingOf(report, "report.crypto-fine");
  ASSERT_NE(fine, nullptr);
  EXPECT_THAT(fine->evidence, HasSubstr("hardware path"));
  EXPECT_THAT(StatedTags(DiagnoseReport(run_of(503, 0, 0))), Not(Contains("crypto-fine")));

  // In the gap (2 times; AES-NI's serial AES-256-CBC encryption reaches 2.37): nothing concluded.
  EXPECT_THAT(CompareKernelAes(run_of(100, 30, 50)), IsEmpty());
  EXPECT_THAT(StatedTags(DiagnoseReport(run_of(100, 30, 50))), Not(Contains("crypto-fine")));

  // Only rows of the same mode and key size compare: AES-256-XTS is the 512b row.
  results::RunResult other_size = CryptsetupRun();
  AddAlgorithm(other_size, "AES-256-XTS", "cipher", {ImportedFigure("encrypt", 1048576, 120)});
  AddAlgorithm(other_size, "twofish-xts 256b", "cipher", {ImportedFigure("encrypt", 1048576, 169)});
  EXPECT_THAT(CompareKernelAes(other_size), IsEmpty());
  // Another tool's rows are not cryptsetup's kernel ciphers.
  results::RunResult openssl = core2;
  openssl.source.tool = "openssl speed";
  EXPECT_THAT(CompareKernelAes(openssl), IsEmpty());
}

// An openssl speed run's own ChaCha20-Poly1305 row settles an AES-GCM figure between the bounds
// that hold on any CPU: ChaCha20-Poly1305 has no CPU instructions, and with AES instructions
// AES-GCM runs at 0.55 times it or faster, so 0.35 times or less is software (figures in MB/s:
// a Raspberry Pi 4 class board without the Crypto Extensions; an AES-NI machine).
TEST(CpuCluesTest, AesGcmAgainstChaCha20Poly1305OfTheSameRunSettlesSoftware) {
  const auto run_of = [](double gcm, double chacha, uint64_t len = 16384) {
    results::RunResult run = ImportedRun("", kOpenssl111);
    run.source.timing_basis = "wall_clock";
    AddAlgorithm(run, "AES-128-GCM", "aead", {ImportedFigure("encrypt", len, gcm)});
    if (chacha > 0) {
      AddAlgorithm(run, "ChaCha20-Poly1305", "aead", {ImportedFigure("encrypt", len, chacha)});
    }
    return run;
  };
  // 60 MB/s is above the hardware floor (33.3): alone it settles nothing.
  ASSERT_EQ(ClassifyAesFigure("AES-128-GCM", 16384, 60e6), AesBound::kInside);
  EXPECT_EQ(FindingOf(DiagnoseReport(run_of(60, 0)), "cpu.aes-software"), nullptr);
  // Against ChaCha20-Poly1305 at 400 MB/s (0.15 times): software, the CPU unknown.
  DoctorReport report = DiagnoseReport(run_of(60, 400));
  const Finding* software = FindingOf(report, "cpu.aes-software");
  ASSERT_NE(software, nullptr);
  EXPECT_THAT(software->evidence, HasSubstr("0.15 times ChaCha20-Poly1305"));
  EXPECT_THAT(software->evidence, HasSubstr("chacha-armv8.pl"));
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
  // With a CPU model the table knows without AES instructions: the cause.
  results::RunResult atom = run_of(60, 400);
  AddFact(atom, "cpu_model", "model name: Intel(R) Atom(TM) CPU D525   @ 1.80GHz", 4);
  EXPECT_THAT(StatedTags(DiagnoseReport(atom)), ElementsAre("no-hw-aes"));

  // Hardware AES-GCM below AVX-512 ChaCha20-Poly1305 (0.6 times, an unstitched GCM): nothing.
  EXPECT_EQ(FindingOf(DiagnoseReport(run_of(1200, 2000)), "cpu.aes-software"), nullptr);
  // Small inputs are per-call cost; rows of another size do not compare; nor through an engine.
  EXPECT_EQ(FindingOf(DiagnoseReport(run_of(6, 40, 256)), "cpu.aes-software"), nullptr);
  results::RunResult sizes = run_of(60, 0);
  AddAlgorithm(sizes, "ChaCha20-Poly1305", "aead", {ImportedFigure("encrypt", 8192, 400)});
  EXPECT_EQ(FindingOf(DiagnoseReport(sizes), "cpu.aes-software"), nullptr);
  results::RunResult engine = run_of(60, 400);
  engine.source.engine_or_provider = "engine devcrypto";
  EXPECT_EQ(FindingOf(DiagnoseReport(engine), "cpu.aes-software"), nullptr);
}

// A CPU known to lack AES instructions (a model row, or its own flags line) with an AES figure
// between the bounds that hold on any CPU: no figure can have run on AES instructions, so the
// cause is stated without a bound or a serpent/twofish row (figures in MB/s: a Raspberry Pi CM4
// under its board label, 80 MB/s AES-XTS). Not through an engine, not in a guest whose flags
// lack AES, and not when a figure is faster than software AES can be (an offload engine then).
TEST(CpuCluesTest, ACpuWithoutAesAndNoHardwareFigureIsTheCauseWithoutABound) {
  const auto cm4 = [](double xts) {
    results::RunResult run = CryptsetupRun();
    AddFact(run, "block_label", "Raspberry PI CM4 (BCM2711)", 29);
    AddAlgorithm(run, "AES-128-XTS", "cipher", {ImportedFigure("encrypt", 1048576, xts)});
    return run;
  };
  ASSERT_EQ(ClassifyAesFigure("AES-128-XTS", 1048576, 80e6), AesBound::kInside);
  DoctorReport report = DiagnoseReport(cm4(80));
  const Finding* cause = FindingOf(report, "cpu.no-hw-aes");
  ASSERT_NE(cause, nullptr);
  EXPECT_THAT(cause->summary, HasSubstr("offload engine"));  // the kernel may still use one
  EXPECT_THAT(cause->evidence, HasSubstr("the block's label (line 29)"));
  EXPECT_THAT(cause->evidence, HasSubstr("within what software AES reaches"));
  EXPECT_THAT(StatedTags(report), ElementsAre("no-hw-aes"));
  // Without the label: nothing settles it.
  results::RunResult unlabelled = CryptsetupRun();
  AddAlgorithm(unlabelled, "AES-128-XTS", "cipher", {ImportedFigure("encrypt", 1048576, 80)});
  EXPECT_EQ(FindingOf(DiagnoseReport(unlabelled), "cpu.no-hw-aes"), nullptr);
  // Faster than any software AES on a CPU without AES: an offload engine ran it, not software.
  ASSERT_EQ(ClassifyAesFigure("AES-128-XTS", 1048576, 3000e6), AesBound::kAboveSoftware);
  EXPECT_EQ(FindingOf(DiagnoseReport(cm4(3000)), "cpu.no-hw-aes"), nullptr);

  // A library run on an Atom D525 (no AES-NI by its model row): the software wording.
  results::RunResult atom = ImportedRun("", kOpenssl111);
  atom.source.timing_basis = "wall_clock";
  AddFact(atom, "cpu_model", "model name: Intel(R) Atom(TM) CPU D525   @ 1.80GHz", 4);
  AddAlgorithm(atom, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 60)});
  report = DiagnoseReport(atom);
  cause = FindingOf(report, "cpu.no-hw-aes");
  ASSERT_NE(cause, nullptr);
  EXPECT_THAT(cause->summary, HasSubstr("AES runs in software"));
  EXPECT_THAT(StatedTags(report), ElementsAre("no-hw-aes"));
  // Through an engine the engine may do the work: no cause from the CPU alone.
  results::RunResult engine = atom;
  engine.source.engine_or_provider = "engine devcrypto";
  EXPECT_EQ(FindingOf(DiagnoseReport(engine), "cpu.no-hw-aes"), nullptr);
  // A guest whose flags lack aes: the host may have it; not this cause.
  results::RunResult guest = ImportedRun("", kOpenssl111);
  guest.source.timing_basis = "wall_clock";
  AddFact(guest, "cpu_flags", "fpu de pse tsc msr pae sse sse2 lm hypervisor", 3);
  AddAlgorithm(guest, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 60)});
  EXPECT_EQ(FindingOf(DiagnoseReport(guest), "cpu.no-hw-aes"), nullptr);
}

// The verdicts rest on the CPU lines the findings list: a flags line with aes is not "cannot
// tell whether the CPU has AES-NI" beside a clue that says it does (a new user's trial).
TEST(CpuCluesTest, FlagsLineFeaturesAreTheVerdictsFactsWithTheirLine) {
  results::RunResult run = ImportedRun("", kOpenssl111);
  AddFact(run, "cpu_flags", "fpu vme de pse tsc msr sse sse2 ssse3 lm aes pclmulqdq avx", 4);
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 100)});
  AddAlgorithm(run, "SHA-256", "hash", {ImportedFigure("hash", 16384, 200)});
  DoctorReport report = DiagnoseReport(run);
  ASSERT_TRUE(report.facts.report);
  EXPECT_FALSE(report.facts.report->cpu_features_known);
  EXPECT_TRUE(report.facts.report->cpu_features_from_clues);
  EXPECT_TRUE(report.facts.cpu.Usable("AES-NI"));
  EXPECT_FALSE(report.facts.cpu.Usable("SHA-NI"));
  const Verdict& cbc = Find(report, "AES-128-CBC");
  EXPECT_EQ(cbc.status, VerdictStatus::kNotAccelerated) << cbc.line;
  EXPECT_THAT(cbc.line, HasSubstr("the CPU has AES-NI"));
  EXPECT_THAT(cbc.line, Not(HasSubstr("does not say whether")));
  EXPECT_THAT(cbc.evidence, Contains(HasSubstr("flags line (line 4)")));
  // The flags line lacks sha_ni: SHA-256 in software is what this CPU gives.
  const Verdict& sha = Find(report, "SHA-256");
  EXPECT_EQ(sha.status, VerdictStatus::kSoftwareExpected) << sha.line;
  EXPECT_THAT(sha.evidence, Contains(HasSubstr("line 4")));
  bool says_vector_unknown = false;
  for (const std::string& fact : report.facts.report->cannot_know) {
    says_vector_unknown =
        says_vector_unknown || fact.find("capability vector has") != std::string::npos;
  }
  EXPECT_TRUE(says_vector_unknown);

  // A fast figure: accelerated, with the line that shows AES-NI.
  results::RunResult fast = ImportedRun("", kOpenssl111);
  AddFact(fast, "cpu_flags", "fpu vme de pse tsc msr sse sse2 ssse3 lm aes pclmulqdq avx", 4);
  AddAlgorithm(fast, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 1500)});
  const DoctorReport fast_report = DiagnoseReport(fast);
  const Verdict& accelerated = Find(fast_report, "AES-128-CBC");
  EXPECT_EQ(accelerated.status, VerdictStatus::kAccelerated) << accelerated.line;

  // ARM: a Features line without aes is software on this CPU, not a problem.
  results::RunResult arm = ImportedRun("", kOpenssl111);
  arm.library.platform = "platform: linux-aarch64";
  AddFact(arm, "cpu_flags", "fp asimd evtstrm crc32 cpuid", 2);
  AddAlgorithm(arm, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 60)});
  report = DiagnoseReport(arm);
  EXPECT_EQ(Find(report, "AES-128-CBC").status, VerdictStatus::kSoftwareExpected)
      << Find(report, "AES-128-CBC").line;
  EXPECT_THAT(StatedTags(report), Not(Contains("hw-path-unused")));

  // A model row's "has" on a virtual machine is the host's: left unknown.
  results::RunResult guest = ImportedRun("", kOpenssl111);
  AddFact(guest, "cpu_model", "model name: AMD EPYC 7763 64-Core Processor", 2);
  AddFact(guest, "cpu_flags", "fpu de pse tsc msr pae sse sse2 lm hypervisor", 3);
  report = DiagnoseReport(guest);
  EXPECT_FALSE(report.facts.cpu.Usable("SHA-NI"));
  EXPECT_NE(report.facts.cpu.Find("AES-NI"), nullptr);  // the guest's flags: absent
}

// "@ 2.50GHz" in a pasted model line narrows the clock; two machines' clocks do not.
// An AES-128 figure above every software AES at any clock (2.6 GB/s, cpu_clues.h) is the crypto
// running fine, stated with the ceiling it allows the workload.
TEST(CryptoFineTest, AesAboveEverySoftwarePathIsStatedWithItsCeiling) {
  results::RunResult run = CryptsetupRun();
  AddAlgorithm(
      run, "AES-128-XTS", "cipher",
      {ImportedFigure("encrypt", 1048576, 3750), ImportedFigure("decrypt", 1048576, 3890)});
  const DoctorReport report = DiagnoseReport(run);
  EXPECT_THAT(StatedTags(report), ElementsAre("crypto-fine"));
  const Finding* fine = FindingOf(report, "report.crypto-fine");
  ASSERT_NE(fine, nullptr);
  EXPECT_EQ(fine->severity, Severity::kInfo);
  // The slowest figure is the ceiling; cryptsetup is a disk's tool.
  EXPECT_THAT(fine->summary, HasSubstr("AES-128-XTS encrypt at 1024 KiB per call runs at 3.75 "
                                       "GB/s in this report (30.0 Gbit/s)"));
  EXPECT_THAT(fine->summary, HasSubstr("not what limits a disk or file system"));
  EXPECT_THAT(fine->evidence, HasSubstr("faster than any software AES"));
  EXPECT_THAT(fine->evidence, HasSubstr("https://eprint.iacr.org/2009/129"));
  EXPECT_THAT(fine->advice, HasSubstr("Look elsewhere"));
}

// The class route: an x86-64 GCM figure in the AES-NI class over the clock the text gives;
// over the assumed 1-5 GHz only the any-CPU bound counts (2 GB/s is below it).
TEST(CryptoFineTest, AFigureInItsAcceleratedClassIsFineOnlyWhenTheClockIsKnown) {
  results::RunResult run = ImportedRun("", kOpenssl111);
  run.source.timing_basis = "wall_clock";
  run.library.platform = "platform: linux-x86_64";
  AddAlgorithm(run, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 2000)});
  DoctorReport report = DiagnoseReport(run);
  ASSERT_EQ(Find(report, "AES-128-GCM").status, VerdictStatus::kAccelerated)
      << Find(report, "AES-128-GCM").line;
  EXPECT_EQ(FindingOf(report, "report.crypto-fine"), nullptr);

  AddFact(run, "cpu_model", "model name: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz", 2);
  report = DiagnoseReport(run);
  ASSERT_EQ(Find(report, "AES-128-GCM").status, VerdictStatus::kAccelerated);
  ASSERT_NE(report.core_hz_low, kReportDefaultHzLow) << report.facts.report->clock_source;
  EXPECT_THAT(StatedTags(report), ElementsAre("crypto-fine"));
  EXPECT_THAT(FindingOf(report, "report.crypto-fine")->summary,
              HasSubstr("a disk, file system, VPN or proxy"));

  // A platform line but no clock: the verdict is "accelerated", and a figure above every
  // software AES at any clock is as fine as it is without the platform line (the trial saw
  // more evidence give less).
  results::RunResult fast = ImportedRun("", kOpenssl111);
  fast.source.timing_basis = "wall_clock";
  fast.library.platform = "platform: linux-x86_64";
  AddAlgorithm(fast, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 6450)});
  report = DiagnoseReport(fast);
  ASSERT_EQ(Find(report, "AES-128-GCM").status, VerdictStatus::kAccelerated);
  ASSERT_EQ(report.core_hz_low, kReportDefaultHzLow);
  EXPECT_THAT(StatedTags(report), ElementsAre("crypto-fine"));
}

// A figure that software may reach (no architecture, no clock), a slow figure beside a fast
// one, and a software-class figure on a CPU with AES-NI: never "fine".
// SHA-256 above every software SHA-256 at any clock (hash_bounds.h: 1.86 GB/s) is on its
// accelerated path too: beside hardware AES the crypto is fine. A SHA-256 figure software can
// reach (SHA extensions at 2 cpb on a 3 GHz core look the same) settles nothing.
TEST(CryptoFineTest, Sha256AboveEverySoftwarePathCountsAsFine) {
  const auto run_of = [](double sha256_mb_s) {
    results::RunResult run = ImportedRun("", kOpenssl111);
    run.source.timing_basis = "wall_clock";
    AddAlgorithm(run, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 6450)});
    AddAlgorithm(run, "SHA-256", "hash", {ImportedFigure("hash", 16384, sha256_mb_s)});
    return run;
  };
  DoctorReport report = DiagnoseReport(run_of(2450));
  EXPECT_THAT(StatedTags(report), ElementsAre("crypto-fine"));
  const Finding* sha = FindingOf(report, "cpu.sha-hardware");
  ASSERT_NE(sha, nullptr);
  EXPECT_EQ(sha->severity, Severity::kInfo);
  EXPECT_THAT(sha->evidence, HasSubstr("1857 MB/s"));
  const Finding* fine = FindingOf(report, "report.crypto-fine");
  ASSERT_NE(fine, nullptr);
  EXPECT_THAT(fine->evidence, HasSubstr("faster than any software SHA-256"));
  EXPECT_THAT(fine->evidence, HasSubstr("sha512-x86_64.pl"));
  // The slowest figure is the ceiling: SHA-256 here.
  EXPECT_THAT(fine->summary, HasSubstr("SHA-256 hash at 16 KiB per call"));

  report = DiagnoseReport(run_of(1460));
  EXPECT_EQ(FindingOf(report, "cpu.sha-hardware"), nullptr);
  EXPECT_THAT(StatedTags(report), Not(Contains("crypto-fine")));

  // With an engine named, a fast figure does not say where the work ran.
  results::RunResult engine = run_of(2450);
  engine.source.timing_basis = "user_cpu";
  engine.source.engine_or_provider = "engine devcrypto";
  report = DiagnoseReport(engine);
  EXPECT_EQ(FindingOf(report, "cpu.sha-hardware"), nullptr);
  EXPECT_THAT(StatedTags(report), Not(Contains("crypto-fine")));
}

TEST(CryptoFineTest, NotWithoutTheEvidenceNorBesideASlowFigure) {
  results::RunResult inside = CryptsetupRun();
  AddAlgorithm(inside, "AES-128-XTS", "cipher", {ImportedFigure("encrypt", 1048576, 1500)});
  EXPECT_EQ(FindingOf(DiagnoseReport(inside), "report.crypto-fine"), nullptr);

  results::RunResult mixed = CryptsetupRun();
  AddAlgorithm(mixed, "AES-128-XTS", "cipher", {ImportedFigure("encrypt", 1048576, 3750)});
  AddAlgorithm(mixed, "AES-256-CBC", "cipher", {ImportedFigure("encrypt", 1048576, 150)});
  EXPECT_EQ(FindingOf(DiagnoseReport(mixed), "report.crypto-fine"), nullptr);

  results::RunResult slow =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  AddAlgorithm(slow, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 4500)});
  AddAlgorithm(slow, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 100)});
  const DoctorReport report = DiagnoseReport(slow);
  EXPECT_EQ(FindingOf(report, "report.crypto-fine"), nullptr);
  EXPECT_THAT(StatedTags(report), Not(Contains("crypto-fine")));
}

// ECB is no workload's mode: an AES-256-ECB figure above every software AES shows the hardware
// path, but it is no ceiling for the CBC, XTS or GCM a disk or VPN runs (CBC encryption is
// 1.5-8.2x slower than ECB on the same core: aesni-x86_64.pl's table). Alone it cannot tell;
// beside another mode's figure, that figure is the ceiling.
TEST(CryptoFineTest, AnEcbFigureShowsThePathButIsNoWorkloadsCeiling) {
  results::RunResult run = ImportedRun("", kOpenssl111);
  run.source.timing_basis = "wall_clock";
  AddAlgorithm(run, "AES-256-ECB", "cipher", {ImportedFigure("encrypt", 16384, 5000)});
  DoctorReport report = DiagnoseReport(run);
  EXPECT_THAT(FindingIds(report), Contains("cpu.aes-hardware"));
  EXPECT_EQ(FindingOf(report, "report.crypto-fine"), nullptr);
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
  const Finding* cannot = FindingOf(report, std::string(kEcbNoCeiling));
  ASSERT_NE(cannot, nullptr);
  EXPECT_EQ(cannot->severity, Severity::kWarning);
  EXPECT_THAT(cannot->summary, HasSubstr("AES-256-ECB"));
  EXPECT_THAT(cannot->evidence, HasSubstr("aesni-x86_64.pl"));
  EXPECT_THAT(cannot->advice, HasSubstr("-evp aes-256-gcm"));

  AddAlgorithm(run, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 6450)});
  report = DiagnoseReport(run);
  EXPECT_THAT(StatedTags(report), ElementsAre("crypto-fine"));
  const Finding* fine = FindingOf(report, "report.crypto-fine");
  ASSERT_NE(fine, nullptr);
  // The GCM figure is the ceiling, though the ECB one is slower.
  EXPECT_THAT(fine->summary, HasSubstr("AES-128-GCM encrypt at 16 KiB per call runs at 6.45"));
}

// -multi sums: 8 GB/s over 4 processes is 2 GB/s each, which software AES-128 may reach.
TEST(CryptoFineTest, ASumOfProcessesIsJudgedPerProcess) {
  results::RunResult run = CryptsetupRun();
  run.source.multi = 4;
  AddAlgorithm(run, "AES-128-CTR", "cipher", {ImportedFigure("encrypt", 16384, 8000)});
  EXPECT_EQ(FindingOf(DiagnoseReport(run), "report.crypto-fine"), nullptr);
}

// An engine or provider named, or 1.x low-level rows: the figure is not the workload's path.
TEST(CryptoFineTest, NotThroughAnEngineNorFromLowLevelRows) {
  results::RunResult engine = ImportedRun("", kOpenssl111);
  engine.source.timing_basis = "wall_clock";
  engine.source.engine_or_provider = "engine qatengine";
  AddAlgorithm(engine, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 5700)});
  EXPECT_EQ(FindingOf(DiagnoseReport(engine), "report.crypto-fine"), nullptr);

  results::RunResult legacy = ImportedRun("", kOpenssl111);
  legacy.source.evp = "legacy";
  legacy.source.caveats.push_back(
      "Rows 'aes-128 cbc' time OpenSSL 1.x's low-level API (AES_*, DES_*, SHA256() ...), not "
      "EVP.");
  AddAlgorithm(legacy, "AES-128-CBC", "cipher", {ImportedFigure("decrypt", 16384, 5000)});
  const DoctorReport report = DiagnoseReport(legacy);
  ASSERT_NE(FindingOf(report, "report.legacy-api"), nullptr);
  EXPECT_EQ(FindingOf(report, "report.crypto-fine"), nullptr);
}

// Two runs of one paste that differ, of the same code on the same machine as far as the paste
// shows, both above every software AES: the crypto is fine in each, and the difference is stated
// with what would attribute it (repeats), not called noise (issue 13, secs. 5 and 6).
TEST(CryptoFineTest, RunsOfTheSameCodeThatDifferAreFineAndTheDifferenceIsStated) {
  results::RunResult a = CryptsetupRun();
  AddAlgorithm(a, "AES-128-XTS", "cipher", {ImportedFigure("encrypt", 1048576, 5418.8)});
  results::RunResult b = CryptsetupRun();
  AddAlgorithm(b, "AES-128-XTS", "cipher", {ImportedFigure("encrypt", 1048576, 5071.0)});
  const std::vector<results::RunResult> runs = {a, b};
  ASSERT_TRUE(RunsDiffer(runs).has_value());
  EXPECT_THAT(*RunsDiffer(runs), HasSubstr("run 1 5.42 GB/s, run 2 5.07 GB/s"));
  EXPECT_EQ(ShownCodeDifference(a, b), std::nullopt);
  for (const results::RunResult& run : runs) {
    DoctorReport report = DiagnoseReport(run);
    ReadRunsThatDiffer(report, runs);
    EXPECT_THAT(StatedTags(report), ElementsAre("crypto-fine"));
    const Finding* differ = FindingOf(report, "report.runs-differ");
    ASSERT_NE(differ, nullptr);
    EXPECT_EQ(differ->severity, Severity::kInfo);
    EXPECT_THAT(differ->summary, HasSubstr("differ by up to 7%, which one pair of runs cannot "
                                           "attribute"));
    EXPECT_THAT(differ->summary, HasSubstr("the crypto is fine in each"));
    EXPECT_THAT(differ->evidence, HasSubstr("(6.9%)"));
    EXPECT_THAT(differ->advice, HasSubstr("`cryptsetup benchmark` three times on each side"));
    EXPECT_THAT(differ->advice, HasSubstr("compare the spread"));
  }

  // Within 5%, or no shared cell: crypto-fine alone.
  results::RunResult same = CryptsetupRun();
  AddAlgorithm(same, "AES-128-XTS", "cipher", {ImportedFigure("encrypt", 1048576, 5300)});
  results::RunResult other = CryptsetupRun();
  AddAlgorithm(other, "AES-256-XTS", "cipher", {ImportedFigure("encrypt", 1048576, 900)});
  EXPECT_FALSE(RunsDiffer({a, same, other}).has_value());
  DoctorReport report = DiagnoseReport(a);
  ReadRunsThatDiffer(report, {a, same, other});
  EXPECT_THAT(StatedTags(report), ElementsAre("crypto-fine"));
  EXPECT_EQ(FindingOf(report, "report.runs-differ"), nullptr);
}

// When the paste shows what differs between the runs (another kernel, library version or build),
// or a run of the pair is not fine itself, that may be the cause: one run's class does not
// answer why, and compare is pointed to instead.
TEST(CryptoFineTest, RunsThatDifferInCodeOrClassWithdrawItInFavourOfCompare) {
  results::RunResult a = CryptsetupRun();
  AddAlgorithm(a, "AES-128-XTS", "cipher", {ImportedFigure("encrypt", 1048576, 3750)});
  results::RunResult b = CryptsetupRun();
  AddAlgorithm(b, "AES-128-XTS", "cipher", {ImportedFigure("encrypt", 1048576, 3000)});
  AddFact(a, "uname", "Linux box 6.6.8-arch1-1 #1 SMP PREEMPT_DYNAMIC x86_64 GNU/Linux", 1);
  AddFact(b, "uname", "Linux box 6.12.1-arch1-1 #1 SMP PREEMPT_DYNAMIC x86_64 GNU/Linux", 9);
  ASSERT_TRUE(ShownCodeDifference(a, b).has_value());
  EXPECT_THAT(*ShownCodeDifference(a, b), HasSubstr("uname"));
  std::vector<results::RunResult> runs = {a, b};
  DoctorReport report = DiagnoseReport(a);
  ASSERT_THAT(StatedTags(report), ElementsAre("crypto-fine"));
  ReadRunsThatDiffer(report, runs);
  EXPECT_EQ(FindingOf(report, "report.crypto-fine"), nullptr);
  ASSERT_NE(FindingOf(report, "report.runs-differ"), nullptr);
  EXPECT_THAT(FindingOf(report, "report.runs-differ")->evidence, HasSubstr("6.12.1-arch1-1"));
  EXPECT_THAT(FindingOf(report, "report.runs-differ")->advice, HasSubstr("cryptobench compare"));
  EXPECT_THAT(StatedTags(report), IsEmpty());

  // Two library versions.
  results::RunResult old_lib = ImportedRun("", kOpenssl111);
  old_lib.source.timing_basis = "wall_clock";
  AddAlgorithm(old_lib, "AES-256-GCM", "aead", {ImportedFigure("encrypt", 16384, 12140)});
  results::RunResult new_lib = ImportedRun("", kOpenssl30);
  new_lib.source.timing_basis = "wall_clock";
  AddAlgorithm(new_lib, "AES-256-GCM", "aead", {ImportedFigure("encrypt", 16384, 10920)});
  EXPECT_THAT(ShownCodeDifference(old_lib, new_lib).value_or(""), HasSubstr("version"));
  runs = {old_lib, new_lib};
  report = DiagnoseReport(new_lib);
  ASSERT_THAT(StatedTags(report), ElementsAre("crypto-fine"));
  ReadRunsThatDiffer(report, runs);
  EXPECT_THAT(StatedTags(report), IsEmpty());

  // The same code, but the other run is below every hardware AES path: not fine in each.
  results::RunResult slow = CryptsetupRun();
  AddAlgorithm(slow, "AES-128-XTS", "cipher", {ImportedFigure("encrypt", 1048576, 1500)});
  results::RunResult fast = CryptsetupRun();
  AddAlgorithm(fast, "AES-128-XTS", "cipher", {ImportedFigure("encrypt", 1048576, 3750)});
  runs = {fast, slow};
  report = DiagnoseReport(fast);
  ASSERT_THAT(StatedTags(report), ElementsAre("crypto-fine"));
  ReadRunsThatDiffer(report, runs);
  EXPECT_THAT(StatedTags(report), IsEmpty());
  ASSERT_NE(FindingOf(report, "report.runs-differ"), nullptr);
  EXPECT_THAT(FindingOf(report, "report.runs-differ")->evidence,
              HasSubstr("run 2's figures are not all shown in their accelerated class"));
}

// An engine or provider named (timed by wall clock, so no offload is hidden), with figures in
// their accelerated class: where the work ran is the open question, and the run without the
// engine beside the pasted one answers it. With user CPU time that is a stated cause instead.
TEST(CryptoFineTest, AnEngineOrProviderWithAcceleratedFiguresCannotTellWhereTheyRan) {
  for (const char* named : {"engine foo", "engine padlock", "provider qatprovider"}) {
    for (const double mb_s : {2000.0, 6450.0}) {
      results::RunResult run =
          ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
      run.source.timing_basis = "wall_clock";
      run.source.engine_or_provider = named;
      AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, mb_s)});
      for (const bool clock : {false, true}) {
        if (clock) {
          AddFact(run, "cpu_model", "model name: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz", 2);
        }
        const DoctorReport report = DiagnoseReport(run);
        SCOPED_TRACE(fmt::format("{} {} MB/s, clock {}", named, mb_s, clock));
        ASSERT_EQ(Find(report, "AES-128-CBC").status, VerdictStatus::kAccelerated);
        EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
        const Finding* open = FindingOf(report, "report.cannot-tell");
        ASSERT_NE(open, nullptr);
        EXPECT_THAT(open->summary, HasSubstr(fmt::format(
                                       "whether AES-128-CBC encrypt ran through the {}", named)));
        EXPECT_THAT(open->advice, HasSubstr("`openssl speed -elapsed -evp aes-128-cbc`"));
        EXPECT_THAT(open->advice, Not(HasSubstr("-engine")));
      }
    }
  }
  // OpenSSL's own FIPS provider runs OpenSSL's code: not this question.
  results::RunResult fips =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  fips.source.timing_basis = "wall_clock";
  fips.source.engine_or_provider = "provider fips";
  AddAlgorithm(fips, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 2000)});
  EXPECT_EQ(FindingOf(DiagnoseReport(fips), "report.cannot-tell"), nullptr);
  // User CPU time with an engine: the stated cause, not this.
  results::RunResult user =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  user.source.engine_or_provider = "engine foo";
  AddAlgorithm(user, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 6450)});
  EXPECT_THAT(StatedTags(DiagnoseReport(user)), ElementsAre("user-cpu-timing-hides-offload"));
}

// 1.x low-level rows with a figure in AES-NI's class at a clock the text gives: the low-level
// AES_* code has no AES-NI path, so the figure is doubtful, not accelerated; the rows are not
// the path an application runs (no "fine" from them), and the -evp run says whether that path is.
TEST(CryptoFineTest, LowLevelRowsInTheirClassAtAKnownClockCannotTellAndNameTheEvpRun) {
  results::RunResult legacy = ImportedRun("", kOpenssl111);
  legacy.source.evp = "legacy";
  legacy.source.caveats.push_back(
      "Rows 'aes-128 cbc' time OpenSSL 1.x's low-level API (AES_*, DES_*, SHA256() ...), not "
      "EVP.");
  legacy.library.platform = "platform: linux-x86_64";
  AddAlgorithm(legacy, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 1200)});
  AddFact(legacy, "cpu_model", "model name: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz", 2);
  const DoctorReport report = DiagnoseReport(legacy);
  ASSERT_EQ(Find(report, "AES-128-CBC").status, VerdictStatus::kUndetermined);
  EXPECT_THAT(Find(report, "AES-128-CBC").line, HasSubstr("doubtful figure"));
  ASSERT_NE(FindingOf(report, "report.legacy-api"), nullptr);
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
  const Finding* open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->summary, HasSubstr("Cannot tell"));
  EXPECT_THAT(open->advice, HasSubstr("openssl speed -elapsed -evp aes-128-cbc"));
}

TEST(DoctorFromTest, ClockRangeComesFromAPastedModelLine) {
  results::RunResult run = ImportedRun("", kOpenssl111);
  AddFact(run, "cpu_model", "model name: Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz", 3);
  ReportClock clock = ReportClockRange(run);
  EXPECT_DOUBLE_EQ(clock.hz_low, 0.8 * 2.5e9);
  EXPECT_THAT(clock.source, HasSubstr("2.50GHz (line 3)"));
  AddFact(run, "cpu_model", "model name: Intel(R) Core(TM) i5-2400 CPU @ 3.10GHz", 9);
  EXPECT_EQ(ReportClockRange(run).hz_low, kReportDefaultHzLow);
  // lscpu's Architecture line names the architecture as uname -m would.
  AddFact(run, "cpu_arch", "aarch64", 1);
  EXPECT_EQ(ReadCpuClues(run).arch, "aarch64");
  EXPECT_THAT(ReadCpuClues(run).arch_clue, HasSubstr("Architecture line (line 1)"));
}

// A figure import doubts (a row without its 'type' line: its sizes are openssl speed's
// defaults, not the paste's) carries no good news: "cannot tell", with the command whose whole
// output would settle it; the same figure with its header is fine.
TEST(CryptoFineTest, NotFromAFigureInDoubt) {
  results::RunResult run = ImportedRun("", kOpenssl111);
  run.source.timing_basis = "wall_clock";
  results::Cell cell = ImportedFigure("encrypt", 16384, 6100);
  AddAlgorithm(run, "AES-128-GCM", "aead", {cell});
  ASSERT_THAT(StatedTags(DiagnoseReport(run)), ElementsAre("crypto-fine"));

  cell.caveats.push_back({"read from a table without its 'type ... bytes' line (line 38)", 38,
                          /*doubt=*/true});
  run.algorithms.front().cells = {cell};
  const DoctorReport report = DiagnoseReport(run);
  EXPECT_EQ(FindingOf(report, "report.crypto-fine"), nullptr);
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
  const Finding* open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->summary, HasSubstr("Cannot tell from this report whether the crypto is fine"));
  EXPECT_THAT(open->evidence, HasSubstr("AES-128-GCM encrypt at 16 KiB per call: read from a "
                                        "table without its 'type ... bytes' line (line 38)"));
  EXPECT_THAT(open->advice, HasSubstr("openssl speed -elapsed -evp aes-128-gcm"));

  // A remark that leaves the figure as good as the tool's own does not count.
  cell.caveats.front().doubt = false;
  run.algorithms.front().cells = {cell};
  EXPECT_THAT(StatedTags(DiagnoseReport(run)), ElementsAre("crypto-fine"));
}

// A paste with its own mask experiment (the same EVP run with OPENSSL_ia32cap clearing AES-NI,
// clearly slower) shows the unmasked run took the AES-NI path: fine, and the runs' difference
// is the experiment, not a question for compare. No slowdown: nothing is settled.
TEST(CryptoFineTest, APastedMaskExperimentSettlesThePath) {
  results::RunResult plain = ImportedRun("", kOpenssl111);
  plain.source.evp = "evp";
  plain.source.timing_basis = "wall_clock";
  AddAlgorithm(plain, "AES-128-CBC", "cipher",
               {ImportedFigure("encrypt", 16, 490), ImportedFigure("encrypt", 8192, 538)});
  results::RunResult masked = plain;
  masked.library.worker_env["OPENSSL_ia32cap"] = "~0x200000200000000";
  masked.algorithms.front().cells = {ImportedFigure("encrypt", 16, 217),
                                     ImportedFigure("encrypt", 8192, 254)};
  const std::vector<results::RunResult> runs = {plain, masked};
  DoctorReport report = DiagnoseReport(plain);
  ASSERT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
  ReadPastedMaskExperiment(report, plain, runs);
  ReadRunsThatDiffer(report, runs);
  EXPECT_THAT(StatedTags(report), ElementsAre("crypto-fine"));
  const Finding* fine = FindingOf(report, "report.crypto-fine");
  ASSERT_NE(fine, nullptr);
  EXPECT_THAT(fine->summary, HasSubstr("AES-128-CBC encrypt at 8 KiB per call runs at 538 MB/s"));
  EXPECT_THAT(fine->evidence, HasSubstr("OPENSSL_ia32cap=~0x200000200000000"));
  EXPECT_THAT(fine->evidence, HasSubstr("2.12x slower"));

  // The masked run itself, and a mask that leaves the figure as it was, settle nothing.
  report = DiagnoseReport(masked);
  ReadPastedMaskExperiment(report, masked, runs);
  EXPECT_EQ(FindingOf(report, "report.crypto-fine"), nullptr);
  results::RunResult same = masked;
  same.algorithms.front().cells = {ImportedFigure("encrypt", 8192, 530)};
  report = DiagnoseReport(plain);
  ReadPastedMaskExperiment(report, plain, {plain, same});
  EXPECT_EQ(FindingOf(report, "report.crypto-fine"), nullptr);
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
  // A mask of another bit (SSSE3, LV1 bit 9) is no AES-NI experiment.
  results::RunResult other = masked;
  other.library.worker_env["OPENSSL_ia32cap"] = ":~0x200";
  report = DiagnoseReport(plain);
  ReadPastedMaskExperiment(report, plain, {plain, other});
  EXPECT_EQ(FindingOf(report, "report.crypto-fine"), nullptr);
  EXPECT_TRUE(MaskExplains(plain, masked));
  EXPECT_FALSE(MaskExplains(plain, plain));
}

// Undetermined verdicts and no cause: "cannot tell", naming the one command that settles them.
TEST(UndeterminedTest, NamesTheCommandThatWouldTell) {
  // No architecture, no clock: lscpu.
  results::RunResult bare = ImportedRun("", kOpenssl111);
  bare.source.timing_basis = "wall_clock";
  AddAlgorithm(bare, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 8192, 538)});
  DoctorReport report = DiagnoseReport(bare);
  ASSERT_EQ(Find(report, "AES-128-CBC").status, VerdictStatus::kUndetermined);
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
  const Finding* open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->summary, HasSubstr("Cannot tell from this report whether AES-128-CBC encrypt"));
  EXPECT_THAT(open->advice, HasSubstr("Run `lscpu`"));
  EXPECT_THAT(open->evidence, HasSubstr("no architecture"));

  // A kernel tool: the driver the kernel picks, from /proc/crypto.
  results::RunResult disk = CryptsetupRun();
  AddAlgorithm(disk, "AES-128-XTS", "cipher", {ImportedFigure("encrypt", 1048576, 1500)});
  report = DiagnoseReport(disk);
  open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->advice, HasSubstr("`grep -E '^(name|driver|priority)' /proc/crypto`"));

  // 1.x low-level rows: the -evp run (with the engine the run names).
  results::RunResult legacy = bare;
  legacy.source.evp = "legacy";
  legacy.source.engine_or_provider = "engine qat";
  legacy.source.caveats.push_back(
      "Row 'aes-128 cbc' times OpenSSL 1.x's low-level API (AES_*, DES_*, SHA256() ...), not "
      "EVP.");
  report = DiagnoseReport(legacy);
  ASSERT_NE(FindingOf(report, "report.legacy-api"), nullptr);
  open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->advice, HasSubstr("`openssl speed -engine qat -elapsed -evp aes-128-cbc`"));

  // x86-64 with its clock: the masked re-run, whose change tells which path ran.
  results::RunResult x86 = bare;
  x86.library.platform = "platform: linux-x86_64";
  AddFact(x86, "cpu_model", "model name: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz", 2);
  x86.algorithms.front().cells = {ImportedFigure("encrypt", 8192, 560)};
  report = DiagnoseReport(x86);
  ASSERT_EQ(Find(report, "AES-128-CBC").status, VerdictStatus::kUndetermined)
      << Find(report, "AES-128-CBC").line;
  open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->advice, HasSubstr("OPENSSL_ia32cap='~0x200000200000000' openssl speed "
                                      "-elapsed -evp aes-128-cbc"));
}

// An accelerated verdict that rests on the cpb fingerprint over the assumed 1-5 GHz: the path
// ran (no software class fits at any clock of the range, and the x86-64 table holds generic C),
// but whether its figure is the path's speed, so whether the crypto is fine, needs the clock:
// "cannot tell" with lscpu, never silence. With the clock the same figure is fine.
TEST(UndeterminedTest, AnAcceleratedFingerprintOverTheAssumedClockCannotTellIfFine) {
  results::RunResult run = ImportedRun("", kOpenssl111);
  run.source.timing_basis = "wall_clock";
  run.library.platform = "platform: linux-x86_64";
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 1174)});
  DoctorReport report = DiagnoseReport(run);
  ASSERT_EQ(Find(report, "AES-128-CBC").status, VerdictStatus::kAccelerated)
      << Find(report, "AES-128-CBC").line;
  ASSERT_EQ(report.core_hz_high, kReportDefaultHzHigh);
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
  const Finding* open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->summary,
              HasSubstr("Cannot tell from this report whether the crypto is fine: AES-128-CBC "
                        "encrypt ran on its accelerated path, but its figure matches that path's "
                        "class only under an assumed clock"));
  EXPECT_THAT(open->evidence, HasSubstr("0.85-4.26 cpb over 1.00-5.00 GHz"));
  EXPECT_THAT(open->advice, HasSubstr("Run `lscpu`"));
  EXPECT_THAT(open->advice, HasSubstr("CPU max MHz"));

  AddFact(run, "cpu_model", "model name: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz", 2);
  report = DiagnoseReport(run);
  ASSERT_EQ(Find(report, "AES-128-CBC").status, VerdictStatus::kAccelerated);
  EXPECT_THAT(StatedTags(report), ElementsAre("crypto-fine"));

  // An AES figure above every software AES at any clock needs no clock: fine as before.
  results::RunResult fast = ImportedRun("", kOpenssl111);
  fast.source.timing_basis = "wall_clock";
  fast.library.platform = "platform: linux-x86_64";
  AddAlgorithm(fast, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 6450)});
  EXPECT_THAT(StatedTags(DiagnoseReport(fast)), ElementsAre("crypto-fine"));

  // With an engine named the open question is where the work ran, which no clock settles.
  results::RunResult engine = run;
  engine.source.facts.clear();
  engine.source.engine_or_provider = "engine qat";
  report = DiagnoseReport(engine);
  EXPECT_EQ(FindingOf(report, "report.cannot-tell") == nullptr ||
                FindingOf(report, "report.cannot-tell")->summary.find("assumed clock") ==
                    std::string::npos,
            true);
}

// Over the assumed 1-5 GHz a figure that fits only an accelerated class at the low end but is
// slower than that class at the top is accelerated only where the table bounds every software
// path the code can take there: the AArch64 table has no generic C row for AES, which OpenSSL
// 1.0.2 (no vpaes-armv8), the kernel and other libraries run, so it stays open (an RK3568's
// cryptsetup AES-128-CBC, 480 MB/s, is 10.4 cpb at 5 GHz). OpenSSL 1.1.1 has only vpaes and
// bsaes as software there, both in the table; the x86-64 table has generic C; an AArch64 figure
// inside the class at every clock is accelerated whatever the code.
TEST(DoctorFromTest, TheTopOfTheClockRangeBeyondTheClassesIsOpenWithoutAGenericCRow) {
  results::RunResult arm = ImportedRun("", 0x1000214f);  // 1.0.2t
  arm.library.version = "OpenSSL 1.0.2t";
  arm.source.timing_basis = "wall_clock";
  arm.library.platform = "platform: linux-aarch64";
  AddAlgorithm(arm, "AES-256-CBC", "cipher", {ImportedFigure("encrypt", 16384, 840)});
  DoctorReport report = DiagnoseReport(arm);
  const Verdict& open = Find(report, "AES-256-CBC");
  ASSERT_EQ(open.status, VerdictStatus::kUndetermined) << open.line;
  EXPECT_THAT(open.line, HasSubstr("ARMv8 CE (aes_v8_cbc_encrypt) at the low end of the range, "
                                   "but at a clock above 3.2"));
  EXPECT_THAT(open.line, HasSubstr("no generic C row for AES-256-CBC encrypt"));
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
  const Finding* cannot_tell = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(cannot_tell, nullptr);
  EXPECT_THAT(cannot_tell->summary, HasSubstr("AES-256-CBC encrypt ran on its accelerated path"));
  EXPECT_THAT(cannot_tell->advice, HasSubstr("Run `lscpu`"));

  EXPECT_THAT(open.line, HasSubstr("OpenSSL 1.0.2t's software is not ruled out there"));

  // The kernel's code: the same.
  results::RunResult kernel = arm;
  kernel.source.tool = "cryptsetup benchmark";
  EXPECT_THAT(Find(DiagnoseReport(kernel), "AES-256-CBC").line,
              HasSubstr("the kernel's software is not ruled out there"));

  // OpenSSL 1.1.1: accelerated, and whether it is fine needs the clock.
  results::RunResult v111 = arm;
  v111.library.version = "OpenSSL 1.1.1w";
  v111.library.version_num = kOpenssl111;
  report = DiagnoseReport(v111);
  EXPECT_EQ(Find(report, "AES-256-CBC").status, VerdictStatus::kAccelerated)
      << Find(report, "AES-256-CBC").line;
  ASSERT_NE(FindingOf(report, "report.cannot-tell"), nullptr);
  EXPECT_THAT(FindingOf(report, "report.cannot-tell")->summary,
              HasSubstr("whether the crypto is fine"));

  // 1400 MB/s is 0.71-3.57 cpb: inside the widened ARMv8 CE class (to 3.85) at every clock.
  arm.algorithms.front().cells = {ImportedFigure("encrypt", 16384, 1400)};
  EXPECT_EQ(Find(DiagnoseReport(arm), "AES-256-CBC").status, VerdictStatus::kAccelerated);

  // x86-64 AES-128-CBC decrypt at 2 GB/s: 0.5-2.5 cpb, past AES-NI's 1.45 at the top but far
  // from bsaes (4.92) and every other software class the table holds, generic C included.
  results::RunResult x86 = arm;
  x86.library.platform = "platform: linux-x86_64";
  x86.algorithms.clear();
  AddAlgorithm(x86, "AES-128-CBC", "cipher", {ImportedFigure("decrypt", 16384, 2000)});
  EXPECT_EQ(Find(DiagnoseReport(x86), "AES-128-CBC").status, VerdictStatus::kAccelerated)
      << Find(DiagnoseReport(x86), "AES-128-CBC").line;
}

// The class table holds OpenSSL's code paths. A report of another library names each class by
// the kind of code it is (no OpenSSL module or function), says the ranges are OpenSSL's, and
// cites the library-changes row when that release has no assembly for the area at all: LibreSSL
// has no AArch64 AES code through 4.3.x, so its figure in the NEON vector-permute class is its C
// code. An OpenSSL report keeps the table's names.
TEST(DoctorFromTest, ClassNamesOfAnotherLibraryNameNoOpensslModule) {
  results::RunResult openssl = ImportedRun("", kOpenssl111);
  openssl.source.timing_basis = "wall_clock";
  openssl.library.platform = "platform: linux-aarch64";
  // 60 MB/s: 16.7-83.3 cpb over 1-5 GHz, only the NEON vector-permute class fits.
  AddAlgorithm(openssl, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 60)});
  const DoctorReport openssl_report = DiagnoseReport(openssl);
  const Verdict& kept = Find(openssl_report, "AES-128-CBC");
  EXPECT_THAT(kept.line, HasSubstr("vpaes NEON (vpaes_cbc_encrypt)"));
  EXPECT_THAT(kept.evidence, Each(Not(HasSubstr("OpenSSL's code paths"))));

  results::RunResult libressl = openssl;
  libressl.source.tool_version = "LibreSSL 3.8.2";
  libressl.library.version = "LibreSSL 3.8.2";
  libressl.library.version_num = 0x20000000;
  const DoctorReport report = DiagnoseReport(libressl);
  const Verdict& v = Find(report, "AES-128-CBC");
  // The verdict follows library.lacks-asm-path (SettleByLibraryLacksPath); the class the figure
  // fits stays in its evidence, named by the kind of code.
  EXPECT_THAT(v.line, HasSubstr("LibreSSL 3.8.2 has no aarch64 assembly for AES")) << v.line;
  EXPECT_THAT(v.evidence, Contains(HasSubstr("constant-time NEON vector-permute AES")));
  for (const std::string& text : v.evidence) {
    EXPECT_THAT(text, Not(HasSubstr("vpaes"))) << text;
  }
  EXPECT_THAT(v.line, Not(HasSubstr("vpaes")));
  EXPECT_THAT(v.fingerprint, Not(HasSubstr("vpaes")));
  EXPECT_THAT(v.evidence, Contains(AllOf(HasSubstr("OpenSSL's code paths"),
                                         HasSubstr("LibreSSL 3.8.2 has no aarch64 AES assembly"),
                                         HasSubstr("not an instruction path left unused"))));
  // LibreSSL 4.4.0 is past what the rows were checked against: the table is OpenSSL's, no more.
  libressl.library.version = "LibreSSL 4.4.0";
  libressl.source.tool_version = "LibreSSL 4.4.0";
  const DoctorReport later_report = DiagnoseReport(libressl);
  const Verdict& later = Find(later_report, "AES-128-CBC");
  EXPECT_THAT(later.evidence, Contains(HasSubstr("OpenSSL's code paths")));
  EXPECT_THAT(later.evidence, Each(Not(HasSubstr("has no aarch64 AES assembly"))));

  // BoringSSL on x86-64 in the AES-NI class: the instructions, not aesni_cbc_encrypt.
  results::RunResult bssl = ImportedRun("", 0);
  bssl.source.tool = "bssl speed";
  bssl.source.tool_version.clear();
  bssl.source.timing_basis = "wall_clock";
  bssl.library.backend = "boringssl";
  bssl.library.version.clear();
  bssl.library.platform = "platform: linux-x86_64";
  AddAlgorithm(bssl, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 1500)});
  const DoctorReport bssl_report = DiagnoseReport(bssl);
  const Verdict& boring = Find(bssl_report, "AES-128-CBC");
  std::string all = boring.line + boring.fingerprint;
  for (const std::string& text : boring.evidence) {
    all += text;
  }
  EXPECT_THAT(all, Not(HasSubstr("aesni_cbc_encrypt")));
  EXPECT_THAT(boring.evidence, Contains(HasSubstr("BoringSSL runs its own code")));
}

// LibreSSL has no AArch64 Montgomery assembly (data/library-changes.csv), but a public-key
// figure has no class that shows it slow, so no "lacks an assembly path" warning is given for it.
TEST(DoctorFromTest, NoLacksAsmPathWarningForPublicKeyRows) {
  results::RunResult run = ImportedRun("", kOpenssl111);
  run.source.tool_version = "LibreSSL 3.8.2";
  run.library.version = "LibreSSL 3.8.2";
  run.library.platform = "platform: linux-aarch64";
  run.source.timing_basis = "wall_clock";
  AddAlgorithm(run, "RSA-2048", "signature", {ImportedFigure("sign", 32, 0.0096)});  // 300 sign/s
  const DoctorReport report = DiagnoseReport(run);
  EXPECT_EQ(report.facts.cpu.arch, "aarch64");
  EXPECT_EQ(FindingOf(report, "library.lacks-asm-path"), nullptr);
}

// Figures only of algorithms without a CPU-feature path (MD5): no class says what they should
// reach, so the report cannot tell whether they are slow, and says which run would.
TEST(UndeterminedTest, AlgorithmsWithoutAPathAloneCannotTell) {
  results::RunResult run = ImportedRun("", kOpenssl30);
  run.source.timing_basis = "wall_clock";
  run.library.platform = "platform: linux-x86_64";
  AddAlgorithm(run, "MD5", "hash", {ImportedFigure("hash", 64, 193)});
  DoctorReport report = DiagnoseReport(run);
  ASSERT_EQ(Find(report, "MD5").status, VerdictStatus::kNoHardwarePath) << Find(report, "MD5").line;
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
  const Finding* open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->summary, HasSubstr("whether MD5 hash is slow: it has no CPU-feature path"));
  EXPECT_THAT(open->advice, HasSubstr("cryptobench compare A B"));

  // Beside an AES figure fine by the clock the model line gives, MD5 is what stays open (no
  // crypto-fine: MD5 has no class to be in).
  results::RunResult clocked = run;
  AddFact(clocked, "cpu_model", "model name: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz", 2);
  AddAlgorithm(clocked, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 2000)});
  report = DiagnoseReport(clocked);
  ASSERT_EQ(Find(report, "AES-128-GCM").status, VerdictStatus::kAccelerated);
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
  open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->summary, HasSubstr("whether MD5 hash is slow"));
  EXPECT_THAT(open->evidence, HasSubstr("the verdicts call AES-128-GCM encrypt accelerated"));

  // Beside an undetermined AES figure, that one is what the report cannot tell.
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 8192, 538)});
  report = DiagnoseReport(run);
  open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->summary, HasSubstr("AES-128-CBC encrypt"));
  EXPECT_THAT(open->summary, Not(HasSubstr("MD5")));
}

// A paste of public-key rows alone, with nothing to settle their path: cannot tell, and the one
// command that would. Beside a symmetric row the public-key rows add nothing.
TEST(UndeterminedTest, PublicKeyRowsAloneCannotTell) {
  results::RunResult pk = ImportedRun("", kOpenssl111);
  pk.source.tool = "bssl speed";
  pk.source.timing_basis = "wall_clock";
  AddAlgorithm(pk, "RSA-2048", "signature",
               {ImportedFigure("sign", 32, 0.045), ImportedFigure("verify", 32, 1.27)});
  DoctorReport report = DiagnoseReport(pk);
  ASSERT_EQ(Find(report, "RSA-2048").status, VerdictStatus::kUndetermined);
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
  const Finding* open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->summary, HasSubstr("RSA-2048 sign, RSA-2048 verify ran on their assembly"));
  // The CPU's flags cannot say whether the assembly ran; BoringSSL's tool has no build line.
  EXPECT_THAT(open->advice, HasSubstr("Run `cryptobench doctor RSA-2048`"));
  EXPECT_THAT(open->advice, Not(HasSubstr("lscpu")));

  results::RunResult mixed =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  AddAlgorithm(mixed, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 1500)});
  AddAlgorithm(mixed, "RSA-2048", "signature", {ImportedFigure("sign", 32, 0.045)});
  report = DiagnoseReport(mixed);
  // What stays open is whether the AES figure is fine (no clock), not the RSA rows' path.
  open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->summary, HasSubstr("whether the crypto is fine: AES-128-CBC encrypt"));
  EXPECT_THAT(open->summary, Not(HasSubstr("RSA")));
}

// A verdict that settles or a cause stated: no "cannot tell" added. (A settled path over the
// assumed clock leaves only whether the crypto is fine open; with the clock nothing is.)
TEST(UndeterminedTest, NotBesideACauseNorASettledVerdict) {
  results::RunResult settled =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  AddAlgorithm(settled, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 1500)});
  AddFact(settled, "cpu_model", "model name: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz", 2);
  DoctorReport report = DiagnoseReport(settled);
  ASSERT_EQ(Find(report, "AES-128-CBC").status, VerdictStatus::kAccelerated);
  EXPECT_EQ(FindingOf(report, "report.cannot-tell"), nullptr);
  EXPECT_THAT(StatedTags(report), ElementsAre("crypto-fine"));

  results::RunResult no_asm = ImportedRun("CPUINFO: N/A", kOpenssl30);
  no_asm.library.platform = "platform: linux-x86_64";  // N/A proves no-asm on x86 and ARM only
  AddAlgorithm(no_asm, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 300)});
  report = DiagnoseReport(no_asm);
  EXPECT_THAT(StatedTags(report), Contains("built-without-asm"));
  EXPECT_EQ(FindingOf(report, "report.cannot-tell"), nullptr);

  EXPECT_FALSE(UndeterminedFinding(DoctorReport{}).has_value());
}

// Figures of no catalogued algorithm (TLS cipher-suite rates, github.com/TigerVNC/tigervnc/
// issues/737) get no verdict: the report says it cannot tell, and which run would.
TEST(DoctorFromTest, ReportWithoutCataloguedAlgorithmsCannotTell) {
  results::RunResult run = ImportedRun("", 0);
  run.source.tool = "gnutls-cli benchmark";
  AddAlgorithm(run, "RSA_AES_128_GCM_SHA256", "other", {ImportedFigure("transfer", 1400, 163)});
  const DoctorReport report = DiagnoseReport(run);
  EXPECT_TRUE(report.verdicts.empty());
  const Finding* cannot_tell = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(cannot_tell, nullptr);
  EXPECT_THAT(cannot_tell->evidence, HasSubstr("RSA_AES_128_GCM_SHA256"));
  EXPECT_THAT(cannot_tell->advice, HasSubstr("gnutls-cli --benchmark-ciphers"));
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
}

// When the CPU facts settle that the AES instructions are absent (a capability vector with
// AES-NI clear, or an x86 flags line without aes), a figure whose cpb range also fits AES-NI
// must not keep the hardware class as a candidate: "software (expected) ... ambiguous: hardware
// or software (AES-NI ...)" contradicts itself (new-user tryout, helper 102).
TEST(DoctorFromTest, SoftwareExpectedNamesNoHardwareClass) {
  results::RunResult vector_run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVectorNoAesNi, kOpenssl111);
  results::RunResult flags_run = ImportedRun("", kOpenssl111);
  AddFact(flags_run, "cpu_flags",
          "flags : fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 "
          "clflush mmx fxsr sse sse2 ss syscall nx lm constant_tsc pni ssse3 cx16 sse4_1 sse4_2 "
          "popcnt hypervisor lahf_lm",
          2);
  for (results::RunResult* run : {&vector_run, &flags_run}) {
    // 154 MB/s: 6.5-32 cpb over 1-5 GHz, a range that alone fits AES-NI and software classes.
    AddAlgorithm(*run, "AES-256-CBC", "cipher", {ImportedFigure("encrypt", 16384, 154.3)});
    const DoctorReport report = DiagnoseReport(*run);
    const Verdict& v = Find(report, "AES-256-CBC");
    ASSERT_EQ(v.status, VerdictStatus::kSoftwareExpected) << v.line;
    EXPECT_THAT(v.line, Not(HasSubstr("hardware or software"))) << v.line;
    EXPECT_THAT(v.line, Not(HasSubstr("aesni_cbc_encrypt"))) << v.line;
    EXPECT_THAT(v.line, HasSubstr("vpaes")) << v.line;
    EXPECT_THAT(v.fingerprint, Not(HasSubstr("AES-NI"))) << v.fingerprint;
  }
}

// cryptsetup times the kernel's drivers through AF_ALG: the verdicts of its rows name no OpenSSL
// code path (vpaes_cbc_encrypt, aes_core.c, aesni_cbc_encrypt) as the kernel's class, whether the
// figure falls among software, hardware or both kinds of class (new-user tryout, helper 102).
TEST(DoctorFromTest, KernelRowsNameNoOpenSslCodePath) {
  results::RunResult run = CryptsetupRun();
  AddFact(run, "cpu_flags",
          "Flags: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 "
          "clflush mmx fxsr sse sse2 ss syscall nx lm constant_tsc pni pclmulqdq ssse3 cx16 "
          "sse4_1 sse4_2 popcnt aes xsave avx hypervisor",
          3);
  AddAlgorithm(
      run, "AES-128-CBC", "cipher",
      {ImportedFigure("encrypt", 1048576, 157.4), ImportedFigure("decrypt", 1048576, 2554.8)});
  const DoctorReport report = DiagnoseReport(run);
  ASSERT_EQ(report.verdicts.size(), 2u);
  for (const Verdict& v : report.verdicts) {
    for (const char* openssl : {"vpaes", "aes_core", "aesni_cbc_encrypt", "AES_cbc_encrypt"}) {
      EXPECT_THAT(v.line, Not(HasSubstr(openssl))) << v.line;
      EXPECT_THAT(v.fingerprint, Not(HasSubstr(openssl))) << v.fingerprint;
    }
    EXPECT_THAT(v.line, HasSubstr("not the kernel's drivers")) << v.line;
  }
}

// A CPU's flags line is named by what printed it: lscpu's "Flags:" is not a /proc/cpuinfo line
// (new-user tryout: 'the /proc/cpuinfo flags line' for a pasted lscpu), and it stays so in a
// result JSON read back.
TEST(CpuCluesTest, AFlagsLineIsNamedByWhatPrintedIt) {
  const std::string table =
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "aes-128-cbc     910220.41k  1431007.25k  1502110.33k  1520332.80k  1524900.12k  "
      "1525118.46k\n\n";
  const std::string flags = "fpu vme de pse tsc msr sse sse2 ssse3 lm aes pclmulqdq avx";
  // The AES feature's clue: "AES-NI" on x86, "AES" on ARM.
  const auto clue_of = [&](const std::string& line) {
    std::vector<results::RunResult> runs = import::ImportText(table + line + "\n", "paste.txt");
    EXPECT_EQ(runs.size(), 1u);
    if (runs.empty()) {
      return std::string();
    }
    const results::RunResult back =
        results::FromJson(nlohmann::json::parse(results::ToJson(runs.front()).dump()));
    const CpuClues clues = ReadCpuClues(back);  // Find points into it: keep it alive
    const CpuFeatureClue* aes = clues.Find("AES-NI");
    if (aes == nullptr) {
      aes = clues.Find("AES");
    }
    return aes == nullptr ? std::string() : aes->clue;
  };
  EXPECT_THAT(clue_of("Flags:                           " + flags),
              HasSubstr("the lscpu Flags line (line 5)"));
  EXPECT_THAT(clue_of("flags\t\t: " + flags), HasSubstr("the /proc/cpuinfo flags line (line 5)"));
  EXPECT_THAT(clue_of("Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid"),
              HasSubstr("/proc/cpuinfo Features line"));
}

// A kernel tool's paste that names the driver which ran: tcrypt's section line, or a pasted
// /proc/crypto entry (issue 13, section 3). The verdict rests on the driver and names the clue.
results::RunResult TcryptRun(const std::string& driver, double mb_per_s) {
  results::RunResult run = CryptsetupRun();
  run.source.tool = "tcrypt";
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 8192, mb_per_s)});
  run.algorithms.back().implementation = driver;
  return run;
}

TEST(KernelDriverVerdictTest, TheTcryptLineNamesTheDriverThatRan) {
  // The CPU's own instructions: accelerated, from the tcrypt line.
  DoctorReport report = DiagnoseReport(TcryptRun("cbc-aes-aesni", 1500));
  EXPECT_EQ(Find(report, "AES-128-CBC").status, VerdictStatus::kAccelerated);
  EXPECT_THAT(Find(report, "AES-128-CBC").line,
              HasSubstr("the tcrypt line names cbc-aes-aesni: the CPU's AES-NI instructions"));
  EXPECT_EQ(Find(report, "AES-128-CBC").kernel_driver, "cbc-aes-aesni");

  // A template over portable C: software, said with its clue; the paste is not asked for the
  // driver it already names.
  report = DiagnoseReport(TcryptRun("cbc(aes-generic)", 500));
  const Verdict& generic = Find(report, "AES-128-CBC");
  EXPECT_EQ(generic.status, VerdictStatus::kUndetermined);
  EXPECT_THAT(generic.line, HasSubstr("the kernel ran it in software (the tcrypt line names "
                                      "cbc(aes-generic): aes-generic: portable C)"));
  for (const Finding& finding : report.findings) {
    EXPECT_THAT(finding.advice, Not(HasSubstr("grep -E '^(name|driver|priority)' /proc/crypto")))
        << finding.id;
  }

  // arm64's Crypto Extensions and POWER8's vector crypto (drivers/crypto/vmx): accelerated.
  EXPECT_EQ(Find(DiagnoseReport(TcryptRun("xts-aes-ce", 1500)), "AES-128-CBC").status,
            VerdictStatus::kAccelerated);
  EXPECT_EQ(Find(DiagnoseReport(TcryptRun("p8_aes_cbc", 1500)), "AES-128-CBC").status,
            VerdictStatus::kAccelerated);
  // e500's SPE code and 32-bit ARM's scalar code are software.
  EXPECT_THAT(Find(DiagnoseReport(TcryptRun("cbc-ppc-spe", 500)), "AES-128-CBC").line,
              HasSubstr("in software"));
  EXPECT_THAT(Find(DiagnoseReport(TcryptRun("cbc(aes-arm)", 500)), "AES-128-CBC").line,
              HasSubstr("in software"));

  // A hardware engine: offload, not the CPU's classes.
  EXPECT_THAT(Find(DiagnoseReport(TcryptRun("mv-cbc-aes", 500)), "AES-128-CBC").line,
              HasSubstr("offloaded: the tcrypt line names mv-cbc-aes"));

  // A driver the table does not know is unknown: nothing is read from its name.
  report = DiagnoseReport(TcryptRun("cbc-aes-frobnicator", 1200));
  EXPECT_EQ(Find(report, "AES-128-CBC").status, VerdictStatus::kUndetermined);
  EXPECT_EQ(Find(report, "AES-128-CBC").kernel_driver, "");
}

TEST(KernelDriverVerdictTest, APastedProcCryptoEntryOfHighestPriorityNamesTheDriver) {
  results::RunResult run = CryptsetupRun();
  AddAlgorithm(run, "AES-256-XTS", "cipher", {ImportedFigure("encrypt", 1048576, 2500)});
  AddFact(run, "kernel_driver",
          "xts(aes): driver xts(ecb(aes-generic)), module kernel, priority 100", 5);
  AddFact(run, "kernel_driver", "xts(aes): driver xts-aes-aesni, module aesni_intel, priority 401",
          12);
  DoctorReport report = DiagnoseReport(run);
  EXPECT_EQ(Find(report, "AES-256-XTS").status, VerdictStatus::kAccelerated);
  EXPECT_THAT(Find(report, "AES-256-XTS").line,
              HasSubstr("/proc/crypto (line 12, priority 401) names xts-aes-aesni"));

  results::RunResult soft = CryptsetupRun();
  AddAlgorithm(soft, "AES-256-XTS", "cipher", {ImportedFigure("encrypt", 1048576, 170)});
  AddFact(soft, "kernel_driver",
          "xts(aes): driver xts(ecb(aes-generic)), module kernel, priority 100", 5);
  report = DiagnoseReport(soft);
  EXPECT_THAT(Find(report, "AES-256-XTS").line,
              HasSubstr("in software (/proc/crypto (line 5, priority 100) names "
                        "xts(ecb(aes-generic))"));
  for (const Finding& finding : report.findings) {
    EXPECT_THAT(finding.advice, Not(HasSubstr("grep -E '^(name|driver|priority)' /proc/crypto")))
        << finding.id;
  }
}

// A guest's pasted lscpu (issue 13, section 2): its flags are used, and it is never told to run
// lscpu, which it just did.
TEST(CpuCluesTest, AGuestsPastedLscpuIsUsedNotAskedFor) {
  // The host's model has AES-NI (a row of data/cpu-clues.csv), the guest's flags lack it, and
  // the figure is software's without being below every hardware path: the guest's CPU model is
  // the cause of the software verdict.
  results::RunResult run = ImportedRun("", kOpenssl111);
  run.source.timing_basis = "wall_clock";
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 207)});
  AddFact(run, "cpu_model", "model name: Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz", 6);
  AddFact(run, "cpu_flags", "fpu vme de pse tsc msr pae sse sse2 ssse3 sse4_1 sse4_2 lm hypervisor",
          9);
  run.source.facts.back().origin = "lscpu";
  DoctorReport report = DiagnoseReport(run);
  EXPECT_THAT(StatedTags(report), ElementsAre("vm-hides-cpu-features"));
  for (const Finding& finding : report.findings) {
    EXPECT_THAT(finding.advice, Not(HasSubstr("Run `lscpu`"))) << finding.id;
  }

  // A guest whose model no row knows: cannot tell, but the remedy is the host's lscpu, not the
  // guest's again.
  results::RunResult generic = ImportedRun("", kOpenssl111);
  generic.source.timing_basis = "wall_clock";
  AddAlgorithm(generic, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 207)});
  AddFact(generic, "cpu_model", "model name: QEMU Virtual CPU version 2.5+", 6);
  AddFact(generic, "cpu_flags", "fpu de pse tsc msr pae sse sse2 ssse3 lm hypervisor", 9);
  report = DiagnoseReport(generic);
  const Finding* open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->advice, Not(HasSubstr("Run `lscpu`")));
  EXPECT_THAT(open->advice, HasSubstr("on the host"));
}

}  // namespace
// New-user tryout: verdict lines named the algorithm only ("AES-128-CBC: accelerated"), and two
// rows of one algorithm and operation (a legacy and an EVP row of one cipher) stated the same
// verdict twice. Each line names the operation; a verdict of the same algorithm, operation and
// text is stated once.
TEST(DoctorFromTest, VerdictLinesNameTheOperationAndADuplicateIsStatedOnce) {
  results::RunResult run =
      ImportedRun(std::string("CPUINFO: OPENSSL_ia32cap=") + kVector, kOpenssl30);
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 1500)});
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 1500)});
  AddAlgorithm(run, "SHA-256", "hash", {ImportedFigure("hash", 16384, 1800)});
  const DoctorReport report = DiagnoseReport(run);
  ASSERT_EQ(report.verdicts.size(), 2u);
  EXPECT_THAT(report.verdicts[0].line, ::testing::StartsWith("AES-128-CBC encrypt: accelerated: "));
  EXPECT_THAT(report.verdicts[1].line, ::testing::StartsWith("SHA-256 hash: "));
}

// A 1.x paste trimmed to its compiler line (Raspberry Pi OS's 1.1.1n, as in the rpi4 report of
// tests/fixtures/reports): the line's -D*_ASM defines and the release its build path names reach
// the diagnosis, which names that clue; once the line was dropped ("no compiler line").
TEST(DoctorFromTest, ATrimmedCompilerLineGivesDefinesAndTheReleaseOfItsBuildPath) {
  const std::string table =
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
      "aes-256-cbc      50622.20k    59695.34k    63555.72k    64419.87k    64719.54k    "
      "64738.65k\n";
  const std::vector<results::RunResult> runs = import::ImportText(
      "compiler: gcc -fPIC -O2 -ffile-prefix-map=/build/openssl-lY0Eec/openssl-1.1.1n=. "
      "-DOPENSSL_CPUID_OBJ -DAES_ASM -DBSAES_ASM -DGHASH_ASM\n\n" +
          table,
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const DoctorReport report = DiagnoseReport(runs[0]);
  EXPECT_THAT(report.facts.asm_defines, Contains("BSAES_ASM"));
  ASSERT_TRUE(report.facts.report.has_value());
  EXPECT_EQ(report.facts.report->tool_version, "1.1.1n");
  EXPECT_EQ(report.facts.report->version_source, "the build path on the compiler line, line 1");
  std::ostringstream text_out;
  RenderDoctorText(report, text_out);
  const std::string text = text_out.str();
  EXPECT_THAT(text, HasSubstr("OpenSSL 1.1.1n (from the build path on the compiler line, line 1)"));
  EXPECT_THAT(text, Not(HasSubstr("no compiler line")));
  EXPECT_THAT(text, HasSubstr("BSAES_ASM"));

  // Without a build path the release stays unknown; the defines the line has are still read,
  // and their absence is not called "none" as if the release were known to print them.
  const DoctorReport plain = DiagnoseReport(
      import::ImportText("compiler: gcc -O2 -DAES_ASM -DBSAES_ASM\n\n" + table, "paste.txt")[0]);
  EXPECT_EQ(plain.facts.report->version_source, "");
  EXPECT_THAT(plain.facts.asm_defines, Contains("AES_ASM"));
  std::ostringstream plain_text;
  RenderDoctorText(
      DiagnoseReport(import::ImportText("compiler: gcc -O2\n\n" + table, "paste.txt")[0]),
      plain_text);
  EXPECT_THAT(plain_text.str(), HasSubstr("the release is unknown, and 3.x builds print none"));
}

// `uname -m` prints the architecture alone on the next line: read as the run's architecture
// (new-user tryout: a gnutls-cli paste after `$ uname -m` / `x86_64` was asked for `uname -m`).
TEST(CpuCluesTest, UnameMachineOutputNamesTheArchitecture) {
  const std::string paste =
      "$ uname -m\n"
      "x86_64\n"
      "$ gnutls-cli --benchmark-ciphers\n"
      "Checking AEAD ciphers, payload size: 16384\n"
      "             AES-128-GCM 0.21 GB/sec\n"
      "       CHACHA20-POLY1305 0.50 GB/sec\n";
  const std::vector<results::RunResult> runs = import::ImportText(paste, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  bool arch_fact = false;
  for (const results::SourceFact& fact : runs[0].source.facts) {
    EXPECT_NE(fact.kind, "block_label") << fact.value;
    if (fact.kind == "cpu_arch") {
      arch_fact = true;
      EXPECT_EQ(fact.value, "x86_64");
      EXPECT_EQ(fact.origin, "uname -m");
      EXPECT_EQ(fact.line, 2u);
    }
  }
  EXPECT_TRUE(arch_fact);
  const DoctorReport report = DiagnoseReport(runs[0]);
  EXPECT_EQ(report.facts.cpu.arch, "x86_64");
  EXPECT_EQ(FindingOf(report, "report.arch-unknown"), nullptr);

  // Not `uname -m`'s output: a line that is not one word is not read as an architecture.
  const std::vector<results::RunResult> other = import::ImportText(
      "$ uname -m\nx86 64 bit\n$ gnutls-cli --benchmark-ciphers\n"
      "Checking AEAD ciphers, payload size: 16384\n             AES-128-GCM 0.21 GB/sec\n",
      "paste.txt");
  ASSERT_EQ(other.size(), 1u);
  for (const results::SourceFact& fact : other[0].source.facts) {
    EXPECT_NE(fact.kind, "cpu_arch") << fact.value;
  }
}

}  // namespace cryptobench::diagnose
