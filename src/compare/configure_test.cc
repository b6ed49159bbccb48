// compare of two builds whose pastes show their autoconf configure lines (import's "configure"
// fact): the options that differ are named, and options are never "the same" when a side does
// not record them (new-user tryout 21 #6: two wolfSSL 5.7.2 builds, `./configure` against
// `./configure --enable-aesni --enable-intelasm`, were "the same version with the same
// options").
#include <string>

#include <gtest/gtest.h>

#include "compare/compare.h"
#include "compare/format.h"
#include "compare/test_util.h"
#include "support/golden.h"

namespace cryptobench::compare {
namespace {

using testing::AllText;
using testing::PasteSide;

const std::string kFixtures = std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/compare/";

std::string Fixture(const std::string& name) {
  return cryptobench::testing::ReadTestFile(kFixtures + name);
}

CompareReport CompareTexts(const std::string& a, const std::string& b) {
  return Compare({PasteSide("A", a), PasteSide("B", b)}, CompareOptions{});
}

TEST(ConfigureLineTest, DifferingConfigureOptionsAreNamed) {
  // Tryout 21 t32a/t32b: wolfSSL prints no configure options; the pasted lines differ.
  const CompareReport report =
      CompareTexts(Fixture("wolf-configure-default.txt"), Fixture("wolf-configure-aesni.txt"));
  const std::string text = AllText(report);
  EXPECT_NE(text.find("B was configured with --enable-aesni --enable-intelasm (line 1), A "
                      "without"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("same options"), std::string::npos) << text;
  EXPECT_EQ(text.find("nothing recorded differs"), std::string::npos) << text;
}

TEST(ConfigureLineTest, OptionsAreNotTheSameWhenNoSideRecordsThem) {
  // The same two outputs without their configure lines: the builds are not known to differ,
  // and not known to have the same options either (wolfSSL's Math: line is no configure line).
  const auto without_configure = [](std::string text) { return text.substr(text.find('\n') + 1); };
  const CompareReport report =
      CompareTexts(without_configure(Fixture("wolf-configure-default.txt")),
                   without_configure(Fixture("wolf-configure-aesni.txt")));
  const std::string text = AllText(report);
  EXPECT_EQ(text.find("same options"), std::string::npos) << text;
  EXPECT_NE(text.find("the configure options are not recorded"), std::string::npos) << text;
}

TEST(ConfigureLineTest, AConfigureLineIsTheBuildsOnlyForAProgramRunFromItsTree) {
  // A benchmark found on PATH (or at an absolute path) need not be the build just configured.
  const std::string configured = Fixture("wolf-configure-aesni.txt");
  std::string elsewhere = configured;
  const std::string program = "./wolfcrypt/benchmark/benchmark";
  elsewhere.replace(elsewhere.find(program), program.size(), "/usr/local/bin/wolfcrypt-benchmark");
  const std::vector<results::RunResult> in_tree = import::ImportText(configured, "a.txt");
  const std::vector<results::RunResult> on_path = import::ImportText(elsewhere, "b.txt");
  ASSERT_EQ(in_tree.size(), 1u);
  ASSERT_EQ(on_path.size(), 1u);
  const results::SourceFact* fact = ConfigureFactOf(in_tree[0]);
  ASSERT_NE(fact, nullptr);
  EXPECT_EQ(fact->value, "./configure --enable-aesni --enable-intelasm");
  EXPECT_EQ(fact->line, 1u);
  EXPECT_EQ(ConfigureOptions(*fact),
            (std::vector<std::string>{"--enable-aesni", "--enable-intelasm"}));
  EXPECT_EQ(ConfigureFactOf(on_path[0]), nullptr);
}

TEST(ConfigureLineTest, ASecondConfigureLineConfiguresTheNextBuild) {
  // One paste of both builds: each run keeps the configure line typed before it.
  const std::string both =
      Fixture("wolf-configure-default.txt") + Fixture("wolf-configure-aesni.txt");
  const std::vector<results::RunResult> runs = import::ImportText(both, "both.txt");
  ASSERT_EQ(runs.size(), 2u);
  ASSERT_NE(ConfigureFactOf(runs[0]), nullptr);
  ASSERT_NE(ConfigureFactOf(runs[1]), nullptr);
  EXPECT_EQ(ConfigureFactOf(runs[0])->value, "./configure");
  EXPECT_EQ(ConfigureFactOf(runs[1])->value, "./configure --enable-aesni --enable-intelasm");
}

// Issue 13, section 7 (a range over a cipher's two operations): wolfCrypt prints "-enc" and
// "-dec" rows; "AES-* 8.9-79.4x faster" did not say which operation each end is.
TEST(ConfigureLineTest, ARangeOverSeveralOperationsNamesTheOperationOfEachEnd) {
  const CompareReport report =
      CompareTexts(Fixture("wolf-configure-default.txt"), Fixture("wolf-configure-aesni.txt"));
  const Finding* pattern = testing::FindingOf(report, "pattern");
  ASSERT_NE(pattern, nullptr) << AllText(report);
  EXPECT_NE(pattern->text.find("AES-* 8.9-79.4x faster at 1024 KiB (AES-128-CBC encrypt 8.9x "
                               "faster, AES-128-GCM decrypt 79.4x faster)"),
            std::string::npos)
      << pattern->text;
}

// Each paste is a configure line, then the benchmark's output without the command that ran it:
// the lines are in the pastes but need not be the measured builds' (import keeps them as
// "configure_unlinked"); "the configure options are not recorded" alone was untrue.
TEST(ConfigureLineTest, ConfigureLinesWithoutTheBenchmarkCommandAreNamedAsNotTiedToTheRuns) {
  const auto without_command = [](const std::string& text, const std::string& configure) {
    return configure + "\n" + text.substr(text.find("\n-") + 1);
  };
  const std::string a = without_command(Fixture("wolf-configure-default.txt"), "$ ./configure");
  const std::string b = without_command(Fixture("wolf-configure-aesni.txt"),
                                        "$ ./configure --enable-intelasm --enable-aesni");
  const std::vector<results::RunResult> runs = import::ImportText(b, "b.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(ConfigureFactOf(runs[0]), nullptr);
  const results::SourceFact* unlinked = UnlinkedConfigureFactOf(runs[0]);
  ASSERT_NE(unlinked, nullptr);
  EXPECT_EQ(unlinked->value, "./configure --enable-intelasm --enable-aesni");

  const std::string text = AllText(CompareTexts(a, b));
  EXPECT_NE(text.find("the configure options are not recorded for the measured builds: A's paste "
                      "shows ./configure (line 1) and B's paste shows ./configure "
                      "--enable-intelasm --enable-aesni (line 1), but not a command that ran the "
                      "benchmark from that tree, so they need not be the measured builds'"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("same options"), std::string::npos) << text;
}

}  // namespace
}  // namespace cryptobench::compare
