// End-to-end tests of `speed --threads LIST` (issue 14): the sweep's output in every format,
// its usage errors, and a library with a global lock (support/fake_libcrypto.c,
// CRYPTOBENCH_FAKE_LOCK) classified as contention.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "integration/cli_runner.h"

namespace cryptobench::testing {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kFakeLibcrypto = CRYPTOBENCH_FAKE_LIBCRYPTO;

std::vector<std::string> Concat(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

bool HaveFakeLibrary() {
#ifdef CRYPTOBENCH_TEST_ASAN
  return false;  // its dlmopen namespace is not supported by AddressSanitizer (hardening_test)
#else
  return !kFakeLibcrypto.empty() && fs::exists(kFakeLibcrypto);
#endif
}

TEST(ScalingCliTest, ASweepReportsEachWorkerCountInEveryFormat) {
  const std::vector<std::string> base =
      Concat({"speed", "sha256", "--bytes", "1024", "--threads", "1,2"}, QuickSpeedArgs());
  const CliResult j = RunCryptobench(Concat(base, {"--format", "json"}));
  ASSERT_EQ(j.exit_status, 0) << j.err;
  const json doc = ParseJson(j);
  ASSERT_EQ(doc.at("runs").size(), 2u);
  EXPECT_EQ(doc.at("runs")[0].at("method").at("threads"), 1);
  EXPECT_EQ(doc.at("runs")[1].at("method").at("threads"), 2);
  EXPECT_EQ(doc.at("runs")[1].at("algorithms")[0].at("cells")[0].at("workers").size(), 2u);
  const json& points = doc.at("scaling").at("cells")[0].at("points");
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(points[0].at("verdict"), "baseline");
  EXPECT_TRUE(points[1].contains("efficiency")) << points[1].dump();
  EXPECT_TRUE(points[1].contains("cpu_utilization")) << points[1].dump();

  const CliResult table = RunCryptobench(base);
  ASSERT_EQ(table.exit_status, 0) << table.err;
  EXPECT_NE(table.out.find("scaling over 1, 2 workers"), std::string::npos) << table.out;
  const CliResult csv = RunCryptobench(Concat(base, {"--format", "csv"}));
  ASSERT_EQ(csv.exit_status, 0) << csv.err;
  EXPECT_NE(csv.out.find("\nSHA-256,hash,1024,2,ok,"), std::string::npos) << csv.out;
  const CliResult md = RunCryptobench(Concat(base, {"--format", "markdown"}));
  ASSERT_EQ(md.exit_status, 0) << md.err;
  EXPECT_NE(md.out.find("| hash | 1 KiB | 2 |"), std::string::npos) << md.out;
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// What a live sweep printed and wrote is what `cryptobench report` makes of its saved JSON, in
// every format: the scaling section is not lost on the way.
TEST(ScalingCliTest, ReportOfTheSavedSweepIsWhatTheRunWrote) {
  const fs::path dir =
      fs::temp_directory_path() / ("cryptobench_scaling_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const auto path = [&dir](const char* name) { return (dir / name).string(); };
  const CliResult live = RunCryptobench(Concat(
      {"speed", "sha256", "x25519", "--bytes", "64,1024", "--threads", "1,2", "-o",
       path("run.json"), "-o", path("run.md"), "-o", path("run.csv"), "-o", path("run.html")},
      QuickSpeedArgs()));
  ASSERT_EQ(live.exit_status, 0) << live.err;
  EXPECT_NE(live.out.find("scaling over 1, 2 workers"), std::string::npos) << live.out;
  const CliResult table = RunCryptobench({"report", path("run.json")});
  ASSERT_EQ(table.exit_status, 0) << table.err;
  EXPECT_EQ(table.out, live.out);
  for (const char* format : {"md", "csv", "html", "json"}) {
    const CliResult r = RunCryptobench({"report", path("run.json"), "--format",
                                        format == std::string("md") ? "markdown" : format});
    ASSERT_EQ(r.exit_status, 0) << format << ": " << r.err;
    EXPECT_EQ(r.out, ReadFile(dir / (std::string("run.") + format))) << format;
  }
  const std::string html = ReadFile(dir / "run.html");
  EXPECT_NE(html.find("SHA-256: scaling efficiency against workers"), std::string::npos);
  EXPECT_NE(html.find("<svg"), std::string::npos);
  fs::remove_all(dir);
}

TEST(ScalingCliTest, ListsThatCannotBeSweptAreUsageErrors) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"speed", "sha256", "--threads", "2,4"}, "must start at 1"},
      {{"speed", "sha256", "--threads", "1,2", "--format", "openssl"}, "scaling sweep"},
      {{"speed", "sha256", "--threads", "1,2", "--backend", "all"}, "scaling sweep"}};
  for (const auto& [args, why] : cases) {
    const CliResult r = RunCryptobench(args);
    EXPECT_EQ(r.exit_status, 2) << args.back() << ": " << r.err;
    EXPECT_NE(r.err.find(why), std::string::npos) << r.err;
  }
}

// Two workers of a library whose every digest update holds one lock shared by all processes
// while it waits 300 us (as for a device): at most one worker is inside at a time, so
// efficiency is near 0.5, and the waiting worker sleeps in the kernel (flock), so utilisation
// stays low with voluntary switches: "contention (blocking)". The same library without the
// lock scales (or nearly): two workers that sleep most of each operation overlap even on one free
// core, so neither verdict depends on what else loads the machine. (A CPU-bound operation under a
// lock is not tested live: on a machine without a free core for each worker, preemptions then
// hide the lock and the verdict reads "CPU oversubscribed", which is also true.)
TEST(ScalingTimingTest, AGlobalLockIsContentionAndNoLockScales) {
  if (!HaveFakeLibrary()) {
    GTEST_SKIP() << "no fake library in this build (or AddressSanitizer)";
  }
  const std::string lock =
      (fs::temp_directory_path() / ("cryptobench_scaling_lock_" + std::to_string(getpid())))
          .string();
  const auto sweep = [&](const std::vector<std::string>& env) {
    const CliResult r = RunCryptobench(
        Concat({"speed", "sha256", "--bytes", "1024", "--threads", "1,2", "--lib", kFakeLibcrypto,
                "--format", "json", "--max-seconds", "0.3", "--precision", "0.05", "--no-progress",
                "--env", "CRYPTOBENCH_FAKE_SLEEP_US=300"},
               env));
    EXPECT_EQ(r.exit_status, 0) << r.err;
    return ParseJson(r).at("scaling").at("cells")[0].at("points")[1];
  };
  const json locked = sweep({"--env", "CRYPTOBENCH_FAKE_LOCK=" + lock});
  fs::remove(lock);
  EXPECT_EQ(locked.at("verdict"), "contention_blocked") << locked.dump(2);
  EXPECT_LT(locked.at("efficiency").at("value").get<double>(), 0.7) << locked.dump(2);
  EXPECT_LT(locked.at("cpu_utilization").get<double>(), 0.9) << locked.dump(2);

  const json free = sweep({});
  // Near 1, short of it by the gaps between samples (the window counts them, the one-worker
  // median does not) and by sleeps that overshoot: "scales", or "cannot tell" just below 0.9.
  EXPECT_GE(free.at("efficiency").at("value").get<double>(), 0.75) << free.dump(2);
  EXPECT_NE(free.at("verdict"), "contention_blocked") << free.dump(2);
}

}  // namespace
}  // namespace cryptobench::testing
