// How a run records that it was measured under emulation (qemu-user, QEMU TCG): one caveat in
// source.caveats, so that the JSON says it in words and every reader can find it again.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "results/model.h"

namespace cryptobench::results {

/// The caveat an emulated run carries: "Emulated: <reason>; the timings say nothing about any
/// CPU." `reason` is cpu::Emulation::reason, e.g. "this aarch64 binary runs on an x86_64 CPU
/// (/proc/cpuinfo): user-mode emulation (qemu-user)".
std::string EmulatedCaveat(std::string_view reason);

/// Whether lscpu's "Hypervisor vendor" value names QEMU's TCG accelerator ("TCG"): the CPU is
/// emulated, not virtualised.
bool IsTcgVendor(std::string_view vendor);

/// The reason of `run`'s EmulatedCaveat, or nullopt when the run carries none (measured
/// natively, or imported from another tool, which records no such thing; cryptobench's own
/// `--format openssl` output, re-imported, keeps it: "+cryptobench emulated: REASON"). An
/// imported run whose pasted lscpu says "Hypervisor vendor: TCG" (fact hypervisor_vendor) is
/// emulated too: "lscpu's Hypervisor vendor is TCG (line 20): QEMU emulates the CPU in software
/// (its TCG accelerator, no KVM)".
/// An imported run whose `uname -m` names one architecture while the text's /proc/cpuinfo or
/// lscpu flags line describes a CPU of another (x86 under ARM or the reverse) is emulated too,
/// by a user-mode emulator (qemu-user); the rule needs no second architecture word or flags
/// family in the text and the run's CPUINFO vector, if printed, of the uname's family (a text
/// of two machines is not emulation).
std::optional<std::string> EmulationReason(const RunResult& run);

/// For a reason of that cross-architecture rule, the Docker platform name of the CPU's own
/// architecture ("arm64" under an ARM CPU description, "amd64" under an x86 one): the native
/// image to run instead. nullopt for any other reason.
std::optional<std::string> NativePlatformOfEmulation(std::string_view reason);

}  // namespace cryptobench::results
