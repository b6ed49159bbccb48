// What the two libcryptos with OpenSSL's API that cryptobench loads by path (OpenSSL 1.1.1/3.x,
// backends/openssl; BoringSSL, backends/boringssl) share: the EVP, key-parsing and BIO entry
// points whose prototypes are the same in both, resolving a function table with dlsym, and
// reading the error queue. Each backend keeps its own table (the entries that differ: ERR_*'s
// integer type, HMAC_Init_ex's key length, BoringSSL's EVP_AEAD, 3.x's fetch and EVP_MAC) and
// its own opaque types, in a namespace of its own.
#pragma once

#include <dlfcn.h>

#include <cstring>
#include <string>
#include <string_view>

// Entries with the same prototype in OpenSSL 1.1.1, 3.x and BoringSSL (include/openssl/evp.h,
// x509.h, bio.h, pem.h, crypto.h of each; BoringSSL spells unsigned char as uint8_t, the same
// type), as X(return type, name, parameter list). Expanded inside a backend's namespace, where
// ENGINE, BIO and the EVP_* types are that backend's own opaque declarations. OpenSSL_version
// comes first: a file that is no libcrypto at all is reported missing it.
#define CRYPTOBENCH_LIBCRYPTO_EVP_SHARED(X)                                                        \
  X(const char*, OpenSSL_version, (int type))                                                      \
  X(unsigned long, OpenSSL_version_num, ())                                                        \
  X(void, ERR_clear_error, ())                                                                     \
  X(const EVP_CIPHER*, EVP_get_cipherbyname, (const char* name))                                   \
  X(const EVP_MD*, EVP_get_digestbyname, (const char* name))                                       \
  X(EVP_CIPHER_CTX*, EVP_CIPHER_CTX_new, ())                                                       \
  X(void, EVP_CIPHER_CTX_free, (EVP_CIPHER_CTX * ctx))                                             \
  X(int, EVP_CipherInit_ex,                                                                        \
    (EVP_CIPHER_CTX * ctx, const EVP_CIPHER* cipher, ENGINE* engine, const unsigned char* key,     \
     const unsigned char* iv, int enc))                                                            \
  X(int, EVP_CipherUpdate,                                                                         \
    (EVP_CIPHER_CTX * ctx, unsigned char* out, int* out_len, const unsigned char* in, int in_len)) \
  X(int, EVP_CipherFinal_ex, (EVP_CIPHER_CTX * ctx, unsigned char* out, int* out_len))             \
  X(int, EVP_CIPHER_CTX_set_padding, (EVP_CIPHER_CTX * ctx, int padding))                          \
  X(EVP_MD_CTX*, EVP_MD_CTX_new, ())                                                               \
  X(void, EVP_MD_CTX_free, (EVP_MD_CTX * ctx))                                                     \
  X(void, EVP_PKEY_free, (EVP_PKEY * pkey))                                                        \
  X(EVP_PKEY_CTX*, EVP_PKEY_CTX_new, (EVP_PKEY * pkey, ENGINE * engine))                           \
  X(void, EVP_PKEY_CTX_free, (EVP_PKEY_CTX * ctx))                                                 \
  X(int, EVP_PKEY_sign_init, (EVP_PKEY_CTX * ctx))                                                 \
  X(int, EVP_PKEY_sign,                                                                            \
    (EVP_PKEY_CTX * ctx, unsigned char* sig, size_t* sig_len, const unsigned char* tbs,            \
     size_t tbs_len))                                                                              \
  X(int, EVP_PKEY_verify_init, (EVP_PKEY_CTX * ctx))                                               \
  X(int, EVP_PKEY_verify,                                                                          \
    (EVP_PKEY_CTX * ctx, const unsigned char* sig, size_t sig_len, const unsigned char* tbs,       \
     size_t tbs_len))                                                                              \
  X(int, EVP_PKEY_derive_init, (EVP_PKEY_CTX * ctx))                                               \
  X(int, EVP_PKEY_derive_set_peer, (EVP_PKEY_CTX * ctx, EVP_PKEY * peer))                          \
  X(int, EVP_PKEY_derive, (EVP_PKEY_CTX * ctx, unsigned char* key, size_t* key_len))               \
  X(int, EVP_DigestSignInit,                                                                       \
    (EVP_MD_CTX * ctx, EVP_PKEY_CTX * *pctx, const EVP_MD* md, ENGINE* engine, EVP_PKEY* pkey))    \
  X(int, EVP_DigestSign,                                                                           \
    (EVP_MD_CTX * ctx, unsigned char* sig, size_t* sig_len, const unsigned char* tbs,              \
     size_t tbs_len))                                                                              \
  X(int, EVP_DigestVerifyInit,                                                                     \
    (EVP_MD_CTX * ctx, EVP_PKEY_CTX * *pctx, const EVP_MD* md, ENGINE* engine, EVP_PKEY* pkey))    \
  X(int, EVP_DigestVerify,                                                                         \
    (EVP_MD_CTX * ctx, const unsigned char* sig, size_t sig_len, const unsigned char* tbs,         \
     size_t tbs_len))                                                                              \
  X(EVP_PKEY*, EVP_PKEY_new_raw_private_key,                                                       \
    (int type, ENGINE* engine, const unsigned char* key, size_t key_len))                          \
  X(EVP_PKEY*, EVP_PKEY_new_raw_public_key,                                                        \
    (int type, ENGINE* engine, const unsigned char* key, size_t key_len))                          \
  X(EVP_PKEY*, d2i_PublicKey, (int type, EVP_PKEY** out, const unsigned char** der, long len))     \
  X(EVP_PKEY*, d2i_PrivateKey, (int type, EVP_PKEY** out, const unsigned char** der, long len))    \
  X(EVP_PKEY*, d2i_PUBKEY, (EVP_PKEY * *out, const unsigned char** der, long len))                 \
  X(BIO*, BIO_new_mem_buf, (const void* buf, int len))                                             \
  X(int, BIO_free, (BIO * bio))                                                                    \
  X(EVP_PKEY*, PEM_read_bio_PrivateKey,                                                            \
    (BIO * bio, EVP_PKEY * *out, int (*password_cb)(char*, int, int, void*), void* user))

