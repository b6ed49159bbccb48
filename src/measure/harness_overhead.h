// The cost of the timed loop itself: the sampler timing an operation that does nothing, so
// that what a 16-byte cell reports can be split into the library's work and the harness's.
// Knows nothing about crypto: the no-op has the shape of a library's update call.
#pragma once

#include <cstdint>
#include <string>

#include "measure/sampler.h"

namespace cryptobench::measure {

/// Per-call cost of one loop shape running a no-op, from the sampler's median and its CI.
struct LoopCost {
  double ns_per_call = 0;       ///< median over samples, nanoseconds per call
  double ns_per_call_low = 0;   ///< 95% CI of the median, lower bound, nanoseconds per call
  double ns_per_call_high = 0;  ///< 95% CI of the median, upper bound, nanoseconds per call
  uint64_t batch = 0;           ///< calls per sample, as calibrated
  size_t samples = 0;           ///< samples used (unpreempted ones, as in `speed`)
};

/// What MeasureHarnessOverhead found.
struct HarnessOverhead {
  /// cryptobench's timed loop: a virtual Run(n) over n calls, each an indirect call through a
  /// function table (as backends call a dlopen'ed library) with its return value checked.
  LoopCost harness;
  /// openssl speed's loop (apps/speed.c, EVP_Update_loop): the same call, with a volatile
  /// "still running" flag read per call, as its alarm()-stopped loop does.
  LoopCost openssl_speed_shape;
  /// One pair of sample clock reads (ReadClocks + ReadClocksAfterWork), nanoseconds: paid once
  /// per sample, so a call pays it divided by the batch size.
  double clock_pair_ns = 0;
  std::string error;  ///< non-empty if a loop reported failure (it never should)
};

/// Calibrates and samples both loop shapes with `config` (its warm-up, sample length, budget
/// and precision), interleaving them sample run by sample run, and times the clock reads.
/// Takes about 2 * config.max_seconds plus the warm-ups.
HarnessOverhead MeasureHarnessOverhead(const SamplerConfig& config);

}  // namespace cryptobench::measure
