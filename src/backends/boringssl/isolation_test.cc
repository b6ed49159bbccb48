// BoringSSL exports OpenSSL's names. These tests run in fresh processes (threadsafe death tests
// re-execute the test binary) to check what a worker relies on: opening BoringSSL maps no other
// libcrypto and leaves none of its symbols in the global scope, and the open refuses when a
// libcrypto is in the global scope already, where it would capture BoringSSL's internal calls.
#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/boringssl/boringssl_backend.h"
#include "backends/boringssl/libcrypto.h"
#include "backends/openssl/openssl_backend.h"
#include "core/errors.h"

namespace cryptobench::backends {
namespace {

std::string MissingReason() {
  try {
    boringssl::FindDefaultLibrary();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

// Lines of /proc/self/maps naming a shared object whose file name starts with "libcrypto".
std::vector<std::string> MappedLibcryptos() {
  std::ifstream maps("/proc/self/maps");
  std::vector<std::string> found;
  for (std::string line; std::getline(maps, line);) {
    const size_t slash = line.rfind('/');
    if (slash != std::string::npos && line.compare(slash + 1, 9, "libcrypto") == 0) {
      const std::string path = line.substr(line.find('/'));
      if (std::find(found.begin(), found.end(), path) == found.end()) {
        found.push_back(path);
      }
    }
  }
  return found;
}

// Child side: exits 0 when every check holds, else prints what failed and exits 1.
[[noreturn]] void Finish(const std::string& failure) {
  if (!failure.empty()) {
    std::fprintf(stderr, "%s\n", failure.c_str());
  }
  std::exit(failure.empty() ? 0 : 1);
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

TEST_F(BoringsslIsolationTest, FreshWorkerMapsOnlyBoringssl) {
  EXPECT_EXIT(
      {
        std::unique_ptr<Backend> backend = OpenBoringsslBackend("");
        const std::string loaded = backend->Identity().loaded_path;
        const std::vector<std::string> mapped = MappedLibcryptos();
        if (mapped.size() != 1 || mapped[0] != loaded) {
          std::string all;
          for (const std::string& path : mapped) {
            all += " " + path;
          }
          Finish("expected only " + loaded + " mapped, found:" + all);
        }
        if (dlsym(RTLD_DEFAULT, "EVP_AEAD_CTX_seal") != nullptr ||
            dlsym(RTLD_DEFAULT, "OpenSSL_version") != nullptr) {
          Finish("BoringSSL's symbols are in the global scope (not RTLD_LOCAL)");
        }
        const results::KatResult kat = backend->RunKat(*FindAlgorithm("AES-128-GCM"));
        Finish(kat.status == "passed" ? "" : "KAT " + kat.status + ": " + kat.detail);
      },
      testing::ExitedWithCode(0), "");
}

TEST_F(BoringsslIsolationTest, RefusesWhenALibcryptoIsGlobal) {
  EXPECT_EXIT(
      {
        if (dlopen("libcrypto.so.3", RTLD_NOW | RTLD_GLOBAL) == nullptr) {
          Finish(std::string("setup: ") + dlerror());
        }
        try {
          OpenBoringsslBackend("");
          Finish("opened BoringSSL beside a global libcrypto");
        } catch (const UsageError& e) {
          const std::string message = e.what();
          Finish(message.find("global symbol scope") != std::string::npos &&
                         message.find("libcrypto.so.3") != std::string::npos &&
                         message.find('\n') == std::string::npos
                     ? ""
                     : "unexpected message: " + message);
        }
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
        for (const char* name : {"AES-128-GCM", "SHA-256", "Ed25519"}) {
          const results::KatResult kat = boringssl->RunKat(*FindAlgorithm(name));
          if (kat.status != "passed") {
            Finish(std::string(name) + " KAT " + kat.status + ": " + kat.detail);
          }
        }
        Finish("");
      },
      testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace cryptobench::backends
