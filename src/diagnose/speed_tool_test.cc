// Tests of the speed-tool table and its rules (speed_tool.h, data/speed-tool-changes.csv).
#include "diagnose/speed_tool.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/library_changes.h"
#include "diagnose/stated_causes.h"
#include "import/import.h"

namespace cryptobench::diagnose {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kHeader = "tool,versions,kind,evidence,change,source,certainty\n";

TEST(SpeedToolTest, TheEmbeddedTableParsesAndEveryRowCitesASource) {
  const std::vector<SpeedToolChange>& table = SpeedToolChanges();
  ASSERT_FALSE(table.empty());
  for (const SpeedToolChange& row : table) {
    EXPECT_TRUE(IsCitableSource(row.source)) << "line " << row.line << ": " << row.source;
    EXPECT_FALSE(row.change.empty()) << "line " << row.line;
  }
}

// The tools beside openssl speed have rows, each with the range its source gives (the Botan
// timer fix is in 3.6.0: news.rst).
TEST(SpeedToolTest, TheTableCoversTheOtherSpeedTools) {
  const std::vector<SpeedToolChange>& table = SpeedToolChanges();
  for (std::string_view tool : {"botan-speed", "wolfcrypt-benchmark", "cryptsetup-benchmark"}) {
    EXPECT_TRUE(std::any_of(table.begin(), table.end(), [&](const SpeedToolChange& row) {
      return row.tool == tool;
    })) << tool;
  }
  const std::vector<const SpeedToolChange*> botan = SpeedToolRows(table, "botan-timer");
  ASSERT_FALSE(botan.empty());
  for (const SpeedToolChange* row : botan) {
    EXPECT_TRUE(row->versions.Contains(*ParseLibraryVersion("3.5.0"))) << row->line;
    EXPECT_TRUE(row->versions.Contains(*ParseLibraryVersion("2.19.5"))) << row->line;
    EXPECT_FALSE(row->versions.Contains(*ParseLibraryVersion("3.6.0"))) << row->line;
  }
}

// Every rule cites rows of the table: an evidence id without a row would leave a rule without
// its source.
TEST(SpeedToolTest, EveryEvidenceIdHasARow) {
  for (std::string_view id : SpeedToolEvidenceIds()) {
    EXPECT_FALSE(SpeedToolRows(SpeedToolChanges(), id).empty()) << id;
  }
}

TEST(SpeedToolTest, BadRowsFailWithTheirLine) {
  const auto fails = [](const std::string& row, const char* what) {
    try {
      ParseSpeedToolChanges(std::string(kHeader) + row + "\n");
      ADD_FAILURE() << "accepted: " << row;
    } catch (const std::runtime_error& e) {
      EXPECT_THAT(e.what(), HasSubstr("speed tool changes line 2")) << row;
      EXPECT_THAT(e.what(), HasSubstr(what)) << row;
    }
  };
  fails("openssl-speed,3.5..,bug,none,a fault,,sure", "source");
  fails("openssl-speed,3.5..,bug,none,a fault,OpenSSL,sure", "source");
  fails("openssl-speed,3.5..,bug,none,a fault,commit 607a46d,sure", "source");
  fails("openssl-speed,3.x..,bug,none,a fault,https://example.org/a,sure", "versions");
  fails("openssl-speed,3.5..3.0,bug,none,a fault,https://example.org/a,sure", "versions");
  fails("openssl-speed,,bug,none,a fault,https://example.org/a,sure", "versions");
  fails("wolfssl-bench,3.5..,bug,none,a fault,https://example.org/a,sure", "tool");
  fails("openssl-speed,3.5..,glitch,none,a fault,https://example.org/a,sure", "kind");
  fails("openssl-speed,3.5..,bug,guess,a fault,https://example.org/a,sure", "evidence");
  fails("openssl-speed,3.5..,bug,none,,https://example.org/a,sure", "empty change");
  fails("openssl-speed,3.5..,bug,none,a fault,https://example.org/a,maybe", "certainty");
  fails("botan-speed,..3.5,bug,botan-timer,a fault,botan,sure", "source");
  fails("wolfcrypt-benchmark,5.5.x,output,none,a label,https://example.org/a,unsure", "versions");
  const std::vector<SpeedToolChange> ok = ParseSpeedToolChanges(
      std::string(kHeader) +
      "openssl-speed,3.3.3..3.3;3.4.1..,change,aead-setup-per-op,AEAD timing,commit 607a46d003f4 "
      "apps/speed.c,unsure\n");
  ASSERT_EQ(ok.size(), 1u);
  EXPECT_FALSE(ok[0].sure);
  EXPECT_TRUE(ok[0].versions.Contains(*ParseLibraryVersion("3.4.1")));
  EXPECT_FALSE(ok[0].versions.Contains(*ParseLibraryVersion("3.4.0")));
}

results::RunResult Imported(const std::string& tool) {
  results::RunResult run;
  run.source.kind = "imported";
  run.source.tool = tool;
  return run;
}

// --- -multi summary -------------------------------------------------------------------------

results::RunResult MultiRun(int multi, std::vector<std::string> caveats) {
  results::RunResult run = Imported("openssl speed");
  run.source.multi = multi;
  run.source.caveats = std::move(caveats);
  return run;
}

const std::string kUnusable =
    "Line 31: the summary row '256 bits SM2 (CurveSM2)' prints no usable rate (zero or infinite) "
    "although the children's records (from line 21) measured it; their sum is kept.";
const std::string kMbSizes =
    "Line 25: a table row without its 'type ... bytes' line; its figures are read for the "
    "multi-block sizes of -mb (8 KiB to 128 KiB).";
const std::string kExtra =
    "Line 25: 'AES-128-CBC-HMAC-SHA256' has 6 figures for 5 sizes; the extra ones are ignored.";

TEST(SpeedToolTest, AMultiSummaryTheChildrenContradictIsASpeedToolBug) {
  const std::vector<Finding> findings = SpeedToolFindings(MultiRun(2, {kUnusable}));
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].id, "tool.multi-summary");
  EXPECT_EQ(findings[0].severity, Severity::kWarning);
  EXPECT_THAT(findings[0].evidence, HasSubstr("line 31"));
  EXPECT_THAT(findings[0].evidence,
              HasSubstr("https://github.com/Tongsuo-Project/Tongsuo/pull/127"));

  DoctorReport report;
  report.findings = findings;
  const std::vector<StatedCause> causes = StatedCauses(report);
  ASSERT_EQ(causes.size(), 1u);
  EXPECT_EQ(causes[0].tag, "speed-tool-bug");
}

