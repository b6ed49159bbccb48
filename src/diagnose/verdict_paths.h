// Internal to the verdict engine (verdict.h): which accelerated code paths each algorithm family
// has on x86-64, which capability bits each needs and which to clear to switch it off, and the
// best software class for a CPU without them. Source: ../shared/reference/cpb-reference.md,
// sections 2.2 (bits) and 4.1-4.2 (dispatch order per algorithm).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/catalog.h"
#include "cpu/features.h"

#include "diagnose/classifier.h"
#include "diagnose/doctor_model.h"
#include "diagnose/ia32cap.h"
#include "diagnose/library_changes.h"
#include "diagnose/pk_asm.h"

namespace cryptobench::diagnose::verdict_internal {

/// Algorithm families that share a dispatch (cpb-reference.md sec. 4).
enum class Family {
  kAesBlock,  ///< AES ECB/CBC/CTR/CCM and CMAC-AES: AES-NI or software
  kAesXts,    ///< AES-XTS: VAES-AVX512, AES-NI, software
  kAesGcm,    ///< AES-GCM: VAES-AVX512, AES-NI (+AVX stitch), software; GHASH: PCLMULQDQ
  kChaCha,    ///< ChaCha20, ChaCha20-Poly1305, Poly1305: AVX-512, AVX2, SSSE3, integer
  kSha256,    ///< SHA-1, SHA-224, SHA-256, HMAC-SHA256: SHA-NI, then SIMD
  kSha512,    ///< SHA-384, SHA-512: SHA512 extensions, AVX2, integer
  kRsa,       ///< RSA: AVX-512 IFMA (private key), then MULX/ADX, AVX2 (RSA-2048), MULQ
  kEcP256,    ///< ECDSA/ECDH P-256: ecp_nistz256 with MULX/ADX, else MULQ
  kX25519,    ///< X25519: x25519_fe64 with MULX/ADX, else x25519_fe51
  /// SM4 (SM4-CBC): OpenSSL picks its code at run time on CPUs that have a faster one, and no
  /// mask experiment here covers it, so verdicts say "cannot tell", never "no hardware path".
  /// OpenSSL's crypto/sm4/build.info assembles, on AArch64, sm4-armv8 (the ARMv8.2 SM4
  /// instructions, used when OPENSSL_armcap has ARMV8_SM4: HWSM4_CAPABLE in
  /// include/crypto/sm4_platform.h), vpsm4-armv8 (ASIMD, chosen by MIDR on Neoverse N1/V1:
  /// commit 2535075, openssl/openssl#17951) and vpsm4_ex-armv8 (ASIMD with AESE, Kunpeng 920);
  /// and, in sources from 2025 on, sm4-x86_64 on x86-64 (Intel's SM4 instructions VSM4KEY4 and
  /// VSM4RNDS4, crypto/sm4/asm/sm4-x86_64.pl). Which of these a given release has is not
  /// tabulated here, hence no verdict either way.
  kSm4,
  kNone,  ///< no feature-dispatched path on x86-64 (MD5, SHA-3, BLAKE2, 3DES, P-384, Ed25519)
};

/// The family of a catalogue algorithm, from its typed fields (primitive, mode, block and key
/// size), never its name; kNone for one OpenSSL lacks (empty openssl_name).
Family FamilyOf(const AlgorithmInfo& alg);

/// One accelerated path of a family, best first within the family.
struct PathSpec {
  std::string_view path;  ///< Experiment::path, e.g. "AES-NI"
  /// Features the path needs (all): CPU-usable and, where the library's vector is known, set.
  std::vector<std::string_view> needs;
  /// At least one of these too (empty: no condition).
  std::vector<std::string_view> needs_any;
  /// Bits the experiment clears, in label order. Also counted as relevant for an env mask
  /// unless listed in `trap_only`.
  std::vector<std::string_view> mask;
  /// Bits in `mask` cleared only so that the library cannot move to another fast path that
  /// ignores the tested bit (AES-GCM's VAES path does not check AES-NI, sec. 2.3).
  std::vector<std::string_view> trap_only;
  /// Prefix of the CpbClass names that belong to this path ("" = no class of its own).
  std::string_view class_prefix;
  bool ghash = false;  ///< GCM's GHASH experiment, compared with the VAES experiment if any
  /// The releases that have the path: a release key into data/library-changes.csv (ReleaseSpanOf,
  /// library_changes.h) for the architecture of PathsOf; "" for a path every release has. The
  /// class rows of the path (class_prefix) carry the same key (cpb_class_release_test.cc).
  std::string_view release_key{};
};

/// The paths of a family on `arch`: "x86_64" (OPENSSL_ia32cap bits), "aarch64" (AES, SHA-1/
/// SHA-256 and SHA-512 instructions; OPENSSL_armcap replaces the whole word, so each experiment
/// writes the detected word less its bits, armcap.h); every other architecture has none.
std::span<const PathSpec> PathsOf(Family family, std::string_view arch);

/// For the public-key families (kRsa, kEcP256, kX25519): false when the library is an OpenSSL
/// release whose data/pk-asm.csv rows for `alg` hold no dispatch row with the path's bits (its
/// needs, needs_any and mask less trap_only), i.e. the release has no code on that path (OpenSSL
/// 3.0 and IFMA RSA-4096). True otherwise, including every symmetric family and any library
/// whose release cannot be read: the experiment then decides.
bool ReleaseHasPath(const AlgorithmInfo& alg, const PathSpec& path, const DoctorFacts& facts);

/// PathSpec::release_key of `path` resolved for `arch` (ReleaseSpanOf), once per key; an empty
/// span for a path without a key. Throws as ReleaseSpanOf for a key that names no row or more
/// than one (the build's tests resolve every key).
const ReleaseSpan& PathReleaseSpan(const PathSpec& path, std::string_view arch);

/// The data/library-changes.csv row that dates OpenSSL's EVP AES path on the CPU's own AES
/// instructions for `arch`, by release key: x86_64 "AES:AES-NI through EVP" (1.0.1..), aarch64
/// "AES:ARMv8 Crypto Extension AES" (1.0.2..); nullptr for another architecture. Throws as
/// ReleaseSpanOf when the key names no row or several (the build's tests resolve it).
const LibraryChange* HardwareAesPathRow(std::string_view arch);

/// True if every bit of a data/pk-asm.csv row lies among the path's bits (needs, needs_any and
/// mask, less trap_only): masking the path switches the row's code off. False for a row
/// without bits.
bool RowOnPath(const PkAsmPath& row, const PathSpec& path);

/// The PathSpec named `path` in the family, or nullptr.
const PathSpec* FindPath(Family family, std::string_view arch, std::string_view path);

/// The capability vector the library runs with now (library.capability_vector, else the
/// CPUINFO string); nullopt for a no-asm build or when neither parses (1.x prints none).
std::optional<CapabilityVector> CurrentVector(const DoctorFacts& facts);
/// The vector the library detects without OPENSSL_ia32cap (detected_capability_vector, else
/// the current one when the variable is not set).
std::optional<CapabilityVector> DetectedVector(const DoctorFacts& facts);

/// True if `name` is usable on the CPU and, when `vector` is given and `name` is a known bit,
/// set in it. A name the CPU list does not carry (AVX-512VBMI2, SHA512 on x86) counts only
/// through `vector`; without one it counts as absent.
bool FeatureAvailable(std::string_view name, const cpu::CpuFeatures& cpu,
                      const CapabilityVector* vector);
/// True if every `needs` and one `needs_any` feature is available.
bool PathAvailable(const PathSpec& path, const cpu::CpuFeatures& cpu,
                   const CapabilityVector* vector);

/// True when `c` is a software class (not ClassFamily::kHardware) of the x86-64 table whose code
/// needs a CPU feature that `cpu` shows absent (cpu::CpuFeatures::Find gives the feature and it
/// is not usable: a whole flags line or a capability vector without it). A feature `cpu` does not
/// carry is unknown and rules nothing out, so a cut or missing flags line keeps every class.
/// OpenSSL and BoringSSL reach these paths only through their feature tests
/// (cpb-reference.md sec. 4.1-4.2): vpaes and bsaes need SSSE3 (VPAES_CAPABLE and BSAES_CAPABLE,
/// OPENSSL_ia32cap_P[1] bit 41-32, crypto/evp/e_aes.c 1.0.2-1.1.1, include/crypto/aes_platform.h
/// 3.x); GCM's PCLMUL GHASH needs PCLMULQDQ (crypto/modes/gcm128.c gcm_init: bit 33); the
/// SHA-1/SHA-256 SIMD paths SSSE3, AVX (with SSSE3) or AVX2+BMI1+BMI2 (sha1-x86_64.pl:265-291,
/// sha512-x86_64.pl:283-326); ChaCha20's SSSE3, AVX2 and AVX-512 paths those bits
/// (chacha-x86_64.pl:261-273). Hardware classes are left to ClassOfOpenPath's paths
/// (PathSpec::needs), which also weigh the capability vector. Other architectures' classes
/// (NEON, which every AArch64 CPU has) are never ruled out here. Never throws.
bool CpuRulesOutSoftwareClass(const CpbClass& c, const cpu::CpuFeatures& cpu);

/// ClassOfOpenPath (verdict_decider.h) with the family of the class's own algorithm
/// (FindAlgorithm(c.algorithm); a name the catalogue lacks has Family::kNone): whether the
/// library and CPU of `facts` can run the class's code at all. The one filter doctor's verdicts
/// and compare's class sentences apply to the cpb classes (Classify's `keep`), so that both name
/// the same candidates for one run. Never throws beyond std::bad_alloc.
bool ClassReachable(const CpbClass& c, const DoctorFacts& facts);

/// The features whose masking switches off a path the CPU and the library's detected vector
/// offer for `alg` (needs, needs_any and mask less trap_only), in first-seen order.
std::vector<std::string> RelevantFeatures(const AlgorithmInfo& alg, const DoctorFacts& facts);

/// The features of RelevantFeatures(alg, facts) that the capability variable in the environment
/// masks (facts.env_masked_features), in env_masked_features' order; empty when it is unset.
std::vector<std::string> EnvMaskedFeatures(const AlgorithmInfo& alg, const DoctorFacts& facts);

/// The data/library-changes.csv rows, by release key, where a software AES path arrives or
/// leaves (BestSoftwareClass, OpenSslSoftwarePaths): bsaes-armv8 ("AES:bsaes-armv8.pl",
/// openssl/openssl#14592), vpaes-armv8 ("AES:vpaes-armv8.pl"), bsaes-armv7 (arm,
/// "AES:bsaes-armv7.pl") and the 1.1.1-branch removal of x86-64 bsaes and aes-x86_64
/// ("AES:PR 9675", a closed range: 3.0 builds them again).
struct SoftwareAesRows {
  ReleaseSpan bsaes_armv8;
  ReleaseSpan vpaes_armv8;
  ReleaseSpan bsaes_armv7;
  ReleaseSpan x86_bsaes_removed;
};
/// The rows above, resolved once. Throws as ReleaseSpanOf when a key names no row or several.
const SoftwareAesRows& SoftwareAesReleases();

/// OPENSSL_VERSION_NUMBER as the version it encodes: 0xMNNFFPPS for releases before 3.0
/// ("1.1.1d" from 0x1010104f, the patch letter from PP, the status nibble S ignored),
/// 0xMNN00PP0 from 3.0 on ("3.1.2" from 0x30100020). nullopt for 0 (unknown).
std::optional<LibraryVersion> OpensslVersionOfNumber(uint64_t openssl_version_num);

/// The best software implementation class OpenSSL of `openssl_version_num`
/// (OPENSSL_VERSION_NUMBER; 0 when the release is unknown) can run on this CPU for the family,
/// with the releases from SoftwareAesReleases(),
/// e.g. "bsaes (CTR, CBC decrypt, XTS) and vpaes (CBC encrypt, ECB), SSSE3" (cpb-reference.md
/// sec. 4). Where the AES class depends on the release (AArch64 and 32-bit ARM always, x86-64
/// without AES-NI) and the release is unknown, the text says "cannot tell" and names
/// `openssl version`. "" for kNone and for architectures without a table (x86-64, aarch64,
/// arm).
std::string BestSoftwareClass(Family family, const cpu::CpuFeatures& cpu,
                              uint64_t openssl_version_num);

/// facts.library.version_num when the library is OpenSSL ("OpenSSL " version text), else 0.
uint64_t OpensslReleaseOf(const DoctorFacts& facts);

/// The feature a path is named after, for prose: "AES-NI", "SHA-NI", "AVX2", ...
std::string_view KeyFeature(const PathSpec& path);

/// The assembly modules (library_facts.h) that carry the accelerated code of `alg`; empty for
/// kNone. The GCM entry lists the AES ones (its GHASH module is GhashModule()).
std::vector<std::string_view> AsmModulesFor(const AlgorithmInfo& alg);
/// The -D*_ASM defines a 1.1.1 x86_64 compiler line carries for `alg`'s assembly (e.g.
/// "compiler: gcc ... -DSHA1_ASM -DSHA256_ASM ... -DAESNI_ASM -DVPAES_ASM -DGHASH_ASM ...
/// -DPOLY1305_ASM", as `openssl version -a` prints it); empty where none is printed.
std::vector<std::string_view> AsmDefinesFor(const AlgorithmInfo& alg);

/// The module that carries GCM's GHASH assembly on `arch` (library_facts.h names):
/// "ghashv8-armx" on AArch64, else "ghash-x86_64".
std::string_view GhashModule(std::string_view arch);
inline constexpr std::string_view kGhashDefine = "GHASH_ASM";

}  // namespace cryptobench::diagnose::verdict_internal
