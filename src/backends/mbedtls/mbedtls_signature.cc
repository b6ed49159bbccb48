// Signatures of the Mbed TLS backend (mbedtls_signature.h).
#include "backends/mbedtls/mbedtls_signature.h"

#include <algorithm>
#include <utility>

#include <mbedtls/bignum.h>
#include <mbedtls/ecdsa.h>
#include <mbedtls/ecp.h>
#include <mbedtls/pk.h>

#include "backends/common/buffers.h"
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

// Signs or verifies one digest per operation with a parsed key.
class SignatureOperation : public PreparedOperation {
 public:
  SignatureOperation(std::unique_ptr<PkContext> key, bool sign, const Bytes& signature)
      : key_(std::move(key)), sign_(sign), sig_len_(signature.size()) {
    FillPattern(tbs_.span(), kSignInputSeed);
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

}  // namespace

bool SignatureSupported(const AlgorithmInfo& alg) {
  const PkFamily family = PkFamilyOf(alg);
  if (family != PkFamily::kRsa && family != PkFamily::kEcdsa) {
    return false;
  }
  PkContext pk;
  return ParseTimingKey(alg, &pk).empty();
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

std::string SignRoundTripCheck(const AlgorithmInfo& alg) {
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
  CorruptIfTesting(signature);
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

std::unique_ptr<PreparedOperation> PrepareSignature(const AlgorithmInfo& alg, Operation op,
                                                    PrepareFailure* failure, std::string* error) {
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
  CorruptIfTesting(signature);
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

}  // namespace cryptobench::backends::mbedtls
