// The Mbed TLS backend: Mbed TLS 2.x's libmbedcrypto, linked at build time.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "backends/backend.h"

namespace cryptobench::backends {

/// The catalogue entries the Mbed TLS backend does not bind (registry.h).
inline constexpr DeclaredAbsence kMbedtlsAbsent[] = {
    {"SM4-CBC", "not in Mbed TLS 2.x (no SM4 module)"},
    {"XChaCha20-Poly1305",
     "not in Mbed TLS 2.x (its ChaCha20-Poly1305 takes a 12-byte nonce only)"},
    {"SHA3-256", "not in Mbed TLS 2.x (no SHA-3 module)"},
    {"BLAKE2b-512", "not in Mbed TLS 2.x (no BLAKE2)"},
    {"Ed25519", "not in Mbed TLS 2.x (no EdDSA)"},
};

/// Opens the Mbed TLS backend (`library_path` is ignored: the library is linked in). It offers
/// AES-CBC/CTR/ECB/XTS, DES-EDE3-CBC, ChaCha20, AES-GCM, AES-CCM, ChaCha20-Poly1305, MD5, SHA-1,
/// SHA-2, HMAC-SHA256, CMAC-AES-128, Poly1305, RSA PKCS#1 v1.5 and ECDSA signatures, ECDH-P256
/// and X25519; not SHA-3, BLAKE2b or Ed25519, which Mbed TLS 2.x lacks. Identity().version is
/// mbedtls_version_get_string_full(); Implementation() of AES algorithms says whether Mbed TLS
/// chose its AES-NI code at run time.
std::unique_ptr<Backend> OpenMbedtlsBackend(const std::string& library_path);

/// One line for `list --backends`: the Mbed TLS version the build was compiled against.
extern const std::string_view kMbedtlsBackendDescription;

}  // namespace cryptobench::backends
