// The parent <-> tls worker protocol. The parent re-executes cryptobench as
// `cryptobench __tls-worker` twice: a server and a client. Each gets a WorkerJob as its first
// JSON line on stdin, then one command per line; each answers with JSON lines on stdout.
//
// Server: job -> {"type":"listening", port, library, libssl_*, certs:{CERT: DER hex}, ktls}
//   {"cmd":"serve", cell}   -> {"type":"serving"} | {"type":"setup_failed", unsupported, message}
//   {"cmd":"report"}        -> {"type":"connections", connections:[ConnectionRecord...]}
// Client: job -> {"type":"ready"}
//   {"cmd":"run", cell}     -> {"type":"sample", n}... then {"type":"result", status, message,
//                              negotiated, verified_bytes, resumed, samples:[...]}
// Both: {"cmd":"quit"} -> {"type":"done"}; a job that cannot start -> {"type":"fatal",
// message, usage} and exit status 3.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "measure/sampler.h"

#include "tls/model.h"

namespace cryptobench::tls {

/// Name of the hidden subcommand that runs a tls worker.
inline constexpr const char* kTlsWorkerSubcommand = "__tls-worker";

/// Exit status of a worker whose job could not start (after a "fatal" message).
inline constexpr int kTlsWorkerFatalExit = 3;

/// What a worker process is for.
struct WorkerJob {
  std::string role;                       ///< "server" or "client"
  std::string backend = "openssl";        ///< TLS backend (library.h TlsBackendNames)
  std::string libcrypto_path;             ///< openssl: "" = libcrypto.so.3
  std::string libssl_path;                ///< openssl: "" = beside the libcrypto
  double io_timeout_seconds = 30;         ///< socket send/receive timeout
  uint16_t port = 0;                      ///< server: 0 = ephemeral; client: the server's
  std::vector<std::string> certs;         ///< server: certificate types to generate (CertTypeName)
  std::vector<std::string> trusted_hex;   ///< client: DER certificates it trusts, hex
  std::string host = "127.0.0.1";         ///< client: where the server listens
  std::string server_name = "localhost";  ///< client: the name its certificate must carry
  /// client: "" to ask a cryptobench server for its stream; else the path of a GET to a real
  /// server (`cryptobench tls --connect`), whose body is checked by SHA-256
  std::string path;
  std::string expect_sha256;  ///< client with a path: the body's SHA-256, hex; "" = the first's
  std::string test_fault;     ///< test-only: "server-crash", "server-hang", "client-crash"
};

nlohmann::json WorkerJobToJson(const WorkerJob& job);
/// Throws std::runtime_error on a malformed job.
WorkerJob WorkerJobFromJson(const nlohmann::json& j);

/// One cell as both workers need it: the TlsCell's configuration, the sampling settings and the
/// warm-up.
struct CellRequest {
  TlsCell cell;  ///< configuration fields only (kind ... record_size)
  measure::SamplerConfig sampler;
  uint64_t warmup_bytes = 0;  ///< transfers: one untimed transfer of this size first
};

nlohmann::json CellRequestToJson(const CellRequest& request);
/// Throws std::runtime_error on a malformed request.
CellRequest CellRequestFromJson(const nlohmann::json& j);

nlohmann::json CpuUseToJson(const CpuUse& cpu);
CpuUse CpuUseFromJson(const nlohmann::json& j);

/// What the server measured of one connection, in arrival order.
struct ConnectionRecord {
  uint64_t connection = 0;  ///< the client's number for it (from its request)
  bool ok = true;
  std::string message;
  uint64_t bytes = 0;  ///< body bytes sent
  CpuUse transfer;     ///< from the request to the last body byte written
  CpuUse whole;        ///< from before accept() to the closed socket
  bool ktls_send = false;
  bool ktls_recv = false;
};

nlohmann::json ConnectionRecordToJson(const ConnectionRecord& record);
ConnectionRecord ConnectionRecordFromJson(const nlohmann::json& j);

/// A client sample on the wire: the TlsSample's client side and the connections it covers.
struct ClientSample {
  uint64_t first_connection = 0;
  TlsSample sample;  ///< server side empty; the parent fills it from ConnectionRecords
};

nlohmann::json ClientSampleToJson(const ClientSample& sample);
ClientSample ClientSampleFromJson(const nlohmann::json& j);

}  // namespace cryptobench::tls
