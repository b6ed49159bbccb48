// Reading the result model from JSON, validating every field's type and naming the path of the
// first problem. Unknown keys are ignored so that newer writers stay readable.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "results/json.h"
#include "results/limits.h"

namespace cryptobench::results {
namespace {

using nlohmann::json;

// A problem at a JSON path; turned into std::runtime_error with the reader's prefix.
struct JsonProblem {
  std::string path;
  std::string what;
};

[[noreturn]] void Fail(const std::string& path, std::string what) {
  throw JsonProblem{path, std::move(what)};
}

std::string Member(const std::string& parent, std::string_view key) {
  return parent.empty() ? std::string(key) : fmt::format("{}.{}", parent, key);
}

std::string Element(const std::string& parent, size_t index) {
  return fmt::format("{}[{}]", parent, index);
}

// The value at obj[key], or nullptr if absent and optional. `obj` is known to be an object.
const json* Find(const json& obj, const std::string& path, std::string_view key, bool required) {
  const auto it = obj.find(std::string(key));
  if (it == obj.end()) {
    if (required) {
      Fail(Member(path, key), "missing");
    }
    return nullptr;
  }
  return &*it;
}

const json& ExpectObject(const json& j, const std::string& path) {
  if (!j.is_object()) {
    Fail(path.empty() ? "(document)" : path, "expected an object");
  }
  return j;
}

const json& ExpectArray(const json& j, const std::string& path) {
  if (!j.is_array()) {
    Fail(path, "expected an array");
  }
  return j;
}

// Field readers: leave *out unchanged when an optional key is absent.
void ReadString(const json& obj, const std::string& path, std::string_view key, std::string* out,
                bool required = false) {
  if (const json* j = Find(obj, path, key, required)) {
    if (!j->is_string()) {
      Fail(Member(path, key), "expected a string");
    }
    *out = j->get<std::string>();
  }
}

void ReadBool(const json& obj, const std::string& path, std::string_view key, bool* out) {
  if (const json* j = Find(obj, path, key, false)) {
    if (!j->is_boolean()) {
      Fail(Member(path, key), "expected a boolean");
    }
    *out = j->get<bool>();
  }
}

void ReadDouble(const json& obj, const std::string& path, std::string_view key, double* out,
                bool required = false) {
  if (const json* j = Find(obj, path, key, required)) {
    if (!j->is_number()) {
      Fail(Member(path, key), "expected a number");
    }
    *out = j->get<double>();
  }
}

// Integers: JSON writers in other languages may emit 5.0 for 5, so whole floats up to 2^53 (the
// largest range in which a double holds every integer) are accepted too.
constexpr double kMaxExactDouble = 9007199254740992.0;

uint64_t ToUnsigned(const json& j, const std::string& path) {
  if (!j.is_number()) {
    Fail(path, "expected a number");
  }
  if (j.is_number_unsigned()) {
    return j.get<uint64_t>();
  }
  if (j.is_number_integer()) {
    Fail(path, fmt::format("expected a non-negative integer, got {}", j.get<int64_t>()));
  }
  const double value = j.get<double>();
  if (!(value >= 0 && value <= kMaxExactDouble && std::floor(value) == value)) {
    Fail(path, fmt::format("expected a non-negative integer, got {}", j.dump()));
  }
  return static_cast<uint64_t>(value);
}

int64_t ToSigned(const json& j, const std::string& path) {
  if (!j.is_number()) {
    Fail(path, "expected a number");
  }
  if (j.is_number_unsigned()) {
    const auto value = j.get<uint64_t>();
    if (value > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
      Fail(path, fmt::format("integer {} out of range", value));
    }
    return static_cast<int64_t>(value);
  }
  if (j.is_number_integer()) {
    return j.get<int64_t>();
  }
  const double value = j.get<double>();
  if (!(std::abs(value) <= kMaxExactDouble && std::floor(value) == value)) {
    Fail(path, fmt::format("expected an integer, got {}", j.dump()));
  }
  return static_cast<int64_t>(value);
}

void ReadUnsigned(const json& obj, const std::string& path, std::string_view key, uint64_t* out,
                  bool required = false) {
  if (const json* j = Find(obj, path, key, required)) {
    *out = ToUnsigned(*j, Member(path, key));
  }
}

void ReadSize(const json& obj, const std::string& path, std::string_view key, size_t* out) {
  uint64_t value = *out;
  ReadUnsigned(obj, path, key, &value);
  *out = static_cast<size_t>(value);
}

void ReadInt(const json& obj, const std::string& path, std::string_view key, int* out) {
  if (const json* j = Find(obj, path, key, false)) {
    const int64_t value = ToSigned(*j, Member(path, key));
    if (value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max()) {
      Fail(Member(path, key), fmt::format("integer {} out of range", value));
    }
    *out = static_cast<int>(value);
  }
}

// Returns the object at obj[key] (or nullptr if absent and optional), checking its type.
const json* FindObject(const json& obj, const std::string& path, std::string_view key,
                       bool required = false) {
  const json* j = Find(obj, path, key, required);
  return j == nullptr ? nullptr : &ExpectObject(*j, Member(path, key));
}

const json* FindArray(const json& obj, const std::string& path, std::string_view key,
                      bool required = false) {
  const json* j = Find(obj, path, key, required);
  return j == nullptr ? nullptr : &ExpectArray(*j, Member(path, key));
}

// A sample that ParseJsonBounded packed (kPackedSampleSubtype): eight 64-bit fields, in
// measure::Sample's order, host byte order (it never leaves the process).
constexpr std::uint8_t kPackedSampleSubtype = 0x53;  // 'S'
constexpr size_t kPackedFields = 8;

json PackSample(const measure::Sample& sample) {
  const uint64_t fields[kPackedFields] = {sample.iterations,
                                          static_cast<uint64_t>(sample.wall_ns),
                                          static_cast<uint64_t>(sample.cpu_ns),
                                          static_cast<uint64_t>(sample.user_ns),
                                          static_cast<uint64_t>(sample.sys_ns),
                                          sample.ticks,
                                          sample.preemptions,
                                          sample.voluntary_switches};
  std::vector<std::uint8_t> bytes(sizeof fields);
  std::memcpy(bytes.data(), fields, sizeof fields);
  return json::binary(std::move(bytes), kPackedSampleSubtype);
}

measure::Sample ReadSample(const json& j, const std::string& path) {
  if (j.is_binary() && j.get_binary().has_subtype() &&
      j.get_binary().subtype() == kPackedSampleSubtype &&
      j.get_binary().size() == kPackedFields * sizeof(uint64_t)) {
    uint64_t fields[kPackedFields];
    std::memcpy(fields, j.get_binary().data(), sizeof fields);
    measure::Sample sample;
    sample.iterations = fields[0];
    sample.wall_ns = static_cast<int64_t>(fields[1]);
    sample.cpu_ns = static_cast<int64_t>(fields[2]);
    sample.user_ns = static_cast<int64_t>(fields[3]);
    sample.sys_ns = static_cast<int64_t>(fields[4]);
    sample.ticks = fields[5];
    sample.preemptions = fields[6];
    sample.voluntary_switches = fields[7];
    return sample;
  }
  ExpectObject(j, path);
  measure::Sample sample;
  // Every field is required: a sample missing one would silently distort the figures.
  ReadUnsigned(j, path, "iterations", &sample.iterations, true);
  sample.wall_ns = ToSigned(*Find(j, path, "wall_ns", true), Member(path, "wall_ns"));
  sample.cpu_ns = ToSigned(*Find(j, path, "cpu_ns", true), Member(path, "cpu_ns"));
  sample.user_ns = ToSigned(*Find(j, path, "user_ns", true), Member(path, "user_ns"));
  sample.sys_ns = ToSigned(*Find(j, path, "sys_ns", true), Member(path, "sys_ns"));
  ReadUnsigned(j, path, "ticks", &sample.ticks, true);
  // Optional: documents written before preemptions were counted have none recorded.
  ReadUnsigned(j, path, "preemptions", &sample.preemptions, false);
  // Optional: written only when non-zero (and absent from older documents).
  ReadUnsigned(j, path, "voluntary_switches", &sample.voluntary_switches, false);
  return sample;
}

Estimate ReadEstimate(const json& j, const std::string& path) {
  ExpectObject(j, path);
  Estimate estimate;
  ReadDouble(j, path, "value", &estimate.value, true);
  ReadDouble(j, path, "ci_low", &estimate.ci_low, true);
  ReadDouble(j, path, "ci_high", &estimate.ci_high, true);
  return estimate;
}

CellFigures ReadFigures(const json& j, const std::string& path) {
  CellFigures f;
  ReadSize(j, path, "num_samples", &f.num_samples);
  ReadSize(j, path, "num_preempted_samples", &f.num_preempted_samples);
  ReadSize(j, path, "num_workers", &f.num_workers);
  ReadDouble(j, path, "confidence", &f.confidence);
  ReadDouble(j, path, "ci_confidence", &f.ci_confidence);
  ReadBool(j, path, "precision_reached", &f.precision_reached);
  f.ops_per_s = ReadEstimate(*Find(j, path, "ops_per_s", true), Member(path, "ops_per_s"));
  if (const json* bytes = Find(j, path, "bytes_per_s", false)) {
    f.bytes_per_s = ReadEstimate(*bytes, Member(path, "bytes_per_s"));
  }
  ReadDouble(j, path, "wall_ns_per_op", &f.wall_ns_per_op);
  ReadDouble(j, path, "cpu_ns_per_op", &f.cpu_ns_per_op);
  ReadDouble(j, path, "user_ns_per_op", &f.user_ns_per_op);
  ReadDouble(j, path, "sys_ns_per_op", &f.sys_ns_per_op);
  ReadDouble(j, path, "cpu_utilization", &f.cpu_utilization);
  ReadBool(j, path, "cpu_wall_mismatch", &f.cpu_wall_mismatch);
  ReadDouble(j, path, "ticks_per_op", &f.ticks_per_op);
  ReadDouble(j, path, "worker_min_ops_per_s", &f.worker_min_ops_per_s);
  ReadDouble(j, path, "worker_max_ops_per_s", &f.worker_max_ops_per_s);
  ReadSize(j, path, "rounds", &f.rounds);
  ReadString(j, path, "disturbed", &f.disturbed);
  return f;
}

Cell ReadCell(const json& j, const std::string& path) {
  ExpectObject(j, path);
  Cell cell;
  ReadString(j, path, "operation", &cell.operation, true);
  ReadUnsigned(j, path, "input_len", &cell.input_len, true);
  std::string status;
  ReadString(j, path, "status", &status, true);
  if (!ParseCellStatus(status, &cell.status)) {
    Fail(Member(path, "status"),
         fmt::format("unknown status \"{}\" (expected ok, failed_kat, crashed, timeout, error or "
                     "unsupported)",
                     status));
  }
  ReadString(j, path, "message", &cell.message);
  ReadUnsigned(j, path, "batch_iterations", &cell.batch_iterations);
  if (const json* workers = FindArray(j, path, "workers")) {
    const std::string workers_path = Member(path, "workers");
    for (size_t w = 0; w < workers->size(); ++w) {
      const std::string worker_path = Element(workers_path, w);
      const json& worker_json = ExpectObject((*workers)[w], worker_path);
      WorkerSamples worker;
      ReadBool(worker_json, worker_path, "precision_reached", &worker.precision_reached);
      if (const json* window = Find(worker_json, worker_path, "window_ns", false)) {
        worker.window_ns = ToSigned(*window, Member(worker_path, "window_ns"));
      }
      if (const json* rounds = FindArray(worker_json, worker_path, "rounds")) {
        for (size_t r = 0; r < rounds->size(); ++r) {
          worker.round_sizes.push_back(
              ToUnsigned((*rounds)[r], Element(Member(worker_path, "rounds"), r)));
        }
      }
      ReadInt(worker_json, worker_path, "pinned_cpu", &worker.pinned_cpu);
      ReadString(worker_json, worker_path, "pin_note", &worker.pin_note);
      if (const json* warmup = FindObject(worker_json, worker_path, "warmup")) {
        double seconds = 0;
        ReadDouble(*warmup, Member(worker_path, "warmup"), "seconds", &seconds, true);
        worker.warmup_seconds = seconds;
        ReadBool(*warmup, Member(worker_path, "warmup"), "settled", &worker.warmup_settled);
      }
      if (Find(worker_json, worker_path, "steal", false) != nullptr) {
        double steal = 0;
        ReadDouble(worker_json, worker_path, "steal", &steal);
        worker.steal = steal;
      }
      ReadString(worker_json, worker_path, "disturbed", &worker.disturbed);
      ReadString(worker_json, worker_path, "repeated", &worker.repeated);
      ReadInt(worker_json, worker_path, "attempts", &worker.attempts);
      const json& samples = *FindArray(worker_json, worker_path, "samples", true);
      const std::string samples_path = Member(worker_path, "samples");
      for (size_t s = 0; s < samples.size(); ++s) {
        worker.samples.push_back(ReadSample(samples[s], Element(samples_path, s)));
      }
      cell.workers.push_back(std::move(worker));
    }
  }
  if (const json* figures = FindObject(j, path, "figures")) {
    cell.figures = ReadFigures(*figures, Member(path, "figures"));
  }
  // Optional: documents written before imports kept per-cell caveats have none.
  if (const json* caveats = FindArray(j, path, "caveats")) {
    const std::string caveats_path = Member(path, "caveats");
    for (size_t i = 0; i < caveats->size(); ++i) {
      const std::string caveat_path = Element(caveats_path, i);
      ExpectObject((*caveats)[i], caveat_path);
      CellCaveat caveat;
      ReadString((*caveats)[i], caveat_path, "text", &caveat.text, true);
      ReadSize((*caveats)[i], caveat_path, "line", &caveat.line);
      ReadBool((*caveats)[i], caveat_path, "doubt", &caveat.doubt);
      ReadDouble((*caveats)[i], caveat_path, "unit_factor", &caveat.unit_factor);
      if (const json* sizes = FindArray((*caveats)[i], caveat_path, "assumed_sizes")) {
        const std::string sizes_path = Member(caveat_path, "assumed_sizes");
        for (size_t k = 0; k < sizes->size(); ++k) {
          caveat.assumed_sizes.push_back(ToUnsigned((*sizes)[k], Element(sizes_path, k)));
        }
      }
      cell.caveats.push_back(std::move(caveat));
    }
  }
  return cell;
}

void ReadKat(const json& j, const std::string& path, KatResult* out) {
  ReadString(j, path, "status", &out->status);
  ReadString(j, path, "source", &out->source);
  ReadString(j, path, "detail", &out->detail);
}

AlgorithmResult ReadAlgorithm(const json& j, const std::string& path) {
  ExpectObject(j, path);
  AlgorithmResult alg;
  ReadString(j, path, "algorithm", &alg.algorithm, true);
  ReadString(j, path, "kind", &alg.kind);
  ReadString(j, path, "implementation", &alg.implementation);
  ReadString(j, path, "api", &alg.api);
  ReadBool(j, path, "supported", &alg.supported);
  if (const json* kat = FindObject(j, path, "kat")) {
    ReadKat(*kat, Member(path, "kat"), &alg.kat);
  }
  const json& cells = *FindArray(j, path, "cells", true);
  const std::string cells_path = Member(path, "cells");
  for (size_t c = 0; c < cells.size(); ++c) {
    alg.cells.push_back(ReadCell(cells[c], Element(cells_path, c)));
  }
  return alg;
}

void ReadSource(const json& j, const std::string& path, SourceInfo* out) {
  ReadString(j, path, "kind", &out->kind);
  ReadString(j, path, "tool", &out->tool);
  ReadString(j, path, "tool_version", &out->tool_version);
  ReadString(j, path, "file", &out->file);
  ReadString(j, path, "timing_basis", &out->timing_basis);
  ReadString(j, path, "evp", &out->evp);
  ReadString(j, path, "engine_or_provider", &out->engine_or_provider);
  ReadInt(j, path, "multi", &out->multi);
  if (const json* inv = FindObject(j, path, "invocation")) {
    const std::string inv_path = Member(path, "invocation");
    ReadSize(*inv, inv_path, "command_line", &out->invocation.command_line);
    ReadString(*inv, inv_path, "multi_from", &out->invocation.multi_from);
    ReadDouble(*inv, inv_path, "seconds", &out->invocation.seconds);
    ReadString(*inv, inv_path, "seconds_from", &out->invocation.seconds_from);
    ReadBool(*inv, inv_path, "elapsed", &out->invocation.elapsed);
    ReadString(*inv, inv_path, "pinning", &out->invocation.pinning);
    ReadInt(*inv, inv_path, "pinned_cpus", &out->invocation.pinned_cpus);
    ReadBool(*inv, inv_path, "time_wrapper", &out->invocation.time_wrapper);
    ReadInt(*inv, inv_path, "async_jobs", &out->invocation.async_jobs);
    if (out->invocation.seconds < 0 || out->invocation.pinned_cpus < 0 ||
        out->invocation.async_jobs < 0) {
      Fail(inv_path, "seconds, pinned_cpus and async_jobs must be at least 0");
    }
  }
  if (const json* caveats = FindArray(j, path, "caveats")) {
    const std::string caveats_path = Member(path, "caveats");
    out->caveats.clear();
    for (size_t i = 0; i < caveats->size(); ++i) {
      if (!(*caveats)[i].is_string()) {
        Fail(Element(caveats_path, i), "expected a string");
      }
      out->caveats.push_back((*caveats)[i].get<std::string>());
    }
  }
  if (const json* facts = FindArray(j, path, "facts")) {
    const std::string facts_path = Member(path, "facts");
    out->facts.clear();
    for (size_t i = 0; i < facts->size(); ++i) {
      const std::string fact_path = Element(facts_path, i);
      ExpectObject((*facts)[i], fact_path);
      SourceFact fact;
      ReadString((*facts)[i], fact_path, "kind", &fact.kind, true);
      ReadString((*facts)[i], fact_path, "value", &fact.value, true);
      ReadSize((*facts)[i], fact_path, "line", &fact.line);
      ReadString((*facts)[i], fact_path, "origin", &fact.origin);
      out->facts.push_back(std::move(fact));
    }
  }
}

void ReadMachine(const json& j, const std::string& path, MachineInfo* out) {
  ReadString(j, path, "cpu_model", &out->cpu_model);
  ReadString(j, path, "cpu_vendor", &out->cpu_vendor);
  ReadString(j, path, "arch", &out->arch);
  ReadString(j, path, "kernel", &out->kernel);
  ReadInt(j, path, "online_cpus", &out->online_cpus);
  ReadBool(j, path, "hypervisor", &out->hypervisor);
  ReadString(j, path, "tick_counter", &out->tick_counter);
  ReadDouble(j, path, "tick_rate_hz", &out->tick_rate_hz);
}

void ReadLibrary(const json& j, const std::string& path, LibraryInfo* out) {
  ReadString(j, path, "backend", &out->backend);
  ReadString(j, path, "requested_path", &out->requested_path);
  ReadString(j, path, "loaded_path", &out->loaded_path);
  ReadString(j, path, "file_sha256", &out->file_sha256);
  if (!out->file_sha256.empty() &&
      (out->file_sha256.size() != 64 ||
       !std::all_of(out->file_sha256.begin(), out->file_sha256.end(),
                    [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }))) {
    Fail(Member(path, "file_sha256"), "expected 64 lower-case hexadecimal digits");
  }
  ReadString(j, path, "version", &out->version);
  ReadUnsigned(j, path, "version_num", &out->version_num);
  ReadString(j, path, "cflags", &out->cflags);
  ReadString(j, path, "built_on", &out->built_on);
  ReadString(j, path, "platform", &out->platform);
  ReadString(j, path, "options", &out->options);
  ReadString(j, path, "cpu_info", &out->cpu_info);
  ReadString(j, path, "capability_vector", &out->capability_vector);
  if (const json* env = FindObject(j, path, "worker_env")) {
    const std::string env_path = Member(path, "worker_env");
    for (const auto& [name, value] : env->items()) {
      if (!value.is_string()) {
        Fail(Member(env_path, name), "expected a string");
      }
      out->worker_env[name] = value.get<std::string>();
    }
  }
}

void ReadMethod(const json& j, const std::string& path, MethodInfo* out) {
  ReadString(j, path, "clock", &out->clock);
  ReadString(j, path, "direction", &out->direction);
  ReadDouble(j, path, "precision", &out->precision);
  ReadDouble(j, path, "max_seconds", &out->max_seconds);
  ReadSize(j, path, "min_samples", &out->min_samples);
  ReadDouble(j, path, "confidence", &out->confidence);
  ReadDouble(j, path, "target_sample_seconds", &out->target_sample_seconds);
  ReadInt(j, path, "threads", &out->threads);
  ReadSize(j, path, "rounds", &out->rounds);
  ReadString(j, path, "pinning", &out->pinning);
  if (const json* sizes = FindArray(j, path, "input_sizes")) {
    const std::string sizes_path = Member(path, "input_sizes");
    out->input_sizes.clear();
    for (size_t i = 0; i < sizes->size(); ++i) {
      out->input_sizes.push_back(ToUnsigned((*sizes)[i], Element(sizes_path, i)));
    }
  }
}

RunResult ReadRun(const json& doc) {
  ExpectObject(doc, "");
  RunResult run;
  const json* version = Find(doc, "", "schema_version", false);
  if (version == nullptr) {
    Fail("schema_version", "missing (is this a cryptobench results document?)");
  }
  const int64_t schema_version = ToSigned(*version, "schema_version");
  if (schema_version != kSchemaVersion) {
    Fail("schema_version", fmt::format("version {} is not supported (this cryptobench reads "
                                       "version {})",
                                       schema_version, kSchemaVersion));
  }
  run.schema_version = kSchemaVersion;
  ReadString(doc, "", "created_utc", &run.created_utc);
  if (const json* source = FindObject(doc, "", "source")) {
    ReadSource(*source, "source", &run.source);
  }
  if (const json* machine = FindObject(doc, "", "machine")) {
    ReadMachine(*machine, "machine", &run.machine);
  }
  if (const json* library = FindObject(doc, "", "library")) {
    ReadLibrary(*library, "library", &run.library);
  }
  if (const json* method = FindObject(doc, "", "method")) {
    ReadMethod(*method, "method", &run.method);
  }
  bool partial = false;
  ReadBool(doc, "", "partial", &partial);
  ReadString(doc, "", "interrupted_by", &run.interrupted_by);
  if (partial && run.interrupted_by.empty()) {
    run.interrupted_by = "an interruption";  // partial, without saying by what
  }
  const json& algorithms = *FindArray(doc, "", "algorithms", true);
  for (size_t a = 0; a < algorithms.size(); ++a) {
    run.algorithms.push_back(ReadAlgorithm(algorithms[a], Element("algorithms", a)));
  }
  return run;
}

// Builds a DOM from SAX events with bounded memory (ParseJsonBounded): charges each value what
// it costs in the tree (below), caps the depth, and keeps the raw samples of a result (the bulk
// of a large one) packed.
class BoundedDomBuilder : public nlohmann::json_sax<json> {
 public:
  json Take() { return std::move(root_); }

