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
  return BytesPerS(FindCell(run, algorithm, implementation, op));
}

double Ops(const results::RunResult& run, const std::string& algorithm, const std::string& op,
           const std::string& implementation = "") {
  return OpsPerS(FindCell(run, algorithm, implementation, op));
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

// The status of a cell, for rows whose figure is an error; kUnsupported when there is no cell.
results::CellStatus StatusOf(const results::RunResult& run, const std::string& algorithm,
                             const std::string& op) {
  const results::Cell* cell = FindCell(run, algorithm, "", op);
  return cell == nullptr ? results::CellStatus::kUnsupported : cell->status;
}

// BENCH_MICROSECOND (commit 0004fccebf21ab671f67e627e70280b53980518f's benchmark.c:
// bench_result_words1 "microseconds", bench_result_words2 "μsec" and "ops/μsec", the rate
// "%8.3f %s/" WOLFSSL_FIXED_TIME_UNIT with "μs" and units fixed to KiB): rates per microsecond.
TEST(WolfcryptBenchTest, MicrosecondRowsAreRatesPerMicrosecond) {
  const std::vector<results::RunResult> runs = ImportText(
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "AES-128-CBC-enc          51200 KiB took 1000000.000 microseconds,    0.051 KiB/μs\n"
      "RSA     2048   public      20000 ops took 1000000.000 μsec, avg 0.050 ms, "
      "0.02000 ops/μsec\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-128-CBC", "encrypt"), 0.051 * 1024 * 1e6);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "public"), 20000);
  EXPECT_TRUE(HasCaveat(runs[0], "BENCH_MICROSECOND"));
}

// WC_BENCH_TRACK_STATS's -print (bench_stats_print in commit 0004fccebf21's benchmark.c:
// "%-16s%s %8.3f MB/s" and "%-5s %4d %-9s %s %.3f ops/sec") repeats the rows above with the
// threads' rates summed under "MB/s" whatever their unit: named and left out.
TEST(WolfcryptBenchTest, PrintSummaryIsNamedAndLeftOut) {
  const std::vector<results::RunResult> runs = ImportText(
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "AES-128-CBC-enc             50 MiB took 1.000 seconds,   50.000 MiB/s\n"
      "RSA     2048   public      20000 ops took 1.000 sec, avg 0.050 ms, 20000.000 ops/sec\n"
      "Benchmark complete\n"
      "AES-128-CBC-enc   100.000 MB/s\n"
      "RSA    2048 public    40000.000 ops/sec\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-128-CBC", "encrypt"), 50 * kMiB);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "public"), 20000);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 5 ('AES-128-CBC-enc 100.000 MB/s') is -print's summary"));
  EXPECT_TRUE(HasCaveat(runs[0], "Line 6 ('RSA 2048 public 40000.000 ops/sec')"));
}

// wolfSSL 5.0.1 with liboqs (https://github.com/wolfSSL/wolfssl/pull/4607, dgarske's review):
// FALCON rows name their level and operation; the liboqs KEM rows put the operation in a
// suffix of the name ("-kg", "-ed"), which is not guessed: each such line is named instead.
TEST(WolfcryptBenchTest, LiboqsRowsWithoutAnOperationAreNamedNotGuessed) {
  const std::vector<results::RunResult> runs = ImportText(
      "% ./wolfcrypt/benchmark/benchmark -pq\n"
      "------------------------------------------------------------------------------\n"
      " wolfSSL version 5.0.1\n"
      "------------------------------------------------------------------------------\n"
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "FALCON     1 sign         4900 ops took 1.005 sec, avg 0.205 ms, 4876.147 ops/sec\n"
      "FALCON     1 verify      24500 ops took 1.003 sec, avg 0.041 ms, 24420.560 ops/sec\n"
      "kyber_level1-kg     126329 ops took 1.000 sec, avg 0.008 ms, 126328.127 ops/sec\n"
      "kyber_level1-ed      52600 ops took 1.000 sec, avg 0.019 ms, 52596.213 ops/sec\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "FALCON 1", "sign"), 4876.147);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "FALCON 1", "verify"), 24420.560);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 8 ('kyber_level1-kg') names no operation"));
  EXPECT_TRUE(HasCaveat(runs[0], "Line 9 ('kyber_level1-ed') names no operation"));
  EXPECT_FALSE(HasCaveat(runs[0], "damaged"));
}

