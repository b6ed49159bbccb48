// BoringSSL signatures (signature.h).
#include "backends/boringssl/signature.h"

#include <cstring>
#include <span>
#include <vector>

#include "backends/boringssl/keys.h"
#include "backends/common/buffers.h"
#include "backends/common/der.h"
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

class SignatureOperation : public PreparedOperation {
 public:
  // sign: `sig` is room for the largest signature; verify: the signature to check.
  SignatureOperation(LibPtr lib, PkeyPtr key, std::unique_ptr<SignatureContext> ctx, bool sign,
                     const std::vector<uint8_t>& sig)
      : lib_(std::move(lib)),
        key_(std::move(key)),
        ctx_(std::move(ctx)),
        sign_(sign),
        sig_(sig.size()),
        sig_len_(sign ? 0 : sig.size()) {
    FillPattern(tbs_.span(), kSignInputSeed);
    std::memcpy(sig_.data(), sig.data(), sig.size());
  }

  bool Run(uint64_t iterations) override {
    for (uint64_t i = 0; i < iterations; ++i) {
      if (sign_) {
        sig_len_ = sig_.size();
        if (!ctx_->Sign(tbs_.span(), sig_.data(), &sig_len_)) {
          error_ = LibError(*lib_, ctx_->sign_call());
          return false;
        }
      } else if (!ctx_->Verify(sig_.span().first(sig_len_), tbs_.span())) {
        error_ = "verify rejected the signature";
        return false;
      }
    }
    return true;
  }

  std::span<const uint8_t> signature() const { return sig_.span().first(sig_len_); }
  std::span<const uint8_t> input() const { return tbs_.span(); }

 private:
  LibPtr lib_;
  PkeyPtr key_;  // outlives ctx_, which refers to it
  std::unique_ptr<SignatureContext> ctx_;
  bool sign_;
  AlignedBuffer tbs_{kPublicKeyInputLen};
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
  if ((op != Operation::kSign && op != Operation::kVerify) || PkFamilyOf(alg) == PkFamily::kNone) {
    return PrepareFailed(
        PrepareFailure::kLibraryError,
        std::string(alg.name) + " has no " + std::string(OperationName(op)) + " operation", failure,
        error);
  }
  std::string message;
  PkeyPtr key = TimingKey(*lib, alg, &message);
  const SigningMode mode = TimedMode(*lib, alg);
  auto signer = key ? SignatureContext::Create(*lib, PkFamilyOf(alg), key.get(), mode.md,
                                               mode.prehashed, true, &message)
                    : nullptr;
  auto verifier = signer ? SignatureContext::Create(*lib, PkFamilyOf(alg), key.get(), mode.md,
                                                    mode.prehashed, false, &message)
                         : nullptr;
  if (!verifier) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  const std::string check_prefix =
      std::string(alg.name) + " " + std::string(OperationName(op)) + ": ";
  const std::vector<uint8_t> tbs = PatternBytes(kPublicKeyInputLen, kSignInputSeed);
  if (op == Operation::kSign) {
    size_t max_len = 0;
    if (!signer->Sign(tbs, nullptr, &max_len)) {
      return PrepareFailed(PrepareFailure::kLibraryError,
                           LibError(*lib, std::string(signer->sign_call()) + " (size query)"),
                           failure, error);
    }
    auto prepared = std::make_unique<SignatureOperation>(lib, std::move(key), std::move(signer),
                                                         true, std::vector<uint8_t>(max_len));
    if (!prepared->Run(1)) {
      return PrepareFailed(PrepareFailure::kLibraryError, prepared->error(), failure, error);
    }
    std::vector<uint8_t> sig(prepared->signature().begin(), prepared->signature().end());
    CorruptIfTesting(sig);
    if (!verifier->Verify(sig, prepared->input())) {
      return PrepareFailed(PrepareFailure::kCheckFailed,
                           check_prefix + "verify rejected the timed signature", failure, error);
    }
    return prepared;
  }
  std::vector<uint8_t> sig;
  if (!SignToVector(*lib, *signer, tbs, &sig, &message)) {
    return PrepareFailed(PrepareFailure::kLibraryError, message, failure, error);
  }
  CorruptIfTesting(sig);
  auto prepared =
      std::make_unique<SignatureOperation>(lib, std::move(key), std::move(verifier), false, sig);
  if (!prepared->Run(1)) {
    return PrepareFailed(PrepareFailure::kCheckFailed,
                         check_prefix + "the timed verify rejected a fresh signature", failure,
                         error);
  }
  return prepared;
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
    // A different message: the first byte flipped, or one byte where there was none.
    if (tbs.empty()) {
      tbs.push_back(0x00);
    } else {
      tbs[0] ^= 0x01;
    }
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

std::string SignRoundTrip(const Libcrypto& lib, const AlgorithmInfo& alg) {
  std::string error;
  PkeyPtr key = TimingKey(lib, alg, &error);
  if (!key) {
    return "timing key: " + error;
  }
  const SigningMode mode = TimedMode(lib, alg);
  const std::vector<uint8_t> tbs = PatternBytes(kPublicKeyInputLen, kSignInputSeed);
  auto signer = SignatureContext::Create(lib, PkFamilyOf(alg), key.get(), mode.md, mode.prehashed,
                                         true, &error);
  auto verifier = signer ? SignatureContext::Create(lib, PkFamilyOf(alg), key.get(), mode.md,
                                                    mode.prehashed, false, &error)
                         : nullptr;
  std::vector<uint8_t> sig;
  if (!verifier || !SignToVector(lib, *signer, tbs, &sig, &error)) {
    return error;
  }
  std::vector<uint8_t> checked = sig;
  CorruptIfTesting(checked);
  if (!verifier->Verify(checked, tbs)) {
    return "verify rejected a fresh signature";
  }
  sig.back() ^= 0x01;
  if (verifier->Verify(sig, tbs)) {
    return "a signature with one bit flipped verified";
  }
  return "";
}

}  // namespace cryptobench::backends::boringssl
