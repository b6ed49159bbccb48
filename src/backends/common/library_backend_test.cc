// Tests of LibraryBackend (library_backend.h) with a scripted backend: the support cache, the
// exception-to-failure mapping and the error texts every ported backend relies on.
#include "backends/common/library_backend.h"

#include <map>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/common/buffers.h"

namespace cryptobench::backends {
namespace {

class NoWork : public PreparedOperation {
 public:
  bool Run(uint64_t iterations) override { return iterations > 0; }
};

// What ScriptedBackend's hooks do, per algorithm name.
enum class Script { kOffered, kMissing, kThrows, kCheckFails, kSilentNull };

class ScriptedBackend : public LibraryBackend {
 public:
  explicit ScriptedBackend(std::map<std::string, Script> script)
      : LibraryBackend("Scripted offers no "), script_(std::move(script)) {}

  results::LibraryInfo Identity() const override { return {}; }
  KatTarget* OneShot() override { return &one_shot_; }

  int offers_calls = 0;
  int discards = 0;
  bool last_corrupt = false;

 protected:
  bool Offers(const AlgorithmInfo& alg) override {
    ++offers_calls;
    const Script script = ScriptOf(alg);
    if (script == Script::kThrows) {
      throw std::runtime_error("probe blew up");
    }
    return script != Script::kMissing;
  }

  std::unique_ptr<PreparedOperation> PrepareOffered(const AlgorithmInfo& alg, Operation op,
                                                    size_t input_len, PrepareFailure* failure,
                                                    std::string* error) override {
    (void)op;
    (void)input_len;
    last_corrupt = CorruptOutputsForTesting();
    switch (ScriptOf(alg)) {
      case Script::kCheckFails:
        return PrepareFailed(PrepareFailure::kCheckFailed, "decryption differs", failure, error);
      case Script::kSilentNull:
        return nullptr;
      case Script::kThrows:
      case Script::kMissing:
        throw std::runtime_error("no context");
      case Script::kOffered:
        break;
    }
    return std::make_unique<NoWork>();
  }

  void DiscardLibraryErrors() override { ++discards; }

 private:
  Script ScriptOf(const AlgorithmInfo& alg) const {
    const auto found = script_.find(std::string(alg.name));
    return found == script_.end() ? Script::kOffered : found->second;
  }

