// Signatures through EVP_PKEY_sign/verify (RSA, ECDSA) and EVP_DigestSign/Verify (Ed25519).
#include "backends/openssl/signature.h"

#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "backends/common/buffers.h"
#include "backends/common/der.h"
#include "backends/common/signature_adapter.h"
#include "backends/common/timing_inputs.h"
#include "backends/openssl/pkey_keys.h"
#include "core/hex.h"

namespace cryptobench::backends::openssl {
namespace {

// kDigest: the input is a precomputed hash (EVP_PKEY_sign); kMessage: the library hashes the
// input itself, or, for Ed25519, signs it whole (EVP_DigestSign one-shot).
enum class SignMode { kDigest, kMessage };

// 3.x has real functions; in 1.1.1 both are macros over EVP_PKEY_CTX_ctrl (rsa.h, evp.h).
// optype -1 means "any operation", which sidesteps EVP_PKEY_OP_* values (they differ between
// 1.1.1 and 3.x).
bool SetRsaPadding(const Libcrypto& lib, EVP_PKEY_CTX* ctx) {
  if (lib.EVP_PKEY_CTX_set_rsa_padding != nullptr) {
    return lib.EVP_PKEY_CTX_set_rsa_padding(ctx, kRsaPkcs1Padding) > 0;
  }
  return lib.EVP_PKEY_CTX_ctrl(ctx, kEvpPkeyRsa, -1, kEvpPkeyCtrlRsaPadding, kRsaPkcs1Padding,
                               nullptr) > 0;
}

bool SetSignatureMd(const Libcrypto& lib, EVP_PKEY_CTX* ctx, const EVP_MD* md) {
  if (lib.EVP_PKEY_CTX_set_signature_md != nullptr) {
    return lib.EVP_PKEY_CTX_set_signature_md(ctx, md) > 0;
  }
  return lib.EVP_PKEY_CTX_ctrl(ctx, -1, -1, kEvpPkeyCtrlMd, 0, const_cast<EVP_MD*>(md)) > 0;
}

// One key set up for signing or verifying; the owner keeps `lib` alive.
class SignatureContext {
 public:
  static std::unique_ptr<SignatureContext> Create(const Libcrypto& lib, PkFamily family,
                                                  EVP_PKEY* key, const EVP_MD* md, SignMode mode,
                                                  bool sign, std::string* error) {
    auto ctx = std::unique_ptr<SignatureContext>(new SignatureContext(lib, mode));
    EVP_PKEY_CTX* pkey_ctx = nullptr;
    if (mode == SignMode::kDigest) {
      ctx->pkey_ctx_ = Own(lib.EVP_PKEY_CTX_new(key, nullptr), lib.EVP_PKEY_CTX_free);
      pkey_ctx = ctx->pkey_ctx_.get();
      const int ok = pkey_ctx == nullptr ? 0
                     : sign              ? lib.EVP_PKEY_sign_init(pkey_ctx)
                                         : lib.EVP_PKEY_verify_init(pkey_ctx);
      if (ok != 1) {
        *error = LibError(lib, sign ? "EVP_PKEY_sign_init" : "EVP_PKEY_verify_init");
        return nullptr;
      }
      if (md != nullptr && !SetSignatureMd(lib, pkey_ctx, md)) {
        *error = LibError(lib, "EVP_PKEY_CTX_set_signature_md");
        return nullptr;
      }
    } else {
      ctx->md_ctx_ = Own(lib.EVP_MD_CTX_new(), lib.EVP_MD_CTX_free);
      const int ok =
          !ctx->md_ctx_ ? 0
          : sign        ? lib.EVP_DigestSignInit(ctx->md_ctx_.get(), &pkey_ctx, md, nullptr, key)
                        : lib.EVP_DigestVerifyInit(ctx->md_ctx_.get(), &pkey_ctx, md, nullptr, key);
      if (ok != 1) {
        *error = LibError(lib, sign ? "EVP_DigestSignInit" : "EVP_DigestVerifyInit");
        return nullptr;
      }
    }
    if (family == PkFamily::kRsa && !SetRsaPadding(lib, pkey_ctx)) {
      *error = LibError(lib, "EVP_PKEY_CTX_set_rsa_padding");
      return nullptr;
    }
    return ctx;
  }

