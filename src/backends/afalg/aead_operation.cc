// Timed AF_ALG AEAD operations (operations.h, PrepareAeadRequest).
#include <cerrno>
#include <cstring>

#include "backends/afalg/algorithms.h"
#include "backends/afalg/operations.h"
#include "backends/afalg/operations_internal.h"
#include "backends/common/aead_adapter.h"
#include "backends/common/buffers.h"

namespace cryptobench::backends::afalg {
namespace {

using internal::Connect;
using internal::Exchange;
using internal::LibraryError;
using internal::NoSuchOperation;

class AeadOperation : public PreparedOperation {
 public:
  // seal: pieces AAD, plaintext; open: AAD, ciphertext, tag. `nonce_offset`: where the nonce
  // sits in the IV (1 for CCM's counter block), `nonce_len` its length.
  AeadOperation(Socket transform, Socket operation, std::string name, bool seal,
                std::vector<uint8_t> iv, std::vector<uint8_t> aad, AlignedBuffer in,
                std::vector<uint8_t> tag, size_t out_len, size_t nonce_offset, size_t nonce_len)
      : transform_(std::move(transform)),
        operation_(std::move(operation)),
        name_(std::move(name)),
        seal_(seal),
        aad_(std::move(aad)),
        in_(std::move(in)),
        tag_(std::move(tag)),
        out_(out_len),
        request_({.encrypt = seal, .iv = iv, .assoclen = static_cast<uint32_t>(aad_.size())},
                 {aad_, in_.span(), tag_}),
        nonce_offset_(nonce_offset),
        nonce_len_(nonce_len) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (seal_) {
        SetNonceCounter(request_.iv().subspan(nonce_offset_, nonce_len_), ++counter_);
      }
      long code = 0;
      if (std::string failed = Exchange(operation_, request_, out_.span(), name_, &code);
          !failed.empty()) {
        tag_rejected_ = code == -EBADMSG;
        error_ = failed;
        return false;
      }
    }
    return true;
  }

  std::span<const uint8_t> output() const { return out_.span(); }
  std::vector<uint8_t> iv() { return {request_.iv().begin(), request_.iv().end()}; }
  bool tag_rejected() const { return tag_rejected_; }

 private:
  Socket transform_;
  Socket operation_;
  std::string name_;
  bool seal_;
  std::vector<uint8_t> aad_;
  AlignedBuffer in_;
  std::vector<uint8_t> tag_;  // open only
  AlignedBuffer out_;
  Request request_;
  size_t nonce_offset_;
  size_t nonce_len_;
  uint64_t counter_ = 0;
  bool tag_rejected_ = false;
};

}  // namespace

std::unique_ptr<PreparedOperation> PrepareAeadRequest(const std::shared_ptr<SocketApi>& api,
                                                      const AlgorithmInfo& alg, Operation op,
                                                      size_t input_len, PrepareFailure* failure,
                                                      std::string* error) {
  if (op != Operation::kEncrypt && op != Operation::kDecrypt) {
    return LibraryError(NoSuchOperation(alg, op), failure, error);
  }
  if (input_len + kTimedAadLen + alg.tag_len > kMaxRequestLen) {
    return LibraryError("input size " + std::to_string(input_len) + " exceeds one AF_ALG request",
                        failure, error);
  }
  const std::vector<uint8_t> key = PatternBytes(alg.key_len, kKeySeed);
  const std::vector<uint8_t> nonce = PatternBytes(alg.iv_len, kIvSeed);
  const std::vector<uint8_t> iv = AeadIv(alg, nonce);
  const size_t nonce_offset = iv.size() == nonce.size() ? 0 : 1;  // CCM: after the flags byte
  const std::vector<uint8_t> aad = PatternBytes(kTimedAadLen, kAadSeed);
  const std::vector<uint8_t> plaintext = PatternBytes(input_len, kPlaintextSeed);
  const size_t tag_len = alg.tag_len;
  Socket transform;
  Socket operation;
  std::string name;
  if (std::string failed =
          Connect(api, alg, AlgType::kAead, key, tag_len, &transform, &operation, &name);
      !failed.empty()) {
    return LibraryError(failed, failure, error);
  }
  Socket check;
  if (std::string failed = AcceptOperation(transform, &check); !failed.empty()) {
    return LibraryError(failed, failure, error);
  }
  const bool seal = op == Operation::kEncrypt;
  std::vector<uint8_t> sealed(kTimedAadLen + input_len + tag_len);  // AAD || ciphertext || tag
  std::vector<uint8_t> message_iv = iv;
  std::unique_ptr<AeadOperation> prepared;
  if (seal) {
    AlignedBuffer in(input_len);
    std::memcpy(in.data(), plaintext.data(), input_len);
    prepared = std::make_unique<AeadOperation>(std::move(transform), std::move(operation), name,
                                               true, iv, aad, std::move(in), std::vector<uint8_t>{},
                                               sealed.size(), nonce_offset, nonce.size());
    if (!prepared->Run(1)) {
      return LibraryError(prepared->error(), failure, error);
    }
    sealed.assign(prepared->output().begin(), prepared->output().end());
    message_iv = prepared->iv();
  } else if (std::string failed = Exchange(
                 check,
                 Request({.encrypt = true, .iv = iv, .assoclen = kTimedAadLen}, {aad, plaintext}),
                 sealed, name);
             !failed.empty()) {
    return LibraryError(failed, failure, error);
  }
  // Corrupt the ciphertext (or, for an empty message, the tag): open must then reject it.
  CorruptIfTesting(std::span<uint8_t>(sealed).subspan(kTimedAadLen));
  const std::span<const uint8_t> ciphertext =
      std::span<const uint8_t>(sealed).subspan(kTimedAadLen, input_len);
  const std::span<const uint8_t> tag =
      std::span<const uint8_t>(sealed).subspan(kTimedAadLen + input_len);
  std::vector<uint8_t> opened(kTimedAadLen + input_len);  // AAD || plaintext
  if (seal) {
    long code = 0;
    if (std::string failed =
            Exchange(check,
                     Request({.encrypt = false, .iv = message_iv, .assoclen = kTimedAadLen},
                             {aad, ciphertext, tag}),
                     opened, name, &code);
        !failed.empty()) {
      return code == -EBADMSG
                 ? PrepareCheckFailed(alg, input_len, "open rejected the tag of the timed seal",
                                      failure, error)
                 : LibraryError(failed, failure, error);
    }
  } else {
    AlignedBuffer in(input_len);
    std::memcpy(in.data(), ciphertext.data(), input_len);
    prepared = std::make_unique<AeadOperation>(
        std::move(transform), std::move(operation), name, false, iv, aad, std::move(in),
        std::vector<uint8_t>(tag.begin(), tag.end()), opened.size(), nonce_offset, nonce.size());
    if (!prepared->Run(1)) {
      return prepared->tag_rejected()
                 ? PrepareCheckFailed(alg, input_len, "the timed open rejected the tag", failure,
                                      error)
                 : LibraryError(prepared->error(), failure, error);
    }
    opened.assign(prepared->output().begin(), prepared->output().end());
  }
  const std::vector<uint8_t> opened_plaintext(opened.begin() + kTimedAadLen, opened.end());
  if (std::string diff = CompareBytes("opened plaintext", opened_plaintext, plaintext);
      !diff.empty()) {
    return PrepareCheckFailed(alg, input_len, diff, failure, error);
  }
  return prepared;
}

}  // namespace cryptobench::backends::afalg
