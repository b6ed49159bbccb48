// Several backends in one report (`speed --backend a,b --format table|markdown|csv`) as a
// report::Document: one environment header, then a row per backend under each algorithm and
// operation; CSV is SpeedCsvTable's rows with a leading backend column.
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/backends_view.h"
#include "report/document.h"
#include "report/format_util.h"
#include "report/report.h"
#include "report/speed_charts.h"
#include "report/views.h"

namespace cryptobench::report {
namespace {

using results::RunResult;

using Align = Column::Align;

constexpr size_t kLabelWidth = 16;

bool AnyMismatch(const std::vector<RunResult>& runs) {
  for (const RunResult& run : runs) {
    if (AnyCpuWallMismatch(run)) {
      return true;
    }
  }
  return false;
}

// What each backend says about the CPU: OpenSSL's capability vector, libsodium's detected
// features; "" when it says nothing.
std::string CpuView(const results::LibraryInfo& library) {
  if (!library.capability_vector.empty()) {
    return "capabilities " + CapabilityText(library);
  }
  return library.cpu_info;
}

std::string EnvText(const results::LibraryInfo& library) {
  std::string env;
  for (const auto& [name, value] : library.worker_env) {
    env += fmt::format("{}{}={}", env.empty() ? "" : " ", name, value);
  }
  return env;
}

// The leading columns of a row: algorithm and operation on a group's first row only.
std::vector<TableCell> LeadingCells(const BackendRow& row, bool symmetric,
                                    bool implementation_column) {
  std::vector<TableCell> cells;
  cells.emplace_back(row.first_in_group ? row.label : "");
  if (symmetric) {
    cells.emplace_back(row.first_in_group ? row.operation : "");
  }
  cells.emplace_back(BackendName(*row.run));
  cells.emplace_back(BackendVersion(*row.run));
  if (implementation_column) {
    cells.emplace_back(row.implementation.empty() ? "-" : row.implementation);
  }
  return cells;
}

void AddEnvironment(const std::vector<RunResult>& runs, Document& doc) {
  const RunResult& first = runs.front();
  std::string title = fmt::format("{} {}", first.source.tool, first.source.tool_version);
  if (!first.created_utc.empty()) {
    title += fmt::format(", run of {}", first.created_utc);
  }
  doc.Add(Heading{title, 1}, kTextTarget);
  doc.Add(Heading{fmt::format("cryptobench results, {} backends", runs.size()), 1},
          kMarkdownTarget);
  doc.Add(Heading{"Environment", 2}, kMarkdownTarget);
  const auto& machine = first.machine;
  FieldList& fields = doc.Add(FieldList{{}, "", kLabelWidth, 0, true}, kHumanTargets);
  fields.fields.push_back({"Tool",
                           {{fmt::format("{} {}", first.source.tool, first.source.tool_version)}},
                           kMarkdownTarget});
  const std::string rest = fmt::format(
      ", {} online CPUs{}{}", machine.online_cpus, machine.hypervisor ? ", virtual machine" : "",
      machine.arch.empty() ? "" : fmt::format(" ({})", machine.arch));
  if (machine.cpu_model.empty()) {
    fields.fields.push_back({"CPU", {{"unknown CPU" + rest}}, kTextTarget});
    fields.fields.push_back({"CPU", {{"unknown" + rest}}, kMarkdownTarget});
  } else {
    fields.fields.push_back({"CPU", {{machine.cpu_model + rest}}, kHumanTargets});
  }
  if (!machine.kernel.empty()) {
    fields.fields.push_back({"Kernel", {{machine.kernel}}, kMarkdownTarget});
  }
  fields.fields.push_back({"Tick counter", {{TickCounterLine(machine)}}, kHumanTargets});
  fields.fields.push_back({"Method", {{MethodLine(first.method)}}, kTextTarget});
  fields.fields.push_back({"Method",
                           {{fmt::format("{}; backends measured algorithm by algorithm in turn",
                                         MethodLine(first.method))}},
                           kMarkdownTarget});
  fields.fields.push_back(
      {"Backends",
       {{fmt::format("{}, measured algorithm by algorithm in turn (same inputs, same clock)",
                     runs.size())}},
       kTextTarget});
  for (const RunResult& run : runs) {
    const auto& library = run.library;
    Inline markdown = {{library.version.empty() ? "unknown" : library.version},
                       {", loaded from "},
                       {library.loaded_path.empty() ? "unknown" : library.loaded_path, true}};
    if (const std::string cpu = CpuView(library); !cpu.empty()) {
      markdown.insert(markdown.end(), {{"; "}, {cpu, true}});
    }
    if (const std::string env = EnvText(library); !env.empty()) {
      markdown.insert(markdown.end(), {{"; worker environment "}, {env, true}});
    }
    fields.fields.push_back(
        {fmt::format("Backend {}", BackendName(run)), std::move(markdown), kMarkdownTarget});
  }
  // The terminal: "  NAME" in the label column, then the CPU and worker-environment lines
  // indented under the value. (`fields` is not used past here: Add may move it.)
  for (const RunResult& run : runs) {
    const auto& library = run.library;
    FieldList text{{}, "", kLabelWidth, 0, false};
    text.fields.push_back(
        {"  " + BackendName(run),
         {{fmt::format("{}, {}", library.version.empty() ? "unknown version" : library.version,
                       library.loaded_path.empty() ? "unknown path" : library.loaded_path)}}});
    doc.Add(std::move(text), kTextTarget);
    FieldList more{{}, "  ", kLabelWidth, 0, false};
    if (const std::string cpu = CpuView(library); !cpu.empty()) {
      more.fields.push_back({"", {{cpu}}});
    }
    if (const std::string env = EnvText(library); !env.empty()) {
      more.fields.push_back({"", {{"worker env: " + env}}});
    }
    doc.Add(std::move(more), kTextTarget);
  }
}

void AddRows(const std::vector<BackendRow>& rows, bool symmetric, bool implementation,
             const std::vector<Column>& figure_columns, Document& doc) {
  Table table;
  table.columns.emplace_back(symmetric ? "algorithm" : "operation",
                             symmetric ? "Algorithm" : "Operation", Align::kLeft);
  if (symmetric) {
    table.columns.emplace_back("operation", "Operation", Align::kLeft);
  }
  table.columns.emplace_back("backend", "Backend", Align::kLeft);
  table.columns.emplace_back("version", "Version", Align::kLeft);
  if (implementation) {
    table.columns.emplace_back("implementation", "Implementation", Align::kLeft);
  }
  table.columns.insert(table.columns.end(), figure_columns.begin(), figure_columns.end());
  for (const BackendRow& row : rows) {
    std::vector<TableCell> cells = LeadingCells(row, symmetric, implementation);
    cells.insert(cells.end(), row.cells.begin(), row.cells.end());
    table.rows.push_back(std::move(cells));
  }
  doc.Add(std::move(table), kHumanTargets);
}

}  // namespace

Document BackendsDocument(const std::vector<RunResult>& runs) {
  Document doc;
  if (runs.empty()) {
    return doc;
  }
  AddEnvironment(runs, doc);
  const BackendsView view = BuildBackendsView(runs);
  const double confidence = runs.front().method.confidence * 100;
  if (!view.symmetric.empty()) {
    AddMeasuredSymmetricSection(doc, confidence);
    std::vector<Column> sizes;
    for (uint64_t size : view.sizes) {
      sizes.emplace_back(FormatSize(size), "", Align::kRight, Column::Kind::kValue, "MB/s");
    }
    AddRows(view.symmetric, true, view.any_implementation, sizes, doc);
  }
  std::vector<const RunResult*> pointers;
  for (const RunResult& run : runs) {
    pointers.push_back(&run);
  }
  if (!view.symmetric.empty()) {  // HTML only
    AddThroughputCharts(pointers, doc);
    AddSymmetricBarChart(pointers, doc);
  }
  if (!view.public_key.empty()) {
    AddSection(
        doc,
        fmt::format("Public-key operations: median ops/s ± half-width of its {:g}% CI", confidence),
        "Public-key operations",
        fmt::format("Median ops/s ± half-width of its {:g}% CI.", confidence));
    AddRows(view.public_key, false, view.any_implementation,
            {Column("ops/s", "", Align::kRight, Column::Kind::kValue, "ops/s"),
             Column("µs/op", "", Align::kRight, Column::Kind::kValue, "µs")},
            doc);
    AddPublicKeyBarChart(pointers, doc);  // HTML only
  }
  NoteList& notes = doc.Add(NoteList{{}, "Notes", 110}, kHumanTargets);
  if (AnyMismatch(runs)) {
    notes.notes.push_back(
        {"! CPU time differs from wall-clock time by more than 10%: work outside this process "
         "(kernel\n  offload, helper threads) or a contended machine. Wall-clock figures stay "
         "the headline.",
         false, kTextTarget});
    notes.notes.push_back(
        {"! CPU time differs from wall-clock time by more than 10%: work outside "
         "this process (kernel offload, helper threads) or a contended machine.",
         false, kMarkdownTarget});
  }
  for (std::string& note : BackendNoteLines(runs)) {
    notes.notes.emplace_back(std::move(note));
  }
  // CSV: each run's rows with the backend first, under one header.
  Table csv;
  csv.columns.emplace_back("backend");
  for (const RunResult& run : runs) {
    Table single = SpeedCsvTable(run);
    if (csv.columns.size() == 1) {
      csv.columns.insert(csv.columns.end(), single.columns.begin(), single.columns.end());
    }
    for (std::vector<TableCell>& row : single.rows) {
      row.insert(row.begin(), TableCell(run.library.backend));
      csv.rows.push_back(std::move(row));
    }
  }
  doc.Add(std::move(csv), kCsvTarget);
  MarkPartialHtml(runs, doc);  // HTML's partial mark is the document's, first
  return doc;
}

void RenderBackendsTable(const std::vector<RunResult>& runs, std::ostream& out) {
  WriteText(BackendsDocument(runs), out);
}

void RenderBackendsMarkdown(const std::vector<RunResult>& runs, std::ostream& out) {
  WriteMarkdown(BackendsDocument(runs), out);
}

void RenderBackendsCsv(const std::vector<RunResult>& runs, std::ostream& out) {
  WriteCsv(BackendsDocument(runs), out);
}

void RenderBackendsHtml(const std::vector<RunResult>& runs, std::ostream& out) {
  WriteHtml(BackendsDocument(runs), out);
}

}  // namespace cryptobench::report
