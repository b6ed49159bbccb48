// Bounds on public-key throughput that hold on any CPU (issue 13, sections 2, 4 and 6): an
// operations-per-second figure that no generic C build of OpenSSL reaches at any plausible clock
// shows that the assembly path ran, without knowing the CPU or the architecture. The public-key
// counterpart of the AES bound (cpu_clues.h, AesBounds) and the SHA-256 bound (hash_bounds.h).
// Pure functions: no I/O.
//
// Each bound is the fastest generic C cycle count measured for the operation, halved for margin
// (compilers and cores differ, and one machine was measured), at kPkBoundCoreHz. The fastest
// generic C is not the `no-asm` build: `no-asm` defines OPENSSL_NO_ASM, which also turns off the
// __int128 multiply of crypto/bn/bn_local.h (line 362 of 3.0.20), so its bignum multiplies in
// 32-bit halves. A 64-bit target whose Configure entry has an asm_arch but no bignum assembly
// (riscv64 and loongarch64 in OpenSSL 3.2 on: crypto/bn/build.info has no $BNASM_ for them)
// compiles bn_asm.c with __int128 and runs RSA 1.7-2.1x faster, and enable-ec_nistp_64_gcc_128
// gives P-256 its 64-bit C (ecp_nistp256.c) instead of the generic bignum code, 3-8x faster.
// The constants below are that C at its fastest (clang 14, which beat gcc 12 by 1.1-1.3x),
// measured side by side with the no-asm and the asm builds of OpenSSL 3.0.20 on an AMD Zen 3
// at a measured 3.243 GHz: docs/pk-generic-c.md, commit 67a7712.
//
// Measured and left out, because the assembly reaches the bound at no clock a shipping core
// runs: RSA verify at every size (MULX/ADX would need 6.6-6.8 GHz), ECDH P-256 (5.9-6.4 GHz),
// X25519 (the asm is 1.2x the 2^51-radix C: 10.7 GHz) and Ed25519 (no assembly at all:
// curve25519.c's C on every build, and the C build was as fast). There is no floor: assembly on
// a small ARM core is slower than C on a big x86 core, so a slow figure proves nothing.
#pragma once

#include <optional>
#include <string_view>

