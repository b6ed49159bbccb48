// The libgcrypt backend: gcry_cipher, gcry_md, gcry_mac and gcry_pk, linked at build time.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "backends/backend.h"

namespace cryptobench::backends {

/// cryptobench's own switch for libgcrypt's hardware-feature disabling (libgcrypt reads no
/// environment variable): a comma-separated list of feature names (as in libgcrypt's
/// "hwflist", e.g. "intel-aesni,intel-pclmul", or "all") passed to
/// gcry_control(GCRYCTL_DISABLE_HWF) before the library initialises.
inline constexpr std::string_view kGcryptDisableHwfVariable = "CRYPTOBENCH_GCRYPT_DISABLE_HWF";

/// The catalogue entries the libgcrypt backend does not bind (registry.h).
inline constexpr DeclaredAbsence kGcryptAbsent[] = {
    {"XChaCha20-Poly1305", "libgcrypt 1.10 has no XChaCha20"},
};

/// Opens the libgcrypt backend (the library linked into this build; `library_path` is
/// ignored). Initialises libgcrypt once per process: applies kGcryptDisableHwfVariable,
/// gcry_check_version, disables secure memory (nothing here needs it), finishes
/// initialisation. Offers AES-CBC/CTR/ECB/XTS, DES-EDE3-CBC, SM4-CBC and ChaCha20; AES-GCM,
/// AES-128-CCM and ChaCha20-Poly1305; MD5, SHA-1, SHA-2, SHA3-256 and BLAKE2b-512; HMAC-SHA256,
/// CMAC-AES-128 and Poly1305; RSA PKCS#1 v1.5, ECDSA and Ed25519 signatures; X25519 and
/// ECDH P-256. libgcrypt does not say which implementation it chose per algorithm, so
/// Implementation() is ""; Identity().cpu_info lists the hardware features it uses
/// ("hwflist:..."). Throws UsageError if the library is older than 1.8 or the variable names
/// a feature libgcrypt does not know.
std::unique_ptr<Backend> OpenGcryptBackend(const std::string& library_path);

}  // namespace cryptobench::backends
