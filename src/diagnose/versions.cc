// Library versions and ranges (versions.h).
#include "diagnose/versions.h"

#include <cctype>
#include <stdexcept>

#include <fmt/format.h>

namespace cryptobench::diagnose {
namespace {

std::string_view Trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  return text;
}

bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

std::optional<int> Stage(std::string_view word) {
  if (word == "dev") {
    return 0;
  }
  if (word == "alpha") {
    return 1;
  }
  if (word == "beta") {
    return 2;
  }
  if (word == "rc" || word == "pre") {
    return 3;
  }
  return std::nullopt;
}

int Sign(int a, int b) { return a < b ? -1 : (a > b ? 1 : 0); }

}  // namespace

std::optional<LibraryVersion> ParseLibraryVersion(std::string_view text) {
  text = Trim(text);
  for (std::string_view prefix : {"OpenSSL ", "LibreSSL ", "v"}) {
    if (text.starts_with(prefix)) {
      text.remove_prefix(prefix.size());
    }
  }
  LibraryVersion v;
  v.text = std::string(text);
  size_t pos = 0;
  const bool date = text.size() == 10 && text[4] == '-' && text[7] == '-';
  const char separator = date ? '-' : '.';
  while (true) {
    if (pos >= text.size() || !IsDigit(text[pos])) {
      return std::nullopt;
    }
    int number = 0;
    size_t digits = 0;
    while (pos < text.size() && IsDigit(text[pos])) {
      if (++digits > 9) {
        return std::nullopt;
      }
      number = number * 10 + (text[pos++] - '0');
    }
    v.numbers.push_back(number);
    if (v.numbers.size() > 4) {
      return std::nullopt;
    }
    if (pos < text.size() && text[pos] == separator && (date ? v.numbers.size() < 3 : true)) {
      ++pos;
      continue;
    }
    break;
  }
  if (date) {
    return pos == text.size() && v.numbers.size() == 3 ? std::optional(v) : std::nullopt;
  }
  // OpenSSL's letter: "1.1.1d" (a lowercase letter right after the last number).
  if (pos < text.size() && std::islower(static_cast<unsigned char>(text[pos])) &&
      (pos + 1 == text.size() || text[pos + 1] == '-')) {
    v.letter = text[pos] - 'a' + 1;
    ++pos;
  }
  if (pos < text.size() && text[pos] == '-') {
    ++pos;
    size_t end = pos;
    while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) {
      ++end;
    }
    const std::optional<int> stage = Stage(text.substr(pos, end - pos));
    if (!stage) {
      return std::nullopt;
    }
    v.stage = stage;
    pos = end;
    while (pos < text.size() && IsDigit(text[pos])) {
      v.stage_number = v.stage_number * 10 + (text[pos++] - '0');
      if (v.stage_number > 1000000) {
        return std::nullopt;
      }
    }
  }
  return pos == text.size() ? std::optional(v) : std::nullopt;
}

int CompareToBound(const LibraryVersion& version, const LibraryVersion& bound) {
  for (size_t i = 0; i < bound.numbers.size(); ++i) {
    const int mine = i < version.numbers.size() ? version.numbers[i] : 0;
    if (const int s = Sign(mine, bound.numbers[i]); s != 0) {
      return s;
    }
  }
  if (bound.letter != 0) {
    if (const int s = Sign(version.letter, bound.letter); s != 0) {
      return s;
    }
  }
  if (bound.stage) {
    // A release (no stage) comes after every pre-release of its numbers.
    const int mine = version.stage.value_or(4);
    if (const int s = Sign(mine, *bound.stage); s != 0) {
      return s;
    }
    if (version.stage) {
      return Sign(version.stage_number, bound.stage_number);
    }
  }
  return 0;
}

bool VersionRange::Contains(const LibraryVersion& version) const {
  for (const VersionInterval& interval : intervals) {
    const bool above_low = !interval.low || CompareToBound(version, *interval.low) >= 0;
    const bool below_high = !interval.high || CompareToBound(version, *interval.high) <= 0;
    if (above_low && below_high) {
      return true;
    }
  }
  return false;
}

bool VersionRange::OverlapsLine(const LibraryVersion& line) const {
  // Compare each bound with the line on the line's numbers only: the interval reaches into
  // the line when its low bound is not past the line and its high bound not before it.
  LibraryVersion numbers_only;
  numbers_only.numbers = line.numbers;
  for (const VersionInterval& interval : intervals) {
    auto cut = [&](const LibraryVersion& bound) {
      LibraryVersion b;
      b.numbers.assign(bound.numbers.begin(),
                       bound.numbers.begin() + static_cast<std::ptrdiff_t>(std::min(
                                                   bound.numbers.size(), line.numbers.size())));
      return b;
    };
    const bool low_ok = !interval.low || CompareToBound(numbers_only, cut(*interval.low)) >= 0;
    const bool high_ok = !interval.high || CompareToBound(numbers_only, cut(*interval.high)) <= 0;
    if (low_ok && high_ok) {
      return true;
    }
  }
  return false;
}

VersionRange ParseVersionRange(std::string_view text) {
  VersionRange range;
  range.text = std::string(Trim(text));
  if (range.text.empty()) {
    throw std::invalid_argument("an empty version range");
  }
  std::string_view rest = range.text;
  while (true) {
    const size_t semicolon = rest.find(';');
    const std::string_view part = Trim(rest.substr(0, semicolon));
    if (part.empty()) {
      throw std::invalid_argument(fmt::format("an empty interval in \"{}\"", range.text));
    }
    VersionInterval interval;
    const size_t dots = part.find("..");
    auto bound = [&](std::string_view bound_text) {
      std::optional<LibraryVersion> v = ParseLibraryVersion(bound_text);
      if (!v) {
        throw std::invalid_argument(fmt::format("\"{}\" is not a version", Trim(bound_text)));
      }
      return v;
    };
    if (dots == std::string_view::npos) {
      interval.low = bound(part);
      interval.high = interval.low;
    } else {
      const std::string_view low = Trim(part.substr(0, dots));
      const std::string_view high = Trim(part.substr(dots + 2));
      if (low.empty() && high.empty()) {
        throw std::invalid_argument(fmt::format("\"{}\" has no bound", part));
      }
      if (!low.empty()) {
        interval.low = bound(low);
      }
      if (!high.empty()) {
        interval.high = bound(high);
      }
      if (interval.low && interval.high && CompareToBound(*interval.low, *interval.high) > 0) {
        throw std::invalid_argument(
            fmt::format("\"{}\": the low bound lies above the high bound", part));
      }
    }
    range.intervals.push_back(std::move(interval));
    if (semicolon == std::string_view::npos) {
      break;
    }
    rest = rest.substr(semicolon + 1);
  }
  return range;
}

}  // namespace cryptobench::diagnose
