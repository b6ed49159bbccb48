// Hashes (HashTransformation) and MACs (MessageAuthenticationCode) through Crypto++.
// MD5 lives in Crypto++'s Weak namespace, which must be asked for before md5.h is included.
#define CRYPTOPP_ENABLE_NAMESPACE_WEAK 1
#include <string>
#include <vector>

#include <crypto++/aes.h>
#include <crypto++/blake2.h>
#include <crypto++/cmac.h>
#include <crypto++/hmac.h>
#include <crypto++/md5.h>
#include <crypto++/poly1305.h>
#include <crypto++/sha.h>
#include <crypto++/sha3.h>

#include "backends/common/buffers.h"
#include "backends/common/hash_mac_adapter.h"
#include "backends/common/timing_inputs.h"
#include "backends/cryptopp/cryptopp_internal.h"

namespace cryptobench::backends::cryptopp {
namespace {

// A new hash object for `alg`; null if this backend does not offer it.
std::unique_ptr<CryptoPP::HashTransformation> NewHash(const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kHash) {
    return nullptr;
  }
  const std::string_view name = alg.name;
  if (name == "MD5") {
    return std::make_unique<CryptoPP::Weak::MD5>();
  }
  if (name == "SHA-1") {
    return std::make_unique<CryptoPP::SHA1>();
  }
  if (name == "SHA-224") {
    return std::make_unique<CryptoPP::SHA224>();
  }
  if (name == "SHA-256") {
    return std::make_unique<CryptoPP::SHA256>();
  }
  if (name == "SHA-384") {
    return std::make_unique<CryptoPP::SHA384>();
  }
  if (name == "SHA-512") {
    return std::make_unique<CryptoPP::SHA512>();
  }
  if (name == "SHA3-256") {
    return std::make_unique<CryptoPP::SHA3_256>();
  }
  if (name == "BLAKE2b-512") {
    return std::make_unique<CryptoPP::BLAKE2b>();  // unkeyed, 64-byte digest by default
  }
  return nullptr;
}

// A new, unkeyed MAC object for `alg`; null if this backend does not offer it.
std::unique_ptr<CryptoPP::MessageAuthenticationCode> NewMac(const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kMac) {
    return nullptr;
  }
  if (alg.name == "HMAC-SHA256") {
    return std::make_unique<CryptoPP::HMAC<CryptoPP::SHA256>>();
  }
  if (alg.name == "CMAC-AES-128") {
    return std::make_unique<CryptoPP::CMAC<CryptoPP::AES>>();
  }
  if (alg.name == "Poly1305") {
    // Poly1305TLS is RFC 8439's Poly1305 (32-byte one-time key r || s); Crypto++'s Poly1305<AES>
    // is the older Poly1305-AES.
    return std::make_unique<CryptoPP::Poly1305TLS>();
  }
  return nullptr;
}

// Poly1305 is a one-time-key MAC, so it is keyed per message (as in the OpenSSL backend); HMAC
// and CMAC keep their key between messages.
bool RekeysPerMessage(const AlgorithmInfo& alg) { return alg.name == "Poly1305"; }

// The engine (hash_mac_adapter.h): one digest or tag of a message per Compute() (Update, then
// Final, which restarts the object); Poly1305 is keyed first.
class Engine {
 public:
  Engine(std::unique_ptr<CryptoPP::HashTransformation> object,
         CryptoPP::MessageAuthenticationCode* rekey, Bytes key)
      : object_(std::move(object)), rekey_(rekey), key_(std::move(key)) {}

  template <typename Body>
  static std::string Guarded(Body&& body) {
    return backends::Guarded("Crypto++", std::forward<Body>(body));
  }

  size_t output_len() const { return object_->DigestSize(); }

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* /*error*/) {
    if (rekey_ != nullptr) {
      rekey_->SetKey(key_.data(), key_.size());
    }
    object_->Update(in, len);
    object_->Final(out);
    return true;
  }

 private:
  std::unique_ptr<CryptoPP::HashTransformation> object_;
  CryptoPP::MessageAuthenticationCode* rekey_;  // object_ when it is keyed per message
  Bytes key_;
};

std::unique_ptr<Engine> NewHashEngine(const AlgorithmInfo& alg, std::span<const uint8_t> /*key*/,
                                      std::string* error) {
  auto hash = NewHash(alg);
  if (!hash) {
    *error = kNotOffered;
    return nullptr;
  }
  return std::make_unique<Engine>(std::move(hash), nullptr, Bytes());
}

std::unique_ptr<Engine> NewMacEngine(const AlgorithmInfo& alg, std::span<const uint8_t> key,
                                     std::string* error) {
  auto mac = NewMac(alg);
  if (!mac) {
    *error = kNotOffered;
    return nullptr;
  }
  std::unique_ptr<Engine> engine;
  *error = Guarded("Crypto++ " + std::string(alg.name), [&] {
    mac->SetKey(NonNullData(key), key.size());
    CryptoPP::MessageAuthenticationCode* rekey = RekeysPerMessage(alg) ? mac.get() : nullptr;
    engine = std::make_unique<Engine>(std::move(mac), rekey, Bytes(key.begin(), key.end()));
    return std::string();
  });
  return engine;
}

}  // namespace

bool HashSupported(const AlgorithmInfo& alg) { return NewHash(alg) != nullptr; }

bool MacSupported(const AlgorithmInfo& alg) { return NewMac(alg) != nullptr; }

std::string HashMacImplementation(const AlgorithmInfo& alg) {
  std::string provider;
  Guarded("", [&] {
    if (auto hash = NewHash(alg)) {
      provider = hash->AlgorithmProvider();
    } else if (auto mac = NewMac(alg)) {
      const Bytes key = PatternBytes(alg.key_len, kKeySeed);
      mac->SetKey(key.data(), key.size());
      provider = mac->AlgorithmProvider();
    }
    return std::string();
  });
  return provider;
}

std::string HashOneShot(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest) {
  return HashMacOneShot<Engine>(&NewHashEngine, alg, {}, message, digest);
}

std::string MacOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                       Bytes* tag) {
  return HashMacOneShot<Engine>(&NewMacEngine, alg, key, message, tag);
}

std::unique_ptr<PreparedOperation> PrepareHash(const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, PrepareFailure* failure,
                                               std::string* error) {
  if (op != Operation::kHash || !NewHash(alg)) {
    return PrepareNoSuchOperation(alg, op, failure, error);
  }
  // Reference: a fresh object fed the message in two pieces.
  auto reference = [&](const Bytes& /*key*/, const Bytes& message, Bytes* out) {
    return Guarded("Crypto++ " + std::string(alg.name), [&] {
      auto fresh = NewHash(alg);
      const size_t half = message.size() / 2;
      fresh->Update(NonNullData(message), half);
      fresh->Update(NonNullData(message) + half, message.size() - half);
      out->assign(fresh->DigestSize(), 0);
      fresh->Final(out->data());
      return std::string();
    });
  };
  return PrepareHashMacWith<Engine>(&NewHashEngine, reference, alg, input_len, failure, error);
}

std::unique_ptr<PreparedOperation> PrepareMac(const AlgorithmInfo& alg, Operation op,
                                              size_t input_len, PrepareFailure* failure,
                                              std::string* error) {
  if (op != Operation::kMac || !NewMac(alg)) {
    return PrepareNoSuchOperation(alg, op, failure, error);
  }
  return PrepareMacWith<Engine>(&NewMacEngine, alg, input_len, failure, error);
}

}  // namespace cryptobench::backends::cryptopp
