// Tests of the formats import reads besides openssl speed, bssl, botan and cryptsetup: the
// kernel's tcrypt, kcapi-speed, the wolfCrypt and mbedTLS benchmarks, openssl s_time,
// gnutls-cli's benchmarks and two runs pasted side by side; and of what import records about
// the environment (facts) and the settings made outside the command. The snippets follow each
// tool's printf formats with invented figures; the real pastes are in tests/fixtures/reports.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "results/json.h"

#include "import/import.h"
#include "import/import_test_util.h"
#include "import/side_by_side.h"

namespace cryptobench::import {
namespace {

double BytesPerSecond(const results::RunResult& run, const std::string& algorithm,
                      const std::string& op, uint64_t input_len) {
  return BytesPerS(FindCell(run, algorithm, op, input_len));
}

double OpsPerSecond(const results::RunResult& run, const std::string& algorithm,
                    const std::string& op, uint64_t input_len) {
  return OpsPerS(FindCell(run, algorithm, op, input_len));
}

// The run's source facts as "kind@line: value", in order.
std::vector<std::string> FactLines(const results::RunResult& run) {
  std::vector<std::string> lines;
  for (const results::SourceFact& fact : run.source.facts) {
    lines.push_back(fmt::format("{}@{}: {}", fact.kind, fact.line, fact.value));
  }
  return lines;
}

TEST(ImportFormatsTest, TcryptWithTimestampsAndResultsOnTheirOwnLines) {
  const std::vector<results::RunResult> runs = ImportText(
      "[   10.000001] tcrypt: testing speed of async cbc(aes) (cbc-aes-aesni) encryption\n"
      "[   10.000002] tcrypt: test 0 (128 bit key, 16 byte blocks): 3000000 operations in 1 "
      "seconds (48000000 bytes)\n"
      "[   11.000003] tcrypt: test 1 (128 bit key, 64 byte blocks):\n"
      "[   12.000004] 1000000 operations in 1 seconds (64000000 bytes)\n"
      "[   12.000005] tcrypt: testing speed of async sha256 (sha256-avx2)\n"
      "[   12.000006] tcrypt: test  0 (   16 byte blocks,   16 bytes per update,   1 updates): "
      "2000000 opers/sec,  32000000 bytes/sec\n",
      "dmesg.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.tool, "tcrypt");
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "AES-128-CBC", "encrypt", 16), 48000000);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "AES-128-CBC", "encrypt", 64), 64000000);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "SHA-256", "hash", 16), 32000000);
  const results::AlgorithmResult* aes = FindAlgorithm(runs[0], "AES-128-CBC");
  ASSERT_NE(aes, nullptr);
  EXPECT_EQ(aes->implementation, "cbc-aes-aesni");
  EXPECT_TRUE(HasCaveat(runs[0], "jiffies"));
}

TEST(ImportFormatsTest, TcryptCycleCountsAreNamedNotImported) {
  const std::vector<results::RunResult> runs = ImportText(
      "tcrypt: testing speed of sha1 (sha1-generic)\n"
      "tcrypt: test  0 (   16 byte blocks,   16 bytes per update,   1 updates): 2000000 "
      "opers/sec,  32000000 bytes/sec\n"
      "tcrypt: testing speed of ecb(aes) (ecb-aes-aesni) decryption\n"
      "tcrypt: test 0 (128 bit key, 16 byte blocks): 1 operation in 120 cycles (16 bytes)\n",
      "dmesg.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(FindCell(runs[0], "AES-128-ECB", "decrypt", 16), nullptr);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 4"));
}

TEST(ImportFormatsTest, KcapiSpeedKeepsOpsTimesBlockSizeNotItsMbColumn) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ kcapi-speed -c \"AES(AESNI) CTR(ASM) 128\" -b 1024\n"
      "AES(AESNI) CTR(ASM) 128 \t|e|\t1024 bytes|          \t310.100 MB/s|318425 ops/s\n",
      "kcapi.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.tool, "kcapi-speed");
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "AES-128-CTR", "encrypt", 1024), 318425.0 * 1024);
}

TEST(ImportFormatsTest, WolfcryptReadsMegabytesAsBase2AndKeepsCycles) {
  const std::vector<results::RunResult> runs = ImportText(
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "AES-128-GCM-enc    600 MB took 1.000 seconds,  600.000 MB/s Cycles per byte =   5.00\n"
      "SHA-256            200 MB took 1.000 seconds,  200.000 MB/s Cycles per byte =  15.00\n"
      "RSA     2048 public      10000 ops took 1.000 sec, avg 0.100 ms, 10000.000 ops/sec\n"
      "Benchmark complete\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.tool, "wolfCrypt benchmark");
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "AES-128-GCM", "encrypt", 1048576), 600.0 * 1048576);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "SHA-256", "hash", 1048576), 200.0 * 1048576);
  // wolfCrypt's "public" and "private" RSA operations (raw public- and private-key operations)
  // keep their names: which of encrypt/verify or decrypt/sign they stand for is not printed.
  EXPECT_DOUBLE_EQ(OpsPerSecond(runs[0], "RSA-2048", "public", 0), 10000);
  EXPECT_TRUE(HasCaveat(runs[0], "2^20"));
}

