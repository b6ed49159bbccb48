// `cryptobench history` and `store import`, and saving runs: the CLI over store/ (docs/store.md).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "algorithms/catalog.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "core/errors.h"
#include "core/utc.h"
#include "cpu/features.h"
#include "report/document.h"
#include "report/format_util.h"
#include "report/formats.h"
#include "report/report.h"
#include "report/sanitize.h"
#include "report/text_table.h"
#include "results/json.h"

#include "compare/compare_document.h"
#include "compare/side_spec.h"
#include "compare/sides.h"
#include "diagnose/doctor_document.h"
#include "import/text_encoding.h"
#include "store/steps.h"
#include "tls/json.h"
#include "tls/model.h"

namespace cryptobench::cli {
namespace {

int64_t ParseLimit(const std::string& text, int64_t fallback) {
  if (text.empty()) {
    return fallback;
  }
  char* end = nullptr;
  errno = 0;
  const long long value = std::strtoll(text.c_str(), &end, 10);
  if (end == text.c_str() || *end != '\0' || errno != 0 || value < 1 || value > 1000000) {
    throw UsageError(fmt::format("--limit '{}': expected a whole number from 1 to 1000000", text));
  }
  return value;
}

// A date filter: an ISO 8601 prefix (2026, 2026-11, 2026-11-05, 2026-11-05T10:00:00Z).
std::string ParseDate(const std::string& text, const char* option) {
  // Any prefix of a valid time, at a field boundary: complete it with the earliest time.
  static constexpr std::string_view kEarliest = "0000-01-01T00:00:00Z";
  const bool boundary =
      text.size() == 4 || text.size() == 7 || text.size() == 10 || text.size() == 20;
  if (!boundary || !store::IsUtcTimestamp(text + std::string(kEarliest.substr(text.size())))) {
    throw UsageError(fmt::format(
        "{} '{}': expected a UTC date or time as YYYY[-MM[-DD[THH:MM:SSZ]]]", option, text));
  }
  return text;
}

store::RunFilter FilterOf(const HistoryOptions& options, int64_t limit) {
  store::RunFilter filter;
  filter.host = options.host;
  filter.library = options.library;
  filter.algorithm = options.algorithm;
  filter.name = options.name;
  filter.since = options.since.empty() ? "" : ParseDate(options.since, "--since");
  filter.until = options.until.empty() ? "" : ParseDate(options.until, "--until");
  filter.limit = limit;
  if (!filter.algorithm.empty()) {
    if (const AlgorithmInfo* alg = FindAlgorithm(filter.algorithm)) {
      filter.algorithm = std::string(alg->name);
    }
  }
  return filter;
}

enum class ListFormat { kTable, kJson, kCsv, kMarkdown };

ListFormat ParseListFormat(const std::string& text) {
  switch (report::ChooseFormat(report::Producer::kHistory, text)) {
    case report::Format::kJson:
      return ListFormat::kJson;
    case report::Format::kCsv:
      return ListFormat::kCsv;
    case report::Format::kMarkdown:
      return ListFormat::kMarkdown;
    default:
      return ListFormat::kTable;  // the registry admits no other for history
  }
}

// A run's host for a list: "-" when unknown (an import without --hostname), empty in CSV,
// where a field of its own would read as a host named "-".
std::string HostField(const std::string& hostname, ListFormat format) {
  if (!hostname.empty()) {
    return hostname;
  }
  return format == ListFormat::kCsv ? "" : "-";
}

// Rows of strings in one of the list formats; every field sanitised for the terminal.
void WriteRows(const std::vector<std::string>& headers,
               const std::vector<std::vector<std::string>>& rows, ListFormat format,
               std::ostream& out) {
  if (format == ListFormat::kCsv) {
    for (size_t i = 0; i < headers.size(); ++i) {
      out << (i ? "," : "") << report::CsvField(headers[i]);
    }
    out << "\n";
    for (const auto& row : rows) {
      for (size_t i = 0; i < row.size(); ++i) {
        out << (i ? "," : "") << report::CsvField(report::SafeText(row[i]));
      }
      out << "\n";
    }
    return;
  }
  if (format == ListFormat::kMarkdown) {
    out << "|";
    for (const std::string& h : headers) {
      out << " " << h << " |";
    }
    out << "\n|";
    for (size_t i = 0; i < headers.size(); ++i) {
      out << "---|";
    }
    out << "\n";
    for (const auto& row : rows) {
      out << "|";
      for (const std::string& field : row) {
        out << " " << report::MarkdownText(report::SafeText(field)) << " |";
      }
      out << "\n";
    }
    return;
  }
  std::vector<report::TextTable::Column> columns;
  for (const std::string& h : headers) {
    columns.push_back({h, report::TextTable::Align::kLeft});
  }
  report::TextTable table(columns);
  for (const auto& row : rows) {
    std::vector<std::string> safe;
    for (const std::string& field : row) {
      safe.push_back(report::SafeText(field));
    }
    table.AddRow(std::move(safe));
  }
  table.Write(out);
}

// The run list in `format_name` (a registry name, "" = table).
std::string ListRuns(store::Store& store, const HistoryOptions& options,
                     const std::string& format_name) {
  const ListFormat format = ParseListFormat(format_name);
  const int64_t limit = ParseLimit(options.limit, 50);
  std::vector<store::RunSummary> runs = store.ListRuns(FilterOf(options, limit + 1));
  const bool more = static_cast<int64_t>(runs.size()) > limit;
  if (more) {
    runs.pop_back();
  }
  const bool filtered = !options.host.empty() || !options.library.empty() ||
                        !options.algorithm.empty() || !options.name.empty() ||
                        !options.since.empty() || !options.until.empty();
  std::ostringstream out;
  if (format == ListFormat::kJson) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const store::RunSummary& r : runs) {
      list.push_back({{"id", r.id},
                      {"name", r.name},
                      {"kind", r.kind},
                      {"created_utc", r.created_utc},
                      {"stored_utc", r.stored_utc},
                      {"hostname", r.hostname},
                      {"cpu_model", r.cpu_model},
                      {"backend", r.backend},
                      {"library", r.library},
                      {"cells", r.cells},
                      {"cpu_features", r.cpu_features},
                      {"virtualization", r.virtualization},
                      {"file_sha256", r.file_sha256}});
    }
    nlohmann::ordered_json doc = {{"store", store.Describe()}, {"runs", list}};
    out << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    std::vector<std::vector<std::string>> rows;
    for (const store::RunSummary& r : runs) {
      rows.push_back({std::to_string(r.id), r.created_utc, r.name, r.kind,
                      HostField(r.hostname, format), r.cpu_model, r.backend, r.library,
                      std::to_string(r.cells)});
    }
    if (format == ListFormat::kTable) {
      out << report::SafeText(store.Describe()) << ": " << (more ? "the newest " : "")
          << runs.size() << " run" << (runs.size() == 1 ? "" : "s")
          << (filtered ? " matching the filters" : "")
          << (more ? fmt::format(" (more with --limit N)") : "")
          << (runs.empty() || more ? "" : ", newest first") << "\n";
      if (runs.empty() && !filtered) {
        out << "(none: save runs with speed --save, or store import FILE)\n";
      }
    }
    if (!runs.empty() || format != ListFormat::kTable) {
      WriteRows(
          {"id", "measured (UTC)", "name", "kind", "host", "CPU", "backend", "library", "cells"},
          rows, format, out);
    }
  }
  return std::move(out).str();
}

}  // namespace

