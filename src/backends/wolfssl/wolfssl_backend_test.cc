// Tests of the wolfSSL backend against the system's libwolfssl (5.5 on Debian 12).
#include "backends/wolfssl/wolfssl_backend.h"

#include <string>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/common/backend_test_support.h"
#include "backends/registry.h"

namespace cryptobench::backends {
namespace {

Backend& Wolfssl() {
  static std::unique_ptr<Backend> backend = OpenWolfsslBackend("");
  return *backend;
}

using backend_testing::PrepareOf;
using backend_testing::PrepareOutcome;

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

// What Debian's wolfSSL 5.5 build enables (wolfssl/options.h) through the calls this backend
// makes: the catalogue but SM4-CBC (not in 5.5) and XChaCha20-Poly1305 (not bound).
TEST(WolfsslBackendTest, SupportsExactlyWhatTheLibraryOffers) {
  backend_testing::ExpectSupportsExactly(
      Wolfssl(), backend_testing::CatalogueExcept({"SM4-CBC", "XChaCha20-Poly1305"}));
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
  const PrepareOutcome wrong = PrepareOf(Wolfssl(), "SHA-256", Operation::kEncrypt, 64);
  EXPECT_EQ(wrong.op, nullptr);
  EXPECT_EQ(wrong.failure, PrepareFailure::kLibraryError);
  EXPECT_FALSE(wrong.error.empty());
  const PrepareOutcome partial = PrepareOf(Wolfssl(), "DES-EDE3-CBC", Operation::kEncrypt, 12);
  EXPECT_EQ(partial.op, nullptr);
  EXPECT_EQ(partial.failure, PrepareFailure::kLibraryError);
  EXPECT_NE(partial.error.find("whole 8-byte blocks"), std::string::npos) << partial.error;
  const PrepareOutcome empty = PrepareOf(Wolfssl(), "AES-128-CTR", Operation::kEncrypt, 0);
  EXPECT_EQ(empty.op, nullptr);
  EXPECT_EQ(empty.failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(empty.error, "input size 0 is out of range");
}

}  // namespace
}  // namespace cryptobench::backends
