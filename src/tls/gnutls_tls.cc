// The GnuTLS TLS library: linked at build time (the gnutls backend's library), keys and
// certificates made with GnuTLS, sessions restricted to one suite and group by a priority
// string.
#include "tls/gnutls_tls.h"

#include <cerrno>
#include <ctime>
#include <map>

#include <fmt/format.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <gnutls/socket.h>
#include <gnutls/x509.h>

#include "backends/common/library_identity.h"

#include "tls/socket.h"

namespace cryptobench::tls {
namespace {

std::string GnutlsError(const char* call, int rc) {
  return fmt::format("{} failed: {}", call, gnutls_strerror(rc));
}

// Runs a record call again when it was interrupted, or returned GNUTLS_E_AGAIN without the
// socket timing out: TLS 1.3 post-handshake messages (a NewSessionTicket) end a read that way.
// A socket timeout leaves errno at EAGAIN and is returned.
template <typename Fn>
ssize_t Retry(Fn fn) {
  for (;;) {
    errno = 0;
    const ssize_t rc = fn();
    if (rc == GNUTLS_E_INTERRUPTED) {
      continue;
    }
    if (rc == GNUTLS_E_AGAIN && errno != EAGAIN && errno != EWOULDBLOCK) {
      continue;
    }
    return rc;
  }
}

std::string ErrorText(const char* call, ssize_t rc, int saved_errno) {
  if (rc == GNUTLS_E_AGAIN || (rc == GNUTLS_E_PUSH_ERROR || rc == GNUTLS_E_PULL_ERROR)) {
    if (saved_errno != 0) {
      return fmt::format("{} failed: {}", call, SocketErrorText(saved_errno));
    }
  }
  return GnutlsError(call, static_cast<int>(rc));
}

// The priority string of a configuration: the library's defaults narrowed to one protocol
// version, one suite and one group (gnutls_priority_init(3), "Priority strings" in the manual).
std::string PriorityFor(const EndpointConfig& config, bool client) {
  std::string priority = "NORMAL";
  if (config.suite != nullptr) {
    const bool tls13 = config.suite->version == TlsVersion::kTls13;
    priority += tls13 ? ":-VERS-ALL:+VERS-TLS1.3" : ":-VERS-ALL:+VERS-TLS1.2";
    priority += ":-CIPHER-ALL:+" + std::string(config.suite->gnutls_cipher);
    priority += ":-MAC-ALL:+AEAD";
    if (!tls13) {
      priority += ":-KX-ALL:+" + std::string(config.suite->gnutls_kx);
    }
  }
  if (config.group != nullptr) {
    priority += ":-GROUP-ALL";
    for (const GroupInfo* group : GroupsToOffer(config.group, config.suite, config.cert, client)) {
      priority += ":+";
      priority += group->gnutls;
    }
  }
  return priority;
}

// The IANA name of the negotiated suite. gnutls_ciphersuite_get (3.7.3) gives it for TLS 1.3
// and the RFC name for TLS 1.2 too.
std::string SuiteName(gnutls_session_t session) {
  const char* name = gnutls_ciphersuite_get(session);
  return name != nullptr ? name : "";
}

class GnutlsConnection : public TlsConnection {
 public:
  GnutlsConnection(gnutls_session_t session, std::string configured_group)
      : session_(session), configured_group_(std::move(configured_group)) {}
  ~GnutlsConnection() override { gnutls_deinit(session_); }

  long Read(uint8_t* buffer, size_t size) override {
    const ssize_t n = Retry([&] { return gnutls_record_recv(session_, buffer, size); });
    if (n > 0) {
      return static_cast<long>(n);
    }
    if (n == 0) {
      clean_end_ = true;
      return 0;
    }
    if (n == GNUTLS_E_PREMATURE_TERMINATION) {
      clean_end_ = false;
      return 0;
    }
    error_ = ErrorText("gnutls_record_recv", n, errno);
    return -1;
  }

