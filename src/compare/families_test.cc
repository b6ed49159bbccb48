// Families and groups of catalogue names and of imported names kept verbatim.
#include "compare/families.h"

#include <gtest/gtest.h>

namespace cryptobench::compare {
namespace {

void ExpectFamily(const char* name, const char* family, const char* group) {
  const FamilyInfo info = FamilyOf(name);
  EXPECT_EQ(info.family, family) << name;
  EXPECT_EQ(info.group, group) << name;
}

TEST(FamilyOfTest, AesByMode) {
  ExpectFamily("AES-128-CBC", "AES-CBC", "AES");
  ExpectFamily("AES-256-CBC", "AES-CBC", "AES");
  ExpectFamily("AES-128-GCM", "AES-GCM", "AES");
  ExpectFamily("AES-256-XTS", "AES-XTS", "AES");
  ExpectFamily("aes-128 cbc", "AES-CBC", "AES");  // 1.x low-level row
  ExpectFamily("id-aes128-GCM", "AES-GCM", "AES");
  ExpectFamily("aes-256-cbc-hmac-sha1", "AES-CBC", "AES");
  ExpectFamily("CMAC-AES-128", "CMAC-AES", "AES");
}

TEST(FamilyOfTest, HashesAndMacs) {
  ExpectFamily("SHA-1", "SHA-1", "SHA");
  ExpectFamily("sha1", "SHA-1", "SHA");
  ExpectFamily("SHA-256", "SHA-2", "SHA");
  ExpectFamily("SHA-512", "SHA-2", "SHA");
  ExpectFamily("sha512-256", "SHA-2", "SHA");
  ExpectFamily("SHA3-256", "SHA-3", "SHA");
  ExpectFamily("shake128", "SHA-3", "SHA");
  ExpectFamily("HMAC-SHA256", "HMAC", "SHA");
  ExpectFamily("hmac(md5)", "HMAC", "MD5");
  ExpectFamily("MD5", "MD5", "MD5");
  ExpectFamily("BLAKE2b-512", "BLAKE2", "BLAKE2");
}

TEST(FamilyOfTest, ChaChaPolyAndDes) {
  ExpectFamily("ChaCha20", "ChaCha20", "ChaCha20/Poly1305");
  ExpectFamily("ChaCha20-Poly1305", "ChaCha20-Poly1305", "ChaCha20/Poly1305");
  ExpectFamily("Poly1305", "Poly1305", "ChaCha20/Poly1305");
  ExpectFamily("DES-EDE3-CBC", "DES", "DES");
  ExpectFamily("des ede3", "DES", "DES");
}

TEST(FamilyOfTest, PublicKey) {
  ExpectFamily("RSA-2048", "RSA", "RSA");
  ExpectFamily("rsa 1024 bits", "RSA", "RSA");
  ExpectFamily("ECDSA-P256", "ECDSA", "EC");
  ExpectFamily("256 bits ecdsa (brainpoolP256r1)", "ECDSA", "EC");
  ExpectFamily("ECDH-P256", "ECDH", "EC");
  ExpectFamily("X25519", "X25519", "EC");
  ExpectFamily("253 bits ecdh (X25519)", "X25519", "EC");  // names both: X25519 wins
  ExpectFamily("Ed25519", "Ed25519", "EC");
  ExpectFamily("253 bits EdDSA (Ed25519)", "Ed25519", "EC");
  ExpectFamily("dsa 2048 bits", "DSA", "DSA");
}

TEST(FamilyOfTest, WolfcryptEccKeyGenerationIsEllipticCurveCode) {
  ExpectFamily("ECC SECP384R1 384", "ECC", "EC");
  ExpectFamily("ECC 256", "ECC", "EC");
  ExpectFamily("ECDHE SECP384R1 384", "ECDH", "EC");
  ExpectFamily("ECCSI", "ECCSI", "ECCSI");
}

TEST(ArithmeticOfTest, CurvesHoweverSpelled) {
  EXPECT_EQ(ArithmeticOf("ECDSA-P384"), "P-384");
  EXPECT_EQ(ArithmeticOf("ECDHE SECP384R1 384"), "P-384");
  EXPECT_EQ(ArithmeticOf("ECC SECP384R1 384"), "P-384");
  EXPECT_EQ(ArithmeticOf("384 bits ecdsa (nistp384)"), "P-384");
  EXPECT_EQ(ArithmeticOf("256 bits ecdh (nistp256)"), "P-256");
  EXPECT_EQ(ArithmeticOf("ecdsa-prime256v1"), "P-256");
  EXPECT_EQ(ArithmeticOf("ECDH-P256"), "P-256");
  EXPECT_EQ(ArithmeticOf("ecdsa p-521"), "P-521");
  EXPECT_EQ(ArithmeticOf("163 bits ecdsa (nistk163)"), "K-163");
  EXPECT_EQ(ArithmeticOf("ECDSA-secp256k1"), "secp256k1");
  EXPECT_EQ(ArithmeticOf("256 bits ecdsa (brainpoolP256r1)"), "brainpoolP256r1");
  EXPECT_EQ(ArithmeticOf("X25519"), "Curve25519");
  EXPECT_EQ(ArithmeticOf("Ed25519"), "Curve25519");
  EXPECT_EQ(ArithmeticOf("253 bits ecdh (X25519)"), "Curve25519");
  EXPECT_EQ(ArithmeticOf("Ed448"), "Curve448");
}

TEST(ArithmeticOfTest, ModuliAndOthers) {
  EXPECT_EQ(ArithmeticOf("RSA-2048"), "bignum");
  EXPECT_EQ(ArithmeticOf("rsa 4096 bits"), "bignum");
  EXPECT_EQ(ArithmeticOf("dsa 2048 bits"), "bignum");
  EXPECT_EQ(ArithmeticOf("DH 2048"), "bignum");
  EXPECT_EQ(ArithmeticOf("ffdh2048"), "bignum");
  EXPECT_EQ(ArithmeticOf("ML-DSA-65"), "ML-DSA");
  EXPECT_EQ(ArithmeticOf("ML-KEM-768"), "ML-KEM");
  // No curve named: unknown, never guessed from the size.
  EXPECT_EQ(ArithmeticOf("ECDSA 256"), "");
  EXPECT_EQ(ArithmeticOf("ECC 256"), "");
  EXPECT_EQ(ArithmeticOf("AES-128-GCM"), "");
  EXPECT_EQ(ArithmeticOf("SHA-256"), "");
}

TEST(FamilyOfTest, UnknownNamesFormTheirOwnGroup) {
  ExpectFamily("ML-KEM-768", "ML-KEM-768", "ML-KEM-768");
  ExpectFamily("camellia-128-cbc", "camellia-128-cbc", "camellia-128-cbc");
}

TEST(GroupDisplayNameTest, WildcardForAesAndSha) {
  EXPECT_EQ(GroupDisplayName("AES"), "AES-*");
  EXPECT_EQ(GroupDisplayName("SHA"), "SHA-*");
  EXPECT_EQ(GroupDisplayName("RSA"), "RSA");
  EXPECT_EQ(GroupDisplayName("ChaCha20/Poly1305"), "ChaCha20/Poly1305");
}

}  // namespace
}  // namespace cryptobench::compare
