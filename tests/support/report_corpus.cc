// Checking import against the corpus of real reports (tests/fixtures/reports/README.md).
#include "support/report_corpus.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "import/import.h"

namespace cryptobench::testing {
namespace {

constexpr std::string_view kHeaderPrefix = "#@ ";
// A figure is right within this relative difference of the hand-written value: tighter than
// any unit mix-up (1000 vs 1024 is 2.4%), looser than the rounding of printed figures.
constexpr double kRelativeTolerance = 1e-3;

std::string_view Trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  return text;
}

std::vector<std::string> SplitBars(std::string_view text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    const size_t bar = text.find(" | ", start);
    out.emplace_back(Trim(text.substr(start, bar == std::string_view::npos ? bar : bar - start)));
    if (bar == std::string_view::npos) {
      return out;
    }
    start = bar + 3;
  }
}

std::vector<std::string> SplitLines(std::string_view text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      if (start < text.size()) {
        lines.emplace_back(text.substr(start));
      }
      break;
    }
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// Lower-case letters and digits only: "AES-128-GCM", "aes128gcm" and "AES 128 GCM" are equal.
std::string NormalName(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    }
  }
  return out;
}

// Import keeps a second measurement of one algorithm apart as "NAME (line N)".
std::string_view WithoutLineSuffix(std::string_view name) {
  const size_t open = name.rfind(" (line ");
  if (open != std::string_view::npos && name.back() == ')') {
    return name.substr(0, open);
  }
  return name;
}

class ExpressionParser {
 public:
  explicit ExpressionParser(std::string_view text) : text_(text) {}

  std::optional<double> Parse() {
    const std::optional<double> value = Sum();
    SkipSpaces();
    if (!value || pos_ != text_.size()) {
      return std::nullopt;
    }
    return value;
  }

 private:
  void SkipSpaces() {
    while (pos_ < text_.size() && text_[pos_] == ' ') {
      ++pos_;
    }
  }
  std::optional<double> Sum() {
    std::optional<double> left = Product();
    while (left) {
      SkipSpaces();
      if (pos_ >= text_.size() || (text_[pos_] != '+' && text_[pos_] != '-')) {
        break;
      }
      const char op = text_[pos_++];
      const std::optional<double> right = Product();
      if (!right) {
        return std::nullopt;
      }
      *left = op == '+' ? *left + *right : *left - *right;
    }
    return left;
  }
  std::optional<double> Product() {
    std::optional<double> left = Factor();
    while (left) {
      SkipSpaces();
      if (pos_ >= text_.size() || (text_[pos_] != '*' && text_[pos_] != '/')) {
        break;
      }
      const char op = text_[pos_++];
      const std::optional<double> right = Factor();
      if (!right || (op == '/' && *right == 0)) {
        return std::nullopt;
      }
      *left = op == '*' ? *left * *right : *left / *right;
    }
    return left;
  }
  std::optional<double> Factor() {
    SkipSpaces();
    if (pos_ < text_.size() && text_[pos_] == '(') {
      ++pos_;
      const std::optional<double> inner = Sum();
      SkipSpaces();
      if (!inner || pos_ >= text_.size() || text_[pos_] != ')') {
        return std::nullopt;
      }
      ++pos_;
      return inner;
    }
    const size_t start = pos_;
    while (pos_ < text_.size() &&
           (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.')) {
      ++pos_;
    }
    if (start == pos_) {
      return std::nullopt;
    }
    try {
      size_t used = 0;
      const std::string number(text_.substr(start, pos_ - start));
      const double value = std::stod(number, &used);
      return used == number.size() ? std::optional<double>(value) : std::nullopt;
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }

  std::string_view text_;
  size_t pos_ = 0;
};

struct Unit {
  std::string_view name;
  double factor;
  CorpusQuantity quantity;
};

constexpr Unit kUnits[] = {
    {"k", 1e3, CorpusQuantity::kBytesPerSecond},
    {"B/s", 1, CorpusQuantity::kBytesPerSecond},
    {"kB/s", 1e3, CorpusQuantity::kBytesPerSecond},
    {"MB/s", 1e6, CorpusQuantity::kBytesPerSecond},
    {"GB/s", 1e9, CorpusQuantity::kBytesPerSecond},
    {"KiB/s", 1024.0, CorpusQuantity::kBytesPerSecond},
    {"MiB/s", 1024.0 * 1024.0, CorpusQuantity::kBytesPerSecond},
    {"GiB/s", 1024.0 * 1024.0 * 1024.0, CorpusQuantity::kBytesPerSecond},
    {"ops/s", 1, CorpusQuantity::kOpsPerSecond},
    {"cycles/op", 1, CorpusQuantity::kTicksPerOp},
};

[[noreturn]] void Malformed(std::string_view name, size_t line, std::string_view what) {
  throw std::runtime_error(fmt::format("{}:{}: {}", name, line, what));
}

size_t ParseLine(std::string_view name, size_t header_line, std::string_view text,
                 size_t num_lines) {
  size_t value = 0;
  if (text.empty() || !std::all_of(text.begin(), text.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
      })) {
    Malformed(name, header_line, fmt::format("expected a line number, found '{}'", text));
  }
  value = std::stoul(std::string(text));
  if (value == 0 || value > num_lines) {
    Malformed(name, header_line, fmt::format("line {} is outside the file", value));
  }
  return value;
}

// The tool a block's description starts with, for the per-format counts.
std::string FormatOf(std::string_view what) {
  const std::string lower = [&] {
    std::string out(what);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
  }();
  for (const auto& [key, format] : std::vector<std::pair<std::string_view, std::string_view>>{
           {"s_time", "openssl s_time"},
           {"openssl speed", "openssl speed"},
           {"cryptsetup", "cryptsetup benchmark"},
           {"tcrypt", "tcrypt"},
           {"kcapi-speed", "kcapi-speed"},
           {"wolfcrypt", "wolfCrypt benchmark"},
           {"wolftpm", "wolfCrypt benchmark"},
           {"mbedtls", "mbedTLS benchmark"},
           {"botan", "botan speed"},
           {"bssl", "bssl speed"},
           {"gnutls-cli", "gnutls-cli"}}) {
    if (lower.find(key) != std::string::npos) {
      return std::string(format);
    }
  }
  return "other";
}

}  // namespace

