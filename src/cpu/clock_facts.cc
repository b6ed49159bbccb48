// Clock and load facts: effective core frequency from a dependent-add loop, cpufreq settings,
// load average and steal time. Files are read through SystemReader; clocks are measured live.
#include "cpu/clock_facts.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <system_error>
#include <thread>
#include <vector>

#include "measure/clocks.h"

namespace cryptobench::cpu {
namespace {

// Adds per AddChain() iteration; the loop's own decrement and branch run on other ports in
// parallel with the chain, so one iteration costs ~kAddsPerIteration cycles. Must match the
// ".rept 100" in the asm below.
constexpr uint64_t kAddsPerIteration = 100;

// Runs `iterations` x kAddsPerIteration dependent 1-cycle-latency adds. Each add needs the
// previous result, so the chain cannot overlap; the asm keeps the compiler from folding the
// loop into one multiply or vectorising it.
void AddChain(uint64_t iterations) {
  uint64_t accumulator = 0;
#if defined(__x86_64__)
  __asm__ volatile(
      "1:\n\t"
      ".rept 100\n\t"
      "add $1, %[acc]\n\t"
      ".endr\n\t"
      "dec %[n]\n\t"
      "jnz 1b\n\t"
      : [acc] "+r"(accumulator), [n] "+r"(iterations)
      :
      : "cc");
#elif defined(__aarch64__)
  __asm__ volatile(
      "1:\n\t"
      ".rept 100\n\t"
      "add %[acc], %[acc], #1\n\t"
      ".endr\n\t"
      "subs %[n], %[n], #1\n\t"
      "b.ne 1b\n\t"
      : [acc] "+r"(accumulator), [n] "+r"(iterations)
      :
      : "cc");
#else
  // Approximate fallback: a volatile accumulator lives in memory, so each add also waits for
  // a store-to-load forward (about 4-5 cycles on current cores). The result then reads low by
  // that factor, so read it as a lower bound on those architectures.
  volatile uint64_t chain = accumulator;
  for (uint64_t i = 0; i < iterations * kAddsPerIteration; ++i) {
    chain = chain + 1;
  }
#endif
}

// Adds per second in one run of about `seconds`, from the fastest block of the run. On a
// shared machine the thread is often descheduled mid-block; that only ever makes a block
// slower, so the fastest block is the one that ran undisturbed. (Averaging over the whole run
// read 0.5-1.9 GHz on this project's loaded 2-core VM, whose cores run near 3.66 GHz.)
double AddsPerSecond(double seconds) {
  // 1000 iterations = 1e5 adds, 27-330 us at 0.3-3.7 GHz: long enough that one clock read
  // (tens of ns through the vDSO) is noise, short enough that most blocks fit between two
  // scheduler preemptions.
  constexpr uint64_t kIterationsPerBlock = 1000;
  using Clock = std::chrono::steady_clock;  // CLOCK_MONOTONIC on Linux
  const Clock::time_point start = Clock::now();
  Clock::time_point block_start = start;
  Clock::duration fastest = Clock::duration::max();
  do {
    AddChain(kIterationsPerBlock);
    const Clock::time_point block_end = Clock::now();
    fastest = std::min(fastest, block_end - block_start);
    block_start = block_end;
  } while (std::chrono::duration<double>(block_start - start).count() < seconds);
  const double fastest_seconds = std::chrono::duration<double>(fastest).count();
  if (fastest_seconds <= 0) {
    return 0;  // a clock too coarse to time one block
  }
  return static_cast<double>(kIterationsPerBlock * kAddsPerIteration) / fastest_seconds;
}

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

}  // namespace

double MeasureEffectiveCoreHz(double seconds) {
  // Why not the TSC rate: the TSC ticks at a fixed nominal rate (invariant TSC), while cores
  // run faster under turbo and hypervisors report whatever the host booted with. On this
  // project's build VM the TSC runs at 2.6 GHz while the cores run near 3.66 GHz, so cycles
  // derived from the TSC undercount real cycles by ~30%.
  constexpr int kRuns = 5;
  const double run_seconds = std::max(seconds, 0.0) / kRuns;
  // One untimed run lets the governor raise the clock before we sample it.
  AddsPerSecond(run_seconds);
  std::vector<double> rates;
  for (int run = 0; run < kRuns; ++run) {
    rates.push_back(AddsPerSecond(run_seconds));
  }
  // Median across runs: drops a run whose every block was disturbed (reads low) or that
  // straddled a frequency change.
  std::nth_element(rates.begin(), rates.begin() + kRuns / 2, rates.end());
  return rates[kRuns / 2];
}

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

ClockFacts GatherClockFacts(const SystemReader& reader, double steal_interval_seconds) {
  ClockFacts facts;
  // Steal first: its wait then overlaps nothing else that reads the clocks.
  if (steal_interval_seconds > 0) {
    facts.steal_fraction = MeasureStealFraction(reader, steal_interval_seconds);
  }

  facts.tsc_hz = measure::MeasureTickRateHz();
  facts.core_hz = MeasureEffectiveCoreHz();

  const std::string cpufreq(kCpufreqDir);
  if (const std::optional<std::string> governor = reader.ReadFile(cpufreq + "scaling_governor")) {
    facts.governor = std::string(TrimSpace(*governor));
  }
  // acpi-cpufreq and amd-pstate expose a global "boost" switch; intel_pstate inverts it.
  facts.turbo_enabled = ReadFlag(reader, "/sys/devices/system/cpu/cpufreq/boost");
  if (!facts.turbo_enabled) {
    if (const std::optional<bool> no_turbo =
            ReadFlag(reader, "/sys/devices/system/cpu/intel_pstate/no_turbo")) {
      facts.turbo_enabled = !*no_turbo;
    }
  }
  if (const std::optional<std::string> max_khz = reader.ReadFile(cpufreq + "cpuinfo_max_freq")) {
    const std::optional<uint64_t> khz = ParseUnsigned(TrimSpace(*max_khz));
    if (khz && *khz > 0) {
      facts.max_hz = static_cast<double>(*khz) * 1e3;  // sysfs reports kHz
    }
  }
  if (const std::optional<std::string> loadavg = reader.ReadFile("/proc/loadavg")) {
    facts.load_average_1min = ParseLoadAverage(*loadavg);
  }
  facts.online_cpus = static_cast<int>(std::max(sysconf(_SC_NPROCESSORS_ONLN), 0L));
  return facts;
}

}  // namespace cryptobench::cpu
