// The key-agreement adapter's non-template part (key_agreement_adapter.h).
#include "backends/common/key_agreement_adapter.h"

#include "backends/common/timing_inputs.h"

namespace cryptobench::backends {

Bytes PeerPrivateScalar(const AlgorithmInfo& alg) {
  Bytes scalar = PatternBytes(alg.key_len, kSecondKeySeed);
  if (!scalar.empty()) {
    scalar[0] &= 0x7f;
    scalar.back() |= 0x01;
  }
  return scalar;
}

}  // namespace cryptobench::backends
