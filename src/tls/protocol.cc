// JSON encoding of tls worker jobs, cells and measurements.
#include "tls/protocol.h"

#include <stdexcept>

namespace cryptobench::tls {
namespace {

template <typename Fn>
auto Parsing(const char* what, Fn fn) {
  try {
    return fn();
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("malformed tls worker ") + what + ": " + e.what());
  }
}

}  // namespace

nlohmann::json WorkerJobToJson(const WorkerJob& job) {
  return {{"role", job.role},
          {"backend", job.backend},
          {"libcrypto_path", job.libcrypto_path},
          {"libssl_path", job.libssl_path},
          {"io_timeout_seconds", job.io_timeout_seconds},
          {"port", job.port},
          {"certs", job.certs},
          {"trusted_hex", job.trusted_hex},
          {"host", job.host},
          {"server_name", job.server_name},
          {"path", job.path},
          {"expect_sha256", job.expect_sha256},
          {"test_fault", job.test_fault}};
}

WorkerJob WorkerJobFromJson(const nlohmann::json& j) {
  return Parsing("job", [&] {
    WorkerJob job;
    job.role = j.at("role").get<std::string>();
    if (job.role != "server" && job.role != "client") {
      throw std::runtime_error("unknown tls worker role '" + job.role + "'");
    }
    job.backend = j.at("backend").get<std::string>();
    job.libcrypto_path = j.at("libcrypto_path").get<std::string>();
    job.libssl_path = j.at("libssl_path").get<std::string>();
    job.io_timeout_seconds = j.at("io_timeout_seconds").get<double>();
    job.port = j.at("port").get<uint16_t>();
    job.certs = j.at("certs").get<std::vector<std::string>>();
    job.trusted_hex = j.at("trusted_hex").get<std::vector<std::string>>();
    job.host = j.at("host").get<std::string>();
    job.server_name = j.at("server_name").get<std::string>();
    job.path = j.at("path").get<std::string>();
    job.expect_sha256 = j.at("expect_sha256").get<std::string>();
    job.test_fault = j.at("test_fault").get<std::string>();
    return job;
  });
}

nlohmann::json CellRequestToJson(const CellRequest& request) {
  const TlsCell& cell = request.cell;
  const measure::SamplerConfig& s = request.sampler;
  return {{"kind", cell.kind},
          {"transport", cell.transport},
          {"protocol", cell.protocol},
          {"suite", cell.suite},
          {"group", cell.group},
          {"cert", cell.cert},
          {"mode", cell.mode},
          {"ktls", cell.ktls},
          {"transfer_bytes", cell.transfer_bytes},
          {"record_size", cell.record_size},
          {"warmup_bytes", request.warmup_bytes},
          {"sampler",
           {{"precision", s.precision},
            {"max_seconds", s.max_seconds},
            {"min_samples", s.min_samples},
            {"max_samples", s.max_samples},
            {"target_sample_seconds", s.target_sample_seconds},
            {"warmup_seconds", s.warmup_seconds},
            {"confidence", s.confidence}}}};
}

CellRequest CellRequestFromJson(const nlohmann::json& j) {
  return Parsing("cell", [&] {
    CellRequest request;
    TlsCell& cell = request.cell;
    cell.kind = j.at("kind").get<std::string>();
    cell.transport = j.at("transport").get<std::string>();
    cell.protocol = j.at("protocol").get<std::string>();
    cell.suite = j.at("suite").get<std::string>();
    cell.group = j.at("group").get<std::string>();
    cell.cert = j.at("cert").get<std::string>();
    cell.mode = j.at("mode").get<std::string>();
    cell.ktls = j.at("ktls").get<bool>();
    cell.transfer_bytes = j.at("transfer_bytes").get<uint64_t>();
    cell.record_size = j.at("record_size").get<uint64_t>();
    request.warmup_bytes = j.at("warmup_bytes").get<uint64_t>();
    const auto& s = j.at("sampler");
    request.sampler.precision = s.at("precision").get<double>();
    request.sampler.max_seconds = s.at("max_seconds").get<double>();
    request.sampler.min_samples = s.at("min_samples").get<size_t>();
    request.sampler.max_samples = s.at("max_samples").get<size_t>();
    request.sampler.target_sample_seconds = s.at("target_sample_seconds").get<double>();
    request.sampler.warmup_seconds = s.at("warmup_seconds").get<double>();
    request.sampler.confidence = s.at("confidence").get<double>();
    return request;
  });
}

nlohmann::json CpuUseToJson(const CpuUse& cpu) {
  return {{"cpu_ns", cpu.cpu_ns},
          {"user_ns", cpu.user_ns},
          {"sys_ns", cpu.sys_ns},
          {"preemptions", cpu.preemptions}};
}

CpuUse CpuUseFromJson(const nlohmann::json& j) {
  CpuUse cpu;
  cpu.cpu_ns = j.at("cpu_ns").get<int64_t>();
  cpu.user_ns = j.at("user_ns").get<int64_t>();
  cpu.sys_ns = j.at("sys_ns").get<int64_t>();
  cpu.preemptions = j.value("preemptions", uint64_t{0});
  return cpu;
}

nlohmann::json ConnectionRecordToJson(const ConnectionRecord& record) {
  return {{"connection", record.connection},
          {"ok", record.ok},
          {"message", record.message},
          {"bytes", record.bytes},
          {"transfer", CpuUseToJson(record.transfer)},
          {"whole", CpuUseToJson(record.whole)},
          {"ktls_send", record.ktls_send},
          {"ktls_recv", record.ktls_recv}};
}

ConnectionRecord ConnectionRecordFromJson(const nlohmann::json& j) {
  return Parsing("connection record", [&] {
    ConnectionRecord record;
    record.connection = j.at("connection").get<uint64_t>();
    record.ok = j.at("ok").get<bool>();
    record.message = j.at("message").get<std::string>();
    record.bytes = j.at("bytes").get<uint64_t>();
    record.transfer = CpuUseFromJson(j.at("transfer"));
    record.whole = CpuUseFromJson(j.at("whole"));
    record.ktls_send = j.at("ktls_send").get<bool>();
    record.ktls_recv = j.at("ktls_recv").get<bool>();
    return record;
  });
}

nlohmann::json ClientSampleToJson(const ClientSample& sample) {
  return {{"first_connection", sample.first_connection},
          {"connections", sample.sample.connections},
          {"bytes", sample.sample.bytes},
          {"wall_ns", sample.sample.wall_ns},
          {"client", CpuUseToJson(sample.sample.client)}};
}

ClientSample ClientSampleFromJson(const nlohmann::json& j) {
  return Parsing("sample", [&] {
    ClientSample sample;
    sample.first_connection = j.at("first_connection").get<uint64_t>();
    sample.sample.connections = j.at("connections").get<uint64_t>();
    sample.sample.bytes = j.at("bytes").get<uint64_t>();
    sample.sample.wall_ns = j.at("wall_ns").get<int64_t>();
    sample.sample.client = CpuUseFromJson(j.at("client"));
    return sample;
  });
}

}  // namespace cryptobench::tls
