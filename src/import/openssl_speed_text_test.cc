// Tests of the human-readable openssl speed parser: progress lines of every wording, tables
// with 'k' and plain figures, collapsed spacing, elided rows and malformed rows.
#include "import/openssl_speed_text.h"

#include <gtest/gtest.h>

#include "import/import.h"

namespace cryptobench::import {
namespace {

SpeedEvidence ParseLines(const std::string& text) {
  SpeedEvidence evidence;
  SpeedTextParser parser(&evidence);
  for (const SourceLine& line : CleanPaste(text)) {
    EXPECT_NE(parser.Take(line), Offer::kNewRun) << line.text;
  }
  return evidence;
}

TEST(SpeedTextTest, FiguresWithAndWithoutK) {
  const SpeedEvidence ev = ParseLines(
      "type 16 bytes 64 bytes\n"
      "slowcipher 9876.50 12345.67k\n");
  ASSERT_EQ(ev.sym_rows.size(), 1u);
  EXPECT_EQ(ev.sizes, (std::vector<uint64_t>{16, 64}));
  EXPECT_DOUBLE_EQ(*ev.sym_rows[0].bytes_per_s[0], 9876.50);     // bytes/s
  EXPECT_DOUBLE_EQ(*ev.sym_rows[0].bytes_per_s[1], 12345670.0);  // 1000s of bytes/s
}

TEST(SpeedTextTest, RowNamesWithSpacesAndCollapsedSpacing) {
  const SpeedEvidence ev = ParseLines(
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
      "rc5-32/12 cbc 1.00k 2.00k 3.00k 4.00k 5.00k\n"
      "aes-128 cbc\t97320.44k\t105412.18k 108001.79k 108765.01k 109011.63k\n");
  ASSERT_EQ(ev.sym_rows.size(), 2u);
  EXPECT_EQ(ev.sym_rows[0].name, "rc5-32/12 cbc");
  EXPECT_EQ(ev.sym_rows[1].name, "aes-128 cbc");
  EXPECT_DOUBLE_EQ(*ev.sym_rows[1].bytes_per_s[4], 109011630.0);
}

TEST(SpeedTextTest, ElidedRowKeepsBothEnds) {
  const SpeedEvidence ev = ParseLines(
      "type 16 bytes 64 bytes 256 bytes 1024 bytes\n"
      "sha1 1.00k ... 4.00k\n");
  ASSERT_EQ(ev.sym_rows.size(), 1u);
  const auto& values = ev.sym_rows[0].bytes_per_s;
  EXPECT_DOUBLE_EQ(*values[0], 1000);
  EXPECT_FALSE(values[1].has_value());
  EXPECT_FALSE(values[2].has_value());
  EXPECT_DOUBLE_EQ(*values[3], 4000);
  EXPECT_EQ(ev.notes.size(), 1u);
}

TEST(SpeedTextTest, RowWithTooFewFiguresIsKeptAsCutAndNamed) {
  SpeedEvidence evidence;
  SpeedTextParser parser(&evidence);
  const auto lines = CleanPaste("x\ntype 16 bytes 64 bytes 256 bytes\nsha1 1.00k 2.00k\n");
  parser.Take(lines[1]);
  EXPECT_EQ(parser.Take(lines[2]), Offer::kConsumed);
  parser.Finish();
  ASSERT_EQ(evidence.sym_rows.size(), 1u);
  EXPECT_DOUBLE_EQ(*evidence.sym_rows[0].bytes_per_s[1], 2000);
  EXPECT_FALSE(evidence.sym_rows[0].bytes_per_s[2].has_value());
  ASSERT_EQ(evidence.notes.size(), 1u);
  EXPECT_NE(evidence.notes[0].find("Line 3: the row 'sha1' has 2 of the 3 figures"),
            std::string::npos);
}

TEST(SpeedTextTest, RowWithTooFewFiguresAfterABlankLineEndsTheTable) {
  SpeedEvidence evidence;
  SpeedTextParser parser(&evidence);
  const auto lines =
      CleanPaste("x\ntype 16 bytes 64 bytes 256 bytes\nsha1 1.00k 2.00k 3.00k\n\nmd5 1.00k\n");
  parser.Take(lines[1]);
  parser.Take(lines[2]);
  parser.Take(lines[3]);
  EXPECT_EQ(parser.Take(lines[4]), Offer::kNotMine);
}

TEST(SpeedTextTest, ProseAfterABlankLineEndsTheTable) {
  const SpeedEvidence ev = ParseLines(
      "type 16 bytes 64 bytes\n"
      "sha1 1.00k 2.00k\n"
      "\n"
      "went from 100 to 200 after the update\n");
  EXPECT_EQ(ev.sym_rows.size(), 1u);
}

TEST(SpeedTextTest, PublicKeyTablesOfEveryLayout) {
  const SpeedEvidence ev = ParseLines(
      "                  sign    verify    sign/s verify/s\n"
      "rsa 2048 bits 0.000712s 0.000021s   1404.5  47619.0\n"
      "                   sign    verify    encrypt   decrypt   sign/s verify/s  encr./s  decr./s\n"
      "rsa  4096 bits 0.004000s 0.000060s 0.000061s 0.004100s    250.0  16666.7  16393.4    243.9\n"
      "                              sign    verify    sign/s verify/s\n"
      " 256 bit ecdsa (nistp256)   0.0000s   0.0001s  25641.0  10204.1\n"
      "                              op      op/s\n"
      " 253 bits ecdh (X25519)   0.0000s  30303.0\n"
      "2048 bits ffdh   0.0010s    1000.0\n"
      "                               keygen    encaps    decaps keygens/s  encaps/s  decaps/s\n"
      "                 ML-KEM-512 0.000020s 0.000020s 0.000025s   50000.0   50000.0   40000.0\n");
  ASSERT_EQ(ev.pk_rows.size(), 6u);
  EXPECT_EQ(ev.pk_rows[0].family, PkFamily::kRsa);
  EXPECT_EQ(ev.pk_rows[0].bits, 2048u);
  EXPECT_EQ(ev.pk_rows[0].ops_per_s[1].second, 47619.0);
  EXPECT_EQ(ev.pk_rows[1].ops_per_s.size(), 4u);
  EXPECT_EQ(ev.pk_rows[1].ops_per_s[3].first, "decrypt");
  EXPECT_EQ(ev.pk_rows[2].family, PkFamily::kEcdsa);
  EXPECT_EQ(ev.pk_rows[2].curve, "nistp256");
  EXPECT_EQ(ev.pk_rows[3].family, PkFamily::kEcdh);
  EXPECT_EQ(ev.pk_rows[3].ops_per_s[0].first, "derive");
  EXPECT_EQ(ev.pk_rows[4].family, PkFamily::kFfdh);
  EXPECT_EQ(ev.pk_rows[5].family, PkFamily::kKem);
  EXPECT_EQ(ev.pk_rows[5].curve, "ML-KEM-512");
  EXPECT_EQ(ev.pk_rows[5].ops_per_s[2].first, "decaps");
}

// A row with fewer rates than times is cut: skipped and named at the end of its run, an error
// when a row of its table follows it (damage inside the paste).
TEST(SpeedTextTest, MismatchedTimesAndRatesAreAnErrorInsideTheTable) {
  SpeedEvidence evidence;
  SpeedTextParser parser(&evidence);
  const auto lines = CleanPaste(
      "                  sign    verify    sign/s verify/s\nrsa 2048 bits 0.1s 0.2s 10.0\n"
      "rsa 4096 bits 0.3s 0.4s 3.3 2.5\n");
  parser.Take(lines[0]);
  EXPECT_EQ(parser.Take(lines[1]), Offer::kConsumed);
  EXPECT_THROW(parser.Take(lines[2]), ImportError);
}

TEST(SpeedTextTest, RowCutInsideItsRatesAtTheEndIsSkippedAndNamed) {
  SpeedEvidence evidence;
  SpeedTextParser parser(&evidence);
  const auto lines = CleanPaste(
      "                  sign    verify    sign/s verify/s\nrsa 2048 bits 0.1s 0.2s 10.0\n");
  parser.Take(lines[0]);
  parser.Take(lines[1]);
  parser.Finish();
  EXPECT_TRUE(evidence.pk_rows.empty());
  ASSERT_FALSE(evidence.notes.empty());
  EXPECT_NE(evidence.notes.back().find("Line 2: the public-key row 'rsa 2048 bits' stops"),
            std::string::npos);
}

TEST(SpeedTextTest, BannerEngineAndHeaderAreCollected) {
  const SpeedEvidence ev = ParseLines(
      "Engine \"qatengine\" set.\n"
      "You have chosen to measure elapsed time instead of user CPU time.\n"
      "Doing sha1 for 3s on 16 size blocks: 10 sha1's in 3.00s\n"
      "version: 3.1.4\n"
      "built on: Tue Oct 24 12:00:00 2023 UTC\n"
      "options: bn(64,64)\n"
      "compiler: gcc -O2\n"
      "CPUINFO: OPENSSL_ia32cap=0x1:0x2\n");
  EXPECT_EQ(ev.engine, "qatengine");
  EXPECT_TRUE(ev.elapsed_banner);
  ASSERT_TRUE(ev.header);
  EXPECT_EQ(ev.header->version, "3.1.4");
  EXPECT_EQ(ev.header->cflags, "compiler: gcc -O2");
  EXPECT_EQ(ev.progress.size(), 1u);
}

TEST(SpeedTextTest, ASecondRunStartsAfterTheFirstTable) {
  SpeedEvidence evidence;
  SpeedTextParser parser(&evidence);
  const auto lines = CleanPaste(
      "type 16 bytes\nsha1 1.00k\nDoing sha1 for 3s on 16 size blocks: 10 sha1's in 3.00s\n");
  EXPECT_EQ(parser.Take(lines[0]), Offer::kConsumed);
  EXPECT_EQ(parser.Take(lines[1]), Offer::kConsumed);
  EXPECT_EQ(parser.Take(lines[2]), Offer::kNewRun);
}

}  // namespace
}  // namespace cryptobench::import
