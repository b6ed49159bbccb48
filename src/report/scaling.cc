// Multi-core scaling: rows across worker counts, the verdict on each, and their renderers.
#include "report/scaling.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <memory>
#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "report/document.h"
#include "report/format_util.h"
#include "report/sanitize.h"
#include "report/views.h"
#include "results/json.h"

namespace cryptobench::report {
namespace {

using results::Cell;
using results::Estimate;
using results::RunResult;

constexpr int kMaxCpuNumber = 65535;

double Ratio(double numerator, double denominator) {
  return denominator > 0 ? numerator / denominator : 0;
}

// Mean per-worker utilisation and the switch counts of `cell` (see BuildScalingRows).
void ReadWorkerEvidence(const Cell& cell, ScalingPoint* point) {
  double utilization_sum = 0;
  int workers = 0;
  for (const results::WorkerSamples& worker : cell.workers) {
    double cpu_ns = 0;
    double wall_ns = 0;
    for (const measure::Sample& sample : worker.samples) {
      cpu_ns += static_cast<double>(sample.cpu_ns);
      wall_ns += static_cast<double>(sample.wall_ns);
      point->voluntary_switches += static_cast<double>(sample.voluntary_switches);
      point->involuntary_switches += static_cast<double>(sample.preemptions);
    }
    wall_ns = std::max(wall_ns, static_cast<double>(worker.window_ns));
    if (wall_ns > 0) {
      utilization_sum += cpu_ns / wall_ns;
      ++workers;
    }
  }
  point->utilization = workers > 0 ? utilization_sum / workers : 0;
}

const Cell* FindCell(const RunResult& run, const std::string& algorithm, const Cell& like) {
  for (const results::AlgorithmResult& alg : run.algorithms) {
    if (alg.algorithm != algorithm) {
      continue;
    }
    for (const Cell& cell : alg.cells) {
      if (cell.operation == like.operation && cell.input_len == like.input_len) {
        return &cell;
      }
    }
  }
  return nullptr;
}

std::string RateText(const ScalingRow& row, double ops_per_s) {
  return row.symmetric ? FormatMbPerS(ops_per_s * static_cast<double>(row.input_len))
                       : FormatRate(ops_per_s);
}

// A point's status as CSV and JSON name it: a cell's status, or "not_measured" for a cell the
// run does not hold (an interrupted sweep).
std::string PointStatusName(const ScalingPoint& point) {
  return point.present ? results::CellStatusName(point.status) : "not_measured";
}

std::string AggregateText(const ScalingRow& row, const ScalingPoint& point) {
  if (!point.measured) {
    return point.present ? StatusLabel(point.status) : "not measured";
  }
  return row.symmetric && point.bytes_per_s
             ? FormatRateWithCi(Estimate{point.bytes_per_s->value / 1e6,
                                         point.bytes_per_s->ci_low / 1e6,
                                         point.bytes_per_s->ci_high / 1e6})
             : FormatRateWithCi(point.ops_per_s);
}

std::string PerWorkerText(const ScalingRow& row, const ScalingPoint& point) {
  if (!point.measured) {
    return "";
  }
  if (point.workers == 1) {
    return RateText(row, point.per_worker_ops_per_s);
  }
  return fmt::format("{} ({}-{})", RateText(row, point.per_worker_ops_per_s),
                     RateText(row, point.worker_min_ops_per_s),
                     RateText(row, point.worker_max_ops_per_s));
}

std::string EfficiencyText(const ScalingPoint& point) {
  if (!point.efficiency) {
    return point.workers == 1 && point.measured ? "1" : "n/a";
  }
  if (point.workers == 1) {
    return "1";
  }
  return fmt::format("{:.2f} [{:.2f}, {:.2f}]", point.efficiency->value, point.efficiency->ci_low,
                     point.efficiency->ci_high);
}

std::string UtilizationText(const ScalingPoint& point) {
  return point.measured ? fmt::format("{:.0f}%", point.utilization * 100) : "";
}

// Voluntary / involuntary context switches over every sample of the workers, as in the JSON.
std::string SwitchesText(const ScalingPoint& point) {
  return point.measured
             ? fmt::format("{:.0f}/{:.0f}", point.voluntary_switches, point.involuntary_switches)
             : "";
}

std::vector<int> WorkerCounts(const std::vector<RunResult>& runs) {
  std::vector<int> counts;
  for (const RunResult& run : runs) {
    counts.push_back(run.method.threads);
  }
  return counts;
}

std::string CountsText(const std::vector<int>& counts) {
  std::string text;
  for (int n : counts) {
    text += fmt::format("{}{}", text.empty() ? "" : ", ", n);
  }
  return text;
}

// What each verdict shown means, once, in the order of the enum.
std::vector<std::string> VerdictNotes(const std::vector<ScalingRow>& rows) {
  std::set<ScalingVerdict> seen;
  for (const ScalingRow& row : rows) {
    for (const ScalingPoint& point : row.points) {
      seen.insert(point.verdict);
    }
  }
  std::vector<std::string> notes;
  notes.push_back(fmt::format(
      "Efficiency = aggregate(N) / (N x aggregate(1)), with the interval from the aggregates' "
      "CIs. Utilisation = CPU time / wall time of each worker over its window, averaged. "
      "Switches = voluntary/involuntary context switches over all samples."));
  if (seen.count(ScalingVerdict::kScales) > 0) {
    notes.push_back(fmt::format("scales: efficiency at least {:g}.", kScalesEfficiency));
  }
  if (seen.count(ScalingVerdict::kContentionOnCpu) > 0) {
    notes.push_back(fmt::format(
        "contention (on CPU): efficiency below {:g} while each worker stayed busy (utilisation "
        "at least {:.0f}%): the workers slow each other while running, e.g. a spinning lock "
        "between the processes, SMT siblings sharing a core, memory bandwidth, a lower "
        "all-core clock. Locks inside one process are not shared: each worker is a process.",
        kClassifyBelowEfficiency, kBusyUtilization * 100));
  }
  if (seen.count(ScalingVerdict::kContentionBlocked) > 0) {
    notes.push_back(fmt::format(
        "contention (blocking): efficiency below {:g}, utilisation below {:.0f}% and more "
        "voluntary than involuntary switches: the workers sleep waiting for something they "
        "share (a sleeping lock such as a futex or file lock, the kernel, a device).",
        kClassifyBelowEfficiency, kBusyUtilization * 100));
  }
  if (seen.count(ScalingVerdict::kOversubscribed) > 0) {
    notes.push_back(fmt::format(
        "CPU oversubscribed: efficiency below {:g}, utilisation below {:.0f}% and the workers "
        "were preempted (involuntary switches): they waited for a core, because there are more "
        "workers than free CPUs (other load counts).",
        kClassifyBelowEfficiency, kBusyUtilization * 100));
  }
  if (seen.count(ScalingVerdict::kCannotTell) > 0) {
    notes.push_back(fmt::format(
        "cannot tell: efficiency below {:g} but not clearly enough (or without the evidence) to "
        "name a cause.",
        kScalesEfficiency));
  }
  return notes;
}

std::string Number(double value) { return fmt::format("{}", value); }

// The environment header of the table and Markdown: library, CPU (with the cores when the
// topology was read), method.
FieldList SweepFields(const RunResult& first, const CpuTopology& topology) {
  std::string library = first.library.version.empty() ? "unknown" : first.library.version;
  if (!first.library.backend.empty() && first.library.backend != "openssl") {
    library = fmt::format("{} backend: {}", first.library.backend, library);
  }
  FieldList fields;
  fields.label_width = 10;
  fields.fields.emplace_back("Library", Inline{{library}});
  fields.fields.emplace_back(
      "CPU",
      Inline{{fmt::format("{}, {} online CPUs{}",
                          first.machine.cpu_model.empty() ? "unknown" : first.machine.cpu_model,
                          first.machine.online_cpus,
                          topology.cores > 0 ? fmt::format(", {} cores", topology.cores) : "")}});
  fields.fields.emplace_back("Method", Inline{{MethodLine(first.method)}});
  return fields;
}

// The table of one algorithm: a row per input size and worker count. The aggregate and the
// efficiency carry their figures (aggregate in the algorithm's unit) for HTML's data-value.
Table AlgorithmTable(const std::vector<const ScalingRow*>& rows) {
  const bool symmetric = rows.front()->symmetric;
  Table table;
  table.indent = "  ";
  table.columns = {Column("operation", "", Column::Align::kLeft),
                   Column("size"),
                   Column("workers"),
                   Column("aggregate (95% CI)", "", Column::Align::kRight, Column::Kind::kValue,
                          symmetric ? "MB/s" : "ops/s"),
                   Column("per worker (min-max)"),
                   Column("efficiency [CI]", "", Column::Align::kRight, Column::Kind::kValue),
                   Column("CPU util"),
                   Column("switches v/i"),
                   Column("verdict", "", Column::Align::kLeft)};
  for (const ScalingRow* row : rows) {
    for (const ScalingPoint& point : row->points) {
      TableCell aggregate(AggregateText(*row, point));
      if (point.measured) {
        const Estimate shown =
            row->symmetric && point.bytes_per_s
                ? Estimate{point.bytes_per_s->value / 1e6, point.bytes_per_s->ci_low / 1e6,
                           point.bytes_per_s->ci_high / 1e6}
                : point.ops_per_s;
        aggregate.value = shown.value;
        aggregate.ci_low = shown.ci_low;
        aggregate.ci_high = shown.ci_high;
      }
      TableCell efficiency(EfficiencyText(point));
      if (point.efficiency && point.workers != 1) {
        efficiency.value = point.efficiency->value;
        efficiency.ci_low = point.efficiency->ci_low;
        efficiency.ci_high = point.efficiency->ci_high;
      }
      table.rows.push_back({row->operation, row->symmetric ? FormatSize(row->input_len) : "",
                            std::to_string(point.workers), std::move(aggregate),
                            PerWorkerText(*row, point), std::move(efficiency),
                            UtilizationText(point), SwitchesText(point),
                            ScalingVerdictLabel(point.verdict)});
    }
  }
  return table;
}

// HTML: the efficiency of each operation and size against the worker count (1 = perfect
// scaling; the one-worker baseline is 1 by definition), with the CI band of each efficiency.
Chart EfficiencyChart(const std::vector<const ScalingRow*>& rows) {
  Chart chart;
  chart.kind = Chart::Kind::kLine;
  chart.title = fmt::format("{}: scaling efficiency against workers (1 = linear scaling)",
                            rows.front()->algorithm);
  chart.x_label = "workers";
  chart.y_label = "efficiency";
  chart.series_label = "operation and size";
  chart.significant_digits = 3;
  for (const ScalingRow* row : rows) {
    ChartSeries series;
    series.name = row->symmetric ? fmt::format("{} {}", row->operation, FormatSize(row->input_len))
                                 : row->operation;
    for (const ScalingPoint& point : row->points) {
      ChartPoint p;
      p.x = point.workers;
      p.x_label = std::to_string(point.workers);
      if (point.verdict == ScalingVerdict::kBaseline) {
        p.value = 1;
      } else if (point.efficiency) {
        p.value = point.efficiency->value;
        p.ci_low = point.efficiency->ci_low;
        p.ci_high = point.efficiency->ci_high;
      } else {
        continue;  // not measured, or no baseline: nothing to draw
      }
      series.points.push_back(std::move(p));
    }
    if (!series.points.empty()) {
      chart.series.push_back(std::move(series));
    }
  }
  return chart;
}

// CSV: one record per cell and worker count, every figure in full.
Table CsvTable(const std::vector<ScalingRow>& rows) {
  Table table;
  for (const char* header :
       {"algorithm", "operation", "input_len", "workers", "status", "ops_per_s", "ops_per_s_ci_low",
        "ops_per_s_ci_high", "bytes_per_s", "per_worker_ops_per_s", "worker_min_ops_per_s",
        "worker_max_ops_per_s", "efficiency", "efficiency_ci_low", "efficiency_ci_high",
        "cpu_utilization", "voluntary_switches", "involuntary_switches", "verdict"}) {
    table.columns.emplace_back(header);
  }
  for (const ScalingRow& row : rows) {
    for (const ScalingPoint& point : row.points) {
      std::vector<TableCell> fields = {row.algorithm, row.operation, std::to_string(row.input_len),
                                       std::to_string(point.workers), PointStatusName(point)};
      if (point.measured) {
        fields.insert(fields.end(),
                      {Number(point.ops_per_s.value), Number(point.ops_per_s.ci_low),
                       Number(point.ops_per_s.ci_high),
                       point.bytes_per_s ? Number(point.bytes_per_s->value) : "",
                       Number(point.per_worker_ops_per_s), Number(point.worker_min_ops_per_s),
                       Number(point.worker_max_ops_per_s)});
        if (point.efficiency) {
          fields.insert(fields.end(),
                        {Number(point.efficiency->value), Number(point.efficiency->ci_low),
                         Number(point.efficiency->ci_high)});
        } else {
          fields.insert(fields.end(), {"", "", ""});
        }
        fields.insert(fields.end(), {Number(point.utilization), Number(point.voluntary_switches),
                                     Number(point.involuntary_switches)});
      } else {
        fields.insert(fields.end(), 13, TableCell(""));
      }
      fields.emplace_back(ScalingVerdictName(point.verdict));
      table.rows.push_back(std::move(fields));
    }
  }
  return table;
}

nlohmann::ordered_json EstimateJson(const Estimate& e) {
  nlohmann::ordered_json j;
  j["value"] = e.value;
  j["ci_low"] = e.ci_low;
  j["ci_high"] = e.ci_high;
  return j;
}

void WriteJson(const std::vector<RunResult>& runs, const std::vector<ScalingRow>& rows,
               const CpuTopology& topology, std::ostream& out) {
  nlohmann::ordered_json doc;
  doc["schema_version"] = results::kSchemaVersion;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const RunResult& run : runs) {
    list.push_back(results::ToJson(run));
  }
  doc["runs"] = std::move(list);
  nlohmann::ordered_json scaling;
  const std::vector<int> counts = WorkerCounts(runs);
  scaling["worker_counts"] = counts;
  scaling["online_cpus"] = topology.online_cpus;
  scaling["cores"] = topology.cores;
  scaling["max_siblings"] = topology.max_siblings;
  scaling["notes"] = ScalingMachineNotes(counts, topology);
  nlohmann::ordered_json cells = nlohmann::ordered_json::array();
  for (const ScalingRow& row : rows) {
    nlohmann::ordered_json cell;
    cell["algorithm"] = row.algorithm;
    cell["operation"] = row.operation;
    cell["input_len"] = row.input_len;
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    for (const ScalingPoint& point : row.points) {
      nlohmann::ordered_json p;
      p["workers"] = point.workers;
      p["status"] = PointStatusName(point);
      if (point.measured) {
        p["ops_per_s"] = EstimateJson(point.ops_per_s);
        if (point.bytes_per_s) {
          p["bytes_per_s"] = EstimateJson(*point.bytes_per_s);
        }
        p["per_worker_ops_per_s"] = point.per_worker_ops_per_s;
        p["worker_min_ops_per_s"] = point.worker_min_ops_per_s;
        p["worker_max_ops_per_s"] = point.worker_max_ops_per_s;
        if (point.efficiency) {
          p["efficiency"] = EstimateJson(*point.efficiency);
        }
        p["cpu_utilization"] = point.utilization;
        p["voluntary_switches"] = point.voluntary_switches;
        p["involuntary_switches"] = point.involuntary_switches;
      }
      p["verdict"] = ScalingVerdictName(point.verdict);
      points.push_back(std::move(p));
    }
    cell["points"] = std::move(points);
    cells.push_back(std::move(cell));
  }
  scaling["cells"] = std::move(cells);
  doc["scaling"] = std::move(scaling);
  out << doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
}

}  // namespace

