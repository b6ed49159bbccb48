// End-to-end tests of `cryptobench doctor --from FILE`: verdicts for pasted output and result
// JSON without measuring, exit statuses 0/1/2, standard input, and options that need a library.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include "integration/cli_runner.h"

namespace cryptobench::testing {
namespace {

using nlohmann::json;

const std::string kFixtures = std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/";

const json* FindVerdict(const json& doc, const std::string& algorithm) {
  for (const json& verdict : doc.at("verdicts")) {
    if (verdict.at("algorithm") == algorithm) {
      return &verdict;
    }
  }
  return nullptr;
}

TEST(DoctorFromCliTest, AcceleratedReportExitsZeroWithTheTextsLimits) {
  const CliResult r = RunCryptobench(
      {"doctor", "--from", kFixtures + "doctor-from/openssl-3.0-aesni.txt", "--format", "json"});
  EXPECT_EQ(r.exit_status, 0) << r.err;
  const json doc = ParseJson(r);
  ASSERT_TRUE(doc.contains("from_report")) << r.out;
  EXPECT_EQ(doc["from_report"]["kind"], "imported");
  EXPECT_EQ(doc["from_report"]["tool_version"], "3.0.11");
  EXPECT_FALSE(doc["from_report"]["cannot_know"].empty());
  const json* aes = FindVerdict(doc, "AES-128-CBC");
  ASSERT_NE(aes, nullptr) << r.out;
  EXPECT_EQ(aes->at("status"), "accelerated") << aes->at("line");
  // One figure as reported: no mask experiment, no CI.
  ASSERT_EQ(aes->at("measurements").size(), 1u);
  EXPECT_EQ(aes->at("measurements")[0]["ci_low"], 0.0);
  EXPECT_EQ(doc["exit_status"], 0);
}

TEST(DoctorFromCliTest, NoAsmReportExitsOne) {
  const CliResult r =
      RunCryptobench({"doctor", "--from", kFixtures + "doctor-from/openssl-3.0-noasm.txt"});
  EXPECT_EQ(r.exit_status, 1) << r.err;
  EXPECT_NE(r.out.find("AES-128-CBC encrypt: NOT accelerated: built without assembly"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("What the report cannot tell"), std::string::npos);
}

TEST(DoctorFromCliTest, StandardInputIsRead) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("cryptobench_from_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::string command = std::string("'") + CRYPTOBENCH_BINARY +
                              "' doctor --from - --format markdown <'" + kFixtures +
                              "doctor-from/openssl-3.0-aesni.txt' >'" + (dir / "out").string() +
                              "' 2>'" + (dir / "err").string() + "'";
  const int status = std::system(command.c_str());
  std::stringstream out;
  out << std::ifstream(dir / "out").rdbuf();
  std::filesystem::remove_all(dir);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_NE(out.str().find("## cryptobench doctor --from"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("Report \\<stdin>"), std::string::npos) << out.str();
}

// A paste of two machines, each block with its own CPU lines: the desktop's model and AES flag
// are no facts of the Raspberry Pi's run, so its software AES is not "AES-NI unused" and its
// clock is not the desktop's "@ 3.20GHz".
TEST(DoctorFromCliTest, OneMachinesCpuLinesDoNotJudgeAnotherBlocksRun) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("cryptobench_two_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::string table =
      "$ openssl speed -evp aes-128-cbc\n"
      "OpenSSL 1.1.1n  15 Mar 2022\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n";
  std::ofstream(dir / "two.txt")
      << "$ grep -m2 -E 'model name|flags' /proc/cpuinfo\n"
         "model name\t: Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz\n"
         "flags\t\t: fpu vme de pse tsc msr pae sse sse2 ssse3 sse4_1 sse4_2 aes avx avx2\n"
      << table
      << "aes-128-cbc     800000.00k  1066666.67k  1109333.33k  1160533.33k  1174186.67k  "
         "1174186.67k\n\n"
         "$ grep -E 'Hardware|Model' /proc/cpuinfo\n"
         "Hardware\t: BCM2835\n"
         "Model\t\t: Raspberry Pi 3 Model B Rev 1.2\n"
      << table
      << "aes-128-cbc      26666.67k    30000.00k    31000.00k    32000.00k    32768.00k    "
         "32768.00k\n";
  const CliResult r =
      RunCryptobench({"doctor", "--from", (dir / "two.txt").string(), "--format", "json"});
  std::filesystem::remove_all(dir);
  const json doc = ParseJson(r);
  ASSERT_EQ(doc.at("reports").size(), 2u) << r.out;
  const json& pi = doc.at("reports").at(1);
  EXPECT_NE(pi.at("facts").at("cpu").at("arch"), "x86_64") << r.out;
  EXPECT_EQ(pi.at("core_hz_low"), 1e9) << r.out;
  for (const json& finding : pi.at("findings")) {
    EXPECT_NE(finding.at("id"), "cpu.aes-unused") << finding.dump();
  }
  const json* aes = FindVerdict(pi, "AES-128-CBC");
  ASSERT_NE(aes, nullptr);
  EXPECT_NE(aes->at("status"), "not_accelerated") << aes->dump();
  // The desktop's run keeps its own CPU lines: its clock is the model's.
  EXPECT_GT(doc.at("reports").at(0).at("core_hz_low").get<double>(), 1e9);
}

// Defect (new-user tryout): a wolfCrypt benchmark paste whose AES figures are software-speed
// was told to check OPENSSL_ia32cap, `openssl speed -evp` and `openssl version -a`. Its advice
// names wolfSSL's configure options and wolfssl/options.h, and no OpenSSL tool or variable; the
// mbedTLS benchmark's names mbedTLS's config macros. The pastes are invented in the tools' own
// formats (tests/fixtures/doctor-from/), not taken from the corpus.
TEST(DoctorFromCliTest, WolfsslAndMbedtlsPastesGetTheirLibrarysRemedies) {
  struct Case {
    std::string file;
    std::string problem;  ///< the verdict or finding that states the AES problem
    std::vector<std::string> names;
  };
  for (const Case& c : {Case{"wolfssl-5.6-aes-software.txt",
                             "AES-128-GCM encrypt: NOT accelerated",
                             {"--enable-aesni", "--enable-intelasm", "wolfssl/options.h"}},
                        Case{"mbedtls-3.5-aes-software.txt",
                             "[warning] cpu.aes-unused",
                             {"MBEDTLS_AESNI_C", "MBEDTLS_HAVE_ASM", "mbedtls_config.h"}}}) {
    const CliResult r = RunCryptobench({"doctor", "--from", kFixtures + "doctor-from/" + c.file});
    EXPECT_NE(r.exit_status, 2) << c.file << r.err;
    EXPECT_NE(r.out.find(c.problem), std::string::npos) << r.out;
    for (const std::string& name : c.names) {
      EXPECT_NE(r.out.find(name), std::string::npos) << c.file << ": " << name << "\n" << r.out;
    }
    for (const char* openssl : {"OPENSSL_ia32cap", "OPENSSL_armcap", "openssl speed",
                                "openssl version", "cryptobench doctor RSA-2048"}) {
      EXPECT_EQ(r.out.find(openssl), std::string::npos) << c.file << ": " << openssl << "\n"
                                                        << r.out;
    }
  }
}

// The mbedTLS benchmark's two-word ECDH rows ("full handshake/s", 2.19 to 3.5) are read, not
// dropped silently.
TEST(DoctorFromCliTest, MbedtlsFullHandshakeRowsAreRead) {
  const CliResult r = RunCryptobench(
      {"import", kFixtures + "doctor-from/mbedtls-3.5-aes-software.txt", "--format", "json"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const json doc = ParseJson(r);
  int full = 0;
  for (const json& alg : doc.at("algorithms")) {
    for (const json& cell : alg.at("cells")) {
      full += cell.at("operation") == "full handshake" ? 1 : 0;
    }
  }
  EXPECT_EQ(full, 2) << r.out;
}

// An empty file to import or doctor --from: one line saying it is empty, exit 2.
TEST(DoctorFromCliTest, AnEmptyFileIsSaidToBeEmpty) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("cryptobench_empty_" + std::to_string(getpid()) + ".txt");
  std::ofstream(path).close();
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"import", path.string()},
        std::vector<std::string>{"doctor", "--from", path.string()}}) {
    const CliResult r = RunCryptobench(args);
    EXPECT_EQ(r.exit_status, 2) << args[0];
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_NE(r.err.find(":1: the file is empty (0 bytes)"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  std::filesystem::remove(path);
}

TEST(DoctorFromCliTest, ResultJsonIsRead) {
  // The hand-written speed result: raw samples, some cells failed (so exit 1, as for doctor).
  const CliResult r = RunCryptobench(
      {"doctor", "--from", kFixtures + "results/sample-run.json", "--format", "json"});
  EXPECT_EQ(r.exit_status, 1) << r.err;
  const json doc = ParseJson(r);
  EXPECT_EQ(doc["from_report"]["kind"], "measured");
  const json* aes = FindVerdict(doc, "AES-128-CBC");
  ASSERT_NE(aes, nullptr) << r.out;
  EXPECT_EQ(aes->at("status"), "accelerated") << aes->at("line");
  EXPECT_GT(aes->at("measurements")[0]["ci_high"].get<double>(),
            aes->at("measurements")[0]["ci_low"].get<double>());  // its samples' CI
}

TEST(DoctorFromCliTest, UnreadableInputExitsTwoWithTheImportError) {
  const auto path =
      std::filesystem::temp_directory_path() / ("cryptobench_junk_" + std::to_string(getpid()));
  std::ofstream(path) << "nothing here looks like tool output\n";
  const CliResult r = RunCryptobench({"doctor", "--from", path.string()});
  std::filesystem::remove(path);
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_NE(r.err.find(path.string() + ":1: expected"), std::string::npos) << r.err;

  const CliResult missing = RunCryptobench({"doctor", "--from", "/nonexistent/speed.txt"});
  EXPECT_EQ(missing.exit_status, 2);
  EXPECT_NE(missing.err.find("/nonexistent/speed.txt"), std::string::npos) << missing.err;
}

TEST(DoctorFromCliTest, CompareAndListJsonAreNamedNotResults) {
  const auto path =
      std::filesystem::temp_directory_path() / ("cryptobench_own_" + std::to_string(getpid()));
  for (const auto& [doc, what] : std::vector<std::pair<std::string, std::string>>{
           {R"({"schema_version": 1, "kind": "compare", "sides": [], "comparisons": []})",
            "a compare report (cryptobench compare --format json), not a result"},
           {R"({"schema_version": 1, "backends": []})",
            "a backend list (cryptobench list --backends --format json), not a result"}}) {
    std::ofstream(path) << doc << "\n";
    const CliResult r = RunCryptobench({"doctor", "--from", path.string()});
    EXPECT_EQ(r.exit_status, 2) << doc;
    EXPECT_NE(r.err.find(path.string() + ": " + what), std::string::npos) << r.err;
  }
  std::filesystem::remove(path);
}

TEST(DoctorFromCliTest, MeasuringOptionsAreRejected) {
  const std::string fixture = kFixtures + "doctor-from/openssl-3.0-aesni.txt";
  for (const auto& extra : std::vector<std::vector<std::string>>{
           {"--lib", "libcrypto.so.3"}, {"--quick"}, {"--bytes", "64"}}) {
    std::vector<std::string> args = {"doctor", "--from", fixture};
    args.insert(args.end(), extra.begin(), extra.end());
    const CliResult r = RunCryptobench(args);
    EXPECT_EQ(r.exit_status, 2) << extra.front();
    EXPECT_NE(r.err.find(extra.front() + " cannot be used with --from"), std::string::npos)
        << r.err;
  }
}

TEST(DoctorFromCliTest, AlgorithmsNarrowTheReport) {
  const CliResult r =
      RunCryptobench({"doctor", "--from", kFixtures + "doctor-from/openssl-3.0-aesni.txt", "sha256",
                      "--format", "json"});
  EXPECT_EQ(r.exit_status, 0) << r.err;
  const json doc = ParseJson(r);
  ASSERT_EQ(doc["verdicts"].size(), 1u) << r.out;
  EXPECT_EQ(doc["verdicts"][0]["algorithm"], "SHA-256");
  EXPECT_TRUE(r.err.empty()) << r.err;
}

TEST(DoctorFromCliTest, AnAlgorithmTheReportLacksIsNamed) {
  const std::string report = kFixtures + "doctor-from/openssl-3.0-aesni.txt";
  const CliResult none = RunCryptobench({"doctor", "--from", report, "sha3-256"});
  EXPECT_EQ(none.exit_status, 2) << none.err;
  EXPECT_EQ(none.err, "error: " + report + ": the report has no figures for SHA3-256\n");
  const CliResult some = RunCryptobench({"doctor", "--from", report, "sha3-256", "sha256"});
  EXPECT_EQ(some.exit_status, 0) << some.err;
  EXPECT_EQ(some.err, "note: " + report + ": the report has no figures for SHA3-256\n");
  EXPECT_NE(some.out.find("SHA-256 hash: accelerated"), std::string::npos) << some.out;
}

}  // namespace
}  // namespace cryptobench::testing
