// ParseCsvTable (csv_table.h).
#include "diagnose/csv_table.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace cryptobench::diagnose {
namespace {

// Splits one CSV line into fields. A field that starts with '"' runs to the matching '"';
// inside it "" stands for one quote. Anything after a closing quote other than ',' is an error.
std::vector<std::string> SplitFields(std::string_view line, size_t line_number,
                                     std::string_view table) {
  std::vector<std::string> fields;
  size_t pos = 0;
  while (true) {
    std::string field;
    if (pos < line.size() && line[pos] == '"') {
      ++pos;
      bool closed = false;
      while (pos < line.size()) {
        if (line[pos] == '"') {
          if (pos + 1 < line.size() && line[pos + 1] == '"') {
            field += '"';
            pos += 2;
            continue;
          }
          closed = true;
          ++pos;
          break;
        }
        field += line[pos++];
      }
      if (!closed) {
        FailCsvRecord(table, line_number, "unterminated quoted field");
      }
      if (pos < line.size() && line[pos] != ',') {
        FailCsvRecord(table, line_number, "text after a closing quote");
      }
    } else {
      const size_t comma = line.find(',', pos);
      const size_t end = comma == std::string_view::npos ? line.size() : comma;
      field.assign(line.substr(pos, end - pos));
      if (field.find('"') != std::string::npos) {
        FailCsvRecord(table, line_number, fmt::format("quote inside unquoted field \"{}\"", field));
      }
      pos = end;
    }
    fields.push_back(std::move(field));
    if (pos >= line.size()) {
      break;
    }
    ++pos;  // the comma
  }
  return fields;
}

}  // namespace

void FailCsvRecord(std::string_view table, size_t line, std::string_view what) {
  throw std::runtime_error(fmt::format("{} line {}: {}", table, line, what));
}

std::vector<CsvRecord> ParseCsvTable(std::string_view csv, std::string_view header,
                                     std::string_view table) {
  const size_t columns = static_cast<size_t>(std::count(header.begin(), header.end(), ',')) + 1;
  std::vector<CsvRecord> records;
  bool header_seen = false;
  size_t line_number = 0;
  size_t pos = 0;
  while (pos < csv.size()) {
    const size_t newline = csv.find('\n', pos);
    const size_t end = newline == std::string_view::npos ? csv.size() : newline;
    std::string_view line = csv.substr(pos, end - pos);
    pos = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') {
      line.remove_suffix(1);
    }
    if (line.empty()) {
      continue;
    }
    if (!header_seen) {
      if (line != header) {
        FailCsvRecord(table, line_number, fmt::format("expected the header \"{}\"", header));
      }
      header_seen = true;
      continue;
    }
    CsvRecord record{line_number, SplitFields(line, line_number, table)};
    if (record.fields.size() != columns) {
      FailCsvRecord(table, line_number,
                    fmt::format("expected {} fields, found {}", columns, record.fields.size()));
    }
    records.push_back(std::move(record));
  }
  if (!header_seen) {
    FailCsvRecord(table, line_number + 1, "no header line");
  }
  return records;
}

std::optional<double> ParseCsvNumber(std::string_view text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

}  // namespace cryptobench::diagnose