std::optional<std::vector<int>> ParseCpuList(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  std::vector<int> cpus;
  if (text.empty()) {
    return cpus;
  }
  size_t pos = 0;
  const auto number = [&](int* out) {
    const size_t begin = pos;
    int64_t value = 0;
    while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
      value = value * 10 + (text[pos] - '0');
      if (value > kMaxCpuNumber) {
        return false;
      }
      ++pos;
    }
    *out = static_cast<int>(value);
    return pos > begin;
  };
  for (;;) {
    int low = 0;
    if (!number(&low)) {
      return std::nullopt;
    }
    int high = low;
    if (pos < text.size() && text[pos] == '-') {
      ++pos;
      if (!number(&high) || high < low) {
        return std::nullopt;
      }
    }
    for (int cpu = low; cpu <= high; ++cpu) {
      cpus.push_back(cpu);
    }
    if (pos == text.size()) {
      break;
    }
    if (text[pos] != ',') {
      return std::nullopt;
    }
    ++pos;
  }
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  return cpus;
}

CpuTopology TopologyFromLists(const std::vector<int>& online,
                              const std::vector<std::optional<std::string>>& siblings) {
  CpuTopology topology;
  topology.online_cpus = static_cast<int>(online.size());
  const std::set<int> online_set(online.begin(), online.end());
  std::set<std::vector<int>> cores;
  bool any_read = false;
  for (size_t i = 0; i < online.size(); ++i) {
    std::optional<std::vector<int>> group;
    if (i < siblings.size() && siblings[i]) {
      group = ParseCpuList(*siblings[i]);
    }
    std::vector<int> core;
    if (group) {
      any_read = true;
      for (int cpu : *group) {
        if (online_set.count(cpu) > 0) {
          core.push_back(cpu);
        }
      }
    }
    if (core.empty()) {
      core.push_back(online[i]);
    }
    topology.max_siblings = std::max(topology.max_siblings, static_cast<int>(core.size()));
    cores.insert(std::move(core));
  }
  if (any_read) {
    topology.cores = static_cast<int>(cores.size());
  } else {
    topology.max_siblings = 0;
  }
  return topology;
}

