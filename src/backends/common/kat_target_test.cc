// Tests of the shared KAT driver with oracle targets that answer from the vector table, so the
// driver's checks (not any library) are under test.
#include "backends/common/kat_target.h"

#include <gtest/gtest.h>

#include "backends/common/buffers.h"
#include "core/hex.h"

namespace cryptobench::backends {
namespace {

const KatVector* FindByInput(std::string_view algorithm, const Bytes& input) {
  for (const KatVector& v : KatVectorsFor(algorithm)) {
    if (HexDecode(v.input) == input) {
      return &v;
    }
  }
  return nullptr;
}

// Answers every query with the published output; knobs make it wrong in one way.
class OracleTarget : public KatTarget {
 public:
  bool wrong_digest = false;
  bool accept_any_tag = false;
  bool wrong_decrypt = false;

  std::string Hash(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) override {
    const KatVector* v = FindByInput(alg.name, message);
    if (v == nullptr) {
      return "no such message";
    }
    *digest = HexDecode(v->output);
    if (wrong_digest) {
      digest->back() ^= 1;
    }
    return "";
  }

  std::string Cipher(const AlgorithmInfo& alg, bool decrypt, const Bytes&, const Bytes&,
                     const Bytes& input, Bytes* output) override {
    for (const KatVector& v : KatVectorsFor(alg.name)) {
      if (HexDecode(decrypt ? v.output : v.input) == input) {
        *output = HexDecode(decrypt ? v.input : v.output);
        if (decrypt && wrong_decrypt) {
          (*output)[0] ^= 1;
        }
        return "";
      }
    }
    return "no such input";
  }

  std::string Seal(const AlgorithmInfo& alg, const Bytes&, const Bytes&, const Bytes&,
                   const Bytes& plaintext, size_t, Bytes* ciphertext, Bytes* tag) override {
    const KatVector* v = FindByInput(alg.name, plaintext);
    if (v == nullptr) {
      return "no such plaintext";
    }
    *ciphertext = HexDecode(v->output);
    *tag = HexDecode(v->tag);
    return "";
  }

  std::string Open(const AlgorithmInfo& alg, const Bytes&, const Bytes&, const Bytes&,
                   const Bytes& ciphertext, const Bytes& tag, Bytes* plaintext,
                   bool* authentic) override {
    for (const KatVector& v : KatVectorsFor(alg.name)) {
      if (HexDecode(v.output) == ciphertext) {
        *plaintext = HexDecode(v.input);
        *authentic = accept_any_tag || HexDecode(v.tag) == tag;
        return "";
      }
    }
    return "no such ciphertext";
  }
};

TEST(KatTargetTest, OraclePassesAndCitesSources) {
  OracleTarget target;
  const results::KatResult result = RunKatVectors(target, *FindAlgorithm("SHA-256"));
  EXPECT_EQ(result.status, "passed") << result.detail;
  EXPECT_NE(result.source.find("FIPS"), std::string::npos) << result.source;
}

TEST(KatTargetTest, WrongDigestFailsNamingTheVector) {
  OracleTarget target;
  target.wrong_digest = true;
  const results::KatResult result = RunKatVectors(target, *FindAlgorithm("SHA-256"));
  EXPECT_EQ(result.status, "failed");
  EXPECT_NE(result.detail.find("digest: got"), std::string::npos) << result.detail;
}

TEST(KatTargetTest, CorruptFlagMakesACorrectTargetFail) {
  OracleTarget target;
  const ScopedCorruptOutputs corrupt(true);
  EXPECT_EQ(RunKatVectors(target, *FindAlgorithm("AES-128-CBC")).status, "failed");
  EXPECT_EQ(RunKatVectors(target, *FindAlgorithm("AES-128-GCM")).status, "failed");
}

TEST(KatTargetTest, CorruptionSeamIsScopedAndNests) {
  std::vector<uint8_t> out = {0x10, 0x20};
  EXPECT_FALSE(CorruptOutputsForTesting());
  CorruptIfTesting(out);
  EXPECT_EQ(out, (std::vector<uint8_t>{0x10, 0x20}));
  {
    const ScopedCorruptOutputs on(true);
    EXPECT_TRUE(CorruptOutputsForTesting());
    CorruptIfTesting(out);
    EXPECT_EQ(out, (std::vector<uint8_t>{0x11, 0x20}));
    {
      const ScopedCorruptOutputs off(false);
      EXPECT_FALSE(CorruptOutputsForTesting());
    }
    EXPECT_TRUE(CorruptOutputsForTesting());
  }
  EXPECT_FALSE(CorruptOutputsForTesting());
  OracleTarget target;
  EXPECT_EQ(RunKatVectors(target, *FindAlgorithm("AES-128-CBC")).status, "passed");
}

TEST(KatTargetTest, CipherMustDecryptBack) {
  OracleTarget target;
  EXPECT_EQ(RunKatVectors(target, *FindAlgorithm("AES-128-CBC")).status, "passed");
  target.wrong_decrypt = true;
  const results::KatResult result = RunKatVectors(target, *FindAlgorithm("AES-128-CBC"));
  EXPECT_EQ(result.status, "failed");
  EXPECT_NE(result.detail.find("decrypted plaintext"), std::string::npos) << result.detail;
}

TEST(KatTargetTest, AeadMustRejectAFlippedTag) {
  OracleTarget target;
  EXPECT_EQ(RunKatVectors(target, *FindAlgorithm("AES-128-GCM")).status, "passed");
  target.accept_any_tag = true;
  const results::KatResult result = RunKatVectors(target, *FindAlgorithm("AES-128-GCM"));
  EXPECT_EQ(result.status, "failed");
  EXPECT_NE(result.detail.find("one bit flipped"), std::string::npos) << result.detail;
}

TEST(KatTargetTest, DefaultMethodsReportNotOffered) {
  KatTarget target;
  const results::KatResult result = RunKatVectors(target, *FindAlgorithm("SHA-256"));
  EXPECT_EQ(result.status, "failed");
  EXPECT_NE(result.detail.find(kNotOffered), std::string::npos) << result.detail;
}

TEST(KatTargetTest, TheFirstVectorWithAPrivateKeyIsTheFirstThatPublishesOne) {
  for (const char* name : {"X25519", "Ed25519"}) {
    const KatVector* vector = FirstVectorWithPrivateKey(name);
    ASSERT_NE(vector, nullptr) << name;
    EXPECT_FALSE(vector->private_key.empty()) << name;
    for (const KatVector& earlier : KatVectorsFor(name)) {
      if (&earlier == vector) {
        break;
      }
      EXPECT_TRUE(earlier.private_key.empty()) << name;
    }
  }
  EXPECT_EQ(FirstVectorWithPrivateKey("AES-128-CBC"), nullptr);
}

}  // namespace
}  // namespace cryptobench::backends
