// Tests of the BoringSSL backend against Debian's android-libboringssl (skipped, with the
// reason, where it is not installed).
#include "backends/boringssl/boringssl_backend.h"

#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/boringssl/boringssl_test_support.h"
#include "backends/boringssl/libcrypto.h"
#include "backends/common/backend_test_support.h"
#include "backends/registry.h"
#include "core/errors.h"

namespace cryptobench::backends {
namespace {

// What Debian 12's BoringSSL (Android 13) offers of the catalogue.
const std::set<std::string> kExpectedSupported = {
    "AES-128-CBC", "AES-192-CBC",       "AES-256-CBC",  "AES-128-CTR", "AES-256-CTR",
    "AES-128-ECB", "AES-256-ECB",       "DES-EDE3-CBC", "ChaCha20",    "AES-128-GCM",
    "AES-256-GCM", "ChaCha20-Poly1305", "MD5",          "SHA-1",       "SHA-224",
    "SHA-256",     "SHA-384",           "SHA-512",      "HMAC-SHA256", "CMAC-AES-128",
    "Poly1305",    "RSA-2048",          "RSA-3072",     "RSA-4096",    "ECDSA-P256",
    "ECDSA-P384",  "Ed25519",           "X25519",       "ECDH-P256",   "XChaCha20-Poly1305"};

using boringssl_testing::ExpectInFreshProcess;
using boringssl_testing::Failures;
using boringssl_testing::MissingReason;

std::string UsageErrorMessage(const std::string& path) {
  return backend_testing::UsageErrorOf(&OpenBoringsslBackend, path);
}

#define SKIP_WITHOUT_BORINGSSL()                               \
  if (std::string reason = MissingReason(); !reason.empty()) { \
    GTEST_SKIP() << reason;                                    \
  }

TEST(BoringsslLoadTest, UnloadablePathNamesThePath) {
  backend_testing::ExpectCannotLoad(UsageErrorMessage("/nonexistent/libcrypto.so"),
                                    "/nonexistent/libcrypto.so");
}

TEST(BoringsslLoadTest, RefusesOpensslsLibcryptoByName) {
  const std::string message = UsageErrorMessage("libcrypto.so.3");
  EXPECT_EQ(message.rfind("libcrypto.so.3 is not BoringSSL: OpenSSL_version(OPENSSL_VERSION) is "
                          "\"OpenSSL 3",
                          0),
            0u)
      << message;
}

TEST(BoringsslLoadTest, NonLibcryptoNamesTheMissingSymbol) {
  EXPECT_EQ(UsageErrorMessage("libm.so.6"),
            "libm.so.6 is not a usable BoringSSL: missing symbol OpenSSL_version");
}

TEST(BoringsslLoadTest, SearchPathStartsWithOwnMultiarchDirectory) {
  const std::vector<std::string> dirs = boringssl::DefaultLibrarySearchPath();
  ASSERT_FALSE(dirs.empty());
#if defined(__x86_64__)
  EXPECT_EQ(dirs.front(), "/usr/lib/x86_64-linux-gnu/android");
#endif
  EXPECT_EQ(dirs.back(), "/usr/lib/android");
  EXPECT_EQ(std::set<std::string>(dirs.begin(), dirs.end()).size(), dirs.size());
}

TEST(BoringsslRegistryTest, RegisteredWithItsMask) {
  const BackendDescriptor* backend = FindBackend("BoringSSL");
  ASSERT_NE(backend, nullptr);
  EXPECT_EQ(backend->name, "boringssl");
  EXPECT_TRUE(backend->takes_library_path);
  EXPECT_EQ(backend->mask_variable, "OPENSSL_ia32cap");
  EXPECT_NE(backend->mask_note.find("cpu_intel.c"), std::string_view::npos);
}

// The live tests open BoringSSL in a fresh process, as cryptobench opens it only in a worker of
// its own: in this process it would share thread-specific slots with GoogleTest
// (boringssl_test_support.h).
TEST(BoringsslIdentityTest, DescribesTheLoadedLibrary) {
  SKIP_WITHOUT_BORINGSSL();
  ExpectInFreshProcess([](Backend& backend) {
    const results::LibraryInfo info = backend.Identity();
    Failures failures;
    failures.Expect(info.version == "BoringSSL", "version: " + info.version);
    failures.Expect(info.version_num != 0, "version_num is 0");
    failures.Expect(info.requested_path == boringssl::FindDefaultLibrary(),
                    "requested_path: " + info.requested_path);
    failures.Expect(info.loaded_path.find("libcrypto.so") != std::string::npos,
                    "loaded_path: " + info.loaded_path);
    failures.Expect(info.options.find("EVP_has_aes_hardware") != std::string::npos,
                    "options: " + info.options);
    return failures.Text();
  });
}

TEST(BoringsslIdentityTest, ImplementationComesFromEvpHasAesHardware) {
  SKIP_WITHOUT_BORINGSSL();
  ExpectInFreshProcess([](Backend& backend) {
    const std::string aes = backend.Implementation(*FindAlgorithm("AES-128-GCM"));
    Failures failures;
    failures.Expect(aes.find("EVP_has_aes_hardware") != std::string::npos, "AES-128-GCM: " + aes);
    const auto expect_implementation = [&](const char* name, const std::string& expected) {
      const std::string implementation = backend.Implementation(*FindAlgorithm(name));
      failures.Expect(implementation == expected, std::string(name) + ": " + implementation);
    };
    expect_implementation("CMAC-AES-128", aes);
    expect_implementation("SHA-256", "");
    expect_implementation("ChaCha20-Poly1305", "");
    return failures.Text();
  });
}

TEST(BoringsslSupportTest, OffersExactlyWhatTheLibraryHas) {
  SKIP_WITHOUT_BORINGSSL();
  ExpectInFreshProcess([](Backend& backend) {
    Failures failures;
    for (const AlgorithmInfo& alg : Catalog()) {
      const bool expected = kExpectedSupported.count(std::string(alg.name)) == 1;
      failures.Expect(backend.Supports(alg) == expected,
                      std::string(alg.name) + (expected ? " not supported" : " supported"));
    }
    return failures.Text();
  });
}

TEST(BoringsslSupportTest, UnsupportedAlgorithmIsNotPrepared) {
  SKIP_WITHOUT_BORINGSSL();
  ExpectInFreshProcess([](Backend& backend) {
    Failures failures;
    for (const char* name : {"AES-128-XTS", "AES-128-CCM", "SHA3-256", "BLAKE2b-512"}) {
      const AlgorithmInfo& alg = *FindAlgorithm(name);
      PrepareFailure failure = PrepareFailure::kNone;
      std::string error;
      failures.Expect(
          backend.Prepare(alg, TimedOperations(alg, false)[0], 64, &failure, &error) == nullptr,
          std::string(name) + " prepared");
      failures.Expect(failure == PrepareFailure::kLibraryError,
                      std::string(name) + ": not a library error");
      failures.Expect(error == "BoringSSL has no " + std::string(name),
                      std::string(name) + ": error " + error);
    }
    return failures.Text();
  });
}

}  // namespace
}  // namespace cryptobench::backends
