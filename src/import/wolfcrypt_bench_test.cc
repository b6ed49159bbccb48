// The output layouts of the wolfCrypt benchmark (wolfcrypt/benchmark/benchmark.c), each test's
// lines written from the printf formats of the release or pull request it names.
#include "import/wolfcrypt_bench.h"

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "import/import.h"
#include "import/import_test_util.h"

namespace cryptobench::import {
namespace {

const results::Cell* FindCell(const results::RunResult& run, const std::string& algorithm,
                              const std::string& implementation, const std::string& op) {
  for (const results::AlgorithmResult& alg : run.algorithms) {
    if (alg.algorithm != algorithm || alg.implementation != implementation) {
      continue;
    }
    for (const results::Cell& cell : alg.cells) {
      if (cell.operation == op) {
        return &cell;
      }
    }
  }
  return nullptr;
}

double Bytes(const results::RunResult& run, const std::string& algorithm, const std::string& op,
             const std::string& implementation = "") {
  const results::Cell* cell = FindCell(run, algorithm, implementation, op);
  return cell == nullptr || !cell->figures || !cell->figures->bytes_per_s
             ? -1
             : cell->figures->bytes_per_s->value;
}

double Ops(const results::RunResult& run, const std::string& algorithm, const std::string& op,
           const std::string& implementation = "") {
  const results::Cell* cell = FindCell(run, algorithm, implementation, op);
  return cell == nullptr || !cell->figures ? -1 : cell->figures->ops_per_s.value;
}

bool Doubted(const results::RunResult& run, const std::string& algorithm, const std::string& op) {
  const results::Cell* cell = FindCell(run, algorithm, "", op);
  if (cell == nullptr) {
    return false;
  }
  for (const results::CellCaveat& caveat : cell->caveats) {
    if (caveat.doubt) {
      return true;
    }
  }
  return false;
}

// The smallest unit_factor of the cell's doubting caveats: > 0 only when every doubt is only the
// unit's base (results::CellCaveat::unit_factor); -1 without a doubt.
double DoubtBound(const results::RunResult& run, const std::string& algorithm,
                  const std::string& op) {
  const results::Cell* cell = FindCell(run, algorithm, "", op);
  double bound = -1;
  for (const results::CellCaveat& caveat :
       cell == nullptr ? std::vector<results::CellCaveat>{} : cell->caveats) {
    if (caveat.doubt) {
      bound = bound < 0 ? caveat.unit_factor : std::min(bound, caveat.unit_factor);
    }
  }
  return bound;
}

constexpr double kMiB = 1024.0 * 1024.0;

// 5.5.4's bench_stats_sym_finish ("%-24s%s %5.0f %s %s %5.3f %s, %8.3f %s/s") and
// bench_stats_asym_finish_ex ("%-6s %5d %8s%-2s %s %6d %s %5.3f %s, %s %5.3f ms, %.3f %s")
// with BENCH_DEVID_GET_NAME's "SW"/"HW" of an async or crypto-callback build.
TEST(WolfcryptBenchTest, DeviceAndSoftwareRowsAreTwoImplementations) {
  const std::vector<results::RunResult> runs = ImportText(
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "AES-128-CBC-enc         SW    50 MiB took 1.000 seconds,   50.000 MiB/s\n"
      "AES-128-CBC-enc         HW   400 MiB took 1.000 seconds,  400.000 MiB/s\n"
      "RSA     2048   public   SW    20000 ops took 1.000 sec, avg 0.050 ms, 20000.000 ops/sec\n"
      "RSA     2048   public   HW    40000 ops took 1.000 sec, avg 0.025 ms, 40000.000 ops/sec\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-128-CBC", "encrypt", "software"), 50 * kMiB);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-128-CBC", "encrypt", "device"), 400 * kMiB);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "public", "software"), 20000);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "public", "device"), 40000);
  EXPECT_TRUE(HasCaveat(runs[0], "Rows marked HW"));
}

// Newer releases (commit 0004fccebf21's benchmark.c): with HAVE_GET_CYCLES the public-key row
// ends in ", %lu cycles"; GENERATE_MACHINE_PARSEABLE_REPORT puts a comma after the rate; with
// MULTI_VALUE_STATISTICS the row has no "avg ... ms".
TEST(WolfcryptBenchTest, TrailingCyclesAndCommasKeepTheRate) {
  const std::vector<results::RunResult> runs = ImportText(
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "AES-256-GCM-enc            300 MiB took 1.000 seconds,  300.000 MiB/s, 900000000 "
      "cycles,\n"
      "RSA     2048   public      20000 ops took 1.000 sec, avg 0.050 ms, 20000.000 ops/sec, "
      "61000000 cycles\n"
      "ECDSA   256     sign        3000 ops took 1.000 sec,    3000.000 ops/sec\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-256-GCM", "encrypt"), 300 * kMiB);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "public"), 20000);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDSA 256", "sign"), 3000);
}

