// Loading sides from file contents, and the interpretation facts of each side.
#include "compare/sides.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/errors.h"
#include "cpu/clock_facts.h"
#include "report/format_util.h"
#include "results/json.h"
#include "results/limits.h"

#include "compare/attribution.h"
#include "diagnose/armcap.h"
#include "diagnose/cpu_clues.h"
#include "diagnose/doctor_from.h"
#include "diagnose/ia32cap.h"
#include "diagnose/verdict_decider.h"
#include "import/import.h"
#include "import/own_reports.h"
#include "import/parse_util.h"

namespace cryptobench::compare {
namespace {

// The clock ranges doctor uses too (cpu/clock_facts.h, where their sources are).
using cpu::kCoreClockTolerance;
using cpu::kTscHighFactor;
using cpu::kTscLowFactor;
using cpu::kUnknownHzHigh;
using cpu::kUnknownHzLow;

bool StartsWithBrace(std::string_view text) {
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c)) == 0) {
      return c == '{';
    }
  }
  return false;
}

std::vector<results::RunResult> ReadResultsJson(std::string_view text,
                                                const std::string& file_name) {
  const nlohmann::json doc = import::ParseJsonInput(text, file_name);
  if (const std::string what = import::DescribeOwnNonResultJson(doc); !what.empty()) {
    throw UsageError(
        fmt::format("{}: {}, not a result; compare reads speed or import JSON, or tool output",
                    file_name, what));
  }
  return import::RunsOfResultJson(doc, file_name);
}

ClockRange Range(double hz_low, double hz_high, std::string basis) {
  return ClockRange{hz_low, hz_high, std::move(basis)};
}

ClockRange UnknownClock() {
  return Range(kUnknownHzLow, kUnknownHzHigh,
               fmt::format("over {:.0f}-{:.0f} GHz (clock unknown)", kUnknownHzLow / 1e9,
                           kUnknownHzHigh / 1e9));
}

}  // namespace

std::vector<Side> LoadFileSides(std::string_view text, const std::string& file_name,
                                const std::string& label) {
  std::vector<results::RunResult> runs;
  SideOrigin origin = SideOrigin::kResults;
  if (StartsWithBrace(text)) {
    runs = ReadResultsJson(text, file_name);
  } else {
    origin = SideOrigin::kImported;
    try {
      runs = import::ImportText(text, file_name);
      import::CheckUsableFigures(runs, file_name);  // only figures no measurement gives
    } catch (const import::ImportError& e) {
      throw UsageError(e.what());  // "FILE:LINE: expected ..."
    }
  }
  if (runs.empty()) {
    throw UsageError(fmt::format("{}: holds no runs", file_name));
  }
  // A run without algorithms (an `openssl version` block of another build pasted beside speed
  // output) has nothing to compare: it is no side when the file has runs with algorithms.
  // Kept runs keep their position in the file for their "#N".
  const auto has_algorithms = [](const results::RunResult& run) { return !run.algorithms.empty(); };
  const bool any_algorithms = std::any_of(runs.begin(), runs.end(), has_algorithms);
  std::vector<size_t> kept;
  for (size_t i = 0; i < runs.size(); ++i) {
    if (!any_algorithms || has_algorithms(runs[i])) {
      kept.push_back(i);
    }
  }
  // Runs of several backends (speed --backend a,b; a paste of several tools) are told apart by
  // backend; a number is added only to the runs of a backend that has several.
  std::map<std::string, size_t> per_backend;
  for (size_t i : kept) {
    ++per_backend[runs[i].library.backend];
  }
  const bool by_backend = per_backend.size() > 1;
  std::vector<Side> sides;
  for (size_t i : kept) {
    const std::string& backend = runs[i].library.backend;
    Side side;
    side.label = per_backend[backend] > 1 ? fmt::format("{}#{}", label, i + 1) : label;
    if (per_backend[backend] > 1) {
      // The name the paste gave the run's block ("without:", "openssl-3.0") tells the runs apart.
      const auto named =
          std::find_if(runs[i].source.facts.begin(), runs[i].source.facts.end(),
                       [](const results::SourceFact& fact) { return fact.kind == "block_label"; });
      if (named != runs[i].source.facts.end() && !named->value.empty()) {
        side.label += fmt::format(" ({})", named->value);
      }
    }
    if (by_backend && !backend.empty()) {
      side.label += fmt::format(" ({})", backend);
    }
    side.origin = origin;
    side.run = std::move(runs[i]);
    sides.push_back(std::move(side));
  }
  return sides;
}

Side LiveSide(results::RunResult run, const std::string& label) {
  Side side;
  side.label = label;
  side.origin = SideOrigin::kLive;
  side.run = std::move(run);
  return side;
}

