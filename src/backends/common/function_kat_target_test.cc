// Tests of FunctionKatTarget (function_kat_target.h).
#include "backends/common/function_kat_target.h"

#include <string>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "algorithms/kat.h"

namespace cryptobench::backends {
namespace {

std::string ReverseHash(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) {
  if (alg.name != "SHA-256") {
    return "only SHA-256";
  }
  digest->assign(message.rbegin(), message.rend());
  return "";
}

std::string ValidIfNotTampered(const AlgorithmInfo&, const KatVector&, bool tamper, bool* valid) {
  *valid = !tamper;
  return "";
}

TEST(FunctionKatTargetTest, CallsTheGivenFunctionsWithTheirArguments) {
  FunctionKatTarget target({.hash = &ReverseHash, .verify = &ValidIfNotTampered});
  Bytes digest;
  EXPECT_EQ(target.Hash(*FindAlgorithm("SHA-256"), {1, 2, 3}, &digest), "");
  EXPECT_EQ(digest, (Bytes{3, 2, 1}));
  EXPECT_EQ(target.Hash(*FindAlgorithm("MD5"), {1}, &digest), "only SHA-256");
  bool valid = false;
  const KatVector& vector = KatVectorsFor("Ed25519")[0];
  EXPECT_EQ(target.Verify(*FindAlgorithm("Ed25519"), vector, false, &valid), "");
  EXPECT_TRUE(valid);
  EXPECT_EQ(target.Verify(*FindAlgorithm("Ed25519"), vector, true, &valid), "");
  EXPECT_FALSE(valid);
}

TEST(FunctionKatTargetTest, AMissingFunctionIsNotOffered) {
  FunctionKatTarget target({});
  const AlgorithmInfo& aes = *FindAlgorithm("AES-128-GCM");
  const KatVector& vector = KatVectorsFor("Ed25519")[0];
  Bytes out;
  Bytes tag;
  bool flag = false;
  EXPECT_EQ(target.Cipher(aes, false, {}, {}, {}, &out), kNotOffered);
  EXPECT_EQ(target.Seal(aes, {}, {}, {}, {}, 16, &out, &tag), kNotOffered);
  EXPECT_EQ(target.Open(aes, {}, {}, {}, {}, tag, &out, &flag), kNotOffered);
  EXPECT_EQ(target.Hash(aes, {}, &out), kNotOffered);
  EXPECT_EQ(target.Mac(aes, {}, {}, &out), kNotOffered);
  EXPECT_EQ(target.Verify(aes, vector, false, &flag), kNotOffered);
  EXPECT_EQ(target.Sign(aes, vector, &out), kNotOffered);
  EXPECT_EQ(target.SignRoundTrip(aes), kNotOffered);
  EXPECT_EQ(target.Derive(aes, vector, &out), kNotOffered);
}

std::string OtherHash(const AlgorithmInfo&, const Bytes&, Bytes* digest) {
  digest->assign(1, 0x42);
  return "";
}

// Each operation comes from the first part that has it; one no part has stays not offered.
TEST(FunctionKatTargetTest, MergeOneShotsTakesTheFirstEntryOfEachOperation) {
  const OneShotFunctions merged = MergeOneShots(
      {{.verify = &ValidIfNotTampered}, {.hash = &ReverseHash}, {.hash = &OtherHash}});
  EXPECT_EQ(merged.hash, &ReverseHash);
  EXPECT_EQ(merged.verify, &ValidIfNotTampered);
  EXPECT_EQ(merged.cipher, nullptr);
  EXPECT_EQ(merged.seal, nullptr);
  EXPECT_EQ(merged.open, nullptr);
  EXPECT_EQ(merged.mac, nullptr);
  EXPECT_EQ(merged.sign, nullptr);
  EXPECT_EQ(merged.sign_round_trip, nullptr);
  EXPECT_EQ(merged.derive, nullptr);
  EXPECT_EQ(MergeOneShots({{.hash = &OtherHash}, {.hash = &ReverseHash}}).hash, &OtherHash);
}

}  // namespace
}  // namespace cryptobench::backends
