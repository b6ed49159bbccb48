// The doctor's data: facts gathered, experiments measured, and verdicts with evidence. The
// verdict engine (verdict.h) is a pure function of DoctorFacts + measurements, so it is tested
// on recorded facts; renderers (doctor_report.h) print a DoctorReport.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cpu/clock_facts.h"
#include "cpu/features.h"
#include "results/model.h"

#include "diagnose/cpu_clues.h"
#include "diagnose/library_facts.h"

namespace cryptobench::diagnose {

/// Severity of a finding; "error" findings make `doctor` exit with status 1.
enum class Severity { kInfo, kWarning, kError };
/// "info", "warning", "error".
const char* SeverityName(Severity severity);

/// A machine- or library-wide finding (not about one algorithm).
struct Finding {
  std::string id;  ///< stable identifier, e.g. "clock.powersave", "library.no-asm",
                   ///< "env.ia32cap", "machine.steal"
  Severity severity = Severity::kInfo;
  std::string summary;   ///< one line, e.g. "The scaling governor is powersave"
  std::string evidence;  ///< the facts behind it
  std::string advice;    ///< what to do; may be empty
};

/// Where the facts come from when doctor reads a report instead of measuring (`doctor --from
/// FILE`): the run's source and what the text could and could not tell. The live doctor leaves
/// DoctorFacts::report empty.
struct ReportOrigin {
  std::string file;  ///< the file read ("<stdin>" for standard input)
  std::string kind;  ///< the run's source.kind: "imported" or "measured" (a cryptobench run)
  std::string tool;  ///< e.g. "openssl speed", "cryptobench"
  std::string tool_version;        ///< e.g. "3.0.13"; empty when the text does not say
  std::string timing_basis;        ///< "wall_clock", "user_cpu" or "unknown" (results::SourceInfo)
  std::string evp;                 ///< "evp", "legacy" or "unknown" (results::SourceInfo)
  std::string engine_or_provider;  ///< e.g. "engine qatengine"; empty if none is named
  /// An engine or provider the paste shows loaded by configuration rather than on the command
  /// line, in words with its line ("openssl.cnf's engine_id = qatengine (line 7)", "the
  /// provider qatprovider (listed active, line 9)"): it may serve operations of a run that
  /// names none (ConfiguredOffloadOf, doctor_from.h). Empty when the paste shows none.
  std::string configured_offload;
  std::string configured_offload_id;  ///< its engine id or provider name ("qatengine")
  int processes = 0;                  ///< `openssl speed -multi N` or `speed --threads N`; 0/1: one
  /// CPUs the run was pinned to (taskset/numactl on the pasted command line,
  /// results::Invocation::pinned_cpus); 0: not pinned, or not known.
  int pinned_cpus = 0;
  std::vector<std::string> caveats;  ///< the run's interpretation caveats, verbatim
  std::string arch_source;           ///< where facts.cpu.arch came from; empty when unknown
  /// The OS the text shows (ReportOs, library_advice.h): "linux", "macos", "openbsd", "freebsd",
  /// "windows", or "" when it does not say; advice names that OS's commands.
  std::string os;
  /// Where library.version came from when the text prints no version line: "the build path on
  /// the compiler line, line N" (an import "library_version" fact); empty otherwise.
  std::string version_source;
  /// The build settings the text shows (import "build_option" facts: BoringSSL's
  /// OPENSSL_NO_ASM from its CMake cache or cmake command, each with its line: "OPENSSL_NO_ASM=ON
  /// (the CMake cache, line 5)"; wolfCrypt's Math lines as printed); empty when it shows none.
  std::vector<std::string> build_options;
  /// The program's own list of where each family runs (import "implementation_claim" facts: NXP
  /// SDK's "AES: ELE200 HW accelerated ECB, CBC, CCM and CMAC"), as printed, in line order.
  std::vector<results::SourceFact> implementation_claims;
  /// The CPU model pasted beside the run but not taken for its machine, with its line and why
  /// (WithoutContradictedCpuLines: the text's CPU lines disagree with the run's capability
  /// vector); empty otherwise.
  std::string left_out_cpu_model;
  bool cpu_features_known = false;  ///< facts.cpu.features were decoded from a capability vector
  /// Without a capability vector: facts.cpu.features hold what the CPU clues show (a flags or
  /// Features line, a model row of data/cpu-clues.csv); each feature's clue and source is
  /// cpu_clues.Find(name). They say what the CPU has, not what the library's vector has.
  bool cpu_features_from_clues = false;
  /// What the text shows about the CPU besides the CPUINFO line: uname, flags, models, -march=
  /// (cpu_clues.h); each conclusion with its clue.
  CpuClues cpu_clues;
  /// A cryptsetup benchmark's AES rows against its serpent and twofish rows (cpu_clues.h): the
  /// ones that show AES in software or on a hardware path without knowing the CPU.
  std::vector<KernelAesComparison> kernel_aes;
  /// The module of the CPU's AES-instruction drivers for the text's architecture
  /// (KernelAesModules; any of them when the architecture is unknown) when pasted lsmod output
  /// shows it loaded (an import "kernel_module" fact), and that line (1-based); "" and 0 when
  /// the text does not show it. Loaded does not say it serves AES: another driver of higher
  /// priority may.
  std::string kernel_aes_module;
  size_t kernel_aes_module_line = 0;
  /// A kernel tool's report whose every algorithm has its driver named in the paste (a tcrypt
  /// line, a /proc/crypto entry: PastedKernelDriver); advice then does not ask for /proc/crypto.
  bool kernel_drivers_shown = false;
  /// What the text shows of the clock (import facts): the cpufreq governor ("cpu_governor"),
  /// the current clock ("cpu_cur_mhz", sysfs scaling_cur_freq) and the max (lscpu's CPU max MHz
  /// or sysfs *_max_freq). Advice does not ask for what is shown (ClockAdvice).
  bool governor_shown = false;
  bool cur_clock_shown = false;
  bool clock_limits_shown = false;
  std::string clock_source;               ///< why core_hz_low..core_hz_high, in words
  std::vector<std::string> cannot_know;   ///< what the text cannot tell, one sentence each
  std::vector<std::string> not_examined;  ///< algorithms of the report without a verdict, and why
  /// The rows with figures of OpenSSL's stitched AES-CBC-HMAC-SHA ciphers, as the report names
  /// them ("aes-128-cbc-hmac-sha1"): OpenSSL has those ciphers only where AES-NI runs
  /// (AesNiStitchedRow, doctor_from.h). Each is also in not_examined (not in the catalogue).
  std::vector<std::string> aesni_stitched_rows;
  /// The verdicts' figures that an import caveat doubts (results::CellCaveat::doubt: a row
  /// without its 'type' line, a damaged row, a unit the paste does not settle), one each:
  /// "AES-128-GCM encrypt at 16 KiB per call: read from a table without its 'type ... bytes'
  /// line (...)". No good news rests on them (CryptoFineFinding).
  std::vector<std::string> figures_in_doubt;
  /// openssl speed 1.x prints its version block (ending with the compiler line) after the
  /// progress lines and before the results table. True when the run has figures and every one
  /// was recomputed from progress lines: no results table follows the compiler line, so the
  /// paste may end inside it (a stored copy cut there) and its missing defines prove nothing.
  bool compiler_line_may_be_cut = false;
};

/// True when the report's tool times the kernel's crypto (cryptsetup benchmark, tcrypt,
/// kcapi-speed): its figures are the kernel's code behind AF_ALG or the tcrypt module, and its
/// remedy is a kernel driver, not the library's build.
bool KernelTool(const ReportOrigin& origin);

/// Everything known before any algorithm is measured.
struct DoctorFacts {
  cpu::CpuFeatures cpu;
  cpu::ClockFacts clock;
  results::LibraryInfo library;  ///< as probed, with doctor's own environment
  /// The capability variable (MaskVariable: OPENSSL_ia32cap, or OPENSSL_armcap on AArch64) in
  /// doctor's environment, if set, as report::SafeText shows it (control characters escaped).
  std::optional<std::string> env_ia32cap;
  /// Known bits the env value clears that the CPU has: live, those set in the vector detected
  /// without it; in a report, those the text shows the CPU has (its flags or Features line, or a
  /// model row outside a virtual machine: ReportFacts).
  std::vector<std::string> env_masked_features;
  /// Known bits a report's env value (OPENSSL_ia32cap or OPENSSL_armcap, from CPUINFO's env:
  /// part or the pasted command) clears that the text does not show the CPU has (no flags or
  /// Features line, no model row): not masked features, since the CPU may lack them, but "cannot
  /// tell" (ReportFacts); empty live.
  std::vector<std::string> env_cleared_unknown;
  /// Known bits a report's env value clears that the text shows the CPU lacks: no mask, since the
  /// library could not use them anyway (ReportFacts); empty live.
  std::vector<std::string> env_cleared_absent;
  std::string detected_capability_vector;  ///< the library's vector with the env var unset
  std::vector<AsmModule> asm_modules;      ///< ID strings found in the loaded file
  std::vector<std::string> asm_defines;    ///< -D*_ASM in cflags (meaningful for 1.x only)
  /// Built without assembly, so every primitive runs C code: the live library's or a 3.x
  /// report's "CPUINFO: N/A" (x86, ARM), and in a report also what no_asm_evidence names.
  bool no_asm_build = false;
  /// What shows a report's build has no assembly, completing "built without assembly (...)":
  /// "CPUINFO: N/A", "OPENSSL_NO_ASM:BOOL=ON in BoringSSL's CMake cache, line 12", or OpenSSL
  /// 1.1.1's compiler line (ReportFacts); "" when no_asm_build is false or the doctor is live.
  std::string no_asm_evidence;
  /// Why doctor runs emulated (cpu::Emulation::reason: qemu-user, QEMU TCG); "" when it does
  /// not. Under emulation no cpb is computed or classified: the verdicts rest on the ratios of
  /// the mask experiments alone.
  std::string emulation;
  /// Set when the facts were read from a report (`doctor --from`): cpu.features then hold the
  /// bits of the report's capability vector (supported = set), env_ia32cap the CPUINFO line's
  /// "env:" value, and no mask experiment can run.
  std::optional<ReportOrigin> report;
};

/// The name of OpenSSL's capability-mask variable for these facts: "OPENSSL_armcap" when the
/// CPUINFO line names it, or when it names neither and the CPU is Arm (facts.cpu.arch
/// "aarch64" or "arm"); "OPENSSL_ia32cap" otherwise (OpenSSL's crypto/cpuid.c and
/// crypto/armcap.c read them).
std::string CapabilityVariable(const DoctorFacts& facts);

/// Whether OpenSSL 3.x's "CPUINFO: N/A" proves a build without assembly on `arch` (a
/// facts.cpu.arch value: "x86_64", "x86", "aarch64", "arm", "s390x", ...): the table of
/// results::CpuinfoNaProvesNoAsm (x86, ARM and s390x print a vector in every 3.x assembly build;
/// RISC-V, POWER and SPARC only from releases not verified here; MIPS never). An unknown
/// architecture (empty) proves nothing.
bool CpuinfoNaMeansNoAsm(const std::string& arch);

/// One throughput measurement of an algorithm (one cell at one input size).
struct Measurement {
  std::string label;  ///< "as is", or the experiment, e.g. "AES-NI, VAES masked"
  std::vector<std::string> masked_features;  ///< features cleared in the capability vector
  std::string ia32cap;                       ///< the OPENSSL_ia32cap value used ("" = none)
  results::CellStatus status = results::CellStatus::kOk;
  std::string message;     ///< why, if status != ok
  double bytes_per_s = 0;  ///< median wall-clock throughput
  double ci_low = 0;       ///< 95% CI of the median, bytes/s
  double ci_high = 0;
};

/// A mask experiment planned for an algorithm: clear these capability bits, expect a slowdown
/// if the library uses the path that needs them.
struct Experiment {
  std::string label;                  ///< e.g. "AES-NI, VAES, VPCLMULQDQ masked"
  std::vector<std::string> features;  ///< names as in KnownCapabilityBits()
  std::string path;                   ///< the path it tests, e.g. "AES-NI", "VAES + VPCLMULQDQ",
                                      ///< "PCLMULQDQ GHASH", "SHA-NI"
  /// Which measurement the slowdown is relative to: 0 = "as is", i = the i-th experiment
  /// (1-based). GHASH compares "VAES, VPCLMULQDQ, PCLMULQDQ masked" with "VAES, VPCLMULQDQ
  /// masked", so only GHASH's instructions differ.
  int baseline = 0;
};

/// Outcome class of an algorithm's verdict.
enum class VerdictStatus {
  kAccelerated,       ///< on the accelerated path the CPU offers
  kNotAccelerated,    ///< the CPU offers acceleration the library does not use: a problem
  kMasked,            ///< acceleration is switched off by OPENSSL_ia32cap in the environment
  kSoftwareExpected,  ///< the CPU lacks the instructions: software is the best there is
  kNoHardwarePath,    ///< no hardware path exists for this algorithm on this CPU (MD5, SHA-3,
                      ///< 3DES): its scalar speed is reported for information
  kUndetermined,      ///< the evidence does not settle it (measurement failed, noise)
  /// An engine or provider named for the run took the operation away from the library's own
  /// code (a QAT device, or the engine's own code): the CPU's classes and masks do not apply.
  /// No problem, and no pass of the CPU's path either.
  kOffloaded,
};
/// "accelerated", "NOT accelerated", "masked", "software (expected)", "no hardware path",
/// "undetermined", "offloaded".
const char* VerdictStatusName(VerdictStatus status);
/// True for the statuses that make doctor exit with 1 (kNotAccelerated, kMasked).
bool IsProblem(VerdictStatus status);

struct Verdict;

/// What a verdict line is about: the algorithm and the operation, "RSA-2048 sign",
/// "AES-128-GCM encrypt" (the algorithm alone when the operation is empty), with the
/// implementation after the algorithm when the verdict names one ("SHA-1 [commoncrypto]
/// hash"). Every verdict line begins with it and ": ", then the status.
std::string VerdictSubject(const Verdict& verdict);
/// The same for a verdict of another shape (library_doctor.h's LibraryVerdict).
std::string VerdictSubject(std::string_view algorithm, std::string_view operation);

/// One algorithm's verdict: a plain line, then its evidence and what to do.
struct Verdict {
  std::string algorithm;  ///< catalogue name, or "GHASH (AES-128-GCM)" for GCM's GHASH
  std::string operation;  ///< "encrypt", "hash", ...
  /// A report's row of the algorithm run by one of several implementations (botan speed's
  /// "[commoncrypto]" beside its untagged row): that implementation, which VerdictSubject
  /// names; "" when the report holds the algorithm once (or the verdict is a measured one).
  std::string implementation;
  uint64_t input_len = 0;  ///< bytes per operation measured
  VerdictStatus status = VerdictStatus::kUndetermined;
  std::string line;                   ///< e.g. "AES-128-GCM encrypt: accelerated: VAES +
                                      ///< VPCLMULQDQ path, 0.33 cpb; masking VAES slows it
                                      ///< 2.5x." (VerdictSubject, then the status)
  std::vector<std::string> evidence;  ///< one fact per entry (measurements, ratios, classes)
  std::string advice;                 ///< what to do; empty when nothing is needed
  double cpb_low = 0;                 ///< as-is cpb over the core frequency range
  double cpb_high = 0;
  std::string fingerprint;                ///< classifier conclusion
  std::vector<Measurement> measurements;  ///< as is, then each experiment
  /// A kernel tool's report (KernelTool): the driver the paste names for this algorithm (the
  /// tcrypt section's "(cbc-aes-aesni)", or the pasted /proc/crypto entry of highest priority),
  /// when data/kernel-crypto-drivers.csv knows what it runs; "" otherwise.
  std::string kernel_driver;
  /// A report's verdict whose figure is below every accelerated class although its capability
  /// vector and release show that path open (verdict_report.cc, SlowOnOpenPath): the build is
  /// not the cause, and the report cannot tell what is. Not rendered; UndeterminedFinding reads it.
  bool slow_on_open_path = false;
};

/// The whole doctor report.
struct DoctorReport {
  std::string created_utc;
  std::string tool_version;
  DoctorFacts facts;
  double core_hz_low = 0;  ///< frequency range used for cpb (Hz)
  double core_hz_high = 0;
  /// Why that range, in words (cpu::CpbClockRange::basis); a report read from text says it in
  /// facts.report->clock_source instead.
  std::string cpb_clock_basis;
  std::vector<Finding> findings;
  std::vector<Verdict> verdicts;
  /// The SIGINT or SIGTERM ("SIGINT") that stopped the examination, or "" for a complete
  /// report: the verdicts of the algorithms examined before it are kept, the algorithm being
  /// examined then and those after it are missing. JSON: "partial": true and "interrupted_by".
  std::string interrupted_by;
  /// 0 if no verdict is a problem, no finding is an error and no measurement failed, else 1.
  int ExitStatus() const;
};

}  // namespace cryptobench::diagnose
