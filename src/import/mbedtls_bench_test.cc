// The output layouts of mbedTLS's programs/test/benchmark.c across its history (PolarSSL 0.10
// to mbedTLS 3.6), each test's lines written from the printf formats of the commit it names.
#include "import/mbedtls_bench.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "import/import.h"
#include "import/import_test_util.h"

namespace cryptobench::import {
namespace {

const results::Cell* FindCell(const results::RunResult& run, const std::string& algorithm,
                              const std::string& op) {
  const results::AlgorithmResult* alg = FindAlgorithm(run, algorithm);
  if (alg == nullptr) {
    return nullptr;
  }
  for (const results::Cell& cell : alg->cells) {
    if (cell.operation == op) {
      return &cell;
    }
  }
  return nullptr;
}

double Bytes(const results::RunResult& run, const std::string& algorithm, const std::string& op) {
  return BytesPerS(FindCell(run, algorithm, op));
}

double Ops(const results::RunResult& run, const std::string& algorithm, const std::string& op) {
  return OpsPerS(FindCell(run, algorithm, op));
}

// 5121ce5bdb (2009): "  AES-%d   :  " then "%9lu Kb/s,  %9lu cycles/byte" over aes_crypt_cbc,
// and "  RSA-1024  :  " then "%9lu  public/s".
TEST(MbedtlsBenchTest, PolarsslBareAesIsCbcAndKbIsKibibytes) {
  const std::vector<results::RunResult> runs = ImportText(
      "  MD5       :      81234 Kb/s,          4 cycles/byte\n"
      "  AES-128   :      20480 Kb/s,         31 cycles/byte\n"
      "  CAMELLIA-256:      9000 Kb/s,         70 cycles/byte\n"
      "  RSA-1024  :       1500  public/s\n"
      "  RSA-1024  :         80 private/s\n",
      "polarssl.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-128-CBC", "encrypt"), 20480.0 * 1024);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "MD5", "hash"), 81234.0 * 1024);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-1024", "private"), 80);
  EXPECT_TRUE(HasCaveat(runs[0], "\"Kb/s\" is read as KiB/s"));
}

// 8271f2ffb5 (2013): HEADER_FORMAT "  %-16s :  ", TIME_PUBLIC's "%9lu " TYPE "/s"; a0748019f1
// (2017): "kB/s".
TEST(MbedtlsBenchTest, DevelopmentBranchKilobytesAndHandshakes) {
  const std::vector<results::RunResult> runs = ImportText(
      "  SHA-256                  :      60000 kB/s,         17 cycles/byte\n"
      "  DHE-2048                 :         25 handshake/s\n"
      "  ECDHE-Curve25519         :        900 handshake/s\n",
      "mbed.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "SHA-256", "hash"), 60000.0 * 1024);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "DHE-2048", "handshake"), 25);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "X25519", "handshake"), 900);
}

// The ECDH rows whose TYPE is two words (Mbed-TLS/mbedtls programs/test/benchmark.c): "full
// handshake" (0b93102415, 2018, mbedtls-2.19 to 3.5: both sides with the new ECDH context,
// beside the "handshake" rows of the same labels) and, from dd9cbf99c2 (mbedtls-3.6.0),
// "ephemeral handshake" (the client side of ECDHE) and "static handshake" (ECDH's shared
// secret alone). Read under the type's own words, so that they do not collide with (and start
// a new run at) the "handshake" row of the same label; a heap column may follow.
TEST(MbedtlsBenchTest, TwoWordHandshakeTypesAreRead) {
  const std::vector<results::RunResult> runs = ImportText(
      "  ECDHE-secp256r1          :    1500 handshake/s\n"
      "  ECDHE-x25519             :    3000 handshake/s\n"
      "  ECDHE-secp256r1          :     700 full handshake/s\n"
      "  ECDHE-x25519             :    1400 full handshake/s  4096 heap bytes,     12 allocs\n"
      "  ECDHE-secp384r1          :     300 ephemeral handshake/s\n"
      "  ECDH-secp384r1           :     600 static handshake/s\n",
      "mbed.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDHE-secp256r1", "handshake"), 1500);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDHE-secp256r1", "full handshake"), 700);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "X25519", "handshake"), 3000);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "X25519", "full handshake"), 1400);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDHE-secp384r1", "ephemeral handshake"), 300);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDH-secp384r1", "static handshake"), 600);
}

