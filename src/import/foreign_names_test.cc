// Tests of the name mapping shared by the bssl, botan and cryptsetup parsers.
#include "import/foreign_names.h"

#include <gtest/gtest.h>

namespace cryptobench::import {
namespace {

TEST(ForeignNamesTest, NormalisingDropsPunctuationAndCase) {
  EXPECT_EQ(NormaliseForeignName("HMAC(SHA-256)"), "hmacsha256");
  EXPECT_EQ(NormaliseForeignName("AES-128/GCM"), "aes128gcm");
  EXPECT_EQ(NormaliseForeignName("RSA 2048"), "rsa2048");
  EXPECT_EQ(NormaliseForeignName("x.y_z"), "xyz");
}

TEST(ForeignNamesTest, CanonicalSpellingsMatchTheCatalogue) {
  const NamedAlgorithm gcm = MapForeignName("AES-128/GCM", "aead");
  EXPECT_EQ(gcm.name, "AES-128-GCM");
  EXPECT_EQ(gcm.kind, "aead");
  EXPECT_TRUE(gcm.catalogued);
  EXPECT_EQ(MapForeignName("SHA-3(256)", "hash").name, "SHA3-256");
  EXPECT_EQ(MapForeignName("HMAC(SHA-256)", "mac").name, "HMAC-SHA256");
  EXPECT_EQ(MapForeignName("ChaCha20Poly1305", "aead").name, "ChaCha20-Poly1305");
  EXPECT_EQ(MapForeignName("RSA 2048", "signature").name, "RSA-2048");
  EXPECT_EQ(MapForeignName("ECDSA P-256", "signature").name, "ECDSA-P256");
  // The catalogue's kind wins over the caller's guess.
  EXPECT_EQ(MapForeignName("SHA-256", "cipher").kind, "hash");
}

TEST(ForeignNamesTest, AliasesAreNotUsed) {
  // "aes-128" is an alias of AES-128-CBC for users typing names, but Botan's "AES-128" is the
  // bare block cipher: it must not become CBC.
  const NamedAlgorithm block = MapForeignName("AES-128", "cipher");
  EXPECT_FALSE(block.catalogued);
  EXPECT_EQ(block.name, "AES-128");
  EXPECT_EQ(block.kind, "cipher");
  EXPECT_FALSE(MapForeignName("ecdsa", "signature").catalogued);
  EXPECT_FALSE(MapForeignName("BLAKE2b-256", "hash").catalogued);
}

TEST(ForeignNamesTest, KindsAreInferredFromOperationAndName) {
  EXPECT_EQ(InferForeignKind("SLHDSA-SHA2-128s", "sign"), "signature");
  EXPECT_EQ(InferForeignKind("ECDH P-256", ""), "key_agreement");
  EXPECT_EQ(InferForeignKind("ML-KEM-768", "keygen_decaps"), "kem");
  EXPECT_EQ(InferForeignKind("AES-128-CBC-SHA1", "encrypt"), "aead");
  EXPECT_EQ(InferForeignKind("SipHash-2-4", ""), "mac");
  EXPECT_EQ(InferForeignKind("RNG", ""), "rng");
  // mbedTLS's DRBG rows (programs/test/benchmark.c), whatever they are built on.
  EXPECT_EQ(InferForeignKind("CTR_DRBG (NOPR)", "encrypt"), "rng");
  EXPECT_EQ(InferForeignKind("HMAC_DRBG SHA-256 (PR)", "encrypt"), "rng");
  EXPECT_EQ(InferForeignKind("HAVEGE", "encrypt"), "rng");
  EXPECT_EQ(InferForeignKind("BLAKE2b-256", ""), "hash");
  EXPECT_EQ(InferForeignKind("SHACAL2", "encrypt"), "cipher");
  EXPECT_EQ(InferForeignKind("PBKDF2-sha256", "iteration"), "kdf");
  EXPECT_EQ(InferForeignKind("Serpent/XTS", "encrypt"), "cipher");
  EXPECT_EQ(InferForeignKind("base64 decode", ""), "other");
}

}  // namespace
}  // namespace cryptobench::import
