// End-to-end tests of pastes damaged on their way into a bug report: lines cut by the terminal,
// rows deleted, environment set outside the command, text around a JSON result, escape
// sequences. Each must import whole or fail with one FILE:LINE error, never lose data silently.
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "import/import.h"
#include "import/import_test_util.h"
#include "import/paste_cleanup.h"
#include "support/golden.h"

namespace cryptobench::import {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const std::string kDataDir = CRYPTOBENCH_TEST_DATA_DIR;

std::string ReadFixture(const std::string& name) {
  return cryptobench::testing::ReadTestFile(kDataDir + "/fixtures/import/" + name);
}

std::vector<results::RunResult> ImportFixture(const std::string& name) {
  return ImportText(ReadFixture(name), "fixtures/import/" + name);
}

// `text` without its lines that start with `prefix`.
std::string WithoutLinesStartingWith(const std::string& text, const std::string& prefix) {
  std::string out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    end = end == std::string::npos ? text.size() : end + 1;
    const std::string line = text.substr(start, end - start);
    if (line.rfind(prefix, 0) != 0) {
      out += line;
    }
    start = end;
  }
  return out;
}

// `openssl speed -evp aes-128-cbc` (3.0) through `fold -w 80`: the 'type' line is cut inside
// "16384".
constexpr const char* kCutTypeLine =
    "$ openssl speed -evp aes-128-cbc\n"
    "version: 3.0.19\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  1\n"
    "6384 bytes\n"
    "AES-128-CBC     955936.02k  2338244.10k  5780278.27k  8275996.85k 9629561.11k 9388636.61k\n";

TEST(ImportRobustTest, TypeLineCutInsideALabelIsRejoined) {
  const std::vector<results::RunResult> runs = ImportText(kCutTypeLine, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  ASSERT_EQ(runs[0].algorithms.size(), 1u);
  EXPECT_EQ(runs[0].method.input_sizes, (std::vector<uint64_t>{16, 64, 256, 1024, 8192, 16384}));
  const results::AlgorithmResult& alg = runs[0].algorithms[0];
  ASSERT_EQ(alg.cells.size(), 6u);
  EXPECT_EQ(alg.cells[5].input_len, 16384u);
  EXPECT_DOUBLE_EQ(alg.cells[5].figures->bytes_per_s->value, 9388636610.0);
}

TEST(ImportRobustTest, TypeLineCutBetweenLabelsIsRejoined) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ openssl speed -evp aes-128-cbc\n"
      "type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes\n"
      "16384 bytes\n"
      "AES-128-CBC 1.00k 2.00k 3.00k 4.00k 5.00k 6.00k\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  ASSERT_EQ(runs[0].algorithms.size(), 1u);
  EXPECT_EQ(runs[0].algorithms[0].cells.size(), 6u);
}

TEST(ImportRobustTest, CutTypeLineThatCannotBeRejoinedIsAnError) {
  const std::string error = ImportErrorOf(
      "$ openssl speed -evp aes-128-cbc\n"
      "type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes  1\n"
      "AES-128-CBC 1.00k 2.00k 3.00k 4.00k 5.00k 6.00k\n");
  EXPECT_THAT(error, HasSubstr("paste.txt:2: expected a 'type' line of sizes"));
}

// The last bytes/s of the AES-128-CBC row of `run`, or -1.
double LastAesCbcFigure(const results::RunResult& run) {
  const results::AlgorithmResult* alg = FindAlgorithm(run, "AES-128-CBC");
  if (alg == nullptr || alg->cells.empty() || !alg->cells.back().figures->bytes_per_s) {
    return -1;
  }
  return alg->cells.back().figures->bytes_per_s->value;
}

TEST(ImportRobustTest, FigureCutAtTheLineEndIsRejoinedAndNamed) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ openssl speed -evp aes-128-cbc\n"
      "type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes 16384 bytes\n"
      "AES-128-CBC 1.00k 2.00k 3.00k 4.00k 5.00k 6\n"
      "00.00k\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(LastAesCbcFigure(runs[0]), 600000);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 3: the row 'AES-128-CBC' ends on line 4"));
}

TEST(ImportRobustTest, RowWrappedAfterItsNameIsJoinedAndNamed) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ openssl speed -evp aes-128-cbc\n"
      "type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes 16384 bytes\n"
      "AES-128-CBC\n"
      "    1.00k 2.00k 3.00k 4.00k 5.00k 6.00k\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(LastAesCbcFigure(runs[0]), 6000);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 3: the row 'AES-128-CBC' continues on line 4"));
}

TEST(ImportRobustTest, RowWrappedAfterItsFifthFigureIsJoinedAndNamed) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ openssl speed -evp aes-128-cbc\n"
      "type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes 16384 bytes\n"
      "AES-128-CBC 1.00k 2.00k 3.00k 4.00k 5.00k\n"
      "    6.00k\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(LastAesCbcFigure(runs[0]), 6000);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 3: the row 'AES-128-CBC' continues on line 4"));
}

TEST(ImportRobustTest, FiguresWithoutANameAreNamedNotImported) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ openssl speed -evp aes-128-cbc\n"
      "type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes 16384 bytes\n"
      "AES-128-CBC 1.00k 2.00k 3.00k 4.00k 5.00k 6.00k\n"
      "7.00k 8.00k\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(LastAesCbcFigure(runs[0]), 6000);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 4: 2 figures without an algorithm name"));
}

TEST(ImportRobustTest, RowCutShortKeepsItsFiguresAndNamesTheLine) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ openssl speed -evp aes-128-cbc\n"
      "type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes 16384 bytes\n"
      "AES-128-CBC 1.00k 2.00k 3.00k 4.00k\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::AlgorithmResult* alg = FindAlgorithm(runs[0], "AES-128-CBC");
  ASSERT_NE(alg, nullptr);
  EXPECT_EQ(alg->cells.size(), 4u);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 3: the row 'AES-128-CBC' has 4 of the 6 figures"));
}

TEST(ImportRobustTest, TableRowWithoutTypeLineIsReadForTheDefaultSizesAndNamed) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ openssl speed -evp aes-128-cbc\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "AES-128-CBC 955936.02k 2338244.10k 5780278.27k 8275996.85k 9629561.11k 9388636.61k\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::AlgorithmResult* alg = FindAlgorithm(runs[0], "AES-128-CBC");
  ASSERT_NE(alg, nullptr);
  ASSERT_EQ(alg->cells.size(), 6u);
  EXPECT_EQ(alg->cells.front().input_len, 16u);
  EXPECT_EQ(alg->cells.back().input_len, 16384u);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 3: a table row without its 'type ... bytes' line"));
}

TEST(ImportRobustTest, TableRowWithoutTypeLineOfAnOddWidthIsNamedNotImported) {
  const std::string error = ImportErrorOf(
      "$ openssl speed -evp aes-128-cbc\n"
      "AES-128-CBC 955936.02k 2338244.10k 5780278.27k 8275996.85k\n");
  EXPECT_THAT(error, HasSubstr("paste.txt:2: expected figures; a table row without its 'type"));
}

// The sha256 row deleted from the table: its six progress lines still measured it.
TEST(ImportRobustTest, RowOnlyInProgressLinesIsRecomputedAndNamed) {
  const std::string full = ReadFixture("version-then-speed.txt");
  const std::string dropped = WithoutLinesStartingWith(full, "sha256 ");
  ASSERT_NE(dropped, full);
  const std::vector<results::RunResult> before = ImportText(full, "full.txt");
  const std::vector<results::RunResult> after = ImportText(dropped, "paste.txt");
  ASSERT_EQ(before.size(), 1u);
  ASSERT_EQ(after.size(), 1u);
  const results::AlgorithmResult* table = FindAlgorithm(before[0], "SHA-256");
  const results::AlgorithmResult* progress = FindAlgorithm(after[0], "SHA-256");
  ASSERT_NE(table, nullptr);
  ASSERT_NE(progress, nullptr);
  ASSERT_EQ(progress->cells.size(), table->cells.size());
  for (size_t i = 0; i < table->cells.size(); ++i) {
    EXPECT_EQ(progress->cells[i].input_len, table->cells[i].input_len);
    // openssl's table rounds to 0.01k; the recomputed figure is within 1% of it.
    EXPECT_NEAR(progress->cells[i].figures->bytes_per_s->value,
                table->cells[i].figures->bytes_per_s->value,
                table->cells[i].figures->bytes_per_s->value * 0.01);
  }
  EXPECT_TRUE(HasCaveat(after[0], "Row 'sha256' is not in the results table"));
  EXPECT_FALSE(HasCaveat(before[0], "not in the results table"));
}

// `text` with its compiler line cut every `width` characters, as `fold -w` cuts it.
std::string WithCompilerLineFolded(const std::string& text, size_t width) {
  const size_t start = text.find("\ncompiler: ") + 1;
  const size_t end = text.find('\n', start);
  std::string folded;
  for (size_t i = start; i < end; i += width) {
    folded += text.substr(i, std::min(width, end - i)) + "\n";
  }
  return text.substr(0, start) + folded + text.substr(end + 1);
}

