// `doctor --from`: a DoctorReport for a report read from text. Picks each algorithm's figure,
// states what the text cannot tell, and hands the rest to the verdict engine.
#include "diagnose/doctor_from.h"

#include <algorithm>
#include <cctype>
#include <map>

#include <fmt/format.h>

#include "report/format_util.h"
#include "report/views.h"
#include "results/cpuinfo_vectors.h"
#include "results/emulated.h"
#include "results/pasted_cpu.h"

#include "diagnose/disagreeing_rows.h"
#include "diagnose/engines.h"
#include "diagnose/kernel_drivers.h"
#include "diagnose/library_advice.h"
#include "diagnose/speed_tool.h"
#include "diagnose/undecoded_vector.h"
#include "diagnose/verdict.h"
#include "diagnose/verdict_text.h"
#include "diagnose/vm_cpu_models.h"

namespace cryptobench::diagnose {
namespace {

using verdict_internal::FormatHzRange;
using verdict_internal::Join;

// The cell a verdict rests on: the largest input with a usable throughput, else the largest
// cell (whose failure the verdict then reports).
const results::Cell* ChooseCell(const std::vector<const results::Cell*>& cells) {
  const results::Cell* best = nullptr;
  for (const results::Cell* cell : cells) {
    const bool usable = cell->status == results::CellStatus::kOk && cell->figures &&
                        cell->figures->bytes_per_s && cell->figures->bytes_per_s->value > 0;
    if (usable && (best == nullptr || cell->input_len > best->input_len)) {
      best = cell;
    }
  }
  if (best != nullptr) {
    return best;
  }
  for (const results::Cell* cell : cells) {
    if (best == nullptr || cell->input_len > best->input_len) {
      best = cell;
    }
  }
  return best;
}

// The report's figure as a Measurement: one process's throughput (operations per second for
// public-key kinds, `symmetric` false), with the CI only where the run has one (a cryptobench
// run; imported figures are single numbers).
Measurement FromCell(const results::Cell& cell, const ReportOrigin& origin, bool symmetric) {
  Measurement m;
  m.label = "as reported";
  m.status = cell.status;
  m.message = cell.message;
  if (cell.status != results::CellStatus::kOk || !cell.figures ||
      (symmetric && !cell.figures->bytes_per_s) ||
      (!symmetric && !(cell.figures->ops_per_s.value > 0))) {
    if (m.status == results::CellStatus::kOk) {
      m.status = results::CellStatus::kError;
      m.message = "no throughput figure";
    }
    return m;
  }
  const results::CellFigures& f = *cell.figures;
  const results::Estimate& rate = symmetric ? *f.bytes_per_s : f.ops_per_s;
  const double per_op = symmetric ? static_cast<double>(cell.input_len) : 1.0;
  m.bytes_per_s = rate.value;
  if (origin.kind == "measured" && f.confidence > 0 && rate.ci_low < rate.ci_high) {
    m.ci_low = rate.ci_low;
    m.ci_high = rate.ci_high;
  }
  if (origin.processes > 1 && origin.pinned_cpus > 0 && origin.pinned_cpus < origin.processes) {
    // -multi N pinned to M < N CPUs: the children time by wall clock (apps/speed.c do_multi sets
    // usertime = 0) and shared the M CPUs, so their sum is M CPUs' throughput; neither the sum /
    // N nor the fastest child is one CPU's.
    m.bytes_per_s = rate.value / origin.pinned_cpus;
    m.ci_low = 0;
    m.ci_high = 0;
    m.label = fmt::format("total / {} pinned CPU{} ({} processes shared them)", origin.pinned_cpus,
                          origin.pinned_cpus == 1 ? "" : "s", origin.processes);
  } else if (origin.processes > 1) {
    const double fastest = f.worker_max_ops_per_s * per_op;
    const bool have_fastest = fastest > 0 && fastest < rate.value;
    m.bytes_per_s = have_fastest ? fastest : rate.value / origin.processes;
    m.ci_low = 0;
    m.ci_high = 0;
    m.label = have_fastest ? fmt::format("fastest of {} processes", origin.processes)
                           : fmt::format("total / {} processes", origin.processes);
  }
  return m;
}

// The driver a kernel tool's paste names for `result`, and the clue that names it. tcrypt's
// section line "testing speed of async cbc(aes) (cbc-aes-aesni) encryption" names the driver
// that ran (crypto/tcrypt.c prints get_driver_name() of the transform it timed; import keeps it
// as the algorithm's implementation). Else a pasted /proc/crypto entry for the algorithm's
// kernel name (import's "kernel_driver" facts): the kernel serves a name from its registration
// of highest priority (https://docs.kernel.org/crypto/architecture.html, "Crypto API Cipher
// References And Priority"), so the pasted entry of highest priority, which is the one in use
// when the paste lists every registration of that name. nullopt for another tool, or no driver.
struct DriverClue {
  std::string driver;
  std::string clue;  ///< "the tcrypt line", "/proc/crypto (line 9, priority 100)"
};
std::optional<DriverClue> PastedKernelDriver(const results::RunResult& run,
                                             const results::AlgorithmResult& result,
                                             const ReportOrigin& origin) {
  if (!KernelTool(origin)) {
    return std::nullopt;
  }
  if (origin.tool.find("tcrypt") != std::string::npos && !result.implementation.empty()) {
    return DriverClue{result.implementation, "the tcrypt line"};
  }
  const std::string kernel_name = KernelAlgorithmName(result.algorithm);
  if (kernel_name.empty()) {
    return std::nullopt;
  }
  const std::optional<PastedProcCryptoEntry> entry =
      HighestPriorityProcCryptoEntry(run.source.facts, kernel_name);
  if (!entry) {
    return std::nullopt;
  }
  return DriverClue{entry->driver,
                    fmt::format("/proc/crypto (line {}{})", entry->line,
                                entry->priority > 0 ? fmt::format(", priority {}", entry->priority)
                                                    : std::string())};
}

// "the lscpu Flags line (line 4)" of a clue "the lscpu Flags line (line 4): fpu vme ..."
// (cpu_clues.cc LineClue): the clue without the text it quotes.
std::string ClueWithoutText(std::string_view clue) {
  if (const size_t at = clue.find(" (line "); at != std::string_view::npos) {
    if (const size_t close = clue.find(')', at); close != std::string_view::npos) {
      return std::string(clue.substr(0, close + 1));
    }
  }
  return std::string(clue.substr(0, clue.find(": ")));
}

// What the text shows of the kernel's module for the CPU's AES instructions (KernelAesModules
// of `arch`), in words for a verdict: "aesni_intel is not loaded (the pasted `lsmod | grep -c
// aesni`, line 7, shows none)"; "" when no module is known for the architecture.
std::string KernelAesModuleState(std::string_view arch, const LsmodShows& shows) {
  const std::string_view module = KernelAesModules(arch);
  if (module.empty()) {
    return "";
  }
  switch (shows.state) {
    case LsmodShows::State::kAbsent:
      return fmt::format("{} is not loaded (the pasted `{}`, line {}, shows none)", module,
                         shows.command, shows.line);
    case LsmodShows::State::kLoaded:
      return fmt::format("{}: whether its drivers serve AES here is not in the text",
                         LoadedKernelAesModuleText(module, shows.line));
    case LsmodShows::State::kUnsettled:
      return fmt::format("whether {} is loaded the pasted `{}` (line {}) does not show", module,
                         shows.command, shows.line);
    case LsmodShows::State::kNotPasted:
      break;
  }
  return fmt::format("whether {} is loaded is not in the text (no lsmod output)", module);
}

// An open verdict of a kernel tool settled by the driver the paste names (PastedKernelDriver),
// read against data/kernel-crypto-drivers.csv: the CPU's own instructions make it accelerated;
// portable C, scalar assembly or vector code without crypto instructions (aes-generic,
// aes-arm64, *-neonbs) mean the kernel ran it in software. For AES on a CPU whose lines show
// AES instructions (ShownAesInstructions: kPresent, the CPU's own flags/Features line or a
// model row, not a guest's hidden ones), that is NOT accelerated: the kernel serves a name
// from its registration of highest priority (https://docs.kernel.org/crypto/architecture.html),
// and the CPU's driver (*-aesni, *-aes-ce: KernelAesDriverLegend) outranks every software one
// (aesni-intel_glue.c, aes-glue.c priorities 400/300 against aes-generic's 100 and neonbs'
// 250), so it was not registered; the advice follows what lsmod shows of its module
// (KernelAesModuleAdvice). Otherwise a software driver stays open on whether the CPU has the
// instructions (the driver does not say). A device outside the CPU is offload, where the CPU's
// cpb classes do not apply. A driver the table does not know changes nothing: it is unknown,
// never guessed. The verdict's line names the clue.
void SettleByKernelDriver(Verdict& verdict, const DriverClue& named, const DoctorFacts& facts,
                          const results::RunResult& run) {
  const std::vector<KernelDriverRead> reads = ReadKernelDriver(named.driver);
  const KernelDriverClass klass = SlowestClass(reads);
  if (klass == KernelDriverClass::kUnknown || klass == KernelDriverClass::kLibrary) {
    return;
  }
  verdict.kernel_driver = named.driver;
  const std::string what = DescribeKernelDriver(named.driver);
  verdict.evidence.push_back(fmt::format(
      "{} names the kernel driver {} (data/kernel-crypto-drivers.csv)", named.clue, what));
  if (verdict.status != VerdictStatus::kUndetermined) {
    return;
  }
  std::string figures = verdict.line;  // "AES-128-CBC: undetermined: 0.81-4.07 cpb at ..."
  if (const size_t at = figures.find(": undetermined: "); at != std::string::npos) {
    figures = figures.substr(at + 16);
  }
  if (!figures.empty() && figures.back() == '.') {
    figures.pop_back();
  }
  switch (klass) {
    case KernelDriverClass::kInstructions:
      verdict.status = VerdictStatus::kAccelerated;
      verdict.line = fmt::format("{}: accelerated: {} names {}; {}.", VerdictSubject(verdict),
                                 named.clue, what, figures);
      return;
    case KernelDriverClass::kSimd:
    case KernelDriverClass::kAsm:
    case KernelDriverClass::kGeneric: {
      // The AES leaves of the name ("ctr(aes-generic)" in a gcm_base): none on instructions.
      const bool aes_in_software =
          verdict.algorithm.rfind("AES", 0) == 0 &&
          std::any_of(reads.begin(), reads.end(),
                      [](const KernelDriverRead& r) {
                        return r.driver.find("aes") != std::string::npos;
                      }) &&
          std::none_of(reads.begin(), reads.end(), [](const KernelDriverRead& r) {
            return r.driver.find("aes") != std::string::npos &&
                   r.klass == KernelDriverClass::kInstructions;
          });
      const CpuFeatureClue* clue = nullptr;
      if (aes_in_software && facts.report.has_value() &&
          ShownAesInstructions(facts.report->cpu_clues, &clue) == AesInstructionsShown::kPresent &&
          clue != nullptr) {
        const LsmodShows shows =
            LsmodShowsModule(run.source.facts, KernelAesModules(facts.cpu.arch));
        const std::string module = KernelAesModuleState(facts.cpu.arch, shows);
        // The figure alone: the class words after it ("class undetermined") are moot here.
        const std::string figure = figures.substr(
            0, std::min({figures.find("; "), figures.find(", "), figures.find(": ")}));
        verdict.status = VerdictStatus::kNotAccelerated;
        verdict.line = fmt::format(
            "{}: NOT accelerated: the CPU has {} ({}) but the kernel ran a software driver ({} "
            "names {}){}{}; {}.",
            VerdictSubject(verdict), clue->name, ClueWithoutText(clue->clue), named.clue, what,
            module.empty() ? "" : "; ", module, figure);
        verdict.evidence.push_back(
            fmt::format("{} shows {}{}", clue->clue, clue->name,
                        clue->source.empty() ? "" : fmt::format(" (source: {})", clue->source)));
        verdict.advice = KernelAesModuleAdvice(facts.cpu.arch, shows);
        return;
      }
      verdict.line = fmt::format(
          "{}: undetermined: the kernel ran it in software ({} names {}); whether the CPU has "
          "instructions for it this report cannot tell; {}.",
          VerdictSubject(verdict), named.clue, what, figures);
      return;
    }
    case KernelDriverClass::kEngine:
      verdict.line =
          fmt::format("{}: offloaded: {} names {}, so the CPU's cpb classes do not apply; {}.",
                      VerdictSubject(verdict), named.clue, what, figures);
      return;
    case KernelDriverClass::kLibrary:
    case KernelDriverClass::kUnknown:
      return;
  }
}

// True when the run has figures and each was recomputed from openssl speed's progress lines
// (speed_run.cc NoteRecomputed): no results table was read, so nothing of the paste is known
// to follow the version block printed before it.
bool AllFiguresFromProgress(const results::RunResult& run) {
  bool any = false;
  for (const results::AlgorithmResult& result : run.algorithms) {
    for (const results::Cell& cell : result.cells) {
      if (!cell.figures) {
        continue;
      }
      any = true;
      const bool recomputed =
          std::any_of(cell.caveats.begin(), cell.caveats.end(), [](const results::CellCaveat& c) {
            return c.text.rfind("recomputed from the progress lines", 0) == 0;
          });
      if (!recomputed) {
        return false;
      }
    }
  }
  return any;
}

std::vector<std::string> CannotKnow(const DoctorReport& report, bool engine_takes_none) {
  const ReportOrigin& origin = *report.facts.report;
  std::vector<std::string> out;
  if (report.facts.emulation.empty()) {
    out.push_back(fmt::format(
        "The clock rate: cpb is computed over {} ({}); a verdict is given only where the figure "
        "falls on one side over the whole range, else the class is undetermined.",
        FormatHzRange(report.core_hz_low, report.core_hz_high), report.facts.report->clock_source));
  }
  out.push_back(
      "Whether the CPU is this machine's: every fact here is the report's; nothing was run on "
      "this machine.");
  if (origin.cpu_features_from_clues) {
    out.push_back(fmt::format(
        "Which features the library's capability vector has: the text shows the CPU's (the "
        "clues above) but {}.",
        HiddenLibraryChoice(report.facts)));
  } else if (!origin.cpu_features_known &&
             !UndecodedVectorVariable(report.facts.library.cpu_info).empty()) {
    out.push_back(fmt::format(
        "Which features the CPU has: the CPUINFO line's {} vector is in the text, but cryptobench "
        "decodes only OPENSSL_ia32cap and OPENSSL_armcap, so verdicts rest on the fingerprint and "
        "the build flags{}.",
        UndecodedVectorVariable(report.facts.library.cpu_info),
        UndecodedVectorAes(report.facts.library.cpu_info).empty()
            ? ""
            : " (of AES it shows " + UndecodedVectorAes(report.facts.library.cpu_info) + ")"));
  } else if (!origin.cpu_features_known) {
    out.push_back(
        report.facts.no_asm_build && report.facts.library.capability_vector == "N/A"
            ? "Which features the CPU has: a build without assembly prints CPUINFO: N/A, no "
              "capability vector."
        : KernelTool(origin)
            ? "Which features the CPU has: the text has no CPU flags line, and the kernel "
              "prints no capability vector, so verdicts rest on the fingerprint and the rows "
              "of the same run."
        : report.facts.library.capability_vector == "N/A" && report.facts.cpu.arch.empty()
            ? fmt::format("Which features the CPU has, and whether the build has assembly: "
                          "CPUINFO says N/A, which OpenSSL prints in a build without assembly "
                          "on {}, and {}.",
                          results::CpuinfoNaNoAsmFamilies(), results::CpuinfoNaSaysNothingOn(""))
        : report.facts.library.capability_vector == "N/A"
            ? fmt::format("Which features the CPU has: CPUINFO says N/A: {}, so verdicts rest "
                          "on the fingerprint.",
                          results::CpuinfoNaSaysNothingOn(report.facts.cpu.arch))
        : results::Ia32capVectorCut(report.facts.library.cpu_info)
            ? "Which features the CPU has: the CPUINFO line is cut short (one word where OpenSSL "
              "prints two or more), so verdicts rest on the fingerprint and the build flags."
        : !OpensslAdvice(report.facts)
            ? "Which features the CPU has: the text has no CPU flags line, and this library "
              "prints no capability vector, so verdicts rest on the fingerprint."
            : "Which features the CPU has: the text has no CPUINFO capability vector (OpenSSL "
              "1.x prints none), so verdicts rest on the fingerprint and the build flags.");
  }
  const results::LibraryInfo& library = report.facts.library;
  if (origin.compiler_line_may_be_cut && library.version_num != 0 &&
      library.version_num < 0x30000000 && report.facts.asm_defines.empty() &&
      library.cflags.find("OPENSSL_CPUID_OBJ") == std::string::npos) {
    out.push_back(
        "Whether the library was built with assembly: its compiler line has no -D*_ASM define, "
        "but no results table follows the line, so the paste may end inside it (where OpenSSL "
        "1.x prints those defines last).");
  }
  if (origin.kind == "imported") {
    out.push_back(
        "Variance: each figure is a single number, with no samples, so there is no confidence "
        "interval and no way to see noise or a busy machine.");
  }
  if (origin.timing_basis == "user_cpu") {
    out.push_back(fmt::format(
        "Whether the timing basis hid work: the figures divide by user CPU time, which leaves "
        "out time in the kernel, in other threads and on devices{}.",
        origin.engine_or_provider.empty() ? ""
        : CpuEngineOfRun(origin.engine_or_provider) != nullptr
            ? fmt::format(" ({} is named, but works on the CPU in the process, which user CPU "
                          "time counts)",
                          origin.engine_or_provider)
        : engine_takes_none
            ? fmt::format(" ({} is named, but takes none of the measured algorithms)",
                          origin.engine_or_provider)
            : fmt::format(" (with {} named, offloaded work may be exactly that)",
                          origin.engine_or_provider)));
  } else if (origin.timing_basis == "unknown") {
    out.push_back(
        "The timing basis: the text shows neither the -elapsed banner nor progress lines; "
        "openssl speed divides by user CPU time unless -elapsed is given.");
  }
  out.push_back(
      "Mask experiments: they need the library running, so no capability bit could be masked to "
      "prove which path ran; verdicts rest on the capability vector, the build and the cpb "
      "fingerprint.");
  out.push_back("The library file: not here, so its assembly modules could not be looked for.");
  return out;
}

// A capability mask is a cause where it closed every fast path of a measured algorithm (a masked
// verdict: DecideFromReport asks which paths the release has and the CPU offers). Beside
// symmetric verdicts none of which it closed (3.1+ AES-GCM on VAES under an AES-NI mask), the
// env.ia32cap/env.armcap finding states a fact of the run, not a cause: info, saying so.
void DemoteMaskWithoutMaskedVerdict(DoctorReport& report) {
  if (report.verdicts.empty()) {
    return;
  }
  for (const Verdict& verdict : report.verdicts) {
    const AlgorithmInfo* alg = FindAlgorithm(verdict.algorithm);
    if (verdict.status == VerdictStatus::kMasked || alg == nullptr || !IsSymmetric(alg->kind)) {
      return;
    }
  }
  // Which paths a mask closes depends on the release and the CPU's architecture: without them
  // no verdict could weigh it, which is not the same as a mask that left a path open.
  const DoctorFacts& facts = report.facts;
  std::vector<std::string> unknown;
  if (facts.library.version_num == 0) {
    unknown.push_back("release");
  }
  if (facts.cpu.arch.empty()) {
    unknown.push_back("architecture");
  }
  for (Finding& finding : report.findings) {
    if ((finding.id == "env.ia32cap" || finding.id == "env.armcap") &&
        finding.severity != Severity::kInfo) {
      finding.severity = Severity::kInfo;
      finding.evidence +=
          unknown.empty()
              ? std::string(
                    "; it closes no measured algorithm's every fast path in this release "
                    "and CPU, so it is not why these figures are what they are (see each "
                    "verdict)")
              : fmt::format(
                    "; whether it closes every fast path of the measured algorithms the "
                    "text cannot tell: it names no {} (`openssl version -a` shows {})",
                    fmt::join(unknown, " or "), unknown.size() == 1 ? "it" : "both");
    }
  }
}

}  // namespace

bool AesNiStitchedRow(std::string_view library_version, std::string_view algorithm) {
  if (!library_version.starts_with("OpenSSL ")) {
    return false;
  }
  std::string name(algorithm);
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (std::string_view stitched : {"aes-128-cbc-hmac-sha1", "aes-256-cbc-hmac-sha1",
                                    "aes-128-cbc-hmac-sha256", "aes-256-cbc-hmac-sha256"}) {
    if (name == stitched) {
      return true;
    }
  }
  return false;
}

bool ReportClockAssumed(const DoctorReport& report) {
  return report.facts.report && report.facts.report->kind != "measured" &&
         report.core_hz_low == kReportDefaultHzLow && report.core_hz_high == kReportDefaultHzHigh;
}

CompilerLineAsm CompilerLineAsmOf(const results::RunResult& run) {
  return CompilerLineAsmOf(run.library, !run.library.cflags.empty() && AllFiguresFromProgress(run));
}

DoctorReport DiagnoseReport(const results::RunResult& pasted,
                            const std::vector<const AlgorithmInfo*>& only) {
  const results::RunResult run = WithoutContradictedCpuLines(pasted);
  DoctorReport report;
  report.facts = ReportFacts(run);
  if (const std::vector<results::PastedCpuModel> models = results::PastedCpuModels(pasted);
      report.facts.cpu.brand.empty() && models.size() == 1 &&
      results::PastedCpuModels(run).empty()) {
    // The model line was left out with the CPU lines that contradict the run's vector: still
    // shown, as pasted, so that the reader sees what was set aside and why.
    report.facts.report->left_out_cpu_model = fmt::format(
        "{} (as pasted, line {}; not taken for this run's: the text's CPU lines "
        "disagree with its CPUINFO vector, see the caveats)",
        models[0].model, models[0].line);
  }
  // A cryptobench run measured under emulation: its figures time the emulator, so no cpb class
  // and no bound that holds on any CPU applies (emulation.h).
  if (const std::optional<std::string> reason = results::EmulationReason(run)) {
    report.facts.emulation = *reason;
  }
  const ReportClock clock = ReportClockRange(run);
  report.core_hz_low = clock.hz_low;
  report.core_hz_high = clock.hz_high;
  ReportOrigin& origin = *report.facts.report;
  origin.clock_source = clock.source;

  origin.kernel_drivers_shown = KernelTool(origin) && !run.algorithms.empty();
  for (const results::AlgorithmResult& result : run.algorithms) {
    origin.kernel_drivers_shown =
        origin.kernel_drivers_shown && PastedKernelDriver(run, result, origin).has_value();
    const AlgorithmInfo* alg = FindAlgorithm(result.algorithm);
    if (alg == nullptr && !result.cells.empty() &&
        AesNiStitchedRow(run.library.version, result.algorithm)) {
      origin.aesni_stitched_rows.push_back(result.algorithm);
    }
    if (alg == nullptr) {
      origin.not_examined.push_back(result.algorithm + " (not in cryptobench's catalogue)");
      continue;
    }
    if (!only.empty() && std::find(only.begin(), only.end(), alg) == only.end()) {
      continue;
    }
    // One verdict per operation, in the order the cells first name them.
    std::vector<std::string> operations;
    std::map<std::string, std::vector<const results::Cell*>> cells;
    for (const results::Cell& cell : result.cells) {
      if (cells[cell.operation].empty()) {
        operations.push_back(cell.operation);
      }
      cells[cell.operation].push_back(&cell);
    }
    if (operations.empty()) {
      origin.not_examined.push_back(result.algorithm + " (no figures)");
    }
    const std::optional<DriverClue> driver = PastedKernelDriver(run, result, origin);
    // A row of an algorithm the report holds under several implementations (botan speed's
    // providers) names its own, as the import table does (tryout 32 D15).
    const std::string label = report::AlgorithmLabel(run, result);
    const std::string implementation = label == result.algorithm ? "" : result.implementation;
    for (const std::string& operation : operations) {
      const results::Cell& cell = *ChooseCell(cells[operation]);
      for (const results::CellCaveat& caveat : cell.caveats) {
        if (caveat.doubt) {
          origin.figures_in_doubt.push_back(
              fmt::format("{} {} at {} per call: {}", label, operation,
                          results::IsSymmetricCell(result.algorithm, cell)
                              ? report::FormatThroughputSize(cell.input_len)
                              : report::FormatSize(cell.input_len),
                          caveat.text));
          break;
        }
      }
      for (Verdict& verdict : DecideVerdicts(*alg, operation, cell.input_len, report.facts, {},
                                             {FromCell(cell, origin, IsSymmetric(alg->kind))},
                                             report.core_hz_low, report.core_hz_high)) {
        if (!implementation.empty()) {
          const std::string plain = VerdictSubject(verdict);
          verdict.implementation = implementation;
          if (verdict.line.starts_with(plain + ": ")) {
            verdict.line = VerdictSubject(verdict) + verdict.line.substr(plain.size());
          }
        }
        if (driver) {
          SettleByKernelDriver(verdict, *driver, report.facts, run);
        }
        // Two rows of one algorithm and operation (a table and the same figures again, a
        // legacy and an EVP name of one cipher) that come to the same verdict state it once.
        const bool stated = std::any_of(
            report.verdicts.begin(), report.verdicts.end(), [&](const Verdict& earlier) {
              return earlier.algorithm == verdict.algorithm &&
                     earlier.implementation == verdict.implementation &&
                     earlier.operation == verdict.operation && earlier.status == verdict.status &&
                     earlier.line == verdict.line && earlier.advice == verdict.advice;
            });
        if (!stated) {
          report.verdicts.push_back(std::move(verdict));
        }
      }
    }
  }
  // One run's P-256 figures share the group method the build chose for the curve.
  ShareP256Assembly(report);
  SettleByOffload(report, run);
  SettleByCpuEngine(report, run);
  origin.compiler_line_may_be_cut = !run.library.cflags.empty() && AllFiguresFromProgress(run);
  // User CPU time hides offloaded work only for algorithms the engine may take: when the
  // evidence excludes every measured one, engine.not-offloaded says the figures are OpenSSL's own.
  const std::optional<std::vector<std::string>> taken = EngineMayTake(report, run);
  const bool engine_takes_none = taken && taken->empty();
  origin.cannot_know = CannotKnow(report, engine_takes_none);
  report.findings = ReportFindings(report.facts);
  DemoteMaskWithoutMaskedVerdict(report);
  // The bounds behind these findings hold for a CPU, not for an emulator.
  if (report.facts.emulation.empty()) {
    SettleByCpuFindings(report);
    std::vector<Finding> disagree = DisputeDisagreeingRows(report, run);
    for (Finding& finding : CpuFindings(report)) {
      report.findings.push_back(std::move(finding));
    }
    for (Finding& finding : disagree) {
      report.findings.push_back(std::move(finding));
    }
  }
  if (engine_takes_none) {
    std::erase_if(report.findings,
                  [](const Finding& finding) { return finding.id == "report.user-cpu-offload"; });
  }
  for (Finding& finding : EngineFindings(report, run)) {
    report.findings.push_back(std::move(finding));
  }
  for (Finding& finding : LibraryFindings(report, run)) {
    report.findings.push_back(std::move(finding));
  }
  SettleLegacyApiByRelease(report, run);
  SettleByLibraryLacksPath(report, run);
  // Last of the settling steps: an undetermined AES row follows a settled row of its mode (an
  // AES row of a guest hiding its host's AES-NI is decided as such where it is made:
  // verdict_report.cc, VmHidesHostAes).
  SettleBySiblings(report, run);
  if (std::optional<Finding> differ = DirectionsDifferFinding(report, run)) {
    report.findings.push_back(std::move(*differ));
  }
  for (Finding& finding : SpeedToolFindings(run)) {
    report.findings.push_back(std::move(finding));
  }
  for (Finding& finding : SubsetModeFindings(report, run)) {
    report.findings.push_back(std::move(finding));
  }
  if (std::optional<Finding> vm_model = VmCpuModelFinding(report, run)) {
    report.findings.push_back(std::move(*vm_model));
  }
  if (std::optional<Finding> rsa = RsaVerifyByDesignFinding(report)) {
    report.findings.push_back(std::move(*rsa));
  }
  if (std::optional<Finding> fine = CryptoFineFinding(report)) {
    report.findings.push_back(std::move(*fine));
  } else if (std::optional<Finding> cannot_tell = UndeterminedFinding(report)) {
    report.findings.push_back(std::move(*cannot_tell));
  }
  return report;
}

}  // namespace cryptobench::diagnose
