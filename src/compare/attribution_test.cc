// The summary's pattern sentences on constructed rows: each shape the summary names, and the
// cases where it must not name one.
#include "compare/attribution.h"

#include <gtest/gtest.h>

#include "compare/test_util.h"

namespace cryptobench::compare {
namespace {

using testing::MakeRow;

std::vector<Row> Sizes(const std::string& algorithm, const std::string& operation,
                       std::vector<std::pair<uint64_t, double>> ratios, bool single = false) {
  std::vector<Row> rows;
  for (const auto& [size, ratio] : ratios) {
    rows.push_back(MakeRow(algorithm, operation, size, ratio, 0.05, single));
  }
  return rows;
}

void Append(std::vector<Row>& rows, const std::vector<Row>& more) {
  rows.insert(rows.end(), more.begin(), more.end());
}

std::vector<const Row*> Pointers(const std::vector<Row>& rows) {
  std::vector<const Row*> out;
  for (const Row& row : rows) {
    out.push_back(&row);
  }
  return out;
}

TEST(FamilyPatternTest, Shapes) {
  EXPECT_EQ(FamilyPattern({}), Pattern::kUnchanged);
  std::vector<Row> rows = Sizes("AES-128-CBC", "encrypt", {{16, 0.2}, {16384, 0.21}});
  EXPECT_EQ(FamilyPattern(Pointers(rows)), Pattern::kUniformSlower);
  rows = Sizes("AES-128-CBC", "encrypt", {{16, 1.3}, {16384, 1.4}});
  EXPECT_EQ(FamilyPattern(Pointers(rows)), Pattern::kUniformFaster);
  rows = Sizes("AES-128-CBC", "encrypt", {{16, 0.99}, {16384, 1.02}});
  EXPECT_EQ(FamilyPattern(Pointers(rows)), Pattern::kUnchanged);
  rows = Sizes("AES-128-CBC", "encrypt", {{16, 0.5}, {256, 0.8}, {1024, 0.97}, {16384, 1.0}});
  EXPECT_EQ(FamilyPattern(Pointers(rows)), Pattern::kSmallOnlySlower);
  rows = Sizes("AES-128-CBC", "encrypt", {{16, 1.5}, {8192, 1.01}});
  EXPECT_EQ(FamilyPattern(Pointers(rows)), Pattern::kSmallOnlyFaster);
  rows = Sizes("AES-128-CBC", "encrypt", {{16, 0.5}, {16384, 1.5}});
  EXPECT_EQ(FamilyPattern(Pointers(rows)), Pattern::kMixed);
  // Slower at small sizes but the large size also changed: not per-call overhead.
  rows = Sizes("AES-128-CBC", "encrypt", {{16, 0.5}, {1024, 1.0}, {16384, 0.8}});
  EXPECT_EQ(FamilyPattern(Pointers(rows)), Pattern::kMixed);
  // Beyond the threshold with a CI that includes 1: unclear, never uniform.
  rows = {MakeRow("SHA-256", "hash", 16, 0.9, 0.05, false, true),
          MakeRow("SHA-256", "hash", 16384, 1.0)};
  EXPECT_EQ(FamilyPattern(Pointers(rows)), Pattern::kInconclusive);
  rows = {MakeRow("SHA-256", "hash", 16, 0.9, 0.05, false, true),
          MakeRow("SHA-256", "hash", 16384, 0.9)};
  EXPECT_EQ(FamilyPattern(Pointers(rows)), Pattern::kMixed);
}

TEST(PatternFindingsTest, OneGroupUniformlySlowerOthersUnchanged) {
  std::vector<Row> rows;
  Append(rows, Sizes("AES-128-CBC", "encrypt", {{16, 1 / 7.3}, {1024, 1 / 7.2}, {16384, 1 / 7.4}}));
  Append(rows, Sizes("AES-128-GCM", "encrypt", {{16, 1 / 7.3}, {16384, 1 / 7.3}}));
  Append(rows, Sizes("SHA-1", "hash", {{16, 1.0}, {16384, 1.01}}));
  Append(rows, Sizes("SHA-512", "hash", {{16, 0.99}, {16384, 1.0}}));
  Append(rows, {MakeRow("RSA-2048", "sign", 0, 1.01), MakeRow("RSA-2048", "verify", 0, 0.98)});
  const std::vector<Finding> findings = PatternFindings(rows, "A", "B", 0.05);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].id, "pattern");
  EXPECT_EQ(findings[0].text,
            "AES-* 7.3x slower at every size, SHA-* and RSA unchanged: AES assembly missing or "
            "unused in B.");
}

