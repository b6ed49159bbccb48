// `cryptobench doctor`: validate, run the doctor (or read a report with --from), render.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "backends/openssl/openssl_backend.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "core/errors.h"
#include "core/utc.h"
#include "results/json.h"
#include "worker/process.h"

#include "diagnose/doctor.h"
#include "diagnose/doctor_from.h"
#include "diagnose/doctor_report.h"
#include "import/import.h"

namespace cryptobench::cli {
namespace {

std::string ReadReportText(const std::string& path) {
  return ReadInputText(path, fmt::format("--from '{}'", path));
}

// A cryptobench result JSON (one run, or {"runs": [...]} as `import` writes several), or
// anything `import` reads. Throws UsageError naming the file and what is wrong.
std::vector<results::RunResult> ReadRuns(const std::string& text, const std::string& name) {
  const auto first = std::find_if(text.begin(), text.end(), [](char c) {
    return !std::isspace(static_cast<unsigned char>(c));
  });
  if (first == text.end() || *first != '{') {
    try {
      return import::ImportText(text, name);
    } catch (const import::ImportError& e) {
      throw UsageError(e.what());  // "FILE:LINE: expected ..."
    }
  }
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw UsageError(fmt::format("{}: not a valid JSON document ({})", name, e.what()));
  }
  try {
    if (doc.is_object() && doc.contains("kind") && doc["kind"] == "doctor") {
      throw std::runtime_error(
          "a doctor report, not a result; --from reads speed or import JSON, or tool output");
    }
    std::vector<results::RunResult> runs;
    if (doc.is_object() && doc.contains("runs") && doc["runs"].is_array()) {
      for (const nlohmann::json& run : doc["runs"]) {
        runs.push_back(results::FromJson(run));
      }
    } else {
      runs.push_back(results::FromJson(doc));
    }
    for (results::RunResult& run : runs) {
      results::DeriveAllFigures(run);  // from raw samples where present; imported figures stay
    }
    if (runs.empty()) {
      throw std::runtime_error("\"runs\" is empty");
    }
    return runs;
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("{}: {}", name, e.what()));
  }
}

std::string RenderReports(const std::vector<diagnose::DoctorReport>& reports,
                          const std::string& format) {
  std::ostringstream out;
  if (format == "json" && reports.size() > 1) {
    nlohmann::ordered_json doc;
    doc["schema_version"] = 1;
    doc["kind"] = "doctor_reports";
    doc["reports"] = nlohmann::ordered_json::array();
    int exit_status = 0;
    for (const diagnose::DoctorReport& report : reports) {
      doc["reports"].push_back(diagnose::DoctorToJson(report));
      exit_status = std::max(exit_status, report.ExitStatus());
    }
    doc["exit_status"] = exit_status;
    out << doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
    return out.str();
  }
  for (size_t i = 0; i < reports.size(); ++i) {
    if (i > 0) {
      out << '\n';
    }
    if (format == "json") {
      diagnose::RenderDoctorJson(reports[i], out);
    } else if (format == "text") {
      diagnose::RenderDoctorText(reports[i], out);
    } else {
      diagnose::RenderDoctorMarkdown(reports[i], out);
    }
  }
  return out.str();
}

void WriteReport(const DoctorCommandOptions& options, const std::string& rendered) {
  if (options.output.empty()) {
    WriteStdout(rendered);
  } else {
    WriteFileAtomically(options.output, rendered);
  }
}

// `doctor --from FILE`: one report per run in the file (an `openssl version` block without
// figures is left out when another run has figures).
int RunDoctorFrom(const DoctorCommandOptions& options,
                  const std::vector<const AlgorithmInfo*>& algorithms) {
  if (!options.measuring.empty()) {
    throw UsageError(fmt::format("{} cannot be used with --from: nothing is measured",
                                 options.measuring.front()));
  }
  if (options.from.empty()) {
    throw UsageError("--from '': expected a file, or - for standard input");
  }
  if (!options.output.empty()) {
    CheckOutputPath(options.output);
  }
  const std::string name = options.from == "-" ? "<stdin>" : options.from;
  std::vector<results::RunResult> runs = ReadRuns(ReadReportText(options.from), name);
  const bool any_figures = std::any_of(
      runs.begin(), runs.end(), [](const results::RunResult& r) { return !r.algorithms.empty(); });
  std::vector<diagnose::DoctorReport> reports;
  for (const results::RunResult& run : runs) {
    if (any_figures && run.algorithms.empty()) {
      continue;
    }
    diagnose::DoctorReport report = diagnose::DiagnoseReport(run, algorithms);
    report.created_utc = UtcTimestamp();
    report.tool_version = CRYPTOBENCH_VERSION;
    report.facts.report->file = name;
    reports.push_back(std::move(report));
  }
  WriteReport(options, RenderReports(reports, options.format));
  int exit_status = 0;
  for (const diagnose::DoctorReport& report : reports) {
    exit_status = std::max(exit_status, report.ExitStatus());
  }
  return exit_status;
}

}  // namespace

int RunDoctorCommand(const DoctorCommandOptions& options) {
  if (options.format != "text" && options.format != "json" && options.format != "markdown" &&
      options.format != "md") {
    throw UsageError(fmt::format("--format '{}': expected text, json or markdown", options.format));
  }
  const std::vector<const AlgorithmInfo*> algorithms = ResolveAlgorithms(options.algorithms);
  for (const AlgorithmInfo* alg : algorithms) {
    if (!IsSymmetric(alg->kind)) {
      throw UsageError(fmt::format(
          "doctor examines symmetric algorithms (ciphers, AEADs, hashes, MACs); {} is {}",
          alg->name, KindName(alg->kind)));
    }
  }
  if (options.from_given) {
    return RunDoctorFrom(options, algorithms);
  }
  diagnose::DoctorOptions doctor;
  doctor.executable = worker::SelfExecutable();
  doctor.library_path = ResolveLibraryPath(options.library, options.library_given);
  doctor.quick = options.quick;
  doctor.algorithms = algorithms;
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
  WriteReport(options, RenderReports({report}, options.format));
  return report.ExitStatus();
}

}  // namespace cryptobench::cli
