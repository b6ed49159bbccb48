// Hashes and MACs of the wolfSSL backend, through wolfCrypt's native API: wc_Hash* (MD5, SHA-1,
// SHA-2, SHA3-256), wc_Blake2b*, wc_Hmac*, wc_Cmac* and wc_Poly1305*.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "backends/backend.h"

namespace cryptobench::backends::wolfssl {

/// True if this wolfSSL build offers `alg`, a hash or MAC.
bool HashMacSupported(const AlgorithmInfo& alg);

/// KatTarget::Hash: a fresh context, one message.
std::string HashOneShot(const AlgorithmInfo& alg, const Bytes& message, Bytes* digest);

/// KatTarget::Mac: a freshly keyed context, one message.
std::string MacOneShot(const AlgorithmInfo& alg, const Bytes& key, const Bytes& message,
                       Bytes* tag);

/// Backend::Prepare for hashes: one digest per operation on a reused context (update then
/// final, which re-initialises wolfCrypt's SHA and MD5 contexts; BLAKE2b is re-initialised
/// explicitly). Checked: the digest equals a fresh context's over the input in two pieces.
std::unique_ptr<PreparedOperation> PrepareHash(const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, bool corrupt,
                                               PrepareFailure* failure, std::string* error);

/// Backend::Prepare for MACs: one MAC per operation. HMAC reuses its keyed context (wc_HmacFinal
/// leaves the key in place); CMAC restores a copy of its keyed state, as wolfCrypt 5.5 has no
/// CMAC restart and wc_CmacFinal wipes the context; Poly1305 takes its one-time key with every
/// message. Checked: the tag equals a freshly keyed context's.
std::unique_ptr<PreparedOperation> PrepareMac(const AlgorithmInfo& alg, Operation op,
                                              size_t input_len, bool corrupt,
                                              PrepareFailure* failure, std::string* error);

}  // namespace cryptobench::backends::wolfssl