// wolfSSL 5.7.2's Kyber rows (https://github.com/wolfSSL/wolfssl/pull/7998, dgarske's
// comment): "KYBER512    128  key gen", "encap", "decap"; round-3 Kyber is not ML-KEM, so
// the name stays as printed.
TEST(WolfcryptBenchTest, KyberRowsKeepTheirName) {
  const std::vector<results::RunResult> runs = ImportText(
      "# ./benchmark -kyber -sha3\n"
      "------------------------------------------------------------------------------\n"
      " wolfSSL version 5.7.2\n"
      "------------------------------------------------------------------------------\n"
      "Math:   Multi-Precision: Wolf(SP) word-size=64 bits=4096 sp_int.c\n"
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "SHA3-224                    65 MiB took 1.026 seconds,   63.345 MiB/s\n"
      "KYBER512    128  key gen      8900 ops took 1.005 sec, avg 0.113 ms, 8859.861 ops/sec\n"
      "KYBER512    128    encap      7600 ops took 1.012 sec, avg 0.133 ms, 7508.676 ops/sec\n"
      "KYBER512    128    decap      5400 ops took 1.011 sec, avg 0.187 ms, 5338.993 ops/sec\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "SHA3-224", "hash"), 63.345 * kMiB);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "KYBER512 128", "keygen"), 8859.861);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "KYBER512 128", "encaps"), 7508.676);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "KYBER512 128", "decaps"), 5338.993);
}

// The 5.7.x public-key rows (https://github.com/wolfSSL/wolfssl/pull/8020, dgarske's
// ARM32 run): DH, bracketed curves, "CURVE  25519" and "ED     25519", then "Benchmark
// complete".
TEST(WolfcryptBenchTest, CurveAndEdwardsRowsMapToTheCatalogue) {
  const std::vector<results::RunResult> runs = ImportText(
      "RSA     2048  private       100 ops took 2.556 sec, avg 25.556 ms, 39.130 ops/sec\n"
      "DH      2048  key gen        84 ops took 1.006 sec, avg 11.973 ms, 83.519 ops/sec\n"
      "DH      2048    agree       100 ops took 1.191 sec, avg 11.913 ms, 83.939 ops/sec\n"
      "ECDHE [      SECP256R1]   256    agree       700 ops took 1.066 sec, avg 1.523 ms, "
      "656.727 ops/sec\n"
      "CURVE  25519  key gen      1364 ops took 1.000 sec, avg 0.733 ms, 1363.598 ops/sec\n"
      "CURVE  25519    agree      1400 ops took 1.036 sec, avg 0.740 ms, 1351.904 ops/sec\n"
      "ED     25519     sign      2500 ops took 1.016 sec, avg 0.406 ms, 2461.282 ops/sec\n"
      "ED     25519   verify      1200 ops took 1.067 sec, avg 0.889 ms, 1124.509 ops/sec\n"
      "Benchmark complete\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "private"), 39.130);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "DH 2048", "derive"), 83.939);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDH-P256", "derive"), 656.727);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "X25519", "keygen"), 1363.598);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "X25519", "derive"), 1351.904);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "Ed25519", "sign"), 2461.282);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "Ed25519", "verify"), 1124.509);
}

// 4.x rows name no curve (https://github.com/wolfSSL/wolfssl/pull/2913): "ECDSA 256" is
// kept as printed, not assumed to be P-256.
TEST(WolfcryptBenchTest, EccRowsWithoutACurveKeepTheirLabel) {
  const std::vector<results::RunResult> runs = ImportText(
      "ECC      256 key gen        26 ops took 1.023 sec, avg 39.346 ms, 25.415 ops/sec\n"
      "ECDHE    256 agree          12 ops took 1.035 sec, avg 86.250 ms, 11.594 ops/sec\n"
      "ECDSA    256 sign           18 ops took 1.027 sec, avg 57.056 ms, 17.527 ops/sec\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDSA 256", "sign"), 17.527);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDHE 256", "derive"), 11.594);
  EXPECT_EQ(Ops(runs[0], "ECDSA-P256", "sign"), -1);
}

