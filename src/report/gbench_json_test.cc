// --format gbench-json against Google Benchmark itself: every key cryptobench writes is one
// that libbenchmark's JSONReporter writes for the same kind of entry, with the same JSON type,
// and each entry has what tools/compare.py reads (name, run_type, real_time, cpu_time,
// time_unit). The reference is a benchmark built with the system's libbenchmark
// (tests/support/gbench_reference.cc), run with --benchmark_repetitions=2 for its aggregates.
#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "report/report.h"
#include "results/model.h"

namespace cryptobench::report {
namespace {

using nlohmann::json;
using results::Cell;
using results::CellStatus;
using results::RunResult;

Cell Measured(const std::string& operation, uint64_t input_len, int64_t wall_ns) {
  Cell cell;
  cell.operation = operation;
  cell.input_len = input_len;
  results::WorkerSamples worker;
  for (int64_t i = 0; i < 5; ++i) {
    // 1000 calls per sample, wall_ns each with a little spread, CPU time 90% of it.
    const int64_t wall = wall_ns + i * 1000;
    worker.samples.push_back({1000, wall, wall * 9 / 10, wall * 9 / 10, 0, 0});
  }
  worker.precision_reached = true;
  cell.workers.push_back(worker);
  return cell;
}

RunResult ExampleRun() {
  RunResult run;
  run.created_utc = "2026-12-02T20:00:00Z";
  run.source.tool_version = "0.1.0";
  run.machine.online_cpus = 2;
  run.machine.tick_rate_hz = 2.6e9;
  run.library.backend = "openssl";
  run.library.version = "OpenSSL 3.0.19 27 Jan 2026";
  run.method.input_sizes = {64, 1024};
  results::AlgorithmResult aes;
  aes.algorithm = "AES-128-GCM";
  aes.kind = "aead";
  aes.cells.push_back(Measured("encrypt", 64, 100000));
  aes.cells.push_back(Measured("encrypt", 1024, 400000));
  run.algorithms.push_back(aes);
  results::AlgorithmResult rsa;
  rsa.algorithm = "RSA-2048";
  rsa.kind = "signature";
  rsa.cells.push_back(Measured("sign", 32, 500000000));
  Cell failed;
  failed.operation = "verify";
  failed.input_len = 32;
  failed.status = CellStatus::kCrashed;
  failed.message = "worker killed by SIGSEGV";
  rsa.cells.push_back(failed);
  run.algorithms.push_back(rsa);
  results::AlgorithmResult missing;
  missing.algorithm = "SM4-CBC";
  missing.supported = false;
  Cell unsupported;
  unsupported.operation = "encrypt";
  unsupported.input_len = 64;
  unsupported.status = CellStatus::kUnsupported;
  missing.cells.push_back(unsupported);
  run.algorithms.push_back(missing);
  results::DeriveAllFigures(run);
  return run;
}

// "integer" for both signed and unsigned JSON numbers, else the type's name.
std::string TypeOf(const json& value) {
  return value.is_number_integer() ? "integer" : value.type_name();
}

// Key -> type of every key in `objects`.
std::map<std::string, std::string> KeyTypes(const std::vector<const json*>& objects) {
  std::map<std::string, std::string> types;
  for (const json* object : objects) {
    for (const auto& [key, value] : object->items()) {
      types[key] = TypeOf(value);
    }
  }
  return types;
}

json RunReference() {
#ifndef CRYPTOBENCH_GBENCH_REFERENCE
  return json();
#else
  const std::string command = std::string(CRYPTOBENCH_GBENCH_REFERENCE) +
                              " --benchmark_format=json --benchmark_repetitions=2"
                              " --benchmark_min_time=0.01 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) {
    return json();
  }
  std::string text;
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) {
    text.append(buffer, n);
  }
  pclose(pipe);
  return json::parse(text, nullptr, false);
#endif
}

TEST(GbenchJsonTest, KeysAndTypesAreGoogleBenchmarks) {
  const json reference = RunReference();
  if (reference.is_null()) {
    GTEST_SKIP() << "libbenchmark (libbenchmark-dev) was not found at build time";
  }
  ASSERT_FALSE(reference.is_discarded());
  std::vector<const json*> their_iterations;
  std::vector<const json*> their_aggregates;
  for (const json& entry : reference.at("benchmarks")) {
    (entry.at("run_type") == "aggregate" ? their_aggregates : their_iterations).push_back(&entry);
  }
  ASSERT_FALSE(their_iterations.empty());
  ASSERT_FALSE(their_aggregates.empty());
  const auto their_context = KeyTypes({&reference.at("context")});
  const auto their_iteration_keys = KeyTypes(their_iterations);
  const auto their_aggregate_keys = KeyTypes(their_aggregates);

  std::ostringstream out;
  Render(ExampleRun(), Format::kGbenchJson, out);
  const json ours = json::parse(out.str());
  ASSERT_EQ(ours.size(), 2u);
  for (const auto& [key, value] : ours.at("context").items()) {
    if (key.rfind("cryptobench_", 0) == 0) {
      EXPECT_TRUE(value.is_string()) << key;  // custom context: strings, as AddCustomContext's
      continue;
    }
    ASSERT_EQ(their_context.count(key), 1u) << "context." << key << " is not Google Benchmark's";
    EXPECT_EQ(TypeOf(value), their_context.at(key)) << "context." << key;
  }
  size_t iterations = 0;
  size_t aggregates = 0;
  for (const json& entry : ours.at("benchmarks")) {
    const bool aggregate = entry.at("run_type") == "aggregate";
    (aggregate ? aggregates : iterations) += 1;
    const auto& theirs = aggregate ? their_aggregate_keys : their_iteration_keys;
    for (const auto& [key, value] : entry.items()) {
      ASSERT_EQ(theirs.count(key), 1u) << entry.at("name") << ": " << key;
      EXPECT_EQ(TypeOf(value), theirs.at(key)) << entry.at("name") << ": " << key;
    }
    // What tools/compare.py reads of every entry.
    for (const char* key : {"name", "run_name", "run_type", "real_time", "cpu_time", "time_unit"}) {
      EXPECT_TRUE(entry.contains(key)) << entry.dump();
    }
  }
  // 3 measured cells x 5 samples, one failed cell; 3 x 4 aggregates; SM4 (unsupported) not.
  EXPECT_EQ(iterations, 16u);
  EXPECT_EQ(aggregates, 12u);
  EXPECT_EQ(out.str().find("SM4"), std::string::npos);
}

