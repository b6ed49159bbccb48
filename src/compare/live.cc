// Interleaving and pooling of live measurements.
#include "compare/live.h"

#include <algorithm>

namespace cryptobench::compare {
namespace {

const results::Cell* FindCell(const results::AlgorithmResult& alg, const results::Cell& like) {
  for (const results::Cell& cell : alg.cells) {
    if (cell.operation == like.operation && cell.input_len == like.input_len) {
      return &cell;
    }
  }
  return nullptr;
}

}  // namespace

std::vector<size_t> SideOrder(size_t num_sides, int round, size_t algorithm_index) {
  std::vector<size_t> order(num_sides);
  for (size_t i = 0; i < num_sides; ++i) {
    order[i] = i;
  }
  if ((static_cast<size_t>(round) + algorithm_index) % 2 == 1) {
    std::reverse(order.begin(), order.end());
  }
  return order;
}

std::vector<std::vector<Rounds>> MeasureInterleaved(
    const std::vector<const AlgorithmInfo*>& algorithms, size_t num_sides, int rounds,
    const MeasureFn& measure) {
  std::vector<std::vector<Rounds>> out(num_sides, std::vector<Rounds>(algorithms.size()));
  for (int round = 0; round < std::max(rounds, 1); ++round) {
    for (size_t j = 0; j < algorithms.size(); ++j) {
      for (size_t side : SideOrder(num_sides, round, j)) {
        out[side][j].push_back(measure(side, *algorithms[j]));
      }
    }
  }
  return out;
}

results::AlgorithmResult PoolRounds(const Rounds& rounds) {
  if (rounds.empty()) {
    return {};
  }
  results::AlgorithmResult pooled = rounds.front();
  for (const results::AlgorithmResult& round : rounds) {
    pooled.supported = pooled.supported && round.supported;
    if (round.kat.status == "failed" && pooled.kat.status != "failed") {
      pooled.kat = round.kat;
    }
  }
  for (results::Cell& cell : pooled.cells) {
    cell.figures.reset();
    results::WorkerSamples worker;
    worker.precision_reached = true;
    for (const results::AlgorithmResult& round : rounds) {
      const results::Cell* version = FindCell(round, cell);
      if (version == nullptr) {
        continue;
      }
      if (version->status != results::CellStatus::kOk) {
        cell.status = version->status;  // a failure in any round stands
        cell.message = version->message;
        break;
      }
      for (const results::WorkerSamples& w : version->workers) {
        worker.samples.insert(worker.samples.end(), w.samples.begin(), w.samples.end());
        worker.precision_reached = worker.precision_reached && w.precision_reached;
      }
    }
    cell.workers.clear();
    if (cell.status == results::CellStatus::kOk && !worker.samples.empty()) {
      cell.workers.push_back(std::move(worker));
    }
  }
  return pooled;
}

}  // namespace cryptobench::compare
