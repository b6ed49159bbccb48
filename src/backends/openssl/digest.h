// Message digests (hashes) through EVP_Digest*.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/openssl/libcrypto.h"

namespace cryptobench::backends::openssl {

/// True if the library provides the digest.
bool DigestSupported(const Libcrypto& lib, const AlgorithmInfo& alg);

/// Prepares hashing of `input_len`-byte messages: one operation is EVP_DigestInit_ex,
/// EVP_DigestUpdate over the message and EVP_DigestFinal_ex, on one reused EVP_MD_CTX. Checks
/// that the timed context agrees with a fresh one fed the message in two pieces.
std::unique_ptr<PreparedOperation> PrepareDigest(const LibcryptoPtr& lib, const AlgorithmInfo& alg,
                                                 Operation op, size_t input_len,
                                                 PrepareFailure* failure, std::string* error);

/// One-shot digest of `message` with a fresh context (KatTarget::Hash). Returns "" or the
/// failing call.
std::string DigestOneShot(const Libcrypto& lib, const AlgorithmInfo& alg,
                          std::span<const uint8_t> message, std::vector<uint8_t>* digest);

}  // namespace cryptobench::backends::openssl
