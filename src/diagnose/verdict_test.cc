// Tests of the verdict engine on recorded facts: the Zen 4 build machine with Debian's OpenSSL
// 3.0.19, an OpenSSL master build and a no-asm build (cpb-reference.md sec. 8 figures), the
// same machine with OPENSSL_ia32cap in the environment, and a Core 2 without AES-NI.
#include "diagnose/verdict.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"

#include "diagnose/classifier.h"
#include "diagnose/verdict_paths.h"
#include "diagnose/verdict_test_fixtures.h"
#include "diagnose/verdict_text.h"

namespace cryptobench::diagnose {
namespace {

using testing::Core2;
using testing::kCore2Hz;
using testing::kLen;
using testing::kZen4Hz;
using testing::Mbps;
using testing::MbpsAtCpb;
using testing::Zen4Debian30;
using testing::Zen4Master;
using testing::Zen4NoAsm;
using testing::Zen4WithEnv;

const AlgorithmInfo& Alg(std::string_view name) {
  const AlgorithmInfo* alg = FindAlgorithm(name);
  if (alg == nullptr) {
    throw std::runtime_error("not in the catalogue: " + std::string(name));
  }
  return *alg;
}

std::vector<std::string> Paths(const std::vector<Experiment>& plan) {
  std::vector<std::string> out;
  for (const Experiment& e : plan) {
    out.push_back(e.path);
  }
  return out;
}

bool Has(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

bool AnyHas(const std::vector<std::string>& lines, std::string_view part) {
  for (const std::string& line : lines) {
    if (Has(line, part)) {
      return true;
    }
  }
  return false;
}

// Plans the experiments for `name`, checks they are the paths expected, and decides with
// `measured` (MB/s: as is, then one per experiment) at a fixed clock.
std::vector<Verdict> PlanAndDecide(std::string_view name, std::string_view operation,
                                   const DoctorFacts& facts,
                                   const std::vector<std::string>& expected_paths,
                                   const std::vector<double>& measured, double hz = kZen4Hz,
                                   uint64_t input_len = kLen) {
  const std::vector<Experiment> plan = PlanExperiments(Alg(name), facts);
  EXPECT_EQ(Paths(plan), expected_paths) << name;
  std::vector<Measurement> ms;
  for (size_t i = 0; i < measured.size(); ++i) {
    ms.push_back(Mbps(measured[i], 0.01, i == 0 ? "as is" : plan.at(i - 1).label));
  }
  return DecideVerdicts(Alg(name), operation, input_len, facts, plan, ms, hz, hz);
}

void ExpectLineShape(const Verdict& v) {
  const std::string prefix = VerdictSubject(v) + ": " + VerdictStatusName(v.status) + ": ";
  EXPECT_TRUE(v.line.starts_with(prefix)) << v.line;
  EXPECT_TRUE(v.line.ends_with(".")) << v.line;
  EXPECT_FALSE(v.evidence.empty()) << v.line;
}

// ---- Zen 4 + OpenSSL 3.0.19: everything accelerated, each with mask evidence ---------------

// FamilyOf reads the catalogue's typed fields (primitive, mode, block and key size), not the
// name: every entry's family, pinned as the name-based version gave it.
TEST(VerdictFamilyOfTest, EveryCatalogueEntryHasItsDispatchFamily) {
  using F = verdict_internal::Family;
  const std::pair<std::string_view, F> expected[] = {
      {"AES-128-CBC", F::kAesBlock},
      {"AES-192-CBC", F::kAesBlock},
      {"AES-256-CBC", F::kAesBlock},
      {"AES-128-CTR", F::kAesBlock},
      {"AES-256-CTR", F::kAesBlock},
      {"AES-128-ECB", F::kAesBlock},
      {"AES-256-ECB", F::kAesBlock},
      {"AES-128-XTS", F::kAesXts},
      {"AES-256-XTS", F::kAesXts},
      {"DES-EDE3-CBC", F::kNone},
      {"SM4-CBC", F::kSm4},
      {"ChaCha20", F::kChaCha},
      {"AES-128-GCM", F::kAesGcm},
      {"AES-256-GCM", F::kAesGcm},
      {"AES-128-CCM", F::kAesBlock},
      {"ChaCha20-Poly1305", F::kChaCha},
      {"XChaCha20-Poly1305", F::kNone},
      {"MD5", F::kNone},
      {"SHA-1", F::kSha256},
      {"SHA-224", F::kSha256},
      {"SHA-256", F::kSha256},
      {"SHA-384", F::kSha512},
      {"SHA-512", F::kSha512},
      {"SHA3-256", F::kNone},
      {"BLAKE2b-512", F::kNone},
      {"HMAC-SHA256", F::kSha256},
      {"CMAC-AES-128", F::kAesBlock},
      {"Poly1305", F::kChaCha},
      {"RSA-2048", F::kRsa},
      {"RSA-3072", F::kRsa},
      {"RSA-4096", F::kRsa},
      {"ECDSA-P256", F::kEcP256},
      {"ECDSA-P384", F::kNone},
      {"Ed25519", F::kNone},
      {"X25519", F::kX25519},
      {"ECDH-P256", F::kEcP256},
  };
  for (const auto& [name, family] : expected) {
    const AlgorithmInfo* alg = FindAlgorithm(name);
    ASSERT_NE(alg, nullptr) << name;
    EXPECT_EQ(verdict_internal::FamilyOf(*alg), family) << name;
  }
  // A renamed copy keeps its family: the name is not read.
  AlgorithmInfo renamed = *FindAlgorithm("AES-256-GCM");
  renamed.name = "renamed";
  EXPECT_EQ(verdict_internal::FamilyOf(renamed), F::kAesGcm);
}

// The advice's `openssl speed` arguments are ones apps/speed.c accepts (new-user tryout: HMAC was
// '-evp hmac-sha256', which speed refuses, and SHA-256 '-evp sha-256', which 1.x refuses).
TEST(OpensslSpeedArgsTest, NamesWhatOpensslSpeedAccepts) {
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"AES-128-GCM", "-evp aes-128-gcm"},
      {"SHA-256", "-evp sha256"},
      {"SHA-512", "-evp sha512"},
      {"BLAKE2b-512", "-evp blake2b512"},
      {"HMAC-SHA256", "-hmac sha256"},
      {"CMAC-AES-128", "-cmac aes-128-cbc"},
      {"ChaCha20-Poly1305", "-evp chacha20-poly1305"},
      {"RSA-2048", "rsa2048"},
      {"ECDSA-P256", "ecdsap256"},
      {"X25519", "ecdhx25519"},
      {"SM4-XYZ", "-evp sm4-xyz"},
  };
  for (const auto& [name, args] : expected) {
    EXPECT_EQ(verdict_internal::OpensslSpeedArgs(name), args) << name;
  }
}

TEST(DecideVerdictsTest, Zen4Debian30AesCbcIsAcceleratedByAesNi) {
  // sec. 8: sys3.0 default 1425 MB/s; noAESNI (vpaes) 299 MB/s.
  const auto verdicts =
      PlanAndDecide("AES-128-CBC", "encrypt", Zen4Debian30(), {"AES-NI"}, {1425, 299});
  ASSERT_EQ(verdicts.size(), 1u);
  const Verdict& v = verdicts[0];
  ExpectLineShape(v);
  EXPECT_EQ(v.status, VerdictStatus::kAccelerated);
  EXPECT_EQ(
      v.line,
      "AES-128-CBC encrypt: accelerated: AES-NI path, 2.57 cpb, fits AES-NI (aesni_cbc_encrypt); "
      "masking AES-NI, VAES, VPCLMULQDQ slows it 4.8x.");
  EXPECT_EQ(v.fingerprint, "AES-NI (aesni_cbc_encrypt)");
  EXPECT_NEAR(v.cpb_low, kZen4Hz / 1425e6, 1e-9);
  EXPECT_TRUE(AnyHas(v.evidence, "the AES-NI path was in use")) << v.evidence[0];
  EXPECT_TRUE(v.advice.empty());
  EXPECT_FALSE(IsProblem(v.status));
}

TEST(DecideVerdictsTest, Zen4Debian30AesCtrIsAccelerated) {
  // sec. 8: sys3.0 9488 MB/s; noAESNI (bsaes CTR) 738 MB/s.
  const auto verdicts =
      PlanAndDecide("AES-128-CTR", "encrypt", Zen4Debian30(), {"AES-NI"}, {9488, 738});
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].status, VerdictStatus::kAccelerated);
  EXPECT_TRUE(Has(verdicts[0].line, "slows it 12.9x")) << verdicts[0].line;
}

