// Hashes of the wolfSSL backend, through wolfCrypt's native API: wc_Hash* (MD5, SHA-1, SHA-2,
// SHA3-256) and wc_Blake2b*.
#pragma once

#include "backends/backend.h"
#include "backends/common/hash_mac_adapter.h"

namespace cryptobench::backends::wolfssl {

/// True if this wolfSSL build offers the hash `alg`.
bool HashSupported(const AlgorithmInfo& alg);

/// The hash entries (BindHash, hash_mac_adapter.h). hash: KatTarget::Hash, a fresh context,
/// one message. prepare_hash: Backend::Prepare for hashes: one digest per operation on a reused
/// context (update then final, which re-initialises wolfCrypt's SHA and MD5 contexts; BLAKE2b is
/// re-initialised explicitly). Checked: the digest equals a fresh context's over the input in two
/// pieces. An operation other than hash: NoSuchOperation (wolfssl_util.h).
HashMacEntries HashBinding();

}  // namespace cryptobench::backends::wolfssl
