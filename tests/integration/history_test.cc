// End-to-end tests of the result store through the executable: speed --save, store import,
// history (list, show, trend) and compare store:SELECTOR, on SQLite and, given
// CRYPTOBENCH_TEST_POSTGRES (.ci/run starts a throw-away server), on PostgreSQL.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <utility>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "results/json.h"

#include "integration/cli_runner.h"
#include "store/sql.h"
#include "store/store.h"
#include "support/golden.h"

namespace cryptobench::testing {
namespace {

namespace fs = std::filesystem;

// One run with AES-128-GCM and SHA-256 at 16 KiB, 12 samples each with +-1% spread around
// `aes_rate` and `sha_rate` bytes/s.
results::RunResult GeneratedRun(const std::string& created, double aes_rate,
                                double sha_rate = 1e9) {
  results::RunResult run;
  run.created_utc = created;
  run.machine.cpu_model = "Generated CPU";
  run.machine.arch = "x86_64";
  run.library.backend = "openssl";
  run.library.loaded_path = "/usr/lib/x86_64-linux-gnu/libcrypto.so.3";
  run.library.version = "OpenSSL 3.0.19 27 Jan 2026";
  run.method.input_sizes = {16384};
  for (const auto& [name, kind, operation, rate] :
       {std::tuple{"AES-128-GCM", "aead", "encrypt", aes_rate},
        std::tuple{"SHA-256", "hash", "hash", sha_rate}}) {
    results::AlgorithmResult alg;
    alg.algorithm = name;
    alg.kind = kind;
    alg.kat.status = "passed";
    results::Cell cell;
    cell.operation = operation;
    cell.input_len = 16384;
    results::WorkerSamples worker;
    for (int i = 0; i < 12; ++i) {
      measure::Sample s;
      s.iterations = 1000;
      s.wall_ns = static_cast<int64_t>(1000 * 16384.0 * 1e9 / (rate * (1 + (i % 5 - 2) * 0.005)));
      s.cpu_ns = s.wall_ns;
      worker.samples.push_back(s);
    }
    cell.workers.push_back(worker);
    alg.cells.push_back(cell);
    run.algorithms.push_back(alg);
  }
  results::DeriveAllFigures(run);
  return run;
}

class HistoryCliTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           fmt::format("cryptobench_history_test_{}_{}", getpid(), GetParam());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    if (GetParam() == "postgresql") {
      const char* uri = std::getenv("CRYPTOBENCH_TEST_POSTGRES");
      if (uri == nullptr || uri[0] == '\0') {
        GTEST_SKIP() << "CRYPTOBENCH_TEST_POSTGRES is not set (.ci/run sets it)";
      }
      store_ = uri;
      store::OpenPostgres(store_)->Execute(
          "DROP TABLE IF EXISTS cells, run_builds, runs, builds, hosts, meta, other_table, "
          "cells_v1, runs_v1, builds_v1, hosts_v1 CASCADE");
    } else {
      store_ = (dir_ / "results.db").string();
    }
  }
  void TearDown() override { fs::remove_all(dir_); }
  CliResult Run(std::vector<std::string> args) const {
    args.push_back("--store");
    args.push_back(store_);
    return RunCryptobench(args);
  }

  fs::path dir_;
  std::string store_;
};

