// Consecutive openssl speed runs of one library: joined when they measured different cells,
// kept apart when they measured the same cell or name different libraries or methods.
#include "import/speed_join.h"

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "import/import.h"
#include "import/import_test_util.h"

namespace cryptobench::import {
namespace {

// One `openssl speed` run of OpenSSL 3.x: the command (with `launcher` before openssl and
// `options` after speed), its header and a two-size table with one row.
std::string SpeedRun(const std::string& row, const std::string& options = "-elapsed -evp",
                     const std::string& version = "3.0.13", const std::string& launcher = "",
                     const std::string& sizes = "16 bytes     64 bytes") {
  std::string text = "$ " + launcher + "openssl speed " + options + "\n";
  if (options.find("-elapsed") != std::string::npos) {
    text += "You have chosen to measure elapsed time instead of user CPU time.\n";
  }
  return text + "version: " + version +
         "\n"
         "built on: Tue Jan 30 13:00:00 2024 UTC\n"
         "options: bn(64,64)\n"
         "compiler: gcc -fPIC -pthread -m64 -O2 -DNDEBUG\n"
         "CPUINFO: OPENSSL_ia32cap=0x7ffaf3bfffebffff:0x40069c219c97a9\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             " +
         sizes + "\n" + row + "\n\n";
}

const std::string kAes = "AES-128-CBC      900000.00k   1000000.00k";
const std::string kSha = "sha256           180000.00k    500000.00k";

TEST(SpeedJoinTest, RunsOfOtherAlgorithmsBecomeOneRun) {
  const std::string first = SpeedRun(kAes);
  const auto runs = ImportText(first + SpeedRun(kSha), "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  ASSERT_NE(FindAlgorithm(runs[0], "AES-128-CBC"), nullptr);
  ASSERT_NE(FindAlgorithm(runs[0], "SHA-256"), nullptr);
  EXPECT_EQ(FindAlgorithm(runs[0], "SHA-256")->cells.size(), 2u);
  EXPECT_EQ(runs[0].method.input_sizes, (std::vector<uint64_t>{16, 64}));
  EXPECT_EQ(runs[0].library.capability_vector, "0x7ffaf3bfffebffff:0x40069c219c97a9");
  // Where the second run starts: the line of its command.
  const size_t second_line = static_cast<size_t>(std::count(first.begin(), first.end(), '\n')) + 1;
  const std::string joined =
      "The openssl speed output from line " + std::to_string(second_line) + " is a further run";
  size_t mentions = 0;
  for (const std::string& caveat : runs[0].source.caveats) {
    mentions += caveat.find(joined) != std::string::npos ? 1 : 0;
  }
  EXPECT_EQ(mentions, 1u);
  // The caveats both runs share are not repeated.
  std::vector<std::string> caveats = runs[0].source.caveats;
  std::sort(caveats.begin(), caveats.end());
  EXPECT_EQ(std::adjacent_find(caveats.begin(), caveats.end()), caveats.end());
}

TEST(SpeedJoinTest, OtherSizesOfTheSameAlgorithmJoinInSizeOrder) {
  const auto runs =
      ImportText(SpeedRun(kAes) + SpeedRun("AES-128-CBC      1100000.00k",
                                           "-elapsed -evp -bytes 32", "3.0.13", "", "32 bytes"),
                 "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::AlgorithmResult* aes = FindAlgorithm(runs[0], "AES-128-CBC");
  ASSERT_NE(aes, nullptr);
  ASSERT_EQ(aes->cells.size(), 3u);
  EXPECT_EQ(aes->cells[0].input_len, 16u);
  EXPECT_EQ(aes->cells[1].input_len, 32u);
  EXPECT_EQ(aes->cells[2].input_len, 64u);
  EXPECT_EQ(runs[0].method.input_sizes, (std::vector<uint64_t>{16, 32, 64}));
}

TEST(SpeedJoinTest, ASameVersionBlockBetweenStillJoins) {
  const auto runs = ImportText(
      SpeedRun(kAes) + "$ openssl version\nOpenSSL 3.0.13 30 Jan 2024\n\n" + SpeedRun(kSha),
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_NE(FindAlgorithm(runs[0], "SHA-256"), nullptr);
}

TEST(SpeedJoinTest, RunsThatDifferStayApart) {
  struct Case {
    const char* why;
    std::string second;
  };
  const std::vector<Case> cases = {
      {"the same cell measured twice", SpeedRun("AES-128-CBC      100000.00k   200000.00k")},
      {"another release", SpeedRun(kSha, "-elapsed -evp", "3.0.2")},
      {"a masked capability vector",
       SpeedRun(kSha, "-elapsed -evp", "3.0.13", "OPENSSL_ia32cap=~0x200000200000000 ")},
      {"user CPU time, not -elapsed", SpeedRun(kSha, "-evp")},
      {"-multi", SpeedRun(kSha, "-elapsed -multi 4 -evp")},
      {"decryption", SpeedRun(kSha, "-elapsed -decrypt -evp")},
  };
  for (const Case& c : cases) {
    const auto runs = ImportText(SpeedRun(kAes) + c.second, "paste.txt");
    EXPECT_EQ(runs.size(), 2u) << c.why;
  }
  // Another release's version block between the runs is a run of its own.
  const auto other = ImportText(
      SpeedRun(kAes) + "$ openssl version\nOpenSSL 1.1.1w  11 Sep 2023\n\n" + SpeedRun(kSha),
      "paste.txt");
  EXPECT_EQ(other.size(), 3u);
}

results::RunResult SpeedRunWith(const std::string& algorithm, const std::string& vector) {
  results::RunResult run;
  run.source.kind = "imported";
  run.source.tool = "openssl speed";
  run.library.version = "OpenSSL 3.0.13 30 Jan 2024";
  run.library.capability_vector = vector;
  results::AlgorithmResult alg;
  alg.algorithm = algorithm;
  results::Cell cell;
  cell.operation = "hash";
  cell.input_len = 16;
  alg.cells.push_back(cell);
  run.algorithms.push_back(alg);
  return run;
}

TEST(SpeedJoinTest, AnUnknownFieldIsNoDifferenceAndIsFilledIn) {
  results::RunResult previous = SpeedRunWith("SHA-256", "");
  const results::RunResult next = SpeedRunWith("SHA-512", "0xff:0x1");
  EXPECT_TRUE(CanJoinSpeedRuns(previous, next));
  EXPECT_FALSE(CanJoinSpeedRuns(SpeedRunWith("SHA-256", "0xfe:0x1"), next));
  results::RunResult measured = next;
  measured.source.kind = "measured";
  EXPECT_FALSE(CanJoinSpeedRuns(previous, measured));
  JoinSpeedRun(next, 9, &previous);
  EXPECT_EQ(previous.library.capability_vector, "0xff:0x1");
  ASSERT_EQ(previous.algorithms.size(), 2u);
  EXPECT_EQ(previous.algorithms[1].algorithm, "SHA-512");
}

}  // namespace
}  // namespace cryptobench::import
