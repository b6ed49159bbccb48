// End-to-end tests of `cryptobench compare`: the system libcrypto compared live with itself with
// AES-NI and VAES masked on one side, the --fail-if-slower gate on fixture files, output to a
// file, and bad input.
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "integration/cli_runner.h"
#include "support/golden.h"

namespace cryptobench::testing {
namespace {

using nlohmann::json;

const std::string kFixtures = std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/compare/";

// The mask doctor uses to switch off AES-NI, VAES and VPCLMULQDQ (diagnose::MaskClearing), with
// every other word kept as detected.
const char* kAesMask = "~0x200000000000000:~0x60000000000:~0:~0:~0";

const json* FindRow(const json& comparison, const std::string& algorithm) {
  for (const json& row : comparison.at("rows")) {
    if (row.at("algorithm") == algorithm) {
      return &row;
    }
  }
  return nullptr;
}

std::string Findings(const json& comparison) {
  std::string text;
  for (const json& finding : comparison.at("findings")) {
    text +=
        finding.at("id").get<std::string>() + ": " + finding.at("text").get<std::string>() + "\n";
  }
  return text;
}

TEST(CompareCliTest, MaskedAesIsSlowerAndAttributedShaIsNot) {
  if (!CpuHasFlag("aes")) {
    GTEST_SKIP() << "needs a CPU with AES-NI";
  }
  // 40% threshold, not the default 5%: on a shared 2-core machine, load can move one side's
  // SHA-512 median by 10-25% even with the sides interleaved. Masking AES-NI costs 4-10x (75-90%
  // slower), far beyond it, so the test still separates the two.
  CliResult r = RunCryptobench({"compare",
                                "--lib",
                                "sys=libcrypto.so.3",
                                "--lib",
                                "masked=libcrypto.so.3",
                                "--env",
                                std::string("masked:OPENSSL_ia32cap=") + kAesMask,
                                "--algorithms",
                                "aes-128-cbc,sha512",
                                "--bytes",
                                "16384",
                                "--max-seconds",
                                "0.1",
                                "--precision",
                                "0",
                                "--rounds",
                                "3",
                                "--threshold",
                                "40",
                                "--fail-if-slower",
                                "50",
                                "--format",
                                "json",
                                "--no-progress"});
  const json doc = ParseJson(r);
  ASSERT_EQ(doc.at("comparisons").size(), 1u) << r.err;
  const json& comparison = doc.at("comparisons").at(0);
  const json* aes = FindRow(comparison, "AES-128-CBC");
  const json* sha = FindRow(comparison, "SHA-512");
  ASSERT_NE(aes, nullptr) << doc.dump(2);
  ASSERT_NE(sha, nullptr) << doc.dump(2);
  EXPECT_EQ(aes->at("verdict"), "significant") << aes->dump();
  EXPECT_EQ(aes->at("direction"), "slower") << aes->dump();
  EXPECT_LE(aes->at("ratio").at("value").get<double>(), 0.5) << aes->dump();
  EXPECT_TRUE(aes->at("ratio").at("has_ci").get<bool>());
  EXPECT_FALSE(sha->at("verdict") == "significant") << sha->dump();

  const std::string findings = Findings(comparison);
  EXPECT_NE(findings.find("pattern: AES-CBC "), std::string::npos) << findings;
  // B's CPUINFO line shows the mask (3.x's env: part): the mask is named as the cause.
  EXPECT_NE(findings.find("SHA-2 unchanged: B ran with OPENSSL_ia32cap="), std::string::npos)
      << findings;
  EXPECT_NE(findings.find("which clears AES-NI"), std::string::npos) << findings;
  EXPECT_NE(findings.find("the capability mask explains it, not the build."), std::string::npos)
      << findings;
  EXPECT_NE(findings.find("capabilities: B's capability vector lacks AES-NI, VAES"),
            std::string::npos)
      << findings;
  EXPECT_NE(findings.find("cpb-class: At 16 KiB: A runs AES-128-CBC encrypt"), std::string::npos)
      << findings;
  // --fail-if-slower 50: the AES slowdown (>= 50%, significant) fails the gate.
  EXPECT_EQ(r.exit_status, 1) << r.err;
}

TEST(CompareCliTest, FailIfSlowerGatesOnSignificantRegressions) {
  const std::vector<std::string> files = {"compare", kFixtures + "base.json",
                                          kFixtures + "noaes.json"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = files;
    args.insert(args.end(), extra.begin(), extra.end());
    return RunCryptobench(args);
  };
  EXPECT_EQ(with({}).exit_status, 0);                          // no gate: a report, exit 0
  EXPECT_EQ(with({"--fail-if-slower", "50"}).exit_status, 1);  // AES ~86% slower
  EXPECT_EQ(with({"--fail-if-slower", "90%"}).exit_status, 0);
  // Single figures (imported text) are never significant, so they never fail the gate.
  EXPECT_EQ(RunCryptobench({"compare", kFixtures + "speed-a.txt", kFixtures + "speed-b-engine.txt",
                            "--fail-if-slower", "1"})
                .exit_status,
            0);
  // Sides with no cell in common: the gate has nothing to judge, which is no pass.
  const std::string imports = std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/import/";
  const CliResult none =
      RunCryptobench({"compare", imports + "cryptsetup-single.txt",
                      imports + "openssl-1.0.2-legacy.txt", "--fail-if-slower", "5"});
  EXPECT_EQ(none.exit_status, 2) << none.err;
  EXPECT_TRUE(none.out.empty()) << none.out;
  EXPECT_EQ(none.err.rfind("error: --fail-if-slower: B (openssl-1.0.2-legacy.txt) and A "
                           "(cryptsetup-single.txt) have no cell",
                           0),
            0u)
      << none.err;
  EXPECT_EQ(std::count(none.err.begin(), none.err.end(), '\n'), 1) << none.err;
  // Without the gate too: an empty comparison is no answer, so it is refused in one line
  // (new-user tryout: it printed an empty comparison and exited 0).
  const CliResult empty = RunCryptobench(
      {"compare", imports + "cryptsetup-single.txt", imports + "openssl-1.0.2-legacy.txt"});
  EXPECT_EQ(empty.exit_status, 2) << empty.out;
  EXPECT_TRUE(empty.out.empty()) << empty.out;
  EXPECT_EQ(empty.err.rfind("error: B (openssl-1.0.2-legacy.txt) and A (cryptsetup-single.txt) "
                            "have no cell (algorithm, operation, input size) in common: nothing "
                            "to compare",
                            0),
            0u)
      << empty.err;
  EXPECT_EQ(std::count(empty.err.begin(), empty.err.end(), '\n'), 1) << empty.err;
  // A side with no figures at all (an `openssl version -a` paste alone, new-user tryout 20 n16):
  // the error says so, not that the sides share no cell.
  const CliResult version_only =
      RunCryptobench({"compare", kFixtures + "version-only.txt", kFixtures + "speed-a.txt"});
  EXPECT_EQ(version_only.exit_status, 2) << version_only.out;
  EXPECT_EQ(version_only.err,
            "error: A (version-only.txt) has no figures: its text holds only the library's version "
            "and build (`openssl version` output), so there is nothing to compare (give a file "
            "with benchmark output, such as openssl speed's)\n");
  // Two runs of one file with no cell in common, each sharing cells with a run of the other file
  // (tryout 19, p16-ctrl.txt against p02b-111w-noasm.txt): every side is compared with A, the
  // first run; the sides sharing no cell with it are shown with their cells under "Not compared"
  // instead of refusing the whole comparison (tryout 21 #12).
  const CliResult same_file =
      RunCryptobench({"compare", kFixtures + "two-runs-of-other-cells-a.txt",
                      kFixtures + "two-runs-of-other-cells-b.txt"});
  EXPECT_EQ(same_file.exit_status, 0) << same_file.err;
  EXPECT_NE(same_file.out.find("C (two-runs-of-other-cells-b.txt) vs A"), std::string::npos)
      << same_file.out;
  EXPECT_NE(same_file.out.find("No cell was measured on both sides: nothing to compare."),
            std::string::npos)
      << same_file.out;
  // Only when no side shares a cell with A is the comparison refused.
  const CliResult only_other_cells =
      RunCryptobench({"compare", kFixtures + "two-runs-of-other-cells-a.txt"});
  EXPECT_EQ(only_other_cells.exit_status, 2) << only_other_cells.out;
  EXPECT_EQ(only_other_cells.err,
            "error: B (two-runs-of-other-cells-a.txt#2) and A (two-runs-of-other-cells-a.txt#1) "
            "have no cell (algorithm, operation, input size) in common: nothing to compare; both "
            "are runs of two-runs-of-other-cells-a.txt, and every side is compared with A, the "
            "first run of the first file: give a run to compare in a file of its own (import or "
            "report shows each file's cells)\n");

  // Rows read without their 'type' line are in doubt: 35% slower, they pass the gate, and a note
  // says they could not be tested rather than leave the pass unexplained.
  const auto dir = std::filesystem::temp_directory_path() / "cryptobench_gate_doubt_test";
  std::filesystem::create_directories(dir);
  const std::string type =
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n";
  std::ofstream(dir / "a.txt") << type
                               << "aes-128-cbc     1050000.00k  1300000.00k  1350000.00k  "
                                  "1370000.00k  1375000.00k  1376000.00k\n";
  std::ofstream(dir / "b.txt") << "aes-128-cbc     1050000.00k  1300000.00k  1350000.00k  "
                                  "1370000.00k  1375000.00k  900000.00k\n";
  const CliResult doubt = RunCryptobench(
      {"compare", (dir / "a.txt").string(), (dir / "b.txt").string(), "--fail-if-slower", "10"});
  EXPECT_EQ(doubt.exit_status, 0) << doubt.err;
  EXPECT_NE(doubt.err.find("1 row(s) slower by more than 10% could not be tested"),
            std::string::npos)
      << doubt.err;
  std::filesystem::remove_all(dir);
}

TEST(CompareCliTest, ARunSharingNoCellWithABesideOnesThatDoIsNotCompared) {
  // Tryout 21 #12: a Raspberry Pi 4's cryptsetup paste holds a full benchmark (#1) and an
  // Adiantum-only one (#2); an RK3399's cryptsetup benchmark shares AES-XTS cells with #1 only.
  // The comparison is made with #1, and #2's cells are listed under "Not compared" (it exited 2).
  const CliResult r = RunCryptobench(
      {"compare", kFixtures + "rpi4-cryptsetup-two-runs.txt", kFixtures + "rk3399-cryptsetup.txt"});
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_NE(r.out.find("C (rk3399-cryptsetup.txt) vs A (rpi4-cryptsetup-two-runs.txt#1"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("AES-128-XTS  encrypt"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Not compared:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("only in B"), std::string::npos) << r.out;
}

TEST(CompareCliTest, WritesMarkdownToAFileAtomically) {
  const std::filesystem::path out =
      std::filesystem::temp_directory_path() / "cryptobench_compare_test.md";
  std::filesystem::remove(out);
  CliResult r =
      RunCryptobench({"compare", kFixtures + "speed-a.txt", kFixtures + "speed-b-engine.txt",
                      "--format", "markdown", "-o", out.string()});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  // The terminal keeps the table beside the file (as speed's, and hyperfine's --export-*).
  EXPECT_EQ(r.out.rfind("cryptobench compare: ", 0), 0u) << r.out;
  const std::string text = ReadTestFile(out.string());
  EXPECT_EQ(text.rfind("## cryptobench compare\n", 0), 0u) << text;
  EXPECT_NE(text.find("B was timed in user CPU time with engine qatengine"), std::string::npos);
  std::filesystem::remove(out);
}

TEST(CompareCliTest, FileWithSeveralRunsIsSeveralSides) {
  CliResult r = RunCryptobench(
      {"compare", std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/import/two-runs.txt",
       "--format", "json"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const json doc = ParseJson(r);
  ASSERT_EQ(doc.at("sides").size(), 2u);
  EXPECT_EQ(doc.at("sides").at(1).at("label"), "two-runs.txt#2");
}

TEST(CompareCliTest, BytesFilterFileSidesAsAlgorithmsDo) {
  const std::vector<std::string> files = {"compare", kFixtures + "base.json",
                                          kFixtures + "noaes.json", "--format", "json"};
  auto sizes_in = [](const CliResult& r) {
    std::set<uint64_t> sizes;
    const json doc = ParseJson(r);
    for (const json& row : doc.at("comparisons").at(0).at("rows")) {
      if (row.at("input_len").get<uint64_t>() != 0 && row.at("algorithm") != "RSA-2048") {
        sizes.insert(row.at("input_len").get<uint64_t>());
      }
    }
    return sizes;
  };
  std::vector<std::string> args = files;
  const std::set<uint64_t> all = sizes_in(RunCryptobench(args));
  ASSERT_GT(all.size(), 1u);
  args.insert(args.end(), {"--bytes", std::to_string(*all.rbegin())});
  EXPECT_EQ(sizes_in(RunCryptobench(args)), std::set<uint64_t>{*all.rbegin()});
}

TEST(CompareCliTest, AlgorithmsFilterByAFileRowTheCatalogueLacks) {
  const std::string source =
      std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/import/openssl-4.0-elapsed.txt";
  const std::string copy = ::testing::TempDir() + "compare_mlkem_copy.txt";
  std::filesystem::copy_file(source, copy, std::filesystem::copy_options::overwrite_existing);
  const CliResult r =
      RunCryptobench({"compare", source, copy, "--algorithms", "ml-kem-768", "--format", "json"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const json doc = ParseJson(r);
  std::set<std::string> algorithms;
  for (const json& row : doc.at("comparisons").at(0).at("rows")) {
    algorithms.insert(row.at("algorithm").get<std::string>());
  }
  EXPECT_EQ(algorithms, std::set<std::string>{"ML-KEM-768"});
  // A name neither catalogued nor in the files stays an error.
  EXPECT_EQ(RunCryptobench({"compare", source, copy, "--algorithms", "ml-kem-769"}).exit_status, 2);
  std::filesystem::remove(copy);
}

TEST(CompareCliTest, BadInputIsOneLineAndExitsTwo) {
  const std::string base = kFixtures + "base.json";
  const std::string malformed =
      std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/import/malformed-row.txt";
  const std::vector<std::vector<std::string>> cases = {
      {"compare", base},                             // one side
      {"compare"},                                   // none
      {"compare", base, "/nonexistent/run.json"},    // unreadable
      {"compare", base, malformed},                  // import error
      {"compare", base, base},                       // duplicate
      {"compare", base, kFixtures + "./base.json"},  // the same file, spelled differently
      {"compare", base, "--lib", "libcrypto.so.3"},  // not NAME=PATH
      {"compare", "--lib", "a=libcrypto.so.3", "--lib", "a=libcrypto.so.3"},  // duplicate NAME
      {"compare", base, "--lib", "x=/nonexistent/libcrypto.so"},              // unloadable
      {"compare", base, "--lib", "x=libcrypto.so.3", "--env", "y:X=1"},       // unknown side
      {"compare", base, kFixtures + "noaes.json", "--threshold", "0"},
      {"compare", base, kFixtures + "noaes.json", "--threshold", "100"},
      {"compare", base, kFixtures + "noaes.json", "--fail-if-slower", "100%"},
      {"compare", base, kFixtures + "noaes.json", "--fail-if-slower", "lots"},
      {"compare", base, kFixtures + "noaes.json", "--format", "openssl"},
      {"compare", base, kFixtures + "noaes.json", "--algorithms", "aes-129-cbc"},
      {"compare", base, kFixtures + "noaes.json", "--rounds", "3"},  // live only, no --lib
      {"compare", base, kFixtures + "noaes.json", "--max-seconds", "1"},
      {"compare", base, kFixtures + "noaes.json", "--precision", "0.05"},
      {"compare", base, kFixtures + "noaes.json", "--bytes", "17"},  // no cell of that size
  };
  for (const std::vector<std::string>& args : cases) {
    CliResult r = RunCryptobench(args);
    std::string joined;
    for (const std::string& arg : args) {
      joined += arg + " ";
    }
    EXPECT_EQ(r.exit_status, 2) << joined << "\n" << r.err;
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << joined << "\n" << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << joined << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << joined;
  }
  CliResult import_error = RunCryptobench({"compare", base, malformed});
  EXPECT_NE(import_error.err.find("malformed-row.txt:12: expected"), std::string::npos)
      << import_error.err;
}

// A paste of two machines: `openssl version -a`, CPU lines and a speed run of one, then the
// other's CPU lines and a speed run without a header. The first block's version is no library of
// the second block's side (compare named both "OpenSSL 1.1.1f" before).
TEST(CompareCliTest, OneMachinesVersionBlockIsNotTheOtherSidesLibrary) {
  const std::filesystem::path paste =
      std::filesystem::temp_directory_path() / "cryptobench-two-machines-version.txt";
  std::ofstream(paste)
      << "$ openssl version -a\n"
         "OpenSSL 1.1.1f  31 Mar 2020\n"
         "built on: Wed Nov 24 13:20:48 2021 UTC\n"
         "platform: debian-amd64\n"
         "options:  bn(64,64) rc4(16x,int) des(int) blowfish(ptr)\n"
         "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall\n"
         "OPENSSLDIR: \"/usr/lib/ssl\"\n"
         "ENGINESDIR: \"/usr/lib/x86_64-linux-gnu/engines-1.1\"\n"
         "Seeding source: os-specific\n"
         "$ grep -m1 'model name' /proc/cpuinfo\n"
         "model name\t: Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz\n"
         "$ openssl speed -evp aes-128-cbc\n"
         "Doing aes-128-cbc for 3s on 16 size blocks: 70000000 aes-128-cbc's in 2.99s\n"
         "Doing aes-128-cbc for 3s on 64 size blocks: 30000000 aes-128-cbc's in 3.00s\n"
         "Doing aes-128-cbc for 3s on 256 size blocks: 8000000 aes-128-cbc's in 3.00s\n"
         "Doing aes-128-cbc for 3s on 1024 size blocks: 2000000 aes-128-cbc's in 3.00s\n"
         "Doing aes-128-cbc for 3s on 8192 size blocks: 250000 aes-128-cbc's in 3.00s\n"
         "Doing aes-128-cbc for 3s on 16384 size blocks: 125000 aes-128-cbc's in 3.00s\n"
         "OpenSSL 1.1.1f  31 Mar 2020\n"
         "built on: Wed Nov 24 13:20:48 2021 UTC\n"
         "options:bn(64,64) rc4(16x,int) des(int) aes(partial) blowfish(ptr)\n"
         "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n"
         "aes-128-cbc     374581.94k   640000.00k   682666.67k   682666.67k   682666.67k   "
         "683000.00k\n"
         "\n"
         "$ grep -m1 'model name' /proc/cpuinfo\n"
         "model name\t: ARMv7 Processor rev 4 (v7l)\n"
         "$ openssl speed -evp aes-128-cbc\n"
         "Doing aes-128-cbc for 3s on 16 size blocks: 7000000 aes-128-cbc's in 2.99s\n"
         "Doing aes-128-cbc for 3s on 64 size blocks: 3000000 aes-128-cbc's in 3.00s\n"
         "Doing aes-128-cbc for 3s on 256 size blocks: 800000 aes-128-cbc's in 3.00s\n"
         "Doing aes-128-cbc for 3s on 1024 size blocks: 200000 aes-128-cbc's in 3.00s\n"
         "Doing aes-128-cbc for 3s on 8192 size blocks: 25000 aes-128-cbc's in 3.00s\n";
  CliResult r = RunCryptobench({"compare", paste.string()});
  std::filesystem::remove(paste);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const size_t a = r.out.find("#1  openssl speed output, OpenSSL 1.1.1f");
  const size_t b = r.out.find("#2  openssl speed output, user CPU time");
  EXPECT_NE(a, std::string::npos) << r.out;
  EXPECT_NE(b, std::string::npos) << r.out;
}

}  // namespace
}  // namespace cryptobench::testing
