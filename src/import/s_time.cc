// Parser of openssl s_time output.
#include "import/s_time.h"

#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "import/foreign_names.h"
#include "import/import.h"
#include "import/parse_util.h"
#include "import/paste_cleanup.h"

namespace cryptobench::import {
namespace {

constexpr std::string_view kCollecting = "Collecting connection statistics for ";
// The run caveat Build() writes for a real-seconds line, read back by STimeRealRate.
constexpr std::string_view kByElapsed = "by elapsed time, ";

bool IsUserLine(const std::vector<std::string_view>& words) {
  // "<N> connections in <T>s; <R> connections/user sec, bytes read <B>"
  return words.size() >= 6 && words[1] == "connections" && words[2] == "in" &&
         EndsWith(words[3], "s;") && words[5] == "connections/user";
}

bool IsRealLine(const std::vector<std::string_view>& words) {
  // "<N> connections in <S> real seconds, <B> bytes read per connection"
  return words.size() >= 6 && words[1] == "connections" && words[2] == "in" && words[4] == "real" &&
         StartsWithNoCase(words[5], "seconds");
}

}  // namespace

std::optional<double> STimeRealRate(const results::RunResult& run, const results::Cell& cell) {
  if (run.source.tool != "openssl s_time" || cell.batch_iterations == 0) {
    return std::nullopt;
  }
  for (const std::string& caveat : run.source.caveats) {
    const size_t at = caveat.find(kByElapsed);
    if (at == std::string::npos) {
      continue;
    }
    // "<N> connections in <S> real seconds (whole seconds) is ..."
    const std::vector<std::string_view> words =
        SplitWords(std::string_view(caveat).substr(at + kByElapsed.size()));
    if (words.size() < 6 || words[1] != "connections" || words[2] != "in" || words[4] != "real") {
      continue;
    }
    const auto connections = ParseUnsigned(words[0]);
    const auto seconds = ParseUnsigned(words[3]);
    if (connections && seconds && *seconds > 0 && *connections == cell.batch_iterations) {
      return static_cast<double>(*connections) / static_cast<double>(*seconds);
    }
  }
  return std::nullopt;
}

bool StartsSTimeOutput(std::string_view trimmed) {
  if (trimmed.substr(0, kCollecting.size()) == kCollecting) {
    return true;
  }
  const std::vector<std::string_view> words = SplitWords(trimmed);
  return IsUserLine(words);
}

STimeParser::STimeParser(std::string_view file_name)
    : builder_("openssl s_time", "openssl", file_name) {
  builder_.run().source.timing_basis = "user_cpu";
  builder_.run().method.clock = "user CPU time of the client (openssl s_time)";
}

void STimeParser::SetCommand(const std::vector<std::string>& args, size_t line) {
  (void)line;
  command_seen_ = true;
  for (size_t i = 0; i < args.size(); ++i) {
    const bool value = i + 1 < args.size();
    if ((args[i] == "-cipher" || args[i] == "-ciphersuites") && value) {
      cipher_ = args[++i];
    } else if (args[i] == "-reuse") {
      reuse_only_ = true;
    } else if (args[i] == "-time" && value) {
      if (const auto seconds = ParseUnsigned(args[++i])) {
        builder_.run().method.max_seconds = static_cast<double>(*seconds);
      }
    }
  }
}

Offer STimeParser::Take(const SourceLine& line) {
  if (line.kind != LineKind::kText) {
    return Offer::kNotMine;
  }
  const std::string_view trimmed = Trim(line.text);
  if (trimmed.size() > 2 && trimmed.front() == '[' && trimmed.back() == ']') {
    // "[openssl s_time -connect host:4433 ... -cipher X]": the command, after its output.
    std::vector<std::string> args;
    const std::string_view inner = trimmed.substr(1, trimmed.size() - 2);
    if (OpensslSubcommand(inner, &args) == "s_time") {
      if (!HasFigures() || command_seen_) {
        return HasFigures() ? Offer::kNewRun : Offer::kNotMine;
      }
      SetCommand(args, line.number);
      builder_.Caveat(
          fmt::format("Line {}: the s_time command is shown after its output.", line.number));
      closed_ = true;
      return Offer::kConsumed;
    }
    return Offer::kNotMine;
  }
  if (trimmed.substr(0, kCollecting.size()) == kCollecting) {
    if (HasFigures()) {
      return Offer::kNewRun;
    }
    return Offer::kConsumed;
  }
  if (trimmed == "Now timing with session id reuse.") {
    reuse_phase_ = true;
    return Offer::kConsumed;
  }
  if (trimmed == "starting" ||
      (!trimmed.empty() && trimmed.find_first_not_of("*r ") == std::string_view::npos)) {
    return HasFigures() || !trimmed.empty() ? Offer::kConsumed : Offer::kNotMine;
  }
  const std::vector<std::string_view> words = SplitWords(trimmed);
  if (IsUserLine(words)) {
    if (closed_) {
      return Offer::kNewRun;
    }
    Record record;
    record.line = line.number;
    record.phase = reuse_phase_ || reuse_only_ ? "reconnect" : "connect";
    for (const Record& other : records_) {
      if (other.phase == record.phase) {
        return Offer::kNewRun;
      }
    }
    const auto connections = ParseUnsigned(words[0]);
    const auto seconds = ParseDouble(words[3].substr(0, words[3].size() - 2));
    const auto rate = ParseDouble(words[4]);
    if (!connections || !seconds || !rate) {
      throw ImportError(line.number,
                        fmt::format("expected '<N> connections in <T>s; <R> connections/user "
                                    "sec, ...' (openssl s_time), found {}",
                                    QuoteForError(trimmed)));
    }
    record.connections = *connections;
    record.user_seconds = *seconds;
    record.printed_rate = *rate;
    records_.push_back(record);
    return Offer::kConsumed;
  }
  if (IsRealLine(words)) {
    const auto connections = ParseUnsigned(words[0]);
    const auto seconds = ParseUnsigned(words[3]);
    if (!connections || !seconds) {
      throw ImportError(line.number,
                        fmt::format("expected '<N> connections in <S> real seconds, ...' "
                                    "(openssl s_time), found {}",
                                    QuoteForError(trimmed)));
    }
    if (!records_.empty() && !records_.back().real_seconds &&
        records_.back().connections == *connections) {
      records_.back().real_seconds = static_cast<double>(*seconds);
      records_.back().real_line = line.number;
      return Offer::kConsumed;
    }
    return Offer::kNotMine;
  }
  return Offer::kNotMine;
}

results::RunResult STimeParser::Build() {
  const NamedAlgorithm named{cipher_.empty() ? "TLS connection" : cipher_, "other", false};
  for (const Record& record : records_) {
    ForeignFigure figure;
    figure.algorithm = named;
    figure.operation = record.phase;
    figure.line = record.line;
    figure.count = record.connections;
    figure.label = fmt::format("'{}' {}", named.name, record.phase);
    figure.ops_per_s = std::isfinite(record.printed_rate) && record.printed_rate > 0
                           ? record.printed_rate
                           : std::numeric_limits<double>::infinity();
    if (record.user_seconds <= 0) {
      figure.problem =
          fmt::format("{} connections in {} s of user CPU time: s_time prints an infinite rate",
                      record.connections, record.user_seconds);
    }
    builder_.Add(figure);
    if (record.real_seconds && *record.real_seconds > 0) {
      builder_.Caveat(
          fmt::format("Line {}: {}{} connections in {} real seconds (whole seconds) is {:.1f} "
                      "connections/s.",
                      record.real_line, kByElapsed, record.connections, *record.real_seconds,
                      static_cast<double>(record.connections) / *record.real_seconds));
    }
  }
  builder_.Caveat(
      "openssl s_time divides connections by the client's user CPU time, not by elapsed "
      "time: time the client spends waiting for the server or in the kernel is not counted, so "
      "its connections/user sec overstate the rate and rank key exchanges by the client's work "
      "only.");
  if (cipher_.empty()) {
    builder_.Caveat(
        "The s_time command line is not in the paste, so the cipher suite is not "
        "known; the figures are named 'TLS connection'.");
  }
  return builder_.Finish();
}

}  // namespace cryptobench::import
