// The machine facts of a run.
#include "app/machine.h"

#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cpu/emulation.h"
#include "measure/clocks.h"
#include "results/emulated.h"

namespace cryptobench::app {

results::MachineInfo MachineInfoFrom(const cpu::CpuFacts& facts) {
  results::MachineInfo machine;
  machine.cpu_model = facts.model;
  machine.cpu_vendor = facts.vendor;
  machine.arch = facts.arch;
  machine.kernel = facts.kernel;
  machine.online_cpus = facts.online_cpus;
  machine.hypervisor = facts.hypervisor;
  // An emulator's tick counter follows the host's clock: ticks per byte would pass for a CPU's
  // cycles per byte, so an emulated run records none (its caveat says why).
  if (cpu::MachineEmulation().emulated) {
    machine.tick_counter = "none";
    return machine;
  }
  machine.tick_counter = std::string(measure::TickCounterName());
  machine.tick_rate_hz = measure::MeasureTickRateHz();
  return machine;
}

void MarkIfEmulated(results::SourceInfo& source) {
  if (const cpu::Emulation& emulation = cpu::MachineEmulation(); emulation.emulated) {
    source.caveats.push_back(results::EmulatedCaveat(emulation.reason));
  }
}

report::CpuTopology ReadCpuTopology(const cpu::SystemReader& reader, int online_cpus_fallback) {
  std::optional<std::vector<int>> online;
  if (const std::optional<std::string> text = reader.ReadFile("/sys/devices/system/cpu/online")) {
    online = report::ParseCpuList(*text);
  }
  if (!online || online->empty()) {
    report::CpuTopology unknown;
    unknown.online_cpus = online_cpus_fallback;
    return unknown;
  }
  std::vector<std::optional<std::string>> siblings;
  for (int cpu : *online) {
    siblings.push_back(reader.ReadFile(
        fmt::format("/sys/devices/system/cpu/cpu{}/topology/thread_siblings_list", cpu)));
  }
  return report::TopologyFromLists(*online, siblings);
}

}  // namespace cryptobench::app
