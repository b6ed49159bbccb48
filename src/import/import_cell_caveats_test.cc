// Per-cell caveats of imported figures (results::Cell::caveats): a figure read from a damaged
// row, without its 'type' line, recomputed from a progress line, or from a Botan 2.0/2.1 line
// that prints no buffer size carries a caveat naming its line, which compare turns into its
// verdict.
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "results/json.h"
#include "results/model.h"

#include "import/import.h"
#include "import/import_test_util.h"

namespace cryptobench::import {
namespace {

using ::testing::HasSubstr;

std::string CaveatTexts(const results::Cell& cell) {
  std::string out;
  for (const results::CellCaveat& caveat : cell.caveats) {
    out += caveat.text + (caveat.doubt ? " [doubt]" : " [remark]") + "; ";
  }
  return out;
}

constexpr const char* kTypeLine =
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n";

TEST(ImportCellCaveatsTest, DamagedRowDoubtsItsOtherCells) {
  const std::vector<results::RunResult> runs = ImportText(
      std::string(kTypeLine) +
          "aes-128-cbc  123456.78k  2345x6.12k  435064.21k  581664.88k  641874.92k  646187.19k\n"
          "sha256       100000.00k  200000.00k  300000.00k  400000.00k  500000.00k  600000.00k\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::Cell* damaged_row = FindCell(runs[0], "AES-128-CBC", "encrypt", 256);
  ASSERT_NE(damaged_row, nullptr);
  ASSERT_EQ(damaged_row->caveats.size(), 1u) << CaveatTexts(*damaged_row);
  EXPECT_EQ(damaged_row->caveats[0].text, "read from a row damaged in the paste (line 2)");
  EXPECT_EQ(damaged_row->caveats[0].line, 2u);
  EXPECT_TRUE(damaged_row->caveats[0].doubt);
  EXPECT_TRUE(results::HasDoubt(*damaged_row));
  // A whole row keeps its figures as printed: nothing to say.
  const results::Cell* whole_row = FindCell(runs[0], "SHA-256", "hash", 256);
  ASSERT_NE(whole_row, nullptr);
  EXPECT_TRUE(whole_row->caveats.empty()) << CaveatTexts(*whole_row);
}

TEST(ImportCellCaveatsTest, RowWithoutTypeLineDoubtsItsSizes) {
  const std::vector<results::RunResult> runs = ImportText(
      "aes-128-cbc  123456.78k  234566.12k  435064.21k  581664.88k  641874.92k  646187.19k\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::Cell* cell = FindCell(runs[0], "AES-128-CBC", "encrypt", 16384);
  ASSERT_NE(cell, nullptr);
  ASSERT_EQ(cell->caveats.size(), 1u) << CaveatTexts(*cell);
  EXPECT_THAT(
      cell->caveats[0].text,
      HasSubstr(
          "read from a table without its 'type ... bytes' line (sizes taken from line 1 as "));
  EXPECT_TRUE(cell->caveats[0].doubt);
  // The doubt is only the sizes: the list assumed, so that compare can pair two such rows.
  EXPECT_EQ(cell->caveats[0].assumed_sizes,
            (std::vector<uint64_t>{16, 64, 256, 1024, 8192, 16384}));
}

TEST(ImportCellCaveatsTest, FigureRecomputedFromProgressIsARemark) {
  // The row is cut after its 1024-byte figure; progress lines measured the larger sizes.
  const std::string paste =
      "Doing aes-128-cbc for 3s on 8192 size blocks: 30000 aes-128-cbc's in 3.00s\n"
      "Doing aes-128-cbc for 3s on 16384 size blocks: 15000 aes-128-cbc's in 3.00s\n" +
      std::string(kTypeLine) + "aes-128-cbc  123456.78k  234566.12k  435064.21k  581664.88k\n";
  const std::vector<results::RunResult> runs = ImportText(paste, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::Cell* cell = FindCell(runs[0], "AES-128-CBC", "encrypt", 16384);
  ASSERT_NE(cell, nullptr);
  bool recomputed = false;
  for (const results::CellCaveat& caveat : cell->caveats) {
    if (caveat.text.find("recomputed from progress line 2") != std::string::npos) {
      recomputed = true;
      EXPECT_FALSE(caveat.doubt);
      EXPECT_EQ(caveat.line, 2u);
    }
  }
  EXPECT_TRUE(recomputed) << CaveatTexts(*cell);
}

// openssl speed computes a table figure from the count and time its progress line prints
// (apps/speed.c, print_result), so a figure more than 5% from that rate, beyond the rounding
// of the time to 0.01 s, was edited or comes from another run. Line 1 is from a real run
// (OpenSSL 3.0.19, Debian 12, `openssl speed -seconds 1 -bytes 16 md5`); the 64-byte figure
// of line 7 is edited; sha256's 0.05 s allows 29090.91k to 35555.56k, so 34000.00k is no
// mismatch.
TEST(ImportCellCaveatsTest, TableFigureThatItsProgressLineContradicts) {
  const std::vector<results::RunResult> runs = ImportText(
      "Doing md5 for 1s on 16 size blocks: 2633035 md5's in 0.43s\n"
      "Doing md5 for 1s on 64 size blocks: 1000000 md5's in 1.00s\n"
      "Doing sha256 for 1s on 16 size blocks: 100000 sha256's in 0.05s\n"
      "version: 3.0.19\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes\n"
      "md5              97973.40k    72000.00k\n"
      "sha256           34000.00k        0.00\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::Cell* edited = FindCell(runs[0], "MD5", "hash", 64);
  ASSERT_NE(edited, nullptr);
  EXPECT_DOUBLE_EQ(edited->figures->bytes_per_s->value, 72000.00e3);  // the table's, kept
  ASSERT_EQ(edited->caveats.size(), 1u) << CaveatTexts(*edited);
  // The text completes "the figure was ..." (compare prints "A's figure was <text>"; new-user
  // tryout: "A's figure was differs by ...").
  EXPECT_EQ(edited->caveats[0].text,
            "printed as 72000.00k, 12% more than the 64000.00k its progress line 2 implies "
            "(1000000 in 1.00s): an edited table or another run's figure");
  EXPECT_EQ(edited->caveats[0].line, 7u);
  EXPECT_TRUE(edited->caveats[0].doubt);
  for (const auto& [name, size] : {std::pair{"MD5", 16}, {"SHA-256", 16}}) {
    const results::Cell* agrees = FindCell(runs[0], name, "hash", size);
    ASSERT_NE(agrees, nullptr) << name;
    EXPECT_EQ(agrees->caveats.size(), 0u) << name << ": " << CaveatTexts(*agrees);
  }
  EXPECT_TRUE(HasCaveat(runs[0],
                        "Lines 2 and 7: a table figure differs by more than 5% from what its "
                        "progress line implies"));
  EXPECT_TRUE(HasCaveat(runs[0],
                        "line 7 prints 72000.00k for md5 at 64 bytes, line 2 implies "
                        "64000.00k"));
}

TEST(ImportCellCaveatsTest, CaveatsSurviveTheResultJson) {
  const std::vector<results::RunResult> runs = ImportText(
      std::string(kTypeLine) +
          "aes-128-cbc  123456.78k  2345x6.12k  435064.21k  581664.88k  641874.92k  646187.19k\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::RunResult back =
      results::FromJson(nlohmann::json::parse(results::ToJson(runs[0]).dump()));
  const results::Cell* cell = FindCell(back, "AES-128-CBC", "encrypt", 16);
  ASSERT_NE(cell, nullptr);
  ASSERT_EQ(cell->caveats.size(), 1u);
  EXPECT_EQ(cell->caveats[0].text, "read from a row damaged in the paste (line 2)");
  EXPECT_EQ(cell->caveats[0].line, 2u);
  EXPECT_TRUE(cell->caveats[0].doubt);
}

// Botan 2.0 and 2.1 print no buffer size (botan#842): hashes, MACs, modes and stream ciphers
// ran over --buf-size bytes, a bare block cipher over --buf-size blocks.
TEST(ImportCellCaveatsTest, Botan2LinesWithoutBufferSize) {
  const std::string paste =
      "$ ./botan speed --msec=1000 SHA-256 AES-128 Threefish-512 AES-128/GCM Lion\n"
      "SHA-256 [base] hash 227.531 MiB/sec (227.625 MiB in 1000.415 ms)\n"
      "AES-128 [aesni] encrypt 4810.004 MiB/sec (4810.125 MiB in 1000.025 ms)\n"
      "Threefish-512 [avx2] decrypt 684.626 MiB/sec (684.750 MiB in 1000.181 ms)\n"
      "AES-128/GCM(16) [aesni] encrypt 2093.240 MiB/sec (2093.375 MiB in 1000.065 ms)\n"
      "Lion [base] encrypt 100.000 MiB/sec (100.000 MiB in 1000.000 ms)\n";
  const std::vector<results::RunResult> runs = ImportText(paste, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::RunResult& run = runs[0];
  const results::Cell* sha = FindCell(run, "SHA-256", "hash", 4096);
  ASSERT_NE(sha, nullptr);
  ASSERT_EQ(sha->caveats.size(), 1u);
  EXPECT_THAT(sha->caveats[0].text, HasSubstr("read at 4096 bytes (the default --buf-size=4096"));
  EXPECT_FALSE(sha->caveats[0].doubt);
  EXPECT_NEAR(sha->figures->bytes_per_s->value, 227.531 * 1048576, 1);
  // AES's block is 16 bytes: 4096 blocks are 65536 bytes.
  const results::Cell* aes = FindCell(run, "AES-128-ECB", "encrypt", 65536);
  ASSERT_NE(aes, nullptr);
  EXPECT_THAT(aes->caveats[0].text, HasSubstr("read at 65536 bytes"));
  EXPECT_EQ(FindCell(run, "AES-128-ECB", "encrypt", 4096), nullptr);
  // Threefish-512's block is 64 bytes.
  EXPECT_NE(FindCell(run, "Threefish-512", "decrypt", 262144), nullptr);
  EXPECT_NE(FindCell(run, "AES-128-GCM", "encrypt", 4096), nullptr);
  // Lion's block size is its key's choice: the size is ambiguous, the figure left out, named.
  EXPECT_EQ(FindAlgorithm(run, "Lion"), nullptr);
  EXPECT_TRUE(HasCaveat(run, "Line 6: 'Lion [base] encrypt' prints no buffer size"));
  EXPECT_TRUE(HasCaveat(run, "print no buffer size (Botan 2.0 and 2.1)"));
}

TEST(ImportCellCaveatsTest, Botan2BufSizeFromTheCommandLine) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ botan speed --buf-size=1024 AES-256 SHA-1\n"
      "AES-256 [base] encrypt 100.000 MiB/sec (100.000 MiB in 1000.000 ms)\n"
      "SHA-160 [base] hash 500.000 MiB/sec (500.000 MiB in 1000.000 ms)\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_NE(FindCell(runs[0], "AES-256-ECB", "encrypt", 16384), nullptr);
  const results::Cell* sha = FindCell(runs[0], "SHA-1", "hash", 1024);
  ASSERT_NE(sha, nullptr);
  EXPECT_THAT(sha->caveats[0].text, HasSubstr("read at 1024 bytes (--buf-size=1024)"));
}

// libgcrypt's bench-slope is not read: it is refused by name at its first line, not as a file
// without tool output.
TEST(ImportCellCaveatsTest, BenchSlopeIsRefusedByName) {
  const std::string error = ImportErrorOf(
      "Cipher:\n"
      " AES-128        |  nanosecs/byte   mebibytes/sec   cycles/byte\n"
      "        CBC enc |      1.47 ns/B     646.7 MiB/s         - c/B\n",
      "slope.txt");
  EXPECT_THAT(error, HasSubstr("slope.txt:2: bench-slope output"));
  EXPECT_THAT(error, HasSubstr("which import does not read yet"));
  // A row alone, without the header, is recognised too.
  EXPECT_THAT(ImportErrorOf("        GCM enc |     0.648 ns/B    1472.7 MiB/s         - c/B\n"),
              HasSubstr("paste.txt:1: bench-slope output"));
}

// Phoronix Test Suite output is not read: it is refused by name at its banner (tryout 32 D16).
// Its result section's title "OpenSSL 1.1.0f:" once made it "openssl version 1.1.0f output".
// From github.com/phoronix-test-suite/test-profiles issue 32 (johnjmar, 2018-09-11), trimmed.
TEST(ImportCellCaveatsTest, PhoronixTestSuiteOutputIsRefusedByName) {
  const std::string error = ImportErrorOf(
      "Phoronix Test Suite v8.2.0m1\n"
      "\n"
      "    Installed:     pts/openssl-1.10.0\n"
      "\n"
      "  OPERATING SYSTEM:   Ubuntu 18.04\n"
      "    Kernel:           4.15.0-33-generic (ppc64le)\n"
      "\n"
      "OpenSSL 1.1.0f:\n"
      "    pts/openssl-1.10.0\n"
      "    Test 1 of 1\n"
      "    RSA 4096-bit Performance:\n"
      "        1977.5\n"
      "        1977.4\n"
      "        1989.6\n"
      "\n"
      "    Average: 1981.50 Signs Per Second\n"
      "    Deviation: 0.35%\n",
      "pts.txt");
  EXPECT_THAT(error, HasSubstr("pts.txt:1: Phoronix Test Suite output"));
  EXPECT_THAT(error, HasSubstr("which import does not read"));
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
}

// A version written as a label ("OpenSSL 1.1.0f:") with no output of openssl after it is no
// `openssl version` output: nothing is imported from it.
TEST(ImportCellCaveatsTest, AVersionLabelAloneIsNoVersionOutput) {
  EXPECT_THAT(ImportErrorOf("OpenSSL 1.1.0f:\n    Test 1 of 1\n"),
              HasSubstr("paste.txt:1: expected output of `openssl speed`"));
  // `openssl version` output itself still is.
  const std::vector<results::RunResult> runs = ImportText("OpenSSL 1.1.0f  25 May 2017\n", "t");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.tool, "openssl version");
}

}  // namespace
}  // namespace cryptobench::import