TEST(SpeedToolTest, NoMultiSummaryFindingWithoutItsEvidence) {
  // Without -multi there are no children to contradict the summary.
  EXPECT_TRUE(SpeedToolFindings(MultiRun(0, {kUnusable})).empty());
  // -multi alone is no fault.
  EXPECT_TRUE(SpeedToolFindings(MultiRun(4, {})).empty());
  // Another tool.
  results::RunResult other = MultiRun(2, {kUnusable});
  other.source.tool = "bssl speed";
  EXPECT_TRUE(SpeedToolFindings(other).empty());
  // A cryptobench run is not a pasted speed tool.
  results::RunResult measured = MultiRun(2, {kUnusable});
  measured.source.kind = "measured";
  EXPECT_TRUE(SpeedToolFindings(measured).empty());
}

TEST(SpeedToolTest, AnExtraColumnIsAFaultOnlyWithMbAndMulti) {
  const std::vector<Finding> findings = SpeedToolFindings(MultiRun(1, {kMbSizes, kExtra}));
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_THAT(findings[0].evidence, HasSubstr("https://github.com/openssl/openssl/issues/31772"));
  // An extra figure without -mb is a damaged paste, not this fault.
  EXPECT_TRUE(SpeedToolFindings(MultiRun(1, {kExtra})).empty());
  // -mb without -multi prints its own table.
  EXPECT_TRUE(SpeedToolFindings(MultiRun(0, {kMbSizes, kExtra})).empty());
}

// --- a broken timer --------------------------------------------------------------------------

const std::string kTooLong =
    "Line 2: 256 bits ecdh (nistp256) took 4103.00 s in a 3 s run, which cannot be: the timer or "
    "the count is wrong (OpenSSL 3.0 alphas had such timer bugs), so figures derived from it are "
    "wrong too.";
const std::string kOneSlowOp =
    "Line 2: rsa7680 keygen took 18.93 s in a 1 s slot: a single operation slower than its slot "
    "(the figure is one operation's rate), not a timer fault.";

TEST(SpeedToolTest, ManyOperationsFarPastTheSlotInABrokenPrereleaseIsATimerFault) {
  results::RunResult run = MultiRun(0, {kTooLong});
  run.source.tool_version = "3.0.0-alpha3-dev";
  const std::vector<Finding> findings = SpeedToolFindings(run);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].id, "tool.timer-fault");
  EXPECT_THAT(findings[0].evidence, HasSubstr("https://github.com/openssl/openssl/issues/11938"));
  DoctorReport report;
  report.findings = findings;
  ASSERT_EQ(StatedCauses(report).size(), 1u);
  EXPECT_EQ(StatedCauses(report)[0].tag, "speed-tool-bug");
}

TEST(SpeedToolTest, NoTimerFaultWithoutItsVersionOrForOneSlowOperation) {
  // A release the table knows no timer fault of: the line is odd, its cause unknown.
  results::RunResult release = MultiRun(0, {kTooLong});
  release.source.tool_version = "3.0.13";
  EXPECT_TRUE(SpeedToolFindings(release).empty());
  // No version in the text.
  EXPECT_TRUE(SpeedToolFindings(MultiRun(0, {kTooLong})).empty());
  // One slow operation overran its slot: a true figure, not a fault (issue 13, section 5).
  results::RunResult slow = MultiRun(0, {kOneSlowOp});
  slow.source.tool_version = "3.0.0-alpha3";
  EXPECT_TRUE(SpeedToolFindings(slow).empty());
}

