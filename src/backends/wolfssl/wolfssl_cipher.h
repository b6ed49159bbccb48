// Ciphers of the wolfSSL backend, through wolfCrypt's native API: wc_Aes* (CBC, CTR, ECB, XTS),
// wc_Des3_* and wc_Chacha_*.
#pragma once

#include <string>

#include "backends/backend.h"
#include "backends/common/keyed_cipher.h"

namespace cryptobench::backends::wolfssl {

/// True if this wolfSSL build offers the cipher `alg` (decided by wolfssl/options.h).
bool CipherSupported(const AlgorithmInfo& alg);

/// The cipher entries (BindKeyedCipher, keyed_cipher.h). cipher: KatTarget::Cipher: a freshly
/// keyed context, one call over `input`. `iv` for ChaCha20 is the 16-byte OpenSSL form: 32-bit
/// little-endian block counter, then the 96-bit nonce. prepare: Backend::Prepare for ciphers:
/// one call over `input_len` bytes per operation on a keyed, reused context (CBC chains its IV,
/// CTR and ChaCha20 continue the keystream, XTS starts a new data unit with the same tweak on
/// every call). Checked: decryption inverts encryption. An operation other than encrypt and
/// decrypt: NoSuchOperation (wolfssl_util.h).
CipherEntries CipherBinding();

/// The code wolfSSL runs for `alg`, a fact of the build (wolfssl/options.h, the header the
/// library was built with) since wolfCrypt does not report it: AES algorithms "aesni (compiled
/// in)" with WOLFSSL_AESNI, else "C"; other symmetric algorithms "C" without USE_INTEL_SPEEDUP
/// (wolfCrypt's x86-64 assembly for ChaCha20, Poly1305 and SHA-2), else "" (chosen at run time
/// by CPUID, unreported); "" for public-key algorithms.
std::string BuildImplementation(const AlgorithmInfo& alg);

}  // namespace cryptobench::backends::wolfssl
