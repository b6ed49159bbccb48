// The summary of one comparison: which pattern the ratios form and what that points to, how the
// two sides were measured and built, and which implementation class each side's throughput
// falls in. Pure functions over rows and sides; every sentence is plain and claims only what the
// rows and the sides' recorded facts show (docs/compare.md, "Summary").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compare/model.h"
#include "diagnose/classifier.h"
#include "diagnose/doctor_from.h"

namespace cryptobench::compare {

/// Sizes at or below this are "small": per-call overhead dominates (bytes).
inline constexpr uint64_t kSmallInputMax = 256;
/// Sizes at or above this are "large": the algorithm's code path dominates (bytes).
inline constexpr uint64_t kLargeInputMin = 8192;
/// Ratios whose spread (max ratio / min ratio) is at or above this are quoted as a range, not
/// one factor; below it they are "about the same factor".
inline constexpr double kRangeSpread = 1.25;
/// A uniform change below this factor (either way) is not read as assembly missing or unused:
/// single figures move by a tenth with load and the rounding of printed integers (tryout 33
/// c06: two revisions of one microcontroller README, X25519 24 against 22 handshakes/s).
inline constexpr double kAsmMinFactor = 1.25;

/// The pattern of one family's compared rows (Presence::kBoth).
enum class Pattern {
  kUniformSlower,  ///< slower beyond the threshold in every row (every size)
  kUniformFaster,
  kUnchanged,        ///< within the threshold in every row
  kSmallOnlySlower,  ///< slower at every size <= kSmallInputMax, within at every size >=
                     ///< kLargeInputMin (sizes between: either)
  kSmallOnlyFaster,
  kInconclusive,  ///< beyond the threshold somewhere, but not significant; the rest within
  kMixed,         ///< anything else
};

/// How far the two sides' recorded facts show them to be one build of one library on one CPU,
/// run the same way (SameBuild). Throughput alone cannot tell a code path from the machine's
/// speed: a shared machine's speed can move by tens of percent between two runs of one build
/// (docs/compare.md, "Same build"), so a rule names a code path only when the sides are not
/// shown to be the same build.
struct BuildIdentity {
  enum class State {
    kSame,         ///< version, build, CPU (and capability vector where recorded) all alike
    kPartlyKnown,  ///< nothing recorded differs, but a side lacks the build or the CPU
    kNotSame,      ///< something differs, or too little is recorded to say (a version alone)
  };
  State state = State::kNotSame;
  /// Facts recorded alike on both sides, as phrases ("library file", "version", "CPU model").
  std::vector<std::string> matched;
  /// Identity facts a side does not record (kPartlyKnown), as phrases ("CPU model").
  std::vector<std::string> unknown;
  /// kPartlyKnown: the one command that would record what is missing, e.g. "lscpu".
  std::string command;
  /// kPartlyKnown with only the CPU model unknown: the clause of MachineClockClause that reads a
  /// uniform change as the machine's clock (", and B's paste shows a lower clock: ..."); "" when
  /// the pasted cpufreq lines do not show one.
  std::string clock;
};

/// The identity of `a` and `b` (BuildIdentity). kNotSame when they differ in how they were run
/// (timing basis, engine or provider, tool, EVP or legacy rows, -multi, direction, threads,
/// worker environment) or in any recorded fact of library, version, build (loaded file, compiler
/// flags, build date, platform, options), capability vector or CPU model; also when no version is
/// recorded alike, or the version is all that is (a version string alone is shared by patched
/// and development builds, and two pastes of one version are often two machines). kSame when
/// the version, the build (the same loaded file, or the same compiler flags, build date and
/// platform), the CPU model and any capability vector are recorded alike on both sides; else
/// kPartlyKnown. The SHA-256 of the loaded file (LibraryInfo::file_sha256), when both sides
/// record it, decides the build: equal is the same build at any paths (matched names it, "library
/// file (SHA-256 <first 12 hex digits>)"); different is kNotSame whatever else matches (a rebuild
/// in place). Without it on a side, a library rebuilt in place with the same version and build
/// lines looks the same.
BuildIdentity SameBuild(const Side& a, const Side& b);

/// The clause for BuildIdentity::clock: when `identity` is kPartlyKnown with only the CPU model
/// unknown (the same build and capability vector, so one code path), every compared row of
/// `rows` (Presence::kBoth, verdict not kCannotTell) changed beyond the threshold in one
/// direction by about one factor (spread at most kRangeSpread), and the slower side's pasted
/// cpufreq lines show a lower clock than the faster side's: the powersave governor where the
/// faster side shows another governor or none (the generic governor requests the policy's
/// lowest frequency: Documentation/admin-guide/pm/cpufreq.rst, "powersave"), or a
/// scaling_cur_freq or scaling_max_freq below the faster side's by more than 5%; and no pasted
/// clock of the slower side is above the faster side's. The facts are import's cpu_governor,
/// cpu_cur_mhz and cpu_max_mhz (origin sysfs cpufreq/..., whose files hold kHz: cpufreq.rst,
/// "Policy Interface in sysfs"); the clause names them for both sides (", and B's paste shows a
/// lower clock: the powersave cpufreq governor at 1.40 GHz (scaling_cur_freq 1397000 kHz, line
/// 5) (A's paste shows no cpufreq lines); one build with one capability vector takes one code
/// path, so ..."). "" otherwise.
std::string MachineClockClause(const Side& a, const Side& b, const std::vector<Row>& rows,
                               const BuildIdentity& identity);

/// True when `a` and `b` record one build of one library, whatever CPU each ran on: the same
/// library and version, no differing file hash, no build fact (loaded file, compiler flags, build
/// date, platform, options) recorded differently, and the same loaded file or the same compiler
/// flags and build date. `openssl speed` prints no platform line, so the flags and date decide
/// without one. SameBuild's build part.
bool BuildLinesAlike(const Side& a, const Side& b);

/// The families (or groups, as the pattern sentence names them) of `rows` that changed beyond
/// the threshold at every size, and those unchanged (Pattern::kUniformSlower/Faster,
/// kUnchanged).
struct ChangeSplit {
  std::vector<std::string> changed;
  std::vector<std::string> unchanged;
};

/// ChangeSplit of `rows`.
ChangeSplit SplitByChange(const std::vector<Row>& rows);

/// Findings "same-build" (cause "machine-difference") when `identity` is kSame and some row
/// changed beyond the threshold: which facts matched, that the difference is the machine's
/// speed between the runs rather than a code path, and that a "significantly" of one pair of
/// runs does not cover that drift. When some families changed and others did not
/// (SplitByChange), the machine's clock or turbo, which move every family, do not explain it:
/// the sentence says so and cannot tell (cause "cannot-tell").
std::vector<Finding> SameBuildFindings(const std::vector<Row>& rows, const Side& a, const Side& b,
                                       const BuildIdentity& identity);

/// What 3.x's "CPUINFO: N/A" says about a side's build (diagnose::CpuinfoNaMeansNoAsm): kNoAsm on
/// x86, ARM and s390x, where only a build without assembly prints it; kCannotTell when the
/// architecture is unknown or one where other builds may print it too; kNone without "N/A".
struct CpuinfoNa {
  enum class State { kNone, kNoAsm, kCannotTell };
  State state = State::kNone;
  std::string arch;  ///< ArchOfRun's, "" when unknown
  /// The platform line's generic Configure target (diagnose::GenericConfigureTarget: no
  /// assembly on any architecture, so kNoAsm without the architecture), or "".
  std::string generic_target;
};

/// CpuinfoNa of `side` (ArchOfRun decides the architecture; a generic Configure target on its
/// platform line settles kNoAsm by itself).
CpuinfoNa CpuinfoNaOf(const Side& side);

/// Why a kNoAsm side has no assembly, completing "built without assembly: ...": its generic
/// platform target, or its "CPUINFO: N/A" on an architecture where only such a build prints it
/// (crypto/info.c).
std::string NoAsmReason(const CpuinfoNa& na);

/// What a side's figures show about assembly for one algorithm (AssemblyShownByFigures): the
/// side is OpenSSL, and its figure at a large size fits only hardware classes over its clock
/// range. OpenSSL reaches AES-NI, PCLMULQDQ, SHA-NI and the ARMv8 crypto instructions only
/// through its perlasm modules (each hardware class of data/cpb-classes*.csv names one, e.g.
/// aesni_gcm_encrypt of aesni-gcm-x86_64.pl), so such a figure proves the side ran assembly,
/// whatever its compiler line can show.
struct FiguresAsm {
  std::string algorithm;  ///< catalogue name, "AES-128-GCM"
  /// The evidence, completing "A ran assembly: ...": "at 16 KiB A runs AES-128-GCM encrypt at
  /// 0.18-0.89 cpb over 1-5 GHz (clock unknown), which only hardware classes reach (...)".
  std::string evidence;
};

/// FiguresAsm of `side`, whose figures are the rows' `a` (`is_a`) or `b`, for each (algorithm,
/// operation) of `rows` (Presence::kBoth, symmetric,
/// verdict not kCannotTell) at its largest size >= kLargeInputMin that `classes` (the side's
/// table) covers, when diagnose::Classify over the side's clock range (with the classes its
/// release and CPU can run, as ClassFindings filters them) finds only hardware classes. Empty
/// for a side that is not OpenSSL (LibraryProduct), whose clock range is unknown, or whose cpb
/// ClassFindings would not judge (emulation, -multi, an engine or provider, no class table).
std::vector<FiguresAsm> AssemblyShownByFigures(const std::vector<Row>& rows, const Side& side,
                                               bool is_a,
                                               const std::vector<diagnose::CpbClass>& classes);

/// What each side's compiler line shows about assembly (diagnose::CompilerLineAsmOf: the rule
/// of the doctor's finding library.no-asm-defines), for the pattern headline.
struct AsmBuilds {
  diagnose::CompilerLineAsm a;
  diagnose::CompilerLineAsm b;
  std::string a_cflags;  ///< the sides' compiler lines, to tell which define each side has
  std::string b_cflags;
  CpuinfoNa na_a;  ///< what a 3.x "CPUINFO: N/A" says (CpuinfoNaOf)
  CpuinfoNa na_b;
  std::string a_vector;  ///< the sides' capability vectors (library.capability_vector)
  std::string b_vector;
  /// What each side's figures prove about assembly (AssemblyShownByFigures); set by the caller,
  /// which has the class tables. A side whose compiler line cannot show its assembly (3.x, a
  /// missing line) shows it by these.
  std::vector<FiguresAsm> a_figures{};
  std::vector<FiguresAsm> b_figures{};
};

/// AsmBuilds of `a` and `b`.
AsmBuilds AsmBuildsOf(const Side& a, const Side& b);

/// True when the compiler line `cflags` has the define `name` ("AESNI_ASM"): a word "-DNAME" or
/// "-DNAME=value".
bool HasDefine(std::string_view cflags, std::string_view name);

/// The defines of diagnose::CompilerLineDefinesFor (without "-D") of the catalogue algorithm
/// `algorithm` names; empty for a name the catalogue lacks.
std::vector<std::string_view> AssemblyDefinesOf(std::string_view algorithm);

/// The mask a side's CPUINFO line shows: OpenSSL 3.x appends " env:VALUE" to that line whenever
/// OPENSSL_ia32cap (OPENSSL_armcap on ARM) is set (crypto/info.c), so the mask is a fact of the
/// run, not a guess.
struct CpuinfoMask {
  std::string variable;  ///< "OPENSSL_ia32cap" or "OPENSSL_armcap"
  std::string value;     ///< the env: part, e.g. "~0x200000200000000"
  /// Known capability bits it clears that the side's CPU may have: those its text shows the CPU
  /// has and those it does not show (the doctor's mask of the run: diagnose::ReportFacts'
  /// env_masked_features and env_cleared_unknown), never one the text shows the CPU lacks.
  std::vector<std::string> clears;
  /// Known bits it clears that the text shows the CPU lacks anyway (env_cleared_absent): no mask
  /// of anything; and those of `clears` the text does not show the CPU has (env_cleared_unknown).
  std::vector<std::string> cpu_lacks;
  std::vector<std::string> cpu_unknown;
  /// Where the text shows it: "its CPUINFO line's env: part" or "set for its openssl speed
  /// command".
  std::string origin = "its CPUINFO line's env: part";
  /// For a mask set for the command (CommandLineMaskOf): the side's algorithms of which it turns
  /// off a path the CPU offers (diagnose::EnvMaskedFeatures), as catalogue names; a changed
  /// algorithm not listed is not the mask's doing. nullopt: not weighed (a CPUINFO env: part).
  std::optional<std::vector<std::string>> explains;
};

/// CpuinfoMask of `side`; nullopt when its CPUINFO line has no env: part.
std::optional<CpuinfoMask> CpuinfoMaskOf(const Side& side);

/// How the sides' CPUs are shown to differ, as the body of a parenthesis (empty when nothing
/// shows it): "A: <model>; B: <model>" when both name a CPU model (the measuring machine's, or an
/// imported text's lscpu "Model name:" or /proc/cpuinfo "model name" line) and the names differ
/// beyond spacing and case (the 32-bit ARM kernel's generic "ARMv7 Processor rev N (v7l)" names
/// no model: arch/arm/kernel/setup.c); else "their CPUINFO capability vectors differ (A: ...; B:
/// ...) with no mask shown" when both sides are one version of one architecture whose vectors
/// differ and neither side shows a mask (a CPUINFO env: part, CpuinfoMaskOf, or the variable in
/// its worker environment).
std::string CpuDifference(const Side& a, const Side& b);

/// Whether a side's text shows its CPU offering hardware AES (AES-NI on x86, the ARMv8 AES
/// instructions on Arm), from the CPU's own flags/Features line (diagnose::ReadCpuClues: lscpu,
/// /proc/cpuinfo, FreeBSD's boot lines, botan cpuid) or, for OpenSSL 3.x, from a CPUINFO
/// capability vector without an env: part (3.x appends one whenever the variable is set,
/// crypto/info.c, so the bit is the CPU's as OpenSSL detected it). A 1.x side has no such
/// line, and a vector with a mask shown or set for the run says nothing about the CPU.
struct HardwareAes {
  enum class State { kUnknown, kPresent, kAbsent };
  State state = State::kUnknown;
  std::string feature;   ///< "AES-NI" or "AES" (ARMv8)
  std::string evidence;  ///< where it was read, e.g. "B's lscpu Flags line (line 14)"
  /// For a CPUINFO vector: why no mask hides behind it (", with no env: part, ...").
  std::string unmasked_note;
  bool virtual_machine = false;  ///< the text shows a virtual machine (hypervisor flag, model)
};

/// HardwareAes of `side`.
HardwareAes HardwareAesOf(const Side& side);

/// Whether `side`'s library can use the CPU feature `feature` (cpu::FeatureState's name:
/// "AES-NI", "PCLMULQDQ", "VAES", "AES", "PMULL", ...): its CPUINFO capability vector's bit where
/// the vector is read (CapabilityBitNames; with a mask the printed word is the masked one), else
/// false when a mask shown for the run clears it (CpuinfoMaskOf, CommandLineMaskOf), else the
/// CPU's own flags/Features line (diagnose::ReadCpuClues: lscpu, /proc/cpuinfo; not a model row
/// or a virtual CPU model's name, which do not settle it), else this machine's features for a
/// live side. nullopt when the text does not show it.
std::optional<bool> LibraryCanUse(const Side& side, std::string_view feature);

/// True when `cut`'s compiler line may be cut (diagnose::CompilerLineAsmOf: kCannotTell with
/// paste_lacks_line, e.g. a 1.1.1 line without -DNDEBUG) and its words are the start of
/// `whole`'s line (the last word may stop inside a word of it), which goes on: the lines differ
/// only where the paste stopped.
bool CompilerLineCutShortOf(const Side& cut, const Side& whole);

/// BuildLinesAlike with a compiler line cut short of the other side's (CompilerLineCutShortOf)
/// read as the other's: no recorded build fact differs but where a paste stopped. False when
/// no line is cut short.
bool BuildLinesAlikeBarACutLine(const Side& a, const Side& b);

/// What the sides show about their CPUs, for the pattern headline.
struct CpuEvidence {
  std::string difference;             ///< CpuDifference
  std::optional<CpuinfoMask> mask_a;  ///< CpuinfoMaskOf, else CommandLineMaskOf
  std::optional<CpuinfoMask> mask_b;
  bool same_build = false;  ///< BuildLinesAlike: a difference of CPUs is then not the build's
  /// BuildLinesAlikeBarACutLine (and not same_build): the letter of the side whose compiler line
  /// is cut short of the other's, "" otherwise.
  std::string cut_line_side;
  HardwareAes aes_a;  ///< HardwareAesOf
  HardwareAes aes_b;
};

/// The mask set for an imported side's speed command (`OPENSSL_ia32cap=... openssl speed`, or an
/// `export` before it: library.worker_env), as CpuinfoMask with `origin` saying so; `clears`
/// holds the known bits it clears (diagnose::ReportFacts, the doctor's env.ia32cap finding).
/// nullopt for a side without one, or a live side (whose mask is cryptobench's own experiment).
std::optional<CpuinfoMask> CommandLineMaskOf(const Side& side);

/// CpuEvidence of `a` and `b`.
CpuEvidence CpuEvidenceOf(const Side& a, const Side& b);

/// Pattern of `rows` (one family's kBoth rows). A row counts as slower (faster) when it is
/// beyond the threshold and significant or not testable (single figures); beyond the threshold
/// but not significant it is "unclear". Empty input is kUnchanged.
Pattern FamilyPattern(const std::vector<const Row*>& rows);

/// Findings about the ratios: ids "pattern" (families uniformly slower or faster, and the
/// unchanged ones, with the likely cause), "per-call-overhead", "inconclusive", "mixed",
/// "no-common-cells", "assumed-sizes" (rows both sides read under one inferred size list,
/// Row::sizes_assumed: judged, the doubt named once). `a_letter` / `b_letter` name the sides ("A",
/// "B"); `threshold` is a fraction. With `timing_comparable` false (the sides used different
/// clocks, or one went through an engine or provider, or one side's clock is not stated) no code
/// path is blamed: the headline says the timing may explain the change instead, and names it as the
/// cause
/// ("timing-differs") only when `timing_known_to_differ` (TimingKnownToDiffer). With `same_library`
/// false (the sides ran different libraries, e.g. OpenSSL and GnuTLS) a uniform change is put down
/// to each library's own code, not to assembly missing from one build. With `identity` kSame no
/// code path and no per-call overhead is named: the change is the machine's speed between the
/// runs (cause "machine-difference"); with kPartlyKnown the sentence says it cannot tell which
/// (cause "cannot-tell") and names the command that would tell. With `not_like_for_like`
/// (InvocationDifferences) not empty, no code path and no cause is named: the headline says the
/// sides were not run like-for-like and how. With `asm_builds` showing the slower side's 1.x
/// compiler line without assembly (kWithoutAsm) and the other's with it (kWithAsm), and a
/// changed family whose assembly defines the other side has, the headline says the slower side
/// was built without assembly and names those defines per family (cause "built-without-asm");
/// with the other side's line unable to show it, that the slower side was built without assembly
/// and "cannot tell" whether the other was (no cause); with the slower side's line missing or
/// perhaps cut (CompilerLineAsm::paste_lacks_line) and no other cause named, "cannot tell"
/// whether it was built without assembly. Sides whose lines cannot show it (3.x, a line of a
/// build that replaces Configure's) get no such sentence. With `cpu` showing the slower side's
/// CPUINFO mask clearing known bits and none on the other side, the headline says the mask
/// explains it (cause "capability-masked"); with `cpu.difference` not empty (and no mask), that
/// the sides ran on different CPUs, so it cannot tell whether the code path changed (cause
/// "cannot-tell"), and no assembly is blamed. With `engine_difference` (EngineDifference) not
/// empty and no timing or invocation difference, the headline says the engine is part of the
/// code path that was timed and names no cause. Otherwise a uniform change by about one factor
/// over two or more statements names the machine (cause "machine-difference") only when two
/// changed rows run code that shares nothing (a cipher or hash and a public-key operation, two
/// groups of symmetric code, or two public-key algorithms on different curves or moduli); when
/// every changed row shares one curve's arithmetic (ArithmeticOf), one algorithm's or one
/// group's code, and two or more algorithms changed by about one factor, it says it cannot tell
/// a change to that code from the machine (cause "cannot-tell").
std::vector<Finding> PatternFindings(const std::vector<Row>& rows, const std::string& a_letter,
                                     const std::string& b_letter, double threshold,
                                     bool timing_comparable = true, bool same_library = true,
                                     bool timing_known_to_differ = true,
                                     const BuildIdentity& identity = {},
                                     const std::vector<std::string>& not_like_for_like = {},
                                     const AsmBuilds& asm_builds = {}, const CpuEvidence& cpu = {},
                                     const std::string& engine_difference = "");

/// The -multi phrase, "A one process, B the sum of 8 processes with -multi 8", when the sides'
/// openssl speed -multi process counts differ and one of them is above 1 (the figures of
/// -multi N are the sum over N processes, apps/speed.c do_multi); "" otherwise.
std::string MultiDifference(const Side& a, const Side& b);

/// How `a` and `b`'s speed settings differ, as phrases (empty when nothing shown differs):
/// -seconds on one side and another time or speed's defaults on the other ("A at speed's default
/// times, B with -seconds 1"), and one side pinned to CPUs (taskset, numactl) while the other's
/// command line shows none ("B pinned to CPUs (taskset -c 2), A not"; results::Invocation). A
/// fact a side does not show (no command line pasted) is unknown, never a difference (issue 13,
/// section 5).
std::vector<std::string> SettingsDifferences(const Side& a, const Side& b);

/// How `a` and `b` were not run like-for-like: MultiDifference (when not empty), then
/// SettingsDifferences. Raw ratios between such sides name no code path.
std::vector<std::string> InvocationDifferences(const Side& a, const Side& b);

/// False when `a` and `b` were timed with different clocks (SourceInfo::timing_basis), or either
/// went through an engine or provider and the sides were not both timed in wall-clock time
/// (under user CPU time, openssl speed without -elapsed, the work an engine offloads is not
/// counted): their ratios then need not reflect code paths. Under wall-clock time on both sides
/// an engine is a code path (EngineDifference), not a timing difference.
bool TimingComparable(const Side& a, const Side& b);

/// True when the evidence shows `a` and `b` timed differently: both state their clock and the
/// clocks differ, or either went through an engine or provider and the sides were not both
/// timed in wall-clock time. A clock that one side merely does not state is not a difference
/// (issue 13, section 5).
bool TimingKnownToDiffer(const Side& a, const Side& b);

/// How the sides' engines or providers differ when both were timed alike in wall-clock time
/// (TimingComparable) and either names one: "A ran through engine devcrypto and B did not",
/// "both ran through engine devcrypto", "A ran through engine X and B through provider Y"; ""
/// otherwise. The engine is then part of the code path that was timed.
std::string EngineDifference(const Side& a, const Side& b);

/// False when both sides name their backend (LibraryInfo::backend) and the names differ: two
/// libraries, not two builds of one.
bool SameLibrary(const Side& a, const Side& b);

/// Findings about how the sides were measured and what they ran: "timing-offload" (a side
/// timed in user CPU time through an engine or provider), "timing-basis" (different clocks),
/// "evp" (one side from openssl speed 1.x's low-level rows), "multi" (-multi process counts
/// differ, MultiDifference), "invocation" (-seconds or CPU pinning differ, SettingsDifferences),
/// "library" (versions or builds, and which fields differ), "capabilities" (named bits in one
/// capability vector and not the other, or a no-asm build), "environment" (worker variables
/// that differ, e.g. OPENSSL_ia32cap), "contended" (cells whose median had to include
/// preempted samples, results::kMinUnpreemptedSamples), "emulated" (a side measured under
/// emulation, results::EmulationReason). The "library" sentence cites a known change of speed
/// between two OpenSSL versions (data/library-changes.csv) only when the compared `rows` show it:
/// in the direction it explains, and for a per-call cost (3.0's provider dispatch) only below
/// kLargeInputMin; with no rows, no such change is cited (the speed tool's changes still are).
std::vector<Finding> ContextFindings(const Side& a, const Side& b,
                                     const std::vector<Row>& rows = {});

/// Findings "cpb-class": for each algorithm and operation that `classes` covers, at its largest
/// compared size >= kLargeInputMin, when that row changed beyond the threshold: each side's
/// throughput as
/// cycles per byte over the side's clock range, and the implementation class it falls in
/// (diagnose::Classify), for sides whose CPU features are known. At most `max_findings`. With
/// `identity` kSame no class is named: one build on one CPU takes one code path, so the sentence
/// gives both sides' cpb and puts their difference down to the machine; with kPartlyKnown, sides
/// that fall in different classes get "cannot tell" whether the code path changed. One table
/// for both sides (tests, CompareOptions::classes).
std::vector<Finding> ClassFindings(const std::vector<Row>& rows, const Side& a, const Side& b,
                                   const std::vector<diagnose::CpbClass>& classes,
                                   size_t max_findings = 6, const BuildIdentity& identity = {});

/// The same with a table per side (`classes_a` for `a`, `classes_b` for `b`: the table of each
/// side's architecture, CpbClassesForArch). A row is picked when either table covers it; a side
/// whose table lacks it gets "no ARCH class is known". No class is named, with the reason said
/// once, for a side measured under emulation (results::EmulationReason: the cycles are the
/// emulator's), one through an engine or provider, or one whose table is empty (an unknown
/// architecture: "cannot tell which class table applies"; another: "no cpb classes are known").
std::vector<Finding> ClassFindings(const std::vector<Row>& rows, const Side& a, const Side& b,
                                   const std::vector<diagnose::CpbClass>& classes_a,
                                   const std::vector<diagnose::CpbClass>& classes_b,
                                   size_t max_findings, const BuildIdentity& identity);

/// The areas of data/library-changes.csv an algorithm's speed depends on: "AES" (and "GHASH"
/// for AES-GCM), "SHA-1", "SHA-2", "ChaCha20", "BN-RSA"; empty for others.
std::vector<std::string_view> ChangeAreas(std::string_view algorithm);

/// "7.3x slower", "12% slower", "1.8x faster", "4% faster", "unchanged" for a ratio B/A (factors
/// from 1.5x on, percentages below).
std::string ChangeText(double ratio);

}  // namespace cryptobench::compare
