// Public-key algorithms through Crypto++'s PK_Signer / PK_Verifier (RSA PKCS#1 v1.5 and ECDSA
// over a 32-byte SHA-256 digest, Ed25519 over a 32-byte message) and SimpleKeyAgreementDomain
// (X25519, ECDH on P-256). Keys: cryptopp_pubkey_keys.h.
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <crypto++/osrng.h>

#include "backends/common/buffers.h"
#include "backends/common/key_agreement_adapter.h"
#include "backends/common/pk_family_binding.h"
#include "backends/common/signature_adapter.h"
#include "backends/common/timing_inputs.h"
#include "backends/cryptopp/cryptopp_internal.h"
#include "backends/cryptopp/cryptopp_pubkey_keys.h"
#include "core/hex.h"

namespace cryptobench::backends::cryptopp {
namespace {

Bytes SignOnce(const CryptoPP::PK_Signer& signer, const Bytes& tbs,
               CryptoPP::RandomNumberGenerator& rng) {
  Bytes signature(signer.MaxSignatureLength());
  signature.resize(signer.SignMessage(rng, NonNullData(tbs), tbs.size(), signature.data()));
  return signature;
}

bool Verifies(const CryptoPP::PK_Verifier& verifier, const Bytes& tbs, const Bytes& signature) {
  return verifier.VerifyMessage(NonNullData(tbs), tbs.size(), NonNullData(signature),
                                signature.size());
}

// One side of a key agreement, the engine of the key-agreement adapter
// (common/key_agreement_adapter.h): our party and the peer's public key. Exceptions become one
// line through Guarded().
class AgreementSide : public GuardedBy<"Crypto++"> {
 public:
  AgreementSide(AgreementKeys ours, Bytes peer_public)
      : ours_(std::move(ours)), peer_public_(std::move(peer_public)) {}

  size_t secret_len() const { return ours_.domain->AgreedValueLength(); }

  bool Derive(uint8_t* out, std::string* error) {
    if (!ours_.domain->Agree(out, ours_.private_key.data(), peer_public_.data())) {
      *error = "Agree() rejected the peer's public key";
      return false;
    }
    return true;
  }

 private:
  AgreementKeys ours_;
  Bytes peer_public_;
};

// Both sides of the timed exchange (KeyAgreementSidesFactory): the timing party with the
// PeerAgreement's public key, and the PeerAgreement with ours.
std::string AgreementSides(const AlgorithmInfo& alg, std::unique_ptr<AgreementSide>* ours,
                           std::unique_ptr<AgreementSide>* theirs) {
  return Guarded("Crypto++ " + std::string(alg.name), [&] {
    CryptoPP::AutoSeededRandomPool rng;
    AgreementKeys own = TimingAgreement(alg, rng);
    AgreementKeys peer = PeerAgreement(alg, rng);
    Bytes own_public = own.public_key;
    Bytes peer_public = peer.public_key;
    *ours = std::make_unique<AgreementSide>(std::move(own), std::move(peer_public));
    *theirs = std::make_unique<AgreementSide>(std::move(peer), std::move(own_public));
    return std::string();
  });
}

// The signature engine (common/signature_adapter.h): the timing key's signer and verifier, room
// for the largest signature, and the generator the signer draws from. Exceptions become one
// line through Guarded().
class SignatureEngine : public GuardedBy<"Crypto++">, public SignatureRoom {
 public:
  /// nullptr with "Crypto++ <alg>: <what()>" if the timing key does not load.
  static std::unique_ptr<SignatureEngine> Make(const AlgorithmInfo& alg, std::string* error) {
    return MakeGuarded<SignatureEngine>("Crypto++ " + std::string(alg.name), error, alg);
  }

  // Throws (CryptoPP::Exception) if the timing key does not load.
  explicit SignatureEngine(const AlgorithmInfo& alg) : SignatureEngine(TimingSignaturePair(alg)) {}

  bool Sign(std::span<const uint8_t> tbs, std::string*) {
    sig_len_ = pair_.signer->SignMessage(rng_, tbs.data(), tbs.size(), sig_.data());
    return true;
  }

  bool Verify(std::span<const uint8_t> tbs, std::span<const uint8_t> signature,
              std::string* error) {
    if (!pair_.verifier->VerifyMessage(tbs.data(), tbs.size(), signature.data(),
                                       signature.size())) {
      *error = "VerifyMessage rejected the signature";
      return false;
    }
    return true;
  }

 private:
  // Room for the largest signature of the pair's key.
  explicit SignatureEngine(SignaturePair pair)
      : SignatureRoom(pair.signer->MaxSignatureLength()), pair_(std::move(pair)) {}

  CryptoPP::AutoSeededRandomPool rng_;
  SignaturePair pair_;
};

std::string VerifyVector(const AlgorithmInfo& alg, const KatVector& vector, bool tamper,
                         bool* valid) {
  return ThrowingKatVerify(IsFamilySignature(alg), "Crypto++", vector, tamper, valid,
                           [&](const Bytes& public_key, const Bytes& tbs, const Bytes& signature) {
                             return Verifies(*KatVerifier(alg, public_key), tbs, signature);
                           });
}

std::string SignVector(const AlgorithmInfo& alg, const KatVector& vector, Bytes* signature) {
  // Crypto++'s ECDSA draws k at random (its RFC 6979 variant would hash the input again), and the
  // RSA vectors publish no usable private key: only Ed25519 signatures are reproducible.
  if (PkFamilyOf(alg) != PkFamily::kEd25519) {
    return kNotOffered;
  }
  return Guarded("Crypto++ sign", [&] {
    CryptoPP::AutoSeededRandomPool rng;
    *signature =
        SignOnce(*Ed25519Signer(HexDecode(vector.private_key)), HexDecode(vector.input), rng);
    return std::string();
  });
}

std::string DeriveVector(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret) {
  if (!IsFamilyKeyAgreement(alg)) {
    return kNotOffered;
  }
  return Guarded("Crypto++ derive", [&] {
    CryptoPP::AutoSeededRandomPool rng;
    const AgreementKeys ours = AgreementFromPrivate(alg, HexDecode(vector.private_key), rng);
    *secret = Agree(ours, HexDecode(vector.public_key));
    return std::string();
  });
}

}  // namespace

LibraryBindings PublicKeyBinding() {
  return BindFamilyPublicKey<SignatureEngine, &VerifyVector, &SignVector, AgreementSide,
                             &AgreementSides, &DeriveVector>();
}

}  // namespace cryptobench::backends::cryptopp
