// One imported run of a tool other than `openssl speed` (bssl speed, botan speed, cryptsetup
// benchmark): the builder their parsers share, which turns each printed figure into a cell of
// the result model, and the interface the import driver feeds those parsers through.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "results/model.h"

#include "import/openssl_speed_text.h"
#include "import/paste_cleanup.h"
#include "import/speed_names.h"

namespace cryptobench::import {

/// One figure as a foreign tool printed it, already in cryptobench's units.
struct ForeignFigure {
  NamedAlgorithm algorithm;
  std::string implementation;  ///< what the tool says implemented it (Botan's provider); or ""
  std::string operation;       ///< "encrypt", "hash", "sign", "derive", "keygen", ...
  /// Bytes per operation; 0 where the tool gives only ops/s, or, with bytes_per_s, where the
  /// output does not give the size (a throughput at an unknown size: ops_per_s is then 0).
  uint64_t input_len = 0;
  double ops_per_s = 0;  ///< operations per wall-clock second; 0: unknown (see input_len)
  std::optional<double> bytes_per_s;  ///< throughput in bytes/s (10^6 bytes/s = 1 MB/s)
  uint64_t count = 0;                 ///< operations timed, where printed; else 0
  double ticks_per_op = 0;  ///< cycle-counter ticks per operation the tool printed; else 0
  size_t line = 0;          ///< 1-based line of the figure
  std::string label;        ///< the row as the tool names it, for messages
  std::string problem;      ///< set: the figure cannot be right; the cell becomes an error
  /// How the figure was read where the output leaves something open (results::CellCaveat).
  std::vector<results::CellCaveat> caveats;
};

/// Builds one imported run: source kind "imported", timing basis wall clock (every tool read
/// here times by wall clock), one single-sample cell per figure, caveats in order.
class ForeignRunBuilder {
 public:
  /// `tool` goes to source.tool ("bssl speed"), `backend` to library.backend ("boringssl").
  ForeignRunBuilder(std::string_view tool, std::string_view backend, std::string_view file_name);

  /// The run being built, for the parser's own fields (tool version, library, method).
  results::RunResult& run() { return run_; }
  const results::RunResult& run() const { return run_; }

  /// Adds a figure as a cell. Figures are kept as value = ci_low = ci_high, one sample,
  /// confidence 0, no worker samples. A figure with a `problem`, or one that is negative,
  /// infinite or NaN, becomes an error cell with a caveat naming its line; a zero figure
  /// becomes an error cell ("the operation failed or was not run").
  void Add(const ForeignFigure& figure);

  /// Adds a cell the tool printed without a figure ("N/A"), with `status` and `message`.
  void AddUnavailable(const NamedAlgorithm& algorithm, const std::string& implementation,
                      const std::string& operation, uint64_t input_len, results::CellStatus status,
                      const std::string& message);

  /// True if the run already holds a cell for this algorithm, implementation, operation and
  /// input size: a second one means the paste holds another run.
  bool Contains(const std::string& algorithm, const std::string& implementation,
                const std::string& operation, uint64_t input_len) const;

  /// Appends a caveat once (a repeated sentence is not added again).
  void Caveat(const std::string& text);

  /// True once any cell has been added.
  bool HasCells() const;

  /// Skips a line of the tool's output that does not parse (a row damaged in the paste: a
  /// mistyped figure, a cut or wrapped line): a caveat names its line and `why` (the parse
  /// error), and the run keeps its other figures. The first such line is remembered, so that a
  /// run that ends without any figure is refused at it.
  void SkipDamagedLine(size_t line, const std::string& why);

  /// The first line SkipDamagedLine skipped and why; nullopt when none.
  const std::optional<std::pair<size_t, std::string>>& first_damaged() const {
    return first_damaged_;
  }

  /// The finished run: method.input_sizes are the sorted sizes of byte-throughput cells, and an
  /// algorithm whose every cell is unsupported is marked supported = false.
  results::RunResult Finish() const;

 private:
  results::AlgorithmResult& FindOrAdd(const NamedAlgorithm& algorithm,
                                      const std::string& implementation);

  results::RunResult run_;
  std::optional<std::pair<size_t, std::string>> first_damaged_;
};

/// A parser of one run of a foreign tool, fed cleaned lines by the import driver.
class ForeignParser {
 public:
  virtual ~ForeignParser() = default;

  /// Offers a line. kConsumed: it belongs to this run; kNotMine: it does not (the driver goes
  /// on with other parsers); kNewRun: it starts the next run (the driver finishes this one
  /// and offers the line to a fresh parser). Throws ImportError for a line that is
  /// recognisably this tool's output but malformed.
  virtual Offer Take(const SourceLine& line) = 0;

  /// The words after the tool's subcommand on a command line shown with the output.
  virtual void SetCommand(const std::vector<std::string>& args, size_t line) = 0;

  /// True once a figure (or an N/A row) has been read.
  virtual bool HasFigures() const = 0;

  /// The run. Throws ImportError if the output ends in the middle of a block.
  virtual results::RunResult Build() = 0;

  /// The first line of this tool's output that was skipped as damaged, and why: a run without
  /// figures is refused at it. nullopt for parsers that skip no line.
  virtual std::optional<std::pair<size_t, std::string>> FirstDamagedLine() const {
    return std::nullopt;
  }
};

}  // namespace cryptobench::import
