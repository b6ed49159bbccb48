// Key agreement of the Mbed TLS backend (mbedtls_key_agreement.h).
#include "backends/mbedtls/mbedtls_key_agreement.h"

#include <span>
#include <utility>

#include <mbedtls/bignum.h>
#include <mbedtls/ecdh.h>
#include <mbedtls/ecp.h>

#include "backends/common/buffers.h"
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

class DeriveOperation : public PreparedOperation {
 public:
  DeriveOperation(std::unique_ptr<EcParty> own, std::unique_ptr<EcParty> peer,
                  std::unique_ptr<DeterministicRng> rng)
      : own_(std::move(own)), peer_(std::move(peer)), rng_(std::move(rng)) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (error_ = SharedSecret(*own_, &peer_->keypair.get()->Q, *rng_, &z_, secret_.span());
          !error_.empty()) {
        return false;
      }
    }
    return true;
  }

  std::span<const uint8_t> secret() const { return secret_.span(); }

 private:
  std::unique_ptr<EcParty> own_;
  std::unique_ptr<EcParty> peer_;
  std::unique_ptr<DeterministicRng> rng_;
  Mpi z_;
  AlignedBuffer secret_{SecretLen(*own_)};
};

// The timing key's private scalar: the PEM key's d (NIST curves) or the first RFC 7748 vector's
// private key (X25519), as the OpenSSL backend times.
std::string TimingScalar(const AlgorithmInfo& alg, Bytes* scalar) {
  if (alg.name == "X25519") {
    for (const KatVector& vector : KatVectorsFor(alg.name)) {
      if (!vector.private_key.empty()) {
        *scalar = HexDecode(vector.private_key);
        return "";
      }
    }
    return "no X25519 vector with a private key";
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

}  // namespace

bool KeyAgreementSupported(const AlgorithmInfo& alg) {
  return PkFamilyOf(alg) == PkFamily::kEcdh &&
         mbedtls_ecp_curve_info_from_grp_id(GroupIdOf(alg)) != nullptr;
}

std::string DeriveKat(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret) {
  if (PkFamilyOf(alg) != PkFamily::kEcdh) {
    return kNotOffered;
  }
  DeterministicRng rng;
  if (!rng.error().empty()) {
    return rng.error();
  }
  EcParty own;
  const Bytes scalar = HexDecode(vector.private_key);
  mbedtls_ecp_keypair* kp = own.keypair.get();
  if (int ret = mbedtls_ecp_read_key(GroupIdOf(alg), kp, scalar.data(), scalar.size()); ret != 0) {
    return "private key: " + MbedError("mbedtls_ecp_read_key", ret);
  }
  Point peer;
  const Bytes peer_public = HexDecode(vector.public_key);
  if (int ret = mbedtls_ecp_point_read_binary(&kp->grp, peer.get(), peer_public.data(),
                                              peer_public.size());
      ret != 0) {
    return "peer public key: " + MbedError("mbedtls_ecp_point_read_binary", ret);
  }
  Mpi z;
  Bytes out(SecretLen(own));
  if (std::string error = SharedSecret(own, peer.get(), rng, &z, out); !error.empty()) {
    return error;
  }
  *secret = std::move(out);
  return "";
}

std::unique_ptr<PreparedOperation> PrepareKeyAgreement(const AlgorithmInfo& alg, Operation op,
                                                       PrepareFailure* failure,
                                                       std::string* error) {
  if (op != Operation::kDerive || PkFamilyOf(alg) != PkFamily::kEcdh) {
    return PrepareFailed(PrepareFailure::kLibraryError,
                         std::string(alg.name) + " has no " + std::string(OperationName(op)) +
                             " operation in Mbed TLS",
                         failure, error);
  }
  auto library_error = [&](std::string text) {
    return PrepareFailed(PrepareFailure::kLibraryError, std::move(text), failure, error);
  };
  auto rng = std::make_unique<DeterministicRng>();
  if (!rng->error().empty()) {
    return library_error(rng->error());
  }
  Bytes own_scalar;
  if (std::string text = TimingScalar(alg, &own_scalar); !text.empty()) {
    return library_error(text);
  }
  // The OpenSSL backend's second key: a fixed pattern below the group order, not zero.
  Bytes peer_scalar = PatternBytes(alg.key_len, kSecondKeySeed);
  peer_scalar[0] &= 0x7f;
  peer_scalar.back() |= 0x01;
  auto own = std::make_unique<EcParty>();
  auto peer = std::make_unique<EcParty>();
  if (std::string text = MakeParty(GroupIdOf(alg), own_scalar, *rng, own.get()); !text.empty()) {
    return library_error(text);
  }
  if (std::string text = MakeParty(GroupIdOf(alg), peer_scalar, *rng, peer.get()); !text.empty()) {
    return library_error(text);
  }
  // The other side, computed before the parties move into the operation.
  Mpi z;
  Bytes other_side(SecretLen(*peer));
  if (std::string text = SharedSecret(*peer, &own->keypair.get()->Q, *rng, &z, other_side);
      !text.empty()) {
    return library_error(text);
  }
  auto prepared =
      std::make_unique<DeriveOperation>(std::move(own), std::move(peer), std::move(rng));
  if (!prepared->Run(1)) {
    return library_error(prepared->error());
  }
  Bytes secret(prepared->secret().begin(), prepared->secret().end());
  CorruptIfTesting(secret);
  if (std::string diff = CompareBytes("shared secret", secret, other_side); !diff.empty()) {
    return PrepareFailed(PrepareFailure::kCheckFailed,
                         std::string(alg.name) + " derive: the two sides disagree: " + diff,
                         failure, error);
  }
  return prepared;
}

}  // namespace cryptobench::backends::mbedtls
