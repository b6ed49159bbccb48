// Import leftovers of new-user tryout 19 (/work/tryout-19/NOTES.md, item 10 and the session's
// brief): pastes cut down to the lines each defect needs.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "import/import.h"
#include "import/import_test_util.h"

namespace cryptobench::import {
namespace {

// An ECDH table cut at the paste's end (tryout 19, p13-cut.txt): the cut row is recomputed from
// its progress line, ECDH's count / time in op/s, not operations × size / time.
TEST(ImportLeftoversTest, RecomputedPublicKeyFiguresNameOperationsPerTime) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ openssl speed -elapsed ecdhp256 ecdhbrp256r1 ecdhbrp256t1 ecdhx25519\n"
      "You have chosen to measure elapsed time instead of user CPU time.\n"
      "Doing 256 bits  ecdh's for 10s: 227640 256-bits ECDH ops in 10.00s\n"
      "Doing 256 bits  ecdh's for 10s: 23341 256-bits ECDH ops in 10.00s\n"
      "Doing 256 bits  ecdh's for 10s: 24012 256-bits ECDH ops in 10.00s\n"
      "Doing 253 bits  ecdh's for 10s: 302113 253-bits ECDH ops in 10.00s\n"
      "version: 3.1.4\n"
      "                              op      op/s\n"
      " 256 bits ecdh (nistp256)   0.0000s  22764.0\n"
      " 256 bits ecdh (brainpoolP256r1)   0.0004s   2334.1\n"
      " 256 bits ecdh (brainpoolP256t1)   0.00",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_TRUE(HasCaveat(runs[0], "recomputed from those lines (operations / time)"))
      << ::testing::PrintToString(runs[0].source.caveats);
  EXPECT_FALSE(HasCaveat(runs[0], "size / time"));
  // No table at all: the run's caveat names the formula of the kinds it recomputed.
  const std::vector<results::RunResult> pk_only = ImportText(
      "Doing 256 bits  ecdh's for 10s: 227640 256-bits ECDH ops in 10.00s\n"
      "version: 3.1.4\n",
      "paste.txt");
  ASSERT_EQ(pk_only.size(), 1u);
  EXPECT_TRUE(HasCaveat(pk_only[0], "progress lines (operations / time)"))
      << ::testing::PrintToString(pk_only[0].source.caveats);
  const std::vector<results::RunResult> both = ImportText(
      "Doing sha256 for 3s on 16 size blocks: 27521344 sha256's in 3.00s\n"
      "Doing 256 bits  ecdh's for 10s: 227640 256-bits ECDH ops in 10.00s\n"
      "version: 3.1.4\n",
      "paste.txt");
  ASSERT_EQ(both.size(), 1u);
  EXPECT_TRUE(HasCaveat(both[0],
                        "(operations × size / time for the symmetric rows, operations / time for "
                        "the public-key ones)"))
      << ::testing::PrintToString(both[0].source.caveats);
}

std::string LabelOf(const results::RunResult& run) {
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind == "block_label") {
      return fact.value;
    }
  }
  return "";
}

