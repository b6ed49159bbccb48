// End-to-end tests of `cryptobench report` through the real executable: saved speed JSON in
// every format, several files as one report, repeated --output with formats from extensions,
// the terminal table kept, and the refusals (exit 2, one line, nothing written).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "integration/cli_runner.h"

namespace cryptobench::cli {
namespace {

using testing::CliResult;
using testing::RunCryptobench;

const std::string kData = CRYPTOBENCH_TEST_DATA_DIR;
const std::string kRun = kData + "/fixtures/results/sample-run.json";

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string Golden(const std::string& name) { return ReadFile(kData + "/golden/" + name); }

class ReportCommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("cryptobench_report_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Path(const std::string& name) const { return (dir_ / name).string(); }
  // A second file with `source`'s bytes: report refuses one file given twice.
  std::string CopyOf(const std::string& source) const {
    const std::string copy = Path("copy-" + std::filesystem::path(source).filename().string());
    std::filesystem::copy_file(source, copy, std::filesystem::copy_options::overwrite_existing);
    return copy;
  }
  std::filesystem::path dir_;
};

// A result JSON saved as UTF-16 (Windows PowerShell's '>' writes UTF-16LE with a byte order
// mark) is read as the same document, as is one with a UTF-8 byte order mark (new-user tryout:
// 'not a result JSON').
TEST_F(ReportCommandTest, AUtf16ResultJsonIsRead) {
  const std::string json = ReadFile(kRun);
  std::string le = "\xFF\xFE";
  std::string be = "\xFE\xFF";
  for (const char c : json) {  // the fixture is ASCII
    le += c;
    le += '\0';
    be += '\0';
    be += c;
  }
  std::ofstream(Path("le.json"), std::ios::binary) << le;
  std::ofstream(Path("be.json"), std::ios::binary) << be;
  std::ofstream(Path("bom.json"), std::ios::binary) << "\xEF\xBB\xBF" << json;
  for (const char* name : {"le.json", "be.json", "bom.json"}) {
    const CliResult r = RunCryptobench({"report", Path(name)});
    ASSERT_EQ(r.exit_status, 0) << name << ": " << r.err;
    EXPECT_EQ(r.out, Golden("speed-table.txt")) << name;
  }
}

// A saved run renders exactly as speed rendered it (the speed goldens come from the same file).
TEST_F(ReportCommandTest, RendersASavedRunAsSpeedDoes) {
  const CliResult table = RunCryptobench({"report", kRun});
  ASSERT_EQ(table.exit_status, 0) << table.err;
  EXPECT_EQ(table.out, Golden("speed-table.txt"));
  for (const auto& [format, golden] : {std::pair<std::string, std::string>{"md", "speed.md"},
                                       {"csv", "speed.csv"},
                                       {"openssl", "speed-openssl.txt"},
                                       {"text", "speed-table.txt"}}) {
    const CliResult r = RunCryptobench({"report", kRun, "--format", format});
    ASSERT_EQ(r.exit_status, 0) << format << ": " << r.err;
    EXPECT_EQ(r.out, Golden(golden)) << format;
  }
}

TEST_F(ReportCommandTest, OutputsTakeTheirExtensionsFormatAndTheTerminalKeepsItsTable) {
  const CliResult r = RunCryptobench({"report", kRun, "-o", Path("a.json"), "--output",
                                      Path("b.csv"), "-o", Path("c.md"), "-o", Path("d.out")});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.out, Golden("speed-table.txt"));
  EXPECT_EQ(ReadFile(Path("b.csv")), Golden("speed.csv"));
  EXPECT_EQ(ReadFile(Path("c.md")), Golden("speed.md"));
  EXPECT_EQ(ReadFile(Path("d.out")), Golden("speed-table.txt"));  // no extension's format
  // The JSON written reads back to the same report.
  const CliResult again = RunCryptobench({"report", Path("a.json")});
  ASSERT_EQ(again.exit_status, 0) << again.err;
  EXPECT_EQ(again.out, Golden("speed-table.txt"));
  // Beside --output the terminal keeps the table; --format is the format of outputs whose
  // extension names none.
  const CliResult md = RunCryptobench({"report", kRun, "--format", "markdown", "-o", Path("e")});
  ASSERT_EQ(md.exit_status, 0) << md.err;
  EXPECT_EQ(md.out, Golden("speed-table.txt"));
  EXPECT_EQ(ReadFile(Path("e")), Golden("speed.md"));
}

// HTML: the page speed writes (tests/golden/speed.html), to the terminal with --format and to
// a .html output beside the table; several files are one page.
TEST_F(ReportCommandTest, WritesTheHtmlPage) {
  const CliResult page = RunCryptobench({"report", kRun, "--format", "html"});
  ASSERT_EQ(page.exit_status, 0) << page.err;
  EXPECT_EQ(page.out, Golden("speed.html"));
  const CliResult file = RunCryptobench({"report", kRun, "-o", Path("run.html")});
  ASSERT_EQ(file.exit_status, 0) << file.err;
  EXPECT_EQ(file.out, Golden("speed-table.txt"));
  EXPECT_EQ(ReadFile(Path("run.html")), Golden("speed.html"));
  const CliResult two = RunCryptobench({"report", kRun, CopyOf(kRun), "--format", "html"});
  ASSERT_EQ(two.exit_status, 0) << two.err;
  EXPECT_EQ(two.out.find("<!DOCTYPE html>"), 0u);
  EXPECT_EQ(two.out.find("<!DOCTYPE html>", 1), std::string::npos);
}

TEST_F(ReportCommandTest, SeveralFilesAreOneReport) {
  const CliResult json = RunCryptobench({"report", kRun, CopyOf(kRun), "--format", "json"});
  ASSERT_EQ(json.exit_status, 0) << json.err;
  EXPECT_NE(json.out.find("\"runs\": ["), std::string::npos);
  const CliResult table = RunCryptobench({"report", kRun, CopyOf(kRun)});
  ASSERT_EQ(table.exit_status, 0) << table.err;
  EXPECT_EQ(table.out, Golden("speed-table.txt") + "\n" + Golden("speed-table.txt"));
}

// A saved run in Google Benchmark's layout (docs/formats.md), its figures the run's.
TEST_F(ReportCommandTest, WritesGoogleBenchmarksJson) {
  const CliResult r = RunCryptobench({"report", kRun, "--format", "gbench-json"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  ASSERT_TRUE(doc.contains("context"));
  ASSERT_FALSE(doc.at("benchmarks").empty());
  EXPECT_EQ(doc.at("benchmarks").at(0).at("time_unit"), "ns");
  // No extension names it: -o x.json is cryptobench's own JSON.
  const CliResult both = RunCryptobench(
      {"report", kRun, "--format", "gbench-json", "-o", Path("own.json"), "-o", Path("g")});
  ASSERT_EQ(both.exit_status, 0) << both.err;
  EXPECT_TRUE(nlohmann::json::parse(ReadFile(Path("own.json"))).contains("algorithms"));
  EXPECT_TRUE(nlohmann::json::parse(ReadFile(Path("g"))).contains("benchmarks"));
}

TEST_F(ReportCommandTest, RefusalsExitTwoInOneLineAndWriteNothing) {
  std::filesystem::copy_file(kRun, Path("in.json"));
  const std::string before = ReadFile(Path("in.json"));
  const struct {
    std::vector<std::string> args;
    std::string error;
  } cases[] = {
      {{"report", kRun, "-o", Path("a.json"), "-o", Path("./a.json")}, "name one file"},
      {{"report", Path("in.json"), "-o", Path("in.json")}, "is the input"},
      {{"report", kRun, "--format", "xml"}, "unknown format"},
      {{"report", kData + "/fixtures/import/openssl-3.0-mr.txt"}, "not a result JSON"},
      {{"report", Path("missing.json")}, "cannot read"},
      // As speed refuses it: openssl speed's layout holds one library.
      {{"report", kData + "/fixtures/results/three-backends.json", "--format", "openssl"},
       "runs of 3 backends; the openssl speed layout holds one library"},
  };
  for (const auto& c : cases) {
    const CliResult r = RunCryptobench(c.args);
    EXPECT_EQ(r.exit_status, 2) << c.args.back() << ": " << r.err;
    EXPECT_NE(r.err.find(c.error), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
  EXPECT_FALSE(std::filesystem::exists(Path("a.json")));
  EXPECT_EQ(ReadFile(Path("in.json")), before);
}

// Saved doctor and compare reports: HTML is the page their commands draw (the same goldens),
// the other text formats come from the same document, and what they cannot be is refused.
TEST_F(ReportCommandTest, RendersSavedDoctorAndCompareReports) {
  const std::string doctor = kData + "/golden/doctor.json";
  const std::string compare = kData + "/golden/compare/three-sides.json";
  const CliResult page = RunCryptobench({"report", doctor, "--format", "html"});
  ASSERT_EQ(page.exit_status, 0) << page.err;
  EXPECT_EQ(page.out, Golden("doctor.html"));
  const CliResult both = RunCryptobench(
      {"report", compare, "-o", Path("c.html"), "-o", Path("c.json"), "-o", Path("c.md")});
  ASSERT_EQ(both.exit_status, 0) << both.err;
  EXPECT_EQ(ReadFile(Path("c.html")), Golden("compare/three-sides.html"));
  EXPECT_EQ(nlohmann::json::parse(ReadFile(Path("c.json"))),
            nlohmann::json::parse(Golden("compare/three-sides.json")));
  EXPECT_NE(ReadFile(Path("c.md")).find("## cryptobench compare"), std::string::npos);
  // CSV: compare's own records (what compare --format csv wrote for it), not its HTML tables.
  const CliResult csv = RunCryptobench({"report", compare, "--format", "csv"});
  ASSERT_EQ(csv.exit_status, 0) << csv.err;
  EXPECT_EQ(csv.out, Golden("compare/three-sides.csv"));
  EXPECT_NE(both.out.find("cryptobench compare"), std::string::npos);  // the terminal's table
  // Doctor and compare together: one page.
  const CliResult one = RunCryptobench({"report", doctor, compare, "--format", "html"});
  ASSERT_EQ(one.exit_status, 0) << one.err;
  EXPECT_NE(one.out.find("<h1>cryptobench doctor"), std::string::npos);
  EXPECT_NE(one.out.find("<h1>cryptobench compare</h1>"), std::string::npos);
  EXPECT_EQ(one.out.find("<!DOCTYPE html>", 1), std::string::npos);
  const struct {
    std::vector<std::string> args;
    std::string error;
  } cases[] = {
      {{"report", doctor, "--format", "openssl"}, "a doctor report; report writes it as"},
      {{"report", doctor, kRun}, "report renders files of one kind together"},
      {{"report", doctor, compare, "--format", "json"}, "give one"},
  };
  for (const auto& c : cases) {
    const CliResult r = RunCryptobench(c.args);
    EXPECT_EQ(r.exit_status, 2) << r.err;
    EXPECT_NE(r.err.find(c.error), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

// The runs of one `speed --backend a,b` come back in speed's side-by-side layout (the table,
// Markdown and CSV speed printed, not run by run), and gbench-json is one document.
TEST_F(ReportCommandTest, SeveralBackendsOfOneRunAreSideBySide) {
  const std::string runs = kData + "/fixtures/results/three-backends.json";
  const CliResult md = RunCryptobench({"report", runs, "--format", "markdown"});
  ASSERT_EQ(md.exit_status, 0) << md.err;
  EXPECT_EQ(md.out.rfind("## cryptobench results, 3 backends", 0), 0u) << md.out.substr(0, 200);
  EXPECT_EQ(md.out.find("## cryptobench results\n"), std::string::npos);
  const CliResult gbench = RunCryptobench({"report", runs, "--format", "gbench-json"});
  ASSERT_EQ(gbench.exit_status, 0) << gbench.err;
  nlohmann::json doc;
  ASSERT_NO_THROW(doc = nlohmann::json::parse(gbench.out)) << gbench.out.substr(0, 200);
  EXPECT_TRUE(doc.contains("benchmarks"));
}

// A saved scaling sweep (speed --threads 1,2 -o FILE) comes back with its scaling tables, as
// the live run printed them, in every format (the goldens ScalingGoldenTest checks too), and its
// JSON is the file itself.
TEST_F(ReportCommandTest, RendersASavedScalingSweep) {
  const std::string sweep = kData + "/fixtures/results/sweep-1-2.json";
  const CliResult table = RunCryptobench({"report", sweep});
  ASSERT_EQ(table.exit_status, 0) << table.err;
  EXPECT_EQ(table.out, Golden("scaling.txt"));
  const CliResult files = RunCryptobench({"report", sweep, "-o", Path("s.md"), "-o", Path("s.csv"),
                                          "-o", Path("s.html"), "-o", Path("s.json")});
  ASSERT_EQ(files.exit_status, 0) << files.err;
  EXPECT_EQ(files.out, Golden("scaling.txt"));
  EXPECT_EQ(ReadFile(Path("s.md")), Golden("scaling.md"));
  EXPECT_EQ(ReadFile(Path("s.csv")), Golden("scaling.csv"));
  EXPECT_EQ(ReadFile(Path("s.html")), Golden("scaling.html"));
  EXPECT_EQ(ReadFile(Path("s.json")), ReadFile(sweep));
  const struct {
    std::vector<std::string> args;
    std::string error;
  } cases[] = {
      {{"report", sweep, "--format", "openssl"}, "a scaling sweep; report writes it as"},
      {{"report", sweep, "--format", "gbench-json"}, "a scaling sweep; report writes it as"},
      {{"report", sweep, kRun}, "report renders files of one kind together"},
      {{"report", sweep, CopyOf(sweep), "--format", "json"}, "give one"},
      {{"report", sweep, sweep}, "are one file: give each input once"},
  };
  for (const auto& c : cases) {
    const CliResult r = RunCryptobench(c.args);
    EXPECT_EQ(r.exit_status, 2) << r.err;
    EXPECT_NE(r.err.find(c.error), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

}  // namespace
}  // namespace cryptobench::cli
