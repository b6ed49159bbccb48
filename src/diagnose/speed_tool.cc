// The speed-tool table and its rules (speed_tool.h).
#include "diagnose/speed_tool.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "diagnose/csv_table.h"
#include "diagnose/library_changes.h"

namespace cryptobench::diagnose {
namespace {

constexpr std::string_view kTable = "speed tool changes";
constexpr std::string_view kHeader = "tool,versions,kind,evidence,change,source,certainty";
constexpr std::string_view kTools[] = {"openssl-speed",       "openssl-s_time",
                                       "bssl-speed",          "botan-speed",
                                       "wolfcrypt-benchmark", "cryptsetup-benchmark"};
constexpr std::string_view kKinds[] = {"timer", "operation", "option", "output", "change", "bug"};

// s_time prints its real seconds as a whole number: below this many, one second of rounding
// moves a rate by more than 20%, too much to rank two runs by.
constexpr double kMinRealSeconds = 5;
// Two rates rank two runs only when they differ by more than this factor.
constexpr double kRankMargin = 1.1;
// A user-CPU ratio that differs from the wall-clock ratio by this factor misstates it.
constexpr double kMisstateFactor = 2;
// The AEAD change's signature: the side it applies to is at most this fraction of the other at
// the smallest size ...
constexpr double kSmallSizeDrop = 0.5;
// ... and within this factor of it at the largest size.
constexpr double kLargeSizeBand = 1 / 0.7;

template <size_t N>
bool OneOf(std::string_view value, const std::string_view (&allowed)[N]) {
  return std::find(std::begin(allowed), std::end(allowed), value) != std::end(allowed);
}

bool Contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

std::string Lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  });
  return out;
}

// Reads an unsigned decimal number at `pos` of `text`, advancing `pos`; nullopt if none.
std::optional<double> ReadNumber(std::string_view text, size_t& pos) {
  const size_t begin = pos;
  while (pos < text.size() && (std::isdigit(static_cast<unsigned char>(text[pos])) != 0 ||
                               (text[pos] == '.' && pos > begin))) {
    ++pos;
  }
  if (pos == begin) {
    return std::nullopt;
  }
  return std::stod(std::string(text.substr(begin, pos - begin)));
}

// "Line N: ..." -> "line N" for a finding's evidence; "" when the caveat names no line.
std::string LineOf(std::string_view caveat) {
  if (!caveat.starts_with("Line ")) {
    return "";
  }
  const size_t colon = caveat.find(':');
  return colon == std::string_view::npos ? "" : fmt::format("line {}", caveat.substr(5, colon - 5));
}

// Rows of `table` with evidence id `evidence` of `tool` whose release range holds `version`.
std::vector<const SpeedToolChange*> RowsFor(const std::vector<SpeedToolChange>& table,
                                            std::string_view evidence, std::string_view tool,
                                            const LibraryVersion& version) {
  std::vector<const SpeedToolChange*> rows = SpeedToolRows(table, evidence, tool);
  std::erase_if(rows, [&](const SpeedToolChange* row) { return !row->versions.Contains(version); });
  return rows;
}

// "SOURCE" or "SOURCE, unsure" for each row, joined by "; ".
std::string Cite(const std::vector<const SpeedToolChange*>& rows) {
  std::string out;
  for (const SpeedToolChange* row : rows) {
    out += fmt::format("{}{}{}", out.empty() ? "" : "; ", row->source, row->sure ? "" : ", unsure");
  }
  return out;
}

// --- -multi summary --------------------------------------------------------------------------

void MultiSummary(const results::RunResult& run, const std::vector<SpeedToolChange>& table,
                  std::vector<Finding>& out) {
  if (run.source.tool != "openssl speed" || run.source.multi < 1) {
    return;
  }
  std::vector<std::string> unusable;  // summary figures zero/infinite against the children
  bool mb_sizes = false;
  std::vector<std::string> extra_columns;  // summary rows with more figures than -mb's sizes
  for (const std::string& caveat : run.source.caveats) {
    if (Contains(caveat, "prints no usable rate") && Contains(caveat, "children's records")) {
      unusable.push_back(LineOf(caveat));
    }
    if (Contains(caveat, "multi-block sizes of -mb") || Contains(caveat, "-mb's multi-block")) {
      mb_sizes = true;
    }
    if (Contains(caveat, " figures for 5 sizes; the extra ones are ignored")) {
      extra_columns.push_back(LineOf(caveat));
    }
  }
  const auto lines = [](const std::vector<std::string>& list) {
    std::string text;
    for (const std::string& line : list) {
      if (!line.empty()) {
        text += fmt::format("{}{}", text.empty() ? " (" : ", ", line);
      }
    }
    return text.empty() ? text : fmt::format("{})", text);
  };
  if (!unusable.empty()) {
    out.push_back(Finding{
        "tool.multi-summary", Severity::kWarning,
        "openssl speed -multi summed the children's results wrongly: the summary prints zero or "
        "infinite rates the children's records contradict",
        fmt::format("the parent's summary table{} prints no usable rate for figures each child "
                    "measured (its +F records); the figures kept are the children's sum. Known "
                    "faults of the -multi summary: {}",
                    lines(unusable), Cite(SpeedToolRows(table, "multi-summary"))),
        "Read the children's +F records (or run without -multi) and report the -multi summary "
        "to the speed tool's maintainers."});
  }
  if (mb_sizes && !extra_columns.empty()) {
    std::vector<const SpeedToolChange*> rows = SpeedToolRows(table, "mb-sizes");
    for (const SpeedToolChange* row : SpeedToolRows(table, "multi-summary")) {
      if (Contains(row->change, "-mb")) {
        rows.push_back(row);
      }
    }
    out.push_back(Finding{
        "tool.multi-summary", Severity::kWarning,
        "openssl speed -multi -mb printed its summary with the default sizes: the extra column "
        "is the tool's fault, not a figure",
        fmt::format("-mb measures five multi-block sizes (8 to 128 KiB), but the summary row{} "
                    "has more figures than that: the parent laid the table out for the default "
                    "sizes and filled the column it never measured. Sources: {}",
                    lines(extra_columns), Cite(rows)),
        "Use the children's +F records, or run -mb without -multi."});
  }
}

