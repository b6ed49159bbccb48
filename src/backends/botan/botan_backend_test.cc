// Tests of the Botan backend against the system's Botan 2 (libbotan-2 on Debian 12).
#include "backends/botan/botan_backend.h"

#include <stdlib.h>

#include <cctype>
#include <string>
#include <vector>

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

std::vector<std::string> CatalogNames() {
  std::vector<std::string> names;
  for (const AlgorithmInfo& alg : Catalog()) {
    names.emplace_back(alg.name);
  }
  return names;
}

// Botan 2 has every algorithm of the catalogue, XChaCha20-Poly1305 included (its
// ChaCha20Poly1305 with a 24-byte nonce).
TEST(BotanBackendTest, SupportsTheWholeCatalogue) {
  for (const AlgorithmInfo& alg : Catalog()) {
    EXPECT_TRUE(TheBackend().Supports(alg)) << alg.name;
  }
}

// Botan's ChaCha20Poly1305 also takes 8- and 12-byte nonces, which would run another AEAD: the
// backend must refuse them for XChaCha20-Poly1305 rather than compute ChaCha20-Poly1305.
TEST(BotanBackendTest, XChaChaTakesOnlyA24ByteNonce) {
  const AlgorithmInfo& xchacha = *FindAlgorithm("XChaCha20-Poly1305");
  Bytes ciphertext;
  Bytes tag;
  for (size_t nonce_len : {8u, 12u}) {
    const std::string error = TheBackend().OneShot()->Seal(
        xchacha, Bytes(32, 1), Bytes(nonce_len, 2), {}, Bytes(16, 3), 16, &ciphertext, &tag);
    EXPECT_NE(error.find("with a " + std::to_string(nonce_len) + "-byte nonce"), std::string::npos)
        << error;
  }
  EXPECT_EQ(TheBackend().OneShot()->Seal(xchacha, Bytes(32, 1), Bytes(24, 2), {}, Bytes(16, 3), 16,
                                         &ciphertext, &tag),
            "");
  EXPECT_EQ(ciphertext.size(), 16u);
  EXPECT_EQ(tag.size(), 16u);
}

class BotanAlgorithmTest : public testing::TestWithParam<std::string> {
 protected:
  const AlgorithmInfo& alg() const { return *FindAlgorithm(GetParam()); }
};

TEST_P(BotanAlgorithmTest, SymmetricAlgorithmsNameTheirProvider) {
  const std::string implementation = TheBackend().Implementation(alg());
  if (IsSymmetric(alg().kind)) {
    // "<object> <provider>", e.g. "AES-128 cpu" or "SHA-256 shani".
    EXPECT_NE(implementation.find(' '), std::string::npos) << implementation;
  } else {
    EXPECT_EQ(implementation, "") << "Botan's public-key code reports no provider";
  }
}

INSTANTIATE_TEST_SUITE_P(Catalog, BotanAlgorithmTest, testing::ValuesIn(CatalogNames()),
                         [](const testing::TestParamInfo<std::string>& param_info) {
                           std::string name;
                           for (char c : param_info.param) {
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           }
                           return name;
                         });

TEST(BotanBackendTest, IdentityNamesTheRuntimeLibrary) {
  const results::LibraryInfo info = TheBackend().Identity();
  EXPECT_EQ(info.version.rfind("Botan 2.", 0), 0u) << info.version;
  EXPECT_GE(info.version_num, uint64_t{2} << 16);
  EXPECT_NE(info.loaded_path.find("libbotan-2"), std::string::npos) << info.loaded_path;
}

TEST(BotanBackendTest, LacksWhatIsNotInItsTables) {
  AlgorithmInfo unknown = *FindAlgorithm("AES-128-GCM");
  unknown.name = "AES-128-OCB";
  EXPECT_FALSE(TheBackend().Supports(unknown));
  EXPECT_EQ(TheBackend().Implementation(unknown), "");
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(TheBackend().Prepare(unknown, Operation::kEncrypt, 16, &failure, &error), nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_NE(error.find("AES-128-OCB"), std::string::npos) << error;
}

TEST(BotanBackendTest, RejectsPartialBlocksAndForeignOperations) {
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(TheBackend().Prepare(*FindAlgorithm("AES-128-CBC"), Operation::kEncrypt, 15, &failure,
                                 &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_NE(error.find("16-byte blocks"), std::string::npos) << error;
  EXPECT_EQ(TheBackend().Prepare(*FindAlgorithm("SHA-256"), Operation::kSign, 16, &failure, &error),
            nullptr);
  EXPECT_NE(error.find("no sign operation"), std::string::npos) << error;
}

TEST(BotanBackendTest, OneShotComputesWhatTheKatsCheck) {
  KatTarget* target = TheBackend().OneShot();
  ASSERT_NE(target, nullptr);
  Bytes digest;
  // SHA-256("abc"), FIPS 180-2 Appendix B.1.
  ASSERT_EQ(target->Hash(*FindAlgorithm("SHA-256"), {'a', 'b', 'c'}, &digest), "");
  EXPECT_EQ(digest.size(), 32u);
  EXPECT_EQ(digest[0], 0xba);
  EXPECT_EQ(digest[31], 0xad);
  Bytes out;
  EXPECT_NE(target->Cipher(*FindAlgorithm("AES-128-GCM"), false, {}, {}, {}, &out), "")
      << "an AEAD is not a cipher";
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
