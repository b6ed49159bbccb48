// The result model of `cryptobench tls`: bulk transfers and handshakes over loopback, each with
// its raw samples (client and server CPU beside the wall clock) and the figures derived from
// them in one place (DeriveTlsFigures). JSON layout: docs/json-schema.md, "tls results".
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "results/model.h"

namespace cryptobench::tls {

/// One process's CPU use over a timed stretch, nanoseconds (getrusage / CLOCK_PROCESS_CPUTIME_ID
/// differences, as measure::Sample).
struct CpuUse {
  int64_t cpu_ns = 0;
  int64_t user_ns = 0;
  int64_t sys_ns = 0;
  uint64_t preemptions = 0;  ///< involuntary context switches (ru_nivcsw) during the stretch
};

/// One timed stretch: a transfer, or a batch of handshakes.
struct TlsSample {
  uint64_t connections = 0;  ///< connections in the stretch (transfers: 1)
  uint64_t bytes = 0;        ///< application bytes the client received (handshakes: 0)
  int64_t wall_ns = 0;       ///< the client's wall clock (CLOCK_MONOTONIC) over the stretch
  CpuUse client;
  CpuUse server;
  bool server_measured = true;  ///< false when the server is not cryptobench's (a real peer)
};

/// Figures of a cell, from its samples. "Unit" is a byte for transfers (so CPU per unit in ns
/// is CPU seconds per GB, GB = 10^9 bytes) and a handshake for handshakes.
struct TlsFigures {
  size_t num_samples = 0;            ///< samples the medians use
  size_t num_preempted_samples = 0;  ///< samples where client or server was preempted
  bool preempted_left_out = false;   ///< those were left out (>= 5 others remained)
  double confidence = 0.95;
  double ci_confidence = 0;        ///< coverage the CIs attain (lower with few samples)
  bool precision_reached = false;  ///< the rate's CI attains `confidence` and is within the
                                   ///< run's precision target (DeriveAllTlsFigures)
  results::Estimate rate;          ///< bytes/s (transfers) or handshakes/s, per wall-clock second
  results::Estimate client_cpu_ns_per_unit;  ///< median of per-sample CPU / units, with CI
  results::Estimate server_cpu_ns_per_unit;  ///< ditto; all 0 when the server is not measured
  /// The median total split by the samples' summed user and system time (getrusage), so
  /// user + sys = the median.
  double client_user_ns_per_unit = 0;
  double client_sys_ns_per_unit = 0;
  double server_user_ns_per_unit = 0;
  double server_sys_ns_per_unit = 0;
  double client_cpu_utilization = 0;  ///< sum of CPU time / sum of wall time (1 = a core)
  double server_cpu_utilization = 0;
};

/// What the client saw negotiated (checked against what was asked for).
struct NegotiatedInfo {
  std::string protocol;  ///< "TLSv1.3"
  std::string suite;     ///< IANA name
  std::string group;
  bool ktls_send = false;  ///< the client's kTLS state (transfers)
  bool ktls_recv = false;
  bool server_ktls_send = false;  ///< the server's
  bool server_ktls_recv = false;
};

/// One measured configuration: a bulk transfer of one suite (or plain TCP), or the handshakes of
/// one group, certificate type and mode.
struct TlsCell {
  std::string kind = "transfer";  ///< "transfer" or "handshake"
  std::string transport = "tls";  ///< "tls", or "tcp" for the baseline without TLS
  std::string protocol;           ///< requested: "TLSv1.3", "TLSv1.2"; "" for tcp
  std::string suite;              ///< IANA name; "" for tcp
  std::string aead;               ///< the suite's AEAD (catalogue name); "" for tcp
  std::string group;              ///< "X25519", ...; "" for tcp
  std::string cert;               ///< "ECDSA-P256", ...; "" for tcp
  std::string mode;               ///< handshakes: "full" or "resumed"; transfers: ""
  bool ktls = false;              ///< kTLS was asked for
  uint64_t transfer_bytes = 0;    ///< application bytes per transfer (transfers)
  uint64_t record_size = 0;       ///< bytes per write: one TLS record each
  results::CellStatus status = results::CellStatus::kOk;
  std::string message;  ///< why, when not ok
  NegotiatedInfo negotiated;
  uint64_t verified_bytes = 0;      ///< transfers: bytes compared with the expected stream
  uint64_t resumed_handshakes = 0;  ///< handshakes: sampled handshakes that resumed
  std::string url;                  ///< downloads from a real server (--connect): what was fetched
  std::string body_sha256;          ///< downloads: the SHA-256 every body had, hex
  std::vector<TlsSample> samples;
  std::optional<TlsFigures> figures;  ///< set by DeriveTlsFigures when samples exist
};

/// Kernel TLS: whether it could be used, and why not.
struct KtlsInfo {
  std::string status = "not_tried";  ///< "used", "unavailable" or "not_tried"
  std::string reason;                ///< one sentence: why unavailable, or what was measured
  std::string kernel;                ///< "available", "missing" or "unknown": the tls ULP
  std::string library;               ///< "yes", "no" or "unknown": the library can use it
};

/// How the run measured.
struct TlsMethod {
  std::string clock = "CLOCK_MONOTONIC";
  uint64_t transfer_bytes = 0;
  uint64_t record_size = 0;
  double precision = 0.02;
  double max_seconds = 5;        ///< sampling budget per transfer cell, seconds
  double handshake_seconds = 1;  ///< sampling budget per handshake cell, seconds
  size_t min_samples = 5;
  double confidence = 0.95;
  uint64_t warmup_bytes = 0;       ///< one untimed transfer of this size before each cell
  double io_timeout_seconds = 30;  ///< socket timeout: a silent peer fails the cell
  std::string verification = "every received byte compared with the expected stream";
};

/// One `cryptobench tls` run: the top-level JSON document (kind "tls").
struct TlsRun {
  int schema_version = results::kSchemaVersion;
  std::string created_utc;
  results::SourceInfo source;
  results::MachineInfo machine;
  std::string backend = "openssl";  ///< TLS backend: "openssl" or "gnutls"
  results::LibraryInfo library;     ///< the crypto library (libcrypto; GnuTLS)
  std::string libssl_requested_path;
  std::string libssl_loaded_path;
  TlsMethod method;
  KtlsInfo ktls;
  std::vector<TlsCell> transfers;
  std::vector<TlsCell> handshakes;
  /// The suites' AEADs measured by `speed` at the record size with the same library: the
  /// ceiling a transfer could reach if the AEAD were all it did.
  std::optional<results::RunResult> aead_ceiling;
};

/// Fills cell.figures from cell.samples (nothing when there are none). Rates: per-sample
/// units / wall time; a sample where client or server was preempted is left out of the medians
/// when at least results::kMinUnpreemptedSamples others exist. `precision` is the target the
/// rate's CI half-width is judged against (a fraction; 0: never reached).
void DeriveTlsFigures(TlsCell& cell, double confidence, double precision);

/// DeriveTlsFigures for every cell of `run`, with run.method's confidence and precision.
void DeriveAllTlsFigures(TlsRun& run);

/// True when a cell failed (error, crashed, timeout): the exit status is then 1. Unsupported
/// cells are not failures.
bool HasTlsFailures(const TlsRun& run);

/// The cell's per-sample units: bytes (transfers) or connections (handshakes).
uint64_t SampleUnits(const TlsCell& cell, const TlsSample& sample);

}  // namespace cryptobench::tls
