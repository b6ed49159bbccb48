// The libsodium backend: libsodium's own APIs (crypto_aead_*, crypto_stream_chacha20_ietf_*,
// crypto_hash_*, crypto_generichash, crypto_auth_hmacsha256, crypto_onetimeauth_poly1305,
// crypto_sign_ed25519, crypto_scalarmult_curve25519), linked at build time.
#pragma once

#include <memory>
#include <string>

#include "backends/backend.h"

namespace cryptobench::backends {

/// Opens libsodium (sodium_init). Offers ChaCha20 (the IETF variant: catalogue IV = 32-bit
/// little-endian block counter || 96-bit nonce), ChaCha20-Poly1305 (IETF), XChaCha20-Poly1305,
/// AES-256-GCM (only where crypto_aead_aes256gcm_is_available(): AES-NI and PCLMULQDQ),
/// SHA-256, SHA-512, BLAKE2b-512, HMAC-SHA256, Poly1305, Ed25519 and X25519. `library_path` is
/// ignored (the library is linked in). Throws UsageError when sodium_init() fails.
std::unique_ptr<Backend> OpenSodiumBackend(const std::string& library_path);

}  // namespace cryptobench::backends
