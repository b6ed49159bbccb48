// One-shot AF_ALG operations (one_shot.h).
#include "backends/afalg/one_shot.h"

#include <cerrno>
#include <span>
#include <utility>
#include <vector>

#include "backends/afalg/algorithms.h"
#include "backends/afalg/protocol.h"

namespace cryptobench::backends::afalg {
namespace {

// Opens transform and operation sockets for `alg` of `type`; "" or the error line.
std::string Connect(const std::shared_ptr<SocketApi>& api, const AlgorithmInfo& alg, AlgType type,
                    const Bytes& key, size_t aead_tag_len, Socket* transform, Socket* operation,
                    std::string* name) {
  const std::optional<KernelAlgorithm> kernel = KernelAlgorithmFor(alg);
  if (!kernel || kernel->type != type) {
    return kNotOffered;
  }
  *name = kernel->name;
  if (std::string error = OpenTransform(api, type, kernel->name, key, aead_tag_len, transform);
      !error.empty()) {
    return error;
  }
  return AcceptOperation(*transform, operation);
}

std::string TooLong(size_t len) {
  return "input of " + std::to_string(len) + " bytes exceeds one AF_ALG request (" +
         std::to_string(kMaxRequestLen) + " bytes)";
}

// One request on a fresh transform of `alg` (Connect's `type`, `key`, `aead_tag_len`): `control`
// and `pieces` sent in one sendmsg() without MSG_MORE, then *out (sized by the caller) read back
// in full. Returns "" or the error line. With `rejected` given, a read failing with EBADMSG (an
// AEAD tag that does not verify) sets *rejected and returns "".
std::string OneRequest(const std::shared_ptr<SocketApi>& api, const AlgorithmInfo& alg,
                       AlgType type, const Bytes& key, size_t aead_tag_len,
                       const RequestControl& control, std::vector<std::span<const uint8_t>> pieces,
                       Bytes* out, bool* rejected = nullptr) {
  Socket transform;
  Socket operation;
  std::string name;
  if (std::string error = Connect(api, alg, type, key, aead_tag_len, &transform, &operation, &name);
      !error.empty()) {
    return error;
  }
  const Request request(control, std::move(pieces));
  if (std::string error = request.Send(operation, false); !error.empty()) {
    return error;
  }
  const long result = ReadFull(operation, *out);
  if (rejected != nullptr && result == -EBADMSG) {
    *rejected = true;
    return "";
  }
  return result == 0 ? "" : ReadError(name, result);
}

// The IV the kernel takes for an AEAD with `nonce` (AeadIv) into *iv; "" or why there is none.
std::string AeadIvFor(const AlgorithmInfo& alg, const Bytes& nonce, Bytes* iv) {
  *iv = AeadIv(alg, nonce);
  if (iv->empty()) {
    return "a " + std::to_string(nonce.size()) + "-byte nonce is not valid for " +
           std::string(alg.name);
  }
  return "";
}

}  // namespace

std::string AfalgOneShot::Cipher(const AlgorithmInfo& alg, bool decrypt, const Bytes& key,
                                 const Bytes& iv, const Bytes& input, Bytes* output) {
  if (input.size() > kMaxRequestLen) {
    return TooLong(input.size());
  }
  RequestControl control;
  control.encrypt = !decrypt;
  if (!iv.empty()) {
    control.iv = iv;
  }
  Bytes out(input.size());
  if (std::string error = OneRequest(api_, alg, AlgType::kSkcipher, key, 0, control, {input}, &out);
      !error.empty()) {
    return error;
  }
  *output = std::move(out);
  return "";
}

std::string AfalgOneShot::Seal(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                               const Bytes& aad, const Bytes& plaintext, size_t tag_len,
                               Bytes* ciphertext, Bytes* tag) {
  if (aad.size() + plaintext.size() + tag_len > kMaxRequestLen) {
    return TooLong(aad.size() + plaintext.size());
  }
  Bytes iv;
  if (std::string error = AeadIvFor(alg, nonce, &iv); !error.empty()) {
    return error;
  }
  // Output: AAD || ciphertext || tag (the kernel copies the AAD through).
  Bytes out(aad.size() + plaintext.size() + tag_len);
  if (std::string error =
          OneRequest(api_, alg, AlgType::kAead, key, tag_len,
                     {.encrypt = true, .iv = iv, .assoclen = static_cast<uint32_t>(aad.size())},
                     {aad, plaintext}, &out);
      !error.empty()) {
    return error;
  }
  const auto ciphertext_begin = out.begin() + static_cast<std::ptrdiff_t>(aad.size());
  const auto tag_begin = ciphertext_begin + static_cast<std::ptrdiff_t>(plaintext.size());
  ciphertext->assign(ciphertext_begin, tag_begin);
  tag->assign(tag_begin, out.end());
  return "";
}

std::string AfalgOneShot::Open(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                               const Bytes& aad, const Bytes& ciphertext, const Bytes& tag,
                               Bytes* plaintext, bool* authentic) {
  *authentic = false;
  if (aad.size() + ciphertext.size() + tag.size() > kMaxRequestLen) {
    return TooLong(aad.size() + ciphertext.size());
  }
  Bytes iv;
  if (std::string error = AeadIvFor(alg, nonce, &iv); !error.empty()) {
    return error;
  }
  // Output: AAD || plaintext; a tag that does not verify fails the read with EBADMSG.
  Bytes out(aad.size() + ciphertext.size());
  bool rejected = false;
  if (std::string error =
          OneRequest(api_, alg, AlgType::kAead, key, tag.size(),
                     {.encrypt = false, .iv = iv, .assoclen = static_cast<uint32_t>(aad.size())},
                     {aad, ciphertext, tag}, &out, &rejected);
      !error.empty()) {
    return error;
  }
  if (rejected) {
    plaintext->clear();
    return "";
  }
  *authentic = true;
  plaintext->assign(out.begin() + static_cast<std::ptrdiff_t>(aad.size()), out.end());
  return "";
}

std::string AfalgOneShot::Digest(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                                 Bytes* out) {
  if (message.size() > kMaxRequestLen) {
    return TooLong(message.size());
  }
  // Without MSG_MORE the kernel finalises the digest on this send; read() returns it.
  Bytes digest(alg.tag_len);
  if (std::string error = OneRequest(api_, alg, AlgType::kHash, key, 0, {}, {message}, &digest);
      !error.empty()) {
    return error;
  }
  *out = std::move(digest);
  return "";
}

std::string AfalgOneShot::Hash(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) {
  return alg.kind == AlgorithmKind::kHash ? Digest(alg, {}, message, digest) : kNotOffered;
}

std::string AfalgOneShot::Mac(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                              Bytes* tag) {
  if (alg.kind != AlgorithmKind::kMac) {
    return kNotOffered;
  }
  if (key.empty()) {
    return "the kernel's keyed hashes need a key";  // ALG_SET_KEY would be skipped otherwise
  }
  return Digest(alg, key, message, tag);
}

}  // namespace cryptobench::backends::afalg
