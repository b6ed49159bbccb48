// End-to-end tests of `cryptobench import` through the real executable: formats, stdin,
// --output, and exit status 2 with "error: FILE:LINE: expected ..." and nothing written.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include "integration/cli_runner.h"

namespace cryptobench::cli {
namespace {

using testing::CliResult;
using testing::RunCryptobench;

const std::string kFixtures = std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/import/";

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(ImportCommandTest, TableByDefaultLikeEveryCommand) {
  const CliResult result = RunCryptobench({"import", kFixtures + "openssl-1.1.1-evp.txt"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const CliResult table =
      RunCryptobench({"import", kFixtures + "openssl-1.1.1-evp.txt", "--format", "table"});
  ASSERT_EQ(table.exit_status, 0) << table.err;
  EXPECT_EQ(result.out, table.out);
  EXPECT_NE(result.out.front(), '{');
}

TEST(ImportCommandTest, JsonOneRunIsTheDocument) {
  const CliResult result =
      RunCryptobench({"import", kFixtures + "openssl-3.0-cpuinfo.txt", "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const nlohmann::json doc = nlohmann::json::parse(result.out);
  EXPECT_EQ(doc["schema_version"], 1);
  EXPECT_EQ(doc["source"]["kind"], "imported");
  EXPECT_EQ(doc["source"]["timing_basis"], "user_cpu");
}

TEST(ImportCommandTest, SeveralRunsAreWrapped) {
  const CliResult result =
      RunCryptobench({"import", kFixtures + "two-runs.txt", "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const nlohmann::json doc = nlohmann::json::parse(result.out);
  ASSERT_TRUE(doc.contains("runs"));
  EXPECT_EQ(doc["runs"].size(), 2u);
}

TEST(ImportCommandTest, TableMarkdownAndCsvRender) {
  for (const char* format : {"table", "markdown", "csv"}) {
    const CliResult result =
        RunCryptobench({"import", kFixtures + "openssl-1.1.1-evp.txt", "--format", format});
    ASSERT_EQ(result.exit_status, 0) << format << ": " << result.err;
    EXPECT_NE(result.out.find("AES-128-GCM"), std::string::npos) << format;
  }
}

TEST(ImportCommandTest, ReadsStandardInput) {
  const std::string command = "cat '" + kFixtures + "openssl-3.0-mr.txt' | '" +
                              std::string(CRYPTOBENCH_BINARY) + "' import - --format json 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string out;
  char buffer[4096];
  size_t n = 0;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) {
    out.append(buffer, n);
  }
  const int status = pclose(pipe);
  EXPECT_EQ(WEXITSTATUS(status), 0) << out;
  const nlohmann::json doc = nlohmann::json::parse(out);
  EXPECT_EQ(doc["source"]["file"], "<stdin>");
}

// The --output file's extension names its format; the terminal keeps the table (issue 16:
// until then import --output printed nothing).
TEST(ImportCommandTest, OutputFileIsWritten) {
  const auto dir = std::filesystem::temp_directory_path() / "cryptobench_import_out";
  std::filesystem::create_directories(dir);
  const auto path = dir / "runs.json";
  std::filesystem::remove(path);
  const CliResult result =
      RunCryptobench({"import", kFixtures + "openssl-version-a.txt", "--output", path.string()});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const CliResult table = RunCryptobench({"import", kFixtures + "openssl-version-a.txt"});
  ASSERT_EQ(table.exit_status, 0) << table.err;
  EXPECT_EQ(result.out, table.out);
  EXPECT_EQ(nlohmann::json::parse(ReadFile(path))["runs"].size(), 3u);
  std::filesystem::remove_all(dir);
}

TEST(ImportCommandTest, UnreadableInputExitsTwoAndWritesNothing) {
  const auto dir = std::filesystem::temp_directory_path() / "cryptobench_import_bad";
  std::filesystem::create_directories(dir);
  const auto path = dir / "never.json";
  std::filesystem::remove(path);
  const std::string input = kFixtures + "malformed-row.txt";
  const CliResult result = RunCryptobench({"import", input, "--output", path.string()});
  EXPECT_EQ(result.exit_status, 2);
  EXPECT_EQ(result.err.rfind("error: " + input + ":12: expected a throughput figure", 0), 0u)
      << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1);
  EXPECT_FALSE(std::filesystem::exists(path));
  std::filesystem::remove_all(dir);

  EXPECT_EQ(RunCryptobench({"import", "/nonexistent/speed.txt"}).exit_status, 2);
  EXPECT_EQ(RunCryptobench({"import", "-"}).exit_status, 2);  // empty stdin: nothing to read
  EXPECT_EQ(RunCryptobench({"import", input, "--format", "xml"}).exit_status, 2);
}

// A paste whose every cell failed (rows of 0.00 after progress lines counting 0 operations) is
// read, its cells errors, but the openssl speed layout leaves out rows without a figure: it
// would write a file that import cannot read back. --format openssl refuses it with one line and
// exit status 2, writing nothing; JSON keeps the failures.
TEST(ImportCommandTest, OpensslLayoutRefusesARunWithoutAnyFigure) {
  const auto dir = std::filesystem::temp_directory_path() / "cryptobench_import_all_failed";
  std::filesystem::create_directories(dir);
  const auto input = dir / "failed.txt";
  {
    std::ofstream out(input);
    out << "$ openssl speed -evp aes-128-gcm\n"
           "Doing AES-128-GCM for 3s on 16 size blocks: 0 AES-128-GCM's in 3.00s\n"
           "Doing AES-128-GCM for 3s on 64 size blocks: 0 AES-128-GCM's in 3.00s\n"
           "version: 3.0.13\n"
           "The 'numbers' are in 1000s of bytes per second processed.\n"
           "type             16 bytes     64 bytes\n"
           "AES-128-GCM          0.00         0.00\n";
  }
  const auto written = dir / "out.txt";
  const CliResult refused = RunCryptobench(
      {"import", input.string(), "--format", "openssl", "--output", written.string()});
  EXPECT_EQ(refused.exit_status, 2) << refused.out;
  EXPECT_NE(refused.err.find("openssl speed layout"), std::string::npos) << refused.err;
  EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
  EXPECT_EQ(refused.out, "");
  EXPECT_FALSE(std::filesystem::exists(written));
  const CliResult json = RunCryptobench({"import", input.string(), "--format", "json"});
  EXPECT_EQ(json.exit_status, 0) << json.err;
  std::filesystem::remove_all(dir);
}

TEST(ImportCommandTest, AResultJsonIsSentToCompareOrDoctor) {
  // import's own output fed back to it: already a result, not a tool's text output.
  const auto dir = std::filesystem::temp_directory_path() / "cryptobench_import_json";
  std::filesystem::create_directories(dir);
  const auto result_json = dir / "result.json";
  ASSERT_EQ(RunCryptobench({"import", kFixtures + "openssl-3.0-mr.txt", "-o", result_json.string()})
                .exit_status,
            0);
  const CliResult again = RunCryptobench({"import", result_json.string()});
  EXPECT_EQ(again.exit_status, 2);
  EXPECT_EQ(again.err, "error: " + result_json.string() +
                           " is already a cryptobench result (JSON): show it with `cryptobench "
                           "report`, use it with `cryptobench compare` or `cryptobench doctor "
                           "--from`; import reads other tools' text output\n");
  EXPECT_TRUE(again.out.empty());

  const auto other_json = dir / "other.json";
  std::ofstream(other_json) << "  {\"benchmarks\": []}\n";
  const CliResult other = RunCryptobench({"import", other_json.string()});
  EXPECT_EQ(other.exit_status, 2);
  EXPECT_EQ(other.err.rfind("error: " + other_json.string() +
                                " is a JSON document, not output "
                                "import reads",
                            0),
            0u)
      << other.err;
  EXPECT_EQ(std::count(other.err.begin(), other.err.end(), '\n'), 1);

  // cryptobench's own documents that hold no result are named.
  const auto list_json = dir / "list.json";
  const CliResult listed = RunCryptobench({"list", "--format", "json"});
  ASSERT_EQ(listed.exit_status, 0) << listed.err;
  std::ofstream(list_json) << listed.out;
  const CliResult list = RunCryptobench({"import", list_json.string()});
  EXPECT_EQ(list.exit_status, 2);
  EXPECT_NE(list.err.find("an algorithm list (cryptobench list --format json), not a result"),
            std::string::npos)
      << list.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
// New-user tryout: a paste whose only figures no measurement can give (a version line and one
// row of figures beyond any hardware, a row whose 7 figures fit no size list, progress lines
// with a negative time) made an empty or error-only result with exit status 0. import, compare
// and doctor --from refuse it in one line that says what was found and why it was not used;
// doctor --from names a fault of the speed tool instead where it knows one.
TEST(ImportCommandTest, OnlyUnusableFiguresAreRefusedByImportCompareAndDoctor) {
  struct Case {
    std::string file;
    std::string says;
  };
  for (const Case& c :
       {Case{"only-implausible.txt",
             ":3: expected a figure that can be a measurement; found 6 figures, and none can be "
             "one: AES-128-CBC encrypt at 16 B: implausible figure at line 3: 1e+16 bytes/s is "
             "above 1e+15 bytes/s"},
        Case{"version-and-unsized-row.txt",
             ":2: expected a figure import can use; found only a table row without its 'type ... "
             "bytes' line, whose 7 figures fit no size list openssl speed uses"},
        Case{"only-impossible-timer.txt",
             ":2: expected a figure that can be a measurement; found 2 figures, and none can be "
             "one: AES-128-CBC encrypt at 16 B: impossible timer value: reports 1000 operations "
             "in -1 s"}}) {
    const std::string path = kFixtures + c.file;
    const std::string copy = ::testing::TempDir() + "/copy-" + c.file;
    std::filesystem::copy_file(path, copy, std::filesystem::copy_options::overwrite_existing);
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"import", path}, std::vector<std::string>{"compare", path, copy},
          std::vector<std::string>{"doctor", "--from", path}}) {
      const CliResult result = RunCryptobench(args);
      if (args[0] == "doctor" && c.file == "only-impossible-timer.txt") {
        // doctor --from knows openssl speed's faults: it names this one instead (a negative
        // time is no measurement; the speed tool or its run is at fault).
        EXPECT_EQ(result.exit_status, 1) << result.err;
        EXPECT_NE(result.out.find("[warning] tool.impossible-figure"), std::string::npos)
            << result.out;
        continue;
      }
      if (args[0] == "import" && c.file == "only-impossible-timer.txt") {
        // import agrees with doctor --from (tryout 19): a fault the speed tool's knowledge
        // names is read, its cells errors, not refused as bad input.
        EXPECT_EQ(result.exit_status, 0) << result.err;
        EXPECT_NE(result.out.find("impossible timer value"), std::string::npos) << result.out;
        continue;
      }
      EXPECT_EQ(result.exit_status, 2) << args[0] << " " << c.file << "\n" << result.out;
      EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
      EXPECT_NE(result.err.find(c.says), std::string::npos) << args[0] << ": " << result.err;
    }
  }
}

// New-user tryout 19 (p23-nan.txt): import refused a paste that doctor --from read (exit 2
// against 1). Its figures are openssl speed's failure signs (a negative rate is a count of -1,
// apps/speed.c run_benchmark), which doctor names (tool.figure-cannot-tell): a report of a
// failed measurement, not bad input, so import reads it too. Each cell is quoted as pasted:
// line 4's "1e308k" overflows to inf in 1000s, but the message named 'inf', which line 4 lacks.
TEST(ImportCommandTest, FailedOperationSignsAreReadByImportAsByDoctorAndQuotedAsPasted) {
  const std::string path = kFixtures + "failed-and-impossible-figures.txt";
  const CliResult doctor = RunCryptobench({"doctor", "--from", path});
  EXPECT_EQ(doctor.exit_status, 1) << doctor.err;
  EXPECT_NE(doctor.out.find("[warning] tool.figure-cannot-tell"), std::string::npos) << doctor.out;
  const CliResult imported = RunCryptobench({"import", path, "--format", "json"});
  ASSERT_EQ(imported.exit_status, 0) << imported.err;
  EXPECT_NE(imported.out.find("\"impossible figure '1e308k' at line 4\""), std::string::npos)
      << imported.out;
  EXPECT_NE(imported.out.find("\"impossible figure '-5.00k' at line 4\""), std::string::npos)
      << imported.out;
  EXPECT_EQ(imported.out.find("'inf' at line 4"), std::string::npos) << imported.out;
  EXPECT_NE(imported.out.find("sha256 hash reports an impossible figure (1e308k)"),
            std::string::npos)
      << imported.out;
  // doctor reads the 'k' back: line 4's 16-byte cell is -5000 bytes/s, a failed operation.
  EXPECT_NE(doctor.out.find("prints -5000 bytes/s"), std::string::npos) << doctor.out;
  EXPECT_EQ(doctor.out.find("'inf' at line 4"), std::string::npos) << doctor.out;
}

// New-user tryout: a tab inside a pasted version line printed as "\u0009". Text output shows a
// space; JSON escapes the tab as JSON does.
TEST(ImportCommandTest, ATabInAPastedLineIsASpaceInTextAndATabInJson) {
  const CliResult text = RunCryptobench({"import", kFixtures + "version-with-tabs.txt"});
  ASSERT_EQ(text.exit_status, 0) << text.err;
  EXPECT_NE(text.out.find("Library:        OpenSSL 3.0.2 15 Mar 2022\n"), std::string::npos)
      << text.out;
  EXPECT_EQ(text.out.find("\\u0009"), std::string::npos) << text.out;
  const CliResult json =
      RunCryptobench({"import", kFixtures + "version-with-tabs.txt", "--format", "json"});
  ASSERT_EQ(json.exit_status, 0) << json.err;
  EXPECT_NE(json.out.find("\"version\": \"OpenSSL 3.0.2\\t15 Mar 2022\""), std::string::npos)
      << json.out;
}

}  // namespace cryptobench::cli
