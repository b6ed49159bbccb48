// libssl loaded at run time beside the libcrypto under test: the prototypes cryptobench calls
// (declared here, not taken from <openssl/ssl.h>, so one build loads any 1.1.1 or 3.x pair by
// path), the libcrypto functions the TLS side needs beyond the speed backend's table (key
// generation, X.509), and the check that a libssl belongs to its libcrypto.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "backends/openssl/libcrypto.h"

namespace cryptobench::tls::openssl {

using backends::openssl::BIO;
using backends::openssl::ENGINE;
using backends::openssl::EVP_MD;
using backends::openssl::EVP_PKEY;
using backends::openssl::EVP_PKEY_CTX;
using backends::openssl::Libcrypto;
using backends::openssl::LibcryptoPtr;

// Opaque OpenSSL types, named as in OpenSSL's headers.
struct SSL_METHOD;
struct SSL_CTX;
struct SSL;
struct SSL_CIPHER;
struct SSL_SESSION;
struct X509;
struct X509_STORE;
struct X509_NAME;
struct X509_EXTENSION;
struct ASN1_INTEGER;
struct ASN1_TIME;

// Constants, with the header each comes from; the same values in 1.1.1 and 3.x.
inline constexpr int kTls12Version = 0x0303;         ///< prov_ssl.h TLS1_2_VERSION
inline constexpr int kTls13Version = 0x0304;         ///< prov_ssl.h TLS1_3_VERSION
inline constexpr int kCtrlSetMinProtoVersion = 123;  ///< ssl.h SSL_CTRL_SET_MIN_PROTO_VERSION
inline constexpr int kCtrlSetMaxProtoVersion = 124;  ///< ssl.h SSL_CTRL_SET_MAX_PROTO_VERSION
inline constexpr int kCtrlSetGroupsList = 92;        ///< ssl.h SSL_CTRL_SET_GROUPS_LIST
inline constexpr int kCtrlGetNegotiatedGroup = 134;  ///< ssl.h (3.0) SSL_CTRL_GET_NEGOTIATED_GROUP
inline constexpr int kCtrlSetSessCacheMode = 44;     ///< ssl.h SSL_CTRL_SET_SESS_CACHE_MODE
inline constexpr long kSessCacheClient = 0x0001;     ///< ssl.h SSL_SESS_CACHE_CLIENT
inline constexpr uint64_t kOpEnableKtls = uint64_t{1} << 3;  ///< ssl.h (3.0) SSL_OP_ENABLE_KTLS
inline constexpr int kVerifyPeer = 0x01;                     ///< ssl.h SSL_VERIFY_PEER
inline constexpr int kErrorZeroReturn = 6;                   ///< ssl.h SSL_ERROR_ZERO_RETURN
inline constexpr int kErrorSyscall = 5;                      ///< ssl.h SSL_ERROR_SYSCALL
inline constexpr int kErrorSsl = 1;                          ///< ssl.h SSL_ERROR_SSL
inline constexpr int kBioCtrlGetKtlsSend = 73;               ///< bio.h BIO_CTRL_GET_KTLS_SEND
inline constexpr int kBioCtrlGetKtlsRecv = 76;               ///< bio.h BIO_CTRL_GET_KTLS_RECV
inline constexpr int kEvpPkeyOpParamgen = 1 << 1;            ///< evp.h EVP_PKEY_OP_PARAMGEN
inline constexpr int kEvpPkeyOpKeygen = 1 << 2;              ///< evp.h EVP_PKEY_OP_KEYGEN
inline constexpr int kEvpPkeyCtrlRsaKeygenBits = 0x1003;     ///< rsa.h EVP_PKEY_ALG_CTRL + 3
inline constexpr int kEvpPkeyCtrlEcCurveNid = 0x1001;        ///< ec.h EVP_PKEY_ALG_CTRL + 1
inline constexpr int kNidPrime256v1 = 415;                   ///< obj_mac.h NID_X9_62_prime256v1
inline constexpr int kNidSubjectAltName = 85;                ///< obj_mac.h NID_subject_alt_name
inline constexpr int kMbstringAsc = 0x1001;                  ///< asn1.h MBSTRING_ASC

// libssl functions: X(return type, name, parameter list). REQUIRED ones are exported by 1.1.1
// (util/libssl.num of OpenSSL 1.1.1: every one is there, tagged 1_1_0 or 1_1_1) and by 3.x.
// SSL_CTX_set_options takes and returns unsigned long in 1.1.1 and uint64_t in 3.x: the same
// type on the LP64 systems cryptobench runs on. OPTIONAL ones are 3.x additions.
#define CRYPTOBENCH_LIBSSL_REQUIRED(X)                                                \
  X(const SSL_METHOD*, TLS_server_method, ())                                         \
  X(const SSL_METHOD*, TLS_client_method, ())                                         \
  X(SSL_CTX*, SSL_CTX_new, (const SSL_METHOD* method))                                \
  X(void, SSL_CTX_free, (SSL_CTX * ctx))                                              \
  X(long, SSL_CTX_ctrl, (SSL_CTX * ctx, int cmd, long larg, void* parg))              \
  X(uint64_t, SSL_CTX_set_options, (SSL_CTX * ctx, uint64_t options))                 \
  X(int, SSL_CTX_set_ciphersuites, (SSL_CTX * ctx, const char* list))                 \
  X(int, SSL_CTX_set_cipher_list, (SSL_CTX * ctx, const char* list))                  \
  X(int, SSL_CTX_use_certificate, (SSL_CTX * ctx, X509 * cert))                       \
  X(int, SSL_CTX_use_PrivateKey, (SSL_CTX * ctx, EVP_PKEY * key))                     \
  X(int, SSL_CTX_check_private_key, (const SSL_CTX* ctx))                             \
  X(X509_STORE*, SSL_CTX_get_cert_store, (const SSL_CTX* ctx))                        \
  X(int, SSL_CTX_set_default_verify_paths, (SSL_CTX * ctx))                           \
  X(void, SSL_CTX_set_verify, (SSL_CTX * ctx, int mode, int (*callback)(int, void*))) \
  X(int, SSL_CTX_set_num_tickets, (SSL_CTX * ctx, size_t count))                      \
  X(SSL*, SSL_new, (SSL_CTX * ctx))                                                   \
  X(void, SSL_free, (SSL * ssl))                                                      \
  X(int, SSL_set_fd, (SSL * ssl, int fd))                                             \
  X(int, SSL_accept, (SSL * ssl))                                                     \
  X(int, SSL_connect, (SSL * ssl))                                                    \
  X(int, SSL_read, (SSL * ssl, void* buffer, int size))                               \
  X(int, SSL_write, (SSL * ssl, const void* data, int size))                          \
  X(int, SSL_get_error, (const SSL* ssl, int ret))                                    \
  X(int, SSL_shutdown, (SSL * ssl))                                                   \
  X(long, SSL_ctrl, (SSL * ssl, int cmd, long larg, void* parg))                      \
  X(const char*, SSL_get_version, (const SSL* ssl))                                   \
  X(const SSL_CIPHER*, SSL_get_current_cipher, (const SSL* ssl))                      \
  X(const char*, SSL_CIPHER_standard_name, (const SSL_CIPHER* cipher))                \
  X(SSL_SESSION*, SSL_get1_session, (SSL * ssl))                                      \
  X(int, SSL_set_session, (SSL * ssl, SSL_SESSION * session))                         \
  X(void, SSL_SESSION_free, (SSL_SESSION * session))                                  \
  X(int, SSL_session_reused, (const SSL* ssl))                                        \
  X(int, SSL_set1_host, (SSL * ssl, const char* hostname))                            \
  X(BIO*, SSL_get_rbio, (const SSL* ssl))                                             \
  X(BIO*, SSL_get_wbio, (const SSL* ssl))

#define CRYPTOBENCH_LIBSSL_OPTIONAL(X) X(const char*, SSL_group_to_name, (SSL * ssl, int id))

// libcrypto functions the TLS side needs beyond backends/openssl/libcrypto.h, all exported by
// 1.1.1 (util/libcrypto.num) and 3.x: key generation through EVP_PKEY_CTX_ctrl (the 1.1.1
// route; 3.x maps the controls to parameters) and a self-signed certificate.
#define CRYPTOBENCH_TLS_LIBCRYPTO_REQUIRED(X)                                                  \
  X(EVP_PKEY_CTX*, EVP_PKEY_CTX_new_id, (int id, ENGINE* engine))                              \
  X(int, EVP_PKEY_keygen_init, (EVP_PKEY_CTX * ctx))                                           \
  X(int, EVP_PKEY_keygen, (EVP_PKEY_CTX * ctx, EVP_PKEY * *key))                               \
  X(X509*, X509_new, ())                                                                       \
  X(void, X509_free, (X509 * cert))                                                            \
  X(int, X509_set_version, (X509 * cert, long version))                                        \
  X(ASN1_INTEGER*, X509_get_serialNumber, (X509 * cert))                                       \
  X(int, ASN1_INTEGER_set, (ASN1_INTEGER * integer, long value))                               \
  X(ASN1_TIME*, X509_gmtime_adj, (ASN1_TIME * time, long seconds))                             \
  X(ASN1_TIME*, X509_getm_notBefore, (const X509* cert))                                       \
  X(ASN1_TIME*, X509_getm_notAfter, (const X509* cert))                                        \
  X(X509_NAME*, X509_get_subject_name, (const X509* cert))                                     \
  X(int, X509_set_issuer_name, (X509 * cert, const X509_NAME* name))                           \
  X(int, X509_NAME_add_entry_by_txt,                                                           \
    (X509_NAME * name, const char* field, int type, const unsigned char* bytes, int length,    \
     int location, int set))                                                                   \
  X(int, X509_set_pubkey, (X509 * cert, EVP_PKEY * key))                                       \
  X(int, X509_sign, (X509 * cert, EVP_PKEY * key, const EVP_MD* md))                           \
  X(X509_EXTENSION*, X509V3_EXT_conf_nid, (void* conf, void* ctx, int nid, const char* value)) \
  X(int, X509_add_ext, (X509 * cert, X509_EXTENSION * extension, int location))                \
  X(void, X509_EXTENSION_free, (X509_EXTENSION * extension))                                   \
  X(int, i2d_X509, (const X509* cert, unsigned char** out))                                    \
  X(X509*, d2i_X509, (X509 * *out, const unsigned char** in, long length))                     \
  X(int, X509_STORE_add_cert, (X509_STORE * store, X509 * cert))                               \
  X(long, BIO_ctrl, (BIO * bio, int cmd, long larg, void* parg))

/// A loaded libssl and the extra libcrypto entries, every REQUIRED one non-null. Never
/// dlclose()d, like the libcrypto (atexit handlers).
struct Libssl {
#define CRYPTOBENCH_LIBSSL_DECLARE(ret, name, params) ret(*name) params = nullptr;
  CRYPTOBENCH_LIBSSL_REQUIRED(CRYPTOBENCH_LIBSSL_DECLARE)
  CRYPTOBENCH_LIBSSL_OPTIONAL(CRYPTOBENCH_LIBSSL_DECLARE)
  CRYPTOBENCH_TLS_LIBCRYPTO_REQUIRED(CRYPTOBENCH_LIBSSL_DECLARE)
#undef CRYPTOBENCH_LIBSSL_DECLARE

