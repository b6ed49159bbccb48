// Tests of SubsetModeFindings (doctor_from.h): a mode whose work is a subset of another's (AES-CTR
// of AES-GCM, ChaCha20 of ChaCha20-Poly1305) far slower than it in one run states
// "library-inefficiency"; a gap efficient libraries have, figures of two runs, two key sizes,
// two input lengths or small inputs state nothing.
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_from.h"
#include "diagnose/stated_causes.h"
#include "support/doctor_findings.h"
#include "support/imported_cell.h"

namespace cryptobench::diagnose {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

using cryptobench::testing::FindingOf;
using cryptobench::testing::ImportedFigure;
using cryptobench::testing::ImportedRunOf;
using cryptobench::testing::StatedTags;

constexpr uint64_t kMiB = 1048576;

// An imported wolfCrypt benchmark run of wolfSSL `version` ("" when the paste names none).
results::RunResult WolfcryptRun(const std::string& version) {
  results::RunResult run = ImportedRunOf("wolfCrypt benchmark", version, "wall_clock");
  run.library.backend = "wolfssl";
  return run;
}

// An imported `openssl speed -elapsed -evp` run of OpenSSL `version` on linux-x86_64.
results::RunResult SpeedRun(const std::string& version) {
  results::RunResult run = ImportedRunOf("openssl speed", version, "wall_clock");
  run.source.evp = "evp";
  run.library.version = "OpenSSL " + version;
  run.library.platform = "linux-x86_64";
  return run;
}

// `algorithm` with one figure per (operation, input length, MB/s).
struct Figure {
  std::string operation;
  uint64_t input_len;
  double mb_per_s;
};
void Add(results::RunResult& run, const std::string& algorithm,
         const std::vector<Figure>& figures) {
  results::AlgorithmResult alg;
  alg.algorithm = algorithm;
  alg.kind = algorithm.ends_with("GCM") || algorithm.ends_with("Poly1305") ? "aead" : "cipher";
  for (const Figure& figure : figures) {
    alg.cells.push_back(ImportedFigure(figure.operation, figure.input_len, figure.mb_per_s));
  }
  run.algorithms.push_back(std::move(alg));
}

// The rows of wolfSSL issue 5333 (wolfSSL 5.3.0, AES-NI build, 1 MiB blocks): AES-128-GCM-enc
// 7839.774, AES-128-CBC-dec 12856.901, and AES-128-CTR 805 MB in at least the benchmark's 1 s.
results::RunResult Issue5333Like(const std::string& version, uint64_t input_len) {
  results::RunResult run = WolfcryptRun(version);
  Add(run, "AES-128-CBC", {{"encrypt", input_len, 1920.931}, {"decrypt", input_len, 12856.901}});
  Add(run, "AES-128-GCM", {{"encrypt", input_len, 7839.774}, {"decrypt", input_len, 7868.899}});
  Add(run, "AES-128-CTR", {{"encrypt", input_len, 805}});
  return run;
}

TEST(SubsetModeTest, CtrFarBelowGcmOfTheSameRunIsTheLibrarysCtrCode) {
  const DoctorReport report = DiagnoseReport(Issue5333Like("5.3.0", kMiB));
  const Finding* finding = FindingOf(report, "library.subset-mode-slow");
  ASSERT_NE(finding, nullptr);
  EXPECT_EQ(finding->severity, Severity::kWarning);
  EXPECT_THAT(finding->summary, HasSubstr("AES-128-CTR encrypts at 0.10 x this run's AES-128-GCM"));
  EXPECT_THAT(finding->summary, HasSubstr("805 MB/s against 7.84 GB/s"));
  EXPECT_THAT(finding->evidence, HasSubstr("NIST SP 800-38D"));
  EXPECT_THAT(finding->evidence, HasSubstr("both at 1024 KiB per call"));
  EXPECT_THAT(finding->evidence, HasSubstr("AES-128-CBC decryption"));
  EXPECT_THAT(finding->evidence, HasSubstr("12.86 GB/s"));
  EXPECT_THAT(finding->evidence, HasSubstr("https://github.com/wolfSSL/wolfssl/issues/5333"));
  EXPECT_THAT(finding->evidence, HasSubstr("0.19 cycles per byte"));
  EXPECT_THAT(finding->advice, HasSubstr("wolfSSL 5.4.0 or later (this run is 5.3.0)"));
  EXPECT_THAT(finding->advice, HasSubstr("pull request 5336"));
  EXPECT_THAT(StatedTags(report), Contains("library-inefficiency"));
}

// wolfCrypt's block-size line cut from the paste: both figures without a length are at the one
// block size of the run, so they compare; the release unknown, wolfSSL's fix is still named.
TEST(SubsetModeTest, BothFiguresWithoutALengthCompare) {
  const DoctorReport report = DiagnoseReport(Issue5333Like("", 0));
  const Finding* finding = FindingOf(report, "library.subset-mode-slow");
  ASSERT_NE(finding, nullptr);
  EXPECT_THAT(finding->evidence, HasSubstr("both without an input length"));
  EXPECT_THAT(finding->advice, HasSubstr("does not name the release"));
  EXPECT_THAT(StatedTags(report), Contains("library-inefficiency"));
}

// A wolfSSL release with the fix, or another library: the general remedy.
TEST(SubsetModeTest, LaterReleasesAndOtherLibrariesGetTheGeneralRemedy) {
  for (const char* version : {"5.4.0", "5.6.0"}) {
    const DoctorReport report = DiagnoseReport(Issue5333Like(version, kMiB));
    const Finding* finding = FindingOf(report, "library.subset-mode-slow");
    ASSERT_NE(finding, nullptr) << version;
    EXPECT_THAT(finding->advice, HasSubstr("encrypts many blocks per call")) << version;
    EXPECT_THAT(finding->advice, Not(HasSubstr("5.4.0 or later"))) << version;
  }
  results::RunResult run = SpeedRun("3.0.2");
  Add(run, "AES-256-GCM", {{"encrypt", 16384, 6000}});
  Add(run, "AES-256-CTR", {{"encrypt", 16384, 500}});
  const DoctorReport report = DiagnoseReport(run);
  const Finding* finding = FindingOf(report, "library.subset-mode-slow");
  ASSERT_NE(finding, nullptr);
  EXPECT_THAT(finding->advice, HasSubstr("use AES-256-GCM or CBC"));
}

// OpenSSL 3.2+ on Sapphire Rapids: GCM on VAES-AVX512 at 0.19 cpb, CTR on AES-NI at 0.38 cpb
// (data/cpb-classes.csv): CTR/GCM = 0.5 is that library's normal, not an inefficiency.
TEST(SubsetModeTest, OpensslVaesGcmTwiceItsCtrIsNormal) {
  const double hz = 3.5e9;
  results::RunResult run = SpeedRun("3.2.2");
  Add(run, "AES-128-GCM", {{"encrypt", 16384, hz / 0.19 / 1e6}});
  Add(run, "AES-128-CTR", {{"encrypt", 16384, hz / 0.38 / 1e6}});
  const DoctorReport report = DiagnoseReport(run);
  EXPECT_EQ(FindingOf(report, "library.subset-mode-slow"), nullptr);
  EXPECT_THAT(StatedTags(report), Not(Contains("library-inefficiency")));
  // Just above the floor: still nothing; just below: the finding.
  results::RunResult above = SpeedRun("3.2.2");
  Add(above, "AES-128-GCM", {{"encrypt", 16384, 10000}});
  Add(above, "AES-128-CTR", {{"encrypt", 16384, 2600}});
  EXPECT_EQ(FindingOf(DiagnoseReport(above), "library.subset-mode-slow"), nullptr);
  results::RunResult below = SpeedRun("3.2.2");
  Add(below, "AES-128-GCM", {{"encrypt", 16384, 10000}});
  Add(below, "AES-128-CTR", {{"encrypt", 16384, 2400}});
  EXPECT_NE(FindingOf(DiagnoseReport(below), "library.subset-mode-slow"), nullptr);
}

// Two runs (two libraries, or one before and after a change) compare nothing: each run alone
// has only one mode.
TEST(SubsetModeTest, FiguresOfTwoRunsDoNotCompare) {
  results::RunResult gcm = WolfcryptRun("5.3.0");
  Add(gcm, "AES-128-GCM", {{"encrypt", kMiB, 7839.774}});
  results::RunResult ctr = WolfcryptRun("5.3.0");
  Add(ctr, "AES-128-CTR", {{"encrypt", kMiB, 805}});
  for (const results::RunResult& run : {gcm, ctr}) {
    const DoctorReport report = DiagnoseReport(run);
    EXPECT_EQ(FindingOf(report, "library.subset-mode-slow"), nullptr);
    EXPECT_THAT(StatedTags(report), Not(Contains("library-inefficiency")));
  }
}

// AES-128-CTR against AES-256-GCM is no subset pair; nor are figures at different lengths, at
// lengths below 1 KiB, or a length on one side only.
TEST(SubsetModeTest, KeySizesLengthsAndSmallInputsMustMatch) {
  results::RunResult keys = WolfcryptRun("5.3.0");
  Add(keys, "AES-256-GCM", {{"encrypt", kMiB, 6574.848}});
  Add(keys, "AES-128-CTR", {{"encrypt", kMiB, 805}});
  EXPECT_EQ(FindingOf(DiagnoseReport(keys), "library.subset-mode-slow"), nullptr);

  results::RunResult lengths = SpeedRun("3.0.2");
  Add(lengths, "AES-128-GCM", {{"encrypt", 16384, 6000}});
  Add(lengths, "AES-128-CTR", {{"encrypt", 8192, 500}});
  EXPECT_EQ(FindingOf(DiagnoseReport(lengths), "library.subset-mode-slow"), nullptr);

  results::RunResult small = SpeedRun("3.0.2");
  Add(small, "AES-128-GCM", {{"encrypt", 16, 6000}, {"encrypt", 256, 6000}});
  Add(small, "AES-128-CTR", {{"encrypt", 16, 500}, {"encrypt", 256, 500}});
  EXPECT_EQ(FindingOf(DiagnoseReport(small), "library.subset-mode-slow"), nullptr);

  results::RunResult one_side = WolfcryptRun("5.3.0");
  Add(one_side, "AES-128-GCM", {{"encrypt", 0, 7839.774}});
  Add(one_side, "AES-128-CTR", {{"encrypt", kMiB, 805}});
  EXPECT_EQ(FindingOf(DiagnoseReport(one_side), "library.subset-mode-slow"), nullptr);

  // The largest shared length decides: slow at 256 B only, fine at 16 KiB.
  results::RunResult largest = SpeedRun("3.0.2");
  Add(largest, "AES-128-GCM", {{"encrypt", 1024, 3000}, {"encrypt", 16384, 6000}});
  Add(largest, "AES-128-CTR", {{"encrypt", 1024, 500}, {"encrypt", 16384, 5000}});
  EXPECT_EQ(FindingOf(DiagnoseReport(largest), "library.subset-mode-slow"), nullptr);
}

// Figures that are not one library's code, or not trusted: nothing.
TEST(SubsetModeTest, EnginesKernelToolsLegacyRowsAndDoubtedFiguresStateNothing) {
  results::RunResult engine = SpeedRun("1.1.1k");
  engine.source.engine_or_provider = "engine afalg";
  Add(engine, "AES-128-GCM", {{"encrypt", 16384, 6000}});
  Add(engine, "AES-128-CTR", {{"encrypt", 16384, 500}});
  EXPECT_EQ(FindingOf(DiagnoseReport(engine), "library.subset-mode-slow"), nullptr);

  results::RunResult kernel = SpeedRun("");
  kernel.source.tool = "kcapi-speed";
  Add(kernel, "AES-128-GCM", {{"encrypt", 16384, 6000}});
  Add(kernel, "AES-128-CTR", {{"encrypt", 16384, 500}});
  EXPECT_EQ(FindingOf(DiagnoseReport(kernel), "library.subset-mode-slow"), nullptr);

  results::RunResult legacy = SpeedRun("1.0.2k");
  legacy.source.evp = "legacy";
  Add(legacy, "AES-128-GCM", {{"encrypt", 16384, 6000}});
  Add(legacy, "AES-128-CTR", {{"encrypt", 16384, 500}});
  EXPECT_EQ(FindingOf(DiagnoseReport(legacy), "library.subset-mode-slow"), nullptr);

  results::RunResult doubted = SpeedRun("3.0.2");
  Add(doubted, "AES-128-GCM", {{"encrypt", 16384, 6000}});
  Add(doubted, "AES-128-CTR", {{"encrypt", 16384, 500}});
  doubted.algorithms.front().cells.front().caveats.push_back(
      {"read from a table without its 'type' line", 5, true});
  EXPECT_EQ(FindingOf(DiagnoseReport(doubted), "library.subset-mode-slow"), nullptr);

  results::RunResult failed = SpeedRun("3.0.2");
  Add(failed, "AES-128-GCM", {{"encrypt", 16384, 6000}});
  Add(failed, "AES-128-CTR", {{"encrypt", 16384, 500}});
  failed.algorithms.back().cells.front().status = results::CellStatus::kError;
  EXPECT_EQ(FindingOf(DiagnoseReport(failed), "library.subset-mode-slow"), nullptr);
}

// wolfCrypt's "MB" without a command line: 2^20 or 10^6 bytes (results::CellCaveat::unit_factor).
// The ratio moves by at most 1.048576^2 = 1.0995: that worst case must be below the floor.
TEST(SubsetModeTest, AUnitWhoseBaseIsOpenIsAllowedForAndNoOtherDoubt) {
  const auto with_unit_doubt = [](double ctr_mb_per_s) {
    results::RunResult run = WolfcryptRun("5.3.0");
    Add(run, "AES-128-GCM", {{"encrypt", kMiB, 10000}});
    Add(run, "AES-128-CTR", {{"encrypt", kMiB, ctr_mb_per_s}});
    for (results::AlgorithmResult& alg : run.algorithms) {
      alg.cells.front().caveats.push_back(
          {"read on line 7 as MB/s of 1048576 bytes", 7, true, 1.048576});
    }
    return run;
  };
  const DoctorReport report = DiagnoseReport(with_unit_doubt(805));
  const Finding* finding = FindingOf(report, "library.subset-mode-slow");
  ASSERT_NE(finding, nullptr);
  EXPECT_THAT(finding->evidence, HasSubstr("moves the ratio by at most 1.100x"));
  // 0.22 x 1.0995 = 0.242: below; 0.23 x 1.0995 = 0.253: not.
  EXPECT_NE(FindingOf(DiagnoseReport(with_unit_doubt(2200)), "library.subset-mode-slow"), nullptr);
  EXPECT_EQ(FindingOf(DiagnoseReport(with_unit_doubt(2300)), "library.subset-mode-slow"), nullptr);
  // Another doubt on one of them (a wrapped row joined): no bound, nothing.
  results::RunResult joined = with_unit_doubt(805);
  joined.algorithms.back().cells.front().caveats.push_back(
      {"joined from line 9 and its rate on line 10", 9, true});
  EXPECT_EQ(FindingOf(DiagnoseReport(joined), "library.subset-mode-slow"), nullptr);
}

// RFC 8439 sec. 2.8: the AEAD is ChaCha20 plus Poly1305.
TEST(SubsetModeTest, ChaCha20FarBelowItsAeadIsTheLibrarysChaCha20Code) {
  results::RunResult run = SpeedRun("3.0.2");
  Add(run, "ChaCha20-Poly1305", {{"encrypt", 16384, 2000}});
  Add(run, "ChaCha20", {{"encrypt", 16384, 300}});
  const DoctorReport report = DiagnoseReport(run);
  const Finding* finding = FindingOf(report, "library.subset-mode-slow");
  ASSERT_NE(finding, nullptr);
  EXPECT_THAT(finding->summary, HasSubstr("ChaCha20 encrypts at 0.15 x"));
  EXPECT_THAT(finding->evidence, HasSubstr("RFC 8439"));
  EXPECT_THAT(finding->advice, Not(HasSubstr("CBC")));
  // The plain cipher faster than its AEAD, as it should be: nothing.
  results::RunResult normal = SpeedRun("3.0.2");
  Add(normal, "ChaCha20-Poly1305", {{"encrypt", 16384, 2000}});
  Add(normal, "ChaCha20", {{"encrypt", 16384, 3000}});
  EXPECT_EQ(FindingOf(DiagnoseReport(normal), "library.subset-mode-slow"), nullptr);
}

// The CTR verdict below the AES-NI class on a CPU with AES-NI is the library's CTR code, which
// the finding states: no "hw-path-unused" besides it.
TEST(SubsetModeTest, TheSlowModesVerdictStatesNoUnusedHardwarePath) {
  results::RunResult run = Issue5333Like("5.3.0", kMiB);
  run.source.facts.push_back(
      {"cpu_model", "model name: Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz", 1});
  const DoctorReport report = DiagnoseReport(run);
  ASSERT_NE(FindingOf(report, "library.subset-mode-slow"), nullptr);
  // The verdict the rule must answer for: CTR below its AES-NI class at 2.56-5 GHz.
  bool ctr_below_class = false;
  for (const Verdict& verdict : report.verdicts) {
    ctr_below_class = ctr_below_class || (verdict.algorithm == "AES-128-CTR" &&
                                          verdict.status == VerdictStatus::kNotAccelerated);
  }
  EXPECT_TRUE(ctr_below_class);
  const std::vector<std::string> tags = StatedTags(report);
  EXPECT_THAT(tags, Contains("library-inefficiency"));
  EXPECT_THAT(tags, Not(Contains("hw-path-unused")));
}

}  // namespace
}  // namespace cryptobench::diagnose
