// Reading the knowledge tables shipped in data/*.csv: one header line naming the columns, then
// one record per line. Shared by the knowledge tables (the cpb classes of classifier.h, and
// later ones), so each parses only its own columns.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::diagnose {

/// One record of a CSV table: its fields and its 1-based line number in the text.
struct CsvRecord {
  size_t line = 0;
  std::vector<std::string> fields;
};

/// Parses `csv`: the first non-empty line must equal `header`; every later non-empty line is a
/// record with exactly as many fields as the header has columns. A field may be double-quoted
/// (to hold commas; "" is a literal quote); CRLF line ends are accepted. Throws
/// std::runtime_error "TABLE line N: ..." (TABLE = `table`) on the first violation: no header,
/// a wrong header, a wrong field count, an unterminated quote, text after a closing quote or a
/// quote inside an unquoted field.
std::vector<CsvRecord> ParseCsvTable(std::string_view csv, std::string_view header,
                                     std::string_view table);

/// The field `text` read whole as a finite number ("3.56", "1e3"); nullopt for an empty field,
/// text around the number (" 3.5", "3.5x"), a hex form or infinity. Never throws.
std::optional<double> ParseCsvNumber(std::string_view text);

/// Throws std::runtime_error "TABLE line N: WHAT" (for checks of a record's values).
[[noreturn]] void FailCsvRecord(std::string_view table, size_t line, std::string_view what);

}  // namespace cryptobench::diagnose
