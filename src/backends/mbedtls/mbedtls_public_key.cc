// Public-key algorithms of the Mbed TLS backend (mbedtls_public_key.h).
#include "backends/mbedtls/mbedtls_public_key.h"

#include <string_view>
#include <utility>
#include <vector>

#include <mbedtls/bignum.h>
#include <mbedtls/ecdh.h>
#include <mbedtls/ecdsa.h>
#include <mbedtls/ecp.h>
#include <mbedtls/pk.h>

#include "backends/mbedtls/mbedtls_util.h"
#include "backends/openssl/buffers.h"
#include "core/hex.h"

namespace cryptobench::backends::mbedtls {
namespace {

using openssl::AlignedBuffer;
using openssl::CompareBytes;
using openssl::CorruptIfTesting;
using openssl::FillPattern;
using openssl::NonNullData;
using openssl::PatternBytes;
using openssl::PrepareFailed;

// Seeds shared with the OpenSSL backend: the signed digest and the second key-agreement key.
constexpr uint8_t kInputSeed = 5;
constexpr uint8_t kSecondKeySeed = 0x52;
constexpr size_t kMaxSignatureLen = MBEDTLS_PK_SIGNATURE_MAX_SIZE;
static_assert(kMaxSignatureLen >= 512, "room for an RSA-4096 signature");

// An Mbed TLS structure with its init/free pair.
template <typename T, void (*Init)(T*), void (*Free)(T*)>
class Scoped {
 public:
  Scoped() { Init(&value_); }
  ~Scoped() { Free(&value_); }
  Scoped(const Scoped&) = delete;
  Scoped& operator=(const Scoped&) = delete;
  T* get() { return &value_; }
  const T* get() const { return &value_; }

 private:
  T value_;
};

using PkContext = Scoped<mbedtls_pk_context, mbedtls_pk_init, mbedtls_pk_free>;
using Mpi = Scoped<mbedtls_mpi, mbedtls_mpi_init, mbedtls_mpi_free>;
using Point = Scoped<mbedtls_ecp_point, mbedtls_ecp_point_init, mbedtls_ecp_point_free>;
using Group = Scoped<mbedtls_ecp_group, mbedtls_ecp_group_init, mbedtls_ecp_group_free>;
using Keypair = Scoped<mbedtls_ecp_keypair, mbedtls_ecp_keypair_init, mbedtls_ecp_keypair_free>;

enum class PkFamily { kNone, kRsa, kEcdsa, kEcdh };

PkFamily PkFamilyOf(const AlgorithmInfo& alg) {
  if (alg.kind == AlgorithmKind::kSignature) {
    if (alg.name.starts_with("RSA-")) {
      return PkFamily::kRsa;
    }
    if (alg.name.starts_with("ECDSA-")) {
      return PkFamily::kEcdsa;
    }
  } else if (alg.kind == AlgorithmKind::kKeyAgreement &&
             (alg.name == "X25519" || alg.name == "ECDH-P256")) {
    return PkFamily::kEcdh;
  }
  return PkFamily::kNone;
}

mbedtls_ecp_group_id GroupIdOf(const AlgorithmInfo& alg) {
  if (alg.name == "ECDSA-P256" || alg.name == "ECDH-P256") {
    return MBEDTLS_ECP_DP_SECP256R1;
  }
  if (alg.name == "ECDSA-P384") {
    return MBEDTLS_ECP_DP_SECP384R1;
  }
  if (alg.name == "X25519") {
    return MBEDTLS_ECP_DP_CURVE25519;
  }
  return MBEDTLS_ECP_DP_NONE;
}

// Parses the PKCS#8 PEM timing key of `alg` and checks it is the expected type and size.
std::string ParseTimingKey(const AlgorithmInfo& alg, PkContext* pk) {
  const std::string pem(TimingPrivateKeyPem(alg.name));
  if (pem.empty()) {
    return "no timing key for " + std::string(alg.name);
  }
  // A PEM buffer's length must count its terminating NUL (pk.h).
  if (int ret = mbedtls_pk_parse_key(pk->get(), reinterpret_cast<const unsigned char*>(pem.c_str()),
                                     pem.size() + 1, nullptr, 0);
      ret != 0) {
    return MbedError("mbedtls_pk_parse_key", ret);
  }
  const mbedtls_pk_type_t type = mbedtls_pk_get_type(pk->get());
  if (PkFamilyOf(alg) == PkFamily::kRsa) {
    if (type != MBEDTLS_PK_RSA || mbedtls_pk_get_bitlen(pk->get()) != alg.key_len * 8) {
      return "the timing key is not an RSA-" + std::to_string(alg.key_len * 8) + " key";
    }
  } else if (type != MBEDTLS_PK_ECKEY || mbedtls_pk_ec(*pk->get())->grp.id != GroupIdOf(alg)) {
    return "the timing key is not a key on the curve of " + std::string(alg.name);
  }
  return "";
}

// The SHA-2 digest type of a digest of `len` bytes.
mbedtls_md_type_t DigestTypeForLength(size_t len) {
  switch (len) {
    case 32:
      return MBEDTLS_MD_SHA256;
    case 48:
      return MBEDTLS_MD_SHA384;
    case 64:
      return MBEDTLS_MD_SHA512;
    default:
      return MBEDTLS_MD_NONE;
  }
}

// Signs or verifies one digest per operation with a parsed key.
class SignatureOperation : public PreparedOperation {
 public:
  SignatureOperation(std::unique_ptr<PkContext> key, bool sign, const Bytes& signature)
      : key_(std::move(key)), sign_(sign), sig_len_(signature.size()) {
    FillPattern(tbs_.span(), kInputSeed);
    std::copy(signature.begin(), signature.end(), sig_.data());
  }

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (sign_) {
        if (int ret =
                mbedtls_pk_sign(key_->get(), MBEDTLS_MD_SHA256, tbs_.data(), tbs_.size(),
                                sig_.data(), &sig_len_, &DeterministicRng::Generate, rng_.state());
            ret != 0) {
          error_ = MbedError("mbedtls_pk_sign", ret);
          return false;
        }
      } else if (int ret = mbedtls_pk_verify(key_->get(), MBEDTLS_MD_SHA256, tbs_.data(),
                                             tbs_.size(), sig_.data(), sig_len_);
                 ret != 0) {
        error_ = MbedError("mbedtls_pk_verify", ret) + " (signature rejected)";
        return false;
      }
    }
    return true;
  }

