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

// The timed key agreement: one Agree() with the peer's public key per iteration.
class KeyAgreementOperation : public PreparedOperation {
 public:
  /// Derives with `ours` and `peer_public`.
  KeyAgreementOperation(AgreementKeys ours, Bytes peer_public)
      : ours_(std::move(ours)),
        peer_public_(std::move(peer_public)),
        secret_(ours_.domain->AgreedValueLength()) {}

  bool Run(uint64_t iterations) override {
    error_ = Guarded("Crypto++", [&] {
      for (uint64_t i = 0; i < iterations; ++i) {
        if (!ours_.domain->Agree(secret_.data(), ours_.private_key.data(), peer_public_.data())) {
          return std::string("Agree() rejected the peer's public key");
        }
      }
      return std::string();
    });
    return error_.empty();
  }

  const Bytes& secret() const { return secret_; }

 private:
  AgreementKeys ours_;
  Bytes peer_public_;
  Bytes secret_;
};

// The signature engine (common/signature_adapter.h): the timing key's signer and verifier, room
// for the largest signature, and the generator the signer draws from. Exceptions become one
// line through Guarded().
class SignatureEngine {
 public:
  template <typename Body>
  static std::string Guarded(Body&& body) {
    return cryptopp::Guarded("Crypto++", std::forward<Body>(body));
  }

  /// nullptr with "Crypto++ <alg>: <what()>" if the timing key does not load.
  static std::unique_ptr<SignatureEngine> Make(const AlgorithmInfo& alg, std::string* error) {
    std::unique_ptr<SignatureEngine> engine;
    *error = cryptopp::Guarded("Crypto++ " + std::string(alg.name), [&] {
      engine = std::unique_ptr<SignatureEngine>(new SignatureEngine(TimingSignaturePair(alg)));
      return std::string();
    });
    if (!error->empty()) {
      return nullptr;
    }
    return engine;
  }

  bool Sign(std::span<const uint8_t> tbs, std::string*) {
    signature_len_ = pair_.signer->SignMessage(rng_, tbs.data(), tbs.size(), signature_.data());
    return true;
  }

  std::span<const uint8_t> signature() const {
    return std::span<const uint8_t>(signature_).first(signature_len_);
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
  explicit SignatureEngine(SignaturePair pair)
      : pair_(std::move(pair)), signature_(pair_.signer->MaxSignatureLength()) {}

  CryptoPP::AutoSeededRandomPool rng_;
  SignaturePair pair_;
  Bytes signature_;
  size_t signature_len_ = 0;
};

}  // namespace

bool PublicKeySupported(const AlgorithmInfo& alg) {
  const PkFamily family = PkFamilyOf(alg);
  if (family == PkFamily::kNone) {
    return false;
  }
  return Guarded("",
                 [&] {
                   CryptoPP::AutoSeededRandomPool rng;
                   if (alg.kind == AlgorithmKind::kSignature) {
                     TimingSignaturePair(alg);
                   } else {
                     TimingAgreement(alg, rng);
                     PeerAgreement(alg, rng);
                   }
                   return std::string();
                 })
      .empty();
}

std::string VerifyVector(const AlgorithmInfo& alg, const KatVector& vector, bool tamper,
                         bool* valid) {
  if (alg.kind != AlgorithmKind::kSignature || PkFamilyOf(alg) == PkFamily::kNone) {
    return kNotOffered;
  }
  return Guarded("Crypto++ verify", [&] {
    const Bytes tbs = KatSignedInput(vector, tamper);
    *valid =
        Verifies(*KatVerifier(alg, HexDecode(vector.public_key)), tbs, HexDecode(vector.output));
    return std::string();
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

std::string SignRoundTrip(const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kSignature || PkFamilyOf(alg) == PkFamily::kNone) {
    return kNotOffered;
  }
  return SignatureRoundTripWith<SignatureEngine>(&SignatureEngine::Make, alg);
}

std::string DeriveVector(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret) {
  if (alg.kind != AlgorithmKind::kKeyAgreement || PkFamilyOf(alg) == PkFamily::kNone) {
    return kNotOffered;
  }
  return Guarded("Crypto++ derive", [&] {
    CryptoPP::AutoSeededRandomPool rng;
    const AgreementKeys ours = AgreementFromPrivate(alg, HexDecode(vector.private_key), rng);
    *secret = Agree(ours, HexDecode(vector.public_key));
    return std::string();
  });
}

std::unique_ptr<PreparedOperation> PreparePublicKey(const AlgorithmInfo& alg, Operation op,
                                                    PrepareFailure* failure, std::string* error) {
  const bool signature = alg.kind == AlgorithmKind::kSignature;
  if (PkFamilyOf(alg) == PkFamily::kNone ||
      (signature ? op != Operation::kSign && op != Operation::kVerify : op != Operation::kDerive)) {
    return PrepareFailed(PrepareFailure::kLibraryError, NoSuchOperation(alg, op), failure, error);
  }
  if (signature) {
    return PrepareSignatureWith<SignatureEngine>(&SignatureEngine::Make, alg, op, failure, error);
  }
  std::unique_ptr<KeyAgreementOperation> prepared;
  std::string check;  // non-empty: the correctness check failed
  const std::string message = Guarded("Crypto++ " + std::string(alg.name), [&] {
    CryptoPP::AutoSeededRandomPool rng;
    AgreementKeys ours = TimingAgreement(alg, rng);
    const AgreementKeys peer = PeerAgreement(alg, rng);
    const Bytes other_side = Agree(peer, ours.public_key);  // the peer's view
    prepared = std::make_unique<KeyAgreementOperation>(std::move(ours), peer.public_key);
    if (!prepared->Run(1)) {
      return prepared->error();
    }
    Bytes secret = prepared->secret();
    CorruptIfTesting(secret);
    if (std::string diff = CompareBytes("shared secret", secret, other_side); !diff.empty()) {
      check = std::string(alg.name) + " " + std::string(OperationName(op)) +
              ": the two sides disagree: " + diff;
    }
    return std::string();
  });
  if (!message.empty()) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  if (!check.empty()) {
    return PrepareFailed(PrepareFailure::kCheckFailed, check, failure, error);
  }
  return prepared;
}

}  // namespace cryptobench::backends::cryptopp
