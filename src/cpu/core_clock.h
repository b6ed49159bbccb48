// The effective core clock: how many core cycles the CPU runs per second while it works, which
// turns a throughput into cycles per byte. Two dependent-chain probes of different instruction
// kinds must agree before their figure is trusted (a chain one core folds or fuses reads too
// fast, and the other chain then disagrees); a hardware cycle counter, where the kernel exposes
// one, is preferred. Every reading goes through CoreClockProbes so that tests replay readings of
// other machines, including ones that fold a probe.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cpu/features.h"

namespace cryptobench::cpu {

/// One dependent-chain probe: a run of `instruction`, each needing the previous one's result,
/// timed with CLOCK_MONOTONIC; the fastest block of a run counts (a descheduled block only ever
/// reads slower).
struct ChainProbe {
  std::string name;         ///< "add" or "imul"
  std::string instruction;  ///< e.g. "add %rdx, %rax (64-bit register-register add)"
  int latency_cycles = 0;   ///< core cycles one link of the chain takes (see ImulLatencyCycles)
  double links_per_s = 0;   ///< measured links per second; 0 if the clock could not time it
  /// Core clock this probe implies, Hz: links_per_s x latency_cycles.
  double Hz() const { return links_per_s * latency_cycles; }
};

/// Which source the trusted core clock came from.
enum class CoreClockSource {
  kNone,         ///< no trustworthy core clock (CoreClock::rejected says why)
  kPerfCycles,   ///< the PMU's core-cycle counter (perf_event_open), per second of CPU time
  kChainProbes,  ///< the mean of two dependent-chain probes that agreed
};

/// "none", "perf_event cycles", "dependent-chain probes".
const char* CoreClockSourceName(CoreClockSource source);

/// Plausible core clocks, Hz: 0.2 GHz (routers and boards run from a few hundred MHz) to
/// 7 GHz (above every x86-64 and AArch64 core shipped; overclocking records aside).
inline constexpr double kMinPlausibleCoreHz = 0.2e9;
inline constexpr double kMaxPlausibleCoreHz = 7e9;

/// Largest relative difference |a / b - 1| between the two chain probes that still counts as
/// agreement. Both read the fastest of many ~40 us blocks, so on a loaded VM they stay within
/// about 1% of each other; a folded or fused chain differs by 2x or more.
inline constexpr double kProbeAgreementTolerance = 0.05;

/// cpufreq's limits for the core the probes run on (sysfs, kHz converted to Hz).
struct CpufreqLimits {
  std::optional<double> min_hz;  ///< cpuinfo_min_freq
  std::optional<double> max_hz;  ///< cpuinfo_max_freq
  /// True when max_hz includes turbo/boost, so a clock above it is impossible: intel_pstate,
  /// intel_cpufreq and amd-pstate report the highest boost state there (Linux
  /// Documentation/admin-guide/pm/intel_pstate.rst, amd-pstate.rst); acpi-cpufreq with boost on
  /// reports the highest P-state below boost, which a core may exceed; so do unknown drivers.
  bool max_includes_boost = false;
};

/// The core-clock verdict with its evidence.
struct CoreClock {
  double hz = 0;  ///< trusted effective core clock, Hz; 0 when none is trusted
  CoreClockSource source = CoreClockSource::kNone;
  std::optional<double> perf_hz;   ///< cycles per second of CPU time from the PMU, if any
  std::string perf_unavailable;    ///< why there is no perf_hz, e.g. "no PMU (ENOENT)"
  std::vector<ChainProbe> probes;  ///< the add and the imul chain, as measured
  /// |add Hz / imul Hz - 1| of the chain probes; std::nullopt when either did not measure.
  std::optional<double> disagreement;
  std::string rejected;            ///< why no clock is trusted; empty when hz > 0
  std::vector<std::string> notes;  ///< checks that passed with a remark (e.g. perf vs probes)
};

/// Seam for the measurements behind a CoreClock.
class CoreClockProbes {
 public:
  virtual ~CoreClockProbes() = default;
  /// Core cycles per second of CPU time from a hardware cycle counter, or std::nullopt with the
  /// reason in `*why_not` (no PMU, not permitted, not this architecture).
  virtual std::optional<double> PerfCyclesHz(std::string* why_not) = 0;
  /// The add chain and the imul chain (in that order), each timed for about `seconds`.
  virtual std::vector<ChainProbe> MeasureChains(double seconds) = 0;
};

/// Latency in core cycles of a dependent 32-bit `imul r32, r32` on `cpu`: 3 on Intel big cores
/// since Core 2, Atom since Silvermont and every AMD core but one family; 4 on AMD family 15h
/// (Bulldozer, Piledriver, Steamroller, Excavator); 5 on Intel's in-order Atom (Bonnell,
/// Saltwell: family 6, models 0x1c, 0x26, 0x27, 0x35, 0x36). Sources: Agner Fog, "Instruction
/// tables" (agner.org/optimize), IMUL r32,r32 rows; T. Granlund, "Instruction latencies and
/// throughput for AMD and Intel x86 processors" (gmplib.org/~tege/x86-timing.pdf). Other
/// vendors (Hygon is Zen, family 18h) and unknown CPUs are assumed 3; a wrong assumption shows
/// up as disagreement with the add chain, never as a wrong clock.
int ImulLatencyCycles(const CpuFeatures& cpu);

/// Decides the core clock from readings (pure; the replay tests call it directly):
/// 1. a perf reading within [kMinPlausibleCoreHz, kMaxPlausibleCoreHz] (and cpufreq's limits)
///    is trusted; the probes are kept beside it and a difference of over 10% becomes a note;
/// 2. else both chain probes must have measured, each within the plausible range, and agree
///    within kProbeAgreementTolerance; their mean is trusted if it also lies within cpufreq's
///    limits (below min_hz x 0.9 or, when max_includes_boost, above max_hz x 1.1 is rejected);
/// 3. else hz = 0, source kNone and `rejected` names the failed check with the figures.
CoreClock DecideCoreClock(std::optional<double> perf_hz, const std::string& perf_unavailable,
                          const std::vector<ChainProbe>& probes, const CpufreqLimits& limits);

/// Measures and decides: perf first; then the chains, over about `seconds` in all; when the
/// chains disagree once they are measured again (a frequency step between them) before the
/// verdict.
CoreClock MeasureCoreClock(CoreClockProbes& probes, const CpufreqLimits& limits,
                           double seconds = 0.1);

/// Pins the calling process to the CPU it runs on now (sched_setaffinity), so that its core
/// clock probe and the worker processes it starts later (they inherit the mask) run on one core
/// type of a hybrid CPU, whose P- and E-cores run at different clocks. Returns the CPU, or
/// std::nullopt with the reason in `*why_not`.
std::optional<int> PinToCurrentCpu(std::string* why_not);

/// The probes of this machine: perf_event_open's PERF_COUNT_HW_CPU_CYCLES (user space only)
/// and the two chains in inline assembly on x86-64 (`add %rdx, %rax`; `imul %eax, %eax` with
/// ImulLatencyCycles(cpu)). On AArch64 and elsewhere MeasureChains returns no probes (a
/// two-probe rule for AArch64 is the AArch64 issue's), so only perf can give a clock there.
std::unique_ptr<CoreClockProbes> MakeRealCoreClockProbes(const CpuFeatures& cpu);

}  // namespace cryptobench::cpu