// TIME_AND_TSC prints "%9lu cycles/byte" of an unsigned integer division, (hardclock ticks) /
// (jj * BUFSIZE), from PolarSSL (5121ce5bdb) to mbedtls-3.6 and TF-PSA-Crypto 1.0.0: a whole
// number rounded down, so a figure under 1 cycle/byte prints 0. The caveat says so.
TEST(MbedtlsBenchTest, CyclesCaveatSaysTheyAreRoundedDown) {
  const std::vector<results::RunResult> runs = ImportText(
      "  AES-GCM-128              :    1500000 KiB/s,          1 cycles/byte\n"
      "  AES-CBC-128              :    3000000 KiB/s,          0 cycles/byte\n",
      "mbed.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_TRUE(HasCaveat(runs[0], "rounded down"));
  EXPECT_FALSE(HasCaveat(runs[0], "0 or 1"));
}

// 50da0482e0 (2014) and c4055446c4 (3.2.0): with MBEDTLS_MEMORY_DEBUG, TIME_PUBLIC prints
// "%6lu " TYPE "/s" then MEMORY_MEASURE_PRINT's "%6u heap bytes" (", %6u allocs" from 3.2.0);
// PRINT_ERROR's "FAILED: -0x%04x" and "Feature Not Supported. Skipping." measure nothing.
TEST(MbedtlsBenchTest, HeapColumnsAndFailuresAreNotFigures) {
  const std::vector<results::RunResult> runs = ImportText(
      "  AES-GCM-128              :     150000 KiB/s,          9 cycles/byte\n"
      "  RSA-2048                 :    1200  public/s     5120 heap bytes\n"
      "  RSA-2048                 :      40 private/s    12288 heap bytes,     42 allocs\n"
      "  ECDSA-secp256r1          :  FAILED: -0x4f80\n"
      "  ECDH-secp521r1           :  Feature Not Supported. Skipping.\n"
      "  ECDSA-secp384r1          :     300 sign/s       3000 heap bytes,     18 allocs\n",
      "mbed.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "public"), 1200);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "private"), 40);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDSA-P384", "sign"), 300);
  EXPECT_EQ(FindAlgorithm(runs[0], "ECDSA-P256"), nullptr);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 4: the benchmark measured nothing for 'ECDSA-secp256r1'"));
  EXPECT_TRUE(HasCaveat(runs[0], "Line 5: the benchmark measured nothing"));
  EXPECT_TRUE(HasCaveat(runs[0], "heap the operation used"));
}

// The mbed OS example's sample output (Mbed-TLS/mbedtls, yotta/data/example-benchmark/
// README.md; main.cpp at 0728d69d6d: TIME_PUBLIC prints "%6lu ms/" TYPE for ONE timed run, TYPE
// " public" with its space): milliseconds per operation, read as 1000 / ms per second under the
// operation names the "/s" rows use. Its DRBG rows generate random bytes.
TEST(MbedtlsBenchTest, MbedOsMillisecondsPerOperationAndDrbgs) {
  const std::vector<results::RunResult> runs = ImportText(
      "      AES-CCM-256              :        437 Kb/s,        268 cycles/byte\n"
      "      CTR_DRBG (NOPR)          :       1002 Kb/s,        117 cycles/byte\n"
      "      HMAC_DRBG SHA-256 (NOPR) :        212 Kb/s,        557 cycles/byte\n"
      "      RSA-2048                 :      41 ms/ public\n"
      "      RSA-2048                 :    1349 ms/private\n"
      "      ECDSA-secp256r1          :     387 ms/sign\n"
      "      ECDSA-secp256r1          :     751 ms/verify\n"
      "      ECDHE-Curve25519         :     611 ms/handshake\n",
      "mbed-os.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "public"), 1000.0 / 41);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "private"), 1000.0 / 1349);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDSA-P256", "sign"), 1000.0 / 387);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDSA-P256", "verify"), 1000.0 / 751);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "X25519", "handshake"), 1000.0 / 611);
  EXPECT_TRUE(HasCaveat(runs[0], "time ONE operation each"));
  for (const char* drbg : {"CTR_DRBG (NOPR)", "HMAC_DRBG SHA-256 (NOPR)"}) {
    const results::AlgorithmResult* alg = FindAlgorithm(runs[0], drbg);
    ASSERT_NE(alg, nullptr) << drbg;
    EXPECT_EQ(alg->kind, "rng") << drbg;
    EXPECT_DOUBLE_EQ(Bytes(runs[0], drbg, "generate"), (drbg[0] == 'C' ? 1002.0 : 212.0) * 1024);
    EXPECT_EQ(FindCell(runs[0], drbg, "encrypt"), nullptr);
    EXPECT_EQ(FindCell(runs[0], drbg, "mac"), nullptr);
  }
}

