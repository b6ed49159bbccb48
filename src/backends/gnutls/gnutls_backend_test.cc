// Tests of the GnuTLS backend against the system's GnuTLS (3.7 on Debian 12).
#include "backends/gnutls/gnutls_backend.h"

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

TEST(GnutlsBackendTest, IdentityNamesTheRunTimeLibrary) {
  const results::LibraryInfo info = GnutlsBackend().Identity();
  EXPECT_EQ(info.version.rfind("3.", 0), 0u) << info.version;
  EXPECT_EQ(info.version_num >> 16, 3u);
  ASSERT_FALSE(info.loaded_path.empty());
  EXPECT_NE(info.loaded_path.find("libgnutls"), std::string::npos) << info.loaded_path;
}

TEST(GnutlsBackendTest, RegistryNamesItsMask) {
  const BackendDescriptor* descriptor = FindBackend("gnutls");
  ASSERT_NE(descriptor, nullptr);
  EXPECT_FALSE(descriptor->takes_library_path);
  EXPECT_EQ(descriptor->mask_variable, "GNUTLS_CPUID_OVERRIDE");
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

}  // namespace
}  // namespace cryptobench::backends
