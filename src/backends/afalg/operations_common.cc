// Shared pieces of the AF_ALG timed operations (operations_internal.h).
#include <optional>

#include "backends/afalg/algorithms.h"
#include "backends/afalg/operations_internal.h"
#include "backends/common/buffers.h"

namespace cryptobench::backends::afalg::internal {

std::unique_ptr<PreparedOperation> LibraryError(std::string message, PrepareFailure* failure,
                                                std::string* error) {
  return PrepareFailed(PrepareFailure::kLibraryError, std::move(message), failure, error);
}

std::string NoSuchOperation(const AlgorithmInfo& alg, Operation op) {
  return std::string(alg.name) + " has no " + std::string(OperationName(op)) + " operation";
}

std::string Exchange(const Socket& operation, const Request& request, std::span<uint8_t> out,
                     const std::string& name, long* code) {
  if (std::string sent = request.Send(operation, false); !sent.empty()) {
    return sent;
  }
  const long result = ReadFull(operation, out);
  if (code != nullptr) {
    *code = result;
  }
  return result == 0 ? "" : ReadError(name, result);
}

std::string Connect(const std::shared_ptr<SocketApi>& api, const AlgorithmInfo& alg, AlgType type,
                    std::span<const uint8_t> key, size_t aead_tag_len, Socket* transform,
                    Socket* operation, std::string* name) {
  const std::optional<KernelAlgorithm> kernel = KernelAlgorithmFor(alg);
  if (!kernel || kernel->type != type) {
    return "AF_ALG has no " + std::string(alg.name);
  }
  *name = kernel->name;
  if (std::string failed = OpenTransform(api, type, kernel->name, key, aead_tag_len, transform);
      !failed.empty()) {
    return failed;
  }
  return AcceptOperation(*transform, operation);
}

}  // namespace cryptobench::backends::afalg::internal
