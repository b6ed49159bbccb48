// CryptoFineFinding (doctor_from.h): "the crypto is fine: look elsewhere" (issue 13, section 6),
// stated only when every figure doctor --from examined sits in an accelerated class.
#include <algorithm>
#include <cctype>
#include <map>
#include <string_view>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "report/format_util.h"

#include "diagnose/cpu_clues.h"
#include "diagnose/doctor_from.h"
#include "diagnose/hash_bounds.h"
#include "diagnose/library_advice.h"
#include "diagnose/pk_bounds.h"
#include "diagnose/stated_causes.h"
#include "diagnose/verdict_text.h"

namespace cryptobench::diagnose {
namespace {

using verdict_internal::FormatBytesPerSecond;
using verdict_internal::Join;

// One examined figure and why it is in its accelerated class.
struct FineFigure {
  std::string name;        // "AES-128-XTS encrypt at 1024 KiB per call"
  double bytes_per_s = 0;  // operations per second for a public-key figure
  std::string why;
  bool per_operation = false;  // a public-key figure: sign/s, not a byte rate
  std::string operation;       // its operation ("sign") when per_operation
  std::string algorithm;       // its algorithm ("RSA-2048", "AES-256-ECB")
  bool ecb = false;            // an ECB figure: in its class, but no workload's ceiling
};

// True for a cipher in ECB mode ("AES-256-ECB"): a workload encrypts its data in CBC, CTR, XTS
// or GCM, whose code differs from ECB's, so an ECB figure shows the block cipher's path but
// bounds no workload. On the same core CBC encryption (a disk's aes-cbc-essiv, OpenVPN's
// AES-CBC) runs 1.5-8.2x slower than ECB: Silvermont 5.75 against 3.87, Westmere 3.77 against
// 1.26, Bulldozer 5.77 against 0.70 cycles per byte (OpenSSL crypto/aes/asm/aesni-x86_64.pl,
// "Current large-block performance" table, the rows data/cpb-classes.csv cites as lines 177-185).
bool IsEcb(std::string_view algorithm) {
  return algorithm.size() > 4 && algorithm.substr(algorithm.size() - 4) == "-ECB";
}

// `algorithm` ("AES-256-ECB") with its mode replaced by `mode` ("gcm"), in lower case, as
// openssl speed -evp names it.
std::string WithMode(std::string_view algorithm, std::string_view mode) {
  std::string name(algorithm.substr(0, algorithm.size() - 3));
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return name + std::string(mode);
}

// What one core gets from a public-key figure that proves its assembly: a TLS server signs once
// per full handshake with its certificate's key (TLS 1.3 CertificateVerify, RFC 8446 sec. 4.4.3;
// TLS 1.2 ECDHE ServerKeyExchange, RFC 5246 sec. 7.4.3 and RFC 8422 sec. 5.4), so an RSA or
// ECDSA sign figure is also the full handshakes per second the signature allows; other figures
// are their own operations per second.
std::string PerCoreCeiling(const FineFigure& figure) {
  if (figure.operation == "sign" &&
      (figure.algorithm.starts_with("RSA-") || figure.algorithm.starts_with("ECDSA-"))) {
    return fmt::format(
        "{:.0f} full TLS handshakes/s as a server with an {} certificate (one {} sign each)",
        figure.bytes_per_s, figure.algorithm, figure.algorithm);
  }
  return fmt::format("{:.0f} {} {}/s", figure.bytes_per_s, figure.algorithm, figure.operation);
}

}  // namespace

std::string RerunCommand(const ReportOrigin& origin, const std::string& algorithm) {
  if (origin.tool != "openssl speed") {
    return fmt::format("the same {} command", origin.tool.empty() ? "benchmark" : origin.tool);
  }
  // "engine qat" or "engine qat, provider legacy" (import's speed_run.cc): the engine's id.
  const std::string_view named = origin.engine_or_provider;
  const std::string engine =
      named.starts_with("engine ")
          ? fmt::format("-engine {} ", named.substr(7, named.find(',') == std::string_view::npos
                                                           ? std::string_view::npos
                                                           : named.find(',') - 7))
          : "";
  return fmt::format("openssl speed {}-elapsed {}", engine,
                     verdict_internal::OpensslSpeedArgs(algorithm));
}

std::optional<Finding> CryptoFineFinding(const DoctorReport& report) {
  if (!report.facts.report || report.verdicts.empty()) {
    return std::nullopt;
  }
  const ReportOrigin& origin = *report.facts.report;
  // An engine or provider named: the question is where the work ran (the engine, or the CPU's
  // own code because the engine does not take that algorithm), which a fast figure does not
  // tell; in user CPU time work done elsewhere is not even counted (verdict_report.cc).
  if (!origin.engine_or_provider.empty()) {
    return std::nullopt;
  }
  // Another cause stated (a masked vector, a build without assembly, a legacy-API row, a speed
  // tool bug, "cannot tell"): the crypto is not shown fine.
  if (!StatedCauses(report).empty()) {
    return std::nullopt;
  }
  // Rows of the 1.x low-level API (report_findings.cc, "report.legacy-api"): that code has no
  // AES-NI or ARMv8 path, so its rows are not the path an application's EVP or kernel code runs
  // (and a hardware-class figure among them contradicts the row names): not the workload's
  // ceiling.
  if (std::any_of(report.findings.begin(), report.findings.end(),
                  [](const Finding& f) { return f.id == "report.legacy-api"; })) {
    return std::nullopt;
  }
  const bool clock_known = !ReportClockAssumed(report);
  std::vector<FineFigure> figures;
  bool any_bound = false;
  bool any_sha_bound = false;
  std::vector<std::string_view> pk_sources;  // the public-key bounds the figures rest on
  for (const Verdict& verdict : report.verdicts) {
    if (verdict.measurements.empty() ||
        verdict.measurements.front().status != results::CellStatus::kOk ||
        !(verdict.measurements.front().bytes_per_s > 0)) {
      return std::nullopt;
    }
    const Measurement& m = verdict.measurements.front();
    FineFigure figure{fmt::format("{} {} at {} per call{}", verdict.algorithm, verdict.operation,
                                  report::FormatThroughputSize(verdict.input_len),
                                  m.label == "as reported" ? "" : fmt::format(" ({})", m.label)),
                      m.bytes_per_s,
                      "",
                      false,
                      "",
                      verdict.algorithm,
                      IsEcb(verdict.algorithm)};
    if (ProvesAssembly(report, verdict)) {
      // The verdict rests on a public-key bound (verdict_report.cc), its own or the one P-256
      // figure's that proves the group method (ShareP256Assembly), which holds at any clock.
      figure.name = fmt::format("{} {}{}", verdict.algorithm, verdict.operation,
                                m.label == "as reported" ? "" : fmt::format(" ({})", m.label));
      figure.per_operation = true;
      figure.operation = verdict.operation;
      figure.algorithm = verdict.algorithm;
      std::vector<std::string_view> sources;
      if (AboveGenericC(verdict.algorithm, verdict.operation, m.bytes_per_s)) {
        figure.why = fmt::format(
            "faster than any generic C {} at any clock (above {:.0f} {}/s)", verdict.algorithm,
            *GenericCCeiling(verdict.algorithm, verdict.operation), verdict.operation);
        sources.push_back(GenericCBoundSource(verdict.algorithm, verdict.operation));
      } else {
        const Verdict& proof = *P256AssemblyProof(report);
        figure.why = fmt::format(
            "on the P-256 assembly: the one group method of the curve, which {} {} proves "
            "(above {:.0f} {}/s, faster than any generic C at any clock)",
            proof.algorithm, proof.operation, *GenericCCeiling(proof.algorithm, proof.operation),
            proof.operation);
        sources.push_back(GenericCBoundSource(proof.algorithm, proof.operation));
        sources.push_back(P256MethodSource());
      }
      for (const std::string_view source : sources) {
        if (std::find(pk_sources.begin(), pk_sources.end(), source) == pk_sources.end()) {
          pk_sources.push_back(source);
        }
      }
    } else if (verdict.status == VerdictStatus::kAccelerated && clock_known) {
      // The fingerprint falls in an accelerated class over the whole range of the clock the
      // text gives (over the assumed 1-5 GHz only the bounds below, which hold at any clock).
      figure.why = verdict.line;
    } else if ((verdict.status == VerdictStatus::kUndetermined ||
                verdict.status == VerdictStatus::kAccelerated) &&
               ClassifyAesFigure(verdict.algorithm, verdict.input_len, m.bytes_per_s,
                                 verdict.operation) == AesBound::kAboveSoftware) {
      figure.why =
          fmt::format("faster than any software AES at any clock (above {:.0f} MB/s)",
                      AesBoundsFor(verdict.algorithm, verdict.operation)->software_ceiling / 1e6);
      any_bound = true;
    } else if ((verdict.status == VerdictStatus::kUndetermined ||
                verdict.status == VerdictStatus::kAccelerated) &&
               AboveSoftwareSha256(verdict.algorithm, m.bytes_per_s)) {
      figure.why = fmt::format("faster than any software SHA-256 at any clock (above {:.0f} MB/s)",
                               *Sha256SoftwareCeiling(verdict.algorithm) / 1e6);
      any_sha_bound = true;
    } else if (const KernelAesComparison* c = FindKernelAes(origin.kernel_aes, verdict.algorithm,
                                                            verdict.operation, verdict.input_len);
               c != nullptr && c->bound == AesBound::kAboveSoftware &&
               (verdict.status == VerdictStatus::kUndetermined ||
                verdict.status == VerdictStatus::kAccelerated)) {
      figure.why = c->text;
    } else {
      // Below its class, software, no hardware path, or not settled: say nothing.
      return std::nullopt;
    }
    figures.push_back(std::move(figure));
  }
  // Every figure is in its class, but one of them is in doubt (import could not settle its size,
  // unit or digits): good news must not rest on it, and the paste cannot settle the question.
  if (!origin.figures_in_doubt.empty()) {
    return Finding{
        "report.cannot-tell", Severity::kWarning,
        "Cannot tell from this report whether the crypto is fine: its figures sit in their "
        "accelerated class, but the paste does not settle some of them",
        fmt::format("{}; openssl speed's sizes and columns differ between releases and options "
                    "(five sizes to 8192 bytes in 1.0.x, six to 16384 from 1.1.0, -bytes, -mb: "
                    "apps/speed.c), so a row cut from its table is not a figure to conclude on",
                    Join(origin.figures_in_doubt)),
        fmt::format("Paste the whole output of one run, with its 'type' line: {}.",
                    RerunCommand(origin, report.verdicts.front().algorithm))};
  }
  // Only ECB figures: the hardware path ran (cpu.aes-hardware says so), but no workload runs
  // that mode, so the report gives no ceiling for one, and whether the crypto is fine for it
  // (its mode's code, its direction) is open: IsEcb.
  if (std::all_of(figures.begin(), figures.end(), [](const FineFigure& f) { return f.ecb; })) {
    std::vector<std::string> names;
    for (const FineFigure& figure : figures) {
      names.push_back(fmt::format("{}, {}", figure.name, FormatBytesPerSecond(figure.bytes_per_s)));
    }
    const std::string& algorithm = figures.front().algorithm;
    return Finding{
        std::string(kEcbNoCeiling), Severity::kWarning,
        fmt::format("Cannot tell from this report whether the crypto is fine for a workload: {} "
                    "runs on its accelerated path, but no disk, VPN or TLS connection encrypts "
                    "its data in ECB",
                    algorithm),
        fmt::format("{}: in its accelerated class; a workload runs CBC, CTR, XTS or GCM, whose "
                    "code is not ECB's, and CBC encryption runs 1.5-8.2x slower than ECB on the "
                    "same core (Silvermont 5.75 against 3.87 cycles per byte, Bulldozer 5.77 "
                    "against 0.70: OpenSSL crypto/aes/asm/aesni-x86_64.pl, its table of "
                    "large-block performance), so an ECB figure is no workload's ceiling",
                    Join(names)),
        fmt::format("Run the mode the workload uses: {} (TLS), or -evp {} (a disk) or -evp {} "
                    "(OpenVPN's CBC ciphers).",
                    RerunCommand(origin, WithMode(algorithm, "gcm")), WithMode(algorithm, "xts"),
                    WithMode(algorithm, "cbc"))};
  }
  // The ceiling is the slowest byte rate of a mode a workload runs (not ECB); public-key figures
  // (operations per second) are not byte rates, and name the ceiling only when the report has
  // nothing else.
  const bool any_bytes = std::any_of(figures.begin(), figures.end(), [](const FineFigure& f) {
    return !f.per_operation && !f.ecb;
  });
  const auto slowest = std::min_element(figures.begin(), figures.end(),
                                        [any_bytes](const FineFigure& a, const FineFigure& b) {
                                          if (a.ecb != b.ecb) {
                                            return !a.ecb;
                                          }
                                          if (any_bytes && a.per_operation != b.per_operation) {
                                            return !a.per_operation;
                                          }
                                          return a.bytes_per_s < b.bytes_per_s;
                                        });
  const auto rate = [](const FineFigure& f) {
    return f.per_operation ? fmt::format("{:.0f} {}/s", f.bytes_per_s, f.operation)
                           : FormatBytesPerSecond(f.bytes_per_s);
  };
  std::vector<std::string> evidence;
  for (const FineFigure& figure : figures) {
    // Beside public-key figures alone, an ECB figure is neither their ceiling nor a generic C
    // bound's: cpu.aes-hardware names it.
    if (any_bytes || !figure.ecb) {
      evidence.push_back(fmt::format("{}, {}: {}", figure.name, rate(figure), figure.why));
    }
  }
  std::string pk_bounds;
  for (const std::string_view source : pk_sources) {
    pk_bounds += fmt::format(". The {}", source);
  }
  if (!any_bytes) {
    std::vector<std::string> ceilings;
    for (const FineFigure& figure : figures) {
      if (figure.per_operation) {
        ceilings.push_back(PerCoreCeiling(figure));
      }
    }
    return Finding{
        "report.crypto-fine", Severity::kInfo,
        fmt::format("The crypto is fine: {} runs at {} in this report, on its assembly path{}; "
                    "per core the workload gets at most {}; below that the public-key operation "
                    "is not what limits it",
                    slowest->name, rate(*slowest),
                    std::count_if(figures.begin(), figures.end(),
                                  [](const FineFigure& f) { return f.per_operation; }) > 1
                        ? ", as every public-key figure of it does"
                        : "",
                    Join(ceilings)),
        fmt::format("every figure examined sits above what generic C reaches ({}){}. Each figure "
                    "is one process's, so one core's; a TLS server signs once per full handshake "
                    "(TLS 1.3 CertificateVerify, RFC 8446 sec. 4.4.3; TLS 1.2 ECDHE "
                    "ServerKeyExchange, RFC 5246 sec. 7.4.3), and a resumed one signs nothing",
                    Join(evidence), pk_bounds),
        fmt::format("Look elsewhere: time the workload itself (handshakes per second with and "
                    "without the proxy or VPN), and watch whether one core is saturated ({}).",
                    SaturationWatcher(origin.os))};
  }
  const std::string workload =
      KernelTool(origin) ? "a disk or file system" : "a disk, file system, VPN or proxy";
  return Finding{
      "report.crypto-fine", Severity::kInfo,
      fmt::format("The crypto is fine: {} runs at {} in this report ({:.1f} Gbit/s), on an "
                  "accelerated path: the cipher is not what limits {} that moves less than that",
                  slowest->name, FormatBytesPerSecond(slowest->bytes_per_s),
                  slowest->bytes_per_s * 8 / 1e9, workload),
      fmt::format(
          "every figure examined sits in its accelerated class ({}); the slowest of them is the "
          "ceiling the primitive allows one {}{}{}{}",
          Join(evidence), origin.processes > 1 ? "process" : "stream as measured",
          any_bound ? ". The software AES bound: bit-sliced CTR, the fastest software AES, at "
                      "4.96 cycles per byte measured on Zen 4 (about 7 on Nehalem: Kaesper and "
                      "Schwabe, CHES 2009, https://eprint.iacr.org/2009/129), halved and scaled "
                      "by the rounds, at 6.5 GHz, above any shipping core's boost clock; for "
                      "CBC encryption, which is serial, the table code at 9.77 cycles per byte "
                      "(aes-x86_64.pl), halved and scaled alike"
                    : "",
          any_sha_bound
              ? ". The software SHA-256 bound: the AVX2 path, the fastest software SHA-256, at "
                "7.0 cycles per byte measured on Zen 4 (7.7 on Skylake: OpenSSL's "
                "sha512-x86_64.pl), halved, at 6.5 GHz"
              : "",
          pk_bounds),
      fmt::format("Look elsewhere: time the workload itself (fio or dd on the raw device and "
                  "through the file system, iperf3 with and without the VPN or proxy), and watch "
                  "whether one core is saturated ({}): a single-threaded program is limited by "
                  "its own code, not by the cipher.",
                  SaturationWatcher(origin.os))};
}

namespace {

// One cell two runs of a paste share whose byte rates differ by more than the threshold.
struct DifferingCell {
  size_t run_a = 0;  // indices into the paste's runs, run_a < run_b
  size_t run_b = 0;
  std::string text;  // "AES-128-XTS encrypt at 1024 KiB per call: run 1 5.32 GB/s, run 2 5.68 GB/s"
  double ratio = 1;  // the faster figure over the slower one
};

// Every such cell, in the order of the cells' keys and then of the run pairs.
std::vector<DifferingCell> DifferingCells(const std::vector<results::RunResult>& runs,
                                          double threshold) {
  struct Figure {
    size_t run = 0;
    double bytes_per_s = 0;
  };
  std::map<std::tuple<std::string, std::string, uint64_t>, std::vector<Figure>> cells;
  for (size_t i = 0; i < runs.size(); ++i) {
    for (const results::AlgorithmResult& alg : runs[i].algorithms) {
      for (const results::Cell& cell : alg.cells) {
        if (cell.status == results::CellStatus::kOk && cell.figures && cell.figures->bytes_per_s &&
            cell.figures->bytes_per_s->value > 0) {
          cells[{alg.algorithm, cell.operation, cell.input_len}].push_back(
              {i, cell.figures->bytes_per_s->value});
        }
      }
    }
  }
  std::vector<DifferingCell> out;
  for (const auto& [key, figures] : cells) {
    for (const Figure& a : figures) {
      for (const Figure& b : figures) {
        const double ratio =
            std::max(a.bytes_per_s, b.bytes_per_s) / std::min(a.bytes_per_s, b.bytes_per_s);
        if (a.run < b.run && !MaskExplains(runs[a.run], runs[b.run]) && ratio > 1 + threshold) {
          out.push_back(
              {a.run, b.run,
               fmt::format("{} {} at {} per call: run {} {}, run {} {}", std::get<0>(key),
                           std::get<1>(key), report::FormatThroughputSize(std::get<2>(key)),
                           a.run + 1, FormatBytesPerSecond(a.bytes_per_s), b.run + 1,
                           FormatBytesPerSecond(b.bytes_per_s)),
               ratio});
        }
      }
    }
  }
  return out;
}

// The values of `run`'s source facts of `kind` (pasted uname, CPU model lines), in order.
std::vector<std::string> FactValues(const results::RunResult& run, std::string_view kind) {
  std::vector<std::string> out;
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind == kind) {
      out.push_back(fact.value);
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> RunsDiffer(const std::vector<results::RunResult>& runs,
                                      double threshold) {
  const std::vector<DifferingCell> cells = DifferingCells(runs, threshold);
  if (cells.empty()) {
    return std::nullopt;
  }
  return cells.front().text;
}

std::optional<std::string> ShownCodeDifference(const results::RunResult& a,
                                               const results::RunResult& b) {
  const auto differ = [](std::string_view what, const std::string& x,
                         const std::string& y) -> std::optional<std::string> {
    if (x == y) {
      return std::nullopt;
    }
    return fmt::format("{}: '{}' against '{}'", what, x.empty() ? "(none given)" : x,
                       y.empty() ? "(none given)" : y);
  };
  const std::pair<std::string_view, std::pair<const std::string*, const std::string*>> fields[] = {
      {"tool", {&a.source.tool, &b.source.tool}},
      {"tool version", {&a.source.tool_version, &b.source.tool_version}},
      {"engine or provider", {&a.source.engine_or_provider, &b.source.engine_or_provider}},
      {"timing", {&a.source.timing_basis, &b.source.timing_basis}},
      {"library", {&a.library.backend, &b.library.backend}},
      {"library version", {&a.library.version, &b.library.version}},
      {"compiler line", {&a.library.cflags, &b.library.cflags}},
      {"platform", {&a.library.platform, &b.library.platform}},
      {"build options", {&a.library.options, &b.library.options}},
      {"capability vector", {&a.library.capability_vector, &b.library.capability_vector}},
      {"library file", {&a.library.file_sha256, &b.library.file_sha256}},
      {"CPU model", {&a.machine.cpu_model, &b.machine.cpu_model}},
      {"architecture", {&a.machine.arch, &b.machine.arch}},
      {"kernel", {&a.machine.kernel, &b.machine.kernel}},
  };
  for (const auto& [what, values] : fields) {
    if (std::optional<std::string> shown = differ(what, *values.first, *values.second)) {
      return shown;
    }
  }
  if (a.source.multi != b.source.multi) {
    return fmt::format("processes: {} against {}", std::max(a.source.multi, 1),
                       std::max(b.source.multi, 1));
  }
  if (a.library.worker_env != b.library.worker_env) {
    return std::string("environment of the run (OPENSSL_ia32cap or another variable)");
  }
  // Runs pinned to different CPUs (taskset -c 0 against taskset -c 16) ran on different cores:
  // a hybrid CPU's P- and E-cores, or NUMA nodes, differ in speed (tryout 31 D2).
  if (const std::string &x = a.source.invocation.pinning, &y = b.source.invocation.pinning;
      !x.empty() && !y.empty() && x != y) {
    return fmt::format(
        "CPU pinning: '{}' against '{}' (different cores: a hybrid CPU's P- and "
        "E-cores, or two NUMA nodes, run at different speeds)",
        x, y);
  }
  // Lines pasted beside each run: a uname line names the kernel (the code of a kernel tool), a
  // model or flags line the CPU.
  for (const std::string_view kind : {"uname", "cpu_model", "cpu_flags"}) {
    const std::vector<std::string> x = FactValues(a, kind);
    const std::vector<std::string> y = FactValues(b, kind);
    if (x != y) {
      return fmt::format("pasted {} lines: '{}' against '{}'", kind, x.empty() ? "(none)" : Join(x),
                         y.empty() ? "(none)" : Join(y));
    }
  }
  return std::nullopt;
}

void ReadRunsThatDiffer(DoctorReport& report, const std::vector<results::RunResult>& runs) {
  const std::vector<DifferingCell> cells = DifferingCells(runs, 0.05);
  if (cells.empty() || !report.facts.report) {
    return;
  }
  // A difference the paste shows between the runs' code, build, CPU or kernel is a candidate
  // cause of the figures' difference, which one run's class cannot rule out: compare weighs it.
  // So is a run of a differing pair whose own figures are not all in their class.
  std::string why;
  for (const DifferingCell& cell : cells) {
    if (std::optional<std::string> shown =
            ShownCodeDifference(runs[cell.run_a], runs[cell.run_b])) {
      why = fmt::format("{}; the runs differ in their {}", cell.text, *shown);
      break;
    }
  }
  for (size_t i = 0; i < runs.size() && why.empty(); ++i) {
    const bool involved = std::any_of(cells.begin(), cells.end(), [i](const DifferingCell& c) {
      return c.run_a == i || c.run_b == i;
    });
    if (!involved) {
      continue;
    }
    DoctorReport other = DiagnoseReport(runs[i]);
    ReadPastedMaskExperiment(other, runs[i], runs);
    if (std::none_of(other.findings.begin(), other.findings.end(), [](const Finding& f) {
          return f.id == "report.crypto-fine" || f.id == kEcbNoCeiling;
        })) {
      why = fmt::format("{}; run {}'s figures are not all shown in their accelerated class",
                        cells.front().text, i + 1);
    }
  }
  if (!why.empty()) {
    for (Finding& finding : report.findings) {
      if (finding.id == "report.crypto-fine" || finding.id == kEcbNoCeiling) {
        finding = Finding{
            "report.runs-differ", Severity::kInfo,
            "The paste's runs differ: its question is why, which the class of one run's "
            "figures does not answer",
            fmt::format("{}; this run's figures sit in their accelerated class ({})", why,
                        finding.summary),
            "Compare the runs (cryptobench compare FILE): it says which cells changed, by how "
            "much, and whether a known library or speed-tool change explains it."};
      }
    }
    return;
  }
  // The paste shows the same code on the same machine for every pair that differs, and every
  // run of those pairs is fine on its own: each run's class stands (the crypto is fine in each),
  // and the difference is stated beside it, with what would attribute it; one pair of figures
  // cannot.
  const auto fine = std::find_if(report.findings.begin(), report.findings.end(),
                                 [](const Finding& f) { return f.id == "report.crypto-fine"; });
  if (fine == report.findings.end()) {
    return;
  }
  const DifferingCell& largest = *std::max_element(
      cells.begin(), cells.end(),
      [](const DifferingCell& x, const DifferingCell& y) { return x.ratio < y.ratio; });
  const ReportOrigin& origin = *report.facts.report;
  const std::string repeat =
      origin.tool == "openssl speed"
          ? RerunCommand(
                origin, report.verdicts.empty() ? "aes-128-gcm" : report.verdicts.front().algorithm)
          : (origin.tool.empty() ? std::string("the benchmark") : origin.tool);
  report.findings.push_back(Finding{
      "report.runs-differ", Severity::kInfo,
      fmt::format("The paste's runs differ by up to {:.0f}%, which one pair of runs cannot "
                  "attribute; each run's figures sit in their accelerated class, so the crypto "
                  "is fine in each",
                  (largest.ratio - 1) * 100),
      fmt::format(
          "{} ({:.1f}%); {} cell{} of the runs differ by more than 5%, and the paste shows no "
          "difference in tool, library, version, build, CPU or kernel between them: the "
          "difference may be the machine's state between the runs (clock, turbo, other load), a "
          "change the paste does not record, or the change the runs were made to test, and one "
          "figure per side cannot tell these apart",
          largest.text, (largest.ratio - 1) * 100, cells.size(), cells.size() == 1 ? "" : "s"),
      fmt::format("Repeat each run several times (`{}` three times on each side, alternating "
                  "the sides) and compare the spread: a difference larger than each side's own "
                  "spread between its repeats belongs to what changed between the sides; one "
                  "within it does not.",
                  repeat)});
}

}  // namespace cryptobench::diagnose
