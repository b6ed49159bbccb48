// `cryptobench doctor`: validate, run the doctor, render the report.
#include <unistd.h>

#include <cstdio>
#include <sstream>

#include <fmt/format.h>

#include "backends/openssl/openssl_backend.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "core/errors.h"
#include "worker/process.h"

#include "diagnose/doctor.h"
#include "diagnose/doctor_report.h"

namespace cryptobench::cli {

int RunDoctorCommand(const DoctorCommandOptions& options) {
  if (options.format != "text" && options.format != "json" && options.format != "markdown" &&
      options.format != "md") {
    throw UsageError(fmt::format("--format '{}': expected text, json or markdown", options.format));
  }
  diagnose::DoctorOptions doctor;
  doctor.executable = worker::SelfExecutable();
  doctor.library_path = ResolveLibraryPath(options.library, options.library_given);
  doctor.quick = options.quick;
  doctor.algorithms = ResolveAlgorithms(options.algorithms);
  for (const AlgorithmInfo* alg : doctor.algorithms) {
    if (!IsSymmetric(alg->kind)) {
      throw UsageError(fmt::format(
          "doctor examines symmetric algorithms (ciphers, AEADs, hashes, MACs); {} is {}",
          alg->name, KindName(alg->kind)));
    }
  }
  const std::vector<uint64_t> sizes = ParseInputSizes(options.bytes);
  if (sizes.size() != 1) {
    throw UsageError(fmt::format("--bytes '{}': doctor measures one size", options.bytes));
  }
  doctor.input_len = sizes.front();
  doctor.max_seconds = ParseMaxSeconds(options.max_seconds);
  if (!options.output.empty()) {
    CheckOutputPath(options.output);
  }

  const bool show_progress = options.progress && isatty(STDERR_FILENO);
  size_t step = 0;
  diagnose::DoctorReport report = diagnose::RunDoctor(doctor, [&](const std::string& algorithm,
                                                                  const std::string& label) {
    if (show_progress) {
      std::fprintf(stderr, "\r\033[K[doctor %zu] %s: %s", ++step, algorithm.c_str(), label.c_str());
      std::fflush(stderr);
    }
  });
  if (show_progress) {
    std::fprintf(stderr, "\r\033[K");
  }

  std::ostringstream rendered;
  if (options.format == "json") {
    diagnose::RenderDoctorJson(report, rendered);
  } else if (options.format == "text") {
    diagnose::RenderDoctorText(report, rendered);
  } else {
    diagnose::RenderDoctorMarkdown(report, rendered);
  }
  if (options.output.empty()) {
    WriteStdout(rendered.str());
  } else {
    WriteFileAtomically(options.output, rendered.str());
  }
  return report.ExitStatus();
}

}  // namespace cryptobench::cli
