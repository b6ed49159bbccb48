// The CPU models pasted beside an imported run (pasted_cpu.h).
#include "results/pasted_cpu.h"

#include <algorithm>
#include <cctype>

namespace cryptobench::results {

bool IsCpuDeviceName(std::string_view word) {
  return word.size() > 3 && word.starts_with("cpu") &&
         std::all_of(word.begin() + 3, word.end(),
                     [](unsigned char c) { return std::isdigit(c) != 0; });
}

std::vector<PastedCpuModel> PastedCpuModels(const RunResult& run) {
  std::vector<PastedCpuModel> models;
  for (const SourceFact& fact : run.source.facts) {
    if (fact.kind != "cpu_model") {
      continue;
    }
    const size_t colon = fact.value.find(':');
    if (colon == std::string::npos) {
      continue;
    }
    std::string key = fact.value.substr(0, colon);
    std::transform(key.begin(), key.end(), key.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    // "cpu0": OpenBSD's boot line names its device (sys/arch/amd64/amd64/identcpu.c).
    const bool cpu_device = IsCpuDeviceName(key);
    if (key != "model name" && key != "cpu model" && key != "hw.model" && key != "cpu" &&
        key != "machdep.cpu.brand_string" && !cpu_device) {
      continue;
    }
    std::string value = fact.value.substr(colon + 1);
    value.erase(0, value.find_first_not_of(" \t"));
    const size_t last = value.find_last_not_of(" \t");
    value.erase(last == std::string::npos ? 0 : last + 1);
    if (value.empty() || std::any_of(models.begin(), models.end(),
                                     [&](const PastedCpuModel& m) { return m.model == value; })) {
      continue;
    }
    models.push_back({std::move(value), fact.line});
  }
  return models;
}

}  // namespace cryptobench::results
