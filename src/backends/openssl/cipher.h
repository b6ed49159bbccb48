// Unauthenticated ciphers (block cipher modes and ChaCha20) through EVP_Cipher*.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/catalog.h"
#include "backends/backend.h"
#include "backends/openssl/libcrypto.h"

namespace cryptobench::backends::openssl {

/// True if the library provides the cipher (fetchable / found by name).
bool CipherSupported(const Libcrypto& lib, const AlgorithmInfo& alg);

/// True if `alg` is of kind `kind` (kCipher or kAead) and the library has alg.openssl_name
/// (FetchCipher): CipherSupported and AeadSupported.
bool HasCipherOfKind(const Libcrypto& lib, const AlgorithmInfo& alg, AlgorithmKind kind);

/// "" if `len` equals `expected`, else "<what> is <len> bytes, <alg name> needs <expected>"
/// (lengths in bytes): the length checks of the cipher and AEAD one-shots.
std::string LengthProblem(const AlgorithmInfo& alg, std::string_view what, size_t len,
                          size_t expected);

/// The cipher for a cipher or AEAD step whose own checks gave `problem` ("" when they passed):
/// fetched (FetchCipher) only when `problem` is empty. Returns it, or null with *problem_out set
/// to `problem` or, when the library lacks alg.openssl_name, "the library has no cipher <name>".
Owned<EVP_CIPHER> FetchCipherUnless(const Libcrypto& lib, const AlgorithmInfo& alg,
                                    std::string problem, std::string* problem_out);

/// Prepares encryption or decryption of `input_len`-byte inputs. What one operation is:
/// EVP_EncryptUpdate (EVP_DecryptUpdate) over input_len bytes on a context whose key and IV were
/// set once, so the stream (CBC chaining value, CTR counter) continues from one operation to the
/// next, as `openssl speed` does. XTS is the exception: each operation is one data unit, so the
/// tweak is re-set (EVP_CipherInit_ex with only the IV) before its update. Decrypt times the
/// decryption of real ciphertext. CBC/ECB need input_len to be a multiple of the block size; XTS
/// needs at least one block. Before returning, checks at this size that the timed context's output
/// decrypts (or was decrypted) correctly by a fresh context.
std::unique_ptr<PreparedOperation> PrepareCipher(const LibcryptoPtr& lib, const AlgorithmInfo& alg,
                                                 Operation op, size_t input_len,
                                                 PrepareFailure* failure, std::string* error);

/// The checks OpenSSL's cipher and AEAD prepare steps begin with, in order: `op` must be
/// kEncrypt or kDecrypt (else PrepareNoSuchOperation's failure, buffers.h); `input_len` at most
/// INT_MAX - 64 bytes, as EVP lengths are ints (else kLibraryError "input size <n> is out of
/// range"); `size_problem(alg, input_len)` empty, when given (else kLibraryError with its text);
/// and the library must have alg.openssl_name (else kLibraryError "the library has no cipher
/// <name>"). Returns the fetched cipher, or null with *failure and *error set.
Owned<EVP_CIPHER> FetchPreparedCipher(const Libcrypto& lib, const AlgorithmInfo& alg, Operation op,
                                      size_t input_len,
                                      std::string (*size_problem)(const AlgorithmInfo& alg,
                                                                  size_t input_len),
                                      PrepareFailure* failure, std::string* error);

/// One-shot encryption (or, with `decrypt`, decryption) of `input` with a fresh context,
/// padding off: KatTarget::Cipher. `key` and `iv` must have the catalogue's lengths (empty IV for
/// ECB). Returns "" or one line naming the failing call or the wrong length.
std::string CipherOneShot(const Libcrypto& lib, const AlgorithmInfo& alg, bool decrypt,
                          std::span<const uint8_t> key, std::span<const uint8_t> iv,
                          std::span<const uint8_t> input, std::vector<uint8_t>* output);

}  // namespace cryptobench::backends::openssl
