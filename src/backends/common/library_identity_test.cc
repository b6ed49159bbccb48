// Tests of the Identity() helpers (library_identity.h).
#include "backends/common/library_identity.h"

#include <string>

#include <gnu/libc-version.h>
#include <gtest/gtest.h>

namespace cryptobench::backends {
namespace {

TEST(SharedObjectPathTest, NamesTheLoadedLibraryOfAFunction) {
  // gnu_get_libc_version is glibc's own (no sanitizer intercepts it).
  const std::string path = SharedObjectPathOf(&gnu_get_libc_version);
  ASSERT_FALSE(path.empty());
  EXPECT_EQ(path[0], '/') << path;
  EXPECT_NE(path.find("libc"), std::string::npos) << path;
  EXPECT_EQ(SharedObjectPath(nullptr), "");
}

TEST(DottedVersionNumberTest, PacksThreeNumbersAndRejectsOthers) {
  EXPECT_EQ(DottedVersionNumber("3.7.9"), 0x030709u);
  EXPECT_EQ(DottedVersionNumber("1.10.1"), 0x010a01u);
  EXPECT_EQ(DottedVersionNumber("3.8.1-beta2"), 0x030801u);
  EXPECT_EQ(DottedVersionNumber("3.7"), 0u);
  EXPECT_EQ(DottedVersionNumber("3.256.0"), 0u);
  EXPECT_EQ(DottedVersionNumber("GnuTLS"), 0u);
}

}  // namespace
}  // namespace cryptobench::backends
