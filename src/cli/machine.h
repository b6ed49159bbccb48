// The machine a run happens on, as every measuring command records it.
#pragma once

#include "cpu/cpu_info.h"
#include "results/model.h"

namespace cryptobench::cli {

/// The machine's CPU, kernel and tick counter: the CPU facts plus the tick counter's name and
/// its rate, measured now against CLOCK_MONOTONIC (about 50 ms).
results::MachineInfo MachineInfoFrom(const cpu::CpuFacts& facts);

}  // namespace cryptobench::cli
