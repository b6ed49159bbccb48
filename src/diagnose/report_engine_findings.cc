// EngineFindings (doctor_from.h): what an OpenSSL engine named in a report did with the
// algorithms measured through it, from the engine table (engines.h), the paste's `openssl
// engine -c` list, and its lsmod and /proc/crypto lines read against the kernel driver table
// (kernel_drivers.h).
#include <algorithm>
#include <iterator>
#include <optional>
#include <string_view>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "algorithms/catalog.h"

#include "diagnose/cpu_clues.h"
#include "diagnose/doctor_from.h"
#include "diagnose/engines.h"
#include "diagnose/kernel_drivers.h"
#include "diagnose/verdict_text.h"

namespace cryptobench::diagnose {
namespace {

using verdict_internal::Join;

Finding Make(std::string id, Severity severity, std::string summary, std::string evidence,
             std::string advice) {
  return Finding{std::move(id), severity, std::move(summary), std::move(evidence),
                 std::move(advice)};
}

bool Names(const std::vector<std::string>& list, const AlgorithmInfo& alg) {
  return std::any_of(list.begin(), list.end(), [&](const std::string& name) {
    return SameAlgorithmName(name, alg.name) ||
           (!alg.openssl_name.empty() && SameAlgorithmName(name, alg.openssl_name));
  });
}

// Whether the engine takes the algorithm, and the evidence either way.
struct Routing {
  std::optional<bool> routed;  // nullopt: the evidence does not say
  std::string evidence;
};

Routing RoutingOf(std::string_view engine, const AlgorithmInfo& alg,
                  const std::vector<results::SourceFact>& facts) {
  const std::optional<std::vector<std::string>> listed = PastedEngineAlgorithms(facts, engine);
  if (listed) {
    const bool routed = Names(*listed, alg);
    return {routed, fmt::format("the pasted `openssl engine -c` list for {} {} {}", engine,
                                routed ? "names" : "does not name", alg.name)};
  }
  const EngineOffloads* row = FindEngineOffloads(engine);
  if (row == nullptr) {
    return {};
  }
  if (Names(row->offloads, alg)) {
    return {true, fmt::format("the {} engine takes {} ({})", engine, alg.name, row->source)};
  }
  if (!row->fixed) {
    return {};  // builds and kernels change its list: only a pasted list shows absence
  }
  return {false, fmt::format("the {} engine's symmetric offloads are {} ({}; {})", engine,
                             Join(row->offloads), row->source, row->note)};
}

// The kernel's driver for the algorithm as the paste shows it: the /proc/crypto entry of
// highest priority for its kernel name, else the lsmod modules that serve its family.
struct KernelSide {
  bool known = false;
  bool software = false;    // every driver shown is CPU code (instructions, SIMD, asm, C)
  bool from_lsmod = false;  // only lsmod shows it: a driver built into the kernel would not show
  std::string evidence;
  std::vector<std::string> sources;  // the kernel driver table rows' sources
};

void AddSources(const std::vector<KernelDriverRead>& reads, std::vector<std::string>& sources) {
  for (const KernelDriverRead& read : reads) {
    if (!read.source.empty() &&
        std::find(sources.begin(), sources.end(), read.source) == sources.end()) {
      sources.push_back(read.source);
    }
  }
}

bool IsSoftware(KernelDriverClass klass) {
  return klass == KernelDriverClass::kInstructions || klass == KernelDriverClass::kSimd ||
         klass == KernelDriverClass::kAsm || klass == KernelDriverClass::kGeneric;
}

// The family word a module name carries for an algorithm ("aes" for AES-*, "sha" for SHA-*).
std::string_view FamilyWord(const AlgorithmInfo& alg) {
  // MACs (HMAC-SHA256, CMAC-AES-128) and SHA-3 get none, as when this read the name: whether a
  // module named for their primitive serves them is not established here.
  if (alg.kind == AlgorithmKind::kMac) {
    return "";
  }
  switch (alg.primitive) {
    case AlgorithmPrimitive::kAes:
      return "aes";
    case AlgorithmPrimitive::kSha1:
    case AlgorithmPrimitive::kSha2:
      return "sha";
    case AlgorithmPrimitive::kTripleDes:
      return "des";
    case AlgorithmPrimitive::kMd5:
      return "md5";
    default:
      return "";
  }
}

KernelSide KernelSideOf(const AlgorithmInfo& alg, const std::vector<results::SourceFact>& facts) {
  KernelSide side;
  const std::string kernel_name = KernelAlgorithmName(alg.name);
  // /proc/crypto: "cbc(aes): driver cbc-aes-neonbs, module aes_neon_bs, priority 250, ..."
  if (const std::optional<PastedProcCryptoEntry> entry =
          HighestPriorityProcCryptoEntry(facts, kernel_name)) {
    const std::string_view driver = entry->driver;
    const std::vector<KernelDriverRead> reads = ReadKernelDriver(driver);
    const KernelDriverClass klass = SlowestClass(reads);
    if (klass == KernelDriverClass::kUnknown || klass == KernelDriverClass::kLibrary) {
      return side;
    }
    AddSources(reads, side.sources);
    side.known = true;
    side.software = IsSoftware(klass);
    side.evidence = fmt::format("/proc/crypto (line {}) gives {} the driver {}", entry->line,
                                kernel_name, DescribeKernelDriver(driver));
    return side;
  }
  // lsmod: modules of the algorithm's family, and any hardware engine's module.
  const std::string_view family = FamilyWord(alg);
  std::vector<std::string> software;
  std::vector<std::string> engines;
  size_t first_line = 0;
  for (const results::SourceFact& fact : facts) {
    if (fact.kind != "kernel_module") {
      continue;
    }
    const std::string module = fact.value.substr(0, fact.value.find(' '));
    const std::vector<KernelDriverRead> reads = ReadKernelDriver(module);
    const KernelDriverClass klass = SlowestClass(reads);
    if (klass == KernelDriverClass::kEngine) {
      engines.push_back(module);
    } else if (IsSoftware(klass) && !family.empty() && module.find(family) != std::string::npos) {
      software.push_back(fmt::format("{} ({})", module,
                                     DescribeKernelDriverClass(klass, reads.front().instructions)));
      AddSources(reads, side.sources);
      first_line = first_line == 0 ? fact.line : first_line;
    }
  }
  if (!engines.empty()) {
    side.known = true;
    side.software = false;
    side.evidence = fmt::format("lsmod lists the hardware crypto driver {}", Join(engines));
    return side;
  }
  if (!software.empty()) {
    side.known = true;
    side.software = true;
    side.from_lsmod = true;
    side.evidence = fmt::format(
        "lsmod (line {}) lists {} for {} and no hardware crypto driver (a driver built into the "
        "kernel would not show there; /proc/crypto names the one in use)",
        first_line, Join(software), alg.name);
  }
  return side;
}

// A figure of the verdicts for the algorithm, in words, when it sits above every software AES.
std::string HardwareClassNote(const DoctorReport& report, const AlgorithmInfo& alg) {
  for (const Verdict& verdict : report.verdicts) {
    if (verdict.algorithm != alg.name || verdict.measurements.empty() ||
        verdict.measurements.front().status != results::CellStatus::kOk) {
      continue;
    }
    if (ClassifyAesFigure(verdict.algorithm, verdict.input_len,
                          verdict.measurements.front().bytes_per_s) == AesBound::kAboveSoftware) {
      return fmt::format(
          "; its {:.0f} MB/s is above any software AES, i.e. the CPU's own AES instructions",
          verdict.measurements.front().bytes_per_s / 1e6);
    }
  }
  return "";
}

}  // namespace

std::vector<Finding> EngineFindings(const DoctorReport& report, const results::RunResult& run) {
  std::vector<Finding> out;
  if (!report.facts.report) {
    return out;
  }
  // `invalid engine "NAME"` (import's "engine_load_failed" fact): the apps' setup_engine()
  // returns no engine and openssl speed goes on without it, so the figures are OpenSSL's own
  // code whatever -engine asked for (apps/apps.c setup_engine, cited at the fact's reader).
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind != "engine_load_failed") {
      continue;
    }
    out.push_back(Make(
        "engine.not-loaded", Severity::kWarning,
        fmt::format("The {} engine did not load: these figures are OpenSSL's own code, not the "
                    "engine's",
                    fact.value),
        fmt::format("line {}: invalid engine \"{}\" (OpenSSL's setup_engine() found no such "
                    "engine and returned none; openssl speed goes on without it: "
                    "https://github.com/openssl/openssl/blob/OpenSSL_1_0_2-stable/apps/apps.c)",
                    fact.line, fact.value),
        fmt::format("`openssl engine -t {}` must load it and say [ available ] (install the "
                    "engine's library or set its path) before a run with -engine {} measures it.",
                    fact.value, fact.value)));
  }
  const std::string engine = EngineOfRun(report.facts.report->engine_or_provider);
  // 1.x low-level rows (AES_encrypt...) never reach an engine, whatever it lists: the engine
  // says nothing about them (report.legacy-api names the API).
  if (engine.empty() || report.facts.report->evp == "legacy") {
    return out;
  }
  const EngineOffloads* row = FindEngineOffloads(engine);
  const bool kernel_engine = row != nullptr && row->target == "kernel";
  std::vector<std::string> seen;
  for (const Verdict& verdict : report.verdicts) {
    const AlgorithmInfo* alg = FindAlgorithm(verdict.algorithm);
    if (alg == nullptr || std::find(seen.begin(), seen.end(), verdict.algorithm) != seen.end()) {
      continue;
    }
    seen.push_back(verdict.algorithm);
    const Routing routing = RoutingOf(engine, *alg, run.source.facts);
    if (routing.routed && !*routing.routed) {
      // The table speaks of EVP routing. A run whose rows the text does not show to be EVP (and
      // not known to be 3.x, where every row is) may be of 1.x's low-level API, which no engine
      // serves: without a pasted list that shows the engine being examined, the engine's list is
      // then not the cause (a note).
      const bool pasted_list = PastedEngineAlgorithms(run.source.facts, engine).has_value();
      const bool api_unknown =
          report.facts.report->evp != "evp" && run.library.version_num < 0x30000000;
      out.push_back(Make(
          "engine.not-offloaded",
          api_unknown && !pasted_list ? Severity::kInfo : Severity::kWarning,
          fmt::format("The {} engine does not take {}: these figures are OpenSSL's own code",
                      engine, alg->name),
          routing.evidence + HardwareClassNote(report, *alg),
          fmt::format("`openssl engine -t -c {}` lists what the engine takes: measure one of those "
                      "to see the engine, and expect nothing from it for {}.",
                      engine, alg->name)));
      continue;
    }
    if (!kernel_engine || !routing.routed) {
      continue;
    }
    const KernelSide kernel = KernelSideOf(*alg, run.source.facts);
    if (!kernel.known) {
      const std::string kernel_name = KernelAlgorithmName(alg->name);
      out.push_back(Make(
          "engine.driver-unknown", Severity::kWarning,
          fmt::format("The {} engine hands {} to the kernel: cannot tell from this report "
                      "whether a hardware driver or software serves it there",
                      engine, alg->name),
          fmt::format("{}; the paste shows no /proc/crypto entry for {} and no lsmod line that "
                      "settles it",
                      routing.evidence, kernel_name.empty() ? alg->name : kernel_name),
          fmt::format("Run `grep -B1 -A6 'name *: {}' /proc/crypto`: the entry of highest priority "
                      "is the driver; a generic, NEON or CPU-instruction driver means the engine "
                      "only adds system calls.",
                      kernel_name.empty() ? alg->name : kernel_name)));
      continue;
    }
    if (kernel.software) {
      const std::string kernel_name = KernelAlgorithmName(alg->name);
      const std::string sources =
          kernel.sources.empty() ? ""
                                 : fmt::format(" (drivers: {})", fmt::join(kernel.sources, ", "));
      // lsmod shows loaded modules only: a hardware driver built into the kernel is not there,
      // so lsmod alone makes the software driver likely, not certain.
      out.push_back(Make(
          "engine.software-driver", Severity::kWarning,
          kernel.from_lsmod
              ? fmt::format("The {} engine hands {} to the kernel, where lsmod shows only software "
                            "drivers for it: most likely every call adds system calls and copies "
                            "for no hardware (/proc/crypto settles it)",
                            engine, alg->name)
              : fmt::format("The {} engine hands {} to a software driver in the kernel: every "
                            "call adds system calls and copies for no hardware",
                            engine, alg->name),
          fmt::format("{}; {}{}", routing.evidence, kernel.evidence, sources),
          kernel.from_lsmod
              ? fmt::format("Run `grep -B1 -A6 'name *: {}' /proc/crypto`: if its entry of highest "
                            "priority is a generic, NEON or CPU-instruction driver, disable the {} "
                            "engine for {} (drop -engine, or its openssl.cnf section).",
                            kernel_name.empty() ? alg->name : kernel_name, engine, alg->name)
              : fmt::format("Disable the {} engine for {} (drop -engine, or its openssl.cnf "
                            "section): OpenSSL's own code does the same work without the kernel "
                            "round trips.",
                            engine, alg->name)));
    }
  }
  return out;
}

