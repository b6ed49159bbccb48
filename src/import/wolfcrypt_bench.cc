// Parser of the wolfCrypt benchmark's text output.
#include "import/wolfcrypt_bench.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "import/foreign_names.h"
#include "import/import.h"
#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

constexpr std::string_view kBanner = "wolfCrypt Benchmark (block bytes ";
// Printed after the banner with -csv (without a newline in 5.5.4).
constexpr std::string_view kCsvNotice = "This format allows you to easily copy the output";
// Before 3.12 benchmark.c timed calls over a static plain[1024*1024] and counted "megs".
constexpr uint64_t kMegsBlockBytes = 1024 * 1024;
// The same releases built with BENCH_EMBEDDED timed calls over a static plain[1024], counted
// "kB" of 1024 bytes and printed the rate as kB/s divided by 1024, under "MB/s" (cyassl/cyassl
// ctaocrypt/benchmark/benchmark.c at 0e47fe49a4390ea2f5d30e414c478de352abd305: numBlocks 25,
// blockType "kB", "persec = persec / 1024", printf "AES      %d %s took %5.3f seconds, %7.3f
// MB/s"; wolfcrypt/benchmark/benchmark.c kept it, with "#define BENCH_SIZE (1024ul)", until
// the block-bytes banner).
constexpr uint64_t kEmbeddedBlockBytes = 1024;
// bench_pbkdf2 derives 32 bytes per call and counts them as its amount.
constexpr uint64_t kPbkdf2Bytes = 32;

size_t FindWord(const std::vector<std::string_view>& words, std::string_view word, size_t from) {
  for (size_t i = from; i < words.size(); ++i) {
    if (words[i] == word) {
      return i;
    }
  }
  return words.size();
}

std::string_view WithoutComma(std::string_view word) {
  return EndsWith(word, ",") ? word.substr(0, word.size() - 1) : word;
}

// BENCH_MICROSECOND builds time in microseconds (WOLFSSL_FIXED_TIME_UNIT "μs"): the
// symmetric row says "took <T> microseconds, <R> KiB/μs" and the public-key row "took <T>
// μsec, ... <R> ops/μsec" (bench_result_words1 and 2 of commit
// 0004fccebf21ab671f67e627e70280b53980518f's benchmark.c). The micro sign may also be typed
// as U+00B5.
constexpr std::string_view kMicro = "\u03bc";
constexpr std::string_view kMicroSign = "\u00b5";

std::string NormaliseMicro(std::string_view word) {
  std::string out;
  out.reserve(word.size());
  while (!word.empty()) {
    if (word.starts_with(kMicroSign)) {
      out.append(kMicro);
      word.remove_prefix(kMicroSign.size());
    } else {
      out.push_back(word.front());
      word.remove_prefix(1);
    }
  }
  return out;
}

// The time word after "took <T>": "seconds," (symmetric rows), "sec," (public key) or their
// BENCH_MICROSECOND forms.
bool IsTimeWord(std::string_view word) {
  const std::string w = NormaliseMicro(word);
  return w == "seconds," || w == "sec," || w == "microseconds," || w == "\u03bcsec,";
}

// A symmetric rate's unit: "MiB/s" → {"MiB", 1}; "KiB/μs" → {"KiB", 10^6} (per
// microsecond, so 10^6 per second); nullopt when the word is not "<unit>/s" or "<unit>/μs".
std::optional<std::pair<std::string, double>> SplitRate(std::string_view word) {
  const std::string w = NormaliseMicro(WithoutComma(word));
  constexpr std::string_view kPerMicrosecond = "/\u03bcs";
  if (EndsWith(w, kPerMicrosecond) && w.size() > kPerMicrosecond.size()) {
    return std::make_pair(w.substr(0, w.size() - kPerMicrosecond.size()), 1e6);
  }
  if (EndsWith(w, "/s") && w.size() > 2) {
    return std::make_pair(w.substr(0, w.size() - 2), 1.0);
  }
  return std::nullopt;
}

// A public-key rate's unit: 1 for "ops/sec", 10^6 for BENCH_MICROSECOND's "ops/μsec", 0
// for any other word.
double OpsRateFactor(std::string_view word) {
  const std::string w = NormaliseMicro(WithoutComma(word));
  if (w == "ops/sec") {
    return 1.0;
  }
  if (w == "ops/\u03bcsec") {
    return 1e6;
  }
  return 0;
}

// BENCH_DEVID_GET_NAME: builds with an async or crypto-callback device (WOLFSSL_ASYNC_CRYPT,
// WOLF_CRYPTO_CB) print "HW" or "SW" after the name (wolfSSL 5.5.4's benchmark.c, line 1086:
// `(useDeviceID) ? "HW" : "SW"`; "" otherwise). Pops it and returns "device" or "software".
std::string TakeDeviceWord(std::vector<std::string_view>* label) {
  if (label->size() < 2) {
    return "";
  }
  if (label->back() == "HW") {
    label->pop_back();
    return "device";
  }
  if (label->back() == "SW") {
    label->pop_back();
    return "software";
  }
  return "";
}

// The 3.12-era bench_stats_sym_finish printed "%-8s%s %5d %s took ..." with desc and
// BENCH_ASYNC_GET_NAME(doAsync), `(doAsync) ? "HW" : "SW"` in WOLFSSL_ASYNC_CRYPT builds: a
// desc of 8 characters or more runs into it ("AES-128-CBC-encSW"), as a longer desc does in
// 4.x's "%-16s%s". Pops the glued "HW" or "SW" when the rest names a catalogued algorithm and
// the whole does not; returns "device", "software" or "".
std::string TakeGluedDeviceWord(std::string* label) {
  if (label->size() < 10 || label->find(' ') != std::string::npos ||
      !(EndsWith(*label, "HW") || EndsWith(*label, "SW"))) {
    return "";
  }
  const std::string rest = label->substr(0, label->size() - 2);
  std::string operation;
  if (!MapWolfcryptLabel(rest, &operation).catalogued ||
      MapWolfcryptLabel(*label, &operation).catalogued) {
    return "";
  }
  const std::string device = EndsWith(*label, "HW") ? "device" : "software";
  *label = rest;
  return device;
}

// "5.5.4" → {5, 5, 4}; empty when the text is not a dotted version.
std::vector<unsigned> VersionParts(std::string_view text) {
  std::vector<unsigned> parts;
  for (std::string_view field : SplitFields(text, '.')) {
    size_t digits = 0;
    while (digits < field.size() && std::isdigit(static_cast<unsigned char>(field[digits]))) {
      ++digits;
    }
    const auto value = ParseUnsigned(field.substr(0, digits));
    if (!value || parts.size() == 3) {
      break;
    }
    parts.push_back(static_cast<unsigned>(*value));
  }
  return parts;
}

