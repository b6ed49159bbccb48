// Writing and reading tls result documents.
#include "tls/json.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "results/json.h"
#include "results/limits.h"

namespace cryptobench::tls {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

// Figures in the document's units: transfers per byte become seconds per GB (ns per byte is
// s per 10^9 bytes), handshakes per handshake become microseconds.
double UnitScale(const TlsCell& cell) { return cell.kind == "handshake" ? 1e-3 : 1.0; }

ordered_json EstimateJson(const results::Estimate& estimate, double scale) {
  ordered_json j;
  j["value"] = estimate.value * scale;
  j["ci_low"] = estimate.ci_low * scale;
  j["ci_high"] = estimate.ci_high * scale;
  return j;
}

ordered_json CpuJson(const CpuUse& cpu) {
  ordered_json j;
  j["cpu_ns"] = cpu.cpu_ns;
  j["user_ns"] = cpu.user_ns;
  j["sys_ns"] = cpu.sys_ns;
  j["preemptions"] = cpu.preemptions;
  return j;
}

ordered_json FiguresJson(const TlsCell& cell, const TlsFigures& f) {
  const bool handshake = cell.kind == "handshake";
  const double scale = UnitScale(cell);
  const std::string per = handshake ? "_us_per_handshake" : "_s_per_gb";
  ordered_json j;
  j["num_samples"] = f.num_samples;
  j["num_preempted_samples"] = f.num_preempted_samples;
  j["preempted_left_out"] = f.preempted_left_out;
  j["confidence"] = f.confidence;
  j["ci_confidence"] = f.ci_confidence;
  j["precision_reached"] = f.precision_reached;
  j[handshake ? "handshakes_per_s" : "bytes_per_s"] = EstimateJson(f.rate, 1.0);
  j["client_cpu" + per] = EstimateJson(f.client_cpu_ns_per_unit, scale);
  j["client_user" + per] = f.client_user_ns_per_unit * scale;
  j["client_sys" + per] = f.client_sys_ns_per_unit * scale;
  j["client_cpu_utilization"] = f.client_cpu_utilization;
  j["server_cpu" + per] = EstimateJson(f.server_cpu_ns_per_unit, scale);
  j["server_user" + per] = f.server_user_ns_per_unit * scale;
  j["server_sys" + per] = f.server_sys_ns_per_unit * scale;
  j["server_cpu_utilization"] = f.server_cpu_utilization;
  return j;
}

ordered_json CellJson(const TlsCell& cell) {
  ordered_json j;
  j["kind"] = cell.kind;
  j["transport"] = cell.transport;
  j["protocol"] = cell.protocol;
  j["suite"] = cell.suite;
  j["aead"] = cell.aead;
  j["group"] = cell.group;
  j["cert"] = cell.cert;
  j["mode"] = cell.mode;
  j["ktls"] = cell.ktls;
  j["transfer_bytes"] = cell.transfer_bytes;
  j["record_size"] = cell.record_size;
  j["status"] = results::CellStatusName(cell.status);
  if (!cell.message.empty()) {
    j["message"] = cell.message;
  }
  ordered_json negotiated;
  negotiated["protocol"] = cell.negotiated.protocol;
  negotiated["suite"] = cell.negotiated.suite;
  negotiated["group"] = cell.negotiated.group;
  negotiated["client_ktls_send"] = cell.negotiated.ktls_send;
  negotiated["client_ktls_recv"] = cell.negotiated.ktls_recv;
  negotiated["server_ktls_send"] = cell.negotiated.server_ktls_send;
  negotiated["server_ktls_recv"] = cell.negotiated.server_ktls_recv;
  j["negotiated"] = negotiated;
  j["verified_bytes"] = cell.verified_bytes;
  j["resumed_handshakes"] = cell.resumed_handshakes;
  if (!cell.url.empty()) {
    j["url"] = cell.url;
    j["body_sha256"] = cell.body_sha256;
  }
  ordered_json samples = ordered_json::array();
  for (const TlsSample& sample : cell.samples) {
    ordered_json s;
    s["connections"] = sample.connections;
    s["bytes"] = sample.bytes;
    s["wall_ns"] = sample.wall_ns;
    s["client"] = CpuJson(sample.client);
    s["server"] = CpuJson(sample.server);
    s["server_measured"] = sample.server_measured;
    samples.push_back(std::move(s));
  }
  j["samples"] = std::move(samples);
  if (cell.figures) {
    j["figures"] = FiguresJson(cell, *cell.figures);
  }
  return j;
}

// Reading: every problem names its JSON path.
[[noreturn]] void Bad(const std::string& path, const std::string& what) {
  throw std::runtime_error(fmt::format("tls results JSON: {}: {}", path, what));
}

const json& Member(const json& obj, const std::string& path, const char* key) {
  if (!obj.is_object()) {
    Bad(path, "expected an object");
  }
  const auto it = obj.find(key);
  if (it == obj.end()) {
    Bad(path.empty() ? key : path + "." + key, "missing");
  }
  return *it;
}

std::string Path(const std::string& parent, const char* key) {
  return parent.empty() ? key : parent + "." + key;
}

std::string String(const json& obj, const std::string& path, const char* key,
                   const char* fallback = nullptr) {
  if (fallback != nullptr && (!obj.is_object() || !obj.contains(key))) {
    return fallback;
  }
  const json& j = Member(obj, path, key);
  if (!j.is_string()) {
    Bad(Path(path, key), "expected a string");
  }
  return j.get<std::string>();
}

bool Bool(const json& obj, const std::string& path, const char* key, bool fallback) {
  if (!obj.is_object() || !obj.contains(key)) {
    return fallback;
  }
  const json& j = obj.at(key);
  if (!j.is_boolean()) {
    Bad(Path(path, key), "expected true or false");
  }
  return j.get<bool>();
}

double Number(const json& obj, const std::string& path, const char* key, double fallback) {
  if (!obj.is_object() || !obj.contains(key)) {
    return fallback;
  }
  const json& j = obj.at(key);
  if (!j.is_number() || !std::isfinite(j.get<double>())) {
    Bad(Path(path, key), "expected a number");
  }
  return j.get<double>();
}

uint64_t Unsigned(const json& obj, const std::string& path, const char* key,
                  std::optional<uint64_t> fallback = std::nullopt) {
  if (fallback && (!obj.is_object() || !obj.contains(key))) {
    return *fallback;
  }
  const json& j = Member(obj, path, key);
  if (j.is_number_unsigned()) {
    return j.get<uint64_t>();
  }
  if (j.is_number_integer() && j.get<int64_t>() >= 0) {
    return static_cast<uint64_t>(j.get<int64_t>());
  }
  if (j.is_number_float()) {
    const double value = j.get<double>();
    if (value >= 0 && value <= 9007199254740992.0 && std::floor(value) == value) {
      return static_cast<uint64_t>(value);
    }
  }
  Bad(Path(path, key), "expected a whole number >= 0");
}

int64_t Signed(const json& obj, const std::string& path, const char* key) {
  const uint64_t value = Unsigned(obj, path, key);
  if (value > static_cast<uint64_t>(INT64_MAX)) {
    Bad(Path(path, key), "out of range");
  }
  return static_cast<int64_t>(value);
}

CpuUse ReadCpu(const json& obj, const std::string& path) {
  CpuUse cpu;
  cpu.cpu_ns = Signed(obj, path, "cpu_ns");
  cpu.user_ns = Signed(obj, path, "user_ns");
  cpu.sys_ns = Signed(obj, path, "sys_ns");
  cpu.preemptions = Unsigned(obj, path, "preemptions", 0);
  return cpu;
}

const json& Array(const json& obj, const std::string& path, const char* key) {
  const json& j = Member(obj, path, key);
  if (!j.is_array()) {
    Bad(Path(path, key), "expected an array");
  }
  return j;
}

TlsCell ReadCell(const json& j, const std::string& path, const char* kind) {
  TlsCell cell;
  cell.kind = String(j, path, "kind", kind);
  if (cell.kind != kind) {
    Bad(Path(path, "kind"), fmt::format("expected \"{}\"", kind));
  }
  cell.transport = String(j, path, "transport", "tls");
  cell.protocol = String(j, path, "protocol", "");
  cell.suite = String(j, path, "suite", "");
  cell.aead = String(j, path, "aead", "");
  cell.group = String(j, path, "group", "");
  cell.cert = String(j, path, "cert", "");
  cell.mode = String(j, path, "mode", "");
  cell.ktls = Bool(j, path, "ktls", false);
  cell.transfer_bytes = Unsigned(j, path, "transfer_bytes", 0);
  cell.record_size = Unsigned(j, path, "record_size", 0);
  const std::string status = String(j, path, "status");
  if (!results::ParseCellStatus(status, &cell.status)) {
    Bad(Path(path, "status"), "unknown status '" + status + "'");
  }
  cell.message = String(j, path, "message", "");
  if (j.contains("negotiated")) {
    const std::string npath = Path(path, "negotiated");
    const json& n = j.at("negotiated");
    cell.negotiated.protocol = String(n, npath, "protocol", "");
    cell.negotiated.suite = String(n, npath, "suite", "");
    cell.negotiated.group = String(n, npath, "group", "");
    cell.negotiated.ktls_send = Bool(n, npath, "client_ktls_send", false);
    cell.negotiated.ktls_recv = Bool(n, npath, "client_ktls_recv", false);
    cell.negotiated.server_ktls_send = Bool(n, npath, "server_ktls_send", false);
    cell.negotiated.server_ktls_recv = Bool(n, npath, "server_ktls_recv", false);
  }
  cell.verified_bytes = Unsigned(j, path, "verified_bytes", 0);
  cell.resumed_handshakes = Unsigned(j, path, "resumed_handshakes", 0);
  cell.url = String(j, path, "url", "");
  cell.body_sha256 = String(j, path, "body_sha256", "");
  const json& samples = Array(j, path, "samples");
  for (size_t i = 0; i < samples.size(); ++i) {
    const std::string spath = fmt::format("{}.samples[{}]", path, i);
    const json& s = samples[i];
    TlsSample sample;
    sample.connections = Unsigned(s, spath, "connections");
    sample.bytes = Unsigned(s, spath, "bytes");
    sample.wall_ns = Signed(s, spath, "wall_ns");
    sample.client = ReadCpu(Member(s, spath, "client"), Path(spath, "client"));
    sample.server = ReadCpu(Member(s, spath, "server"), Path(spath, "server"));
    sample.server_measured = Bool(s, spath, "server_measured", true);
    cell.samples.push_back(sample);
  }
  return cell;
}

}  // namespace