// --- a timer that ran far past its slot --------------------------------------------------------

void TimerFault(const results::RunResult& run, const std::vector<SpeedToolChange>& table,
                std::vector<Finding>& out) {
  if (run.source.tool != "openssl speed") {
    return;
  }
  // import names a progress line of many operations that took far longer than its slot
  // ("took 4103.00 s in a 3 s run, which cannot be ..."); a single slow operation gets another
  // caveat ("a single operation slower than its slot ..., not a timer fault") and no cause.
  std::vector<std::string> lines;
  for (const std::string& caveat : run.source.caveats) {
    if (Contains(caveat, " s run, which cannot be: the timer or the count is wrong")) {
      lines.push_back(LineOf(caveat));
    }
  }
  const std::optional<LibraryVersion> version = RunToolVersion(run);
  if (lines.empty() || !version) {
    return;
  }
  std::vector<const SpeedToolChange*> rows =
      RowsFor(table, "slot-overrun", "openssl-speed", *version);
  std::erase_if(rows, [](const SpeedToolChange* row) { return row->kind != "bug"; });
  if (rows.empty()) {
    return;
  }
  std::string where;
  for (const std::string& line : lines) {
    if (!line.empty()) {
      where += fmt::format("{}{}", where.empty() ? "" : ", ", line);
    }
  }
  out.push_back(Finding{
      "tool.timer-fault", Severity::kWarning,
      fmt::format("openssl speed {} had a broken timer: many operations reported in far more "
                  "time than the run took",
                  version->text),
      fmt::format("progress line{} {} report times far beyond the requested slot with many "
                  "operations done, which a working alarm cannot give; {} lies in the "
                  "prereleases whose speed timer is known to be wrong: {}",
                  lines.size() == 1 ? "" : "s", where.empty() ? "(not numbered)" : where,
                  version->text, Cite(rows)),
      "Re-run with a release of the speed tool (or cryptobench speed)."});
}

// --- s_time: user CPU time against the real seconds -------------------------------------------

struct STimeRecord {
  std::string name;       ///< the cipher suite, or "TLS connection"
  std::string operation;  ///< "connect" or "reconnect"
  double user_rate = 0;   ///< connections/user sec as printed
  double real_rate = 0;   ///< connections / real seconds
  double real_seconds = 0;
};

// The real-seconds caveat of s_time's import ("Line N: by elapsed time, C connections in S real
// seconds ..."): C and S, or nullopt.
std::optional<std::pair<double, double>> RealSecondsOf(std::string_view caveat) {
  constexpr std::string_view kBy = "by elapsed time, ";
  const size_t at = caveat.find(kBy);
  if (at == std::string_view::npos) {
    return std::nullopt;
  }
  size_t pos = at + kBy.size();
  const std::optional<double> connections = ReadNumber(caveat, pos);
  constexpr std::string_view kIn = " connections in ";
  if (!connections || caveat.substr(pos, kIn.size()) != kIn) {
    return std::nullopt;
  }
  pos += kIn.size();
  const std::optional<double> seconds = ReadNumber(caveat, pos);
  if (!seconds || caveat.substr(pos, 14) != " real seconds ") {
    return std::nullopt;
  }
  return std::make_pair(*connections, *seconds);
}

std::vector<STimeRecord> STimeRecords(const results::RunResult& run) {
  std::vector<STimeRecord> out;
  if (run.source.tool != "openssl s_time") {
    return out;
  }
  for (const results::AlgorithmResult& alg : run.algorithms) {
    for (const results::Cell& cell : alg.cells) {
      if (!cell.figures || cell.batch_iterations == 0) {
        continue;
      }
      const double user_rate = cell.figures->ops_per_s.value;
      if (!std::isfinite(user_rate) || user_rate <= 0) {
        continue;
      }
      for (const std::string& caveat : run.source.caveats) {
        const auto real = RealSecondsOf(caveat);
        if (real && real->first == static_cast<double>(cell.batch_iterations) &&
            real->second >= kMinRealSeconds) {
          out.push_back(
              {alg.algorithm, cell.operation, user_rate, real->first / real->second, real->second});
          break;
        }
      }
    }
  }
  return out;
}

