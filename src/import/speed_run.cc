// Interpretation of `openssl speed` evidence into the result model.
#include "import/speed_run.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "algorithms/catalog.h"
#include "results/cpuinfo_vectors.h"

#include "import/openssl_version.h"
#include "import/parse_util.h"
#include "import/speed_names.h"
#include "import/speed_progress.h"
#include "import/speed_rows.h"

namespace cryptobench::import {
namespace {

using results::AlgorithmResult;
using results::Cell;
using results::CellStatus;
using results::RunResult;

// A time this much longer than the requested run cannot come from a working timer: openssl
// speed stops each test by an alarm after the requested seconds (apps/speed.c, alarm()).
constexpr double kImpossibleTimeFactor = 2.0;
constexpr double kImpossibleTimeSlackSeconds = 1.0;

struct Spread {
  int count = 0;
  double min = 0;
  double max = 0;
  /// False when the paste holds the records of fewer children than -multi started: the
  /// figure (the summary row) covers them all, so these records give no spread of it.
  bool complete = true;
  void Add(double value) {
    min = count == 0 ? value : std::min(min, value);
    max = count == 0 ? value : std::max(max, value);
    ++count;
  }
};

struct Options {
  std::string basis;
  int multi = 0;
};

// Assembles algorithms and cells in order of appearance, remembering which openssl row name
// each cell came from so progress lines can be matched to it.
class Assembler {
 public:
  Assembler(RunResult* run, Options options) : run_(run), options_(std::move(options)) {}

  /// `legacy`: the row was timed through the 1.x low-level API (IsLegacyRow); its cells go into
  /// an algorithm entry of their own (AlgorithmResult::api "legacy"), apart from the EVP row of
  /// the same cipher. `printed`: the figure as the table printed it ("-5.00k", "1e308k"), quoted
  /// by an impossible figure's message and caveat; empty when the figure was computed (progress
  /// lines, -mr records), which then quote the value.
  Cell* Add(const NamedAlgorithm& named, const std::string& row_name, const std::string& op,
            uint64_t input_len, double ops_per_s, std::optional<double> bytes_per_s, size_t line,
            const Spread& children, std::vector<results::CellCaveat> caveats, bool legacy = false,
            std::string_view printed = {}) {
    AlgorithmResult& alg = FindAlgorithm(named, legacy ? "legacy" : "", op, input_len, line);
    Cell cell;
    cell.operation = op;
    cell.input_len = input_len;
    cell.caveats = std::move(caveats);
    const double shown = bytes_per_s ? *bytes_per_s : ops_per_s;
    if (!std::isfinite(shown) || shown < 0) {
      // The cell as pasted: "1e308k" read in 1000s overflows to inf, which line 4 never showed
      // (tryout 19). diagnose/speed_tool.cc's ImpossibleMessage reads the 'k' back.
      const std::string quoted = printed.empty() ? fmt::format("{}", shown) : std::string(printed);
      cell.status = CellStatus::kError;
      cell.message = fmt::format("{} '{}' at line {}", kImpossibleFigurePrefix, quoted, line);
      run_->source.caveats.push_back(fmt::format(
          "Line {}: {} {} reports an impossible figure ({}); the cell is marked as an error.", line,
          row_name, op, quoted));
    } else if (const std::string why =
                   ImplausibleFigure(ops_per_s, bytes_per_s ? &*bytes_per_s : nullptr);
               !why.empty()) {
      cell.status = CellStatus::kError;
      cell.message = fmt::format("{} at line {}: {}", kImplausibleFigurePrefix, line, why);
      run_->source.caveats.push_back(fmt::format(
          "Line {}: {} {}: {}; the cell is marked as an error.", line, row_name, op, why));
    } else if (shown == 0 && options_.multi > 1 && children.count == 0) {
      // apps/speed.c's do_multi sums the children's +F records into the summary; a child that
      // stops before sending its record adds nothing, and the parent prints no line about it.
      cell.status = CellStatus::kError;
      cell.message = fmt::format(
          "openssl speed -multi {}'s summary reported 0 at line {}: no child's result for this "
          "cell reached the parent (a child that crashed or was killed before its +F record "
          "adds nothing to the sum), or the operation failed in every child",
          options_.multi, line);
    } else if (shown == 0) {
      cell.status = CellStatus::kError;
      cell.message = fmt::format(
          "openssl speed reported 0 at line {}: the operation failed or "
          "was not run",
          line);
    } else {
      results::CellFigures f;
      const int samples = children.complete ? std::max(1, children.count) : 1;
      f.num_samples = static_cast<size_t>(samples);
      f.num_workers = samples > 1 ? static_cast<size_t>(samples) : 0;
      f.confidence = 0;
      f.ci_confidence = 0;
      f.ops_per_s = {ops_per_s, ops_per_s, ops_per_s};
      if (bytes_per_s) {
        f.bytes_per_s = results::Estimate{*bytes_per_s, *bytes_per_s, *bytes_per_s};
      }
      f.wall_ns_per_op = 1e9 / ops_per_s;
      if (options_.basis == "user_cpu") {
        f.user_ns_per_op = f.wall_ns_per_op;
        f.cpu_ns_per_op = f.wall_ns_per_op;
      }
      const double scale = bytes_per_s ? 1.0 / static_cast<double>(input_len) : 1.0;
      const bool spread = children.complete && children.count > 0;
      f.worker_min_ops_per_s = spread ? children.min * scale : ops_per_s;
      f.worker_max_ops_per_s = spread ? children.max * scale : ops_per_s;
      cell.figures = f;
    }
    alg.cells.push_back(std::move(cell));
    const auto key = std::make_tuple(row_name, op, input_len);
    if (cells_.count(key) == 0) {
      cells_[key] = {static_cast<size_t>(&alg - run_->algorithms.data()), alg.cells.size() - 1};
    }
    return &alg.cells.back();
  }

  /// True if the algorithm entry `name` (EVP, not legacy) already holds a cell of `op` at
  /// `input_len`: a row of another table of the run measured it.
  bool Holds(const std::string& name, const std::string& op, uint64_t input_len) const {
    const auto it = by_name_.find({name, ""});
    if (it == by_name_.end()) {
      return false;
    }
    const AlgorithmResult& alg = run_->algorithms[it->second];
    return std::any_of(alg.cells.begin(), alg.cells.end(), [&](const Cell& c) {
      return c.operation == op && c.input_len == input_len;
    });
  }

  Cell* Lookup(const std::string& row_name, const std::string& op, uint64_t input_len) {
    const auto it = cells_.find(std::make_tuple(row_name, op, input_len));
    if (it == cells_.end()) {
      return nullptr;
    }
    return &run_->algorithms[it->second.first].cells[it->second.second];
  }

 private:
  AlgorithmResult& FindAlgorithm(const NamedAlgorithm& named, const std::string& api,
                                 const std::string& op, uint64_t input_len, size_t line) {
    std::string name = named.name;
    if (const auto it = by_name_.find({name, api}); it != by_name_.end()) {
      AlgorithmResult& alg = run_->algorithms[it->second];
      const bool clash = std::any_of(alg.cells.begin(), alg.cells.end(), [&](const Cell& c) {
        return c.operation == op && c.input_len == input_len;
      });
      if (!clash) {
        return alg;
      }
      // The same algorithm measured twice in one run (e.g. the EdDSA table and the 3.2+
      // signature-algorithms table): keep both, apart.
      name = fmt::format("{} (line {})", named.name, line);
      if (const auto other = by_name_.find({name, api}); other != by_name_.end()) {
        return run_->algorithms[other->second];
      }
    }
    AlgorithmResult alg;
    alg.algorithm = name;
    alg.kind = named.kind;
    alg.api = api;
    by_name_[{name, api}] = run_->algorithms.size();
    run_->algorithms.push_back(std::move(alg));
    return run_->algorithms.back();
  }

