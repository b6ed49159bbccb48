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
  /// Absent because the guest's virtual CPU model leaves it out (QEMU's -cpu, a row of
  /// data/vm-cpu-models.csv): the host may have it.
  bool from_vm_model = false;
};

/// Everything the text shows about the CPU.
struct CpuClues {
  std::string arch;  ///< "x86_64", "x86", "aarch64", "arm", "mips", "ppc64", "riscv64",
                     ///< "s390x"; "" when no clue names one
  std::string arch_clue;
  int word_bits = 0;  ///< 32 or 64 from bn(64,N) (the build's BN_ULONG); 0 unknown
  std::string word_bits_clue;
  /// "x86", "arm64" or "arm" when a flags/Features line was read: every extension of the
  /// table's rows for that family is then present or absent, not unknown.
  std::string flags_family;
  std::vector<CpuFeatureClue> features;  ///< flags first, then model rows for the rest
  bool virtual_machine = false;          ///< the hypervisor flag, or a virtual CPU model
  std::string vm_clue;
  std::vector<std::string> models;          ///< CPU, SoC and board names as pasted
  std::vector<std::string> unknown_models;  ///< those no table row matches: "unknown"
  /// Extensions a model row says the host CPU has while the flags line of the guest lacks them
  /// (names); only set on a virtual machine.
  std::vector<std::string> hidden_by_vm;
  std::string hidden_model;    ///< the model those come from
  std::vector<CpuClue> clues;  ///< every conclusion above, in words, for the report

  /// The feature's clue, or nullptr when the text does not say.
  const CpuFeatureClue* Find(std::string_view name) const;
};

/// Reads the run's environment facts (results::SourceInfo::facts: "uname", "cpu_arch" (lscpu's
/// Architecture, matched as uname -m), "vm_cpu_model" (QEMU's -cpu MODEL: a model of
/// data/vm-cpu-models.csv makes the run an x86-64 guest without what the model lacks),
/// "block_label" (the line naming the run's block, used only when a model row matches it),
/// "cpu_model", "cpu_flags"), machine.cpu_model, library.cflags
/// (-march=, -mips32r2) and library.options (bn(64,32)) against data/cpu-clues.csv. A model no row
/// matches stays unknown: nothing is guessed from a name. Never throws for a well-formed run.
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

/// Where an AES figure sits against bounds that hold on any CPU.
enum class AesBound {
  kInside,         ///< between the two bounds: the CPU decides
  kBelowHardware,  ///< slower than any hardware AES path at any plausible clock
  kAboveSoftware,  ///< faster than any software AES at any plausible clock
};

/// The bounds, in bytes/s, for `algorithm` (AesRoundFactor): below `hardware_floor` no
/// hardware AES path can be: the slowest published one, AES-128 CBC encrypt at 5.95 cpb
/// (ThunderX2, aesv8-armx.pl; Silvermont AES-NI 5.75, aesni-x86_64.pl), doubled to 12 cpb and
/// scaled by the rounds, at 0.4 GHz, below any clock a CPU with AES instructions runs a
/// benchmark at. Above `software_ceiling` no software AES can be: the fastest measured, bit-sliced
/// CTR at 4.96 cpb (Zen 4, cpb-reference.md sec. 7.2; published 6.9, bsaes-x86_64.pl), halved to
/// 2.5 cpb and scaled, at 6.5 GHz, above any shipping core's boost clock.
struct AesBounds {
  double hardware_floor = 0;
  double software_ceiling = 0;
};
/// The bounds for `algorithm`; nullopt when it is not AES.
std::optional<AesBounds> AesBoundsFor(std::string_view algorithm);

/// Where `bytes_per_s` of `algorithm` at `input_len` bytes per call sits. The hardware floor
/// is used only at 1024 bytes or more (per-call cost dominates smaller inputs); kInside for an
/// algorithm that is not AES or a figure <= 0.
AesBound ClassifyAesFigure(std::string_view algorithm, uint64_t input_len, double bytes_per_s);

/// What a `cryptsetup benchmark` AES row shows against serpent and twofish of the same mode, key
/// size and direction in the same run (issue 13, section 2: a bound that needs no CPU name).
/// Neither cipher has CPU instructions on any architecture (the kernel's fastest code for them is
/// SIMD: arch/x86/crypto serpent-avx2, twofish-avx), so software AES runs about as fast as the
/// faster of them, and AES instructions or an offload engine run it several times faster.
struct KernelAesComparison {
  std::string algorithm;  ///< the AES row, e.g. "AES-128-XTS"
  std::string operation;  ///< "encrypt" or "decrypt"
  uint64_t input_len = 0;
  double aes_bytes_per_s = 0;
  std::string other;  ///< the faster of the serpent and twofish rows, e.g. "twofish-xts 256b"
  double other_bytes_per_s = 0;
  /// kBelowHardware: AES at most kKernelAesSoftwareRatio times the other (software AES);
  /// kAboveSoftware: at least kKernelAesHardwareRatio times (a hardware path).
  AesBound bound = AesBound::kInside;
  std::string text;  ///< the evidence in words, with the ratio and its sources
};

/// AES / max(serpent, twofish) at or below which AES runs in software. Measured without AES
/// instructions: 0.97 (Core 2 Duo, aes-xts 256b 156.4 MiB/s, twofish-xts 161.5:
/// https://newbetuts.com/562277-why-the-results-of-truecrypt-and-cryptsetup-luks-benchmarking-are-so-different),
/// 0.89 (https://unix.stackexchange.com/questions/254017); bit-sliced NEON AES on ARMv7 stays
/// near 2, in the gap where nothing is concluded.
inline constexpr double kKernelAesSoftwareRatio = 1.5;
/// At or above which AES runs on a hardware path. The lowest measured with AES-NI, 4.4 (Haswell,
/// aes-xts 256b 2605.5 MiB/s against serpent-xts (AVX2) 591.4:
/// https://jo-so.de/2017-04/Benchmark-Festplattenverschl%C3%BCsselung.html), less a margin.
inline constexpr double kKernelAesHardwareRatio = 3.0;

/// The comparisons of a `cryptsetup benchmark` run's AES-CBC and AES-XTS rows (cryptsetup's key
/// sizes: CBC 128b/256b, XTS 256b/512b = AES-128/AES-256) with serpent and twofish rows of the
/// same mode, key size, direction and buffer; only those that settle a bound (kInside ones are
/// left out). Empty for another tool or when the run lacks the other rows. Never throws.
std::vector<KernelAesComparison> CompareKernelAes(const results::RunResult& run);

/// The comparison of `comparisons` for this AES figure, or nullptr.
const KernelAesComparison* FindKernelAes(const std::vector<KernelAesComparison>& comparisons,
                                         std::string_view algorithm, std::string_view operation,
                                         uint64_t input_len);

}  // namespace cryptobench::diagnose