// The words of a result row with the Japanese of -lng 1 put back into English, so that one
// grammar reads both: bench_result_words1/2 and bench_desc_words[1] of wolfSSL 5.5.4's
// benchmark.c (lines 884-904 and 1051-1055): "を" took, "秒で処理" seconds, "回処理を" ops
// took, "秒で実施" sec, "平均" avg, "処理/秒" ops/sec, "公開鍵" public, "秘密鍵" private,
// "鍵生成" key gen, "鍵共有" agree, "署名" sign, "検証" verify. *japanese: set when any was.
std::vector<std::string_view> EnglishWords(std::string_view trimmed, bool* japanese) {
  static const std::vector<std::pair<std::string_view, std::vector<std::string_view>>> kWords = {
      {"を", {"took"}},           {"秒で処理,", {"seconds,"}}, {"回処理を", {"ops", "took"}},
      {"秒で実施,", {"sec,"}},    {"平均", {"avg"}},           {"処理/秒", {"ops/sec"}},
      {"処理/秒,", {"ops/sec,"}}, {"公開鍵", {"public"}},      {"秘密鍵", {"private"}},
      {"鍵生成", {"key", "gen"}}, {"鍵共有", {"agree"}},       {"署名", {"sign"}},
      {"検証", {"verify"}}};
  std::vector<std::string_view> words;
  for (std::string_view word : SplitWords(trimmed)) {
    bool replaced = false;
    if (!word.empty() && static_cast<unsigned char>(word.front()) >= 0x80) {
      for (const auto& [japanese_word, english] : kWords) {
        if (word == japanese_word) {
          words.insert(words.end(), english.begin(), english.end());
          *japanese = replaced = true;
          break;
        }
      }
    }
    if (!replaced) {
      words.push_back(word);
    }
  }
  return words;
}

// "MiB" → 2^20 bytes; "MB" → 2^20 or 10^6 (see the header); nullopt: not a unit.
// How far apart the two bases of a unit are (2^10k over 10^3k: 1.024 for KB and KiB, 1.048576
// for MB, 1.073741824 for GB), the bound of a doubt about which base a row used
// (results::CellCaveat::unit_factor); 0 for a unit without two bases.
double BaseFactor(std::string_view unit) {
  if (unit == "KB" || unit == "KiB" || unit == "kB") {
    return 1.024;
  }
  if (unit == "MB" || unit == "MiB") {
    return 1.048576;
  }
  if (unit == "GB" || unit == "GiB") {
    return 1.073741824;
  }
  return 0;
}

std::optional<double> UnitBytes(std::string_view unit, bool base10, bool* ambiguous) {
  if (unit == "bytes") {
    return 1.0;
  }
  if (unit == "KiB") {
    return 1024.0;
  }
  if (unit == "MiB") {
    return 1024.0 * 1024.0;
  }
  if (unit == "GiB") {
    return 1024.0 * 1024.0 * 1024.0;
  }
  if (unit == "kB") {
    return 1e3;
  }
  if (unit == "megs") {
    return 1024.0 * 1024.0;  // releases before 3.12: blocks of plain[1024*1024]
  }
  if (unit == "mB") {
    return 1e6;
  }
  if (unit == "KB" || unit == "MB" || unit == "GB") {
    *ambiguous = !base10;
    const double decimal = unit == "KB" ? 1e3 : unit == "MB" ? 1e6 : 1e9;
    const double binary = unit == "KB"   ? 1024.0
                          : unit == "MB" ? 1024.0 * 1024.0
                                         : 1024.0 * 1024.0 * 1024.0;
    return base10 ? decimal : binary;
  }
  return std::nullopt;
}

// `cut`: also a row that ends after its time ("... took 1.000 seconds,"), which the parser
// reads as wrapped or damaged; a line that starts output (or the half of a side-by-side line)
// needs its rate.
bool IsSymmetricResult(const std::vector<std::string_view>& words, size_t* took, bool cut = false) {
  const size_t at = FindWord(words, "took", 3);
  if (at < 3 || at + (cut ? 2 : 3) >= words.size()) {
    return false;
  }
  bool ambiguous = false;
  if (!ParseDouble(words[at - 2]) || !UnitBytes(words[at - 1], false, &ambiguous) ||
      !ParseDouble(words[at + 1]) || !IsTimeWord(words[at + 2])) {
    return false;
  }
  *took = at;
  return true;
}

// "<label> <N> ops took <T> sec, ... <R> ops/sec[, ...]". `cut`: also a row cut before its
// rate, which the parser reads as damaged rather than not at all.
bool IsAsymmetricResult(const std::vector<std::string_view>& words, size_t* ops, bool cut = false) {
  const size_t at = FindWord(words, "ops", 2);
  // The count is all digits; one too large for 64 bits is read as a damaged row.
  const std::string_view count = at < words.size() ? words[at - 1] : std::string_view();
  if (at >= words.size() || at + 2 >= words.size() || words[at + 1] != "took" || count.empty() ||
      !std::all_of(count.begin(), count.end(),
                   [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }) ||
      !ParseDouble(words[at + 2])) {
    return false;
  }
  if (!cut && std::none_of(words.begin() + static_cast<long>(at), words.end(),
                           [](std::string_view word) { return OpsRateFactor(word) > 0; })) {
    return false;
  }
  *ops = at;
  return true;
}

// The CSV output (-csv; csv_format since wolfSSL pull request 1262's era, in 5.5.4's
// benchmark.c lines 1601-1609 and 1743-1751): "Algorithm,MB/s,Cycles per byte," or
// "Algorithm,HW/SW,MB/s,..." above the symmetric rows, "Algorithm,key size,operation,avg
// ms,ops/sec," above the public-key ones, and with GENERATE_MACHINE_PARSEABLE_REPORT
// "\"sym\",Algorithm,HW/SW,bytes_total,seconds_total,MB/s,..." and "\"asym\",Algorithm,...".
std::vector<std::string> CsvHeader(std::string_view trimmed) {
  std::vector<std::string> columns;
  for (std::string_view field : SplitFields(trimmed, ',')) {
    columns.emplace_back(Trim(field));
  }
  while (!columns.empty() && columns.back().empty()) {
    columns.pop_back();
  }
  const bool plain = columns.size() >= 2 && columns[0] == "Algorithm";
  const bool machine = columns.size() >= 3 && columns[1] == "Algorithm" &&
                       (columns[0] == "\"sym\"" || columns[0] == "\"asym\"");
  if (!plain && !machine) {
    return {};
  }
  for (const std::string& column : columns) {
    if (EndsWith(column, "/s") || EndsWith(column, "/sec")) {
      return columns;
    }
  }
  return {};
}

size_t FindColumn(const std::vector<std::string>& columns, std::string_view name) {
  for (size_t i = 0; i < columns.size(); ++i) {
    if (columns[i] == name) {
      return i;
    }
  }
  return columns.size();
}

// The rate column of a symmetric CSV header ("MB/s", "KB/s", "bytes/s", "GB/s").
size_t FindRateColumn(const std::vector<std::string>& columns) {
  for (size_t i = 0; i < columns.size(); ++i) {
    if (EndsWith(columns[i], "B/s") || columns[i] == "bytes/s") {
      return i;
    }
  }
  return columns.size();
}

