// CPU and OS facts for output headers: /proc/cpuinfo parsing plus uname() and sysconf().
#include "cpu/cpu_info.h"

#include <unistd.h>

#include <array>
#include <fstream>
#include <map>
#include <sstream>

#include <sys/utsname.h>

namespace cryptobench::cpu {
namespace {

constexpr std::string_view kWhitespace = " \t\r\n";

std::string_view Trim(std::string_view text) {
  const size_t first = text.find_first_not_of(kWhitespace);
  if (first == std::string_view::npos) {
    return {};
  }
  const size_t last = text.find_last_not_of(kWhitespace);
  return text.substr(first, last - first + 1);
}

/// Arm CPU implementer codes (MIDR_EL1 bits 31:24) as listed in the Linux kernel's
/// arch/arm64/include/asm/cputype.h (ARM_CPU_IMP_*).
constexpr std::array<std::pair<std::string_view, std::string_view>, 10> kArmImplementers = {{
    {"0x41", "ARM"},
    {"0x42", "Broadcom"},
    {"0x43", "Cavium"},
    {"0x46", "Fujitsu"},
    {"0x48", "HiSilicon"},
    {"0x4e", "NVIDIA"},
    {"0x50", "APM"},
    {"0x51", "Qualcomm"},
    {"0x61", "Apple"},
    {"0xc0", "Ampere"},
}};

/// Part numbers (MIDR_EL1 bits 15:4) of common Arm Ltd cores (implementer 0x41), from the same
/// kernel header (ARM_CPU_PART_*).
constexpr std::array<std::pair<std::string_view, std::string_view>, 12> kArmLtdParts = {{
    {"0xd03", "Cortex-A53"},
    {"0xd04", "Cortex-A35"},
    {"0xd05", "Cortex-A55"},
    {"0xd07", "Cortex-A57"},
    {"0xd08", "Cortex-A72"},
    {"0xd09", "Cortex-A73"},
    {"0xd0b", "Cortex-A76"},
    {"0xd0c", "Neoverse-N1"},
    {"0xd40", "Neoverse-V1"},
    {"0xd41", "Cortex-A78"},
    {"0xd49", "Neoverse-N2"},
    {"0xd4f", "Neoverse-V2"},
}};

template <size_t N>
std::string_view Lookup(const std::array<std::pair<std::string_view, std::string_view>, N>& table,
                        std::string_view key) {
  for (const auto& [code, name] : table) {
    if (code == key) {
      return name;
    }
  }
  return {};
}

/// "ARM Neoverse-N1" for known codes, else "implementer 0x41 part 0xd0c"-style text.
std::string ArmModel(std::string_view implementer, std::string_view part) {
  const std::string_view vendor = Lookup(kArmImplementers, implementer);
  const std::string_view core = implementer == "0x41" ? Lookup(kArmLtdParts, part) : "";
  if (!vendor.empty() && !core.empty()) {
    return std::string(vendor) + " " + std::string(core);
  }
  std::string model = "implementer " + std::string(implementer);
  if (!part.empty()) {
    model += " part " + std::string(part);
  }
  return model;
}

}  // namespace

std::optional<std::string> RealSystemReader::ReadFile(std::string_view path) const {
  std::ifstream file{std::string(path), std::ios::binary};
  if (!file) {
    return std::nullopt;
  }
  // Read through the stream buffer: files under /proc report a size of 0.
  std::ostringstream contents;
  contents << file.rdbuf();
  if (file.bad()) {
    return std::nullopt;
  }
  return std::move(contents).str();
}

CpuFacts ParseProcCpuinfo(std::string_view text) {
  // The first occurrence of each key belongs to the first CPU; keys printed once per file
  // (AArch64 "Hardware", after the last CPU) are found wherever they are.
  std::map<std::string, std::string, std::less<>> fields;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) {
      continue;
    }
    const std::string_view key = Trim(line.substr(0, colon));
    if (!key.empty()) {
      fields.emplace(key, Trim(line.substr(colon + 1)));
    }
  }
  auto field = [&fields](std::string_view key) -> std::string {
    const auto it = fields.find(key);
    return it == fields.end() ? std::string() : it->second;
  };

  CpuFacts facts;
  const std::string implementer = field("CPU implementer");
  if (const std::string vendor = field("vendor_id"); !vendor.empty()) {
    facts.vendor = vendor;
  } else if (!implementer.empty()) {
    const std::string_view name = Lookup(kArmImplementers, implementer);
    facts.vendor = name.empty() ? implementer : std::string(name);
  }

  if (const std::string model = field("model name"); !model.empty()) {
    facts.model = model;
  } else if (const std::string hardware = field("Hardware"); !hardware.empty()) {
    facts.model = hardware;
  } else if (!implementer.empty()) {
    facts.model = ArmModel(implementer, field("CPU part"));
  } else {
    facts.model = "unknown";
  }

  facts.flags = field("flags");
  if (facts.flags.empty()) {
    facts.flags = field("Features");
  }
  facts.hypervisor = HasCpuFlag(facts, "hypervisor");
  return facts;
}

CpuFacts GatherCpuFacts(const SystemReader& reader) {
  CpuFacts facts;
  if (const std::optional<std::string> cpuinfo = reader.ReadFile("/proc/cpuinfo")) {
    facts = ParseProcCpuinfo(*cpuinfo);
  } else {
    facts.model = "unknown";
  }
  utsname names{};
  if (uname(&names) == 0) {
    facts.arch = names.machine;
    facts.kernel = std::string(names.sysname) + " " + names.release;
  }
  const long online = sysconf(_SC_NPROCESSORS_ONLN);
  facts.online_cpus = online > 0 ? static_cast<int>(online) : 0;
  return facts;
}

bool HasCpuFlag(const CpuFacts& facts, std::string_view flag) {
  if (flag.empty()) {
    return false;
  }
  std::string_view rest = facts.flags;
  while (!rest.empty()) {
    const size_t start = rest.find_first_not_of(kWhitespace);
    if (start == std::string_view::npos) {
      break;
    }
    rest.remove_prefix(start);
    const size_t end = rest.find_first_of(kWhitespace);
    if (rest.substr(0, end) == flag) {
      return true;
    }
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end);
  }
  return false;
}

}  // namespace cryptobench::cpu
