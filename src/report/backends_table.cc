// Several backends in one human-readable report (`speed --backend a,b --format table|markdown`):
// one environment header, then a row per backend under each algorithm and operation.
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/backends_view.h"
#include "report/format_util.h"
#include "report/report.h"
#include "report/text_table.h"
#include "report/views.h"

namespace cryptobench::report {
namespace {

using results::RunResult;

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
std::vector<std::string> LeadingCells(const BackendRow& row, bool symmetric,
                                      bool implementation_column) {
  std::vector<std::string> cells;
  cells.push_back(row.first_in_group ? row.label : "");
  if (symmetric) {
    cells.push_back(row.first_in_group ? row.operation : "");
  }
  cells.push_back(BackendName(*row.run));
  cells.push_back(BackendVersion(*row.run));
  if (implementation_column) {
    cells.push_back(row.implementation.empty() ? "-" : row.implementation);
  }
  return cells;
}

void WriteTableHeader(const std::vector<RunResult>& runs, std::ostream& out) {
  const RunResult& first = runs.front();
  std::string title = fmt::format("{} {}", first.source.tool, first.source.tool_version);
  if (!first.created_utc.empty()) {
    title += fmt::format(", run of {}", first.created_utc);
  }
  out << title << '\n';
  const auto& machine = first.machine;
  out << PadRight("CPU:", kLabelWidth)
      << fmt::format("{}, {} online CPUs{}{}\n",
                     machine.cpu_model.empty() ? "unknown CPU" : machine.cpu_model,
                     machine.online_cpus, machine.hypervisor ? ", virtual machine" : "",
                     machine.arch.empty() ? "" : " (" + machine.arch + ")");
  out << PadRight("Tick counter:", kLabelWidth) << TickCounterLine(machine) << '\n';
  out << PadRight("Method:", kLabelWidth) << MethodLine(first.method) << '\n';
  out << PadRight("Backends:", kLabelWidth)
      << fmt::format("{}, measured algorithm by algorithm in turn (same inputs, same clock)\n",
                     runs.size());
  for (const RunResult& run : runs) {
    const auto& library = run.library;
    out << PadRight("  " + BackendName(run), kLabelWidth)
        << fmt::format("{}, {}\n", library.version.empty() ? "unknown version" : library.version,
                       library.loaded_path.empty() ? "unknown path" : library.loaded_path);
    if (const std::string cpu = CpuView(library); !cpu.empty()) {
      out << std::string(kLabelWidth + 2, ' ') << cpu << '\n';
    }
    if (const std::string env = EnvText(library); !env.empty()) {
      out << std::string(kLabelWidth + 2, ' ') << "worker env: " << env << '\n';
    }
  }
}

void WriteTableRows(const std::vector<BackendRow>& rows, bool symmetric, bool implementation,
                    std::vector<TextTable::Column> figure_columns, std::ostream& out) {
  std::vector<TextTable::Column> columns = {
      {symmetric ? "algorithm" : "operation", TextTable::Align::kLeft}};
  if (symmetric) {
    columns.push_back({"operation", TextTable::Align::kLeft});
  }
  columns.push_back({"backend", TextTable::Align::kLeft});
  columns.push_back({"version", TextTable::Align::kLeft});
  if (implementation) {
    columns.push_back({"implementation", TextTable::Align::kLeft});
  }
  columns.insert(columns.end(), figure_columns.begin(), figure_columns.end());
  TextTable table(std::move(columns));
  for (const BackendRow& row : rows) {
    std::vector<std::string> cells = LeadingCells(row, symmetric, implementation);
    cells.insert(cells.end(), row.cells.begin(), row.cells.end());
    table.AddRow(std::move(cells));
  }
  table.Write(out);
}

void WriteMarkdownRow(const std::vector<std::string>& cells, std::ostream& out) {
  out << '|';
  for (const std::string& cell : cells) {
    out << ' ' << MarkdownText(cell) << " |";
  }
  out << '\n';
}

void WriteMarkdownRows(const std::vector<BackendRow>& rows, bool symmetric, bool implementation,
                       const std::vector<std::string>& figure_headers, std::ostream& out) {
  std::vector<std::string> header = {symmetric ? "Algorithm" : "Operation"};
  if (symmetric) {
    header.push_back("Operation");
  }
  header.insert(header.end(), {"Backend", "Version"});
  if (implementation) {
    header.push_back("Implementation");
  }
  const size_t leading = header.size();
  header.insert(header.end(), figure_headers.begin(), figure_headers.end());
  WriteMarkdownRow(header, out);
  std::string rule = "|";
  for (size_t i = 0; i < header.size(); ++i) {
    rule += i < leading ? "---|" : "--:|";
  }
  out << rule << '\n';
  for (const BackendRow& row : rows) {
    std::vector<std::string> cells = LeadingCells(row, symmetric, implementation);
    cells.insert(cells.end(), row.cells.begin(), row.cells.end());
    cells.resize(header.size());  // a spanning status fills the first figure column
    WriteMarkdownRow(cells, out);
  }
}

}  // namespace

void RenderBackendsTable(const std::vector<RunResult>& runs, std::ostream& out) {
  if (runs.empty()) {
    return;
  }
  WriteTableHeader(runs, out);
  const BackendsView view = BuildBackendsView(runs);
  const double confidence = runs.front().method.confidence * 100;
  if (!view.symmetric.empty()) {
    out << fmt::format(
        "\nSymmetric throughput, MB/s (10^6 bytes/s): median ± half-width of its {:g}% CI\n",
        confidence);
    std::vector<TextTable::Column> sizes;
    for (uint64_t size : view.sizes) {
      sizes.push_back({FormatSize(size), TextTable::Align::kRight});
    }
    WriteTableRows(view.symmetric, true, view.any_implementation, std::move(sizes), out);
  }
  if (!view.public_key.empty()) {
    out << fmt::format("\nPublic-key operations: median ops/s ± half-width of its {:g}% CI\n",
                       confidence);
    WriteTableRows(view.public_key, false, view.any_implementation,
                   {{"ops/s", TextTable::Align::kRight}, {"µs/op", TextTable::Align::kRight}}, out);
  }
  const std::vector<std::string> notes = BackendNoteLines(runs);
  const bool mismatch = AnyMismatch(runs);
  if (!notes.empty() || mismatch) {
    out << '\n';
  }
  if (mismatch) {
    out << "! CPU time differs from wall-clock time by more than 10%: work outside this process "
           "(kernel\n  offload, helper threads) or a contended machine. Wall-clock figures stay "
           "the headline.\n";
  }
  for (const std::string& note : notes) {
    out << note << '\n';
  }
}

void RenderBackendsMarkdown(const std::vector<RunResult>& runs, std::ostream& out) {
  if (runs.empty()) {
    return;
  }
  const RunResult& first = runs.front();
  const auto& machine = first.machine;
  out << "## cryptobench results, " << runs.size() << " backends\n\n### Environment\n\n";
  out << fmt::format("- Tool: {} {}\n", MarkdownText(first.source.tool),
                     MarkdownText(first.source.tool_version));
  out << fmt::format("- CPU: {}, {} online CPUs{}{}\n",
                     machine.cpu_model.empty() ? "unknown" : MarkdownText(machine.cpu_model),
                     machine.online_cpus, machine.hypervisor ? ", virtual machine" : "",
                     machine.arch.empty() ? "" : fmt::format(" ({})", MarkdownText(machine.arch)));
  if (!machine.kernel.empty()) {
    out << fmt::format("- Kernel: {}\n", MarkdownText(machine.kernel));
  }
  out << fmt::format("- Tick counter: {}\n", TickCounterLine(machine));
  out << fmt::format("- Method: {}; backends measured algorithm by algorithm in turn\n",
                     MethodLine(first.method));
  for (const RunResult& run : runs) {
    const auto& library = run.library;
    out << fmt::format("- Backend {}: {}, loaded from {}", BackendName(run),
                       MarkdownText(library.version.empty() ? "unknown" : library.version),
                       MarkdownCode(library.loaded_path.empty() ? "unknown" : library.loaded_path));
    if (const std::string cpu = CpuView(library); !cpu.empty()) {
      out << "; " << MarkdownCode(cpu);
    }
    if (const std::string env = EnvText(library); !env.empty()) {
      out << "; worker environment " << MarkdownCode(env);
    }
    out << '\n';
  }
  const BackendsView view = BuildBackendsView(runs);
  const double confidence = first.method.confidence * 100;
  if (!view.symmetric.empty()) {
    out << fmt::format(
        "\n### Symmetric throughput\n\nMB/s = 10^6 bytes/s; median ± half-width of its {:g}% "
        "CI.\n\n",
        confidence);
    std::vector<std::string> sizes;
    for (uint64_t size : view.sizes) {
      sizes.push_back(FormatSize(size));
    }
    WriteMarkdownRows(view.symmetric, true, view.any_implementation, sizes, out);
  }
  if (!view.public_key.empty()) {
    out << fmt::format(
        "\n### Public-key operations\n\nMedian ops/s ± half-width of its {:g}% CI.\n\n",
        confidence);
    WriteMarkdownRows(view.public_key, false, view.any_implementation, {"ops/s", "µs/op"}, out);
  }
  std::vector<std::string> notes = BackendNoteLines(runs);
  if (AnyMismatch(runs)) {
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
