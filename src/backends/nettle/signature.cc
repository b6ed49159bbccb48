// Signatures through Hogweed: RSA PKCS#1 v1.5 over a SHA-256 digest (rsa_sha256_sign_digest_tr,
// rsa_sha256_verify_digest), ECDSA over a digest (ecdsa_sign, ecdsa_verify) and Ed25519
// (ed25519_sha512_sign, ed25519_sha512_verify). Timed operations include the conversion between
// the signature's byte string and Hogweed's integers, as a byte-oriented API would.
#include <memory>
#include <span>
#include <string>
#include <utility>

#include <nettle/bignum.h>
#include <nettle/ecdsa.h>
#include <nettle/eddsa.h>
#include <nettle/sha2.h>

#include "algorithms/kat.h"
#include "backends/common/buffers.h"
#include "backends/common/pk_family.h"
#include "backends/common/signature_adapter.h"
#include "backends/nettle/nettle_internal.h"
#include "backends/nettle/pk_keys.h"
#include "core/hex.h"

namespace cryptobench::backends::nettle {
namespace {

// The signatures this backend binds, by family (PkFamily, pk_family.h).
PkFamily FamilyOf(const AlgorithmInfo& alg) {
  return SignatureFamilyOf(alg, CurveOf(alg) != nullptr);
}

// A key of any family: what Sign and Verify need.
struct SigningKey {
  PkFamily family = PkFamily::kNone;
  std::unique_ptr<RsaKey> rsa;
  std::unique_ptr<EcKey> ec;
  Bytes ed_private;  // 32-byte seed (RFC 8032 5.1.5)
  Bytes ed_public;   // 32 bytes
};

// The timing key: PKCS#8 PEM (RSA, ECDSA) or the first RFC 8032 vector's pair (Ed25519).
std::string TimingKey(const AlgorithmInfo& alg, SigningKey* key) {
  key->family = FamilyOf(alg);
  switch (key->family) {
    case PkFamily::kRsa:
      key->rsa = std::make_unique<RsaKey>();
      return ReadRsaTimingKey(TimingPrivateKeyPem(alg.name), key->rsa.get());
    case PkFamily::kEcdsa:
      key->ec = std::make_unique<EcKey>(CurveOf(alg));
      return ReadEcTimingKey(TimingPrivateKeyPem(alg.name), key->ec.get());
    case PkFamily::kEd25519:
      if (const KatVector* vector = FirstVectorWithPrivateKey(alg.name); vector != nullptr) {
        key->ed_private = HexDecode(vector->private_key);
        key->ed_public.assign(ED25519_KEY_SIZE, 0);
        ed25519_sha512_public_key(key->ed_public.data(), key->ed_private.data());
        return "";
      }
      return "no Ed25519 key pair among the known-answer vectors";
    default:
      break;
  }
  return std::string(alg.name) + " is not a Nettle signature algorithm";
}

// Signs `input` (a SHA-256 digest for RSA and ECDSA, the message for Ed25519). ECDSA signatures
// are r||s, each as wide as the curve.
std::string SignInput(const SigningKey& key, std::span<const uint8_t> input, Bytes* signature) {
  switch (key.family) {
    case PkFamily::kRsa: {
      if (input.size() != SHA256_DIGEST_SIZE) {
        return "RSA signs a 32-byte SHA-256 digest";
      }
      Mpz s;
      if (rsa_sha256_sign_digest_tr(&key.rsa->pub, &key.rsa->priv, RandomContext(), &RandomBytes,
                                    input.data(), s.value) != 1) {
        return "rsa_sha256_sign_digest_tr failed";
      }
      *signature = MpzBytes(s.value, key.rsa->pub.size);
      return "";
    }
    case PkFamily::kEcdsa: {
      dsa_signature sig;
      dsa_signature_init(&sig);
      ecdsa_sign(&key.ec->scalar, RandomContext(), &RandomBytes, input.size(), input.data(), &sig);
      const size_t width = CurveBytes(key.ec->curve);
      *signature = MpzBytes(sig.r, width);
      const Bytes s = MpzBytes(sig.s, width);
      signature->insert(signature->end(), s.begin(), s.end());
      dsa_signature_clear(&sig);
      return "";
    }
    case PkFamily::kEd25519:
      signature->assign(ED25519_SIGNATURE_SIZE, 0);
      ed25519_sha512_sign(key.ed_public.data(), key.ed_private.data(), input.size(), input.data(),
                          signature->data());
      return "";
    default:
      break;
  }
  return "no key";
}

// True if `signature` verifies over `input` with the public half of `key`.
bool VerifyInput(const SigningKey& key, std::span<const uint8_t> input,
                 std::span<const uint8_t> signature) {
  switch (key.family) {
    case PkFamily::kRsa: {
      if (input.size() != SHA256_DIGEST_SIZE) {
        return false;
      }
      Mpz s;
      nettle_mpz_set_str_256_u(s.value, signature.size(), signature.data());
      return rsa_sha256_verify_digest(&key.rsa->pub, input.data(), s.value) == 1;
    }
    case PkFamily::kEcdsa: {
      const size_t width = CurveBytes(key.ec->curve);
      if (signature.size() != 2 * width) {
        return false;
      }
      dsa_signature sig;
      dsa_signature_init(&sig);
      nettle_mpz_set_str_256_u(sig.r, width, signature.data());
      nettle_mpz_set_str_256_u(sig.s, width, signature.data() + width);
      const bool ok = ecdsa_verify(&key.ec->point, input.size(), input.data(), &sig) == 1;
      dsa_signature_clear(&sig);
      return ok;
    }
    case PkFamily::kEd25519:
      return signature.size() == ED25519_SIGNATURE_SIZE &&
             ed25519_sha512_verify(key.ed_public.data(), input.size(), input.data(),
                                   signature.data()) == 1;
    default:
      break;
  }
  return false;
}

// A KAT vector's public key: DER RSAPublicKey (RFC 8017 A.1.1), 04||X||Y, or raw Ed25519.
std::string KatPublicKey(const AlgorithmInfo& alg, const Bytes& encoded, SigningKey* key) {
  key->family = FamilyOf(alg);
  switch (key->family) {
    case PkFamily::kRsa: {
      key->rsa = std::make_unique<RsaKey>();
      // With no private key, rsa_keypair_from_der reads an RSAPublicKey and prepares it.
      if (rsa_keypair_from_der(&key->rsa->pub, nullptr, 0, encoded.size(), encoded.data()) != 1) {
        return "rsa_keypair_from_der: not an RSAPublicKey";
      }
      return "";
    }
    case PkFamily::kEcdsa:
      key->ec = std::make_unique<EcKey>(CurveOf(alg));
      return SetEcPoint(encoded, key->ec.get());
    case PkFamily::kEd25519:
      if (encoded.size() != ED25519_KEY_SIZE) {
        return "Ed25519 public key is not 32 bytes";
      }
      key->ed_public = encoded;
      return "";
    default:
      break;
  }
  return kNotOffered;
}

// The signature engine (common/signature_adapter.h): the timing key, signing and verifying
// through SignInput and VerifyInput.
class SignatureEngine : public KeptSignature {
 public:
  static std::unique_ptr<SignatureEngine> Make(const AlgorithmInfo& alg, std::string* error) {
    auto engine = std::make_unique<SignatureEngine>();
    if (*error = TimingKey(alg, &engine->key_); !error->empty()) {
      return nullptr;
    }
    return engine;
  }

