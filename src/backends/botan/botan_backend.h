// The Botan backend: Botan 2 (libbotan-2), linked at build time.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "backends/backend.h"

namespace cryptobench::backends {

/// Opens the Botan 2 backend (`library_path` is ignored: the library is linked in). It offers,
/// where this Botan build has them: AES-128/192/256-CBC (Cipher_Mode), AES-CTR (CTR-BE), AES-ECB
/// (the BlockCipher itself; Botan 2 has no ECB mode object), AES-XTS, 3DES-CBC, SM4-CBC, ChaCha20
/// (StreamCipher), AES-GCM, AES-CCM and ChaCha20-Poly1305 (AEAD_Mode), MD5, SHA-1, SHA-2,
/// SHA3-256 and BLAKE2b-512 (HashFunction), HMAC-SHA256, CMAC-AES-128 and Poly1305
/// (MessageAuthenticationCode), RSA PKCS#1 v1.5 and ECDSA over a SHA-256 digest, Ed25519
/// (PK_Signer/PK_Verifier), X25519 and ECDH-P256 (PK_Key_Agreement). Implementation(alg) is the
/// provider() of the objects doing the work, e.g. "AES-128 cpu, GHASH clmul".
///
/// Applies BOTAN_CLEAR_CPUID from the environment first (ApplyBotanClearCpuid). Throws
/// UsageError when it names a feature Botan does not know.
std::unique_ptr<Backend> OpenBotanBackend(const std::string& library_path);

/// Switches off Botan's code paths for the CPU features named in `spec`: comma-separated names
/// as `botan cpuid` prints them ("aes_ni,avx2"), through Botan::CPUID::clear_cpuid_bit, the call
/// behind `botan speed --clear-cpuid`. Botan 2 does not read BOTAN_CLEAR_CPUID itself (Botan 3
/// does, with these semantics). Process-wide and lasting. Returns "" or a one-line error naming
/// the first unknown feature (nothing is cleared then).
std::string ApplyBotanClearCpuid(std::string_view spec);

/// Test-only: re-detects the CPU, undoing ApplyBotanClearCpuid.
void ResetBotanCpuidForTesting();

}  // namespace cryptobench::backends
