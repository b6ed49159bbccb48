// Tests of the Botan backend against the system's Botan 2 (libbotan-2 on Debian 12): what only
// Botan does (what it shares with Crypto++ is in ../linked_backend_test.cc).
#include "backends/botan/botan_backend.h"

#include <stdlib.h>

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "algorithms/kat.h"
#include "backends/registry.h"
#include "core/errors.h"
#include "core/hex.h"

namespace cryptobench::backends {
namespace {

Backend& TheBackend() {
  static std::unique_ptr<Backend> backend = OpenBotanBackend("");
  return *backend;
}

TEST(BotanBackendTest, IdentityNamesTheRuntimeLibrary) {
  const results::LibraryInfo info = TheBackend().Identity();
  EXPECT_EQ(info.version.rfind("Botan 2.", 0), 0u) << info.version;
  EXPECT_GE(info.version_num, uint64_t{2} << 16);
  EXPECT_NE(info.loaded_path.find("libbotan-2"), std::string::npos) << info.loaded_path;
}

// Botan signs ECDSA with RFC 6979 nonces, so it reproduces the RFC's own signatures.
TEST(BotanBackendTest, SignsEcdsaDeterministically) {
  for (std::string_view name : {"ECDSA-P256", "ECDSA-P384"}) {
    const auto vectors = KatVectorsFor(name);
    ASSERT_FALSE(vectors.empty());
    Bytes signature;
    ASSERT_EQ(TheBackend().OneShot()->Sign(*FindAlgorithm(name), vectors[0], &signature), "");
    EXPECT_EQ(HexEncode(signature), vectors[0].output) << name;
  }
}

TEST(BotanBackendTest, RegistryFindsItWithItsMask) {
  const BackendDescriptor* descriptor = FindBackend("botan");
  ASSERT_NE(descriptor, nullptr);
  EXPECT_FALSE(descriptor->takes_library_path);
  EXPECT_EQ(descriptor->mask_variable, "BOTAN_CLEAR_CPUID");
  EXPECT_NE(descriptor->open(""), nullptr);
}

TEST(BotanBackendTest, ClearCpuidRejectsUnknownFeatures) {
  const std::string error = ApplyBotanClearCpuid("aes_ni, no_such_feature");
  EXPECT_NE(error.find("'no_such_feature'"), std::string::npos) << error;
  EXPECT_EQ(ApplyBotanClearCpuid(""), "");

  ASSERT_EQ(setenv("BOTAN_CLEAR_CPUID", "no_such_feature", 1), 0);
  EXPECT_THROW(OpenBotanBackend(""), UsageError);
  unsetenv("BOTAN_CLEAR_CPUID");
}

TEST(BotanBackendTest, ClearCpuidSwitchesProviders) {
  const AlgorithmInfo& aes = *FindAlgorithm("AES-128-CBC");
  const std::string before = TheBackend().Implementation(aes);
  if (before != "AES-128 cpu") {
    GTEST_SKIP() << "no AES-NI path in use here (" << before << ")";
  }
  ASSERT_EQ(ApplyBotanClearCpuid("aes_ni"), "");
  const std::string masked = TheBackend().Implementation(aes);
  const std::string features = TheBackend().Identity().capability_vector;
  const results::KatResult kat = TheBackend().RunKat(aes);
  ResetBotanCpuidForTesting();
  EXPECT_NE(masked, before);
  EXPECT_EQ(features.find("aes_ni"), std::string::npos) << features;
  EXPECT_EQ(kat.status, "passed") << "the fallback must still be correct: " << kat.detail;
  EXPECT_EQ(TheBackend().Implementation(aes), before);
}

}  // namespace
}  // namespace cryptobench::backends