TEST(ImportRobustTest, CompilerLineCutByTheTerminalIsJoinedWhole) {
  const std::string full = ReadFixture("openssl-1.1.1-evp.txt");
  const std::vector<results::RunResult> before = ImportText(full, "full.txt");
  ASSERT_FALSE(before[0].library.cflags.empty());
  for (const size_t width : {80u, 81u, 100u}) {
    const std::string cut = WithCompilerLineFolded(full, width);
    ASSERT_NE(cut, full);
    const std::vector<results::RunResult> after = ImportText(cut, "paste.txt");
    ASSERT_EQ(after.size(), before.size()) << width;
    EXPECT_EQ(after[0].library.cflags, before[0].library.cflags) << width;
    EXPECT_EQ(after[0].algorithms.size(), before[0].algorithms.size()) << width;
  }
}

TEST(ImportRobustTest, ShortLineAfterCompilerLineIsNotJoined) {
  const std::vector<SourceLine> lines = CleanPaste(
      "compiler: gcc -O2\n"
      "my laptop\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].text, "compiler: gcc -O2");
  // A full-width compiler line followed straight by a table row (no 'numbers' banner).
  const std::string compiler = "compiler: gcc" + std::string(70, 'x');
  const std::vector<SourceLine> table = CleanPaste(compiler + "\nsha256 1.00k 2.00k\n");
  ASSERT_EQ(table.size(), 2u);
  EXPECT_EQ(table[1].text, "sha256 1.00k 2.00k");
}

constexpr const char* kSpeedOutput =
    "Doing sha256 for 3s on 16 size blocks: 12747323 sha256's in 2.99s\n"
    "type 16 bytes\n"
    "sha256 68213.10k\n";

TEST(ImportRobustTest, EnvironmentOnTheCommandLineIsTheRunsWorkerEnv) {
  const std::vector<results::RunResult> runs = ImportFixture("two-runs.txt");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_TRUE(runs[0].library.worker_env.empty());
  EXPECT_EQ(runs[1].library.worker_env,
            (std::map<std::string, std::string>{{"OPENSSL_ia32cap", "~0x200000200000000"}}));
}

TEST(ImportRobustTest, ExportBeforeARunIsItsWorkerEnvAndKeepsRunsApart) {
  const std::string text = std::string("$ openssl speed sha256\n") + kSpeedOutput +
                           "$ export OPENSSL_ia32cap='~0x200000200000000'\n"
                           "$ openssl speed aes-128-cbc\n"
                           "type 16 bytes\n"
                           "aes-128-cbc 1000.00k\n"
                           "$ unset OPENSSL_ia32cap\n"
                           "$ openssl speed sha512\n"
                           "type 16 bytes\n"
                           "sha512 1000.00k\n";
  const std::vector<results::RunResult> runs = ImportText(text, "paste.txt");
  ASSERT_EQ(runs.size(), 3u);  // without the export the first two would join
  EXPECT_TRUE(runs[0].library.worker_env.empty());
  EXPECT_EQ(runs[1].library.worker_env.at("OPENSSL_ia32cap"), "~0x200000200000000");
  EXPECT_TRUE(runs[2].library.worker_env.empty());
}

TEST(ImportRobustTest, RunsWithoutExportStillJoin) {
  const std::string text = std::string("$ openssl speed sha256\n") + kSpeedOutput +
                           "$ openssl speed aes-128-cbc\n"
                           "type 16 bytes\n"
                           "aes-128-cbc 1000.00k\n";
  EXPECT_EQ(ImportText(text, "paste.txt").size(), 1u);
}

TEST(ImportRobustTest, MultiBackendCsvReportPointsAtJson) {
  const std::string error = ImportErrorOf(
      "backend,algorithm,kind,operation,input_len,status,ops_per_s\n"
      "openssl,SHA-256,hash,hash,16,ok,1\n"
      "sodium,SHA-256,hash,hash,16,ok,1\n");
  EXPECT_THAT(error, HasSubstr("paste.txt:1: a cryptobench table, Markdown or CSV report"));
}

// An empty file says it is empty, rather than listing every format it does not hold (new-user
// tryout: import and doctor --from of an empty file said "expected output of ... found none").
TEST(ImportRobustTest, AnEmptyFileSaysItIsEmpty) {
  const auto error_of = [](std::string_view text) {
    try {
      ImportText(text, "empty.txt");
    } catch (const ImportError& e) {
      return std::string(e.what());
    }
    ADD_FAILURE() << "expected ImportError";
    return std::string();
  };
  EXPECT_THAT(error_of(""), HasSubstr("empty.txt:1: the file is empty (0 bytes)"));
  EXPECT_THAT(error_of("\n \t\r\n\n"), HasSubstr("empty.txt:1: the file holds only blank lines"));
}

TEST(ImportRobustTest, ResultJsonWithTextAroundItIsReadAsTheResult) {
  const std::vector<results::RunResult> original = ImportFixture("two-runs.txt");
  const std::string json = ImportedRunsToJson(original).dump(2);
  for (const std::string& text :
       {"$ cryptobench speed --format json\n" + json + "\n$ \n",
        "Here is my run:\n\n```json\n" + json + "\n```\nThanks!\n", "\xef\xbb\xbf" + json + "\n"}) {
    // Before: "expected output of `openssl speed` ... found none".
    const std::vector<results::RunResult> runs = ImportText(text, "paste.txt");
    ASSERT_EQ(runs.size(), original.size()) << text.substr(0, 40);
    EXPECT_EQ(ImportedRunsToJson(runs), ImportedRunsToJson(original)) << text.substr(0, 40);
  }
  // `import` itself reads tool output only: it refuses the document with its line.
  try {
    ImportText("my run:\n```json\n" + json + "\n```\n", "paste.txt", false);
    ADD_FAILURE() << "expected ImportError";
  } catch (const ImportError& e) {
    EXPECT_THAT(std::string(e.what()), HasSubstr("paste.txt:3: expected other tools' text output"));
  }
}

TEST(ImportRobustTest, PastedJsonThatIsNoResultIsALineError) {
  EXPECT_THAT(ImportErrorOf("$ cryptobench speed --format json\n{\"schema_version\": 1,\n"),
              HasSubstr("paste.txt:2: expected a cryptobench result JSON"));
  EXPECT_THAT(ImportErrorOf("```json\n{\"kind\": \"compare\"}\n```\n"),
              HasSubstr("paste.txt:2: expected a cryptobench result"));
  EXPECT_THAT(ImportErrorOf("```json\n{\"kind\": \"compare\"}\n```\n"),
              HasSubstr("a compare report"));
}

TEST(ImportRobustTest, ByteOrderMarkBeforeToolOutputIsIgnored) {
  const std::vector<results::RunResult> runs =
      ImportText("\xef\xbb\xbf$ openssl speed sha256\ntype 16 bytes\nsha256 1.00k\n", "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.timing_basis, "user_cpu");  // the command line was read
}

TEST(ImportRobustTest, TerminalControlNeverReachesARowName) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ openssl speed sha256\n"
      "type 16 bytes 64 bytes\n"
      "\x1b]0;pwned\x07sha256\x1b]8;;http://x\x1b\\ 1.00k\x1b(B 2.00k\x7f\x01\xc2\x9b\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  ASSERT_EQ(runs[0].algorithms.size(), 1u);
  EXPECT_EQ(runs[0].algorithms[0].algorithm, "SHA-256");
  const std::string json = ImportedRunsToJson(runs).dump();
  for (const char control : {'\x1b', '\x07', '\x7f', '\x01'}) {
    EXPECT_EQ(json.find(control), std::string::npos) << static_cast<int>(control);
  }
  EXPECT_EQ(json.find("pwned"), std::string::npos);
}

// tryout-24 p32: a title and a screen erase inside a figure. The digits on both sides joined
// into 99920.55k, a figure no terminal showed; the cell is now left out, with a caveat.
TEST(ImportRobustTest, CursorControlInsideAFigureLeavesTheCellOut) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ openssl speed -evp aes-128-cbc\n"
      "type 16 bytes 64 bytes 8192 bytes\n"
      "aes-128-cbc 87224.38k 95936.26k 999\x1b]0;pwned\x07\x1b[2J20.55k\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  ASSERT_EQ(runs[0].algorithms.size(), 1u);
  const results::AlgorithmResult& alg = runs[0].algorithms[0];
  ASSERT_EQ(alg.cells.size(), 2u);
  EXPECT_EQ(alg.cells[1].input_len, 64u);
  EXPECT_THAT(::testing::PrintToString(runs[0].source.caveats),
              HasSubstr("for 8192 bytes, which is not a figure"));
}

TEST(ImportRobustTest, UnknownRowNameKeepsOnlyPrintableText) {
  const std::vector<SourceLine> lines =
      CleanPaste("\x1b]0;title\x07odd\x1b[200~cipher\x1b[201~\x1b]2;t\x1b\\\x0c 1.00k\n");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].text, "oddcipher 1.00k");
}

