// Tests of the wolfSSL backend against the system's libwolfssl (5.5 on Debian 12).
#include "backends/wolfssl/wolfssl_backend.h"

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/registry.h"

namespace cryptobench::backends {
namespace {

Backend& Wolfssl() {
  static std::unique_ptr<Backend> backend = OpenWolfsslBackend("");
  return *backend;
}

// What Debian's wolfSSL 5.5 build enables (wolfssl/options.h) through the calls this backend
// makes: every algorithm of the catalogue.
const std::vector<std::string> kSupported = {
    "AES-128-CBC", "AES-192-CBC", "AES-256-CBC", "AES-128-CTR", "AES-256-CTR",
    "AES-128-ECB", "AES-256-ECB", "AES-128-XTS", "AES-256-XTS", "DES-EDE3-CBC",
    "ChaCha20",    "AES-128-GCM", "AES-256-GCM", "AES-128-CCM", "ChaCha20-Poly1305",
    "MD5",         "SHA-1",       "SHA-224",     "SHA-256",     "SHA-384",
    "SHA-512",     "SHA3-256",    "BLAKE2b-512", "HMAC-SHA256", "CMAC-AES-128",
    "Poly1305",    "RSA-2048",    "RSA-3072",    "RSA-4096",    "ECDSA-P256",
    "ECDSA-P384",  "Ed25519",     "X25519",      "ECDH-P256"};

TEST(WolfsslBackendTest, RegisteredAsLinkedBackendWithoutMaskVariable) {
  const BackendDescriptor* descriptor = FindBackend("wolfssl");
  ASSERT_NE(descriptor, nullptr);
  EXPECT_FALSE(descriptor->takes_library_path);
  EXPECT_TRUE(descriptor->mask_variable.empty());
  EXPECT_NE(descriptor->mask_note.find("no environment variable"), std::string_view::npos);
  EXPECT_NE(descriptor->description.find("wolfSSL 5."), std::string_view::npos);
  ASSERT_NE(descriptor->open, nullptr);
}

TEST(WolfsslBackendTest, IdentityNamesTheRunTimeVersionAndLibrary) {
  const results::LibraryInfo info = Wolfssl().Identity();
  EXPECT_EQ(info.version.rfind("wolfSSL 5.", 0), 0u) << info.version;
  EXPECT_GE(info.version_num, 0x05000000u);
  ASSERT_FALSE(info.loaded_path.empty());
  EXPECT_NE(info.loaded_path.find("libwolfssl"), std::string::npos) << info.loaded_path;
}

TEST(WolfsslBackendTest, SupportsExactlyWhatTheLibraryOffers) {
  for (const AlgorithmInfo& alg : Catalog()) {
    const bool expected =
        std::find(kSupported.begin(), kSupported.end(), alg.name) != kSupported.end();
    EXPECT_EQ(Wolfssl().Supports(alg), expected) << alg.name;
  }
}

TEST(WolfsslBackendTest, RejectsWhatIsNotInTheCatalogueFamilies) {
  // An algorithm of a known kind but a name the backend does not map is unsupported.
  AlgorithmInfo unknown = *FindAlgorithm("AES-128-CBC");
  unknown.name = "AES-128-OCB";
  EXPECT_FALSE(Wolfssl().Supports(unknown));
  unknown = *FindAlgorithm("SHA-256");
  unknown.name = "SHA3-512";
  EXPECT_FALSE(Wolfssl().Supports(unknown));
  unknown = *FindAlgorithm("Ed25519");
  unknown.name = "Ed448";
  EXPECT_FALSE(Wolfssl().Supports(unknown));
}

TEST(WolfsslBackendTest, ImplementationIsTheCompiledInCode) {
  // Debian's build has neither WOLFSSL_AESNI nor USE_INTEL_SPEEDUP (wolfssl/options.h).
  const std::string aes = Wolfssl().Implementation(*FindAlgorithm("AES-128-GCM"));
  EXPECT_TRUE(aes == "C" || aes == "aesni (compiled in)") << aes;
  EXPECT_EQ(Wolfssl().Implementation(*FindAlgorithm("CMAC-AES-128")), aes);
  EXPECT_EQ(Wolfssl().Implementation(*FindAlgorithm("RSA-2048")), "");
  EXPECT_EQ(Wolfssl().Implementation(*FindAlgorithm("X25519")), "");
}

TEST(WolfsslBackendTest, WrongOperationIsALibraryError) {
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(Wolfssl().Prepare(*FindAlgorithm("SHA-256"), Operation::kEncrypt, 64, &failure, &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_FALSE(error.empty());
  EXPECT_EQ(
      Wolfssl().Prepare(*FindAlgorithm("DES-EDE3-CBC"), Operation::kEncrypt, 12, &failure, &error),
      nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_NE(error.find("whole 8-byte blocks"), std::string::npos) << error;
  EXPECT_EQ(
      Wolfssl().Prepare(*FindAlgorithm("AES-128-CTR"), Operation::kEncrypt, 0, &failure, &error),
      nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(error, "input size 0 is out of range");
}

}  // namespace
}  // namespace cryptobench::backends
