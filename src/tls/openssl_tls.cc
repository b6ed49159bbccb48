// The OpenSSL TLS library: libssl over the libcrypto under test, keys and certificates made
// with that libcrypto, endpoints restricted to one suite and group.
#include "tls/openssl_tls.h"

#include <cerrno>
#include <climits>
#include <map>

#include <fmt/format.h>

#include "backends/openssl/identity.h"
#include "backends/openssl/libcrypto.h"
#include "core/errors.h"

#include "tls/socket.h"

namespace cryptobench::tls::openssl {
namespace {

using backends::openssl::LibError;
using backends::openssl::Own;
using backends::openssl::Owned;

// OpenSSL 3.x packs an error code as lib << 23 | reason (err.h ERR_LIB_OFFSET, ERR_REASON_MASK);
// SSL_R_UNEXPECTED_EOF_WHILE_READING (294, ssl/sslerr.h) in ERR_LIB_SSL (20) is a peer that
// closed the connection without close_notify. 1.1.1 reports it as SSL_ERROR_SYSCALL, errno 0.
constexpr unsigned long kErrLibSsl = 20;
constexpr unsigned long kReasonUnexpectedEof = 294;

bool IsUnexpectedEof(unsigned long code) {
  return ((code >> 23) & 0xFF) == kErrLibSsl && (code & 0x7FFFFF) == kReasonUnexpectedEof;
}

struct Credential {
  EVP_PKEY* key = nullptr;
  X509* cert = nullptr;
};

class OpensslConnection : public TlsConnection {
 public:
  OpensslConnection(LibsslPtr lib, SSL* ssl, std::string configured_group)
      : lib_(std::move(lib)), ssl_(ssl), configured_group_(std::move(configured_group)) {}
  ~OpensslConnection() override { lib_->SSL_free(ssl_); }

  long Read(uint8_t* buffer, size_t size) override {
    const int n = lib_->SSL_read(ssl_, buffer, static_cast<int>(std::min<size_t>(size, INT_MAX)));
    if (n > 0) {
      return n;
    }
    const int saved_errno = errno;
    const int reason = lib_->SSL_get_error(ssl_, n);
    if (reason == kErrorZeroReturn) {
      clean_end_ = true;
      return 0;
    }
    const unsigned long code = lib_->crypto->ERR_get_error();
    if ((reason == kErrorSyscall && code == 0 && saved_errno == 0) ||
        (reason == kErrorSsl && IsUnexpectedEof(code))) {
      lib_->crypto->ERR_clear_error();
      clean_end_ = false;
      return 0;
    }
    error_ = Describe("SSL_read", reason, code, saved_errno);
    return -1;
  }

  bool Write(const uint8_t* data, size_t size) override {
    while (size > 0) {
      const int chunk = static_cast<int>(std::min<size_t>(size, INT_MAX));
      const int n = lib_->SSL_write(ssl_, data, chunk);
      if (n <= 0) {
        const int saved_errno = errno;
        const int reason = lib_->SSL_get_error(ssl_, n);
        error_ = Describe("SSL_write", reason, lib_->crypto->ERR_get_error(), saved_errno);
        return false;
      }
      data += n;
      size -= static_cast<size_t>(n);
    }
    return true;
  }

  void Shutdown() override {
    lib_->SSL_shutdown(ssl_);
    lib_->crypto->ERR_clear_error();
  }

  Negotiated Info() override {
    Negotiated info;
    if (const char* version = lib_->SSL_get_version(ssl_); version != nullptr) {
      info.protocol = version;
    }
    if (const SSL_CIPHER* cipher = lib_->SSL_get_current_cipher(ssl_); cipher != nullptr) {
      if (const char* name = lib_->SSL_CIPHER_standard_name(cipher); name != nullptr) {
        info.suite = name;
      }
    }
    info.group = configured_group_;
    if (lib_->SSL_group_to_name != nullptr) {
      const long id = lib_->SSL_ctrl(ssl_, kCtrlGetNegotiatedGroup, 0, nullptr);
      if (id > 0) {
        if (const char* name = lib_->SSL_group_to_name(ssl_, static_cast<int>(id));
            name != nullptr) {
          const GroupInfo* known = FindGroup(name);
          info.group = known != nullptr ? std::string(known->name) : std::string(name);
        }
      }
    }
    info.resumed = lib_->SSL_session_reused(ssl_) == 1;
    info.ktls_send = lib_->BIO_ctrl(lib_->SSL_get_wbio(ssl_), kBioCtrlGetKtlsSend, 0, nullptr) > 0;
    info.ktls_recv = lib_->BIO_ctrl(lib_->SSL_get_rbio(ssl_), kBioCtrlGetKtlsRecv, 0, nullptr) > 0;
    lib_->crypto->ERR_clear_error();
    return info;
  }