  LibcryptoPtr crypto;         ///< the libcrypto this libssl runs on
  std::string requested_path;  ///< as given or derived (LibsslPathFor)
  std::string loaded_path;     ///< real path of the file loaded
  void* handle = nullptr;
};

using LibsslPtr = std::shared_ptr<const Libssl>;

/// The libssl that belongs to libcrypto `libcrypto_path`: "libssl.so.3" for the default
/// "libcrypto.so.3"; for a path, the file in the same directory whose name has "libssl" where
/// the libcrypto's has "libcrypto" (a build tree and an installed lib directory hold both).
/// Throws UsageError when the name has no "libcrypto" to replace.
std::string LibsslPathFor(const std::string& libcrypto_path);

/// Opens libssl `path` in the link-map namespace of `crypto` (so its libcrypto dependency is
/// that very library) and resolves the tables. Throws UsageError, one line, when the file does
/// not load, lacks a REQUIRED symbol, runs on another libcrypto than `crypto` (a libssl of
/// another OpenSSL series or build: "... runs on /usr/lib/libcrypto.so.1.1 (OpenSSL 1.1.1w),
/// not on ... (OpenSSL 3.0.19)"), or is not in the libcrypto's directory (a libssl has no
/// version of its own; one of another release of the same series would load and run).
LibsslPtr LoadLibssl(const std::string& path, LibcryptoPtr crypto);

/// The names of the REQUIRED libssl and extra libcrypto entries (for the 1.1.1 export check).
std::vector<std::string> RequiredLibsslSymbols();
std::vector<std::string> RequiredTlsLibcryptoSymbols();

}  // namespace cryptobench::tls::openssl