int64_t ResolveRun(store::Store& store, const std::string& selector, bool with_cells) {
  if (selector.empty()) {
    throw UsageError("store: expected a run after it: store:last, store:ID or store:NAME");
  }
  const std::string host = store::LocalHostname();
  const std::optional<int64_t> id = store.Resolve(selector, host, with_cells);
  if (id) {
    return *id;
  }
  if (with_cells) {
    // A doctor, compare or tls run matches but holds no cells: say so, not "no run".
    if (const std::optional<int64_t> other = store.Resolve(selector, host, false)) {
      if (const auto stored = store.LoadDocument(*other)) {
        throw UsageError(fmt::format(
            "{}: store:{} is run {}, {} run, which holds no cells to compare; compare takes "
            "speed and import runs (cryptobench history lists them)",
            report::SafeText(store.Describe()), report::SafeText(selector), *other,
            stored->first == "import" ? std::string("an import")
                                      : fmt::format("a {}", stored->first)));
      }
    }
  }
  if (selector == "last") {
    // Imported pastes rarely name their host: point at the newest stored run, so the user is
    // not left to guess that it needs store:ID.
    std::string newest;
    if (const std::optional<int64_t> any = store.Resolve(selector, "", with_cells)) {
      newest = fmt::format("; the newest stored run is store:{}", *any);
    }
    throw UsageError(fmt::format(
        "{}: no run of this host ('{}'){}; store:ID or store:NAME name another host's run "
        "(cryptobench history lists them)",
        report::SafeText(store.Describe()), report::SafeText(host), newest));
  }
  throw UsageError(fmt::format("{}: no run '{}' (cryptobench history lists them)",
                               report::SafeText(store.Describe()), report::SafeText(selector)));
}

namespace {

// A doctor, compare or tls run: kept as its JSON document. --format json prints it; the other
// formats name the run and how to print it (its report cannot be rebuilt from the document).
std::string ShowDocumentRun(store::Store& store, int64_t id, const std::string& kind,
                            const std::string& document, report::Format format) {
  std::ostringstream out;
  if (format == report::Format::kJson) {
    nlohmann::ordered_json doc;  // in the order the command wrote it
    try {
      doc = nlohmann::ordered_json::parse(document);
    } catch (const std::exception& e) {
      throw store::StoreError(
          fmt::format("{}: run {} is damaged: {}", store.Describe(), id, e.what()));
    }
    // ASCII only: every control character of a string is escaped for the terminal.
    out << doc.dump(2, ' ', true, nlohmann::json::error_handler_t::replace) << "\n";
    return std::move(out).str();
  }
  if (format == report::Format::kHtml && (kind == "doctor" || kind == "compare")) {
    // The page doctor and compare write, drawn from the stored document as report draws a
    // saved file (doctor_document.h, compare_document.h).
    try {
      const nlohmann::json doc = nlohmann::json::parse(document);
      report::WriteHtml(
          kind == "doctor" ? diagnose::DoctorDocument(doc) : compare::CompareDocument(doc), out);
    } catch (const std::exception& e) {
      throw store::StoreError(
          fmt::format("{}: run {} is damaged: {}", store.Describe(), id, e.what()));
    }
    return std::move(out).str();
  }
  if (format != report::Format::kTable && format != report::Format::kMarkdown) {
    throw UsageError(fmt::format(
        "--format {}: run {} is a {} run, kept as its JSON document: --format json prints it",
        report::FormatName(format), id, kind));
  }
  std::string when;
  std::string host;
  std::string library;
  store::RunFilter all;
  for (const store::RunSummary& r : store.ListRuns(all)) {
    if (r.id == id) {
      when = r.created_utc;
      host = r.hostname.empty() ? "an unknown host" : r.hostname;
      library = r.library;
      break;
    }
  }
  out << report::SafeText(fmt::format(
             "run {}: a {} run of {} on {} at {}; its report is kept as its JSON document: "
             "cryptobench history show {} --format json prints it",
             id, kind, library.empty() ? "no library" : library, host, when, id))
      << "\n";
  return std::move(out).str();
}

std::string ShowRun(store::Store& store, const HistoryOptions& options,
                    const std::string& format_name) {
  // A stored speed run: what speed writes.
  const report::Format format = report::ChooseFormat(report::Producer::kSpeed, format_name);
  const int64_t id = ResolveRun(store, options.run, /*with_cells=*/false);
  if (const auto stored = store.LoadDocument(id);
      stored && (stored->first == "doctor" || stored->first == "compare" ||
                 stored->first == "compare_tls" || stored->first == "tls")) {
    return ShowDocumentRun(store, id, stored->first, stored->second, format);
  }
  std::optional<results::RunResult> run = store.LoadRun(id);
  if (!run) {
    throw UsageError(fmt::format("{}: no run {}", report::SafeText(store.Describe()), id));
  }
  report::SanitizeRun(*run);
  std::ostringstream out;
  report::Render(*run, format, out);
  return std::move(out).str();
}

std::string UnitLabel(const std::string& unit) { return unit == "bytes_per_s" ? "MB/s" : "ops/s"; }

double InUnit(const std::string& unit, double value) {
  return unit == "bytes_per_s" ? value / 1e6 : value;
}

// Seconds since the Unix epoch of a "YYYY-MM-DDTHH:MM:SSZ" time (IsUtcTimestamp's form), by
// the proleptic Gregorian calendar of <chrono> (C++20 [time.cal]).
double EpochSeconds(const std::string& utc) {
  const auto number = [&utc](size_t at, size_t len) { return std::stoi(utc.substr(at, len)); };
  const std::chrono::sys_days day{std::chrono::year{number(0, 4)} /
                                  std::chrono::month{static_cast<unsigned>(number(5, 2))} /
                                  std::chrono::day{static_cast<unsigned>(number(8, 2))}};
  return static_cast<double>(day.time_since_epoch().count()) * 86400 + number(11, 2) * 3600 +
         number(14, 2) * 60 + number(17, 2);
}

// How a trend's x axis labels its runs' times (UTC, YYYY-MM-DDTHH:MM:SSZ): the part of each
// time shown, from `from`, `length` characters ('T' shown as a space), and the day the axis
// title names when every run is of one day (its labels then leave the date out).
struct TimeLabels {
  size_t from = 0;
  size_t length = 10;
  std::string day;

