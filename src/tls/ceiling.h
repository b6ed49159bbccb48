// The AEAD ceiling: the suites' record protection measured alone, by `speed`'s workers, at the
// record size and with the same library, so a transfer can be read against what its AEAD
// allows.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "results/model.h"

namespace cryptobench::tls {

/// What the ceiling measures.
struct CeilingPlan {
  std::string executable;    ///< cryptobench itself
  std::string backend;       ///< the speed backend of the TLS backend: openssl or gnutls
  std::string library_path;  ///< openssl: the libcrypto (--lib); "" otherwise
  std::map<std::string, std::string> env;  ///< the tls workers' environment
  std::vector<std::string> aeads;          ///< catalogue names, in order, without duplicates
  uint64_t record_size = 16384;
  double max_seconds = 0.5;  ///< sampling budget per AEAD
  double precision = 0.01;
};

/// Measures the encryption of each AEAD at plan.record_size (the sealing a server does per
/// record) and returns it as a speed run (library, method and machine left for the caller to
/// complete where empty). A worker failure becomes the cell's status; a library that cannot be
/// opened throws as worker::Probe does.
results::RunResult MeasureAeadCeiling(const CeilingPlan& plan);

}  // namespace cryptobench::tls
