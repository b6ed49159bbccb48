// Accelerated paths per algorithm family on x86-64 (cpb-reference.md sec. 2.2 and 4), and
// PlanExperiments, which turns them into mask experiments for one CPU and library.
#include "diagnose/verdict_paths.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <utility>

#include <fmt/format.h>

#include "diagnose/armcap.h"
#include "diagnose/doctor_from.h"
#include "diagnose/pk_asm.h"
#include "diagnose/verdict.h"

namespace cryptobench::diagnose {
namespace verdict_internal {
namespace {

// The AES-NI experiment also clears VAES and VPCLMULQDQ: AES-GCM picks its VAES path from those
// bits without looking at AES-NI (cipher_aes_gcm_hw_aesni.inc:36-46, cpb-reference.md 2.3), and
// newer releases may add VAES paths to other modes (sec. 9: VAES CBC-decrypt on master).
const PathSpec kAesNi{
    "AES-NI", {"AES-NI"}, {}, {"AES-NI", "VAES", "VPCLMULQDQ"}, {"VAES", "VPCLMULQDQ"}, "AES-NI"};

// sec. 4.1 ECB/CBC/CTR/OFB/CFB: AES-NI if LV0 bit 57, else bsaes/vpaes (SSSE3), else aes-x86_64.
const PathSpec kAesBlockPaths[] = {kAesNi};

// sec. 4.1 XTS: AES-NI and aesni_xts_avx512_eligible() (AVX512F/DQ/BW/VL, VAES, VPCLMULQDQ,
// VBMI2) → aesni_xts_*_avx512; then aesni_xts.
const PathSpec kAesXtsPaths[] = {
    {"VAES + VPCLMULQDQ",
     {"AES-NI", "VAES", "VPCLMULQDQ", "AVX-512F", "AVX-512DQ", "AVX-512BW", "AVX-512VL",
      "AVX-512VBMI2"},
     {},
     {"VAES", "VPCLMULQDQ"},
     {},
     "VAES",
     false,
     "AES:AES-XTS"},
    kAesNi,
};

// sec. 4.1 GCM: VAES+VPCLMULQDQ+AVX512F/DQ/BW/VL → ossl_aes_gcm_*_avx512; AES-NI → CTR + GHASH
// (stitched with AVX+MOVBE); GHASH: PCLMULQDQ → clmul/avx, else 4-bit. The GHASH experiment
// clears VAES and VPCLMULQDQ as well, so it compares against the AES-NI path, not VAES.
const PathSpec kAesGcmPaths[] = {
    {"VAES + VPCLMULQDQ",
     {"VAES", "VPCLMULQDQ", "AVX-512F", "AVX-512DQ", "AVX-512BW", "AVX-512VL"},
     {},
     {"VAES", "VPCLMULQDQ"},
     {},
     "VAES",
     false,
     "AES:aes-gcm-avx512.pl"},
    kAesNi,
    {"PCLMULQDQ GHASH",
     {"PCLMULQDQ"},
     {},
     {"VAES", "VPCLMULQDQ", "PCLMULQDQ"},
     {"VAES", "VPCLMULQDQ"},
     "",
     true},
};

// sec. 4.2 ChaCha20_ctr32: AVX512F → 16x, AVX512VL → 8xvl, AVX2 → 8x, SSSE3 → 4x; poly1305_init:
// AVX512F+IFMA+VL → base 2^44, AVX2 (→ avx512 with AVX512F), AVX.
const PathSpec kChaChaPaths[] = {
    {"AVX-512",
     {},
     {"AVX-512F", "AVX-512VL"},
     {"AVX-512F", "AVX-512VL", "AVX-512IFMA"},
     {},
     "AVX-512"},
    {"AVX2", {"AVX2"}, {}, {"AVX-512F", "AVX-512VL", "AVX-512IFMA", "AVX2"}, {}, "AVX2"},
};

// sec. 4.2 sha1_block_data_order: no SSSE3 → integer, then SHA → _shaext;
// sha256_block_data_order: SHA → _shaext.
const PathSpec kSha256Paths[] = {
    {"SHA-NI", {"SHA-NI", "SSSE3"}, {}, {"SHA-NI"}, {}, "SHA-NI"},
};

// sec. 4.2 sha512_block_data_order: AVX2 then SHA512 ext → _sha512ext; AVX2+BMI1+BMI2 → _avx2.
// The AVX2 experiment clears SHA512 too, as that path sits behind the AVX2 test.
const PathSpec kSha512Paths[] = {
    {"SHA512 extensions", {"SHA512", "AVX2"}, {}, {"SHA512"}, {}, "SHA512"},
    {"AVX2", {"AVX2", "BMI1", "BMI2"}, {}, {"AVX2", "SHA512"}, {}, "AVX2"},
};

// The MULX/ADCX/ADOX path of the public-key modules: taken when LV1 has 0x80100 (BMI2 and ADX)
// set (data/pk-asm.csv: x86_64-mont5, ecp_nistz256-x86_64, x25519-x86_64).
constexpr std::string_view kMulxPath = "MULX/ADX";

// sec. 4.2 RSA private op: IFMA (AVX512F+DQ+IFMA+VL) or AVX-IFMA → ossl_rsaz_amm52x*; else
// MULX/ADX Montgomery (bn_powerx5) when BMI2+ADX, else rsaz-avx2 for RSA-2048's 1024-bit halves
// when AVX2, else bn_power5 (data/pk-asm.csv). The MULX/ADX experiment also clears AVX2 and both
// IFMA bits, so that RSA-2048 cannot move to rsaz-avx2 (about as fast as MULX/ADX: 2.07 M vs
// 1.92 M cycles per sign, rsaz-avx2.pl:31-38) and no IFMA path hides the change.
const PathSpec kRsaPaths[] = {
    {"AVX-512 IFMA",
     {"AVX-512F", "AVX-512DQ", "AVX-512IFMA", "AVX-512VL"},
     {},
     {"AVX-512IFMA", "AVX-IFMA"},
     {},
     ""},
    {kMulxPath,
     {"BMI2", "ADX"},
     {},
     {"BMI2", "ADX", "AVX2", "AVX-512IFMA", "AVX-IFMA"},
     {"AVX2", "AVX-512IFMA", "AVX-IFMA"},
     ""},
};

// ecp_nistz256-x86_64.pl and x25519-x86_64.pl: MULX/ADX field arithmetic when LV1 has 0x80100,
// else the MULQ code of the same module (data/pk-asm.csv).
const PathSpec kMulxOnlyPaths[] = {
    {kMulxPath, {"BMI2", "ADX"}, {}, {"BMI2", "ADX"}, {}, ""},
};

const CapabilityBit* FindBit(std::string_view name) {
  for (const CapabilityBit& bit : KnownCapabilityBits()) {
    if (bit.name == name) {
      return &bit;
    }
  }
  return nullptr;
}

bool Contains(const std::vector<std::string_view>& list, std::string_view name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

void AddOnce(std::vector<std::string>& out, std::string_view name) {
  if (std::find(out.begin(), out.end(), name) == out.end()) {
    out.emplace_back(name);
  }
}

}  // namespace

Family FamilyOf(const AlgorithmInfo& alg) {
  using P = AlgorithmPrimitive;
  using M = AlgorithmMode;
  if (alg.openssl_name.empty()) {
    return Family::kNone;  // OpenSSL has no code for it (XChaCha20-Poly1305)
  }
  switch (alg.primitive) {
    case P::kAes:
      if (alg.mode == M::kGcm) {
        return Family::kAesGcm;
      }
      return alg.mode == M::kXts ? Family::kAesXts : Family::kAesBlock;  // and CCM, CMAC
    case P::kChaCha20:
    case P::kPoly1305:
      return Family::kChaCha;
    case P::kSha1:
      return Family::kSha256;
    case P::kSha2:
      // SHA-224/SHA-256 (and HMAC over them) work on 64-byte blocks, SHA-384/SHA-512 on 128.
      return alg.block_len == 64 ? Family::kSha256 : Family::kSha512;
    case P::kRsa:
      return Family::kRsa;
    case P::kEcdsa:
    case P::kEcdh:
      return alg.key_bits == 256 ? Family::kEcP256 : Family::kNone;
    case P::kX25519:
      return Family::kX25519;
    case P::kSm4:
      return Family::kSm4;
    default:
      return Family::kNone;  // MD5, SHA-3, BLAKE2b, 3DES, Ed25519
  }
}

// AArch64 (cpb-reference.md sec. 4.3): AES ECB/CBC/CTR/XTS and GCM run aes_v8_* / the
// aes_gcm kernels when ARMV8_AES is set, else bsaes/vpaes (NEON); SHA-1/SHA-256 run
// sha*_block_armv8 with ARMV8_SHA1/ARMV8_SHA256, SHA-512 sha512_block_armv8 with ARMV8_SHA512,
// else the integer asm. OPENSSL_armcap replaces the whole word, so each experiment writes the
// detected word less these bits (armcap.h). The class prefix names data/cpb-classes-aarch64.csv
// rows; SHA-512's ARMv8.2 path has no published cpb, so no class.
const PathSpec kArmAesPaths[] = {{"AES instructions", {"AES"}, {}, {"AES"}, {}, "ARMv8 CE"}};
// GCM (sec. 4.3, cipher_aes_gcm_hw_armv8.inc:23-107): AES+PMULL run the aes_gcm kernels; without
// PMULL, CTR + gcm_ghash_neon or the 4-bit C. The GHASH experiment clears PMULL only: 64-bit
// PMULL GHASH takes 0.51-1.05 cpb against 5.62-8.39 for NEON (ghashv8-armx.pl:36-45).
const PathSpec kArmAesGcmPaths[] = {
    {"AES instructions", {"AES"}, {}, {"AES"}, {}, "ARMv8 CE"},
    {"PMULL GHASH", {"PMULL"}, {}, {"PMULL"}, {}, "", true},
};
const PathSpec kArmShaPaths[] = {
    {"SHA-1/SHA-256 instructions", {}, {"SHA1", "SHA2"}, {"SHA1", "SHA2"}, {}, "ARMv8 CE"}};
const PathSpec kArmSha512Paths[] = {{"SHA512 instructions", {"SHA512"}, {}, {"SHA512"}, {}, ""}};

std::span<const PathSpec> PathsOf(Family family, std::string_view arch) {
  if (arch == "aarch64") {
    switch (family) {
      case Family::kAesBlock:
      case Family::kAesXts:
        return kArmAesPaths;
      case Family::kAesGcm:
        return kArmAesGcmPaths;
      case Family::kSha256:
        return kArmShaPaths;
      case Family::kSha512:
        return kArmSha512Paths;
      default:
        return {};
    }
  }
  if (arch != "x86_64") {
    return {};
  }
  switch (family) {
    case Family::kAesBlock:
      return kAesBlockPaths;
    case Family::kAesXts:
      return kAesXtsPaths;
    case Family::kAesGcm:
      return kAesGcmPaths;
    case Family::kChaCha:
      return kChaChaPaths;
    case Family::kSha256:
      return kSha256Paths;
    case Family::kSha512:
      return kSha512Paths;
    case Family::kRsa:
      return kRsaPaths;
    case Family::kEcP256:
    case Family::kX25519:
      return kMulxOnlyPaths;
    case Family::kSm4:
    case Family::kNone:
      break;
  }
  return {};
}

bool ReleaseHasPath(const AlgorithmInfo& alg, const PathSpec& path, const DoctorFacts& facts) {
  const Family family = FamilyOf(alg);
  if (family != Family::kRsa && family != Family::kEcP256 && family != Family::kX25519) {
    return true;
  }
  const std::optional<LibraryVersion> release = OpenSslReleaseOf(facts.library.version);
  if (!release) {
    return true;
  }
  for (const PkAsmPath* row : PkAsmPathsFor(PkAsmPaths(), alg.name, facts.cpu.arch, &*release)) {
    if (row->role == "dispatch" && RowOnPath(*row, path)) {
      return true;
    }
  }
  return false;
}

const ReleaseSpan& PathReleaseSpan(const PathSpec& path, std::string_view arch) {
  static const ReleaseSpan kEvery;
  if (path.release_key.empty()) {
    return kEvery;
  }
  static std::mutex mutex;
  static std::map<std::pair<std::string, std::string>, ReleaseSpan> spans;
  const std::lock_guard<std::mutex> lock(mutex);
  const std::pair<std::string, std::string> key{std::string(arch), std::string(path.release_key)};
  auto it = spans.find(key);
  if (it == spans.end()) {
    it = spans.emplace(key, ReleaseSpanOf(arch, path.release_key)).first;
  }
  return it->second;
}

const SoftwareAesRows& SoftwareAesReleases() {
  static const SoftwareAesRows kRows{
      ReleaseSpanOf("aarch64", "AES:bsaes-armv8.pl"),
      ReleaseSpanOf("aarch64", "AES:vpaes-armv8.pl"),
      ReleaseSpanOf("arm", "AES:bsaes-armv7.pl"),
      ReleaseSpanOf("x86_64", "AES:PR 9675"),
  };
  return kRows;
}

std::optional<LibraryVersion> OpensslVersionOfNumber(uint64_t openssl_version_num) {
  if (openssl_version_num == 0) {
    return std::nullopt;
  }
  const auto part = [&](int shift) {
    return static_cast<int>((openssl_version_num >> shift) & 0xff);
  };
  LibraryVersion v;
  const int major = static_cast<int>(openssl_version_num >> 28);
  if (major >= 3) {
    v.numbers = {major, part(20), part(4)};
  } else {
    v.numbers = {major, part(20), part(12)};
    v.letter = part(4);
  }
  v.text = fmt::format("{}.{}.{}", v.numbers[0], v.numbers[1], v.numbers[2]);
  if (v.letter > 0 && v.letter <= 26) {
    v.text += static_cast<char>('a' + v.letter - 1);
  }
  return v;
}

const LibraryChange* HardwareAesPathRow(std::string_view arch) {
  if (arch == "x86_64") {
    static const ReleaseSpan kAesNi = ReleaseSpanOf("x86_64", "AES:AES-NI through EVP");
    return kAesNi.from;
  }
  if (arch == "aarch64") {
    static const ReleaseSpan kArmv8 = ReleaseSpanOf("aarch64", "AES:ARMv8 Crypto Extension AES");
    return kArmv8.from;
  }
  return nullptr;
}

bool RowOnPath(const PkAsmPath& row, const PathSpec& path) {
  return !row.bits.empty() &&
         std::all_of(row.bits.begin(), row.bits.end(), [&](const std::string& b) {
           if (Contains(path.trap_only, b)) {
             return false;
           }
           return Contains(path.needs, b) || Contains(path.needs_any, b) || Contains(path.mask, b);
         });
}

const PathSpec* FindPath(Family family, std::string_view arch, std::string_view path) {
  for (const PathSpec& spec : PathsOf(family, arch)) {
    if (spec.path == path) {
      return &spec;
    }
  }
  return nullptr;
}

std::optional<CapabilityVector> CurrentVector(const DoctorFacts& facts) {
  // OPENSSL_ia32cap words only: an OPENSSL_armcap word ("0xbd") is no x86 vector (armcap.h).
  if (facts.no_asm_build || facts.cpu.arch == "aarch64") {
    return std::nullopt;
  }
  if (auto vector = ParseCpuInfoVector(facts.library.capability_vector)) {
    return vector;
  }
  return ParseCpuInfoVector(facts.library.cpu_info);
}

std::optional<CapabilityVector> DetectedVector(const DoctorFacts& facts) {
  if (facts.no_asm_build || facts.cpu.arch == "aarch64") {
    return std::nullopt;
  }
  if (auto vector = ParseCpuInfoVector(facts.detected_capability_vector)) {
    return vector;
  }
  return facts.env_ia32cap ? std::nullopt : CurrentVector(facts);
}

bool FeatureAvailable(std::string_view name, const cpu::CpuFeatures& cpu,
                      const CapabilityVector* vector) {
  const cpu::FeatureState* state = cpu.Find(name);
  if (state != nullptr && !state->usable()) {
    return false;
  }
  const CapabilityBit* bit = FindBit(name);
  if (vector != nullptr && bit != nullptr) {
    return ((*vector)[static_cast<size_t>(bit->vector)] & bit->mask) != 0;
  }
  return state != nullptr;
}

bool PathAvailable(const PathSpec& path, const cpu::CpuFeatures& cpu,
                   const CapabilityVector* vector) {
  for (std::string_view name : path.needs) {
    if (!FeatureAvailable(name, cpu, vector)) {
      return false;
    }
  }
  if (path.needs_any.empty()) {
    return true;
  }
  return std::any_of(path.needs_any.begin(), path.needs_any.end(),
                     [&](std::string_view name) { return FeatureAvailable(name, cpu, vector); });
}

namespace {

// The CPU features a software class of data/cpb-classes.csv needs, by class-name prefix (first
// match wins, so the longer prefix comes first); CpuRulesOutSoftwareClass documents the sources.
struct SoftwareClassNeeds {
  std::string_view prefix;
  std::vector<std::string_view> needs;
};

const std::vector<SoftwareClassNeeds>& X86SoftwareClassNeeds() {
  static const std::vector<SoftwareClassNeeds> kNeeds = {
      {"vpaes SSSE3", {"SSSE3"}},
      {"bsaes + PCLMUL GHASH", {"SSSE3", "PCLMULQDQ"}},
      {"bsaes", {"SSSE3"}},  // bsaes SSSE3 rows and bsaes + 4-bit GHASH
      {"SSSE3", {"SSSE3"}},  // SHA-1/SHA-256 _ssse3, ChaCha20_4x / _4xop (XOP CPUs have SSSE3)
      {"AVX (", {"AVX", "SSSE3"}},  // sha1/sha256 _avx: AVX+SSSE3 (and an Intel CPU)
      {"AVX / XOP", {"AVX"}},       // sha512 _xop / _avx (XOP CPUs have AVX)
      {"AVX2+BMI", {"AVX2", "BMI1", "BMI2"}},
      {"AVX2 (sha1", {"AVX2", "BMI1", "BMI2"}},
      {"AVX2", {"AVX2"}},         // ChaCha20_8x, ChaCha20 + Poly1305 AVX2
      {"AVX-512", {"AVX-512F"}},  // ChaCha20_16x (AVX512F); _8xvl needs AVX512VL, which implies F
  };
  return kNeeds;
}

}  // namespace

bool CpuRulesOutSoftwareClass(const CpbClass& c, const cpu::CpuFeatures& cpu) {
  if (c.family == ClassFamily::kHardware || cpu.arch != "x86_64") {
    return false;
  }
  for (const SoftwareClassNeeds& row : X86SoftwareClassNeeds()) {
    if (!std::string_view(c.name).starts_with(row.prefix)) {
      continue;
    }
    return std::any_of(row.needs.begin(), row.needs.end(), [&](std::string_view need) {
      const cpu::FeatureState* state = cpu.Find(need);
      return state != nullptr && !state->usable();
    });
  }
  return false;
}

std::vector<std::string> RelevantFeatures(const AlgorithmInfo& alg, const DoctorFacts& facts) {
  const std::optional<CapabilityVector> detected = DetectedVector(facts);
  const CapabilityVector* vector = detected ? &*detected : nullptr;
  std::vector<std::string> out;
  for (const PathSpec& path : PathsOf(FamilyOf(alg), facts.cpu.arch)) {
    if (!PathAvailable(path, facts.cpu, vector)) {
      continue;
    }
    for (const auto* list : {&path.needs, &path.needs_any, &path.mask}) {
      for (std::string_view name : *list) {
        if (!Contains(path.trap_only, name)) {
          AddOnce(out, name);
        }
      }
    }
  }
  return out;
}

std::vector<std::string> EnvMaskedFeatures(const AlgorithmInfo& alg, const DoctorFacts& facts) {
  std::vector<std::string> masked;
  if (!facts.env_ia32cap || facts.env_masked_features.empty()) {
    return masked;
  }
  const std::vector<std::string> relevant = RelevantFeatures(alg, facts);
  for (const std::string& name : facts.env_masked_features) {
    if (std::find(relevant.begin(), relevant.end(), name) != relevant.end()) {
      masked.push_back(name);
    }
  }
  return masked;
}

namespace {

// OpenSSL's software AES on AArch64 cores without the AES instructions, by release
// (SoftwareAesReleases(), data/library-changes.csv): bit-sliced bsaes-armv8 from 3.1.0
// (openssl/openssl#14592, merged to master 2022-03-09 after the 3.0 branch); vpaes-armv8 from
// 1.1.0 (VPAES_ASM and "aes_asm_src => aes_core.c aes_cbc.c aesv8-armx.S vpaes-armv8.S" in
// 1.1.0c's linux-aarch64 configdata.pm); before 1.1.0 the C table code (aes_core.c). Without
// bsaes, vpaes runs every mode: CBC decryption through vpaes_cbc_encrypt, CTR and XTS one block
// at a time (vpaes_encrypt; vpaes-armv8.pl has no CTR or XTS entry point).
std::string Aarch64SoftwareAes(Family family, const cpu::CpuFeatures& cpu,
                               const std::optional<LibraryVersion>& release) {
  const SoftwareAesRows& rows = SoftwareAesReleases();
  const std::string ghash = cpu.Usable("PMULL") ? " + PMULL GHASH (gcm_ghash_v8)" : " + NEON GHASH";
  const bool gcm = family == Family::kAesGcm;
  const std::string_view bsaes_from = rows.bsaes_armv8.FirstRelease();
  const std::string_view vpaes_from = rows.vpaes_armv8.FirstRelease();
  if (release && rows.bsaes_armv8.Contains(*release)) {
    return gcm ? "bsaes CTR (NEON)" + ghash
               : "bsaes (CTR, CBC decrypt, XTS) and vpaes (CBC encrypt, ECB), NEON";
  }
  if (release && rows.vpaes_armv8.Contains(*release)) {
    return gcm ? fmt::format("vpaes CTR, one block at a time (NEON){}; no bsaes before OpenSSL {}",
                             ghash, bsaes_from)
               : fmt::format("vpaes in every mode (NEON; no bsaes before OpenSSL {})", bsaes_from);
  }
  if (release) {
    return gcm ? fmt::format(
                     "the C table code (aes_core.c) + C GHASH; no NEON AES before OpenSSL {}",
                     vpaes_from)
               : fmt::format("the C table code (aes_core.c); no NEON AES before OpenSSL {}",
                             vpaes_from);
  }
  return fmt::format(
      "cannot tell without the OpenSSL release (openssl version): bsaes (CTR, CBC decrypt, XTS) "
      "and vpaes, NEON, from {}; vpaes in every mode from {}; the C table code before",
      bsaes_from, vpaes_from);
}

// OpenSSL's software AES on 32-bit ARM without the AES instructions: bit-sliced bsaes-armv7
// (CBC decrypt, CTR, XTS; NEON) beside the aes-armv4 table asm from 1.0.2 (data/
// library-changes.csv, bsaes-armv7.pl in OpenSSL_1_0_2-stable), the aes-armv4 table asm alone
// before.
std::string ArmSoftwareAes(Family family, const cpu::CpuFeatures& cpu,
                           const std::optional<LibraryVersion>& release) {
  const ReleaseSpan& bsaes = SoftwareAesReleases().bsaes_armv7;
  const bool gcm = family == Family::kAesGcm;
  const std::string ghash = gcm ? " + NEON or 4-bit GHASH" : "";
  const bool neon = cpu.Usable("NEON") || cpu.Find("NEON") == nullptr;
  if (release && bsaes.Contains(*release)) {
    return neon ? (gcm ? "bsaes CTR (NEON)" + ghash
                       : "bsaes (CTR, CBC decrypt, XTS; NEON) and aes-armv4 table asm (CBC "
                         "encrypt, ECB)")
                : "aes-armv4 table asm" + ghash;
  }
  if (release) {
    return fmt::format("aes-armv4 table asm{}; no bsaes-armv7 before OpenSSL {}", ghash,
                       bsaes.FirstRelease());
  }
  return fmt::format(
      "cannot tell without the OpenSSL release (openssl version): bsaes (NEON) and aes-armv4 "
      "table asm from {}, aes-armv4 table asm alone before",
      bsaes.FirstRelease());
}

}  // namespace

std::string BestSoftwareClass(Family family, const cpu::CpuFeatures& cpu,
                              uint64_t openssl_version_num) {
  const std::optional<LibraryVersion> release = OpensslVersionOfNumber(openssl_version_num);
  const bool aes =
      family == Family::kAesBlock || family == Family::kAesXts || family == Family::kAesGcm;
  if (cpu.arch == "aarch64") {
    // cpb-reference.md sec. 4.3: no scalar AES asm on AArch64; NEON is always there.
    if (aes) {
      return Aarch64SoftwareAes(family, cpu, release);
    }
    switch (family) {
      case Family::kSha256:
        return "integer asm (SHA-256 also NEON)";
      case Family::kSha512:
        return "integer asm";
      default:
        return "";
    }
  }
  if (cpu.arch == "arm") {
    return aes ? ArmSoftwareAes(family, cpu, release) : "";
  }
  if (cpu.arch != "x86_64") {
    return "";
  }
  const bool ssse3 = cpu.Usable("SSSE3");
  // The SHA AVX (non-AVX2) paths run only on Intel (LV0 bit 30; sha1-x86_64.pl:281-285).
  const bool intel_avx = cpu.Usable("AVX") && cpu.vendor == "GenuineIntel";
  switch (family) {
    case Family::kAesBlock:
    case Family::kAesXts:
    case Family::kAesGcm: {
      // 1.1.1d to 1.1.1w lack bsaes-x86_64 and aes-x86_64 (PR 9675 on the 1.1.1 branch, a
      // closed range of data/library-changes.csv: 3.0 builds them again); every other release
      // has both. 1.1.1w is the last 1.1.1 release, where the row's range ends.
      const ReleaseSpan& removal = SoftwareAesReleases().x86_bsaes_removed;
      const bool removed = release && removal.Contains(*release);
      const bool unknown = !release;
      const std::string removed_in = fmt::format("{} to 1.1.1w", removal.FirstRelease());
      const std::string ghash = family != Family::kAesGcm ? ""
                                : cpu.Usable("PCLMULQDQ") ? " + PCLMULQDQ GHASH"
                                                          : " + 4-bit GHASH";
      std::string out;
      if (family == Family::kAesGcm) {
        out = removed ? (ssse3 ? "vpaes CTR (SSSE3)" : "C AES (aes_core.c)")
                      : (ssse3 ? "bsaes CTR (SSSE3)" : "aes-x86_64 AES_encrypt");
        out += ghash;
      } else if (removed) {
        out = ssse3 ? fmt::format("vpaes in every mode (SSSE3; no bsaes in {})", removed_in)
                    : fmt::format("C AES (aes_core.c; no aes-x86_64 in {})", removed_in);
      } else {
        out = ssse3 ? "bsaes (CTR, CBC decrypt, XTS) and vpaes (CBC encrypt, ECB), SSSE3"
                    : "aes-x86_64 table asm";
      }
      if (unknown) {
        out += fmt::format(
            " ({} in {}: cannot tell which without the OpenSSL release, openssl version)",
            ssse3 ? "vpaes in every mode" : "C AES", removed_in);
      }
      return out;
    }
    case Family::kChaCha:
      return ssse3 ? "SSSE3 (ChaCha20_4x)" : "integer asm";
    case Family::kSha256:
      if (cpu.Usable("AVX2") && cpu.Usable("BMI1") && cpu.Usable("BMI2")) {
        return "AVX2+BMI";
      }
      if (intel_avx && ssse3) {
        return "AVX (Intel only)";
      }
      return ssse3 ? "SSSE3" : "integer asm";
    case Family::kSha512:
      return intel_avx && ssse3 ? "AVX (Intel only)" : "integer asm (no SSSE3 path for SHA-512)";
    case Family::kRsa:
      if (cpu.Usable("BMI2") && cpu.Usable("ADX")) {
        return "MULX/ADX Montgomery (bn_powerx5)";
      }
      return cpu.Usable("AVX2") ? "rsaz AVX2 (RSA-2048), else 64-bit MULQ Montgomery (bn_power5)"
                                : "64-bit MULQ Montgomery (bn_power5)";
    case Family::kEcP256:
      return "MULQ field arithmetic of ecp_nistz256-x86_64";
    case Family::kX25519:
      return "radix 2^51 MULQ field arithmetic (x25519_fe51, x25519-x86_64)";
    case Family::kSm4:
    case Family::kNone:
      break;
  }
  return "";
}

uint64_t OpensslReleaseOf(const DoctorFacts& facts) {
  return facts.library.version.starts_with("OpenSSL ") ? facts.library.version_num : 0;
}

std::string_view GhashModule(std::string_view arch) {
  return arch == "aarch64" ? "ghashv8-armx" : "ghash-x86_64";
}

std::string_view KeyFeature(const PathSpec& path) {
  if (path.ghash) {
    return path.mask.back();  // PCLMULQDQ on x86-64, PMULL on AArch64
  }
  if (path.path == "VAES + VPCLMULQDQ") {
    return "VAES and VPCLMULQDQ";
  }
  if (path.path == "SHA512 extensions") {
    return "the SHA512 extensions";
  }
  if (path.path == "AVX-512 IFMA") {
    return "AVX-512 IFMA";
  }
  if (path.path == kMulxPath) {
    return "BMI2 and ADX (MULX/ADCX/ADOX)";
  }
  return path.path;
}

std::vector<std::string_view> AsmModulesFor(const AlgorithmInfo& alg) {
  switch (FamilyOf(alg)) {
    case Family::kAesBlock:
    case Family::kAesXts:
      return {"aesni-x86_64"};
    case Family::kAesGcm:
      return {"aesni-x86_64", "aesni-gcm-x86_64"};
    case Family::kChaCha:
      if (alg.name == "Poly1305") {
        return {"poly1305-x86_64"};
      }
      if (alg.name == "ChaCha20") {
        return {"chacha-x86_64"};
      }
      return {"chacha-x86_64", "poly1305-x86_64"};
    case Family::kSha256:
      return {alg.name == "SHA-1" ? "sha1-x86_64" : "sha256-x86_64"};
    case Family::kSha512:
      return {"sha512-x86_64"};
    case Family::kRsa:
      return {"x86_64-mont5"};
    case Family::kEcP256:
      return {"ecp_nistz256-x86_64"};
    case Family::kX25519:
      return {"x25519-x86_64"};
    case Family::kSm4:
    case Family::kNone:
      break;
  }
  return {};
}

std::vector<std::string_view> AsmDefinesFor(const AlgorithmInfo& alg) {
  switch (FamilyOf(alg)) {
    case Family::kAesBlock:
    case Family::kAesXts:
    case Family::kAesGcm:
      return {"AESNI_ASM"};
    case Family::kChaCha:
      if (alg.name == "ChaCha20") {
        return {};  // 1.1.1 prints no define for ChaCha20's assembly
      }
      return {"POLY1305_ASM"};
    case Family::kSha256:
      return {alg.name == "SHA-1" ? "SHA1_ASM" : "SHA256_ASM"};
    case Family::kSha512:
      return {"SHA512_ASM"};
    case Family::kRsa:
    case Family::kEcP256:
    case Family::kX25519:
    case Family::kSm4:
    case Family::kNone:
      break;
  }
  return {};
}

}  // namespace verdict_internal

std::vector<Experiment> PlanExperiments(const AlgorithmInfo& alg, const DoctorFacts& facts) {
  using verdict_internal::PathSpec;
  std::vector<Experiment> plan;
  if (facts.no_asm_build) {
    return plan;
  }
  // Without a readable vector (1.x prints none) only the CPU's word counts.
  const std::optional<CapabilityVector> current = verdict_internal::CurrentVector(facts);
  const CapabilityVector* vector = current ? &*current : nullptr;
  int vaes_experiment = 0;  // 1-based index of the planned VAES experiment, 0 if none
  for (const PathSpec& path :
       verdict_internal::PathsOf(verdict_internal::FamilyOf(alg), facts.cpu.arch)) {
    if (!verdict_internal::PathAvailable(path, facts.cpu, vector) ||
        !verdict_internal::ReleaseHasPath(alg, path, facts)) {
      continue;
    }
    Experiment experiment;
    experiment.path = std::string(path.path);
    for (std::string_view name : path.mask) {
      // A bit already clear proves nothing and would only lengthen the label.
      if (verdict_internal::FeatureAvailable(name, facts.cpu, vector)) {
        experiment.features.emplace_back(name);
      }
    }
    std::string joined;
    for (const std::string& name : experiment.features) {
      joined += (joined.empty() ? "" : ", ") + name;
    }
    experiment.label = joined + " masked";
    if (path.ghash) {
      experiment.baseline = vaes_experiment;
    }
    plan.push_back(std::move(experiment));
    if (path.path == "VAES + VPCLMULQDQ") {
      vaes_experiment = static_cast<int>(plan.size());
    }
  }
  return plan;
}

std::string_view MaskVariable(std::string_view arch) {
  return arch == "aarch64" ? "OPENSSL_armcap" : "OPENSSL_ia32cap";
}

std::string UnsetEnvLabel(std::string_view variable) { return "without " + std::string(variable); }

uint32_t ArmcapFromCpu(const DoctorFacts& facts) {
  std::vector<std::string> usable;
  for (const cpu::FeatureState& f : facts.cpu.features) {
    if (f.usable()) {
      usable.push_back(f.name);
    }
  }
  return ArmcapFromFeatureNames(usable);
}

std::string ExperimentIa32cap(const Experiment& experiment, const DoctorFacts& facts) {
  std::vector<std::string> names = experiment.features;
  if (facts.cpu.arch == "aarch64") {
    // OPENSSL_armcap replaces the word: the detected one (CPUINFO), else the CPU's features.
    std::optional<uint32_t> detected = ParseArmcapCpuInfo(facts.detected_capability_vector);
    if (!detected) {
      detected = ParseArmcapCpuInfo(facts.library.cpu_info);
    }
    return ArmcapClearing(detected ? *detected : ArmcapFromCpu(facts), names);
  }
  for (const std::string& name : facts.env_masked_features) {
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      names.push_back(name);
    }
  }
  return MaskClearing(names);
}

std::vector<std::string_view> CompilerLineDefinesFor(const AlgorithmInfo& alg) {
  using verdict_internal::Family;
  std::vector<std::string_view> out = verdict_internal::AsmDefinesFor(alg);
  const auto add = [&out](std::string_view define) {
    if (std::find(out.begin(), out.end(), define) == out.end()) {
      out.push_back(define);
    }
  };
  switch (verdict_internal::FamilyOf(alg)) {
    case Family::kAesGcm:
    case Family::kAesBlock:
    case Family::kAesXts:
      // 1.1.1 Configure: AES_ASM, AESNI_ASM, VPAES_ASM, BSAES_ASM from the modules in the
      // target's aes_asm_src; 1.0.2 enables AES-NI under AES_ASM.
      for (std::string_view define : {"AES_ASM", "VPAES_ASM", "BSAES_ASM"}) {
        add(define);
      }
      if (verdict_internal::FamilyOf(alg) == Family::kAesGcm) {
        add(verdict_internal::kGhashDefine);
      }
      break;
    case Family::kRsa:
      add("OPENSSL_BN_ASM_MONT");
      break;
    case Family::kEcP256:
      add("ECP_NISTZ256_ASM");
      break;
    case Family::kX25519:
      add("X25519_ASM");
      break;
    default:
      break;
  }
  if (alg.primitive == AlgorithmPrimitive::kMd5) {
    add("MD5_ASM");
  } else if (alg.primitive == AlgorithmPrimitive::kSha3) {
    add("KECCAK1600_ASM");
  }
  return out;
}

}  // namespace cryptobench::diagnose
