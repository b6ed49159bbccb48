// Which libsodium primitive serves a catalogue algorithm, and the libsodium calls shared by the
// one-shot (KAT) and the timed code: AEAD function tables, one-shot and multi-part hashes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#include "algorithms/catalog.h"

namespace cryptobench::backends::sodium {

/// The libsodium primitives the backend offers.
enum class Primitive {
  kNone,
  kChaCha20,           ///< crypto_stream_chacha20_ietf_xor_ic
  kChaCha20Poly1305,   ///< crypto_aead_chacha20poly1305_ietf_*
  kXChaCha20Poly1305,  ///< crypto_aead_xchacha20poly1305_ietf_*
  kAes256Gcm,          ///< crypto_aead_aes256gcm_* (AES-NI + PCLMULQDQ only)
  kSha256,             ///< crypto_hash_sha256
  kSha512,             ///< crypto_hash_sha512
  kBlake2b512,         ///< crypto_generichash_blake2b, 64-byte output, no key
  kHmacSha256,         ///< crypto_auth_hmacsha256_{init,update,final} (any key length)
  kPoly1305,           ///< crypto_onetimeauth_poly1305
  kEd25519,            ///< crypto_sign_ed25519_*
  kX25519,             ///< crypto_scalarmult_curve25519
};

/// The primitive behind `alg` (by canonical name and kind); kNone if libsodium lacks it.
Primitive PrimitiveOf(const AlgorithmInfo& alg);

/// libsodium's detached AEAD calls; the three AEADs share these signatures.
using AeadEncryptFn = int (*)(unsigned char* c, unsigned char* mac, unsigned long long* maclen_p,
                              const unsigned char* m, unsigned long long mlen,
                              const unsigned char* ad, unsigned long long adlen,
                              const unsigned char* nsec, const unsigned char* npub,
                              const unsigned char* k);
using AeadDecryptFn = int (*)(unsigned char* m, unsigned char* nsec, const unsigned char* c,
                              unsigned long long clen, const unsigned char* mac,
                              const unsigned char* ad, unsigned long long adlen,
                              const unsigned char* npub, const unsigned char* k);

/// Key, nonce and tag lengths (bytes) and the detached calls of one AEAD.
struct AeadFunctions {
  size_t key_len = 0;
  size_t nonce_len = 0;
  size_t tag_len = 0;
  AeadEncryptFn encrypt = nullptr;
  AeadDecryptFn decrypt = nullptr;
};

/// The AEAD table of `primitive`; nullptr if it is not an AEAD.
const AeadFunctions* AeadFunctionsFor(Primitive primitive);

/// Digest length in bytes of a hash primitive (32 or 64); 0 otherwise.
size_t DigestLength(Primitive primitive);

/// Hashes `pieces` in order with libsodium's multi-part API (init, update per piece, final)
/// into *digest. Returns "" or the failing call.
std::string HashPieces(Primitive primitive, std::initializer_list<std::span<const uint8_t>> pieces,
                       std::vector<uint8_t>* digest);

/// "" if `key`, `nonce` and `tag_len` fit the AEAD's fixed lengths, else one line naming the
/// mismatch (libsodium's AEADs take exactly these lengths and emit 16-byte tags only).
std::string CheckAeadShape(const AeadFunctions& aead, size_t key_len, size_t nonce_len,
                           size_t tag_len);

/// A pointer libsodium may read for `bytes` (never null, even when empty).
const unsigned char* DataOrEmpty(std::span<const uint8_t> bytes);

}  // namespace cryptobench::backends::sodium
