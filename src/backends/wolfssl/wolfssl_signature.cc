// Signatures of the wolfSSL backend (wolfssl_signature.h).
#include "backends/wolfssl/wolfssl_signature.h"

#include <algorithm>
#include <utility>

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/ecc.h>

#include "backends/common/buffers.h"
#include "backends/wolfssl/wolfssl_pk_keys.h"
#include "backends/wolfssl/wolfssl_signature_keys.h"
#include "backends/wolfssl/wolfssl_util.h"
#include "core/hex.h"

namespace cryptobench::backends::wolfssl {
namespace {

class SignatureOperation : public PreparedOperation {
 public:
  SignatureOperation(std::unique_ptr<SignatureKey> key, bool sign, const Bytes& signature)
      : key_(std::move(key)),
        sign_(sign),
        sig_(std::max(signature.size(), key_->max_signature_len())),
        sig_len_(signature.size()) {
    FillPattern(tbs_.span(), kSignInputSeed);
    std::copy(signature.begin(), signature.end(), sig_.data());
  }

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (sign_) {
        sig_len_ = sig_.size();
        if (!key_->Sign(tbs_.span(), sig_.data(), &sig_len_, &error_)) {
          return false;
        }
      } else if (!key_->Verify(tbs_.span(), sig_.span().first(sig_len_), &error_)) {
        error_ += " (signature rejected)";
        return false;
      }
    }
    return true;
  }

  Bytes signature() const { return Bytes(sig_.data(), sig_.data() + sig_len_); }
  std::span<const uint8_t> input() const { return tbs_.span(); }

 private:
  std::unique_ptr<SignatureKey> key_;
  bool sign_;
  AlignedBuffer tbs_{kPublicKeyInputLen};
  AlignedBuffer sig_;
  size_t sig_len_;
};

}  // namespace

bool SignatureSupported(const AlgorithmInfo& alg) {
  const PkFamily family = PkFamilyOf(alg);
  std::string ignored;
  return (family == PkFamily::kRsa || family == PkFamily::kEcdsa || family == PkFamily::kEd25519) &&
         LoadSignatureKey(alg, true, {}, &ignored) != nullptr;
}

std::string VerifyKat(const AlgorithmInfo& alg, const KatVector& vector, bool tamper, bool* valid) {
  const PkFamily family = PkFamilyOf(alg);
  if (family != PkFamily::kRsa && family != PkFamily::kEcdsa && family != PkFamily::kEd25519) {
    return kNotOffered;
  }
  if (family != PkFamily::kEd25519 && !vector.input_is_digest) {
    return "the wolfSSL backend verifies RSA and ECDSA vectors over a digest";
  }
  Bytes tbs = HexDecode(vector.input);
  if (tamper) {
    if (tbs.empty()) {
      tbs.push_back(0x00);
    } else {
      tbs[0] ^= 0x01;
    }
  }
  Bytes signature = HexDecode(vector.output);
  if (family == PkFamily::kEcdsa) {
    // The vectors publish r||s; wolfCrypt verifies the DER ECDSA-Sig-Value.
    const uint32_t half = Len32(signature.size() / 2);
    Bytes der(signature.size() + 16);
    word32 der_len = Len32(der.size());
    if (int ret = wc_ecc_rs_raw_to_sig(signature.data(), half, signature.data() + half, half,
                                       der.data(), &der_len);
        ret != 0) {
      return WolfError("wc_ecc_rs_raw_to_sig", ret);
    }
    der.resize(der_len);
    signature = std::move(der);
  }
  std::string error;
  std::unique_ptr<SignatureKey> key =
      LoadSignatureKey(alg, false, HexDecode(vector.public_key), &error);
  if (!key) {
    return "public key: " + error;
  }
  *valid = key->Verify(tbs, signature, &error);
  return "";
}

std::string SignKat(const AlgorithmInfo& alg, const KatVector& vector, Bytes* signature) {
  if (PkFamilyOf(alg) != PkFamily::kEd25519) {
    return kNotOffered;
  }
  std::string error;
  std::unique_ptr<SignatureKey> key = LoadEd25519PrivateKey(HexDecode(vector.private_key), &error);
  if (!key) {
    return "private key: " + error;
  }
  const Bytes message = HexDecode(vector.input);
  Bytes out(key->max_signature_len());
  size_t len = out.size();
  if (!key->Sign(message, out.data(), &len, &error)) {
    return error;
  }
  out.resize(len);
  *signature = std::move(out);
  return "";
}

std::string SignRoundTripCheck(const AlgorithmInfo& alg) {
  std::string error;
  std::unique_ptr<SignatureKey> key = LoadSignatureKey(alg, true, {}, &error);
  if (!key) {
    return error;
  }
  SignatureOperation signer(std::move(key), true, {});
  if (!signer.Run(1)) {
    return signer.error();
  }
  std::unique_ptr<SignatureKey> verifier = LoadSignatureKey(alg, true, {}, &error);
  if (!verifier) {
    return error;
  }
  Bytes signature = signer.signature();
  CorruptIfTesting(signature);
  if (!verifier->Verify(signer.input(), signature, &error)) {
    return "verify rejected a fresh signature: " + error;
  }
  signature[signature.size() / 2] ^= 0x01;
  return verifier->Verify(signer.input(), signature, &error)
             ? "verify accepted a tampered signature"
             : "";
}

std::unique_ptr<PreparedOperation> PrepareSignature(const AlgorithmInfo& alg, Operation op,
                                                    PrepareFailure* failure, std::string* error) {
  const PkFamily family = PkFamilyOf(alg);
  if ((op != Operation::kSign && op != Operation::kVerify) ||
      (family != PkFamily::kRsa && family != PkFamily::kEcdsa && family != PkFamily::kEd25519)) {
    return PrepareFailed(PrepareFailure::kLibraryError,
                         std::string(alg.name) + " has no " + std::string(OperationName(op)) +
                             " operation in wolfSSL",
                         failure, error);
  }
  auto library_error = [&](std::string text) {
    return PrepareFailed(PrepareFailure::kLibraryError, std::move(text), failure, error);
  };
  const std::string check_prefix =
      std::string(alg.name) + " " + std::string(OperationName(op)) + ": ";
  std::string text;
  std::unique_ptr<SignatureKey> sign_key = LoadSignatureKey(alg, true, {}, &text);
  std::unique_ptr<SignatureKey> verify_key =
      sign_key ? LoadSignatureKey(alg, true, {}, &text) : nullptr;
  if (!verify_key) {
    return library_error(text);
  }
  auto signer = std::make_unique<SignatureOperation>(std::move(sign_key), true, Bytes{});
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
    return PrepareFailed(
        PrepareFailure::kCheckFailed,
        check_prefix + "the timed verify rejected a fresh signature (" + verifier->error() + ")",
        failure, error);
  }
  return verifier;
}

}  // namespace cryptobench::backends::wolfssl
