// Per-family KAT tables, joined by kat.cc into the one table that kat.h exposes. Private to
// src/algorithms/.
#pragma once

#include <span>
#include <string_view>

#include "algorithms/kat.h"

namespace cryptobench::kat_internal {

/// RFC 8439 section 2.4.2 plaintext, "Ladies and Gentlemen of the class of '99: ..." (114 bytes,
/// hex); the AEAD example of section 2.8.2 encrypts it too.
inline constexpr std::string_view kRfc8439Sunscreen =
    "4c616469657320616e642047656e746c656d656e206f662074686520636c6173"
    "73206f66202739393a204966204920636f756c64206f6666657220796f75206f"
    "6e6c79206f6e652074697020666f7220746865206675747572652c2073756e73"
    "637265656e20776f756c642062652069742e";

/// Unauthenticated ciphers (kat_cipher.cc).
std::span<const KatVector> CipherVectors();
/// AEADs (kat_aead.cc).
std::span<const KatVector> AeadVectors();
/// Hashes and MACs (kat_hash_mac.cc).
std::span<const KatVector> HashMacVectors();
/// Signatures and key agreement (kat_public_key.cc).
std::span<const KatVector> PublicKeyVectors();

}  // namespace cryptobench::kat_internal