std::optional<SpeedToolPairFinding> STimeContradiction(const results::RunResult& a,
                                                       const results::RunResult& b,
                                                       const std::vector<SpeedToolChange>& table) {
  const std::vector<STimeRecord> as = STimeRecords(a);
  const std::vector<STimeRecord> bs = STimeRecords(b);
  for (const STimeRecord& x : as) {
    for (const STimeRecord& y : bs) {
      if (x.operation != y.operation) {
        continue;
      }
      const double user = y.user_rate / x.user_rate;
      const double real = y.real_rate / x.real_rate;
      const bool opposite = (user > kRankMargin && real < 1 / kRankMargin) ||
                            (user < 1 / kRankMargin && real > kRankMargin);
      const bool misstated = user / real >= kMisstateFactor || real / user >= kMisstateFactor;
      if (!opposite && !misstated) {
        continue;
      }
      return SpeedToolPairFinding{
          fmt::format(
              "openssl s_time's connections/user sec {} the wall clock: by user CPU time '{}' "
              "makes {:.2f}x the connections of '{}', by its real seconds {:.2f}x ({:.1f} against "
              "{:.1f} connections/s). s_time divides by the client's user CPU time only, so work "
              "that costs the client little CPU but the server or the network much time looks "
              "fast; rank connections by the real-seconds line, or by a wall-clock tool. "
              "Sources: {}",
              opposite ? "rank these runs opposite to" : "misstate by 2x or more", y.name, user,
              x.name, real, y.real_rate, x.real_rate,
              Cite(SpeedToolRows(table, "s-time-user-vs-real", "openssl-s_time"))),
          "user-cpu-timing-misleads"};
    }
  }
  return std::nullopt;
}

// --- openssl speed: the AEAD measurement change ------------------------------------------------

bool IsTimedAead(std::string_view algorithm) {
  const std::string name = Lower(algorithm);
  for (std::string_view mode : {"-gcm", "-ccm", "-ocb", "-siv"}) {
    if (Contains(name, mode)) {
      return true;
    }
  }
  return false;
}

std::optional<double> BytesPerSecond(const results::Cell& cell) {
  if (cell.status != results::CellStatus::kOk || !cell.figures || !cell.figures->bytes_per_s ||
      !(cell.figures->bytes_per_s->value > 0)) {
    return std::nullopt;
  }
  return cell.figures->bytes_per_s->value;
}

// The AEAD cells where `changed` has the change's shape against `other` (at most half at the
// smallest shared size, within the band at the largest), one description each.
std::vector<std::string> AeadShape(const results::RunResult& changed,
                                   const results::RunResult& other) {
  std::vector<std::string> matched;
  for (const results::AlgorithmResult& alg : changed.algorithms) {
    if (!IsTimedAead(alg.algorithm)) {
      continue;
    }
    const auto twin = std::find_if(
        other.algorithms.begin(), other.algorithms.end(),
        [&](const results::AlgorithmResult& o) { return o.algorithm == alg.algorithm; });
    if (twin == other.algorithms.end()) {
      continue;
    }
    // Ratios changed/other per shared size, of the first operation both measured.
    std::vector<std::pair<uint64_t, double>> ratios;
    std::string operation;
    for (const results::Cell& cell : alg.cells) {
      const std::optional<double> x = BytesPerSecond(cell);
      if (!x || (!operation.empty() && cell.operation != operation)) {
        continue;
      }
      for (const results::Cell& o : twin->cells) {
        const std::optional<double> y = BytesPerSecond(o);
        if (y && o.operation == cell.operation && o.input_len == cell.input_len) {
          operation = cell.operation;
          ratios.emplace_back(cell.input_len, *x / *y);
        }
      }
    }
    if (ratios.size() < 2) {
      continue;
    }
    std::sort(ratios.begin(), ratios.end());
    const auto& [small, small_ratio] = ratios.front();
    const auto& [large, large_ratio] = ratios.back();
    if (small_ratio <= kSmallSizeDrop && large_ratio >= 1 / kLargeSizeBand &&
        large_ratio <= kLargeSizeBand) {
      matched.push_back(fmt::format("{} {:.2f}x at {} bytes, {:.2f}x at {} bytes", alg.algorithm,
                                    small_ratio, small, large_ratio, large));
    }
  }
  return matched;
}

std::string JoinSemicolon(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) {
    out += fmt::format("{}{}", out.empty() ? "" : "; ", item);
  }
  return out;
}

