// Signature keys of the wolfSSL backend (wolfssl_signature_keys.h).
#include "backends/wolfssl/wolfssl_signature_keys.h"

#include <algorithm>
#include <utility>

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/asn_public.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/ed25519.h>
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/rsa.h>

#include "backends/common/buffers.h"
#include "backends/wolfssl/wolfssl_pk_keys.h"

namespace cryptobench::backends::wolfssl {
namespace {

// Room for a DER DigestInfo of a SHA-512 digest (19-byte prefix, RFC 8017 9.2 note 1).
constexpr size_t kMaxDigestInfoLen = 96;
// Room for an RSA-4096 signature (wolfssl/options.h sets RSA_MAX_SIZE 4096).
constexpr size_t kMaxRsaLen = 512;

// A key whose wolfCrypt calls sign into a word32 length and verify into an int flag (ECDSA,
// Ed25519): Sign() and Verify() written once around the two calls a key supplies.
class FlaggedSignatureKey : public SignatureKey {
 public:
  bool Sign(std::span<const uint8_t> tbs, uint8_t* sig, size_t* sig_len, std::string* error) final {
    word32 len = Len32(*sig_len);
    if (int ret = SignCall(tbs, sig, &len); ret != 0) {
      *error = WolfError(sign_call_, ret);
      return false;
    }
    *sig_len = len;
    return true;
  }

  bool Verify(std::span<const uint8_t> tbs, std::span<const uint8_t> sig,
              std::string* error) final {
    int valid = 0;
    if (int ret = VerifyCall(tbs, sig, &valid); ret != 0) {
      *error = WolfError(verify_call_, ret);
      return false;
    }
    if (valid != 1) {
      *error = std::string(verify_call_) + ": the signature does not verify";
      return false;
    }
    return true;
  }

 protected:
  // The names of the calls, for the error text.
  FlaggedSignatureKey(const char* sign_call, const char* verify_call)
      : sign_call_(sign_call), verify_call_(verify_call) {}
  // The wolfCrypt sign call: signs `tbs` into `sig` (room: *len on entry, length on return).
  virtual int SignCall(std::span<const uint8_t> tbs, uint8_t* sig, word32* len) = 0;
  // The wolfCrypt verify call: *valid 1 if `sig` verifies over `tbs`.
  virtual int VerifyCall(std::span<const uint8_t> tbs, std::span<const uint8_t> sig,
                         int* valid) = 0;

 private:
  const char* sign_call_;
  const char* verify_call_;
};

// RSA PKCS#1 v1.5: wolfCrypt's wc_RsaSSL_* pad and sign bytes as given, so the DigestInfo is
// built with wc_EncodeSignature, as libcrypto does inside EVP_PKEY_sign.
class RsaSignatureKey : public SignatureKey {
 public:
  RsaSignatureKey() : init_ret_(wc_InitRsaKey(&key_, nullptr)) {}
  ~RsaSignatureKey() override {
    if (init_ret_ == 0) {
      wc_FreeRsaKey(&key_);
    }
  }
  RsaSignatureKey(const RsaSignatureKey&) = delete;
  RsaSignatureKey& operator=(const RsaSignatureKey&) = delete;

  // From the timing key (`private_key`) or from a DER RSAPublicKey.
  std::string Load(const AlgorithmInfo& alg, const Bytes& public_der, bool private_key) {
    if (init_ret_ != 0) {
      return WolfError("wc_InitRsaKey", init_ret_);
    }
    word32 index = 0;
    if (private_key) {
      Bytes der;
      if (std::string error = TimingKeyDer(alg, &der); !error.empty()) {
        return error;
      }
      if (int ret = wc_RsaPrivateKeyDecode(der.data(), &index, &key_, Len32(der.size()));
          ret != 0) {
        return WolfError("wc_RsaPrivateKeyDecode", ret);
      }
      if (static_cast<size_t>(wc_RsaEncryptSize(&key_)) != alg.key_len) {
        return "the timing key is not an RSA-" + std::to_string(alg.key_len * 8) + " key";
      }
      return rng_.error();
    }
    if (int ret = wc_RsaPublicKeyDecode(public_der.data(), &index, &key_, Len32(public_der.size()));
        ret != 0) {
      return WolfError("wc_RsaPublicKeyDecode", ret);
    }
    return "";
  }

