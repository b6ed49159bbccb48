// Public-key algorithms through Botan 2's PK_Signer, PK_Verifier and PK_Key_Agreement: RSA
// PKCS#1 v1.5 and ECDSA over a 32-byte SHA-256 digest, Ed25519 over a 32-byte message, X25519
// and ECDH on P-256.
#include <algorithm>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <botan/auto_rng.h>
#include <botan/bigint.h>
#include <botan/curve25519.h>
#include <botan/data_src.h>
#include <botan/ec_group.h>
#include <botan/ecdh.h>
#include <botan/ecdsa.h>
#include <botan/ed25519.h>
#include <botan/pkcs8.h>
#include <botan/pubkey.h>
#include <botan/rsa.h>

#include "backends/botan/botan_internal.h"
#include "backends/common/buffers.h"
#include "backends/common/key_agreement_adapter.h"
#include "backends/common/pk_family.h"
#include "backends/common/pk_family_binding.h"
#include "backends/common/signature_adapter.h"
#include "backends/common/timing_inputs.h"
#include "core/hex.h"

namespace cryptobench::backends::botan {
namespace {

// Botan's curve name for an EC algorithm (catalogue openssl_name: "prime256v1", "secp384r1").
Botan::EC_Group Group(const AlgorithmInfo& alg) {
  return Botan::EC_Group(alg.openssl_name == "secp384r1" ? "secp384r1" : "secp256r1");
}

// The signature padding: RSA signs the given SHA-256 digest with its DigestInfo prefix
// (EMSA-PKCS1-v1_5, RFC 8017 9.2), what EVP_PKEY_sign with a SHA-256 signature md does; ECDSA
// takes the digest as is (Raw; the SHA-256 argument selects RFC 6979's nonce hash); Ed25519
// signs the message itself (PureEdDSA).
std::string Padding(PkFamily family) {
  switch (family) {
    case PkFamily::kRsa:
      return "EMSA3(Raw,SHA-256)";
    case PkFamily::kEcdsa:
      return "Raw(SHA-256)";
    default:
      return "Pure";
  }
}

// RawTimingKey (common/pk_family.h) as Botan takes it.
Botan::secure_vector<uint8_t> RawTimingKeyOf(const AlgorithmInfo& alg) {
  const Bytes key = RawTimingKey(alg);
  return Botan::secure_vector<uint8_t>(key.begin(), key.end());
}

// The key `alg` is timed with (algorithms/kat.h TimingPrivateKeyPem, or the raw RFC key).
std::unique_ptr<Botan::Private_Key> TimingKey(const AlgorithmInfo& alg,
                                              Botan::RandomNumberGenerator& rng) {
  const PkFamily family = PkFamilyOf(alg);
  if (family == PkFamily::kEd25519) {
    return std::make_unique<Botan::Ed25519_PrivateKey>(RawTimingKeyOf(alg));
  }
  if (family == PkFamily::kX25519) {
    return std::make_unique<Botan::Curve25519_PrivateKey>(RawTimingKeyOf(alg));
  }
  const std::string_view pem = TimingPrivateKeyPem(alg.name);
  if (pem.empty()) {
    throw std::invalid_argument("no timing key for " + std::string(alg.name));
  }
  Botan::DataSource_Memory source(std::string{pem});
  std::unique_ptr<Botan::Private_Key> key = Botan::PKCS8::load_key(source);
  if (family == PkFamily::kEcdh) {
    // PKCS#8 EC keys load as ECDSA keys; ECDH needs the same scalar as an ECDH key.
    const auto* ec = dynamic_cast<const Botan::EC_PrivateKey*>(key.get());
    if (ec == nullptr) {
      throw std::invalid_argument("timing key of " + std::string(alg.name) + " is not an EC key");
    }
    return std::make_unique<Botan::ECDH_PrivateKey>(rng, ec->domain(), ec->private_value());
  }
  return key;
}

// The peer of a timed key agreement: a fixed scalar (the OpenSSL backend's SecondKey): any 32
// bytes for X25519 (RFC 7748 5 clamps them), top bit clear (below the P-256 order) for ECDH.
std::unique_ptr<Botan::PK_Key_Agreement_Key> SecondKey(const AlgorithmInfo& alg,
                                                       Botan::RandomNumberGenerator& rng) {
  const Bytes scalar = PeerPrivateScalar(alg);
  if (PkFamilyOf(alg) == PkFamily::kX25519) {
    return std::make_unique<Botan::Curve25519_PrivateKey>(
        Botan::secure_vector<uint8_t>(scalar.begin(), scalar.end()));
  }
  return std::make_unique<Botan::ECDH_PrivateKey>(rng, Group(alg),
                                                  Botan::BigInt(scalar.data(), scalar.size()));
}

// A public key from a KAT vector (formats in algorithms/kat.h).
std::unique_ptr<Botan::Public_Key> KatPublicKey(const AlgorithmInfo& alg, const Bytes& bytes) {
  switch (PkFamilyOf(alg)) {
    case PkFamily::kRsa:
      // The algorithm identifier is not consulted: the key bits are a DER RSAPublicKey.
      return std::make_unique<Botan::RSA_PublicKey>(Botan::AlgorithmIdentifier(), bytes);
    case PkFamily::kEcdsa: {
      const Botan::EC_Group group = Group(alg);
      return std::make_unique<Botan::ECDSA_PublicKey>(group, group.OS2ECP(bytes));
    }
    case PkFamily::kEd25519:
      return std::make_unique<Botan::Ed25519_PublicKey>(bytes);
    default:
      throw std::invalid_argument(std::string(alg.name) + " has no KAT public key form here");
  }
}

Bytes ToBytes(const Botan::secure_vector<uint8_t>& v) { return Bytes(v.begin(), v.end()); }

// One side of a key agreement, the engine of the key-agreement adapter
// (common/key_agreement_adapter.h): a PK_Key_Agreement over our key and the peer's public
// value. Exceptions become one line through Guarded().
class AgreementSide : public GuardedBy<"Botan"> {
 public:
  AgreementSide(std::unique_ptr<Botan::Private_Key> key, Bytes peer_public, size_t secret_len)
      : key_(std::move(key)),
        agreement_(std::make_unique<Botan::PK_Key_Agreement>(*key_, rng_, "Raw")),
        peer_public_(std::move(peer_public)),
        secret_len_(secret_len) {}

