// Aligned plain-text tables.
#include "report/text_table.h"

#include <algorithm>

#include "report/format_util.h"

namespace cryptobench::report {
namespace {

constexpr const char* kColumnGap = "  ";

/// The widest a cell may make its column, in terminal columns. A longer cell (an algorithm name
/// of an imported paste may be megabytes long) is printed whole but overflows its column instead
/// of padding every other row to its width, which made the output grow as rows x longest name
/// rather than with the input (docs/security.md bounds output by the input's size).
constexpr size_t kMaxColumnWidth = 64;

void WriteLine(std::ostream& out, const std::string& indent, std::string line) {
  line.erase(line.find_last_not_of(' ') + 1);
  out << indent << line << '\n';
}

}  // namespace

void TextTable::Write(std::ostream& out, const std::string& indent) const {
  std::vector<size_t> widths(columns_.size());
  for (size_t c = 0; c < columns_.size(); ++c) {
    widths[c] = std::min(DisplayWidth(columns_[c].header), kMaxColumnWidth);
  }
  for (const auto& row : rows_) {
    const bool spans = row.size() < columns_.size();
    const size_t sized = spans && !row.empty() ? row.size() - 1 : row.size();
    for (size_t c = 0; c < sized; ++c) {
      const size_t width = DisplayWidth(row[c]);
      if (width <= kMaxColumnWidth) {
        widths[c] = std::max(widths[c], width);
      }
    }
  }

  auto format_cell = [&](size_t c, const std::string& text) {
    return columns_[c].align == Align::kLeft ? PadRight(text, widths[c]) : PadLeft(text, widths[c]);
  };

  std::string header;
  for (size_t c = 0; c < columns_.size(); ++c) {
    header += (c == 0 ? "" : kColumnGap) + format_cell(c, columns_[c].header);
  }
  WriteLine(out, indent, header);

  for (const auto& row : rows_) {
    const bool spans = row.size() < columns_.size();
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      line += c == 0 ? "" : kColumnGap;
      line += spans && c + 1 == row.size() ? row[c] : format_cell(c, row[c]);
    }
    WriteLine(out, indent, line);
  }
}

}  // namespace cryptobench::report
