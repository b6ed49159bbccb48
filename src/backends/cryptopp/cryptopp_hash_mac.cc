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

// The timed operation: one digest or tag of the input per iteration (Update, then Final, which
// restarts the object); Poly1305 is keyed first.
class HashMacOperation : public PreparedOperation {
 public:
  HashMacOperation(std::unique_ptr<CryptoPP::HashTransformation> object,
                   CryptoPP::MessageAuthenticationCode* rekey, Bytes key, AlignedBuffer input)
      : object_(std::move(object)),
        rekey_(rekey),
        key_(std::move(key)),
        input_(std::move(input)),
        out_(object_->DigestSize()) {}

  bool Run(uint64_t iterations) override {
    error_ = Guarded("Crypto++", [&] {
      for (uint64_t i = 0; i < iterations; ++i) {
        if (rekey_ != nullptr) {
          rekey_->SetKey(key_.data(), key_.size());
        }
        object_->Update(input_.data(), input_.size());
        object_->Final(out_.data());
      }
      return std::string();
    });
    return error_.empty();
  }

  const Bytes& output() const { return out_; }

 private:
  std::unique_ptr<CryptoPP::HashTransformation> object_;
  CryptoPP::MessageAuthenticationCode* rekey_;  // object_ when it is keyed per message
  Bytes key_;
  AlignedBuffer input_;
  Bytes out_;
};

// Prepare() for both kinds: `reference` computes the expected output of one operation.
template <typename Reference>
std::unique_ptr<PreparedOperation> PrepareComputation(
    const AlgorithmInfo& alg, size_t input_len,
    std::unique_ptr<CryptoPP::HashTransformation> object,
    CryptoPP::MessageAuthenticationCode* rekey, const Bytes& key, Reference reference,
    PrepareFailure* failure, std::string* error) {
  AlignedBuffer input(input_len);
  FillPattern(input.span(), kMessageSeed);
  const Bytes message(input.data(), input.data() + input_len);
  auto prepared =
      std::make_unique<HashMacOperation>(std::move(object), rekey, key, std::move(input));
  // Two runs: the second proves the object restarts cleanly after Final().
  if (!prepared->Run(2)) {
    return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
  }
  Bytes expected;
  if (std::string e = reference(message, &expected); !e.empty()) {
    return PrepareFailed(PrepareFailure::kLibraryError, e, failure, error);
  }
  Bytes out = prepared->output();
  CorruptIfTesting(out);
  std::string diff =
      CompareBytes(alg.kind == AlgorithmKind::kHash ? "digest" : "tag", out, expected);
  if (diff.empty() && out.size() != alg.tag_len) {
    diff = "output is " + std::to_string(out.size()) + " bytes, expected " +
           std::to_string(alg.tag_len);
  }
  if (!diff.empty()) {
    return PrepareFailed(
        PrepareFailure::kCheckFailed,
        std::string(alg.name) + " at " + std::to_string(input_len) + " bytes: " + diff, failure,
        error);
  }
  return prepared;
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
  auto hash = NewHash(alg);
  if (!hash) {
    return kNotOffered;
  }
  return Guarded("Crypto++ " + std::string(alg.name), [&] {
    digest->assign(hash->DigestSize(), 0);
    hash->CalculateDigest(digest->data(), NonNullData(message), message.size());
    return std::string();
  });
}

std::string MacOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                       Bytes* tag) {
  auto mac = NewMac(alg);
  if (!mac) {
    return kNotOffered;
  }
  return Guarded("Crypto++ " + std::string(alg.name), [&] {
    mac->SetKey(NonNullData(key), key.size());
    tag->assign(mac->DigestSize(), 0);
    mac->CalculateDigest(tag->data(), NonNullData(message), message.size());
    return std::string();
  });
}

std::unique_ptr<PreparedOperation> PrepareHash(const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, PrepareFailure* failure,
                                               std::string* error) {
  auto hash = NewHash(alg);
  if (op != Operation::kHash || !hash) {
    return PrepareFailed(PrepareFailure::kLibraryError, NoSuchOperation(alg, op), failure, error);
  }
  // Reference: a fresh object fed the message in two pieces.
  auto reference = [&](const Bytes& message, Bytes* out) {
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
  return PrepareComputation(alg, input_len, std::move(hash), nullptr, Bytes(), reference, failure,
                            error);
}

std::unique_ptr<PreparedOperation> PrepareMac(const AlgorithmInfo& alg, Operation op,
                                              size_t input_len, PrepareFailure* failure,
                                              std::string* error) {
  auto mac = NewMac(alg);
  if (op != Operation::kMac || !mac) {
    return PrepareFailed(PrepareFailure::kLibraryError, NoSuchOperation(alg, op), failure, error);
  }
  const Bytes key = PatternBytes(alg.key_len, kKeySeed);
  if (std::string e = Guarded("Crypto++ " + std::string(alg.name),
                              [&] {
                                mac->SetKey(key.data(), key.size());
                                return std::string();
                              });
      !e.empty()) {
    return PrepareFailed(PrepareFailure::kLibraryError, e, failure, error);
  }
  CryptoPP::MessageAuthenticationCode* rekey = RekeysPerMessage(alg) ? mac.get() : nullptr;
  auto reference = [&](const Bytes& message, Bytes* out) {
    return MacOneShot(alg, key, message, out);
  };
  return PrepareComputation(alg, input_len, std::move(mac), rekey, key, reference, failure, error);
}

}  // namespace cryptobench::backends::cryptopp