TEST(SpeedToolTest, TimerFaultRuleReadsImportsCaveats) {
  const std::vector<results::RunResult> runs = import::ImportText(
      "$ openssl speed -seconds 3 ecdhp256\n"
      "Doing 256 bits  ecdh's for 3s: 55540 256-bits ECDH ops in 4103.00s\n"
      "version: 3.0.0-alpha3-dev\n"
      "built on: built on: Sun May 24 16:09:29 2020 UTC\n"
      "options:bn(64,64) rc4(16x,int) des(int) aes(partial) idea(int) blowfish(ptr)\n"
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
      "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
      "CPUINFO: OPENSSL_ia32cap=0x7ffaf3bfffebffff:0x2fbb\n"
      "                              op      op/s\n"
      " 256 bits ecdh (nistp256)   0.0739s     13.5\n",
      "speed.txt");
  ASSERT_EQ(runs.size(), 1u);
  const std::vector<Finding> findings = SpeedToolFindings(runs[0]);
  ASSERT_EQ(findings.size(), 1u) << fmt::format("{}", fmt::join(runs[0].source.caveats, "\n"));
  EXPECT_EQ(findings[0].id, "tool.timer-fault");
}

// --- figures no correct measurement gives --------------------------------------------------------

// An `openssl speed -evp aes-128-cbc` paste of `version` whose 64-byte figure is `figure` (the
// others are ordinary); `elapsed` adds the -elapsed banner (wall-clock timing).
std::vector<results::RunResult> SpeedPaste(const std::string& version, const std::string& figure,
                                           bool elapsed) {
  return import::ImportText(
      std::string(elapsed ? "You have chosen to measure elapsed time instead of user CPU time.\n"
                          : "") +
          "version: " + version +
          "\n"
          "built on: Sun May 24 16:09:29 2020 UTC\n"
          "options:bn(64,64)\n"
          "compiler: gcc -fPIC -pthread -m64 -O3 -DAESNI_ASM\n"
          "The 'numbers' are in 1000s of bytes per second processed.\n"
          "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
          "bytes\n"
          "AES-128-CBC     912345.67k  " +
          figure + "  1034567.89k  1045678.90k  1056789.01k  1057890.12k\n",
      "speed.txt");
}

std::vector<Finding> Only(const std::vector<Finding>& findings, std::string_view id) {
  std::vector<Finding> out;
  std::copy_if(findings.begin(), findings.end(), std::back_inserter(out),
               [&](const Finding& f) { return f.id == id; });
  return out;
}

// openssl speed prints a failed operation's count of -1 divided by the time: the operation failed
// (apps/speed.c run_benchmark), for a reason the paste does not give.
TEST(SpeedToolTest, ANegativeOpensslFigureIsAFailedOperationNotABug) {
  const std::vector<results::RunResult> runs = SpeedPaste("3.0.13", "-0.01k", false);
  ASSERT_EQ(runs.size(), 1u);
  const std::vector<Finding> findings = SpeedToolFindings(runs[0]);
  EXPECT_TRUE(Only(findings, "tool.impossible-figure").empty());
  const std::vector<Finding> open = Only(findings, "tool.figure-cannot-tell");
  ASSERT_EQ(open.size(), 1u) << fmt::format("{}", fmt::join(runs[0].source.caveats, "\n"));
  EXPECT_THAT(open[0].evidence, HasSubstr("line 7"));
  EXPECT_THAT(open[0].evidence, HasSubstr("64 bytes"));
  EXPECT_THAT(open[0].evidence, HasSubstr("apps/speed.c"));
  EXPECT_THAT(open[0].advice, HasSubstr("2>&1"));
  DoctorReport report;
  report.findings = open;
  ASSERT_EQ(StatedCauses(report).size(), 1u);
  EXPECT_EQ(StatedCauses(report)[0].tag, "cannot-tell");
  // The progress line's count of -1 says the same.
  const std::vector<results::RunResult> progress = import::ImportText(
      "Doing id-aes128-wrap for 3s on 16 size blocks: -1 id-aes128-wrap's in 0.00s\n", "speed.txt");
  ASSERT_EQ(progress.size(), 1u);
  const std::vector<Finding> sign = SpeedToolFindings(progress[0]);
  EXPECT_TRUE(Only(sign, "tool.impossible-figure").empty());
  EXPECT_EQ(Only(sign, "tool.figure-cannot-tell").size(), 1u)
      << fmt::format("{}", fmt::join(progress[0].source.caveats, "\n"));
}

