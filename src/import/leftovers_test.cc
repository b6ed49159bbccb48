// Import leftovers of new-user tryout 19 (/work/tryout-19/NOTES.md, item 10 and the session's
// brief): pastes cut down to the lines each defect needs.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "import/import.h"
#include "import/import_test_util.h"

namespace cryptobench::import {
namespace {

// An ECDH table cut at the paste's end (tryout 19, p13-cut.txt): the cut row is recomputed from
// its progress line, ECDH's count / time in op/s, not operations × size / time.
TEST(ImportLeftoversTest, RecomputedPublicKeyFiguresNameOperationsPerTime) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ openssl speed -elapsed ecdhp256 ecdhbrp256r1 ecdhbrp256t1 ecdhx25519\n"
      "You have chosen to measure elapsed time instead of user CPU time.\n"
      "Doing 256 bits  ecdh's for 10s: 227640 256-bits ECDH ops in 10.00s\n"
      "Doing 256 bits  ecdh's for 10s: 23341 256-bits ECDH ops in 10.00s\n"
      "Doing 256 bits  ecdh's for 10s: 24012 256-bits ECDH ops in 10.00s\n"
      "Doing 253 bits  ecdh's for 10s: 302113 253-bits ECDH ops in 10.00s\n"
      "version: 3.1.4\n"
      "                              op      op/s\n"
      " 256 bits ecdh (nistp256)   0.0000s  22764.0\n"
      " 256 bits ecdh (brainpoolP256r1)   0.0004s   2334.1\n"
      " 256 bits ecdh (brainpoolP256t1)   0.00",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_TRUE(HasCaveat(runs[0], "recomputed from those lines (operations / time)"))
      << ::testing::PrintToString(runs[0].source.caveats);
  EXPECT_FALSE(HasCaveat(runs[0], "size / time"));
  // No table at all: the run's caveat names the formula of the kinds it recomputed.
  const std::vector<results::RunResult> pk_only = ImportText(
      "Doing 256 bits  ecdh's for 10s: 227640 256-bits ECDH ops in 10.00s\n"
      "version: 3.1.4\n",
      "paste.txt");
  ASSERT_EQ(pk_only.size(), 1u);
  EXPECT_TRUE(HasCaveat(pk_only[0], "progress lines (operations / time)"))
      << ::testing::PrintToString(pk_only[0].source.caveats);
  const std::vector<results::RunResult> both = ImportText(
      "Doing sha256 for 3s on 16 size blocks: 27521344 sha256's in 3.00s\n"
      "Doing 256 bits  ecdh's for 10s: 227640 256-bits ECDH ops in 10.00s\n"
      "version: 3.1.4\n",
      "paste.txt");
  ASSERT_EQ(both.size(), 1u);
  EXPECT_TRUE(HasCaveat(both[0],
                        "(operations × size / time for the symmetric rows, operations / time for "
                        "the public-key ones)"))
      << ::testing::PrintToString(both[0].source.caveats);
}

}  // namespace
}  // namespace cryptobench::import