// Releases before 3.12: "RSA 2048 encryption took  0.123 milliseconds, avg over 100
// iterations", "EC-DSA sign   time  1.234 milliseconds, avg over 100 iterations". *ms: the
// index of the time.
bool IsMillisecondsResult(const std::vector<std::string_view>& words, size_t* ms) {
  const size_t at = FindWord(words, "milliseconds,", 2);
  if (at >= words.size() || at + 3 >= words.size() || words[at + 1] != "avg" ||
      words[at + 2] != "over" || !ParseUnsigned(words[at + 3]) || !ParseDouble(words[at - 1])) {
    return false;
  }
  *ms = at - 1;
  return true;
}

// A public-key label without its operation words: "RSA 2048" → RSA-2048, "ED25519" →
// Ed25519, "CURVE25519 256" → X25519; anything else verbatim.
NamedAlgorithm MapPublicKeyLabel(const std::string& name, const std::string& operation) {
  std::string spelling;
  const std::string lower = ToLower(name);
  if (lower.substr(0, 4) == "rsa " && ParseUnsigned(Trim(std::string_view(lower).substr(4)))) {
    spelling = fmt::format("RSA-{}", Trim(std::string_view(name).substr(4)));
  } else if (lower == "ed 25519" || lower == "ed25519") {
    spelling = "Ed25519";
  } else if (lower == "curve 25519" || lower == "curve25519" || lower == "curve25519 256") {
    spelling = "X25519";
  } else if (const std::vector<std::string_view> words = SplitWords(name);
             words.size() == 3 && ParseUnsigned(words[2]) &&
             (ToLower(words[0]) == "ecdsa" || ToLower(words[0]) == "ecdhe")) {
    // Since 4.x benchmark.c names the curve: "ECDSA [%15s]" and "ECDHE [%15s]" with
    // wc_ecc_get_name(curveId) ("ECDSA [      SECP256R1]   256 sign"); ECDHE times
    // wc_ecc_shared_secret, one derivation. A curve the catalogue lacks keeps the label.
    // wc_ecc_get_name's SECPnnnR1 is NIST P-nnn (SEC 2, sec. 2.4.2 and 2.5.2).
    std::string curve = ToLower(words[1]);
    if (curve.size() > 6 && curve.starts_with("secp") && curve.ends_with("r1")) {
      curve = "P" + curve.substr(4, curve.size() - 6);
    }
    spelling = fmt::format("{}-{}", ToLower(words[0]) == "ecdsa" ? "ECDSA" : "ECDH", curve);
  }
  NamedAlgorithm named{name, InferForeignKind(name, operation), false};
  if (!spelling.empty()) {
    const NamedAlgorithm mapped = MapForeignName(spelling, named.kind);
    if (mapped.catalogued) {
      named = mapped;
    }
  }
  return named;
}

// Splits the operation words off the end of a public-key label; "" if none is known.
std::string TakeOperationWords(std::vector<std::string_view>* label) {
  if (!label->empty() && label->back() == "took") {
    label->pop_back();
  }
  // The current names, then those of releases before 3.12 (encryption and decryption are the
  // raw public- and private-key operations, as "public" and "private" are now).
  static const std::vector<std::pair<std::vector<std::string_view>, const char*>> kSuffixes = {
      {{"key", "gen"}, "keygen"},
      {{"agree"}, "derive"},
      {{"sign"}, "sign"},
      {{"verify"}, "verify"},
      {{"public"}, "public"},
      {{"private"}, "private"},
      {{"encap"}, "encaps"},
      {{"decap"}, "decaps"},
      // bench_desc_words since 5.x (commit 0004fccebf21's benchmark.c): "derive" (SAKKE).
      // Its "encrypt" and "decrypt" (ECIES) name no catalogued operation of a public key.
      {{"derive"}, "derive"},
      {{"key", "generation"}, "keygen"},
      {{"key", "agreement"}, "derive"},
      {{"sign", "time"}, "sign"},
      {{"verify", "time"}, "verify"},
      {{"encryption"}, "public"},
      {{"decryption"}, "private"}};
  for (const auto& [suffix, operation] : kSuffixes) {
    if (label->size() > suffix.size() &&
        std::equal(suffix.begin(), suffix.end(), label->end() - static_cast<long>(suffix.size()))) {
      label->resize(label->size() - suffix.size());
      return operation;
    }
  }
  return "";
}

std::string JoinLabel(const std::vector<std::string_view>& label) {
  std::string name;
  for (std::string_view word : label) {
    // "[%15s]" pads the curve name inside its brackets: "[", "SECP256R1]" or "[SECP384R1]".
    if (!word.empty() && word.front() == '[') {
      word.remove_prefix(1);
    }
    if (!word.empty() && word.back() == ']') {
      word.remove_suffix(1);
    }
    if (word.empty()) {
      continue;
    }
    if (!name.empty()) {
      name.push_back(' ');
    }
    name.append(word);
  }
  return name;
}

}  // namespace

bool StartsWolfcryptOutput(std::string_view trimmed) {
  if (trimmed.substr(0, kBanner.size()) == kBanner) {
    return true;
  }
  // " wolfSSL version %s" precedes the banner since pull request 1848 (2018, 3.15.5).
  if (trimmed.substr(0, kCsvNotice.size()) == kCsvNotice || !CsvHeader(trimmed).empty() ||
      (trimmed.substr(0, 16) == "wolfSSL version " && !VersionParts(trimmed.substr(16)).empty())) {
    return true;
  }
  bool japanese = false;
  const std::vector<std::string_view> words = EnglishWords(trimmed, &japanese);
  size_t at = 0;
  return IsSymmetricResult(words, &at) || IsAsymmetricResult(words, &at) ||
         IsMillisecondsResult(words, &at);
}

