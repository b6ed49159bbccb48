// libcrypto loaded at run time with dlopen: the minimal prototypes cryptobench needs (declared
// here, not taken from <openssl/*.h>, so the binary never links libcrypto and one build can load
// any 1.1.1 or 3.x library by path), the resolved function table, and small ownership helpers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "backends/common/libcrypto_abi.h"

namespace cryptobench::backends::openssl {

// Opaque OpenSSL types. They are only ever handled through pointers; the names match OpenSSL's
// so that the function table below reads like the OpenSSL manual.
struct ENGINE;
struct BIO;
struct EVP_CIPHER;
struct EVP_CIPHER_CTX;
struct EVP_MD;
struct EVP_MD_CTX;
struct EVP_MAC;
struct EVP_MAC_CTX;
struct EVP_PKEY;
struct EVP_PKEY_CTX;
struct HMAC_CTX;
struct CMAC_CTX;
struct OSSL_LIB_CTX;

/// OpenSSL 3.x OSSL_PARAM (include/openssl/core.h, struct ossl_param_st). Its layout is part of
/// the 3.x ABI, so cryptobench fills it directly instead of resolving OSSL_PARAM_construct_*.
struct OsslParam {
  const char* key;
  unsigned int data_type;
  void* data;
  size_t data_size;
  size_t return_size;
};

// Constants, with the header each comes from. All have the same value in 1.1.1 and 3.x.
inline constexpr int kOpensslVersion = 0;   ///< crypto.h OPENSSL_VERSION
inline constexpr int kOpensslCflags = 1;    ///< crypto.h OPENSSL_CFLAGS
inline constexpr int kOpensslBuiltOn = 2;   ///< crypto.h OPENSSL_BUILT_ON
inline constexpr int kOpensslPlatform = 3;  ///< crypto.h OPENSSL_PLATFORM
inline constexpr int kOpensslCpuInfo = 9;   ///< crypto.h OPENSSL_CPU_INFO (3.0 and later only)
/// OpenSSL_version_num() of 3.0.0.
inline constexpr unsigned long kOpenssl30VersionNum = 0x30000000UL;

inline constexpr int kEvpCtrlAeadSetIvLen = 0x9;  ///< evp.h EVP_CTRL_AEAD_SET_IVLEN
inline constexpr int kEvpCtrlAeadGetTag = 0x10;   ///< evp.h EVP_CTRL_AEAD_GET_TAG
inline constexpr int kEvpCtrlAeadSetTag = 0x11;   ///< evp.h EVP_CTRL_AEAD_SET_TAG

inline constexpr int kEvpPkeyRsa = 6;         ///< obj_mac.h NID_rsaEncryption (EVP_PKEY_RSA)
inline constexpr int kEvpPkeyEc = 408;        ///< obj_mac.h NID_X9_62_id_ecPublicKey (EVP_PKEY_EC)
inline constexpr int kEvpPkeyX25519 = 1034;   ///< obj_mac.h NID_X25519 (EVP_PKEY_X25519)
inline constexpr int kEvpPkeyEd25519 = 1087;  ///< obj_mac.h NID_ED25519 (EVP_PKEY_ED25519)

inline constexpr int kRsaPkcs1Padding = 1;             ///< rsa.h RSA_PKCS1_PADDING
inline constexpr int kEvpPkeyCtrlMd = 1;               ///< evp.h EVP_PKEY_CTRL_MD
inline constexpr int kEvpPkeyCtrlRsaPadding = 0x1001;  ///< rsa.h EVP_PKEY_ALG_CTRL + 1

inline constexpr unsigned int kOsslParamUtf8String = 4;  ///< core.h OSSL_PARAM_UTF8_STRING
inline constexpr size_t kOsslParamUnmodified = static_cast<size_t>(-1);  ///< params.h

// The function table: the entries BoringSSL shares (backends/common/libcrypto_abi.h:
// CRYPTOBENCH_LIBCRYPTO_EVP_SHARED, required, and CRYPTOBENCH_LIBCRYPTO_MAC_SHARED, optional),
// then OpenSSL's own as X(return type, name, parameter list). REQUIRED functions exist with
// these signatures in both 1.1.1 and 3.x; a library lacking one is refused. OPTIONAL functions
// are 3.x additions (fetch, EVP_MAC, functions that were macros over EVP_PKEY_CTX_ctrl in 1.1.1)
// or legacy calls a no-deprecated build may omit; they stay nullptr when absent. Functions that
// are macros in 3.x (EVP_MD_size, EVP_PKEY_size, EVP_CIPHER_iv_length, ...) are deliberately
// unused.
#define CRYPTOBENCH_LIBCRYPTO_REQUIRED(X)                                                          \
  X(unsigned long, ERR_get_error, ())                                                              \
  X(void, ERR_error_string_n, (unsigned long error, char* buf, size_t len))                        \
  X(int, EVP_EncryptUpdate,                                                                        \
    (EVP_CIPHER_CTX * ctx, unsigned char* out, int* out_len, const unsigned char* in, int in_len)) \
  X(int, EVP_DecryptUpdate,                                                                        \
    (EVP_CIPHER_CTX * ctx, unsigned char* out, int* out_len, const unsigned char* in, int in_len)) \
  X(int, EVP_CIPHER_CTX_ctrl, (EVP_CIPHER_CTX * ctx, int type, int arg, void* ptr))                \
  X(int, EVP_DigestInit_ex, (EVP_MD_CTX * ctx, const EVP_MD* md, ENGINE* engine))                  \
  X(int, EVP_DigestUpdate, (EVP_MD_CTX * ctx, const void* data, size_t len))                       \
  X(int, EVP_DigestFinal_ex, (EVP_MD_CTX * ctx, unsigned char* out, unsigned int* out_len))        \
  X(int, EVP_PKEY_CTX_ctrl,                                                                        \
    (EVP_PKEY_CTX * ctx, int key_type, int optype, int cmd, int p1, void* p2))

#define CRYPTOBENCH_LIBCRYPTO_OPTIONAL(X)                                                          \
  X(EVP_CIPHER*, EVP_CIPHER_fetch,                                                                 \
    (OSSL_LIB_CTX * libctx, const char* name, const char* properties))                             \
  X(void, EVP_CIPHER_free, (EVP_CIPHER * cipher))                                                  \
  X(EVP_MD*, EVP_MD_fetch, (OSSL_LIB_CTX * libctx, const char* name, const char* properties))      \
  X(void, EVP_MD_free, (EVP_MD * md))                                                              \
  X(EVP_MAC*, EVP_MAC_fetch, (OSSL_LIB_CTX * libctx, const char* name, const char* properties))    \
  X(void, EVP_MAC_free, (EVP_MAC * mac))                                                           \
  X(EVP_MAC_CTX*, EVP_MAC_CTX_new, (EVP_MAC * mac))                                                \
  X(void, EVP_MAC_CTX_free, (EVP_MAC_CTX * ctx))                                                   \
  X(int, EVP_MAC_init,                                                                             \
    (EVP_MAC_CTX * ctx, const unsigned char* key, size_t key_len, const OsslParam* params))        \
  X(int, EVP_MAC_update, (EVP_MAC_CTX * ctx, const unsigned char* data, size_t len))               \
  X(int, EVP_MAC_final, (EVP_MAC_CTX * ctx, unsigned char* out, size_t* out_len, size_t out_size)) \
  X(int, EVP_PKEY_CTX_set_signature_md, (EVP_PKEY_CTX * ctx, const EVP_MD* md))                    \
  X(int, EVP_PKEY_CTX_set_rsa_padding, (EVP_PKEY_CTX * ctx, int padding))                          \
  X(int, HMAC_Init_ex,                                                                             \
    (HMAC_CTX * ctx, const void* key, int key_len, const EVP_MD* md, ENGINE* engine))              \
  X(int, CMAC_Update, (CMAC_CTX * ctx, const void* data, size_t len))                              \
  X(unsigned int*, OPENSSL_ia32cap_loc, ())                                                        \
  X(const char*, BN_options, ())

/// A loaded libcrypto: every REQUIRED entry is non-null, OPTIONAL entries may be null. Members
/// are named after the OpenSSL functions they point to. The library is never dlclose()d: it
/// registers atexit handlers (OPENSSL_cleanup) that would then point into unmapped memory.
struct Libcrypto {
  CRYPTOBENCH_LIBCRYPTO_EVP_SHARED(CRYPTOBENCH_LIBCRYPTO_DECLARE_ENTRY)
  CRYPTOBENCH_LIBCRYPTO_REQUIRED(CRYPTOBENCH_LIBCRYPTO_DECLARE_ENTRY)
  CRYPTOBENCH_LIBCRYPTO_MAC_SHARED(CRYPTOBENCH_LIBCRYPTO_DECLARE_ENTRY)
  CRYPTOBENCH_LIBCRYPTO_OPTIONAL(CRYPTOBENCH_LIBCRYPTO_DECLARE_ENTRY)