std::optional<SpeedToolPairFinding> AeadChange(const results::RunResult& a,
                                               const results::RunResult& b,
                                               const std::vector<SpeedToolChange>& table) {
  if (a.source.tool != "openssl speed" || b.source.tool != "openssl speed") {
    return std::nullopt;
  }
  // The rows together say which releases time AEAD the new way (one row per release line or
  // source): the change lies between the sides when exactly one of them is in some row.
  const std::vector<const SpeedToolChange*> all =
      SpeedToolRows(table, "aead-setup-per-op", "openssl-speed");
  const auto in = [&](const LibraryVersion& v) {
    return std::any_of(all.begin(), all.end(),
                       [&](const SpeedToolChange* row) { return row->versions.Contains(v); });
  };
  const std::optional<LibraryVersion> va = RunToolVersion(a);
  const std::optional<LibraryVersion> vb = RunToolVersion(b);
  if (!va || !vb) {
    // The shape alone cannot tell the tool's change from the library's: only the versions
    // can, and the text lacks one. A side whose known version rules the change out (the slower
    // side before it, the faster side after it) leaves nothing to say.
    for (const bool a_slower : {false, true}) {
      const results::RunResult& slower = a_slower ? a : b;
      const results::RunResult& faster = a_slower ? b : a;
      const std::optional<LibraryVersion>& vs = a_slower ? va : vb;
      const std::optional<LibraryVersion>& vf = a_slower ? vb : va;
      if ((vs && !in(*vs)) || (vf && in(*vf))) {
        continue;
      }
      const std::vector<std::string> matched = AeadShape(slower, faster);
      if (matched.empty()) {
        continue;
      }
      return SpeedToolPairFinding{
          fmt::format(
              "Cannot tell from this report whether the AEAD difference is the library's "
              "or the speed tool's: it is slower at small sizes only ({}), the shape of "
              "the change in how openssl speed times AEAD ciphers (3.0.16, 3.3.3 and 3.4.1 on; "
              "{}), but the text does not give {} version. `openssl version` on each "
              "side would tell.",
              JoinSemicolon(matched), Cite(all), !va && !vb ? "either side's" : "one side's"),
          "cannot-tell"};
    }
    return std::nullopt;
  }
  const bool a_in = in(*va);
  if (a_in == in(*vb)) {
    return std::nullopt;
  }
  std::vector<const SpeedToolChange*> rows;
  for (const SpeedToolChange* row : all) {
    if (row->versions.Contains(a_in ? *va : *vb)) {
      rows.push_back(row);
    }
  }
  const std::vector<std::string> matched = AeadShape(a_in ? a : b, a_in ? b : a);
  if (matched.empty()) {
    return std::nullopt;
  }
  std::string changes;
  for (const SpeedToolChange* row : rows) {
    changes += fmt::format("{}{} ({}{})", changes.empty() ? "" : "; ", row->change, row->source,
                           row->sure ? "" : ", unsure");
  }
  return SpeedToolPairFinding{
      fmt::format("The AEAD figures of the two sides are not comparable: between {} and {} "
                  "openssl speed changed how it times AEAD ciphers, and the difference has that "
                  "change's shape, slower at small sizes only ({} on the {} side against the "
                  "other): a per-operation cost of the tool, not of the library. Known: {}",
                  va->text, vb->text, JoinSemicolon(matched), a_in ? va->text : vb->text, changes),
      "speed-tool-change"};
}

// --- figures no correct measurement gives -------------------------------------------------------

// The table's tool name of a run's tool ("openssl speed" -> "openssl-speed", "wolfCrypt
// benchmark" -> "wolfcrypt-benchmark").
std::string TableTool(std::string_view tool) {
  std::string out = Lower(tool);
  std::replace(out.begin(), out.end(), ' ', '-');
  return out;
}

// The version of the run's tool as the table states its ranges: OpenSSL's for openssl speed
// (RunToolVersion), the tool's own version text for the others; nullopt when the text gives none.
std::optional<LibraryVersion> ToolVersion(const results::RunResult& run) {
  if (run.source.tool == "openssl speed") {
    return RunToolVersion(run);
  }
  const std::string& text = run.source.tool_version;
  if (text.empty() || std::isdigit(static_cast<unsigned char>(text[0])) == 0) {
    return std::nullopt;
  }
  return ParseLibraryVersion(text);
}

// What a figure no correct measurement gives tells.
enum class Impossible {
  kSettled,  ///< only a fault of the tool or its run gives it
  /// +inf under user-CPU timing: work the user CPU time does not count (an engine, the kernel)
  /// gives it as well as a broken timer.
  kOffloadPossible,
  /// openssl speed's sign of a failed operation: run_benchmark returns a count of -1 when an
  /// operation fails (1.1.0 on), printed as a negative rate or count (a NaN or -inf when the
  /// time was 0): the operation failed, for a reason the paste does not give.
  kFailedOperation,
};

struct ImpossibleItem {
  std::string text;  ///< "line 12: aes-128-cbc encrypt at 16 bytes prints -1234.5 bytes/s"
  Impossible kind = Impossible::kSettled;
};

// "impossible figure 'VALUE' at line N": import's message for a negative, infinite or NaN
// figure (speed_run.cc, foreign_run.cc). VALUE is the figure as the table printed it where it
// printed one: openssl speed's "-5.00k" is in 1000s (apps/speed.c prints "%11.2fk" of the rate
// / 1e3), so a 'k' after the number multiplies it by 1000. nullopt for other messages.
std::optional<std::pair<double, std::string>> ImpossibleMessage(std::string_view message) {
  constexpr std::string_view kPrefix = "impossible figure '";
  if (!message.starts_with(kPrefix)) {
    return std::nullopt;
  }
  const size_t end = message.find('\'', kPrefix.size());
  if (end == std::string_view::npos) {
    return std::nullopt;
  }
  const std::string value(message.substr(kPrefix.size(), end - kPrefix.size()));
  char* stop = nullptr;
  double number = std::strtod(value.c_str(), &stop);
  if (stop == value.c_str()) {
    return std::nullopt;
  }
  if (*stop == 'k') {
    number *= 1000;  // "1e308k" is beyond a double: inf, as import read it
  }
  const size_t at = message.find(" at line ", end);
  return std::make_pair(
      number, at == std::string_view::npos ? std::string() : std::string(message.substr(at + 4)));
}

