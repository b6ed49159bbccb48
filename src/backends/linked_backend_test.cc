// What the two backends linked at build time over libraries that report errors by throwing
// (Botan, Crypto++) must both do beyond the registry-wide conformance suite
// (backend_conformance_test.cc), checked once for each of them: they offer the whole catalogue,
// refuse what their binding tables lack, name the rejected input size or operation, compute the
// one-shot operations the KATs check, refuse an XChaCha20-Poly1305 nonce of the wrong length,
// and name the implementation of every symmetric algorithm. What only one of them does stays in
// its own test file (botan/botan_backend_test.cc, cryptopp/cryptopp_backend_test.cc). A
// backend not compiled in here has no cases.
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/common/test_names.h"
#include "backends/registry.h"

namespace cryptobench::backends {
namespace {

// What differs between the two libraries in the shared checks.
struct LinkedLibrary {
  std::string backend;  // registry name
  // The XChaCha20-Poly1305 nonce lengths (bytes) it must refuse, and a part of each refusal.
  std::vector<std::pair<size_t, std::string>> refused_xchacha_nonces;
  // Holds for the Implementation() of a symmetric algorithm; describes it for the message.
  std::function<bool(const std::string& implementation)> names_implementation;
  std::string implementation_form;
};

const std::vector<LinkedLibrary>& Libraries() {
  static const std::vector<LinkedLibrary> libraries = {
      // Botan's ChaCha20Poly1305 also takes 8- and 12-byte nonces, which would run another AEAD:
      // the backend refuses them for XChaCha20-Poly1305 rather than compute ChaCha20-Poly1305.
      {"botan",
       {{8, "with a 8-byte nonce"}, {12, "with a 12-byte nonce"}},
       [](const std::string& text) { return text.find(' ') != std::string::npos; },
       "\"<object> <provider>\", e.g. \"AES-128 cpu\" or \"SHA-256 shani\""},
      // Crypto++ refuses a shorter XChaCha20-Poly1305 nonce itself: an error, never a read past
      // the caller's buffer or another AEAD.
      {"cryptopp",
       {{12, "IV length 12"}},
       [](const std::string& text) { return !text.empty() && text.find(' ') == std::string::npos; },
       "AlgorithmProvider(): \"AESNI\", \"SHANI\", \"C++\", ..."},
  };
  return libraries;
}

const LinkedLibrary& Library(const std::string& backend) {
  for (const LinkedLibrary& library : Libraries()) {
    if (library.backend == backend) {
      return library;
    }
  }
  throw std::invalid_argument("no linked library " + backend);
}

// The backend, opened once per process.
Backend& Open(const std::string& name) {
  static std::map<std::string, std::unique_ptr<Backend>> opened;
  std::unique_ptr<Backend>& backend = opened[name];
  if (backend == nullptr) {
    backend = FindBackend(name)->open("");
  }
  return *backend;
}

std::vector<std::string> CompiledLinkedBackends() {
  std::vector<std::string> names;
  for (const LinkedLibrary& library : Libraries()) {
    if (FindBackend(library.backend) != nullptr) {
      names.push_back(library.backend);
    }
  }
  return names;
}

class LinkedBackendTest : public testing::TestWithParam<std::string> {
 protected:
  Backend& backend() const { return Open(GetParam()); }
  const LinkedLibrary& library() const { return Library(GetParam()); }
};

// Both libraries have every algorithm of the catalogue, XChaCha20-Poly1305 included (Botan 2:
// its ChaCha20Poly1305 with a 24-byte nonce; Crypto++ since 8.1).
TEST_P(LinkedBackendTest, SupportsTheWholeCatalogue) {
  for (const AlgorithmInfo& alg : Catalog()) {
    EXPECT_TRUE(backend().Supports(alg)) << alg.name;
  }
}

TEST_P(LinkedBackendTest, XChaChaTakesOnlyA24ByteNonce) {
  const AlgorithmInfo& xchacha = *FindAlgorithm("XChaCha20-Poly1305");
  Bytes ciphertext;
  Bytes tag;
  for (const auto& [nonce_len, refusal] : library().refused_xchacha_nonces) {
    const std::string error = backend().OneShot()->Seal(xchacha, Bytes(32, 1), Bytes(nonce_len, 2),
                                                        {}, Bytes(16, 3), 16, &ciphertext, &tag);
    EXPECT_NE(error.find(refusal), std::string::npos) << error;
  }
  EXPECT_EQ(backend().OneShot()->Seal(xchacha, Bytes(32, 1), Bytes(24, 2), {}, Bytes(16, 3), 16,
                                      &ciphertext, &tag),
            "");
  EXPECT_EQ(ciphertext.size(), 16u);
  EXPECT_EQ(tag.size(), 16u);
}

TEST_P(LinkedBackendTest, LacksWhatIsNotInItsTables) {
  AlgorithmInfo unknown = *FindAlgorithm("AES-128-GCM");
  unknown.name = "AES-128-OCB";
  EXPECT_FALSE(backend().Supports(unknown));
  EXPECT_EQ(backend().Implementation(unknown), "");
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(backend().Prepare(unknown, Operation::kEncrypt, 16, &failure, &error), nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_NE(error.find("AES-128-OCB"), std::string::npos) << error;
}

TEST_P(LinkedBackendTest, RejectsPartialBlocksAndForeignOperations) {
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
  EXPECT_EQ(
      backend().Prepare(*FindAlgorithm("AES-128-CBC"), Operation::kEncrypt, 15, &failure, &error),
      nullptr);
  EXPECT_EQ(failure, PrepareFailure::kLibraryError);
  EXPECT_NE(error.find("16-byte blocks"), std::string::npos) << error;
  EXPECT_EQ(backend().Prepare(*FindAlgorithm("SHA-256"), Operation::kSign, 16, &failure, &error),
            nullptr);
  EXPECT_NE(error.find("no sign operation"), std::string::npos) << error;
}

TEST_P(LinkedBackendTest, OneShotComputesWhatTheKatsCheck) {
  KatTarget* target = backend().OneShot();
  ASSERT_NE(target, nullptr);
  Bytes digest;
  // SHA-256("abc"), FIPS 180-2 Appendix B.1.
  ASSERT_EQ(target->Hash(*FindAlgorithm("SHA-256"), {'a', 'b', 'c'}, &digest), "");
  EXPECT_EQ(digest.size(), 32u);
  EXPECT_EQ(digest[0], 0xba);
  EXPECT_EQ(digest[31], 0xad);
  Bytes out;
  EXPECT_NE(target->Cipher(*FindAlgorithm("AES-128-GCM"), false, {}, {}, {}, &out), "")
      << "an AEAD is not a cipher";
}

INSTANTIATE_TEST_SUITE_P(Linked, LinkedBackendTest, testing::ValuesIn(CompiledLinkedBackends()),
                         [](const testing::TestParamInfo<std::string>& param_info) {
                           return ParamTestName(param_info.param);
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(LinkedBackendTest);

// A linked backend and one catalogue algorithm.
struct Case {
  std::string backend;
  std::string algorithm;
};

std::vector<Case> AlgorithmCases() {
  std::vector<Case> cases;
  for (const std::string& backend : CompiledLinkedBackends()) {
    for (const AlgorithmInfo& alg : Catalog()) {
      cases.push_back({backend, std::string(alg.name)});
    }
  }
  return cases;
}

class LinkedAlgorithmTest : public testing::TestWithParam<Case> {};

// Symmetric algorithms name their implementation in the library's own form; the public-key
// objects of both libraries report none.
TEST_P(LinkedAlgorithmTest, SymmetricAlgorithmsNameTheirProvider) {
  const LinkedLibrary& library = Library(GetParam().backend);
  const AlgorithmInfo& alg = *FindAlgorithm(GetParam().algorithm);
  const std::string implementation = Open(library.backend).Implementation(alg);
  if (IsSymmetric(alg.kind)) {
    EXPECT_TRUE(library.names_implementation(implementation))
        << "'" << implementation << "' is not " << library.implementation_form;
  } else {
    EXPECT_EQ(implementation, "") << "the library's public-key code reports no provider";
  }
}

INSTANTIATE_TEST_SUITE_P(Catalog, LinkedAlgorithmTest, testing::ValuesIn(AlgorithmCases()),
                         [](const testing::TestParamInfo<Case>& param_info) {
                           return ParamTestName(param_info.param.backend + "_" +
                                                param_info.param.algorithm);
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(LinkedAlgorithmTest);

}  // namespace
}  // namespace cryptobench::backends
