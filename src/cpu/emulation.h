// Whether this process runs under emulation, where timings mean nothing: user-mode emulation
// of another architecture (qemu-user: the binary's architecture differs from the CPU that
// /proc/cpuinfo describes) or a guest of a CPU emulator (QEMU TCG, by CPUID's hypervisor
// signature). Under emulation `speed` says so and `doctor` decides only from ratios of its mask
// experiments, never from absolute cycles per byte.
#pragma once

#include <string>
#include <string_view>

#include "cpu/cpu_info.h"

namespace cryptobench::cpu {

/// The verdict of DetectEmulation.
struct Emulation {
  bool emulated = false;
  /// One sentence saying why, e.g. "this aarch64 binary runs on an x86_64 CPU (/proc/cpuinfo):
  /// user-mode emulation (qemu-user)"; "" when not emulated.
  std::string reason;
};

/// The architecture /proc/cpuinfo text describes, from the field names each kernel port writes:
/// "x86_64" for "vendor_id" + "flags" with "lm" (arch/x86/kernel/cpu/proc.c), "x86" without
/// "lm", "aarch64" for "CPU implementer" + "Features" + "CPU architecture: 8" (arch/arm64/
/// kernel/cpuinfo.c), "arm" for "CPU architecture: 7" or lower; "" when it cannot be told.
std::string CpuinfoArchitecture(std::string_view cpuinfo);

/// Decides whether a binary built for `binary_arch` ("x86_64", "aarch64"; HostArchitecture at
/// run time) runs emulated: `force` (the value of CRYPTOBENCH_ASSUME_EMULATED: "1" forces yes,
/// "0" forces no, anything else is ignored) first; then an architecture mismatch between the
/// binary and `reader`'s /proc/cpuinfo (qemu-user passes the host's file through: QEMU 7.2
/// linux-user/syscall.c fakes /proc/cpuinfo only for sparc, hppa, m68k and riscv); then
/// `virtualization` "qemu-tcg" (DetectVirtualization). An unreadable /proc/cpuinfo or an
/// architecture it cannot tell counts as not emulated (no evidence).
Emulation DetectEmulation(const SystemReader& reader, std::string_view binary_arch,
                          std::string_view force, std::string_view virtualization);

/// DetectEmulation for this process: the real /proc/cpuinfo, the compiled architecture,
/// CRYPTOBENCH_ASSUME_EMULATED and DetectMachineVirtualization. Computed once.
const Emulation& MachineEmulation();

}  // namespace cryptobench::cpu
