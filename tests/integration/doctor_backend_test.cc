// End-to-end tests of `cryptobench doctor --backend`: each library's own mask switch proving its
// accelerated path, a library without a switch saying so, several backends in one document,
// and bad input.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "backends/registry.h"

#include "integration/cli_runner.h"

namespace cryptobench::testing {
namespace {

using nlohmann::json;

// Short measurements: the slowdowns these tests look for are 3x and more.
json Doctor(const std::vector<std::string>& args, int* exit_status) {
  std::vector<std::string> full = {"doctor",        "--format",      "json",
                                   "--no-progress", "--max-seconds", "0.1"};
  full.insert(full.end(), args.begin(), args.end());
  const CliResult r = RunCryptobench(full);
  *exit_status = r.exit_status;
  EXPECT_TRUE(r.exit_status == 0 || r.exit_status == 1) << r.err;
  return ParseJson(r);
}

const json* FindVerdict(const json& doc, const std::string& algorithm) {
  for (const json& verdict : doc.at("verdicts")) {
    if (verdict.at("algorithm") == algorithm) {
      return &verdict;
    }
  }
  return nullptr;
}

TEST(DoctorBackendTest, GnutlsMaskProvesItsAesNiAndShaNiPaths) {
  if (backends::FindBackend("gnutls") == nullptr) {
    GTEST_SKIP() << "the gnutls backend is not compiled in";
  }
  if (!CpuHasFlag("aes") || !CpuHasFlag("pclmulqdq") || !CpuHasFlag("sha_ni")) {
    GTEST_SKIP() << "needs a CPU with AES-NI, PCLMULQDQ and SHA-NI";
  }
  int exit_status = -1;
  const json doc = Doctor({"--backend", "gnutls", "aes-128-gcm", "sha256"}, &exit_status);
  EXPECT_EQ(doc.at("kind"), "doctor_backend");
  EXPECT_EQ(doc.at("backend"), "gnutls");
  EXPECT_EQ(doc.at("mask_variable"), "GNUTLS_CPUID_OVERRIDE");
  ASSERT_EQ(doc.at("masks").size(), 2u);
  for (const char* name : {"AES-128-GCM", "SHA-256"}) {
    const json* verdict = FindVerdict(doc, name);
    ASSERT_NE(verdict, nullptr) << doc.dump(2);
    EXPECT_EQ(verdict->at("status"), "accelerated") << verdict->at("line");
    ASSERT_EQ(verdict->at("measurements").size(), 3u);
    // The masked worker really ran with the switch: it was much slower.
    const json& as_is = verdict->at("measurements")[0];
    const json& masked = verdict->at("measurements")[1];
    EXPECT_EQ(masked.at("env").at("GNUTLS_CPUID_OVERRIDE"), "0x14");
    EXPECT_GT(as_is.at("bytes_per_s").get<double>(), 2 * masked.at("bytes_per_s").get<double>());
  }
  EXPECT_EQ(exit_status, 0);
  EXPECT_EQ(doc.at("exit_status"), 0);
}

TEST(DoctorBackendTest, SodiumHasNoSwitchAndSaysSo) {
  if (backends::FindBackend("sodium") == nullptr) {
    GTEST_SKIP() << "the sodium backend is not compiled in";
  }
  int exit_status = -1;
  const json doc =
      Doctor({"--backend", "sodium", "chacha20-poly1305", "aes-128-cbc"}, &exit_status);
  EXPECT_TRUE(doc.at("masks").empty());
  EXPECT_EQ(doc.at("mask_variable"), "");
  EXPECT_NE(doc.at("mask_note").get<std::string>().find("none"), std::string::npos);
  EXPECT_EQ(doc.at("not_offered"), json::array({"AES-128-CBC"}));
  const json* chacha = FindVerdict(doc, "ChaCha20-Poly1305");
  ASSERT_NE(chacha, nullptr) << doc.dump(2);
  EXPECT_EQ(chacha->at("status"), "no_hardware_path") << chacha->at("line");
  EXPECT_EQ(chacha->at("measurements").size(), 1u);  // as is only
  EXPECT_EQ(exit_status, 0);
}

TEST(DoctorBackendTest, PortableCodeOnAnAesNiCpuIsAProblem) {
  if (backends::FindBackend("wolfssl") == nullptr || !CpuHasFlag("aes")) {
    GTEST_SKIP() << "needs the wolfssl backend and a CPU with AES-NI";
  }
  int exit_status = -1;
  const json doc = Doctor({"--backend", "wolfssl", "aes-128-cbc"}, &exit_status);
  const json* verdict = FindVerdict(doc, "AES-128-CBC");
  ASSERT_NE(verdict, nullptr) << doc.dump(2);
  const std::string implementation = verdict->at("measurements")[0].at("implementation");
  if (implementation != "C") {
    GTEST_SKIP() << "this wolfSSL build reports '" << implementation << "', not its C code";
  }
  EXPECT_EQ(verdict->at("status"), "not_accelerated") << verdict->at("line");
  EXPECT_FALSE(verdict->at("advice").get<std::string>().empty());
  EXPECT_EQ(exit_status, 1);
}

TEST(DoctorBackendTest, SeveralBackendsMakeOneDocument) {
  if (backends::FindBackend("nettle") == nullptr) {
    GTEST_SKIP() << "the nettle backend is not compiled in";
  }
  int exit_status = -1;
  const json doc = Doctor({"--backend", "openssl,nettle", "md5"}, &exit_status);
  EXPECT_EQ(doc.at("kind"), "doctor_reports");
  ASSERT_EQ(doc.at("reports").size(), 2u);
  EXPECT_EQ(doc.at("reports")[0].at("kind"), "doctor");
  EXPECT_EQ(doc.at("reports")[1].at("kind"), "doctor_backend");
  EXPECT_EQ(doc.at("reports")[1].at("backend"), "nettle");
  EXPECT_EQ(doc.at("exit_status"), exit_status);

  const CliResult text = RunCryptobench(
      {"doctor", "--no-progress", "--max-seconds", "0.1", "--backend", "openssl,nettle", "md5"});
  EXPECT_NE(text.out.find(
                fmt::format("2 reports: exit status {} (the highest of them)\n", text.exit_status)),
            std::string::npos)
      << text.out;
}

TEST(DoctorBackendTest, FromLeavesOutOtherBackendsRunsAndSaysSo) {
  if (backends::FindBackend("sodium") == nullptr) {
    GTEST_SKIP() << "the sodium backend is not compiled in";
  }
  const std::string both = ::testing::TempDir() + "doctor_from_both.json";
  const std::string sodium = ::testing::TempDir() + "doctor_from_sodium.json";
  std::vector<std::string> quick = QuickSpeedArgs();
  for (const auto& [backend, file] : std::vector<std::pair<std::string, std::string>>{
           {"openssl,sodium", both}, {"sodium", sodium}}) {
    std::vector<std::string> args = {"speed",    "--backend", backend, "sha256",
                                     "--format", "json",      "-o",    file};
    args.insert(args.end(), quick.begin(), quick.end());
    ASSERT_EQ(RunCryptobench(args).exit_status, 0);
  }
  const CliResult mixed = RunCryptobench({"doctor", "--from", both});
  EXPECT_TRUE(mixed.exit_status == 0 || mixed.exit_status == 1) << mixed.err;
  EXPECT_NE(mixed.err.find("the runs of sodium are left out"), std::string::npos) << mixed.err;
  EXPECT_NE(mixed.out.find("SHA-256"), std::string::npos) << mixed.out;  // openssl's run
  const CliResult only = RunCryptobench({"doctor", "--from", sodium});
  EXPECT_EQ(only.exit_status, 2) << only.err;
  EXPECT_NE(only.err.find("doctor --backend sodium"), std::string::npos) << only.err;
}

TEST(DoctorBackendTest, ADoctorReportIsNoInputForFromOrCompare) {
  const std::string report = ::testing::TempDir() + "doctor_reports.json";
  const std::string copy = ::testing::TempDir() + "doctor_reports_copy.json";
  for (const std::string& file : {report, copy}) {
    ASSERT_EQ(RunCryptobench({"doctor", "--backend", "openssl", "md5", "--format", "json",
                              "--no-progress", "--max-seconds", "0.05", "-o", file})
                  .exit_status,
              0);
  }
  const CliResult from = RunCryptobench({"doctor", "--from", report});
  EXPECT_EQ(from.exit_status, 2);
  EXPECT_NE(from.err.find("a doctor report, not a result"), std::string::npos) << from.err;
  const CliResult compare = RunCryptobench({"compare", report, copy});
  EXPECT_EQ(compare.exit_status, 2);
  EXPECT_NE(compare.err.find("a doctor report, not a result"), std::string::npos) << compare.err;
}

TEST(DoctorBackendTest, BadBackendOptionsAreUsageErrors) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"doctor", "--backend", "nosuchlib"},
                                             {"doctor", "--backend", "openssl,all"},
                                             {"doctor", "--backend", "openssl", "--from", "-"}}) {
    const CliResult r = RunCryptobench(args);
    EXPECT_EQ(r.exit_status, 2) << args[2] << ": " << r.err;
    EXPECT_TRUE(r.out.empty());
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  if (backends::FindBackend("sodium") != nullptr) {
    const CliResult r = RunCryptobench({"doctor", "--backend", "sodium", "--lib", "x.so"});
    EXPECT_EQ(r.exit_status, 2) << r.err;
    EXPECT_NE(r.err.find("--lib applies to backends loaded by path"), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace cryptobench::testing
