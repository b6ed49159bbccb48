// A bound on SHA-256 throughput that holds on any CPU (issue 13, section 2): a figure no software
// SHA-256 reaches at any plausible clock shows that SHA instructions ran (x86 SHA extensions,
// ARMv8 SHA2), without knowing the CPU. Pure functions: no I/O.
#pragma once

#include <optional>
#include <string_view>

namespace cryptobench::diagnose {

/// The fastest software SHA-256 in cycles per byte at any size, halved for margin: the AVX2+BMI
/// path (sha256_block_data_order_avx2) at 7.70 cpb on Skylake and 7.80 on Haswell (OpenSSL
/// crypto/sha/asm/sha512-x86_64.pl, cpb table; data/cpb-classes.csv) and 7.01 measured on Zen 4
/// (cpb-reference.md sec. 8), the fastest published; ARMv8's integer path is 10.5 at best
/// (sha512-armv8.pl). SIMD does not shorten a single message's 64-round dependency chain, so no
/// software path is expected far below it; halved to 3.5 cpb.
inline constexpr double kFastestSoftwareSha256Cpb = 3.5;

/// A core clock above any shipping core's boost clock (the same 6.5 GHz as the AES bound of
/// cpu_clues.h).
inline constexpr double kSha256BoundCoreHz = 6.5e9;

/// Bytes per second above which no software SHA-256 runs: kSha256BoundCoreHz /
/// kFastestSoftwareSha256Cpb (about 1.86 GB/s), for the catalogue names whose work is SHA-256's
/// compression function: "SHA-256", "SHA-224" and "HMAC-SHA256" (HMAC adds compressions, so
/// the bound holds for it at any size). nullopt for any other name: SHA-1 has none (its
/// fastest software, AVX2 at 2.99 cpb on Zen 4, is too close to the SHA extensions' 1.70-2.19
/// for a bound with margin), and SHA-512 is left out (its instructions, ARMv8.2 SHA512 and the
/// recent x86 SHA512 extension, have no cpb figure in the tables yet).
std::optional<double> Sha256SoftwareCeiling(std::string_view algorithm);

/// True when `bytes_per_s` of `algorithm` is above Sha256SoftwareCeiling: SHA instructions (or
/// an offload engine) ran. False for another algorithm or a figure <= 0.
bool AboveSoftwareSha256(std::string_view algorithm, double bytes_per_s);

}  // namespace cryptobench::diagnose