void ImpossibleFigures(const results::RunResult& run, const std::vector<SpeedToolChange>& table,
                       std::vector<Finding>& out) {
  // A wall clock cannot stand still while operations finish: an infinite rate settles the fault
  // unless the divisor is user CPU time (then the work may have run outside the process).
  // An unknown basis may be user CPU time (openssl speed's default) and counts as such.
  const bool user_cpu = run.source.timing_basis != "wall_clock" && run.source.multi < 1;
  // openssl speed prints a failed operation's count of -1 as a negative (or NaN, -inf) rate.
  const bool failed_sign = run.source.tool == "openssl speed";
  std::vector<ImpossibleItem> items;
  for (const results::AlgorithmResult& alg : run.algorithms) {
    for (const results::Cell& cell : alg.cells) {
      const std::string where =
          cell.input_len > 0
              ? fmt::format("{} {} at {} bytes", alg.algorithm, cell.operation, cell.input_len)
              : fmt::format("{} {}", alg.algorithm, cell.operation);
      if (cell.status == results::CellStatus::kError) {
        if (const auto parsed = ImpossibleMessage(cell.message)) {
          const auto& [value, line] = *parsed;
          const Impossible kind = failed_sign && !(value > 0) ? Impossible::kFailedOperation
                                  : std::isinf(value) && value > 0 && user_cpu
                                      ? Impossible::kOffloadPossible
                                      : Impossible::kSettled;
          items.push_back(ImpossibleItem{
              fmt::format("{}{}{} prints {:g} {}", line, line.empty() ? "" : ": ", where, value,
                          cell.input_len > 0 ? "bytes/s" : "operations/s"),
              kind});
        }
      }
      // A loop counter at the 32-bit limit: the count ran until it could not grow (the slot's
      // timer never stopped it), or it wrapped.
      if (cell.batch_iterations == 2147483647ULL || cell.batch_iterations == 4294967295ULL) {
        items.push_back(ImpossibleItem{
            fmt::format("{} counts {} operations, the largest {}-bit integer", where,
                        cell.batch_iterations,
                        cell.batch_iterations == 2147483647ULL ? "signed 32" : "unsigned 32"),
            Impossible::kSettled});
      }
    }
  }
  // Progress lines with a negative count or time, or operations in 0 s of wall-clock time
  // (import's "which cannot be" caveat; the ones that only ran past their slot are TimerFault's).
  for (const std::string& caveat : run.source.caveats) {
    // A progress count at the 32-bit limit that import read as work outside the process (0 s of
    // user CPU time): no engine finishes 2^31 operations in one slot.
    if (Contains(caveat, "reports 2147483647 operations") ||
        Contains(caveat, "reports 4294967295 operations")) {
      const size_t colon = caveat.find(':');
      const size_t end = caveat.find(" operations", colon);
      items.push_back(ImpossibleItem{
          fmt::format("{}: the count is the largest 32-bit integer", caveat.substr(0, end)),
          Impossible::kSettled});
    }
    if (Contains(caveat, "which cannot be: the timer or the count is wrong") &&
        Contains(caveat, " operations in ") && !Contains(caveat, " s run, which cannot be")) {
      const size_t comma = caveat.find(", which cannot be");
      // "reports -1 operations in ...": openssl speed's failed-operation count.
      const bool negative_count = Contains(caveat, " reports -");
      items.push_back(ImpossibleItem{caveat.substr(0, comma), failed_sign && negative_count
                                                                  ? Impossible::kFailedOperation
                                                                  : Impossible::kSettled});
    }
  }
  if (items.empty()) {
    return;
  }
  const auto has = [&](Impossible kind) {
    return std::any_of(items.begin(), items.end(),
                       [&](const ImpossibleItem& item) { return item.kind == kind; });
  };
  // The strongest class present decides; its items are the ones named.
  const Impossible shown_kind = has(Impossible::kSettled)           ? Impossible::kSettled
                                : has(Impossible::kFailedOperation) ? Impossible::kFailedOperation
                                                                    : Impossible::kOffloadPossible;
  std::string listed;
  size_t shown = 0;
  for (const ImpossibleItem& item : items) {
    if (item.kind != shown_kind) {
      continue;
    }
    if (++shown > 4) {
      listed += "; ...";
      break;
    }
    listed += fmt::format("{}{}", listed.empty() ? "" : "; ", item.text);
  }
  const std::string tool = run.source.tool.empty() ? "the speed tool" : run.source.tool;
  if (shown_kind == Impossible::kFailedOperation) {
    const std::vector<const SpeedToolChange*> rows =
        SpeedToolRows(table, "impossible-figure", "openssl-speed");
    std::vector<const SpeedToolChange*> failed;
    std::copy_if(rows.begin(), rows.end(), std::back_inserter(failed),
                 [](const SpeedToolChange* row) { return Contains(row->change, "count of -1"); });
    out.push_back(Finding{
        "tool.figure-cannot-tell", Severity::kWarning,
        "Cannot tell from this report why openssl speed's operation failed: its negative figures "
        "are the sign of a failed operation, not a rate",
        fmt::format("{}: openssl speed counts a failed operation as -1 and prints that count "
                    "divided by the time ({}); the error itself goes to standard error, which "
                    "the paste does not show, so the cause (a cipher or mode the library or its "
                    "provider refuses, an engine, the tool) is open and the figures cannot be used",
                    listed, Cite(failed)),
        "The same `openssl speed` command for that algorithm alone, without -multi and with "
        "standard error kept (2>&1), would tell: it prints the library's error."});
    return;
  }
  if (shown_kind == Impossible::kOffloadPossible) {
    // Work done in the kernel or on a device uses no user CPU time; so does a timer that never
    // ran. Only the wall clock tells them apart.
    if (std::any_of(run.source.caveats.begin(), run.source.caveats.end(), [](const std::string& c) {
          return Contains(c, "s of user CPU time: the work");
        })) {
      return;  // import already names the offload (report.user-cpu-offload)
    }
    out.push_back(Finding{
        "tool.figure-cannot-tell", Severity::kWarning,
        "Cannot tell from this report whether the infinite rates are a fault of the speed tool",
        fmt::format("{} printed infinite rates ({}): the run divides by user CPU time, which is "
                    "zero both when the work ran outside the process (an engine, the kernel) and "
                    "when the timer did not run; the figures cannot be used either way",
                    tool, listed),
        "`openssl speed -elapsed` with the same algorithms would tell: wall-clock time is never "
        "zero for work that was done."});
    return;
  }
  const std::optional<LibraryVersion> version = ToolVersion(run);
  const std::string table_tool = TableTool(run.source.tool);
  std::vector<const SpeedToolChange*> rows;
  if (version) {
    for (std::string_view evidence : {"impossible-figure", "multi-summary"}) {
      if (evidence == "multi-summary" && run.source.multi < 1) {
        continue;
      }
      const std::vector<const SpeedToolChange*> matched =
          RowsFor(table, evidence, table_tool, *version);
      rows.insert(rows.end(), matched.begin(), matched.end());
    }
  }
  std::string known;
  for (const SpeedToolChange* row : rows) {
    known += fmt::format("{}{} ({}{})", known.empty() ? "" : "; ", row->change, row->source,
                         row->sure ? "" : ", unsure");
  }
  out.push_back(Finding{
      "tool.impossible-figure", Severity::kWarning,
      fmt::format("{} printed figures no correct measurement gives: a fault of the speed tool or "
                  "its run",
                  tool),
      fmt::format("{}. {}", listed,
                  known.empty()
                      ? fmt::format("No known bug of {}{} matches; a fault of the speed tool or "
                                    "its run: the figure cannot be used",
                                    tool, version ? " " + version->text : "")
                      : fmt::format("Known for {} {}: {}", tool, version->text, known)),
      "Do not use these figures; run the same command again (without -multi when it was used) "
      "and report the output to the tool's maintainers if it repeats."});
}

