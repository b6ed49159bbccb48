// Tests of the signature adapter (signature_adapter.h) with scripted engines: the timed sign and
// verify loops, the check of each direction by the other (and the corruption seam), the
// timing-key round trip and the error mapping every library bound to it relies on.
#include "backends/common/signature_adapter.h"

#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/common/adapter_test_support.h"
#include "backends/common/evp_signature.h"
#include "backends/common/pk_family_binding.h"

namespace cryptobench::backends {
namespace {

// What a ScriptedEngine does.
struct Script {
  bool sign_fails = false;      // Sign() fails
  bool verify_rejects = false;  // Verify() rejects every signature
  bool verify_accepts = false;  // Verify() accepts every signature (a broken library)
};

// A toy scheme: the "signature" of tbs is 8 bytes, byte i being i + the sum of tbs's bytes, so
// a signature over other bytes, or one with a byte changed, does not verify.
Bytes ToySignature(std::span<const uint8_t> tbs) {
  uint8_t sum = 0;
  for (uint8_t b : tbs) {
    sum = static_cast<uint8_t>(sum + b);
  }
  Bytes sig(8);
  for (size_t i = 0; i < sig.size(); ++i) {
    sig[i] = static_cast<uint8_t>(sum + i);
  }
  return sig;
}

class ScriptedEngine {
 public:
  explicit ScriptedEngine(Script script) : script_(script) {}

  bool Sign(std::span<const uint8_t> tbs, std::string* error) {
    ++signs;
    if (script_.sign_fails) {
      *error = "scripted_sign failed";
      return false;
    }
    signature_ = ToySignature(tbs);
    last_tbs = Bytes(tbs.begin(), tbs.end());
    return true;
  }

  std::span<const uint8_t> signature() const { return signature_; }

  bool Verify(std::span<const uint8_t> tbs, std::span<const uint8_t> signature,
              std::string* error) {
    ++verifies;
    const Bytes want = ToySignature(tbs);
    if (script_.verify_accepts ||
        (!script_.verify_rejects &&
         std::equal(want.begin(), want.end(), signature.begin(), signature.end()))) {
      return true;
    }
    *error = "scripted_verify rejected the signature";
    return false;
  }

  int signs = 0;
  int verifies = 0;
  Bytes last_tbs;

