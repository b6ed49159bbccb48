// Parser of kcapi-speed output.
#include "import/kcapi_speed.h"

#include <fmt/format.h>

#include "import/foreign_names.h"
#include "import/import.h"
#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

// "AES(AESNI)" → "AES", "AESNI".
std::string_view BaseOf(std::string_view word, std::string_view* implementation) {
  const size_t open = word.find('(');
  if (open == std::string_view::npos || word.back() != ')') {
    *implementation = "";
    return word;
  }
  *implementation = word.substr(open + 1, word.size() - open - 2);
  return word.substr(0, open);
}

}  // namespace

bool IsKcapiSpeedLine(std::string_view trimmed) {
  const std::vector<std::string_view> fields = SplitFields(trimmed, '|');
  if (fields.size() == 2) {
    return !Trim(fields[0]).empty() && Trim(fields[1]) == "untested";
  }
  if (fields.size() != 5) {
    return false;
  }
  const std::string_view direction = Trim(fields[1]);
  return (direction == "e" || direction == "d") && EndsWith(Trim(fields[2]), "bytes") &&
         EndsWith(Trim(fields[3]), "/s") && EndsWith(Trim(fields[4]), "ops/s");
}

NamedAlgorithm MapKcapiName(std::string_view name, std::string* implementation) {
  const std::vector<std::string_view> words = SplitWords(name);
  implementation->clear();
  std::vector<std::string> impls;
  std::vector<std::string> bases;
  std::string bits;
  for (std::string_view word : words) {
    if (ParseUnsigned(word)) {
      bits = std::string(word);
      continue;
    }
    std::string_view impl;
    bases.emplace_back(BaseOf(word, &impl));
    impls.emplace_back(word);
  }
  for (size_t i = 0; i < impls.size(); ++i) {
    if (i > 0) {
      implementation->push_back(' ');
    }
    implementation->append(impls[i]);
  }
  std::string spelling;
  if (bases.size() == 2 && !bits.empty()) {
    // "AES CTR 128" → AES-128-CTR; XTS keys count both halves.
    unsigned key_bits = static_cast<unsigned>(*ParseUnsigned(bits));
    if (ToLower(bases[1]) == "xts") {
      key_bits /= 2;
    }
    spelling = fmt::format("{}-{}-{}", bases[0], key_bits, bases[1]);
  } else if (bases.size() == 1 && bits.empty()) {
    spelling = bases[0];  // a hash: "SHA256"
  } else if (bases.size() == 2 && bits.empty() && ToLower(bases[0]) == "hmac") {
    spelling = fmt::format("HMAC-{}", bases[1]);
  }
  if (!spelling.empty()) {
    NamedAlgorithm named = MapForeignName(spelling, "cipher");
    if (named.catalogued) {
      return named;
    }
  }
  implementation->clear();
  return {std::string(name), InferForeignKind(name, "encrypt"), false};
}

KcapiSpeedParser::KcapiSpeedParser(std::string_view file_name)
    : builder_("kcapi-speed", "kernel", file_name) {}

void KcapiSpeedParser::SetCommand(const std::vector<std::string>& args, size_t line) {
  (void)line;
  for (size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "-t") {
      if (const auto seconds = ParseUnsigned(args[i + 1])) {
        builder_.run().method.max_seconds = static_cast<double>(*seconds);
      }
    }
  }
}

Offer KcapiSpeedParser::Take(const SourceLine& line) {
  if (line.kind != LineKind::kText) {
    return Offer::kNotMine;
  }
  const std::string_view trimmed = Trim(line.text);
  if (!IsKcapiSpeedLine(trimmed)) {
    return Offer::kNotMine;
  }
  const std::vector<std::string_view> fields = SplitFields(trimmed, '|');
  const std::string_view name = Trim(fields[0]);
  if (fields.size() == 2) {
    untested_.push_back(
        fmt::format("Line {}: kcapi-speed did not run '{}' (untested).", line.number, name));
    return Offer::kConsumed;
  }
  const std::vector<std::string_view> size_words = SplitWords(fields[2]);
  const std::vector<std::string_view> ops_words = SplitWords(fields[4]);
  const uint64_t bytes =
      size_words.size() == 2 ? ParseUnsigned(size_words[0]).value_or(0) : uint64_t{0};
  const std::optional<unsigned long long> parsed_ops =
      ops_words.size() == 2 ? ParseUnsigned(ops_words[0]) : std::nullopt;
  const uint64_t ops = parsed_ops.value_or(0);
  if (bytes == 0 || !parsed_ops) {
    throw ImportError(line.number,
                      fmt::format("expected '<name> |e| <N> bytes| <X> MB/s|<N> ops/s' "
                                  "(kcapi-speed), found {}",
                                  QuoteForError(trimmed)));
  }
  ForeignFigure figure;
  figure.algorithm = MapKcapiName(name, &figure.implementation);
  figure.operation = Trim(fields[1]) == "e" ? "encrypt" : "decrypt";
  if (figure.algorithm.kind == "hash" || figure.algorithm.kind == "mac") {
    figure.operation = figure.algorithm.kind;
  }
  figure.input_len = bytes;
  figure.ops_per_s = static_cast<double>(ops);
  figure.bytes_per_s = static_cast<double>(ops) * static_cast<double>(bytes);
  figure.line = line.number;
  figure.label = fmt::format("'{}' {}", name, figure.operation);
  if (builder_.Contains(figure.algorithm.name, figure.implementation, figure.operation,
                        figure.input_len)) {
    return Offer::kNewRun;
  }
  builder_.Add(figure);
  return Offer::kConsumed;
}

results::RunResult KcapiSpeedParser::Build() {
  if (HasFigures()) {
    builder_.Caveat(
        "kcapi-speed measures the kernel crypto API from user space through AF_ALG sockets "
        "(system calls and copies included), by wall clock; it divides by the test time in "
        "whole units of 2^30 ns (about 1.074 s), rounded down, so its rates read up to a few "
        "percent off.");
    builder_.Caveat(
        "kcapi-speed's MB/s column is not a decimal number (whole MiB, then the remaining "
        "bytes divided by 10^4); throughput is taken as its ops/s times the block size.");
  }
  for (const std::string& text : untested_) {
    builder_.Caveat(text);
  }
  return builder_.Finish();
}

}  // namespace cryptobench::import
