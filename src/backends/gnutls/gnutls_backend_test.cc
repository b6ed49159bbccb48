// Tests of the GnuTLS backend against the system's GnuTLS (3.7 on Debian 12).
#include "backends/gnutls/gnutls_backend.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "algorithms/kat.h"
#include "backends/registry.h"
#include "core/hex.h"

namespace cryptobench::backends {
namespace {

Backend& GnutlsBackend() {
  static std::unique_ptr<Backend> backend = OpenGnutlsBackend("");
  return *backend;
}

// What GnuTLS's public crypto API offers of the catalogue (gnutls/gnutls.h, gnutls/crypto.h).
const std::set<std::string>& ExpectedSupported() {
  static const std::set<std::string> names = {
      "AES-128-CBC", "AES-192-CBC",  "AES-256-CBC",       "AES-128-XTS",
      "AES-256-XTS", "DES-EDE3-CBC", "ChaCha20",          "AES-128-GCM",
      "AES-256-GCM", "AES-128-CCM",  "ChaCha20-Poly1305", "MD5",
      "SHA-1",       "SHA-224",      "SHA-256",           "SHA-384",
      "SHA-512",     "SHA3-256",     "HMAC-SHA256",       "CMAC-AES-128",
      "RSA-2048",    "RSA-3072",     "RSA-4096",          "ECDSA-P256",
      "ECDSA-P384",  "Ed25519"};
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

TEST(GnutlsBackendTest, IdentityNamesTheRunTimeLibrary) {
  const results::LibraryInfo info = GnutlsBackend().Identity();
  EXPECT_EQ(info.backend, "gnutls");
  EXPECT_EQ(info.version.rfind("3.", 0), 0u) << info.version;
  EXPECT_EQ(info.version_num >> 16, 3u);
  ASSERT_FALSE(info.loaded_path.empty());
  EXPECT_NE(info.loaded_path.find("libgnutls"), std::string::npos) << info.loaded_path;
  EXPECT_EQ(access(info.loaded_path.c_str(), R_OK), 0) << info.loaded_path;
  EXPECT_TRUE(info.requested_path.empty());
}

TEST(GnutlsBackendTest, RegistryOpensItAndNamesItsMask) {
  const BackendDescriptor* descriptor = FindBackend("gnutls");
  ASSERT_NE(descriptor, nullptr);
  EXPECT_FALSE(descriptor->takes_library_path);
  EXPECT_EQ(descriptor->mask_variable, "GNUTLS_CPUID_OVERRIDE");
  EXPECT_FALSE(descriptor->mask_note.empty());
  auto backend = descriptor->open("");
  ASSERT_NE(backend, nullptr);
  EXPECT_EQ(backend->Identity().backend, "gnutls");
}

TEST(GnutlsBackendTest, SupportsExactlyWhatItsApiOffers) {
  for (const AlgorithmInfo& alg : Catalog()) {
    EXPECT_EQ(GnutlsBackend().Supports(alg), ExpectedSupported().count(std::string(alg.name)) > 0)
        << alg.name;
  }
  // Not in GnuTLS's public API: a failed Prepare says so instead of timing something else.
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(GnutlsBackend().Prepare(*FindAlgorithm("AES-128-CTR"), Operation::kEncrypt, 64,
                                    &failure, &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_NE(error.find("AES-128-CTR"), std::string::npos) << error;
  EXPECT_EQ(GnutlsBackend().RunKat(*FindAlgorithm("X25519")).status, "failed");
}

TEST(GnutlsBackendTest, ReproducibleEcdsaMatchesRfc6979) {
  // The RFC 6979 A.2.5 vector's published (r, s) come from deterministic k; GnuTLS's
  // GNUTLS_PRIVKEY_FLAG_REPRODUCIBLE implements the same derivation.
  const AlgorithmInfo& alg = *FindAlgorithm("ECDSA-P256");
  const KatVector& vector = KatVectorsFor(alg.name)[0];
  Bytes signature;
  ASSERT_EQ(GnutlsBackend().OneShot()->Sign(alg, vector, &signature), "");
  EXPECT_EQ(HexEncode(signature), vector.output);
}

class GnutlsAlgorithmTest : public testing::TestWithParam<std::string> {
 protected:
  const AlgorithmInfo& alg() const { return *FindAlgorithm(GetParam()); }
  void TearDown() override { GnutlsBackend().SetCorruptOutputsForTesting(false); }
};

TEST_P(GnutlsAlgorithmTest, PassesKat) {
  const results::KatResult kat = GnutlsBackend().RunKat(alg());
  EXPECT_EQ(kat.status, "passed") << kat.detail;
  EXPECT_FALSE(kat.source.empty());
}

TEST_P(GnutlsAlgorithmTest, PreparesAndRunsEveryOperation) {
  const std::vector<size_t> sizes =
      IsSymmetric(alg().kind) ? std::vector<size_t>{16, 1024} : std::vector<size_t>{32};
  for (Operation op : AllOperations(alg())) {
    for (size_t len : sizes) {
      SCOPED_TRACE(std::string(OperationName(op)) + " at " + std::to_string(len) + " bytes");
      PrepareFailure failure = PrepareFailure::kLibraryError;
      std::string error;
      auto prepared = GnutlsBackend().Prepare(alg(), op, len, &failure, &error);
      ASSERT_NE(prepared, nullptr) << error;
      EXPECT_EQ(failure, PrepareFailure::kNone);
      EXPECT_TRUE(prepared->Run(5)) << prepared->error();
    }
  }
}

TEST_P(GnutlsAlgorithmTest, CorruptedOutputsFailKatAndChecks) {
  GnutlsBackend().SetCorruptOutputsForTesting(true);
  const results::KatResult kat = GnutlsBackend().RunKat(alg());
  EXPECT_EQ(kat.status, "failed");
  EXPECT_FALSE(kat.detail.empty());
  for (Operation op : AllOperations(alg())) {
    SCOPED_TRACE(std::string(OperationName(op)));
    PrepareFailure failure = PrepareFailure::kNone;
    std::string error;
    EXPECT_EQ(GnutlsBackend().Prepare(alg(), op, 64, &failure, &error), nullptr);
    EXPECT_EQ(failure, PrepareFailure::kCheckFailed) << error;
  }
}

INSTANTIATE_TEST_SUITE_P(Supported, GnutlsAlgorithmTest,
                         testing::ValuesIn(ExpectedSupported().begin(), ExpectedSupported().end()),
                         [](const testing::TestParamInfo<std::string>& param_info) {
                           std::string name;
                           for (char c : param_info.param) {
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace cryptobench::backends