NamedAlgorithm MapWolfcryptLabel(std::string_view label, std::string* operation) {
  std::string name(label);
  operation->clear();
  // "AES-CCM-Enc" and "AES-CCM-Dec" are capitalised (wolfSSL 5.2.0's rows in
  // https://github.com/openwrt/openwrt/pull/9738), the other modes' suffixes are not.
  const std::string lower = ToLower(name);
  if (EndsWith(lower, "-enc")) {
    *operation = "encrypt";
    name.resize(name.size() - 4);
  } else if (EndsWith(lower, "-dec")) {
    *operation = "decrypt";
    name.resize(name.size() - 4);
  } else if (const size_t enc = name.find("-enc-"), dec = name.find("-dec-");
             enc != std::string::npos || dec != std::string::npos) {
    // "AES-128-GCM-enc-no_AAD" and "-dec-no_AAD" (-no_aad, as in wolfSSL pull request 7706's
    // STM32 output): the direction sits before a suffix; the rest stays verbatim.
    *operation = enc != std::string::npos ? "encrypt" : "decrypt";
    name.erase(enc != std::string::npos ? enc : dec, 4);
  }
  const std::string upper = [&] {
    std::string out = name;
    for (char& c : out) {
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return out;
  }();
  std::string spelling = name;
  if (upper == "SHA") {
    spelling = "SHA-1";
  } else if (upper == "CHACHA") {
    spelling = "ChaCha20";
  } else if (upper == "CHA-POLY") {
    spelling = "ChaCha20-Poly1305";
  } else if (upper == "3DES") {
    spelling = "DES-EDE3-CBC";
  } else if (upper == "RNG") {
    *operation = "generate";
    return {"RNG", "rng", false};
  }
  const std::string kind = InferForeignKind(spelling, operation->empty() ? "" : *operation);
  NamedAlgorithm named = MapForeignName(spelling, kind);
  if (operation->empty()) {
    *operation = named.kind == "hash"  ? "hash"
                 : named.kind == "mac" ? "mac"
                 : named.kind == "rng" ? "generate"
                                       : "encrypt";
  }
  return named;
}

WolfcryptBenchParser::WolfcryptBenchParser(std::string_view file_name)
    : builder_("wolfCrypt benchmark", "wolfssl", file_name) {}

void WolfcryptBenchParser::SetCommand(const std::vector<std::string>& args, size_t line) {
  (void)line;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "-base10") {
      base10_ = true;
      base_known_ = true;
    } else if (args[i] == "-threads" && i + 1 < args.size()) {
      if (const auto threads = ParseUnsigned(args[i + 1]); threads && *threads > 1) {
        threads_ = static_cast<unsigned>(*threads);
      }
    }
  }
  base_known_ = true;  // the command line is shown: without -base10, units of 2^10
}

bool WolfcryptBenchParser::UnitsSwapped() const {
  // wolfSSL pull request 6237 (2023-03-27, "Benchmark: fix reporting of base10"): the
  // benchmark "was using base2 for base10 and vice-versa" after pull request 5871 (2022-12);
  // the one release between them is 5.6.0.
  const std::vector<unsigned> v = VersionParts(version_);
  return v.size() >= 2 && v[0] == 5 && v[1] == 6 && (v.size() == 2 || v[2] == 0);
}

bool WolfcryptBenchParser::DecimalMegabytes() const {
  // Releases printing "MiB" for the default base 2 print "MB" only with -base10: 5.5.4's
  // benchmark.c (bench_stats_sym_finish, lines 1615-1640: base2 "MiB"/"KiB", else
  // "MB"/"KB" of 10^6 and 10^3) and every release after 5.6.0 (get_blocktype_base10, as in
  // commit 0004fccebf21ab671f67e627e70280b53980518f's benchmark.c).
  const std::vector<unsigned> v = VersionParts(version_);
  if (v.size() < 3 || UnitsSwapped()) {
    return false;
  }
  return v[0] > 5 || (v[0] == 5 && (v[1] > 5 || (v[1] == 5 && v[2] >= 4)));
}

Offer WolfcryptBenchParser::Take(const SourceLine& line) {
  if (line.kind == LineKind::kElision) {
    if (!HasFigures()) {
      return Offer::kNotMine;
    }
    builder_.Caveat(ElisionCaveat(line));
    return Offer::kConsumed;
  }
  if (line.kind != LineKind::kText) {
    return Offer::kNotMine;
  }
  const std::string_view trimmed = Trim(line.text);
  if (trimmed.substr(0, kBanner.size()) == kBanner) {
    if (HasFigures()) {
      return Offer::kNewRun;
    }
    const std::vector<std::string_view> words = SplitWords(trimmed.substr(kBanner.size()));
    if (!words.empty()) {
      std::string_view bytes = words[0];
      if (EndsWith(bytes, ",")) {
        bytes.remove_suffix(1);
      }
      if (const auto value = ParseUnsigned(bytes); value && *value > 0) {
        block_bytes_ = *value;
      }
    }
    return Offer::kConsumed;
  }
  if (trimmed.substr(0, 16) == "wolfSSL version ") {
    if (HasFigures()) {
      return Offer::kNewRun;
    }
    version_ = std::string(Trim(trimmed.substr(16)));
    builder_.run().source.tool_version = version_;
    builder_.run().library.version = fmt::format("wolfSSL {}", version_);
    return Offer::kConsumed;
  }
  if (trimmed.substr(0, kCsvNotice.size()) == kCsvNotice) {
    csv_ = true;
    return Offer::kConsumed;
  }
  if (trimmed == "Symmetric Ciphers:" || trimmed == "Asymmetric Ciphers:" ||
      trimmed == "Post Quantum Asymmetric Ciphers:") {
    return HasFigures() || csv_ ? Offer::kConsumed : Offer::kNotMine;
  }
  if (std::vector<std::string> columns = CsvHeader(trimmed); !columns.empty()) {
    csv_ = true;
    csv_columns_ = std::move(columns);
    return Offer::kConsumed;
  }
  // A row under a CSV header: one field per column, no prose (": ") or aligned columns.
  if (!csv_columns_.empty() && trimmed.find(',') != std::string_view::npos &&
      trimmed.find(": ") == std::string_view::npos &&
      (trimmed.find("  ") == std::string_view::npos ||
       trimmed.find('[') != std::string_view::npos)) {
    try {
      return TakeCsvRow(line, trimmed);
    } catch (const ImportError& error) {
      builder_.SkipDamagedLine(line.number, error.expected());
      return Offer::kConsumed;
    }
  }
  if (const std::vector<std::string_view> words = SplitWords(trimmed);
      words.size() >= 4 && words[0] == "Benchmark" && words[words.size() - 2] == "failed:") {
    // "Benchmark %s failed: %d" after a row whose operation returned an error.
    if (!HasFigures()) {
      return Offer::kNotMine;
    }
    builder_.Caveat(
        fmt::format("Line {}: '{}': the row above it timed an operation that returned an error.",
                    line.number, trimmed));
    return Offer::kConsumed;
  }
  if (trimmed == "Benchmark complete" || trimmed == "Benchmark Test Completed" ||
      (!trimmed.empty() && trimmed.find_first_not_of('-') == std::string_view::npos)) {
    return HasFigures() || trimmed.front() == '-' ? Offer::kConsumed : Offer::kNotMine;
  }
  if (!HasFigures() && !version_.empty() && trimmed.starts_with("CPU: ")) {
    return TakeCpuLine(line, trimmed);
  }
  if (!HasFigures() && !version_.empty() && trimmed.starts_with("Clock frequency: ")) {
    // "Clock frequency: 24000000 Hz" (5.9.x): the rate of the counter the cycle figures count
    // (pull request 11190's rows: 25064038 cycles in 1.044 s), not the core clock; only the
    // caveat uses it.
    const std::vector<std::string_view> words = SplitWords(trimmed);
    const std::optional<double> hz =
        words.size() == 4 && words[3] == "Hz" ? ParseDouble(words[2]) : std::nullopt;
    if (hz && *hz > 0) {
      counter_hz_ = std::pair{line.number, *hz};
      return Offer::kConsumed;
    }
  }
  if (trimmed.substr(0, 5) == "Math:" || StartsWithNoCase(trimmed, "Single Precision:") ||
      StartsWithNoCase(trimmed, "Multi-Precision:") ||
      StartsWithNoCase(trimmed, "Assembly Speedups:")) {
    builder_.run().library.options +=
        (builder_.run().library.options.empty() ? "" : "; ") + std::string(trimmed);
    return Offer::kConsumed;
  }
  bool japanese = false;
  std::vector<std::string_view> words = EnglishWords(trimmed, &japanese);
  japanese_ = japanese_ || japanese;
  size_t at = 0;
  if (wrapped_) {
    // The row above ended after "seconds,": a rate "<R> <unit>/s ..." here completes it.
    const WrappedRow row = *std::exchange(wrapped_, std::nullopt);
    if (words.size() >= 2 && ParseDouble(words[0]) && SplitRate(words[1])) {
      std::vector<std::string_view> whole = SplitWords(row.text);
      whole.insert(whole.end(), words.begin(), words.end());
      if (IsSymmetricResult(whole, &at, true)) {
        try {
          return TakeSymmetric(SourceLine{row.line, line.kind, row.text, line.host}, whole, at,
                               line.number);
        } catch (const ImportError& error) {
          builder_.SkipDamagedLine(row.line, error.expected());
          return Offer::kConsumed;
        }
      }
    }
    builder_.SkipDamagedLine(row.line, row.why);
  }
  try {
    if (IsSymmetricResult(words, &at, true)) {
      if (at + 3 == words.size()) {
        // Cut after the time: perhaps wrapped onto the next line.
        wrapped_ = WrappedRow{line.number, std::string(trimmed),
                              fmt::format("a row cut after its time: {}", QuoteForError(trimmed))};
        return Offer::kConsumed;
      }
      return TakeSymmetric(line, words, at);
    }
    if (IsAsymmetricResult(words, &at, true)) {
      return TakeAsymmetric(line, words, at);
    }
    if (IsMillisecondsResult(words, &at)) {
      return TakeMilliseconds(line, words, at);
    }
  } catch (const ImportError& error) {
    // A row cut or wrapped in the paste costs only its own figure.
    builder_.SkipDamagedLine(line.number, error.expected());
    return Offer::kConsumed;
  }
  if (IsPrintSummary(words)) {
    builder_.Caveat(fmt::format(
        "Line {} ('{}') is -print's summary of a row above (WC_BENCH_TRACK_STATS: the rates "
        "of every thread summed, labelled \"MB/s\" whatever unit each row used); it is not "
        "imported.",
        line.number, JoinWords(words, 0, words.size())));
    return Offer::kConsumed;
  }
  return Offer::kNotMine;
}

