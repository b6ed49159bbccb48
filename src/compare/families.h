// Algorithm families and groups for attribution: which algorithms share a code path, so that a
// pattern ("every AES mode is slower, SHA is not") can be read off the rows.
#pragma once

#include <string>
#include <string_view>

namespace cryptobench::compare {

/// Where an algorithm belongs.
struct FamilyInfo {
  /// Algorithms with the same code path at the level a summary talks about: AES by mode
  /// ("AES-CBC", "AES-GCM", "CMAC-AES"), "SHA-1", "SHA-2", "SHA-3", "HMAC", "ChaCha20",
  /// "ChaCha20-Poly1305", "Poly1305", "RSA", "ECDSA", "ECDH", "X25519", "Ed25519", ...
  std::string family;
  /// Families whose speed comes from the same kind of assembly: "AES", "SHA", "ChaCha20/Poly1305",
  /// "EC", "RSA", "DES", "MD5", "BLAKE2"; unknown names form a group of their own.
  std::string group;
};

/// The family and group of a catalogue name ("AES-128-GCM") or of an imported name kept
/// verbatim ("rsa 1024 bits", "256 bits ecdsa (brainpoolP256r1)"); matching is case-insensitive.
/// HMAC-X joins the group of X (its cost is X's), CMAC-AES the AES group.
FamilyInfo FamilyOf(std::string_view algorithm);

/// The arithmetic a public-key algorithm's name says it runs, which each of its operations
/// (key generation, agreement, signing, verifying) shares: the curve ("P-384" for "ECDSA-P384",
/// wolfCrypt's "ECDHE SECP384R1 384" and openssl speed's "384 bits ecdsa (nistp384)";
/// "Curve25519" for X25519 and Ed25519, "Curve448" for X448 and Ed448, "brainpoolP256r1"),
/// "bignum" for RSA, DSA and finite-field DH (one Montgomery multiplication whatever the
/// modulus), a post-quantum family's name ("ML-KEM") for its own arithmetic; "" when the name
/// names no curve (wolfCrypt 4.x's "ECDSA 256") or no public-key algorithm.
std::string ArithmeticOf(std::string_view algorithm);

/// How a summary names a group when every family of it behaves alike: "AES-*", "SHA-*", or the
/// group name itself ("RSA", "ChaCha20/Poly1305").
std::string GroupDisplayName(std::string_view group);

}  // namespace cryptobench::compare
