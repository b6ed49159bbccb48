// Clock and load facts that decide how far cycles-per-byte figures can be trusted: TSC rate
// vs the effective core frequency, frequency scaling, turbo, load and steal time.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "cpu/cpu_info.h"

namespace cryptobench::cpu {

/// Effective core frequency from a loop of dependent integer adds (one add retires per cycle on
/// every x86-64 and AArch64 core since the 1990s, so adds / second = core Hz), timed with
/// CLOCK_MONOTONIC over about `seconds`. Returns the median of several runs, in Hz; each run
/// counts its fastest ~100k-add block, so time the thread spends descheduled does not bias it
/// low. 0 if the clock cannot time one block.
double MeasureEffectiveCoreHz(double seconds = 0.05);

/// CPU time accounting totals from /proc/stat's first ("cpu ") line, in USER_HZ ticks.
struct CpuTimes {
  uint64_t total = 0;  ///< user+nice+system+idle+iowait+irq+softirq+steal
  uint64_t steal = 0;
};

/// Parses /proc/stat text; std::nullopt if the "cpu " line is missing or malformed.
std::optional<CpuTimes> ParseProcStat(std::string_view text);

/// Facts about clocks, scaling and load.
struct ClockFacts {
  double tsc_hz = 0;                     ///< tick counter rate (measure::MeasureTickRateHz)
  double core_hz = 0;                    ///< MeasureEffectiveCoreHz
  std::string governor;                  ///< cpufreq scaling_governor of cpu0, "" if not exposed
  std::optional<bool> turbo_enabled;     ///< from cpufreq/boost or intel_pstate/no_turbo
  std::optional<double> max_hz;          ///< cpuinfo_max_freq, if exposed
  double load_average_1min = -1;         ///< /proc/loadavg first field, -1 if unknown
  std::optional<double> steal_fraction;  ///< steal / total over a short interval (0..1)
  int online_cpus = 0;
};

/// Parses /proc/loadavg's first field; -1 when malformed.
double ParseLoadAverage(std::string_view text);

/// Gathers ClockFacts: files through `reader`, clocks live. `steal_interval_seconds` is how long
/// to wait between two /proc/stat reads (0 skips the steal measurement).
ClockFacts GatherClockFacts(const SystemReader& reader, double steal_interval_seconds = 0.2);

}  // namespace cryptobench::cpu
