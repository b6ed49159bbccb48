// `cryptobench compare --tls`: tls result files and live builds side by side. Live sides run
// the same cells, side after side in alternating order for --rounds rounds, their samples
// pooled per cell; then each side's AEAD ceiling.
#include <unistd.h>

#include <algorithm>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "cli/tls_internal.h"
#include "core/errors.h"
#include "core/utc.h"
#include "cpu/cpu_info.h"
#include "report/formats.h"
#include "report/sanitize.h"
#include "results/json.h"
#include "results/limits.h"

#include "app/machine.h"
#include "compare/live.h"
#include "compare/ratio.h"
#include "compare/render.h"
#include "compare/side_spec.h"
#include "import/parse_util.h"
#include "import/text_encoding.h"
#include "store/store.h"
#include "tls/compare.h"
#include "tls/json.h"

namespace cryptobench::cli {
namespace {

// Adds `from`'s samples to the cell of `into` with the same configuration (a later round).
void Pool(std::vector<tls::TlsCell>& into, const std::vector<tls::TlsCell>& from) {
  for (size_t i = 0; i < into.size() && i < from.size(); ++i) {
    tls::TlsCell& cell = into[i];
    const tls::TlsCell& more = from[i];
    if (cell.status == results::CellStatus::kOk && more.status != results::CellStatus::kOk) {
      cell.status = more.status;  // a failure in any round fails the cell
      cell.message = more.message;
      cell.samples.clear();
    }
    if (cell.status == results::CellStatus::kOk) {
      cell.samples.insert(cell.samples.end(), more.samples.begin(), more.samples.end());
      cell.verified_bytes += more.verified_bytes;
      cell.resumed_handshakes += more.resumed_handshakes;
    }
  }
}

tls::TlsRun ReadTlsSide(const std::string& path) {
  const std::string text =
      import::DocumentAsUtf8(ReadInputText(path, fmt::format("cannot read '{}'", path)));
  nlohmann::json doc;
  try {
    doc = results::ParseJsonBounded(text);  // memory bounded by the input (results/limits.h)
  } catch (const nlohmann::json::exception& e) {
    throw UsageError(fmt::format("{}: not a tls result (cryptobench tls --format json): {}", path,
                                 import::ShortenJsonError(e.what())));
  } catch (const results::InputLimitError& e) {
    throw UsageError(fmt::format("{}: {}", path, e.what()));
  }
  if (!tls::IsTlsDocument(doc)) {
    throw UsageError(fmt::format(
        "{}: not a tls result (cryptobench tls --format json); compare --tls compares only tls "
        "results and live builds",
        path));
  }
  try {
    return tls::TlsRunFromJson(doc);
  } catch (const std::runtime_error& e) {
    throw UsageError(fmt::format("{}: {}", path, e.what()));
  }
}

}  // namespace

bool AnyTlsResultFile(const std::vector<std::string>& files) {
  for (const std::string& path : files) {
    if (path == "-") {
      continue;  // stdin can be read once: `compare --tls -` says what it is
    }
    try {
      // A SAX pass, no tree: the ordinary compare then reads the file within its bound.
      if (tls::IsTlsDocumentText(import::DocumentAsUtf8(ReadInputText(path, path)))) {
        return true;
      }
    } catch (const std::exception&) {
      // Unreadable or too large: the ordinary compare reports it.
    }
  }
  return false;
}

int RunCompareTls(const CompareCommandOptions& options) {
  const compare::CompareFormat format =
      options.outputs.empty() ? report::ChooseFormat(report::Producer::kCompare, options.format)
                              : report::Format::kTable;
  const double threshold = compare::ParsePercent(options.threshold, "--threshold");
  const bool gate = !options.fail_if_slower.empty();
  const double fail_fraction =
      gate ? compare::ParsePercent(options.fail_if_slower, "--fail-if-slower") : 0;
  for (const char* option : {"--algorithms", "--bytes"}) {
    if ((std::string(option) == "--algorithms" && !options.algorithms.empty()) ||
        (std::string(option) == "--bytes" && !options.bytes.empty())) {
      throw UsageError(fmt::format(
          "{} applies to speed results; compare --tls takes --suites and --transfer-bytes",
          option));
    }
  }
  std::vector<compare::LiveSpec> specs;
  for (const std::string& lib : options.libs) {
    specs.push_back(compare::ParseLibSpec(lib));
  }
  compare::CheckUniqueNames(specs);
  compare::ApplyEnvSpecs(options.env, specs);
  std::map<std::string, std::string> libssls;
  for (const std::string& item : options.libssl) {
    const compare::LiveSpec spec = compare::ParseLibSpec(item);
    if (std::none_of(specs.begin(), specs.end(),
                     [&](const compare::LiveSpec& s) { return s.name == spec.name; })) {
      throw UsageError(
          fmt::format("--libssl {}: no live side {} (--lib {}=PATH)", item, spec.name, spec.name));
    }
    libssls[spec.name] = spec.path;
  }
  const std::vector<std::string> labels = compare::FileLabels(options.files, specs);
  compare::CheckDistinctFiles(options.files);
  if (options.files.size() + specs.size() < 2) {
    throw UsageError(fmt::format(
        "compare --tls needs at least two sides (tls result files or --lib NAME=PATH); got {}",
        options.files.size() + specs.size()));
  }
  const std::string& rounds_text = options.rounds;
  const bool rounds_numeric = !rounds_text.empty() && rounds_text.size() <= 2 &&
                              std::all_of(rounds_text.begin(), rounds_text.end(),
                                          [](char c) { return c >= '0' && c <= '9'; });
  const int rounds = rounds_numeric ? std::stoi(rounds_text) : 0;
  if (rounds < 1 || rounds > 20) {
    throw UsageError(
        fmt::format("--rounds '{}': expected a whole number from 1 to 20", options.rounds));
  }
  // Each live side is a `tls` run of the same cells.
  std::vector<PreparedTls> live;
  for (const compare::LiveSpec& spec : specs) {
    TlsOptions tls_options;
    tls_options.lib = spec.path;
    tls_options.lib_given = true;
    if (const auto it = libssls.find(spec.name); it != libssls.end()) {
      tls_options.libssl = it->second;
      tls_options.libssl_given = true;
    }
    tls_options.suites = options.suites;
    tls_options.transfer_bytes = options.transfer_bytes;
    tls_options.handshakes = options.handshakes;
    tls_options.groups = "X25519";
    tls_options.precision = options.precision;
    // compare's default budget (0.25 s) suits speed cells; a transfer cell needs seconds.
    const bool budget_given =
        std::find(options.live_only_given.begin(), options.live_only_given.end(),
                  "--max-seconds") != options.live_only_given.end();
    tls_options.max_seconds = budget_given ? options.max_seconds : "2";
    for (const auto& [name, value] : spec.env) {
      tls_options.env.push_back(name + "=" + value);
    }
    live.push_back(PrepareTls(tls_options));
  }
  const std::vector<OutputFile> files = ResolveOutputFiles(
      report::Producer::kCompare, options.format, options.outputs, options.files, options.store);
  for (const std::string& file : options.files) {
    if (file.rfind("store:", 0) == 0) {
      throw UsageError(fmt::format(
          "{}: compare --tls compares tls result files and live builds; the store keeps tls "
          "runs as documents: `cryptobench history show ID --format json > FILE` writes one",
          report::SafeText(file)));
    }
  }
  // HTML and CSV are compare's page and records of throughput ratios; a tls comparison has
  // no document for them yet.
  for (const report::Format as : {report::Format::kHtml, report::Format::kCsv}) {
    if (format == as || std::any_of(files.begin(), files.end(),
                                    [&](const OutputFile& file) { return file.format == as; })) {
      throw UsageError(
          fmt::format("{0}: compare --tls cannot write {0}; it writes table, json or "
                      "markdown",
                      report::FormatName(as)));
    }
  }

  // --save: a store that cannot be used stops the command before anything is read or measured.
  const std::unique_ptr<store::Store> save_store =
      OpenStoreForSaving({options.store, options.save, options.name}, false);

  std::vector<tls::TlsSide> sides;
  for (size_t i = 0; i < options.files.size(); ++i) {
    tls::TlsSide side;
    side.label = options.files[i] == "-" ? "stdin" : labels[i];
    side.run = ReadTlsSide(options.files[i]);
    sides.push_back(std::move(side));
  }
  if (!live.empty()) {
    const results::MachineInfo machine =
        app::MachineInfoFrom(cpu::GatherCpuFacts(cpu::RealSystemReader()));
    const bool show = options.progress && isatty(STDERR_FILENO) != 0;
    std::vector<bool> measured(live.size(), false);
    for (int round = 0; round < rounds; ++round) {
      for (size_t index : compare::SideOrder(live.size(), round, 0)) {
        if (show) {
          ShowProgressLine(
              fmt::format("[round {}/{}] {} ...", round + 1, rounds, specs[index].name));
        }
        tls::TlsMeasurement result = tls::RunTlsPlan(live[index].plan, nullptr);
        if (!measured[index]) {
          TakeMeasurement(live[index], std::move(result));
          measured[index] = true;
        } else {
          Pool(live[index].run.transfers, result.transfers);
          Pool(live[index].run.handshakes, result.handshakes);
        }
      }
    }
    for (size_t i = 0; i < live.size(); ++i) {
      if (show) {
        ShowProgressLine(fmt::format("{}: AEAD ceiling ...", specs[i].name));
      }
      live[i].run.machine = machine;
      MeasureCeiling(live[i]);
      tls::DeriveAllTlsFigures(live[i].run);
      tls::TlsSide side;
      side.label = specs[i].name;
      side.live = true;
      side.run = std::move(live[i].run);
      sides.push_back(std::move(side));
    }
    if (show) {
      ClearProgressLine();
    }
  }
  for (size_t i = 0; i < sides.size(); ++i) {
    sides[i].letter = std::string(1, static_cast<char>('A' + std::min<size_t>(i, 25)));
  }
  tls::TlsComparison comparison = tls::CompareTls(std::move(sides), threshold);
  comparison.created_utc = UtcTimestamp();
  comparison.tool_version = CRYPTOBENCH_VERSION;
  for (const tls::TlsPair& pair : comparison.pairs) {
    if (gate && std::none_of(pair.rows.begin(), pair.rows.end(),
                             [](const tls::TlsRow& row) { return row.rate.has_value(); })) {
      throw UsageError(fmt::format(
          "--fail-if-slower: {} and {} have no transfer or handshake measured on both sides, so "
          "the gate has nothing to judge; compare without it to see each side's cells",
          pair.b->letter, pair.a->letter));
    }
  }
  const auto rendered = [&comparison](compare::CompareFormat as) {
    std::ostringstream out;
    tls::RenderTlsComparison(comparison, as, out);
    return std::move(out).str();
  };
  for (const OutputFile& file : files) {
    WriteFileAtomically(file.path, rendered(file.format));
  }
  WriteStdout(rendered(format));
  bool save_failed = false;
  if (save_store) {
    // One run of several libraries, one per side, kept as the JSON document (kind compare_tls);
    // only a live side's library file is hashed (a file side's path names a file of the machine
    // it was measured on). The host is this machine, where the comparison was made.
    store::DocumentRun run;
    run.created_utc = comparison.created_utc;
    run.document = rendered(report::Format::kJson);
    run.machine = app::MachineInfoFrom(cpu::GatherCpuFacts(cpu::RealSystemReader()));
    for (const tls::TlsSide& side : comparison.sides) {
      run.libraries.push_back({side.letter, side.run.library, side.live});
    }
    save_failed =
        !SaveWrittenDocumentRuns(*save_store, {run},
                                 LocalSaveInfo({options.store, options.save, options.name},
                                               "compare_tls", options.command_line),
                                 "the comparison was written; it was not saved");
  }
  bool failed = save_failed;
  for (const tls::TlsSide& side : comparison.sides) {
    failed = failed || (side.live && tls::HasTlsFailures(side.run));
  }
  for (const tls::TlsPair& pair : comparison.pairs) {
    for (const tls::TlsRow& row : pair.rows) {
      if (gate && row.rate && row.rate->verdict == compare::Verdict::kSignificant &&
          row.rate->estimate.ratio < 1 - fail_fraction) {
        failed = true;
      }
    }
  }
  return failed ? kExitFailure : kExitOk;
}

}  // namespace cryptobench::cli
