// cryptobench result JSON with text around it.
#include "import/json_paste.h"

#include <exception>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "results/json.h"
#include "results/limits.h"

#include "import/import.h"
#include "import/own_reports.h"
#include "import/parse_util.h"
#include "import/paste_cleanup.h"

namespace cryptobench::import {
namespace {

constexpr std::string_view kByteOrderMark = "\xef\xbb\xbf";

bool IsFenceLine(std::string_view trimmed) {
  return trimmed.starts_with("```") || trimmed.starts_with("~~~");
}

// A line paste cleanup reads as a command, or as a prompt alone.
bool IsCommandOrPrompt(std::string_view line) {
  const std::vector<SourceLine> cleaned = CleanPaste(line);
  return cleaned.empty() || cleaned.front().kind == LineKind::kCommand;
}

std::optional<PastedJson> FindJson(std::string_view text, bool after_prose);

}  // namespace

std::optional<PastedJson> FindPastedJson(std::string_view text) {
  return FindJson(text, /*after_prose=*/false);
}

std::optional<PastedJson> FindFencedJson(std::string_view text) {
  return FindJson(text, /*after_prose=*/true);
}

namespace {

std::optional<PastedJson> FindJson(std::string_view text, bool after_prose) {
  if (text.starts_with(kByteOrderMark)) {
    text.remove_prefix(kByteOrderMark.size());
  }
  size_t number = 0;
  size_t start = 0;
  std::optional<PastedJson> found;
  std::string_view previous;  // the last line with text before the document
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    end = end == std::string_view::npos ? text.size() : end;
    const std::string_view line = text.substr(start, end - start);
    const std::string_view trimmed = Trim(line);
    ++number;
    start = end + 1;
    if (!found) {
      if (trimmed.empty()) {
        continue;
      }
      if (IsFenceLine(trimmed)) {
        previous = trimmed;
        continue;
      }
      const bool after_fence = IsFenceLine(previous);
      previous = trimmed;
      if (!trimmed.starts_with("{")) {
        if (IsCommandOrPrompt(line) || after_prose) {
          continue;
        }
        return std::nullopt;  // prose or tool output first: the parsers' business
      }
      if (after_prose && !after_fence) {
        continue;
      }
      found = PastedJson{"", number};
    }
    if (IsFenceLine(trimmed)) {
      break;  // the closing fence; what follows is prose
    }
    found->text.append(line);
    found->text.push_back('\n');
  }
  if (!found) {
    return std::nullopt;
  }
  // A prompt or prose after the document (no fence to end it).
  const size_t last_brace = found->text.rfind('}');
  if (last_brace != std::string::npos) {
    found->text.resize(last_brace + 1);
  }
  return found;
}

}  // namespace

std::vector<results::RunResult> ReadPastedJson(const PastedJson& json, std::string_view file_name) {
  const std::string file(file_name);
  nlohmann::json doc;
  try {
    doc = results::ParseJsonBounded(json.text);  // memory bounded by the input
  } catch (const results::InputLimitError& e) {
    throw ImportError(json.line,
                      fmt::format("expected a cryptobench result JSON, found {}", e.what()), file);
  } catch (const nlohmann::json::exception& e) {
    throw ImportError(json.line,
                      fmt::format("expected a cryptobench result JSON from this '{{' on, found "
                                  "invalid JSON ({})",
                                  ShortenJsonError(e.what())),
                      file);
  }
  if (const std::string what = DescribeOwnNonResultJson(doc); !what.empty()) {
    throw ImportError(json.line,
                      fmt::format("expected a cryptobench result (speed or import --format json) "
                                  "or tool output, found {}",
                                  what),
                      file);
  }
  if (!doc.is_object() || !doc.contains("schema_version")) {
    throw ImportError(json.line,
                      "expected a cryptobench result JSON (with schema_version) or tool output, "
                      "found another JSON object",
                      file);
  }
  std::vector<results::RunResult> runs;
  try {
    if (doc.contains("runs") && (!doc.at("runs").is_array() || doc.at("runs").empty())) {
      throw std::runtime_error("runs: expected a non-empty array");
    }
    runs = results::RunsFromJson(doc);
  } catch (const std::exception& e) {
    throw ImportError(json.line,
                      fmt::format("expected a cryptobench result JSON, found one that is not "
                                  "({})",
                                  ShortenJsonError(e.what())),
                      file);
  }
  for (results::RunResult& run : runs) {
    results::DeriveAllFigures(run);  // from raw samples where present, as compare reads JSON
  }
  return runs;
}

}  // namespace cryptobench::import
