// The GnuTLS backend: GnuTLS's crypto API (gnutls/crypto.h) and abstract keys (gnutls/abstract.h),
// linked at build time.
#pragma once

#include <memory>
#include <string>

#include "backends/backend.h"

namespace cryptobench::backends {

/// The catalogue entries the GnuTLS backend does not bind (registry.h).
inline constexpr DeclaredAbsence kGnutlsAbsent[] = {
    {"AES-128-CTR", "GnuTLS's public cipher API (gnutls_cipher_algorithm_t) has no AES-CTR"},
    {"AES-256-CTR", "GnuTLS's public cipher API (gnutls_cipher_algorithm_t) has no AES-CTR"},
    {"AES-128-ECB", "GnuTLS's public cipher API (gnutls_cipher_algorithm_t) has no AES-ECB"},
    {"AES-256-ECB", "GnuTLS's public cipher API (gnutls_cipher_algorithm_t) has no AES-ECB"},
    {"SM4-CBC", "GnuTLS 3.7's public cipher API (gnutls_cipher_algorithm_t) has no SM4"},
    {"XChaCha20-Poly1305", "GnuTLS 3.7 has no XChaCha20-Poly1305"},
    {"BLAKE2b-512", "GnuTLS's public hash API (gnutls_digest_algorithm_t) has no BLAKE2b"},
    {"Poly1305", "GnuTLS's public MAC API (gnutls_mac_algorithm_t) has no standalone Poly1305"},
    {"X25519", "GnuTLS 3.7's public API has no key agreement outside TLS"},
    {"ECDH-P256", "GnuTLS 3.7's public API has no key agreement outside TLS"},
};

/// Opens the GnuTLS backend (the library linked into this build; `library_path` is ignored).
/// Offers AES-128/192/256-CBC, AES-128/256-XTS, DES-EDE3-CBC and ChaCha20 (gnutls_cipher_*),
/// AES-128/256-GCM, AES-128-CCM and ChaCha20-Poly1305 (gnutls_aead_cipher_*), MD5, SHA-1,
/// SHA-224/256/384/512 and SHA3-256 (gnutls_hash_*), HMAC-SHA256 and CMAC-AES-128
/// (gnutls_hmac_*), and RSA PKCS#1 v1.5, ECDSA P-256/P-384 and Ed25519 signatures
/// (gnutls_privkey_* / gnutls_pubkey_*). GnuTLS's public API has no AES-CTR/ECB, BLAKE2b,
/// standalone Poly1305 or key agreement outside TLS: those are unsupported. GnuTLS does not
/// say which implementation it chose, so Implementation() is "". Throws UsageError if
/// gnutls_global_init fails.
std::unique_ptr<Backend> OpenGnutlsBackend(const std::string& library_path);

}  // namespace cryptobench::backends
