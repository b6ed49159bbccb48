// Tests of openssl speed name mapping across versions.
#include "import/speed_names.h"

#include <gtest/gtest.h>

namespace cryptobench::import {
namespace {

TEST(SpeedNamesTest, KemTableRowsOfClassicalKeysAreNamedByTheirKemMode) {
  // apps/speed.c (openssl/openssl 2a3fce22740917d32fde70589e4d0da6ff694e25, lines 4071-4083,
  // 4125-4130): "rsa<bits>" rows run RSASVE, "X25519" and "X448" DHKEM. Their bare names are the
  // RSA signature table's row and the X25519 key agreement.
  EXPECT_EQ(KemRowName("rsa2048"), "rsa2048 (RSASVE)");
  EXPECT_EQ(KemRowName("rsa15360"), "rsa15360 (RSASVE)");
  EXPECT_EQ(KemRowName("X25519"), "X25519 (DHKEM)");
  EXPECT_EQ(KemRowName("X448"), "X448 (DHKEM)");
  for (const char* kept : {"ML-KEM-768", "X25519MLKEM768", "SecP256r1MLKEM768", "ECP-256", "rsa",
                           "rsa2048x", "X25519-KEM"}) {
    EXPECT_EQ(KemRowName(kept), kept);
  }
  EXPECT_EQ(PkRowName(PkFamily::kKem, 0, "rsa2048"), "rsa2048 (RSASVE)");
  EXPECT_EQ(PkRowName(PkFamily::kSig, 0, "rsa2048"), "rsa2048");
  const NamedAlgorithm kem = MapPublicKey(PkFamily::kKem, 0, "X25519");
  EXPECT_EQ(kem.name, "X25519 (DHKEM)");
  EXPECT_EQ(kem.kind, "kem");
  EXPECT_FALSE(kem.catalogued);
}

TEST(SpeedNamesTest, MapsRowNamesOfEveryEra) {
  struct Case {
    const char* row;
    const char* name;
    const char* kind;
  };
  for (const Case& c :
       {Case{"aes-128 cbc", "AES-128-CBC", "cipher"},  // 1.x low level
        Case{"des ede3", "DES-EDE3-CBC", "cipher"},
        Case{"aes-128-gcm", "AES-128-GCM", "aead"},  // 1.1.1 EVP long name
        Case{"id-aes128-GCM", "AES-128-GCM", "aead"},
        Case{"AES-256-GCM", "AES-256-GCM", "aead"},  // 3.x EVP name
        Case{"ChaCha20-Poly1305", "ChaCha20-Poly1305", "aead"},
        Case{"des-ede3", "DES-EDE3-CBC", "cipher"}, Case{"sha256", "SHA-256", "hash"},
        Case{"hmac(sha256)", "HMAC-SHA256", "mac"}}) {
    const NamedAlgorithm named = MapSymmetricName(c.row);
    EXPECT_EQ(named.name, c.name) << c.row;
    EXPECT_EQ(named.kind, c.kind) << c.row;
    EXPECT_TRUE(named.catalogued) << c.row;
  }
}

TEST(SpeedNamesTest, KeepsUnknownNamesVerbatimWithAnInferredKind) {
  struct Case {
    const char* row;
    const char* kind;
  };
  for (const Case& c :
       {Case{"hmac(md5)", "mac"}, Case{"des cbc", "cipher"}, Case{"rmd160", "hash"},
        Case{"whirlpool", "hash"}, Case{"AES-128-OCB", "aead"}, Case{"camellia-128 cbc", "cipher"},
        Case{"ghash", "mac"}, Case{"rand", "rng"}}) {
    const NamedAlgorithm named = MapSymmetricName(c.row);
    EXPECT_EQ(named.name, c.row);
    EXPECT_EQ(named.kind, c.kind) << c.row;
    EXPECT_FALSE(named.catalogued) << c.row;
  }
}

TEST(SpeedNamesTest, GenericAliasesDoNotCapturePlainWords) {
  // The catalogue knows "hmac" and "rsa" as aliases; a row called that names nothing specific.
  EXPECT_FALSE(MapSymmetricName("hmac").catalogued);
  EXPECT_FALSE(MapSymmetricName("rsa2048").catalogued);  // public key, not a symmetric row
}

TEST(SpeedNamesTest, LegacyRowsDependOnTheVersion) {
  EXPECT_TRUE(IsLegacyRow("aes-128 cbc", 1, ""));
  EXPECT_TRUE(IsLegacyRow("aes-128 cbc", -1, ""));
  EXPECT_TRUE(IsLegacyRow("sha256", 1, "aes-128-gcm"));
  EXPECT_FALSE(IsLegacyRow("sha256", 1, "sha256"));  // the -evp row
  EXPECT_FALSE(IsLegacyRow("aes-128-gcm", 1, ""));   // OBJ_nid2ln spelling: the EVP row
  EXPECT_FALSE(IsLegacyRow("sha256", -1, ""));       // cannot tell without the version
  EXPECT_FALSE(IsLegacyRow("aes-128-cbc", 3, ""));   // 3.x times everything through EVP
  // A 3.0.0 snapshot before openssl/openssl#14228 (3.0.0-alpha5) still printed the 1.x
  // low-level rows, and LibreSSL 3.x keeps them: spelt with a space, low-level in any version.
  EXPECT_TRUE(IsLegacyRow("aes-256 cbc", 3, ""));
  EXPECT_TRUE(IsLegacyRow("des ede3", 3, ""));
}

TEST(SpeedNamesTest, LibresslAeadRowsAreNotLowLevel) {
  // LibreSSL's speed times these through EVP_AEAD (apps/openssl/speed.c), with AES-NI.
  for (const char* aead : {"aes-128 gcm", "aes-256 gcm", "chacha20 poly1305"}) {
    EXPECT_FALSE(IsLegacyRow(aead, 2, "")) << aead;
    EXPECT_FALSE(IsLegacyRow(aead, -1, "")) << aead;
  }
  EXPECT_TRUE(IsLegacyRow("aes-256 cbc", 2, ""));  // still the low-level AES_cbc_encrypt
}

TEST(SpeedNamesTest, DirectionSuffixOfCryptobenchsLayout) {
  std::string op;
  EXPECT_EQ(SplitDirectionSuffix("AES-128-CBC decrypt", &op), "AES-128-CBC");
  EXPECT_EQ(op, "decrypt");
  EXPECT_EQ(SplitDirectionSuffix("serpent-xts 512b decrypt", &op), "serpent-xts 512b");
  EXPECT_EQ(op, "decrypt");
  EXPECT_EQ(SplitDirectionSuffix("AES-256-GCM encrypt", &op), "AES-256-GCM");
  EXPECT_EQ(op, "encrypt");
  // Not a suffix, or not a cipher: the name stays whole.
  for (const char* whole :
       {"AES-128-CBC", "decrypt", " decrypt", "sha256 decrypt", "aes-128 cbc"}) {
    EXPECT_EQ(SplitDirectionSuffix(whole, &op), whole);
    EXPECT_EQ(op, "") << whole;
  }
}

TEST(SpeedNamesTest, PublicKeyNames) {
  EXPECT_EQ(MapPublicKey(PkFamily::kRsa, 2048, "").name, "RSA-2048");
  EXPECT_EQ(MapPublicKey(PkFamily::kEcdsa, 256, "nistp256").name, "ECDSA-P256");
  EXPECT_EQ(MapPublicKey(PkFamily::kEcdh, 253, "X25519").name, "X25519");
  EXPECT_EQ(MapPublicKey(PkFamily::kEcdh, 253, "X25519").kind, "key_agreement");
  EXPECT_EQ(MapPublicKey(PkFamily::kEddsa, 253, "Ed25519").name, "Ed25519");
  EXPECT_EQ(MapPublicKey(PkFamily::kSig, 0, "ED25519").name, "Ed25519");
  const NamedAlgorithm dsa = MapPublicKey(PkFamily::kDsa, 2048, "");
  EXPECT_EQ(dsa.name, "dsa 2048 bits");
  EXPECT_FALSE(dsa.catalogued);
  EXPECT_EQ(MapPublicKey(PkFamily::kEcdsa, 521, "nistp521").name, "521 bits ecdsa (nistp521)");
  EXPECT_EQ(MapPublicKey(PkFamily::kKem, 0, "ML-KEM-768").kind, "kem");
  EXPECT_EQ(MapPublicKey(PkFamily::kFfdh, 2048, "").name, "2048 bits ffdh");
}

TEST(SpeedNamesTest, SpeedRowNamesAreKnownAndProseIsNot) {
  for (const char* name :
       {"sha256", "rc5-32/12 cbc", "des ede3", "blowfish", "whirlpool", "hmac(sha512)",
        "AES-128-GCM", "id-aes256-GCM", "ChaCha20-Poly1305", "chacha20 poly1305", "kmac128"}) {
    EXPECT_TRUE(IsSpeedRowName(name)) << name;
  }
  for (const char* name :
       {"real", "Ryzen", "EDIT: the 2nd run gave", "Thanks,", "hmac", "", "user", "my-cipher"}) {
    EXPECT_FALSE(IsSpeedRowName(name)) << name;
  }
}

TEST(SpeedNamesTest, CurvesFromMrIndices) {
  EXPECT_EQ(EcCurveFromIndex(3, 256), "nistp256");
  EXPECT_EQ(EcCurveFromIndex(5, 521), "nistp521");
  EXPECT_EQ(EcCurveFromIndex(22, 253), "X25519");
  // Past index 5, the tables of speed's releases (new-user tryout 19: 3.x Brainpool rows were
  // "curve #16"): 1.x Koblitz/binary, 3.x Brainpool after them or, no-ec2m, after the primes.
  EXPECT_EQ(EcCurveFromIndex(6, 163), "nistk163");
  EXPECT_EQ(EcCurveFromIndex(11, 163), "nistb163");
  EXPECT_EQ(EcCurveFromIndex(15, 571), "nistb571");
  EXPECT_EQ(EcCurveFromIndex(16, 253), "X25519");  // 1.1.x
  EXPECT_EQ(EcCurveFromIndex(17, 448), "X448");
  EXPECT_EQ(EcCurveFromIndex(16, 256), "brainpoolP256r1");  // 3.x
  EXPECT_EQ(EcCurveFromIndex(17, 256), "brainpoolP256t1");
  EXPECT_EQ(EcCurveFromIndex(21, 512), "brainpoolP512t1");
  EXPECT_EQ(EcCurveFromIndex(6, 256), "brainpoolP256r1");  // 3.x no-ec2m
  EXPECT_EQ(EcCurveFromIndex(9, 384), "brainpoolP384t1");
  EXPECT_EQ(EcCurveFromIndex(12, 253), "X25519");
  EXPECT_EQ(EcCurveFromIndex(16, 384), "curve #16");  // no table has it
  EXPECT_EQ(EcCurveFromIndex(3, 384), "curve #3");    // index and size disagree
}

}  // namespace
}  // namespace cryptobench::import