  std::string Of(const std::string& utc) const {
    std::string label = utc.substr(from, length);
    std::replace(label.begin(), label.end(), 'T', ' ');
    return label;
  }
};

// The coarsest labels that tell every two distinct times of `times` apart: the date
// ("2026-11-05"), else the date and minute ("2026-11-05 06:00"), else to the second; for runs
// of one day the time alone ("06:00", "06:00:41"). Shorter labels overlap less on the axis,
// and runs minutes or seconds apart get labels of their own.
TimeLabels ChooseTimeLabels(const std::vector<std::string>& times) {
  const bool one_day =
      !times.empty() && std::all_of(times.begin(), times.end(), [&](const std::string& t) {
        return t.compare(0, 10, times.front(), 0, 10) == 0;
      });
  const std::vector<TimeLabels> choices =
      one_day ? std::vector<TimeLabels>{{11, 5, times.front().substr(0, 10)},
                                        {11, 8, times.front().substr(0, 10)}}
              : std::vector<TimeLabels>{{0, 10, ""}, {0, 16, ""}, {0, 19, ""}};
  for (const TimeLabels& choice : choices) {
    std::map<std::string, std::string> time_of;  // label -> the time it stands for
    bool distinct = true;
    for (const std::string& t : times) {
      const auto [at, inserted] = time_of.emplace(choice.Of(t), t);
      distinct = distinct && (inserted || at->second == t);
    }
    if (distinct) {
      return choice;
    }
  }
  return choices.back();
}

// One host's points of a trend, oldest first, and the steps found in them alone: a change
// between two machines is not a step in time, so each host is its own series. A host is its
// name and CPU model (a kernel update or a firmware switch keeps the machine; another CPU
// under the same name does not).
struct HostSeries {
  std::string hostname;
  std::string cpu_model;
  std::string label;  // "lab-7", "unknown host"; with the CPU when names repeat
  std::vector<store::TrendPoint> points;
  std::vector<store::Step> steps;  // indexes into `points`
  std::set<std::string> libraries;
};

// `points` (oldest first) split by host, in the order each host first appears, with the steps
// of each (store::FindSteps on that host's points alone).
std::vector<HostSeries> SplitByHost(const std::vector<store::TrendPoint>& points,
                                    const store::StepOptions& options) {
  std::vector<HostSeries> out;
  for (const store::TrendPoint& p : points) {
    auto it = std::find_if(out.begin(), out.end(), [&p](const HostSeries& s) {
      return s.hostname == p.hostname && s.cpu_model == p.cpu_model;
    });
    if (it == out.end()) {
      HostSeries series;
      series.hostname = p.hostname;
      series.cpu_model = p.cpu_model;
      out.push_back(std::move(series));
      it = out.end() - 1;
    }
    it->points.push_back(p);
    it->libraries.insert(p.library);
  }
  for (HostSeries& s : out) {
    const auto same_name = std::count_if(
        out.begin(), out.end(), [&s](const HostSeries& o) { return o.hostname == s.hostname; });
    s.label = s.hostname.empty() ? "unknown host" : s.hostname;
    if (same_name > 1) {
      s.label = fmt::format("{} ({})", s.label, s.cpu_model.empty() ? "unknown CPU" : s.cpu_model);
    }
    s.label = report::SafeText(s.label);
    s.steps = store::FindSteps(s.points, options);
  }
  return out;
}

// "9.8% slower": a step's change of the median.
std::string StepChange(const store::Step& s) {
  return fmt::format("{:.1f}% {}", std::abs(s.ratio - 1) * 100, s.ratio < 1 ? "slower" : "faster");
}

// One step as the text and the page say it: "from run 17 (2026-11-05T00:00:00Z): 9.8% slower,
// median 2000 -> 1804 MB/s, p = 3e-12 (27 splits)".
std::string StepLine(const HostSeries& series, const store::Step& s, const std::string& unit) {
  const store::TrendPoint& at = series.points[s.index];
  return fmt::format("from run {} ({}): {}, median {} -> {} {}, p = {:.2g} ({} split{})", at.run_id,
                     report::SafeText(at.created_utc), StepChange(s),
                     report::FormatRate(InUnit(unit, s.median_before)),
                     report::FormatRate(InUnit(unit, s.median_after)), UnitLabel(unit), s.p_value,
                     s.candidates, s.candidates == 1 ? "" : "s");
}

// The mark of point `i` of `series`: its step's change, "" for none.
std::string MarkAt(const HostSeries& series, size_t i) {
  for (const store::Step& s : series.steps) {
    if (s.index == i) {
      return StepChange(s);
    }
  }
  return "";
}

// The trend as an HTML page (report::WriteHtml): a line chart of the cell over time, one line
// per host with its CI band and its steps marked, the y axis over the figures' range (not from
// 0: a 10% step must show; the axis says where it starts), the chart's figures beside it, then
// the runs' table and how steps are found. x is the run's time when every run has a valid one,
// else its index.
std::string TrendHtml(store::Store& store, const store::CellKey& key, size_t total,
                      const std::vector<HostSeries>& hosts, const store::StepOptions& step_options,
                      const std::string& unit) {
  // Every string from the store is made printable first (WriteHtml escapes, not sanitises).
  const std::string cell = report::SafeText(
      fmt::format("{} {} {}", key.algorithm, key.operation, report::FormatSize(key.input_len)));
  bool timed = true;
  for (const HostSeries& series : hosts) {
    for (const store::TrendPoint& p : series.points) {
      timed = timed && store::IsUtcTimestamp(p.created_utc);
    }
  }
  std::vector<std::string> times;
  for (const HostSeries& series : hosts) {
    for (const store::TrendPoint& p : series.points) {
      times.push_back(p.created_utc);
    }
  }
  const TimeLabels time_labels = ChooseTimeLabels(timed ? times : std::vector<std::string>{});
  const bool several = hosts.size() > 1;
  report::Document doc;
  doc.Add(report::Heading{fmt::format("{}: history", cell), 1});
  doc.Add(report::Paragraph{fmt::format(
      "{} run{} in {}{}, oldest first; {}{}.", total, total == 1 ? "" : "s",
      report::SafeText(store.Describe()),
      several ? fmt::format(" from {} hosts, one line each (its median, the band its 95% CI)",
                            hosts.size())
              : "",
      UnitLabel(unit), unit == "bytes_per_s" ? " (MB = 10^6 bytes)" : "")});
  report::Chart chart;
  chart.kind = report::Chart::Kind::kLine;
  chart.title =
      fmt::format("{}: {} over time, {}", cell,
                  unit == "bytes_per_s" ? "throughput" : "operations per second", UnitLabel(unit));
  chart.x_label = !timed                    ? "run, oldest first"
                  : time_labels.day.empty() ? "measured (UTC)"
                                            : fmt::format("measured (UTC) on {}", time_labels.day);
  chart.y_label = unit == "bytes_per_s" ? "throughput" : "rate";
  chart.y_unit = UnitLabel(unit);
  chart.y_from_data = true;
  // One host: one series, the cell's median (the title names the cell), a short name for the
  // legend and the chart's table. Several: one series per host, named by it.
  chart.series_label = several ? "host" : "figure";
  size_t index = 0;  // x of a run without a valid time: its place among all runs, oldest first
  for (const HostSeries& host : hosts) {
    report::ChartSeries series;
    series.name = several ? host.label : "median, 95% CI";
    for (size_t i = 0; i < host.points.size(); ++i) {
      const store::TrendPoint& p = host.points[i];
      report::ChartPoint point;
      point.x = timed ? EpochSeconds(p.created_utc) : static_cast<double>(++index);
      point.x_label =
          timed ? time_labels.Of(p.created_utc) : fmt::format("{} (run {})", index, p.run_id);
      point.value = InUnit(unit, p.estimate.value);
      if (!p.samples.empty()) {
        point.ci_low = InUnit(unit, p.estimate.ci_low);
        point.ci_high = InUnit(unit, p.estimate.ci_high);
      }
      if (const std::string mark = MarkAt(host, i); !mark.empty()) {
        point.mark =
            several ? fmt::format("{}: step: {}", host.label, mark) : fmt::format("step: {}", mark);
      }
      series.points.push_back(std::move(point));
    }
    chart.series.push_back(std::move(series));
  }
  doc.Add(std::move(chart), report::kHtmlTarget);

  doc.Add(report::Heading{"Runs", 2});
  report::Table table;
  using Align = report::Column::Align;
  table.columns = {
      {"run", "", Align::kRight},
      {"measured (UTC)", "", Align::kLeft},
      {"host", "", Align::kLeft},
      {"library", "", Align::kLeft},
      {UnitLabel(unit), "", Align::kRight, report::Column::Kind::kValue, UnitLabel(unit)},
      {"95% CI", "", Align::kRight},
      {"samples", "", Align::kRight},
      {"step", "", Align::kLeft}};
  for (const HostSeries& host : hosts) {
    for (size_t i = 0; i < host.points.size(); ++i) {
      const store::TrendPoint& p = host.points[i];
      report::TableCell figure(report::FormatRate(InUnit(unit, p.estimate.value)));
      figure.value = InUnit(unit, p.estimate.value);
      if (!p.samples.empty()) {
        figure.ci_low = InUnit(unit, p.estimate.ci_low);
        figure.ci_high = InUnit(unit, p.estimate.ci_high);
      }
      const std::string mark = MarkAt(host, i);
      table.rows.push_back(
          {std::to_string(p.run_id), report::SafeText(p.created_utc),
           report::SafeText(HostField(p.hostname, ListFormat::kMarkdown)),
           report::SafeText(p.library), figure,
           p.samples.empty() ? std::string("single figure")
                             : report::FormatRate(InUnit(unit, p.estimate.ci_low)) + "-" +
                                   report::FormatRate(InUnit(unit, p.estimate.ci_high)),
           std::to_string(p.samples.size()), mark.empty() ? "" : fmt::format("step: {}", mark)});
    }
  }
  doc.Add(std::move(table));

  report::NoteList notes;
  notes.markdown_heading = "Steps";
  notes.notes.emplace_back(fmt::format(
      "Binary segmentation{}: a split is a step when a two-sided Mann-Whitney test of the stored "
      "samples before and after it gives p < {} / (splits tested) and the median moved by more "
      "than {:.1f}%.",
      several ? ", in each host's runs alone (a change of machine is not a step in time)" : "",
      step_options.alpha, step_options.threshold * 100));
  for (const HostSeries& host : hosts) {
    const std::string who = several ? fmt::format("{}: ", host.label) : "";
    if (host.steps.empty()) {
      notes.notes.emplace_back(fmt::format("{}No step.", who));
    }
    for (const store::Step& s : host.steps) {
      std::string line = StepLine(host, s, unit);
      line[0] = 'F';  // a sentence of its own
      notes.notes.emplace_back(fmt::format("{}{}.", who, line));
    }
    if (host.libraries.size() > 1) {
      notes.notes.emplace_back(fmt::format(
          "{}these runs come from {} libraries: a step may be a change of build; narrow with "
          "--library.",
          who.empty() ? "These runs come" : fmt::format("{}the runs come", who),
          host.libraries.size()));
    }
  }
  doc.Add(std::move(notes));
  std::ostringstream out;
  report::WriteHtml(doc, out);
  return std::move(out).str();
}

std::string Trend(store::Store& store, const HistoryOptions& options,
                  const std::string& format_name) {
  const report::Format chosen = report::ChooseFormat(report::Producer::kHistoryTrend, format_name);
  const ListFormat format =
      chosen == report::Format::kHtml ? ListFormat::kTable : ParseListFormat(format_name);
  const double threshold = compare::ParsePercent(options.threshold, "--threshold");
  store::RunFilter filter = FilterOf(options, ParseLimit(options.limit, 200));
  std::string algorithm = options.trend_algorithm;
  if (const AlgorithmInfo* alg = FindAlgorithm(algorithm)) {
    algorithm = std::string(alg->name);
  }
  // Which cell: --operation and --bytes, or the only one the store has for the algorithm.
  const std::vector<uint64_t> sizes =
      options.bytes.empty() ? std::vector<uint64_t>{} : ParseInputSizes(options.bytes);
  if (sizes.size() > 1) {
    throw UsageError("--bytes: a trend follows one input size; give one");
  }
  std::vector<store::CellKey> keys;
  std::vector<std::string> known;
  for (const auto& [key, runs] : store.CellsOf(algorithm, filter)) {
    known.push_back(fmt::format("{} {}", key.operation, report::FormatSize(key.input_len)));
    if ((options.operation.empty() || key.operation == options.operation) &&
        (sizes.empty() || key.input_len == sizes[0])) {
      keys.push_back(key);
    }
  }
  if (keys.empty()) {
    throw UsageError(
        known.empty()
            ? fmt::format("{}: no measured cell of {} in the runs chosen",
                          report::SafeText(store.Describe()), report::SafeText(algorithm))
            : fmt::format("{}: {} has no such cell; it has {}", report::SafeText(store.Describe()),
                          report::SafeText(algorithm), fmt::join(known, ", ")));
  }
  if (keys.size() > 1) {
    throw UsageError(
        fmt::format("{} has several cells in the store ({}): choose one with "
                    "--operation and --bytes",
                    report::SafeText(algorithm), fmt::join(known, ", ")));
  }
  const store::CellKey key = keys[0];
  const std::vector<store::TrendPoint> points = store.Trend(key, filter);
  store::StepOptions step_options;
  step_options.threshold = threshold;
  const std::vector<HostSeries> hosts = SplitByHost(points, step_options);
  const bool several = hosts.size() > 1;
  const std::string unit = points.empty() ? "bytes_per_s" : points[0].unit;
  if (chosen == report::Format::kHtml) {
    return TrendHtml(store, key, points.size(), hosts, step_options, unit);
  }

  std::ostringstream out;
  if (format == ListFormat::kJson) {
    nlohmann::ordered_json doc;
    doc["store"] = store.Describe();
    doc["algorithm"] = key.algorithm;
    doc["operation"] = key.operation;
    doc["input_len"] = key.input_len;
    doc["unit"] = unit;
    doc["test"] = {{"method", "binary segmentation, two-sided Mann-Whitney U on stored samples"},
                   {"alpha", step_options.alpha},
                   {"correction", "Bonferroni over the candidate splits of each segment"},
                   {"threshold", threshold},
                   {"series", "one per host (hostname and CPU model), searched alone"}};
    nlohmann::ordered_json host_list = nlohmann::ordered_json::array();
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    nlohmann::ordered_json step_list = nlohmann::ordered_json::array();
    for (const HostSeries& host : hosts) {
      host_list.push_back({{"hostname", host.hostname},
                           {"cpu_model", host.cpu_model},
                           {"runs", host.points.size()},
                           {"steps", host.steps.size()}});
      for (const store::TrendPoint& p : host.points) {
        list.push_back({{"run", p.run_id},
                        {"created_utc", p.created_utc},
                        {"hostname", p.hostname},
                        {"cpu_model", p.cpu_model},
                        {"library", p.library},
                        {"value", p.estimate.value},
                        {"ci_low", p.estimate.ci_low},
                        {"ci_high", p.estimate.ci_high},
                        {"num_samples", p.samples.size()}});
      }
      for (const store::Step& s : host.steps) {
        step_list.push_back({{"run", host.points[s.index].run_id},
                             {"created_utc", host.points[s.index].created_utc},
                             {"hostname", host.hostname},
                             {"cpu_model", host.cpu_model},
                             {"ratio", s.ratio},
                             {"median_before", s.median_before},
                             {"median_after", s.median_after},
                             {"p_value", s.p_value},
                             {"candidate_splits", s.candidates}});
      }
    }
    doc["hosts"] = host_list;
    doc["points"] = list;
    doc["steps"] = step_list;
    out << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return std::move(out).str();
  }
  const std::vector<std::string> headers = {"run",           "measured (UTC)", "host",    "library",
                                            UnitLabel(unit), "95% CI",         "samples", "step"};
  const auto rows_of = [&](const HostSeries& host) {
    std::vector<std::vector<std::string>> rows;
    for (size_t i = 0; i < host.points.size(); ++i) {
      const store::TrendPoint& p = host.points[i];
      const std::string mark = MarkAt(host, i);
      rows.push_back(
          {std::to_string(p.run_id), p.created_utc, HostField(p.hostname, format), p.library,
           report::FormatRate(InUnit(unit, p.estimate.value)),
           p.samples.empty() ? std::string("single figure")
                             : report::FormatRate(InUnit(unit, p.estimate.ci_low)) + "-" +
                                   report::FormatRate(InUnit(unit, p.estimate.ci_high)),
           std::to_string(p.samples.size()), mark.empty() ? "" : fmt::format("<- step: {}", mark)});
    }
    return rows;
  };
  if (format == ListFormat::kTable) {
    out << fmt::format(
        "{} {} {}: {} run{} in {} ({}{}){}\n", report::SafeText(key.algorithm),
        report::SafeText(key.operation), report::FormatSize(key.input_len), points.size(),
        points.size() == 1 ? "" : "s", report::SafeText(store.Describe()), UnitLabel(unit),
        unit == "bytes_per_s" ? ", MB = 10^6 bytes" : "",
        several ? fmt::format(", from {} hosts: a table and a step search each", hosts.size())
                : "");
  }
  if (format == ListFormat::kMarkdown) {  // the title and the steps, as the table and HTML
    out << fmt::format(
        "## {}\n\n{} run{} in {} ({}{}){}, oldest first.\n\n",
        report::MarkdownText(fmt::format("{} {} {}: history", report::SafeText(key.algorithm),
                                         report::SafeText(key.operation),
                                         report::FormatSize(key.input_len))),
        points.size(), points.size() == 1 ? "" : "s",
        report::MarkdownText(report::SafeText(store.Describe())), UnitLabel(unit),
        unit == "bytes_per_s" ? ", MB = 10^6 bytes" : "",
        several ? fmt::format(", from {} hosts: a table and a step search each", hosts.size())
                : "");
  }
  if (format == ListFormat::kCsv || !several) {
    // One table: CSV's rows grouped by host (its host column tells them apart).
    std::vector<std::vector<std::string>> rows;
    for (const HostSeries& host : hosts) {
      const std::vector<std::vector<std::string>> more = rows_of(host);
      rows.insert(rows.end(), more.begin(), more.end());
    }
    WriteRows(headers, rows, format, out);
  } else {
    for (const HostSeries& host : hosts) {
      const std::string cpu = host.cpu_model.empty() ? "unknown CPU" : host.cpu_model;
      const std::string heading =
          fmt::format("host {} ({}): {} run{}", host.label, report::SafeText(cpu),
                      host.points.size(), host.points.size() == 1 ? "" : "s");
      out << (format == ListFormat::kMarkdown
                  ? fmt::format("\n### {}\n\n", report::MarkdownText(heading))
                  : fmt::format("\n{}\n", heading));
      WriteRows(headers, rows_of(host), format, out);
    }
  }
  if (format == ListFormat::kTable || format == ListFormat::kMarkdown) {
    // The step search: the same lines in both, a list item in Markdown, indented in the table.
    const bool markdown = format == ListFormat::kMarkdown;
    const auto line = [&](const std::string& table_prefix, const std::string& text) {
      out << (markdown ? fmt::format("- {}", report::MarkdownText(text))
                       : fmt::format("{}{}", table_prefix, text))
          << "\n";
    };
    const std::string scope =
        several ? ", in each host's runs alone (a change of machine is not a step in time)" : "";
    const std::string rule = fmt::format(
        "a split is a step when a two-sided Mann-Whitney test of the stored samples before and "
        "after it gives p < {} / (splits tested) and the median moved by more than {:.1f}%.",
        step_options.alpha, threshold * 100);
    out << (markdown ? fmt::format("\n### Steps\n\n- Binary segmentation{}: {}\n", scope, rule)
                     : fmt::format("\nSteps: binary segmentation{}; {}\n", scope, rule));
    for (const HostSeries& host : hosts) {
      const std::string who = several ? fmt::format("host {}: ", host.label) : "";
      if (host.steps.empty()) {
        line(several ? "  " : "", who + "No step.");
      }
      for (const store::Step& s : host.steps) {
        line("  ", who + StepLine(host, s, unit));
      }
      if (host.libraries.size() > 1) {
        line("note: ", fmt::format("{}these runs come from {} libraries: a step may be a change "
                                   "of build; narrow with --library.",
                                   who, host.libraries.size()));
      }
    }
  }
  return std::move(out).str();
}

}  // namespace

