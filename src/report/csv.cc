// CSV: one row per cell, for spreadsheets and scripts. Numbers are written in full (shortest
// round-trip form), units are in the column names, fields are quoted as RFC 4180 section 2
// says (a field holding a comma, a double quote or a line break is enclosed in double quotes,
// with inner quotes doubled). Lines end in LF.
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/report.h"
#include "report/sanitize.h"
#include "report/views.h"

namespace cryptobench::report {
namespace {

using results::Cell;

constexpr const char* kHeader =
    "algorithm,kind,operation,input_len,status,ops_per_s,ops_per_s_ci_low,ops_per_s_ci_high,"
    "bytes_per_s,bytes_per_s_ci_low,bytes_per_s_ci_high,mb_per_s,wall_ns_per_op,cpu_ns_per_op,"
    "user_ns_per_op,sys_ns_per_op,cpu_utilization,ticks_per_op,ticks_per_byte,num_samples,"
    "num_workers,ci_confidence,precision_reached,cpu_wall_mismatch,message,library_version,"
    "library_path,capability_vector";

std::string Number(double value) { return fmt::format("{}", value); }

std::string Bool(bool value) { return value ? "true" : "false"; }

void WriteRow(const std::vector<std::string>& fields, std::ostream& out) {
  for (size_t i = 0; i < fields.size(); ++i) {
    out << (i == 0 ? "" : ",") << CsvField(fields[i]);
  }
  out << '\n';
}

std::vector<std::string> CellFields(const results::AlgorithmResult& alg, const Cell& cell) {
  std::vector<std::string> fields = {alg.algorithm, alg.kind, cell.operation,
                                     fmt::format("{}", cell.input_len),
                                     results::CellStatusName(cell.status)};
  if (!cell.figures) {
    fields.resize(24);  // every figure empty
    fields.push_back(cell.message);
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
  fields.push_back(Number(f.ticks_per_op));
  fields.push_back(f.bytes_per_s && cell.input_len > 0
                       ? Number(f.ticks_per_op / static_cast<double>(cell.input_len))
                       : "");
  fields.push_back(fmt::format("{}", f.num_samples));
  fields.push_back(fmt::format("{}", f.num_workers));
  fields.push_back(Number(f.ci_confidence));
  fields.push_back(Bool(f.precision_reached));
  fields.push_back(Bool(f.cpu_wall_mismatch));
  fields.push_back(cell.message);
  return fields;
}

// An imported cell: the figure the tool printed, and nothing a single figure cannot give (CI,
// CPU time, cycles, the precision flags stay empty, not 0). The per-operation time goes in the
// column of the clock the tool divided by; `message` says what the figure is.
// Column indices of kHeader used for imported cells.
enum Column : size_t {
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

std::vector<std::string> ImportedCellFields(const results::RunResult& run,
                                            const results::AlgorithmResult& alg, const Cell& cell) {
  std::vector<std::string> fields = {alg.algorithm, alg.kind, cell.operation,
                                     fmt::format("{}", cell.input_len),
                                     results::CellStatusName(cell.status)};
  fields.resize(kCellColumns);
  if (cell.figures) {
    const results::CellFigures& f = *cell.figures;
    fields[kOpsPerS] = Number(f.ops_per_s.value);
    if (f.bytes_per_s) {
      fields[kBytesPerS] = Number(f.bytes_per_s->value);
      fields[kMbPerS] = Number(f.bytes_per_s->value / 1e6);
    }
    const std::string ns_per_op = f.ops_per_s.value > 0 ? Number(1e9 / f.ops_per_s.value) : "";
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
void AppendLibrary(const results::LibraryInfo& library, std::vector<std::string>& fields) {
  fields.push_back(library.version);
  fields.push_back(library.loaded_path);
  fields.push_back(library.capability_vector);
}

}  // namespace

void RenderCsv(const results::RunResult& run, std::ostream& out) {
  out << kHeader << '\n';
  for (const results::AlgorithmResult& alg : run.algorithms) {
    if (alg.cells.empty()) {
      std::vector<std::string> fields = {alg.algorithm, alg.kind, "", "",
                                         alg.supported ? "" : "unsupported"};
      fields.resize(25);
      AppendLibrary(run.library, fields);
      WriteRow(fields, out);
    }
    for (const Cell& cell : alg.cells) {
      std::vector<std::string> fields =
          IsImported(run) ? ImportedCellFields(run, alg, cell) : CellFields(alg, cell);
      AppendLibrary(run.library, fields);
      WriteRow(fields, out);
    }
  }
}

}  // namespace cryptobench::report
