// Clock and load facts that decide how far cycles-per-byte figures can be trusted: TSC rate
// vs the effective core frequency, frequency scaling, turbo, load and steal time.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "cpu/core_clock.h"
#include "cpu/cpu_info.h"

namespace cryptobench::cpu {

/// CPU time accounting totals from /proc/stat's first ("cpu ") line, in USER_HZ ticks.
struct CpuTimes {
  uint64_t total = 0;  ///< user+nice+system+idle+iowait+irq+softirq+steal
  uint64_t steal = 0;
};

/// Parses /proc/stat text; std::nullopt if the "cpu " line is missing or malformed.
std::optional<CpuTimes> ParseProcStat(std::string_view text);

/// Facts about clocks, scaling and load.
struct ClockFacts {
  double tsc_hz = 0;  ///< tick counter rate (measure::MeasureTickRateHz)
  /// The tick counter is x86's TSC, whose rate is near the nominal core clock; false for a
  /// counter unrelated to it (AArch64's CNTVCT_EL0 runs at a fixed 1-100 MHz, CNTFRQ_EL0),
  /// which then bounds no cpb computation.
  bool tick_counter_is_tsc = true;
  double core_hz = 0;                    ///< trusted effective core clock (core_clock.hz), Hz;
                                         ///< 0 when none is trusted
  CoreClock core_clock;                  ///< how core_hz was found, or why it was not
  bool hybrid = false;                   ///< the CPU has two core types (CpuFeatures::hybrid)
  std::optional<int> pinned_cpu;         ///< hybrid: the CPU doctor pinned itself and its
                                         ///< workers to (PinToCurrentCpu)
  std::string pinning_failed;            ///< hybrid: why pinning failed, if it did
  std::string governor;                  ///< cpufreq scaling_governor of cpu0, "" if not exposed
  std::string scaling_driver;            ///< cpufreq scaling_driver of cpu0, "" if not exposed
  std::optional<bool> turbo_enabled;     ///< from cpufreq/boost or intel_pstate/no_turbo
  std::optional<double> max_hz;          ///< cpuinfo_max_freq, if exposed
  std::optional<double> min_hz;          ///< cpuinfo_min_freq, if exposed
  double load_average_1min = -1;         ///< /proc/loadavg first field, -1 if unknown
  std::optional<double> steal_fraction;  ///< steal / total over a short interval (0..1)
  int online_cpus = 0;
};

/// Parses /proc/loadavg's first field; -1 when malformed.
double ParseLoadAverage(std::string_view text);

/// cpufreq's limits as DecideCoreClock checks them: min/max from `facts`, and whether max
/// includes boost (scaling_driver intel_pstate, intel_cpufreq, amd-pstate or amd-pstate-epp, or
/// turbo known to be off).
CpufreqLimits LimitsOf(const ClockFacts& facts);

/// Gathers ClockFacts: files through `reader`, the core clock through `probes` (MeasureCoreClock
/// against cpufreq's limits), the TSC rate live. `steal_interval_seconds` is how long to wait
/// between two /proc/stat reads (0 skips the steal measurement). On a `hybrid` CPU the process
/// is first pinned to the CPU it runs on (PinToCurrentCpu), so that the probe and the workers
/// started later measure one core type.
ClockFacts GatherClockFacts(const SystemReader& reader, CoreClockProbes& probes,
                            double steal_interval_seconds = 0.2, bool hybrid = false);

/// Around a trusted core clock, cpb is computed over +-5%: turbo steps between the probe and
/// the measurements.
inline constexpr double kCoreClockTolerance = 0.05;
/// Around the TSC rate when the core clock is not known: the TSC ticks at about the base
/// (nominal) clock (Intel SDM vol. 3B, "Invariant TSC"; AMD: the P0 rate); cores under load run
/// a little below it when throttled and up to about 2x it at single-core turbo on server and
/// desktop parts (Intel ARK: Xeon Platinum 8480+ 2.0/3.8 GHz, 8592+ 1.9/3.9 GHz, Core i9-13900K
/// P-core 3.0/5.8 GHz; measured here: Zen 4 VM TSC 2.60 GHz, cores 3.66 GHz). Laptop parts boost
/// further; cpufreq's maximum, exposed on bare metal, widens the range there.
inline constexpr double kTscLowFactor = 0.9;
inline constexpr double kTscHighFactor = 2.1;
/// When nothing says what the clock was: low-power cores to the fastest turbo bins, Hz.
inline constexpr double kUnknownHzLow = 1e9;
inline constexpr double kUnknownHzHigh = 5e9;

/// The core-clock range cycles per byte are computed over, and in words why.
struct CpbClockRange {
  double low_hz = 0;
  double high_hz = 0;
  bool trusted = false;  ///< from a trusted core clock (a narrow range)
  std::string basis;     ///< e.g. "the measured core clock 2.50 GHz +-5% (dependent-chain probes)"
};

/// The range for `facts`: a trusted core clock +-kCoreClockTolerance; else (x86 only:
/// tick_counter_is_tsc) the TSC rate x
/// [kTscLowFactor, kTscHighFactor], its top raised to cpufreq's maximum when that is higher;
/// else cpufreq's [min, max] when both are exposed; else [kUnknownHzLow, kUnknownHzHigh].
CpbClockRange CpbClockRangeOf(const ClockFacts& facts);

}  // namespace cryptobench::cpu