// The issue's acceptance scenario: 7 days x 4 runs, AES-128-GCM 10% slower from day 5.
TEST_P(HistoryCliTest, ATenPercentStepIsMarkedAndGated) {
  const std::string host = store::LocalHostname();
  for (int day = 1; day <= 7; ++day) {
    for (int run = 0; run < 4; ++run) {
      const double drift = 1 + ((day * 4 + run) % 7 - 3) * 0.004;  // +-1.2% run to run
      const double rate = 2e9 * drift * (day >= 5 ? 0.9 : 1.0);
      const fs::path file = dir_ / fmt::format("day{}-{}.json", day, run);
      std::ofstream(file) << results::RunsToJsonText(
          {GeneratedRun(fmt::format("2026-11-0{}T{:02}:00:00Z", day, run * 6), rate)});
      std::vector<std::string> args = {"store", "import", file.string(), "--hostname", host};
      if (day == 1 && run == 0) {
        args.insert(args.end(), {"--name", "baseline"});
      }
      const CliResult stored = Run(args);
      ASSERT_EQ(stored.exit_status, 0) << stored.err;
      ASSERT_NE(stored.err.find("saved run"), std::string::npos) << stored.err;
    }
  }
  const CliResult listed = Run({"history", "--limit", "100"});
  ASSERT_EQ(listed.exit_status, 0) << listed.err;
  EXPECT_NE(listed.out.find(": 28 runs, newest first"), std::string::npos) << listed.out;

  const CliResult aes = Run({"history", "trend", "aes-128-gcm"});
  ASSERT_EQ(aes.exit_status, 0) << aes.err;
  size_t marks = 0;
  for (size_t at = 0; (at = aes.out.find("<- step", at)) != std::string::npos; ++at) {
    ++marks;
  }
  EXPECT_EQ(marks, 1u) << aes.out;
  EXPECT_NE(aes.out.find("from run 17 (2026-11-05T00:00:00Z): "), std::string::npos) << aes.out;
  EXPECT_NE(aes.out.find("% slower"), std::string::npos) << aes.out;
  // Markdown carries the title and the step search too, not only the runs table.
  const CliResult md = Run({"history", "trend", "aes-128-gcm", "--format", "markdown"});
  ASSERT_EQ(md.exit_status, 0) << md.err;
  EXPECT_EQ(md.out.rfind("## AES-128-GCM encrypt 16 KiB: history\n", 0), 0u) << md.out;
  EXPECT_NE(md.out.find("\n### Steps\n"), std::string::npos) << md.out;
  EXPECT_NE(md.out.find("from run 17 (2026-11-05T00:00:00Z): "), std::string::npos) << md.out;
  const CliResult sha = Run({"history", "trend", "SHA-256", "--format", "json"});
  ASSERT_EQ(sha.exit_status, 0) << sha.err;
  const nlohmann::json trend = ParseJson(sha);
  EXPECT_EQ(trend.at("points").size(), 28u);
  EXPECT_TRUE(trend.at("steps").empty()) << sha.out;

  // The gate judges the newer stored run against the older whichever order they are given in
  // (the issue writes store:last store:baseline), naming the one cell that failed.
  for (const auto& [first, second] :
       {std::pair{"store:baseline", "store:last"}, std::pair{"store:last", "store:baseline"}}) {
    const CliResult gate = Run({"compare", first, second, "--fail-if-slower", "5"});
    EXPECT_EQ(gate.exit_status, 1) << first << " " << second << ": " << gate.err;
    EXPECT_NE(gate.err.find("failed by 1 cell: B: AES-128-GCM encrypt 16 KiB x0.8"),
              std::string::npos)
        << gate.err;
    EXPECT_EQ(gate.err.find("SHA-256"), std::string::npos) << gate.err;
    EXPECT_EQ(gate.err.find("the older stored run is the baseline") != std::string::npos,
              std::string(first) == "store:last")
        << gate.err;
  }
  // Without the gate the sides stay in the order given: A is the first.
  const CliResult plain = Run({"compare", "store:last", "store:baseline", "--format", "json"});
  ASSERT_EQ(plain.exit_status, 0) << plain.err;
  EXPECT_EQ(ParseJson(plain).at("sides").at(0).at("created_utc"), "2026-11-07T18:00:00Z");

  // The trend as an HTML page: the chart marks the one step, its table and the runs' table
  // carry the same numbers.
  const fs::path page = dir_ / "trend.html";
  const CliResult html = Run({"history", "trend", "aes-128-gcm", "-o", page.string()});
  ASSERT_EQ(html.exit_status, 0) << html.err;
  EXPECT_NE(html.out.find("<- step"), std::string::npos) << html.out;  // the terminal's table
  std::string written = ReadTestFile(page.string());
  size_t chart_marks = 0;
  for (size_t at = 0; (at = written.find("<g class=\"mark\">", at)) != std::string::npos; ++at) {
    ++chart_marks;
  }
  EXPECT_EQ(chart_marks, 1u) << written;
  EXPECT_NE(written.find("<svg xmlns"), std::string::npos);
  EXPECT_NE(written.find("<td>step: "), std::string::npos);
  if (GetParam() == "sqlite") {
    // The store's path and this host's name vary from run to run: the golden has placeholders.
    for (const auto& [from, to] :
         {std::pair{fmt::format("sqlite:{}", store_), std::string("sqlite:STORE")},
          std::pair{fmt::format("<td>{}</td>", host), std::string("<td>HOST</td>")}}) {
      for (size_t at = 0; (at = written.find(from, at)) != std::string::npos; at += to.size()) {
        written.replace(at, from.size(), to);
      }
    }
    ExpectMatchesGolden(written, "history-trend.html");
  }
  const CliResult list_html = Run({"history", "--format", "html"});
  EXPECT_EQ(list_html.exit_status, 2);
  EXPECT_NE(list_html.err.find("history cannot write html"), std::string::npos) << list_html.err;
  const CliResult same = Run({"compare", "store:baseline", "store:2", "--fail-if-slower", "5"});
  EXPECT_EQ(same.exit_status, 0) << same.err;
  const CliResult twice = Run({"compare", "store:1", "store:baseline"});
  EXPECT_EQ(twice.exit_status, 2);
  EXPECT_NE(twice.err.find("select the same stored run (1)"), std::string::npos) << twice.err;
  const CliResult missing = Run({"compare", "store:baseline", "store:nightly"});
  EXPECT_EQ(missing.exit_status, 2);
  EXPECT_NE(missing.err.find("no run 'nightly'"), std::string::npos) << missing.err;
}

// A trend over several hosts: one series per host (a table each, a line each with a legend),
// steps searched in each host's runs alone. lab-a runs every day and gets 10% slower from day
// 5; lab-b, 30% slower than lab-a, joins on day 4 and does not change. SHA-256 is flat on each
// host, lab-b's 20% lower: a change of machine, not a step in time.
// Runs of one day, seconds apart: the trend's x labels are times to the second (minutes would
// read alike), without the date, which the axis title gives.
TEST_P(HistoryCliTest, ATrendOfOneDayLabelsItsRunsToTheSecond) {
  for (int run = 0; run < 3; ++run) {
    const fs::path file = dir_ / fmt::format("run{}.json", run);
    std::ofstream(file) << results::RunsToJsonText(
        {GeneratedRun(fmt::format("2026-11-02T09:15:{:02}Z", run * 20), 2e9)});
    const CliResult stored = Run({"store", "import", file.string(), "--hostname", "lab"});
    ASSERT_EQ(stored.exit_status, 0) << stored.err;
  }
  const CliResult page = Run({"history", "trend", "aes-128-gcm", "--format", "html"});
  ASSERT_EQ(page.exit_status, 0) << page.err;
  EXPECT_NE(page.out.find(">measured (UTC) on 2026-11-02</text>"), std::string::npos) << page.out;
  for (const char* label : {">09:15:00<", ">09:15:20<", ">09:15:40<"}) {
    EXPECT_NE(page.out.find(label), std::string::npos) << label;
  }
  EXPECT_EQ(page.out.find(">2026-11-02 09:15<"), std::string::npos);
}

