// Public-key algorithms of the wolfSSL backend (wolfssl_public_key.h).
#include "backends/wolfssl/wolfssl_public_key.h"

#include <algorithm>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/asn_public.h>
#include <wolfssl/wolfcrypt/curve25519.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/ed25519.h>
#include <wolfssl/wolfcrypt/error-crypt.h>
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/rsa.h>

#include "backends/openssl/buffers.h"
#include "backends/wolfssl/wolfssl_util.h"
#include "core/hex.h"

namespace cryptobench::backends::wolfssl {
namespace {

using openssl::AlignedBuffer;
using openssl::CompareBytes;
using openssl::CorruptIfTesting;
using openssl::FillPattern;
using openssl::NonNullData;
using openssl::PatternBytes;
using openssl::PrepareFailed;

// Seeds shared with the OpenSSL backend: the signed input and the second key-agreement key.
constexpr uint8_t kInputSeed = 5;
constexpr uint8_t kSecondKeySeed = 0x52;
// Room for a DER DigestInfo of a SHA-512 digest (19-byte prefix, RFC 8017 9.2 note 1).
constexpr size_t kMaxDigestInfoLen = 96;
// Room for an RSA-4096 signature (wolfssl/options.h sets RSA_MAX_SIZE 4096).
constexpr size_t kMaxRsaLen = 512;

enum class PkFamily { kNone, kRsa, kEcdsa, kEd25519, kEcdh, kX25519 };

PkFamily PkFamilyOf(const AlgorithmInfo& alg) {
  if (alg.kind == AlgorithmKind::kSignature) {
    if (alg.name.starts_with("RSA-")) {
      return PkFamily::kRsa;
    }
    if (alg.name == "ECDSA-P256" || alg.name == "ECDSA-P384") {
      return PkFamily::kEcdsa;
    }
    if (alg.name == "Ed25519") {
      return PkFamily::kEd25519;
    }
  } else if (alg.kind == AlgorithmKind::kKeyAgreement) {
    if (alg.name == "ECDH-P256") {
      return PkFamily::kEcdh;
    }
    if (alg.name == "X25519") {
      return PkFamily::kX25519;
    }
  }
  return PkFamily::kNone;
}

int CurveIdOf(const AlgorithmInfo& alg) {
  return alg.name.ends_with("P384") ? ECC_SECP384R1 : ECC_SECP256R1;
}

// The first KAT vector's raw private key (Ed25519, X25519 timing keys, as the OpenSSL backend).
std::string RawTimingKey(const AlgorithmInfo& alg, Bytes* key) {
  for (const KatVector& vector : KatVectorsFor(alg.name)) {
    if (!vector.private_key.empty()) {
      *key = HexDecode(vector.private_key);
      return "";
    }
  }
  return "no " + std::string(alg.name) + " vector with a private key";
}

// DER of the PKCS#8 PEM timing key of `alg`.
std::string TimingKeyDer(const AlgorithmInfo& alg, Bytes* der) {
  const std::string_view pem = TimingPrivateKeyPem(alg.name);
  if (pem.empty()) {
    return "no timing key for " + std::string(alg.name);
  }
  der->assign(pem.size(), 0);  // DER is shorter than its base64 PEM
  const int len = wc_KeyPemToDer(reinterpret_cast<const unsigned char*>(pem.data()),
                                 static_cast<int>(pem.size()), der->data(),
                                 static_cast<int>(der->size()), nullptr);
  if (len <= 0) {
    return WolfError("wc_KeyPemToDer", len);
  }
  der->resize(static_cast<size_t>(len));
  return "";
}

// A key that signs and verifies.
class SignatureKey {
 public:
  virtual ~SignatureKey() = default;
  /// Signs `tbs` into `sig`; *sig_len: room on entry, signature length on return.
  virtual bool Sign(std::span<const uint8_t> tbs, uint8_t* sig, size_t* sig_len,
                    std::string* error) = 0;
  /// True if `sig` verifies over `tbs`; false with *error saying why if not.
  virtual bool Verify(std::span<const uint8_t> tbs, std::span<const uint8_t> sig,
                      std::string* error) = 0;
  virtual size_t max_signature_len() = 0;

 protected:
  Rng rng_;
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

class EcdsaSignatureKey : public SignatureKey {
 public:
  EcdsaSignatureKey() : init_ret_(wc_ecc_init(&key_)) {}
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

  bool Sign(std::span<const uint8_t> tbs, uint8_t* sig, size_t* sig_len,
            std::string* error) override {
    word32 len = Len32(*sig_len);
    if (int ret = wc_ecc_sign_hash(tbs.data(), Len32(tbs.size()), sig, &len, rng_.get(), &key_);
        ret != 0) {
      *error = WolfError("wc_ecc_sign_hash", ret);
      return false;
    }
    *sig_len = len;
    return true;
  }