std::optional<std::vector<std::string>> EngineMayTake(const DoctorReport& report,
                                                      const results::RunResult& run) {
  if (!report.facts.report) {
    return std::nullopt;
  }
  const std::string engine = EngineOfRun(report.facts.report->engine_or_provider);
  if (engine.empty() || report.facts.report->evp == "legacy") {
    return std::nullopt;
  }
  std::vector<std::string> out;
  for (const results::AlgorithmResult& measured : run.algorithms) {
    const AlgorithmInfo* alg = FindAlgorithm(measured.algorithm);
    // The engine table lists symmetric offloads only, and an algorithm the catalogue does not
    // know may be routed anywhere: either way the engine may take it, and the evidence is open.
    const bool symmetric = measured.kind == "cipher" || measured.kind == "aead" ||
                           measured.kind == "hash" || measured.kind == "mac";
    if (alg == nullptr || !symmetric) {
      return std::nullopt;
    }
    const Routing routing = RoutingOf(engine, *alg, run.source.facts);
    if ((!routing.routed || *routing.routed) &&
        std::find(out.begin(), out.end(), alg->name) == out.end()) {
      out.emplace_back(alg->name);
    }
  }
  if (run.algorithms.empty()) {
    return std::nullopt;
  }
  return out;
}

}  // namespace cryptobench::diagnose

