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
  bool brainpool;  ///< only in 3.0 and later
};
constexpr TableCurve kSpeedCurves[] = {
    {"secp160r1", 160, false},      {"nistp192", 192, false},       {"nistp224", 224, false},
    {"nistp256", 256, false},       {"nistp384", 384, false},       {"nistp521", 521, false},
    {"nistk163", 163, false},       {"nistk233", 233, false},       {"nistk283", 283, false},
    {"nistk409", 409, false},       {"nistk571", 571, false},       {"nistb163", 163, false},
    {"nistb233", 233, false},       {"nistb283", 283, false},       {"nistb409", 409, false},
    {"nistb571", 571, false},       {"brainpoolP256r1", 256, true}, {"brainpoolP256t1", 256, true},
    {"brainpoolP384r1", 384, true}, {"brainpoolP384t1", 384, true}, {"brainpoolP512r1", 512, true},
    {"brainpoolP512t1", 512, true}, {"X25519", 253, false},         {"X448", 448, false},
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

std::vector<std::pair<size_t, std::string>> NameCurvesInTableOrder(std::vector<Progress>* progress,
                                                                   int openssl_major) {
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
    std::vector<std::string_view> names;
    for (const bool brainpool : {false, true}) {
      if (names.empty() && (openssl_major < 0 || brainpool == (openssl_major >= 3))) {
        names = CurvesInOrder(*progress, lines, SpeedCurves(brainpool));
      }
    }
    for (size_t k = 0; k < names.size(); ++k) {
      Progress& p = (*progress)[lines[k]];
      if (lines_of[p.bits] < 2 || p.curve == names[k]) {
        continue;  // one line of a size: which of its curves ran, the line cannot tell
      }
      p.curve = std::string(names[k]);
      p.name = PkRowName(p.family, p.bits, p.curve);
      renamed.emplace_back(p.line, p.curve);
    }
  }
  return renamed;
}

}  // namespace cryptobench::import
