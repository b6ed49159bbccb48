// Parser of cryptodev-linux's speed tests (tests/speed.c and its siblings).
#include "import/cryptodev_speed.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "import/foreign_names.h"
#include "import/import.h"
#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

constexpr std::string_view kChunkStart = "Encrypting in chunks of ";

// "Testing AES-128-CBC cipher:" → ("AES-128-CBC", "cipher"); "Testing SHA1 Hash:" → ("SHA1",
// "Hash"); nullopt for anything else.
std::optional<std::pair<std::string, std::string>> ParseHeader(std::string_view trimmed) {
  if (!trimmed.starts_with("Testing ") || !EndsWith(trimmed, ":")) {
    return std::nullopt;
  }
  std::string_view rest = Trim(trimmed.substr(8, trimmed.size() - 9));
  for (const std::string_view kind : {std::string_view(" cipher"), std::string_view(" Hash")}) {
    if (EndsWith(rest, kind) && rest.size() > kind.size()) {
      return std::make_pair(std::string(Trim(rest.substr(0, rest.size() - kind.size()))),
                            std::string(kind.substr(1)));
    }
  }
  return std::nullopt;
}

// "Encrypting in chunks of 512 bytes:" and what follows the colon; nullopt if the line is not
// one.
std::optional<std::pair<uint64_t, std::string_view>> ParseChunkStart(std::string_view trimmed) {
  if (!trimmed.starts_with(kChunkStart)) {
    return std::nullopt;
  }
  const std::string_view rest = trimmed.substr(kChunkStart.size());
  const size_t colon = rest.find(" bytes:");
  if (colon == std::string_view::npos) {
    return std::nullopt;
  }
  const auto chunk = ParseUnsigned(Trim(rest.substr(0, colon)));
  if (!chunk || *chunk == 0) {
    return std::nullopt;
  }
  return std::make_pair(static_cast<uint64_t>(*chunk), Trim(rest.substr(colon + 7)));
}

// The first version (43d7f1c): "Encrypting 64 x 16 bytes: done in ..." (no cipher named).
bool IsOldestLine(std::string_view trimmed) {
  const std::vector<std::string_view> words = SplitWords(trimmed);
  return words.size() >= 5 && words[0] == "Encrypting" && ParseUnsigned(words[1]) &&
         words[2] == "x" && ParseUnsigned(words[3]) && words[4].starts_with("bytes:");
}

std::string Shorten(std::string_view text) {
  return text.size() > 60 ? std::string(text.substr(0, 60)) + "..." : std::string(text);
}

// A line without the lone backtick of inline code opened or closed on it ("`Testing ...",
// "... MB/sec`": a paste set in one Markdown code span over several lines).
std::string_view WithoutTick(std::string_view trimmed) {
  if (!trimmed.starts_with("```")) {
    if (trimmed.starts_with("`")) {
      trimmed.remove_prefix(1);
    }
    if (EndsWith(trimmed, "`")) {
      trimmed.remove_suffix(1);
    }
  }
  return Trim(trimmed);
}

}  // namespace

std::optional<double> CryptodevUnitBytes(std::string_view unit) {
  static const std::vector<std::pair<std::string_view, double>> kUnits = {
      {"B", 1.0},
      {"bytes", 1.0},
      {"KB", 1e3},
      {"MB", 1e6},
      {"GB", 1e9},
      {"TB", 1e12},
      {"KiB", 1024.0},
      {"MiB", 1048576.0},
      {"GiB", 1073741824.0},
      {"TiB", 1099511627776.0},
      // value2human before e88b7e3 (2010-12-17): strcpy "Kb", "Mb", "Gb" for 10^3, 10^6, 10^9
      // bytes (it counted bytes; the lower-case b is not bits).
      {"Kb", 1e3},
      {"Mb", 1e6},
      {"Gb", 1e9}};
  for (const auto& [name, factor] : kUnits) {
    if (unit == name) {
      return factor;
    }
  }
  return std::nullopt;
}

bool StartsCryptodevSpeedOutput(std::string_view trimmed) {
  trimmed = WithoutTick(trimmed);
  return ParseChunkStart(trimmed).has_value() || ParseHeader(trimmed).has_value();
}

CryptodevSpeedParser::CryptodevSpeedParser(std::string_view file_name)
    : builder_("cryptodev-linux speed", "kernel", file_name) {}

