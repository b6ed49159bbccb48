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

#include "backends/common/aead_adapter.h"
#include "backends/common/buffers.h"
#include "backends/common/timing_inputs.h"
#include "backends/cryptopp/cryptopp_internal.h"

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
                                                                std::span<const uint8_t> key,
                                                                std::span<const uint8_t> nonce,
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

// The AEAD adapter's engine (common/aead_adapter.h): one keyed Crypto++ AEAD object; the tag
// is written after the ciphertext and read from after it.
// Crypto++ throws on a bad argument: the adapter runs the timed loop inside one Guarded().
class AeadEngine : public GuardedBy<"Crypto++ AEAD"> {
 public:
  explicit AeadEngine(std::unique_ptr<CryptoPP::AuthenticatedSymmetricCipher> aead)
      : aead_(std::move(aead)) {}

  bool Seal(std::span<const uint8_t> nonce, std::span<const uint8_t> aad, const uint8_t* in,
            size_t len, uint8_t* out, size_t tag_len, std::string* /*error*/) {
    aead_->EncryptAndAuthenticate(out, out + len, tag_len, nonce.data(),
                                  static_cast<int>(nonce.size()), NonNullData(aad), aad.size(), in,
                                  len);
    return true;
  }

  AeadOpenResult Open(std::span<const uint8_t> nonce, std::span<const uint8_t> aad,
                      const uint8_t* in, size_t len, size_t tag_len, uint8_t* out,
                      std::string* error) {
    if (aead_->DecryptAndVerify(out, in + len, tag_len, nonce.data(),
                                static_cast<int>(nonce.size()), NonNullData(aad), aad.size(), in,
                                len)) {
      return AeadOpenResult::kAccepted;
    }
    *error = "DecryptAndVerify rejected the tag";
    return AeadOpenResult::kRejected;
  }

 private:
  std::unique_ptr<CryptoPP::AuthenticatedSymmetricCipher> aead_;
};

// The binding: catalogue entry -> Crypto++'s AEAD object (FamilyOf, NewAead). Throws as NewAead.
std::unique_ptr<AeadEngine> NewEngine(const AlgorithmInfo& alg, bool decrypt,
                                      std::span<const uint8_t> key, std::span<const uint8_t> nonce,
                                      size_t tag_len, std::string* /*error*/) {
  return std::make_unique<AeadEngine>(NewAead(alg, !decrypt, key, nonce, tag_len));
}

// The entries the binding covers.
bool AeadSupported(const AlgorithmInfo& alg) { return FamilyOf(alg) != Family::kNone; }

// Throws as NewAead (LibraryBackend reads that as "does not tell").
std::string AeadImplementation(const AlgorithmInfo& alg) {
  return NewAead(alg, true, PatternBytes(alg.key_len, kKeySeed),
                 PatternBytes(alg.iv_len, kNonceSeed), alg.tag_len)
      ->AlgorithmProvider();
}

}  // namespace

LibraryBindings AeadBinding() {
  return BindAead<AeadEngine, &NewEngine, &PrepareNoSuchOperation, &AeadSupported,
                  GuardedAead<"Crypto++">>()
      .Bindings(&AeadSupported, &AeadImplementation);
}

}  // namespace cryptobench::backends::cryptopp
