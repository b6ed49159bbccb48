// UTF-16 detection and decoding, and the undoing of web typography, for import
// (text_encoding.h).
#include "import/text_encoding.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <tuple>
#include <utility>

namespace cryptobench::import {
namespace {

constexpr size_t kSampleUnits = 32;  // code units DetectUtf16 looks at without a BOM
constexpr size_t kMinSampleUnits = 4;
constexpr char32_t kReplacement = 0xFFFD;

uint16_t Unit(std::string_view bytes, size_t at, Utf16Order order) {
  const auto first = static_cast<unsigned char>(bytes[at]);
  const auto second = static_cast<unsigned char>(bytes[at + 1]);
  return order == Utf16Order::kLittleEndian ? static_cast<uint16_t>(first | (second << 8))
                                            : static_cast<uint16_t>((first << 8) | second);
}

void AppendUtf8(char32_t c, std::string* out) {
  if (c < 0x80) {
    out->push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (c >> 6)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (c >> 12)));
    out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (c >> 18)));
    out->push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

bool IsHighSurrogate(uint16_t unit) { return unit >= 0xD800 && unit <= 0xDBFF; }
bool IsLowSurrogate(uint16_t unit) { return unit >= 0xDC00 && unit <= 0xDFFF; }

}  // namespace

std::optional<Utf16Order> DetectUtf16(std::string_view bytes) {
  if (bytes.starts_with("\xff\xfe")) {
    return Utf16Order::kLittleEndian;
  }
  if (bytes.starts_with("\xfe\xff")) {
    return Utf16Order::kBigEndian;
  }
  const size_t units = std::min(bytes.size() / 2, kSampleUnits);
  if (units < kMinSampleUnits) {
    return std::nullopt;
  }
  // NULs at even offsets (the high bytes of big-endian units) and at odd offsets.
  size_t even_nul = 0;
  size_t odd_nul = 0;
  for (size_t i = 0; i < units; ++i) {
    even_nul += bytes[2 * i] == '\0' ? 1 : 0;
    odd_nul += bytes[2 * i + 1] == '\0' ? 1 : 0;
  }
  if (even_nul == 0 && odd_nul * 4 >= units * 3) {
    return Utf16Order::kLittleEndian;
  }
  if (odd_nul == 0 && even_nul * 4 >= units * 3) {
    return Utf16Order::kBigEndian;
  }
  return std::nullopt;
}

std::string Utf16ToUtf8(std::string_view bytes, Utf16Order order) {
  std::string out;
  out.reserve(bytes.size() + bytes.size() / 2 + 3);
  size_t at = 0;
  if (bytes.size() >= 2 && Unit(bytes, 0, order) == 0xFEFF) {
    at = 2;  // the byte order mark
  }
  for (; at + 1 < bytes.size(); at += 2) {
    const uint16_t unit = Unit(bytes, at, order);
    if (IsHighSurrogate(unit) && at + 3 < bytes.size() &&
        IsLowSurrogate(Unit(bytes, at + 2, order))) {
      const uint16_t low = Unit(bytes, at + 2, order);
      AppendUtf8(0x10000 + ((static_cast<char32_t>(unit) - 0xD800) << 10) + (low - 0xDC00), &out);
      at += 2;
    } else if (IsHighSurrogate(unit) || IsLowSurrogate(unit)) {
      AppendUtf8(kReplacement, &out);
    } else {
      AppendUtf8(unit, &out);
    }
  }
  if (at < bytes.size()) {
    AppendUtf8(kReplacement, &out);  // an odd byte at the end: half a code unit
  }
  return out;
}

std::string DocumentAsUtf8(std::string bytes) {
  if (const std::optional<Utf16Order> order = DetectUtf16(bytes)) {
    return Utf16ToUtf8(bytes, *order);
  }
  constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
  if (std::string_view(bytes).substr(0, kUtf8Bom.size()) == kUtf8Bom) {
    bytes.erase(0, kUtf8Bom.size());
  }
  return bytes;
}

