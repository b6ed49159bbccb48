// Emulation detection (emulation.h).
#include "cpu/emulation.h"

#include <cstdlib>

#include <fmt/format.h>

#include "cpu/features.h"

namespace cryptobench::cpu {
namespace {

// The value of the first "name : value" line whose name is `name` ("" if none).
std::string_view FieldOf(std::string_view text, std::string_view name, bool* found) {
  *found = false;
  while (!text.empty()) {
    const size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) {
      continue;
    }
    std::string_view key = line.substr(0, colon);
    while (!key.empty() && (key.back() == ' ' || key.back() == '\t')) {
      key.remove_suffix(1);
    }
    if (key != name) {
      continue;
    }
    std::string_view value = line.substr(colon + 1);
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) {
      value.remove_prefix(1);
    }
    while (!value.empty() && (value.back() == ' ' || value.back() == '\r')) {
      value.remove_suffix(1);
    }
    *found = true;
    return value;
  }
  return {};
}

bool HasWord(std::string_view list, std::string_view word) {
  while (!list.empty()) {
    const size_t start = list.find_first_not_of(' ');
    if (start == std::string_view::npos) {
      return false;
    }
    list.remove_prefix(start);
    const size_t end = std::min(list.find(' '), list.size());
    if (list.substr(0, end) == word) {
      return true;
    }
    list.remove_prefix(end);
  }
  return false;
}

// This binary's architecture, as HostArchitecture names it.
std::string_view CompiledArchitecture() {
#if defined(__x86_64__)
  return "x86_64";
#elif defined(__aarch64__)
  return "aarch64";
#else
  return "";
#endif
}

}  // namespace

std::string CpuinfoArchitecture(std::string_view cpuinfo) {
  bool has_vendor = false;
  bool has_flags = false;
  FieldOf(cpuinfo, "vendor_id", &has_vendor);
  const std::string_view flags = FieldOf(cpuinfo, "flags", &has_flags);
  if (has_vendor && has_flags) {
    return HasWord(flags, "lm") ? "x86_64" : "x86";
  }
  bool has_implementer = false;
  bool has_arch = false;
  FieldOf(cpuinfo, "CPU implementer", &has_implementer);
  const std::string_view arch = FieldOf(cpuinfo, "CPU architecture", &has_arch);
  if (has_implementer && has_arch) {
    // arm64 prints "CPU architecture: 8" for every ARMv8 and later core (cpuinfo.c); 32-bit
    // kernels print 7 or lower ("CPU architecture: 7"). An AArch32 task on a 64-bit kernel
    // sees the arm64 file.
    if (arch == "8") {
      return "aarch64";
    }
    if (arch.size() == 1 && arch[0] >= '1' && arch[0] <= '7') {
      return "arm";
    }
  }
  return "";
}

Emulation DetectEmulation(const SystemReader& reader, std::string_view binary_arch,
                          std::string_view force, std::string_view virtualization) {
  Emulation out;
  if (force == "1") {
    out.emulated = true;
    out.reason = "CRYPTOBENCH_ASSUME_EMULATED=1 says this process runs emulated";
    return out;
  }
  if (force == "0") {
    return out;
  }
  const std::optional<std::string> cpuinfo = reader.ReadFile("/proc/cpuinfo");
  const std::string cpu_arch = cpuinfo ? CpuinfoArchitecture(*cpuinfo) : std::string();
  if (!cpu_arch.empty() && !binary_arch.empty() && cpu_arch != binary_arch) {
    out.emulated = true;
    out.reason = fmt::format(
        "this {} binary runs on an {} CPU (/proc/cpuinfo): user-mode emulation (qemu-user)",
        binary_arch, cpu_arch);
    return out;
  }
  if (virtualization == "qemu-tcg") {
    out.emulated = true;
    out.reason = "the hypervisor is QEMU without KVM (TCG): the CPU is emulated";
  }
  return out;
}

const Emulation& MachineEmulation() {
  static const Emulation emulation = [] {
    const char* force = std::getenv("CRYPTOBENCH_ASSUME_EMULATED");
    return DetectEmulation(RealSystemReader(), CompiledArchitecture(),
                           force != nullptr ? force : "", DetectMachineVirtualization());
  }();
  return emulation;
}

}  // namespace cryptobench::cpu
