// Tests of the key-agreement adapter (key_agreement_adapter.h) with scripted sides: the timed
// derive loop, the check that the two sides agree (and the corruption seam), and the error
// mapping every library bound to it relies on.
#include "backends/common/key_agreement_adapter.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/common/adapter_test_support.h"

namespace cryptobench::backends {
namespace {

// What a ScriptedSide does.
struct Script {
  uint8_t value = 0x5a;       // every byte of the "secret" this side derives
  bool derive_fails = false;  // Derive() fails
};

class ScriptedSide {
 public:
  explicit ScriptedSide(Script script) : script_(script) {}

  size_t secret_len() const { return 32; }

  bool Derive(uint8_t* out, std::string* error) {
    ++derives;
    if (script_.derive_fails) {
      *error = "scripted_derive failed";
      return false;
    }
    std::fill(out, out + secret_len(), script_.value);
    return true;
  }

  int derives = 0;

 private:
  Script script_;
};

// A factory of two sides scripted as given.
auto Sides(Script ours, Script theirs) {
  return [ours, theirs](const AlgorithmInfo&, std::unique_ptr<ScriptedSide>* our_side,
                        std::unique_ptr<ScriptedSide>* their_side) {
    *our_side = std::make_unique<ScriptedSide>(ours);
    *their_side = std::make_unique<ScriptedSide>(theirs);
    return std::string();
  };
}

// A side whose library throws; Guarded() maps that to one line.
class ThrowingSide : public adapter_testing::ThrowingGuard {
 public:
  size_t secret_len() const { return 32; }
  bool Derive(uint8_t*, std::string*) { throw std::runtime_error("derive refused"); }
};

using adapter_testing::Alg;
using adapter_testing::Prepared;

template <typename Engine = ScriptedSide, typename Make>
Prepared PrepareWith(const Make& make, Operation op = Operation::kDerive) {
  Prepared p;
  p.op = PrepareKeyAgreementWith<Engine>(make, Alg("X25519"), op, &p.failure, &p.error);
  return p;
}

TEST(KeyAgreementAdapterTest, TwoSidesThatAgreePrepareATimedDeriveThatRuns) {
  Prepared p = PrepareWith(Sides({}, {}));
  ASSERT_NE(p.op, nullptr) << p.error;
  EXPECT_EQ(p.failure, PrepareFailure::kNone);
  EXPECT_TRUE(p.op->Run(5)) << p.op->error();
  auto* timed = dynamic_cast<TimedKeyAgreement<ScriptedSide>*>(p.op.get());
  ASSERT_NE(timed, nullptr);
  EXPECT_EQ(Bytes(timed->secret().begin(), timed->secret().end()), Bytes(32, 0x5a));
}

TEST(KeyAgreementAdapterTest, SidesThatDisagreeAreACheckFailure) {
  Prepared p = PrepareWith(Sides({.value = 0x5a}, {.value = 0x5b}));
  EXPECT_EQ(p.op, nullptr);
  EXPECT_EQ(p.failure, PrepareFailure::kCheckFailed);
  EXPECT_EQ(p.error.rfind("X25519 derive: the two sides disagree: shared secret differs", 0), 0u)
      << p.error;
}

TEST(KeyAgreementAdapterTest, TheCorruptionSeamMakesAgreeingSidesFail) {
  ScopedCorruptOutputs corrupt(true);
  Prepared p = PrepareWith(Sides({}, {}));
  EXPECT_EQ(p.op, nullptr);
  EXPECT_EQ(p.failure, PrepareFailure::kCheckFailed) << p.error;
}

TEST(KeyAgreementAdapterTest, AFailingDeriveOrFactoryIsALibraryErrorWithItsWords) {
  for (const auto& make : {Sides({.derive_fails = true}, {}), Sides({}, {.derive_fails = true})}) {
    Prepared p = PrepareWith(make);
    EXPECT_EQ(p.op, nullptr);
    EXPECT_EQ(p.failure, PrepareFailure::kLibraryError);
    EXPECT_EQ(p.error, "scripted_derive failed");
  }
  auto broken = [](const AlgorithmInfo&, std::unique_ptr<ScriptedSide>*,
                   std::unique_ptr<ScriptedSide>*) { return std::string("no timing key"); };
  Prepared p = PrepareWith(broken);
  EXPECT_EQ(p.op, nullptr);
  EXPECT_EQ(p.failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(p.error, "no timing key");
}

TEST(KeyAgreementAdapterTest, AnOperationOtherThanDeriveIsRefused) {
  Prepared p = PrepareWith(Sides({}, {}), Operation::kSign);
  EXPECT_EQ(p.op, nullptr);
  EXPECT_EQ(p.failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(p.error, "X25519 has no sign operation");
}

TEST(KeyAgreementAdapterTest, AThrowingLibraryIsOneLineFromItsGuard) {
  auto make = [](const AlgorithmInfo&, std::unique_ptr<ThrowingSide>* ours,
                 std::unique_ptr<ThrowingSide>* theirs) {
    *ours = std::make_unique<ThrowingSide>();
    *theirs = std::make_unique<ThrowingSide>();
    return std::string();
  };
  Prepared p = PrepareWith<ThrowingSide>(make);
  EXPECT_EQ(p.op, nullptr);
  EXPECT_EQ(p.failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(p.error, "Throwing: derive refused");
}

TEST(KeyAgreementAdapterTest, SidesLoadOnlyWhenTheFactorySucceeds) {
  EXPECT_TRUE(KeyAgreementSidesLoad<ScriptedSide>(Sides({}, {}), Alg("X25519")));
  auto broken = [](const AlgorithmInfo&, std::unique_ptr<ScriptedSide>*,
                   std::unique_ptr<ScriptedSide>*) { return std::string("no timing key"); };
  EXPECT_FALSE(KeyAgreementSidesLoad<ScriptedSide>(broken, Alg("X25519")));
}

TEST(KeyAgreementAdapterTest, ThePeerScalarIsBelowTheGroupOrderAndNotZero) {
  for (const char* name : {"X25519", "ECDH-P256"}) {
    const AlgorithmInfo& alg = Alg(name);
    const Bytes scalar = PeerPrivateScalar(alg);
    ASSERT_EQ(scalar.size(), alg.key_len) << name;
    EXPECT_EQ(scalar[0] & 0x80, 0) << name;
    EXPECT_EQ(scalar.back() & 0x01, 1) << name;
    Bytes pattern = PatternBytes(alg.key_len, kSecondKeySeed);
    EXPECT_EQ(Bytes(scalar.begin() + 1, scalar.end() - 1),
              Bytes(pattern.begin() + 1, pattern.end() - 1))
        << name;
  }
}

// The vector factory of the binding below: a side deriving the vector's first private-key byte
// everywhere, or a failing Derive() for a private key starting 0xff, or no side for an empty
// peer key.
std::unique_ptr<ScriptedSide> VectorSide(const AlgorithmInfo&, const Bytes& private_key,
                                         const Bytes& peer_public, std::string* error) {
  if (peer_public.empty()) {
    *error = "peer public key: empty";
    return nullptr;
  }
  return std::make_unique<ScriptedSide>(
      Script{.value = private_key.at(0), .derive_fails = private_key.at(0) == 0xff});
}
std::string AgreeingSides(const AlgorithmInfo& alg, std::unique_ptr<ScriptedSide>* ours,
                          std::unique_ptr<ScriptedSide>* theirs) {
  return Sides({}, {})(alg, ours, theirs);
}
bool OnlyX25519(const AlgorithmInfo& alg) { return alg.name == "X25519"; }

TEST(KeyAgreementAdapterTest, TheBindingDerivesAVectorWithItsFactoryAndPreparesWithTheOther) {
  const KeyAgreementEntries entries =
      BindKeyAgreement<ScriptedSide, &AgreeingSides, &VectorSide, &OnlyX25519>();
  ASSERT_EQ(entries.OneShots().derive, entries.derive);
  KatVector vector{};
  vector.private_key = "42";
  vector.public_key = "01";
  Bytes secret;
  EXPECT_EQ(entries.derive(Alg("X25519"), vector, &secret), "");
  EXPECT_EQ(secret, Bytes(32, 0x42));
  // Not bound: not offered, and the secret is left alone.
  EXPECT_EQ(entries.derive(Alg("ECDH-P256"), vector, &secret), kNotOffered);
  vector.private_key = "ff";
  EXPECT_EQ(entries.derive(Alg("X25519"), vector, &secret), "scripted_derive failed");
  vector.public_key = "";
  EXPECT_EQ(entries.derive(Alg("X25519"), vector, &secret), "peer public key: empty");
  EXPECT_EQ(secret, Bytes(32, 0x42));

  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  auto prepared = entries.prepare(Alg("X25519"), Operation::kDerive, &failure, &error);
  ASSERT_NE(prepared, nullptr) << error;
  EXPECT_TRUE(prepared->Run(2)) << prepared->error();
}

}  // namespace
}  // namespace cryptobench::backends
