// Tests of the libsodium backend against the system's libsodium (1.0.18 on Debian 12).
#include "backends/sodium/sodium_backend.h"

#include <sodium.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/registry.h"

namespace cryptobench::backends {
namespace {

Backend& Sodium() {
  static std::unique_ptr<Backend> backend = OpenSodiumBackend("");
  return *backend;
}

// What libsodium offers from the catalogue; AES-256-GCM only on CPUs with AES-NI and PCLMULQDQ.
std::set<std::string> ExpectedAlgorithms() {
  std::set<std::string> expected = {
      "ChaCha20",    "ChaCha20-Poly1305", "XChaCha20-Poly1305", "SHA-256", "SHA-512",
      "BLAKE2b-512", "HMAC-SHA256",       "Poly1305",           "Ed25519", "X25519"};
  if (sodium_init() >= 0 && crypto_aead_aes256gcm_is_available() != 0) {
    expected.insert("AES-256-GCM");
  }
  return expected;
}

std::vector<std::string> SupportedNames() {
  std::vector<std::string> names;
  for (const std::string& name : ExpectedAlgorithms()) {
    names.push_back(name);
  }
  return names;
}

std::vector<Operation> AllOperations(const AlgorithmInfo& alg) {
  std::vector<Operation> ops = TimedOperations(alg, false);
  for (Operation op : TimedOperations(alg, true)) {
    if (std::find(ops.begin(), ops.end(), op) == ops.end()) {
      ops.push_back(op);
    }
  }
  return ops;
}

TEST(SodiumBackendTest, RegistryOpensIt) {
  const BackendDescriptor* descriptor = FindBackend("sodium");
  ASSERT_NE(descriptor, nullptr);
  EXPECT_FALSE(descriptor->takes_library_path);
  EXPECT_TRUE(descriptor->mask_variable.empty());
  EXPECT_NE(descriptor->mask_note.find("no variable"), std::string_view::npos);
  std::unique_ptr<Backend> backend = descriptor->open("");
  ASSERT_NE(backend, nullptr);
  EXPECT_EQ(backend->Identity().backend, "sodium");
}

TEST(SodiumBackendTest, IdentityNamesTheRunTimeLibrary) {
  const results::LibraryInfo info = Sodium().Identity();
  EXPECT_EQ(info.backend, "sodium");
  EXPECT_EQ(info.version, sodium_version_string());
  EXPECT_NE(info.loaded_path.find("libsodium"), std::string::npos) << info.loaded_path;
  EXPECT_EQ(info.loaded_path.rfind('/', 0), 0u) << info.loaded_path;
  EXPECT_TRUE(info.requested_path.empty());
  EXPECT_EQ(info.cpu_info.rfind("sodium_runtime_has: ", 0), 0u) << info.cpu_info;
  EXPECT_EQ(info.cpu_info.find("aesni") != std::string::npos, sodium_runtime_has_aesni() != 0);
}

TEST(SodiumBackendTest, SupportsExactlyWhatLibsodiumHas) {
  std::set<std::string> supported;
  for (const AlgorithmInfo& alg : Catalog()) {
    if (Sodium().Supports(alg)) {
      supported.insert(std::string(alg.name));
    }
  }
  EXPECT_EQ(supported, ExpectedAlgorithms());
  EXPECT_FALSE(Sodium().Supports(*FindAlgorithm("AES-128-GCM")));
  EXPECT_FALSE(Sodium().Supports(*FindAlgorithm("RSA-2048")));
  EXPECT_FALSE(Sodium().Supports(*FindAlgorithm("SHA3-256")));
  // The one-shot target declines what libsodium lacks instead of failing.
  Bytes digest;
  EXPECT_EQ(Sodium().OneShot()->Hash(*FindAlgorithm("SHA3-256"), {1, 2, 3}, &digest), kNotOffered);
  Bytes out;
  EXPECT_EQ(Sodium().OneShot()->Cipher(*FindAlgorithm("AES-128-CBC"), false, Bytes(16), Bytes(16),
                                       Bytes(16), &out),
            kNotOffered);
}

TEST(SodiumBackendTest, Aes256GcmUnavailabilityIsExplained) {
  const std::string reason = Sodium().UnsupportedReason(*FindAlgorithm("AES-256-GCM"));
  if (crypto_aead_aes256gcm_is_available() != 0) {
    EXPECT_TRUE(reason.empty()) << reason;
  } else {
    EXPECT_NE(reason.find("AES-NI"), std::string::npos) << reason;
  }
  EXPECT_TRUE(Sodium().UnsupportedReason(*FindAlgorithm("SHA-256")).empty());
}

TEST(SodiumBackendTest, ChaCha20RefusesACounterThatWouldWrap) {
  // Counter 0xffffffff with two blocks of input: OpenSSL would carry into the nonce.
  Bytes iv(16, 0);
  std::fill(iv.begin(), iv.begin() + 4, 0xff);
  Bytes out;
  const std::string error = Sodium().OneShot()->Cipher(*FindAlgorithm("ChaCha20"), false,
                                                       Bytes(32, 7), iv, Bytes(65, 1), &out);
  EXPECT_NE(error.find("wrap"), std::string::npos) << error;
  EXPECT_EQ(Sodium().OneShot()->Cipher(*FindAlgorithm("ChaCha20"), false, Bytes(32, 7), iv,
                                       Bytes(64, 1), &out),
            "");
}

TEST(SodiumBackendTest, RejectsForeignOperationsAndMissingAlgorithms) {
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(Sodium().Prepare(*FindAlgorithm("SHA-256"), Operation::kSign, 64, &failure, &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_NE(error.find("no sign operation"), std::string::npos) << error;
  EXPECT_EQ(
      Sodium().Prepare(*FindAlgorithm("AES-128-CBC"), Operation::kEncrypt, 64, &failure, &error),
      nullptr);
  EXPECT_NE(error.find("does not provide"), std::string::npos) << error;
}

class SodiumAlgorithmTest : public testing::TestWithParam<std::string> {
 protected:
  const AlgorithmInfo& alg() const { return *FindAlgorithm(GetParam()); }
  void TearDown() override { Sodium().SetCorruptOutputsForTesting(false); }
};

TEST_P(SodiumAlgorithmTest, PassesEveryKatVector) {
  ASSERT_TRUE(Sodium().Supports(alg()));
  const results::KatResult kat = Sodium().RunKat(alg());
  EXPECT_EQ(kat.status, "passed") << kat.detail;
  EXPECT_FALSE(kat.source.empty());
}

TEST_P(SodiumAlgorithmTest, PreparesAndRunsEveryOperation) {
  const std::vector<size_t> sizes =
      IsSymmetric(alg().kind) ? std::vector<size_t>{16, 1024} : std::vector<size_t>{32};
  for (Operation op : AllOperations(alg())) {
    for (size_t len : sizes) {
      SCOPED_TRACE(std::string(OperationName(op)) + " at " + std::to_string(len) + " bytes");
      PrepareFailure failure = PrepareFailure::kLibraryError;
      std::string error;
      auto prepared = Sodium().Prepare(alg(), op, len, &failure, &error);
      ASSERT_NE(prepared, nullptr) << error;
      EXPECT_EQ(failure, PrepareFailure::kNone);
      EXPECT_TRUE(prepared->Run(10)) << prepared->error();
    }
  }
}

TEST_P(SodiumAlgorithmTest, CorruptedOutputsFailKatAndChecks) {
  Sodium().SetCorruptOutputsForTesting(true);
  const results::KatResult kat = Sodium().RunKat(alg());
  EXPECT_EQ(kat.status, "failed");
  EXPECT_FALSE(kat.detail.empty());
  for (Operation op : AllOperations(alg())) {
    SCOPED_TRACE(std::string(OperationName(op)));
    PrepareFailure failure = PrepareFailure::kNone;
    std::string error;
    EXPECT_EQ(Sodium().Prepare(alg(), op, 64, &failure, &error), nullptr);
    EXPECT_EQ(failure, PrepareFailure::kCheckFailed) << error;
    EXPECT_FALSE(error.empty());
  }
}

INSTANTIATE_TEST_SUITE_P(Supported, SodiumAlgorithmTest, testing::ValuesIn(SupportedNames()),
                         [](const testing::TestParamInfo<std::string>& param_info) {
                           std::string name;
                           for (char c : param_info.param) {
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace cryptobench::backends
