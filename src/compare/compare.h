// `cryptobench compare` as a library: sides in, a CompareReport out (rows with ratios B/A and
// their CIs, and the summary findings per side), plus the exit-status rule of --fail-if-slower.
#pragma once

#include <optional>
#include <vector>

#include "compare/model.h"
#include "diagnose/classifier.h"

namespace cryptobench::compare {

/// Settings of one comparison.
struct CompareOptions {
  double threshold = 0.05;  ///< --threshold as a fraction: changes within it are "within"
  /// Class table for the cpb findings of every side; nullptr = each side's own architecture's
  /// table (CpbClassesForArch(ArchOfRun(run).arch), compare/sides.h).
  const std::vector<diagnose::CpbClass>* classes = nullptr;
};

/// Compares every side after the first with the first (the baseline A). Sides must already
/// have their facts resolved (ResolveSideFacts); letters are assigned here ("A", "B", ...).
/// Throws UsageError for fewer than two sides.
CompareReport Compare(std::vector<Side> sides, const CompareOptions& options);

/// True if some row of some pair is significantly slower (Verdict::kSignificant,
/// Direction::kSlower) by more than `fraction` (slowdown = 1 - ratio; 0.10 = 10% slower).
bool HasSignificantRegression(const CompareReport& report, double fraction);

/// The rows that fail the gate HasSignificantRegression applies, as "B: AES-128-GCM encrypt
/// 16 KiB x0.900" (side letter, cell, ratio), in report order; empty when it passes.
std::vector<std::string> GateFailures(const CompareReport& report, double fraction);

/// Rows slower by more than `fraction` that the gate cannot judge: single figures
/// (Verdict::kNotTestable), a CI that includes 1 (kNotSignificant) or a figure in doubt
/// (kCannotTell: read from a damaged row, timed in user CPU against the real seconds). Never
/// counted by HasSignificantRegression; the CLI names them so that a passing gate is not misread.
size_t CountUntestedRegressions(const CompareReport& report, double fraction);

/// The first pair (index into report.pairs) with no row measured on both sides
/// (Presence::kBoth), about which a gate can say nothing; nullopt when every pair has one.
std::optional<size_t> FirstPairWithNothingCompared(const CompareReport& report);

/// The first pair (index into report.pairs) whose two sides list no cell in common: every row
/// is only in A or only in B (no algorithm, operation and input size on both sides, measured
/// or not), so the comparison would be empty; nullopt when every pair shares one.
std::optional<size_t> FirstPairWithNoCellInCommon(const CompareReport& report);

/// True when no pair's two sides list a cell in common (FirstPairWithNoCellInCommon holds for
/// every pair): the whole comparison would be empty. A pair without one among pairs with one (a
/// file's run of other algorithms, tryout 21: cryptsetup's Adiantum-only run beside its AES run)
/// is shown with its cells under "Not compared" instead.
bool NoPairHasCellInCommon(const CompareReport& report);

}  // namespace cryptobench::compare
