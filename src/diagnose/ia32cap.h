// OPENSSL_ia32cap: the capability vector OpenSSL dispatches on. Parsing of the environment
// variable and of the CPUINFO string, bit names, and masks that switch off one feature while
// keeping every other word as detected. Bit layout and syntax: OpenSSL
// doc/man3/OPENSSL_ia32cap.pod, crypto/cpuid.c (summarised in
// ../shared/reference/cpb-reference.md, sections 2.1-2.3).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::diagnose {

/// The five 64-bit logical vectors LV0..LV4 (OpenSSL 3.5 and later; 1.0.x to 3.4.x have only
/// LV0 and LV1, and the other three stay 0).
using CapabilityVector = std::array<uint64_t, 5>;

/// The first OpenSSL release (OPENSSL_VERSION_NUMBER) that reads five OPENSSL_ia32cap fields:
/// 3.5.0 (openssl/openssl#25709 widened OPENSSL_ia32cap_P from four to ten 32-bit words; it was
/// reviewed on master on 2024-12-04, after 3.4.0's release on 2024-10-22). Earlier releases
/// read two 64-bit fields.
inline constexpr uint64_t kIa32capFiveWordsRelease = 0x30500000;

/// A named capability bit: which logical vector, and the bit mask within it.
struct CapabilityBit {
  std::string_view name;  ///< "AES-NI", "PCLMULQDQ", "SSSE3", "AVX", "AVX2", "AVX-512F", ...
                          ///< (the names of cpu::FeatureState where both have the feature)
  int vector;             ///< 0..4 (LV index)
  uint64_t mask;          ///< one bit, e.g. LV0 bit 57 (AES-NI) = 0x200000000000000
};

/// The bits doctor names and masks (x86-64), in LV then bit order. Each is cited in
/// ia32cap.cc to its line of doc/man3/OPENSSL_ia32cap.pod (master dc8a9299).
const std::vector<CapabilityBit>& KnownCapabilityBits();

/// Parses the capability part of a CPUINFO string (crypto/info.c), e.g.
/// "CPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff:0x405fc6f1bf07ab env:~0x..." → LV0, LV1.
/// 1 to 5 "0x"-prefixed hex words separated by ':' (3.0 prints 2, master 5); missing vectors
/// are 0; the "CPUINFO:" and "OPENSSL_ia32cap=" prefixes are optional, and anything after
/// whitespace following the last word (the " env:..." suffix) is ignored.
/// std::nullopt for "CPUINFO: N/A" (a no-asm build), other architectures' strings and junk,
/// and for one word after "OPENSSL_ia32cap=": every release that prints the line prints two
/// words or more ("0x%llx:0x%llx", crypto/info.c), so one is a line cut short (tryout 32 D3).
std::optional<CapabilityVector> ParseCpuInfoVector(std::string_view text);

/// One field of an OPENSSL_ia32cap environment value.
struct EnvField {
  /// kKeep: empty field followed by ':' (or an empty LV0 followed by ':'); kClear: "~X";
  /// kReplace: "X"; kZeroed: missing, or empty and last (LV0: empty value, CPUID not run).
  enum class Kind { kKeep, kClear, kReplace, kZeroed };
  Kind kind = Kind::kZeroed;
  uint64_t value = 0;  ///< X for kClear and kReplace, else 0
};

/// Parses an OPENSSL_ia32cap value ("[~]LV0[:[~]LV1[:...]]") with OpenSSL's rules
/// (crypto/cpuid.c:94-171 on master): numbers in decimal, octal (leading 0) or hex (0x);
/// "~X" clears bits X; a plain "X" replaces the vector (for LV0 it also means CPUID is not run,
/// so LV1..LV4 start from 0, see ApplyIa32capEnv); an empty field keeps the detected value only
/// when another ':' follows it; every vector not reached is zeroed.
/// `num_library_vectors` is how many LVs the library reads: 5 on master, 2 on 1.1.1 and 3.0
/// (its CPUINFO shows two words). With 2, an empty LV1 field zeroes LV1 even when a ':'
/// follows (3.0 parses "" as 0; verified with 3.0.19: "~X::" prints LV1 0x0) and LV2..LV4 are
/// kZeroed. Any other count throws std::invalid_argument.
/// Stricter than OpenSSL, which silently stops at the first bad character: throws
/// std::invalid_argument on a malformed or out-of-range number, a lone "~", or a non-empty
/// sixth field (OpenSSL ignores fields after LV4; empty ones, as in ":0:::::", are accepted).
std::array<EnvField, 5> ParseIa32capEnv(std::string_view value, int num_library_vectors = 5);

/// Applies a parsed env value to the detected vector (the one CPUID gives without the
/// variable), as crypto/cpuid.c does: clearing FXSR (LV0 bit 24) with "~" also clears PCLMULQDQ,
/// XOP, AES-NI and AVX; a plain LV0 (or an empty value) means CPUID is not run, so LV1..LV4
/// start from 0; the upper half of LV4 (AVX10 details) is zeroed when LV3 bit 19 (AVX10) ends up
/// clear; LV0 bit 10 (0x400, OpenSSL's "initialised" marker) is always set.
CapabilityVector ApplyIa32capEnv(const CapabilityVector& detected,
                                 const std::array<EnvField, 5>& fields);

/// Names of the known bits that are set in `detected` but clear after applying `env_value`
/// (e.g. {"AES-NI", "VAES"}), in KnownCapabilityBits() order. `num_library_vectors` as for
/// ParseIa32capEnv. A throw from ParseIa32capEnv propagates.
std::vector<std::string> MaskedFeatures(const CapabilityVector& detected,
                                        std::string_view env_value, int num_library_vectors = 5);

/// An OPENSSL_ia32cap value that clears exactly the named bits and keeps every other word
/// as detected, writing all five fields in lower-case hex, "~0" for untouched vectors. For
/// {"AES-NI", "VAES", "VPCLMULQDQ"}: "~0x200000000000000:~0x60000000000:~0:~0:~0".
/// It has no empty field, so 3.0 reads it the same way (and ignores LV2..LV4).
/// Throws std::invalid_argument for an unknown name.
std::string MaskClearing(const std::vector<std::string>& bit_names);

/// Why `value` is not a usable OPENSSL_ia32cap value, or nullopt when it is: ParseIa32capEnv's
/// complaint, or, for a value holding '/', that the shell expanded an unquoted "~" after ":"
/// into a home directory (bash does so in assignments and in --opt=value words).
std::optional<std::string> Ia32capValueProblem(std::string_view value);

}  // namespace cryptobench::diagnose
