// Hashes of the wolfSSL backend, through wolfCrypt's native API: wc_Hash* (MD5, SHA-1, SHA-2,
// SHA3-256) and wc_Blake2b*.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "backends/backend.h"

namespace cryptobench::backends::wolfssl {

/// True if this wolfSSL build offers the hash `alg`.
bool HashSupported(const AlgorithmInfo& alg);

/// KatTarget::Hash: a fresh context, one message.
std::string HashOneShot(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest);

/// Backend::Prepare for hashes: one digest per operation on a reused context (update then
/// final, which re-initialises wolfCrypt's SHA and MD5 contexts; BLAKE2b is re-initialised
/// explicitly). Checked: the digest equals a fresh context's over the input in two pieces.
std::unique_ptr<PreparedOperation> PrepareHash(const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, PrepareFailure* failure,
                                               std::string* error);

}  // namespace cryptobench::backends::wolfssl
