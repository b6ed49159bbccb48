// Hashes and MACs of the Mbed TLS backend: mbedtls_md (MD5, SHA-1, SHA-2; Mbed TLS 2.x has no
// SHA-3 or BLAKE2), HMAC through mbedtls_md_hmac_*, CMAC through mbedtls_cipher_cmac_*, and
// Poly1305 through mbedtls_poly1305_mac.
#pragma once

#include "backends/backend.h"
#include "backends/common/hash_mac_adapter.h"

namespace cryptobench::backends::mbedtls {

/// True if this Mbed TLS build offers `alg`, a hash or MAC.
bool HashMacSupported(const AlgorithmInfo& alg);

/// The hash entries (BindHash, hash_mac_adapter.h). hash: KatTarget::Hash, mbedtls_md over
/// `message`. prepare_hash: Backend::Prepare for hashes: one mbedtls_md call per operation.
/// Checked: the digest equals the one a streaming context computes over the input in two pieces.
/// An operation other than hash: NoSuchOperation (mbedtls_util.h).
HashMacEntries HashBinding();

/// The MAC entries (BindMac, hash_mac_adapter.h). mac: KatTarget::Mac, a freshly keyed context,
/// one message. prepare_mac: Backend::Prepare for MACs: one MAC per operation on a context keyed
/// once and restarted with its key (HMAC, CMAC); Poly1305 takes its one-time key with every
/// message. Checked: the tag equals a freshly keyed context's. An operation other than mac:
/// NoSuchOperation (mbedtls_util.h).
HashMacEntries MacBinding();

}  // namespace cryptobench::backends::mbedtls