nlohmann::ordered_json TlsRunToJson(const TlsRun& run) {
  // machine, source and library as a speed result writes them.
  results::RunResult shell;
  shell.source = run.source;
  shell.machine = run.machine;
  shell.library = run.library;
  const ordered_json speed_layout = results::ToJson(shell);

  ordered_json j;
  j["schema_version"] = run.schema_version;
  j["kind"] = "tls";
  j["created_utc"] = run.created_utc;
  j["source"] = speed_layout.at("source");
  j["machine"] = speed_layout.at("machine");
  j["backend"] = run.backend;
  j["library"] = speed_layout.at("library");
  ordered_json libssl;
  libssl["requested_path"] = run.libssl_requested_path;
  libssl["loaded_path"] = run.libssl_loaded_path;
  j["libssl"] = libssl;
  ordered_json method;
  method["clock"] = run.method.clock;
  method["transfer_bytes"] = run.method.transfer_bytes;
  method["record_size"] = run.method.record_size;
  method["precision"] = run.method.precision;
  method["max_seconds"] = run.method.max_seconds;
  method["handshake_seconds"] = run.method.handshake_seconds;
  method["min_samples"] = run.method.min_samples;
  method["confidence"] = run.method.confidence;
  method["warmup_bytes"] = run.method.warmup_bytes;
  method["io_timeout_seconds"] = run.method.io_timeout_seconds;
  method["verification"] = run.method.verification;
  j["method"] = method;
  ordered_json ktls;
  ktls["status"] = run.ktls.status;
  ktls["reason"] = run.ktls.reason;
  ktls["kernel"] = run.ktls.kernel;
  ktls["library"] = run.ktls.library;
  j["ktls"] = ktls;
  ordered_json transfers = ordered_json::array();
  for (const TlsCell& cell : run.transfers) {
    transfers.push_back(CellJson(cell));
  }
  j["transfers"] = std::move(transfers);
  ordered_json handshakes = ordered_json::array();
  for (const TlsCell& cell : run.handshakes) {
    handshakes.push_back(CellJson(cell));
  }
  j["handshakes"] = std::move(handshakes);
  if (run.aead_ceiling) {
    j["aead_ceiling"] = results::ToJson(*run.aead_ceiling);
  }
  return j;
}

