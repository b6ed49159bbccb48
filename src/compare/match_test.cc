// Matching cells of two runs: keys, cells on one side only, cells not measured, duplicates.
#include "compare/match.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "compare/attribution.h"
#include "compare/format.h"
#include "compare/test_util.h"
#include "import/import.h"

namespace cryptobench::compare {
namespace {

using testing::Algorithm;
using testing::FigureCell;
using testing::MakeSide;

TEST(MatchRowsTest, MatchesByAlgorithmOperationAndSize) {
  const Side a =
      MakeSide("A", {Algorithm("AES-128-CBC", "cipher",
                               {FigureCell("encrypt", 16, 1e9), FigureCell("encrypt", 16384, 2e9)}),
                     Algorithm("SHA-256", "hash", {FigureCell("hash", 16384, 1.5e9)})});
  const Side b = MakeSide(
      "B", {Algorithm("aes128", "cipher",  // an alias: matched by canonical name
                      {FigureCell("encrypt", 16384, 0.5e9), FigureCell("encrypt", 64, 1e9)}),
            Algorithm("ChaCha20", "cipher", {FigureCell("encrypt", 16384, 2e9)})});
  const std::vector<Row> rows = MatchRows(a, b, 0.05);
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0].algorithm, "AES-128-CBC");
  EXPECT_EQ(rows[0].input_len, 16u);
  EXPECT_EQ(rows[0].presence, Presence::kOnlyA);
  EXPECT_EQ(rows[1].input_len, 16384u);
  EXPECT_EQ(rows[1].presence, Presence::kBoth);
  EXPECT_DOUBLE_EQ(rows[1].ratio.ratio, 0.25);
  EXPECT_EQ(rows[1].direction, Direction::kSlower);
  EXPECT_EQ(rows[1].verdict, Verdict::kSignificant);
  EXPECT_EQ(rows[1].family, "AES-CBC");
  EXPECT_EQ(rows[2].algorithm, "SHA-256");
  EXPECT_EQ(rows[2].presence, Presence::kOnlyA);
  // Cells only B has come last, in B's order.
  EXPECT_EQ(rows[3].algorithm, "AES-128-CBC");
  EXPECT_EQ(rows[3].input_len, 64u);
  EXPECT_EQ(rows[3].presence, Presence::kOnlyB);
  EXPECT_EQ(rows[4].algorithm, "ChaCha20");
  EXPECT_EQ(rows[4].presence, Presence::kOnlyB);
}

TEST(MatchRowsTest, PublicKeyRowsIgnoreInputLength) {
  const Side a =
      MakeSide("A", {Algorithm("RSA-2048", "signature", {FigureCell("sign", 32, 1600)})});
  const Side b = MakeSide("B", {Algorithm("RSA-2048", "signature", {FigureCell("sign", 0, 800)})});
  const std::vector<Row> rows = MatchRows(a, b, 0.05);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].presence, Presence::kBoth);
  EXPECT_FALSE(rows[0].symmetric);
  EXPECT_DOUBLE_EQ(rows[0].ratio.ratio, 0.5);
}

TEST(MatchRowsTest, ANameOfAnotherKindKeepsItsOwnName) {
  // bssl speed's one-block "AES-128 encrypt" (kind other, ops/s) is not AES-128-CBC, for which
  // the catalogue takes the alias "aes-128".
  const auto one_block = [](double ops_per_s) {
    results::Cell cell = FigureCell("derive", 0, ops_per_s);  // ops/s figures only
    cell.operation = "encrypt";
    return Algorithm("AES-128", "other", {cell});
  };
  const Side a = MakeSide("A", {one_block(1.5e8)});
  const Side b = MakeSide("B", {one_block(1.2e8)});
  const std::vector<Row> rows = MatchRows(a, b, 0.05);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].algorithm, "AES-128");
  EXPECT_FALSE(rows[0].symmetric);
  EXPECT_EQ(rows[0].presence, Presence::kBoth);
  EXPECT_DOUBLE_EQ(rows[0].ratio.ratio, 0.8);
}

