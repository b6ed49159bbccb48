// Writing the result model as JSON (docs/json-schema.md). Reading is in json_read.cc.
#include "results/json.h"

#include <string>
#include <string_view>

#include <fmt/format.h>

namespace cryptobench::results {
namespace {

using nlohmann::ordered_json;

// Both JSON flavours: the document keeps keys in model order (ordered_json); the worker protocol
// uses plain json, whose keys sort alphabetically. Reading accepts either order.
template <typename Json>
Json SampleToJsonAs(const measure::Sample& sample) {
  Json j;
  j["iterations"] = sample.iterations;
  j["wall_ns"] = sample.wall_ns;
  j["cpu_ns"] = sample.cpu_ns;
  j["user_ns"] = sample.user_ns;
  j["sys_ns"] = sample.sys_ns;
  j["ticks"] = sample.ticks;
  j["preemptions"] = sample.preemptions;
  if (sample.voluntary_switches > 0) {
    j["voluntary_switches"] = sample.voluntary_switches;  // optional: absent means 0
  }
  return j;
}

template <typename Json>
Json LibraryToJsonAs(const LibraryInfo& library) {
  Json j;
  j["backend"] = library.backend;
  j["requested_path"] = library.requested_path;
  j["loaded_path"] = library.loaded_path;
  if (!library.file_sha256.empty()) {
    j["file_sha256"] = library.file_sha256;  // optional: absent means not recorded
  }
  j["version"] = library.version;
  j["version_num"] = library.version_num;
  j["cflags"] = library.cflags;
  j["built_on"] = library.built_on;
  j["platform"] = library.platform;
  j["options"] = library.options;
  j["cpu_info"] = library.cpu_info;
  j["capability_vector"] = library.capability_vector;
  Json env = Json::object();
  for (const auto& [name, value] : library.worker_env) {
    env[name] = value;
  }
  j["worker_env"] = std::move(env);
  return j;
}

template <typename Json>
Json KatToJsonAs(const KatResult& kat) {
  Json j;
  j["status"] = kat.status;
  j["source"] = kat.source;
  j["detail"] = kat.detail;
  return j;
}

ordered_json EstimateToJson(const Estimate& estimate) {
  ordered_json j;
  j["value"] = estimate.value;
  j["ci_low"] = estimate.ci_low;
  j["ci_high"] = estimate.ci_high;
  return j;
}

ordered_json FiguresToJson(const CellFigures& figures) {
  ordered_json j;
  j["num_samples"] = figures.num_samples;
  j["num_preempted_samples"] = figures.num_preempted_samples;
  j["num_workers"] = figures.num_workers;
  j["confidence"] = figures.confidence;
  j["ci_confidence"] = figures.ci_confidence;
  j["precision_reached"] = figures.precision_reached;
  j["ops_per_s"] = EstimateToJson(figures.ops_per_s);
  if (figures.bytes_per_s) {
    j["bytes_per_s"] = EstimateToJson(*figures.bytes_per_s);
  }
  j["wall_ns_per_op"] = figures.wall_ns_per_op;
  j["cpu_ns_per_op"] = figures.cpu_ns_per_op;
  j["user_ns_per_op"] = figures.user_ns_per_op;
  j["sys_ns_per_op"] = figures.sys_ns_per_op;
  j["cpu_utilization"] = figures.cpu_utilization;
  j["cpu_wall_mismatch"] = figures.cpu_wall_mismatch;
  j["ticks_per_op"] = figures.ticks_per_op;
  j["worker_min_ops_per_s"] = figures.worker_min_ops_per_s;
  j["worker_max_ops_per_s"] = figures.worker_max_ops_per_s;
  // Optional (absent in results from before rounds and pinning): the meaning of the older
  // fields is unchanged.
  if (figures.rounds > 0) {
    j["rounds"] = figures.rounds;
  }
  if (!figures.disturbed.empty()) {
    j["disturbed"] = figures.disturbed;
  }
  return j;
}

ordered_json CellToJson(const Cell& cell) {
  ordered_json j;
  j["operation"] = cell.operation;
  j["input_len"] = cell.input_len;
  j["status"] = CellStatusName(cell.status);
  if (!cell.message.empty()) {
    j["message"] = cell.message;
  }
  j["batch_iterations"] = cell.batch_iterations;
  ordered_json workers = ordered_json::array();
  for (const WorkerSamples& worker : cell.workers) {
    ordered_json w;
    w["precision_reached"] = worker.precision_reached;
    if (worker.window_ns > 0) {
      w["window_ns"] = worker.window_ns;
    }
    if (!worker.round_sizes.empty()) {
      w["rounds"] = worker.round_sizes;
    }
    if (worker.pinned_cpu >= 0) {
      w["pinned_cpu"] = worker.pinned_cpu;
    }
    if (!worker.pin_note.empty()) {
      w["pin_note"] = worker.pin_note;
    }
    if (worker.warmup_seconds) {
      w["warmup"] = {{"seconds", *worker.warmup_seconds}, {"settled", worker.warmup_settled}};
    }
    if (worker.steal) {
      w["steal"] = *worker.steal;
    }
    if (!worker.disturbed.empty()) {
      w["disturbed"] = worker.disturbed;
    }
    if (!worker.repeated.empty()) {
      w["repeated"] = worker.repeated;
    }
    if (worker.attempts > 1) {
      w["attempts"] = worker.attempts;
    }
    ordered_json samples = ordered_json::array();
    for (const measure::Sample& sample : worker.samples) {
      samples.push_back(SampleToJsonAs<ordered_json>(sample));
    }
    w["samples"] = std::move(samples);
    workers.push_back(std::move(w));
  }
  j["workers"] = std::move(workers);
  if (cell.figures) {
    j["figures"] = FiguresToJson(*cell.figures);
  }
  if (!cell.caveats.empty()) {
    ordered_json caveats = ordered_json::array();
    for (const CellCaveat& caveat : cell.caveats) {
      ordered_json c;
      c["text"] = caveat.text;
      c["line"] = caveat.line;
      c["doubt"] = caveat.doubt;
      if (caveat.unit_factor > 0) {
        c["unit_factor"] = caveat.unit_factor;
      }
      if (!caveat.assumed_sizes.empty()) {
        c["assumed_sizes"] = caveat.assumed_sizes;
      }
      caveats.push_back(std::move(c));
    }
    j["caveats"] = std::move(caveats);
  }
  return j;
}

ordered_json AlgorithmToJson(const AlgorithmResult& alg) {
  ordered_json j;
  j["algorithm"] = alg.algorithm;
  j["kind"] = alg.kind;
  if (!alg.implementation.empty()) {
    j["implementation"] = alg.implementation;  // omitted when unknown, so older documents match
  }
  if (!alg.api.empty()) {
    j["api"] = alg.api;  // omitted for EVP rows and measured runs, so older documents match
  }
  j["supported"] = alg.supported;
  j["kat"] = KatToJsonAs<ordered_json>(alg.kat);
  ordered_json cells = ordered_json::array();
  for (const Cell& cell : alg.cells) {
    cells.push_back(CellToJson(cell));
  }
  j["cells"] = std::move(cells);
  return j;
}

ordered_json MachineToJson(const MachineInfo& machine) {
  ordered_json j;
  j["cpu_model"] = machine.cpu_model;
  j["cpu_vendor"] = machine.cpu_vendor;
  j["arch"] = machine.arch;
  j["kernel"] = machine.kernel;
  j["online_cpus"] = machine.online_cpus;
  j["hypervisor"] = machine.hypervisor;
  j["tick_counter"] = machine.tick_counter;
  j["tick_rate_hz"] = machine.tick_rate_hz;
  return j;
}

ordered_json MethodToJson(const MethodInfo& method) {
  ordered_json j;
  j["clock"] = method.clock;
  j["direction"] = method.direction;
  j["precision"] = method.precision;
  j["max_seconds"] = method.max_seconds;
  j["min_samples"] = method.min_samples;
  j["confidence"] = method.confidence;
  j["target_sample_seconds"] = method.target_sample_seconds;
  j["threads"] = method.threads;
  if (method.rounds > 0) {
    j["rounds"] = method.rounds;
  }
  if (!method.pinning.empty()) {
    j["pinning"] = method.pinning;
  }
  j["input_sizes"] = method.input_sizes;
  return j;
}

// The interpretation keys are written for imported documents, or when they differ from the
// defaults that describe cryptobench's own method, so measured documents keep their layout.
ordered_json SourceToJson(const SourceInfo& source) {
  ordered_json j;
  j["kind"] = source.kind;
  j["tool"] = source.tool;
  j["tool_version"] = source.tool_version;
  j["file"] = source.file;
  const SourceInfo defaults;
  const bool interpretation_differs =
      source.timing_basis != defaults.timing_basis || source.evp != defaults.evp ||
      !source.engine_or_provider.empty() || source.multi != 0 || !source.caveats.empty();
  if (source.kind == "imported" || interpretation_differs) {
    j["timing_basis"] = source.timing_basis;
    j["evp"] = source.evp;
    j["engine_or_provider"] = source.engine_or_provider;
    j["multi"] = source.multi;
    j["caveats"] = source.caveats;
  }
  if (source.invocation != Invocation{}) {
    const Invocation& inv = source.invocation;
    ordered_json inv_json;
    if (inv.command_line != 0) {
      inv_json["command_line"] = inv.command_line;
    }
    if (!inv.multi_from.empty()) {
      inv_json["multi_from"] = inv.multi_from;
    }
    if (inv.seconds > 0) {
      inv_json["seconds"] = inv.seconds;
      inv_json["seconds_from"] = inv.seconds_from;
    }
    if (inv.elapsed) {
      inv_json["elapsed"] = true;
    }
    if (!inv.pinning.empty()) {
      inv_json["pinning"] = inv.pinning;
    }
    if (inv.pinned_cpus > 0) {
      inv_json["pinned_cpus"] = inv.pinned_cpus;
    }
    if (inv.time_wrapper) {
      inv_json["time_wrapper"] = true;
    }
    if (inv.async_jobs > 0) {
      inv_json["async_jobs"] = inv.async_jobs;
    }
    j["invocation"] = std::move(inv_json);
  }
  if (!source.facts.empty()) {
    ordered_json facts = ordered_json::array();
    for (const SourceFact& fact : source.facts) {
      ordered_json item{{"kind", fact.kind}, {"value", fact.value}, {"line", fact.line}};
      if (!fact.origin.empty()) {
        item["origin"] = fact.origin;
      }
      facts.push_back(std::move(item));
    }
    j["facts"] = std::move(facts);
  }
  return j;
}

}  // namespace

nlohmann::ordered_json ToJson(const RunResult& run) {
  ordered_json j;
  j["schema_version"] = run.schema_version;
  j["created_utc"] = run.created_utc;
  j["source"] = SourceToJson(run.source);
  j["machine"] = MachineToJson(run.machine);
  j["library"] = LibraryToJsonAs<ordered_json>(run.library);
  j["method"] = MethodToJson(run.method);
  if (!run.interrupted_by.empty()) {
    j["partial"] = true;  // only in a partial run, so a complete one keeps its layout
    j["interrupted_by"] = run.interrupted_by;
  }
  ordered_json algorithms = ordered_json::array();
  for (const AlgorithmResult& alg : run.algorithms) {
    algorithms.push_back(AlgorithmToJson(alg));
  }
  j["algorithms"] = std::move(algorithms);
  return j;
}

namespace {

constexpr auto kReplace = ordered_json::error_handler_t::replace;

// Appends `text` to `out` with every line after the first indented by `spaces` more, a line at a
// time (a result file runs to tens of MB; per-character appends made writing it the slowest step).
void AppendIndented(std::string_view text, size_t spaces, std::string* out) {
  size_t start = 0;
  for (size_t newline = text.find('\n'); newline != std::string_view::npos;
       newline = text.find('\n', start)) {
    out->append(text.substr(start, newline + 1 - start));
    out->append(spaces, ' ');
    start = newline + 1;
  }
  out->append(text.substr(start));
}

// Appends ToJson(run).dump(2) at `base` spaces of indentation, each algorithm rendered on its own
// so that the whole document is never built as one tree.
void AppendRun(const RunResult& run, size_t base, std::string* out) {
  RunResult head;
  head.schema_version = run.schema_version;
  head.created_utc = run.created_utc;
  head.source = run.source;
  head.machine = run.machine;
  head.library = run.library;
  head.method = run.method;
  head.interrupted_by = run.interrupted_by;
  std::string text = ToJson(head).dump(2, ' ', false, kReplace);  // "algorithms": [] last
  constexpr std::string_view kEmpty = "[]\n}";
  if (run.algorithms.empty() || text.size() < kEmpty.size() ||
      text.compare(text.size() - kEmpty.size(), kEmpty.size(), kEmpty) != 0) {
    AppendIndented(text, base, out);
    return;
  }
  text.resize(text.size() - kEmpty.size());
  AppendIndented(text, base, out);
  *out += "[\n";
  for (size_t i = 0; i < run.algorithms.size(); ++i) {
    out->append(base + 4, ' ');
    AppendIndented(AlgorithmToJson(run.algorithms[i]).dump(2, ' ', false, kReplace), base + 4, out);
    *out += i + 1 < run.algorithms.size() ? ",\n" : "\n";
  }
  out->append(base + 2, ' ');
  *out += "]\n";
  out->append(base, ' ');
  *out += "}";
}

}  // namespace

std::string RunsToJsonText(const std::vector<RunResult>& runs) {
  std::string out;
  if (runs.size() == 1) {
    AppendRun(runs.front(), 0, &out);
  } else {
    out = fmt::format("{{\n  \"schema_version\": {},\n  \"runs\": ", kSchemaVersion);
    if (runs.empty()) {
      out += "[]";
    } else {
      out += "[\n";
      for (size_t i = 0; i < runs.size(); ++i) {
        out += "    ";
        AppendRun(runs[i], 4, &out);
        out += i + 1 < runs.size() ? ",\n" : "\n";
      }
      out += "  ]";
    }
    out += "\n}";
  }
  out += "\n";
  return out;
}

nlohmann::json SampleToJson(const measure::Sample& sample) {
  return SampleToJsonAs<nlohmann::json>(sample);
}

nlohmann::json LibraryToJson(const LibraryInfo& library) {
  return LibraryToJsonAs<nlohmann::json>(library);
}

nlohmann::json KatToJson(const KatResult& kat) { return KatToJsonAs<nlohmann::json>(kat); }

}  // namespace cryptobench::results
