// The AF_ALG backend's one-shot operations (KatTarget): each opens a transform socket, keys it,
// accepts an operation socket and sends one request, so KATs exercise the same protocol that
// the timed operations use.
#pragma once

#include <memory>
#include <string>

#include "backends/afalg/socket_api.h"
#include "backends/common/kat_target.h"

namespace cryptobench::backends::afalg {

/// KatTarget over the kernel crypto API: Cipher (skcipher), Seal and Open (aead: input
/// AAD || plaintext, output AAD || ciphertext || tag; open input AAD || ciphertext || tag, output
/// AAD || plaintext; a rejected tag is read() failing with EBADMSG), Hash and Mac (hash). The
/// rest is kNotOffered.
class AfalgOneShot : public KatTarget {
 public:
  explicit AfalgOneShot(std::shared_ptr<SocketApi> api) : api_(std::move(api)) {}

  std::string Cipher(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                     const Bytes& input, Bytes* output) override;
  std::string Seal(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce, const Bytes& aad,
                   const Bytes& plaintext, size_t tag_len, Bytes* ciphertext, Bytes* tag) override;
  std::string Open(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce, const Bytes& aad,
                   const Bytes& ciphertext, const Bytes& tag, Bytes* plaintext,
                   bool* authentic) override;
  std::string Hash(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) override;
  std::string Mac(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                  Bytes* tag) override;

 private:
  std::string Digest(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message, Bytes* out);

  std::shared_ptr<SocketApi> api_;
};

}  // namespace cryptobench::backends::afalg
