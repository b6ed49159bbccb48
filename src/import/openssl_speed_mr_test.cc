// Tests of the -mr record parser: units by era, +Rn numbering before and after 3.2, -multi.
#include "import/openssl_speed_mr.h"

#include <gtest/gtest.h>

#include "import/import.h"

namespace cryptobench::import {
namespace {

SpeedEvidence ParseRecords(const std::string& text) {
  SpeedEvidence evidence;
  MrState state;
  for (const SourceLine& line : CleanPaste(text)) {
    EXPECT_TRUE(IsMrLine(line.text)) << line.text;
    EXPECT_EQ(TakeMrLine(line, &evidence, &state), Offer::kConsumed) << line.text;
  }
  FinishMr(&evidence, &state);
  return evidence;
}

TEST(SpeedMrTest, SymmetricRecordsUseTheHeaderSizes) {
  const SpeedEvidence ev = ParseRecords(
      "+DT:sha256:3:16\n+R:300:sha256:3.000000\n+H:16:64\n+F:6:sha256:1600.00:6400.50\n");
  EXPECT_EQ(ev.sizes, (std::vector<uint64_t>{16, 64}));
  ASSERT_EQ(ev.sym_rows.size(), 1u);
  EXPECT_DOUBLE_EQ(*ev.sym_rows[0].bytes_per_s[1], 6400.50);
  ASSERT_EQ(ev.progress.size(), 1u);
  EXPECT_EQ(ev.progress[0].input_len, 16u);
  EXPECT_EQ(ev.progress[0].count, 300);
  EXPECT_FALSE(ev.sizes_assumed);
}

TEST(SpeedMrTest, WithoutHeaderTheDefaultSizesAreAssumed) {
  const SpeedEvidence ev = ParseRecords("+F:6:sha256:1:2:3:4:5\n");
  EXPECT_EQ(ev.sizes, (std::vector<uint64_t>{16, 64, 256, 1024, 8192}));
  EXPECT_TRUE(ev.sizes_assumed);
}

TEST(SpeedMrTest, OldReleasesPrintSecondsPerOperation) {
  // 1.0.x: +F5 holds seconds then its inverse; +F2 seconds per sign and verify.
  const SpeedEvidence ev =
      ParseRecords("+F2:2:2048:0.000500:0.000020\n+F5:3:256:0.000100:10000.000000\n");
  EXPECT_TRUE(ev.mr_seconds_units);
  ASSERT_EQ(ev.pk_rows.size(), 2u);
  EXPECT_DOUBLE_EQ(ev.pk_rows[0].ops_per_s[0].second, 2000.0);
  EXPECT_DOUBLE_EQ(ev.pk_rows[0].ops_per_s[1].second, 50000.0);
  EXPECT_DOUBLE_EQ(ev.pk_rows[1].ops_per_s[0].second, 10000.0);
  EXPECT_EQ(ev.pk_rows[1].curve, "nistp256");
}

TEST(SpeedMrTest, NewerReleasesPrintOperationsPerSecond) {
  const SpeedEvidence ev =
      ParseRecords("+F2:2:2048:1500.000000:50000.000000\n+F5:3:256:12000.000000:0.000083\n");
  EXPECT_FALSE(ev.mr_seconds_units);
  EXPECT_DOUBLE_EQ(ev.pk_rows[0].ops_per_s[0].second, 1500.0);
  EXPECT_DOUBLE_EQ(ev.pk_rows[1].ops_per_s[0].second, 12000.0);
}

TEST(SpeedMrTest, UnitsInferredFromMagnitudeAreNoted) {
  const SpeedEvidence ev = ParseRecords("+F2:2:2048:0.000500:0.000020\n");
  EXPECT_TRUE(ev.mr_seconds_units);
  EXPECT_EQ(ev.notes.size(), 1u);
}

TEST(SpeedMrTest, ResultNumbersDifferBeforeAndAfter32) {
  // Without +DTP, +R3 is DSA sign before 3.2 and RSA encrypt from 3.2 (seen by +R13 and up).
  const SpeedEvidence old = ParseRecords("+R3:100:1024:10.00\n");
  ASSERT_EQ(old.progress.size(), 1u);
  EXPECT_EQ(old.progress[0].family, PkFamily::kDsa);
  EXPECT_EQ(old.progress[0].operation, "sign");
  const SpeedEvidence recent = ParseRecords("+R15:400:ML-KEM-768:10.00\n+R3:100:2048:10.00\n");
  ASSERT_EQ(recent.progress.size(), 2u);
  EXPECT_EQ(recent.progress[0].family, PkFamily::kKem);
  EXPECT_EQ(recent.progress[0].name, "ML-KEM-768");
  EXPECT_EQ(recent.progress[1].family, PkFamily::kRsa);
  EXPECT_EQ(recent.progress[1].operation, "encrypt");
  // A +DTP record names the operation whatever the number.
  const SpeedEvidence named = ParseRecords("+DTP:2048:public:rsa encrypt:10\n+R3:7:2048:10.00\n");
  EXPECT_EQ(named.progress[0].operation, "encrypt");
  EXPECT_EQ(named.progress[0].requested_seconds, 10);
}

TEST(SpeedMrTest, KemAndSignatureRecordsTakeTheirNamesFromTheResults) {
  const SpeedEvidence ev = ParseRecords(
      "+DTP:ML-KEM-512:keygen:10\n+R15:100:ML-KEM-512:10.00\n"
      "+DTP:ML-DSA-44:signs:10\n+R19:50:ML-DSA-44:10.00\n"
      "+F9:4:10.000000:20.000000:30.000000\n+F10:7:1.000000:2.000000:3.000000\n");
  ASSERT_EQ(ev.pk_rows.size(), 2u);
  EXPECT_EQ(ev.pk_rows[0].curve, "ML-KEM-512");
  EXPECT_EQ(ev.pk_rows[0].ops_per_s[1].first, "encaps");
  EXPECT_EQ(ev.pk_rows[1].curve, "ML-DSA-44");
  EXPECT_EQ(ev.pk_rows[1].ops_per_s[1].first, "sign");
  EXPECT_EQ(ev.progress[1].operation, "sign");
}

TEST(SpeedMrTest, MultiEchoesGoToTheChildren) {
  const SpeedEvidence ev = ParseRecords(
      "Got: +H:16 from 0\nGot: +F:22:sha1:100.00 from 0\nGot: +H:16 from 1\n"
      "Got: +F:22:sha1:110.00 from 1\n+H:16\n+F:22:sha1:210.00\n");
  EXPECT_EQ(ev.max_child, 1);
  EXPECT_EQ(ev.child_sym_rows.size(), 2u);
  EXPECT_EQ(ev.child_sym_rows[1].child, 1);
  ASSERT_EQ(ev.sym_rows.size(), 1u);
  EXPECT_DOUBLE_EQ(*ev.sym_rows[0].bytes_per_s[0], 210.0);
}

TEST(SpeedMrTest, MalformedRecordsNameTheLine) {
  SpeedEvidence evidence;
  MrState state;
  const auto lines = CleanPaste("+H:16:64\n+F:1:sha1:1.0:x\nGot: +F:1 from\n+F2:1:2048:1.0\n");
  EXPECT_EQ(TakeMrLine(lines[0], &evidence, &state), Offer::kConsumed);
  for (size_t i = 1; i < lines.size(); ++i) {
    try {
      TakeMrLine(lines[i], &evidence, &state);
      FAIL() << lines[i].text;
    } catch (const ImportError& e) {
      EXPECT_EQ(e.line(), i + 1);
    }
  }
}

TEST(SpeedMrTest, ProgressAfterFinalFiguresStartsANewRun) {
  SpeedEvidence evidence;
  MrState state;
  const auto lines = CleanPaste("+H:16\n+F:1:sha1:1.0\n+DT:sha1:3:16\n");
  TakeMrLine(lines[0], &evidence, &state);
  TakeMrLine(lines[1], &evidence, &state);
  EXPECT_EQ(TakeMrLine(lines[2], &evidence, &state), Offer::kNewRun);
}

}  // namespace
}  // namespace cryptobench::import
