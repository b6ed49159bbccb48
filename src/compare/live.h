// Interleaved measurement of live sides: algorithm by algorithm, every side in turn, in
// alternating order, for several rounds, so that drift of the machine (frequency, load from
// other processes) falls on every side alike. The measuring itself is a callback (the CLI runs
// worker processes); this file owns the order and how rounds are pooled.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "algorithms/catalog.h"
#include "results/model.h"

namespace cryptobench::compare {

/// Measures one algorithm for one side (index into the live sides).
using MeasureFn = std::function<results::AlgorithmResult(size_t side, const AlgorithmInfo& alg)>;

/// One side's results for one algorithm, a round each, in round order.
using Rounds = std::vector<results::AlgorithmResult>;

/// The order in which the sides measure algorithm `algorithm_index` in round `round`: forward
/// (0, 1, ..., n-1) when round + algorithm_index is even, reversed otherwise. Alternating by
/// both keeps one side from always going first, within a round and across rounds.
std::vector<size_t> SideOrder(size_t num_sides, int round, size_t algorithm_index);

/// Runs `rounds` rounds (>= 1): in each, algorithm by algorithm, `measure` for every side in
/// SideOrder. Returns [side][algorithm] the rounds in order.
std::vector<std::vector<Rounds>> MeasureInterleaved(
    const std::vector<const AlgorithmInfo*>& algorithms, size_t num_sides, int rounds,
    const MeasureFn& measure);

/// Pools one algorithm's rounds into one result: each cell's samples from every round go into
/// the cell's first worker (compare does not take --threads), so its figures describe all rounds
/// together, and results::DeriveFigures leaves preempted samples out of the pool's median as it
/// does within one run. A cell that fails in any round takes that failure (status and message);
/// a failed KAT in any round replaces the KAT outcome. Figures are left unset: derive them with
/// results::DeriveFigures.
results::AlgorithmResult PoolRounds(const Rounds& rounds);

}  // namespace cryptobench::compare
