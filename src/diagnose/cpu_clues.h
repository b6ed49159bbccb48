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
/// Architecture, matched as uname -m), "cpu_model", "cpu_flags"), machine.cpu_model, library.cflags
/// (-march=, -mips32r2) and library.options (bn(64,32)) against data/cpu-clues.csv. A model no row
/// matches stays unknown: nothing is guessed from a name. Never throws for a well-formed run.
CpuClues ReadCpuClues(const results::RunResult& run);

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

}  // namespace cryptobench::diagnose
