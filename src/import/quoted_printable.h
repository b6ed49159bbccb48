// A paste copied from a mailing-list archive's raw message: a quoted-printable body (RFC 2045,
// section 6.7), whose long lines end in a soft line break '=' and whose '=', trailing blanks and
// non-ASCII bytes are escaped ("=3D", "=20", "=C2=A0"). Recognised only on strong evidence and
// decoded before anything else reads the paste.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::import {

/// A quoted-printable paste decoded, with where each of its lines came from.
struct QuotedPrintable {
  /// The decoded text: soft line breaks removed (each line joined with the next), "=XX"
  /// escapes decoded to their bytes, line ends as '\n'. "=0A" starts a new line.
  std::string text;
  /// For each line of `text` (split at '\n'), the 1-based line of the paste it starts on, so
  /// that errors and caveats name the file's lines.
  std::vector<size_t> line_numbers;
  size_t first_line = 0;   ///< 1-based line of the first soft break or escape
  size_t soft_breaks = 0;  ///< lines that ended in a soft line break
  size_t escapes = 0;      ///< "=XX" escapes decoded
};

/// `text` decoded if it is quoted-printable, else std::nullopt. The evidence must be strong,
/// since plain `openssl speed` output holds '=' too (`CPUINFO: OPENSSL_ia32cap=0x...`,
/// `-DOPENSSL_TLS_SECURITY_LEVEL=2`, `CFLAGS=-O2`) but never a soft break or an escape:
///  - every '=' of the text is either a soft line break (the last character of its line but
///    for blanks) or the start of an escape of two upper-case hexadecimal digits; a single other
///    '=' (as in the lines above) means the text is not quoted-printable;
///  - and at least two escapes of the characters an encoder must escape in such output ("=3D"
///    for '=', "=20" and "=09" for a blank before a line end), or one of them and a soft break,
///    or soft breaks on at least three lines of 40 to 77 characters (an encoder breaks lines
///    that would pass 76 characters);
///  - or a "Content-Transfer-Encoding: quoted-printable" header line (a raw message pasted with
///    its headers): then only the body, after the blank line that ends the headers, is read
///    and decoded (a header's own '=', as in 'charset="utf-8"', is no escape); the headers are
///    kept as they are.
/// A mail quote prefix ("> ") that a soft-broken line and its continuation both start with is
/// kept once. Trailing blanks of each encoded line (transport padding) are dropped, as RFC 2045
/// asks. Bytes decoded are copied as they are (UTF-8 stays UTF-8; the caller checks validity).
std::optional<QuotedPrintable> DecodeQuotedPrintable(std::string_view text);

}  // namespace cryptobench::import
