// Format-neutral views of a RunResult that the renderers share: the symmetric grid (one row
// per algorithm and operation, one column per input size), the public-key rows, and the notes
// (KAT summary, failures). Views point into the RunResult, which must outlive them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "results/model.h"

namespace cryptobench::report {

/// One row of the symmetric grid. cells[i] is the cell at SymmetricGrid::sizes[i], or nullptr
/// when the algorithm has no cell of that size.
struct SymmetricRow {
  const results::AlgorithmResult* algorithm = nullptr;
  std::string operation;  ///< "encrypt", "hash", ...; "-" for an algorithm without cells
  std::vector<const results::Cell*> cells;
  std::string name;  ///< the algorithm as the row is labelled (AlgorithmLabel)

  /// The status shared by every present cell when none of them is ok (the row then prints it
  /// once); kOk otherwise.
  results::CellStatus RowStatus() const;
  /// The first cell present (smallest size); nullptr for an algorithm without cells.
  const results::Cell* FirstPresent() const;
  /// The largest-size cell whose status is ok and which has figures; nullptr if none.
  const results::Cell* LargestMeasured() const;
};

/// Symmetric algorithms (cipher, AEAD, hash, MAC) in run order.
struct SymmetricGrid {
  std::vector<uint64_t> sizes;  ///< ascending; method.input_sizes plus any other cell size
  std::vector<SymmetricRow> rows;
};

SymmetricGrid BuildSymmetricGrid(const results::RunResult& run);

/// One ops/s figure ("RSA-2048 sign"), in run order: a public-key operation, or (imported
/// runs) a figure of another kind without an input size, such as bssl's one-block
/// "AES-128 encrypt" or cryptsetup's "PBKDF2-sha256 iteration".
struct PublicKeyRow {
  const results::AlgorithmResult* algorithm = nullptr;
  const results::Cell* cell = nullptr;  ///< nullptr for an algorithm without cells
  bool public_key = true;               ///< false for an ops/s figure of another kind
  std::string name;                     ///< the algorithm as the row is labelled (AlgorithmLabel)
  std::string Label() const;            ///< "RSA-2048 sign"
};

/// The name a row of `alg` (one of `run.algorithms`) is labelled with: the algorithm, and its
/// implementation in brackets ("SHA-1 [commoncrypto]") when the run holds the algorithm under
/// another implementation too (botan speed runs it once per provider), so that the rows can
/// be told apart. The bare name otherwise, as before.
std::string AlgorithmLabel(const results::RunResult& run, const results::AlgorithmResult& alg);

/// Every algorithm outside the symmetric grid, one row per cell.
std::vector<PublicKeyRow> BuildPublicKeyRows(const results::RunResult& run);

/// True if the algorithm is reported in the symmetric grid: a catalogue cipher, AEAD, hash or
/// MAC, or a name outside the catalogue whose first cell has an input size (IsThroughputCell
/// in catalog_entry.h); by its kind string when it has no cells.
bool IsSymmetricAlgorithm(const results::AlgorithmResult& alg);

/// True for a public-key algorithm: a catalogue signature or key agreement, or a name outside
/// the catalogue of kind "signature", "key_agreement" or "kem".
bool IsPublicKeyAlgorithm(const results::AlgorithmResult& alg);

/// Sentences for the end of a human-readable report: the KAT outcome ("All 9 algorithms passed
/// their known-answer tests (sources: docs/methodology.md)" or one line per failure), then one
/// line per cell that failed, timed out or crashed, then unsupported algorithms.
std::vector<std::string> NoteLines(const results::RunResult& run);

/// The placement and disturbance notes of a measured run (part of NoteLines): which CPUs the
/// workers were pinned to, or why they were not, and every cell that steal time or a frequency
/// change disturbed ("disturbed: AES-128-GCM encrypt at 16 B: steal 4.1%") or that was
/// measured again because of it. Empty for results that recorded none of this.
std::vector<std::string> PlacementNoteLines(const results::RunResult& run);

/// True if any cell with figures has cpu_wall_mismatch set.
bool AnyCpuWallMismatch(const results::RunResult& run);

/// One symmetric cell for a table: "1234.5 ±0.4%" in MB/s (10^6 bytes/s), " !" appended when
/// CPU and wall-clock time disagree (cpu_wall_mismatch), the status label when the cell failed,
/// "-" when there is no cell.
std::string SymmetricCellText(const results::Cell* cell);

/// The method in one line: "wall-clock throughput (CLOCK_MONOTONIC), median of >= 5 samples
/// per cell with 95% CI; MB/s = 10^6 bytes/s; precision target ±1%, budget 0.5 s/cell".
std::string MethodLine(const results::MethodInfo& method);

/// The tick counter in words: "TSC 2.60 GHz (constant-rate counter, not the core clock)".
std::string TickCounterLine(const results::MachineInfo& machine);

/// Display name of the tick counter for column labels: "TSC", "CNTVCT"; "ticks" if none.
std::string TickCounterName(const results::MachineInfo& machine);

/// True when cycle figures can be given: a known counter with a measured rate.
bool HasTickCounter(const results::MachineInfo& machine);

// Imported runs (source.kind "imported": figures read from another tool's output by
// `cryptobench import`; views_imported.cc). Each figure is one number the tool printed: no
// samples, so no CI, CPU time or cycle count, and the renderers say so instead of printing 0.

/// True if `run`'s figures were imported rather than measured.
bool IsImported(const results::RunResult& run);

/// The clock an imported run's figures divide by, in words: "user CPU time (no -elapsed)",
/// "wall-clock time", "an unknown clock (user CPU time unless -elapsed)" (openssl speed).
std::string TimingBasisText(const results::SourceInfo& source);

/// The method line of an imported run: "openssl speed 3.0.13's figures, one per cell, timed in
/// user CPU time (no -elapsed); not measured by cryptobench: no samples, so no CI, CPU time,
/// cycles or KAT", with the -multi process count and the engine or provider when named.
std::string ImportedMethodLine(const results::RunResult& run);

/// The notes an imported run needs, in order: what its figures are (the method line as a
/// sentence) and then each of source.caveats once.
std::vector<std::string> ImportedNoteLines(const results::RunResult& run);

/// One symmetric cell of an imported run for a table: "1525.1" in MB/s (no CI to show), the
/// status label when the cell failed, "-" when there is no cell.
std::string ImportedCellText(const results::Cell* cell);

}  // namespace cryptobench::report