  RunResult* run_;
  Options options_;
  std::map<std::tuple<std::string, std::string, uint64_t>, std::pair<size_t, size_t>> cells_;
  std::map<std::pair<std::string, std::string>, size_t> by_name_;  // (name, api)
};

uint64_t PkInputLen(const std::string& op) {
  return op == "sign" || op == "verify" ? kPublicKeyInputLen : 0;
}

std::string JoinNames(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    out.append(i == 0 ? "'" : ", '");
    out.append(names[i]);
    out.push_back('\'');
  }
  return out;
}

// openssl speed's default test times when -seconds is not given (apps/speed.c, 1.0.x to 3.x:
// SECONDS 3 for each symmetric size; RSA_SECONDS, DSA_SECONDS, ECDSA_SECONDS, ECDH_SECONDS and
// the later public-key ones 10). -seconds N (1.1.1 and later) sets them all to N.
constexpr double kDefaultSymmetricSeconds = 3;
constexpr double kDefaultPublicKeySeconds = 10;

// The -seconds a run's progress lines show ("Doing ... for 5s ..."): every line that states its
// time states the same N, and some line's N is not its default. 0 when they do not tell.
double SecondsFromProgress(const std::vector<Progress>& progress) {
  double seconds = 0;
  bool off_default = false;
  for (const Progress& p : progress) {
    if (p.requested_seconds <= 0) {
      continue;
    }
    if (seconds > 0 && p.requested_seconds != seconds) {
      return 0;  // two times: speed's defaults (3 s and 10 s), or lines of several runs
    }
    seconds = p.requested_seconds;
    off_default = off_default || p.requested_seconds != (p.public_key ? kDefaultPublicKeySeconds
                                                                      : kDefaultSymmetricSeconds);
  }
  return off_default ? seconds : 0;
}

// True for a launcher word that runs the command under the shell's or the system's `time`.
bool IsTimeWord(std::string_view word) { return word == "time" || word.ends_with("/time"); }

// How the run was invoked (results::Invocation): the command line first, then speed's output.
results::Invocation ReadInvocation(const SpeedEvidence& ev, int multi) {
  results::Invocation inv;
  const SpeedCommand& command = ev.command;
  inv.command_line = command.present ? command.line : 0;
  if (multi > 0) {
    inv.multi_from = command.multi == multi        ? "command line"
                     : ev.forked_children == multi ? "Forked child lines"
                                                   : "child records";
  }
  if (command.seconds > 0) {
    inv.seconds = command.seconds;
    inv.seconds_from = "command line";
  } else if (const double seconds = SecondsFromProgress(ev.progress); seconds > 0) {
    inv.seconds = seconds;
    inv.seconds_from = "progress lines";
  }
  inv.elapsed = command.elapsed || ev.elapsed_banner;
  const std::vector<std::string_view> words = SplitWords(command.launcher);
  for (size_t i = 0; i < words.size(); ++i) {
    if (IsTimeWord(words[i])) {
      inv.time_wrapper = true;
    }
    if (inv.pinning.empty() && (words[i] == "taskset" || words[i] == "numactl")) {
      // Up to the next wrapper or environment assignment ("taskset -c 2 nice -n 5 ...").
      const auto wrapper = [](std::string_view word) {
        return IsTimeWord(word) || word == "sudo" || word == "nice" || word == "env" ||
               (!word.starts_with('-') && word.find('=') != std::string_view::npos);
      };
      for (size_t j = i; j < words.size() && (j == i || !wrapper(words[j])); ++j) {
        inv.pinning.append(j == i ? "" : " ").append(words[j]);
      }
    }
  }
  inv.pinned_cpus = command.pinned_cpus;
  inv.async_jobs = command.async_jobs;
  return inv;
}

std::string TimingBasis(const SpeedEvidence& ev, int multi) {
  if (multi > 0 || ev.command.elapsed || ev.elapsed_banner) {
    return "wall_clock";  // -multi children always time by wall clock (apps/speed.c do_multi)
  }
  const bool human_progress = !ev.machine_readable && !ev.progress.empty();
  if (human_progress || ev.command.present) {
    return "user_cpu";  // the banner goes to stderr with the progress lines; it is not there
  }
  return "unknown";
}

void AddBasisCaveats(const std::string& basis, int multi, RunResult* run) {
  if (basis == "user_cpu") {
    run->source.caveats.push_back(
        "Timing basis: user CPU time (openssl speed's default; the -elapsed banner is absent). "
        "Time spent in the kernel, in other threads or on a device is not counted, so the "
        "figures overstate throughput wherever work happens outside the process; cryptobench "
        "measures wall-clock time.");
  } else if (basis == "unknown") {
    run->source.caveats.push_back(
        "Timing basis unknown: the paste has neither the -elapsed banner nor progress lines "
        "(they go to stderr). openssl speed divides by user CPU time unless -elapsed is given.");
  }
  if (multi > 0) {
    run->source.caveats.push_back(fmt::format(
        "-multi {}: figures are the sum of {} processes run side by side, each timed by wall "
        "clock; one process achieved about 1/{} of them, less if they shared cores.",
        multi, multi, multi));
  }
}

// Marks every cell of rows built from progress lines (RowsFromProgress) as recomputed from them.
// How figures recomputed from progress lines were computed, by the kinds recomputed: a symmetric
// figure is bytes/s, operations × size / time; a public-key one ops/s, operations / time
// (apps/speed.c: print_result multiplies count / time by the block length; the RSA, DSA, ECDSA
// and ECDH loops keep count / time).
std::string RecomputedFormula(bool symmetric, bool public_key) {
  if (symmetric && public_key) {
    return "operations × size / time for the symmetric rows, operations / time for the "
           "public-key ones";
  }
  return public_key ? "operations / time" : "operations × size / time";
}

void NoteRecomputed(std::vector<SymRow>* sym_rows, std::vector<PkRow>* pk_rows) {
  for (SymRow& row : *sym_rows) {
    AddRowCaveat(&row, RowCaveat::kAllSizes,
                 fmt::format("recomputed from the progress lines (from line {}), the results "
                             "table lacking its row",
                             row.line),
                 row.line, false);
  }
  for (PkRow& row : *pk_rows) {
    row.caveats.push_back(results::CellCaveat{
        fmt::format("recomputed from the progress lines (from line {}), the results table "
                    "lacking its row",
                    row.line),
        row.line, false});
  }
}

// "12, 14 and 20" for a caveat.
std::string JoinLines(const std::vector<size_t>& lines) {
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == lines.size() ? " and " : ", ") + std::to_string(lines[i]);
  }
  return out;
}

// "Lines 12 and 14: 2 table figures differ by more than 5% from <against>: <examples>. <cause>;
// <kept> figures are kept, in doubt." The caveat of a figure that is not what the records it is
// computed from imply (CheckTableAgainstProgress, CheckTableAgainstChildren). `lines` sorted,
// `cells` >= 1; `against` completes "differ by more than 5% from", for one figure or several;
// examples past the ones given are counted ("; and 2 more"), not elided.
std::string DisagreementCaveat(const std::vector<size_t>& lines, size_t cells,
                               std::string_view figure_kind, std::string_view against,
                               const std::vector<std::string>& examples, std::string_view cause,
                               std::string_view kept) {
  return fmt::format(
      "Lines {}: {} by more than 5% from {}: {}{}. {}; {} figures are kept, in doubt.",
      JoinLines(lines),
      cells == 1 ? fmt::format("a {} differs", figure_kind)
                 : fmt::format("{} {}s differ", cells, figure_kind),
      against, fmt::join(examples, "; "),
      cells > examples.size() ? fmt::format("; and {} more", cells - examples.size()) : "", cause,
      kept);
}

// "12 (nistp256), 14 (brainpoolP256r1)" for a caveat: each progress line with the curve it is
// read as (NameCurvesInTableOrder).
std::string JoinLinesWithCurves(const std::vector<std::pair<size_t, std::string>>& named) {
  std::vector<std::string> parts;
  for (const auto& [line, curve] : named) {
    parts.push_back(fmt::format("{} ({})", line, curve));
  }
  return fmt::format("{}", fmt::join(parts, ", "));
}

