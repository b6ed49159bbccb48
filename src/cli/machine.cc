// The machine facts of a run.
#include "cli/machine.h"

#include "measure/clocks.h"

namespace cryptobench::cli {

results::MachineInfo MachineInfoFrom(const cpu::CpuFacts& facts) {
  results::MachineInfo machine;
  machine.cpu_model = facts.model;
  machine.cpu_vendor = facts.vendor;
  machine.arch = facts.arch;
  machine.kernel = facts.kernel;
  machine.online_cpus = facts.online_cpus;
  machine.hypervisor = facts.hypervisor;
  machine.tick_counter = std::string(measure::TickCounterName());
  machine.tick_rate_hz = measure::MeasureTickRateHz();
  return machine;
}

}  // namespace cryptobench::cli
