// The OpenSSL TLS backend: libssl and libcrypto loaded by path (openssl_libssl.h).
#pragma once

#include <memory>
#include <string>

#include "tls/library.h"
#include "tls/openssl_libssl.h"

namespace cryptobench::tls::openssl {

/// Loads libcrypto `libcrypto_path` ("" = libcrypto.so.3) and the libssl `libssl_path` ("" =
/// LibsslPathFor the libcrypto) and wraps them. Throws UsageError as LoadLibcrypto and
/// LoadLibssl do.
std::unique_ptr<TlsLibrary> OpenOpensslTls(const std::string& libcrypto_path,
                                           const std::string& libssl_path);

/// Wraps an already loaded libssl (tests clear its optional 3.x entries to drive the 1.1.1
/// paths).
std::unique_ptr<TlsLibrary> OpenOpensslTls(LibsslPtr lib);

}  // namespace cryptobench::tls::openssl
