// doctor's report as a report::Document, from its JSON (doctor_document.h).
#include "diagnose/doctor_document.h"

#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/format_util.h"
#include "report/sanitize.h"

#include "diagnose/classifier.h"

namespace cryptobench::diagnose {
namespace {

using nlohmann::json;
using report::Column;
using report::kHtmlTarget;
using report::TableCell;

std::string Text(const json& object, const char* key) {
  if (!object.is_object() || !object.contains(key) || object.at(key).is_null()) {
    return "";
  }
  if (!object.at(key).is_string()) {
    throw std::runtime_error(fmt::format("doctor document: \"{}\" is not a string", key));
  }
  return report::SafeText(object.at(key).get<std::string>());
}

std::optional<double> Number(const json& object, const char* key) {
  if (!object.is_object() || !object.contains(key) || !object.at(key).is_number()) {
    return std::nullopt;
  }
  const double value = object.at(key).get<double>();
  return std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

const json& Member(const json& object, const char* key) {
  static const json kNull;
  return object.is_object() && object.contains(key) ? object.at(key) : kNull;
}

const json& Array(const json& object, const char* key) {
  static const json kEmpty = json::array();
  const json& value = Member(object, key);
  if (value.is_null()) {
    return kEmpty;
  }
  if (!value.is_array()) {
    throw std::runtime_error(fmt::format("doctor document: \"{}\" is not an array", key));
  }
  return value;
}

std::string Cpb(double value) { return fmt::format("{:.3g}", value); }

// The verdict's name: "AES-128-CBC encrypt, 16 KiB".
std::string VerdictName(const json& verdict) {
  const std::optional<double> size = Number(verdict, "input_len");
  return fmt::format("{} {}{}", Text(verdict, "algorithm"), Text(verdict, "operation"),
                     size && *size > 0
                         ? fmt::format(", {}", report::FormatSize(static_cast<uint64_t>(*size)))
                         : "");
}

// Throughput as is and masked: one bar per measurement with a figure.
void AddMaskChart(const json& verdict, const std::string& name, report::Document& doc) {
  report::Chart chart;
  chart.kind = report::Chart::Kind::kBar;
  chart.title = fmt::format("{}: throughput as is and with CPU features masked, MB/s", name);
  chart.x_label = "run";
  chart.y_label = "throughput";
  chart.y_unit = "MB/s";
  chart.series_label = "figure";
  report::ChartSeries series;
  series.name = "median";
  std::vector<std::string> failed;
  for (const json& m : Array(verdict, "measurements")) {
    const std::optional<double> rate = Number(m, "bytes_per_s");
    if (Text(m, "status") != "ok" || !rate || *rate <= 0) {
      failed.push_back(fmt::format(
          "{}: {}{}", Text(m, "label"), Text(m, "status"),
          Text(m, "message").empty() ? std::string() : fmt::format(", {}", Text(m, "message"))));
      continue;
    }
    report::ChartPoint point;
    point.value = *rate / 1e6;
    const std::optional<double> low = Number(m, "ci_low");
    const std::optional<double> high = Number(m, "ci_high");
    if (low && high && *low > 0 && *high >= *low) {
      point.ci_low = *low / 1e6;
      point.ci_high = *high / 1e6;
    }
    chart.categories.push_back(Text(m, "label"));
    series.points.push_back(point);
  }
  if (!chart.categories.empty()) {
    chart.series.push_back(std::move(series));
    doc.Add(std::move(chart), kHtmlTarget);
  }
  if (!failed.empty()) {
    report::NoteList notes;
    for (const std::string& line : failed) {
      notes.notes.emplace_back(fmt::format("Not measured: {}.", line));
    }
    doc.Add(std::move(notes), kHtmlTarget);
  }
}

// The measured cpb range against each class's expected range for the algorithm and operation.
void AddClassChart(const json& verdict, const std::string& name,
                   const std::vector<CpbClass>& classes, report::Document& doc) {
  const std::optional<double> low = Number(verdict, "cpb_low");
  const std::optional<double> high = Number(verdict, "cpb_high");
  if (!low || !high || *low <= 0 || *high < *low) {
    return;
  }
  const std::string algorithm = Text(verdict, "algorithm");
  const std::string operation = Text(verdict, "operation");
  report::Chart chart;
  chart.kind = report::Chart::Kind::kBar;
  chart.ranges = true;
  chart.title =
      fmt::format("{}: measured cpb against the classes' expected ranges, cycles/byte", name);
  chart.x_label = "implementation";
  chart.y_label = "cost";
  chart.y_unit = "cycles/byte";
  chart.series_label = "range";
  chart.significant_digits = 3;
  report::ChartSeries measured{"measured", {}};
  report::ChartSeries expected{"class range", {}};
  report::ChartPoint point;
  point.value = std::nan("");
  point.ci_low = *low;
  point.ci_high = *high;
  chart.categories.emplace_back("measured");
  measured.points.push_back(point);
  expected.points.push_back(report::ChartPoint{0, "", std::nan(""), std::nullopt, std::nullopt});
  for (const CpbClass& c : classes) {
    if (c.algorithm != algorithm || c.operation != operation) {
      continue;
    }
    chart.categories.push_back(report::SafeText(c.name));
    measured.points.push_back(report::ChartPoint{0, "", std::nan(""), std::nullopt, std::nullopt});
    expected.points.push_back(report::ChartPoint{0, "", std::nan(""), c.cpb_low, c.cpb_high});
  }
  if (chart.categories.size() < 2) {
    return;  // no class of the table to set it against
  }
  chart.series.push_back(std::move(measured));
  chart.series.push_back(std::move(expected));
  doc.Add(std::move(chart), kHtmlTarget);
  doc.Add(report::Paragraph{fmt::format(
              "Measured: {}-{} cpb ({}). Class ranges as the class table states them; doctor "
              "matches each widened by {:g}% either side (EVP overhead and noise).",
              Cpb(*low), Cpb(*high), "throughput over the plausible core clock range",
              (kCpbTolerance - 1) * 100)},
          kHtmlTarget);
}

void AddReport(const json& doc, report::Document& out) {
  const std::string kind = doc.value("kind", "");
  const json& library =
      kind == "doctor" ? Member(Member(doc, "facts"), "library") : Member(doc, "library");
  const json& cpu = kind == "doctor" ? Member(Member(doc, "facts"), "cpu") : Member(doc, "cpu");
  const std::string backend = kind == "doctor" ? Text(library, "backend") : Text(doc, "backend");
  const std::string version = Text(library, "version");
  out.Add(
      report::Heading{fmt::format("cryptobench doctor: {}", version.empty() ? backend : version),
                      1},
      kHtmlTarget);
  report::FieldList facts;
  const auto field = [&](const char* label, const std::string& value) {
    if (!value.empty()) {
      facts.fields.emplace_back(label, report::Inline{{value, false}}, kHtmlTarget);
    }
  };
  field("backend", backend);
  field("library", version);
  field("loaded from", Text(library, "loaded_path"));
  field("CPU", Text(cpu, "brand"));
  field("architecture", Text(cpu, "arch"));
  field("cpb clock", Text(doc, "cpb_clock_basis"));
  field("examined at", Text(doc, "created_utc"));
  if (const std::string by = Text(doc, "interrupted_by"); !by.empty()) {
    field("partial", fmt::format("interrupted by {}; the verdicts after it were not examined", by));
  }
  out.Add(std::move(facts), kHtmlTarget);

  std::vector<CpbClass> classes;
  if (const std::string arch = Text(cpu, "arch"); !EmbeddedCpbClassesCsv(arch).empty()) {
    classes = ParseCpbClasses(EmbeddedCpbClassesCsv(arch));
  }
  const json& verdicts = Array(doc, "verdicts");
  report::Table summary;
  summary.columns = {Column("algorithm", "", Column::Align::kLeft),
                     Column("operation", "", Column::Align::kLeft),
                     Column("size"),
                     Column("verdict", "", Column::Align::kLeft),
                     Column("cpb"),
                     Column("class", "", Column::Align::kLeft)};
  for (const json& v : verdicts) {
    const std::optional<double> size = Number(v, "input_len");
    const std::optional<double> low = Number(v, "cpb_low");
    const std::optional<double> high = Number(v, "cpb_high");
    summary.rows.push_back(
        {Text(v, "algorithm"), Text(v, "operation"),
         size && *size > 0 ? report::FormatSize(static_cast<uint64_t>(*size)) : "-",
         Text(v, "status"),
         low && high && *low > 0 ? fmt::format("{}-{}", Cpb(*low), Cpb(*high)) : "-",
         Text(v, "fingerprint")});
  }
  if (!summary.rows.empty()) {
    out.Add(report::Heading{"Verdicts", 2}, kHtmlTarget);
    out.Add(std::move(summary), kHtmlTarget);
  }
  for (const json& v : verdicts) {
    const std::string name = VerdictName(v);
    out.Add(report::Heading{name, 2}, kHtmlTarget);
    out.Add(report::Paragraph{Text(v, "line")}, kHtmlTarget);
    AddMaskChart(v, name, out);
    AddClassChart(v, name, classes, out);
    report::NoteList evidence;
    for (const json& line : Array(v, "evidence")) {
      if (line.is_string()) {
        evidence.notes.emplace_back(report::SafeText(line.get<std::string>()));
      }
    }
    if (const std::string advice = Text(v, "advice"); !advice.empty()) {
      evidence.notes.emplace_back(fmt::format("Advice: {}", advice));
    }
    if (!evidence.notes.empty()) {
      out.Add(std::move(evidence), kHtmlTarget);
    }
  }
  report::NoteList findings;
  findings.markdown_heading = "Findings";
  for (const json& f : Array(doc, "findings")) {
    const std::string evidence = Text(f, "evidence");
    const std::string advice = Text(f, "advice");
    findings.notes.emplace_back(
        fmt::format("{} ({}){}{}", Text(f, "summary"), Text(f, "severity"),
                    evidence.empty() ? std::string() : fmt::format(": {}", evidence),
                    advice.empty() ? std::string() : fmt::format(" Advice: {}", advice)));
  }
  if (!findings.notes.empty()) {
    out.Add(std::move(findings), kHtmlTarget);
  }
}

}  // namespace

report::Document DoctorDocument(const json& doc) {
  const std::string kind = doc.is_object() ? doc.value("kind", "") : "";
  report::Document out;
  if (kind == "doctor" || kind == "doctor_backend") {
    AddReport(doc, out);
  } else if (kind == "doctor_reports") {
    for (const json& one : Array(doc, "reports")) {
      const std::string inner = one.is_object() ? one.value("kind", "") : "";
      if (inner != "doctor" && inner != "doctor_backend") {
        throw std::runtime_error("doctor document: a report of \"reports\" is no doctor report");
      }
      AddReport(one, out);
    }
  } else {
    throw std::runtime_error(
        "not a doctor document (\"kind\": \"doctor\", \"doctor_backend\" or "
        "\"doctor_reports\")");
  }
  return out;
}

}  // namespace cryptobench::diagnose