SideArch ArchOfRun(const results::RunResult& run) {
  SideArch out;
  out.arch = diagnose::ReportArch(run, nullptr);
  if (out.arch == "x86_64" || out.arch == "x86") {
    out.variable = "OPENSSL_ia32cap";
  } else if (out.arch == "aarch64" || out.arch == "arm") {
    out.variable = "OPENSSL_armcap";
  } else if (out.arch.empty() && run.library.capability_vector.find(':') != std::string::npos &&
             diagnose::ParseCpuInfoVector(run.library.capability_vector)) {
    out.variable = "OPENSSL_ia32cap";
  }
  return out;
}

std::optional<std::vector<std::string>> CapabilityBitNames(const results::RunResult& run) {
  const std::string& text = run.library.capability_vector;
  const std::string variable = ArchOfRun(run).variable;
  std::vector<std::string> names;
  if (variable == "OPENSSL_ia32cap") {
    const auto vector = diagnose::ParseCpuInfoVector(text);
    if (!vector) {
      return std::nullopt;
    }
    for (const diagnose::CapabilityBit& bit : diagnose::KnownCapabilityBits()) {
      if (((*vector)[static_cast<size_t>(bit.vector)] & bit.mask) != 0) {
        names.emplace_back(bit.name);
      }
    }
    return names;
  }
  if (variable == "OPENSSL_armcap") {
    // The vector is the word after "OPENSSL_armcap=" (import and the OpenSSL backend keep it).
    const std::optional<uint32_t> word = diagnose::ParseArmcapCpuInfo("OPENSSL_armcap=" + text);
    if (!word) {
      return std::nullopt;
    }
    for (const diagnose::ArmcapBit& bit : diagnose::KnownArmcapBits()) {
      if ((*word & bit.mask) != 0) {
        names.emplace_back(bit.name);
      }
    }
    return names;
  }
  return std::nullopt;
}

const std::vector<diagnose::CpbClass>& CpbClassesForArch(std::string_view arch) {
  return diagnose::verdict_internal::ClassesFor(arch);
}

void ResolveSideFacts(Side& side, const HostFacts& host) {
  const results::RunResult& run = side.run;
  const bool imported = run.source.kind == "imported";
  const bool same_machine =
      side.origin == SideOrigin::kLive ||
      (!imported && !run.machine.cpu_model.empty() && run.machine.cpu_model == host.cpu_model);
  if (same_machine && host.core_hz > 0) {
    side.clock =
        Range(host.core_hz * (1 - kCoreClockTolerance), host.core_hz * (1 + kCoreClockTolerance),
              side.origin == SideOrigin::kLive
                  ? fmt::format("at its effective clock ({})", report::FormatHz(host.core_hz))
                  : fmt::format("at this machine's effective clock ({}, same CPU model)",
                                report::FormatHz(host.core_hz)));
  } else if (!imported && run.machine.tick_counter == "tsc" && run.machine.tick_rate_hz > 0) {
    side.clock =
        Range(run.machine.tick_rate_hz * kTscLowFactor, run.machine.tick_rate_hz * kTscHighFactor,
              fmt::format("at {}-{}x its TSC rate ({}; core clock {})", kTscLowFactor,
                          kTscHighFactor, report::FormatHz(run.machine.tick_rate_hz),
                          side.origin == SideOrigin::kLive ? "not trusted" : "not recorded"));
  } else {
    side.clock = UnknownClock();
  }

  side.cpu_features.reset();
  side.features_source.clear();
  if (std::optional<std::vector<std::string>> names = CapabilityBitNames(run)) {
    side.cpu_features = std::move(names);
    side.features_source = "capability vector";
    return;
  }
  if (side.origin == SideOrigin::kLive && !host.cpu_features.empty()) {
    side.cpu_features = host.cpu_features;
    side.features_source = "this machine";
    return;
  }
  // The CPU's own flags/Features line (1.x prints no vector): what it shows present, less what
  // a mask set for the run clears (LibraryCanUse).
  const diagnose::CpuClues clues = diagnose::ReadCpuClues(run);
  if (clues.flags_family.empty()) {
    return;
  }
  std::vector<std::string> usable;
  for (const diagnose::CpuFeatureClue& clue : clues.features) {
    if (clue.from_flags && clue.present && LibraryCanUse(side, clue.name).value_or(false) &&
        std::find(usable.begin(), usable.end(), clue.name) == usable.end()) {
      usable.push_back(clue.name);
    }
  }
  side.cpu_features = std::move(usable);
  side.features_source = "CPU flags line";
}

std::string SideLetter(size_t index) {
  if (index < 26) {
    return std::string(1, static_cast<char>('A' + index));
  }
  return fmt::format("S{}", index + 1);
}

}  // namespace cryptobench::compare
