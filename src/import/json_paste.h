// A cryptobench result JSON pasted with text around it: after a `$ cryptobench speed --format
// json` command line, inside a ```json Markdown fence, or behind a UTF-8 byte order mark.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "results/model.h"

namespace cryptobench::import {

/// A JSON object found in a paste, with the 1-based line its '{' is on.
struct PastedJson {
  std::string text;  ///< from the '{' to the last '}', fences and the command line left out
  size_t line = 0;
};

/// If `text`, after a UTF-8 byte order mark, blank lines, Markdown fences and command lines,
/// starts with '{', returns that JSON object's text; else std::nullopt (tool output, or a JSON
/// array such as `bssl speed -json`, is left to the parsers).
std::optional<PastedJson> FindPastedJson(std::string_view text);

/// The first JSON object in a Markdown fence anywhere in `text` (after prose: "Here is my
/// run:" then ```json), for a text no parser found tool output in; else std::nullopt.
std::optional<PastedJson> FindFencedJson(std::string_view text);

/// Reads a pasted JSON object as cryptobench results (one run, or {"runs": [...]}), figures
/// derived from their samples as compare reads them. Throws ImportError ("FILE:LINE: expected
/// ...", the line of its '{') for invalid JSON, one of cryptobench's other documents (doctor,
/// compare, list) or an object that is not a result.
std::vector<results::RunResult> ReadPastedJson(const PastedJson& json, std::string_view file_name);

}  // namespace cryptobench::import
