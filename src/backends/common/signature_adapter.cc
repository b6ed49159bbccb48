// The signature adapter's non-template part (signature_adapter.h).
#include "backends/common/signature_adapter.h"

#include "core/hex.h"

namespace cryptobench::backends {

std::unique_ptr<PreparedOperation> SignatureCheckFailed(const AlgorithmInfo& alg, Operation op,
                                                        std::string_view what,
                                                        PrepareFailure* failure,
                                                        std::string* error) {
  return PrepareFailed(
      PrepareFailure::kCheckFailed,
      std::string(alg.name) + " " + std::string(OperationName(op)) + ": " + std::string(what),
      failure, error);
}

Bytes KatSignedInput(const KatVector& vector, bool tamper) {
  Bytes input = HexDecode(vector.input);
  if (tamper) {
    if (input.empty()) {
      input.push_back(0x00);
    } else {
      input[0] ^= 0x01;
    }
  }
  return input;
}

}  // namespace cryptobench::backends
