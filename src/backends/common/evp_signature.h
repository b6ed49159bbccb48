// EVP signatures for the two libcrypto backends (OpenSSL, BoringSSL), whose function tables
// (openssl/libcrypto.h, boringssl/libcrypto.h) name the same calls: a key set up to sign or
// verify (EVP_PKEY_sign/verify on a precomputed digest, or EVP_DigestSign/Verify on the message),
// signing into a vector sized by the library, the digest of a KAT vector, and the engine of the
// signature adapter (signature_adapter.h). Templates over the function table type `Lib`, as
// evp_derive.h; three calls are that backend's own, found by argument-dependent lookup:
// LibError(lib, call) (the failing call; clears the error queue), SetSignatureMd(lib, pkey_ctx, md)
// and SetRsaPadding(lib, pkey_ctx) (PKCS#1 v1.5; true on success), which differ where OpenSSL 1.1.1
// has only EVP_PKEY_CTX_ctrl.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "backends/common/buffers.h"
#include "backends/common/pk_family.h"
#include "backends/common/timing_inputs.h"

namespace cryptobench::backends {

/// The digest a KAT vector of the RSA or ECDSA signature `alg` is signed with, by its libcrypto
/// name: for a precomputed digest (`vector.input_is_digest`), the hash of that output length
/// `input_len` in bytes (FIPS 180-4: SHA1 20, SHA224 28, SHA256 32, SHA384 48, SHA512 64; null
/// for any other length); for a message, its curve's or RSA's usual partner, SHA384 for P-384
/// (secp384r1), else SHA256 (FIPS 186-5 6.4, SP 800-57 Part 1 Table 3). Not for Ed25519, which
/// signs the message whole.
inline const char* KatVectorDigestName(const AlgorithmInfo& alg, const KatVector& vector,
                                       size_t input_len) {
  if (!vector.input_is_digest) {
    return alg.openssl_name == "secp384r1" ? "SHA384" : "SHA256";
  }
  switch (input_len) {
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

/// One key set up for signing or for verifying with `Lib`; the owner keeps the library (and the
/// key and digest given to Create) alive for the context's life.
template <typename Lib>
class EvpSignatureContext {
 public:
  /// A context for `key` (of `family`): with `prehashed`, EVP_PKEY_sign_init/verify_init (then
  /// SetSignatureMd when `md` is given) and the input is a digest; otherwise
  /// EVP_DigestSignInit/VerifyInit with `md` (null for Ed25519, which signs the message whole).
  /// RSA is set to PKCS#1 v1.5 padding. Null with *error set to LibError of the failing call.
  template <typename Pkey, typename Md>
  static std::unique_ptr<EvpSignatureContext> Create(const Lib& lib, PkFamily family, Pkey* key,
                                                     const Md* md, bool prehashed, bool sign,
                                                     std::string* error) {
    auto ctx = std::unique_ptr<EvpSignatureContext>(new EvpSignatureContext(lib, prehashed));
    PkeyCtx* pkey_ctx = nullptr;
    if (prehashed) {
      ctx->pkey_ctx_.reset(lib.EVP_PKEY_CTX_new(key, nullptr));
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
      ctx->md_ctx_.reset(lib.EVP_MD_CTX_new());
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

  /// Signs `tbs`; *sig_len is the room at `sig` on entry (with `sig` null, the library returns
  /// the maximum). True on success.
  bool Sign(std::span<const uint8_t> tbs, uint8_t* sig, size_t* sig_len) const {
    return prehashed_
               ? lib_.EVP_PKEY_sign(pkey_ctx_.get(), sig, sig_len, NonNullData(tbs), tbs.size()) ==
                     1
               : lib_.EVP_DigestSign(md_ctx_.get(), sig, sig_len, NonNullData(tbs), tbs.size()) ==
                     1;
  }

  /// The library's verdict on `sig` over `tbs`: 1 valid, 0 invalid, negative an error (some
  /// libraries report malformed input so). Leaves the error queue as the library left it.
  int Verify(std::span<const uint8_t> sig, std::span<const uint8_t> tbs) const {
    return prehashed_ ? lib_.EVP_PKEY_verify(pkey_ctx_.get(), NonNullData(sig), sig.size(),
                                             NonNullData(tbs), tbs.size())
                      : lib_.EVP_DigestVerify(md_ctx_.get(), NonNullData(sig), sig.size(),
                                              NonNullData(tbs), tbs.size());
  }

  /// The name of the call Sign() and Verify() make, for error messages.
  const char* sign_call() const { return prehashed_ ? "EVP_PKEY_sign" : "EVP_DigestSign"; }
  const char* verify_call() const { return prehashed_ ? "EVP_PKEY_verify" : "EVP_DigestVerify"; }

 private:
  using PkeyCtx = std::remove_pointer_t<decltype(std::declval<const Lib&>().EVP_PKEY_CTX_new(
      nullptr, nullptr))>;
  using MdCtx = std::remove_pointer_t<decltype(std::declval<const Lib&>().EVP_MD_CTX_new())>;

  EvpSignatureContext(const Lib& lib, bool prehashed)
      : lib_(lib),
        prehashed_(prehashed),
        pkey_ctx_(nullptr, lib.EVP_PKEY_CTX_free),
        md_ctx_(nullptr, lib.EVP_MD_CTX_free) {}

  const Lib& lib_;
  bool prehashed_;
  std::unique_ptr<PkeyCtx, void (*)(PkeyCtx*)> pkey_ctx_;
  std::unique_ptr<MdCtx, void (*)(MdCtx*)> md_ctx_;  // owns the EVP_PKEY_CTX Digest*Init makes
};

/// True only if `ctx` finds `sig` valid over `tbs`; clears the error queue either way.
template <typename Lib>
bool EvpVerifies(const Lib& lib, const EvpSignatureContext<Lib>& ctx, std::span<const uint8_t> sig,
                 std::span<const uint8_t> tbs) {
  const bool ok = ctx.Verify(sig, tbs) == 1;
  lib.ERR_clear_error();
  return ok;
}

/// Signs `tbs` into *sig, sized by the library's own size query. False with *error set to
/// LibError of "<sign call> (size query)" or "<sign call>" on failure.
template <typename Lib>
bool EvpSignToVector(const Lib& lib, const EvpSignatureContext<Lib>& ctx,
                     std::span<const uint8_t> tbs, std::vector<uint8_t>* sig, std::string* error) {
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

/// The signature engine (signature_adapter.h) of a libcrypto backend: the timing key with one
/// context set up to sign and one to verify, and room for the largest signature (the library's
/// own size query). Sign() is EvpSignatureContext::Sign, failing with LibError of the sign call;
/// Verify() is `VerifyFn(lib, verifier, signature, tbs, error)` (true if valid, else false with
/// *error set: the backend's wording of a rejection, and its handling of the error queue),
/// called directly in the timed loop.
template <typename Lib, typename LibPtr, auto VerifyFn>
class EvpSignatureEngine {
 public:
  /// An engine for `key` (an owning pointer) of `family` with the digest `md` (null for Ed25519;
  /// `md_owner` keeps it alive, or is null for a library's static digest), prehashed or not as in
  /// EvpSignatureContext::Create; the buffer is sized by the size query on the timed input
  /// (kPublicKeyInputLen bytes of the kSignInputSeed pattern). Null with *error set on failure.
  template <typename Key, typename Md>
  static std::unique_ptr<EvpSignatureEngine> Make(LibPtr lib, PkFamily family, Key key,
                                                  const Md* md,
                                                  std::shared_ptr<const void> md_owner,
                                                  bool prehashed, std::string* error) {
    auto engine = std::unique_ptr<EvpSignatureEngine>(new EvpSignatureEngine(std::move(lib)));
    auto* key_ptr = key.get();
    engine->key_ = std::shared_ptr<void>(key.release(), key.get_deleter());
    engine->md_ = std::move(md_owner);
    const Lib& table = *engine->lib_;
    engine->sign_ =
        EvpSignatureContext<Lib>::Create(table, family, key_ptr, md, prehashed, true, error);
    engine->verify_ = engine->sign_ ? EvpSignatureContext<Lib>::Create(table, family, key_ptr, md,
                                                                       prehashed, false, error)
                                    : nullptr;
    if (!engine->verify_) {
      return nullptr;
    }
    const std::vector<uint8_t> probe = PatternBytes(kPublicKeyInputLen, kSignInputSeed);
    size_t max_len = 0;
    if (!engine->sign_->Sign(probe, nullptr, &max_len)) {
      *error = LibError(table, std::string(engine->sign_->sign_call()) + " (size query)");
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
    return VerifyFn(*lib_, *verify_, signature, tbs, error);
  }

 private:
  explicit EvpSignatureEngine(LibPtr lib) : lib_(std::move(lib)) {}

  LibPtr lib_;
  std::shared_ptr<void> key_;       // the key and digest outlive the contexts, which refer to
  std::shared_ptr<const void> md_;  // them: declared before them, freed after them
  std::unique_ptr<EvpSignatureContext<Lib>> sign_;
  std::unique_ptr<EvpSignatureContext<Lib>> verify_;
  AlignedBuffer sig_;
  size_t sig_len_ = 0;
};

}  // namespace cryptobench::backends
