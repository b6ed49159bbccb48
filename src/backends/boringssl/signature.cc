// BoringSSL signatures (signature.h).
#include "backends/boringssl/signature.h"

#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "backends/boringssl/keys.h"
#include "backends/common/buffers.h"
#include "backends/common/der.h"
#include "backends/common/signature_adapter.h"
#include "backends/common/timing_inputs.h"
#include "core/hex.h"

namespace cryptobench::backends::boringssl {
namespace {

// One key set up to sign or to verify. Prehashed: EVP_PKEY_sign/verify on a digest (the
// signature digest is set so RSA writes the right DigestInfo); otherwise the one-shot
// EVP_DigestSign/Verify, which hashes with `md` or, for Ed25519 (md null), signs the message.
class SignatureContext {
 public:
  static std::unique_ptr<SignatureContext> Create(const Libcrypto& lib, PkFamily family,
                                                  EVP_PKEY* key, const EVP_MD* md, bool prehashed,
                                                  bool sign, std::string* error) {
    auto ctx = std::unique_ptr<SignatureContext>(new SignatureContext(lib, prehashed));
    EVP_PKEY_CTX* pkey_ctx = nullptr;
    if (prehashed) {
      ctx->pkey_ctx_.reset(lib.EVP_PKEY_CTX_new(key, nullptr));
      pkey_ctx = ctx->pkey_ctx_.get();
      if (pkey_ctx == nullptr ||
          (sign ? lib.EVP_PKEY_sign_init(pkey_ctx) : lib.EVP_PKEY_verify_init(pkey_ctx)) != 1 ||
          lib.EVP_PKEY_CTX_set_signature_md(pkey_ctx, md) != 1) {
        *error = LibError(lib, sign ? "EVP_PKEY_sign_init" : "EVP_PKEY_verify_init");
        return nullptr;
      }
    } else {
      ctx->md_ctx_.reset(lib.EVP_MD_CTX_new());
      if (!ctx->md_ctx_ ||
          (sign ? lib.EVP_DigestSignInit(ctx->md_ctx_.get(), &pkey_ctx, md, nullptr, key)
                : lib.EVP_DigestVerifyInit(ctx->md_ctx_.get(), &pkey_ctx, md, nullptr, key)) != 1) {
        *error = LibError(lib, sign ? "EVP_DigestSignInit" : "EVP_DigestVerifyInit");
        return nullptr;
      }
    }
    // PKCS#1 v1.5 is BoringSSL's default for RSA; set explicitly so the scheme is on record.
    if (family == PkFamily::kRsa &&
        lib.EVP_PKEY_CTX_set_rsa_padding(pkey_ctx, kRsaPkcs1Padding) != 1) {
      *error = LibError(lib, "EVP_PKEY_CTX_set_rsa_padding");
      return nullptr;
    }
    return ctx;
  }

  /// *sig_len: room at `sig` on entry (with `sig` null, the maximum is returned).
  bool Sign(std::span<const uint8_t> tbs, uint8_t* sig, size_t* sig_len) const {
    return prehashed_
               ? lib_.EVP_PKEY_sign(pkey_ctx_.get(), sig, sig_len, NonNullData(tbs), tbs.size()) ==
                     1
               : lib_.EVP_DigestSign(md_ctx_.get(), sig, sig_len, NonNullData(tbs), tbs.size()) ==
                     1;
  }

  /// True only for a valid signature; clears the error queue.
  bool Verify(std::span<const uint8_t> sig, std::span<const uint8_t> tbs) const {
    const int result = prehashed_ ? lib_.EVP_PKEY_verify(pkey_ctx_.get(), NonNullData(sig),
                                                         sig.size(), NonNullData(tbs), tbs.size())
                                  : lib_.EVP_DigestVerify(md_ctx_.get(), NonNullData(sig),
                                                          sig.size(), NonNullData(tbs), tbs.size());
    lib_.ERR_clear_error();
    return result == 1;
  }

  const char* sign_call() const { return prehashed_ ? "EVP_PKEY_sign" : "EVP_DigestSign"; }

 private:
  SignatureContext(const Libcrypto& lib, bool prehashed)
      : lib_(lib),
        prehashed_(prehashed),
        pkey_ctx_(nullptr, lib.EVP_PKEY_CTX_free),
        md_ctx_(nullptr, lib.EVP_MD_CTX_free) {}