// Another tool has no such sign: a negative rate is its fault or its run's.
TEST(SpeedToolTest, ANegativeFigureOfAnotherToolIsASpeedToolBugNamingItsLine) {
  const std::vector<results::RunResult> runs = import::ImportText(
      "Botan 3.6.0 (release, dated 20241021)\n"
      "AES-128 [aes_ni] encrypt buffer size 1024 bytes: 4000.000 MiB/sec (2000.00 MiB in "
      "500.00 ms)\n"
      "AES-128 [aes_ni] encrypt buffer size 8192 bytes: -4100.000 MiB/sec (-2050.00 MiB in "
      "500.00 ms)\n",
      "botan.txt");
  ASSERT_EQ(runs.size(), 1u);
  const std::vector<Finding> findings = Only(SpeedToolFindings(runs[0]), "tool.impossible-figure");
  ASSERT_EQ(findings.size(), 1u) << fmt::format("{}", fmt::join(runs[0].source.caveats, "\n"));
  EXPECT_THAT(findings[0].evidence, HasSubstr("line 3"));
  EXPECT_THAT(findings[0].evidence, HasSubstr("No known bug of botan speed 3.6.0 matches"));
  DoctorReport report;
  report.findings = findings;
  ASSERT_EQ(StatedCauses(report).size(), 1u);
  EXPECT_EQ(StatedCauses(report)[0].tag, "speed-tool-bug");
}

TEST(SpeedToolTest, AnInfiniteFigureOnTheWallClockIsABugButUnderUserCpuCannotTell) {
  const std::vector<results::RunResult> wall = SpeedPaste("3.0.13", "inf", true);
  ASSERT_EQ(wall.size(), 1u);
  EXPECT_EQ(Only(SpeedToolFindings(wall[0]), "tool.impossible-figure").size(), 1u)
      << fmt::format("{}", fmt::join(wall[0].source.caveats, "\n"));
  // User CPU time is zero as well when the work ran in the kernel or on a device.
  const std::vector<results::RunResult> user = SpeedPaste("3.0.13", "inf", false);
  ASSERT_EQ(user.size(), 1u);
  const std::vector<Finding> findings = SpeedToolFindings(user[0]);
  EXPECT_TRUE(Only(findings, "tool.impossible-figure").empty());
  const std::vector<Finding> open = Only(findings, "tool.figure-cannot-tell");
  ASSERT_EQ(open.size(), 1u);
  EXPECT_THAT(open[0].advice, HasSubstr("openssl speed -elapsed"));
  DoctorReport report;
  report.findings = open;
  ASSERT_EQ(StatedCauses(report).size(), 1u);
  EXPECT_EQ(StatedCauses(report)[0].tag, "cannot-tell");
}

TEST(SpeedToolTest, AKnownBugIsCitedWhenToolAndVersionMatch) {
  const std::vector<SpeedToolChange> table = ParseSpeedToolChanges(
      std::string(kHeader) +
      "openssl-speed,3.0.13,bug,impossible-figure,prints infinite rates,https://example.org/n,"
      "sure\n"
      "botan-speed,3.0.13,bug,impossible-figure,botan's fault,https://example.org/b,sure\n");
  const std::vector<results::RunResult> runs = SpeedPaste("3.0.13", "inf", true);
  ASSERT_EQ(runs.size(), 1u);
  const std::vector<Finding> cited =
      Only(SpeedToolFindings(runs[0], table), "tool.impossible-figure");
  ASSERT_EQ(cited.size(), 1u);
  EXPECT_THAT(cited[0].evidence, HasSubstr("https://example.org/n"));
  EXPECT_THAT(cited[0].evidence, Not(HasSubstr("https://example.org/b")));
  // Another version: the row does not apply.
  const std::vector<results::RunResult> other = SpeedPaste("3.0.12", "inf", true);
  ASSERT_EQ(other.size(), 1u);
  const std::vector<Finding> generic =
      Only(SpeedToolFindings(other[0], table), "tool.impossible-figure");
  ASSERT_EQ(generic.size(), 1u);
  EXPECT_THAT(generic[0].evidence, Not(HasSubstr("https://example.org/n")));
}

TEST(SpeedToolTest, ACountAtTheIntLimitIsImpossible) {
  const std::vector<results::RunResult> runs = import::ImportText(
      "Doing AES-256-CBC for 3s on 16 size blocks: 2147483647 AES-256-CBC's in 0.00s\n",
      "speed.txt");
  ASSERT_EQ(runs.size(), 1u);
  const std::vector<Finding> findings = Only(SpeedToolFindings(runs[0]), "tool.impossible-figure");
  ASSERT_EQ(findings.size(), 1u) << fmt::format("{}", fmt::join(runs[0].source.caveats, "\n"));
  EXPECT_THAT(findings[0].evidence, HasSubstr("largest 32-bit integer"));
  // An ordinary count in 0 s of user CPU time is work outside the process, not this rule's.
  const std::vector<results::RunResult> offload = import::ImportText(
      "Doing AES-256-CBC for 3s on 16 size blocks: 512457 AES-256-CBC's in 0.00s\n", "speed.txt");
  ASSERT_EQ(offload.size(), 1u);
  EXPECT_TRUE(Only(SpeedToolFindings(offload[0]), "tool.impossible-figure").empty());
}

