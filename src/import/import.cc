// The import driver: cleans the paste, splits it into runs and hands each line to the parser
// of the run it belongs to.
#include "import/import.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "results/json.h"
#include "results/limits.h"

#include "import/botan_speed.h"
#include "import/bssl_speed.h"
#include "import/cryptsetup_benchmark.h"
#include "import/foreign_run.h"
#include "import/json_paste.h"
#include "import/openssl_speed_mr.h"
#include "import/openssl_speed_text.h"
#include "import/openssl_version.h"
#include "import/own_reports.h"
#include "import/parse_util.h"
#include "import/paste_cleanup.h"
#include "import/speed_join.h"
#include "import/speed_run.h"

namespace cryptobench::import {
namespace {

std::string Describe(size_t line, const std::string& expected, const std::string& file) {
  return file.empty() ? fmt::format("line {}: {}", line, expected)
                      : fmt::format("{}:{}: {}", file, line, expected);
}

// The options of an `openssl speed` command line that change how its output reads.
SpeedCommand ParseSpeedCommand(const std::vector<std::string>& args, size_t line) {
  SpeedCommand command;
  command.present = true;
  command.line = line;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    const bool has_value = i + 1 < args.size();
    if (arg == "-elapsed") {
      command.elapsed = true;
    } else if (arg == "-mr") {
      command.machine_readable = true;
    } else if (arg == "-decrypt") {
      command.decrypt = true;
    } else if (arg == "-multi" && has_value) {
      const auto count = ParseUnsigned(args[++i]);
      command.multi = count && *count <= 100000 ? static_cast<int>(*count) : 0;
    } else if (arg == "-engine" && has_value) {
      command.engine = args[++i];
    } else if (arg == "-provider" && has_value) {
      command.providers.push_back(args[++i]);
    } else if (arg == "-evp" && has_value) {
      command.evp = args[++i];
    }
  }
  return command;
}

class Driver {
 public:
  Driver(const std::vector<SourceLine>& lines, std::string_view file_name)
      : lines_(lines), file_name_(file_name) {}

  std::vector<results::RunResult> Run() {
    for (size_t i = 0; i < lines_.size(); ++i) {
      Take(i);
      CheckGrowth(lines_[i].number);
    }
    Flush();
    CheckGrowth(lines_.empty() ? 1 : lines_.back().number);
    return std::move(runs_);
  }

 private:
  struct SpeedState {
    SpeedEvidence evidence;
    SpeedTextParser text{&evidence};
    MrState mr;
    SpeedState() = default;
    SpeedState(const SpeedState&) = delete;
    SpeedState& operator=(const SpeedState&) = delete;
  };

  // The foreign tool whose output lines_[index] starts, or kNone.
  ForeignTool ForeignStart(size_t index) const {
    const SourceLine& line = lines_[index];
    if (StartsCryptsetupOutput(line)) {
      return ForeignTool::kCryptsetup;
    }
    if (line.kind != LineKind::kText) {
      return ForeignTool::kNone;
    }
    const std::string_view trimmed = Trim(line.text);
    if (IsBsslResultLine(trimmed) || StartsBsslJson(lines_, index)) {
      return ForeignTool::kBssl;
    }
    if (IsBotanResultLine(trimmed) || IsBotanVersionLine(trimmed) ||
        trimmed.substr(0, 7) == "CPUID: ") {
      return ForeignTool::kBotan;
    }
    return ForeignTool::kNone;
  }

  void StartForeign(ForeignTool tool) {
    Flush();
    ++run_generation_;
    foreign_tool_ = tool;
    switch (tool) {
      case ForeignTool::kBssl:
        foreign_ = std::make_unique<BsslSpeedParser>(file_name_);
        break;
      case ForeignTool::kBotan:
        foreign_ = std::make_unique<BotanSpeedParser>(file_name_);
        break;
      case ForeignTool::kCryptsetup:
        foreign_ = std::make_unique<CryptsetupBenchmarkParser>(file_name_);
        break;
      case ForeignTool::kNone:
        break;
    }
  }

