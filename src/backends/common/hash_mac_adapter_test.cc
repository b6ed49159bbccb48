// Tests of the hash and MAC adapter (hash_mac_adapter.h) with scripted engines: the timed loop,
// the one-shots, the check against the reference (and the corruption seam), and the error
// mapping every library bound to it relies on.
#include "backends/common/hash_mac_adapter.h"

#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/common/adapter_test_support.h"

namespace cryptobench::backends {
namespace {

// What a ScriptedEngine does.
struct Script {
  size_t output_len = 32;
  bool fail_on_second = false;  // Compute() fails from the second message on
};

// A keyed "digest": output byte i is key[0] + len + i + the sum of the message's bytes, so a
// wrong message, length or key shows.
uint8_t Sum(std::span<const uint8_t> key, const uint8_t* in, size_t len) {
  uint8_t sum = key.empty() ? 0 : key[0];
  sum = static_cast<uint8_t>(sum + len);
  for (size_t i = 0; i < len; ++i) {
    sum = static_cast<uint8_t>(sum + in[i]);
  }
  return sum;
}

class ScriptedEngine {
 public:
  ScriptedEngine(Script script, std::span<const uint8_t> key)
      : script_(script), key_(key.begin(), key.end()) {}

  size_t output_len() const { return script_.output_len; }

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error) {
    if (script_.fail_on_second && ++calls_ > 1) {
      *error = "scripted_final failed";
      return false;
    }
    const uint8_t sum = Sum(key_, in, len);
    for (size_t i = 0; i < script_.output_len; ++i) {
      out[i] = static_cast<uint8_t>(sum + i);
    }
    return true;
  }

 private:
  Script script_;
  Bytes key_;
  int calls_ = 0;
};

// An engine whose library throws; Guarded() maps that to one line.
class ThrowingEngine : public adapter_testing::ThrowingGuard {
 public:
  size_t output_len() const { return 32; }

  bool Compute(const uint8_t*, size_t, uint8_t*, std::string*) {
    throw std::runtime_error("update refused");
  }
};

// An engine that reports the length it wrote (OpenSSL-style), here `produced` of its 64 bytes
// of room; the bytes are ScriptedEngine's.
class LengthReportingEngine {
 public:
  explicit LengthReportingEngine(size_t produced)
      : inner_({.output_len = 64}, {}), produced_(produced) {}

  size_t output_len() const { return 64; }
  size_t produced_len() const { return last_; }

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error) {
    last_ = produced_;
    return inner_.Compute(in, len, out, error);
  }

 private:
  ScriptedEngine inner_;
  size_t produced_;
  size_t last_ = 0;
};

auto MakeScripted(Script script) {
  return [script](const AlgorithmInfo&, std::span<const uint8_t> key, std::string*) {
    return std::make_unique<ScriptedEngine>(script, key);
  };
}

// The reference a correct library computes: the same sum over the whole message.
auto Reference(size_t output_len) {
  return [output_len](const Bytes& key, const Bytes& message, Bytes* out) {
    const uint8_t sum = Sum(key, NonNullData(message), message.size());
    out->resize(output_len);
    for (size_t i = 0; i < output_len; ++i) {
      (*out)[i] = static_cast<uint8_t>(sum + i);
    }
    return std::string();
  };
}

using adapter_testing::Alg;

TEST(HashMacAdapterTest, PreparesATimedOperationWhoseOutputMatchesTheReference) {
  for (const char* name : {"SHA-256", "HMAC-SHA256"}) {
    PrepareFailure failure = PrepareFailure::kNone;
    std::string error;
    auto prepared = PrepareHashMacWith<ScriptedEngine>(MakeScripted({}), Reference(32), Alg(name),
                                                       16, &failure, &error);
    ASSERT_NE(prepared, nullptr) << name << ": " << error;
    EXPECT_EQ(failure, PrepareFailure::kNone);
    EXPECT_TRUE(prepared->Run(5));
  }
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  auto mac =
      PrepareMacWith<ScriptedEngine>(MakeScripted({}), Alg("HMAC-SHA256"), 64, &failure, &error);
  ASSERT_NE(mac, nullptr) << error;
  EXPECT_TRUE(mac->Run(5));
}

