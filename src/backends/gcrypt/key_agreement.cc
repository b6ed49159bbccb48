// Key agreement: X25519 through gcry_ecc_mul_point (RFC 7748) and ECDH on P-256 through
// libgcrypt's EC arithmetic (gcry_mpi_ec_mul; the secret is the x-coordinate, SEC 1 3.3.1).
#include <memory>

#include "algorithms/kat.h"
#include "backends/common/buffers.h"
#include "backends/common/key_agreement_adapter.h"
#include "backends/gcrypt/gcrypt_internal.h"
#include "backends/gcrypt/pk_keys.h"
#include "core/hex.h"

namespace cryptobench::backends::gcrypt {
namespace {

constexpr size_t kX25519Len = 32;

bool IsX25519(const AlgorithmInfo& alg) { return alg.primitive == AlgorithmPrimitive::kX25519; }
bool IsEcdh(const AlgorithmInfo& alg) {
  return alg.primitive == AlgorithmPrimitive::kEcdh && CurveNameOf(alg) != nullptr;
}
// The key agreements the binding covers (BindKeyAgreement's predicate).
bool Bound(const AlgorithmInfo& alg) { return IsX25519(alg) || IsEcdh(alg); }

// One side of an exchange, set up once; Derive() computes the shared secret. The engines of the
// key-agreement adapter (common/key_agreement_adapter.h), one virtual Derive() per operation.
class X25519Agreement : public KeyAgreementEngine {
 public:
  X25519Agreement(Bytes private_key, Bytes peer_public)
      : private_(std::move(private_key)), peer_(std::move(peer_public)) {}
  bool Derive(uint8_t* out, std::string* error) override {
    if (gcry_error_t err =
            gcry_ecc_mul_point(GCRY_ECC_CURVE25519, out, private_.data(), peer_.data());
        err != 0) {
      *error = CallError("gcry_ecc_mul_point", err);
      return false;
    }
    return true;
  }
  size_t secret_len() const override { return kX25519Len; }

 private:
  Bytes private_;
  Bytes peer_;
};

class EcdhAgreement : public KeyAgreementEngine {
 public:
  explicit EcdhAgreement(std::unique_ptr<EcdhSide> side) : side_(std::move(side)) {}
  bool Derive(uint8_t* out, std::string* error) override {
    if (!side_->Derive(out)) {
      *error = "ECDH gave the point at infinity";
      return false;
    }
    return true;
  }
  size_t secret_len() const override { return side_->secret_len(); }

 private:
  std::unique_ptr<EcdhSide> side_;
};

// Our private key (raw scalar) and the peer's public key as KAT vectors give them (the
// binding's KeyAgreementVectorFactory).
std::unique_ptr<KeyAgreementEngine> NewAgreement(const AlgorithmInfo& alg, const Bytes& private_key,
                                                 const Bytes& peer_public, std::string* error) {
  if (IsX25519(alg)) {
    if (private_key.size() != kX25519Len || peer_public.size() != kX25519Len) {
      *error = "X25519 keys are 32 bytes";
      return nullptr;
    }
    return std::make_unique<X25519Agreement>(private_key, peer_public);
  }
  auto side = EcdhSide::Create(CurveNameOf(alg), private_key, peer_public, error);
  return side ? std::make_unique<EcdhAgreement>(std::move(side)) : nullptr;
}

// The public key of a raw private key: X25519 u-coordinate or EC point 04||X||Y.
std::string PublicKeyOf(const AlgorithmInfo& alg, const Bytes& private_key, Bytes* public_key) {
  if (IsX25519(alg)) {
    public_key->assign(kX25519Len, 0);
    gcry_error_t err =
        gcry_ecc_mul_point(GCRY_ECC_CURVE25519, public_key->data(), private_key.data(), nullptr);
    return err == 0 ? "" : CallError("gcry_ecc_mul_point(base point)", err);
  }
  return EcPublicPoint(CurveNameOf(alg), private_key, public_key);
}

// Both sides of the timed exchange: our timing key with the peer's public key, and back.
std::string TimingAgreements(const AlgorithmInfo& alg, std::unique_ptr<KeyAgreementEngine>* ours,
                             std::unique_ptr<KeyAgreementEngine>* theirs) {
  Bytes own_private;
  if (IsX25519(alg)) {
    const KatVector* vector = FirstVectorWithPrivateKey(alg.name);
    if (vector == nullptr) {
      return "no X25519 private key among the known-answer vectors";
    }
    own_private = HexDecode(vector->private_key);
  } else if (std::string error =
                 EcTimingScalar(TimingPrivateKeyPem(alg.name), CurveNameOf(alg), &own_private);
             !error.empty()) {
    return error;
  }
  const Bytes peer_private = PeerPrivateScalar(alg);
  Bytes own_public;
  Bytes peer_public;
  for (std::string error :
       {PublicKeyOf(alg, own_private, &own_public), PublicKeyOf(alg, peer_private, &peer_public)}) {
    if (!error.empty()) {
      return error;
    }
  }
  std::string error;
  *ours = NewAgreement(alg, own_private, peer_public, &error);
  *theirs = *ours ? NewAgreement(alg, peer_private, own_public, &error) : nullptr;
  return *theirs ? "" : error;
}

}  // namespace

bool KeyAgreementSupported(const AlgorithmInfo& alg) {
  return Bound(alg) && KeyAgreementSidesLoad<KeyAgreementEngine>(&TimingAgreements, alg);
}

KeyAgreementEntries KeyAgreementBinding() {
  return BindKeyAgreement<KeyAgreementEngine, &TimingAgreements, &NewAgreement, &Bound>();
}

}  // namespace cryptobench::backends::gcrypt
