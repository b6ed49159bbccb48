// cryptobench's own reports given back to it as input. Its text, Markdown and CSV reports are
// for people and spreadsheets (only its result JSON keeps the samples and CIs a comparison
// needs), and its doctor, compare and list output holds no result at all. Some of these quote
// an OpenSSL version line or a table that the import parsers would otherwise take for tool
// output, so they are recognised by their first lines and refused.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "results/model.h"

#include "import/paste_cleanup.h"

namespace cryptobench::import {

/// One of cryptobench's own text reports, recognised by its header.
struct OwnTextReport {
  size_t line = 0;  ///< 1-based line of the header
  /// What it is, for an error message: "a cryptobench doctor report", ...
  std::string what;
  /// True for a report of results (speed or import, as table, Markdown or CSV), whose JSON
  /// form compare and doctor --from read; false for doctor, compare and list output.
  bool holds_results = false;
};

/// Recognises the header of a report cryptobench writes: speed and import as table, Markdown
/// or CSV (src/report), doctor, doctor --from and doctor --backend as text or Markdown
/// (src/diagnose), compare as table or Markdown (src/compare), list and list --backends as
/// text (src/cli/list_command.cc), and `cryptobench --version`. Looks at the first non-empty
/// line, after a command line that runs cryptobench itself ("$ cryptobench doctor"), and for
/// list output at the two lines after it. std::nullopt for anything else, including every
/// output of the tools import reads.
std::optional<OwnTextReport> RecogniseOwnTextReport(const std::vector<SourceLine>& lines);

/// The error text (without file and line) for a report RecogniseOwnTextReport found.
std::string OwnTextReportError(const OwnTextReport& report);

/// What a JSON document is when it is one of cryptobench's own documents that holds no
/// result: "a doctor report", "a compare report
/// (cryptobench compare --format json)", "an algorithm list (cryptobench list --format json)"
/// or "a backend list (cryptobench list --backends --format json)". Empty for anything else
/// (a result, or JSON that is none of cryptobench's).
std::string DescribeOwnNonResultJson(const nlohmann::json& doc);

/// `text` parsed as JSON, its memory bounded by the input (results::ParseJsonBounded). Throws
/// UsageError, one line: "NAME: not valid JSON: WHY" (import::ShortenJsonError) or "NAME: " and
/// the bound it passed.
nlohmann::json ParseJsonInput(std::string_view text, const std::string& name);

/// The runs of a result JSON document (one run, or {"runs": [...]} as speed --backend and import
/// write them; results::RunsFromJson), each one's figures recomputed from its samples
/// (results::DeriveAllFigures; sample-less cells keep theirs). Throws UsageError "NAME: WHY"
/// when a field is wrong. Shared by compare's sides and report.
std::vector<results::RunResult> RunsOfResultJson(const nlohmann::json& doc,
                                                 const std::string& name);

}  // namespace cryptobench::import
