// What a pasted report shows about its CPU without a capability vector (issue 13, section 2):
// the architecture and the crypto extensions, read from `uname -a`, /proc/cpuinfo or lscpu
// flags and Features lines, CPU, SoC and board names, a compiler line's -march= and
// `openssl version -o`'s bn(64,32), through the sourced knowledge table data/cpu-clues.csv.
// Also the bounds on AES throughput that hold on any CPU. Each conclusion names its clue.
// Pure functions: no I/O.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "results/model.h"

namespace cryptobench::diagnose {

/// One conclusion about the CPU and where it came from.
struct CpuClue {
  std::string conclusion;  ///< e.g. "architecture aarch64", "AES-NI: absent", "a virtual machine"
  std::string clue;        ///< the text it was read from, e.g. "the uname line (line 3): ..."
  std::string source;      ///< the knowledge-table row's source (a URL), "" for the text alone
};

/// A crypto extension the text shows present or absent.
struct CpuFeatureClue {
  std::string name;  ///< cpu::FeatureState's name: "AES-NI", "PCLMULQDQ", "AES", "SHA2", ...
  bool present = false;
  bool from_flags = false;  ///< read from the CPU's own flags/Features line (else a model row)
  std::string clue;         ///< as CpuClue::clue
  std::string source;       ///< as CpuClue::source
  /// The data/cpu-clues.csv model row that said it, by its match ("*Raspberry Pi 4*"); "" when
  /// a flags line, an architecture or a virtual CPU model's table said it.
  std::string row{};
  /// Absent because the guest's virtual CPU model leaves it out (QEMU's -cpu, a row of
  /// data/vm-cpu-models.csv): the host may have it.
  bool from_vm_model = false;
  /// Absent only by a virtual CPU model's name (a data/cpu-clues.csv row whose `has` is VM, e.g.
  /// "Common KVM processor"): the hypervisor may add the feature to that model and the guest
  /// still shows its name (QEMU and libvirt can "optionally add or remove individual CPU
  /// features" of a named model: https://www.qemu.org/docs/master/system/i386/cpu.html), so
  /// the name does not settle it: unknown, not absent, until a flags line shows it.
  bool from_vm_model_name = false;
  /// Not absent from the CPU but from what the run's library can use: the CPU has the feature
  /// only in this crypto coprocessor (CryptoCoprocessor::unit, e.g. "the Octeon crypto
  /// coprocessor (COP2)"), which the library has no code for; "" otherwise. Its table row is
  /// coprocessor_row (a match of data/crypto-coprocessors.csv).
  std::string coprocessor{};
  std::string coprocessor_row{};
  /// The library the row says has no code for the unit, as its releases print it ("OpenSSL",
  /// "the mainline Linux kernel"); set with coprocessor.
  std::string coprocessor_library{};
};

/// A crypto coprocessor of the text's CPU (data/crypto-coprocessors.csv, by a CPU model line
/// such as `cpu model : Cavium Octeon+ V0.1`): units beside the instruction set that run crypto
/// for code written for them (the kernel's or a vendor's drivers), which a library without such
/// code never reaches. The CPU has no instructions of the ISA for the feature, and does not lack
/// it either.
struct CryptoCoprocessor {
  std::string unit;        ///< "the Octeon crypto coprocessor (COP2)"
  std::string feature;     ///< the CpuFeatureClue name it stands for: "AES"
  std::string algorithms;  ///< what its units run, in words
  std::string used_by;     ///< the code known to use it, in words
  /// The run's library as its releases print it ("OpenSSL") when the row says it has no code for
  /// the coprocessor; "" when the library is another or not in the text (then whether the run
  /// used the coprocessor is unknown, and so is the feature).
  std::string library;
  std::string model;   ///< the CPU model as pasted
  std::string row;     ///< the row's match, "*Octeon*"
  std::string clue;    ///< the line that named the CPU
  std::string source;  ///< the row's source (URLs, with what each says)
};

/// Two model or kernel rows of one block that disagree on a feature (a Raspberry Pi 4 board
/// label over the uname of a Pi 5 kernel): the feature is then unknown, and this says why.
struct CpuClueConflict {
  std::string feature;       ///< the features, joined: "AES", "AES, PMULL, SHA1, SHA2"
  std::string present_clue;  ///< the clue whose row has it
  std::string absent_clue;   ///< the clue whose row lacks it
  std::string sources;       ///< both rows' sources
};

/// What software AES reaches at most on a CPU the text names (a model row that lacks AES
/// instructions, with a highest clock in data/cpu-max-clocks.csv): that clock, with overclocks,
/// over the fastest software AES-128 for its cores (an ARMv8 core's: 8.45 cycles per byte,
/// bit-sliced NEON on Apple A7 in OpenSSL's vpaes-armv8.pl table, halved to 4.2; a core the table
/// does not name takes the any-CPU 2.5 of AesBoundsFor).
struct CpuAesCeiling {
  double max_hz = 0;         ///< the CPU's highest clock, Hz
  double aes128_cpb = 0;     ///< the fastest software AES-128 on its cores, cycles per byte
  std::string model;         ///< the clock row's match, e.g. "*Raspberry Pi 4*"
  std::string clock_source;  ///< the clock row's source (a URL and what it says)
  std::string cpb_source;    ///< where the cycles per byte come from, in words with a URL
  /// The ceiling for `algorithm` in bytes/s (scaled by AesRoundFactor); 0 when it is not AES.
  double For(std::string_view algorithm) const;
};

/// Everything the text shows about the CPU.
struct CpuClues {
  std::string arch;  ///< "x86_64", "x86", "aarch64", "arm", "mips", "ppc64", "riscv64",
                     ///< "s390x"; "" when no clue names one
  std::string arch_clue;
  /// "x86" or "arm" when a clue names the family but not the width, and `arch` is "": a
  /// `botan cpuid` line (Botan prints the same feature names on 32- and 64-bit builds of a
  /// family); "" otherwise.
  std::string arch_family;
  std::string arch_family_clue;  ///< the clue that named it
  int word_bits = 0;             ///< 32 or 64 from bn(64,N) (the build's BN_ULONG); 0 unknown
  std::string word_bits_clue;
  /// "x86", "arm64" or "arm" when a flags/Features line was read: every extension of the
  /// table's rows for that family is then present or absent, not unknown.
  std::string flags_family;
  /// The `botan cpuid` line ("CPUID flags: ..."), as a clue, when the text has one: the CPU
  /// features that Botan detected, read as a flags line; "" otherwise.
  std::string botan_cpuid_clue;
  std::vector<CpuFeatureClue> features;  ///< flags first, then model rows for the rest
  bool virtual_machine = false;          ///< the hypervisor flag, or a virtual CPU model
  std::string vm_clue;
  /// lscpu's "Hypervisor vendor:" value as pasted ("VMware", "Microsoft", "Xen", "KVM"; the
  /// names of util-linux sys-utils/lscpu-virt.c), and "VirtualBox" for lscpu's "Oracle" and
  /// "Innotek GmbH" (a VirtualBox name wins over another, such as its KVM interface's); "" when
  /// the text has none.
  std::string hypervisor_vendor;
  std::vector<std::string> models;          ///< CPU, SoC and board names as pasted
  std::vector<std::string> unknown_models;  ///< those no table row matches: "unknown"
  /// Extensions a model row says the host CPU has while the flags line of the guest lacks them
  /// (names); only set on a virtual machine.
  std::vector<std::string> hidden_by_vm;
  std::string hidden_model;  ///< the model those come from
  /// The clue that shows them missing when it is not the guest's flags line: its unmasked
  /// CPUINFO capability vector with the AES-NI bit clear; "" for a flags line.
  std::string hidden_by_vm_clue;
  /// True when a sourced model row gives the CPU AES-NI while its own flags line lacks aes and
  /// the text shows no virtual machine (tryout 26 R6, a bare-metal Xeon Gold 6130 without aes):
  /// the CPU does not lack it. The firmware switched it off (server BIOS setups have an AES-NI
  /// setting, and a BIOS can lock it off: Dell PowerEdge BIOS 1.4.7 set MSR 0x13C and Linux no
  /// longer listed aes, https://www.dell.com/community/PowerEdge-General-HW/
  /// R410-510-610-710-BIOS-version-1-4-7-buggy-for-westmere/m-p/3539464/highlight/true), or a
  /// hypervisor the text does not show hides it; which of the two, the text cannot tell.
  /// Only AES-NI is read: the flags of other extensions also depend on the kernel's age.
  bool aes_ni_off = false;
  /// The clue of an x86 flags line without aes that may be cut before it (it shows no flag the
  /// kernel prints after aes: a terminal's hard wrap, tryout 27 W1), when no other clue settles
  /// AES-NI; "" otherwise. AES-NI is then unknown, and a verdict that stops there says so.
  std::string aes_flags_cut_clue;
  std::string aes_ni_off_model;   ///< the model as the row matched it
  std::string aes_ni_off_source;  ///< the row's source
  /// The clue that shows AES-NI missing: the CPU's flags line, or (with no flags line that
  /// settles it) OpenSSL 3.x's CPUINFO capability vector with the AES-NI bit clear and no
  /// OPENSSL_ia32cap mask (tryout 25 q09); aes_ni_off_by_vector tells which.
  std::string aes_ni_off_clue;
  bool aes_ni_off_by_vector = false;
  /// A virtual CPU model a model row names (data/cpu-clues.csv rows whose `has` is VM, e.g.
  /// "Common KVM processor", QEMU's kvm64) as pasted, "" when none; and the extensions that row
  /// says the model leaves out (the guest lacks them unless its configuration adds them).
  std::string vm_model;
  std::vector<std::string> vm_model_lacks;
  /// Features two rows disagree on (left out of `features`: unknown).
  std::vector<CpuClueConflict> conflicts;
  /// The crypto coprocessor a CPU model line names, if any (data/crypto-coprocessors.csv): its
  /// first row, where the table has one row per feature of the unit.
  std::optional<CryptoCoprocessor> coprocessor;
  /// The software AES ceiling of the CPU whose clue says it lacks AES instructions, when the
  /// text names that CPU and its highest clock is known and no figure of the run is above it;
  /// nullopt otherwise (only the any-CPU bound of AesBoundsFor holds).
  std::optional<CpuAesCeiling> aes_software_ceiling;
  std::vector<CpuClue> clues;  ///< every conclusion above, in words, for the report