// Releases before 3.12 (wolfSSL pull request 628 and the benchmark.c of that time): no
// banner, "megs" of 1 MiB calls, MB/s = 2^20 bytes/s, public-key lines in milliseconds.
TEST(ImportFormatsTest, WolfcryptBefore312ReadsMegsAndMilliseconds) {
  const std::vector<results::RunResult> runs = ImportText(
      "AES-GCM  50 megs took 0.053 seconds,  948.912 MB/s Cycles per byte =   2.60\n"
      "SHA-256  50 megs took 0.364 seconds,  137.513 MB/s\n"
      "RSA 2048 encryption took  0.091 milliseconds, avg over 100 iterations\n"
      "RSA 2048 decryption took  2.125 milliseconds, avg over 100 iterations\n"
      "DH  2048 key generation   0.750 milliseconds, avg over 100 iterations\n"
      "EC-DSA   sign   time      0.400 milliseconds, avg over 100 iterations\n",
      "wolf.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.tool, "wolfCrypt benchmark");
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "AES-GCM", "encrypt", 1048576), 948.912 * 1048576);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "SHA-256", "hash", 1048576), 137.513 * 1048576);
  EXPECT_NEAR(OpsPerSecond(runs[0], "RSA-2048", "public", 0), 1000 / 0.091, 1e-6);
  EXPECT_NEAR(OpsPerSecond(runs[0], "RSA-2048", "private", 0), 1000 / 2.125, 1e-6);
  EXPECT_NEAR(OpsPerSecond(runs[0], "DH 2048", "keygen", 0), 1000 / 0.75, 1e-6);
  EXPECT_NEAR(OpsPerSecond(runs[0], "EC-DSA", "sign", 0), 1000 / 0.4, 1e-6);
  EXPECT_TRUE(HasCaveat(runs[0], "before release 3.12"));
}

// PolarSSL and early mbedTLS print "Kb/s", mbed OS's example "KB/s": both are
// i * BUFSIZE / 1024 per second, as "KiB/s" is later. A CMAC named after its cipher is a MAC.
TEST(ImportFormatsTest, MbedtlsOldKilobyteSpellingsAreKibibytes) {
  const std::vector<results::RunResult> runs = ImportText(
      "  SHA-256   :      75123 Kb/s,         9 cycles/byte\n"
      "  AES-CMAC-128             :        724 KB/s\n",
      "mbed.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.tool, "mbedTLS benchmark");
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "SHA-256", "hash", 1024), 75123.0 * 1024);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "AES-128-CMAC", "mac", 1024), 724.0 * 1024);
  EXPECT_TRUE(HasCaveat(runs[0], "is read as KiB/s"));
}

TEST(ImportFormatsTest, STimeKeepsTheUserCpuRateAndNamesTheElapsedOne) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ openssl s_time -connect localhost:4433 -new -time 10\n"
      "Collecting connection statistics for 10 seconds\n"
      "*************************************\n"
      "\n"
      "1000 connections in 2.00s; 500.00 connections/user sec, bytes read 0\n"
      "1000 connections in 10 real seconds, 0 bytes read per connection\n",
      "s_time.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.tool, "openssl s_time");
  EXPECT_EQ(runs[0].source.timing_basis, "user_cpu");
  ASSERT_EQ(runs[0].algorithms.size(), 1u);
  ASSERT_EQ(runs[0].algorithms[0].cells.size(), 1u);
  EXPECT_DOUBLE_EQ(runs[0].algorithms[0].cells[0].figures->ops_per_s.value, 500);
  EXPECT_TRUE(HasCaveat(runs[0], "100.0 connections/s"));
}

TEST(ImportFormatsTest, GnutlsCliReadsPowersOfTenAndHmacs) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ gnutls-cli --benchmark-ciphers\n"
      "Checking AEAD ciphers, payload size: 16384\n"
      "             AES-128-GCM 1.50 GB/sec\n"
      "\n"
      "Checking MAC algorithms, payload size: 16384\n"
      "                  SHA256 300.00 MB/sec\n",
      "gnutls.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "AES-128-GCM", "encrypt", 16384), 1.5e9);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "HMAC-SHA256", "mac", 16384), 3e8);
}

