#include "backends/common/der.h"

#include <vector>

#include <gtest/gtest.h>

#include "core/hex.h"

namespace cryptobench::backends {
namespace {

std::string Hex(const std::vector<uint8_t>& bytes) { return HexEncode(bytes); }

TEST(DerTest, ShortAndLongLengths) {
  EXPECT_EQ(Hex(DerTlv(0x04, HexDecode("aabb"))), "0402aabb");
  const std::vector<uint8_t> long_content(200, 0x11);
  const std::vector<uint8_t> encoded = DerTlv(0x04, long_content);
  ASSERT_EQ(encoded.size(), 3u + 200u);
  EXPECT_EQ(Hex({encoded.begin(), encoded.begin() + 3}), "0481c8");
  const std::vector<uint8_t> longer = DerTlv(0x30, std::vector<uint8_t>(300, 0x22));
  EXPECT_EQ(Hex({longer.begin(), longer.begin() + 4}), "3082012c");
}

TEST(DerTest, UnsignedIntegerStripsZerosAndKeepsSignPositive) {
  EXPECT_EQ(Hex(DerUnsignedInteger(HexDecode("00007f"))), "02017f");
  EXPECT_EQ(Hex(DerUnsignedInteger(HexDecode("80"))), "02020080");
  EXPECT_EQ(Hex(DerUnsignedInteger(HexDecode("0000"))), "020100");
}

TEST(DerTest, EcdsaSignatureSplitsRAndS) {
  // r = 0x81 (top bit set: gets a 0x00 pad), s = 0x0001 (leading zero dropped).
  EXPECT_EQ(Hex(EcdsaSignatureDer(HexDecode("00810001"))),
            "3007020200810201"
            "01");
}

TEST(DerTest, EcdsaSignatureDecodesToFixedWidth) {
  std::vector<uint8_t> r_and_s;
  ASSERT_TRUE(EcdsaSignatureFromDer(HexDecode("300702020081020101"), 2, &r_and_s));
  EXPECT_EQ(Hex(r_and_s), "00810001");
  // Round trip through the encoder at P-256 width.
  const std::vector<uint8_t> wide = HexDecode(std::string(64, 'f') + std::string(62, '0') + "07");
  ASSERT_TRUE(EcdsaSignatureFromDer(EcdsaSignatureDer(wide), 32, &r_and_s));
  EXPECT_EQ(r_and_s, wide);
  // Too wide for the scalar, negative, trailing bytes, truncated.
  EXPECT_FALSE(EcdsaSignatureFromDer(HexDecode("30080203010203020101"), 2, &r_and_s));
  EXPECT_FALSE(EcdsaSignatureFromDer(HexDecode("3006020181020101"), 2, &r_and_s));
  EXPECT_FALSE(EcdsaSignatureFromDer(HexDecode("300602010102010100"), 2, &r_and_s));
  EXPECT_FALSE(EcdsaSignatureFromDer(HexDecode("30060201010201"), 2, &r_and_s));
}

TEST(DerTest, CurveOids) {
  // RFC 5480 2.1.1.1: secp256r1 1.2.840.10045.3.1.7, secp384r1 1.3.132.0.34.
  EXPECT_EQ(Hex(CurveOidDer("prime256v1")), "06082a8648ce3d030107");
  EXPECT_EQ(Hex(CurveOidDer("secp384r1")), "06052b81040022");
  EXPECT_TRUE(CurveOidDer("brainpoolP256r1").empty());
}

TEST(DerTest, EcStructures) {
  const std::vector<uint8_t> oid = CurveOidDer("prime256v1");
  // SPKI prefix for P-256 uncompressed points (RFC 5480 2): 3059 3013 <ecPublicKey> <curve>
  // 0342 00 <65-byte point>.
  const std::vector<uint8_t> point(65, 0x04);
  const std::string spki = Hex(EcSubjectPublicKeyInfo(oid, point));
  EXPECT_EQ(spki.substr(0, 52), "3059301306072a8648ce3d020106082a8648ce3d030107034200");
  EXPECT_EQ(spki.size(), 2u * (26u + 65u));
  const std::vector<uint8_t> scalar(32, 0x01);
  const std::string key = Hex(EcPrivateKeyDer(oid, scalar));
  EXPECT_EQ(key.substr(0, 14), "30310201010420");
  EXPECT_EQ(key.substr(key.size() - 24), "a00a06082a8648ce3d030107");
}

}  // namespace
}  // namespace cryptobench::backends