  // A command line of bssl, botan or cryptsetup: starts that tool's run. Returns false for
  // other commands.
  bool TakeForeignCommand(const SourceLine& line) {
    const ForeignCommand command = ParseForeignCommand(line.text);
    const bool reads = (command.tool == ForeignTool::kBssl && command.subcommand == "speed") ||
                       (command.tool == ForeignTool::kBotan &&
                        (command.subcommand == "speed" || command.subcommand == "version")) ||
                       (command.tool == ForeignTool::kCryptsetup &&
                        (command.subcommand == "benchmark" ||
                         (command.args.size() == 1 && command.args[0] == "--version")));
    if (command.tool == ForeignTool::kNone) {
      return false;
    }
    // After `cryptsetup --version` or `botan version` (a run without figures yet) the same run
    // goes on, keeping the version.
    const bool same_run =
        reads && foreign_ && foreign_tool_ == command.tool && !foreign_->HasFigures();
    if (!same_run) {
      Flush();
      if (!reads) {
        return true;  // another subcommand: its output is ignored like prose
      }
      StartForeign(command.tool);
    }
    foreign_->SetCommand(command.args, line.number);
    if (command.tool == ForeignTool::kBotan && command.subcommand == "version") {
      static_cast<BotanSpeedParser&>(*foreign_).ExpectVersion();
    }
    return true;
  }

  // Offers a line to the foreign parser running, or starts one. Returns true if it took it.
  bool TakeForeign(size_t index) {
    const SourceLine& line = lines_[index];
    if (foreign_) {
      switch (foreign_->Take(line)) {
        case Offer::kConsumed:
          return true;
        case Offer::kNewRun:
          StartForeign(foreign_tool_);
          foreign_->Take(line);
          return true;
        case Offer::kNotMine:
          break;
      }
    }
    const ForeignTool tool = ForeignStart(index);
    if (tool == ForeignTool::kNone) {
      return false;
    }
    StartForeign(tool);
    foreign_->Take(line);
    return true;
  }

  void Take(size_t index) {
    const SourceLine& line = lines_[index];
    // cryptsetup's "# ..." lines read like root prompts: let its parser see them first.
    if (line.kind == LineKind::kCommand && StartsCryptsetupOutput(line)) {
      TakeForeign(index);
      return;
    }
    if (line.kind == LineKind::kCommand && TakeForeignCommand(line)) {
      return;
    }
    // `export OPENSSL_ia32cap=...`: the runs after it ran with that environment.
    if ((line.kind == LineKind::kCommand || line.kind == LineKind::kText) &&
        ApplyExport(Trim(line.text), &exported_)) {
      Flush();
      export_since_speed_run_ = true;
      return;
    }
    if (line.kind == LineKind::kCommand) {
      std::vector<std::string> args;
      std::string launcher;
      const std::string subcommand = OpensslSubcommand(line.text, &args, &launcher);
      if (subcommand == "speed") {
        Flush();
        StartSpeed(line.number);
        speed_->evidence.command = ParseSpeedCommand(args, line.number);
        speed_->evidence.command.env = exported_;
        for (const auto& [name, value] : ShellAssignments(launcher)) {
          speed_->evidence.command.env[name] = value;
        }
        speed_->evidence.command.launcher = std::move(launcher);
      } else if (subcommand == "version") {
        Flush();
        after_version_command_ = true;
      }
      return;  // other commands: their output is ignored like any other prose
    }
    const std::string_view trimmed = Trim(line.text);

    if (version_) {
      if (line.kind == LineKind::kText && !trimmed.empty() &&
          !(IsVersionLine(trimmed) && !version_->version.empty()) &&
          ParseHeaderLine(trimmed, line.number, &*version_)) {
        return;
      }
      FlushVersion();
    }
    if (line.kind == LineKind::kText && IsVersionLine(trimmed) &&
        StartsVersionBlock(lines_, index, after_version_command_)) {
      Flush();
      version_.emplace();
      ParseHeaderLine(trimmed, line.number, &*version_);
      after_version_command_ = false;
      return;
    }
    after_version_command_ = after_version_command_ && trimmed.empty();

    if (TakeForeign(index)) {
      return;
    }

    if (line.kind == LineKind::kText && IsMrLine(trimmed)) {
      if (!speed_) {
        StartSpeed(line.number);
      }
      if (TakeMrLine(line, &speed_->evidence, &speed_->mr) == Offer::kNewRun) {
        Flush();
        StartSpeed(line.number);
        TakeMrLine(line, &speed_->evidence, &speed_->mr);
      }
      return;
    }
    if (!speed_) {
      // A 1.x speed header (version, built on, options, compiler) also starts a run.
      if (line.kind != LineKind::kText || !(StartsSpeedText(trimmed) || IsVersionLine(trimmed))) {
        return;  // prose around the output
      }
      StartSpeed(line.number);
    }
    switch (speed_->text.Take(line)) {
      case Offer::kConsumed:
      case Offer::kNotMine:
        return;
      case Offer::kNewRun:
        Flush();
        StartSpeed(line.number);
        speed_->text.Take(line);
        return;
    }
  }

