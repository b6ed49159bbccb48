// FunctionKatTarget (function_kat_target.h): each method calls its function, or says
// kNotOffered where there is none.
#include "backends/common/function_kat_target.h"

namespace cryptobench::backends {
namespace {

template <typename Function, typename... Args>
std::string CallIfOffered(Function* function, const Args&... args) {
  return function == nullptr ? std::string(kNotOffered) : function(args...);
}

template <typename Function>
void TakeIfNull(Function* from, Function** to) {
  if (*to == nullptr) {
    *to = from;
  }
}

}  // namespace

OneShotFunctions MergeOneShots(std::initializer_list<OneShotFunctions> parts) {
  OneShotFunctions merged;
  for (const OneShotFunctions& part : parts) {
    TakeIfNull(part.cipher, &merged.cipher);
    TakeIfNull(part.seal, &merged.seal);
    TakeIfNull(part.open, &merged.open);
    TakeIfNull(part.hash, &merged.hash);
    TakeIfNull(part.mac, &merged.mac);
    TakeIfNull(part.verify, &merged.verify);
    TakeIfNull(part.sign, &merged.sign);
    TakeIfNull(part.sign_round_trip, &merged.sign_round_trip);
    TakeIfNull(part.derive, &merged.derive);
  }
  return merged;
}

std::string FunctionKatTarget::Cipher(const AlgorithmInfo& alg, bool decrypt, const Bytes& key,
                                      const Bytes& iv, const Bytes& input, Bytes* output) {
  return CallIfOffered(functions_.cipher, alg, decrypt, key, iv, input, output);
}

std::string FunctionKatTarget::Seal(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                                    const Bytes& aad, const Bytes& plaintext, size_t tag_len,
                                    Bytes* ciphertext, Bytes* tag) {
  return CallIfOffered(functions_.seal, alg, key, nonce, aad, plaintext, tag_len, ciphertext, tag);
}

std::string FunctionKatTarget::Open(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                                    const Bytes& aad, const Bytes& ciphertext, const Bytes& tag,
                                    Bytes* plaintext, bool* authentic) {
  return CallIfOffered(functions_.open, alg, key, nonce, aad, ciphertext, tag, plaintext,
                       authentic);
}

std::string FunctionKatTarget::Hash(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) {
  return CallIfOffered(functions_.hash, alg, message, digest);
}

std::string FunctionKatTarget::Mac(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                                   Bytes* tag) {
  return CallIfOffered(functions_.mac, alg, key, message, tag);
}

std::string FunctionKatTarget::Verify(const AlgorithmInfo& alg, const KatVector& vector,
                                      bool tamper, bool* valid) {
  return CallIfOffered(functions_.verify, alg, vector, tamper, valid);
}

std::string FunctionKatTarget::Sign(const AlgorithmInfo& alg, const KatVector& vector,
                                    Bytes* signature) {
  return CallIfOffered(functions_.sign, alg, vector, signature);
}

std::string FunctionKatTarget::SignRoundTrip(const AlgorithmInfo& alg) {
  return CallIfOffered(functions_.sign_round_trip, alg);
}

std::string FunctionKatTarget::Derive(const AlgorithmInfo& alg, const KatVector& vector,
                                      Bytes* secret) {
  return CallIfOffered(functions_.derive, alg, vector, secret);
}

}  // namespace cryptobench::backends