// Two runs' progress lines pasted one after the other, neither with its table: the second
// run's line for a cell the first already timed starts a run of its own, so neither figure
// replaces the other.
TEST(ImportRobustTest, ProgressLinesOfASecondRunStartANewRun) {
  const std::vector<results::RunResult> runs = ImportText(
      "Doing aes-128-cbc for 3s on 16 size blocks: 3000000 aes-128-cbc's in 3.00s\n"
      "Doing aes-128-cbc for 3s on 64 size blocks: 1500000 aes-128-cbc's in 3.00s\n"
      "Doing aes-128-cbc for 3s on 16 size blocks: 6000000 aes-128-cbc's in 3.00s\n"
      "Doing aes-128-cbc for 3s on 64 size blocks: 4500000 aes-128-cbc's in 3.00s\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  const results::AlgorithmResult* first = FindAlgorithm(runs[0], "AES-128-CBC");
  const results::AlgorithmResult* second = FindAlgorithm(runs[1], "AES-128-CBC");
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  ASSERT_EQ(first->cells.size(), 2u);
  ASSERT_EQ(second->cells.size(), 2u);
  EXPECT_DOUBLE_EQ(first->cells[0].figures->bytes_per_s->value, 16e6);
  EXPECT_DOUBLE_EQ(second->cells[0].figures->bytes_per_s->value, 32e6);
  EXPECT_DOUBLE_EQ(second->cells[1].figures->bytes_per_s->value, 96e6);
}

// -multi children's records without the 'Forked child' lines (the tail of a long run): a cell
// with several results is neither one child's figure nor a sum of an unknown number of
// children; it is left out and a caveat names every line. A 3.2+ KEM result is matched to the
// announcement of its own operation, whatever other children announced in between.
TEST(ImportRobustTest, ChildrensRecordsWithoutMultiAreNotReadAsOneProcess) {
  const std::vector<results::RunResult> runs = ImportText(
      "+DTP:rsa7680:keygen:10\n"
      "+DTP:rsa7680:encaps:10\n"
      "+R16:8444:rsa7680:10.00\n"
      "+R15:1:rsa7680:37.46\n"
      "+DTP:rsa7680:decaps:10\n"
      "+R16:8448:rsa7680:10.00\n"
      "+R17:68:rsa7680:10.05\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::AlgorithmResult* rsa = FindAlgorithm(runs[0], "rsa7680 (RSASVE)");
  ASSERT_NE(rsa, nullptr);
  std::vector<std::string> operations;
  for (const results::Cell& cell : rsa->cells) {
    operations.push_back(cell.operation);
  }
  EXPECT_THAT(operations, ::testing::UnorderedElementsAre("keygen", "decaps"));
  EXPECT_TRUE(HasCaveat(runs[0], "Lines 3 and 6: more than one result for the same cell"))
      << ::testing::PrintToString(runs[0].source.caveats);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 4: rsa7680 (RSASVE) keygen took 37.46 s in a 10 s slot"));
}

// When every cell has several results, nothing is recomputed, and the caveat says so.
TEST(ImportRobustTest, NoFigureRecomputedIsSaid) {
  const std::vector<results::RunResult> runs = ImportText(
      "+DTP:rsa7680:encaps:10\n"
      "+DTP:rsa7680:encaps:10\n"
      "+R16:8444:rsa7680:10.00\n"
      "+R16:8448:rsa7680:10.00\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_TRUE(runs[0].algorithms.empty());
  EXPECT_TRUE(HasCaveat(runs[0], "no figure can be recomputed"));
  EXPECT_FALSE(HasCaveat(runs[0], "figures are recomputed"));
}

// The cell of `run` for (algorithm, operation, size), or nullptr.
constexpr const char* kTypeLine =
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n";

// A mistyped figure under a blank line after the 'type' line (where a row that did not parse
// used to end the table) once cost the whole table, with exit status 0.
TEST(ImportRobustTest, MistypedFigureCostsOnlyItsCell) {
  const std::string paste = std::string("$ openssl version\nOpenSSL 1.1.1f  31 Mar 2020\n") +
                            "$ openssl speed aes-128-cbc\n" + kTypeLine + "\n" +
                            "aes-128-cbc  123456.78k  2345x6.12k  435064.21k  581664.88k  "
                            "641874.92k  646187.19k\n";
  const std::vector<results::RunResult> runs = ImportText(paste, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::AlgorithmResult* alg = FindAlgorithm(runs[0], "AES-128-CBC");
  ASSERT_NE(alg, nullptr);
  EXPECT_EQ(alg->cells.size(), 5u);
  EXPECT_EQ(FindCell(runs[0], "AES-128-CBC", "encrypt", 64), nullptr);
  EXPECT_DOUBLE_EQ(BytesPerS(FindCell(runs[0], "AES-128-CBC", "encrypt", 256)), 435064210);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 6: the row 'aes-128-cbc' prints '2345x6.12k' for 64 bytes"))
      << runs[0].source.caveats.back();
  // Every cell damaged but one: nothing can be placed, so the row is refused at its line.
  EXPECT_THAT(ImportErrorOf(std::string(kTypeLine) + "aes-128-cbc 1x 2x 3x 4x 5x 6.00k\n"),
              HasSubstr("paste.txt:2: expected a throughput figure"));
}

// "2345 6.12k": a stray space splits a figure; the figures after it keep their sizes.
TEST(ImportRobustTest, FigureSplitByASpaceIsOneDamagedCell) {
  const std::vector<results::RunResult> runs = ImportText(
      std::string(kTypeLine) +
          "aes-128-cbc  123456.78k  2345 6.12k  435064.21k  581664.88k  641874.92k  646187.19k\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(FindCell(runs[0], "AES-128-CBC", "encrypt", 64), nullptr);
  EXPECT_DOUBLE_EQ(BytesPerS(FindCell(runs[0], "AES-128-CBC", "encrypt", 256)), 435064210);
  EXPECT_DOUBLE_EQ(BytesPerS(FindCell(runs[0], "AES-128-CBC", "encrypt", 16384)), 646187190);
  EXPECT_TRUE(HasCaveat(runs[0], "prints '2345 6.12k' for 64 bytes"));
}

// A figure without the 'k' of its table's other figures, above 10000 or without speed's two
// decimals, is no figure speed prints: its unit is unknown, so it is left out, named. A bare
// figure as speed prints it (at most 10000 bytes/s, two decimals) is read as bytes/s.
TEST(ImportRobustTest, FigureWithoutItsTablesUnitIsNamedNotRead) {
  const std::vector<results::RunResult> runs = ImportText(
      std::string(kTypeLine) +
          "aes-128-gcm      73199.42k   220411.12k   435064.21k   581664.88k   641874.92k   "
          "646187.19k\n"
          "des-ede3          9876.54     24413.91k    25441.00     25441k       25441.37k    "
          "25441.37k\n"
          "AES-256-GCM 25441\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(FindCell(runs[0], "AES-256-GCM", "encrypt", 16), nullptr);
  EXPECT_TRUE(HasCaveat(runs[0],
                        "Line 4: the row 'AES-256-GCM' prints '25441' for 16 bytes "
                        "without the 'k'"));
  EXPECT_DOUBLE_EQ(BytesPerS(FindCell(runs[0], "DES-EDE3-CBC", "encrypt", 16)), 9876.54);
  EXPECT_EQ(FindCell(runs[0], "DES-EDE3-CBC", "encrypt", 256), nullptr);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 3: the row 'des-ede3' prints '25441.00' for 256 bytes"));
  EXPECT_DOUBLE_EQ(BytesPerS(FindCell(runs[0], "DES-EDE3-CBC", "encrypt", 1024)), 25441000);
}

// A table whose figures all lost their 'k' (a renderer dropped it, or a hand copy): speed
// prints a figure above 10000 bytes/s only with the 'k', and the progress lines say the unit,
// so the figures are read in 1000s, with a caveat; a figure either unit fits follows its row.
TEST(ImportRobustTest, TableThatLostEveryKIsReadInThousands) {
  const std::vector<results::RunResult> runs = ImportText(
      "Doing aes-128-cbc for 3s on 16 size blocks: 13726142 aes-128-cbc's in 3.00s\n" +
          std::string(kTypeLine) +
          "aes-128-cbc      73206.09    220411.12    435064.21    581664.88    641874.92    "
          "646187.19\n"
          "des-ede3          9876.54     24413.91     25441.00     25441.37     25441.37     "
          "25441.37\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(BytesPerS(FindCell(runs[0], "AES-128-CBC", "encrypt", 16)), 73206090);
  EXPECT_DOUBLE_EQ(BytesPerS(FindCell(runs[0], "AES-128-CBC", "encrypt", 16384)), 646187190);
  EXPECT_DOUBLE_EQ(BytesPerS(FindCell(runs[0], "DES-EDE3-CBC", "encrypt", 64)), 24413910);
  // 9876.54 bytes/s at 16 bytes cannot precede 24.4 MB/s at 64 bytes: it lost its 'k' too.
  EXPECT_DOUBLE_EQ(BytesPerS(FindCell(runs[0], "DES-EDE3-CBC", "encrypt", 16)), 9876540);
  EXPECT_TRUE(HasCaveat(runs[0], "Lines 3-4: the table prints no figure with a 'k'"));
  EXPECT_TRUE(HasCaveat(runs[0], "is 1000 times its progress line 1"));
  EXPECT_TRUE(HasCaveat(runs[0], "Line 4: the row 'des-ede3' prints '9876.54' for 16 bytes"));
}

// Without a figure above 10000 or a progress line, a table without 'k' is read as printed
// (bytes/s), and a caveat says that a lost 'k' cannot be ruled out.
TEST(ImportRobustTest, TableWithoutKAndNoEvidenceSaysItCannotTell) {
  const std::vector<results::RunResult> runs = ImportText(
      std::string(kTypeLine) +
          "aes-128-cbc       7320.09     9204.12     9435.21     9581.88     9641.92     9646.19\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(BytesPerS(FindCell(runs[0], "AES-128-CBC", "encrypt", 16)), 7320.09);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 2: the table prints no figure with a 'k'"));
  EXPECT_TRUE(HasCaveat(runs[0], "which nothing in the paste"));
}

// "1234567k": not speed's "%.2fk", and more than twice the row's figure at the next larger
// size, which a call on fewer bytes cannot reach; left out, named. "25441k" fits its row.
TEST(ImportRobustTest, TypedFigureOutOfLineWithItsRowIsLeftOut) {
  const std::vector<results::RunResult> runs = ImportText(
      std::string(kTypeLine) +
          "aes-128-cbc  1234567k  220411.12k  435064.21k  581664.88k  641874.92k  646187.19k\n"
          "aes-256-cbc  123456.78k  220411k  435064.21k  581664.88k  641874.92k  646187.19k\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(FindCell(runs[0], "AES-128-CBC", "encrypt", 16), nullptr);
  EXPECT_DOUBLE_EQ(BytesPerS(FindCell(runs[0], "AES-128-CBC", "encrypt", 64)), 220411120);
  EXPECT_TRUE(HasCaveat(runs[0],
                        "Line 2: the row 'aes-128-cbc' prints '1234567k' for 16 bytes, "
                        "not in openssl speed's form"));
  EXPECT_DOUBLE_EQ(BytesPerS(FindCell(runs[0], "AES-256-CBC", "encrypt", 64)), 220411000);
}

// A row quoted alone with "> " (a repeat, or another message's line) and another program's
// message after the table are skipped, and named.
TEST(ImportRobustTest, QuotedRowAndForeignMessageAreNamed) {
  const std::string row =
      "aes-128-gcm      73199.42k   220411.12k   435064.21k   581664.88k   641874.92k   "
      "646187.19k\n";
  const std::vector<results::RunResult> runs = ImportText(
      "$ openssl speed -evp aes-128-gcm\n" + std::string(kTypeLine) + row + "> " + row +
          "aes-256-gcm      73199.42k   220411.12k   435064.21k   581664.88k   641874.92k   "
          "646187.19k\n"
          "ls: cannot access '/usr/lib/engines-1.1': No such file or directory\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);  // the quoted line splits nothing
  EXPECT_NE(FindAlgorithm(runs[0], "AES-256-GCM"), nullptr);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 4: a table row quoted on its own with '> '"));
  EXPECT_TRUE(HasCaveat(runs[0], "Line 6 reads like output"));
}

// A Markdown code block ends the table like a blank line: the prose after its closing fence
// ("That's on my Ryzen 5 5600X, is that normal?") is the poster's, not a damaged row.
TEST(ImportRobustTest, ProseAfterTheClosingFenceIsNotARow) {
  const std::string row =
      "aes-128-gcm      73199.42k   220411.12k   435064.21k   581664.88k   641874.92k   "
      "646187.19k\n";
  for (const std::string fence : {"```", "~~~"}) {
    const std::vector<results::RunResult> runs =
        ImportText(fence + "\n$ openssl speed -evp aes-128-gcm\n" + std::string(kTypeLine) + row +
                       fence + "\nThat's on my Ryzen 5 5600X, is that normal?\n",
                   "paste.txt");
    ASSERT_EQ(runs.size(), 1u) << fence;
    const results::AlgorithmResult* gcm = FindAlgorithm(runs[0], "AES-128-GCM");
    ASSERT_NE(gcm, nullptr) << fence;
    EXPECT_EQ(gcm->cells.size(), 6u) << fence;
  }
}

// Figures no hardware reaches (above 10^15 bytes/s or 10^12 operations/s) are error cells
// with a caveat stating the bound; a figure of hundreds of digits is no figure, and no
// caveat quotes it whole.
TEST(ImportRobustTest, ImplausibleFiguresAreRefusedAndNamed) {
  const std::vector<results::RunResult> speed = ImportText(
      std::string(kTypeLine) + "aes-128-cbc 123456.78k 1e38k 435064.21k 581664.88k 641874.92k " +
          std::string(400, '7') + ".00k\n",
      "paste.txt");
  ASSERT_EQ(speed.size(), 1u);
  const results::Cell* absurd = FindCell(speed[0], "AES-128-CBC", "encrypt", 64);
  ASSERT_NE(absurd, nullptr);
  EXPECT_EQ(absurd->status, results::CellStatus::kError);
  EXPECT_TRUE(HasCaveat(speed[0], "1e+41 bytes/s is above 1e+15 bytes/s"));
  EXPECT_EQ(FindCell(speed[0], "AES-128-CBC", "encrypt", 16384), nullptr);
  for (const std::string& caveat : speed[0].source.caveats) {
    EXPECT_EQ(caveat.find(std::string(100, '7')), std::string::npos) << caveat;
  }
  const std::vector<results::RunResult> bssl = ImportText(
      "Did 100000000000000000 AES-128-GCM (16 bytes) seal operations in 1000000us "
      "(100000000000000000.0 ops/sec): 1600000000000.0 MB/s\n",
      "paste.txt");
  ASSERT_EQ(bssl.size(), 1u);
  const results::Cell* fast = FindCell(bssl[0], "AES-128-GCM", "encrypt", 16);
  ASSERT_NE(fast, nullptr);
  EXPECT_EQ(fast->status, results::CellStatus::kError);
  EXPECT_TRUE(HasCaveat(bssl[0], "above 1e+15 bytes/s"));
}

// "# label: ..." inside a paste is a comment, not a root prompt: it does not end the run its
// command line started (here -decrypt would be lost). Repeated cells still split runs.
TEST(ImportRobustTest, LabelCommentIsNoRunBoundary) {
  const std::string row =
      "AES-128-CBC      73199.42k   220411.12k   435064.21k   581664.88k   641874.92k   "
      "646187.19k\n";
  const std::vector<results::RunResult> runs =
      ImportText("$ openssl speed -decrypt -evp aes-128-cbc\n# label: decrypt on the pi\n" +
                     std::string(kTypeLine) + row,
                 "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_NE(FindCell(runs[0], "AES-128-CBC", "decrypt", 16), nullptr);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 2 is no output of this tool"));
  const std::vector<results::RunResult> before_after = ImportText(
      "# before:\n" + std::string(kTypeLine) + row + "# after the patch:\n" + kTypeLine + row,
      "paste.txt");
  EXPECT_EQ(before_after.size(), 2u);
}

// Interactive `openssl` sessions (the OpenSSL> prompt) and interrupted runs leave progress
// output that belongs to no cell: a result without its "Doing ..." start, and two starts run
// together on one line whose count cannot be placed. Each costs its own line, named; the
// runs around them are read.
TEST(ImportRobustTest, StrayProgressResultsCostOnlyTheirLines) {
  const std::vector<results::RunResult> runs = ImportText(
      "Doing md5 for 3s on 16 size blocks: 1000000 md5's in 3.00s\n"
      "Doing md5 for 3s on 64 size blocks: Doing md5 for 3s on 256 size blocks: 42 md5's in "
      "3.00s\n"
      "31337 md5's in 2.99s\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes\n"
      "md5              5333.33k    20000.00k\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  ASSERT_EQ(runs[0].algorithms.size(), 1u);
  const results::AlgorithmResult& alg = runs[0].algorithms[0];
  ASSERT_EQ(alg.cells.size(), 2u);
  EXPECT_DOUBLE_EQ(alg.cells[0].figures->bytes_per_s->value, 5333330.0);
  EXPECT_DOUBLE_EQ(alg.cells[1].figures->bytes_per_s->value, 20000000.0);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 2: two progress lines run together on one line"));
  EXPECT_TRUE(HasCaveat(runs[0], "Line 3: '31337 md5's in 2.99s' is the result of a progress"));
}

// The paste of https://github.com/cryptodev-linux/cryptodev-linux/issues/89 ends inside its
// last progress line ("70025 AES-128-CBC'"): that line is skipped and named, the three before
// it are read.
TEST(ImportRobustTest, ProgressLineCutAtTheEndOfThePasteCostsOnlyItself) {
  const std::vector<results::RunResult> runs = ImportText(
      "$./openssl speed -evp aes-128-cbc -engine devcrypto \n"
      "Engine \"devcrypto\" set.\n"
      "Doing AES-128-CBC for 3s on 16 size blocks: 517398 AES-128-CBC's in 0.10s\n"
      "Doing AES-128-CBC for 3s on 64 size blocks: 412163 AES-128-CBC's in 0.08s\n"
      "Doing AES-128-CBC for 3s on 256 size blocks: 207881 AES-128-CBC's in 0.06s\n"
      "Doing AES-128-CBC for 3s on 1024 size blocks: 70025 AES-128-CBC'",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::AlgorithmResult* alg = FindAlgorithm(runs[0], "AES-128-CBC");
  ASSERT_NE(alg, nullptr);
  ASSERT_EQ(alg->cells.size(), 3u);
  EXPECT_EQ(alg->cells[2].input_len, 256u);
  EXPECT_TRUE(HasCaveat(runs[0],
                        "Line 6: the progress line for AES-128-CBC on 1024-byte blocks "
                        "is cut off after its colon ('70025 AES-128-CBC''"));
}

// Tryout 24 p26: Ctrl-C during a run, echoed by the terminal as "^C" right where the line was
// cut ("9990123 sha5^C"), then the prompt. The cut line is skipped and named like any cut line;
// the seven complete results stand. So is a line cut right at its colon ("...: ^C").
TEST(ImportRobustTest, ProgressLineCutByCtrlCCostsOnlyItself) {
  const std::string before =
      "$ ./apps/openssl speed -evp sha256 sha512\n"
      "Doing sha256 for 3s on 16 size blocks: 15234092 sha256's in 2.99s\n"
      "Doing sha256 for 3s on 64 size blocks: 8891320 sha256's in 3.00s\n"
      "Doing sha512 for 3s on 16 size blocks: 10012344 sha512's in 3.00s\n";
  for (const char* cut : {"Doing sha512 for 3s on 64 size blocks: 9990123 sha5^C\n",
                          "Doing sha512 for 3s on 64 size blocks: ^C\n",
                          "Doing sha512 for 3s on 64 size blocks: 9990123 ^C\n"}) {
    const std::vector<results::RunResult> runs =
        ImportText(before + cut + "dev@box:~/src/openssl$ \n", "paste.txt");
    ASSERT_EQ(runs.size(), 1u) << cut;
    const results::AlgorithmResult* sha512 = FindAlgorithm(runs[0], "SHA-512");
    ASSERT_NE(sha512, nullptr) << cut;
    EXPECT_EQ(sha512->cells.size(), 1u) << cut;
    EXPECT_TRUE(HasCaveat(runs[0],
                          "Line 5: the progress line for sha512 on 64-byte blocks is "
                          "cut off after its colon"))
        << cut;
  }
}

// Cut anywhere after the count, in the middle of the lines or at the end, in 1.x's "'s" and
// 3.x's "ops" wording and in a public-key line: skipped and named. Words that are no beginning
// of the result (garbage) stay an error, and so does a paste with nothing else.
TEST(ImportRobustTest, CutProgressLinesAreToldFromGarbage) {
  const std::string good = "Doing sha256 for 3s on 16 size blocks: 1000 sha256's in 3.00s\n";
  for (const char* cut :
       {"Doing sha256 for 3s on 64 size blocks: 12", "Doing sha256 for 3s on 64 size blocks: 12 sh",
        "Doing sha256 for 3s on 64 size blocks: 12 sha256's",
        "Doing sha256 for 3s on 64 size blocks: 12 sha256's i",
        "Doing sha256 for 3s on 64 size blocks: 12 sha256's in 3.0",
        "Doing sha256 ops for 3s on 64 size blocks: 12 sha256 op",
        "Doing 2048 bits private rsa's for 10s: 1234 2048 bits private RSA"}) {
    for (const bool middle : {false, true}) {
      const std::string text =
          good + cut + "\n" +
          (middle ? "Doing sha256 for 3s on 256 size blocks: 9 sha256's in 3.00s\n" : "");
      const std::vector<results::RunResult> runs = ImportText(text, "paste.txt");
      ASSERT_EQ(runs.size(), 1u) << cut;
      const results::AlgorithmResult* alg = FindAlgorithm(runs[0], "SHA-256");
      ASSERT_NE(alg, nullptr) << cut;
      EXPECT_EQ(alg->cells.size(), middle ? 2u : 1u) << cut;
      EXPECT_TRUE(HasCaveat(runs[0], "Line 2: the progress line for ")) << cut;
    }
  }
  for (const char* garbage : {"Doing sha256 for 3s on 64 size blocks: 12 md5's",
                              "Doing sha256 for 3s on 64 size blocks: 12 sha256's in x",
                              "Doing sha256 for 3s on 64 size blocks: 12 sha256's in 3.00 9"}) {
    EXPECT_NE(ImportErrorOf(good + garbage + "\n"), "") << garbage;
  }
  EXPECT_NE(ImportErrorOf("Doing sha256 for 3s on 16 size blocks: 12 sha256's\n"), "");
}

// -mr: a +F figure is count / time × size of its +R record (apps/speed.c prints both from the
// same count and time); -multi: the summary table is the sum of the children's +F records. A
// figure 1000x from what its records imply (one in bytes/s, the other in 1000s) is kept, in
// doubt, and a caveat names the lines (tryout-22 #12); consistent records give no caveat.
TEST(ImportRobustTest, FiguresThatDisagreeWithTheirRecordsAreInDoubt) {
  const auto mr = [](const char* figures) {
    return std::string(
               "$ openssl speed -mr -evp aes-128-gcm\n"
               "+DT:aes-128-gcm:3:16\n"
               "+R:60211844:aes-128-gcm:2.990000\n"
               "+DT:aes-128-gcm:3:64\n"
               "+R:40211022:aes-128-gcm:3.000000\n"
               "OpenSSL 1.0.2k-fips  26 Jan 2017\n"
               "+H:16:64\n") +
           figures;
  };
  const std::vector<results::RunResult> off =
      ImportText(mr("+F:22:aes-128-gcm:322203.85:857835.14\n"), "paste.txt");
  ASSERT_EQ(off.size(), 1u);
  ASSERT_EQ(off[0].algorithms.size(), 1u);
  for (const results::Cell& cell : off[0].algorithms[0].cells) {
    EXPECT_TRUE(results::HasDoubt(cell)) << cell.input_len;
  }
  EXPECT_TRUE(HasCaveat(off[0], "by more than 5%"))
      << ::testing::PrintToString(off[0].source.caveats);
  const std::vector<results::RunResult> right =
      ImportText(mr("+F:22:aes-128-gcm:322203854.85:857835146.67\n"), "paste.txt");
  ASSERT_EQ(right.size(), 1u);
  for (const results::Cell& cell : right[0].algorithms[0].cells) {
    EXPECT_FALSE(results::HasDoubt(cell)) << cell.input_len;
  }
  EXPECT_FALSE(HasCaveat(right[0], "by more than 5%"));

  const auto multi = [](const char* table_row) {
    return std::string(
               "$ openssl speed -multi 2 -evp aes-256-gcm\n"
               "Forked child 0\n"
               "Forked child 1\n"
               "Got: +H:16:64 from 0\n"
               "Got: +F:22:AES-256-GCM:512031.11:1401232.02 from 0\n"
               "Got: +H:16:64 from 1\n"
               "Got: +F:22:AES-256-GCM:275011.02:701210.77 from 1\n"
               "version: 3.3.1\n"
               "The 'numbers' are in 1000s of bytes per second processed.\n"
               "type             16 bytes     64 bytes\n") +
           table_row;
  };
  const std::vector<results::RunResult> sum_off =
      ImportText(multi("AES-256-GCM    787042.13k  2102442.79k\n"), "paste.txt");
  ASSERT_EQ(sum_off.size(), 1u);
  ASSERT_EQ(sum_off[0].algorithms.size(), 1u);
  for (const results::Cell& cell : sum_off[0].algorithms[0].cells) {
    EXPECT_TRUE(results::HasDoubt(cell)) << cell.input_len;
  }
  EXPECT_TRUE(HasCaveat(sum_off[0], "by more than 5%"))
      << ::testing::PrintToString(sum_off[0].source.caveats);
  const std::vector<results::RunResult> sum_right =
      ImportText(multi("AES-256-GCM       787.04k     2102.44k\n"), "paste.txt");
  ASSERT_EQ(sum_right.size(), 1u);
  for (const results::Cell& cell : sum_right[0].algorithms[0].cells) {
    EXPECT_FALSE(results::HasDoubt(cell)) << cell.input_len;
  }
  EXPECT_FALSE(HasCaveat(sum_right[0], "by more than 5%"));
}

// Both disagreement caveats (table against progress lines or +R records, -multi summary against
// the children's +F sum) show three examples and then count the rest: "; and 1 more." (before:
// "; ...." with the sentence's full stop after an ellipsis).
TEST(ImportRobustTest, DisagreementCaveatsCountTheExamplesLeftOut) {
  const auto caveat_of = [](const std::vector<results::RunResult>& runs) {
    std::string found;
    for (const std::string& caveat : runs.at(0).source.caveats) {
      if (caveat.find("by more than 5%") != std::string::npos) {
        found = caveat;
      }
    }
    return found;
  };
  const std::string mr = caveat_of(
      ImportText("$ openssl speed -mr -evp aes-128-gcm\n"
                 "+DT:aes-128-gcm:3:16\n+R:60211844:aes-128-gcm:3.000000\n"
                 "+DT:aes-128-gcm:3:64\n+R:40211022:aes-128-gcm:3.000000\n"
                 "+DT:aes-128-gcm:3:256\n+R:20211022:aes-128-gcm:3.000000\n"
                 "+DT:aes-128-gcm:3:1024\n+R:6211022:aes-128-gcm:3.000000\n"
                 "+H:16:64:256:1024\n+F:22:aes-128-gcm:322203.85:857835.14:1724614.14:2120055.00\n",
                 "paste.txt"));
  EXPECT_NE(mr.find("4 +F figures differ by more than 5%"), std::string::npos) << mr;
  EXPECT_NE(mr.find("; and 1 more. The records were edited"), std::string::npos) << mr;
  EXPECT_EQ(mr.find("...."), std::string::npos) << mr;
  const std::string multi = caveat_of(
      ImportText("$ openssl speed -multi 2 -evp aes-256-gcm\n"
                 "Forked child 0\nForked child 1\n"
                 "Got: +H:16:64:256:1024 from 0\n"
                 "Got: +F:22:AES-256-GCM:512031.11:1401232.02:2801232.02:3201232.02 from 0\n"
                 "Got: +H:16:64:256:1024 from 1\n"
                 "Got: +F:22:AES-256-GCM:275011.02:701210.77:1401210.77:1601210.77 from 1\n"
                 "version: 3.3.1\n"
                 "The 'numbers' are in 1000s of bytes per second processed.\n"
                 "type             16 bytes     64 bytes    256 bytes   1024 bytes\n"
                 "AES-256-GCM    787042.13k  2102442.79k  4202442.79k  4802442.79k\n",
                 "paste.txt"));
  EXPECT_NE(multi.find("4 summary figures differ by more than 5%"), std::string::npos) << multi;
  EXPECT_NE(multi.find("; and 1 more. The table or the records were edited"), std::string::npos)
      << multi;
  EXPECT_EQ(multi.find("...."), std::string::npos) << multi;
}

// -mr output cut before any result: +DT (and +DTP) announcements, no +R or +F record. Refused at
// the last announcement, saying what is missing (before: "found none" at line 1).
TEST(ImportRobustTest, MachineReadableAnnouncementsWithoutResultsAreRefusedAtTheLast) {
  const std::string error = ImportErrorOf(
      "$ openssl speed -mr -evp aes-128-gcm\n"
      "+DT:aes-128-gcm:3:16\n"
      "+DT:aes-128-gcm:3:64\n");
  EXPECT_THAT(error, HasSubstr("paste.txt:3: expected figures; machine-readable output with +DT "
                               "lines but no +R or +F result lines"))
      << error;
  EXPECT_THAT(error, HasSubstr("the run was cut before its results")) << error;
  EXPECT_THAT(error, Not(HasSubstr("found none"))) << error;
  const std::string pk = ImportErrorOf("+DTP:2048:private:rsa:10\n");
  EXPECT_THAT(pk, HasSubstr("paste.txt:1: expected figures; machine-readable output with +DTP "
                            "lines but no"))
      << pk;
}

// cryptsetup's key column in a non-catalogue cipher's row name, as --format openssl writes it
// ("xchacha12,aes-adiantum 256b decrypt   197866.29k"), is a word of the name only when one
// figure per size follows it; otherwise the row stays damaged.
TEST(ImportRobustTest, KeyBitsWordIsANameWordOnlyBeforeOneFigurePerSize) {
  const std::string type =
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type        1048576 bytes\n";
  const std::vector<results::RunResult> runs =
      ImportText(type +
                     "xchacha12,aes-adiantum 256b   192099.12k\n"
                     "xchacha12,aes-adiantum 256b decrypt   197866.29k\n",
                 "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  ASSERT_EQ(runs[0].algorithms.size(), 1u);
  EXPECT_EQ(runs[0].algorithms[0].algorithm, "xchacha12,aes-adiantum 256b");
  ASSERT_EQ(runs[0].algorithms[0].cells.size(), 2u);
  EXPECT_EQ(runs[0].algorithms[0].cells[1].operation, "decrypt");
  EXPECT_THAT(ImportErrorOf(type + "serpent 256b 12x.5 1.00k\n"),
              HasSubstr("expected a throughput figure"));
}

// An interrupted run whose output ends at a progress line's colon ("Doing AES-128-GCM for 3s
// on 16 size blocks: " and nothing after, as pasted from a terminal while openssl speed ran)
// gave no figure: the file is refused at its last progress line, where the figures should have
// been, also beside an `openssl version -a` block, whose identity alone is nothing to diagnose
// or compare. Such a line beside output that gave figures is named in their run.
TEST(ImportRobustTest, ProgressLinesWithoutAnyResultAreRefusedAtTheLast) {
  constexpr std::string_view kVersion =
      "$ openssl version -a\n"
      "OpenSSL 3.0.13 30 Jan 2024 (Library: OpenSSL 3.0.13 30 Jan 2024)\n"
      "built on: Mon Feb  3 13:34:35 2025 UTC\n"
      "platform: debian-amd64\n"
      "CPUINFO: OPENSSL_ia32cap=0x7ed8320b078bffff:0x400004219c91a9\n";
  for (const char* cut : {"Doing AES-128-GCM for 3s on 16 size blocks: ",
                          "Doing AES-128-GCM ops for 3s on 16 size blocks:",
                          "Doing 2048 bits private rsa sign ops for 10s: "}) {
    const std::string alone =
        ImportErrorOf(std::string("openssl speed -evp aes-128-gcm\n") + cut + "\n");
    EXPECT_THAT(alone, HasSubstr("paste.txt:2: expected figures; the progress line for ")) << cut;
    EXPECT_THAT(alone, HasSubstr("has no result")) << cut;
    const std::string two =
        ImportErrorOf(std::string("Doing sha256 for 3s on 16 size blocks: \n") + cut + "\n");
    EXPECT_THAT(two, HasSubstr("paste.txt:2: expected figures")) << cut;
    const std::string with_version =
        ImportErrorOf(std::string(kVersion) + "$ openssl speed -evp aes-128-gcm\n" + cut + "\n");
    EXPECT_THAT(with_version, HasSubstr("paste.txt:7: expected a figure import can use; found "
                                        "only the progress line for "))
        << cut;
  }
  // `openssl version -a` alone is read: the library and its capability vector.
  const std::vector<results::RunResult> version = ImportText(std::string(kVersion), "paste.txt");
  ASSERT_EQ(version.size(), 1u);
  EXPECT_TRUE(version[0].algorithms.empty());
  EXPECT_THAT(version[0].library.cpu_info, HasSubstr("0x7ed8320b078bffff:0x400004219c91a9"));

  // Beside a run with figures, the cut output costs only its line, named.
  const std::vector<results::RunResult> beside = ImportText(
      "Doing md5 for 3s on 16 size blocks: 1000000 md5's in 3.00s\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes\n"
      "md5              5333.33k\n"
      "$ openssl speed -evp aes-128-gcm\n"
      "Doing AES-128-GCM for 3s on 16 size blocks: \n",
      "paste.txt");
  ASSERT_EQ(beside.size(), 1u);
  EXPECT_TRUE(HasCaveat(beside[0], "Line 6: the progress line for AES-128-GCM has no result"))
      << ::testing::PrintToString(beside[0].source.caveats);
}

// A damaged progress line after the last table starts output that gives no figure; the caveat
// naming it is kept, in the run beside it.
TEST(ImportRobustTest, DamagedProgressLineAfterTheLastRunIsStillNamed) {
  const std::vector<results::RunResult> runs = ImportText(
      "Doing md5 for 3s on 16 size blocks: 1000000 md5's in 3.00s\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes\n"
      "md5              5333.33k\n"
      "Doing sha1 for 3s on 16 size blocks: Doing sha1 for 3s on 64 size blocks: 42 sha1's in "
      "3.00s\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 5: two progress lines run together on one line"));
}

// A public-key row prints each figure twice, as seconds per operation and as operations per
// second; the one printed with more digits is the table's value ("0.5978s" beside "1.7"). The
// table wins over the progress line, even when the two disagree (a broken timer).
TEST(ImportRobustTest, PublicKeyTableWinsAndItsTimeColumnRefinesTheRate) {
  const std::vector<results::RunResult> runs = ImportText(
      "Doing 224 bits  ecdh's for 10s: 150000 224-bits ECDH ops in 10.00s\n"
      "                              op      op/s\n"
      " 224 bits ecdh (nistp224)   0.5978s      1.7\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  ASSERT_EQ(runs[0].algorithms.size(), 1u);
  ASSERT_EQ(runs[0].algorithms[0].cells.size(), 1u);
  const results::Cell& cell = runs[0].algorithms[0].cells[0];
  ASSERT_TRUE(cell.figures.has_value());
  EXPECT_NEAR(cell.figures->ops_per_s.value, 1 / 0.5978, 1e-9);
}

}  // namespace
}  // namespace cryptobench::import

namespace cryptobench::import {
namespace {

// A line of prose right under a table's last row, with no blank line between ("real 0m18s"
// from `time`, a remark with a number in it): the table ends there and the line is skipped,
// the table's figures kept. A row that starts as one (a known row name, or a figure in
// speed's form first) and is damaged still refuses the paste.
TEST(ImportRobustTest, ProseRightUnderTheLastRowEndsTheTable) {
  const std::string table =
      "type 16 bytes 64 bytes\n"
      "AES-256-GCM 401234.12k 1102345.67k\n";
  for (const std::string prose :
       {"real\t0m18.123s", "Ryzen 5 5600X here", "EDIT: the 2nd run gave 5 percent more",
        "Thanks, 2 machines tested"}) {
    std::vector<results::RunResult> runs;
    ASSERT_NO_THROW(runs = ImportText(table + prose + "\n", "t.txt")) << prose;
    ASSERT_EQ(runs.size(), 1u) << prose;
    const results::AlgorithmResult* gcm = FindAlgorithm(runs[0], "AES-256-GCM");
    ASSERT_NE(gcm, nullptr) << prose;
    EXPECT_EQ(gcm->cells.size(), 2u) << prose;
    EXPECT_TRUE(HasCaveat(runs[0], "Line 3: '")) << prose;
  }
  EXPECT_THAT(ImportErrorOf(table + "sha256 64000.00k garbled\n", "t.txt"),
              HasSubstr("t.txt:3: expected a throughput figure"));
  EXPECT_THAT(ImportErrorOf(table + "whirlpool 0m18.123s\n", "t.txt"),
              HasSubstr("t.txt:3: expected a throughput figure"));
  EXPECT_THAT(ImportErrorOf(table + "my-cipher 64000.00k garbled\n", "t.txt"),
              HasSubstr("t.txt:3: expected a throughput figure"));
  // Before any row of the table, a damaged line still refuses.
  EXPECT_THAT(ImportErrorOf("type 16 bytes 64 bytes\nreal\t0m18.123s\n", "t.txt"),
              HasSubstr("t.txt:2: expected a throughput figure"));
}

// Windows PowerShell's '>' writes UTF-16LE with a byte order mark: decoded whole, the first
// line included, and said in a caveat; big-endian and BOM-less UTF-16 too.
TEST(ImportRobustTest, Utf16FileIsDecodedAndSaid) {
  // The version on the first line, which the byte order mark spoilt.
  const std::string paste =
      "version: 3.0.13\n" + std::string(kTypeLine) +
      "AES-128-GCM 73199.42k 220411.12k 435064.21k 581664.88k 641874.92k 646187.19k\n";
  const auto utf16 = [](const std::string& text, bool little, bool bom) {
    std::string out = bom ? (little ? "\xff\xfe" : "\xfe\xff") : "";
    for (char c : text) {
      out += little ? std::string{c, '\0'} : std::string{'\0', c};
    }
    return out;
  };
  for (const auto& [little, bom] : {std::pair{true, true}, {false, true}, {true, false}}) {
    const std::vector<results::RunResult> runs = ImportText(utf16(paste, little, bom), "u.txt");
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].source.tool_version, "3.0.13") << little << bom;
    const results::AlgorithmResult* gcm = FindAlgorithm(runs[0], "AES-128-GCM");
    ASSERT_NE(gcm, nullptr);
    EXPECT_EQ(gcm->cells.size(), 6u);
    ASSERT_FALSE(runs[0].source.caveats.empty());
    EXPECT_THAT(runs[0].source.caveats.front(), HasSubstr("The file was UTF-16"));
  }
  // UTF-8 with its byte order mark: read, and no UTF-16 caveat.
  const std::vector<results::RunResult> utf8 = ImportText("\xef\xbb\xbf" + paste, "u.txt");
  ASSERT_EQ(utf8.size(), 1u);
  EXPECT_FALSE(HasCaveat(utf8[0], "UTF-16"));
  EXPECT_EQ(utf8[0].source.tool_version, "3.0.13");
}

// A -multi run whose children died before reporting (apps/speed.c's do_multi prints "Forked
// child N", echoes each child's records as "Got: ... from N" and says nothing of a child that
// stopped): with no figure at all the paste is refused at the first "Forked child" line with
// the reason, not "found none"; with the run's header, the library is imported and a caveat
// says the speed run gave nothing; a summary row of 0 no child record backs names the -multi.
TEST(ImportRobustTest, MultiRunWithoutChildrensFiguresSaysWhy) {
  for (const std::string& text :
       {std::string("$ openssl speed -multi 2 rsa2048\nForked child 0\nForked child 1\n"),
        std::string("$ openssl speed -multi 2\nGot: +H:16:64:256:1024:8192:16384 from 0\n"
                    "Got: +H:16:64:256:1024:8192:16384 from 1\n"),
        std::string("$ openssl speed -multi 2 rsa2048\nForked child 0\nForked child 1\n"
                    "+DTP:2048:private:rsa:10\n+DTP:2048:private:rsa:10\n")}) {
    const std::string error = ImportErrorOf(text);
    EXPECT_THAT(error, HasSubstr("paste.txt:2: expected figures from openssl speed's -multi "
                                 "children; openssl speed -multi ran 2 children"))
        << error;
    EXPECT_THAT(error, HasSubstr("no result of any of them")) << error;
    EXPECT_THAT(error, Not(HasSubstr("found none"))) << error;
  }

  const std::vector<results::RunResult> header_only = ImportText(
      "Forked child 0\nForked child 1\n"
      "version: 3.0.2\n"
      "built on: built on: Wed Feb  5 13:17:20 2025 UTC\n"
      "options: bn(64,64)\n"
      "CPUINFO: OPENSSL_ia32cap=0x7ffaf3bfffebffff:0x29c67af\n"
      "                  sign    verify    sign/s verify/s\n",
      "paste.txt");
  ASSERT_EQ(header_only.size(), 1u);
  EXPECT_TRUE(HasCaveat(header_only[0],
                        "Line 1: openssl speed -multi ran 2 children (its 'Forked child' lines)"))
      << ::testing::PrintToString(header_only[0].source.caveats);

  // A console message between the children's lines and the header ends the output that
  // forked them: the note goes to the run beside it.
  const std::vector<results::RunResult> interleaved = ImportText(
      "Forked child 0\nForked child 1\n"
      "[  254.685282] openssl[19312]: segfault at 0 ip 00007f3a0c1d2e10 sp 00007ffd error 4\n"
      "version: 3.0.2\n"
      "built on: built on: Wed Feb  5 13:17:20 2025 UTC\n",
      "paste.txt");
  ASSERT_FALSE(interleaved.empty());
  EXPECT_TRUE(HasCaveat(interleaved.back(), "Line 1: openssl speed -multi ran 2 children"))
      << ::testing::PrintToString(interleaved.back().source.caveats);

  const std::vector<results::RunResult> zero = ImportText(
      "Forked child 0\nForked child 1\n"
      "version: 3.5.0\n"
      "built on: Tue Apr  8 12:00:00 2025 UTC\n"
      "                              op      op/s\n"
      " 233 bits ecdh (K-233)      infs       0.0\n",
      "paste.txt");
  ASSERT_EQ(zero.size(), 1u);
  ASSERT_FALSE(zero[0].algorithms.empty());
  ASSERT_FALSE(zero[0].algorithms[0].cells.empty());
  EXPECT_THAT(zero[0].algorithms[0].cells[0].message,
              HasSubstr("openssl speed -multi 2's summary reported 0 at line 6: no child's "
                        "result for this cell reached the parent"));
}

// Text copied from a web page: its typography curls "rsa's" into "rsa’s", and its HTML source
// escapes the apostrophe. Public-key progress lines so quoted once made an invented
// "2048 bits EdDSA (rsa’s)" row repeating the RSA figures.
std::string RsaProgress(const std::string& apostrophe) {
  return "Doing 2048 bits private rsa" + apostrophe + "s for 10s: 17000 2048 bits private RSA" +
         apostrophe + "s in 9.99s\nDoing 2048 bits public rsa" + apostrophe +
         "s for 10s: 560000 2048 bits public RSA" + apostrophe +
         "s in 10.00s\n"
         "                  sign    verify    sign/s verify/s\n"
         "rsa 2048 bits 0.000588s 0.000018s   1701.7  56000.0\n";
}

TEST(ImportRobustTest, CurlyApostropheInPublicKeyProgressInventsNoRow) {
  for (const std::string apostrophe : {"\xE2\x80\x99", "\xE2\x80\x98"}) {
    const std::vector<results::RunResult> runs = ImportText(RsaProgress(apostrophe), "paste.txt");
    ASSERT_EQ(runs.size(), 1u);
    ASSERT_EQ(runs[0].algorithms.size(), 1u) << runs[0].algorithms.back().algorithm;
    EXPECT_EQ(runs[0].algorithms[0].algorithm, "RSA-2048");
    EXPECT_TRUE(HasCaveat(runs[0], "From line 1, non-breaking spaces, typographic quotes"));
  }
}

TEST(ImportRobustTest, EscapedApostropheInPublicKeyProgressInventsNoRow) {
  for (const std::string apostrophe : {"&#39;", "&#x27;", "&apos;"}) {
    const std::vector<results::RunResult> runs = ImportText(RsaProgress(apostrophe), "paste.txt");
    ASSERT_EQ(runs.size(), 1u) << apostrophe;
    ASSERT_EQ(runs[0].algorithms.size(), 1u) << runs[0].algorithms.back().algorithm;
    EXPECT_EQ(runs[0].algorithms[0].algorithm, "RSA-2048") << apostrophe;
    EXPECT_TRUE(HasCaveat(runs[0], "The paste is HTML-escaped (from line 1")) << apostrophe;
  }
}

// `text` with every space, or the first space of each run of them, a no-break space (U+00A0),
// as a web page's "&nbsp;" copies.
std::string WithNbsp(const std::string& text, bool every) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const bool first = i == 0 || text[i - 1] != ' ';
    out += text[i] == ' ' && (every || first) ? std::string("\xC2\xA0") : std::string(1, text[i]);
  }
  return out;
}

constexpr const char* kCbcRow =
    "aes-128-cbc     245097.59k   281600.00k   290133.33k   290133.33k   292181.33k   "
    "292181.33k\n";

// No-break spaces between the words and columns once refused the paste ("found none"), lost
// the 'type' line, or named the row "aes-128-cbc\u00a0".
TEST(ImportRobustTest, NoBreakSpacesReadAsSpaces) {
  const std::string paste = "$ openssl speed -evp aes-128-cbc\n" + std::string(kTypeLine) + kCbcRow;
  for (const bool every : {true, false}) {
    const std::vector<results::RunResult> runs = ImportText(WithNbsp(paste, every), "paste.txt");
    ASSERT_EQ(runs.size(), 1u) << every;
    ASSERT_EQ(runs[0].algorithms.size(), 1u) << runs[0].algorithms.back().algorithm;
    EXPECT_DOUBLE_EQ(BytesPerS(FindCell(runs[0], "AES-128-CBC", "encrypt", 16)), 245097590);
    EXPECT_DOUBLE_EQ(BytesPerS(FindCell(runs[0], "AES-128-CBC", "encrypt", 16384)), 292181330);
    EXPECT_FALSE(HasCaveat(runs[0], "without its 'type ... bytes' line")) << every;
  }
}

// "&nbsp;" of an HTML source once stayed in the row's name: a second row "aes-128-cbc&nbsp;"
// beside the one its progress line gave.
TEST(ImportRobustTest, EscapedNoBreakSpaceEndsTheName) {
  const std::vector<results::RunResult> runs = ImportText(
      "Doing aes-128-cbc for 3s on 16 size blocks: 45802612 aes-128-cbc's in 2.99s\n"
      "type&nbsp;16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes 16384 bytes\n"
      "aes-128-cbc&nbsp;   245097.59k   281600.00k   290133.33k   290133.33k   292181.33k   "
      "292181.33k\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  ASSERT_EQ(runs[0].algorithms.size(), 1u) << runs[0].algorithms.back().algorithm;
  EXPECT_DOUBLE_EQ(BytesPerS(FindCell(runs[0], "AES-128-CBC", "encrypt", 64)), 281600000);
}

// A quoted block of an HTML source ("&gt; " before every line) once named its row
// "&gt; aes-128-cbc" and lost the version and the -evp of its command (so a false "low-level
// API" caveat).
TEST(ImportRobustTest, EscapedQuotePrefixIsAQuotePrefix) {
  std::string paste;
  for (const std::string line :
       {"$ openssl version", "OpenSSL 1.1.1f  31 Mar 2020", "$ openssl speed -evp aes-128-cbc",
        "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
        "bytes",
        "aes-128-cbc     245097.59k   281600.00k   290133.33k   290133.33k   292181.33k   "
        "292181.33k"}) {
    paste += "&gt; " + line + "\n";
  }
  const std::vector<results::RunResult> runs = ImportText(paste, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  ASSERT_EQ(runs[0].algorithms.size(), 1u) << runs[0].algorithms.back().algorithm;
  EXPECT_EQ(runs[0].algorithms[0].algorithm, "AES-128-CBC");
  EXPECT_EQ(runs[0].library.version, "OpenSSL 1.1.1f  31 Mar 2020");
  EXPECT_FALSE(HasCaveat(runs[0], "low-level API"));
}

// A word processor's typography curled the banner's quotes ("The ’numbers’ are"): the banner
// was once glued onto the compiler line before it.
TEST(ImportRobustTest, CurlyQuotedBannerEndsTheCompilerLine) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ openssl speed -evp aes-128-cbc\nOpenSSL 1.1.1f  31 Mar 2020\n"
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O2 -DNDEBUG\n"
      "The \xE2\x80\x99numbers\xE2\x80\x99 are in 1000s of bytes per second processed.\n" +
          std::string(kTypeLine) + kCbcRow,
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].library.cflags.find("numbers"), std::string::npos) << runs[0].library.cflags;
  EXPECT_NE(FindAlgorithm(runs[0], "AES-128-CBC"), nullptr);
}

// ... and made the options' '-' en dashes ("openssl speed –elapsed –evp"): -elapsed was once
// not seen, so the figures were said to be timed in user CPU time.
TEST(ImportRobustTest, DashBeforeAnOptionIsAnOption) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ openssl speed \xE2\x80\x93"
      "elapsed \xE2\x80\x94"
      "evp aes-128-cbc\n" +
          std::string(kTypeLine) + kCbcRow,
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.timing_basis, "wall_clock");
  EXPECT_NE(FindAlgorithm(runs[0], "AES-128-CBC"), nullptr);
}

}  // namespace
}  // namespace cryptobench::import

namespace cryptobench::import {
namespace {

// botan#1019 (tryout 18): OpenSSL 1.1.0e's ECDSA table whose stored copy ends inside its last
// row. The cut row is skipped, named, and recomputed from its progress lines; the rest stands.
TEST(ImportRobustTest, PublicKeyRowCutAtThePastesEndIsSkippedAndNamed) {
  const std::string text =
      "Doing 256 bit sign ecdsa's for 10s: 174898 256 bit ECDSA signs in 10.01s \n"
      "Doing 256 bit verify ecdsa's for 10s: 74683 256 bit ECDSA verify in 10.00s\n"
      "Doing 521 bit sign ecdsa's for 10s: 19539 521 bit ECDSA signs in 10.01s \n"
      "Doing 521 bit verify ecdsa's for 10s: 4798 521 bit ECDSA verify in 10.01s\n"
      "                              sign    verify    sign/s verify/s\n"
      " 256 bit ecdsa (nistp256)   0.0001s   0.0001s  17472.3   7468.3\n"
      " 521 bit ecdsa (nistp521)   0.0005s   0.0021s   1\n";
  const std::vector<results::RunResult> runs = ImportText(text, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::AlgorithmResult* p256 = FindAlgorithm(runs[0], "ECDSA-P256");
  ASSERT_NE(p256, nullptr);
  EXPECT_DOUBLE_EQ(p256->cells.front().figures->ops_per_s.value, 17472.3);
  EXPECT_TRUE(HasCaveat(runs[0], "Line 7: the public-key row '521 bit ecdsa (nistp521)' stops"));
  const results::AlgorithmResult* p521 = FindAlgorithm(runs[0], "521 bits ecdsa (nistp521)");
  ASSERT_NE(p521, nullptr);  // from its progress lines, not the cut "1"
  EXPECT_NEAR(p521->cells.front().figures->ops_per_s.value, 19539 / 10.01, 0.01);
}

// A row cut inside the table, with rows after it, is damage the paste cannot explain: refused.
TEST(ImportRobustTest, PublicKeyRowCutInsideTheTableIsRefused) {
  const std::string text =
      "                              sign    verify    sign/s verify/s\n"
      " 256 bit ecdsa (nistp256)   0.0001s   0.0001s  17472.3\n"
      " 384 bit ecdsa (nistp384)   0.0002s   0.0010s   4067.4    977.2\n";
  EXPECT_NE(ImportErrorOf(text).find(":2: expected as many rates"), std::string::npos)
      << ImportErrorOf(text);
}

// Every line wrapped in backticks, the compiler line broken into code spans ("-``D"): the
// compiler line is read like the others, not skipped as another program's (tryout 32 D7).
// From github.com/openssl/openssl issue 13516 (yxungh, 2020-11-26), trimmed.
TEST(ImportRobustTest, BacktickWrappedCompilerLineBrokenIntoSpansIsRead) {
  const auto runs = ImportText(
      "`Doing aes-128 cbc for 3s on 16384 size blocks: 33282 aes-128 cbc's in 3.00s`\n"
      "`OpenSSL 1.1.1f  31 Mar 2020`\n"
      "`built on: Mon Aug 17 03:20:00 2020 UTC`\n"
      "`options:bn(64,64) rc4(16x,int) des(int) aes(partial) idea(int) blowfish(ptr) `\n"
      "`compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
      "-DL_ENDIAN -DOPENSSL_PIC -``DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -DOPENSSL_BN_ASM_MONT "
      "-DOPENSSL_BN_ASM_MONT5 -``DOPENSSL_BN_ASM_GF2m -DSHA1_ASM -DSHA256_ASM -DSHA512_ASM "
      "-DKECCAK1600_ASM -DRC4_ASM -DMD5_ASM -``DAESNI_ASM -DVPAES_ASM -DGHASH_ASM "
      "-DECP_NISTZ256_ASM -DX25519_ASM -DPOLY1305_ASM -DNDEBUG`\n",
      "t");
  ASSERT_EQ(runs.size(), 1u);
  const std::string& cflags = runs[0].library.cflags;
  EXPECT_THAT(cflags, HasSubstr(" -m64 "));
  EXPECT_THAT(cflags, HasSubstr(" -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 "));
  EXPECT_THAT(cflags, HasSubstr(" -DAESNI_ASM -DVPAES_ASM "));
  EXPECT_EQ(cflags.find('`'), std::string::npos) << cflags;
  EXPECT_FALSE(HasCaveat(runs[0], "Line 5 is no output of this tool"))
      << ::testing::PrintToString(runs[0].source.caveats);
}

}  // namespace
}  // namespace cryptobench::import