  void StartSpeed(size_t line) {
    FlushForeign();
    ++run_generation_;
    speed_ = std::make_unique<SpeedState>();
    speed_->evidence.first_line = line;
  }

  void FlushVersion() {
    if (version_) {
      runs_.push_back(BuildVersionRun(*version_, file_name_));
      runs_changed_ = true;
      version_run_ = runs_.size() - 1;
      last_version_ = *version_;
      version_.reset();
    }
  }

  void FlushForeign() {
    if (foreign_) {
      const std::unique_ptr<ForeignParser> parser = std::move(foreign_);
      if (parser->HasFigures()) {
        runs_.push_back(parser->Build());
        runs_changed_ = true;
      }
    }
  }

  void Flush() {
    FlushForeign();
    FlushVersion();
    if (!speed_) {
      return;
    }
    SpeedState& state = *speed_;
    FinishMr(&state.evidence, &state.mr);
    const SpeedEvidence& evidence = state.evidence;
    if (evidence.HasFigures()) {
      results::RunResult run =
          BuildSpeedRun(evidence, file_name_, last_version_ ? &*last_version_ : nullptr);
      // `openssl version -a` pasted right before the speed output (as the README asks) is
      // this run's library, not a run of its own: a run without figures would only be an
      // empty side in compare. Its caveats (a program and library that differ) move along.
      const bool takes_version =
          last_version_ && (!evidence.header || SameLibrary(*last_version_, *evidence.header));
      if (takes_version && version_run_ && *version_run_ + 1 == runs_.size()) {
        const std::vector<std::string> caveats = std::move(runs_.back().source.caveats);
        run.source.caveats.insert(run.source.caveats.begin(), caveats.begin(), caveats.end());
        runs_.pop_back();
        runs_changed_ = true;
      }
      version_run_.reset();
      // `openssl speed aes-128-cbc`, then `openssl speed sha256`: one run of the library.
      const bool joins = speed_run_ && *speed_run_ + 1 == runs_.size() &&
                         speed_launcher_ == evidence.command.launcher && !export_since_speed_run_ &&
                         speed_env_ == evidence.command.env && CanJoinSpeedRuns(runs_.back(), run);
      if (joins) {
        JoinSpeedRun(std::move(run), evidence.first_line, &runs_.back());
        runs_changed_ = true;
      } else {
        runs_.push_back(std::move(run));
        runs_changed_ = true;
        speed_run_ = runs_.size() - 1;
        speed_launcher_ = evidence.command.launcher;
        speed_env_ = evidence.command.env;
      }
      export_since_speed_run_ = false;
    } else if (evidence.header) {
      // A header without figures: what remains is the library's identity.
      runs_.push_back(BuildVersionRun(*evidence.header, file_name_));
      runs_changed_ = true;
    }
    speed_.reset();
  }