bool IsTlsDocument(const nlohmann::json& doc) {
  if (!doc.is_object()) {
    return false;
  }
  const auto kind = doc.find("kind");
  return kind != doc.end() && kind->is_string() && kind->get<std::string>() == "tls";
}

namespace {

// Follows the top-level "kind" of a document from SAX events, keeping nothing else.
class TlsKindDetector : public nlohmann::json_sax<json> {
 public:
  bool tls() const { return tls_; }

  bool null() override { return Value(false); }
  bool boolean(bool /*value*/) override { return Value(false); }
  bool number_integer(number_integer_t /*value*/) override { return Value(false); }
  bool number_unsigned(number_unsigned_t /*value*/) override { return Value(false); }
  bool number_float(number_float_t /*value*/, const string_t& /*text*/) override {
    return Value(false);
  }
  bool string(string_t& value) override { return Value(value == "tls"); }
  bool binary(binary_t& /*value*/) override { return Value(false); }
  bool start_object(std::size_t /*elements*/) override { return Open(true); }
  bool start_array(std::size_t /*elements*/) override { return Open(false); }
  bool key(string_t& value) override {
    at_kind_ = depth_ == 1 && top_is_object_ && value == "kind";
    return true;
  }
  bool end_object() override { return Close(); }
  bool end_array() override { return Close(); }
  bool parse_error(std::size_t /*position*/, const std::string& /*last_token*/,
                   const nlohmann::detail::exception& /*error*/) override {
    return false;
  }

