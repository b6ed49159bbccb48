// The tls worker's entry point and what its two roles share.
#include "tls/worker.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "core/errors.h"
#include "worker/write_all.h"

#include "tls/worker_internal.h"

namespace cryptobench::tls {

bool MessageChannel::Send(const nlohmann::json& message) {
  return worker::WriteAll(fd_, message.dump() + "\n");
}

std::optional<std::string> CommandReader::TakeLine() {
  const size_t newline = buffer_.find('\n');
  if (newline == std::string::npos) {
    return std::nullopt;
  }
  std::string line = buffer_.substr(0, newline);
  buffer_.erase(0, newline + 1);
  return line;
}

std::optional<std::string> CommandReader::Next() {
  for (;;) {
    if (auto line = TakeLine()) {
      return line;
    }
    char chunk[4096];
    const ssize_t n = read(STDIN_FILENO, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n <= 0) {
      return std::nullopt;
    }
    buffer_.append(chunk, static_cast<size_t>(n));
  }
}

std::optional<std::string> CommandReader::NextAvailable(bool* closed) {
  if (auto line = TakeLine()) {
    return line;
  }
  char chunk[4096];
  ssize_t n;
  do {
    n = read(STDIN_FILENO, chunk, sizeof chunk);
  } while (n < 0 && errno == EINTR);
  if (n <= 0) {
    *closed = true;
    return std::nullopt;
  }
  buffer_.append(chunk, static_cast<size_t>(n));
  return TakeLine();
}

CpuUse CpuBetween(const measure::ClockReading& before, const measure::ClockReading& after) {
  CpuUse cpu;
  cpu.cpu_ns = after.cpu_ns - before.cpu_ns;
  cpu.user_ns = after.user_ns - before.user_ns;
  cpu.sys_ns = after.sys_ns - before.sys_ns;
  cpu.preemptions = static_cast<uint64_t>(
      std::max<int64_t>(after.involuntary_switches - before.involuntary_switches, 0));
  return cpu;
}

bool ReadHead(Connection& connection, std::string* head, std::string* extra, std::string* error) {
  std::string buffered;
  uint8_t chunk[4096];
  for (;;) {
    const size_t end = HeadEnd(buffered);
    if (end != std::string::npos) {
      *head = buffered.substr(0, end);
      *extra = buffered.substr(end);
      return true;
    }
    if (buffered.size() > kMaxHeadBytes) {
      *error = "the HTTP head is longer than 8 KiB";
      return false;
    }
    const long n = connection.Read(chunk, sizeof chunk);
    if (n < 0) {
      *error = connection.error();
      return false;
    }
    if (n == 0) {
      *error = buffered.empty() ? "the peer closed the connection before sending anything"
                                : "the peer closed the connection in the middle of the head";
      return false;
    }
    buffered.append(reinterpret_cast<const char*>(chunk), static_cast<size_t>(n));
  }
}

int SendFatal(MessageChannel& channel, const std::string& message, bool usage) {
  channel.Send({{"type", "fatal"}, {"message", message}, {"usage", usage}});
  return kTlsWorkerFatalExit;
}

EndpointConfig EndpointFor(const TlsCell& cell) {
  EndpointConfig config;
  if (!cell.suite.empty()) {
    config.suite = FindSuite(cell.suite);
    if (config.suite == nullptr) {
      throw std::runtime_error("unknown suite " + cell.suite);
    }
  }
  if (!cell.group.empty()) {
    config.group = FindGroup(cell.group);
    if (config.group == nullptr) {
      throw std::runtime_error("unknown group " + cell.group);
    }
  }
  if (!cell.cert.empty() && !ParseCertType(cell.cert, &config.cert)) {
    throw std::runtime_error("unknown certificate type " + cell.cert);
  }
  config.ktls = cell.ktls;
  return config;
}

void InjectWorkerFault(const std::string& fault) {
  if (fault.ends_with("crash")) {
    std::signal(SIGSEGV, SIG_DFL);
    std::raise(SIGSEGV);
  } else if (fault.ends_with("hang")) {
    for (;;) {
      std::this_thread::sleep_for(std::chrono::seconds(60));
    }
  }
}

int RunTlsWorker() {
  // The protocol keeps the original stdout; whatever a library prints goes to stderr.
  const int protocol_fd = dup(STDOUT_FILENO);
  if (protocol_fd < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    std::perror("cryptobench tls worker: dup");
    return kTlsWorkerFatalExit;
  }
  MessageChannel channel(protocol_fd);
  CommandReader commands;
  const std::optional<std::string> job_line = commands.Next();
  if (!job_line) {
    std::fprintf(stderr, "cryptobench tls worker: no job on stdin\n");
    return kTlsWorkerFatalExit;
  }
  WorkerJob job;
  try {
    job = WorkerJobFromJson(nlohmann::json::parse(*job_line));
  } catch (const std::exception& e) {
    return SendFatal(channel, e.what(), false);
  }
  std::unique_ptr<TlsLibrary> library;
  try {
    library = OpenTlsLibrary(job.backend, job.libcrypto_path, job.libssl_path);
  } catch (const UsageError& e) {
    return SendFatal(channel, e.what(), true);
  } catch (const std::exception& e) {
    return SendFatal(channel, "opening the " + job.backend + " TLS library: " + e.what(), false);
  }
  int status = 0;
  try {
    status = job.role == "server" ? RunServerWorker(job, *library, channel, commands)
                                  : RunClientWorker(job, *library, channel, commands);
  } catch (const std::exception& e) {
    status = SendFatal(channel, e.what(), false);
  }
  // As the speed worker: leave without static destructors or atexit handlers of a library in a
  // namespace of its own; everything the parent needs has been sent.
  std::fflush(nullptr);
  std::_Exit(status);
}

}  // namespace cryptobench::tls