TEST_P(HistoryCliTest, ATrendOverSeveralHostsHasASeriesAndAStepSearchPerHost) {
  for (int day = 1; day <= 7; ++day) {
    for (int run = 0; run < 4; ++run) {
      const bool b = run % 2 == 1;
      if (b && day < 4) {
        continue;
      }
      const double drift = 1 + ((day * 4 + run) % 7 - 3) * 0.004;  // +-1.2% run to run
      const double aes = b ? 1.4e9 * drift : 2e9 * drift * (day >= 5 ? 0.9 : 1.0);
      const fs::path file = dir_ / fmt::format("day{}-{}.json", day, run);
      std::ofstream(file) << results::RunsToJsonText({GeneratedRun(
          fmt::format("2026-11-0{}T{:02}:00:00Z", day, run * 6), aes, (b ? 0.8e9 : 1e9) * drift)});
      const CliResult stored =
          Run({"store", "import", file.string(), "--hostname", b ? "lab-b" : "lab-a"});
      ASSERT_EQ(stored.exit_status, 0) << stored.err;
    }
  }
  const CliResult aes = Run({"history", "trend", "aes-128-gcm"});
  ASSERT_EQ(aes.exit_status, 0) << aes.err;
  size_t marks = 0;
  for (size_t at = 0; (at = aes.out.find("<- step", at)) != std::string::npos; ++at) {
    ++marks;
  }
  EXPECT_EQ(marks, 1u) << aes.out;
  EXPECT_NE(aes.out.find("from 2 hosts"), std::string::npos) << aes.out;
  const size_t a_table = aes.out.find("\nhost lab-a (Generated CPU): 14 runs\n");
  const size_t b_table = aes.out.find("\nhost lab-b (Generated CPU): 8 runs\n");
  ASSERT_NE(a_table, std::string::npos) << aes.out;
  ASSERT_NE(b_table, std::string::npos) << aes.out;
  EXPECT_LT(aes.out.find("<- step"), b_table) << aes.out;  // the step is in lab-a's table
  EXPECT_NE(aes.out.find("host lab-a: from run 11 (2026-11-05T00:00:00Z): "), std::string::npos)
      << aes.out;
  EXPECT_NE(aes.out.find("host lab-b: No step."), std::string::npos) << aes.out;

  const CliResult sha = Run({"history", "trend", "SHA-256", "--format", "json"});
  ASSERT_EQ(sha.exit_status, 0) << sha.err;
  const nlohmann::json trend = ParseJson(sha);
  EXPECT_EQ(trend.at("points").size(), 22u);
  ASSERT_EQ(trend.at("hosts").size(), 2u);
  EXPECT_EQ(trend.at("hosts").at(0).at("hostname"), "lab-a");
  EXPECT_EQ(trend.at("hosts").at(1).at("runs"), 8);
  EXPECT_TRUE(trend.at("steps").empty()) << sha.out;
  const CliResult aes_json = Run({"history", "trend", "aes-128-gcm", "--format", "json"});
  ASSERT_EQ(aes_json.exit_status, 0) << aes_json.err;
  const nlohmann::json steps = ParseJson(aes_json).at("steps");
  ASSERT_EQ(steps.size(), 1u) << aes_json.out;
  EXPECT_EQ(steps.at(0).at("hostname"), "lab-a");
  EXPECT_EQ(steps.at(0).at("created_utc"), "2026-11-05T00:00:00Z");
  // One host alone is the same series: --host narrows the trend to it.
  const CliResult only_b = Run({"history", "trend", "aes-128-gcm", "--host", "lab-b"});
  ASSERT_EQ(only_b.exit_status, 0) << only_b.err;
  EXPECT_EQ(only_b.out.find("host lab-b"), std::string::npos) << only_b.out;
  EXPECT_NE(only_b.out.find("No step."), std::string::npos) << only_b.out;

  // The chart: a line per host, named in the legend, the one step marked; the y axis over the
  // figures, saying where it starts.
  const CliResult html = Run({"history", "trend", "aes-128-gcm", "--format", "html"});
  ASSERT_EQ(html.exit_status, 0) << html.err;
  size_t lines = 0;
  for (size_t at = 0; (at = html.out.find("<polyline class=\"line\"", at)) != std::string::npos;
       ++at) {
    ++lines;
  }
  EXPECT_EQ(lines, 2u);
  EXPECT_NE(html.out.find(">lab-a</text></g>"), std::string::npos) << html.out;
  EXPECT_NE(html.out.find(">lab-b</text></g>"), std::string::npos) << html.out;
  size_t chart_marks = 0;
  for (size_t at = 0; (at = html.out.find("<g class=\"mark\">", at)) != std::string::npos; ++at) {
    ++chart_marks;
  }
  EXPECT_EQ(chart_marks, 1u);
  EXPECT_NE(html.out.find("lab-a: step: "), std::string::npos);
  EXPECT_NE(html.out.find(", axis from "), std::string::npos);
  EXPECT_NE(html.out.find(", not 0</text>"), std::string::npos);
}

