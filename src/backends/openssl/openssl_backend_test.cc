// Tests of the OpenSSL backend against the system's libcrypto (OpenSSL 3.x on Debian 12).
#include "backends/openssl/openssl_backend.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "algorithms/kat.h"
#include "backends/common/backend_test_support.h"
#include "core/errors.h"
#include "core/hex.h"

namespace cryptobench::backends {
namespace {

Backend& SystemBackend() {
  static std::unique_ptr<Backend> backend = OpenOpensslBackend(kDefaultLibcrypto);
  return *backend;
}

std::string UsageErrorMessage(const std::string& path) {
  return backend_testing::UsageErrorOf(&OpenOpensslBackend, path);
}

TEST(OpensslBackendLoadTest, UnloadablePathNamesThePath) {
  backend_testing::ExpectCannotLoad(UsageErrorMessage("/nonexistent/libcrypto.so"),
                                    "/nonexistent/libcrypto.so");
}

TEST(OpensslBackendLoadTest, NonLibcryptoNamesTheMissingSymbol) {
  const std::string message = UsageErrorMessage("libm.so.6");
  EXPECT_EQ(message, "libm.so.6 is not a usable libcrypto: missing symbol OpenSSL_version");
}

TEST(OpensslBackendIdentityTest, DescribesTheSystemLibrary) {
  const results::LibraryInfo info = SystemBackend().Identity();
  EXPECT_EQ(info.backend, "openssl");
  EXPECT_EQ(info.requested_path, kDefaultLibcrypto);
  EXPECT_EQ(info.version.rfind("OpenSSL 3", 0), 0u) << info.version;
  EXPECT_GE(info.version_num, 0x30000000u);
  ASSERT_FALSE(info.loaded_path.empty());
  EXPECT_EQ(info.loaded_path[0], '/');
  EXPECT_EQ(access(info.loaded_path.c_str(), R_OK), 0) << info.loaded_path;
  EXPECT_NE(info.loaded_path.find("libcrypto"), std::string::npos) << info.loaded_path;
  EXPECT_EQ(info.cflags.rfind("compiler:", 0), 0u) << info.cflags;
  EXPECT_EQ(info.cpu_info.rfind("CPUINFO:", 0), 0u) << info.cpu_info;
  EXPECT_FALSE(info.capability_vector.empty());
  EXPECT_NE(info.cpu_info.find(info.capability_vector), std::string::npos);
  EXPECT_TRUE(info.worker_env.empty());
}

// The KATs, Prepare() at 16 and 1024 bytes (public-key operations at their fixed input) and the
// corrupted-output checks of every algorithm OpenSSL offers are the registry's conformance suite
// (backends/backend_conformance_test.cc). What it does not check is here: that OpenSSL offers
// every algorithm that has an OpenSSL name (the suite skips what a backend lacks), and a large
// input.

TEST(OpensslBackendTest, OffersEveryAlgorithmWithAnOpensslName) {
  for (const AlgorithmInfo& alg : Catalog()) {
    EXPECT_EQ(SystemBackend().Supports(alg), !alg.openssl_name.empty()) << alg.name;
  }
}

// Input size of the large-input test, in bytes: the largest of `openssl speed`'s default sizes.
constexpr size_t kLargeInputLen = 16384;

class OpensslLargeInputTest : public testing::TestWithParam<std::string> {
 protected:
  const AlgorithmInfo& alg() const { return *FindAlgorithm(GetParam()); }
  void TearDown() override { SystemBackend().SetCorruptOutputsForTesting(false); }
};

// Every operation prepares and runs on a kLargeInputLen-byte input, and its check catches a
// corrupted output there too.
TEST_P(OpensslLargeInputTest, PreparesRunsAndCatchesCorruption) {
  for (Operation op : backend_testing::AllOperations(alg())) {
    SCOPED_TRACE(std::string(OperationName(op)) + " at " + std::to_string(kLargeInputLen) +
                 " bytes");
    PrepareFailure failure = PrepareFailure::kLibraryError;
    std::string error;
    auto prepared = SystemBackend().Prepare(alg(), op, kLargeInputLen, &failure, &error);
    ASSERT_NE(prepared, nullptr) << error;
    EXPECT_EQ(failure, PrepareFailure::kNone);
    EXPECT_TRUE(prepared->Run(10)) << prepared->error();
    EXPECT_TRUE(prepared->error().empty());

    SystemBackend().SetCorruptOutputsForTesting(true);
    EXPECT_EQ(SystemBackend().Prepare(alg(), op, kLargeInputLen, &failure, &error), nullptr);
    EXPECT_EQ(failure, PrepareFailure::kCheckFailed) << error;
    EXPECT_FALSE(error.empty());
    SystemBackend().SetCorruptOutputsForTesting(false);
  }
}

// Every symmetric catalogue algorithm OpenSSL has (an empty openssl_name marks one it lacks).
std::vector<std::string> SymmetricOpensslNames() {
  std::vector<std::string> names;
  for (const AlgorithmInfo& alg : Catalog()) {
    if (!alg.openssl_name.empty() && IsSymmetric(alg.kind)) {
      names.emplace_back(alg.name);
    }
  }
  return names;
}

INSTANTIATE_TEST_SUITE_P(Catalog, OpensslLargeInputTest, testing::ValuesIn(SymmetricOpensslNames()),
                         [](const testing::TestParamInfo<std::string>& param_info) {
                           std::string name;
                           for (char c : param_info.param) {
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           }
                           return name;
                         });

TEST(OpensslBackendTest, KatFailureNamesTheVectorSource) {
  Backend& backend = SystemBackend();
  backend.SetCorruptOutputsForTesting(true);
  const results::KatResult cbc = backend.RunKat(*FindAlgorithm("AES-128-CBC"));
  const results::KatResult sha = backend.RunKat(*FindAlgorithm("SHA-256"));
  backend.SetCorruptOutputsForTesting(false);
  EXPECT_EQ(cbc.status, "failed");
  EXPECT_NE(cbc.detail.find("SP 800-38A"), std::string::npos) << cbc.detail;
  EXPECT_NE(cbc.detail.find("ciphertext: got "), std::string::npos) << cbc.detail;
  EXPECT_EQ(sha.status, "failed");
  EXPECT_NE(sha.detail.find("digest: got "), std::string::npos) << sha.detail;
}

TEST(OpensslBackendTest, AlgorithmsOpensslLacksAreUnsupportedNotErrors) {
  const AlgorithmInfo& xchacha = *FindAlgorithm("XChaCha20-Poly1305");
  ASSERT_TRUE(xchacha.openssl_name.empty());
  EXPECT_FALSE(SystemBackend().Supports(xchacha));
  // The one-shot target answers with one line, not a crash or an exception.
  Bytes ciphertext;
  Bytes tag;
  const std::string error = SystemBackend().OneShot()->Seal(xchacha, Bytes(32, 1), Bytes(24, 2), {},
                                                            Bytes(16, 3), 16, &ciphertext, &tag);
  EXPECT_FALSE(error.empty());
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  // Prepare() refuses it as LibraryBackend refuses what a library does not offer, by name.
  PrepareFailure failure = PrepareFailure::kNone;
  std::string prepare_error;
  EXPECT_EQ(SystemBackend().Prepare(xchacha, Operation::kEncrypt, 16, &failure, &prepare_error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(prepare_error, "OpenSSL has no XChaCha20-Poly1305");
}

TEST(OpensslBackendTest, OneShotMatchesThePublishedDigestAndSignature) {
  KatTarget* target = SystemBackend().OneShot();
  ASSERT_NE(target, nullptr);
  // FIPS 180-4 example: SHA-256("abc").
  Bytes digest;
  ASSERT_EQ(target->Hash(*FindAlgorithm("SHA-256"), {'a', 'b', 'c'}, &digest), "");
  EXPECT_EQ(HexEncode(digest), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  // ECDSA signatures come back as fixed-width r||s that verify under the vector's public key.
  const AlgorithmInfo& p256 = *FindAlgorithm("ECDSA-P256");
  const KatVector& vector = KatVectorsFor(p256.name)[0];
  Bytes signature;
  ASSERT_EQ(target->Sign(p256, vector, &signature), "");
  ASSERT_EQ(signature.size(), 64u);
  const std::string signature_hex = HexEncode(signature);
  KatVector ours = vector;
  ours.output = signature_hex;
  bool valid = false;
  ASSERT_EQ(target->Verify(p256, ours, false, &valid), "");
  EXPECT_TRUE(valid);
  ASSERT_EQ(target->Verify(p256, ours, true, &valid), "");
  EXPECT_FALSE(valid);
}

TEST(OpensslBackendTest, RejectsPartialBlocksAndForeignOperations) {
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(SystemBackend().Prepare(*FindAlgorithm("AES-128-CBC"), Operation::kEncrypt, 100,
                                    &failure, &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_NE(error.find("16-byte blocks"), std::string::npos) << error;
  EXPECT_EQ(
      SystemBackend().Prepare(*FindAlgorithm("SHA-256"), Operation::kSign, 64, &failure, &error),
      nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  // A stream mode takes any length.
  EXPECT_NE(SystemBackend().Prepare(*FindAlgorithm("AES-128-CTR"), Operation::kEncrypt, 100,
                                    &failure, &error),
            nullptr)
      << error;
}

}  // namespace
}  // namespace cryptobench::backends
