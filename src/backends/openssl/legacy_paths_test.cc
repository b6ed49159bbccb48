// Drives the OpenSSL 1.1.1 code paths (get_*byname, HMAC_*/CMAC_*, EVP_PKEY_CTX_ctrl for RSA
// padding and signature digest) on the system's 3.x library, by clearing the table entries that
// only 3.x has. 3.x still exports the 1.1.1 API, so every algorithm but Poly1305 (EVP_MAC only)
// must keep working.
#include <string>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/openssl/backend_factory.h"
#include "backends/openssl/libcrypto.h"
#include "backends/openssl/openssl_backend.h"

namespace cryptobench::backends::openssl {
namespace {

Backend& LegacyBackend() {
  static std::unique_ptr<Backend> backend = [] {
    auto table = std::make_shared<Libcrypto>(*LoadLibcrypto(kDefaultLibcrypto));
    table->EVP_CIPHER_fetch = nullptr;
    table->EVP_CIPHER_free = nullptr;
    table->EVP_MD_fetch = nullptr;
    table->EVP_MD_free = nullptr;
    table->EVP_MAC_fetch = nullptr;
    table->EVP_MAC_free = nullptr;
    table->EVP_MAC_CTX_new = nullptr;
    table->EVP_MAC_CTX_free = nullptr;
    table->EVP_MAC_init = nullptr;
    table->EVP_MAC_update = nullptr;
    table->EVP_MAC_final = nullptr;
    table->EVP_PKEY_CTX_set_signature_md = nullptr;
    table->EVP_PKEY_CTX_set_rsa_padding = nullptr;
    return MakeOpensslBackend(table);
  }();
  return *backend;
}

TEST(OpensslLegacyPathsTest, EveryAlgorithmButPoly1305WorksWithoutThe3xFunctions) {
  for (const AlgorithmInfo& alg : Catalog()) {
    SCOPED_TRACE(std::string(alg.name));
    if (alg.name == "Poly1305" || alg.openssl_name.empty()) {
      EXPECT_FALSE(LegacyBackend().Supports(alg));
      continue;
    }
    ASSERT_TRUE(LegacyBackend().Supports(alg));
    const results::KatResult kat = LegacyBackend().RunKat(alg);
    EXPECT_EQ(kat.status, "passed") << kat.detail;
    for (Operation op : TimedOperations(alg, alg.kind == AlgorithmKind::kAead)) {
      PrepareFailure failure = PrepareFailure::kNone;
      std::string error;
      auto prepared = LegacyBackend().Prepare(alg, op, 256, &failure, &error);
      ASSERT_NE(prepared, nullptr) << OperationName(op) << ": " << error;
      EXPECT_TRUE(prepared->Run(3)) << prepared->error();
    }
  }
}

// An entry the library lacks is explained (the completeness test accepts that instead of a
// declared absence); a supported one, or one declared absent, has no reason.
TEST(OpensslLegacyPathsTest, UnsupportedReasonExplainsWhatTheLibraryLacks) {
  const std::string poly1305 = LegacyBackend().UnsupportedReason(*FindAlgorithm("Poly1305"));
  EXPECT_NE(poly1305.find("Poly1305 needs EVP_MAC"), std::string::npos) << poly1305;
  EXPECT_EQ(LegacyBackend().UnsupportedReason(*FindAlgorithm("AES-128-GCM")), "");
  EXPECT_EQ(LegacyBackend().UnsupportedReason(*FindAlgorithm("XChaCha20-Poly1305")), "");
}

}  // namespace
}  // namespace cryptobench::backends::openssl
