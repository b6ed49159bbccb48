// The Nettle backend: Nettle's symmetric primitives and Hogweed's public-key operations, linked
// at build time.
#pragma once

#include <memory>
#include <string>

#include "backends/backend.h"

namespace cryptobench::backends {

/// The catalogue entries the Nettle backend does not bind (registry.h).
inline constexpr DeclaredAbsence kNettleAbsent[] = {
    {"SM4-CBC", "not in Nettle 3.8 (no sm4.h)"},
    {"XChaCha20-Poly1305", "not in Nettle 3.8"},
    {"BLAKE2b-512", "not in Nettle 3.8"},
    {"Poly1305", "Nettle 3.8 exposes Poly1305 only as Poly1305-AES (poly1305.h)"},
};

/// Opens the Nettle backend (the library linked into this build; `library_path` is ignored).
/// Offers AES-CBC/CTR/ECB/XTS, DES-EDE3-CBC and ChaCha20; AES-GCM, AES-128-CCM and
/// ChaCha20-Poly1305; MD5, SHA-1, SHA-2 and SHA3-256; HMAC-SHA256 and CMAC-AES-128; RSA PKCS#1
/// v1.5 (SHA-256 digest), ECDSA P-256/P-384 and Ed25519 signatures; X25519 and ECDH P-256.
/// Nettle has no BLAKE2b and exposes Poly1305 only as Poly1305-AES, so both are unsupported.
/// Nettle's fat build picks AES-NI, PCLMUL and SHA-NI code at load time without saying which
/// through its API, so Implementation() is "". Never throws.
std::unique_ptr<Backend> OpenNettleBackend(const std::string& library_path);

}  // namespace cryptobench::backends
