// Joining consecutive openssl speed runs of one library.
#include "import/speed_join.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "import/openssl_version.h"

namespace cryptobench::import {
namespace {

using results::AlgorithmResult;
using results::Cell;
using results::RunResult;

// Both known and not the same. An empty field is one the paste did not show.
bool Differ(const std::string& a, const std::string& b) {
  return !a.empty() && !b.empty() && a != b;
}

void FillIfEmpty(std::string* field, const std::string& other) {
  if (field->empty()) {
    *field = other;
  }
}

// "OpenSSL 3.0.13" (a speed header) and "OpenSSL 3.0.13 30 Jan 2024" (`openssl version`) name
// one release.
bool SameVersion(const std::string& a, const std::string& b) {
  const std::optional<OpensslVersion> va = ParseOpensslVersion(a);
  const std::optional<OpensslVersion> vb = ParseOpensslVersion(b);
  return va && vb ? va->Label() == vb->Label() && va->suffix == vb->suffix : a == b;
}

bool IsSpeedRun(const RunResult& run) {
  return run.source.kind == "imported" && run.source.tool == "openssl speed";
}

// Cells by operation, in the order the operations first appear, then by input size.
void SortCells(AlgorithmResult* alg) {
  std::vector<std::string> operations;
  for (const Cell& cell : alg->cells) {
    if (std::find(operations.begin(), operations.end(), cell.operation) == operations.end()) {
      operations.push_back(cell.operation);
    }
  }
  const auto rank = [&](const Cell& cell) {
    return std::make_pair(
        std::find(operations.begin(), operations.end(), cell.operation) - operations.begin(),
        cell.input_len);
  };
  std::stable_sort(alg->cells.begin(), alg->cells.end(),
                   [&](const Cell& a, const Cell& b) { return rank(a) < rank(b); });
}

}  // namespace

bool CanJoinSpeedRuns(const RunResult& previous, const RunResult& next) {
  if (!IsSpeedRun(previous) || !IsSpeedRun(next)) {
    return false;
  }
  const results::LibraryInfo& a = previous.library;
  const results::LibraryInfo& b = next.library;
  if (!SameVersion(a.version, b.version) || Differ(a.capability_vector, b.capability_vector) ||
      Differ(a.cflags, b.cflags) || Differ(a.built_on, b.built_on) ||
      Differ(a.platform, b.platform) || Differ(a.options, b.options) ||
      Differ(previous.source.tool_version, next.source.tool_version)) {
    return false;
  }
  if (previous.source.timing_basis != next.source.timing_basis ||
      previous.source.engine_or_provider != next.source.engine_or_provider ||
      previous.source.multi != next.source.multi ||
      previous.method.direction != next.method.direction ||
      previous.method.threads != next.method.threads) {
    return false;
  }
  std::set<std::tuple<std::string, std::string, uint64_t>> measured;
  for (const AlgorithmResult& alg : previous.algorithms) {
    for (const Cell& cell : alg.cells) {
      measured.emplace(alg.algorithm, cell.operation, cell.input_len);
    }
  }
  for (const AlgorithmResult& alg : next.algorithms) {
    for (const Cell& cell : alg.cells) {
      if (measured.count(std::make_tuple(alg.algorithm, cell.operation, cell.input_len)) > 0) {
        return false;  // measured twice: a before/after pair, kept as two runs
      }
    }
  }
  return true;
}

void JoinSpeedRun(RunResult next, size_t next_line, RunResult* previous) {
  for (AlgorithmResult& alg : next.algorithms) {
    const auto same = std::find_if(previous->algorithms.begin(), previous->algorithms.end(),
                                   [&](const AlgorithmResult& mine) {
                                     return mine.algorithm == alg.algorithm && mine.api == alg.api;
                                   });
    if (same == previous->algorithms.end()) {
      previous->algorithms.push_back(std::move(alg));
      continue;
    }
    for (Cell& cell : alg.cells) {
      same->cells.push_back(std::move(cell));
    }
    SortCells(&*same);
  }

  results::LibraryInfo& library = previous->library;
  if (next.library.version.size() > library.version.size()) {
    library.version = next.library.version;  // the same release, with its date
  }
  for (auto field : {&results::LibraryInfo::capability_vector, &results::LibraryInfo::cflags,
                     &results::LibraryInfo::built_on, &results::LibraryInfo::platform,
                     &results::LibraryInfo::options, &results::LibraryInfo::cpu_info}) {
    FillIfEmpty(&(library.*field), next.library.*field);
  }
  if (library.version_num == 0) {
    library.version_num = next.library.version_num;
  }
  if (previous->source.tool_version.empty() && !next.source.tool_version.empty()) {
    // The version and where it was read (a "library_version" fact of the build path) go along.
    for (results::SourceFact& fact : next.source.facts) {
      if (fact.kind == "library_version") {
        previous->source.facts.push_back(std::move(fact));
      }
    }
  }
  FillIfEmpty(&previous->source.tool_version, next.source.tool_version);
  if (previous->source.evp != next.source.evp) {
    previous->source.evp = "unknown";
  }

  std::vector<uint64_t>& sizes = previous->method.input_sizes;
  sizes.insert(sizes.end(), next.method.input_sizes.begin(), next.method.input_sizes.end());
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  if (previous->method.max_seconds != next.method.max_seconds) {
    previous->method.max_seconds = 0;  // requested times differ: no one value describes both
  }

  std::vector<std::string>& caveats = previous->source.caveats;
  caveats.push_back(
      fmt::format("The openssl speed output from line {} is a further run of the same library that "
                  "measured other cells; its figures are read as part of this run.",
                  next_line));
  for (std::string& caveat : next.source.caveats) {
    if (std::find(caveats.begin(), caveats.end(), caveat) == caveats.end()) {
      caveats.push_back(std::move(caveat));
    }
  }
}

}  // namespace cryptobench::import
