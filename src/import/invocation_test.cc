// How a pasted openssl speed run was invoked (results::Invocation): read from the command line
// and from speed's own output, kept through a JSON round trip, and the -multi fact kept when a
// bare version line stands between the children's lines and the results table.
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "results/json.h"

#include "import/import.h"
#include "import/import_test_util.h"

namespace cryptobench::import {
namespace {

// Two -multi children's records (apps/speed.c do_multi echoes each as "Got: ... from N").
constexpr const char* kChildren =
    "Forked child 0\nForked child 1\nGot: +H:16 from 0\nGot: +F:22:sha1:100.00 from 0\n"
    "Got: +H:16 from 1\nGot: +F:22:sha1:110.00 from 1\n";

results::RunResult ReadBack(const results::RunResult& run) {
  return results::FromJson(nlohmann::json::parse(results::ToJson(run).dump()));
}

TEST(InvocationTest, CommandLineFactsAreKeptThroughJson) {
  const auto runs = ImportText(
      std::string("$ time taskset -c 0-3 openssl speed -seconds 1 -elapsed -multi 2 sha1\n") +
          kChildren,
      "t");
  ASSERT_EQ(runs.size(), 1u);
  const results::Invocation& inv = runs[0].source.invocation;
  EXPECT_EQ(runs[0].source.multi, 2);
  EXPECT_EQ(inv.command_line, 1u);
  EXPECT_EQ(inv.multi_from, "command line");
  EXPECT_EQ(inv.seconds, 1.0);
  EXPECT_EQ(inv.seconds_from, "command line");
  EXPECT_TRUE(inv.elapsed);
  EXPECT_EQ(inv.pinning, "taskset -c 0-3");
  EXPECT_EQ(inv.pinned_cpus, 4);
  EXPECT_TRUE(inv.time_wrapper);
  const results::RunResult read = ReadBack(runs[0]);
  EXPECT_EQ(read.source.invocation, inv);
  EXPECT_EQ(read.source.multi, 2);
  const nlohmann::ordered_json doc = results::ToJson(runs[0]);
  ASSERT_TRUE(doc["source"].contains("invocation"));
  EXPECT_EQ(doc["source"]["invocation"]["pinning"], "taskset -c 0-3");
  EXPECT_EQ(doc["source"]["invocation"]["seconds"], 1.0);
}

TEST(InvocationTest, OutputAloneTellsMultiAndElapsedButNoTimeWrapper) {
  // No command line: -multi from the "Forked child" lines, no pinning, no `time` (the "real"
  // line of a shell's time is not the command line showing it).
  const auto runs = ImportText(std::string(kChildren) + "\nreal\t0m6.012s\nuser\t0m0.001s\n", "t");
  ASSERT_EQ(runs.size(), 1u);
  const results::Invocation& inv = runs[0].source.invocation;
  EXPECT_EQ(runs[0].source.multi, 2);
  EXPECT_EQ(inv.command_line, 0u);
  EXPECT_EQ(inv.multi_from, "Forked child lines");
  EXPECT_FALSE(inv.time_wrapper);
  EXPECT_TRUE(inv.pinning.empty());
  EXPECT_EQ(inv.seconds, 0.0);
}

TEST(InvocationTest, SecondsFromProgressLinesOnlyWhenOffTheDefaults) {
  // speed's defaults: 3 s per symmetric size, 10 s per public-key operation.
  const auto defaults =
      ImportText("Doing sha256 for 3s on 16 size blocks: 300 sha256's in 3.00s\n", "t");
  ASSERT_EQ(defaults.size(), 1u);
  EXPECT_EQ(defaults[0].source.invocation.seconds, 0.0);
  const auto one =
      ImportText("Doing sha256 for 1s on 16 size blocks: 100 sha256's in 1.00s\n", "t");
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].source.invocation.seconds, 1.0);
  EXPECT_EQ(one[0].source.invocation.seconds_from, "progress lines");
}

TEST(InvocationTest, NumactlPinningStopsAtTheNextWrapper) {
  const auto runs =
      ImportText("$ numactl --physcpubind=0,2 nice -n 5 openssl speed -multi 2 sha1\n" +
                     std::string(kChildren),
                 "t");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.invocation.pinning, "numactl --physcpubind=0,2");
  EXPECT_EQ(runs[0].source.invocation.pinned_cpus, 2);
  EXPECT_FALSE(runs[0].source.invocation.time_wrapper);
}

// Tryout 21 #2 (t35): `-async_jobs 72` is kept, through JSON too, and named in a caveat: the
// figures are a throughput with up to 72 operations in flight.
TEST(InvocationTest, AsyncJobsAreKeptAndNamed) {
  const auto runs = ImportText(
      "# openssl speed -engine qatengine -elapsed -async_jobs 72 rsa2048\n"
      "Doing 2048 bits private rsa's for 10s: 412011 2048 bits private RSA's in 10.00s\n",
      "t");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.invocation.async_jobs, 72);
  EXPECT_EQ(ReadBack(runs[0]).source.invocation, runs[0].source.invocation);
  EXPECT_EQ(results::ToJson(runs[0])["source"]["invocation"]["async_jobs"], 72);
  bool named = false;
  for (const std::string& caveat : runs[0].source.caveats) {
    named = named ||
            (caveat.starts_with("-async_jobs 72 (line 1): the figures are throughput "
                                "with up to 72 operations in flight") &&
             caveat.find("not comparable with a run without -async_jobs") != std::string::npos);
  }
  EXPECT_TRUE(named);
}

