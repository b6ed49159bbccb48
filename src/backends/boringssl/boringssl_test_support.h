// What the BoringSSL tests share: whether the library is installed, and running checks on it in
// a fresh process. Test-only: included by boringssl_backend_test.cc and isolation_test.cc.
//
// BoringSSL exports OpenSSL's names, so where a libcrypto sits in the global scope (the test
// binary links backends that pull libcrypto.so.3 in) it opens in a link-map namespace of its
// own (common/isolated_load.h). That namespace has its own copy of libc, whose pthread key
// table starts empty, while both copies keep thread-specific values in the same per-thread
// slots: BoringSSL's first key (its error queue, ERR_clear_error) gets the number of the test
// runner's first key (GoogleTest's per-thread result reporter). In a process where a test has
// already reported a result (a skip, a failure) BoringSSL then frees GoogleTest's object as its
// own and crashes, and the other way round. cryptobench opens BoringSSL only in a worker of
// its own (worker/worker_main.cc); the tests do the same.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "backends/boringssl/boringssl_backend.h"
#include "backends/boringssl/libcrypto.h"
#include "core/errors.h"

namespace cryptobench::backends::boringssl_testing {

/// Why the live tests cannot run here, or "" when BoringSSL is installed.
inline std::string MissingReason() {
  try {
    boringssl::FindDefaultLibrary();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

/// Child side: exits 0 when `failure` is empty, else prints it and exits 1.
[[noreturn]] inline void Finish(const std::string& failure) {
  if (!failure.empty()) {
    std::fprintf(stderr, "%s\n", failure.c_str());
  }
  std::fflush(stderr);
  std::_Exit(failure.empty() ? 0 : 1);  // no exit handlers: a death-test child owns none of them
}

/// What a check run in a child found wrong, one line per failed expectation.
class Failures {
 public:
  /// Records `what` unless `holds`.
  void Expect(bool holds, const std::string& what) {
    if (!holds) {
      text_ += (text_.empty() ? "" : "\n") + what;
    }
  }
  /// "" when every expectation held.
  const std::string& Text() const { return text_; }

 private:
  std::string text_;
};

/// Opens the default BoringSSL in a freshly executed copy of the test binary (death-test
/// "threadsafe" style, not a fork) and runs `check` on it there; a test failure, with what
/// `check` returned, unless it returns "". Call only where BoringSSL is installed
/// (MissingReason()).
inline void ExpectInFreshProcess(const std::function<std::string(Backend&)>& check) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");  // restored after the test by GoogleTest
  EXPECT_EXIT(
      {
        std::unique_ptr<Backend> backend = OpenBoringsslBackend("");
        Finish(check(*backend));
      },
      testing::ExitedWithCode(0), "");
}

}  // namespace cryptobench::backends::boringssl_testing