// Tryout 33 c06: two revisions of one microcontroller README, the same code; X25519 and X448
// handshakes/s printed as integers (24 against 22, 7 against 6), RSA and ECDSA the same. A
// change of a tenth names no missing assembly.
TEST(PatternFindingsTest, ASmallUniformChangeNamesNoMissingAssembly) {
  std::vector<Row> rows;
  Append(rows, {MakeRow("X25519", "derive", 0, 22.0 / 24), MakeRow("X448", "derive", 0, 6.0 / 7)});
  Append(rows, {MakeRow("RSA-2048", "sign", 0, 1.0), MakeRow("RSA-2048", "verify", 0, 1.0)});
  const std::vector<Finding> findings = PatternFindings(rows, "A", "B", 0.05);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].text.find("missing or unused in B"), std::string::npos) << findings[0].text;
  EXPECT_NE(findings[0].text.find("cannot tell what changed"), std::string::npos)
      << findings[0].text;
}

TEST(PatternFindingsTest, AFamilyUnchangedBesideItsGroupClearsTheSharedCode) {
  // AES-GCM slower while AES-CBC, which runs the same AES code, is unchanged: the AES code is in
  // use, so the cause named is AES-GCM's own code (its GHASH or stitched path), never "AES".
  std::vector<Row> rows;
  Append(rows, Sizes("AES-128-GCM", "encrypt", {{16, 0.25}, {16384, 0.067}}, true));
  Append(rows, Sizes("AES-128-CBC", "encrypt", {{16, 1.0}, {16384, 1.0}}, true));
  Append(rows, Sizes("SHA-256", "hash", {{16, 1.0}, {16384, 1.0}}, true));
  const std::vector<Finding> findings = PatternFindings(rows, "A", "B", 0.05);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].text,
            "AES-GCM 4.0-14.9x slower at every size (single figures, not testable), AES-CBC and "
            "SHA-2 unchanged: AES-GCM assembly missing or unused in B.");
  // Different libraries: each one's own AES-GCM code, not their AES code.
  const std::vector<Finding> two = PatternFindings(rows, "A", "B", 0.05, true, false);
  ASSERT_FALSE(two.empty());
  EXPECT_NE(two[0].text.find("each one's own AES-GCM code"), std::string::npos) << two[0].text;
}

TEST(PatternFindingsTest, FasterInBPointsAtA) {
  std::vector<Row> rows;
  Append(rows, Sizes("SHA-256", "hash", {{16, 2.0}, {16384, 3.0}}));
  Append(rows, Sizes("AES-128-CBC", "encrypt", {{16, 1.0}, {16384, 1.0}}));
  const std::vector<Finding> findings = PatternFindings(rows, "A", "B", 0.05);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].text,
            "SHA-2 2.0-3.0x faster at every size, AES-CBC unchanged: SHA assembly missing or "
            "unused in A.");
}

TEST(PatternFindingsTest, DifferentTimingBlamesNoCodePath) {
  std::vector<Row> rows;
  Append(rows, {MakeRow("RSA-2048", "sign", 0, 3.0, 0.05, true)});
  Append(rows, Sizes("SHA-256", "hash", {{16, 1.0}}, true));
  const std::vector<Finding> findings = PatternFindings(rows, "A", "B", 0.05, false);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].text,
            "RSA 3.0x faster (single figures, not testable), SHA-2 unchanged: the sides were "
            "timed differently (see below), so this need not be a code path.");
}