  bool Sign(std::span<const uint8_t> tbs, std::string* error) {
    *error = SignInput(key_, tbs, &sig_);
    return error->empty();
  }

  bool Verify(std::span<const uint8_t> tbs, std::span<const uint8_t> signature,
              std::string* error) {
    if (!VerifyInput(key_, tbs, signature)) {
      *error = "the signature did not verify";
      return false;
    }
    return true;
  }

 private:
  SigningKey key_;
};

}  // namespace

bool SignatureSupported(const AlgorithmInfo& alg) {
  SigningKey key;
  return FamilyOf(alg) != PkFamily::kNone && TimingKey(alg, &key).empty();
}

namespace {

std::string VerifyVector(const AlgorithmInfo& alg, const KatVector& vector, bool tamper,
                         bool* valid) {
  if (FamilyOf(alg) == PkFamily::kNone) {
    return kNotOffered;
  }
  *valid = false;
  const Bytes input = KatSignedInput(vector, tamper);
  if (FamilyOf(alg) != PkFamily::kEd25519 && (!vector.input_is_digest || input.size() != 32)) {
    return "Nettle's backend verifies RSA and ECDSA vectors over a SHA-256 digest only";
  }
  SigningKey key;
  if (std::string error = KatPublicKey(alg, HexDecode(vector.public_key), &key); !error.empty()) {
    return "public key: " + error;
  }
  *valid = VerifyInput(key, input, HexDecode(vector.output));
  return "";
}

std::string SignVector(const AlgorithmInfo& alg, const KatVector& vector, Bytes* signature) {
  // Only Ed25519 is deterministic here: Nettle's ECDSA draws k at random (no RFC 6979), and
  // the RSA vectors publish no private key.
  if (FamilyOf(alg) != PkFamily::kEd25519 || vector.private_key.empty()) {
    return kNotOffered;
  }
  SigningKey key;
  key.family = PkFamily::kEd25519;
  key.ed_private = HexDecode(vector.private_key);
  if (key.ed_private.size() != ED25519_KEY_SIZE) {
    return "Ed25519 private key is not 32 bytes";
  }
  key.ed_public.assign(ED25519_KEY_SIZE, 0);
  ed25519_sha512_public_key(key.ed_public.data(), key.ed_private.data());
  return SignInput(key, HexDecode(vector.input), signature);
}

}  // namespace

SignatureEntries SignatureBinding() {
  return BindSignature<SignatureEngine, &HasFamily<&FamilyOf>, &VerifyVector, &SignVector>();
}

}  // namespace cryptobench::backends::nettle
