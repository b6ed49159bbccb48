// Hashes and MACs of the Mbed TLS backend: mbedtls_md (MD5, SHA-1, SHA-2; Mbed TLS 2.x has no
// SHA-3 or BLAKE2), HMAC through mbedtls_md_hmac_*, CMAC through mbedtls_cipher_cmac_*, and
// Poly1305 through mbedtls_poly1305_mac.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "backends/backend.h"

namespace cryptobench::backends::mbedtls {

/// True if this Mbed TLS build offers `alg`, a hash or MAC.
bool HashMacSupported(const AlgorithmInfo& alg);

/// KatTarget::Hash: mbedtls_md over `message`.
std::string HashOneShot(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest);

/// KatTarget::Mac: a freshly keyed context, one message.
std::string MacOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                       Bytes* tag);

/// Backend::Prepare for hashes: one mbedtls_md call per operation. Checked: the digest equals
/// the one a streaming context computes over the input in two pieces.
std::unique_ptr<PreparedOperation> PrepareHash(const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, PrepareFailure* failure,
                                               std::string* error);

/// Backend::Prepare for MACs: one MAC per operation on a context keyed once and restarted with
/// its key (HMAC, CMAC); Poly1305 takes its one-time key with every message. Checked: the tag
/// equals a freshly keyed context's.
std::unique_ptr<PreparedOperation> PrepareMac(const AlgorithmInfo& alg, Operation op,
                                              size_t input_len, PrepareFailure* failure,
                                              std::string* error);

}  // namespace cryptobench::backends::mbedtls