std::string StoreLocation(const std::string& given) {
  if (!given.empty()) {
    return given;
  }
  const char* env = std::getenv("CRYPTOBENCH_STORE");
  return env != nullptr ? env : "";
}

namespace {

// store:ID and store:last select by id and by host; a name that looks like either could never
// be selected.
void CheckRunName(const std::string& name) {
  if (name == "last" ||
      (!name.empty() && name.find_first_not_of("0123456789") == std::string::npos)) {
    throw UsageError(fmt::format(
        "--name '{}': store:{} would select {}; choose a name with a letter that is not 'last'",
        name, name, name == "last" ? "this host's newest run" : "the run with that id"));
  }
}

}  // namespace

std::unique_ptr<store::Store> OpenStoreForSaving(const StoreOptions& options,
                                                 bool store_only_for_saving) {
  CheckRunName(options.name);
  const char* env = std::getenv("CRYPTOBENCH_SAVE");
  const std::string value = env != nullptr ? env : "";
  bool from_env = false;
  if (value == "1" || value == "yes" || value == "true" || value == "on") {
    from_env = true;
  } else if (!value.empty() && value != "0" && value != "no" && value != "false" &&
             value != "off") {
    throw UsageError(fmt::format("CRYPTOBENCH_SAVE='{}': expected 1 (save every run) or 0", value));
  }
  if (!options.save && options.name.empty() && !from_env) {
    if (store_only_for_saving && !options.store.empty()) {
      // Without this the run would be measured and silently not kept.
      throw UsageError(fmt::format(
          "--store {}: this command only writes to the store; add --save (or --name NAME) to "
          "keep the run there",
          report::SafeText(options.store)));
    }
    return nullptr;
  }
  return store::OpenStore(StoreLocation(options.store));
}