// gnutls-cli prints a row's name before its test runs and the rate when it ends, so a paste
// taken during a run, or cut, ends inside a row (rows from gnutls 3.7.9's `gnutls-cli
// --benchmark-ciphers` on Debian 12, x86-64). The row is named in a caveat; the rest is kept.
TEST(ImportFormatsTest, GnutlsCliRowCutInsideOrBeforeItsFigureIsNamed) {
  const std::string head =
      "Checking AEAD ciphers, payload size: 16384\n"
      "             AES-128-GCM 4.62 GB/sec\n"
      "             AES-128-CCM 850.63 MB/sec\n";
  const struct {
    const char* last;
    const char* caveat;
  } kCases[] = {
      {"       CHACHA20-POLY1305 515.6",
       "Line 4 is damaged in the paste and skipped (the row 'CHACHA20-POLY1305' is cut inside "
       "its figure, '515.6')"},
      {"       CHACHA20-POLY1305 515.63 MB/\n",
       "the row 'CHACHA20-POLY1305' is cut inside its figure, '515.63 MB/'"},
      {"       CHACHA20-POLY1305 \n",
       "Line 4 is damaged in the paste and skipped (the row 'CHACHA20-POLY1305' is cut before "
       "its figure)"},
  };
  for (const auto& c : kCases) {
    const std::vector<results::RunResult> runs = ImportText(head + c.last, "gnutls.txt");
    ASSERT_EQ(runs.size(), 1u) << c.last;
    EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "AES-128-GCM", "encrypt", 16384), 4.62e9);
    EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "AES-128-CCM", "encrypt", 16384), 850.63e6);
    EXPECT_EQ(FindAlgorithm(runs[0], "ChaCha20-Poly1305"), nullptr) << c.last;
    EXPECT_TRUE(HasCaveat(runs[0], c.caveat)) << c.last;
  }
  // A paste of nothing but a cut row is refused at it, as a damaged line.
  EXPECT_THAT(ImportErrorOf("Checking AEAD ciphers, payload size: 16384\n"
                            "             AES-128-GCM 1.2\n",
                            "gnutls.txt"),
              ::testing::HasSubstr("gnutls.txt:2:"));
}

// A shell's output after the benchmark (lower case: "x86_64") is not read as a cut row.
TEST(ImportFormatsTest, GnutlsCliLowerCaseLineAfterItIsNoCutRow) {
  const std::vector<results::RunResult> runs = ImportText(
      "Checking AEAD ciphers, payload size: 16384\n"
      "             AES-128-GCM 4.62 GB/sec\n"
      "x86_64\n",
      "gnutls.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_FALSE(HasCaveat(runs[0], "is cut"));
}

TEST(ImportFormatsTest, MbedtlsReadsKibibytesAndPublicKeyRates) {
  const std::vector<results::RunResult> runs = ImportText(
      "  SHA-256                  :       8000 KiB/s,         12 cycles/byte\n"
      "  AES-CBC-128              :      12000 KiB/s,          7 cycles/byte\n"
      "  RSA-2048                 :     500  public/s\n"
      "  RSA-2048                 :      20 private/s\n",
      "mbedtls.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.tool, "mbedTLS benchmark");
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "SHA-256", "hash", 1024), 8000.0 * 1024);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "AES-128-CBC", "encrypt", 1024), 12000.0 * 1024);
  EXPECT_DOUBLE_EQ(OpsPerSecond(runs[0], "RSA-2048", "private", 0), 20);
  EXPECT_DOUBLE_EQ(OpsPerSecond(runs[0], "RSA-2048", "public", 0), 500);
}