TEST(SpeedToolTest, AnOrdinaryPasteHasNoImpossibleFigure) {
  const std::vector<results::RunResult> runs = SpeedPaste("3.0.13", "1023456.78k", false);
  ASSERT_EQ(runs.size(), 1u);
  const std::vector<Finding> findings = SpeedToolFindings(runs[0]);
  EXPECT_TRUE(Only(findings, "tool.impossible-figure").empty());
  EXPECT_TRUE(Only(findings, "tool.figure-cannot-tell").empty());
}

// Ordinary real pastes of the corpus (tuned part, none of them a speed-tool fault: their header
// states another cause or none) get none of these findings. Header lines are read as prose.
TEST(SpeedToolTest, OrdinaryCorpusReportsGetNoSpeedToolFaultFinding) {
  for (const char* name :
       {"openssl-27513-gcm-measurement-change.txt", "openssl-31633-zen5-gcm-baseline-median.txt",
        "openssl-32760-baseline-patch-speedup-table.txt", "openssl-16851-devcrypto-rpi4.txt",
        "botan-1146-armv8-aes-base-provider.txt"}) {
    std::ifstream in(std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/reports/" + name);
    ASSERT_TRUE(in) << name;
    std::stringstream text;
    text << in.rdbuf();
    for (const results::RunResult& run : import::ImportText(text.str(), name)) {
      for (const Finding& finding : SpeedToolFindings(run)) {
        EXPECT_NE(finding.id, "tool.impossible-figure") << name << ": " << finding.evidence;
        EXPECT_NE(finding.id, "tool.figure-cannot-tell") << name << ": " << finding.evidence;
        EXPECT_NE(finding.id, "tool.timer-fault") << name << ": " << finding.evidence;
      }
    }
  }
}

// --- botan speed's clock reads -------------------------------------------------------------------

// A `botan speed` paste of AES-128 at 16, 1024 and 8192 bytes; `version_line` may be empty.
// Rates and cycle counts are (MiB/s, cycles/byte) per size.
std::vector<results::RunResult> BotanPaste(const std::string& version_line,
                                           const std::vector<std::pair<double, double>>& figures) {
  const uint64_t sizes[] = {16, 1024, 8192};
  std::string text = version_line.empty() ? "" : version_line + "\n";
  for (size_t i = 0; i < figures.size() && i < 3; ++i) {
    text += fmt::format(
        "AES-128 [aes_ni] encrypt buffer size {} bytes: {:.3f} MiB/sec {:.2f} cycles/byte "
        "({:.2f} MiB in 500.00 ms)\n",
        sizes[i], figures[i].first, figures[i].second, figures[i].first / 2);
  }
  return import::ImportText(text, "botan.txt");
}

// 3 GHz counter: MiB/s x cycles/byte = 3000 MHz at every size; the small size implies 1500.
const std::vector<std::pair<double, double>> kConsistent = {{1200, 3e9 / (1200 * 1048576.0)},
                                                            {4000, 3e9 / (4000 * 1048576.0)},
                                                            {5000, 3e9 / (5000 * 1048576.0)}};
const std::vector<std::pair<double, double>> kSmallReadsDominate = {
    {300, 1.5e9 / (300 * 1048576.0)},
    {4000, 3e9 / (4000 * 1048576.0)},
    {5000, 3e9 / (5000 * 1048576.0)}};

TEST(SpeedToolTest, BotanBeforeTheFixWithDisagreeingCountersIsItsTimerFault) {
  const std::vector<results::RunResult> runs =
      BotanPaste("Botan 3.5.0 (release, dated 20240708)", kSmallReadsDominate);
  ASSERT_EQ(runs.size(), 1u);
  const std::vector<Finding> findings = Only(SpeedToolFindings(runs[0]), "tool.timer-fault");
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_THAT(findings[0].evidence, HasSubstr("https://github.com/randombit/botan/pull/4311"));
  EXPECT_THAT(findings[0].evidence, HasSubstr("at 16 bytes"));
  DoctorReport report;
  report.findings = findings;
  ASSERT_EQ(StatedCauses(report).size(), 1u);
  EXPECT_EQ(StatedCauses(report)[0].tag, "speed-tool-bug");
}

TEST(SpeedToolTest, BotanCountersThatAgreeOrAFixedReleaseGiveNoTimerFault) {
  const std::vector<results::RunResult> agree =
      BotanPaste("Botan 3.5.0 (release, dated 20240708)", kConsistent);
  ASSERT_EQ(agree.size(), 1u);
  EXPECT_TRUE(SpeedToolFindings(agree[0]).empty());
  const std::vector<results::RunResult> fixed =
      BotanPaste("Botan 3.6.0 (release, dated 20241021)", kSmallReadsDominate);
  ASSERT_EQ(fixed.size(), 1u);
  EXPECT_TRUE(SpeedToolFindings(fixed[0]).empty());
  // Without the version the fault is likely but not settled: cannot tell, and `botan version`.
  const std::vector<results::RunResult> unknown = BotanPaste("", kSmallReadsDominate);
  ASSERT_EQ(unknown.size(), 1u);
  const std::vector<Finding> open = SpeedToolFindings(unknown[0]);
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].id, "tool.figure-cannot-tell");
  EXPECT_THAT(open[0].advice, HasSubstr("botan version"));
}

