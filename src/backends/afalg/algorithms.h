// Which kernel algorithm serves each catalogue entry over AF_ALG, and how its IV is laid out.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "algorithms/catalog.h"
#include "backends/afalg/protocol.h"

namespace cryptobench::backends::afalg {

/// A kernel crypto API algorithm: the socket type and the name bind() takes.
struct KernelAlgorithm {
  AlgType type;
  std::string name;  ///< "cbc(aes)", "rfc7539(chacha20,poly1305)", "hmac(sha256)"
};

/// The kernel algorithm for `alg`: AES-CBC/CTR/ECB/XTS and DES-EDE3-CBC as skcipher templates
/// over "aes"/"des3_ede", ChaCha20 ("chacha20", IV = 32-bit little-endian counter || 96-bit
/// nonce, as OpenSSL's), AES-GCM, AES-CCM and ChaCha20-Poly1305 (RFC 7539 construction) as
/// aead, the hashes by their kernel names ("sha3-256", "blake2b-512"), HMAC-SHA256 and
/// CMAC-AES-128 as keyed hashes. Nullopt for public-key algorithms (not exposed by AF_ALG) and
/// Poly1305 (the kernel's "poly1305" shash takes its key inside the message, not as a key).
std::optional<KernelAlgorithm> KernelAlgorithmFor(const AlgorithmInfo& alg);

/// The IV the kernel takes for an AEAD nonce. CCM ("ccm(aes)", crypto/ccm.c) takes the 16-byte
/// counter block A_0 of RFC 3610 2.3: the flags byte L' = 14 - nonce length, the nonce, then
/// zeros; nonces of 7 to 13 bytes. GCM and ChaCha20-Poly1305 take the nonce as is. Empty if the
/// nonce length is not valid for CCM.
std::vector<uint8_t> AeadIv(const AlgorithmInfo& alg, std::span<const uint8_t> nonce);

}  // namespace cryptobench::backends::afalg
