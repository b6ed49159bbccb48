// Sides not run like-for-like (results::Invocation: -multi, -seconds, CPU pinning): their raw
// ratios name no code path. A -multi 8 side sums 8 processes (apps/speed.c do_multi), so against
// one process it reads about 8x faster whatever the code path.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "compare/attribution.h"
#include "compare/compare.h"
#include "compare/test_util.h"

namespace cryptobench::compare {
namespace {

using testing::Algorithm;
using testing::FigureCell;
using testing::MakeSide;

// An imported openssl speed 1.1.1w side: AES-128-GCM and SHA-256 at speed's six sizes, each
// figure `factor` times a fixed single-process rate (single figures, as imported).
Side SpeedSide(const std::string& letter, double factor, int multi) {
  std::vector<results::Cell> gcm;
  std::vector<results::Cell> sha;
  for (const uint64_t size : {16, 64, 256, 1024, 8192, 16384}) {
    const double scale = static_cast<double>(size) / (static_cast<double>(size) + 64);
    gcm.push_back(FigureCell("encrypt", size, factor * 5.4e9 * scale, 0, 1));
    sha.push_back(FigureCell("hash", size, factor * 1.9e9 * scale, 0, 1));
  }
  Side side =
      MakeSide(letter, {Algorithm("AES-128-GCM", "aead", gcm), Algorithm("SHA-256", "hash", sha)});
  side.run.source.kind = "imported";
  side.run.source.tool = "openssl speed";
  side.run.source.tool_version = "1.1.1w";
  side.run.source.timing_basis = "wall_clock";
  side.run.source.multi = multi;
  side.run.source.invocation.command_line = 1;
  side.run.source.invocation.elapsed = multi == 0;
  side.run.library.backend = "openssl";
  side.run.library.version = "OpenSSL 1.1.1w  11 Sep 2023";
  return side;
}

TEST(InvocationCompareTest, MultiAgainstOneProcessNamesNoCodePath) {
  // Per process the sides are alike: B's figures are 8 processes' sum.
  const CompareReport report = Compare({SpeedSide("A", 1, 0), SpeedSide("B", 8, 8)}, {});
  ASSERT_EQ(report.pairs.size(), 1u);
  bool said = false;
  for (const Finding& finding : report.pairs[0].findings) {
    EXPECT_TRUE(finding.cause.empty()) << finding.id << ": " << finding.text;
    EXPECT_NE(finding.id, "cost-fit") << finding.text;
    if (finding.id == "pattern") {
      EXPECT_NE(finding.text.find("not run like-for-like (A one process, B the sum of 8 "
                                  "processes with -multi 8)"),
                std::string::npos)
          << finding.text;
      said = true;
    }
  }
  EXPECT_TRUE(said);
}

TEST(InvocationCompareTest, SecondsAndPinningDifferOnlyWhereBothSidesShowThem) {
  Side a = SpeedSide("A", 1, 0);
  Side b = SpeedSide("B", 1, 0);
  EXPECT_TRUE(InvocationDifferences(a, b).empty());
  b.run.source.invocation.seconds = 1;
  b.run.source.invocation.pinning = "taskset -c 2";
  EXPECT_EQ(InvocationDifferences(a, b),
            (std::vector<std::string>{"A at speed's default times, B with -seconds 1",
                                      "B pinned to CPUs (taskset -c 2), A not"}));
  // A side without a pasted command line does not show its -seconds or pinning: unknown, not
  // a difference.
  a.run.source.invocation.command_line = 0;
  EXPECT_TRUE(InvocationDifferences(a, b).empty());
  const std::vector<Finding> context = ContextFindings(SpeedSide("A", 1, 0), b);
  const auto it = std::find_if(context.begin(), context.end(),
                               [](const Finding& f) { return f.id == "invocation"; });
  ASSERT_NE(it, context.end());
  EXPECT_EQ(
      it->text,
      "The sides were not run like-for-like: A at speed's default times, B with -seconds 1 and "
      "B "
      "pinned to CPUs (taskset -c 2), A not; their ratios name no code path.");
}

// Both pinned, to different CPUs (taskset -c 0 against -c 16 on a hybrid CPU, tryout 31 D2):
// different cores, not a code path.
TEST(InvocationCompareTest, PinningToDifferentCpusIsADifference) {
  Side a = SpeedSide("A", 1, 0);
  Side b = SpeedSide("B", 0.45, 0);
  a.run.source.invocation.pinning = "taskset -c 0";
  b.run.source.invocation.pinning = "taskset -c 16";
  const std::vector<std::string> differences = InvocationDifferences(a, b);
  ASSERT_EQ(differences.size(), 1u);
  EXPECT_NE(differences[0].find("A pinned to CPUs (taskset -c 0), B to (taskset -c 16)"),
            std::string::npos)
      << differences[0];
  b.run.source.invocation.pinning = "taskset -c 0";
  EXPECT_TRUE(InvocationDifferences(a, b).empty());
}

TEST(InvocationCompareTest, MultiPhraseAndSettingsAreApart) {
  // The "multi" context sentence says the -multi difference; the "invocation" one lists only the
  // settings, whatever order InvocationDifferences gives them in.
  const Side a = SpeedSide("A", 1, 0);
  Side b = SpeedSide("B", 8, 8);
  b.run.source.invocation.seconds = 1;
  EXPECT_EQ(MultiDifference(a, b), "A one process, B the sum of 8 processes with -multi 8");
  EXPECT_EQ(SettingsDifferences(a, b),
            (std::vector<std::string>{"A at speed's default times, B with -seconds 1"}));
  EXPECT_EQ(InvocationDifferences(a, b),
            (std::vector<std::string>{"A one process, B the sum of 8 processes with -multi 8",
                                      "A at speed's default times, B with -seconds 1"}));
  EXPECT_EQ(MultiDifference(a, SpeedSide("B", 1, 0)), "");
  EXPECT_EQ(MultiDifference(SpeedSide("A", 1, 1), SpeedSide("B", 1, 0)), "");  // -multi 1: one
  const std::vector<Finding> context = ContextFindings(a, b);
  std::vector<std::string> texts;
  for (const Finding& f : context) {
    if (f.id == "multi" || f.id == "invocation") {
      texts.push_back(f.text);
    }
  }
  EXPECT_EQ(texts, (std::vector<std::string>{
                       "The sides ran different numbers of processes: A's are one process's, B's "
                       "add up 8 processes (openssl speed -multi 8).",
                       "The sides were not run like-for-like: A at speed's default times, B with "
                       "-seconds 1; their ratios name no code path."}));
}

}  // namespace
}  // namespace cryptobench::compare
