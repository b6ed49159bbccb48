// The OpenSSL backend: any libcrypto build (1.1.1, 3.x) loaded by path with dlopen.
#pragma once

#include <memory>
#include <string>

#include "backends/backend.h"

namespace cryptobench::backends {

/// The catalogue entries the OpenSSL backend does not bind (registry.h).
inline constexpr DeclaredAbsence kOpensslAbsent[] = {
    {"XChaCha20-Poly1305",
     "not in OpenSSL 1.1.1 or 3.x (no EVP cipher; catalog.h leaves its openssl_name empty)"},
};

/// Soname loaded when no --lib is given: the libcrypto the system's `openssl` uses.
inline constexpr const char* kDefaultLibcrypto = "libcrypto.so.3";

/// Loads libcrypto from `path` (a file path, or a soname searched like dlopen does) with
/// RTLD_NOW | RTLD_LOCAL and resolves its function table. Throws UsageError with one line
/// naming the path and the reason: "cannot load PATH: <dlerror>" or "PATH is not a usable
/// libcrypto: missing symbol EVP_get_cipherbyname".
std::unique_ptr<Backend> OpenOpensslBackend(const std::string& path);

}  // namespace cryptobench::backends