// "MB" is 2^20 bytes by default in releases that print no "MiB" and 10^6 with -base10 in
// those that do (5.5.4 and later): without a command line or a version line it is in doubt.
TEST(WolfcryptBenchTest, MegabytesAreSettledByTheCommandLineOrTheVersion) {
  const std::string row = "SHA-256             50 MB took 1.000 seconds,   50.000 MB/s\n";
  const std::vector<results::RunResult> unknown = ImportText(row, "wolf.txt");
  ASSERT_EQ(unknown.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(unknown[0], "SHA-256", "hash"), 50 * kMiB);
  EXPECT_TRUE(Doubted(unknown[0], "SHA-256", "hash"));
  // Only the base is open: the figure is right within 2^20 / 10^6.
  EXPECT_DOUBLE_EQ(DoubtBound(unknown[0], "SHA-256", "hash"), 1.048576);

  const std::vector<results::RunResult> base10 =
      ImportText("$ ./wolfcrypt/benchmark/benchmark -base10\n" + row, "wolf.txt");
  ASSERT_EQ(base10.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(base10[0], "SHA-256", "hash"), 50e6);
  EXPECT_FALSE(Doubted(base10[0], "SHA-256", "hash"));

  const std::vector<results::RunResult> base2 =
      ImportText("$ ./wolfcrypt/benchmark/benchmark -hash\n" + row, "wolf.txt");
  ASSERT_EQ(base2.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(base2[0], "SHA-256", "hash"), 50 * kMiB);
  EXPECT_FALSE(Doubted(base2[0], "SHA-256", "hash"));

  const std::vector<results::RunResult> newer = ImportText(
      " wolfSSL version 5.7.2\n"
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n" +
          row,
      "wolf.txt");
  ASSERT_EQ(newer.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(newer[0], "SHA-256", "hash"), 50e6);
  EXPECT_FALSE(Doubted(newer[0], "SHA-256", "hash"));
  EXPECT_TRUE(HasCaveat(newer[0], "wolfSSL 5.7.2 prints \"MiB\" by default"));
}

// Pull request 6237: 5.6.0 swapped base 2 and base 10, so even its "MiB" is in doubt.
TEST(WolfcryptBenchTest, Release560UnitsAreInDoubt) {
  const std::vector<results::RunResult> runs = ImportText(
      " wolfSSL version 5.6.0\n"
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "SHA-256             50 MiB took 1.000 seconds,   50.000 MiB/s\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "SHA-256", "hash"), 50 * kMiB);
  EXPECT_TRUE(Doubted(runs[0], "SHA-256", "hash"));
  EXPECT_DOUBLE_EQ(DoubtBound(runs[0], "SHA-256", "hash"), 1.048576);
}

// -csv (5.5.4: "Algorithm,MB/s,Cycles per byte," and "%s,%f,"; "Algorithm,key
// size,operation,avg ms,ops/sec," and "%s,%d,%s%s,%.3f,%.3f,").
TEST(WolfcryptBenchTest, CsvRowsAreReadByTheirHeader) {
  const std::vector<results::RunResult> runs = ImportText(
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "This format allows you to easily copy the output to a csv file.\n"
      "\n"
      "Symmetric Ciphers:\n"
      "\n"
      "Algorithm,MB/s,Cycles per byte,\n"
      "AES-128-CBC-enc,400.000000,5.200000,\n"
      "SHA-256,200.000000,15.000000,\n"
      "\n"
      "Asymmetric Ciphers:\n"
      "\n"
      "Algorithm,key size,operation,avg ms,ops/sec,\n"
      "RSA,2048,public,0.050,20000.000,\n"
      "RSA,2048,private,1.000,1000.000,\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-128-CBC", "encrypt"), 400 * kMiB);
  EXPECT_TRUE(Doubted(runs[0], "AES-128-CBC", "encrypt"));
  // The CSV's figures may be scaled by the amount processed: no bound.
  EXPECT_DOUBLE_EQ(DoubtBound(runs[0], "AES-128-CBC", "encrypt"), 0);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "public"), 20000);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "private"), 1000);
  EXPECT_FALSE(Doubted(runs[0], "RSA-2048", "private"));
}

// GENERATE_MACHINE_PARSEABLE_REPORT's CSV prints the bytes and the seconds: no unit to doubt.
TEST(WolfcryptBenchTest, MachineParseableCsvUsesBytesAndSeconds) {
  const std::vector<results::RunResult> runs = ImportText(
      "\"sym\",Algorithm,HW/SW,bytes_total,seconds_total,MB/s,cycles_total,Cycles per byte,\n"
      "sym,AES-128-GCM-enc,SW,104857600,0.500000,200.000000,1500000000,14.305115,\n"
      "\"asym\",Algorithm,key size,operation,avg ms,ops/sec,ops,secs,cycles,cycles/op\n"
      "asym,ECC   [      SECP256R1],256,sign,0.500,2000.000,2000,1.000000,3000000000,1500000\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-128-GCM", "encrypt", "software"), 104857600 / 0.5);
  EXPECT_FALSE(Doubted(runs[0], "AES-128-GCM", "encrypt"));
}

