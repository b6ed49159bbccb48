// Tests of splitting openssl speed records that a paste ran together on one line.
#include "import/run_together.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "import/import.h"
#include "import/import_test_util.h"

namespace cryptobench::import {
namespace {

constexpr const char* kTwoProgress =
    "Doing aes-256 cbc for 3s on 16 size blocks: 32031981 aes-256 cbc's in 3.00sDoing aes-256 "
    "cbc for 3s on 64 size blocks: 8600000 aes-256 cbc's in 2.99s";

std::vector<std::string> Texts(const std::vector<SourceLine>& lines) {
  std::vector<std::string> out;
  for (const SourceLine& line : lines) {
    out.push_back(line.text);
  }
  return out;
}

TEST(RunTogetherTest, ProgressRecordsRunTogetherBecomeOneLineEach) {
  std::vector<CleanupNote> notes;
  const std::vector<SourceLine> lines = CleanPaste(std::string("intro\n") + kTwoProgress, &notes);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[1].text,
            "Doing aes-256 cbc for 3s on 16 size blocks: 32031981 aes-256 cbc's in 3.00s");
  EXPECT_EQ(lines[2].text,
            "Doing aes-256 cbc for 3s on 64 size blocks: 8600000 aes-256 cbc's in 2.99s");
  EXPECT_EQ(lines[1].number, 2u);
  EXPECT_EQ(lines[2].number, 2u);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].line, 2u);
  EXPECT_EQ(notes[0].text,
            "Line 2 holds 2 records of openssl speed output run together (the paste lost their "
            "line breaks); they are read as 2 lines.");
}

// "user@host:~$ openssl speed aes-128-cbcDoing ...": the output began on the prompt's line.
TEST(RunTogetherTest, OutputOnThePromptLineLeavesTheCommandALineOfItsOwn) {
  std::vector<CleanupNote> notes;
  const std::vector<SourceLine> lines = CleanPaste(
      "user@host:~$ openssl speed aes-128-cbcDoing aes-128 cbc for 3s on 16 size blocks: 100 "
      "aes-128 cbc's in 3.00s Doing aes-128 cbc for 3s on 64 size blocks:",
      &notes);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].kind, LineKind::kCommand);
  EXPECT_EQ(lines[0].text, "openssl speed aes-128-cbc");
  EXPECT_EQ(lines[1].kind, LineKind::kText);
  EXPECT_EQ(lines[2].text, "Doing aes-128 cbc for 3s on 64 size blocks:");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].text.find("holds the command and 2 records"), std::string::npos);
}

TEST(RunTogetherTest, MrRecordsAreSplitAtEachRecord) {
  const std::vector<SourceLine> lines = CleanPaste(
      "+DT:md5:3:16+R:1000:md5:3.00 +DT:md5:3:64+R:900:md5:3.00+H:16:64+F:0:md5:5333."
      "33:19200.00");
  EXPECT_EQ(Texts(lines),
            (std::vector<std::string>{"+DT:md5:3:16", "+R:1000:md5:3.00", "+DT:md5:3:64",
                                      "+R:900:md5:3.00", "+H:16:64", "+F:0:md5:5333.33:19200.00"}));
}

// The version lines, the banner and the table with single spaces, as a forum shows a paste
// whose line breaks it dropped.
TEST(RunTogetherTest, VersionLinesBannerAndTableAreSplit) {
  const std::vector<SourceLine> lines = CleanPaste(
      "Doing md5 for 3s on 16 size blocks: 1000 md5's in 3.00s OpenSSL 1.1.1-dev xx XXX xxxx "
      "built on: reproducible build, date unspecified options:bn(64,64) rc4(16x,int) compiler: "
      "gcc -DOPENSSLDIR=\"\\\"/usr/lib/ssl\\\"\" -O3 The 'numbers' are in 1000s of bytes per "
      "second processed. type 16 bytes 64 bytes md5 5.33 20000.00k des ede3 1234.56k 1300.00k");
  EXPECT_EQ(Texts(lines), (std::vector<std::string>{
                              "Doing md5 for 3s on 16 size blocks: 1000 md5's in 3.00s",
                              "OpenSSL 1.1.1-dev xx XXX xxxx",
                              "built on: reproducible build, date unspecified",
                              "options:bn(64,64) rc4(16x,int)",
                              "compiler: gcc -DOPENSSLDIR=\"\\\"/usr/lib/ssl\\\"\" -O3",
                              "The 'numbers' are in 1000s of bytes per second processed.",
                              "type 16 bytes 64 bytes",
                              "md5 5.33 20000.00k",
                              "des ede3 1234.56k 1300.00k",
                          }));
}

