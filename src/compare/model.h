// The comparison model: sides (runs to compare, each with the facts needed to interpret it),
// matched rows with ratios, and the findings that attribute the pattern. Format-neutral:
// compare/render.h turns it into a table, Markdown or JSON (docs/compare.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "results/model.h"

namespace cryptobench::compare {

/// The core clock range assumed for a side when turning throughput into cycles per byte.
struct ClockRange {
  double hz_low = 0;   ///< Hz; 0 = unknown
  double hz_high = 0;  ///< Hz; equal to hz_low for an exactly known clock
  /// How the range was chosen, as a phrase for sentences: "at its effective clock",
  /// "at 0.9-1.5x its TSC rate", "over 1-5 GHz (clock unknown)".
  std::string basis;
};

/// Where a side's figures came from.
enum class SideOrigin {
  kLive,      ///< measured now by `compare --lib NAME=PATH`
  kResults,   ///< a cryptobench results JSON (speed, or import's JSON)
  kImported,  ///< text read with import::ImportText (openssl speed / version output)
};

/// "live", "results", "imported".
const char* SideOriginName(SideOrigin origin);

/// One side of a comparison: a run and what is known about how to read it.
struct Side {
  std::string letter;  ///< "A", "B", ... in command-line order (A is the baseline)
  std::string label;   ///< file name ("a.json", "runs.json#2") or the NAME of --lib NAME=PATH
  SideOrigin origin = SideOrigin::kResults;
  results::RunResult run;
  ClockRange clock;  ///< for cpb; see ResolveSideFacts (compare/sides.h)
  /// Names of the CPU features the library can use (ia32cap.h KnownCapabilityBits names,
  /// e.g. "AES-NI", "VAES"), when known: from the run's capability vector (CPUINFO line), or
  /// this machine's features for a live side whose library printed none. nullopt: unknown.
  std::optional<std::vector<std::string>> cpu_features;
  /// "capability vector", "this machine", "CPU flags line" (less a mask set for the run), or ""
  /// when unknown
  std::string features_source;
  int rounds = 0;  ///< live sides: interleaved rounds measured (compare/live.h); else 0
};

/// One side's figure for a cell, in the cell's unit (bytes/s or ops/s).
struct Figure {
  double value = 0;
  double ci_low = 0;
  double ci_high = 0;
  double ci_confidence = 0;  ///< attained coverage of [ci_low, ci_high]; 0 for a single figure
  size_t num_samples = 0;
  /// True if the figure has a usable CI from samples (at least two samples, attained coverage
  /// > 0, 0 < ci_low <= value <= ci_high); false for an imported single figure.
  bool has_ci = false;
};

/// The ratio B/A of two figures with a confidence interval (compare/ratio.h).
struct RatioEstimate {
  double ratio = 0;     ///< B / A; > 1: B is faster
  bool has_ci = false;  ///< false when either side is a single figure
  double ci_low = 0;    ///< bounds of the ratio's CI (when has_ci)
  double ci_high = 0;
  double ci_confidence = 0;  ///< nominal level, the lower of the two sides' attained coverages
};

/// The change a ratio shows, judged against --threshold.
enum class Direction { kWithin, kSlower, kFaster };

/// How well a change beyond the threshold is supported.
enum class Verdict {
  kWithinThreshold,  ///< |change| <= threshold (point estimate)
  kSignificant,      ///< beyond the threshold and the CI excludes 1
  kNotSignificant,   ///< beyond the threshold, but the CI includes 1
  kNotTestable,      ///< beyond the threshold, but a side is a single figure
  /// A side's figure is in doubt (results::CellCaveat::doubt: read from a damaged row, at a size
  /// or in a unit the paste does not settle): no change can be read from the ratio, whatever
  /// its size.
  kCannotTell,
};

/// "within", "slower", "faster".
const char* DirectionName(Direction direction);
/// "within_threshold", "significant", "not_significant", "not_testable", "cannot_tell".
const char* VerdictName(Verdict verdict);

/// Whether a row was compared, and if not, why.
enum class Presence {
  kBoth,         ///< both sides measured it: ratio set
  kOnlyA,        ///< only the baseline has this cell
  kOnlyB,        ///< only the other side has this cell
  kNotMeasured,  ///< both list it, but at least one did not measure it (status != ok)
};

/// "both", "only_a", "only_b", "not_measured".
const char* PresenceName(Presence presence);

/// A caveat an import put on one side's figure of a row (results::Cell::caveats).
struct FigureCaveat {
  std::string side;  ///< the side's letter, "A", "B", ...
  results::CellCaveat caveat;
};

/// One matched cell: an algorithm, operation and input size.
struct Row {
  /// canonical catalogue name, or the imported name verbatim; "<name> (low-level API)" for the
  /// 1.x low-level rows of a name that a side also holds as an EVP row
  std::string algorithm;
  std::string family;      ///< compare/families.h, e.g. "AES-CBC", "SHA-2"
  std::string group;       ///< e.g. "AES", "SHA"
  std::string operation;   ///< "encrypt", "hash", "sign", ...
  uint64_t input_len = 0;  ///< bytes per operation (symmetric); 0 for public-key rows
  bool symmetric = true;   ///< bytes/s (true) or ops/s (false)
  Presence presence = Presence::kBoth;
  /// The side's cell is an openssl speed 1.x low-level API row (AlgorithmResult::api "legacy").
  /// Rows pair like with like; a_legacy != b_legacy only when the other side has no row of
  /// that API (compare/match.h), and then the ratio compares two APIs, not two builds.
  bool a_legacy = false;
  bool b_legacy = false;
  std::optional<Figure> a;  ///< set when the side has an ok figure
  std::optional<Figure> b;
  std::string note;     ///< kNotMeasured: e.g. "unsupported in B", "FAILED KAT in A"
  RatioEstimate ratio;  ///< kBoth only
  Direction direction = Direction::kWithin;
  Verdict verdict = Verdict::kWithinThreshold;
  /// The caveats of both sides' cells, A's first; any with doubt set makes the verdict
  /// kCannotTell, except when each side's only doubt is its assumed sizes and both sides
  /// assumed the same list (sizes_assumed).
  std::vector<FigureCaveat> caveats;
  /// Both sides' figures were read from rows without their 'type ... bytes' line, under the
  /// same assumed size list (results::CellCaveat::assumed_sizes): the row pairs the same column
  /// of both tables, so its ratio is judged, but input_len is inferred, not read. Rules that
  /// need the size in bytes (cost fits, cpb classes) leave the row out; the summary names the
  /// doubt once ("assumed-sizes").
  bool sizes_assumed = false;
};

/// One sentence of the summary.
struct Finding {
  Finding() = default;
  Finding(std::string id_, std::string text_, std::string cause_ = "")
      : id(std::move(id_)), text(std::move(text_)), cause(std::move(cause_)) {}