TEST(DecideVerdictsTest, Zen4Debian30GcmProvesAesNiAndGhashButNotVaes) {
  // sec. 8: sys3.0 4468 MB/s (AES-NI+AVX stitch); VAES masked 4510 (the same stitch: 3.0.19 has
  // no VAES GCM code); AES-NI masked 647 (bsaes + PCLMUL GHASH). No recorded figure exists for
  // AES-NI CTR with the 4-bit GHASH, so the GHASH experiment is the sum of AES-NI CTR 0.385 cpb
  // and 4-bit GHASH 6.35 cpb (bsaes+4-bit 11.314 - bsaes CTR 4.961): 6.74 cpb.
  const double ghash_masked = MbpsAtCpb(0.385 + (11.314 - 4.961), kZen4Hz);
  const auto verdicts = PlanAndDecide("AES-128-GCM", "encrypt", Zen4Debian30(),
                                      {"VAES + VPCLMULQDQ", "AES-NI", "PCLMULQDQ GHASH"},
                                      {4468, 4510, 647, ghash_masked});
  ASSERT_EQ(verdicts.size(), 2u);
  const Verdict& gcm = verdicts[0];
  ExpectLineShape(gcm);
  EXPECT_EQ(gcm.status, VerdictStatus::kAccelerated);
  EXPECT_TRUE(
      gcm.line.starts_with("AES-128-GCM encrypt: accelerated: AES-NI path, 0.82 cpb, fits "
                           "hardware (AES-NI+AVX stitched"))
      << gcm.line;
  EXPECT_TRUE(Has(gcm.line, "masking AES-NI, VAES, VPCLMULQDQ slows it 6.9x.")) << gcm.line;
  // Masking VAES changed nothing: information, never a problem.
  EXPECT_TRUE(AnyHas(gcm.evidence, "the VAES + VPCLMULQDQ path is not used by this library"));
  EXPECT_TRUE(gcm.advice.starts_with("Optional: OpenSSL 3.0 has no VAES GCM code")) << gcm.advice;
  // At 16-byte inputs the bulk-data advice does not apply.
  const auto small = PlanAndDecide("AES-128-GCM", "encrypt", Zen4Debian30(),
                                   {"VAES + VPCLMULQDQ", "AES-NI", "PCLMULQDQ GHASH"},
                                   {300, 301, 60, 100}, kZen4Hz, 16);
  ASSERT_FALSE(small.empty());
  EXPECT_TRUE(small[0].advice.empty()) << small[0].advice;

  const Verdict& ghash = verdicts[1];
  ExpectLineShape(ghash);
  EXPECT_EQ(ghash.algorithm, "GHASH (AES-128-GCM)");
  EXPECT_EQ(ghash.status, VerdictStatus::kAccelerated);
  // Compared with the VAES-masked run, so only PCLMULQDQ differs.
  EXPECT_TRUE(Has(ghash.line, "masking PCLMULQDQ slows AES-128-GCM 8.3x")) << ghash.line;
  EXPECT_TRUE(Has(ghash.line, "(0.81 cpb to 6.74 cpb)")) << ghash.line;
}

TEST(DecideVerdictsTest, Zen4MasterGcmRunsTheVaesPath) {
  // sec. 8 build-asm (master): default 11225 MB/s, noVAES512 4510, noAESNI 647.
  const auto verdicts = PlanAndDecide("AES-128-GCM", "encrypt", Zen4Master(),
                                      {"VAES + VPCLMULQDQ", "AES-NI", "PCLMULQDQ GHASH"},
                                      {11225, 4510, 647, MbpsAtCpb(6.74, kZen4Hz)});
  ASSERT_EQ(verdicts.size(), 2u);
  EXPECT_EQ(verdicts[0].line,
            "AES-128-GCM encrypt: accelerated: VAES + VPCLMULQDQ path, 0.33 cpb, fits VAES-AVX512 "
            "(ossl_aes_gcm_encrypt_avx512); masking VAES, VPCLMULQDQ slows it 2.5x.");
  EXPECT_TRUE(verdicts[0].advice.empty());
  EXPECT_EQ(verdicts[1].status, VerdictStatus::kAccelerated);
}

