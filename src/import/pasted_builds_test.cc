// Pastes from tryout 18 (real public reports): two builds' `openssl speed` tables pasted one
// after the other, under labels the authors wrote, must import as two runs, each with its own
// figures; never one run whose repeated rows are renamed "NAME (line N)".
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "import/import.h"
#include "import/import_test_util.h"

namespace cryptobench::import {
namespace {

std::string LabelOf(const results::RunResult& run) {
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind == "block_label") {
      return fact.value;
    }
  }
  return "";
}

double Ops(const results::RunResult& run, const std::string& name, const std::string& op) {
  const results::AlgorithmResult* alg = FindAlgorithm(run, name);
  if (alg == nullptr) {
    return -1;
  }
  for (const results::Cell& cell : alg->cells) {
    if (cell.operation == op && cell.figures) {
      return cell.figures->ops_per_s.value;
    }
  }
  return -1;
}

// openssl/openssl#24254 (tomato42, 2024-08-29): the ECDSA table of a build with and of one
// without -DECP_NISTZ256_REFERENCE_IMPLEMENTATION, each under a label and its own header.
TEST(PastedBuildsTest, RepeatedPublicKeyTableUnderALabelIsAnotherRun) {
  const std::string text =
      "with:\n"
      "```\n"
      "                              sign    verify    sign/s verify/s\n"
      " 256 bits ecdsa (nistp256)   0.0000s   0.0002s  22574.7   6340.0\n"
      " 384 bits ecdsa (nistp384)   0.0019s   0.0014s    539.0    702.0\n"
      "```\n"
      "without:\n"
      "```\n"
      "                              sign    verify    sign/s verify/s\n"
      " 256 bits ecdsa (nistp256)   0.0000s   0.0002s  22651.0   6664.0\n"
      " 384 bits ecdsa (nistp384)   0.0019s   0.0014s    539.0    698.0\n"
      "```\n";
  const std::vector<results::RunResult> runs = ImportText(text, "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_DOUBLE_EQ(Ops(runs[0], "ECDSA-P256", "verify"), 6340.0);
  EXPECT_DOUBLE_EQ(Ops(runs[1], "ECDSA-P256", "verify"), 6664.0);
  EXPECT_DOUBLE_EQ(Ops(runs[1], "ECDSA-P384", "verify"), 698.0);
  EXPECT_EQ(FindAlgorithm(runs[0], "ECDSA-P256 (line 10)"), nullptr);
  EXPECT_EQ(LabelOf(runs[1]), "without");
  EXPECT_FALSE(HasCaveat(runs[0], "Line 7 is no output"));
  // The second table has its header: its rows are not read as headerless.
  for (const results::AlgorithmResult& alg : runs[1].algorithms) {
    for (const results::Cell& cell : alg.cells) {
      EXPECT_TRUE(cell.caveats.empty()) << alg.algorithm;
    }
  }
}

// openssl/openssl#11900 (bernd-edlinger, 2023-05-26): one table, the rows of one branch under
// "OpenSSL-1_1_1-stable:", then those of another under "openssl-3.0".
TEST(PastedBuildsTest, RowsRepeatedUnderOneTypeLineAreAnotherRun) {
  const std::string text =
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "md5              43573.94k    87662.90k   191117.91k   251465.05k   281258.67k   "
      "258517.67k\n"
      "sha1             37646.53k    92188.27k   178838.27k   227958.10k   255513.94k   "
      "258413.91k\n"
      "openssl-3.0\n"
      "md5              19422.70k    53796.22k   141357.57k   228241.75k   271570.26k   "
      "244673.19k\n"
      "sha1             18220.48k    55591.94k   135932.92k   210595.36k   253468.67k   "
      "255726.93k\n";
  const std::vector<results::RunResult> runs = ImportText(text, "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  ASSERT_NE(FindAlgorithm(runs[1], "MD5"), nullptr);
  EXPECT_EQ(FindAlgorithm(runs[0], "MD5 (line 6)"), nullptr);
  EXPECT_EQ(LabelOf(runs[1]), "openssl-3.0");
  const results::Cell& cell = FindAlgorithm(runs[1], "MD5")->cells.front();
  ASSERT_TRUE(cell.figures);
  EXPECT_DOUBLE_EQ(cell.figures->bytes_per_s->value, 19422.70e3);
  EXPECT_EQ(cell.input_len, 16u);
  // The sizes are those of the 'type' line the rows continue: not in doubt.
  for (const results::CellCaveat& caveat : cell.caveats) {
    EXPECT_FALSE(caveat.doubt) << caveat.text;
  }
  EXPECT_FALSE(HasCaveat(runs[0], "'openssl-3.0' stands alone"));
}

// 1.x prints the RSA, DSA and ECDSA tables under the same header line: one run.
TEST(PastedBuildsTest, SameHeaderOverOtherFamiliesStaysOneRun) {
  const std::string text =
      "                  sign    verify    sign/s verify/s\n"
      "rsa 2048 bits 0.000712s 0.000021s   1404.5  47142.2\n"
      "                  sign    verify    sign/s verify/s\n"
      "dsa 2048 bits 0.000229s 0.000208s   4373.5   4805.1\n"
      "                              sign    verify    sign/s verify/s\n"
      " 256 bit ecdsa (nistp256)   0.0000s   0.0001s  29595.5   9167.7\n";
  const std::vector<results::RunResult> runs = ImportText(text, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_NE(FindAlgorithm(runs[0], "RSA-2048"), nullptr);
  EXPECT_NE(FindAlgorithm(runs[0], "ECDSA-P256"), nullptr);
}

}  // namespace
}  // namespace cryptobench::import