TEST(MatchRowsTest, CellsNotMeasuredSayWhy) {
  results::Cell unsupported;
  unsupported.operation = "encrypt";
  unsupported.input_len = 16384;
  unsupported.status = results::CellStatus::kUnsupported;
  results::Cell crashed = unsupported;
  crashed.status = results::CellStatus::kCrashed;
  crashed.message = "worker killed by SIGSEGV";
  const Side a =
      MakeSide("A", {Algorithm("AES-128-OCB", "aead", {unsupported}),
                     Algorithm("ChaCha20", "cipher", {FigureCell("encrypt", 16384, 1e9)})});
  const Side b =
      MakeSide("B", {Algorithm("AES-128-OCB", "aead", {FigureCell("encrypt", 16384, 1e9)}),
                     Algorithm("ChaCha20", "cipher", {crashed})});
  const std::vector<Row> rows = MatchRows(a, b, 0.05);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].presence, Presence::kNotMeasured);
  EXPECT_EQ(rows[0].note, "unsupported in A");
  EXPECT_EQ(rows[1].presence, Presence::kNotMeasured);
  EXPECT_EQ(rows[1].note, "crashed: worker killed by SIGSEGV in B");
}

TEST(MatchRowsTest, SingleFiguresAreNotTestable) {
  const Side a = MakeSide("A", {Algorithm("SHA-256", "hash", {FigureCell("hash", 16, 1e8, 0, 1)})});
  const Side b = MakeSide("B", {Algorithm("SHA-256", "hash", {FigureCell("hash", 16, 5e7)})});
  const std::vector<Row> rows = MatchRows(a, b, 0.05);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_FALSE(rows[0].a->has_ci);
  EXPECT_TRUE(rows[0].b->has_ci);
  EXPECT_FALSE(rows[0].ratio.has_ci);
  EXPECT_EQ(rows[0].verdict, Verdict::kNotTestable);
}

// An imported figure read from a damaged row is no evidence of a change, however large the ratio:
// the verdict says so and names the line instead of calling it slower.
TEST(MatchRowsTest, FigureInDoubtCannotTell) {
  results::Cell damaged = FigureCell("encrypt", 16384, 1e8, 0, 1);
  damaged.caveats.push_back({"read from a row damaged in the paste (line 12)", 12, true});
  results::Cell recomputed = FigureCell("encrypt", 64, 1e8, 0, 1);
  recomputed.caveats.push_back(
      {"recomputed from progress line 7, the row (line 14) lacking "
       "this figure",
       7, false});
  const Side a = MakeSide("A", {Algorithm("AES-128-CBC", "cipher",
                                          {damaged, recomputed, FigureCell("encrypt", 16, 1e8)})});
  const Side b =
      MakeSide("B", {Algorithm("AES-128-CBC", "cipher",
                               {FigureCell("encrypt", 16384, 2e8), FigureCell("encrypt", 64, 2e8),
                                FigureCell("encrypt", 16, 2e8)})});
  const std::vector<Row> rows = MatchRows(a, b, 0.05);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].verdict, Verdict::kCannotTell);
  ASSERT_EQ(rows[0].caveats.size(), 1u);
  EXPECT_EQ(rows[0].caveats[0].side, "A");
  EXPECT_EQ(VerdictText(rows[0], 0.05),
            "cannot tell: A's figure was read from a row damaged in the paste (line 12)");
  // A remark keeps the verdict and is appended to it.
  EXPECT_EQ(rows[1].verdict, Verdict::kNotTestable);
  EXPECT_EQ(VerdictText(rows[1], 0.05),
            "faster beyond 5%, not testable (A's figure was recomputed from progress line 7, the "
            "row (line 14) lacking this figure)");
  EXPECT_TRUE(rows[2].caveats.empty());
  EXPECT_EQ(VerdictText(rows[2], 0.05), "significantly faster");
  // Patterns leave the doubted row out; a sentence counts it.
  const std::vector<Finding> findings = PatternFindings(rows, "A", "B", 0.05, true, true, false);
  bool counted = false;
  for (const Finding& finding : findings) {
    if (finding.id == "cannot-tell") {
      counted = true;
      EXPECT_EQ(
          finding.text.rfind("1 compared cell cannot be judged: A's figure was in doubt (read", 0),
          0u)
          << finding.text;
    }
  }
  EXPECT_TRUE(counted);
}

// openssl s_time pastes: its headline rate divides by the client's user CPU time
// (apps/s_time.c; https://github.com/openssl/openssl/issues/2274). When the paste's real-seconds
// lines rank the sides otherwise, or give a ratio beyond the threshold from it, the user-CPU
// figures settle no change.
Side STimeSide(const std::string& letter, std::string_view text) {
  Side side;
  side.letter = letter;
  side.label = "side-" + letter;
  side.run = import::ImportText(text, letter + ".txt").at(0);
  return side;
}

