#include "cpu/clock_facts.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace cryptobench::cpu {
namespace {

// Serves fixed texts per path; a path listed with several texts returns them in turn (the
// last one repeats), which is how /proc/stat changes between the two steal reads.
using FileTexts = std::map<std::string, std::vector<std::string>>;

class FakeSystemReader : public SystemReader {
 public:
  explicit FakeSystemReader(FileTexts files) : files_(std::move(files)) {}

  std::optional<std::string> ReadFile(std::string_view path) const override {
    const auto it = files_.find(std::string(path));
    if (it == files_.end() || it->second.empty()) {
      return std::nullopt;
    }
    size_t& reads = reads_[it->first];
    const std::string& text = it->second[std::min(reads, it->second.size() - 1)];
    ++reads;
    return text;
  }

 private:
  FileTexts files_;
  mutable std::map<std::string, size_t> reads_;
};

// Chain probes that agree on 3.5 GHz; no cycle counter.
class FixedProbes : public CoreClockProbes {
 public:
  std::optional<double> PerfCyclesHz(std::string* why_not) override {
    *why_not = "none in this test";
    return std::nullopt;
  }
  std::vector<ChainProbe> MeasureChains(double) override {
    return {ChainProbe{"add", "add", 1, 3.5e9}, ChainProbe{"imul", "imul", 3, 3.5e9 / 3}};
  }
};

TEST(ParseProcStatTest, SumsTheCpuLineUpToSteal) {
  const std::optional<CpuTimes> times = ParseProcStat(
      "cpu  126887 0 8382 101106 1776 0 57 72 5 7\n"
      "cpu0 58384 0 4177 56379 137 0 11 35 0 0\n"
      "intr 1234 5 6\n");
  ASSERT_TRUE(times.has_value());
  // user..steal; guest (5) and guest_nice (7) are already inside user/nice.
  EXPECT_EQ(times->total, 126887u + 8382u + 101106u + 1776u + 57u + 72u);
  EXPECT_EQ(times->steal, 72u);
}

TEST(ParseProcStatTest, OldKernelsWithoutStealReportZeroSteal) {
  const std::optional<CpuTimes> times = ParseProcStat("cpu 10 20 30 40\n");
  ASSERT_TRUE(times.has_value());
  EXPECT_EQ(times->total, 100u);
  EXPECT_EQ(times->steal, 0u);
}

TEST(ParseProcStatTest, FindsTheCpuLineAfterOthers) {
  const std::optional<CpuTimes> times = ParseProcStat("btime 1\ncpu 1 1 1 1 1 1 1 3\n");
  ASSERT_TRUE(times.has_value());
  EXPECT_EQ(times->total, 10u);
  EXPECT_EQ(times->steal, 3u);
}

TEST(ParseProcStatTest, RejectsMalformedText) {
  EXPECT_FALSE(ParseProcStat("").has_value());
  EXPECT_FALSE(ParseProcStat("cpu0 1 2 3 4\n").has_value());                    // no aggregate line
  EXPECT_FALSE(ParseProcStat("cpu 1 2 3\n").has_value());                       // too few fields
  EXPECT_FALSE(ParseProcStat("cpu 1 2 x 4 5\n").has_value());                   // not a number
  EXPECT_FALSE(ParseProcStat("cpu 1 2 -3 4 5\n").has_value());                  // negative
  EXPECT_FALSE(ParseProcStat("cpu 1 2 3 99999999999999999999\n").has_value());  // overflow
}

TEST(ParseLoadAverageTest, ReadsTheFirstField) {
  EXPECT_DOUBLE_EQ(ParseLoadAverage("9.04 5.07 2.44 5/120 18867\n"), 9.04);
  EXPECT_DOUBLE_EQ(ParseLoadAverage("0.00 0.01 0.05 1/1 1"), 0.0);
  EXPECT_DOUBLE_EQ(ParseLoadAverage("  1.5\n"), 1.5);
}

TEST(ParseLoadAverageTest, MalformedIsMinusOne) {
  EXPECT_EQ(ParseLoadAverage(""), -1);
  EXPECT_EQ(ParseLoadAverage("abc 1 2"), -1);
  EXPECT_EQ(ParseLoadAverage("1.5x 1 2"), -1);
  EXPECT_EQ(ParseLoadAverage("-1.0 1 2"), -1);
  EXPECT_EQ(ParseLoadAverage("inf 1 2"), -1);
}

TEST(GatherClockFactsTest, ReadsCpufreqLoadAndStealThroughTheReader) {
  const FakeSystemReader reader(FileTexts{
      {"/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", {"performance\n"}},
      {"/sys/devices/system/cpu/cpufreq/boost", {"1\n"}},
      {"/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", {"3700000\n"}},
      {"/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_min_freq", {"800000\n"}},
      {"/sys/devices/system/cpu/cpu0/cpufreq/scaling_driver", {"intel_pstate\n"}},
      {"/proc/loadavg", {"2.50 1.00 0.50 3/200 4242\n"}},
      // 400 ticks pass between the reads, 20 of them stolen.
      {"/proc/stat",
       {"cpu  1000 0 100 800 0 0 0 100 0 0\n", "cpu  1200 0 150 930 0 0 0 120 0 0\n"}},
  });
  FixedProbes probes;
  const ClockFacts facts = GatherClockFacts(reader, probes, 0.01);
  EXPECT_EQ(facts.governor, "performance");
  EXPECT_EQ(facts.scaling_driver, "intel_pstate");
  ASSERT_TRUE(facts.turbo_enabled.has_value());
  EXPECT_TRUE(*facts.turbo_enabled);
  ASSERT_TRUE(facts.max_hz.has_value());
  EXPECT_DOUBLE_EQ(*facts.max_hz, 3.7e9);
  ASSERT_TRUE(facts.min_hz.has_value());
  EXPECT_DOUBLE_EQ(*facts.min_hz, 0.8e9);
  EXPECT_DOUBLE_EQ(facts.load_average_1min, 2.5);
  ASSERT_TRUE(facts.steal_fraction.has_value());
  EXPECT_DOUBLE_EQ(*facts.steal_fraction, 20.0 / 400.0);
  EXPECT_DOUBLE_EQ(facts.core_hz, 3.5e9);  // the probes' clock, within cpufreq's limits
  EXPECT_EQ(facts.core_clock.source, CoreClockSource::kChainProbes);
  EXPECT_GE(facts.online_cpus, 1);
#if defined(__x86_64__)
  EXPECT_GT(facts.tsc_hz, 0);
#endif
}

TEST(GatherClockFactsTest, IntelPstateNoTurboIsInverted) {
  const FakeSystemReader reader(FileTexts{
      {"/sys/devices/system/cpu/intel_pstate/no_turbo", {"1\n"}},
  });
  FixedProbes probes;
  const ClockFacts facts = GatherClockFacts(reader, probes, 0);
  ASSERT_TRUE(facts.turbo_enabled.has_value());
  EXPECT_FALSE(*facts.turbo_enabled);
}

TEST(GatherClockFactsTest, MissingFilesLeaveFactsUnknown) {
  const FakeSystemReader reader(FileTexts{
      {"/sys/devices/system/cpu/cpufreq/boost", {"maybe\n"}},
      {"/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", {"fast\n"}},
      {"/proc/stat", {"cpu  1000 0 100 800 0 0 0 100\n"}},  // unchanged: no ticks passed
  });
  FixedProbes probes;
  const ClockFacts facts = GatherClockFacts(reader, probes, 0.01);
  EXPECT_EQ(facts.governor, "");
  EXPECT_FALSE(facts.turbo_enabled.has_value());
  EXPECT_FALSE(facts.max_hz.has_value());
  EXPECT_EQ(facts.load_average_1min, -1);
  EXPECT_FALSE(facts.steal_fraction.has_value());
}

TEST(LimitsOfTest, MaxIncludesBoostOnlyForDriversThatSaySo) {
  ClockFacts facts;
  facts.max_hz = 3e9;
  facts.scaling_driver = "acpi-cpufreq";
  EXPECT_FALSE(LimitsOf(facts).max_includes_boost);
  for (const char* driver : {"intel_pstate", "intel_cpufreq", "amd-pstate", "amd-pstate-epp"}) {
    facts.scaling_driver = driver;
    EXPECT_TRUE(LimitsOf(facts).max_includes_boost) << driver;
  }
  facts.scaling_driver = "acpi-cpufreq";
  facts.turbo_enabled = false;
  EXPECT_TRUE(LimitsOf(facts).max_includes_boost);
}

TEST(CpbClockRangeOfTest, TrustedClockIsPlusMinusFivePercent) {
  ClockFacts facts;
  facts.core_hz = 4e9;
  facts.core_clock.source = CoreClockSource::kChainProbes;
  facts.tsc_hz = 2.1e9;
  const CpbClockRange range = CpbClockRangeOf(facts);
  EXPECT_TRUE(range.trusted);
  EXPECT_DOUBLE_EQ(range.low_hz, 3.8e9);
  EXPECT_DOUBLE_EQ(range.high_hz, 4.2e9);
  EXPECT_EQ(range.basis, "the measured core clock 4.00 GHz +-5% (dependent-chain probes)");
}

TEST(CpbClockRangeOfTest, AnArmGenericTimerBoundsNothing) {
  // CNTVCT_EL0 at 62.5 MHz (a Cortex-A72 board's CNTFRQ_EL0) says nothing of the core clock:
  // the band around it would put cpb 10-30x off.
  ClockFacts facts;
  facts.tsc_hz = 62.5e6;
  facts.tick_counter_is_tsc = false;
  CpbClockRange range = CpbClockRangeOf(facts);
  EXPECT_FALSE(range.trusted);
  EXPECT_DOUBLE_EQ(range.low_hz, kUnknownHzLow);
  EXPECT_DOUBLE_EQ(range.high_hz, kUnknownHzHigh);
  EXPECT_EQ(range.basis,
            "no trusted core clock and a tick counter unrelated to it (no cpufreq range either): "
            "assumed 1-5 GHz");
  // cpufreq's range, when exposed, is what bounds it.
  facts.min_hz = 0.6e9;
  facts.max_hz = 1.8e9;
  range = CpbClockRangeOf(facts);
  EXPECT_DOUBLE_EQ(range.low_hz, 0.6e9);
  EXPECT_DOUBLE_EQ(range.high_hz, 1.8e9);
}

TEST(CpbClockRangeOfTest, WithoutATrustedClockTheTscGivesAStatedBand) {
  ClockFacts facts;
  facts.tsc_hz = 2.1e9;
  CpbClockRange range = CpbClockRangeOf(facts);
  EXPECT_FALSE(range.trusted);
  EXPECT_DOUBLE_EQ(range.low_hz, 2.1e9 * kTscLowFactor);
  EXPECT_DOUBLE_EQ(range.high_hz, 2.1e9 * kTscHighFactor);
  EXPECT_EQ(range.basis, "no trusted core clock: 0.9-2.1x the TSC rate 2.10 GHz");
  // A laptop's cpufreq maximum above the band raises its top.
  facts.max_hz = 4.7e9;
  range = CpbClockRangeOf(facts);
  EXPECT_DOUBLE_EQ(range.high_hz, 4.7e9);
  EXPECT_EQ(range.basis,
            "no trusted core clock: 0.9-2.1x the TSC rate 2.10 GHz, up to cpufreq's maximum "
            "4.70 GHz");
}

TEST(CpbClockRangeOfTest, WithoutTscCpufreqThenAnAssumedRange) {
  ClockFacts facts;
  facts.min_hz = 0.6e9;
  facts.max_hz = 1.8e9;
  CpbClockRange range = CpbClockRangeOf(facts);
  EXPECT_DOUBLE_EQ(range.low_hz, 0.6e9);
  EXPECT_DOUBLE_EQ(range.high_hz, 1.8e9);
  EXPECT_EQ(range.basis, "no trusted core clock: cpufreq's range 0.60-1.80 GHz");
  range = CpbClockRangeOf(ClockFacts{});
  EXPECT_DOUBLE_EQ(range.low_hz, kUnknownHzLow);
  EXPECT_DOUBLE_EQ(range.high_hz, kUnknownHzHigh);
  EXPECT_EQ(range.basis, "no trusted core clock and no TSC rate: assumed 1-5 GHz");
}

}  // namespace
}  // namespace cryptobench::cpu