void CryptodevSpeedParser::SetCommand(const std::vector<std::string>& args, size_t line) {
  (void)args;
  (void)line;
}

void CryptodevSpeedParser::NamePending() {
  if (pending_) {
    builder_.Caveat(fmt::format(
        "Line {}: the {}-byte chunk has no result (the output ends or goes on without its "
        "'done. ...'): not read.",
        pending_->line, pending_->chunk));
    pending_.reset();
  }
}

void CryptodevSpeedParser::TakeResult(std::string_view done, size_t line, const Pending& chunk) {
  // "done. 110.86 MB in 5.00 secs: 22.17 MB/sec" (speed.c: "done. %.2f %s in %.2f secs: " then
  // "%.2f %s/sec\n").
  std::vector<std::string_view> words = SplitWords(done);
  const bool eight = words.size() == 8;
  words.resize(8);
  const std::optional<double> data_read = ParseDouble(words[1]);
  const std::optional<double> factor_read = CryptodevUnitBytes(words[2]);
  const std::optional<double> seconds_read = ParseDouble(words[4]);
  const std::optional<double> rate_read = ParseDouble(words[6]);
  if (!eight || !data_read || !factor_read || !seconds_read || !rate_read || words[0] != "done." ||
      words[3] != "in" || words[5] != "secs:" || words[7] != std::string(words[2]) + "/sec") {
    builder_.SkipDamagedLine(
        line, fmt::format("expected 'done. <data> <unit> in <seconds> secs: <rate> <unit>/sec' "
                          "for the {}-byte chunk, found '{}'",
                          chunk.chunk, Shorten(done)));
    return;
  }
  const double data = data_read.value_or(0);
  const double factor = factor_read.value_or(0);
  const double seconds = seconds_read.value_or(0);
  const double rate = rate_read.value_or(0);
  if (chunk.header.empty()) {
    unnamed_.push_back(line);
    return;
  }
  if (chunk.header == "NULL" || chunk.header.find(" with ") != std::string::npos) {
    const std::string why =
        chunk.header == "NULL"
            ? "the NULL cipher: no cryptography, /dev/crypto's own cost"
            : fmt::format("'{}': a cipher and a hash in one operation", chunk.header);
    const auto same = std::find_if(not_read_.begin(), not_read_.end(),
                                   [&](const auto& entry) { return entry.first == why; });
    if (same == not_read_.end()) {
      not_read_.emplace_back(why, std::vector<size_t>{line});
    } else {
      same->second.push_back(line);
    }
    return;
  }
  const bool hash = chunk.header_kind == "Hash";
  ForeignFigure figure;
  figure.algorithm = MapForeignName(chunk.header, hash ? "hash" : "cipher");
  if (!figure.algorithm.catalogued) {
    figure.algorithm.kind = InferForeignKind(chunk.header, hash ? "hash" : "encrypt");
  }
  figure.operation = hash ? "hash" : "encrypt";
  figure.implementation = hash ? driver_ : "";
  figure.input_len = chunk.chunk;
  figure.bytes_per_s = rate * factor;
  figure.ops_per_s = *figure.bytes_per_s / static_cast<double>(chunk.chunk);
  figure.line = line;
  figure.label = fmt::format("'{}' {}-byte chunks", chunk.header, chunk.chunk);
  // speed.c prints data / seconds; a rate that is not its own data over its seconds (beyond
  // the printed rounding) cannot be right.
  if (seconds <= 0 || std::abs(data / seconds - rate) > 0.01 + 0.006 * data / seconds) {
    figure.problem = fmt::format("{} {} in {} s is not {} {}/s", words[1], words[2], words[4],
                                 words[6], words[2]);
  }
  if (builder_.Contains(figure.algorithm.name, figure.implementation, figure.operation,
                        figure.input_len)) {
    repeated_ = true;
    return;
  }
  builder_.Add(figure);
  saw_unit_ = std::string(words[2]);
}

