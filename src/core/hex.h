// Hexadecimal encoding of byte strings (test vectors, keys, digests).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench {

/// The value (0-15) of one hex digit of either case; -1 for any other character.
int HexDigitValue(char c);

/// Decodes hex digits (either case; spaces, tabs and newlines ignored) into bytes.
/// Throws std::invalid_argument on a non-hex character or an odd number of digits.
std::vector<uint8_t> HexDecode(std::string_view hex);

/// Encodes bytes as lower-case hex, two digits per byte.
std::string HexEncode(std::span<const uint8_t> bytes);

}  // namespace cryptobench
