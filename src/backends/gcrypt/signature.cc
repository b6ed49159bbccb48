// Signatures through gcry_pk_sign / gcry_pk_verify: RSA PKCS#1 v1.5 over a SHA-256 digest
// ((flags pkcs1)(hash sha256 ...)), ECDSA over a digest and Ed25519 ((flags eddsa)). Timed
// operations include building the data S-expression and reading the signature's bytes back,
// which is what a libgcrypt caller pays for one signature.
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/kat.h"
#include "backends/common/buffers.h"
#include "backends/common/pk_family.h"
#include "backends/common/signature_adapter.h"
#include "backends/gcrypt/gcrypt_internal.h"
#include "backends/gcrypt/pk_keys.h"
#include "core/hex.h"

namespace cryptobench::backends::gcrypt {
namespace {

// The signatures this backend binds, by family (PkFamily, pk_family.h).
PkFamily FamilyOf(const AlgorithmInfo& alg) {
  return SignatureFamilyOf(alg, CurveNameOf(alg) != nullptr);
}

// Bytes of each signature component: RSA s (modulus size), ECDSA r and s (field size),
// Ed25519 R and S (32).
size_t ComponentWidth(const AlgorithmInfo& alg, PkFamily family) {
  switch (family) {
    case PkFamily::kRsa:
      return alg.key_len;
    case PkFamily::kEcdsa:
      return CurveBytes(CurveNameOf(alg));
    case PkFamily::kEd25519:
      return 32;
    default:
      break;
  }
  return 0;
}

// The data S-expression for `input`. `deterministic`: RFC 6979 nonces for ECDSA.
std::string DataSexp(PkFamily family, std::span<const uint8_t> input, bool deterministic,
                     Sexp* data) {
  const int len = static_cast<int>(input.size());
  static const uint8_t kEmpty = 0;
  const uint8_t* bytes = input.empty() ? &kEmpty : input.data();
  gcry_sexp_t sexp = nullptr;
  gcry_error_t err = 0;
  switch (family) {
    case PkFamily::kRsa:
      err = gcry_sexp_build(&sexp, nullptr, "(data (flags pkcs1)(hash sha256 %b))", len, bytes);
      break;
    case PkFamily::kEcdsa:
      err = deterministic
                ? gcry_sexp_build(&sexp, nullptr, "(data (flags rfc6979)(hash sha256 %b))", len,
                                  bytes)
                : gcry_sexp_build(&sexp, nullptr, "(data (flags raw)(value %b))", len, bytes);
      break;
    case PkFamily::kEd25519:
      err = gcry_sexp_build(&sexp, nullptr, "(data (flags eddsa)(hash-algo sha512)(value %b))", len,
                            bytes);
      break;
    default:
      return kNotOffered;
  }
  if (err != 0) {
    return CallError("gcry_sexp_build(data)", err);
  }
  data->reset(sexp);
  return "";
}

// Signs `input`; *signature is s (RSA) or r||s (ECDSA, Ed25519), each `width` bytes.
std::string SignInput(PkFamily family, size_t width, gcry_sexp_t key,
                      std::span<const uint8_t> input, bool deterministic, Bytes* signature) {
  Sexp data;
  if (std::string error = DataSexp(family, input, deterministic, &data); !error.empty()) {
    return error;
  }
  gcry_sexp_t result = nullptr;
  if (gcry_error_t err = gcry_pk_sign(&result, data.get(), key); err != 0) {
    return CallError("gcry_pk_sign", err);
  }
  Sexp sig(result);
  signature->clear();
  for (const char* token : family == PkFamily::kRsa ? std::vector<const char*>{"s"}
                                                    : std::vector<const char*>{"r", "s"}) {
    Bytes part = SexpTokenBytes(sig.get(), token);
    if (part.size() > width) {
      return std::string("signature component ") + token + " is wider than expected";
    }
    // RSA and ECDSA values are integers (left-pad); Ed25519's R and S are 32-byte strings.
    if (family == PkFamily::kEd25519 && part.size() != width) {
      return "Ed25519 signature component is not 32 bytes";
    }
    signature->insert(signature->end(), width - part.size(), 0);
    signature->insert(signature->end(), part.begin(), part.end());
  }
  return "";
}

// 0 when valid; GPG_ERR_BAD_SIGNATURE or another error when not.
gcry_error_t VerifyInput(PkFamily family, gcry_sexp_t key, std::span<const uint8_t> input,
                         std::span<const uint8_t> signature) {
  Sexp data;
  if (!DataSexp(family, input, false, &data).empty()) {
    return gcry_error(GPG_ERR_INV_DATA);
  }
  gcry_sexp_t sexp = nullptr;
  const int half = static_cast<int>(signature.size() / 2);
  gcry_error_t err = 0;
  switch (family) {
    case PkFamily::kRsa:
      err = gcry_sexp_build(&sexp, nullptr, "(sig-val (rsa (s %b)))",
                            static_cast<int>(signature.size()), signature.data());
      break;
    case PkFamily::kEcdsa:
      err = gcry_sexp_build(&sexp, nullptr, "(sig-val (ecdsa (r %b)(s %b)))", half,
                            signature.data(), half, signature.data() + half);
      break;
    case PkFamily::kEd25519:
      err = gcry_sexp_build(&sexp, nullptr, "(sig-val (eddsa (r %b)(s %b)))", half,
                            signature.data(), half, signature.data() + half);
      break;
    default:
      return gcry_error(GPG_ERR_NOT_SUPPORTED);
  }
  if (err != 0) {
    return err;
  }
  Sexp sig(sexp);
  return gcry_pk_verify(sig.get(), data.get(), key);
}

// The timing key pair: PKCS#8 PEM (RSA, ECDSA) or the first RFC 8032 vector (Ed25519).
std::string TimingKeys(const AlgorithmInfo& alg, KeyPair* keys) {
  switch (FamilyOf(alg)) {
    case PkFamily::kRsa:
      return RsaTimingKey(TimingPrivateKeyPem(alg.name), keys);
    case PkFamily::kEcdsa: {
      const char* curve = CurveNameOf(alg);
      Bytes scalar;
      Bytes point;
      if (std::string error = EcTimingScalar(TimingPrivateKeyPem(alg.name), curve, &scalar);
          !error.empty()) {
        return error;
      }
      if (std::string error = EcPublicPoint(curve, scalar, &point); !error.empty()) {
        return error;
      }
      return EcdsaKeys(curve, point, scalar, keys);
    }
    case PkFamily::kEd25519:
      if (const KatVector* vector = FirstVectorWithPrivateKey(alg.name); vector != nullptr) {
        return Ed25519Keys(HexDecode(vector->public_key), HexDecode(vector->private_key), keys);
      }
      return "no Ed25519 key pair among the known-answer vectors";
    default:
      break;
  }
  return kNotOffered;
}

// A KAT vector's keys: public always, private when the vector publishes one.
std::string VectorKeys(const AlgorithmInfo& alg, const KatVector& vector, KeyPair* keys) {
  const Bytes public_key = HexDecode(vector.public_key);
  const Bytes private_key = HexDecode(vector.private_key);
  switch (FamilyOf(alg)) {
    case PkFamily::kRsa:
      return RsaPublicKey(public_key, &keys->public_key);
    case PkFamily::kEcdsa:
      return EcdsaKeys(CurveNameOf(alg), public_key, private_key, keys);
    case PkFamily::kEd25519:
      return Ed25519Keys(public_key, private_key, keys);
    default:
      break;
  }
  return kNotOffered;
}

// The signature engine (common/signature_adapter.h): the timing key pair, signing and
// verifying through SignInput and VerifyInput (S-expressions built and read per operation).
class SignatureEngine : public KeptSignature {
 public:
  SignatureEngine(PkFamily family, size_t width) : family_(family), width_(width) {}

