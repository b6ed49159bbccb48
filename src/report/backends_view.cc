// Rows of several runs side by side, grouped by algorithm and operation.
#include "report/backends_view.h"

#include <algorithm>
#include <set>
#include <utility>

#include "report/format_util.h"
#include "report/views.h"

namespace cryptobench::report {
namespace {

using results::Cell;
using results::CellStatus;
using results::RunResult;

// The figure texts of one symmetric row laid over `sizes`.
void FillSymmetric(const SymmetricRow& row, const std::vector<uint64_t>& row_sizes,
                   const std::vector<uint64_t>& sizes, BackendRow* out) {
  if (const CellStatus status = row.RowStatus(); status != CellStatus::kOk) {
    const Cell* first = row.FirstPresent();
    out->cells = {first != nullptr ? StatusText(*first) : StatusLabel(status)};
    out->spans = true;
    return;
  }
  for (uint64_t size : sizes) {
    const auto at = std::find(row_sizes.begin(), row_sizes.end(), size);
    out->cells.push_back(
        SymmetricCellText(at == row_sizes.end() ? nullptr : row.cells[at - row_sizes.begin()]));
  }
}

void FillPublicKey(const PublicKeyRow& row, BackendRow* out) {
  const Cell* cell = row.cell;
  if (cell == nullptr || cell->status != CellStatus::kOk || !cell->figures) {
    out->cells = {cell == nullptr ? "unsupported" : StatusText(*cell)};
    out->spans = true;
    return;
  }
  const results::CellFigures& f = *cell->figures;
  out->cells = {FormatRateWithCi(f.ops_per_s), FormatRate(f.wall_ns_per_op / 1e3)};
}

std::string ImplementationOf(const RunResult& run, const std::string& algorithm) {
  for (const results::AlgorithmResult& alg : run.algorithms) {
    if (alg.algorithm == algorithm) {
      return alg.implementation;
    }
  }
  return "";
}

}  // namespace

std::string BackendName(const RunResult& run) { return run.library.backend; }

std::string BackendVersion(const RunResult& run) {
  return run.library.version.empty() ? "unknown" : ShortLibraryVersion(run.library.version);
}

BackendsView BuildBackendsView(const std::vector<RunResult>& runs) {
  BackendsView view;
  std::vector<SymmetricGrid> grids;
  std::vector<std::vector<PublicKeyRow>> public_keys;
  std::set<uint64_t> sizes;
  // Row keys in first-seen order over all runs (normally the first run has them all).
  std::vector<std::pair<std::string, std::string>> symmetric_keys;
  std::vector<std::string> public_key_keys;
  for (const RunResult& run : runs) {
    grids.push_back(BuildSymmetricGrid(run));
    public_keys.push_back(BuildPublicKeyRows(run));
    sizes.insert(grids.back().sizes.begin(), grids.back().sizes.end());
    for (const SymmetricRow& row : grids.back().rows) {
      std::pair<std::string, std::string> key{row.algorithm->algorithm, row.operation};
      if (std::find(symmetric_keys.begin(), symmetric_keys.end(), key) == symmetric_keys.end()) {
        symmetric_keys.push_back(std::move(key));
      }
    }
    for (const PublicKeyRow& row : public_keys.back()) {
      if (std::find(public_key_keys.begin(), public_key_keys.end(), row.Label()) ==
          public_key_keys.end()) {
        public_key_keys.push_back(row.Label());
      }
    }
  }
  view.sizes.assign(sizes.begin(), sizes.end());

  for (const auto& [algorithm, operation] : symmetric_keys) {
    bool first = true;
    for (size_t r = 0; r < runs.size(); ++r) {
      BackendRow out;
      out.label = algorithm;
      out.operation = operation;
      out.run = &runs[r];
      out.first_in_group = first;
      out.implementation = ImplementationOf(runs[r], algorithm);
      const auto& rows = grids[r].rows;
      // Named captures: Clang before 16 cannot capture structured bindings implicitly.
      const auto row = std::find_if(
          rows.begin(), rows.end(),
          [&wanted_algorithm = algorithm, &wanted_operation = operation](const SymmetricRow& c) {
            return c.algorithm->algorithm == wanted_algorithm && c.operation == wanted_operation;
          });
      if (row == rows.end()) {
        out.cells = {"not measured"};
        out.spans = true;
      } else {
        FillSymmetric(*row, grids[r].sizes, view.sizes, &out);
      }
      view.any_implementation = view.any_implementation || !out.implementation.empty();
      view.symmetric.push_back(std::move(out));
      first = false;
    }
  }
  for (const std::string& label : public_key_keys) {
    bool first = true;
    for (size_t r = 0; r < runs.size(); ++r) {
      BackendRow out;
      out.label = label;
      out.run = &runs[r];
      out.first_in_group = first;
      const auto& rows = public_keys[r];
      const auto row = std::find_if(rows.begin(), rows.end(), [&](const PublicKeyRow& candidate) {
        return candidate.Label() == label;
      });
      if (row == rows.end()) {
        out.cells = {"not measured"};
        out.spans = true;
      } else {
        out.implementation = row->algorithm->implementation;
        FillPublicKey(*row, &out);
      }
      view.any_implementation = view.any_implementation || !out.implementation.empty();
      view.public_key.push_back(std::move(out));
      first = false;
    }
  }
  return view;
}

std::vector<std::string> BackendNoteLines(const std::vector<RunResult>& runs) {
  std::vector<std::string> lines;
  for (const RunResult& run : runs) {
    for (const std::string& note : NoteLines(run)) {
      lines.push_back(BackendName(run) + ": " + note);
    }
  }
  return lines;
}

}  // namespace cryptobench::report
