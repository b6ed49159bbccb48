// Recognising cryptobench's own reports by their headers (the first lines its renderers write).
#include "import/own_reports.h"

#include <fmt/format.h>

#include "core/errors.h"
#include "results/json.h"
#include "results/limits.h"

#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

constexpr std::string_view kDoctor = "a cryptobench doctor report";
constexpr std::string_view kCompare = "a cryptobench compare report";

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// `rest` is empty, or goes on with one of `followers`.
bool EndsOrGoesOn(std::string_view rest, std::initializer_list<std::string_view> followers) {
  if (rest.empty()) {
    return true;
  }
  for (std::string_view follower : followers) {
    if (rest.starts_with(follower)) {
      return true;
    }
  }
  return false;
}

// The table and text headers: "cryptobench 0.1.0, run of ..." (speed), "cryptobench 0.1.0
// doctor[ --from F| --backend B], ..." (doctor), "cryptobench compare: N sides, ...".
std::optional<OwnTextReport> PlainHeader(std::string_view line) {
  constexpr std::string_view kTool = "cryptobench ";
  if (!line.starts_with(kTool)) {
    return std::nullopt;
  }
  std::string_view rest = line.substr(kTool.size());
  if (rest.starts_with("compare: ")) {
    return OwnTextReport{0, std::string(kCompare), false};
  }
  if (!rest.empty() && IsDigit(rest.front())) {
    const size_t end = rest.find_first_of(", ");
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
    if (EndsOrGoesOn(rest, {", run of "})) {
      return OwnTextReport{0, "", true};  // also `cryptobench --version`
    }
    rest = rest.substr(1);  // the space before "doctor"
  }
  if (rest.starts_with("doctor") && EndsOrGoesOn(rest.substr(6), {",", " --"})) {
    return OwnTextReport{0, std::string(kDoctor), false};
  }
  return std::nullopt;
}

// "## cryptobench results[, N backends]", "## cryptobench compare", "## cryptobench doctor[
// --from| --backend B]", "## cryptobench list[ --backends]".
std::optional<OwnTextReport> MarkdownHeader(std::string_view line) {
  constexpr std::string_view kTitle = "## cryptobench ";
  if (!line.starts_with(kTitle)) {
    return std::nullopt;
  }
  const std::string_view rest = line.substr(kTitle.size());
  if (rest.starts_with("results") && EndsOrGoesOn(rest.substr(7), {","})) {
    return OwnTextReport{0, "", true};
  }
  if (rest == "compare") {
    return OwnTextReport{0, std::string(kCompare), false};
  }
  if (rest.starts_with("doctor") && EndsOrGoesOn(rest.substr(6), {" --"})) {
    return OwnTextReport{0, std::string(kDoctor), false};
  }
  if (rest == "list") {  // list --format markdown (report/listing.cc)
    return OwnTextReport{0, "cryptobench list output", false};
  }
  if (rest == "list --backends") {
    return OwnTextReport{0, "cryptobench list --backends output", false};
  }
  return std::nullopt;
}

// The table title of an imported run: "openssl speed 3.0.19 (figures imported from F)".
bool IsImportedTitle(std::string_view line) {
  for (std::string_view tool :
       {"openssl speed", "openssl version", "bssl speed", "botan speed", "cryptsetup benchmark",
        "cryptobench"}) {  // "cryptobench": its own --format openssl, imported (import.cc)
    if (line.starts_with(tool) && line.find(" (figures imported from ") != std::string_view::npos) {
      return true;
    }
  }
  return false;
}

// A command line that runs cryptobench itself, shown before its output.
bool RunsCryptobench(const SourceLine& line) {
  if (line.kind != LineKind::kCommand) {
    return false;
  }
  for (std::string_view word : SplitWords(line.text)) {
    if (word == "|" || word == "&&" || word == ";") {
      return false;
    }
    const size_t slash = word.rfind('/');
    if ((slash == std::string_view::npos ? word : word.substr(slash + 1)) == "cryptobench") {
      return true;
    }
  }
  return false;
}

// Index of the first line at or after `from` with text, or lines.size().
size_t NextNonEmpty(const std::vector<SourceLine>& lines, size_t from) {
  while (from < lines.size() && Trim(lines[from].text).empty()) {
    ++from;
  }
  return from;
}

}  // namespace

