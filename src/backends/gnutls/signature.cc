// Signatures through GnuTLS's abstract keys: gnutls_privkey_sign_hash2 / gnutls_pubkey_verify_hash2
// on a SHA-256 digest (RSA PKCS#1 v1.5, ECDSA) and the *_data2 calls on the message (Ed25519).
#include <algorithm>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/kat.h"
#include "backends/common/buffers.h"
#include "backends/common/der.h"
#include "backends/common/signature_adapter.h"
#include "backends/gnutls/gnutls_internal.h"
#include "core/hex.h"

namespace cryptobench::backends::gnutls {
namespace {

struct PrivkeyDeleter {
  void operator()(gnutls_privkey_t key) const { gnutls_privkey_deinit(key); }
};
struct PubkeyDeleter {
  void operator()(gnutls_pubkey_t key) const { gnutls_pubkey_deinit(key); }
};
using Privkey = std::unique_ptr<std::remove_pointer_t<gnutls_privkey_t>, PrivkeyDeleter>;
using Pubkey = std::unique_ptr<std::remove_pointer_t<gnutls_pubkey_t>, PubkeyDeleter>;

bool IsEd25519(const GnutlsIds& ids) { return ids.pk == GNUTLS_PK_EDDSA_ED25519; }

Privkey NewPrivkey(std::string* error) {
  gnutls_privkey_t key = nullptr;
  if (const int rc = gnutls_privkey_init(&key); rc < 0) {
    *error = CallError("gnutls_privkey_init", rc);
  }
  return Privkey(key);
}

Pubkey NewPubkey(std::string* error) {
  gnutls_pubkey_t key = nullptr;
  if (const int rc = gnutls_pubkey_init(&key); rc < 0) {
    *error = CallError("gnutls_pubkey_init", rc);
  }
  return Pubkey(key);
}

// An EC or EdDSA private key from raw values: `scalar` (big-endian, or Ed25519's 32-byte
// seed) and the public point (04||X||Y, or Ed25519's 32-byte key).
Privkey RawPrivkey(const GnutlsIds& ids, const Bytes& scalar, const Bytes& point,
                   std::string* error) {
  Privkey key = NewPrivkey(error);
  if (!key) {
    return key;
  }
  const gnutls_datum_t k = Datum(scalar);
  int rc = 0;
  if (IsEd25519(ids)) {
    const gnutls_datum_t x = Datum(point);
    rc = gnutls_privkey_import_ecc_raw(key.get(), ids.curve, &x, nullptr, &k);
  } else {
    const size_t half = point.empty() ? 0 : (point.size() - 1) / 2;
    if (point.size() != 1 + 2 * half || point[0] != 0x04) {
      *error = "public point is not uncompressed 04||X||Y";
      return nullptr;
    }
    const gnutls_datum_t x = Datum(std::span(point).subspan(1, half));
    const gnutls_datum_t y = Datum(std::span(point).subspan(1 + half, half));
    rc = gnutls_privkey_import_ecc_raw(key.get(), ids.curve, &x, &y, &k);
  }
  if (rc < 0) {
    *error = CallError("gnutls_privkey_import_ecc_raw", rc);
    return nullptr;
  }
  return key;
}

// The key a signature algorithm is timed with: the PKCS#8 PEM timing key (RSA, ECDSA) or the
// first RFC 8032 vector's key pair (Ed25519).
Privkey TimingKey(const AlgorithmInfo& alg, const GnutlsIds& ids, std::string* error) {
  if (IsEd25519(ids)) {
    if (const KatVector* vector = FirstVectorWithPrivateKey(alg.name); vector != nullptr) {
      return RawPrivkey(ids, HexDecode(vector->private_key), HexDecode(vector->public_key), error);
    }
    *error = "no Ed25519 key pair among the known-answer vectors";
    return nullptr;
  }
  const std::string_view pem = TimingPrivateKeyPem(alg.name);
  if (pem.empty()) {
    *error = "no timing key for " + std::string(alg.name);
    return nullptr;
  }
  Privkey key = NewPrivkey(error);
  if (!key) {
    return key;
  }
  const gnutls_datum_t data =
      Datum(std::span(reinterpret_cast<const uint8_t*>(pem.data()), pem.size()));
  if (const int rc =
          gnutls_privkey_import_x509_raw(key.get(), &data, GNUTLS_X509_FMT_PEM, nullptr, 0);
      rc < 0) {
    *error = CallError("gnutls_privkey_import_x509_raw", rc);
    return nullptr;
  }
  if (gnutls_privkey_get_pk_algorithm(key.get(), nullptr) != static_cast<int>(ids.pk)) {
    *error = "the timing key of " + std::string(alg.name) + " is of another key type";
    return nullptr;
  }
  return key;
}

Pubkey PublicHalf(gnutls_privkey_t key, std::string* error) {
  Pubkey pub = NewPubkey(error);
  if (pub) {
    if (const int rc = gnutls_pubkey_import_privkey(pub.get(), key, 0, 0); rc < 0) {
      *error = CallError("gnutls_pubkey_import_privkey", rc);
      pub.reset();
    }
  }
  return pub;
}

// A KAT vector's public key: DER RSAPublicKey, uncompressed EC point, or raw Ed25519 key.
Pubkey KatPublicKey(const GnutlsIds& ids, const Bytes& encoded, std::string* error) {
  Pubkey pub = NewPubkey(error);
  if (!pub) {
    return pub;
  }
  int rc = 0;
  const char* call = "gnutls_pubkey_import_ecc_raw";
  if (ids.pk == GNUTLS_PK_RSA) {
    // SubjectPublicKeyInfo (RFC 5280 4.1) around the RSAPublicKey: rsaEncryption
    // (1.2.840.113549.1.1.1, RFC 8017 A.1) with NULL parameters, the key in a BIT STRING.
    const Bytes algorithm_id = HexDecode("300d06092a864886f70d0101010500");
    Bytes bits = {0x00};
    bits.insert(bits.end(), encoded.begin(), encoded.end());
    Bytes body = algorithm_id;
    const Bytes bit_string = DerTlv(0x03, bits);
    body.insert(body.end(), bit_string.begin(), bit_string.end());
    const Bytes spki = DerTlv(0x30, body);
    const gnutls_datum_t der = Datum(spki);
    rc = gnutls_pubkey_import(pub.get(), &der, GNUTLS_X509_FMT_DER);
    call = "gnutls_pubkey_import";
  } else if (IsEd25519(ids)) {
    const gnutls_datum_t x = Datum(encoded);
    rc = gnutls_pubkey_import_ecc_raw(pub.get(), ids.curve, &x, nullptr);
  } else {
    const size_t half = encoded.empty() ? 0 : (encoded.size() - 1) / 2;
    if (encoded.size() != 1 + 2 * half || encoded[0] != 0x04) {
      *error = "public key is not an uncompressed point 04||X||Y";
      return nullptr;
    }
    const gnutls_datum_t x = Datum(std::span(encoded).subspan(1, half));
    const gnutls_datum_t y = Datum(std::span(encoded).subspan(1 + half, half));
    rc = gnutls_pubkey_import_ecc_raw(pub.get(), ids.curve, &x, &y);
  }
  if (rc < 0) {
    *error = CallError(call, rc);
    return nullptr;
  }
  return pub;
}

// Signs `input` (a digest for RSA/ECDSA, the message for Ed25519) into *signature.
std::string SignInput(gnutls_privkey_t key, const GnutlsIds& ids, unsigned flags,
                      std::span<const uint8_t> input, Bytes* signature) {
  gnutls_datum_t sig{};
  const gnutls_datum_t data = Datum(input);
  const int rc = IsEd25519(ids) ? gnutls_privkey_sign_data2(key, ids.sign, flags, &data, &sig)
                                : gnutls_privkey_sign_hash2(key, ids.sign, flags, &data, &sig);
  if (rc < 0) {
    return CallError(IsEd25519(ids) ? "gnutls_privkey_sign_data2" : "gnutls_privkey_sign_hash2",
                     rc);
  }
  signature->assign(sig.data, sig.data + sig.size);
  gnutls_free(sig.data);
  return "";
}

// GnuTLS's verify result: >= 0 valid, GNUTLS_E_PK_SIG_VERIFY_FAILED (or another error) not.
int VerifyInput(gnutls_pubkey_t key, const GnutlsIds& ids, std::span<const uint8_t> input,
                std::span<const uint8_t> signature) {
  const gnutls_datum_t data = Datum(input);
  const gnutls_datum_t sig = Datum(signature);
  return IsEd25519(ids) ? gnutls_pubkey_verify_data2(key, ids.sign, 0, &data, &sig)
                        : gnutls_pubkey_verify_hash2(key, ids.sign, 0, &data, &sig);
}

// ECDSA: KAT r||s (fixed width) to DER ECDSA-Sig-Value and back.
std::string EncodeRs(const Bytes& r_and_s, Bytes* der) {
  const size_t half = r_and_s.size() / 2;
  const gnutls_datum_t r = Datum(std::span(r_and_s).first(half));
  const gnutls_datum_t s = Datum(std::span(r_and_s).subspan(half));
  gnutls_datum_t out{};
  if (const int rc = gnutls_encode_rs_value(&out, &r, &s); rc < 0) {
    return CallError("gnutls_encode_rs_value", rc);
  }
  der->assign(out.data, out.data + out.size);
  gnutls_free(out.data);
  return "";
}

std::string DecodeRs(const Bytes& der, size_t width, Bytes* r_and_s) {
  const gnutls_datum_t sig = Datum(der);
  gnutls_datum_t r{};
  gnutls_datum_t s{};
  if (const int rc = gnutls_decode_rs_value(&sig, &r, &s); rc < 0) {
    return CallError("gnutls_decode_rs_value", rc);
  }
  std::unique_ptr<unsigned char, GnutlsFree> r_owner(r.data);
  std::unique_ptr<unsigned char, GnutlsFree> s_owner(s.data);
  r_and_s->assign(2 * width, 0);
  for (const auto& [part, offset] : {std::pair{r, size_t{0}}, std::pair{s, width}}) {
    // Values may carry a leading zero byte (DER sign) or be shorter than the field.
    std::span<const uint8_t> value(part.data, part.size);
    while (value.size() > width && value[0] == 0) {
      value = value.subspan(1);
    }
    if (value.size() > width) {
      return "ECDSA signature value wider than the curve";
    }
    std::copy(value.begin(), value.end(),
              r_and_s->begin() + static_cast<long>(offset + width - value.size()));
  }
  return "";
}

// The signature engine (common/signature_adapter.h): the timing private key and its public
// half, signing and verifying through SignInput and VerifyInput.
class SignatureEngine : public KeptSignature {
 public:
  static std::unique_ptr<SignatureEngine> Make(const AlgorithmInfo& alg, std::string* error) {
    auto engine = std::make_unique<SignatureEngine>();
    engine->ids_ = IdsFor(alg);
    engine->key_ = TimingKey(alg, engine->ids_, error);
    engine->pub_ = engine->key_ ? PublicHalf(engine->key_.get(), error) : nullptr;
    if (!engine->pub_) {
      return nullptr;
    }
    return engine;
  }

