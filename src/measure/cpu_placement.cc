// CPU placement of a measuring worker and /proc/stat reading.
#include "measure/cpu_placement.h"

#include <sched.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include <fmt/format.h>

namespace cryptobench::measure {
namespace {

// Splits on spaces; empty fields dropped.
std::vector<std::string_view> Fields(std::string_view line) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (pos < line.size()) {
    while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t')) {
      ++pos;
    }
    const size_t start = pos;
    while (pos < line.size() && line[pos] != ' ' && line[pos] != '\t') {
      ++pos;
    }
    if (pos > start) {
      out.push_back(line.substr(start, pos - start));
    }
  }
  return out;
}

bool ToU64(std::string_view text, uint64_t* out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return ec == std::errc() && end == text.data() + text.size();
}

std::optional<double> Share(uint64_t part_before, uint64_t part_after, const CpuTimes& before,
                            const CpuTimes& after) {
  const uint64_t t0 = before.Total();
  const uint64_t t1 = after.Total();
  if (t1 <= t0 || part_after < part_before) {
    return std::nullopt;
  }
  return static_cast<double>(part_after - part_before) / static_cast<double>(t1 - t0);
}

}  // namespace

std::map<int, CpuTimes> ParseProcStat(std::string_view text) {
  std::map<int, CpuTimes> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) {
      end = text.size();
    }
    const std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    if (line.substr(0, 3) != "cpu") {
      continue;
    }
    const std::vector<std::string_view> fields = Fields(line);
    if (fields.size() < 5) {
      continue;
    }
    int cpu = kAllCpus;
    if (fields[0] != "cpu") {
      uint64_t number = 0;
      if (!ToU64(fields[0].substr(3), &number) || number > 1u << 20) {
        continue;
      }
      cpu = static_cast<int>(number);
    }
    uint64_t values[8] = {};
    bool ok = true;
    for (size_t i = 1; i < fields.size() && i <= 8; ++i) {
      ok = ok && ToU64(fields[i], &values[i - 1]);
    }
    if (!ok) {
      continue;
    }
    out[cpu] = CpuTimes{values[0], values[1], values[2], values[3],
                        values[4], values[5], values[6], values[7]};
  }
  return out;
}

std::optional<double> StealFraction(const CpuTimes& before, const CpuTimes& after) {
  return Share(before.steal, after.steal, before, after);
}

std::optional<double> IdleFraction(const CpuTimes& before, const CpuTimes& after) {
  return Share(before.idle + before.iowait, after.idle + after.iowait, before, after);
}

std::map<int, CpuTimes> ReadProcStat() {
  std::ifstream in("/proc/stat");
  if (!in) {
    return {};
  }
  std::ostringstream text;
  text << in.rdbuf();
  return ParseProcStat(text.str());
}

std::vector<int> AllowedCpus(std::string* why_not) {
  std::vector<int> cpus;
#ifdef __linux__
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0) {
    *why_not = fmt::format("sched_getaffinity: {}", std::strerror(errno));
    return cpus;
  }
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (CPU_ISSET(cpu, &set)) {
      cpus.push_back(cpu);
    }
  }
#else
  *why_not = "CPU affinity is not available on this system";
#endif
  return cpus;
}

std::vector<int> ChooseCpus(const std::vector<int>& allowed, const std::map<int, double>& idle,
                            size_t count, std::string* why_not) {
  std::string ignored;
  if (why_not == nullptr) {
    why_not = &ignored;
  }
  if (allowed.empty()) {
    *why_not = "no allowed CPU is known";
    return {};
  }
  if (allowed.size() < count) {
    *why_not = fmt::format("{} workers but only {} allowed CPU{} ({})", count, allowed.size(),
                           allowed.size() == 1 ? "" : "s", CpuListText(allowed));
    return {};
  }
  const auto idle_of = [&idle](int cpu) {
    const auto it = idle.find(cpu);
    return it == idle.end() ? 1.0 : it->second;
  };
  // The idlest CPU's share sets one class of "equally idle" CPUs (a pairwise tolerance would
  // not be transitive); that class comes first, CPU 0 last within it, then the others by share.
  double best = 0;
  for (int cpu : allowed) {
    best = std::max(best, idle_of(cpu));
  }
  const auto equal_to_best = [&](int cpu) { return best - idle_of(cpu) < kIdleTieTolerance; };
  std::vector<int> ranked = allowed;
  std::sort(ranked.begin(), ranked.end(), [&](int a, int b) {
    if (equal_to_best(a) != equal_to_best(b)) {
      return equal_to_best(a);
    }
    if (equal_to_best(a)) {
      if ((a == 0) != (b == 0)) {
        return b == 0;
      }
      return a < b;
    }
    return idle_of(a) != idle_of(b) ? idle_of(a) > idle_of(b) : a < b;
  });
  ranked.resize(count);
  return ranked;
}

