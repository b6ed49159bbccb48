// JSON encoding of worker jobs.
#include "worker/protocol.h"

#include <stdexcept>

namespace cryptobench::worker {

nlohmann::json JobToJson(const Job& job) {
  nlohmann::json cells = nlohmann::json::array();
  for (const CellSpec& cell : job.cells) {
    cells.push_back({{"operation", OperationName(cell.operation)}, {"input_len", cell.input_len}});
  }
  const measure::SamplerConfig& s = job.sampler;
  return {
      {"kind", job.kind == Job::Kind::kProbe ? "probe" : "measure"},
      {"backend", job.backend},
      {"library_path", job.library_path},
      {"algorithm", job.algorithm},
      {"cells", cells},
      {"sampler",
       {{"precision", s.precision},
        {"max_seconds", s.max_seconds},
        {"min_samples", s.min_samples},
        {"max_samples", s.max_samples},
        {"target_sample_seconds", s.target_sample_seconds},
        {"warmup_seconds", s.warmup_seconds},
        {"warmup_max_seconds", s.warmup_max_seconds},
        {"warmup_tolerance", s.warmup_tolerance},
        {"rounds", s.rounds},
        {"confidence", s.confidence}}},
      {"pin_cpu", job.pin_cpu},
      {"pin_note", job.pin_note},
      {"synchronized", job.synchronized},
      {"window_seconds", job.window_seconds},
      {"test_fault", job.test_fault},
  };
}

Job JobFromJson(const nlohmann::json& j) {
  try {
    Job job;
    const std::string kind = j.at("kind").get<std::string>();
    if (kind != "probe" && kind != "measure") {
      throw std::runtime_error("unknown job kind '" + kind + "'");
    }
    job.kind = kind == "probe" ? Job::Kind::kProbe : Job::Kind::kMeasure;
    job.backend = j.at("backend").get<std::string>();
    job.library_path = j.at("library_path").get<std::string>();
    job.algorithm = j.at("algorithm").get<std::string>();
    for (const auto& cell : j.at("cells")) {
      CellSpec spec;
      if (!ParseOperation(cell.at("operation").get<std::string>(), &spec.operation)) {
        throw std::runtime_error("unknown operation in job");
      }
      spec.input_len = cell.at("input_len").get<uint64_t>();
      job.cells.push_back(spec);
    }
    const auto& s = j.at("sampler");
    job.sampler.precision = s.at("precision").get<double>();
    job.sampler.max_seconds = s.at("max_seconds").get<double>();
    job.sampler.min_samples = s.at("min_samples").get<size_t>();
    job.sampler.max_samples = s.at("max_samples").get<size_t>();
    job.sampler.target_sample_seconds = s.at("target_sample_seconds").get<double>();
    job.sampler.warmup_seconds = s.at("warmup_seconds").get<double>();
    job.sampler.confidence = s.at("confidence").get<double>();
    job.sampler.warmup_max_seconds = s.value("warmup_max_seconds", job.sampler.warmup_seconds);
    job.sampler.warmup_tolerance = s.value("warmup_tolerance", job.sampler.warmup_tolerance);
    job.sampler.rounds = s.value("rounds", size_t{1});
    job.pin_cpu = j.value("pin_cpu", -1);
    job.pin_note = j.value("pin_note", std::string());
    job.synchronized = j.at("synchronized").get<bool>();
    job.window_seconds = j.at("window_seconds").get<double>();
    job.test_fault = j.at("test_fault").get<std::string>();
    return job;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("malformed worker job: ") + e.what());
  }
}

}  // namespace cryptobench::worker