  bool Verify(std::span<const uint8_t> tbs, std::span<const uint8_t> sig,
              std::string* error) override {
    int valid = 0;
    if (int ret = wc_ecc_verify_hash(NonNullData(sig), Len32(sig.size()), tbs.data(),
                                     Len32(tbs.size()), &valid, &key_);
        ret != 0) {
      *error = WolfError("wc_ecc_verify_hash", ret);
      return false;
    }
    if (valid != 1) {
      *error = "wc_ecc_verify_hash: the signature does not verify";
    }
    return valid == 1;
  }

  size_t max_signature_len() override { return static_cast<size_t>(wc_ecc_sig_size(&key_)); }

 private:
  ecc_key key_;
  int init_ret_;
};

class Ed25519SignatureKey : public SignatureKey {
 public:
  Ed25519SignatureKey() : init_ret_(wc_ed25519_init(&key_)) {}
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

  bool Sign(std::span<const uint8_t> tbs, uint8_t* sig, size_t* sig_len,
            std::string* error) override {
    word32 len = Len32(*sig_len);
    if (int ret = wc_ed25519_sign_msg(NonNullData(tbs), Len32(tbs.size()), sig, &len, &key_);
        ret != 0) {
      *error = WolfError("wc_ed25519_sign_msg", ret);
      return false;
    }
    *sig_len = len;
    return true;
  }

  bool Verify(std::span<const uint8_t> tbs, std::span<const uint8_t> sig,
              std::string* error) override {
    int valid = 0;
    const int ret = wc_ed25519_verify_msg(NonNullData(sig), Len32(sig.size()), NonNullData(tbs),
                                          Len32(tbs.size()), &valid, &key_);
    if (ret != 0 || valid != 1) {
      *error = ret != 0 ? WolfError("wc_ed25519_verify_msg", ret)
                        : "wc_ed25519_verify_msg: the signature does not verify";
      return false;
    }
    return true;
  }

  size_t max_signature_len() override { return ED25519_SIG_SIZE; }