  bool Write(const uint8_t* data, size_t size) override {
    while (size > 0) {
      const ssize_t n = Retry([&] { return gnutls_record_send(session_, data, size); });
      if (n <= 0) {
        error_ = ErrorText("gnutls_record_send", n, errno);
        return false;
      }
      data += n;
      size -= static_cast<size_t>(n);
    }
    return true;
  }

  void Shutdown() override { gnutls_bye(session_, GNUTLS_SHUT_WR); }

  Negotiated Info() override {
    Negotiated info;
    const gnutls_protocol_t version = gnutls_protocol_get_version(session_);
    info.protocol = version == GNUTLS_TLS1_3   ? "TLSv1.3"
                    : version == GNUTLS_TLS1_2 ? "TLSv1.2"
                                               : gnutls_protocol_get_name(version);
    info.suite = SuiteName(session_);
    info.group = configured_group_;
    if (const char* name = gnutls_group_get_name(gnutls_group_get(session_)); name != nullptr) {
      const GroupInfo* known = FindGroup(name);
      info.group = known != nullptr ? std::string(known->name) : std::string(name);
    }
    info.resumed = gnutls_session_is_resumed(session_) != 0;
    const gnutls_transport_ktls_enable_flags_t ktls = gnutls_transport_is_ktls_enabled(session_);
    info.ktls_send = (ktls & GNUTLS_KTLS_SEND) != 0;
    info.ktls_recv = (ktls & GNUTLS_KTLS_RECV) != 0;
    return info;
  }

  gnutls_session_t session() { return session_; }

 private:
  gnutls_session_t session_;
  std::string configured_group_;
};

class GnutlsSessionData : public ResumptionState {
 public:
  explicit GnutlsSessionData(gnutls_datum_t data) : data_(data) {}
  ~GnutlsSessionData() override { gnutls_free(data_.data); }
  const gnutls_datum_t& data() const { return data_; }

 private:
  gnutls_datum_t data_;
};

// Runs the handshake of a session already set up; nullptr with *error on failure.
std::unique_ptr<TlsConnection> Handshake(gnutls_session_t session, int fd, const std::string& group,
                                         std::string* error) {
  auto connection = std::make_unique<GnutlsConnection>(session, group);
  gnutls_transport_set_int(session, fd);
  errno = 0;
  int rc;
  do {
    rc = gnutls_handshake(session);
  } while (rc < 0 && gnutls_error_is_fatal(rc) == 0 && rc != GNUTLS_E_AGAIN);
  if (rc < 0) {
    if (rc == GNUTLS_E_CERTIFICATE_VERIFICATION_ERROR) {
      gnutls_datum_t text{};
      const unsigned status = gnutls_session_get_verify_cert_status(session);
      gnutls_certificate_verification_status_print(status, GNUTLS_CRT_X509, &text, 0);
      *error = fmt::format("gnutls_handshake failed: certificate verify failed: {}",
                           text.data != nullptr ? reinterpret_cast<char*>(text.data) : "");
      gnutls_free(text.data);
    } else {
      *error = ErrorText("gnutls_handshake", rc, errno);
    }
    return nullptr;
  }
  return connection;
}

struct Credential {
  gnutls_x509_privkey_t key = nullptr;
  gnutls_x509_crt_t cert = nullptr;
  gnutls_certificate_credentials_t credentials = nullptr;
};

class GnutlsServer : public ServerEndpoint {
 public:
  GnutlsServer(gnutls_certificate_credentials_t credentials, gnutls_priority_t priority,
               const gnutls_datum_t* ticket_key, std::string group)
      : credentials_(credentials),
        priority_(priority),
        ticket_key_(ticket_key),
        group_(std::move(group)) {}
  ~GnutlsServer() override { gnutls_priority_deinit(priority_); }

  std::unique_ptr<TlsConnection> Accept(int fd, std::string* error) override {
    gnutls_session_t session = nullptr;
    int rc = gnutls_init(&session, GNUTLS_SERVER);
    if (rc < 0) {
      *error = GnutlsError("gnutls_init", rc);
      return nullptr;
    }
    if ((rc = gnutls_priority_set(session, priority_)) < 0 ||
        (rc = gnutls_credentials_set(session, GNUTLS_CRD_CERTIFICATE, credentials_)) < 0 ||
        (rc = gnutls_session_ticket_enable_server(session, ticket_key_)) < 0) {
      gnutls_deinit(session);
      *error = GnutlsError("setting up the server session", rc);
      return nullptr;
    }
    return Handshake(session, fd, group_, error);
  }

