// Parser of the kernel's tcrypt speed output.
#include "import/tcrypt.h"

#include <algorithm>

#include <fmt/format.h>

#include "import/foreign_names.h"
#include "import/import.h"
#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

constexpr std::string_view kTesting = "testing speed of ";

// "12, 13, 14 and 20" for a caveat (LinesNamedIn reads such lists back).
std::string LineList(const std::vector<size_t>& lines) {
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) {
      out += i + 1 == lines.size() ? " and " : ", ";
    }
    out += std::to_string(lines[i]);
  }
  return out;
}

// The contents of "test N (...)" and what follows the closing "):".
struct TestLine {
  std::string_view inside;
  std::string_view result;
};

std::optional<TestLine> SplitTestLine(std::string_view body) {
  if (body.substr(0, 5) != "test ") {
    return std::nullopt;
  }
  const size_t open = body.find('(');
  const size_t close = body.find("):");
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) {
    return std::nullopt;
  }
  if (!ParseUnsigned(Trim(body.substr(5, open - 5)))) {
    return std::nullopt;
  }
  return TestLine{Trim(body.substr(open + 1, close - open - 1)), Trim(body.substr(close + 2))};
}

// "128 bit key, 16 byte blocks" / "16 byte blocks, 16 bytes per update, 1 updates".
bool ReadTestParameters(std::string_view inside, unsigned* key_bits, uint64_t* block_bytes,
                        uint64_t* update_bytes) {
  const std::vector<std::string_view> parts = SplitFields(inside, ',');
  bool blocks = false;
  for (std::string_view part : parts) {
    const std::vector<std::string_view> words = SplitWords(part);
    if (words.size() == 3 && words[1] == "bit" && words[2] == "key") {
      const auto bits = ParseUnsigned(words[0]);
      if (!bits || *bits > 65536) {
        return false;
      }
      *key_bits = static_cast<unsigned>(*bits);
    } else if (words.size() == 3 && words[1] == "byte" && words[2] == "blocks") {
      const auto bytes = ParseUnsigned(words[0]);
      if (!bytes || *bytes == 0 || *bytes > (uint64_t{1} << 32)) {
        return false;
      }
      *block_bytes = *bytes;
      blocks = true;
    } else if (words.size() == 4 && words[1] == "bytes" && words[2] == "per" &&
               words[3] == "update") {
      const auto bytes = ParseUnsigned(words[0]);
      if (!bytes || *bytes == 0) {
        return false;
      }
      *update_bytes = *bytes;
    }
  }
  return blocks;
}

bool IsResultText(std::string_view text) {
  const std::vector<std::string_view> words = SplitWords(text);
  return (words.size() >= 6 && (words[1] == "operations" || words[1] == "operation") &&
          words[2] == "in") ||
         (words.size() >= 4 && words[1] == "opers/sec,") ||
         (words.size() >= 4 && words[1] == "cycles/operation,");
}

}  // namespace

std::string_view TcryptBody(std::string_view trimmed) {
  std::string_view body = Trim(trimmed);
  if (!body.empty() && body.front() == '[') {
    const size_t close = body.find(']');
    if (close != std::string_view::npos && close < 20) {
      const std::string_view stamp = Trim(body.substr(1, close - 1));
      if (!stamp.empty() && ParseDouble(stamp)) {
        body = Trim(body.substr(close + 1));
      }
    }
  }
  if (body.substr(0, 7) == "tcrypt:") {
    body = Trim(body.substr(7));
  }
  return body;
}

bool StartsTcryptOutput(std::string_view trimmed) {
  const std::string_view body = TcryptBody(trimmed);
  if (body.substr(0, kTesting.size()) == kTesting) {
    return true;
  }
  const std::optional<TestLine> test = SplitTestLine(body);
  return test && IsResultText(test->result);
}

NamedAlgorithm MapTcryptAlgorithm(std::string_view algorithm, unsigned key_bits) {
  const std::string lower = ToLower(algorithm);
  if (key_bits == 0) {
    return MapForeignName(algorithm, "hash");
  }
  std::string spelling;
  for (std::string_view mode : {"cbc", "ecb", "ctr", "xts", "gcm", "ccm", "cfb", "ofb"}) {
    if (lower == fmt::format("{}(aes)", mode)) {
      const unsigned bits = mode == "xts" ? key_bits / 2 : key_bits;
      spelling = fmt::format("AES-{}-{}", bits, ToLower(mode));
    }
  }
  if (lower == "cbc(des3_ede)") {
    spelling = "DES-EDE3-CBC";
  } else if (lower == "chacha20" && key_bits == 256) {
    spelling = "ChaCha20";
  } else if (lower == "rfc7539(chacha20,poly1305)" && key_bits == 256) {
    spelling = "ChaCha20-Poly1305";
  }
  if (!spelling.empty()) {
    NamedAlgorithm named = MapForeignName(spelling, "cipher");
    if (named.catalogued) {
      return named;
    }
  }
  const std::string kind = InferForeignKind(algorithm, "encrypt");
  return {fmt::format("{} {}-bit key", algorithm, key_bits), kind, false};
}