  std::map<std::string, Script> script_;
  KatTarget one_shot_;  // offers nothing: every KAT call says kNotOffered
};

const AlgorithmInfo& Alg(const char* name) { return *FindAlgorithm(name); }

TEST(KindChecksTest, DispatchesOnTheKindAndTreatsANullEntryAsNotOffered) {
  const KindChecks checks = {
      .cipher = [](const AlgorithmInfo& alg) { return alg.name == "AES-128-CBC"; },
      .hash = [](const AlgorithmInfo&) { return true; },
  };
  EXPECT_TRUE(checks(Alg("AES-128-CBC")));
  EXPECT_FALSE(checks(Alg("AES-256-CBC")));
  EXPECT_TRUE(checks(Alg("SHA-256")));
  EXPECT_FALSE(checks(Alg("AES-128-GCM")));  // no AEAD entry
  EXPECT_FALSE(checks(Alg("RSA-2048")));
}

TEST(LibraryBackendTest, SupportsAsksOnceAndReadsAnExceptionAsUnsupported) {
  ScriptedBackend backend({{"SHA-256", Script::kThrows}, {"MD5", Script::kMissing}});
  EXPECT_TRUE(backend.Supports(Alg("AES-128-CBC")));
  EXPECT_TRUE(backend.Supports(Alg("AES-128-CBC")));
  EXPECT_FALSE(backend.Supports(Alg("SHA-256")));
  EXPECT_FALSE(backend.Supports(Alg("SHA-256")));
  EXPECT_FALSE(backend.Supports(Alg("MD5")));
  EXPECT_EQ(backend.offers_calls, 3);
  EXPECT_EQ(backend.discards, 3);  // after each probe of the library, never for a cached answer
}

TEST(LibraryBackendTest, PrepareRefusesWhatIsNotOfferedWithoutCallingTheFamily) {
  ScriptedBackend backend({{"MD5", Script::kMissing}});
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(backend.Prepare(Alg("MD5"), Operation::kHash, 16, &failure, &error), nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(error, "Scripted offers no MD5");  // not "no context": PrepareOffered never ran
}

// Its families throw on every preparation.
class ThrowingBackend : public ScriptedBackend {
 public:
  ThrowingBackend() : ScriptedBackend({}) {}

 protected:
  std::unique_ptr<PreparedOperation> PrepareOffered(const AlgorithmInfo&, Operation, size_t,
                                                    PrepareFailure*, std::string*) override {
    throw std::runtime_error("bad key");
  }
};

TEST(LibraryBackendTest, PrepareTurnsAnExceptionIntoALibraryError) {
  ThrowingBackend backend;
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(backend.Prepare(Alg("AES-128-GCM"), Operation::kEncrypt, 16, &failure, &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(error, "preparing AES-128-GCM: bad key");
  EXPECT_EQ(backend.discards, 2);  // after the probe and after the failed preparation
}

TEST(LibraryBackendTest, PrepareKeepsACheckFailureAndNamesASilentNull) {
  ScriptedBackend backend({{"AES-128-CBC", Script::kCheckFails}, {"SHA-1", Script::kSilentNull}});
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(backend.Prepare(Alg("AES-128-CBC"), Operation::kEncrypt, 16, &failure, &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kCheckFailed);
  EXPECT_EQ(error, "decryption differs");
  EXPECT_EQ(backend.Prepare(Alg("SHA-1"), Operation::kHash, 16, &failure, &error), nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(error, "Scripted offers no SHA-1");
}

TEST(LibraryBackendTest, PrepareSucceedsLeavesTheErrorAloneAndPassesTheCorruptFlag) {
  ScriptedBackend backend({});
  PrepareFailure failure = PrepareFailure::kCheckFailed;
  std::string error = "untouched";
  auto prepared = backend.Prepare(Alg("SHA-256"), Operation::kHash, 16, &failure, &error);
  ASSERT_NE(prepared, nullptr);
  EXPECT_TRUE(prepared->Run(1));
  EXPECT_EQ(failure, PrepareFailure::kNone);
  EXPECT_EQ(error, "untouched");
  EXPECT_FALSE(backend.last_corrupt);
  backend.SetCorruptOutputsForTesting(true);
  EXPECT_NE(backend.Prepare(Alg("SHA-256"), Operation::kHash, 16, nullptr, nullptr), nullptr);
  EXPECT_TRUE(backend.last_corrupt);
  // Null failure and error pointers are allowed on failure too.
  ScriptedBackend missing({{"MD5", Script::kMissing}});
  EXPECT_EQ(missing.Prepare(Alg("MD5"), Operation::kHash, 16, nullptr, nullptr), nullptr);
}

TEST(LibraryBackendTest, RunKatUsesTheOneShotOperationsAndDiscardsErrors) {
  ScriptedBackend backend({});
  const int before = backend.discards;
  const results::KatResult kat = backend.RunKat(Alg("SHA-256"));
  // The one-shot target offers nothing, so the shared driver reports SHA-256 as failed.
  EXPECT_EQ(kat.status, "failed");
  EXPECT_NE(kat.detail.find(kNotOffered), std::string::npos) << kat.detail;
  EXPECT_EQ(backend.discards, before + 1);
}

// A backend served by tables alone: KindChecks and KindPreparers, no overrides.
std::unique_ptr<PreparedOperation> PrepareAnyHash(const AlgorithmInfo& alg, Operation op,
                                                  size_t input_len, PrepareFailure* failure,
                                                  std::string* error) {
  if (op != Operation::kHash || input_len != 64) {
    return PrepareFailed(PrepareFailure::kLibraryError, std::string(alg.name) + ": unexpected call",
                         failure, error);
  }
  return std::make_unique<NoWork>();
}

std::unique_ptr<PreparedOperation> PrepareAnySignature(const AlgorithmInfo&, Operation op,
                                                       PrepareFailure*, std::string*) {
  return op == Operation::kSign ? std::make_unique<NoWork>() : nullptr;
}

class TableBackend : public LibraryBackend {
 public:
  TableBackend()
      : LibraryBackend("Table offers no ",
                       {.cipher = [](const AlgorithmInfo&) { return true; },
                        .hash = [](const AlgorithmInfo&) { return true; },
                        .signature = [](const AlgorithmInfo&) { return true; }},
                       {.hash = &PrepareAnyHash, .signature = &PrepareAnySignature}) {}
  results::LibraryInfo Identity() const override { return {}; }
  KatTarget* OneShot() override { return nullptr; }
};

TEST(LibraryBackendTest, KindPreparersServeEachKindAndANullEntryIsNotOffered) {
  TableBackend backend;
  PrepareFailure failure = PrepareFailure::kCheckFailed;
  std::string error;
  EXPECT_NE(backend.Prepare(*FindAlgorithm("SHA-256"), Operation::kHash, 64, &failure, &error),
            nullptr)
      << error;
  EXPECT_NE(backend.Prepare(*FindAlgorithm("Ed25519"), Operation::kSign, 64, &failure, &error),
            nullptr)
      << error;
  // Offered by KindChecks, but the table has no cipher entry.
  EXPECT_EQ(
      backend.Prepare(*FindAlgorithm("AES-128-CBC"), Operation::kEncrypt, 64, &failure, &error),
      nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(error, "Table offers no AES-128-CBC");
}

// Two family files' parts merged into one LibraryBindings: each kind's entries come from the part
// that binds them, and Implementation() asks the query of the algorithm's kind, only for what
// Supports() accepts.
LibraryBindings CipherPart() {
  return {
      .checks = {.cipher = [](const AlgorithmInfo& alg) { return alg.name == "AES-128-CBC"; }},
      .implementations = {.cipher = [](const AlgorithmInfo&) { return std::string("aes cpu"); }},
      .preparers = {.cipher = [](const AlgorithmInfo&, Operation, size_t, PrepareFailure*,
                                 std::string*) -> std::unique_ptr<PreparedOperation> {
        return std::make_unique<NoWork>();
      }}};
}

LibraryBindings HashPart() {
  return {.checks = {.hash = [](const AlgorithmInfo&) { return true; }},
          .preparers = {.hash = &PrepareAnyHash},
          .one_shot = {.hash = [](const AlgorithmInfo&, const Bytes&, Bytes* digest) {
            *digest = {1, 2, 3};
            return std::string();
          }}};
}

class MergedBackend : public LibraryBackend {
 public:
  MergedBackend()
      : LibraryBackend("Merged offers no ", MergeBindings({CipherPart(), HashPart()})) {}
  results::LibraryInfo Identity() const override { return {}; }
};

TEST(LibraryBackendTest, MergedBindingsServeEveryKindTheirPartsBind) {
  MergedBackend backend;
  EXPECT_TRUE(backend.Supports(Alg("AES-128-CBC")));
  EXPECT_FALSE(backend.Supports(Alg("AES-256-CBC")));
  EXPECT_TRUE(backend.Supports(Alg("SHA-256")));
  EXPECT_FALSE(backend.Supports(Alg("AES-128-GCM")));  // no part binds AEADs
  EXPECT_EQ(backend.Implementation(Alg("AES-128-CBC")), "aes cpu");
  EXPECT_EQ(backend.Implementation(Alg("AES-256-CBC")), "") << "not supported: not asked";
  EXPECT_EQ(backend.Implementation(Alg("SHA-256")), "") << "no hash query";
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_NE(backend.Prepare(Alg("AES-128-CBC"), Operation::kEncrypt, 16, &failure, &error), nullptr)
      << error;
  EXPECT_NE(backend.Prepare(Alg("SHA-256"), Operation::kHash, 64, &failure, &error), nullptr)
      << error;
  Bytes digest;
  EXPECT_EQ(backend.OneShot()->Hash(Alg("SHA-256"), {}, &digest), "");
  EXPECT_EQ(digest, (Bytes{1, 2, 3}));
  Bytes out;
  EXPECT_EQ(backend.OneShot()->Cipher(Alg("AES-128-CBC"), false, {}, {}, {}, &out), kNotOffered);
}

TEST(LibraryBackendTest, MergeBindingsKeepsTheFirstPartsEntry) {
  const LibraryBindings merged = MergeBindings(
      {{.checks = {.hash = [](const AlgorithmInfo&) { return false; }}},
       {.checks = {.hash = [](const AlgorithmInfo&) { return true; }},
        .implementations = {.hash = [](const AlgorithmInfo&) { return std::string("second"); }}}});
  EXPECT_FALSE(merged.checks(Alg("SHA-256")));
  EXPECT_EQ(merged.implementations(Alg("SHA-256")), "second");
  EXPECT_EQ(merged.implementations(Alg("AES-128-CBC")), "");
}

}  // namespace
}  // namespace cryptobench::backends