  /// Signs; *sig_len is the room at `sig` on entry (with sig null: returns the maximum).
  bool Sign(const uint8_t* tbs, size_t tbs_len, uint8_t* sig, size_t* sig_len) const {
    return mode_ == SignMode::kDigest
               ? lib_.EVP_PKEY_sign(pkey_ctx_.get(), sig, sig_len, tbs, tbs_len) == 1
               : lib_.EVP_DigestSign(md_ctx_.get(), sig, sig_len, tbs, tbs_len) == 1;
  }

  /// 1: valid; 0: invalid; negative: error (some libraries report malformed input this way).
  int Verify(const uint8_t* sig, size_t sig_len, const uint8_t* tbs, size_t tbs_len) const {
    return mode_ == SignMode::kDigest
               ? lib_.EVP_PKEY_verify(pkey_ctx_.get(), sig, sig_len, tbs, tbs_len)
               : lib_.EVP_DigestVerify(md_ctx_.get(), sig, sig_len, tbs, tbs_len);
  }

  const char* sign_call() const {
    return mode_ == SignMode::kDigest ? "EVP_PKEY_sign" : "EVP_DigestSign";
  }
  const char* verify_call() const {
    return mode_ == SignMode::kDigest ? "EVP_PKEY_verify" : "EVP_DigestVerify";
  }

 private:
  SignatureContext(const Libcrypto& lib, SignMode mode) : lib_(lib), mode_(mode) {}

  const Libcrypto& lib_;
  SignMode mode_;
  Owned<EVP_PKEY_CTX> pkey_ctx_;
  Owned<EVP_MD_CTX> md_ctx_;  // owns the EVP_PKEY_CTX that DigestSignInit creates
};

// Signs `tbs` into a vector sized by the library's own size query.
bool SignToVector(const Libcrypto& lib, const SignatureContext& ctx, std::span<const uint8_t> tbs,
                  std::vector<uint8_t>* sig, std::string* error) {
  size_t len = 0;
  if (!ctx.Sign(NonNullData(tbs), tbs.size(), nullptr, &len)) {
    *error = LibError(lib, std::string(ctx.sign_call()) + " (size query)");
    return false;
  }
  sig->assign(len, 0);
  if (!ctx.Sign(NonNullData(tbs), tbs.size(), sig->data(), &len)) {
    *error = LibError(lib, ctx.sign_call());
    return false;
  }
  sig->resize(len);
  return true;
}

bool Verifies(const Libcrypto& lib, const SignatureContext& ctx, std::span<const uint8_t> sig,
              std::span<const uint8_t> tbs) {
  const bool ok = ctx.Verify(NonNullData(sig), sig.size(), NonNullData(tbs), tbs.size()) == 1;
  lib.ERR_clear_error();
  return ok;
}

// What the timed operations hash with: SHA-256 for RSA and ECDSA, none for Ed25519.
Owned<EVP_MD> TimedDigest(const Libcrypto& lib, PkFamily family) {
  if (family == PkFamily::kEd25519) {
    return Own<EVP_MD>(nullptr, nullptr);
  }
  return FetchDigest(lib, "SHA256");
}

// Digest named by the length of a precomputed hash (FIPS 180-4 output sizes).
const char* DigestNameForLength(size_t len) {
  switch (len) {
    case 20:
      return "SHA1";
    case 28:
      return "SHA224";
    case 32:
      return "SHA256";
    case 48:
      return "SHA384";
    case 64:
      return "SHA512";
    default:
      return nullptr;
  }
}

// The signature engine (common/signature_adapter.h): the timing key with one context set up to
// sign and one to verify (EVP_PKEY_sign/verify on a SHA-256 digest for RSA and ECDSA,
// EVP_DigestSign/Verify for Ed25519), and room for the largest signature (the library's own
// size query).
class SignatureEngine {
 public:
  static std::unique_ptr<SignatureEngine> Make(const LibcryptoPtr& lib_ptr,
                                               const AlgorithmInfo& alg, std::string* error) {
    const Libcrypto& lib = *lib_ptr;
    const PkFamily family = PkFamilyOf(alg);
    auto engine = std::unique_ptr<SignatureEngine>(new SignatureEngine(lib_ptr));
    engine->key_ = TimingKey(lib, alg, error);
    if (!engine->key_) {
      return nullptr;
    }
    engine->md_ = TimedDigest(lib, family);
    if (family != PkFamily::kEd25519 && !engine->md_) {
      *error = "the library has no digest SHA256";
      return nullptr;
    }
    const SignMode mode = family == PkFamily::kEd25519 ? SignMode::kMessage : SignMode::kDigest;
    EVP_PKEY* key = engine->key_.get();
    engine->sign_ =
        SignatureContext::Create(lib, family, key, engine->md_.get(), mode, true, error);
    engine->verify_ = engine->sign_ ? SignatureContext::Create(lib, family, key, engine->md_.get(),
                                                               mode, false, error)
                                    : nullptr;
    if (!engine->verify_) {
      return nullptr;
    }
    const std::vector<uint8_t> probe = PatternBytes(kPublicKeyInputLen, kSignInputSeed);
    size_t max_sig_len = 0;
    if (!engine->sign_->Sign(probe.data(), probe.size(), nullptr, &max_sig_len)) {
      *error = LibError(lib, std::string(engine->sign_->sign_call()) + " (size query)");
      return nullptr;
    }
    engine->sig_ = AlignedBuffer(max_sig_len);
    return engine;
  }

