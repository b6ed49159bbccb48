// The corpus of real reports (tests/fixtures/reports, format in its README.md): parsing a
// fixture's '#@ ' header and checking what `import` makes of the paste against it. Used by
// the ReportCorpusTest suite and by bench/import-corpus (tests/support/import_corpus_main.cc).
// The expectations are evaluated here, independently of the import code: expressions and
// units are computed from the header, and imported cells are matched by name, operation and
// size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::testing {

/// One block of output (a `run:` line): its id, the machine and build label, and the blocks
/// it may share an imported run with.
struct CorpusBlock {
  std::string id;
  std::string machine;
  std::string what;  ///< the tool and command, as the header describes the block
  std::vector<std::string> joins;
};

/// What a `fig:` value measures.
enum class CorpusQuantity { kBytesPerSecond, kOpsPerSecond, kTicksPerOp };

/// One expected figure (a `fig:` line).
struct CorpusFigure {
  size_t header_line = 0;  ///< the `fig:` line itself (for messages)
  std::string block;
  size_t line = 0;  ///< file line the paste prints it on
  std::string algorithm;
  std::optional<std::string> implementation;  ///< "[...]" after the name, when given
  std::string operation;
  std::optional<uint64_t> size;  ///< nullopt: '-', any input length
  double value = 0;              ///< in the quantity's unit: bytes/s, ops/s or ticks/op
  CorpusQuantity quantity = CorpusQuantity::kBytesPerSecond;
};

/// A printed figure that must not become a figure but must be named in a caveat.
struct CorpusDrop {
  std::string block;
  size_t line = 0;
};

/// A parsed fixture.
struct CorpusFixture {
  std::string name;  ///< file name, without directories
  std::string text;  ///< the file with every header line blanked (line numbers kept)
  std::vector<CorpusBlock> blocks;
  std::vector<CorpusFigure> figures;
  std::vector<CorpusDrop> drops;
  std::vector<size_t> caveat_lines;
  std::optional<size_t> refuse_line;
  std::string verdict;  ///< issue 13's field: established, cannot-tell, crypto-fine, none
};

/// Parses a fixture. Throws std::runtime_error "NAME:LINE: ..." for a header line that does not
/// follow the README's format (an unknown key, a figure of an undeclared block, a value that is
/// not an expression of numbers, an unknown unit, a line number outside the file).
CorpusFixture ParseCorpusFixture(std::string_view name, std::string_view content);

/// Evaluates an arithmetic expression of decimal numbers with + - * / and parentheses;
/// std::nullopt if it is not one (or divides by zero).
std::optional<double> EvaluateCorpusExpression(std::string_view expression);

/// The file lines a caveat names: "line 12", "Line 12", "lines 12-14", "lines 3, 5 and 7".
std::vector<size_t> LinesNamedIn(std::string_view caveat);

/// What import made of one fixture, measured against its header.
struct CorpusResult {
  std::string name;
  std::string format;  ///< the tool of the first block ("openssl speed", "tcrypt", ...)
  bool refusal_expected = false;
  bool refused_right = false;  ///< refusal expected and ImportError named the line
  std::string error;           ///< the ImportError's message, if import threw
  size_t blocks = 0;
  size_t blocks_right = 0;
  size_t figures = 0;
  size_t figures_right = 0;
  size_t figures_wrong_value = 0;       ///< a matching cell with another value
  size_t figures_dropped_caveat = 0;    ///< missing, but a caveat names its line
  size_t figures_dropped_silently = 0;  ///< missing, and no caveat names its line
  size_t figures_invented = 0;          ///< imported cells with figures no `fig:` expects
  size_t runs_mixing_machines = 0;      ///< imported runs holding two machines' figures
  size_t drops_named = 0;
  size_t drops_unnamed = 0;
  size_t caveat_lines_named = 0;
  size_t caveat_lines_unnamed = 0;
  std::vector<std::string> problems;  ///< one line each, for the test's failure message

  /// True when everything the header expects holds.
  bool AllRight() const { return problems.empty(); }
};

/// Imports the fixture's text (as cryptobench import does, file name = fixture name) and
/// compares the runs with the header.
CorpusResult CheckCorpusFixture(const CorpusFixture& fixture);

}  // namespace cryptobench::testing
