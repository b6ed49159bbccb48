// The OpenSSL backend's one-shot operations (KatTarget): what its KATs run through the shared
// driver, and what the cross-backend test takes as the reference output.
#pragma once

#include <memory>

#include "backends/common/kat_target.h"
#include "backends/openssl/libcrypto.h"

namespace cryptobench::backends::openssl {

/// KatTarget over a loaded libcrypto: every method uses fresh contexts (never the timed ones),
/// clears libcrypto's error queue, and catches exceptions into its one-line result.
std::unique_ptr<KatTarget> MakeOneShotTarget(LibcryptoPtr lib);

}  // namespace cryptobench::backends::openssl
