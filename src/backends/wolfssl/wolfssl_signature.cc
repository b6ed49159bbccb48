// Signatures of the wolfSSL backend (wolfssl_signature.h).
#include "backends/wolfssl/wolfssl_signature.h"

#include <memory>
#include <span>
#include <string>
#include <utility>

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/ecc.h>

#include "backends/common/buffers.h"
#include "backends/common/signature_adapter.h"
#include "backends/wolfssl/wolfssl_pk_keys.h"
#include "backends/wolfssl/wolfssl_signature_keys.h"
#include "backends/wolfssl/wolfssl_util.h"
#include "core/hex.h"

namespace cryptobench::backends::wolfssl {
namespace {

// The signature engine (common/signature_adapter.h): the timing key (a SignatureKey, one
// virtual Sign or Verify per operation, as before) and room for its largest signature.
class SignatureEngine : public SignatureRoom {
 public:
  explicit SignatureEngine(std::unique_ptr<SignatureKey> key)
      : SignatureRoom(key->max_signature_len()), key_(std::move(key)) {}

  static std::unique_ptr<SignatureEngine> Make(const AlgorithmInfo& alg, std::string* error) {
    std::unique_ptr<SignatureKey> key = LoadSignatureKey(alg, true, {}, error);
    return key ? std::make_unique<SignatureEngine>(std::move(key)) : nullptr;
  }

  bool Sign(std::span<const uint8_t> tbs, std::string* error) {
    sig_len_ = sig_.size();
    return key_->Sign(tbs, sig_.data(), &sig_len_, error);
  }

  bool Verify(std::span<const uint8_t> tbs, std::span<const uint8_t> signature,
              std::string* error) {
    if (!key_->Verify(tbs, signature, error)) {
      *error += " (signature rejected)";
      return false;
    }
    return true;
  }

 private:
  std::unique_ptr<SignatureKey> key_;
};

bool SignsHere(const AlgorithmInfo& alg) {
  const PkFamily family = PkFamilyOf(alg);
  return family == PkFamily::kRsa || family == PkFamily::kEcdsa || family == PkFamily::kEd25519;
}

}  // namespace

bool SignatureSupported(const AlgorithmInfo& alg) {
  std::string ignored;
  return SignsHere(alg) && LoadSignatureKey(alg, true, {}, &ignored) != nullptr;
}

namespace {

// KatTarget::Verify: RSA from a DER RSAPublicKey, ECDSA from an uncompressed point and r||s,
// Ed25519 from the raw public key. A tampered empty message becomes one zero byte.
std::string VerifyKat(const AlgorithmInfo& alg, const KatVector& vector, bool tamper, bool* valid) {
  if (!SignsHere(alg)) {
    return kNotOffered;
  }
  const PkFamily family = PkFamilyOf(alg);
  if (family != PkFamily::kEd25519 && !vector.input_is_digest) {
    return "the wolfSSL backend verifies RSA and ECDSA vectors over a digest";
  }
  const Bytes tbs = KatSignedInput(vector, tamper);
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

// KatTarget::Sign: Ed25519 only (RSA and ECDSA vectors are not reproducible by signing).
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

}  // namespace

SignatureEntries SignatureBinding() {
  return BindSignature<SignatureEngine, nullptr, &VerifyKat, &SignKat>();
}

}  // namespace cryptobench::backends::wolfssl
