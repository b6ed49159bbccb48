// `cryptobench report FILE...`: saved result JSON rendered in any format, without measuring;
// several files become one report. Speed results (and import's JSON) as speed renders them; tls
// results as tls does; doctor and compare reports through their documents (doctor_document.h,
// compare_document.h), which draw their charts in HTML. Repeated --output writes more formats at
// once, each atomically, while the terminal still gets its table.
#include <algorithm>
#include <functional>
#include <iterator>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "core/errors.h"
#include "report/formats.h"
#include "report/report.h"
#include "report/sanitize.h"
#include "report/scaling.h"
#include "results/json.h"
#include "results/limits.h"

#include "compare/compare_document.h"
#include "diagnose/doctor_document.h"
#include "import/own_reports.h"
#include "import/parse_util.h"
#include "import/text_encoding.h"
#include "tls/json.h"
#include "tls/render.h"

namespace cryptobench::cli {
namespace {

// One saved file: the speed runs of a result JSON (one run, or {"runs": [...]} as speed
// --backend and import write them, figures recomputed from their samples), a scaling sweep
// (speed --threads LIST: its runs and the CPU topology it recorded), a tls result, or a doctor
// or compare report kept as its JSON document.
struct Input {
  enum class Kind { kRuns, kSweep, kTls, kDoctor, kCompare };
  Kind kind = Kind::kRuns;
  std::string name;  // for messages
  std::vector<results::RunResult> runs;
  report::CpuTopology topology;  // kSweep
  tls::TlsRun tls;
  nlohmann::json document;  // doctor and compare
};

const char* KindName(Input::Kind kind) {
  switch (kind) {
    case Input::Kind::kRuns:
      return "a speed result";
    case Input::Kind::kSweep:
      return "a scaling sweep";
    case Input::Kind::kTls:
      return "a tls result";
    case Input::Kind::kDoctor:
      return "a doctor report";
    case Input::Kind::kCompare:
      return "a compare report";
  }
  return "?";
}

// Throws UsageError, one line naming the file, for anything else.
Input ReadInput(const std::string& path) {
  Input input;
  const std::string name = path == "-" ? "<stdin>" : path;
  input.name = report::SafeText(name);
  // Windows PowerShell's '>' writes UTF-16: such a result is read as the same JSON.
  const std::string text =
      import::DocumentAsUtf8(ReadInputText(path, fmt::format("cannot read {}", name)));
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos || text[first] != '{') {
    throw UsageError(
        fmt::format("{}: not a result JSON (cryptobench speed --format json); "
                    "`cryptobench import` reads other tools' output",
                    name));
  }
  nlohmann::json doc = import::ParseJsonInput(text, name);
  const std::string kind =
      doc.is_object() && doc.contains("kind") && doc.at("kind").is_string() ? doc.at("kind") : "";
  try {
    if (kind == "tls") {
      input.kind = Input::Kind::kTls;
      input.tls = tls::TlsRunFromJson(doc);
      return input;
    }
    if (kind == "doctor" || kind == "doctor_backend" || kind == "doctor_reports") {
      input.kind = Input::Kind::kDoctor;
      diagnose::DoctorDocument(doc);  // checked now, before anything is written
      input.document = std::move(doc);
      return input;
    }
    if (kind == "compare") {
      input.kind = Input::Kind::kCompare;
      compare::CompareDocument(doc);
      input.document = std::move(doc);
      return input;
    }
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("{}: {}", name, e.what()));
  }
  if (const std::string what = import::DescribeOwnNonResultJson(doc); !what.empty()) {
    throw UsageError(
        fmt::format("{}: {}; report renders speed, tls, doctor and compare results", name, what));
  }
  std::optional<report::CpuTopology> sweep;
  try {
    sweep = report::SavedScalingTopology(doc);
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("{}: {}", name, e.what()));
  }
  input.runs = import::RunsOfResultJson(doc, name);
  if (input.runs.empty()) {
    throw UsageError(fmt::format("{}: holds no runs", name));
  }
  if (sweep) {
    // Rendered as speed --threads LIST printed it: the scaling tables, not run after run.
    input.kind = Input::Kind::kSweep;
    input.topology = *sweep;
  }
  return input;
}

