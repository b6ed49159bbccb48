// EVP_PKEY_derive for the two libcrypto backends (OpenSSL, BoringSSL), whose function tables
// (openssl/libcrypto.h, boringssl/libcrypto.h) name the same calls: the derive context, the
// one-shot derive of the KATs and the side of a timed exchange bound to the key-agreement
// adapter (key_agreement_adapter.h). Templates over the function table type `Lib`; the failing
// call is described by that backend's LibError(lib, call) (found by argument-dependent lookup),
// which also clears the library's error queue.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace cryptobench::backends {

/// An EVP_PKEY_CTX of `Lib`, freed by its EVP_PKEY_CTX_free.
template <typename Ctx>
using EvpDeriveContext = std::unique_ptr<Ctx, void (*)(Ctx*)>;

/// A derive context of `own` with `peer` set (only the peer's public half is read); null with
/// *error set to LibError of EVP_PKEY_derive_init or EVP_PKEY_derive_set_peer on failure.
template <typename Lib, typename Pkey>
auto NewEvpDeriveContext(const Lib& lib, Pkey* own, Pkey* peer, std::string* error) {
  EvpDeriveContext<std::remove_pointer_t<decltype(lib.EVP_PKEY_CTX_new(own, nullptr))>> ctx(
      lib.EVP_PKEY_CTX_new(own, nullptr), lib.EVP_PKEY_CTX_free);
  if (!ctx || lib.EVP_PKEY_derive_init(ctx.get()) != 1) {
    *error = LibError(lib, "EVP_PKEY_derive_init");
    ctx.reset();
  } else if (lib.EVP_PKEY_derive_set_peer(ctx.get(), peer) != 1) {
    *error = LibError(lib, "EVP_PKEY_derive_set_peer");
    ctx.reset();
  }
  return ctx;
}

/// The bytes of the secret `ctx` derives (EVP_PKEY_derive's size query): 0 with *error set on
/// failure, or when the library says 0.
template <typename Lib, typename Ctx>
size_t EvpSecretLength(const Lib& lib, Ctx* ctx, std::string* error) {
  size_t len = 0;
  if (lib.EVP_PKEY_derive(ctx, nullptr, &len) != 1) {
    *error = LibError(lib, "EVP_PKEY_derive (size query)");
    return 0;
  }
  if (len == 0) {
    *error = "EVP_PKEY_derive (size query): the shared secret is empty";
  }
  return len;
}

/// The secret of `own` with `peer` into *secret (sized by the size query). Returns "" or the
/// failing call.
template <typename Lib, typename Pkey>
std::string EvpDeriveOneShot(const Lib& lib, Pkey* own, Pkey* peer, std::vector<uint8_t>* secret) {
  std::string error;
  auto ctx = NewEvpDeriveContext(lib, own, peer, &error);
  const size_t room = ctx ? EvpSecretLength(lib, ctx.get(), &error) : 0;
  if (room == 0) {
    return error;
  }
  secret->assign(room, 0);
  size_t len = room;
  if (lib.EVP_PKEY_derive(ctx.get(), secret->data(), &len) != 1) {
    return LibError(lib, "EVP_PKEY_derive");
  }
  secret->resize(len);
  return "";
}

/// One side of a timed exchange, the engine of the key-agreement adapter: a derive context set
/// up once, one EVP_PKEY_derive per Derive(). `Keys` holds both sides' keys (shared by the two
/// sides, freed after the last context).
template <typename LibPtr, typename Ctx>
class EvpDeriveSide {
 public:
  EvpDeriveSide(LibPtr lib, std::shared_ptr<const void> keys, EvpDeriveContext<Ctx> ctx,
                size_t secret_len)
      : lib_(std::move(lib)), keys_(std::move(keys)), ctx_(std::move(ctx)), len_(secret_len) {}

  size_t secret_len() const { return len_; }

  /// The secret into `out` (secret_len() bytes); false with LibError, or the length the library
  /// wrote when it is not secret_len().
  bool Derive(uint8_t* out, std::string* error) {
    size_t len = len_;
    if (lib_->EVP_PKEY_derive(ctx_.get(), out, &len) != 1) {
      *error = LibError(*lib_, "EVP_PKEY_derive");
      return false;
    }
    if (len != len_) {
      *error = "EVP_PKEY_derive wrote " + std::to_string(len) + " bytes, expected " +
               std::to_string(len_);
      return false;
    }
    return true;
  }

 private:
  LibPtr lib_;
  std::shared_ptr<const void> keys_;  // declared before ctx_: outlives it
  EvpDeriveContext<Ctx> ctx_;
  size_t len_;
};

/// The factory of both sides for the key-agreement adapter (KeyAgreementSidesFactory): `own`
/// (the timing key) deriving with `peer`'s public half, and `peer` with ours. Returns "" or the
/// failing call.
template <typename Side, typename LibPtr, typename PkeyPtr>
std::string EvpDeriveSides(const LibPtr& lib, PkeyPtr own, PkeyPtr peer,
                           std::unique_ptr<Side>* ours, std::unique_ptr<Side>* theirs) {
  auto keys = std::make_shared<std::pair<PkeyPtr, PkeyPtr>>(std::move(own), std::move(peer));
  for (const bool timed : {true, false}) {
    auto* a = timed ? keys->first.get() : keys->second.get();
    auto* b = timed ? keys->second.get() : keys->first.get();
    std::string error;
    auto ctx = NewEvpDeriveContext(*lib, a, b, &error);
    const size_t len = ctx ? EvpSecretLength(*lib, ctx.get(), &error) : 0;
    if (len == 0) {
      return error;
    }
    (timed ? *ours : *theirs) = std::make_unique<Side>(lib, keys, std::move(ctx), len);
  }
  return "";
}

}  // namespace cryptobench::backends
