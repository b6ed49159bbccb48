// `cryptobench import`: turning pasted output of other tools into cryptobench's result model.
// The formats read are `openssl speed` (human-readable, 0.9.8 to 4.x, and -mr records, with or
// without -multi), `openssl version [-a]`, `bssl speed` (human and -json), `botan speed` and
// `cryptsetup benchmark`. The text goes through paste cleanup first (paste_cleanup.h), then
// each block is recognised by its own parser; several runs in one text, of one tool or of
// several, become several RunResults, in order, except consecutive `openssl speed` runs of one
// library that measured different cells, which become one (speed_join.h). cryptobench's own
// reports are refused (own_reports.h). Parsers take text and do no I/O.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "results/model.h"

namespace cryptobench::import {

/// Input that cannot be read: a line that is recognisably tool output but malformed, or a text
/// with no recognisable output at all. what() is "FILE:LINE: expected ..." (or "line LINE:
/// expected ..." without a file name), one line, for the CLI's "error: " prefix.
class ImportError : public std::runtime_error {
 public:
  /// `line` is 1-based; `expected` says what was expected there and, briefly, what was found.
  ImportError(size_t line, std::string expected, std::string file = "");

  size_t line() const { return line_; }
  const std::string& expected() const { return expected_; }
  const std::string& file() const { return file_; }

 private:
  size_t line_;
  std::string expected_;
  std::string file_;
};

/// Parses `text` (a file's content or a paste) into one RunResult per run found, in order.
/// `file_name` goes into source.file and into error messages ("<stdin>" for standard input).
/// Each run has source.kind "imported", source.tool "openssl speed", "openssl version",
/// "bssl speed", "botan speed" or "cryptsetup benchmark", and
/// the interpretation fields of SourceInfo filled from what the text says. Throws ImportError
/// (with the file name) on unreadable input and on one of cryptobench's own text, Markdown or
/// CSV reports (RecogniseOwnTextReport), and results::InputError when a figure read is out of
/// the ranges of results/limits.h (a safety net behind each parser's own bounds); never returns
/// an empty vector. A cryptobench result
/// JSON with text around it (a command line, a Markdown fence, a byte order mark; json_paste.h)
/// is read as the runs it holds when `read_result_json`, else refused with an ImportError
/// (`import` reads other tools' output only; compare and doctor --from read results too).
/// A UTF-16 text (a byte order mark, or NULs in every other byte: DetectUtf16) is decoded to
/// UTF-8 first, and each run's first caveat says so; a UTF-8 byte order mark is dropped.
std::vector<results::RunResult> ImportText(std::string_view text, std::string_view file_name,
                                           bool read_result_json = true);

/// Refuses imported `runs` whose only figures are ones the text printed but no measurement can
/// give: no cell is usable and every failed cell's figure was rejected (IsRejectedFigureMessage:
/// a figure beyond any hardware, a non-finite or negative one, an impossible timer value).
/// Throws ImportError naming `file_name`, the first such figure's line, how many there were and
/// why the first was not used; returns for anything else (a usable figure, a cell that failed
/// for another reason, no cell at all). `import` and `compare` call it, as their output of such
/// a text would be an empty or error-only table; `doctor --from` calls it unless its speed-tool
/// knowledge names the cause of those figures (a known timer bug).
void CheckUsableFigures(const std::vector<results::RunResult>& runs, std::string_view file_name);

/// The JSON document of imported runs: one run is the run document itself (results::ToJson);
/// several are {"schema_version": 1, "runs": [...]}, in order (docs/json-schema.md).
nlohmann::ordered_json ImportedRunsToJson(const std::vector<results::RunResult>& runs);

}  // namespace cryptobench::import