std::optional<OwnTextReport> RecogniseOwnTextReport(const std::vector<SourceLine>& lines) {
  size_t first = NextNonEmpty(lines, 0);
  if (first < lines.size() && RunsCryptobench(lines[first])) {
    first = NextNonEmpty(lines, first + 1);
  }
  // Any kind: paste cleanup reads the title of an imported run ("openssl speed 3.0.19 (figures
  // imported from F)") as a bare command line.
  if (first >= lines.size() || lines[first].kind == LineKind::kElision) {
    return std::nullopt;
  }
  const std::string_view text = Trim(lines[first].text);
  std::optional<OwnTextReport> found = PlainHeader(text);
  if (!found) {
    found = MarkdownHeader(text);
  }
  // CSV: one backend's, or several backends' with a leading backend column (speed --backend
  // a,b --format csv).
  if (!found && (text.starts_with("algorithm,kind,operation,") ||
                 text.starts_with("backend,algorithm,kind,operation,") || IsImportedTitle(text))) {
    found = OwnTextReport{0, "", true};
  }
  if (!found && text.starts_with("Backends compiled into this build")) {
    found = OwnTextReport{0, "cryptobench list --backends output", false};
  }
  // list: "[Backend: B]", "Library: V (path)", then the legend of its table.
  if (!found && (text.starts_with("Library: ") || text.starts_with("Backend: "))) {
    size_t next = first;
    for (int i = 0; i < 2 && !found; ++i) {
      next = NextNonEmpty(lines, next + 1);
      if (next < lines.size() && Trim(lines[next].text).starts_with("'*' = in the default suite")) {
        found = OwnTextReport{0, "cryptobench list output", false};
      }
    }
  }
  if (found) {
    found->line = lines[first].number;
  }
  return found;
}

std::string OwnTextReportError(const OwnTextReport& report) {
  if (report.holds_results) {
    return "a cryptobench table, Markdown or CSV report, which cannot be read back; compare and "
           "doctor --from read its --format json output";
  }
  return fmt::format(
      "{}, not a result; compare and doctor --from read results (speed or import --format json) "
      "or other tools' output",
      report.what);
}

std::string DescribeOwnNonResultJson(const nlohmann::json& doc) {
  if (!doc.is_object()) {
    return "";
  }
  const auto kind = doc.find("kind");
  if (kind != doc.end() && kind->is_string()) {
    const std::string& name = kind->get_ref<const std::string&>();
    // "doctor", "doctor_backend", "doctor_reports": every kind doctor writes.
    if (name.starts_with("doctor")) {
      return "a doctor report";  // as worded before compare and list were recognised
    }
    if (name == "compare" || name == "compare_tls") {
      return "a compare report (cryptobench compare --format json)";
    }
    if (name == "tls") {
      return "a tls result (cryptobench tls --format json), which compare reads";
    }
  }
  // A result has source, machine and method beside its algorithms; list has only the library
  // and a catalogue whose entries carry "default_suite" and "supported".
  if (doc.contains("source") || doc.contains("method") || doc.contains("runs")) {
    return "";
  }
  const auto algorithms = doc.find("algorithms");
  if (algorithms != doc.end() && algorithms->is_array() && doc.contains("library")) {
    const bool catalogue = algorithms->empty() || (algorithms->front().is_object() &&
                                                   (algorithms->front().contains("default_suite") ||
                                                    algorithms->front().contains("supported")));
    if (catalogue) {
      return "an algorithm list (cryptobench list --format json)";
    }
  }
  const auto backends = doc.find("backends");
  if (algorithms == doc.end() && backends != doc.end() && backends->is_array()) {
    return "a backend list (cryptobench list --backends --format json)";
  }
  return "";
}

nlohmann::json ParseJsonInput(std::string_view text, const std::string& name) {
  try {
    return results::ParseJsonBounded(text);  // memory bounded by the input (results/limits.h)
  } catch (const nlohmann::json::exception& e) {
    throw UsageError(fmt::format("{}: not valid JSON: {}", name, ShortenJsonError(e.what())));
  } catch (const results::InputLimitError& e) {
    throw UsageError(fmt::format("{}: {}", name, e.what()));
  }
}

std::vector<results::RunResult> RunsOfResultJson(const nlohmann::json& doc,
                                                 const std::string& name) {
  std::vector<results::RunResult> runs;
  try {
    runs = results::RunsFromJson(doc);
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("{}: {}", name, e.what()));
  }
  for (results::RunResult& run : runs) {
    results::DeriveAllFigures(run);  // recompute from samples; sample-less cells keep theirs
  }
  return runs;
}

}  // namespace cryptobench::import