const char* ScalingVerdictName(ScalingVerdict verdict) {
  switch (verdict) {
    case ScalingVerdict::kBaseline:
      return "baseline";
    case ScalingVerdict::kScales:
      return "scales";
    case ScalingVerdict::kContentionOnCpu:
      return "contention_on_cpu";
    case ScalingVerdict::kContentionBlocked:
      return "contention_blocked";
    case ScalingVerdict::kOversubscribed:
      return "oversubscribed";
    case ScalingVerdict::kCannotTell:
      return "cannot_tell";
    case ScalingVerdict::kNotMeasured:
      break;
  }
  return "not_measured";
}

const char* ScalingVerdictLabel(ScalingVerdict verdict) {
  switch (verdict) {
    case ScalingVerdict::kBaseline:
      return "baseline";
    case ScalingVerdict::kScales:
      return "scales";
    case ScalingVerdict::kContentionOnCpu:
      return "contention (on CPU)";
    case ScalingVerdict::kContentionBlocked:
      return "contention (blocking)";
    case ScalingVerdict::kOversubscribed:
      return "CPU oversubscribed";
    case ScalingVerdict::kCannotTell:
      return "cannot tell";
    case ScalingVerdict::kNotMeasured:
      break;
  }
  return "not measured";
}

ScalingVerdict Classify(const ScalingEvidence& e) {
  if (e.workers <= 1) {
    return ScalingVerdict::kBaseline;
  }
  if (e.efficiency >= kScalesEfficiency) {
    return ScalingVerdict::kScales;
  }
  if (e.efficiency >= kClassifyBelowEfficiency) {
    return ScalingVerdict::kCannotTell;
  }
  if (e.utilization >= kBusyUtilization) {
    return ScalingVerdict::kContentionOnCpu;
  }
  if (e.voluntary_switches > e.involuntary_switches) {
    return ScalingVerdict::kContentionBlocked;
  }
  if (e.involuntary_switches > 0) {
    return ScalingVerdict::kOversubscribed;
  }
  return ScalingVerdict::kCannotTell;
}