std::vector<int> ChooseCpusHere(size_t count, double look_seconds, std::string* why_not) {
  const std::vector<int> allowed = AllowedCpus(why_not);
  if (allowed.empty()) {
    return {};
  }
  std::map<int, double> idle;
  if (look_seconds > 0) {
    const std::map<int, CpuTimes> before = ReadProcStat();
    std::this_thread::sleep_for(std::chrono::duration<double>(look_seconds));
    const std::map<int, CpuTimes> after = ReadProcStat();
    for (const auto& [cpu, times] : after) {
      const auto it = before.find(cpu);
      if (cpu == kAllCpus || it == before.end()) {
        continue;
      }
      if (const std::optional<double> share = IdleFraction(it->second, times)) {
        idle[cpu] = *share;
      }
    }
  }
  return ChooseCpus(allowed, idle, count, why_not);
}

bool PinToCpu(int cpu, std::string* error) {
#ifdef __linux__
  if (cpu < 0 || cpu >= CPU_SETSIZE) {
    *error = fmt::format("CPU {} is out of range", cpu);
    return false;
  }
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  if (sched_setaffinity(0, sizeof(set), &set) != 0) {
    *error = fmt::format("sched_setaffinity(CPU {}): {}", cpu, std::strerror(errno));
    return false;
  }
  return true;
#else
  *error = fmt::format("CPU affinity is not available on this system (CPU {})", cpu);
  return false;
#endif
}

std::string CpuListText(const std::vector<int>& cpus) {
  std::string out;
  for (size_t i = 0; i < cpus.size();) {
    size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) {
      ++j;
    }
    if (!out.empty()) {
      out += ',';
    }
    out += j == i ? fmt::format("{}", cpus[i]) : fmt::format("{}-{}", cpus[i], cpus[j]);
    i = j + 1;
  }
  return out;
}

}  // namespace cryptobench::measure

namespace cryptobench::measure {
namespace {

std::optional<CpuTimes> TimesOf(int cpu) {
  const std::map<int, CpuTimes> all = ReadProcStat();
  const auto it = all.find(cpu);
  return it == all.end() ? std::nullopt : std::optional<CpuTimes>(it->second);
}

}  // namespace

std::string CellDisturbance::Describe() const {
  std::string out;
  if (steal && *steal > kStealLimit && stolen_ticks >= kMinStolenTicks) {
    out = fmt::format("steal {:.1f}%", *steal * 100);
  }
  if (khz_before && khz_after && *khz_before > 0 &&
      std::abs(*khz_after / *khz_before - 1) > kFrequencyChangeLimit) {
    out += fmt::format("{}frequency {:.0f} -> {:.0f} MHz", out.empty() ? "" : "; ",
                       *khz_before / 1000, *khz_after / 1000);
  }
  if (rounds_half_width && *rounds_half_width > kRoundsDisagreeLimit) {
    out += fmt::format("{}rounds disagree (CI +-{:.1f}%)", out.empty() ? "" : "; ",
                       *rounds_half_width * 100);
  }
  return out;
}

CellWatch::CellWatch(int cpu)
    : cpu_(cpu), before_(TimesOf(cpu)), khz_before_(CurrentFrequencyKhz(std::max(cpu, 0))) {}

CellDisturbance CellWatch::Finish(std::optional<double> rounds_half_width) const {
  CellDisturbance d;
  d.rounds_half_width = rounds_half_width;
  if (const std::optional<CpuTimes> after = TimesOf(cpu_); after && before_) {
    d.steal = StealFraction(*before_, *after);
    d.stolen_ticks = after->steal >= before_->steal ? after->steal - before_->steal : 0;
  }
  d.khz_before = khz_before_;
  d.khz_after = CurrentFrequencyKhz(std::max(cpu_, 0));
  return d;
}

std::optional<double> CurrentFrequencyKhz(int cpu) {
  std::ifstream in(fmt::format("/sys/devices/system/cpu/cpu{}/cpufreq/scaling_cur_freq", cpu));
  double khz = 0;
  if (!(in >> khz) || khz <= 0) {
    return std::nullopt;
  }
  return khz;
}

}  // namespace cryptobench::measure