  bool null() override { return Add(json(nullptr), 0); }
  bool boolean(bool value) override { return Add(json(value), 0); }
  bool number_integer(number_integer_t value) override { return Add(json(value), 0); }
  bool number_unsigned(number_unsigned_t value) override { return Add(json(value), 0); }
  bool number_float(number_float_t value, const string_t& /*text*/) override {
    return Add(json(value), 0);
  }
  bool string(string_t& value) override {
    const size_t cost = kStringCost + HeapText(value.size());
    return Add(json(std::move(value)), cost);
  }
  bool binary(binary_t& value) override {
    const size_t cost = kStringCost + HeapText(value.size());
    return Add(json::binary(std::move(value)), cost);
  }

  bool start_object(std::size_t /*elements*/) override { return Open(json::object()); }
  bool start_array(std::size_t /*elements*/) override { return Open(json::array()); }
  bool key(string_t& value) override {
    frames_.back().key = std::move(value);
    return true;
  }
  bool end_object() override { return Close(); }
  bool end_array() override { return Close(); }

  bool parse_error(std::size_t /*position*/, const std::string& /*last_token*/,
                   const nlohmann::detail::exception& error) override {
    throw error;
  }

 private:
  // An open object or array; `key` is the last key read in an object. A sample object is
  // built apart (`detached`) and attached, packed where it can be, when it ends.
  struct Frame {
    json value;
    std::string name;  // how its parent reached it: a key, or "[]" for an array element
    std::string key;
    bool sample = false;
    size_t cost_before = 0;
  };

