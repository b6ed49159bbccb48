// What the adapter tests (hash_mac, signature and key-agreement adapters) share: a Guarded() for
// scripted engines whose library throws, the catalogue lookup and the outcome of one Prepare().
// Test-only: included by *_adapter_test.cc.
#pragma once

#include <exception>
#include <memory>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/backend.h"

namespace cryptobench::backends::adapter_testing {

/// Base of a scripted engine whose library reports errors by throwing: Guarded() runs the body
/// and turns an exception into "Throwing: <what()>", as a library's own mapping would.
struct ThrowingGuard {
  template <typename Body>
  static std::string Guarded(Body&& body) {
    try {
      return body();
    } catch (const std::exception& e) {
      return std::string("Throwing: ") + e.what();
    }
  }
};

/// The catalogue entry `name`; a failed expectation (and a crash on use) if there is none.
inline const AlgorithmInfo& Alg(std::string_view name) {
  const AlgorithmInfo* alg = FindAlgorithm(name);
  EXPECT_NE(alg, nullptr) << name;
  return *alg;
}

/// What one Prepare() gave: the operation, or the failure kind and its error.
struct Prepared {
  std::unique_ptr<PreparedOperation> op;
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
};

}  // namespace cryptobench::backends::adapter_testing
