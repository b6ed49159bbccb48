// A `bssl speed` paste of AWS-LC (tryout 28 W8): the paste names AWS-LC in a version string,
// a heading or the path of the bssl it ran, so the run's library is AWS-LC, not BoringSSL; a
// plain BoringSSL paste stays BoringSSL.
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "import/import.h"

namespace cryptobench::import {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

constexpr const char* kEd25519Rows =
    "Did 61000 Ed25519 key generation operations in 1003672us (60776.8 ops/sec)\n"
    "Did 60000 Ed25519 signing operations in 1009843us (59415.2 ops/sec)\n"
    "Did 23000 Ed25519 verify operations in 1034251us (22238.3 ops/sec)\n";

// The bssl speed run of `text`.
results::RunResult BsslRun(const std::string& text) {
  for (const results::RunResult& run : ImportText(text, "paste.txt")) {
    if (run.source.tool == "bssl speed") {
      return run;
    }
  }
  ADD_FAILURE() << "no bssl speed run in: " << text;
  return results::RunResult{};
}

TEST(AwsLcIdentityTest, HeadingWithAwsLcVersionNamesAwsLc) {
  const results::RunResult run =
      BsslRun(std::string("aws-lc v1.21.0 on an m6i.large (Ice Lake), built with cmake -GNinja\n"
                          "$ uname -m\nx86_64\n"
                          "$ ./build/tool/bssl speed -filter Ed25519\n") +
              kEd25519Rows);
  EXPECT_EQ(run.library.version, "AWS-LC 1.21.0");
  for (const std::string& caveat : run.source.caveats) {
    EXPECT_THAT(caveat, Not(HasSubstr("BoringSSL revision")));
  }
}

TEST(AwsLcIdentityTest, ShortVersionAndToolPathNameAwsLc) {
  const results::RunResult run =
      BsslRun(std::string("c7g.large, Amazon Linux 2023, aws-lc 1.21 tool/bssl\n"
                          "$ ./tool/bssl speed -filter Ed25519\n") +
              kEd25519Rows);
  EXPECT_EQ(run.library.version, "AWS-LC 1.21");
  // The path of the bssl run names the tree it was built in.
  const results::RunResult by_path =
      BsslRun(std::string("$ ~/src/aws-lc/build/tool/bssl speed -filter Ed25519\n") + kEd25519Rows);
  EXPECT_THAT(by_path.library.version, StartsWith("AWS-LC"));
  // AWS-LC's own version string (include/openssl/base.h AWSLC_VERSION_STRING).
  const results::RunResult by_line =
      BsslRun(std::string("$ openssl version\nOpenSSL 1.1.1 (compatible; AWS-LC 1.21.0)\n"
                          "$ bssl speed -filter Ed25519\n") +
              kEd25519Rows);
  EXPECT_EQ(by_line.library.version, "AWS-LC 1.21.0");
}

// Tryout 29 W4, W5: a bare mention of aws-lc in prose, a directory that only starts with its
// name, or a later `cd` to another tree names no AWS-LC run; a heading with a release and a
// colon does.
TEST(AwsLcIdentityTest, BareMentionsAndOtherTreesNameNoAwsLc) {
  for (const std::string& before : {
           std::string("Upstream BoringSSL numbers (not aws-lc!):\n"),
           std::string("We may switch to aws-lc later; for now upstream:\n"),
           std::string("$ cd ~/src/aws-lc\n$ cd ../bssl-upstream/build\n"),
           std::string("$ ~/aws-lc-bench/upstream/build/bssl speed -filter Ed25519\n"),
       }) {
    const std::string paste = before.find("speed") != std::string::npos
                                  ? before + kEd25519Rows
                                  : before + "$ ./bssl speed -filter Ed25519\n" + kEd25519Rows;
    EXPECT_THAT(BsslRun(paste).library.version, Not(HasSubstr("AWS-LC"))) << before;
  }
  EXPECT_EQ(BsslRun(std::string("aws-lc v1.21.0:\n$ ./build/tool/bssl speed -filter Ed25519\n") +
                    kEd25519Rows)
                .library.version,
            "AWS-LC 1.21.0");
}

TEST(AwsLcIdentityTest, PlainBoringSslPasteStaysBoringSsl) {
  const results::RunResult run = BsslRun(std::string("BoringSSL master (Jan 2025), m6i.large\n"
                                                     "$ uname -m\nx86_64\n"
                                                     "$ ./build/bssl speed -filter Ed25519\n") +
                                         kEd25519Rows);
  EXPECT_THAT(run.library.version, Not(HasSubstr("AWS-LC")));
  EXPECT_EQ(run.library.backend, "boringssl");
  // A line that names both (a comparison) settles nothing.
  const results::RunResult both =
      BsslRun(std::string("BoringSSL vs aws-lc 1.21, here is BoringSSL:\n"
                          "$ ./build/bssl speed -filter Ed25519\n") +
              kEd25519Rows);
  EXPECT_THAT(both.library.version, Not(HasSubstr("AWS-LC")));
  // A link names the project a thread is about, not the library that ran.
  const results::RunResult link =
      BsslRun(std::string("Same as https://github.com/aws/aws-lc/issues/2283 here:\n"
                          "$ ./build/bssl speed -filter Ed25519\n") +
              kEd25519Rows);
  EXPECT_THAT(link.library.version, Not(HasSubstr("AWS-LC")));
}

}  // namespace
}  // namespace cryptobench::import
