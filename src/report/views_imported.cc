// Views of imported runs (views.h): what an imported figure is, said once per report instead of
// zeros in the CPU, cycle and CI columns.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/format_util.h"
#include "report/views.h"

namespace cryptobench::report {

bool IsImported(const results::RunResult& run) { return run.source.kind == "imported"; }

std::string TimingBasisText(const results::SourceInfo& source) {
  if (source.timing_basis == "user_cpu") {
    return source.tool == "openssl speed" ? "user CPU time (no -elapsed)" : "user CPU time";
  }
  if (source.timing_basis == "wall_clock") {
    return "wall-clock time";
  }
  return source.tool == "openssl speed" ? "an unknown clock (user CPU time unless -elapsed)"
                                        : "an unknown clock";
}

std::string ImportedMethodLine(const results::RunResult& run) {
  const results::SourceInfo& source = run.source;
  std::string tool = source.tool;
  if (!source.tool_version.empty()) {
    tool += " " + source.tool_version;
  }
  if (source.tool == "cryptobench") {
    // Its own --format openssl read back (import.cc, MarkProvenance): measured by cryptobench,
    // but only the medians survive that layout.
    return fmt::format(
        "{}'s medians, one per cell, timed in {}, read back from its openssl speed layout: its "
        "samples are not in that layout, so no CI, CPU time, cycles or KAT",
        tool, TimingBasisText(source));
  }
  std::string line =
      fmt::format("{}'s figures, one per cell, timed in {}", tool, TimingBasisText(source));
  if (source.multi > 1) {
    line += fmt::format("; the sum of {} processes (-multi {})", source.multi, source.multi);
  }
  if (!source.engine_or_provider.empty()) {
    line += fmt::format("; with {}", source.engine_or_provider);
  }
  return line + "; not measured by cryptobench: no samples, so no CI, CPU time, cycles or KAT";
}

std::vector<std::string> ImportedNoteLines(const results::RunResult& run) {
  std::vector<std::string> lines;
  lines.push_back(fmt::format("Imported from {}: {}.",
                              run.source.file.empty() ? std::string("(unnamed)") : run.source.file,
                              ImportedMethodLine(run)));
  for (const std::string& caveat : run.source.caveats) {
    lines.push_back("Caveat: " + caveat);
  }
  return lines;
}

std::string ImportedCellText(const results::Cell* cell) {
  if (cell == nullptr) {
    return "-";
  }
  if (cell->status != results::CellStatus::kOk) {
    return StatusLabel(cell->status);
  }
  if (!cell->figures || !cell->figures->bytes_per_s) {
    return "?";
  }
  return FormatMbPerS(cell->figures->bytes_per_s->value);
}

}  // namespace cryptobench::report