// A failed operation (https://github.com/wolfSSL/wolfssl/issues/9492, 5.8.4): "0 ops took
// 0.000 sec ... 0.000 ops/sec" and "Benchmark ... failed: -279" give an error cell and a
// caveat, not a figure of zero.
TEST(WolfcryptBenchTest, FailedRowIsAnErrorCell) {
  const std::vector<results::RunResult> runs = ImportText(
      "ECDHE [      SECP521R1]   528    agree      2000 ops took 1.048 sec, avg 0.524 ms,  "
      "1908.751 ops/sec, 3042826874 cycles  1521413.4 Cycles/op\n"
      "ECDSA [      SECP521R1]   528     sign         0 ops took 0.000 sec, avg 0.000 ms,     "
      "0.000 ops/sec, 4768 cycles        0.0 Cycles/op\n"
      "Benchmark ECDSA [      SECP521R1] sign 528 failed: -279\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDHE SECP521R1 528", "derive"), 1908.751);
  EXPECT_EQ(StatusOf(runs[0], "ECDSA SECP521R1 528", "sign"), results::CellStatus::kError);
  EXPECT_TRUE(HasCaveat(runs[0], "returned an error"));
}

// -no_aad rows (https://github.com/wolfSSL/wolfssl/pull/7706, STM32H7A3 output): the
// direction sits before the suffix, and the AAD-less mode keeps its own name.
TEST(WolfcryptBenchTest, NoAadRowsKeepTheirDirection) {
  const std::vector<results::RunResult> runs = ImportText(
      "wolfCrypt Benchmark (block bytes 1024, min 1.0 sec each)\n"
      "AES-128-GCM-enc           1000 KiB took 1.004 seconds,  996.016 KiB/s\n"
      "AES-128-GCM-enc-no_AAD       1 MiB took 1.019 seconds,    0.982 MiB/s\n"
      "AES-128-GCM-dec-no_AAD    1000 KiB took 1.004 seconds,  996.016 KiB/s\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-128-GCM", "encrypt"), 996.016 * 1024);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-128-GCM-no_AAD", "encrypt"), 0.982 * kMiB);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-128-GCM-no_AAD", "decrypt"), 996.016 * 1024);
}

// Older banners and pastes: 4.4.0's "min  sec each" with an empty time
// (https://github.com/wolfSSL/wolfssl/pull/2987), a CI log's line-number links inside the
// figures (https://github.com/wolfSSL/wolfssl/pull/8391, 5.7.6), and amounts with a fraction
// (https://github.com/wolfSSL/wolfssl/pull/9714).
TEST(WolfcryptBenchTest, OlderBannersAndPastedLinksKeepTheBlockSize) {
  const std::vector<results::RunResult> xilinx = ImportText(
      "wolfSSL version 4.4.0\n"
      "wolfCrypt Benchmark (block bytes 1024, min  sec each)\n"
      "AES-256-GCM-enc      2 MB took 1.005 seconds,    1.749 MB/s\n"
      "AES-256-GCM-dec   1000 KB took 1.004 seconds,  996.016 KB/s\n",
      "wolf.txt");
  ASSERT_EQ(xilinx.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(xilinx[0], "AES-256-GCM", "encrypt"), 1.749 * kMiB);
  EXPECT_DOUBLE_EQ(Bytes(xilinx[0], "AES-256-GCM", "decrypt"), 996.016 * 1024);
  EXPECT_TRUE(Doubted(xilinx[0], "AES-256-GCM", "decrypt"));
  EXPECT_TRUE(HasCaveat(xilinx[0], "buffers of 1024 bytes"));

  const std::vector<results::RunResult> ci = ImportText(
      " wolfSSL version 5.[7](https://github.com/jmalak/wolfssl/actions/runs/13082688517/job/"
      "36509206378#step:10:8).6\n"
      "wolfCrypt Benchmark (block bytes 104[8](https://github.com/jmalak/wolfssl/actions/runs/"
      "13082688517/job/36509206378#step:10:9)576, min 1.0 sec each)\n"
      "RNG                         30 MiB took 1.031 seconds,   2[9](https://github.com/jmalak/"
      "wolfssl/actions/runs/13082688517/job/36509206378#step:10:10).103 MiB/s\n",
      "wolf.txt");
  ASSERT_EQ(ci.size(), 1u);
  EXPECT_EQ(ci[0].library.version, "wolfSSL 5.7.6");
  EXPECT_DOUBLE_EQ(Bytes(ci[0], "RNG", "generate"), 29.103 * kMiB);
  EXPECT_TRUE(HasCaveat(ci[0], "buffers of 1048576 bytes"));

  const std::vector<results::RunResult> bsd = ImportText(
      "Math: \tMulti-Precision: Wolf(SP) word-size=64 bits=4096 sp_int.c\n"
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "AES-128-CBC-enc          1280.0 MiB took 1.000 seconds, 1280.000 MiB/s Cycles per "
      "byte = 2.48\n",
      "wolf.txt");
  ASSERT_EQ(bsd.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(bsd[0], "AES-128-CBC", "encrypt"), 1280 * kMiB);
}