TEST(MatchRowsTest, STimeUserCpuAgainstRealSecondsCannotTell) {
  const Side a = STimeSide("A",
                           "1532 connections in 1.00s; 1532.00 connections/user sec, bytes read 0\n"
                           "1532 connections in 4 real seconds, 0 bytes read per connection\n");
  // B: 1.31x by user CPU time but 0.75x by real seconds (opposite ranking).
  const Side b = STimeSide("B",
                           "2010 connections in 1.00s; 2010.00 connections/user sec, bytes read 0\n"
                           "2010 connections in 7 real seconds, 0 bytes read per connection\n");
  std::vector<Row> rows = MatchRows(a, b, 0.05);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].verdict, Verdict::kCannotTell);
  EXPECT_EQ(VerdictText(rows[0], 0.05),
            "cannot tell: A's figure was 1532.00 connections/user sec but 383.0 connections per "
            "real second; B's figure was 2010.00 connections/user sec but 287.1 connections per "
            "real second; by user CPU time B/A is 1.31x, by real seconds 0.750x");
  // Same direction, but 1.31x against 1.17x: beyond 5% apart.
  const Side c = STimeSide("B",
                           "1795 connections in 0.89s; 2010.00 connections/user sec, bytes read 0\n"
                           "1795 connections in 4 real seconds, 0 bytes read per connection\n");
  rows = MatchRows(a, c, 0.05);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].verdict, Verdict::kCannotTell) << VerdictText(rows[0], 0.05);
  // Within 5% by user CPU time, 1.17x faster by real seconds.
  const Side d = STimeSide("B",
                           "1800 connections in 1.20s; 1500.00 connections/user sec, bytes read 0\n"
                           "1800 connections in 4 real seconds, 0 bytes read per connection\n");
  rows = MatchRows(a, d, 0.05);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].verdict, Verdict::kCannotTell) << VerdictText(rows[0], 0.05);
  // Real seconds that agree leave the verdict alone.
  const Side e = STimeSide("B",
                           "2000 connections in 1.00s; 2000.00 connections/user sec, bytes read 0\n"
                           "2000 connections in 4 real seconds, 0 bytes read per connection\n");
  rows = MatchRows(a, e, 0.05);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].verdict, Verdict::kNotTestable);
  EXPECT_TRUE(rows[0].caveats.empty());
}

TEST(MatchRowsTest, FirstOfDuplicateKeysCounts) {
  // An imported 1.x run can name one cipher twice (low-level and EVP rows).
  const Side a =
      MakeSide("A", {Algorithm("aes-128 cbc", "cipher", {FigureCell("encrypt", 16, 1e8)}),
                     Algorithm("AES-128-CBC", "cipher", {FigureCell("encrypt", 16, 4e8)})});
  const Side b =
      MakeSide("B", {Algorithm("AES-128-CBC", "cipher", {FigureCell("encrypt", 16, 1e8)})});
  const std::vector<Row> rows = MatchRows(a, b, 0.05);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_DOUBLE_EQ(rows[0].ratio.ratio, 1.0);
}

// OpenSSL 1.1.1w `openssl speed -evp aes-128-cbc aes-128-cbc` on an AES-NI x86-64 machine:
// one table with the low-level row ("aes-128 cbc", AES_cbc_encrypt, no AES-NI path) and the
// EVP row ("aes-128-cbc"), each figure scaled by `scale`, the EVP row first when `evp_first`
// (rows pasted in another order), after `lead` lines of other text.
std::string SpeedBothApis(double scale, bool evp_first, const std::string& lead) {
  const auto row = [scale](const char* name, std::initializer_list<double> k) {
    std::string out = fmt::format("{:<16}", name);
    for (double figure : k) {
      out += fmt::format("{:>12.2f}k", figure * scale);
    }
    return out + "\n";
  };
  const std::string low_level =
      row("aes-128 cbc", {147877.66, 158338.86, 161388.54, 162237.78, 162326.53, 162277.38});
  const std::string evp =
      row("aes-128-cbc", {457190.70, 500388.91, 508444.76, 510127.45, 510885.21, 510946.65});
  return lead +
         "$ openssl speed -evp aes-128-cbc aes-128-cbc\n"
         "OpenSSL 1.1.1w  11 Sep 2023\n"
         "built on: Mon Sep 11 14:22:14 2023 UTC\n"
         "options:bn(64,64) rc4(16x,int) des(int) aes(partial) idea(int) blowfish(ptr) \n"
         "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
         "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -DOPENSSL_BN_ASM_MONT "
         "-DOPENSSL_BN_ASM_MONT5 -DOPENSSL_BN_ASM_GF2m -DSHA1_ASM -DSHA256_ASM -DSHA512_ASM "
         "-DKECCAK1600_ASM -DRC4_ASM -DMD5_ASM -DAESNI_ASM -DVPAES_ASM -DGHASH_ASM "
         "-DECP_NISTZ256_ASM -DX25519_ASM -DPOLY1305_ASM -DNDEBUG\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  "
         "16384 bytes\n" +
         (evp_first ? evp + low_level : low_level + evp);
}

