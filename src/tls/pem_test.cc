#include "tls/pem.h"

#include <gtest/gtest.h>

namespace cryptobench::tls {
namespace {

TEST(PemTest, RoundTripsEveryLengthModuloThree) {
  for (size_t length : {1u, 2u, 3u, 47u, 48u, 49u, 100u}) {
    std::vector<uint8_t> der(length);
    for (size_t i = 0; i < length; ++i) {
      der[i] = static_cast<uint8_t>(i * 37 + 11);
    }
    const std::string pem = ToPem(der, "CERTIFICATE");
    EXPECT_EQ(pem.rfind("-----BEGIN CERTIFICATE-----\n", 0), 0u);
    const auto back = CertificatesFromPem("junk before\n" + pem + pem);
    ASSERT_EQ(back.size(), 2u) << length;
    EXPECT_EQ(back[0], der);
    EXPECT_EQ(back[1], der);
  }
}

TEST(PemTest, KnownEncodingAndBrokenBlocks) {
  // RFC 4648 section 10: BASE64("foobar") = "Zm9vYmFy".
  const std::vector<uint8_t> foobar = {'f', 'o', 'o', 'b', 'a', 'r'};
  EXPECT_NE(ToPem(foobar, "CERTIFICATE").find("\nZm9vYmFy\n"), std::string::npos);
  EXPECT_TRUE(CertificatesFromPem("no certificate here").empty());
  EXPECT_THROW(CertificatesFromPem("-----BEGIN CERTIFICATE-----\nZm9v\n"), std::runtime_error);
  EXPECT_THROW(CertificatesFromPem("-----BEGIN CERTIFICATE-----\nZm9v!\n-----END CERTIFICATE-----"),
               std::runtime_error);
}

}  // namespace
}  // namespace cryptobench::tls