TEST_P(HistoryCliTest, ASavedSpeedRunIsListedAndShown) {
  std::vector<std::string> args = {"speed", "sha256", "--bytes", "1024", "--save", "--name", "ci"};
  const std::vector<std::string> quick = QuickSpeedArgs();
  args.insert(args.end(), quick.begin(), quick.end());
  const CliResult speed = Run(args);
  ASSERT_EQ(speed.exit_status, 0) << speed.err;
  EXPECT_NE(speed.err.find("saved run 1 to "), std::string::npos) << speed.err;
  const CliResult shown = Run({"history", "show", "ci", "--format", "json"});
  ASSERT_EQ(shown.exit_status, 0) << shown.err;
  EXPECT_EQ(ParseJson(shown).at("algorithms").at(0).at("algorithm"), "SHA-256");
  const CliResult last = Run({"history", "show", "last"});
  EXPECT_EQ(last.exit_status, 0) << last.err;
  EXPECT_NE(last.out.find("SHA-256"), std::string::npos) << last.out;
  const CliResult csv = Run({"history", "--format", "csv", "--algorithm", "sha256"});
  EXPECT_EQ(csv.exit_status, 0) << csv.err;
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 2) << csv.out;
  // Repeated --output, as speed's: each file in its extension's format, the table on the
  // terminal; two naming one file are refused (exit 2).
  const CliResult outputs = Run({"history", "show", "last", "-o", (dir_ / "show.json").string(),
                                 "-o", (dir_ / "show.md").string()});
  ASSERT_EQ(outputs.exit_status, 0) << outputs.err;
  EXPECT_NE(outputs.out.find("SHA-256"), std::string::npos) << outputs.out;
  {
    std::ifstream json_file(dir_ / "show.json");
    EXPECT_EQ(nlohmann::json::parse(json_file).at("algorithms").at(0).at("algorithm"), "SHA-256");
  }
  EXPECT_TRUE(fs::exists(dir_ / "show.md"));
  const CliResult list_files = Run({"history", "-o", (dir_ / "list.csv").string()});
  ASSERT_EQ(list_files.exit_status, 0) << list_files.err;
  EXPECT_NE(list_files.out.find("run"), std::string::npos) << list_files.out;
  {
    std::ifstream csv_file(dir_ / "list.csv");
    std::string header;
    std::getline(csv_file, header);
    EXPECT_EQ(header.rfind("id,", 0), 0u) << header;
  }
  const CliResult twice =
      Run({"history", "-o", (dir_ / "x.csv").string(), "-o", (dir_ / "." / "x.csv").string()});
  EXPECT_EQ(twice.exit_status, 2) << twice.err;
  EXPECT_FALSE(fs::exists(dir_ / "x.csv"));
  const CliResult filtered = Run({"history", "show", "last", "--host", "x"});
  EXPECT_EQ(filtered.exit_status, 2);
  EXPECT_NE(filtered.err.find("--host selects runs to list and does not apply"), std::string::npos)
      << filtered.err;

  // The same result file stored twice is one run; a host that is unknown is an empty CSV field.
  const fs::path file = dir_ / "ci.json";
  std::ofstream(file) << shown.out;
  const CliResult imported = Run({"store", "import", file.string()});
  ASSERT_EQ(imported.exit_status, 0) << imported.err;
  EXPECT_NE(imported.err.find("saved run 2 to "), std::string::npos) << imported.err;
  const CliResult again = Run({"store", "import", file.string()});
  ASSERT_EQ(again.exit_status, 0) << again.err;
  EXPECT_NE(again.err.find("already stored as run 2 in "), std::string::npos) << again.err;
  const CliResult all = Run({"history", "--format", "csv"});
  ASSERT_EQ(all.exit_status, 0) << all.err;
  EXPECT_EQ(std::count(all.out.begin(), all.out.end(), '\n'), 3) << all.out;
  EXPECT_NE(all.out.find(",speed,,"), std::string::npos) << all.out;  // run 2: no host
}

// A run imported without --hostname has no host, so store:last (this host's newest) finds none:
// the error names the newest stored run instead of leaving the user to guess. A partial run is
// refused, as speed --save refuses one.
TEST_P(HistoryCliTest, StoreImportOfAnUnknownHostAndOfAPartialRun) {
  const fs::path whole = dir_ / "whole.json";
  std::ofstream(whole) << results::RunsToJsonText({GeneratedRun("2026-11-01T10:00:00Z", 2e9)});
  const CliResult imported = Run({"store", "import", whole.string()});
  ASSERT_EQ(imported.exit_status, 0) << imported.err;
  const CliResult last = Run({"history", "show", "last"});
  EXPECT_EQ(last.exit_status, 2);
  EXPECT_NE(last.err.find("no run of this host"), std::string::npos) << last.err;
  EXPECT_NE(last.err.find("the newest stored run is store:1;"), std::string::npos) << last.err;
  EXPECT_EQ(Run({"history", "show", "1"}).exit_status, 0);

  results::RunResult cut = GeneratedRun("2026-11-02T10:00:00Z", 2e9);
  cut.interrupted_by = "SIGINT";
  const fs::path partial = dir_ / "partial.json";
  std::ofstream(partial) << results::RunsToJsonText({cut});
  const CliResult refused = Run({"store", "import", partial.string()});
  EXPECT_EQ(refused.exit_status, 2);
  EXPECT_NE(refused.err.find("a partial run (interrupted by SIGINT)"), std::string::npos)
      << refused.err;
  EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
  const CliResult listed = Run({"history", "--format", "csv"});
  ASSERT_EQ(listed.exit_status, 0) << listed.err;
  EXPECT_EQ(std::count(listed.out.begin(), listed.out.end(), '\n'), 2) << listed.out;  // run 1
}

