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

}  // namespace
}  // namespace cryptobench::backends
