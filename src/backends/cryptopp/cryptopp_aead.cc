// AEADs through Crypto++'s AuthenticatedSymmetricCipher: GCM<AES>, CCM<AES>, ChaCha20Poly1305
// (RFC 8439) and XChaCha20Poly1305 (draft-irtf-cfrg-xchacha-03), one message per
// EncryptAndAuthenticate / DecryptAndVerify call.
#include <cstring>
#include <string>
#include <vector>

#include <crypto++/aes.h>
#include <crypto++/algparam.h>
#include <crypto++/argnames.h>
#include <crypto++/ccm.h>
#include <crypto++/chachapoly.h>
#include <crypto++/gcm.h>

#include "backends/common/buffers.h"
#include "backends/common/timing_inputs.h"
#include "backends/cryptopp/cryptopp_internal.h"
#include "backends/openssl/aead.h"

namespace cryptobench::backends::cryptopp {
namespace {

enum class Family { kNone, kGcm, kCcm, kChaChaPoly, kXChaChaPoly };

Family FamilyOf(const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kAead) {
    return Family::kNone;
  }
  if (alg.name == "ChaCha20-Poly1305") {
    return Family::kChaChaPoly;
  }
  if (alg.name == "XChaCha20-Poly1305") {
    return Family::kXChaChaPoly;
  }
  // The AES entries bound, by catalogue name (an AES AEAD not listed is not offered).
  if (alg.name == "AES-128-GCM" || alg.name == "AES-256-GCM") {
    return Family::kGcm;
  }
  return alg.name == "AES-128-CCM" ? Family::kCcm : Family::kNone;
}

template <typename Scheme>
std::unique_ptr<CryptoPP::AuthenticatedSymmetricCipher> Directed(bool seal) {
  if (seal) {
    return std::make_unique<typename Scheme::Encryption>();
  }
  return std::make_unique<typename Scheme::Decryption>();
}

// A keyed AEAD object. Crypto++ wants a nonce at keying; each message then brings its own (of
// the same length, for CCM). CCM fixes its tag length at keying (the DigestSize parameter,
// SP 800-38C's Tlen); GCM truncates its 16-byte tag as asked; (X)ChaCha20-Poly1305's is 16
// bytes.
std::unique_ptr<CryptoPP::AuthenticatedSymmetricCipher> NewAead(const AlgorithmInfo& alg, bool seal,
                                                                const Bytes& key,
                                                                const Bytes& nonce,
                                                                size_t tag_len) {
  const CryptoPP::ConstByteArrayParameter iv(NonNullData(nonce), nonce.size());
  std::unique_ptr<CryptoPP::AuthenticatedSymmetricCipher> aead;
  switch (FamilyOf(alg)) {
    case Family::kGcm:
      aead = Directed<CryptoPP::GCM<CryptoPP::AES>>(seal);
      break;
    case Family::kCcm:
      aead = Directed<CryptoPP::CCM<CryptoPP::AES>>(seal);
      aead->SetKey(key.data(), key.size(),
                   CryptoPP::MakeParameters(CryptoPP::Name::IV(), iv)(CryptoPP::Name::DigestSize(),
                                                                      static_cast<int>(tag_len)));
      return aead;
    case Family::kChaChaPoly:
      if (tag_len != 16) {
        throw std::invalid_argument("ChaCha20-Poly1305 tags are 16 bytes, not " +
                                    std::to_string(tag_len));
      }
      aead = Directed<CryptoPP::ChaCha20Poly1305>(seal);
      break;
    case Family::kXChaChaPoly:
      if (tag_len != 16) {
        throw std::invalid_argument("XChaCha20-Poly1305 tags are 16 bytes, not " +
                                    std::to_string(tag_len));
      }
      aead = Directed<CryptoPP::XChaCha20Poly1305>(seal);
      break;
    case Family::kNone:
      throw std::invalid_argument("no Crypto++ AEAD for " + std::string(alg.name));
  }
  aead->SetKey(key.data(), key.size(), CryptoPP::MakeParameters(CryptoPP::Name::IV(), iv));
  return aead;
}

// Writes `counter` big-endian into the last (up to 8) bytes of `nonce`, as the OpenSSL backend
// does: a fresh nonce per sealed message.
void SetNonceCounter(Bytes& nonce, uint64_t counter) {
  for (size_t i = 0; i < nonce.size() && i < 8; ++i) {
    nonce[nonce.size() - 1 - i] = static_cast<uint8_t>(counter >> (8 * i));
  }
}

// The timed operation: seal with a fresh nonce per message, or open one fixed sealed message.
class AeadOperation : public PreparedOperation {
 public:
  AeadOperation(std::unique_ptr<CryptoPP::AuthenticatedSymmetricCipher> aead, bool seal,
                Bytes nonce, Bytes aad, AlignedBuffer in, Bytes tag)
      : aead_(std::move(aead)),
        seal_(seal),
        nonce_(std::move(nonce)),
        aad_(std::move(aad)),
        in_(std::move(in)),
        out_(in_.size()),
        tag_(std::move(tag)) {}