  size_t secret_len() const { return secret_len_; }

  bool Derive(uint8_t* out, std::string* error) {
    const Botan::secure_vector<uint8_t> secret = agreement_->derive_key(0, peer_public_).bits_of();
    if (secret.size() != secret_len_) {
      *error = "PK_Key_Agreement::derive_key gave " + std::to_string(secret.size()) +
               " bytes, expected " + std::to_string(secret_len_);
      return false;
    }
    std::copy(secret.begin(), secret.end(), out);
    return true;
  }

 private:
  Botan::AutoSeeded_RNG rng_;
  std::unique_ptr<Botan::Private_Key> key_;
  std::unique_ptr<Botan::PK_Key_Agreement> agreement_;
  Bytes peer_public_;
  size_t secret_len_;
};

// Both sides of the timed exchange (KeyAgreementSidesFactory): the timing key with SecondKey's
// public value, and SecondKey with ours.
std::string AgreementSides(const AlgorithmInfo& alg, std::unique_ptr<AgreementSide>* ours,
                           std::unique_ptr<AgreementSide>* theirs) {
  return Guarded("Botan " + std::string(alg.name), [&] {
    Botan::AutoSeeded_RNG rng;
    std::unique_ptr<Botan::Private_Key> key = TimingKey(alg, rng);
    const auto* own = dynamic_cast<const Botan::PK_Key_Agreement_Key*>(key.get());
    if (own == nullptr) {
      return std::string("timing key is not a key-agreement key");
    }
    std::unique_ptr<Botan::PK_Key_Agreement_Key> peer = SecondKey(alg, rng);
    Bytes own_public = own->public_value();
    Bytes peer_public = peer->public_value();
    *ours = std::make_unique<AgreementSide>(std::move(key), std::move(peer_public), alg.key_len);
    *theirs = std::make_unique<AgreementSide>(std::move(peer), std::move(own_public), alg.key_len);
    return std::string();
  });
}

// The signature engine (common/signature_adapter.h): the timing key with one PK_Signer and one
// PK_Verifier, and the generator they draw from. Exceptions become one line through Guarded().
class SignatureEngine : public GuardedBy<"Botan">, public KeptSignature {
 public:
  /// nullptr with "Botan <alg>: <what()>" if the key or the signer cannot be set up.
  static std::unique_ptr<SignatureEngine> Make(const AlgorithmInfo& alg, std::string* error) {
    return MakeGuarded<SignatureEngine>("Botan " + std::string(alg.name), error, alg);
  }