// Lines pasted with their breaks are left alone, and nothing is noted.
TEST(RunTogetherTest, AnOrdinaryPasteIsNotSplit) {
  const std::string paste =
      "$ openssl speed -evp aes-128-cbc\n"
      "Doing aes-128-cbc for 3s on 16 size blocks: 123 aes-128-cbc's in 3.00s\n"
      "OpenSSL 3.0.2 15 Mar 2022 (Library: OpenSSL 3.0.2 15 Mar 2022)\n"
      "built on: built on: Mon Feb  5 17:27:00 2024 UTC\n"
      "compiler: gcc -fPIC -DOPENSSLDIR=\"\\\"/usr/lib/ssl\\\"\" -DENGINESDIR=\"x\"\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes\n"
      "AES-128-CBC        656.00\n"
      "+DT:md5:3:16\n"
      "Got: +F:0:md5:5333.33 from 0\n";
  std::vector<CleanupNote> notes;
  const std::vector<SourceLine> lines = CleanPaste(paste, &notes);
  EXPECT_EQ(lines.size(), 10u);
  EXPECT_TRUE(notes.empty());
}

// Prose that mentions "Doing ", two progress starts without the first one's result, a command
// other than openssl's, and a public-key table whose rows have numbers in their names: each
// line stays as it is.
TEST(RunTogetherTest, AmbiguousLinesStayAsTheyAre) {
  const std::vector<std::string> kept = {
      "I was Doing aes-128 cbc for 3s on 16 size blocks: 100 aes-128 cbc's in 3.00s",
      "Doing it again: Doing aes-128 cbc for 3s on 16 size blocks: 100 aes-128 cbc's in 3.00s",
      "Doing md5 for 3s on 64 size blocks: Doing md5 for 3s on 256 size blocks: 42 md5's in 3.00s",
      "Doing md5 for 3s on 16 size blocks: 1000 md5's in 3.00s and then Doing md5 for 3s on 64 "
      "size blocks: 900 md5's in 3.00s",
      "The 'numbers' are in 1000s of bytes per second processed. type 16 bytes rsa 2048 bits "
      "0.000123s",
      "The 'numbers' are in 1000s of bytes per second processed. type 16 bytes 64 bytes md5 "
      "5.33k 20000.00k 1.00k",
  };
  for (const std::string& text : kept) {
    std::vector<CleanupNote> notes;
    const std::vector<SourceLine> lines = CleanPaste(text, &notes);
    ASSERT_EQ(lines.size(), 1u) << text;
    EXPECT_EQ(lines[0].text, text);
    EXPECT_TRUE(notes.empty()) << text;
  }
  std::vector<CleanupNote> notes;
  const std::vector<SourceLine> echo = CleanPaste(
      "$ echo Doing aes-128 cbc for 3s on 16 size blocks: 100 aes-128 cbc's in 3.00s", &notes);
  ASSERT_EQ(echo.size(), 1u);
  EXPECT_EQ(echo[0].kind, LineKind::kCommand);
  EXPECT_TRUE(notes.empty());
}