TEST(ImportFormatsTest, TwoRunsSideBySideBecomeTwoRuns) {
  const std::string text =
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\t"
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n"
      "SHA-256            200 MB took 1.000 seconds,  200.000 MB/s\t"
      "SHA-256            400 MB took 1.000 seconds,  400.000 MB/s\n";
  const std::optional<SideBySide> split = SplitSideBySide(text);
  ASSERT_TRUE(split.has_value());
  EXPECT_EQ(split->first_line, 1u);
  EXPECT_EQ(split->last_line, 2u);
  const std::vector<results::RunResult> runs = ImportText(text, "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "SHA-256", "hash", 1048576), 200.0 * 1048576);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[1], "SHA-256", "hash", 1048576), 400.0 * 1048576);
  EXPECT_TRUE(HasCaveat(runs[0], "left column"));
  EXPECT_TRUE(HasCaveat(runs[1], "right column"));
}

// One line of `diff -y -t -W 200` (GNU diffutils 3.8): the left column padded to 99
// characters, the marker (' ' for equal lines, '|' changed, '<' left only, '>' right only),
// two blanks and the right column.
std::string DiffLine(std::string left, char marker, const std::string& right) {
  left.resize(99, ' ');
  std::string line = left + marker;
  if (!right.empty()) {
    line += "  " + right;
  }
  while (!line.empty() && line.back() == ' ') {
    line.pop_back();
  }
  return line + "\n";
}

// Rows of two `openssl speed -seconds 1` runs of OpenSSL 3.0.19 (Debian 12, x86-64).
const char kMd5Row[] =
    "md5              87592.78k   262748.34k   500284.06k   691459.13k   744621.29k   758448.13k";
const char kSha256RowA[] =
    "sha256          133532.13k   414420.58k   986431.74k  1502312.49k  1744633.86k  1787428.86k";
const char kSha1Row[] =
    "sha1            132725.99k   421206.33k  1029739.85k  1552546.43k  1891949.59k  1889016.69k";
const char kSha256RowC[] =
    "sha256          135068.40k   414287.83k   927192.82k  1362022.40k  1719548.99k  1784620.49k";
const char kHmacRow[] =
    "hmac(md5)        55048.52k   165520.97k   418281.89k   624912.56k   739674.58k   762650.38k";
const char kTypeLine[] =
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes";
const char kNumbersLine[] = "The 'numbers' are in 1000s of bytes per second processed.";

// `diff -y` of two openssl speed tables marks each changed row with '|': both columns are
// runs, the rows included.
TEST(ImportFormatsTest, DiffSideBySideOfTwoSpeedTablesIsTwoRuns) {
  const std::string text = DiffLine("version: 3.0.19", ' ', "version: 3.0.19") +
                           DiffLine(kNumbersLine, ' ', kNumbersLine) +
                           DiffLine(kTypeLine, ' ', kTypeLine) + DiffLine(kMd5Row, '|', kSha1Row) +
                           DiffLine(kSha256RowA, '|', kSha256RowC);
  const std::vector<results::RunResult> runs = ImportText(text, "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "MD5", "hash", 16), 87592.78e3);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "SHA-256", "hash", 16384), 1787428.86e3);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[1], "SHA-1", "hash", 16), 132725.99e3);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[1], "SHA-256", "hash", 16384), 1784620.49e3);
  EXPECT_EQ(FindAlgorithm(runs[0], "SHA-1"), nullptr);
  EXPECT_EQ(FindAlgorithm(runs[1], "MD5"), nullptr);
  EXPECT_TRUE(HasCaveat(runs[0], "Lines 1-5 hold two runs side by side"));

  // Without -t, diff pads with tabs: "...758448.13k\t   |\tsha1 ...".
  const std::string tabs = std::string("version: 3.0.19") + std::string(12, '\t') +
                           "version: 3.0.19\n" + kTypeLine + "\t\t" + kTypeLine + "\n" + kMd5Row +
                           "\t   |\t" + kSha1Row + "\n" + kSha256RowA + "\t   |\t" + kSha256RowC +
                           "\n";
  const std::vector<results::RunResult> tab_runs = ImportText(tabs, "paste.txt");
  ASSERT_EQ(tab_runs.size(), 2u);
  EXPECT_DOUBLE_EQ(BytesPerSecond(tab_runs[0], "MD5", "hash", 64), 262748.34e3);
  EXPECT_DOUBLE_EQ(BytesPerSecond(tab_runs[1], "SHA-1", "hash", 64), 421206.33e3);
}

// A row only one run has: "ROW <blanks> <" or "<blanks> > ROW".
TEST(ImportFormatsTest, DiffSideBySideRowsOfOneSideOnly) {
  const std::string head =
      DiffLine("version: 3.0.19", ' ', "version: 3.0.19") + DiffLine(kTypeLine, ' ', kTypeLine);
  for (const bool right_only : {true, false}) {
    const std::string text =
        head + DiffLine(kSha256RowA, '|', kSha256RowC) +
        (right_only ? DiffLine("", '>', kHmacRow) : DiffLine(kHmacRow, '<', ""));
    const std::vector<results::RunResult> runs = ImportText(text, "paste.txt");
    ASSERT_EQ(runs.size(), 2u);
    const results::RunResult& with = runs[right_only ? 1 : 0];
    const results::RunResult& without = runs[right_only ? 0 : 1];
    EXPECT_NE(FindAlgorithm(with, "hmac(md5)"), nullptr) << right_only;
    EXPECT_EQ(FindAlgorithm(without, "hmac(md5)"), nullptr) << right_only;
    EXPECT_DOUBLE_EQ(BytesPerSecond(without, "SHA-256", "hash", 16),
                     right_only ? 133532.13e3 : 135068.40e3);
  }
}

// One line of GNU `diff -y -W width` without -t (diffutils 3.8, src/side.c): the left half cut
// at the half width, tabs then blanks to the marker column for a marker, tabs to the right
// column, the right half cut alike.
std::string DiffTabLine(std::string left, char marker, std::string right, size_t width = 200) {
  const size_t offset = (width + 8 + 3) / 16 * 8;
  const size_t half = std::min(offset - 3, width - offset);
  left = left.substr(0, std::min(half, left.size()));
  right = right.substr(0, std::min(half, right.size()));
  std::string line = left;
  size_t column = left.size();
  const auto pad_to = [&](size_t to) {
    for (size_t tab = column + 8 - column % 8; tab <= to; tab += 8) {
      line += '\t';
      column = tab;
    }
    line.append(to - column, ' ');
    column = to;
  };
  if (marker != ' ') {
    pad_to((half + offset - 1) / 2);
    line += marker;
    ++column;
  }
  if (!right.empty()) {
    pad_to(offset);
    line += right;
  }
  return line + "\n";
}

// `diff -y` of two OpenSSL 3.0.13 `openssl speed` outputs, one run with OPENSSL_ia32cap set
// (new-user tryout 19, p15): the lines both runs have carry no marker and the changed CPUINFO
// line is no tool output, yet every line of the block is two columns, so each run keeps its
// own header. Before, only the table was split: the left run's header held both columns'
// text ("3.0.13 ... version: 3.0.13") and the right run's mask, and the right run had none.
TEST(ImportFormatsTest, DiffSideBySideSplitsEveryLineOfTheBlock) {
  const std::string compiler =
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -Wa,--noexecstack -g -O2 "
      "-ffile-prefix-map=/build/openssl-3.0.13=. -fstack-protector-strong -DNDEBUG";
  const std::string row_a =
      "AES-128-GCM     580340.12k  1598304.50k  3588102.40k  5248102.83k  6080225.28k  "
      "6125381.63k";
  const std::string row_b =
      "AES-128-GCM      98123.44k   128330.41k   142998.27k   147001.34k   148223.70k   "
      "148361.22k";
  const auto same = [](const std::string& line) { return DiffTabLine(line, ' ', line); };
  const std::string text = same("version: 3.0.13") +
                           same("built on: Mon Apr  8 10:12:44 2024 UTC") +
                           same("options: bn(64,64)") + same(compiler) +
                           DiffTabLine("CPUINFO: OPENSSL_ia32cap=0x7ffaf3ffffebffff:0x29c67af", '|',
                                       "CPUINFO: OPENSSL_ia32cap=0x7dfaf3ffffebffff:0x29c67af "
                                       "env:~0x200000000000000:~0") +
                           same(kNumbersLine) + same(kTypeLine) + DiffTabLine(row_a, '|', row_b);
  const std::vector<results::RunResult> runs = ImportText(text, "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  for (const results::RunResult& run : runs) {
    EXPECT_EQ(run.library.version.find("version"), std::string::npos) << run.library.version;
    EXPECT_EQ(run.library.built_on.find("built on", 1), std::string::npos) << run.library.built_on;
    // The compiler line fills the 96-character column: its last word may be cut, so it is not
    // read, and the caveat says so.
    EXPECT_EQ(run.library.cflags.find("compiler:", 1), std::string::npos) << run.library.cflags;
    EXPECT_EQ(run.library.cflags.find("-ffile-prefix"), std::string::npos) << run.library.cflags;
    EXPECT_NE(run.library.cflags.find("-O2"), std::string::npos) << run.library.cflags;
    EXPECT_TRUE(HasCaveat(run, "Lines 1-8 hold two runs side by side")) << run.source.caveats[0];
    EXPECT_TRUE(HasCaveat(run, "at 96 characters, and this column's line 4 fills that width"))
        << run.source.caveats[0];
  }
  EXPECT_EQ(runs[0].library.capability_vector, "0x7ffaf3ffffebffff:0x29c67af");
  EXPECT_EQ(runs[0].library.cpu_info.find("env:"), std::string::npos) << runs[0].library.cpu_info;
  EXPECT_EQ(runs[1].library.capability_vector, "0x7dfaf3ffffebffff:0x29c67af");
  EXPECT_NE(runs[1].library.cpu_info.find("env:~0x200000000000000:~0"), std::string::npos)
      << runs[1].library.cpu_info;
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "AES-128-GCM", "encrypt", 16), 580340.12e3);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[1], "AES-128-GCM", "encrypt", 16384), 148361.22e3);
}

