// Parser of the wolfCrypt benchmark's text output.
#include "import/wolfcrypt_bench.h"

#include <fmt/format.h>

#include "import/foreign_names.h"
#include "import/import.h"
#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

constexpr std::string_view kBanner = "wolfCrypt Benchmark (block bytes ";
// Before 3.12 benchmark.c timed calls over a static plain[1024*1024] and counted "megs".
constexpr uint64_t kMegsBlockBytes = 1024 * 1024;

size_t FindWord(const std::vector<std::string_view>& words, std::string_view word, size_t from) {
  for (size_t i = from; i < words.size(); ++i) {
    if (words[i] == word) {
      return i;
    }
  }
  return words.size();
}

// "MiB" → 2^20 bytes; "MB" → 2^20 or 10^6 (see the header); nullopt: not a unit.
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

bool IsSymmetricResult(const std::vector<std::string_view>& words, size_t* took) {
  const size_t at = FindWord(words, "took", 3);
  if (at < 3 || at + 3 >= words.size()) {
    return false;
  }
  bool ambiguous = false;
  if (!ParseDouble(words[at - 2]) || !UnitBytes(words[at - 1], false, &ambiguous) ||
      !ParseDouble(words[at + 1]) || (words[at + 2] != "seconds," && words[at + 2] != "sec,")) {
    return false;
  }
  *took = at;
  return true;
}

