// The charts of a speed report (report::Chart blocks, written by HTML only): throughput
// against input size per algorithm, and several backends side by side as bars with CI
// whiskers. Used by SpeedDocument (one run) and BackendsDocument (one run per backend). Private
// to report/.
#pragma once

#include <vector>

#include "report/document.h"
#include "results/model.h"

namespace cryptobench::report {

/// One line chart per symmetric algorithm (in first-seen order over `runs`): MB/s (10^6
/// bytes/s, the median) against input size in bytes on a log-2 axis, with the CI band of each
/// median. One run: a series per operation; several (one per backend): a series per backend,
/// named "backend operation" when the algorithm has more than one operation. Only cells
/// measured ok with a throughput figure are drawn; an imported run's points have no CI. An
/// algorithm with no such cell gets no chart.
void AddThroughputCharts(const std::vector<const results::RunResult*>& runs, Document& doc);

/// With two runs or more (one per backend): one bar chart, a category per symmetric algorithm
/// and operation, a bar per backend at the largest input size any backend measured for it
/// (none for a backend that did not measure that size), MB/s with CI whiskers. Nothing for one
/// run.
void AddSymmetricBarChart(const std::vector<const results::RunResult*>& runs, Document& doc);

/// With two runs or more: one bar chart of the public-key operations, a bar per backend, ops/s
/// (median) with CI whiskers on a log-10 axis (sign and verify differ by orders of magnitude).
/// Nothing for one run or when no public-key cell was measured.
void AddPublicKeyBarChart(const std::vector<const results::RunResult*>& runs, Document& doc);

}  // namespace cryptobench::report
