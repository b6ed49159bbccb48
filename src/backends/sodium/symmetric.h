// The timed symmetric operations of the libsodium backend: ChaCha20, the AEADs, the hashes and
// the MACs. Each does per operation what the OpenSSL backend does (docs/methodology.md "What is
// timed"), with the same byte patterns for keys, nonces and inputs.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/sodium/primitives.h"

namespace cryptobench::backends::sodium {

/// ChaCha20 encrypt/decrypt of `input_len` bytes: one crypto_stream_chacha20_ietf_xor_ic per
/// operation, the block counter advancing so the keystream continues from one operation to the
/// next as on OpenSSL's reused context (restarting at 0 before it would pass 2^32 blocks, where
/// libsodium stops). Decrypt times the XOR over real ciphertext. Checks at this size that a fresh
/// call inverts the timed one.
std::unique_ptr<PreparedOperation> PrepareChaCha20(const AlgorithmInfo& alg, Operation op,
                                                   size_t input_len, PrepareFailure* failure,
                                                   std::string* error);

/// AEAD seal (kEncrypt) or open (kDecrypt) of one `input_len`-byte message per operation with
/// 13 bytes of AAD (a TLS record header, as OpenSSL's kTimedAadLen). Seal: a new nonce per
/// message (a counter in its last 8 bytes) and a detached 16-byte tag. Open: one fixed sealed
/// message whose tag is verified every time. AES-256-GCM runs on a state expanded once
/// (crypto_aead_aes256gcm_beforenm, the key schedule set once as on OpenSSL's context); the
/// ChaCha20 AEADs have no key schedule. Checks that open accepts what seal produced.
std::unique_ptr<PreparedOperation> PrepareAead(const AlgorithmInfo& alg, Primitive primitive,
                                               Operation op, size_t input_len,
                                               PrepareFailure* failure, std::string* error);

/// Hash of an `input_len`-byte message per operation (crypto_hash_sha256, crypto_hash_sha512,
/// crypto_generichash_blake2b one-shot); checks against the multi-part API fed two pieces.
std::unique_ptr<PreparedOperation> PrepareHash(const AlgorithmInfo& alg, Primitive primitive,
                                               Operation op, size_t input_len,
                                               PrepareFailure* failure, std::string* error);

/// MAC of an `input_len`-byte message per operation. HMAC-SHA256: the keyed state is computed
/// once and copied per message (OpenSSL's HMAC context likewise restarts from its stored keyed
/// state). Poly1305: crypto_onetimeauth_poly1305 with its one-time key every time, as OpenSSL
/// re-keys it. Checks against a fresh multi-part computation.
std::unique_ptr<PreparedOperation> PrepareMac(const AlgorithmInfo& alg, Primitive primitive,
                                              Operation op, size_t input_len,
                                              PrepareFailure* failure, std::string* error);

}  // namespace cryptobench::backends::sodium
