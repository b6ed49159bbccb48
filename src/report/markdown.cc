// Markdown for bug reports and issues: the environment a reader needs to judge the figures,
// then GitHub tables of throughput (MB/s with CIs) and public-key rates, then notes.
#include <algorithm>
#include <iterator>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/format_util.h"
#include "report/report.h"
#include "report/views.h"

namespace cryptobench::report {
namespace {

using results::Cell;
using results::CellStatus;
using results::RunResult;

void WriteRow(const std::vector<std::string>& cells, std::ostream& out) {
  out << '|';
  for (const std::string& cell : cells) {
    out << ' ' << MarkdownText(cell) << " |";
  }
  out << '\n';
}

// What the text of an imported run says; no online CPUs, tick counter or loaded file.
void WriteImportedEnvironment(const RunResult& run, std::ostream& out) {
  const auto& library = run.library;
  out << fmt::format(
      "- CPU: {}{}\n",
      run.machine.cpu_model.empty() ? "not in the report" : MarkdownText(run.machine.cpu_model),
      run.machine.arch.empty() ? "" : fmt::format(" ({})", MarkdownText(run.machine.arch)));
  out << fmt::format("- Library: {}\n",
                     library.version.empty() ? "not in the report" : MarkdownText(library.version));
  out << fmt::format("- Capability vector: {}\n", MarkdownCode(CapabilityText(library)));
  if (!library.cflags.empty()) {
    out << fmt::format("- Build: {}\n", MarkdownCode(StripPrefix(library.cflags, "compiler: ")));
  }
  if (!library.platform.empty()) {
    out << fmt::format("- Platform: {}\n",
                       MarkdownText(StripPrefix(library.platform, "platform: ")));
  }
  if (!library.built_on.empty()) {
    out << fmt::format("- Built on: {}\n",
                       MarkdownText(StripPrefix(library.built_on, "built on: ")));
  }
  out << fmt::format("- Method: {}\n", ImportedMethodLine(run));
}

void WriteEnvironment(const RunResult& run, std::ostream& out) {
  const auto& machine = run.machine;
  const auto& library = run.library;
  out << fmt::format("### Environment\n\n");
  out << fmt::format("- Tool: {}{}{}\n", MarkdownText(run.source.tool),
                     run.source.tool_version.empty()
                         ? ""
                         : fmt::format(" {}", MarkdownText(run.source.tool_version)),
                     run.source.kind == "imported"
                         ? fmt::format(" (imported from {})", MarkdownText(run.source.file))
                         : "");
  if (IsImported(run)) {
    WriteImportedEnvironment(run, out);
    return;
  }
  out << fmt::format("- CPU: {}, {} online CPUs{}{}\n",
                     machine.cpu_model.empty() ? "unknown" : MarkdownText(machine.cpu_model),
                     machine.online_cpus, machine.hypervisor ? ", virtual machine" : "",
                     machine.arch.empty() ? "" : fmt::format(" ({})", MarkdownText(machine.arch)));
  if (!machine.kernel.empty()) {
    out << fmt::format("- Kernel: {}\n", MarkdownText(machine.kernel));
  }
  out << fmt::format("- Tick counter: {}\n", TickCounterLine(machine));
  out << fmt::format("- Library: {}{}, loaded from {}\n",
                     library.backend.empty() || library.backend == "openssl"
                         ? ""
                         : MarkdownText(library.backend) + " backend: ",
                     library.version.empty() ? "unknown" : MarkdownText(library.version),
                     MarkdownCode(library.loaded_path.empty() ? "unknown" : library.loaded_path));
  if (!library.requested_path.empty() && library.requested_path != library.loaded_path) {
    out << fmt::format("- Requested library: {}\n", MarkdownCode(library.requested_path));
  }
  out << fmt::format("- Capability vector: {}\n", MarkdownCode(CapabilityText(library)));
  if (!library.cflags.empty()) {
    out << fmt::format("- Build: {}\n", MarkdownCode(StripPrefix(library.cflags, "compiler: ")));
  }
  if (!library.platform.empty()) {
    out << fmt::format("- Platform: {}; {}\n",
                       MarkdownText(StripPrefix(library.platform, "platform: ")),
                       MarkdownText(library.built_on));
  }
  for (const auto& [name, value] : library.worker_env) {
    out << fmt::format("- Worker environment: {}\n", MarkdownCode(name + "=" + value));
  }
  out << fmt::format("- Method: {}\n", MethodLine(run.method));
  if (run.method.threads > 1) {
    out << fmt::format("- Threads: {} worker processes per cell; throughput is their sum\n",
                       run.method.threads);
  }
}

void WriteSymmetric(const RunResult& run, const SymmetricGrid& grid, std::ostream& out) {
  const bool imported = IsImported(run);
  if (imported) {
    out << "\n### Symmetric throughput\n\nMB/s = 10^6 bytes/s; one figure per cell as reported, "
           "no CI.\n\n";
  } else {
    out << fmt::format(
        "\n### Symmetric throughput\n\nMB/s = 10^6 bytes/s; median ± half-width of its {:g}% "
        "CI.\n\n",
        run.method.confidence * 100);
  }
  std::vector<std::string> header = {"Algorithm", "Operation"};
  std::string rule = "|---|---|";
  for (uint64_t size : grid.sizes) {
    header.push_back(FormatSize(size));
    rule += "--:|";
  }
  WriteRow(header, out);
  out << rule << '\n';
  for (const SymmetricRow& row : grid.rows) {
    std::vector<std::string> cells = {row.algorithm->algorithm, row.operation};
    if (const CellStatus row_status = row.RowStatus(); row_status != CellStatus::kOk) {
      // A row that failed as a whole names its status once, in the first size column.
      const Cell* first = row.FirstPresent();
      cells.push_back(first != nullptr ? StatusText(*first) : StatusLabel(row_status));
      cells.resize(2 + grid.sizes.size());
    } else {
      for (const Cell* cell : row.cells) {
        cells.push_back(imported ? ImportedCellText(cell) : SymmetricCellText(cell));
      }
    }
    WriteRow(cells, out);
  }
}

// The ops/s rows whose `public_key` is `public_key`, under their own heading (as in table.cc).
void WritePublicKey(const RunResult& run, const std::vector<PublicKeyRow>& all_rows,
                    bool public_key, std::ostream& out) {
  std::vector<PublicKeyRow> rows;
  std::copy_if(all_rows.begin(), all_rows.end(), std::back_inserter(rows),
               [&](const PublicKeyRow& row) { return row.public_key == public_key; });
  if (rows.empty()) {
    return;
  }
  const bool ticks = HasTickCounter(run.machine);
  const bool imported = IsImported(run);
  const char* title = public_key ? "Public-key operations" : "Other operations, per call";
  if (imported) {
    out << fmt::format(
        "\n### {}\n\nops/s as reported (one figure, no CI); µs/op = 10^6 / ops/s.\n\n", title);
  } else {
    out << fmt::format("\n### {}\n\nMedian ops/s ± half-width of its {:g}% CI.\n\n", title,
                       run.method.confidence * 100);
  }
  WriteRow({"Operation", "ops/s", "µs/op", "CPU util",
            fmt::format("Mcycles@{}", TickCounterName(run.machine))},
           out);
  out << "|---|--:|--:|--:|--:|\n";
  for (const PublicKeyRow& row : rows) {
    if (row.cell == nullptr || row.cell->status != CellStatus::kOk || !row.cell->figures) {
      WriteRow(
          {row.Label(), row.cell == nullptr ? "unsupported" : StatusText(*row.cell), "", "", ""},
          out);
      continue;
    }
    const results::CellFigures& f = *row.cell->figures;
    if (imported) {
      WriteRow({row.Label(), FormatRate(f.ops_per_s.value), FormatRate(1e6 / f.ops_per_s.value),
                "n/a", "n/a"},
               out);
      continue;
    }
    WriteRow({row.Label(), FormatRateWithCi(f.ops_per_s), FormatRate(f.wall_ns_per_op / 1e3),
              fmt::format("{:.0f}%{}", f.cpu_utilization * 100, f.cpu_wall_mismatch ? " !" : ""),
              ticks ? FormatCost(f.ticks_per_op / 1e6) : "n/a"},
             out);
  }
}

}  // namespace

void RenderMarkdown(const RunResult& run, std::ostream& out) {
  out << "## cryptobench results\n\n";
  WriteEnvironment(run, out);
  const SymmetricGrid grid = BuildSymmetricGrid(run);
  if (!grid.rows.empty()) {
    WriteSymmetric(run, grid, out);
  }
  const std::vector<PublicKeyRow> public_key = BuildPublicKeyRows(run);
  WritePublicKey(run, public_key, true, out);
  WritePublicKey(run, public_key, false, out);
  std::vector<std::string> notes = NoteLines(run);
  if (IsImported(run)) {
    const std::vector<std::string> imported = ImportedNoteLines(run);
    notes.insert(notes.begin(), imported.begin(), imported.end());
  }
  if (AnyCpuWallMismatch(run)) {
    notes.insert(notes.begin(),
                 "! CPU time differs from wall-clock time by more than 10%: work outside this "
                 "process (kernel offload, helper threads) or a contended machine.");
  }
  if (!notes.empty()) {
    out << "\n### Notes\n\n";
    for (const std::string& note : notes) {
      out << "- " << MarkdownText(note) << '\n';
    }
  }
}

}  // namespace cryptobench::report