namespace {
int g_batches = 0;  // batches saved by this process (store import saves one per file)
}  // namespace

store::SaveInfo LocalSaveInfo(const StoreOptions& options, const std::string& kind,
                              const std::string& command) {
  store::SaveInfo info;
  info.name = options.name;
  info.kind = kind;
  info.command = command;
  info.hostname = store::LocalHostname();
  info.cpu_features = cpu::UsableFeatureList(cpu::DetectCpuFeatures());
  info.virtualization = cpu::DetectMachineVirtualization();
  info.hash_library_files = true;
  return info;
}

namespace {

// One token for the runs one command saves (one per backend): store:NAME and store:last
// select them together, as a result file holding several runs gives several sides.
std::string NewBatch(const std::string& hostname) {
  return fmt::format("{}:{}:{}:{}", UtcTimestamp(), hostname, getpid(), ++g_batches);
}

}  // namespace

void SaveRuns(store::Store& store, const std::vector<results::RunResult>& runs,
              store::SaveInfo info) {
  info.batch = NewBatch(info.hostname);
  for (const results::RunResult& run : runs) {
    const store::Store::SaveOutcome saved = store.Save(run, info, true);
    if (saved.already_stored) {
      std::fprintf(stderr, "already stored as run %lld in %s: not stored again\n",
                   static_cast<long long>(saved.id), report::SafeText(store.Describe()).c_str());
    } else {
      std::fprintf(stderr, "saved run %lld to %s\n", static_cast<long long>(saved.id),
                   report::SafeText(store.Describe()).c_str());
    }
  }
}

