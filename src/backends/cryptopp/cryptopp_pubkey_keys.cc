// Key material for the Crypto++ backend's public-key algorithms (cryptopp_pubkey_keys.h).
//
// Crypto++'s signature schemes hash the message themselves, while cryptobench (like
// EVP_PKEY_sign) signs a given 32-byte SHA-256 digest. PrehashedSha256 is a pass-through "hash"
// whose digest is the 32 bytes it was given, carrying SHA-256's DigestInfo prefix: so
// RSASS<PKCS1v15, PrehashedSha256> makes exactly the RSASSA-PKCS1-v1_5 SHA-256 signature of that
// digest, and ECDSA<ECP, PrehashedSha256> signs it as is, the operations OpenSSL times.
#include "backends/cryptopp/cryptopp_pubkey_keys.h"

#include <algorithm>
#include <cstring>
#include <string>

#include <crypto++/base64.h>
#include <crypto++/eccrypto.h>
#include <crypto++/filters.h>
#include <crypto++/oids.h>
#include <crypto++/pkcspad.h>
#include <crypto++/queue.h>
#include <crypto++/rsa.h>
#include <crypto++/xed25519.h>

#include "backends/common/buffers.h"
#include "backends/common/key_agreement_adapter.h"
#include "backends/common/timing_inputs.h"
#include "core/hex.h"

namespace cryptobench::backends::cryptopp {

/// A 32-byte "hash" that returns its input unchanged. Its Final throws unless exactly 32 bytes
/// were fed since the last restart.
class PrehashedSha256 : public CryptoPP::HashTransformation {
 public:
  static constexpr unsigned int DIGESTSIZE = 32;
  static const char* StaticAlgorithmName() { return "SHA-256(precomputed)"; }

  std::string AlgorithmName() const override { return StaticAlgorithmName(); }
  unsigned int DigestSize() const override { return DIGESTSIZE; }
  void Update(const CryptoPP::byte* input, size_t length) override {
    const size_t take = std::min<size_t>(length, DIGESTSIZE - std::min<size_t>(fed_, DIGESTSIZE));
    if (take > 0) {
      std::memcpy(digest_ + fed_, input, take);
    }
    fed_ += length;
  }
  void TruncatedFinal(CryptoPP::byte* digest, size_t digest_size) override {
    ThrowIfInvalidTruncatedSize(digest_size);
    const size_t fed = fed_;
    Restart();
    if (fed != DIGESTSIZE) {
      throw std::invalid_argument("a SHA-256 digest is 32 bytes, got " + std::to_string(fed));
    }
    std::memcpy(digest, digest_, digest_size);
  }
  void Restart() override { fed_ = 0; }

 private:
  CryptoPP::byte digest_[DIGESTSIZE] = {};
  size_t fed_ = 0;
};

}  // namespace cryptobench::backends::cryptopp

namespace CryptoPP {
// The DER DigestInfo prefix of a SHA-256 digest in EMSA-PKCS1-v1_5: RFC 8017, section 9.2,
// note 1.
template <>
const byte PKCS_DigestDecoration<cryptobench::backends::cryptopp::PrehashedSha256>::decoration[] = {
    0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20};
template <>
const unsigned int PKCS_DigestDecoration<cryptobench::backends::cryptopp::PrehashedSha256>::length =
    19;
}  // namespace CryptoPP