  SSL* ssl() { return ssl_; }

 private:
  std::string Describe(const char* call, int reason, unsigned long code, int saved_errno) {
    if (code != 0) {
      char text[256] = {};
      lib_->crypto->ERR_error_string_n(code, text, sizeof text);
      lib_->crypto->ERR_clear_error();
      return fmt::format("{} failed: {}", call, text);
    }
    if (reason == kErrorSyscall && saved_errno != 0) {
      return fmt::format("{} failed: {}", call, SocketErrorText(saved_errno));
    }
    return fmt::format("{} failed (SSL_get_error {})", call, reason);
  }

  LibsslPtr lib_;
  SSL* ssl_;
  std::string configured_group_;
};

class OpensslSession : public ResumptionState {
 public:
  OpensslSession(LibsslPtr lib, SSL_SESSION* session) : lib_(std::move(lib)), session_(session) {}
  ~OpensslSession() override { lib_->SSL_SESSION_free(session_); }
  SSL_SESSION* get() const { return session_; }

 private:
  LibsslPtr lib_;
  SSL_SESSION* session_;
};

// Owns an SSL_CTX.
struct CtxDeleter {
  LibsslPtr lib;
  void operator()(SSL_CTX* ctx) const {
    if (ctx != nullptr) {
      lib->SSL_CTX_free(ctx);
    }
  }
};
using CtxPtr = std::unique_ptr<SSL_CTX, CtxDeleter>;

// Restricts `ctx` to `config`'s protocol version, suite and group. Sets *error and returns
// false when the library refuses one (it lacks it).
bool Restrict(const Libssl& lib, SSL_CTX* ctx, const EndpointConfig& config, bool client,
              SetupError* error) {
  const bool tls13 = config.suite == nullptr || config.suite->version == TlsVersion::kTls13;
  const long min_version =
      config.suite == nullptr ? kTls12Version : (tls13 ? kTls13Version : kTls12Version);
  const long max_version = tls13 ? kTls13Version : kTls12Version;
  if (lib.SSL_CTX_ctrl(ctx, kCtrlSetMinProtoVersion, min_version, nullptr) != 1 ||
      lib.SSL_CTX_ctrl(ctx, kCtrlSetMaxProtoVersion, max_version, nullptr) != 1) {
    error->unsupported = true;
    error->message =
        fmt::format("this libssl cannot be limited to {}", tls13 ? "TLS 1.3" : "TLS 1.2");
    lib.crypto->ERR_clear_error();
    return false;
  }
  if (config.suite != nullptr) {
    const std::string name(config.suite->openssl);
    const int ok = tls13 ? lib.SSL_CTX_set_ciphersuites(ctx, name.c_str())
                         : lib.SSL_CTX_set_cipher_list(ctx, name.c_str());
    if (ok != 1) {
      error->unsupported = true;
      error->message = fmt::format("this libssl does not offer {}", config.suite->iana);
      lib.crypto->ERR_clear_error();
      return false;
    }
  }
  if (config.group != nullptr) {
    std::string list;
    for (const GroupInfo* group : GroupsToOffer(config.group, config.suite, config.cert, client)) {
      if (!list.empty()) {
        list += ':';
      }
      list += group->openssl;
    }
    if (lib.SSL_CTX_ctrl(ctx, kCtrlSetGroupsList, 0, list.data()) != 1) {
      error->unsupported = true;
      error->message = fmt::format("this libssl does not offer the group {}", config.group->name);
      lib.crypto->ERR_clear_error();
      return false;
    }
  }
  if (config.ktls) {
    lib.SSL_CTX_set_options(ctx, kOpEnableKtls);
  }
  return true;
}

class OpensslServer : public ServerEndpoint {
 public:
  OpensslServer(LibsslPtr lib, CtxPtr ctx, std::string group)
      : lib_(std::move(lib)), ctx_(std::move(ctx)), group_(std::move(group)) {}

  std::unique_ptr<TlsConnection> Accept(int fd, std::string* error) override {
    SSL* ssl = lib_->SSL_new(ctx_.get());
    if (ssl == nullptr) {
      *error = LibError(*lib_->crypto, "SSL_new");
      return nullptr;
    }
    auto connection = std::make_unique<OpensslConnection>(lib_, ssl, group_);
    lib_->SSL_set_fd(ssl, fd);
    errno = 0;
    const int rc = lib_->SSL_accept(ssl);
    if (rc != 1) {
      *error = HandshakeError(*lib_, ssl, rc, "SSL_accept");
      return nullptr;
    }
    return connection;
  }