 private:
  ed25519_key key_;
  int init_ret_;
};

// The timing key of a signature algorithm, or a KAT vector's public key.
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

class SignatureOperation : public PreparedOperation {
 public:
  SignatureOperation(std::unique_ptr<SignatureKey> key, bool sign, const Bytes& signature)
      : key_(std::move(key)),
        sign_(sign),
        sig_(std::max(signature.size(), key_->max_signature_len())),
        sig_len_(signature.size()) {
    FillPattern(tbs_.span(), kInputSeed);
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

// One party of a key agreement: a private key (with its public key) or a peer's public key.
class Party {
 public:
  virtual ~Party() = default;
  /// The shared secret of this party's private key with `peer`'s public key into `out`.
  virtual bool Derive(Party& peer, std::span<uint8_t> out, std::string* error) = 0;
};

class EcdhParty : public Party {
 public:
  EcdhParty() : init_ret_(wc_ecc_init(&key_)) {}
  ~EcdhParty() override {
    if (init_ret_ == 0) {
      wc_ecc_free(&key_);
    }
  }
  EcdhParty(const EcdhParty&) = delete;
  EcdhParty& operator=(const EcdhParty&) = delete;

  // The timing key (empty `raw`), a big-endian scalar (`private_key`) or a point.
  std::string Load(const AlgorithmInfo& alg, const Bytes& raw, bool private_key) {
    if (init_ret_ != 0) {
      return WolfError("wc_ecc_init", init_ret_);
    }
    if (!rng_.error().empty()) {
      return rng_.error();
    }
    if (!private_key) {
      const int ret = wc_ecc_import_x963_ex(raw.data(), Len32(raw.size()), &key_, CurveIdOf(alg));
      return ret == 0 ? "" : WolfError("wc_ecc_import_x963_ex", ret);
    }
    if (raw.empty()) {
      Bytes der;
      if (std::string error = TimingKeyDer(alg, &der); !error.empty()) {
        return error;
      }
      word32 index = 0;
      if (int ret = wc_EccPrivateKeyDecode(der.data(), &index, &key_, Len32(der.size()));
          ret != 0) {
        return WolfError("wc_EccPrivateKeyDecode", ret);
      }
    } else if (int ret = wc_ecc_import_private_key_ex(raw.data(), Len32(raw.size()), nullptr, 0,
                                                      &key_, CurveIdOf(alg));
               ret != 0) {
      return WolfError("wc_ecc_import_private_key_ex", ret);
    }
    // ECC_TIMING_RESISTANT builds (Debian's) blind the private-key operations with this RNG.
    if (int ret = wc_ecc_set_rng(&key_, rng_.get()); ret != 0) {
      return WolfError("wc_ecc_set_rng", ret);
    }
    if (key_.type == ECC_PRIVATEKEY_ONLY) {
      if (int ret = wc_ecc_make_pub_ex(&key_, nullptr, rng_.get()); ret != 0) {
        return WolfError("wc_ecc_make_pub_ex", ret);
      }
    }
    return "";
  }

  bool Derive(Party& peer, std::span<uint8_t> out, std::string* error) override {
    word32 len = Len32(out.size());
    if (int ret =
            wc_ecc_shared_secret(&key_, &static_cast<EcdhParty&>(peer).key_, out.data(), &len);
        ret != 0) {
      *error = WolfError("wc_ecc_shared_secret", ret);
      return false;
    }
    if (len != out.size()) {
      *error = "wc_ecc_shared_secret returned " + std::to_string(len) + " bytes";
      return false;
    }
    return true;
  }

 private:
  ecc_key key_;
  int init_ret_;
  Rng rng_;
};

class X25519Party : public Party {
 public:
  X25519Party()
      : private_ret_(wc_curve25519_init(&private_)), public_ret_(wc_curve25519_init(&public_)) {}
  ~X25519Party() override {
    if (private_ret_ == 0) {
      wc_curve25519_free(&private_);
    }
    if (public_ret_ == 0) {
      wc_curve25519_free(&public_);
    }
  }
  X25519Party(const X25519Party&) = delete;
  X25519Party& operator=(const X25519Party&) = delete;

  // A raw little-endian scalar (`private_key`; its public key derived) or a u-coordinate.
  std::string Load(const Bytes& raw, bool private_key) {
    if (private_ret_ != 0 || public_ret_ != 0) {
      return WolfError("wc_curve25519_init", private_ret_ != 0 ? private_ret_ : public_ret_);
    }
    if (raw.size() != CURVE25519_KEYSIZE) {
      return "X25519 keys are 32 bytes, got " + std::to_string(raw.size());
    }
    Bytes public_key = raw;
    if (private_key) {
      if (int ret = wc_curve25519_import_private_ex(raw.data(), Len32(raw.size()), &private_,
                                                    EC25519_LITTLE_ENDIAN);
          ret != 0) {
        return WolfError("wc_curve25519_import_private_ex", ret);
      }
      // wc_curve25519_make_pub wants a clamped scalar (RFC 7748 5, decodeScalar25519); X25519
      // clamps anyway, so the public key is the same.
      Bytes clamped = raw;
      clamped[0] &= 248;
      clamped[31] = static_cast<uint8_t>((clamped[31] & 127) | 64);
      if (int ret = wc_curve25519_make_pub(CURVE25519_KEYSIZE, public_key.data(),
                                           CURVE25519_KEYSIZE, clamped.data());
          ret != 0) {
        return WolfError("wc_curve25519_make_pub", ret);
      }
    }
    if (int ret = wc_curve25519_import_public_ex(public_key.data(), Len32(public_key.size()),
                                                 &public_, EC25519_LITTLE_ENDIAN);
        ret != 0) {
      return WolfError("wc_curve25519_import_public_ex", ret);
    }
    return "";
  }

  bool Derive(Party& peer, std::span<uint8_t> out, std::string* error) override {
    word32 len = Len32(out.size());
    if (int ret =
            wc_curve25519_shared_secret_ex(&private_, &static_cast<X25519Party&>(peer).public_,
                                           out.data(), &len, EC25519_LITTLE_ENDIAN);
        ret != 0) {
      *error = WolfError("wc_curve25519_shared_secret_ex", ret);
      return false;
    }
    if (len != out.size()) {
      *error = "wc_curve25519_shared_secret_ex returned " + std::to_string(len) + " bytes";
      return false;
    }
    return true;
  }

 private:
  curve25519_key private_;
  curve25519_key public_;
  int private_ret_;
  int public_ret_;
};

// `raw` empty with `private_key`: the timing key.
std::unique_ptr<Party> LoadParty(const AlgorithmInfo& alg, const Bytes& raw, bool private_key,
                                 std::string* error) {
  if (PkFamilyOf(alg) == PkFamily::kEcdh) {
    auto party = std::make_unique<EcdhParty>();
    *error = party->Load(alg, raw, private_key);
    return error->empty() ? std::move(party) : nullptr;
  }
  if (PkFamilyOf(alg) == PkFamily::kX25519) {
    Bytes scalar = raw;
    if (private_key && scalar.empty()) {
      if (*error = RawTimingKey(alg, &scalar); !error->empty()) {
        return nullptr;
      }
    }
    auto party = std::make_unique<X25519Party>();
    *error = party->Load(scalar, private_key);
    return error->empty() ? std::move(party) : nullptr;
  }
  *error = std::string(alg.name) + " is not a wolfSSL key agreement";
  return nullptr;
}

class DeriveOperation : public PreparedOperation {
 public:
  DeriveOperation(std::unique_ptr<Party> own, std::unique_ptr<Party> peer, size_t secret_len)
      : own_(std::move(own)), peer_(std::move(peer)), secret_(secret_len) {}

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (!own_->Derive(*peer_, secret_.span(), &error_)) {
        return false;
      }
    }
    return true;
  }