Offer CryptodevSpeedParser::Take(const SourceLine& line) {
  if (line.kind != LineKind::kText) {
    return Offer::kNotMine;
  }
  const std::string_view trimmed = WithoutTick(Trim(line.text));
  if (const auto header = ParseHeader(trimmed)) {
    if (HasFigures() && std::find(headers_read_.begin(), headers_read_.end(), header->first) !=
                            headers_read_.end()) {
      return Offer::kNewRun;  // the same test again: the next run
    }
    headers_read_.push_back(header->first);
    header_ = header->first;
    header_kind_ = header->second;
    header_line_ = line.number;
    driver_.clear();
    return Offer::kConsumed;
  }
  if (trimmed.starts_with("requested hash ") || trimmed.starts_with("requested cipher ")) {
    // sha_speed.c: "requested hash CRYPTO_SHA1, got %s with driver %s".
    const std::vector<std::string_view> words = SplitWords(trimmed);
    if (words.size() >= 2 && words[words.size() - 2] == "driver") {
      driver_ = std::string(words.back());
    }
    return Offer::kConsumed;
  }
  if (const auto start = ParseChunkStart(trimmed)) {
    NamePending();
    Pending chunk{line.number, start->first, header_, header_kind_};
    if (start->second.empty()) {
      pending_ = chunk;  // the result may come on a later line
      return Offer::kConsumed;
    }
    if (!start->second.starts_with("done.")) {
      // perror's message on the same terminal line ("ioctl(CIOCCRYPT): Invalid argument").
      builder_.Caveat(fmt::format("Line {}: the {}-byte chunk was not measured ('{}').",
                                  line.number, start->first, Shorten(start->second)));
      return Offer::kConsumed;
    }
    repeated_ = false;
    TakeResult(start->second, line.number, chunk);
    return repeated_ ? Offer::kNewRun : Offer::kConsumed;
  }
  if (pending_ && trimmed.starts_with("done. ")) {
    const Pending chunk = *pending_;
    pending_.reset();
    if (chunk.line + 1 != line.number) {
      builder_.Caveat(fmt::format(
          "Line {}: the result of the {}-byte chunk of line {} came later (speed's stdout is "
          "buffered when redirected, its headers go to stderr); read for that chunk.",
          line.number, chunk.chunk, chunk.line));
    }
    repeated_ = false;
    TakeResult(trimmed, line.number, chunk);
    if (repeated_) {
      pending_ = chunk;  // not taken: the next run's
      return Offer::kNewRun;
    }
    return Offer::kConsumed;
  }
  if (IsOldestLine(trimmed)) {
    oldest_.push_back(line.number);
    return Offer::kConsumed;
  }
  return Offer::kNotMine;
}

results::RunResult CryptodevSpeedParser::Build() {
  NamePending();
  if (HasFigures()) {
    builder_.Caveat(fmt::format(
        "cryptodev-linux speed: the kernel's /dev/crypto from user space, one ioctl per chunk "
        "(system call and copies included); each chunk size is timed by wall clock "
        "(gettimeofday) until an alarm after 5 s, and the rate is printed in {} ({}).",
        saw_unit_,
        *CryptodevUnitBytes(saw_unit_) == 1.0
            ? "bytes"
            : fmt::format("{:g} bytes", *CryptodevUnitBytes(saw_unit_))));
  }
  const auto lines = [](const std::vector<size_t>& numbers) {
    std::string out;
    for (size_t i = 0; i < numbers.size(); ++i) {
      out += fmt::format("{}{}", i == 0 ? "" : ", ", numbers[i]);
    }
    return out;
  };
  if (!unnamed_.empty()) {
    builder_.Caveat(fmt::format(
        "Line{} {}: cryptodev-linux speed results without a 'Testing ... cipher:' line before "
        "them (printed on stderr, missing from the paste): which cipher they timed is not "
        "known, so they are not read.",
        unnamed_.size() == 1 ? "" : "s", lines(unnamed_)));
  }
  for (const auto& [why, numbers] : not_read_) {
    builder_.Caveat(fmt::format("Line{} {}: cryptodev-linux speed results for {}: not read.",
                                numbers.size() == 1 ? "" : "s", lines(numbers), why));
  }
  if (!oldest_.empty()) {
    builder_.Caveat(fmt::format(
        "Line{} {}: the first cryptodev-linux speed test's 'Encrypting N x M bytes' results "
        "name no cipher (it was set at build time): not read.",
        oldest_.size() == 1 ? "" : "s", lines(oldest_)));
  }
  return builder_.Finish();
}

}  // namespace cryptobench::import