  // What the tree allocates, bytes, rounded up to glibc's malloc chunks (16-byte granules with
  // an 8-byte header): an object's std::map 64, a member's tree node (header, key, value) 96,
  // an array's std::vector 32, an element 16 (32 with the vector's growth), a string 48, and
  // text longer than the 15 bytes a std::string holds inline, its length + 17.
  static constexpr size_t kObjectCost = 64;
  static constexpr size_t kMemberCost = 96;
  static constexpr size_t kArrayCost = 32;
  static constexpr size_t kElementCost = 32;
  static constexpr size_t kStringCost = 48;
  static size_t HeapText(size_t length) { return length > 15 ? length + 17 : 0; }

  // Charges a value of `own` bytes placed in the open container.
  void Charge(size_t own) {
    size_t slot = 0;
    if (!frames_.empty()) {
      const Frame& parent = frames_.back();
      slot = parent.value.is_array() ? kElementCost : kMemberCost + HeapText(parent.key.size());
    }
    cost_ += own + slot;
    if (cost_ > kMaxJsonTreeBytes) {
      throw InputLimitError(fmt::format(
          "a JSON document whose object tree, raw samples aside, would take more than {} MiB; "
          "no result is that large",
          kMaxJsonTreeBytes >> 20));
    }
  }

  // Puts `value` where the open container (or the document) expects it.
  void Attach(json value) {
    if (frames_.empty()) {
      root_ = std::move(value);
      return;
    }
    Frame& parent = frames_.back();
    if (parent.value.is_array()) {
      parent.value.push_back(std::move(value));
    } else {
      parent.value[parent.key] = std::move(value);  // a repeated key: the last one wins
    }
  }

