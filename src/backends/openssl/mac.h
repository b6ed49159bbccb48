// Message authentication codes: HMAC-SHA256, CMAC-AES-128 and Poly1305, through EVP_MAC (3.x)
// or the legacy HMAC_* / CMAC_* calls (1.1.1).
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/openssl/libcrypto.h"

namespace cryptobench::backends::openssl {

/// True if the library can compute the MAC: the underlying digest/cipher exists and so does
/// the API (EVP_MAC on 3.x; HMAC_*/CMAC_* on 1.1.1, where Poly1305 is reported unsupported).
bool MacSupported(const LibcryptoPtr& lib, const AlgorithmInfo& alg);

/// Why MacSupported(lib, alg) is false: the error of setting the MAC up (one line, e.g. "the
/// library has no API for Poly1305 (Poly1305 needs EVP_MAC, OpenSSL 3.0+)"); "" when supported.
std::string MacUnsupportedReason(const LibcryptoPtr& lib, const AlgorithmInfo& alg);

/// Prepares MACs of `input_len`-byte messages with the key set once. One operation: re-init
/// (same key), update over the message, final. Poly1305 is a one-time authenticator (RFC 8439
/// 2.5), so its key is set again in every operation. Checks that the timed context agrees with
/// a fresh one.
std::unique_ptr<PreparedOperation> PrepareMac(const LibcryptoPtr& lib, const AlgorithmInfo& alg,
                                              Operation op, size_t input_len,
                                              PrepareFailure* failure, std::string* error);

/// One-shot MAC of `message` under `key` with a fresh context (KatTarget::Mac): the full tag
/// (alg.tag_len bytes). Returns "" or the failing call.
std::string MacOneShot(const LibcryptoPtr& lib, const AlgorithmInfo& alg,
                       std::span<const uint8_t> key, std::span<const uint8_t> message,
                       std::vector<uint8_t>* tag);

}  // namespace cryptobench::backends::openssl
