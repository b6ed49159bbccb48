// Cycles-per-byte fingerprinting: which implementation class a measured throughput fits, from
// class ranges shipped in data/cpb-classes.csv (each range cites its source).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::diagnose {

/// Whether an implementation class uses the CPU's crypto acceleration.
enum class ClassFamily {
  kHardware,  ///< dedicated instructions: AES-NI, VAES, SHA-NI, PCLMULQDQ, ARMv8 CE
  kVector,    ///< SIMD without crypto instructions: vpaes/bsaes (SSSE3), AVX2 SHA, ChaCha20 AVX-512
  kScalar,    ///< integer assembly or table-based asm
  kGenericC,  ///< the portable C code (no-asm builds)
};

/// "hardware", "vector", "scalar", "generic C".
std::string_view ClassFamilyName(ClassFamily family);

/// One implementation class's expected cpb range for an (algorithm, operation), large inputs.
struct CpbClass {
  std::string algorithm;  ///< catalogue name, e.g. "AES-128-CBC"
  std::string operation;  ///< "encrypt", "decrypt", "hash", "mac"
  std::string name;       ///< e.g. "AES-NI (aesni_cbc_encrypt)"
  ClassFamily family;
  double cpb_low = 0;     ///< cycles per byte, inclusive
  double cpb_high = 0;
  std::string source;     ///< citation, e.g. "crypto/aes/asm/aesni-x86_64.pl:176-185"
};

/// The class table parsed from the embedded data/cpb-classes.csv.
const std::vector<CpbClass>& CpbClasses();

/// Parses CSV text in the data/cpb-classes.csv layout (header
/// "algorithm,operation,class,family,cpb_low,cpb_high,source"). Throws std::runtime_error
/// naming the line on a malformed row.
std::vector<CpbClass> ParseCpbClasses(std::string_view csv);

/// Result of matching a measurement against the classes.
struct Fingerprint {
  double cpb_low = 0;   ///< measured cpb at the highest plausible core frequency... (see below)
  double cpb_high = 0;  ///< cpb = core_hz / bytes_per_s over the frequency range given
  std::vector<const CpbClass*> matches;  ///< classes whose range overlaps [cpb_low, cpb_high]
  /// Verdict text: a class name when exactly one matches; "hardware" / "software" family when
  /// all matches share a family group; "software, class undetermined" when several software
  /// classes overlap; "no known class" when none matches.
  std::string conclusion;
  bool hardware = false;      ///< every match is kHardware
  bool software = false;      ///< no match is kHardware (and at least one match)
};

/// Converts `bytes_per_s` to cpb over the core frequency range [hz_low, hz_high] and matches
/// it against `classes` for (algorithm, operation). A tolerance of 15% widens each class range
/// (EVP overhead, measurement noise: openssl speed -evp is 10-15% slower than the raw asm
/// figures, aesni-x86_64.pl:41-43).
Fingerprint Classify(const std::vector<CpbClass>& classes, std::string_view algorithm,
                     std::string_view operation, double bytes_per_s, double hz_low,
                     double hz_high);

}  // namespace cryptobench::diagnose