// Imported: every progress record gives its cell, and the run says the line was split.
TEST(RunTogetherTest, ImportReadsEveryRecordAndCaveatsTheSplit) {
  const std::vector<results::RunResult> runs = ImportText(
      "root@vm:/proc# openssl speed aes-256-cbc " + std::string(kTwoProgress) +
          " OpenSSL 1.1.1-dev xx XXX xxxx built on: reproducible build, date unspecified\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::AlgorithmResult* alg = FindAlgorithm(runs[0], "AES-256-CBC");
  ASSERT_NE(alg, nullptr);
  ASSERT_EQ(alg->cells.size(), 2u);
  EXPECT_EQ(alg->cells[0].input_len, 16u);
  EXPECT_DOUBLE_EQ(alg->cells[0].figures->bytes_per_s->value, 32031981.0 * 16 / 3.00);
  EXPECT_EQ(alg->cells[1].input_len, 64u);
  EXPECT_DOUBLE_EQ(alg->cells[1].figures->bytes_per_s->value, 8600000.0 * 64 / 2.99);
  EXPECT_TRUE(HasCaveat(runs[0],
                        "Line 1 holds the command and 4 records of openssl speed "
                        "output run together"));
  EXPECT_NE(runs[0].library.version.find("1.1.1-dev"), std::string::npos);
}

// A line that is no run-together output imports, or is refused, as before.
TEST(RunTogetherTest, ProseWithDoingInsideIsRefusedAsBefore) {
  EXPECT_NE(ImportErrorOf("we tried Doing aes-128 cbc for 3s on 16 size blocks: 1 aes-128 cbc's "
                          "in 3.00sDoing it twice\n"),
            "");
}

// Public-key tables whose line breaks a forum squashed with the spaces (apps/speed.c prints
// "%18ssign    verify    sign/s verify/s" and "rsa %4u bits %8.6fs %8.6fs %8.1f %8.1f" per
// row; "op      op/s" and "%4u bits ecdh (%s) %8.4fs %8.1f"): the header and each row become a
// line of their own, rows without their header too; every figure is the one printed.
TEST(RunTogetherTest, PublicKeyTablesRunTogetherAreSplitByTheirFigures) {
  std::vector<CleanupNote> notes;
  const std::vector<SourceLine> lines = CleanPaste(
      "sign verify sign/s verify/s rsa 2048 bits 0.000123s 0.000004s 8130.1 250000.0 rsa 4096 "
      "bits 0.001234s 0.000020s 810.4 50000.0 op op/s 256 bits ecdh (nistp256) 0.0001s 15000.0\n"
      "rsa 1024 bits 0.000050s 0.000003s 20000.0 333333.3 rsa 3072 bits 0.000400s 0.000008s "
      "2500.0 125000.0\n",
      &notes);
  EXPECT_EQ(Texts(lines),
            (std::vector<std::string>{"sign verify sign/s verify/s",
                                      "rsa 2048 bits 0.000123s 0.000004s 8130.1 250000.0",
                                      "rsa 4096 bits 0.001234s 0.000020s 810.4 50000.0", "op op/s",
                                      "256 bits ecdh (nistp256) 0.0001s 15000.0",
                                      "rsa 1024 bits 0.000050s 0.000003s 20000.0 333333.3",
                                      "rsa 3072 bits 0.000400s 0.000008s 2500.0 125000.0"}));
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_EQ(notes[1].line, 2u);

  // A single row, and rows that do not split evenly, stay as they are.
  for (const std::string& text :
       {std::string("rsa 2048 bits 0.000123s 0.000004s 8130.1 250000.0"),
        std::string("rsa 2048 bits 0.000123s 0.000004s 8130.1 rsa 4096 bits 0.001234s 810.4"),
        std::string("we saw 2.5s and 3 things")}) {
    std::vector<CleanupNote> none;
    EXPECT_EQ(Texts(CleanPaste(text, &none)), std::vector<std::string>{text});
    EXPECT_TRUE(none.empty()) << text;
  }

  const std::vector<results::RunResult> runs = ImportText(
      "OpenSSL 1.1.1f  31 Mar 2020\n"
      "sign verify sign/s verify/s rsa 2048 bits 0.000123s 0.000004s 8130.1 250000.0 rsa 4096 "
      "bits 0.001234s 0.000020s 810.4 50000.0\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::AlgorithmResult* rsa = FindAlgorithm(runs[0], "RSA-4096");
  ASSERT_NE(rsa, nullptr);
  ASSERT_EQ(rsa->cells.size(), 2u);
  EXPECT_DOUBLE_EQ(rsa->cells[0].figures->ops_per_s.value, 810.4);
  EXPECT_DOUBLE_EQ(rsa->cells[1].figures->ops_per_s.value, 50000.0);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 2 holds 3 records of openssl speed output run together"));
}

}  // namespace
}  // namespace cryptobench::import
