// Public-key algorithms through Crypto++'s PK_Signer / PK_Verifier (RSA PKCS#1 v1.5 and ECDSA
// over a 32-byte SHA-256 digest, Ed25519 over a 32-byte message) and SimpleKeyAgreementDomain
// (X25519, ECDH on P-256). Keys: cryptopp_pubkey_keys.h.
#include <string>
#include <vector>

#include <crypto++/osrng.h>

#include "backends/common/buffers.h"
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

// The timed public-key operation: sign, verify or derive once per iteration.
class PublicKeyOperation : public PreparedOperation {
 public:
  /// Sign (with pair.signer) or verify `signature` (with pair.verifier).
  PublicKeyOperation(SignaturePair pair, bool sign, Bytes signature)
      : pair_(std::move(pair)), sign_(sign), signature_(std::move(signature)) {
    if (sign_) {
      signature_.resize(pair_.signer->MaxSignatureLength());
    }
  }
  /// Derive `ours` with `peer_public`.
  PublicKeyOperation(AgreementKeys ours, Bytes peer_public)
      : ours_(std::move(ours)),
        peer_public_(std::move(peer_public)),
        secret_(ours_.domain->AgreedValueLength()) {}

  bool Run(uint64_t iterations) override {
    error_ = Guarded("Crypto++", [&] {
      for (uint64_t i = 0; i < iterations; ++i) {
        if (ours_.domain) {
          if (!ours_.domain->Agree(secret_.data(), ours_.private_key.data(), peer_public_.data())) {
            return std::string("Agree() rejected the peer's public key");
          }
        } else if (sign_) {
          signature_len_ =
              pair_.signer->SignMessage(rng_, tbs_.data(), tbs_.size(), signature_.data());
        } else if (!pair_.verifier->VerifyMessage(tbs_.data(), tbs_.size(), signature_.data(),
                                                  signature_.size())) {
          return std::string("VerifyMessage rejected the signature");
        }
      }
      return std::string();
    });
    return error_.empty();
  }

  Bytes signature() const {
    return Bytes(signature_.begin(), signature_.begin() + static_cast<ptrdiff_t>(signature_len_));
  }
  const Bytes& secret() const { return secret_; }
  const CryptoPP::PK_Verifier& verifier() const { return *pair_.verifier; }

 private:
  CryptoPP::AutoSeededRandomPool rng_;
  SignaturePair pair_;
  bool sign_ = false;
  Bytes signature_;
  size_t signature_len_ = 0;
  Bytes tbs_ = PatternBytes(kPublicKeyInputLen, kSignInputSeed);
  AgreementKeys ours_;
  Bytes peer_public_;
  Bytes secret_;
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
    Bytes tbs = HexDecode(vector.input);
    if (tamper) {
      // A different message: the first byte flipped, or one byte where there was none.
      if (tbs.empty()) {
        tbs.push_back(0x01);
      } else {
        tbs[0] ^= 0x01;
      }
    }
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
  return Guarded("Crypto++ timing-key round trip", [&] {
    CryptoPP::AutoSeededRandomPool rng;
    const SignaturePair pair = TimingSignaturePair(alg);
    const Bytes tbs = PatternBytes(kPublicKeyInputLen, kSignInputSeed);
    Bytes signature = SignOnce(*pair.signer, tbs, rng);
    Bytes flipped = signature;
    flipped.back() ^= 0x01;
    CorruptIfTesting(signature);
    if (!Verifies(*pair.verifier, tbs, signature)) {
      return std::string("verify rejected a fresh signature");
    }
    if (Verifies(*pair.verifier, tbs, flipped)) {
      return std::string("a signature with one bit flipped verified");
    }
    return std::string();
  });
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
  const std::string prefix = std::string(alg.name) + " " + std::string(OperationName(op)) + ": ";
  std::unique_ptr<PublicKeyOperation> prepared;
  std::string check;  // non-empty: the correctness check failed
  const std::string message = Guarded("Crypto++ " + std::string(alg.name), [&] {
    CryptoPP::AutoSeededRandomPool rng;
    if (op == Operation::kDerive) {
      AgreementKeys ours = TimingAgreement(alg, rng);
      const AgreementKeys peer = PeerAgreement(alg, rng);
      const Bytes other_side = Agree(peer, ours.public_key);  // the peer's view
      prepared = std::make_unique<PublicKeyOperation>(std::move(ours), peer.public_key);
      if (!prepared->Run(1)) {
        return prepared->error();
      }
      Bytes secret = prepared->secret();
      CorruptIfTesting(secret);
      if (std::string diff = CompareBytes("shared secret", secret, other_side); !diff.empty()) {
        check = prefix + "the two sides disagree: " + diff;
      }
      return std::string();
    }
    const Bytes tbs = PatternBytes(kPublicKeyInputLen, kSignInputSeed);
    SignaturePair pair = TimingSignaturePair(alg);
    if (op == Operation::kSign) {
      prepared = std::make_unique<PublicKeyOperation>(std::move(pair), true, Bytes());
      if (!prepared->Run(1)) {
        return prepared->error();
      }
      Bytes sig = prepared->signature();
      CorruptIfTesting(sig);
      if (!Verifies(prepared->verifier(), tbs, sig)) {
        check = prefix + "verify rejected the timed signature";
      }
      return std::string();
    }
    Bytes sig = SignOnce(*pair.signer, tbs, rng);
    CorruptIfTesting(sig);
    prepared = std::make_unique<PublicKeyOperation>(std::move(pair), false, sig);
    if (!prepared->Run(1)) {
      check = prefix + "the timed verify rejected a fresh signature";
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