  // Throws (Botan's exceptions) if the timing key does not load.
  explicit SignatureEngine(const AlgorithmInfo& alg) : key_(TimingKey(alg, rng_)) {
    const std::string padding = Padding(PkFamilyOf(alg));
    signer_ = std::make_unique<Botan::PK_Signer>(*key_, rng_, padding);
    verifier_ = std::make_unique<Botan::PK_Verifier>(*key_, padding);
  }

  bool Sign(std::span<const uint8_t> tbs, std::string*) {
    sig_ = signer_->sign_message(tbs.data(), tbs.size(), rng_);
    return true;
  }

  bool Verify(std::span<const uint8_t> tbs, std::span<const uint8_t> signature,
              std::string* error) {
    if (!verifier_->verify_message(tbs.data(), tbs.size(), signature.data(), signature.size())) {
      *error = "PK_Verifier::verify_message rejected the signature";
      return false;
    }
    return true;
  }

 private:
  Botan::AutoSeeded_RNG rng_;
  std::unique_ptr<Botan::Private_Key> key_;
  std::unique_ptr<Botan::PK_Signer> signer_;
  std::unique_ptr<Botan::PK_Verifier> verifier_;
};

// One signature of `tbs` with `key` (a fresh signer).
Bytes SignOnce(const AlgorithmInfo& alg, const Botan::Private_Key& key, const Bytes& tbs,
               Botan::RandomNumberGenerator& rng) {
  Botan::PK_Signer signer(key, rng, Padding(PkFamilyOf(alg)));
  return signer.sign_message(tbs, rng);
}

bool Verifies(const AlgorithmInfo& alg, const Botan::Public_Key& key, const Bytes& tbs,
              const Bytes& signature) {
  Botan::PK_Verifier verifier(key, Padding(PkFamilyOf(alg)));
  return verifier.verify_message(tbs, signature);
}

std::string VerifyVector(const AlgorithmInfo& alg, const KatVector& vector, bool tamper,
                         bool* valid) {
  return ThrowingKatVerify(IsFamilySignature(alg), "Botan", vector, tamper, valid,
                           [&](const Bytes& public_key, const Bytes& tbs, const Bytes& signature) {
                             return Verifies(alg, *KatPublicKey(alg, public_key), tbs, signature);
                           });
}

std::string SignVector(const AlgorithmInfo& alg, const KatVector& vector, Bytes* signature) {
  const PkFamily family = PkFamilyOf(alg);
  if (family != PkFamily::kEcdsa && family != PkFamily::kEd25519) {
    return kNotOffered;  // RSA vectors publish no usable private key
  }
  return Guarded("Botan sign", [&] {
    Botan::AutoSeeded_RNG rng;
    const Bytes secret = HexDecode(vector.private_key);
    std::unique_ptr<Botan::Private_Key> key;
    if (family == PkFamily::kEd25519) {
      key = std::make_unique<Botan::Ed25519_PrivateKey>(
          Botan::secure_vector<uint8_t>(secret.begin(), secret.end()));
    } else {
      // Botan signs ECDSA with RFC 6979 nonces, so the published signature is reproducible.
      key = std::make_unique<Botan::ECDSA_PrivateKey>(rng, Group(alg),
                                                      Botan::BigInt(secret.data(), secret.size()));
    }
    *signature = SignOnce(alg, *key, HexDecode(vector.input), rng);
    return std::string();
  });
}

std::string DeriveVector(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret) {
  const PkFamily family = PkFamilyOf(alg);
  if (family != PkFamily::kX25519 && family != PkFamily::kEcdh) {
    return kNotOffered;
  }
  return Guarded("Botan derive", [&] {
    Botan::AutoSeeded_RNG rng;
    const Bytes scalar = HexDecode(vector.private_key);
    std::unique_ptr<Botan::PK_Key_Agreement_Key> key;
    if (family == PkFamily::kX25519) {
      key = std::make_unique<Botan::Curve25519_PrivateKey>(
          Botan::secure_vector<uint8_t>(scalar.begin(), scalar.end()));
    } else {
      key = std::make_unique<Botan::ECDH_PrivateKey>(rng, Group(alg),
                                                     Botan::BigInt(scalar.data(), scalar.size()));
    }
    Botan::PK_Key_Agreement agreement(*key, rng, "Raw");
    *secret = ToBytes(agreement.derive_key(0, HexDecode(vector.public_key)).bits_of());
    return std::string();
  });
}

}  // namespace

LibraryBindings PublicKeyBinding() {
  return BindFamilyPublicKey<SignatureEngine, &VerifyVector, &SignVector, AgreementSide,
                             &AgreementSides, &DeriveVector>();
}

}  // namespace cryptobench::backends::botan
