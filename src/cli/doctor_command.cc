// `cryptobench doctor`: validate, run the doctor session (app/doctor_session.h), or read a
// report with --from, render and save.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <variant>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/options.h"
#include "core/errors.h"
#include "core/utc.h"
#include "report/document.h"
#include "report/formats.h"
#include "report/sanitize.h"
#include "results/json.h"
#include "results/limits.h"
#include "worker/process.h"

#include "app/doctor_session.h"
#include "app/machine.h"
#include "diagnose/doctor.h"
#include "diagnose/doctor_document.h"
#include "diagnose/doctor_from.h"
#include "diagnose/doctor_report.h"
#include "diagnose/library_doctor.h"
#include "diagnose/speed_tool.h"
#include "import/import.h"
#include "import/own_reports.h"
#include "import/parse_util.h"

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
    doc = results::ParseJsonBounded(text);  // memory bounded by the input (results/limits.h)
  } catch (const nlohmann::json::exception& e) {
    throw UsageError(fmt::format("{}: not a valid JSON document ({})", name,
                                 import::ShortenJsonError(e.what())));
  } catch (const results::InputLimitError& e) {
    throw UsageError(fmt::format("{}: {}", name, e.what()));
  }
  try {
    // Doctor, compare and list documents of cryptobench itself.
    if (const std::string what = import::DescribeOwnNonResultJson(doc); !what.empty()) {
      throw std::runtime_error(what +
                               ", not a result; --from reads speed or import JSON, or tool output");
    }
    std::vector<results::RunResult> runs;
    if (doc.is_object() && doc.contains("runs") && doc["runs"].is_array()) {
      for (const nlohmann::json& run : doc["runs"]) {
        runs.push_back(results::FromJson(run));
      }
    } else {
      runs.push_back(results::FromJson(doc));
    }
    results::CheckInputSize(runs);
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

// One finished report in the terms of every format it is written in (the terminal's and each
// --output's).
struct RenderedReport {
  nlohmann::ordered_json json;
  std::map<report::Format, std::string> text;  // table or markdown
  int exit_status = 0;
};

template <typename Report, typename ToJson, typename Text, typename Markdown>
RenderedReport RenderAs(const Report& report, const std::set<report::Format>& formats,
                        ToJson to_json, Text text, Markdown markdown) {
  RenderedReport out;
  out.exit_status = report.ExitStatus();
  for (report::Format format : formats) {
    std::ostringstream rendered;
    if (format == report::Format::kJson || format == report::Format::kHtml) {
      out.json = to_json(report);  // HTML is drawn from the JSON (doctor_document.h)
      continue;
    }
    // A partial report says so first, as speed's do (report::PartialNotice).
    if (!report.interrupted_by.empty()) {
      const std::string what = fmt::format(
          "interrupted by {}; only the algorithms examined before it are shown, the one being "
          "examined then and those after it were not",
          report::SafeText(report.interrupted_by));
      rendered << (format == report::Format::kTable
                       ? fmt::format("PARTIAL: partial report: {}\n\n", what)
                       : fmt::format("> **Partial report**: {}.\n\n", what));
    }
    if (format == report::Format::kTable) {
      text(report, rendered);
    } else {
      markdown(report, rendered);
    }
    out.text[format] = rendered.str();
  }
  return out;
}

RenderedReport Render(const diagnose::DoctorReport& report,
                      const std::set<report::Format>& formats) {
  return RenderAs(
      report, formats, [](const auto& r) { return diagnose::DoctorToJson(r); },
      [](const auto& r, std::ostream& o) { diagnose::RenderDoctorText(r, o); },
      [](const auto& r, std::ostream& o) { diagnose::RenderDoctorMarkdown(r, o); });
}

RenderedReport Render(const diagnose::LibraryDoctorReport& report,
                      const std::set<report::Format>& formats) {
  return RenderAs(
      report, formats, [](const auto& r) { return diagnose::LibraryDoctorToJson(r); },
      [](const auto& r, std::ostream& o) { diagnose::RenderLibraryDoctorText(r, o); },
      [](const auto& r, std::ostream& o) { diagnose::RenderLibraryDoctorMarkdown(r, o); });
}

int ExitStatusOf(const std::vector<RenderedReport>& reports) {
  int exit_status = 0;
  for (const RenderedReport& report : reports) {
    exit_status = std::max(exit_status, report.exit_status);
  }
  return exit_status;
}

// The reports as one JSON document: the report itself, or {"kind": "doctor_reports"}.
nlohmann::ordered_json JoinedJson(const std::vector<RenderedReport>& reports) {
  if (reports.size() == 1) {
    return reports.front().json;
  }
  nlohmann::ordered_json doc;
  doc["schema_version"] = 1;
  doc["kind"] = "doctor_reports";
  doc["reports"] = nlohmann::ordered_json::array();
  int exit_status = 0;
  for (const RenderedReport& report : reports) {
    doc["reports"].push_back(report.json);
    exit_status = std::max(exit_status, report.exit_status);
  }
  doc["exit_status"] = exit_status;
  return doc;
}

// Several reports: JSON as one {"kind": "doctor_reports"} document, HTML one page drawn from
// it, text and Markdown one after another with a blank line between.
std::string Join(const std::vector<RenderedReport>& reports, report::Format format) {
  constexpr auto kReplace = nlohmann::ordered_json::error_handler_t::replace;
  if (format == report::Format::kHtml) {
    std::ostringstream page;
    // Through text and back: the ordered document as the plain json the builder reads, with
    // invalid UTF-8 replaced as the JSON output replaces it.
    report::WriteHtml(diagnose::DoctorDocument(nlohmann::json::parse(
                          JoinedJson(reports).dump(-1, ' ', false, kReplace))),
                      page);
    return std::move(page).str();
  }
  if (format == report::Format::kJson) {
    return JoinedJson(reports).dump(2, ' ', false, kReplace) + "\n";
  }
  std::string out;
  for (size_t i = 0; i < reports.size(); ++i) {
    out += (i > 0 ? "\n" : "") + reports[i].text.at(format);
  }
  if (reports.size() > 1) {
    // Each report ends with its own summary; say which one the process exits with.
    out += fmt::format("\n{} reports: exit status {} (the highest of them)\n", reports.size(),
                       ExitStatusOf(reports));
  }
  return out;
}

// Where the reports go: the terminal (--format, or the table beside --output files) and each
// --output in the format its extension names, else --format's.
struct Destinations {
  report::Format terminal = report::Format::kTable;
  std::vector<OutputFile> files;
  std::set<report::Format> formats;  // every format written
};

Destinations ResolveDestinations(const DoctorCommandOptions& options,
                                 const std::vector<std::string>& inputs) {
  Destinations out;
  out.terminal = options.outputs.empty()
                     ? report::ChooseFormat(report::Producer::kDoctor, options.format)
                     : report::Format::kTable;
  out.files = ResolveOutputFiles(report::Producer::kDoctor, options.format, options.outputs, inputs,
                                 options.store.store);
  out.formats.insert(out.terminal);
  for (const OutputFile& file : out.files) {
    out.formats.insert(file.format);
  }
  return out;
}

// The files first: a terminal reader that has gone (`| head`) must not cost them.
void WriteReports(const Destinations& where, const std::vector<RenderedReport>& reports) {
  for (const OutputFile& file : where.files) {
    WriteReportOutput(file.path, Join(reports, file.format));
  }
  WriteReportOutput("", Join(reports, where.terminal));
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
  const Destinations where = ResolveDestinations(options, {options.from});
  const std::string name = options.from == "-" ? "<stdin>" : options.from;
  std::vector<results::RunResult> runs = ReadRuns(ReadReportText(options.from), name);
  for (results::RunResult& run : runs) {
    report::SanitizeRun(run);  // strings from the file reach the report printable only
  }
  const bool any_figures = std::any_of(
      runs.begin(), runs.end(), [](const results::RunResult& r) { return !r.algorithms.empty(); });
  // An algorithm asked for that the report lacks is named, not passed over in silence.
  std::vector<std::string> absent;
  for (const AlgorithmInfo* alg : algorithms) {
    const bool present = std::any_of(runs.begin(), runs.end(), [&](const results::RunResult& r) {
      return std::any_of(
          r.algorithms.begin(), r.algorithms.end(),
          [&](const results::AlgorithmResult& a) { return a.algorithm == alg->name; });
    });
    if (!present) {
      absent.emplace_back(alg->name);
    }
  }
  if (any_figures && !absent.empty()) {
    if (absent.size() == algorithms.size()) {
      throw UsageError(
          fmt::format("{}: the report has no figures for {}", name, fmt::join(absent, ", ")));
    }
    std::fprintf(stderr, "note: %s: the report has no figures for %s\n", name.c_str(),
                 fmt::format("{}", fmt::join(absent, ", ")).c_str());
  }
  // A cryptobench run of another backend holds none of the OpenSSL facts (capability vector,
  // build flags) the report's verdicts rest on: the live doctor examines such libraries.
  std::vector<std::string> left_out;
  std::vector<RenderedReport> reports;
  for (const results::RunResult& run : runs) {
    if (any_figures && run.algorithms.empty()) {
      continue;
    }
    if (run.source.kind == "measured" && run.library.backend != "openssl") {
      left_out.push_back(run.library.backend);
      continue;
    }
    diagnose::DoctorReport report = diagnose::DiagnoseReport(run, algorithms);
    diagnose::ReadPastedMaskExperiment(report, run, runs);
    diagnose::ReadRunsThatDiffer(report, runs);
    report.created_utc = UtcTimestamp();
    report.tool_version = CRYPTOBENCH_VERSION;
    report.facts.report->file = name;
    reports.push_back(Render(report, where.formats));
  }
  if (!left_out.empty()) {
    const std::string names = fmt::format("{}", fmt::join(left_out, ", "));
    if (reports.empty()) {
      throw UsageError(fmt::format(
          "{}: doctor --from reads OpenSSL reports; this file holds runs of {} (run `cryptobench "
          "doctor --backend {}` on that machine)",
          name, names, left_out.front()));
    }
    std::fprintf(stderr,
                 "note: %s: the runs of %s are left out: doctor --from reads OpenSSL reports "
                 "(`cryptobench doctor --backend NAME` examines other libraries)\n",
                 name.c_str(), names.c_str());
  }
  // Whether the speed tool's knowledge names why a figure cannot be one (a timer fault of a
  // release, a failed operation's sign): then a report of such figures alone says something.
  // import decides by the same function, so the two agree on such a paste.
  if (!diagnose::SpeedToolExplainsUnusableFigures(runs)) {
    try {
      import::CheckUsableFigures(runs, name);  // only figures no measurement gives: one line
    } catch (const import::ImportError& e) {
      throw UsageError(e.what());
    }
  }
  WriteReports(where, reports);
  return ExitStatusOf(reports);
}

// The progress line on stderr: "[doctor 3] AES-128-GCM: as is" (with the backend when several).
class Progress {
 public:
  explicit Progress(bool show) : show_(show) {}
  ~Progress() {
    if (show_ && step_ > 0) {
      ClearProgressLine();
    }
  }
  // Clears the line before the partial report is printed.
  void Clear() {
    if (show_ && step_ > 0) {
      ClearProgressLine();
      step_ = 0;
    }
  }
  void operator()(const std::string& backend, const std::string& algorithm,
                  const std::string& label) {
    if (show_) {
      ShowProgressLine(fmt::format("[doctor {}] {}{}{}: {}", ++step_, backend,
                                   backend.empty() ? "" : " ", algorithm, label));
    }
  }

 private:
  bool show_;
  size_t step_ = 0;
};

}  // namespace

