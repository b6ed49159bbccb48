// Tests of the Mbed TLS backend against the system's libmbedcrypto (2.28 on Debian 12).
#include "backends/mbedtls/mbedtls_backend.h"

#include <string>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/common/backend_test_support.h"
#include "backends/registry.h"

namespace cryptobench::backends {
namespace {

Backend& Mbedtls() {
  static std::unique_ptr<Backend> backend = OpenMbedtlsBackend("");
  return *backend;
}

using backend_testing::PrepareOf;
using backend_testing::PrepareOutcome;

TEST(MbedtlsBackendTest, RegisteredAsLinkedBackendWithoutMask) {
  const BackendDescriptor* descriptor = FindBackend("mbedtls");
  ASSERT_NE(descriptor, nullptr);
  EXPECT_FALSE(descriptor->takes_library_path);
  EXPECT_TRUE(descriptor->mask_variable.empty());
  EXPECT_NE(descriptor->mask_note.find("no switch"), std::string_view::npos);
  EXPECT_NE(descriptor->description.find("Mbed TLS 2."), std::string_view::npos);
  ASSERT_NE(descriptor->open, nullptr);
}

TEST(MbedtlsBackendTest, IdentityNamesTheRunTimeVersionAndLibrary) {
  const results::LibraryInfo info = Mbedtls().Identity();
  EXPECT_EQ(info.version.rfind("mbed TLS 2.", 0), 0u) << info.version;
  EXPECT_GE(info.version_num, 0x02000000u);
  EXPECT_LT(info.version_num, 0x03000000u);
  ASSERT_FALSE(info.loaded_path.empty());
  EXPECT_NE(info.loaded_path.find("libmbedcrypto"), std::string::npos) << info.loaded_path;
}

// What Debian's Mbed TLS 2.28 offers through the APIs this backend uses: the catalogue but SM4,
// XChaCha20-Poly1305, SHA-3, BLAKE2b and Ed25519.
TEST(MbedtlsBackendTest, SupportsExactlyWhatTheLibraryOffers) {
  backend_testing::ExpectSupportsExactly(
      Mbedtls(), backend_testing::CatalogueExcept(
                     {"SM4-CBC", "XChaCha20-Poly1305", "SHA3-256", "BLAKE2b-512", "Ed25519"}));
  // Mbed TLS 2.x lacks these.
  for (const char* name : {"SHA3-256", "BLAKE2b-512", "Ed25519"}) {
    EXPECT_FALSE(Mbedtls().Supports(*FindAlgorithm(name))) << name;
  }
}

TEST(MbedtlsBackendTest, ImplementationSaysAesNiOrSoftwareForAesOnly) {
  const std::string aes = Mbedtls().Implementation(*FindAlgorithm("AES-128-CBC"));
  EXPECT_TRUE(aes == "aesni" || aes == "software") << aes;
  const std::string gcm = Mbedtls().Implementation(*FindAlgorithm("AES-128-GCM"));
  EXPECT_EQ(gcm.rfind(aes, 0), 0u) << gcm;
  EXPECT_EQ(Mbedtls().Implementation(*FindAlgorithm("CMAC-AES-128")), aes);
  EXPECT_EQ(Mbedtls().Implementation(*FindAlgorithm("SHA-256")), "");
  EXPECT_EQ(Mbedtls().Implementation(*FindAlgorithm("ChaCha20-Poly1305")), "");
}

TEST(MbedtlsBackendTest, WrongOperationIsALibraryError) {
  const PrepareOutcome wrong = PrepareOf(Mbedtls(), "SHA-256", Operation::kEncrypt, 64);
  EXPECT_EQ(wrong.op, nullptr);
  EXPECT_EQ(wrong.failure, PrepareFailure::kLibraryError);
  EXPECT_FALSE(wrong.error.empty());
  const PrepareOutcome partial = PrepareOf(Mbedtls(), "AES-128-CBC", Operation::kEncrypt, 17);
  EXPECT_EQ(partial.op, nullptr);
  EXPECT_EQ(partial.failure, PrepareFailure::kLibraryError);
  EXPECT_NE(partial.error.find("whole 16-byte blocks"), std::string::npos) << partial.error;
  const PrepareOutcome empty = PrepareOf(Mbedtls(), "AES-128-CTR", Operation::kEncrypt, 0);
  EXPECT_EQ(empty.op, nullptr);
  EXPECT_EQ(empty.failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(empty.error, "input size 0 is out of range");
}

}  // namespace
}  // namespace cryptobench::backends