// --- s_time ----------------------------------------------------------------------------------

results::RunResult STimeRun(const std::string& suite, uint64_t connections, double user_rate,
                            int real_seconds) {
  results::RunResult run = Imported("openssl s_time");
  run.source.timing_basis = "user_cpu";
  results::AlgorithmResult alg;
  alg.algorithm = suite;
  results::Cell cell;
  cell.operation = "connect";
  cell.batch_iterations = connections;
  cell.figures.emplace();
  cell.figures->ops_per_s.value = user_rate;
  alg.cells.push_back(cell);
  run.algorithms.push_back(alg);
  if (real_seconds > 0) {
    run.source.caveats.push_back(fmt::format(
        "Line 3: by elapsed time, {} connections in {} real seconds (whole seconds) is {:.1f} "
        "connections/s.",
        connections, real_seconds, static_cast<double>(connections) / real_seconds));
  }
  return run;
}

TEST(SpeedToolTest, STimeRanksOppositeToTheWallClock) {
  // ECDSA made more connections in the same real time, but cost the client more user time.
  const results::RunResult a = STimeRun("ECDHE-ECDSA", 6000, 1300, 11);
  const results::RunResult b = STimeRun("ECDHE-RSA", 5000, 2600, 11);
  const std::vector<SpeedToolPairFinding> findings = SpeedToolPairFindings(a, b);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].cause, "user-cpu-timing-misleads");
  EXPECT_THAT(findings[0].text, HasSubstr("rank these runs opposite"));
  EXPECT_THAT(findings[0].text, HasSubstr("https://github.com/openssl/openssl/issues/2274"));
}

TEST(SpeedToolTest, STimeThatAgreesWithTheWallClockStatesNothing) {
  // Both lines rank the same way, by similar ratios.
  EXPECT_TRUE(
      SpeedToolPairFindings(STimeRun("A", 6000, 1300, 10), STimeRun("B", 5000, 1100, 10)).empty());
  // No real-seconds line: the paste cannot show a contradiction.
  EXPECT_TRUE(
      SpeedToolPairFindings(STimeRun("A", 6000, 1300, 0), STimeRun("B", 5000, 2600, 0)).empty());
  // Too few real seconds to rank by (whole seconds).
  EXPECT_TRUE(
      SpeedToolPairFindings(STimeRun("A", 60, 1300, 2), STimeRun("B", 50, 2600, 2)).empty());
  // One run alone, however far its user time is from the real time, is not compared.
  EXPECT_TRUE(SpeedToolFindings(STimeRun("A", 1, 1e9, 6)).empty());
}

TEST(SpeedToolTest, STimeRuleReadsImportsCaveats) {
  const auto run = [](const char* suite, int n, const char* user, const char* rate, int real) {
    return import::ImportText(
        fmt::format("$ openssl s_time -connect localhost:4433 -new -time 10 -cipher {}\n"
                    "Collecting connection statistics for 10 seconds\n"
                    "****\n"
                    "\n"
                    "{} connections in {}s; {} connections/user sec, bytes read 0\n"
                    "{} connections in {} real seconds, 0 bytes read per connection\n",
                    suite, n, user, rate, n, real),
        "s_time.txt");
  };
  const std::vector<results::RunResult> a =
      run("ECDHE-ECDSA-AES128-GCM-SHA256", 6000, "4.60", "1304.35", 11);
  const std::vector<results::RunResult> b =
      run("ECDHE-RSA-AES128-GCM-SHA256", 5000, "1.90", "2631.58", 11);
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(b.size(), 1u);
  const std::vector<SpeedToolPairFinding> findings = SpeedToolPairFindings(a[0], b[0]);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].cause, "user-cpu-timing-misleads");
}

// --- the AEAD measurement change -------------------------------------------------------------

results::RunResult SpeedRun(const std::string& version, const std::string& algorithm,
                            const std::vector<std::pair<uint64_t, double>>& bytes_per_s) {
  results::RunResult run = Imported("openssl speed");
  run.source.tool_version = version;
  results::AlgorithmResult alg;
  alg.algorithm = algorithm;
  for (const auto& [size, rate] : bytes_per_s) {
    results::Cell cell;
    cell.operation = "encrypt";
    cell.input_len = size;
    cell.figures.emplace();
    cell.figures->bytes_per_s = results::Estimate{rate, rate, rate};
    cell.figures->ops_per_s.value = rate / static_cast<double>(size);
    alg.cells.push_back(cell);
  }
  run.algorithms.push_back(alg);
  return run;
}

const std::vector<std::pair<uint64_t, double>> kBefore = {
    {16, 860e6}, {1024, 8.9e9}, {16384, 13.9e9}};
const std::vector<std::pair<uint64_t, double>> kAfter = {
    {16, 106e6}, {1024, 4.0e9}, {16384, 12.5e9}};

