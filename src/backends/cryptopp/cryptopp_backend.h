// The Crypto++ backend: Crypto++ (libcrypto++), linked at build time.
#pragma once

#include <memory>
#include <string>

#include "backends/backend.h"

namespace cryptobench::backends {

/// Opens the Crypto++ backend (`library_path` is ignored: the library is linked in). It offers:
/// AES-128/192/256-CBC, AES-CTR, AES-ECB, AES-XTS, 3DES-CBC and SM4-CBC (CBC_Mode, CTR_Mode,
/// ECB_Mode, XTS_Mode), ChaCha20 (ChaChaTLS, RFC 8439), AES-GCM, AES-CCM and ChaCha20-Poly1305
/// (AuthenticatedSymmetricCipher), MD5, SHA-1, SHA-2, SHA3-256 and BLAKE2b-512, HMAC-SHA256,
/// CMAC-AES-128 and Poly1305 (Poly1305TLS), RSA PKCS#1 v1.5 and ECDSA over a precomputed SHA-256
/// digest (through a pass-through hash, so the same operation as OpenSSL's EVP_PKEY_sign),
/// Ed25519, X25519 and ECDH-P256. Implementation(alg) is the object's AlgorithmProvider(), e.g.
/// "AESNI", "SHANI", "AVX2", "C++". Crypto++ detects CPU features once at start and has no
/// switch to mask them. Never throws.
std::unique_ptr<Backend> OpenCryptoppBackend(const std::string& library_path);

}  // namespace cryptobench::backends
