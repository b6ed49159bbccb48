// Interleaving order of live sides and pooling of rounds, with a fake measurement.
#include "compare/live.h"

#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace cryptobench::compare {
namespace {

// One encrypt cell at 16 bytes: samples of 100 iterations taking `wall_ns` each.
results::AlgorithmResult OneCell(const std::string& name, std::vector<int64_t> wall_ns,
                                 results::CellStatus status = results::CellStatus::kOk) {
  results::AlgorithmResult alg;
  alg.algorithm = name;
  alg.kind = "cipher";
  alg.kat.status = "passed";
  results::Cell cell;
  cell.operation = "encrypt";
  cell.input_len = 16;
  cell.status = status;
  if (status == results::CellStatus::kOk) {
    results::WorkerSamples worker;
    worker.precision_reached = true;
    for (int64_t ns : wall_ns) {
      measure::Sample sample;
      sample.iterations = 100;
      sample.wall_ns = ns;
      worker.samples.push_back(sample);
    }
    cell.workers.push_back(worker);
  } else {
    cell.message = "worker killed by SIGSEGV";
  }
  alg.cells.push_back(cell);
  return alg;
}

TEST(SideOrderTest, AlternatesByRoundAndAlgorithm) {
  EXPECT_EQ(SideOrder(3, 0, 0), (std::vector<size_t>{0, 1, 2}));
  EXPECT_EQ(SideOrder(3, 0, 1), (std::vector<size_t>{2, 1, 0}));
  EXPECT_EQ(SideOrder(3, 1, 0), (std::vector<size_t>{2, 1, 0}));
  EXPECT_EQ(SideOrder(3, 1, 1), (std::vector<size_t>{0, 1, 2}));
}

TEST(MeasureInterleavedTest, MeasuresAlgorithmByAlgorithmAlternatingSides) {
  const std::vector<const AlgorithmInfo*> algorithms = {FindAlgorithm("aes-128-cbc"),
                                                        FindAlgorithm("sha256")};
  std::vector<std::pair<size_t, std::string>> calls;
  const auto measured =
      MeasureInterleaved(algorithms, 2, 2, [&](size_t side, const AlgorithmInfo& alg) {
        calls.emplace_back(side, std::string(alg.name));
        return OneCell(std::string(alg.name), {1000 + static_cast<int64_t>(calls.size())});
      });
  const std::vector<std::pair<size_t, std::string>> expected = {
      {0, "AES-128-CBC"}, {1, "AES-128-CBC"}, {1, "SHA-256"}, {0, "SHA-256"},   // round 1
      {1, "AES-128-CBC"}, {0, "AES-128-CBC"}, {0, "SHA-256"}, {1, "SHA-256"}};  // round 2
  EXPECT_EQ(calls, expected);
  ASSERT_EQ(measured.size(), 2u);
  ASSERT_EQ(measured[1].size(), 2u);
  ASSERT_EQ(measured[1][0].size(), 2u);  // two rounds, in order
  EXPECT_EQ(measured[1][0][0].cells[0].workers[0].samples[0].wall_ns, 1002);
  EXPECT_EQ(measured[1][0][1].cells[0].workers[0].samples[0].wall_ns, 1005);
}

TEST(PoolRoundsTest, PoolsEveryRoundIntoOneWorker) {
  results::AlgorithmResult pooled =
      PoolRounds({OneCell("AES-128-CBC", {100, 110, 105}), OneCell("AES-128-CBC", {104, 106})});
  ASSERT_EQ(pooled.cells.size(), 1u);
  ASSERT_EQ(pooled.cells[0].workers.size(), 1u);
  EXPECT_EQ(pooled.cells[0].workers[0].samples.size(), 5u);
  EXPECT_FALSE(pooled.cells[0].figures.has_value());
  results::DeriveFigures(pooled.cells[0], true, 0.95);
  ASSERT_TRUE(pooled.cells[0].figures.has_value());
  EXPECT_EQ(pooled.cells[0].figures->num_samples, 5u);
  // 100 iterations of 16 bytes in a median of 105 ns.
  EXPECT_NEAR(pooled.cells[0].figures->bytes_per_s->value, 1600 / 105e-9, 1);
}

TEST(PoolRoundsTest, AFailureInAnyRoundStands) {
  results::AlgorithmResult crashed = PoolRounds(
      {OneCell("AES-128-CBC", {100}), OneCell("AES-128-CBC", {}, results::CellStatus::kCrashed),
       OneCell("AES-128-CBC", {90})});
  EXPECT_EQ(crashed.cells[0].status, results::CellStatus::kCrashed);
  EXPECT_EQ(crashed.cells[0].message, "worker killed by SIGSEGV");

  results::AlgorithmResult failed = OneCell("AES-128-CBC", {}, results::CellStatus::kFailedKat);
  failed.kat.status = "failed";
  failed.kat.detail = "ciphertext differs";
  const results::AlgorithmResult kat = PoolRounds({OneCell("AES-128-CBC", {100}), failed});
  EXPECT_EQ(kat.kat.status, "failed");
  EXPECT_EQ(kat.cells[0].status, results::CellStatus::kFailedKat);
}

}  // namespace
}  // namespace cryptobench::compare
