// Parser of gnutls-cli's benchmark output.
#include "import/gnutls_bench.h"

#include <fmt/format.h>

#include "import/foreign_names.h"
#include "import/import.h"
#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

constexpr std::string_view kPayloadSize = ", payload size: ";
constexpr std::string_view kTlsThroughput = "Testing throughput in cipher/MAC combinations";
constexpr std::string_view kTlsKx = "Testing key exchanges";

// benchmark.c value2human: powers of 10.
std::optional<double> RateUnit(std::string_view word) {
  if (!EndsWith(word, "/sec")) {
    return std::nullopt;
  }
  const std::string_view unit = word.substr(0, word.size() - 4);
  if (unit == "bytes") {
    return 1.0;
  }
  if (unit == "KB") {
    return 1e3;
  }
  if (unit == "MB") {
    return 1e6;
  }
  if (unit == "GB") {
    return 1e9;
  }
  return std::nullopt;
}

// A word of a result's name as gnutls-cli prints it ("AES-128-GCM", "3DES-CBC", "SHA256",
// "GOST28147-TC26Z-CNT", the "-" before a TLS row's protocol): capitals, digits and a few
// marks, never lower case, so a shell's output or prompt after the paste is not one.
bool IsNameWord(std::string_view word, bool first) {
  if (word == "-") {
    return !first;
  }
  bool capital = false;
  for (const char c : word) {
    if (c >= 'A' && c <= 'Z') {
      capital = true;
    } else if (!((c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' || c == '(' ||
                 c == ')')) {
      return false;
    }
  }
  return capital;
}

// The start of a figure ("1", "1.2", "515."): digits and at most one point.
bool IsFigurePrefix(std::string_view word) {
  bool digit = false;
  bool point = false;
  for (const char c : word) {
    if (c == '.' && !point) {
      point = true;
    } else if (c >= '0' && c <= '9') {
      digit = true;
    } else {
      return false;
    }
  }
  return digit;
}

// A unit cut short: a proper beginning of "bytes/sec", "KB/sec", "MB/sec" or "GB/sec".
bool IsCutUnit(std::string_view word) {
  for (const std::string_view unit : {"bytes/sec", "KB/sec", "MB/sec", "GB/sec"}) {
    if (!word.empty() && word.size() < unit.size() && unit.substr(0, word.size()) == word) {
      return true;
    }
  }
  return false;
}

// gnutls-cli prints a result's name first and its rate only when the test ends, about 5
// seconds later (benchmark-cipher.c: printf("%24s ", ...), fflush, then the rate), so a paste
// taken while it ran, or cut, ends in "AES-128-GCM" or "AES-128-GCM 1.2" or "... 1.23 GB/".
// The number of name words of such a row; nullopt for any other line.
std::optional<size_t> CutRowNameEnd(const std::vector<std::string_view>& words) {
  size_t end = 0;
  while (end < words.size() && IsNameWord(words[end], end == 0)) {
    ++end;
  }
  if (end == 0 || words[end - 1] == "-") {
    return std::nullopt;
  }
  if (end == words.size()) {
    return end;  // cut before its figure
  }
  if (!IsFigurePrefix(words[end])) {
    return std::nullopt;
  }
  if (end + 1 == words.size() || (end + 2 == words.size() && IsCutUnit(words[end + 1]))) {
    return end;
  }
  return std::nullopt;
}

}  // namespace

bool StartsGnutlsBenchOutput(std::string_view trimmed) {
  return (trimmed.substr(0, 9) == "Checking " &&
          trimmed.find(kPayloadSize) != std::string_view::npos) ||
         trimmed.substr(0, kTlsThroughput.size()) == kTlsThroughput ||
         trimmed.substr(0, kTlsKx.size()) == kTlsKx;
}

GnutlsBenchParser::GnutlsBenchParser(std::string_view file_name)
    : builder_("gnutls-cli benchmark", "gnutls", file_name) {}

void GnutlsBenchParser::SetCommand(const std::vector<std::string>& args, size_t line) {
  (void)args;
  (void)line;
}

Offer GnutlsBenchParser::TakeHeading(const SourceLine& line, std::string_view trimmed) {
  std::string_view rest;
  if (trimmed.substr(0, 9) == "Checking ") {
    const size_t at = trimmed.find(kPayloadSize);
    const std::string_view what = trimmed.substr(9, at - 9);
    std::string_view tail = Trim(trimmed.substr(at + kPayloadSize.size()));
    const size_t space = tail.find_first_of(" \t");
    const auto payload = ParseUnsigned(tail.substr(0, space));
    if (!payload || *payload == 0) {
      throw ImportError(line.number, fmt::format("expected 'payload size: <N>' in a gnutls-cli "
                                                 "benchmark heading, found {}",
                                                 QuoteForError(trimmed)));
    }
    payload_ = *payload;
    rest = space == std::string_view::npos ? "" : Trim(tail.substr(space));
    section_ = what == "AEAD ciphers"                        ? Section::kAead
               : what == "cipher-MAC combinations"           ? Section::kCipherMac
               : what == "MAC algorithms"                    ? Section::kMac
               : what == "ciphers"                           ? Section::kCipher
               : what.find("hash") != std::string_view::npos ? Section::kHash
                                                             : Section::kCipher;
  } else if (trimmed.substr(0, kTlsThroughput.size()) == kTlsThroughput) {
    section_ = Section::kTlsCiphers;
    saw_tls_ = true;
    const size_t at = trimmed.find("payload: ");
    if (at != std::string_view::npos) {
      const std::vector<std::string_view> words = SplitWords(trimmed.substr(at + 9));
      if (!words.empty()) {
        if (const auto payload = ParseUnsigned(words[0])) {
          payload_ = *payload;
        }
      }
    }
  } else {
    section_ = Section::kTlsKx;
    saw_tls_ = true;
  }
  if (!rest.empty()) {
    // The first result on the heading's line: its line break was lost in the paste.
    builder_.Caveat(fmt::format("Line {}: a result shares the line of its heading.", line.number));
    return TakeResult(line, rest);
  }
  return Offer::kConsumed;
}

Offer GnutlsBenchParser::Take(const SourceLine& line) {
  if (line.kind != LineKind::kText) {
    return Offer::kNotMine;
  }
  const std::string_view trimmed = Trim(line.text);
  if (StartsGnutlsBenchOutput(trimmed)) {
    return TakeHeading(line, trimmed);
  }
  if (trimmed.empty() || section_ == Section::kNone) {
    return Offer::kNotMine;
  }
  return TakeResult(line, trimmed);
}

Offer GnutlsBenchParser::TakeResult(const SourceLine& line, std::string_view trimmed) {
  const std::vector<std::string_view> words = SplitWords(trimmed);
  if (section_ == Section::kTlsKx) {
    // "(TLS1.3)-(ECDHE-X25519)-(...)", then " - 1234.56 transactions/sec", then averages.
    if (words.size() >= 3 && words[0] == "-" && words[2] == "transactions/sec" &&
        !kx_suite_.empty()) {
      const auto rate = ParseDouble(words[1]);
      if (!rate) {
        throw ImportError(line.number, fmt::format("expected ' - <X> transactions/sec' "
                                                   "(gnutls-cli), found {}",
                                                   QuoteForError(trimmed)));
      }
      ForeignFigure figure;
      figure.algorithm = {kx_suite_, "other", false};
      figure.operation = "handshake";
      figure.ops_per_s = *rate;
      figure.line = kx_line_;
      figure.label = fmt::format("'{}' handshake", kx_suite_);
      if (builder_.Contains(kx_suite_, "", "handshake", 0)) {
        return Offer::kNewRun;
      }
      builder_.Add(figure);
      return Offer::kConsumed;
    }
    if (!words.empty() && words[0] == "-") {
      return Offer::kConsumed;  // average handshake time, standard deviation
    }
    if (trimmed.front() == '(') {
      kx_suite_ = std::string(trimmed);
      kx_line_ = line.number;
      return Offer::kConsumed;
    }
    return Offer::kNotMine;
  }
  if (!EndsWith(trimmed, "/sec")) {
    if (const auto name_end = CutRowNameEnd(words)) {
      const std::string name = JoinWords(words, 0, *name_end);
      builder_.SkipDamagedLine(
          line.number, *name_end == words.size()
                           ? fmt::format("the row '{}' is cut before its figure", name)
                           : fmt::format("the row '{}' is cut inside its figure, '{}'", name,
                                         JoinWords(words, *name_end, words.size())));
      return Offer::kConsumed;
    }
  }
  // "<name> [- <protocol>] [Processed <X> <U> in <T> secs:] <rate> <unit>/sec"
  if (words.size() < 3) {
    return Offer::kNotMine;
  }
  const std::optional<double> unit = RateUnit(words.back());
  const std::optional<double> rate = ParseDouble(words[words.size() - 2]);
  if (!unit || !rate) {
    if (EndsWith(words.back(), "/sec")) {
      throw ImportError(line.number,
                        fmt::format("expected a rate like '1.23 GB/sec' (gnutls-cli benchmark), "
                                    "found {}",
                                    QuoteForError(trimmed)));
    }
    return Offer::kNotMine;
  }
  size_t name_end = words.size() - 2;
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "Processed") {
      name_end = i;
      break;
    }
  }
  std::string name = JoinWords(words, 0, name_end);
  ForeignFigure figure;
  figure.input_len = payload_;
  figure.bytes_per_s = *rate * *unit;
  figure.ops_per_s =
      payload_ > 0 ? *figure.bytes_per_s / static_cast<double>(payload_) : *figure.bytes_per_s;
  figure.line = line.number;
  figure.operation = "encrypt";
  switch (section_) {
    case Section::kMac: {
      saw_mac_ = true;
      figure.operation = "mac";
      const NamedAlgorithm hmac = MapForeignName(fmt::format("HMAC-{}", name), "mac");
      if (hmac.catalogued) {
        figure.algorithm = hmac;
      } else {
        // An HMAC over a hash the catalogue lacks is still "HMAC-<hash>"; UMAC, CMAC and GMAC
        // rows keep their own names.
        const bool over_hash = MapForeignName(name, "hash").catalogued ||
                               StartsWithNoCase(name, "SHA") || StartsWithNoCase(name, "MD5") ||
                               StartsWithNoCase(name, "STREEBOG");
        figure.algorithm = {over_hash ? fmt::format("HMAC-{}", name) : std::string(name), "mac",
                            false};
      }
      break;
    }
    case Section::kHash:
      figure.operation = "hash";
      figure.algorithm = MapForeignName(name, "hash");
      break;
    case Section::kTlsCiphers:
      figure.operation = "transfer";
      figure.algorithm = {name, "other", false};
      break;
    default: {
      const std::string spelling = ToLower(name) == "3des-cbc" ? "DES-EDE3-CBC" : name;
      const NamedAlgorithm named = MapForeignName(spelling, InferForeignKind(name, "encrypt"));
      figure.algorithm = named;
      break;
    }
  }
  figure.label = fmt::format("'{}'", name);
  if (builder_.Contains(figure.algorithm.name, "", figure.operation, figure.input_len)) {
    return Offer::kNewRun;
  }
  builder_.Add(figure);
  return Offer::kConsumed;
}

results::RunResult GnutlsBenchParser::Build() {
  builder_.Caveat(
      "gnutls-cli benchmarks run each test for about 5 seconds by wall clock over one payload "
      "size; its KB, MB and GB are powers of 10.");
  if (saw_mac_) {
    builder_.Caveat("gnutls-cli's \"MAC algorithms\" are HMACs (gnutls_hmac_fast).");
  }
  if (saw_tls_) {
    builder_.Caveat(
        "TLS figures are a client and a server in one process over memory buffers: record "
        "throughput (both directions' crypto and the record layer) and handshakes per second, "
        "not a primitive's speed.");
  }
  return builder_.Finish();
}

}  // namespace cryptobench::import
