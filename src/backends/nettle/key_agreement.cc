// Key agreement through Hogweed: X25519 (curve25519_mul, RFC 7748) and ECDH on P-256
// (ecc_point_mul; the shared secret is the x-coordinate, SEC 1 3.3.1).
#include <memory>

#include <nettle/bignum.h>
#include <nettle/curve25519.h>

#include "algorithms/kat.h"
#include "backends/common/buffers.h"
#include "backends/common/key_agreement_adapter.h"
#include "backends/nettle/nettle_internal.h"
#include "backends/nettle/pk_keys.h"
#include "core/hex.h"

namespace cryptobench::backends::nettle {
namespace {

bool IsX25519(const AlgorithmInfo& alg) { return alg.primitive == AlgorithmPrimitive::kX25519; }
bool IsEcdh(const AlgorithmInfo& alg) {
  return alg.primitive == AlgorithmPrimitive::kEcdh && CurveOf(alg) != nullptr;
}
// The key agreements the binding covers (BindKeyAgreement's predicate).
bool Bound(const AlgorithmInfo& alg) { return IsX25519(alg) || IsEcdh(alg); }

// One side of a key agreement: our private key and the peer's public key, both set up. The
// engines of the key-agreement adapter (common/key_agreement_adapter.h), one virtual Derive()
// per operation; Hogweed's calls here cannot fail, so Derive() is always true (32 bytes for
// X25519 and P-256).
class X25519Agreement : public KeyAgreementEngine {
 public:
  X25519Agreement(Bytes private_key, Bytes peer_public)
      : private_(std::move(private_key)), peer_(std::move(peer_public)) {}
  // curve25519_mul clamps the scalar as RFC 7748 5 requires.
  bool Derive(uint8_t* out, std::string*) override {
    curve25519_mul(out, private_.data(), peer_.data());
    return true;
  }
  size_t secret_len() const override { return CURVE25519_SIZE; }

 private:
  Bytes private_;
  Bytes peer_;
};

class EcdhAgreement : public KeyAgreementEngine {
 public:
  EcdhAgreement(std::unique_ptr<EcKey> own, std::unique_ptr<EcKey> peer)
      : own_(std::move(own)), peer_(std::move(peer)), shared_(own_->curve) {}
  bool Derive(uint8_t* out, std::string*) override {
    ecc_point_mul(&shared_.point, &own_->scalar, &peer_->point);
    ecc_point_get(&shared_.point, x_.value, y_.value);
    nettle_mpz_get_str_256(secret_len(), out, x_.value);
    return true;
  }
  size_t secret_len() const override { return CurveBytes(own_->curve); }

 private:
  std::unique_ptr<EcKey> own_;
  std::unique_ptr<EcKey> peer_;
  EcKey shared_;
  Mpz x_;
  Mpz y_;
};

Bytes X25519Public(const Bytes& private_key) {
  Bytes out(CURVE25519_SIZE);
  curve25519_mul_g(out.data(), private_key.data());
  return out;
}

// Both directions of the timed exchange: *ours derives with our timing key and the peer's
// public key, *theirs with the peer's private key and our public key.
std::string TimingAgreements(const AlgorithmInfo& alg, std::unique_ptr<KeyAgreementEngine>* ours,
                             std::unique_ptr<KeyAgreementEngine>* theirs) {
  const Bytes peer_private = PeerPrivateScalar(alg);
  if (IsX25519(alg)) {
    const KatVector* vector = FirstVectorWithPrivateKey(alg.name);
    const Bytes own_private = vector != nullptr ? HexDecode(vector->private_key) : Bytes();
    if (own_private.size() != CURVE25519_SIZE) {
      return "no X25519 private key among the known-answer vectors";
    }
    *ours = std::make_unique<X25519Agreement>(own_private, X25519Public(peer_private));
    *theirs = std::make_unique<X25519Agreement>(peer_private, X25519Public(own_private));
    return "";
  }
  auto own = std::make_unique<EcKey>(CurveOf(alg));
  auto own_copy = std::make_unique<EcKey>(CurveOf(alg));
  auto peer = std::make_unique<EcKey>(CurveOf(alg));
  auto peer_copy = std::make_unique<EcKey>(CurveOf(alg));
  for (std::string error :
       {ReadEcTimingKey(TimingPrivateKeyPem(alg.name), own.get()),
        ReadEcTimingKey(TimingPrivateKeyPem(alg.name), own_copy.get()),
        SetEcScalar(peer_private, peer.get()), SetEcScalar(peer_private, peer_copy.get())}) {
    if (!error.empty()) {
      return error;
    }
  }
  *ours = std::make_unique<EcdhAgreement>(std::move(own), std::move(peer_copy));
  *theirs = std::make_unique<EcdhAgreement>(std::move(peer), std::move(own_copy));
  return "";
}

// A KAT vector's side (the binding's KeyAgreementVectorFactory).
std::unique_ptr<KeyAgreementEngine> VectorAgreement(const AlgorithmInfo& alg,
                                                    const Bytes& private_key,
                                                    const Bytes& peer_public, std::string* error) {
  if (IsX25519(alg)) {
    if (private_key.size() != CURVE25519_SIZE || peer_public.size() != CURVE25519_SIZE) {
      *error = "X25519 keys are 32 bytes";
      return nullptr;
    }
    return std::make_unique<X25519Agreement>(private_key, peer_public);
  }
  auto own = std::make_unique<EcKey>(CurveOf(alg));
  auto peer = std::make_unique<EcKey>(CurveOf(alg));
  if (std::string text = SetEcScalar(private_key, own.get()); !text.empty()) {
    *error = "private key: " + text;
    return nullptr;
  }
  if (std::string text = SetEcPoint(peer_public, peer.get()); !text.empty()) {
    *error = "peer public key: " + text;
    return nullptr;
  }
  return std::make_unique<EcdhAgreement>(std::move(own), std::move(peer));
}

}  // namespace

bool KeyAgreementSupported(const AlgorithmInfo& alg) {
  return Bound(alg) && KeyAgreementSidesLoad<KeyAgreementEngine>(&TimingAgreements, alg);
}

KeyAgreementEntries KeyAgreementBinding() {
  return BindKeyAgreement<KeyAgreementEngine, &TimingAgreements, &VectorAgreement, &Bound>();
}

}  // namespace cryptobench::backends::nettle