bool IsAsymmetricResult(const std::vector<std::string_view>& words, size_t* ops) {
  const size_t at = FindWord(words, "ops", 1);
  if (at >= words.size() || at + 1 >= words.size() || words[at + 1] != "took" ||
      !ParseUnsigned(words[at - 1]) || words.back() != "ops/sec") {
    return false;
  }
  *ops = at;
  return true;
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
    if (word == "[" || word == "]") {
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
  const std::vector<std::string_view> words = SplitWords(trimmed);
  size_t at = 0;
  return IsSymmetricResult(words, &at) || IsAsymmetricResult(words, &at) ||
         IsMillisecondsResult(words, &at);
}

NamedAlgorithm MapWolfcryptLabel(std::string_view label, std::string* operation) {
  std::string name(label);
  operation->clear();
  if (EndsWith(name, "-enc")) {
    *operation = "encrypt";
    name.resize(name.size() - 4);
  } else if (EndsWith(name, "-dec")) {
    *operation = "decrypt";
    name.resize(name.size() - 4);
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
  for (const std::string& arg : args) {
    if (arg == "-base10") {
      base10_ = true;
    }
  }
}

Offer WolfcryptBenchParser::Take(const SourceLine& line) {
  if (line.kind == LineKind::kElision) {
    if (!HasFigures()) {
      return Offer::kNotMine;
    }
    builder_.Caveat(
        fmt::format("The paste leaves lines out at line {} ('{}'): figures from them are missing.",
                    line.number, line.text));
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
  if (trimmed == "Benchmark complete" || trimmed == "Benchmark Test Completed" ||
      (!trimmed.empty() && trimmed.find_first_not_of('-') == std::string_view::npos)) {
    return HasFigures() || trimmed.front() == '-' ? Offer::kConsumed : Offer::kNotMine;
  }
  if (trimmed.substr(0, 5) == "Math:" || StartsWithNoCase(trimmed, "Single Precision:") ||
      StartsWithNoCase(trimmed, "Multi-Precision:") ||
      StartsWithNoCase(trimmed, "Assembly Speedups:")) {
    builder_.run().library.options +=
        (builder_.run().library.options.empty() ? "" : "; ") + std::string(trimmed);
    return Offer::kConsumed;
  }
  const std::vector<std::string_view> words = SplitWords(trimmed);
  size_t at = 0;
  if (IsSymmetricResult(words, &at)) {
    return TakeSymmetric(line, words, at);
  }
  if (IsAsymmetricResult(words, &at)) {
    return TakeAsymmetric(line, words, at);
  }
  if (IsMillisecondsResult(words, &at)) {
    return TakeMilliseconds(line, words, at);
  }
  return Offer::kNotMine;
}

Offer WolfcryptBenchParser::TakeSymmetric(const SourceLine& line,
                                          const std::vector<std::string_view>& words, size_t took) {
  const std::string label = JoinWords(words, 0, took - 2);
  ForeignFigure figure;
  figure.algorithm = MapWolfcryptLabel(label, &figure.operation);
  const bool megs = words[took - 1] == "megs";
  figure.input_len = block_bytes_ > 0 ? block_bytes_ : megs ? kMegsBlockBytes : 0;
  megs_ = megs_ || (megs && block_bytes_ == 0);
  figure.line = line.number;
  figure.label = fmt::format("'{}'", label);
  // "<amount> <unit> took <T> seconds, <rate> <unit>/s [Cycles per byte = <C>]"
  const size_t rate_at = took + 3;
  if (rate_at + 1 >= words.size() || !EndsWith(words[rate_at + 1], "/s")) {
    throw ImportError(line.number,
                      fmt::format("expected '<name> <N> MB took <T> seconds, <R> MB/s' "
                                  "(wolfCrypt benchmark), found {}",
                                  QuoteForError(JoinWords(words, 0, words.size()))));
  }
  bool ambiguous = false;
  const std::string_view unit = words[rate_at + 1].substr(0, words[rate_at + 1].size() - 2);
  // Before 3.12 the rate is megs per second, whatever -base10 (which did not exist).
  const std::optional<double> scale = megs && unit == "MB" ? std::optional<double>(1024.0 * 1024.0)
                                                           : UnitBytes(unit, base10_, &ambiguous);
  const std::optional<double> rate = ParseDouble(words[rate_at]);
  if (!scale || !rate) {
    throw ImportError(line.number,
                      fmt::format("expected a rate like '123.456 MB/s' (wolfCrypt benchmark), "
                                  "found {}",
                                  QuoteForError(JoinWords(words, rate_at, words.size()))));
  }
  ambiguous_mb_ = ambiguous_mb_ || ambiguous;
  figure.bytes_per_s = *rate * *scale;
  figure.ops_per_s = figure.input_len > 0
                         ? *figure.bytes_per_s / static_cast<double>(figure.input_len)
                         : *figure.bytes_per_s;
  const size_t cycles = FindWord(words, "=", rate_at);
  if (cycles + 1 < words.size()) {
    if (const auto cpb = ParseDouble(words[cycles + 1]); cpb && figure.input_len > 0) {
      figure.ticks_per_op = *cpb * static_cast<double>(figure.input_len);
      saw_cycles_ = true;
    }
  }
  if (builder_.Contains(figure.algorithm.name, "", figure.operation, figure.input_len)) {
    return Offer::kNewRun;
  }
  builder_.Add(figure);
  return Offer::kConsumed;
}

Offer WolfcryptBenchParser::TakeAsymmetric(const SourceLine& line,
                                           const std::vector<std::string_view>& words, size_t ops) {
  // "RSA 2048 public 12345 ops took 1.000 sec, avg 0.081 ms, 12345.678 ops/sec"
  std::vector<std::string_view> label(words.begin(), words.begin() + static_cast<long>(ops) - 1);
  const std::string operation = TakeOperationWords(&label);
  const std::string name = JoinLabel(label);
  const NamedAlgorithm named = MapPublicKeyLabel(name, operation);
  const std::optional<double> rate = ParseDouble(words[words.size() - 2]);
  if (!rate || operation.empty()) {
    throw ImportError(line.number,
                      fmt::format("expected '<algorithm> <operation> <N> ops took <T> sec, avg "
                                  "<M> ms, <R> ops/sec' (wolfCrypt benchmark), found {}",
                                  QuoteForError(JoinWords(words, 0, words.size()))));
  }
  ForeignFigure figure;
  figure.algorithm = named;
  figure.operation = operation;
  figure.ops_per_s = *rate;
  figure.count = *ParseUnsigned(words[ops - 1]);
  figure.line = line.number;
  figure.label = fmt::format("'{}' {}", name, operation);
  if (builder_.Contains(figure.algorithm.name, "", figure.operation, 0)) {
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
  figure.count = *ParseUnsigned(words[ms + 4]);
  megs_ = true;  // only releases before 3.12 print milliseconds
  if (*milliseconds > 0) {
    figure.ops_per_s = 1000.0 / *milliseconds;
  } else {
    figure.problem = fmt::format("{} ms per operation", *milliseconds);
  }
  if (builder_.Contains(figure.algorithm.name, "", figure.operation, 0)) {
    return Offer::kNewRun;
  }
  builder_.Add(figure);
  return Offer::kConsumed;
}

results::RunResult WolfcryptBenchParser::Build() {
  if (megs_) {
    builder_.Caveat(
        "A wolfCrypt benchmark from before release 3.12 (\"megs\"): each figure is wall-clock "
        "time of a fixed amount of work (the megs or iterations its line names); each call "
        "processes a 1 MiB buffer (benchmark.c's plain[1024*1024]) and MB/s are 2^20 bytes per "
        "second; milliseconds per public-key operation are read as operations per second.");
  } else if (HasFigures()) {
    builder_.Caveat(fmt::format(
        "wolfCrypt benchmark: each figure is wall-clock time of at least the minimum time per "
        "test{}.",
        block_bytes_ > 0 ? fmt::format(", over buffers of {} bytes", block_bytes_)
                         : " (the block size is not in the paste, so the input size is unknown)"));
  }
  if (ambiguous_mb_) {
    builder_.Caveat(
        "wolfCrypt's \"MB\" and \"KB\" are read as 2^20 and 2^10 bytes, its default (base 2) "
        "before releases printed \"MiB\"; with -base10 they are 10^6 and 10^3, but the command "
        "line is not in the paste to tell.");
  }
  if (saw_cycles_) {
    builder_.Caveat(
        "\"Cycles per byte\" come from the build's cycle counter (the TSC on x86, which does "
        "not tick at the core clock under turbo); they are kept as ticks per operation.");
  }
  return builder_.Finish();
}

}  // namespace cryptobench::import
