// Per-call cost versus per-byte cost (issue 13, section 7): for each algorithm and operation
// that both sides measured over a sweep of input sizes, fit time per operation = per-call
// overhead + size x per-byte cost on each side, and say which of the two changed. "Slower only at
// small sizes, equal at 16 KiB" is a per-call change (call overhead: the assembly is fine);
// "slower at every size" is a per-byte change (the code path). One use of it names a cause:
// an OpenSSL release that costs more per byte than an earlier one on the same machine
// (LibraryRegressionFindings).
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "compare/model.h"
#include "diagnose/library_changes.h"
#include "diagnose/speed_tool.h"

namespace cryptobench::compare {

/// Fewest sizes a sweep needs for a fit with confidence intervals.
inline constexpr size_t kMinCostFitSizes = 3;

/// Fits each side's time per operation (ns; s / throughput) against the size (bytes) for every
/// algorithm and operation with at least kMinCostFitSizes compared symmetric rows
/// (Presence::kBoth, verdict other than kCannotTell) spanning a small size (<= kSmallInputMax)
/// and a large one (>= kLargeInputMin), by stats::FitLineRelative (least squares with equal
/// relative errors, 95% CIs). A coefficient changed when the sides' CIs do not overlap and the
/// change exceeds `threshold` (a fraction): the per-call cost relative to A's time per op at the
/// smallest size, the per-byte cost relative to A's. In the order of the rows.
std::vector<CostComparison> FitCosts(const std::vector<Row>& rows, double threshold);

/// Findings "cost-fit", one per kind of change that some comparison shows (at most
/// `max_findings`), listing its algorithms with the costs on both sides: per-call only (call
/// overhead; the assembly is fine), per-byte only (the code path), both by about the same factor
/// in the same direction (within 1.5x of each other: the whole operation), or both otherwise.
/// States no cause. With `cpus_differ` (the sides ran on different CPUs, CpuDifference) a
/// per-byte change is read as the CPUs' speed or the code path each CPU selects, not as "the
/// code path" of a build. With `lower_clock` (one build with one capability vector, the slower
/// side's pasted cpufreq lines showing a lower clock: BuildIdentity::clock, which the pattern
/// sentence states) a per-byte or whole-operation change is read as that clock, not reopened as
/// "its code path, or the machine".
std::vector<Finding> CostFindings(const std::vector<CostComparison>& costs,
                                  const std::string& a_letter, const std::string& b_letter,
                                  size_t max_findings = 6, bool cpus_differ = false,
                                  bool lower_clock = false);

/// Whether a fit's per-byte cost is indistinguishable from zero: its 95% CI includes 0 or lies
/// below it. No code that processes the bytes has a time per call that does not grow with size.
bool FlatPerByte(const CostFit& fit);

/// Findings "flat-per-byte" (no cause), one per comparison of `costs` and side whose per-byte
/// cost is FlatPerByte: the fit printed honestly, that it is no cost (so neither cost is read as
/// changed: CostChange::kFlatPerByte), and, when that side was timed in user CPU time with an
/// engine or provider, that reason in doctor's words (diagnose::UserCpuOffloadSummary, the
/// finding report.user-cpu-offload).
std::vector<Finding> FlatPerByteFindings(const Side& a, const Side& b,
                                         const std::vector<CostComparison>& costs);

/// Findings "offload-cost" (cause "offload-per-request-cost"), one per algorithm and operation
/// (issue 13, section 3): exactly one side names an OpenSSL engine or provider of the engine
/// table (diagnose::FindEngineOffloads: devcrypto, cryptodev, afalg, QAT), both sides were timed
/// in wall-clock time (under user CPU time an offload's figures overstate: the "timing-offload"
/// finding) and run alike otherwise (InvocationDifferences empty), the engine may take the
/// algorithm (a pasted `openssl engine -c` list, or a compiled-in table row, that leaves it out
/// excludes it), and that side's fit in `costs` shows a per-call cost above the other's (95% CIs
/// apart, at least twice it). Every request to an offload pays that cost: a system call into the
/// kernel and the driver's setup of the engine's DMA for a kernel engine (OpenSSL's
/// engines/e_devcrypto.c issues one ioctl(CIOCCRYPT) per EVP_Cipher call; engines/e_afalg.c one
/// sendmsg and an io_submit/io_getevents round per call), submitting the request to the device
/// and collecting its reply for a device engine. With a per-byte cost below the other's (CIs
/// apart) the offload loses at small sizes and may win at large ones: the sentence gives the
/// size where the fitted lines cross, (per-call difference) / (per-byte difference) in bytes,
/// and the two measured sizes between which the ratio crosses 1; when it does not cross, that
/// the crossing is at or beyond the largest size measured (or below the smallest, when the
/// offload wins throughout). Without a lower per-byte cost it loses at every size measured, and
/// the sentence says so only when every row shows it. Nothing otherwise. `explained`, when not
/// null, receives the (algorithm, operation) of each finding.
std::vector<Finding> OffloadCostFindings(
    const Side& a, const Side& b, const std::vector<CostComparison>& costs,
    const std::vector<Row>& rows,
    std::vector<std::pair<std::string, std::string>>* explained = nullptr);

/// One side's fit as "3.33 ns (3.01 to 3.65) + 0.701 ns/B (0.692 to 0.709) x size" (95% CIs in
/// brackets), for the table and Markdown.
std::string CostFitText(const CostFit& fit);

/// Whether two imported runs are one library at two releases on one machine and platform
/// (CheckRegressionPrecondition), and which release is the later one.
struct RegressionPrecondition {
  bool ok = false;
  std::string why_not;   ///< when !ok, why not, as a phrase ("the CPU models differ")
  std::string platform;  ///< the shared platform or architecture (when ok)
  std::string arch;      ///< the shared architecture for data/library-changes.csv rows
  bool b_is_later = false;
  diagnose::LibraryVersion earlier;
  diagnose::LibraryVersion later;
};

/// Whether `a` and `b` may be read as one library at two releases on one machine: both
/// imported; both OpenSSL (LibraryProduct "openssl") with known, different versions; the same
/// platform (the `platform:` line on both when either has one, else the same architecture by
/// diagnose::ReportArch); the same machine (both name a single CPU model, from the machine or
/// the paste's CPU model lines, and they are equal; else both a single `uname` line, equal); no
/// capability vector that differs or says no-asm; the same environment variables on the command
/// (an OPENSSL_ia32cap mask on one side); the same timing (TimingComparable), EVP rows on
/// both and the same -multi.
RegressionPrecondition CheckRegressionPrecondition(const Side& a, const Side& b);

/// Finding "library-regression" (cause "library-regression"), at most one per algorithm and
/// operation: when CheckRegressionPrecondition holds, the later release's per-byte cost is
/// significantly higher (CostComparison::per_byte_changed, up) and its row at the largest size
/// is slower beyond the threshold; citing the rows of `changes` for the shared architecture and
/// the algorithm's areas (ChangeAreas) that lie between the versions and explain a slowdown
/// (kinds "regressed", "cost", "removed" holding for the later release; "added", "gain",
/// "restored" for the earlier only), else saying that no known change explains it. Nothing when
/// `speed_tool_explains` (compare's speed-tool findings stated a cause for the pair) or when a
/// row of `tool_changes` of kind "change" or "bug" holds for exactly one of the versions and
/// concerns the algorithm (evidence "aead-setup-per-op": AEAD ciphers; "multi-summary": runs
/// that used -multi; else by the row's text:
/// "AEAD"/"GCM" AEAD ciphers, "hmac" HMAC, "XTS" XTS, "legacy" none when both sides are EVP rows,
/// any other row every algorithm).
std::vector<Finding> LibraryRegressionFindings(
    const Side& a, const Side& b, const std::vector<CostComparison>& costs,
    const std::vector<Row>& rows, bool speed_tool_explains,
    const std::vector<diagnose::LibraryChange>& changes,
    const std::vector<diagnose::SpeedToolChange>& tool_changes);

}  // namespace cryptobench::compare