// Without an engine or provider that pauses jobs, apps/speed.c run_benchmark's first job runs
// the loop until the alarm and the others find it ended: the figures are a plain run's, so no
// "operations in flight" caveat; an engine whose pausing is not known gets a conditional one.
TEST(InvocationTest, AsyncJobsWithoutAnAsyncEngineChangeNothing) {
  const auto caveat_of = [](const std::string& text) {
    const auto runs = ImportText(text, "t");
    std::string found;
    for (const std::string& caveat : runs.at(0).source.caveats) {
      if (caveat.starts_with("-async_jobs")) {
        found = caveat;
      }
    }
    return found;
  };
  const std::string rows =
      "Doing 2048 bits private rsa's for 10s: 412011 2048 bits private RSA's in 10.00s\n";
  const std::string plain = caveat_of("$ openssl speed -async_jobs 8 rsa2048\n" + rows);
  EXPECT_EQ(plain.find("operations in flight"), std::string::npos) << plain;
  EXPECT_NE(plain.find("no effect"), std::string::npos) << plain;
  const std::string unknown =
      caveat_of("$ openssl speed -engine pkcs11 -async_jobs 8 rsa2048\n" + rows);
  EXPECT_NE(unknown.find("the paste does not show whether the engine pkcs11 pauses"),
            std::string::npos)
      << unknown;
  const std::string qat =
      caveat_of("$ openssl speed -engine qatengine -async_jobs 8 rsa2048\n" + rows);
  EXPECT_TRUE(
      qat.starts_with("-async_jobs 8 (line 1): the figures are throughput with up "
                      "to 8 operations in flight"))
      << qat;
  EXPECT_NE(qat.find("while its device works"), std::string::npos) << qat;
  // Review W2: OpenSSL's dasync is a test engine with no device: it pauses a job (waking it at
  // once) and runs the software code itself (engines/e_dasync.c, dummy_pause_job), so nothing
  // is in flight beside the CPU's own work.
  const std::string dasync =
      caveat_of("$ openssl speed -engine dasync -async_jobs 8 rsa2048\n" + rows);
  EXPECT_TRUE(dasync.starts_with("-async_jobs 8 (line 1): ")) << dasync;
  EXPECT_EQ(dasync.find("its device works"), std::string::npos) << dasync;
  EXPECT_EQ(dasync.find("operations in flight"), std::string::npos) << dasync;
  EXPECT_NE(dasync.find("no device"), std::string::npos) << dasync;
  EXPECT_NE(dasync.find("software"), std::string::npos) << dasync;
}

// Tryout 21 #5: a -multi run that imports no figure (one child's record of two, no summary row)
// has no sum to describe; one with figures keeps the caveat.
TEST(InvocationTest, MultiSumCaveatOnlyWithFigures) {
  const auto none = ImportText(
      "$ openssl speed -multi 2 sha1\nForked child 0\nForked child 1\nGot: +H:16 from 0\n"
      "Got: +F:22:sha1:100.00 from 0\n",
      "t");
  ASSERT_EQ(none.size(), 1u);
  const auto sum = [](const results::RunResult& run) {
    return std::any_of(run.source.caveats.begin(), run.source.caveats.end(),
                       [](const std::string& c) { return c.starts_with("-multi 2: figures are"); });
  };
  EXPECT_FALSE(sum(none[0]));
  const auto some = ImportText(std::string("$ openssl speed -multi 2 sha1\n") + kChildren, "t");
  ASSERT_EQ(some.size(), 1u);
  EXPECT_TRUE(sum(some[0]));
}

// A bare "OpenSSL 1.1.1w" line between a -multi run's children and its table (speed's own
// show_res version line, or one a user typed there) is that run's header: before, it was read
// as `openssl version` output, ended the run, and the table imported as one process with an
// unknown clock.
TEST(InvocationTest, BareVersionLineAfterMultiKeepsTheMultiFact) {
  const std::string table =
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
      "aes-128-gcm   5600000.00k 14400000.00k 28000000.00k 38400000.00k 43200000.00k "
      "43600000.00k\n";
  for (const std::string& between :
       {std::string("Forked child 0\nForked child 1\n"), std::string("")}) {
    const auto runs = ImportText(
        "$ openssl speed -multi 2 -evp aes-128-gcm\n" + between + "OpenSSL 1.1.1w\n" + table, "t");
    ASSERT_EQ(runs.size(), 1u) << between;
    EXPECT_EQ(runs[0].source.multi, 2) << between;
    EXPECT_EQ(runs[0].source.timing_basis, "wall_clock") << between;
    EXPECT_EQ(runs[0].source.invocation.command_line, 1u) << between;
    EXPECT_EQ(runs[0].library.version, "OpenSSL 1.1.1w") << between;
  }
}

}  // namespace
}  // namespace cryptobench::import