// --- botan speed's per-operation clock reads ----------------------------------------------------

// Before 3.6.0 botan speed read the clock, then the cycle counter, around every operation and
// the cycle counter, then the clock, after it (commit 13cfc219b src/lib/utils/timer.cpp): the
// wall-clock interval holds reads the cycle interval does not, so where those reads dominate
// (small buffers) the line's cycles/byte times its MiB/sec implies a lower counter rate than at
// large buffers. Both counters of a correct run tick at fixed rates over the same interval, so
// the implied rate is the same at every size.
constexpr double kImpliedRateSpread = 1.5;

void BotanTimer(const results::RunResult& run, const std::vector<SpeedToolChange>& table,
                std::vector<Finding>& out) {
  if (run.source.tool != "botan speed") {
    return;
  }
  std::vector<std::string> shown;
  for (const results::AlgorithmResult& alg : run.algorithms) {
    // (size, implied counter rate in Hz) per operation, of cells with a cycle count.
    std::vector<std::pair<std::string, std::vector<std::pair<uint64_t, double>>>> by_op;
    for (const results::Cell& cell : alg.cells) {
      if (cell.status != results::CellStatus::kOk || !cell.figures || cell.input_len == 0 ||
          !(cell.figures->ticks_per_op > 0) || !(cell.figures->ops_per_s.value > 0)) {
        continue;
      }
      auto it = std::find_if(by_op.begin(), by_op.end(),
                             [&](const auto& entry) { return entry.first == cell.operation; });
      if (it == by_op.end()) {
        by_op.emplace_back(cell.operation, std::vector<std::pair<uint64_t, double>>{});
        it = std::prev(by_op.end());
      }
      it->second.emplace_back(cell.input_len,
                              cell.figures->ticks_per_op * cell.figures->ops_per_s.value);
    }
    for (auto& [operation, rates] : by_op) {
      if (rates.size() < 2) {
        continue;
      }
      std::sort(rates.begin(), rates.end());
      const auto& [small, small_rate] = rates.front();
      const auto& [large, large_rate] = rates.back();
      if (small < large && large_rate >= kImpliedRateSpread * small_rate) {
        shown.push_back(fmt::format("{} {}: {:.0f} MHz at {} bytes, {:.0f} MHz at {} bytes",
                                    alg.algorithm, operation, small_rate / 1e6, small,
                                    large_rate / 1e6, large));
      }
    }
  }
  if (shown.empty()) {
    return;
  }
  const std::vector<const SpeedToolChange*> all =
      SpeedToolRows(table, "botan-timer", "botan-speed");
  const std::optional<LibraryVersion> version = ToolVersion(run);
  const std::vector<const SpeedToolChange*> rows =
      version ? RowsFor(table, "botan-timer", "botan-speed", *version)
              : std::vector<const SpeedToolChange*>{};
  const std::string listed = JoinSemicolon(shown);
  if (version && rows.empty()) {
    return;  // a release after the fix: no known fault explains it (a counter that scales?)
  }
  if (!version) {
    out.push_back(Finding{
        "tool.figure-cannot-tell", Severity::kWarning,
        "Cannot tell from this report whether botan speed's small-buffer figures count its own "
        "clock reads",
        fmt::format("the cycles/byte and MiB/sec of one algorithm imply different counter rates "
                    "at different sizes ({}), the sign of releases before 3.6.0 that timed every "
                    "operation with its own clock reads ({}); the text does not say which Botan "
                    "ran",
                    listed, Cite(all)),
        "`botan version` would tell: before 3.6.0 the small-buffer figures are the tool's."});
    return;
  }
  out.push_back(Finding{
      "tool.timer-fault", Severity::kWarning,
      fmt::format("botan speed {} counted its own clock reads as the algorithm's time: the "
                  "small-buffer figures are too slow",
                  version->text),
      fmt::format("the cycles/byte and MiB/sec of one algorithm imply different counter rates at "
                  "different sizes ({}), which two counters read over the same interval cannot "
                  "give; Botan {} reads the clock and the cycle counter around every operation, a "
                  "known fault fixed in 3.6.0: {}",
                  listed, version->text, Cite(rows)),
      "Compare small-buffer figures only from Botan 3.6.0 or later; the large-buffer figures "
      "are the ones to use."});
}

