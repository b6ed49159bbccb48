// The parent side: start a worker process, exchange protocol lines with it, and tell how it
// ended (exit status, signal name, or killed after a timeout).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <sys/types.h>

namespace cryptobench::worker {

/// How to re-execute the running binary as a worker: "/proc/self/exe" itself (exec of the link
/// runs this very binary even if the file was replaced since), else the path it names. With
/// CRYPTOBENCH_WORKER_EMULATOR set (WorkerEmulator), always the path the link names: the
/// emulator opens its argument itself, and its own /proc/self/exe is the emulator.
std::string SelfExecutable();

/// The command a worker is started under, split at spaces, from the environment variable
/// CRYPTOBENCH_WORKER_EMULATOR (e.g. "qemu-aarch64"; its sysroot in QEMU_LD_PREFIX, which
/// the worker inherits); empty when unset or blank. Under qemu-user without a binfmt_misc
/// handler, exec of a foreign-architecture binary fails with ENOEXEC (the kernel cannot run
/// it), so scripts/aarch64-test.sh sets it for the arm64 build run on an x86-64 host.
std::vector<std::string> WorkerEmulator();

/// Name of a signal, e.g. "SIGSEGV" (or "signal 42" when unnamed).
std::string SignalName(int signal_number);

/// Longest protocol line a worker may send, bytes: a cell message holds at most
/// SamplerConfig::max_samples (100000) samples of under 200 characters each. A worker that
/// writes more without a newline is killed (a library writing into the protocol descriptor).
inline constexpr size_t kMaxProtocolLineBytes = size_t{32} << 20;

/// A running worker child. Not copyable; the destructor kills and reaps a child still running.
/// Each worker leads a process group of its own, dies with the parent (PR_SET_PDEATHSIG, even
/// when the parent is killed with SIGKILL), and its whole group is killed when it is reaped or
/// when a fatal signal ends the parent (core/fatal_signals.h).
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
  /// Waits up to `timeout_seconds` (0: not at all) for the next JSON line. kEof when the worker
  /// closed its stdout (exited or crashed), wrote a line that is not JSON (kept in garbage()),
  /// or wrote kMaxProtocolLineBytes without a newline (then it is killed). kTimeout when no
  /// whole line arrived in time.
  ReadStatus Read(double timeout_seconds, nlohmann::json* message);

  /// Seconds since the worker last wrote anything (or since it started).
  double SilentSeconds() const;

  /// The descriptor to poll for the worker's output; -1 once it closed it.
  int output_fd() const { return from_child_; }
  /// True if a whole line is already buffered (Read(0) returns it without waiting).
  bool HasBufferedLine() const { return buffer_.find('\n') != std::string::npos; }

  /// Writes `line` + "\n" to the worker's stdin; false if the worker is gone.
  bool Send(const std::string& line);

  /// Kills the worker and its process group (SIGKILL); Finish() then reports `reason` (e.g.
  /// "timed out after 12 s").
  void Kill(const std::string& reason);

  /// Reaps the worker (after killing what is left of its process group) and describes how it
  /// ended: "" for a clean exit 0, else e.g. "worker killed by SIGSEGV", "worker exited with
  /// status 3", or the Kill() reason.
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
  double last_output_ = 0;  ///< CLOCK_MONOTONIC seconds of the last byte read
};

/// Waits up to `timeout_seconds` until one of `workers` has output to read or a whole line
/// buffered; returns at once if one has. Workers whose output is closed are skipped.
void WaitForAnyOutput(const std::vector<WorkerProcess*>& workers, double timeout_seconds);

}  // namespace cryptobench::worker