// A row wrapped by a narrow terminal is joined (and its figure doubted); a row cut in the
// paste costs only its own figure.
TEST(WolfcryptBenchTest, WrappedRowsAreJoinedAndCutRowsSkipped) {
  const std::vector<results::RunResult> runs = ImportText(
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "AES-128-CBC-enc    50 MiB took 1.000 seconds,\n"
      "   50.000 MiB/s\n"
      "SHA-256           200 MiB took 1.000 seconds,  200.000 MiB/s\n"
      "RSA     2048   public      20000 ops took 1.000 sec, avg 0.050\n"
      "RSA     2048  private       1000 ops took 1.000 sec, avg 1.000 ms, 1000.000 ops/sec\n"
      "AES-256-CBC-enc    40 MiB took 1.000 seconds,\n"
      "SHA-512           100 MiB took 1.000 seconds,  100.000 MiB/s\n"
      "Benchmark AES-128-GCM-enc failed: -173\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "SHA-256", "hash"), 200 * kMiB);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "SHA-512", "hash"), 100 * kMiB);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "private"), 1000);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-128-CBC", "encrypt"), 50 * kMiB);
  EXPECT_TRUE(Doubted(runs[0], "AES-128-CBC", "encrypt"));
  EXPECT_DOUBLE_EQ(DoubtBound(runs[0], "AES-128-CBC", "encrypt"), 0);  // a joined row: no bound
  EXPECT_EQ(Bytes(runs[0], "AES-256-CBC", "encrypt"), -1);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 5 is damaged"));
  EXPECT_TRUE(HasCaveat(runs[0], "Line 7 is damaged"));
  EXPECT_TRUE(HasCaveat(runs[0], "returned an error"));
}

TEST(WolfcryptBenchTest, OnlyDamagedRowsAreRefusedAtTheirLine) {
  const std::string error = ImportErrorOf(
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "AES-128-CBC-enc    50 MiB took 1.000 seconds,\n",
      "wolf.txt");
  EXPECT_NE(error.find("wolf.txt:2"), std::string::npos) << error;
}

// -lng 1: 5.5.4's bench_result_words1/2[1] and bench_desc_words[1] in the same formats.
TEST(WolfcryptBenchTest, JapaneseOutputReadsAsEnglish) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ ./wolfcrypt/benchmark/benchmark -lng 1\n"
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "AES-128-CBC-enc             50 MiB を 1.000 秒で処理,   50.000 MiB/s\n"
      "RSA     2048  公開鍵     20000 回処理を 1.000 秒で実施, 平均 0.050 ms, 20000.000 処理/秒\n"
      "ECC   [      SECP256R1]   256  鍵生成     1000 回処理を 1.000 秒で実施, 平均 1.000 ms, "
      "1000.000 処理/秒\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-128-CBC", "encrypt"), 50 * kMiB);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "public"), 20000);
  EXPECT_TRUE(HasCaveat(runs[0], "Japanese output"));
}

// "ECDSA [%15s]" and "ECDHE [%15s]" (the curve padded inside its brackets) name catalogued
// curves; the bracket is no part of the name, and an uncatalogued curve keeps its label.
TEST(WolfcryptBenchTest, BracketedCurveNamesMapToTheCatalogue) {
  const std::vector<results::RunResult> runs = ImportText(
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "ECC   [      SECP256R1]   256 key gen      1200 ops took 1.000 sec, avg 0.833 ms, "
      "1200.000 ops/sec\n"
      "ECDHE [      SECP256R1]   256 agree        1100 ops took 1.000 sec, avg 0.909 ms, "
      "1100.000 ops/sec\n"
      "ECDSA [      SECP256R1]   256 sign         1000 ops took 1.000 sec, avg 1.000 ms, "
      "1000.000 ops/sec\n"
      "ECDSA [      SECP256R1]   256 verify        400 ops took 1.000 sec, avg 2.500 ms, "
      "400.000 ops/sec\n"
      "ECDSA [BRAINPOOLP256R1]   256 sign          300 ops took 1.000 sec, avg 3.333 ms, "
      "300.000 ops/sec\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDSA-P256", "sign"), 1000);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDSA-P256", "verify"), 400);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDH-P256", "derive"), 1100);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECC SECP256R1 256", "keygen"), 1200);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDSA BRAINPOOLP256R1 256", "sign"), 300);
}

// -threads N: every thread prints its own rows.
TEST(WolfcryptBenchTest, ThreadsPrintOneRowEachAndSaySo) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ ./wolfcrypt/benchmark/benchmark -threads 2 -sha256\n"
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "SHA-256            200 MiB took 1.000 seconds,  200.000 MiB/s\n"
      "SHA-256            190 MiB took 1.000 seconds,  190.000 MiB/s\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_TRUE(HasCaveat(runs[0], "-threads 2"));
}

}  // namespace
}  // namespace cryptobench::import