std::optional<double> EvaluateCorpusExpression(std::string_view expression) {
  return ExpressionParser(Trim(expression)).Parse();
}

std::vector<size_t> LinesNamedIn(std::string_view caveat) {
  std::vector<size_t> lines;
  const std::string text(caveat);
  size_t pos = 0;
  while ((pos = text.find("ine", pos)) != std::string::npos) {
    const bool word = pos > 0 && (text[pos - 1] == 'l' || text[pos - 1] == 'L') &&
                      (pos < 2 || !std::isalpha(static_cast<unsigned char>(text[pos - 2])));
    size_t i = pos + 3;
    pos = i;
    if (!word) {
      continue;
    }
    if (i < text.size() && text[i] == 's') {
      ++i;
    }
    // A list of numbers and ranges: "12", "12-14", "3, 5 and 7", "3 to 9".
    size_t previous = 0;
    bool range = false;
    while (true) {
      while (i < text.size() && text[i] == ' ') {
        ++i;
      }
      const size_t start = i;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
        ++i;
      }
      if (start == i || i - start > 9) {
        break;
      }
      const size_t number = std::stoul(text.substr(start, i - start));
      if (range && previous > 0 && number >= previous && number - previous < 100000) {
        for (size_t n = previous + 1; n <= number; ++n) {
          lines.push_back(n);
        }
      } else {
        lines.push_back(number);
      }
      previous = number;
      range = false;
      if (i < text.size() && (text[i] == '-' || text.compare(i, 3, "\xe2\x80\x93") == 0)) {
        i += text[i] == '-' ? 1 : 3;
        range = true;
      } else if (text.compare(i, 4, " to ") == 0) {
        i += 4;
        range = true;
      } else if (text.compare(i, 2, ", ") == 0) {
        i += 2;
      } else if (text.compare(i, 5, " and ") == 0) {
        i += 5;
      } else {
        break;
      }
    }
    pos = i;
  }
  return lines;
}

