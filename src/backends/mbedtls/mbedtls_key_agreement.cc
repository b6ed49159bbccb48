// Key agreement of the Mbed TLS backend (mbedtls_key_agreement.h).
#include "backends/mbedtls/mbedtls_key_agreement.h"

#include <memory>
#include <span>
#include <string>
#include <utility>

#include <mbedtls/bignum.h>
#include <mbedtls/ecdh.h>
#include <mbedtls/ecp.h>

#include "backends/common/buffers.h"
#include "backends/common/key_agreement_adapter.h"
#include "backends/mbedtls/mbedtls_pk_keys.h"
#include "backends/mbedtls/mbedtls_util.h"
#include "core/hex.h"

namespace cryptobench::backends::mbedtls {
namespace {

// One party of an ECDH exchange: group, private scalar d and public point Q = dG.
struct EcParty {
  Keypair keypair;
};

// Loads `scalar` (big-endian for NIST curves, little-endian and clamped for Curve25519: Mbed
// TLS's mbedtls_ecp_read_key) and computes its public point.
std::string MakeParty(mbedtls_ecp_group_id id, std::span<const uint8_t> scalar,
                      DeterministicRng& rng, EcParty* party) {
  mbedtls_ecp_keypair* kp = party->keypair.get();
  if (int ret = mbedtls_ecp_read_key(id, kp, scalar.data(), scalar.size()); ret != 0) {
    return MbedError("mbedtls_ecp_read_key", ret);
  }
  if (int ret = mbedtls_ecp_mul(&kp->grp, &kp->Q, &kp->d, &kp->grp.G, &DeterministicRng::Generate,
                                rng.state());
      ret != 0) {
    return MbedError("mbedtls_ecp_mul", ret);
  }
  return "";
}

// The shared secret of `own` with `peer_public`, encoded as the standards say.
std::string SharedSecret(EcParty& own, const mbedtls_ecp_point* peer_public, DeterministicRng& rng,
                         Mpi* z, std::span<uint8_t> out) {
  mbedtls_ecp_keypair* kp = own.keypair.get();
  if (int ret = mbedtls_ecdh_compute_shared(&kp->grp, z->get(), peer_public, &kp->d,
                                            &DeterministicRng::Generate, rng.state());
      ret != 0) {
    return MbedError("mbedtls_ecdh_compute_shared", ret);
  }
  const bool montgomery = mbedtls_ecp_get_type(&kp->grp) == MBEDTLS_ECP_TYPE_MONTGOMERY;
  const int ret = montgomery ? mbedtls_mpi_write_binary_le(z->get(), out.data(), out.size())
                             : mbedtls_mpi_write_binary(z->get(), out.data(), out.size());
  return ret == 0 ? "" : MbedError("mbedtls_mpi_write_binary", ret);
}

size_t SecretLen(const EcParty& party) { return (party.keypair.get()->grp.pbits + 7) / 8; }

// One side of the timed exchange, the engine of the key-agreement adapter
// (common/key_agreement_adapter.h): our party's private scalar with the other party's public
// point, and the generator Mbed TLS blinds the multiplication with.
class EcdhSide {
 public:
  EcdhSide(std::shared_ptr<EcParty> own, std::shared_ptr<EcParty> peer)
      : own_(std::move(own)), peer_(std::move(peer)) {}

  size_t secret_len() const { return SecretLen(*own_); }

  bool Derive(uint8_t* out, std::string* error) {
    *error = SharedSecret(*own_, &peer_->keypair.get()->Q, rng_, &z_,
                          std::span<uint8_t>(out, secret_len()));
    return error->empty();
  }

  const std::string& rng_error() const { return rng_.error(); }