Offer WolfcryptBenchParser::TakeCpuLine(const SourceLine& line, std::string_view trimmed) {
  // "CPU: Aarch64 - rdm" (5.9.x, before the Math line): the architecture, then flags of
  // wolfCrypt's own run-time detection. wolfcrypt/src/cpuid.c sets some of those flags only in
  // builds with their assembly (SHA-512, SHA-3, SM3, SM4 under WOLFSSL_ARMASM_CRYPTO_*; AES,
  // PMULL and SHA-256 not under WOLFSSL_ARMASM_NO_HW_CRYPTO; wolfSSL/wolfssl at 02922702b9ca),
  // so a name missing there says nothing about the CPU: none is taken as a CPU feature.
  const std::string_view rest = Trim(trimmed.substr(5));
  const std::string arch = ToLower(Trim(rest.substr(0, rest.find(" - "))));
  const std::string known = arch == "aarch64"                      ? "aarch64"
                            : arch == "x86_64" || arch == "x86-64" ? "x86_64"
                                                                   : "";
  if (!known.empty()) {
    builder_.run().source.facts.push_back(
        {"cpu_arch", known, line.number, std::string(kWolfcryptCpuLineOrigin)});
  }
  builder_.Caveat(fmt::format(
      "Line {} ('{}') is wolfCrypt's CPU line: {}the names after it are flags of wolfCrypt's "
      "own detection, some set only in builds with their assembly, not the CPU's feature list, "
      "so none is read as a CPU feature.",
      line.number, trimmed,
      known.empty() ? "its architecture word is not one cryptobench reads; "
                    : fmt::format("it gives the architecture ({}); ", known)));
  return Offer::kConsumed;
}

bool WolfcryptBenchParser::IsPrintSummary(const std::vector<std::string_view>& words) const {
  // bench_stats_print (commit 0004fccebf21's benchmark.c): "%-16s%s %8.3f MB/s" ("mB/s" with
  // -base10) per symmetric row and "%-5s %4d %-9s %s %.3f ops/sec" per public-key row, "/μs"
  // and "ops/μsec" in BENCH_MICROSECOND builds, after the rows it sums.
  if (!HasFigures() || words.size() < 3 || !ParseDouble(words[words.size() - 2])) {
    return false;
  }
  const std::string unit = NormaliseMicro(words.back());
  if (unit != "MB/s" && unit != "mB/s" && unit != "MB/\u03bcs" && unit != "mB/\u03bcs" &&
      OpsRateFactor(unit) == 0) {
    return false;
  }
  std::vector<std::string_view> label(words.begin(), words.end() - 2);
  TakeDeviceWord(&label);
  return row_labels_.count(JoinWords(label, 0, label.size())) > 0;
}

