// Shared views of a RunResult for the renderers.
#include "report/views.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "algorithms/catalog.h"
#include "measure/cpu_placement.h"
#include "report/catalog_entry.h"
#include "report/format_util.h"

namespace cryptobench::report {

using results::AlgorithmResult;
using results::Cell;
using results::CellStatus;

namespace {

// A cell's input size in a note: "unknown size" for a throughput whose size the imported output
// does not give (HasUnknownSize), else FormatSize.
std::string CellSizeText(const Cell& cell) {
  return HasUnknownSize(cell) ? FormatThroughputSize(0) : FormatSize(cell.input_len);
}

}  // namespace

results::CellStatus SymmetricRow::RowStatus() const {
  std::optional<CellStatus> shared;
  for (const Cell* cell : cells) {
    if (cell == nullptr) {
      continue;
    }
    if (cell->status == CellStatus::kOk || (shared && *shared != cell->status)) {
      return CellStatus::kOk;
    }
    shared = cell->status;
  }
  if (!shared && algorithm != nullptr && !algorithm->supported) {
    return CellStatus::kUnsupported;  // no cells at all
  }
  return shared.value_or(CellStatus::kOk);
}

const results::Cell* SymmetricRow::FirstPresent() const {
  for (const Cell* cell : cells) {
    if (cell != nullptr) {
      return cell;
    }
  }
  return nullptr;
}

const results::Cell* SymmetricRow::LargestMeasured() const {
  for (auto it = cells.rbegin(); it != cells.rend(); ++it) {
    if (*it != nullptr && (*it)->status == CellStatus::kOk && (*it)->figures) {
      return *it;
    }
  }
  return nullptr;
}

bool IsSymmetricAlgorithm(const AlgorithmResult& alg) {
  if (!alg.cells.empty()) {
    return IsThroughputCell(alg, alg.cells.front());
  }
  return alg.kind == "cipher" || alg.kind == "aead" || alg.kind == "hash" || alg.kind == "mac";
}

bool IsPublicKeyAlgorithm(const AlgorithmResult& alg) {
  if (const AlgorithmInfo* info = CatalogEntryOf(alg)) {
    return !IsSymmetric(info->kind);
  }
  return alg.kind == "signature" || alg.kind == "key_agreement" || alg.kind == "kem";
}

SymmetricGrid BuildSymmetricGrid(const results::RunResult& run) {
  SymmetricGrid grid;
  std::set<uint64_t> sizes(run.method.input_sizes.begin(), run.method.input_sizes.end());
  for (const AlgorithmResult& alg : run.algorithms) {
    if (IsSymmetricAlgorithm(alg)) {
      for (const Cell& cell : alg.cells) {
        sizes.insert(cell.input_len);
      }
    }
  }
  grid.sizes.assign(sizes.begin(), sizes.end());

  for (const AlgorithmResult& alg : run.algorithms) {
    if (!IsSymmetricAlgorithm(alg)) {
      continue;
    }
    // One row per operation, in the order the cells first name them.
    std::vector<std::string> operations;
    for (const Cell& cell : alg.cells) {
      if (std::find(operations.begin(), operations.end(), cell.operation) == operations.end()) {
        operations.push_back(cell.operation);
      }
    }
    if (operations.empty()) {
      operations.emplace_back("-");
    }
    for (const std::string& operation : operations) {
      SymmetricRow row{&alg, operation, std::vector<const Cell*>(grid.sizes.size(), nullptr),
                       AlgorithmLabel(run, alg)};
      for (const Cell& cell : alg.cells) {
        if (cell.operation != operation) {
          continue;
        }
        const auto pos = std::lower_bound(grid.sizes.begin(), grid.sizes.end(), cell.input_len);
        row.cells[static_cast<size_t>(pos - grid.sizes.begin())] = &cell;
      }
      grid.rows.push_back(std::move(row));
    }
  }
  return grid;
}

std::string PublicKeyRow::Label() const {
  const std::string& shown = name.empty() ? algorithm->algorithm : name;
  return cell == nullptr ? shown : fmt::format("{} {}", shown, cell->operation);
}

std::string AlgorithmLabel(const results::RunResult& run, const results::AlgorithmResult& alg) {
  const bool shared =
      std::any_of(run.algorithms.begin(), run.algorithms.end(), [&](const AlgorithmResult& other) {
        return &other != &alg && other.algorithm == alg.algorithm &&
               other.implementation != alg.implementation;
      });
  return shared && !alg.implementation.empty()
             ? fmt::format("{} [{}]", alg.algorithm, alg.implementation)
             : alg.algorithm;
}

std::vector<PublicKeyRow> BuildPublicKeyRows(const results::RunResult& run) {
  std::vector<PublicKeyRow> rows;
  for (const AlgorithmResult& alg : run.algorithms) {
    if (IsSymmetricAlgorithm(alg)) {
      continue;
    }
    const bool public_key = IsPublicKeyAlgorithm(alg);
    const std::string name = AlgorithmLabel(run, alg);
    if (alg.cells.empty()) {
      rows.push_back({&alg, nullptr, public_key, name});
    }
    for (const Cell& cell : alg.cells) {
      rows.push_back({&alg, &cell, public_key, name});
    }
  }
  return rows;
}

std::vector<std::string> NoteLines(const results::RunResult& run) {
  std::vector<std::string> lines;
  size_t passed = 0;
  std::vector<std::string> kat_failures;
  for (const AlgorithmResult& alg : run.algorithms) {
    if (alg.kat.status == "passed") {
      ++passed;
    } else if (alg.kat.status == "failed") {
      kat_failures.push_back(
          fmt::format("KAT FAILED: {}: {}{}", alg.algorithm,
                      alg.kat.detail.empty() ? "no detail" : alg.kat.detail,
                      alg.kat.source.empty() ? "" : " (" + alg.kat.source + ")"));
    }
  }
  if (kat_failures.empty() && passed > 0) {
    lines.push_back(passed == 1 ? std::string("The algorithm measured passed its known-answer "
                                              "tests (sources: docs/methodology.md).")
                                : fmt::format("All {} algorithms measured passed their "
                                              "known-answer tests (sources: docs/methodology.md).",
                                              passed));
  } else if (!kat_failures.empty()) {
    lines.push_back(
        fmt::format("{} of {} algorithms with a known-answer test failed it; their "
                    "figures are not reported.",
                    kat_failures.size(), passed + kat_failures.size()));
    lines.insert(lines.end(), kat_failures.begin(), kat_failures.end());
  }

  std::vector<std::string> unsupported;
  for (const AlgorithmResult& alg : run.algorithms) {
    bool listed_unsupported = false;
    for (const Cell& cell : alg.cells) {
      switch (cell.status) {
        case CellStatus::kCrashed:
        case CellStatus::kTimeout:
        case CellStatus::kError:
          lines.push_back(fmt::format("{}: {} {} at {}{}", StatusLabel(cell.status), alg.algorithm,
                                      cell.operation, CellSizeText(cell),
                                      cell.message.empty() ? "" : ": " + cell.message));
          break;
        case CellStatus::kUnsupported:
          if (!listed_unsupported) {
            unsupported.push_back(
                fmt::format("unsupported by this library: {}{}", alg.algorithm,
                            cell.message.empty() ? "" : " (" + cell.message + ")"));
            listed_unsupported = true;
          }
          break;
        case CellStatus::kOk:
        case CellStatus::kFailedKat:
          break;
      }
    }
    if (!alg.supported && alg.cells.empty()) {
      unsupported.push_back(fmt::format("unsupported by this library: {}", alg.algorithm));
    }
  }
  lines.insert(lines.end(), unsupported.begin(), unsupported.end());
  // Cells shown "(noisy)" (FormatCiHalfWidth), named in one note: the figure stays, with why
  // it cannot be trusted.
  std::vector<std::string> noisy;
  for (const AlgorithmResult& alg : run.algorithms) {
    for (const Cell& cell : alg.cells) {
      if (cell.status != CellStatus::kOk || !cell.figures) {
        continue;
      }
      const results::Estimate& shown =
          cell.figures->bytes_per_s ? *cell.figures->bytes_per_s : cell.figures->ops_per_s;
      if (shown.value > 0 && IsNoisy(shown)) {
        noisy.push_back(
            fmt::format("{} {} at {}", alg.algorithm, cell.operation, CellSizeText(cell)));
      }
    }
  }
  if (!noisy.empty()) {
    constexpr size_t kNamed = 4;
    std::string named;
    for (size_t i = 0; i < std::min(noisy.size(), kNamed); ++i) {
      named += (i == 0 ? "" : ", ") + noisy[i];
    }
    if (noisy.size() > kNamed) {
      named += fmt::format(" and {} more", noisy.size() - kNamed);
    }
    lines.push_back(NoisyNote(named));
  }
  for (std::string& line : PlacementNoteLines(run)) {
    lines.push_back(std::move(line));
  }
  return lines;
}

std::vector<std::string> PlacementNoteLines(const results::RunResult& run) {
  std::vector<std::string> lines;
  std::set<int> pinned;
  std::set<std::string> not_pinned;
  std::vector<std::string> disturbed;
  for (const AlgorithmResult& alg : run.algorithms) {
    for (const Cell& cell : alg.cells) {
      if (cell.status != CellStatus::kOk) {
        continue;
      }
      const std::string where =
          fmt::format("{} {} at {}", alg.algorithm, cell.operation, CellSizeText(cell));
      for (const results::WorkerSamples& worker : cell.workers) {
        if (worker.pinned_cpu >= 0) {
          pinned.insert(worker.pinned_cpu);
        } else if (!worker.pin_note.empty()) {
          not_pinned.insert(worker.pin_note);
        }
        // Results from before attempts were counted say only "repeated": one repeat.
        const int attempts = std::max(worker.attempts, worker.repeated.empty() ? 1 : 2);
        if (!worker.disturbed.empty()) {
          disturbed.push_back(
              fmt::format("disturbed: {}: {}{}", where, worker.disturbed,
                          attempts > 1 ? fmt::format(" (on each of {} attempts)", attempts) : ""));
        } else if (!worker.repeated.empty()) {
          disturbed.push_back(fmt::format("measured {} times: {} (earlier attempts had {})",
                                          attempts, where, worker.repeated));
        }
      }
    }
  }
  if (!pinned.empty()) {
    lines.push_back(fmt::format(
        "Workers pinned to CPU {} (the idlest allowed CPU per worker, CPU 0 last among equals; "
        "--no-pin leaves placement to the scheduler).",
        measure::CpuListText(std::vector<int>(pinned.begin(), pinned.end()))));
  }
  for (const std::string& note : not_pinned) {
    lines.push_back(fmt::format("Workers {}.", note));
  }
  lines.insert(lines.end(), disturbed.begin(), disturbed.end());
  return lines;
}

bool AnyCpuWallMismatch(const results::RunResult& run) {
  for (const AlgorithmResult& alg : run.algorithms) {
    for (const Cell& cell : alg.cells) {
      if (cell.status == CellStatus::kOk && cell.figures && cell.figures->cpu_wall_mismatch) {
        return true;
      }
    }
  }
  return false;
}

std::string MethodLine(const results::MethodInfo& method) {
  return fmt::format(
      "wall-clock throughput ({}), median of >= {} samples per cell with {:g}% CI; "
      "MB/s = 10^6 bytes/s; precision target ±{:g}%, budget {:g} s/cell",
      method.clock, method.min_samples, method.confidence * 100, method.precision * 100,
      method.max_seconds);
}

bool HasTickCounter(const results::MachineInfo& machine) {
  return !machine.tick_counter.empty() && machine.tick_counter != "none" &&
         machine.tick_rate_hz > 0;
}

std::string TickCounterName(const results::MachineInfo& machine) {
  if (!HasTickCounter(machine)) {
    return "ticks";
  }
  std::string name = machine.tick_counter;
  std::transform(name.begin(), name.end(), name.begin(), [](char c) {
    return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  });
  return name;
}

std::string TickCounterLine(const results::MachineInfo& machine) {
  if (!HasTickCounter(machine)) {
    return "none (cycle figures unavailable)";
  }
  return fmt::format("{} {} (constant-rate counter, not the core clock)", TickCounterName(machine),
                     FormatHz(machine.tick_rate_hz));
}

std::string SymmetricCellText(const results::Cell* cell) {
  if (cell == nullptr) {
    return "-";
  }
  if (cell->status != results::CellStatus::kOk) {
    return StatusLabel(cell->status);
  }
  if (!cell->figures || !cell->figures->bytes_per_s) {
    return "?";
  }
  const results::Estimate& bytes = *cell->figures->bytes_per_s;
  const std::string text =
      FormatRateWithCi({bytes.value / 1e6, bytes.ci_low / 1e6, bytes.ci_high / 1e6});
  return cell->figures->cpu_wall_mismatch ? text + " !" : text;
}

}  // namespace cryptobench::report