// A zero (under the timer's millisecond), a cut or an unknown type is not a figure and does
// not crash; a heap column after the milliseconds is allowed.
TEST(MbedtlsBenchTest, DamagedMillisecondRowsAreNotFigures) {
  const std::vector<results::RunResult> runs = ImportText(
      "  RSA-2048                 :      41 ms/ public\n"
      "  RSA-4096                 :       0 ms/ public\n"
      "  RSA-4096                 :    7149 ms/\n"
      "  ECDSA-secp384r1          :     640 ms/sig\n"
      "  ECDSA-secp384r1          :    -12 ms/sign\n"
      "  ECDSA-secp256r1          :     387 ms/sign   3000 heap bytes\n",
      "mbed-os.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "public"), 1000.0 / 41);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDSA-P256", "sign"), 1000.0 / 387);
  EXPECT_EQ(FindAlgorithm(runs[0], "RSA-4096"), nullptr);
  EXPECT_EQ(FindAlgorithm(runs[0], "ECDSA-P384"), nullptr);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 2: 'RSA-4096' public took under 1 ms"));
  EXPECT_TRUE(HasCaveat(runs[0], "heap the operation used"));
  EXPECT_NE(ImportErrorOf("  RSA-2048                 :      41 ms/ pub\n"), "");
}

// A row cut in the paste or wrapped by a mail client is not read as a figure.
TEST(MbedtlsBenchTest, CutAndWrappedRowsAreNotFigures) {
  const std::vector<results::RunResult> runs = ImportText(
      "  SHA-256                  :      60000 KiB/s,         17 cycles/byte\n"
      "  SHA-512                  :      9\n"
      "  AES-CBC-128              :\n"
      "     120000 KiB/s,          8 cycles/byte\n"
      "  AES-CBC-256              :      90000 KiB/s,         11 cycles/byte\n",
      "mbed.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "SHA-256", "hash"), 60000.0 * 1024);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-256-CBC", "encrypt"), 90000.0 * 1024);
  EXPECT_EQ(FindAlgorithm(runs[0], "SHA-512"), nullptr);
  EXPECT_EQ(FindAlgorithm(runs[0], "AES-128-CBC"), nullptr);
}

TEST(MbedtlsBenchTest, OnlyADamagedRowIsRefused) {
  EXPECT_NE(ImportErrorOf("  SHA-256                  :      600\n"), "");
}