// Tryout 24 p42 vs p10: one process in user CPU time against `-multi 4` in wall-clock time,
// 4.0x faster. The -multi sum explains that factor as much as the clock: both are named.
TEST(PatternFindingsTest, DifferentTimingAndMultiNameBoth) {
  std::vector<Row> rows;
  Append(rows, Sizes("AES-128-CBC", "encrypt", {{16, 3.94}, {8192, 3.99}}, true));
  const std::vector<Finding> findings =
      PatternFindings(rows, "A", "B", 0.05, false, true, true, {},
                      {"A one process, B the sum of 4 processes with -multi 4"});
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].text,
            "AES-CBC 4.0x faster at every size (single figures, not testable): the sides were "
            "timed differently and not run like-for-like (A one process, B the sum of 4 "
            "processes with -multi 4; see below), so this need not be a code path.");
  EXPECT_EQ(findings[0].cause, "timing-differs");
}

TEST(PatternFindingsTest, UnstatedClockBlamesNeitherCodeNorTiming) {
  std::vector<Row> rows;
  Append(rows, {MakeRow("RSA-2048", "sign", 0, 3.0, 0.05, true)});
  const std::vector<Finding> findings = PatternFindings(rows, "A", "B", 0.05, false, true, false);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].cause, "");
  EXPECT_NE(findings[0].text.find("cannot tell from this report"), std::string::npos)
      << findings[0].text;
}

TEST(PatternFindingsTest, DifferentLibrariesBlameNoBuild) {
  std::vector<Row> rows;
  Append(rows, Sizes("AES-128-GCM", "encrypt", {{16, 0.5}, {16384, 0.4}}, true));
  Append(rows, Sizes("SHA-256", "hash", {{16, 1.0}, {16384, 1.0}}, true));
  const std::vector<Finding> findings = PatternFindings(rows, "A", "B", 0.05, true, false);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].text.find("missing or unused in B"), std::string::npos) << findings[0].text;
  EXPECT_NE(findings[0].text.find("AES-GCM"), std::string::npos) << findings[0].text;
  EXPECT_NE(findings[0].text.find(": the sides are different libraries, so this is each one's own "
                                  "AES code, not a build option."),
            std::string::npos)
      << findings[0].text;
  // The same rows from one library's two builds do blame B's build.
  const std::vector<Finding> one_library = PatternFindings(rows, "A", "B", 0.05, true, true);
  ASSERT_FALSE(one_library.empty());
  EXPECT_NE(one_library[0].text.find("AES assembly missing or unused in B"), std::string::npos)
      << one_library[0].text;
}

TEST(PatternFindingsTest, SlowerOnlyAtSmallSizesIsPerCallOverhead) {
  std::vector<Row> rows;
  Append(rows,
         Sizes("AES-128-CBC", "encrypt",
               {{16, 0.55}, {64, 0.7}, {256, 0.85}, {1024, 0.97}, {8192, 1.0}, {16384, 1.0}}));
  Append(rows, {MakeRow("RSA-2048", "sign", 0, 1.0)});
  const std::vector<Finding> findings = PatternFindings(rows, "A", "B", 0.05);
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].id, "per-call-overhead");
  EXPECT_EQ(findings[0].text,
            "AES-CBC slower only at <= 256 B (up to 1.8x slower at 16 B), equal at >= 8 KiB: "
            "per-call overhead in B, not the cipher's code path.");
  EXPECT_EQ(findings[1].text, "RSA unchanged (within 5%).");
}

