// Compare: match each side with the baseline, then attribute.
#include "compare/compare.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "core/errors.h"
#include "report/format_util.h"

#include "compare/attribution.h"
#include "compare/cost.h"
#include "compare/format.h"
#include "compare/match.h"
#include "compare/sides.h"
#include "diagnose/speed_tool.h"

namespace cryptobench::compare {

CompareReport Compare(std::vector<Side> sides, const CompareOptions& options) {
  if (sides.size() < 2) {
    throw UsageError("compare needs at least two sides (files, or --lib NAME=PATH)");
  }
  CompareReport report;
  report.threshold = options.threshold;
  for (size_t i = 0; i < sides.size(); ++i) {
    sides[i].letter = SideLetter(i);
  }
  report.sides = std::move(sides);
  // Each side's figures are classed with its own architecture's table (an AArch64 paste read
  // on an x86-64 machine gets the AArch64 classes), unless the caller gives one table.
  const auto classes_of = [&](const Side& side) -> const std::vector<diagnose::CpbClass>& {
    return options.classes != nullptr ? *options.classes
                                      : CpbClassesForArch(ArchOfRun(side.run).arch);
  };
  const Side& a = report.sides.front();
  for (size_t i = 1; i < report.sides.size(); ++i) {
    const Side& b = report.sides[i];
    PairComparison pair;
    pair.a_index = 0;
    pair.b_index = i;
    pair.rows = MatchRows(a, b, options.threshold);
    for (const Row& row : pair.rows) {
      if (row.presence == Presence::kBoth && row.verdict == Verdict::kSignificant) {
        (row.direction == Direction::kSlower ? pair.num_significant_slower
                                             : pair.num_significant_faster)++;
      }
    }
    // One build on one CPU: a difference is the machine's, never a code path (issue 13, sec. 5).
    BuildIdentity identity = SameBuild(a, b);
    identity.clock = MachineClockClause(a, b, pair.rows, identity);
    // Different -multi, -seconds or pinning: the raw ratio names no code path (a -multi 8 side
    // sums 8 processes).
    const std::vector<std::string> not_like_for_like = InvocationDifferences(a, b);
    const CpuEvidence cpu = CpuEvidenceOf(a, b);
    // A side whose compiler line cannot show its assembly (3.x) may show it by its figures.
    AsmBuilds asm_builds = AsmBuildsOf(a, b);
    asm_builds.a_figures = AssemblyShownByFigures(pair.rows, a, true, classes_of(a));
    asm_builds.b_figures = AssemblyShownByFigures(pair.rows, b, false, classes_of(b));
    pair.findings =
        PatternFindings(pair.rows, a.letter, b.letter, options.threshold, TimingComparable(a, b),
                        SameLibrary(a, b), TimingKnownToDiffer(a, b), identity, not_like_for_like,
                        asm_builds, cpu, EngineDifference(a, b));
    bool same_build_said = false;
    for (Finding& finding : SameBuildFindings(pair.rows, a, b, identity)) {
      pair.findings.push_back(std::move(finding));
      same_build_said = true;
    }
    for (Finding& finding : ContextFindings(a, b, pair.rows)) {
      // The same-build sentence names the matched library facts: the "library" line ("Same
      // library on both sides ..."; with kSame it can only say the sides are alike) repeats it.
      if (same_build_said && finding.id == "library") {
        continue;
      }
      pair.findings.push_back(std::move(finding));
    }
    // The speed tools' own changes and timing basis (data/speed-tool-changes.csv).
    bool speed_tool_explains = false;
    for (diagnose::SpeedToolPairFinding& finding : diagnose::SpeedToolPairFindings(a.run, b.run)) {
      speed_tool_explains = speed_tool_explains || !finding.cause.empty();
      pair.findings.emplace_back("speed-tool", std::move(finding.text), std::move(finding.cause));
    }
    // Per-call versus per-byte cost, and the library regression it can show.
    pair.costs = FitCosts(pair.rows, options.threshold);
    // An engine on a side (wall-clock time on both) reads through OffloadCostFindings only.
    if (TimingComparable(a, b) && EngineDifference(a, b).empty() && not_like_for_like.empty()) {
      // Timed or run differently (clocks, an engine, -multi, -seconds, pinning): the fits still
      // show, but no sentence reads them.
      // A fit over rows of two APIs (a 1.x low-level row against an EVP one) compares the APIs,
      // not a code path of the builds: the fit shows, no sentence reads it.
      std::vector<CostComparison> readable;
      for (const CostComparison& cost : pair.costs) {
        const bool across_apis = std::any_of(pair.rows.begin(), pair.rows.end(), [&](const Row& r) {
          return r.a_legacy != r.b_legacy && r.algorithm == cost.algorithm &&
                 r.operation == cost.operation;
        });
        if (!across_apis) {
          readable.push_back(cost);
        }
      }
      for (Finding& finding : CostFindings(readable, a.letter, b.letter, 6, !cpu.difference.empty(),
                                           !identity.clock.empty())) {
        pair.findings.push_back(std::move(finding));
      }
    }
    // An offload engine's per-call cost against the CPU's code, and where they cross (its own
    // conditions on timing: both sides wall-clock).
    std::vector<std::pair<std::string, std::string>> offloaded;
    for (Finding& finding : OffloadCostFindings(a, b, pair.costs, pair.rows, &offloaded)) {
      pair.findings.push_back(std::move(finding));
    }
    // A side whose time per call does not grow with size explains its fit's pattern too.
    for (Finding& finding : FlatPerByteFindings(a, b, pair.costs)) {
      pair.findings.push_back(std::move(finding));
    }
    for (const CostComparison& cost : pair.costs) {
      if (cost.change == CostChange::kFlatPerByte) {
        offloaded.emplace_back(cost.algorithm, cost.operation);
      }
    }
    // A family whose every compared row an offload or flat per-byte sentence explains: that
    // sentence states its pattern (slower at small sizes, faster at large), so "no single
    // pattern" gives way to it.
    const auto offload_explains = [&](const std::string& family) {
      bool any = false;
      for (const Row& row : pair.rows) {
        if (row.presence != Presence::kBoth || row.verdict == Verdict::kCannotTell ||
            row.family != family) {
          continue;
        }
        any = true;
        if (std::find(offloaded.begin(), offloaded.end(),
                      std::make_pair(row.algorithm, row.operation)) == offloaded.end()) {
          return false;
        }
      }
      return any;
    };
    pair.findings.erase(std::remove_if(pair.findings.begin(), pair.findings.end(),
                                       [&](const Finding& finding) {
                                         return finding.id == "mixed" && !finding.family.empty() &&
                                                offload_explains(finding.family);
                                       }),
                        pair.findings.end());
    for (Finding& finding :
         LibraryRegressionFindings(a, b, pair.costs, pair.rows, speed_tool_explains,
                                   diagnose::LibraryChanges(), diagnose::SpeedToolChanges())) {
      pair.findings.push_back(std::move(finding));
    }
    for (Finding& finding :
         ClassFindings(pair.rows, a, b, classes_of(a), classes_of(b), 6, identity)) {
      pair.findings.push_back(std::move(finding));
    }
    report.pairs.push_back(std::move(pair));
  }
  return report;
}

bool HasSignificantRegression(const CompareReport& report, double fraction) {
  return !GateFailures(report, fraction).empty();
}

std::vector<std::string> GateFailures(const CompareReport& report, double fraction) {
  std::vector<std::string> out;
  for (const PairComparison& pair : report.pairs) {
    for (const Row& row : pair.rows) {
      if (row.presence == Presence::kBoth && row.verdict == Verdict::kSignificant &&
          row.direction == Direction::kSlower && 1 - row.ratio.ratio > fraction) {
        std::string cell = fmt::format("{} {}", row.algorithm, row.operation);
        if (row.input_len > 0) {
          cell += fmt::format(" {}", report::FormatSize(row.input_len));
        }
        out.push_back(fmt::format("{}: {} x{}", report.sides[pair.b_index].letter, cell,
                                  ThreeDigitsText(row.ratio.ratio)));
      }
    }
  }
  return out;
}

std::optional<size_t> FirstPairWithNothingCompared(const CompareReport& report) {
  for (size_t p = 0; p < report.pairs.size(); ++p) {
    const std::vector<Row>& rows = report.pairs[p].rows;
    if (std::none_of(rows.begin(), rows.end(),
                     [](const Row& row) { return row.presence == Presence::kBoth; })) {
      return p;
    }
  }
  return std::nullopt;
}

std::optional<size_t> FirstPairWithNoCellInCommon(const CompareReport& report) {
  for (size_t p = 0; p < report.pairs.size(); ++p) {
    const std::vector<Row>& rows = report.pairs[p].rows;
    if (std::all_of(rows.begin(), rows.end(), [](const Row& row) {
          return row.presence == Presence::kOnlyA || row.presence == Presence::kOnlyB;
        })) {
      return p;
    }
  }
  return std::nullopt;
}

bool NoPairHasCellInCommon(const CompareReport& report) {
  return std::all_of(report.pairs.begin(), report.pairs.end(), [](const PairComparison& pair) {
    return std::all_of(pair.rows.begin(), pair.rows.end(), [](const Row& row) {
      return row.presence == Presence::kOnlyA || row.presence == Presence::kOnlyB;
    });
  });
}

size_t CountUntestedRegressions(const CompareReport& report, double fraction) {
  size_t count = 0;
  for (const PairComparison& pair : report.pairs) {
    for (const Row& row : pair.rows) {
      if (row.presence == Presence::kBoth && row.direction == Direction::kSlower &&
          (row.verdict == Verdict::kNotTestable || row.verdict == Verdict::kNotSignificant ||
           row.verdict == Verdict::kCannotTell) &&
          1 - row.ratio.ratio > fraction) {
        ++count;
      }
    }
  }
  return count;
}

}  // namespace cryptobench::compare
