// Tests of the libsodium backend against the system's libsodium (1.0.18 on Debian 12).
#include "backends/sodium/sodium_backend.h"

#include <sodium.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/registry.h"

namespace cryptobench::backends {
namespace {

Backend& Sodium() {
  static std::unique_ptr<Backend> backend = OpenSodiumBackend("");
  return *backend;
}

// What libsodium offers from the catalogue; AES-256-GCM only on CPUs with AES-NI and PCLMULQDQ.
std::set<std::string> ExpectedAlgorithms() {
  std::set<std::string> expected = {
      "ChaCha20",    "ChaCha20-Poly1305", "XChaCha20-Poly1305", "SHA-256", "SHA-512",
      "BLAKE2b-512", "HMAC-SHA256",       "Poly1305",           "Ed25519", "X25519"};
  if (sodium_init() >= 0 && crypto_aead_aes256gcm_is_available() != 0) {
    expected.insert("AES-256-GCM");
  }
  return expected;
}

TEST(SodiumBackendTest, RegisteredWithoutMask) {
  const BackendDescriptor* descriptor = FindBackend("sodium");
  ASSERT_NE(descriptor, nullptr);
  EXPECT_FALSE(descriptor->takes_library_path);
  EXPECT_TRUE(descriptor->mask_variable.empty());
  EXPECT_NE(descriptor->mask_note.find("no variable"), std::string_view::npos);
}

TEST(SodiumBackendTest, IdentityNamesTheRunTimeLibrary) {
  const results::LibraryInfo info = Sodium().Identity();
  EXPECT_EQ(info.version, sodium_version_string());
  EXPECT_NE(info.loaded_path.find("libsodium"), std::string::npos) << info.loaded_path;
  EXPECT_EQ(info.cpu_info.rfind("sodium_runtime_has: ", 0), 0u) << info.cpu_info;
  EXPECT_EQ(info.cpu_info.find("aesni") != std::string::npos, sodium_runtime_has_aesni() != 0);
}

TEST(SodiumBackendTest, SupportsExactlyWhatLibsodiumHas) {
  std::set<std::string> supported;
  for (const AlgorithmInfo& alg : Catalog()) {
    if (Sodium().Supports(alg)) {
      supported.insert(std::string(alg.name));
    }
  }
  EXPECT_EQ(supported, ExpectedAlgorithms());
  EXPECT_FALSE(Sodium().Supports(*FindAlgorithm("AES-128-GCM")));
  EXPECT_FALSE(Sodium().Supports(*FindAlgorithm("RSA-2048")));
  EXPECT_FALSE(Sodium().Supports(*FindAlgorithm("SHA3-256")));
  // The one-shot target declines what libsodium lacks instead of failing.
  Bytes digest;
  EXPECT_EQ(Sodium().OneShot()->Hash(*FindAlgorithm("SHA3-256"), {1, 2, 3}, &digest), kNotOffered);
  Bytes out;
  EXPECT_EQ(Sodium().OneShot()->Cipher(*FindAlgorithm("AES-128-CBC"), false, Bytes(16), Bytes(16),
                                       Bytes(16), &out),
            kNotOffered);
}

TEST(SodiumBackendTest, Aes256GcmUnavailabilityIsExplained) {
  const std::string reason = Sodium().UnsupportedReason(*FindAlgorithm("AES-256-GCM"));
  if (crypto_aead_aes256gcm_is_available() != 0) {
    EXPECT_TRUE(reason.empty()) << reason;
  } else {
    EXPECT_NE(reason.find("AES-NI"), std::string::npos) << reason;
  }
  EXPECT_TRUE(Sodium().UnsupportedReason(*FindAlgorithm("SHA-256")).empty());
}

TEST(SodiumBackendTest, ChaCha20RefusesACounterThatWouldWrap) {
  // Counter 0xffffffff with two blocks of input: OpenSSL would carry into the nonce.
  Bytes iv(16, 0);
  std::fill(iv.begin(), iv.begin() + 4, 0xff);
  Bytes out;
  const std::string error = Sodium().OneShot()->Cipher(*FindAlgorithm("ChaCha20"), false,
                                                       Bytes(32, 7), iv, Bytes(65, 1), &out);
  EXPECT_NE(error.find("wrap"), std::string::npos) << error;
  EXPECT_EQ(Sodium().OneShot()->Cipher(*FindAlgorithm("ChaCha20"), false, Bytes(32, 7), iv,
                                       Bytes(64, 1), &out),
            "");
}

TEST(SodiumBackendTest, RejectsForeignOperationsAndMissingAlgorithms) {
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(Sodium().Prepare(*FindAlgorithm("SHA-256"), Operation::kSign, 64, &failure, &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_NE(error.find("no sign operation"), std::string::npos) << error;
  EXPECT_EQ(
      Sodium().Prepare(*FindAlgorithm("AES-128-CBC"), Operation::kEncrypt, 64, &failure, &error),
      nullptr);
  EXPECT_NE(error.find("does not provide"), std::string::npos) << error;
}

}  // namespace
}  // namespace cryptobench::backends