int RunDoctorCommand(const DoctorCommandOptions& options) {
  // The format is checked first, before the algorithms (as it always was); the --output files
  // are resolved in each branch (--from's input must not be one of them).
  if (options.outputs.empty()) {
    report::ChooseFormat(report::Producer::kDoctor, options.format);
  }
  const std::vector<const AlgorithmInfo*> algorithms = ResolveAlgorithms(options.algorithms);
  if (options.from_given) {
    return RunDoctorFrom(options, algorithms);
  }
  const std::vector<uint64_t> sizes = ParseInputSizes(options.bytes);
  if (sizes.size() != 1) {
    throw UsageError(fmt::format("--bytes '{}': doctor measures one size", options.bytes));
  }
  app::DoctorSettings settings;
  settings.algorithms = algorithms;
  settings.input_len = sizes.front();
  settings.max_seconds = ParseMaxSeconds(options.max_seconds);
  settings.quick = options.quick;
  const std::vector<const backends::BackendDescriptor*> selected = ResolveBackends(options.backend);
  const LibraryChoice libraries = ParseLibraryOptions(options.libraries, selected);
  settings.backends = SessionBackends(selected, libraries);
  settings.leave_out_unusable = IsAllBackends(options.backend);
  settings.bare_library_given = !libraries.every.empty();
  SplitTestFault(options.test_fault, settings.test_fault, settings.test_fault_algorithm);
  settings.worker_timeout_seconds = options.worker_timeout;
  const Destinations where = ResolveDestinations(options, {});
  // A store that cannot be used stops the command before any measuring, not after it.
  const std::unique_ptr<store::Store> store = OpenStoreForSaving(options.store, true);
  results::MachineInfo machine;
  if (store) {
    machine = app::MachineInfoFrom(cpu::GatherCpuFacts(cpu::RealSystemReader()));
  }
  std::vector<store::DocumentRun> documents;  // each report, to save
  const auto keep = [&](const nlohmann::ordered_json& json, const std::string& created_utc,
                        const results::LibraryInfo& library) {
    if (store) {
      store::DocumentRun run;
      run.created_utc = created_utc;
      run.document = json.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
      run.machine = machine;
      run.libraries.push_back({"", library, true});
      documents.push_back(std::move(run));
    }
  };

  // The session stops at the first SIGINT or SIGTERM: what was examined is printed and
  // written, marked partial (exit status 128 + its number).
  Progress progress(options.progress && isatty(STDERR_FILENO));
  const app::DoctorOutcome outcome = app::RunDoctorSession(
      settings, [&progress](const std::string& backend, const std::string& algorithm,
                            const std::string& label) { progress(backend, algorithm, label); });
  std::vector<RenderedReport> reports;
  for (const app::DoctorSessionReport& examined : outcome.reports) {
    if (const auto* report = std::get_if<diagnose::DoctorReport>(&examined)) {
      keep(diagnose::DoctorToJson(*report), report->created_utc, report->facts.library);
      reports.push_back(Render(*report, where.formats));
    } else {
      const auto& library_report = std::get<diagnose::LibraryDoctorReport>(examined);
      keep(diagnose::LibraryDoctorToJson(library_report), library_report.created_utc,
           library_report.library);
      reports.push_back(Render(library_report, where.formats));
    }
  }
  if (const int signal_number = outcome.interrupted; signal_number != 0) {
    progress.Clear();
    if (reports.empty()) {
      std::fprintf(stderr, "interrupted by %s before anything was examined; nothing written\n",
                   worker::SignalName(signal_number).c_str());
      return 128 + signal_number;
    }
    WriteReports(where, reports);
    std::fprintf(stderr, "interrupted by %s: the report above is partial%s\n",
                 worker::SignalName(signal_number).c_str(),
                 store ? "; not saved to the store" : "");
    return 128 + signal_number;
  }
  WriteReports(where, reports);
  if (store && !documents.empty()) {
    if (!SaveWrittenDocumentRuns(*store, documents,
                                 LocalSaveInfo(options.store, "doctor", options.command_line),
                                 "the report was written; this run was not saved")) {
      return kExitFailure;
    }
  }
  return ExitStatusOf(reports);
}

}  // namespace cryptobench::cli