 private:
  bool Value(bool is_tls) {
    if (at_kind_) {
      tls_ = is_tls;
      at_kind_ = false;
    }
    return true;
  }
  bool Open(bool object) {
    Value(false);  // "kind": {...} is not "tls"
    if (depth_ == 0) {
      top_is_object_ = object;
    }
    ++depth_;
    return true;
  }
  bool Close() {
    --depth_;
    return true;
  }

  size_t depth_ = 0;
  bool top_is_object_ = false;
  bool at_kind_ = false;
  bool tls_ = false;
};

}  // namespace

bool IsTlsDocumentText(std::string_view text) {
  try {
    results::CheckJsonPunctuationRuns(text);  // what the parser would keep, and quote
  } catch (const results::InputLimitError&) {
    return false;
  }
  TlsKindDetector detector;
  // sax_parse returns false on invalid JSON (parse_error above), including trailing content.
  return json::sax_parse(text, &detector) && detector.tls();
}

TlsRun TlsRunFromJson(const nlohmann::json& doc) {
  if (!IsTlsDocument(doc)) {
    Bad("kind", "expected \"tls\"");
  }
  TlsRun run;
  const uint64_t version = Unsigned(doc, "", "schema_version");
  if (version != static_cast<uint64_t>(results::kSchemaVersion)) {
    throw std::runtime_error(fmt::format(
        "tls results JSON: schema_version {} is not supported (this cryptobench reads {})", version,
        results::kSchemaVersion));
  }
  // machine, source and library in the speed layout: read by the speed reader, whose error
  // paths ("machine.online_cpus: ...") are this document's paths too.
  json shell = {{"schema_version", results::kSchemaVersion}, {"algorithms", json::array()}};
  for (const char* key : {"source", "machine", "library"}) {
    if (doc.contains(key)) {
      shell[key] = doc.at(key);
    }
  }
  try {
    const results::RunResult parts = results::FromJson(shell);
    run.source = parts.source;
    run.machine = parts.machine;
    run.library = parts.library;
  } catch (const std::runtime_error& e) {
    std::string message = e.what();
    const std::string prefix = "results JSON: ";
    if (message.starts_with(prefix)) {
      message = "tls results JSON: " + message.substr(prefix.size());
    }
    throw std::runtime_error(message);
  }
  run.created_utc = String(doc, "", "created_utc", "");
  run.backend = String(doc, "", "backend", "openssl");
  if (doc.contains("libssl")) {
    run.libssl_requested_path = String(doc.at("libssl"), "libssl", "requested_path", "");
    run.libssl_loaded_path = String(doc.at("libssl"), "libssl", "loaded_path", "");
  }
  if (doc.contains("method")) {
    const json& m = doc.at("method");
    TlsMethod& method = run.method;
    method.clock = String(m, "method", "clock", "CLOCK_MONOTONIC");
    method.transfer_bytes = Unsigned(m, "method", "transfer_bytes", 0);
    method.record_size = Unsigned(m, "method", "record_size", 0);
    method.precision = Number(m, "method", "precision", method.precision);
    method.max_seconds = Number(m, "method", "max_seconds", method.max_seconds);
    method.handshake_seconds = Number(m, "method", "handshake_seconds", method.handshake_seconds);
    method.min_samples = Unsigned(m, "method", "min_samples", method.min_samples);
    method.confidence = Number(m, "method", "confidence", method.confidence);
    if (method.confidence <= 0 || method.confidence >= 1) {
      Bad("method.confidence", "expected a fraction between 0 and 1");
    }
    method.warmup_bytes = Unsigned(m, "method", "warmup_bytes", 0);
    method.io_timeout_seconds =
        Number(m, "method", "io_timeout_seconds", method.io_timeout_seconds);
    method.verification = String(m, "method", "verification", method.verification.c_str());
  }
  if (doc.contains("ktls")) {
    const json& k = doc.at("ktls");
    run.ktls.status = String(k, "ktls", "status", "not_tried");
    run.ktls.reason = String(k, "ktls", "reason", "");
    run.ktls.kernel = String(k, "ktls", "kernel", "");
    run.ktls.library = String(k, "ktls", "library", "");
  }
  const json& transfers = Array(doc, "", "transfers");
  for (size_t i = 0; i < transfers.size(); ++i) {
    run.transfers.push_back(ReadCell(transfers[i], fmt::format("transfers[{}]", i), "transfer"));
  }
  if (doc.contains("handshakes")) {
    const json& handshakes = Array(doc, "", "handshakes");
    for (size_t i = 0; i < handshakes.size(); ++i) {
      run.handshakes.push_back(
          ReadCell(handshakes[i], fmt::format("handshakes[{}]", i), "handshake"));
    }
  }
  if (doc.contains("aead_ceiling")) {
    try {
      run.aead_ceiling = results::FromJson(doc.at("aead_ceiling"));
      results::DeriveAllFigures(*run.aead_ceiling);
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(std::string("tls results JSON: aead_ceiling: ") + e.what());
    }
  }
  DeriveAllTlsFigures(run);
  return run;
}

}  // namespace cryptobench::tls