  bool Run(uint64_t iterations) override {
    error_ = Guarded("Crypto++ AEAD", [&] {
      const int nonce_len = static_cast<int>(nonce_.size());
      for (uint64_t i = 0; i < iterations; ++i) {
        if (seal_) {
          SetNonceCounter(nonce_, ++counter_);
          aead_->EncryptAndAuthenticate(out_.data(), tag_.data(), tag_.size(), nonce_.data(),
                                        nonce_len, aad_.data(), aad_.size(), in_.data(),
                                        in_.size());
        } else if (!aead_->DecryptAndVerify(out_.data(), tag_.data(), tag_.size(), nonce_.data(),
                                            nonce_len, aad_.data(), aad_.size(), in_.data(),
                                            in_.size())) {
          tag_rejected_ = true;
          return std::string("DecryptAndVerify rejected the tag");
        }
      }
      return std::string();
    });
    return error_.empty();
  }

  std::span<const uint8_t> output() const { return out_.span(); }
  const Bytes& tag() const { return tag_; }
  const Bytes& nonce() const { return nonce_; }
  bool tag_rejected() const { return tag_rejected_; }

 private:
  std::unique_ptr<CryptoPP::AuthenticatedSymmetricCipher> aead_;
  bool seal_;
  Bytes nonce_;
  Bytes aad_;
  AlignedBuffer in_;
  AlignedBuffer out_;
  Bytes tag_;  // seal: the latest tag; open: the expected tag
  uint64_t counter_ = 0;
  bool tag_rejected_ = false;
};

}  // namespace

bool AeadSupported(const AlgorithmInfo& alg) { return FamilyOf(alg) != Family::kNone; }

std::string AeadImplementation(const AlgorithmInfo& alg) {
  std::string provider;
  Guarded("", [&] {
    provider = NewAead(alg, true, PatternBytes(alg.key_len, kKeySeed),
                       PatternBytes(alg.iv_len, kNonceSeed), alg.tag_len)
                   ->AlgorithmProvider();
    return std::string();
  });
  return provider;
}

std::string AeadSeal(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                     const Bytes& aad, const Bytes& plaintext, size_t tag_len, Bytes* ciphertext,
                     Bytes* tag) {
  if (FamilyOf(alg) == Family::kNone) {
    return kNotOffered;
  }
  return Guarded("Crypto++ " + std::string(alg.name) + " seal", [&] {
    auto aead = NewAead(alg, true, key, nonce, tag_len);
    ciphertext->assign(plaintext.size(), 0);
    tag->assign(tag_len, 0);
    aead->EncryptAndAuthenticate(ciphertext->data(), tag->data(), tag_len, NonNullData(nonce),
                                 static_cast<int>(nonce.size()), NonNullData(aad), aad.size(),
                                 NonNullData(plaintext), plaintext.size());
    return std::string();
  });
}