TEST(GbenchJsonTest, TheMedianAggregateCarriesTheMedianCpuTimeNotTheMean) {
  RunResult run = ExampleRun();
  // One sample with ten times the CPU time: the mean moves, the median does not.
  measure::Sample& odd = run.algorithms[0].cells[0].workers[0].samples[4];
  odd.cpu_ns *= 10;
  results::DeriveAllFigures(run);
  std::ostringstream out;
  Render(run, Format::kGbenchJson, out);
  const json doc = json::parse(out.str());
  std::vector<double> iteration_cpu;
  double median_cpu = -1;
  double mean_cpu = -1;
  for (const json& entry : doc.at("benchmarks")) {
    if (entry.at("name") == "AES-128-GCM/encrypt/64") {
      iteration_cpu.push_back(entry.at("cpu_time").get<double>());
    } else if (entry.at("name") == "AES-128-GCM/encrypt/64_median") {
      median_cpu = entry.at("cpu_time").get<double>();
    } else if (entry.at("name") == "AES-128-GCM/encrypt/64_mean") {
      mean_cpu = entry.at("cpu_time").get<double>();
    }
  }
  ASSERT_EQ(iteration_cpu.size(), 5u);
  std::sort(iteration_cpu.begin(), iteration_cpu.end());
  EXPECT_DOUBLE_EQ(median_cpu, iteration_cpu[2]);
  EXPECT_GT(mean_cpu, median_cpu * 1.5) << "the odd sample should pull the mean up";
}

TEST(GbenchJsonTest, FiguresAreCryptobenchs) {
  const RunResult run = ExampleRun();
  std::ostringstream out;
  Render(run, Format::kGbenchJson, out);
  const json doc = json::parse(out.str());
  EXPECT_EQ(doc.at("context").at("date"), "2026-12-02T20:00:00Z");
  EXPECT_EQ(doc.at("context").at("num_cpus"), 2);
  EXPECT_EQ(doc.at("context").at("mhz_per_cpu"), 2600);
  const json& first = doc.at("benchmarks").at(0);
  EXPECT_EQ(first.at("name"), "AES-128-GCM/encrypt/64");
  EXPECT_EQ(first.at("repetitions"), 5);
  EXPECT_EQ(first.at("iterations"), 1000);
  EXPECT_DOUBLE_EQ(first.at("real_time").get<double>(), 100.0);  // 100000 ns / 1000 calls
  EXPECT_DOUBLE_EQ(first.at("cpu_time").get<double>(), 90.0);
  EXPECT_DOUBLE_EQ(first.at("items_per_second").get<double>(), 1e7);
  EXPECT_DOUBLE_EQ(first.at("bytes_per_second").get<double>(), 64e7);
  bool found_median = false;
  for (const json& entry : doc.at("benchmarks")) {
    if (entry.at("name") == "AES-128-GCM/encrypt/64_median") {
      found_median = true;
      const results::CellFigures& figures = *run.algorithms[0].cells[0].figures;
      EXPECT_EQ(entry.at("aggregate_name"), "median");
      EXPECT_EQ(entry.at("run_name"), "AES-128-GCM/encrypt/64");
      EXPECT_DOUBLE_EQ(entry.at("items_per_second").get<double>(), figures.ops_per_s.value);
      EXPECT_DOUBLE_EQ(entry.at("real_time").get<double>(), figures.wall_ns_per_op);
    }
    if (entry.at("name") == "RSA-2048/verify") {
      EXPECT_EQ(entry.at("error_occurred"), true);
      EXPECT_EQ(entry.at("error_message"), "crashed: worker killed by SIGSEGV");
    }
    if (entry.at("name") == "RSA-2048/sign") {
      EXPECT_FALSE(entry.contains("bytes_per_second"));  // public key: calls, not bytes
    }
  }
  EXPECT_TRUE(found_median);
  // Several backends: the backend names the benchmark.
  RunResult other = run;
  other.library.backend = "sodium";
  std::ostringstream both;
  RenderBackends({run, other}, Format::kGbenchJson, both);
  EXPECT_NE(both.str().find("\"sodium/AES-128-GCM/encrypt/64\""), std::string::npos);
  // A partial run says so in its custom context.
  RunResult partial = run;
  partial.interrupted_by = "SIGINT";
  std::ostringstream cut;
  Render(partial, Format::kGbenchJson, cut);
  EXPECT_EQ(json::parse(cut.str()).at("context").at("cryptobench_partial"),
            "interrupted by SIGINT");
}

}  // namespace
}  // namespace cryptobench::report