  bool Add(json value, size_t own) {
    Charge(own);
    Attach(std::move(value));
    return true;
  }

  // True if a container opened now is a raw sample: algorithms[].cells[].workers[].samples[],
  // at the top or under runs[].
  bool OpensSample() const {
    static const char* const kPath[] = {"algorithms", "[]", "cells",  "[]",
                                        "workers",    "[]", "samples"};
    constexpr size_t kLength = std::size(kPath);
    if (frames_.empty() || !frames_.back().value.is_array()) {
      return false;
    }
    const size_t depth = frames_.size();  // the root frame plus kLength, or plus runs/[] too
    const size_t start = depth == kLength + 1 ? 1 : depth == kLength + 3 ? 3 : 0;
    if (start == 0 || (start == 3 && (frames_[1].name != "runs" || frames_[2].name != "[]"))) {
      return false;
    }
    for (size_t i = 0; i < kLength; ++i) {
      if (frames_[start + i].name != kPath[i]) {
        return false;
      }
    }
    return true;
  }

  bool Open(json value) {
    if (frames_.size() >= kMaxJsonDepth) {
      throw InputLimitError(
          fmt::format("JSON nested more than {} deep; no result is", kMaxJsonDepth));
    }
    Frame frame;
    frame.sample = value.is_object() && OpensSample();
    frame.cost_before = cost_;
    Charge(value.is_object() ? kObjectCost : kArrayCost);
    if (!frames_.empty()) {
      frame.name = frames_.back().value.is_array() ? "[]" : frames_.back().key;
    }
    frame.value = std::move(value);
    frames_.push_back(std::move(frame));
    return true;
  }