 private:
  Script script_;
  Bytes signature_;
};

auto MakeScripted(Script script) {
  return [script](const AlgorithmInfo&, std::string*) {
    return std::make_unique<ScriptedEngine>(script);
  };
}

// An engine whose library throws; Guarded() maps that to one line.
class ThrowingEngine : public adapter_testing::ThrowingGuard {
 public:
  bool Sign(std::span<const uint8_t>, std::string*) { throw std::runtime_error("sign refused"); }
  std::span<const uint8_t> signature() const { return {}; }
  bool Verify(std::span<const uint8_t>, std::span<const uint8_t>, std::string*) {
    throw std::runtime_error("verify refused");
  }
};

using adapter_testing::Alg;
using adapter_testing::Prepared;

template <typename Engine = ScriptedEngine, typename Make>
Prepared PrepareWith(const Make& make, Operation op, std::string_view name = "Ed25519") {
  Prepared p;
  p.op = PrepareSignatureWith<Engine>(make, Alg(name), op, &p.failure, &p.error);
  return p;
}

TEST(SignatureAdapterTest, PreparesTimedSignAndVerifyThatRun) {
  for (Operation op : {Operation::kSign, Operation::kVerify}) {
    Prepared p = PrepareWith(MakeScripted({}), op);
    ASSERT_NE(p.op, nullptr) << OperationName(op) << ": " << p.error;
    EXPECT_EQ(p.failure, PrepareFailure::kNone);
    EXPECT_TRUE(p.error.empty()) << p.error;
    EXPECT_TRUE(p.op->Run(5)) << p.op->error();
    EXPECT_TRUE(p.op->error().empty());
  }
}

TEST(SignatureAdapterTest, SignsTheTimingInputAndNotSomethingElse) {
  Prepared p = PrepareWith(MakeScripted({}), Operation::kSign);
  ASSERT_NE(p.op, nullptr) << p.error;
  auto* timed = dynamic_cast<TimedSignature<ScriptedEngine>*>(p.op.get());
  ASSERT_NE(timed, nullptr);
  const Bytes signature(timed->signature().begin(), timed->signature().end());
  EXPECT_EQ(signature, ToySignature(PatternBytes(kPublicKeyInputLen, kSignInputSeed)));
}

TEST(SignatureAdapterTest, AFailingSignIsALibraryErrorWithTheEnginesWords) {
  for (Operation op : {Operation::kSign, Operation::kVerify}) {
    Prepared p = PrepareWith(MakeScripted({.sign_fails = true}), op);
    EXPECT_EQ(p.op, nullptr);
    EXPECT_EQ(p.failure, PrepareFailure::kLibraryError) << OperationName(op);
    EXPECT_EQ(p.error, "scripted_sign failed");
  }
}

TEST(SignatureAdapterTest, AVerifyThatRejectsIsACheckFailureNamingTheDirection) {
  Prepared sign = PrepareWith(MakeScripted({.verify_rejects = true}), Operation::kSign);
  EXPECT_EQ(sign.op, nullptr);
  EXPECT_EQ(sign.failure, PrepareFailure::kCheckFailed);
  EXPECT_EQ(sign.error, "Ed25519 sign: verify rejected the timed signature");
  Prepared verify = PrepareWith(MakeScripted({.verify_rejects = true}), Operation::kVerify);
  EXPECT_EQ(verify.op, nullptr);
  EXPECT_EQ(verify.failure, PrepareFailure::kCheckFailed);
  EXPECT_EQ(verify.error,
            "Ed25519 verify: the timed verify rejected a fresh signature (scripted_verify "
            "rejected the signature)");
}

TEST(SignatureAdapterTest, AFailingFactoryIsALibraryError) {
  auto broken = [](const AlgorithmInfo& alg, std::string* error) {
    *error = "no timing key for " + std::string(alg.name);
    return std::unique_ptr<ScriptedEngine>();
  };
  Prepared p = PrepareWith(broken, Operation::kVerify, "ECDSA-P256");
  EXPECT_EQ(p.op, nullptr);
  EXPECT_EQ(p.failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(p.error, "no timing key for ECDSA-P256");
  EXPECT_EQ(SignatureRoundTripWith<ScriptedEngine>(broken, Alg("ECDSA-P256")),
            "timing key: no timing key for ECDSA-P256");
}

TEST(SignatureAdapterTest, AnOperationThatIsNeitherSignNorVerifyIsRefused) {
  Prepared p = PrepareWith(MakeScripted({}), Operation::kDerive);
  EXPECT_EQ(p.op, nullptr);
  EXPECT_EQ(p.failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(p.error, "Ed25519 has no derive operation");
}

TEST(SignatureAdapterTest, TheCorruptionSeamFailsBothChecksAndTheRoundTrip) {
  ScopedCorruptOutputs corrupt(true);
  for (Operation op : {Operation::kSign, Operation::kVerify}) {
    Prepared p = PrepareWith(MakeScripted({}), op);
    EXPECT_EQ(p.op, nullptr) << OperationName(op);
    EXPECT_EQ(p.failure, PrepareFailure::kCheckFailed) << OperationName(op) << ": " << p.error;
  }
  EXPECT_EQ(SignatureRoundTripWith<ScriptedEngine>(MakeScripted({}), Alg("Ed25519")),
            "timing-key round trip: verify rejected a fresh signature (scripted_verify rejected "
            "the signature)");
}

TEST(SignatureAdapterTest, TheRoundTripPassesAndCatchesAVerifyThatAcceptsAnything) {
  EXPECT_EQ(SignatureRoundTripWith<ScriptedEngine>(MakeScripted({}), Alg("Ed25519")), "");
  EXPECT_EQ(SignatureRoundTripWith<ScriptedEngine>(MakeScripted({.verify_accepts = true}),
                                                   Alg("Ed25519")),
            "timing-key round trip: a signature with one bit flipped verified");
  EXPECT_EQ(
      SignatureRoundTripWith<ScriptedEngine>(MakeScripted({.sign_fails = true}), Alg("Ed25519")),
      "timing-key round trip: scripted_sign failed");
}

// An engine with the static factory BindSignature takes (Engine::Make).
class BoundEngine : public ScriptedEngine {
 public:
  BoundEngine() : ScriptedEngine({}) {}
  static std::unique_ptr<BoundEngine> Make(const AlgorithmInfo&, std::string*) {
    return std::make_unique<BoundEngine>();
  }
};

bool OnlyEd25519(const AlgorithmInfo& alg) { return alg.name == "Ed25519"; }

std::string VerifyNothing(const AlgorithmInfo&, const KatVector&, bool, bool*) { return "v"; }

// BindSignature's predicate: the round trip of an entry it does not cover is not offered; the
// one of an entry it covers runs. OneShots() carries the given Verify and Sign.
TEST(SignatureAdapterTest, BindSignatureOffersTheRoundTripOnlyForBoundEntries) {
  const SignatureEntries bound = BindSignature<BoundEngine, &OnlyEd25519, &VerifyNothing>();
  EXPECT_EQ(bound.sign_round_trip(Alg("Ed25519")), "");
  EXPECT_EQ(bound.sign_round_trip(Alg("ECDSA-P256")), kNotOffered);
  EXPECT_EQ(BindSignature<BoundEngine>().sign_round_trip(Alg("ECDSA-P256")), "");
  const OneShotFunctions one_shot = bound.OneShots();
  EXPECT_EQ(one_shot.verify, &VerifyNothing);
  EXPECT_EQ(one_shot.sign, nullptr);
  EXPECT_EQ(one_shot.sign_round_trip, bound.sign_round_trip);
  EXPECT_EQ(one_shot.hash, nullptr);
}

// A timed verify whose engine rejects the signature fails Run() with the engine's words.
TEST(SignatureAdapterTest, ATimedVerifyThatRejectsFailsItsRun) {
  auto engine = std::make_unique<ScriptedEngine>(Script{.verify_rejects = true});
  AlignedBuffer tbs(kPublicKeyInputLen);
  FillPattern(tbs.span(), kSignInputSeed);
  const Bytes signature = ToySignature(tbs.span());
  TimedSignature<ScriptedEngine> timed(std::move(engine), false, tbs, signature);
  EXPECT_FALSE(timed.Run(3));
  EXPECT_EQ(timed.error(), "scripted_verify rejected the signature");
}

TEST(SignatureAdapterTest, AThrowingLibraryIsOneLineFromItsGuard) {
  auto make = [](const AlgorithmInfo&, std::string*) { return std::make_unique<ThrowingEngine>(); };
  Prepared p = PrepareWith<ThrowingEngine>(make, Operation::kSign);
  EXPECT_EQ(p.op, nullptr);
  EXPECT_EQ(p.failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(p.error, "Throwing: sign refused");
  EXPECT_EQ(SignatureRoundTripWith<ThrowingEngine>(make, Alg("Ed25519")), "Throwing: sign refused");
}

TEST(SignatureAdapterTest, KatSignedInputTampersWithTheFirstByteOrAddsOne) {
  KatVector vector;
  vector.input = "8000ff";
  EXPECT_EQ(KatSignedInput(vector, false), (Bytes{0x80, 0x00, 0xff}));
  EXPECT_EQ(KatSignedInput(vector, true), (Bytes{0x81, 0x00, 0xff}));
  vector.input = "";
  EXPECT_EQ(KatSignedInput(vector, false), Bytes());
  EXPECT_EQ(KatSignedInput(vector, true), Bytes{0x00});
}

// The KAT verify of a throwing library: not offered outside the binding; the decoded key,
// (tampered) input and signature reach the library's check; an exception is one line.
TEST(SignatureAdapterTest, ThrowingKatVerifyDecodesGuardsAndSaysNotOffered) {
  KatVector vector;
  vector.public_key = "01";
  vector.input = "8000";
  vector.output = "02";
  bool valid = false;
  const auto verifies = [](const Bytes& key, const Bytes& tbs, const Bytes& signature) {
    return key == Bytes{0x01} && tbs == Bytes{0x80, 0x00} && signature == Bytes{0x02};
  };
  EXPECT_EQ(ThrowingKatVerify(false, "Lib", vector, false, &valid, verifies), kNotOffered);
  ASSERT_EQ(ThrowingKatVerify(true, "Lib", vector, false, &valid, verifies), "");
  EXPECT_TRUE(valid);
  ASSERT_EQ(ThrowingKatVerify(true, "Lib", vector, true, &valid, verifies), "");
  EXPECT_FALSE(valid) << "the tampered input is 81 00";
  const auto throws = [](const Bytes&, const Bytes&, const Bytes&) -> bool {
    throw std::runtime_error("bad key");
  };
  EXPECT_EQ(ThrowingKatVerify(true, "Lib", vector, false, &valid, throws), "Lib verify: bad key");
}

// The libcrypto backends' KAT digest (evp_signature.h): a precomputed digest names its hash by
// its length, a message takes the curve's partner.
TEST(KatVectorDigestNameTest, NamesTheHashByDigestLengthOrCurve) {
  const AlgorithmInfo& p256 = *FindAlgorithm("ECDSA-P256");
  const AlgorithmInfo& p384 = *FindAlgorithm("ECDSA-P384");
  KatVector digest;
  digest.input_is_digest = true;
  EXPECT_STREQ(KatVectorDigestName(p256, digest, 20), "SHA1");
  EXPECT_STREQ(KatVectorDigestName(p256, digest, 28), "SHA224");
  EXPECT_STREQ(KatVectorDigestName(p384, digest, 32), "SHA256");
  EXPECT_STREQ(KatVectorDigestName(p256, digest, 48), "SHA384");
  EXPECT_STREQ(KatVectorDigestName(p256, digest, 64), "SHA512");
  EXPECT_EQ(KatVectorDigestName(p256, digest, 33), nullptr);
  const KatVector message;
  EXPECT_STREQ(KatVectorDigestName(p256, message, 48), "SHA256");
  EXPECT_STREQ(KatVectorDigestName(p384, message, 32), "SHA384");
  EXPECT_STREQ(KatVectorDigestName(*FindAlgorithm("RSA-2048"), message, 32), "SHA256");
}

}  // namespace
}  // namespace cryptobench::backends