std::string AeadOpen(const AlgorithmInfo& alg, const Bytes& key, const Bytes& nonce,
                     const Bytes& aad, const Bytes& ciphertext, const Bytes& tag, Bytes* plaintext,
                     bool* authentic) {
  if (FamilyOf(alg) == Family::kNone) {
    return kNotOffered;
  }
  *authentic = false;
  return Guarded("Crypto++ " + std::string(alg.name) + " open", [&] {
    auto aead = NewAead(alg, false, key, nonce, tag.size());
    plaintext->assign(ciphertext.size(), 0);
    *authentic =
        aead->DecryptAndVerify(plaintext->data(), NonNullData(tag), tag.size(), NonNullData(nonce),
                               static_cast<int>(nonce.size()), NonNullData(aad), aad.size(),
                               NonNullData(ciphertext), ciphertext.size());
    return std::string();
  });
}

std::unique_ptr<PreparedOperation> PrepareAead(const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, PrepareFailure* failure,
                                               std::string* error) {
  if (op != Operation::kEncrypt && op != Operation::kDecrypt) {
    return PrepareFailed(PrepareFailure::kLibraryError, NoSuchOperation(alg, op), failure, error);
  }
  const bool seal = op == Operation::kEncrypt;
  const Bytes key = PatternBytes(alg.key_len, kKeySeed);
  const Bytes nonce = PatternBytes(alg.iv_len, kNonceSeed);
  const Bytes aad = PatternBytes(kTimedAadLen, kAadSeed);
  const Bytes plaintext = PatternBytes(input_len, kPlaintextSeed);
  auto check_failed = [&](const std::string& text) {
    return PrepareFailed(
        PrepareFailure::kCheckFailed,
        std::string(alg.name) + " at " + std::to_string(input_len) + " bytes: " + text, failure,
        error);
  };

  std::unique_ptr<AeadOperation> prepared;
  Bytes ciphertext;
  Bytes tag;
  Bytes message_nonce = nonce;
  std::string message = Guarded("Crypto++ " + std::string(alg.name), [&] {
    if (seal) {
      AlignedBuffer in(input_len);
      std::memcpy(in.data(), NonNullData(plaintext), input_len);
      prepared = std::make_unique<AeadOperation>(NewAead(alg, true, key, nonce, alg.tag_len), true,
                                                 nonce, aad, std::move(in), Bytes(alg.tag_len));
      if (!prepared->Run(1)) {
        return prepared->error();
      }
      ciphertext.assign(prepared->output().begin(), prepared->output().end());
      tag = prepared->tag();
      message_nonce = prepared->nonce();
      return std::string();
    }
    return AeadSeal(alg, key, nonce, aad, plaintext, alg.tag_len, &ciphertext, &tag);
  });
  if (!message.empty()) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  CorruptIfTesting(input_len == 0 ? std::span<uint8_t>(tag) : ciphertext);

  // The other direction on this message: open must accept the tag and give the plaintext.
  Bytes opened;
  if (seal) {
    bool authentic = false;
    message = AeadOpen(alg, key, message_nonce, aad, ciphertext, tag, &opened, &authentic);
    if (!message.empty()) {
      return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
    }
    if (!authentic) {
      return check_failed("open rejected the tag of the timed seal");
    }
  } else {
    message = Guarded("Crypto++ " + std::string(alg.name), [&] {
      AlignedBuffer in(input_len);
      std::memcpy(in.data(), NonNullData(ciphertext), input_len);
      prepared = std::make_unique<AeadOperation>(NewAead(alg, false, key, nonce, alg.tag_len),
                                                 false, nonce, aad, std::move(in), tag);
      return std::string();
    });
    if (!message.empty()) {
      return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
    }
    if (!prepared->Run(1)) {
      return prepared->tag_rejected()
                 ? check_failed("timed open rejected the tag (" + prepared->error() + ")")
                 : PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
    }
    opened.assign(prepared->output().begin(), prepared->output().end());
  }
  if (std::string diff = CompareBytes("opened plaintext", opened, plaintext); !diff.empty()) {
    return check_failed(diff);
  }
  return prepared;
}

}  // namespace cryptobench::backends::cryptopp
