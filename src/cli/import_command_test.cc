// End-to-end tests of `cryptobench import` through the real executable: formats, stdin,
// --output, and exit status 2 with "error: FILE:LINE: expected ..." and nothing written.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

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
}  // namespace cryptobench::cli