  std::string requested_path;  ///< as passed to LoadLibcrypto
  void* handle = nullptr;      ///< dlopen handle (kept open for the life of the process)

  /// True for OpenSSL 3.0 and later (OpenSSL_version_num() >= 0x30000000).
  bool IsAtLeast30() const { return OpenSSL_version_num() >= kOpenssl30VersionNum; }
};

/// Shared by the backend and every prepared operation, which may outlive a Backend reference.
using LibcryptoPtr = std::shared_ptr<const Libcrypto>;

/// Opens `path` with RTLD_NOW | RTLD_LOCAL, in a link-map namespace of its own when another
/// libcrypto is in the global scope (backends/common/isolated_load.h), and resolves the table.
/// Throws UsageError (one line): "cannot load PATH: <dlerror text>" or "PATH is not a usable
/// libcrypto: missing symbol NAME" (the first missing REQUIRED symbol).
LibcryptoPtr LoadLibcrypto(const std::string& path);

/// Resolves the table from `handle`, a library already opened from `path` (BoringSSL's
/// backend views its own handle through OpenSSL's EVP prototypes). Throws as LoadLibcrypto.
LibcryptoPtr ResolveLibcrypto(void* handle, const std::string& path);

/// Describes the failure of library call `call`: "EVP_CipherInit_ex failed: error:...". Takes
/// the oldest entry of libcrypto's error queue and clears the queue.
std::string LibError(const Libcrypto& lib, std::string_view call);

/// Deleter for libcrypto objects; a null `free_fn` means "not owned" (EVP_get_cipherbyname
/// results are static and must not be freed).
template <typename T>
struct LibFree {
  void (*free_fn)(T*) = nullptr;
  void operator()(T* object) const {
    if (free_fn != nullptr) {
      free_fn(object);
    }
  }
};

/// An owned (or, with a null deleter, borrowed) libcrypto object.
template <typename T>
using Owned = std::unique_ptr<T, LibFree<T>>;

/// Wraps `object` so that `free_fn` frees it.
template <typename T>
Owned<T> Own(T* object, void (*free_fn)(T*)) {
  return Owned<T>(object, LibFree<T>{free_fn});
}

/// Looks up a cipher: EVP_CIPHER_fetch (3.x, owned; avoids the implicit fetch 3.x does on every
/// EVP_CipherInit_ex of a get_cipherbyname result) or EVP_get_cipherbyname (1.1.1, borrowed).
/// Null when the library lacks it; the error queue is cleared.
Owned<EVP_CIPHER> FetchCipher(const Libcrypto& lib, std::string_view name);

/// Looks up a digest like FetchCipher: EVP_MD_fetch (3.x) or EVP_get_digestbyname.
Owned<EVP_MD> FetchDigest(const Libcrypto& lib, std::string_view name);

}  // namespace cryptobench::backends::openssl