Offer WolfcryptBenchParser::TakeCsvRow(const SourceLine& line, std::string_view trimmed) {
  std::vector<std::string> fields;
  for (std::string_view field : SplitFields(trimmed, ',')) {
    fields.emplace_back(Trim(field));
  }
  const std::vector<std::string>& columns = csv_columns_;
  const bool machine = columns[0] == "\"sym\"" || columns[0] == "\"asym\"";
  const size_t name_at = FindColumn(columns, "Algorithm");
  const auto fail = [&](std::string_view what) {
    std::string header;
    for (const std::string& column : columns) {
      header += (header.empty() ? "" : ",") + column;
    }
    return ImportError(line.number,
                       fmt::format("expected a CSV row of {} under '{}' (wolfCrypt benchmark "
                                   "-csv), found {}",
                                   what, header, QuoteForError(trimmed)));
  };
  if (fields.size() < columns.size() || name_at >= fields.size() || fields[name_at].empty() ||
      (machine && fields[0] != columns[0].substr(1, columns[0].size() - 2))) {
    throw fail("one field per column");
  }
  if (FindColumn(columns, "operation") == columns.size() &&
      FindRateColumn(columns) == columns.size()) {
    // "Algorithm,avg ms,ops/sec," (post-quantum rows without an operation column).
    builder_.Caveat(
        fmt::format("Line {} ('{}') is a CSV row without an operation column; it is not imported.",
                    line.number, fields[name_at]));
    return Offer::kConsumed;
  }
  std::string implementation;
  if (const size_t dev = FindColumn(columns, "HW/SW"); dev < fields.size()) {
    std::vector<std::string_view> device = {"x", fields[dev]};
    implementation = TakeDeviceWord(&device);
    saw_device_ = saw_device_ || !implementation.empty();
  }
  ForeignFigure figure;
  figure.line = line.number;
  figure.implementation = implementation;
  if (FindColumn(columns, "operation") < columns.size()) {
    // Public key: "RSA,2048,public,0.081,12345.678," (algorithm, key size, operation).
    const size_t size_at = FindColumn(columns, "key size");
    const size_t op_at = FindColumn(columns, "operation");
    size_t rate_at = FindColumn(columns, "ops/sec");
    if (size_at >= fields.size() || op_at >= fields.size() || rate_at >= fields.size()) {
      throw fail("a key size, an operation and ops/sec");
    }
    std::vector<std::string_view> label = SplitWords(fields[name_at]);
    label.push_back(fields[size_at]);
    for (std::string_view word : SplitWords(fields[op_at])) {
      label.push_back(word);
    }
    const std::string operation = TakeOperationWords(&label);
    const std::optional<double> rate = ParseDouble(fields[rate_at]);
    if (operation.empty() || !rate) {
      throw fail("a known operation and a number of ops/sec");
    }
    const std::string name = JoinLabel(label);
    figure.algorithm = MapPublicKeyLabel(name, operation);
    figure.operation = operation;
    figure.ops_per_s = *rate;
    figure.label = fmt::format("'{}' {}", name, operation);
    if (builder_.Contains(figure.algorithm.name, implementation, operation, 0)) {
      return Offer::kNewRun;
    }
    builder_.Add(figure);
    return Offer::kConsumed;
  }
  const size_t rate_at = FindRateColumn(columns);
  const std::optional<double> rate =
      rate_at < fields.size() ? ParseDouble(fields[rate_at]) : std::nullopt;
  if (!rate) {
    throw fail("a number under the rate column");
  }
  figure.algorithm = MapWolfcryptLabel(fields[name_at], &figure.operation);
  figure.label = fmt::format("'{}'", fields[name_at]);
  figure.input_len = block_bytes_;
  const size_t bytes_at = FindColumn(columns, "bytes_total");
  const size_t seconds_at = FindColumn(columns, "seconds_total");
  const std::optional<double> bytes =
      bytes_at < fields.size() ? ParseDouble(fields[bytes_at]) : std::nullopt;
  const std::optional<double> seconds =
      seconds_at < fields.size() ? ParseDouble(fields[seconds_at]) : std::nullopt;
  if (bytes && seconds && *seconds > 0) {
    // GENERATE_MACHINE_PARSEABLE_REPORT prints the bytes and seconds themselves.
    figure.bytes_per_s = *bytes / *seconds;
  } else {
    const std::string unit = columns[rate_at].substr(0, columns[rate_at].size() - 2);
    bool ambiguous = false;
    const std::optional<double> scale = UnitBytes(unit, base10_, &ambiguous);
    if (!scale) {
      throw fail("a rate in bytes, KB, MB or GB per second");
    }
    figure.bytes_per_s = *rate * *scale;
    figure.caveats.push_back(results::CellCaveat{
        fmt::format(
            "read from the CSV row on line {} as {} of {} bytes per second: the CSV output "
            "prints no amount; its '{}' column is {} (-base10: 10^3 to 10^9{}), and from "
            "wolfSSL 5.6 (pull request 5871's get_blocktype) each figure is first scaled to "
            "MiB, KiB or bytes by the amount processed, so a run of 1 MiB or less is printed "
            "in KiB or bytes under the same column",
            line.number, *rate, *scale, columns[rate_at],
            base10_ ? "set by -base10" : "of 2^10 to 2^30 bytes by default",
            base_known_ ? "" : "; the command line is not in the paste"),
        line.number, true});
  }
  // Without the banner the block size, and so the count of calls, is unknown: the figure
  // stays a throughput (ForeignFigure::input_len 0), never bytes/s read as ops/s.
  figure.ops_per_s =
      figure.input_len > 0 ? *figure.bytes_per_s / static_cast<double>(figure.input_len) : 0;
  if (builder_.Contains(figure.algorithm.name, implementation, figure.operation,
                        figure.input_len)) {
    return Offer::kNewRun;
  }
  builder_.Add(figure);
  return Offer::kConsumed;
}

