// BoringSSL exports OpenSSL's names. These tests run in fresh processes (threadsafe death tests
// re-execute the test binary) to check what a worker relies on: opening BoringSSL leaves none of
// its symbols in the global scope, and it works beside a libcrypto in the global scope, which
// would otherwise capture BoringSSL's internal calls.
#include <dlfcn.h>

#include <initializer_list>
#include <string>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/boringssl/boringssl_backend.h"
#include "backends/boringssl/boringssl_test_support.h"
#include "backends/boringssl/libcrypto.h"
#include "backends/openssl/openssl_backend.h"

namespace cryptobench::backends {
namespace {

using boringssl_testing::Finish;
using boringssl_testing::MissingReason;

// "" if every KAT of the algorithms `names` passes on `backend`, else the first failure.
std::string FirstFailedKat(Backend& backend, std::initializer_list<const char*> names) {
  for (const char* name : names) {
    const results::KatResult kat = backend.RunKat(*FindAlgorithm(name));
    if (kat.status != "passed") {
      return std::string(name) + " KAT " + kat.status + ": " + kat.detail;
    }
  }
  return "";
}

class BoringsslIsolationTest : public testing::Test {
 protected:
  void SetUp() override {
    if (std::string reason = MissingReason(); !reason.empty()) {
      GTEST_SKIP() << reason;
    }
    GTEST_FLAG_SET(death_test_style, "threadsafe");  // a fresh exec, not a fork
  }
};

TEST_F(BoringsslIsolationTest, FreshWorkerKeepsBoringsslOutOfTheGlobalScope) {
  EXPECT_EXIT(
      {
        std::unique_ptr<Backend> backend = OpenBoringsslBackend("");
        if (dlsym(RTLD_DEFAULT, "EVP_AEAD_CTX_seal") != nullptr) {
          Finish("BoringSSL's symbols are in the global scope (not RTLD_LOCAL)");
        }
        const results::KatResult kat = backend->RunKat(*FindAlgorithm("AES-128-GCM"));
        Finish(kat.status == "passed" ? "" : "KAT " + kat.status + ": " + kat.detail);
      },
      testing::ExitedWithCode(0), "");
}

// A libcrypto in the global scope (linked libraries pull libcrypto.so.3 in) would capture
// BoringSSL's calls to its own functions; BoringSSL then opens in a namespace of its own and
// still passes its KATs, which mix EVP_AEAD (BoringSSL-only) and EVP calls.
TEST_F(BoringsslIsolationTest, WorksBesideAGlobalLibcrypto) {
  EXPECT_EXIT(
      {
        if (dlopen("libcrypto.so.3", RTLD_NOW | RTLD_GLOBAL) == nullptr) {
          Finish(std::string("setup: ") + dlerror());
        }
        std::unique_ptr<Backend> backend = OpenBoringsslBackend("");
        if (backend->Identity().version != "BoringSSL") {
          Finish("identity: " + backend->Identity().version);
        }
        Finish(FirstFailedKat(*backend, {"AES-128-GCM", "AES-128-CBC", "SHA-256", "Ed25519"}));
      },
      testing::ExitedWithCode(0), "");
}

// RTLD_LOCAL on both sides: OpenSSL loaded first does not disturb BoringSSL, and each library
// still reports itself (the symbol names are the same; the objects answering differ).
TEST_F(BoringsslIsolationTest, LocalOpensslDoesNotCaptureBoringssl) {
  EXPECT_EXIT(
      {
        std::unique_ptr<Backend> openssl = OpenOpensslBackend(kDefaultLibcrypto);
        std::unique_ptr<Backend> boringssl = OpenBoringsslBackend("");
        if (boringssl->Identity().version != "BoringSSL" ||
            openssl->Identity().version.rfind("OpenSSL", 0) != 0) {
          Finish("identities mixed up: " + boringssl->Identity().version + " / " +
                 openssl->Identity().version);
        }
        Finish(FirstFailedKat(*boringssl, {"AES-128-GCM", "SHA-256", "Ed25519"}));
      },
      testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace cryptobench::backends