  static std::unique_ptr<SignatureEngine> Make(const AlgorithmInfo& alg, std::string* error) {
    const PkFamily family = FamilyOf(alg);
    auto engine = std::make_unique<SignatureEngine>(family, ComponentWidth(alg, family));
    if (*error = TimingKeys(alg, &engine->keys_); !error->empty()) {
      return nullptr;
    }
    return engine;
  }

  bool Sign(std::span<const uint8_t> tbs, std::string* error) {
    *error = SignInput(family_, width_, keys_.private_key.get(), tbs, false, &sig_);
    return error->empty();
  }

  bool Verify(std::span<const uint8_t> tbs, std::span<const uint8_t> signature,
              std::string* error) {
    if (gcry_error_t err = VerifyInput(family_, keys_.public_key.get(), tbs, signature); err != 0) {
      *error = CallError("gcry_pk_verify", err);
      return false;
    }
    return true;
  }

 private:
  PkFamily family_;
  size_t width_;
  KeyPair keys_;
};

}  // namespace

bool SignatureSupported(const AlgorithmInfo& alg) {
  KeyPair keys;
  return FamilyOf(alg) != PkFamily::kNone && TimingKeys(alg, &keys).empty();
}

namespace {

std::string VerifyVector(const AlgorithmInfo& alg, const KatVector& vector, bool tamper,
                         bool* valid) {
  const PkFamily family = FamilyOf(alg);
  if (family == PkFamily::kNone) {
    return kNotOffered;
  }
  *valid = false;
  const Bytes input = KatSignedInput(vector, tamper);
  if (family != PkFamily::kEd25519 && (!vector.input_is_digest || input.size() != 32)) {
    return "libgcrypt's backend verifies RSA and ECDSA vectors over a SHA-256 digest only";
  }
  KeyPair keys;
  if (std::string error = VectorKeys(alg, vector, &keys); !error.empty()) {
    return "public key: " + error;
  }
  const gcry_error_t err =
      VerifyInput(family, keys.public_key.get(), input, HexDecode(vector.output));
  if (err != 0 && gcry_err_code(err) != GPG_ERR_BAD_SIGNATURE && !tamper) {
    return CallError("gcry_pk_verify", err);
  }
  *valid = err == 0;
  return "";
}

std::string SignVector(const AlgorithmInfo& alg, const KatVector& vector, Bytes* signature) {
  // ECDSA signs reproducibly with (flags rfc6979); Ed25519 is deterministic by design; the
  // RSA vectors publish no private key.
  const PkFamily family = FamilyOf(alg);
  if (family == PkFamily::kNone || family == PkFamily::kRsa || vector.private_key.empty()) {
    return kNotOffered;
  }
  KeyPair keys;
  if (std::string error = VectorKeys(alg, vector, &keys); !error.empty()) {
    return "private key: " + error;
  }
  return SignInput(family, ComponentWidth(alg, family), keys.private_key.get(),
                   HexDecode(vector.input), true, signature);
}

}  // namespace

SignatureEntries SignatureBinding() {
  return BindSignature<SignatureEngine, &HasFamily<&FamilyOf>, &VerifyVector, &SignVector>();
}

}  // namespace cryptobench::backends::gcrypt
