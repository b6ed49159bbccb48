// Key agreement of the wolfSSL backend (wolfssl_key_agreement.h).
#include "backends/wolfssl/wolfssl_key_agreement.h"

#include <memory>
#include <span>
#include <string>
#include <utility>

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/asn_public.h>
#include <wolfssl/wolfcrypt/curve25519.h>
#include <wolfssl/wolfcrypt/ecc.h>

#include "backends/common/buffers.h"
#include "backends/common/key_agreement_adapter.h"
#include "backends/wolfssl/wolfssl_pk_keys.h"
#include "backends/wolfssl/wolfssl_util.h"
#include "core/hex.h"

namespace cryptobench::backends::wolfssl {
namespace {

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

// One side of the timed exchange, the engine of the key-agreement adapter
// (common/key_agreement_adapter.h): our party's private key with the other party's public key.
class Side {
 public:
  Side(std::shared_ptr<Party> own, std::shared_ptr<Party> peer, size_t secret_len)
      : own_(std::move(own)), peer_(std::move(peer)), secret_len_(secret_len) {}

  size_t secret_len() const { return secret_len_; }

  bool Derive(uint8_t* out, std::string* error) {
    return own_->Derive(*peer_, std::span<uint8_t>(out, secret_len_), error);
  }

 private:
  std::shared_ptr<Party> own_;
  std::shared_ptr<Party> peer_;
  size_t secret_len_;
};

// The two sides of the timed exchange (KeyAgreementSidesFactory): the timing key's party and
// the party of PeerPrivateScalar.
std::string TimingSides(const AlgorithmInfo& alg, std::unique_ptr<Side>* ours,
                        std::unique_ptr<Side>* theirs) {
  std::string text;
  std::shared_ptr<Party> own = LoadParty(alg, {}, true, &text);
  std::shared_ptr<Party> peer = own ? LoadParty(alg, PeerPrivateScalar(alg), true, &text) : nullptr;
  if (!peer) {
    return text;
  }
  *ours = std::make_unique<Side>(own, peer, alg.key_len);
  *theirs = std::make_unique<Side>(peer, own, alg.key_len);
  return "";
}

// A KAT vector's side (the binding's KeyAgreementVectorFactory): our party from the raw private
// key, the peer's from its public key.
std::unique_ptr<Side> VectorSide(const AlgorithmInfo& alg, const Bytes& private_key,
                                 const Bytes& peer_public, std::string* error) {
  std::shared_ptr<Party> own = LoadParty(alg, private_key, true, error);
  if (!own) {
    *error = "private key: " + *error;
    return nullptr;
  }
  std::shared_ptr<Party> peer = LoadParty(alg, peer_public, false, error);
  if (!peer) {
    *error = "peer public key: " + *error;
    return nullptr;
  }
  return std::make_unique<Side>(own, peer, alg.key_len);
}

}  // namespace

bool KeyAgreementSupported(const AlgorithmInfo& alg) {
  std::string ignored;
  return IsFamilyKeyAgreement(alg) && LoadParty(alg, {}, true, &ignored) != nullptr;
}

KeyAgreementEntries KeyAgreementBinding() {
  return BindKeyAgreement<Side, &TimingSides, &VectorSide, &IsFamilyKeyAgreement>();
}

}  // namespace cryptobench::backends::wolfssl
