// Rows pasted without their 'type ... bytes' line on both sides, read under the same assumed
// sizes: each row pairs one column of two tables laid out alike, so its ratio and the trend of
// the ratios across the columns are judged; the doubt of the sizes is named once in the summary.
#include <sstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compare/compare.h"
#include "compare/format.h"
#include "compare/render.h"
#include "compare/test_util.h"

namespace cryptobench::compare {
namespace {

using testing::AllText;
using testing::FindingOf;
using ::testing::HasSubstr;
using ::testing::Not;
using testing::PasteSide;

// Tryout 32 D11 (c04): https://github.com/openssl/openssl/issues/20998 (2023-05-18), one
// machine's OpenSSL 1.1.1t and 3.1.0 digest rows as pasted, without the 'type' line (three of
// the five rows kept). 3.x loses at the small sizes and is even at 8-16 KiB: its per-call
// provider and fetch cost, not the digests' code.
const std::string k111t =
    "1.1.1t:\n"
    "```\n"
    "md5              59938.36k   151965.12k   294799.79k   384826.71k   423436.29k   426404.52k\n"
    "sha1             98267.04k   306861.85k   726118.74k  1101284.35k  1294349.65k  1311997.95k\n"
    "sha256           70298.92k   186744.51k   364388.35k   479638.87k   527955.29k   531841.02k\n"
    "```\n";
const std::string k310 =
    "3.1.0\n"
    "```\n"
    "md5              28554.21k    89840.38k   219893.42k   346019.16k   417054.72k   422832.81k\n"
    "sha1             35683.24k   129986.05k   401591.04k   845845.85k  1239425.02k  1281512.79k\n"
    "sha256           31546.25k   102095.36k   259823.87k   423469.06k   518458.03k   526407.00k\n"
    "```\n";
const std::string kTypeLine =
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n";

TEST(AssumedSizesTest, BothSidesHeaderlessUnderOneSizeListAreJudgedByColumn) {
  const CompareReport report = Compare({PasteSide("A", k111t), PasteSide("B", k310)}, {});
  const std::string all = AllText(report);
  size_t judged = 0;
  for (const Row& row : report.pairs.at(0).rows) {
    ASSERT_EQ(row.presence, Presence::kBoth) << row.algorithm;
    EXPECT_NE(row.verdict, Verdict::kCannotTell) << row.algorithm << " " << row.input_len;
    // The doubt is stated once, in the summary, not in each row's verdict.
    EXPECT_THAT(VerdictText(row, 0.05), Not(HasSubstr("'type ... bytes'")));
    ++judged;
  }
  EXPECT_EQ(judged, 18u);
  const Finding* overhead = FindingOf(report, "per-call-overhead");
  ASSERT_NE(overhead, nullptr) << all;
  EXPECT_THAT(overhead->text, HasSubstr("per-call overhead in B"));
  EXPECT_THAT(overhead->text, HasSubstr("sizes inferred"));
  const Finding* assumed = FindingOf(report, "assumed-sizes");
  ASSERT_NE(assumed, nullptr) << all;
  EXPECT_THAT(assumed->text, HasSubstr("18 compared cells were read from rows that A and B pasted "
                                       "without their 'type ... bytes' line"));
  EXPECT_THAT(assumed->text, HasSubstr("16, 64, 256, 1024, 8192 and 16384 bytes"));
  EXPECT_THAT(assumed->text, HasSubstr("inferred, not read"));
  EXPECT_EQ(FindingOf(report, "cannot-tell"), nullptr) << all;
  // A cost in ns per call needs each figure's size in bytes: none is fitted.
  EXPECT_EQ(FindingOf(report, "cost-fit"), nullptr) << all;
}

TEST(AssumedSizesTest, OneSideWithItsTypeLineStillCannotTell) {
  // A's sizes are read, B's assumed: nothing shows that B's columns are A's.
  const std::string a_with_header =
      "1.1.1t:\n" + kTypeLine + k111t.substr(std::string("1.1.1t:\n```\n").size());
  const CompareReport report = Compare({PasteSide("A", a_with_header), PasteSide("B", k310)}, {});
  for (const Row& row : report.pairs.at(0).rows) {
    EXPECT_EQ(row.verdict, Verdict::kCannotTell) << row.algorithm << " " << row.input_len;
  }
  EXPECT_EQ(FindingOf(report, "assumed-sizes"), nullptr) << AllText(report);
  EXPECT_EQ(FindingOf(report, "per-call-overhead"), nullptr) << AllText(report);
}

// Tryout 33 D4 (c01): wolfSSL pull request 1226's before/after rows
// (https://github.com/wolfSSL/wolfssl/pull/1226, toddouska, 2017-11-14), pasted without the
// wolfCrypt banner that gives the block size. Every row, AES-192-GCM (not in the catalogue)
// included, compares throughput at a size shown as unknown, never "0 B" or ops/s.
TEST(AssumedSizesTest, WolfcryptRowsWithoutTheirBlockSizeCompareThroughputAtAnUnknownSize) {
  const std::string before =
      "AES-128-GCM-enc   2610 MB took 1.001 seconds, 2608.563 MB/s Cycles per byte =   0.91\n"
      "AES-192-GCM-enc   2365 MB took 1.002 seconds, 2361.203 MB/s Cycles per byte =   1.01\n";
  const std::string after =
      "AES-128-GCM-enc   2715 MB took 1.001 seconds, 2712.421 MB/s Cycles per byte =   0.88\n"
      "AES-192-GCM-enc   2330 MB took 1.001 seconds, 2327.291 MB/s Cycles per byte =   1.02\n";
  const CompareReport report = Compare({PasteSide("A", before), PasteSide("B", after)}, {});
  ASSERT_EQ(report.pairs.at(0).rows.size(), 2u);
  for (const Row& row : report.pairs.at(0).rows) {
    EXPECT_TRUE(row.symmetric) << row.algorithm;
    EXPECT_EQ(row.input_len, 0u) << row.algorithm;
    ASSERT_EQ(row.presence, Presence::kBoth) << row.algorithm;
    EXPECT_NEAR(row.a->value / 1e6, row.algorithm == "AES-128-GCM" ? 2735.3 : 2475.9, 0.1);
  }
  for (CompareFormat format : {CompareFormat::kTable, CompareFormat::kMarkdown}) {
    std::ostringstream out;
    RenderCompare(report, format, out);
    EXPECT_THAT(out.str(), Not(HasSubstr(" 0 B"))) << out.str();
    EXPECT_THAT(out.str(), Not(HasSubstr("ops/s single figure"))) << out.str();
    EXPECT_THAT(out.str(), HasSubstr("unknown size")) << out.str();
  }
}

}  // namespace
}  // namespace cryptobench::compare