// diff -y's default width (130) cuts a speed table's lines at 61 characters: the reading stops
// at the cut type line, and the error says how to keep the lines whole.
TEST(ImportFormatsTest, DiffSideBySideCutAtItsColumnWidthSaysSo) {
  const std::string text = DiffTabLine("version: 3.0.13", ' ', "version: 3.0.13", 130) +
                           DiffTabLine(kTypeLine, ' ', kTypeLine, 130) +
                           DiffTabLine(kMd5Row, '|', kSha1Row, 130);
  try {
    ImportText(text, "paste.txt");
    ADD_FAILURE() << "no error";
  } catch (const ImportError& e) {
    EXPECT_EQ(e.line(), 2u);
    EXPECT_NE(e.expected().find("`diff -y` cut this line at its column width (61 characters)"),
              std::string::npos)
        << e.expected();
  }
}

// Two rows on a line split only at a marker or a tab: blanks alone are no column gap (a row's
// own gaps are as wide), and a quoted mail's "> row" lines are no right column.
TEST(ImportFormatsTest, SpeedRowsSplitOnlyAtADiffMarkerOrTab) {
  EXPECT_FALSE(SplitSideBySide(std::string(kTypeLine) + "\n" + kMd5Row + "      " + kSha1Row +
                               "\n" + kSha256RowA + "      " + kSha256RowC + "\n")
                   .has_value());
  EXPECT_FALSE(SplitSideBySide(std::string("> ") + kTypeLine + "\n> " + kMd5Row + "\n> " +
                               kSha256RowA + "\n")
                   .has_value());
}

