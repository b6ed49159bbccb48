// Timed AF_ALG skcipher and hash operations (operations.h); AEADs are in aead_operation.cc.
#include "backends/afalg/operations.h"

#include <cstring>
#include <optional>

#include "backends/afalg/algorithms.h"
#include "backends/afalg/operations_internal.h"
#include "backends/afalg/protocol.h"
#include "backends/common/buffers.h"

namespace cryptobench::backends::afalg {
namespace {

using internal::Connect;
using internal::Exchange;
using internal::LibraryError;
using internal::NoSuchOperation;

// A timed AF_ALG operation: one request per iteration on one operation socket, each read back
// in full (`out_len` bytes). The first request carries `first` (a skcipher's ALG_SET_OP and IV),
// later ones `next` (a skcipher's input alone, or with the IV again for XTS; a hash's are all
// alike).
class RequestOperation : public PreparedOperation {
 public:
  RequestOperation(Socket transform, Socket operation, std::string name, AlignedBuffer in,
                   size_t out_len, const RequestControl& first, const RequestControl& next)
      : transform_(std::move(transform)),
        operation_(std::move(operation)),
        name_(std::move(name)),
        in_(std::move(in)),
        out_(out_len),
        first_(first, {in_.span()}),
        next_(next, {in_.span()}) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      const Request& request = started_ ? next_ : first_;
      started_ = true;
      if (std::string failed = Exchange(operation_, request, out_.span(), name_); !failed.empty()) {
        error_ = failed;
        return false;
      }
    }
    return true;
  }

  /// Runs `runs` times and gives the latest output in *out, through the corruption seam
  /// (CorruptIfTesting), for the prepare step's check. False (error() set) on failure.
  bool RunForCheck(uint64_t runs, std::vector<uint8_t>* out) {
    if (!Run(runs)) {
      return false;
    }
    out->assign(out_.span().begin(), out_.span().end());
    CorruptIfTesting(*out);
    return true;
  }

 private:
  Socket transform_;  // keeps the key; closed after the operation socket
  Socket operation_;
  std::string name_;
  AlignedBuffer in_;
  AlignedBuffer out_;
  Request first_;
  Request next_;
  bool started_ = false;
};

// A fresh operation socket on `transform` that encrypts or decrypts `in` from `iv`.
std::string OneRequest(const Socket& transform, const std::string& name, bool encrypt,
                       const std::vector<uint8_t>& iv, std::span<const uint8_t> in,
                       std::vector<uint8_t>* out) {
  Socket operation;
  if (std::string failed = AcceptOperation(transform, &operation); !failed.empty()) {
    return failed;
  }
  RequestControl control{.encrypt = encrypt};
  if (!iv.empty()) {
    control.iv = iv;
  }
  out->assign(in.size(), 0);
  return Exchange(operation, Request(control, {in}), *out, name);
}

}  // namespace

