// Tests of the Nettle backend against the system's Nettle (3.8 on Debian 12).
#include "backends/nettle/nettle_backend.h"

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

Backend& NettleBackend() {
  static std::unique_ptr<Backend> backend = OpenNettleBackend("");
  return *backend;
}

// What Nettle 3.8 and Hogweed offer of the catalogue: everything but BLAKE2b, SM4-CBC and
// XChaCha20-Poly1305 (not in Nettle 3.8) and Poly1305 (public only as Poly1305-AES).
const std::set<std::string>& ExpectedSupported() {
  static const std::set<std::string> names = [] {
    std::set<std::string> all;
    for (const AlgorithmInfo& alg : Catalog()) {
      all.emplace(alg.name);
    }
    all.erase("BLAKE2b-512");
    all.erase("Poly1305");
    all.erase("SM4-CBC");             // not in Nettle 3.8
    all.erase("XChaCha20-Poly1305");  // not in Nettle 3.8
    return all;
  }();
  return names;
}

TEST(NettleBackendTest, IdentityNamesTheRunTimeLibrary) {
  const results::LibraryInfo info = NettleBackend().Identity();
  EXPECT_EQ(info.version.rfind("3.", 0), 0u) << info.version;
  EXPECT_EQ(info.version_num >> 16, 3u);
  ASSERT_FALSE(info.loaded_path.empty());
  EXPECT_NE(info.loaded_path.find("libnettle"), std::string::npos) << info.loaded_path;
}

TEST(NettleBackendTest, RegistryNamesItsMask) {
  const BackendDescriptor* descriptor = FindBackend("nettle");
  ASSERT_NE(descriptor, nullptr);
  EXPECT_FALSE(descriptor->takes_library_path);
  EXPECT_EQ(descriptor->mask_variable, "NETTLE_FAT_OVERRIDE");
}

TEST(NettleBackendTest, SupportsExactlyWhatItsApiOffers) {
  for (const AlgorithmInfo& alg : Catalog()) {
    EXPECT_EQ(NettleBackend().Supports(alg), ExpectedSupported().count(std::string(alg.name)) > 0)
        << alg.name;
  }
  // Not offered: a failed Prepare says so instead of timing something else.
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(
      NettleBackend().Prepare(*FindAlgorithm("Poly1305"), Operation::kMac, 64, &failure, &error),
      nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_NE(error.find("Poly1305"), std::string::npos) << error;
}

TEST(NettleBackendTest, Ed25519SignsTheRfc8032Vectors) {
  const AlgorithmInfo& alg = *FindAlgorithm("Ed25519");
  for (const KatVector& vector : KatVectorsFor(alg.name)) {
    Bytes signature;
    ASSERT_EQ(NettleBackend().OneShot()->Sign(alg, vector, &signature), "") << vector.source;
    EXPECT_EQ(HexEncode(signature), vector.output) << vector.source;
  }
}

TEST(NettleBackendTest, RejectsPartialBlocks) {
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(NettleBackend().Prepare(*FindAlgorithm("AES-128-CBC"), Operation::kEncrypt, 100,
                                    &failure, &error),
            nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_NE(error.find("16-byte blocks"), std::string::npos) << error;
  // A stream mode takes any length.
  EXPECT_NE(NettleBackend().Prepare(*FindAlgorithm("AES-128-CTR"), Operation::kEncrypt, 100,
                                    &failure, &error),
            nullptr)
      << error;
}

}  // namespace
}  // namespace cryptobench::backends