// A doctor or compare document for every writer: its blocks are built for HTML, and the
// saved report is shown in the other formats through the same document (charts stay HTML's).
// A document with CSV records of its own (compare's) keeps them as CSV's only content.
report::Document ForEveryWriter(report::Document document) {
  constexpr unsigned kEvery = report::kAllTargets | report::kHtmlTarget;
  const bool own_csv = std::any_of(
      document.blocks.begin(), document.blocks.end(),
      [](const report::Block& block) { return (block.targets & report::kCsvTarget) != 0; });
  for (report::Block& block : document.blocks) {
    if (std::holds_alternative<report::Chart>(block.content) ||
        block.targets == report::kCsvTarget) {
      continue;
    }
    block.targets = own_csv ? kEvery & ~report::kCsvTarget : kEvery;
    if (auto* fields = std::get_if<report::FieldList>(&block.content)) {
      for (report::Field& field : fields->fields) {
        field.targets = kEvery;
      }
    } else if (auto* notes = std::get_if<report::NoteList>(&block.content)) {
      for (report::Note& note : notes->notes) {
        note.targets = kEvery;
        note.wrap = true;
      }
    }
  }
  return document;
}

// Doctor and compare reports in `format`: JSON the saved document (one file only), the others
// their documents one after another (HTML one page).
std::string RenderedDocuments(const std::vector<Input>& inputs, report::Format format) {
  if (format == report::Format::kJson) {
    return inputs.front().document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
           "\n";
  }
  report::Document all;
  for (const Input& input : inputs) {
    report::Document one = input.kind == Input::Kind::kDoctor
                               ? diagnose::DoctorDocument(input.document)
                               : compare::CompareDocument(input.document);
    if (format != report::Format::kHtml) {
      one = ForEveryWriter(std::move(one));
    }
    all.blocks.insert(all.blocks.end(), std::make_move_iterator(one.blocks.begin()),
                      std::make_move_iterator(one.blocks.end()));
  }
  std::ostringstream out;
  if (format == report::Format::kHtml) {
    report::WriteHtml(all, out);
    return std::move(out).str();
  }
  if (format == report::Format::kMarkdown) {
    report::WriteMarkdown(all, out);
  } else if (format == report::Format::kCsv) {
    report::WriteCsv(all, out);
  } else {
    report::WriteText(all, out);
  }
  return std::move(out).str();
}

// Tls results in `format` as tls writes them, one after another (JSON: one file only; HTML:
// one page).
std::string RenderedTls(const std::vector<Input>& inputs, report::Format format) {
  std::ostringstream out;
  if (format == report::Format::kHtml) {  // one page: each run's document one after another
    report::Document all;
    for (const Input& input : inputs) {
      report::Document one = tls::TlsDocument(input.tls);
      all.blocks.insert(all.blocks.end(), std::make_move_iterator(one.blocks.begin()),
                        std::make_move_iterator(one.blocks.end()));
    }
    report::WriteHtml(all, out);
    return std::move(out).str();
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    out << (i > 0 ? "\n" : "");
    tls::RenderTls(inputs[i].tls, format, out);
  }
  return std::move(out).str();
}

// Scaling sweeps in `format` as speed --threads LIST writes them, one after another (JSON: one
// file only; HTML: one page).
std::string RenderedSweeps(const std::vector<Input>& inputs, report::Format format) {
  std::ostringstream out;
  if (format == report::Format::kHtml) {
    report::Document all;
    for (const Input& input : inputs) {
      std::vector<results::RunResult> runs = input.runs;
      for (results::RunResult& run : runs) {
        report::SanitizeRun(run);
      }
      report::Document one = report::ScalingDocument(runs, input.topology);
      all.blocks.insert(all.blocks.end(), std::make_move_iterator(one.blocks.begin()),
                        std::make_move_iterator(one.blocks.end()));
    }
    report::WriteHtml(all, out);
    return std::move(out).str();
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    out << (i > 0 ? "\n" : "");
    report::RenderScaling(inputs[i].runs, inputs[i].topology, format, out);
  }
  return std::move(out).str();
}

