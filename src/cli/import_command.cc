// `cryptobench import FILE|-`: other tools' output (openssl speed, openssl version) as
// cryptobench results, rendered like a measured run.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "core/errors.h"
#include "report/report.h"

#include "import/import.h"

namespace cryptobench::cli {
namespace {

std::string ReadInput(const std::string& path) {
  return ReadInputText(path, fmt::format("cannot read '{}'", path));
}

}  // namespace

int RunImport(const ImportOptions& options) {
  report::Format format;
  if (!report::ParseFormat(options.format, &format)) {
    throw UsageError(fmt::format("--format '{}': expected json, table, markdown, csv or openssl",
                                 options.format));
  }
  if (!options.output.empty()) {
    CheckOutputPath(options.output);
  }
  const std::string file_name = options.input == "-" ? "<stdin>" : options.input;
  const std::string text = ReadInput(options.input);
  std::vector<results::RunResult> runs;
  try {
    runs = import::ImportText(text, file_name);
  } catch (const import::ImportError& e) {
    throw UsageError(e.what());  // "FILE:LINE: expected ..."; nothing is written
  }

  std::ostringstream rendered;
  if (format == report::Format::kJson) {
    rendered << import::ImportedRunsToJson(runs).dump(2) << "\n";
  } else {
    for (size_t i = 0; i < runs.size(); ++i) {
      if (i > 0) {
        rendered << "\n";
      }
      report::Render(runs[i], format, rendered);
    }
  }
  if (options.output.empty()) {
    WriteStdout(rendered.str());
  } else {
    WriteFileAtomically(options.output, rendered.str());
  }
  return kExitOk;
}

}  // namespace cryptobench::cli