Offer WolfcryptBenchParser::TakeSymmetric(const SourceLine& line,
                                          const std::vector<std::string_view>& words, size_t took,
                                          size_t continued) {
  std::vector<std::string_view> label_words(words.begin(),
                                            words.begin() + static_cast<long>(took) - 2);
  std::string implementation = TakeDeviceWord(&label_words);
  std::string label = JoinWords(label_words, 0, label_words.size());
  if (implementation.empty()) {
    implementation = TakeGluedDeviceWord(&label);
  }
  saw_device_ = saw_device_ || !implementation.empty();
  row_labels_.insert(label);
  ForeignFigure figure;
  figure.implementation = implementation;
  figure.algorithm = MapWolfcryptLabel(label, &figure.operation);
  const bool megs = words[took - 1] == "megs";
  // A BENCH_EMBEDDED row of those releases: an amount in "kB" and a rate in "MB/s" (later
  // releases print the amount and the rate in one unit).
  const bool embedded = words[took - 1] == "kB" && block_bytes_ == 0 && took + 4 < words.size() &&
                        WithoutComma(words[took + 4]) == "MB/s";
  figure.input_len = block_bytes_ > 0 ? block_bytes_
                     : megs           ? kMegsBlockBytes
                     : embedded       ? kEmbeddedBlockBytes
                                      : 0;
  megs_ = megs_ || (megs && block_bytes_ == 0);
  embedded_ = embedded_ || embedded;
  figure.line = line.number;
  figure.label = fmt::format("'{}'", label);
  if (label == "PBKDF2") {
    // bench_pbkdf2 (commit 0004fccebf21's benchmark.c): each count is one wc_PBKDF2 call
    // (HMAC-SHA256, 1000 iterations, 32 bytes out), finished with countSz 32: the amount is
    // 32 bytes per derivation, not the block size.
    figure.input_len = kPbkdf2Bytes;
    figure.operation = "derive";
    figure.caveats.push_back(results::CellCaveat{
        fmt::format("read on line {} as derivations of 32 bytes (PBKDF2-HMAC-SHA256, 1000 "
                    "iterations: bench_pbkdf2 counts 32 bytes per derivation)",
                    line.number),
        line.number, false});
  }
  // "<amount> <unit> took <T> seconds, <rate> <unit>/s [Cycles per byte = <C>]"
  const size_t rate_at = took + 3;
  const auto rate_unit = rate_at + 1 < words.size() ? SplitRate(words[rate_at + 1]) : std::nullopt;
  if (!rate_unit) {
    throw ImportError(line.number,
                      fmt::format("expected '<name> <N> MB took <T> seconds, <R> MB/s' "
                                  "(wolfCrypt benchmark), found {}",
                                  QuoteForError(JoinWords(words, 0, words.size()))));
  }
  bool ambiguous = false;
  const std::string& unit = rate_unit->first;
  if (rate_unit->second != 1.0) {
    micro_ = true;
  }
  const bool decimal = base10_ || (!base_known_ && DecimalMegabytes());
  // Before 3.12 the rate is megs per second, whatever -base10 (which did not exist).
  // Before 3.12 the rate is megs per second (BENCH_EMBEDDED: kB of 1024 bytes per second over
  // 1024), whatever -base10 (which did not exist).
  const std::optional<double> scale = (megs || embedded) && unit == "MB"
                                          ? std::optional<double>(1024.0 * 1024.0)
                                          : UnitBytes(unit, decimal, &ambiguous);
  if (base_known_ || embedded) {
    ambiguous = false;
  } else if (DecimalMegabytes()) {
    ambiguous = false;  // the version settles it: "MB" is printed only with -base10
    decimal_by_version_ = decimal_by_version_ || unit == "MB" || unit == "KB" || unit == "GB";
  }
  if (ambiguous) {
    figure.caveats.push_back(results::CellCaveat{
        fmt::format("read on line {} as {}/s of {} bytes: releases that print \"MiB\" print "
                    "\"{}\" only with -base10 (10^{}), earlier ones by default (2^{}), and the "
                    "paste shows neither the command line nor a release that settles it",
                    line.number, unit, *scale, unit,
                    unit == "KB"   ? 3
                    : unit == "MB" ? 6
                                   : 9,
                    unit == "KB"   ? 10
                    : unit == "MB" ? 20
                                   : 30),
        line.number, true, BaseFactor(unit)});
  }
  if (UnitsSwapped() && unit != "bytes" && !megs && !embedded) {
    figure.caveats.push_back(results::CellCaveat{
        fmt::format("read on line {} as {}/s, which wolfSSL 5.6.0 may have computed with the "
                    "other base (pull request 6237: base 2 and base 10 were swapped until it)",
                    line.number, unit),
        line.number, true, BaseFactor(unit)});
  }
  const std::optional<double> rate = ParseDouble(words[rate_at]);
  if (!scale || !rate) {
    throw ImportError(line.number,
                      fmt::format("expected a rate like '123.456 MB/s' (wolfCrypt benchmark), "
                                  "found {}",
                                  QuoteForError(JoinWords(words, rate_at, words.size()))));
  }
  ambiguous_mb_ = ambiguous_mb_ || ambiguous;
  figure.bytes_per_s = *rate * *scale * rate_unit->second;
  // Without the banner the block size, and so the count of calls, is unknown: the figure
  // stays a throughput (ForeignFigure::input_len 0), never bytes/s read as ops/s.
  figure.ops_per_s =
      figure.input_len > 0 ? *figure.bytes_per_s / static_cast<double>(figure.input_len) : 0;
  const size_t cycles = FindWord(words, "=", rate_at);
  if (cycles + 1 < words.size()) {
    if (const auto cpb = ParseDouble(words[cycles + 1]); cpb && figure.input_len > 0) {
      figure.ticks_per_op = *cpb * static_cast<double>(figure.input_len);
      saw_cycles_ = true;
    }
  }
  if (continued > 0) {
    figure.caveats.push_back(results::CellCaveat{
        fmt::format("joined from line {} and its rate on line {}, where the paste wrapped the "
                    "row",
                    line.number, continued),
        line.number, true});
  }
  if (builder_.Contains(figure.algorithm.name, implementation, figure.operation,
                        figure.input_len)) {
    return Offer::kNewRun;
  }
  builder_.Add(figure);
  return Offer::kConsumed;
}

Offer WolfcryptBenchParser::TakeAsymmetric(const SourceLine& line,
                                           const std::vector<std::string_view>& words, size_t ops) {
  // "RSA 2048 public 12345 ops took 1.000 sec, avg 0.081 ms, 12345.678 ops/sec"
  // (and since 5.5.4 "%-6s %5d %8s%-2s %s %6d ..." with the device name before the count;
  // builds with a cycle counter append ", <N> cycles", MULTI_VALUE_STATISTICS drops "avg").
  std::vector<std::string_view> label(words.begin(), words.begin() + static_cast<long>(ops) - 1);
  const std::string implementation = TakeDeviceWord(&label);
  saw_device_ = saw_device_ || !implementation.empty();
  row_labels_.insert(JoinWords(label, 0, label.size()));
  const std::string operation = TakeOperationWords(&label);
  const std::string name = JoinLabel(label);
  const NamedAlgorithm named = MapPublicKeyLabel(name, operation);
  size_t rate_at = ops + 3;
  while (rate_at < words.size() && OpsRateFactor(words[rate_at]) == 0) {
    ++rate_at;
  }
  const std::optional<double> rate =
      rate_at < words.size() ? ParseDouble(words[rate_at - 1]) : std::nullopt;
  if (rate && operation.empty()) {
    // A whole row whose operation is none of the known ones: the liboqs rows of 5.0.x
    // ("kyber_level1-kg", "kyber_level1-ed": the operation is a suffix of the name, pull request
    // 4607), ECIES's "encrypt" and "decrypt", SAKKE's "rsk gen" and "pair gen", ECCSI's
    // "valid". Which operation it timed is not guessed; the line is named and left out.
    builder_.Caveat(fmt::format(
        "Line {} ('{}') names no operation this importer knows (key gen, agree, sign, verify, "
        "public, private, encap, decap, derive); it is not imported.",
        line.number, JoinWords(words, 0, ops - 1)));
    return Offer::kConsumed;
  }
  if (!rate) {
    throw ImportError(line.number,
                      fmt::format("expected '<algorithm> <operation> <N> ops took <T> sec, avg "
                                  "<M> ms, <R> ops/sec' (wolfCrypt benchmark), found {}",
                                  QuoteForError(JoinWords(words, 0, words.size()))));
  }
  const std::optional<uint64_t> count = ParseUnsigned(words[ops - 1]);
  if (!count) {
    throw ImportError(line.number,
                      fmt::format("expected a count of operations below 2^64 (wolfCrypt "
                                  "benchmark), found {}",
                                  QuoteForError(words[ops - 1])));
  }
  ForeignFigure figure;
  figure.algorithm = named;
  figure.operation = operation;
  figure.ops_per_s = *rate * OpsRateFactor(words[rate_at]);
  if (OpsRateFactor(words[rate_at]) != 1.0) {
    micro_ = true;
  }
  figure.count = *count;
  figure.line = line.number;
  figure.label = fmt::format("'{}' {}", name, operation);
  // ", <N> cycles" after the rate: the counter's ticks over the row's seconds ("took <T> sec").
  if (rate_at + 2 < words.size() && words[rate_at + 2].starts_with("cycles")) {
    const std::optional<double> ticks = ParseDouble(words[rate_at + 1]);
    const std::optional<double> seconds = ParseDouble(words[ops + 2]);
    if (ticks && seconds && *seconds > 0 && !row_counter_hz_) {
      row_counter_hz_ = *ticks / *seconds;
    }
  }
  figure.implementation = implementation;
  if (builder_.Contains(figure.algorithm.name, implementation, figure.operation, 0)) {
    return Offer::kNewRun;
  }
  builder_.Add(figure);
  return Offer::kConsumed;
}

