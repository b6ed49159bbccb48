// Timed AF_ALG operations (operations.h).
#include "backends/afalg/operations.h"

#include <cerrno>
#include <cstring>
#include <optional>

#include "backends/afalg/algorithms.h"
#include "backends/afalg/protocol.h"
#include "backends/openssl/buffers.h"

namespace cryptobench::backends::afalg {
namespace {

using openssl::AlignedBuffer;
using openssl::CompareBytes;
using openssl::CorruptIfTesting;
using openssl::PatternBytes;
using openssl::PrepareFailed;

constexpr uint8_t kKeySeed = 1;
constexpr uint8_t kIvSeed = 2;
constexpr uint8_t kPlaintextSeed = 3;
constexpr uint8_t kAadSeed = 4;
constexpr size_t kTimedAadLen = 13;  // a TLS record header, as the other backends use

std::unique_ptr<PreparedOperation> LibraryError(std::string message, PrepareFailure* failure,
                                                std::string* error) {
  return PrepareFailed(PrepareFailure::kLibraryError, std::move(message), failure, error);
}

std::unique_ptr<PreparedOperation> CheckFailed(const AlgorithmInfo& alg, size_t input_len,
                                               const std::string& what, PrepareFailure* failure,
                                               std::string* error) {
  return PrepareFailed(
      PrepareFailure::kCheckFailed,
      std::string(alg.name) + " at " + std::to_string(input_len) + " bytes: " + what, failure,
      error);
}

std::string NoSuchOperation(const AlgorithmInfo& alg, Operation op) {
  return std::string(alg.name) + " has no " + std::string(OperationName(op)) + " operation";
}

// One request and its read on `operation`: "" or the error line; *code gets the read result.
std::string Exchange(const Socket& operation, const Request& request, std::span<uint8_t> out,
                     const std::string& name, long* code = nullptr) {
  if (std::string sent = request.Send(operation, false); !sent.empty()) {
    return sent;
  }
  const long result = ReadFull(operation, out);
  if (code != nullptr) {
    *code = result;
  }
  return result == 0 ? "" : ReadError(name, result);
}

class SkcipherOperation : public PreparedOperation {
 public:
  SkcipherOperation(Socket transform, Socket operation, std::string name, AlignedBuffer in,
                    RequestControl first, bool iv_every_request)
      : transform_(std::move(transform)),
        operation_(std::move(operation)),
        name_(std::move(name)),
        in_(std::move(in)),
        out_(in_.size()),
        first_(first, {in_.span()}),
        next_(iv_every_request ? RequestControl{.encrypt = first.encrypt, .iv = first.iv}
                               : RequestControl{},
              {in_.span()}) {}

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

  std::span<const uint8_t> output() const { return out_.span(); }

 private:
  Socket transform_;  // keeps the key; closed after the operation socket
  Socket operation_;
  std::string name_;
  AlignedBuffer in_;
  AlignedBuffer out_;
  Request first_;  // ALG_SET_OP + ALG_SET_IV
  Request next_;   // input only (XTS: ALG_SET_IV again)
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

// Writes `counter` big-endian into the last (up to 8) bytes of `nonce`.
void SetNonceCounter(std::span<uint8_t> nonce, uint64_t counter) {
  for (size_t i = 0; i < nonce.size() && i < 8; ++i) {
    nonce[nonce.size() - 1 - i] = static_cast<uint8_t>(counter >> (8 * i));
  }
}

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

class HashOperation : public PreparedOperation {
 public:
  HashOperation(Socket transform, Socket operation, std::string name, AlignedBuffer in,
                size_t digest_len)
      : transform_(std::move(transform)),
        operation_(std::move(operation)),
        name_(std::move(name)),
        in_(std::move(in)),
        out_(digest_len),
        request_({}, {in_.span()}) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (std::string failed = Exchange(operation_, request_, out_.span(), name_);
          !failed.empty()) {
        error_ = failed;
        return false;
      }
    }
    return true;
  }

  std::span<const uint8_t> output() const { return out_.span(); }

 private:
  Socket transform_;
  Socket operation_;
  std::string name_;
  AlignedBuffer in_;
  AlignedBuffer out_;
  Request request_;
};

// Opens and accepts for `alg`, which must map to a kernel algorithm of `type`.
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

}  // namespace

std::unique_ptr<PreparedOperation> PrepareSkcipher(const std::shared_ptr<SocketApi>& api,
                                                   const AlgorithmInfo& alg, Operation op,
                                                   size_t input_len, bool corrupt,
                                                   PrepareFailure* failure, std::string* error) {
  if (op != Operation::kEncrypt && op != Operation::kDecrypt) {
    return LibraryError(NoSuchOperation(alg, op), failure, error);
  }
  const bool whole_blocks = alg.name.ends_with("-CBC") || alg.name.ends_with("-ECB");
  const bool xts = alg.name.ends_with("-XTS");
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
  auto prepared = std::make_unique<SkcipherOperation>(std::move(transform), std::move(operation),
                                                      name, std::move(in), first, xts);
  if (!prepared->Run(1)) {
    return LibraryError(prepared->error(), failure, error);
  }
  std::vector<uint8_t> out(prepared->output().begin(), prepared->output().end());
  CorruptIfTesting(corrupt, out);
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
    return CheckFailed(alg, input_len, mismatch, failure, error);
  }
  return prepared;
}

std::unique_ptr<PreparedOperation> PrepareAeadRequest(const std::shared_ptr<SocketApi>& api,
                                                      const AlgorithmInfo& alg, Operation op,
                                                      size_t input_len, bool corrupt,
                                                      PrepareFailure* failure, std::string* error) {
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
  CorruptIfTesting(corrupt, std::span<uint8_t>(sealed).subspan(kTimedAadLen));
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
                 ? CheckFailed(alg, input_len, "open rejected the tag of the timed seal", failure,
                               error)
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
                 ? CheckFailed(alg, input_len, "the timed open rejected the tag", failure, error)
                 : LibraryError(prepared->error(), failure, error);
    }
    opened.assign(prepared->output().begin(), prepared->output().end());
  }
  const std::vector<uint8_t> opened_plaintext(opened.begin() + kTimedAadLen, opened.end());
  if (std::string diff = CompareBytes("opened plaintext", opened_plaintext, plaintext);
      !diff.empty()) {
    return CheckFailed(alg, input_len, diff, failure, error);
  }
  return prepared;
}

std::unique_ptr<PreparedOperation> PrepareHash(const std::shared_ptr<SocketApi>& api,
                                               const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, bool corrupt,
                                               PrepareFailure* failure, std::string* error) {
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
  auto prepared = std::make_unique<HashOperation>(std::move(transform), std::move(operation), name,
                                                  std::move(in), alg.tag_len);
  // Two runs: the second proves the socket starts a new digest (with the kept key).
  if (!prepared->Run(2)) {
    return LibraryError(prepared->error(), failure, error);
  }
  std::vector<uint8_t> out(prepared->output().begin(), prepared->output().end());
  CorruptIfTesting(corrupt, out);
  if (std::string diff =
          CompareBytes(alg.kind == AlgorithmKind::kMac ? "tag" : "digest", out, reference);
      !diff.empty()) {
    return CheckFailed(alg, input_len, diff, failure, error);
  }
  return prepared;
}

}  // namespace cryptobench::backends::afalg
