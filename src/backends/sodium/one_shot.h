// The libsodium backend's one-shot operations (KatTarget), for its KATs and the cross-backend
// comparison. Never timed.
#pragma once

#include <memory>

#include "backends/common/kat_target.h"

namespace cryptobench::backends::sodium {

/// KatTarget over libsodium (sodium_init() must have succeeded). Offers Cipher (ChaCha20),
/// Seal/Open (the three AEADs), Hash, Mac, Verify/Sign/SignRoundTrip (Ed25519) and Derive
/// (X25519); everything else answers kNotOffered.
std::unique_ptr<KatTarget> MakeOneShotTarget();

}  // namespace cryptobench::backends::sodium