Offer WolfcryptBenchParser::TakeMilliseconds(const SourceLine& line,
                                             const std::vector<std::string_view>& words,
                                             size_t ms) {
  // "RSA 2048 encryption took  0.123 milliseconds, avg over 100 iterations"
  std::vector<std::string_view> label(words.begin(), words.begin() + static_cast<long>(ms));
  // WOLFSSL_ASYNC_CRYPT builds of the 3.x releases also ran bench_rsa_async over the build's
  // async device ("RSA %d public async    %6.3f milliseconds, avg over %d iterations", and
  // "private async"); kept apart from the plain rows as implementation "async".
  std::string implementation;
  if (label.size() > 2 && label.back() == "async") {
    label.pop_back();
    implementation = "async";
    saw_async_ = true;
  }
  const std::string operation = TakeOperationWords(&label);
  const std::string name = JoinLabel(label);
  const std::optional<double> milliseconds = ParseDouble(words[ms]);
  if (operation.empty() || name.empty() || !milliseconds) {
    throw ImportError(line.number,
                      fmt::format("expected '<algorithm> <operation> took <T> milliseconds, avg "
                                  "over <N> iterations' (wolfCrypt benchmark), found {}",
                                  QuoteForError(JoinWords(words, 0, words.size()))));
  }
  ForeignFigure figure;
  figure.algorithm = MapPublicKeyLabel(name, operation);
  figure.operation = operation;
  figure.line = line.number;
  figure.label = fmt::format("'{}' {}", name, operation);
  figure.implementation = implementation;
  figure.count = *ParseUnsigned(words[ms + 4]);
  megs_ = true;  // only releases before 3.12 print milliseconds
  if (*milliseconds > 0) {
    figure.ops_per_s = 1000.0 / *milliseconds;
  } else {
    figure.problem = fmt::format("{} ms per operation", *milliseconds);
  }
  if (builder_.Contains(figure.algorithm.name, implementation, figure.operation, 0)) {
    return Offer::kNewRun;
  }
  builder_.Add(figure);
  return Offer::kConsumed;
}

std::optional<std::pair<size_t, std::string>> WolfcryptBenchParser::FirstDamagedLine() const {
  if (builder_.first_damaged()) {
    return builder_.first_damaged();
  }
  if (wrapped_) {
    return std::make_pair(wrapped_->line, wrapped_->why);
  }
  return std::nullopt;
}

results::RunResult WolfcryptBenchParser::Build() {
  if (wrapped_) {
    builder_.SkipDamagedLine(wrapped_->line, wrapped_->why);
    wrapped_.reset();
  }
  if (embedded_) {
    builder_.Caveat(
        "A wolfCrypt benchmark built with BENCH_EMBEDDED, from before the block-bytes banner "
        "(\"kB\" amounts): each figure is wall-clock time of a fixed amount of work (the kB or "
        "iterations its line names); each call processes a 1 KiB buffer (benchmark.c's "
        "plain[1024]), and the rate, kB/s divided by 1024, is read as MB/s of 2^20 bytes per "
        "second; milliseconds per public-key operation are read as operations per second.");
  } else if (megs_) {
    builder_.Caveat(
        "A wolfCrypt benchmark from before release 3.12 (\"megs\"): each figure is wall-clock "
        "time of a fixed amount of work (the megs or iterations its line names); each call "
        "processes a 1 MiB buffer (benchmark.c's plain[1024*1024]) and MB/s are 2^20 bytes per "
        "second; milliseconds per public-key operation are read as operations per second.");
  } else if (HasFigures()) {
    builder_.Caveat(fmt::format(
        "wolfCrypt benchmark: each figure is wall-clock time of at least the minimum time per "
        "test{}.",
        block_bytes_ > 0
            ? fmt::format(", over buffers of {} bytes", block_bytes_)
            : " (the block size is not in the paste, so the input size is unknown: figures are "
              "throughput at an unknown size, with no count of operations)"));
  }
  if (ambiguous_mb_) {
    builder_.Caveat(
        "wolfCrypt's \"MB\" and \"KB\" are read as 2^20 and 2^10 bytes, its default (base 2) "
        "before releases printed \"MiB\"; with -base10 they are 10^6 and 10^3, but the command "
        "line is not in the paste to tell.");
  }
  if (decimal_by_version_) {
    builder_.Caveat(fmt::format(
        "wolfSSL {} prints \"MiB\" by default and \"MB\" only with -base10, so its \"MB\" "
        "and \"KB\" are read as 10^6 and 10^3 bytes.",
        version_));
  }
  if (micro_) {
    builder_.Caveat(
        "Rows timed in microseconds (a BENCH_MICROSECOND build: \"microseconds\", "
        "\"KiB/\u03bcs\", \"ops/\u03bcsec\") are read as rates per microsecond, so 10^6 "
        "times per second.");
  }
  if (japanese_) {
    builder_.Caveat(
        "Read from the benchmark's Japanese output (-lng 1), whose words stand for the English "
        "ones (benchmark.c's bench_result_words and bench_desc_words).");
  }
  if (threads_ > 1) {
    builder_.Caveat(fmt::format(
        "-threads {}: each thread prints its own rows, so each figure is one thread's rate "
        "while the others ran, and a repeated row starts another run; no sum is printed.",
        threads_));
  }
  if (saw_device_) {
    builder_.Caveat(
        "Rows marked HW ran on the build's async or crypto-callback device, SW in software "
        "(BENCH_DEVID_GET_NAME); they are kept apart as implementations \"device\" and "
        "\"software\".");
  }
  if (saw_async_) {
    builder_.Caveat(
        "Rows marked \"async\" (bench_rsa_async of a WOLFSSL_ASYNC_CRYPT build) ran through the "
        "build's asynchronous crypto device, which may be its software simulator; they are kept "
        "apart as implementation \"async\".");
  }
  if (counter_hz_) {
    const auto [at, hz] = *counter_hz_;
    const std::string agreement =
        row_counter_hz_ && std::abs(*row_counter_hz_ / hz - 1) <= 0.05
            ? fmt::format(" (a public-key row's cycles over its seconds agree: {:.1f} MHz)",
                          *row_counter_hz_ / 1e6)
            : "";
    builder_.Caveat(fmt::format(
        "Line {} ('Clock frequency: {:.0f} Hz') is the rate of the counter the \"cycles\" "
        "figures count, {:.1f} MHz{}: they are that counter's ticks, core cycles only where "
        "it runs at the core clock, and the line is not taken as the core clock.",
        at, hz, hz / 1e6, agreement));
  } else if (saw_cycles_) {
    builder_.Caveat(
        "\"Cycles per byte\" come from the build's cycle counter (the TSC on x86, which does "
        "not tick at the core clock under turbo); they are kept as ticks per operation.");
  }
  return builder_.Finish();
}

}  // namespace cryptobench::import
