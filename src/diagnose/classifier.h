// Cycles-per-byte fingerprinting: which implementation class a measured throughput fits, from
// class ranges shipped in data/cpb-classes.csv (x86-64) and data/cpb-classes-aarch64.csv (each
// range cites its source; derived from shared/reference/cpb-reference.md sections 7 and 8).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diagnose/library_changes.h"
#include "diagnose/versions.h"

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

/// One implementation class's expected cpb range for an (algorithm, operation), large inputs
/// (8-16 KiB per call, where per-call overhead no longer matters).
struct CpbClass {
  std::string algorithm;  ///< catalogue name, e.g. "AES-128-CBC" (algorithms/catalog.cc)
  std::string operation;  ///< OperationName(): "encrypt", "decrypt", "hash", "mac"
  std::string name;       ///< e.g. "AES-NI (aesni_cbc_encrypt)"
  ClassFamily family;
  double cpb_low = 0;   ///< fastest expected cycles per byte (inclusive), > 0
  double cpb_high = 0;  ///< slowest expected cycles per byte (inclusive), >= cpb_low
  std::string source;   ///< citation, e.g. "crypto/aes/asm/aesni-x86_64.pl:176-185"
  /// The row's release key (column releases, ReleaseSpanOf in library_changes.h): "" for a
  /// class every release has, else "KEY", "KEY until KEY" or "except KEY", keys into the
  /// data/library-changes.csv rows that date the code ("AES:bsaes-armv8.pl",
  /// openssl/openssl#14592; "except AES:bit-sliced BSAES paths were removed": x86-64 bsaes and
  /// table AES, gone from 1.1.1d to 1.1.1w). Another library's figures are not filtered by it.
  std::string releases{};
  /// `releases` resolved for the table's architecture (ParseCpbClasses with an arch); empty
  /// otherwise.
  ReleaseSpan release_span{};
  size_t line = 0;  ///< line in the CSV text, for errors
};

/// The release filter of the class tables: false only for a software row (not
/// ClassFamily::kHardware) whose release_span does not hold `openssl_release` (AArch64 bsaes from
/// 3.1.0); true when the release is unknown (nullopt) or the row names no releases. A hardware
/// row stays: whether the release has its path is the verdict's question (ClassOfOpenPath,
/// verdict_decider.h, reads the same key), so that its figures are not "class unknown". Never
/// throws.
bool InRelease(const CpbClass& c, const std::optional<LibraryVersion>& openssl_release);

/// The class table for the architecture this binary was built for, parsed once from the
/// embedded CSV: data/cpb-classes.csv on x86-64, data/cpb-classes-aarch64.csv on AArch64, empty
/// elsewhere (so every verdict there is "no known class"). Classes of another architecture are
/// left out because their ranges overlap (ARMv8 CE CBC-encrypt 1.26-2.39 cpb vs AES-NI 2.56+).
const std::vector<CpbClass>& CpbClasses();

/// The embedded CSV text for `arch` ("x86_64" or "aarch64"); empty for any other name.
std::string_view EmbeddedCpbClassesCsv(std::string_view arch);

/// Parses CSV text in the data/cpb-classes.csv layout: the header line
/// "algorithm,operation,class,family,cpb_low,cpb_high,source", then one class per line with
/// exactly 7 fields; or that header with a last column "releases" (8 fields a line), a release
/// key (CpbClass::releases) or empty for every release. A field may be double-quoted
/// (to hold commas; "" is a literal quote); family is one of hardware|vector|scalar|generic-c;
/// cpb_low and cpb_high are finite numbers with 0 < cpb_low <= cpb_high; text fields are non-empty;
/// (algorithm, operation, class) is unique. Empty lines are skipped and
/// CRLF line ends accepted. Throws std::runtime_error naming the 1-based line number on the first
/// violation.
std::vector<CpbClass> ParseCpbClasses(std::string_view csv);
/// As ParseCpbClasses(csv), then resolves each row's releases key for `arch` ("x86_64",
/// "aarch64"; ReleaseSpanOf). Throws std::runtime_error "cpb classes line N: ..." when a key
/// names no data/library-changes.csv row or more than one.
std::vector<CpbClass> ParseCpbClasses(std::string_view csv, std::string_view arch);

