// Ciphers of the Mbed TLS backend: Mbed TLS's generic cipher layer (mbedtls_cipher_*) for
// AES-CBC/CTR/ECB/XTS and DES-EDE3-CBC, and its ChaCha20 API for ChaCha20.
#pragma once

#include <string>

#include "backends/backend.h"
#include "backends/common/keyed_cipher.h"

namespace cryptobench::backends::mbedtls {

/// True if this Mbed TLS build offers the cipher `alg`.
bool CipherSupported(const AlgorithmInfo& alg);

/// The cipher entries (BindKeyedCipher, keyed_cipher.h). cipher: KatTarget::Cipher: one fresh
/// keyed context, one update over `input` (ECB: one update per 16-byte block, all the generic
/// layer accepts), then finish. `iv` for ChaCha20 is the 16-byte OpenSSL form: 32-bit
/// little-endian block counter, then the 96-bit nonce. prepare: Backend::Prepare for ciphers:
/// one update of `input_len` bytes per operation on a keyed, reused context (CBC chains its IV,
/// CTR and ChaCha20 continue the keystream, XTS starts a new data unit with the same tweak on
/// every call). Checked: decryption inverts encryption. An operation other than encrypt and
/// decrypt: NoSuchOperation (mbedtls_util.h).
CipherEntries CipherBinding();

/// The AES code Mbed TLS picks at run time (mbedtls_aesni_has_support, aesni.h): "aesni" or
/// "software", and for GCM whether GHASH uses PCLMULQDQ; "" for algorithms without AES.
std::string AesImplementation(const AlgorithmInfo& alg);

}  // namespace cryptobench::backends::mbedtls
