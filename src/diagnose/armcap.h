// OPENSSL_armcap: the capability word OpenSSL dispatches on for Arm (OPENSSL_armcap_P, an
// unsigned int). Bit names, parsing of the CPUINFO string, and the value that clears named bits.
// OpenSSL reads the variable with strtoul(e, NULL, 0) and the value REPLACES the detected word
// (crypto/armcap.c; no "~" syntax, unlike OPENSSL_ia32cap), so a mask experiment writes the
// detected word with the experiment's bits cleared (../shared/reference/cpb-reference.md sec. 3).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::diagnose {

/// One bit of OPENSSL_armcap_P.
struct ArmcapBit {
  std::string_view name;   ///< the cpu::FeatureState name where there is one ("AES", "PMULL",
                           ///< "SHA1", "SHA2", "SHA512", "SHA3"), else the macro's feature
  uint32_t mask = 0;       ///< e.g. 0x4 for ARMV8_AES
  std::string_view macro;  ///< the crypto/arm_arch.h macro, e.g. "ARMV8_AES"
  /// Where the bit is defined: bits 0-8 in crypto/arm_arch.h of openssl/openssl at commit
  /// 0029f786658229b15f98741a336e8091305cbf15 (the 3.0/3.1 layout; 1.1.1 has bits 0-6 at the
  /// same places); bits 9-11 only on newer releases (cpb-reference.md sec. 3, master), so an
  /// older library never sets them and clearing them changes nothing there.
  std::string_view source;
};

/// The bits doctor names and masks, in bit order: NEON (ARMV7_NEON 1<<0), AES (ARMV8_AES 1<<2),
/// SHA1 (ARMV8_SHA1 1<<3), SHA2 (ARMV8_SHA256 1<<4), PMULL (ARMV8_PMULL 1<<5), SHA512
/// (ARMV8_SHA512 1<<6), SM3 (ARMV8_SM3 1<<9), SM4 (ARMV8_SM4 1<<10), SHA3 (ARMV8_SHA3 1<<11).
const std::vector<ArmcapBit>& KnownArmcapBits();

/// The word in an "OPENSSL_armcap=0x..." CPUINFO string (crypto/info.c prints
/// "CPUINFO: OPENSSL_armcap=0x%x" and maybe " env:..."), e.g. 0xbd; the "CPUINFO: " prefix is
/// optional. std::nullopt for any other text (an x86 string, "N/A", junk, a number over 32 bits).
std::optional<uint32_t> ParseArmcapCpuInfo(std::string_view text);

/// The OPENSSL_armcap value that runs the library with `detected` less the named bits, in
/// lower-case hex ("0x3d" style). Names not in KnownArmcapBits() are ignored.
std::string ArmcapClearing(uint32_t detected, const std::vector<std::string>& names);

/// The known bits (KnownArmcapBits() names) that `detected` has and an OPENSSL_armcap
/// environment value turns off. OpenSSL does not mask with the value: it replaces the word with
/// it, read by strtoul(value, NULL, 0) (crypto/armcap.c, OPENSSL_cpuid_setup), so text that is not
/// a number reads as 0 and clears every bit; the word is 32 bits wide (unsigned int).
/// The bit values are crypto/arm_arch.h's: in openssl/openssl at
/// 0029f786658229b15f98741a336e8091305cbf15 (3.0/3.1) ARMV7_NEON 1<<0, ARMV7_TICK 1<<1,
/// ARMV8_AES 1<<2, ARMV8_SHA1 1<<3, ARMV8_SHA256 1<<4, ARMV8_PMULL 1<<5, ARMV8_SHA512 1<<6,
/// ARMV8_CPUID 1<<7, ARMV8_RNG 1<<8; at 46f4e1bec51dc96fa275c168752aa34359d9ee51 (1.1.0) bits 0-5
/// at the same places and no more; ARMV8_SM3 1<<9, ARMV8_SM4 1<<10 and ARMV8_SHA3 1<<11 only in
/// later headers (master, cpb-reference.md sec. 3; which release first has each is not
/// verified here), so an older library never sets them. `detected` must be what the CPU
/// offers: a report's CPUINFO word is printed after the value replaced it, so it cannot serve
/// (ReportFacts takes the CPU's Features line instead, and says "cannot tell" without one).
std::vector<std::string> ArmcapMaskedFeatures(uint32_t detected, const std::string& env_value);

/// Why `value` is not a usable OPENSSL_armcap value, or nullopt when it is: a whole unsigned
/// number that strtoul(value, NULL, 0) reads (decimal, 0x hex or 0 octal) and that fits the
/// 32-bit word. OpenSSL itself reads anything else without complaint, as 0 (no number) or
/// truncated (a sign, over 32 bits), turning off features or claiming ones the CPU lacks.
std::optional<std::string> ArmcapValueProblem(std::string_view value);

/// Why `value` is not usable for the capability variable `variable`: Ia32capValueProblem for
/// OPENSSL_ia32cap, ArmcapValueProblem for OPENSSL_armcap; nullopt for any other variable.
std::optional<std::string> CapabilityValueProblem(std::string_view variable,
                                                  std::string_view value);

/// Why the capability variable `variable` has no effect on a library built for `arch`
/// ("x86_64", "aarch64": uname -m names): OpenSSL reads OPENSSL_ia32cap only on x86
/// (crypto/cpuid.c) and OPENSSL_armcap only on Arm (crypto/armcap.c); nullopt otherwise.
std::optional<std::string> ForeignCapabilityVariable(std::string_view variable,
                                                     std::string_view arch);

/// What --env VARIABLE=VALUE must not be, for the libraries this program can load: a value
/// CapabilityValueProblem refuses, or the other architecture's capability variable
/// (ForeignCapabilityVariable for the target this program was compiled for,
/// core/elf_target.h). nullopt when it is fine, and for every other variable.
std::optional<std::string> EnvCapabilityProblem(std::string_view variable, std::string_view value);

/// The word OpenSSL derives from the CPU's features when the library's own word is unknown
/// (1.1.1 prints no CPUINFO): NEON (always on AArch64) plus each usable feature of
/// KnownArmcapBits() by name (crypto/armcap.c maps HWCAP_AES to ARMV8_AES and so on).
uint32_t ArmcapFromFeatureNames(const std::vector<std::string>& usable);

}  // namespace cryptobench::diagnose
