// The CPU models an imported run's pasted lines name, for the reports that show the CPU
// (import's header, doctor --from's CPU section) when the run itself names none.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "results/model.h"

namespace cryptobench::results {

/// One CPU model as pasted, and the 1-based line of the text it was read from.
struct PastedCpuModel {
  std::string model;
  size_t line = 0;
};

/// True for a BSD CPU device name as its boot lines print it ("cpu0", "cpu12": "cpu" and
/// digits), which OpenBSD puts before its CPU model and feature lines.
bool IsCpuDeviceName(std::string_view word);

/// The distinct CPU models of `run`'s "cpu_model" facts (import's "KEY: VALUE"), in the order
/// of the text: lscpu's and /proc/cpuinfo's "Model name", MIPS's "cpu model", `sysctl hw.model`
/// (FreeBSD, OpenBSD), macOS's `sysctl machdep.cpu.brand_string`, FreeBSD's boot "CPU:" line
/// and OpenBSD's "cpu0:" line.
/// Other keys name a board, a SoC or a vendor,
/// not the CPU model, and are left out. Empty when there is none. Never throws beyond
/// std::bad_alloc.
std::vector<PastedCpuModel> PastedCpuModels(const RunResult& run);

}  // namespace cryptobench::results
