// Tests of the backend registry.
#include "backends/registry.h"

#include <gtest/gtest.h>

namespace cryptobench::backends {
namespace {

TEST(RegistryTest, OpensslIsFirstAndTakesALibraryPath) {
  ASSERT_FALSE(CompiledBackends().empty());
  EXPECT_EQ(CompiledBackends()[0].name, "openssl");
  EXPECT_TRUE(CompiledBackends()[0].takes_library_path);
}

TEST(RegistryTest, FindsByNameIgnoringCase) {
  const BackendDescriptor* backend = FindBackend("OpenSSL");
  ASSERT_NE(backend, nullptr);
  EXPECT_EQ(backend->name, "openssl");
  EXPECT_EQ(FindBackend("no-such-library"), nullptr);
}

TEST(RegistryTest, NamesAreUniqueLowerCase) {
  const auto backends = CompiledBackends();
  for (size_t i = 0; i < backends.size(); ++i) {
    for (char c : backends[i].name) {
      EXPECT_FALSE(c >= 'A' && c <= 'Z') << backends[i].name;
    }
    for (size_t j = i + 1; j < backends.size(); ++j) {
      EXPECT_NE(backends[i].name, backends[j].name);
    }
    EXPECT_NE(backends[i].open, nullptr) << backends[i].name;
  }
}

}  // namespace
}  // namespace cryptobench::backends
