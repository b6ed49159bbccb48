// End-to-end tests against a libcrypto built without assembly by bench/no-asm (cached under
// build/no-asm/openssl-<version>/). Skipped when no such build exists: CI does not make one.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "integration/cli_runner.h"

namespace cryptobench::testing {
namespace {

using nlohmann::json;

/// A finished build/no-asm/openssl-*/libcrypto.so.3 of the source tree (the last by name if
/// there are several), or "" if none.
std::string FindNoAsmLibrary() {
  const std::filesystem::path root = std::filesystem::path(CRYPTOBENCH_SOURCE_DIR) / "build/no-asm";
  std::error_code ec;
  std::vector<std::string> found;
  for (const auto& entry : std::filesystem::directory_iterator(root, ec)) {
    const std::string name = entry.path().filename().string();
    // "openssl-3.0.20.building" is a build in progress; only finished builds are renamed.
    if (!entry.is_directory() || name.rfind("openssl-", 0) != 0 ||
        name.find(".building") != std::string::npos) {
      continue;
    }
    const auto lib = entry.path() / "libcrypto.so.3";
    if (std::filesystem::is_regular_file(lib, ec)) {
      found.push_back(lib.string());
    }
  }
  if (found.empty()) {
    return "";
  }
  return *std::max_element(found.begin(), found.end());
}

class NoAsmTest : public ::testing::Test {
 protected:
  void SetUp() override {
#if defined(CRYPTOBENCH_TEST_ASAN)
    // Beside the libcrypto.so.3 that linked backends pull in, another build opens with dlmopen
    // (backends/common/isolated_load.h), whose namespace AddressSanitizer does not support.
    GTEST_SKIP() << "a second libcrypto is not loaded under AddressSanitizer (dlmopen)";
#endif
    library_ = FindNoAsmLibrary();
    if (library_.empty()) {
      GTEST_SKIP() << "no no-asm build: run bench/no-asm";
    }
  }

  std::string library_;
};

TEST_F(NoAsmTest, LibraryReportsNoCapabilityVector) {
  CliResult r = RunCryptobench({"list", "--lib", library_, "--format", "json"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const json doc = ParseJson(r);
  const json& library = doc.at("library");
  EXPECT_EQ(library.at("loaded_path"), library_);
  // OpenSSL_version(OPENSSL_CPU_INFO) is "CPUINFO: N/A" when built with no-asm
  // (crypto/cversion.c, crypto/info.c: no OPENSSL_CPUID_OBJ).
  const std::string cpu_info = library.at("cpu_info");
  const std::string vector = library.at("capability_vector");
  EXPECT_TRUE(vector == "N/A" || cpu_info.find("N/A") != std::string::npos)
      << "cpu_info '" << cpu_info << "', capability_vector '" << vector << "'";
}

TEST_F(NoAsmTest, AesCbcPassesKatAndIsMeasured) {
  std::vector<std::string> args = {"speed",   "--lib", library_,   "aes-128-cbc",
                                   "--bytes", "16384", "--format", "json"};
  const std::vector<std::string> quick = QuickSpeedArgs();
  args.insert(args.end(), quick.begin(), quick.end());
  CliResult r = RunCryptobench(args);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const json doc = ParseJson(r);
  EXPECT_EQ(doc.at("library").at("loaded_path"), library_);
  ASSERT_EQ(doc.at("algorithms").size(), 1u);
  const json& alg = doc.at("algorithms")[0];
  EXPECT_EQ(alg.at("algorithm"), "AES-128-CBC");
  EXPECT_EQ(alg.at("kat").at("status"), "passed");
  const json& cell = alg.at("cells")[0];
  ASSERT_EQ(cell.at("status"), "ok") << cell.dump();
  EXPECT_EQ(cell.at("input_len"), 16384);
  EXPECT_GT(cell.at("figures").at("bytes_per_s").at("value").get<double>(), 0);
}

TEST_F(NoAsmTest, DoctorSaysBuiltWithoutAssembly) {
  CliResult r = RunCryptobench(
      {"doctor", "--lib", library_, "aes-128-cbc", "sha256", "--format", "json", "--no-progress"});
  EXPECT_EQ(r.exit_status, 1) << r.err;  // a problem was found
  const json doc = ParseJson(r);
  for (const char* name : {"AES-128-CBC", "SHA-256"}) {
    const json* found = nullptr;
    for (const json& verdict : doc.at("verdicts")) {
      if (verdict.at("algorithm") == name) {
        found = &verdict;
      }
    }
    ASSERT_NE(found, nullptr) << name;
    EXPECT_EQ(found->at("status"), "not_accelerated") << found->at("line");
    EXPECT_NE(found->at("line").get<std::string>().find("NOT accelerated"), std::string::npos);
    EXPECT_NE(found->at("line").get<std::string>().find("built without assembly"),
              std::string::npos)
        << found->at("line");
  }
}

}  // namespace
}  // namespace cryptobench::testing