namespace {

// The HTML character references pastes hold (a web page's source, a forum's or a mail's HTML
// export): name → the character, as UTF-8.
constexpr std::pair<std::string_view, std::string_view> kNamedReferences[] = {
    {"amp", "&"}, {"lt", "<"}, {"gt", ">"}, {"quot", "\""}, {"apos", "'"}, {"nbsp", "\xC2\xA0"},
};
constexpr size_t kMaxReferenceDigits = 7;  // &#1114111; is the largest code point

// The character a reference at `text[at]` ('&') stands for, and its length; nullopt if none
// of kNamedReferences nor a numeric one (&#NN; &#xHH;) of a character that is neither a
// control (so no line is added or removed), a surrogate nor past U+10FFFF.
std::optional<std::pair<char32_t, size_t>> Reference(std::string_view text, size_t at) {
  const std::string_view rest = text.substr(at + 1, kMaxReferenceDigits + 3);
  const size_t semicolon = rest.find(';');
  if (semicolon == std::string_view::npos || semicolon == 0) {
    return std::nullopt;
  }
  const std::string_view body = rest.substr(0, semicolon);
  if (body[0] != '#') {
    for (const auto& [name, value] : kNamedReferences) {
      if (body == name) {
        const char32_t c = value == "\xC2\xA0" ? 0xA0 : static_cast<unsigned char>(value[0]);
        return std::pair{c, semicolon + 2};
      }
    }
    return std::nullopt;
  }
  const bool hex = body.size() > 1 && (body[1] == 'x' || body[1] == 'X');
  const std::string_view digits = body.substr(hex ? 2 : 1);
  if (digits.empty() || digits.size() > kMaxReferenceDigits) {
    return std::nullopt;
  }
  char32_t c = 0;
  for (char d : digits) {
    int value = -1;
    if (d >= '0' && d <= '9') {
      value = d - '0';
    } else if (hex && d >= 'a' && d <= 'f') {
      value = d - 'a' + 10;
    } else if (hex && d >= 'A' && d <= 'F') {
      value = d - 'A' + 10;
    }
    if (value < 0) {
      return std::nullopt;
    }
    c = c * (hex ? 16 : 10) + static_cast<char32_t>(value);
  }
  if ((c < 0x20 && c != '\t') || (c >= 0x7F && c < 0xA0) || (c >= 0xD800 && c <= 0xDFFF) ||
      c > 0x10FFFF) {
    return std::nullopt;
  }
  return std::pair{c, semicolon + 2};
}

// The code point of the UTF-8 sequence at `text[at]` and its length, for the two- and
// three-byte sequences NormalisePastedText maps; {0, 1} for anything else.
std::pair<char32_t, size_t> Utf8At(std::string_view text, size_t at) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[at + k]); };
  if (byte(0) == 0xC2 && at + 1 < text.size() && (byte(1) & 0xC0) == 0x80) {
    return {byte(1), 2};
  }
  if (byte(0) == 0xE2 && at + 2 < text.size() && (byte(1) & 0xC0) == 0x80 &&
      (byte(2) & 0xC0) == 0x80) {
    return {0x2000 + ((byte(1) & 0x3F) << 6) + (byte(2) & 0x3F), 3};
  }
  return {0, 1};
}

// The ASCII a web page's or word processor's typography stands for: a non-breaking or figure
// space a space, curly quotes straight ones, and a dash (en or em) before an option's letter
// ("openssl speed –evp", where a blog's typography turned '-' or '--' into a dash) '-'; 0 for
// any other character.
char AsciiOf(char32_t c, bool starts_word, char next) {
  switch (c) {
    case 0xA0:    // no-break space
    case 0x2007:  // figure space
    case 0x202F:  // narrow no-break space
      return ' ';
    case 0x2018:
    case 0x2019:
      return '\'';
    case 0x201C:
    case 0x201D:
      return '"';
    case 0x2013:
    case 0x2014: {
      const bool letter = (next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z');
      return starts_word && letter ? '-' : 0;
    }
    default:
      return 0;
  }
}

// True if `text` holds one of the character references Reference decodes: a paste of HTML
// source, where a tool's '>' and "'" became "&gt;" and "&#39;".
bool IsHtmlEscaped(std::string_view text) {
  for (size_t at = text.find('&'); at != std::string_view::npos; at = text.find('&', at + 1)) {
    if (Reference(text, at)) {
      return true;
    }
  }
  return false;
}

}  // namespace

PastedText NormalisePastedText(std::string_view text) {
  PastedText out;
  out.text.reserve(text.size());
  const bool escaped = IsHtmlEscaped(text);
  size_t line = 1;
  for (size_t at = 0; at < text.size();) {
    char32_t c = 0;
    size_t length = 1;
    bool reference = false;
    if (text[at] == '&' && escaped) {
      if (const auto decoded = Reference(text, at)) {
        std::tie(c, length) = *decoded;
        reference = true;
      }
    } else if (text[at] == '\xC2' || text[at] == '\xE2') {
      std::tie(c, length) = Utf8At(text, at);
    }
    if (c == 0) {
      line += text[at] == '\n' ? 1 : 0;
      out.text.push_back(text[at]);
      ++at;
      continue;
    }
    const bool starts_word = out.text.empty() || out.text.back() == ' ' ||
                             out.text.back() == '\t' || out.text.back() == '\n';
    const char next = at + length < text.size() ? text[at + length] : '\0';
    if (reference && out.html_line == 0) {
      out.html_line = line;
    }
    if (const char ascii = AsciiOf(c, starts_word, next)) {
      out.text.push_back(ascii);
      if (out.typography_line == 0) {
        out.typography_line = line;
      }
    } else if (reference) {
      AppendUtf8(c, &out.text);
    } else {
      out.text.append(text.substr(at, length));
    }
    at += length;
  }
  return out;
}

}  // namespace cryptobench::import
