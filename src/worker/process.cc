// Worker child processes: fork/exec, pipes, timeouts, exit descriptions.
#include "worker/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <stdexcept>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include "core/fatal_signals.h"
#include "worker/protocol.h"
#include "worker/write_all.h"

extern char** environ;

namespace cryptobench::worker {
namespace {

double MonotonicSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

void CloseIfOpen(int& fd) {
  if (fd >= 0) {
    close(fd);
    fd = -1;
  }
}

// The first executable `name` in the directories of PATH; `name` itself when none is found
// (execve then fails and the worker exits 127, reported as a failed worker).
std::string FindInPath(const std::string& name) {
  const char* path = getenv("PATH");
  std::string_view rest = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
  while (true) {
    const size_t colon = std::min(rest.find(':'), rest.size());
    const std::string dir(rest.substr(0, colon));
    const std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
    if (colon == rest.size()) {
      return name;
    }
    rest.remove_prefix(colon + 1);
  }
}

}  // namespace

std::vector<std::string> WorkerEmulator() {
  std::vector<std::string> words;
  const char* value = getenv("CRYPTOBENCH_WORKER_EMULATOR");
  std::string_view rest = value != nullptr ? value : "";
  while (!rest.empty()) {
    const size_t start = rest.find_first_not_of(' ');
    if (start == std::string_view::npos) {
      break;
    }
    rest.remove_prefix(start);
    const size_t end = std::min(rest.find(' '), rest.size());
    words.emplace_back(rest.substr(0, end));
    rest.remove_prefix(end);
  }
  return words;
}

std::string SelfExecutable() {
  // The link itself, not the path it names: exec of /proc/self/exe runs this very binary even
  // when the file was replaced or rebuilt since the parent started.
  if (WorkerEmulator().empty() && access("/proc/self/exe", X_OK) == 0) {
    return "/proc/self/exe";
  }
  std::vector<char> path(PATH_MAX + 1);
  const ssize_t n = readlink("/proc/self/exe", path.data(), PATH_MAX);
  if (n <= 0) {
    throw std::runtime_error("cannot find the cryptobench executable (/proc/self/exe)");
  }
  return std::string(path.data(), static_cast<size_t>(n));
}

std::string SignalName(int signal_number) {
  const char* abbrev = sigabbrev_np(signal_number);
  if (abbrev == nullptr) {
    return "signal " + std::to_string(signal_number);
  }
  return std::string("SIG") + abbrev;
}

WorkerProcess::WorkerProcess(const std::string& exe,
                             const std::map<std::string, std::string>& extra_env,
                             const std::string& job_line, const std::set<std::string>& unset_env,
                             const char* subcommand_name) {
  // The environment is built before fork: only async-signal-safe calls happen in the child.
  std::vector<std::string> env_strings;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry(*e);
    const std::string name = entry.substr(0, entry.find('='));
    if (extra_env.count(name) == 0 && unset_env.count(name) == 0) {
      env_strings.push_back(entry);
    }
  }
  for (const auto& [name, value] : extra_env) {
    env_strings.push_back(name + "=" + value);
  }
  std::vector<char*> envp;
  for (std::string& s : env_strings) {
    envp.push_back(s.data());
  }
  envp.push_back(nullptr);
  // Under an emulator (WorkerEmulator) the worker is "EMULATOR... EXE SUBCOMMAND".
  std::vector<std::string> args = WorkerEmulator();
  args.push_back(exe);
  args.emplace_back(subcommand_name != nullptr ? subcommand_name : kWorkerSubcommand);
  std::vector<char*> argv;
  for (std::string& arg : args) {
    argv.push_back(arg.data());
  }
  argv.push_back(nullptr);
  // execvpe: an emulator named without a directory is looked up in PATH (found before fork).
  std::string program = args.front();
  if (program.find('/') == std::string::npos) {
    program = FindInPath(program);
  }

  int in_pipe[2];
  int out_pipe[2];
  if (pipe2(in_pipe, O_CLOEXEC) != 0) {
    throw std::runtime_error(std::string("pipe: ") + strerror(errno));
  }
  if (pipe2(out_pipe, O_CLOEXEC) != 0) {
    close(in_pipe[0]);
    close(in_pipe[1]);
    throw std::runtime_error(std::string("pipe: ") + strerror(errno));
  }
  const pid_t parent = getpid();
  pid_ = fork();
  if (pid_ < 0) {
    const int err = errno;
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]}) {
      close(fd);
    }
    throw std::runtime_error(std::string("fork: ") + strerror(err));
  }
  if (pid_ == 0) {
    // A group of its own, so that whatever the library starts dies with the worker; and the
    // worker dies with the parent, even when the parent is killed with SIGKILL. The parent may
    // have died before prctl: then nobody reads the results.
    setpgid(0, 0);
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) {
      _exit(127);
    }
    // Outside the terminal's foreground group: a library's message to stderr must not stop
    // the worker when the terminal has `stty tostop` set.
    signal(SIGTTOU, SIG_IGN);
    dup2(in_pipe[0], STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    execve(program.c_str(), argv.data(), envp.data());
    _exit(127);
  }
  setpgid(pid_, pid_);  // also here, so it holds before the parent relies on it
  core::RegisterProcessGroup(pid_);
  close(in_pipe[0]);
  close(out_pipe[1]);
  to_child_ = in_pipe[1];
  from_child_ = out_pipe[0];
  last_output_ = MonotonicSeconds();
  Send(job_line);
}

