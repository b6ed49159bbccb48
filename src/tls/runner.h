// The parent side of `cryptobench tls`: starts a server worker and a client worker, runs each
// cell through both, and assembles their measurements into cells.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "measure/sampler.h"

#include "tls/ktls.h"
#include "tls/model.h"

namespace cryptobench::tls {

/// What a run measures and how.
struct TlsPlan {
  std::string executable;  ///< cryptobench itself (worker::SelfExecutable())
  std::string backend = "openssl";
  std::string libcrypto_path;              ///< openssl: "" = libcrypto.so.3
  std::string libssl_path;                 ///< openssl: "" = beside the libcrypto
  std::map<std::string, std::string> env;  ///< set in both workers from process start
  std::vector<TlsCell> transfers;          ///< configuration fields set, in order
  std::vector<TlsCell> handshakes;         ///< configuration fields set, in order
  measure::SamplerConfig transfer_sampler;
  measure::SamplerConfig handshake_sampler;
  uint64_t warmup_bytes = 0;
  uint16_t port = 0;  ///< 0: an ephemeral port
  double io_timeout_seconds = 30;
  double worker_timeout_seconds = 0;  ///< longest silence of a worker; 0 = automatic
  bool ktls = true;        ///< also measure each transfer with kTLS where the kernel offers it
  std::string test_fault;  ///< test-only, WorkerJob::test_fault
  /// `--connect`: no server worker; the client downloads from a real server there.
  std::string connect_host;
  uint16_t connect_port = 0;
  std::string server_name;    ///< the name the server's certificate must carry
  std::string path;           ///< GET path; "" asks a `cryptobench tls --serve` for its stream
  std::string expect_sha256;  ///< the body's SHA-256 (hex); "" = the first download's
  std::vector<std::vector<uint8_t>> trusted;  ///< DER certificates; empty = the system store
};

/// Called after each sample and cell: the cell, its index among all cells, the total, and the
/// samples taken so far.
using TlsProgressFn =
    std::function<void(const TlsCell& cell, size_t index, size_t total, size_t samples)>;

/// What RunTlsPlan measured.
struct TlsMeasurement {
  results::LibraryInfo library;
  std::string libssl_requested_path;
  std::string libssl_loaded_path;
  KernelKtlsFacts kernel_ktls;
  KtlsInfo ktls;
  std::vector<TlsCell> transfers;
  std::vector<TlsCell> handshakes;
};

/// Runs every cell of `plan`, transfers first, in the two workers. Throws UsageError when the
/// server worker cannot start because of the input (a library that is not one, a libssl that
/// does not belong to its libcrypto, a port in use) and std::runtime_error when it cannot
/// start otherwise. A cell that fails (a worker crashes, hangs or reports an error) is marked
/// so and the workers are started afresh for the next cell; workers are always reaped.
TlsMeasurement RunTlsPlan(const TlsPlan& plan, const TlsProgressFn& progress);

}  // namespace cryptobench::tls
