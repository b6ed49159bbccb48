// The libsodium backend: libsodium's own APIs (crypto_aead_*, crypto_stream_chacha20_ietf_*,
// crypto_hash_*, crypto_generichash, crypto_auth_hmacsha256, crypto_onetimeauth_poly1305,
// crypto_sign_ed25519, crypto_scalarmult_curve25519), linked at build time.
#pragma once

#include <memory>
#include <string>

#include "backends/backend.h"

namespace cryptobench::backends {

/// The catalogue entries the libsodium backend does not bind (registry.h). AES-256-GCM is bound;
/// on a CPU without AES-NI and PCLMULQDQ UnsupportedReason() says why it is not offered.
inline constexpr DeclaredAbsence kSodiumAbsent[] = {
    {"AES-128-CBC", "libsodium's only AES is AES-256-GCM (crypto_aead_aes256gcm)"},
    {"AES-192-CBC", "libsodium's only AES is AES-256-GCM (crypto_aead_aes256gcm)"},
    {"AES-256-CBC", "libsodium's only AES is AES-256-GCM (crypto_aead_aes256gcm)"},
    {"AES-128-CTR", "libsodium's only AES is AES-256-GCM (crypto_aead_aes256gcm)"},
    {"AES-256-CTR", "libsodium's only AES is AES-256-GCM (crypto_aead_aes256gcm)"},
    {"AES-128-ECB", "libsodium's only AES is AES-256-GCM (crypto_aead_aes256gcm)"},
    {"AES-256-ECB", "libsodium's only AES is AES-256-GCM (crypto_aead_aes256gcm)"},
    {"AES-128-XTS", "libsodium's only AES is AES-256-GCM (crypto_aead_aes256gcm)"},
    {"AES-256-XTS", "libsodium's only AES is AES-256-GCM (crypto_aead_aes256gcm)"},
    {"DES-EDE3-CBC", "libsodium has no DES"},
    {"SM4-CBC", "libsodium has no SM4"},
    {"AES-128-GCM", "libsodium's only AES is AES-256-GCM (crypto_aead_aes256gcm)"},
    {"AES-128-CCM", "libsodium's only AES is AES-256-GCM (crypto_aead_aes256gcm)"},
    {"MD5", "libsodium's crypto_hash has only SHA-256 and SHA-512"},
    {"SHA-1", "libsodium's crypto_hash has only SHA-256 and SHA-512"},
    {"SHA-224", "libsodium's crypto_hash has only SHA-256 and SHA-512"},
    {"SHA-384", "libsodium's crypto_hash has only SHA-256 and SHA-512"},
    {"SHA3-256", "libsodium has no SHA-3"},
    {"CMAC-AES-128", "libsodium has no CMAC (and no AES block cipher API)"},
    {"RSA-2048", "libsodium has no RSA"},
    {"RSA-3072", "libsodium has no RSA"},
    {"RSA-4096", "libsodium has no RSA"},
    {"ECDSA-P256", "libsodium has no NIST curves (only Curve25519 and Ed25519)"},
    {"ECDSA-P384", "libsodium has no NIST curves (only Curve25519 and Ed25519)"},
    {"ECDH-P256", "libsodium has no NIST curves (only Curve25519 and Ed25519)"},
};

/// Opens libsodium (sodium_init). Offers ChaCha20 (the IETF variant: catalogue IV = 32-bit
/// little-endian block counter || 96-bit nonce), ChaCha20-Poly1305 (IETF), XChaCha20-Poly1305,
/// AES-256-GCM (only where crypto_aead_aes256gcm_is_available(): AES-NI and PCLMULQDQ),
/// SHA-256, SHA-512, BLAKE2b-512, HMAC-SHA256, Poly1305, Ed25519 and X25519. `library_path` is
/// ignored (the library is linked in). Throws UsageError when sodium_init() fails.
std::unique_ptr<Backend> OpenSodiumBackend(const std::string& library_path);

}  // namespace cryptobench::backends
