// Key material of the Crypto++ backend's public-key algorithms: signers and verifiers of the
// timing and KAT keys, and key-agreement domains with their raw keys. Used by
// cryptopp_pubkey.cc; includes Crypto++'s interface header, so only this folder's .cc files
// include it.
#pragma once

#include <memory>

#include <crypto++/cryptlib.h>

#include "backends/common/pk_family.h"
#include "backends/cryptopp/cryptopp_internal.h"

namespace cryptobench::backends::cryptopp {

/// A signer and a verifier of one key pair. RSA signs RSASSA-PKCS1-v1_5 with SHA-256's
/// DigestInfo and ECDSA signs as is, both over a given 32-byte digest (the input is not hashed
/// again); Ed25519 signs the message.
struct SignaturePair {
  std::unique_ptr<CryptoPP::PK_Signer> signer;
  std::unique_ptr<CryptoPP::PK_Verifier> verifier;
};

/// The pair `alg` is timed with: the PKCS#8 key of TimingPrivateKeyPem (algorithms/kat.h) for
/// RSA and ECDSA, RawTimingKey (common/pk_family.h) for Ed25519. Throws on a malformed key.
SignaturePair TimingSignaturePair(const AlgorithmInfo& alg);

/// A verifier of a KAT vector's public key: DER RSAPublicKey, an uncompressed EC point, or raw
/// Ed25519 bytes (algorithms/kat.h). Throws on a malformed key.
std::unique_ptr<CryptoPP::PK_Verifier> KatVerifier(const AlgorithmInfo& alg, const Bytes& key);

/// An Ed25519 signer of a raw 32-byte private key (RFC 8032 5.1.5 seed).
std::unique_ptr<CryptoPP::PK_Signer> Ed25519Signer(const Bytes& private_key);

/// One key-agreement party: the domain object, and the raw private key and public value it
/// takes (X25519: 32-byte scalar and u-coordinate; ECDH: big-endian scalar and uncompressed
/// point).
struct AgreementKeys {
  std::unique_ptr<CryptoPP::SimpleKeyAgreementDomain> domain;
  Bytes private_key;
  Bytes public_key;
};

/// A party from a raw private key; throws if it has the wrong length.
AgreementKeys AgreementFromPrivate(const AlgorithmInfo& alg, Bytes private_key,
                                   CryptoPP::RandomNumberGenerator& rng);
/// Our side of a timed agreement: the PKCS#8 timing key (ECDH) or RFC 7748 6.1's Alice (X25519).
AgreementKeys TimingAgreement(const AlgorithmInfo& alg, CryptoPP::RandomNumberGenerator& rng);
/// The timed peer: PeerPrivateScalar (common/key_agreement_adapter.h), as every backend uses.
AgreementKeys PeerAgreement(const AlgorithmInfo& alg, CryptoPP::RandomNumberGenerator& rng);

/// The shared secret of `ours` with `peer_public`; throws if Agree() rejects the peer.
Bytes Agree(const AgreementKeys& ours, const Bytes& peer_public);

}  // namespace cryptobench::backends::cryptopp
