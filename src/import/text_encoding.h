// The encoding of a file handed to import: UTF-16 text (Windows PowerShell's `>` and
// Out-File write UTF-16LE with a byte order mark) is decoded to the UTF-8 the parsers read.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace cryptobench::import {

/// The byte order of a UTF-16 text.
enum class Utf16Order { kLittleEndian, kBigEndian };

/// The byte order if `bytes` is UTF-16 text: a byte order mark (FF FE: little-endian, FE FF:
/// big-endian), or, without one, the pattern text of mostly ASCII characters has in UTF-16:
/// among the first 32 code units (at least 4), no low byte is NUL and at least three in four
/// high bytes are. nullopt for anything else: UTF-8 (which never holds the bytes FF or FE, nor
/// NUL in text), ASCII, or a text too short to tell.
std::optional<Utf16Order> DetectUtf16(std::string_view bytes);

/// `bytes` read as UTF-16 in `order` and written as UTF-8, a byte order mark at the start
/// dropped: surrogate pairs become one character; an unpaired surrogate, and an odd byte at
/// the end, each become U+FFFD. The result is at most 3/2 of `bytes`' size plus 3 bytes.
std::string Utf16ToUtf8(std::string_view bytes, Utf16Order order);

/// A document read whole (a result JSON) as the UTF-8 its parser reads: UTF-16 (DetectUtf16)
/// decoded by Utf16ToUtf8, a UTF-8 byte order mark dropped, anything else as it is. For a
/// pasted text, import's ImportText decodes instead and says so in a caveat.
std::string DocumentAsUtf8(std::string bytes);

}  // namespace cryptobench::import
