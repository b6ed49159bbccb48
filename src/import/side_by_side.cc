// Splitting two runs pasted side by side into two columns.
#include "import/side_by_side.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "import/botan_speed.h"
#include "import/bssl_speed.h"
#include "import/kcapi_speed.h"
#include "import/mbedtls_bench.h"
#include "import/openssl_speed_text.h"
#include "import/parse_util.h"
#include "import/tcrypt.h"
#include "import/wolfcrypt_bench.h"

namespace cryptobench::import {
namespace {

// A short tag for the tool a line of output belongs to, or "" for any other line. Both halves
// of a side-by-side line are output of the same tool.
std::string_view Family(std::string_view trimmed) {
  if (trimmed.empty()) {
    return "";
  }
  const std::string_view tcrypt = TcryptBody(trimmed);
  if (StartsTcryptOutput(trimmed) ||
      (tcrypt.substr(0, 5) == "test " && tcrypt.find("):") != std::string_view::npos)) {
    return "tcrypt";
  }
  if (StartsWolfcryptOutput(trimmed) || trimmed.substr(0, 16) == "wolfSSL version ") {
    return "wolfcrypt";
  }
  if (IsKcapiSpeedLine(trimmed)) {
    return "kcapi";
  }
  if (IsBsslResultLine(trimmed)) {
    return "bssl";
  }
  if (IsBotanResultLine(trimmed)) {
    return "botan";
  }
  if (IsMbedtlsBenchLine(trimmed)) {
    return "mbedtls";
  }
  if (StartsSpeedText(trimmed) || LooksLikeSpeedRow(trimmed)) {
    return "openssl";
  }
  return "";
}

// A row of one of openssl speed's tables and nothing that starts its output: two of them on one
// line split only at a diff marker or a tab (`diff -y` marks each changed row with '|'), never
// at blanks alone, where a row's own wide gaps could be taken for the gap between columns.
bool IsSpeedRowOnly(std::string_view trimmed) {
  return !StartsSpeedText(trimmed) && LooksLikeSpeedRow(trimmed);
}

struct Split {
  std::string left;
  std::string right;
  bool tool = false;  ///< both halves are tool output (not only the same text twice)
};

std::string_view StripMarkers(std::string_view half, bool left) {
  half = Trim(half);
  if (left) {
    while (!half.empty() && (half.back() == '|' || half.back() == '<')) {
      half = Trim(half.substr(0, half.size() - 1));
    }
  } else {
    while (!half.empty() && (half.front() == '|' || half.front() == '>')) {
      half = Trim(half.substr(1));
    }
  }
  return half;
}

// The first place where `line` splits into two halves of one tool (or twice the same text):
// at a run of tabs, at a diff marker between blanks, or at a run of three or more blanks.
std::optional<Split> FindSplit(std::string_view line) {
  const auto is_gap = [](char c) {
    return c == ' ' || c == '\t' || c == '|' || c == '<' || c == '>';
  };
  std::optional<Split> same;
  // Two columns of tool output are a few hundred characters at most; a bound on the gaps
  // tried keeps a long line of junk linear.
  constexpr size_t kMaxLine = 1024;
  constexpr int kMaxGaps = 48;
  if (line.size() > kMaxLine) {
    return std::nullopt;
  }
  int gaps = 0;
  for (size_t i = 1; i + 1 < line.size() && gaps < kMaxGaps; ++i) {
    if (!is_gap(line[i]) || is_gap(line[i - 1])) {
      continue;
    }
    ++gaps;
    size_t j = i;
    bool marker = false;
    while (j < line.size() && is_gap(line[j])) {
      marker = marker || line[j] != ' ';
      ++j;
    }
    if (j >= line.size() || (!marker && j - i < 3)) {
      continue;
    }
    const std::string_view left = StripMarkers(line.substr(0, i), true);
    const std::string_view right = StripMarkers(line.substr(j), false);
    if (left.empty() || right.empty()) {
      continue;
    }
    const std::string_view family = Family(left);
    if (!family.empty() && family == Family(right) &&
        (marker || !(IsSpeedRowOnly(left) || IsSpeedRowOnly(right)))) {
      return Split{std::string(left), std::string(right), true};
    }
    if (!same && left == right) {
      same = Split{std::string(left), std::string(right), false};
    }
  }
  return same;
}

// A line `diff -y` prints for one side only: "LEFT <blanks> <" (a line only the left file has)
// or "<blanks> > RIGHT" (only the right file's), the blanks standing for the other column. Only
// tool output, and only where the blanks are wide (a tab or three or more blanks), so a quoted
// mail ("> Doing ...") or a line that merely ends in '<' is none.
std::optional<Split> FindOneSided(std::string_view line) {
  const auto wide = [](std::string_view gap) {
    return gap.find('\t') != std::string_view::npos || gap.size() >= 3;
  };
  const size_t last = line.find_last_not_of(" \t\r");
  if (last != std::string_view::npos && line[last] == '<' && last > 0) {
    const std::string_view before = line.substr(0, last);
    const size_t text_end = before.find_last_not_of(" \t");
    if (text_end != std::string_view::npos && wide(before.substr(text_end + 1))) {
      const std::string_view left = Trim(before.substr(0, text_end + 1));
      if (!Family(left).empty()) {
        return Split{std::string(left), "", true};
      }
    }
  }
  const size_t first = line.find_first_not_of(" \t");
  if (first != std::string_view::npos && first > 0 && line[first] == '>' &&
      wide(line.substr(0, first)) && first + 1 < line.size() &&
      (line[first + 1] == ' ' || line[first + 1] == '\t')) {
    const std::string_view right = Trim(line.substr(first + 1));
    if (!Family(right).empty()) {
      return Split{"", std::string(right), true};
    }
  }
  return std::nullopt;
}

std::vector<std::string_view> Lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      if (start < text.size()) {
        lines.push_back(text.substr(start));
      }
      break;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// "testing speed of X (driver...)" cut by the column width: the direction the right column's
// line of the same algorithm names.
void CompleteCutHeader(Split* split, size_t line, std::vector<std::string>* notes) {
  const std::string_view left = TcryptBody(split->left);
  const std::string_view right = TcryptBody(split->right);
  if (left.substr(0, 17) != "testing speed of " || right.substr(0, 17) != "testing speed of ") {
    return;
  }
  const std::vector<std::string_view> lw = SplitWords(left);
  const std::vector<std::string_view> rw = SplitWords(right);
  if (lw.size() < 4 || rw.size() < 5 || lw[3] != rw[3] ||
      (rw.back() != "encryption" && rw.back() != "decryption") || lw.back() == "encryption" ||
      lw.back() == "decryption") {
    return;
  }
  split->left = fmt::format("{} {}", split->left, rw.back());
  notes->push_back(fmt::format(
      "Line {}: the left column's 'testing speed of' line is cut at the column width; its "
      "direction ({}) is taken from the right column's line for the same algorithm.",
      line, rw.back()));
}

// `diff -y` (GNU diffutils) lays out every line of its output alike: the left file's line in
// the first half_width columns, a marker at column (half_width + offset - 1) / 2 ('|' changed,
// '<' left only, '>' right only, '/' or '\' a changed line without a newline, a blank for a
// line both files have), and the right file's line from column `offset`, both cut at
// half_width; tabs pad to those columns unless -t (src/diff.c computes half_width and offset
// from -W, src/side.c's print_1sdiff_line prints the line). So the marker's column and the
// right column's, found on the changed lines, split every line of the block, the unchanged
// ones included: their two halves are the same text.
struct DiffLayout {
  size_t marker = 0;  ///< display column of the marker, 0-based
  size_t right = 0;   ///< display column where the right half starts
};

bool IsDiffMarker(char c) { return c == '|' || c == '<' || c == '>' || c == '/' || c == '\\'; }

// `line` with its tabs expanded to stops of 8 (diff's), a CR at the end dropped; std::nullopt
// when longer than any two columns of tool output (a bound that keeps junk linear).
std::optional<std::string> ExpandTabs(std::string_view line) {
  constexpr size_t kMaxLine = 1024;
  if (!line.empty() && line.back() == '\r') {
    line.remove_suffix(1);
  }
  std::string out;
  for (const char c : line) {
    if (c == '\t') {
      out.append(8 - out.size() % 8, ' ');
    } else {
      out += c;
    }
    if (out.size() > kMaxLine) {
      return std::nullopt;
    }
  }
  return out;
}

bool Blank(std::string_view text) { return text.find_first_not_of(' ') == std::string_view::npos; }

std::string_view RightTrimmed(std::string_view text) {
  const size_t end = text.find_last_not_of(' ');
  return end == std::string_view::npos ? std::string_view() : text.substr(0, end + 1);
}

// The columns a marker at `at` in `line` would give: the marker stands alone between blanks and,
// for a line with a right half ('|', '/', '\', '>'), the column where that half starts (two or
// more columns on); std::nullopt when `at` holds no such marker.
std::optional<DiffLayout> MarkerAt(std::string_view line, size_t at) {
  if (at == 0 || at >= line.size() || !IsDiffMarker(line[at]) || line[at - 1] != ' ' ||
      (at + 1 < line.size() && line[at + 1] != ' ')) {
    return std::nullopt;
  }
  if (line[at] == '<') {
    return std::nullopt;  // no right half to place the right column
  }
  const size_t right = line.find_first_not_of(' ', at + 1);
  // diff puts the right column 2 to 6 columns after the marker (offset - marker is at most
  // (offset - half_width + 2) / 2, and offset - half_width is at most 11).
  if (right == std::string_view::npos || right < at + 2 || right > at + 6 ||
      (line[at] == '>' && !Blank(line.substr(0, at)))) {
    return std::nullopt;
  }
  return DiffLayout{at, right};
}

// The two halves of `line` (tabs expanded) in `layout`, or std::nullopt when the line is no line
// diff -y prints in that layout: its marker column holds no marker or blank, the gutter holds
// text, a line both files have differs between its halves, a '<' line has a right half or a
// '>' line a left one.
std::optional<Split> SplitAtLayout(std::string_view line, const DiffLayout& layout) {
  const size_t m = layout.marker;
  if (m >= 1 && m - 1 < line.size() && line[m - 1] != ' ') {
    return std::nullopt;
  }
  const char marker = m < line.size() ? line[m] : ' ';
  if (marker != ' ' && !IsDiffMarker(marker)) {
    return std::nullopt;
  }
  if (m + 1 < line.size() && !Blank(line.substr(m + 1, layout.right - m - 1))) {
    return std::nullopt;
  }
  const std::string_view left = RightTrimmed(line.substr(0, std::min(m, line.size())));
  const std::string_view right =
      layout.right < line.size() ? RightTrimmed(line.substr(layout.right)) : std::string_view();
  const bool ok = marker == ' '   ? left == right
                  : marker == '<' ? right.empty() && !left.empty()
                  : marker == '>' ? left.empty() && !right.empty()
                                  : !left.empty() || !right.empty();
  if (!ok) {
    return std::nullopt;
  }
  const bool tool = !Family(Trim(left)).empty() || !Family(Trim(right)).empty();
  return Split{std::string(left), std::string(right), tool};
}

// A block of `diff -y` output: lines [first, end) of `expanded` split in one layout.
struct DiffBlock {
  size_t first = 0;
  size_t end = 0;
  DiffLayout layout;
  std::vector<Split> splits;
};

// The first block of diff -y output in `expanded` (lines, tabs expanded; std::nullopt for a
// line too long to be one): at least two lines of tool output and a line with both halves, in
// the layout of a changed or right-only line's marker. Each layout is grown once from the
// first line that shows it; the right column is the leftmost a line with that marker column
// starts at (a right half may start with blanks of its own).
std::optional<DiffBlock> FindDiffBlock(const std::vector<std::optional<std::string>>& expanded) {
  // Columns are a few hundred characters at most; a bound on the markers tried per line keeps
  // a line of junk from costing more.
  constexpr int kMaxMarkersPerLine = 8;
  std::vector<std::pair<size_t, size_t>> layouts;  // marker column -> leftmost right column
  std::vector<size_t> first_seen;
  for (size_t n = 0; n < expanded.size(); ++n) {
    if (!expanded[n]) {
      continue;
    }
    int tried = 0;
    const std::string& line = *expanded[n];
    for (size_t at = 1; at < line.size() && tried < kMaxMarkersPerLine; ++at) {
      if (!IsDiffMarker(line[at])) {
        continue;
      }
      ++tried;
      const std::optional<DiffLayout> layout = MarkerAt(line, at);
      if (!layout) {
        continue;
      }
      const auto known = std::find_if(layouts.begin(), layouts.end(),
                                      [&](const auto& l) { return l.first == at; });
      if (known == layouts.end()) {
        layouts.emplace_back(at, layout->right);
        first_seen.push_back(n);
      } else {
        known->second = std::min(known->second, layout->right);
      }
    }
  }
  std::optional<DiffBlock> best;
  for (size_t k = 0; k < layouts.size(); ++k) {
    const DiffLayout layout{layouts[k].first, layouts[k].second};
    const size_t seed = first_seen[k];
    const auto split = [&](size_t n) {
      return expanded[n] ? SplitAtLayout(*expanded[n], layout) : std::nullopt;
    };
    if (!split(seed)) {
      continue;
    }
    size_t first = seed;
    while (first > 0 && split(first - 1)) {
      --first;
    }
    size_t end = seed + 1;
    while (end < expanded.size() && split(end)) {
      ++end;
    }
    DiffBlock block{first, end, layout, {}};
    size_t tool_lines = 0;
    size_t two_sided = 0;
    for (size_t n = first; n < end; ++n) {
      block.splits.push_back(*split(n));
      tool_lines += block.splits.back().tool ? 1 : 0;
      two_sided += !block.splits.back().left.empty() && !block.splits.back().right.empty();
    }
    // Blank lines at the block's edges belong to neither run's text more than to the paste's.
    while (block.end > block.first && block.splits.back().left.empty() &&
           block.splits.back().right.empty()) {
      block.splits.pop_back();
      --block.end;
    }
    while (block.first < block.end && block.splits.front().left.empty() &&
           block.splits.front().right.empty()) {
      block.splits.erase(block.splits.begin());
      ++block.first;
    }
    if (tool_lines >= 2 && two_sided > 0 && (!best || block.first < best->first)) {
      best = std::move(block);
    }
  }
  return best;
}

// The SideBySide of a diff -y block. A half as wide as the columns may be cut (diff cuts each
// at half_width, which marker = (half_width + right - 1) / 2 fixes to 2 * marker - right + 1
// or one more, at most marker - 1; a half of the larger width settles it): its last word, which
// may be part of a word or of a figure, is dropped, and the note names the line.
SideBySide FromDiffBlock(const std::vector<std::string_view>& lines, DiffBlock block) {
  SideBySide out;
  out.first_line = block.first + 1;
  out.last_line = block.end;
  out.diff = true;
  const size_t m = block.layout.marker;
  const size_t low = 2 * m + 1 > block.layout.right ? 2 * m + 1 - block.layout.right : 0;
  const size_t high = std::min(low + 1, m - 1);
  size_t longest = 0;
  for (const Split& split : block.splits) {
    longest = std::max({longest, split.left.size(), split.right.size()});
  }
  const size_t width = longest >= high ? high : low;
  out.column_width = width;
  out.column_width_exact = longest >= high || low == high;
  // A rule of '-', '=' or '*' (wolfCrypt's banner) says nothing a cut could lose.
  const auto rule = [](std::string_view half) {
    return half.find_first_not_of("-=* ") == std::string_view::npos;
  };
  for (size_t k = 0; k < block.splits.size(); ++k) {
    for (const bool left : {true, false}) {
      std::string& half = left ? block.splits[k].left : block.splits[k].right;
      if (width == 0 || half.size() < width || rule(half)) {
        continue;
      }
      const size_t last_gap = half.find_last_of(' ');
      half =
          std::string(RightTrimmed(half.substr(0, last_gap == std::string::npos ? 0 : last_gap)));
      (left ? out.left_cut_lines : out.right_cut_lines).push_back(block.first + k + 1);
    }
    CompleteCutHeader(&block.splits[k], block.first + k + 1, &out.notes);
  }
  for (size_t n = 0; n < lines.size(); ++n) {
    const bool inside = n >= block.first && n < block.end;
    out.left += inside ? block.splits[n - block.first].left : std::string(lines[n]);
    out.right += inside ? block.splits[n - block.first].right : "";
    out.left += '\n';
    out.right += '\n';
  }
  return out;
}

}  // namespace

std::optional<SideBySide> SplitSideBySide(std::string_view text) {
  const std::vector<std::string_view> lines = Lines(text);
  std::vector<std::optional<std::string>> expanded;
  expanded.reserve(lines.size());
  for (const std::string_view line : lines) {
    expanded.push_back(ExpandTabs(line));
  }
  if (std::optional<DiffBlock> block = FindDiffBlock(expanded)) {
    return FromDiffBlock(lines, std::move(*block));
  }
  size_t i = 0;
  while (i < lines.size()) {
    size_t end = i;
    size_t tool_lines = 0;
    size_t two_sided = 0;
    std::vector<Split> splits;
    while (end < lines.size()) {
      std::optional<Split> split = FindSplit(lines[end]);
      two_sided += split ? 1 : 0;
      if (!split) {
        split = FindOneSided(lines[end]);
      }
      if (!split) {
        break;
      }
      tool_lines += split->tool ? 1 : 0;
      splits.push_back(std::move(*split));
      ++end;
    }
    // A block of one-sided lines alone is no side-by-side paste.
    if (tool_lines >= 2 && two_sided > 0) {
      SideBySide out;
      out.first_line = i + 1;
      out.last_line = end;
      for (size_t k = 0; k < splits.size(); ++k) {
        CompleteCutHeader(&splits[k], i + k + 1, &out.notes);
      }
      for (size_t n = 0; n < lines.size(); ++n) {
        const bool inside = n >= i && n < end;
        out.left += inside ? splits[n - i].left : std::string(lines[n]);
        out.right += inside ? splits[n - i].right : "";
        out.left += '\n';
        out.right += '\n';
      }
      return out;
    }
    i = end > i ? end : i + 1;
  }
  return std::nullopt;
}

}  // namespace cryptobench::import