// Malformed rows (source-derived from 5.5.4's "%-24s%s %5.0f %s %s %5.3f %s, %8.3f %s/s"):
// a row cut before its unit, a zero time and rate (an error cell), a rate too large for a
// double and a count too large for 64 bits (damaged rows, named). None crashes; each costs
// only its own figure.
TEST(WolfcryptBenchTest, MalformedRowsCostOnlyTheirFigure) {
  const std::vector<results::RunResult> runs = ImportText(
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "SHA-256            200 MiB took 1.000 seconds,  200.000 MiB/s\n"
      "AES-128-CBC-enc     50 MiB took 1.000 seconds,  50.000\n"
      "AES-128-GCM-enc      0 MiB took 0.000 seconds,    0.000 MiB/s\n"
      "SHA-512            100 MiB took 1.000 seconds, 1e999 MiB/s\n"
      "RSA     2048   public  99999999999999999999999 ops took 1.000 sec, avg 0.050 ms, "
      "20000.000 ops/sec\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "SHA-256", "hash"), 200 * kMiB);
  EXPECT_EQ(Bytes(runs[0], "AES-128-CBC", "encrypt"), -1);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 3 is damaged"));
  EXPECT_EQ(StatusOf(runs[0], "AES-128-GCM", "encrypt"), results::CellStatus::kError);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 5 is damaged"));
  EXPECT_EQ(StatusOf(runs[0], "SHA-512", "hash"), results::CellStatus::kUnsupported);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 6 is damaged"));
  EXPECT_EQ(Ops(runs[0], "RSA-2048", "public"), -1);
}

// PBKDF2's row (https://github.com/openwrt/openwrt/pull/9738, 5.2.0; bench_pbkdf2 in commit
// 0004fccebf21's benchmark.c finishes with countSz 32): an amount of 32 bytes per derivation,
// not the block size; the operation is a derivation.
TEST(WolfcryptBenchTest, Pbkdf2CountsDerivationsOf32Bytes) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ ./wolfcrypt/benchmark/benchmark\n"
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "PBKDF2               4 KB took 1.001 seconds,    4.246 KB/s\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "PBKDF2", "derive"), 4.246 * 1024);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "PBKDF2", "derive"), 4.246 * 1024 / 32);
  const results::Cell* cell = FindCell(runs[0], "PBKDF2", "", "derive");
  ASSERT_NE(cell, nullptr);
  EXPECT_EQ(cell->input_len, 32u);
}

// wolfSSL 5.2.0 capitalises the CCM rows' direction ("AES-CCM-Enc", "AES-CCM-Dec" in
// https://github.com/openwrt/openwrt/pull/9738): the decrypt row is not read as encrypt.
TEST(WolfcryptBenchTest, CapitalisedDirectionIsRead) {
  const std::vector<results::RunResult> runs = ImportText(
      "AES-CCM-Enc         45 MB took 1.095 seconds,   41.081 MB/s\n"
      "AES-CCM-Dec         45 MB took 1.096 seconds,   41.042 MB/s\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-CCM", "encrypt"), 41.081 * kMiB);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-CCM", "decrypt"), 41.042 * kMiB);
}

// BENCH_EMBEDDED builds before the block-bytes banner (cyassl/cyassl
// ctaocrypt/benchmark/benchmark.c at 0e47fe49a439: numBlocks 25 of blockType "kB" over
// plain[1024], persec / 1024 printed as "%7.3f MB/s"; its "DH  %d key generation  %6.3f
// milliseconds" rows have no "took"): the rate is 2^20 bytes per second without doubt, each
// call 1 KiB.
TEST(WolfcryptBenchTest, EmbeddedKilobyteRowsAreMebibytesOfOneKibCalls) {
  const std::vector<results::RunResult> runs = ImportText(
      "AES      25 kB took 0.035 seconds,   0.698 MB/s\n"
      "SHA-256  25 kB took 0.105 seconds,   0.233 MB/s\n"
      "\n"
      "RSA 2048 encryption took 16.340 milliseconds, avg over 1 iterations\n"
      "DH  2048 key generation  212.500 milliseconds, avg over 5 iterations\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "SHA-256", "hash"), 0.233 * kMiB);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES", "encrypt"), 0.698 * kMiB);
  EXPECT_FALSE(Doubted(runs[0], "SHA-256", "hash"));
  const results::Cell* sha = FindCell(runs[0], "SHA-256", "", "hash");
  ASSERT_NE(sha, nullptr);
  EXPECT_EQ(sha->input_len, 1024u);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "public"), 1000 / 16.34);
  EXPECT_TRUE(HasCaveat(runs[0], "BENCH_EMBEDDED"));
  EXPECT_FALSE(HasCaveat(runs[0], "the command line is not in the paste to tell"));
  // A later release's "kB" (-base10) row prints its rate in kB/s: not this layout.
  const std::vector<results::RunResult> base10 =
      ImportText("AES-128-CBC-enc   250 kB took 1.000 seconds,  250.000 kB/s\n", "wolf.txt");
  ASSERT_EQ(base10.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(base10[0], "AES-128-CBC", "encrypt"), 250e3);
  EXPECT_FALSE(HasCaveat(base10[0], "BENCH_EMBEDDED"));
}

