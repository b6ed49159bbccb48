// AEADs of the Mbed TLS backend: AES-GCM, AES-CCM and ChaCha20-Poly1305 through Mbed TLS's
// generic cipher layer (mbedtls_cipher_auth_encrypt_ext / mbedtls_cipher_auth_decrypt_ext).
#pragma once

#include "backends/backend.h"
#include "backends/common/aead_adapter.h"

namespace cryptobench::backends::mbedtls {

/// True if this Mbed TLS build offers the AEAD `alg`.
bool AeadSupported(const AlgorithmInfo& alg);

/// The AEAD entries (BindAead, aead_adapter.h). seal: KatTarget::Seal through
/// mbedtls_cipher_auth_encrypt_ext. open: KatTarget::Open through
/// mbedtls_cipher_auth_decrypt_ext; a rejected tag sets *authentic false and is not an error.
/// prepare: Backend::Prepare for AEADs: seal with a fresh nonce (a counter in its last 8 bytes)
/// per operation, or open one fixed sealed message, with 13 bytes of AAD (as the OpenSSL
/// backend) on a keyed, reused context. Checked: open accepts the tag and returns the plaintext.
/// An operation other than encrypt and decrypt: NoSuchOperation (mbedtls_util.h).
AeadEntries AeadBinding();

}  // namespace cryptobench::backends::mbedtls
