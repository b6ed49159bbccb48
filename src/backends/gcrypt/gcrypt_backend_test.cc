// Tests of the libgcrypt backend against the system's libgcrypt (1.10 on Debian 12).
#include "backends/gcrypt/gcrypt_backend.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "algorithms/kat.h"
#include "backends/common/backend_test_support.h"
#include "backends/registry.h"
#include "core/errors.h"
#include "core/hex.h"

namespace cryptobench::backends {
namespace {

Backend& GcryptBackend() {
  static std::unique_ptr<Backend> backend = OpenGcryptBackend("");
  return *backend;
}

TEST(GcryptBackendTest, IdentityNamesTheRunTimeLibrary) {
  const results::LibraryInfo info = GcryptBackend().Identity();
  EXPECT_EQ(info.version.rfind("1.", 0), 0u) << info.version;
  EXPECT_EQ(info.version_num >> 16, 1u);
  EXPECT_EQ(info.cpu_info.rfind("hwflist", 0), 0u) << info.cpu_info;
  ASSERT_FALSE(info.loaded_path.empty());
  EXPECT_NE(info.loaded_path.find("libgcrypt"), std::string::npos) << info.loaded_path;
}

TEST(GcryptBackendTest, RegistryNamesItsMask) {
  const BackendDescriptor* descriptor = FindBackend("gcrypt");
  ASSERT_NE(descriptor, nullptr);
  EXPECT_FALSE(descriptor->takes_library_path);
  EXPECT_EQ(descriptor->mask_variable, kGcryptDisableHwfVariable);
}

// libgcrypt 1.10 offers every algorithm of the catalogue but XChaCha20-Poly1305 (it has no
// XChaCha20).
TEST(GcryptBackendTest, SupportsTheCatalogueButXChaCha) {
  backend_testing::ExpectSupportsExactly(GcryptBackend(),
                                         backend_testing::CatalogueExcept({"XChaCha20-Poly1305"}));
}

TEST(GcryptBackendTest, Rfc6979EcdsaMatchesThePublishedSignatures) {
  // RFC 6979 A.2.5 and A.2.6 publish (r, s) from deterministic k; libgcrypt's (flags rfc6979)
  // implements the same derivation, so its signatures must equal the vectors'.
  for (const char* name : {"ECDSA-P256", "ECDSA-P384"}) {
    const AlgorithmInfo& alg = *FindAlgorithm(name);
    const KatVector& vector = KatVectorsFor(alg.name)[0];
    Bytes signature;
    ASSERT_EQ(GcryptBackend().OneShot()->Sign(alg, vector, &signature), "") << name;
    EXPECT_EQ(HexEncode(signature), vector.output) << name;
  }
}

// Runs in a fresh process (death-test "threadsafe" style re-executes the test binary), so
// libgcrypt initialises there with the variable set.
TEST(GcryptBackendMaskTest, DisablesTheNamedHardwareFeatures) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        setenv(std::string(kGcryptDisableHwfVariable).c_str(), "intel-aesni,intel-pclmul", 1);
        const std::string features = OpenGcryptBackend("")->Identity().cpu_info;
        const bool masked = features.rfind("hwflist", 0) == 0 &&
                            features.find("intel-aesni") == std::string::npos &&
                            features.find("intel-pclmul") == std::string::npos;
        std::exit(masked ? 0 : 1);
      },
      testing::ExitedWithCode(0), "");
}

TEST(GcryptBackendMaskTest, RejectsAnUnknownFeatureName) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        setenv(std::string(kGcryptDisableHwfVariable).c_str(), "no-such-feature", 1);
        try {
          OpenGcryptBackend("");
        } catch (const UsageError& e) {
          std::fprintf(stderr, "%s\n", e.what());
          std::exit(2);
        }
        std::exit(0);
      },
      testing::ExitedWithCode(2), "knows no hardware feature 'no-such-feature'");
}

}  // namespace
}  // namespace cryptobench::backends
