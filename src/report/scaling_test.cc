#include "report/scaling.h"

#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "results/json.h"

#include "support/golden.h"

namespace cryptobench::report {
namespace {

using results::Cell;
using results::RunResult;
using results::WorkerSamples;

TEST(ScalingCpuListTest, ParsesKernelCpuLists) {
  EXPECT_EQ(ParseCpuList("0-3,8,10-11\n"), (std::vector<int>{0, 1, 2, 3, 8, 10, 11}));
  EXPECT_EQ(ParseCpuList("1"), std::vector<int>{1});
  EXPECT_EQ(ParseCpuList(""), std::vector<int>{});
  for (const char* bad : {"3-1", "a", "1,,2", "1-", "-1", "0 1", "99999999"}) {
    EXPECT_FALSE(ParseCpuList(bad).has_value()) << bad;
  }
}

TEST(ScalingCpuListTest, TopologyCountsCoresFromSiblingLists) {
  // Four hardware threads on two cores, siblings numbered apart (as on many Intel machines).
  const CpuTopology smt = TopologyFromLists({0, 1, 2, 3}, {"0,2\n", "1,3\n", "0,2\n", "1,3\n"});
  EXPECT_EQ(smt.online_cpus, 4);
  EXPECT_EQ(smt.cores, 2);
  EXPECT_EQ(smt.max_siblings, 2);
  // A sibling that is offline does not share the core.
  const CpuTopology half = TopologyFromLists({0, 1}, {"0,2", "1,3"});
  EXPECT_EQ(half.cores, 2);
  EXPECT_EQ(half.max_siblings, 1);
  const CpuTopology unknown = TopologyFromLists({0, 1}, {std::nullopt, std::nullopt});
  EXPECT_EQ(unknown.online_cpus, 2);
  EXPECT_EQ(unknown.cores, 0);
}

TEST(ScalingClassifyTest, NamesTheCauseOnlyOfALargeLoss) {
  EXPECT_EQ(Classify({1, 1.0, 1.0, 0, 0}), ScalingVerdict::kBaseline);
  EXPECT_EQ(Classify({2, 0.97, 0.99, 0, 3}), ScalingVerdict::kScales);
  EXPECT_EQ(Classify({2, 0.8, 0.6, 5000, 2}), ScalingVerdict::kCannotTell);
  // Busy all along, yet half the work: the workers slow each other while running.
  EXPECT_EQ(Classify({2, 0.5, 0.99, 0, 4}), ScalingVerdict::kContentionOnCpu);
  // Half the time asleep, by their own doing: a sleeping lock.
  EXPECT_EQ(Classify({2, 0.5, 0.5, 40000, 30}), ScalingVerdict::kContentionBlocked);
  // Half the time off CPU, taken away by the scheduler: more workers than cores.
  EXPECT_EQ(Classify({4, 0.5, 0.5, 2, 900}), ScalingVerdict::kOversubscribed);
  EXPECT_EQ(Classify({2, 0.5, 0.5, 0, 0}), ScalingVerdict::kCannotTell);
}

// `count` samples of 1000 operations, each `wall_ns` long, with `cpu_share` of it on CPU and
// the given context switches.
WorkerSamples Worker(int64_t wall_ns, double cpu_share, uint64_t voluntary, uint64_t involuntary,
                     int count = 10) {
  WorkerSamples worker;
  for (int i = 0; i < count; ++i) {
    measure::Sample sample;
    sample.iterations = 1000;
    sample.wall_ns = wall_ns + i;  // distinct rates, so the median CI has width
    sample.cpu_ns = static_cast<int64_t>(static_cast<double>(wall_ns) * cpu_share);
    sample.user_ns = sample.cpu_ns;
    sample.voluntary_switches = voluntary;
    sample.preemptions = involuntary;
    worker.samples.push_back(sample);
  }
  worker.precision_reached = true;
  worker.window_ns = wall_ns * count;
  return worker;
}

RunResult Run(int threads, const std::vector<WorkerSamples>& workers) {
  RunResult run;
  run.source.tool_version = "test";
  run.library.version = "OpenSSL 3.0.19 27 Jan 2026";
  run.machine.cpu_model = "Test CPU";
  run.machine.online_cpus = 2;
  run.method.threads = threads;
  results::AlgorithmResult alg;
  alg.algorithm = "SHA-256";
  alg.kind = "hash";
  Cell cell;
  cell.operation = "hash";
  cell.input_len = 16384;
  cell.workers = workers;
  cell.batch_iterations = 1000;
  alg.cells.push_back(cell);
  run.algorithms.push_back(alg);
  results::DeriveAllFigures(run);
  return run;
}

// One worker at 1e6 ops/s; two workers at half that rate each (a global lock).
std::vector<RunResult> LockedSweep(double cpu_share, uint64_t voluntary, uint64_t involuntary) {
  return {Run(1, {Worker(1'000'000, 1.0, 0, 0)}),
          Run(2, {Worker(2'000'000, cpu_share, voluntary, involuntary),
                  Worker(2'000'000, cpu_share, voluntary, involuntary)})};
}

TEST(ScalingRowsTest, EfficiencyUtilisationAndVerdictPerWorkerCount) {
  const std::vector<ScalingRow> rows = BuildScalingRows(LockedSweep(0.5, 400, 1));
  ASSERT_EQ(rows.size(), 1u);
  const ScalingRow& row = rows[0];
  EXPECT_TRUE(row.symmetric);
  ASSERT_EQ(row.points.size(), 2u);
  EXPECT_EQ(row.points[0].verdict, ScalingVerdict::kBaseline);
  EXPECT_FALSE(row.points[0].efficiency.has_value());
  const ScalingPoint& two = row.points[1];
  EXPECT_EQ(two.workers, 2);
  EXPECT_NEAR(two.ops_per_s.value, 1e6, 1e3);
  EXPECT_NEAR(two.per_worker_ops_per_s, 5e5, 1e3);
  ASSERT_TRUE(two.efficiency.has_value());
  EXPECT_NEAR(two.efficiency->value, 0.5, 0.01);
  EXPECT_LE(two.efficiency->ci_low, two.efficiency->value);
  EXPECT_GE(two.efficiency->ci_high, two.efficiency->value);
  EXPECT_NEAR(two.utilization, 0.5, 0.01);
  EXPECT_DOUBLE_EQ(two.voluntary_switches, 2 * 10 * 400);
  EXPECT_DOUBLE_EQ(two.involuntary_switches, 2 * 10 * 1);
  EXPECT_EQ(two.verdict, ScalingVerdict::kContentionBlocked);

  EXPECT_EQ(BuildScalingRows(LockedSweep(1.0, 0, 2))[0].points[1].verdict,
            ScalingVerdict::kContentionOnCpu);
  EXPECT_EQ(BuildScalingRows(LockedSweep(0.5, 0, 50))[0].points[1].verdict,
            ScalingVerdict::kOversubscribed);
}

TEST(ScalingRowsTest, AFailedBaselineLeavesEfficiencyOut) {
  std::vector<RunResult> runs = LockedSweep(0.5, 400, 1);
  Cell& base = runs[0].algorithms[0].cells[0];
  base.status = results::CellStatus::kCrashed;
  base.figures.reset();
  const ScalingRow row = BuildScalingRows(runs)[0];
  EXPECT_FALSE(row.points[0].measured);
  EXPECT_FALSE(row.points[1].efficiency.has_value());
  EXPECT_EQ(row.points[1].verdict, ScalingVerdict::kNotMeasured);
}

// A sweep interrupted before its 2-worker run measured anything: that run holds no cells, and
// each of its points is "not measured" in every format, not an error.
TEST(ScalingRowsTest, ACellAnInterruptedSweepNeverReachedIsNotMeasured) {
  std::vector<RunResult> runs = LockedSweep(0.5, 400, 1);
  runs[1].algorithms.clear();
  runs[1].interrupted_by = "SIGINT";
  const ScalingRow row = BuildScalingRows(runs)[0];
  EXPECT_TRUE(row.points[0].present);
  EXPECT_FALSE(row.points[1].present);
  EXPECT_FALSE(row.points[1].measured);
  const CpuTopology topology{2, 2, 1};
  for (const Format format : {Format::kTable, Format::kMarkdown, Format::kCsv, Format::kJson}) {
    std::ostringstream out;
    RenderScaling(runs, topology, format, out);
    EXPECT_EQ(out.str().find("error"), std::string::npos) << out.str();
    EXPECT_NE(
        out.str().find(format == Format::kTable || format == Format::kMarkdown ? "not measured"
                                                                               : "not_measured"),
        std::string::npos)
        << out.str();
  }
}

TEST(ScalingNotesTest, OversubscriptionAndSmtSiblings) {
  const CpuTopology two_cores{2, 2, 1};
  EXPECT_TRUE(ScalingMachineNotes({1, 2}, two_cores).empty());
  const std::vector<std::string> over = ScalingMachineNotes({1, 2, 4}, two_cores);
  ASSERT_EQ(over.size(), 1u);
  EXPECT_NE(over[0].find("4 workers exceed the 2 online CPUs"), std::string::npos);
  const CpuTopology smt{4, 2, 2};
  const std::vector<std::string> siblings = ScalingMachineNotes({1, 2, 3}, smt);
  ASSERT_EQ(siblings.size(), 2u);
  EXPECT_NE(siblings[0].find("3 workers exceed the 2 cores"), std::string::npos);
  EXPECT_NE(siblings[0].find("at least 2 of them share"), std::string::npos);
  EXPECT_NE(siblings[1].find("SMT is on"), std::string::npos);
  EXPECT_NE(ScalingMachineNotes({1, 2}, CpuTopology{2, 0, 0})[0].find("could not be read"),
            std::string::npos);
}

TEST(ScalingRenderTest, EveryFormatCarriesTheSweep) {
  const std::vector<RunResult> runs = LockedSweep(0.5, 400, 1);
  const CpuTopology topology{2, 2, 1};
  std::ostringstream json_text;
  RenderScaling(runs, topology, Format::kJson, json_text);
  const nlohmann::json doc = nlohmann::json::parse(json_text.str());
  EXPECT_EQ(doc.at("runs").size(), 2u);
  EXPECT_EQ(doc.at("runs")[1].at("method").at("threads"), 2);
  EXPECT_EQ(doc.at("runs")[1].at("algorithms")[0].at("cells")[0].at("figures").at("num_workers"),
            2);
  const nlohmann::json& scaling = doc.at("scaling");
  EXPECT_EQ(scaling.at("worker_counts"), (std::vector<int>{1, 2}));
  EXPECT_EQ(scaling.at("cores"), 2);
  const nlohmann::json& point = scaling.at("cells")[0].at("points")[1];
  EXPECT_EQ(point.at("workers"), 2);
  EXPECT_NEAR(point.at("efficiency").at("value").get<double>(), 0.5, 0.01);
  EXPECT_NEAR(point.at("cpu_utilization").get<double>(), 0.5, 0.01);
  EXPECT_EQ(point.at("verdict"), "contention_blocked");
  EXPECT_EQ(scaling.at("cells")[0].at("points")[0].at("verdict"), "baseline");

  std::ostringstream table;
  RenderScaling(runs, topology, Format::kTable, table);
  EXPECT_NE(table.str().find("scaling over 1, 2 workers"), std::string::npos) << table.str();
  EXPECT_NE(table.str().find("contention (blocking)"), std::string::npos) << table.str();
  EXPECT_NE(table.str().find("0.50 ["), std::string::npos) << table.str();

  std::ostringstream markdown;
  RenderScaling(runs, topology, Format::kMarkdown, markdown);
  EXPECT_NE(markdown.str().find("| hash | 16 KiB | 2 |"), std::string::npos) << markdown.str();

  std::ostringstream csv;
  RenderScaling(runs, topology, Format::kCsv, csv);
  EXPECT_EQ(csv.str().rfind("algorithm,operation,input_len,workers,", 0), 0u);
  EXPECT_NE(csv.str().find("SHA-256,hash,16384,2,ok,"), std::string::npos) << csv.str();
  EXPECT_NE(csv.str().find(",contention_blocked\n"), std::string::npos) << csv.str();

  std::ostringstream openssl;
  EXPECT_THROW(RenderScaling(runs, topology, Format::kOpenssl, openssl), std::invalid_argument);
}

// A sweep saved by `speed sha256 x25519 --bytes 1024,16384 --threads 1,2 -o FILE` on a 2-CPU
// machine (tests/fixtures/results/sweep-1-2.json), read back as `cryptobench report` reads it:
// the runs' figures recomputed from their samples, the topology from its "scaling" object.
struct SavedSweep {
  std::string text;
  std::vector<RunResult> runs;
  CpuTopology topology;
};

SavedSweep LoadSavedSweep() {
  SavedSweep sweep;
  sweep.text = cryptobench::testing::ReadTestFile(std::string(CRYPTOBENCH_TEST_DATA_DIR) +
                                                  "/fixtures/results/sweep-1-2.json");
  const nlohmann::json doc = nlohmann::json::parse(sweep.text);
  sweep.runs = results::RunsFromJson(doc);
  for (RunResult& run : sweep.runs) {
    results::DeriveAllFigures(run);
  }
  sweep.topology = SavedScalingTopology(doc).value();
  return sweep;
}

std::string Rendered(const SavedSweep& sweep, Format format) {
  std::ostringstream out;
  RenderScaling(sweep.runs, sweep.topology, format, out);
  return std::move(out).str();
}

TEST(ScalingGoldenTest, SavedSweepInEveryFormat) {
  const SavedSweep sweep = LoadSavedSweep();
  EXPECT_EQ(sweep.topology.online_cpus, 2);
  EXPECT_EQ(sweep.topology.cores, 2);
  cryptobench::testing::ExpectMatchesGolden(Rendered(sweep, Format::kTable), "scaling.txt");
  cryptobench::testing::ExpectMatchesGolden(Rendered(sweep, Format::kMarkdown), "scaling.md");
  cryptobench::testing::ExpectMatchesGolden(Rendered(sweep, Format::kCsv), "scaling.csv");
  const std::string html = Rendered(sweep, Format::kHtml);
  cryptobench::testing::ExpectMatchesGolden(html, "scaling.html");
  // One efficiency chart per algorithm, its baseline at 1 and the 2-worker point from the rows.
  EXPECT_NE(html.find("<title id=\"chart-1-title\">SHA-256: scaling efficiency against workers"),
            std::string::npos);
  EXPECT_NE(html.find("<title id=\"chart-2-title\">X25519: scaling efficiency against workers"),
            std::string::npos);
  const std::vector<ScalingRow> rows = BuildScalingRows(sweep.runs);
  ASSERT_TRUE(rows[0].points[1].efficiency.has_value());
  EXPECT_NE(html.find(fmt::format("data-value=\"{}\"", rows[0].points[1].efficiency->value)),
            std::string::npos);
}

// The JSON a live sweep wrote, read back and written again, is the same file byte for byte:
// its scaling section is recomputed from the runs to the same figures.
TEST(ScalingGoldenTest, SavedSweepJsonRoundTrips) {
  const SavedSweep sweep = LoadSavedSweep();
  EXPECT_EQ(Rendered(sweep, Format::kJson), sweep.text);
}

TEST(ScalingGoldenTest, SavedTopologyIsCheckedAndOptional) {
  EXPECT_FALSE(SavedScalingTopology(nlohmann::json::parse(R"({"runs": []})")).has_value());
  const std::optional<CpuTopology> smt = SavedScalingTopology(
      nlohmann::json::parse(R"({"scaling": {"online_cpus": 4, "cores": 2, "max_siblings": 2}})"));
  ASSERT_TRUE(smt.has_value());
  EXPECT_EQ(smt->online_cpus, 4);
  EXPECT_EQ(smt->cores, 2);
  EXPECT_EQ(smt->max_siblings, 2);
  for (const char* bad : {R"({"scaling": []})", R"({"scaling": {"online_cpus": 4, "cores": 2}})",
                          R"({"scaling": {"online_cpus": -1, "cores": 2, "max_siblings": 1}})",
                          R"({"scaling": {"online_cpus": "4", "cores": 2, "max_siblings": 1}})"}) {
    EXPECT_THROW(SavedScalingTopology(nlohmann::json::parse(bad)), std::runtime_error) << bad;
  }
}

}  // namespace
}  // namespace cryptobench::report