TEST(HashMacAdapterTest, MacsAreKeyedWithTheKeyPatternAndHashesAreNot) {
  Bytes seen_key = {0xee};
  auto make = [&](const AlgorithmInfo&, std::span<const uint8_t> key, std::string*) {
    seen_key.assign(key.begin(), key.end());
    return std::make_unique<ScriptedEngine>(Script{}, key);
  };
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  const AlgorithmInfo& hmac = Alg("HMAC-SHA256");
  ASSERT_NE(PrepareHashMacWith<ScriptedEngine>(make, Reference(32), hmac, 16, &failure, &error),
            nullptr)
      << error;
  EXPECT_EQ(seen_key, PatternBytes(hmac.key_len, kKeySeed));
  ASSERT_NE(
      PrepareHashMacWith<ScriptedEngine>(make, Reference(32), Alg("SHA-256"), 16, &failure, &error),
      nullptr)
      << error;
  EXPECT_TRUE(seen_key.empty());
}

TEST(HashMacAdapterTest, CorruptionSeamMakesTheCheckFail) {
  ScopedCorruptOutputs corrupt(true);
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(PrepareHashMacWith<ScriptedEngine>(MakeScripted({}), Reference(32), Alg("SHA-256"), 16,
                                               &failure, &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kCheckFailed);
  EXPECT_EQ(error.rfind("SHA-256 at 16 bytes: digest differs at byte 0", 0), 0u) << error;
  EXPECT_EQ(PrepareHashMacWith<ScriptedEngine>(MakeScripted({}), Reference(32), Alg("HMAC-SHA256"),
                                               64, &failure, &error),
            nullptr);
  EXPECT_EQ(error.rfind("HMAC-SHA256 at 64 bytes: tag differs at byte 0", 0), 0u) << error;
}

TEST(HashMacAdapterTest, AWrongReferenceOrLengthFailsTheCheck) {
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  // The reference of another message length.
  auto off_by_one = [](const Bytes& key, const Bytes& message, Bytes* out) {
    Bytes longer = message;
    longer.push_back(0);
    return Reference(32)(key, longer, out);
  };
  EXPECT_EQ(PrepareHashMacWith<ScriptedEngine>(MakeScripted({}), off_by_one, Alg("SHA-256"), 16,
                                               &failure, &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kCheckFailed);
  EXPECT_EQ(error.rfind("SHA-256 at 16 bytes: digest differs", 0), 0u) << error;
  // Output and reference agree, but neither has the catalogue's length.
  EXPECT_EQ(PrepareHashMacWith<ScriptedEngine>(MakeScripted({.output_len = 31}), Reference(31),
                                               Alg("SHA-256"), 16, &failure, &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kCheckFailed);
  EXPECT_EQ(error, "SHA-256 at 16 bytes: output is 31 bytes, expected 32");
}

TEST(HashMacAdapterTest, EnginesReportingTheirLengthAreCheckedOnThatLength) {
  auto make = [](size_t produced) {
    return [produced](const AlgorithmInfo&, std::span<const uint8_t>, std::string*) {
      return std::make_unique<LengthReportingEngine>(produced);
    };
  };
  const AlgorithmInfo& sha256 = Alg("SHA-256");
  Bytes out;
  ASSERT_EQ(HashMacOneShot<LengthReportingEngine>(make(32), sha256, {}, Bytes{1}, &out), "");
  Bytes expected;
  ASSERT_EQ(Reference(32)(Bytes(), Bytes{1}, &expected), "");
  EXPECT_EQ(out, expected);
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_NE(PrepareHashMacWith<LengthReportingEngine>(make(32), Reference(32), sha256, 16, &failure,
                                                      &error),
            nullptr)
      << error;
  EXPECT_EQ(PrepareHashMacWith<LengthReportingEngine>(make(31), Reference(31), sha256, 16, &failure,
                                                      &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kCheckFailed);
  EXPECT_EQ(error, "SHA-256 at 16 bytes: output is 31 bytes, expected 32");
}

TEST(HashMacAdapterTest, TheCheckNamesAWrongLengthAsTheCallerSays) {
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  const Bytes out(31, 7);
  EXPECT_FALSE(CheckHashMacOutput(Alg("SHA-256"), 16, out, out, &failure, &error, "digest"));
  EXPECT_EQ(failure, PrepareFailure::kCheckFailed);
  EXPECT_EQ(error, "SHA-256 at 16 bytes: digest is 31 bytes, expected 32");
  EXPECT_TRUE(CheckHashMacOutput(Alg("SHA-256"), 16, Bytes(32, 7), Bytes(32, 7), &failure, &error,
                                 "digest"));
}

TEST(HashMacAdapterTest, AnOperationTheKindLacksIsNamed) {
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(PrepareNoSuchOperation(Alg("SHA-256"), Operation::kSign, &failure, &error), nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(error, "SHA-256 has no sign operation");
}

TEST(HashMacAdapterTest, AnOperationTheLibraryLacksNamesTheLibrary) {
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(PrepareOffersNo("Nettle", Alg("SHA-256"), Operation::kMac, &failure, &error), nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(error, "Nettle offers no mac for SHA-256");
}

TEST(HashMacAdapterTest, LibraryFailuresAreLibraryErrors) {
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  auto refuse = [](const AlgorithmInfo&, std::span<const uint8_t>, std::string* text) {
    *text = "scripted_init failed";
    return std::unique_ptr<ScriptedEngine>();
  };
  EXPECT_EQ(PrepareHashMacWith<ScriptedEngine>(refuse, Reference(32), Alg("SHA-256"), 16, &failure,
                                               &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(error, "scripted_init failed");
  // The second of the two prepare runs fails: a context that does not restart is caught.
  EXPECT_EQ(PrepareHashMacWith<ScriptedEngine>(MakeScripted({.fail_on_second = true}),
                                               Reference(32), Alg("SHA-256"), 16, &failure, &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(error, "scripted_final failed");
  auto reference_fails = [](const Bytes&, const Bytes&, Bytes*) {
    return std::string("scripted_reference failed");
  };
  EXPECT_EQ(PrepareHashMacWith<ScriptedEngine>(MakeScripted({}), reference_fails, Alg("SHA-256"),
                                               16, &failure, &error),
            nullptr);
  EXPECT_EQ(error, "scripted_reference failed");
}

TEST(HashMacAdapterTest, GuardedEnginesTurnExceptionsIntoErrors) {
  auto make = [](const AlgorithmInfo&, std::span<const uint8_t>, std::string*) {
    return std::make_unique<ThrowingEngine>();
  };
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(
      PrepareHashMacWith<ThrowingEngine>(make, Reference(32), Alg("SHA-256"), 16, &failure, &error),
      nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(error, "Throwing: update refused");
  Bytes out;
  EXPECT_EQ(HashMacOneShot<ThrowingEngine>(make, Alg("SHA-256"), {}, Bytes{1, 2}, &out),
            "Throwing: update refused");
  TimedHashMac<ThrowingEngine> timed(std::make_unique<ThrowingEngine>(), AlignedBuffer(16));
  EXPECT_FALSE(timed.Run(1));
  EXPECT_EQ(timed.error(), "Throwing: update refused");
}

TEST(HashMacAdapterTest, OneShotAndMacReferenceUseAFreshEngine) {
  const AlgorithmInfo& hmac = Alg("HMAC-SHA256");
  const Bytes key = {7, 8};
  const Bytes message = {1, 2, 3};
  Bytes out;
  ASSERT_EQ(HashMacOneShot<ScriptedEngine>(MakeScripted({}), hmac, key, message, &out), "");
  Bytes expected;
  ASSERT_EQ(Reference(32)(key, message, &expected), "");
  EXPECT_EQ(out, expected);
  Bytes via_reference;
  ASSERT_EQ(MacReference<ScriptedEngine>(MakeScripted({}), hmac)(key, message, &via_reference), "");
  EXPECT_EQ(via_reference, expected);
  // A one-shot of an empty message passes a non-null pointer and gets a full output.
  ASSERT_EQ(HashMacOneShot<ScriptedEngine>(MakeScripted({}), hmac, key, Bytes(), &out), "");
  EXPECT_EQ(out.size(), 32u);
}

// Plain-function factories and references for BindHashMac: the engine's output length is
// alg.tag_len, as the prepare step's length check wants.
std::unique_ptr<ScriptedEngine> MakeScriptedFor(const AlgorithmInfo& alg,
                                                std::span<const uint8_t> key, std::string*) {
  return std::make_unique<ScriptedEngine>(Script{.output_len = alg.tag_len}, key);
}

std::string SameDigest(const AlgorithmInfo& alg, const Bytes& message, Bytes* out) {
  out->resize(alg.tag_len);
  const uint8_t sum = Sum({}, message.data(), message.size());
  for (size_t i = 0; i < out->size(); ++i) {
    (*out)[i] = static_cast<uint8_t>(sum + i);
  }
  return "";
}

std::string OtherDigest(const AlgorithmInfo& alg, const Bytes& message, Bytes* out) {
  SameDigest(alg, message, out);
  (*out)[0] ^= 0x80;
  return "";
}

// BindHashMac: the one-shots, both prepare steps, the hash checked against the reference, and
// each prepare step refusing the other's operation.
TEST(HashMacAdapterTest, BindHashMacGivesOneShotsAndPrepareSteps) {
  const HashMacEntries entries =
      BindHashMac<ScriptedEngine, &MakeScriptedFor, &MakeScriptedFor, &SameDigest>();
  const AlgorithmInfo& sha = adapter_testing::Alg("SHA-256");
  const AlgorithmInfo& hmac = adapter_testing::Alg("HMAC-SHA256");
  Bytes digest;
  Bytes expected;
  ASSERT_EQ(entries.hash(sha, {1, 2, 3}, &digest), "");
  SameDigest(sha, {1, 2, 3}, &expected);
  EXPECT_EQ(digest, expected);
  EXPECT_EQ(entries.OneShots().hash, entries.hash);
  EXPECT_EQ(entries.OneShots().mac, entries.mac);
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_NE(entries.prepare_hash(sha, Operation::kHash, 64, &failure, &error), nullptr) << error;
  EXPECT_NE(entries.prepare_mac(hmac, Operation::kMac, 64, &failure, &error), nullptr) << error;
  EXPECT_EQ(entries.prepare_hash(sha, Operation::kMac, 64, &failure, &error), nullptr);
  EXPECT_EQ(error, "SHA-256 has no mac operation");
  EXPECT_EQ(entries.prepare_mac(hmac, Operation::kHash, 64, &failure, &error), nullptr);
  EXPECT_EQ(error, "HMAC-SHA256 has no hash operation");
  const HashMacEntries wrong =
      BindHashMac<ScriptedEngine, &MakeScriptedFor, &MakeScriptedFor, &OtherDigest>();
  EXPECT_EQ(wrong.prepare_hash(sha, Operation::kHash, 64, &failure, &error), nullptr);
  EXPECT_EQ(failure, PrepareFailure::kCheckFailed) << error;
}

std::unique_ptr<PreparedOperation> LibraryNoSuchOperation(const AlgorithmInfo& alg, Operation,
                                                          PrepareFailure* failure,
                                                          std::string* error) {
  return PrepareFailed(PrepareFailure::kLibraryError, std::string(alg.name) + ": not here", failure,
                       error);
}

// BindHash and BindMac give only their own entries (the others null) and refuse the other
// operation with the library's NoSuchOperation when one is given.
TEST(HashMacAdapterTest, BindHashAndBindMacGiveTheirOwnEntries) {
  const HashMacEntries hash =
      BindHash<ScriptedEngine, &MakeScriptedFor, &SameDigest, &LibraryNoSuchOperation>();
  const HashMacEntries mac = BindMac<ScriptedEngine, &MakeScriptedFor, &LibraryNoSuchOperation>();
  EXPECT_NE(hash.hash, nullptr);
  EXPECT_NE(hash.prepare_hash, nullptr);
  EXPECT_EQ(hash.mac, nullptr);
  EXPECT_EQ(hash.prepare_mac, nullptr);
  EXPECT_EQ(mac.hash, nullptr);
  EXPECT_EQ(mac.prepare_hash, nullptr);
  EXPECT_NE(mac.mac, nullptr);
  EXPECT_NE(mac.prepare_mac, nullptr);
  const AlgorithmInfo& sha = adapter_testing::Alg("SHA-256");
  const AlgorithmInfo& hmac = adapter_testing::Alg("HMAC-SHA256");
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_NE(hash.prepare_hash(sha, Operation::kHash, 16, &failure, &error), nullptr) << error;
  EXPECT_NE(mac.prepare_mac(hmac, Operation::kMac, 16, &failure, &error), nullptr) << error;
  EXPECT_EQ(hash.prepare_hash(sha, Operation::kMac, 16, &failure, &error), nullptr);
  EXPECT_EQ(error, "SHA-256: not here");
  EXPECT_EQ(mac.prepare_mac(hmac, Operation::kHash, 16, &failure, &error), nullptr);
  EXPECT_EQ(error, "HMAC-SHA256: not here");
  Bytes tag;
  ASSERT_EQ(mac.mac(hmac, {7, 8}, {1, 2, 3}, &tag), "");
  EXPECT_EQ(tag.size(), hmac.tag_len);
}

// PrepareHashOrMacWith checks a hash against the hash reference and a MAC against the MAC
// reference, never the other.
TEST(HashMacAdapterTest, HashOrMacChecksEachKindAgainstItsOwnReference) {
  const AlgorithmInfo& sha = Alg("SHA-256");
  const AlgorithmInfo& hmac = Alg("HMAC-SHA256");
  auto right_mac = [](const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                      Bytes* out) {
    return HashMacOneShot<ScriptedEngine>(&MakeScriptedFor, alg, key, message, out);
  };
  auto wrong_mac = [&](const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                       Bytes* out) {
    right_mac(alg, key, message, out);
    (*out)[0] ^= 0x80;
    return std::string();
  };
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_NE(PrepareHashOrMacWith<ScriptedEngine>(&MakeScriptedFor, &SameDigest, right_mac, sha, 64,
                                                 &failure, &error),
            nullptr)
      << error;
  EXPECT_NE(PrepareHashOrMacWith<ScriptedEngine>(&MakeScriptedFor, &OtherDigest, right_mac, hmac,
                                                 64, &failure, &error),
            nullptr)
      << error;
  EXPECT_EQ(PrepareHashOrMacWith<ScriptedEngine>(&MakeScriptedFor, &OtherDigest, right_mac, sha, 64,
                                                 &failure, &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kCheckFailed) << error;
  failure = PrepareFailure::kNone;
  EXPECT_EQ(PrepareHashOrMacWith<ScriptedEngine>(&MakeScriptedFor, &SameDigest, wrong_mac, hmac, 64,
                                                 &failure, &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kCheckFailed) << error;
}

}  // namespace
}  // namespace cryptobench::backends
