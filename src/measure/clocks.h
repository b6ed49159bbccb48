// Clocks read around each sample: wall-clock (CLOCK_MONOTONIC), the process's CPU time (total,
// user, system) and the time-stamp counter. Knows nothing about crypto.
#pragma once

#include <cstdint>
#include <string_view>

namespace cryptobench::measure {

/// One reading of every clock. Differences of two readings give a sample's figures.
struct ClockReading {
  int64_t wall_ns = 0;  ///< CLOCK_MONOTONIC, nanoseconds
  int64_t cpu_ns = 0;   ///< CLOCK_PROCESS_CPUTIME_ID (user + system, all threads), nanoseconds
  int64_t user_ns = 0;  ///< getrusage(RUSAGE_SELF) user time, nanoseconds (microsecond grain)
  int64_t sys_ns = 0;   ///< getrusage(RUSAGE_SELF) system time, nanoseconds (microsecond grain)
  uint64_t ticks = 0;   ///< time-stamp counter: RDTSC on x86-64, CNTVCT_EL0 on AArch64, else 0
  int64_t involuntary_switches = 0;  ///< getrusage(RUSAGE_SELF) ru_nivcsw: times the scheduler
                                     ///< took the CPU away (preemptions), a count
  int64_t voluntary_switches = 0;    ///< getrusage(RUSAGE_SELF) ru_nvcsw: times the process gave
                                     ///< up the CPU itself (blocked: a lock, I/O, a sleep), a count
};

/// Reads all clocks (tick counter last, so it brackets the work most tightly). Use it at the
/// start of a timed stretch; end it with ReadClocksAfterWork().
ClockReading ReadClocks();

/// Reads all clocks in the reverse order of ReadClocks(): tick counter and wall-clock first,
/// then the CPU-time clocks. Ends a timed stretch begun with ReadClocks(), so the precise clocks
/// sit innermost around the work and a preemption during the CPU-time reads (system calls, where
/// the scheduler often switches tasks) is not counted as part of the sample.
ClockReading ReadClocksAfterWork();

/// Reads only the tick counter (0 where the architecture has none we support).
uint64_t ReadTicks();

/// Name of the tick counter: "tsc" (x86-64), "cntvct" (AArch64), or "none".
std::string_view TickCounterName();

/// Tick counter rate in Hz: measured against CLOCK_MONOTONIC over about `seconds` (x86-64), or
/// read from CNTFRQ_EL0 (AArch64). 0 when there is no counter.
double MeasureTickRateHz(double seconds = 0.05);

}  // namespace cryptobench::measure