void SaveDocumentRuns(store::Store& store, const std::vector<store::DocumentRun>& runs,
                      store::SaveInfo info, bool skip_identical) {
  info.batch = NewBatch(info.hostname);
  for (const store::DocumentRun& run : runs) {
    const store::Store::SaveOutcome saved = store.SaveDocument(run, info, skip_identical);
    if (saved.already_stored) {
      std::fprintf(stderr, "already stored as run %lld in %s: not stored again\n",
                   static_cast<long long>(saved.id), report::SafeText(store.Describe()).c_str());
    } else {
      std::fprintf(stderr, "saved %s run %lld to %s\n", info.kind.c_str(),
                   static_cast<long long>(saved.id), report::SafeText(store.Describe()).c_str());
    }
  }
}

bool SaveWrittenDocumentRuns(store::Store& store, const std::vector<store::DocumentRun>& runs,
                             store::SaveInfo info, const std::string& unsaved) {
  try {
    SaveDocumentRuns(store, runs, std::move(info));
  } catch (const store::StoreError& e) {
    std::fprintf(stderr, "error: %s (%s)\n", report::SafeText(e.what()).c_str(), unsaved.c_str());
    return false;
  }
  return true;
}

namespace {

// A string member of a JSON object, "" when it is missing or not a string.
std::string StringAt(const nlohmann::json& object, const char* key) {
  if (!object.is_object()) {
    return "";
  }
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : "";
}

// The machine of a doctor report's "cpu" object (doctor_internal::CpuToJson): its brand,
// vendor, architecture and whether a hypervisor is present. What it does not say stays unknown.
results::MachineInfo MachineOfDoctorCpu(const nlohmann::json& cpu) {
  results::MachineInfo machine;
  machine.cpu_model = StringAt(cpu, "brand");
  machine.cpu_vendor = StringAt(cpu, "vendor");
  machine.arch = StringAt(cpu, "arch");
  if (cpu.is_object() && cpu.contains("hypervisor") && cpu.at("hypervisor").is_boolean()) {
    machine.hypervisor = cpu.at("hypervisor").get<bool>();
  }
  return machine;
}

// One saved doctor, compare or tls document as the command that wrote it would have stored it
// (its created_utc, host and libraries, and the document itself). Throws UsageError naming the
// file and the member for a document that lacks what the store needs.
store::DocumentRun DocumentRunOf(const nlohmann::ordered_json& doc, const std::string& kind,
                                 const std::string& file) {
  store::DocumentRun run;
  run.created_utc = StringAt(doc, "created_utc");
  if (!doc.contains("created_utc")) {
    throw UsageError(fmt::format(
        "{}: created_utc: missing (written by a cryptobench that did not record the time); "
        "store the results it was made from instead",
        report::SafeText(file)));
  }
  if (!store::IsUtcTimestamp(run.created_utc)) {
    throw UsageError(fmt::format("{}: created_utc: expected a UTC time as YYYY-MM-DDTHH:MM:SSZ",
                                 report::SafeText(file)));
  }
  run.document = doc.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  const auto library_at = [&](const nlohmann::json& j, const char* path) {
    if (!j.is_object()) {
      throw UsageError(
          fmt::format("{}: {}: expected the library object", report::SafeText(file), path));
    }
    try {
      return results::LibraryFromJson(j);
    } catch (const std::exception& e) {
      throw UsageError(fmt::format("{}: {}: {}", report::SafeText(file), path, e.what()));
    }
  };
  // The documents' members as the writers lay them out: DoctorToJson (facts.cpu,
  // facts.library), LibraryDoctorToJson (cpu, library), CompareToJson (sides[]), TlsRunToJson
  // (machine, library: the speed layout).
  const nlohmann::json plain = doc;  // LibraryFromJson reads nlohmann::json
  if (kind == "doctor") {
    run.machine = MachineOfDoctorCpu(plain.at("facts").value("cpu", nlohmann::json::object()));
    run.libraries.push_back(
        {"", library_at(plain.at("facts").value("library", nlohmann::json()), "facts.library"),
         false});
  } else if (kind == "doctor_backend") {
    run.machine = MachineOfDoctorCpu(plain.value("cpu", nlohmann::json::object()));
    run.libraries.push_back(
        {"", library_at(plain.value("library", nlohmann::json()), "library"), false});
  } else if (kind == "compare_tls") {
    // A side records its crypto library's version, path and capability vector, and a live
    // side the CPU it ran on (the machine compare --tls ran on).
    const nlohmann::json sides = plain.value("sides", nlohmann::json::array());
    if (!sides.is_array() || sides.size() < 2) {
      throw UsageError(
          fmt::format("{}: sides: expected the compared sides", report::SafeText(file)));
    }
    for (const nlohmann::json& side : sides) {
      results::LibraryInfo library;
      library.backend = StringAt(side, "backend");
      library.version = StringAt(side, "library_version");
      library.loaded_path = StringAt(side, "library_path");
      library.capability_vector = StringAt(side, "capability_vector");
      run.libraries.push_back({StringAt(side, "letter"), library, false});
      if (side.value("live", false) && run.machine.cpu_model.empty()) {
        run.machine.cpu_model = StringAt(side, "cpu_model");
      }
    }
  } else if (kind == "compare") {
    // A side records its library's version, path and capability vector, not its backend
    // (unknown here); the host is a live side's CPU (the machine compare ran on), if any.
    const nlohmann::json sides = plain.value("sides", nlohmann::json::array());
    if (!sides.is_array() || sides.empty()) {
      throw UsageError(
          fmt::format("{}: sides: expected the compared sides", report::SafeText(file)));
    }
    for (const nlohmann::json& side : sides) {
      results::LibraryInfo library;
      library.backend = "";
      library.version = StringAt(side, "library_version");
      library.loaded_path = StringAt(side, "library_path");
      library.capability_vector = StringAt(side, "capability_vector");
      run.libraries.push_back({StringAt(side, "letter"), library, false});
      if (StringAt(side, "origin") == "live" && run.machine.cpu_model.empty()) {
        run.machine.cpu_model = StringAt(side, "cpu_model");
      }
    }
  } else {  // tls: read whole, so that a damaged result is refused rather than stored
    tls::TlsRun tls_run;
    try {
      tls_run = tls::TlsRunFromJson(plain);
    } catch (const std::exception& e) {
      throw UsageError(fmt::format("{}: {}", report::SafeText(file), e.what()));
    }
    run.machine = tls_run.machine;
    run.libraries.push_back({"", tls_run.library, false});
  }
  return run;
}

// What store import keeps of one file: speed runs (measured or imported), or saved doctor,
// compare or tls documents (`document_kind` the run kind they are stored as).
struct ImportedFile {
  std::string file;
  std::vector<results::RunResult> runs;
  bool measured = false;
  std::string document_kind;  // "doctor", "compare" or "tls"; "" for runs
  std::vector<store::DocumentRun> documents;
};

// Reads `text` as store import stores it. A JSON object whose "kind" is doctor's, compare's or
// tls's becomes document runs; one of another kind is refused in one line; anything else is a
// result or a paste (compare::LoadFileSides, which refuses what it cannot read).
ImportedFile ReadImportFile(const std::string& raw, const std::string& display) {
  ImportedFile imported{display, {}, false, "", {}};
  // A UTF-16 result JSON (Windows PowerShell's '>') is read as the same JSON; a UTF-16 paste
  // goes to import as it is, which decodes it and says so.
  const std::string decoded = import::DocumentAsUtf8(raw);
  const size_t start = decoded.find_first_not_of(" \t\r\n");
  const bool json = start != std::string::npos && decoded[start] == '{';
  const std::string& text = json ? decoded : raw;
  if (json) {
    nlohmann::ordered_json doc;
    try {
      results::ParseJsonBounded(text);  // bounded first: untrusted input
      doc = nlohmann::ordered_json::parse(text);
    } catch (const std::exception& e) {
      throw UsageError(fmt::format("{}: {}", report::SafeText(display), e.what()));
    }
    const std::string kind = doc.is_object() && doc.contains("kind") && doc.at("kind").is_string()
                                 ? doc.at("kind").get<std::string>()
                                 : "";
    try {
      if (kind == "doctor" || kind == "doctor_backend") {
        imported.document_kind = "doctor";
        imported.documents.push_back(DocumentRunOf(doc, kind, display));
        return imported;
      }
      if (kind == "doctor_reports") {  // doctor of several backends: one run each, as --save
        imported.document_kind = "doctor";
        for (const auto& entry : doc.value("reports", nlohmann::ordered_json::array())) {
          const std::string inner = StringAt(nlohmann::json(entry), "kind");
          if (inner != "doctor" && inner != "doctor_backend") {
            throw UsageError(
                fmt::format("{}: reports[]: expected doctor reports", report::SafeText(display)));
          }
          imported.documents.push_back(DocumentRunOf(entry, inner, display));
        }
        if (imported.documents.empty()) {
          throw UsageError(fmt::format("{}: holds no doctor reports", report::SafeText(display)));
        }
        return imported;
      }
      if (kind == "compare" || kind == "compare_tls" || kind == "tls") {
        imported.document_kind = kind;
        imported.documents.push_back(DocumentRunOf(doc, kind, display));
        return imported;
      }
    } catch (const nlohmann::json::exception& e) {
      throw UsageError(fmt::format("{}: {}", report::SafeText(display), e.what()));
    }
    if (!kind.empty()) {
      throw UsageError(fmt::format(
          "{}: a JSON document of kind '{}', which store import does not know; it stores speed "
          "and import results, pasted outputs, and doctor, compare (also --tls) and tls results",
          report::SafeText(display), report::SafeText(kind)));
    }
  }
  for (compare::Side& side : compare::LoadFileSides(text, display, display)) {
    if (!side.run.interrupted_by.empty()) {
      // As speed --save: a run cut short lacks cells, and a trend would read them as gone.
      throw UsageError(fmt::format(
          "{}: a partial run (interrupted by {}); the store keeps whole runs only, as speed "
          "--save does",
          report::SafeText(display), report::SafeText(side.run.interrupted_by)));
    }
    imported.measured = side.run.source.kind == "measured";
    imported.runs.push_back(std::move(side.run));
  }
  return imported;
}

}  // namespace

