// The BoringSSL backend: Google's libcrypto as Debian ships it for the Android SDK
// (android-libboringssl), loaded by path with dlopen like OpenSSL's.
#pragma once

#include <memory>
#include <string>

#include "backends/backend.h"

namespace cryptobench::backends {

/// The catalogue entries the BoringSSL backend does not bind (registry.h).
inline constexpr DeclaredAbsence kBoringsslAbsent[] = {
    {"AES-128-XTS",
     "XTS is not in BoringSSL's libcrypto, only in its decrepit library, which Debian does not "
     "ship"},
    {"AES-256-XTS",
     "XTS is not in BoringSSL's libcrypto, only in its decrepit library, which Debian does not "
     "ship"},
    {"SM4-CBC", "BoringSSL has no SM4"},
    {"AES-128-CCM",
     "BoringSSL's only CCM AEADs are the Bluetooth profiles (13-byte nonce, 4- or 8-byte tag)"},
    {"SHA3-256", "BoringSSL has no SHA-3"},
    {"BLAKE2b-512", "BoringSSL has BLAKE2b only as BLAKE2b-256"},
};

/// Opens BoringSSL's libcrypto at `library_path`, or, when it is empty, the first of
/// boringssl::DefaultLibrarySearchPath() that exists (on Debian amd64
/// /usr/lib/x86_64-linux-gnu/android/libcrypto.so). Loaded with RTLD_NOW | RTLD_LOCAL: its
/// exported names are OpenSSL's, so it must not meet another libcrypto in the global symbol
/// scope (the worker opens one backend per process; the open refuses if one is there).
///
/// Offers AES-128/192/256-CBC, AES-128/256-CTR, AES-128/256-ECB, DES-EDE3-CBC (EVP_CIPHER,
/// timed by the same code as the OpenSSL backend), ChaCha20 (CRYPTO_chacha_20), AES-128/256-GCM
/// and ChaCha20-Poly1305 (EVP_AEAD, as `bssl speed` times them), MD5, SHA-1, SHA-224/256/384/512
/// (EVP_MD, timed by OpenSSL's backend code), HMAC-SHA256, CMAC-AES-128, Poly1305, RSA-2048/
/// 3072/4096 and ECDSA P-256/P-384 (over a SHA-256 digest), Ed25519, X25519 and ECDH P-256.
/// Lacks AES-XTS, AES-CCM (only Bluetooth profiles), SHA3-256 and BLAKE2b-512.
///
/// Throws UsageError with one line: "BoringSSL not found: ...", "cannot load PATH: ...", "PATH
/// is not BoringSSL: ...", "PATH is not a usable BoringSSL: missing symbol NAME", or "cannot use
/// BoringSSL from PATH: a libcrypto is already in this process's global symbol scope ...".
std::unique_ptr<Backend> OpenBoringsslBackend(const std::string& library_path);

}  // namespace cryptobench::backends
