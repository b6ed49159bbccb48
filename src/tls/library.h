// A TLS library under test, as the tls workers drive it: credentials generated at run time,
// server and client endpoints configured for one suite and group, connections over sockets.
// Implementations: OpenSSL (libssl + libcrypto loaded with dlopen) and GnuTLS (linked).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "results/model.h"

#include "tls/connection.h"
#include "tls/suites.h"

namespace cryptobench::tls {

/// What an endpoint offers. A measuring endpoint offers exactly one suite and one group, so a
/// handshake that succeeds negotiated them (the client checks). Null suite or group: the
/// library's defaults (serving or fetching from a real peer).
struct EndpointConfig {
  const SuiteInfo* suite = nullptr;
  const GroupInfo* group = nullptr;
  CertType cert = CertType::kEcdsaP256;  ///< server: the credential it presents
  bool ktls = false;  ///< ask the library to hand record protection to the kernel (kTLS)
};

/// What a handshake settled, as the library reports it.
struct Negotiated {
  std::string protocol;    ///< "TLSv1.3", "TLSv1.2"
  std::string suite;       ///< IANA name, "TLS_AES_128_GCM_SHA256"
  std::string group;       ///< GroupInfo::name where known ("X25519"), else the library's name
  bool resumed = false;    ///< the session was resumed (TLS 1.3 PSK from a ticket)
  bool ktls_send = false;  ///< the kernel protects the records this side sends
  bool ktls_recv = false;  ///< ... and those it receives
};

/// An established TLS connection.
class TlsConnection : public Connection {
 public:
  virtual Negotiated Info() = 0;
};

/// Session state a client keeps to resume: a TLS 1.3 ticket (PSK) or a TLS 1.2 session.
class ResumptionState {
 public:
  virtual ~ResumptionState() = default;
};

/// Why an endpoint could not be set up. `unsupported`: the library lacks the suite, group or
/// certificate type (the cell is reported unsupported, not failed).
struct SetupError {
  bool unsupported = false;
  std::string message;
};

/// The server side of one configuration.
class ServerEndpoint {
 public:
  virtual ~ServerEndpoint() = default;
  /// Runs the server's handshake on the connected socket `fd` (not owned). nullptr with
  /// *error set when it fails.
  virtual std::unique_ptr<TlsConnection> Accept(int fd, std::string* error) = 0;
};

/// The client side of one configuration.
class ClientEndpoint {
 public:
  virtual ~ClientEndpoint() = default;
  /// Runs the client's handshake on `fd` (not owned), offering to resume `resume` when not
  /// null, and verifies the server's certificate chain and name. nullptr with *error set when
  /// it fails.
  virtual std::unique_ptr<TlsConnection> Connect(int fd, const ResumptionState* resume,
                                                 std::string* error) = 0;
  /// What resumes the session of `connection` later: call after the first application data
  /// was read (a TLS 1.3 server sends its tickets after the handshake). nullptr when the
  /// server offered no resumption.
  virtual std::shared_ptr<ResumptionState> SaveSession(TlsConnection& connection) = 0;
};

/// Which library a TLS backend runs: the crypto library's identity (libcrypto for OpenSSL,
/// GnuTLS itself) and, for OpenSSL, the libssl beside it.
struct TlsLibraryInfo {
  results::LibraryInfo crypto;
  std::string libssl_requested_path;  ///< OpenSSL: as given (--libssl) or derived; else ""
  std::string libssl_loaded_path;     ///< OpenSSL: real path of the libssl loaded; else ""
};

/// A SHA-256 computation of the library under test (checking a download from a real server).
class Sha256 {
 public:
  virtual ~Sha256() = default;
  virtual void Update(const uint8_t* data, size_t size) = 0;
  /// The 32-byte digest of everything updated so far; empty when the library failed.
  virtual std::vector<uint8_t> Final() = 0;
};

/// One TLS library, opened in a worker.
class TlsLibrary {
 public:
  virtual ~TlsLibrary() = default;

  virtual const TlsLibraryInfo& Info() const = 0;

  /// Generates a key of `type` and a self-signed X.509 v3 certificate for "localhost" and
  /// 127.0.0.1 (valid for one day, SHA-256 signature; Ed25519 signs without a digest) with the
  /// library under test, and keeps both for NewServer. Returns the certificate's DER encoding.
  virtual bool GenerateCredential(CertType type, std::vector<uint8_t>* der, std::string* error) = 0;

  /// A server for `config`, presenting the credential generated for config.cert.
  virtual std::unique_ptr<ServerEndpoint> NewServer(const EndpointConfig& config,
                                                    SetupError* error) = 0;

  /// A client for `config` that trusts the DER certificates `trusted` (empty: the library's
  /// default trust store) and checks that the server's certificate names `host`.
  virtual std::unique_ptr<ClientEndpoint> NewClient(
      const EndpointConfig& config, const std::vector<std::vector<uint8_t>>& trusted,
      const std::string& host, SetupError* error) = 0;

  /// A fresh SHA-256 (FIPS 180-4) computation; nullptr when the library cannot make one.
  virtual std::unique_ptr<Sha256> NewSha256() = 0;
};

/// Names of the TLS backends compiled in, in registry order: "openssl", then "gnutls" when
/// GnuTLS was found at build time.
std::vector<std::string> TlsBackendNames();

/// True for backends whose library is loaded by path (--lib, --libssl): openssl.
bool TlsBackendTakesPath(const std::string& backend);

/// Opens `backend` in this process. OpenSSL: `libcrypto_path` ("" = libcrypto.so.3) and
/// `libssl_path` ("" = the libssl beside the libcrypto, LibsslPathFor). Throws UsageError (one
/// line) for an unknown backend, a library that does not load or is not one, and a libssl that
/// does not belong to the libcrypto.
std::unique_ptr<TlsLibrary> OpenTlsLibrary(const std::string& backend,
                                           const std::string& libcrypto_path,
                                           const std::string& libssl_path);

}  // namespace cryptobench::tls
