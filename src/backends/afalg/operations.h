// Timed AF_ALG operations. Each operation is what a program using the kernel crypto API does
// per message on a socket set up once: sendmsg() the input, read() the output; the kernel does
// the work inside those system calls (or hands it to an async driver), so it lands in system
// CPU time or in no CPU time of this process at all, and wall-clock time is the honest figure.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "algorithms/catalog.h"
#include "backends/afalg/socket_api.h"
#include "backends/backend.h"

namespace cryptobench::backends::afalg {

/// skcipher: the transform is keyed once and one operation socket is accepted; the first request
/// sets ALG_SET_OP and ALG_SET_IV, later ones send only the input, so the IV continues in the
/// kernel (CBC chaining value, CTR counter) like an EVP update continues OpenSSL's stream. XTS
/// sends ALG_SET_IV with every request (one data unit each), and ALG_SET_OP with it: any
/// control data resets the direction, to decrypt when ALG_SET_OP is absent (crypto/af_alg.c,
/// af_alg_sendmsg). One operation = sendmsg + read of
/// `input_len` bytes. Checks that the output decrypts (or was decrypted) correctly by a fresh
/// operation socket. Inputs above kMaxRequestLen are refused.
std::unique_ptr<PreparedOperation> PrepareSkcipher(const std::shared_ptr<SocketApi>& api,
                                                   const AlgorithmInfo& alg, Operation op,
                                                   size_t input_len, PrepareFailure* failure,
                                                   std::string* error);

/// aead: keyed with the tag length set once; a seal is one request with ALG_SET_OP, ALG_SET_IV
/// (a new nonce: a counter in its last 8 bytes) and ALG_SET_AEAD_ASSOCLEN = 13, input
/// AAD || plaintext, and a read of AAD || ciphertext || tag; an open sends AAD || ciphertext ||
/// tag of one fixed sealed message and reads AAD || plaintext, which must succeed (the tag
/// verifies). Checks that open accepts what seal produced.
std::unique_ptr<PreparedOperation> PrepareAeadRequest(const std::shared_ptr<SocketApi>& api,
                                                      const AlgorithmInfo& alg, Operation op,
                                                      size_t input_len, PrepareFailure* failure,
                                                      std::string* error);

/// hash (and the keyed hashes HMAC, CMAC, keyed once): one operation = sendmsg of the message
/// without MSG_MORE (the kernel initialises, updates and finalises) and a read of the digest.
/// Checks the digest against the same message sent in two parts with MSG_MORE.
std::unique_ptr<PreparedOperation> PrepareHash(const std::shared_ptr<SocketApi>& api,
                                               const AlgorithmInfo& alg, Operation op,
                                               size_t input_len, PrepareFailure* failure,
                                               std::string* error);

}  // namespace cryptobench::backends::afalg
