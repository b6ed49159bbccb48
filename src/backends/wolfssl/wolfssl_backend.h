// The wolfSSL backend: wolfSSL's wolfCrypt API (libwolfssl), linked at build time.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "backends/backend.h"

namespace cryptobench::backends {

/// The catalogue entries the wolfSSL backend does not bind (registry.h).
inline constexpr DeclaredAbsence kWolfsslAbsent[] = {
    {"SM4-CBC", "not in wolfSSL 5.5 (no wolfssl/wolfcrypt/sm4.h; Debian 12 ships 5.5.4)"},
    {"XChaCha20-Poly1305",
     "not bound yet: wolfCrypt has wc_XChaCha20Poly1305_* (HAVE_XCHACHA) but this backend has no "
     "binding for it"},
};

/// Opens the wolfSSL backend (`library_path` is ignored: the library is linked in); calls
/// wolfCrypt_Init. Offers what the library's build enables (wolfssl/options.h); Debian's 5.5
/// build: AES-CBC/CTR/ECB/XTS/GCM/CCM, DES-EDE3-CBC, ChaCha20(-Poly1305), MD5, SHA-1, SHA-2,
/// SHA3-256, BLAKE2b-512, HMAC-SHA256, CMAC-AES-128, Poly1305, RSA PKCS#1 v1.5, ECDSA P-256/
/// P-384, Ed25519, X25519 and ECDH-P256. Identity().version is wolfSSL_lib_version() at run
/// time; Implementation() reports the code the build compiled in (wolfssl/options.h), as
/// wolfCrypt does not report it at run time. Throws UsageError if wolfCrypt_Init fails.
std::unique_ptr<Backend> OpenWolfsslBackend(const std::string& library_path);

/// One line for `list --backends`: the wolfSSL version the build was compiled against.
extern const std::string_view kWolfsslBackendDescription;

}  // namespace cryptobench::backends
