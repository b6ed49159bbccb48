// The worker side of the protocol: load the library, check, calibrate, sample, report.
#include "worker/worker_main.h"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <thread>

#include "backends/registry.h"
#include "core/errors.h"
#include "results/json.h"
#include "worker/protocol.h"

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
  void Send(const nlohmann::json& message) {
    const std::string line = message.dump() + "\n";
    fwrite(line.data(), 1, line.size(), out_);
    fflush(out_);
  }

 private:
  FILE* out_;
};

// Test-only faults, injected after the KAT so the parent sees a worker die mid-job.
void InjectFault(const std::string& fault) {
  if (fault == "crash") {
    // Default disposition first, so a sanitizer's SIGSEGV handler cannot turn it into an exit.
    std::signal(SIGSEGV, SIG_DFL);
    std::raise(SIGSEGV);
  } else if (fault == "abort") {
    std::abort();
  } else if (fault == "hang") {
    for (;;) {
      std::this_thread::sleep_for(std::chrono::seconds(60));
    }
  }
}

nlohmann::json CellMessage(size_t index, const char* status, const std::string& message) {
  return {{"type", "cell"}, {"cell", index}, {"status", status}, {"message", message}};
}

void RunProbe(backends::Backend& backend, Channel& channel) {
  nlohmann::json supported = nlohmann::json::array();
  nlohmann::json reasons = nlohmann::json::object();
  for (const AlgorithmInfo& alg : Catalog()) {
    if (backend.Supports(alg)) {
      supported.push_back(std::string(alg.name));
    } else if (std::string reason = backend.UnsupportedReason(alg); !reason.empty()) {
      reasons[std::string(alg.name)] = reason;
    }
  }
  channel.Send({{"type", "library"},
                {"library", results::LibraryToJson(backend.Identity())},
                {"supported", supported},
                {"unsupported_reasons", reasons}});
}

// Waits for the parent's "go" line (synchronized jobs). False if stdin closed.
bool WaitForGo() {
  std::string line;
  return static_cast<bool>(std::getline(std::cin, line)) && line == kGoLine;
}

void RunMeasure(const Job& job, backends::Backend& backend, Channel& channel) {
  const AlgorithmInfo* alg = FindAlgorithm(job.algorithm);
  if (alg == nullptr) {
    channel.Send(
        {{"type", "fatal"}, {"message", "unknown algorithm " + job.algorithm}, {"usage", false}});
    return;
  }
  // Never KAT-check or time what the backend does not have: say so for every cell instead.
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
  InjectFault(job.test_fault);
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
    const uint64_t batch = measure::Calibrate(run, job.sampler, &error);
    if (batch == 0) {
      channel.Send(CellMessage(i, "error", error.empty() ? op->error() : error));
      continue;
    }
    measure::SampleRun samples;
    if (job.synchronized) {
      channel.Send({{"type", "ready"}, {"cell", i}});
      if (!WaitForGo()) {
        return;
      }
      samples = measure::SampleForWindow(run, batch, job.window_seconds, job.sampler);
    } else {
      samples = measure::SampleUntilPrecise(run, batch, job.sampler);
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
    RunProbe(*backend, channel);
  } else {
    RunMeasure(job, *backend, channel);
  }
  channel.Send({{"type", "done"}});
  // Leave without exit handlers or static destructors: a library opened in a link-map
  // namespace of its own (backends/common/isolated_load.h) can crash them, and everything the
  // parent needs has been sent.
  std::fflush(nullptr);
  std::_Exit(0);
}

}  // namespace cryptobench::worker
