// The no-op benchmark of the timed loop (harness_overhead.h).
#include "measure/harness_overhead.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <vector>

#include "measure/clocks.h"
#include "measure/noop_call.h"
#include "stats/stats.h"

namespace cryptobench::measure {
namespace {

using UpdateFn = int (*)(void* ctx, uint8_t* out, int* out_len, const uint8_t* in, int in_len);

/// Stands in for a backend's resolved function table (e.g. backends/openssl/libcrypto.h).
struct FunctionTable {
  UpdateFn update = nullptr;
};

/// Stands in for a 16-byte cell's buffers and context, 64-byte aligned as AlignedBuffer is.
struct alignas(64) Buffers {
  uint8_t in[64] = {};
  uint8_t out[64] = {};
};

/// The loop shape of a backend's PreparedOperation::Run, reached through a virtual call.
class Loop {
 public:
  virtual ~Loop() = default;
  virtual bool Run(uint64_t iterations) = 0;
};

class HarnessLoop : public Loop {
 public:
  HarnessLoop(const FunctionTable* table, Buffers* buffers) : table_(table), buffers_(buffers) {}
  bool Run(uint64_t iterations) override {
    const UpdateFn update = table_->update;
    void* const ctx = buffers_;
    uint8_t* const out = buffers_->out;
    const uint8_t* const in = buffers_->in;
    for (uint64_t i = 0; i < iterations; ++i) {
      int out_len = 0;
      if (update(ctx, out, &out_len, in, kInputLen) != 1) {
        return false;
      }
    }
    return true;
  }

 private:
  static constexpr int kInputLen = 16;
  const FunctionTable* table_;
  Buffers* buffers_;
};

/// openssl speed's alarm() handler clears a volatile flag that its loop reads on every call.
volatile int g_running = 1;

class OpensslSpeedLoop : public Loop {
 public:
  OpensslSpeedLoop(const FunctionTable* table, Buffers* buffers)
      : table_(table), buffers_(buffers) {}
  bool Run(uint64_t iterations) override {
    // In-place on one buffer, as EVP_Update_loop does.
    uint8_t* const buf = buffers_->in;
    int out_len = 0;
    for (uint64_t count = 0; g_running != 0 && count < iterations; ++count) {
      if (table_->update(buffers_, buf, &out_len, buf, kInputLen) != 1) {
        return false;
      }
    }
    return true;
  }

 private:
  static constexpr int kInputLen = 16;
  const FunctionTable* table_;
  Buffers* buffers_;
};

/// Chunks each loop's budget is split into, alternating between the loops, so a change of
/// machine load or clock frequency during the measurement reaches both alike.
constexpr int kChunks = 4;

/// Number of clock-read pairs timed for clock_pair_ns.
constexpr int kClockPairs = 2000;

LoopCost Cost(const std::vector<Sample>& samples, uint64_t batch, double confidence) {
  std::vector<double> ns_per_call;
  for (const Sample& sample : samples) {
    if (sample.preemptions == 0 && sample.iterations > 0) {
      ns_per_call.push_back(static_cast<double>(sample.wall_ns) /
                            static_cast<double>(sample.iterations));
    }
  }
  if (ns_per_call.empty()) {
    // Every sample was preempted (a loaded machine): their figures include waiting for a
    // core, but they are still an upper bound, better than reporting 0.
    for (const Sample& sample : samples) {
      if (sample.iterations > 0) {
        ns_per_call.push_back(static_cast<double>(sample.wall_ns) /
                              static_cast<double>(sample.iterations));
      }
    }
  }
  const stats::Summary summary = stats::Summarize(ns_per_call, confidence);
  LoopCost cost;
  cost.ns_per_call = summary.median;
  cost.ns_per_call_low = summary.median_ci.low;
  cost.ns_per_call_high = summary.median_ci.high;
  cost.batch = batch;
  cost.samples = summary.count;
  return cost;
}

double ClockPairNs() {
  std::vector<double> per_pair;
  for (int block = 0; block < 5; ++block) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kClockPairs; ++i) {
      const ClockReading before = ReadClocks();
      const ClockReading after = ReadClocksAfterWork();
      asm volatile("" : : "r"(&before), "r"(&after) : "memory");
    }
    const std::chrono::duration<double, std::nano> elapsed =
        std::chrono::steady_clock::now() - start;
    per_pair.push_back(elapsed.count() / kClockPairs);
  }
  return *std::min_element(per_pair.begin(), per_pair.end());
}

}  // namespace

HarnessOverhead MeasureHarnessOverhead(const SamplerConfig& config) {
  // Read through a volatile so that no optimiser can see which function the table holds.
  UpdateFn volatile chosen = &NoOpUpdate;
  auto table = std::make_unique<FunctionTable>();
  table->update = chosen;
  auto buffers = std::make_unique<Buffers>();
  std::unique_ptr<Loop> harness = std::make_unique<HarnessLoop>(table.get(), buffers.get());
  std::unique_ptr<Loop> openssl = std::make_unique<OpensslSpeedLoop>(table.get(), buffers.get());
  const BatchFn run_harness = [&harness](uint64_t n) { return harness->Run(n); };
  const BatchFn run_openssl = [&openssl](uint64_t n) { return openssl->Run(n); };

  HarnessOverhead result;
  const uint64_t harness_batch = Calibrate(run_harness, config, &result.error);
  const uint64_t openssl_batch =
      harness_batch == 0 ? 0 : Calibrate(run_openssl, config, &result.error);
  if (harness_batch == 0 || openssl_batch == 0) {
    return result;
  }
  SamplerConfig chunk = config;
  chunk.max_seconds = config.max_seconds / kChunks;
  chunk.precision = 0;  // spend each chunk's budget: the two loops get equal time
  std::vector<Sample> harness_samples;
  std::vector<Sample> openssl_samples;
  for (int i = 0; i < kChunks; ++i) {
    for (const bool first : {true, false}) {
      // Alternate which loop goes first in a chunk.
      const bool harness_turn = first == (i % 2 == 0);
      SampleRun run = harness_turn ? SampleUntilPrecise(run_harness, harness_batch, chunk)
                                   : SampleUntilPrecise(run_openssl, openssl_batch, chunk);
      if (!run.error.empty()) {
        result.error = run.error;
        return result;
      }
      std::vector<Sample>& into = harness_turn ? harness_samples : openssl_samples;
      into.insert(into.end(), run.samples.begin(), run.samples.end());
    }
  }
  result.harness = Cost(harness_samples, harness_batch, config.confidence);
  result.openssl_speed_shape = Cost(openssl_samples, openssl_batch, config.confidence);
  result.clock_pair_ns = ClockPairNs();
  return result;
}

}  // namespace cryptobench::measure