  static std::string HandshakeError(const Libssl& lib, SSL* ssl, int rc, const char* call) {
    const int saved_errno = errno;
    const int reason = lib.SSL_get_error(ssl, rc);
    const unsigned long code = lib.crypto->ERR_get_error();
    if (code != 0) {
      char text[256] = {};
      lib.crypto->ERR_error_string_n(code, text, sizeof text);
      lib.crypto->ERR_clear_error();
      return fmt::format("{} failed: {}", call, text);
    }
    if (reason == kErrorSyscall) {
      return fmt::format("{} failed: {}", call,
                         saved_errno != 0 ? SocketErrorText(saved_errno)
                                          : std::string("the peer closed the connection"));
    }
    return fmt::format("{} failed (SSL_get_error {})", call, reason);
  }

 private:
  LibsslPtr lib_;
  CtxPtr ctx_;
  std::string group_;
};

class OpensslClient : public ClientEndpoint {
 public:
  OpensslClient(LibsslPtr lib, CtxPtr ctx, std::string host, std::string group)
      : lib_(std::move(lib)),
        ctx_(std::move(ctx)),
        host_(std::move(host)),
        group_(std::move(group)) {}

  std::unique_ptr<TlsConnection> Connect(int fd, const ResumptionState* resume,
                                         std::string* error) override {
    SSL* ssl = lib_->SSL_new(ctx_.get());
    if (ssl == nullptr) {
      *error = LibError(*lib_->crypto, "SSL_new");
      return nullptr;
    }
    auto connection = std::make_unique<OpensslConnection>(lib_, ssl, group_);
    lib_->SSL_set_fd(ssl, fd);
    if (lib_->SSL_set1_host(ssl, host_.c_str()) != 1) {
      *error = LibError(*lib_->crypto, "SSL_set1_host");
      return nullptr;
    }
    if (const auto* session = dynamic_cast<const OpensslSession*>(resume); session != nullptr) {
      lib_->SSL_set_session(ssl, session->get());
    }
    errno = 0;
    const int rc = lib_->SSL_connect(ssl);
    if (rc != 1) {
      *error = OpensslServer::HandshakeError(*lib_, ssl, rc, "SSL_connect");
      return nullptr;
    }
    return connection;
  }

  std::shared_ptr<ResumptionState> SaveSession(TlsConnection& connection) override {
    auto* own = dynamic_cast<OpensslConnection*>(&connection);
    if (own == nullptr) {
      return nullptr;
    }
    SSL_SESSION* session = lib_->SSL_get1_session(own->ssl());
    if (session == nullptr) {
      return nullptr;
    }
    return std::make_shared<OpensslSession>(lib_, session);
  }

 private:
  LibsslPtr lib_;
  CtxPtr ctx_;
  std::string host_;
  std::string group_;
};

class OpensslSha256 : public Sha256 {
 public:
  OpensslSha256(LibcryptoPtr lib, Owned<EVP_MD> md)
      : lib_(std::move(lib)),
        md_(std::move(md)),
        ctx_(Own(lib_->EVP_MD_CTX_new(), lib_->EVP_MD_CTX_free)) {
    ok_ = ctx_ != nullptr && lib_->EVP_DigestInit_ex(ctx_.get(), md_.get(), nullptr) == 1;
  }
  bool ok() const { return ok_; }
  void Update(const uint8_t* data, size_t size) override {
    ok_ = ok_ && lib_->EVP_DigestUpdate(ctx_.get(), data, size) == 1;
  }
  std::vector<uint8_t> Final() override {
    std::vector<uint8_t> digest(64);
    unsigned int length = 0;
    if (!ok_ || lib_->EVP_DigestFinal_ex(ctx_.get(), digest.data(), &length) != 1) {
      return {};
    }
    digest.resize(length);
    return digest;
  }

 private:
  LibcryptoPtr lib_;
  Owned<EVP_MD> md_;
  Owned<backends::openssl::EVP_MD_CTX> ctx_;
  bool ok_ = false;
};

class OpensslTlsLibrary : public TlsLibrary {
 public:
  explicit OpensslTlsLibrary(LibsslPtr lib) : lib_(std::move(lib)) {
    info_.crypto = backends::openssl::ReadIdentity(*lib_->crypto);
    info_.libssl_requested_path = lib_->requested_path;
    info_.libssl_loaded_path = lib_->loaded_path;
  }
  ~OpensslTlsLibrary() override {
    for (auto& [type, credential] : credentials_) {
      lib_->X509_free(credential.cert);
      lib_->crypto->EVP_PKEY_free(credential.key);
    }
  }

