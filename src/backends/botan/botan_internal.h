// Internal interface between the Botan backend's files: one binding per algorithm family
// (botan_cipher.cc, botan_aead.cc, botan_hash_mac.cc, botan_pubkey.cc), merged by the
// LibraryBackend in botan_backend.cc. Only these .cc files include Botan's headers.
#pragma once

#include <string>

#include "backends/common/guarded.h"
#include "backends/common/library_backend.h"

namespace cryptobench::backends::botan {

/// The CPU features Botan will use (Botan::CPUID::to_string(), after BOTAN_CLEAR_CPUID), e.g.
/// "sse2 ssse3 ... aes_ni clmul" (botan_cpuid.cc).
std::string CpuFeatures();

/// Ciphers (botan_cipher.cc): Cipher_Mode for CBC and XTS, StreamCipher for CTR and ChaCha20,
/// BlockCipher for ECB. Implementation: the providers of the objects doing the work, e.g.
/// "AES-128 cpu".
LibraryBindings CipherBinding();

/// AEADs (botan_aead.cc): AEAD_Mode "AES-N/GCM(T)", "AES-N/CCM(T,L)", "ChaCha20Poly1305" (with a
/// 24-byte nonce: XChaCha20-Poly1305); one message per timed iteration (new nonce, 13-byte AAD,
/// tag). Implementation: as for ciphers, plus GHASH's provider for GCM.
LibraryBindings AeadBinding();

/// Hashes and MACs (botan_hash_mac.cc): HashFunction and MessageAuthenticationCode through the
/// hash and MAC adapter (BindHashMac, hash_mac_adapter.h). Implementation: the provider doing
/// the work (HMAC: its hash; CMAC: its block cipher).
LibraryBindings HashMacBinding();

/// Public key (botan_pubkey.cc): PK_Signer / PK_Verifier / PK_Key_Agreement through the
/// signature and key-agreement adapters; an algorithm is offered if its timing key loads. No
/// implementation query: Botan's public-key code has one ("base") implementation per algorithm.
LibraryBindings PublicKeyBinding();

}  // namespace cryptobench::backends::botan