std::unique_ptr<PreparedOperation> PrepareSkcipher(const std::shared_ptr<SocketApi>& api,
                                                   const AlgorithmInfo& alg, Operation op,
                                                   size_t input_len, PrepareFailure* failure,
                                                   std::string* error) {
  if (op != Operation::kEncrypt && op != Operation::kDecrypt) {
    return LibraryError(NoSuchOperation(alg, op), failure, error);
  }
  const bool whole_blocks = NeedsWholeBlocks(alg);
  const bool xts = alg.mode == AlgorithmMode::kXts;
  if (input_len == 0 || input_len > kMaxRequestLen ||
      (whole_blocks && input_len % alg.block_len != 0) || (xts && input_len < alg.block_len)) {
    return LibraryError("input size " + std::to_string(input_len) + " is not valid for " +
                            std::string(alg.name) + " over AF_ALG (1 to " +
                            std::to_string(kMaxRequestLen) + " bytes" +
                            (whole_blocks ? ", whole blocks" : "") + ")",
                        failure, error);
  }
  const std::vector<uint8_t> key = PatternBytes(alg.key_len, kKeySeed);
  std::vector<uint8_t> iv = PatternBytes(alg.iv_len, kIvSeed);
  if (alg.name == "ChaCha20") {
    std::fill(iv.begin(), iv.begin() + 4, 0);  // block counter 0: no wrap while timing
  }
  const std::vector<uint8_t> plaintext = PatternBytes(input_len, kPlaintextSeed);
  Socket transform;
  Socket operation;
  std::string name;
  if (std::string failed =
          Connect(api, alg, AlgType::kSkcipher, key, 0, &transform, &operation, &name);
      !failed.empty()) {
    return LibraryError(failed, failure, error);
  }
  const bool encrypt = op == Operation::kEncrypt;
  std::vector<uint8_t> ciphertext;
  AlignedBuffer in(input_len);
  if (encrypt) {
    std::memcpy(in.data(), plaintext.data(), input_len);
  } else {
    if (std::string failed = OneRequest(transform, name, true, iv, plaintext, &ciphertext);
        !failed.empty()) {
      return LibraryError(failed, failure, error);
    }
    std::memcpy(in.data(), ciphertext.data(), input_len);
  }
  RequestControl first{.encrypt = encrypt};
  if (!iv.empty()) {
    first.iv = iv;
  }
  // The check's socket is accepted now: `prepared` takes the transform below.
  Socket check;
  if (std::string failed = AcceptOperation(transform, &check); !failed.empty()) {
    return LibraryError(failed, failure, error);
  }
  // XTS: each request is one data unit, with the tweak (IV) set again.
  const RequestControl next =
      xts ? RequestControl{.encrypt = first.encrypt, .iv = first.iv} : RequestControl{};
  auto prepared = std::make_unique<RequestOperation>(std::move(transform), std::move(operation),
                                                     name, std::move(in), input_len, first, next);
  std::vector<uint8_t> out;
  if (!prepared->RunForCheck(1, &out)) {
    return LibraryError(prepared->error(), failure, error);
  }
  std::string mismatch;
  if (encrypt) {
    RequestControl control{.encrypt = false};
    if (!iv.empty()) {
      control.iv = iv;
    }
    std::vector<uint8_t> decrypted(input_len);
    if (std::string failed = Exchange(check, Request(control, {out}), decrypted, name);
        !failed.empty()) {
      return LibraryError(failed, failure, error);
    }
    mismatch = out == plaintext
                   ? "ciphertext equals the plaintext"
                   : CompareBytes("decryption of the timed ciphertext", decrypted, plaintext);
  } else {
    mismatch = CompareBytes("decrypted text", out, plaintext);
  }
  if (!mismatch.empty()) {
    return PrepareCheckFailed(alg, input_len, mismatch, failure, error);
  }
  return prepared;
}

std::unique_ptr<PreparedOperation> PrepareHash(const std::shared_ptr<SocketApi>& api,
                                               const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, PrepareFailure* failure,
                                               std::string* error) {
  const Operation expected = alg.kind == AlgorithmKind::kMac ? Operation::kMac : Operation::kHash;
  if (op != expected) {
    return LibraryError(NoSuchOperation(alg, op), failure, error);
  }
  if (input_len > kMaxRequestLen) {
    return LibraryError("input size " + std::to_string(input_len) + " exceeds one AF_ALG request",
                        failure, error);
  }
  const std::vector<uint8_t> key = alg.kind == AlgorithmKind::kMac
                                       ? PatternBytes(alg.key_len, kKeySeed)
                                       : std::vector<uint8_t>{};
  const std::vector<uint8_t> message = PatternBytes(input_len, kPlaintextSeed);
  Socket transform;
  Socket operation;
  std::string name;
  if (std::string failed = Connect(api, alg, AlgType::kHash, key, 0, &transform, &operation, &name);
      !failed.empty()) {
    return LibraryError(failed, failure, error);
  }
  // Reference: the same message in two parts, the first with MSG_MORE.
  Socket check;
  if (std::string failed = AcceptOperation(transform, &check); !failed.empty()) {
    return LibraryError(failed, failure, error);
  }
  const std::span<const uint8_t> whole(message);
  std::vector<uint8_t> reference(alg.tag_len);
  if (std::string failed = Request({}, {whole.first(input_len / 2)}).Send(check, true);
      !failed.empty()) {
    return LibraryError(failed, failure, error);
  }
  if (std::string failed =
          Exchange(check, Request({}, {whole.subspan(input_len / 2)}), reference, name);
      !failed.empty()) {
    return LibraryError(failed, failure, error);
  }
  AlignedBuffer in(input_len);
  if (input_len != 0) {
    std::memcpy(in.data(), message.data(), input_len);
  }
  auto prepared = std::make_unique<RequestOperation>(std::move(transform), std::move(operation),
                                                     name, std::move(in), alg.tag_len,
                                                     RequestControl{}, RequestControl{});
  // Two runs: the second proves the socket starts a new digest (with the kept key).
  std::vector<uint8_t> out;
  if (!prepared->RunForCheck(2, &out)) {
    return LibraryError(prepared->error(), failure, error);
  }
  if (std::string diff =
          CompareBytes(alg.kind == AlgorithmKind::kMac ? "tag" : "digest", out, reference);
      !diff.empty()) {
    return PrepareCheckFailed(alg, input_len, diff, failure, error);
  }
  return prepared;
}

}  // namespace cryptobench::backends::afalg
