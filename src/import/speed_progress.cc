// Progress lines of `openssl speed`.
#include "import/speed_progress.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "import/import.h"
#include "import/parse_util.h"
#include "import/speed_names.h"

namespace cryptobench::import {
namespace {

std::string GuessCurve(unsigned bits) {
  switch (bits) {
    case 160:
      return "secp160r1";
    case 192:
      return "nistp192";
    case 224:
      return "nistp224";
    case 256:
      return "nistp256";
    case 384:
      return "nistp384";
    case 521:
      return "nistp521";
    case 253:
      return "X25519";
    case 448:
      return "X448";
    default:
      return fmt::format("{}-bit curve", bits);
  }
}

// The operation a public-key progress description names ("private rsa sign", "sign ecdsa",
// "public rsa" (1.x: verify), " ecdh").
std::string PkOperation(const std::vector<std::string>& lower_words, PkFamily family) {
  for (const std::string& word : lower_words) {
    if (word == "sign" || word == "signs") {
      return "sign";
    }
    for (const char* op : {"verify", "encrypt", "decrypt", "keygen", "encaps", "decaps"}) {
      if (word == op) {
        return op;
      }
    }
  }
  if (family == PkFamily::kEcdh || family == PkFamily::kFfdh) {
    return "derive";
  }
  for (const std::string& word : lower_words) {
    if (word == "private") {
      return "sign";
    }
    if (word == "public") {
      return "verify";
    }
  }
  return "";
}

// Whether `word` (lower case) is `full` or a beginning of it cut off in the paste.
bool WordOrItsStart(std::string_view word, std::string_view full) {
  return !word.empty() && full.substr(0, word.size()) == word;
}

// True when `result` (after a progress line's colon) is a count then a beginning of what speed
// prints after it: "<name>'s in <seconds>s" (1.x, print_message), "<name> ops in <seconds>s"
// (3.x) or the public-key "<bits> bits <op> <name>'s in ...", whose words are the
// description's own: the line was cut off, not garbled. Every word but the last must be a
// word of `desc`, "ops" or "in" (with "'s" after it); the last may be cut anywhere, and after
// "in" only a cut number may follow (a whole "<seconds>s" would have been read).
bool IsCutResult(std::string_view result, std::string_view desc) {
  const std::vector<std::string_view> words = SplitWords(result);
  if (words.empty() || !ParseDouble(words.front())) {
    return false;
  }
  std::vector<std::string> allowed;
  for (std::string_view word : SplitWords(desc)) {
    allowed.push_back(ToLower(word));
  }
  allowed.emplace_back("ops");
  allowed.emplace_back("in");
  // 3.5's KEM and signature results name the kind, and a signature's result says "sign" where
  // its progress says "signs": "85120 X25519MLKEM768 KEM decaps ops in", "50112 ML-DSA-65
  // signature sign ops in" (tryout 32 D8: a paste cut there was refused).
  allowed.emplace_back("kem");
  allowed.emplace_back("signature");
  allowed.emplace_back("sign");
  const auto strip = [](std::string word) {
    if (EndsWith(word, "'s")) {
      word.resize(word.size() - 2);
    } else if (EndsWith(word, "'")) {
      word.resize(word.size() - 1);
    }
    return word;
  };
  for (size_t i = 1; i < words.size(); ++i) {
    const bool last = i + 1 == words.size();
    if (words[i - 1] == "in") {
      // Only the seconds figure, cut before its 's': digits and a point.
      return last && std::all_of(words[i].begin(), words[i].end(), [](char c) {
               return std::isdigit(static_cast<unsigned char>(c)) || c == '.';
             });
    }
    const std::string word = strip(ToLower(words[i]));
    const bool whole = std::find(allowed.begin(), allowed.end(), word) != allowed.end();
    const bool start = last && std::any_of(allowed.begin(), allowed.end(),
                                           [&](const auto& a) { return WordOrItsStart(word, a); });
    if (!whole && !start) {
      return false;
    }
  }
  return true;
}

// One entry of speed's curve table: the name its table rows print and the size its progress
// lines print. The order and names are those of apps/speed.c:
//  - OpenSSL_1_0_2 (and 1.0.0, 1.0.1): test_curves[] / test_curves_names[] / test_curves_bits[],
//    16 curves: secp160r1, nistp192 ... nistp521, then nistk163 ... nistk571, then nistb163 ...
//    nistb571;
//  - OpenSSL_1_1_0: the same 16, then X25519 (253 bits, ECDH only); 1.1.1 adds X448 (448);
//  - openssl-3.0.0: ec_curves[] the same prime and binary curves (the binary ones only without
//    no-ec2m), then brainpoolP256r1, P256t1, P384r1, P384t1, P512r1, P512t1, then X25519 and
//    X448 (ECDH only: ecdh_choices[] extends ecdsa_choices[]).
// Sizes that are each one curve's (160, 192, 224, 521, 253, 448) need no table.
struct TableCurve {
  std::string_view name;
  unsigned bits;
  bool brainpool;           ///< only in 3.0 and later
  std::string_view choice;  ///< the command-line name after "ecdsa"/"ecdh": "p256", "brp256r1"
};
constexpr TableCurve kSpeedCurves[] = {
    {"secp160r1", 160, false, "p160"},          {"nistp192", 192, false, "p192"},
    {"nistp224", 224, false, "p224"},           {"nistp256", 256, false, "p256"},
    {"nistp384", 384, false, "p384"},           {"nistp521", 521, false, "p521"},
    {"nistk163", 163, false, "k163"},           {"nistk233", 233, false, "k233"},
    {"nistk283", 283, false, "k283"},           {"nistk409", 409, false, "k409"},
    {"nistk571", 571, false, "k571"},           {"nistb163", 163, false, "b163"},
    {"nistb233", 233, false, "b233"},           {"nistb283", 283, false, "b283"},
    {"nistb409", 409, false, "b409"},           {"nistb571", 571, false, "b571"},
    {"brainpoolP256r1", 256, true, "brp256r1"}, {"brainpoolP256t1", 256, true, "brp256t1"},
    {"brainpoolP384r1", 384, true, "brp384r1"}, {"brainpoolP384t1", 384, true, "brp384t1"},
    {"brainpoolP512r1", 512, true, "brp512r1"}, {"brainpoolP512t1", 512, true, "brp512t1"},
    {"X25519", 253, false, "x25519"},           {"X448", 448, false, "x448"},
};

// The curves of the table (with or without the Brainpool ones) in order.
std::vector<TableCurve> SpeedCurves(bool brainpool) {
  std::vector<TableCurve> curves;
  for (const TableCurve& curve : kSpeedCurves) {
    if (brainpool || !curve.brainpool) {
      curves.push_back(curve);
    }
  }
  return curves;
}

// The curves a speed command line chose for `family` (ECDSA or ECDH), in the table's order,
// which is the order speed runs them in whatever order they were named: its arguments
// "ecdsa<choice>"/"ecdh<choice>" (apps/speed.c ecdsa_choices[]/ecdh_choices[]: "ecdhp256",
// "ecdhbrp256r1", "ecdhx25519"). Empty when it names none of them, or names the whole family
// ("ecdh", "ecdsa"), since then every curve of the build's table ran.
std::vector<TableCurve> ChosenCurves(PkFamily family, const std::vector<std::string>& args) {
  const std::string_view prefix = family == PkFamily::kEcdsa ? "ecdsa" : "ecdh";
  std::vector<bool> chosen(std::size(kSpeedCurves), false);
  for (const std::string& arg : args) {
    if (arg == prefix) {
      return {};
    }
    if (!arg.starts_with(prefix)) {
      continue;
    }
    const std::string_view choice = std::string_view(arg).substr(prefix.size());
    for (size_t i = 0; i < std::size(kSpeedCurves); ++i) {
      // ECDSA has no X25519/X448 (ecdh_choices[] extends ecdsa_choices[] with them).
      const bool ecdh_only = kSpeedCurves[i].bits == 253 || kSpeedCurves[i].bits == 448;
      if (kSpeedCurves[i].choice == choice && !(ecdh_only && family == PkFamily::kEcdsa)) {
        chosen[i] = true;
      }
    }
  }
  std::vector<TableCurve> curves;
  for (size_t i = 0; i < std::size(kSpeedCurves); ++i) {
    if (chosen[i]) {
      curves.push_back(kSpeedCurves[i]);
    }
  }
  return curves;
}

size_t CurvesOfSize(const std::vector<TableCurve>& curves, unsigned bits) {
  return static_cast<size_t>(std::count_if(curves.begin(), curves.end(),
                                           [bits](const TableCurve& c) { return c.bits == bits; }));
}

// The curves of `lines` (indices into `progress`, in paste order, of one family and
// operation) by `curves`' order: each line takes the next curve of its size. Empty when a line
// finds none (the lines do not follow the table's order) or a size printed more than once has
// not as many lines as the table has curves of it.
std::vector<std::string_view> CurvesInOrder(const std::vector<Progress>& progress,
                                            const std::vector<size_t>& lines,
                                            const std::vector<TableCurve>& curves) {
  std::vector<std::string_view> names;
  std::map<unsigned, size_t> lines_of;
  size_t cursor = 0;
  for (size_t index : lines) {
    const unsigned bits = progress[index].bits;
    ++lines_of[bits];
    while (cursor < curves.size() && curves[cursor].bits != bits) {
      ++cursor;
    }
    if (cursor == curves.size()) {
      return {};
    }
    names.push_back(curves[cursor++].name);
  }
  for (const auto& entry : lines_of) {
    // A named pair member, not a structured binding: clang before 16 cannot capture those.
    const auto bits = entry.first;
    const auto count = entry.second;
    const auto in_table = static_cast<size_t>(std::count_if(
        curves.begin(), curves.end(), [&](const TableCurve& c) { return c.bits == bits; }));
    if (count > 1 && count != in_table) {
      return {};
    }
  }
  return names;
}

}  // namespace

void DescribePublicKeyProgress(std::string_view desc, std::string_view result, Progress* progress) {
  const std::vector<std::string_view> words = SplitWords(desc);
  std::vector<std::string> lower;
  for (std::string_view word : words) {
    lower.push_back(ToLower(word));
  }
  unsigned bits = 0;
  size_t first = 0;
  if (words.size() >= 2 && (lower[1] == "bit" || lower[1] == "bits")) {
    if (const auto value = ParseUnsigned(words[0]); value && *value < 1000000) {
      bits = static_cast<unsigned>(*value);
      first = 2;
    }
  }
  PkFamily family = PkFamily::kSig;
  std::string curve;
  bool known = false;
  for (size_t i = first; i < words.size() && !known; ++i) {
    known = true;
    if (lower[i] == "rsa") {
      family = PkFamily::kRsa;
    } else if (lower[i] == "dsa") {
      family = PkFamily::kDsa;
    } else if (lower[i] == "ecdsa") {
      family = PkFamily::kEcdsa;
      curve = GuessCurve(bits);
    } else if (lower[i] == "ecdh") {
      family = PkFamily::kEcdh;
      curve = GuessCurve(bits);
    } else if (lower[i] == "ffdh") {
      family = PkFamily::kFfdh;
    } else if (lower[i].find("sm2") != std::string::npos) {
      family = PkFamily::kSm2;
      curve = std::string(words[i]);
    } else {
      known = false;
    }
  }
  if (!known && bits > 0 && !words.empty()) {
    family = PkFamily::kEddsa;  // "253 bits sign Ed25519"
    curve = std::string(words.back());
  } else if (!known && !words.empty()) {
    // 3.2+ KEM and signature algorithms: "<name> <op>"; the result says "KEM" or "signature".
    const bool kem = result.find(" KEM ") != std::string_view::npos ||
                     std::find(lower.begin(), lower.end(), "encaps") != lower.end() ||
                     std::find(lower.begin(), lower.end(), "decaps") != lower.end();
    family = kem ? PkFamily::kKem : PkFamily::kSig;
    curve = std::string(words.front());
  }
  progress->public_key = true;
  progress->family = family;
  progress->operation = PkOperation(lower, family);
  progress->bits = bits;
  progress->curve = curve;
  progress->name = PkRowName(family, bits, curve);
}

Progress ParseProgressLine(std::string_view trimmed, size_t line_number) {
  Progress progress;
  progress.line = line_number;
  if (!trimmed.starts_with("Doing ")) {
    // Callers that try pieces of a line (run_together.cc) may pass anything.
    throw ImportError(line_number, "expected a progress line starting with 'Doing '");
  }
  std::string_view rest = trimmed.substr(6);  // after "Doing "
  size_t colon = rest.find(": ");
  if (colon == std::string_view::npos) {
    colon = EndsWith(rest, ":") ? rest.size() - 1 : rest.size();
  }
  std::string_view what = Trim(rest.substr(0, colon));
  const std::string_view result = colon < rest.size() ? Trim(rest.substr(colon + 1)) : "";

  bool symmetric = false;
  if (EndsWith(what, " size blocks")) {
    what.remove_suffix(12);
    const size_t on = what.rfind(" on ");
    const auto size =
        on == std::string_view::npos ? std::nullopt : ParseUnsigned(Trim(what.substr(on + 4)));
    if (!size) {
      throw ImportError(line_number, "expected 'on <N> size blocks' in a progress line");
    }
    progress.input_len = *size;
    what = what.substr(0, on);
    symmetric = true;
  }
  const size_t for_pos = what.rfind(" for ");
  if (for_pos != std::string_view::npos) {
    const std::string_view seconds = Trim(what.substr(for_pos + 5));
    if (const auto value = ParseSeconds(seconds)) {
      progress.requested_seconds = *value;
      what = what.substr(0, for_pos);
    }
  } else if (EndsWith(what, " times")) {  // builds without SIGALRM count iterations instead
    const size_t space = what.rfind(' ', what.size() - 7);
    if (space != std::string_view::npos) {
      what = what.substr(0, space);
    }
  }
  std::string_view desc = Trim(what);
  if (EndsWith(desc, " ops")) {
    desc.remove_suffix(4);
  }
  if (EndsWith(desc, "'s")) {
    desc.remove_suffix(2);
  }
  desc = Trim(desc);
  if (symmetric) {
    progress.name = std::string(desc);
  } else {
    DescribePublicKeyProgress(desc, result, &progress);
  }

  // Ctrl-C echoed by the terminal ("9990123 sha5^C", tryout 24 p26): the run stopped where the
  // line was cut, which is a cut line like any other (IsCutResult) once the echo is set aside.
  if (std::string_view cut = result; cut.ends_with("^C")) {
    cut.remove_suffix(2);
    cut = Trim(cut);
    if (cut.empty() || IsCutResult(cut, desc)) {
      progress.cut_result = std::string(result);
      return progress;
    }
  }
  if (!result.empty()) {
    const std::vector<std::string_view> words = SplitWords(result);
    const auto count = ParseDouble(words.front());
    if (!count && std::none_of(result.begin(), result.end(), [](char c) {
          return std::isdigit(static_cast<unsigned char>(c));
        })) {
      // Words that are not a result ("Running aead": a development build's debug print); the
      // result, if any, follows on the next line (ProgressResultLine).
      progress.foreign_tail = std::string(result);
      return progress;
    }
    std::optional<double> seconds;
    for (size_t i = words.size(); i-- > 1;) {
      if (words[i - 1] == "in") {
        seconds = ParseSeconds(words[i]);
        break;
      }
    }
    if (!seconds && IsCutResult(result, desc)) {
      progress.cut_result = std::string(result);
      return progress;
    }
    if (!count || !seconds) {
      throw ImportError(line_number,
                        fmt::format("expected '<count> ... in <seconds>s' after the colon of a "
                                    "progress line, found {}",
                                    QuoteForError(result)));
    }
    progress.has_result = true;
    progress.count = *count;
    progress.seconds = *seconds;
  }
  return progress;
}

std::string ProgressWithoutResultNote(const Progress& progress) {
  return fmt::format("Line {}: the progress line for {} has no result (the run was interrupted?).",
                     progress.line, progress.name);
}

std::optional<std::pair<double, double>> ProgressResultLine(std::string_view trimmed) {
  const std::vector<std::string_view> words = SplitWords(trimmed);
  if (words.size() < 4 || words[words.size() - 2] != "in") {
    return std::nullopt;
  }
  const auto count = ParseDouble(words.front());
  const auto seconds = ParseSeconds(words.back());
  if (!count || !seconds || !EndsWith(words.back(), "s")) {
    return std::nullopt;
  }
  return std::make_pair(*count, *seconds);
}

std::vector<std::pair<size_t, std::string>> NameCurvesInTableOrder(
    std::vector<Progress>* progress, int openssl_major,
    const std::vector<std::string>& command_args, std::vector<size_t>* ambiguous,
    std::vector<std::pair<size_t, std::string>>* by_command, bool interleaved) {
  std::vector<std::pair<size_t, std::string>> renamed;
  std::vector<std::pair<PkFamily, std::string>> groups;
  for (const Progress& p : *progress) {
    if (p.public_key && p.bits > 0 &&
        (p.family == PkFamily::kEcdsa || p.family == PkFamily::kEcdh) &&
        std::find(groups.begin(), groups.end(), std::make_pair(p.family, p.operation)) ==
            groups.end()) {
      groups.emplace_back(p.family, p.operation);
    }
  }
  for (const auto& [family, operation] : groups) {
    std::vector<size_t> lines;
    std::map<unsigned, size_t> lines_of;
    for (size_t i = 0; i < progress->size(); ++i) {
      const Progress& p = (*progress)[i];
      if (p.public_key && p.bits > 0 && p.family == family && p.operation == operation) {
        lines.push_back(i);
        ++lines_of[p.bits];
      }
    }
    // The curves the command line chose, else the release's whole table.
    const std::vector<TableCurve> chosen = ChosenCurves(family, command_args);
    std::vector<std::string_view> names;
    if (interleaved) {
      // -multi: the children's lines interleave, so their order names no curve; a size the
      // command chose one curve of is that curve on every line (empty: not named).
      for (size_t index : lines) {
        const unsigned bits = (*progress)[index].bits;
        const auto curve = std::find_if(chosen.begin(), chosen.end(),
                                        [bits](const TableCurve& c) { return c.bits == bits; });
        names.push_back(CurvesOfSize(chosen, bits) == 1 ? curve->name : std::string_view());
      }
    } else if (!chosen.empty()) {
      names = CurvesInOrder(*progress, lines, chosen);
    }
    const bool from_command = !chosen.empty() && !names.empty();
    for (const bool brainpool : {false, true}) {
      if (!interleaved && names.empty() &&
          (openssl_major < 0 || brainpool == (openssl_major >= 3))) {
        names = CurvesInOrder(*progress, lines, SpeedCurves(brainpool));
      }
    }
    std::vector<bool> named(lines.size(), false);
    for (size_t k = 0; k < names.size(); ++k) {
      Progress& p = (*progress)[lines[k]];
      // One line of a size: which of its curves ran, the line cannot tell, unless the command
      // chose only one curve of that size.
      if (names[k].empty() ||
          (lines_of[p.bits] < 2 && !(from_command && CurvesOfSize(chosen, p.bits) == 1))) {
        continue;
      }
      named[k] = true;
      if (p.curve == names[k]) {
        continue;
      }
      p.curve = std::string(names[k]);
      p.name = PkRowName(p.family, p.bits, p.curve);
      (from_command && by_command != nullptr ? *by_command : renamed).emplace_back(p.line, p.curve);
    }
    if (ambiguous == nullptr) {
      continue;
    }
    // A line no order or command names, of a size more than one curve of the release's table
    // has (both tables' when the release is unknown): not the NIST curve the size guesses.
    for (size_t k = 0; k < lines.size(); ++k) {
      Progress& p = (*progress)[lines[k]];
      const size_t of_size = std::max(
          openssl_major >= 0 && openssl_major < 3 ? 0 : CurvesOfSize(SpeedCurves(true), p.bits),
          openssl_major >= 3 ? 0 : CurvesOfSize(SpeedCurves(false), p.bits));
      const std::string unnamed = fmt::format("{}-bit curve", p.bits);
      if (named[k] || of_size < 2 || p.curve == unnamed) {
        continue;
      }
      p.curve = unnamed;
      p.name = PkRowName(p.family, p.bits, p.curve);
      ambiguous->push_back(p.line);
    }
  }
  return renamed;
}

}  // namespace cryptobench::import