  /// Stable identifier: "pattern", "per-call-overhead", "inconclusive", "mixed",
  /// "no-common-cells", "cannot-tell", "assumed-sizes" (cells judged though both sides' sizes
  /// were inferred alike: Row::sizes_assumed), "timing-offload", "timing-basis", "evp", "multi",
  /// "library", "same-build" (one build on one CPU: compare/attribution.h SameBuildFindings),
  /// "capabilities", "environment", "contended", "emulated", "cpb-class", "cost-fit" (which of the
  /// per-call and per-byte costs changed), "offload-cost" (an offload engine's per-call cost and
  /// crossover size), "library-regression" (compare/cost.h), "speed-tool"
  /// (what the speed tool's own changes or timing basis explain: diagnose::SpeedToolPairFindings).
  std::string id;
  std::string text;  ///< plain sentence, ends with '.'
  /// The cause the sentence asserts, as a tag of tests/fixtures/reports/README.md ("The cause"),
  /// e.g. "legacy-api-not-evp"; empty for a sentence that states facts only.
  std::string cause;
  /// The algorithm family (Row::family, "AES-CBC") a per-family finding is about: set on
  /// "mixed"; empty for a finding not about one family. Programs match on it, never on `text`.
  std::string family;
};

/// One side's fit of time per operation against input size over a size sweep:
/// time per op (ns) = overhead_ns + size (bytes) x per_byte_ns, where the time per op at size s
/// is s / throughput (compare/cost.h). Bounds are 95% confidence intervals.
struct CostFit {
  double overhead_ns = 0;  ///< per-call cost, ns per operation (may be < 0 from a poor fit)
  double overhead_low = 0;
  double overhead_high = 0;
  double per_byte_ns = 0;  ///< per-byte cost, ns per byte
  double per_byte_low = 0;
  double per_byte_high = 0;
};

/// Which part of the cost changed from A to B (compare/cost.h, CostChangeName).
enum class CostChange {
  kNone,     ///< neither changed significantly
  kPerCall,  ///< only the per-call cost: call overhead, not the code path per byte
  kPerByte,  ///< only the per-byte cost: the code path that processes the data
  kBoth,
  /// A side's per-byte cost is indistinguishable from zero (its 95% CI includes 0 or lies below
  /// it): its time per call does not grow with size, so the fit reads no change of either cost.
  kFlatPerByte,
};

/// "none", "per-call", "per-byte", "both", "flat-per-byte".
const char* CostChangeName(CostChange change);

/// The per-call and per-byte costs of one algorithm and operation on both sides, fitted over
/// the sizes both measured.
struct CostComparison {
  std::string algorithm;
  std::string family;
  std::string operation;
  std::vector<uint64_t> sizes;  ///< bytes, ascending
  CostFit a;
  CostFit b;
  /// Significant changes: the two sides' 95% CIs do not overlap and the change exceeds the
  /// threshold (per-call: relative to A's time per op at the smallest size; per-byte: relative
  /// to A's per-byte cost).
  bool overhead_changed = false;
  bool per_byte_changed = false;
  CostChange change = CostChange::kNone;
};

/// Side `b` compared with the baseline.
struct PairComparison {
  size_t a_index = 0;  ///< index into CompareReport::sides (always 0, the baseline)
  size_t b_index = 0;
  std::vector<Row> rows;
  std::vector<Finding> findings;
  /// Per-call and per-byte costs of each algorithm and operation with a size sweep on both sides.
  std::vector<CostComparison> costs;
  size_t num_significant_slower = 0;
  size_t num_significant_faster = 0;
};

/// The whole comparison.
struct CompareReport {
  std::string created_utc;   ///< when the comparison ran, ISO 8601 (set by the CLI; "" in tests)
  std::string tool_version;  ///< cryptobench's version (set by the CLI; "" in tests)
  double threshold = 0.05;   ///< fraction: a change counts when |ratio - 1| > threshold
  std::vector<Side> sides;   ///< A first
  std::vector<PairComparison> pairs;  ///< one per side after A, in order
};

}  // namespace cryptobench::compare
