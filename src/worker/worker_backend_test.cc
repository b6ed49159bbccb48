// Tests of the worker side of --backend: the job names its backend, the worker opens it through
// the registry, and an algorithm the backend lacks comes back "unsupported" without a KAT.
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "backends/registry.h"
#include "core/errors.h"
#include "worker/process.h"
#include "worker/protocol.h"
#include "worker/scheduler.h"

namespace cryptobench::worker {
namespace {

RunPlan QuickPlan(const std::string& backend) {
  RunPlan plan;
  plan.executable = CRYPTOBENCH_BINARY;
  plan.backend = backend;
  plan.input_sizes = {64};
  plan.sampler.max_seconds = 0.02;
  plan.sampler.precision = 0.2;
  return plan;
}

TEST(WorkerProtocolTest, JobCarriesItsBackend) {
  Job job;
  job.kind = Job::Kind::kMeasure;
  job.backend = "sodium";
  job.algorithm = "SHA-256";
  job.cells.push_back({Operation::kHash, 64});
  const nlohmann::json encoded = JobToJson(job);
  EXPECT_EQ(encoded.at("backend"), "sodium");
  const Job decoded = JobFromJson(encoded);
  EXPECT_EQ(decoded.backend, "sodium");
  EXPECT_EQ(decoded.algorithm, "SHA-256");
  nlohmann::json without = encoded;
  without.erase("backend");
  EXPECT_THROW(JobFromJson(without), std::runtime_error);
}

TEST(WorkerBackendTest, UnknownBackendIsAUsageError) {
  try {
    Probe(QuickPlan("nosuchlib"));
    FAIL() << "expected UsageError";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("nosuchlib"), std::string::npos) << e.what();
  }
}

TEST(WorkerBackendTest, AWorkerThatCannotStartNamesTheEmulatorVariable) {
  if (!WorkerEmulator().empty()) {
    GTEST_SKIP() << "CRYPTOBENCH_WORKER_EMULATOR is set here";
  }
  // An executable file the kernel cannot run: execve fails with ENOEXEC, as an arm64 binary's
  // does on an x86-64 host under qemu-user, and the worker exits 127.
  const std::string path = ::testing::TempDir() + "cryptobench-not-a-program";
  {
    std::ofstream out(path);
    out << "not a program\n";
  }
  ASSERT_EQ(::chmod(path.c_str(), 0755), 0);
  RunPlan plan = QuickPlan("openssl");
  plan.executable = path;
  try {
    Probe(plan);
    FAIL() << "expected the probe to fail";
  } catch (const std::exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("status 127"), std::string::npos) << what;
    EXPECT_NE(what.find("CRYPTOBENCH_WORKER_EMULATOR"), std::string::npos) << what;
  }
  std::remove(path.c_str());
}

TEST(WorkerBackendTest, UnsupportedAlgorithmIsReportedNotKatChecked) {
  const AlgorithmInfo& xchacha = *FindAlgorithm("XChaCha20-Poly1305");
  const results::AlgorithmResult result = MeasureAlgorithm(xchacha, QuickPlan("openssl"), nullptr);
  EXPECT_FALSE(result.supported);
  EXPECT_EQ(result.kat.status, "not_run");
  ASSERT_FALSE(result.cells.empty());
  for (const results::Cell& cell : result.cells) {
    EXPECT_EQ(cell.status, results::CellStatus::kUnsupported);
    EXPECT_FALSE(cell.message.empty());
  }
}

TEST(WorkerBackendTest, SodiumWorkerProbesAndMeasures) {
  if (backends::FindBackend("sodium") == nullptr) {
    GTEST_SKIP() << "the sodium backend is not compiled in";
  }
  const ProbeResult probe = Probe(QuickPlan("sodium"));
  EXPECT_EQ(probe.library.backend, "sodium");
  EXPECT_EQ(probe.supported.count("XChaCha20-Poly1305"), 1u);
  EXPECT_EQ(probe.supported.count("AES-128-CBC"), 0u);
  // Only AES-256-GCM can have a reason, and only when the CPU lacks AES-NI or PCLMULQDQ.
  for (const auto& [name, reason] : probe.unsupported_reasons) {
    EXPECT_EQ(name, "AES-256-GCM") << reason;
  }
  const results::AlgorithmResult sha =
      MeasureAlgorithm(*FindAlgorithm("SHA-512"), QuickPlan("sodium"), nullptr);
  EXPECT_TRUE(sha.supported);
  EXPECT_EQ(sha.kat.status, "passed") << sha.kat.detail;
  ASSERT_EQ(sha.cells.size(), 1u);
  EXPECT_EQ(sha.cells[0].status, results::CellStatus::kOk) << sha.cells[0].message;
}

}  // namespace
}  // namespace cryptobench::worker