// Refuses what the files cannot be written as: one line, exit 2, before anything is written.
void CheckFormats(const std::vector<Input>& inputs, const std::vector<report::Format>& formats) {
  const Input::Kind kind = inputs.front().kind;
  for (const Input& input : inputs) {
    const bool documents =
        (input.kind == Input::Kind::kDoctor || input.kind == Input::Kind::kCompare) &&
        (kind == Input::Kind::kDoctor || kind == Input::Kind::kCompare);
    if (input.kind != kind && !documents) {
      throw UsageError(fmt::format("{}: {}, and {} {}: report renders files of one kind together",
                                   input.name, KindName(input.kind), inputs.front().name,
                                   KindName(kind)));
    }
  }
  if (kind == Input::Kind::kRuns) {
    // As speed refuses it: openssl speed's layout names one library, so runs of several
    // backends cannot share it (runs of one library follow each other, as import prints them).
    std::set<std::string> backends;
    for (const Input& input : inputs) {
      for (const results::RunResult& run : input.runs) {
        backends.insert(run.library.backend);
      }
    }
    if (backends.size() > 1 &&
        std::find(formats.begin(), formats.end(), report::Format::kOpenssl) != formats.end()) {
      throw UsageError(fmt::format(
          "--format openssl: runs of {} backends; the openssl speed layout holds one library: "
          "use table, json, csv, markdown or html",
          backends.size()));
    }
    return;
  }
  if (kind == Input::Kind::kSweep) {
    for (const report::Format format : formats) {
      if (!report::RendersScaling(format)) {
        throw UsageError(fmt::format(
            "{}: a scaling sweep; report writes it as table, json, csv, markdown or html, not {}",
            inputs.front().name, report::FormatName(format)));
      }
      if (format == report::Format::kJson && inputs.size() > 1) {
        throw UsageError(fmt::format(
            "--format json: {} scaling sweeps; the JSON of one is the file itself: give one",
            inputs.size()));
      }
    }
    return;
  }
  const bool tls = kind == Input::Kind::kTls;
  for (const report::Format format : formats) {
    const bool can =
        tls ? report::CanProduce(report::Producer::kTls, format)
            : format != report::Format::kOpenssl && format != report::Format::kGbenchJson;
    if (!can) {
      throw UsageError(fmt::format(
          "{}: {}; report writes it as {}, not {}", inputs.front().name, KindName(kind),
          tls ? report::FormatList(report::Producer::kTls) : "table, json, csv, markdown or html",
          report::FormatName(format)));
    }
    if (format == report::Format::kJson && inputs.size() > 1) {
      throw UsageError(fmt::format(
          "--format json: {} files of {}s; the JSON of one is the file itself: give one",
          inputs.size(), tls ? "tls result" : "doctor or compare report"));
    }
  }
}

// `runs` in `format`: JSON as speed and import write it (one run is the document, several are
// wrapped); HTML one page; gbench-json one document; the runs of one `speed --backend a,b` in
// speed's side-by-side layout (but openssl's, which holds one library); otherwise one run after
// another, a blank line between.
std::string Rendered(const std::vector<results::RunResult>& runs, report::Format format) {
  if (format == report::Format::kJson) {
    return results::RunsToJsonText(runs);
  }
  if (format == report::Format::kHtml) {
    std::ostringstream page;  // one page: the runs one after another
    report::RenderRunsHtml(runs, page);
    return std::move(page).str();
  }
  std::ostringstream out;
  if (format == report::Format::kGbenchJson) {
    report::RenderGbenchJson(runs, out);  // one document of every run's benchmarks
    return std::move(out).str();
  }
  if (format != report::Format::kOpenssl && report::OneSpeedRunOfSeveralBackends(runs)) {
    // The runs of one `speed --backend a,b`: the side-by-side layout speed printed.
    report::RenderBackends(runs, format, out);
    return std::move(out).str();
  }
  for (size_t i = 0; i < runs.size(); ++i) {
    out << (i > 0 ? "\n" : "");
    report::Render(runs[i], format, out);
  }
  return std::move(out).str();
}

}  // namespace

int RunReport(const ReportOptions& options) {
  // Everything is checked before anything is read or written.
  // The terminal gets --format; beside --output files it keeps the table (hyperfine's
  // --export-* files), and --format is the files' format where an extension names none.
  const report::Format chosen = report::ChooseFormat(report::Producer::kReport, options.format);
  const report::Format terminal = options.outputs.empty() ? chosen : report::Format::kTable;
  const std::vector<OutputFile> files =
      ResolveOutputFiles(report::Producer::kReport, options.format, options.outputs, options.files);
  CheckInputsAreDistinct(options.files);
  std::vector<Input> inputs;
  for (const std::string& path : options.files) {
    inputs.push_back(ReadInput(path));
  }
  std::vector<report::Format> formats{terminal};
  for (const OutputFile& file : files) {
    formats.push_back(file.format);
  }
  CheckFormats(inputs, formats);
  std::function<std::string(report::Format)> rendered;
  std::vector<results::RunResult> runs;
  switch (inputs.front().kind) {
    case Input::Kind::kRuns:
      for (Input& input : inputs) {
        runs.insert(runs.end(), std::make_move_iterator(input.runs.begin()),
                    std::make_move_iterator(input.runs.end()));
      }
      rendered = [&runs](report::Format format) { return Rendered(runs, format); };
      break;
    case Input::Kind::kSweep:
      rendered = [&inputs](report::Format format) { return RenderedSweeps(inputs, format); };
      break;
    case Input::Kind::kTls:
      rendered = [&inputs](report::Format format) { return RenderedTls(inputs, format); };
      break;
    case Input::Kind::kDoctor:
    case Input::Kind::kCompare:
      rendered = [&inputs](report::Format format) { return RenderedDocuments(inputs, format); };
      break;
  }
  for (const OutputFile& file : files) {
    WriteReportOutput(file.path, rendered(file.format));
  }
  WriteReportOutput("", rendered(terminal));
  return kExitOk;
}

}  // namespace cryptobench::cli
