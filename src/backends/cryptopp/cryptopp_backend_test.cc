// Tests of the Crypto++ backend against the system's Crypto++ (libcrypto++ 8.7 on Debian 12).
#include "backends/cryptopp/cryptopp_backend.h"

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
  static std::unique_ptr<Backend> backend = OpenCryptoppBackend("");
  return *backend;
}

std::vector<std::string> CatalogNames() {
  std::vector<std::string> names;
  for (const AlgorithmInfo& alg : Catalog()) {
    names.emplace_back(alg.name);
  }
  return names;
}

// Crypto++ has every algorithm of the catalogue, XChaCha20-Poly1305 included (since 8.1).
TEST(CryptoppBackendTest, SupportsTheWholeCatalogue) {
  for (const AlgorithmInfo& alg : Catalog()) {
    EXPECT_TRUE(TheBackend().Supports(alg)) << alg.name;
  }
}

// XChaCha20-Poly1305 takes only its 24-byte nonce: a shorter one is an error (Crypto++ refuses
// it), never a read past the caller's buffer or another AEAD.
TEST(CryptoppBackendTest, XChaChaTakesOnlyA24ByteNonce) {
  const AlgorithmInfo& xchacha = *FindAlgorithm("XChaCha20-Poly1305");
  Bytes ciphertext;
  Bytes tag;
  const std::string error = TheBackend().OneShot()->Seal(xchacha, Bytes(32, 1), Bytes(12, 2), {},
                                                         Bytes(16, 3), 16, &ciphertext, &tag);
  EXPECT_NE(error.find("IV length 12"), std::string::npos) << error;
  EXPECT_EQ(TheBackend().OneShot()->Seal(xchacha, Bytes(32, 1), Bytes(24, 2), {}, Bytes(16, 3), 16,
                                         &ciphertext, &tag),
            "");
  EXPECT_EQ(ciphertext.size(), 16u);
  EXPECT_EQ(tag.size(), 16u);
}

class CryptoppAlgorithmTest : public testing::TestWithParam<std::string> {
 protected:
  const AlgorithmInfo& alg() const { return *FindAlgorithm(GetParam()); }
};

TEST_P(CryptoppAlgorithmTest, SymmetricAlgorithmsNameTheirProvider) {
  const std::string implementation = TheBackend().Implementation(alg());
  if (IsSymmetric(alg().kind)) {
    // AlgorithmProvider(): "AESNI", "SHANI", "C++", ...
    EXPECT_FALSE(implementation.empty());
    EXPECT_EQ(implementation.find(' '), std::string::npos) << implementation;
  } else {
    EXPECT_EQ(implementation, "") << "Crypto++'s public-key objects report no provider";
  }
}

INSTANTIATE_TEST_SUITE_P(Catalog, CryptoppAlgorithmTest, testing::ValuesIn(CatalogNames()),
                         [](const testing::TestParamInfo<std::string>& param_info) {
                           std::string name;
                           for (char c : param_info.param) {
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           }
                           return name;
                         });

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

TEST(CryptoppBackendTest, LacksWhatIsNotInItsTables) {
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

TEST(CryptoppBackendTest, RejectsPartialBlocksAndForeignOperations) {
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

TEST(CryptoppBackendTest, OneShotComputesWhatTheKatsCheck) {
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
