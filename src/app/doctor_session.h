// The measurement session of `doctor` (live, not --from): examine each backend's library in
// masked workers, OpenSSL with the doctor of its build facts and public-key experiments
// (diagnose/doctor.h), every other backend with the library doctor (diagnose/library_doctor.h),
// and return one report per backend. The command parses the options into DoctorSettings,
// renders the reports and saves them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "algorithms/catalog.h"

#include "app/speed_session.h"
#include "diagnose/doctor_report.h"
#include "diagnose/library_doctor.h"

namespace cryptobench::app {

/// What a doctor session examines and how, parsed and validated by the command.
struct DoctorSettings {
  /// The algorithms asked for (any kind; empty = each doctor's own choice). Backends other
  /// than openssl examine the symmetric ones only.
  std::vector<const AlgorithmInfo*> algorithms;
  /// In the order examined. The openssl backend's library_path "" means the default libcrypto
  /// (backends::kDefaultLibcrypto).
  std::vector<SessionBackend> backends;
  /// --backend all: a backend that cannot be opened here is left out with a note on stderr
  /// (unless own_library), as in a speed session.
  bool leave_out_unusable = false;
  bool bare_library_given = false;  ///< a bare --lib PATH was given (for the left-out note)
  bool quick = false;               ///< --quick: the default suite's algorithms
  uint64_t input_len = 16384;       ///< bytes per operation (--bytes, one size)
  double max_seconds = 0.25;        ///< sampling budget per measurement, seconds
  // Test-only, the openssl doctor's workers (worker::RunPlan's fields of the same names).
  std::string test_fault;
  std::string test_fault_algorithm;
  double worker_timeout_seconds = 0;
};

/// One backend's report: the OpenSSL doctor's, or the library doctor's.
using DoctorSessionReport = std::variant<diagnose::DoctorReport, diagnose::LibraryDoctorReport>;

/// Called before each measurement: the backend's name when several are examined (else ""),
/// the algorithm, and the experiment's label (what is measured: as is, or under a mask).
using DoctorSessionProgressFn = std::function<void(
    const std::string& backend, const std::string& algorithm, const std::string& label)>;

/// What a doctor session returns.
struct DoctorOutcome {
  std::vector<DoctorSessionReport> reports;  ///< one per backend examined, in order
  /// The signal that stopped the session (SIGINT or SIGTERM), 0 when it ran to the end; the
  /// reports then are those finished before it (an interrupted backend's report is partial,
  /// its interrupted_by set, and any later backend is not examined).
  int interrupted = 0;
};

/// Runs a doctor session: each backend in turn (from the first SIGINT or SIGTERM on,
/// core::StopOnInterrupt, it stops and returns what it has). Throws UsageError (exit 2) when a
/// backend cannot be opened, or when only public-key algorithms are asked of a backend other
/// than openssl (public-key verdicts exist for OpenSSL only); under leave_out_unusable such a
/// backend is left out with a "note: ..." line on stderr instead, unless own_library. Other
/// exceptions of the doctors pass through.
DoctorOutcome RunDoctorSession(const DoctorSettings& settings,
                               const DoctorSessionProgressFn& progress);

}  // namespace cryptobench::app
