// OPENSSL_ia32cap: the capability vector OpenSSL dispatches on. Parsing of the environment
// variable and of the CPUINFO string, bit names, and masks that switch off one feature while
// keeping every other word as detected. Bit layout and syntax: OpenSSL doc/man3/OPENSSL_ia32cap.pod,
// crypto/cpuid.c (summarised in ../shared/reference/cpb-reference.md, sections 2.1-2.3).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::diagnose {

/// The five 64-bit logical vectors LV0..LV4 (OpenSSL 3.x; 1.1.1 and 3.0 use LV0 and LV1).
using CapabilityVector = std::array<uint64_t, 5>;

/// A named capability bit: which logical vector, and the bit mask within it.
struct CapabilityBit {
  std::string_view name;  ///< "AES-NI", "PCLMULQDQ", "SSSE3", "AVX", "AVX2", "AVX-512F", ...
  int vector;             ///< 0..4 (LV index)
  uint64_t mask;          ///< e.g. LV0 bit 57 (AES-NI) = 0x200000000000000
};

/// The bits doctor names and masks (x86-64), each from OPENSSL_ia32cap.pod.
const std::vector<CapabilityBit>& KnownCapabilityBits();

/// Parses the capability part of a CPUINFO string, e.g. from
/// "CPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff:0x405fc6f1bf07ab env:..." → LV0, LV1 (missing
/// vectors are 0). Also accepts the bare "0x...:0x..." form. std::nullopt for "N/A" or junk.
std::optional<CapabilityVector> ParseCpuInfoVector(std::string_view text);

/// One field of an OPENSSL_ia32cap environment value.
struct EnvField {
  enum class Kind { kKeep, kClear, kReplace, kZeroed };  ///< empty+":" / "~X" / "X" / missing
  Kind kind = Kind::kZeroed;
  uint64_t value = 0;
};

/// Parses an OPENSSL_ia32cap value with OpenSSL's rules (crypto/cpuid.c): numbers in decimal,
/// octal or hex; "~X" clears bits; plain "X" replaces the vector (LV0: CPUID is not run at all);
/// an empty field keeps the detected value only when another ':' follows; every vector not
/// reached is zeroed. Throws std::invalid_argument on a malformed number.
std::array<EnvField, 5> ParseIa32capEnv(std::string_view value);

/// Applies a parsed env value to the detected vector, as OpenSSL would.
CapabilityVector ApplyIa32capEnv(const CapabilityVector& detected,
                                 const std::array<EnvField, 5>& fields);

/// Names of the known bits that are set in `detected` but clear after applying `env_value`
/// (e.g. {"AES-NI", "VAES"}); a throw from ParseIa32capEnv propagates.
std::vector<std::string> MaskedFeatures(const CapabilityVector& detected,
                                        std::string_view env_value);

/// An OPENSSL_ia32cap value that clears exactly the named bits and keeps every other word
/// as detected, writing all five fields ("~0x200000000000000:~0x60000000000:~0:~0:~0").
/// Throws std::invalid_argument for an unknown name.
std::string MaskClearing(const std::vector<std::string>& bit_names);

}  // namespace cryptobench::diagnose
