// doctor's report as a report::Document, from its JSON (doctor_document.h).
#include "diagnose/doctor_document.h"

#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/bar_chart.h"
#include "report/format_util.h"
#include "report/json_fields.h"
#include "report/sanitize.h"

#include "diagnose/classifier.h"

namespace cryptobench::diagnose {
namespace {

using nlohmann::json;
using report::JsonArray;
using report::JsonMember;
using report::JsonNumber;
using report::JsonText;

using report::Column;
using report::kHtmlTarget;
using report::TableCell;

constexpr const char* kWhat = "doctor document";  // names the document in errors

std::string Cpb(double value) { return fmt::format("{:.3g}", value); }

// The verdict's algorithm, with the implementation its row names where the report held the
// algorithm under several ("SHA-1 [commoncrypto]").
std::string VerdictAlgorithm(const json& verdict) {
  std::string name = JsonText(verdict, "algorithm", kWhat);
  if (verdict.contains("implementation")) {
    name += fmt::format(" [{}]", JsonText(verdict, "implementation", kWhat));
  }
  return name;
}

// The verdict's name: "AES-128-CBC encrypt, 16 KiB".
std::string VerdictName(const json& verdict) {
  const std::optional<double> size = JsonNumber(verdict, "input_len");
  return fmt::format("{} {}{}", VerdictAlgorithm(verdict), JsonText(verdict, "operation", kWhat),
                     size && *size > 0
                         ? fmt::format(", {}", report::FormatSize(static_cast<uint64_t>(*size)))
                         : "");
}

// Throughput as is and masked: one bar per measurement with a figure.
void AddMaskChart(const json& verdict, const std::string& name, report::Document& doc) {
  report::Chart chart =
      report::BarChart(fmt::format("{}: throughput as is and with CPU features masked, MB/s", name),
                       "run", "throughput", "MB/s", "figure");
  report::ChartSeries series;
  series.name = "median";
  std::vector<std::string> failed;
  for (const json& m : JsonArray(verdict, "measurements", kWhat)) {
    const std::optional<double> rate = JsonNumber(m, "bytes_per_s");
    if (JsonText(m, "status", kWhat) != "ok" || !rate || *rate <= 0) {
      failed.push_back(fmt::format("{}: {}{}", JsonText(m, "label", kWhat),
                                   JsonText(m, "status", kWhat),
                                   JsonText(m, "message", kWhat).empty()
                                       ? std::string()
                                       : fmt::format(", {}", JsonText(m, "message", kWhat))));
      continue;
    }
    report::ChartPoint point;
    point.value = *rate / 1e6;
    const std::optional<double> low = JsonNumber(m, "ci_low");
    const std::optional<double> high = JsonNumber(m, "ci_high");
    if (low && high && *low > 0 && *high >= *low) {
      point.ci_low = *low / 1e6;
      point.ci_high = *high / 1e6;
    }
    chart.categories.push_back(JsonText(m, "label", kWhat));
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
  const std::optional<double> low = JsonNumber(verdict, "cpb_low");
  const std::optional<double> high = JsonNumber(verdict, "cpb_high");
  if (!low || !high || *low <= 0 || *high < *low) {
    return;
  }
  const std::string algorithm = JsonText(verdict, "algorithm", kWhat);
  const std::string operation = JsonText(verdict, "operation", kWhat);
  report::Chart chart = report::BarChart(
      fmt::format("{}: measured cpb against the classes' expected ranges, cycles/byte", name),
      "implementation", "cost", "cycles/byte", "range");
  chart.ranges = true;
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
  const json& library = kind == "doctor" ? JsonMember(JsonMember(doc, "facts"), "library")
                                         : JsonMember(doc, "library");
  const json& cpu =
      kind == "doctor" ? JsonMember(JsonMember(doc, "facts"), "cpu") : JsonMember(doc, "cpu");
  const std::string backend =
      kind == "doctor" ? JsonText(library, "backend", kWhat) : JsonText(doc, "backend", kWhat);
  const std::string version = JsonText(library, "version", kWhat);
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
  field("loaded from", JsonText(library, "loaded_path", kWhat));
  field("CPU", JsonText(cpu, "brand", kWhat));
  field("architecture", JsonText(cpu, "arch", kWhat));
  field("cpb clock", JsonText(doc, "cpb_clock_basis", kWhat));
  field("examined at", JsonText(doc, "created_utc", kWhat));
  if (const std::string by = JsonText(doc, "interrupted_by", kWhat); !by.empty()) {
    field("partial", fmt::format("interrupted by {}; the verdicts after it were not examined", by));
  }
  out.Add(std::move(facts), kHtmlTarget);

  std::vector<CpbClass> classes;
  if (const std::string arch = JsonText(cpu, "arch", kWhat); !EmbeddedCpbClassesCsv(arch).empty()) {
    classes = ParseCpbClasses(EmbeddedCpbClassesCsv(arch), arch);
  }
  const json& verdicts = JsonArray(doc, "verdicts", kWhat);
  report::Table summary;
  summary.columns = {Column("algorithm", "", Column::Align::kLeft),
                     Column("operation", "", Column::Align::kLeft),
                     Column("size"),
                     Column("verdict", "", Column::Align::kLeft),
                     Column("cpb"),
                     Column("class", "", Column::Align::kLeft)};
  for (const json& v : verdicts) {
    const std::optional<double> size = JsonNumber(v, "input_len");
    const std::optional<double> low = JsonNumber(v, "cpb_low");
    const std::optional<double> high = JsonNumber(v, "cpb_high");
    summary.rows.push_back(
        {VerdictAlgorithm(v), JsonText(v, "operation", kWhat),
         size && *size > 0 ? report::FormatSize(static_cast<uint64_t>(*size)) : "-",
         JsonText(v, "status", kWhat),
         low && high && *low > 0 ? fmt::format("{}-{}", Cpb(*low), Cpb(*high)) : "-",
         JsonText(v, "fingerprint", kWhat)});
  }
  if (!summary.rows.empty()) {
    out.Add(report::Heading{"Verdicts", 2}, kHtmlTarget);
    out.Add(std::move(summary), kHtmlTarget);
  }
  for (const json& v : verdicts) {
    const std::string name = VerdictName(v);
    out.Add(report::Heading{name, 2}, kHtmlTarget);
    out.Add(report::Paragraph{JsonText(v, "line", kWhat)}, kHtmlTarget);
    AddMaskChart(v, name, out);
    AddClassChart(v, name, classes, out);
    report::NoteList evidence;
    for (const json& line : JsonArray(v, "evidence", kWhat)) {
      if (line.is_string()) {
        evidence.notes.emplace_back(report::SafeText(line.get<std::string>()));
      }
    }
    if (const std::string advice = JsonText(v, "advice", kWhat); !advice.empty()) {
      evidence.notes.emplace_back(fmt::format("Advice: {}", advice));
    }
    if (!evidence.notes.empty()) {
      out.Add(std::move(evidence), kHtmlTarget);
    }
  }
  report::NoteList findings;
  findings.markdown_heading = "Findings";
  for (const json& f : JsonArray(doc, "findings", kWhat)) {
    const std::string evidence = JsonText(f, "evidence", kWhat);
    const std::string advice = JsonText(f, "advice", kWhat);
    findings.notes.emplace_back(
        fmt::format("{} ({}){}{}", JsonText(f, "summary", kWhat), JsonText(f, "severity", kWhat),
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
    for (const json& one : JsonArray(doc, "reports", kWhat)) {
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
