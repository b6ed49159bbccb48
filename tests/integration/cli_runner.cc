// Runs the cryptobench executable for integration tests.
#include "integration/cli_runner.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <sys/wait.h>

namespace cryptobench::testing {
namespace {

std::string ShellQuote(const std::string& s) {
  std::string out(1, '\'');
  for (char c : s) {
    if (c == '\'') {
      out.append("'\\''");
    } else {
      out.push_back(c);
    }
  }
  out.push_back('\'');
  return out;
}

std::string ReadAll(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

CliResult RunCryptobench(const std::vector<std::string>& args) {
  return RunCryptobenchWithEnv({}, args);
}

CliResult RunCryptobenchWithEnv(const std::vector<std::string>& env,
                                const std::vector<std::string>& args) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("cryptobench_cli_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  std::string command = "env";
  for (const std::string& assignment : env) {
    command.append(" ").append(ShellQuote(assignment));
  }
  command.append(" ").append(ShellQuote(CRYPTOBENCH_BINARY));
  for (const std::string& arg : args) {
    command.append(" ").append(ShellQuote(arg));
  }
  command.append(" >").append(ShellQuote((dir / "out").string()));
  command.append(" 2>").append(ShellQuote((dir / "err").string()));
  command.append(" </dev/null");
  const int status = std::system(command.c_str());
  CliResult result;
  result.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = ReadAll(dir / "out");
  result.err = ReadAll(dir / "err");
  std::filesystem::remove_all(dir);
  return result;
}

std::vector<std::string> QuickSpeedArgs() {
  return {"--max-seconds", "0.05", "--precision", "0.05", "--no-progress"};
}

nlohmann::json ParseJson(const CliResult& result) {
  try {
    return nlohmann::json::parse(result.out);
  } catch (const nlohmann::json::exception& e) {
    ADD_FAILURE() << "stdout is not JSON: " << e.what() << "\nstdout:\n"
                  << result.out << "\nstderr:\n"
                  << result.err;
    return nlohmann::json::object();
  }
}

bool CpuHasFlag(const std::string& flag) {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("flags", 0) == 0) {
      return (line + " ").find(" " + flag + " ") != std::string::npos;
    }
  }
  return false;
}

}  // namespace cryptobench::testing