// The legacy HMAC_CTX and CMAC_CTX entries with the same prototype in OpenSSL 1.1.1, 3.x (where
// they are deprecated, and a no-deprecated build omits them: OpenSSL's table has them optional)
// and BoringSSL (required there). HMAC_Init_ex (int or size_t key length) and CMAC_Update
// (void or uint8_t data) differ and stay in each backend's own table.
#define CRYPTOBENCH_LIBCRYPTO_MAC_SHARED(X)                                                      \
  X(HMAC_CTX*, HMAC_CTX_new, ())                                                                 \
  X(void, HMAC_CTX_free, (HMAC_CTX * ctx))                                                       \
  X(int, HMAC_Update, (HMAC_CTX * ctx, const unsigned char* data, size_t len))                   \
  X(int, HMAC_Final, (HMAC_CTX * ctx, unsigned char* out, unsigned int* out_len))                \
  X(CMAC_CTX*, CMAC_CTX_new, ())                                                                 \
  X(void, CMAC_CTX_free, (CMAC_CTX * ctx))                                                       \
  X(int, CMAC_Init,                                                                              \
    (CMAC_CTX * ctx, const void* key, size_t key_len, const EVP_CIPHER* cipher, ENGINE* engine)) \
  X(int, CMAC_Final, (CMAC_CTX * ctx, unsigned char* out, size_t* out_len))

// The X callback that declares a table entry as a member: a null function pointer.
#define CRYPTOBENCH_LIBCRYPTO_DECLARE_ENTRY(ret, name, params) ret(*name) params = nullptr;

// X callbacks that resolve a table entry with ResolveSymbol, for use inside a function with
// `void* handle`, a pointer `lib` to the table and `const char* missing` in scope: a REQUIRED
// entry that is absent sets `missing` to its name (the first such, in table order), an OPTIONAL
// one stays null.
#define CRYPTOBENCH_LIBCRYPTO_RESOLVE_REQUIRED(ret, name, params)                                 \
  if (!::cryptobench::backends::ResolveSymbol(handle, #name, &lib->name) && missing == nullptr) { \
    missing = #name;                                                                              \
  }
#define CRYPTOBENCH_LIBCRYPTO_RESOLVE_OPTIONAL(ret, name, params) \
  ::cryptobench::backends::ResolveSymbol(handle, #name, &lib->name);

namespace cryptobench::backends {

/// Sets *out, a table entry's function pointer, to dlsym(handle, name) (POSIX gives function
/// and object pointers the same representation; memcpy keeps -Wpedantic quiet about the cast).
/// Returns false, leaving *out unchanged, when `handle` has no such symbol.
template <typename Fn>
bool ResolveSymbol(void* handle, const char* name, Fn* out) {
  static_assert(sizeof(Fn) == sizeof(void*));
  void* symbol = dlsym(handle, name);
  if (symbol == nullptr) {
    return false;
  }
  std::memcpy(out, &symbol, sizeof(Fn));
  return true;
}

/// "CALL failed", plus ": <text>" of the oldest entry of `lib`'s error queue when there is one
/// (ERR_get_error, ERR_error_string_n into 256 bytes); the queue is then cleared. Lib is a
/// backend's function table with those entries and ERR_clear_error.
template <typename Lib>
std::string LibcryptoError(const Lib& lib, std::string_view call) {
  std::string message = std::string(call) + " failed";
  if (auto code = lib.ERR_get_error(); code != 0) {
    char text[256] = {};
    lib.ERR_error_string_n(code, text, sizeof(text));
    message += ": ";
    message += text;
  }
  lib.ERR_clear_error();
  return message;
}

}  // namespace cryptobench::backends
