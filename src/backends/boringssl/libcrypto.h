// BoringSSL's libcrypto loaded at run time with dlopen: the entry points cryptobench calls,
// declared here with BoringSSL's own prototypes (include/openssl/*.h of the Android 13 tree
// Debian packages as android-libboringssl), never taken from its headers, so the binary has no
// build- or link-time dependency on it and cannot collide with OpenSSL's identically named
// symbols.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "backends/common/libcrypto_abi.h"

namespace cryptobench::backends::boringssl {

// Opaque BoringSSL types, only ever handled through pointers; names as in BoringSSL's headers.
struct ENGINE;
struct BIO;
struct EVP_CIPHER;
struct EVP_CIPHER_CTX;
struct EVP_MD;
struct EVP_MD_CTX;
struct EVP_AEAD;
struct EVP_AEAD_CTX;
struct EVP_PKEY;
struct EVP_PKEY_CTX;
struct HMAC_CTX;
struct CMAC_CTX;

/// BoringSSL's poly1305_state (include/openssl/poly1305.h: `typedef uint8_t
/// poly1305_state[512]`), aligned generously because the assembly may use aligned loads.
struct alignas(64) Poly1305State {
  uint8_t bytes[512];
};

// Constants, with the BoringSSL header each comes from. The NIDs of X25519 and Ed25519 differ
// from OpenSSL's (1034, 1087), one reason this backend does not share OpenSSL's key code.
inline constexpr int kOpensslVersion = 0;    ///< crypto.h OPENSSL_VERSION
inline constexpr int kOpensslCflags = 1;     ///< crypto.h OPENSSL_CFLAGS
inline constexpr int kOpensslBuiltOn = 2;    ///< crypto.h OPENSSL_BUILT_ON
inline constexpr int kOpensslPlatform = 3;   ///< crypto.h OPENSSL_PLATFORM
inline constexpr int kEvpPkeyRsa = 6;        ///< nid.h NID_rsaEncryption (evp.h EVP_PKEY_RSA)
inline constexpr int kEvpPkeyEc = 408;       ///< nid.h NID_X9_62_id_ecPublicKey (EVP_PKEY_EC)
inline constexpr int kEvpPkeyX25519 = 948;   ///< nid.h NID_X25519 (evp.h EVP_PKEY_X25519)
inline constexpr int kEvpPkeyEd25519 = 949;  ///< nid.h NID_ED25519 (evp.h EVP_PKEY_ED25519)
inline constexpr int kRsaPkcs1Padding = 1;   ///< rsa.h RSA_PKCS1_PADDING

// The function table: the entries OpenSSL's API shares (backends/common/libcrypto_abi.h: its EVP
// and legacy MAC lists, all required here), then BoringSSL's own as X(return type, name,
// parameter list). All but OPTIONAL ones exist in every BoringSSL since the EVP_AEAD,
// X25519/Ed25519 EVP_PKEY and one-shot EVP_DigestSign APIs (2018); a library lacking one is
// refused. OPTIONAL entries may be absent: informational ones, and algorithms a library without
// them reports unsupported.
#define CRYPTOBENCH_BORINGSSL_REQUIRED(X)                                                          \
  X(uint32_t, ERR_get_error, ())                                                                   \
  X(char*, ERR_error_string_n, (uint32_t packed_error, char* buf, size_t len))                     \
  X(int, EVP_has_aes_hardware, ())                                                                 \
  X(int, EVP_Digest,                                                                               \
    (const void* data, size_t len, uint8_t* md_out, unsigned int* md_out_size, const EVP_MD* type, \
     ENGINE* impl))                                                                                \
  X(const EVP_AEAD*, EVP_aead_aes_128_gcm, ())                                                     \
  X(const EVP_AEAD*, EVP_aead_aes_256_gcm, ())                                                     \
  X(const EVP_AEAD*, EVP_aead_chacha20_poly1305, ())                                               \
  X(EVP_AEAD_CTX*, EVP_AEAD_CTX_new,                                                               \
    (const EVP_AEAD* aead, const uint8_t* key, size_t key_len, size_t tag_len))                    \
  X(void, EVP_AEAD_CTX_free, (EVP_AEAD_CTX * ctx))                                                 \
  X(int, EVP_AEAD_CTX_seal,                                                                        \
    (const EVP_AEAD_CTX* ctx, uint8_t* out, size_t* out_len, size_t max_out_len,                   \
     const uint8_t* nonce, size_t nonce_len, const uint8_t* in, size_t in_len, const uint8_t* ad,  \
     size_t ad_len))                                                                               \
  X(int, EVP_AEAD_CTX_open,                                                                        \
    (const EVP_AEAD_CTX* ctx, uint8_t* out, size_t* out_len, size_t max_out_len,                   \
     const uint8_t* nonce, size_t nonce_len, const uint8_t* in, size_t in_len, const uint8_t* ad,  \
     size_t ad_len))                                                                               \
  X(void, CRYPTO_chacha_20,                                                                        \
    (uint8_t * out, const uint8_t* in, size_t in_len, const uint8_t key[32],                       \
     const uint8_t nonce[12], uint32_t counter))                                                   \
  X(void, CRYPTO_poly1305_init, (Poly1305State * state, const uint8_t key[32]))                    \
  X(void, CRYPTO_poly1305_update, (Poly1305State * state, const uint8_t* in, size_t in_len))       \
  X(void, CRYPTO_poly1305_finish, (Poly1305State * state, uint8_t mac[16]))                        \
  X(int, HMAC_Init_ex,                                                                             \
    (HMAC_CTX * ctx, const void* key, size_t key_len, const EVP_MD* md, ENGINE* impl))             \
  X(int, CMAC_Reset, (CMAC_CTX * ctx))                                                             \
  X(int, CMAC_Update, (CMAC_CTX * ctx, const uint8_t* in, size_t in_len))                          \
  X(int, EVP_PKEY_CTX_set_rsa_padding, (EVP_PKEY_CTX * ctx, int padding))                          \
  X(int, EVP_PKEY_CTX_set_signature_md, (EVP_PKEY_CTX * ctx, const EVP_MD* md))

#define CRYPTOBENCH_BORINGSSL_OPTIONAL(X) \
  X(int, CRYPTO_has_asm, ())              \
  X(uint32_t, FIPS_version, ())           \
  X(const char*, FIPS_module_name, ())    \
  X(const EVP_AEAD*, EVP_aead_xchacha20_poly1305, ())

/// A loaded BoringSSL libcrypto: every REQUIRED entry is non-null. Never dlclose()d (it
/// registers thread-local destructors that would point into unmapped memory).
struct Libcrypto {
  CRYPTOBENCH_LIBCRYPTO_EVP_SHARED(CRYPTOBENCH_LIBCRYPTO_DECLARE_ENTRY)
  CRYPTOBENCH_BORINGSSL_REQUIRED(CRYPTOBENCH_LIBCRYPTO_DECLARE_ENTRY)
  CRYPTOBENCH_LIBCRYPTO_MAC_SHARED(CRYPTOBENCH_LIBCRYPTO_DECLARE_ENTRY)
  CRYPTOBENCH_BORINGSSL_OPTIONAL(CRYPTOBENCH_LIBCRYPTO_DECLARE_ENTRY)

