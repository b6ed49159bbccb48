#include "results/emulated.h"

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace cryptobench::results {
namespace {

constexpr std::string_view kPrefix = "Emulated: ";
constexpr std::string_view kSuffix = "; the timings say nothing about any CPU.";

// The family of an architecture word as `uname -m` or lscpu's "Architecture:" prints it: "x86"
// or "arm" (AArch32 tasks on an arm64 kernel are native, so both widths are one family), ""
// for any other.
std::string ArchWordFamily(std::string_view word) {
  if (word == "x86_64" || word == "amd64" || word == "i386" || word == "i486" || word == "i586" ||
      word == "i686") {
    return "x86";
  }
  if (word == "aarch64" || word == "arm64" || word == "aarch64_be" ||
      (word.starts_with("armv") && word.size() <= 7)) {
    return "arm";
  }
  return "";
}

std::vector<std::string> WordsOf(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> words;
  for (std::string word; in >> word;) {
    words.push_back(word);
  }
  return words;
}

// The family a Linux CPU flags line describes: x86's /proc/cpuinfo "flags" line starts with
// fpu and lists tsc and sse2 (arch/x86/include/asm/cpufeatures.h); ARM's "Features" line lists
// asimd on arm64 (arch/arm64/kernel/cpuinfo.c, hwcap_str) and half, thumb or vfp on 32-bit
// (arch/arm/kernel/setup.c, hwcap_str). "" when the words say neither.
std::string FlagsLineFamily(std::string_view flags) {
  const std::vector<std::string> words = WordsOf(flags);
  const std::set<std::string> tokens(words.begin(), words.end());
  if (tokens.count("fpu") > 0 && (tokens.count("tsc") > 0 || tokens.count("sse2") > 0)) {
    return "x86";
  }
  if (tokens.count("asimd") > 0 || tokens.count("thumb") > 0 || tokens.count("half") > 0 ||
      tokens.count("vfp") > 0) {
    return "arm";
  }
  return "";
}

// A process of one architecture reading the CPU description of another (tryout 30 D5, s29: an
// x86_64 container started with `docker run --platform linux/amd64` on an AWS Graviton).
// uname(2) answers with the architecture of the process as qemu-user runs it (QEMU
// linux-user/uname.c, cpu_to_uname_machine), while /proc/cpuinfo is the host kernel's file
// (containers share the host kernel: "you can't run a linux/amd64 container on an arm64 host
// (without using emulation)", https://docs.docker.com/build/building/multi-platform/); on a
// native machine the kernel names one architecture in both. "In [user] mode QEMU can launch
// Linux processes compiled for one CPU on another CPU", and binfmt_misc registration makes it
// run such binaries directly (https://packages.debian.org/sid/qemu-user).
// Needs, to rule out two machines pasted together: `uname -m` (or lscpu's Architecture, or the
// machine word of `uname -a`) naming one family, every such word of the text naming it; a
// /proc/cpuinfo or lscpu flags line of the other family, every such line naming that one; and
// the run's own CPUINFO capability vector, when printed, of the uname's family (the library
// then ran as that architecture's process). nullopt otherwise.
std::optional<std::string> CrossArchitectureReason(const RunResult& run) {
  std::string process_family;
  std::string process_word;
  size_t process_line = 0;
  std::string cpu_family;
  size_t cpu_line = 0;
  bool cpu_is_features = false;
  for (const SourceFact& fact : run.source.facts) {
    std::vector<std::string> words;
    if (fact.kind == "cpu_arch" && (fact.origin == "uname -m" || fact.origin.empty())) {
      words.push_back(fact.value);
    } else if (fact.kind == "uname") {
      words = WordsOf(fact.value);
    } else if (fact.kind == "cpu_flags" &&
               (fact.origin == "/proc/cpuinfo" || fact.origin == "lscpu")) {
      const std::string family = FlagsLineFamily(fact.value);
      if (family.empty()) {
        continue;
      }
      if (!cpu_family.empty() && cpu_family != family) {
        return std::nullopt;  // CPU lines of two families: two machines
      }
      if (cpu_family.empty()) {
        cpu_line = fact.line;
        cpu_is_features = family == "arm";
      }
      cpu_family = family;
      continue;
    }
    for (const std::string& word : words) {
      const std::string family = ArchWordFamily(word);
      if (family.empty()) {
        continue;
      }
      if (!process_family.empty() && process_family != family) {
        return std::nullopt;  // two architectures named: two machines
      }
      if (process_family.empty() && fact.kind == "cpu_arch") {
        process_word = word;
        process_line = fact.line;
      }
      process_family = family;
    }
  }
  if (process_word.empty() || cpu_family.empty() || process_family == cpu_family) {
    return std::nullopt;
  }
  const std::string_view vector = run.library.cpu_info;
  const bool x86_vector = vector.find("OPENSSL_ia32cap") != std::string_view::npos;
  const bool arm_vector = vector.find("OPENSSL_armcap") != std::string_view::npos;
  if ((x86_vector && process_family != "x86") || (arm_vector && process_family != "arm")) {
    return std::nullopt;
  }
  return fmt::format(
      "uname -m says {} (line {}) while the CPU's {} line (line {}) describes an {} CPU: an {} "
      "process ran on an {} CPU through a user-mode emulator (qemu-user, started by "
      "binfmt_misc, as `docker run --platform` does for another architecture's image), which "
      "translates every instruction, so the figures say nothing about the library's use of the "
      "CPU (a native kernel names one architecture in both lines)",
      process_word, process_line, cpu_is_features ? "Features" : "flags", cpu_line,
      cpu_family == "arm" ? "ARM" : "x86", process_word, cpu_family == "arm" ? "ARM" : "x86");
}

}  // namespace

std::optional<std::string> NativePlatformOfEmulation(std::string_view reason) {
  if (!reason.starts_with("uname -m says ")) {
    return std::nullopt;
  }
  if (reason.find("describes an ARM CPU") != std::string_view::npos) {
    return std::string("arm64");
  }
  if (reason.find("describes an x86 CPU") != std::string_view::npos) {
    return std::string("amd64");
  }
  return std::nullopt;
}

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
  if (std::optional<std::string> reason = CrossArchitectureReason(run)) {
    return reason;
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
