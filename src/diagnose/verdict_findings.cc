// GlobalFindings: machine- and library-wide facts that change what the verdicts mean.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "diagnose/library_advice.h"
#include "diagnose/verdict.h"
#include "diagnose/verdict_paths.h"
#include "diagnose/verdict_text.h"

namespace cryptobench::diagnose {
namespace {

using verdict_internal::FormatHz;
using verdict_internal::Join;

// Thresholds (fractions, dimensionless). Steal above 5% of CPU time, or a 1-minute load above
// three quarters of the online CPUs, leaves too little of a core for steady wall-clock
// figures; a TSC more than 10% off the core clock makes TSC-based cpb misleading
// (cpb-reference.md sec. 1: 2.596 GHz TSC vs 3.66 GHz core in a KVM guest).
constexpr double kStealLimit = 0.05;
constexpr double kLoadPerCpuLimit = 0.75;
constexpr double kTscCoreTolerance = 0.10;

// Features whose absence from a no-asm build costs the most (x86-64 and AArch64 names).
constexpr std::string_view kCryptoFeatures[] = {"AES-NI", "PCLMULQDQ", "SHA-NI", "AVX2",
                                                "AES",    "PMULL",     "SHA2"};

Finding Make(std::string id, Severity severity, std::string summary, std::string evidence,
             std::string advice = "") {
  return Finding{std::move(id), severity, std::move(summary), std::move(evidence),
                 std::move(advice)};
}

void NoAsm(const DoctorFacts& facts, std::vector<Finding>& out) {
  if (!facts.no_asm_build) {
    return;
  }
  std::vector<std::string> usable;
  for (std::string_view name : kCryptoFeatures) {
    if (facts.cpu.Usable(name)) {
      usable.emplace_back(name);
    }
  }
  const std::string library = facts.library.loaded_path.empty()
                                  ? facts.library.version
                                  : facts.library.loaded_path + " (" + facts.library.version + ")";
  std::string evidence = fmt::format("{} reports CPUINFO: N/A", library);
  evidence += usable.empty() ? "; the CPU has none of the crypto instructions it would use"
                             : "; the CPU has " + Join(usable);
  out.push_back(Make("library.no-asm", usable.empty() ? Severity::kWarning : Severity::kError,
                     "The library was built without assembly: every algorithm runs generic C code",
                     evidence, NoAsmRemedy(facts)));
}

// How many capability words the library reads: as many as its vector prints (3.0: 2, master:
// 5; cpb-reference.md sec. 2.1).
size_t LibraryWords(const DoctorFacts& facts) {
  const std::string& vector = facts.library.capability_vector;
  if (vector.empty() || vector == "N/A") {
    return 2;
  }
  return static_cast<size_t>(std::count(vector.begin(), vector.end(), ':')) + 1;
}

// OPENSSL_armcap replaces the library's whole word (crypto/armcap.c), unlike OPENSSL_ia32cap's
// per-word masks, so its remedy names the detected word less a bit.
void EnvArmcap(const DoctorFacts& facts, std::vector<Finding>& out) {
  const std::string& value = *facts.env_ia32cap;
  const bool masks = !facts.env_masked_features.empty();
  std::string evidence =
      masks ? fmt::format("OPENSSL_armcap={} turns off {}", value, Join(facts.env_masked_features))
            : fmt::format("OPENSSL_armcap={} turns off none of the known capability bits", value);
  if (!facts.detected_capability_vector.empty()) {
    evidence += fmt::format(" (detected without it: {})", facts.detected_capability_vector);
  }
  out.push_back(Make("env.armcap", masks ? Severity::kWarning : Severity::kInfo,
                     masks ? "OPENSSL_armcap in the environment masks CPU features"
                           : "OPENSSL_armcap is set in the environment",
                     evidence,
                     masks ? "Unset OPENSSL_armcap unless the masking is intended; it replaces the "
                             "whole capability word, so to clear one feature write the detected "
                             "word less that bit (e.g. 0xf9 for 0xfd less AES, 0x4)."
                           : ""));
}

void EnvIa32cap(const DoctorFacts& facts, std::vector<Finding>& out) {
  if (!facts.env_ia32cap) {
    return;
  }
  const std::string& value = *facts.env_ia32cap;
  if (CapabilityVariable(facts) == "OPENSSL_armcap") {
    EnvArmcap(facts, out);
    return;
  }
  std::string evidence;
  if (facts.env_masked_features.empty()) {
    evidence = fmt::format("OPENSSL_ia32cap={} clears none of the known capability bits", value);
  } else {
    evidence = fmt::format("OPENSSL_ia32cap={} clears {}", value, Join(facts.env_masked_features));
  }
  if (!facts.detected_capability_vector.empty()) {
    evidence += fmt::format(" (detected without it: {})", facts.detected_capability_vector);
  }
  const size_t written = static_cast<size_t>(std::count(value.begin(), value.end(), ':')) + 1;
  const size_t words = LibraryWords(facts);
  if (written < words) {
    evidence += fmt::format(
        "; it writes {} of the {} words the library reads, and every word not written is "
        "zeroed",
        written, words);
  }
  const bool masks = !facts.env_masked_features.empty();
  out.push_back(Make("env.ia32cap", masks ? Severity::kWarning : Severity::kInfo,
                     masks ? "OPENSSL_ia32cap in the environment masks CPU features"
                           : "OPENSSL_ia32cap is set in the environment",
                     evidence,
                     masks ? "Unset OPENSSL_ia32cap unless the masking is intended; to clear one "
                             "feature, write all five words (e.g. \"~0x200000000000000:~0:~0:~0:"
                             "~0\" for AES-NI only)."
                           : ""));
}

void MissingCpuFeatures(const DoctorFacts& facts, std::vector<Finding>& out) {
  using verdict_internal::BestSoftwareClass;
  using verdict_internal::Family;
  if (facts.cpu.arch != "x86_64") {
    return;
  }
  struct Missing {
    std::string_view feature, id, what;  // `what` includes its verb
    Family family;
  };
  constexpr Missing kMissing[] = {
      {"AES-NI", "cpu.no-aesni", "AES runs", Family::kAesBlock},
      {"PCLMULQDQ", "cpu.no-pclmulqdq", "GCM's GHASH runs", Family::kNone},
      {"SHA-NI", "cpu.no-sha-ni", "SHA-1 and SHA-256 run", Family::kSha256},
  };
  for (const Missing& m : kMissing) {
    if (facts.cpu.Usable(m.feature)) {
      continue;
    }
    const std::string best =
        m.family == Family::kNone
            ? std::string("the 4-bit table GHASH (gcm_ghash_4bit)")
            : BestSoftwareClass(m.family, facts.cpu, verdict_internal::OpensslReleaseOf(facts));
    out.push_back(
        Make(std::string(m.id), Severity::kInfo,
             fmt::format("The CPU has no {}: {} in software, as expected", m.feature, m.what),
             fmt::format("CPU {} ({}); best software class here: {}", facts.cpu.brand,
                         facts.cpu.vendor, best)));
  }
}

void OsDisabled(const DoctorFacts& facts, std::vector<Finding>& out) {
  std::vector<std::string> avx512, avx;
  for (const cpu::FeatureState& f : facts.cpu.features) {
    if (!f.supported || f.os_enabled) {
      continue;
    }
    (std::string_view(f.name).starts_with("AVX-512") ? avx512 : avx).push_back(f.name);
  }
  const std::string xcr0 = fmt::format("XCR0 = {:#x}", facts.cpu.xcr0);
  if (!avx512.empty()) {
    out.push_back(Make(
        "os.avx512-disabled", Severity::kWarning,
        "The CPU has AVX-512 but the OS does not enable its register state",
        fmt::format("{} lacks the opmask/ZMM state (bits 5-7); unusable: {}", xcr0, Join(avx512)),
        "In a VM, check the hypervisor's CPU model; on bare metal, kernel options "
        "that disable AVX-512 state."));
  }
  if (!avx.empty()) {
    out.push_back(Make("os.avx-disabled", Severity::kWarning,
                       "The CPU has AVX features the OS does not enable",
                       fmt::format("{} lacks the YMM state (bit 2); unusable: {}", xcr0, Join(avx)),
                       "Check the hypervisor's CPU model or the kernel's XSAVE settings."));
  }
}

void Clock(const DoctorFacts& facts, std::vector<Finding>& out) {
  const cpu::ClockFacts& clock = facts.clock;
  if (clock.governor == "powersave") {
    out.push_back(Make("clock.governor-powersave", Severity::kWarning,
                       "The scaling governor is powersave",
                       fmt::format("cpu0 scaling_governor = powersave; measured core clock {}",
                                   FormatHz(clock.core_hz)),
                       "Set the performance governor while benchmarking (cpupower frequency-set "
                       "-g performance)."));
  }
  if (clock.turbo_enabled && !*clock.turbo_enabled) {
    out.push_back(Make(
        "clock.turbo-off", Severity::kWarning, "Turbo/boost is disabled",
        fmt::format("measured core clock {}{}", FormatHz(clock.core_hz),
                    clock.max_hz ? ", cpuinfo_max_freq " + FormatHz(*clock.max_hz) : std::string()),
        "Throughput will be below what the CPU can reach; cpb figures are not "
        "affected."));
  }
  if (clock.hybrid) {
    if (clock.pinned_cpu) {
      out.push_back(Make("clock.hybrid", Severity::kInfo,
                         "A hybrid CPU: doctor ran on one core type",
                         fmt::format("CPUID reports P- and E-cores, which run at different "
                                     "clocks; doctor pinned itself and its workers to CPU {}, so "
                                     "the clock probe and every measurement ran on that core",
                                     *clock.pinned_cpu),
                         "To examine the other core type, run doctor under taskset -c N with a "
                         "CPU of that type."));
    } else {
      out.push_back(Make("clock.hybrid", Severity::kWarning,
                         "A hybrid CPU, and doctor could not pin itself to one core",
                         fmt::format("CPUID reports P- and E-cores; {}: the clock probe and the "
                                     "measurements may have run on different core types, so "
                                     "cpb may be off by their clock ratio",
                                     clock.pinning_failed),
                         "Run doctor under taskset -c N to keep it on one core."));
    }
  }
  // Under emulation no cpb is computed at all (machine.emulated says so): no clock matters.
  if (!facts.emulation.empty()) {
    return;
  }
  if (!(clock.core_hz > 0)) {
    const std::string why = clock.core_clock.rejected.empty() ? std::string("it was not measured")
                                                              : clock.core_clock.rejected;
    out.push_back(Make(
        "clock.core-unknown", Severity::kWarning, "No trustworthy core clock",
        fmt::format("{}; cpb is computed over a wide clock range, so a cpb class is named only "
                    "where the whole range falls in it, and the mask experiments decide",
                    why),
        "Where the kernel exposes a PMU (bare metal, or a VM with a virtual PMU), doctor reads "
        "the core clock from its cycle counter; `perf stat -e cycles true` tells whether one "
        "is there."));
  } else if (clock.tick_counter_is_tsc && clock.tsc_hz > 0 &&
             std::fabs(clock.tsc_hz / clock.core_hz - 1) > kTscCoreTolerance) {
    out.push_back(Make("clock.tsc-vs-core", Severity::kInfo,
                       "The TSC does not tick at the core clock",
                       fmt::format("TSC {} vs measured core clock {}: cpb uses the core clock",
                                   FormatHz(clock.tsc_hz), FormatHz(clock.core_hz))));
  }
}

void Machine(const DoctorFacts& facts, std::vector<Finding>& out) {
  const cpu::ClockFacts& clock = facts.clock;
  if (facts.cpu.hypervisor) {
    std::string evidence = "CPUID hypervisor bit set";
    if (clock.tsc_hz > 0 && clock.core_hz > 0) {
      evidence +=
          fmt::format("; TSC {} vs core clock {}: cpb uses the measured core clock, not the TSC",
                      FormatHz(clock.tsc_hz), FormatHz(clock.core_hz));
    }
    out.push_back(
        Make("machine.hypervisor", Severity::kInfo, "Running in a virtual machine", evidence));
  }
  if (!facts.emulation.empty()) {
    out.push_back(Make("machine.emulated", Severity::kInfo, "Running under emulation",
                       facts.emulation + "; its timings say nothing about any CPU",
                       "The verdicts rest only on the ratios of the mask experiments (masked "
                       "against as is); no cycles per byte are computed or classified."));
  }
  if (clock.steal_fraction && *clock.steal_fraction > kStealLimit) {
    out.push_back(Make(
        "machine.steal", Severity::kWarning, "The hypervisor steals CPU time from this guest",
        fmt::format("steal time {:.1f}% of CPU time (/proc/stat)", *clock.steal_fraction * 100),
        "Repeat on a quieter host, or with dedicated vCPUs; throughput figures "
        "may be low and noisy."));
  }
  if (clock.online_cpus > 0 && clock.load_average_1min >= 0 &&
      clock.load_average_1min > clock.online_cpus * kLoadPerCpuLimit) {
    out.push_back(Make("machine.load", Severity::kWarning, "The machine is busy (contended)",
                       fmt::format("1-minute load average {:.2f} on {} online CPUs",
                                   clock.load_average_1min, clock.online_cpus),
                       "Repeat when the machine is idle; mask experiments may be "
                       "inconclusive."));
  }
}

}  // namespace

std::vector<Finding> GlobalFindings(const DoctorFacts& facts) {
  std::vector<Finding> out;
  NoAsm(facts, out);
  EnvIa32cap(facts, out);
  MissingCpuFeatures(facts, out);
  OsDisabled(facts, out);
  Clock(facts, out);
  Machine(facts, out);
  return out;
}

}  // namespace cryptobench::diagnose
