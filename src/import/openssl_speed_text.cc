// Human-readable `openssl speed` output.
#include "import/openssl_speed_text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "import/import.h"
#include "import/openssl_version.h"
#include "import/parse_util.h"
#include "import/speed_progress.h"

namespace cryptobench::import {
namespace {

constexpr std::string_view kElapsedBanner = "You have chosen to measure elapsed time";
constexpr std::string_view kNumbersBanner = "The 'numbers' are in";

bool StartsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

bool IsElisionWord(std::string_view word) {
  return word == "..." || word == "[...]" || word == "\xe2\x80\xa6" || word == "[\xe2\x80\xa6]";
}

// "type 16 bytes 64 bytes ..." → sizes; std::nullopt if the line is not a type line.
std::optional<std::vector<uint64_t>> ParseTypeLine(std::string_view trimmed) {
  const std::vector<std::string_view> words = SplitWords(trimmed);
  if (words.size() < 3 || words[0] != "type" || (words.size() - 1) % 2 != 0) {
    return std::nullopt;
  }
  std::vector<uint64_t> sizes;
  for (size_t i = 1; i + 1 < words.size(); i += 2) {
    const auto size = ParseUnsigned(words[i]);
    if (!size || *size == 0 || words[i + 1] != "bytes") {
      return std::nullopt;
    }
    sizes.push_back(*size);
  }
  return sizes;
}

// Words that are only size labels ("16384 bytes 32768 bytes"): the sizes, or std::nullopt.
std::optional<std::vector<uint64_t>> ParseSizeLabels(const std::vector<std::string_view>& words) {
  if (words.empty() || words.size() % 2 != 0) {
    return std::nullopt;
  }
  std::vector<uint64_t> sizes;
  for (size_t i = 0; i < words.size(); i += 2) {
    const auto size = ParseUnsigned(words[i]);
    if (!size || *size == 0 || words[i + 1] != "bytes") {
      return std::nullopt;
    }
    sizes.push_back(*size);
  }
  return sizes;
}

bool Increasing(const std::vector<uint64_t>& sizes) {
  return std::adjacent_find(sizes.begin(), sizes.end(), std::greater_equal<>()) == sizes.end();
}

// A 'type' line cut by the terminal: "type 16 bytes ... 8192 bytes  1" (the rest, "6384 bytes",
// is on the next line). The first label is whole; the last word may be cut anywhere.
bool IsCutTypeLine(std::string_view trimmed) {
  const std::vector<std::string_view> words = SplitWords(trimmed);
  if (words.size() < 3 || words[0] != "type" || !ParseUnsigned(words[1]) || words[2] != "bytes" ||
      ParseTypeLine(trimmed)) {
    return false;
  }
  for (size_t i = 3; i < words.size(); ++i) {
    const bool last = i + 1 == words.size();
    const bool number_slot = (i - 1) % 2 == 0;
    if (number_slot ? !ParseUnsigned(words[i])
                    : !(last ? std::string_view("bytes").substr(0, words[i].size()) == words[i]
                             : words[i] == "bytes")) {
      return false;
    }
  }
  return true;
}

// A cut 'type' line and the line after it, joined where the terminal cut it (with or without a
// space: only one of the two can give size labels): the sizes, or std::nullopt.
std::optional<std::vector<uint64_t>> RejoinTypeLine(std::string_view cut, std::string_view rest) {
  for (const char* glue : {"", " "}) {
    const std::string joined = fmt::format("{}{}{}", cut, glue, rest);
    if (auto sizes = ParseTypeLine(joined); sizes && Increasing(*sizes)) {
      return sizes;
    }
  }
  return std::nullopt;
}

bool HasDigit(std::string_view word) {
  return std::any_of(word.begin(), word.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// A word in a figure's place that was meant as a figure but is damaged: it starts with a
// digit and at least half of it is digits ("2345x6.12k", "1.2.3k", "12O45.67k"). Algorithm
// names in speed's table never start so ("3des" is not one of them; "des ede3" is).
bool LooksLikeDamagedFigure(std::string_view word) {
  if (word.empty() || !std::isdigit(static_cast<unsigned char>(word.front()))) {
    return false;
  }
  const auto digits = std::count_if(
      word.begin(), word.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
  return static_cast<size_t>(digits) * 2 >= word.size();
}

// cryptsetup benchmark's key size column, "%4zub" (src/cryptsetup.c): "256b", "512b".
bool IsKeyBitsWord(std::string_view word) {
  return word.size() >= 2 && word.back() == 'b' &&
         std::all_of(word.begin(), word.end() - 1,
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
}

// A figure speed prints without the 'k': apps/speed.c prints a rate above 10000 bytes/s as
// "%.2fk" of 1000s, and one at or below it as "%.2f" bytes/s, always with two decimals. A bare
// "25441" or "12345.67" in a table of 'k' figures is not that: a 'k' lost, or a figure cut.
bool IsSpeedBareFigure(std::string_view word) {
  const auto value = ParseDouble(word);
  if (!value) {
    return false;
  }
  if (!std::isfinite(*value)) {
    return true;  // speed prints "inf" as it is: named as an impossible figure later
  }
  const size_t dot = word.rfind('.');
  // Negative rates (a counter that wrapped) are not above 10000, so speed prints them bare.
  return dot != std::string_view::npos && word.size() - dot == 3 && *value <= 10000;
}

// True when a word has speed's form for a table figure: "%.2f" with an optional 'k'
// ("1234.56k", "987.65"); "1234567k" or "25441" are typed or damaged.
bool HasSpeedDecimals(std::string_view word) {
  if (EndsWith(word, "k")) {
    word.remove_suffix(1);
  }
  const size_t dot = word.rfind('.');
  return dot != std::string_view::npos && word.size() - dot == 3;
}

// How far a row's throughput may move between two sizes: a call on more bytes takes at least
// as long as a call on fewer, and at most as long as as many calls on fewer as cover it, so
// from size s to size L > s throughput stays within [T(s), T(s) * L / s]; kRowSlack allows for
// noise between the cells, which speed measures one after another.
constexpr double kRowSlack = 2.0;

// True when `value` at `sizes[at]` fits the readable figures of `figures` nearest to it on
// either side (those `usable` allows), by the bounds above. `conflict` gets the index of a
// figure it does not fit.
bool FitsRow(double value, size_t at, const std::vector<std::optional<double>>& figures,
             const std::vector<uint64_t>& sizes, const std::vector<bool>& usable,
             size_t* conflict) {
  auto check = [&](size_t other) {
    const double ratio = static_cast<double>(sizes[std::max(at, other)]) /
                         static_cast<double>(sizes[std::min(at, other)]);
    const double small = at < other ? value : *figures[other];
    const double large = at < other ? *figures[other] : value;
    if (large > small * ratio * kRowSlack || large * kRowSlack < small) {
      *conflict = other;
      return false;
    }
    return true;
  };
  for (size_t i = at; i-- > 0;) {
    if (usable[i] && figures[i]) {
      if (!check(i)) {
        return false;
      }
      break;
    }
  }
  for (size_t i = at + 1; i < figures.size() && i < sizes.size(); ++i) {
    if (usable[i] && figures[i]) {
      return check(i);
    }
  }
  return true;
}

// "within 1%": a table figure and the rate of its progress line come from the same count and
// time, so they differ only by the table's rounding.
// "Line 4" or "Lines 4-9".
std::string RowLines(size_t first, size_t last) {
  return first == last ? fmt::format("Line {}", first) : fmt::format("Lines {}-{}", first, last);
}

bool Agrees(double a, double b) { return std::abs(a - b) <= 0.01 * std::max(a, b); }

// A name followed by three or more figures, some in 1000s of bytes/s ("AES-128-CBC 1.00k
// 2.00k ... 0.00"; speed prints a figure under 10000 bytes/s without the "k"): a row of the
// symmetric table whatever comes before it.
bool LooksLikeSymmetricRow(std::string_view trimmed) {
  const std::vector<std::string_view> words = SplitWords(trimmed);
  size_t figures = 0;
  size_t thousands = 0;
  while (figures < words.size() && ParseSpeedFigure(words[words.size() - 1 - figures])) {
    thousands += EndsWith(words[words.size() - 1 - figures], "k") ? 1 : 0;
    ++figures;
  }
  return figures >= 3 && thousands > 0 && figures < words.size();
}

// A public-key row: a name, 1 to 4 times ("0.0002s") and as many rates. Returns the number of
// times, or 0.
size_t PkRowShape(const std::vector<std::string_view>& words) {
  size_t first_time = 0;
  while (first_time < words.size() &&
         !(ParseSeconds(words[first_time]) && LooksNumeric(words[first_time]))) {
    ++first_time;
  }
  if (first_time == 0 || first_time == words.size()) {
    return 0;
  }
  size_t times = 0;
  while (first_time + times < words.size() && ParseSeconds(words[first_time + times])) {
    ++times;
  }
  if (times == 0 || times > 4 || first_time + 2 * times != words.size()) {
    return 0;
  }
  for (size_t i = first_time + times; i < words.size(); ++i) {
    if (!ParseDouble(words[i])) {
      return 0;
    }
  }
  return times;
}

// The name of a public-key row says its family (a row without a header must).
bool NamesPkFamily(std::string_view name) {
  const std::string lower = ToLower(name);
  for (std::string_view family : {"rsa", "dsa", "ecdh", "ecdsa", "eddsa", "ed25519", "ed448",
                                  "ffdh", "sm2", "x25519", "x448", "kem", "ml-", "slh-"}) {
    if (lower.find(family) != std::string::npos) {
      return true;
    }
  }
  return false;
}

// Significant digits of a printed number ("0.1" 1, "254.0" 4, "0.000004s" 1).
int SignificantDigits(std::string_view word) {
  int digits = 0;
  bool started = false;
  for (char c : word) {
    if (c >= '1' && c <= '9') {
      started = true;
    }
    if (started && c >= '0' && c <= '9') {
      ++digits;
    }
  }
  return digits;
}

// A name followed by one or two figures, one in 1000s of bytes/s ("aes-128-cbc 393056.79k"): a
// row of a table of one or two sizes, such as `openssl speed -bytes 16` prints. Returns the
// number of figures, or 0. Taken only where a command line or a 'type' line fixes that many
// sizes (FixesSizesFor): alone, a name and a figure may be anything.
size_t FewFiguresRow(std::string_view trimmed) {
  const std::vector<std::string_view> words = SplitWords(trimmed);
  size_t figures = 0;
  size_t thousands = 0;
  while (figures < words.size() && figures < 3 &&
         ParseSpeedFigure(words[words.size() - 1 - figures])) {
    thousands += EndsWith(words[words.size() - 1 - figures], "k") ? 1 : 0;
    ++figures;
  }
  if (figures == 0 || figures >= 3 || thousands == 0 || figures == words.size() ||
      EndsWith(words[words.size() - 1 - figures], ":")) {
    return 0;
  }
  return figures;
}

bool IsPkHeaderWords(const std::vector<std::string_view>& words,
                     std::initializer_list<std::string_view> expected) {
  return std::equal(words.begin(), words.end(), expected.begin(), expected.end());
}

}  // namespace

bool LooksLikeSpeedRow(std::string_view trimmed) {
  if (LooksLikeSymmetricRow(trimmed)) {
    return true;
  }
  const std::vector<std::string_view> words = SplitWords(trimmed);
  const size_t times = PkRowShape(words);
  if (times == 0) {
    return false;
  }
  size_t name_end = 0;
  while (name_end < words.size() && !ParseSeconds(words[name_end])) {
    ++name_end;
  }
  return NamesPkFamily(JoinWords(words, 0, name_end));
}

bool StartsSpeedText(std::string_view trimmed) {
  if (StartsWith(trimmed, kElapsedBanner) || StartsWith(trimmed, "Forked child ") ||
      StartsWith(trimmed, kNumbersBanner) || ParseTypeLine(trimmed).has_value() ||
      IsCutTypeLine(trimmed)) {
    return true;
  }
  if ((StartsWith(trimmed, "Engine \"") || StartsWith(trimmed, "engine \"")) &&
      EndsWith(trimmed, "set.")) {
    return true;
  }
  if (StartsWith(trimmed, "Doing ") && trimmed.find(':') != std::string_view::npos) {
    return true;
  }
  if (StartsWith(trimmed, "version:") && ParseOpensslVersion(trimmed).has_value()) {
    return true;
  }
  // Every public-key header layout TakePkHeader knows starts the output too: a paste may begin
  // with the 3.2+ KEM or signature table (keygen, encaps/signs, decaps/verify), and its row names
  // alone do not tell a KEM from a signature ("ECP-256", "rsa2048").
  const std::vector<std::string_view> words = SplitWords(trimmed);
  return IsPkHeaderWords(words, {"sign", "verify", "sign/s", "verify/s"}) ||
         IsPkHeaderWords(words, {"sign", "verify", "encrypt", "decrypt", "sign/s", "verify/s",
                                 "encr./s", "decr./s"}) ||
         IsPkHeaderWords(words, {"op", "op/s"}) ||
         IsPkHeaderWords(words,
                         {"keygen", "encaps", "decaps", "keygens/s", "encaps/s", "decaps/s"}) ||
         IsPkHeaderWords(words, {"keygen", "signs", "verify", "keygens/s", "sign/s", "verify/s"});
}

void SpeedTextParser::KeepPendingRow() {
  if (!pending_row_) {
    return;
  }
  evidence_->notes.push_back(fmt::format(
      "Line {}: the row '{}' has {} of the {} figures its sizes call for (cut short in the "
      "paste); the missing sizes are taken from progress lines where the paste has them.",
      pending_row_->line, pending_row_->name, pending_found_, evidence_->sizes.size()));
  AddRowCaveat(&*pending_row_, RowCaveat::kAllSizes,
               fmt::format("read from a row cut short in the paste (line {}), its figures "
                           "taken as those of its first sizes",
                           pending_row_->line),
               pending_row_->line, true);
  PushRow(std::move(*pending_row_));
  pending_row_.reset();
}

void SpeedTextParser::DropPendingName() {
  evidence_->notes.push_back(fmt::format(
      "Line {}: '{}' stands alone among the table's rows without figures (a note, or a row "
      "whose figures are missing); it is skipped.",
      pending_name_->second, pending_name_->first));
  pending_name_.reset();
}

void SpeedTextParser::Finish() {
  if (pending_name_) {
    DropPendingName();
  }
  if (cut_pk_row_) {
    SkipCutPkRow();
  }
  KeepPendingRow();
  ReadFiguresThatLostTheirK();
  DropFiguresOfAnotherUnit();
  DropFiguresOutOfLine();
}

bool SpeedTextParser::FixesSizesFor(size_t figures) const {
  return (evidence_->command.bytes != 0 && figures == 1) || implied_sizes_.size() == figures;
}

bool SpeedTextParser::ImplySizes(const SourceLine& line, size_t figures) {
  std::string from;
  const bool single =
      evidence_->command.bytes != 0 && figures == 1 && !evidence_->command.multi_block;
  if (evidence_->command.multi_block && figures >= kMultiBlockSizes.size()) {
    evidence_->sizes = kMultiBlockSizes;
    from = "the multi-block sizes of -mb (8 KiB to 128 KiB)";
  } else if (single) {
    // apps/speed.c (1.1.1 and 3.x), OPT_BYTES: lengths = &lengths_single, size_num = 1.
    evidence_->sizes = {evidence_->command.bytes};
    from = fmt::format("the one size of the command line's -bytes {} (line {})",
                       evidence_->command.bytes, evidence_->command.line);
  } else if (!evidence_->child_sizes.empty() && evidence_->child_sizes.size() == figures) {
    // -multi: the parent prints its summary with the lengths each child announced in its +H
    // record (apps/speed.c do_multi), so those records state the summary's sizes; the figures
    // are then checked against the children's +F sums (speed_run.cc CheckTableAgainstChildren).
    evidence_->sizes = evidence_->child_sizes;
    from = fmt::format("the sizes of the children's +H records (line {})",
                       evidence_->child_sizes_line);
  } else if (!implied_sizes_.empty() && implied_sizes_.size() == figures) {
    evidence_->sizes = implied_sizes_;
    from = implied_continued_
               ? fmt::format(
                     "the sizes of the 'type' line at line {}, which heads the rows "
                     "of the run before this one in the same table",
                     implied_line_)
               : fmt::format("the sizes of the 'type' line at line {}", implied_line_);
  } else if (figures == kSpeedSizes6.size()) {
    evidence_->sizes = kSpeedSizes6;
    from = "openssl speed's six default sizes (16 to 16384 bytes)";
  } else if (figures == kSpeedSizes5.size()) {
    evidence_->sizes = kSpeedSizes5;
    from = "the five default sizes of OpenSSL 1.0.x (16 to 8192 bytes)";
  } else {
    return false;
  }
  evidence_->notes.push_back(fmt::format(
      "Line {}: a table row without its 'type ... bytes' line; its figures are read for {}.",
      line.number, from));
  implied_sizes_caveat_ = fmt::format(
      "read from a table without its 'type ... bytes' line (sizes taken from line "
      "{} as {})",
      line.number, from);
  // -mb's sizes are fixed (apps/speed.c, mblengths_list): a command line with -mb settles them.
  // So does -bytes: every row of its table has that one size.
  const bool from_children =
      !evidence_->child_sizes.empty() && evidence_->child_sizes.size() == figures;
  implied_sizes_doubt_ = !(evidence_->command.multi_block && figures >= kMultiBlockSizes.size()) &&
                         !single && !from_children &&
                         !(implied_continued_ && implied_sizes_.size() == figures);
  table_ = Table::kSymmetric;
  after_blank_ = false;
  return true;
}

std::string SpeedTextParser::PkTableKey() const {
  std::string key;
  for (size_t i = 0; i < layout_.num_ops && i < 4; ++i) {
    key.append(layout_.ops[i] != nullptr ? layout_.ops[i] : "").push_back('/');
  }
  return key + "|";
}

bool SpeedTextParser::RepeatsTable(const SourceLine& line, std::string_view trimmed) {
  const std::vector<std::string_view> words = SplitWords(trimmed);
  bool public_key = false;
  if (PkRowShape(words) > 0 && (table_ == Table::kPublicKey || LooksLikeSpeedRow(trimmed))) {
    size_t name_end = 0;
    while (name_end < words.size() && !ParseSeconds(words[name_end])) {
      ++name_end;
    }
    // One table per kind: the 3.2+ KEM and signature tables both print "rsa2048".
    const std::string name = PkTableKey() + JoinWords(words, 0, name_end);
    if (std::find(pk_row_names_.begin(), pk_row_names_.end(), name) == pk_row_names_.end()) {
      return false;
    }
    public_key = true;
  } else if (table_ == Table::kSymmetric || LooksLikeSymmetricRow(trimmed)) {
    size_t first_value = 0;
    while (first_value < words.size() && !ParseSpeedFigure(words[first_value])) {
      ++first_value;
    }
    if (first_value == 0 || first_value == words.size()) {
      return false;
    }
    const std::string name = JoinWords(words, 0, first_value);
    if (std::none_of(evidence_->sym_rows.begin(), evidence_->sym_rows.end(),
                     [&](const SymRow& row) { return row.name == name; })) {
      return false;
    }
  } else {
    return false;
  }
  // A header line after this run's last row heads the repeated table: the next run's.
  restart_line_ = public_key && pk_header_line_ > last_row_line_ ? pk_header_line_ : 0;
  const size_t from = restart_line_ != 0 ? restart_line_ : line.number;
  next_label_.reset();
  if (pending_name_ && pending_name_->second < from) {
    next_label_ = std::move(pending_name_);  // "openssl-3.0" above the rows: no wrapped row
    pending_name_.reset();
  } else if (last_other_line_ && last_other_line_->second > last_row_line_ &&
             last_other_line_->second < from) {
    next_label_ = last_other_line_;
  }
  return true;
}

namespace {

// apps/speed.c's messages when a KEM or signature algorithm of the 3.2+ lists cannot be set
// up (openssl/openssl 2a3fce22740917d32fde70589e4d0da6ff694e25, lines 4040-4420: "Error
// initializing keygen ctx for %s.", "Error while initializing signing data structs for %s.",
// "Encaps error for %s." ...): the line and the algorithm's name; nullopt for other lines.
std::optional<std::pair<std::string, std::string>> KemOrSignatureSetupError(std::string_view line) {
  static constexpr std::string_view kMessages[] = {
      "Error initializing keygen ctx for ",
      "Error initializing classic keygen ctx for ",
      "Error while generating signature EVP_PKEY for ",
      "Error while initializing signing data structs for ",
      "Error while initializing verify data structs for ",
      "Error while initializing encaps data structs for ",
      "Error while initializing decaps data structs for ",
      "Error while initializing signing ctx for ",
      "Error while initializing verify ctx for ",
      "Error while initializing padding for ",
      "Error while obtaining signature bufffer length for ",
      "Signing error for ",
      "Verify error for ",
      "Verify 2 error for ",
      "Encaps error for ",
      "Decaps error for ",
      "MemAlloc error in sign for ",
      "MemAlloc error in encaps for ",
      "MemAlloc failure in decaps for "};
  if (!line.ends_with('.')) {
    return std::nullopt;
  }
  for (std::string_view message : kMessages) {
    if (line.starts_with(message) && line.size() > message.size() + 1) {
      const std::string_view name = line.substr(message.size(), line.size() - message.size() - 1);
      if (name.find(' ') == std::string_view::npos) {
        return std::make_pair(std::string(line), std::string(name));
      }
    }
  }
  return std::nullopt;
}

}  // namespace

bool IsOpensslErrorQueueLine(std::string_view line) {
  const size_t colon = line.find(':');
  if (colon == std::string_view::npos || colon < 4 || colon > 16 ||
      !line.substr(colon).starts_with(":error:")) {
    return false;
  }
  for (char c : line.substr(0, colon)) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) {
      return false;
    }
  }
  return true;
}

std::optional<std::string> SpeedSetupErrorNote(size_t line_number, std::string_view trimmed) {
  const auto failed = KemOrSignatureSetupError(trimmed);
  if (!failed) {
    return std::nullopt;
  }
  return fmt::format(
      "Line {}: openssl speed could not set up {} (\"{}\"), so it measured neither it nor any "
      "algorithm after it in its KEM or signature list (apps/speed.c clears the rest of the "
      "list after such an error). OpenSSL 3.5.0 to 3.5.4 fail so on the composite signature "
      "names (DSA-SHA1) and on ML-DSA and SLH-DSA (openssl/openssl issues 27499, 27108 and "
      "29228).",
      line_number, failed->second, failed->first);
}

Offer SpeedTextParser::Take(const SourceLine& line) {
  // Output after a public-key row cut inside its rates: the row was damaged, not cut off at
  // the paste's end.
  const bool after_cut_row =
      cut_pk_row_ && line.kind == LineKind::kText && !Trim(line.text).empty();
  if (line.kind == LineKind::kText && evidence_->HasFinalFigures() &&
      RepeatsTable(line, Trim(line.text))) {
    if (after_cut_row) {
      ThrowCutPkRow();
    }
    if (pending_name_) {
      DropPendingName();
    }
    KeepPendingRow();
    return Offer::kNewRun;
  }
  const Offer offer = TakeLine(line);
  if (after_cut_row && offer != Offer::kNotMine) {
    ThrowCutPkRow();
  }
  if (offer == Offer::kNotMine && line.kind == LineKind::kText && !Trim(line.text).empty()) {
    last_other_line_.emplace(std::string(Trim(line.text)), line.number);
  }
  return offer;
}

Offer SpeedTextParser::TakeLine(const SourceLine& line) {
  if (pending_name_) {
    // A name alone is a row wrapped after its name only if this line holds its figures.
    const std::vector<std::string_view> words = line.kind == LineKind::kText
                                                    ? SplitWords(Trim(line.text))
                                                    : std::vector<std::string_view>{};
    const bool continues =
        pending_name_->second + 1 == line.number && words.size() == evidence_->sizes.size() &&
        std::all_of(words.begin(), words.end(),
                    [](std::string_view w) { return ParseSpeedFigure(w).has_value(); });
    if (!continues) {
      DropPendingName();
    }
  }
  if (pending_row_) {
    // The rest of a row wrapped by a mail client or a narrow terminal: only figures, which
    // complete the row.
    const std::vector<std::string_view> words = line.kind == LineKind::kText
                                                    ? SplitWords(Trim(line.text))
                                                    : std::vector<std::string_view>{};
    const bool figures_only =
        !words.empty() && std::all_of(words.begin(), words.end(), [](std::string_view w) {
          return ParseSpeedFigure(w).has_value();
        });
    if (figures_only && pending_found_ + words.size() == evidence_->sizes.size()) {
      for (std::string_view word : words) {
        pending_row_->printed[pending_found_] = std::string(word);
        pending_row_->bytes_per_s[pending_found_++] = ParseSpeedFigure(word);
      }
      evidence_->notes.push_back(fmt::format(
          "Line {}: the row '{}' continues on line {} (wrapped in the paste); the two lines are "
          "read as one row.",
          pending_row_->line, pending_row_->name, line.number));
      AddRowCaveat(&*pending_row_, RowCaveat::kAllSizes,
                   fmt::format("read from a row wrapped in the paste (lines {}-{}), rejoined",
                               pending_row_->line, line.number),
                   pending_row_->line, false);
      PushRow(std::move(*pending_row_));
      pending_row_.reset();
      after_blank_ = false;
      return Offer::kConsumed;
    }
    KeepPendingRow();
  }
  if (line.kind == LineKind::kElision) {
    evidence_->notes.push_back(ElisionCaveat(line));
    return Offer::kConsumed;
  }
  if (!cut_type_line_.empty()) {
    const std::string cut = std::move(cut_type_line_);
    cut_type_line_.clear();
    const auto sizes =
        line.kind == LineKind::kText ? RejoinTypeLine(cut, Trim(line.text)) : std::nullopt;
    if (!sizes) {
      throw ImportError(type_line_,
                        fmt::format("expected a 'type' line of sizes like 'type 16 bytes 64 "
                                    "bytes ...', found {} (cut by the terminal? paste the table "
                                    "unwrapped)",
                                    QuoteForError(cut)));
    }
    evidence_->sizes = *sizes;
    table_ = Table::kSymmetric;
    after_blank_ = false;
    return Offer::kConsumed;
  }
  if (line.kind != LineKind::kText) {
    return Offer::kNotMine;
  }
  const std::string_view trimmed = Trim(line.text);
  if (trimmed.empty()) {
    after_blank_ = true;
    setup_error_note_.reset();
    return Offer::kNotMine;
  }
  // speed's own message that a KEM or signature algorithm could not be set up, and the error
  // queue it prints after it: lines of this run, which say what it did not measure.
  if (!evidence_->progress.empty()) {
    if (std::optional<std::string> note = SpeedSetupErrorNote(line.number, trimmed)) {
      setup_error_note_ = evidence_->notes.size();
      evidence_->notes.push_back(std::move(*note));
      return Offer::kConsumed;
    }
    if (setup_error_note_ && IsOpensslErrorQueueLine(trimmed)) {
      evidence_->notes[*setup_error_note_] +=
          fmt::format(" Line {} is the error OpenSSL queued for it.", line.number);
      return Offer::kConsumed;
    }
  }
  setup_error_note_.reset();
  // The result of the previous line's progress line, printed on a line of its own after words
  // that are not speed's ("Doing ... blocks: Running aead" then "0 AES-128-GCM ops in 2.99s").
  if (!evidence_->progress.empty()) {
    Progress& last = evidence_->progress.back();
    if (!last.has_result && !last.foreign_tail.empty() && last.line + 1 == line.number) {
      if (const auto result = ProgressResultLine(trimmed)) {
        evidence_->notes.push_back(fmt::format(
            "Line {}: the progress line's result is on line {}; '{}' after its colon is not "
            "speed's (a debug print of the build?).",
            last.line, line.number, last.foreign_tail));
        last.has_result = true;
        last.count = result->first;
        last.seconds = result->second;
        last.result_line = line.number;
        return Offer::kConsumed;
      }
    }
  }
  // A progress line's result without its "Doing ..." start ("81797 sha512's in 3.00s": the
  // start overwritten at an interactive prompt, or lost in the paste): which cell and size it
  // measured is not on the line, so it is skipped, named, and costs no other line.
  if (const auto result = ProgressResultLine(trimmed)) {
    evidence_->notes.push_back(fmt::format(
        "Line {}: '{}' is the result of a progress line without its 'Doing ...' start (lost in "
        "the paste or overwritten at a prompt), so its cell and size are unknown: it is skipped.",
        line.number,
        trimmed.size() > 80 ? std::string(trimmed.substr(0, 80)) + "..." : std::string(trimmed)));
    return Offer::kConsumed;
  }
  if (StartsWith(trimmed, kElapsedBanner)) {
    if (evidence_->HasFigures() || evidence_->header) {
      return Offer::kNewRun;
    }
    evidence_->elapsed_banner = true;
    return Offer::kConsumed;
  }
  if ((StartsWith(trimmed, "Engine \"") || StartsWith(trimmed, "engine \"")) &&
      EndsWith(trimmed, "set.")) {
    if (evidence_->HasFigures()) {
      return Offer::kNewRun;
    }
    const size_t close = trimmed.find('"', 8);
    evidence_->engine = std::string(
        trimmed.substr(8, close == std::string_view::npos ? std::string_view::npos : close - 8));
    return Offer::kConsumed;
  }
  if (StartsWith(trimmed, "Forked child ")) {
    const auto child = ParseUnsigned(Trim(trimmed.substr(13)));
    if (!child || *child > 100000) {
      throw ImportError(line.number, "expected a child number after 'Forked child'");
    }
    if (evidence_->HasFinalFigures() || (*child == 0 && evidence_->forked_children > 0)) {
      return Offer::kNewRun;
    }
    evidence_->forked_children = std::max(evidence_->forked_children, static_cast<int>(*child) + 1);
    if (evidence_->multi_line == 0) {
      evidence_->multi_line = line.number;
    }
    return Offer::kConsumed;
  }
  if (StartsWith(trimmed, "Doing ")) {
    if (evidence_->HasFinalFigures() || evidence_->header) {
      return Offer::kNewRun;
    }
    // Two progress lines run together ("Doing sha256 for 3s on 16 size blocks: Doing sha256 for
    // 3s on 64 size blocks: 1234 sha256's in 3.00s"): the first one's result never came (an
    // interrupted run, output overwritten at a prompt, lines joined in the paste), and which start
    // the count belongs to cannot be told. The line is skipped, named; it costs no other line.
    if (trimmed.find(": Doing ") != std::string_view::npos) {
      evidence_->notes.push_back(fmt::format(
          "Line {}: two progress lines run together on one line ('{}'), so which of them the "
          "count belongs to cannot be told: the line is skipped.",
          line.number,
          trimmed.size() > 100 ? std::string(trimmed.substr(0, 100)) + "..."
                               : std::string(trimmed)));
      return Offer::kConsumed;
    }
    Progress progress = ParseProgressLine(trimmed, line.number);
    if (!progress.cut_result.empty()) {
      // The end of the paste, or a line the terminal or the paste cut: its count may be cut
      // too, and its time is missing, so it holds no figure; the other lines stand.
      evidence_->notes.push_back(fmt::format(
          "Line {}: the progress line for {}{} is cut off after its colon ('{}': no time "
          "follows), so it holds no figure: it is skipped.",
          line.number, progress.name,
          progress.public_key ? "" : fmt::format(" on {}-byte blocks", progress.input_len),
          progress.cut_result.size() > 60 ? progress.cut_result.substr(0, 60) + "..."
                                          : progress.cut_result));
      return Offer::kConsumed;
    }
    // A process times each (cipher, size) once: the same cell again is another run's, pasted
    // after this one without its table (-multi children print +DT records, not these lines).
    const bool measured =
        std::any_of(evidence_->progress.begin(), evidence_->progress.end(), [&](const Progress& p) {
          return !progress.public_key && progress.has_result && !p.public_key && p.has_result &&
                 p.name == progress.name && p.input_len == progress.input_len;
        });
    if (measured) {
      return Offer::kNewRun;
    }
    evidence_->progress.push_back(std::move(progress));
    table_ = Table::kNone;
    return Offer::kConsumed;
  }
  if (StartsWith(trimmed, kNumbersBanner)) {
    if (!evidence_->sym_rows.empty()) {
      return Offer::kNewRun;
    }
    table_ = Table::kNone;
    numbers_banner_ = true;
    return Offer::kConsumed;
  }
  const bool cut_type = IsCutTypeLine(trimmed);
  if (const auto sizes = ParseTypeLine(trimmed); sizes || cut_type) {
    if (!evidence_->sym_rows.empty()) {
      return Offer::kNewRun;
    }
    type_line_ = line.number;
    if (cut_type) {
      cut_type_line_ = std::string(trimmed);  // the next line must complete it
      return Offer::kConsumed;
    }
    evidence_->sizes = *sizes;
    implied_sizes_caveat_.clear();
    table_ = Table::kSymmetric;
    after_blank_ = false;
    return Offer::kConsumed;
  }
  // The rest of a 'type' line cut by the terminal between two labels ("16384 bytes").
  if (table_ == Table::kSymmetric && type_line_ + 1 == line.number && evidence_->sym_rows.empty()) {
    if (const auto more = ParseSizeLabels(SplitWords(trimmed))) {
      std::vector<uint64_t> sizes = evidence_->sizes;
      sizes.insert(sizes.end(), more->begin(), more->end());
      if (Increasing(sizes)) {
        evidence_->sizes = std::move(sizes);
        return Offer::kConsumed;
      }
    }
  }
  if (TakePkHeader(trimmed)) {
    pk_header_line_ = line.number;
    pk_headerless_caveat_.clear();
    table_ = Table::kPublicKey;
    after_blank_ = false;
    return Offer::kConsumed;
  }
  if (IsVersionLine(trimmed) || StartsWith(trimmed, "version:")) {
    if ((evidence_->header && !evidence_->header->version.empty()) ||
        evidence_->HasFinalFigures()) {
      return Offer::kNewRun;
    }
    if (!evidence_->header) {
      evidence_->header.emplace();
    }
    ParseHeaderLine(trimmed, line.number, &*evidence_->header);
    table_ = Table::kNone;
    return Offer::kConsumed;
  }
  HeaderInfo probe;
  if (ParseHeaderLine(trimmed, line.number, &probe)) {
    if (!evidence_->header) {
      evidence_->header.emplace();
    }
    ParseHeaderLine(trimmed, line.number, &*evidence_->header);
    table_ = Table::kNone;
    return Offer::kConsumed;
  }
  switch (table_) {
    case Table::kSymmetric:
      return TakeSymmetricRow(line, trimmed);
    case Table::kPublicKey:
      return TakePkRow(line, trimmed);
    case Table::kNone:
      break;
  }
  if (const size_t few = FewFiguresRow(trimmed); few > 0 && FixesSizesFor(few)) {
    // `openssl speed -bytes 16` without its table's header: one figure per row, of that size.
    if (ImplySizes(line, few)) {
      return TakeSymmetricRow(line, trimmed);
    }
  }
  if (LooksLikeSymmetricRow(trimmed)) {
    // A row whose 'type' line is not in the paste: sizes the version or the paste imply.
    const std::vector<std::string_view> words = SplitWords(trimmed);
    size_t figures = 0;
    while (figures < words.size() && ParseSpeedFigure(words[words.size() - 1 - figures])) {
      ++figures;
    }
    if (ImplySizes(line, figures)) {
      return TakeSymmetricRow(line, trimmed);
    }
    evidence_->notes.push_back(fmt::format(
        "Line {}: a table row without its 'type ... bytes' line, whose {} figures fit no size "
        "list openssl speed uses; it is not imported.",
        line.number, figures));
    return Offer::kConsumed;
  }
  if (LooksLikeSpeedRow(trimmed)) {
    // Public-key rows whose header line is not in the paste: the number of columns and the
    // row's name tell the operations.
    table_ = Table::kPublicKey;
    layout_ = PkLayout{};
    layout_.num_ops = 0;
    evidence_->notes.push_back(fmt::format(
        "Line {}: public-key rows without their header line; their columns are read by their "
        "number and the rows' names (1: op/s, 2: sign and verify, 3: keygen with encaps and "
        "decaps or sign and verify, 4: RSA's sign, verify, encrypt, decrypt).",
        line.number));
    pk_headerless_caveat_ = fmt::format(
        "read from a public-key row without the table's header line (line {}), its operations "
        "told by the number of columns",
        line.number);
    after_blank_ = false;
    return TakePkRow(line, trimmed);
  }
  return Offer::kNotMine;
}

bool SpeedTextParser::TakePkHeader(std::string_view trimmed) {
  const std::vector<std::string_view> words = SplitWords(trimmed);
  PkLayout layout;
  if (IsPkHeaderWords(words, {"sign", "verify", "sign/s", "verify/s"})) {
    layout = {PkFamily::kSig, 2, {"sign", "verify", nullptr, nullptr}};
  } else if (IsPkHeaderWords(words, {"sign", "verify", "encrypt", "decrypt", "sign/s", "verify/s",
                                     "encr./s", "decr./s"})) {
    layout = {PkFamily::kRsa, 4, {"sign", "verify", "encrypt", "decrypt"}};
  } else if (IsPkHeaderWords(words, {"op", "op/s"})) {
    layout = {PkFamily::kEcdh, 1, {"derive", nullptr, nullptr, nullptr}};
  } else if (IsPkHeaderWords(words,
                             {"keygen", "encaps", "decaps", "keygens/s", "encaps/s", "decaps/s"})) {
    layout = {PkFamily::kKem, 3, {"keygen", "encaps", "decaps", nullptr}};
  } else if (IsPkHeaderWords(words,
                             {"keygen", "signs", "verify", "keygens/s", "sign/s", "verify/s"})) {
    layout = {PkFamily::kSig, 3, {"keygen", "sign", "verify", nullptr}};
  } else {
    return false;
  }
  layout_ = layout;
  return true;
}

Offer SpeedTextParser::TakeSymmetricRow(const SourceLine& line, std::string_view trimmed) {
  const std::vector<std::string_view> words = SplitWords(trimmed);
  // A public-key row whose table header was left out of the paste.
  for (size_t i = 1; i < words.size(); ++i) {
    if (ParseSeconds(words[i]) && LooksNumeric(words[i])) {
      table_ = Table::kPublicKey;
      layout_ = PkLayout{};
      return TakePkRow(line, trimmed);
    }
  }
  size_t first_value = 0;
  while (first_value < words.size() && !ParseSpeedFigure(words[first_value]) &&
         !IsElisionWord(words[first_value]) &&
         !(first_value > 0 && LooksLikeDamagedFigure(words[first_value]))) {
    ++first_value;
  }
  // cryptsetup's key column ("%4zub" in src/cryptsetup.c: "256b") in the name of a cipher the
  // catalogue lacks ("xchacha12,aes-adiantum 256b"), as cryptobench's --format openssl writes
  // it: a word of the name, not a damaged figure, when exactly one figure per size follows the
  // name (openssl speed prints no such word, and no figure of its ends in 'b').
  if (first_value > 0 && first_value < words.size() && IsKeyBitsWord(words[first_value])) {
    size_t figures_from = first_value + 1;
    while (figures_from < words.size() && !ParseSpeedFigure(words[figures_from]) &&
           !LooksLikeDamagedFigure(words[figures_from]) && !IsElisionWord(words[figures_from])) {
      ++figures_from;
    }
    const bool one_per_size =
        words.size() - figures_from == evidence_->sizes.size() &&
        std::all_of(words.begin() + static_cast<std::ptrdiff_t>(figures_from), words.end(),
                    [](std::string_view word) { return ParseSpeedFigure(word).has_value(); });
    if (one_per_size && figures_from < words.size()) {
      first_value = figures_from;
    }
  }
  if (first_value == words.size()) {
    if (words.size() == 1 && !after_blank_ && !EndsWith(words[0], ":")) {
      // An algorithm name alone: its figures may be on the next line (a wrapped row).
      pending_name_.emplace(std::string(words[0]), line.number);
      return Offer::kConsumed;
    }
    table_ = Table::kNone;  // prose after the table
    return Offer::kNotMine;
  }
  const size_t num_sizes = evidence_->sizes.size();
  std::vector<std::optional<double>> left;
  std::vector<std::optional<double>> right;
  std::vector<std::string> left_words;
  std::vector<std::string> right_words;
  bool elided = false;
  size_t readable = 0;
  size_t damaged = 0;
  bool words_only = false;  // a cell without a digit: prose, not a damaged figure
  std::string_view first_damaged;
  for (size_t i = first_value; i < words.size(); ++i) {
    if (IsElisionWord(words[i])) {
      elided = true;
      continue;
    }
    const auto value = ParseSpeedFigure(words[i]);
    if (value) {
      ++readable;
    } else {
      if (damaged++ == 0 || (!words_only && !HasDigit(words[i]))) {
        first_damaged = words[i];
      }
      words_only = words_only || !HasDigit(words[i]);
    }
    (elided ? right : left).push_back(value);
    (elided ? right_words : left_words).emplace_back(words[i]);
  }
  // One mistyped figure must not cost the row its readable ones: a row of mostly figures keeps
  // them and leaves the damaged cells out, named. A word without a digit, or more damaged
  // cells than figures, is prose or a row too damaged to place its figures.
  if (damaged > 0 && (words_only || readable < 2 || damaged > readable)) {
    if (after_blank_ || EndsTableAsProse(line, trimmed, words, first_value)) {
      table_ = Table::kNone;
      return Offer::kNotMine;
    }
    throw ImportError(line.number,
                      fmt::format("expected a throughput figure like 1234.56k (1000s of bytes/s) "
                                  "or 987.65 (bytes/s), found {}",
                                  QuoteForError(first_damaged)));
  }
  // "2345 6.12k": a figure split by a stray space gives one word too many in a row of 'k'
  // figures; the two pieces are one damaged cell, so the figures after it keep their sizes.
  if (!elided && damaged == 0 && left.size() == num_sizes + 1) {
    const bool has_k = std::any_of(left_words.begin(), left_words.end(),
                                   [](const std::string& word) { return EndsWith(word, "k"); });
    std::vector<size_t> splits;
    for (size_t i = 0; has_k && i + 1 < left_words.size(); ++i) {
      if (!EndsWith(left_words[i], "k") && !IsSpeedBareFigure(left_words[i])) {
        splits.push_back(i);
      }
    }
    if (splits.size() == 1) {
      const size_t at = splits.front();
      left_words[at] += " " + left_words[at + 1];
      left[at] = std::nullopt;
      left.erase(left.begin() + static_cast<std::ptrdiff_t>(at) + 1);
      left_words.erase(left_words.begin() + static_cast<std::ptrdiff_t>(at) + 1);
    }
  }
  if (first_value == 0 && !elided && left.size() == 1 && !evidence_->sym_rows.empty() &&
      evidence_->sym_rows.back().line + 1 == line.number && !last_row_word_.empty()) {
    // A figure cut by a narrow terminal: "... 5.00k 6" then "00.00k".
    SymRow& row = evidence_->sym_rows.back();
    if (const auto joined = ParseSpeedFigure(last_row_word_ + std::string(words[0]));
        joined && row.bytes_per_s.back()) {
      row.bytes_per_s.back() = joined;
      if (!row.printed.empty()) {
        row.printed.back() = last_row_word_ + std::string(words[0]);
      }
      evidence_->notes.push_back(fmt::format(
          "Line {}: the row '{}' ends on line {} inside its last figure (cut by the terminal); "
          "'{}' and '{}' are read as one figure.",
          row.line, row.name, line.number, last_row_word_, words[0]));
      AddRowCaveat(&row, row.bytes_per_s.size() - 1,
                   fmt::format("joined from a figure cut across lines {}-{} ('{}' and '{}')",
                               row.line, line.number, last_row_word_, words[0]),
                   row.line, true);
      last_row_word_.clear();
      return Offer::kConsumed;
    }
  }
  if (first_value == 0 && pending_name_ && pending_name_->second + 1 == line.number && !elided &&
      left.size() == num_sizes) {
    // A row wrapped after its name: "AES-128-CBC-HMAC-SHA256" then its figures.
    SymRow row;
    row.line = pending_name_->second;
    row.name = pending_name_->first;
    row.bytes_per_s = left;
    row.printed = left_words;
    evidence_->notes.push_back(fmt::format(
        "Line {}: the row '{}' continues on line {} (wrapped after its name); the two lines are "
        "read as one row.",
        row.line, row.name, line.number));
    AddRowCaveat(&row, RowCaveat::kAllSizes,
                 fmt::format("read from a row wrapped after its name in the paste (lines {}-{}), "
                             "rejoined",
                             row.line, line.number),
                 row.line, false);
    NameDamagedCells(row);
    PushRow(std::move(row));
    pending_name_.reset();
    last_row_word_ = std::string(words.back());
    return Offer::kConsumed;
  }
  if (first_value == 0) {
    evidence_->notes.push_back(
        fmt::format("Line {}: {} figures without an algorithm name (a row wrapped or cut in the "
                    "paste); they are not imported.",
                    line.number, left.size()));
    last_row_word_.clear();
    return Offer::kConsumed;
  }
  const size_t found = left.size() + right.size();
  if (!elided && found < num_sizes && !after_blank_ && first_value > 0) {
    // Fewer figures than sizes: the rest may be on the next line (a wrapped row), else the
    // row was cut short.
    SymRow row;
    row.line = line.number;
    row.name = JoinWords(words, 0, first_value);
    row.bytes_per_s.assign(num_sizes, std::nullopt);
    row.printed.assign(num_sizes, std::string());
    for (size_t i = 0; i < left.size(); ++i) {
      row.bytes_per_s[i] = left[i];
      row.printed[i] = left_words[i];
    }
    NameDamagedCells(row);
    pending_row_ = std::move(row);
    pending_found_ = left.size();
    after_blank_ = false;
    return Offer::kConsumed;
  }
  if ((!elided && found < num_sizes) || (elided && found > num_sizes)) {
    if (after_blank_ || EndsTableAsProse(line, trimmed, words, first_value)) {
      table_ = Table::kNone;
      return Offer::kNotMine;
    }
    throw ImportError(
        line.number,
        fmt::format("expected {} throughput figures (one per size of the 'type' line at line {}), "
                    "found {}",
                    num_sizes, type_line_, found));
  }
  SymRow row;
  row.line = line.number;
  row.name = JoinWords(words, 0, first_value);
  row.bytes_per_s.assign(num_sizes, std::nullopt);
  row.printed.assign(num_sizes, std::string());
  for (size_t i = 0; i < left.size() && i < num_sizes; ++i) {
    row.bytes_per_s[i] = left[i];
    row.printed[i] = left_words[i];
  }
  for (size_t i = 0; i < right.size(); ++i) {
    row.bytes_per_s[num_sizes - right.size() + i] = right[i];
    row.printed[num_sizes - right.size() + i] = right_words[i];
  }
  if (!elided && found > num_sizes) {
    evidence_->notes.push_back(
        fmt::format("Line {}: '{}' has {} figures for {} sizes; the extra ones are ignored.",
                    line.number, row.name, found, num_sizes));
    AddRowCaveat(&row, RowCaveat::kAllSizes,
                 fmt::format("read from a row with {} figures for {} sizes (line {}), the extra "
                             "ones at its end ignored",
                             found, num_sizes, line.number),
                 line.number, true);
  }
  if (elided) {
    evidence_->notes.push_back(fmt::format(
        "Line {}: the row '{}' is shortened with '...'; its missing figures are left out.",
        line.number, row.name));
    AddRowCaveat(&row, RowCaveat::kAllSizes,
                 fmt::format("read from a row shortened with '...' in the paste (line {}), the "
                             "figures after it taken as those of its last sizes",
                             line.number),
                 line.number, false);
  }
  NameDamagedCells(row);
  PushRow(std::move(row));
  last_row_word_ = !elided && found == num_sizes ? std::string(words.back()) : std::string();
  after_blank_ = false;
  return Offer::kConsumed;
}

bool SpeedTextParser::EndsTableAsProse(const SourceLine& line, std::string_view trimmed,
                                       const std::vector<std::string_view>& words,
                                       size_t first_value) {
  if (evidence_->sym_rows.empty() || first_value == 0 || first_value >= words.size()) {
    return false;  // no row of the table yet, or no name: a damaged row refuses as before
  }
  const std::string_view first = words[first_value];
  if (ParseSpeedFigure(first) && HasSpeedDecimals(first)) {
    return false;  // starts like a row: "sha256 64000.00k garbled"
  }
  if (IsSpeedRowName(JoinWords(words, 0, first_value))) {
    return false;  // a row of the table, damaged
  }
  evidence_->notes.push_back(fmt::format(
      "Line {}: {} follows the table's last row with no blank line between, but names no row "
      "openssl speed prints and holds no figure in speed's form where the first belongs: read "
      "as text after the table, skipped.",
      line.number, QuoteForError(trimmed)));
  return true;
}

void SpeedTextParser::NameDamagedCells(SymRow& row) {
  bool damaged = false;
  for (size_t i = 0; i < row.printed.size() && i < evidence_->sizes.size(); ++i) {
    if (!row.bytes_per_s[i] && !row.printed[i].empty()) {
      damaged = true;
      evidence_->notes.push_back(fmt::format(
          "Line {}: the row '{}' prints {} for {} bytes, which is not a figure (mistyped or "
          "damaged in the paste); that cell is left out and the row's other figures are kept.",
          row.line, row.name, QuoteForError(row.printed[i]), evidence_->sizes[i]));
    }
  }
  if (damaged) {
    // The damage that spoilt one cell may have shifted or changed its neighbours.
    AddRowCaveat(&row, RowCaveat::kAllSizes,
                 fmt::format("read from a row damaged in the paste (line {})", row.line), row.line,
                 true);
  }
}

void SpeedTextParser::PushRow(SymRow row) {
  if (!implied_sizes_caveat_.empty()) {
    AddRowCaveat(&row, RowCaveat::kAllSizes, implied_sizes_caveat_, row.line, implied_sizes_doubt_);
    if (implied_sizes_doubt_) {
      // Only the sizes are in doubt: compare pairs two rows read under one list column by column.
      row.caveats.back().caveat.assumed_sizes = evidence_->sizes;
    }
  }
  last_row_line_ = std::max(last_row_line_, row.line);
  evidence_->sym_rows.push_back(std::move(row));
}

void SpeedTextParser::DropFiguresOfAnotherUnit() {
  bool has_k = false;
  for (const SymRow& row : evidence_->sym_rows) {
    for (const std::string& word : row.printed) {
      has_k = has_k || EndsWith(word, "k");
    }
  }
  if (!has_k) {
    return;  // a table of bytes/s figures only: nothing to disagree with
  }
  for (SymRow& row : evidence_->sym_rows) {
    for (size_t i = 0; i < row.printed.size() && i < row.bytes_per_s.size(); ++i) {
      const std::string& word = row.printed[i];
      if (!row.bytes_per_s[i] || word.empty() || EndsWith(word, "k") || IsSpeedBareFigure(word)) {
        continue;
      }
      row.bytes_per_s[i] = std::nullopt;
      evidence_->notes.push_back(fmt::format(
          "Line {}: the row '{}' prints {} for {} bytes without the 'k' of the table's other "
          "figures; openssl speed prints a figure without it only up to 10000 bytes/s and with "
          "two decimals, so this one lost its 'k' or was cut, and its unit is unknown (bytes/s "
          "or 1000s of bytes/s): it is left out.",
          row.line, row.name, QuoteForError(word),
          i < evidence_->sizes.size() ? evidence_->sizes[i] : 0));
    }
  }
}

std::pair<double, size_t> SpeedTextParser::ProgressRate(const std::string& name,
                                                        uint64_t size) const {
  for (const Progress& p : evidence_->progress) {
    if (!p.public_key && p.has_result && p.name == name && p.input_len == size && p.seconds > 0 &&
        p.count > 0) {
      return {p.count * static_cast<double>(size) / p.seconds, p.line};
    }
  }
  return {0, 0};
}

void SpeedTextParser::ReadFiguresThatLostTheirK() {
  const std::vector<uint64_t>& sizes = evidence_->sizes;
  size_t ambiguous = 0;  // figures above 10.00 and at most 10000: either unit is printable
  size_t first_line = 0;
  size_t last_line = 0;
  for (const SymRow& row : evidence_->sym_rows) {
    for (size_t i = 0; i < row.printed.size() && i < row.bytes_per_s.size(); ++i) {
      if (EndsWith(row.printed[i], "k")) {
        return;  // the table has its 'k's: DropFiguresOfAnotherUnit checks the rest
      }
      if (row.printed[i].empty() || !row.bytes_per_s[i]) {
        continue;
      }
      first_line = first_line == 0 ? row.line : first_line;
      last_line = row.line;
      ambiguous += *row.bytes_per_s[i] > 10 && *row.bytes_per_s[i] <= 10000 ? 1 : 0;
    }
  }
  if (first_line == 0) {
    return;
  }
  // speed prints a rate above 10000 bytes/s only as "%.2fk" (apps/speed.c, print_result and
  // the table loop), so a bare figure above 10000 lost its 'k'; a progress line tells the unit
  // of any figure it measured.
  std::vector<std::string> evidence;
  std::vector<std::vector<bool>> resolved;
  for (SymRow& row : evidence_->sym_rows) {
    resolved.emplace_back(row.bytes_per_s.size(), false);
    for (size_t i = 0; i < row.printed.size() && i < row.bytes_per_s.size() && i < sizes.size();
         ++i) {
      if (row.printed[i].empty() || !row.bytes_per_s[i] || !std::isfinite(*row.bytes_per_s[i])) {
        continue;
      }
      const double value = *row.bytes_per_s[i];
      const auto [rate, progress_line] = ProgressRate(row.name, sizes[i]);
      if (progress_line != 0 && Agrees(value * 1000, rate)) {
        row.bytes_per_s[i] = value * 1000;
        resolved.back()[i] = true;
        AddRowCaveat(&row, i,
                     fmt::format("read in 1000s of bytes/s (line {} lost its 'k'), as its "
                                 "progress line {} shows",
                                 row.line, progress_line),
                     row.line, false);
        evidence.push_back(
            fmt::format("{} for {} bytes on line {} is 1000 times its progress "
                        "line {}",
                        QuoteForError(row.printed[i]), sizes[i], row.line, progress_line));
      } else if (progress_line != 0 && Agrees(value, rate)) {
        resolved.back()[i] = true;  // read in bytes/s, as printed
      } else if (value > 10000) {
        row.bytes_per_s[i] = value * 1000;
        resolved.back()[i] = true;
        AddRowCaveat(&row, i,
                     fmt::format("read in 1000s of bytes/s (line {} lost its 'k'; speed prints "
                                 "a bare figure only up to 10000)",
                                 row.line),
                     row.line, false);
        evidence.push_back(fmt::format("{} for {} bytes on line {} is above 10000",
                                       QuoteForError(row.printed[i]), sizes[i], row.line));
      } else if (value <= 10) {
        resolved.back()[i] = true;  // a figure in 1000s would be above 10.00
      }
    }
  }
  if (evidence.empty()) {
    if (ambiguous > 0) {
      evidence_->notes.push_back(fmt::format(
          "{}: the table prints no figure with a 'k'; openssl speed prints rates up to "
          "10000 bytes/s so, and they are read as bytes/s. If the paste lost the 'k's (a "
          "renderer or a hand copy), they are 1000 times these, which nothing in the paste "
          "(no figure above 10000, no progress line) can tell.",
          RowLines(first_line, last_line)));
      for (SymRow& row : evidence_->sym_rows) {
        for (size_t i = 0; i < row.printed.size() && i < row.bytes_per_s.size(); ++i) {
          if (!row.printed[i].empty() && row.bytes_per_s[i] && *row.bytes_per_s[i] > 10 &&
              *row.bytes_per_s[i] <= 10000) {
            AddRowCaveat(&row, i,
                         fmt::format("read as printed, in bytes/s, from a table without any 'k' "
                                     "({}); 1000 times that if the paste lost the 'k's",
                                     RowLines(first_line, last_line)),
                         row.line, true);
          }
        }
      }
    }
    return;
  }
  evidence_->notes.push_back(fmt::format(
      "{}: the table prints no figure with a 'k', which openssl speed prints for every "
      "rate above 10000 bytes/s, yet {}{}: the paste lost the 'k's (a renderer or a hand copy "
      "dropped them), so those figures are read in 1000s of bytes/s.",
      RowLines(first_line, last_line), evidence.front(),
      evidence.size() > 1 ? fmt::format(" (and {} more)", evidence.size() - 1) : ""));
  // The figures either unit fits (above 10.00, at most 10000) follow their row: the reading
  // its resolved figures allow, else none.
  for (size_t r = 0; r < evidence_->sym_rows.size(); ++r) {
    SymRow& row = evidence_->sym_rows[r];
    for (size_t i = 0; i < row.printed.size() && i < row.bytes_per_s.size() && i < sizes.size();
         ++i) {
      if (resolved[r][i] || row.printed[i].empty() || !row.bytes_per_s[i] ||
          !std::isfinite(*row.bytes_per_s[i])) {
        continue;
      }
      const double value = *row.bytes_per_s[i];
      size_t conflict = 0;
      const bool as_bytes = FitsRow(value, i, row.bytes_per_s, sizes, resolved[r], &conflict);
      const bool as_thousands =
          FitsRow(value * 1000, i, row.bytes_per_s, sizes, resolved[r], &conflict);
      if (as_thousands && !as_bytes) {
        row.bytes_per_s[i] = value * 1000;
        AddRowCaveat(&row, i,
                     fmt::format("read in 1000s of bytes/s, like its table whose 'k's the paste "
                                 "lost (line {}): in bytes/s it would not fit its row",
                                 row.line),
                     row.line, true);
        evidence_->notes.push_back(fmt::format(
            "Line {}: the row '{}' prints {} for {} bytes, which is read in 1000s of bytes/s "
            "too: in bytes/s it would not fit the row's other figures.",
            row.line, row.name, QuoteForError(row.printed[i]), sizes[i]));
      } else if (as_thousands == as_bytes) {
        row.bytes_per_s[i] = std::nullopt;
        evidence_->notes.push_back(fmt::format(
            "Line {}: the row '{}' prints {} for {} bytes, which may be bytes/s or a figure "
            "that lost its 'k' like the table's others; its unit is unknown, so it is left out.",
            row.line, row.name, QuoteForError(row.printed[i]), sizes[i]));
      }
    }
  }
}

void SpeedTextParser::DropFiguresOutOfLine() {
  const std::vector<uint64_t>& sizes = evidence_->sizes;
  for (SymRow& row : evidence_->sym_rows) {
    std::vector<bool> usable(row.bytes_per_s.size(), true);
    for (size_t i = 0; i < row.printed.size() && i < row.bytes_per_s.size() && i < sizes.size();
         ++i) {
      if (row.printed[i].empty() || !row.bytes_per_s[i] || !std::isfinite(*row.bytes_per_s[i]) ||
          HasSpeedDecimals(row.printed[i]) || *row.bytes_per_s[i] > kMaxPlausibleBytesPerSecond) {
        continue;  // a figure no hardware reaches is an error cell, with the bound named
      }
      usable[i] = false;
      size_t conflict = 0;
      if (FitsRow(*row.bytes_per_s[i], i, row.bytes_per_s, sizes, usable, &conflict)) {
        usable[i] = true;
        continue;
      }
      evidence_->notes.push_back(fmt::format(
          "Line {}: the row '{}' prints {} for {} bytes, not in openssl speed's form (two "
          "decimals) and out of line with its {} for {} bytes (a call on more bytes takes at "
          "least as long as one on fewer, and at most as long as as many calls on fewer as "
          "cover it), so the figure was typed or damaged (a lost decimal point?): it is left "
          "out.",
          row.line, row.name, QuoteForError(row.printed[i]), sizes[i],
          QuoteForError(row.printed[conflict].empty() ? std::string("figure")
                                                      : row.printed[conflict]),
          sizes[conflict]));
      row.bytes_per_s[i] = std::nullopt;
    }
  }
}

void SpeedTextParser::ThrowCutPkRow() const {
  throw ImportError(cut_pk_row_->second,
                    fmt::format("expected as many rates (like 1234.5) as times (like "
                                "0.000123s); found {} times and {} rates",
                                cut_pk_found_.first, cut_pk_found_.second));
}

void SpeedTextParser::SkipCutPkRow() {
  evidence_->notes.push_back(fmt::format(
      "Line {}: the public-key row '{}' stops after {} of its {} rates (cut short in the paste, "
      "its last figure perhaps cut too), so none of its figures is read: it is skipped.",
      cut_pk_row_->second, cut_pk_row_->first, cut_pk_found_.second, cut_pk_found_.first));
  cut_pk_row_.reset();
}

Offer SpeedTextParser::TakePkRow(const SourceLine& line, std::string_view trimmed) {
  if (cut_pk_row_) {
    ThrowCutPkRow();  // a row of the table after it: damaged inside the table, not cut off
  }
  const std::vector<std::string_view> words = SplitWords(trimmed);
  size_t first_time = 0;
  while (first_time < words.size() && !ParseSeconds(words[first_time])) {
    ++first_time;
  }
  if (first_time == words.size() || first_time == 0) {
    table_ = Table::kNone;
    return Offer::kNotMine;
  }
  size_t num_times = 0;
  while (first_time + num_times < words.size() && ParseSeconds(words[first_time + num_times])) {
    ++num_times;
  }
  std::vector<double> rates;
  for (size_t i = first_time + num_times; i < words.size(); ++i) {
    const auto rate = ParseDouble(words[i]);
    if (!rate) {
      if (after_blank_) {
        table_ = Table::kNone;
        return Offer::kNotMine;
      }
      throw ImportError(line.number,
                        fmt::format("expected an operations-per-second figure like 1234.5, found "
                                    "{}",
                                    QuoteForError(words[i])));
    }
    rates.push_back(*rate);
  }
  if (rates.size() < num_times && num_times <= 4 && first_time > 0) {
    // Cut inside its rates: the paste's end, or a line the terminal cut. Its last rate may be
    // cut too ("4" of "4067.4"), so none of its figures is read; the row is skipped and named
    // when nothing of the table follows it (Finish), else the paste is refused at it.
    if (cut_pk_row_) {
      ThrowCutPkRow();
    }
    cut_pk_row_.emplace(JoinWords(words, 0, first_time), line.number);
    cut_pk_found_ = {num_times, rates.size()};
    return Offer::kConsumed;
  }
  if (rates.size() != num_times || num_times == 0 || num_times > 4) {
    if (after_blank_) {
      table_ = Table::kNone;
      return Offer::kNotMine;
    }
    throw ImportError(line.number,
                      fmt::format("expected as many rates (like 1234.5) as times (like "
                                  "0.000123s); found {} times and {} rates",
                                  num_times, rates.size()));
  }

  std::vector<std::string> lower;
  for (size_t i = 0; i < first_time; ++i) {
    lower.push_back(ToLower(words[i]));
  }
  PkRow row;
  row.line = line.number;
  row.family = layout_.family_hint;
  bool named = false;
  if (lower.size() >= 3 && (lower[0] == "rsa" || lower[0] == "dsa") && lower[2] == "bits") {
    if (const auto bits = ParseUnsigned(lower[1]); bits && *bits < 1000000) {
      row.family = lower[0] == "rsa" ? PkFamily::kRsa : PkFamily::kDsa;
      row.bits = static_cast<unsigned>(*bits);
      named = true;
    }
  } else if (lower.size() >= 3 && (lower[1] == "bit" || lower[1] == "bits")) {
    if (const auto bits = ParseUnsigned(lower[0]); bits && *bits < 1000000) {
      row.bits = static_cast<unsigned>(*bits);
      named = true;
      std::string curve = first_time > 3 ? std::string(words[3]) : "";
      if (curve.size() >= 2 && curve.front() == '(' && curve.back() == ')') {
        curve = curve.substr(1, curve.size() - 2);
      }
      row.curve = curve;
      if (lower[2] == "ecdsa") {
        row.family = PkFamily::kEcdsa;
      } else if (lower[2] == "ecdh") {
        row.family = PkFamily::kEcdh;
      } else if (lower[2] == "eddsa") {
        row.family = PkFamily::kEddsa;
      } else if (lower[2] == "sm2") {
        row.family = PkFamily::kSm2;
      } else if (lower[2] == "ffdh") {
        row.family = PkFamily::kFfdh;
      } else {
        named = false;
      }
    }
  }
  if (!named) {
    // KEM and signature tables (3.2+) print the algorithm name; anything else is kept
    // verbatim under the table's family.
    row.bits = 0;
    row.curve.clear();
    row.curve = JoinWords(words, 0, first_time);
  }
  // A rate printed with fewer digits than its time per operation ("0.1" beside "6.760000s")
  // is taken from the time: speed rounds both from the same count.
  for (size_t i = 0; i < num_times; ++i) {
    const std::string_view time_word = words[first_time + i];
    const auto seconds = ParseSeconds(time_word);
    if (seconds && *seconds > 0 && std::isfinite(*seconds) &&
        SignificantDigits(time_word) > SignificantDigits(words[first_time + num_times + i])) {
      rates[i] = 1.0 / *seconds;
    }
  }
  // Three columns without the table's header: a KEM's (keygen, encaps, decaps) or a
  // signature algorithm's (keygen, sign, verify), by the row's name.
  const bool kem_row = [&] {
    const std::string name = ToLower(JoinWords(words, 0, first_time));
    if (name.substr(0, 3) == "rsa" && name.size() > 3 &&
        std::isdigit(static_cast<unsigned char>(name[3]))) {
      // Both 3.2+ tables print "rsa2048" (apps/speed.c kem_locate and sig_locate). The private
      // key operation is the slow one: the KEM's decaps (third) in the KEM table, the sign
      // (second) in the signature table, so a second rate below the third is a signature row.
      return rates.size() != 3 || !(rates[1] < rates[2]);
    }
    return name.find("kem") != std::string::npos || name.find("x25519") != std::string::npos ||
           name.find("x448") != std::string::npos;
  }();
  if (!named && num_times == 3 && num_times != layout_.num_ops) {
    row.family = kem_row ? PkFamily::kKem : PkFamily::kSig;
  }
  for (size_t i = 0; i < num_times; ++i) {
    std::string op;
    if (num_times == layout_.num_ops && layout_.ops[i] != nullptr) {
      op = layout_.ops[i];
    } else if (num_times == 3) {
      op = std::array<const char*, 3>{"keygen", kem_row ? "encaps" : "sign",
                                      kem_row ? "decaps" : "verify"}[i];
    } else if (num_times == 4) {
      op = std::array<const char*, 4>{"sign", "verify", "encrypt", "decrypt"}[i];
    } else if (num_times == 2) {
      op = i == 0 ? "sign" : "verify";
    } else if (num_times == 1) {
      op = "derive";
    } else {
      throw ImportError(line.number,
                        fmt::format("expected {} times and rates for this table, found {}",
                                    layout_.num_ops, num_times));
    }
    row.ops_per_s.emplace_back(op, rates[i]);
  }
  if (!pk_headerless_caveat_.empty()) {
    row.caveats.push_back(results::CellCaveat{pk_headerless_caveat_, row.line, true});
  }
  evidence_->pk_rows.push_back(std::move(row));
  pk_row_names_.push_back(PkTableKey() + JoinWords(words, 0, first_time));
  last_row_line_ = line.number;
  after_blank_ = false;
  return Offer::kConsumed;
}

}  // namespace cryptobench::import