namespace cryptobench::diagnose {
namespace {

// Where the engine or provider of a table row runs what it takes, in words after "took it",
// from the row's target and, for Intel's QAT, the build its pasted name states: e_qat.c names
// the engine "Reference implementation of QAT crypto engine(qat_hw)", "(qat_sw)" or "(qat_hw &
// qat_sw)" (https://github.com/intel/QAT_Engine/blob/master/e_qat.c, engine_qat_name); a
// qat_sw build runs public-key operations in Intel's crypto_mb code on the CPU's AVX-512 IFMA
// units (https://github.com/intel/QAT_Engine/blob/master/docs/qat_sw.md).
std::string WhereItRan(std::string_view id, const EngineOffloads* row,
                       const results::SourceFact* pasted) {
  if (row == nullptr) {
    return "into its own code (whether that runs on a device or on the CPU the engine table "
           "does not say)";
  }
  if (row->target == "kernel") {
    return "to the kernel's crypto API";
  }
  if (id.find("qat") == std::string_view::npos) {
    return "to its device";
  }
  const std::string_view name = pasted != nullptr ? std::string_view(pasted->value) : "";
  if (name.find("(qat_hw)") != std::string_view::npos) {
    return fmt::format("to the QAT device (its name at line {} says qat_hw)", pasted->line);
  }
  if (name.find("(qat_sw)") != std::string_view::npos) {
    return fmt::format(
        "into Intel's crypto_mb multi-buffer code on the CPU's AVX-512 IFMA units, not "
        "OpenSSL's (its name at line {} says qat_sw)",
        pasted->line);
  }
  return "to the QAT device, or, in a qat_sw build, into Intel's crypto_mb multi-buffer code on "
         "the CPU's AVX-512 IFMA units (the text does not say which build)";
}

// The name in a pasted `openssl engine -c` list that covers the algorithm ("RSA"), or "".
std::string ListedName(const std::vector<std::string>& list, const AlgorithmInfo& alg) {
  for (const std::string& name : list) {
    if (Names({name}, alg)) {
      return name;
    }
  }
  return "";
}

}  // namespace

void SettleByOffload(DoctorReport& report, const results::RunResult& run) {
  if (!report.facts.report) {
    return;
  }
  const ReportOrigin& origin = *report.facts.report;
  const std::string engine = EngineOfRun(origin.engine_or_provider);
  const std::string provider = engine.empty() ? ProviderOfRun(origin.engine_or_provider) : "";
  // 1.x low-level rows never reach an engine (EngineFindings).
  if ((engine.empty() && provider.empty()) || (!engine.empty() && origin.evp == "legacy")) {
    return;
  }
  const std::string id = engine.empty() ? provider : engine;
  const EngineOffloads* row = FindEngineOffloads(id);
  const results::SourceFact* pasted =
      engine.empty() ? nullptr : PastedEngineFact(run.source.facts, engine);
  if (pasted != nullptr && pasted->value.ends_with("; unavailable")) {
    return;  // it could not initialise: openssl speed ran without it
  }
  if (!provider.empty()) {
    // A pasted provider list that shows another provider active: either may serve a fetch.
    for (const results::SourceFact& fact : run.source.facts) {
      if (fact.kind == "provider" && !fact.value.starts_with(provider + ":") &&
          fact.value.find("status active") != std::string::npos) {
        return;
      }
    }
  }
  const std::optional<std::vector<std::string>> listed =
      engine.empty() ? std::nullopt : PastedEngineAlgorithms(run.source.facts, engine);
  const int jobs = run.source.invocation.async_jobs;
  for (Verdict& verdict : report.verdicts) {
    const AlgorithmInfo* alg = FindAlgorithm(verdict.algorithm);
    // Public key only: a symmetric offload depends on the input size (QAT's small-packet
    // threshold: docs/qat_provider.md) and on build options the text does not show.
    if (verdict.status != VerdictStatus::kUndetermined || alg == nullptr ||
        (alg->kind != AlgorithmKind::kSignature && alg->kind != AlgorithmKind::kKeyAgreement)) {
      continue;
    }
    std::string because;
    if (listed) {
      const std::string name = ListedName(*listed, *alg);
      if (name.empty()) {
        continue;  // the pasted list leaves it out: OpenSSL's own code (EngineFindings)
      }
      because =
          fmt::format("the pasted `openssl engine -c` list (line {}) names {}", pasted->line, name);
    } else if (row != nullptr && Names(row->offloads, *alg)) {
      because =
          fmt::format("the {} {} takes {} (data/engine-offloads.csv, line {}: {})", id,
                      engine.empty() ? "provider" : "engine", alg->name, row->line, row->source);
    } else {
      continue;
    }
    std::string figure = verdict.line;  // "RSA-2048 sign: undetermined: 41201 sign/s; ..."
    if (const size_t at = figure.find(": undetermined: "); at != std::string::npos) {
      figure = figure.substr(at + 16);
    }
    figure = figure.substr(0, figure.find(';'));
    verdict.status = VerdictStatus::kOffloaded;
    verdict.line = fmt::format(
        "{}: offloaded: the {} {} took it {}, so neither the CPU's code paths nor an "
        "OPENSSL_ia32cap mask apply; {}{}.",
        VerdictSubject(verdict), id, engine.empty() ? "provider" : "engine",
        WhereItRan(id, row, pasted), figure,
        jobs > 0 ? fmt::format(" with up to {} operations in flight (-async_jobs {})", jobs, jobs)
                 : "");
    // The figure stays; what the CPU's paths and capability bits would say goes.
    std::erase_if(verdict.evidence,
                  [](const std::string& line) { return !line.starts_with("as reported"); });
    verdict.evidence.push_back(because);
    if (row != nullptr) {
      verdict.evidence.push_back(
          fmt::format("{} (data/engine-offloads.csv: {})", row->note, row->source));
    }
    if (jobs > 0) {
      verdict.evidence.push_back(fmt::format(
          "-async_jobs {}: a throughput with up to {} operations in flight, not comparable with "
          "a run without -async_jobs",
          jobs, jobs));
    }
    verdict.advice = fmt::format(
        "Nothing to fix in the library's code: the figure is the {} {}'s. The same command "
        "without {} {}{} gives the CPU's own figure to compare it with (cryptobench compare A B).",
        id, engine.empty() ? "provider" : "engine", engine.empty() ? "-provider" : "-engine", id,
        jobs > 0 ? " and -async_jobs" : "");
  }
}

}  // namespace cryptobench::diagnose

