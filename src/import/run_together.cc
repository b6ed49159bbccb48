// Splitting lines of openssl speed output that a paste ran together.
#include "import/run_together.h"

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "import/import.h"
#include "import/openssl_version.h"
#include "import/parse_util.h"
#include "import/speed_progress.h"

namespace cryptobench::import {
namespace {

// apps/speed.c prints these sentences whole, each on a line of its own.
constexpr std::string_view kElapsedBanner =
    "You have chosen to measure elapsed time instead of user CPU time.";
constexpr std::string_view kNumbersBanner =
    "The 'numbers' are in 1000s of bytes per second processed.";

// The labels of the lines after a version line: speed's header (apps/speed.c: "built on",
// "options:", "compiler:", 3.x "CPUINFO:") and `openssl version -a`'s (apps/version.c).
constexpr std::string_view kVersionLabels[] = {
    "built on:",   "platform:",   "options:",        "compiler:", "OPENSSLDIR:",
    "ENGINESDIR:", "MODULESDIR:", "Seeding source:", "CPUINFO:"};

// A progress record is one short line (apps/speed.c print_message and its result); a piece
// longer than this is no record, whatever it starts with.
constexpr size_t kMaxRecordLength = 1000;
// How far a public-key header, or the first time of a row, is looked for from a start.
constexpr size_t kPkLookAhead = 300;

enum class Record {
  kNone,
  kProgress,  // "Doing ..."
  kMr,        // "+DT:...", "+R:...", ...
  kVersion,   // "OpenSSL 1.1.1-dev xx XXX xxxx"
  kLabel,     // "built on: ...", "compiler: ..." after a version line
  kElapsed,   // kElapsedBanner
  kNumbers,   // kNumbersBanner
  kType,      // "type 16 bytes ..." after kNumbersBanner, possibly with the table's rows
  kPkHeader,  // "sign verify sign/s verify/s" (a public-key table's header), possibly with rows
  kPkRows,    // "rsa 2048 bits 0.000123s 0.000004s 8130.1 250000.0 rsa 4096 bits ..."
};

// The header lines of apps/speed.c's public-key tables (1.0.x to 3.x; 3.2+ RSA with encrypt
// and decrypt, KEM and signature tables), the number of operations each row then prints.
struct PkHeader {
  std::initializer_list<std::string_view> words;
  size_t ops;
};
const PkHeader kPkHeaders[] = {
    {{"sign", "verify", "encrypt", "decrypt", "sign/s", "verify/s", "encr./s", "decr./s"}, 4},
    {{"sign", "verify", "sign/s", "verify/s"}, 2},
    {{"op", "op/s"}, 1},
    {{"keygen", "encaps", "decaps", "keygens/s", "encaps/s", "decaps/s"}, 3},
    {{"keygen", "signs", "verify", "keygens/s", "sign/s", "verify/s"}, 3}};

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// The public-key header `words` start with at `at`: its index in kPkHeaders, or -1.
int PkHeaderAt(const std::vector<std::string_view>& words, size_t at) {
  for (size_t h = 0; h < std::size(kPkHeaders); ++h) {
    const auto& header = kPkHeaders[h].words;
    if (words.size() - at >= header.size() &&
        std::equal(header.begin(), header.end(), words.begin() + static_cast<long>(at))) {
      return static_cast<int>(h);
    }
  }
  return -1;
}

// The public-key header `text` starts with, compared word by word (any run of spaces or tabs
// between words): its index in kPkHeaders, or -1.
int PkHeaderStarting(std::string_view text) {
  for (size_t h = 0; h < std::size(kPkHeaders); ++h) {
    std::string_view left = text;
    bool match = true;
    for (std::string_view word : kPkHeaders[h].words) {
      const size_t begin = left.find_first_not_of(" \t");
      if (begin == std::string_view::npos) {
        match = false;
        break;
      }
      left.remove_prefix(begin);
      const size_t end = std::min(left.find_first_of(" \t"), left.size());
      if (left.substr(0, end) != word) {
        match = false;
        break;
      }
      left.remove_prefix(end);
    }
    if (match) {
      return static_cast<int>(h);
    }
  }
  return -1;
}

// A time of a public-key row ("0.000123s", "infs" for a count of 0): "%8.6fs" or "%8.4fs".
bool IsPkTime(std::string_view word) {
  return ParseSeconds(word).has_value() && (IsDigit(word.front()) || word == "infs");
}

// A rate of a public-key row ("8130.1", "inf" where no operation ran).
bool IsPkRate(std::string_view word) {
  return ParseDouble(word).has_value() && (IsDigit(word.front()) || word == "inf");
}

// Public-key rows run on from words[at]: a name of one to six words, `ops` times and `ops`
// rates each (`ops` 0: as many as the first row has times). One line per row, or nullopt when
// the rows cannot be told apart (a row with more or fewer figures, no name, a name longer than
// six words).
std::optional<std::vector<std::string>> SplitPkRows(const std::vector<std::string_view>& words,
                                                    size_t at, size_t ops) {
  std::vector<std::string> lines;
  while (at < words.size()) {
    size_t name_end = at;
    while (name_end < words.size() && !IsPkTime(words[name_end])) {
      ++name_end;
    }
    if (name_end == at || name_end - at > 6) {
      return std::nullopt;
    }
    size_t times = 0;
    while (name_end + times < words.size() && IsPkTime(words[name_end + times])) {
      ++times;
    }
    if (ops == 0) {
      ops = times;
    }
    if (times == 0 || times != ops || ops > 4 || name_end + 2 * ops > words.size()) {
      return std::nullopt;
    }
    for (size_t i = name_end + ops; i < name_end + 2 * ops; ++i) {
      if (!IsPkRate(words[i])) {
        return std::nullopt;
      }
    }
    lines.push_back(JoinWords(words, at, name_end + 2 * ops));
    at = name_end + 2 * ops;
  }
  return lines;
}

// The letters of the -mr record tag that `text` starts with ("DT" for "+DT:", "R" for
// "+R3:"), and in *numbered whether digits follow them; "" if it starts with none of speed's
// records.
std::string_view MrTag(std::string_view text, bool* numbered) {
  if (text.size() < 3 || text[0] != '+') {
    return {};
  }
  size_t end = 1;
  while (end < text.size() && text[end] >= 'A' && text[end] <= 'Z') {
    ++end;
  }
  const std::string_view letters = text.substr(1, end - 1);
  const size_t digits_from = end;
  while (end < text.size() && IsDigit(text[end])) {
    ++end;
  }
  *numbered = end > digits_from;
  if (end >= text.size() || text[end] != ':') {
    return {};
  }
  if (letters == "R" || letters == "F" ||
      (!*numbered && (letters == "DT" || letters == "DTP" || letters == "H"))) {
    return letters;
  }
  return {};
}

bool AtWordStart(std::string_view text, size_t at) {
  return at == 0 || text[at - 1] == ' ' || text[at - 1] == '\t';
}

// The record that starts at text[at], after a piece of kind `before` (kNone at the start of a
// line). A version line follows progress or -mr records or a table (speed prints it after
// them); its labels follow it at a word start, and a 'type' line follows the numbers banner.
Record StartAt(std::string_view text, size_t at, Record before) {
  const std::string_view rest = text.substr(at);
  if (rest.starts_with("Doing ")) {
    return Record::kProgress;
  }
  bool numbered = false;
  if (!MrTag(rest, &numbered).empty()) {
    return Record::kMr;
  }
  if (rest.starts_with(kElapsedBanner)) {
    return Record::kElapsed;
  }
  if (rest.starts_with("The 'numbers' are in ")) {
    return Record::kNumbers;
  }
  if (IsVersionLine(rest) && (before == Record::kNone || before == Record::kProgress ||
                              before == Record::kMr || before == Record::kType)) {
    return Record::kVersion;
  }
  if (!AtWordStart(text, at)) {
    return Record::kNone;
  }
  if (before == Record::kVersion || before == Record::kLabel) {
    for (std::string_view label : kVersionLabels) {
      if (rest.starts_with(label)) {
        return Record::kLabel;
      }
    }
  }
  if (before == Record::kNumbers && rest.starts_with("type ")) {
    return Record::kType;
  }
  // A public-key table's header: at a line's start, or after the symmetric table, another
  // public-key table or the version lines (speed prints its tables after them).
  if ((before == Record::kNone || before == Record::kType || before == Record::kPkHeader ||
       before == Record::kVersion || before == Record::kLabel) &&
      (rest.starts_with("sign ") || rest.starts_with("op ") || rest.starts_with("keygen "))) {
    // Matched word by word, without splitting the rest of the line: a line of many "op "
    // words stays linear.
    if (PkHeaderStarting(rest) >= 0) {
      return Record::kPkHeader;
    }
  }
  // Public-key rows without their header, at a line's start.
  if (at == 0 && before == Record::kNone) {
    const std::vector<std::string_view> words = SplitWords(rest.substr(0, kPkLookAhead));
    for (size_t i = 1; i < words.size() && i <= 6; ++i) {
      if (IsPkTime(words[i])) {
        return Record::kPkRows;
      }
    }
  }
  return Record::kNone;
}

// A figure of speed's table: "21831.90k", "999.50" (small figures have no 'k'); a leading
// digit, so that no name word ("-", "inf") reads as one.
bool IsTableFigure(std::string_view word) {
  return !word.empty() && IsDigit(word.front()) && ParseSpeedFigure(word).has_value();
}

// "type 16 bytes 64 bytes aes-256 cbc 21831.90k 22920.17k ...": the type line and one line
// per row, or nullopt when the rows cannot be told apart (a name word that is a figure, a row
// with more or fewer figures than sizes, a name of more than three words).
std::optional<std::vector<std::string>> SplitTable(std::string_view piece) {
  const std::vector<std::string_view> words = SplitWords(piece);
  if (words.size() < 3 || words[0] != "type") {
    return std::nullopt;
  }
  size_t at = 1;
  size_t sizes = 0;
  while (at + 1 < words.size() && ParseUnsigned(words[at]) && words[at + 1] == "bytes") {
    at += 2;
    ++sizes;
  }
  if (sizes == 0) {
    return std::nullopt;
  }
  std::vector<std::string> lines{JoinWords(words, 0, at)};
  while (at < words.size()) {
    size_t name_end = at;
    while (name_end < words.size() && !IsTableFigure(words[name_end])) {
      ++name_end;
    }
    if (name_end == at || name_end - at > 3 || name_end + sizes > words.size()) {
      return std::nullopt;
    }
    for (size_t i = name_end; i < name_end + sizes; ++i) {
      if (!IsTableFigure(words[i])) {
        return std::nullopt;
      }
    }
    lines.push_back(JoinWords(words, at, name_end + sizes));
    at = name_end + sizes;
  }
  return lines;
}

// A progress record: "Doing ..." as ParseProgressLine reads it, ending in its result ("... in
// 3.00s"); the last piece of a line may instead end at its colon (a run cut off there).
bool IsProgressRecord(std::string_view piece, bool last) {
  Progress progress;
  try {
    progress = ParseProgressLine(piece, 0);
  } catch (const ImportError&) {
    return false;
  }
  if (!progress.foreign_tail.empty()) {
    return false;
  }
  if (!progress.has_result) {
    return last && piece.ends_with(':') && piece.find(": ") == std::string_view::npos;
  }
  const std::vector<std::string_view> words = SplitWords(piece);
  return words.size() >= 2 && words[words.size() - 2] == "in" && words.back().ends_with('s') &&
         ParseSeconds(words.back()).has_value();
}

// A -mr record with its fields: +DT:name:seconds:size, +R[n]:count:...:seconds, +H:size:...,
// +F[n]:index:...:figure, +DTP:...:seconds.
bool IsMrRecord(std::string_view piece) {
  bool numbered = false;
  const std::string_view tag = MrTag(piece, &numbered);
  const std::vector<std::string_view> fields = SplitFields(piece.substr(1), ':');
  const auto number = [](std::string_view field) { return ParseDouble(field).has_value(); };
  if (tag == "DT") {
    return fields.size() == 4 && number(fields[2]) && ParseUnsigned(fields[3]).has_value();
  }
  if (tag == "H") {
    for (size_t i = 1; i < fields.size(); ++i) {
      if (!ParseUnsigned(fields[i])) {
        return false;
      }
    }
    return fields.size() >= 2;
  }
  if (tag == "R" || tag == "F") {
    return fields.size() >= 4 && number(fields[1]) && number(fields.back());
  }
  return tag == "DTP" && fields.size() >= 4 && number(fields.back());
}

// Appends the line(s) of `piece` to *out if it is a whole record of kind `kind`.
bool TakeRecord(Record kind, std::string_view piece, bool last, std::vector<std::string>* out) {
  if (piece.size() > kMaxRecordLength &&
      (kind == Record::kProgress || kind == Record::kMr || kind == Record::kVersion)) {
    return false;
  }
  bool whole = false;
  switch (kind) {
    case Record::kProgress:
      whole = IsProgressRecord(piece, last);
      break;
    case Record::kMr:
      whole = IsMrRecord(piece);
      break;
    case Record::kVersion:
    case Record::kLabel:
      whole = true;  // free text up to the next label
      break;
    case Record::kElapsed:
      whole = piece == kElapsedBanner;
      break;
    case Record::kNumbers:
      whole = piece == kNumbersBanner;
      break;
    case Record::kType:
      if (std::optional<std::vector<std::string>> lines = SplitTable(piece)) {
        out->insert(out->end(), lines->begin(), lines->end());
        return true;
      }
      return false;
    case Record::kPkHeader:
    case Record::kPkRows: {
      if (piece.size() > 100 * kMaxRecordLength) {
        return false;
      }
      const std::vector<std::string_view> words = SplitWords(piece);
      const int header = kind == Record::kPkHeader ? PkHeaderAt(words, 0) : -1;
      const size_t from = header >= 0 ? kPkHeaders[header].words.size() : 0;
      std::optional<std::vector<std::string>> rows =
          SplitPkRows(words, from, header >= 0 ? kPkHeaders[header].ops : 0);
      if (!rows || (header < 0 && rows->empty())) {
        return false;
      }
      if (header >= 0) {
        out->push_back(JoinWords(words, 0, from));
      }
      out->insert(out->end(), rows->begin(), rows->end());
      return true;
    }
    case Record::kNone:
      break;
  }
  if (whole) {
    out->emplace_back(piece);
  }
  return whole;
}

// `text` (starting with a record) cut into its records, one line each, or nullopt when a
// piece is no whole record. Every record start ends the piece before it: a record is never
// split, and a start inside one keeps the line as it is.
std::optional<std::vector<std::string>> SplitRecords(std::string_view text) {
  Record kind = StartAt(text, 0, Record::kNone);
  if (kind == Record::kNone) {
    return std::nullopt;
  }
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t at = 1; at < text.size(); ++at) {
    const Record next = StartAt(text, at, kind);
    if (next == Record::kNone) {
      continue;
    }
    if (!TakeRecord(kind, Trim(text.substr(start, at - start)), false, &out)) {
      return std::nullopt;
    }
    start = at;
    kind = next;
  }
  if (!TakeRecord(kind, Trim(text.substr(start)), true, &out)) {
    return std::nullopt;
  }
  return out;
}

bool IsSpeedOrVersionCommand(std::string_view command) {
  const std::string subcommand = OpensslSubcommand(command, nullptr);
  return subcommand == "speed" || subcommand == "version";
}

}  // namespace

