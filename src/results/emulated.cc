#include "results/emulated.h"

namespace cryptobench::results {
namespace {

constexpr std::string_view kPrefix = "Emulated: ";
constexpr std::string_view kSuffix = "; the timings say nothing about any CPU.";

}  // namespace

std::string EmulatedCaveat(std::string_view reason) {
  return std::string(kPrefix) + std::string(reason) + std::string(kSuffix);
}

std::optional<std::string> EmulationReason(const RunResult& run) {
  // Another tool's caveats are its own words; cryptobench's output re-imported keeps its own.
  if (run.source.kind != "measured" && run.source.tool != "cryptobench") {
    return std::nullopt;
  }
  for (const std::string& caveat : run.source.caveats) {
    if (caveat.starts_with(kPrefix)) {
      std::string reason = caveat.substr(kPrefix.size());
      if (reason.ends_with(kSuffix)) {
        reason.resize(reason.size() - kSuffix.size());
      }
      return reason;
    }
  }
  return std::nullopt;
}

}  // namespace cryptobench::results
