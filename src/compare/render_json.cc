// The JSON document of a comparison (docs/compare.md, "JSON").
#include "compare/render.h"

namespace cryptobench::compare {
namespace {

using nlohmann::ordered_json;

ordered_json FigureJson(const std::optional<Figure>& figure) {
  if (!figure) {
    return nullptr;
  }
  ordered_json j;
  j["value"] = figure->value;
  j["has_ci"] = figure->has_ci;
  j["ci_low"] = figure->has_ci ? ordered_json(figure->ci_low) : ordered_json(nullptr);
  j["ci_high"] = figure->has_ci ? ordered_json(figure->ci_high) : ordered_json(nullptr);
  j["ci_confidence"] = figure->ci_confidence;
  j["num_samples"] = figure->num_samples;
  return j;
}

ordered_json SideJson(const Side& side) {
  const results::RunResult& run = side.run;
  ordered_json j;
  j["letter"] = side.letter;
  j["label"] = side.label;
  j["origin"] = SideOriginName(side.origin);
  j["source_kind"] = run.source.kind;
  j["tool"] = run.source.tool;
  j["tool_version"] = run.source.tool_version;
  j["file"] = run.source.file;
  j["created_utc"] = run.created_utc;
  j["timing_basis"] = run.source.timing_basis;
  j["engine_or_provider"] = run.source.engine_or_provider;
  j["library_version"] = run.library.version;
  j["library_path"] = run.library.loaded_path;
  j["capability_vector"] = run.library.capability_vector;
  j["worker_env"] = ordered_json::object();
  for (const auto& [name, value] : run.library.worker_env) {
    j["worker_env"][name] = value;
  }
  j["cpu_model"] = run.machine.cpu_model;
  j["clock"] = {
      {"hz_low", side.clock.hz_low}, {"hz_high", side.clock.hz_high}, {"basis", side.clock.basis}};
  j["cpu_features"] = side.cpu_features ? ordered_json(*side.cpu_features) : ordered_json(nullptr);
  j["features_source"] = side.features_source;
  if (side.origin == SideOrigin::kLive) {
    j["rounds"] = side.rounds;
  }
  return j;
}

ordered_json RowJson(const Row& row) {
  ordered_json j;
  j["algorithm"] = row.algorithm;
  j["family"] = row.family;
  j["group"] = row.group;
  j["operation"] = row.operation;
  j["input_len"] = row.input_len;
  j["unit"] = row.symmetric ? "bytes_per_s" : "ops_per_s";
  j["presence"] = PresenceName(row.presence);
  j["a"] = FigureJson(row.a);
  j["b"] = FigureJson(row.b);
  if (row.presence == Presence::kBoth) {
    ordered_json ratio;
    ratio["value"] = row.ratio.ratio;
    ratio["has_ci"] = row.ratio.has_ci;
    ratio["ci_low"] = row.ratio.has_ci ? ordered_json(row.ratio.ci_low) : ordered_json(nullptr);
    ratio["ci_high"] = row.ratio.has_ci ? ordered_json(row.ratio.ci_high) : ordered_json(nullptr);
    ratio["ci_confidence"] = row.ratio.ci_confidence;
    j["ratio"] = ratio;
    j["direction"] = DirectionName(row.direction);
    j["verdict"] = VerdictName(row.verdict);
  } else {
    j["ratio"] = nullptr;
    j["direction"] = nullptr;
    j["verdict"] = nullptr;
  }
  j["note"] = row.note;
  if (!row.caveats.empty()) {
    ordered_json caveats = ordered_json::array();
    for (const FigureCaveat& caveat : row.caveats) {
      ordered_json c;
      c["side"] = caveat.side;
      c["text"] = caveat.caveat.text;
      c["line"] = caveat.caveat.line;
      c["doubt"] = caveat.caveat.doubt;
      caveats.push_back(std::move(c));
    }
    j["caveats"] = std::move(caveats);
  }
  if (row.sizes_assumed) {
    j["sizes_assumed"] = true;
  }
  return j;
}

ordered_json CostFitJson(const CostFit& fit) {
  ordered_json j;
  j["overhead_ns"] = fit.overhead_ns;
  j["overhead_ci"] = {fit.overhead_low, fit.overhead_high};
  j["per_byte_ns"] = fit.per_byte_ns;
  j["per_byte_ci"] = {fit.per_byte_low, fit.per_byte_high};
  return j;
}

ordered_json CostJson(const CostComparison& cost) {
  ordered_json j;
  j["algorithm"] = cost.algorithm;
  j["family"] = cost.family;
  j["operation"] = cost.operation;
  j["sizes"] = cost.sizes;
  j["a"] = CostFitJson(cost.a);
  j["b"] = CostFitJson(cost.b);
  j["overhead_changed"] = cost.overhead_changed;
  j["per_byte_changed"] = cost.per_byte_changed;
  j["change"] = CostChangeName(cost.change);
  return j;
}

}  // namespace

nlohmann::ordered_json CompareToJson(const CompareReport& report) {
  ordered_json doc;
  doc["schema_version"] = 1;
  doc["kind"] = "compare";
  doc["created_utc"] = report.created_utc;
  doc["tool_version"] = report.tool_version;
  doc["threshold"] = report.threshold;
  doc["sides"] = ordered_json::array();
  for (const Side& side : report.sides) {
    doc["sides"].push_back(SideJson(side));
  }
  doc["comparisons"] = ordered_json::array();
  for (const PairComparison& pair : report.pairs) {
    ordered_json j;
    j["a"] = report.sides[pair.a_index].letter;
    j["b"] = report.sides[pair.b_index].letter;
    j["significant_slower"] = pair.num_significant_slower;
    j["significant_faster"] = pair.num_significant_faster;
    j["rows"] = ordered_json::array();
    for (const Row& row : pair.rows) {
      j["rows"].push_back(RowJson(row));
    }
    j["findings"] = ordered_json::array();
    for (const Finding& finding : pair.findings) {
      ordered_json f = {{"id", finding.id}, {"text", finding.text}};
      if (!finding.cause.empty()) {
        f["cause"] = finding.cause;
      }
      j["findings"].push_back(std::move(f));
    }
    j["costs"] = ordered_json::array();
    for (const CostComparison& cost : pair.costs) {
      j["costs"].push_back(CostJson(cost));
    }
    doc["comparisons"].push_back(std::move(j));
  }
  return doc;
}

}  // namespace cryptobench::compare
