// `cryptobench compare A B [C ...]`: sides from files and live builds (measured interleaved by
// app/live_session.h), then compared with the first side, rendered and saved.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>

#include <fmt/format.h>

#include "algorithms/catalog.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "core/errors.h"
#include "core/utc.h"
#include "cpu/cpu_info.h"
#include "measure/sampler.h"
#include "report/catalog_entry.h"
#include "report/formats.h"
#include "report/sanitize.h"
#include "results/json.h"
#include "results/limits.h"

#include "app/live_session.h"
#include "app/machine.h"
#include "compare/compare.h"
#include "compare/render.h"
#include "compare/side_spec.h"
#include "compare/sides.h"
#include "store/store.h"

namespace cryptobench::cli {
namespace {

// Rounds per live side: enough to alternate the order, few enough to stay quick.
constexpr int kMaxRounds = 20;

std::string ReadSideFile(const std::string& path) {
  return ReadInputText(path, fmt::format("cannot read '{}'", path));
}

std::vector<std::string> SplitCommas(const std::string& text) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ',')) {
    if (!item.empty()) {
      out.push_back(item);
    }
  }
  return out;
}

int ParseRounds(const std::string& text) {
  char* end = nullptr;
  const long value = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || end != text.c_str() + text.size() || value < 1 || value > kMaxRounds) {
    throw UsageError(
        fmt::format("--rounds '{}': expected a whole number from 1 to {}", text, kMaxRounds));
  }
  return static_cast<int>(value);
}

// Keeps only the algorithms of `run` whose canonical name is in `names`.
void FilterAlgorithms(results::RunResult& run, const std::set<std::string>& names) {
  std::vector<results::AlgorithmResult> kept;
  for (results::AlgorithmResult& alg : run.algorithms) {
    if (names.count(report::CanonicalAlgorithmName(alg)) != 0) {
      kept.push_back(std::move(alg));
    }
  }
  run.algorithms = std::move(kept);
}

// Keeps the cells of symmetric algorithms whose input size is in `sizes`; public-key cells
// (a fixed message or none) are kept whole.
void FilterSizes(results::RunResult& run, const std::set<uint64_t>& sizes) {
  for (results::AlgorithmResult& alg : run.algorithms) {
    if (alg.kind == "signature" || alg.kind == "key_agreement") {
      continue;
    }
    std::erase_if(alg.cells,
                  [&](const results::Cell& cell) { return sizes.count(cell.input_len) == 0; });
  }
}

// The file sides' row named `name` (ignoring case), as the sides spell it; "" when none has it.
std::string RowNamed(const std::vector<compare::Side>& sides, const std::string& name) {
  const auto lower = [](std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
  };
  for (const compare::Side& side : sides) {
    for (const results::AlgorithmResult& alg : side.run.algorithms) {
      const std::string canonical = report::CanonicalAlgorithmName(alg);
      if (lower(canonical) == lower(name)) {
        return canonical;
      }
    }
  }
  return "";
}

// The file a side's label names when the side is one of several runs of that file
// ("runs.txt#2", "x.json#1 (openssl)": docs/compare.md, section 1); "" for a side that is a
// file's only run or a live build.
std::string_view FileOfRunLabel(std::string_view label) {
  const size_t hash = label.rfind('#');
  if (hash == std::string_view::npos || hash == 0) {
    return {};
  }
  size_t end = hash + 1;
  while (end < label.size() && label[end] >= '0' && label[end] <= '9') {
    ++end;
  }
  if (end == hash + 1 || (end != label.size() && label.substr(end, 2) != " (")) {
    return {};
  }
  return label.substr(0, hash);
}

