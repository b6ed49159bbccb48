// The encoding of a file handed to import: UTF-16 text (Windows PowerShell's `>` and
// Out-File write UTF-16LE with a byte order mark) is decoded to the UTF-8 the parsers read, and
// what a web page does to pasted text (HTML character references, non-breaking spaces,
// typographic quotes and dashes) is undone.
#pragma once

#include <cstddef>
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

/// A paste as import reads it (NormalisePastedText), and where it differed from the file.
struct PastedText {
  /// The text with the same lines (no line end is added or removed) and the same digits.
  std::string text;
  /// 1-based line of the first HTML character reference decoded; 0 if the paste held none.
  size_t html_line = 0;
  /// 1-based line of the first non-breaking space, typographic quote or dash read as ASCII;
  /// 0 if none was.
  size_t typography_line = 0;
};

/// `text` (UTF-8) with what copying from a web page or a word processor does to tool output
/// undone, in one pass, so every parser reads ASCII where the tool printed it:
///  - if the text is HTML-escaped (holds one of the references below), the references
///    &amp; &lt; &gt; &quot; &apos; &nbsp; and numeric ones (&#39; &#x27;) are decoded, once
///    ("&amp;gt;" becomes "&gt;"); a numeric one of a control character (a line end among
///    them), a surrogate or past U+10FFFF is left as it is. A "&gt; " quote prefix thus
///    becomes the "> " CleanPaste strips;
///  - U+00A0, U+2007 and U+202F (no-break, figure and narrow no-break spaces) become spaces;
///  - U+2018/U+2019 become "'" and U+201C/U+201D '"' ("RSA’s", "The ’numbers’ are");
///  - U+2013/U+2014 (en and em dash) at a word's start before a letter become '-' ("openssl
///    speed –evp"); elsewhere (prose's dashes) they stay.
/// Anything else, figures among it, is copied as it is. The result is no longer than `text`.
PastedText NormalisePastedText(std::string_view text);

}  // namespace cryptobench::import
