// Parsing of compare's side arguments: --lib NAME=PATH, --env [NAME:]VAR=VALUE, file labels and
// percentages; every bad value is a UsageError naming it.
#include "compare/side_spec.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/errors.h"

namespace cryptobench::compare {
namespace {

TEST(ParseLibSpecTest, NameAndPath) {
  const LiveSpec spec = ParseLibSpec("new=/opt/ssl/lib64/libcrypto.so.3");
  EXPECT_EQ(spec.name, "new");
  EXPECT_EQ(spec.path, "/opt/ssl/lib64/libcrypto.so.3");
  EXPECT_EQ(ParseLibSpec("v3.0_debug+asan=x=y").path, "x=y");  // split at the first '='
}

TEST(ParseLibSpecTest, RejectsBadSpecs) {
  for (const char* bad : {"libcrypto.so.3", "=libcrypto.so.3", "new=", "a:b=lib", "-x=lib",
                          "with space=lib", "é=lib"}) {
    EXPECT_THROW(ParseLibSpec(bad), UsageError) << bad;
  }
  try {
    ParseLibSpec("libcrypto.so.3");
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("NAME=PATH"), std::string::npos) << e.what();
  }
}

TEST(ApplyEnvSpecsTest, PerSideAndForAll) {
  std::vector<LiveSpec> sides = {ParseLibSpec("a=lib"), ParseLibSpec("b=lib")};
  // Not the capability variables: which of them is valid depends on the architecture.
  ApplyEnvSpecs({"ALL=0", "b:ONLY_B=~0x200000000000000:~0x60000000000:~0", "a:X=1=2"}, sides);
  EXPECT_EQ(sides[0].env.at("ALL"), "0");
  EXPECT_EQ(sides[1].env.at("ALL"), "0");
  EXPECT_EQ(sides[1].env.at("ONLY_B"), "~0x200000000000000:~0x60000000000:~0");
  EXPECT_EQ(sides[0].env.count("ONLY_B"), 0u);
  EXPECT_EQ(sides[0].env.at("X"), "1=2");
}

TEST(ApplyEnvSpecsTest, RejectsTheOtherArchitecturesCapabilityVariable) {
  std::vector<LiveSpec> sides = {ParseLibSpec("a=lib")};
#if defined(__x86_64__)
  EXPECT_THROW(ApplyEnvSpecs({"OPENSSL_armcap=0xf9"}, sides), UsageError);
  EXPECT_NO_THROW(ApplyEnvSpecs({"OPENSSL_ia32cap=~0x200000000000000:~0"}, sides));
#elif defined(__aarch64__)
  EXPECT_THROW(ApplyEnvSpecs({"OPENSSL_ia32cap=~0x200000000000000:~0"}, sides), UsageError);
  EXPECT_NO_THROW(ApplyEnvSpecs({"OPENSSL_armcap=0xf9"}, sides));
#else
  GTEST_SKIP() << "no capability variable known for this architecture";
#endif
}

TEST(ApplyEnvSpecsTest, RejectsUnknownSideAndBadNames) {
  std::vector<LiveSpec> sides = {ParseLibSpec("a=lib")};
  for (const char* bad : {"c:X=1", "NOEQUALS", "a:1X=1", "a:=1", "a:b:X=1"}) {
    EXPECT_THROW(ApplyEnvSpecs({bad}, sides), UsageError) << bad;
  }
  std::vector<LiveSpec> none;
  EXPECT_THROW(ApplyEnvSpecs({"X=1"}, none), UsageError);
}

TEST(CheckUniqueNamesTest, DuplicateNameThrows) {
  EXPECT_NO_THROW(CheckUniqueNames({ParseLibSpec("a=x"), ParseLibSpec("b=x")}));
  EXPECT_THROW(CheckUniqueNames({ParseLibSpec("a=x"), ParseLibSpec("a=y")}), UsageError);
}

TEST(FileLabelsTest, BaseNamesUnlessTheyCollide) {
  EXPECT_EQ(FileLabels({"runs/old.json", "new.txt"}, {}),
            (std::vector<std::string>{"old.json", "new.txt"}));
  EXPECT_EQ(FileLabels({"x/run.json", "y/run.json", "z.txt"}, {}),
            (std::vector<std::string>{"x/run.json", "y/run.json", "z.txt"}));
}

TEST(FileLabelsTest, DuplicatesThrow) {
  EXPECT_THROW(FileLabels({"a.json", "a.json"}, {}), UsageError);
  EXPECT_THROW(FileLabels({"dir/sys"}, {ParseLibSpec("sys=libcrypto.so.3")}), UsageError);
}

// A fresh directory under the system's temporary directory, removed at the end of the test.
class SameFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("cryptobench-same-file-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir_ / "sub");
    for (const char* name : {"a.json", "b.json"}) {
      std::ofstream(dir_ / name) << "{}";
    }
    std::filesystem::create_symlink(dir_ / "a.json", dir_ / "link.json");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Path(const std::string& relative) const { return (dir_ / relative).string(); }

  std::filesystem::path dir_;
};

TEST_F(SameFileTest, OneFileUnderTwoSpellingsIsAnError) {
  const std::vector<std::vector<std::string>> same = {
      {Path("a.json"), Path("./a.json")},
      {Path("a.json"), Path("sub/../a.json")},
      {Path("b.json"), Path("a.json"), Path("link.json")},  // a symbolic link to a.json
  };
  for (const std::vector<std::string>& paths : same) {
    EXPECT_THROW(CheckDistinctFiles(paths), UsageError) << paths[0] << " " << paths[1];
  }
  try {
    CheckDistinctFiles({Path("a.json"), Path("link.json")});
    ADD_FAILURE() << "a symbolic link to the first file was accepted";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()), fmt::format("'{}' and '{}' are the same file; each side must "
                                                 "be a different file",
                                                 Path("a.json"), Path("link.json")));
  }
}

TEST_F(SameFileTest, DifferentStandardInputAndMissingFilesPass) {
  EXPECT_NO_THROW(CheckDistinctFiles({Path("a.json"), Path("b.json")}));
  EXPECT_NO_THROW(CheckDistinctFiles({Path("a.json"), "-"}));
  // A missing file is reported when it is read, with the reading error.
  EXPECT_NO_THROW(CheckDistinctFiles({Path("a.json"), Path("missing.json")}));
}

TEST(ParsePercentTest, NumbersAndPercentSign) {
  EXPECT_DOUBLE_EQ(ParsePercent("5", "--threshold"), 0.05);
  EXPECT_DOUBLE_EQ(ParsePercent("12.5%", "--threshold"), 0.125);
  EXPECT_DOUBLE_EQ(ParsePercent("99.5", "--threshold"), 0.995);
  // 100% or more: a threshold that no ratio can cross when slower, and a gate that never fails.
  for (const char* bad : {"", "%", "0", "-5", "100", "100%", "101", "abc", "5x", "nan", "inf"}) {
    EXPECT_THROW(ParsePercent(bad, "--threshold"), UsageError) << bad;
  }
  try {
    ParsePercent("100", "--fail-if-slower");
    ADD_FAILURE() << "100 was accepted";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(),
                 "--fail-if-slower '100': expected a percentage above 0 and below 100, e.g. 5 or "
                 "5%");
  }
}

}  // namespace
}  // namespace cryptobench::compare