// The error for two sides with no cell in common. When both are runs of one file, the reader
// gave that file and expected its runs each to meet the other file's: every side is compared
// with A, the first run (docs/compare.md, section 1), and this says so (tryout 19: "B
// (p16-ctrl.txt#3) and A (p16-ctrl.txt#2)" named no side of the second file).
std::string NoCellInCommon(const compare::Side& a, const compare::Side& b,
                           const std::vector<compare::Side>& sides) {
  const std::string_view file = FileOfRunLabel(a.label);
  std::string why;
  // A side without figures (an `openssl version -a` paste alone) has nothing to meet the other
  // side's: that is the reason, not which cells each has (new-user tryout 20, n16).
  std::vector<const compare::Side*> bare;
  for (const compare::Side* side : {&b, &a}) {
    const bool figures = std::any_of(
        side->run.algorithms.begin(), side->run.algorithms.end(),
        [](const results::AlgorithmResult& alg) {
          return std::any_of(alg.cells.begin(), alg.cells.end(),
                             [](const results::Cell& cell) { return cell.figures.has_value(); });
        });
    if (!figures) {
      bare.push_back(side);
    }
  }
  if (!bare.empty()) {
    std::string names;
    bool version_only = true;
    for (const compare::Side* side : bare) {
      names += fmt::format("{}{} ({})", names.empty() ? "" : " and ", side->letter, side->label);
      version_only =
          version_only && side->run.algorithms.empty() && !side->run.library.version.empty();
    }
    return fmt::format(
        "{} {} no figures: {} only {}, so there is nothing to compare (give a file with benchmark "
        "output, such as openssl speed's)",
        names, bare.size() == 1 ? "has" : "have",
        bare.size() == 1 ? "its text holds" : "their texts hold",
        version_only ? "the library's version and build (`openssl version` output)"
                     : "lines from which no figure was read");
  }
  if (!file.empty() && file == FileOfRunLabel(b.label)) {
    const bool other_files =
        std::any_of(sides.begin(), sides.end(),
                    [&](const compare::Side& side) { return FileOfRunLabel(side.label) != file; });
    why = fmt::format(
        "; both are runs of {}, and every side is compared with A, the first run of the first "
        "file{}: give a run to compare in a file of its own",
        file, other_files ? " (not with another file's runs)" : "");
  }
  return fmt::format(
      "{} ({}) and {} ({}) have no cell (algorithm, operation, input size) in common: nothing "
      "to compare{} (import or report shows each file's cells)",
      b.letter, b.label, a.letter, a.label, why);
}

}  // namespace