TcryptParser::TcryptParser(std::string_view file_name) : builder_("tcrypt", "kernel", file_name) {
  builder_.run().method.clock = "jiffies (tcrypt, the kernel's timer tick)";
}

void TcryptParser::SetCommand(const std::vector<std::string>& args, size_t line) {
  (void)line;
  for (const std::string& arg : args) {
    if (arg.substr(0, 4) == "sec=") {
      if (const auto seconds = ParseUnsigned(std::string_view(arg).substr(4))) {
        builder_.run().method.max_seconds = static_cast<double>(*seconds);
      }
    } else if (arg.substr(0, 5) == "mode=") {
      builder_.Caveat(
          fmt::format("tcrypt was loaded with {} (crypto/tcrypt.c names the tests "
                      "of each mode).",
                      arg));
    }
  }
}

void TcryptParser::NoteUnnamed(size_t line) { unnamed_.push_back(line); }

Offer TcryptParser::Take(const SourceLine& line) {
  if (line.kind == LineKind::kElision) {
    if (!HasFigures() && !section_.valid) {
      return Offer::kNotMine;
    }
    builder_.Caveat(ElisionCaveat(line));
    return Offer::kConsumed;
  }
  if (line.kind != LineKind::kText) {
    return Offer::kNotMine;
  }
  const std::string_view body = TcryptBody(line.text);
  if (pending_) {
    const Test test = *pending_;
    pending_.reset();
    if (IsResultText(body)) {
      return TakeResult(line, test, body);
    }
  }
  if (body.substr(0, kTesting.size()) == kTesting) {
    std::string_view rest = Trim(body.substr(kTesting.size()));
    Section section;
    section.valid = true;
    section.line = line.number;
    if (rest.substr(0, 6) == "async ") {
      section.async = true;
      rest = Trim(rest.substr(6));
    } else if (rest.substr(0, 5) == "sync ") {
      rest = Trim(rest.substr(5));
    }
    if (rest.substr(0, 12) == "multibuffer ") {
      rest = Trim(rest.substr(12));
      builder_.Caveat(
          fmt::format("Line {}: a multibuffer test: several requests are in flight "
                      "at once, so per-operation figures are not one request's.",
                      line.number));
    }
    const std::vector<std::string_view> words = SplitWords(rest);
    if (!words.empty() && (words.back() == "encryption" || words.back() == "decryption")) {
      section.operation = words.back() == "encryption" ? "encrypt" : "decrypt";
      rest = Trim(rest.substr(0, rest.size() - words.back().size()));
    }
    const size_t space = rest.find(' ');
    section.algorithm = std::string(rest.substr(0, space));
    if (space != std::string_view::npos) {
      std::string_view driver = Trim(rest.substr(space + 1));
      if (!driver.empty() && driver.front() == '(') {
        driver.remove_prefix(1);
      }
      if (!driver.empty() && driver.back() == ')') {
        driver.remove_suffix(1);
      }
      section.driver = std::string(driver);
    }
    section_ = section;
    async_ = async_ || section.async;
    return Offer::kConsumed;
  }
  const std::optional<TestLine> test = SplitTestLine(body);
  if (!test) {
    return Offer::kNotMine;
  }
  return TakeTest(line, body);
}

Offer TcryptParser::TakeTest(const SourceLine& line, std::string_view body) {
  const TestLine parts = *SplitTestLine(body);
  Test test;
  test.line = line.number;
  if (!ReadTestParameters(parts.inside, &test.key_bits, &test.block_bytes, &test.update_bytes)) {
    throw ImportError(line.number,
                      fmt::format("expected 'test N (<K> bit key, <B> byte blocks): ...' or 'test "
                                  "N (<B> byte blocks, <U> bytes per update, <N> updates): ...' "
                                  "(tcrypt), found {}",
                                  QuoteForError(body)));
  }
  if (parts.result.empty()) {
    pending_ = test;  // the result follows on the next line
    return Offer::kConsumed;
  }
  return TakeResult(line, test, parts.result);
}