namespace cryptobench::diagnose {
namespace {

// Whether the CPU lets an engine of target "cpu" take its algorithms, as the paste shows it.
// Only VIA's PadLock is in the table: e_padlock.c registers its ciphers only when CPUID
// 0xC0000001 EDX shows ACE present and enabled (bits 6 and 7, padlock_available) and names
// itself "VIA PadLock (no-RNG, ACE)" or "(no-RNG, no-ACE)" by it
// (https://github.com/openssl/openssl/blob/OpenSSL_1_1_1-stable/engines/e_padlock.c,
// padlock_bind_helper); Linux prints the two bits as the flags ace and ace_en
// (https://github.com/torvalds/linux/blob/master/arch/x86/include/asm/cpufeatures.h).
struct CpuEngineFeature {
  bool usable = false;
  std::string evidence;
};

std::optional<CpuEngineFeature> PadlockAce(const results::SourceFact* pasted,
                                           const std::vector<results::SourceFact>& facts) {
  if (pasted != nullptr) {
    const std::string_view name = pasted->value;
    const size_t open = name.find("VIA PadLock (");
    const size_t close = open == std::string_view::npos ? open : name.find(')', open);
    if (close != std::string_view::npos) {
      const std::string_view words = name.substr(open + 13, close - open - 13);
      const bool ace = words.find("no-ACE") == std::string_view::npos &&
                       (words == "ACE" || words.starts_with("ACE,") ||
                        words.find(" ACE") != std::string_view::npos);
      return CpuEngineFeature{
          ace, fmt::format("the pasted engine name (line {}) says {}: the engine takes AES "
                           "only when the CPU's PadLock ACE is present and enabled",
                           pasted->line, ace ? "ACE" : "no-ACE")};
    }
  }
  for (const results::SourceFact& fact : facts) {
    if (fact.kind != "cpu_flags" || fact.origin != "/proc/cpuinfo") {
      continue;
    }
    const std::string padded = " " + fact.value + " ";
    if (padded.find(" fpu ") == std::string::npos) {
      continue;  // not an x86 flags line
    }
    const bool ace = padded.find(" ace ") != std::string::npos;
    const bool enabled = padded.find(" ace_en ") != std::string::npos;
    return CpuEngineFeature{
        ace && enabled,
        fmt::format("the /proc/cpuinfo flags line (line {}) {}", fact.line,
                    ace && enabled ? "shows ace and ace_en: PadLock ACE present and enabled"
                    : ace          ? "shows ace without ace_en: PadLock ACE present but disabled"
                                   : "shows no ace: the CPU has no PadLock ACE")};
  }
  return std::nullopt;
}

}  // namespace

void SettleByCpuEngine(DoctorReport& report, const results::RunResult& run) {
  if (!report.facts.report) {
    return;
  }
  const EngineOffloads* row = CpuEngineOfRun(report.facts.report->engine_or_provider);
  // 1.x low-level rows never reach an engine (EngineFindings).
  if (row == nullptr || row->engine != "padlock" || report.facts.report->evp == "legacy") {
    return;
  }
  const std::string engine = EngineOfRun(report.facts.report->engine_or_provider);
  const results::SourceFact* pasted = PastedEngineFact(run.source.facts, engine);
  if (pasted != nullptr && pasted->value.ends_with("; unavailable")) {
    return;  // it could not initialise: openssl speed ran without it
  }
  const std::optional<CpuEngineFeature> ace = PadlockAce(pasted, run.source.facts);
  for (Verdict& verdict : report.verdicts) {
    const AlgorithmInfo* alg = FindAlgorithm(verdict.algorithm);
    if (verdict.status != VerdictStatus::kUndetermined || alg == nullptr) {
      continue;
    }
    const Routing routing = RoutingOf(engine, *alg, run.source.facts);
    if (!routing.routed || !*routing.routed) {
      continue;
    }
    if (!ace) {
      verdict.advice = fmt::format(
          "`openssl engine -t -c {}` would settle it: its name says ACE when the CPU's PadLock "
          "runs AES for the engine, no-ACE when the figures are OpenSSL's own code (or paste "
          "the flags line of /proc/cpuinfo: ace and ace_en).",
          engine);
      continue;
    }
    if (!ace->usable) {
      continue;  // the engine took nothing: the figure is OpenSSL's, as the verdict reads it
    }
    verdict.status = VerdictStatus::kAccelerated;
    verdict.line = fmt::format(
        "{}: accelerated: the {} engine ran it in the process on the CPU's own VIA PadLock ACE "
        "instructions (xcrypt), not on OpenSSL's code paths, so the AES-NI classes and "
        "OPENSSL_ia32cap masks do not apply.",
        VerdictSubject(verdict), engine);
    std::erase_if(verdict.evidence,
                  [](const std::string& line) { return !line.starts_with("as reported"); });
    verdict.evidence.push_back(routing.evidence);
    verdict.evidence.push_back(ace->evidence);
    verdict.evidence.push_back(fmt::format("{} (data/engine-offloads.csv, line {}: {})", row->note,
                                           row->line, row->source));
    verdict.advice = fmt::format(
        "Nothing to fix: the CPU's PadLock runs {}. The same command without -engine {} gives "
        "OpenSSL's own figure to compare it with (cryptobench compare A B).",
        alg->name, engine);
  }
}

}  // namespace cryptobench::diagnose

