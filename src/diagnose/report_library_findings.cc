// LibraryFindings (doctor_from.h): what the library-changes table (library_changes.h) says about
// the release a report ran, against its figures: an algorithm whose assembly that release and
// architecture lack, and Botan AES rows whose provider tag contradicts their speed.
#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "algorithms/catalog.h"

#include "diagnose/cpu_clues.h"
#include "diagnose/doctor_from.h"
#include "diagnose/library_changes.h"
#include "diagnose/verdict_decider.h"
#include "diagnose/verdict_text.h"

namespace cryptobench::diagnose {
namespace {

// The fastest table-driven AES published: AES-128 CTR at 10.57 cycles per byte on a Core 2
// (Bernstein and Schwabe, "New AES software speed records", 2008; bit-sliced SIMD code, which
// Botan names "vperm" or leaves out of "base", is the only faster software). Halved to 5.3 as
// a margin, scaled by the rounds, at the 6.5 GHz no shipping core exceeds: Botan's portable
// "base" AES (T-tables up to 2.14, bit-sliced without SIMD from 2.15) never runs faster.
constexpr double kFastestTableAes128Cpb = 5.3;
constexpr double kHighestCoreHz = 6.5e9;
constexpr uint64_t kMinInputForCeiling = 1024;
constexpr std::string_view kTableAesSource = "https://cr.yp.to/aes-speed/aesspeed-20080926.pdf";

Finding Make(std::string id, Severity severity, std::string summary, std::string evidence,
             std::string advice) {
  return Finding{std::move(id), severity, std::move(summary), std::move(evidence),
                 std::move(advice)};
}

// The table's library name for a run, or "".
std::string LibraryOf(const results::RunResult& run) {
  if (run.library.backend == "botan") {
    return "botan";
  }
  if (run.library.backend != "openssl") {
    return "";
  }
  const std::string& version = run.source.tool_version;
  if (version.starts_with("LibreSSL")) {
    return "libressl";
  }
  return version.empty() || !std::isdigit(static_cast<unsigned char>(version[0])) ? "" : "openssl";
}

// The library's name as its releases print it.
std::string_view LibraryName(std::string_view library) {
  return library == "openssl" ? "OpenSSL" : library == "libressl" ? "LibreSSL" : "Botan";
}

// The release, from the speed tool's version ("1.0.1e", "1.0.2k-fips", "LibreSSL 3.8.2").
std::optional<LibraryVersion> VersionOf(const results::RunResult& run) {
  std::string text = run.source.tool_version;
  if (text.starts_with("LibreSSL ")) {
    text = text.substr(9);
  }
  if (std::optional<LibraryVersion> version = ParseLibraryVersion(text)) {
    return version;
  }
  // A vendor suffix ("-fips", "-freebsd") is not a pre-release: read the part before it.
  const size_t dash = text.find('-');
  return dash == std::string::npos ? std::nullopt : ParseLibraryVersion(text.substr(0, dash));
}

// The areas of the table an algorithm's speed rests on.
std::vector<std::string_view> AreasOf(std::string_view algorithm) {
  if (algorithm.starts_with("AES-")) {
    if (algorithm.ends_with("-GCM")) {
      return {"AES", "GHASH"};
    }
    return {"AES"};
  }
  if (algorithm.starts_with("GHASH")) {
    return {"GHASH"};
  }
  if (algorithm == "SHA-1") {
    return {"SHA-1"};
  }
  if (algorithm == "SHA-224" || algorithm == "SHA-256" || algorithm == "SHA-384" ||
      algorithm == "SHA-512") {
    return {"SHA-2"};
  }
  if (algorithm.starts_with("ChaCha20")) {
    return {"ChaCha20"};
  }
  if (algorithm.starts_with("RSA")) {
    return {"BN-RSA"};
  }
  return {};
}

// The pre-release word of a version as printed ("3.0.0-alpha17" -> "alpha17", "3.2.0-dev",
// "1.1.1-pre9"), or "" for a release or a vendor suffix ("1.0.2k-fips", "3.0.2-0ubuntu1").
std::string PrereleaseOf(std::string_view text) {
  if (text.starts_with("LibreSSL ")) {
    text.remove_prefix(9);
  }
  size_t dash = text.find('-');
  while (dash != std::string_view::npos) {
    std::string word(text.substr(dash + 1, text.find('-', dash + 1) - dash - 1));
    std::transform(word.begin(), word.end(), word.begin(), [](char c) {
      return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    });
    for (std::string_view stage : {"dev", "alpha", "beta", "pre", "rc"}) {
      if (word.starts_with(stage) &&
          std::all_of(word.begin() + static_cast<std::ptrdiff_t>(stage.size()), word.end(),
                      [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
        return word;
      }
    }
    dash = text.find('-', dash + 1);
  }
  return "";
}

// An "absent" row for the library, the architecture (the row must name it: an "any" row of
// that kind says the algorithm itself is missing) and one of the areas, holding for `version`.
const LibraryChange* AbsentRow(std::string_view library, std::string_view arch,
                               const std::vector<std::string_view>& areas,
                               const LibraryVersion& version) {
  for (const LibraryChange& row : LibraryChanges()) {
    if (row.library == library && row.arch == arch && row.kind == "absent" &&
        std::find(areas.begin(), areas.end(), row.area) != areas.end() &&
        row.versions.Contains(version)) {
      return &row;
    }
  }
  return nullptr;
}

// What the text says of the CPU feature an area's hardware path needs: true present, false
// absent, nullopt unknown (or an area without one).
std::optional<bool> CpuHasFor(const DoctorFacts& facts, std::string_view area) {
  const bool x86 = facts.cpu.arch == "x86_64" || facts.cpu.arch == "x86";
  const char* feature = nullptr;
  if (area == "AES") {
    feature = x86 ? "AES-NI" : "AES";
  } else if (area == "GHASH") {
    feature = x86 ? "PCLMULQDQ" : "PMULL";
  } else if (area == "SHA-1") {
    feature = x86 ? "SHA-NI" : "SHA1";
  } else if (area == "SHA-2") {
    feature = x86 ? "SHA-NI" : "SHA2";
  }
  const cpu::FeatureState* state = feature == nullptr ? nullptr : facts.cpu.Find(feature);
  return state == nullptr ? std::nullopt : std::optional<bool>(state->supported);
}

// Whether an "absent" row may explain a software figure: not when the CPU is shown to lack
// the instructions (then the CPU is the limit), and on 32-bit ARM only when the CPU is shown to
// have them: most cores that run 32-bit ARM code are ARMv7 ones without any crypto instructions
// (the ARMv8 Crypto Extension is an ARMv8 feature: https://github.com/torvalds/linux/blob/master/
// arch/arm/crypto/Kconfig), where no release's code would be faster for want of them.
bool ShowsNoReasonAgainst(const DoctorFacts& facts, std::string_view area) {
  const std::optional<bool> has = CpuHasFor(facts, area);
  if (has == false) {
    return false;
  }
  return facts.cpu.arch != "arm" || has == true;
}

// The area of an assembly module named in a build-file search ("aes-ia64.obj" -> AES), by the
// perlasm module names of OpenSSL's crypto/*/asm directories; "" for others.
std::string_view AreaOfModule(std::string_view text) {
  static constexpr std::pair<std::string_view, std::string_view> kStems[] = {
      {"aesni-gcm", "GHASH"}, {"ghash-", "GHASH"},  {"aesni-", "AES"},       {"vpaes-", "AES"},
      {"bsaes-", "AES"},      {"aesv8-", "AES"},    {"aes-", "AES"},         {"sha1-", "SHA-1"},
      {"sha256-", "SHA-2"},   {"sha512-", "SHA-2"}, {"chacha-", "ChaCha20"}, {"-mont", "BN-RSA"},
      {"rsaz-", "BN-RSA"}};
  for (const auto& [stem, area] : kStems) {
    if (text.find(stem) != std::string_view::npos) {
      return area;
    }
  }
  return "";
}

const results::AlgorithmResult* ResultOf(const results::RunResult& run, std::string_view name) {
  for (const results::AlgorithmResult& result : run.algorithms) {
    if (result.algorithm == name) {
      return &result;
    }
  }
  return nullptr;
}

// The CPU feature a "regressed" row's code path runs on (CpuConditionOfRow's hardware paths:
// aesv8-armx.pl is OpenSSL's ARMv8 Crypto Extension AES, its AESE/AESD instructions, which the
// armcap dispatch tests as ARMV8_AES; aesni-x86_64.pl and aesni-x86.pl the AES-NI code). "" for a
// row of code every CPU runs. A run whose CPU (or capability word) lacks the feature runs
// another path, which the regression does not touch.
std::string HardwareFeatureOfRow(const LibraryChange& row) {
  const std::optional<RowCpuCondition> condition = CpuConditionOfRow(row);
  return condition && condition->present ? condition->feature : "";
}

// A known regression that holds for the report's release and architecture and an algorithm it
// measured (issue 13, sec. 1 applied to one report; a "cost" row is a lasting property of every
// later release, not news about this one), and, for a row of a hardware path, a CPU with its
// instructions (HardwareFeatureOfRow). A figure in the
// accelerated class shows the path ran as fast as its class: nothing is said. Otherwise one
// report cannot tell a known slowdown of this size from the CPU's own speed, so the finding says
// "cannot tell" and names the one command that would (the same measurement with a release
// outside the row's range). Info: it states no cause.
std::vector<Finding> KnownChangeFindings(const DoctorReport& report, std::string_view library,
                                         const LibraryVersion& version, std::string_view arch) {
  std::vector<Finding> out;
  for (const LibraryChange& row : LibraryChanges()) {
    if (row.library != library || (row.arch != "any" && row.arch != arch) ||
        row.kind != "regressed" || !row.versions.Contains(version)) {
      continue;
    }
    // A regression of a hardware path speaks only of a run whose CPU has that path's
    // instructions (the capability word, or the CPU lines without one); without them, or when
    // the text does not show them, the run took other code.
    if (const std::string feature = HardwareFeatureOfRow(row);
        !feature.empty() && !report.facts.cpu.Usable(feature)) {
      continue;
    }
    std::vector<std::string> algorithms;
    std::string first;
    bool accelerated = false;
    for (const Verdict& verdict : report.verdicts) {
      const std::vector<std::string_view> areas = AreasOf(verdict.algorithm);
      if (std::find(areas.begin(), areas.end(), row.area) == areas.end() ||
          !RowSpeaksOf(row, verdict.algorithm, verdict.operation) || verdict.measurements.empty() ||
          verdict.measurements.front().status != results::CellStatus::kOk) {
        continue;
      }
      accelerated = accelerated || verdict.status == VerdictStatus::kAccelerated;
      const std::string name = fmt::format("{} {}", verdict.algorithm, verdict.operation);
      if (std::find(algorithms.begin(), algorithms.end(), name) == algorithms.end()) {
        algorithms.push_back(name);
        first = first.empty() ? verdict.algorithm : first;
      }
    }
    // In the fast class the known slowdown is not what this report shows.
    if (algorithms.empty() || accelerated) {
      continue;
    }
    out.push_back(Make(
        "library.known-change", Severity::kInfo,
        fmt::format("{} {} carries a known regression of {} on {} ({}): cannot tell from this "
                    "report whether its figures show it",
                    LibraryName(library), version.text, row.area,
                    row.arch == "any" ? "every architecture" : row.arch,
                    verdict_internal::Join(algorithms)),
        fmt::format("{} ({}{}; releases {}); one report has no figure of another release to set "
                    "against it, and no class table separates a slowdown of this size from the "
                    "CPU's own speed",
                    row.change, row.source, row.sure ? "" : "; the source leaves this unsure",
                    row.versions.text),
        fmt::format("Run `{}` with a release outside {} on the same machine and compare the "
                    "two figures.",
                    library == "botan"
                        ? "botan speed " + first
                        : "openssl speed " + verdict_internal::OpensslSpeedArgs(first),
                    row.versions.text)));
  }
  return out;
}

// 3.x's provider dispatch and fetch cost per EVP call (the library-changes "EVP" cost row) on
// one report: algorithms whose largest input runs in the accelerated class and which also have
// figures at 64 bytes or less show that per-call cost at those sizes. How much of it is 3.x's
// needs a 1.1.1 figure of the same machine, so the finding says "cannot tell" and names the
// command. Info: no cause. nullopt without such an algorithm or without the row.
std::optional<Finding> ProviderOverheadFinding(const DoctorReport& report,
                                               const results::RunResult& run,
                                               std::string_view library,
                                               const LibraryVersion& version) {
  const LibraryChange* cost = nullptr;
  for (const LibraryChange& row : LibraryChanges()) {
    if (row.library == library && row.area == "EVP" && row.kind == "cost" &&
        row.versions.Contains(version)) {
      cost = &row;
      break;
    }
  }
  if (cost == nullptr) {
    return std::nullopt;
  }
  std::vector<std::string> algorithms;
  for (const Verdict& verdict : report.verdicts) {
    const results::AlgorithmResult* result = ResultOf(run, verdict.algorithm);
    // Public-key rows have no input sizes (import gives them a nominal 32 bytes), and -bytes
    // does not apply to them (tryout 31 D5).
    const AlgorithmInfo* alg = FindAlgorithm(verdict.algorithm);
    const bool public_key = alg != nullptr && (alg->kind == AlgorithmKind::kSignature ||
                                               alg->kind == AlgorithmKind::kKeyAgreement);
    if (verdict.status != VerdictStatus::kAccelerated || result == nullptr || public_key ||
        std::find(algorithms.begin(), algorithms.end(), verdict.algorithm) != algorithms.end()) {
      continue;
    }
    const bool small =
        std::any_of(result->cells.begin(), result->cells.end(), [&](const results::Cell& cell) {
          return cell.operation == verdict.operation && cell.input_len > 0 &&
                 cell.input_len <= 64 && cell.status == results::CellStatus::kOk;
        });
    if (small) {
      algorithms.push_back(verdict.algorithm);
    }
  }
  if (algorithms.empty()) {
    return std::nullopt;
  }
  return Make(
      "library.provider-overhead", Severity::kInfo,
      fmt::format("OpenSSL {}: the 16- and 64-byte figures of {} may carry 3.x's per-call "
                  "provider cost; their large-input figures run in the accelerated class",
                  version.text, verdict_internal::Join(algorithms)),
      fmt::format("{} ({}{}); cannot tell from this report how much of the small-input "
                  "cost is 3.x's and how much any release's per-call work",
                  cost->change, cost->source, cost->sure ? "" : "; the source leaves this unsure"),
      fmt::format("Run `openssl speed {} -bytes 16` with a 1.1.1 build on the same "
                  "machine and compare the two figures.",
                  verdict_internal::OpensslSpeedArgs(algorithms.front())));
}

// A development snapshot's figures (issue 13, sec. 1): -dev, -alpha, -beta, -pre and -rc
// builds may carry regressions fixed before the release. Cites the table's regressions and
// costs that hold for the release line.
Finding PrereleaseFinding(std::string_view library, const LibraryVersion& version,
                          std::string_view text, std::string_view word, std::string_view arch) {
  std::vector<std::string> rows;
  for (const LibraryChange& row : LibraryChanges()) {
    if (row.library == library && (row.arch == "any" || row.arch == arch) &&
        (row.kind == "regressed" || row.kind == "tool-bug") && row.versions.Contains(version)) {
      rows.push_back(fmt::format("{} {} ({}): {} ({})", row.area, row.kind, row.versions.text,
                                 row.change, row.source));
    }
  }
  return Make(
      "library.prerelease", Severity::kInfo,
      fmt::format("{} {} is a development snapshot ({}): its figures may carry regressions fixed "
                  "before the release",
                  LibraryName(library), text, word),
      rows.empty()
          ? std::string("the version names a pre-release; the library-changes table knows no "
                        "regression of its release line for this architecture, which does not "
                        "mean the snapshot has none")
          : fmt::format("the version names a pre-release; known for its release line: {}",
                        verdict_internal::Join(rows)),
      "Measure a release (the same benchmark command with a released build) before "
      "concluding anything from these figures.");
}

// Botan's FrodoKEM-AES rows against the library-changes "FrodoKEM" rows (issue 13, sec. 1 and
// 5): in a release of the "cost" row (3.3.0 to 3.4.x: one AES call per 16-byte block, fixed by
// commit 46f0299f7 in 3.5.0) the rows carry that cost, said as a cause; with no Botan release
// in the text, "cannot tell" naming `botan version`; from 3.5.0 on, nothing.
std::optional<Finding> BotanFrodoKemFinding(const results::RunResult& run,
                                            const std::optional<LibraryVersion>& version) {
  std::vector<std::string> rows;
  for (const results::AlgorithmResult& result : run.algorithms) {
    const std::string& name = result.algorithm;
    if (name.find("FrodoKEM") != std::string::npos && name.ends_with("-AES") &&
        std::find(rows.begin(), rows.end(), name) == rows.end()) {
      rows.push_back(name);
    }
  }
  const LibraryChange* cost = nullptr;
  const LibraryChange* any_cost = nullptr;
  for (const LibraryChange& row : LibraryChanges()) {
    if (row.library == "botan" && row.area == "FrodoKEM" && row.kind == "cost") {
      any_cost = &row;
      if (version && row.versions.Contains(*version)) {
        cost = &row;
      }
    }
  }
  if (rows.empty() || any_cost == nullptr) {
    return std::nullopt;
  }
  const std::string names = verdict_internal::Join(rows);
  if (!version) {
    return Make("library.release-unknown", Severity::kWarning,
                fmt::format("Cannot tell from this report whether {} carries the one-block AES "
                            "calls of Botan {}: the text names no Botan release",
                            names, any_cost->versions.text),
                fmt::format("{} ({}{}; releases {})", any_cost->change, any_cost->source,
                            any_cost->sure ? "" : "; the source leaves this unsure",
                            any_cost->versions.text),
                "Include `botan version` output: it prints the release.");
  }
  if (cost == nullptr) {
    return std::nullopt;
  }
  return Make(
      "library.known-inefficiency", Severity::kWarning,
      fmt::format("Botan {}'s FrodoKEM-AES calls AES one 16-byte block at a time: {} {} slower "
                  "than Botan 3.5.0 and later on the same CPU",
                  version->text, names, rows.size() == 1 ? "runs" : "run"),
      fmt::format("{} ({}{}; releases {})", cost->change, cost->source,
                  cost->sure ? "" : "; the source leaves this unsure", cost->versions.text),
      fmt::format("Use Botan 3.5.0 or later and compare `botan speed {}` on the same machine.",
                  rows.front()));
}

/// macOS's /usr/bin/openssl is Apple's own build of LibreSSL, which has run faster than the
/// upstream sources of the same release: LibreSSL 2.6.5 ran AES 15-30x faster on Intel Macs
/// from macOS 10.14.5 on than on 10.14.4, with the version and Apple's published source
/// unchanged (https://robservatory.com/digging-into-an-unexpected-encryption-speed-boost/).
constexpr std::string_view kAppleLibresslBuild =
    "; macOS's openssl is Apple's build of LibreSSL, which has run AES far faster than the "
    "release's upstream sources (LibreSSL 2.6.5 on Intel Macs, 15-30x from macOS 10.14.5 with "
    "the version unchanged: robservatory.com, 'Digging into an unexpected encryption speed "
    "boost')";

/// Whether a verdict's figure fits a hardware class of `arch`'s cpb table (data/cpb-classes*.csv,
/// ClassesFor) anywhere over the report's clock range: `any` when some hardware class fits,
/// `only` when every class that fits is one. The tables' ranges are OpenSSL's code paths; a
/// software class is slower than any hardware one for the same row, so a figure that fits only
/// hardware classes is faster than every software path the table knows. Never throws.
struct HardwareFit {
  bool any = false;
  bool only = false;
};
HardwareFit FitsHardwareClass(const DoctorReport& report, const Verdict& verdict,
                              std::string_view arch) {
  if (verdict.measurements.empty() || report.core_hz_low <= 0 ||
      report.core_hz_high < report.core_hz_low) {
    return {};
  }
  const Fingerprint fp =
      Classify(verdict_internal::ClassesFor(arch), verdict.algorithm, verdict.operation,
               verdict.measurements.front().bytes_per_s, report.core_hz_low, report.core_hz_high);
  const bool any = std::any_of(fp.matches.begin(), fp.matches.end(), [](const CpbClass* c) {
    return c->family == ClassFamily::kHardware;
  });
  return {any, any && fp.hardware};
}

// The "absent" row (library.lacks-asm-path, or library.release-figure-disagree when `fit.any`)
// that speaks of `verdict`'s figure: a release and architecture without the area's assembly,
// only when the figure is not above every software AES and the CPU is not shown to lack the
// instructions anyway. Not for public-key rows: no class separates their assembly from C in a
// report (DecideReportPublicKey), so "below every hardware class" cannot be said of them. The
// row says the release has no such assembly; the figure has its say too: one that fits a
// hardware class of the table over the report's clock range (only, or beside a software one)
// does not show software code (`fit`).
struct AbsentFor {
  const LibraryChange* row = nullptr;
  HardwareFit fit;
};
std::optional<AbsentFor> AbsentRowFor(const DoctorReport& report, const Verdict& verdict,
                                      const std::string& library,
                                      const std::optional<LibraryVersion>& version,
                                      const std::string& arch) {
  if (verdict.measurements.empty() ||
      verdict.measurements.front().status != results::CellStatus::kOk) {
    return std::nullopt;
  }
  const double rate = verdict.measurements.front().bytes_per_s;
  const std::vector<std::string_view> areas = AreasOf(verdict.algorithm);
  const bool software = verdict.status != VerdictStatus::kAccelerated &&
                        verdict.status != VerdictStatus::kMasked &&
                        std::find(areas.begin(), areas.end(), "BN-RSA") == areas.end();
  if (!software || library.empty() || !version || arch.empty() || areas.empty() ||
      ClassifyAesFigure(verdict.algorithm, verdict.input_len, rate) == AesBound::kAboveSoftware) {
    return std::nullopt;
  }
  const LibraryChange* row = AbsentRow(library, arch, areas, *version);
  if (row == nullptr || !ShowsNoReasonAgainst(report.facts, row->area)) {
    return std::nullopt;
  }
  return AbsentFor{row, FitsHardwareClass(report, verdict, arch)};
}

// The remedy for a release without the `absent` row's assembly: a release of the same library
// that has it, when a row of data/library-changes.csv adds (or restores) it for that
// architecture; else no release of that library has it, and the remedy names a library whose
// row does (OpenSSL first, then BoringSSL and AWS-LC), with its source, rather than a release
// that does not exist (tryout 22: LibreSSL on AArch64 was told to "use a release with the
// assembly").
std::string LacksPathRemedy(const LibraryChange& absent) {
  const auto adds = [&](const LibraryChange& row) {
    return row.arch == absent.arch && row.area == absent.area &&
           (row.kind == "added" || row.kind == "restored");
  };
  for (const LibraryChange& row : LibraryChanges()) {
    if (row.library == absent.library && adds(row)) {
      return "Use a release with the assembly for this architecture (the library's release "
             "notes say when each arrived).";
    }
  }
  for (const std::string_view other : {"openssl", "boringssl", "aws-lc"}) {
    if (other == absent.library) {
      continue;
    }
    for (const LibraryChange& row : LibraryChanges()) {
      if (row.library != other || !adds(row)) {
        continue;
      }
      std::string releases = row.versions.text;
      if (releases.ends_with("..")) {
        releases = releases.substr(0, releases.size() - 2) + " on";
      }
      return fmt::format(
          "No {} release has {} assembly for {} (releases {} lack it): for this work use a "
          "library that has it, such as {} {} ({}).",
          LibraryName(absent.library), absent.area, absent.arch, absent.versions.text,
          LibraryName(row.library), releases,
          SourceLink(row.source, LibraryGithubRepo(row.library)));
    }
  }
  return fmt::format(
      "No {} release has {} assembly for {} (releases {} lack it), and no other library's row "
      "of the knowledge table has it either: software is what this library offers here.",
      LibraryName(absent.library), absent.area, absent.arch, absent.versions.text);
}

}  // namespace

std::vector<Finding> LibraryFindings(const DoctorReport& report, const results::RunResult& run) {
  std::vector<Finding> out;
  if (!report.facts.report) {
    return out;
  }
  const std::string library = LibraryOf(run);
  const std::optional<LibraryVersion> version = VersionOf(run);
  const std::string& arch = report.facts.cpu.arch;
  // Per "absent" row (one per area), the algorithms it explains, in the verdicts' order.
  std::vector<std::pair<const LibraryChange*, std::vector<std::string>>> absent;
  // The same for rows whose figure fits a hardware class (FitsHardwareClass); also_software
  // holds the rows one of whose figures fits a software class as well.
  std::vector<std::pair<const LibraryChange*, std::vector<std::string>>> disagree;
  std::vector<const LibraryChange*> also_software;
  std::vector<std::string> base_fast;
  for (const Verdict& verdict : report.verdicts) {
    if (verdict.measurements.empty() ||
        verdict.measurements.front().status != results::CellStatus::kOk) {
      continue;
    }
    const double rate = verdict.measurements.front().bytes_per_s;
    if (const std::optional<AbsentFor> match =
            AbsentRowFor(report, verdict, library, version, arch)) {
      const LibraryChange* row = match->row;
      const HardwareFit fit = match->fit;
      auto& list = fit.any ? disagree : absent;
      auto entry =
          std::find_if(list.begin(), list.end(), [&](const auto& e) { return e.first == row; });
      if (entry == list.end()) {
        entry = list.insert(list.end(), {row, {}});
      }
      std::vector<std::string>& algorithms = entry->second;
      if (std::find(algorithms.begin(), algorithms.end(), verdict.algorithm) == algorithms.end()) {
        algorithms.push_back(verdict.algorithm);
        if (fit.any && !fit.only) {
          also_software.push_back(row);
        }
      }
    }
    // What a botan speed row's [tag] names depends on the row and the release. A bare block
    // cipher row ("AES-128", imported as AES-128-ECB: Botan has no ECB mode) prints, from 2.0.0
    // to 3.5.x, the provider speed asked for, "base" for Botan's own code whatever path that
    // code dispatches to inside (src/cli/speed.cpp: bench_providers_of passes the name from
    // BlockCipher::providers(), {"base", "openssl"}, to the timer; 3.5.0 speed.cpp:841), and from
    // 3.6.0 the cipher's own provider() (src/cli/perf_sym.cpp, commit 13b4e8564: AES's
    // aes_provider() is vaes, cpu, vperm or base). A mode row prints the mode's provider(): "base"
    // (Cipher_Mode's default, src/lib/modes/cipher_mode.h) for CBC, CFB, XTS and the stream
    // modes on every path, GHASH's for GCM. Only a bare row of 3.6.0 or later thus says [base]
    // of AES's portable code, and only there does a figure faster than any table-driven AES
    // show a hardware path the build labels base (a patched build).
    const results::AlgorithmResult* result = ResultOf(run, verdict.algorithm);
    const std::optional<double> rounds = AesRoundFactor(verdict.algorithm);
    const bool tag_names_aes = verdict.algorithm.ends_with("-ECB") && version &&
                               ParseVersionRange("3.6.0..").Contains(*version);
    if (library == "botan" && result != nullptr && result->implementation == "base" && rounds &&
        tag_names_aes && verdict.input_len >= kMinInputForCeiling &&
        rate > kHighestCoreHz / kFastestTableAes128Cpb / *rounds &&
        std::find(base_fast.begin(), base_fast.end(), verdict.algorithm) == base_fast.end()) {
      base_fast.push_back(verdict.algorithm);
    }
  }
  // A search of the build file for an assembly module that finds nothing (OpenVMS: `search
  // descrip.mms aes-ia64.obj` answered %SEARCH-I-NOMATCHES): the build does not assemble it.
  for (const results::SourceFact& fact : run.source.facts) {
    const size_t no = fact.value.find(": no ");
    if (fact.kind != "build_search" || no == std::string::npos) {
      continue;
    }
    std::string module = fact.value.substr(no + 5);
    std::transform(module.begin(), module.end(), module.begin(), [](char c) {
      return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    });
    const std::string_view area = AreaOfModule(module);
    std::vector<std::string> algorithms;
    for (const Verdict& verdict : report.verdicts) {
      const std::vector<std::string_view> areas = AreasOf(verdict.algorithm);
      if (area.empty() || std::find(areas.begin(), areas.end(), area) == areas.end() ||
          verdict.measurements.empty() ||
          verdict.measurements.front().status != results::CellStatus::kOk ||
          ClassifyAesFigure(verdict.algorithm, verdict.input_len,
                            verdict.measurements.front().bytes_per_s) == AesBound::kAboveSoftware ||
          std::find(algorithms.begin(), algorithms.end(), verdict.algorithm) != algorithms.end()) {
        continue;
      }
      algorithms.push_back(verdict.algorithm);
    }
    if (!algorithms.empty()) {
      out.push_back(Make(
          "library.asm-module-missing", Severity::kWarning,
          fmt::format("The build does not assemble {}: {} {} the C code", module,
                      verdict_internal::Join(algorithms), algorithms.size() == 1 ? "runs" : "run"),
          fmt::format("the paste searched the build file for it and found no match ({}, line "
                      "{}), so the library was built without that {} assembly module",
                      fact.value, fact.line, area),
          "Rebuild with the module enabled (the platform's assembly switched on in Configure), "
          "and check the build file lists its object."));
    }
  }
  // The text names no release: a figure below the hardware class on a CPU with the
  // instructions may be a release without the area's assembly for the architecture (a row of
  // OpenSSL or LibreSSL, whose speed tools print the same rows) as much as an unused path, and
  // only the release settles which.
  if (run.library.backend == "openssl" && (library.empty() || !version) && !arch.empty() &&
      !report.facts.no_asm_build) {
    std::vector<std::string> algorithms;
    std::vector<std::string> releases;
    for (const Verdict& verdict : report.verdicts) {
      if (verdict.status != VerdictStatus::kNotAccelerated ||
          std::find(algorithms.begin(), algorithms.end(), verdict.algorithm) != algorithms.end()) {
        continue;
      }
      const std::vector<std::string_view> areas = AreasOf(verdict.algorithm);
      bool lacking = false;
      for (const LibraryChange& row : LibraryChanges()) {
        if ((row.library == "openssl" || row.library == "libressl") && row.arch == arch &&
            row.kind == "absent" &&
            std::find(areas.begin(), areas.end(), row.area) != areas.end()) {
          lacking = true;
          const std::string release = fmt::format("{} {} ({}: {})", LibraryName(row.library),
                                                  row.versions.text, row.area, row.source);
          if (std::find(releases.begin(), releases.end(), release) == releases.end()) {
            releases.push_back(release);
          }
        }
      }
      if (lacking) {
        algorithms.push_back(verdict.algorithm);
      }
    }
    if (!algorithms.empty()) {
      out.push_back(Make(
          "library.release-unknown", Severity::kWarning,
          fmt::format("Cannot tell from this report why {} {} below the hardware class: the text "
                      "names no release, and some releases have no assembly for {} on {}",
                      verdict_internal::Join(algorithms), algorithms.size() == 1 ? "runs" : "run",
                      algorithms.size() == 1 ? "it" : "them", arch),
          fmt::format("releases without that {} assembly: {}; in any other release the "
                      "figure would mean an unused hardware path",
                      arch, verdict_internal::Join(releases)),
          "Include `openssl version` output: it names the library (OpenSSL or LibreSSL) and its "
          "release."));
    }
  }
  // One finding per area, each citing its own row: the AES row does not speak for SHA-2.
  for (const auto& [row, algorithms] : absent) {
    out.push_back(Make(
        "library.lacks-asm-path", Severity::kWarning,
        fmt::format("{} {} has no {} assembly for {} that uses the CPU's instructions: {} {} "
                    "software code whatever the CPU offers",
                    LibraryName(library), version->text, arch, row->area,
                    verdict_internal::Join(algorithms), algorithms.size() == 1 ? "runs" : "run"),
        fmt::format("{} ({}{}; releases {}); the figures sit below every hardware class",
                    row->change, SourceLink(row->source, LibraryGithubRepo(row->library)),
                    row->sure ? "" : "; the source leaves this unsure", row->versions.text),
        LacksPathRemedy(*row)));
  }
  for (const auto& [row, algorithms] : disagree) {
    out.push_back(Make(
        "library.release-figure-disagree", Severity::kInfo,
        fmt::format(
            "Cannot tell which code ran {}: {} {} has no {} assembly for {} in its "
            "sources, yet the figure{} {} a hardware class",
            verdict_internal::Join(algorithms), LibraryName(library), version->text, arch,
            row->area, algorithms.size() == 1 ? " fits" : "s fit",
            std::find(also_software.begin(), also_software.end(), row) != also_software.end()
                ? "a software class and"
                : "only"),
        fmt::format(
            "{} ({}{}; releases {}); a figure at a hardware class does not show that "
            "software ran: a build other than the sources the row reads (a vendor's "
            "own), a figure from another run or machine, or a clock outside the range "
            "assumed would each explain it, and the text does not say which{}",
            row->change, SourceLink(row->source, LibraryGithubRepo(row->library)),
            row->sure ? "" : "; the source leaves this unsure", row->versions.text,
            library == "libressl" && report.facts.report->os == "macos" ? kAppleLibresslBuild : ""),
        "Re-run the speed command with the version command's output beside it on one machine "
        "(`which openssl` too: a second library on the path is common), and give the CPU's "
        "clock."));
  }
  if (!library.empty() && version) {
    const std::string word = PrereleaseOf(run.source.tool_version);
    // A run without figures (a version block, a speed command that failed) has nothing the
    // snapshot's regressions could touch.
    if (!word.empty() && !run.algorithms.empty()) {
      out.push_back(PrereleaseFinding(library, *version, run.source.tool_version, word, arch));
    }
    for (Finding& finding : KnownChangeFindings(report, library, *version, arch)) {
      out.push_back(std::move(finding));
    }
    if (std::optional<Finding> overhead = ProviderOverheadFinding(report, run, library, *version)) {
      out.push_back(std::move(*overhead));
    }
  }
  if (library == "botan") {
    if (std::optional<Finding> frodo = BotanFrodoKemFinding(run, version)) {
      out.push_back(std::move(*frodo));
    }
  }
  if (!base_fast.empty()) {
    // The rows run at a hardware speed: nothing is slow, so no cause and nothing to fix.
    out.push_back(Make(
        "library.base-tag-hardware-speed", Severity::kInfo,
        fmt::format("Botan {}'s {} rows say [base] yet run at a hardware speed: this build runs "
                    "a hardware AES path under the portable code's label",
                    version->text, verdict_internal::Join(base_fast)),
        fmt::format(
            "from 3.6.0 botan speed tags a block cipher with its own provider, and Botan's AES "
            "names each of its paths (vaes, cpu, vperm; base is the portable table-driven or "
            "bit-sliced code: src/cli/perf_sym.cpp and src/lib/block/aes/aes.cpp, "
            "https://github.com/randombit/botan), which never runs faster than the fastest "
            "table-driven AES published (AES-128 at 10.57 cycles per byte, {}), halved to {} and "
            "run at {:.1f} GHz; so the build carries a hardware path the release does not label "
            "base (a patched or vendor build)",
            kTableAesSource, kFastestTableAes128Cpb, kHighestCoreHz / 1e9),
        "Nothing to speed up: these rows already run at a hardware speed. `botan version "
        "--full` names the distribution whose patches to check if the label matters."));
  }
  return out;
}

void SettleLegacyApiByRelease(DoctorReport& report, const results::RunResult& run) {
  const std::string library = LibraryOf(run);
  const std::optional<LibraryVersion> version = VersionOf(run);
  const std::string& arch = report.facts.cpu.arch;
  if (arch.empty() || run.library.backend != "openssl") {
    return;
  }
  std::string evidence;
  if (!library.empty() && version) {
    const LibraryChange* row = AbsentRow(library, arch, {"AES"}, *version);
    if (row == nullptr) {
      return;
    }
    evidence = fmt::format(
        "the low-level AES_* code has no AES-NI or ARMv8 path, but {} {}'s EVP code has none on "
        "{} either ({}; {}{}), so EVP would run the same software: the API is not why these "
        "rows are slow",
        LibraryName(library), version->text, arch, row->change, row->source,
        row->sure ? "" : "; the source leaves this unsure");
  } else {
    // The text does not name the release: when some release of a library whose speed tool
    // prints these rows has no AES path for the architecture in EVP either, EVP is not shown
    // to be faster.
    std::vector<std::string> releases;
    for (const LibraryChange& row : LibraryChanges()) {
      if ((row.library == "openssl" || row.library == "libressl") && row.arch == arch &&
          row.area == "AES" && row.kind == "absent") {
        releases.push_back(
            fmt::format("{} {} ({})", LibraryName(row.library), row.versions.text, row.source));
      }
    }
    if (releases.empty()) {
      return;
    }
    evidence = fmt::format(
        "the low-level AES_* code has no AES-NI or ARMv8 path, but the text does not name the "
        "release, and on {} the EVP code of {} has no AES hardware path either: cannot tell "
        "from this report whether EVP would be faster",
        arch, verdict_internal::Join(releases));
  }
  for (Finding& finding : report.findings) {
    if (finding.id == "report.legacy-api" && finding.severity != Severity::kInfo) {
      finding.severity = Severity::kInfo;
      finding.evidence = evidence;
      finding.advice =
          "Include `openssl version` (it names the release), or re-run openssl speed with -evp "
          "NAME (e.g. -evp aes-128-cbc).";
    }
  }
}

void SettleByLibraryLacksPath(DoctorReport& report, const results::RunResult& run) {
  if (!report.facts.report || !report.facts.emulation.empty() ||
      !report.facts.report->engine_or_provider.empty()) {
    return;
  }
  const std::string library = LibraryOf(run);
  const std::optional<LibraryVersion> version = VersionOf(run);
  const std::string& arch = report.facts.cpu.arch;
  for (Verdict& verdict : report.verdicts) {
    if (verdict.status != VerdictStatus::kUndetermined || !verdict.kernel_driver.empty()) {
      continue;
    }
    const std::optional<AbsentFor> match = AbsentRowFor(report, verdict, library, version, arch);
    if (!match || match->fit.any) {
      continue;
    }
    const LibraryChange& row = *match->row;
    const std::optional<bool> has = CpuHasFor(report.facts, row.area);
    SettleVerdict(
        verdict, VerdictStatus::kNotAccelerated,
        fmt::format("{} {} has no {} assembly for {} (library.lacks-asm-path): {} runs software "
                    "code whatever the CPU offers{}",
                    LibraryName(library), version->text, arch, row.area, verdict.algorithm,
                    has == true ? ""
                                : "; whether this CPU has the instructions a release with that "
                                  "assembly would use is not in the text"),
        report,
        {fmt::format("{} ({}{}; releases {})", row.change,
                     SourceLink(row.source, LibraryGithubRepo(row.library)),
                     row.sure ? "" : "; the source leaves this unsure", row.versions.text)},
        LacksPathRemedy(row));
  }
}

}  // namespace cryptobench::diagnose
