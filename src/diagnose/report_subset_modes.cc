// SubsetModeFindings (doctor_from.h): a mode whose work is a subset of another mode's runs much
// slower than that mode in the same run of the same library, so the subset mode's code is the
// inefficient one.
#include <algorithm>
#include <array>
#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "report/format_util.h"

#include "diagnose/doctor_from.h"
#include "diagnose/verdict_text.h"

namespace cryptobench::diagnose {
namespace {

using verdict_internal::FormatBytesPerSecond;

// A mode and the mode that does its work and more, with the standard that says so.
struct SubsetPair {
  std::string_view subset;    // e.g. "AES-128-CTR"
  std::string_view superset;  // e.g. "AES-128-GCM"
  std::string_view why;       // the superset's definition, with its source
  std::string_view parallel;  // a mode as parallel as the subset whose figure corroborates, or ""
};

constexpr std::string_view kGcmWhy =
    "GCM encrypts with GCTR, which is CTR over incremented counter blocks, and adds GHASH over the "
    "ciphertext (NIST SP 800-38D, sec. 6.5 and 7.1, "
    "https://doi.org/10.6028/NIST.SP.800-38D)";
constexpr std::string_view kChaChaPolyWhy =
    "ChaCha20-Poly1305 encrypts with ChaCha20 and adds Poly1305 over the ciphertext (RFC 8439, "
    "sec. 2.8, https://www.rfc-editor.org/rfc/rfc8439#section-2.8)";

constexpr std::array<SubsetPair, 4> kPairs = {{
    {"AES-128-CTR", "AES-128-GCM", kGcmWhy, "AES-128-CBC"},
    {"AES-192-CTR", "AES-192-GCM", kGcmWhy, "AES-192-CBC"},
    {"AES-256-CTR", "AES-256-GCM", kGcmWhy, "AES-256-CBC"},
    {"ChaCha20", "ChaCha20-Poly1305", kChaChaPolyWhy, ""},
}};

// The one known case, and its fix: wolfSSL 5.3.0's AES-CTR encrypted one counter block at a
// time. Issue 5333 (cotequeiroz, 2022-07-07): "AES-128-CTR 805 MB" in a run of at least 1.0 s
// (the benchmark's "min 1.0 sec each"; the stored copy of the thread ends there) beside
// AES-128-GCM-enc at 7839.774 MB/s, so CTR/GCM <= 0.103. Pull request 5336 (SparkiDev,
// 2022-07-08, "Fixes #5333", labelled "For This Release") generates the counters into the output
// buffer, encrypts the whole buffer and XORs the input in. 5.4.0 (2022-07-11) is the release it
// was labelled for; neither the 5.4.0 nor the 5.5.0 ChangeLog entry lists it.
constexpr std::string_view kWolfsslCase =
    "the known case: wolfSSL 5.3.0 on an AES-NI build encrypted AES-CTR one counter block at a "
    "time, AES-128-CTR 805 MB in at least 1 s beside AES-128-GCM at 7839.774 MB/s, a ratio of at "
    "most 0.10 (https://github.com/wolfSSL/wolfssl/issues/5333); fixed by "
    "https://github.com/wolfSSL/wolfssl/pull/5336 (\"generate the counters into the output "
    "buffer - encrypt output buffer - XOR in the input. Faster than encrypting a block at a "
    "time\")";
constexpr unsigned kWolfsslFixedMajor = 5;
constexpr unsigned kWolfsslFixedMinor = 4;

// The largest input length both cells of a pair have a usable encrypt figure at, at least
// kSubsetModeMinInput bytes, or 0 when both have one only without a length (wolfCrypt's block
// size line cut from the paste).
struct SharedFigures {
  uint64_t input_len = 0;
  double subset_bytes_per_s = 0;
  double superset_bytes_per_s = 0;
  /// How far the ratio may be off: the product of both figures' unit bounds (1: none).
  double uncertainty = 1;
};

// How far a figure may be off when its only doubts are the printed unit's base
// (results::CellCaveat::unit_factor, e.g. wolfCrypt's "MB": 2^20 or 10^6 bytes): the product of
// those bounds, 1 without a doubt; nullopt for any other doubt (size, digits, a damaged row).
std::optional<double> DoubtBound(const results::Cell& cell) {
  double bound = 1;
  for (const results::CellCaveat& caveat : cell.caveats) {
    if (!caveat.doubt) {
      continue;
    }
    if (!(caveat.unit_factor >= 1)) {
      return std::nullopt;
    }
    bound *= caveat.unit_factor;
  }
  return bound;
}

// The encrypt cell of `result` at `input_len` with a throughput (status ok) and its DoubtBound.
std::optional<std::pair<double, double>> Usable(const results::AlgorithmResult& result,
                                                uint64_t input_len) {
  for (const results::Cell& cell : result.cells) {
    if (cell.operation == "encrypt" && cell.input_len == input_len &&
        cell.status == results::CellStatus::kOk && cell.figures && cell.figures->bytes_per_s &&
        cell.figures->bytes_per_s->value > 0) {
      if (const std::optional<double> bound = DoubtBound(cell)) {
        return std::make_pair(cell.figures->bytes_per_s->value, *bound);
      }
    }
  }
  return std::nullopt;
}

std::optional<SharedFigures> Shared(const results::AlgorithmResult& subset,
                                    const results::AlgorithmResult& superset) {
  std::optional<SharedFigures> best;
  for (const results::Cell& cell : subset.cells) {
    const uint64_t len = cell.input_len;
    if ((len != 0 && len < kSubsetModeMinInput) || (best && len <= best->input_len)) {
      continue;
    }
    const auto a = Usable(subset, len);
    const auto b = Usable(superset, len);
    if (a && b) {
      best = SharedFigures{len, a->first, b->first, a->second * b->second};
    }
  }
  return best;
}

const results::AlgorithmResult* ResultNamed(const results::RunResult& run, std::string_view name) {
  for (const results::AlgorithmResult& result : run.algorithms) {
    if (result.algorithm == name && result.supported) {
      return &result;
    }
  }
  return nullptr;
}

// "5.3.0" -> {5, 3}; nullopt when the version does not start with two numbers.
std::optional<std::pair<unsigned, unsigned>> MajorMinor(std::string_view text) {
  unsigned major = 0;
  unsigned minor = 0;
  const char* end = text.data() + text.size();
  const auto [dot, major_error] = std::from_chars(text.data(), end, major);
  if (major_error != std::errc() || dot == end || *dot != '.') {
    return std::nullopt;
  }
  if (std::from_chars(dot + 1, end, minor).ec != std::errc()) {
    return std::nullopt;
  }
  return std::make_pair(major, minor);
}

// The remedy: wolfSSL releases before the fix get its release; any other library the general
// one.
std::string Advice(const results::RunResult& run, std::string_view subset,
                   std::string_view superset) {
  const bool aes = subset.starts_with("AES-");
  if (aes && run.library.backend == "wolfssl") {
    const auto version = MajorMinor(run.source.tool_version);
    const bool before_fix =
        version && (version->first < kWolfsslFixedMajor ||
                    (version->first == kWolfsslFixedMajor && version->second < kWolfsslFixedMinor));
    if (!version || before_fix) {
      return fmt::format(
          "Use wolfSSL 5.4.0 or later{}: pull request 5336 makes AES-CTR encrypt the whole buffer "
          "of counters at once instead of one block at a time (labelled for the 5.4.0 release of "
          "2022-07-11, which its ChangeLog does not list); meanwhile use {} or CBC, which run on "
          "the fast path.",
          version ? fmt::format(" (this run is {})", run.source.tool_version)
                  : std::string(" (the paste does not name the release)"),
          superset);
    }
  }
  return fmt::format(
      "Use a release whose {} encrypts many blocks per call, or use {}{}; report both figures to "
      "the library's maintainers.",
      subset, superset, aes ? " or CBC" : "");
}

}  // namespace

std::vector<Finding> SubsetModeFindings(const DoctorReport& report, const results::RunResult& run) {
  std::vector<Finding> out;
  if (!report.facts.report || !report.facts.emulation.empty()) {
    return out;
  }
  const ReportOrigin& origin = *report.facts.report;
  // 1.x low-level rows are not the library's EVP path; a kernel tool's modes run whichever driver
  // has the highest priority for each, and an engine or provider may take one mode and not the
  // other: the two figures are then not one library's code.
  if (origin.evp == "legacy" || KernelTool(origin) || !origin.engine_or_provider.empty()) {
    return out;
  }
  // A speed-tool fault named for this run (a broken timer, an impossible figure) leaves every
  // figure of it in doubt.
  const bool tool_fault =
      std::any_of(report.findings.begin(), report.findings.end(), [](const Finding& finding) {
        return finding.id.starts_with("tool.") && finding.severity != Severity::kInfo;
      });
  if (tool_fault) {
    return out;
  }
  for (const SubsetPair& pair : kPairs) {
    const results::AlgorithmResult* subset = ResultNamed(run, pair.subset);
    const results::AlgorithmResult* superset = ResultNamed(run, pair.superset);
    if (subset == nullptr || superset == nullptr) {
      continue;
    }
    const std::optional<SharedFigures> shared = Shared(*subset, *superset);
    if (!shared) {
      continue;
    }
    // A unit whose base the paste leaves open moves the ratio by at most that factor: the
    // worst case must still be below the floor.
    const double ratio = shared->subset_bytes_per_s / shared->superset_bytes_per_s;
    if (!(ratio * shared->uncertainty < kSubsetModeRatioFloor)) {
      continue;
    }
    const std::string unit_doubt =
        shared->uncertainty > 1
            ? fmt::format(
                  " (the paste leaves the unit's base open, 2^10k or 10^3k bytes, which "
                  "moves the ratio by at most {:.3f}x: still below {:.2f})",
                  shared->uncertainty, kSubsetModeRatioFloor)
            : std::string();
    const std::string size =
        shared->input_len == 0
            ? std::string("both without an input length, so at the tool's one block size")
            : fmt::format("both at {} per call", report::FormatThroughputSize(shared->input_len));
    std::string parallel;
    if (!pair.parallel.empty()) {
      if (const results::AlgorithmResult* cbc = ResultNamed(run, pair.parallel)) {
        for (const results::Cell& cell : cbc->cells) {
          if (cell.operation == "decrypt" && cell.input_len == shared->input_len &&
              cell.status == results::CellStatus::kOk && cell.figures &&
              cell.figures->bytes_per_s && DoubtBound(cell)) {
            parallel = fmt::format(
                "; {} decryption, whose blocks are as independent as CTR's, runs at {} in the "
                "same run",
                pair.parallel, FormatBytesPerSecond(cell.figures->bytes_per_s->value));
            break;
          }
        }
      }
    }
    out.push_back(Finding{
        "library.subset-mode-slow", Severity::kWarning,
        fmt::format("{} encrypts at {:.2f} x this run's {} ({} against {}): {} does {}'s work "
                    "and more, so the library's {} code is the inefficient path",
                    pair.subset, ratio, pair.superset,
                    FormatBytesPerSecond(shared->subset_bytes_per_s),
                    FormatBytesPerSecond(shared->superset_bytes_per_s), pair.superset, pair.subset,
                    pair.subset),
        fmt::format(
            "{}; one run of one library ({}), {}, encrypt figures, same key size{}{}. A "
            "library's "
            "{} can lag its {} only where {} has a wider code path, as where OpenSSL 3.2 and "
            "later run "
            "AES-GCM with VAES-AVX512 (0.19 cycles per byte, Sapphire Rapids) but AES-CTR with "
            "aesni_ctr32_encrypt_blocks (0.35-0.38), a normal ratio of about 0.5 "
            "(OpenSSL's crypto/aes/asm/aesni-x86_64.pl cycles-per-byte table for AES-CTR; "
            "github.com/lelegard/aesbench for AES-GCM on a Xeon Max 9460); "
            "below {:.2f} is no such gap. For comparison, {}",
            pair.why, origin.tool.empty() ? std::string("the same tool") : origin.tool, size,
            unit_doubt, parallel, pair.subset, pair.superset, pair.superset, kSubsetModeRatioFloor,
            kWolfsslCase),
        Advice(run, pair.subset, pair.superset)});
  }
  return out;
}

}  // namespace cryptobench::diagnose
