// The worker side of the protocol: load the library, check, calibrate, sample, report.
#include "worker/worker_main.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <thread>

#include <fmt/format.h>

#include "backends/registry.h"
#include "core/errors.h"
#include "measure/cpu_placement.h"
#include "results/json.h"
#include "worker/protocol.h"

#if defined(__SANITIZE_ADDRESS__)
#define CRYPTOBENCH_LEAK_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CRYPTOBENCH_LEAK_SANITIZER 1
#endif
#endif
#ifdef CRYPTOBENCH_LEAK_SANITIZER
#include <sanitizer/lsan_interface.h>
#endif

namespace cryptobench::worker {
namespace {

// Writes one protocol message as a JSON line on the private protocol descriptor.
class Channel {
 public:
  explicit Channel(int fd) : out_(fdopen(fd, "w")) {}
  ~Channel() {
    if (out_ != nullptr) {
      fclose(out_);
    }
  }
  /// Sends `message`; a parent that is gone (a broken pipe: SIGPIPE is ignored) ends the
  /// worker at once, since nobody will read what it measures.
  void Send(const nlohmann::json& message) {
    const std::string line = message.dump() + "\n";
    if (out_ == nullptr || fwrite(line.data(), 1, line.size(), out_) != line.size() ||
        fflush(out_) != 0) {
      std::_Exit(4);
    }
  }

 private:
  FILE* out_;
};

// Written by the "leak" test fault: a store the compiler must keep.
char* volatile g_leaked = nullptr;

// Test-only faults, injected after the KAT so the parent sees a worker die mid-job (or, as
// "probe-KIND", while support is checked). "leak" loses memory for LeakSanitizer to find;
// "flood" writes to the protocol channel without a newline, forever; "hang-announced" says on
// stderr that it hangs, then hangs.
void InjectFault(const std::string& fault, int protocol_fd) {
  if (fault == "leak") {
    // Through a volatile pointer, then forgotten: the compiler may not drop the allocation.
    g_leaked = new char[4096];
    g_leaked = nullptr;
  } else if (fault == "flood") {
    const std::string chunk(65536, 'x');
    while (write(protocol_fd, chunk.data(), chunk.size()) > 0) {
    }
    std::_Exit(4);
  } else if (fault == "crash") {
    // Default disposition first, so a sanitizer's SIGSEGV handler cannot turn it into an exit.
    std::signal(SIGSEGV, SIG_DFL);
    std::raise(SIGSEGV);
  } else if (fault == "abort") {
    std::abort();
  } else if (fault == "hang" || fault == "hang-announced") {
    if (fault == "hang-announced") {
      // For the interruption tests: the line says every algorithm before this one is done.
      constexpr char kLine[] = "test fault: this worker hangs now\n";
      [[maybe_unused]] const ssize_t ignored = write(STDERR_FILENO, kLine, sizeof kLine - 1);
    }
    for (;;) {
      std::this_thread::sleep_for(std::chrono::seconds(60));
    }
  }
}

// Holds a heap block of random size (0 to 4 KiB in cache lines) so that what is allocated while
// it is held lands at another address and offset within a page than before; each Shift frees
// the previous block after taking a new one.
class PlacementShifter {
 public:
  PlacementShifter() : random_(std::random_device{}()) {}
  void Shift() {
    std::uniform_int_distribution<size_t> lines(1, kPage / kLine);
    auto next = std::make_unique<char[]>(lines(random_) * kLine);
    held_ = std::move(next);
  }

 private:
  static constexpr size_t kPage = 4096;
  static constexpr size_t kLine = 64;
  std::minstd_rand random_;
  std::unique_ptr<char[]> held_;
};

nlohmann::json CellMessage(size_t index, const char* status, const std::string& message) {
  return {{"type", "cell"}, {"cell", index}, {"status", status}, {"message", message}};
}

// A "probe-KIND" test fault, as KIND; "" for any other.
std::string ProbeFault(const std::string& fault) {
  return fault.rfind("probe-", 0) == 0 ? fault.substr(6) : "";
}

// The identity first, then one message per catalogue algorithm as it is checked: a library
// that crashes or hangs checking one leaves the parent knowing all it answered before.
void RunProbe(const Job& job, backends::Backend& backend, Channel& channel, int protocol_fd) {
  channel.Send({{"type", "library"}, {"library", results::LibraryToJson(backend.Identity())}});
  for (const AlgorithmInfo& alg : Catalog()) {
    if (const std::string fault = ProbeFault(job.test_fault);
        !fault.empty() && (job.algorithm.empty() || job.algorithm == alg.name)) {
      InjectFault(fault, protocol_fd);
    }
    nlohmann::json message = {
        {"type", "support"}, {"algorithm", std::string(alg.name)}, {"supported", true}};
    if (!backend.Supports(alg)) {
      message["supported"] = false;
      message["reason"] = backend.UnsupportedReason(alg);
    }
    channel.Send(message);
  }
}

// Waits for the parent's "go" line (synchronized jobs). False if stdin closed.
bool WaitForGo() {
  std::string line;
  return static_cast<bool>(std::getline(std::cin, line)) && line == kGoLine;
}

// Sends {"type": "progress"} at most once a second: the parent's sign that a long sampling
// budget is being spent, not a hang.
class ProgressReporter {
 public:
  ProgressReporter(Channel& channel, size_t cell) : channel_(channel), cell_(cell) {}
  void operator()() {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ >= kProgressInterval) {
      channel_.Send({{"type", "progress"}, {"cell", cell_}});
      last_ = now;
    }
  }