TEST(SpeedToolTest, SmallSizeAeadDropAcrossTheToolChangeIsTheTool) {
  const std::vector<SpeedToolPairFinding> findings = SpeedToolPairFindings(
      SpeedRun("3.3.1", "AES-128-GCM", kBefore), SpeedRun("3.4.1", "AES-128-GCM", kAfter));
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].cause, "speed-tool-change");
  EXPECT_THAT(findings[0].text, HasSubstr("https://github.com/openssl/openssl/issues/27513"));
  // The other order: the baseline is the side in the range.
  EXPECT_EQ(SpeedToolPairFindings(SpeedRun("3.5.0", "AES-256-GCM", kAfter),
                                  SpeedRun("3.3.1", "AES-256-GCM", kBefore))
                .size(),
            1u);
}

TEST(SpeedToolTest, NoAeadToolChangeWithoutItsEvidence) {
  // Both sides on the same side of the change.
  EXPECT_TRUE(SpeedToolPairFindings(SpeedRun("3.3.0", "AES-128-GCM", kBefore),
                                    SpeedRun("3.3.1", "AES-128-GCM", kAfter))
                  .empty());
  EXPECT_TRUE(SpeedToolPairFindings(SpeedRun("3.4.1", "AES-128-GCM", kBefore),
                                    SpeedRun("3.5.0", "AES-128-GCM", kAfter))
                  .empty());
  // A known version that rules the change out: the slower side predates it.
  EXPECT_TRUE(SpeedToolPairFindings(SpeedRun("", "AES-128-GCM", kBefore),
                                    SpeedRun("3.2.0", "AES-128-GCM", kAfter))
                  .empty());
  // Not an AEAD cipher.
  EXPECT_TRUE(SpeedToolPairFindings(SpeedRun("3.3.1", "AES-128-CBC", kBefore),
                                    SpeedRun("3.4.1", "AES-128-CBC", kAfter))
                  .empty());
  // Slower at every size: the code, not a per-operation cost of the tool.
  const std::vector<std::pair<uint64_t, double>> slower = {
      {16, 106e6}, {1024, 2.0e9}, {16384, 4.0e9}};
  EXPECT_TRUE(SpeedToolPairFindings(SpeedRun("3.3.1", "AES-128-GCM", kBefore),
                                    SpeedRun("3.4.1", "AES-128-GCM", slower))
                  .empty());
}

// The release that changed how speed times AEAD ciphers: 3.4.0 came before it (PR 25823 was
// opened after 3.4.0's release), 3.0.16 has the 3.0 backport (openssl/openssl issue 28063).
TEST(SpeedToolTest, TheAeadToolChangeFollowsItsReleases) {
  EXPECT_TRUE(SpeedToolPairFindings(SpeedRun("3.0.13", "AES-128-GCM", kBefore),
                                    SpeedRun("3.4.0", "AES-128-GCM", kAfter))
                  .empty());
  const std::vector<SpeedToolPairFinding> findings = SpeedToolPairFindings(
      SpeedRun("3.0.15", "AES-128-GCM", kBefore), SpeedRun("3.0.16", "AES-128-GCM", kAfter));
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].cause, "speed-tool-change");
  EXPECT_THAT(findings[0].text, HasSubstr("https://github.com/openssl/openssl/issues/28063"));
}

// data/library-changes.csv and data/speed-tool-changes.csv date the AEAD timing change alike.
TEST(SpeedToolTest, BothTablesDateTheAeadToolChangeAlike) {
  for (const char* text : {"3.0.13", "3.0.15", "3.0.16", "3.1.7", "3.2.1", "3.3.2", "3.3.3",
                           "3.4.0", "3.4.1", "3.5.0", "3.6.0"}) {
    const LibraryVersion v = *ParseLibraryVersion(text);
    const bool tool = std::any_of(
        SpeedToolChanges().begin(), SpeedToolChanges().end(), [&](const SpeedToolChange& row) {
          return row.evidence == "aead-setup-per-op" && row.versions.Contains(v);
        });
    const bool library = std::any_of(
        LibraryChanges().begin(), LibraryChanges().end(), [&](const LibraryChange& row) {
          return row.area == "speed-tool" && row.change.find("AEAD") != std::string::npos &&
                 row.versions.Contains(v);
        });
    EXPECT_EQ(tool, library) << text;
  }
}

TEST(SpeedToolTest, TheAeadShapeWithoutVersionsCannotTell) {
  for (const auto& [before, after] :
       std::vector<std::pair<std::string, std::string>>{{"", ""}, {"", "3.4.1"}, {"3.3.1", ""}}) {
    const std::vector<SpeedToolPairFinding> findings = SpeedToolPairFindings(
        SpeedRun(before, "AES-128-GCM", kBefore), SpeedRun(after, "AES-128-GCM", kAfter));
    ASSERT_EQ(findings.size(), 1u) << before << " " << after;
    EXPECT_EQ(findings[0].cause, "cannot-tell");
    EXPECT_THAT(findings[0].text, HasSubstr("`openssl version`"));
  }
  // Without the shape there is nothing to tell.
  EXPECT_TRUE(SpeedToolPairFindings(SpeedRun("", "AES-128-GCM", kBefore),
                                    SpeedRun("", "AES-128-GCM", kBefore))
                  .empty());
}