 private:
  gnutls_certificate_credentials_t credentials_;  // owned by the library object
  gnutls_priority_t priority_;
  const gnutls_datum_t* ticket_key_;
  std::string group_;
};

class GnutlsClient : public ClientEndpoint {
 public:
  GnutlsClient(gnutls_certificate_credentials_t credentials, gnutls_priority_t priority,
               std::string host, std::string group)
      : credentials_(credentials),
        priority_(priority),
        host_(std::move(host)),
        group_(std::move(group)) {}
  ~GnutlsClient() override {
    gnutls_priority_deinit(priority_);
    gnutls_certificate_free_credentials(credentials_);
  }

  std::unique_ptr<TlsConnection> Connect(int fd, const ResumptionState* resume,
                                         std::string* error) override {
    gnutls_session_t session = nullptr;
    int rc = gnutls_init(&session, GNUTLS_CLIENT);
    if (rc < 0) {
      *error = GnutlsError("gnutls_init", rc);
      return nullptr;
    }
    if ((rc = gnutls_priority_set(session, priority_)) < 0 ||
        (rc = gnutls_credentials_set(session, GNUTLS_CRD_CERTIFICATE, credentials_)) < 0 ||
        (rc = gnutls_server_name_set(session, GNUTLS_NAME_DNS, host_.data(), host_.size())) < 0) {
      gnutls_deinit(session);
      *error = GnutlsError("setting up the client session", rc);
      return nullptr;
    }
    gnutls_session_set_verify_cert(session, host_.c_str(), 0);
    if (const auto* data = dynamic_cast<const GnutlsSessionData*>(resume); data != nullptr) {
      gnutls_session_set_data(session, data->data().data, data->data().size);
    }
    return Handshake(session, fd, group_, error);
  }

  std::shared_ptr<ResumptionState> SaveSession(TlsConnection& connection) override {
    auto* own = dynamic_cast<GnutlsConnection*>(&connection);
    if (own == nullptr) {
      return nullptr;
    }
    gnutls_datum_t data{};
    if (gnutls_session_get_data2(own->session(), &data) < 0 || data.size == 0) {
      gnutls_free(data.data);
      return nullptr;
    }
    return std::make_shared<GnutlsSessionData>(data);
  }

 private:
  gnutls_certificate_credentials_t credentials_;
  gnutls_priority_t priority_;
  std::string host_;
  std::string group_;
};

class GnutlsSha256 : public Sha256 {
 public:
  GnutlsSha256() { ok_ = gnutls_hash_init(&hash_, GNUTLS_DIG_SHA256) >= 0; }
  ~GnutlsSha256() override {
    if (ok_) {
      gnutls_hash_deinit(hash_, nullptr);
    }
  }
  bool ok() const { return ok_; }
  void Update(const uint8_t* data, size_t size) override {
    if (ok_ && gnutls_hash(hash_, data, size) < 0) {
      failed_ = true;
    }
  }
  std::vector<uint8_t> Final() override {
    std::vector<uint8_t> digest(32);
    gnutls_hash_output(hash_, digest.data());
    return failed_ ? std::vector<uint8_t>() : digest;
  }

 private:
  gnutls_hash_hd_t hash_ = nullptr;
  bool ok_ = false;
  bool failed_ = false;
};

class GnutlsTlsLibrary : public TlsLibrary {
 public:
  GnutlsTlsLibrary() {
    // As the gnutls speed backend names it, so the AEAD ceiling's run reads the same.
    info_.crypto.backend = "gnutls";
    const char* version = gnutls_check_version(nullptr);
    info_.crypto.version = version != nullptr ? version : "";
    info_.crypto.version_num = version != nullptr ? backends::DottedVersionNumber(version) : 0;
    info_.crypto.loaded_path = backends::SharedObjectPathOf(&gnutls_check_version);
    gnutls_session_ticket_key_generate(&ticket_key_);
  }
  ~GnutlsTlsLibrary() override {
    for (auto& [type, credential] : credentials_) {
      Free(credential);
    }
    gnutls_free(ticket_key_.data);
  }

