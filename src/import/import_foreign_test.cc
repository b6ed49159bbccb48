// End-to-end tests of ImportText over the fixtures of bssl speed, botan speed and cryptsetup
// benchmark output (invented figures in each tool's format), with golden JSON in
// tests/golden/import. Regenerate the goldens as import_test.cc says (the filter
// '*ImportGolden*' covers these too).
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "results/json.h"

#include "import/import.h"
#include "import/import_test_util.h"
#include "support/golden.h"

namespace cryptobench::import {
namespace {

const std::string kDataDir = CRYPTOBENCH_TEST_DATA_DIR;

std::vector<results::RunResult> ImportFixture(const std::string& name) {
  return ImportText(cryptobench::testing::ReadTestFile(kDataDir + "/fixtures/import/" + name),
                    "fixtures/import/" + name);
}

class ImportGoldenForeignTest : public ::testing::TestWithParam<const char*> {};

TEST_P(ImportGoldenForeignTest, MatchesGoldenJson) {
  const std::string name = GetParam();
  const std::string rendered = ImportedRunsToJson(ImportFixture(name)).dump(2) + "\n";
  cryptobench::testing::ExpectMatchesGolden(
      rendered, "import/" + name.substr(0, name.find_last_of('.')) + ".json");
}

INSTANTIATE_TEST_SUITE_P(Fixtures, ImportGoldenForeignTest,
                         ::testing::Values("bssl-speed.txt", "bssl-speed-json.txt",
                                           "bssl-speed-old.txt", "botan-speed-2.txt",
                                           "botan-speed-3.txt", "cryptsetup-benchmark.txt",
                                           "cryptsetup-single.txt", "mixed-tools.md"));

TEST(ImportForeignTest, EachToolIsRecognisedWithItsInterpretation) {
  const auto bssl = ImportFixture("bssl-speed-json.txt");
  ASSERT_EQ(bssl.size(), 1u);
  EXPECT_EQ(bssl[0].source.tool, "bssl speed");
  EXPECT_DOUBLE_EQ(bssl[0].method.max_seconds, 2);  // -timeout 2 on the command line
  EXPECT_NE(FindCell(bssl[0], "AES-128-GCM", "encrypt", 16384), nullptr);

  const auto botan = ImportFixture("botan-speed-3.txt");
  ASSERT_EQ(botan.size(), 1u);
  EXPECT_EQ(botan[0].source.tool, "botan speed");
  EXPECT_EQ(botan[0].method.input_sizes, (std::vector<uint64_t>{16, 1024, 8192}));
  EXPECT_TRUE(HasCaveat(botan[0], "--clear-cpuid=avx2"));
  EXPECT_TRUE(HasCaveat(botan[0], "version is not in the paste"));

  const auto cryptsetup = ImportFixture("cryptsetup-benchmark.txt");
  ASSERT_EQ(cryptsetup.size(), 1u);
  EXPECT_EQ(cryptsetup[0].source.tool, "cryptsetup benchmark");
  EXPECT_NE(FindCell(cryptsetup[0], "AES-256-XTS", "decrypt", 1048576), nullptr);
  EXPECT_NE(FindCell(cryptsetup[0], "PBKDF2-sha256", "iteration", 0), nullptr);
  EXPECT_TRUE(HasCaveat(cryptsetup[0], "kernel crypto API"));
  EXPECT_TRUE(HasCaveat(cryptsetup[0], "'argon2i "));
}

TEST(ImportForeignTest, VersionCommandBeforeTheBenchmarkStaysWithIt) {
  const auto runs = ImportFixture("cryptsetup-single.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.tool_version, "2.7.0");
  EXPECT_TRUE(HasCaveat(runs[0], "--cipher aes-xts-plain64"));
  const auto botan = ImportText(
      "$ botan version\n2.19.3\n$ botan speed SHA-256\n"
      "SHA-256 hash buffer size 1024 bytes: 287.051 MiB/sec (145.695 MiB in 507.559 ms)\n",
      "t");
  ASSERT_EQ(botan.size(), 1u);
  EXPECT_EQ(botan[0].source.tool_version, "2.19.3");
}

// Botan's CLI runs `version` for `botan --version` and `botan -V` (src/cli/main.cpp maps them),
// so its output is read as the version, also with `botan cpuid` output between it and `botan
// speed` (before: the bare version line was prose, and the run had no version).
TEST(ImportForeignTest, BotanDashDashVersionIsReadAsTheVersion) {
  const std::string speed =
      "$ botan speed SHA-256\n"
      "SHA-256 hash buffer size 1024 bytes: 287.051 MiB/sec (145.695 MiB in 507.559 ms)\n";
  for (const std::string& version : {std::string("$ botan --version\n3.2.0\n"),
                                     std::string("$ botan -V\n3.2.0\n$ botan cpuid\n"
                                                 "CPUID flags: sse2 ssse3 sse41 avx2 aes_ni\n")}) {
    const auto runs = ImportText(version + speed, "t");
    ASSERT_EQ(runs.size(), 1u) << version;
    EXPECT_EQ(runs[0].source.tool_version, "3.2.0") << version;
    EXPECT_EQ(runs[0].library.version, "Botan 3.2.0") << version;
  }
}

TEST(ImportForeignTest, MixedToolsGiveOneRunEachInOrder) {
  const auto runs = ImportFixture("mixed-tools.md");
  ASSERT_EQ(runs.size(), 4u);
  EXPECT_EQ(runs[0].source.tool, "openssl speed");
  EXPECT_EQ(runs[1].source.tool, "bssl speed");
  EXPECT_EQ(runs[2].source.tool, "botan speed");
  EXPECT_EQ(runs[3].source.tool, "cryptsetup benchmark");
  for (const results::RunResult& run : runs) {
    EXPECT_TRUE(FindCell(run, "AES-128-GCM", "encrypt", 16) != nullptr ||
                FindCell(run, "AES-128-GCM", "encrypt", 1024) != nullptr ||
                FindCell(run, "AES-128-XTS", "encrypt", 1048576) != nullptr)
        << run.source.tool;
  }
  EXPECT_NE(FindCell(runs[2], "RSA-2048", "sign", 32), nullptr);
}

TEST(ImportForeignTest, SecondRunOfOneToolIsARunOfItsOwn) {
  const auto runs = ImportText(
      "$ bssl speed -filter SHA-1\n"
      "Did 100 SHA-1 (16 bytes) operations in 1000000us (100.0 ops/sec): 0.0 MB/s\n"
      "$ bssl speed -filter SHA-1\n"
      "Did 200 SHA-1 (16 bytes) operations in 1000000us (200.0 ops/sec): 0.0 MB/s\n"
      "Did 300 SHA-1 (16 bytes) operations in 1000000us (300.0 ops/sec): 0.0 MB/s\n",
      "t");
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_DOUBLE_EQ(FindCell(runs[2], "SHA-1", "hash", 16)->figures->ops_per_s.value, 300);
}

TEST(ImportForeignTest, MalformedLinesOfEachToolNameFileAndLine) {
  const std::pair<const char*, size_t> cases[] = {
      {"malformed-bssl-json.txt", 4},
  };
  for (const auto& [name, line] : cases) {
    try {
      ImportFixture(name);
      ADD_FAILURE() << name << ": expected ImportError";
    } catch (const ImportError& e) {
      EXPECT_EQ(e.line(), line) << name;
      const std::string prefix =
          std::string("fixtures/import/") + name + ":" + std::to_string(line) + ": expected";
      EXPECT_EQ(std::string(e.what()).rfind(prefix, 0), 0u) << e.what();
    }
  }
}

// A damaged botan, bssl or cryptsetup row does not stop the import: it is skipped (or its
// readable figure kept), named, and the run keeps its other rows. A file of nothing but a
// damaged row is refused at it.
TEST(ImportForeignTest, DamagedRowOfBotanBsslOrCryptsetupCostsOnlyItsFigures) {
  const std::vector<results::RunResult> bssl = ImportFixture("malformed-bssl.txt");
  ASSERT_EQ(bssl.size(), 1u);
  EXPECT_NE(FindCell(bssl[0], "AES-128-GCM", "encrypt", 16), nullptr);
  EXPECT_EQ(FindCell(bssl[0], "AES-128-GCM", "encrypt", 256), nullptr);
  EXPECT_TRUE(HasCaveat(bssl[0], "Line 3 is damaged in the paste and skipped"));
  const std::vector<results::RunResult> botan = ImportFixture("malformed-botan.txt");
  ASSERT_EQ(botan.size(), 1u);
  EXPECT_NE(FindAlgorithm(botan[0], "SHA-256"), nullptr);
  EXPECT_EQ(FindAlgorithm(botan[0], "SHA-512"), nullptr);
  EXPECT_TRUE(HasCaveat(botan[0], "Line 2 is damaged in the paste and skipped"));
  const std::vector<results::RunResult> cryptsetup = ImportFixture("malformed-cryptsetup.txt");
  ASSERT_EQ(cryptsetup.size(), 1u);
  EXPECT_NE(FindAlgorithm(cryptsetup[0], "AES-128-XTS"), nullptr);
  EXPECT_TRUE(HasCaveat(cryptsetup[0], "Line 4: the row 'aes-xts 512b' ends after"));
  EXPECT_THAT(ImportErrorOf("SHA-512 hash buffer size 1024 bytes: 41O.955 MiB/sec (208.580 MiB "
                            "in 507.559 ms)\n"),
              ::testing::HasSubstr("paste.txt:1: expected '"));
}

// The whole default output of botan speed 2.19.3 (Debian 12, x86-64, `botan speed
// --msec=100`, captured for this test) imports with every figure usable: its key schedule
// lines are left out and named, and its ops lines' whole-millisecond times are not read as
// disagreeing with their rates.
TEST(ImportForeignTest, RealBotanDefaultOutputImportsWithoutErrors) {
  const auto runs = ImportFixture("botan-speed-2.19-default.txt");
  ASSERT_EQ(runs.size(), 1u);
  size_t cells = 0;
  for (const results::AlgorithmResult& alg : runs[0].algorithms) {
    for (const results::Cell& cell : alg.cells) {
      ++cells;
      EXPECT_EQ(cell.status, results::CellStatus::kOk)
          << alg.algorithm << " " << cell.operation << ": " << cell.message;
      EXPECT_NE(cell.operation, "key_schedule") << alg.algorithm;
    }
  }
  EXPECT_EQ(cells, 189u - 15u);  // every result line but the 15 key schedules
  EXPECT_TRUE(HasCaveat(runs[0], "Lines 52, 55, 58,"));
}

TEST(ImportForeignTest, ImplementationSurvivesTheJsonRoundTrip) {
  const auto runs = ImportFixture("botan-speed-2.txt");
  const nlohmann::ordered_json written = results::ToJson(runs[0]);
  const results::RunResult read = results::FromJson(nlohmann::json::parse(written.dump()));
  EXPECT_EQ(results::ToJson(read).dump(), written.dump());
  bool aesni = false;
  for (const results::AlgorithmResult& alg : read.algorithms) {
    aesni = aesni || (alg.algorithm == "AES-128-ECB" && alg.implementation == "aesni");
  }
  EXPECT_TRUE(aesni);
}

}  // namespace
}  // namespace cryptobench::import