TEST(MatchRowsTest, LowLevelAndEvpRowsOfOneRunPairLikeWithLike) {
  // New-user tryout: each side holds a 1.1.1 low-level row and an EVP row of AES-128-CBC. The
  // old key (name, operation, size) paired A's low-level row with B's EVP row ("3.2x faster",
  // a code path) and left the EVP rows unmatched.
  const Side a = STimeSide("A", SpeedBothApis(1.0, false, ""));
  for (const bool evp_first : {false, true}) {
    const Side b = STimeSide("B", SpeedBothApis(1.01, evp_first, "$ uname -m\nx86_64\n"));
    const std::vector<Row> rows = MatchRows(a, b, 0.05);
    ASSERT_EQ(rows.size(), 12u) << evp_first;
    for (const Row& row : rows) {
      EXPECT_EQ(row.presence, Presence::kBoth) << row.algorithm;
      EXPECT_NEAR(row.ratio.ratio, 1.01, 0.001) << row.algorithm << " " << row.input_len;
      EXPECT_EQ(row.a_legacy, row.b_legacy) << row.algorithm;
    }
    EXPECT_EQ(rows.front().algorithm, "AES-128-CBC (low-level API)");
    EXPECT_EQ(rows.back().algorithm, "AES-128-CBC");
    EXPECT_NEAR(rows.back().a->value, 510946.65e3, 1);  // the EVP row's 16 KiB figure
    const Finding headline = PatternFindings(rows, "A", "B", 0.05).front();
    EXPECT_EQ(headline.text, "No change beyond 5%: AES-CBC unchanged.");
  }
}

TEST(MatchRowsTest, LowLevelAgainstEvpNamesTheApisNotACodePath) {
  // A 1.x run without -evp (AES and SHA-256 low-level rows) against an EVP run: the rows pair
  // across the APIs only because neither side has the other API's row, and the 3x of AES is
  // the API (AES_cbc_encrypt has no AES-NI path), not assembly missing from A's build, even
  // with SHA-256 unchanged beside it.
  results::AlgorithmResult aes_low = Algorithm(
      "AES-128-CBC", "cipher",
      {FigureCell("encrypt", 16, 1.5e8, 0.01, 1), FigureCell("encrypt", 16384, 1.6e8, 0.01, 1)});
  aes_low.api = "legacy";
  results::AlgorithmResult sha_low =
      Algorithm("SHA-256", "hash", {FigureCell("hash", 16384, 4e8, 0.01, 1)});
  sha_low.api = "legacy";
  const Side a = MakeSide("A", {aes_low, sha_low});
  const Side b =
      MakeSide("B", {Algorithm("AES-128-CBC", "cipher",
                               {FigureCell("encrypt", 16, 4.6e8, 0.01, 1),
                                FigureCell("encrypt", 16384, 5.1e8, 0.01, 1)}),
                     Algorithm("SHA-256", "hash", {FigureCell("hash", 16384, 4e8, 0.01, 1)})});
  const std::vector<Row> rows = MatchRows(a, b, 0.05);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].algorithm, "AES-128-CBC");
  EXPECT_TRUE(rows[0].a_legacy);
  EXPECT_FALSE(rows[0].b_legacy);
  const Finding headline = PatternFindings(rows, "A", "B", 0.05).front();
  EXPECT_EQ(headline.cause, "legacy-api-not-evp") << headline.text;
  EXPECT_EQ(headline.text.find("assembly missing"), std::string::npos) << headline.text;
  EXPECT_NE(headline.text.find("A's AES-CBC rows are openssl speed 1.x's low-level API rows"),
            std::string::npos)
      << headline.text;
}

}  // namespace
}  // namespace cryptobench::compare
