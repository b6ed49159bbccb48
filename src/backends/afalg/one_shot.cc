// One-shot AF_ALG operations (one_shot.h).
#include "backends/afalg/one_shot.h"

#include <cerrno>

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

}  // namespace

std::string AfalgOneShot::Cipher(const AlgorithmInfo& alg, bool decrypt, const Bytes& key,
                                 const Bytes& iv, const Bytes& input, Bytes* output) {
  if (input.size() > kMaxRequestLen) {
    return TooLong(input.size());
  }
  Socket transform;
  Socket operation;
  std::string name;
  if (std::string error =
          Connect(api_, alg, AlgType::kSkcipher, key, 0, &transform, &operation, &name);
      !error.empty()) {
    return error;
  }
  RequestControl control;
  control.encrypt = !decrypt;
  if (!iv.empty()) {
    control.iv = iv;
  }
  const Request request(control, {input});
  if (std::string error = request.Send(operation, false); !error.empty()) {
    return error;
  }
  output->assign(input.size(), 0);
  if (long result = ReadFull(operation, *output); result != 0) {
    return ReadError(name, result);
  }
  return "";
}

std::string AfalgOneShot::Seal(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                               const Bytes& aad, const Bytes& plaintext, size_t tag_len,
                               Bytes* ciphertext, Bytes* tag) {
  if (aad.size() + plaintext.size() + tag_len > kMaxRequestLen) {
    return TooLong(aad.size() + plaintext.size());
  }
  const Bytes iv = AeadIv(alg, nonce);
  if (iv.empty()) {
    return "a " + std::to_string(nonce.size()) + "-byte nonce is not valid for " +
           std::string(alg.name);
  }
  Socket transform;
  Socket operation;
  std::string name;
  if (std::string error =
          Connect(api_, alg, AlgType::kAead, key, tag_len, &transform, &operation, &name);
      !error.empty()) {
    return error;
  }
  const Request request({.encrypt = true, .iv = iv, .assoclen = static_cast<uint32_t>(aad.size())},
                        {aad, plaintext});
  if (std::string error = request.Send(operation, false); !error.empty()) {
    return error;
  }
  // Output: AAD || ciphertext || tag (the kernel copies the AAD through).
  Bytes out(aad.size() + plaintext.size() + tag_len);
  if (long result = ReadFull(operation, out); result != 0) {
    return ReadError(name, result);
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
  const Bytes iv = AeadIv(alg, nonce);
  if (iv.empty()) {
    return "a " + std::to_string(nonce.size()) + "-byte nonce is not valid for " +
           std::string(alg.name);
  }
  Socket transform;
  Socket operation;
  std::string name;
  if (std::string error =
          Connect(api_, alg, AlgType::kAead, key, tag.size(), &transform, &operation, &name);
      !error.empty()) {
    return error;
  }
  const Request request({.encrypt = false, .iv = iv, .assoclen = static_cast<uint32_t>(aad.size())},
                        {aad, ciphertext, tag});
  if (std::string error = request.Send(operation, false); !error.empty()) {
    return error;
  }
  // Output: AAD || plaintext; a tag that does not verify fails the read with EBADMSG.
  Bytes out(aad.size() + ciphertext.size());
  const long result = ReadFull(operation, out);
  if (result == -EBADMSG) {
    plaintext->clear();
    return "";
  }
  if (result != 0) {
    return ReadError(name, result);
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
  Socket transform;
  Socket operation;
  std::string name;
  if (std::string error = Connect(api_, alg, AlgType::kHash, key, 0, &transform, &operation, &name);
      !error.empty()) {
    return error;
  }
  // Without MSG_MORE the kernel finalises the digest on this send; read() returns it.
  const Request request({}, {message});
  if (std::string error = request.Send(operation, false); !error.empty()) {
    return error;
  }
  out->assign(alg.tag_len, 0);
  if (long result = ReadFull(operation, *out); result != 0) {
    return ReadError(name, result);
  }
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
