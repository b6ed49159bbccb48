// The inputs every backend times on, in one place (issue 18): the seeds of the deterministic byte
// patterns (PatternBytes and FillPattern, common/buffers.h) and the AAD length of a timed AEAD
// message, so that every library processes the same keys, IVs, nonces, messages and AAD, and a
// change reaches every backend at once.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cryptobench::backends {

inline constexpr uint8_t kKeySeed = 1;        ///< symmetric keys: cipher, AEAD and MAC
inline constexpr uint8_t kIvSeed = 2;         ///< cipher IVs
inline constexpr uint8_t kNonceSeed = 2;      ///< AEAD nonces (the IV pattern)
inline constexpr uint8_t kPlaintextSeed = 3;  ///< cipher and AEAD plaintexts
inline constexpr uint8_t kMessageSeed = 3;    ///< the message of hashes and MACs (the same pattern)
inline constexpr uint8_t kAadSeed = 4;        ///< AEAD associated data
/// The 32-byte input of a public-key operation: the digest signed by RSA and ECDSA, the message
/// signed by Ed25519 (algorithms/catalog.h, kPublicKeyInputLen).
inline constexpr uint8_t kSignInputSeed = 5;
/// A private key's bytes where no timing key is at hand (algorithms/timing_keys.cc).
inline constexpr uint8_t kFallbackKeySeed = 0x51;
/// The peer's private scalar in a timed key agreement.
inline constexpr uint8_t kSecondKeySeed = 0x52;

/// Bytes of associated data per timed AEAD message: a TLS 1.2 record header, as `openssl speed
/// -aead` uses (apps/speed.c, 13-byte AAD).
inline constexpr size_t kTimedAadLen = 13;

}  // namespace cryptobench::backends
