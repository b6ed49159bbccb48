// `cryptobench tls --serve`: cryptobench's TLS server, with the library under test, for real
// clients (curl, openssl s_client, a browser): the interop half where the peer is the client.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "tls/suites.h"

namespace cryptobench::tls {

/// What --serve runs.
struct ServeOptions {
  std::string backend = "openssl";
  std::string libcrypto_path;  ///< openssl: "" = libcrypto.so.3
  std::string libssl_path;     ///< openssl: "" = beside the libcrypto
  uint16_t port = 0;           ///< 0: an ephemeral port
  CertType cert = CertType::kEcdsaP256;
  const SuiteInfo* suite = nullptr;  ///< null: the library's defaults
  const GroupInfo* group = nullptr;  ///< null: the library's defaults
  uint64_t record_size = 16384;
  uint64_t connections = 0;  ///< serve this many, then exit; 0: until SIGINT or SIGTERM
  double io_timeout_seconds = 30;
};

/// Generates the credential, listens on 127.0.0.1, writes the certificate (PEM) into a fresh
/// temporary directory (mode 0700, under $TMPDIR or /tmp) for clients to trust, and announces
/// on `out` (flushed): "serving https://localhost:PORT/cryptobench?bytes=N ..." and
/// "certificate: DIR/cert.pem". Serves `GET /cryptobench?bytes=N&seed=S` (stream.h), one
/// connection at a time, logging each to `log`. Removes the directory before returning,
/// also after SIGINT or SIGTERM. Throws UsageError for a library that will not open, a port in
/// use or a suite or group the library lacks; returns 1 when a connection failed, else 0.
int RunServe(const ServeOptions& options, std::ostream& out, std::ostream& log);

}  // namespace cryptobench::tls
