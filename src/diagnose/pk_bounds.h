// A bound on RSA private-key throughput that holds on any CPU (issue 13, sections 2 and 4): an
// RSA sign/s figure that no generic C (OpenSSL no-asm) build reaches at any plausible clock
// shows that the assembly path ran, without knowing the CPU or the architecture. The RSA
// counterpart of the AES bound (cpu_clues.h, AesBounds) and the SHA-256 bound (hash_bounds.h).
// Pure functions: no I/O.
#pragma once

#include <optional>
#include <string_view>

namespace cryptobench::diagnose {

/// The fastest generic C RSA-2048 private-key operation, in cycles per sign: OpenSSL master
/// dc8a9299bd built with `no-asm` (gcc 12 -O3) measured 9.87 M cycles/sign on an AMD Zen 4
/// (370.8 sign/s at a measured 3.66 GHz; cpb-reference.md sec. 7.10 and sec. 8, the RSA rows of
/// cpb-reference.csv). The assembly paths run 0.9-3.7 M cycles/sign (IFMA 0.92-1.02 M,
/// MULX/ADX 1.92-2.13 M, AVX2 1.84-2.07 M, plain bn_mul_mont 2.94-3.0 M, OpenSSL 1.0.1
/// 3.3-3.7 M: crypto/bn/asm/rsaz-avx2.pl lines 31-38, rsaz-2k-avx512.pl lines 20-25).
/// Halved for margin (4.94 M), since compilers and CPUs differ and only one C figure is
/// published: a C build on another compiler or core may be faster than the one measured.
inline constexpr double kFastestGenericCRsa2048CyclesPerSign = 9.87e6 / 2;

/// A core clock above any shipping core's boost clock (the same 6.5 GHz as the AES bound of
/// cpu_clues.h and the SHA-256 bound of hash_bounds.h).
inline constexpr double kRsaBoundCoreHz = 6.5e9;

/// Sign operations per second above which no generic C build runs `algorithm`'s private-key
/// operation: kRsaBoundCoreHz / kFastestGenericCRsa2048CyclesPerSign, about 1317 sign/s, for
/// "RSA-2048" and the operation "sign" only. nullopt otherwise: RSA-3072/4096 have no measured C
/// figure (only the asm baselines of rsaz-3k/4k-avx512.pl), verify has no C-versus-asm cost in
/// the sources, and ECDSA, X25519 and Ed25519 have no published generic-C cycle count (OpenSSL's
/// x25519-x86_64.pl gives only relative gains of 9-50% over gcc-5 code, too close for a bound
/// with margin). There is no floor: assembly on a small ARM core is slower than C on a big x86
/// core, so a slow figure proves nothing. The bound is OpenSSL's generic C: callers apply it to
/// OpenSSL builds only (other libraries' C code was not measured).
std::optional<double> RsaGenericCSignCeiling(std::string_view algorithm,
                                             std::string_view operation);

/// True when `ops_per_s` of `algorithm`'s `operation` is above RsaGenericCSignCeiling: the
/// assembly (or an offload engine) ran. False for another algorithm or operation, or a figure
/// <= 0.
bool AboveGenericCRsa(std::string_view algorithm, std::string_view operation, double ops_per_s);

/// The source of the bound in words, for a verdict's evidence: the measured C figure, the
/// margin, the clock and the asm range, with their files.
std::string_view RsaBoundSource();

}  // namespace cryptobench::diagnose
