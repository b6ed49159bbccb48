// Tests of the botan speed parser: name mapping, throughput and ops lines with and without
// provider tags and cycle counts, nothing-measured lines, and malformed or impossible lines.
#include "import/botan_speed.h"

#include <string>

#include <gtest/gtest.h>

#include "import/import.h"
#include "import/import_test_util.h"

namespace cryptobench::import {
namespace {

results::RunResult Parse(const std::string& text, const std::vector<std::string>& args = {}) {
  BotanSpeedParser parser("t.txt");
  parser.SetCommand(args, 1);
  for (const SourceLine& line : CleanPaste(text)) {
    EXPECT_NE(parser.Take(line), Offer::kNewRun) << line.text;
  }
  return parser.Build();
}

// Botan names one algorithm once per provider: the row of `name` with that implementation.
const results::AlgorithmResult* FindAlgorithm(const results::RunResult& run,
                                              const std::string& name,
                                              const std::string& implementation) {
  for (const results::AlgorithmResult& alg : run.algorithms) {
    if (alg.algorithm == name && alg.implementation == implementation) {
      return &alg;
    }
  }
  return nullptr;
}

// The line a paste of `text` alone is refused at: the first damaged line of a run that read
// no figure (a damaged line among figures is skipped, named); 0 when it is not refused.
size_t ErrorLine(const std::string& text) {
  BotanSpeedParser parser("t.txt");
  try {
    for (const SourceLine& line : CleanPaste(text)) {
      parser.Take(line);
    }
    parser.Build();
  } catch (const ImportError& e) {
    return e.line();
  }
  const auto damaged = parser.FirstDamagedLine();
  return parser.HasFigures() || !damaged ? 0 : damaged->first;
}

TEST(BotanNamesTest, SymmetricNames) {
  EXPECT_EQ(MapBotanName("AES-128/GCM(16)", "encrypt").name, "AES-128-GCM");
  EXPECT_EQ(MapBotanName("AES-256/GCM", "encrypt").name, "AES-256-GCM");
  EXPECT_EQ(MapBotanName("AES-128/CTR-BE", "encrypt").name, "AES-128-CTR");
  EXPECT_EQ(MapBotanName("AES-256/CBC/PKCS7", "encrypt").name, "AES-256-CBC");
  EXPECT_EQ(MapBotanName("AES-128", "encrypt").name, "AES-128-ECB");
  EXPECT_EQ(MapBotanName("SHA-160", "hash").name, "SHA-1");
  EXPECT_EQ(MapBotanName("ChaCha(20)", "encrypt").name, "ChaCha20");
  EXPECT_EQ(MapBotanName("CMAC(AES-128)", "mac").name, "CMAC-AES-128");
  // A tag length other than GCM's default is another algorithm: kept verbatim.
  const NamedAlgorithm short_tag = MapBotanName("AES-128/GCM(12)", "encrypt");
  EXPECT_EQ(short_tag.name, "AES-128/GCM(12)");
  EXPECT_EQ(short_tag.kind, "aead");
  const NamedAlgorithm aes192 = MapBotanName("AES-192", "encrypt");
  // ECB like AES-128 and AES-256, though the catalogue has no AES-192-ECB: a bare "AES-192"
  // would read as the catalogue's alias of AES-192-CBC (tryout 18, botan#1673).
  EXPECT_EQ(aes192.name, "AES-192-ECB");
  EXPECT_FALSE(aes192.catalogued);
  EXPECT_EQ(aes192.kind, "cipher");
}

TEST(BotanNamesTest, PublicKeyNames) {
  EXPECT_EQ(MapBotanName("RSA-2048", "keygen").name, "RSA-2048");
  EXPECT_EQ(MapBotanName("RSA-2048 EMSA-PKCS1-v1_5(SHA-256)", "sign").name, "RSA-2048");
  EXPECT_EQ(MapBotanName("RSA-3072 PKCS1v15(SHA-256)", "sign").name, "RSA-3072");
  const NamedAlgorithm pss = MapBotanName("RSA-2048 PSSR(SHA-256)", "sign");
  EXPECT_EQ(pss.name, "RSA-2048 PSSR(SHA-256)");
  EXPECT_EQ(pss.kind, "signature");
  EXPECT_EQ(MapBotanName("ECDSA-secp256r1 EMSA1(SHA-256)", "sign").name, "ECDSA-P256");
  EXPECT_EQ(MapBotanName("ECDSA-secp384r1", "keygen").name, "ECDSA-P384");
  EXPECT_EQ(MapBotanName("Ed25519 Pure", "verify").name, "Ed25519");
  EXPECT_EQ(MapBotanName("ECDH-secp256r1", "derive").name, "ECDH-P256");
  EXPECT_EQ(MapBotanName("Curve25519", "derive").name, "X25519");
  EXPECT_EQ(MapBotanName("ECDH-brainpool256r1", "derive").kind, "key_agreement");
}

TEST(BotanNamesTest, Operations) {
  EXPECT_EQ(BotanOperation("key agreements"), "derive");
  EXPECT_EQ(BotanOperation("KEM encrypt"), "encaps");
  EXPECT_EQ(BotanOperation("KEM decrypt"), "decaps");
  EXPECT_EQ(BotanOperation("sign"), "sign");
  EXPECT_EQ(BotanOperation("is prime"), "is_prime");
}

TEST(BotanSpeedTest, ThroughputLineWithProviderAndCycles) {
  const results::RunResult run = Parse(
      "AES-128/GCM(16) [base] encrypt buffer size 1024 bytes: 2000.120 MiB/sec 1.49 cycles/byte "
      "(1012.249 MiB in 506.094 ms)\n"
      "AES-128/GCM(16) [vaes] encrypt buffer size 1024 bytes: 6000.000 MiB/sec "
      "(3000.000 MiB in 500.000 ms)\n");
  EXPECT_EQ(run.source.tool, "botan speed");
  EXPECT_EQ(run.library.backend, "botan");
  const results::AlgorithmResult* base = FindAlgorithm(run, "AES-128-GCM", "base");
  const results::AlgorithmResult* vaes = FindAlgorithm(run, "AES-128-GCM", "vaes");
  ASSERT_NE(base, nullptr);
  ASSERT_NE(vaes, nullptr);
  const results::CellFigures& f = *base->cells.at(0).figures;
  EXPECT_DOUBLE_EQ(f.bytes_per_s->value, 2000.120 * 1048576);
  EXPECT_DOUBLE_EQ(f.ops_per_s.value, 2000.120 * 1048576 / 1024);
  EXPECT_DOUBLE_EQ(f.ticks_per_op, 1.49 * 1024);
  EXPECT_EQ(base->cells[0].input_len, 1024u);
  EXPECT_DOUBLE_EQ(vaes->cells.at(0).figures->ticks_per_op, 0);
  EXPECT_EQ(run.machine.tick_counter, "unknown");
  EXPECT_TRUE(HasCaveat(run, "MiB/sec"));
  EXPECT_TRUE(HasCaveat(run, "[provider]"));
}

TEST(BotanSpeedTest, OpsLines) {
  const results::RunResult run = Parse(
      "RSA-2048 EMSA-PKCS1-v1_5(SHA-256) 1189 sign/sec; 0.84 ms/op 2510031 cycles/op "
      "(597 ops in 501.88 ms)\n"
      "Curve25519 21011 key agreements/sec; 0.05 ms/op (10572 ops in 503.15 ms)\n"
      "Ed25519 3 keygen/sec; 310.20 ms/op (1 op in 310.20 ms)\n");
  const results::Cell& sign = FindAlgorithm(run, "RSA-2048", "")->cells.at(0);
  EXPECT_EQ(sign.operation, "sign");
  EXPECT_EQ(sign.input_len, 32u);
  EXPECT_EQ(sign.batch_iterations, 597u);
  EXPECT_DOUBLE_EQ(sign.figures->ops_per_s.value, 597 / 0.50188);
  EXPECT_DOUBLE_EQ(sign.figures->ticks_per_op, 2510031);
  const results::Cell& derive = FindAlgorithm(run, "X25519", "")->cells.at(0);
  EXPECT_EQ(derive.operation, "derive");
  EXPECT_EQ(derive.input_len, 0u);
  EXPECT_EQ(FindAlgorithm(run, "Ed25519", "")->cells.at(0).batch_iterations, 1u);
  EXPECT_TRUE(HasCaveat(run, "KDF"));
}

TEST(BotanSpeedTest, NothingMeasured) {
  const results::RunResult run = Parse(
      "SHA-256 hash buffer size 1024 bytes: 287.051 MiB/sec (145.695 MiB in 507.559 ms)\n"
      "AES-128/XTS encrypt buffer size 1024 bytes: N/A (0.000 MiB in 0.000 ms)\n"
      "ECDH-brainpool256r1 no events\n");
  const results::AlgorithmResult* xts = FindAlgorithm(run, "AES-128-XTS", "");
  ASSERT_NE(xts, nullptr);
  EXPECT_EQ(xts->cells.at(0).status, results::CellStatus::kError);
  EXPECT_TRUE(HasCaveat(run, "no events for 'ECDH-brainpool256r1'"));
}

TEST(BotanSpeedTest, VersionCpuidAndCommand) {
  const results::RunResult run = Parse(
      "Botan 3.2.0 (release, dated 20231009, revision git:unknown, distribution unspecified)\n"
      "CPUID: sse2 ssse3 avx2 aes_ni\n"
      "SHA-256 hash buffer size 1024 bytes: 287.051 MiB/sec (145.695 MiB in 507.559 ms)\n",
      {"--msec=500", "--clear-cpuid=aesni"});
  EXPECT_EQ(run.source.tool_version, "3.2.0");
  EXPECT_EQ(run.library.cpu_info, "CPUID: sse2 ssse3 avx2 aes_ni");
  EXPECT_DOUBLE_EQ(run.method.max_seconds, 0.5);
  EXPECT_TRUE(HasCaveat(run, "--clear-cpuid=aesni"));
  EXPECT_FALSE(HasCaveat(run, "version is not in the paste"));
}

TEST(BotanSpeedTest, FiguresThatCannotBeRight) {
  const results::RunResult run = Parse(
      "SHA-256 hash buffer size 1024 bytes: 999.000 MiB/sec (145.695 MiB in 507.559 ms)\n"
      "SHA-512 hash buffer size 1024 bytes: 400.000 MiB/sec (1200.000 MiB in 3000.000 ms)\n"
      "Ed25519 Pure 99999 sign/sec; 0.03 ms/op (18831 ops in 513.08 ms)\n",
      {"--msec", "500"});
  for (const char* name : {"SHA-256", "SHA-512", "Ed25519"}) {
    const results::AlgorithmResult* alg = FindAlgorithm(run, name, "");
    ASSERT_NE(alg, nullptr) << name;
    EXPECT_EQ(alg->cells.at(0).status, results::CellStatus::kError) << name;
  }
  EXPECT_TRUE(HasCaveat(run, "--msec=500 run"));
}

TEST(BotanSpeedTest, MalformedLinesNameTheirLine) {
  EXPECT_EQ(ErrorLine("SHA-256 hash buffer size 1024 bytes: 28O.1 MiB/sec (1.0 MiB in 1.0 ms)\n"),
            1u);
  EXPECT_EQ(ErrorLine("\nSHA-256 hash buffer size 1024 bytes: 280.1 MiB/sec\n"), 2u);
  EXPECT_EQ(ErrorLine("RSA-2048 sign/sec; 0.84 ms/op (597 ops in 501.88 ms)\n"), 1u);
  EXPECT_EQ(ErrorLine("RSA-2048 1189 sign/sec; 0.84 ms/op (597 ops in 501.88 s)\n"), 1u);
}

// A damaged line among good ones costs only its figure: skipped, named, the rest kept.
TEST(BotanSpeedTest, DamagedLineIsSkippedAndNamed) {
  const results::RunResult run = Parse(
      "SHA-256 hash buffer size 1024 bytes: 28O.1 MiB/sec (1.0 MiB in 1.0 ms)\n"
      "SHA-512 hash buffer size 1024 bytes: 400.000 MiB/sec (200.000 MiB in 500.000 ms)\n");
  EXPECT_EQ(FindAlgorithm(run, "SHA-256", ""), nullptr);
  const results::AlgorithmResult* sha512 = FindAlgorithm(run, "SHA-512", "");
  ASSERT_NE(sha512, nullptr);
  EXPECT_DOUBLE_EQ(sha512->cells[0].figures->bytes_per_s->value, 400 * 1048576.0);
  EXPECT_TRUE(HasCaveat(run, "Line 1 is damaged in the paste and skipped (expected"));
}

// botan speed 2.19.3 (Debian 12, x86-64, `botan speed --msec=100 ChaCha20Poly1305
// AES-128/GCM`): a cipher mode's throughput lines follow a "key schedule/sec" line. The key
// schedule is left out and named; the throughput is read.
TEST(BotanSpeedTest, KeyScheduleLinesAreLeftOutAndNamed) {
  const results::RunResult run = Parse(
      "ChaCha20Poly1305 135116 key schedule/sec; 0.01 ms/op 19123 cycles/op (2 ops in 0 ms)\n"
      "ChaCha20Poly1305 encrypt buffer size 1024 bytes: 99.646 MiB/sec 24.76 cycles/byte "
      "(9.20 MiB in 92.33 ms)\n"
      "ChaCha20Poly1305 decrypt buffer size 1024 bytes: 91.099 MiB/sec 27.07 cycles/byte "
      "(9.20 MiB in 100.99 ms)\n"
      "AES-128/GCM(16) [clmul] 112574 key schedule/sec; 0.01 ms/op 22958 cycles/op "
      "(2 ops in 0 ms)\n"
      "AES-128/GCM(16) [clmul] encrypt buffer size 1024 bytes: 369.010 MiB/sec 6.62 "
      "cycles/byte (27.35 MiB in 74.12 ms)\n");
  for (const results::AlgorithmResult& alg : run.algorithms) {
    for (const results::Cell& cell : alg.cells) {
      EXPECT_NE(cell.operation, "key_schedule") << alg.algorithm;
      EXPECT_EQ(cell.status, results::CellStatus::kOk) << alg.algorithm << " " << cell.operation;
      EXPECT_EQ(cell.input_len, 1024u) << alg.algorithm << " " << cell.operation;
    }
  }
  const results::AlgorithmResult* chacha = FindAlgorithm(run, "ChaCha20-Poly1305", "");
  ASSERT_NE(chacha, nullptr);
  EXPECT_EQ(chacha->cells.size(), 2u);
  const results::AlgorithmResult* gcm = FindAlgorithm(run, "AES-128-GCM", "clmul");
  ASSERT_NE(gcm, nullptr);
  EXPECT_DOUBLE_EQ(gcm->cells.at(0).figures->bytes_per_s->value, 369.010 * 1048576);
  EXPECT_TRUE(HasCaveat(run, "Lines 1, 4: botan speed's 'key schedule/sec' figures are not"));
}

// The same cipher's key schedule again is the next run's (a second `botan speed` pasted after
// the first).
TEST(BotanSpeedTest, RepeatedKeyScheduleStartsTheNextRun) {
  BotanSpeedParser parser("t");
  const auto lines = CleanPaste(
      "ChaCha20Poly1305 135116 key schedule/sec; 0.01 ms/op 19123 cycles/op (2 ops in 0 ms)\n"
      "ChaCha20Poly1305 encrypt buffer size 1024 bytes: 99.646 MiB/sec 24.76 cycles/byte "
      "(9.20 MiB in 92.33 ms)\n"
      "ChaCha20Poly1305 194457 key schedule/sec; 0.01 ms/op 13247 cycles/op (2 ops in 0 ms)\n");
  EXPECT_EQ(parser.Take(lines[0]), Offer::kConsumed);
  EXPECT_EQ(parser.Take(lines[1]), Offer::kConsumed);
  EXPECT_EQ(parser.Take(lines[2]), Offer::kNewRun);
}

// botan speed 2.19.3 (Debian 12, x86-64, `botan speed --msec=100`) prints the time of an ops
// line without decimals when cycles/op is 10000 or more: "(340 ops in 116 ms)" is 115.5 to
// 116.5 ms, so 2942 verify/sec agrees with it. The rate is read from the more precise of the
// printed rate and the event count over the time.
TEST(BotanSpeedTest, OpsLineTimeRoundedToWholeMilliseconds) {
  const results::RunResult run = Parse(
      "RSA-3072 0 keygen/sec; 1317.86 ms/op 3421341378 cycles/op (1 op in 1318 ms)\n"
      "RSA-3072 EMSA-PKCS1-v1_5(SHA-256) 2942 verify/sec; 0.34 ms/op 882083 cycles/op "
      "(340 ops in 116 ms)\n"
      "DH-1536 1633 keygen/sec; 0.61 ms/op 1589575 cycles/op (2 ops in 1 ms)\n"
      "RSA-2048 EMSA-PKCS1-v1_5(SHA-256) 9999 verify/sec; 0.12 ms/op 301071 cycles/op "
      "(862 ops in 100 ms)\n");
  const results::AlgorithmResult* rsa3072 = FindAlgorithm(run, "RSA-3072", "");
  ASSERT_NE(rsa3072, nullptr);
  for (const results::Cell& cell : rsa3072->cells) {
    EXPECT_EQ(cell.status, results::CellStatus::kOk) << cell.operation;
    const double expected = cell.operation == "keygen" ? 1 / 1.318 : 2942;
    EXPECT_DOUBLE_EQ(cell.figures->ops_per_s.value, expected) << cell.operation;
  }
  const results::AlgorithmResult* dh = FindAlgorithm(run, "DH-1536", "");
  ASSERT_NE(dh, nullptr);
  EXPECT_EQ(dh->cells.at(0).status, results::CellStatus::kOk);
  EXPECT_DOUBLE_EQ(dh->cells.at(0).figures->ops_per_s.value, 1633);
  // 862 ops in 99.5 to 100.5 ms is at most 8664/s: 9999 cannot be.
  const results::AlgorithmResult* rsa2048 = FindAlgorithm(run, "RSA-2048", "");
  ASSERT_NE(rsa2048, nullptr);
  EXPECT_EQ(rsa2048->cells.at(0).status, results::CellStatus::kError);
}

TEST(BotanSpeedTest, RepeatedRowStartsTheNextRun) {
  BotanSpeedParser parser("t");
  const auto lines = CleanPaste(
      "SHA-256 hash buffer size 1024 bytes: 287.051 MiB/sec (145.695 MiB in 507.559 ms)\n"
      "SHA-256 hash buffer size 1024 bytes: 290.000 MiB/sec (145.000 MiB in 500.000 ms)\n");
  EXPECT_EQ(parser.Take(lines[0]), Offer::kConsumed);
  EXPECT_EQ(parser.Take(lines[1]), Offer::kNewRun);
}

// Tryout 18: botan#1673 (AES-192 rows of `botan speed AES-128 AES-192 AES-256`) and botan#700
// (Botan 1.11's "<rate> EMSA1(SHA-256) verify/sec" lines).
TEST(BotanSpeedTest, BareAes192IsEcbLikeTheOtherKeySizes) {
  const results::RunResult run = Parse(
      "AES-128 encrypt buffer size 1024 bytes: 3828.951 MiB/sec 0.21 cycles/byte (1914.48 MiB in "
      "500.00 ms)\n"
      "AES-192 encrypt buffer size 1024 bytes: 2821.365 MiB/sec 0.38 cycles/byte (1410.68 MiB in "
      "500.00 ms)\n");
  EXPECT_NE(FindAlgorithm(run, "AES-128-ECB", ""), nullptr);
  EXPECT_NE(FindAlgorithm(run, "AES-192-ECB", ""), nullptr);
  EXPECT_EQ(FindAlgorithm(run, "AES-192", ""), nullptr);
}

TEST(BotanSpeedTest, PaddingAfterTheRateIsAParameterNotTheOperation) {
  const results::RunResult run = Parse(
      "ECDSA-secp256r1 65 EMSA1(SHA-256) sign/sec; 15.30 ms/op (20 ops in 305.94 ms)\n"
      "ECKCDSA-secp256r1 183 EMSA1(SHA-256) verify/sec; 5.46 ms/op (56 ops in 305.83 ms)\n");
  const results::AlgorithmResult* ecdsa = FindAlgorithm(run, "ECDSA-P256", "");
  ASSERT_NE(ecdsa, nullptr);
  EXPECT_EQ(ecdsa->cells.front().operation, "sign");
  const results::AlgorithmResult* eckcdsa =
      FindAlgorithm(run, "ECKCDSA-secp256r1 EMSA1(SHA-256)", "");
  ASSERT_NE(eckcdsa, nullptr);
  EXPECT_EQ(eckcdsa->cells.front().operation, "verify");
}

// A result line cut short where the paste ends ("AES-128 [commoncrypto] de": the stored copy of
// botan issue 3837 ends there) gives no figure, and a caveat names it (tryout 32 D15), as one
// cut inside its figures does.
TEST(BotanSpeedTest, ResultLineCutBeforeItsFiguresIsNamed) {
  const results::RunResult run = Parse(
      "AES-128 encrypt buffer size 1024 bytes: 13615.801 MiB/sec (6807.900 MiB in 500.000 ms)\n"
      "AES-128 [commoncrypto] encrypt buffer size 1024 bytes: 10069.283 MiB/sec (5034.642 MiB "
      "in 500.000 ms)\n"
      "AES-128 [commoncrypto] de\n");
  EXPECT_NE(FindAlgorithm(run, "AES-128-ECB", "commoncrypto"), nullptr);
  EXPECT_TRUE(HasCaveat(run, "Line 3: 'AES-128 [commoncrypto] de'"))
      << ::testing::PrintToString(run.source.caveats);
  // Prose that merely starts with an algorithm's name is not a cut line.
  const results::RunResult prose = Parse(
      "AES-128 encrypt buffer size 1024 bytes: 13615.801 MiB/sec (6807.900 MiB in 500.000 ms)\n"
      "AES-128 is the one that matters here\n");
  EXPECT_FALSE(HasCaveat(prose, "Line 2")) << ::testing::PrintToString(prose.source.caveats);
}

}  // namespace
}  // namespace cryptobench::import