Offer TcryptParser::TakeResult(const SourceLine& line, const Test& test, std::string_view result) {
  const std::vector<std::string_view> words = SplitWords(result);
  if (!section_.valid) {
    NoteUnnamed(line.number);
    return Offer::kConsumed;
  }
  ForeignFigure figure;
  figure.line = line.number;
  figure.implementation = section_.driver;
  figure.input_len = test.block_bytes;
  const bool hash = test.key_bits == 0;
  figure.operation = hash ? "hash" : section_.operation;
  std::string name = section_.algorithm;
  figure.algorithm = MapTcryptAlgorithm(name, test.key_bits);
  if (hash && test.update_bytes > 0 && test.update_bytes != test.block_bytes) {
    figure.algorithm = {
        fmt::format("{} ({}-byte updates)", figure.algorithm.name, test.update_bytes),
        figure.algorithm.kind, false};
  }
  figure.label =
      fmt::format("{} {} {} bytes", section_.algorithm, figure.operation, test.block_bytes);
  if (words.size() >= 6 && words[1] == "operation" && words[2] == "in" && words[4] == "cycles") {
    cycles_.push_back(line.number);
    return Offer::kConsumed;
  }
  if (words.size() >= 4 && words[1] == "cycles/operation,") {
    cycles_.push_back(line.number);
    return Offer::kConsumed;
  }
  if (figure.operation.empty()) {
    uncut_.push_back(line.number);
    return Offer::kConsumed;
  }
  if (builder_.Contains(figure.algorithm.name, figure.implementation, figure.operation,
                        figure.input_len)) {
    return Offer::kNewRun;
  }
  if (words.size() >= 6 && words[1] == "operations" && words[2] == "in" &&
      (words[4] == "seconds" || words[4] == "second")) {
    // "485566 operations in 1 seconds (7769056 bytes)"
    const auto ops = ParseUnsigned(words[0]);
    const auto seconds = ParseUnsigned(words[3]);
    std::string_view bytes_word = words.size() >= 6 ? words[5] : "";
    if (!bytes_word.empty() && bytes_word.front() == '(') {
      bytes_word.remove_prefix(1);
    }
    const auto bytes = ParseUnsigned(bytes_word);
    if (!ops || !seconds || !bytes || *seconds == 0) {
      throw ImportError(line.number,
                        fmt::format("expected '<N> operations in <S> seconds (<B> bytes)' "
                                    "(tcrypt), found {}",
                                    QuoteForError(result)));
    }
    seconds_ = std::max(seconds_, static_cast<double>(*seconds));
    figure.count = *ops;
    figure.ops_per_s = static_cast<double>(*ops) / static_cast<double>(*seconds);
    figure.bytes_per_s = static_cast<double>(*bytes) / static_cast<double>(*seconds);
    if (*bytes != *ops * test.block_bytes) {
      figure.problem = fmt::format("{} operations of {} bytes are not the {} bytes printed", *ops,
                                   test.block_bytes, *bytes);
    }
    builder_.Add(figure);
    return Offer::kConsumed;
  }
  if (words.size() >= 4 && words[1] == "opers/sec,") {
    // "3411853 opers/sec,  54589648 bytes/sec"
    const auto ops = ParseUnsigned(words[0]);
    const auto bytes = ParseUnsigned(words[2]);
    if (!ops || !bytes || words[3] != "bytes/sec") {
      throw ImportError(line.number,
                        fmt::format("expected '<N> opers/sec, <B> bytes/sec' (tcrypt), found {}",
                                    QuoteForError(result)));
    }
    figure.ops_per_s = static_cast<double>(*ops);
    figure.bytes_per_s = static_cast<double>(*bytes);
    builder_.Add(figure);
    return Offer::kConsumed;
  }
  throw ImportError(line.number,
                    fmt::format("expected a tcrypt result ('<N> operations in <S> seconds (<B> "
                                "bytes)', '<N> opers/sec, <B> bytes/sec' or a cycle count), "
                                "found {}",
                                QuoteForError(result)));
}

results::RunResult TcryptParser::Build() {
  if (HasFigures()) {
    builder_.Caveat(
        "tcrypt counts the operations finished before its time (sec=) in jiffies has passed: "
        "wall-clock time at the kernel tick's resolution, the figures include the crypto API's "
        "request handling; the kernel driver that ran each test is the algorithm's "
        "implementation.");
  }
  if (async_) {
    builder_.Caveat(
        "Async tests submit each request and wait for its completion, so the figures include "
        "the driver's queueing and completion latency (large for offload engines at small "
        "sizes).");
  }
  if (seconds_ > 0 && builder_.run().method.max_seconds == 0) {
    builder_.run().method.max_seconds = seconds_;
  }
  if (!unnamed_.empty()) {
    builder_.Caveat(fmt::format(
        "{} {}: tcrypt results before any 'testing speed of' line, so their algorithm and "
        "direction are unknown; they are not imported.",
        unnamed_.size() == 1 ? "Line" : "Lines", LineList(unnamed_)));
  }
  if (!cycles_.empty()) {
    builder_.Caveat(fmt::format(
        "{} {}: cycle counts (tcrypt with sec=0) carry no time, so no rate can be computed; "
        "they are not imported.",
        cycles_.size() == 1 ? "Line" : "Lines", LineList(cycles_)));
  }
  if (!uncut_.empty()) {
    builder_.Caveat(
        fmt::format("{} {}: the 'testing speed of' line above them is cut before the direction "
                    "(encryption or decryption), so they are not imported.",
                    uncut_.size() == 1 ? "Line" : "Lines", LineList(uncut_)));
  }
  return builder_.Finish();
}

}  // namespace cryptobench::import
