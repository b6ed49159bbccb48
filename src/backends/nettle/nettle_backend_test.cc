// Tests of the Nettle backend against the system's Nettle (3.8 on Debian 12).
#include "backends/nettle/nettle_backend.h"

#include <string>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "algorithms/kat.h"
#include "backends/common/backend_test_support.h"
#include "backends/registry.h"
#include "core/hex.h"

namespace cryptobench::backends {
namespace {

Backend& NettleBackend() {
  static std::unique_ptr<Backend> backend = OpenNettleBackend("");
  return *backend;
}

using backend_testing::PrepareOf;
using backend_testing::PrepareOutcome;

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

// What Nettle 3.8 and Hogweed offer of the catalogue: everything but BLAKE2b, SM4-CBC and
// XChaCha20-Poly1305 (not in Nettle 3.8) and Poly1305 (public only as Poly1305-AES).
TEST(NettleBackendTest, SupportsExactlyWhatItsApiOffers) {
  backend_testing::ExpectSupportsExactly(
      NettleBackend(), backend_testing::CatalogueExcept(
                           {"BLAKE2b-512", "Poly1305", "SM4-CBC", "XChaCha20-Poly1305"}));
  // Not offered: a failed Prepare says so instead of timing something else.
  const PrepareOutcome poly1305 = PrepareOf(NettleBackend(), "Poly1305", Operation::kMac, 64);
  EXPECT_EQ(poly1305.op, nullptr);
  EXPECT_EQ(poly1305.failure, PrepareFailure::kLibraryError);
  EXPECT_NE(poly1305.error.find("Poly1305"), std::string::npos) << poly1305.error;
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
  const PrepareOutcome partial =
      PrepareOf(NettleBackend(), "AES-128-CBC", Operation::kEncrypt, 100);
  EXPECT_EQ(partial.op, nullptr);
  EXPECT_EQ(partial.failure, PrepareFailure::kLibraryError);
  EXPECT_NE(partial.error.find("16-byte blocks"), std::string::npos) << partial.error;
  // A stream mode takes any length.
  const PrepareOutcome stream = PrepareOf(NettleBackend(), "AES-128-CTR", Operation::kEncrypt, 100);
  EXPECT_NE(stream.op, nullptr) << stream.error;
}

}  // namespace
}  // namespace cryptobench::backends
