// Golden-file helpers shared by the renderer, doctor and import tests.
#include "support/golden.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

namespace cryptobench::testing {

std::string ReadTestFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void ExpectMatchesGolden(const std::string& actual, const std::string& golden_name) {
  const std::string path = std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/golden/" + golden_name;
  const char* update = std::getenv("CRYPTOBENCH_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(path, std::ios::binary) << actual;
    GTEST_SKIP() << "wrote " << path;
  }
  const std::string expected = ReadTestFile(path);
  ASSERT_FALSE(expected.empty()) << path
                                 << " is missing; regenerate with CRYPTOBENCH_UPDATE_GOLDEN=1";
  EXPECT_EQ(actual, expected) << "output differs from " << path;
}

}  // namespace cryptobench::testing
