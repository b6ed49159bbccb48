// Tests of the Mbed TLS backend against the system's libmbedcrypto (2.28 on Debian 12).
#include "backends/mbedtls/mbedtls_backend.h"

#include <unistd.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/registry.h"

namespace cryptobench::backends {
namespace {

Backend& Mbedtls() {
  static std::unique_ptr<Backend> backend = OpenMbedtlsBackend("");
  return *backend;
}

// What Debian's Mbed TLS 2.28 offers through the APIs this backend uses.
const std::vector<std::string> kSupported = {
    "AES-128-CBC", "AES-192-CBC", "AES-256-CBC",  "AES-128-CTR", "AES-256-CTR",
    "AES-128-ECB", "AES-256-ECB", "AES-128-XTS",  "AES-256-XTS", "DES-EDE3-CBC",
    "ChaCha20",    "AES-128-GCM", "AES-256-GCM",  "AES-128-CCM", "ChaCha20-Poly1305",
    "MD5",         "SHA-1",       "SHA-224",      "SHA-256",     "SHA-384",
    "SHA-512",     "HMAC-SHA256", "CMAC-AES-128", "Poly1305",    "RSA-2048",
    "RSA-3072",    "RSA-4096",    "ECDSA-P256",   "ECDSA-P384",  "X25519",
    "ECDH-P256"};

std::vector<size_t> SizesFor(const AlgorithmInfo& alg) {
  if (IsSymmetric(alg.kind)) {
    return {16, 1024};
  }
  return {kPublicKeyInputLen};
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

TEST(MbedtlsBackendTest, RegisteredAsLinkedBackendWithoutMask) {
  const BackendDescriptor* descriptor = FindBackend("mbedtls");
  ASSERT_NE(descriptor, nullptr);
  EXPECT_FALSE(descriptor->takes_library_path);
  EXPECT_TRUE(descriptor->mask_variable.empty());
  EXPECT_NE(descriptor->mask_note.find("no switch"), std::string_view::npos);
  EXPECT_NE(descriptor->description.find("Mbed TLS 2."), std::string_view::npos);
  ASSERT_NE(descriptor->open, nullptr);
  EXPECT_EQ(descriptor->open("")->Identity().backend, "mbedtls");
}

TEST(MbedtlsBackendTest, IdentityNamesTheRunTimeVersionAndLibrary) {
  const results::LibraryInfo info = Mbedtls().Identity();
  EXPECT_EQ(info.backend, "mbedtls");
  EXPECT_EQ(info.version.rfind("mbed TLS 2.", 0), 0u) << info.version;
  EXPECT_GE(info.version_num, 0x02000000u);
  EXPECT_LT(info.version_num, 0x03000000u);
  EXPECT_TRUE(info.requested_path.empty());
  ASSERT_FALSE(info.loaded_path.empty());
  EXPECT_EQ(info.loaded_path[0], '/');
  EXPECT_NE(info.loaded_path.find("libmbedcrypto"), std::string::npos) << info.loaded_path;
  EXPECT_EQ(access(info.loaded_path.c_str(), R_OK), 0) << info.loaded_path;
}

TEST(MbedtlsBackendTest, SupportsExactlyWhatTheLibraryOffers) {
  for (const AlgorithmInfo& alg : Catalog()) {
    const bool expected =
        std::find(kSupported.begin(), kSupported.end(), alg.name) != kSupported.end();
    EXPECT_EQ(Mbedtls().Supports(alg), expected) << alg.name;
  }
  // Mbed TLS 2.x lacks these.
  for (const char* name : {"SHA3-256", "BLAKE2b-512", "Ed25519"}) {
    EXPECT_FALSE(Mbedtls().Supports(*FindAlgorithm(name))) << name;
  }
}

TEST(MbedtlsBackendTest, ImplementationSaysAesNiOrSoftwareForAesOnly) {
  const std::string aes = Mbedtls().Implementation(*FindAlgorithm("AES-128-CBC"));
  EXPECT_TRUE(aes == "aesni" || aes == "software") << aes;
  const std::string gcm = Mbedtls().Implementation(*FindAlgorithm("AES-128-GCM"));
  EXPECT_EQ(gcm.rfind(aes, 0), 0u) << gcm;
  EXPECT_EQ(Mbedtls().Implementation(*FindAlgorithm("CMAC-AES-128")), aes);
  EXPECT_EQ(Mbedtls().Implementation(*FindAlgorithm("SHA-256")), "");
  EXPECT_EQ(Mbedtls().Implementation(*FindAlgorithm("ChaCha20-Poly1305")), "");
}

TEST(MbedtlsBackendTest, OneShotIsOffered) { EXPECT_NE(Mbedtls().OneShot(), nullptr); }

TEST(MbedtlsBackendTest, WrongOperationIsALibraryError) {
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(Mbedtls().Prepare(*FindAlgorithm("SHA-256"), Operation::kEncrypt, 64, &failure, &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_FALSE(error.empty());
  EXPECT_EQ(
      Mbedtls().Prepare(*FindAlgorithm("AES-128-CBC"), Operation::kEncrypt, 17, &failure, &error),
      nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_NE(error.find("whole 16-byte blocks"), std::string::npos) << error;
  EXPECT_EQ(
      Mbedtls().Prepare(*FindAlgorithm("AES-128-CTR"), Operation::kEncrypt, 0, &failure, &error),
      nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_EQ(error, "input size 0 is out of range");
}

class MbedtlsAlgorithmTest : public testing::TestWithParam<std::string> {
 protected:
  const AlgorithmInfo& alg() const { return *FindAlgorithm(GetParam()); }
  void TearDown() override { Mbedtls().SetCorruptOutputsForTesting(false); }
};

TEST_P(MbedtlsAlgorithmTest, PassesKat) {
  const results::KatResult kat = Mbedtls().RunKat(alg());
  EXPECT_EQ(kat.status, "passed") << kat.detail;
  EXPECT_FALSE(kat.source.empty());
}

TEST_P(MbedtlsAlgorithmTest, PreparesAndRunsEveryOperation) {
  for (Operation op : AllOperations(alg())) {
    for (size_t len : SizesFor(alg())) {
      SCOPED_TRACE(std::string(OperationName(op)) + " at " + std::to_string(len) + " bytes");
      PrepareFailure failure = PrepareFailure::kLibraryError;
      std::string error;
      auto prepared = Mbedtls().Prepare(alg(), op, len, &failure, &error);
      ASSERT_NE(prepared, nullptr) << error;
      EXPECT_EQ(failure, PrepareFailure::kNone);
      EXPECT_TRUE(prepared->Run(3)) << prepared->error();
      EXPECT_TRUE(prepared->error().empty());
    }
  }
}

TEST_P(MbedtlsAlgorithmTest, CorruptedOutputsFailKatAndChecks) {
  Mbedtls().SetCorruptOutputsForTesting(true);
  const results::KatResult kat = Mbedtls().RunKat(alg());
  EXPECT_EQ(kat.status, "failed");
  EXPECT_FALSE(kat.detail.empty());
  for (Operation op : AllOperations(alg())) {
    SCOPED_TRACE(std::string(OperationName(op)));
    PrepareFailure failure = PrepareFailure::kNone;
    std::string error;
    auto prepared = Mbedtls().Prepare(alg(), op, 64, &failure, &error);
    EXPECT_EQ(prepared, nullptr);
    EXPECT_EQ(failure, PrepareFailure::kCheckFailed) << error;
    EXPECT_FALSE(error.empty());
  }
}

INSTANTIATE_TEST_SUITE_P(Supported, MbedtlsAlgorithmTest, testing::ValuesIn(kSupported),
                         [](const testing::TestParamInfo<std::string>& param_info) {
                           std::string name = param_info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace cryptobench::backends
