// Tests of the RSA-2048 sign bound that holds on any CPU (pk_bounds.h).
#include "diagnose/pk_bounds.h"

#include <gtest/gtest.h>

namespace cryptobench::diagnose {
namespace {

TEST(PkBoundsTest, Rsa2048SignCeilingIsTheGenericCHalvedAtTheHighestClock) {
  // 6.5 GHz / (9.87 M cycles per sign / 2).
  ASSERT_TRUE(RsaGenericCSignCeiling("RSA-2048", "sign").has_value());
  EXPECT_NEAR(*RsaGenericCSignCeiling("RSA-2048", "sign"), 1317.1, 0.1);
  // No sourced C figure: verify, the larger keys, ECDSA and X25519 have no bound.
  EXPECT_FALSE(RsaGenericCSignCeiling("RSA-2048", "verify").has_value());
  EXPECT_FALSE(RsaGenericCSignCeiling("RSA-3072", "sign").has_value());
  EXPECT_FALSE(RsaGenericCSignCeiling("RSA-4096", "sign").has_value());
  EXPECT_FALSE(RsaGenericCSignCeiling("ECDSA-P256", "sign").has_value());
  EXPECT_FALSE(RsaGenericCSignCeiling("X25519", "derive").has_value());
}

TEST(PkBoundsTest, OnlyAFigureNoGenericCReachesIsAboveIt) {
  // MULX/ADX at 1.92 M cycles per sign on a 3 GHz core (1563 sign/s): above any generic C.
  EXPECT_TRUE(AboveGenericCRsa("RSA-2048", "sign", 3e9 / 1.92e6));
  // The measured C (9.87 M) at 6 GHz (608 sign/s), and plain bn_mul_mont (3.0 M) on a 2 GHz
  // core (667 sign/s), which the bound cannot tell from C: not above it.
  EXPECT_FALSE(AboveGenericCRsa("RSA-2048", "sign", 6e9 / 9.87e6));
  EXPECT_FALSE(AboveGenericCRsa("RSA-2048", "sign", 2e9 / 3.0e6));
  // Another operation or algorithm, or no figure: never above.
  EXPECT_FALSE(AboveGenericCRsa("RSA-2048", "verify", 50000));
  EXPECT_FALSE(AboveGenericCRsa("ECDSA-P256", "sign", 50000));
  EXPECT_FALSE(AboveGenericCRsa("RSA-2048", "sign", 0));
  EXPECT_FALSE(AboveGenericCRsa("RSA-2048", "sign", -1));
  EXPECT_NE(RsaBoundSource().find("9.87 M cycles"), std::string_view::npos);
}

}  // namespace
}  // namespace cryptobench::diagnose