// --- openssl speed: AEAD decryption without a valid tag ------------------------------------------

// GCM, CCM, OCB, SIV (IsTimedAead) and ChaCha20-Poly1305: the ciphers whose decryption checks a
// tag, which openssl speed's -decrypt did not supply (the table's "aead-decrypt-fails" rows).
bool ChecksTag(std::string_view algorithm) {
  const std::string name = Lower(algorithm);
  return IsTimedAead(name) || (Contains(name, "chacha20") && Contains(name, "poly1305"));
}

// openssl speed 3.0 to 3.4.0 gave an AEAD decryption no valid tag, so each one failed its tag
// check: a decrypt cell of such a cipher from those releases is the tool's fault, whether it
// failed outright (0 operations, an error cell) or timed the failing decryptions.
void AeadDecryptFault(const results::RunResult& run, const std::vector<SpeedToolChange>& table,
                      std::vector<Finding>& out) {
  if (run.source.tool != "openssl speed") {
    return;
  }
  const std::optional<LibraryVersion> version = ToolVersion(run);
  if (!version) {
    return;
  }
  const std::vector<const SpeedToolChange*> rows =
      RowsFor(table, "aead-decrypt-fails", "openssl-speed", *version);
  if (rows.empty()) {
    return;
  }
  std::vector<std::string> failed;
  std::vector<std::string> timed;
  for (const results::AlgorithmResult& alg : run.algorithms) {
    if (!ChecksTag(alg.algorithm)) {
      continue;
    }
    for (const results::Cell& cell : alg.cells) {
      if (cell.operation != "decrypt") {
        continue;
      }
      if (cell.status == results::CellStatus::kOk) {
        timed.push_back(fmt::format("{} at {} bytes", alg.algorithm, cell.input_len));
      } else {
        failed.push_back(
            fmt::format("{} at {} bytes ({})", alg.algorithm, cell.input_len, cell.message));
      }
    }
  }
  if (failed.empty() && timed.empty()) {
    return;
  }
  const std::string& v = version->text;
  out.push_back(Finding{
      "tool.aead-decrypt", Severity::kWarning,
      failed.empty()
          ? fmt::format("openssl speed {}'s AEAD decryption figures time decryptions that fail "
                        "their tag check: a fault of the speed tool, not the library's speed",
                        v)
          : fmt::format("openssl speed {} failed every AEAD decryption: the failure is the speed "
                        "tool's, not the library's",
                        v),
      fmt::format("{}{}{}; openssl speed {} gives an AEAD decryption no valid tag: {}",
                  failed.empty() ? "" : "no decryption completed: ", JoinSemicolon(failed),
                  timed.empty() ? ""
                                : fmt::format("{}decryptions timed without a valid tag: {}",
                                              failed.empty() ? "" : "; ", JoinSemicolon(timed)),
                  v, Cite(rows)),
      "Time AEAD decryption with a release that encrypts first to get a valid tag (3.0.16, "
      "3.1.8, 3.2.4, 3.3.3, 3.5.0 or later), or with `cryptobench speed --decrypt`, whose "
      "decryptions carry a valid tag."});
}

}  // namespace

const std::vector<std::string_view>& SpeedToolEvidenceIds() {
  static const std::vector<std::string_view> ids = {
      "s-time-user-vs-real", "multi-summary",     "mb-sizes",
      "slot-overrun",        "aead-setup-per-op", "impossible-figure",
      "run-fault",           "botan-timer",       "aead-decrypt-fails"};
  return ids;
}