  const TlsLibraryInfo& Info() const override { return info_; }

  bool GenerateCredential(CertType type, std::vector<uint8_t>* der, std::string* error) override {
    Credential credential;
    int rc = gnutls_x509_privkey_init(&credential.key);
    if (rc >= 0) {
      switch (type) {
        case CertType::kRsa2048:
          rc = gnutls_x509_privkey_generate(credential.key, GNUTLS_PK_RSA, 2048, 0);
          break;
        case CertType::kEcdsaP256:
          rc = gnutls_x509_privkey_generate(credential.key, GNUTLS_PK_ECDSA,
                                            GNUTLS_CURVE_TO_BITS(GNUTLS_ECC_CURVE_SECP256R1), 0);
          break;
        case CertType::kEd25519:
          rc = gnutls_x509_privkey_generate(credential.key, GNUTLS_PK_EDDSA_ED25519,
                                            GNUTLS_CURVE_TO_BITS(GNUTLS_ECC_CURVE_ED25519), 0);
          break;
      }
    }
    const char* step = "generating the key";
    const time_t now = time(nullptr);
    const unsigned char serial[] = {0x01};
    const unsigned char loopback[] = {127, 0, 0, 1};
    if (rc >= 0) {
      step = "making the certificate";
      rc = gnutls_x509_crt_init(&credential.cert);
    }
    if (rc >= 0) {
      rc = gnutls_x509_crt_set_version(credential.cert, 3);
    }
    if (rc >= 0) {
      rc = gnutls_x509_crt_set_serial(credential.cert, serial, sizeof serial);
    }
    if (rc >= 0) {
      rc = gnutls_x509_crt_set_activation_time(credential.cert, now - 3600);
    }
    if (rc >= 0) {
      rc = gnutls_x509_crt_set_expiration_time(credential.cert, now + 86400);
    }
    if (rc >= 0) {
      rc = gnutls_x509_crt_set_dn(credential.cert, "CN=localhost", nullptr);
    }
    if (rc >= 0) {
      rc = gnutls_x509_crt_set_subject_alt_name(credential.cert, GNUTLS_SAN_DNSNAME, "localhost", 9,
                                                GNUTLS_FSAN_APPEND);
    }
    if (rc >= 0) {
      rc = gnutls_x509_crt_set_subject_alt_name(credential.cert, GNUTLS_SAN_IPADDRESS, loopback,
                                                sizeof loopback, GNUTLS_FSAN_APPEND);
    }
    if (rc >= 0) {
      rc = gnutls_x509_crt_set_key(credential.cert, credential.key);
    }
    if (rc >= 0) {
      // Ed25519 signs the message itself; GnuTLS then takes the digest as unused.
      rc = gnutls_x509_crt_sign2(credential.cert, credential.cert, credential.key,
                                 type == CertType::kEd25519 ? GNUTLS_DIG_SHA512 : GNUTLS_DIG_SHA256,
                                 0);
    }
    gnutls_datum_t out{};
    if (rc >= 0) {
      rc = gnutls_x509_crt_export2(credential.cert, GNUTLS_X509_FMT_DER, &out);
    }
    if (rc >= 0) {
      step = "loading the credential";
      rc = gnutls_certificate_allocate_credentials(&credential.credentials);
    }
    if (rc >= 0) {
      rc = gnutls_certificate_set_x509_key(credential.credentials, &credential.cert, 1,
                                           credential.key);
    }
    if (rc < 0) {
      *error = fmt::format("{} ({}): {}", step, CertTypeName(type), gnutls_strerror(rc));
      gnutls_free(out.data);
      Free(credential);
      return false;
    }
    der->assign(out.data, out.data + out.size);
    gnutls_free(out.data);
    if (auto old = credentials_.find(type); old != credentials_.end()) {
      Free(old->second);
    }
    credentials_[type] = credential;
    return true;
  }