WorkerProcess::~WorkerProcess() {
  if (!finished_.has_value() && pid_ > 0) {
    kill(-pid_, SIGKILL);
    Finish();
  }
  CloseIfOpen(to_child_);
  CloseIfOpen(from_child_);
}

bool WorkerProcess::Send(const std::string& line) {
  if (to_child_ < 0) {
    return false;
  }
  // A worker that died makes write() fail with EPIPE; SIGPIPE is ignored by the CLI.
  return WriteAll(to_child_, line + "\n");
}

WorkerProcess::ReadStatus WorkerProcess::Read(double timeout_seconds, nlohmann::json* message) {
  const double deadline = MonotonicSeconds() + timeout_seconds;
  for (;;) {
    const size_t newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      const std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      try {
        *message = nlohmann::json::parse(line);
        return ReadStatus::kMessage;
      } catch (const nlohmann::json::exception&) {
        garbage_ = line;
        return ReadStatus::kEof;
      }
    }
    if (buffer_.size() >= kMaxProtocolLineBytes) {
      // Endless output without a newline: not the protocol. Stop reading before it costs more.
      buffer_.clear();
      buffer_.shrink_to_fit();
      CloseIfOpen(from_child_);
      Kill(fmt::format("worker wrote {} MiB without a newline and was killed",
                       kMaxProtocolLineBytes >> 20));
      return ReadStatus::kEof;
    }
    if (from_child_ < 0) {
      return ReadStatus::kEof;
    }
    const double left = deadline - MonotonicSeconds();
    pollfd pfd{from_child_, POLLIN, 0};
    const int ready = poll(&pfd, 1, left > 0 ? static_cast<int>(left * 1000) + 1 : 0);
    if (ready < 0 && errno == EINTR) {
      continue;
    }
    if (ready == 0) {
      return ReadStatus::kTimeout;
    }
    char chunk[65536];
    const size_t room = kMaxProtocolLineBytes - buffer_.size();
    const ssize_t n = read(from_child_, chunk, std::min(sizeof chunk, room));
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n <= 0) {
      CloseIfOpen(from_child_);
      continue;
    }
    buffer_.append(chunk, static_cast<size_t>(n));
    last_output_ = MonotonicSeconds();
  }
}

double WorkerProcess::SilentSeconds() const { return MonotonicSeconds() - last_output_; }

void WaitForAnyOutput(const std::vector<WorkerProcess*>& workers, double timeout_seconds) {
  std::vector<pollfd> fds;
  for (const WorkerProcess* worker : workers) {
    if (worker->HasBufferedLine()) {
      return;
    }
    if (worker->output_fd() >= 0) {
      fds.push_back({worker->output_fd(), POLLIN, 0});
    }
  }
  if (fds.empty()) {
    return;
  }
  const int ms = static_cast<int>(timeout_seconds * 1000) + 1;
  while (poll(fds.data(), fds.size(), ms) < 0 && errno == EINTR) {
  }
}

void WorkerProcess::Kill(const std::string& reason) {
  if (!finished_.has_value() && pid_ > 0) {
    kill(-pid_, SIGKILL);
    kill(pid_, SIGKILL);  // in case the worker never got its own group
    kill_reason_ = reason;
  }
}

std::string WorkerProcess::Finish() {
  if (finished_.has_value()) {
    return *finished_;
  }
  CloseIfOpen(to_child_);
  // Wait for the worker to end without reaping it, so that its pid (its group's id) cannot be
  // reused before what the library left running in the group is killed.
  siginfo_t info{};
  while (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR) {
  }
  kill(-pid_, SIGKILL);
  int status = 0;
  pid_t r;
  do {
    r = waitpid(pid_, &status, 0);
  } while (r < 0 && errno == EINTR);
  core::UnregisterProcessGroup(pid_);
  std::string how;
  if (!kill_reason_.empty()) {
    how = kill_reason_;
  } else if (r < 0) {
    how = std::string("waitpid: ") + strerror(errno);
  } else if (WIFSIGNALED(status)) {
    how = "worker killed by " + SignalName(WTERMSIG(status));
  } else if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
    how = "worker exited with status " + std::to_string(WEXITSTATUS(status));
  }
  finished_ = how;
  return how;
}

}  // namespace cryptobench::worker
