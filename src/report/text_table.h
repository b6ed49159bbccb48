// A plain-text table with aligned columns, for the human-readable renderer.
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace cryptobench::report {

class TextTable {
 public:
  enum class Align { kLeft, kRight };
  struct Column {
    std::string header;
    Align align = Align::kRight;
  };

  explicit TextTable(std::vector<Column> columns) : columns_(std::move(columns)) {}

  /// Adds a row of cells, one per column. A row with fewer cells than columns ends in a
  /// spanning cell: its last cell is printed left-aligned from its column onwards and does not
  /// widen that column (used for "FAILED KAT" across a row of sizes).
  void AddRow(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }

  /// Writes header and rows, each line prefixed by `indent`, columns separated by two spaces,
  /// without trailing spaces.
  void Write(std::ostream& out, const std::string& indent = "") const;

 private:
  std::vector<Column> columns_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace cryptobench::report