int RunStoreImport(const StoreImportOptions& options) {
  if (options.files.empty()) {
    throw UsageError("store import: give one or more result JSON files or pasted outputs");
  }
  // Read and parse everything first: a file that cannot be read, or is of a kind the store
  // does not keep, stores nothing of any file. Then each run is one transaction.
  std::vector<ImportedFile> parsed;
  for (const std::string& file : options.files) {
    const std::string display = file == "-" ? "<stdin>" : file;
    parsed.push_back(
        ReadImportFile(ReadInputText(file, fmt::format("cannot read '{}'", display)), display));
  }
  CheckRunName(options.store.name);
  std::unique_ptr<store::Store> store = store::OpenStore(StoreLocation(options.store.store));
  for (const ImportedFile& p : parsed) {
    // A result file does not record its host name: --hostname says it, else it is unknown.
    // Made elsewhere, or here earlier: no CPU features, virtualisation or file hash is known.
    store::SaveInfo info;
    info.name = options.store.name;
    info.kind = !p.document_kind.empty() ? p.document_kind : p.measured ? "speed" : "import";
    info.command = "store import " + p.file;
    info.hostname = options.hostname;
    if (!p.document_kind.empty()) {
      SaveDocumentRuns(*store, p.documents, info, /*skip_identical=*/true);
    } else {
      SaveRuns(*store, p.runs, info);
    }
  }
  return kExitOk;
}

