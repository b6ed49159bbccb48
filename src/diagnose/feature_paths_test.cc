// Tests of the feature-path table (feature_paths.h, data/feature-paths.csv).
#include "diagnose/feature_paths.h"

#include <stdexcept>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/library_changes.h"

namespace cryptobench::diagnose {
namespace {

using ::testing::HasSubstr;

constexpr const char* kPathsHeader =
    "library,arch,algorithm,versions,cpu_flag,path,note,source,certainty,path_cpb\n";
constexpr const char* kPathSource =
    "https://github.com/openssl/openssl/commit/08e6eb216c9d65d502dc136a40e1c0adaefab759";

std::string PathsParseError(const std::string& row) {
  try {
    ParseFeaturePaths(kPathsHeader + row + "\n");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(FeaturePathsTest, TheEmbeddedTableParsesWithCitableSources) {
  const std::vector<FeaturePath>& table = FeaturePaths();
  ASSERT_FALSE(table.empty());
  for (const FeaturePath& row : table) {
    EXPECT_TRUE(IsCitableSource(row.source)) << "line " << row.line;
    EXPECT_FALSE(row.path.empty()) << "line " << row.line;
  }
}

TEST(FeaturePathsTest, ARowWithoutACitableSourceFails) {
  EXPECT_EQ(PathsParseError(std::string("openssl,aarch64,SHA-3,3.2..,sha3,keccak,,") + kPathSource +
                            ",sure,-"),
            "");
  EXPECT_THAT(PathsParseError("openssl,aarch64,SHA-3,3.2..,sha3,keccak,,,sure,-"),
              HasSubstr("feature paths line 2: source"));
  EXPECT_THAT(PathsParseError("openssl,aarch64,SHA-3,3.2..,sha3,keccak,,openssl,sure,-"),
              HasSubstr("neither a URL"));
}

TEST(FeaturePathsTest, AVersionRangeThatDoesNotParseFails) {
  const std::string tail = std::string(",sha3,keccak,,") + kPathSource + ",sure,-";
  EXPECT_THAT(PathsParseError("openssl,aarch64,SHA-3,3.x.." + tail), HasSubstr("versions"));
  EXPECT_THAT(PathsParseError("openssl,aarch64,SHA-3,3.2..3.0" + tail), HasSubstr("versions"));
  EXPECT_THAT(PathsParseError("openssl,aarch64,SHA-3," + tail), HasSubstr("versions"));
  EXPECT_EQ(PathsParseError("openssl,aarch64,SHA-3,any" + tail), "");
}

TEST(FeaturePathsTest, ColumnsAreChecked) {
  const std::string source = std::string(",") + kPathSource;
  EXPECT_THAT(PathsParseError("botan,aarch64,SHA-3,3.2..,sha3,keccak," + source + ",sure,-"),
              HasSubstr("unknown library"));
  EXPECT_THAT(PathsParseError("openssl,mips,SHA-3,3.2..,sha3,keccak," + source + ",sure,-"),
              HasSubstr("unknown arch"));
  EXPECT_THAT(PathsParseError("openssl,aarch64,SHA3-256,3.2..,sha3,keccak," + source + ",sure,-"),
              HasSubstr("unknown algorithm"));
  EXPECT_THAT(PathsParseError("openssl,aarch64,SHA-3,3.2..,,keccak," + source + ",sure,-"),
              HasSubstr("cpu_flag"));
  EXPECT_THAT(PathsParseError("openssl,aarch64,SHA-3,3.2..,sha3,," + source + ",sure,-"),
              HasSubstr("an empty path"));
  EXPECT_THAT(PathsParseError("openssl,aarch64,SHA-3,3.2..,sha3,keccak," + source + ",maybe,-"),
              HasSubstr("unknown certainty"));
  EXPECT_THAT(PathsParseError("openssl,aarch64,SHA-3,3.2..,sha3,keccak," + source + ",unsure,-"),
              HasSubstr("note"));
}

// path_cpb is "-" or a positive number (tryout 29 W7: the verdicts compare figures with it).
TEST(FeaturePathsTest, PathCpbIsDashOrAPositiveNumber) {
  const std::string row = std::string("openssl,aarch64,SHA-3,3.2..,sha3,keccak,,") + kPathSource;
  EXPECT_EQ(PathsParseError(row + ",sure,11.7"), "");
  EXPECT_THAT(PathsParseError(row + ",sure,fast"), HasSubstr("path_cpb"));
  EXPECT_THAT(PathsParseError(row + ",sure,0"), HasSubstr("path_cpb"));
  EXPECT_THAT(PathsParseError(row + ",sure,"), HasSubstr("path_cpb"));
  EXPECT_DOUBLE_EQ(ParseFeaturePaths(std::string(kPathsHeader) + row + ",sure,11.7\n")[0].path_cpb,
                   11.7);
}

// The rows the verdicts rely on: OpenSSL's SHA3-instruction Keccak from 3.2 (commit 08e6eb2),
// needing sha3; SPARC rows cover every sparc* spelling.
TEST(FeaturePathsTest, OpensslSha3RowIsDatedAndNeedsTheFlag) {
  const LibraryVersion v30 = ParseLibraryVersion("3.0.13").value();
  const LibraryVersion v32 = ParseLibraryVersion("3.2.2").value();
  bool found = false;
  for (const FeaturePath& row : FeaturePaths()) {
    if (row.library == AdviceLibrary::kOpenssl && row.primitive == AlgorithmPrimitive::kSha3) {
      found = true;
      EXPECT_TRUE(row.OnArch("aarch64"));
      EXPECT_FALSE(row.versions.Contains(v30));
      EXPECT_TRUE(row.versions.Contains(v32));
      EXPECT_EQ(row.cpu_flag, "sha3");
    }
    if (row.arch == "sparcv9") {
      EXPECT_TRUE(row.OnArch("sparc64"));
      EXPECT_EQ(row.ArchName(), "SPARC");
    }
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace cryptobench::diagnose