std::vector<ScalingRow> BuildScalingRows(const std::vector<RunResult>& runs) {
  std::vector<ScalingRow> rows;
  if (runs.empty()) {
    return rows;
  }
  for (const results::AlgorithmResult& alg : runs.front().algorithms) {
    for (const Cell& like : alg.cells) {
      ScalingRow row;
      row.algorithm = alg.algorithm;
      row.operation = like.operation;
      row.input_len = like.input_len;
      row.symmetric = results::IsSymmetricCell(alg.algorithm, like);
      for (const RunResult& run : runs) {
        ScalingPoint point;
        point.workers = run.method.threads;
        const Cell* cell = FindCell(run, alg.algorithm, like);
        point.present = cell != nullptr;
        point.status = cell != nullptr ? cell->status : results::CellStatus::kError;
        point.measured =
            cell != nullptr && cell->status == results::CellStatus::kOk && cell->figures;
        if (point.measured) {
          const results::CellFigures& f = *cell->figures;
          point.ops_per_s = f.ops_per_s;
          point.bytes_per_s = f.bytes_per_s;
          point.per_worker_ops_per_s = Ratio(f.ops_per_s.value, point.workers);
          point.worker_min_ops_per_s = f.worker_min_ops_per_s;
          point.worker_max_ops_per_s = f.worker_max_ops_per_s;
          ReadWorkerEvidence(*cell, &point);
        }
        row.points.push_back(point);
      }
      const ScalingPoint* baseline = nullptr;
      for (const ScalingPoint& point : row.points) {
        if (point.workers == 1 && point.measured) {
          baseline = &point;
          break;
        }
      }
      for (ScalingPoint& point : row.points) {
        if (!point.measured) {
          continue;
        }
        if (point.workers == 1) {
          point.verdict = ScalingVerdict::kBaseline;
          continue;
        }
        if (baseline == nullptr || baseline->ops_per_s.value <= 0) {
          continue;  // kNotMeasured: nothing to compare against
        }
        const double n = point.workers;
        Estimate efficiency;
        efficiency.value = point.ops_per_s.value / (n * baseline->ops_per_s.value);
        efficiency.ci_low = Ratio(point.ops_per_s.ci_low, n * baseline->ops_per_s.ci_high);
        efficiency.ci_high = Ratio(point.ops_per_s.ci_high, n * baseline->ops_per_s.ci_low);
        point.efficiency = efficiency;
        point.verdict =
            Classify(ScalingEvidence{point.workers, efficiency.value, point.utilization,
                                     point.voluntary_switches, point.involuntary_switches});
      }
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

std::vector<std::string> ScalingMachineNotes(const std::vector<int>& worker_counts,
                                             const CpuTopology& topology) {
  std::vector<std::string> notes;
  for (int n : worker_counts) {
    if (topology.online_cpus > 0 && n > topology.online_cpus) {
      notes.push_back(fmt::format(
          "{} workers exceed the {} online CPUs: they time-share cores, so efficiency at {} "
          "cannot reach 1 and the verdict there is expected to be 'CPU oversubscribed'.",
          n, topology.online_cpus, n));
    } else if (topology.cores > 0 && topology.max_siblings > 1 && n > topology.cores) {
      notes.push_back(fmt::format(
          "{} workers exceed the {} cores ({} online CPUs, SMT): at least {} of them share a "
          "core with a sibling hardware thread, which shares its execution units and caches "
          "(sysfs thread_siblings_list), so efficiency below 1 there is expected.",
          n, topology.cores, topology.online_cpus, 2 * (n - topology.cores)));
    }
  }
  if (topology.cores > 0 && topology.max_siblings > 1) {
    notes.push_back(fmt::format(
        "SMT is on ({} hardware threads per core at most) and workers are not pinned: even with "
        "no more workers than cores, the scheduler may place two on siblings of one core.",
        topology.max_siblings));
  }
  if (topology.cores == 0) {
    notes.push_back(
        "The core topology could not be read (sysfs thread_siblings_list): whether workers "
        "shared a core is not known.");
  }
  return notes;
}

std::optional<CpuTopology> SavedScalingTopology(const nlohmann::json& doc) {
  if (!doc.is_object() || !doc.contains("scaling")) {
    return std::nullopt;
  }
  const nlohmann::json& scaling = doc.at("scaling");
  if (!scaling.is_object()) {
    throw std::runtime_error("scaling sweep: \"scaling\" is not an object");
  }
  const auto count = [&scaling](const char* key) {
    const nlohmann::json* field = scaling.contains(key) ? &scaling.at(key) : nullptr;
    if (field == nullptr || !field->is_number_integer() || field->get<int64_t>() < 0 ||
        field->get<int64_t>() > kMaxCpuNumber + 1) {
      throw std::runtime_error(
          fmt::format("scaling sweep: \"scaling\".\"{}\" is not a CPU count", key));
    }
    return static_cast<int>(field->get<int64_t>());
  };
  return CpuTopology{count("online_cpus"), count("cores"), count("max_siblings")};
}

bool RendersScaling(Format format) {
  return format == Format::kTable || format == Format::kJson || format == Format::kCsv ||
         format == Format::kMarkdown || format == Format::kHtml;
}

Document ScalingDocument(const std::vector<RunResult>& runs, const CpuTopology& topology) {
  Document doc;
  if (runs.empty()) {
    return doc;
  }
  const RunResult& first = runs.front();
  const std::vector<int> counts = WorkerCounts(runs);
  const std::vector<ScalingRow> rows = BuildScalingRows(runs);
  doc.Add(Heading{fmt::format("cryptobench {} speed: scaling over {} workers",
                              first.source.tool_version, CountsText(counts)),
                  1},
          kTextTarget);
  doc.Add(Heading{fmt::format("cryptobench speed: scaling over {} workers", CountsText(counts)), 1},
          kMarkdownTarget);
  doc.Add(SweepFields(first, topology), kHumanTargets);
  for (size_t begin = 0; begin < rows.size();) {
    std::vector<const ScalingRow*> algorithm;  // the rows of one algorithm, in order
    size_t end = begin;
    for (; end < rows.size() && rows[end].algorithm == rows[begin].algorithm; ++end) {
      algorithm.push_back(&rows[end]);
    }
    doc.Add(Heading{fmt::format("{} ({})", rows[begin].algorithm,
                                rows[begin].symmetric ? "MB/s" : "ops/s"),
                    2},
            kHumanTargets);
    doc.Add(AlgorithmTable(algorithm), kHumanTargets);
    Chart chart = EfficiencyChart(algorithm);
    if (!chart.series.empty()) {
      doc.Add(std::move(chart), kHtmlTarget);
    }
    begin = end;
  }
  doc.Add(Heading{"Notes:", 2}, kTextTarget);
  NoteList notes;
  notes.markdown_heading = "Notes";
  notes.text_blank_line = false;
  notes.text_prefix = "  - ";
  // The run's own caveats first (an emulated run: the timings say nothing about any CPU).
  for (const std::string& caveat : first.source.caveats) {
    notes.notes.emplace_back(caveat);
  }
  for (std::string& note : ScalingMachineNotes(counts, topology)) {
    notes.notes.emplace_back(std::move(note));
  }
  for (std::string& note : VerdictNotes(rows)) {
    notes.notes.emplace_back(std::move(note));
  }
  doc.Add(std::move(notes), kHumanTargets);
  doc.Add(CsvTable(rows), kCsvTarget);
  MarkPartialHtml(runs, doc);
  return doc;
}

void RenderScaling(const std::vector<RunResult>& unsafe_runs, const CpuTopology& topology,
                   Format format, std::ostream& out) {
  if (!RendersScaling(format)) {
    throw std::invalid_argument(
        "a scaling sweep is rendered as table, json, csv, markdown or html");
  }
  if (unsafe_runs.empty()) {
    return;
  }
  if (format == Format::kJson) {
    WriteJson(unsafe_runs, BuildScalingRows(unsafe_runs), topology, out);
    return;
  }
  std::vector<RunResult> runs = unsafe_runs;
  for (RunResult& run : runs) {
    SanitizeRun(run);
  }
  const Document doc = ScalingDocument(runs, topology);
  if (format == Format::kHtml) {
    WriteHtml(doc, out);
    return;
  }
  out << PartialNotice(runs, format);
  if (format == Format::kTable) {
    WriteText(doc, out);
  } else if (format == Format::kMarkdown) {
    WriteMarkdown(doc, out);
  } else {
    WriteCsv(doc, out);
  }
}

}  // namespace cryptobench::report