namespace cryptobench::diagnose {

/// A core clock above any shipping core's boost clock (the same 6.5 GHz as the AES bound of
/// cpu_clues.h and the SHA-256 bound of hash_bounds.h).
inline constexpr double kPkBoundCoreHz = 6.5e9;

/// The fastest generic C RSA-2048 private-key operation, cycles per sign (not halved): 4.84 M,
/// OpenSSL 3.0.20's bn_asm.c with __int128 compiled by clang 14 (gcc 12: 5.76 M; the no-asm
/// build: 10.26 M, and 9.87 M on Zen 4 in cpb-reference.md sec. 8); docs/pk-generic-c.md,
/// commit 67a7712. The bound is 2686 sign/s. The assembly runs 0.92-1.02 M cycles (AVX-512
/// IFMA: above the bound from 2.5-2.7 GHz), 1.84-2.15 M (MULX/ADX, AVX2: only from 4.9-5.8
/// GHz, a desktop core's boost clock) and 2.91-3.0 M (plain MULQ: never); crypto/bn/asm/
/// rsaz-avx2.pl lines 31-38 and rsaz-2k-avx512.pl lines 20-25 at OpenSSL dc8a9299bd, and the
/// same measurement (2.15 M MULX/ADX, 2.91 M plain on Zen 3).
inline constexpr double kGenericCRsa2048SignCycles = 4.84e6;

/// The fastest generic C RSA-3072 sign, cycles per sign (not halved): 14.0 M, the clang
/// __int128 build of docs/pk-generic-c.md, commit 67a7712 (gcc: 17.6 M; no-asm: 31.8 M). The
/// bound is 929 sign/s. The assembly runs 2.55-2.87 M (AVX-512 IFMA, OpenSSL 3.1 on: above the
/// bound from 2.4-2.7 GHz) and 6.40-6.65 M (MULX/ADX: only from 5.9-6.2 GHz); the plain MULQ
/// path (9.1 M) never reaches it. crypto/bn/asm/rsaz-3k-avx512.pl lines 19-25 at dc8a9299bd,
/// cpb-reference.md sec. 8.
inline constexpr double kGenericCRsa3072SignCycles = 14.0e6;

/// The fastest generic C RSA-4096 sign, cycles per sign (not halved): 31.4 M, the clang
/// __int128 build of docs/pk-generic-c.md, commit 67a7712 (gcc: 38.7 M; no-asm: 66.5 M). The
/// bound is 414 sign/s. The assembly runs 5.65-5.81 M (AVX-512 IFMA, OpenSSL 3.1 on: above the
/// bound from 2.3-2.4 GHz) and 14.3-14.8 M (MULX/ADX: only from 5.9-6.1 GHz); the plain MULQ
/// path (20.8 M) never reaches it. crypto/bn/asm/rsaz-4k-avx512.pl lines 19-25 at dc8a9299bd,
/// cpb-reference.md sec. 8.
inline constexpr double kGenericCRsa4096SignCycles = 31.4e6;

/// The fastest generic C ECDSA P-256 sign, cycles per sign (not halved): 282 k, OpenSSL
/// 3.0.20's ecp_nistp256.c (enable-ec_nistp_64_gcc_128) with the __int128 bignum, clang 14
/// (gcc: 301 k; the default no-asm build's generic bignum P-256: 2.25 M); docs/pk-generic-c.md,
/// commit 67a7712. The bound is 46.1 k sign/s. The assembly (ecp_nistz256-x86_64.pl) ran 74 k
/// with MULX/ADX and 79 k without on Zen 3: above the bound from 3.4-3.7 GHz, a boost clock of
/// current desktop and many server cores. The module's header (lines 20-41 at OpenSSL 0437592cfb)
/// gives the asm +210-270% over ecp_nistp256.c for sign on Haswell and Broadwell, about the
/// 3.8x measured here.
inline constexpr double kGenericCEcdsaP256SignCycles = 282e3;

/// The fastest generic C ECDSA P-256 verify, cycles per verify (not halved): 585 k, the clang
/// ecp_nistp256.c build of docs/pk-generic-c.md, commit 67a7712 (gcc: 666 k; no-asm: 1.80 M).
/// The bound is 22.2 k verify/s. The assembly ran 220-243 k on Zen 3: above the bound only from
/// 4.9-5.4 GHz, a desktop core's boost clock, not a server's.
inline constexpr double kGenericCEcdsaP256VerifyCycles = 585e3;

/// Operations per second above which no generic C build of OpenSSL runs `algorithm`'s
/// `operation`: kPkBoundCoreHz / (the cycle count above / 2). For "RSA-2048", "RSA-3072" and
/// "RSA-4096" "sign" and "decrypt" (the same private-key exponentiation, rsa_ossl.c) and
/// "ECDSA-P256" "sign" and "verify" (catalogue names); nullopt for any
/// other pair (RSA verify, ECDH, X25519, Ed25519: see the file comment). The
/// bound is OpenSSL's generic C: callers apply it to OpenSSL builds only, not through an engine
/// or provider, and never as a floor.
std::optional<double> GenericCCeiling(std::string_view algorithm, std::string_view operation);

/// The fastest generic C cycles per operation behind GenericCCeiling (not halved), or nullopt
/// when the pair has no bound.
std::optional<double> GenericCCyclesPerOp(std::string_view algorithm, std::string_view operation);

/// True when `ops_per_s` of `algorithm`'s `operation` is above GenericCCeiling: the assembly
/// (or an offload engine) ran. False for a pair without a bound, or a figure <= 0.
bool AboveGenericC(std::string_view algorithm, std::string_view operation, double ops_per_s);

/// Operations per second above which no single core runs `algorithm`'s `operation` in OpenSSL's
/// fastest assembly: kPkBoundCoreHz / (its cycle count / 2), the cycle counts given with the
/// constants above (RSA-2048, -3072, -4096 sign: the AVX-512 IFMA paths' 0.92, 2.55 and 5.65 M
/// cycles, rsaz-2k/3k/4k-avx512.pl; ECDSA P-256 sign and verify: ecp_nistz256-x86_64.pl's 74 k
/// and 220 k measured on Zen 3, docs/pk-generic-c.md). A figure above it is not one process's
/// work on one core: an engine or provider offloaded it, or several processes were summed.
/// nullopt for a pair without a bound.
std::optional<double> OneCoreCeiling(std::string_view algorithm, std::string_view operation);

/// The source of the pair's bound in words, for a verdict's evidence ("generic C RSA bound: ...",
/// to follow "the"): the measured C figure, the margin, the clock and the asm range, with their
/// files; empty for a pair without a bound.
std::string_view GenericCBoundSource(std::string_view algorithm, std::string_view operation);

}  // namespace cryptobench::diagnose