CorpusFixture ParseCorpusFixture(std::string_view name, std::string_view content) {
  CorpusFixture fixture;
  fixture.name = std::string(name);
  std::vector<std::string> lines = SplitLines(content);
  size_t header_end = 0;
  while (header_end < lines.size() && lines[header_end].starts_with(kHeaderPrefix)) {
    ++header_end;
  }
  if (header_end == 0) {
    Malformed(name, 1, "expected the '#@ ' header lines first");
  }
  std::map<std::string, size_t> block_index;
  for (size_t i = 0; i < header_end; ++i) {
    const size_t number = i + 1;
    const std::string_view line = std::string_view(lines[i]).substr(kHeaderPrefix.size());
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) {
      Malformed(name, number, "expected 'key: value'");
    }
    const std::string_view key = line.substr(0, colon);
    const std::string_view value = Trim(line.substr(colon + 1));
    if (key == "run") {
      const std::vector<std::string> parts = SplitBars(value);
      if (parts.size() < 3 || parts[0].empty() || parts[1].empty()) {
        Malformed(name, number, "expected 'run: ID | MACHINE | WHAT [| joins IDS]'");
      }
      CorpusBlock block{parts[0], parts[1], parts[2], {}};
      if (parts.size() == 4) {
        if (!parts[3].starts_with("joins ")) {
          Malformed(name, number, "expected 'joins ID[,ID]' as the run's fourth field");
        }
        std::string_view ids = std::string_view(parts[3]).substr(6);
        while (!ids.empty()) {
          const size_t comma = ids.find(',');
          const std::string id(Trim(ids.substr(0, comma)));
          if (!block_index.contains(id)) {
            Malformed(name, number, fmt::format("joins an undeclared block '{}'", id));
          }
          block.joins.push_back(id);
          ids = comma == std::string_view::npos ? "" : ids.substr(comma + 1);
        }
      } else if (parts.size() > 4) {
        Malformed(name, number, "too many fields in a run line");
      }
      block_index[block.id] = fixture.blocks.size();
      fixture.blocks.push_back(std::move(block));
      continue;
    }
    if (key == "fig") {
      const std::vector<std::string> parts = SplitBars(value);
      if (parts.size() != 6) {
        Malformed(name, number, "expected 'fig: RUN | LINE | ALGORITHM | OP | SIZE | VALUE UNIT'");
      }
      if (!block_index.contains(parts[0])) {
        Malformed(name, number, fmt::format("figure of an undeclared block '{}'", parts[0]));
      }
      CorpusFigure figure;
      figure.header_line = number;
      figure.block = parts[0];
      figure.line = ParseLine(name, number, parts[1], lines.size());
      std::string algorithm = parts[2];
      const size_t open = algorithm.find(" [");
      if (open != std::string::npos && algorithm.back() == ']') {
        figure.implementation = algorithm.substr(open + 2, algorithm.size() - open - 3);
        algorithm = algorithm.substr(0, open);
      }
      figure.algorithm = algorithm;
      figure.operation = parts[3];
      if (parts[4] != "-") {
        const std::optional<double> size = EvaluateCorpusExpression(parts[4]);
        if (!size || *size < 1 || std::floor(*size) != *size) {
          Malformed(name, number,
                    fmt::format("expected a size in bytes or '-', found '{}'", parts[4]));
        }
        figure.size = static_cast<uint64_t>(*size);
      }
      const size_t space = parts[5].rfind(' ');
      if (space == std::string::npos) {
        Malformed(name, number, "expected 'VALUE UNIT'");
      }
      const std::string unit = parts[5].substr(space + 1);
      const auto* found = std::find_if(std::begin(kUnits), std::end(kUnits),
                                       [&](const Unit& u) { return u.name == unit; });
      if (found == std::end(kUnits)) {
        Malformed(name, number, fmt::format("unknown unit '{}'", unit));
      }
      const std::optional<double> amount = EvaluateCorpusExpression(parts[5].substr(0, space));
      if (!amount || !(*amount > 0)) {
        Malformed(name, number,
                  fmt::format("expected a positive number or expression, found '{}'",
                              parts[5].substr(0, space)));
      }
      figure.value = *amount * found->factor;
      figure.quantity = found->quantity;
      fixture.figures.push_back(std::move(figure));
      continue;
    }
    if (key == "drop") {
      const std::vector<std::string> parts = SplitBars(value);
      if (parts.size() != 3 || !block_index.contains(parts[0])) {
        Malformed(name, number, "expected 'drop: RUN | LINE | WHY' of a declared block");
      }
      fixture.drops.push_back({parts[0], ParseLine(name, number, parts[1], lines.size())});
      continue;
    }
    if (key == "caveat-line") {
      fixture.caveat_lines.push_back(ParseLine(name, number, value, lines.size()));
      continue;
    }
    if (key == "refuse") {
      fixture.refuse_line = ParseLine(name, number, value, lines.size());
      continue;
    }
    if (key == "verdict") {
      if (value != "established" && value != "cannot-tell" && value != "crypto-fine" &&
          value != "none") {
        Malformed(name, number, fmt::format("unknown verdict '{}'", value));
      }
      fixture.verdict = std::string(value);
      continue;
    }
    if (key == "report" || key == "source" || key == "taken" || key == "cause" ||
        key == "cause-text" || key == "cause-source" || key == "also-true") {
      continue;
    }
    Malformed(name, number, fmt::format("unknown key '{}'", key));
  }
  if (fixture.verdict.empty()) {
    Malformed(name, header_end, "expected a 'verdict:' line");
  }
  if (fixture.refuse_line && !fixture.blocks.empty()) {
    Malformed(name, header_end, "a refused file declares no blocks");
  }
  if (!fixture.refuse_line && fixture.figures.empty() && fixture.drops.empty()) {
    Malformed(name, header_end, "expected figures, or 'refuse:' for a file without tool output");
  }
  for (size_t i = 0; i < header_end; ++i) {
    lines[i].clear();
  }
  for (size_t i = 0; i < lines.size(); ++i) {
    fixture.text += lines[i];
    fixture.text += '\n';
  }
  return fixture;
}