  bool Sign(std::span<const uint8_t> tbs, std::string* error) {
    *error = SignInput(key_.get(), ids_, 0, tbs, &sig_);
    return error->empty();
  }

  bool Verify(std::span<const uint8_t> tbs, std::span<const uint8_t> signature,
              std::string* error) {
    if (const int rc = VerifyInput(pub_.get(), ids_, tbs, signature); rc < 0) {
      *error =
          CallError(IsEd25519(ids_) ? "gnutls_pubkey_verify_data2" : "gnutls_pubkey_verify_hash2",
                    rc) +
          " (signature rejected)";
      return false;
    }
    return true;
  }

 private:
  GnutlsIds ids_;
  Privkey key_;
  Pubkey pub_;
};

}  // namespace

bool SignatureSupported(const AlgorithmInfo& alg) {
  const GnutlsIds ids = IdsFor(alg);
  std::string ignored;
  return alg.kind == AlgorithmKind::kSignature && ids.sign != GNUTLS_SIGN_UNKNOWN &&
         TimingKey(alg, ids, &ignored) != nullptr;
}

namespace {

std::string VerifyVector(const AlgorithmInfo& alg, const KatVector& vector, bool tamper,
                         bool* valid) {
  const GnutlsIds ids = IdsFor(alg);
  if (alg.kind != AlgorithmKind::kSignature || ids.sign == GNUTLS_SIGN_UNKNOWN) {
    return kNotOffered;
  }
  *valid = false;
  const Bytes input = KatSignedInput(vector, tamper);
  if (!IsEd25519(ids) && (!vector.input_is_digest || input.size() != 32)) {
    return "GnuTLS verifies RSA and ECDSA vectors over a SHA-256 digest only";
  }
  std::string error;
  Pubkey pub = KatPublicKey(ids, HexDecode(vector.public_key), &error);
  if (!pub) {
    return "public key: " + error;
  }
  Bytes signature = HexDecode(vector.output);
  if (ids.pk == GNUTLS_PK_ECDSA) {
    if (error = EncodeRs(Bytes(signature), &signature); !error.empty()) {
      return error;
    }
  }
  const int rc = VerifyInput(pub.get(), ids, input, signature);
  if (rc < 0 && rc != GNUTLS_E_PK_SIG_VERIFY_FAILED && !tamper) {
    return CallError("verify", rc);
  }
  *valid = rc >= 0;
  return "";
}

std::string SignVector(const AlgorithmInfo& alg, const KatVector& vector, Bytes* signature) {
  const GnutlsIds ids = IdsFor(alg);
  // RSA vectors publish no private key. ECDSA signs reproducibly (RFC 6979) with
  // GNUTLS_PRIVKEY_FLAG_REPRODUCIBLE; Ed25519 is deterministic by design.
  if (alg.kind != AlgorithmKind::kSignature || ids.curve == GNUTLS_ECC_CURVE_INVALID ||
      vector.private_key.empty()) {
    return kNotOffered;
  }
  std::string error;
  Privkey key =
      RawPrivkey(ids, HexDecode(vector.private_key), HexDecode(vector.public_key), &error);
  if (!key) {
    return "private key: " + error;
  }
  const Bytes input = HexDecode(vector.input);
  if (IsEd25519(ids)) {
    return SignInput(key.get(), ids, 0, input, signature);
  }
  Bytes der;
  if (error = SignInput(key.get(), ids, GNUTLS_PRIVKEY_FLAG_REPRODUCIBLE, input, &der);
      !error.empty()) {
    return error;
  }
  return DecodeRs(der, alg.key_len, signature);
}

// The signatures the binding covers (BindSignature's predicate).
bool Bound(const AlgorithmInfo& alg) {
  return alg.kind == AlgorithmKind::kSignature && IdsFor(alg).sign != GNUTLS_SIGN_UNKNOWN;
}

}  // namespace

SignatureEntries SignatureBinding() {
  return BindSignature<SignatureEngine, &Bound, &VerifyVector, &SignVector>();
}

}  // namespace cryptobench::backends::gnutls