TEST(DecideVerdictsTest, Zen4ShaAndChaChaAreAccelerated) {
  const DoctorFacts facts = Zen4Debian30();
  struct Case {
    const char* name;
    const char* operation;
    std::vector<std::string> paths;
    std::vector<double> measured;  // sec. 8, MB/s
    const char* expected;
  };
  const Case cases[] = {
      {"SHA-1", "hash", {"SHA-NI"}, {1923, 1224}, "SHA-NI path, 1.90 cpb"},
      {"SHA-256", "hash", {"SHA-NI"}, {1789, 522}, "masking SHA-NI slows it 3.4x"},
      // SHA-512 has no SHA-NI path: AVX2 masked (noSHA_noAVX2) runs the integer code.
      {"SHA-512", "hash", {"AVX2"}, {859, 593}, "AVX2 path, 4.26 cpb"},
      // ChaCha20: default 5361; AVX-512F+VL masked 3480 (AVX2 8x); all AVX-512 + AVX2: 1761.
      {"ChaCha20",
       "encrypt",
       {"AVX-512", "AVX2"},
       {5361, 3480, 1761},
       "masking AVX-512F, AVX-512VL, AVX-512IFMA slows it 1.5x"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const auto verdicts = PlanAndDecide(c.name, c.operation, facts, c.paths, c.measured);
    ASSERT_EQ(verdicts.size(), 1u);
    ExpectLineShape(verdicts[0]);
    EXPECT_EQ(verdicts[0].status, VerdictStatus::kAccelerated);
    EXPECT_TRUE(Has(verdicts[0].line, c.expected)) << verdicts[0].line;
  }
}

TEST(DecideVerdictsTest, AlgorithmsWithoutADispatchedPathReportTheirFingerprint) {
  // sec. 8: MD5 asm 809 MB/s (4.52 cpb) overlaps the generic C class: class undetermined.
  const auto md5 = PlanAndDecide("MD5", "hash", Zen4Debian30(), {}, {809});
  ASSERT_EQ(md5.size(), 1u);
  ExpectLineShape(md5[0]);
  EXPECT_EQ(md5[0].status, VerdictStatus::kNoHardwarePath);
  EXPECT_TRUE(md5[0].fingerprint.starts_with("software, class undetermined")) << md5[0].line;
  EXPECT_FALSE(IsProblem(md5[0].status));
}

// ---- No-asm build: NOT accelerated, with expected vs measured ---------------------------------

std::string ExpectedFigure(std::string_view alg, std::string_view operation,
                           std::string_view prefix) {
  for (const CpbClass& c : ParseCpbClasses(EmbeddedCpbClassesCsv("x86_64"))) {
    if (c.algorithm == alg && c.operation == operation && c.name.starts_with(prefix)) {
      return verdict_internal::FormatBytesPerSecond(kZen4Hz / ((c.cpb_low + c.cpb_high) / 2));
    }
  }
  return "no class";
}

TEST(DecideVerdictsTest, NoAsmBuildIsNotAcceleratedBuiltWithoutAssembly) {
  const DoctorFacts facts = Zen4NoAsm();
  // sec. 8 no-asm: AES-128-CBC 309 MB/s (11.86 cpb), SHA-256 295 MB/s (12.41 cpb).
  const auto cbc = PlanAndDecide("AES-128-CBC", "encrypt", facts, {}, {309});
  ASSERT_EQ(cbc.size(), 1u);
  ExpectLineShape(cbc[0]);
  EXPECT_EQ(cbc[0].status, VerdictStatus::kNotAccelerated);
  EXPECT_TRUE(IsProblem(cbc[0].status));
  // 11.84 cpb fits generic C, vpaes and the table asm alike (sec. 7.1), but a build without
  // assembly runs only its C code: generic C is the one class offered.
  EXPECT_TRUE(Has(cbc[0].line,
                  "AES-128-CBC encrypt: NOT accelerated: built without assembly (CPUINFO: N/A), "
                  "though the CPU has AES-NI; 11.84 cpb is generic C (aes_core.c)."))
      << cbc[0].line;
  EXPECT_TRUE(Has(cbc[0].line, "Expected about " +
                                   ExpectedFigure("AES-128-CBC", "encrypt", "AES-NI") +
                                   ", measured 309 MB/s (3.0x slower)."))
      << cbc[0].line;
  EXPECT_TRUE(Has(cbc[0].advice, "without the no-asm option"));

  const auto sha = PlanAndDecide("SHA-256", "hash", facts, {}, {295});
  ASSERT_EQ(sha.size(), 1u);
  EXPECT_EQ(sha[0].status, VerdictStatus::kNotAccelerated);
  EXPECT_TRUE(
      Has(sha[0].line,
          "SHA-256 hash: NOT accelerated: built without assembly (CPUINFO: N/A), though the "
          "CPU has SHA-NI; "))
      << sha[0].line;
  EXPECT_TRUE(Has(sha[0].line, "Expected about " + ExpectedFigure("SHA-256", "hash", "SHA-NI") +
                                   ", measured 295 MB/s (6.0x slower)."))
      << sha[0].line;
}

// SM4 is not an algorithm without a hardware path: OpenSSL picks SM4's code at run time on CPUs
// that have one (the SM4 instructions or ASIMD on AArch64, Intel's SM4 instructions on x86-64 in
// recent releases; verdict_paths.h), and doctor has no mask experiment for it, so it cannot tell.
TEST(DecideVerdictsTest, Sm4IsUndeterminedNotNoHardwarePath) {
  const auto sm4 = PlanAndDecide("SM4-CBC", "encrypt", Zen4Debian30(), {}, {150});
  ASSERT_EQ(sm4.size(), 1u);
  ExpectLineShape(sm4[0]);
  EXPECT_EQ(sm4[0].status, VerdictStatus::kUndetermined) << sm4[0].line;
  EXPECT_TRUE(Has(sm4[0].line, "cannot tell which SM4 code ran")) << sm4[0].line;
  EXPECT_FALSE(IsProblem(sm4[0].status));
}

// Without assembly SM4 runs the generic C code, but whether an assembly build would be faster on
// the CPU is still not known: undetermined, not "no CPU-feature path".
TEST(DecideVerdictsTest, NoAsmSm4SaysGenericCButCannotTellMore) {
  const auto sm4 = PlanAndDecide("SM4-CBC", "encrypt", Zen4NoAsm(), {}, {150});
  ASSERT_EQ(sm4.size(), 1u);
  EXPECT_EQ(sm4[0].status, VerdictStatus::kUndetermined) << sm4[0].line;
  EXPECT_TRUE(Has(sm4[0].line, "runs the generic C code")) << sm4[0].line;
  EXPECT_FALSE(Has(sm4[0].line, "no CPU-feature path")) << sm4[0].line;
}

TEST(DecideVerdictsTest, NoAsmBuildOfAnAlgorithmWithoutPathIsGenericCInformation) {
  // sec. 8 no-asm MD5: 722 MB/s (5.07 cpb).
  const auto md5 = PlanAndDecide("MD5", "hash", Zen4NoAsm(), {}, {722});
  ASSERT_EQ(md5.size(), 1u);
  EXPECT_EQ(md5[0].status, VerdictStatus::kNoHardwarePath);
  EXPECT_TRUE(Has(md5[0].line, "generic C")) << md5[0].line;
  EXPECT_TRUE(Has(md5[0].line, "built without assembly")) << md5[0].line;
}

// ---- OPENSSL_ia32cap in doctor's environment -----------------------------------------------

constexpr const char* kNoAesNiNoVaes = "~0x200000000000000:~0x60000000000:~0:~0:~0";

TEST(DecideVerdictsTest, EnvMaskOfAesNiAndVaesMakesAesMasked) {
  const DoctorFacts facts = Zen4WithEnv(kNoAesNiNoVaes);
  ASSERT_EQ(facts.env_masked_features, (std::vector<std::string>{"AES-NI", "VAES", "VPCLMULQDQ"}));
  // AES-NI is clear in the vector in use: masking it again would prove nothing.
  const auto cbc = PlanAndDecide("AES-128-CBC", "encrypt", facts, {}, {299});
  ASSERT_EQ(cbc.size(), 1u);
  ExpectLineShape(cbc[0]);
  EXPECT_EQ(cbc[0].status, VerdictStatus::kMasked);
  EXPECT_TRUE(IsProblem(cbc[0].status));
  EXPECT_TRUE(Has(cbc[0].line, "AES-NI is available but masked by OPENSSL_ia32cap=" +
                                   std::string(kNoAesNiNoVaes) + " in the environment"))
      << cbc[0].line;
  EXPECT_TRUE(cbc[0].advice.starts_with("Unset OPENSSL_ia32cap")) << cbc[0].advice;

  // GCM: the VAES and the AES-NI path are both switched off; the GHASH experiment still runs.
  const auto gcm = PlanAndDecide("AES-128-GCM", "encrypt", facts, {"PCLMULQDQ GHASH"},
                                 {647, MbpsAtCpb(11.314, kZen4Hz)});
  ASSERT_EQ(gcm.size(), 2u);
  EXPECT_EQ(gcm[0].status, VerdictStatus::kMasked);
  EXPECT_TRUE(Has(gcm[0].line, "AES-NI, VAES, VPCLMULQDQ are available but masked")) << gcm[0].line;
  EXPECT_EQ(gcm[1].status, VerdictStatus::kAccelerated) << gcm[1].line;

  // SHA-256 does not depend on these bits: still proven accelerated.
  const auto sha = PlanAndDecide("SHA-256", "hash", facts, {"SHA-NI"}, {1789, 522});
  EXPECT_EQ(sha[0].status, VerdictStatus::kAccelerated);
}

TEST(DecideVerdictsTest, EnvMaskWritingOneWordAlsoMasksShaNi) {
  // The classic pitfall (sec. 2.3): the unwritten LV1 is zeroed, and SHA-NI with it.
  const DoctorFacts facts = Zen4WithEnv("~0x200000000000000");
  const auto sha = PlanAndDecide("SHA-256", "hash", facts, {}, {522});
  ASSERT_EQ(sha.size(), 1u);
  EXPECT_EQ(sha[0].status, VerdictStatus::kMasked);
  EXPECT_TRUE(Has(sha[0].line, "SHA-NI")) << sha[0].line;
  EXPECT_TRUE(Has(sha[0].line, "OPENSSL_ia32cap=~0x200000000000000 in the environment"));
}

TEST(DecideVerdictsTest, EnvMaskStatesItsCostAgainstTheRunWithTheVariableUnset) {
  // Doctor adds a run with OPENSSL_ia32cap unset: 1425 MB/s (AES-NI CBC, 2.56 cpb at 3.66 GHz)
  // against 299 MB/s as is. Without that run the verdict says only what was measured.
  const DoctorFacts facts = Zen4WithEnv(kNoAesNiNoVaes);
  const std::string unset = UnsetEnvLabel("OPENSSL_ia32cap");
  EXPECT_EQ(unset, "without OPENSSL_ia32cap");
  const auto slower = DecideVerdicts(Alg("AES-128-CBC"), "encrypt", kLen, facts, {},
                                     {Mbps(299), Mbps(1425, 0.01, unset)}, kZen4Hz, kZen4Hz);
  ASSERT_EQ(slower.size(), 1u);
  ExpectLineShape(slower[0]);
  EXPECT_EQ(slower[0].status, VerdictStatus::kMasked);
  EXPECT_TRUE(Has(slower[0].line, "with OPENSSL_ia32cap unset 1.43 GB/s: the mask slows it 4.8x."))
      << slower[0].line;
  // A mask that costs nothing measurable is still a mask, and the line says so.
  const auto same = DecideVerdicts(Alg("AES-128-CBC"), "encrypt", kLen, facts, {},
                                   {Mbps(299), Mbps(300, 0.01, unset)}, kZen4Hz, kZen4Hz);
  ASSERT_EQ(same.size(), 1u);
  EXPECT_EQ(same[0].status, VerdictStatus::kMasked);
  EXPECT_TRUE(Has(same[0].line, "no significant change")) << same[0].line;
  EXPECT_FALSE(Has(same[0].line, "slows")) << same[0].line;
}

// ---- A CPU without AES-NI: software expected, no alarm ----------------------------------------

TEST(DecideVerdictsTest, Core2WithoutAesNiExpectsSoftwareAndExitsZero) {
  const DoctorFacts facts = Core2();
  // Published Core 2 figures: vpaes CBC encrypt 21.9 cpb (vpaes-x86_64.pl:35-41), bsaes CTR
  // 8.69 cpb (bsaes-x86_64.pl:42-57), bsaes CTR + 4-bit GHASH 8.69 + 8.1 cpb
  // (ghash-x86_64.pl:27-33).
  DoctorReport report;
  report.facts = facts;
  report.findings = GlobalFindings(facts);
  const struct {
    const char* name;
    double cpb;
  } cases[] = {{"AES-128-CBC", 21.9}, {"AES-128-CTR", 8.69}, {"AES-128-GCM", 8.69 + 8.1}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const auto verdicts =
        PlanAndDecide(c.name, "encrypt", facts, {}, {MbpsAtCpb(c.cpb, kCore2Hz)}, kCore2Hz);
    ASSERT_EQ(verdicts.size(), 1u);
    ExpectLineShape(verdicts[0]);
    EXPECT_EQ(verdicts[0].status, VerdictStatus::kSoftwareExpected);
    EXPECT_TRUE(Has(verdicts[0].line, "the CPU has no AES-NI")) << verdicts[0].line;
    EXPECT_FALSE(verdicts[0].fingerprint.starts_with("no known class")) << verdicts[0].line;
    EXPECT_TRUE(AnyHas(verdicts[0].evidence, "best software class on this CPU: bsaes"));
    report.verdicts.push_back(verdicts[0]);
  }
  EXPECT_EQ(report.ExitStatus(), 0);
}

// ---- No change under the mask -----------------------------------------------------------------

TEST(DecideVerdictsTest, NoChangeWithASoftwareFingerprintIsNotAccelerated) {
  // A library whose vector has AES-NI set but whose build lacks the AES-NI module: the
  // throughput is software AES (12.24 cpb, sec. 8 vpaes figure) with or without the mask.
  DoctorFacts facts = Zen4Debian30();
  std::erase_if(facts.asm_modules, [](const AsmModule& m) { return m.module == "aesni-x86_64"; });
  const auto verdicts = PlanAndDecide("AES-128-CBC", "encrypt", facts, {"AES-NI"}, {299, 300});
  ASSERT_EQ(verdicts.size(), 1u);
  const Verdict& v = verdicts[0];
  ExpectLineShape(v);
  EXPECT_EQ(v.status, VerdictStatus::kNotAccelerated);
  // vpaes, the table asm and generic C overlap at 12 cpb (cpb-reference.md sec. 7.1).
  EXPECT_TRUE(v.fingerprint.starts_with("software, class undetermined")) << v.fingerprint;
  EXPECT_TRUE(Has(v.line, "class undetermined")) << v.line;
  EXPECT_TRUE(Has(v.line,
                  "the CPU has AES-NI but this libcrypto does not use it (masking it "
                  "changes nothing)"))
      << v.line;
  EXPECT_TRUE(AnyHas(v.evidence, "assembly module aesni-x86_64 was not found in"));
}

TEST(DecideVerdictsTest, OneOneOneWithoutAesNiDefineSaysSo) {
  // OpenSSL 1.1.1 prints no CPUINFO: the plan rests on the CPU alone, and its compiler line
  // carries the -D*_ASM defines (here without -DAESNI_ASM).
  DoctorFacts facts = Zen4Debian30();
  facts.library.version = "OpenSSL 1.1.1w  11 Sep 2023";
  facts.library.version_num = 0x1010117f;
  facts.library.cpu_info.clear();
  facts.library.capability_vector.clear();
  facts.detected_capability_vector.clear();
  facts.library.cflags = "compiler: gcc -DOPENSSL_CPUID_OBJ -DSHA256_ASM -DVPAES_ASM -DGHASH_ASM";
  facts.asm_defines = {"SHA256_ASM", "VPAES_ASM", "GHASH_ASM"};
  std::erase_if(facts.asm_modules, [](const AsmModule& m) { return m.module == "aesni-x86_64"; });
  const auto verdicts = PlanAndDecide("AES-128-CBC", "encrypt", facts, {"AES-NI"}, {299, 301});
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].status, VerdictStatus::kNotAccelerated);
  EXPECT_TRUE(AnyHas(verdicts[0].evidence, "the compiler line lacks -DAESNI_ASM"));
}

