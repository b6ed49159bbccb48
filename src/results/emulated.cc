#include "results/emulated.h"

#include <fmt/format.h>

namespace cryptobench::results {
namespace {

constexpr std::string_view kPrefix = "Emulated: ";
constexpr std::string_view kSuffix = "; the timings say nothing about any CPU.";

}  // namespace

bool IsTcgVendor(std::string_view vendor) { return vendor == "TCG" || vendor == "tcg"; }

std::string EmulatedCaveat(std::string_view reason) {
  return std::string(kPrefix) + std::string(reason) + std::string(kSuffix);
}

std::optional<std::string> EmulationReason(const RunResult& run) {
  // A pasted lscpu "Hypervisor vendor: TCG" (import's fact hypervisor_vendor): QEMU's TCG
  // accelerator emulates the CPU (its CPUID leaf 0x40000000 signature "TCGTCGTCGTCG", QEMU
  // target/i386/cpu.c), so every figure times the emulator. Other vendors (KVM, Microsoft,
  // VMware, Xen, ...) run the guest's code on the host's CPU: a virtual machine, not emulation.
  // A "QEMU Virtual CPU" model name alone does not say TCG: KVM guests can use that model too.
  for (const SourceFact& fact : run.source.facts) {
    if (fact.kind == "hypervisor_vendor" && IsTcgVendor(fact.value)) {
      return fmt::format(
          "lscpu's Hypervisor vendor is {} (line {}): QEMU emulates the CPU in software (its "
          "TCG accelerator, no KVM)",
          fact.value, fact.line);
    }
  }
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
