// UTF-8 validity (RFC 3629): for strings taken from outside (pastes, library output, a
// database) that must go into JSON or a PostgreSQL text column.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cryptobench {

/// Length in bytes (1 to 4) of the valid UTF-8 sequence that starts at text[i], or 0 when the
/// bytes there are not one (RFC 3629, section 4: no overlong forms, no surrogates, nothing above
/// U+10FFFF; a sequence cut by the end of `text` is not valid). `i` must be below text.size().
size_t Utf8SequenceLength(std::string_view text, size_t i);

/// `text` with every byte sequence that is not valid UTF-8 replaced by U+FFFD (one per byte), so
/// the strings taken from a paste (Latin-1, binary junk) can go into JSON.
std::string ValidUtf8(std::string_view text);

}  // namespace cryptobench