 private:
  static constexpr std::chrono::seconds kProgressInterval{1};
  Channel& channel_;
  size_t cell_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

void RunMeasure(const Job& job, backends::Backend& backend, Channel& channel, int protocol_fd) {
  const AlgorithmInfo* alg = FindAlgorithm(job.algorithm);
  if (alg == nullptr) {
    channel.Send(
        {{"type", "fatal"}, {"message", "unknown algorithm " + job.algorithm}, {"usage", false}});
    return;
  }
  if (const std::string fault = ProbeFault(job.test_fault); !fault.empty()) {
    InjectFault(fault, protocol_fd);  // the support check fails here as in the probe
  }
  // Never KAT-check or time what the backend does not have: say so for every cell instead.
  // Pin first, so the library's set-up, the KAT and the warm-up run on the measuring CPU too.
  int pinned_cpu = -1;
  std::string pin_note = job.pin_note;
  if (job.pin_cpu >= 0) {
    std::string pin_error;
    if (measure::PinToCpu(job.pin_cpu, &pin_error)) {
      pinned_cpu = job.pin_cpu;
    } else {
      pin_note = "not pinned: " + pin_error;
    }
  }
  if (!backend.Supports(*alg)) {
    std::string reason = backend.UnsupportedReason(*alg);
    if (reason.empty()) {
      reason = "not provided by this library";
    }
    channel.Send({{"type", "unsupported"}, {"message", reason}});
    for (size_t i = 0; i < job.cells.size(); ++i) {
      channel.Send(CellMessage(i, "unsupported", reason));
    }
    return;
  }
  const results::KatResult kat = backend.RunKat(*alg);
  channel.Send({{"type", "kat"},
                {"kat", results::KatToJson(kat)},
                {"implementation", backend.Implementation(*alg)}});
  if (ProbeFault(job.test_fault).empty()) {
    InjectFault(job.test_fault, protocol_fd);
  }
  // Repeats of disturbed cells share one budget per job: two cells' budgets, or half of all
  // the cells' if more, so that one cell can always take its two repeats but a machine that
  // disturbs every cell lengthens a run by at most half (docs/methodology.md).
  const double cell_budgets = static_cast<double>(job.cells.size());
  double repeat_budgets_left = std::max(2.0, cell_budgets / 2);
  for (size_t i = 0; i < job.cells.size(); ++i) {
    const CellSpec& spec = job.cells[i];
    if (kat.status == "failed") {
      channel.Send(CellMessage(i, "failed_kat", "known-answer test failed: " + kat.detail));
      continue;
    }
    backends::PrepareFailure failure = backends::PrepareFailure::kNone;
    std::string error;
    std::unique_ptr<backends::PreparedOperation> op =
        backend.Prepare(*alg, spec.operation, spec.input_len, &failure, &error);
    if (op == nullptr) {
      const bool check = failure == backends::PrepareFailure::kCheckFailed;
      channel.Send(CellMessage(i, check ? "failed_kat" : "error", error));
      continue;
    }
    const measure::BatchFn run = [&op](uint64_t n) { return op->Run(n); };
    measure::WarmupReport warmup;
    const uint64_t batch = measure::Calibrate(run, job.sampler, &error, &warmup);
    if (batch == 0) {
      channel.Send(CellMessage(i, "error", error.empty() ? op->error() : error));
      continue;
    }
    measure::SampleRun samples;
    ProgressReporter progress(channel, i);
    const int watched_cpu = pinned_cpu >= 0 ? pinned_cpu : measure::kAllCpus;
    measure::CellDisturbance disturbance;
    int attempts = 1;
    std::string repeated;
    if (job.synchronized) {
      channel.Send({{"type", "ready"}, {"cell", i}});
      if (!WaitForGo()) {
        return;
      }
      const measure::CellWatch watch(watched_cpu);
      samples = measure::SampleForWindow(run, batch, job.window_seconds, job.sampler, progress);
      disturbance = watch.Finish();  // the workers share one window: no repeat, only a flag
    } else {
      // Symmetric cells start each round from a fresh placement (docs/methodology.md, "Rounds
      // from fresh placements"): the operation is prepared anew (new context, new buffers)
      // while a spacer of random size holds the heap, so its buffers land at another address
      // and page offset, and one untimed batch warms it. Public-key cells keep theirs: their
      // set-up can include a key generation, and their few bytes of data sit in one line.
      PlacementShifter shifter;
      const measure::BeforeRoundFn fresh_placement = [&]() {
        shifter.Shift();
        std::unique_ptr<backends::PreparedOperation> fresh =
            backend.Prepare(*alg, spec.operation, spec.input_len, &failure, &error);
        if (fresh == nullptr) {
          return false;
        }
        op = std::move(fresh);
        return op->Run(batch);
      };
      // A disturbed cell (steal, a frequency change, or its own rounds disagreeing) is measured
      // again, at most kMaxCellAttempts times in all; the last attempt is reported, and flagged
      // if it is still disturbed.
      const int max_attempts = 1 + static_cast<int>(std::min<double>(measure::kMaxCellAttempts - 1,
                                                                     repeat_budgets_left));
      const measure::WatchedCell watched = measure::MeasureWatched(
          [&]() {
            const measure::CellWatch watch(watched_cpu);
            measure::CellAttempt attempt;
            attempt.run = measure::SampleInRounds(
                run, batch, job.sampler, progress,
                IsSymmetric(alg->kind) ? fresh_placement : measure::BeforeRoundFn{});
            attempt.disturbance = watch.Finish(measure::RoundsHalfWidth(attempt.run));
            return attempt;
          },
          max_attempts);
      repeat_budgets_left -= watched.attempts - 1;
      samples = watched.last.run;
      disturbance = watched.last.disturbance;
      attempts = watched.attempts;
      for (const std::string& what : watched.earlier) {
        repeated += fmt::format("{}{}", repeated.empty() ? "" : " | ", what);
      }
    }
    if (!samples.error.empty()) {
      channel.Send(CellMessage(i, "error", op->error().empty() ? samples.error : op->error()));
      continue;
    }
    nlohmann::json sample_list = nlohmann::json::array();
    for (const measure::Sample& sample : samples.samples) {
      sample_list.push_back(results::SampleToJson(sample));
    }
    nlohmann::json message = CellMessage(i, "ok", "");
    message["batch_iterations"] = batch;
    message["precision_reached"] = samples.precision_reached;
    if (samples.window_ns > 0) {
      message["window_ns"] = samples.window_ns;
    }
    message["samples"] = std::move(sample_list);
    if (!samples.round_sizes.empty()) {
      message["round_sizes"] = samples.round_sizes;
    }
    if (pinned_cpu >= 0) {
      message["pinned_cpu"] = pinned_cpu;
    } else if (!pin_note.empty()) {
      message["pin_note"] = pin_note;
    }
    if (job.sampler.warmup_seconds > 0) {
      message["warmup"] = {{"seconds", warmup.seconds}, {"settled", warmup.settled}};
    }
    if (disturbance.steal) {
      message["steal"] = *disturbance.steal;
    }
    if (const std::string what = disturbance.Describe(); !what.empty()) {
      message["disturbed"] = what;
    }
    if (!repeated.empty()) {
      message["repeated"] = repeated;
    }
    if (attempts > 1) {
      message["attempts"] = attempts;
    }
    channel.Send(message);
  }
}

}  // namespace

int RunWorker() {
  // Keep the protocol on a private descriptor; anything the library prints goes to stderr.
  const int protocol_fd = dup(STDOUT_FILENO);
  if (protocol_fd < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    std::perror("cryptobench worker: dup");
    return 3;
  }
  Channel channel(protocol_fd);
  std::string line;
  if (!std::getline(std::cin, line)) {
    std::fprintf(stderr, "cryptobench worker: no job on stdin\n");
    return 3;
  }
  Job job;
  try {
    job = JobFromJson(nlohmann::json::parse(line));
  } catch (const std::exception& e) {
    channel.Send({{"type", "fatal"}, {"message", e.what()}, {"usage", false}});
    return 3;
  }
  const backends::BackendDescriptor* descriptor = backends::FindBackend(job.backend);
  if (descriptor == nullptr) {
    channel.Send({{"type", "fatal"},
                  {"message", "backend '" + job.backend + "' is not compiled into this build"},
                  {"usage", true}});
    return 3;
  }
  std::unique_ptr<backends::Backend> backend;
  try {
    backend = descriptor->open(descriptor->takes_library_path ? job.library_path : "");
  } catch (const UsageError& e) {
    channel.Send({{"type", "fatal"}, {"message", e.what()}, {"usage", true}});
    return 3;
  } catch (const std::exception& e) {
    channel.Send({{"type", "fatal"},
                  {"message", "opening the " + job.backend + " backend: " + e.what()},
                  {"usage", false}});
    return 3;
  }
  if (job.test_fault == "corrupt") {
    backend->SetCorruptOutputsForTesting(true);
  }
  if (job.kind == Job::Kind::kProbe) {
    RunProbe(job, *backend, channel, protocol_fd);
  } else {
    RunMeasure(job, *backend, channel, protocol_fd);
  }
  channel.Send({{"type", "done"}});
  // Leave without exit handlers or static destructors: a library opened in a link-map
  // namespace of its own (backends/common/isolated_load.h) can crash them, and everything the
  // parent needs has been sent.
  std::fflush(nullptr);
#ifdef CRYPTOBENCH_LEAK_SANITIZER
  // _Exit skips LeakSanitizer's exit-time check; run it here, so that a sanitizer build
  // reports what a worker leaked (and exits with LSan's status, which the parent reports).
  __lsan_do_leak_check();
#endif
  std::_Exit(0);
}

}  // namespace cryptobench::worker
