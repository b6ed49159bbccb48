// Splitting two runs pasted side by side into two columns.
#include "import/side_by_side.h"

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

}  // namespace

std::optional<SideBySide> SplitSideBySide(std::string_view text) {
  const std::vector<std::string_view> lines = Lines(text);
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