TEST(DecideVerdictsTest, NoChangeWithAHardwareFingerprintIsAcceleratedWithANote) {
  const auto verdicts =
      PlanAndDecide("AES-128-CBC", "encrypt", Zen4Debian30(), {"AES-NI"}, {1425, 1430});
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].status, VerdictStatus::kAccelerated);
  EXPECT_TRUE(Has(verdicts[0].line, "may not honour OPENSSL_ia32cap")) << verdicts[0].line;
}

// ---- Under emulation (qemu-user, TCG): ratios of the mask experiments only, never cpb ---------

DoctorFacts Emulated(DoctorFacts facts) {
  facts.emulation = "CRYPTOBENCH_ASSUME_EMULATED=1 says this process runs emulated";
  return facts;
}

TEST(DecideVerdictsTest, EmulatedMaskRatioStillProvesThePathWithoutAnyCpb) {
  const auto verdicts =
      PlanAndDecide("AES-128-CBC", "encrypt", Emulated(Zen4Debian30()), {"AES-NI"}, {1425, 299});
  ASSERT_EQ(verdicts.size(), 1u);
  const Verdict& v = verdicts[0];
  ExpectLineShape(v);
  EXPECT_EQ(v.status, VerdictStatus::kAccelerated);
  EXPECT_TRUE(Has(v.line, "slows it 4.8x")) << v.line;
  EXPECT_FALSE(Has(v.line, "cpb")) << v.line;
  EXPECT_EQ(v.cpb_low, 0);
  EXPECT_EQ(v.cpb_high, 0);
  for (const std::string& line : v.evidence) {
    EXPECT_FALSE(Has(line, "cpb")) << line;
  }
}

