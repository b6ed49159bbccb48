// The import driver: cleans the paste, splits it into runs and hands each line to the parser
// of the run it belongs to.
#include "import/import.h"

#include <memory>
#include <optional>

#include <fmt/format.h>

#include "results/json.h"

#include "import/openssl_speed_mr.h"
#include "import/openssl_speed_text.h"
#include "import/openssl_version.h"
#include "import/parse_util.h"
#include "import/paste_cleanup.h"
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
    }
    Flush();
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

  void Take(size_t index) {
    const SourceLine& line = lines_[index];
    if (line.kind == LineKind::kCommand) {
      std::vector<std::string> args;
      const std::string subcommand = OpensslSubcommand(line.text, &args);
      if (subcommand == "speed") {
        Flush();
        StartSpeed(line.number);
        speed_->evidence.command = ParseSpeedCommand(args, line.number);
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
    speed_ = std::make_unique<SpeedState>();
    speed_->evidence.first_line = line;
  }

  void FlushVersion() {
    if (version_) {
      runs_.push_back(BuildVersionRun(*version_, file_name_));
      last_version_ = *version_;
      version_.reset();
    }
  }

  void Flush() {
    FlushVersion();
    if (!speed_) {
      return;
    }
    SpeedState& state = *speed_;
    FinishMr(&state.evidence, &state.mr);
    const SpeedEvidence& evidence = state.evidence;
    if (evidence.HasFigures()) {
      runs_.push_back(
          BuildSpeedRun(evidence, file_name_, last_version_ ? &*last_version_ : nullptr));
    } else if (evidence.header) {
      // A header without figures: what remains is the library's identity.
      runs_.push_back(BuildVersionRun(*evidence.header, file_name_));
    }
    speed_.reset();
  }

  const std::vector<SourceLine>& lines_;
  std::string file_name_;
  std::vector<results::RunResult> runs_;
  std::unique_ptr<SpeedState> speed_;
  std::optional<HeaderInfo> version_;
  std::optional<HeaderInfo> last_version_;
  bool after_version_command_ = false;
};

}  // namespace

ImportError::ImportError(size_t line, std::string expected, std::string file)
    : std::runtime_error(Describe(line, expected, file)),
      line_(line),
      expected_(std::move(expected)),
      file_(std::move(file)) {}

std::vector<results::RunResult> ImportText(std::string_view text, std::string_view file_name) {
  const std::vector<SourceLine> lines = CleanPaste(text);
  const std::string file = ValidUtf8(file_name);
  std::vector<results::RunResult> runs;
  try {
    runs = Driver(lines, file).Run();
  } catch (const ImportError& e) {
    throw ImportError(e.line(), e.expected(), std::string(file_name));
  }
  if (runs.empty()) {
    size_t first = 1;
    for (const SourceLine& line : lines) {
      if (!Trim(line.text).empty()) {
        first = line.number;
        break;
      }
    }
    throw ImportError(first,
                      "expected output of `openssl speed` (a progress line, a results table or "
                      "-mr records) or of `openssl version`, found none",
                      std::string(file_name));
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
