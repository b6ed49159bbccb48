// The doctor session's refusals and left-out backends (no worker started), and the live
// session's rows for a side that cannot be measured (a failed probe, an algorithm the library
// lacks), which need no worker either.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/registry.h"
#include "core/errors.h"
#include "results/model.h"

#include "app/doctor_session.h"
#include "app/live_session.h"

namespace cryptobench::app {
namespace {

// A compiled-in backend other than openssl, or nullptr.
const backends::BackendDescriptor* OtherBackend() {
  for (const backends::BackendDescriptor& backend : backends::CompiledBackends()) {
    if (backend.name != "openssl") {
      return &backend;
    }
  }
  return nullptr;
}

// In a child (the session installs the interrupt handling): exits 2 with the UsageError's
// message, else 0 with the number of reports. Leaves with _Exit: the child is a fork, and exit
// handlers of libraries whose threads stayed in the parent (Botan's global thread pool, started
// by an earlier test) wait for those threads forever.
void RunDoctorAndExit(const DoctorSettings& settings) {
  try {
    const DoctorOutcome outcome = RunDoctorSession(settings, nullptr);
    std::fprintf(stderr, "reports: %zu\n", outcome.reports.size());
  } catch (const UsageError& e) {
    std::fprintf(stderr, "usage error: %s\n", e.what());
    std::fflush(nullptr);
    std::_Exit(2);
  }
  std::fflush(nullptr);
  std::_Exit(0);
}

TEST(DoctorSessionTest, PublicKeyOnlyIsRefusedForABackendOtherThanOpenssl) {
  const backends::BackendDescriptor* other = OtherBackend();
  if (other == nullptr) {
    GTEST_SKIP() << "no backend other than openssl is compiled in";
  }
  GTEST_FLAG_SET(death_test_style, "fast");  // a fork: qemu-user cannot re-exec an arm64 binary
  DoctorSettings settings;
  settings.algorithms = {FindAlgorithm("RSA-2048")};
  settings.backends = {{other, "", false}};
  EXPECT_EXIT(RunDoctorAndExit(settings), ::testing::ExitedWithCode(2),
              "usage error: the " + std::string(other->name) +
                  " backend: doctor examines public-key algorithms \\(RSA-2048\\) with the "
                  "openssl backend only");
  // Under --backend all it is left out with a note, and nothing is examined.
  settings.leave_out_unusable = true;
  EXPECT_EXIT(RunDoctorAndExit(settings), ::testing::ExitedWithCode(0),
              "note: the " + std::string(other->name) +
                  " backend cannot be used here and is left out: .*\nreports: 0");
  // Unless its library was named for it.
  settings.backends.front().own_library = true;
  EXPECT_EXIT(RunDoctorAndExit(settings), ::testing::ExitedWithCode(2), "usage error: ");
}

TEST(LiveSessionTest, UnmeasurableSidesGetTheirRowsWithoutAWorker) {
  const AlgorithmInfo* sha = FindAlgorithm("SHA-256");
  const AlgorithmInfo* gcm = FindAlgorithm("AES-128-GCM");
  LiveSide failed;
  failed.spec.name = "crashing";
  failed.plan.input_sizes = {16, 1024};
  failed.load_failure.emplace(results::CellStatus::kCrashed, "worker killed by SIGSEGV");
  LiveSide lacking;
  lacking.spec.name = "lacking";
  lacking.plan.input_sizes = {16, 1024};
  lacking.plan.env = {{"OPENSSL_ia32cap", "~0x0"}};
  lacking.probe.library.backend = "openssl";
  lacking.probe.library.version = "OpenSSL 3.0.13";
  std::vector<std::string> steps;
  const std::vector<results::RunResult> runs = MeasureLiveSides(
      {failed, lacking}, {sha, gcm}, 2,
      [&steps](size_t done, size_t total, const std::string& side, const AlgorithmInfo& alg) {
        steps.push_back(std::to_string(done) + "/" + std::to_string(total) + " " + side + " " +
                        std::string(alg.name));
      });
  ASSERT_EQ(steps.size(), 8U);  // 2 sides x 2 algorithms x 2 rounds
  EXPECT_EQ(steps.front().substr(0, 4), "1/8 ");
  EXPECT_EQ(steps.back().substr(0, 4), "8/8 ");
  ASSERT_EQ(runs.size(), 2U);
  for (const results::RunResult& run : runs) {
    ASSERT_EQ(run.algorithms.size(), 2U);
    EXPECT_EQ(run.method.input_sizes, (std::vector<uint64_t>{16, 1024}));
    for (const results::AlgorithmResult& alg : run.algorithms) {
      ASSERT_EQ(alg.cells.size(), 2U) << alg.algorithm;
    }
  }
  for (const results::Cell& cell : runs[0].algorithms[1].cells) {
    EXPECT_EQ(cell.status, results::CellStatus::kCrashed);
    EXPECT_EQ(cell.message, "worker killed by SIGSEGV");
  }
  EXPECT_FALSE(runs[1].algorithms[0].supported);
  for (const results::Cell& cell : runs[1].algorithms[0].cells) {
    EXPECT_EQ(cell.status, results::CellStatus::kUnsupported);
    EXPECT_EQ(cell.message, "not provided by this library");
  }
  EXPECT_EQ(runs[1].library.version, "OpenSSL 3.0.13");
  EXPECT_EQ(runs[1].library.worker_env.at("OPENSSL_ia32cap"), "~0x0");  // its --env
}

}  // namespace
}  // namespace cryptobench::app