  std::string requested_path;  ///< as given with --lib, or the default found on disk
  void* handle = nullptr;      ///< dlopen handle, kept for the life of the process
};

/// Shared by the backend and every prepared operation.
using LibPtr = std::shared_ptr<const Libcrypto>;

/// Directories searched, in order, for the default library: Debian's multiarch directory of
/// this build's architecture first, then the other multiarch directories and /usr/lib/android.
std::vector<std::string> DefaultLibrarySearchPath();

/// The first existing `libcrypto.so` or `libcrypto.so.0` under DefaultLibrarySearchPath().
/// Throws UsageError naming the files looked for when none exists (install
/// android-libboringssl, or pass --lib).
std::string FindDefaultLibrary();

/// Opens `path` with RTLD_NOW | RTLD_LOCAL, in a link-map namespace of its own when a libcrypto
/// is in the global scope (BoringSSL calls its own exported functions through its PLT, and the
/// global scope is searched first: backends/common/isolated_load.h), and resolves the table.
/// Throws UsageError (one line): "cannot load PATH: <dlerror>", "PATH is not BoringSSL:
/// OpenSSL_version(OPENSSL_VERSION) is \"OpenSSL 3.0.19 ...\"", or "PATH is not a usable
/// BoringSSL: missing symbol NAME".
LibPtr LoadBoringssl(const std::string& path);

/// "CALL failed: <oldest queued error>" (the queue is cleared).
std::string LibError(const Libcrypto& lib, std::string_view call);

/// An owned BoringSSL object freed by a function of the table.
template <typename T>
using Owned = std::unique_ptr<T, void (*)(T*)>;

}  // namespace cryptobench::backends::boringssl
