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
  const results::Cell* cell = FindCell(run, algorithm, op);
  return cell == nullptr || !cell->figures || !cell->figures->bytes_per_s
             ? -1
             : cell->figures->bytes_per_s->value;
}

double Ops(const results::RunResult& run, const std::string& algorithm, const std::string& op) {
  const results::Cell* cell = FindCell(run, algorithm, op);
  return cell == nullptr || !cell->figures ? -1 : cell->figures->ops_per_s.value;
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

}  // namespace
}  // namespace cryptobench::import