// Cells whose progress lines gave several results in a run without -multi (RowsFromProgress).
void AddRepeatedCellsCaveat(std::vector<size_t> lines, RunResult* run) {
  if (lines.empty()) {
    return;
  }
  std::sort(lines.begin(), lines.end());
  run->source.caveats.push_back(fmt::format(
      "Lines {}: more than one result for the same cell, and the paste shows no -multi (the "
      "children of a -multi run whose 'Forked child' lines are not in the paste, runs pasted "
      "together, or curves of one size that progress lines do not name); neither their sum nor "
      "one of them is the run's figure, so those cells are not imported.",
      JoinLines(lines)));
}

// True when a progress line's name and a table row's name are one row's: openssl speed prints
// both from the same names[] entry, so they differ at most in case where a paste or a speed
// build changed it (new-user tryout: progress "aes-128-gcm", table "AES-128-GCM" became two
// rows, the second "(line 15)").
bool SameRowName(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

// Rows measured by progress lines but missing from the table (a row deleted from the paste, a
// table cut short): recomputed from the progress lines and named in a caveat, never dropped.
void AddRowsOnlyInProgress(const std::vector<Progress>& progress, std::vector<uint64_t>* sizes_io,
                           std::vector<SymRow>* sym_rows, std::vector<PkRow>* pk_rows,
                           RunResult* run) {
  const std::vector<uint64_t>& sizes = *sizes_io;
  std::vector<Progress> missing;
  std::vector<std::string> names;
  for (const Progress& p : progress) {
    const bool in_table =
        p.public_key ? std::any_of(pk_rows->begin(), pk_rows->end(),
                                   [&](const PkRow& r) {
                                     return r.family == p.family && PkName(r) == p.name;
                                   })
                     : std::any_of(sym_rows->begin(), sym_rows->end(),
                                   [&](const SymRow& r) { return SameRowName(r.name, p.name); });
    if (!p.has_result || in_table) {
      continue;
    }
    missing.push_back(p);
    if (std::find(names.begin(), names.end(), p.name) == names.end()) {
      names.push_back(p.name);
    }
  }
  if (missing.empty()) {
    return;
  }
  std::vector<uint64_t> missing_sizes = sizes;
  std::vector<SymRow> missing_sym;
  std::vector<PkRow> missing_pk;
  std::vector<size_t> repeated;
  RowsFromProgress(missing, &missing_sizes, &missing_sym, &missing_pk, 1, nullptr, &repeated);
  NoteRecomputed(&missing_sym, &missing_pk);
  AddRepeatedCellsCaveat(repeated, run);
  // Without a symmetric table (only public-key results were final) the progress lines' sizes
  // are the run's.
  const bool no_table = sym_rows->empty() && sizes.empty();
  const bool same_sizes = no_table || missing_sizes == sizes || missing_sym.empty();
  if (no_table && !missing_sym.empty()) {
    *sizes_io = missing_sizes;
  }
  if (same_sizes) {
    sym_rows->insert(sym_rows->end(), missing_sym.begin(), missing_sym.end());
    pk_rows->insert(pk_rows->end(), missing_pk.begin(), missing_pk.end());
  }
  run->source.caveats.push_back(fmt::format(
      "{} {} {} not in the results table, though progress lines (from line {}) measured {}: {}.",
      names.size() == 1 ? "Row" : "Rows", JoinNames(names), names.size() == 1 ? "is" : "are",
      missing.front().line, names.size() == 1 ? "it" : "them",
      same_sizes ? fmt::format("the figures are recomputed from those lines ({}), before "
                               "openssl's own rounding",
                               RecomputedFormula(!missing_sym.empty(), !missing_pk.empty()))
                 : "they are left out, as their sizes differ from the table's"));
}

// -multi: the children (0 .. multi-1) none of whose +F records among `records` is of the cell
// `of_cell` accepts; empty when every child's is, or when such a record names no child (it
// cannot tell).
template <typename Record, typename OfCell>
std::vector<int> ChildrenWithoutRecord(const std::vector<Record>& records, OfCell of_cell,
                                       int multi) {
  std::set<int> children;
  for (const Record& record : records) {
    if (!of_cell(record)) {
      continue;
    }
    if (record.child < 0) {
      return {};
    }
    children.insert(record.child);
  }
  std::vector<int> missing;
  for (int child = 0; child < multi; ++child) {
    if (children.count(child) == 0) {
      missing.push_back(child);
    }
  }
  return missing;
}

std::vector<int> ChildrenWithoutRecord(const std::vector<SymRow>& records, const std::string& name,
                                       int multi) {
  return ChildrenWithoutRecord(
      records, [&](const SymRow& record) { return record.name == name; }, multi);
}

std::vector<int> ChildrenWithoutRecord(const std::vector<PkRow>& records, const PkRow& row,
                                       int multi) {
  return ChildrenWithoutRecord(
      records,
      [&](const PkRow& record) {
        return record.family == row.family && PkName(record) == PkName(row);
      },
      multi);
}

// "only 2 of the 8 children (those of children 2, 3, 4, 5, 6, 7 are not in the paste)", for
// `missing` from ChildrenWithoutRecord.
std::string ChildShortfall(const std::vector<int>& missing, int multi) {
  return fmt::format("only {} of the {} children (those of {} {} are not in the paste)",
                     multi - static_cast<int>(missing.size()), multi,
                     missing.size() == 1 ? "child" : "children", fmt::join(missing, ", "));
}

// -multi: the parent's summary table against the children's records. A summary row named
// otherwise than every record (some speed apps print "evp" for the -evp cipher) is replaced
// by the records' sum, which names the algorithm. When the paste holds the records of fewer
// children than -multi started, their sum would understate the run: the summary row
// (apps/speed.c do_multi's sum of every child's +F record) keeps its figures, under the
// records' name, and a caveat names the children whose records are missing.
void PreferChildRows(const std::vector<SymRow>& records, const std::vector<SymRow>& sums,
                     const std::vector<uint64_t>& child_sizes, int multi, std::vector<SymRow>* rows,
                     std::vector<uint64_t>* sizes, RunResult* run) {
  std::vector<size_t> unmatched_rows;
  std::vector<const SymRow*> unmatched_sums;
  for (size_t i = 0; i < rows->size(); ++i) {
    const SymRow& row = (*rows)[i];
    const auto sum =
        std::find_if(sums.begin(), sums.end(), [&](const SymRow& s) { return s.name == row.name; });
    if (sum == sums.end()) {
      unmatched_rows.push_back(i);
      continue;
    }
    if (const std::vector<int> missing = ChildrenWithoutRecord(records, row.name, multi);
        !missing.empty()) {
      run->source.caveats.push_back(fmt::format(
          "Line {}: the paste holds the children's records of '{}' (from line {}) for {}; the "
          "summary row, openssl's own sum of every child, is kept, with no spread between the "
          "children.",
          row.line, row.name, sum->line, ChildShortfall(missing, multi)));
    }
  }
  for (const SymRow& sum : sums) {
    if (std::none_of(rows->begin(), rows->end(),
                     [&](const SymRow& row) { return row.name == sum.name; })) {
      unmatched_sums.push_back(&sum);
    }
  }
  if (unmatched_rows.empty() || unmatched_rows.size() != unmatched_sums.size() ||
      (child_sizes != *sizes && !sizes->empty())) {
    return;
  }
  for (size_t k = 0; k < unmatched_rows.size(); ++k) {
    SymRow& row = (*rows)[unmatched_rows[k]];
    const SymRow& sum = *unmatched_sums[k];
    if (const std::vector<int> missing = ChildrenWithoutRecord(records, sum.name, multi);
        !missing.empty()) {
      run->source.caveats.push_back(fmt::format(
          "Line {}: the summary row '{}' stands for the children's records of '{}' (from line "
          "{}), which the paste holds for {}; their sum would understate the run, so the "
          "summary row, openssl's own sum of every child, is kept under that name, with no "
          "spread between the children.",
          row.line, row.name, sum.name, sum.line, ChildShortfall(missing, multi)));
      row.name = sum.name;
      continue;
    }
    run->source.caveats.push_back(fmt::format(
        "Line {}: the summary row '{}' stands for the children's records of '{}' (from line "
        "{}); their sum is kept, under that name.",
        row.line, row.name, sum.name, sum.line));
    row = sum;
  }
  if (sizes->empty()) {
    *sizes = child_sizes;
  }
}

// -multi: a summary row whose rates are missing, zero or infinite (a speed app's bug) while the
// children's records hold figures is replaced by the records' sum, unless the paste holds the
// records of fewer children than -multi started: that sum would understate the run, so the row
// stays as printed and a caveat names the children whose records are missing.
void PreferChildPkRows(const std::vector<PkRow>& records, const std::vector<PkRow>& sums, int multi,
                       std::vector<PkRow>* rows, RunResult* run) {
  for (PkRow& row : *rows) {
    const bool broken = std::any_of(row.ops_per_s.begin(), row.ops_per_s.end(), [](const auto& op) {
      return !std::isfinite(op.second) || op.second <= 0;
    });
    if (!broken) {
      continue;
    }
    const auto sum = std::find_if(sums.begin(), sums.end(), [&](const PkRow& s) {
      return s.family == row.family && PkName(s) == PkName(row);
    });
    if (sum == sums.end()) {
      continue;
    }
    if (const std::vector<int> missing = ChildrenWithoutRecord(records, row, multi);
        !missing.empty()) {
      run->source.caveats.push_back(fmt::format(
          "Line {}: the summary row '{}' prints no usable rate (zero or infinite), and the "
          "paste holds the children's records (from line {}) for {}: their sum would "
          "understate the run, so it does not replace the row.",
          row.line, PkName(row), sum->line, ChildShortfall(missing, multi)));
      continue;
    }
    run->source.caveats.push_back(fmt::format(
        "Line {}: the summary row '{}' prints no usable rate (zero or infinite) although the "
        "children's records (from line {}) measured it; their sum is kept.",
        row.line, PkName(row), sum->line));
    row = *sum;
  }
}

// Table rows with figures missing at some sizes (cut short, or shortened with "...") get them
// from the progress lines of the same row and size, where the paste has them.
void FillCutRowsFromProgress(const std::vector<Progress>& progress,
                             const std::vector<uint64_t>& sizes, std::vector<SymRow>* rows,
                             RunResult* run) {
  for (SymRow& row : *rows) {
    std::vector<size_t> lines;
    std::set<size_t> recomputed;  // size indices
    for (size_t i = 0; i < row.bytes_per_s.size() && i < sizes.size(); ++i) {
      if (row.bytes_per_s[i]) {
        continue;
      }
      for (const Progress& p : progress) {
        if (!p.public_key && p.has_result && SameRowName(p.name, row.name) &&
            p.input_len == sizes[i] && p.seconds > 0) {
          row.bytes_per_s[i] = p.count * static_cast<double>(p.input_len) / p.seconds;
          lines.push_back(p.line);
          recomputed.insert(i);
          AddRowCaveat(&row, i,
                       fmt::format("recomputed from progress line {}, the row (line {}) lacking "
                                   "this figure",
                                   p.line, row.line),
                       p.line, false);
        }
      }
    }
    if (!lines.empty()) {
      // The row's own caveats (cut short, damaged) concern the figures it printed, not those
      // recomputed from progress lines: they move from every size to the printed ones.
      std::vector<RowCaveat> caveats;
      for (const RowCaveat& caveat : row.caveats) {
        if (caveat.size_index != RowCaveat::kAllSizes) {
          caveats.push_back(caveat);
          continue;
        }
        for (size_t i = 0; i < row.bytes_per_s.size(); ++i) {
          if (recomputed.count(i) == 0) {
            caveats.push_back(RowCaveat{i, caveat.caveat});
          }
        }
      }
      row.caveats = std::move(caveats);
      run->source.caveats.push_back(fmt::format(
          "Line {}: the row '{}' lacks figures that progress {} {} measured; they are recomputed "
          "from {} (operations × size / time).",
          row.line, row.name, lines.size() == 1 ? "line" : "lines", JoinLines(lines),
          lines.size() == 1 ? "it" : "them"));
    }
  }
}

// "12% more", or "1000 times less" where the two are more than 2x apart (a percentage of
// 99.9% less would read as nothing left).
std::string HowFarOff(double value, double implied) {
  const double ratio = value / implied;
  if (ratio >= 2 || ratio <= 0.5) {
    const double times = ratio > 1 ? ratio : 1 / ratio;
    return fmt::format("{:.{}f} times {}", times, times >= 10 ? 0 : 1, ratio > 1 ? "more" : "less");
  }
  return fmt::format("{:.0f}% {}", 100 * std::abs(value - implied) / implied,
                     value > implied ? "more" : "less");
}

// A table figure against the rate its progress line implies. apps/speed.c's print_result
// prints "<count> <name>'s in <t>s" with t to two decimals and sets the table's figure to
// count / t × size from the same unrounded t, so the two differ only by that rounding. A figure
// more than 5% outside what the printed time allows is not the one its progress line measured:
// the table was edited, or comes from another run than the progress lines above it. The table's
// figure is kept, in doubt, and one caveat names the lines. `mr`: -mr output, whose +F record
// holds the figure in bytes/s ("%.2f") and whose +R record the count and time ("%f"), from the
// same count and time. A progress line matched only when it is the one result for its cell, and
// no -multi (its table is the children's sum: CheckTableAgainstChildren).
void CheckTableAgainstProgress(const std::vector<Progress>& progress,
                               const std::vector<uint64_t>& sizes, bool mr,
                               std::vector<SymRow>* rows, RunResult* run) {
  constexpr double kHalfCentisecond = 0.005;  // "%.2fs"
  constexpr double kSlack = 0.05;
  const char* figure_kind = mr ? "+F figure" : "table figure";
  const char* line_kind = mr ? "+R record" : "progress line";
  std::vector<std::string> examples;
  std::vector<size_t> lines;
  size_t cells = 0;
  for (SymRow& row : *rows) {
    if (row.child >= 0) {
      continue;
    }
    for (size_t i = 0; i < row.bytes_per_s.size() && i < sizes.size(); ++i) {
      const bool printed = i < row.printed.size() && !row.printed[i].empty();
      if (!row.bytes_per_s[i] || (!printed && !mr) || !std::isfinite(*row.bytes_per_s[i])) {
        continue;
      }
      const Progress* match = nullptr;
      size_t matches = 0;
      for (const Progress& p : progress) {
        if (!p.public_key && p.has_result && p.name == row.name && p.input_len == sizes[i]) {
          match = &p;
          ++matches;
        }
      }
      if (matches != 1 || match->seconds <= kHalfCentisecond || match->count <= 0) {
        continue;
      }
      const double bytes = match->count * static_cast<double>(sizes[i]);
      const double slowest = bytes / (match->seconds + kHalfCentisecond);
      const double fastest = bytes / (match->seconds - kHalfCentisecond);
      const double value = *row.bytes_per_s[i];
      if (value >= slowest * (1 - kSlack) && value <= fastest * (1 + kSlack)) {
        continue;
      }
      const double implied = bytes / match->seconds;
      const std::string shown = printed ? row.printed[i]
                                        : (mr ? fmt::format("{:.2f} bytes/s", value)
                                              : fmt::format("{:.2f}k", value / 1000));
      // Completes "the figure was ..." (results::CellCaveat::text).
      AddRowCaveat(&row, i,
                   fmt::format("printed as {}, {} than the {:.2f}k its {} {} implies ({} in "
                               "{:.2f}s): an edited {} or another run's figure",
                               shown, HowFarOff(value, implied), implied / 1000, line_kind,
                               match->line, match->count, match->seconds, mr ? "record" : "table"),
                   row.line, true);
      ++cells;
      lines.push_back(row.line);
      lines.push_back(match->line);
      if (examples.size() < 3) {
        examples.push_back(
            fmt::format("line {} prints {} for {} at {} bytes, line {} implies "
                        "{:.2f}k",
                        row.line, shown, row.name, sizes[i], match->line, implied / 1000));
      }
    }
  }
  if (cells == 0) {
    return;
  }
  std::sort(lines.begin(), lines.end());
  lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
  run->source.caveats.push_back(DisagreementCaveat(
      lines, cells, figure_kind,
      fmt::format(
          "what {} {} (operations × size / time; openssl speed computes {} from the "
          "same count and time)",
          cells == 1 ? "its" : "their",
          cells == 1 ? fmt::format("{} implies", line_kind) : fmt::format("{}s imply", line_kind),
          mr ? "both records" : "the table"),
      examples,
      mr ? "The records were edited, or come from different runs (or one was printed in "
           "another unit)"
         : "The table was edited, or comes from another run than the progress lines",
      mr ? "the +F" : "its"));
}

// -multi: apps/speed.c's do_multi adds up every child's +F record (bytes/s) into the summary
// table it prints ("%.2fk"), so a summary figure more than 5% from the sum of the children's
// records the paste holds (all of them) is not that sum: the table or the records were edited,
// or come from another run. The figure is kept, in doubt, and one caveat names the lines.
void CheckTableAgainstChildren(const std::vector<SymRow>& records,
                               const std::vector<uint64_t>& child_sizes,
                               const std::vector<uint64_t>& sizes, int multi,
                               std::vector<SymRow>* rows, RunResult* run) {
  constexpr double kSlack = 0.05;
  if (records.empty() || child_sizes != sizes) {
    return;
  }
  const std::vector<SymRow> sums = SumChildRows(records);
  std::vector<std::string> examples;
  std::vector<size_t> lines;
  size_t cells = 0;
  for (SymRow& row : *rows) {
    const auto sum =
        std::find_if(sums.begin(), sums.end(), [&](const SymRow& s) { return s.name == row.name; });
    if (row.child >= 0 || sum == sums.end() || sum->line == row.line ||
        !ChildrenWithoutRecord(records, row.name, multi).empty()) {
      continue;
    }
    for (size_t i = 0; i < row.bytes_per_s.size() && i < sum->bytes_per_s.size(); ++i) {
      if (!row.bytes_per_s[i] || !sum->bytes_per_s[i] || !std::isfinite(*row.bytes_per_s[i]) ||
          *sum->bytes_per_s[i] <= 0) {
        continue;
      }
      const double value = *row.bytes_per_s[i];
      const double total = *sum->bytes_per_s[i];
      if (std::abs(value - total) <= kSlack * total) {
        continue;
      }
      const std::string shown = i < row.printed.size() && !row.printed[i].empty()
                                    ? row.printed[i]
                                    : fmt::format("{:.2f}k", value / 1000);
      // Completes "the figure was ..." (results::CellCaveat::text).
      AddRowCaveat(&row, i,
                   fmt::format("printed as {}, {} than the {:.2f}k the children's +F records "
                               "add up to (from line {}): an edited table or another run's "
                               "figure",
                               shown, HowFarOff(value, total), total / 1000, sum->line),
                   row.line, true);
      ++cells;
      lines.push_back(row.line);
      if (examples.size() < 3) {
        examples.push_back(
            fmt::format("line {} prints {} for {} at {} bytes, the records sum "
                        "to {:.2f}k",
                        row.line, shown, row.name, sizes[i], total / 1000));
      }
    }
    for (const SymRow& record : records) {
      if (cells > 0 && record.name == row.name) {
        lines.push_back(record.line);
      }
    }
  }
  if (cells == 0) {
    return;
  }
  std::sort(lines.begin(), lines.end());
  lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
  run->source.caveats.push_back(DisagreementCaveat(
      lines, cells, "summary figure",
      "the sum of the children's +F records (openssl speed -multi prints that sum)", examples,
      "The table or the records were edited, or come from another run (or were printed in "
      "another unit)",
      "the table's"));
}

// Engines and providers whose operations pause their ASYNC_JOB while the work is elsewhere, so
// that openssl speed -async_jobs N keeps up to N operations in flight: OpenSSL's dasync test
// engine (engines/e_dasync.c dummy_pause_job, called by each operation it implements:
// https://github.com/openssl/openssl/blob/OpenSSL_1_1_1-stable/engines/e_dasync.c) and its
// afalg engine (engines/e_afalg.c afalg_fin_cipher_aio pauses while the kernel works:
// https://github.com/openssl/openssl/blob/OpenSSL_1_1_1-stable/engines/e_afalg.c), and Intel's
// QAT_Engine, as engine (qat up to v0.6.0, qatengine after) or provider
// (https://github.com/intel/QAT_Engine/blob/master/docs/async_job.md). Any other is not known.
bool PausesAsyncJobs(std::string_view id) {
  return id == "dasync" || id == "afalg" || id == "qat" || id == "qatengine" || id == "qatprovider";
}

// OpenSSL's dasync ("Dummy Async") is a test engine with no device: its dummy_pause_job wakes
// the job and pauses it, and the engine then runs OpenSSL's own software code on the same
// thread (https://github.com/openssl/openssl/blob/master/engines/e_dasync.c: "In the Dummy
// async engine we are cheating"). Its jobs take turns on one CPU; nothing works beside it.
bool RunsSoftwareItself(std::string_view id) { return id == "dasync"; }

// The caveat of -async_jobs N. apps/speed.c run_benchmark (1.1.0 and later) starts the N
// ASYNC_JOBs one after another, each running the whole timed loop
// (https://github.com/openssl/openssl/blob/OpenSSL_1_1_1-stable/apps/speed.c): a job only
// yields to the next when an engine or provider pauses it (ASYNC_pause_job) while its device
// works. Without one, the first job runs until the alarm ends the loop and the others start
// after it and count nothing, so the figures are a plain run's. The manual documents the option
// only as "Enable async mode and start specified number of jobs"
// (https://www.openssl.org/docs/man3.0/man1/openssl-speed.html, and speed.c's option help).
std::string AsyncJobsCaveat(const SpeedCommand& command, const std::string& engine) {
  std::vector<std::string> pausing;
  std::vector<std::string> unknown;
  const auto sort = [&](const std::string& kind, const std::string& id) {
    (PausesAsyncJobs(id) ? pausing : unknown).push_back(kind + " " + id);
  };
  if (!engine.empty()) {
    sort("engine", engine);
  }
  for (const std::string& provider : command.providers) {
    sort("provider", provider);
  }
  const int jobs = command.async_jobs;
  if (unknown.empty() && pausing.size() == 1 && RunsSoftwareItself(engine) &&
      command.providers.empty()) {
    return fmt::format(
        "-async_jobs {} (line {}): the engine {} has no device: it pauses a job and wakes it at "
        "once, then runs OpenSSL's own software code itself (a test engine: OpenSSL "
        "engines/e_dasync.c), so the {} jobs take turns on one CPU and the figures are that "
        "software's rate, less the cost of switching jobs, not an offload's throughput.",
        jobs, command.line, engine, jobs);
  }
  if (!pausing.empty()) {
    return fmt::format(
        "-async_jobs {} (line {}): the figures are throughput with up to {} operations in "
        "flight at once (openssl speed runs {} jobs and adds up their counts, and the {} pauses "
        "a job while its device works on an operation it takes), not the rate of one "
        "operation at a time: not comparable with a run without -async_jobs.",
        jobs, command.line, jobs, jobs, fmt::join(pausing, " and the "));
  }
  constexpr std::string_view kPlain =
      "openssl speed starts the jobs one after another, so the first runs the timed loop until "
      "the alarm and the others count nothing";
  if (!unknown.empty()) {
    return fmt::format(
        "-async_jobs {} (line {}): the paste does not show whether the {} pauses a job while "
        "its device works: if it does, the figures are throughput with up to {} operations in "
        "flight; if not, {}, and the figures are those of a run without -async_jobs.",
        jobs, command.line, fmt::join(unknown, " or the "), jobs, kPlain);
  }
  return fmt::format(
      "-async_jobs {} (line {}) has no effect on these figures: no engine or provider that "
      "pauses a job is named, and without one {}; the figures are those of a run without "
      "-async_jobs.",
      jobs, command.line, kPlain);
}

}  // namespace

