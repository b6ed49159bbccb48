// cryptodev-linux's speed tests: the paste of
// https://github.com/cryptodev-linux/cryptodev-linux/issues/89 and lines written from the
// printf formats of tests/speed.c and tests/sha_speed.c (cryptodev-linux history: 43d7f1c,
// e88b7e3, b75670d, 99c6d21).
#include "import/cryptodev_speed.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "import/import.h"
#include "import/import_test_util.h"

namespace cryptobench::import {
namespace {

// The issue's paste: speed.c's AES-128-CBC lines, then `openssl speed` with the devcrypto
// engine, whose last progress line is cut ("70025 AES-128-CBC'").
const char* const kIssue89 =
    "`Testing AES-128-CBC cipher: \n"
    "\tEncrypting in chunks of 512 bytes: done. 110.86 MB in 5.00 secs: 22.17 MB/sec\n"
    "\tEncrypting in chunks of 1024 bytes: done. 122.52 MB in 5.00 secs: 24.50 MB/sec\n"
    "\tEncrypting in chunks of 2048 bytes: done. 127.34 MB in 5.00 secs: 25.47 MB/sec\n"
    "\tEncrypting in chunks of 4096 bytes: done. 132.09 MB in 5.00 secs: 26.42 MB/sec\n"
    "\tEncrypting in chunks of 8192 bytes: done. 127.64 MB in 5.00 secs: 25.53 MB/sec\n"
    "\tEncrypting in chunks of 16384 bytes: done. 119.34 MB in 5.00 secs: 23.86 MB/sec\n"
    "\tEncrypting in chunks of 32768 bytes: done. 105.48 MB in 5.00 secs: 21.09 MB/sec\n"
    "\tEncrypting in chunks of 65536 bytes: done. 85.98 MB in 5.00 secs: 17.19 MB/sec\n"
    "`\n"
    "we are checking the performance with the OepnSSL as well and observing as below. \n"
    "\n"
    "`$./openssl speed -evp aes-128-cbc -engine devcrypto \n"
    "Engine \"devcrypto\" set.\n"
    "Doing AES-128-CBC for 3s on 16 size blocks: 517398 AES-128-CBC's in 0.10s\n"
    "Doing AES-128-CBC for 3s on 64 size blocks: 412163 AES-128-CBC's in 0.08s\n"
    "Doing AES-128-CBC for 3s on 256 size blocks: 207881 AES-128-CBC's in 0.06s\n"
    "Doing AES-128-CBC for 3s on 1024 size blocks: 70025 AES-128-CBC'";

TEST(CryptodevSpeedTest, Issue89ReadsBothToolsAndSkipsTheCutLine) {
  const std::vector<results::RunResult> runs = ImportText(kIssue89, "issue89.txt");
  ASSERT_EQ(runs.size(), 2u);
  const results::RunResult& dev = runs[0];
  EXPECT_EQ(dev.source.tool, "cryptodev-linux speed");
  const results::Cell* cell = FindCell(dev, "AES-128-CBC", 512);
  ASSERT_NE(cell, nullptr);
  EXPECT_EQ(cell->operation, "encrypt");
  EXPECT_DOUBLE_EQ(cell->figures->bytes_per_s->value, 22.17e6);
  EXPECT_DOUBLE_EQ(cell->figures->ops_per_s.value, 22.17e6 / 512);
  ASSERT_NE(FindCell(dev, "AES-128-CBC", 65536), nullptr);
  EXPECT_EQ(FindAlgorithm(dev, "AES-128-CBC")->cells.size(), 8u);
  EXPECT_TRUE(HasCaveat(dev, "/dev/crypto from user space"));
  EXPECT_TRUE(HasCaveat(dev, "MB (1e+06 bytes)"));
  const results::RunResult& ossl = runs[1];
  ASSERT_NE(FindAlgorithm(ossl, "AES-128-CBC"), nullptr);
  EXPECT_EQ(FindAlgorithm(ossl, "AES-128-CBC")->cells.size(), 3u);
  EXPECT_TRUE(HasCaveat(ossl, "Line 18: the progress line for AES-128-CBC on 1024-byte blocks"));
}

// sha_speed.c: "Testing SHA1 Hash:", the driver line, --kib units (MiB, 2^20) of speed.c.
TEST(CryptodevSpeedTest, HashesTheirDriverAndBinaryUnits) {
  const std::vector<results::RunResult> runs = ImportText(
      "Testing SHA1 Hash: \n"
      "requested hash CRYPTO_SHA1, got sha1 with driver sha1-ce\n"
      "\tEncrypting in chunks of 256 bytes: done. 300.00 MiB in 5.00 secs: 60.00 MiB/sec\n"
      "\n"
      "Testing SHA256 Hash: \n"
      "\tEncrypting in chunks of 1024 bytes: done. 1.50 GiB in 5.00 secs: 0.30 GiB/sec\n",
      "sha.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::Cell* sha1 = FindCell(runs[0], "SHA-1", 256);
  ASSERT_NE(sha1, nullptr);
  EXPECT_EQ(sha1->operation, "hash");
  EXPECT_DOUBLE_EQ(sha1->figures->bytes_per_s->value, 60.0 * 1048576);
  ASSERT_NE(FindCell(runs[0], "SHA-256", 1024), nullptr);
  for (const results::AlgorithmResult& alg : runs[0].algorithms) {
    if (alg.algorithm == "SHA-1") {
      EXPECT_EQ(alg.implementation, "sha1-ce");
    }
  }
}

// Before e88b7e3 value2human printed "Mb" for 10^6 bytes; the NULL cipher and hashcrypt's
// combined tests are named, not read; lines without a header are named, not read.
TEST(CryptodevSpeedTest, OldUnitsNullCipherAndNamelessLines) {
  const std::vector<results::RunResult> runs = ImportText(
      "\tEncrypting in chunks of 512 bytes: done. 10.00 Mb in 5.00 secs: 2.00 Mb/sec\n"
      "Testing NULL cipher: \n"
      "\tEncrypting in chunks of 512 bytes: done. 500.00 Mb in 5.00 secs: 100.00 Mb/sec\n"
      "Testing AES-128-CBC cipher: \n"
      "\tEncrypting in chunks of 512 bytes: done. 50.00 Mb in 5.00 secs: 10.00 Mb/sec\n"
      "Testing AES128 with SHA1 Hash: \n"
      "\tEncrypting in chunks of 512 bytes: done. 40.00 Mb in 5.00 secs: 8.00 Mb/sec\n",
      "old.txt");
  ASSERT_EQ(runs.size(), 1u);
  ASSERT_EQ(runs[0].algorithms.size(), 1u);
  EXPECT_DOUBLE_EQ(FindCell(runs[0], "AES-128-CBC", 512)->figures->bytes_per_s->value, 10e6);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 1: cryptodev-linux speed results without a 'Testing"));
  EXPECT_TRUE(HasCaveat(runs[0], "Line 3: cryptodev-linux speed results for the NULL cipher"));
  EXPECT_TRUE(HasCaveat(runs[0], "Line 7: cryptodev-linux speed results for 'AES128 with SHA1'"));
}

// Redirected, speed's stdout is flushed only at the next chunk, after the next header (stderr):
// the result then follows that header on a line of its own.
TEST(CryptodevSpeedTest, ResultPrintedAfterTheNextHeaderBelongsToItsChunk) {
  const std::vector<results::RunResult> runs = ImportText(
      "Testing AES-128-CBC cipher: \n"
      "\tEncrypting in chunks of 512 bytes: done. 50.00 MB in 5.00 secs: 10.00 MB/sec\n"
      "\tEncrypting in chunks of 65536 bytes: \n"
      "Testing SHA1 Hash: \n"
      "done. 85.98 MB in 5.00 secs: 17.19 MB/sec\n"
      "\tEncrypting in chunks of 256 bytes: done. 20.00 MB in 5.00 secs: 4.00 MB/sec\n",
      "redirected.txt");
  ASSERT_EQ(runs.size(), 1u);
  ASSERT_NE(FindCell(runs[0], "AES-128-CBC", 65536), nullptr);
  EXPECT_DOUBLE_EQ(FindCell(runs[0], "AES-128-CBC", 65536)->figures->bytes_per_s->value, 17.19e6);
  ASSERT_NE(FindCell(runs[0], "SHA-1", 256), nullptr);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 5: the result of the 65536-byte chunk of line 3"));
}

// Cut, garbled and failed lines cost only themselves and never crash; the same test again
// starts a second run; a paste of nothing but damaged lines is refused.
TEST(CryptodevSpeedTest, DamagedLinesCostOnlyThemselves) {
  const std::string good =
      "Testing AES-128-CBC cipher: \n"
      "\tEncrypting in chunks of 512 bytes: done. 50.00 MB in 5.00 secs: 10.00 MB/sec\n";
  for (const char* bad :
       {"\tEncrypting in chunks of 1024 bytes: done. 110.86 MB in 5.00 secs: 22.1",
        "\tEncrypting in chunks of 1024 bytes: done. 110.86 MB in 5.00 se",
        "\tEncrypting in chunks of 1024 bytes: done. 110.86 XB in 5.00 secs: 22.17 XB/sec",
        "\tEncrypting in chunks of 1024 bytes: done. 110.86 MB in 5.00 secs: 22.17 MiB/sec",
        "\tEncrypting in chunks of 1024 bytes: done.",
        "\tEncrypting in chunks of 1024 bytes: ioctl(CIOCCRYPT): Invalid argument",
        "\tEncrypting in chunks of 1024 bytes: ", "\tEncrypting in chunks of 1024 bytes:"}) {
    const std::vector<results::RunResult> runs = ImportText(good + bad + "\n", "cut.txt");
    ASSERT_EQ(runs.size(), 1u) << bad;
    ASSERT_NE(FindCell(runs[0], "AES-128-CBC", 512), nullptr) << bad;
    EXPECT_EQ(FindCell(runs[0], "AES-128-CBC", 1024), nullptr) << bad;
    EXPECT_TRUE(HasCaveat(runs[0], "Line 3")) << bad;
  }
  // A rate that is not the data over the seconds: an error cell.
  const std::vector<results::RunResult> wrong = ImportText(
      good + "\tEncrypting in chunks of 1024 bytes: done. 110.86 MB in 5.00 secs: 99.00 MB/sec\n",
      "wrong.txt");
  ASSERT_EQ(wrong.size(), 1u);
  EXPECT_EQ(FindCell(wrong[0], "AES-128-CBC", 1024)->status, results::CellStatus::kError);
  EXPECT_EQ(ImportText(good + good, "twice.txt").size(), 2u);
  EXPECT_NE(ImportErrorOf("\tEncrypting in chunks of 512 bytes: done. 1 MB in 5.00 secs: 2\n"), "");
}

TEST(CryptodevSpeedTest, Units) {
  EXPECT_EQ(CryptodevUnitBytes("MB"), 1e6);
  EXPECT_EQ(CryptodevUnitBytes("MiB"), 1048576.0);
  EXPECT_EQ(CryptodevUnitBytes("Gb"), 1e9);
  EXPECT_EQ(CryptodevUnitBytes("bytes"), 1.0);
  EXPECT_FALSE(CryptodevUnitBytes("mb").has_value());
  EXPECT_FALSE(CryptodevUnitBytes("").has_value());
}

}  // namespace
}  // namespace cryptobench::import
