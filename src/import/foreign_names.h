// Names printed by tools other than `openssl speed` (bssl speed, botan speed, cryptsetup
// benchmark), mapped to cryptobench's catalogue. A name matches only when it spells a canonical
// catalogue name ("AES-128/GCM" is AES-128-GCM, "SHA-3(256)" is SHA3-256); the catalogue's loose
// aliases are not used, because foreign tools print them with other meanings (Botan's
// "AES-128" is the bare block cipher, not AES-128-CBC). Unmatched names are kept verbatim.
#pragma once

#include <string>
#include <string_view>

#include "import/speed_names.h"

namespace cryptobench::import {

/// `name` lower-cased without '-', '_', ' ', '/', '.', '(' and ')': the spelling two names are
/// compared in ("HMAC(SHA-256)" and "HMAC-SHA256" both give "hmacsha256").
std::string NormaliseForeignName(std::string_view name);

/// The catalogue entry whose canonical name normalises like `name`, as a NamedAlgorithm with
/// the catalogue's kind; otherwise `name` verbatim with `fallback_kind` and catalogued false.
NamedAlgorithm MapForeignName(std::string_view name, std::string_view fallback_kind);

/// A kind for a name the catalogue does not know, from the operation it was timed with and
/// the name itself: "signature" (sign, verify, RSA), "key_agreement" (derive, DH, ECDH,
/// X25519), "kem" (encaps, decaps, ML-KEM), "aead" (seal/open, GCM, CCM, OCB, SIV, EAX,
/// Poly1305 AEADs), "hash", "mac", "rng", "kdf" (PBKDF2, scrypt, Argon2), "cipher", or "other"
/// when nothing tells.
std::string InferForeignKind(std::string_view name, std::string_view operation);

}  // namespace cryptobench::import