namespace cryptobench::backends::cryptopp {
namespace {

using RsaScheme = CryptoPP::RSASS<CryptoPP::PKCS1v15, PrehashedSha256>;
using EcdsaScheme = CryptoPP::ECDSA<CryptoPP::ECP, PrehashedSha256>;

// The curve of an EC algorithm (catalogue openssl_name: "prime256v1", "secp384r1").
CryptoPP::OID CurveOf(const AlgorithmInfo& alg) {
  return alg.openssl_name == "secp384r1" ? CryptoPP::ASN1::secp384r1()
                                         : CryptoPP::ASN1::secp256r1();
}

// The DER inside the PEM timing key of `alg`. Crypto++'s core has no PEM reader, so the armour
// lines are dropped and the rest Base64-decoded (RFC 7468 section 2).
CryptoPP::ByteQueue TimingKeyDer(const AlgorithmInfo& alg) {
  const std::string_view pem = TimingPrivateKeyPem(alg.name);
  if (pem.empty()) {
    throw std::invalid_argument("no timing key for " + std::string(alg.name));
  }
  std::string base64;
  size_t start = 0;
  while (start < pem.size()) {
    const size_t end = std::min(pem.find('\n', start), pem.size());
    if (const std::string_view line = pem.substr(start, end - start); !line.starts_with("-----")) {
      base64.append(line);
    }
    start = end + 1;
  }
  CryptoPP::ByteQueue der;
  CryptoPP::StringSource decode(base64, true,
                                new CryptoPP::Base64Decoder(new CryptoPP::Redirector(der)));
  return der;
}

const Bytes& CheckedSize(const Bytes& bytes, size_t size, std::string_view what) {
  if (bytes.size() != size) {
    throw std::invalid_argument(std::string(what) + " is " + std::to_string(bytes.size()) +
                                " bytes, expected " + std::to_string(size));
  }
  return bytes;
}

template <typename Scheme>
SignaturePair PairOf(const typename Scheme::PrivateKey& key) {
  SignaturePair pair;
  auto signer = std::make_unique<typename Scheme::Signer>(key);
  pair.verifier = std::make_unique<typename Scheme::Verifier>(*signer);
  pair.signer = std::move(signer);
  return pair;
}

}  // namespace

SignaturePair TimingSignaturePair(const AlgorithmInfo& alg) {
  switch (PkFamilyOf(alg)) {
    case PkFamily::kRsa: {
      CryptoPP::ByteQueue der = TimingKeyDer(alg);
      CryptoPP::RSA::PrivateKey key;
      key.Load(der);  // PKCS#8 PrivateKeyInfo
      return PairOf<RsaScheme>(key);
    }
    case PkFamily::kEcdsa: {
      CryptoPP::ByteQueue der = TimingKeyDer(alg);
      EcdsaScheme::PrivateKey key;
      key.Load(der);
      return PairOf<EcdsaScheme>(key);
    }
    case PkFamily::kEd25519: {
      const Bytes seed = RawTimingKey(alg);
      auto signer =
          std::make_unique<CryptoPP::ed25519Signer>(CheckedSize(seed, 32, "Ed25519 key").data());
      SignaturePair pair;
      pair.verifier = std::make_unique<CryptoPP::ed25519Verifier>(*signer);
      pair.signer = std::move(signer);
      return pair;
    }
    default:
      throw std::invalid_argument(std::string(alg.name) + " is not a signature algorithm");
  }
}

std::unique_ptr<CryptoPP::PK_Verifier> KatVerifier(const AlgorithmInfo& alg, const Bytes& key) {
  switch (PkFamilyOf(alg)) {
    case PkFamily::kRsa: {
      CryptoPP::ByteQueue der;
      der.Put(NonNullData(key), key.size());
      der.MessageEnd();
      CryptoPP::RSA::PublicKey public_key;
      public_key.BERDecodePublicKey(der, false, key.size());  // DER RSAPublicKey (PKCS#1)
      return std::make_unique<RsaScheme::Verifier>(public_key);
    }
    case PkFamily::kEcdsa: {
      EcdsaScheme::PublicKey public_key;
      public_key.AccessGroupParameters().Initialize(CurveOf(alg));
      CryptoPP::ECP::Point point;
      if (!public_key.GetGroupParameters().GetCurve().DecodePoint(point, NonNullData(key),
                                                                  key.size())) {
        throw std::invalid_argument("the public key is not an encoded point of the curve");
      }
      public_key.SetPublicElement(point);
      return std::make_unique<EcdsaScheme::Verifier>(public_key);
    }
    case PkFamily::kEd25519:
      return std::make_unique<CryptoPP::ed25519Verifier>(
          CheckedSize(key, 32, "Ed25519 public key").data());
    default:
      throw std::invalid_argument(std::string(alg.name) + " is not a signature algorithm");
  }
}

std::unique_ptr<CryptoPP::PK_Signer> Ed25519Signer(const Bytes& private_key) {
  return std::make_unique<CryptoPP::ed25519Signer>(
      CheckedSize(private_key, 32, "Ed25519 private key").data());
}

AgreementKeys AgreementFromPrivate(const AlgorithmInfo& alg, Bytes private_key,
                                   CryptoPP::RandomNumberGenerator& rng) {
  AgreementKeys keys;
  if (PkFamilyOf(alg) == PkFamily::kX25519) {
    keys.domain = std::make_unique<CryptoPP::x25519>();
  } else if (PkFamilyOf(alg) == PkFamily::kEcdh) {
    keys.domain = std::make_unique<CryptoPP::ECDH<CryptoPP::ECP>::Domain>(CurveOf(alg));
  } else {
    throw std::invalid_argument(std::string(alg.name) + " is not a key agreement");
  }
  keys.private_key = std::move(private_key);
  CheckedSize(keys.private_key, keys.domain->PrivateKeyLength(), "private key");
  keys.public_key.resize(keys.domain->PublicKeyLength());
  keys.domain->GeneratePublicKey(rng, keys.private_key.data(), keys.public_key.data());
  return keys;
}

AgreementKeys TimingAgreement(const AlgorithmInfo& alg, CryptoPP::RandomNumberGenerator& rng) {
  if (PkFamilyOf(alg) == PkFamily::kX25519) {
    return AgreementFromPrivate(alg, RawTimingKey(alg), rng);
  }
  CryptoPP::ByteQueue der = TimingKeyDer(alg);
  EcdsaScheme::PrivateKey key;  // any PKCS#8 EC private key loads as one
  key.Load(der);
  Bytes scalar(alg.key_len);
  key.GetPrivateExponent().Encode(scalar.data(), scalar.size());
  return AgreementFromPrivate(alg, std::move(scalar), rng);
}

AgreementKeys PeerAgreement(const AlgorithmInfo& alg, CryptoPP::RandomNumberGenerator& rng) {
  return AgreementFromPrivate(alg, PeerPrivateScalar(alg), rng);
}

Bytes Agree(const AgreementKeys& ours, const Bytes& peer_public) {
  Bytes secret(ours.domain->AgreedValueLength());
  CheckedSize(peer_public, ours.domain->PublicKeyLength(), "peer public key");
  if (!ours.domain->Agree(secret.data(), ours.private_key.data(), peer_public.data())) {
    throw std::invalid_argument("Agree() rejected the peer's public key");
  }
  return secret;
}

}  // namespace cryptobench::backends::cryptopp