// doctor, compare and tls --save: each one run of its command, listed with its kind and this
// host's identity, shown as its document, and never taken as a side of compare.
TEST_P(HistoryCliTest, DoctorCompareAndTlsRunsAreSavedButNotCompared) {
  const fs::path a = dir_ / "a.json";
  const fs::path b = dir_ / "b.json";
  std::ofstream(a) << results::RunsToJsonText({GeneratedRun("2026-11-01T10:00:00Z", 2e9)});
  std::ofstream(b) << results::RunsToJsonText({GeneratedRun("2026-11-02T10:00:00Z", 1.5e9)});
  const CliResult compared = Run({"compare", a.string(), b.string(), "--save", "--name", "cmp"});
  ASSERT_EQ(compared.exit_status, 0) << compared.err;
  EXPECT_NE(compared.err.find("saved compare run 1 to "), std::string::npos) << compared.err;
  const CliResult doctor = Run(
      {"doctor", "SHA-256", "--bytes", "1024", "--max-seconds", "0.01", "--no-progress", "--save"});
  ASSERT_LE(doctor.exit_status, 1) << doctor.err;  // 1: a verdict found a problem
  EXPECT_NE(doctor.err.find("saved doctor run 2 to "), std::string::npos) << doctor.err;
  const CliResult tls = Run({"tls", "--no-handshakes", "--no-tcp", "--no-aead-ceiling",
                             "--transfer-bytes", "1M", "--max-seconds", "0.1", "--ktls", "off",
                             "--suites", "TLS_AES_128_GCM_SHA256", "--no-progress", "--save"});
  ASSERT_LE(tls.exit_status, 1) << tls.err;
  EXPECT_NE(tls.err.find("saved tls run 3 to "), std::string::npos) << tls.err;
  std::vector<std::string> speed_args = {"speed", "sha256", "--bytes", "1024", "--save"};
  const std::vector<std::string> quick = QuickSpeedArgs();
  speed_args.insert(speed_args.end(), quick.begin(), quick.end());
  const CliResult speed = Run(speed_args);
  ASSERT_EQ(speed.exit_status, 0) << speed.err;

  const CliResult listed = Run({"history", "--format", "json"});
  ASSERT_EQ(listed.exit_status, 0) << listed.err;
  const nlohmann::json runs = ParseJson(listed).at("runs");
  ASSERT_EQ(runs.size(), 4u);
  EXPECT_EQ(runs[3].at("kind"), "compare");
  EXPECT_EQ(runs[3].at("cells"), 0);
  EXPECT_EQ(runs[3].at("library"), "A: OpenSSL 3.0.19 27 Jan 2026; B: OpenSSL 3.0.19 27 Jan 2026");
  EXPECT_EQ(runs[3].at("file_sha256"), "");  // file sides: their files are not this machine's
  for (const nlohmann::json& run : runs) {
    EXPECT_EQ(run.at("hostname"), store::LocalHostname());
    EXPECT_FALSE(run.at("virtualization").get<std::string>().empty()) << run;
  }
  for (size_t i : {0, 1, 2}) {  // speed, tls, doctor: the library file loaded here, hashed
    EXPECT_EQ(runs[i].at("file_sha256").get<std::string>().size(), 64u) << runs[i];
  }
  EXPECT_EQ(runs[1].at("kind"), "tls");
  EXPECT_EQ(runs[2].at("kind"), "doctor");
  const CliResult shown = Run({"history", "show", "cmp", "--format", "json"});
  ASSERT_EQ(shown.exit_status, 0) << shown.err;
  EXPECT_EQ(ParseJson(shown).at("kind"), "compare");
  const CliResult text = Run({"history", "show", "2"});
  ASSERT_EQ(text.exit_status, 0) << text.err;
  EXPECT_NE(text.out.find("run 2: a doctor run of OpenSSL"), std::string::npos) << text.out;
  // HTML: doctor's page, drawn from the stored document; CSV still refused in one line.
  const CliResult html = Run({"history", "show", "2", "--format", "html"});
  ASSERT_EQ(html.exit_status, 0) << html.err;
  EXPECT_EQ(html.out.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.out.find("<h1>cryptobench doctor: OpenSSL"), std::string::npos);
  const CliResult csv = Run({"history", "show", "2", "--format", "csv"});
  EXPECT_EQ(csv.exit_status, 2);
  EXPECT_NE(csv.err.find("--format csv: run 2 is a doctor run, kept as its JSON document"),
            std::string::npos)
      << csv.err;

  // store:last is the speed run, never a later doctor, compare or tls run; naming one is
  // refused in one line.
  const CliResult side = Run({"compare", "store:cmp", "store:last"});
  EXPECT_EQ(side.exit_status, 2);
  EXPECT_NE(side.err.find("store:cmp is run 1, a compare run, which holds no cells"),
            std::string::npos)
      << side.err;
  const CliResult by_id = Run({"compare", "store:2", "store:last"});
  EXPECT_EQ(by_id.exit_status, 2);
  EXPECT_NE(by_id.err.find("run 2 is a doctor run: it holds no cells to compare"),
            std::string::npos)
      << by_id.err;
  const CliResult from = Run({"doctor", "--from", a.string(), "--save"});
  EXPECT_EQ(from.exit_status, 2);
  EXPECT_NE(from.err.find("--save cannot be used with --from"), std::string::npos) << from.err;
}