results::RunResult BuildSpeedRun(const SpeedEvidence& ev, std::string_view file_name,
                                 const HeaderInfo* inherited) {
  RunResult run;
  run.source.kind = "imported";
  run.source.tool = "openssl speed";
  run.source.file = std::string(file_name);
  run.machine.tick_counter = "none";

  const HeaderInfo* header = ev.header ? &*ev.header : nullptr;
  HeaderInfo completed;
  if (header == nullptr && inherited != nullptr) {
    header = inherited;
    run.source.caveats.push_back(
        inherited->labelled
            ? fmt::format("The run has no header of its own; its version comes from the label "
                          "'{}:' written above it at line {}, not from the tool's output.",
                          inherited->version, inherited->line)
            : fmt::format("The run has no header of its own; library details come from the "
                          "openssl version output at line {}.",
                          inherited->line));
  } else if (header != nullptr && inherited != nullptr &&
             (SameLibrary(*inherited, *header) || VersionlessHeaderFits(*inherited, *header))) {
    const bool versionless = header->version.empty() && header->library.empty();
    completed = CompleteHeader(*inherited, *header);
    header = &completed;
    run.source.caveats.push_back(
        versionless
            ? fmt::format("The run's header prints no version; the library's version and "
                          "details come from the openssl version output at line {}, whose "
                          "build lines do not contradict it.",
                          inherited->line)
            : fmt::format("Library details the run's header does not print (the full version "
                          "string, the platform) come from the openssl version output at line "
                          "{}, which names the same release.",
                          inherited->line));
  }
  std::optional<OpensslVersion> version;
  run.library.backend = "openssl";
  if (header != nullptr) {
    FillLibraryInfo(*header, &run.library);
    if (results::Ia32capVectorCut(header->cpu_info)) {
      run.source.caveats.push_back(fmt::format(
          "The CPUINFO line ('{}') is cut short: OpenSSL prints two capability words or more "
          "(crypto/info.c), so the CPU's features are not read from it.",
          header->cpu_info));
    }
    version = ParseOpensslVersion(header->library.empty() ? header->version : header->library);
    if (version) {
      run.source.tool_version = version->Label();  // "3.0.13", "LibreSSL 3.8.2"
    } else if (header->version.empty() && header->library.empty()) {
      // No version line: a package build's compiler line names its source tree's release.
      version = VersionFromBuildPath(header->cflags);
      if (version) {
        run.source.tool_version = version->Label();
        run.library.version = version->product + " " + version->text;
        run.library.version_num = version->product == "OpenSSL" ? version->Number() : 0;
        run.source.facts.push_back(
            {"library_version", version->Label(), header->cflags_line, "compiler line build path"});
        run.source.caveats.push_back(fmt::format(
            "The OpenSSL version is not in the paste; {} is read from the build path on the "
            "compiler line (line {}), the upstream release the package was built from: "
            "patches the distribution added under that number are not in it.",
            version->Label(), header->cflags_line));
      }
    }
  }

  run.library.worker_env = ev.command.env;  // compare and doctor --from name a mask there

  // Row names and artefacts follow the OpenSSL speed app the release carries.
  const int major = version ? version->OpensslGeneration() : -1;
  const int multi = std::max({ev.command.multi, ev.forked_children, ev.max_child + 1});
  run.source.multi = multi;
  run.source.invocation = ReadInvocation(ev, multi);
  run.source.timing_basis = TimingBasis(ev, multi);
  AddBasisCaveats(run.source.timing_basis, multi, &run);

  std::vector<std::string> parts;
  const std::string engine = !ev.engine.empty() ? ev.engine : ev.command.engine;
  if (!engine.empty()) {
    parts.push_back("engine " + engine);
  }
  for (const std::string& provider : ev.command.providers) {
    parts.push_back("provider " + provider);
  }
  for (size_t i = 0; i < parts.size(); ++i) {
    run.source.engine_or_provider.append(i == 0 ? "" : ", ");
    run.source.engine_or_provider.append(parts[i]);
  }
  if (!run.source.engine_or_provider.empty()) {
    run.source.caveats.push_back(fmt::format(
        "Measured through {}: {}.", run.source.engine_or_provider,
        run.source.timing_basis == "user_cpu"
            ? "with user CPU timing, work done by a device, the kernel or helper threads is not "
              "counted, so the figures overstate throughput"
            : "the figures are not comparable with a software-only run"));
  }

  if (ev.command.async_jobs > 0) {
    run.source.caveats.push_back(AsyncJobsCaveat(ev.command, engine));
  }

  // ECDSA and ECDH progress lines print a size, not a curve: curves of one size are told apart
  // by the order of speed's curve table (NameCurvesInTableOrder), or by the command's curves
  // alone with -multi, whose children's lines interleave.
  // A run without a results table takes its rows from these lines: a line of a size several
  // curves share that neither order nor command names is not given the NIST curve's name.
  std::vector<Progress> progress = ev.progress;
  const bool table = !ev.sym_rows.empty() || !ev.pk_rows.empty() || !ev.child_sym_rows.empty() ||
                     !ev.child_pk_rows.empty();
  {
    std::vector<size_t> ambiguous;
    std::vector<std::pair<size_t, std::string>> by_command;
    const std::vector<std::pair<size_t, std::string>> renamed = NameCurvesInTableOrder(
        &progress, major, ev.command.args, table ? nullptr : &ambiguous, &by_command, multi > 1);
    if (!by_command.empty()) {
      run.source.caveats.push_back(fmt::format(
          "{} {}: ECDSA and ECDH progress lines print a curve's size, not its name; the "
          "command line (line {}) chose the curves (apps/speed.c ecdsa_choices[] and "
          "ecdh_choices[]), which speed runs in its table's order, so each line is the chosen "
          "curve of its size.",
          by_command.size() == 1 ? "Line" : "Lines", JoinLinesWithCurves(by_command),
          ev.command.line));
    }
    if (!ambiguous.empty()) {
      run.source.caveats.push_back(fmt::format(
          "{} {}: ECDSA and ECDH progress lines print a curve's size, not its name, and {} "
          "more than one curve of that size (256 bits: nistp256, brainpoolP256r1 and "
          "brainpoolP256t1; 384 bits: nistp384, brainpoolP384r1 and brainpoolP384t1); with no "
          "results table and no command line choosing the curve, {} read as '<size>-bit "
          "curve', not as the NIST curve.",
          ambiguous.size() == 1 ? "Line" : "Lines", JoinLines(ambiguous),
          major >= 3 ? "the speed of OpenSSL 3.x has"
                     : "the release is not in the paste, and from 3.0 speed has",
          ambiguous.size() == 1 ? "it is" : "they are"));
    }
    if (!renamed.empty()) {
      run.source.caveats.push_back(fmt::format(
          "Lines {}: the ECDSA and ECDH progress lines print each curve's size, not its name, and "
          "more than one curve of speed's curve table has that size; the lines follow the "
          "table's order (apps/speed.c{}) with as many lines of each such size as it has "
          "curves, so the n-th line of a size is read as its n-th curve.",
          JoinLinesWithCurves(renamed),
          major >= 3   ? ", 3.0 and later: with the Brainpool curves"
          : major >= 0 ? ", 1.x: prime, then Koblitz, then binary curves"
                       : ""));
    }
  }

  // Symmetric rows: the final table, else the children's records added up, else progress.
  std::vector<uint64_t> sizes = ev.sizes;
  std::vector<SymRow> sym_rows = ev.sym_rows;
  std::vector<PkRow> pk_rows = ev.pk_rows;
  bool recomputed = false;
  if (sym_rows.empty() && !ev.child_sym_rows.empty()) {
    // Without the parent's table, a row whose records the paste holds for fewer children than
    // -multi started would be an understated sum: it is named and left out.
    for (SymRow& sum : SumChildRows(ev.child_sym_rows)) {
      const std::vector<int> missing = ChildrenWithoutRecord(ev.child_sym_rows, sum.name, multi);
      if (missing.empty()) {
        sym_rows.push_back(std::move(sum));
        continue;
      }
      run.source.caveats.push_back(fmt::format(
          "Line {}: the paste holds the records of '{}' for {}, and no summary row; their sum "
          "would understate the run, so it is not imported.",
          sum.line, sum.name, ChildShortfall(missing, multi)));
    }
    sizes = ev.child_sizes;
  } else if (!ev.child_sym_rows.empty()) {
    PreferChildRows(ev.child_sym_rows, SumChildRows(ev.child_sym_rows), ev.child_sizes, multi,
                    &sym_rows, &sizes, &run);
    CheckTableAgainstChildren(ev.child_sym_rows, ev.child_sizes, sizes, multi, &sym_rows, &run);
  }
  if (pk_rows.empty() && !ev.child_pk_rows.empty()) {
    for (PkRow& sum : SumChildPkRows(ev.child_pk_rows)) {
      const std::vector<int> missing = ChildrenWithoutRecord(ev.child_pk_rows, sum, multi);
      if (missing.empty()) {
        pk_rows.push_back(std::move(sum));
        continue;
      }
      run.source.caveats.push_back(fmt::format(
          "Line {}: the paste holds the records of '{}' for {}, and no summary row; their sum "
          "would understate the run, so it is not imported.",
          sum.line, PkName(sum), ChildShortfall(missing, multi)));
    }
  } else if (!ev.child_pk_rows.empty()) {
    PreferChildPkRows(ev.child_pk_rows, SumChildPkRows(ev.child_pk_rows), multi, &pk_rows, &run);
  }
  const bool no_table = sym_rows.empty() && pk_rows.empty();
  if (no_table) {
    std::vector<size_t> incomplete;
    std::vector<size_t> repeated;
    std::vector<size_t> surplus;
    RowsFromProgress(progress, &sizes, &sym_rows, &pk_rows, multi, &incomplete, &repeated,
                     &surplus);
    NoteRecomputed(&sym_rows, &pk_rows);
    recomputed = !sym_rows.empty() || !pk_rows.empty() || !incomplete.empty() ||
                 !repeated.empty() || !surplus.empty();
    AddRepeatedCellsCaveat(repeated, &run);
    if (multi > 1 && recomputed) {
      run.source.caveats.push_back(fmt::format(
          "-multi {}: each figure is the sum of the {} children's results for that cell (their "
          "progress records interleave; a result is matched to the oldest announcement of its "
          "cell).",
          multi, multi));
    }
    if (!incomplete.empty()) {
      run.source.caveats.push_back(fmt::format(
          "{} {}: the paste holds fewer than the {} children's results for {}, so {} sum "
          "would understate the run; {} not imported.",
          incomplete.size() == 1 ? "Line" : "Lines", JoinLines(incomplete), multi,
          incomplete.size() == 1 ? "that cell" : "those cells",
          incomplete.size() == 1 ? "its" : "their", incomplete.size() == 1 ? "it is" : "they are"));
    }
    if (!surplus.empty()) {
      std::sort(surplus.begin(), surplus.end());
      run.source.caveats.push_back(fmt::format(
          "Lines {}: more results for one cell than the {} children (curves of one size that "
          "the progress lines do not name, or runs pasted together); neither their sum nor one "
          "of them is the run's figure, so those cells are not imported.",
          JoinLines(surplus), multi));
    }
  }
  if (recomputed && (!sym_rows.empty() || !pk_rows.empty())) {
    run.source.caveats.push_back(fmt::format(
        "The results table is not in the paste: figures are recomputed from the progress "
        "lines ({}), before openssl's own rounding.",
        RecomputedFormula(!sym_rows.empty(), !pk_rows.empty())));
  } else if (recomputed) {
    run.source.caveats.push_back(
        "The results table is not in the paste, and no figure can be recomputed from its "
        "progress lines (the caveats above say why).");
  }
  if (!recomputed && (!sym_rows.empty() || !pk_rows.empty())) {
    AddRowsOnlyInProgress(progress, &sizes, &sym_rows, &pk_rows, &run);
    if (multi <= 1) {
      CheckTableAgainstProgress(progress, sizes, ev.machine_readable, &sym_rows, &run);
      FillCutRowsFromProgress(progress, sizes, &sym_rows, &run);
    }
  }
  if (ev.sizes_assumed) {
    run.source.caveats.push_back(
        ev.command.multi_block
            ? "The -mr output has no +H record; the sizes are -mb's multi-block sizes (8 KiB to "
              "128 KiB)."
            : "The -mr output has no +H record; the sizes are assumed to be openssl speed's "
              "defaults.");
  }
  const int pinned = ev.command.pinned_cpus;
  if (pinned > 0 && multi > pinned) {
    run.source.caveats.push_back(fmt::format(
        "-multi {} ran pinned to {} CPU{} ({}): the {} processes shared {}, so the sum is "
        "{} {} throughput, not {} processes' side by side.",
        multi, pinned, pinned == 1 ? "" : "s", ev.command.launcher, multi,
        pinned == 1 ? "it" : "them", pinned, pinned == 1 ? "CPU's" : "CPUs'", multi));
  } else if (pinned > 0) {
    run.source.caveats.push_back(fmt::format("The run was pinned to {} CPU{} ({}).", pinned,
                                             pinned == 1 ? "" : "s", ev.command.launcher));
  }

  Assembler assembler(&run, Options{run.source.timing_basis, multi});
  const bool decrypt = ev.command.decrypt;
  std::vector<std::string> legacy_rows;
  std::vector<std::string> aead_rows;
  size_t evp_rows = 0;
  bool small_sizes = false;
  for (const SymRow& row : sym_rows) {
    std::string suffix_op;
    const std::string_view base_name = SplitDirectionSuffix(row.name, &suffix_op);
    const NamedAlgorithm named = MapSymmetricName(base_name);
    const bool legacy = IsLegacyRow(base_name, major, ev.command.evp);
    if (legacy) {
      legacy_rows.push_back(row.name);
    } else {
      ++evp_rows;
    }
    if (named.kind == "aead") {
      aead_rows.push_back(row.name);
    }
    const std::string op =
        suffix_op.empty() ? SymmetricOperation(named.kind, decrypt && !legacy) : suffix_op;
    const bool complete = ChildrenWithoutRecord(ev.child_sym_rows, row.name, multi).empty();
    for (size_t i = 0; i < row.bytes_per_s.size() && i < sizes.size(); ++i) {
      if (!row.bytes_per_s[i]) {
        continue;  // elided in the paste
      }
      small_sizes = small_sizes || sizes[i] <= 64;
      Spread children;
      children.complete = complete;
      for (const SymRow& child : ev.child_sym_rows) {
        if (child.name == row.name && i < child.bytes_per_s.size() && child.bytes_per_s[i] &&
            i < ev.child_sizes.size() && ev.child_sizes[i] == sizes[i]) {
          children.Add(*child.bytes_per_s[i]);
        }
      }
      const double bytes = *row.bytes_per_s[i];
      std::vector<results::CellCaveat> caveats;
      for (const RowCaveat& caveat : row.caveats) {
        if (caveat.size_index == RowCaveat::kAllSizes || caveat.size_index == i) {
          caveats.push_back(caveat.caveat);
        }
      }
      assembler.Add(named, row.name, op, sizes[i], bytes / static_cast<double>(sizes[i]), bytes,
                    row.line, children, std::move(caveats), legacy,
                    i < row.printed.size() ? std::string_view(row.printed[i]) : std::string_view());
    }
  }
  for (const PkRow& row : pk_rows) {
    const std::string row_name = PkName(row);
    NamedAlgorithm named = MapPublicKey(row.family, row.bits, row.curve);
    // A row of the 3.2+ signature table ("rsa2048") names a catalogue entry that a table of
    // its own (the RSA table's "rsa 2048 bits") may already hold: the row then keeps speed's
    // name, whole, rather than sending some of its operations into the other table's entry.
    if (named.catalogued && row.family == PkFamily::kSig &&
        std::any_of(row.ops_per_s.begin(), row.ops_per_s.end(), [&](const auto& op_rate) {
          return assembler.Holds(named.name, op_rate.first, PkInputLen(op_rate.first));
        })) {
      named = {row_name, named.kind, false};
    }
    const bool complete = ChildrenWithoutRecord(ev.child_pk_rows, row, multi).empty();
    for (const auto& [op, rate] : row.ops_per_s) {
      Spread children;
      children.complete = complete;
      for (const PkRow& child : ev.child_pk_rows) {
        if (child.family == row.family && PkName(child) == row_name) {
          for (const auto& [child_op, child_rate] : child.ops_per_s) {
            if (child_op == op) {
              children.Add(child_rate);
            }
          }
        }
      }
      assembler.Add(named, row_name, op, PkInputLen(op), rate, std::nullopt, row.line, children,
                    row.caveats);
    }
  }
  // Progress lines: operation counts, and times that cannot be right.
  for (const Progress& p : progress) {
    if (!p.has_result) {
      run.source.caveats.push_back(ProgressWithoutResultNote(p));
      continue;
    }
    if (no_table && p.count == 0 && p.seconds > 0) {
      // Without a table the progress lines are the figures: a count of 0 is no measurement (every
      // operation failed, e.g. a decryption whose tag did not verify): an error cell, no figure.
      run.source.caveats.push_back(fmt::format(
          "Line {}: 0 {} operations in {:g} s: no operation completed (each one failed?), so "
          "the line gives no figure; the cell is marked as an error.",
          p.result_line != 0 ? p.result_line : p.line, p.name, p.seconds));
      continue;
    }
    Cell* cell =
        p.public_key ? assembler.Lookup(p.name, p.operation, PkInputLen(p.operation)) : nullptr;
    if (!p.public_key) {
      const NamedAlgorithm named = MapSymmetricName(p.name);
      const bool legacy = IsLegacyRow(p.name, major, ev.command.evp);
      cell =
          assembler.Lookup(p.name, SymmetricOperation(named.kind, decrypt && !legacy), p.input_len);
    }
    if (p.seconds == 0 && p.count > 0 && std::isfinite(p.count) &&
        run.source.timing_basis == "user_cpu") {
      // Not a timer bug: user CPU time leaves out work done in the kernel or on a device, and
      // an engine that hands everything there (afalg, cryptodev) uses no user time at all.
      const std::string through = run.source.engine_or_provider.empty()
                                      ? std::string()
                                      : " (" + run.source.engine_or_provider + ")";
      run.source.caveats.push_back(fmt::format(
          "Line {}: {} reports {} operations in 0 s of user CPU time: the work ran outside the "
          "process{}, in the kernel or on a device, which user CPU time does not count, so no "
          "throughput follows from it; openssl speed -elapsed measures it by wall-clock time.",
          p.line, p.name, p.count, through));
      if (cell != nullptr) {
        cell->status = CellStatus::kError;
        cell->message =
            fmt::format("0 s of user CPU time for {} operations (line {})", p.count, p.line);
      }
      continue;
    }
    const bool impossible = !std::isfinite(p.count) || !std::isfinite(p.seconds) || p.count < 0 ||
                            p.seconds < 0 || (p.seconds == 0 && p.count > 0);
    const bool too_long =
        p.requested_seconds > 0 &&
        p.seconds > p.requested_seconds * kImpossibleTimeFactor + kImpossibleTimeSlackSeconds;
    if (!impossible && too_long && p.count <= 1) {
      // speed's loop always finishes the operation it started: one slow operation (a large
      // RSA key generation) overruns its time slot without any fault of the timer.
      run.source.caveats.push_back(fmt::format(
          "Line {}: {} {} took {:.2f} s in a {:g} s slot: a single operation slower than its "
          "slot{}, not a timer fault.",
          p.line, p.name, p.operation.empty() ? "" : p.operation, p.seconds, p.requested_seconds,
          cell != nullptr ? " (the figure is one operation's rate)" : ""));
    } else if (impossible || too_long) {
      const std::string what =
          too_long ? fmt::format("took {:.2f} s in a {:g} s run", p.seconds, p.requested_seconds)
                   : fmt::format("reports {} operations in {} s", p.count, p.seconds);
      run.source.caveats.push_back(fmt::format(
          "Line {}: {} {}, which cannot be: the timer or the count is wrong (OpenSSL 3.0 alphas "
          "had such timer bugs), so figures derived from it are wrong too.",
          p.line, p.name, what));
      if (cell != nullptr) {
        cell->status = CellStatus::kError;
        cell->message = fmt::format("{}: {} (line {})", kImpossibleTimerPrefix, what, p.line);
      }
      continue;
    }
    if (cell != nullptr && multi == 0 && p.count >= 0 && p.count < 1e18 &&
        std::floor(p.count) == p.count) {
      cell->batch_iterations = static_cast<uint64_t>(p.count);
    }
  }

  // EVP or the low-level API (1.x).
  if (!legacy_rows.empty()) {
    run.source.caveats.push_back(fmt::format(
        "Row{} {} time{} {} low-level API (AES_*, DES_*, SHA256() ...), not EVP{}. "
        "For AES and Camellia this matters: the low-level code has no AES-NI or ARMv8 path, so "
        "those rows can be far slower than the same cipher through -evp.",
        legacy_rows.size() == 1 ? "" : "s", JoinNames(legacy_rows),
        legacy_rows.size() == 1 ? "s" : "",
        version && version->product == "LibreSSL" ? "LibreSSL's"
        : major >= 3 ? "this OpenSSL 3.0 snapshot's (speed timed every row through EVP only from "
                       "openssl/openssl#14228 on)"
                     : "OpenSSL 1.x's",
        version ? "" : " (judged from the row names)"));
  }
  run.source.evp = legacy_rows.empty() && evp_rows > 0     ? "evp"
                   : evp_rows == 0 && !legacy_rows.empty() ? "legacy"
                                                           : "unknown";

  // Version-specific artefacts.
  if (version) {
    if (major == 3 && version->minor == 0 && version->suffix.find("alpha") != std::string::npos) {
      run.source.caveats.push_back(fmt::format(
          "OpenSSL {} is a 3.0 alpha; some 3.0 alphas' speed timers were broken (reported times "
          "of thousands of seconds for a run of a few), so its figures may be meaningless.",
          version->text));
    }
    if (major >= 3 && small_sizes) {
      run.source.caveats.push_back(
          "OpenSSL 3.x: every EVP call goes through provider dispatch and costs more per call "
          "than in 1.1.1, so at small sizes (16 and 64 bytes) the figures show that per-call "
          "overhead more than the algorithm; do not compare them with 1.1.1 at those sizes.");
    }
    if (major >= 3 && !aead_rows.empty()) {
      run.source.caveats.push_back(fmt::format(
          "AEAD row{} {}: what one AEAD operation includes differs between openssl speed 3.x "
          "releases (later ones set a fresh key and IV for each; compare names the change when "
          "two runs straddle it), so small-size figures of different 3.x releases may not compare; "
          "cryptobench keeps one key and changes only the nonce.",
          aead_rows.size() == 1 ? "" : "s", JoinNames(aead_rows)));
    }
  } else if (header == nullptr) {
    run.source.caveats.emplace_back(kVersionNotInPasteCaveat);
  }
  for (const std::string& note : ev.notes) {
    run.source.caveats.push_back(note);
  }

  // How the figures were measured, in the model's terms.
  run.method.clock = run.source.timing_basis == "wall_clock" ? "wall-clock (openssl speed)"
                     : run.source.timing_basis == "user_cpu" ? "user CPU time (openssl speed)"
                                                             : "unknown (openssl speed)";
  run.method.direction = decrypt ? "decrypt" : "encrypt";
  run.method.precision = 0;
  run.method.min_samples = 1;
  run.method.confidence = 0;
  run.method.target_sample_seconds = 0;
  run.method.max_seconds = 0;
  for (const Progress& p : progress) {
    if (!p.public_key && p.requested_seconds > 0) {
      run.method.max_seconds = p.requested_seconds;
      break;
    }
  }
  run.method.threads = std::max(1, multi);
  run.method.input_sizes = sizes;
  // AddBasisCaveats' "-multi N: figures are the sum of N processes" speaks of figures: a run
  // that imports none (every cell left out, its caveats say why) has no sum to describe.
  const bool figures = std::any_of(run.algorithms.begin(), run.algorithms.end(), [](const auto& a) {
    return std::any_of(a.cells.begin(), a.cells.end(),
                       [](const results::Cell& cell) { return cell.figures.has_value(); });
  });
  if (multi > 0 && !figures) {
    const std::string sum = fmt::format("-multi {}: figures are the sum of ", multi);
    std::erase_if(run.source.caveats,
                  [&](const std::string& caveat) { return caveat.starts_with(sum); });
  }
  return run;
}

}  // namespace cryptobench::import