  const TlsLibraryInfo& Info() const override { return info_; }

  bool GenerateCredential(CertType type, std::vector<uint8_t>* der, std::string* error) override {
    const Libcrypto& crypto = *lib_->crypto;
    EVP_PKEY* key = GenerateKey(type, error);
    if (key == nullptr) {
      return false;
    }
    X509* cert = lib_->X509_new();
    bool ok = cert != nullptr && lib_->X509_set_version(cert, 2) == 1 &&
              lib_->ASN1_INTEGER_set(lib_->X509_get_serialNumber(cert), 1) == 1 &&
              lib_->X509_gmtime_adj(lib_->X509_getm_notBefore(cert), -3600) != nullptr &&
              lib_->X509_gmtime_adj(lib_->X509_getm_notAfter(cert), 86400) != nullptr;
    if (ok) {
      X509_NAME* name = lib_->X509_get_subject_name(cert);
      const auto* cn = reinterpret_cast<const unsigned char*>("localhost");
      ok = lib_->X509_NAME_add_entry_by_txt(name, "CN", kMbstringAsc, cn, -1, -1, 0) == 1 &&
           lib_->X509_set_issuer_name(cert, name) == 1 && lib_->X509_set_pubkey(cert, key) == 1;
    }
    if (ok) {
      X509_EXTENSION* san = lib_->X509V3_EXT_conf_nid(nullptr, nullptr, kNidSubjectAltName,
                                                      "DNS:localhost,IP:127.0.0.1");
      ok = san != nullptr && lib_->X509_add_ext(cert, san, -1) == 1;
      if (san != nullptr) {
        lib_->X509_EXTENSION_free(san);
      }
    }
    if (ok) {
      Owned<EVP_MD> sha256;
      if (type != CertType::kEd25519) {
        sha256 = backends::openssl::FetchDigest(crypto, "SHA256");
      }
      ok = (type == CertType::kEd25519 || sha256 != nullptr) &&
           lib_->X509_sign(cert, key, sha256.get()) > 0;
    }
    int length = ok ? lib_->i2d_X509(cert, nullptr) : 0;
    if (length > 0) {
      der->resize(static_cast<size_t>(length));
      unsigned char* out = der->data();
      length = lib_->i2d_X509(cert, &out);
    }
    if (!ok || length <= 0) {
      *error = LibError(crypto, fmt::format("making the {} certificate", CertTypeName(type)));
      if (cert != nullptr) {
        lib_->X509_free(cert);
      }
      crypto.EVP_PKEY_free(key);
      return false;
    }
    if (auto old = credentials_.find(type); old != credentials_.end()) {
      lib_->X509_free(old->second.cert);
      crypto.EVP_PKEY_free(old->second.key);
    }
    credentials_[type] = Credential{key, cert};
    return true;
  }

  std::unique_ptr<ServerEndpoint> NewServer(const EndpointConfig& config,
                                            SetupError* error) override {
    const auto credential = credentials_.find(config.cert);
    if (credential == credentials_.end()) {
      error->message = fmt::format("no {} credential was generated", CertTypeName(config.cert));
      return nullptr;
    }
    CtxPtr ctx(lib_->SSL_CTX_new(lib_->TLS_server_method()), CtxDeleter{lib_});
    if (ctx == nullptr) {
      error->message = LibError(*lib_->crypto, "SSL_CTX_new");
      return nullptr;
    }
    if (!Restrict(*lib_, ctx.get(), config, false, error)) {
      return nullptr;
    }
    if (lib_->SSL_CTX_use_certificate(ctx.get(), credential->second.cert) != 1 ||
        lib_->SSL_CTX_use_PrivateKey(ctx.get(), credential->second.key) != 1 ||
        lib_->SSL_CTX_check_private_key(ctx.get()) != 1) {
      error->message = LibError(*lib_->crypto, "SSL_CTX_use_certificate");
      return nullptr;
    }
    return std::make_unique<OpensslServer>(lib_, std::move(ctx), GroupName(config));
  }