// The 3.x releases before bench_stats_asym_finish: bench_rsa's "RSA %d public          %6.3f
// milliseconds, avg over %d iterations" (and "private"), and in WOLFSSL_ASYNC_CRYPT builds
// bench_rsa_async's "RSA %d public async    ..." rows, read as their own implementation rather
// than skipped as damaged.
TEST(WolfcryptBenchTest, AsyncMillisecondRowsAreTheirOwnImplementation) {
  const std::vector<results::RunResult> runs = ImportText(
      "RSA 2048 public          0.250 milliseconds, avg over 100 iterations\n"
      "RSA 2048 private         4.000 milliseconds, avg over 100 iterations\n"
      "RSA 2048 public async    0.125 milliseconds, avg over 100 iterations\n"
      "RSA 2048 private async   2.000 milliseconds, avg over 100 iterations\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "public"), 4000);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "private"), 250);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "public", "async"), 8000);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "private", "async"), 500);
  EXPECT_TRUE(HasCaveat(runs[0], "bench_rsa_async"));
  EXPECT_FALSE(HasCaveat(runs[0], "damaged"));
}

// WOLFSSL_ASYNC_CRYPT builds of the 3.12-era benchmark printed "%-8s%s %5d %s took %5.3f
// seconds, %8.3f MB/s" with BENCH_ASYNC_GET_NAME's "HW"/"SW" right after the desc, so a desc of
// eight characters or more runs into it; a short one is padded apart.
TEST(WolfcryptBenchTest, DeviceWordGluedToTheNameIsItsImplementation) {
  const std::vector<results::RunResult> runs = ImportText(
      "RNG     SW    50 megs took 0.400 seconds,  125.000 MB/s\n"
      "AES-128-CBC-encSW    50 megs took 0.250 seconds,  200.000 MB/s\n"
      "AES-128-CBC-encHW    50 megs took 0.125 seconds,  400.000 MB/s\n"
      "SHA-256 SW    50 megs took 0.500 seconds,  100.000 MB/s\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-128-CBC", "encrypt", "software"), 200 * kMiB);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-128-CBC", "encrypt", "device"), 400 * kMiB);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "SHA-256", "hash", "software"), 100 * kMiB);
  EXPECT_EQ(FindAlgorithm(runs[0], "AES-128-CBC-encSW"), nullptr);
}

