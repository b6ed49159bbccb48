// `cryptobench import FILE|-`: other tools' output (openssl speed, openssl version) as
// cryptobench results, rendered like a measured run.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/options.h"
#include "core/errors.h"
#include "report/report.h"
#include "results/json.h"

#include "diagnose/speed_tool.h"
#include "import/import.h"
#include "import/json_paste.h"
#include "import/own_reports.h"

namespace cryptobench::cli {
namespace {

std::string ReadInput(const std::string& path) {
  return ReadInputText(path, fmt::format("cannot read '{}'", path));
}

// A JSON object is no tool's text output (bssl speed -json is an array): most likely a result
// of cryptobench itself, which compare and doctor --from read as it is. Throws UsageError
// saying so; returns for anything else.
void RejectJsonObject(const std::string& text, const std::string& file_name) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos || text[first] != '{') {
    return;
  }
  nlohmann::json doc;
  try {
    doc = results::ParseJsonBounded(text);  // memory bounded by the input (results/limits.h)
  } catch (const std::exception&) {
    // Invalid or oversized JSON: described as a JSON document below all the same.
  }
  if (const std::string what = doc.is_object() ? import::DescribeOwnNonResultJson(doc) : "";
      !what.empty()) {
    throw UsageError(
        fmt::format("{}: {}, not a result or tool output; import reads other tools' text output",
                    file_name, what));
  }
  if (doc.is_object() && doc.contains("schema_version")) {
    throw UsageError(fmt::format(
        "{} is already a cryptobench result (JSON): show it with `cryptobench report`, use it "
        "with `cryptobench compare` or `cryptobench doctor --from`; import reads other tools' text "
        "output",
        file_name));
  }
  throw UsageError(fmt::format(
      "{} is a JSON document, not output import reads (openssl speed, openssl version, bssl "
      "speed, botan speed, cryptsetup benchmark)",
      file_name));
}

// The openssl speed layout (report/openssl_speed.cc) leaves out a row whose cells all failed, as
// openssl speed leaves out what it could not run: a run of algorithms none of which has a
// figure would be written as a header alone, which import cannot read back as that run.
// Throws UsageError naming the run when `format` is that layout; returns otherwise.
void RejectRunsTheOpensslLayoutCannotHold(const std::vector<results::RunResult>& runs,
                                          report::Format format, const std::string& file_name) {
  if (format != report::Format::kOpenssl) {
    return;
  }
  for (size_t i = 0; i < runs.size(); ++i) {
    size_t cells = 0;
    bool figure = false;
    for (const results::AlgorithmResult& alg : runs[i].algorithms) {
      for (const results::Cell& cell : alg.cells) {
        ++cells;
        figure = figure || cell.status == results::CellStatus::kOk;
      }
    }
    if (cells > 0 && !figure) {
      throw UsageError(fmt::format(
          "{}: nothing to write in the openssl speed layout for {}: all {} of its cells failed, "
          "and the layout leaves out rows without a figure, so the file would not read back; "
          "--format json or table keeps the failures",
          file_name,
          runs.size() == 1 ? std::string("the run")
                           : fmt::format("run {} of {}", i + 1, runs.size()),
          cells));
    }
  }
}

// `runs` in `format`: JSON as import::ImportedRunsToJson(runs).dump(2) but written algorithm by
// algorithm (memory); HTML one page; the other formats one run after another, a blank line between.
std::string Rendered(const std::vector<results::RunResult>& runs, report::Format format) {
  if (format == report::Format::kJson) {
    return results::RunsToJsonText(runs);
  }
  if (format == report::Format::kHtml) {
    std::ostringstream page;  // one page: the runs one after another
    report::RenderRunsHtml(runs, page);
    return std::move(page).str();
  }
  std::ostringstream rendered;
  for (size_t i = 0; i < runs.size(); ++i) {
    if (i > 0) {
      rendered << "\n";
    }
    report::Render(runs[i], format, rendered);
  }
  return std::move(rendered).str();
}

}  // namespace

int RunImport(const ImportOptions& options) {
  // The rule of speed and report (docs/formats.md): each --output in its extension's format,
  // else --format's; the terminal gets --format without --output, else the table. Every
  // --output is checked before the input is read.
  const report::Format chosen = report::ChooseFormat(report::Producer::kImport, options.format);
  const report::Format terminal = options.outputs.empty() ? chosen : report::Format::kTable;
  const std::vector<OutputFile> files = ResolveOutputFiles(
      report::Producer::kImport, options.format, options.outputs, {options.input});
  const std::string file_name = options.input == "-" ? "<stdin>" : options.input;
  const std::string text = ReadInput(options.input);
  const std::optional<import::PastedJson> pasted_json = import::FindPastedJson(text);
  RejectJsonObject(pasted_json ? pasted_json->text : text, file_name);  // fence, BOM or prompt
  std::vector<results::RunResult> runs;
  try {
    runs = import::ImportText(text, file_name, /*read_result_json=*/false);
    // Only figures no measurement gives: refused, unless the speed tool's knowledge names why
    // (a failed operation's negative figure, a release's timer fault). Such a paste is the
    // tool's report of a failure, which doctor --from explains (exit status 1, "a measurement
    // failed"), not bad input: import reads it, its cells errors, as doctor --from does.
    if (!diagnose::SpeedToolExplainsUnusableFigures(runs)) {
      import::CheckUsableFigures(runs, file_name);
    }
  } catch (const import::ImportError& e) {
    throw UsageError(e.what());  // "FILE:LINE: expected ..."; nothing is written
  }
  for (const OutputFile& file : files) {
    RejectRunsTheOpensslLayoutCannotHold(runs, file.format, file_name);
  }
  RejectRunsTheOpensslLayoutCannotHold(runs, terminal, file_name);
  for (const OutputFile& file : files) {
    WriteReportOutput(file.path, Rendered(runs, file.format));
  }
  WriteReportOutput("", Rendered(runs, terminal));
  return kExitOk;
}

}  // namespace cryptobench::cli
