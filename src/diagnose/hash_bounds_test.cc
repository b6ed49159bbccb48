// Tests of the SHA-256 bound that holds on any CPU (hash_bounds.h).
#include "diagnose/hash_bounds.h"

#include <gtest/gtest.h>

namespace cryptobench::diagnose {
namespace {

TEST(HashBoundsTest, Sha256CeilingIsTheFastestSoftwareHalvedAtTheHighestClock) {
  // 6.5 GHz / 3.5 cpb.
  ASSERT_TRUE(Sha256SoftwareCeiling("SHA-256").has_value());
  EXPECT_NEAR(*Sha256SoftwareCeiling("SHA-256"), 1.857e9, 0.001e9);
  EXPECT_EQ(Sha256SoftwareCeiling("SHA-224"), Sha256SoftwareCeiling("SHA-256"));
  EXPECT_EQ(Sha256SoftwareCeiling("HMAC-SHA256"), Sha256SoftwareCeiling("SHA-256"));
  // No bound for hashes whose software is too close to their hardware, or has none to prove.
  EXPECT_FALSE(Sha256SoftwareCeiling("SHA-1").has_value());
  EXPECT_FALSE(Sha256SoftwareCeiling("SHA-512").has_value());
  EXPECT_FALSE(Sha256SoftwareCeiling("AES-128-GCM").has_value());
}

TEST(HashBoundsTest, OnlyAFigureNoSoftwareReachesIsAboveIt) {
  // SHA extensions at 2.05 cpb on a 5 GHz core (2.44 GB/s): above any software SHA-256.
  EXPECT_TRUE(AboveSoftwareSha256("SHA-256", 5e9 / 2.05));
  // The fastest software (AVX2, 7.01 cpb) at 6 GHz (856 MB/s): not above it, nor SHA extensions
  // at 2.05 cpb on a 3 GHz core (1.46 GB/s), which the bound cannot tell from software.
  EXPECT_FALSE(AboveSoftwareSha256("SHA-256", 6e9 / 7.01));
  EXPECT_FALSE(AboveSoftwareSha256("SHA-256", 3e9 / 2.05));
  EXPECT_FALSE(AboveSoftwareSha256("SHA-1", 5e9));
  EXPECT_FALSE(AboveSoftwareSha256("SHA-256", 0));
  EXPECT_FALSE(AboveSoftwareSha256("SHA-256", -1));
}

}  // namespace
}  // namespace cryptobench::diagnose
