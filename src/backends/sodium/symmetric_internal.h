// Helpers shared by the libsodium backend's timed symmetric operations (symmetric.cc, aead.cc).
// Private to src/backends/sodium/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/common/buffers.h"
#include "backends/common/timing_inputs.h"
namespace cryptobench::backends::sodium {

/// `len` as libsodium's length type.
inline unsigned long long Len(size_t len) { return static_cast<unsigned long long>(len); }

/// Prepare() failure for an operation `alg` does not have (kLibraryError).
inline std::unique_ptr<PreparedOperation> WrongOperation(const AlgorithmInfo& alg, Operation op,
                                                         PrepareFailure* failure,
                                                         std::string* error) {
  return PrepareNoSuchOperation(alg, op, failure, error);
}

}  // namespace cryptobench::backends::sodium
