// Clock and load facts: the effective core clock (core_clock.h), cpufreq settings, load average
// and steal time, and the clock range cycles per byte are computed over. Files are read through
// SystemReader; the core clock through CoreClockProbes.
#include "cpu/clock_facts.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <system_error>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "measure/clocks.h"

namespace cryptobench::cpu {
namespace {

std::string_view TrimSpace(std::string_view text) {
  constexpr std::string_view kSpace = " \t\r\n";
  const size_t begin = text.find_first_not_of(kSpace);
  if (begin == std::string_view::npos) {
    return {};
  }
  return text.substr(begin, text.find_last_not_of(kSpace) - begin + 1);
}

std::optional<uint64_t> ParseUnsigned(std::string_view word) {
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (word.empty() || ec != std::errc() || end != word.data() + word.size()) {
    return std::nullopt;
  }
  return value;
}

// "1"/"0" flag file (sysfs), trimmed; std::nullopt if absent or anything else.
std::optional<bool> ReadFlag(const SystemReader& reader, std::string_view path) {
  const std::optional<std::string> text = reader.ReadFile(path);
  if (!text) {
    return std::nullopt;
  }
  const std::string_view value = TrimSpace(*text);
  if (value == "1") {
    return true;
  }
  if (value == "0") {
    return false;
  }
  return std::nullopt;
}

constexpr std::string_view kCpufreqDir = "/sys/devices/system/cpu/cpu0/cpufreq/";

std::optional<CpuTimes> ReadProcStat(const SystemReader& reader) {
  const std::optional<std::string> text = reader.ReadFile("/proc/stat");
  return text ? ParseProcStat(*text) : std::nullopt;
}

// Stolen share of all CPU time over `interval_seconds`; std::nullopt if /proc/stat is
// unreadable or no tick passed (USER_HZ is usually 100, so intervals under 10 ms see none).
std::optional<double> MeasureStealFraction(const SystemReader& reader, double interval_seconds) {
  const std::optional<CpuTimes> before = ReadProcStat(reader);
  std::this_thread::sleep_for(std::chrono::duration<double>(interval_seconds));
  const std::optional<CpuTimes> after = ReadProcStat(reader);
  if (!before || !after) {
    return std::nullopt;
  }
  const CpuTimes first = *before;
  const CpuTimes second = *after;
  if (second.total <= first.total || second.steal < first.steal) {
    return std::nullopt;
  }
  return static_cast<double>(second.steal - first.steal) /
         static_cast<double>(second.total - first.total);
}

std::optional<double> ReadKhzAsHz(const SystemReader& reader, const std::string& path) {
  const std::optional<std::string> text = reader.ReadFile(path);
  if (!text) {
    return std::nullopt;
  }
  const std::optional<uint64_t> khz = ParseUnsigned(TrimSpace(*text));
  if (!khz || *khz == 0) {
    return std::nullopt;
  }
  return static_cast<double>(*khz) * 1e3;  // sysfs reports kHz
}

}  // namespace

std::optional<CpuTimes> ParseProcStat(std::string_view text) {
  // proc(5): "cpu  user nice system idle iowait irq softirq steal guest guest_nice", USER_HZ.
  // guest and guest_nice are already counted in user and nice, so the total stops at steal.
  constexpr size_t kSummedFields = 8;
  constexpr size_t kStealIndex = 7;
  constexpr size_t kMinFields = 4;  // user nice system idle: present on every kernel
  while (!text.empty()) {
    const size_t newline = text.find('\n');
    std::string_view line = text.substr(0, newline);
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
    if (line.substr(0, 4) != "cpu " && line.substr(0, 4) != "cpu\t") {
      continue;
    }
    line.remove_prefix(4);
    std::vector<uint64_t> fields;
    size_t pos = 0;
    while ((pos = line.find_first_not_of(" \t\r", pos)) != std::string_view::npos) {
      const size_t end = line.find_first_of(" \t\r", pos);
      const std::optional<uint64_t> value = ParseUnsigned(line.substr(pos, end - pos));
      if (!value) {
        return std::nullopt;
      }
      fields.push_back(*value);
      pos = end;
    }
    if (fields.size() < kMinFields) {
      return std::nullopt;
    }
    CpuTimes times;
    for (size_t i = 0; i < std::min(fields.size(), kSummedFields); ++i) {
      times.total += fields[i];
    }
    times.steal = fields.size() > kStealIndex ? fields[kStealIndex] : 0;
    return times;
  }
  return std::nullopt;
}

double ParseLoadAverage(std::string_view text) {
  // proc(5): "0.52 0.58 0.59 1/467 12345"; the first field is the 1-minute average.
  const std::string_view trimmed = TrimSpace(text);
  const std::string_view first = trimmed.substr(0, trimmed.find_first_of(" \t"));
  double value = 0;
  const auto [end, ec] = std::from_chars(first.data(), first.data() + first.size(), value);
  if (first.empty() || ec != std::errc() || end != first.data() + first.size() ||
      !std::isfinite(value) || value < 0) {
    return -1;
  }
  return value;
}

CpufreqLimits LimitsOf(const ClockFacts& facts) {
  CpufreqLimits limits;
  limits.min_hz = facts.min_hz;
  limits.max_hz = facts.max_hz;
  const std::string& driver = facts.scaling_driver;
  limits.max_includes_boost = driver == "intel_pstate" || driver == "intel_cpufreq" ||
                              driver == "amd-pstate" || driver == "amd-pstate-epp" ||
                              (facts.turbo_enabled.has_value() && !*facts.turbo_enabled);
  return limits;
}

ClockFacts GatherClockFacts(const SystemReader& reader, CoreClockProbes& probes,
                            double steal_interval_seconds, bool hybrid) {
  ClockFacts facts;
  facts.hybrid = hybrid;
  if (hybrid) {
    facts.pinned_cpu = PinToCurrentCpu(&facts.pinning_failed);
  }
  // Steal first: its wait then overlaps nothing else that reads the clocks.
  if (steal_interval_seconds > 0) {
    facts.steal_fraction = MeasureStealFraction(reader, steal_interval_seconds);
  }

  const std::string cpufreq(kCpufreqDir);
  if (const std::optional<std::string> governor = reader.ReadFile(cpufreq + "scaling_governor")) {
    facts.governor = std::string(TrimSpace(*governor));
  }
  if (const std::optional<std::string> driver = reader.ReadFile(cpufreq + "scaling_driver")) {
    facts.scaling_driver = std::string(TrimSpace(*driver));
  }
  // acpi-cpufreq and amd-pstate expose a global "boost" switch; intel_pstate inverts it.
  facts.turbo_enabled = ReadFlag(reader, "/sys/devices/system/cpu/cpufreq/boost");
  if (!facts.turbo_enabled) {
    if (const std::optional<bool> no_turbo =
            ReadFlag(reader, "/sys/devices/system/cpu/intel_pstate/no_turbo")) {
      facts.turbo_enabled = !*no_turbo;
    }
  }
  facts.max_hz = ReadKhzAsHz(reader, cpufreq + "cpuinfo_max_freq");
  facts.min_hz = ReadKhzAsHz(reader, cpufreq + "cpuinfo_min_freq");

  facts.tsc_hz = measure::MeasureTickRateHz();
#if !defined(__x86_64__) && !defined(__i386__)
  facts.tick_counter_is_tsc = false;
#endif
  facts.core_clock = MeasureCoreClock(probes, LimitsOf(facts));
  facts.core_hz = facts.core_clock.hz;

  if (const std::optional<std::string> loadavg = reader.ReadFile("/proc/loadavg")) {
    facts.load_average_1min = ParseLoadAverage(*loadavg);
  }
  facts.online_cpus = static_cast<int>(std::max(sysconf(_SC_NPROCESSORS_ONLN), 0L));
  return facts;
}

CpbClockRange CpbClockRangeOf(const ClockFacts& facts) {
  CpbClockRange range;
  if (facts.core_hz > 0) {
    range.low_hz = facts.core_hz * (1 - kCoreClockTolerance);
    range.high_hz = facts.core_hz * (1 + kCoreClockTolerance);
    range.trusted = true;
    range.basis =
        fmt::format("the measured core clock {:.2f} GHz +-{:.0f}% ({})", facts.core_hz / 1e9,
                    kCoreClockTolerance * 100, CoreClockSourceName(facts.core_clock.source));
    return range;
  }
  const bool cpufreq_range = facts.min_hz && facts.max_hz && *facts.min_hz <= *facts.max_hz;
  if (facts.tsc_hz > 0 && facts.tick_counter_is_tsc) {
    range.low_hz = facts.tsc_hz * kTscLowFactor;
    range.high_hz = facts.tsc_hz * kTscHighFactor;
    range.basis = fmt::format("no trusted core clock: {}-{}x the TSC rate {:.2f} GHz",
                              kTscLowFactor, kTscHighFactor, facts.tsc_hz / 1e9);
    if (facts.max_hz && *facts.max_hz > range.high_hz) {
      range.high_hz = *facts.max_hz;
      range.basis += fmt::format(", up to cpufreq's maximum {:.2f} GHz", *facts.max_hz / 1e9);
    }
  } else if (cpufreq_range) {
    range.low_hz = *facts.min_hz;
    range.high_hz = *facts.max_hz;
    range.basis = fmt::format("no trusted core clock: cpufreq's range {:.2f}-{:.2f} GHz",
                              *facts.min_hz / 1e9, *facts.max_hz / 1e9);
  } else {
    range.low_hz = kUnknownHzLow;
    range.high_hz = kUnknownHzHigh;
    range.basis = fmt::format("no trusted core clock and {}: assumed {:.0f}-{:.0f} GHz",
                              facts.tick_counter_is_tsc
                                  ? "no TSC rate"
                                  : "a tick counter unrelated to it (no cpufreq range either)",
                              kUnknownHzLow / 1e9, kUnknownHzHigh / 1e9);
  }
  return range;
}

}  // namespace cryptobench::cpu
