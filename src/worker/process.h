// The parent side: start a worker process, exchange protocol lines with it, and tell how it
// ended (exit status, signal name, or killed after a timeout).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>

#include <nlohmann/json.hpp>
#include <sys/types.h>

namespace cryptobench::worker {

/// How to re-execute the running binary as a worker: "/proc/self/exe" itself (exec of the link
/// runs this very binary even if the file was replaced since), else the path it names.
std::string SelfExecutable();

/// Name of a signal, e.g. "SIGSEGV" (or "signal 42" when unnamed).
std::string SignalName(int signal_number);

/// A running worker child. Not copyable; the destructor kills and reaps a child still running.
class WorkerProcess {
 public:
  /// Starts `exe __worker` (or `exe subcommand` when one is given: the tls workers) with the
  /// parent's environment minus `unset_env`, plus `extra_env` (overriding), stdin and stdout as
  /// pipes, stderr inherited, then writes `job_line` + "\n" to its stdin. Throws
  /// std::runtime_error if the process cannot be created.
  WorkerProcess(const std::string& exe, const std::map<std::string, std::string>& extra_env,
                const std::string& job_line, const std::set<std::string>& unset_env = {},
                const char* subcommand = nullptr);
  ~WorkerProcess();
  WorkerProcess(const WorkerProcess&) = delete;
  WorkerProcess& operator=(const WorkerProcess&) = delete;

  enum class ReadStatus { kMessage, kEof, kTimeout };
  /// Waits up to `timeout_seconds` for the next JSON line. kEof when the worker closed its
  /// stdout (exited or crashed); a line that is not JSON counts as kEof with the line kept in
  /// garbage().
  ReadStatus Read(double timeout_seconds, nlohmann::json* message);

  /// Writes `line` + "\n" to the worker's stdin; false if the worker is gone.
  bool Send(const std::string& line);

  /// Kills the worker (SIGKILL); Finish() then reports `reason` (e.g. "timed out after 12 s").
  void Kill(const std::string& reason);

  /// Reaps the worker and describes how it ended: "" for a clean exit 0, else e.g.
  /// "worker killed by SIGSEGV", "worker exited with status 3", or the Kill() reason.
  std::string Finish();

  const std::string& garbage() const { return garbage_; }

 private:
  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;
  std::string garbage_;
  std::string kill_reason_;
  std::optional<std::string> finished_;
};

}  // namespace cryptobench::worker
