#include "compare/cost.h"

#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "stats/stats.h"

#include "compare/compare.h"
#include "compare/sides.h"
#include "compare/test_util.h"

namespace cryptobench::compare {
namespace {

using testing::Algorithm;
using testing::FigureCell;
using testing::MakeSide;

const std::vector<uint64_t> kSpeedSizes = {16, 64, 256, 1024, 8192, 16384};

// Throughput (bytes/s) of a code path costing `overhead_ns` per call and `per_byte_ns` per byte,
// with a relative wobble of +-`noise` that alternates over the sizes (deterministic).
double Throughput(uint64_t size, double overhead_ns, double per_byte_ns, double noise, size_t i) {
  const double time_ns = (overhead_ns + static_cast<double>(size) * per_byte_ns) *
                         (1 + (i % 2 == 0 ? noise : -noise) * (i % 3 == 0 ? 0.5 : 1.0));
  return static_cast<double>(size) / time_ns * 1e9;
}

results::AlgorithmResult Sweep(const std::string& name, double overhead_ns, double per_byte_ns,
                               double noise = 0.01) {
  std::vector<results::Cell> cells;
  for (size_t i = 0; i < kSpeedSizes.size(); ++i) {
    // Single figures, as imported `openssl speed` rows are.
    cells.push_back(FigureCell("encrypt", kSpeedSizes[i],
                               Throughput(kSpeedSizes[i], overhead_ns, per_byte_ns, noise, i), 0,
                               1));
  }
  return Algorithm(name, "cipher", std::move(cells));
}

// An imported `openssl speed` run of OpenSSL `version` on one x86-64 machine.
Side ImportedSide(const std::string& letter, const std::string& version,
                  std::vector<results::AlgorithmResult> algorithms) {
  Side side = MakeSide(letter, std::move(algorithms));
  side.origin = SideOrigin::kImported;
  side.run.source.kind = "imported";
  side.run.source.tool = "openssl speed";
  side.run.source.tool_version = version;
  side.run.source.timing_basis = "user_cpu";
  side.run.library.version = "OpenSSL " + version;
  side.run.library.platform = "linux-x86_64";
  side.run.source.facts.push_back({"cpu_model", "model name: Example CPU 9000 @ 3.00GHz", 1});
  return side;
}

const std::vector<diagnose::LibraryChange>& TestChanges() {
  static const std::vector<diagnose::LibraryChange> table = diagnose::ParseLibraryChanges(
      "library,arch,area,versions,kind,change,source,certainty\n"
      "openssl,x86_64,AES,3.0.0..3.0.1,regressed,the CBC path lost its unrolled loop,"
      "https://example.org/openssl/changes#cbc,sure\n"
      "openssl,x86_64,SHA-2,3.0.0..,regressed,an unrelated SHA-2 change,"
      "https://example.org/openssl/changes#sha,sure\n");
  return table;
}

bool HasCause(const PairComparison& pair, const std::string& cause) {
  for (const Finding& finding : pair.findings) {
    if (finding.cause == cause) {
      return true;
    }
  }
  return false;
}

const Finding* FindingWithId(const PairComparison& pair, const std::string& id) {
  for (const Finding& finding : pair.findings) {
    if (finding.id == id) {
      return &finding;
    }
  }
  return nullptr;
}

TEST(StatsFitLine, RecoversExactLineAndCoversItWithNoise) {
  const std::vector<double> x = {16, 64, 256, 1024, 8192, 16384};
  std::vector<double> exact;
  std::vector<double> noisy;
  for (size_t i = 0; i < x.size(); ++i) {
    exact.push_back(150 + 0.6 * x[i]);
    noisy.push_back((150 + 0.6 * x[i]) * (1 + (i % 2 == 0 ? 0.02 : -0.02)));
  }
  const stats::LineFit fit = stats::FitLineRelative(x, exact);
  ASSERT_TRUE(fit.has_ci);
  EXPECT_NEAR(fit.intercept, 150, 1e-6);
  EXPECT_NEAR(fit.slope, 0.6, 1e-9);
  const stats::LineFit rough = stats::FitLineRelative(x, noisy);
  ASSERT_TRUE(rough.has_ci);
  EXPECT_LT(rough.intercept_low, 150);
  EXPECT_GT(rough.intercept_high, 150);
  EXPECT_LT(rough.slope_low, 0.6);
  EXPECT_GT(rough.slope_high, 0.6);
  EXPECT_NEAR(rough.slope, 0.6, 0.6 * 0.03);
}

TEST(StatsFitLine, RefusesWhatCannotBeFitted) {
  const std::vector<double> x2 = {16, 1024};
  const std::vector<double> y2 = {100, 700};
  const stats::LineFit two = stats::FitLineRelative(x2, y2);
  EXPECT_EQ(two.count, 2U);
  EXPECT_FALSE(two.has_ci);
  const std::vector<double> same_x = {64, 64, 64};
  const std::vector<double> y3 = {1, 2, 3};
  EXPECT_EQ(stats::FitLineRelative(same_x, y3).count, 0U);
  const std::vector<double> x3 = {1, 2, 3};
  const std::vector<double> bad_y = {1, 0, 3};
  EXPECT_EQ(stats::FitLineRelative(x3, bad_y).count, 0U);
  EXPECT_DOUBLE_EQ(stats::StudentT975(4), 2.776);
  EXPECT_TRUE(std::isinf(stats::StudentT975(0)));
}

TEST(CompareCost, FitRecoversKnownOverheadAndPerByteCost) {
  const CompareReport report =
      Compare({ImportedSide("A", "3.0.2", {Sweep("AES-128-CBC", 200, 0.8, 0.005)}),
               ImportedSide("B", "3.0.2", {Sweep("AES-128-CBC", 200, 0.8, 0.005)})},
              CompareOptions{});
  ASSERT_EQ(report.pairs.size(), 1U);
  ASSERT_EQ(report.pairs[0].costs.size(), 1U);
  const CostComparison& cost = report.pairs[0].costs[0];
  EXPECT_EQ(cost.sizes, kSpeedSizes);
  EXPECT_NEAR(cost.a.overhead_ns, 200, 200 * 0.05);
  EXPECT_NEAR(cost.a.per_byte_ns, 0.8, 0.8 * 0.02);
  EXPECT_LT(cost.a.per_byte_low, 0.8);
  EXPECT_GT(cost.a.per_byte_high, 0.8);
  EXPECT_LT(cost.a.overhead_low, 200);
  EXPECT_GT(cost.a.overhead_high, 200);
  EXPECT_EQ(cost.change, CostChange::kNone);
  EXPECT_EQ(FindingWithId(report.pairs[0], "cost-fit"), nullptr);
}

TEST(CompareCost, PerCallOnlyChangeIsCalledThat) {
  // B pays 4x the call overhead: much slower at 16 bytes, within 1% at 16 KiB.
  const CompareReport report =
      Compare({ImportedSide("A", "3.0.2", {Sweep("AES-128-GCM", 150, 0.6)}),
               ImportedSide("B", "3.0.2", {Sweep("AES-128-GCM", 600, 0.6)})},
              CompareOptions{});
  ASSERT_EQ(report.pairs[0].costs.size(), 1U);
  const CostComparison& cost = report.pairs[0].costs[0];
  EXPECT_TRUE(cost.overhead_changed);
  EXPECT_FALSE(cost.per_byte_changed);
  EXPECT_EQ(cost.change, CostChange::kPerCall);
  const Finding* finding = FindingWithId(report.pairs[0], "cost-fit");
  ASSERT_NE(finding, nullptr);
  EXPECT_NE(finding->text.find("Only the per-call cost changed for AES-128-GCM encrypt"),
            std::string::npos)
      << finding->text;
  EXPECT_NE(finding->text.find("the code path (the assembly), is unchanged"), std::string::npos);
  EXPECT_TRUE(finding->cause.empty());
}

TEST(CompareCost, PerByteChangeIsCalledThat) {
  const CompareReport report =
      Compare({ImportedSide("A", "3.0.2", {Sweep("AES-128-CBC", 200, 0.6)}),
               ImportedSide("B", "3.0.2", {Sweep("AES-128-CBC", 200, 1.2)})},
              CompareOptions{});
  ASSERT_EQ(report.pairs[0].costs.size(), 1U);
  EXPECT_EQ(report.pairs[0].costs[0].change, CostChange::kPerByte);
  const Finding* finding = FindingWithId(report.pairs[0], "cost-fit");
  ASSERT_NE(finding, nullptr);
  EXPECT_NE(finding->text.find("Only the per-byte cost changed for AES-128-CBC encrypt"),
            std::string::npos)
      << finding->text;
  // Same version on both sides: before/after a patch is not a release regression.
  EXPECT_FALSE(HasCause(report.pairs[0], "library-regression"));
}

TEST(CompareCost, NoFitWithoutASweep) {
  std::vector<Row> rows = {testing::MakeRow("AES-128-CBC", "encrypt", 16, 0.5),
                           testing::MakeRow("AES-128-CBC", "encrypt", 64, 0.5)};
  EXPECT_TRUE(FitCosts(rows, 0.05).empty());
  // Three sizes, but none large: per-byte cost and overhead cannot be told apart.
  rows.push_back(testing::MakeRow("AES-128-CBC", "encrypt", 256, 0.5));
  EXPECT_TRUE(FitCosts(rows, 0.05).empty());
}

// The regression finding, called directly with a chosen knowledge table.
std::vector<Finding> Regression(const Side& a, const Side& b, bool speed_tool_explains = false,
                                const std::vector<diagnose::SpeedToolChange>& tool = {}) {
  std::vector<Side> sides = {a, b};
  const CompareReport report = Compare(sides, CompareOptions{});
  const PairComparison& pair = report.pairs[0];
  return LibraryRegressionFindings(report.sides[0], report.sides[1], pair.costs, pair.rows,
                                   speed_tool_explains, TestChanges(), tool);
}

TEST(CompareCost, LibraryRegressionFiresWithItsEvidenceAndCitesTheKnownChange) {
  const Side a = ImportedSide("A", "1.1.1d", {Sweep("AES-128-CBC", 200, 0.6)});
  const Side b = ImportedSide("B", "3.0.0", {Sweep("AES-128-CBC", 200, 1.2)});
  const std::vector<Finding> findings = Regression(a, b);
  ASSERT_EQ(findings.size(), 1U);
  EXPECT_EQ(findings[0].id, "library-regression");
  EXPECT_EQ(findings[0].cause, "library-regression");
  EXPECT_NE(findings[0].text.find("B (OpenSSL 3.0.0) costs more per byte than A (OpenSSL 1.1.1d)"),
            std::string::npos)
      << findings[0].text;
  EXPECT_NE(findings[0].text.find("https://example.org/openssl/changes#cbc"), std::string::npos);
  EXPECT_EQ(findings[0].text.find("changes#sha"), std::string::npos);
  // The later release as the baseline: still the later one that is named.
  const std::vector<Finding> reversed =
      Regression(ImportedSide("A", "3.0.0", {Sweep("AES-128-CBC", 200, 1.2)}),
                 ImportedSide("B", "1.1.1d", {Sweep("AES-128-CBC", 200, 0.6)}));
  ASSERT_EQ(reversed.size(), 1U);
  EXPECT_NE(reversed[0].text.find("A (OpenSSL 3.0.0) costs more per byte"), std::string::npos);
}

TEST(CompareCost, LibraryRegressionWithoutAKnownChangeSaysSo) {
  const std::vector<Finding> findings =
      Regression(ImportedSide("A", "3.1.0", {Sweep("AES-128-CBC", 200, 0.6)}),
                 ImportedSide("B", "3.2.0", {Sweep("AES-128-CBC", 200, 1.2)}));
  ASSERT_EQ(findings.size(), 1U);
  EXPECT_NE(
      findings[0].text.find("no change in cryptobench's table of library changes explains it"),
      std::string::npos);
}

TEST(CompareCost, LibraryRegressionNeedsItsEvidence) {
  const auto a = [] { return ImportedSide("A", "1.1.1d", {Sweep("AES-128-CBC", 200, 0.6)}); };
  const auto b = [] { return ImportedSide("B", "3.0.0", {Sweep("AES-128-CBC", 200, 1.2)}); };
  // Faster per byte in the later release: no regression.
  EXPECT_TRUE(
      Regression(a(), ImportedSide("B", "3.0.0", {Sweep("AES-128-CBC", 200, 0.3)})).empty());
  // A per-call change only (small sizes): not the code path.
  EXPECT_TRUE(
      Regression(a(), ImportedSide("B", "3.0.0", {Sweep("AES-128-CBC", 800, 0.6)})).empty());
  // Not significant: 3% more per byte, within the threshold.
  EXPECT_TRUE(
      Regression(a(), ImportedSide("B", "3.0.0", {Sweep("AES-128-CBC", 200, 0.618)})).empty());
  // Too noisy for the CIs to separate.
  EXPECT_TRUE(Regression(ImportedSide("A", "1.1.1d", {Sweep("AES-128-CBC", 200, 0.6, 0.3)}),
                         ImportedSide("B", "3.0.0", {Sweep("AES-128-CBC", 200, 0.7, 0.3)}))
                  .empty());
  // The same version on both sides.
  EXPECT_TRUE(
      Regression(a(), ImportedSide("B", "1.1.1d", {Sweep("AES-128-CBC", 200, 1.2)})).empty());
  // A version unknown on one side.
  Side unknown = b();
  unknown.run.library.version.clear();
  unknown.run.source.tool_version.clear();
  EXPECT_TRUE(Regression(a(), unknown).empty());
  // Different machines, or a machine unknown on one side.
  Side other_cpu = b();
  other_cpu.run.source.facts = {{"cpu_model", "model name: Other CPU 100", 1}};
  EXPECT_TRUE(Regression(a(), other_cpu).empty());
  Side no_cpu = b();
  no_cpu.run.source.facts.clear();
  EXPECT_TRUE(Regression(a(), no_cpu).empty());
  // Different platforms, or a platform unknown on one side.
  Side other_platform = b();
  other_platform.run.library.platform = "linux-aarch64";
  EXPECT_TRUE(Regression(a(), other_platform).empty());
  Side no_platform = b();
  no_platform.run.library.platform.clear();
  EXPECT_TRUE(Regression(a(), no_platform).empty());
  // Different capability vectors (a mask, or another CPU).
  Side masked_a = a();
  Side masked_b = b();
  masked_a.run.library.capability_vector = "0x7ffaf3bfffebffff:0x29c67af";
  masked_b.run.library.capability_vector = "0x7ffaf3bdffebffff:0x29c67af";
  EXPECT_TRUE(Regression(masked_a, masked_b).empty());
  // An OPENSSL_ia32cap mask on one side's command line.
  Side env_masked = b();
  env_masked.run.library.worker_env["OPENSSL_ia32cap"] = "~0x200000000000000";
  EXPECT_TRUE(Regression(a(), env_masked).empty());
  // Timed differently, or through an engine.
  Side wall = b();
  wall.run.source.timing_basis = "wall_clock";
  EXPECT_TRUE(Regression(a(), wall).empty());
  Side engine = b();
  engine.run.source.engine_or_provider = "engine afalg";
  EXPECT_TRUE(Regression(a(), engine).empty());
  // Not OpenSSL.
  Side libressl_a = a();
  Side libressl_b = b();
  libressl_a.run.library.version = "LibreSSL 3.7.0";
  libressl_b.run.library.version = "LibreSSL 3.8.0";
  EXPECT_TRUE(Regression(libressl_a, libressl_b).empty());
  // The speed tool's own change explains the pair.
  EXPECT_TRUE(Regression(a(), b(), /*speed_tool_explains=*/true).empty());
  // And the same evidence fires.
  EXPECT_EQ(Regression(a(), b()).size(), 1U);
}

TEST(CompareCost, LibraryRegressionSilentWhenASpeedToolChangeConcernsTheAlgorithm) {
  const std::vector<diagnose::SpeedToolChange> tool = diagnose::ParseSpeedToolChanges(
      "tool,versions,kind,evidence,change,source,certainty\n"
      "openssl-speed,3.3.3..3.3;3.4.1..,change,aead-setup-per-op,AEAD timing sets the key per "
      "op,https://example.org/openssl/speed#aead,sure\n");
  const Side a = ImportedSide("A", "3.3.2", {Sweep("AES-128-GCM", 200, 0.6)});
  const Side b = ImportedSide("B", "3.3.3", {Sweep("AES-128-GCM", 200, 1.2)});
  EXPECT_TRUE(Regression(a, b, false, tool).empty());
  // Without that row the same figures are a regression; and a non-AEAD cipher is not concerned.
  EXPECT_EQ(Regression(a, b, false, {}).size(), 1U);
  EXPECT_EQ(Regression(ImportedSide("A", "3.3.2", {Sweep("AES-128-CBC", 200, 0.6)}),
                       ImportedSide("B", "3.3.3", {Sweep("AES-128-CBC", 200, 1.2)}), false, tool)
                .size(),
            1U);
}

// A fault that shows in the paste itself (no figure, zeros, an impossible figure) cannot shift
// valid figures: its row, whatever its versions, does not silence a regression.
TEST(CompareCost, ARunFaultRowDoesNotSilenceALibraryRegression) {
  for (const char* evidence : {"run-fault", "impossible-figure"}) {
    const std::vector<diagnose::SpeedToolChange> tool = diagnose::ParseSpeedToolChanges(
        fmt::format("tool,versions,kind,evidence,change,source,certainty\n"
                    "openssl-speed,..3.3.2,bug,{},the run never ends,https://example.org/a,sure\n",
                    evidence));
    const Side a = ImportedSide("A", "3.3.2", {Sweep("AES-128-CBC", 200, 0.6)});
    const Side b = ImportedSide("B", "3.3.3", {Sweep("AES-128-CBC", 200, 1.2)});
    EXPECT_EQ(Regression(a, b, false, tool).size(), 1U) << evidence;
  }
  // The same row as a fault of the figures (evidence none) does silence it.
  const std::vector<diagnose::SpeedToolChange> figures = diagnose::ParseSpeedToolChanges(
      "tool,versions,kind,evidence,change,source,certainty\n"
      "openssl-speed,..3.3.2,bug,none,the figures are wrong,https://example.org/a,sure\n");
  EXPECT_TRUE(Regression(ImportedSide("A", "3.3.2", {Sweep("AES-128-CBC", 200, 0.6)}),
                         ImportedSide("B", "3.3.3", {Sweep("AES-128-CBC", 200, 1.2)}), false,
                         figures)
                  .empty());
}

TEST(CompareCost, EmbeddedSpeedToolTableKeepsTheAeadTimingChangeOut) {
  // The real table: 3.3.3 times AEAD ciphers differently from 3.3.2 (data/speed-tool-changes.csv).
  const Side a = ImportedSide("A", "3.3.2", {Sweep("AES-256-GCM", 200, 0.6)});
  const Side b = ImportedSide("B", "3.3.3", {Sweep("AES-256-GCM", 200, 1.2)});
  const CompareReport report = Compare({a, b}, CompareOptions{});
  EXPECT_FALSE(HasCause(report.pairs[0], "library-regression"));
}

// `openssl speed -evp` table of one cipher costing `overhead_ns` + size x `per_byte_ns`.
std::string SpeedTable(const std::string& name, double overhead_ns, double per_byte_ns) {
  std::string row = name;
  for (size_t i = 0; i < kSpeedSizes.size(); ++i) {
    row += fmt::format(" {:.2f}k",
                       Throughput(kSpeedSizes[i], overhead_ns, per_byte_ns, 0.002, i) / 1000);
  }
  return "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n" +
         row + "\n";
}

// Two pastes of `openssl version -a` and `openssl speed -evp aes-128-cbc`, 1.1.1d then 3.0.0,
// each after `model_a` / `model_b` (a /proc/cpuinfo line, or "" for none).
std::vector<Side> TwoReleasePaste(const std::string& model_a, const std::string& model_b,
                                  double per_byte_b) {
  const std::string text =
      model_a +
      "$ openssl version -a\n"
      "OpenSSL 1.1.1d  10 Sep 2019\n"
      "platform: linux-x86_64\n"
      "options:  bn(64,64) rc4(16x,int) des(int) idea(int) blowfish(ptr)\n"
      "compiler: gcc -fPIC -pthread -m64 -O3 -DOPENSSL_IA32_SSE2 -DAES_ASM -DGHASH_ASM\n"
      "$ openssl speed -evp aes-128-cbc\n" +
      SpeedTable("aes-128-cbc     ", 60, 0.3) + "\n" + model_b +
      "$ openssl version -a\n"
      "OpenSSL 3.0.0 7 sep 2021 (Library: OpenSSL 3.0.0 7 sep 2021)\n"
      "platform: linux-x86_64\n"
      "options:  bn(64,64)\n"
      "compiler: gcc -fPIC -pthread -m64 -O3 -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
      "$ openssl speed -evp aes-128-cbc\n" +
      SpeedTable("AES-128-CBC     ", 60, per_byte_b);
  std::vector<Side> sides = LoadFileSides(text, "paste.txt", "paste.txt");
  for (Side& side : sides) {
    ResolveSideFacts(side, HostFacts{});
  }
  return sides;
}

TEST(CompareCost, ImportedPasteOfTwoReleasesOnOneMachineGivesTheRegression) {
  const std::string model = "model name\t: Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz\n";
  const std::vector<Side> sides = TwoReleasePaste(model, "", 0.6);
  ASSERT_EQ(sides.size(), 2U);
  const RegressionPrecondition pre = CheckRegressionPrecondition(sides[0], sides[1]);
  EXPECT_TRUE(pre.ok) << pre.why_not;
  const CompareReport report = Compare(sides, CompareOptions{});
  const Finding* finding = FindingWithId(report.pairs[0], "library-regression");
  ASSERT_NE(finding, nullptr);
  EXPECT_EQ(finding->cause, "library-regression");
  EXPECT_NE(finding->text.find("B (OpenSSL 3.0.0) costs more per byte than A (OpenSSL 1.1.1d)"),
            std::string::npos)
      << finding->text;
  // The same figures with a per-call change only (3.0's provider overhead): no regression.
  const std::vector<Side> same = TwoReleasePaste(model, "", 0.3);
  EXPECT_FALSE(HasCause(Compare(same, CompareOptions{}).pairs[0], "library-regression"));
  // No CPU model in the paste: the machine is unknown, nothing is stated.
  EXPECT_FALSE(HasCause(Compare(TwoReleasePaste("", "", 0.6), CompareOptions{}).pairs[0],
                        "library-regression"));
  // A second machine's CPU model before the second run: two machines, nothing is stated.
  const std::vector<Side> two_machines =
      TwoReleasePaste(model, "model name\t: AMD EPYC 7R13 Processor\n", 0.6);
  EXPECT_FALSE(HasCause(Compare(two_machines, CompareOptions{}).pairs[0], "library-regression"));
}

// Tryout 22 #6 (p/q14, Turris Omnia, OpenSSL 1.1.1w): one paste, `openssl speed -elapsed -engine
// devcrypto -evp aes-128-cbc` then the same without the engine. A's fit costs ~32 us per call
// (the /dev/crypto round trip) and less per byte than B's software AES: the offload loses at
// small sizes and wins at large ones. Before: only "AES-CBC: no single pattern".
std::string DevcryptoPaste(const std::string& engine_table, const std::string& software_banner) {
  return "root@turris:~# openssl speed -elapsed -engine devcrypto -evp aes-128-cbc\n"
         "engine \"devcrypto\" set.\n"
         "You have chosen to measure elapsed time instead of user CPU time.\n"
         "OpenSSL 1.1.1w  11 Sep 2023\n"
         "built on: Mon Oct  2 10:11:12 2023 UTC\n"
         "options:bn(64,32) rc4(char) des(long) aes(partial) blowfish(ptr)\n"
         "compiler: arm-openwrt-linux-muslgnueabi-gcc -O3 -DAES_ASM -DBSAES_ASM\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n" +
         engine_table + "root@turris:~# openssl speed " + software_banner + "-evp aes-128-cbc\n" +
         (software_banner.empty()
              ? ""
              : "You have chosen to measure elapsed time instead of user CPU time.\n") +
         "OpenSSL 1.1.1w  11 Sep 2023\n"
         "built on: Mon Oct  2 10:11:12 2023 UTC\n"
         "options:bn(64,32) rc4(char) des(long) aes(partial) blowfish(ptr)\n"
         "compiler: arm-openwrt-linux-muslgnueabi-gcc -O3 -DAES_ASM -DBSAES_ASM\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n" +
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n"
         "aes-128-cbc      17060.06k    21590.27k    23202.30k    23692.29k    23814.14k    "
         "23822.34k\n";
}

std::vector<Side> PasteSides(const std::string& text) {
  std::vector<Side> sides = LoadFileSides(text, "paste.txt", "paste.txt");
  for (Side& side : sides) {
    ResolveSideFacts(side, HostFacts{});
  }
  return sides;
}

TEST(CompareCost, OffloadEngineLosesBelowTheCrossoverAndWinsAbove) {
  const std::string q14 =
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "aes-128-cbc        485.45k     1905.30k     6836.65k    19184.30k    36372.48k    "
      "38289.41k\n";
  const std::vector<Side> sides = PasteSides(DevcryptoPaste(q14, "-elapsed "));
  ASSERT_EQ(sides.size(), 2U);
  const CompareReport report = Compare(sides, CompareOptions{});
  const Finding* finding = FindingWithId(report.pairs[0], "offload-cost");
  ASSERT_NE(finding, nullptr) << testing::AllText(report);
  EXPECT_EQ(finding->cause, "offload-per-request-cost");
  // Fitted: A 31700 ns + 23.6 ns/B, B 267 ns + 42 ns/B: lines cross at ~1.7 KiB.
  EXPECT_THAT(finding->text,
              ::testing::HasSubstr("A runs AES-128-CBC encrypt through the devcrypto engine (the "
                                   "kernel's crypto API): it costs about 31.7 us per call against "
                                   "B's 267 ns"));
  EXPECT_THAT(finding->text, ::testing::HasSubstr("23.6 ns/B against 42 ns/B per byte"));
  EXPECT_THAT(finding->text, ::testing::HasSubstr("it loses below about 1.7 KiB and wins above"));
  // The per-call cost of 31.7 us in the fitted-cost line is written out, never "3.17e+04".
  ASSERT_FALSE(report.pairs[0].costs.empty());
  const std::string fit = CostFitText(report.pairs[0].costs[0].a);
  EXPECT_THAT(fit, ::testing::StartsWith("31700 ns (")) << fit;
  EXPECT_THAT(fit, ::testing::Not(::testing::ContainsRegex("[0-9]e[+-][0-9]"))) << fit;
  EXPECT_THAT(finding->text,
              ::testing::HasSubstr("the measured ratio crosses 1 between B/A 1.23 at 1 KiB and "
                                   "B/A 0.655 at 8 KiB"));
  // The offload sentence explains AES-CBC's pattern: no "no single pattern" line beside it.
  EXPECT_EQ(FindingWithId(report.pairs[0], "mixed"), nullptr) << testing::AllText(report);
  EXPECT_THAT(testing::AllText(report), ::testing::Not(::testing::HasSubstr("no single pattern")));

  // A per-byte cost barely below the software's: the lines cross beyond 16 KiB, and every
  // measured size loses.
  const std::vector<Side> late =
      PasteSides(DevcryptoPaste(SpeedTable("aes-128-cbc     ", 32000, 41), "-elapsed "));
  const CompareReport late_report = Compare(late, CompareOptions{});
  const Finding* beyond = FindingWithId(late_report.pairs[0], "offload-cost");
  ASSERT_NE(beyond, nullptr);
  EXPECT_THAT(beyond->text, ::testing::HasSubstr("it loses at every size measured: the crossover "
                                                 "is at or beyond the largest size measured, "
                                                 "16 KiB"));

  // The software run timed in user CPU time: the sides are not timed alike, nothing is said.
  const std::vector<Side> user_cpu = PasteSides(DevcryptoPaste(q14, ""));
  EXPECT_EQ(FindingWithId(Compare(user_cpu, CompareOptions{}).pairs[0], "offload-cost"), nullptr);
  // Two software runs with a per-call difference: no engine, nothing is said.
  std::string no_engine = DevcryptoPaste(q14, "-elapsed ");
  no_engine.replace(no_engine.find(" -engine devcrypto"), 18, "");
  no_engine.replace(no_engine.find("engine \"devcrypto\" set.\n"), 24, "");
  EXPECT_EQ(
      FindingWithId(Compare(PasteSides(no_engine), CompareOptions{}).pairs[0], "offload-cost"),
      nullptr);
}

// Issue 13, sections 3 and 5: under wall-clock time (-elapsed on both sides) an engine on one
// side is a different code path, and the figures count the engine's work: the sides were not
// timed differently. Under user CPU time (no -elapsed) the offloaded work is hidden, and the
// timing difference stays.
TEST(CompareCost, AnEngineUnderWallClockOnBothSidesIsACodePathNotATimingDifference) {
  // The engine side slower at every size by about one factor.
  const std::string slower = SpeedTable("aes-128-cbc     ", 600, 84);
  const CompareReport wall = Compare(PasteSides(DevcryptoPaste(slower, "-elapsed ")), {});
  const std::string text = testing::AllText(wall);
  const Finding* pattern = FindingWithId(wall.pairs[0], "pattern");
  ASSERT_NE(pattern, nullptr) << text;
  EXPECT_THAT(text, ::testing::Not(::testing::HasSubstr("timed differently"))) << text;
  EXPECT_THAT(pattern->text,
              ::testing::HasSubstr("A ran through engine devcrypto and B did not, both timed in "
                                   "wall-clock time"))
      << text;
  EXPECT_NE(pattern->cause, "timing-differs");
  // No build or machine cause is put on a pair whose code paths differ by an engine.
  EXPECT_TRUE(pattern->cause.empty()) << pattern->cause;

  // Both runs without -elapsed (user CPU time, which hides the engine's work): the timing
  // difference stays.
  std::string both_user = DevcryptoPaste(slower, "");
  const std::string elapsed_line =
      "You have chosen to measure elapsed time instead of user CPU time.\n";
  both_user.replace(both_user.find(" -elapsed"), 9, "");
  both_user.replace(both_user.find(elapsed_line), elapsed_line.size(), "");
  const CompareReport user_cpu = Compare(PasteSides(both_user), {});
  const Finding* user_pattern = FindingWithId(user_cpu.pairs[0], "pattern");
  ASSERT_NE(user_pattern, nullptr) << testing::AllText(user_cpu);
  EXPECT_THAT(user_pattern->text, ::testing::HasSubstr("the sides were timed differently"));
  EXPECT_EQ(user_pattern->cause, "timing-differs");
}

// d16c246: a family whose every compared row the offload sentence explains loses its "no
// single pattern" line, matched on Finding::family. Here the sentence covers AES-CBC only: the
// engine's SHA-256 is faster at small sizes and slower at large (no per-call cost above the
// software's), so SHA-2 keeps its line.
TEST(CompareCost, AFamilyTheOffloadSentenceDoesNotCoverKeepsItsNoSinglePatternLine) {
  const std::string engine_table =
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "aes-128-cbc        485.45k     1905.30k     6836.65k    19184.30k    36372.48k    "
      "38289.41k\n"
      "sha256           16000.00k    30000.00k    40000.00k    40000.00k    40000.00k    "
      "40000.00k\n";
  const std::string software_sha256 =
      "sha256           10000.00k    25000.00k    45000.00k    55000.00k    60000.00k    "
      "60500.00k\n";
  const CompareReport report =
      Compare(PasteSides(DevcryptoPaste(engine_table, "-elapsed ") + software_sha256), {});
  const std::string text = testing::AllText(report);
  const Finding* offload = FindingWithId(report.pairs[0], "offload-cost");
  ASSERT_NE(offload, nullptr) << text;
  EXPECT_THAT(offload->text, ::testing::HasSubstr("A runs AES-128-CBC encrypt through"));
  std::vector<std::string> mixed_families;
  for (const Finding& finding : report.pairs[0].findings) {
    if (finding.id == "mixed") {
      mixed_families.push_back(finding.family);
    }
  }
  EXPECT_EQ(mixed_families, std::vector<std::string>{"SHA-2"}) << text;
  EXPECT_THAT(text, ::testing::HasSubstr("SHA-2: no single pattern")) << text;
  EXPECT_THAT(text, ::testing::Not(::testing::HasSubstr("AES-CBC: no single pattern"))) << text;
}

// Tryout 24 item 7 (p/p23b, p/p23a, RK3399, OpenSSL 1.1.1n): AES-128-CBC without and with
// `-engine afalg`, both in user CPU time. The afalg side's time per call does not grow with size
// (the kernel does the work, outside user CPU time): its fitted per-byte cost is indistinguishable
// from zero. Before: "changed: both" and "AES-CBC: no single pattern".
std::string RockPiRun(const std::string& engine, const std::string& doing, const std::string& row) {
  return "root@rockpi4:~# openssl speed -evp aes-128-cbc" + engine + "\n" + doing +
         "OpenSSL 1.1.1n  15 Mar 2022\n"
         "built on: Sun Jan 14 09:20:11 2024 UTC\n"
         "options:bn(64,128) rc4(char) des(int) idea(int) blowfish(ptr) \n"
         "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
         "-DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_BN_ASM_MONT -DSHA1_ASM -DSHA256_ASM "
         "-DSHA512_ASM -DKECCAK1600_ASM -DVPAES_ASM -DECP_NISTZ256_ASM -DPOLY1305_ASM -DNDEBUG\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n" +
         row + "\n";
}

TEST(CompareCost, APerByteCostIndistinguishableFromZeroIsNoCostAndNamesUserCpuTiming) {
  const std::string paste =
      RockPiRun("", "",
                "aes-128-cbc     378320.39k   640047.57k   786346.15k   839442.43k   854308.18k   "
                "856479.06k") +
      RockPiRun(" -engine afalg", "Engine \"afalg\" set.\n",
                "aes-128-cbc      29947.12k   119580.96k   509100.09k  2270248.96k "
                "18006367.09k 35202252.80k");
  const std::vector<Side> sides = PasteSides(paste);
  ASSERT_EQ(sides.size(), 2U);
  const CompareReport report = Compare(sides, CompareOptions{});
  const std::string text = testing::AllText(report);
  ASSERT_EQ(report.pairs[0].costs.size(), 1U) << text;
  const CostComparison& cost = report.pairs[0].costs[0];
  // The fit still shows, honestly: B's per-byte CI includes 0.
  EXPECT_LT(cost.b.per_byte_low, 0);
  EXPECT_FALSE(cost.per_byte_changed);
  EXPECT_EQ(cost.change, CostChange::kFlatPerByte);
  const Finding* flat = FindingWithId(report.pairs[0], "flat-per-byte");
  ASSERT_NE(flat, nullptr) << text;
  // Plain sentences (tryout 24): what the fit shows, why that is no code's cost, and what the
  // timing leaves out.
  EXPECT_THAT(flat->text, ::testing::StartsWith("B's time per AES-128-CBC encrypt call does not "
                                                "grow with the input size: its per-byte cost, "));
  EXPECT_THAT(flat->text, ::testing::HasSubstr("is indistinguishable from zero (95% CI "));
  EXPECT_THAT(flat->text,
              ::testing::HasSubstr(". Code that processes the bytes takes longer for more of "
                                   "them, so this fit shows no change of per-call or per-byte "
                                   "cost."));
  EXPECT_THAT(flat->text,
              ::testing::EndsWith(" B was timed in user CPU time with engine afalg, which leaves "
                                  "out the work engine afalg does outside the process."));
  EXPECT_THAT(text, ::testing::Not(::testing::HasSubstr("no single pattern")));
  EXPECT_THAT(text, ::testing::Not(::testing::HasSubstr("per-byte cost changed")));
}

// A flat side timed in wall-clock time names no reason it cannot know.
TEST(CompareCost, AFlatPerByteCostWithoutAnEngineNamesNoReason) {
  Side a = ImportedSide("A", "1.1.1n", {Sweep("AES-128-CBC", 20, 1.2)});
  Side b = ImportedSide("B", "1.1.1n", {Sweep("AES-128-CBC", 500, 0.0)});
  a.run.source.timing_basis = "wall_clock";
  b.run.source.timing_basis = "wall_clock";
  const CompareReport report = Compare({a, b}, CompareOptions{});
  const Finding* flat = FindingWithId(report.pairs[0], "flat-per-byte");
  ASSERT_NE(flat, nullptr) << testing::AllText(report);
  EXPECT_THAT(flat->text, ::testing::Not(::testing::HasSubstr("user CPU time")));
  EXPECT_EQ(flat->cause, "");
}

}  // namespace
}  // namespace cryptobench::compare