  const std::string& rng_error() const { return rng_.error(); }
  Bytes signature() const { return Bytes(sig_.data(), sig_.data() + sig_len_); }
  std::span<const uint8_t> input() const { return tbs_.span(); }

 private:
  std::unique_ptr<PkContext> key_;
  DeterministicRng rng_;
  bool sign_;
  AlignedBuffer tbs_{kPublicKeyInputLen};
  AlignedBuffer sig_{kMaxSignatureLen};
  size_t sig_len_ = 0;
};

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

bool PublicKeySupported(const AlgorithmInfo& alg) {
  switch (PkFamilyOf(alg)) {
    case PkFamily::kRsa:
    case PkFamily::kEcdsa: {
      PkContext pk;
      return ParseTimingKey(alg, &pk).empty();
    }
    case PkFamily::kEcdh:
      return mbedtls_ecp_curve_info_from_grp_id(GroupIdOf(alg)) != nullptr;
    case PkFamily::kNone:
      break;
  }
  return false;
}

std::string VerifyKat(const AlgorithmInfo& alg, const KatVector& vector, bool tamper, bool* valid) {
  if (!vector.input_is_digest) {
    return "the Mbed TLS backend verifies RSA and ECDSA vectors over a digest";
  }
  Bytes digest = HexDecode(vector.input);
  const Bytes signature = HexDecode(vector.output);
  const Bytes public_key = HexDecode(vector.public_key);
  if (tamper && !digest.empty()) {
    digest[0] ^= 0x01;
  }
  switch (PkFamilyOf(alg)) {
    case PkFamily::kRsa: {
      const mbedtls_md_type_t md = DigestTypeForLength(digest.size());
      if (md == MBEDTLS_MD_NONE) {
        return "no SHA-2 digest has " + std::to_string(digest.size()) + " bytes";
      }
      PkContext pk;
      if (int ret = mbedtls_pk_parse_public_key(pk.get(), public_key.data(), public_key.size());
          ret != 0) {
        return MbedError("mbedtls_pk_parse_public_key", ret);
      }
      *valid = mbedtls_pk_verify(pk.get(), md, digest.data(), digest.size(), signature.data(),
                                 signature.size()) == 0;
      return "";
    }
    case PkFamily::kEcdsa: {
      Group group;
      Point q;
      Mpi r;
      Mpi s;
      if (int ret = mbedtls_ecp_group_load(group.get(), GroupIdOf(alg)); ret != 0) {
        return MbedError("mbedtls_ecp_group_load", ret);
      }
      if (int ret = mbedtls_ecp_point_read_binary(group.get(), q.get(), public_key.data(),
                                                  public_key.size());
          ret != 0) {
        return MbedError("mbedtls_ecp_point_read_binary", ret);
      }
      const size_t half = signature.size() / 2;
      if (signature.size() % 2 != 0 ||
          mbedtls_mpi_read_binary(r.get(), signature.data(), half) != 0 ||
          mbedtls_mpi_read_binary(s.get(), signature.data() + half, half) != 0) {
        return "signature is not r||s of equal widths";
      }
      *valid = mbedtls_ecdsa_verify(group.get(), digest.data(), digest.size(), q.get(), r.get(),
                                    s.get()) == 0;
      return "";
    }
    default:
      return kNotOffered;
  }
}