  bool Close() {
    Frame frame = std::move(frames_.back());
    frames_.pop_back();
    if (frame.sample) {
      try {
        json packed = PackSample(ReadSample(frame.value, "sample"));
        cost_ = frame.cost_before;  // packed samples grow with the input: not charged
        Attach(std::move(packed));
        return true;
      } catch (const JsonProblem&) {
        // Not a well-formed sample: kept as it is, for the reader to name the problem.
      }
    }
    Attach(std::move(frame.value));
    return true;
  }

  json root_;
  std::vector<Frame> frames_;
  size_t cost_ = 0;
};

}  // namespace

void CheckJsonPunctuationRuns(std::string_view text) {
  // nlohmann's lexer starts its record of the current token afresh only at a string or a
  // number; everything between two of them is kept, and quoted whole in a parse error.
  size_t run = 0;
  bool in_string = false;
  bool escape = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escape) {
        escape = false;
      } else if (c == '\\') {
        escape = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"' || c == '-' || (c >= '0' && c <= '9')) {
      in_string = c == '"';
      run = 0;
      continue;
    }
    if (++run > kMaxJsonPunctuationRun) {
      const size_t start = i + 1 - run;
      const auto line = static_cast<size_t>(std::count(text.begin(), text.begin() + start, '\n'));
      throw InputLimitError(fmt::format(
          "line {}: more than {} KiB of JSON without a string or number (whitespace, brackets, "
          "literals); no result is laid out so",
          line + 1, kMaxJsonPunctuationRun >> 10));
    }
  }
}

