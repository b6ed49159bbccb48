// `cryptobench __harness-overhead`: the no-op benchmark of the timed loop (bench/harness-overhead).
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/options.h"
#include "core/errors.h"
#include "measure/harness_overhead.h"
#include "report/formats.h"

namespace cryptobench::cli {
namespace {

nlohmann::json LoopCostToJson(const measure::LoopCost& cost) {
  return {{"ns_per_call", cost.ns_per_call},
          {"ns_per_call_ci", {cost.ns_per_call_low, cost.ns_per_call_high}},
          {"batch_iterations", cost.batch},
          {"num_samples", cost.samples}};
}

std::string LoopCostLine(const char* label, const measure::LoopCost& cost) {
  return fmt::format("  {:<28}{:>7.3f} ns/call (95% CI {:.3f}-{:.3f}), batch {}, {} samples\n",
                     label, cost.ns_per_call, cost.ns_per_call_low, cost.ns_per_call_high,
                     cost.batch, cost.samples);
}

}  // namespace

int RunHarnessOverhead(const HarnessOverheadOptions& options) {
  measure::SamplerConfig config;
  config.max_seconds = ParseMaxSeconds(options.max_seconds);
  const report::Format format =
      report::ChooseFormat(report::Producer::kHarnessOverhead, options.format);
  const measure::HarnessOverhead overhead = measure::MeasureHarnessOverhead(config);
  if (!overhead.error.empty()) {
    throw std::runtime_error("no-op loop: " + overhead.error);
  }
  // A call pays the sample's clock reads divided by the batch.
  const double clock_share_ns =
      overhead.harness.batch == 0
          ? 0
          : overhead.clock_pair_ns / static_cast<double>(overhead.harness.batch);
  if (format == report::Format::kJson) {
    const nlohmann::json doc = {
        {"harness", LoopCostToJson(overhead.harness)},
        {"openssl_speed_loop", LoopCostToJson(overhead.openssl_speed_shape)},
        {"clock_pair_ns", overhead.clock_pair_ns},
        {"clock_ns_per_call", clock_share_ns}};
    WriteStdout(doc.dump(2) + "\n");
    return 0;
  }
  std::string text = fmt::format(
      "Per-call cost of the timed loop around a no-op with EVP_EncryptUpdate's shape "
      "(16-byte buffers), {} s per loop, interleaved:\n",
      config.max_seconds);
  text += LoopCostLine("cryptobench timed loop", overhead.harness);
  text += LoopCostLine("openssl speed's loop shape", overhead.openssl_speed_shape);
  text += fmt::format(
      "  {:<28}{:>7.1f} ns per sample, {:.5f} ns/call at the batch above\n"
      "A cell's time per operation = the library's work + the loop's ns/call (+ the clock "
      "share); openssl speed pays its loop's cost the same way.\n",
      "clock reads", overhead.clock_pair_ns, clock_share_ns);
  WriteStdout(text);
  return 0;
}

}  // namespace cryptobench::cli