TEST(DecideVerdictsTest, EmulatedWithoutAMaskEffectNamesNoClass) {
  // Not emulated, 1425 MB/s with no change under the mask is the AES-NI class "with a note";
  // emulated, that figure says nothing about the path, so no class is named.
  const auto native =
      PlanAndDecide("AES-128-CBC", "encrypt", Zen4Debian30(), {"AES-NI"}, {1425, 1430});
  ASSERT_EQ(native.size(), 1u);
  EXPECT_EQ(native[0].status, VerdictStatus::kAccelerated);
  const auto emulated =
      PlanAndDecide("AES-128-CBC", "encrypt", Emulated(Zen4Debian30()), {"AES-NI"}, {1425, 1430});
  ASSERT_EQ(emulated.size(), 1u);
  ExpectLineShape(emulated[0]);
  EXPECT_FALSE(Has(emulated[0].line, "cpb")) << emulated[0].line;
  EXPECT_FALSE(Has(emulated[0].fingerprint, "AES-NI (aesni_cbc_encrypt)"))
      << emulated[0].fingerprint;
  EXPECT_EQ(emulated[0].cpb_low, 0);
}

TEST(DecideVerdictsTest, EmulatedFasterWithTheMaskBlamesTheEmulatorNotTheMachine) {
  // Under qemu-user the scalar code can outrun the emulated crypto instructions (SHA-256: 71
  // MB/s masked vs 48 as is, 2026-12-03): neither load nor a missing path, and no idle-machine
  // rerun would settle it.
  const auto native =
      PlanAndDecide("AES-128-CBC", "encrypt", Zen4Debian30(), {"AES-NI"}, {300, 345});
  ASSERT_EQ(native.size(), 1u);
  EXPECT_TRUE(Has(native[0].line, "repeat on an idle machine")) << native[0].line;
  const auto emulated =
      PlanAndDecide("AES-128-CBC", "encrypt", Emulated(Zen4Debian30()), {"AES-NI"}, {300, 345});
  ASSERT_EQ(emulated.size(), 1u);
  const Verdict& v = emulated[0];
  ExpectLineShape(v);
  EXPECT_EQ(v.status, VerdictStatus::kUndetermined) << v.line;
  EXPECT_FALSE(Has(v.line, "idle machine")) << v.line;
  EXPECT_TRUE(Has(v.line, "only a run on the CPU itself can tell")) << v.line;
  EXPECT_FALSE(AnyHas(v.evidence, "the machine changed"));
  EXPECT_TRUE(AnyHas(v.evidence, "the emulator runs this path's instructions slower"));
}