  std::unique_ptr<ServerEndpoint> NewServer(const EndpointConfig& config,
                                            SetupError* error) override {
    const auto credential = credentials_.find(config.cert);
    if (credential == credentials_.end()) {
      error->message = fmt::format("no {} credential was generated", CertTypeName(config.cert));
      return nullptr;
    }
    gnutls_priority_t priority = Priority(config, false, error);
    if (priority == nullptr) {
      return nullptr;
    }
    return std::make_unique<GnutlsServer>(credential->second.credentials, priority, &ticket_key_,
                                          GroupName(config));
  }

  std::unique_ptr<ClientEndpoint> NewClient(const EndpointConfig& config,
                                            const std::vector<std::vector<uint8_t>>& trusted,
                                            const std::string& host, SetupError* error) override {
    gnutls_certificate_credentials_t credentials = nullptr;
    int rc = gnutls_certificate_allocate_credentials(&credentials);
    if (rc < 0) {
      error->message = GnutlsError("gnutls_certificate_allocate_credentials", rc);
      return nullptr;
    }
    if (trusted.empty()) {
      rc = gnutls_certificate_set_x509_system_trust(credentials);
    }
    for (const std::vector<uint8_t>& der : trusted) {
      gnutls_datum_t datum{const_cast<unsigned char*>(der.data()),
                           static_cast<unsigned>(der.size())};
      rc = gnutls_certificate_set_x509_trust_mem(credentials, &datum, GNUTLS_X509_FMT_DER);
      if (rc < 0) {
        break;
      }
    }
    if (rc < 0) {
      gnutls_certificate_free_credentials(credentials);
      error->message = GnutlsError("trusting the server's certificate", rc);
      return nullptr;
    }
    gnutls_priority_t priority = Priority(config, true, error);
    if (priority == nullptr) {
      gnutls_certificate_free_credentials(credentials);
      return nullptr;
    }
    return std::make_unique<GnutlsClient>(credentials, priority, host, GroupName(config));
  }

  std::unique_ptr<Sha256> NewSha256() override {
    auto sha = std::make_unique<GnutlsSha256>();
    if (!sha->ok()) {
      return nullptr;
    }
    return sha;
  }

 private:
  static std::string GroupName(const EndpointConfig& config) {
    return config.group != nullptr ? std::string(config.group->name) : "";
  }

  // The priority cache of `config`; a keyword GnuTLS does not know makes the suite or group
  // unsupported by this version.
  static gnutls_priority_t Priority(const EndpointConfig& config, bool client, SetupError* error) {
    const std::string text = PriorityFor(config, client);
    gnutls_priority_t priority = nullptr;
    const char* bad = nullptr;
    const int rc = gnutls_priority_init(&priority, text.c_str(), &bad);
    if (rc < 0) {
      error->unsupported = rc == GNUTLS_E_INVALID_REQUEST;
      const std::string keyword =
          bad != nullptr ? std::string(bad).substr(0, std::string(bad).find(':')) : "";
      error->message =
          keyword.empty()
              ? GnutlsError("gnutls_priority_init", rc)
              : fmt::format("this GnuTLS does not know {} (priority string {})", keyword, text);
      return nullptr;
    }
    return priority;
  }

  static void Free(Credential& credential) {
    if (credential.credentials != nullptr) {
      gnutls_certificate_free_credentials(credential.credentials);
    }
    if (credential.cert != nullptr) {
      gnutls_x509_crt_deinit(credential.cert);
    }
    if (credential.key != nullptr) {
      gnutls_x509_privkey_deinit(credential.key);
    }
    credential = Credential{};
  }

  TlsLibraryInfo info_;
  gnutls_datum_t ticket_key_{};
  std::map<CertType, Credential> credentials_;
};

}  // namespace

std::unique_ptr<TlsLibrary> OpenGnutlsTls() { return std::make_unique<GnutlsTlsLibrary>(); }

}  // namespace cryptobench::tls
