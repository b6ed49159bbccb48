// Tests of the 3.2+ KEM and signature-algorithm tables of `openssl speed` as OpenSSL 3.5 and
// 3.6 print them (ML-KEM, the X25519MLKEM768-style hybrids, ML-DSA, SLH-DSA, and the RSA and
// X25519 rows those tables time beside the RSA and ECDH tables). The fixture
// tests/fixtures/import/openssl-3.5-kem-sig-tables.md cites the apps/speed.c lines its format
// follows (openssl/openssl 2a3fce22740917d32fde70589e4d0da6ff694e25, the 3.5 branch point:
// lines 4207-4230, 4387-4411, 4616-4646, 4777-4780).
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "import/import.h"
#include "import/import_test_util.h"
#include "support/golden.h"

namespace cryptobench::import {
namespace {

const std::string kDataDir = CRYPTOBENCH_TEST_DATA_DIR;

std::vector<results::RunResult> ImportPqFixture() {
  const std::string name = "openssl-3.5-kem-sig-tables.md";
  return ImportText(cryptobench::testing::ReadTestFile(kDataDir + "/fixtures/import/" + name),
                    "fixtures/import/" + name);
}

// The operations of the entry named `algorithm`, in order; empty when there is none.
std::vector<std::string> Operations(const results::RunResult& run, const std::string& algorithm) {
  std::vector<std::string> ops;
  if (const results::AlgorithmResult* alg = FindAlgorithm(run, algorithm)) {
    for (const results::Cell& cell : alg->cells) {
      ops.push_back(cell.operation);
    }
  }
  return ops;
}

std::string Kind(const results::RunResult& run, const std::string& algorithm) {
  const results::AlgorithmResult* alg = FindAlgorithm(run, algorithm);
  return alg != nullptr ? alg->kind : "";
}

uint64_t Iterations(const results::RunResult& run, const std::string& algorithm,
                    const std::string& op) {
  const results::Cell* cell = FindCell(run, algorithm, op, op == "sign" || op == "verify" ? 32 : 0);
  return cell != nullptr ? cell->batch_iterations : 0;
}

double Rate(const results::RunResult& run, const std::string& algorithm, const std::string& op) {
  const results::Cell* cell = FindCell(run, algorithm, op, op == "sign" || op == "verify" ? 32 : 0);
  return cell != nullptr && cell->figures ? cell->figures->ops_per_s.value : -1;
}

// `openssl speed rsa2048 ecdhx25519 X25519 ...` on 3.5 times rsa2048 in three tables and X25519
// in two: each table's row is an entry of its own, whole, under a name of its own.
void ExpectTablesKeptApart(const results::RunResult& run) {
  using Ops = std::vector<std::string>;
  EXPECT_EQ(Operations(run, "RSA-2048"), (Ops{"sign", "verify", "encrypt", "decrypt"}));
  EXPECT_EQ(Operations(run, "X25519"), (Ops{"derive"}));
  EXPECT_EQ(Operations(run, "rsa2048 (RSASVE)"), (Ops{"keygen", "encaps", "decaps"}));
  EXPECT_EQ(Operations(run, "X25519 (DHKEM)"), (Ops{"keygen", "encaps", "decaps"}));
  EXPECT_EQ(Operations(run, "ML-KEM-768"), (Ops{"keygen", "encaps", "decaps"}));
  EXPECT_EQ(Operations(run, "X25519MLKEM768"), (Ops{"keygen", "encaps", "decaps"}));
  EXPECT_EQ(Operations(run, "rsa2048"), (Ops{"keygen", "sign", "verify"}));
  for (const results::AlgorithmResult& alg : run.algorithms) {
    EXPECT_EQ(alg.algorithm.find("(line"), std::string::npos) << alg.algorithm;
  }
  EXPECT_EQ(Kind(run, "rsa2048 (RSASVE)"), "kem");
  EXPECT_EQ(Kind(run, "X25519 (DHKEM)"), "kem");
  EXPECT_EQ(Kind(run, "X25519MLKEM768"), "kem");
  EXPECT_EQ(Kind(run, "X25519"), "key_agreement");
  EXPECT_EQ(Kind(run, "rsa2048"), "signature");
  EXPECT_DOUBLE_EQ(Rate(run, "X25519 (DHKEM)", "encaps"), 17727.0);
  EXPECT_DOUBLE_EQ(Rate(run, "X25519", "derive"), 44444.0);
  EXPECT_DOUBLE_EQ(Rate(run, "rsa2048 (RSASVE)", "decaps"), 1943.0);
  EXPECT_DOUBLE_EQ(Rate(run, "X25519MLKEM768", "encaps"), 9011.0);
  EXPECT_DOUBLE_EQ(Rate(run, "rsa2048", "sign"), 2108.0);
  EXPECT_DOUBLE_EQ(Rate(run, "RSA-2048", "sign"), 2110.0);
}

TEST(SpeedPqTablesTest, TextTablesOfOneNameInThreeTablesAreKeptApart) {
  const auto runs = ImportPqFixture();
  ASSERT_EQ(runs.size(), 3u);
  const results::RunResult& run = runs[0];
  EXPECT_EQ(run.source.tool_version, "3.5.4");
  ExpectTablesKeptApart(run);
  // Each progress line counts its own table's cell: the KEM keygen ran 23 times, the
  // signature keygen 22 (the tables' figures are the same counts over 1.00 s).
  EXPECT_EQ(Iterations(run, "rsa2048 (RSASVE)", "keygen"), 23u);
  EXPECT_EQ(Iterations(run, "rsa2048", "keygen"), 22u);
  EXPECT_EQ(Iterations(run, "X25519 (DHKEM)", "keygen"), 39925u);
  // speed's own message that ML-DSA-65 could not be set up (3.5.0 to 3.5.4), and the error queue
  // line after it, are this run's lines and say what it did not measure.
  EXPECT_TRUE(HasCaveat(run, "Line 40: openssl speed could not set up ML-DSA-65"))
      << ::testing::PrintToString(run.source.caveats);
  EXPECT_TRUE(HasCaveat(run, "Line 41 is the error OpenSSL queued for it."));
  EXPECT_FALSE(HasCaveat(run, "no output of this tool"));
  EXPECT_TRUE(HasCaveat(runs[1], "Line 104: openssl speed could not set up ML-DSA-65"));
}

TEST(SpeedPqTablesTest, MachineReadableRecordsOfTheSameRunReadTheSame) {
  const auto runs = ImportPqFixture();
  ASSERT_EQ(runs.size(), 3u);
  ExpectTablesKeptApart(runs[1]);
  EXPECT_EQ(Iterations(runs[1], "rsa2048 (RSASVE)", "keygen"), 23u);
  EXPECT_EQ(Iterations(runs[1], "rsa2048", "keygen"), 22u);
}

TEST(SpeedPqTablesTest, MlDsaAndSlhDsaRowsAreSignatureRowsUnderSpeedsNames) {
  const auto runs = ImportPqFixture();
  ASSERT_EQ(runs.size(), 3u);
  const results::RunResult& run = runs[2];
  EXPECT_EQ(run.source.tool_version, "3.6.0");
  using Ops = std::vector<std::string>;
  EXPECT_EQ(Operations(run, "ML-DSA-65"), (Ops{"keygen", "sign", "verify"}));
  EXPECT_EQ(Operations(run, "SLH-DSA-SHA2-128f"), (Ops{"keygen", "sign", "verify"}));
  EXPECT_EQ(Kind(run, "SLH-DSA-SHA2-128f"), "signature");
  EXPECT_DOUBLE_EQ(Rate(run, "ML-DSA-65", "verify"), 8333.0);
  // "51.0" printed beside "0.019615s": the time has more digits, and both come from 52 signs in
  // 1.02 s.
  EXPECT_NEAR(Rate(run, "SLH-DSA-SHA2-128f", "sign"), 52 / 1.02, 0.01);
  EXPECT_EQ(Iterations(run, "SLH-DSA-SHA2-128f", "sign"), 52u);
}

TEST(SpeedPqTablesTest, AKemTableAloneKeepsItsClassicalRowsApartFromASignatureTable) {
  // The two generic tables without the RSA or ECDH tables (`openssl speed -kem-algorithms
  // -signature-algorithms`): the KEM table's rsa512 is no signature row, and the signature
  // table's rsa512 none of the KEM's.
  const auto runs = ImportText(
      "                               keygen    encaps    decaps keygens/s  encaps/s  decaps/s\n"
      "                     rsa512 0.003108s 0.000004s 0.000036s     321.8  261201.5   27769.3\n"
      "                     X25519 0.000042s 0.000081s 0.000036s   23992.5   12391.3   27982.0\n"
      "                               keygen     signs    verify keygens/s    sign/s  verify/s\n"
      "                     rsa512 0.002955s 0.000035s 0.000002s     338.5   28544.9  402499.9\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  using Ops = std::vector<std::string>;
  EXPECT_EQ(Operations(runs[0], "rsa512 (RSASVE)"), (Ops{"keygen", "encaps", "decaps"}));
  EXPECT_EQ(Operations(runs[0], "rsa512"), (Ops{"keygen", "sign", "verify"}));
  EXPECT_EQ(Operations(runs[0], "X25519 (DHKEM)"), (Ops{"keygen", "encaps", "decaps"}));
  EXPECT_DOUBLE_EQ(Rate(runs[0], "rsa512", "keygen"), 338.5);
  EXPECT_DOUBLE_EQ(Rate(runs[0], "rsa512 (RSASVE)", "keygen"), 321.8);
}

TEST(SpeedPqTablesTest, HeaderlessRsaRowsAreToldByWhichOperationIsTheSlowOne) {
  // Without the tables' headers, "rsa2048" with three rates is a row of either table; the
  // private-key operation is the slow one: decaps (third) in the KEM table, sign (second) in
  // the signature table.
  const auto runs = ImportText(
      "                    rsa2048 0.043478s 0.000019s 0.000515s      23.0   53801.0    1943.0\n"
      "\n"
      "                    rsa4096 0.495500s 0.003697s 0.000059s       2.0     270.5   16824.4\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  using Ops = std::vector<std::string>;
  EXPECT_EQ(Operations(runs[0], "rsa2048 (RSASVE)"), (Ops{"keygen", "encaps", "decaps"}));
  // A signature row of a catalogued name takes it: nothing else in the run holds RSA-4096.
  EXPECT_EQ(Operations(runs[0], "RSA-4096"), (Ops{"keygen", "sign", "verify"}));
  EXPECT_EQ(Kind(runs[0], "RSA-4096"), "signature");
  EXPECT_DOUBLE_EQ(Rate(runs[0], "RSA-4096", "verify"), 16824.4);
}

// openssl/openssl issue 27108 (mcpowers, 3.6.0-dev; tryout 32 D17): `openssl speed ML-DSA-65`
// failed before its first progress line, then `openssl version -a`-like lines. The setup error
// and the error queue entry after it are a note of the run beside them, not dropped silently.
TEST(SpeedPqTablesTest, ASetupErrorBeforeAnyProgressLineIsNamed) {
  const auto runs = ImportText(
      "$ openssl speed ML-DSA-65\n"
      "Error while initializing signing data structs for ML-DSA-65.\n"
      "4008E9FC01000000:error:03000096:digital envelope routines:evp_pkey_signature_init:"
      "operation not supported for this keytype:crypto/evp/signature.c:722:\n"
      "version: 3.6.0-dev\n"
      "built on: Wed Mar 19 16:17:20 2025 UTC\n"
      "options: bn(64,64)\n"
      "compiler: cc -fPIC -arch arm64 -O3 -Wall -DL_ENDIAN -DOPENSSL_PIC -DNDEBUG\n"
      "CPUINFO: OPENSSL_armcap=0x987d\n",
      "issue-27108.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 2: openssl speed could not set up ML-DSA-65"));
  EXPECT_TRUE(HasCaveat(runs[0], "Line 3 is the error OpenSSL queued for it."));
}

}  // namespace
}  // namespace cryptobench::import
