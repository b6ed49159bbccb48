// What `tls` and `compare --tls` share: turning TlsOptions into a plan and a run, and finishing
// the run after measuring.
#pragma once

#include <cstdint>
#include <string>

#include "cli/commands.h"

#include "tls/model.h"
#include "tls/runner.h"

namespace cryptobench::cli {

/// A validated `tls` invocation: the plan for the workers and the run's skeleton (method,
/// source, backend; no machine, library or cells yet).
struct PreparedTls {
  tls::TlsPlan plan;
  tls::TlsRun run;
  bool serve = false;        ///< --serve: nothing to measure; the caller serves
  bool downloading = false;  ///< --connect
  bool by_path = false;      ///< the backend loads its library by path (openssl)
  bool aead = false;         ///< measure the AEAD ceiling after the cells
  uint64_t record_size = 0;
};

/// Validates `options` (not --format or --output, which the callers check) and builds the
/// plan. Throws UsageError, one line, for any bad value.
PreparedTls PrepareTls(const TlsOptions& options);

/// Copies what RunTlsPlan measured into prepared.run.
void TakeMeasurement(PreparedTls& prepared, tls::TlsMeasurement measured);

/// Measures the suites' AEADs with speed's workers into prepared.run.aead_ceiling (when
/// prepared.aead).
void MeasureCeiling(PreparedTls& prepared);

/// The progress label of a cell: "TLS_AES_128_GCM_SHA256", "handshakes X25519 RSA-2048 full".
std::string TlsCellLabel(const tls::TlsCell& cell);

}  // namespace cryptobench::cli
