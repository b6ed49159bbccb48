// Tests of the bssl speed parser: descriptions, human lines, -json in its shapes, and the
// errors and flags for output that cannot be right.
#include "import/bssl_speed.h"

#include <string>

#include <gtest/gtest.h>

#include "import/import.h"
#include "import/import_test_util.h"

namespace cryptobench::import {
namespace {

// Feeds every cleaned line to one parser; fails the test if one starts another run.
results::RunResult Parse(const std::string& text, const std::vector<std::string>& args = {}) {
  BsslSpeedParser parser("t.txt");
  parser.SetCommand(args, 1);
  for (const SourceLine& line : CleanPaste(text)) {
    EXPECT_NE(parser.Take(line), Offer::kNewRun) << line.text;
  }
  return parser.Build();
}

// The line number of the ImportError that parsing `text` throws, or 0.
size_t ErrorLine(const std::string& text) {
  try {
    Parse(text);
  } catch (const ImportError& e) {
    return e.line();
  }
  return 0;
}

// The line number at which the import driver refuses `text` (ImportError), or 0: a run whose
// every bssl line was damaged gave no figure and is refused at the first.
size_t RefusedAt(const std::string& text) {
  try {
    ImportText(text, "t.txt");
  } catch (const ImportError& e) {
    return e.line();
  }
  return 0;
}

TEST(BsslDescriptionTest, SizesAndOperationWordings) {
  BsslDescription d = ParseBsslDescription("AES-128-GCM (16 bytes) seal");
  EXPECT_EQ(d.algorithm.name, "AES-128-GCM");
  EXPECT_EQ(d.operation, "encrypt");
  EXPECT_EQ(d.input_len, 16u);
  d = ParseBsslDescription("AES-256-GCM-SIV (1350 bytes) open");
  EXPECT_EQ(d.algorithm.name, "AES-256-GCM-SIV");
  EXPECT_FALSE(d.algorithm.catalogued);
  EXPECT_EQ(d.algorithm.kind, "aead");
  EXPECT_EQ(d.operation, "decrypt");
  d = ParseBsslDescription("SHA-256 (1 byte)");
  EXPECT_EQ(d.algorithm.name, "SHA-256");
  EXPECT_EQ(d.operation, "hash");
  EXPECT_EQ(d.input_len, 1u);
  d = ParseBsslDescription("EVP-AES-128-GCM encrypt (8192 bytes)");  // AWS-LC's wording
  EXPECT_EQ(d.algorithm.name, "AES-128-GCM");
  EXPECT_EQ(d.operation, "encrypt");
  EXPECT_EQ(d.input_len, 8192u);
}

TEST(BsslDescriptionTest, PublicKeyWordings) {
  EXPECT_EQ(ParseBsslDescription("RSA 2048 signing").algorithm.name, "RSA-2048");
  EXPECT_EQ(ParseBsslDescription("RSA 2048 signing").operation, "sign");
  EXPECT_EQ(ParseBsslDescription("RSA 4096 verify (same key)").operation, "verify");
  EXPECT_EQ(ParseBsslDescription("RSA 4096 verify (fresh key)").operation, "verify_fresh_key");
  EXPECT_EQ(ParseBsslDescription("RSA 2048 key-gen").operation, "keygen");
  const BsslDescription x25519 = ParseBsslDescription("Curve25519 arbitrary point multiplication");
  EXPECT_EQ(x25519.algorithm.name, "X25519");
  EXPECT_EQ(x25519.operation, "derive");
  const BsslDescription ecdh = ParseBsslDescription("ECDH P-256");
  EXPECT_EQ(ecdh.algorithm.name, "ECDH P-256");  // times keygen too: not ECDH-P256
  EXPECT_FALSE(ecdh.algorithm.catalogued);
  EXPECT_EQ(ecdh.operation, "derive");
  const BsslDescription kem = ParseBsslDescription("ML-KEM-768 generate + decap");
  EXPECT_EQ(kem.algorithm.kind, "kem");
  EXPECT_EQ(kem.operation, "keygen_decaps");
  const BsslDescription block = ParseBsslDescription("AES-128 encrypt");
  EXPECT_EQ(block.algorithm.name, "AES-128");
  EXPECT_EQ(block.algorithm.kind, "other");  // one block, ops/s only: not a throughput
  EXPECT_EQ(ParseBsslDescription("scrypt (N = 1024, r = 8, p = 16)").algorithm.kind, "kdf");
}

TEST(BsslSpeedTest, HumanLinesBecomeCells) {
  const results::RunResult run = Parse(
      "Did 15118000 AES-128-GCM (16 bytes) seal operations in 1000334us (15112952.3 ops/sec): "
      "241.8 MB/s\n"
      "Did 1722 RSA 2048 signing operations in 1000412us (1721.3 ops/sec)\n"
      "Did 27 RSA 2048 key-gen operations in 30518002us (0.9 ops/sec)\n"
      "  min: 122301us, median: 1004418us, max: 3811030us\n");
  EXPECT_EQ(run.source.tool, "bssl speed");
  EXPECT_EQ(run.source.timing_basis, "wall_clock");
  EXPECT_EQ(run.library.backend, "boringssl");
  const results::Cell* gcm = FindCell(run, "AES-128-GCM", "encrypt", 16);
  ASSERT_NE(gcm, nullptr);
  ASSERT_TRUE(gcm->figures);
  EXPECT_DOUBLE_EQ(gcm->figures->ops_per_s.value, 15118000 / 1.000334);
  EXPECT_DOUBLE_EQ(gcm->figures->bytes_per_s->value, 16 * 15118000 / 1.000334);
  EXPECT_EQ(gcm->batch_iterations, 15118000u);
  const results::Cell* sign = FindCell(run, "RSA-2048", "sign", 32);
  ASSERT_NE(sign, nullptr);
  EXPECT_FALSE(sign->figures->bytes_per_s.has_value());
  EXPECT_NE(FindCell(run, "RSA-2048", "keygen", 0), nullptr);
  EXPECT_EQ(run.method.input_sizes, (std::vector<uint64_t>{16}));
  EXPECT_TRUE(HasCaveat(run, "13 bytes of additional data"));
}

// "EVP-" row names are AWS-LC's (tool/speed.cc SpeedEvpCipherGeneric): tryout 31 D9.
TEST(BsslSpeedTest, EvpRowNamesAreAwsLcs) {
  const results::RunResult run = Parse(
      "Did 7403000 EVP-AES-128-GCM encrypt (16 bytes) operations in 1000006us (7402955.6 "
      "ops/sec): 118.4 MB/s\n");
  EXPECT_EQ(run.library.version, "AWS-LC");
  EXPECT_TRUE(HasCaveat(run, "only AWS-LC's bssl speed prints"));
  const results::RunResult boringssl = Parse(
      "Did 15118000 AES-128-GCM (16 bytes) seal operations in 1000334us (15112952.3 ops/sec): "
      "241.8 MB/s\n");
  EXPECT_EQ(boringssl.library.version, "");
}

TEST(BsslSpeedTest, PrintedRateThatDoesNotMatchIsAnError) {
  const results::RunResult run = Parse(
      "Did 1980000 ChaCha20-Poly1305 (1350 bytes) seal operations in 3000233us "
      "(965994.1 ops/sec): 890.9 MB/s\n");
  const results::Cell* cell = FindCell(run, "ChaCha20-Poly1305", "encrypt", 1350);
  ASSERT_NE(cell, nullptr);
  EXPECT_EQ(cell->status, results::CellStatus::kError);
  EXPECT_FALSE(cell->figures);
  EXPECT_TRUE(HasCaveat(run, "Line 1:"));
}

TEST(BsslSpeedTest, ZeroTimeIsImpossibleAndZeroCallsFailed) {
  const results::RunResult run = Parse(
      "Did 100 SHA-1 (16 bytes) operations in 0us (inf ops/sec): inf MB/s\n"
      "Did 0 SHA-1 (256 bytes) operations in 1000000us (0.0 ops/sec): 0.0 MB/s\n");
  EXPECT_EQ(FindCell(run, "SHA-1", "hash", 16)->status, results::CellStatus::kError);
  EXPECT_TRUE(HasCaveat(run, "impossible figure"));
  EXPECT_EQ(FindCell(run, "SHA-1", "hash", 256)->status, results::CellStatus::kError);
}

TEST(BsslSpeedTest, MalformedLinesNameTheirLine) {
  EXPECT_EQ(RefusedAt("Did 12x AES-128-GCM (16 bytes) seal operations in 1000us (1.0 ops/sec)\n"),
            1u);
  EXPECT_EQ(RefusedAt("\nDid 12 SHA-1 (16 bytes) operations in 1000ms (12000.0 ops/sec)\n"), 2u);
  EXPECT_EQ(RefusedAt("Did 12 SHA-1 (16 bytes) operations in 1000us (12000.0 ops/sec): fast\n"),
            1u);
}

// hanno-becker/aws-lc's SLOTHY benchmarks on Graviton 2 (crypto/fipsmodule/modes/asm/slothy/
// benchmarks_g2.md at 0b0f1a25c8e82221938924b68fa335519c7fa3bf, variant opt/128_x4_dual_acc;
// tryout 33 D8, probe x06): the stored copy cut inside the third line's "ops/sec". The cut last
// line costs only its own figure, with a caveat, as cut last lines of the other formats do.
TEST(BsslSpeedTest, LastLineCutShortIsSkippedAndNamed) {
  const std::vector<results::RunResult> runs = ImportText(
      "```\n"
      "* Testing variant: opt/128_x4_dual_acc\n"
      " - Bench...\n"
      "Did 4720000 EVP-AES-128-GCM encrypt init operations in 1000208us (4719018.4 ops/sec)\n"
      "Did 8122500 EVP-AES-128-GCM encrypt (16 bytes) operations in 1000029us (8122264.5 "
      "ops/sec): 130.0 MB/s\n"
      "Did 4788250 EVP-AES-128-GCM encrypt (256 bytes) operations in 1000004us (4788230.8 ops/se\n"
      "\n",
      "x06.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::Cell* small = FindCell(runs[0], "AES-128-GCM", "encrypt", 16);
  ASSERT_NE(small, nullptr);
  EXPECT_NEAR(small->figures->bytes_per_s->value, 8122500 * 16 / 1.000029, 1);
  EXPECT_EQ(FindCell(runs[0], "AES-128-GCM", "encrypt", 256), nullptr);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 6"));
  EXPECT_TRUE(HasCaveat(runs[0], "cut short in the paste"));
}

// A damaged line between whole ones costs only its own figure too, as in botan speed,
// cryptsetup benchmark and wolfCrypt pastes; a paste of only damaged lines is still refused at
// the first (MalformedLinesNameTheirLine).
TEST(BsslSpeedTest, DamagedLineBetweenWholeOnesIsSkippedAndNamed) {
  const std::vector<results::RunResult> runs = ImportText(
      "Did 12x SHA-1 (16 bytes) operations in 1000000us (12.0 ops/sec): 0.0 MB/s\n"
      "Did 11 SHA-1 (256 bytes) operations in 1000000us (11.0 ops/sec): 0.0 MB/s\n",
      "t.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(FindCell(runs[0], "SHA-1", "hash", 16), nullptr);
  ASSERT_NE(FindCell(runs[0], "SHA-1", "hash", 256), nullptr);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 1 is damaged in the paste and skipped"));
}

TEST(BsslSpeedTest, RepeatedFigureStartsTheNextRun) {
  BsslSpeedParser parser("t");
  const auto lines = CleanPaste(
      "Did 10 SHA-1 (16 bytes) operations in 1000000us (10.0 ops/sec): 0.0 MB/s\n"
      "Did 11 SHA-1 (16 bytes) operations in 1000000us (11.0 ops/sec): 0.0 MB/s\n");
  EXPECT_EQ(parser.Take(lines[0]), Offer::kConsumed);
  EXPECT_EQ(parser.Take(lines[1]), Offer::kNewRun);
}

TEST(BsslSpeedTest, ThreadsAndTimeoutFromTheCommand) {
  const results::RunResult run =
      Parse("Did 1000 RSA 2048 signing operations in 1000000us (1000.0 ops/sec)\n",
            {"-threads", "4", "-timeout", "2"});
  EXPECT_EQ(run.method.threads, 4);
  EXPECT_DOUBLE_EQ(run.method.max_seconds, 2);
  EXPECT_TRUE(HasCaveat(run, "-threads 4"));
}

TEST(BsslSpeedTest, SizeInferredFromThroughputWhenNotNamed) {
  const results::RunResult run =
      Parse("Did 612000 base64 decode operations in 1000210us (611871.5 ops/sec): 898.2 MB/s\n");
  EXPECT_NE(FindCell(run, "base64 decode", "run", 1468), nullptr);
  EXPECT_TRUE(HasCaveat(run, "inferred"));
}

TEST(BsslSpeedJsonTest, OneObjectPerLineAsBsslPrintsIt) {
  const std::string text =
      "[\n"
      "{\"description\": \"SHA-256 (16 bytes)\", \"numCalls\": 1000, \"microseconds\": 2000, "
      "\"bytesPerCall\": 16},\n"
      "{\"description\": \"Ed25519 signing\", \"numCalls\": 300, \"microseconds\": 1000000}\n"
      "]\n";
  const auto lines = CleanPaste(text);
  EXPECT_TRUE(StartsBsslJson(lines, 0));
  const results::RunResult run = Parse(text);
  const results::Cell* sha = FindCell(run, "SHA-256", "hash", 16);
  ASSERT_NE(sha, nullptr);
  EXPECT_DOUBLE_EQ(sha->figures->ops_per_s.value, 500000);
  EXPECT_DOUBLE_EQ(sha->figures->bytes_per_s->value, 8000000);
  EXPECT_DOUBLE_EQ(FindCell(run, "Ed25519", "sign", 32)->figures->ops_per_s.value, 300);
  EXPECT_FALSE(HasCaveat(run, "not closed"));
}

TEST(BsslSpeedJsonTest, PrettyPrintedAndCompactArrays) {
  const results::RunResult pretty = Parse(
      "[\n  {\n    \"description\": \"AES-128-GCM (16 bytes) seal\",\n    \"numCalls\": 10,\n"
      "    \"microseconds\": 20,\n    \"bytesPerCall\": 16\n  }\n]\n");
  EXPECT_NE(FindCell(pretty, "AES-128-GCM", "encrypt", 16), nullptr);
  const results::RunResult compact = Parse(
      "[{\"description\": \"SHA-1 (16 bytes)\", \"numCalls\": 5, \"microseconds\": 5}, "
      "{\"description\": \"SHA-1 (64 bytes)\", \"numCalls\": 4, \"microseconds\": 5}]\n");
  EXPECT_NE(FindCell(compact, "SHA-1", "hash", 64), nullptr);
  // The help text's field name is read too.
  const results::RunResult help_name = Parse(
      "[{\"description\": \"RNG (16 bytes)\", \"numCalls\": 5, \"timeInMicroseconds\": 5}]\n");
  EXPECT_NE(FindCell(help_name, "RNG", "generate", 16), nullptr);
}

TEST(BsslSpeedJsonTest, ArrayCutShortOrWithoutItsBracket) {
  const std::string lost_bracket =
      "{\"description\": \"SHA-1 (16 bytes)\", \"numCalls\": 5, \"microseconds\": 5},\n"
      "{\"description\": \"SHA-1 (64 bytes)\", \"numCalls\": 4, \"microseconds\": 5}\n"
      "\n"
      "That was all.\n";
  EXPECT_TRUE(StartsBsslJson(CleanPaste(lost_bracket), 0));
  BsslSpeedParser parser("t");
  for (const SourceLine& line : CleanPaste(lost_bracket)) {
    if (line.text == "That was all.") {
      EXPECT_EQ(parser.Take(line), Offer::kNotMine);
    } else {
      parser.Take(line);
    }
  }
  const results::RunResult run = parser.Build();
  EXPECT_NE(FindCell(run, "SHA-1", "hash", 64), nullptr);
  EXPECT_TRUE(HasCaveat(run, "not closed"));
}

TEST(BsslSpeedJsonTest, BadObjectsNameTheirLine) {
  EXPECT_EQ(ErrorLine("[\n{\"description\": \"SHA-1 (16 bytes)\", \"numCalls\": 5},\n]\n"), 2u);
  EXPECT_EQ(ErrorLine("[\n{\"description\": \"x\", \"numCalls\": -5, \"microseconds\": 5}\n]\n"),
            2u);
  EXPECT_EQ(ErrorLine("[\n{\"description\": \"x\",\n \"numCalls\": 5 5}\n]\n"), 2u);
  EXPECT_EQ(ErrorLine("[\n{\"description\": \"x\", \"numCalls\": 5, \"microseconds\": 5}\n"
                      "garbage\n]\n"),
            3u);
  // A string holding brackets and an escaped quote does not confuse the scanner.
  EXPECT_EQ(ErrorLine("[\n{\"description\": \"odd ]} \\\" name\", \"numCalls\": 1, "
                      "\"microseconds\": 1}\n]\n"),
            0u);
}

// aws/aws-lc#999 (tryout 18): `bssl speed -json` lines whose stored copy ends inside the
// second object. The cut record costs only itself, as cut lines of the other formats.
TEST(BsslSpeedJsonTest, CutLastObjectIsSkippedAndNamed) {
  const std::string text =
      "{\"description\": \"AES-256-XTS encrypt init\", \"numCalls\": 12234000, "
      "\"microseconds\": 1000054},\n"
      "{\"description\": \"AES-2\n";
  const results::RunResult run = Parse(text);
  const results::Cell* init = FindCell(run, "AES-256-XTS", "encrypt_init", 0);
  ASSERT_NE(init, nullptr) << run.algorithms.size();
  EXPECT_NEAR(init->figures->ops_per_s.value, 12234000 / 1.000054, 0.1);
  EXPECT_TRUE(HasCaveat(run, "Line 2: the output stops inside this bssl speed -json object"));
}

// A cut object alone gave no figure: still refused at its line.
TEST(BsslSpeedJsonTest, UnfinishedObjectIsAnError) {
  BsslSpeedParser parser("t");
  for (const SourceLine& line : CleanPaste("[\n{\"description\": \"SHA-1 (16 bytes)\",\n")) {
    parser.Take(line);
  }
  EXPECT_THROW(parser.Build(), ImportError);
}

}  // namespace
}  // namespace cryptobench::import