  std::unique_ptr<ClientEndpoint> NewClient(const EndpointConfig& config,
                                            const std::vector<std::vector<uint8_t>>& trusted,
                                            const std::string& host, SetupError* error) override {
    CtxPtr ctx(lib_->SSL_CTX_new(lib_->TLS_client_method()), CtxDeleter{lib_});
    if (ctx == nullptr) {
      error->message = LibError(*lib_->crypto, "SSL_CTX_new");
      return nullptr;
    }
    if (!Restrict(*lib_, ctx.get(), config, true, error)) {
      return nullptr;
    }
    lib_->SSL_CTX_set_verify(ctx.get(), kVerifyPeer, nullptr);
    if (trusted.empty()) {
      lib_->SSL_CTX_set_default_verify_paths(ctx.get());
    }
    X509_STORE* store = lib_->SSL_CTX_get_cert_store(ctx.get());
    for (const std::vector<uint8_t>& der : trusted) {
      const unsigned char* in = der.data();
      X509* cert = lib_->d2i_X509(nullptr, &in, static_cast<long>(der.size()));
      const bool added = cert != nullptr && lib_->X509_STORE_add_cert(store, cert) == 1;
      if (cert != nullptr) {
        lib_->X509_free(cert);  // the store holds its own reference
      }
      if (!added) {
        error->message = LibError(*lib_->crypto, "trusting the server's certificate");
        return nullptr;
      }
    }
    return std::make_unique<OpensslClient>(lib_, std::move(ctx), host, GroupName(config));
  }

  std::unique_ptr<Sha256> NewSha256() override {
    Owned<EVP_MD> md = backends::openssl::FetchDigest(*lib_->crypto, "SHA256");
    if (md == nullptr) {
      return nullptr;
    }
    auto sha = std::make_unique<OpensslSha256>(lib_->crypto, std::move(md));
    if (!sha->ok()) {
      return nullptr;
    }
    return sha;
  }

 private:
  static std::string GroupName(const EndpointConfig& config) {
    return config.group != nullptr ? std::string(config.group->name) : "";
  }

  EVP_PKEY* GenerateKey(CertType type, std::string* error) {
    const Libcrypto& crypto = *lib_->crypto;
    int id = backends::openssl::kEvpPkeyEc;
    if (type == CertType::kRsa2048) {
      id = backends::openssl::kEvpPkeyRsa;
    } else if (type == CertType::kEd25519) {
      id = backends::openssl::kEvpPkeyEd25519;
    }
    Owned<EVP_PKEY_CTX> ctx = Own(lib_->EVP_PKEY_CTX_new_id(id, nullptr), crypto.EVP_PKEY_CTX_free);
    bool ok = ctx != nullptr && lib_->EVP_PKEY_keygen_init(ctx.get()) == 1;
    if (ok && type == CertType::kRsa2048) {
      ok = crypto.EVP_PKEY_CTX_ctrl(ctx.get(), id, kEvpPkeyOpKeygen, kEvpPkeyCtrlRsaKeygenBits,
                                    2048, nullptr) > 0;
    } else if (ok && type == CertType::kEcdsaP256) {
      ok = crypto.EVP_PKEY_CTX_ctrl(ctx.get(), id, kEvpPkeyOpParamgen | kEvpPkeyOpKeygen,
                                    kEvpPkeyCtrlEcCurveNid, kNidPrime256v1, nullptr) > 0;
    }
    EVP_PKEY* key = nullptr;
    if (!ok || lib_->EVP_PKEY_keygen(ctx.get(), &key) != 1 || key == nullptr) {
      *error = LibError(crypto, fmt::format("generating the {} key", CertTypeName(type)));
      return nullptr;
    }
    return key;
  }

  LibsslPtr lib_;
  TlsLibraryInfo info_;
  std::map<CertType, Credential> credentials_;
};

}  // namespace

std::unique_ptr<TlsLibrary> OpenOpensslTls(const std::string& libcrypto_path,
                                           const std::string& libssl_path) {
  const std::string crypto_path = libcrypto_path.empty() ? "libcrypto.so.3" : libcrypto_path;
  LibcryptoPtr crypto = backends::openssl::LoadLibcrypto(crypto_path);
  const std::string ssl_path = libssl_path.empty() ? LibsslPathFor(crypto_path) : libssl_path;
  return std::make_unique<OpensslTlsLibrary>(LoadLibssl(ssl_path, std::move(crypto)));
}

std::unique_ptr<TlsLibrary> OpenOpensslTls(LibsslPtr lib) {
  return std::make_unique<OpensslTlsLibrary>(std::move(lib));
}

}  // namespace cryptobench::tls::openssl
