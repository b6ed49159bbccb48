// Internal interface between the Crypto++ backend's files: one binding per algorithm family
// (cryptopp_cipher.cc, cryptopp_aead.cc, cryptopp_hash_mac.cc, cryptopp_pubkey.cc), merged by
// the LibraryBackend in cryptopp_backend.cc. Only these .cc files include Crypto++.
#pragma once

#include <string>

#include "backends/common/guarded.h"
#include "backends/common/library_backend.h"

namespace cryptobench::backends::cryptopp {

/// The CPU features Crypto++ detected at start and uses, from its Has*() queries (cpu.h), e.g.
/// "sse2 ssse3 sse4.1 sse4.2 aesni clmul sha avx avx2" (cryptopp_backend.cc).
std::string CpuFeatures();

/// Ciphers (cryptopp_cipher.cc): CBC_Mode, CTR_Mode, ECB_Mode and XTS_Mode over AES (CBC_Mode
/// over DES_EDE3 for 3DES and over SM4 for SM4-CBC), ChaChaTLS (RFC 8439 ChaCha20).
/// Implementation: AlgorithmProvider() of the cipher object, e.g. "AESNI".
LibraryBindings CipherBinding();

/// AEADs (cryptopp_aead.cc): GCM<AES>, CCM<AES>, ChaCha20Poly1305 (RFC 8439) and
/// XChaCha20Poly1305 through the AEAD adapter (aead_adapter.h). Implementation: as for ciphers.
LibraryBindings AeadBinding();

/// Hashes and MACs (cryptopp_hash_mac.cc): HashTransformation and MessageAuthenticationCode
/// through the hash and MAC adapter (BindHashMac, hash_mac_adapter.h). Implementation: the
/// object's AlgorithmProvider().
LibraryBindings HashMacBinding();

/// Public key (cryptopp_pubkey.cc): PK_Signer / PK_Verifier, x25519 and ECDH<ECP> agreement
/// through the signature and key-agreement adapters; an algorithm is offered if its timing key
/// loads. No implementation query: Crypto++'s public-key objects report no provider.
LibraryBindings PublicKeyBinding();

}  // namespace cryptobench::backends::cryptopp