/// `name` (a CpbClass::name of data/cpb-classes*.csv) said by the kind of code it is, without
/// OpenSSL's module and function names, for figures of a library that is not OpenSSL: a
/// parenthesised group that names code (an underscore, a ".c" file, an ia32cap bit) is dropped
/// and the module words become what they are ("vpaes NEON (vpaes_cbc_encrypt)" -> "constant-time
/// NEON vector-permute AES", "aes-x86_64 table asm, fast path (AES_cbc_encrypt)" -> "table-based
/// AES, fast path", "generic C (aes_core.c)" -> "portable C"). The ranges stay those measured on
/// OpenSSL's code, so a caller that prints this says so. Never throws beyond std::bad_alloc.
std::string NeutralClassName(std::string_view name);

/// Result of matching a measurement against the classes.
struct Fingerprint {
  double cpb_low = 0;   ///< hz_low / bytes_per_s: measured cpb at the lowest plausible frequency
  double cpb_high = 0;  ///< hz_high / bytes_per_s: measured cpb at the highest plausible frequency
  /// Classes whose tolerance-widened range overlaps [cpb_low, cpb_high], in table order.
  /// Pointers into the `classes` vector passed to Classify(); valid while it lives.
  std::vector<const CpbClass*> matches;
  /// Verdict text:
  /// - one match: its class name;
  /// - several, all hardware: "hardware (A or B)";
  /// - several, none hardware, one family: "software: vector (A or B)";
  /// - several, none hardware, mixed families: "software, class undetermined (A, B or C)";
  /// - hardware and software matches: "ambiguous: hardware or software (A or B)";
  /// - none: "no known class (...)", saying whether the measurement is faster than every
  ///   class, slower than every class, between two classes, or has no reference ranges;
  /// - unusable input (non-positive or non-finite numbers, hz_low > hz_high):
  ///   "no cpb (...)" and no matches.
  std::string conclusion;
  bool hardware = false;  ///< at least one match, and every match is kHardware
  bool software = false;  ///< at least one match, and no match is kHardware
};

/// Widening applied to each class range: [cpb_low / 1.15, cpb_high * 1.15]. Covers EVP
/// overhead and measurement noise (`openssl speed -evp` is 10-15% slower than the raw asm
/// figures, aesni-x86_64.pl:41-43; cpb-reference.md sec. 7.12 step 1).
inline constexpr double kCpbTolerance = 1.15;

/// Converts `bytes_per_s` (bytes per second, wall-clock) to cpb over the core frequency range
/// [hz_low, hz_high] (Hz; equal for a known clock) and matches that interval against the
/// `classes` rows for (algorithm, operation), each widened by kCpbTolerance. Never throws;
/// see Fingerprint::conclusion for unusable input.
/// `keep`, when given, leaves out every class it rejects (a path the release or the CPU lacks):
/// such a class is neither matched nor named in a "no known class" conclusion.
Fingerprint Classify(const std::vector<CpbClass>& classes, std::string_view algorithm,
                     std::string_view operation, double bytes_per_s, double hz_low, double hz_high,
                     const std::function<bool(const CpbClass&)>& keep = {});

/// `fp` with its kHardware matches dropped and its conclusion, hardware and software recomputed:
/// for a CPU whose features settle that no hardware path exists, so that no hardware class stays
/// a candidate. With no match left the conclusion says only hardware classes fitted; `fp` without
/// hardware matches is returned unchanged. Never throws.
Fingerprint WithoutHardware(Fingerprint fp);

}  // namespace cryptobench::diagnose
