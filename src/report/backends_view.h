// Format-neutral view of several runs of the same algorithms, one run per backend (`speed
// --backend a,b`): rows grouped by algorithm and operation, one row per backend within each
// group, so the table and Markdown renderers put the libraries side by side. Private to report/.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "results/model.h"

namespace cryptobench::report {

/// One backend's figures for one algorithm and operation.
struct BackendRow {
  std::string label;            ///< "AES-256-GCM" with the operation beside it, or "Ed25519 sign"
  std::string operation;        ///< symmetric rows: "encrypt", "hash", ...; "" for public key
  bool first_in_group = false;  ///< the first backend row of its algorithm and operation
  const results::RunResult* run = nullptr;
  std::string implementation;  ///< AlgorithmResult::implementation; "" when not reported
  /// Symmetric: one text per BackendsView::sizes entry (SymmetricCellText). Public key: ops/s
  /// with CI and µs/op. A row that failed or is unsupported as a whole holds one status text.
  std::vector<std::string> cells;
  bool spans = false;  ///< cells holds a single status that spans the figure columns
};

/// The rows of all runs, in the first run's algorithm order.
struct BackendsView {
  std::vector<uint64_t> sizes;  ///< symmetric input sizes over all runs, ascending
  std::vector<BackendRow> symmetric;
  std::vector<BackendRow> public_key;
  bool any_implementation = false;  ///< some row names an implementation
};

BackendsView BuildBackendsView(const std::vector<results::RunResult>& runs);

/// The backend's name for a row ("openssl", "sodium").
std::string BackendName(const results::RunResult& run);

/// The library version for a row: ShortLibraryVersion of the run's version, "unknown" if empty.
std::string BackendVersion(const results::RunResult& run);

/// The notes of every run (NoteLines), each prefixed with its backend ("sodium: ...").
std::vector<std::string> BackendNoteLines(const std::vector<results::RunResult>& runs);

}  // namespace cryptobench::report