TEST(DecideVerdictsTest, EmulatedMaskThatSpeedsTheLibraryUpShowsThePathWasUsed) {
  // qemu-user ran SHA-1 at 55.6 MB/s as is and 181.6 MB/s with SHA1/SHA2 masked (2026-12-04):
  // the mask switched the code path. On a CPU that is load, never a path.
  const auto native =
      PlanAndDecide("AES-128-CBC", "encrypt", Zen4Debian30(), {"AES-NI"}, {300, 1000});
  ASSERT_EQ(native.size(), 1u);
  EXPECT_EQ(native[0].status, VerdictStatus::kUndetermined) << native[0].line;
  const auto emulated =
      PlanAndDecide("AES-128-CBC", "encrypt", Emulated(Zen4Debian30()), {"AES-NI"}, {300, 1000});
  ASSERT_EQ(emulated.size(), 1u);
  const Verdict& v = emulated[0];
  ExpectLineShape(v);
  EXPECT_EQ(v.status, VerdictStatus::kAccelerated) << v.line;
  EXPECT_TRUE(Has(v.line, "changes its speed (0.3x, faster under the emulator)")) << v.line;
  EXPECT_FALSE(Has(v.line, "cpb")) << v.line;
  EXPECT_TRUE(AnyHas(v.evidence, "(CIs apart): the AES-NI path was in use"));
}

TEST(DecideVerdictsTest, EmulatedAlgorithmWithoutExperimentsGetsNoFingerprint) {
  const auto md5 = PlanAndDecide("MD5", "hash", Emulated(Zen4Debian30()), {}, {809});
  ASSERT_EQ(md5.size(), 1u);
  ExpectLineShape(md5[0]);
  EXPECT_FALSE(Has(md5[0].line, "cpb")) << md5[0].line;
  EXPECT_FALSE(md5[0].fingerprint.starts_with("software, class undetermined")) << md5[0].line;
}

TEST(DecideVerdictsTest, OverlappingCisWithASoftwareFingerprintAreUndetermined) {
  const DoctorFacts facts = Zen4Debian30();
  const std::vector<Experiment> plan = PlanExperiments(Alg("AES-128-CBC"), facts);
  // 1.4x slower, but the masked run's CI reaches into the as-is one.
  const std::vector<Measurement> ms = {Mbps(420, 0.02), Mbps(300, 0.45, plan.at(0).label)};
  const auto verdicts =
      DecideVerdicts(Alg("AES-128-CBC"), "encrypt", kLen, facts, plan, ms, kZen4Hz, kZen4Hz);
  ASSERT_EQ(verdicts.size(), 1u);
  ExpectLineShape(verdicts[0]);
  EXPECT_EQ(verdicts[0].status, VerdictStatus::kUndetermined);
  EXPECT_TRUE(AnyHas(verdicts[0].evidence, "the 95% CIs overlap: inconclusive"));
}

