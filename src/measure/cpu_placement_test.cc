#include "measure/cpu_placement.h"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

namespace cryptobench::measure {
namespace {

std::string Fixture(const std::string& name) {
  std::ifstream in(std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/proc-stat/" + name);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(ProcStat, ParsesEveryCpuLineOfACapture) {
  const std::map<int, CpuTimes> times = ParseProcStat(Fixture("kvm-2cpu-before.txt"));
  ASSERT_EQ(times.size(), 3u);  // the aggregate line, cpu0 and cpu1; intr, ctxt... skipped
  const CpuTimes& cpu1 = times.at(1);
  EXPECT_EQ(cpu1.user, 1758917u);
  EXPECT_EQ(cpu1.nice, 96967u);
  EXPECT_EQ(cpu1.system, 224287u);
  EXPECT_EQ(cpu1.idle, 972838u);
  EXPECT_EQ(cpu1.iowait, 3049u);
  EXPECT_EQ(cpu1.irq, 0u);
  EXPECT_EQ(cpu1.softirq, 2466u);
  EXPECT_EQ(cpu1.steal, 6261u);
  EXPECT_EQ(times.at(kAllCpus).steal, 12393u);
}

TEST(ProcStat, StealAndIdleSharesBetweenTwoCaptures) {
  const std::map<int, CpuTimes> before = ParseProcStat(Fixture("kvm-2cpu-before.txt"));
  const std::map<int, CpuTimes> after = ParseProcStat(Fixture("kvm-2cpu-after.txt"));
  // cpu1: user +268, system +35, steal +1, nothing else moved: 304 ticks, 1 stolen.
  const std::optional<double> steal = StealFraction(before.at(1), after.at(1));
  ASSERT_TRUE(steal.has_value());
  EXPECT_DOUBLE_EQ(*steal, 1.0 / 304);
  EXPECT_DOUBLE_EQ(*IdleFraction(before.at(1), after.at(1)), 0.0);
  EXPECT_DOUBLE_EQ(*StealFraction(before.at(0), after.at(0)), 0.0);
  // No tick passed, or a counter went backwards: no share.
  EXPECT_FALSE(StealFraction(before.at(1), before.at(1)).has_value());
  EXPECT_FALSE(StealFraction(after.at(1), before.at(1)).has_value());
}

TEST(ProcStat, OldKernelsWithoutStealAndJunkLines) {
  // Hand-written: a pre-2.6.11 layout (no steal field), a malformed line, a non-cpu line.
  const std::map<int, CpuTimes> times = ParseProcStat(
      "cpu  10 0 5 100 1\ncpu0 10 0 5 100 1 0 0\ncpu1 x 2 3 4\ncpuz 1 2 3 4\n"
      "intr 1 2 3\ncpu7 1 2\n");
  ASSERT_EQ(times.size(), 2u);
  EXPECT_EQ(times.at(kAllCpus).iowait, 1u);
  EXPECT_EQ(times.at(0).steal, 0u);
  EXPECT_TRUE(ParseProcStat("").empty());
}

TEST(ProcStat, DisturbanceNeedsShareAndTicks) {
  CellDisturbance d;
  d.steal = 0.10;
  d.stolen_ticks = 1;  // one tick is the counter's resolution: not enough to flag
  EXPECT_EQ(d.Describe(), "");
  d.stolen_ticks = 4;
  EXPECT_EQ(d.Describe(), "steal 10.0%");
  d.steal = 0.01;  // below kStealLimit
  EXPECT_EQ(d.Describe(), "");
  d.khz_before = 2600000;
  d.khz_after = 1800000;
  EXPECT_EQ(d.Describe(), "frequency 2600 -> 1800 MHz");
  d.khz_after = 2650000;  // within kFrequencyChangeLimit
  EXPECT_EQ(d.Describe(), "");
  d.rounds_half_width = 0.05;  // within kRoundsDisagreeLimit
  EXPECT_EQ(d.Describe(), "");
  d.rounds_half_width = 0.123;
  EXPECT_EQ(d.Describe(), "rounds disagree (CI +-12.3%)");
  d.steal = 0.10;
  EXPECT_EQ(d.Describe(), "steal 10.0%; rounds disagree (CI +-12.3%)");
}

TEST(ChooseCpus, PrefersIdlestThenAvoidsCpuZeroAmongEquals) {
  // All idle (or unknown): CPU 0 last, then the lower numbers first.
  EXPECT_EQ(ChooseCpus({0, 1, 2, 3}, {}, 1, nullptr), std::vector<int>({1}));
  EXPECT_EQ(ChooseCpus({0, 1, 2, 3}, {}, 4, nullptr), std::vector<int>({1, 2, 3, 0}));
  // A busy CPU 1: the idlest wins, and CPU 0 only when nothing else is as idle.
  const std::map<int, double> idle = {{0, 0.95}, {1, 0.10}, {2, 0.93}, {3, 0.50}};
  EXPECT_EQ(ChooseCpus({0, 1, 2, 3}, idle, 2, nullptr), std::vector<int>({2, 0}));
  EXPECT_EQ(ChooseCpus({0, 1, 2, 3}, idle, 4, nullptr), std::vector<int>({2, 0, 3, 1}));
  // CPU 0 clearly idler than the rest: it is chosen.
  EXPECT_EQ(ChooseCpus({0, 1}, {{0, 0.9}, {1, 0.2}}, 1, nullptr), std::vector<int>({0}));
}

TEST(ChooseCpus, OnlyFromTheAllowedSet) {
  // A cgroup cpuset or taskset of {4, 6}: never a CPU outside it, whatever its idle share.
  const std::map<int, double> idle = {{0, 1.0}, {1, 1.0}, {4, 0.5}, {6, 0.9}};
  std::string why;
  EXPECT_EQ(ChooseCpus({4, 6}, idle, 1, &why), std::vector<int>({6}));
  EXPECT_EQ(ChooseCpus({4, 6}, idle, 2, &why), std::vector<int>({6, 4}));
}

TEST(ChooseCpus, RefusesWhenWorkersWouldShare) {
  std::string why;
  EXPECT_TRUE(ChooseCpus({3}, {}, 2, &why).empty());
  EXPECT_EQ(why, "2 workers but only 1 allowed CPU (3)");
  EXPECT_TRUE(ChooseCpus({}, {}, 1, &why).empty());
  EXPECT_EQ(why, "no allowed CPU is known");
  EXPECT_EQ(ChooseCpus({5}, {}, 1, &why), std::vector<int>({5}));
}

TEST(CpuListText, Ranges) {
  EXPECT_EQ(CpuListText({0, 1, 2, 3, 6, 8, 9}), "0-3,6,8-9");
  EXPECT_EQ(CpuListText({}), "");
}

}  // namespace
}  // namespace cryptobench::measure