nlohmann::json ParseJsonBounded(std::string_view text) {
  CheckJsonPunctuationRuns(text);
  BoundedDomBuilder builder;
  json::sax_parse(text, &builder);
  return builder.Take();
}

RunResult FromJson(const nlohmann::json& doc) {
  try {
    RunResult run = ReadRun(doc);
    CheckFigures(run);
    return run;
  } catch (const JsonProblem& problem) {
    throw std::runtime_error(fmt::format("results JSON: {}: {}", problem.path, problem.what));
  } catch (const InputLimitError&) {
    throw;
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(fmt::format("results JSON: {}", e.what()));
  }
}

std::vector<RunResult> RunsFromJson(const nlohmann::json& doc) {
  std::vector<RunResult> runs;
  if (doc.is_object() && doc.contains("runs")) {
    if (!doc.at("runs").is_array()) {
      throw std::runtime_error("results JSON: runs: expected an array");
    }
    for (const nlohmann::json& run : doc.at("runs")) {
      runs.push_back(FromJson(run));
    }
  } else {
    runs.push_back(FromJson(doc));
  }
  CheckInputSize(runs);
  return runs;
}

measure::Sample SampleFromJson(const nlohmann::json& j) {
  try {
    return ReadSample(j, "sample");
  } catch (const JsonProblem& problem) {
    throw std::runtime_error(fmt::format("{}: {}", problem.path, problem.what));
  }
}

LibraryInfo LibraryFromJson(const nlohmann::json& j) {
  try {
    LibraryInfo library;
    ReadLibrary(ExpectObject(j, "library"), "library", &library);
    return library;
  } catch (const JsonProblem& problem) {
    throw std::runtime_error(fmt::format("{}: {}", problem.path, problem.what));
  }
}

KatResult KatFromJson(const nlohmann::json& j) {
  try {
    KatResult kat;
    ReadKat(ExpectObject(j, "kat"), "kat", &kat);
    return kat;
  } catch (const JsonProblem& problem) {
    throw std::runtime_error(fmt::format("{}: {}", problem.path, problem.what));
  }
}

}  // namespace cryptobench::results
