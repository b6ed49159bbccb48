// Facts about the CPU and OS reported in every output's header. All OS reads go through
// SystemReader so tests can replay recorded fixtures.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace cryptobench::cpu {

/// Seam for reading the OS. Production reads the real files; tests substitute fixtures.
class SystemReader {
 public:
  virtual ~SystemReader() = default;
  /// Contents of a file such as /proc/cpuinfo; std::nullopt if it cannot be read.
  virtual std::optional<std::string> ReadFile(std::string_view path) const = 0;
};

/// Reads the real filesystem.
class RealSystemReader : public SystemReader {
 public:
  std::optional<std::string> ReadFile(std::string_view path) const override;
};

/// What the header shows about the machine.
struct CpuFacts {
  std::string model;        ///< "model name" (x86) or a best effort elsewhere; "unknown" if none
  std::string vendor;       ///< "vendor_id" (x86), "CPU implementer" (ARM); may be empty
  std::string arch;         ///< "x86_64", "aarch64", ... (from uname)
  int online_cpus = 0;      ///< CPUs online (sysconf(_SC_NPROCESSORS_ONLN))
  std::string kernel;       ///< "Linux 6.1.0-..." (uname sysname + release)
  bool hypervisor = false;  ///< "hypervisor" flag present in /proc/cpuinfo
  std::string flags;        ///< the raw "flags"/"Features" line of the first CPU
};

/// Parses /proc/cpuinfo text (pure; fuzzable). Leaves online_cpus, arch and kernel unset.
CpuFacts ParseProcCpuinfo(std::string_view text);

/// Gathers CpuFacts from `reader` plus uname() and sysconf().
CpuFacts GatherCpuFacts(const SystemReader& reader);

/// True if the first CPU's flags list has `flag` (whole word, e.g. "aes", "avx512f").
bool HasCpuFlag(const CpuFacts& facts, std::string_view flag);

}  // namespace cryptobench::cpu
