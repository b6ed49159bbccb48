// What the tests of the library backends (gcrypt, GnuTLS, Mbed TLS, Nettle, wolfSSL, ...)
// share: the set a backend must support, written as the catalogue less what the library lacks,
// and the outcome of one Prepare(). Test-only: included by *_backend_test.cc.
#pragma once

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "core/errors.h"

namespace cryptobench::backends::backend_testing {

/// The name of every catalogue entry but those in `absent` (each must be a catalogue name: a
/// failed expectation otherwise).
inline std::set<std::string> CatalogueExcept(std::initializer_list<std::string_view> absent) {
  std::set<std::string> names;
  for (const AlgorithmInfo& alg : Catalog()) {
    names.emplace(alg.name);
  }
  for (std::string_view name : absent) {
    EXPECT_EQ(names.erase(std::string(name)), 1u) << name << " is not a catalogue name";
  }
  return names;
}

/// Expects backend.Supports() true for exactly the catalogue entries named in `expected`: one
/// failure per entry that differs, naming it.
inline void ExpectSupportsExactly(Backend& backend, const std::set<std::string>& expected) {
  for (const AlgorithmInfo& alg : Catalog()) {
    EXPECT_EQ(backend.Supports(alg), expected.count(std::string(alg.name)) > 0) << alg.name;
  }
}

/// What one Prepare() of a catalogue entry gave: the operation, or the failure kind and its
/// error.
struct PrepareOutcome {
  std::unique_ptr<PreparedOperation> op;
  PrepareFailure failure = PrepareFailure::kNone;
  std::string error;
};

/// backend.Prepare(<the catalogue entry `algorithm`>, op, input_len).
inline PrepareOutcome PrepareOf(Backend& backend, std::string_view algorithm, Operation op,
                                size_t input_len) {
  PrepareOutcome outcome;
  const AlgorithmInfo* alg = FindAlgorithm(algorithm);
  EXPECT_NE(alg, nullptr) << algorithm;
  if (alg != nullptr) {
    outcome.op = backend.Prepare(*alg, op, input_len, &outcome.failure, &outcome.error);
  }
  return outcome;
}

/// Every operation either direction of `alg` can time (TimedOperations of both): encrypt and
/// decrypt, sign and verify, ..., each once.
inline std::vector<Operation> AllOperations(const AlgorithmInfo& alg) {
  std::vector<Operation> ops = TimedOperations(alg, false);
  for (Operation op : TimedOperations(alg, true)) {
    if (std::find(ops.begin(), ops.end(), op) == ops.end()) {
      ops.push_back(op);
    }
  }
  return ops;
}

/// The UsageError message of `open(path)` (a backend's Open function given a library path), or
/// "(no UsageError)" when it opens or throws something else.
template <typename Open>
std::string UsageErrorOf(Open open, const std::string& path) {
  try {
    open(path);
  } catch (const UsageError& e) {
    return e.what();
  } catch (...) {
  }
  return "(no UsageError)";
}

/// Expects `message` to be the one line "cannot load <path>: <loader's reason>" of a library
/// path that cannot be loaded.
inline void ExpectCannotLoad(const std::string& message, const std::string& path) {
  EXPECT_EQ(message.rfind("cannot load " + path + ": ", 0), 0u) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

}  // namespace cryptobench::backends::backend_testing
