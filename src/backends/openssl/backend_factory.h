// Construction of the OpenSSL backend from an already loaded function table (internal: the
// public entry point is OpenOpensslBackend in openssl_backend.h).
#pragma once

#include <memory>

#include "backends/backend.h"
#include "backends/openssl/libcrypto.h"

namespace cryptobench::backends::openssl {

/// A Backend over `lib`. Tests use it to drive the 1.1.1 code paths with a table whose 3.x-only
/// entries were cleared.
std::unique_ptr<Backend> MakeOpensslBackend(LibcryptoPtr lib);

}  // namespace cryptobench::backends::openssl
