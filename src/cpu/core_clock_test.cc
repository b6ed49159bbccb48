#include "cpu/core_clock.h"

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace cryptobench::cpu {
namespace {

// Chain probes as the x86-64 probes report them, from the core clock each implies.
ChainProbe Add(double hz) { return ChainProbe{"add", "add %rdx, %rax", 1, hz}; }
ChainProbe Imul(double hz, int latency = 3) {
  return ChainProbe{"imul", "imul %eax, %eax", latency, hz / latency};
}

// Replays readings; each MeasureChains call returns the next set (the last one repeats).
class ReplayProbes : public CoreClockProbes {
 public:
  ReplayProbes(std::optional<double> perf_hz, std::vector<std::vector<ChainProbe>> chains)
      : perf_hz_(perf_hz), chains_(std::move(chains)) {}

  std::optional<double> PerfCyclesHz(std::string* why_not) override {
    if (!perf_hz_) {
      *why_not = "no hardware cycle counter is exposed (ENOENT)";
    }
    return perf_hz_;
  }
  std::vector<ChainProbe> MeasureChains(double) override {
    const size_t index = std::min(calls_++, chains_.size() - 1);
    return chains_[index];
  }
  size_t calls() const { return calls_; }

 private:
  std::optional<double> perf_hz_;
  std::vector<std::vector<ChainProbe>> chains_;
  size_t calls_ = 0;
};

TEST(DecideCoreClockTest, AgreeingProbesGiveTheirMean) {
  const CoreClock clock = DecideCoreClock(std::nullopt, "no PMU", {Add(4.05e9), Imul(4.03e9)}, {});
  EXPECT_EQ(clock.source, CoreClockSource::kChainProbes);
  EXPECT_DOUBLE_EQ(clock.hz, 4.04e9);
  ASSERT_TRUE(clock.disagreement.has_value());
  EXPECT_NEAR(*clock.disagreement, 4.05 / 4.03 - 1, 1e-12);
  EXPECT_TRUE(clock.rejected.empty());
  EXPECT_EQ(clock.perf_unavailable, "no PMU");
}

// Golden Cove and later fold `add $1, reg` at rename: an immediate-add chain read 24 GHz on a
// 4.05 GHz Sapphire Rapids core while the imul chain read 4.05 GHz.
TEST(DecideCoreClockTest, AFoldedChainIsRejectedWithItsReason) {
  const CoreClock clock = DecideCoreClock(std::nullopt, "no PMU", {Add(24.3e9), Imul(4.05e9)}, {});
  EXPECT_EQ(clock.hz, 0);
  EXPECT_EQ(clock.source, CoreClockSource::kNone);
  EXPECT_NE(clock.rejected.find("the add chain reads 24.30 GHz, outside the plausible"),
            std::string::npos)
      << clock.rejected;
}

TEST(DecideCoreClockTest, PlausibleButDisagreeingProbesAreRejected) {
  // A core that fused two adds per cycle would read 2x: plausible alone, not beside the imul.
  const CoreClock clock = DecideCoreClock(std::nullopt, "no PMU", {Add(6.4e9), Imul(3.2e9)}, {});
  EXPECT_EQ(clock.hz, 0);
  EXPECT_NE(clock.rejected.find("the probes disagree by 100%"), std::string::npos)
      << clock.rejected;
  EXPECT_NE(clock.rejected.find("add chain 6.40 GHz, imul chain 3.20 GHz"), std::string::npos);
}

TEST(DecideCoreClockTest, AgreementToleranceIsFivePercent) {
  EXPECT_GT(DecideCoreClock(std::nullopt, "", {Add(3.14e9), Imul(3.0e9)}, {}).hz, 0);
  EXPECT_EQ(DecideCoreClock(std::nullopt, "", {Add(3.18e9), Imul(3.0e9)}, {}).hz, 0);
}

TEST(DecideCoreClockTest, ImplausibleAgreementIsRejected) {
  EXPECT_EQ(DecideCoreClock(std::nullopt, "", {Add(0.1e9), Imul(0.1e9)}, {}).hz, 0);
  EXPECT_EQ(DecideCoreClock(std::nullopt, "", {Add(9e9), Imul(9e9)}, {}).hz, 0);
}

TEST(DecideCoreClockTest, CpufreqLimitsRejectAClockOutsideThem) {
  CpufreqLimits limits;
  limits.min_hz = 0.8e9;
  limits.max_hz = 3.0e9;
  limits.max_includes_boost = true;
  const CoreClock above = DecideCoreClock(std::nullopt, "", {Add(3.6e9), Imul(3.6e9)}, limits);
  EXPECT_EQ(above.hz, 0);
  EXPECT_NE(above.rejected.find("above cpufreq's maximum 3.00 GHz"), std::string::npos);
  const CoreClock below = DecideCoreClock(std::nullopt, "", {Add(0.5e9), Imul(0.5e9)}, limits);
  EXPECT_EQ(below.hz, 0);
  EXPECT_NE(below.rejected.find("below cpufreq's minimum 0.80 GHz"), std::string::npos);
  // A maximum that may exclude boost (acpi-cpufreq) is no ceiling.
  limits.max_includes_boost = false;
  EXPECT_DOUBLE_EQ(DecideCoreClock(std::nullopt, "", {Add(3.6e9), Imul(3.6e9)}, limits).hz, 3.6e9);
}

TEST(DecideCoreClockTest, ThePerfCounterIsPreferredAndTheProbesKeptBesideIt) {
  const CoreClock clock = DecideCoreClock(3.9e9, "", {Add(3.5e9), Imul(3.5e9)}, {});
  EXPECT_EQ(clock.source, CoreClockSource::kPerfCycles);
  EXPECT_DOUBLE_EQ(clock.hz, 3.9e9);
  EXPECT_EQ(clock.probes.size(), 2u);
  ASSERT_EQ(clock.notes.size(), 1u);  // 3.5 vs 3.9 GHz is over 10% apart
  EXPECT_NE(clock.notes[0].find("the counter is used"), std::string::npos);
}

TEST(DecideCoreClockTest, AnImplausiblePerfReadingFallsBackToTheProbes) {
  const CoreClock clock = DecideCoreClock(40e9, "", {Add(3.5e9), Imul(3.5e9)}, {});
  EXPECT_EQ(clock.source, CoreClockSource::kChainProbes);
  EXPECT_DOUBLE_EQ(clock.hz, 3.5e9);
  ASSERT_EQ(clock.notes.size(), 1u);
  EXPECT_NE(clock.notes[0].find("not used"), std::string::npos);
}

TEST(DecideCoreClockTest, OneProbeAloneIsNotTrusted) {
  const CoreClock one = DecideCoreClock(std::nullopt, "", {Add(2.0e9)}, {});
  EXPECT_EQ(one.hz, 0);
  EXPECT_NE(one.rejected.find("single probe is not trusted"), std::string::npos);
  const CoreClock none = DecideCoreClock(std::nullopt, "", {}, {});
  EXPECT_EQ(none.hz, 0);
  EXPECT_NE(none.rejected.find("no core-clock probe"), std::string::npos);
  const CoreClock untimed = DecideCoreClock(std::nullopt, "", {Add(0), Imul(3e9)}, {});
  EXPECT_EQ(untimed.hz, 0);
  EXPECT_NE(untimed.rejected.find("too coarse"), std::string::npos);
}

TEST(MeasureCoreClockTest, ADisagreementIsMeasuredOnceMore) {
  // A frequency step between the probes: the second measurement agrees.
  ReplayProbes probes(std::nullopt, {{Add(4.0e9), Imul(2.0e9)}, {Add(4.0e9), Imul(4.0e9)}});
  const CoreClock clock = MeasureCoreClock(probes, {});
  EXPECT_EQ(probes.calls(), 2u);
  EXPECT_DOUBLE_EQ(clock.hz, 4.0e9);
}

TEST(MeasureCoreClockTest, APersistentDisagreementStaysRejected) {
  ReplayProbes probes(std::nullopt, {{Add(24e9), Imul(4.0e9)}});
  const CoreClock clock = MeasureCoreClock(probes, {});
  EXPECT_EQ(probes.calls(), 2u);
  EXPECT_EQ(clock.hz, 0);
  EXPECT_FALSE(clock.rejected.empty());
  EXPECT_EQ(clock.perf_unavailable, "no hardware cycle counter is exposed (ENOENT)");
}

TEST(ImulLatencyCyclesTest, FollowsTheInstructionTables) {
  CpuFeatures cpu;
  cpu.vendor = "GenuineIntel";
  cpu.family = 6;
  cpu.model = 0xcf;  // Emerald Rapids
  EXPECT_EQ(ImulLatencyCycles(cpu), 3);
  cpu.model = 0x36;  // Saltwell Atom
  EXPECT_EQ(ImulLatencyCycles(cpu), 5);
  cpu.vendor = "AuthenticAMD";
  cpu.family = 0x15;  // Bulldozer family
  EXPECT_EQ(ImulLatencyCycles(cpu), 4);
  cpu.family = 0x19;  // Zen 3/4
  EXPECT_EQ(ImulLatencyCycles(cpu), 3);
}

// Live: the two real probes on this machine. Each chain is a dependent register chain that no
// x86-64 core of the last 15 years folds, so each must read a plausible clock, and the two must
// agree; on AArch64 only the add chain exists. A frequency step between the two probes, or an
// SMT sibling busy on the multiply port, makes one attempt disagree; a folded or mis-tabulated
// chain disagrees on every attempt, so up to three attempts are made (the product retries too).
TEST(RealCoreClockProbesTest, ChainsReadAPlausibleAndAgreeingClock) {
  const CpuFeatures cpu = DetectCpuFeatures();
  const std::unique_ptr<CoreClockProbes> probes = MakeRealCoreClockProbes(cpu);
  constexpr int kAttempts = 3;
  double closest_ratio = 0;
  std::string attempts;
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    const std::vector<ChainProbe> chains = probes->MeasureChains(0.2);
#if defined(__x86_64__)
    ASSERT_EQ(chains.size(), 2u);
#elif defined(__aarch64__)
    ASSERT_EQ(chains.size(), 1u);
#else
    GTEST_SKIP() << "no chain probes on this architecture";
#endif
    for (const ChainProbe& chain : chains) {
      EXPECT_GE(chain.Hz(), kMinPlausibleCoreHz) << chain.name;
      EXPECT_LE(chain.Hz(), kMaxPlausibleCoreHz) << chain.name;
    }
    if (chains.size() != 2) {
      return;
    }
    // The imul latency is tabulated for Intel family 6, AMD and Hygon; elsewhere (VIA, Zhaoxin,
    // NetBurst) it is assumed, and a disagreement would say nothing about the code.
    const bool latency_known = cpu.vendor == "AuthenticAMD" || cpu.vendor == "HygonGenuine" ||
                               (cpu.vendor == "GenuineIntel" && cpu.family == 6);
    if (!latency_known) {
      GTEST_SKIP() << "imul latency not tabulated for " << cpu.vendor << " family " << cpu.family;
    }
    const double ratio = chains[0].Hz() / chains[1].Hz();
    attempts += " add " + std::to_string(chains[0].Hz()) + " Hz / imul " +
                std::to_string(chains[1].Hz()) + " Hz;";
    if (closest_ratio == 0 || std::abs(ratio - 1.0) < std::abs(closest_ratio - 1.0)) {
      closest_ratio = ratio;
    }
    if (std::abs(ratio - 1.0) <= 0.10) {
      break;
    }
  }
  // A folded add chain reads 2x or more; a wrong imul latency reads 25% off or more.
  EXPECT_NEAR(closest_ratio, 1.0, 0.10) << attempts;
}

}  // namespace
}  // namespace cryptobench::cpu

namespace cryptobench::cpu {
namespace {

// Live: the cycle counter either reads a plausible clock or says why there is none (no PMU in
// most VMs, perf_event_paranoid, seccomp), never a silent zero.
TEST(RealCoreClockProbesTest, PerfCyclesReadAPlausibleClockOrSayWhyNot) {
  const std::unique_ptr<CoreClockProbes> probes = MakeRealCoreClockProbes(DetectCpuFeatures());
  std::string why_not;
  const std::optional<double> hz = probes->PerfCyclesHz(&why_not);
  if (hz) {
    EXPECT_GE(*hz, kMinPlausibleCoreHz);
    EXPECT_LE(*hz, kMaxPlausibleCoreHz);
  } else {
    EXPECT_FALSE(why_not.empty());
  }
}

}  // namespace
}  // namespace cryptobench::cpu
