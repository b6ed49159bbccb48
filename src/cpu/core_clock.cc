// The effective core clock from a PMU cycle counter or two agreeing dependent-chain probes.
#include "cpu/core_clock.h"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>

#include <fmt/format.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

namespace cryptobench::cpu {
namespace {

// Links per ChainBlock() call: 1000 iterations of 100 links (the ".rept 100" below). At 3 to 4
// cycles a link the imul block takes 75-2000 us at 0.2-7 GHz, the add block a third of that:
// long enough that one clock read (tens of ns through the vDSO) is noise, short enough that
// most blocks fit between two scheduler preemptions.
constexpr uint64_t kLinksPerIteration = 100;
constexpr uint64_t kIterationsPerBlock = 1000;
constexpr double kLinksPerBlock = static_cast<double>(kLinksPerIteration * kIterationsPerBlock);

// Runs of each probe; the median run counts, which drops a run whose every block was disturbed
// or that straddled a frequency step.
constexpr int kRuns = 5;

// A perf reading and the agreeing probes may differ this much before a note says so: the probe
// runs in another stretch of time than the counter.
constexpr double kPerfVersusProbesNote = 0.10;

// cpufreq limits are checked with this slack: sysfs rounds, and a probe reads a whole block.
constexpr double kCpufreqSlack = 0.10;

enum class Chain { kAdd, kImul };

#if defined(__x86_64__)
// Each add needs the previous sum and the other operand is a register, which no renamer folds:
// Golden Cove and later Intel cores fold `add $imm, reg` at rename, so several such adds
// complete per cycle and an immediate chain read 24 GHz there.
void AddChainBlock() {
  uint64_t sum = 0;
  uint64_t step = 1;
  uint64_t iterations = kIterationsPerBlock;
  __asm__ volatile(
      "1:\n\t"
      ".rept 100\n\t"
      "add %[step], %[sum]\n\t"
      ".endr\n\t"
      "dec %[n]\n\t"
      "jnz 1b\n\t"
      : [sum] "+r"(sum), [n] "+r"(iterations)
      : [step] "r"(step)
      : "cc");
}

// A multiply runs on another unit than the add, with a 3- or 4-cycle latency
// (ImulLatencyCycles), so a trick that shortens one chain does not shorten the other.
void ImulChainBlock() {
  uint32_t product = 3;
  uint64_t iterations = kIterationsPerBlock;
  __asm__ volatile(
      "1:\n\t"
      ".rept 100\n\t"
      "imul %[p], %[p]\n\t"
      ".endr\n\t"
      "dec %[n]\n\t"
      "jnz 1b\n\t"
      : [p] "+r"(product), [n] "+r"(iterations)
      :
      : "cc");
}
#elif defined(__aarch64__)
void AddChainBlock() {
  uint64_t sum = 0;
  uint64_t step = 1;
  uint64_t iterations = kIterationsPerBlock;
  __asm__ volatile(
      "1:\n\t"
      ".rept 100\n\t"
      "add %[sum], %[sum], %[step]\n\t"
      ".endr\n\t"
      "subs %[n], %[n], #1\n\t"
      "b.ne 1b\n\t"
      : [sum] "+r"(sum), [n] "+r"(iterations)
      : [step] "r"(step)
      : "cc");
}
#endif

// Links per second in one run of about `seconds`, from the fastest block of the run.
template <typename Block>
double LinksPerSecond(Block block, double seconds) {
  using Clock = std::chrono::steady_clock;  // CLOCK_MONOTONIC on Linux
  const Clock::time_point start = Clock::now();
  Clock::time_point block_start = start;
  Clock::duration fastest = Clock::duration::max();
  do {
    block();
    const Clock::time_point block_end = Clock::now();
    fastest = std::min(fastest, block_end - block_start);
    block_start = block_end;
  } while (std::chrono::duration<double>(block_start - start).count() < seconds);
  const double fastest_seconds = std::chrono::duration<double>(fastest).count();
  return fastest_seconds > 0 ? kLinksPerBlock / fastest_seconds : 0;
}

double Median(std::vector<double> values) {
  if (values.empty()) {
    return 0;
  }
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

constexpr const char* kPlausibleRangeText = "0.2-7 GHz";  // kMin/MaxPlausibleCoreHz

bool Plausible(double hz) { return hz >= kMinPlausibleCoreHz && hz <= kMaxPlausibleCoreHz; }

std::string Ghz(double hz) { return fmt::format("{:.2f} GHz", hz / 1e9); }

// Empty when `hz` respects cpufreq's limits, else why not.
std::string OutsideCpufreq(double hz, const CpufreqLimits& limits) {
  if (limits.min_hz && *limits.min_hz > 0 && hz < *limits.min_hz * (1 - kCpufreqSlack)) {
    return fmt::format("below cpufreq's minimum {} (cpuinfo_min_freq)", Ghz(*limits.min_hz));
  }
  if (limits.max_includes_boost && limits.max_hz && *limits.max_hz > 0 &&
      hz > *limits.max_hz * (1 + kCpufreqSlack)) {
    return fmt::format("above cpufreq's maximum {} (cpuinfo_max_freq, boost included)",
                       Ghz(*limits.max_hz));
  }
  return {};
}

class RealCoreClockProbes : public CoreClockProbes {
 public:
  explicit RealCoreClockProbes(int imul_latency) : imul_latency_(imul_latency) {}

  std::optional<double> PerfCyclesHz(std::string* why_not) override {
    perf_event_attr attr;
    std::memset(&attr, 0, sizeof(attr));
    attr.size = sizeof(attr);
    attr.type = PERF_TYPE_HARDWARE;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.disabled = 1;
    attr.exclude_kernel = 1;  // user space only: allowed at perf_event_paranoid <= 2
    attr.exclude_hv = 1;
    attr.read_format = PERF_FORMAT_TOTAL_TIME_RUNNING;
    const long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    if (fd < 0) {
      const int error = errno;
      *why_not =
          error == ENOENT || error == ENODEV || error == EOPNOTSUPP
              ? fmt::format("no hardware cycle counter is exposed ({})", strerrorname(error))
          : error == EACCES || error == EPERM
              ? fmt::format("not permitted by kernel.perf_event_paranoid ({})", strerrorname(error))
              : fmt::format("perf_event_open failed ({})", strerrorname(error));
      return std::nullopt;
    }
    const int counter = static_cast<int>(fd);
    // The add chain keeps the core busy in user space while the counter runs.
    ioctl(counter, PERF_EVENT_IOC_RESET, 0);
    ioctl(counter, PERF_EVENT_IOC_ENABLE, 0);
    const auto start = std::chrono::steady_clock::now();
    while (std::chrono::steady_clock::now() - start < std::chrono::milliseconds(20)) {
      BusyBlock();
    }
    ioctl(counter, PERF_EVENT_IOC_DISABLE, 0);
    struct {
      uint64_t value;
      uint64_t time_running;  // ns the counter counted: the task was on a CPU
    } reading{};
    const ssize_t got = read(counter, &reading, sizeof(reading));
    close(counter);
    if (got != static_cast<ssize_t>(sizeof(reading)) || reading.time_running == 0 ||
        reading.value == 0) {
      *why_not = "the cycle counter gave no count";
      return std::nullopt;
    }
    return static_cast<double>(reading.value) / (static_cast<double>(reading.time_running) * 1e-9);
  }

  std::vector<ChainProbe> MeasureChains(double seconds) override {
#if defined(__x86_64__)
    ChainProbe add{"add", "add %rdx, %rax (64-bit register-register add)", 1, 0};
    ChainProbe imul{"imul", "imul %eax, %eax (32-bit multiply)", imul_latency_, 0};
    const double run_seconds = std::max(seconds, 0.0) / (2 * kRuns);
    // One untimed run of each lets the governor raise the clock before it is sampled.
    LinksPerSecond(AddChainBlock, run_seconds);
    LinksPerSecond(ImulChainBlock, run_seconds);
    std::vector<double> adds, imuls;
    for (int run = 0; run < kRuns; ++run) {  // interleaved, so a drift affects both alike
      adds.push_back(LinksPerSecond(AddChainBlock, run_seconds));
      imuls.push_back(LinksPerSecond(ImulChainBlock, run_seconds));
    }
    add.links_per_s = Median(adds);
    imul.links_per_s = Median(imuls);
    return {add, imul};
#elif defined(__aarch64__)
    ChainProbe add{"add", "add x0, x0, x1 (64-bit register-register add)", 1, 0};
    const double run_seconds = std::max(seconds, 0.0) / (kRuns + 1);
    LinksPerSecond(AddChainBlock, run_seconds);
    std::vector<double> adds;
    for (int run = 0; run < kRuns; ++run) {
      adds.push_back(LinksPerSecond(AddChainBlock, run_seconds));
    }
    add.links_per_s = Median(adds);
    return {add};
#else
    (void)seconds;
    return {};
#endif
  }

 private:
  static void BusyBlock() {
#if defined(__x86_64__) || defined(__aarch64__)
    AddChainBlock();
#endif
  }

  // strerrorname_np is glibc 2.32+; this keeps the names the messages need.
  static const char* strerrorname(int error) {
    switch (error) {
      case ENOENT:
        return "ENOENT";
      case ENODEV:
        return "ENODEV";
      case EOPNOTSUPP:
        return "EOPNOTSUPP";
      case EACCES:
        return "EACCES";
      case EPERM:
        return "EPERM";
      case ENOSYS:
        return "ENOSYS";
      default:
        return "errno";
    }
  }

  [[maybe_unused]] int imul_latency_;  // read by the x86-64 chain probes only
};

}  // namespace

const char* CoreClockSourceName(CoreClockSource source) {
  switch (source) {
    case CoreClockSource::kNone:
      return "none";
    case CoreClockSource::kPerfCycles:
      return "perf_event cycles";
    case CoreClockSource::kChainProbes:
      return "dependent-chain probes";
  }
  return "none";
}

int ImulLatencyCycles(const CpuFeatures& cpu) {
  if (cpu.vendor == "AuthenticAMD" && cpu.family == 0x15) {
    return 4;  // Bulldozer family
  }
  if (cpu.vendor == "GenuineIntel" && cpu.family == 6) {
    switch (cpu.model) {
      case 0x1c:  // Bonnell (Diamondville, Pineview)
      case 0x26:  // Bonnell (Lincroft)
      case 0x27:  // Saltwell (Penwell)
      case 0x35:  // Saltwell (Cloverview)
      case 0x36:  // Saltwell (Cedarview)
        return 5;
      default:
        break;
    }
  }
  return 3;
}

CoreClock DecideCoreClock(std::optional<double> perf_hz, const std::string& perf_unavailable,
                          const std::vector<ChainProbe>& probes, const CpufreqLimits& limits) {
  CoreClock clock;
  clock.perf_hz = perf_hz;
  clock.perf_unavailable = perf_hz ? std::string() : perf_unavailable;
  clock.probes = probes;

  const ChainProbe* add = nullptr;
  const ChainProbe* imul = nullptr;
  for (const ChainProbe& probe : probes) {
    (probe.name == "add" ? add : imul) = &probe;
  }
  const bool both = add != nullptr && imul != nullptr && add->Hz() > 0 && imul->Hz() > 0;
  if (both) {
    clock.disagreement = std::fabs(add->Hz() / imul->Hz() - 1);
  }
  const bool probes_agree = both && Plausible(add->Hz()) && Plausible(imul->Hz()) &&
                            *clock.disagreement <= kProbeAgreementTolerance;

  if (perf_hz) {
    std::string problem;
    if (!Plausible(*perf_hz)) {
      problem = std::string("outside the plausible ") + kPlausibleRangeText;
    } else {
      problem = OutsideCpufreq(*perf_hz, limits);
    }
    if (problem.empty()) {
      clock.hz = *perf_hz;
      clock.source = CoreClockSource::kPerfCycles;
      if (probes_agree) {
        const double probe_hz = (add->Hz() + imul->Hz()) / 2;
        if (std::fabs(probe_hz / *perf_hz - 1) > kPerfVersusProbesNote) {
          clock.notes.push_back(fmt::format(
              "the chain probes read {}, {:.0f}% from the cycle counter's {}: the clock moved "
              "between them; the counter is used",
              Ghz(probe_hz), std::fabs(probe_hz / *perf_hz - 1) * 100, Ghz(*perf_hz)));
        }
      }
      return clock;
    }
    clock.notes.push_back(
        fmt::format("the cycle counter read {}, {}: not used", Ghz(*perf_hz), problem));
  }

  if (add == nullptr || imul == nullptr) {
    clock.rejected = probes.empty() ? "no core-clock probe exists on this architecture"
                                    : "only one chain probe exists on this architecture, and a "
                                      "single probe is not trusted";
    return clock;
  }
  if (!both) {
    clock.rejected = "the clock was too coarse to time a probe block";
    return clock;
  }
  const std::string readings =
      fmt::format("{} chain {}, {} chain {} at {} cycles per link", add->name, Ghz(add->Hz()),
                  imul->name, Ghz(imul->Hz()), imul->latency_cycles);
  for (const ChainProbe* probe : {add, imul}) {
    if (!Plausible(probe->Hz())) {
      clock.rejected = fmt::format("the {} chain reads {}, outside the plausible {} ({})",
                                   probe->name, Ghz(probe->Hz()), kPlausibleRangeText, readings);
      return clock;
    }
  }
  if (!probes_agree) {
    clock.rejected = fmt::format(
        "the probes disagree by {:.0f}% (more than {:.0f}%): {}; one chain is folded, fused or "
        "of another latency on this core",
        *clock.disagreement * 100, kProbeAgreementTolerance * 100, readings);
    return clock;
  }
  const double hz = (add->Hz() + imul->Hz()) / 2;
  if (const std::string problem = OutsideCpufreq(hz, limits); !problem.empty()) {
    clock.rejected = fmt::format("the probes agree on {}, {}", Ghz(hz), problem);
    return clock;
  }
  clock.hz = hz;
  clock.source = CoreClockSource::kChainProbes;
  return clock;
}

CoreClock MeasureCoreClock(CoreClockProbes& probes, const CpufreqLimits& limits, double seconds) {
  std::string perf_unavailable;
  const std::optional<double> perf_hz = probes.PerfCyclesHz(&perf_unavailable);
  CoreClock clock =
      DecideCoreClock(perf_hz, perf_unavailable, probes.MeasureChains(seconds / 2), limits);
  if (clock.disagreement && *clock.disagreement > kProbeAgreementTolerance) {
    // A frequency step between the two probes makes them disagree once; a folded chain does so
    // every time.
    clock = DecideCoreClock(perf_hz, perf_unavailable, probes.MeasureChains(seconds / 2), limits);
  }
  return clock;
}

std::optional<int> PinToCurrentCpu(std::string* why_not) {
  const int cpu = sched_getcpu();
  if (cpu < 0) {
    *why_not = fmt::format("sched_getcpu failed ({})", std::strerror(errno));
    return std::nullopt;
  }
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  if (sched_setaffinity(0, sizeof(set), &set) != 0) {
    *why_not = fmt::format("sched_setaffinity failed ({})", std::strerror(errno));
    return std::nullopt;
  }
  return cpu;
}

std::unique_ptr<CoreClockProbes> MakeRealCoreClockProbes(const CpuFeatures& cpu) {
  return std::make_unique<RealCoreClockProbes>(ImulLatencyCycles(cpu));
}

}  // namespace cryptobench::cpu
