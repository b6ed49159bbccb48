// Side descriptions, the list of rows not compared, and the legend: shared by table and Markdown.
#include <map>
#include <stdexcept>
#include <tuple>

#include <fmt/format.h>

#include "report/document.h"
#include "report/format_util.h"

#include "compare/compare_document.h"
#include "compare/format.h"
#include "compare/render.h"
#include "compare/render_internal.h"

namespace cryptobench::compare {
namespace internal {
namespace {

std::string BasisName(const std::string& basis) {
  if (basis == "wall_clock") {
    return "wall-clock time";
  }
  if (basis == "user_cpu") {
    return "user CPU time";
  }
  return "clock unknown";
}

}  // namespace

std::string SideDescription(const Side& side) {
  const results::RunResult& run = side.run;
  std::vector<std::string> parts;
  switch (side.origin) {
    case SideOrigin::kLive:
      parts.push_back(side.rounds > 0 ? fmt::format("measured now ({} interleaved round{})",
                                                    side.rounds, side.rounds == 1 ? "" : "s")
                                      : "measured now");
      break;
    case SideOrigin::kResults:
      parts.push_back(run.source.kind == "imported"
                          ? fmt::format("imported {} output", run.source.tool)
                          : fmt::format("cryptobench run{}",
                                        run.created_utc.empty() ? "" : " of " + run.created_utc));
      break;
    case SideOrigin::kImported:
      parts.push_back(fmt::format("{} output", run.source.tool));
      break;
  }
  if (!run.library.version.empty()) {
    parts.push_back(LibraryVersionName(run.library));
  }
  if (!run.library.loaded_path.empty()) {
    parts.push_back(run.library.loaded_path);
  }
  parts.push_back(BasisName(run.source.timing_basis));
  if (!run.source.engine_or_provider.empty()) {
    parts.push_back(run.source.engine_or_provider);
  }
  for (const auto& [name, value] : run.library.worker_env) {
    parts.push_back(fmt::format("{}={}", name, value));
  }
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    out += (i == 0 ? "" : ", ") + parts[i];
  }
  return out;
}

std::string SizeText(const Row& row) {
  return row.symmetric ? report::FormatSize(row.input_len) : "-";
}

std::string PairTitle(const PairComparison& pair, const std::vector<Side>& sides) {
  const Side& a = sides[pair.a_index];
  const Side& b = sides[pair.b_index];
  return fmt::format("{} ({}) vs {} ({})", b.letter, b.label, a.letter, a.label);
}

std::vector<std::string> NotComparedLines(const PairComparison& pair,
                                          const std::vector<Side>& sides) {
  using Key = std::tuple<std::string, std::string, std::string>;  // algorithm, operation, reason
  std::vector<Key> order;
  std::map<Key, std::vector<std::string>> sizes;
  for (const Row& row : pair.rows) {
    if (row.presence == Presence::kBoth) {
      continue;
    }
    std::string reason = row.note;
    if (row.presence == Presence::kOnlyA) {
      reason = "only in " + sides[pair.a_index].letter;
    } else if (row.presence == Presence::kOnlyB) {
      reason = "only in " + sides[pair.b_index].letter;
    }
    const Key key{row.algorithm, row.operation, reason};
    if (sizes.count(key) == 0) {
      order.push_back(key);
    }
    if (row.symmetric) {
      sizes[key].push_back(report::FormatSize(row.input_len));
    } else {
      sizes[key];
    }
  }
  std::vector<std::string> lines;
  for (const Key& key : order) {
    const std::vector<std::string>& list = sizes[key];
    std::string size_text;
    for (size_t i = 0; i < list.size(); ++i) {
      size_text += (i == 0 ? " (" : ", ") + list[i];
    }
    if (!list.empty()) {
      size_text += ")";
    }
    lines.push_back(fmt::format("{} {}{}: {}", std::get<0>(key), std::get<1>(key), size_text,
                                std::get<2>(key)));
  }
  return lines;
}

std::vector<std::string> LegendSentences(double threshold) {
  return {
      "Ratio = throughput of each side over the baseline A's (B/A, ...; MB/s = 10^6 bytes/s, "
      "ops/s for public key); above 1, that side is faster.",
      "95% CI of the ratio: both medians' CIs combined in log space (docs/compare.md); "
      "\"single sample\" where a side has one figure (imported output).",
      fmt::format("A change beyond {} is \"significantly\" slower or faster only when its CI "
                  "excludes 1; with a single figure it is \"not testable\".",
                  PercentText(threshold)),
  };
}

}  // namespace internal

void RenderCompare(const CompareReport& report, CompareFormat format, std::ostream& out) {
  switch (format) {
    case CompareFormat::kTable:
      internal::RenderTable(report, out);
      return;
    case CompareFormat::kMarkdown:
      internal::RenderMarkdown(report, out);
      return;
    case CompareFormat::kJson:
      out << CompareToJson(report).dump(2) << "\n";
      return;
    case CompareFormat::kHtml:
      // From the JSON, as `report` draws a saved comparison (compare_document.h).
      report::WriteHtml(CompareDocument(nlohmann::json::parse(CompareToJson(report).dump(
                            -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace))),
                        out);
      return;
    default:
      break;
  }
  throw std::invalid_argument(
      fmt::format("a comparison cannot be rendered as {}", report::FormatName(format)));
}

}  // namespace cryptobench::compare