std::vector<SourceLine> SplitRunTogether(std::vector<SourceLine> lines,
                                         std::vector<CleanupNote>* notes) {
  std::vector<SourceLine> out;
  out.reserve(lines.size());
  for (SourceLine& line : lines) {
    const std::string_view text = Trim(line.text);
    std::string command;
    std::optional<std::vector<std::string>> records;
    if (line.kind == LineKind::kText) {
      records = SplitRecords(text);
    } else if (line.kind == LineKind::kCommand) {
      // The first record start ends the command: "openssl speed aes-128-cbcDoing ...".
      for (size_t at = 1; at < text.size(); ++at) {
        if (StartAt(text, at, Record::kNone) != Record::kNone) {
          command = std::string(Trim(text.substr(0, at)));
          if (IsSpeedOrVersionCommand(command)) {
            records = SplitRecords(text.substr(at));
          }
          break;
        }
      }
    }
    const bool split = records && (records->size() >= 2 || !command.empty());
    if (!split) {
      out.push_back(std::move(line));
      continue;
    }
    if (notes != nullptr) {
      notes->push_back(
          {line.number,
           fmt::format("Line {} holds {}{} records of openssl speed output run together (the "
                       "paste lost their line breaks); they are read as {} lines.",
                       line.number, command.empty() ? "" : "the command and ", records->size(),
                       records->size() + (command.empty() ? 0 : 1))});
    }
    if (!command.empty()) {
      out.push_back({line.number, LineKind::kCommand, std::move(command), line.host});
    }
    for (std::string& record : *records) {
      out.push_back({line.number, LineKind::kText, std::move(record), ""});
    }
  }
  return out;
}

}  // namespace cryptobench::import
