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
  bool diff = false;               ///< a `diff -y` block: every line split at the marker's layout
  /// diff -y's column width, in characters; 0 when not a diff -y block.
  size_t column_width = 0;
  /// Whether column_width is exact; else the width is column_width or one more (the layout
  /// fixes it to within one, and no half was of the larger width).
  bool column_width_exact = false;
  /// 1-based lines whose left (right) half is as wide as the columns, so may be cut: that
  /// half's last word was dropped.
  std::vector<size_t> left_cut_lines;
  std::vector<size_t> right_cut_lines;
};

/// Finds the first block of at least two consecutive lines that each split into two halves
/// that are both tool output of one format (or the same text twice); std::nullopt when the
/// paste has none.
std::optional<SideBySide> SplitSideBySide(std::string_view text);

}  // namespace cryptobench::import
