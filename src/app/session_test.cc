// The pieces of the measurement sessions that need no worker: the unsupported rows, the masks a
// run header names, the header itself, the left-out note, and what compare's live sides
// measure when the file sides decide.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/registry.h"
#include "results/model.h"
#include "worker/scheduler.h"

#include "app/live_session.h"
#include "app/speed_session.h"

namespace cryptobench::app {
namespace {

const AlgorithmInfo& Alg(const char* name) {
  const AlgorithmInfo* alg = FindAlgorithm(name);
  EXPECT_NE(alg, nullptr) << name;
  return *alg;
}

results::AlgorithmResult Row(const std::string& name, const std::string& kind,
                             const std::vector<uint64_t>& sizes,
                             const std::string& operation = "encrypt") {
  results::AlgorithmResult row;
  row.algorithm = name;
  row.kind = kind;
  for (uint64_t size : sizes) {
    results::Cell cell;
    cell.operation = operation;
    cell.input_len = size;
    row.cells.push_back(cell);
  }
  return row;
}

compare::Side FileSide(std::vector<results::AlgorithmResult> rows) {
  compare::Side side;
  side.run.algorithms = std::move(rows);
  return side;
}

TEST(SessionRowsTest, UnsupportedResultMarksEveryPlannedCellWithTheReason) {
  worker::RunPlan plan;
  plan.input_sizes = {16, 1024};
  plan.decrypt = true;
  const AlgorithmInfo& alg = Alg("AES-128-GCM");
  const results::AlgorithmResult row = UnsupportedResult(alg, plan, "not in this build");
  EXPECT_EQ(row.algorithm, "AES-128-GCM");
  EXPECT_EQ(row.kind, std::string(KindName(alg.kind)));
  EXPECT_FALSE(row.supported);
  ASSERT_EQ(row.cells.size(), 2U);  // decrypt only, at each size
  for (size_t i = 0; i < row.cells.size(); ++i) {
    EXPECT_EQ(row.cells[i].operation, "decrypt");
    EXPECT_EQ(row.cells[i].input_len, plan.input_sizes[i]);
    EXPECT_EQ(row.cells[i].status, results::CellStatus::kUnsupported);
    EXPECT_EQ(row.cells[i].message, "not in this build");
  }
}

TEST(SessionRowsTest, UnsupportedReasonIsTheProbesOwnElseNotProvided) {
  worker::ProbeResult probe;
  probe.unsupported_reasons["SM4-CBC"] = "the default provider has no SM4";
  EXPECT_EQ(UnsupportedReason(probe, Alg("SM4-CBC")), "the default provider has no SM4");
  EXPECT_EQ(UnsupportedReason(probe, Alg("AES-128-CBC")), "not provided by this library");
}

TEST(SessionHeaderTest, OpensslNamesItsMaskAndItsArmTwin) {
  const backends::BackendDescriptor* openssl = backends::FindBackend("openssl");
  ASSERT_NE(openssl, nullptr);
  // Exactly these two: compare's live sides (always openssl) named them before they took this
  // list, so a third would change compare's run headers.
  EXPECT_EQ(InheritedMaskVariables(*openssl),
            (std::vector<std::string>{"OPENSSL_ia32cap", "OPENSSL_armcap"}));
}

TEST(SessionHeaderTest, EveryBackendsOwnMaskVariableLeadsItsListWithoutRepeats) {
  for (const backends::BackendDescriptor& backend : backends::CompiledBackends()) {
    const std::vector<std::string> names = InheritedMaskVariables(backend);
    for (const std::string& name : names) {
      EXPECT_EQ(std::count(names.begin(), names.end(), name), 1) << backend.name << ": " << name;
    }
    if (backend.mask_variable.empty()) {
      continue;
    }
    ASSERT_FALSE(names.empty()) << backend.name;
    EXPECT_EQ(names.front(), backend.mask_variable) << backend.name;
  }
}

TEST(SessionHeaderTest, HeaderTakesTheLibrarySamplerAndSizesOfThePlan) {
  results::LibraryInfo library;
  library.backend = "openssl";
  library.version = "OpenSSL 3.0.13";
  library.loaded_path = "";  // nothing to hash
  worker::RunPlan plan;
  plan.library_path = "libcrypto.so.3";
  plan.input_sizes = {64, 8192};
  plan.sampler.precision = 0.03;
  plan.sampler.max_seconds = 1.5;
  plan.sampler.min_samples = 7;
  plan.sampler.confidence = 0.99;
  plan.sampler.target_sample_seconds = 0.004;
  results::MachineInfo machine;
  machine.cpu_model = "Test CPU";
  machine.online_cpus = 3;
  const results::RunResult run = MeasuredRunHeader(library, plan, machine, "2026-12-04T12:00:00Z");
  EXPECT_EQ(run.created_utc, "2026-12-04T12:00:00Z");
  EXPECT_EQ(run.source.tool_version, CRYPTOBENCH_VERSION);
  EXPECT_EQ(run.library.version, "OpenSSL 3.0.13");
  EXPECT_EQ(run.library.requested_path, "libcrypto.so.3");
  EXPECT_EQ(run.library.file_sha256, "");
  EXPECT_EQ(run.machine.cpu_model, "Test CPU");
  EXPECT_EQ(run.machine.online_cpus, 3);
  EXPECT_EQ(run.method.precision, 0.03);
  EXPECT_EQ(run.method.max_seconds, 1.5);
  EXPECT_EQ(run.method.min_samples, 7U);
  EXPECT_EQ(run.method.confidence, 0.99);
  EXPECT_EQ(run.method.target_sample_seconds, 0.004);
  EXPECT_EQ(run.method.input_sizes, (std::vector<uint64_t>{64, 8192}));
  EXPECT_TRUE(run.algorithms.empty());

  // No path asked for (the backend's default): none is recorded.
  plan.library_path.clear();
  EXPECT_EQ(MeasuredRunHeader(library, plan, machine, "").library.requested_path, "");
}

TEST(SessionNotesTest, LeftOutNoteHintsAtNameEqualsPathOnlyForABarePathItTook) {
  backends::BackendDescriptor by_path;
  by_path.name = "boringssl";
  by_path.takes_library_path = true;
  backends::BackendDescriptor linked;
  linked.name = "sodium";
  const std::string hint =
      " (the bare --lib PATH goes to every backend loaded by path; give each its own with --lib "
      "NAME=PATH)";
  EXPECT_EQ(LeftOutNote(by_path, "not a BoringSSL", true),
            "the boringssl backend cannot be used here and is left out: not a BoringSSL" + hint);
  EXPECT_EQ(LeftOutNote(by_path, "not a BoringSSL", false),
            "the boringssl backend cannot be used here and is left out: not a BoringSSL");
  EXPECT_EQ(LeftOutNote(linked, "why", true),
            "the sodium backend cannot be used here and is left out: why");
}

TEST(SpeedOutcomeTest, NothingMeasuredUntilOneAlgorithmHasACell) {
  SpeedOutcome outcome;
  EXPECT_TRUE(outcome.NothingMeasured());
  outcome.runs.emplace_back();
  outcome.runs.back().algorithms.push_back(Row("AES-128-GCM", "aead", {}));
  EXPECT_TRUE(outcome.NothingMeasured());
  outcome.runs.emplace_back();
  outcome.runs.back().algorithms.push_back(Row("AES-128-GCM", "aead", {16}));
  EXPECT_FALSE(outcome.NothingMeasured());
}

TEST(LiveChoiceTest, LiveAlgorithmsAreTheCataloguedRowsOfTheFileSidesInCatalogueOrder) {
  const std::vector<compare::Side> sides = {
      FileSide({Row("sha256", "hash", {16}), Row("ML-KEM-768", "kem", {0})}),
      FileSide({Row("AES-128-GCM", "aead", {16}), Row("SHA256", "hash", {64})})};
  std::vector<std::string> names;
  for (const AlgorithmInfo* alg : LiveAlgorithms(sides)) {
    names.emplace_back(alg->name);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"AES-128-GCM", "SHA-256"}));
}

TEST(LiveChoiceTest, LiveAlgorithmsWithoutCataloguedRowsAreTheDefaultSuite) {
  EXPECT_EQ(LiveAlgorithms({}), DefaultSuite());
  EXPECT_EQ(LiveAlgorithms({FileSide({Row("ML-KEM-768", "kem", {0})})}), DefaultSuite());
}

TEST(LiveChoiceTest, LiveSizesAreTheFileSidesThroughputSizesAscending) {
  const std::vector<compare::Side> sides = {
      FileSide({Row("AES-128-GCM", "aead", {16384, 16, (uint64_t{64} << 20) + 1})}),
      FileSide({Row("SHA-256", "hash", {1024, 16}, "hash"),
                Row("RSA-2048", "signature", {32}, "sign")})};
  EXPECT_EQ(LiveSizes(sides), (std::vector<uint64_t>{16, 1024, 16384}));
  EXPECT_EQ(LiveSizes({}),
            (std::vector<uint64_t>(std::begin(kDefaultInputSizes), std::end(kDefaultInputSizes))));
}

}  // namespace
}  // namespace cryptobench::app