// store import keeps saved doctor, compare and tls results as the runs --save makes; a JSON
// document of a kind it does not know is one line, exit 2, and nothing of any file is stored.
TEST_P(HistoryCliTest, StoreImportTakesDoctorCompareAndTlsResults) {
  const fs::path a = dir_ / "a.json";
  const fs::path b = dir_ / "b.json";
  std::ofstream(a) << results::RunsToJsonText({GeneratedRun("2026-11-01T10:00:00Z", 2e9)});
  std::ofstream(b) << results::RunsToJsonText({GeneratedRun("2026-11-02T10:00:00Z", 1.5e9)});
  const fs::path compared = dir_ / "compared.json";
  const fs::path doctored = dir_ / "doctor.json";
  const fs::path tls = dir_ / "tls.json";
  ASSERT_EQ(
      RunCryptobench({"compare", a.string(), b.string(), "-o", compared.string()}).exit_status, 0);
  const CliResult doctor = RunCryptobench({"doctor", "SHA-256", "--bytes", "1024", "--max-seconds",
                                           "0.01", "--no-progress", "-o", doctored.string()});
  ASSERT_LE(doctor.exit_status, 1) << doctor.err;
  const CliResult tls_run = RunCryptobench(
      {"tls", "--no-handshakes", "--no-tcp", "--no-aead-ceiling", "--transfer-bytes", "1M",
       "--max-seconds", "0.1", "--ktls", "off", "--suites", "TLS_AES_128_GCM_SHA256",
       "--no-progress", "--format", "json", "-o", tls.string()});
  ASSERT_LE(tls_run.exit_status, 1) << tls_run.err;

  // Unknown kinds, a compare --tls report and a damaged doctor report: refused before anything
  // is stored, even with good files beside them.
  const fs::path unknown = dir_ / "unknown.json";
  std::ofstream(unknown) << R"({"schema_version": 1, "kind": "flamegraph", "frames": []})";
  const fs::path pair = dir_ / "pair.json";  // compare --tls before it recorded its time
  std::ofstream(pair) << R"({"schema_version": 1, "kind": "compare_tls", "sides": []})";
  const fs::path damaged = dir_ / "damaged.json";
  std::ofstream(damaged) << R"({"schema_version": 1, "kind": "doctor", "created_utc": "soon"})";
  for (const auto& [bad, expected] :
       {std::pair{unknown,
                  "a JSON document of kind 'flamegraph', which store import does not "
                  "know"},
        std::pair{pair, "created_utc: missing"},
        std::pair{damaged, "created_utc: expected a UTC time"}}) {
    const CliResult r = Run({"store", "import", compared.string(), bad.string()});
    EXPECT_EQ(r.exit_status, 2) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
  }
  const CliResult none = Run({"history", "--format", "json"});
  // A store that was never written to may not exist yet (SQLite): nothing stored either way.
  if (none.exit_status == 0) {
    EXPECT_TRUE(ParseJson(none).at("runs").empty()) << none.out;
  }

  const CliResult stored = Run({"store", "import", compared.string(), doctored.string(),
                                tls.string(), a.string(), "--hostname", "lab-7"});
  ASSERT_EQ(stored.exit_status, 0) << stored.err;
  EXPECT_NE(stored.err.find("saved compare run 1 to "), std::string::npos) << stored.err;
  EXPECT_NE(stored.err.find("saved doctor run 2 to "), std::string::npos) << stored.err;
  EXPECT_NE(stored.err.find("saved tls run 3 to "), std::string::npos) << stored.err;
  EXPECT_NE(stored.err.find("saved run 4 to "), std::string::npos) << stored.err;
  const CliResult listed = Run({"history", "--format", "json"});
  ASSERT_EQ(listed.exit_status, 0) << listed.err;
  const nlohmann::json runs = ParseJson(listed).at("runs");
  ASSERT_EQ(runs.size(), 4u) << listed.out;
  std::map<std::string, nlohmann::json> by_kind;
  for (const nlohmann::json& run : runs) {
    EXPECT_EQ(run.at("hostname"), "lab-7");
    EXPECT_EQ(run.at("file_sha256"), "");  // made elsewhere (or earlier): not hashed
    by_kind[run.at("kind").get<std::string>()] = run;
  }
  ASSERT_EQ(by_kind.size(), 4u) << listed.out;
  EXPECT_EQ(by_kind.at("compare").at("library"),
            "A: OpenSSL 3.0.19 27 Jan 2026; B: OpenSSL 3.0.19 27 Jan 2026");
  EXPECT_EQ(by_kind.at("compare").at("created_utc"),
            nlohmann::json::parse(ReadTestFile(compared.string())).at("created_utc"));
  EXPECT_EQ(by_kind.at("doctor").at("cells"), 0);
  EXPECT_NE(by_kind.at("doctor").at("library").get<std::string>().find("OpenSSL"),
            std::string::npos);
  EXPECT_EQ(by_kind.at("speed").at("cells"), 2);
  // Each is shown as the document it was saved as.
  for (const auto& [id, kind] :
       {std::pair{"1", "compare"}, std::pair{"2", "doctor"}, std::pair{"3", "tls"}}) {
    const CliResult shown = Run({"history", "show", id, "--format", "json"});
    ASSERT_EQ(shown.exit_status, 0) << shown.err;
    EXPECT_EQ(ParseJson(shown).at("kind"), kind);
  }
}

