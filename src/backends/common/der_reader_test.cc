// Tests of the DER and PEM reader (der_reader.h) against the shipped timing keys and hand-made
// DER.
#include "backends/common/der_reader.h"

#include <gtest/gtest.h>

#include "algorithms/kat.h"
#include "core/hex.h"

namespace cryptobench::backends {
namespace {

TEST(DerReaderTest, ReadsShortAndLongFormLengths) {
  // 04 01 aa: short form; 04 81 02 bbcc: long form with one length byte (X.690 8.1.3.5).
  const std::vector<uint8_t> der = HexDecode("0401aa048102bbcc");
  DerReader reader(der);
  DerElement element;
  ASSERT_TRUE(reader.Next(&element));
  EXPECT_EQ(element.tag, kDerOctetString);
  EXPECT_EQ(HexEncode(element.contents), "aa");
  ASSERT_TRUE(reader.Next(&element));
  EXPECT_EQ(HexEncode(element.contents), "bbcc");
  EXPECT_FALSE(reader.Next(&element));
  EXPECT_TRUE(reader.ok());
  EXPECT_TRUE(reader.AtEnd());
}

TEST(DerReaderTest, RejectsTruncatedInput) {
  const std::vector<uint8_t> der = HexDecode("0405aabb");  // claims 5 bytes, has 2
  DerReader reader(der);
  DerElement element;
  EXPECT_FALSE(reader.Next(&element));
  EXPECT_FALSE(reader.ok());
  std::vector<std::span<const uint8_t>> integers;
  EXPECT_FALSE(ReadIntegerSequence(HexDecode("3006020101"), &integers).empty());
  EXPECT_EQ(ReadIntegerSequence(HexDecode("3006020101020102"), &integers), "");
  EXPECT_EQ(integers.size(), 2u);
}

TEST(DerReaderTest, TakesTheRsaTimingKeyApart) {
  std::vector<uint8_t> der;
  ASSERT_EQ(PemPrivateKeyToDer(TimingPrivateKeyPem("RSA-2048"), &der), "");
  std::span<const uint8_t> parameters;
  std::span<const uint8_t> private_key;
  ASSERT_EQ(UnwrapPkcs8(der, &parameters, &private_key), "");
  EXPECT_TRUE(parameters.empty());
  std::vector<std::span<const uint8_t>> integers;
  ASSERT_EQ(ReadIntegerSequence(private_key, &integers), "");
  ASSERT_EQ(integers.size(), 9u);  // version, n, e, d, p, q, dP, dQ, qInv (RFC 8017 A.1.2)
  EXPECT_EQ(HexEncode(integers[0]), "00");
  // A 2048-bit modulus: 256 bytes, plus DER's 0x00 because the top bit is set.
  EXPECT_EQ(integers[1].size(), 257u);
  EXPECT_EQ(integers[1][0], 0x00);
  EXPECT_EQ(HexEncode(integers[2]), "010001");
}

TEST(DerReaderTest, TakesTheEcTimingKeyApart) {
  std::vector<uint8_t> der;
  ASSERT_EQ(PemPrivateKeyToDer(TimingPrivateKeyPem("ECDSA-P384"), &der), "");
  std::span<const uint8_t> parameters;
  std::span<const uint8_t> private_key;
  ASSERT_EQ(UnwrapPkcs8(der, &parameters, &private_key), "");
  EXPECT_EQ(HexEncode(parameters), "2b81040022");  // secp384r1, RFC 5480 2.1.1.1
  std::span<const uint8_t> scalar;
  ASSERT_EQ(ReadEcPrivateKey(private_key, &scalar), "");
  EXPECT_EQ(scalar.size(), 48u);
}

TEST(DerReaderTest, RejectsTextThatIsNotAPrivateKeyPem) {
  std::vector<uint8_t> der;
  EXPECT_FALSE(PemPrivateKeyToDer("-----BEGIN CERTIFICATE-----\nAAAA\n", &der).empty());
  EXPECT_FALSE(
      PemPrivateKeyToDer("-----BEGIN PRIVATE KEY-----\n!!!!\n-----END PRIVATE KEY-----\n", &der)
          .empty());
}

TEST(DerReaderTest, Pkcs8GivesTheRsaPrivateKeyAndTheEcScalarOnItsCurveOnly) {
  std::vector<uint8_t> private_key;
  std::vector<uint8_t> parameters;
  ASSERT_EQ(Pkcs8PrivateKey(TimingPrivateKeyPem("RSA-2048"), &private_key, &parameters), "");
  EXPECT_TRUE(parameters.empty());
  std::vector<std::span<const uint8_t>> integers;
  ASSERT_EQ(ReadIntegerSequence(private_key, &integers), "");
  EXPECT_EQ(integers.size(), 9u);

  std::vector<uint8_t> scalar;
  ASSERT_EQ(Pkcs8EcScalar(TimingPrivateKeyPem("ECDSA-P256"), "prime256v1", &scalar), "");
  EXPECT_EQ(scalar.size(), 32u);
  EXPECT_EQ(Pkcs8EcScalar(TimingPrivateKeyPem("ECDSA-P256"), "secp384r1", &scalar),
            "the timing key is on another curve");
  EXPECT_EQ(Pkcs8EcScalar(TimingPrivateKeyPem("RSA-2048"), "prime256v1", &scalar),
            "the timing key is on another curve");
  EXPECT_FALSE(Pkcs8EcScalar("not a key", "prime256v1", &scalar).empty());
}

}  // namespace
}  // namespace cryptobench::backends
