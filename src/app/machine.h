// The machine a run happens on, as every measuring command records it.
#pragma once

#include "cpu/cpu_info.h"
#include "report/scaling.h"
#include "results/model.h"

namespace cryptobench::app {

/// The machine's CPU, kernel and tick counter: the CPU facts plus the tick counter's name and
/// its rate, measured now against CLOCK_MONOTONIC (about 50 ms). Under emulation
/// (cpu::MachineEmulation) the tick counter is "none" at rate 0: no cycle figures.
results::MachineInfo MachineInfoFrom(const cpu::CpuFacts& facts);

/// Adds results::EmulatedCaveat to `source` when this process runs emulated
/// (cpu::MachineEmulation): every run measured here says so, and doctor --from and compare read
/// it back (results::EmulationReason).
void MarkIfEmulated(results::SourceInfo& source);

/// The online CPUs and how they share cores, read through `reader` from
/// /sys/devices/system/cpu/online and each online CPU's topology/thread_siblings_list
/// (Documentation/ABI/stable/sysfs-devices-system-cpu). Unreadable files leave the fields
/// they feed at 0 (unknown); `online_cpus_fallback` (sysconf) stands in for the online list.
report::CpuTopology ReadCpuTopology(const cpu::SystemReader& reader, int online_cpus_fallback);

}  // namespace cryptobench::app