// compare --tls --save keeps the comparison of tls results as a compare_tls run of its sides'
// libraries; store import keeps the JSON compare --tls wrote the same way.
TEST_P(HistoryCliTest, ACompareOfTlsResultsIsSavedAndImported) {
  std::vector<fs::path> results;
  for (const char* name : {"a.json", "b.json"}) {
    results.push_back(dir_ / name);
    const CliResult tls = RunCryptobench(
        {"tls", "--no-handshakes", "--no-tcp", "--no-aead-ceiling", "--transfer-bytes", "1M",
         "--max-seconds", "0.1", "--ktls", "off", "--suites", "TLS_AES_128_GCM_SHA256",
         "--no-progress", "--format", "json", "-o", results.back().string()});
    ASSERT_LE(tls.exit_status, 1) << tls.err;
  }
  const fs::path written = dir_ / "pair.json";
  const CliResult compared = Run({"compare", results[0].string(), results[1].string(), "--save",
                                  "--name", "tlspair", "-o", written.string()});
  ASSERT_LE(compared.exit_status, 1) << compared.err;  // 1: a cell failed (a loaded runner)
  EXPECT_NE(compared.err.find("saved compare_tls run 1 to "), std::string::npos) << compared.err;
  const nlohmann::json doc = nlohmann::json::parse(ReadTestFile(written.string()));
  EXPECT_EQ(doc.at("kind"), "compare_tls");
  EXPECT_EQ(doc.at("sides").at(0).at("library_path").get<std::string>().empty(), false) << doc;
  const CliResult imported =
      Run({"store", "import", written.string(), "--hostname", "lab-7", "--name", "imp"});
  ASSERT_EQ(imported.exit_status, 0) << imported.err;
  EXPECT_NE(imported.err.find("saved compare_tls run 2 to "), std::string::npos) << imported.err;
  // The same file again (under another spelling): not stored twice.
  const CliResult again = Run({"store", "import", (dir_ / "." / "pair.json").string(), "--hostname",
                               "lab-7", "--name", "imp"});
  ASSERT_EQ(again.exit_status, 0) << again.err;
  EXPECT_NE(again.err.find("already stored as run 2 in "), std::string::npos) << again.err;

  const CliResult listed = Run({"history", "--format", "json"});
  ASSERT_EQ(listed.exit_status, 0) << listed.err;
  const nlohmann::json runs = ParseJson(listed).at("runs");
  ASSERT_EQ(runs.size(), 2u) << listed.out;
  for (const nlohmann::json& run : runs) {
    EXPECT_EQ(run.at("kind"), "compare_tls") << run;
    EXPECT_EQ(run.at("cells"), 0) << run;
    EXPECT_NE(run.at("library").get<std::string>().find("A: OpenSSL"), std::string::npos) << run;
    EXPECT_NE(run.at("library").get<std::string>().find("; B: OpenSSL"), std::string::npos) << run;
    EXPECT_EQ(run.at("created_utc"), doc.at("created_utc")) << run;
  }
  EXPECT_EQ(runs[0].at("hostname"), "lab-7");
  EXPECT_EQ(runs[1].at("hostname"), store::LocalHostname());
  for (const char* selector : {"tlspair", "imp"}) {
    const CliResult shown = Run({"history", "show", selector, "--format", "json"});
    ASSERT_EQ(shown.exit_status, 0) << shown.err;
    EXPECT_EQ(ParseJson(shown), doc) << shown.out;  // the document as compare --tls wrote it
  }
  const CliResult html = Run({"history", "show", "1", "--format", "html"});
  EXPECT_EQ(html.exit_status, 2);
  EXPECT_NE(html.err.find("run 1 is a compare_tls run, kept as its JSON document"),
            std::string::npos)
      << html.err;
  const CliResult side = Run({"compare", "store:1", results[0].string()});
  EXPECT_EQ(side.exit_status, 2);
  const CliResult tls_side = Run({"compare", "--tls", "store:1", results[0].string()});
  EXPECT_EQ(tls_side.exit_status, 2);
  EXPECT_NE(tls_side.err.find("store:1: compare --tls compares tls result files and live builds"),
            std::string::npos)
      << tls_side.err;
}

INSTANTIATE_TEST_SUITE_P(Backends, HistoryCliTest, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& test) { return test.param; });

