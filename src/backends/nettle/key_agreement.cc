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

// One side of a key agreement: our private key and the peer's public key, both set up. The
// engine of the key-agreement adapter (common/key_agreement_adapter.h), one virtual Derive()
// per operation; Hogweed's calls here cannot fail.
class Agreement {
 public:
  virtual ~Agreement() = default;
  /// Writes the shared secret (32 bytes for X25519 and P-256) to `out`; always true.
  virtual bool Derive(uint8_t* out, std::string* error) = 0;
  virtual size_t secret_len() const = 0;
};

class X25519Agreement : public Agreement {
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

class EcdhAgreement : public Agreement {
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
std::string TimingAgreements(const AlgorithmInfo& alg, std::unique_ptr<Agreement>* ours,
                             std::unique_ptr<Agreement>* theirs) {
  const Bytes peer_private = PeerPrivateScalar(alg);
  if (IsX25519(alg)) {
    Bytes own_private;
    for (const KatVector& vector : KatVectorsFor(alg.name)) {
      if (!vector.private_key.empty()) {
        own_private = HexDecode(vector.private_key);
        break;
      }
    }
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

}  // namespace

bool KeyAgreementSupported(const AlgorithmInfo& alg) {
  return (IsX25519(alg) || IsEcdh(alg)) && KeyAgreementSidesLoad<Agreement>(&TimingAgreements, alg);
}

namespace {

std::string DeriveVector(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret) {
  const Bytes private_key = HexDecode(vector.private_key);
  const Bytes peer_public = HexDecode(vector.public_key);
  std::unique_ptr<Agreement> agreement;
  if (IsX25519(alg)) {
    if (private_key.size() != CURVE25519_SIZE || peer_public.size() != CURVE25519_SIZE) {
      return "X25519 keys are 32 bytes";
    }
    agreement = std::make_unique<X25519Agreement>(private_key, peer_public);
  } else if (IsEcdh(alg)) {
    auto own = std::make_unique<EcKey>(CurveOf(alg));
    auto peer = std::make_unique<EcKey>(CurveOf(alg));
    if (std::string error = SetEcScalar(private_key, own.get()); !error.empty()) {
      return "private key: " + error;
    }
    if (std::string error = SetEcPoint(peer_public, peer.get()); !error.empty()) {
      return "peer public key: " + error;
    }
    agreement = std::make_unique<EcdhAgreement>(std::move(own), std::move(peer));
  } else {
    return kNotOffered;
  }
  secret->assign(agreement->secret_len(), 0);
  std::string error;
  agreement->Derive(secret->data(), &error);
  return error;
}

}  // namespace

std::unique_ptr<PreparedOperation> PrepareKeyAgreement(const AlgorithmInfo& alg, Operation op,
                                                       PrepareFailure* failure,
                                                       std::string* error) {
  return PrepareKeyAgreementWith<Agreement>(&TimingAgreements, alg, op, failure, error);
}

OneShotFunctions KeyAgreementOneShots() { return {.derive = &DeriveVector}; }

}  // namespace cryptobench::backends::nettle