TEST(DecideVerdictsTest, FasterWithTheMaskIsUndeterminedNotAProblem) {
  // A burst of load during the as-is run: software speed as is, and the masked run 15% faster,
  // which masking cannot cause. Without the burst (masked within 10%) this is NOT accelerated.
  const auto noisy =
      PlanAndDecide("AES-128-CBC", "encrypt", Zen4Debian30(), {"AES-NI"}, {300, 345});
  ASSERT_EQ(noisy.size(), 1u);
  EXPECT_EQ(noisy[0].status, VerdictStatus::kUndetermined) << noisy[0].line;
  EXPECT_TRUE(AnyHas(noisy[0].evidence, "faster with the mask, so the machine changed"));
  const auto quiet =
      PlanAndDecide("AES-128-CBC", "encrypt", Zen4Debian30(), {"AES-NI"}, {300, 301});
  ASSERT_EQ(quiet.size(), 1u);
  EXPECT_EQ(quiet[0].status, VerdictStatus::kNotAccelerated) << quiet[0].line;
}

TEST(DecideVerdictsTest, GhashWithoutChangeIsNotAccelerated) {
  const auto verdicts =
      PlanAndDecide("AES-128-GCM", "encrypt", Zen4Debian30(),
                    {"VAES + VPCLMULQDQ", "AES-NI", "PCLMULQDQ GHASH"}, {4468, 4510, 647, 4490});
  ASSERT_EQ(verdicts.size(), 2u);
  EXPECT_EQ(verdicts[1].status, VerdictStatus::kNotAccelerated);
  EXPECT_TRUE(Has(verdicts[1].line, "masking PCLMULQDQ changes nothing")) << verdicts[1].line;
  EXPECT_TRUE(AnyHas(verdicts[1].evidence, "assembly module ghash-x86_64 is in"));
}

TEST(DecideVerdictsTest, FailedMeasurementIsUndeterminedAndSaysWhy) {
  const DoctorFacts facts = Zen4Debian30();
  const std::vector<Experiment> plan = PlanExperiments(Alg("AES-128-CBC"), facts);
  Measurement crashed;
  crashed.status = results::CellStatus::kCrashed;
  crashed.message = "worker killed by SIGSEGV";
  const auto verdicts = DecideVerdicts(Alg("AES-128-CBC"), "encrypt", kLen, facts, plan,
                                       {crashed, Mbps(299)}, kZen4Hz, kZen4Hz);
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].line,
            "AES-128-CBC encrypt: undetermined: the measurement failed (crashed: worker killed by "
            "SIGSEGV).");
  EXPECT_FALSE(IsProblem(verdicts[0].status));
}

TEST(DecideVerdictsTest, CpbRangeFollowsTheFrequencyRange) {
  const DoctorFacts facts = Zen4Debian30();
  const std::vector<Experiment> plan = PlanExperiments(Alg("AES-128-GCM"), facts);
  std::vector<Measurement> ms = {Mbps(4468), Mbps(4510), Mbps(647), Mbps(546)};
  const auto verdicts =
      DecideVerdicts(Alg("AES-128-GCM"), "encrypt", kLen, facts, plan, ms, 3.6e9, 3.9e9);
  EXPECT_TRUE(Has(verdicts[0].line, "AES-NI path, 0.81-0.87 cpb")) << verdicts[0].line;
  EXPECT_NEAR(verdicts[0].cpb_high, 3.9e9 / 4468e6, 1e-9);
}

TEST(DecideVerdictsTest, SmallInputsAreFlaggedInTheEvidence) {
  const DoctorFacts facts = Zen4Debian30();
  const std::vector<Experiment> plan = PlanExperiments(Alg("SHA-256"), facts);
  const auto verdicts = DecideVerdicts(Alg("SHA-256"), "hash", 1024, facts, plan,
                                       {Mbps(1500), Mbps(500)}, kZen4Hz, kZen4Hz);
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].input_len, 1024u);
  EXPECT_TRUE(AnyHas(verdicts[0].evidence, "input 1024 bytes: per-call overhead raises cpb"));
  // No cpb class is named below 8 KiB, where it could be the wrong one; at 16 KiB the same
  // figures fit SHA-NI.
  EXPECT_FALSE(Has(verdicts[0].line, "fits")) << verdicts[0].line;
  EXPECT_FALSE(AnyHas(verdicts[0].evidence, "sha256_block_data_order_shaext"));
  const auto large = DecideVerdicts(Alg("SHA-256"), "hash", 16384, facts, plan,
                                    {Mbps(1500), Mbps(500)}, kZen4Hz, kZen4Hz);
  ASSERT_EQ(large.size(), 1u);
  EXPECT_TRUE(Has(large[0].line, "fits SHA-NI")) << large[0].line;
}

TEST(DecideVerdictsTest, ABitTheLibraryClearsItselfMeansNotAccelerated) {
  // No OPENSSL_ia32cap, yet the library's vector lacks SHA-NI (LV1 bit 29) on a CPU that has
  // it: nothing to mask, and 7.01 cpb is SIMD software (sec. 8, SHA-256 with SHA-NI masked).
  DoctorFacts facts = Zen4Debian30();
  facts.library.capability_vector = "0xfffa3203078bffff:0x405fc6d1bf07ab";
  facts.detected_capability_vector = facts.library.capability_vector;
  const auto verdicts = PlanAndDecide("SHA-256", "hash", facts, {}, {522});
  ASSERT_EQ(verdicts.size(), 1u);
  ExpectLineShape(verdicts[0]);
  EXPECT_EQ(verdicts[0].status, VerdictStatus::kNotAccelerated);
  EXPECT_TRUE(Has(verdicts[0].line, "has SHA-NI clear")) << verdicts[0].line;
}

// ---- Public-key verdicts (issue 13 sec. 4; data/pk-asm.csv) ------------------------------------

// Operations per second in the Measurement rate fields (verdict.h): `ops` with a +-1% CI.
Measurement Ops(double ops, std::string label) {
  return testing::Mbps(ops / 1e6, 0.01, std::move(label));
}