// `openssl speed -bytes 16` times one size (apps/speed.c, 1.1.1 and 3.x: OPT_BYTES sets
// lengths = &lengths_single and size_num = 1), so its table has one column and each row one
// figure. Rows pasted without the table's header were refused: one figure is no row without a
// size list, and the command line's -bytes gives it.
TEST(ImportLeftoversTest, BareRowsOfOneSizeTakeItFromTheCommandsBytes) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ openssl speed -bytes 16 -evp aes-128-cbc sha256\n"
      "aes-128-cbc     393056.79k\n"
      "sha256          146780.50k\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::Cell* aes = FindCell(runs[0], "AES-128-CBC", 16);
  ASSERT_NE(aes, nullptr);
  ASSERT_TRUE(aes->figures.has_value());
  EXPECT_DOUBLE_EQ(aes->figures->bytes_per_s->value, 393056.79e3);
  // The command settles the size: named, not in doubt.
  ASSERT_FALSE(aes->caveats.empty());
  EXPECT_NE(aes->caveats[0].text.find("-bytes 16 (line 1)"), std::string::npos)
      << aes->caveats[0].text;
  EXPECT_FALSE(aes->caveats[0].doubt);
  const results::Cell* sha = FindCell(runs[0], "SHA-256", 16);
  ASSERT_NE(sha, nullptr);
  EXPECT_DOUBLE_EQ(sha->figures->bytes_per_s->value, 146780.50e3);
  // 3.x: the header without its 'type' line.
  const std::vector<results::RunResult> v3 = ImportText(
      "$ openssl speed -seconds 1 -bytes 1400 -evp aes-128-gcm\n"
      "version: 3.0.13\n"
      "built on: Mon Apr  8 10:12:44 2024 UTC\n"
      "AES-128-GCM    5248102.83k\n",
      "paste.txt");
  ASSERT_EQ(v3.size(), 1u);
  ASSERT_NE(FindCell(v3[0], "AES-128-GCM", 1400), nullptr);
  // Without -bytes one figure fixes no size: still not read.
  EXPECT_NE(ImportErrorOf("$ openssl speed -evp aes-128-cbc\naes-128-cbc     393056.79k\n"), "");
}

// OpenSSL 1.x speed prints its version line after the progress lines (stderr) and before its
// table (apps/speed.c: OpenSSL_version(OPENSSL_VERSION) at the start of the results), so a lone
// 1.0.2 version line there is the run's, not a run of its own: it split one run into progress
// figures and the same table's.
TEST(ImportLeftoversTest, A1xVersionLineAfterProgressLinesIsTheRunsHeader) {
  const std::string progress =
      "Doing sha256 for 3s on 16 size blocks: 8253393 sha256's in 2.99s\n"
      "Doing sha256 for 3s on 64 size blocks: 4573129 sha256's in 3.00s\n";
  const std::string table =
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes\n"
      "sha256           44165.31k    97560.08k\n";
  for (const std::string& between : {std::string(), std::string("\n")}) {
    const std::vector<results::RunResult> runs =
        ImportText(progress + "OpenSSL 1.0.2k-fips  26 Jan 2017\n" + between + table, "paste.txt");
    ASSERT_EQ(runs.size(), 1u) << "blank line: " << between.size();
    EXPECT_EQ(runs[0].library.version, "OpenSSL 1.0.2k-fips  26 Jan 2017");
    const results::Cell* cell = FindCell(runs[0], "SHA-256", 16);
    ASSERT_NE(cell, nullptr);
    EXPECT_DOUBLE_EQ(cell->figures->bytes_per_s->value, 44165.31e3);
  }
}

// A short heading ending in ':' right before a build's speed output labels that run, the first
// as well as the second (tryout 19, p33-before-after.txt: MachineLabel wants a digit, so the
// first went unlabelled). Prose and headings that name nothing stay no label.
TEST(ImportLeftoversTest, AShortHeadingBeforeTheFirstTableLabelsItsRun) {
  const std::string build =
      "version: 3.0.13\n"
      "built on: Mon Apr  8 10:12:44 2024 UTC\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes\n";
  const std::vector<results::RunResult> runs =
      ImportText("before patch:\n" + build + "AES-128-GCM     580340.12k  1598304.50k\n\n" +
                     "after patch:\n" + build + "AES-128-GCM     480340.12k  1398304.50k\n",
                 "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(LabelOf(runs[0]), "before patch");
  EXPECT_EQ(LabelOf(runs[1]), "after patch");
  for (const std::string& prose : {std::string("Here are the results:"), std::string("Output:"),
                                   std::string("I ran this on my laptop and got these numbers:")}) {
    const std::vector<results::RunResult> unlabelled =
        ImportText(prose + "\n" + build + "AES-128-GCM     580340.12k  1598304.50k\n", "paste.txt");
    ASSERT_EQ(unlabelled.size(), 1u) << prose;
    EXPECT_EQ(LabelOf(unlabelled[0]), "") << prose;
  }
}

}  // namespace
}  // namespace cryptobench::import
