// Signatures of the Mbed TLS backend (mbedtls_signature.h).
#include "backends/mbedtls/mbedtls_signature.h"

#include <memory>
#include <span>
#include <string>

#include <mbedtls/bignum.h>
#include <mbedtls/ecdsa.h>
#include <mbedtls/ecp.h>
#include <mbedtls/pk.h>

#include "backends/common/buffers.h"
#include "backends/common/signature_adapter.h"
#include "backends/mbedtls/mbedtls_pk_keys.h"
#include "backends/mbedtls/mbedtls_util.h"
#include "core/hex.h"

namespace cryptobench::backends::mbedtls {
namespace {

constexpr size_t kMaxSignatureLen = MBEDTLS_PK_SIGNATURE_MAX_SIZE;
static_assert(kMaxSignatureLen >= 512, "room for an RSA-4096 signature");

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

// The signature engine (common/signature_adapter.h): the parsed timing key, signing through
// mbedtls_pk_sign with its own deterministic generator and verifying through mbedtls_pk_verify,
// both on a SHA-256 digest.
class SignatureEngine : public SignatureRoom {
 public:
  SignatureEngine() : SignatureRoom(kMaxSignatureLen) {}

  static std::unique_ptr<SignatureEngine> Make(const AlgorithmInfo& alg, std::string* error) {
    auto engine = std::make_unique<SignatureEngine>();
    if (*error = ParseTimingKey(alg, &engine->key_); !error->empty()) {
      return nullptr;
    }
    if (!engine->rng_.error().empty()) {
      *error = engine->rng_.error();
      return nullptr;
    }
    return engine;
  }

  bool Sign(std::span<const uint8_t> tbs, std::string* error) {
    if (int ret =
            mbedtls_pk_sign(key_.get(), MBEDTLS_MD_SHA256, tbs.data(), tbs.size(), sig_.data(),
                            &sig_len_, &DeterministicRng::Generate, rng_.state());
        ret != 0) {
      *error = MbedError("mbedtls_pk_sign", ret);
      return false;
    }
    return true;
  }

  bool Verify(std::span<const uint8_t> tbs, std::span<const uint8_t> signature,
              std::string* error) {
    if (int ret = mbedtls_pk_verify(key_.get(), MBEDTLS_MD_SHA256, tbs.data(), tbs.size(),
                                    signature.data(), signature.size());
        ret != 0) {
      *error = MbedError("mbedtls_pk_verify", ret) + " (signature rejected)";
      return false;
    }
    return true;
  }

 private:
  PkContext key_;
  DeterministicRng rng_;
};

bool SignsHere(const AlgorithmInfo& alg) {
  const PkFamily family = PkFamilyOf(alg);
  return family == PkFamily::kRsa || family == PkFamily::kEcdsa;
}

}  // namespace

bool SignatureSupported(const AlgorithmInfo& alg) {
  if (!SignsHere(alg)) {
    return false;
  }
  PkContext pk;
  return ParseTimingKey(alg, &pk).empty();
}

namespace {

// KatTarget::Verify: RSA from a DER RSAPublicKey, ECDSA from an uncompressed point and r||s.
std::string VerifyKat(const AlgorithmInfo& alg, const KatVector& vector, bool tamper, bool* valid) {
  if (!vector.input_is_digest) {
    return "the Mbed TLS backend verifies RSA and ECDSA vectors over a digest";
  }
  const Bytes digest = KatSignedInput(vector, tamper);
  const Bytes signature = HexDecode(vector.output);
  const Bytes public_key = HexDecode(vector.public_key);
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

}  // namespace

SignatureEntries SignatureBinding() {
  return BindSignature<SignatureEngine, &SignsHere, &VerifyKat>();
}

}  // namespace cryptobench::backends::mbedtls