  const Libcrypto& lib_;
  bool prehashed_;
  Owned<EVP_PKEY_CTX> pkey_ctx_;
  Owned<EVP_MD_CTX> md_ctx_;  // owns the EVP_PKEY_CTX that EVP_Digest*Init creates
};

bool SignToVector(const Libcrypto& lib, const SignatureContext& ctx, std::span<const uint8_t> tbs,
                  std::vector<uint8_t>* sig, std::string* error) {
  size_t len = 0;
  if (!ctx.Sign(tbs, nullptr, &len)) {
    *error = LibError(lib, std::string(ctx.sign_call()) + " (size query)");
    return false;
  }
  sig->assign(len, 0);
  if (!ctx.Sign(tbs, sig->data(), &len)) {
    *error = LibError(lib, ctx.sign_call());
    return false;
  }
  sig->resize(len);
  return true;
}

// The hash for a prehashed input, named by its length (FIPS 180-4 output sizes).
const char* DigestNameForLength(size_t len) {
  switch (len) {
    case 20:
      return "SHA1";
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

// How a KAT vector's input is signed: Ed25519 signs the message; other vectors give the digest
// (its length names the hash) or a message hashed with SHA-384 for P-384, else SHA-256.
struct SigningMode {
  const EVP_MD* md = nullptr;
  bool prehashed = false;
};

std::string ModeForVector(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                          size_t input_len, SigningMode* mode) {
  *mode = {};
  if (PkFamilyOf(alg) == PkFamily::kEd25519) {
    return "";
  }
  const char* md_name = vector.input_is_digest            ? DigestNameForLength(input_len)
                        : alg.openssl_name == "secp384r1" ? "SHA384"
                                                          : "SHA256";
  mode->md = md_name != nullptr ? lib.EVP_get_digestbyname(md_name) : nullptr;
  mode->prehashed = vector.input_is_digest;
  return mode->md != nullptr ? "" : "no hash for a " + std::to_string(input_len) + "-byte input";
}

// ECDSA vectors publish r||s; BoringSSL takes the DER ECDSA-Sig-Value.
std::vector<uint8_t> LibraryForm(const AlgorithmInfo& alg, const std::vector<uint8_t>& sig) {
  return PkFamilyOf(alg) == PkFamily::kEcdsa ? EcdsaSignatureDer(sig) : sig;
}

// The timed mode: SHA-256 digest for RSA and ECDSA, the message for Ed25519.
SigningMode TimedMode(const Libcrypto& lib, const AlgorithmInfo& alg) {
  if (PkFamilyOf(alg) == PkFamily::kEd25519) {
    return {};
  }
  return {lib.EVP_get_digestbyname("SHA256"), true};
}

// The signature engine (common/signature_adapter.h): the timing key with one context set up to
// sign and one to verify, in the timed mode, and room for the largest signature (the library's
// own size query). Verify() clears the error queue on every call, as the timed verify always
// has.
class SignatureEngine {
 public:
  static std::unique_ptr<SignatureEngine> Make(const LibPtr& lib, const AlgorithmInfo& alg,
                                               std::string* error) {
    auto engine = std::unique_ptr<SignatureEngine>(new SignatureEngine(lib));
    engine->key_ = TimingKey(*lib, alg, error);
    if (!engine->key_) {
      return nullptr;
    }
    const SigningMode mode = TimedMode(*lib, alg);
    EVP_PKEY* key = engine->key_.get();
    engine->sign_ =
        SignatureContext::Create(*lib, PkFamilyOf(alg), key, mode.md, mode.prehashed, true, error);
    engine->verify_ = engine->sign_ ? SignatureContext::Create(*lib, PkFamilyOf(alg), key, mode.md,
                                                               mode.prehashed, false, error)
                                    : nullptr;
    if (!engine->verify_) {
      return nullptr;
    }
    const std::vector<uint8_t> probe = PatternBytes(kPublicKeyInputLen, kSignInputSeed);
    size_t max_len = 0;
    if (!engine->sign_->Sign(probe, nullptr, &max_len)) {
      *error = LibError(*lib, std::string(engine->sign_->sign_call()) + " (size query)");
      return nullptr;
    }
    engine->sig_ = AlignedBuffer(max_len);
    return engine;
  }

  bool Sign(std::span<const uint8_t> tbs, std::string* error) {
    sig_len_ = sig_.size();
    if (!sign_->Sign(tbs, sig_.data(), &sig_len_)) {
      *error = LibError(*lib_, sign_->sign_call());
      return false;
    }
    return true;
  }

  std::span<const uint8_t> signature() const { return sig_.span().first(sig_len_); }

  bool Verify(std::span<const uint8_t> tbs, std::span<const uint8_t> signature,
              std::string* error) {
    if (!verify_->Verify(signature, tbs)) {
      *error = "verify rejected the signature";
      return false;
    }
    return true;
  }

 private:
  explicit SignatureEngine(LibPtr lib) : lib_(std::move(lib)) {}

  LibPtr lib_;
  PkeyPtr key_{nullptr, nullptr};  // outlives the contexts, which refer to it
  std::unique_ptr<SignatureContext> sign_;
  std::unique_ptr<SignatureContext> verify_;
  AlignedBuffer sig_;
  size_t sig_len_ = 0;
};

}  // namespace

bool SignatureSupported(const Libcrypto& lib, const AlgorithmInfo& alg) {
  if (alg.kind != AlgorithmKind::kSignature || PkFamilyOf(alg) == PkFamily::kNone) {
    return false;
  }
  std::string ignored;
  PkeyPtr key = TimingKey(lib, alg, &ignored);
  const SigningMode mode = TimedMode(lib, alg);
  const bool ok = key && SignatureContext::Create(lib, PkFamilyOf(alg), key.get(), mode.md,
                                                  mode.prehashed, true, &ignored) != nullptr;
  lib.ERR_clear_error();
  return ok;
}

std::unique_ptr<PreparedOperation> PrepareSignature(const LibPtr& lib, const AlgorithmInfo& alg,
                                                    Operation op, PrepareFailure* failure,
                                                    std::string* error) {
  auto make = [&lib](const AlgorithmInfo& timed, std::string* text) {
    return SignatureEngine::Make(lib, timed, text);
  };
  return PrepareSignatureWith<SignatureEngine>(make, alg, op, failure, error);
}

std::string VerifyKat(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                      bool tamper, bool* valid) {
  std::vector<uint8_t> tbs = HexDecode(vector.input);
  std::string error;
  PkeyPtr key = KatPublicKey(lib, alg, HexDecode(vector.public_key), &error);
  if (!key) {
    return "public key: " + error;
  }
  SigningMode mode;
  if (error = ModeForVector(lib, alg, vector, tbs.size(), &mode); !error.empty()) {
    return error;
  }
  if (tamper) {
    tbs = KatSignedInput(vector, true);
  }
  auto verifier = SignatureContext::Create(lib, PkFamilyOf(alg), key.get(), mode.md, mode.prehashed,
                                           false, &error);
  if (!verifier) {
    return error;
  }
  *valid = verifier->Verify(LibraryForm(alg, HexDecode(vector.output)), tbs);
  return "";
}

std::string SignKat(const Libcrypto& lib, const AlgorithmInfo& alg, const KatVector& vector,
                    Bytes* signature) {
  if (PkFamilyOf(alg) == PkFamily::kEcdsa) {
    return kNotOffered;
  }
  const std::vector<uint8_t> tbs = HexDecode(vector.input);
  std::string error;
  PkeyPtr key = KatPrivateKey(lib, alg, HexDecode(vector.private_key), &error);
  if (!key) {
    return "private key: " + error;
  }
  SigningMode mode;
  if (error = ModeForVector(lib, alg, vector, tbs.size(), &mode); !error.empty()) {
    return error;
  }
  auto signer = SignatureContext::Create(lib, PkFamilyOf(alg), key.get(), mode.md, mode.prehashed,
                                         true, &error);
  if (!signer || !SignToVector(lib, *signer, tbs, signature, &error)) {
    return error;
  }
  return "";
}

std::string SignRoundTrip(const LibPtr& lib, const AlgorithmInfo& alg) {
  auto make = [&lib](const AlgorithmInfo& timed, std::string* text) {
    return SignatureEngine::Make(lib, timed, text);
  };
  return SignatureRoundTripWith<SignatureEngine>(make, alg);
}

}  // namespace cryptobench::backends::boringssl
