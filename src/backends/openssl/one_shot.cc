// KatTarget over libcrypto: thin adapters to the per-family one-shot functions.
#include "backends/openssl/one_shot.h"

#include <exception>
#include <functional>
#include <string>

#include "backends/openssl/aead.h"
#include "backends/openssl/cipher.h"
#include "backends/openssl/digest.h"
#include "backends/openssl/key_agreement.h"
#include "backends/openssl/mac.h"
#include "backends/openssl/signature.h"

namespace cryptobench::backends::openssl {
namespace {

class OneShotTarget : public KatTarget {
 public:
  explicit OneShotTarget(LibcryptoPtr lib) : lib_(std::move(lib)) {}

  std::string Cipher(const AlgorithmInfo& alg, bool decrypt, const Bytes& key, const Bytes& iv,
                     const Bytes& input, Bytes* output) override {
    return Guard([&] { return CipherOneShot(*lib_, alg, decrypt, key, iv, input, output); });
  }

  std::string Seal(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce, const Bytes& aad,
                   const Bytes& plaintext, size_t tag_len, Bytes* ciphertext, Bytes* tag) override {
    return Guard([&] {
      return AeadSealOneShot(*lib_, alg, key, nonce, aad, plaintext, tag_len, ciphertext, tag);
    });
  }

  std::string Open(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce, const Bytes& aad,
                   const Bytes& ciphertext, const Bytes& tag, Bytes* plaintext,
                   bool* authentic) override {
    return Guard([&] {
      return AeadOpenOneShot(*lib_, alg, key, nonce, aad, ciphertext, tag, plaintext, authentic);
    });
  }

  std::string Hash(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) override {
    return Guard([&] { return DigestOneShot(*lib_, alg, message, digest); });
  }

  std::string Mac(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                  Bytes* tag) override {
    return Guard([&] { return MacOneShot(lib_, alg, key, message, tag); });
  }

  std::string Verify(const AlgorithmInfo& alg, const KatVector& vector, bool tamper,
                     bool* valid) override {
    return Guard([&] { return VerifyOneShot(*lib_, alg, vector, tamper, valid); });
  }

  std::string Sign(const AlgorithmInfo& alg, const KatVector& vector, Bytes* signature) override {
    return Guard([&] { return SignOneShot(*lib_, alg, vector, signature); });
  }

  std::string SignRoundTrip(const AlgorithmInfo& alg) override {
    return Guard([&] { return SignatureRoundTrip(lib_, alg); });
  }

  std::string Derive(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret) override {
    return Guard([&] { return DeriveOneShot(*lib_, alg, vector, secret); });
  }

 private:
  // Runs `call`; a thrown exception (a malformed hex field, an allocation failure) becomes its
  // one-line result, and libcrypto's error queue is left empty either way.
  std::string Guard(const std::function<std::string()>& call) {
    std::string result;
    try {
      result = call();
    } catch (const std::exception& e) {
      result = e.what();
    }
    lib_->ERR_clear_error();
    return result;
  }

  LibcryptoPtr lib_;
};

}  // namespace

std::unique_ptr<KatTarget> MakeOneShotTarget(LibcryptoPtr lib) {
  return std::make_unique<OneShotTarget>(std::move(lib));
}

}  // namespace cryptobench::backends::openssl
