// Reads the wall-clock, CPU-time and tick-counter clocks around samples.
#include "measure/clocks.h"

#include <time.h>

#include <algorithm>

#include <sys/resource.h>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace cryptobench::measure {
namespace {

constexpr int64_t kNsPerSecond = 1'000'000'000;

int64_t ToNs(const timespec& ts) { return int64_t{ts.tv_sec} * kNsPerSecond + ts.tv_nsec; }

int64_t ToNs(const timeval& tv) { return int64_t{tv.tv_sec} * kNsPerSecond + tv.tv_usec * 1000; }

int64_t ReadClockNs(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return ToNs(ts);
}

void ReadCpuClocks(ClockReading* reading) {
  reading->cpu_ns = ReadClockNs(CLOCK_PROCESS_CPUTIME_ID);
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) == 0) {
    reading->user_ns = ToNs(usage.ru_utime);
    reading->sys_ns = ToNs(usage.ru_stime);
    reading->involuntary_switches = usage.ru_nivcsw;
    reading->voluntary_switches = usage.ru_nvcsw;
  }
}

}  // namespace

uint64_t ReadTicks() {
#if defined(__x86_64__)
  // RDTSC is not serialising: the first LFENCE waits for earlier instructions to finish, the
  // second keeps later ones (the timed work) from starting before the counter is read
  // (Intel SDM vol. 2B, RDTSC). Costs tens of cycles, negligible against a millisecond sample.
  _mm_lfence();
  const uint64_t ticks = __rdtsc();
  _mm_lfence();
  return ticks;
#elif defined(__aarch64__)
  // ISB keeps the counter read from being hoisted above earlier instructions (Arm ARM,
  // "Reading the generic timer counter").
  uint64_t ticks = 0;
  asm volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(ticks) : : "memory");
  return ticks;
#else
  return 0;
#endif
}

std::string_view TickCounterName() {
#if defined(__x86_64__)
  return "tsc";
#elif defined(__aarch64__)
  return "cntvct";
#else
  return "none";
#endif
}

// The CPU-time reads are system calls (CLOCK_PROCESS_CPUTIME_ID has no vDSO path) and a likely
// point for a preemption: reading the clock brings the task's runtime up to date, and the EEVDF
// scheduler (Linux 6.6+) ends an exhausted time slice right there. On a loaded machine most
// stalls then land in these reads, so both functions keep them outside the wall/tick pair.
ClockReading ReadClocks() {
  ClockReading reading;
  ReadCpuClocks(&reading);
  reading.wall_ns = ReadClockNs(CLOCK_MONOTONIC);
  reading.ticks = ReadTicks();
  return reading;
}

ClockReading ReadClocksAfterWork() {
  ClockReading reading;
  reading.ticks = ReadTicks();
  reading.wall_ns = ReadClockNs(CLOCK_MONOTONIC);
  ReadCpuClocks(&reading);
  return reading;
}

double MeasureTickRateHz([[maybe_unused]] double seconds) {
#if defined(__x86_64__)
  // The TSC rate is not published to user space: count ticks over a busy-waited stretch of
  // CLOCK_MONOTONIC. Each end reads the tick counter between two clock reads and uses their
  // midpoint, so a preemption between the reads shifts the estimate by at most half its length.
  const int64_t duration_ns =
      std::max<int64_t>(static_cast<int64_t>(seconds * kNsPerSecond), 1'000'000);
  auto paired_read = [](int64_t* wall_ns, uint64_t* ticks) {
    const int64_t before = ReadClockNs(CLOCK_MONOTONIC);
    *ticks = ReadTicks();
    const int64_t after = ReadClockNs(CLOCK_MONOTONIC);
    *wall_ns = before + (after - before) / 2;
  };
  int64_t start_ns = 0;
  uint64_t start_ticks = 0;
  paired_read(&start_ns, &start_ticks);
  while (ReadClockNs(CLOCK_MONOTONIC) - start_ns < duration_ns) {
  }
  int64_t end_ns = 0;
  uint64_t end_ticks = 0;
  paired_read(&end_ns, &end_ticks);
  if (end_ns <= start_ns || end_ticks <= start_ticks) {
    return 0;
  }
  return static_cast<double>(end_ticks - start_ticks) * 1e9 /
         static_cast<double>(end_ns - start_ns);
#elif defined(__aarch64__)
  // The generic timer's frequency is published by firmware in CNTFRQ_EL0.
  uint64_t frequency = 0;
  asm volatile("mrs %0, cntfrq_el0" : "=r"(frequency));
  return static_cast<double>(frequency);
#else
  return 0;
#endif
}

}  // namespace cryptobench::measure
