// Where a measuring worker runs and what else happened on that CPU: the CPUs this process may
// use (sched_getaffinity, which already honours taskset and a cgroup cpuset), the rule that
// picks one CPU per worker, pinning to it, and /proc/stat's per-CPU times (steal) around a
// cell. Knows nothing about crypto. Every system read has a pure parser beside it, for tests.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::measure {

/// One CPU's cumulative times from a /proc/stat "cpu"/"cpuN" line, in USER_HZ ticks
/// (proc(5): user nice system idle iowait irq softirq steal ...; guest time is already inside
/// user and nice, so it is not added again).
struct CpuTimes {
  uint64_t user = 0;
  uint64_t nice = 0;
  uint64_t system = 0;
  uint64_t idle = 0;
  uint64_t iowait = 0;
  uint64_t irq = 0;
  uint64_t softirq = 0;
  uint64_t steal = 0;  ///< time the hypervisor ran something else while this vCPU wanted to run

  /// Sum of the eight fields above, ticks.
  uint64_t Total() const { return user + nice + system + idle + iowait + irq + softirq + steal; }
};

/// Key of the aggregate "cpu" line in ParseProcStat's result.
inline constexpr int kAllCpus = -1;

/// Parses /proc/stat text: every "cpu" (as kAllCpus) and "cpuN" line (as N). Lines with fewer
/// than four numbers, or that are not cpu lines, are skipped; missing trailing fields (kernels
/// before 2.6.11 have no steal) read as 0. Never throws.
std::map<int, CpuTimes> ParseProcStat(std::string_view text);

/// Share of the time between two readings of one CPU that was stolen, 0..1; std::nullopt when
/// no tick passed or a counter went backwards (a CPU hot-plugged in between).
std::optional<double> StealFraction(const CpuTimes& before, const CpuTimes& after);

/// Share of the time between two readings of one CPU that it was idle (idle + iowait), 0..1;
/// std::nullopt as for StealFraction.
std::optional<double> IdleFraction(const CpuTimes& before, const CpuTimes& after);

/// Reads /proc/stat; empty map if it cannot be read (not Linux, no /proc).
std::map<int, CpuTimes> ReadProcStat();

/// The CPUs this process may run on (sched_getaffinity), ascending; empty, with the reason in
/// *why_not, when the call fails.
std::vector<int> AllowedCpus(std::string* why_not);

/// CPUs whose idle shares differ by less than this (0..1) count as equally idle in ChooseCpus.
inline constexpr double kIdleTieTolerance = 0.05;

/// Picks `count` distinct CPUs from `allowed` for `count` workers. The rule: rank the allowed
/// CPUs by idle share (`idle`, 0..1, from two /proc/stat readings; a CPU without one counts as
/// fully idle), idlest first; CPUs within kIdleTieTolerance of the idlest count as equally
/// idle, and among equals CPU 0 comes last (Linux routes most device interrupts and
/// housekeeping there by default), then the lower number first. Returns an empty vector, with
/// the reason in *why_not (may be null), when `allowed` has fewer CPUs than `count` (the workers
/// would have to share one, which pinning would make worse, not better) or is empty.
std::vector<int> ChooseCpus(const std::vector<int>& allowed, const std::map<int, double>& idle,
                            size_t count, std::string* why_not);

/// Looks at every allowed CPU's idle share over `look_seconds` (two /proc/stat readings; 0
/// skips the look and ranks by number alone) and applies ChooseCpus. Empty, with the reason in
/// *why_not, when the allowed set cannot be read or is too small.
std::vector<int> ChooseCpusHere(size_t count, double look_seconds, std::string* why_not);

/// Pins the calling thread (a worker is single-threaded) to `cpu` with sched_setaffinity.
/// False, with the error (e.g. "sched_setaffinity(CPU 3): Invalid argument") in *error, when
/// the kernel refuses: a CPU outside the cgroup's cpuset, a seccomp filter, not Linux.
bool PinToCpu(int cpu, std::string* error);

/// "0-3,6" style list of CPUs (ascending input).
std::string CpuListText(const std::vector<int>& cpus);

}  // namespace cryptobench::measure

namespace cryptobench::measure {

/// Share of stolen time above which a cell counts as disturbed, 0..1.
inline constexpr double kStealLimit = 0.02;
/// Fewest stolen ticks that can flag a cell: /proc/stat counts in USER_HZ ticks (10 ms), so a
/// single tick over a short cell is within the counter's resolution.
inline constexpr uint64_t kMinStolenTicks = 2;
/// Relative change of cpufreq's current frequency over a cell that counts as a disturbance.
inline constexpr double kFrequencyChangeLimit = 0.05;
/// Half-width of a cell's round interval (measure::RoundsInterval), as a fraction of its
/// figure, above which the cell's own rounds disagree: something slowed part of the cell that
/// steal and cpufreq did not show (a neighbour on the host's core, an interrupt storm). From
/// cryptobench's 90 figures of a quiet run (bench/vs-openssl-speed, 9 cells x 10 repetitions,
/// 2026-12-03; docs/methodology.md): 72 of the 83 within 3% of their cell's median had
/// half-widths of 0.1-6.6%, the other 11 10.9-25.6%; the 4 figures 24-37% below their cell's
/// median had 9.2-28.8%. No half-width fell between 6.6% and 9.2%: the limit sits in that gap.
inline constexpr double kRoundsDisagreeLimit = 0.08;

/// What happened on a worker's CPU while it sampled one cell.
struct CellDisturbance {
  std::optional<double> steal;  ///< stolen share of the CPU's time, 0..1; nullopt: not readable
  uint64_t stolen_ticks = 0;
  std::optional<double> khz_before;  ///< cpufreq scaling_cur_freq, kHz; nullopt: not exposed
  std::optional<double> khz_after;
  /// Half-width of the cell's round interval over its figure (RoundsHalfWidth in
  /// measure/sampler.h), 0..; nullopt: fewer than 2 rounds
  std::optional<double> rounds_half_width;
  /// "" when undisturbed, else e.g. "steal 4.1%", "frequency 2600 -> 1800 MHz" or "rounds
  /// disagree (CI +-12.3%)" (joined by "; "): the steal share above kStealLimit with >=
  /// kMinStolenTicks, a frequency change above kFrequencyChangeLimit, or a round half-width
  /// above kRoundsDisagreeLimit.
  std::string Describe() const;
};

/// Readings taken before a cell, for CellWatch::Finish.
class CellWatch {
 public:
  /// Reads /proc/stat (the line of `cpu`, or the aggregate line for kAllCpus) and the CPU's
  /// cpufreq frequency (CPU 0's for kAllCpus) now.
  explicit CellWatch(int cpu);
  /// Reads them again and compares; `rounds_half_width` (the cell's own round interval over its
  /// figure, from the samples just taken; nullopt: not sampled in rounds) is judged with them.
  CellDisturbance Finish(std::optional<double> rounds_half_width = std::nullopt) const;

 private:
  int cpu_;
  std::optional<CpuTimes> before_;
  std::optional<double> khz_before_;
};

/// cpufreq's scaling_cur_freq of `cpu`, kHz (sysfs); nullopt where the kernel exposes none
/// (many virtual machines).
std::optional<double> CurrentFrequencyKhz(int cpu);

}  // namespace cryptobench::measure
