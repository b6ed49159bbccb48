// Two runs pasted side by side: `diff --side-by-side` (columns split by " | ", "<", ">" or
// blanks), `paste` (a tab), or two terminals copied next to each other. Each line of such a
// block holds a line of one run on the left and the same line of the other run on the right.
// Import reads the two columns as two runs (tcrypt, wolfCrypt, openssl speed and the other
// formats import reads), keeping every line's number.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::import {

/// The columns of the side-by-side block of a paste, each as a whole text with the paste's
/// line numbering: `left` is the paste with the block's lines replaced by their left halves;
/// `right` holds only the block's right halves (other lines empty).
struct SideBySide {
  std::string left;
  std::string right;
  size_t first_line = 0;  ///< 1-based, first line of the block
  size_t last_line = 0;
  std::vector<std::string> notes;  ///< caveats about repairs (a cut header completed)
};

/// Finds the first block of at least two consecutive lines that each split into two halves
/// that are both tool output of one format (or the same text twice); std::nullopt when the
/// paste has none.
std::optional<SideBySide> SplitSideBySide(std::string_view text);

}  // namespace cryptobench::import
