// A speed session run for real (one backend, openssl's default libcrypto, in workers of the
// cryptobench binary). Each runs in a child process (a death test): the session installs the
// interrupt handling (core::StopOnInterrupt), which must not outlive it in the test binary.
#include "app/speed_session.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/registry.h"
#include "core/errors.h"
#include "results/model.h"

namespace cryptobench::app {
namespace {

// Counts what the session tells its observer.
class Recorder : public SpeedObserver {
 public:
  void Begin(size_t total_cells) override {
    ++begun;
    total = total_cells;
  }
  void Start(const AlgorithmInfo& alg, const std::string& label) override {
    starts.push_back(std::string(alg.name) + "/" + label);
  }
  void CellDone(const AlgorithmInfo& /*alg*/, const results::Cell& /*cell*/) override { ++done; }

  int begun = 0;
  size_t total = 0;
  size_t done = 0;
  std::vector<std::string> starts;
};

// In the child: a failed check prints what failed and exits 1. The children here are forks and
// leave with _Exit: exit handlers of libraries whose threads stayed in the parent (Botan's global
// thread pool, started by an earlier test) would wait for those threads forever.
void Check(bool ok, const std::string& what) {
  if (!ok) {
    std::fprintf(stderr, "FAILED: %s\n", what.c_str());
    std::fflush(nullptr);
    std::_Exit(1);
  }
}

SpeedSettings QuickSweep() {
  SpeedSettings settings;
  settings.algorithms = {FindAlgorithm("SHA-256")};
  settings.backends = {{backends::FindBackend("openssl"), "", false}};
  settings.base.executable = CRYPTOBENCH_BINARY;
  settings.base.input_sizes = {16, 64};
  settings.base.sampler.max_seconds = 0.02;
  settings.base.sampler.precision = 0.2;
  settings.base.pin = false;
  settings.thread_counts = {1, 2};
  return settings;
}

void RunQuickSweepAndCheck() {
  Recorder recorder;
  const SpeedOutcome outcome = RunSpeedSession(QuickSweep(), recorder);
  Check(recorder.begun == 1, "Begin called once");
  Check(recorder.total == 4,
        "4 cells planned (2 sizes x 2 worker counts), got " + std::to_string(recorder.total));
  Check(recorder.done == recorder.total,
        "every planned cell reported done, got " + std::to_string(recorder.done));
  Check(recorder.starts == std::vector<std::string>{"SHA-256/1 workers", "SHA-256/2 workers"},
        "a sweep labels each start with its worker count");
  Check(outcome.interrupted == 0 && !outcome.NothingMeasured(), "ran to the end");
  Check(!outcome.failures, "no cell failed");
  Check(outcome.runs.size() == 2, "one run per worker count");
  for (size_t i = 0; i < outcome.runs.size(); ++i) {
    const results::RunResult& run = outcome.runs[i];
    const int threads = static_cast<int>(i) + 1;
    Check(run.method.threads == threads, "runs in the order of thread_counts");
    Check(run.method.rounds == (threads == 1 ? QuickSweep().base.sampler.rounds : 1),
          "several workers share one window: one round");
    Check(run.method.pinning == "off (--no-pin)", "pinning as asked");
    Check(run.method.direction == "encrypt", "direction");
    Check(run.library.backend == "openssl", "the probe's library in the header");
    Check(run.machine.online_cpus == outcome.machine.online_cpus, "the machine in the header");
    Check(run.algorithms.size() == 1 && run.algorithms[0].algorithm == "SHA-256",
          "the one algorithm");
    Check(run.algorithms[0].cells.size() == 2, "one cell per size");
    for (const results::Cell& cell : run.algorithms[0].cells) {
      Check(cell.status == results::CellStatus::kOk && cell.figures.has_value(),
            "a measured cell with derived figures: " + cell.message);
      Check(cell.workers.size() == static_cast<size_t>(threads), "one sample set per worker");
    }
  }
  std::fprintf(stderr, "session checked\n");
  std::fflush(nullptr);
  std::_Exit(0);
}

TEST(SpeedSessionTest, ASweepMeasuresEveryPlannedCellOncePerWorkerCount) {
  GTEST_FLAG_SET(death_test_style, "fast");  // a fork: qemu-user cannot re-exec an arm64 binary
  EXPECT_EXIT(RunQuickSweepAndCheck(), ::testing::ExitedWithCode(0), "session checked");
}

void RunWithoutBackends() {
  SpeedSettings settings = QuickSweep();
  settings.backends.clear();
  settings.leave_out_unusable = true;
  Recorder recorder;
  try {
    RunSpeedSession(settings, recorder);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "usage error: %s (begun %d)\n", e.what(), recorder.begun);
    std::fflush(nullptr);
    std::_Exit(2);
  }
  std::fflush(nullptr);
  std::_Exit(0);
}

TEST(SpeedSessionTest, NoUsableBackendIsAUsageErrorBeforeMeasuring) {
  GTEST_FLAG_SET(death_test_style, "fast");  // a fork: qemu-user cannot re-exec an arm64 binary
  EXPECT_EXIT(RunWithoutBackends(), ::testing::ExitedWithCode(2),
              "usage error: --backend all: no compiled-in backend can be used here \\(begun 0\\)");
}

}  // namespace
}  // namespace cryptobench::app
