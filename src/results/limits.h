// What one input (a paste, a result JSON) may hold, and what a figure may be. With the caps,
// reading any input costs memory linear in its size: at most 8x the input + 64 MiB for import,
// compare and doctor --from (docs/security.md has the bound and how it was measured). The
// ranges are documented in docs/json-schema.md.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "results/model.h"

namespace cryptobench::results {

/// Runs in one input: `speed --backend all` writes 11, a paste of several tools' runs a few.
inline constexpr size_t kMaxRunsPerInput = 64;
/// Rows (algorithm entries) in one input, over all its runs: a whole `openssl speed` is ~100,
/// `speed --all --backend all` ~400.
inline constexpr size_t kMaxRowsPerInput = 2048;
/// Cells (algorithm x operation x input size) in one input, over all its runs: `speed --all
/// --backend all` at the six default sizes is ~2,300.
inline constexpr size_t kMaxCellsPerInput = 8192;
/// Cells over all the inputs of one `compare`: each row of its report costs a few KiB.
inline constexpr size_t kMaxCellsPerCompare = 8192;
/// Lines of a pasted text: tool output is hundreds; a log with the output in it, thousands.
inline constexpr size_t kMaxInputLines = 200000;
/// Memory the object tree of a JSON input may take, raw samples aside (they are kept packed),
/// bytes as results::ParseJsonBounded charges them: a result at the cell cap takes ~29 MiB.
inline constexpr size_t kMaxJsonTreeBytes = size_t{40} << 20;
/// Nesting of a JSON input: a result nests 7 deep (runs[].algorithms[].cells[].workers[]...).
inline constexpr size_t kMaxJsonDepth = 64;
/// Bytes of a JSON input in a row outside strings and numbers (whitespace, brackets, commas,
/// colons, true/false/null): a result has at most a few hundred (indentation, "[]"). The JSON
/// parser keeps such a run whole and quotes it in an error, a control character as 8 bytes, so
/// 4 MiB of newlines cost ~180 MB before the cap.
inline constexpr size_t kMaxJsonPunctuationRun = size_t{64} << 10;

/// An input that cannot be read as results (the CLI exits with status 2). what() is one line.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// An input past one of the caps above. what() is one line naming the cap.
class InputLimitError : public InputError {
 public:
  using InputError::InputError;
};

/// Throws InputLimitError when `runs` (everything read from one input) holds more than
/// kMaxRunsPerInput runs, kMaxRowsPerInput rows or kMaxCellsPerInput cells.
void CheckInputSize(const std::vector<RunResult>& runs);

/// Largest throughput a figure may state, bytes per second: 10^14 (100 TB/s), beyond the
/// memory bandwidth of any machine, so beyond any cipher or hash over it.
inline constexpr double kMaxBytesPerSecond = 1e14;
/// Largest rate of operations, per second: 10^12, a thousand cores each finishing one
/// operation per nanosecond (a few cycles), which no crypto operation comes near.
inline constexpr double kMaxOpsPerSecond = 1e12;
/// Longest time a figure may state, nanoseconds: 10^13 ns (2.8 hours) per sample or per
/// operation; the sampling budget per cell is at most an hour (--max-seconds 3600).
inline constexpr double kMaxNanoseconds = 1e13;

/// Checks every figure of `run` against the ranges of docs/json-schema.md: finite; throughput,
/// rates and times > 0 and below the ceilings above (CPU times >= 0); a CI that holds its value;
/// confidence in (0, 1); threads from 1 to 1024; precision in [0, 0.5]. Throws
/// std::runtime_error naming the first offending field by its JSON path and value, e.g.
/// "algorithms[0].cells[2].figures.bytes_per_s.value: 1e+300 is above 1e+14 bytes/s".
void CheckFigures(const RunResult& run);

}  // namespace cryptobench::results