// openssl speed 3.0 to 3.4.0 gave an AEAD decryption no valid tag (PR 25823 and its backports,
// data/speed-tool-changes.csv "aead-decrypt-fails"): lines written in speed's own progress format.
std::vector<Finding> AeadDecryptFindings(const std::string& version, const std::string& command,
                                         const std::string& algorithm, long count) {
  const std::vector<results::RunResult> runs =
      import::ImportText(fmt::format("$ openssl speed {}\n"
                                     "Doing {} ops for 3s on 1024 size blocks: {} {} ops in 3.00s\n"
                                     "version: {}\n",
                                     command, algorithm, count, algorithm, version),
                         "paste.txt");
  EXPECT_EQ(runs.size(), 1u);
  std::vector<Finding> out;
  for (Finding& f : SpeedToolFindings(runs.at(0))) {
    if (f.id == "tool.aead-decrypt") {
      out.push_back(std::move(f));
    }
  }
  return out;
}

TEST(SpeedToolTest, AeadDecryptionWithoutAValidTagIsTheSpeedToolsFault) {
  // 0 operations: every decryption failed.
  std::vector<Finding> zero =
      AeadDecryptFindings("3.3.0-dev", "-evp aes-128-gcm -decrypt", "AES-128-GCM", 0);
  ASSERT_EQ(zero.size(), 1u);
  EXPECT_THAT(zero[0].summary, HasSubstr("failed every AEAD decryption"));
  EXPECT_THAT(zero[0].evidence, HasSubstr("https://github.com/openssl/openssl/pull/25907"));
  DoctorReport report;
  report.findings = zero;
  ASSERT_EQ(StatedCauses(report).size(), 1u);
  EXPECT_EQ(StatedCauses(report)[0].tag, "speed-tool-bug");
  // A figure of a release before the fix times failing decryptions; ChaCha20-Poly1305 too.
  const std::vector<Finding> timed =
      AeadDecryptFindings("3.0.2", "-evp chacha20-poly1305 -decrypt", "ChaCha20-Poly1305", 3000000);
  ASSERT_EQ(timed.size(), 1u);
  EXPECT_THAT(timed[0].summary, HasSubstr("fail their tag check"));
  // 3.4.0 is covered by its own (unsure) row.
  EXPECT_EQ(AeadDecryptFindings("3.4.0", "-evp aes-256-gcm -decrypt", "AES-256-GCM", 0).size(), 1u);
}

TEST(SpeedToolTest, NoAeadDecryptFaultOutsideItsReleasesCiphersOrDirection) {
  // Fixed releases of each line.
  for (const char* fixed : {"3.0.16", "3.1.8", "3.2.4", "3.3.3", "3.5.0"}) {
    EXPECT_TRUE(
        AeadDecryptFindings(fixed, "-evp aes-128-gcm -decrypt", "AES-128-GCM", 1000).empty())
        << fixed;
  }
  // 1.1.1 is not in the table: no statement.
  EXPECT_TRUE(
      AeadDecryptFindings("1.1.1w", "-evp aes-128-gcm -decrypt", "AES-128-GCM", 1000).empty());
  // Encryption, and a cipher without a tag.
  EXPECT_TRUE(AeadDecryptFindings("3.0.2", "-evp aes-128-gcm", "AES-128-GCM", 1000).empty());
  EXPECT_TRUE(
      AeadDecryptFindings("3.0.2", "-evp aes-128-cbc -decrypt", "AES-128-CBC", 1000).empty());
  // No version in the text: nothing is claimed.
  const std::vector<results::RunResult> runs = import::ImportText(
      "$ openssl speed -evp aes-128-gcm -decrypt\n"
      "Doing AES-128-GCM ops for 3s on 1024 size blocks: 0 AES-128-GCM ops in 3.00s\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  for (const Finding& f : SpeedToolFindings(runs[0])) {
    EXPECT_NE(f.id, "tool.aead-decrypt");
  }
}

TEST(SpeedToolTest, RunToolVersionReadsTheToolOrTheLibraryLine) {
  results::RunResult run;
  run.source.tool_version = "3.0.0-alpha3";
  ASSERT_TRUE(RunToolVersion(run).has_value());
  EXPECT_EQ(RunToolVersion(run)->text, "3.0.0-alpha3");
  run.source.tool_version.clear();
  run.library.version = "OpenSSL 1.1.1h-dev  xx XXX xxxx";
  ASSERT_TRUE(RunToolVersion(run).has_value());
  EXPECT_EQ(RunToolVersion(run)->numbers, (std::vector<int>{1, 1, 1}));
  run.library.version = "LibreSSL 3.8.2";
  EXPECT_FALSE(RunToolVersion(run).has_value());
  run.source.tool_version = "LibreSSL 3.8.2";
  EXPECT_FALSE(RunToolVersion(run).has_value());
}

}  // namespace
}  // namespace cryptobench::diagnose