// Failed authentication on PostgreSQL: the password comes from PGPASSFILE (never the command
// line); a wrong one is one line, exit 2, that does not repeat it, and the right one connects.
// scripts/postgres-throwaway.sh makes the role cryptobench_pw (password throwaway-password)
// and its database.
TEST(HistoryPostgresTest, AWrongPasswordIsOneLine) {
  const char* given = std::getenv("CRYPTOBENCH_TEST_POSTGRES");
  if (given == nullptr || given[0] == '\0') {
    GTEST_SKIP() << "CRYPTOBENCH_TEST_POSTGRES is not set (.ci/run sets it)";
  }
  std::string uri = given;
  for (const auto& [from, to] :
       {std::pair{std::string("/cryptobench?"), "/cryptobench_pw?"},
        std::pair{std::string("user=cryptobench"), "user=cryptobench_pw"}}) {
    const size_t at = uri.find(from);
    ASSERT_NE(at, std::string::npos) << uri;
    uri.replace(at, from.size(), to);
  }
  const fs::path dir =
      fs::temp_directory_path() / fmt::format("cryptobench_history_pgpass_{}", getpid());
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path result = dir / "a.json";
  std::ofstream(result) << results::RunsToJsonText({GeneratedRun("2026-11-01T10:00:00Z", 2e9)});
  // libpq reads a password file only when no one else may (mode 0600).
  const auto passfile = [&dir](const std::string& password) {
    const fs::path path = dir / "pgpass";
    std::ofstream(path) << "*:*:*:cryptobench_pw:" << password << "\n";
    fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
    return "PGPASSFILE=" + path.string();
  };
  const CliResult wrong = RunCryptobenchWithEnv(
      {passfile("not-the-password")}, {"store", "import", result.string(), "--store", uri});
  EXPECT_EQ(wrong.exit_status, 2) << wrong.err;
  EXPECT_EQ(std::count(wrong.err.begin(), wrong.err.end(), '\n'), 1) << wrong.err;
  EXPECT_NE(wrong.err.find("password authentication failed"), std::string::npos) << wrong.err;
  EXPECT_EQ(wrong.err.find("not-the-password"), std::string::npos) << wrong.err;
  const CliResult right = RunCryptobenchWithEnv(
      {passfile("throwaway-password")}, {"store", "import", result.string(), "--store", uri});
  EXPECT_EQ(right.exit_status, 0) << right.err;
  // The same password in the URI, where `ps` shows it: refused before connecting.
  const CliResult in_uri =
      RunCryptobench({"history", "--store",
                      "postgresql://cryptobench_pw:throwaway-password@localhost/cryptobench_pw"});
  EXPECT_EQ(in_uri.exit_status, 2);
  EXPECT_NE(in_uri.err.find("put it in PGPASSFILE"), std::string::npos) << in_uri.err;
  EXPECT_EQ(in_uri.err.find("throwaway-password"), std::string::npos) << in_uri.err;
  fs::remove_all(dir);
}

fs::path dir_no_store() {
  return fs::temp_directory_path() / fmt::format("cryptobench_history_no_store_{}", getpid());
}

// A store that cannot be used stops the command in one line, exit 2, before any measuring;
// reading a store that does not exist does not create it.
TEST(HistoryCliErrorsTest, UnusableStoresAreOneLine) {
  // Unique per process: several checkouts may run ctest at once.
  const fs::path text =
      fs::temp_directory_path() / fmt::format("cryptobench_history_not_a_db_{}.txt", getpid());
  std::ofstream(text) << std::string(8192, 'x');
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"history", "--store", text.string()},
        {"speed", "sha256", "--save", "--store", text.string()},
        {"history", "--store", "postgresql://bench:s3cret@127.0.0.1:1/results"},
        {"history", "--store", "postgresql://bench@127.0.0.1:1/x?connect_timeout=2"},
        {"history", "--since", "yesterday", "--store", text.string()},
        {"speed", "sha256", "--name", "42", "--store", text.string()},
        {"store", "import", text.string(), "--name", "last", "--store", text.string()},
        {"store", "import", "/nonexistent.json", "--store", text.string()},
        {"store"},
        {"history", "--store", (dir_no_store() / "typo.db").string()},
        {"history", "--since", "2026-13-45"},
        {"compare", "store:", "store:1", "--store", text.string()},
        {"doctor", "sha256", "--save", "--store", text.string()},
        {"compare", "a.json", "b.json", "--save", "--store", text.string()},
        {"tls", "--save", "--store", text.string()},
        // --store without --save or --name: the run would be measured and silently not kept.
        {"speed", "sha256", "--store", text.string()},
        {"doctor", "sha256", "--store", text.string()},
        {"tls", "--store", text.string()}}) {
    const CliResult r = RunCryptobench(args);
    EXPECT_EQ(r.exit_status, 2) << args[0] << " " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.find("s3cret"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  fs::remove(text);
  EXPECT_FALSE(fs::exists(dir_no_store() / "typo.db"));

  // A store made by a newer cryptobench: refused in one line, for reading and for saving.
  const fs::path newer =
      fs::temp_directory_path() / fmt::format("cryptobench_history_newer_{}.db", getpid());
  fs::remove(newer);
  store::OpenStore(newer.string());
  store::OpenSqlite(newer.string())
      ->Execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"history", "--store", newer.string()},
        {"speed", "sha256", "--save", "--store", newer.string()}}) {
    const CliResult r = RunCryptobench(args);
    EXPECT_EQ(r.exit_status, 2) << args[0] << " " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("made by a newer cryptobench (store schema 3"), std::string::npos)
        << r.err;
  }
  fs::remove(newer);
}

}  // namespace
}  // namespace cryptobench::testing
