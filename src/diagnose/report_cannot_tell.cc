// UndeterminedFinding (doctor_from.h): "cannot tell from this report" (issue 13, section 5) for
// a paste whose figures no class settles and which states no cause, naming the one command that
// would settle it.
#include <algorithm>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "algorithms/catalog.h"

#include "diagnose/cpu_clues.h"
#include "diagnose/doctor_from.h"
#include "diagnose/hash_bounds.h"
#include "diagnose/library_advice.h"
#include "diagnose/pk_bounds.h"
#include "diagnose/stated_causes.h"
#include "diagnose/verdict_decider.h"
#include "diagnose/verdict_text.h"
#include "diagnose/vm_cpu_models.h"

namespace cryptobench::diagnose {
namespace {

using verdict_internal::Join;

bool HasFinding(const DoctorReport& report, std::string_view id) {
  return std::any_of(report.findings.begin(), report.findings.end(),
                     [&](const Finding& f) { return f.id == id; });
}

using Command = SettlingCommandText;

Command SettlingCommand(const DoctorReport& report, const std::string& algorithm) {
  const ReportOrigin& origin = *report.facts.report;
  const std::string& arch = report.facts.cpu.arch;
  const bool clock_assumed = ReportClockAssumed(report);
  if (HasFinding(report, "report.legacy-api")) {
    // 1.x's low-level AES_*/Camellia_* rows: no application's EVP or TLS code runs them and no
    // engine serves them (report_findings.cc, "report.legacy-api"), so no verdict on them
    // answers a question about the application's path.
    return {RerunCommand(origin, algorithm),
            "the rows time the 1.x low-level API, which an application's EVP or TLS code does not "
            "run and no engine serves; -evp times the path that matters"};
  }
  // Public-key rows: the CPU's flags say which paths the library could take, never whether its
  // assembly ran; that is the build's, or a mask experiment's, to say.
  if (const AlgorithmInfo* alg = FindAlgorithm(algorithm);
      alg != nullptr && !IsSymmetric(alg->kind)) {
    return PublicKeySettlingCommand(report, algorithm);
  }
  // Every figure below the 8-16 KiB inputs the classes are for: no clock and no CPU line
  // settles it, a run at the default sizes does (tryout 30 D7, `-bytes 1024`).
  const bool small_inputs_only =
      origin.tool == "openssl speed" &&
      std::any_of(report.verdicts.begin(), report.verdicts.end(),
                  [&](const Verdict& verdict) { return verdict.algorithm == algorithm; }) &&
      std::all_of(report.verdicts.begin(), report.verdicts.end(), [&](const Verdict& verdict) {
        return verdict.algorithm != algorithm ||
               (verdict.input_len > 0 && verdict.input_len < verdict_internal::kLargeInputLen);
      });
  const Command rerun{
      RerunCommand(origin, algorithm),
      fmt::format("its default sizes include {} bytes, where the cpb classes apply; below "
                  "{} bytes per-call overhead can hide the path, whatever the clock",
                  2 * verdict_internal::kLargeInputLen, verdict_internal::kLargeInputLen)};
  if (small_inputs_only && !arch.empty()) {
    return rerun;
  }
  const bool driver_named =
      std::any_of(report.verdicts.begin(), report.verdicts.end(), [&](const Verdict& verdict) {
        return verdict.algorithm == algorithm && !verdict.kernel_driver.empty() &&
               verdict.status != VerdictStatus::kAccelerated;
      });
  // The CPU's flags, or (for AES) a model row that settles its AES instructions: what lscpu's
  // Flags line would add.
  const bool cpu_shown = origin.cpu_clues.FlagsPasted() ||
                         (algorithm.starts_with("AES") &&
                          ShownAesInstructions(origin.cpu_clues) != AesInstructionsShown::kUnknown);
  if (KernelTool(origin) && driver_named && !cpu_shown) {
    // The paste already names the driver (a tcrypt section line, a /proc/crypto entry): asking
    // for /proc/crypto again adds nothing. Whether the CPU has the instructions that driver
    // went without is lscpu's Flags line (util-linux, sys-utils/lscpu.1.adoc).
    return {"lscpu",
            "the report names the kernel driver; its Flags (or Features) line shows whether the "
            "CPU has the instructions a faster driver would use, so whether that driver is "
            "missing from the kernel or the CPU lacks them"};
  }
  if (KernelTool(origin) && driver_named) {
    // Driver and flags are both in the paste (tryout 21, t22 and t04 were asked for both):
    // what is left is whether the kernel has the module of the CPU's instructions; lsmod lists
    // the loaded ones (a built-in driver shows in /proc/crypto only).
    return {"lsmod",
            "the paste names the kernel's driver and the CPU's flags; the modules loaded show "
            "whether the kernel's driver for the CPU's instructions is there (one built into the "
            "kernel is not listed, and then /proc/crypto would name it)"};
  }
  if (KernelTool(origin)) {
    // The kernel's crypto API serves each name from the registered implementation of highest
    // priority, and /proc/crypto lists name, driver and priority of each
    // (https://docs.kernel.org/crypto/architecture.html, "Crypto API Cipher References And
    // Priority").
    return {"grep -E '^(name|driver|priority)' /proc/crypto",
            "the kernel runs the driver of highest priority for each name, so its lines show "
            "whether that is an accelerated driver, a hardware engine or generic C"};
  }
  if (arch.empty() || clock_assumed) {
    // lscpu prints Architecture, Model name (Intel's names carry the base clock), CPU max MHz
    // and Flags (util-linux, sys-utils/lscpu.1.adoc); import reads each (env_facts.cc).
    // Another OS has its own listing (CpuListingCommand).
    // Only the lines the paste lacks: a flags line (lscpu's, /proc/cpuinfo's, `botan cpuid`'s)
    // or a decoded capability vector (OpenSSL's CPUINFO line) already gives the extensions.
    const bool flags =
        report.facts.report->cpu_clues.FlagsPasted() || report.facts.report->cpu_features_known;
    if (small_inputs_only) {
      // No architecture and no large input: the class table needs both.
      const Command listing =
          CpuListingCommand(origin.os, "its Architecture line gives the class table", arch, !flags);
      return {fmt::format("{}; {}", listing.command, rerun.command),
              fmt::format("{}; and the speed run's {}", listing.why,
                          rerun.why.substr(rerun.why.find("default sizes")))};
    }
    return CpuListingCommand(
        origin.os,
        flags ? fmt::format("its {}Model name and CPU max MHz lines give {}the clock range, "
                            "which the cpb classes need (the CPU's extensions are in the paste)",
                            arch.empty() ? "Architecture, " : "",
                            arch.empty() ? "the class table and " : "")
              : fmt::format("its Architecture, Model name, CPU max MHz and Flags lines give "
                            "{}the clock range and the CPU's extensions, which the cpb classes "
                            "need",
                            arch.empty() ? "the class table, " : ""),
        arch, !flags);
  }
  // A wolfSSL or mbedTLS paste: its build's settings (library_advice.h).
  if (std::optional<Command> own = LibrarySettlingCommand(report.facts, algorithm, false)) {
    return *own;
  }
  if (std::optional<Command> mask = AesMaskRerun(origin, arch, algorithm)) {
    return *mask;
  }
  return {fmt::format("cryptobench doctor {}", algorithm),
          "on that machine it masks each capability and measures which path runs"};
}

}  // namespace

std::optional<SettlingCommandText> AesMaskRerun(const ReportOrigin& origin, std::string_view arch,
                                                const std::string& algorithm) {
  if (!algorithm.starts_with("AES-") || origin.tool != "openssl speed") {
    return std::nullopt;
  }
  if (arch == "x86_64" || arch == "x86") {
    // OPENSSL_ia32cap: bit 57 of the first word is AES-NI, bit 33 PCLMULQDQ
    // (https://docs.openssl.org/3.0/man3/OPENSSL_ia32cap/); "~" clears them.
    return Command{
        fmt::format("OPENSSL_ia32cap='~0x200000200000000' {}", RerunCommand(origin, algorithm)),
        "beside the run pasted: a figure that drops shows the AES-NI path ran, one that stays "
        "shows it did not"};
  }
  if (arch == "aarch64") {
    // OPENSSL_armcap=0 clears every capability bit, ARMv8 AES and PMULL among them
    // (crypto/armcap.c: the variable replaces the detected value).
    return Command{fmt::format("OPENSSL_armcap=0 {}", RerunCommand(origin, algorithm)),
                   "beside the run pasted: a figure that drops shows the ARMv8 AES path ran, one "
                   "that stays shows it did not"};
  }
  return std::nullopt;
}

namespace {

// A report with figures but none of an algorithm the catalogue has (TLS cipher-suite rates of
// `gnutls-cli --benchmark-tls-ciphers`, a kernel driver's own names) gets no verdict at all;
// silence would read as nothing to say, so it says it cannot tell, and which run would.
std::optional<Finding> NothingExaminedFinding(const DoctorReport& report) {
  const ReportOrigin& origin = *report.facts.report;
  if (origin.not_examined.empty()) {
    return std::nullopt;
  }
  // Every row is of a stitched cipher that shows AES-NI ran (report.aesni-stitched): the report
  // does tell that its algorithms ran on an accelerated path.
  if (StitchedRowsShowAesNi(report.facts) &&
      origin.aesni_stitched_rows.size() == origin.not_examined.size()) {
    return std::nullopt;
  }
  // gnutls-cli --benchmark-ciphers times each cipher and MAC alone (src/benchmark-cipher.c),
  // where --benchmark-tls-ciphers times whole TLS records of a cipher suite
  // (src/benchmark-tls.c): the first gives the figures the cpb classes cover.
  const bool gnutls = origin.tool.find("gnutls") != std::string::npos;
  return Finding{
      "report.cannot-tell", Severity::kWarning,
      "Cannot tell from this report whether its algorithms ran on accelerated paths",
      fmt::format("none of its figures is of an algorithm cryptobench has a class for ({}), so "
                  "no verdict is given and the report states no cause",
                  Join(origin.not_examined)),
      gnutls ? std::string("Run `gnutls-cli --benchmark-ciphers`: it times each cipher and MAC "
                           "alone, which the cpb classes cover.")
             : std::string("Run `cryptobench doctor` on that machine: it measures the catalogue's "
                           "algorithms and masks each capability to see which path runs.")};
}

// True when `verdict`'s figure is settled by a bound that holds at any clock (CryptoFineFinding's
// AES, SHA-256, kernel AES and public-key bounds), so the clock does not matter to it.
bool SettledAtAnyClock(const DoctorReport& report, const Verdict& verdict) {
  const ReportOrigin& origin = *report.facts.report;
  if (verdict.measurements.empty() ||
      verdict.measurements.front().status != results::CellStatus::kOk) {
    return false;
  }
  const double rate = verdict.measurements.front().bytes_per_s;
  const KernelAesComparison* kernel =
      FindKernelAes(origin.kernel_aes, verdict.algorithm, verdict.operation, verdict.input_len);
  return ProvesAssembly(report, verdict) ||
         ClassifyAesFigure(verdict.algorithm, verdict.input_len, rate) ==
             AesBound::kAboveSoftware ||
         AboveSoftwareSha256(verdict.algorithm, rate) ||
         (kernel != nullptr && kernel->bound == AesBound::kAboveSoftware);
}

// Accelerated verdicts that rest on the cpb fingerprint over the assumed 1-5 GHz clock, on a
// report that no other finding concludes: the accelerated path ran (no software class fits at
// any clock of the range, verdict_report.cc), but whether it runs at that path's speed on this
// CPU, so whether the crypto is fine (CryptoFineFinding needs a known clock for a fingerprint),
// depends on the clock the text does not give.
std::optional<Finding> FingerprintOnlyFinding(const DoctorReport& report) {
  const ReportOrigin& origin = *report.facts.report;
  const bool clock_assumed = ReportClockAssumed(report);
  // With an engine or provider named the question is where the work ran, which no clock answers.
  if (!clock_assumed || !origin.engine_or_provider.empty()) {
    return std::nullopt;
  }
  std::vector<std::string> open;
  std::vector<std::string> figures;
  std::string first;
  for (const Verdict& verdict : report.verdicts) {
    if (verdict.status != VerdictStatus::kAccelerated || SettledAtAnyClock(report, verdict)) {
      continue;
    }
    open.push_back(VerdictSubject(verdict));
    figures.push_back(fmt::format("{} {}", VerdictSubject(verdict),
                                  verdict_internal::FormatCpb(verdict.cpb_low, verdict.cpb_high)));
    if (first.empty()) {
      first = verdict.algorithm;
    }
  }
  if (open.empty()) {
    return std::nullopt;
  }
  // The legacy-API re-run (-evp) when the rows time the low-level API; else the clock's command:
  // a kernel tool's driver question is not what is open here.
  Command command = SettlingCommand(report, first);
  const Command listing = CpuListingCommand(
      origin.os,
      "its Model name (Intel's names carry the base clock) and CPU max MHz lines give the "
      "clock range, and with it the cpb each figure is",
      report.facts.cpu.arch, false);
  if (!HasFinding(report, "report.legacy-api") && command.command != listing.command) {
    command = listing;
  }
  const bool one = open.size() == 1;
  return Finding{
      "report.cannot-tell", Severity::kWarning,
      fmt::format("Cannot tell from this report whether the crypto is fine: {} ran on {} "
                  "accelerated path{}, but {} only under an assumed clock",
                  Join(open), one ? "its" : "their", one ? "" : "s",
                  one ? "its figure matches that path's class"
                      : "their figures match those paths' classes"),
      fmt::format("{} over {} ({}): no software class fits {} at any of those clocks, so the "
                  "accelerated path ran; whether {} at that path's speed on this CPU, and so "
                  "whether the cipher is what limits the workload, depends on the clock",
                  Join(figures),
                  verdict_internal::FormatHzRange(report.core_hz_low, report.core_hz_high),
                  origin.clock_source, one ? "it" : "them", one ? "it runs" : "they run"),
      fmt::format("Run `{}`: {}.", command.command, command.why)};
}

// A report whose verdicts are of algorithms without a CPU-feature path (MD5, DES: "no hardware
// path"), alone or beside accelerated ones that settle nothing more (CryptoFineFinding refuses a
// report with a figure that has no accelerated class): no class says what those figures should
// reach, so neither "the crypto is fine" nor a cause follows; only another run of the same code
// does.
std::optional<Finding> NoPathFinding(const DoctorReport& report) {
  std::vector<std::string> names;
  std::vector<std::string> accelerated;
  for (const Verdict& verdict : report.verdicts) {
    const std::string name = VerdictSubject(verdict);
    if (verdict.status == VerdictStatus::kNoHardwarePath) {
      names.push_back(name);
    } else if (verdict.status == VerdictStatus::kAccelerated) {
      accelerated.push_back(name);
    } else {
      return std::nullopt;
    }
  }
  if (names.empty()) {
    return std::nullopt;
  }
  const bool one = names.size() == 1;
  return Finding{
      "report.cannot-tell", Severity::kWarning,
      fmt::format("Cannot tell from this report whether {} {} slow: {} no CPU-feature path to "
                  "be on",
                  Join(names), one ? "is" : "are", one ? "it has" : "they have"),
      fmt::format("{} {} only software code, so no accelerated class says what {} should reach, "
                  "and the report states no cause{}",
                  Join(names), one ? "has" : "have", one ? "its figure" : "their figures",
                  accelerated.empty()
                      ? ""
                      : fmt::format("; the verdicts call {} accelerated", Join(accelerated))),
      "Run the same command on a machine whose speed you trust and compare the two (cryptobench "
      "compare A B): only another run of the same code says whether these figures are slow."};
}

// What to do when a guest's flags lack the instructions and the host's CPU is not in the text:
// look at the host, and give the guest its CPU in the hypervisor's own settings. A host of
// VMware, Hyper-V or VirtualBox may have no lscpu (ESXi, Windows): its model's specification
// says instead.
std::string GuestFlagsAdvice(const CpuClues& clues) {
  const GuestHypervisor hypervisor = GuestHypervisorOf(clues);
  if (hypervisor == GuestHypervisor::kQemu) {
    return "The pasted flags are the guest's: run `lscpu` on the host; if its Flags line has the "
           "instructions, the guest's CPU model hides them (libvirt <cpu "
           "mode='host-passthrough'/>, QEMU -cpu host, or the named feature flags such as +aes).";
  }
  std::string remedy = HostCpuRemedy(clues, "the instructions");
  if (NonQemuHypervisor(clues)) {
    return fmt::format(
        "The pasted flags are the guest's: if the host's CPU has the instructions (its model's "
        "specification says), the {} guest's CPU settings hide them: {}.",
        HypervisorName(clues.hypervisor_vendor), remedy);
  }
  return fmt::format(
      "The pasted flags are the guest's: run `lscpu` on the host; if its Flags line has the "
      "instructions, the guest's CPU settings hide them: {}.",
      remedy);
}

// Verdicts that software is the best the CPU offers (the report's capability vector or flags
// lack the instructions), with no cause stated: a CPU without the instructions, a hypervisor's
// CPU model that hides them and a kernel that disabled them give the same bits, and which of
// them holds decides the remedy, so the report cannot tell why. Accelerated verdicts and ones
// without a hardware path beside them leave that question as open (CryptoFineFinding refuses a
// software-class figure), so they are named in the evidence, not a reason for silence.
std::optional<Finding> SoftwareExpectedFinding(const DoctorReport& report) {
  // Under emulation the CPU facts are the emulated model's and its figures time the emulator:
  // a host CPU model for the guest is no remedy (QEMU's -cpu host needs KVM); report.emulated
  // gives the one that is.
  if (!report.facts.emulation.empty()) {
    return std::nullopt;
  }
  std::vector<std::string> names;
  std::vector<std::string> lines;
  std::vector<std::string> accelerated;
  for (const Verdict& verdict : report.verdicts) {
    if (verdict.status == VerdictStatus::kAccelerated) {
      accelerated.push_back(VerdictSubject(verdict));
    } else if (verdict.status == VerdictStatus::kSoftwareExpected) {
      names.push_back(VerdictSubject(verdict));
      std::string_view line = verdict.line;  // "AES-128-CBC: software (expected): ...."
      if (line.ends_with('.')) {
        line.remove_suffix(1);
      }
      lines.emplace_back(line);
    } else if (verdict.status != VerdictStatus::kNoHardwarePath) {
      return std::nullopt;
    }
  }
  if (names.empty()) {
    return std::nullopt;
  }
  // lscpu prints "Model name" and, in a guest, "Hypervisor vendor" and "Virtualization type"
  // (util-linux, sys-utils/lscpu.1.adoc).
  return Finding{
      "report.cannot-tell", Severity::kWarning,
      fmt::format("Cannot tell from this report why {} ran in software, the best its CPU facts "
                  "allow: the CPU may lack the instructions, or a hypervisor or the kernel may "
                  "hide them",
                  Join(names)),
      fmt::format("{}; a CPU without the instructions, a hypervisor's CPU model that hides them "
                  "and a kernel that disabled them give the same CPU facts, and the report "
                  "states no cause{}",
                  Join(lines),
                  accelerated.empty()
                      ? ""
                      : fmt::format("; the verdicts call {} accelerated", Join(accelerated))),
      report.facts.report->cpu_clues.FlagsPasted()
          ? (report.facts.report->cpu_clues.virtual_machine
                 ? GuestFlagsAdvice(report.facts.report->cpu_clues)
                 : "The pasted flags line is all the CPU offers this system: the CPU model's "
                   "specification says whether the CPU itself has the instructions (a firmware "
                   "setting may turn them off).")
      : report.facts.report->os.empty() || report.facts.report->os == "linux"
          ? "Run `lscpu`: its Model name says whether the CPU has the instructions, and a "
            "Hypervisor vendor line marks a virtual machine whose CPU model may hide them (the "
            "host's CPU and the guest's CPU type then settle it)."
          : [&] {
              const Command listing =
                  CpuListingCommand(report.facts.report->os, "", report.facts.cpu.arch);
              return fmt::format(
                  "Run `{}`: {}; in a virtual machine, the host's CPU and the "
                  "guest's CPU type then settle it.",
                  listing.command, listing.why);
            }()};
}

// The accelerated verdicts of `report` as "ALGORITHM OPERATION", and the first one's algorithm
// (empty when there is none).
std::pair<std::vector<std::string>, std::string> AcceleratedVerdicts(const DoctorReport& report) {
  std::vector<std::string> names;
  std::string first;
  for (const Verdict& verdict : report.verdicts) {
    if (verdict.status == VerdictStatus::kAccelerated) {
      names.push_back(VerdictSubject(verdict));
      if (first.empty()) {
        first = verdict.algorithm;
      }
    }
  }
  return {names, first};
}

// Accelerated verdicts through a named engine or third-party provider, timed by wall clock (user
// CPU time with an engine is the stated cause "report.user-cpu-offload"), on a report no other
// finding concludes: the figure is in the class of the CPU's own accelerated code, but the engine
// or provider may have taken the algorithm (a device, a kernel driver) or not (OpenSSL's own code
// ran), which the figure does not tell, and CryptoFineFinding refuses it. The same run without
// the engine or provider, beside the pasted one, tells.
// OpenSSL's own providers (https://docs.openssl.org/3.0/man7/provider/, "OpenSSL providers":
// default, base, fips, legacy, null) run OpenSSL's code, not a device's, so "where did the work
// run" is not their question; they are left out here.
std::optional<Finding> EngineOrProviderFinding(const DoctorReport& report) {
  const ReportOrigin& origin = *report.facts.report;
  if (origin.engine_or_provider.empty() || origin.tool != "openssl speed") {
    return std::nullopt;
  }
  const std::string_view named = origin.engine_or_provider;
  if (named.starts_with("provider ")) {
    const std::string_view name =
        named.substr(9, named.find(',') == std::string_view::npos ? std::string_view::npos
                                                                  : named.find(',') - 9);
    for (const std::string_view own : {"default", "base", "fips", "legacy", "null"}) {
      if (name == own) {
        return std::nullopt;
      }
    }
  }
  const auto [names, first] = AcceleratedVerdicts(report);
  if (names.empty()) {
    return std::nullopt;
  }
  ReportOrigin plain = origin;
  plain.engine_or_provider.clear();
  const bool one = names.size() == 1;
  return Finding{
      "report.cannot-tell", Severity::kWarning,
      fmt::format("Cannot tell from this report whether {} ran through the {} or on OpenSSL's "
                  "own code: the figure{} fit{} either",
                  Join(names), origin.engine_or_provider, one ? "" : "s", one ? "s" : ""),
      fmt::format("{} in the class of the CPU's accelerated code, timed by {}; the {} may take "
                  "the algorithm (a device or kernel driver, whose per-request cost depends on "
                  "the size) or leave it to OpenSSL's own code, and the figure is the same "
                  "either way; the report states no cause",
                  one ? "its figure is" : "their figures are",
                  origin.timing_basis == "wall_clock" ? "wall-clock time" : "a basis not shown",
                  origin.engine_or_provider),
      fmt::format("Run `{}` beside the run pasted: the same figures show the {} does not take "
                  "the algorithm or is no faster than OpenSSL's own code; different ones show "
                  "which of the two is faster at each size.",
                  RerunCommand(plain, first), origin.engine_or_provider)};
}

// Accelerated verdicts from 1.x low-level rows ("report.legacy-api" as info: the CPU is not
// shown to have the instructions) at a clock the text gives, on a report no other finding
// concludes: no application's EVP or TLS code runs those rows (CryptoFineFinding refuses them),
// so whether the path that matters is fine is open; the -evp run times it. Over the assumed
// clock FingerprintOnlyFinding says the same.
std::optional<Finding> LowLevelRowsFinding(const DoctorReport& report) {
  if (!HasFinding(report, "report.legacy-api")) {
    return std::nullopt;
  }
  const auto [names, first] = AcceleratedVerdicts(report);
  if (names.empty()) {
    return std::nullopt;
  }
  const Command command = SettlingCommand(report, first);
  return Finding{
      "report.cannot-tell", Severity::kWarning,
      fmt::format("Cannot tell from this report whether the crypto an application runs is fine: "
                  "{} {} from 1.x low-level rows",
                  Join(names), names.size() == 1 ? "is" : "are"),
      fmt::format("the verdicts call {} accelerated, but the rows time the low-level API, not "
                  "the EVP path an application runs, and the report states no cause",
                  Join(names)),
      fmt::format("Run `{}`: {}.", command.command, command.why)};
}

}  // namespace

std::optional<Finding> UndeterminedFinding(const DoctorReport& report) {
  if (!report.facts.report) {
    return std::nullopt;
  }
  // A cause, "the crypto is fine" or another "cannot tell" already stated: nothing to add.
  if (!StatedCauses(report).empty()) {
    return std::nullopt;
  }
  // Under emulation report.emulated says why no verdict settles: the figures time the
  // emulator, and no clock or re-run on the emulator would settle more.
  if (!report.facts.emulation.empty() && !report.verdicts.empty()) {
    return std::nullopt;
  }
  if (report.verdicts.empty()) {
    return NothingExaminedFinding(report);
  }
  // Symmetric verdicts first: public-key rows have no ops/s class (their verdicts say so), so
  // beside an open symmetric verdict they add nothing. A report of public-key rows alone (a
  // `bssl speed rsa`, an `openssl speed rsa2048` paste) whose verdicts are all open cannot tell
  // either, and says so.
  std::vector<std::string> open;
  std::vector<std::string> open_public_key;
  std::string first;
  std::string first_public_key;
  bool any_symmetric = false;
  for (const Verdict& verdict : report.verdicts) {
    const AlgorithmInfo* alg = FindAlgorithm(verdict.algorithm);
    const bool public_key = alg != nullptr && !IsSymmetric(alg->kind);
    any_symmetric = any_symmetric || !public_key;
    if (verdict.status != VerdictStatus::kUndetermined) {
      continue;
    }
    std::vector<std::string>& list = public_key ? open_public_key : open;
    std::string& name = public_key ? first_public_key : first;
    list.push_back(VerdictSubject(verdict));
    if (name.empty()) {
      name = verdict.algorithm;
    }
  }
  const bool public_key_only = !any_symmetric && !open_public_key.empty();
  if (public_key_only) {
    open = open_public_key;
    first = first_public_key;
  }
  if (open.empty()) {
    if (std::optional<Finding> fingerprint_only = FingerprintOnlyFinding(report)) {
      return fingerprint_only;
    }
    if (std::optional<Finding> software = SoftwareExpectedFinding(report)) {
      return software;
    }
    if (std::optional<Finding> no_path = NoPathFinding(report)) {
      return no_path;
    }
    if (std::optional<Finding> engine = EngineOrProviderFinding(report)) {
      return engine;
    }
    return LowLevelRowsFinding(report);
  }
  // Open verdicts without one usable figure (every cell an error: no operation completed, or the
  // tool printed none): no class, clock or CPU flag settles them, so the command that would is
  // the run itself, repeated with its error output kept.
  std::vector<std::string> failed;
  std::string failed_message;
  std::string failed_command;
  for (const Verdict& verdict : report.verdicts) {
    const bool usable =
        std::any_of(verdict.measurements.begin(), verdict.measurements.end(),
                    [](const Measurement& m) { return m.status == results::CellStatus::kOk; });
    std::string name = VerdictSubject(verdict);
    if (verdict.status == VerdictStatus::kUndetermined && !usable &&
        std::find(open.begin(), open.end(), name) != open.end()) {
      failed.push_back(std::move(name));
      if (failed.size() == 1) {
        failed_command = fmt::format("cryptobench speed {}{}", verdict.algorithm,
                                     verdict.operation == "decrypt" ? " --decrypt" : "");
      }
      if (failed_message.empty() && !verdict.measurements.empty()) {
        failed_message = verdict.measurements.front().message;
      }
    }
  }
  if (failed.size() == open.size()) {
    const bool one = failed.size() == 1;
    return Finding{
        "report.cannot-tell", Severity::kWarning,
        fmt::format("Cannot tell from this report whether {} {} fine: the report has no figure "
                    "for {}",
                    Join(failed), one ? "is" : "are", one ? "it" : "them"),
        fmt::format("every cell of {} is an error{}, so no class, clock or CPU flag can settle "
                    "{}, and the report states no cause",
                    Join(failed),
                    failed_message.empty() ? "" : fmt::format(" ({})", failed_message),
                    one ? "it" : "them"),
        fmt::format("Run `{}` on that machine: it checks the algorithm against published "
                    "test vectors, and that decryption inverts encryption, before timing it. Or "
                    "run the same {} command again and keep its error output (stderr), which "
                    "names the error behind each operation that did not complete.",
                    failed_command, report.facts.report->tool)};
  }
  // Figures below their class on a path the capability vector and the release show open: the
  // question is not which path the library has but why it ran slow, which only a rerun tells.
  std::vector<std::string> slow_open;
  for (const Verdict& verdict : report.verdicts) {
    if (verdict.status == VerdictStatus::kUndetermined && verdict.slow_on_open_path) {
      slow_open.push_back(VerdictSubject(verdict));
    }
  }
  if (!public_key_only && slow_open.size() == open.size()) {
    const bool one = open.size() == 1;
    const std::optional<Command> mask =
        AesMaskRerun(*report.facts.report, report.facts.cpu.arch, first);
    return Finding{
        "report.cannot-tell", Severity::kWarning,
        fmt::format("Cannot tell from this report why {} {} slow: the capability vector and the "
                    "release say the accelerated path should run",
                    Join(open), one ? "is" : "are"),
        fmt::format("{} below every accelerated class over {} ({}), but the build is not the "
                    "cause; contention, a throttled or shared CPU, or wall-clock time on a busy "
                    "machine give such figures, and the report states no cause",
                    one ? "its figure is" : "their figures are",
                    verdict_internal::FormatHzRange(report.core_hz_low, report.core_hz_high),
                    report.facts.report->clock_source),
        mask ? fmt::format("Run `{}` and the same command without the mask, one after the "
                           "other on a quiet machine: an unmasked figure in the accelerated "
                           "class, and a masked one below it, show the path runs and the pasted "
                           "figure was the machine's; both as slow as the paste show it did not "
                           "run.",
                           mask->command)
             : fmt::format("Run `{}` again on a quiet machine: a figure in the accelerated "
                           "class shows the pasted one was the machine's.",
                           RerunCommand(*report.facts.report, first))};
  }
  const Command command = SettlingCommand(report, first);
  return Finding{
      "report.cannot-tell", Severity::kWarning,
      fmt::format("Cannot tell from this report whether {} ran on {} {} path{}", Join(open),
                  open.size() == 1 ? "its" : "their", public_key_only ? "assembly" : "accelerated",
                  open.size() == 1 ? "" : "s"),
      fmt::format("{} {} over what the text gives ({}), and the report states no cause",
                  public_key_only ? "no sourced ops/s-per-GHz class and no mask experiment settles"
                                  : "no cpb class settles",
                  open.size() == 1 ? "its figure" : "their figures",
                  report.facts.cpu.arch.empty() ? std::string("no architecture")
                                                : fmt::format("{}, clock {}", report.facts.cpu.arch,
                                                              report.facts.report->clock_source)),
      fmt::format("Run `{}`: {}.", command.command, command.why)};
}

}  // namespace cryptobench::diagnose
