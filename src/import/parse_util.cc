// Text helpers for the import parsers.
#include "import/parse_util.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace cryptobench::import {
namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::string QuoteForError(std::string_view text) {
  std::string out = "'";
  size_t i = 0;
  for (size_t chars = 0; i < text.size() && chars < kMaxQuotedChars; ++chars) {
    const size_t length = Utf8SequenceLength(text, i);
    if (length == 0) {
      out.append("\xef\xbf\xbd");  // U+FFFD REPLACEMENT CHARACTER
      ++i;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  if (i < text.size()) {
    while (out.size() > 1 && IsSpace(out.back())) {
      out.pop_back();
    }
    out.append("...");
  }
  out.push_back('\'');
  return out;
}

std::string ShortenJsonError(std::string_view message) {
  // "[json.exception.parse_error.101] " names the library's exception, not the problem.
  if (message.substr(0, 16) == "[json.exception.") {
    if (const size_t close = message.find("] "); close != std::string_view::npos) {
      message.remove_prefix(close + 2);
    }
  }
  // "...; last read: 'TOKEN'", or "...; last read: 'TOKEN'; expected ']'": TOKEN is cut. The
  // first marker is the parser's own; TOKEN (the input) may hold anything.
  constexpr std::string_view kMarker = "last read: '";
  const size_t at = message.find(kMarker);
  const size_t token = at == std::string_view::npos ? 0 : at + kMarker.size();
  size_t end = std::string_view::npos;
  if (at != std::string_view::npos) {
    const size_t expected = message.rfind("'; expected ");
    end = expected != std::string_view::npos && expected >= token ? expected
          : message.back() == '\''                                ? message.size() - 1
                                                                  : std::string_view::npos;
  }
  if (end == std::string_view::npos) {
    // No token to cut: a message of the parser's own, kept whole unless it is huge.
    constexpr size_t kMaxMessage = 400;
    if (message.size() <= kMaxMessage) {
      return std::string(message);
    }
    size_t cut = kMaxMessage;
    while (cut > 0 && (static_cast<unsigned char>(message[cut]) & 0xC0) == 0x80) {
      --cut;  // not inside a UTF-8 sequence
    }
    return std::string(message.substr(0, cut)) + "...";
  }
  return std::string(message.substr(0, token - 1)) +
         QuoteForError(message.substr(token, end - token)) + std::string(message.substr(end + 1));
}

std::string_view Trim(std::string_view text) {
  while (!text.empty() && IsSpace(text.front())) {
    text.remove_prefix(1);
  }
  while (!text.empty() && IsSpace(text.back())) {
    text.remove_suffix(1);
  }
  return text;
}

std::vector<std::string_view> SplitWords(std::string_view text) {
  std::vector<std::string_view> words;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && IsSpace(text[i])) {
      ++i;
    }
    const size_t start = i;
    while (i < text.size() && !IsSpace(text[i])) {
      ++i;
    }
    if (i > start) {
      words.push_back(text.substr(start, i - start));
    }
  }
  return words;
}

std::string JoinWords(const std::vector<std::string_view>& words, size_t begin, size_t end) {
  std::string out;
  for (size_t i = begin; i < end && i < words.size(); ++i) {
    if (i > begin) {
      out.push_back(' ');
    }
    out.append(words[i]);
  }
  return out;
}

std::vector<std::string_view> SplitFields(std::string_view text, char separator) {
  std::vector<std::string_view> fields;
  size_t start = 0;
  while (true) {
    const size_t end = text.find(separator, start);
    if (end == std::string_view::npos) {
      fields.push_back(text.substr(start));
      return fields;
    }
    fields.push_back(text.substr(start, end - start));
    start = end + 1;
  }
}

bool StartsWithNoCase(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) {
    return false;
  }
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) !=
        std::tolower(static_cast<unsigned char>(prefix[i]))) {
      return false;
    }
  }
  return true;
}

std::string ToLower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

std::optional<double> ParseDouble(std::string_view text) {
  if (text.empty() || text.size() > 64) {
    return std::nullopt;
  }
  std::string_view body = text;
  bool negative = false;
  if (body.front() == '-' || body.front() == '+') {
    negative = body.front() == '-';
    body.remove_prefix(1);
  }
  const std::string lower = ToLower(body);
  if (lower == "inf" || lower == "infinity") {
    return negative ? -std::numeric_limits<double>::infinity()
                    : std::numeric_limits<double>::infinity();
  }
  if (lower == "nan") {
    return std::numeric_limits<double>::quiet_NaN();
  }
  // from_chars would accept "inf" and hex forms too; only plain decimal is a printed figure.
  bool digit_seen = false;
  for (char c : body) {
    if (IsDigit(c)) {
      digit_seen = true;
    } else if (c != '.' && c != 'e' && c != 'E' && c != '-' && c != '+') {
      return std::nullopt;
    }
  }
  if (!digit_seen || !(IsDigit(body.front()) || body.front() == '.')) {
    return std::nullopt;
  }
  double value = 0;
  const auto [end, error] = std::from_chars(body.data(), body.data() + body.size(), value);
  if (error != std::errc() || end != body.data() + body.size()) {
    return std::nullopt;
  }
  return negative ? -value : value;
}

std::optional<double> ParseSpeedFigure(std::string_view word) {
  if (EndsWith(word, "k")) {
    const auto value = ParseDouble(word.substr(0, word.size() - 1));
    return value ? std::optional<double>(*value * 1000) : std::nullopt;
  }
  return ParseDouble(word);
}

bool EndsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

std::optional<double> ParseSeconds(std::string_view word) {
  if (word.size() < 2 || word.back() != 's') {
    return std::nullopt;
  }
  return ParseDouble(word.substr(0, word.size() - 1));
}

std::optional<unsigned long long> ParseUnsigned(std::string_view text) {
  if (text.empty() || text.size() > 18) {
    return std::nullopt;
  }
  unsigned long long value = 0;
  for (char c : text) {
    if (!IsDigit(c)) {
      return std::nullopt;
    }
    value = value * 10 + static_cast<unsigned long long>(c - '0');
  }
  return value;
}

std::string ImplausibleFigure(double ops_per_s, const double* bytes_per_s) {
  if (bytes_per_s != nullptr) {
    if (std::isfinite(*bytes_per_s) && *bytes_per_s > kMaxPlausibleBytesPerSecond) {
      return fmt::format(
          "{:.3g} bytes/s is above {:.0e} bytes/s (1 PB/s, a thousand times the memory "
          "bandwidth of the largest servers), which no hardware reaches",
          *bytes_per_s, kMaxPlausibleBytesPerSecond);
    }
    return "";
  }
  if (std::isfinite(ops_per_s) && ops_per_s > kMaxPlausibleOpsPerSecond) {
    return fmt::format(
        "{:.3g} operations/s is above {:.0e} (a thousand cores each finishing one operation per "
        "nanosecond), which no hardware reaches",
        ops_per_s, kMaxPlausibleOpsPerSecond);
  }
  return "";
}

bool LooksNumeric(std::string_view text) {
  size_t i = 0;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) {
    ++i;
  }
  if (i < text.size() && text[i] == '.') {
    ++i;
  }
  return i < text.size() && IsDigit(text[i]);
}

bool IsRejectedFigureMessage(std::string_view message) {
  return message.starts_with(kImpossibleFigurePrefix) ||
         message.starts_with(kImplausibleFigurePrefix) ||
         message.starts_with(kImpossibleTimerPrefix);
}

}  // namespace cryptobench::import