  bool Sign(std::span<const uint8_t> tbs, std::string* error) {
    sig_len_ = sig_.size();
    if (!sign_->Sign(tbs.data(), tbs.size(), sig_.data(), &sig_len_)) {
      *error = LibError(*lib_, sign_->sign_call());
      return false;
    }
    return true;
  }

  std::span<const uint8_t> signature() const { return sig_.span().first(sig_len_); }

  bool Verify(std::span<const uint8_t> tbs, std::span<const uint8_t> signature,
              std::string* error) {
    if (verify_->Verify(NonNullData(signature), signature.size(), tbs.data(), tbs.size()) != 1) {
      *error = LibError(*lib_, verify_->verify_call()) + " (signature rejected)";
      return false;
    }
    return true;
  }

 private:
  explicit SignatureEngine(LibcryptoPtr lib) : lib_(std::move(lib)) {}

  LibcryptoPtr lib_;
  Owned<EVP_PKEY> key_;
  Owned<EVP_MD> md_;
  std::unique_ptr<SignatureContext> sign_;  // declared after key_ and md_: freed first
  std::unique_ptr<SignatureContext> verify_;
  AlignedBuffer sig_;
  size_t sig_len_ = 0;
};

}  // namespace

bool SignatureSupported(const Libcrypto& lib, const AlgorithmInfo& alg) {
  const PkFamily family = PkFamilyOf(alg);
  if (family == PkFamily::kNone || alg.kind != AlgorithmKind::kSignature) {
    return false;
  }
  std::string ignored;
  Owned<EVP_PKEY> key = TimingKey(lib, alg, &ignored);
  Owned<EVP_MD> md = TimedDigest(lib, family);
  const bool ok = key && (family == PkFamily::kEd25519 || md) &&
                  SignatureContext::Create(
                      lib, family, key.get(), md.get(),
                      family == PkFamily::kEd25519 ? SignMode::kMessage : SignMode::kDigest, true,
                      &ignored) != nullptr;
  lib.ERR_clear_error();
  return ok;
}

std::unique_ptr<PreparedOperation> PrepareSignature(const LibcryptoPtr& lib_ptr,
                                                    const AlgorithmInfo& alg, Operation op,
                                                    PrepareFailure* failure, std::string* error) {
  auto make = [&lib_ptr](const AlgorithmInfo& timed, std::string* text) {
    return SignatureEngine::Make(lib_ptr, timed, text);
  };
  return PrepareSignatureWith<SignatureEngine>(make, alg, op, failure, error);
}

namespace {

// How a KAT-format vector is signed or verified: the mode, the hash (null for Ed25519) and the
// bytes to be signed. Returns "" or why the vector cannot be used.
std::string VectorSetup(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                        SignMode* mode, Owned<EVP_MD>* md) {
  *mode = SignMode::kMessage;
  if (PkFamilyOf(alg) == PkFamily::kEd25519) {
    return "";
  }
  // A digest names its hash by its length; a message is hashed with the curve's or RSA's usual
  // partner (SHA-384 for P-384, else SHA-256; FIPS 186-5 6.4 / SP 800-57 Part 1 Table 3).
  const size_t input_len = vector.input.size() / 2;
  const char* md_name = vector.input_is_digest            ? DigestNameForLength(input_len)
                        : alg.openssl_name == "secp384r1" ? "SHA384"
                                                          : "SHA256";
  if (md_name == nullptr) {
    return "no hash has a " + std::to_string(input_len) + "-byte digest";
  }
  *md = FetchDigest(lib, md_name);
  if (!*md) {
    return std::string("the library has no digest ") + md_name;
  }
  *mode = vector.input_is_digest ? SignMode::kDigest : SignMode::kMessage;
  return "";
}

}  // namespace

std::string VerifyOneShot(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                          bool tamper, bool* valid) {
  *valid = false;
  const PkFamily family = PkFamilyOf(alg);
  if (family == PkFamily::kNone || alg.kind != AlgorithmKind::kSignature) {
    return std::string(alg.name) + " is not a signature algorithm";
  }
  const std::vector<uint8_t> tbs = KatSignedInput(vector, tamper);
  std::string error;
  Owned<EVP_PKEY> public_key = KatPublicKey(lib, alg, HexDecode(vector.public_key), &error);
  if (!public_key) {
    lib.ERR_clear_error();
    return "public key: " + error;
  }
  SignMode mode = SignMode::kMessage;
  Owned<EVP_MD> md = Own<EVP_MD>(nullptr, nullptr);
  if (std::string bad = VectorSetup(lib, alg, vector, &mode, &md); !bad.empty()) {
    return bad;
  }
  // ECDSA vectors publish r||s; libcrypto takes the DER ECDSA-Sig-Value.
  std::vector<uint8_t> sig = HexDecode(vector.output);
  if (family == PkFamily::kEcdsa) {
    sig = EcdsaSignatureDer(sig);
  }
  auto verifier =
      SignatureContext::Create(lib, family, public_key.get(), md.get(), mode, false, &error);
  if (!verifier) {
    lib.ERR_clear_error();
    return error;
  }
  *valid = Verifies(lib, *verifier, sig, tbs);
  return "";
}

std::string SignOneShot(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                        std::vector<uint8_t>* signature) {
  const PkFamily family = PkFamilyOf(alg);
  if (family == PkFamily::kNone || alg.kind != AlgorithmKind::kSignature) {
    return std::string(alg.name) + " is not a signature algorithm";
  }
  std::string error;
  Owned<EVP_PKEY> private_key = KatPrivateKey(lib, alg, HexDecode(vector.private_key), &error);
  if (!private_key) {
    lib.ERR_clear_error();
    return "private key: " + error;
  }
  SignMode mode = SignMode::kMessage;
  Owned<EVP_MD> md = Own<EVP_MD>(nullptr, nullptr);
  if (std::string bad = VectorSetup(lib, alg, vector, &mode, &md); !bad.empty()) {
    return bad;
  }
  auto signer =
      SignatureContext::Create(lib, family, private_key.get(), md.get(), mode, true, &error);
  std::vector<uint8_t> der_or_raw;
  if (!signer || !SignToVector(lib, *signer, HexDecode(vector.input), &der_or_raw, &error)) {
    lib.ERR_clear_error();
    return error;
  }
  if (family != PkFamily::kEcdsa) {
    *signature = std::move(der_or_raw);
    return "";
  }
  if (!EcdsaSignatureFromDer(der_or_raw, alg.key_len, signature)) {
    return "the library's ECDSA signature is not a DER ECDSA-Sig-Value";
  }
  return "";
}

std::string SignatureRoundTrip(const LibcryptoPtr& lib_ptr, const AlgorithmInfo& alg) {
  auto make = [&lib_ptr](const AlgorithmInfo& timed, std::string* text) {
    return SignatureEngine::Make(lib_ptr, timed, text);
  };
  return SignatureRoundTripWith<SignatureEngine>(make, alg);
}

}  // namespace cryptobench::backends::openssl
