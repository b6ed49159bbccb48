// Multi-core scaling (`speed --threads 1,2,4`): the same cells measured with 1, 2, ... workers
// side by side, turned into aggregate and per-worker throughput, scaling efficiency against one
// worker, CPU utilisation, and a verdict on why efficiency falls (docs/methodology.md,
// "Scaling"). Pure functions of the runs and of the CPU topology given; no clocks, no reads.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/document.h"
#include "report/report.h"
#include "results/model.h"

namespace cryptobench::report {

/// How the online CPUs map to cores, from sysfs (Documentation/ABI/stable/
/// sysfs-devices-system-cpu: cpuX/topology/thread_siblings_list lists the hardware threads that
/// share cpuX's core). Zeros mean unknown.
struct CpuTopology {
  int online_cpus = 0;   ///< online logical CPUs
  int cores = 0;         ///< distinct sibling groups among them (physical cores)
  int max_siblings = 0;  ///< most online hardware threads of one core (2 with SMT on)
};

/// Parses a kernel CPU list such as "0-3,8,10-11" (the format of /sys/devices/system/cpu/online
/// and of thread_siblings_list; trailing whitespace allowed) into ascending CPU numbers.
/// std::nullopt when malformed (or above 65535, beyond any machine this reads).
std::optional<std::vector<int>> ParseCpuList(std::string_view text);

/// Topology from the online list and each online CPU's sibling list (as read from sysfs;
/// `siblings[i]` belongs to `online[i]`, std::nullopt where unreadable). A CPU whose list
/// cannot be read counts as a core of its own; `cores` stays 0 when no list was readable.
CpuTopology TopologyFromLists(const std::vector<int>& online,
                              const std::vector<std::optional<std::string>>& siblings);

/// Why scaling efficiency is what it is at one worker count.
enum class ScalingVerdict {
  kBaseline,           ///< one worker: the reference
  kScales,             ///< efficiency >= kScalesEfficiency
  kContentionOnCpu,    ///< efficiency well below 1, each worker busy on its CPU throughout
  kContentionBlocked,  ///< efficiency well below 1, workers sleeping (voluntary switches)
  kOversubscribed,     ///< efficiency well below 1, workers preempted (waiting for a core)
  kCannotTell,         ///< below kScalesEfficiency, but the evidence does not settle why
  kNotMeasured,        ///< this cell or the one-worker baseline has no figures
};

/// At or above this efficiency a worker count "scales".
inline constexpr double kScalesEfficiency = 0.9;
/// Below this efficiency the loss is "well below 1" and its cause is classified.
inline constexpr double kClassifyBelowEfficiency = 0.75;
/// Mean per-worker CPU time / wall time at or above which workers count as busy throughout.
inline constexpr double kBusyUtilization = 0.9;

/// Stable identifier: "baseline", "scales", "contention_on_cpu", "contention_blocked",
/// "oversubscribed", "cannot_tell", "not_measured".
const char* ScalingVerdictName(ScalingVerdict verdict);
/// A short human label: "contention (on CPU)", "CPU oversubscribed", ...
const char* ScalingVerdictLabel(ScalingVerdict verdict);

/// The evidence of one worker count that Classify reads.
struct ScalingEvidence {
  int workers = 1;
  double efficiency = 0;   ///< aggregate(N) / (N x aggregate(1))
  double utilization = 0;  ///< mean over workers of CPU time / wall time, fraction
  /// Context switches over every sample of every worker (measure::Sample): voluntary ones
  /// (the worker blocked) and involuntary ones (the scheduler preempted it).
  double voluntary_switches = 0;
  double involuntary_switches = 0;
};

/// The verdict for `e` (N > 1): kScales at efficiency >= kScalesEfficiency; kCannotTell between
/// kClassifyBelowEfficiency and it; below, kContentionOnCpu when utilisation >=
/// kBusyUtilization (workers were running all along yet each did less: a spinning lock, SMT
/// siblings or memory bandwidth shared, a lower all-core clock), else the off-CPU time is put
/// down to whichever switches dominate: voluntary -> kContentionBlocked (a sleeping lock, the
/// kernel, a device), involuntary -> kOversubscribed; with neither, kCannotTell.
ScalingVerdict Classify(const ScalingEvidence& e);

/// One worker count of one cell.
struct ScalingPoint {
  int workers = 0;
  results::CellStatus status = results::CellStatus::kOk;
  bool measured = false;  ///< status ok and figures present
  /// False when the run lacks this cell: an interrupted sweep stopped before it (status is
  /// then meaningless; shown as "not measured", status "not_measured" in CSV and JSON).
  bool present = true;
  results::Estimate ops_per_s;                   ///< aggregate over the workers
  std::optional<results::Estimate> bytes_per_s;  ///< symmetric cells
  double per_worker_ops_per_s = 0;               ///< aggregate / workers
  double worker_min_ops_per_s = 0;               ///< slowest worker
  double worker_max_ops_per_s = 0;               ///< fastest worker
  std::optional<results::Estimate> efficiency;   ///< against one worker, with CI bounds
  double utilization = 0;                        ///< mean per-worker CPU / wall time
  double voluntary_switches = 0;                 ///< summed over all samples
  double involuntary_switches = 0;               ///< summed over all samples
  ScalingVerdict verdict = ScalingVerdict::kNotMeasured;
};

/// One (algorithm, operation, input size) across the worker counts.
struct ScalingRow {
  std::string algorithm;
  std::string operation;
  uint64_t input_len = 0;
  bool symmetric = false;
  std::vector<ScalingPoint> points;  ///< one per run, in the runs' order
};

/// Rows for `runs`, one run per worker count (method.threads), the first with 1 worker; cells
/// matched by algorithm, operation and input size as they appear in the first run. Efficiency
/// CI: [low(N) / (N x high(1)), high(N) / (N x low(1))] from the aggregate CIs (conservative).
/// Utilisation: per worker, its CPU time over the larger of its sampled wall time and its
/// window (the window also holds time spent waiting for a core between samples), averaged.
std::vector<ScalingRow> BuildScalingRows(const std::vector<results::RunResult>& runs);

/// Sentences about worker counts the machine cannot give a core each: above the online CPUs
/// (workers time-share), above the cores with SMT (some share a core with a sibling).
std::vector<std::string> ScalingMachineNotes(const std::vector<int>& worker_counts,
                                             const CpuTopology& topology);

/// The CPU topology a saved sweep recorded (RenderScaling's JSON: its "scaling" object's
/// online_cpus, cores and max_siblings), so that `cryptobench report` repeats the machine notes
/// the live run printed. std::nullopt when `doc` has no "scaling" object (not a sweep). Throws
/// std::runtime_error naming the field when one is absent or not an integer from 0 to 65536.
std::optional<CpuTopology> SavedScalingTopology(const nlohmann::json& doc);

/// True for the formats RenderScaling writes: table, JSON, CSV, Markdown and HTML.
bool RendersScaling(Format format);

/// A sweep as a report Document (`runs` as for BuildScalingRows, sanitised first: SanitizeRun):
/// for table and Markdown a short header, one table per algorithm (a row per input size and
/// worker count: aggregate with CI, per worker, efficiency with CI, utilisation, switches,
/// verdict), then the machine notes and what each verdict means; for HTML besides, after each
/// table, a line chart of the efficiency against the worker count per operation and size (the
/// one-worker baseline at 1, CI bands); for CSV one record per cell and worker count, every
/// figure in full. HTML carries the partial mark (MarkPartialHtml).
Document ScalingDocument(const std::vector<results::RunResult>& runs, const CpuTopology& topology);

/// Renders a sweep: `runs` as for BuildScalingRows. Table, Markdown, CSV and HTML: the
/// ScalingDocument (after PartialNotice when partial). JSON: {"schema_version", "runs": [...],
/// "scaling": {...}} (docs/json-schema.md). Any other format (RendersScaling false) throws
/// std::invalid_argument.
void RenderScaling(const std::vector<results::RunResult>& runs, const CpuTopology& topology,
                   Format format, std::ostream& out);

}  // namespace cryptobench::report
