// Test helper: runs the real cryptobench executable and captures its exit status and output.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace cryptobench::testing {

struct CliResult {
  int exit_status = -1;
  std::string out;  ///< stdout
  std::string err;  ///< stderr
};

/// Runs CRYPTOBENCH_BINARY with `args` (each shell-quoted) and waits for it.
CliResult RunCryptobench(const std::vector<std::string>& args);

/// Same, with `env` ("NAME=VALUE" entries) added to cryptobench's own environment.
CliResult RunCryptobenchWithEnv(const std::vector<std::string>& env,
                                const std::vector<std::string>& args);

/// stdout parsed as JSON; on failure records a test failure (with stdout and stderr) and
/// returns an empty object.
nlohmann::json ParseJson(const CliResult& result);

/// True if the first CPU's "flags" line in /proc/cpuinfo lists `flag` (e.g. "aes", "sha_ni").
bool CpuHasFlag(const std::string& flag);

/// Fast measurement settings for tests: short budget, loose precision, no progress.
std::vector<std::string> QuickSpeedArgs();

}  // namespace cryptobench::testing
