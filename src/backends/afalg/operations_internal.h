// Shared pieces of the AF_ALG timed operations (operations.cc, aead_operation.cc): the seeds of
// the timed inputs and the request/reply helpers. Internal to backends/afalg.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "algorithms/catalog.h"
#include "backends/afalg/protocol.h"
#include "backends/backend.h"
#include "backends/common/timing_inputs.h"
namespace cryptobench::backends::afalg::internal {

/// Prepare() failed in the kernel or the protocol: sets *failure and *error, returns null.
std::unique_ptr<PreparedOperation> LibraryError(std::string message, PrepareFailure* failure,
                                                std::string* error);

/// "AES-128-CBC has no sign operation".
std::string NoSuchOperation(const AlgorithmInfo& alg, Operation op);

/// Sends `request` on `operation` and reads `out.size()` bytes back. Returns "" or the error
/// line; *code (if given) receives ReadFull's result (-EBADMSG: a rejected AEAD tag).
std::string Exchange(const Socket& operation, const Request& request, std::span<uint8_t> out,
                     const std::string& name, long* code = nullptr);

/// Opens the transform of `alg` (which must map to a kernel algorithm of `type`), keyed and,
/// for AEADs, with its tag length, and accepts one operation socket; *name gets the kernel name.
std::string Connect(const std::shared_ptr<SocketApi>& api, const AlgorithmInfo& alg, AlgType type,
                    std::span<const uint8_t> key, size_t aead_tag_len, Socket* transform,
                    Socket* operation, std::string* name);

}  // namespace cryptobench::backends::afalg::internal
