// The hash and MAC adapter's non-template part (hash_mac_adapter.h).
#include "backends/common/hash_mac_adapter.h"

#include <fmt/format.h>

namespace cryptobench::backends {

bool CheckHashMacOutput(const AlgorithmInfo& alg, size_t input_len, std::span<const uint8_t> out,
                        const Bytes& expected, PrepareFailure* failure, std::string* error,
                        std::string_view length_noun) {
  Bytes checked(out.begin(), out.end());
  CorruptIfTesting(checked);
  std::string diff =
      CompareBytes(alg.kind == AlgorithmKind::kHash ? "digest" : "tag", checked, expected);
  if (diff.empty() && checked.size() != alg.tag_len) {
    diff = fmt::format("{} is {} bytes, expected {}", length_noun, checked.size(), alg.tag_len);
  }
  if (diff.empty()) {
    return true;
  }
  PrepareFailed(PrepareFailure::kCheckFailed,
                fmt::format("{} at {} bytes: {}", alg.name, input_len, diff), failure, error);
  return false;
}

}  // namespace cryptobench::backends
