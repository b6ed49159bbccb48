// UTF-16 detection and decoding for import (text_encoding.h).
#include "import/text_encoding.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>

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

}  // namespace cryptobench::import
