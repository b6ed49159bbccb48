// Tests of the cpb class tables (the embedded data/cpb-classes*.csv), their parser, and the
// throughput → implementation-class verdicts. Measured figures are from
// shared/reference/cpb-reference.md sec. 8 (Zen 4 at 3.66 GHz, openssl speed -evp, 16 KiB).
#include "diagnose/classifier.h"

#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"

namespace cryptobench::diagnose {
namespace {

constexpr double kZen4Hz = 3.66e9;  // cpb-reference.md sec. 8: dependent-add chain, 3.59-3.66
constexpr double kMB = 1e6;

const std::vector<CpbClass>& X86Classes() {
  static const std::vector<CpbClass> kClasses = ParseCpbClasses(EmbeddedCpbClassesCsv("x86_64"));
  return kClasses;
}

std::vector<std::string> MatchNames(const Fingerprint& fp) {
  std::vector<std::string> names;
  for (const CpbClass* c : fp.matches) {
    names.push_back(c->name);
  }
  return names;
}

bool Matched(const Fingerprint& fp, std::string_view name_prefix) {
  for (const CpbClass* c : fp.matches) {
    if (std::string_view(c->name).starts_with(name_prefix)) {
      return true;
    }
  }
  return false;
}

bool StartsWith(const std::string& text, std::string_view prefix) {
  return std::string_view(text).starts_with(prefix);
}

// ---- The embedded tables ----------------------------------------------------------------

TEST(CpbClassesTest, EmbeddedTablesParseAndCiteSources) {
  for (std::string_view arch : {"x86_64", "aarch64"}) {
    SCOPED_TRACE(arch);
    const std::string_view csv = EmbeddedCpbClassesCsv(arch);
    ASSERT_FALSE(csv.empty());
    std::vector<CpbClass> classes;
    ASSERT_NO_THROW(classes = ParseCpbClasses(csv));
    ASSERT_FALSE(classes.empty());
    for (const CpbClass& c : classes) {
      SCOPED_TRACE(c.algorithm + " " + c.operation + " " + c.name);
      EXPECT_FALSE(c.source.empty());
      EXPECT_GT(c.cpb_low, 0);
      EXPECT_LE(c.cpb_low, c.cpb_high);
      // Names must be the catalogue's canonical spelling, or Classify never finds them.
      const AlgorithmInfo* alg = FindAlgorithm(c.algorithm);
      ASSERT_NE(alg, nullptr);
      EXPECT_EQ(alg->name, c.algorithm);
      Operation op;
      EXPECT_TRUE(ParseOperation(c.operation, &op));
    }
  }
  EXPECT_TRUE(EmbeddedCpbClassesCsv("riscv64").empty());
}

// Every class of both tables has a name without OpenSSL's modules and functions, for figures of
// another library (LibreSSL, BoringSSL, wolfSSL, Botan): no symbol, file, ia32cap bit or
// perlasm module word survives, and the kind of code stays named.
TEST(CpbClassesTest, NeutralNamesNameNoOpensslCode) {
  for (const char* arch : {"x86_64", "aarch64"}) {
    for (const CpbClass& c : ParseCpbClasses(EmbeddedCpbClassesCsv(arch))) {
      const std::string neutral = NeutralClassName(c.name);
      EXPECT_FALSE(neutral.empty()) << c.name;
      for (const char* word : {"_", ".c", "vpaes", "bsaes", "aes-x86_64", "asm", "ia32cap"}) {
        EXPECT_EQ(neutral.find(word), std::string::npos)
            << arch << ": " << c.name << " -> " << neutral;
      }
    }
  }
  EXPECT_EQ(NeutralClassName("vpaes NEON (vpaes_cbc_encrypt)"),
            "constant-time NEON vector-permute AES");
  EXPECT_EQ(NeutralClassName("AES-NI (aesni_ctr32_encrypt_blocks)"), "AES-NI");
  EXPECT_EQ(NeutralClassName("aes-x86_64 table asm, compact path (ia32cap bit 28)"),
            "table-based AES, compact path");
  EXPECT_EQ(NeutralClassName("AES-NI CTR + PCLMUL GHASH (not stitched)"),
            "AES-NI CTR + PCLMUL GHASH (not stitched)");
  EXPECT_EQ(NeutralClassName("vpaes/bsaes NEON CTR + NEON or 4-bit GHASH (no AES, no PMULL)"),
            "vector-permute or bit-sliced NEON AES CTR + NEON or table GHASH (no AES, no PMULL)");
  EXPECT_EQ(NeutralClassName("generic C (aes_core.c + CRYPTO_ctr128_encrypt)"), "portable C");
}

TEST(CpbClassesTest, HostTableIsTheEmbeddedOneForThisArchitecture) {
#if defined(__x86_64__)
  EXPECT_EQ(CpbClasses().size(), X86Classes().size());
#elif defined(__aarch64__)
  EXPECT_EQ(CpbClasses().size(), ParseCpbClasses(EmbeddedCpbClassesCsv("aarch64")).size());
#else
  EXPECT_TRUE(CpbClasses().empty());
#endif
}

TEST(CpbClassesTest, X86TableCoversTheDoctorSuite) {
  std::set<std::pair<std::string, std::string>> covered;
  for (const CpbClass& c : X86Classes()) {
    covered.emplace(c.algorithm, c.operation);
  }
  const std::pair<std::string, std::string> required[] = {{"AES-128-CBC", "encrypt"},
                                                          {"AES-128-CBC", "decrypt"},
                                                          {"AES-256-CBC", "encrypt"},
                                                          {"AES-256-CBC", "decrypt"},
                                                          {"AES-128-CTR", "encrypt"},
                                                          {"AES-128-GCM", "encrypt"},
                                                          {"AES-256-GCM", "encrypt"},
                                                          {"ChaCha20", "encrypt"},
                                                          {"ChaCha20-Poly1305", "encrypt"},
                                                          {"SHA-1", "hash"},
                                                          {"SHA-256", "hash"},
                                                          {"SHA-512", "hash"},
                                                          {"HMAC-SHA256", "mac"},
                                                          {"MD5", "hash"},
                                                          {"SHA3-256", "hash"},
                                                          {"DES-EDE3-CBC", "encrypt"}};
  for (const auto& key : required) {
    EXPECT_TRUE(covered.contains(key)) << key.first << " " << key.second;
  }
}

// Every Zen 4 measurement of sec. 8 must fall inside the class it was taken from; this catches a
// mistyped range edge in the CSV.
TEST(CpbClassesTest, Zen4MeasurementsFallInTheirOwnClass) {
  const std::tuple<std::string_view, std::string_view, double, std::string_view> cases[] = {
      {"AES-128-CBC", "encrypt", 1425, "AES-NI"},
      {"AES-128-CBC", "encrypt", 299, "vpaes"},
      {"AES-128-CBC", "encrypt", 374, "aes-x86_64 table asm, fast"},
      {"AES-128-CBC", "encrypt", 195, "aes-x86_64 table asm, compact"},
      {"AES-128-CBC", "encrypt", 309, "generic C"},
      {"AES-128-CBC", "decrypt", 11440, "AES-NI"},
      {"AES-128-CBC", "decrypt", 646, "bsaes"},
      {"AES-256-CBC", "encrypt", 1028, "AES-NI"},
      {"AES-256-CBC", "decrypt", 93, "aes-x86_64 table asm, compact"},
      {"AES-128-CTR", "encrypt", 9488, "AES-NI"},
      {"AES-128-CTR", "encrypt", 738, "bsaes"},
      {"AES-128-CTR", "encrypt", 161, "aes-x86_64"},
      {"AES-128-CTR", "encrypt", 258, "generic C"},
      {"AES-128-GCM", "encrypt", 3992, "AES-NI CTR + PCLMUL"},
      {"AES-128-GCM", "encrypt", 324, "bsaes + 4-bit"},
      {"AES-128-GCM", "encrypt", 151, "generic C"},
      {"AES-256-GCM", "encrypt", 9524, "VAES"},
      {"AES-256-GCM", "encrypt", 4226, "AES-NI+AVX"},
      {"ChaCha20", "encrypt", 5361, "AVX-512"},
      {"ChaCha20", "encrypt", 1761, "SSSE3"},
      {"ChaCha20-Poly1305", "encrypt", 3760, "AVX-512"},
      {"ChaCha20-Poly1305", "encrypt", 422, "generic C"},
      {"SHA-1", "hash", 1923, "SHA-NI"},
      {"SHA-512", "hash", 859, "AVX2"},
      {"HMAC-SHA256", "mac", 304, "generic C"},
      {"SHA3-256", "hash", 463, "generic C"},
      {"DES-EDE3-CBC", "encrypt", 31, "generic C"},
  };
  for (const auto& [alg, op, mbps, class_prefix] : cases) {
    const Fingerprint fp = Classify(X86Classes(), alg, op, mbps * kMB, kZen4Hz, kZen4Hz);
    EXPECT_TRUE(Matched(fp, class_prefix))
        << alg << " " << op << " at " << mbps << " MB/s: " << fp.conclusion;
  }
}

// ---- The parser -------------------------------------------------------------------------

constexpr std::string_view kHeaderLine =
    "algorithm,operation,class,family,cpb_low,cpb_high,source\n";

TEST(ParseCpbClassesTest, ReadsQuotedFieldsAndCrlf) {
  const std::string csv = std::string(kHeaderLine) +
                          "AES-128-CBC,encrypt,\"AES-NI, serial\",hardware,2.5,5.8,"
                          "\"aesni-x86_64.pl:177-185, \"\"large\"\"\"\r\n"
                          "\n"
                          "SHA-1,hash,integer asm,scalar,4.18,9.11,sha1-x86_64.pl:76-85";
  const std::vector<CpbClass> classes = ParseCpbClasses(csv);
  ASSERT_EQ(classes.size(), 2u);
  EXPECT_EQ(classes[0].algorithm, "AES-128-CBC");
  EXPECT_EQ(classes[0].operation, "encrypt");
  EXPECT_EQ(classes[0].name, "AES-NI, serial");
  EXPECT_EQ(classes[0].family, ClassFamily::kHardware);
  EXPECT_DOUBLE_EQ(classes[0].cpb_low, 2.5);
  EXPECT_DOUBLE_EQ(classes[0].cpb_high, 5.8);
  EXPECT_EQ(classes[0].source, "aesni-x86_64.pl:177-185, \"large\"");
  EXPECT_EQ(classes[1].family, ClassFamily::kScalar);
  EXPECT_EQ(classes[1].source, "sha1-x86_64.pl:76-85");
}

TEST(ParseCpbClassesTest, ErrorsNameTheLine) {
  const std::string good = "SHA-1,hash,SHA-NI,hardware,1.7,1.93,sha1-x86_64.pl:85\n";
  const std::pair<std::string, std::string> cases[] = {
      // {rows after the header and one good row (so errors are on line 3), expected text}
      {"SHA-1,hash,AVX2,vector,2.99,3.57\n", "expected 7 fields, found 6"},
      {"SHA-1,hash,AVX2,vector,2.99,3.57,src,extra\n", "expected 7 fields, found 8"},
      {"SHA-1,hash,AVX2,vector,fast,3.57,src\n", "cpb_low \"fast\""},
      {"SHA-1,hash,AVX2,vector,2.99,3.57x,src\n", "cpb_high \"3.57x\""},
      {"SHA-1,hash,AVX2,vector,-1,3.57,src\n", "cpb_low \"-1\""},
      {"SHA-1,hash,AVX2,vector,4,3.57,src\n", "greater than cpb_high"},
      {"SHA-1,hash,AVX2,simd,2.99,3.57,src\n", "family \"simd\""},
      {"SHA-1,hash,AVX2,vector,2.99,3.57,\n", "empty source"},
      {"SHA-1,,AVX2,vector,2.99,3.57,src\n", "empty operation"},
      {"SHA-1,hash,AVX2,vector,2.99,3.57,\"src\n", "unterminated quoted field"},
      {"SHA-1,hash,\"AVX2\"x,vector,2.99,3.57,src\n", "text after a closing quote"},
      {"SHA-1,hash,AV\"X2,vector,2.99,3.57,src\n", "quote inside unquoted field"},
      {"SHA-1,hash,SHA-NI,hardware,1.7,1.93,again\n", "duplicate class"},
  };
  for (const auto& [row, expected] : cases) {
    try {
      ParseCpbClasses(std::string(kHeaderLine) + good + row);
      ADD_FAILURE() << "no error for: " << row;
    } catch (const std::runtime_error& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("line 3:"), std::string::npos) << message;
      EXPECT_NE(message.find(expected), std::string::npos) << message;
    }
  }
}

TEST(ParseCpbClassesTest, RequiresTheHeader) {
  EXPECT_THROW(ParseCpbClasses(""), std::runtime_error);
  try {
    ParseCpbClasses("\nalgorithm,operation,class,family,low,high,source\n");
    ADD_FAILURE() << "a wrong header was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("line 2:"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(ParseCpbClasses(kHeaderLine).empty());
}

// ---- Verdicts on the shipped x86-64 table -----------------------------------------------

TEST(ClassifyTest, AesCbcEncryptAtZen4AesNiSpeedIsAesNi) {
  const Fingerprint fp =
      Classify(X86Classes(), "AES-128-CBC", "encrypt", 1425 * kMB, kZen4Hz, kZen4Hz);
  EXPECT_NEAR(fp.cpb_low, 2.568, 0.001);
  EXPECT_DOUBLE_EQ(fp.cpb_low, fp.cpb_high);
  ASSERT_EQ(fp.matches.size(), 1u) << fp.conclusion;
  EXPECT_EQ(fp.matches[0]->family, ClassFamily::kHardware);
  EXPECT_TRUE(StartsWith(fp.conclusion, "AES-NI")) << fp.conclusion;
  EXPECT_EQ(fp.conclusion, fp.matches[0]->name);
  EXPECT_TRUE(fp.hardware);
  EXPECT_FALSE(fp.software);
}

TEST(ClassifyTest, SoftwareAesCbcEncryptIsUndetermined) {
  // 12.2 cpb: vpaes (Zen 4 12.2), table asm (9.8) and C (11.9) overlap (cpb-reference sec. 7.1).
  const Fingerprint fp =
      Classify(X86Classes(), "AES-128-CBC", "encrypt", 300 * kMB, kZen4Hz, kZen4Hz);
  EXPECT_NEAR(fp.cpb_low, 12.2, 0.01);
  EXPECT_TRUE(fp.software);
  EXPECT_FALSE(fp.hardware);
  EXPECT_TRUE(StartsWith(fp.conclusion, "software, class undetermined")) << fp.conclusion;
  EXPECT_TRUE(Matched(fp, "vpaes"));
  EXPECT_TRUE(Matched(fp, "aes-x86_64 table asm, fast"));
  EXPECT_TRUE(Matched(fp, "generic C"));
  EXPECT_FALSE(Matched(fp, "AES-NI"));
}

TEST(ClassifyTest, AesGcmSeparatesVaesFromAesNi) {
  const Fingerprint vaes =
      Classify(X86Classes(), "AES-128-GCM", "encrypt", 11225 * kMB, kZen4Hz, kZen4Hz);
  ASSERT_EQ(vaes.matches.size(), 1u) << vaes.conclusion;
  EXPECT_TRUE(StartsWith(vaes.conclusion, "VAES-AVX512")) << vaes.conclusion;
  EXPECT_TRUE(vaes.hardware);

  // 0.82 cpb: the AES-NI+AVX stitch (Zen 4 0.81), but the unstitched CTR+CLMUL path measured
  // 0.92 on the same machine, within the 15% tolerance: both hardware, VAES excluded.
  const Fingerprint aesni =
      Classify(X86Classes(), "AES-128-GCM", "encrypt", 4468 * kMB, kZen4Hz, kZen4Hz);
  EXPECT_TRUE(aesni.hardware) << aesni.conclusion;
  EXPECT_TRUE(Matched(aesni, "AES-NI+AVX stitched"));
  EXPECT_FALSE(Matched(aesni, "VAES"));
  EXPECT_TRUE(StartsWith(aesni.conclusion, "hardware (AES-NI+AVX stitched")) << aesni.conclusion;
}

// AArch64 AES-GCM (data/cpb-classes-aarch64.csv). Figures not taken from the table's own sources:
// a NanoPi R2S (RK3328, Cortex-A53 with the Crypto Extensions, 1.30-1.51 GHz) ran
// `openssl speed -evp aes-128-gcm` at 646187 kB/s at 16 KiB
// (github.com/jayanta525/openwrt-nanopi-r2s/issues/2, 2020-06-18): 2.01-2.34 cpb, hardware.
TEST(ClassifyTest, Aarch64AesGcmSeparatesCryptoExtensionsFromNeon) {
  const std::vector<CpbClass> arm = ParseCpbClasses(EmbeddedCpbClassesCsv("aarch64"));
  const Fingerprint ce = Classify(arm, "AES-128-GCM", "encrypt", 646.187 * kMB, 1.30e9, 1.51e9);
  EXPECT_TRUE(ce.hardware) << ce.conclusion;
  EXPECT_TRUE(Matched(ce, "ARMv8 CE")) << ce.conclusion;

  // Software at 27 cpb (a Cortex-A53 without the extension at 1.2 GHz, 44.4 MB/s): NEON only.
  const Fingerprint neon = Classify(arm, "AES-128-GCM", "encrypt", 44.4 * kMB, 1.2e9, 1.2e9);
  EXPECT_TRUE(neon.software) << neon.conclusion;
  EXPECT_FALSE(Matched(neon, "ARMv8 CE")) << neon.conclusion;

  // AES-256 takes 14 rounds: the AES-128 hardware figure scaled by 1.4 stays hardware.
  const Fingerprint ce256 =
      Classify(arm, "AES-256-GCM", "encrypt", 646.187 / 1.4 * kMB, 1.30e9, 1.51e9);
  EXPECT_TRUE(ce256.hardware) << ce256.conclusion;
}

// AES-256 runs 14 rounds to AES-128's 10 on the same code path (aesni-x86_64.pl:77-88), so each
// AArch64 AES-256 class, scaled by 10/14, overlaps the AES-128 class of its mode, direction and
// family: a row typed ten times off, or under the wrong family, fails here.
TEST(CpbClassesTest, Aarch64Aes256ClassesAreTheirAes128ClassScaledByTheRounds) {
  const std::vector<CpbClass> arm = ParseCpbClasses(EmbeddedCpbClassesCsv("aarch64"));
  size_t checked = 0;
  for (const CpbClass& c256 : arm) {
    if (!c256.algorithm.starts_with("AES-256-")) {
      continue;
    }
    SCOPED_TRACE(c256.algorithm + " " + c256.operation + " " + c256.name);
    const std::string mode = c256.algorithm.substr(std::string("AES-256-").size());
    bool overlaps = false;
    for (const CpbClass& c128 : arm) {
      if (c128.algorithm == "AES-128-" + mode && c128.operation == c256.operation &&
          c128.family == c256.family) {
        overlaps = overlaps || (c256.cpb_low / 1.4 <= c128.cpb_high * kCpbTolerance &&
                                c256.cpb_high / 1.4 >= c128.cpb_low / kCpbTolerance);
      }
    }
    EXPECT_TRUE(overlaps);
    ++checked;
  }
  EXPECT_GE(checked, 6u);  // CBC encrypt and decrypt, GCM encrypt: hardware and NEON each
}

// No false lead: the same 646 MB/s with the clock unknown (doctor --from's assumed 1-5 GHz) is
// 1.55-7.74 cpb, which a software path at 5 GHz could reach within the tolerance: neither.
TEST(ClassifyTest, Aarch64AesGcmWithoutAClockSettlesNothing) {
  const std::vector<CpbClass> arm = ParseCpbClasses(EmbeddedCpbClassesCsv("aarch64"));
  const Fingerprint fp = Classify(arm, "AES-128-GCM", "encrypt", 646.187 * kMB, 1e9, 5e9);
  EXPECT_FALSE(fp.hardware) << fp.conclusion;
  EXPECT_FALSE(fp.software) << fp.conclusion;
  EXPECT_TRUE(StartsWith(fp.conclusion, "ambiguous")) << fp.conclusion;
}

TEST(ClassifyTest, Sha256SeparatesShaNiFromSoftware) {
  const Fingerprint sha_ni =
      Classify(X86Classes(), "SHA-256", "hash", 1789 * kMB, kZen4Hz, kZen4Hz);
  ASSERT_EQ(sha_ni.matches.size(), 1u) << sha_ni.conclusion;
  EXPECT_TRUE(StartsWith(sha_ni.conclusion, "SHA-NI")) << sha_ni.conclusion;
  EXPECT_TRUE(sha_ni.hardware);

  // 12.4 cpb: C (12.4) and integer asm (9.6) and SSSE3 overlap.
  const Fingerprint c = Classify(X86Classes(), "SHA-256", "hash", 295 * kMB, kZen4Hz, kZen4Hz);
  EXPECT_TRUE(c.software);
  EXPECT_TRUE(Matched(c, "generic C"));
  EXPECT_TRUE(Matched(c, "integer asm"));
  EXPECT_TRUE(StartsWith(c.conclusion, "software, class undetermined")) << c.conclusion;
}

TEST(ClassifyTest, Md5AsmAndCAreNotSeparable) {
  const Fingerprint fp = Classify(X86Classes(), "MD5", "hash", 809 * kMB, kZen4Hz, kZen4Hz);
  EXPECT_EQ(fp.matches.size(), 2u) << fp.conclusion;
  EXPECT_TRUE(StartsWith(fp.conclusion, "software, class undetermined")) << fp.conclusion;
}

TEST(ClassifyTest, WideFrequencyRangeSpanningClassesIsAmbiguous) {
  // 400 MB/s over 1-5 GHz is 2.5-12.5 cpb: AES-NI and every software class fit.
  const Fingerprint fp = Classify(X86Classes(), "AES-128-CBC", "encrypt", 400 * kMB, 1e9, 5e9);
  EXPECT_DOUBLE_EQ(fp.cpb_low, 2.5);
  EXPECT_DOUBLE_EQ(fp.cpb_high, 12.5);
  EXPECT_TRUE(Matched(fp, "AES-NI"));
  EXPECT_TRUE(Matched(fp, "vpaes"));
  EXPECT_FALSE(fp.hardware);
  EXPECT_FALSE(fp.software);
  EXPECT_TRUE(StartsWith(fp.conclusion, "ambiguous: hardware or software")) << fp.conclusion;

  // 300 MB/s SHA-256 over 1-5 GHz is 3.3-16.7 cpb: every software class, never SHA-NI.
  const Fingerprint sw = Classify(X86Classes(), "SHA-256", "hash", 300 * kMB, 1e9, 5e9);
  EXPECT_TRUE(sw.software);
  EXPECT_TRUE(StartsWith(sw.conclusion, "software, class undetermined")) << sw.conclusion;
}

TEST(ClassifyTest, NoKnownClassSaysWhere) {
  const Fingerprint fast =
      Classify(X86Classes(), "AES-128-CBC", "encrypt", 100000 * kMB, kZen4Hz, kZen4Hz);
  EXPECT_TRUE(fast.matches.empty());
  EXPECT_FALSE(fast.hardware);
  EXPECT_FALSE(fast.software);
  EXPECT_TRUE(StartsWith(fast.conclusion, "no known class (faster than every known class"))
      << fast.conclusion;

  const Fingerprint slow =
      Classify(X86Classes(), "DES-EDE3-CBC", "encrypt", 1 * kMB, kZen4Hz, kZen4Hz);
  EXPECT_TRUE(StartsWith(slow.conclusion, "no known class (slower than every known class"))
      << slow.conclusion;

  // 7.5 cpb lies between AES-NI (<= 5.77 * 1.15) and the fastest software class (>= 9.77 / 1.15).
  const Fingerprint gap =
      Classify(X86Classes(), "AES-128-CBC", "encrypt", 3.66e9 / 7.5, kZen4Hz, kZen4Hz);
  EXPECT_TRUE(gap.matches.empty()) << gap.conclusion;
  EXPECT_TRUE(StartsWith(gap.conclusion, "no known class (between AES-NI")) << gap.conclusion;

  const Fingerprint unknown =
      Classify(X86Classes(), "AES-128-OFB", "encrypt", 1000 * kMB, kZen4Hz, kZen4Hz);
  EXPECT_EQ(unknown.conclusion, "no known class (no reference ranges for AES-128-OFB encrypt)");
}

TEST(ClassifyTest, UnusableInputGivesNoCpb) {
  const double bad[][3] = {{0, 1e9, 2e9}, {1e6, 0, 2e9}, {1e6, 3e9, 2e9}, {-5, 1e9, 1e9}};
  for (const auto& [bytes_per_s, hz_low, hz_high] : bad) {
    const Fingerprint fp =
        Classify(X86Classes(), "AES-128-CBC", "encrypt", bytes_per_s, hz_low, hz_high);
    EXPECT_TRUE(fp.matches.empty());
    EXPECT_TRUE(StartsWith(fp.conclusion, "no cpb")) << fp.conclusion;
  }
}

// ---- Verdict rules on a synthetic table ---------------------------------------------------

const std::vector<CpbClass>& RuleClasses() {
  static const std::vector<CpbClass> kClasses =
      ParseCpbClasses(std::string(kHeaderLine) +
                      "X,encrypt,HW-A,hardware,1.0,2.0,test\n"
                      "X,encrypt,HW-B,hardware,1.5,2.5,test\n"
                      "X,encrypt,VEC-A,vector,10,12,test\n"
                      "X,encrypt,VEC-B,vector,11,13,test\n"
                      "X,encrypt,C,generic-c,12.5,20,test\n"
                      "Y,hash,ONLY,scalar,4,5,test\n");
  return kClasses;
}

TEST(ClassifyRulesTest, ConclusionFollowsTheMatchedFamilies) {
  // hz = cpb * bytes_per_s with bytes_per_s = 1: the cpb interval is [hz_low, hz_high].
  EXPECT_EQ(Classify(RuleClasses(), "X", "encrypt", 1, 1.2, 1.2).conclusion, "HW-A");
  EXPECT_EQ(Classify(RuleClasses(), "X", "encrypt", 1, 1.8, 1.8).conclusion,
            "hardware (HW-A or HW-B)");
  EXPECT_EQ(Classify(RuleClasses(), "X", "encrypt", 1, 10.5, 10.5).conclusion,
            "software: vector (VEC-A or VEC-B)");
  EXPECT_EQ(Classify(RuleClasses(), "X", "encrypt", 1, 12, 12).conclusion,
            "software, class undetermined (VEC-A, VEC-B or C)");
  EXPECT_EQ(Classify(RuleClasses(), "X", "encrypt", 1, 2, 10).conclusion,
            "ambiguous: hardware or software (HW-A, HW-B, VEC-A or VEC-B)");
  EXPECT_EQ(Classify(RuleClasses(), "X", "encrypt", 1, 5, 6).conclusion,
            "no known class (between HW-B and VEC-A)");
  EXPECT_EQ(Classify(RuleClasses(), "Y", "hash", 1, 4.5, 4.5).conclusion, "ONLY");
  // Rows of another (algorithm, operation) never match.
  EXPECT_EQ(Classify(RuleClasses(), "Y", "encrypt", 1, 4.5, 4.5).matches.size(), 0u);
}

TEST(ClassifyRulesTest, ToleranceWidensEachRangeByFifteenPercent) {
  // ONLY is 4-5 cpb, so it matches from 4/1.15 to 5*1.15 and no further.
  EXPECT_EQ(MatchNames(Classify(RuleClasses(), "Y", "hash", 1, 5.0 * kCpbTolerance * 0.999,
                                5.0 * kCpbTolerance * 0.999)),
            std::vector<std::string>{"ONLY"});
  EXPECT_TRUE(Classify(RuleClasses(), "Y", "hash", 1, 5.0 * kCpbTolerance * 1.001,
                       5.0 * kCpbTolerance * 1.001)
                  .matches.empty());
  EXPECT_EQ(Classify(RuleClasses(), "Y", "hash", 1, 4.0 / kCpbTolerance * 1.001,
                     4.0 / kCpbTolerance * 1.001)
                .matches.size(),
            1u);
  EXPECT_TRUE(Classify(RuleClasses(), "Y", "hash", 1, 4.0 / kCpbTolerance * 0.999,
                       4.0 / kCpbTolerance * 0.999)
                  .matches.empty());
}

TEST(ClassifyRulesTest, CpbIsFrequencyOverThroughput) {
  const Fingerprint fp = Classify(RuleClasses(), "Y", "hash", 500e6, 2e9, 2.5e9);
  EXPECT_DOUBLE_EQ(fp.cpb_low, 4.0);
  EXPECT_DOUBLE_EQ(fp.cpb_high, 5.0);
}

TEST(ClassFamilyNameTest, NamesEveryFamily) {
  EXPECT_EQ(ClassFamilyName(ClassFamily::kHardware), "hardware");
  EXPECT_EQ(ClassFamilyName(ClassFamily::kVector), "vector");
  EXPECT_EQ(ClassFamilyName(ClassFamily::kScalar), "scalar");
  EXPECT_EQ(ClassFamilyName(ClassFamily::kGenericC), "generic C");
}

}  // namespace
}  // namespace cryptobench::diagnose
