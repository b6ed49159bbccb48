// The summary of one comparison: which pattern the ratios form and what that points to, how the
// two sides were measured and built, and which implementation class each side's throughput
// falls in. Pure functions over rows and sides; every sentence is plain and claims only what the
// rows and the sides' recorded facts show (docs/compare.md, "Summary").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "compare/model.h"
#include "diagnose/classifier.h"

namespace cryptobench::compare {

/// Sizes at or below this are "small": per-call overhead dominates (bytes).
inline constexpr uint64_t kSmallInputMax = 256;
/// Sizes at or above this are "large": the algorithm's code path dominates (bytes).
inline constexpr uint64_t kLargeInputMin = 8192;

/// The pattern of one family's compared rows (Presence::kBoth).
enum class Pattern {
  kUniformSlower,  ///< slower beyond the threshold in every row (every size)
  kUniformFaster,
  kUnchanged,        ///< within the threshold in every row
  kSmallOnlySlower,  ///< slower at every size <= kSmallInputMax, within at every size >=
                     ///< kLargeInputMin (sizes between: either)
  kSmallOnlyFaster,
  kInconclusive,  ///< beyond the threshold somewhere, but not significant; the rest within
  kMixed,         ///< anything else
};

/// Pattern of `rows` (one family's kBoth rows). A row counts as slower (faster) when it is
/// beyond the threshold and significant or not testable (single figures); beyond the threshold
/// but not significant it is "unclear". Empty input is kUnchanged.
Pattern FamilyPattern(const std::vector<const Row*>& rows);

/// Findings about the ratios: ids "pattern" (families uniformly slower or faster, and the
/// unchanged ones, with the likely cause), "per-call-overhead", "inconclusive", "mixed",
/// "no-common-cells". `a_letter` / `b_letter` name the sides ("A", "B"); `threshold` is a
/// fraction. With `timing_comparable` false (the sides used different clocks, or one went
/// through an engine or provider, or one side's clock is not stated) no code path is blamed:
/// the headline says the timing may explain the change instead, and names it as the cause
/// ("timing-differs") only when `timing_known_to_differ` (TimingKnownToDiffer). With `same_library`
/// false (the sides ran different libraries, e.g. OpenSSL and GnuTLS) a uniform change is put down
/// to each library's own code, not to assembly missing from one build.
std::vector<Finding> PatternFindings(const std::vector<Row>& rows, const std::string& a_letter,
                                     const std::string& b_letter, double threshold,
                                     bool timing_comparable = true, bool same_library = true,
                                     bool timing_known_to_differ = true);

/// False when `a` and `b` were timed with different clocks (SourceInfo::timing_basis) or either
/// went through an engine or provider: their ratios then need not reflect code paths.
bool TimingComparable(const Side& a, const Side& b);

/// True when the evidence shows `a` and `b` timed differently: both state their clock and the
/// clocks differ, or either went through an engine or provider. A clock that one side merely
/// does not state is not a difference (issue 13, section 5).
bool TimingKnownToDiffer(const Side& a, const Side& b);

/// False when both sides name their backend (LibraryInfo::backend) and the names differ: two
/// libraries, not two builds of one.
bool SameLibrary(const Side& a, const Side& b);

/// Findings about how the sides were measured and what they ran: "timing-offload" (a side
/// timed in user CPU time through an engine or provider), "timing-basis" (different clocks),
/// "evp" (one side from openssl speed 1.x's low-level rows), "multi" (-multi process counts
/// differ),
/// "library" (versions or builds, and which fields differ), "capabilities" (named bits in one
/// capability vector and not the other, or a no-asm build), "environment" (worker variables
/// that differ, e.g. OPENSSL_ia32cap), "contended" (cells whose median had to include
/// preempted samples, results::kMinUnpreemptedSamples).
std::vector<Finding> ContextFindings(const Side& a, const Side& b);

/// Findings "cpb-class": for each algorithm and operation that `classes` covers, at its largest
/// compared size >= kLargeInputMin, when that row changed beyond the threshold: each side's
/// throughput as
/// cycles per byte over the side's clock range, and the implementation class it falls in
/// (diagnose::Classify), for sides whose CPU features are known. At most `max_findings`.
std::vector<Finding> ClassFindings(const std::vector<Row>& rows, const Side& a, const Side& b,
                                   const std::vector<diagnose::CpbClass>& classes,
                                   size_t max_findings = 6);

/// The areas of data/library-changes.csv an algorithm's speed depends on: "AES" (and "GHASH"
/// for AES-GCM), "SHA-2", "ChaCha20", "BN-RSA"; empty for others.
std::vector<std::string_view> ChangeAreas(std::string_view algorithm);

/// "7.3x slower", "12% slower", "1.8x faster", "4% faster", "unchanged" for a ratio B/A (factors
/// from 1.5x on, percentages below).
std::string ChangeText(double ratio);

}  // namespace cryptobench::compare
