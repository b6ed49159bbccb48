// MACs of the two libcrypto backends (OpenSSL: EVP_MAC, or HMAC_CTX and CMAC_CTX on 1.1.1;
// BoringSSL: HMAC_CTX, CMAC_CTX, CRYPTO_poly1305_*), whose final calls report the tag length they
// wrote: one keyed-context interface, the hash and MAC adapter's engine over it
// (hash_mac_adapter.h, produced_len), HMAC on HMAC_CTX, and the prepare step and one-shot that
// bind them. A backend supplies `new_mac(lib, alg, key, error)`, its MAC set-up: a LibcryptoMac
// keyed with `key`, or null with *error set (one line: the failing call, or that the library
// has no such MAC).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/common/buffers.h"
#include "backends/common/hash_mac_adapter.h"

namespace cryptobench::backends {

/// Room for a tag: larger than any tag of the catalogue's MACs (HMAC-SHA-512 would be 64 bytes).
inline constexpr size_t kLibcryptoMaxTagLen = 64;

/// One keyed MAC context of a libcrypto backend.
class LibcryptoMac {
 public:
  virtual ~LibcryptoMac() = default;

  /// Writes the tag of the `in_len` bytes at `in` to `out` (kLibcryptoMaxTagLen bytes of room)
  /// and its length to *out_len, then is ready for the next message with the same key. False
  /// with *error set (the failing call) on failure.
  virtual bool Compute(const uint8_t* in, size_t in_len, uint8_t* out, size_t* out_len,
                       std::string* error) = 0;
};

/// The Engine (hash_mac_adapter.h) over one LibcryptoMac: one Compute() per message, with the
/// tag length the library reported kept for the adapter's check.
class LibcryptoMacEngine {
 public:
  explicit LibcryptoMacEngine(std::unique_ptr<LibcryptoMac> mac) : mac_(std::move(mac)) {}

  size_t output_len() const { return kLibcryptoMaxTagLen; }
  size_t produced_len() const { return len_; }

  bool Compute(const uint8_t* in, size_t len, uint8_t* out, std::string* error) {
    return mac_->Compute(in, len, out, &len_, error);
  }

 private:
  std::unique_ptr<LibcryptoMac> mac_;
  size_t len_ = 0;
};

/// HMAC on a keyed HMAC_CTX of either library: HMAC_Init_ex with a null key and digest restarts
/// with the stored ones (hmac.h of OpenSSL 1.1.1 and of BoringSSL), then HMAC_Update and
/// HMAC_Final. `LibPtr` points to the function table; `CtxPtr` owns the HMAC_CTX; `md` keeps the
/// digest alive where the library's lookup returned an owned one (null for a static one). The
/// failing call is named by that backend's LibError (argument-dependent lookup).
template <typename LibPtr, typename CtxPtr>
class LibcryptoHmac final : public LibcryptoMac {
 public:
  LibcryptoHmac(LibPtr lib, std::shared_ptr<const void> md, CtxPtr ctx)
      : lib_(std::move(lib)), md_(std::move(md)), ctx_(std::move(ctx)) {}

  bool Compute(const uint8_t* in, size_t in_len, uint8_t* out, size_t* out_len,
               std::string* error) override {
    const auto& lib = *lib_;
    unsigned int len = 0;
    if (lib.HMAC_Init_ex(ctx_.get(), nullptr, 0, nullptr, nullptr) != 1) {
      *error = LibError(lib, "HMAC_Init_ex");
      return false;
    }
    if (lib.HMAC_Update(ctx_.get(), in, in_len) != 1) {
      *error = LibError(lib, "HMAC_Update");
      return false;
    }
    if (lib.HMAC_Final(ctx_.get(), out, &len) != 1) {
      *error = LibError(lib, "HMAC_Final");
      return false;
    }
    *out_len = len;
    return true;
  }

 private:
  LibPtr lib_;
  std::shared_ptr<const void> md_;
  CtxPtr ctx_;  // freed first
};

/// A backend's MAC set-up (see the file comment), given its library: `new_mac(lib, alg, key,
/// error)`.
template <typename LibPtr>
using LibcryptoMacSetUp = std::unique_ptr<LibcryptoMac> (*)(const LibPtr& lib,
                                                            const AlgorithmInfo& alg,
                                                            std::span<const uint8_t> key,
                                                            std::string* error);

/// The adapter's factory (HashMacEngineFactory's parameters and result) of LibcryptoMacEngine:
/// `new_mac` on `lib` (held by copy).
template <typename LibPtr>
auto LibcryptoMacFactory(LibcryptoMacSetUp<LibPtr> new_mac, LibPtr lib) {
  return
      [new_mac, lib](const AlgorithmInfo& alg, std::span<const uint8_t> key, std::string* error) {
        std::unique_ptr<LibcryptoMac> mac = new_mac(lib, alg, key, error);
        return mac ? std::make_unique<LibcryptoMacEngine>(std::move(mac)) : nullptr;
      };
}

/// Backend::Prepare for the MAC `alg` over `new_mac` on `lib`: PrepareNoSuchOperation unless `op`
/// is kMac, else PrepareHashMacWith checked against a freshly keyed context's tag
/// (MacReference), a wrong tag length named `length_noun`. Failures are those functions'.
template <typename LibPtr>
std::unique_ptr<PreparedOperation> PrepareLibcryptoMac(LibcryptoMacSetUp<LibPtr> new_mac,
                                                       const LibPtr& lib, const AlgorithmInfo& alg,
                                                       Operation op, size_t input_len,
                                                       PrepareFailure* failure, std::string* error,
                                                       std::string_view length_noun) {
  if (op != Operation::kMac) {
    return PrepareNoSuchOperation(alg, op, failure, error);
  }
  const auto make = LibcryptoMacFactory(new_mac, lib);
  return PrepareHashMacWith<LibcryptoMacEngine>(make, MacReference<LibcryptoMacEngine>(make, alg),
                                                alg, input_len, failure, error, length_noun);
}

/// KatTarget::Mac over `new_mac` on `lib`: the tag of `message` under `key` from a fresh
/// context (HashMacOneShot). Returns "" or the set-up's or Compute()'s error.
template <typename LibPtr>
std::string LibcryptoMacOneShot(LibcryptoMacSetUp<LibPtr> new_mac, const LibPtr& lib,
                                const AlgorithmInfo& alg, std::span<const uint8_t> key,
                                const Bytes& message, Bytes* tag) {
  return HashMacOneShot<LibcryptoMacEngine>(LibcryptoMacFactory(new_mac, lib), alg, key, message,
                                            tag);
}

}  // namespace cryptobench::backends
