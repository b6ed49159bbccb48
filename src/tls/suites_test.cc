#include "tls/suites.h"

#include <gtest/gtest.h>

namespace cryptobench::tls {
namespace {

TEST(TlsSuitesTest, FindsSuitesByIanaAndOpensslNamesInAnyCase) {
  const SuiteInfo* by_iana = FindSuite("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256");
  ASSERT_NE(by_iana, nullptr);
  EXPECT_EQ(FindSuite("ecdhe-ecdsa-aes128-gcm-sha256"), by_iana);
  EXPECT_EQ(by_iana->version, TlsVersion::kTls12);
  EXPECT_EQ(by_iana->aead, "AES-128-GCM");
  const SuiteInfo* chacha = FindSuite("tls_chacha20_poly1305_sha256");
  ASSERT_NE(chacha, nullptr);
  EXPECT_EQ(chacha->version, TlsVersion::kTls13);
  EXPECT_EQ(chacha->aead, "ChaCha20-Poly1305");
  EXPECT_EQ(FindSuite("TLS_AES_128_CCM_SHA256"), nullptr);
  EXPECT_EQ(FindSuite(""), nullptr);
}

TEST(TlsSuitesTest, DefaultsAreTheThreeTls13SuitesAndTwoTls12Ones) {
  const std::vector<const SuiteInfo*> suites = DefaultSuites();
  ASSERT_EQ(suites.size(), 5u);
  EXPECT_EQ(suites[0]->iana, "TLS_AES_128_GCM_SHA256");
  EXPECT_EQ(suites[1]->iana, "TLS_AES_256_GCM_SHA384");
  EXPECT_EQ(suites[2]->iana, "TLS_CHACHA20_POLY1305_SHA256");
  EXPECT_EQ(suites[3]->openssl, "ECDHE-ECDSA-AES128-GCM-SHA256");
  EXPECT_EQ(suites[4]->openssl, "ECDHE-ECDSA-CHACHA20-POLY1305");
}

TEST(TlsSuitesTest, GroupsByNameAndAlias) {
  ASSERT_NE(FindGroup("x25519"), nullptr);
  EXPECT_EQ(FindGroup("secp256r1"), FindGroup("P-256"));
  EXPECT_EQ(FindGroup("prime256v1")->openssl, "P-256");
  EXPECT_TRUE(FindGroup("X25519MLKEM768")->hybrid);
  EXPECT_EQ(FindGroup("ffdhe2048"), nullptr);
  EXPECT_EQ(DefaultGroup().name, "X25519");
}

TEST(TlsSuitesTest, CertificatesFitTheirSuites) {
  CertType type;
  ASSERT_TRUE(ParseCertType("ecdsa-p256", &type));
  EXPECT_EQ(type, CertType::kEcdsaP256);
  ASSERT_TRUE(ParseCertType("RSA2048", &type));
  EXPECT_EQ(type, CertType::kRsa2048);
  EXPECT_FALSE(ParseCertType("dsa", &type));
  const SuiteInfo& rsa = *FindSuite("ECDHE-RSA-AES128-GCM-SHA256");
  const SuiteInfo& ecdsa = *FindSuite("ECDHE-ECDSA-AES128-GCM-SHA256");
  const SuiteInfo& tls13 = *FindSuite("TLS_AES_256_GCM_SHA384");
  EXPECT_TRUE(CertFitsSuite(CertType::kRsa2048, rsa));
  EXPECT_FALSE(CertFitsSuite(CertType::kEcdsaP256, rsa));
  EXPECT_TRUE(CertFitsSuite(CertType::kEd25519, ecdsa));
  EXPECT_TRUE(CertFitsSuite(CertType::kRsa2048, tls13));
  EXPECT_EQ(DefaultCertFor(rsa), CertType::kRsa2048);
  EXPECT_EQ(DefaultCertFor(tls13), CertType::kEcdsaP256);
}

}  // namespace
}  // namespace cryptobench::tls