namespace {

struct ImportedCell {
  size_t run = 0;
  std::string algorithm;  // normal form
  std::string implementation;
  std::string operation;
  uint64_t input_len = 0;
  const results::CellFigures* figures = nullptr;
  bool used = false;
};

std::optional<double> CellValue(const ImportedCell& cell, CorpusQuantity quantity) {
  switch (quantity) {
    case CorpusQuantity::kBytesPerSecond:
      if (cell.figures->bytes_per_s) {
        return cell.figures->bytes_per_s->value;
      }
      return std::nullopt;
    case CorpusQuantity::kOpsPerSecond:
      return cell.figures->ops_per_s.value;
    case CorpusQuantity::kTicksPerOp:
      return cell.figures->ticks_per_op > 0 ? std::optional<double>(cell.figures->ticks_per_op)
                                            : std::nullopt;
  }
  return std::nullopt;
}

bool Close(double actual, double expected) {
  return std::isfinite(actual) &&
         std::fabs(actual - expected) <= kRelativeTolerance * std::fabs(expected);
}

}  // namespace

CorpusResult CheckCorpusFixture(const CorpusFixture& fixture) {
  CorpusResult result;
  result.name = fixture.name;
  result.refusal_expected = fixture.refuse_line.has_value();
  result.blocks = fixture.blocks.size();
  result.figures = fixture.figures.size();
  result.format = fixture.blocks.empty() ? "not tool output" : FormatOf(fixture.blocks[0].what);
  std::vector<results::RunResult> runs;
  try {
    runs = import::ImportText(fixture.text, fixture.name, false);
  } catch (const import::ImportError& e) {
    result.error = e.what();
    if (fixture.refuse_line && e.line() == *fixture.refuse_line) {
      result.refused_right = true;
      return result;
    }
    result.problems.push_back(fmt::format("import failed: {}", e.what()));
    result.figures_dropped_silently = fixture.figures.size();
    return result;
  }
  if (fixture.refuse_line) {
    result.problems.push_back(fmt::format("expected a refusal naming line {}, got {} run(s)",
                                          *fixture.refuse_line, runs.size()));
    return result;
  }

  // Everything import said about lines: caveats and the messages of error cells.
  std::set<size_t> named_lines;
  std::vector<ImportedCell> cells;
  for (size_t r = 0; r < runs.size(); ++r) {
    for (const std::string& caveat : runs[r].source.caveats) {
      for (size_t line : LinesNamedIn(caveat)) {
        named_lines.insert(line);
      }
    }
    for (const results::AlgorithmResult& alg : runs[r].algorithms) {
      for (const results::Cell& cell : alg.cells) {
        for (size_t line : LinesNamedIn(cell.message)) {
          named_lines.insert(line);
        }
        if (!cell.figures) {
          continue;
        }
        cells.push_back({r, NormalName(WithoutLineSuffix(alg.algorithm)),
                         NormalName(alg.implementation), cell.operation, cell.input_len,
                         &*cell.figures, false});
      }
    }
  }

  // Each figure takes the first unused cell of its name, operation and size with the right
  // value, else one with another value (a wrong figure).
  std::map<std::string, std::set<size_t>> block_runs;  // block -> imported runs
  std::map<size_t, std::set<std::string>> run_blocks;  // imported run -> blocks
  std::map<std::string, bool> block_right;
  for (const CorpusBlock& block : fixture.blocks) {
    block_right[block.id] = true;
  }
  for (const CorpusFigure& figure : fixture.figures) {
    const std::string name = NormalName(figure.algorithm);
    const auto fits = [&](const ImportedCell& cell) {
      return !cell.used && cell.algorithm == name && cell.operation == figure.operation &&
             (!figure.size || cell.input_len == *figure.size) &&
             (!figure.implementation || cell.implementation == NormalName(*figure.implementation));
    };
    ImportedCell* chosen = nullptr;
    for (ImportedCell& cell : cells) {
      const std::optional<double> value = CellValue(cell, figure.quantity);
      if (fits(cell) && value && Close(*value, figure.value)) {
        chosen = &cell;
        break;
      }
    }
    const bool right = chosen != nullptr;
    if (!chosen) {
      for (ImportedCell& cell : cells) {
        if (fits(cell)) {
          chosen = &cell;
          break;
        }
      }
    }
    const std::string where =
        fmt::format("line {} ({} {} {})", figure.line, figure.algorithm, figure.operation,
                    figure.size ? std::to_string(*figure.size) : "-");
    if (chosen != nullptr) {
      chosen->used = true;
      block_runs[figure.block].insert(chosen->run);
      run_blocks[chosen->run].insert(figure.block);
    }
    if (right) {
      ++result.figures_right;
      continue;
    }
    block_right[figure.block] = false;
    if (chosen != nullptr) {
      ++result.figures_wrong_value;
      const std::optional<double> value = CellValue(*chosen, figure.quantity);
      result.problems.push_back(fmt::format("figure at {}: expected {:.6g}, imported {}", where,
                                            figure.value,
                                            value ? fmt::format("{:.6g}", *value) : "no value"));
    } else if (named_lines.contains(figure.line)) {
      ++result.figures_dropped_caveat;
      result.problems.push_back(
          fmt::format("figure at {} is missing (a caveat names its line)", where));
    } else {
      ++result.figures_dropped_silently;
      result.problems.push_back(
          fmt::format("figure at {} is missing, and no caveat names it", where));
    }
  }
  for (const ImportedCell& cell : cells) {
    if (!cell.used) {
      ++result.figures_invented;
      result.problems.push_back(
          fmt::format("run {} holds a figure no header line expects: {} {} {}", cell.run + 1,
                      cell.algorithm, cell.operation, cell.input_len));
    }
  }

  std::map<std::string, const CorpusBlock*> blocks;
  for (const CorpusBlock& block : fixture.blocks) {
    blocks[block.id] = &block;
  }
  const auto may_share = [&](const std::string& a, const std::string& b) {
    const auto joined = [&](const std::string& x, const std::string& y) {
      const std::vector<std::string>& joins = blocks.at(x)->joins;
      return std::find(joins.begin(), joins.end(), y) != joins.end();
    };
    return a == b || joined(a, b) || joined(b, a);
  };
  for (const auto& [run, present] : run_blocks) {
    std::set<std::string> machines;
    for (const std::string& block : present) {
      machines.insert(blocks.at(block)->machine);
      for (const std::string& other : present) {
        if (!may_share(block, other)) {
          block_right[block] = false;
        }
      }
    }
    if (machines.size() > 1) {
      ++result.runs_mixing_machines;
      result.problems.push_back(
          fmt::format("run {} holds figures of {} machines or builds", run + 1, machines.size()));
    } else if (present.size() > 1) {
      for (const std::string& block : present) {
        for (const std::string& other : present) {
          if (block < other && !may_share(block, other)) {
            result.problems.push_back(fmt::format(
                "run {} holds blocks {} and {}, which must stay apart", run + 1, block, other));
          }
        }
      }
    }
  }
  // A block whose figures must all be dropped is read right when a caveat names each.
  for (const CorpusDrop& drop : fixture.drops) {
    if (!named_lines.contains(drop.line)) {
      block_right[drop.block] = false;
    }
  }
  std::set<std::string> blocks_with_figures;
  for (const CorpusFigure& figure : fixture.figures) {
    blocks_with_figures.insert(figure.block);
  }
  for (const CorpusBlock& block : fixture.blocks) {
    if (block_runs[block.id].size() > 1) {
      block_right[block.id] = false;
      result.problems.push_back(fmt::format("block {}'s figures are spread over {} runs", block.id,
                                            block_runs[block.id].size()));
    }
    if (block_right[block.id] &&
        (!block_runs[block.id].empty() || !blocks_with_figures.contains(block.id))) {
      ++result.blocks_right;
    }
  }
  for (const CorpusDrop& drop : fixture.drops) {
    if (named_lines.contains(drop.line)) {
      ++result.drops_named;
    } else {
      ++result.drops_unnamed;
      result.problems.push_back(
          fmt::format("no caveat names line {}, whose figure must be dropped", drop.line));
    }
  }
  for (size_t line : fixture.caveat_lines) {
    if (named_lines.contains(line)) {
      ++result.caveat_lines_named;
    } else {
      ++result.caveat_lines_unnamed;
      result.problems.push_back(fmt::format("no caveat names line {}", line));
    }
  }
  return result;
}

}  // namespace cryptobench::testing