namespace cryptobench::diagnose {

std::optional<ConfiguredOffload> ConfiguredOffloadOf(
    const std::vector<results::SourceFact>& facts) {
  for (const results::SourceFact& fact : facts) {
    if (fact.kind == "openssl_conf") {
      // "engine_id = qatengine" (openssl.cnf's engine section: config(5), "Engine
      // Configuration"); spaces around '=' are optional.
      const std::string_view line = fact.value;
      if (!line.starts_with("engine_id")) {
        continue;
      }
      const size_t eq = line.find('=');
      if (eq == std::string_view::npos) {
        continue;
      }
      std::string_view id = line.substr(eq + 1);
      while (!id.empty() && (id.front() == ' ' || id.front() == '\t')) {
        id.remove_prefix(1);
      }
      while (!id.empty() && (id.back() == ' ' || id.back() == '\t')) {
        id.remove_suffix(1);
      }
      if (!id.empty() && id.find(' ') == std::string_view::npos) {
        return ConfiguredOffload{
            std::string(id), fmt::format("openssl.cnf's engine_id = {} (line {})", id, fact.line)};
      }
    }
    if (fact.kind == "provider" && fact.value.find("status active") != std::string::npos) {
      const std::string name = fact.value.substr(0, fact.value.find(':'));
      static constexpr std::string_view kOwn[] = {"default", "base", "fips", "legacy", "null"};
      if (!name.empty() && std::find(std::begin(kOwn), std::end(kOwn), name) == std::end(kOwn)) {
        return ConfiguredOffload{
            name, fmt::format("the provider {} (listed active, line {})", name, fact.line)};
      }
    }
  }
  return std::nullopt;
}

}  // namespace cryptobench::diagnose
