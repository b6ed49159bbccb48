// The default human-readable report: environment header, symmetric throughput grid with CIs,
// CPU-cost table, public-key table and notes. Fits 100-120 columns for the default sizes.
#include <algorithm>
#include <iterator>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/format_util.h"
#include "report/report.h"
#include "report/text_table.h"
#include "report/views.h"

namespace cryptobench::report {
namespace {

using results::Cell;
using results::CellStatus;
using results::RunResult;

constexpr size_t kWrapColumns = 110;
constexpr size_t kLabelWidth = 16;

// Splits `value` where a wrapped line may end: after "; " separators if it has any (the
// method line), else at spaces (compiler flags).
std::vector<std::string> WrapPieces(const std::string& value) {
  const std::string separator = value.find("; ") != std::string::npos ? "; " : " ";
  std::vector<std::string> pieces;
  size_t begin = 0;
  while (begin < value.size()) {
    const size_t at = value.find(separator, begin);
    const size_t end = at == std::string::npos ? value.size() : at + separator.size() - 1;
    pieces.push_back(value.substr(begin, end - begin));
    begin = at == std::string::npos ? value.size() : at + separator.size();
  }
  return pieces;
}

// "label:" padded to kLabelWidth, then `value`: verbatim if it fits in kWrapColumns, else
// wrapped with a hanging indent (OpenSSL's compiler flags run to several hundred characters).
void WriteField(std::ostream& out, std::string_view label, const std::string& value) {
  std::string line = PadRight(fmt::format("{}:", label), kLabelWidth);
  if (DisplayWidth(line) + DisplayWidth(value) <= kWrapColumns) {
    out << line << value << '\n';
    return;
  }
  const std::string indent(kLabelWidth, ' ');
  bool first = true;
  for (const std::string& piece : WrapPieces(value)) {
    if (!first && DisplayWidth(line) + 1 + DisplayWidth(piece) > kWrapColumns) {
      out << line << '\n';
      line = indent;
      first = true;
    }
    line += (first ? "" : " ") + piece;
    first = false;
  }
  out << line << '\n';
}

// An imported run's environment: what the text says, without the fields only a measurement
// has (online CPUs, tick counter, the loaded file).
void WriteImportedHeader(const RunResult& run, std::ostream& out) {
  const auto& library = run.library;
  std::string cpu = run.machine.cpu_model.empty() ? "not in the report" : run.machine.cpu_model;
  if (!run.machine.arch.empty()) {
    cpu += fmt::format(" ({})", run.machine.arch);
  }
  WriteField(out, "CPU", cpu);
  WriteField(out, "Library", library.version.empty() ? "not in the report" : library.version);
  WriteField(out, "  capabilities", CapabilityText(library));
  if (!library.cflags.empty()) {
    WriteField(out, "  compiler", StripPrefix(library.cflags, "compiler: "));
  }
  if (!library.platform.empty()) {
    WriteField(out, "  platform", StripPrefix(library.platform, "platform: "));
  }
  if (!library.built_on.empty()) {
    WriteField(out, "  built on", StripPrefix(library.built_on, "built on: "));
  }
  WriteField(out, "Method", ImportedMethodLine(run));
}

void WriteHeader(const RunResult& run, std::ostream& out) {
  const auto& machine = run.machine;
  const auto& library = run.library;
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
  out << title << '\n';

  if (IsImported(run)) {
    WriteImportedHeader(run, out);
    return;
  }
  std::string cpu = machine.cpu_model.empty() ? "unknown CPU" : machine.cpu_model;
  cpu += fmt::format(", {} online CPUs", machine.online_cpus);
  if (machine.hypervisor) {
    cpu += ", virtual machine";
  }
  if (!machine.arch.empty()) {
    cpu += fmt::format(" ({})", machine.arch);
  }
  WriteField(out, "CPU", cpu);
  WriteField(out, "Tick counter", TickCounterLine(machine));
  std::string version = library.version.empty() ? "unknown" : library.version;
  if (!library.backend.empty() && library.backend != "openssl") {
    version = library.backend + " backend: " + version;  // e.g. "sodium backend: 1.0.18"
  }
  WriteField(out, "Library", version);
  WriteField(out, "  loaded", library.loaded_path.empty() ? "unknown" : library.loaded_path);
  if (!library.requested_path.empty() && library.requested_path != library.loaded_path) {
    WriteField(out, "  requested", library.requested_path);
  }
  WriteField(out, "  capabilities", CapabilityText(library));
  if (!library.cflags.empty()) {
    WriteField(out, "  compiler", StripPrefix(library.cflags, "compiler: "));
  }
  if (!library.platform.empty() || !library.built_on.empty()) {
    WriteField(
        out, "  platform",
        fmt::format("{}; {}", StripPrefix(library.platform, "platform: "), library.built_on));
  }
  if (!library.worker_env.empty()) {
    std::string env;
    for (const auto& [name, value] : library.worker_env) {
      env += fmt::format("{}{}={}", env.empty() ? "" : " ", name, value);
    }
    WriteField(out, "Worker env", env);
  }
  WriteField(out, "Method", MethodLine(run.method));
  if (run.method.threads > 1) {
    WriteField(out, "Threads",
               fmt::format("{} worker processes per cell, side by side; throughput is their sum",
                           run.method.threads));
    if (machine.online_cpus > 0 && run.method.threads > machine.online_cpus) {
      out << fmt::format(
          "warning: {} threads on {} online CPUs: workers share cores, so the "
          "sum understates the machine\n",
          run.method.threads, machine.online_cpus);
    }
  }
}

// `note` wrapped at kWrapColumns with a two-space hanging indent (words are kept whole).
void WriteWrappedNote(std::ostream& out, const std::string& note) {
  std::string line;
  size_t begin = 0;
  while (begin < note.size()) {
    size_t end = note.find(' ', begin);
    end = end == std::string::npos ? note.size() : end;
    const std::string word = note.substr(begin, end - begin);
    begin = end + 1;
    if (!line.empty() && line != "  " &&
        DisplayWidth(line) + 1 + DisplayWidth(word) > kWrapColumns) {
      out << line << '\n';
      line = "  ";
    }
    line += (line.empty() || line == "  " ? "" : " ") + word;
  }
  out << line << '\n';
}

void WriteSymmetric(const RunResult& run, const SymmetricGrid& grid, std::ostream& out) {
  const bool imported = IsImported(run);
  if (imported) {
    out << "\nSymmetric throughput, MB/s (10^6 bytes/s): one figure per cell as reported, no CI\n";
  } else {
    out << fmt::format(
        "\nSymmetric throughput, MB/s (10^6 bytes/s): median ± half-width of its {:g}% CI\n",
        run.method.confidence * 100);
  }
  std::vector<TextTable::Column> columns = {{"algorithm", TextTable::Align::kLeft},
                                            {"operation", TextTable::Align::kLeft}};
  for (uint64_t size : grid.sizes) {
    columns.push_back({FormatSize(size), TextTable::Align::kRight});
  }
  TextTable table(std::move(columns));
  for (const SymmetricRow& row : grid.rows) {
    std::vector<std::string> cells = {row.algorithm->algorithm, row.operation};
    const CellStatus row_status = row.RowStatus();
    if (row_status != CellStatus::kOk) {
      const Cell* first = row.FirstPresent();
      cells.push_back(first != nullptr ? StatusText(*first) : StatusLabel(row_status));
    } else {
      for (const Cell* cell : row.cells) {
        cells.push_back(imported ? ImportedCellText(cell) : SymmetricCellText(cell));
      }
    }
    table.AddRow(std::move(cells));
  }
  table.Write(out);
}

void WriteCpuCost(const RunResult& run, const SymmetricGrid& grid, std::ostream& out) {
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
  out << "\nCPU cost at the largest measured size\n";
  std::vector<TextTable::Column> columns = {
      {"algorithm", TextTable::Align::kLeft},      {"operation", TextTable::Align::kLeft},
      {"size", TextTable::Align::kRight},          {"CPU ns/B", TextTable::Align::kRight},
      {"CPU util", TextTable::Align::kRight},      {"", TextTable::Align::kLeft},
      {"cpb@" + counter, TextTable::Align::kRight}};
  if (multi_worker) {
    columns.push_back({"per-worker MB/s", TextTable::Align::kRight});
  }
  TextTable table(std::move(columns));
  for (const SymmetricRow& row : grid.rows) {
    const Cell* cell = row.LargestMeasured();
    if (cell == nullptr) {
      continue;
    }
    const results::CellFigures& f = *cell->figures;
    const auto len = static_cast<double>(cell->input_len);
    std::vector<std::string> cells = {row.algorithm->algorithm,
                                      row.operation,
                                      FormatSize(cell->input_len),
                                      FormatCost(f.cpu_ns_per_op / len),
                                      fmt::format("{:.0f}%", f.cpu_utilization * 100),
                                      f.cpu_wall_mismatch ? "!" : "",
                                      ticks ? FormatCost(f.ticks_per_op / len) : "n/a"};
    if (multi_worker) {
      cells.push_back(f.num_workers > 1 ? fmt::format("{} x {}-{}", f.num_workers,
                                                      FormatMbPerS(f.worker_min_ops_per_s * len),
                                                      FormatMbPerS(f.worker_max_ops_per_s * len))
                                        : "");
    }
    table.AddRow(std::move(cells));
  }
  table.Write(out);
  if (ticks) {
    out << fmt::format(
        "cpb@{}: {} ticks per byte at the counter's constant rate; with turbo or "
        "frequency scaling,\n  core cycles per byte differ.\n",
        counter, counter);
  }
}

// The ops/s rows whose `public_key` is `public_key`, under their own heading: public-key
// operations, or other figures without an input size (an imported one-block cipher call, a KDF
// iteration).
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
    out << fmt::format("\n{}: ops/s as reported (one figure, no CI; µs/op = 10^6 / ops/s)\n",
                       title);
  } else {
    out << fmt::format("\n{}: median ops/s ± half-width of its {:g}% CI\n", title,
                       run.method.confidence * 100);
  }
  TextTable table({{"operation", TextTable::Align::kLeft},
                   {"ops/s", TextTable::Align::kRight},
                   {"µs/op", TextTable::Align::kRight},
                   {"CPU util", TextTable::Align::kRight},
                   {"", TextTable::Align::kLeft},
                   {"Mcycles@" + TickCounterName(run.machine), TextTable::Align::kRight}});
  for (const PublicKeyRow& row : rows) {
    if (row.cell == nullptr || row.cell->status != CellStatus::kOk || !row.cell->figures) {
      table.AddRow({row.Label(), row.cell == nullptr ? "unsupported" : StatusText(*row.cell)});
      continue;
    }
    const results::CellFigures& f = *row.cell->figures;
    if (imported) {
      table.AddRow({row.Label(), FormatRate(f.ops_per_s.value), FormatRate(1e6 / f.ops_per_s.value),
                    "n/a", "", "n/a"});
      continue;
    }
    table.AddRow({row.Label(), FormatRateWithCi(f.ops_per_s), FormatRate(f.wall_ns_per_op / 1e3),
                  fmt::format("{:.0f}%", f.cpu_utilization * 100), f.cpu_wall_mismatch ? "!" : "",
                  ticks ? FormatCost(f.ticks_per_op / 1e6) : "n/a"});
  }
  table.Write(out);
}

}  // namespace

