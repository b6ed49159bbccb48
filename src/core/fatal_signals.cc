// Cleanup on fatal signals (fatal_signals.h). Everything the handler touches is a lock-free
// atomic or a fixed buffer, and it calls only async-signal-safe functions (kill, unlink, write,
// sigaction, raise).
#include "core/fatal_signals.h"

#include <limits.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

namespace cryptobench::core {
namespace {

// Up to --threads 1024 workers at once, with room to spare.
constexpr size_t kMaxGroups = 4096;
std::atomic<pid_t> g_groups[kMaxGroups];

std::atomic<bool> g_temporary_set{false};
std::atomic<bool> g_progress_line{false};
std::atomic<bool> g_stop_on_interrupt{false};
std::atomic<int> g_interrupt{0};
char g_temporary[PATH_MAX + 1];

constexpr int kFatalSignals[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGXCPU, SIGXFSZ};

void KillWorkerGroups() {
  for (std::atomic<pid_t>& group : g_groups) {
    const pid_t pgid = group.load(std::memory_order_acquire);
    if (pgid > 0) {
      kill(-pgid, SIGKILL);
    }
  }
}

void OnFatalSignal(int signal_number) {
  const int saved_errno = errno;
  if ((signal_number == SIGINT || signal_number == SIGTERM) &&
      g_stop_on_interrupt.load(std::memory_order_acquire)) {
    int none = 0;
    if (g_interrupt.compare_exchange_strong(none, signal_number, std::memory_order_acq_rel)) {
      // The first one: stop measuring, keep what is measured (the run reports it).
      KillWorkerGroups();
      errno = saved_errno;
      return;
    }
  }
  KillWorkerGroups();
  if (g_temporary_set.load(std::memory_order_acquire)) {
    unlink(g_temporary);
  }
  if (g_progress_line.load(std::memory_order_acquire)) {
    constexpr char kClearLine[] = "\r\033[K";
    [[maybe_unused]] const ssize_t ignored =
        write(STDERR_FILENO, kClearLine, sizeof kClearLine - 1);
  }
  // The default action now: the process ends by this very signal once the handler returns.
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signal_number, &action, nullptr);
  raise(signal_number);
  errno = saved_errno;
}

}  // namespace

void InstallFatalSignalCleanup() {
  static_assert(std::atomic<pid_t>::is_always_lock_free);
  for (int signal_number : kFatalSignals) {
    struct sigaction old {};
    if (sigaction(signal_number, nullptr, &old) != 0 || old.sa_handler == SIG_IGN) {
      continue;
    }
    struct sigaction action {};
    action.sa_handler = OnFatalSignal;
    sigemptyset(&action.sa_mask);
    for (int other : kFatalSignals) {
      sigaddset(&action.sa_mask, other);  // one cleanup at a time
    }
    sigaction(signal_number, &action, nullptr);
  }
}

bool RegisterProcessGroup(pid_t pgid) {
  for (std::atomic<pid_t>& group : g_groups) {
    pid_t empty = 0;
    if (group.compare_exchange_strong(empty, pgid, std::memory_order_acq_rel)) {
      return true;
    }
  }
  return false;
}

void UnregisterProcessGroup(pid_t pgid) {
  for (std::atomic<pid_t>& group : g_groups) {
    pid_t expected = pgid;
    if (group.compare_exchange_strong(expected, 0, std::memory_order_acq_rel)) {
      return;
    }
  }
}

void SetTemporaryFile(const char* path) {
  g_temporary_set.store(false, std::memory_order_release);
  const size_t length = std::strlen(path);
  if (length > PATH_MAX) {
    return;
  }
  std::memcpy(g_temporary, path, length + 1);
  g_temporary_set.store(true, std::memory_order_release);
}

void ClearTemporaryFile() { g_temporary_set.store(false, std::memory_order_release); }

void StopOnInterrupt() { g_stop_on_interrupt.store(true, std::memory_order_release); }

int InterruptSignal() { return g_interrupt.load(std::memory_order_acquire); }

void SetProgressLineShown(bool shown) { g_progress_line.store(shown, std::memory_order_release); }

bool ProgressLineShown() { return g_progress_line.load(std::memory_order_acquire); }

}  // namespace cryptobench::core