 private:
  std::shared_ptr<EcParty> own_;
  std::shared_ptr<EcParty> peer_;
  DeterministicRng rng_;
  Mpi z_;
};

// The timing key's private scalar: the PEM key's d (NIST curves) or the first RFC 7748 vector's
// private key (X25519), as the OpenSSL backend times.
std::string TimingScalar(const AlgorithmInfo& alg, Bytes* scalar) {
  if (alg.name == "X25519") {
    const KatVector* vector = FirstVectorWithPrivateKey(alg.name);
    if (vector == nullptr) {
      return "no X25519 vector with a private key";
    }
    *scalar = HexDecode(vector->private_key);
    return "";
  }
  PkContext pk;
  if (std::string error = ParseTimingKey(alg, &pk); !error.empty()) {
    return error;
  }
  const mbedtls_ecp_keypair* kp = mbedtls_pk_ec(*pk.get());
  scalar->assign((kp->grp.pbits + 7) / 8, 0);
  if (int ret = mbedtls_mpi_write_binary(&kp->d, scalar->data(), scalar->size()); ret != 0) {
    return MbedError("mbedtls_mpi_write_binary", ret);
  }
  return "";
}

// The two sides of the timed exchange (KeyAgreementSidesFactory): the timing key's party and
// the party of PeerPrivateScalar.
std::string TimingSides(const AlgorithmInfo& alg, std::unique_ptr<EcdhSide>* ours,
                        std::unique_ptr<EcdhSide>* theirs) {
  DeterministicRng rng;
  if (!rng.error().empty()) {
    return rng.error();
  }
  Bytes own_scalar;
  if (std::string text = TimingScalar(alg, &own_scalar); !text.empty()) {
    return text;
  }
  auto own = std::make_shared<EcParty>();
  auto peer = std::make_shared<EcParty>();
  if (std::string text = MakeParty(GroupIdOf(alg), own_scalar, rng, own.get()); !text.empty()) {
    return text;
  }
  if (std::string text = MakeParty(GroupIdOf(alg), PeerPrivateScalar(alg), rng, peer.get());
      !text.empty()) {
    return text;
  }
  *ours = std::make_unique<EcdhSide>(own, peer);
  *theirs = std::make_unique<EcdhSide>(peer, own);
  if (!(*ours)->rng_error().empty()) {
    return (*ours)->rng_error();
  }
  return (*theirs)->rng_error();
}

// A KAT vector's side (the binding's KeyAgreementVectorFactory): our party from the raw scalar
// (MakeParty's encodings), the peer's holding only the public point.
std::unique_ptr<EcdhSide> VectorSide(const AlgorithmInfo& alg, const Bytes& private_key,
                                     const Bytes& peer_public, std::string* error) {
  auto own = std::make_shared<EcParty>();
  mbedtls_ecp_keypair* kp = own->keypair.get();
  if (int ret = mbedtls_ecp_read_key(GroupIdOf(alg), kp, private_key.data(), private_key.size());
      ret != 0) {
    *error = "private key: " + MbedError("mbedtls_ecp_read_key", ret);
    return nullptr;
  }
  auto peer = std::make_shared<EcParty>();
  if (int ret = mbedtls_ecp_point_read_binary(&kp->grp, &peer->keypair.get()->Q, peer_public.data(),
                                              peer_public.size());
      ret != 0) {
    *error = "peer public key: " + MbedError("mbedtls_ecp_point_read_binary", ret);
    return nullptr;
  }
  auto side = std::make_unique<EcdhSide>(own, peer);
  if (!side->rng_error().empty()) {
    *error = side->rng_error();
    return nullptr;
  }
  return side;
}

}  // namespace

bool KeyAgreementSupported(const AlgorithmInfo& alg) {
  return IsFamilyKeyAgreement(alg) && mbedtls_ecp_curve_info_from_grp_id(GroupIdOf(alg)) != nullptr;
}

KeyAgreementEntries KeyAgreementBinding() {
  return BindKeyAgreement<EcdhSide, &TimingSides, &VectorSide, &IsFamilyKeyAgreement>();
}

}  // namespace cryptobench::backends::mbedtls