void RenderTable(const RunResult& run, std::ostream& out) {
  WriteHeader(run, out);
  const SymmetricGrid grid = BuildSymmetricGrid(run);
  if (!grid.rows.empty()) {
    WriteSymmetric(run, grid, out);
    if (!IsImported(run)) {  // an imported figure has no CPU time or cycle count
      WriteCpuCost(run, grid, out);
    }
  }
  const std::vector<PublicKeyRow> public_key = BuildPublicKeyRows(run);
  WritePublicKey(run, public_key, true, out);
  WritePublicKey(run, public_key, false, out);
  std::vector<std::string> notes = NoteLines(run);
  if (IsImported(run)) {
    const std::vector<std::string> imported = ImportedNoteLines(run);
    notes.insert(notes.begin(), imported.begin(), imported.end());
  }
  const bool mismatch = AnyCpuWallMismatch(run);
  if (!notes.empty() || mismatch) {
    out << '\n';
  }
  if (mismatch) {
    out << "! CPU time differs from wall-clock time by more than 10%: work outside this process "
           "(kernel\n  offload, helper threads) or a contended machine. Wall-clock figures stay "
           "the headline.\n";
  }
  for (const std::string& note : notes) {
    if (IsImported(run)) {
      WriteWrappedNote(out, note);  // caveats run to several hundred characters
    } else {
      out << note << '\n';
    }
  }
}

}  // namespace cryptobench::report