TEST(PatternFindingsTest, SingleFiguresAreMarkedNotTestable) {
  std::vector<Row> rows;
  Append(rows, Sizes("AES-128-CBC", "encrypt", {{16, 0.16}, {16384, 0.156}}, true));
  Append(rows, Sizes("SHA-256", "hash", {{16, 1.01}, {16384, 0.99}}, true));
  const std::vector<Finding> findings = PatternFindings(rows, "A", "B", 0.05);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].text,
            "AES-CBC 6.3x slower at every size (single figures, not testable), SHA-2 unchanged: "
            "AES assembly missing or unused in B.");
}

TEST(PatternFindingsTest, EverythingSlowerBySameFactorPointsAtTheMachine) {
  std::vector<Row> rows;
  Append(rows, Sizes("AES-128-CBC", "encrypt", {{16, 0.5}, {16384, 0.5}}));
  Append(rows, Sizes("SHA-256", "hash", {{16, 0.52}, {16384, 0.51}}));
  Append(rows, {MakeRow("RSA-2048", "sign", 0, 0.49)});
  const std::vector<Finding> findings = PatternFindings(rows, "A", "B", 0.05);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_NE(findings[0].text.find("points to the machine"), std::string::npos) << findings[0].text;
  EXPECT_EQ(findings[0].text.find("assembly"), std::string::npos) << findings[0].text;
}

TEST(PatternFindingsTest, NotSignificantChangesAreInconclusiveNotSlower) {
  std::vector<Row> rows = {MakeRow("SHA-512", "hash", 16, 0.8, 0.05, false, true),
                           MakeRow("SHA-512", "hash", 16384, 0.85, 0.05, false, true)};
  const std::vector<Finding> findings = PatternFindings(rows, "A", "B", 0.05);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].id, "inconclusive");
  EXPECT_EQ(findings[0].text,
            "SHA-2: beyond 5% at some sizes but not significant (the CIs include 1); measure "
            "longer to decide.");
}

TEST(PatternFindingsTest, MixedAndNothingInCommon) {
  std::vector<Row> rows = Sizes("AES-128-GCM", "encrypt", {{16, 0.5}, {16384, 1.5}});
  std::vector<Finding> findings = PatternFindings(rows, "A", "C", 0.05);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].text,
            "AES-GCM: no single pattern (C/A from 0.500 at 16 B to 1.50 at 16 KiB).");

  // Two algorithms of one family: each end names its algorithm.
  rows = Sizes("SHA-256", "hash", {{16, 1.53}});
  Append(rows, Sizes("SHA-512", "hash", {{16, 0.83}}));
  findings = PatternFindings(rows, "A", "B", 0.05);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].text,
            "SHA-2: no single pattern (B/A from 0.830 for SHA-512 at 16 B to 1.53 for SHA-256 at "
            "16 B).");

  Row only_a = MakeRow("AES-128-GCM", "encrypt", 16, 1.0);
  only_a.presence = Presence::kOnlyA;
  findings = PatternFindings({only_a}, "A", "B", 0.05);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].id, "no-common-cells");
}

TEST(PatternFindingsTest, AllUnchanged) {
  std::vector<Row> rows = Sizes("AES-128-GCM", "encrypt", {{16, 0.99}, {16384, 1.01}});
  Append(rows, {MakeRow("Ed25519", "sign", 0, 1.02)});
  const std::vector<Finding> findings = PatternFindings(rows, "A", "B", 0.1);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].text, "No change beyond 10%: AES-GCM and Ed25519 unchanged.");
}

TEST(ChangeTextTest, FactorsAndPercentages) {
  EXPECT_EQ(ChangeText(1 / 7.3), "7.3x slower");
  EXPECT_EQ(ChangeText(0.88), "12% slower");
  EXPECT_EQ(ChangeText(1.8), "1.8x faster");
  EXPECT_EQ(ChangeText(1.04), "4% faster");
  EXPECT_EQ(ChangeText(1.0), "unchanged");
}

}  // namespace
}  // namespace cryptobench::compare