int RunCompare(const CompareCommandOptions& options) {
  if (options.tls || AnyTlsResultFile(options.files)) {
    return RunCompareTls(options);
  }
  // Validate everything before reading or measuring anything.
  // The terminal gets --format, or the table beside --output files, each in the format its
  // extension names, else --format's (as speed's).
  const compare::CompareFormat format =
      options.outputs.empty() ? report::ChooseFormat(report::Producer::kCompare, options.format)
                              : report::Format::kTable;
  const double threshold = compare::ParsePercent(options.threshold, "--threshold");
  const bool gate = !options.fail_if_slower.empty();
  const double fail_fraction =
      gate ? compare::ParsePercent(options.fail_if_slower, "--fail-if-slower") : 0;
  const int rounds = ParseRounds(options.rounds);
  std::vector<compare::LiveSpec> specs;
  for (const std::string& lib : options.libs) {
    specs.push_back(compare::ParseLibSpec(lib));
  }
  compare::CheckUniqueNames(specs);
  compare::ApplyEnvSpecs(options.env, specs);
  std::vector<std::string> labels = compare::FileLabels(options.files, specs);
  compare::CheckDistinctFiles(options.files);
  if (std::count(options.files.begin(), options.files.end(), "-") > 1) {
    throw UsageError("standard input ('-') can be only one side");
  }
  // Names the catalogue lacks (ML-KEM-768 in an OpenSSL 3.5 paste) may still be rows of the
  // file sides: those filter them; the live sides measure only catalogued algorithms.
  std::vector<const AlgorithmInfo*> chosen;
  std::vector<std::string> uncatalogued;
  if (!options.algorithms.empty()) {
    std::vector<std::string> catalogued;
    for (const std::string& name : SplitCommas(options.algorithms)) {
      (FindAlgorithm(name) != nullptr ? catalogued : uncatalogued).push_back(name);
    }
    if (catalogued.empty() && uncatalogued.empty()) {
      throw UsageError("--algorithms: expected comma-separated algorithm names");
    }
    chosen = ResolveAlgorithms(catalogued);
  }
  const std::vector<uint64_t> bytes =
      options.bytes.empty() ? std::vector<uint64_t>{} : ParseInputSizes(options.bytes);
  measure::SamplerConfig sampler;
  sampler.precision = ParsePrecision(options.precision);
  sampler.max_seconds = ParseMaxSeconds(options.max_seconds);
  const std::vector<OutputFile> files = ResolveOutputFiles(
      report::Producer::kCompare, options.format, options.outputs, options.files, options.store);

  // --save: a store that cannot be used stops the command before anything is read or measured.
  const std::unique_ptr<store::Store> save_store =
      OpenStoreForSaving({options.store, options.save, options.name}, false);

  // The sides in the order they are compared: as given, except that --fail-if-slower with two
  // stored runs takes the older as the baseline (A) whichever order they are given in, so that
  // `compare store:last store:baseline` and `compare store:baseline store:last` gate alike.
  std::vector<std::string> side_files = options.files;
  std::unique_ptr<store::Store> store;
  const auto is_stored = [](const std::string& path) { return path.rfind("store:", 0) == 0; };
  if (gate && specs.empty() && side_files.size() == 2 && is_stored(side_files[0]) &&
      is_stored(side_files[1])) {
    store = store::OpenStore(StoreLocation(options.store), store::StoreAccess::kRead);
    const int64_t first = ResolveRun(*store, side_files[0].substr(6));
    const int64_t second = ResolveRun(*store, side_files[1].substr(6));
    const std::optional<results::RunResult> first_run = store->LoadRun(first);
    const std::optional<results::RunResult> second_run = store->LoadRun(second);
    if (first_run && second_run && second_run->created_utc < first_run->created_utc) {
      std::fprintf(stderr,
                   "note: --fail-if-slower: %s (run %lld, %s) was measured before %s (run %lld, "
                   "%s): the older stored run is the baseline, A\n",
                   report::SafeText(side_files[1]).c_str(), static_cast<long long>(second),
                   report::SafeText(second_run->created_utc).c_str(),
                   report::SafeText(side_files[0]).c_str(), static_cast<long long>(first),
                   report::SafeText(first_run->created_utc).c_str());
      std::swap(side_files[0], side_files[1]);
      labels = compare::FileLabels(side_files, specs);
    }
  }
  std::vector<compare::Side> sides;
  std::map<int64_t, std::string> selected_runs;  // first run of a batch -> the selector
  for (size_t i = 0; i < side_files.size(); ++i) {
    const std::string& path = side_files[i];
    const std::string display = path == "-" ? "<stdin>" : path;
    std::string text;
    std::string source = display;
    if (path.rfind("store:", 0) == 0) {
      // A stored run (docs/store.md): store:last, store:ID or store:NAME.
      if (!store) {
        store = store::OpenStore(StoreLocation(options.store), store::StoreAccess::kRead);
      }
      const int64_t id = ResolveRun(*store, path.substr(6));
      // The runs saved with it (speed --backend a,b --save): one side each, as from a file.
      const std::vector<int64_t> batch = store->BatchOf(id);
      if (const auto seen = selected_runs.find(batch.front()); seen != selected_runs.end()) {
        throw UsageError(
            fmt::format("{} and {} select the same stored run{} ({}); each side "
                        "must be a different run",
                        seen->second, path, batch.size() > 1 ? "s" : "", fmt::join(batch, ", ")));
      }
      selected_runs.emplace(batch.front(), path);
      std::vector<results::RunResult> runs;
      for (const int64_t member : batch) {
        std::optional<results::RunResult> run = store->LoadRun(member);
        if (run) {
          runs.push_back(std::move(*run));
        }
      }
      text = results::RunsToJsonText(runs);
      source = batch.size() == 1 ? fmt::format("{} (run {})", path, id)
                                 : fmt::format("{} (runs {})", path, fmt::join(batch, ", "));
    } else {
      text = ReadSideFile(path);
    }
    for (compare::Side& side :
         compare::LoadFileSides(text, source, path == "-" ? "stdin" : labels[i])) {
      report::SanitizeRun(side.run);  // strings from a file reach the report printable only
      sides.push_back(std::move(side));
    }
  }
  size_t file_cells = 0;
  for (const compare::Side& side : sides) {
    for (const results::AlgorithmResult& alg : side.run.algorithms) {
      file_cells += alg.cells.size();
    }
  }
  if (file_cells > results::kMaxCellsPerCompare) {
    // Each row of the comparison costs a few KiB: memory stays bounded by the inputs' size.
    throw UsageError(fmt::format("the files hold {} cells, more than the {} one compare reads",
                                 file_cells, results::kMaxCellsPerCompare));
  }
  if (specs.empty() && !options.live_only_given.empty()) {
    throw UsageError(
        fmt::format("{}: sets how live sides (--lib NAME=PATH) are measured, and "
                    "there is none; file sides keep their own figures",
                    options.live_only_given.front()));
  }
  if (sides.size() + specs.size() < 2) {
    throw UsageError(fmt::format(
        "compare needs at least two sides (files, runs in a file, or --lib NAME=PATH); got {}",
        sides.size() + specs.size()));
  }
  if (!chosen.empty() || !uncatalogued.empty()) {
    std::set<std::string> names;
    for (const AlgorithmInfo* alg : chosen) {
      names.insert(std::string(alg->name));
    }
    for (const std::string& name : uncatalogued) {
      const std::string row = RowNamed(sides, name);
      if (row.empty()) {
        ResolveAlgorithms({name});  // throws the usual "unknown algorithm" error
      }
      if (!specs.empty()) {
        throw UsageError(fmt::format(
            "--algorithms: {} is a row of the file sides but not a catalogued algorithm, so the "
            "live sides cannot measure it",
            row));
      }
      names.insert(row);
    }
    for (compare::Side& side : sides) {
      FilterAlgorithms(side.run, names);
    }
  }
  if (!bytes.empty() && !sides.empty()) {
    const std::set<uint64_t> sizes(bytes.begin(), bytes.end());
    std::set<uint64_t> held;
    size_t kept = 0;
    const auto symmetric = [](const results::AlgorithmResult& alg) {
      return alg.kind != "signature" && alg.kind != "key_agreement";
    };
    for (compare::Side& side : sides) {
      for (const results::AlgorithmResult& alg : side.run.algorithms) {
        for (const results::Cell& cell : alg.cells) {
          if (symmetric(alg)) {
            held.insert(cell.input_len);
          }
        }
      }
      FilterSizes(side.run, sizes);
      for (const results::AlgorithmResult& alg : side.run.algorithms) {
        kept += symmetric(alg) ? alg.cells.size() : 0;
      }
    }
    if (kept == 0 && !held.empty() && specs.empty()) {
      throw UsageError(
          fmt::format("--bytes '{}': the files hold no cell of these sizes (they "
                      "hold {})",
                      options.bytes, fmt::join(held, ", ")));
    }
  }

  bool live_failures = false;
  if (!specs.empty()) {
    const std::vector<const AlgorithmInfo*> algorithms =
        chosen.empty() ? app::LiveAlgorithms(sides) : chosen;
    const std::vector<uint64_t> sizes = bytes.empty() ? app::LiveSizes(sides) : bytes;
    std::vector<app::LiveSide> live;
    for (const compare::LiveSpec& spec : specs) {
      live.push_back(app::OpenLiveSide(spec, ResolveLibraryPath(spec.path, true), sizes, sampler));
    }
    const bool show = options.progress && isatty(STDERR_FILENO) != 0;
    std::vector<results::RunResult> runs = app::MeasureLiveSides(
        live, algorithms, rounds,
        show ? app::LiveProgressFn([](size_t done, size_t total, const std::string& side,
                                      const AlgorithmInfo& alg) {
          ShowProgressLine(fmt::format("[{}/{}] {}: {}", done, total, side, alg.name));
        })
             : app::LiveProgressFn());
    if (show) {
      ClearProgressLine();
    }
    for (size_t i = 0; i < runs.size(); ++i) {
      live_failures = live_failures || results::HasFailures(runs[i]);
      compare::Side side = compare::LiveSide(std::move(runs[i]), specs[i].name);
      side.rounds = rounds;
      sides.push_back(std::move(side));
    }
  }

  const cpu::CpuFacts facts = cpu::GatherCpuFacts(cpu::RealSystemReader());
  // The effective clock costs ~0.1 s: measure it only for sides from this machine.
  bool need_clock = !specs.empty();
  for (const compare::Side& side : sides) {
    need_clock = need_clock ||
                 (side.run.source.kind != "imported" && side.run.machine.cpu_model == facts.model);
  }
  const compare::HostFacts host = app::GatherHostFacts(facts, need_clock);
  for (compare::Side& side : sides) {
    compare::ResolveSideFacts(side, host);
  }
  compare::CompareOptions compare_options;
  compare_options.threshold = threshold;
  compare::CompareReport report = compare::Compare(std::move(sides), compare_options);
  if (gate) {
    if (const std::optional<size_t> pair = compare::FirstPairWithNothingCompared(report)) {
      const compare::Side& a = report.sides[report.pairs[*pair].a_index];
      const compare::Side& b = report.sides[report.pairs[*pair].b_index];
      throw UsageError(fmt::format(
          "--fail-if-slower: {} ({}) and {} ({}) have no cell (algorithm, operation, input "
          "size) measured on both, so the gate has nothing to judge (import or report shows "
          "each side's cells)",
          b.letter, b.label, a.letter, a.label));
    }
  }
  if (const std::optional<size_t> pair = compare::FirstPairWithNoCellInCommon(report);
      pair && compare::NoPairHasCellInCommon(report)) {
    // An empty comparison is no answer: a wrong file, or --algorithms/--bytes for another run.
    // A side sharing no cell with A beside sides that share some is shown with its cells under
    // "Not compared" (its pair's summary says nothing was compared).
    const compare::Side& a = report.sides[report.pairs[*pair].a_index];
    const compare::Side& b = report.sides[report.pairs[*pair].b_index];
    throw UsageError(NoCellInCommon(a, b, report.sides));
  }
  report.created_utc = UtcTimestamp();
  report.tool_version = CRYPTOBENCH_VERSION;

  const auto rendered = [&report](compare::CompareFormat as) {
    std::ostringstream out;
    compare::RenderCompare(report, as, out);
    return std::move(out).str();
  };
  // The files first: a terminal reader that has gone (`| head`) must not cost them.
  for (const OutputFile& file : files) {
    WriteReportOutput(file.path, rendered(file.format));
  }
  WriteReportOutput("", rendered(format));
  bool save_failed = false;
  if (save_store) {
    // One run of several libraries, one per side; only a live side's file is hashed (a file
    // side's path names a file of the machine it was measured on).
    store::DocumentRun run;
    run.created_utc = report.created_utc;
    run.document = compare::CompareToJson(report).dump(
        -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    run.machine = app::MachineInfoFrom(facts);
    for (const compare::Side& side : report.sides) {
      run.libraries.push_back(
          {side.letter, side.run.library, side.origin == compare::SideOrigin::kLive});
    }
    save_failed = !SaveWrittenDocumentRuns(
        *save_store, {run},
        LocalSaveInfo({options.store, options.save, options.name}, "compare", options.command_line),
        "the comparison was written; it was not saved");
  }
  if (live_failures) {
    std::fprintf(stderr,
                 "note: some live cells failed (FAILED KAT, crash or timeout); they are listed "
                 "as not compared\n");
    return kExitFailure;
  }
  if (gate) {
    if (const size_t untested = compare::CountUntestedRegressions(report, fail_fraction)) {
      std::fprintf(stderr,
                   "note: --fail-if-slower: %zu row(s) slower by more than %g%% could not be "
                   "tested (single figures, a CI that includes no change, or a figure the "
                   "report marks 'cannot tell') and do not fail the gate\n",
                   untested, fail_fraction * 100);
    }
  }
  if (gate) {
    const std::vector<std::string> failed = compare::GateFailures(report, fail_fraction);
    if (!failed.empty()) {
      std::fprintf(stderr, "--fail-if-slower %g%%: failed by %zu cell%s: %s\n", fail_fraction * 100,
                   failed.size(), failed.size() == 1 ? "" : "s",
                   report::SafeText(fmt::format("{}", fmt::join(failed, ", "))).c_str());
      return kExitFailure;
    }
  }
  return save_failed ? kExitFailure : kExitOk;
}

}  // namespace cryptobench::cli