const char kSpeedRun[] =
    "Doing sha256 for 3s on 16 size blocks: 3000000 sha256's in 3.00s\n"
    "Doing sha256 for 3s on 64 size blocks: 3000000 sha256's in 3.00s\n";

TEST(ImportFactsTest, EngineListAndConfigLinesBecomeFactsAndACaveat) {
  const std::vector<results::RunResult> runs =
      ImportText(std::string("# sed -i -e 's/^#openssl_conf=/openssl_conf=/' /etc/ssl/openssl.cnf\n"
                             "# openssl engine -t -c\n"
                             "(afalg) AFALG engine support\n"
                             " [AES-128-CBC, SHA256]\n"
                             "     [ available ]\n"
                             "# openssl speed sha256\n") +
                     kSpeedRun,
                 "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const std::vector<results::SourceFact>& facts = runs[0].source.facts;
  ASSERT_EQ(facts.size(), 2u);
  EXPECT_EQ(facts[0].kind, "openssl_conf");
  EXPECT_EQ(facts[0].line, 1u);
  EXPECT_EQ(facts[1].kind, "engine");
  EXPECT_EQ(facts[1].value, "afalg: AFALG engine support [AES-128-CBC, SHA256]; available");
  EXPECT_EQ(facts[1].line, 3u);
  // The engine's "SHA256" is the catalogue's SHA-256 by another spelling.
  EXPECT_TRUE(HasCaveat(runs[0], "Line 3: the engine list shows afalg available and line 1"));
  EXPECT_TRUE(HasCaveat(runs[0], "the figures of SHA-256 may be the engine's"));
}

TEST(ImportFactsTest, AnEngineThatServesNoneOfTheRunsAlgorithmsGivesNoCaveat) {
  const std::vector<results::RunResult> runs =
      ImportText(std::string("$ openssl engine -t -c\n"
                             "(qatengine) QAT engine\n"
                             " [RSA, AES-128-CBC-HMAC-SHA256]\n"
                             "     [ available ]\n"
                             "$ openssl speed sha256\n") +
                     kSpeedRun,
                 "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.facts.size(), 1u);
  EXPECT_FALSE(HasCaveat(runs[0], "engine list"));
}

TEST(ImportFactsTest, KernelDriversModulesAndUnameAfterTheRunDescribeIt) {
  const std::vector<results::RunResult> runs = ImportText(
      std::string("$ openssl speed sha256\n") + kSpeedRun +
          "$ uname -a\n"
          "Linux box 6.1.0-13-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.55-1 x86_64 GNU/Linux\n"
          "$ lsmod | grep aes\n"
          "aesni_intel           393216  2\n"
          "$ cat /proc/crypto\n"
          "name         : cbc(aes)\n"
          "driver       : cbc-aes-aesni\n"
          "module       : aesni_intel\n"
          "priority     : 400\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const std::vector<results::SourceFact>& facts = runs[0].source.facts;
  ASSERT_EQ(facts.size(), 4u);
  EXPECT_EQ(facts[0].kind, "uname");
  // The lsmod command itself: what its output can show (diagnose's LsmodShowsModule).
  EXPECT_EQ(facts[1].kind, "lsmod");
  EXPECT_EQ(facts[1].value, "lsmod | grep aes");
  EXPECT_EQ(facts[2].kind, "kernel_module");
  EXPECT_EQ(facts[2].value, "aesni_intel");
  EXPECT_EQ(facts[3].kind, "kernel_driver");
  EXPECT_EQ(facts[3].value, "cbc(aes): driver cbc-aes-aesni, module aesni_intel, priority 400");
  EXPECT_EQ(facts[3].line, 9u);
}

TEST(ImportFactsTest, AnOpenVmsBuildFileSearchWithoutAMatchIsAFact) {
  const std::vector<results::RunResult> runs =
      ImportText(std::string("$ search descrip.mms aes-ia64.obj\n"
                             "%SEARCH-I-NOMATCHES, no strings matched\n"
                             "$ openssl speed sha256\n") +
                     kSpeedRun,
                 "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  ASSERT_EQ(runs[0].source.facts.size(), 1u);
  EXPECT_EQ(runs[0].source.facts[0].kind, "build_search");
  EXPECT_EQ(runs[0].source.facts[0].value, "descrip.mms: no aes-ia64.obj");
  EXPECT_EQ(runs[0].source.facts[0].line, 2u);
  // A search that matched prints the lines found, not the message: no fact.
  const std::vector<results::RunResult> found =
      ImportText(std::string("$ search descrip.mms aes-ia64.obj\n"
                             "[.crypto.aes]libcrypto-lib-aes-ia64.OBJ : [.crypto.aes]aes-ia64.ASM\n"
                             "$ openssl speed sha256\n") +
                     kSpeedRun,
                 "paste.txt");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_TRUE(found[0].source.facts.empty());
}

TEST(ImportFactsTest, FactsSurviveTheJsonRoundTrip) {
  const std::vector<results::RunResult> runs = ImportText(
      std::string("$ openssl engine -t -c\n(devcrypto) /dev/crypto engine\n     [ available ]\n"
                  "$ openssl speed sha256\n") +
          kSpeedRun,
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::RunResult back =
      results::FromJson(nlohmann::json::parse(results::ToJson(runs[0]).dump()));
  ASSERT_EQ(back.source.facts.size(), 1u);
  EXPECT_EQ(back.source.facts[0].kind, "engine");
  EXPECT_EQ(back.source.facts[0].value, "devcrypto: /dev/crypto engine; available");
  EXPECT_EQ(back.source.facts[0].line, 2u);
}

// Each run carries the facts read before it: a repeated fact is kept once, and a paste with
// more facts than any machine shows is refused rather than copied into every run.
TEST(ImportFactsTest, RepeatedFactsAreKeptOnceAndTooManyAreRefused) {
  std::string cpuinfo = "$ cat /proc/cpuinfo\n";
  for (int cpu = 0; cpu < 64; ++cpu) {
    cpuinfo +=
        fmt::format("processor\t: {}\nmodel name\t: Test CPU\nflags\t\t: fpu aes sse2\n", cpu);
  }
  const std::vector<results::RunResult> runs =
      ImportText(cpuinfo + "$ openssl speed sha256\n" + kSpeedRun, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const std::vector<results::SourceFact>& facts = runs[0].source.facts;
  ASSERT_EQ(facts.size(), 2u);
  EXPECT_EQ(facts[0].kind, "cpu_model");
  EXPECT_EQ(facts[0].line, 3u);
  EXPECT_EQ(facts[1].kind, "cpu_flags");
  EXPECT_EQ(facts[1].line, 4u);

  std::string lsmod = "$ lsmod\nModule                  Size  Used by\n";
  for (int module = 0; module < 2049; ++module) {
    lsmod += fmt::format("module_{}           16384  0\n", module);
  }
  const std::string many = lsmod + "$ openssl speed sha256\n" + kSpeedRun;
  // The lsmod command is a fact too, so the 2048th module line is the 2049th fact.
  EXPECT_EQ(ImportErrorOf(many),
            "paste.txt:2050: at most 2048 environment facts and 128 KiB of "
            "them in one input, found more");
  // Fewer facts, but long ones.
  std::string flags = "$ cat /proc/cpuinfo\n";
  for (int cpu = 0; cpu < 64; ++cpu) {
    flags += fmt::format("flags\t\t: {} {}\n", cpu, std::string(4096, 'x'));
  }
  EXPECT_NE(ImportErrorOf(flags + "$ openssl speed sha256\n" + kSpeedRun)
                .find(": at most 2048 environment facts and 128 KiB of them"),
            std::string::npos);
}

// CPU lines pasted without the command that printed them, indented (lscpu), quoted alone with
// "> ", or as ARM boards print them. A "Features:" line of prose and x86's numeric "model"
// are not CPU facts.
TEST(ImportFactsTest, CpuLinesAreReadWithoutTheirCommand) {
  const std::vector<results::RunResult> runs =
      ImportText(std::string("Architecture:            x86_64\n"
                             "    Model name:          Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz\n"
                             "> Model name: Intel(R) Core(TM) i7-8550U CPU @ 1.80GHz\n"
                             "flags\t\t: fpu vme de pse tsc msr pae sse sse2 ssse3 lm aes avx\n"
                             "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid\n"
                             "Model\t\t: Raspberry Pi 4 Model B Rev 1.4\n"
                             "model\t\t: 85\n"
                             "Features: fast and small\n"
                             "$ openssl speed sha256\n") +
                     kSpeedRun,
                 "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_THAT(
      FactLines(runs[0]),
      ::testing::ElementsAre("cpu_arch@1: x86_64",
                             "cpu_model@2: model name: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz",
                             "cpu_model@3: model name: Intel(R) Core(TM) i7-8550U CPU @ 1.80GHz",
                             "cpu_flags@4: fpu vme de pse tsc msr pae sse sse2 ssse3 lm aes avx",
                             "cpu_flags@5: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid",
                             "cpu_model@6: model: Raspberry Pi 4 Model B Rev 1.4"));
}

// lscpu's cpufreq limits become facts (the clock range a report's cpb is computed over); a
// value that is not a positive number (older lscpu prints "-" on some machines) does not.
TEST(ImportFactsTest, LscpuCpuMaxAndMinMhzAreClockFacts) {
  const std::vector<results::RunResult> runs =
      ImportText(std::string("Architecture:        aarch64\n"
                             "CPU max MHz:         1512.0000\n"
                             "CPU min MHz:         408.0000\n"
                             "CPU max MHz:         -\n"
                             "CPU min MHz:         0.0000\n"
                             "$ openssl speed sha256\n") +
                     kSpeedRun,
                 "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_THAT(FactLines(runs[0]),
              ::testing::ElementsAre("cpu_arch@1: aarch64", "cpu_max_mhz@2: 1512.0000",
                                     "cpu_min_mhz@3: 408.0000"));
}

// MIPS's /proc/cpuinfo names the SoC ("system type") and the core ("cpu model"): read without
// the command that printed it, as routers' pastes often are.
TEST(ImportFactsTest, MipsSystemTypeAndCpuModelAreReadWithoutTheirCommand) {
  const std::vector<results::RunResult> runs =
      ImportText(std::string("system type\t\t: MediaTek MT7621 ver:1 eco:3\n"
                             "machine\t\t\t: GnuBee\n"
                             "cpu model\t\t: MIPS 1004Kc V2.15\n"
                             "$ openssl speed sha256\n") +
                     kSpeedRun,
                 "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_THAT(FactLines(runs[0]),
              ::testing::ElementsAre("cpu_model@1: system type: MediaTek MT7621 ver:1 eco:3",
                                     "cpu_model@3: cpu model: MIPS 1004Kc V2.15"));
}

TEST(ImportSettingsTest, MultiPinnedToFewerCpusIsNamed) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ taskset -c 0 openssl speed -multi 4 -evp aes-128-cbc\n"
      "type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes 16384 bytes\n"
      "aes-128-cbc 1000.00k 2000.00k 3000.00k 4000.00k 5000.00k 6000.00k\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.multi, 4);
  EXPECT_TRUE(HasCaveat(runs[0], "-multi 4 ran pinned to 1 CPU (taskset -c 0)"));
}

TEST(ImportSettingsTest, MultiUnderAnyPromptSumsTheChildren) {
  const std::vector<results::RunResult> runs = ImportText(
      "bash-4.2# openssl speed -multi 2 -mr sha256\n"
      "Forked child 0\n"
      "Forked child 1\n"
      "Got: +H:16:64 from 0\n"
      "Got: +F:6:sha256:1000.00:2000.00 from 0\n"
      "Got: +H:16:64 from 1\n"
      "Got: +F:6:sha256:3000.00:4000.00 from 1\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.multi, 2);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "SHA-256", "hash", 16), 4000);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "SHA-256", "hash", 64), 6000);
}

TEST(ImportSettingsTest, OneSlowKeyGenerationIsASlowOperationNotATimerFault) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ openssl speed rsa15360\n"
      "Doing 15360 bits private rsa sign ops for 10s: 1 15360 bits private RSA sign ops in "
      "62.50s\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_TRUE(HasCaveat(runs[0], "a single operation slower than its slot"));
  EXPECT_FALSE(HasCaveat(runs[0], "which cannot be"));
  ASSERT_EQ(runs[0].algorithms.size(), 1u);  // "rsa 15360 bits": not in the catalogue
  ASSERT_EQ(runs[0].algorithms[0].cells.size(), 1u);
  EXPECT_EQ(runs[0].algorithms[0].cells[0].operation, "sign");
  EXPECT_NEAR(runs[0].algorithms[0].cells[0].figures->ops_per_s.value, 1 / 62.5, 1e-9);
}

TEST(ImportSplitTest, AUnameLineStartsAnotherMachinesRun) {
  const std::vector<results::RunResult> runs = ImportText(
      std::string("Linux one 6.1.0-13-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.55-1 x86_64 "
                  "GNU/Linux\n") +
          kSpeedRun +
          "Linux two 5.15.0-91-generic #101-Ubuntu SMP Tue Nov 14 13:30:08 UTC 2023 aarch64 "
          "GNU/Linux\n" +
          kSpeedRun,
      "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  ASSERT_EQ(runs[0].source.facts.size(), 1u);
  EXPECT_EQ(runs[0].source.facts[0].line, 1u);
  // The first kernel's line is no fact of the second machine's run.
  ASSERT_EQ(runs[1].source.facts.size(), 1u);
  EXPECT_EQ(runs[1].source.facts[0].line, 4u);
}

TEST(ImportSplitTest, AQuotedPasteAndADifferentPromptKeepTwoRunsApart) {
  const std::vector<results::RunResult> runs =
      ImportText(std::string("> $ openssl speed sha256\n> ") +
                     "Doing sha256 for 3s on 16 size blocks: 3000000 sha256's in 3.00s\n"
                     "\n"
                     "bash-4.2# openssl speed sha256\n" +
                     kSpeedRun,
                 "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_DOUBLE_EQ(BytesPerSecond(runs[0], "SHA-256", "hash", 16), 16e6);
  EXPECT_EQ(FindCell(runs[0], "SHA-256", "hash", 64), nullptr);
  EXPECT_NE(FindCell(runs[1], "SHA-256", "hash", 64), nullptr);
}

}  // namespace
}  // namespace cryptobench::import
