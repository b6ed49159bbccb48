// Ed25519 signatures and X25519 key agreement through libsodium: the timed operations and the
// keys they use.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/catalog.h"
#include "backends/backend.h"

namespace cryptobench::backends::sodium {

/// The 32-byte private key (Ed25519 seed, X25519 scalar) `alg` is timed with: the private key of
/// its first KAT vector (RFC 8032 7.1 TEST 1, RFC 7748 6.1), as the OpenSSL backend uses.
std::vector<uint8_t> TimingPrivateKey(const AlgorithmInfo& alg);

/// Prepares Ed25519 sign (crypto_sign_ed25519_detached with the 64-byte secret key expanded
/// once by crypto_sign_ed25519_seed_keypair) or verify (crypto_sign_ed25519_verify_detached) of
/// a fixed 32-byte message; checks that verify accepts what sign produced (PrepareSignatureWith,
/// common/signature_adapter.h).
std::unique_ptr<PreparedOperation> PrepareEd25519(Operation op, PrepareFailure* failure,
                                                  std::string* error);

/// Prepares X25519 derive: one crypto_scalarmult_curve25519 of the timing scalar with a second
/// key's public u-coordinate; checks that the other side derives the same secret
/// (PrepareKeyAgreementWith, common/key_agreement_adapter.h).
std::unique_ptr<PreparedOperation> PrepareX25519(Operation op, PrepareFailure* failure,
                                                 std::string* error);

/// Signs a fixed 32-byte message with the Ed25519 timing key, verifies it, and checks that a
/// signature with one bit flipped is rejected. "" if both hold (KatTarget::SignRoundTrip).
std::string Ed25519RoundTrip();

}  // namespace cryptobench::backends::sodium