// A Nuclei SDK README revision (tryout 33 D2): every row prints 4194304 KiB/s (2^22) on a
// 32 MHz core; with its own cycles/byte that is a counter at up to 38.7 GHz. Those rows, and
// the rows printing the same value, are error cells, not 4.3 GB/s.
TEST(MbedtlsBenchTest, ARowItsOwnCyclesShowImpossibleIsAnError) {
  const std::vector<results::RunResult> runs = ImportText(
      "    MD5                      :  4194304 KiB/s, 1 cycles/byte\n"
      "    SHA-256                  :  4194304 KiB/s, 2 cycles/byte\n"
      "    AES-CBC-128              :  4194304 KiB/s, 9 cycles/byte\n"
      "    AES-CBC-192              :  14690 KiB/s, 1 cycles/byte\n"
      "    RSA-2048                 :  442   public/s\n",
      "nuclei.txt");
  ASSERT_EQ(runs.size(), 1u);
  for (const char* name : {"MD5", "SHA-256", "AES-128-CBC"}) {
    const results::Cell* cell = FindCell(runs[0], name, name[0] == 'A' ? "encrypt" : "hash");
    ASSERT_NE(cell, nullptr) << name;
    EXPECT_EQ(cell->status, results::CellStatus::kError) << name;
  }
  const results::Cell* fine = FindCell(runs[0], "AES-192-CBC", "encrypt");
  ASSERT_NE(fine, nullptr);
  EXPECT_EQ(fine->status, results::CellStatus::kOk);
  EXPECT_TRUE(HasCaveat(runs[0], "38.7 GHz"));
  EXPECT_TRUE(HasCaveat(runs[0], "prints the same 4194304 KiB/s as line 2"));
}

// Three builds' figures side by side on each row under a header naming them (mbedtls pull
// request 1964, one Pixel XL, trimmed): one run per column, named from the header, never the
// first column alone (tryout 32 D5); the row cut where the stored copy ends gets a caveat.
TEST(MbedtlsBenchTest, FigureGroupsSideBySideAreOneRunPerColumn) {
  const std::string text =
      "Benchmark (`$ ./programs/test/benchmark`) done on a Pixel XL:\n"
      "```\n"
      "                                 before              just 64-bit limbs      64-bit limbs "
      "+ assembly multiplication\n"
      "  RSA-2048                 :    2883  public/s         3678  public/s         12679  "
      "public/s\n"
      "  RSA-2048                 :      87 private/s          115 private/s           355 "
      "private/s\n"
      "  DHE-2048                 :      13 handshake/s         16 handshake/s          57 "
      "handshake/s\n"
      "  ECDSA-secp521r1          :     272 sign/s             334 sign/s              438 "
      "sign/s\n"
      "  ECDSA-secp384r1          :     463 sig\n";
  const std::vector<results::RunResult> runs = ImportText(text, "mbed.txt");
  ASSERT_EQ(runs.size(), 3u);
  const char* names[] = {"before", "just 64-bit limbs", "64-bit limbs + assembly multiplication"};
  const double rsa_public[] = {2883, 3678, 12679};
  const double sign[] = {272, 334, 438};
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_DOUBLE_EQ(Ops(runs[i], "RSA-2048", "public"), rsa_public[i]) << i;
    EXPECT_DOUBLE_EQ(Ops(runs[i], "ECDSA-secp521r1", "sign"), sign[i]) << i;
    bool labelled = false;
    for (const results::SourceFact& fact : runs[i].source.facts) {
      labelled = labelled || (fact.kind == "block_label" && fact.value == names[i]);
    }
    EXPECT_TRUE(labelled) << i;
    EXPECT_TRUE(HasCaveat(runs[i], "Lines 4-7 hold 3 figure groups on each row"))
        << ::testing::PrintToString(runs[i].source.caveats);
  }
  EXPECT_TRUE(HasCaveat(runs[0], "Line 8: the row 'ECDSA-secp384r1' is cut short"))
      << ::testing::PrintToString(runs[0].source.caveats);
}

// One such row alone is not split, but its other groups are named, not dropped silently.
TEST(MbedtlsBenchTest, OneRowOfSeveralFigureGroupsIsNamed) {
  const std::vector<results::RunResult> runs = ImportText(
      "  RSA-2048                 :    2883  public/s         3678  public/s\n"
      "  RSA-2048                 :      87 private/s\n",
      "mbed.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "public"), 2883);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 1 (2 groups) holds several figure groups on one row"))
      << ::testing::PrintToString(runs[0].source.caveats);
}

}  // namespace
}  // namespace cryptobench::import