int RunHistory(const HistoryOptions& options) {
  if (!options.since.empty()) {
    ParseDate(options.since, "--since");  // before the store: bad input first
  }
  if (!options.until.empty()) {
    ParseDate(options.until, "--until");
  }
  if (options.show) {
    // show takes one run by its selector: a list filter given with it would be ignored.
    const std::pair<const char*, const std::string*> filters[] = {
        {"--host", &options.host},           {"--library", &options.library},
        {"--algorithm", &options.algorithm}, {"--name", &options.name},
        {"--since", &options.since},         {"--until", &options.until},
        {"--limit", &options.limit}};
    for (const auto& [option, value] : filters) {
      if (!value->empty()) {
        throw UsageError(fmt::format(
            "history show: {} selects runs to list and does not apply to one run (history "
            "show ID|last|NAME)",
            option));
      }
    }
  }
  // Repeated --output, as speed's: each file in its extension's format, else --format's; the
  // terminal gets --format without --output, else the table.
  const report::Producer producer = options.show    ? report::Producer::kSpeed
                                    : options.trend ? report::Producer::kHistoryTrend
                                                    : report::Producer::kHistory;
  if (options.outputs.empty()) {
    report::ChooseFormat(producer, options.format);
  }
  const std::vector<OutputFile> files =
      ResolveOutputFiles(producer, options.format, options.outputs, {}, options.store);
  const std::string terminal = options.outputs.empty() ? options.format : "table";
  std::unique_ptr<store::Store> store =
      store::OpenStore(StoreLocation(options.store), store::StoreAccess::kRead);
  const auto write = [&files, &terminal](const auto& render) {
    // The files first: a terminal reader that has gone (`| head`) must not cost them.
    for (const OutputFile& file : files) {
      WriteReportOutput(file.path, render(std::string(report::FormatName(file.format))));
    }
    WriteReportOutput("", render(terminal));
    return kExitOk;
  };
  if (options.show) {
    return write([&](const std::string& format) { return ShowRun(*store, options, format); });
  }
  if (options.trend) {
    return write([&](const std::string& format) { return Trend(*store, options, format); });
  }
  return write([&](const std::string& format) { return ListRuns(*store, options, format); });
}

}  // namespace cryptobench::cli