std::string SignRoundTripCheck(const AlgorithmInfo& alg, bool corrupt) {
  const PkFamily family = PkFamilyOf(alg);
  if (family != PkFamily::kRsa && family != PkFamily::kEcdsa) {
    return kNotOffered;
  }
  auto key = std::make_unique<PkContext>();
  if (std::string error = ParseTimingKey(alg, key.get()); !error.empty()) {
    return error;
  }
  SignatureOperation signer(std::move(key), true, {});
  if (!signer.rng_error().empty()) {
    return signer.rng_error();
  }
  if (!signer.Run(1)) {
    return signer.error();
  }
  Bytes signature = signer.signature();
  CorruptIfTesting(corrupt, signature);
  PkContext verifier;
  if (std::string error = ParseTimingKey(alg, &verifier); !error.empty()) {
    return error;
  }
  const Bytes digest(signer.input().begin(), signer.input().end());
  auto verifies = [&](const Bytes& sig) {
    return mbedtls_pk_verify(verifier.get(), MBEDTLS_MD_SHA256, digest.data(), digest.size(),
                             sig.data(), sig.size()) == 0;
  };
  if (!verifies(signature)) {
    return "verify rejected a fresh signature";
  }
  signature[signature.size() / 2] ^= 0x01;
  return verifies(signature) ? "verify accepted a tampered signature" : "";
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

std::unique_ptr<PreparedOperation> PrepareSignature(const AlgorithmInfo& alg, Operation op,
                                                    bool corrupt, PrepareFailure* failure,
                                                    std::string* error) {
  const PkFamily family = PkFamilyOf(alg);
  if ((op != Operation::kSign && op != Operation::kVerify) ||
      (family != PkFamily::kRsa && family != PkFamily::kEcdsa)) {
    return PrepareFailed(PrepareFailure::kLibraryError,
                         std::string(alg.name) + " has no " + std::string(OperationName(op)) +
                             " operation in Mbed TLS",
                         failure, error);
  }
  auto library_error = [&](std::string text) {
    return PrepareFailed(PrepareFailure::kLibraryError, std::move(text), failure, error);
  };
  const std::string check_prefix =
      std::string(alg.name) + " " + std::string(OperationName(op)) + ": ";
  auto sign_key = std::make_unique<PkContext>();
  auto verify_key = std::make_unique<PkContext>();
  if (std::string text = ParseTimingKey(alg, sign_key.get()); !text.empty()) {
    return library_error(text);
  }
  if (std::string text = ParseTimingKey(alg, verify_key.get()); !text.empty()) {
    return library_error(text);
  }
  auto signer = std::make_unique<SignatureOperation>(std::move(sign_key), true, Bytes{});
  if (!signer->rng_error().empty()) {
    return library_error(signer->rng_error());
  }
  if (!signer->Run(1)) {
    return library_error(signer->error());
  }
  Bytes signature = signer->signature();
  CorruptIfTesting(corrupt, signature);
  auto verifier = std::make_unique<SignatureOperation>(std::move(verify_key), false, signature);
  const bool verified = verifier->Run(1);
  if (op == Operation::kSign) {
    if (!verified) {
      return PrepareFailed(PrepareFailure::kCheckFailed,
                           check_prefix + "verify rejected the timed signature", failure, error);
    }
    return signer;
  }
  if (!verified) {
    return PrepareFailed(PrepareFailure::kCheckFailed,
                         check_prefix + "the timed verify rejected a fresh signature", failure,
                         error);
  }
  return verifier;
}

std::unique_ptr<PreparedOperation> PrepareKeyAgreement(const AlgorithmInfo& alg, Operation op,
                                                       bool corrupt, PrepareFailure* failure,
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
  CorruptIfTesting(corrupt, secret);
  if (std::string diff = CompareBytes("shared secret", secret, other_side); !diff.empty()) {
    return PrepareFailed(PrepareFailure::kCheckFailed,
                         std::string(alg.name) + " derive: the two sides disagree: " + diff,
                         failure, error);
  }
  return prepared;
}

}  // namespace cryptobench::backends::mbedtls