  bool Sign(std::span<const uint8_t> tbs, uint8_t* sig, size_t* sig_len,
            std::string* error) override {
    uint8_t encoded[kMaxDigestInfoLen];
    const uint32_t encoded_len = Encode(tbs, encoded, error);
    if (encoded_len == 0) {
      return false;
    }
    const int ret = wc_RsaSSL_Sign(encoded, encoded_len, sig, Len32(*sig_len), &key_, rng_.get());
    if (ret <= 0) {
      *error = WolfError("wc_RsaSSL_Sign", ret);
      return false;
    }
    *sig_len = static_cast<size_t>(ret);
    return true;
  }

  bool Verify(std::span<const uint8_t> tbs, std::span<const uint8_t> sig,
              std::string* error) override {
    uint8_t encoded[kMaxDigestInfoLen];
    const uint32_t encoded_len = Encode(tbs, encoded, error);
    if (encoded_len == 0) {
      return false;
    }
    uint8_t recovered[kMaxRsaLen];
    const int ret =
        wc_RsaSSL_Verify(NonNullData(sig), Len32(sig.size()), recovered, sizeof(recovered), &key_);
    if (ret < 0) {
      *error = WolfError("wc_RsaSSL_Verify", ret);
      return false;
    }
    if (static_cast<uint32_t>(ret) != encoded_len ||
        !std::equal(encoded, encoded + encoded_len, recovered)) {
      *error = "wc_RsaSSL_Verify: the signature holds a different DigestInfo";
      return false;
    }
    return true;
  }

  size_t max_signature_len() override { return static_cast<size_t>(wc_RsaEncryptSize(&key_)); }

 private:
  // DigestInfo of the digest `tbs` (its length names the SHA-2 hash); 0 with *error on failure.
  static uint32_t Encode(std::span<const uint8_t> tbs, uint8_t* out, std::string* error) {
    const enum wc_HashType type = tbs.size() == 32   ? WC_HASH_TYPE_SHA256
                                  : tbs.size() == 48 ? WC_HASH_TYPE_SHA384
                                  : tbs.size() == 64 ? WC_HASH_TYPE_SHA512
                                                     : WC_HASH_TYPE_NONE;
    const int oid = type == WC_HASH_TYPE_NONE ? 0 : wc_HashGetOID(type);
    if (oid <= 0) {
      *error = "no SHA-2 digest has " + std::to_string(tbs.size()) + " bytes";
      return 0;
    }
    const uint32_t len = wc_EncodeSignature(out, tbs.data(), Len32(tbs.size()), oid);
    if (len == 0 || len > kMaxDigestInfoLen) {
      *error = "wc_EncodeSignature failed";
      return 0;
    }
    return len;
  }

  RsaKey key_;
  int init_ret_;
};

class EcdsaSignatureKey : public FlaggedSignatureKey {
 public:
  EcdsaSignatureKey()
      : FlaggedSignatureKey("wc_ecc_sign_hash", "wc_ecc_verify_hash"),
        init_ret_(wc_ecc_init(&key_)) {}
  ~EcdsaSignatureKey() override {
    if (init_ret_ == 0) {
      wc_ecc_free(&key_);
    }
  }
  EcdsaSignatureKey(const EcdsaSignatureKey&) = delete;
  EcdsaSignatureKey& operator=(const EcdsaSignatureKey&) = delete;

  // From the timing key (`private_key`) or from an uncompressed point.
  std::string Load(const AlgorithmInfo& alg, const Bytes& point, bool private_key) {
    if (init_ret_ != 0) {
      return WolfError("wc_ecc_init", init_ret_);
    }
    if (private_key) {
      Bytes der;
      if (std::string error = TimingKeyDer(alg, &der); !error.empty()) {
        return error;
      }
      word32 index = 0;  // wolfCrypt's decoder accepts the PKCS#8 wrapping
      if (int ret = wc_EccPrivateKeyDecode(der.data(), &index, &key_, Len32(der.size()));
          ret != 0) {
        return WolfError("wc_EccPrivateKeyDecode", ret);
      }
      if (wc_ecc_get_curve_id(key_.idx) != CurveIdOf(alg)) {
        return "the timing key is not a key on the curve of " + std::string(alg.name);
      }
      return rng_.error();
    }
    if (int ret = wc_ecc_import_x963_ex(point.data(), Len32(point.size()), &key_, CurveIdOf(alg));
        ret != 0) {
      return WolfError("wc_ecc_import_x963_ex", ret);
    }
    return "";
  }

  size_t max_signature_len() override { return static_cast<size_t>(wc_ecc_sig_size(&key_)); }

