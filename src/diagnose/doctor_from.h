// `cryptobench doctor --from FILE`: doctor's verdicts for a report read from text (an imported
// `openssl speed` run, or a cryptobench result JSON), without measuring anything. Facts come
// from the report (CPUINFO capability vector, version and build flags, throughput per
// algorithm); the clock rate is a plausible range; the verdict engine (verdict.h) and the
// renderers (doctor_report.h) are the live doctor's. Pure functions: no I/O, no clocks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/catalog.h"
#include "results/model.h"

#include "diagnose/doctor_model.h"

namespace cryptobench::diagnose {

/// Core clock range assumed when nothing in the report gives one, Hz: the desktop, server and
/// laptop x86-64 and AArch64 parts of the last fifteen years run between about 1 and 5 GHz
/// under load (issue 4: "a plausible range, say 1-5 GHz").
inline constexpr double kReportDefaultHzLow = 1e9;
inline constexpr double kReportDefaultHzHigh = 5e9;

/// True when `report` is of pasted text (not a measured run) whose clock range is the assumed
/// kReportDefaultHzLow-kReportDefaultHzHigh: the text gives no clock rate.
bool ReportClockAssumed(const DoctorReport& report);

/// The core clock range cpb is computed over for a report, and why.
struct ReportClock {
  double hz_low = kReportDefaultHzLow;
  double hz_high = kReportDefaultHzHigh;
  std::string source;  ///< in words, e.g. "assumed: the text gives no clock rate"
};

/// The range from what the report says about the CPU: a base clock in the CPU model ("Intel(R)
/// Xeon(R) CPU E5-2680 v4 @ 2.40GHz"), else a measured TSC rate (x86: the TSC ticks at about
/// the base clock), gives [0.8 x base (thermal throttling), max(base, min(2.25 x base, 5 GHz))
/// (turbo: laptop parts reach about 2.2 x base, e.g. 1.8 -> 4.0 GHz)]; otherwise the default
/// 1-5 GHz.
ReportClock ReportClockRange(const results::MachineInfo& machine);
/// The same from the machine's model, else the pasted CPU model lines (`facts` of kind
/// "cpu_model": /proc/cpuinfo's model name, lscpu's Model name) when every one that names a
/// base clock names the same (a paste of two machines leaves the clock open), else the TSC, else
/// CpufreqLimits(facts, arch) (`arch` as ReportArch gives it; "" unknown).
ReportClock ReportClockRange(const results::MachineInfo& machine,
                             const std::vector<results::SourceFact>& facts,
                             std::string_view arch = "");
/// The range from lscpu's "CPU min MHz" and "CPU max MHz" lines (facts "cpu_min_mhz",
/// "cpu_max_mhz", the kernel's cpufreq limits): [0.8 x min, max]. On x86 ("x86_64", "x86") and
/// an unknown `arch` ("") the top is max(max, min(2.25 x max, 5 GHz)), the same turbo allowance
/// as a base clock: there turbo is the hardware's choice, above the frequencies the driver
/// lists, and acpi-cpufreq gives the base clock (P0) as its max on CPUs with turbo. On every
/// other architecture (aarch64's cpufreq-dt and cppc_cpufreq) boost is the kernel's software
/// choice (Linux Documentation/cpu-freq/boost.txt, commit 0636f0c36a7f: "The decision about
/// boost disable/enable is made either at hardware (e.g. x86) or software (e.g ARM)"), its
/// frequencies are table entries flagged CPUFREQ_BOOST_FREQ that count toward cpuinfo_max_freq
/// only while boost is enabled (drivers/cpufreq/freq_table.c, cpufreq_frequency_table_cpuinfo,
/// commit 6f19efc0a1ca), so the max is the real top (new-user tryout 20, n10: a Cortex-A72 at
/// 1800 MHz max was given cpb up to 4.05 GHz). A max without a min (a pasted `cat
/// .../cpufreq/scaling_max_freq` alone) bounds the top on those other architectures only, where
/// the max is the real top: [min(kLowestBenchmarkHz, 0.8 x max), max]; on x86 and an unknown
/// architecture it gives nothing (turbo runs above it). Otherwise nullopt unless both are given,
/// every line of each agrees (a paste of two machines leaves the clock open) and min <= max.
/// ReportClockRange uses it when the text gives no base clock (model line or TSC).
std::optional<ReportClock> CpufreqLimits(const std::vector<results::SourceFact>& facts,
                                         std::string_view arch = "");
/// ReportClockRange(run.machine, run.source.facts).
ReportClock ReportClockRange(const results::RunResult& run);

/// The architecture a report's figures come from, or "" when the text does not tell:
/// machine.arch (a cryptobench run), else the CPUINFO line (OPENSSL_ia32cap: x86, 64-bit unless
/// the platform says 32-bit; OPENSSL_armcap: AArch64 unless the platform says 32-bit ARM), else
/// the platform string ("linux-x86_64", "debian-amd64", "linux-aarch64", "darwin64-arm64-cc"),
/// else the compiler line's x86 defines, else the CPU clues of the paste (ReadCpuClues: uname,
/// -march=, a flags line, a known CPU model), else the compiler line's -moutline-atomics (GCC's
/// AArch64-only option). `source` receives where it came from, in words.
std::string ReportArch(const results::RunResult& run, std::string* source);

/// Facts from the text of a report: the library info as given; cpu.arch; cpu.features decoded
/// from the capability vector (x86: the known OPENSSL_ia32cap bits of the words printed, set =
/// supported; AArch64: the OPENSSL_armcap crypto-extension bits); without a vector, what the
/// CPU clues show (ReportOrigin::cpu_features_from_clues: a flags/Features line, a model row's
/// absent features, and its present ones unless the text shows a virtual machine), else empty;
/// env_ia32cap and env_masked_features from an " env:VALUE" suffix of the CPUINFO line
/// (the bits VALUE clears from a vector with every bit set: the report cannot say which of
/// them the CPU has); asm_defines from a 1.x compiler line; no_asm_build for "CPUINFO: N/A"
/// (a 1.x compiler line without -D*_ASM is only a finding: pastes shorten it). `report` is set
/// with the run's source fields and cpu_clues (ReadCpuClues); its cannot_know and not_examined
/// lists are left for DiagnoseReport.
DoctorFacts ReportFacts(const results::RunResult& run);

/// `run` without the CPU lines of its text (source facts cpu_model, cpu_flags, cpu_arch,
/// cpu_max_mhz, cpu_min_mhz) when they contradict the run's own capability vector: a feature
/// they show absent (a flags line without `aes`, a model row that lacks it) that the CPUINFO
/// vector, read by the library from CPUID/HWCAP on the machine that ran it, has set. Such lines
/// describe another machine (a paste of two) or are cut short, so they are no evidence about
/// this run's CPU or clock; a caveat names them. A vector with an " env:" part (OPENSSL_ia32cap set
/// by the user) proves nothing and leaves `run` as it is, as does a run without a vector.
results::RunResult WithoutContradictedCpuLines(const results::RunResult& run);

/// Doctor's report for `run`: facts (ReportFacts), the clock range (ReportClockRange), findings
/// (ReportFindings) and one verdict per symmetric catalogue algorithm in the run (restricted to
/// `only` when it is not empty), each from the largest input size with a usable figure. With
/// several processes (-multi N, --threads N) the per-process figure is used: the fastest
/// worker's where the run has it, else the total / N. created_utc and tool_version are left
/// empty for the caller. Never throws for a well-formed RunResult.
DoctorReport DiagnoseReport(const results::RunResult& run,
                            const std::vector<const AlgorithmInfo*>& only = {});

/// True when `algorithm` names one of OpenSSL's stitched AES-CBC + HMAC ciphers
/// ("aes-128-cbc-hmac-sha1", "aes-256-cbc-hmac-sha1", "aes-128-cbc-hmac-sha256",
/// "aes-256-cbc-hmac-sha256"; any case) and `library_version` is OpenSSL's ("OpenSSL 1.1.1w
/// 11 Sep 2023"; not LibreSSL's, not empty). OpenSSL offers these ciphers only on x86-64 builds
/// with assembly whose capability vector has AES-NI (OPENSSL_ia32cap_P[1] bit 25, bit 57 of the
/// vector): 1.0.1-1.1.1 EVP_aes_{128,256}_cbc_hmac_sha1() return NULL without it
/// (crypto/evp/e_aes_cbc_hmac_sha1.c, `OPENSSL_ia32cap_P[1] & AESNI_CAPABLE ? &cipher : NULL`,
/// the same in e_aes_cbc_hmac_sha256.c since 1.0.2, which also needs its AVX or SHA-extension
/// stitch); 3.x's default provider registers them only when ossl_cipher_capable_aes_cbc_hmac_sha1()
/// or _sha256() is true (providers/defltprov.c ALGC entries;
/// providers/implementations/ciphers/cipher_aes_cbc_hmac_sha1_hw.c lines 40-43,
/// AESNI_CBC_HMAC_SHA_CAPABLE). Without the cipher `openssl speed -evp NAME` stops with an
/// unknown-cipher error instead of printing a row, so such a row shows the AES-NI path ran (an
/// engine or provider named may supply its own cipher: callers check).
bool AesNiStitchedRow(std::string_view library_version, std::string_view algorithm);

/// True when `facts` is a report whose rows of OpenSSL's stitched ciphers (aesni_stitched_rows)
/// show that AES-NI ran: no engine or provider named (it may supply its own cipher of the name)
/// and no emulator (whose AES-NI is software). The "report.aesni-stitched" info finding says so.
bool StitchedRowsShowAesNi(const DoctorFacts& facts);

/// True when a 1.x compiler line (`cflags`) shows Configure's defines: one it adds whatever the
/// assembly setting (-DL_ENDIAN or -DB_ENDIAN, -DOPENSSL_PIC, -DOPENSSL_THREADS, -DDSO_DLFCN,
/// -DOPENSSL_USE_NODELETE; 1.0.x and 1.1.x Configure), or any -D*_ASM: only then does a missing
/// -D*_ASM say anything. Builds that print their own line ("compiler: clang" in
/// FreeBSD's base system) never do.
bool PrintsConfigureDefines(std::string_view cflags);

/// What a run's compiler line shows about assembly, by the rule of the finding
/// library.no-asm-defines: OpenSSL 1.x Configure adds -D*_ASM defines and -DOPENSSL_CPUID_OBJ to
/// the printed line whenever assembly is enabled (1.1.1 Configure, "unless ($disabled{asm})").
struct CompilerLineAsm {
  enum class State {
    kCannotTell,  ///< the line cannot show it (`reason` says why)
    kWithAsm,     ///< a 1.x Configure line with a -D*_ASM define or -DOPENSSL_CPUID_OBJ
    kWithoutAsm,  ///< a whole 1.x Configure line with neither: a build without assembly
  };
  State state = State::kCannotTell;
  /// kCannotTell: why, as a clause after the side's name: "has no compiler line", "is
  /// OpenSSL 3.x, whose compiler line does not carry the assembly defines (they are passed per
  /// file)", "is not OpenSSL 1.x", "prints a compiler line without Configure's defines (a build
  /// that replaces the line, e.g. FreeBSD's base system)", "may end inside its compiler line (no
  /// results table follows it)". Empty otherwise.
  std::string reason;
  /// kCannotTell because the paste lacks the line or may end inside it: a paste of the whole
  /// `openssl version -a` would tell.
  bool paste_lacks_line = false;
};

/// CompilerLineAsm of `library` (LibraryInfo::cflags, version, version_num). `may_be_cut`: the
/// paste may end inside the line (ReportOrigin::compiler_line_may_be_cut).
CompilerLineAsm CompilerLineAsmOf(const results::LibraryInfo& library, bool may_be_cut);

/// The same for an imported run: the line may be cut when every figure was recomputed from the
/// progress lines (no results table after the line).
CompilerLineAsm CompilerLineAsmOf(const results::RunResult& run);

/// The defines a 1.x compiler line carries for `alg`'s assembly, every spelling a release or
/// architecture uses (without "-D"): AES_ASM, AESNI_ASM, VPAES_ASM and BSAES_ASM for AES (1.1.1
/// Configure derives them from the target's aes_asm_src; 1.0.2 enables AES-NI under AES_ASM),
/// GHASH_ASM as well for AES-GCM, SHA1_ASM, SHA256_ASM, SHA512_ASM, POLY1305_ASM (ChaCha20
/// prints none), OPENSSL_BN_ASM_MONT for RSA, ECP_NISTZ256_ASM for P-256, X25519_ASM, MD5_ASM,
/// KECCAK1600_ASM for SHA-3; empty for others. Extends the per-verdict evidence's
/// verdict_internal::AsmDefinesFor.
std::vector<std::string_view> CompilerLineDefinesFor(const AlgorithmInfo& alg);

/// Findings about a report: a build without assembly (or a 1.x compiler line without any
/// -D*_ASM define and -DOPENSSL_CPUID_OBJ, which Configure adds whenever assembly is enabled),
/// an OPENSSL_ia32cap/armcap mask in its
/// CPUINFO line, no CPUINFO line or no architecture, user CPU timing with an engine or provider,
/// -multi, the 1.x low-level API, and algorithms not examined.
std::vector<Finding> ReportFindings(const DoctorFacts& facts);

/// The summary of finding report.user-cpu-offload, "Timed in user CPU time with engine afalg:
/// offloaded work is not counted", when `timing_basis` is "user_cpu" and an engine or provider is
/// named (openssl speed divides by user CPU time unless -elapsed is given: work in the kernel, in
/// other threads or on a device is not counted); "" otherwise, and for an engine that runs on
/// the CPU's own instructions in the process (data/engine-offloads.csv target "cpu": PadLock).
std::string UserCpuOffloadSummary(const std::string& timing_basis,
                                  const std::string& engine_or_provider);

/// Findings from the CPU clues (cpu_clues.h) and the report's AES figures (the verdicts' "as
/// reported" measurements): an AES figure below every hardware AES path is "cpu.no-hw-aes"
/// when the clues show the CPU lacks AES instructions, "cpu.vm-hides-features" when a guest's
/// flags lack what its host's model has, "cpu.aes-unused" when the CPU has them, else
/// "cpu.aes-software" (cannot tell which, with the command that would); an AES figure above
/// every software path is "cpu.aes-hardware" (info). A virtual machine hiding extensions is
/// "cpu.vm-hides-features" whatever the figures. Each names its clue.
std::vector<Finding> CpuFindings(const DoctorReport& report);

/// The verdicts CpuFindings' rules settle, so that a verdict never says "undetermined" of a cell
/// a finding of the same report settles (the figures are classified once, for both): an
/// undetermined AES verdict whose figure is above every software AES path (cpu.aes-hardware,
/// report.crypto-fine's bound; not with user CPU time and an engine) becomes accelerated; one
/// below every hardware path, or AES-GCM at a fraction of the same run's ChaCha20-Poly1305 no
/// hardware path falls to, becomes NOT accelerated when the CPU clues show AES instructions
/// (cpu.aes-unused, with its advice), software (expected) when they show none (cpu.no-hw-aes);
/// with no figure above software AES on such a CPU, so does every AES figure between the bounds
/// (not for a kernel tool, which may hand AES to an offload engine's driver). The line gives
/// the finding's reason; the former line stays in the evidence. Nothing moves with an engine or
/// provider named (for the software rules), a virtual machine that hides AES, a clue that
/// cannot tell, under emulation, or for a verdict a kernel offload driver settled.
void SettleByCpuFindings(DoctorReport& report);

/// Settles the open `verdict` of `report` (a figure at measurements.front()) as `status`: the
/// line becomes "<subject>: <status>: <reason>; <rate> is <cpb> at <clock>.", `evidence` is
/// added, then the former line's fingerprint ("the cpb fingerprint alone: ..."), and the advice
/// is replaced by `advice`. Shared by the steps that settle a verdict from a finding's rule.
void SettleVerdict(Verdict& verdict, VerdictStatus status, const std::string& reason,
                   const DoctorReport& report, std::vector<std::string> evidence,
                   std::string advice);

/// One run's AES rows share their code path class within a mode (issue 13; tryout 22 items 4
/// and 5): an undetermined AES verdict follows a settled one of the same mode ("CBC", "GCM", ...;
/// another key size or direction) of the same report, so a verdict never says "undetermined"
/// beside a sibling the same run settled. It takes the sibling's status (accelerated or NOT
/// accelerated) and advice, and its line names that sibling. Why the rows share the path: AES
/// instructions run every key size (AES-NI: one AESENC per round, the key schedule sets the
/// round count; ARMv8 AESE/AESMC likewise) and a library picks its AES code once per key by the
/// CPU's features, the same for both directions of a mode (OpenSSL's crypto/evp/e_aes.c: the
/// init_key of a mode tests AESNI_CAPABLE or HWAES_CAPABLE once, whatever the key size, and one
/// routine, aesni_cbc_encrypt or HWAES_cbc_encrypt with its `enc` argument, runs both
/// directions; GCM and CTR decrypt run the encrypt direction's rounds). Modes are not crossed:
/// libraries pick per mode (OpenSSL's
/// aesni_gcm versus aesni_cbc routines, Botan's per-mode providers, the kernel's per-mode
/// drivers), so a hardware GCM says nothing of CBC. Nothing moves when the mode's settled rows
/// disagree (cpu.aes-unused says so), with an engine or provider named (it may take some rows),
/// for a kernel tool (its drivers are per mode and key size: an offload engine may take AES-128
/// only), under emulation, when the run mixes the 1.x low-level API with EVP, or when the run's
/// rows of that mode name different implementations (Botan's [provider] tags). A sibling
/// settles a row only when their figures (bytes/s times AesRoundFactor, at one input size) are
/// within 1.5x of each other: a disturbed or throttled row, a path picked per key size (s390x
/// CPACF) or a serial CBC encrypt beside its parallel decrypt stays as its own figure says.
void SettleBySiblings(DoctorReport& report, const results::RunResult& run);

/// "The crypto is fine" (issue 13, section 6): the info finding "report.crypto-fine" when
/// every verdict of `report` has a usable figure in an accelerated class: the verdict is
/// "accelerated" (its cpb fingerprint is in an accelerated class over the whole clock range)
/// and the clock comes from the text or a measured run (not the assumed 1-5 GHz),
/// or it is undetermined and an AES figure is above every software AES path at any clock
/// (ClassifyAesFigure: kAboveSoftware), or a public-key figure is "accelerated" by a generic
/// C bound (pk_bounds.h). Its summary names the slowest such figure (bytes/s and
/// Gbit/s, per process with -multi; sign/s when the report has only public-key figures) as the
/// ceiling the primitive allows the workload. nullopt
/// when any verdict is below its class, software, without hardware path or undetermined
/// otherwise, when a figure failed, when another cause is stated (StatedCauses), when an
/// engine or provider is named (the question is then where the work ran), or when rows time the
/// 1.x low-level API ("report.legacy-api": not the path an application runs). Sources: the AES
/// bound's (cpu_clues.h); Kaesper and Schwabe, CHES 2009 (https://eprint.iacr.org/2009/129) for
/// bit-sliced AES.
/// When every figure is in its class but one the verdicts rest on is in doubt
/// (ReportOrigin::figures_in_doubt: import could not settle its size, unit or digits), the
/// warning "report.cannot-tell" instead, naming those figures and the command whose whole output
/// would settle them (RerunCommand): good news does not rest on a figure the paste leaves open.
/// When every figure in its class is of a cipher in ECB mode ("AES-256-ECB"), the warning
/// kEcbNoCeiling instead (a "cannot tell", stated_causes.h): the hardware path ran, but no disk,
/// VPN or TLS connection encrypts in ECB, and CBC encryption runs 1.5-8.2x slower than ECB on the
/// same core (OpenSSL crypto/aes/asm/aesni-x86_64.pl's large-block table), so the figure is no
/// workload's ceiling; beside figures of other modes, ECB figures are left out of the ceiling.
std::optional<Finding> CryptoFineFinding(const DoctorReport& report);

/// The id of CryptoFineFinding's warning for a report whose only figures in class are ECB's.
inline constexpr std::string_view kEcbNoCeiling = "report.ecb-no-ceiling";

/// "Cannot tell from this report" (issue 13, section 5): the warning "report.cannot-tell" when
/// `report` states no cause (StatedCauses, crypto-fine included) and at least one symmetric
/// verdict is undetermined. It names those verdicts and the one command that would settle them:
/// with 1.x low-level rows the -evp run (RerunCommand); for a kernel tool (cryptsetup, tcrypt,
/// kcapi) the name, driver and priority lines of /proc/crypto (the kernel runs the highest
/// priority driver: https://docs.kernel.org/crypto/architecture.html); for public-key rows
/// PublicKeySettlingCommand (never a CPU listing); without an architecture or
/// with the assumed 1-5 GHz, `lscpu` (Architecture, Model name, Flags); for AES from openssl speed
/// on x86 or AArch64 with a clock, the masked re-run (OPENSSL_ia32cap='~0x200000200000000', bits 57
/// and 33, https://docs.openssl.org/3.0/man3/OPENSSL_ia32cap/; OPENSSL_armcap=0); else
/// `cryptobench doctor ALGORITHM` on that machine. A report with figures but no verdict (none of
/// its algorithms in the catalogue: the not-examined list) cannot tell either, and says so with
/// the run that would (`gnutls-cli --benchmark-ciphers` after `--benchmark-tls-ciphers`, else
/// `cryptobench doctor`). With no verdict open, two more cases cannot tell rather than end with no
/// conclusion: accelerated verdicts that rest on the cpb fingerprint over the assumed 1-5 GHz (no
/// clock-free bound: the path ran, but whether its figure is that path's speed, so whether the
/// crypto is fine, needs the clock: `lscpu`, or the -evp run for low-level rows; not with an
/// engine or provider named), and a report whose every verdict has no hardware path (no class says
/// what MD5 or DES should reach: only another run of the same code, `cryptobench compare`).
/// Software-expected verdicts (the CPU facts lack the instructions) cannot tell why, naming
/// `lscpu` (Model name, Hypervisor vendor), alone or beside accelerated verdicts and ones without
/// a hardware path. Accelerated verdicts through a named engine or third-party provider of openssl
/// speed (with user CPU time that is the cause report.user-cpu-offload) cannot tell whether the
/// engine took the algorithm, naming the same `openssl speed -elapsed -evp` run without it;
/// accelerated verdicts of 1.x low-level rows at a clock the text gives name the -evp run. nullopt
/// otherwise (public-key verdicts, which have no ops/s class, do not count).
std::optional<Finding> UndeterminedFinding(const DoctorReport& report);

/// A command that settles an open verdict, and why it does: the finding's advice reads
/// "Run `COMMAND`: WHY.".
struct SettlingCommandText {
  std::string command;
  std::string why;
};

/// The command that settles whether the public-key `algorithm` (a catalogue name: "RSA-2048",
/// "ECDSA-P256") ran its assembly, for `report` (a pasted report: report.facts.report set): for
/// openssl speed when the text does not show the build to have assembly (no capability vector,
/// no 1.x -D*_ASM define), `openssl version -a` (3.x CPUINFO: N/A in a build without assembly,
/// crypto/cversion.c; 1.x -DOPENSSL_BN_ASM_MONT, -DECP_NISTZ256_ASM); for an assembly build on
/// x86-64, `OPENSSL_ia32cap=':~0x280120' openssl speed -elapsed NAME` beside the same command
/// without it (AVX2, BMI2, ADX and AVX-512 IFMA cleared: the faster paths of data/pk-asm.csv);
/// else `cryptobench doctor ALGORITHM` on that machine. Never a CPU listing: the
/// CPU's flags say which paths the library could take, not which one it took.
SettlingCommandText PublicKeySettlingCommand(const DoctorReport& report,
                                             const std::string& algorithm);

/// The masked rerun that shows whether an AES figure of openssl speed came from the CPU's AES
/// instructions, for `arch`: x86 (x86_64, x86) `OPENSSL_ia32cap='~0x200000200000000' RERUN`
/// (bits 57 AES-NI and 33 PCLMULQDQ of the first word,
/// https://docs.openssl.org/3.0/man3/OPENSSL_ia32cap/), aarch64 `OPENSSL_armcap=0 RERUN` (the
/// variable replaces the detected word, crypto/armcap.c), RERUN being RerunCommand(origin,
/// algorithm); with why it tells ("beside the run pasted: a figure that drops shows ..."). nullopt
/// for another tool, architecture or a non-AES algorithm.
std::optional<SettlingCommandText> AesMaskRerun(const ReportOrigin& origin, std::string_view arch,
                                                const std::string& algorithm);

/// The ECDSA-P256 verdict of `report` whose figure is above its generic C bound (pk_bounds.h,
/// AboveGenericC) and which is accelerated for it (an OpenSSL build without engine or provider,
/// verdict_report.cc), or nullptr.
const Verdict* P256AssemblyProof(const DoctorReport& report);

/// The source of ShareP256Assembly in words, to follow "The " ("P-256 method: OpenSSL picks one
/// method ..."), with its commits and files.
std::string_view P256MethodSource();

/// True when `verdict` (one of `report.verdicts`) shows that its assembly ran: accelerated and
/// above its own generic C bound, or an accelerated ECDSA-P256 or ECDH-P256 verdict with a usable
/// figure beside a P256AssemblyProof other than itself (ShareP256Assembly).
bool ProvesAssembly(const DoctorReport& report, const Verdict& verdict);

/// OpenSSL gives every operation on P-256 the one group method its curve table names for the
/// build (EC_GFp_nistz256_method when the assembly is built in, a C method otherwise: commit
/// 01d901e470d9e035a3bd78e77b9438a4cc0da785 crypto/ec/ec_curve.c, commit
/// 0223dfcf1e4d4d6f0a9a671ce570c6a1c057fe93 crypto/ec/ecp_nistz256.c), so within one run an
/// ECDSA P-256 sign or verify figure that proves the assembly (P256AssemblyProof) proves it for
/// the other ECDSA operation and for ECDH P-256: their undetermined verdicts with a usable figure
/// become accelerated, citing the proof and the source. Never the reverse: a figure below its
/// bound changes nothing. `report` is one run's (DiagnoseReport), so no other run or library
/// counts.
void ShareP256Assembly(DoctorReport& report);

/// RSA verify far faster than sign is by design (RFC 8017 sec. 5.2.1 and 5.2.2): verification
/// raises to e = 65537 (16 squarings and one multiplication), signing to the full-length private
/// exponent through the CRT. The info finding "report.rsa-verify-by-design" says so, with each
/// ratio, when one run (`report`) has usable sign and verify figures of RSA-2048, RSA-3072 or
/// RSA-4096 whose verify/sign is within a third of the lowest to twice the highest ratio of
/// OpenSSL's builds measured side by side (docs/pk-generic-c.md: 34.4-41.3x, 50.1-55.4x,
/// 64.9-73.0x); nullopt without such a pair, or when every pair's ratio is outside its band
/// (something besides the exponents is at work). It states no cause and settles no path.
std::optional<Finding> RsaVerifyByDesignFinding(const DoctorReport& report);

/// The command that re-runs `algorithm` the way the paste's tool would time the path an
/// application runs: for openssl speed "openssl speed [-engine ID ]-elapsed ARGS" (ARGS from
/// verdict_internal::OpensslSpeedArgs: "-evp sha256", "-hmac sha256", "rsa2048"; the engine
/// when the run names one), else "the same TOOL command".
std::string RerunCommand(const ReportOrigin& origin, const std::string& algorithm);

/// The first cell (algorithm, operation, input size) that two runs of `runs` (one paste's
/// runs) both hold whose bytes/s differ by more than `threshold` (a fraction; compare's
/// default --threshold, 5%), in words ("AES-128-GCM encrypt at 16 B per call: run 1 864 MB/s,
/// run 2 106 MB/s"); nullopt when no shared cell differs that much or no cell is shared. Pairs
/// whose difference MaskExplains are skipped.
std::optional<std::string> RunsDiffer(const std::vector<results::RunResult>& runs,
                                      double threshold = 0.05);

/// True when a difference between runs `a` and `b` of one paste has a stated explanation: one
/// times the 1.x low-level API and the other EVP (the API is the difference; compare states it),
/// or they ran with different OPENSSL_ia32cap values (the paste's own mask experiment). RunsDiffer
/// skips such pairs.
bool MaskExplains(const results::RunResult& a, const results::RunResult& b);

/// A paste that holds its own mask experiment: `run` is an EVP openssl speed run without
/// OPENSSL_ia32cap and without an engine, and another run of `runs` is the same tool's EVP run
/// with an OPENSSL_ia32cap value that clears AES-NI (LV0 bit 57). When every AES cell they share
/// (its largest shared size per algorithm and operation, figures not in doubt) is at least
/// kSignificantSlowdown (1.25x) slower masked, `run` took the AES-NI path: `report`'s
/// "report.cannot-tell" is replaced by "report.crypto-fine", naming the slowest unmasked figure
/// as the ceiling and the masked figure as the evidence. Otherwise `report` is left as it is.
/// Source: https://docs.openssl.org/3.0/man3/OPENSSL_ia32cap/ (bit 57 of the first word).
void ReadPastedMaskExperiment(DoctorReport& report, const results::RunResult& run,
                              const std::vector<results::RunResult>& runs);

/// What the paste shows to differ between runs `a` and `b` of one paste that may have changed
/// their code or machine, in words ("library version: 'OpenSSL 3.3.1' against 'OpenSSL
/// 3.4.1'"): the tool, its version, engine or provider, timing basis, library, version,
/// compiler line, platform, build options, capability vector, library file hash, CPU model,
/// architecture, kernel, process count, run environment, and the uname, CPU model and flags
/// lines pasted beside each run. A field given on one side only counts as a difference (the
/// paste does not show them equal). nullopt when every one of them is the same.
std::optional<std::string> ShownCodeDifference(const results::RunResult& a,
                                               const results::RunResult& b);

/// A paste whose runs differ (cells they share more than 5% apart, RunsDiffer; pairs that
/// MaskExplains are skipped) asks a relative question, answered in one of two ways for
/// `report`, one of `runs` (all the runs imported from the report's file):
/// - when the paste shows a difference between a differing pair's code or machine
///   (ShownCodeDifference), or a run of such a pair is not itself "the crypto is fine"
///   (DiagnoseReport with ReadPastedMaskExperiment states no report.crypto-fine), that
///   difference may be the cause, which one run's class does not rule out: `report`'s
///   "report.crypto-fine" is replaced by the info finding "report.runs-differ", which points to
///   compare;
/// - otherwise every run of the differing pairs has its figures in their accelerated class and
///   the paste shows the same code on the same machine: "report.crypto-fine" stays (it holds
///   for each run), and the info finding "report.runs-differ" is added, stating the largest
///   difference in percent and that one pair of runs cannot attribute it (the machine's state
///   between runs, a change the paste does not record, or the change under test give the same
///   pair), with the command that would: each run repeated several times and the spreads
///   compared. The difference is not called noise.
/// `report` is left as it is when no shared cell differs or it states no crypto-fine.
void ReadRunsThatDiffer(DoctorReport& report, const std::vector<results::RunResult>& runs);

/// Findings about an OpenSSL engine the run names (`-engine ID`), from the engine table
/// (engines.h) and the paste's `openssl engine -c`, lsmod and /proc/crypto lines (the run's
/// source facts): "engine.not-offloaded" when the pasted list, or a compiled-in list of the
/// table, leaves out an algorithm measured through the engine (its figures are OpenSSL's own
/// code); "engine.software-driver" when a kernel engine (devcrypto, afalg, cryptodev) takes the
/// algorithm and the kernel's driver the paste shows for it is CPU code (generic C, NEON,
/// the CPU's instructions), not a hardware engine. Nothing when the evidence does not say.
std::vector<Finding> EngineFindings(const DoctorReport& report, const results::RunResult& run);

/// Moves an undetermined public-key verdict to "offloaded" when the engine or provider the run
/// names took its operation: the pasted `openssl engine -c` list names it (RSA, EC, X25519),
/// or, with no list pasted, the engine table's row for the engine or for the one provider the
/// run names (engines.h: Intel's QAT engine and provider) lists it. The line says where it ran
/// (QAT's engine name tells its qat_hw device from its qat_sw CPU code; otherwise the text
/// does not say) and with how many `-async_jobs` in flight; no OPENSSL_ia32cap mask advice
/// follows. Nothing moves for an engine listed unavailable, a 1.x low-level row, a provider
/// beside another (named, or active in a pasted provider list: either may serve a fetch), or a
/// symmetric algorithm (QAT's offload depends on the input size and build options).
void SettleByOffload(DoctorReport& report, const results::RunResult& run);

/// An engine or provider a paste shows loaded by configuration: an openssl.cnf line
/// `engine_id = ID` (import's "openssl_conf" facts), or a provider that `openssl list
/// -providers` lists active and that is not one of OpenSSL's own (default, base, fips, legacy,
/// null: OSSL_PROVIDER-default.pod and its siblings).
struct ConfiguredOffload {
  std::string id;        ///< "qatengine", "qatprovider"
  std::string evidence;  ///< "openssl.cnf's engine_id = qatengine (line 7)"
};

/// The first such engine or provider of `facts`, or nullopt when the paste shows none.
std::optional<ConfiguredOffload> ConfiguredOffloadOf(const std::vector<results::SourceFact>& facts);

/// Settles an undetermined symmetric verdict of a run through an engine that works on the CPU's
/// own instructions in the process (data/engine-offloads.csv target "cpu": OpenSSL's VIA
/// PadLock engine): "accelerated" when the engine takes the algorithm and the paste shows the
/// CPU lets it (the engine's pasted name says ACE, or the flags line shows ace and ace_en), the
/// evidence replaced by those lines. Without either, the advice names the command that would
/// settle it; with no-ACE (the engine took nothing) the verdict stays. Nothing moves for an
/// engine listed unavailable or a 1.x low-level row.
void SettleByCpuEngine(DoctorReport& report, const results::RunResult& run);

/// The algorithms measured (every algorithm of `run`) that the engine the run names may take:
/// each one the paste's `openssl engine -c` list, or a compiled-in list of the engine table, names,
/// or whose routing the evidence does not settle. Empty when that evidence excludes every measured
/// algorithm, so no figure went through the engine; nullopt when the run names no engine, its
/// rows are 1.x low-level API rows, it measured nothing, or it measured a public-key algorithm
/// (the engine table lists symmetric offloads only) or one the algorithm catalogue does not know.
std::optional<std::vector<std::string>> EngineMayTake(const DoctorReport& report,
                                                      const results::RunResult& run);

/// Findings from the library-changes table (library_changes.h) against the report's release
/// and figures: "library.lacks-asm-path" when an "absent" row holds for the run's library,
/// version and architecture (all three from the text) for an algorithm whose figure is below
/// every hardware class and whose CPU is not shown to lack the instructions (on 32-bit ARM: is
/// shown to have them), one finding per area citing its row; "library.release-unknown" (a
/// warning that states "cannot tell", naming `openssl version` as the command that would tell)
/// when the text names no release and an algorithm judged NOT accelerated has an "absent" row
/// of OpenSSL or LibreSSL for the architecture (AArch64 SHA-256: OpenSSL 1.0.1, LibreSSL
/// through 4.0), so an unused path is not shown; and when Botan AES
/// rows tagged [base] run faster than any table-driven AES (5.3 cycles per byte at 6.5 GHz,
/// half the published record), which no Botan release's portable code does;
/// "library.asm-module-missing" when the paste searched the build file for an assembly module
/// and found none (OpenVMS `search descrip.mms aes-ia64.obj`: %SEARCH-I-NOMATCHES, read by import
/// as a "build_search" fact) and the run measured an algorithm of that module below every
/// hardware class.
std::vector<Finding> LibraryFindings(const DoctorReport& report, const results::RunResult& run);

/// The 1.x low-level API is no cause when EVP is not shown to be faster: when an "absent" AES
/// row of the library-changes table holds for the run's library, version and architecture (all
/// three from the text, as LibraryFindings reads them), or when the text names no release and
/// some OpenSSL or LibreSSL release has such a row for the architecture (AArch64: OpenSSL 1.0.1,
/// LibreSSL through 4.3), a "report.legacy-api" warning of `report` becomes info and says why,
/// with the command that would tell. Nothing changes otherwise (x86-64: every release's EVP has
/// AES-NI).
void SettleLegacyApiByRelease(DoctorReport& report, const results::RunResult& run);

/// An undetermined verdict whose row library.lacks-asm-path names (the text's release has no
/// assembly for the area on the architecture: data/library-changes.csv "absent" rows, the
/// figure not above every software AES and fitting no hardware class of the table, the CPU not
/// shown to lack the instructions) becomes NOT accelerated, as the finding says: the release
/// runs software code whatever the CPU offers (tryout 22 item 8: LibreSSL 3.3.6 on an M1 read
/// "undetermined" beside that warning). The line says when the CPU's instructions are not in
/// the text. Not with an engine or provider named, under emulation, or for a kernel row.
void SettleByLibraryLacksPath(DoctorReport& report, const results::RunResult& run);

/// Below this ratio of a subset mode's encrypt throughput to its superset's (bytes/s over
/// bytes/s: AES-CTR over AES-GCM of the same key size, ChaCha20 over ChaCha20-Poly1305) in one
/// run, no efficient library's code explains the gap. The largest legitimate gap known is
/// OpenSSL 3.2 and later on x86-64: AES-GCM on VAES-AVX512 at 0.19 cycles per byte (Xeon Max 9460,
/// Sapphire Rapids, OpenSSL 3.2.2: github.com/lelegard/aesbench
/// results/intel-xeon-max-9460-linux-openssl.3.2.2.txt) while AES-CTR has no VAES path and runs
/// aesni_ctr32_encrypt_blocks at 0.35-0.38 (aesni-x86_64.pl:177-185; Zen 4 0.38-0.39,
/// cpb-reference.md sec. 8), so CTR/GCM of about 0.5 is normal there (data/cpb-classes.csv, rows
/// AES-128-GCM VAES-AVX512 and AES-128-CTR AES-NI). Half of that leaves room for a faster GCM on
/// cores with wider AES units; wolfSSL 5.3.0's one-block-per-call CTR was at most 0.103
/// (AES-128-CTR 805 MB in at least 1 s against AES-128-GCM 7839.774 MB/s:
/// https://github.com/wolfSSL/wolfssl/issues/5333).
inline constexpr double kSubsetModeRatioFloor = 0.25;
/// Smallest input length, bytes, at which the two modes are compared: below it the per-call
/// costs (key schedule, GHASH key and tag, the API's dispatch) differ between the modes and
/// dominate (wolfSSL at 16 B per call: CTR 1.94 x GCM, SparkiDev in issue 5333).
inline constexpr uint64_t kSubsetModeMinInput = 1024;

/// "A mode whose work is a subset of another mode's runs much slower than that mode" (issue 13,
/// sec. 1, a property of a release shown by one run): AES-GCM is AES-CTR plus GHASH (NIST SP
/// 800-38D sec. 7.1) and ChaCha20-Poly1305 is ChaCha20 plus Poly1305 (RFC 8439 sec. 2.8), so a
/// library whose CTR (ChaCha20) encrypts below kSubsetModeRatioFloor x its GCM (AEAD) of the
/// same key size, in the same run, at the same input length (the largest both have, at least
/// kSubsetModeMinInput bytes, or both without a length as in wolfCrypt's fixed block), runs an
/// inefficient subset-mode path (wolfSSL 5.3.0: one counter block per call, fixed by
/// https://github.com/wolfSSL/wolfssl/pull/5336). The warning "library.subset-mode-slow" per
/// pair names the ratio, both figures in bytes/s, CBC decryption's figure when the run has it,
/// and the source; its remedy names wolfSSL 5.4.0 for earlier wolfSSL releases, else a release
/// whose CTR encrypts many blocks per call, or GCM/CBC. Nothing for 1.x low-level rows, kernel
/// tools (each mode runs its own driver), a named engine or provider, an emulated run, figures
/// that are not ok or that import doubts, or a run with a speed-tool fault (a "tool." warning
/// among `report`'s findings, so call this after SpeedToolFindings). A doubt only about the
/// printed unit's base (results::CellCaveat::unit_factor: wolfCrypt's "MB", 2^20 or 10^6 bytes)
/// bounds the figure, so it is allowed for: the ratio times both bounds must be below the floor.
std::vector<Finding> SubsetModeFindings(const DoctorReport& report, const results::RunResult& run);

}  // namespace cryptobench::diagnose