  // Rows and cells read so far, after every line: an input past the caps of results/limits.h
  // (a paste of one row repeated, a table header with thousands of sizes) is refused as it is
  // read, before it costs memory. Finished runs are summed when they change; the run being
  // read is counted row by row as its parser adds them.
  void CheckGrowth(size_t line) {
    if (runs_changed_) {
      runs_changed_ = false;
      done_rows_ = 0;
      done_cells_ = 0;
      for (const results::RunResult& run : runs_) {
        done_rows_ += run.algorithms.size();
        for (const results::AlgorithmResult& alg : run.algorithms) {
          done_cells_ += alg.cells.size();
        }
      }
      if (runs_.size() > results::kMaxRunsPerInput) {
        throw ImportError(line, fmt::format("at most {} runs in one input, found more",
                                            results::kMaxRunsPerInput));
      }
    }
    // A new run, or the open one flushed into runs_ (counted there now).
    if (counted_generation_ != run_generation_ || (!speed_ && !foreign_)) {
      counted_generation_ = run_generation_;
      open_ = OpenRunCount{};
    }
    if (speed_) {
      const SpeedEvidence& e = speed_->evidence;
      const auto count_sym = [&](const std::vector<SymRow>& rows, size_t* seen) {
        for (; *seen < rows.size(); ++*seen) {
          ++open_.rows;
          open_.cells += rows[*seen].bytes_per_s.size();
        }
      };
      const auto count_pk = [&](const std::vector<PkRow>& rows, size_t* seen) {
        for (; *seen < rows.size(); ++*seen) {
          ++open_.rows;
          open_.cells += rows[*seen].ops_per_s.size();
        }
      };
      count_sym(e.sym_rows, &open_.sym);
      count_sym(e.child_sym_rows, &open_.child_sym);
      count_pk(e.pk_rows, &open_.pk);
      count_pk(e.child_pk_rows, &open_.child_pk);
      if (e.progress.size() > open_.progress) {
        open_.cells += e.progress.size() - open_.progress;
        open_.progress = e.progress.size();
      }
    } else if (foreign_) {
      ++open_.cells;  // a foreign tool's line holds one figure at most
    }
    if (done_rows_ + open_.rows > results::kMaxRowsPerInput) {
      throw ImportError(line, fmt::format("at most {} result rows in one input, found more",
                                          results::kMaxRowsPerInput));
    }
    if (done_cells_ + open_.cells > results::kMaxCellsPerInput) {
      throw ImportError(line, fmt::format("at most {} figures in one input, found more",
                                          results::kMaxCellsPerInput));
    }
  }

  // What the run being read holds so far, and how far its evidence has been counted.
  struct OpenRunCount {
    size_t rows = 0;
    size_t cells = 0;
    size_t sym = 0;
    size_t child_sym = 0;
    size_t pk = 0;
    size_t child_pk = 0;
    size_t progress = 0;
  };

  const std::vector<SourceLine>& lines_;
  std::string file_name_;
  bool runs_changed_ = false;
  size_t done_rows_ = 0;
  size_t done_cells_ = 0;
  size_t run_generation_ = 0;
  size_t counted_generation_ = 0;
  OpenRunCount open_;
  std::vector<results::RunResult> runs_;
  std::unique_ptr<SpeedState> speed_;
  std::optional<HeaderInfo> version_;
  std::optional<HeaderInfo> last_version_;
  std::optional<size_t> version_run_;             // index in runs_ of last_version_'s own run
  std::optional<size_t> speed_run_;               // index in runs_ of the last openssl speed run
  std::string speed_launcher_;                    // the environment and wrappers of its command
  std::map<std::string, std::string> speed_env_;  // the environment it ran with
  std::map<std::string, std::string> exported_;   // `export`ed so far in the paste
  bool export_since_speed_run_ = false;           // an `export` or `unset` since that run
  std::unique_ptr<ForeignParser> foreign_;
  ForeignTool foreign_tool_ = ForeignTool::kNone;
  bool after_version_command_ = false;
};

}  // namespace