 private:
  int SignCall(std::span<const uint8_t> tbs, uint8_t* sig, word32* len) override {
    return wc_ecc_sign_hash(tbs.data(), Len32(tbs.size()), sig, len, rng_.get(), &key_);
  }
  int VerifyCall(std::span<const uint8_t> tbs, std::span<const uint8_t> sig, int* valid) override {
    return wc_ecc_verify_hash(NonNullData(sig), Len32(sig.size()), tbs.data(), Len32(tbs.size()),
                              valid, &key_);
  }

  ecc_key key_;
  int init_ret_;
};

class Ed25519SignatureKey : public FlaggedSignatureKey {
 public:
  Ed25519SignatureKey()
      : FlaggedSignatureKey("wc_ed25519_sign_msg", "wc_ed25519_verify_msg"),
        init_ret_(wc_ed25519_init(&key_)) {}
  ~Ed25519SignatureKey() override {
    if (init_ret_ == 0) {
      wc_ed25519_free(&key_);
    }
  }
  Ed25519SignatureKey(const Ed25519SignatureKey&) = delete;
  Ed25519SignatureKey& operator=(const Ed25519SignatureKey&) = delete;

  // From a raw private key (its public key derived) or a raw public key.
  std::string Load(const Bytes& raw, bool private_key) {
    if (init_ret_ != 0) {
      return WolfError("wc_ed25519_init", init_ret_);
    }
    if (raw.size() != ED25519_KEY_SIZE) {
      return "Ed25519 keys are 32 bytes, got " + std::to_string(raw.size());
    }
    if (!private_key) {
      const int ret = wc_ed25519_import_public(raw.data(), Len32(raw.size()), &key_);
      return ret == 0 ? "" : WolfError("wc_ed25519_import_public", ret);
    }
    uint8_t public_key[ED25519_PUB_KEY_SIZE];
    if (int ret = wc_ed25519_import_private_only(raw.data(), Len32(raw.size()), &key_); ret != 0) {
      return WolfError("wc_ed25519_import_private_only", ret);
    }
    if (int ret = wc_ed25519_make_public(&key_, public_key, sizeof(public_key)); ret != 0) {
      return WolfError("wc_ed25519_make_public", ret);
    }
    if (int ret = wc_ed25519_import_private_key(raw.data(), Len32(raw.size()), public_key,
                                                sizeof(public_key), &key_);
        ret != 0) {
      return WolfError("wc_ed25519_import_private_key", ret);
    }
    return "";
  }

  size_t max_signature_len() override { return ED25519_SIG_SIZE; }

 private:
  int SignCall(std::span<const uint8_t> tbs, uint8_t* sig, word32* len) override {
    return wc_ed25519_sign_msg(NonNullData(tbs), Len32(tbs.size()), sig, len, &key_);
  }
  int VerifyCall(std::span<const uint8_t> tbs, std::span<const uint8_t> sig, int* valid) override {
    return wc_ed25519_verify_msg(NonNullData(sig), Len32(sig.size()), NonNullData(tbs),
                                 Len32(tbs.size()), valid, &key_);
  }

  ed25519_key key_;
  int init_ret_;
};

}  // namespace

std::unique_ptr<SignatureKey> LoadSignatureKey(const AlgorithmInfo& alg, bool private_key,
                                               const Bytes& public_key, std::string* error) {
  switch (PkFamilyOf(alg)) {
    case PkFamily::kRsa: {
      auto key = std::make_unique<RsaSignatureKey>();
      *error = key->Load(alg, public_key, private_key);
      return error->empty() ? std::move(key) : nullptr;
    }
    case PkFamily::kEcdsa: {
      auto key = std::make_unique<EcdsaSignatureKey>();
      *error = key->Load(alg, public_key, private_key);
      return error->empty() ? std::move(key) : nullptr;
    }
    case PkFamily::kEd25519: {
      Bytes raw = public_key;
      if (private_key) {
        if (*error = RawTimingKey(alg, &raw); !error->empty()) {
          return nullptr;
        }
      }
      auto key = std::make_unique<Ed25519SignatureKey>();
      *error = key->Load(raw, private_key);
      return error->empty() ? std::move(key) : nullptr;
    }
    default:
      *error = std::string(alg.name) + " is not a wolfSSL signature algorithm";
      return nullptr;
  }
}

std::unique_ptr<SignatureKey> LoadEd25519PrivateKey(const Bytes& raw, std::string* error) {
  auto key = std::make_unique<Ed25519SignatureKey>();
  *error = key->Load(raw, true);
  return error->empty() ? std::move(key) : nullptr;
}

}  // namespace cryptobench::backends::wolfssl