  std::span<const uint8_t> secret() const { return secret_.span(); }

 private:
  std::unique_ptr<Party> own_;
  std::unique_ptr<Party> peer_;
  AlignedBuffer secret_;
};

}  // namespace

bool PublicKeySupported(const AlgorithmInfo& alg) {
  std::string ignored;
  switch (PkFamilyOf(alg)) {
    case PkFamily::kRsa:
    case PkFamily::kEcdsa:
    case PkFamily::kEd25519:
      return LoadSignatureKey(alg, true, {}, &ignored) != nullptr;
    case PkFamily::kEcdh:
    case PkFamily::kX25519:
      return LoadParty(alg, {}, true, &ignored) != nullptr;
    case PkFamily::kNone:
      break;
  }
  return false;
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
  auto key = std::make_unique<Ed25519SignatureKey>();
  if (std::string error = key->Load(HexDecode(vector.private_key), true); !error.empty()) {
    return "private key: " + error;
  }
  const Bytes message = HexDecode(vector.input);
  Bytes out(ED25519_SIG_SIZE);
  size_t len = out.size();
  std::string error;
  if (!key->Sign(message, out.data(), &len, &error)) {
    return error;
  }
  out.resize(len);
  *signature = std::move(out);
  return "";
}

std::string SignRoundTripCheck(const AlgorithmInfo& alg, bool corrupt) {
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
  CorruptIfTesting(corrupt, signature);
  if (!verifier->Verify(signer.input(), signature, &error)) {
    return "verify rejected a fresh signature: " + error;
  }
  signature[signature.size() / 2] ^= 0x01;
  return verifier->Verify(signer.input(), signature, &error)
             ? "verify accepted a tampered signature"
             : "";
}

std::string DeriveKat(const AlgorithmInfo& alg, const KatVector& vector, Bytes* secret) {
  const PkFamily family = PkFamilyOf(alg);
  if (family != PkFamily::kEcdh && family != PkFamily::kX25519) {
    return kNotOffered;
  }
  std::string error;
  std::unique_ptr<Party> own = LoadParty(alg, HexDecode(vector.private_key), true, &error);
  if (!own) {
    return "private key: " + error;
  }
  std::unique_ptr<Party> peer = LoadParty(alg, HexDecode(vector.public_key), false, &error);
  if (!peer) {
    return "peer public key: " + error;
  }
  Bytes out(alg.key_len);
  if (!own->Derive(*peer, out, &error)) {
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
    return PrepareFailed(
        PrepareFailure::kCheckFailed,
        check_prefix + "the timed verify rejected a fresh signature (" + verifier->error() + ")",
        failure, error);
  }
  return verifier;
}

std::unique_ptr<PreparedOperation> PrepareKeyAgreement(const AlgorithmInfo& alg, Operation op,
                                                       bool corrupt, PrepareFailure* failure,
                                                       std::string* error) {
  const PkFamily family = PkFamilyOf(alg);
  if (op != Operation::kDerive || (family != PkFamily::kEcdh && family != PkFamily::kX25519)) {
    return PrepareFailed(PrepareFailure::kLibraryError,
                         std::string(alg.name) + " has no " + std::string(OperationName(op)) +
                             " operation in wolfSSL",
                         failure, error);
  }
  auto library_error = [&](std::string text) {
    return PrepareFailed(PrepareFailure::kLibraryError, std::move(text), failure, error);
  };
  // The OpenSSL backend's second key: a fixed pattern below the group order, not zero.
  Bytes peer_scalar = PatternBytes(alg.key_len, kSecondKeySeed);
  peer_scalar[0] &= 0x7f;
  peer_scalar.back() |= 0x01;
  std::string text;
  std::unique_ptr<Party> own = LoadParty(alg, {}, true, &text);
  std::unique_ptr<Party> peer = own ? LoadParty(alg, peer_scalar, true, &text) : nullptr;
  if (!peer) {
    return library_error(text);
  }
  Bytes other_side(alg.key_len);
  if (!peer->Derive(*own, other_side, &text)) {
    return library_error(text);
  }
  auto prepared = std::make_unique<DeriveOperation>(std::move(own), std::move(peer), alg.key_len);
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

}  // namespace cryptobench::backends::wolfssl
