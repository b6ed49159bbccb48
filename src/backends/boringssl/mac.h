// BoringSSL MACs: HMAC-SHA256 (HMAC_CTX), CMAC-AES-128 (CMAC_CTX) and Poly1305
// (CRYPTO_poly1305_*).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/boringssl/libcrypto.h"

namespace cryptobench::backends::boringssl {

/// True for HMAC-SHA256, CMAC-AES-128 and Poly1305.
bool MacSupported(const Libcrypto& lib, const AlgorithmInfo& alg);

/// Prepares one MAC of `input_len` bytes per operation, as OpenSSL's backend times it: HMAC and
/// CMAC keep their keyed context and restart it (HMAC_Init_ex with a null key and digest;
/// CMAC_Reset), then update and final; Poly1305 is a one-time-key MAC, so each message is
/// CRYPTO_poly1305_init with the key, update, finish. Checks the tag against a fresh context.
std::unique_ptr<PreparedOperation> PrepareMac(const LibPtr& lib, const AlgorithmInfo& alg,
                                              Operation op, size_t input_len,
                                              PrepareFailure* failure, std::string* error);

/// KatTarget::Mac with a freshly keyed context; *tag has the MAC's full length.
std::string MacOneShot(const LibPtr& lib, const AlgorithmInfo& alg, const Bytes& key,
                       const Bytes& message, Bytes* tag);

}  // namespace cryptobench::backends::boringssl