// NixOS/nixpkgs#262594 (tryout 18): the end of a wolfCrypt benchmark (SAKKE rows only, no
// banner), then openssl speed. The SAKKE rows give no figure (operations import does not
// know), but they are named in a caveat of the run beside them, not dropped silently.
TEST(WolfcryptBenchTest, RowsWithoutFiguresAreNamedBesideTheNextRun) {
  const std::vector<results::RunResult> runs = ImportText(
      "SAKKE   1024  rsk gen      1261 ops took 1.001 sec, avg 0.794 ms, 1260.051 ops/sec\n"
      "SAKKE   1024    valid       178 ops took 1.002 sec, avg 5.628 ms, 177.676 ops/sec\n"
      "Benchmark complete\n"
      "\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type           1024 bytes\n"
      "md5             856797.18k\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  bool named = false;
  for (const std::string& caveat : runs[0].source.caveats) {
    named = named || (caveat.find("Line 1") != std::string::npos &&
                      caveat.find("SAKKE") != std::string::npos);
  }
  EXPECT_TRUE(named);
}

// wolfSSL pull request 11190 (philljj's "master" run, 5.9.2 on AArch64; tryout 32 D6): the
// banner's "CPU: Aarch64 - rdm" gives the architecture, not features; "Clock frequency:" is the
// rate of the counter behind the cycle figures (25064038 cycles in 1.044 s: 24.0 MHz), which
// is not read as the core clock.
TEST(WolfcryptBenchTest, CpuAndCounterLinesOfTheBannerAreRead) {
  const std::vector<results::RunResult> runs = ImportText(
      "------------------------------------------------------------------------------\n"
      " wolfSSL version 5.9.2\n"
      "------------------------------------------------------------------------------\n"
      "CPU: Aarch64 - rdm\n"
      "Clock frequency: 24000000 Hz\n"
      "Math: Multi-Precision: Wolf(SP) no-dyn-stack word-size=64 bits=4096 sp_int.c\n"
      "Single Precision: ecc 256 384 521 rsa/dh 2048 3072 4096 asm sp_arm64.c\n"
      "wolfCrypt Benchmark (block bytes 3072, min 1.0 sec each)\n"
      "RSA     2048     sign      1900 ops took 1.044 sec, avg 0.550 ms,  1819.346 ops/sec, "
      "25064038 cycles    13191.6 Cycles/op\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "RSA-2048", "sign"), 1819.346);
  bool arch = false;
  for (const results::SourceFact& fact : runs[0].source.facts) {
    arch = arch || (fact.kind == "cpu_arch" && fact.value == "aarch64" && fact.line == 4);
    EXPECT_NE(fact.kind, "cpu_flags") << fact.value;
    EXPECT_NE(fact.kind, "cpu_clock_mhz") << fact.value;
  }
  EXPECT_TRUE(arch);
  EXPECT_TRUE(HasCaveat(runs[0], "24.0 MHz"));
  EXPECT_TRUE(HasCaveat(runs[0], "not the CPU's feature list"));
  EXPECT_FALSE(HasCaveat(runs[0], "no output of this tool"));
}

// wolfSSL pull request 1226 (https://github.com/wolfSSL/wolfssl/pull/1226, toddouska,
// 2017-11-14, "Before this PR I get:"; tryout 33 D4): rows pasted without the "wolfCrypt
// Benchmark (block bytes N, ...)" banner. Each figure is a throughput at a block size the paste
// does not give: it stays bytes/s, catalogued or not, and is never turned into ops/s.
TEST(WolfcryptBenchTest, RowsWithoutTheBannerAreThroughputOfAnUnknownSize) {
  const std::vector<results::RunResult> runs = ImportText(
      "AES-128-GCM-enc   2610 MB took 1.001 seconds, 2608.563 MB/s Cycles per byte =   0.91\n"
      "AES-128-GCM-dec   2590 MB took 1.001 seconds, 2587.157 MB/s Cycles per byte =   0.92\n"
      "AES-192-GCM-enc   2365 MB took 1.002 seconds, 2361.203 MB/s Cycles per byte =   1.01\n"
      "AES-192-GCM-dec   2385 MB took 1.001 seconds, 2382.530 MB/s Cycles per byte =   1.00\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  for (const std::string algorithm : {"AES-128-GCM", "AES-192-GCM"}) {
    for (const std::string op : {"encrypt", "decrypt"}) {
      const results::Cell* cell = FindCell(runs[0], algorithm, "", op);
      ASSERT_NE(cell, nullptr) << algorithm << " " << op;
      EXPECT_EQ(cell->input_len, 0u) << algorithm << " " << op;  // 0: not in the paste
      ASSERT_TRUE(cell->figures && cell->figures->bytes_per_s) << algorithm << " " << op;
      // No count of calls without the block size: no ops/s, no time per call.
      EXPECT_EQ(cell->figures->ops_per_s.value, 0) << algorithm << " " << op;
      EXPECT_EQ(cell->figures->wall_ns_per_op, 0) << algorithm << " " << op;
      EXPECT_TRUE(results::IsSymmetricCell(algorithm, *cell)) << algorithm << " " << op;
    }
  }
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-192-GCM", "encrypt"), 2361.203 * kMiB);
  EXPECT_DOUBLE_EQ(Bytes(runs[0], "AES-128-GCM", "encrypt"), 2608.563 * kMiB);
  EXPECT_TRUE(HasCaveat(runs[0], "the block size is not in the paste"));
  EXPECT_TRUE(runs[0].method.input_sizes.empty());
}

}  // namespace
}  // namespace cryptobench::import
