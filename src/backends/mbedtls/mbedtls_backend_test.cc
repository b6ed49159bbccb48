// Tests of the Mbed TLS backend against the system's libmbedcrypto (2.28 on Debian 12).
#include "backends/mbedtls/mbedtls_backend.h"

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/registry.h"

namespace cryptobench::backends {
namespace {

Backend& Mbedtls() {
  static std::unique_ptr<Backend> backend = OpenMbedtlsBackend("");
  return *backend;
}

// What Debian's Mbed TLS 2.28 offers through the APIs this backend uses.
const std::vector<std::string> kSupported = {
    "AES-128-CBC", "AES-192-CBC", "AES-256-CBC",  "AES-128-CTR", "AES-256-CTR",
    "AES-128-ECB", "AES-256-ECB", "AES-128-XTS",  "AES-256-XTS", "DES-EDE3-CBC",
    "ChaCha20",    "AES-128-GCM", "AES-256-GCM",  "AES-128-CCM", "ChaCha20-Poly1305",
    "MD5",         "SHA-1",       "SHA-224",      "SHA-256",     "SHA-384",
    "SHA-512",     "HMAC-SHA256", "CMAC-AES-128", "Poly1305",    "RSA-2048",
    "RSA-3072",    "RSA-4096",    "ECDSA-P256",   "ECDSA-P384",  "X25519",
    "ECDH-P256"};

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

TEST(MbedtlsBackendTest, SupportsExactlyWhatTheLibraryOffers) {
  for (const AlgorithmInfo& alg : Catalog()) {
    const bool expected =
        std::find(kSupported.begin(), kSupported.end(), alg.name) != kSupported.end();
    EXPECT_EQ(Mbedtls().Supports(alg), expected) << alg.name;
  }
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
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(Mbedtls().Prepare(*FindAlgorithm("SHA-256"), Operation::kEncrypt, 64, &failure, &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_FALSE(error.empty());
  EXPECT_EQ(
      Mbedtls().Prepare(*FindAlgorithm("AES-128-CBC"), Operation::kEncrypt, 17, &failure, &error),
      nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_NE(error.find("whole 16-byte blocks"), std::string::npos) << error;
  EXPECT_EQ(
      Mbedtls().Prepare(*FindAlgorithm("AES-128-CTR"), Operation::kEncrypt, 0, &failure, &error),
      nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(error, "input size 0 is out of range");
}

}  // namespace
}  // namespace cryptobench::backends
