// The AF_ALG backend: the Linux kernel crypto API through AF_ALG sockets (skcipher, aead, hash).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "backends/afalg/socket_api.h"
#include "backends/backend.h"

namespace cryptobench::backends {

/// The catalogue entries the AF_ALG backend does not bind (registry.h).
inline constexpr DeclaredAbsence kAfalgAbsent[] = {
    {"SM4-CBC", "not bound: afalg/algorithms.cc maps no kernel skcipher to it"},
    {"XChaCha20-Poly1305", "not bound: afalg/algorithms.cc maps no kernel AEAD to it"},
    {"Poly1305", "not bound: afalg/algorithms.cc maps no kernel hash to it"},
    {"RSA-2048", "AF_ALG has no public-key socket type (only skcipher, aead, hash and rng)"},
    {"RSA-3072", "AF_ALG has no public-key socket type (only skcipher, aead, hash and rng)"},
    {"RSA-4096", "AF_ALG has no public-key socket type (only skcipher, aead, hash and rng)"},
    {"ECDSA-P256", "AF_ALG has no public-key socket type (only skcipher, aead, hash and rng)"},
    {"ECDSA-P384", "AF_ALG has no public-key socket type (only skcipher, aead, hash and rng)"},
    {"Ed25519", "AF_ALG has no public-key socket type (only skcipher, aead, hash and rng)"},
    {"X25519", "AF_ALG has no public-key socket type (only skcipher, aead, hash and rng)"},
    {"ECDH-P256", "AF_ALG has no public-key socket type (only skcipher, aead, hash and rng)"},
};

/// Opens the kernel crypto API. `library_path` is ignored (nothing is loaded). Offers what the
/// running kernel binds: AES-CBC/CTR/ECB/XTS, DES-EDE3-CBC, ChaCha20, AES-GCM, AES-128-CCM,
/// ChaCha20-Poly1305, MD5, SHA-1, SHA-2, SHA3-256, BLAKE2b-512, HMAC-SHA256, CMAC-AES-128; no
/// public-key algorithms (AF_ALG has none) and no Poly1305. Implementation() is the driver the
/// kernel serves the algorithm with, from /proc/crypto. Throws UsageError with one line when
/// the kernel has no AF_ALG: "the kernel has no AF_ALG (socket: Address family not supported
/// by protocol)".
std::unique_ptr<Backend> OpenAfalgBackend(const std::string& library_path);

/// OpenAfalgBackend over an injected socket layer and /proc/crypto reader (tests use fakes).
/// Probes with one socket() call; throws UsageError as OpenAfalgBackend does.
std::unique_ptr<Backend> MakeAfalgBackend(std::shared_ptr<afalg::SocketApi> api,
                                          std::function<std::string()> read_proc_crypto);

}  // namespace cryptobench::backends