std::vector<SpeedToolChange> ParseSpeedToolChanges(std::string_view csv) {
  std::vector<SpeedToolChange> out;
  for (CsvRecord& record : ParseCsvTable(csv, kHeader, kTable)) {
    std::vector<std::string>& f = record.fields;
    SpeedToolChange row;
    row.line = record.line;
    if (!OneOf(f[0], kTools)) {
      FailCsvRecord(kTable, record.line, fmt::format("unknown tool \"{}\"", f[0]));
    }
    try {
      row.versions = ParseVersionRange(f[1]);
    } catch (const std::invalid_argument& e) {
      FailCsvRecord(kTable, record.line, fmt::format("versions: {}", e.what()));
    }
    if (!OneOf(f[2], kKinds)) {
      FailCsvRecord(kTable, record.line, fmt::format("unknown kind \"{}\"", f[2]));
    }
    const std::vector<std::string_view>& ids = SpeedToolEvidenceIds();
    if (f[3] != "none" && std::find(ids.begin(), ids.end(), f[3]) == ids.end()) {
      FailCsvRecord(kTable, record.line, fmt::format("unknown evidence \"{}\"", f[3]));
    }
    if (f[4].empty()) {
      FailCsvRecord(kTable, record.line, "an empty change");
    }
    if (!IsCitableSource(f[5])) {
      FailCsvRecord(kTable, record.line,
                    fmt::format("source \"{}\" is neither a URL nor \"commit <id> <file>\"", f[5]));
    }
    if (f[6] != "sure" && f[6] != "unsure") {
      FailCsvRecord(kTable, record.line,
                    fmt::format("certainty \"{}\" is neither sure nor unsure", f[6]));
    }
    row.tool = std::move(f[0]);
    row.kind = std::move(f[2]);
    row.evidence = std::move(f[3]);
    row.change = std::move(f[4]);
    row.source = std::move(f[5]);
    row.sure = f[6] == "sure";
    out.push_back(std::move(row));
  }
  return out;
}

const std::vector<SpeedToolChange>& SpeedToolChanges() {
  static const std::vector<SpeedToolChange> table =
      ParseSpeedToolChanges(EmbeddedSpeedToolChangesCsv());
  return table;
}

std::vector<const SpeedToolChange*> SpeedToolRows(const std::vector<SpeedToolChange>& table,
                                                  std::string_view evidence,
                                                  std::string_view tool) {
  std::vector<const SpeedToolChange*> out;
  for (const SpeedToolChange& row : table) {
    if (row.evidence == evidence && (tool.empty() || row.tool == tool)) {
      out.push_back(&row);
    }
  }
  return out;
}

std::optional<LibraryVersion> RunToolVersion(const results::RunResult& run) {
  // import writes OpenSSL's as "3.0.13" and other libraries' with their name ("LibreSSL
  // 3.8.2"), whose speed apps this table does not describe.
  const std::string& tool_version = run.source.tool_version;
  if (!tool_version.empty()) {
    if (std::isdigit(static_cast<unsigned char>(tool_version[0])) == 0) {
      return std::nullopt;
    }
    if (std::optional<LibraryVersion> v = ParseLibraryVersion(tool_version)) {
      return v;
    }
    // "3.0.0-alpha3-dev": the development toward a prerelease, read as that prerelease.
    if (tool_version.ends_with("-dev")) {
      if (std::optional<LibraryVersion> v = ParseLibraryVersion(
              std::string_view(tool_version).substr(0, tool_version.size() - 4))) {
        return v;
      }
    }
  }
  std::string_view text = run.library.version;
  if (!text.starts_with("OpenSSL ")) {
    return std::nullopt;
  }
  text.remove_prefix(8);
  return ParseLibraryVersion(text.substr(0, text.find(' ')));
}

std::vector<Finding> SpeedToolFindings(const results::RunResult& run,
                                       const std::vector<SpeedToolChange>& table) {
  std::vector<Finding> out;
  if (run.source.kind != "imported") {
    return out;
  }
  MultiSummary(run, table, out);
  TimerFault(run, table, out);
  // A -multi summary the children's records contradict is MultiSummary's: its figures are
  // replaced, not left impossible.
  ImpossibleFigures(run, table, out);
  BotanTimer(run, table, out);
  AeadDecryptFault(run, table, out);
  return out;
}

std::vector<Finding> SpeedToolFindings(const results::RunResult& run) {
  return SpeedToolFindings(run, SpeedToolChanges());
}

bool SpeedToolExplainsUnusableFigures(const std::vector<results::RunResult>& runs) {
  return std::any_of(runs.begin(), runs.end(), [](const results::RunResult& run) {
    const std::vector<Finding> findings = SpeedToolFindings(run);
    return std::any_of(findings.begin(), findings.end(), [](const Finding& finding) {
      return finding.id == "tool.impossible-figure" || finding.id == "tool.timer-fault" ||
             finding.id == "tool.figure-cannot-tell" || finding.id == "tool.multi-summary";
    });
  });
}

std::vector<SpeedToolPairFinding> SpeedToolPairFindings(const results::RunResult& a,
                                                        const results::RunResult& b,
                                                        const std::vector<SpeedToolChange>& table) {
  std::vector<SpeedToolPairFinding> out;
  if (a.source.kind != "imported" || b.source.kind != "imported") {
    return out;
  }
  if (std::optional<SpeedToolPairFinding> s_time = STimeContradiction(a, b, table)) {
    out.push_back(std::move(*s_time));
  }
  if (std::optional<SpeedToolPairFinding> aead = AeadChange(a, b, table)) {
    out.push_back(std::move(*aead));
  }
  return out;
}

std::vector<SpeedToolPairFinding> SpeedToolPairFindings(const results::RunResult& a,
                                                        const results::RunResult& b) {
  return SpeedToolPairFindings(a, b, SpeedToolChanges());
}

}  // namespace cryptobench::diagnose