  /// The feature's clue, or nullptr when the text does not say.
  const CpuFeatureClue* Find(std::string_view name) const;
  /// True when a feature was read from the CPU's own flags or Features line (lscpu,
  /// /proc/cpuinfo): advice then does not ask for lscpu's flags again.
  bool FlagsPasted() const;
};

/// Reads the run's environment facts (results::SourceInfo::facts: "uname", "cpu_arch" (lscpu's
/// Architecture, matched as uname -m), "vm_cpu_model" (QEMU's -cpu MODEL: a model of
/// data/vm-cpu-models.csv makes the run an x86-64 guest without what the model lacks),
/// "block_label" (the line naming the run's block, used only when a model row matches it),
/// "cpu_model", "cpu_flags"), machine.cpu_model, library.cflags
/// (-march=, -mips32r2) and library.options (bn(64,32)) against data/cpu-clues.csv, and CPU model
/// lines against data/crypto-coprocessors.csv (a coprocessor's feature is then not "absent" by an
/// architecture row: absent with CpuFeatureClue::coprocessor set when the run's library has no
/// code for it, else unknown). A model no row matches stays unknown: nothing is guessed from a
/// name. Never throws for a well-formed run.
CpuClues ReadCpuClues(const results::RunResult& run);

/// The architecture a Configure target names (`openssl version -a`'s "platform: VC-WIN64A", or
/// the bare target), by data/cpu-clues.csv's platform rows (OpenSSL's Configurations/*.conf and
/// NOTES-*.md): the first row whose glob matches the target's first word.
struct PlatformArch {
  std::string arch;    ///< as CpuClues::arch, or "ia64" / "alpha"
  std::string target;  ///< the target as pasted, e.g. "VC-WIN64A"
  std::string source;  ///< the row's source (a URL)
};
/// nullopt when no row matches ("linux-generic64", a distribution's own target): unknown, not
/// guessed. Never throws for a well-formed table.
std::optional<PlatformArch> ArchOfPlatform(std::string_view platform);

/// The AES name's round count relative to AES-128 (AES-128: 1, AES-192: 1.2, AES-256: 1.4), or
/// nullopt when `algorithm` is not an AES cipher or AEAD ("AES-128-GCM", "AES-256-XTS").
std::optional<double> AesRoundFactor(std::string_view algorithm);

/// The lowest core clock at which a CPU with crypto instructions plausibly runs a benchmark, Hz:
/// router, NAS and board SoCs and power-saving governors run at a few hundred MHz (issue 13 sec.
/// 2: "routers and boards run from a few hundred MHz"; the cpufreq powersave governor holds a
/// core at its scaling_min_freq, 600 MHz on Cortex-A72 boards: Linux
/// Documentation/admin-guide/pm/cpufreq.rst, "powersave"). Below the 1 GHz floor of the clock
/// doctor --from assumes (kReportDefaultHzLow), so a figure slower than every accelerated class
/// over the assumed range proves a slow path only when it stays slower down to this clock.
inline constexpr double kLowestBenchmarkHz = 0.4e9;

/// Where an AES figure sits against bounds that hold on any CPU.
enum class AesBound {
  kInside,         ///< between the two bounds: the CPU decides
  kBelowHardware,  ///< slower than any hardware AES path at any plausible clock
  kAboveSoftware,  ///< faster than any software AES at any plausible clock
};

/// The bounds, in bytes/s, for `algorithm` (AesRoundFactor): below `hardware_floor` no
/// hardware AES path can be: the slowest published one, AES-128 CBC encrypt at 5.95 cpb
/// (ThunderX2, aesv8-armx.pl; Silvermont AES-NI 5.75, aesni-x86_64.pl), doubled to 12 cpb and
/// scaled by the rounds, at kLowestBenchmarkHz, below any clock a CPU with AES instructions runs a
/// benchmark at. Above `software_ceiling` no software AES can be: the fastest measured, bit-sliced
/// CTR at 4.96 cpb (Zen 4, cpb-reference.md sec. 7.2; published 6.9, bsaes-x86_64.pl), halved to
/// 2.5 cpb and scaled, at 6.5 GHz, above any shipping core's boost clock.
struct AesBounds {
  double hardware_floor = 0;
  double software_ceiling = 0;
};
/// The bounds for `algorithm`; nullopt when it is not AES. With `operation` "encrypt" of a CBC
/// algorithm the software ceiling is the serial one (SerialAesEncrypt).
std::optional<AesBounds> AesBoundsFor(std::string_view algorithm, std::string_view operation = "");

/// True for CBC encryption, where each block waits for the one before: bit-sliced and
/// interleaved code cannot run it (OpenSSL's bsaes modules implement CBC decryption only, and
/// data/cpb-classes*.csv hold no bit-sliced CBC encrypt row), so the fastest software is the
/// serial table code, aes-x86_64's fast path at 9.77 cycles per byte (data/cpb-classes.csv),
/// halved to 4.9 for the ceiling.
bool SerialAesEncrypt(std::string_view algorithm, std::string_view operation);

/// Where `bytes_per_s` of `algorithm` at `input_len` bytes per call sits. The hardware floor
/// is used only at 1024 bytes or more (per-call cost dominates smaller inputs); kInside for an
/// algorithm that is not AES or a figure <= 0.
AesBound ClassifyAesFigure(std::string_view algorithm, uint64_t input_len, double bytes_per_s,
                           std::string_view operation = "");

/// What a `cryptsetup benchmark` AES row shows against serpent and twofish of the same mode, key
/// size and direction in the same run (issue 13, section 2: a bound that needs no CPU name).
/// Neither cipher has CPU instructions on any architecture: the kernel has SIMD code for them on
/// x86 only (arch/x86/crypto: serpent-sse2/avx/avx2, twofish-x86_64-asm, twofish-avx) and generic
/// C elsewhere (arch/arm64/crypto and arch/arm/crypto have none;
/// https://github.com/torvalds/linux), so software AES (aes-generic C, aes-arm64 and aes-arm scalar
/// assembly, the NEON and bit-sliced NEON drivers) runs about as fast as the faster of them, and
/// AES instructions (aesni_intel, aes-ce) or an offload engine run it several times faster.
struct KernelAesComparison {
  std::string algorithm;  ///< the AES row, e.g. "AES-128-XTS"
  std::string operation;  ///< "encrypt" or "decrypt"
  uint64_t input_len = 0;
  double aes_bytes_per_s = 0;
  std::string other;  ///< the faster of the serpent and twofish rows, e.g. "twofish-xts 256b"
  double other_bytes_per_s = 0;
  double ratio = 0;  ///< aes_bytes_per_s / other_bytes_per_s
  /// kBelowHardware: AES at most kKernelAesSoftwareRatio times the other (no AES instructions);
  /// kAboveSoftware: at least kKernelAesHardwareRatio times (AES instructions or an engine).
  AesBound bound = AesBound::kInside;
  std::string conclusion;  ///< "AES in this run did not use AES instructions: aes-xts 256b ..."
  std::string text;        ///< the conclusion, then the bound's measured sources
};

// The ratios AES / max(serpent, twofish) of published `cryptsetup benchmark` runs, same mode,
// key size and direction (cryptsetup's 1 MiB buffers):
//   without AES instructions, highest first: 1.44 (Raspberry Pi 4, Cortex-A72 without the
//   Crypto Extensions, aes-xts 256b decrypt 89.7 MiB/s against twofish-xts 62.1: bit-sliced NEON
//   against generic C; 1.39 for aes-cbc 128b encrypt, https://blog.stackframe.dev/46), 1.02
//   (a 2007 laptop, aes-cbc 128b 109.7 against twofish-cbc 107.9,
//   https://unix.stackexchange.com/questions/254017), 0.97 (Core 2 Duo, aes-xts 256b 156.4
//   against twofish-xts 161.5, https://newbetuts.com/562277-why-the-results-of-truecrypt-and-
//   cryptsetup-luks-benchmarking-are-so-different), 0.93 (MediaTek MT7621, MIPS, aes-xts 256b
//   11.1 against twofish-xts 12.0, https://github.com/gnubee-git/GnuBee_Docs/issues/100);
//   with AES-NI, lowest first: 2.37 (aes-cbc 256b encrypt 392.5 MiB/s against twofish-cbc 165.4:
//   CBC encryption is serial, so AES-NI waits on each round's latency, while twofish-cbc runs
//   its scalar assembly; https://security.stackexchange.com/questions/130401), 3.23 (aes-cbc
//   128b encrypt, same run), 3.98 (aes-xts 512b encrypt 1218.7 against twofish-xts 306.1, same
//   run: the parallel modes stay near 4 or above).
// An offload engine falls anywhere: Marvell CESA on an Armada 370 ran aes-cbc 128b 55.8 MiB/s
// against twofish-cbc 22.3 (2.5, https://unix.stackexchange.com/questions/560335), in the gap.
/// AES / max(serpent, twofish) at or below which AES ran without AES instructions: above the
/// highest software ratio measured (1.44), and 1.58 times below the lowest with AES-NI (2.37).
inline constexpr double kKernelAesSoftwareRatio = 1.5;
/// At or above which AES ran on AES instructions or an offload engine: 2.08 times the highest
/// software ratio measured (1.44). Between the two bounds the ratio does not tell (AES-NI's
/// serial CBC encryption reaches 2.37, an engine 2.5).
inline constexpr double kKernelAesHardwareRatio = 3.0;

/// The comparisons of a `cryptsetup benchmark` run's AES-CBC and AES-XTS rows (cryptsetup's key
/// sizes: CBC 128b/256b, XTS 256b/512b = AES-128/AES-256) with serpent and twofish rows of the
/// same mode, key size, direction and buffer; only those that settle a bound (kInside ones are
/// left out). Empty for another tool or when the run lacks the other rows. Never throws.
std::vector<KernelAesComparison> CompareKernelAes(const results::RunResult& run);

/// What the text shows about the CPU's AES instructions (AES-NI on x86, AES on ARM).
enum class AesInstructionsShown {
  kPresent,  ///< a flags/Features line or a model row shows them
  kAbsent,   ///< the CPU's own flags line or a model row shows none
  /// No clue; a guest's flags line without them (the host may have them); a virtual CPU model
  /// that leaves them out; a guest that hides what its host's model has; AES-NI switched off or
  /// hidden on a model that has it (CpuClues::aes_ni_off).
  kUnknown,
};

/// Which of the three the clues show; `clue` (may be nullptr) receives the AES-NI or AES clue
/// read, or nullptr when the text has none.
AesInstructionsShown ShownAesInstructions(const CpuClues& clues,
                                          const CpuFeatureClue** clue = nullptr);

/// " (data/cpu-clues.csv row *Raspberry Pi 4*, source: URL)" for a feature a model row gave,
/// " (source: URL)" for another with a source, "" for one without: what a verdict or finding
/// appends to "<clue> shows no AES" so that it names the line, the table row and its source.
std::string ClueSourceText(const CpuFeatureClue& feature);

/// The comparison of `comparisons` for this AES figure, or nullptr.
const KernelAesComparison* FindKernelAes(const std::vector<KernelAesComparison>& comparisons,
                                         std::string_view algorithm, std::string_view operation,
                                         uint64_t input_len);

}  // namespace cryptobench::diagnose
