// Tests of the Crypto++ backend against the system's Crypto++ (libcrypto++ 8.7 on Debian 12):
// what only Crypto++ does (what it shares with Botan is in ../linked_backend_test.cc).
#include "backends/cryptopp/cryptopp_backend.h"

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "algorithms/kat.h"
#include "backends/registry.h"
#include "core/hex.h"

namespace cryptobench::backends {
namespace {

Backend& TheBackend() {
  static std::unique_ptr<Backend> backend = OpenCryptoppBackend("");
  return *backend;
}

TEST(CryptoppBackendTest, IdentityNamesTheRuntimeLibrary) {
  const results::LibraryInfo info = TheBackend().Identity();
  EXPECT_EQ(info.version.rfind("Crypto++ ", 0), 0u) << info.version;
  // LibraryVersion() encodes 8.7.0 as 870.
  EXPECT_EQ(info.version, "Crypto++ " + std::to_string(info.version_num / 100) + "." +
                              std::to_string(info.version_num / 10 % 10) + "." +
                              std::to_string(info.version_num % 10));
  EXPECT_GE(info.version_num, 500u);
  EXPECT_NE(info.loaded_path.find("libcrypto++"), std::string::npos) << info.loaded_path;
}

// Crypto++ 8.7's XTS crashes stealing ciphertext after two or more whole blocks: such inputs
// are refused, in Prepare() and in the one-shot path the KATs use, instead of killing the
// process; after one whole block it computes correctly and is allowed.
TEST(CryptoppBackendTest, RefusesXtsInputsItsCiphertextStealingCrashesOn) {
  for (const char* name : {"AES-128-XTS", "AES-256-XTS"}) {
    const AlgorithmInfo& xts = *FindAlgorithm(name);
    for (Operation op : {Operation::kEncrypt, Operation::kDecrypt}) {
      for (size_t len : {33u, 100u, 1000u}) {
        PrepareFailure failure = PrepareFailure::kNone;
        std::string error;
        EXPECT_EQ(TheBackend().Prepare(xts, op, len, &failure, &error), nullptr) << name << len;
        EXPECT_EQ(failure, PrepareFailure::kLibraryError);
        EXPECT_NE(error.find("Crypto++ 8.7 XTS crashes on inputs that are not whole 16-byte "
                             "blocks (ciphertext stealing)"),
                  std::string::npos)
            << error;
        EXPECT_NE(error.find("(input size " + std::to_string(len) + ")"), std::string::npos)
            << error;
      }
      for (size_t len : {17u, 31u, 32u, 48u}) {
        PrepareFailure failure = PrepareFailure::kNone;
        std::string error;
        auto prepared = TheBackend().Prepare(xts, op, len, &failure, &error);
        ASSERT_NE(prepared, nullptr) << name << " " << len << ": " << error;
        EXPECT_TRUE(prepared->Run(3)) << prepared->error();
      }
    }
    Bytes out;
    const std::string error = TheBackend().OneShot()->Cipher(xts, false, Bytes(xts.key_len, 1),
                                                             Bytes(16, 2), Bytes(100, 3), &out);
    EXPECT_NE(error.find("ciphertext stealing"), std::string::npos) << error;
  }
}

// Ed25519 is deterministic (RFC 8032 5.1.6): Crypto++ reproduces the RFC's signatures. Its
// ECDSA draws nonces at random, so it offers no reproducible ECDSA signature.
TEST(CryptoppBackendTest, SignsEd25519ReproduciblyButNotEcdsa) {
  const auto ed25519 = KatVectorsFor("Ed25519");
  ASSERT_FALSE(ed25519.empty());
  Bytes signature;
  ASSERT_EQ(TheBackend().OneShot()->Sign(*FindAlgorithm("Ed25519"), ed25519[1], &signature), "");
  EXPECT_EQ(HexEncode(signature), ed25519[1].output);
  EXPECT_EQ(TheBackend().OneShot()->Sign(*FindAlgorithm("ECDSA-P256"),
                                         KatVectorsFor("ECDSA-P256")[0], &signature),
            kNotOffered);
}

// The pass-through hash signs the digest itself: the RSA signature of SHA-256("sample")'s
// digest verifies as a standard RSASSA-PKCS1-v1_5 SHA-256 signature (the NIST vector passing its
// KAT shows the same), and a 31-byte "digest" is refused rather than signed.
TEST(CryptoppBackendTest, RsaVerifiesOnlyThirtyTwoByteDigests) {
  const AlgorithmInfo& rsa = *FindAlgorithm("RSA-2048");
  KatVector vector = KatVectorsFor("RSA-2048")[0];
  bool valid = false;
  ASSERT_EQ(TheBackend().OneShot()->Verify(rsa, vector, false, &valid), "");
  EXPECT_TRUE(valid);
  const std::string shorter(vector.input.substr(2));
  vector.input = shorter;
  const std::string error = TheBackend().OneShot()->Verify(rsa, vector, false, &valid);
  EXPECT_TRUE(!error.empty() || !valid) << "a 31-byte digest must not verify";
}

TEST(CryptoppBackendTest, RegistryFindsItAndSaysItHasNoMask) {
  const BackendDescriptor* descriptor = FindBackend("cryptopp");
  ASSERT_NE(descriptor, nullptr);
  EXPECT_FALSE(descriptor->takes_library_path);
  EXPECT_EQ(descriptor->mask_variable, "");
  EXPECT_NE(descriptor->mask_note.find("no "), std::string::npos) << descriptor->mask_note;
  EXPECT_NE(descriptor->open(""), nullptr);
}

TEST(CryptoppBackendTest, ReportsTheCpuFeaturesItUses) {
  const std::string features = TheBackend().Identity().capability_vector;
  const std::string aes = TheBackend().Implementation(*FindAlgorithm("AES-128-CBC"));
  // AES runs on AES-NI exactly when Crypto++ detected it.
  EXPECT_EQ(aes == "AESNI", features.find("aesni") != std::string::npos)
      << aes << " / " << features;
}

}  // namespace
}  // namespace cryptobench::backends
