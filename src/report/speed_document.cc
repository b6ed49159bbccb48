// A speed run (or an imported one) as a report::Document: environment, symmetric throughput
// grid with CIs, CPU cost at the largest size (terminal only), public-key and other ops/s rows,
// notes; and the per-cell table CSV writes. RenderTable, RenderMarkdown and RenderCsv are its
// writers.
#include <algorithm>
#include <iterator>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/catalog_entry.h"
#include "report/document.h"
#include "report/format_util.h"
#include "report/report.h"
#include "report/sanitize.h"
#include "report/speed_charts.h"
#include "report/views.h"
#include "results/pasted_cpu.h"

namespace cryptobench::report {
namespace {

using results::Cell;
using results::CellStatus;
using results::RunResult;
using Align = Column::Align;

constexpr size_t kWrapColumns = 110;
constexpr size_t kLabelWidth = 16;

Field Text(std::string label, std::string value) {
  return {std::move(label), {{std::move(value)}}, kTextTarget};
}
Field Markdown(std::string label, Inline value) {
  return {std::move(label), std::move(value), kMarkdownTarget};
}
Field Both(std::string label, std::string value) {
  return {std::move(label), {{std::move(value)}}, kHumanTargets};
}
Span Code(std::string text) { return {std::move(text), true}; }

// The title line of the terminal report.
std::string TextTitle(const RunResult& run) {
  std::string title = fmt::format("{} {}", run.source.tool, run.source.tool_version);
  if (IsImported(run) && run.source.tool_version.empty()) {
    title = run.source.tool;  // the paste did not say which version
  }
  if (run.source.kind == "imported") {
    title += fmt::format(" (figures imported from {})", run.source.file);
  }
  if (!run.created_utc.empty()) {
    title += fmt::format(", run of {}", run.created_utc);
  }
  return title;
}

Field ToolField(const RunResult& run) {
  Inline tool = {{run.source.tool}};
  if (!run.source.tool_version.empty()) {
    tool.push_back({" " + run.source.tool_version});
  }
  if (run.source.kind == "imported") {
    tool.push_back({fmt::format(" (imported from {})", run.source.file)});
  }
  return Markdown("Tool", std::move(tool));
}

// The CPU an imported run's pasted lines name when the run itself names none
// (results::PastedCpuModels): one model with its line, several different ones (machines pasted
// together) named as such, "not in the report" when there is none.
std::string PastedCpuModel(const RunResult& run) {
  const std::vector<results::PastedCpuModel> models = results::PastedCpuModels(run);
  if (models.empty()) {
    return "not in the report";
  }
  if (models.size() == 1) {
    return fmt::format("{} (as pasted, line {})", models[0].model, models[0].line);
  }
  std::vector<std::string> lines;
  for (const results::PastedCpuModel& m : models) {
    lines.push_back(std::to_string(m.line));
  }
  return fmt::format("{} different models pasted (lines {}): not one run's", models.size(),
                     fmt::join(lines, ", "));
}

// An imported run's environment: what the text says, without the fields only a measurement
// has (online CPUs, tick counter, the loaded file).
void AddImportedEnvironment(const RunResult& run, FieldList& list) {
  const auto& library = run.library;
  std::string cpu = run.machine.cpu_model.empty() ? PastedCpuModel(run) : run.machine.cpu_model;
  if (!run.machine.arch.empty()) {
    cpu += fmt::format(" ({})", run.machine.arch);
  }
  list.fields.push_back(Both("CPU", cpu));
  list.fields.push_back(
      Both("Library", library.version.empty() ? "not in the report" : library.version));
  list.fields.push_back(Text("  capabilities", PastedCapabilityText(library)));
  list.fields.push_back(Markdown("Capability vector", {Code(PastedCapabilityText(library))}));
  if (!library.cflags.empty()) {
    const std::string flags = StripPrefix(library.cflags, "compiler: ");
    list.fields.push_back(Text("  compiler", flags));
    list.fields.push_back(Markdown("Build", {Code(flags)}));
  }
  if (!library.platform.empty()) {
    const std::string platform = StripPrefix(library.platform, "platform: ");
    list.fields.push_back(Text("  platform", platform));
    list.fields.push_back(Markdown("Platform", {{platform}}));
  }
  if (!library.built_on.empty()) {
    const std::string built_on = StripPrefix(library.built_on, "built on: ");
    list.fields.push_back(Text("  built on", built_on));
    list.fields.push_back(Markdown("Built on", {{built_on}}));
  }
  list.fields.push_back(Both("Method", ImportedMethodLine(run)));
}

void AddEnvironment(const RunResult& run, Document& doc) {
  doc.Add(Heading{TextTitle(run), 1}, kTextTarget);
  doc.Add(Heading{"cryptobench results", 1}, kMarkdownTarget);
  doc.Add(Heading{"Environment", 2}, kMarkdownTarget);
  FieldList& list = doc.Add(FieldList{{}, "", kLabelWidth, kWrapColumns, true}, kHumanTargets);
  list.fields.push_back(ToolField(run));
  if (IsImported(run)) {
    AddImportedEnvironment(run, list);
    return;
  }
  const auto& machine = run.machine;
  const auto& library = run.library;
  // "X, 2 online CPUs, virtual machine (x86_64)"; the terminal says "unknown CPU", Markdown
  // "unknown" when the model is not known.
  const std::string rest = fmt::format(
      ", {} online CPUs{}{}", machine.online_cpus, machine.hypervisor ? ", virtual machine" : "",
      machine.arch.empty() ? "" : fmt::format(" ({})", machine.arch));
  if (machine.cpu_model.empty()) {
    list.fields.push_back(Text("CPU", "unknown CPU" + rest));
    list.fields.push_back(Markdown("CPU", {{"unknown" + rest}}));
  } else {
    list.fields.push_back(Both("CPU", machine.cpu_model + rest));
  }
  if (!machine.kernel.empty()) {
    list.fields.push_back(Markdown("Kernel", {{machine.kernel}}));
  }
  list.fields.push_back(Both("Tick counter", TickCounterLine(machine)));
  // A measured run's caveats (speed adds one under emulation, cpu/emulation.h).
  for (const std::string& caveat : run.source.caveats) {
    list.fields.push_back(Both("Caveat", caveat));
  }
  const std::string version = library.version.empty() ? "unknown" : library.version;
  const bool other_backend = !library.backend.empty() && library.backend != "openssl";
  const std::string backend = other_backend ? library.backend + " backend: " : "";
  const std::string loaded = library.loaded_path.empty() ? "unknown" : library.loaded_path;
  list.fields.push_back(Text("Library", backend + version));  // e.g. "sodium backend: 1.0.18"
  list.fields.push_back(Text("  loaded", loaded));
  list.fields.push_back(
      Markdown("Library", {{backend + version}, {", loaded from "}, Code(loaded)}));
  if (!library.file_sha256.empty()) {  // recorded since results carry it; absent before
    list.fields.push_back(Text("  sha256", library.file_sha256));
    list.fields.push_back(Markdown("Library SHA-256", {Code(library.file_sha256)}));
  }
  if (!library.requested_path.empty() && library.requested_path != library.loaded_path) {
    list.fields.push_back(Text("  requested", library.requested_path));
    list.fields.push_back(Markdown("Requested library", {Code(library.requested_path)}));
  }
  list.fields.push_back(Text("  capabilities", CapabilityText(library)));
  list.fields.push_back(Markdown("Capability vector", {Code(CapabilityText(library))}));
  if (!library.cflags.empty()) {
    const std::string flags = StripPrefix(library.cflags, "compiler: ");
    list.fields.push_back(Text("  compiler", flags));
    list.fields.push_back(Markdown("Build", {Code(flags)}));
  }
  const std::string platform =
      fmt::format("{}; {}", StripPrefix(library.platform, "platform: "), library.built_on);
  if (!library.platform.empty() || !library.built_on.empty()) {
    list.fields.push_back(Text("  platform", platform));
  }
  if (!library.platform.empty()) {
    list.fields.push_back(Markdown("Platform", {{platform}}));
  }
  if (!library.worker_env.empty()) {
    std::string env;
    for (const auto& [name, value] : library.worker_env) {
      env += fmt::format("{}{}={}", env.empty() ? "" : " ", name, value);
    }
    list.fields.push_back(Text("Worker env", env));
  }
  for (const auto& [name, value] : library.worker_env) {
    list.fields.push_back(Markdown("Worker environment", {Code(name + "=" + value)}));
  }
  list.fields.push_back(Both("Method", MethodLine(run.method)));
  if (run.method.threads > 1) {
    list.fields.push_back(
        Text("Threads",
             fmt::format("{} worker processes per cell, side by side; throughput is their sum",
                         run.method.threads)));
    list.fields.push_back(
        Markdown("Threads", {{fmt::format("{} worker processes per cell; throughput is their sum",
                                          run.method.threads)}}));
    if (machine.online_cpus > 0 && run.method.threads > machine.online_cpus) {
      doc.Add(Paragraph{fmt::format("warning: {} threads on {} online CPUs: workers share cores, "
                                    "so the sum understates the machine",
                                    run.method.threads, machine.online_cpus)},
              kTextTarget);
    }
  }
}

TableCell Figure(std::string text, const results::Estimate& estimate, double scale) {
  TableCell cell(std::move(text));
  cell.value = estimate.value * scale;
  cell.ci_low = estimate.ci_low * scale;
  cell.ci_high = estimate.ci_high * scale;
  return cell;
}

void AddSymmetric(const RunResult& run, const SymmetricGrid& grid, Document& doc) {
  const bool imported = IsImported(run);
  const double confidence = run.method.confidence * 100;
  if (imported) {
    AddSection(
        doc, "Symmetric throughput, MB/s (10^6 bytes/s): one figure per cell as reported, no CI",
        "Symmetric throughput", "MB/s = 10^6 bytes/s; one figure per cell as reported, no CI.");
  } else {
    AddMeasuredSymmetricSection(doc, confidence);
  }
  Table table;
  table.columns = {{"algorithm", "Algorithm", Align::kLeft},
                   {"operation", "Operation", Align::kLeft}};
  for (size_t i = 0; i < grid.sizes.size(); ++i) {
    // Size 0 is "unknown size" where a figure there is a throughput (HasUnknownSize).
    const bool unknown = std::any_of(grid.rows.begin(), grid.rows.end(), [&](const auto& row) {
      return row.cells[i] != nullptr && HasUnknownSize(*row.cells[i]);
    });
    table.columns.push_back({unknown ? FormatThroughputSize(0) : FormatSize(grid.sizes[i]), "",
                             Align::kRight, Column::Kind::kValue, "MB/s"});
  }
  for (const SymmetricRow& row : grid.rows) {
    std::vector<TableCell> cells = {row.name, row.operation};
    if (const CellStatus row_status = row.RowStatus(); row_status != CellStatus::kOk) {
      // A row that failed as a whole names its status once, across the size columns.
      const Cell* first = row.FirstPresent();
      cells.emplace_back(first != nullptr ? StatusText(*first) : StatusLabel(row_status));
    } else {
      for (const Cell* cell : row.cells) {
        const std::string text = imported ? ImportedCellText(cell) : SymmetricCellText(cell);
        if (cell != nullptr && cell->figures && cell->figures->bytes_per_s) {
          cells.push_back(Figure(text, *cell->figures->bytes_per_s, 1e-6));
        } else {
          cells.emplace_back(text);
        }
      }
    }
    table.rows.push_back(std::move(cells));
  }
  doc.Add(std::move(table), kHumanTargets);
}

void AddCpuCost(const RunResult& run, const SymmetricGrid& grid, Document& doc) {
  bool any_rows = false;
  bool multi_worker = false;
  for (const SymmetricRow& row : grid.rows) {
    if (const Cell* cell = row.LargestMeasured()) {
      any_rows = true;
      multi_worker = multi_worker || cell->figures->num_workers > 1;
    }
  }
  if (!any_rows) {
    return;
  }
  const bool ticks = HasTickCounter(run.machine);
  const std::string counter = TickCounterName(run.machine);
  doc.Add(Heading{"CPU cost at the largest measured size", 2}, kTextTarget);
  Table table;
  table.columns = {{"algorithm", "", Align::kLeft},
                   {"operation", "", Align::kLeft},
                   {"size", "", Align::kRight},
                   {"CPU ns/B", "", Align::kRight, Column::Kind::kValue, "ns/B"},
                   {"CPU util", "", Align::kRight, Column::Kind::kValue, "%"},
                   {"", "", Align::kLeft, Column::Kind::kFlag},
                   {"cpb@" + counter, "", Align::kRight, Column::Kind::kValue, "ticks/B"}};
  if (multi_worker) {
    table.columns.push_back({"per-worker MB/s", "", Align::kRight});
  }
  for (const SymmetricRow& row : grid.rows) {
    const Cell* cell = row.LargestMeasured();
    if (cell == nullptr) {
      continue;
    }
    const results::CellFigures& f = *cell->figures;
    const auto len = static_cast<double>(cell->input_len);
    TableCell cost(FormatCost(f.cpu_ns_per_op / len));
    cost.value = f.cpu_ns_per_op / len;
    TableCell util(fmt::format("{:.0f}%", f.cpu_utilization * 100));
    util.value = f.cpu_utilization * 100;
    TableCell cpb(ticks ? FormatCost(f.ticks_per_op / len) : "n/a");
    if (ticks) {
      cpb.value = f.ticks_per_op / len;
    }
    std::vector<TableCell> cells = {
        row.name,        row.operation,   FormatThroughputSize(cell->input_len),
        std::move(cost), std::move(util), f.cpu_wall_mismatch ? "!" : "",
        std::move(cpb)};
    if (multi_worker) {
      cells.emplace_back(f.num_workers > 1 ? fmt::format("{} x {}-{}", f.num_workers,
                                                         FormatMbPerS(f.worker_min_ops_per_s * len),
                                                         FormatMbPerS(f.worker_max_ops_per_s * len))
                                           : "");
    }
    table.rows.push_back(std::move(cells));
  }
  doc.Add(std::move(table), kTextTarget);
  if (ticks) {
    doc.Add(Paragraph{fmt::format("cpb@{}: {} ticks per byte at the counter's constant rate; with "
                                  "turbo or frequency scaling,\n  core cycles per byte differ.",
                                  counter, counter)},
            kTextTarget);
  }
}

// The ops/s rows whose `public_key` is `public_key`, under their own heading: public-key
// operations, or other figures without an input size (an imported one-block cipher call, a KDF
// iteration).
void AddPublicKey(const RunResult& run, const std::vector<PublicKeyRow>& all_rows, bool public_key,
                  Document& doc) {
  std::vector<PublicKeyRow> rows;
  std::copy_if(all_rows.begin(), all_rows.end(), std::back_inserter(rows),
               [&](const PublicKeyRow& row) { return row.public_key == public_key; });
  if (rows.empty()) {
    return;
  }
  const bool ticks = HasTickCounter(run.machine);
  const bool imported = IsImported(run);
  const std::string title = public_key ? "Public-key operations" : "Other operations, per call";
  if (imported) {
    AddSection(
        doc, fmt::format("{}: ops/s as reported (one figure, no CI; µs/op = 10^6 / ops/s)", title),
        title, "ops/s as reported (one figure, no CI); µs/op = 10^6 / ops/s.");
  } else {
    const double confidence = run.method.confidence * 100;
    AddSection(doc, fmt::format("{}: median ops/s ± half-width of its {:g}% CI", title, confidence),
               title, fmt::format("Median ops/s ± half-width of its {:g}% CI.", confidence));
  }
  Table table;
  table.columns = {{"operation", "Operation", Align::kLeft},
                   {"ops/s", "", Align::kRight, Column::Kind::kValue, "ops/s"},
                   {"µs/op", "", Align::kRight, Column::Kind::kValue, "µs"},
                   {"CPU util", "", Align::kRight, Column::Kind::kValue, "%"},
                   {"", "", Align::kLeft, Column::Kind::kFlag},
                   {"Mcycles@" + TickCounterName(run.machine), "", Align::kRight,
                    Column::Kind::kValue, "Mticks"}};
  for (const PublicKeyRow& row : rows) {
    if (row.cell == nullptr || row.cell->status != CellStatus::kOk || !row.cell->figures) {
      table.rows.push_back(
          {row.Label(), row.cell == nullptr ? "unsupported" : StatusText(*row.cell)});
      continue;
    }
    const results::CellFigures& f = *row.cell->figures;
    if (imported) {
      TableCell rate(FormatRate(f.ops_per_s.value));
      rate.value = f.ops_per_s.value;
      table.rows.push_back(
          {row.Label(), std::move(rate), FormatRate(1e6 / f.ops_per_s.value), "n/a", "", "n/a"});
      continue;
    }
    TableCell us(FormatRate(f.wall_ns_per_op / 1e3));
    us.value = f.wall_ns_per_op / 1e3;
    TableCell util(fmt::format("{:.0f}%", f.cpu_utilization * 100));
    util.value = f.cpu_utilization * 100;
    TableCell mcycles(ticks ? FormatCost(f.ticks_per_op / 1e6) : "n/a");
    if (ticks) {
      mcycles.value = f.ticks_per_op / 1e6;
    }
    table.rows.push_back({row.Label(), Figure(FormatRateWithCi(f.ops_per_s), f.ops_per_s, 1),
                          std::move(us), std::move(util), f.cpu_wall_mismatch ? "!" : "",
                          std::move(mcycles)});
  }
  doc.Add(std::move(table), kHumanTargets);
}

void AddNotes(const RunResult& run, Document& doc) {
  NoteList& list = doc.Add(NoteList{{}, "Notes", kWrapColumns}, kHumanTargets);
  if (AnyCpuWallMismatch(run)) {
    list.notes.push_back(
        {"! CPU time differs from wall-clock time by more than 10%: work outside this process "
         "(kernel\n  offload, helper threads) or a contended machine. Wall-clock figures stay "
         "the headline.",
         false, kTextTarget});
    list.notes.push_back(
        {"! CPU time differs from wall-clock time by more than 10%: work outside "
         "this process (kernel offload, helper threads) or a contended machine.",
         false, kMarkdownTarget});
  }
  const bool imported = IsImported(run);
  if (imported) {
    for (std::string& note : ImportedNoteLines(run)) {
      list.notes.push_back({std::move(note), true});  // caveats run to hundreds of characters
    }
  }
  for (std::string& note : NoteLines(run)) {
    list.notes.push_back({std::move(note), imported});
  }
}

// ----- CSV: one row per cell ------------------------------------------------------------------

constexpr const char* kCsvColumns[] = {"algorithm",
                                       "kind",
                                       "operation",
                                       "input_len",
                                       "status",
                                       "ops_per_s",
                                       "ops_per_s_ci_low",
                                       "ops_per_s_ci_high",
                                       "bytes_per_s",
                                       "bytes_per_s_ci_low",
                                       "bytes_per_s_ci_high",
                                       "mb_per_s",
                                       "wall_ns_per_op",
                                       "cpu_ns_per_op",
                                       "user_ns_per_op",
                                       "sys_ns_per_op",
                                       "cpu_utilization",
                                       "ticks_per_op",
                                       "ticks_per_byte",
                                       "num_samples",
                                       "num_workers",
                                       "ci_confidence",
                                       "precision_reached",
                                       "cpu_wall_mismatch",
                                       "message",
                                       "library_version",
                                       "library_path",
                                       "capability_vector"};

// Column indices of kCsvColumns used for imported cells.
enum CsvColumn : size_t {
  kOpsPerS = 5,
  kBytesPerS = 8,
  kMbPerS = 11,
  kWallNsPerOp = 12,
  kUserNsPerOp = 14,
  kNumSamples = 19,
  kNumWorkers = 20,
  kMessage = 24,
  kCellColumns = 25,  // the columns before the library's
};

// A figure in full (shortest round-trip form), typed.
TableCell Number(double value) {
  TableCell cell(fmt::format("{}", value));
  cell.value = value;
  return cell;
}

TableCell Bool(bool value) { return value ? "true" : "false"; }

// `ticks`: the run had a tick counter (HasTickCounter); without one the tick fields stay empty.
std::vector<TableCell> CellFields(const results::AlgorithmResult& alg, const Cell& cell,
                                  bool ticks) {
  std::vector<TableCell> fields = {alg.algorithm, alg.kind, cell.operation,
                                   Number(static_cast<double>(cell.input_len)),
                                   results::CellStatusName(cell.status)};
  fields[3].text = fmt::format("{}", cell.input_len);
  if (!cell.figures) {
    fields.resize(24);  // every figure empty
    fields.emplace_back(cell.message);
    return fields;
  }
  const results::CellFigures& f = *cell.figures;
  fields.push_back(Number(f.ops_per_s.value));
  fields.push_back(Number(f.ops_per_s.ci_low));
  fields.push_back(Number(f.ops_per_s.ci_high));
  if (f.bytes_per_s) {
    fields.push_back(Number(f.bytes_per_s->value));
    fields.push_back(Number(f.bytes_per_s->ci_low));
    fields.push_back(Number(f.bytes_per_s->ci_high));
    fields.push_back(Number(f.bytes_per_s->value / 1e6));
  } else {
    fields.resize(fields.size() + 4);
  }
  fields.push_back(Number(f.wall_ns_per_op));
  fields.push_back(Number(f.cpu_ns_per_op));
  fields.push_back(Number(f.user_ns_per_op));
  fields.push_back(Number(f.sys_ns_per_op));
  fields.push_back(Number(f.cpu_utilization));
  fields.push_back(ticks ? Number(f.ticks_per_op) : TableCell());
  fields.push_back(ticks && f.bytes_per_s && cell.input_len > 0
                       ? Number(f.ticks_per_op / static_cast<double>(cell.input_len))
                       : TableCell());
  fields.push_back(Number(static_cast<double>(f.num_samples)));
  fields.back().text = fmt::format("{}", f.num_samples);
  fields.push_back(Number(static_cast<double>(f.num_workers)));
  fields.back().text = fmt::format("{}", f.num_workers);
  fields.push_back(Number(f.ci_confidence));
  fields.push_back(Bool(f.precision_reached));
  fields.push_back(Bool(f.cpu_wall_mismatch));
  fields.emplace_back(cell.message);
  return fields;
}

// An imported cell: the figure the tool printed, and nothing a single figure cannot give (CI,
// CPU time, cycles, the precision flags stay empty, not 0). The per-operation time goes in the
// column of the clock the tool divided by; `message` says what the figure is.
std::vector<TableCell> ImportedCellFields(const RunResult& run, const results::AlgorithmResult& alg,
                                          const Cell& cell) {
  std::vector<TableCell> fields = {alg.algorithm, alg.kind, cell.operation,
                                   fmt::format("{}", cell.input_len),
                                   results::CellStatusName(cell.status)};
  fields.resize(kCellColumns);
  if (cell.figures) {
    const results::CellFigures& f = *cell.figures;
    if (f.ops_per_s.value > 0) {  // 0: a throughput of unknown size, with no count of calls
      fields[kOpsPerS] = Number(f.ops_per_s.value);
    }
    if (f.bytes_per_s) {
      fields[kBytesPerS] = Number(f.bytes_per_s->value);
      fields[kMbPerS] = Number(f.bytes_per_s->value / 1e6);
    }
    const TableCell ns_per_op = f.ops_per_s.value > 0 ? Number(1e9 / f.ops_per_s.value) : "";
    if (run.source.timing_basis == "wall_clock") {
      fields[kWallNsPerOp] = ns_per_op;
    } else if (run.source.timing_basis == "user_cpu") {
      fields[kUserNsPerOp] = ns_per_op;
    }
    fields[kNumSamples] = fmt::format("{}", f.num_samples);
    fields[kNumWorkers] = fmt::format("{}", f.num_workers);
  }
  std::string tool = run.source.tool;
  if (!run.source.tool_version.empty()) {
    tool += " " + run.source.tool_version;
  }
  fields[kMessage] = cell.message.empty() ? fmt::format("imported: one figure from {}, {}, no CI",
                                                        tool, TimingBasisText(run.source))
                                          : cell.message;
  return fields;
}

// Every row names the library that produced it, so rows from several runs can be concatenated.
void AppendLibrary(const results::LibraryInfo& library, std::vector<TableCell>& fields) {
  fields.emplace_back(library.version);
  fields.emplace_back(library.loaded_path);
  fields.emplace_back(library.capability_vector);
}

}  // namespace

Table SpeedCsvTable(const RunResult& run) {
  Table table;
  for (const char* name : kCsvColumns) {
    table.columns.push_back({name});
  }
  for (const results::AlgorithmResult& alg : run.algorithms) {
    if (alg.cells.empty()) {
      std::vector<TableCell> fields = {alg.algorithm, alg.kind, "", "",
                                       alg.supported ? "" : "unsupported"};
      fields.resize(kCellColumns);
      AppendLibrary(run.library, fields);
      table.rows.push_back(std::move(fields));
    }
    for (const Cell& cell : alg.cells) {
      std::vector<TableCell> fields = IsImported(run)
                                          ? ImportedCellFields(run, alg, cell)
                                          : CellFields(alg, cell, HasTickCounter(run.machine));
      AppendLibrary(run.library, fields);
      table.rows.push_back(std::move(fields));
    }
  }
  return table;
}

Document SpeedDocument(const RunResult& run) {
  Document doc;
  AddEnvironment(run, doc);
  const SymmetricGrid grid = BuildSymmetricGrid(run);
  if (!grid.rows.empty()) {
    AddSymmetric(run, grid, doc);
    AddThroughputCharts({&run}, doc);  // HTML only
    if (!IsImported(run)) {            // an imported figure has no CPU time or cycle count
      AddCpuCost(run, grid, doc);
    }
  }
  const std::vector<PublicKeyRow> public_key = BuildPublicKeyRows(run);
  AddPublicKey(run, public_key, true, doc);
  AddPublicKey(run, public_key, false, doc);
  AddNotes(run, doc);
  doc.Add(SpeedCsvTable(run), kCsvTarget);
  MarkPartialHtml({run}, doc);  // HTML's partial mark is the document's, first
  return doc;
}

void RenderTable(const RunResult& run, std::ostream& out) { WriteText(SpeedDocument(run), out); }

void RenderMarkdown(const RunResult& run, std::ostream& out) {
  WriteMarkdown(SpeedDocument(run), out);
}

void RenderCsv(const RunResult& run, std::ostream& out) { WriteCsv(SpeedDocument(run), out); }

void RenderHtml(const RunResult& run, std::ostream& out) { WriteHtml(SpeedDocument(run), out); }

bool OneSpeedRunOfSeveralBackends(const std::vector<RunResult>& runs) {
  if (runs.size() < 2) {
    return false;
  }
  std::vector<std::string> backends;
  for (const RunResult& run : runs) {
    // speed --backend a,b stamps every run with one time and measures each backend once.
    if (IsImported(run) || run.created_utc.empty() || run.created_utc != runs[0].created_utc ||
        run.library.backend.empty() || run.method.threads != runs[0].method.threads ||
        std::find(backends.begin(), backends.end(), run.library.backend) != backends.end()) {
      return false;
    }
    backends.push_back(run.library.backend);
  }
  return true;
}

void RenderRunsHtml(const std::vector<RunResult>& unsafe_runs, std::ostream& out) {
  if (OneSpeedRunOfSeveralBackends(unsafe_runs)) {
    RenderBackends(unsafe_runs, Format::kHtml, out);  // the page speed wrote
    return;
  }
  Document page;
  for (const RunResult& unsafe_run : unsafe_runs) {
    RunResult run = unsafe_run;
    SanitizeRun(run);
    Document one = SpeedDocument(run);
    page.blocks.insert(page.blocks.end(), std::make_move_iterator(one.blocks.begin()),
                       std::make_move_iterator(one.blocks.end()));
  }
  WriteHtml(page, out);
}

}  // namespace cryptobench::report
