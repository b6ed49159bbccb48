// Aligned plain-text tables.
#include "report/text_table.h"

#include <algorithm>

#include "report/format_util.h"

namespace cryptobench::report {
namespace {

constexpr const char* kColumnGap = "  ";

void WriteLine(std::ostream& out, const std::string& indent, std::string line) {
  line.erase(line.find_last_not_of(' ') + 1);
  out << indent << line << '\n';
}

}  // namespace

void TextTable::Write(std::ostream& out, const std::string& indent) const {
  std::vector<size_t> widths(columns_.size());
  for (size_t c = 0; c < columns_.size(); ++c) {
    widths[c] = DisplayWidth(columns_[c].header);
  }
  for (const auto& row : rows_) {
    const bool spans = row.size() < columns_.size();
    const size_t sized = spans && !row.empty() ? row.size() - 1 : row.size();
    for (size_t c = 0; c < sized; ++c) {
      widths[c] = std::max(widths[c], DisplayWidth(row[c]));
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
