// The raw timing key of the public-key families (pk_family.h).
#include "backends/common/pk_family.h"

#include "backends/common/buffers.h"
#include "backends/common/timing_inputs.h"
#include "core/hex.h"

namespace cryptobench::backends {

Bytes RawTimingKey(const AlgorithmInfo& alg) {
  for (const KatVector& vector : KatVectorsFor(alg.name)) {
    if (!vector.private_key.empty()) {
      return HexDecode(vector.private_key);
    }
  }
  return PatternBytes(32, kFallbackKeySeed);
}

}  // namespace cryptobench::backends
