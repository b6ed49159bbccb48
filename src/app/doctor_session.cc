// The measurement session of `doctor` (doctor_session.h).
#include "app/doctor_session.h"

#include <cstdio>
#include <exception>
#include <utility>

#include <fmt/format.h>

#include "backends/openssl/openssl_backend.h"
#include "core/errors.h"
#include "core/fatal_signals.h"
#include "worker/process.h"

#include "diagnose/doctor.h"

namespace cryptobench::app {

DoctorOutcome RunDoctorSession(const DoctorSettings& settings,
                               const DoctorSessionProgressFn& progress) {
  // Public-key verdicts (mask experiments on the MULX/ADX and IFMA paths, data/pk-asm.csv) exist
  // for OpenSSL only; the other backends' doctor examines the symmetric algorithms.
  std::vector<const AlgorithmInfo*> symmetric;
  std::vector<std::string> public_key;
  for (const AlgorithmInfo* alg : settings.algorithms) {
    if (IsSymmetric(alg->kind)) {
      symmetric.push_back(alg);
    } else {
      public_key.emplace_back(alg->name);
    }
  }
  DoctorOutcome outcome;
  // From here the first SIGINT or SIGTERM stops the examination and what was examined is
  // returned, marked partial; a second one ends the process at once (core/fatal_signals.h), as
  // in speed.
  core::StopOnInterrupt();
  for (const SessionBackend& chosen : settings.backends) {
    if (core::InterruptSignal() != 0) {
      break;
    }
    const std::string backend(chosen.descriptor->name);
    const std::string shown = settings.backends.size() > 1 ? backend : "";
    const auto step = [&](const std::string& algorithm, const std::string& label) {
      progress(shown, algorithm, label);
    };
    try {
      if (backend == "openssl") {
        diagnose::DoctorOptions doctor;
        doctor.executable = worker::SelfExecutable();
        doctor.library_path = chosen.library_path;
        if (doctor.library_path.empty()) {
          doctor.library_path = backends::kDefaultLibcrypto;
        }
        doctor.quick = settings.quick;
        doctor.algorithms = settings.algorithms;
        doctor.input_len = settings.input_len;
        doctor.max_seconds = settings.max_seconds;
        doctor.test_fault = settings.test_fault;
        doctor.test_fault_algorithm = settings.test_fault_algorithm;
        doctor.worker_timeout_seconds = settings.worker_timeout_seconds;
        outcome.reports.emplace_back(diagnose::RunDoctor(doctor, step));
        continue;
      }
      if (!public_key.empty() && symmetric.empty()) {
        throw UsageError(fmt::format(
            "the {} backend: doctor examines public-key algorithms ({}) with the openssl backend "
            "only",
            backend, fmt::join(public_key, ", ")));
      }
      diagnose::LibraryDoctorOptions doctor;
      doctor.executable = worker::SelfExecutable();
      doctor.backend = backend;
      doctor.library_path = chosen.library_path;
      doctor.quick = settings.quick;
      doctor.algorithms = symmetric;
      doctor.input_len = settings.input_len;
      doctor.max_seconds = settings.max_seconds;
      outcome.reports.emplace_back(diagnose::RunLibraryDoctor(doctor, step));
    } catch (const std::exception& e) {
      if (core::InterruptSignal() != 0) {
        break;  // a worker stopped by the signal: the reports so far are what there is
      }
      const auto* usage = dynamic_cast<const UsageError*>(&e);
      if (usage == nullptr) {
        throw;
      }
      // With "all", a backend that cannot be opened here (no AF_ALG, no default BoringSSL) is
      // left out with a note, as a speed session does.
      if (!settings.leave_out_unusable || chosen.own_library) {
        throw;
      }
      std::fprintf(stderr, "note: %s\n",
                   LeftOutNote(*chosen.descriptor, e.what(), settings.bare_library_given).c_str());
    }
  }
  outcome.interrupted = core::InterruptSignal();
  return outcome;
}

}  // namespace cryptobench::app