std::vector<Verdict> DecidePk(std::string_view name, std::string_view operation,
                              const DoctorFacts& facts, const std::vector<double>& ops) {
  const std::vector<Experiment> plan = PlanExperiments(Alg(name), facts);
  std::vector<Measurement> ms;
  for (size_t i = 0; i < ops.size(); ++i) {
    ms.push_back(Ops(ops[i], i == 0 ? "as is" : plan.at(i - 1).label));
  }
  return DecideVerdicts(Alg(name), operation, 32, facts, plan, ms, kZen4Hz, kZen4Hz);
}

TEST(PublicKeyVerdictsTest, AMulxSlowdownNamesTheMulxPathAndAnUnusedIfmaPath) {
  // OpenSSL 3.0 has IFMA code for RSA-2048 only (CHANGES.md 3.0.0; 3.1.0 adds 3072/4096): for
  // RSA-4096 no IFMA experiment is planned, and masking BMI2+ADX costs 1.6x.
  EXPECT_EQ(Paths(PlanExperiments(Alg("RSA-4096"), Zen4Debian30())),
            std::vector<std::string>{"MULX/ADX"});
  EXPECT_EQ(Paths(PlanExperiments(Alg("RSA-4096"), Zen4Master())),
            (std::vector<std::string>{"AVX-512 IFMA", "MULX/ADX"}));
  const auto v = DecidePk("RSA-4096", "sign", Zen4Debian30(), {400, 250});
  ASSERT_EQ(v.size(), 1u);
  ExpectLineShape(v[0]);
  EXPECT_EQ(v[0].status, VerdictStatus::kAccelerated);
  EXPECT_TRUE(Has(v[0].line, "MULX/ADX path, 400 sign/s")) << v[0].line;
  EXPECT_TRUE(Has(v[0].line, "masking BMI2, ADX, AVX2, AVX-512IFMA slows it 1.6x")) << v[0].line;
  // The table rows of this release: MULX/ADX yes; the 3.1 IFMA module for RSA-4096 only as a note.
  EXPECT_TRUE(AnyHas(v[0].evidence, "OpenSSL 3.0.19's assembly for RSA-4096: x86_64-mont5"));
  EXPECT_TRUE(AnyHas(v[0].evidence, "x86_64-mont5 with BMI2+ADX (OpenSSL 1.0.2.."));
  EXPECT_TRUE(AnyHas(v[0].evidence,
                     "note: this CPU has AVX-512 IFMA, but OpenSSL 3.0.19 has no "
                     "AVX-512 IFMA code for RSA-4096: rsaz-3k-avx512, "
                     "rsaz-4k-avx512 with AVX-512F"));
}

TEST(PublicKeyVerdictsTest, AnIfmaSlowdownNamesTheIfmaPath) {
  const auto v = DecidePk("RSA-2048", "sign", Zen4Debian30(), {2400, 1250, 1200});
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].status, VerdictStatus::kAccelerated);
  EXPECT_TRUE(Has(v[0].line, "AVX-512 IFMA path")) << v[0].line;
}

TEST(PublicKeyVerdictsTest, ARatioWithinNoiseCannotTell) {
  for (const char* name : {"ECDSA-P256", "X25519"}) {
    SCOPED_TRACE(name);
    const auto v = DecidePk(name, name == std::string("X25519") ? "derive" : "sign", Zen4Debian30(),
                            {30000, 28000});
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].status, VerdictStatus::kUndetermined) << v[0].line;
    EXPECT_FALSE(IsProblem(v[0].status));
    EXPECT_TRUE(Has(v[0].line,
                    "masking BMI2, ADX changed nothing (1.1x): cannot tell which "
                    "path ran"))
        << v[0].line;
  }
  // A clear slowdown proves the MULX/ADX field arithmetic.
  const auto x = DecidePk("X25519", "derive", Zen4Debian30(), {40000, 25000});
  EXPECT_EQ(x.at(0).status, VerdictStatus::kAccelerated) << x.at(0).line;
  EXPECT_TRUE(Has(x.at(0).line, "MULX/ADX path")) << x.at(0).line;
}

TEST(PublicKeyVerdictsTest, ACpuWithoutBmi2AndAdxRunsNoExperimentAndIsNoProblem) {
  const DoctorFacts facts = Core2();
  for (const char* name : {"RSA-2048", "ECDSA-P256", "X25519"}) {
    SCOPED_TRACE(name);
    EXPECT_TRUE(PlanExperiments(Alg(name), facts).empty());
    const auto v = DecidePk(name, "sign", facts, {700});
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].status, VerdictStatus::kSoftwareExpected) << v[0].line;
    EXPECT_TRUE(Has(v[0].line, "the CPU has no BMI2 and ADX")) << v[0].line;
    EXPECT_FALSE(Has(v[0].line, "MULX/ADX path")) << v[0].line;
  }
}

TEST(PublicKeyVerdictsTest, AlgorithmsWithoutAssemblySayItIsExpected) {
  for (const char* name : {"DES-EDE3-CBC", "Ed25519", "ECDSA-P384"}) {
    SCOPED_TRACE(name);
    const bool des = name == std::string("DES-EDE3-CBC");
    const auto v = des ? PlanAndDecide(name, "encrypt", Zen4Debian30(), {}, {30})
                       : DecidePk(name, "sign", Zen4Debian30(), {5000});
    ASSERT_EQ(v.size(), 1u);
    ExpectLineShape(v[0]);
    EXPECT_EQ(v[0].status, VerdictStatus::kNoHardwarePath);
    EXPECT_TRUE(Has(v[0].line, "this is expected: OpenSSL has no")) << v[0].line;
    EXPECT_TRUE(AnyHas(v[0].evidence, "(source: https://github.com/openssl/openssl/blob/"));
  }
  // Zen 4 has AES-NI: AES-128-GCM is named first.
  const auto des = PlanAndDecide("DES-EDE3-CBC", "encrypt", Zen4Debian30(), {}, {30});
  EXPECT_TRUE(Has(des[0].advice, "AES-128-GCM")) << des[0].advice;
  const auto core2 = PlanAndDecide("DES-EDE3-CBC", "encrypt", Core2(), {}, {30}, kCore2Hz);
  EXPECT_TRUE(Has(core2[0].advice, "ChaCha20-Poly1305 (SIMD assembly)")) << core2[0].advice;
}

}  // namespace
}  // namespace cryptobench::diagnose
