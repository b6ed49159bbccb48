// Quoted-printable pastes (quoted_printable.h).
#include "import/quoted_printable.h"

#include <algorithm>
#include <cctype>
#include <cstddef>

#include "core/hex.h"

namespace cryptobench::import {
namespace {

// RFC 2045 6.7: an encoded line is at most 76 characters; one more is allowed for a CR some
// archives keep. A soft break on a much shorter line is no sign of an encoder.
constexpr size_t kMinSoftBreakWidth = 40;
constexpr size_t kMaxEncodedWidth = 77;
constexpr size_t kMinSoftBreakLines = 3;
constexpr size_t kMinStrongEscapes = 2;

bool QpIsUpperHex(char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'); }

// A physical line without its line end and trailing blanks (transport padding, RFC 2045 6.7
// rule 3).
std::string_view QpContent(std::string_view line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) {
    line.remove_suffix(1);
  }
  return line;
}

// "> ", ">> ", "> > ": a mail quote prefix, through its last '>' and one blank after it.
std::string_view QpQuotePrefix(std::string_view line) {
  size_t end = 0;
  for (size_t i = 0; i < line.size() && (line[i] == '>' || line[i] == ' '); ++i) {
    if (line[i] == '>') {
      end = i + 1;
      if (end < line.size() && line[end] == ' ') {
        ++end;
      }
    }
  }
  return line.substr(0, end);
}

// "Content-Transfer-Encoding: quoted-printable", in any case (RFC 2045 6.1, 5.1: header names
// and the mechanism are case-insensitive).
bool QpIsEncodingHeader(std::string_view line) {
  constexpr std::string_view kName = "content-transfer-encoding:";
  if (line.size() < kName.size()) {
    return false;
  }
  std::string lower(line);
  for (char& c : lower) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (!lower.starts_with(kName)) {
    return false;
  }
  std::string_view value = std::string_view(lower).substr(kName.size());
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) {
    value.remove_prefix(1);
  }
  return value == "quoted-printable";
}

struct QpEvidence {
  size_t soft_breaks = 0;
  size_t wide_soft_breaks = 0;
  size_t escapes = 0;
  size_t strong_escapes = 0;
  size_t first_line = 0;
};

// Counts soft breaks and escapes of `lines`, the first of which is line `offset` + 1 of the
// paste; std::nullopt at the first '=' that is neither.
std::optional<QpEvidence> QpSurvey(const std::vector<std::string_view>& lines, size_t offset) {
  QpEvidence evidence;
  for (size_t index = 0; index < lines.size(); ++index) {
    const std::string_view line = QpContent(lines[index]);
    for (size_t i = 0; i < line.size(); ++i) {
      if (line[i] != '=') {
        continue;
      }
      if (i + 1 == line.size()) {
        ++evidence.soft_breaks;
        if (line.size() >= kMinSoftBreakWidth && line.size() <= kMaxEncodedWidth) {
          ++evidence.wide_soft_breaks;
        }
      } else if (i + 2 < line.size() && QpIsUpperHex(line[i + 1]) && QpIsUpperHex(line[i + 2])) {
        ++evidence.escapes;
        const std::string_view code = line.substr(i + 1, 2);
        if (code == "3D" || code == "20" || code == "09") {
          ++evidence.strong_escapes;
        }
        i += 2;
      } else {
        return std::nullopt;  // "ia32cap=0x...", "LEVEL=2", "CFLAGS=-O2": plain text
      }
      if (evidence.first_line == 0) {
        evidence.first_line = offset + index + 1;
      }
    }
  }
  return evidence;
}

}  // namespace

std::optional<QuotedPrintable> DecodeQuotedPrintable(std::string_view text) {
  if (text.find('=') == std::string_view::npos) {
    return std::nullopt;
  }
  std::vector<std::string_view> lines;
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      end = text.size();
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  // A raw message pasted with its headers: "Content-Transfer-Encoding: quoted-printable" says
  // so, and the body starts after the blank line that ends the headers (whose own '='s, as in
  // 'charset="utf-8"', are no escapes).
  size_t body = 0;
  bool declared = false;
  for (size_t index = 0; index < lines.size() && !declared; ++index) {
    if (QpIsEncodingHeader(QpContent(lines[index]))) {
      declared = true;
      body = index + 1;
      while (body < lines.size() && !QpContent(lines[body]).empty()) {
        ++body;
      }
    }
  }
  const std::optional<QpEvidence> evidence = QpSurvey(
      std::vector<std::string_view>(
          lines.begin() + static_cast<std::ptrdiff_t>(std::min(body, lines.size())), lines.end()),
      body);
  if (!evidence) {
    return std::nullopt;
  }
  const bool strong = declared || evidence->strong_escapes >= kMinStrongEscapes ||
                      (evidence->strong_escapes >= 1 && evidence->soft_breaks >= 1) ||
                      evidence->wide_soft_breaks >= kMinSoftBreakLines;
  if (!strong || evidence->soft_breaks + evidence->escapes == 0) {
    return std::nullopt;
  }
  QuotedPrintable out;
  out.first_line = evidence->first_line;
  out.soft_breaks = evidence->soft_breaks;
  std::string current;      // the decoded line being built
  size_t current_from = 0;  // its 1-based first line in the paste
  std::string_view prefix;  // the quote prefix of its first physical line
  bool continuing = false;  // the physical line before ended in a soft break
  const auto finish = [&] {
    out.text += current;
    out.text.push_back('\n');
    out.line_numbers.push_back(current_from);
    current.clear();
  };
  for (size_t index = 0; index < lines.size(); ++index) {
    if (index < body) {
      // The message's headers, as they are.
      current_from = index + 1;
      current = std::string(lines[index]);
      if (!current.empty() && current.back() == '\r') {
        current.pop_back();
      }
      finish();
      continue;
    }
    std::string_view line = QpContent(lines[index]);
    if (continuing) {
      if (!prefix.empty() && line.starts_with(prefix)) {
        line.remove_prefix(prefix.size());  // the quote prefix is the line's, not its content's
      }
    } else {
      current_from = index + 1;
      prefix = QpQuotePrefix(line);
    }
    continuing = !line.empty() && line.back() == '=';
    if (continuing) {
      line.remove_suffix(1);
    }
    for (size_t i = 0; i < line.size(); ++i) {
      if (line[i] == '=' && i + 2 < line.size() && HexDigitValue(line[i + 1]) >= 0 &&
          HexDigitValue(line[i + 2]) >= 0) {
        const char byte =
            static_cast<char>(HexDigitValue(line[i + 1]) * 16 + HexDigitValue(line[i + 2]));
        i += 2;
        ++out.escapes;
        if (byte == '\n') {
          finish();  // an encoded line end: the same line of the paste goes on
        } else if (byte != '\r') {
          current.push_back(byte);
        }
      } else {
        current.push_back(line[i]);
      }
    }
    if (!continuing) {
      finish();
    }
  }
  if (continuing) {
    finish();  // a soft break on the last line joins nothing
  }
  // The paste's own last line end, if it had one, is no line of its own.
  if (text.ends_with('\n') && !out.line_numbers.empty()) {
    out.text.pop_back();
    out.line_numbers.pop_back();
  }
  if (!out.text.empty() && out.text.back() == '\n' && !text.ends_with('\n')) {
    out.text.pop_back();
  }
  return out;
}

}  // namespace cryptobench::import