ImportError::ImportError(size_t line, std::string expected, std::string file)
    : std::runtime_error(Describe(line, expected, file)),
      line_(line),
      expected_(std::move(expected)),
      file_(std::move(file)) {}

namespace {

// The runs of a pasted result JSON, or the ImportError refusing it.
std::vector<results::RunResult> ResultJsonRuns(const PastedJson& json, std::string_view file_name,
                                               bool read_result_json) {
  if (!read_result_json) {
    throw ImportError(json.line,
                      "expected other tools' text output, found a cryptobench JSON document; "
                      "compare and doctor --from read cryptobench results",
                      std::string(file_name));
  }
  return ReadPastedJson(json, file_name);
}

}  // namespace

std::vector<results::RunResult> ImportText(std::string_view text, std::string_view file_name,
                                           bool read_result_json) {
  // A cryptobench result JSON behind a command line, a Markdown fence or a byte order mark.
  if (const std::optional<PastedJson> json = FindPastedJson(text)) {
    return ResultJsonRuns(*json, file_name, read_result_json);
  }
  // Each line costs a little memory of its own, whatever it holds: count them first.
  if (const auto newlines = static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
      newlines >= results::kMaxInputLines) {
    throw ImportError(results::kMaxInputLines + 1,
                      fmt::format("at most {} lines of pasted output, found {}",
                                  results::kMaxInputLines, newlines + 1),
                      std::string(file_name));
  }
  const std::vector<SourceLine> lines = CleanPaste(text);
  const std::string file = ValidUtf8(file_name);
  // Before any parser: some of these quote an OpenSSL version line or a table, which would
  // otherwise be read as `openssl version` or speed output.
  if (const std::optional<OwnTextReport> own = RecogniseOwnTextReport(lines)) {
    throw ImportError(own->line, OwnTextReportError(*own), std::string(file_name));
  }
  std::vector<results::RunResult> runs;
  try {
    runs = Driver(lines, file).Run();
  } catch (const ImportError& e) {
    throw ImportError(e.line(), e.expected(), std::string(file_name));
  }
  if (runs.empty()) {
    if (const std::optional<PastedJson> json = FindFencedJson(text)) {
      // Nothing else in the text was tool output.
      return ResultJsonRuns(*json, file_name, read_result_json);
    }
    size_t first = 1;
    std::string_view first_text;
    for (const SourceLine& line : lines) {
      if (!Trim(line.text).empty()) {
        first = line.number;
        first_text = Trim(line.text);
        break;
      }
    }
    // cryptobench's own table, Markdown and CSV reports are for people and spreadsheets; only
    // its JSON keeps the samples and CIs a comparison needs.
    // A header RecogniseOwnTextReport does not know (another version's, edited by hand).
    if (first_text.starts_with("cryptobench ") || first_text.starts_with("## cryptobench ") ||
        first_text.starts_with("algorithm,kind,operation,")) {
      throw ImportError(first, OwnTextReportError(OwnTextReport{first, "", true}),
                        std::string(file_name));
    }
    throw ImportError(first,
                      "expected output of `openssl speed` (a progress line, a results table or "
                      "-mr records), `openssl version`, `bssl speed`, `botan speed` or "
                      "`cryptsetup benchmark`, found none",
                      std::string(file_name));
  }
  // Every figure in range (results/limits.h), as a result JSON's must be.
  for (const results::RunResult& run : runs) {
    try {
      results::CheckFigures(run);
    } catch (const std::runtime_error& e) {
      throw results::InputError(fmt::format("{}: {}", file_name, e.what()));
    }
  }
  return runs;
}

nlohmann::ordered_json ImportedRunsToJson(const std::vector<results::RunResult>& runs) {
  if (runs.size() == 1) {
    return results::ToJson(runs.front());
  }
  nlohmann::ordered_json doc;
  doc["schema_version"] = results::kSchemaVersion;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const results::RunResult& run : runs) {
    list.push_back(results::ToJson(run));
  }
  doc["runs"] = std::move(list);
  return doc;
}

}  // namespace cryptobench::import
