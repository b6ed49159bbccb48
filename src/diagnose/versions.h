// Library versions and version ranges, for the knowledge tables (knowledge.h): OpenSSL's
// "1.0.2u", "3.0.0-alpha16", "3.0.0-dev"; LibreSSL's "3.8.2"; Botan's "2.3.0"; wolfSSL's
// "4.5.0"; AWS-LC's "1.21.0"; dates "2024-12-20" for libraries without releases (BoringSSL).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::diagnose {

/// A version as printed. Parts that a bound leaves out match anything (see VersionRange).
struct LibraryVersion {
  std::vector<int> numbers;  ///< "1.1.1d" -> {1, 1, 1}; "3.0" -> {3, 0}; a date -> {Y, M, D}
  int letter = 0;            ///< OpenSSL's patch letter: 'a' = 1 ... 'z' = 26; 0 = none
  /// Pre-release stage, when the text names one: 0 dev, 1 alpha, 2 beta, 3 rc; nullopt = none
  /// written (a release, or in a bound, any stage).
  std::optional<int> stage;
  int stage_number = 0;  ///< "alpha16" -> 16
  std::string text;      ///< as parsed
};

/// Parses "1.0.2u", "3.0.0-alpha16", "3.0.0-dev", "3.5", "2.3.0", "2024-12-20" (optionally with
/// a leading "v" or "OpenSSL "/"LibreSSL "). nullopt for anything else: no digits, more than
/// four numbers, a letter after a non-OpenSSL-style number, an unknown pre-release word.
std::optional<LibraryVersion> ParseLibraryVersion(std::string_view text);

/// Compares `version` with a range `bound` on the parts the bound states: the bound's numbers
/// (missing numbers of the version count as 0), then its letter and pre-release stage only
/// when the bound writes them. -1, 0 or 1: version below, within, above the bound. A bound
/// "1.1.1" therefore equals every 1.1.1x, and "3.0" every 3.0.x.
int CompareToBound(const LibraryVersion& version, const LibraryVersion& bound);

/// One interval of versions: "A..B" (A <= v <= B), "A.." (from A on), "..B" (up to B), or "A"
/// (A only), each bound as CompareToBound reads it.
struct VersionInterval {
  std::optional<LibraryVersion> low;
  std::optional<LibraryVersion> high;
};

/// A list of intervals separated by ';' ("3.0.16..3.0;3.1.8..3.1;3.4.1..").
struct VersionRange {
  std::vector<VersionInterval> intervals;
  std::string text;

  /// True when some interval holds `version`.
  bool Contains(const LibraryVersion& version) const;
  /// True when some interval shares a version with the release line `line` ("3.0": every
  /// 3.0.x; "1.0.2": every 1.0.2x).
  bool OverlapsLine(const LibraryVersion& line) const;
};

/// Parses a range. Throws std::invalid_argument naming the part that does not parse, an empty
/// range or interval, or an interval whose low bound lies above its high bound.
VersionRange ParseVersionRange(std::string_view text);

}  // namespace cryptobench::diagnose
