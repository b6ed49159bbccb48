// The AEAD adapter's non-template part (aead_adapter.h).
#include "backends/common/aead_adapter.h"

#include <fmt/format.h>

namespace cryptobench::backends {

std::unique_ptr<PreparedOperation> AeadCheckFailed(const AlgorithmInfo& alg, size_t input_len,
                                                   const std::string& what, PrepareFailure* failure,
                                                   std::string* error) {
  return PrepareFailed(PrepareFailure::kCheckFailed,
                       fmt::format("{} at {} bytes: {}", alg.name, input_len, what), failure,
                       error);
}

}  // namespace cryptobench::backends
