// doctor's report as a report::Document for the terminal and Markdown (DoctorReportDocument,
// doctor_document.h): the verdict lines first (the answer), then findings, the evidence behind
// each verdict, the facts and, in text, a one-line summary. Text wraps prose at 100 columns (a
// word longer than that, such as a path, stays whole); tables are as wide as their cells.
// Markdown, for bug reports: the verdict table first, findings, the evidence of each verdict,
// then the facts in compact tables with flags and paths in code spans. The wording comes from
// doctor_report_internal.h; the layout from the report writers.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/document.h"

#include "diagnose/doctor_document.h"
#include "diagnose/doctor_report.h"
#include "diagnose/doctor_report_internal.h"

namespace cryptobench::diagnose {
namespace doctor_internal {

using report::Column;
using report::kMarkdownTarget;
using report::kTextTarget;

constexpr size_t kWrapColumns = 100;
constexpr size_t kFactLabelWidth = 20;

report::Paragraph Wrapped(std::string text, std::string prefix, std::string hanging) {
  report::Paragraph paragraph{std::move(text), kWrapColumns};
  paragraph.prefix = std::move(prefix);
  paragraph.hanging = std::move(hanging);
  return paragraph;
}

report::FieldList FactFields(const std::vector<FactRow>& rows) {
  report::FieldList list;
  list.indent = "  ";
  list.label_width = kFactLabelWidth;
  list.wrap_columns = kWrapColumns;
  list.wrap_at_spaces = true;
  for (const FactRow& row : rows) {
    list.fields.emplace_back(
        row.label, report::Inline{{row.note.empty() ? row.value : row.value + " " + row.note}},
        kTextTarget);
  }
  return list;
}

void AddCpuText(const DoctorReport& report, report::Document& doc) {
  const cpu::CpuFeatures& cpu = report.facts.cpu;
  const bool from_report = report.facts.report.has_value();
  doc.Add(report::Heading{from_report ? "CPU (as the report describes it)" : "CPU", 2},
          kTextTarget);
  doc.Add(FactFields(from_report ? ReportCpuRows(report.facts) : CpuFactRows(cpu)), kTextTarget);
  if (cpu.features.empty()) {
    return;
  }
  if (from_report) {
    doc.Add(Wrapped(ReportFeaturesIntro(report.facts) + ":", "  ", "    "), kTextTarget);
  } else {
    doc.Add(report::Paragraph{cpu.arch == "x86_64"
                                  ? "  features (CPUID; \"disabled by the OS\": XCR0 lacks their "
                                    "register state):"
                                  : "  features (HWCAP):"},
            kTextTarget);
  }
  const auto state = [&](const cpu::FeatureState& feature) {
    return from_report ? ReportFeatureText(report.facts, feature) : FeatureStateText(feature);
  };
  report::Table table;
  table.indent = "    ";
  table.columns = {
      Column("feature", "", Column::Align::kLeft), Column("present", "", Column::Align::kLeft),
      Column("feature", "", Column::Align::kLeft), Column("present", "", Column::Align::kLeft)};
  for (size_t i = 0; i < cpu.features.size(); i += 2) {
    std::vector<report::TableCell> cells = {cpu.features[i].name, state(cpu.features[i])};
    if (i + 1 < cpu.features.size()) {
      cells.emplace_back(cpu.features[i + 1].name);
      cells.emplace_back(state(cpu.features[i + 1]));
    } else {
      cells.resize(4);
    }
    table.rows.push_back(std::move(cells));
  }
  doc.Add(std::move(table), kTextTarget);
}

}  // namespace doctor_internal

namespace {

using doctor_internal::FactFields;
using doctor_internal::FactRow;
using doctor_internal::Wrapped;
using report::Column;
using report::kMarkdownTarget;
using report::kTextTarget;

constexpr unsigned kHuman = report::kHumanTargets;

// Markdown's facts table: a code span where the value is a path, flag or vector, its note after.
report::Table FactTable(const std::vector<FactRow>& rows) {
  report::Table table;
  table.columns = {Column("Fact", "", Column::Align::kLeft),
                   Column("Value", "", Column::Align::kLeft)};
  for (const FactRow& row : rows) {
    report::TableCell value(row.note.empty() ? row.value : row.value + " " + row.note);
    if (row.code) {
      value.markup = {{row.value, true}};
      if (!row.note.empty()) {
        value.markup.push_back({" " + row.note});
      }
    }
    table.rows.push_back({row.label, std::move(value)});
  }
  return table;
}

report::NoteList Bullets(const std::vector<std::string>& lines, const std::string& prefix,
                         const std::string& hanging) {
  report::NoteList list;
  list.wrap_columns = 100;
  list.text_blank_line = false;
  list.text_prefix = prefix;
  list.text_hanging = hanging;
  for (const std::string& line : lines) {
    list.notes.emplace_back(line, true);
  }
  return list;
}

void AddVerdicts(const DoctorReport& report, report::Document& doc) {
  doc.Add(report::Heading{"Verdicts", 2}, kHuman);
  if (report.verdicts.empty()) {
    doc.Add(report::Paragraph{"  none: no algorithm was examined"}, kTextTarget);
    doc.Add(report::Paragraph{"No algorithm was examined."}, kMarkdownTarget);
    return;
  }
  report::Table table;
  table.columns = {Column("Algorithm", "", Column::Align::kLeft),
                   Column("Verdict", "", Column::Align::kLeft), Column("cpb"),
                   Column("Evidence summary", "", Column::Align::kLeft)};
  report::NoteList advice;
  // Advice several verdicts share (one build switch behind every AES row) is printed in full
  // once, then named (new-user tryout: a wolfSSL report repeated one paragraph seven times).
  std::map<std::string, std::string> first_with;  // advice -> the first verdict's subject
  for (const Verdict& verdict : report.verdicts) {
    doc.Add(Wrapped(doctor_internal::VerdictLineWithStatus(verdict), "  ", "      "), kTextTarget);
    if (!verdict.advice.empty()) {
      const auto [earlier, first] = first_with.try_emplace(verdict.advice, VerdictSubject(verdict));
      const std::string text =
          first ? verdict.advice : fmt::format("as for {} above.", earlier->second);
      doc.Add(Wrapped(text, "    Do: ", "        "), kTextTarget);
      advice.notes.emplace_back(fmt::format("{}: {}", VerdictSubject(verdict), text));
    }
    const std::string status = VerdictStatusName(verdict.status);
    report::TableCell status_cell(status);
    if (IsProblem(verdict.status)) {
      status_cell.markup = {{status, false, true}};
    }
    table.rows.push_back({VerdictSubject(verdict), std::move(status_cell),
                          doctor_internal::CpbRangeText(verdict.cpb_low, verdict.cpb_high),
                          doctor_internal::LineWithoutPrefix(verdict)});
  }
  doc.Add(std::move(table), kMarkdownTarget);
  doc.Add(report::Paragraph{report.facts.report
                                ? "cpb: cycles per byte over the core clock range under Clock "
                                  "(the report does not give the clock rate)."
                                : "cpb: cycles per byte at the core clock range under Clock and "
                                  "load."},
          kMarkdownTarget);
  if (!advice.notes.empty()) {
    doc.Add(report::Paragraph{"What to do:"}, kMarkdownTarget);
    doc.Add(std::move(advice), kMarkdownTarget);
  }
}

void AddFindings(const DoctorReport& report, report::Document& doc) {
  doc.Add(report::Heading{"Findings", 2}, kHuman);
  if (report.findings.empty()) {
    doc.Add(report::Paragraph{"  none"}, kTextTarget);
    doc.Add(report::Paragraph{"None."}, kMarkdownTarget);
    return;
  }
  report::NoteList list;
  for (const Finding& finding : report.findings) {
    const std::string severity = SeverityName(finding.severity);
    doc.Add(
        Wrapped(fmt::format("[{}] {}: {}", severity, finding.id, finding.summary), "  ", "      "),
        kTextTarget);
    report::Note& note =
        list.notes.emplace_back(fmt::format("{} {}: {}", severity, finding.id, finding.summary));
    note.markup = {{severity, false, true}, {" "}, {finding.id, true}, {": " + finding.summary}};
    if (!finding.evidence.empty()) {
      doc.Add(Wrapped(finding.evidence, "    ", "    "), kTextTarget);
      list.notes.emplace_back(finding.evidence).depth = 1;
    }
    if (!finding.advice.empty()) {
      doc.Add(Wrapped(finding.advice, "    Do: ", "        "), kTextTarget);
      list.notes.emplace_back("Do: " + finding.advice).depth = 1;
    }
  }
  doc.Add(std::move(list), kMarkdownTarget);
}

// `variable`: the capability-mask variable the experiments set (CapabilityVariable).
report::Table Measurements(const Verdict& verdict, bool text, const std::string& variable) {
  report::Table table;
  table.indent = text ? "    " : "";
  table.columns = {Column("measurement", "Measurement", Column::Align::kLeft),
                   Column(std::string(doctor_internal::RateColumn(verdict))),
                   Column("slowdown", "Slowdown"), Column(variable, "", Column::Align::kLeft)};
  for (size_t i = 0; i < verdict.measurements.size(); ++i) {
    const Measurement& measurement = verdict.measurements[i];
    const std::optional<double> slowdown = doctor_internal::SlowdownVsFirst(verdict, i);
    report::TableCell ia32cap(measurement.ia32cap.empty() ? "-" : measurement.ia32cap);
    if (!measurement.ia32cap.empty()) {
      ia32cap.markup = {{measurement.ia32cap, true}};
    }
    table.rows.push_back(
        {measurement.label,
         doctor_internal::MeasurementRateText(measurement,
                                              doctor_internal::IsPublicKeyVerdict(verdict)),
         i == 0 ? "baseline" : (slowdown ? fmt::format("{:.2f}x", *slowdown) : "-"),
         std::move(ia32cap)});
  }
  return table;
}

void AddEvidence(const DoctorReport& report, report::Document& doc) {
  if (report.verdicts.empty()) {
    return;
  }
  const std::string intro =
      report.facts.report ? doctor_internal::ReportEvidenceIntro(report)
                          : "MB/s = 10^6 bytes/s, median ± half-width of its 95% CI; slowdown = "
                            "first row / this row";
  doc.Add(report::Heading{fmt::format("Evidence ({})", intro), 2}, kTextTarget);
  doc.Add(report::Heading{"Evidence", 2}, kMarkdownTarget);
  doc.Add(report::Paragraph{intro + "."}, kMarkdownTarget);
  bool first = true;
  for (const Verdict& verdict : report.verdicts) {
    if (!first) {
      doc.Add(report::Paragraph{""}, kTextTarget);
    }
    first = false;
    const std::string cell = doctor_internal::MeasuredCellText(verdict);
    // The implementation a report's row names where it holds the algorithm under several.
    const std::string algorithm =
        verdict.implementation.empty()
            ? verdict.algorithm
            : fmt::format("{} [{}]", verdict.algorithm, verdict.implementation);
    doc.Add(
        Wrapped(doctor_internal::IsPublicKeyVerdict(verdict)
                    ? fmt::format("{}, {} (operations per second, no cpb)", algorithm, cell)
                    : fmt::format("{}, {}: {} cpb", algorithm, cell,
                                  doctor_internal::CpbRangeText(verdict.cpb_low, verdict.cpb_high)),
                "  ", "      "),
        kTextTarget);
    doc.Add(report::Heading{fmt::format("{} ({})", algorithm, cell), 3}, kMarkdownTarget);
    doc.Add(report::Paragraph{fmt::format(
                "{}, {}{}.", VerdictStatusName(verdict.status),
                doctor_internal::CpbText(verdict.cpb_low, verdict.cpb_high),
                verdict.fingerprint.empty() ? "" : "; fingerprint: " + verdict.fingerprint)},
            kMarkdownTarget);
    if (!verdict.fingerprint.empty()) {
      doc.Add(Wrapped(verdict.fingerprint, "    fingerprint: ", "      "), kTextTarget);
    }
    for (const std::string& fact : verdict.evidence) {
      doc.Add(Wrapped(fact, "    - ", "      "), kTextTarget);
    }
    if (!verdict.evidence.empty()) {
      doc.Add(Bullets(verdict.evidence, "", ""), kMarkdownTarget);
    }
    // A report's single figure is already in the evidence; a table of one row says nothing.
    if (!verdict.measurements.empty() &&
        !(report.facts.report && verdict.measurements.size() == 1)) {
      const std::string variable = CapabilityVariable(report.facts);
      doc.Add(Measurements(verdict, true, variable), kTextTarget);
      doc.Add(Measurements(verdict, false, variable), kMarkdownTarget);
    }
  }
}

// "usable: AES-NI, AVX; disabled by the OS: AVX-512F; absent: SHA-NI", empty groups left out.
// For a report: "set: ...; clear: ...; clear (env: masks it): ...".
std::string FeatureSummary(const DoctorFacts& facts) {
  const cpu::CpuFeatures& cpu = facts.cpu;
  std::vector<std::string> usable;
  std::vector<std::string> disabled;
  std::vector<std::string> absent;
  for (const cpu::FeatureState& feature : cpu.features) {
    if (facts.report) {
      const std::string state = doctor_internal::ReportFeatureText(facts, feature);
      (state == "set" || state == "present"    ? usable
       : state == "clear" || state == "absent" ? absent
                                               : disabled)
          .push_back(feature.name);
      continue;
    }
    (feature.usable() ? usable : feature.supported ? disabled : absent).push_back(feature.name);
  }
  std::string out;
  auto add_group = [&out](const std::string& name, const std::vector<std::string>& names) {
    if (names.empty()) {
      return;
    }
    out += (out.empty() ? "" : "; ") + name + ": ";
    for (size_t i = 0; i < names.size(); ++i) {
      out += (i == 0 ? "" : ", ") + names[i];
    }
  };
  if (facts.report && facts.report->cpu_features_from_clues) {
    add_group("present", usable);
    add_group("absent", absent);
  } else if (facts.report) {
    add_group("set", usable);
    add_group("clear", absent);
    add_group("clear (env: masks it)", disabled);
  } else {
    add_group("usable", usable);
    add_group("disabled by the OS", disabled);
    add_group("absent", absent);
  }
  return out.empty() ? "none reported" : out;
}

// The facts as text: CPU, clock, library (and for a report its source), then the summary.
void AddFactsText(const DoctorReport& report, report::Document& doc) {
  const DoctorFacts& facts = report.facts;
  doctor_internal::AddCpuText(report, doc);
  doc.Add(report::Heading{facts.report ? "Clock" : "Clock and load", 2}, kTextTarget);
  doc.Add(FactFields(facts.report ? doctor_internal::ReportClockRows(report)
                                  : doctor_internal::ClockFactRows(report)),
          kTextTarget);
  doc.Add(report::Heading{"Library", 2}, kTextTarget);
  std::vector<FactRow> library = doctor_internal::LibraryFactRows(facts);
  if (facts.report) {
    library.push_back({"assembly modules", "not looked for (the library file is not here)"});
  }
  doc.Add(FactFields(library), kTextTarget);
  if (!facts.report) {
    doc.Add(report::Paragraph{facts.asm_modules.empty()
                                  ? "  assembly modules found (by ID string): none"
                                  : "  assembly modules found (by ID string):"},
            kTextTarget);
    if (!facts.asm_modules.empty()) {
      report::Table table;
      table.indent = "    ";
      table.columns = {Column("module", "", Column::Align::kLeft),
                       Column("primitive", "", Column::Align::kLeft)};
      for (const AsmModule& module : facts.asm_modules) {
        table.rows.push_back({std::string(module.module), std::string(module.primitive)});
      }
      doc.Add(std::move(table), kTextTarget);
    }
  }
  if (facts.report) {
    doc.Add(report::Heading{"Report", 2}, kTextTarget);
    doc.Add(FactFields(doctor_internal::ReportSourceRows(*facts.report)), kTextTarget);
    if (!facts.report->caveats.empty()) {
      doc.Add(report::Paragraph{"  caveats (from reading the text):"}, kTextTarget);
      doc.Add(Bullets(facts.report->caveats, "    - ", "      "), kTextTarget);
    }
  }
  doc.Add(report::Paragraph{""}, kTextTarget);
  doc.Add(report::Paragraph{doctor_internal::SummaryText(report)}, kTextTarget);
}

// The facts as Markdown tables.
void AddFactsMarkdown(const DoctorReport& report, report::Document& doc) {
  const DoctorFacts& facts = report.facts;
  doc.Add(report::Heading{facts.report ? "Facts (from the report)" : "Facts", 2}, kMarkdownTarget);
  doc.Add(report::Heading{"CPU", 3}, kMarkdownTarget);
  std::vector<FactRow> cpu_rows = facts.report ? doctor_internal::ReportCpuRows(facts)
                                               : doctor_internal::CpuFactRows(facts.cpu);
  if (!facts.report) {
    cpu_rows.push_back({"features", FeatureSummary(facts)});
  } else if (!facts.cpu.features.empty()) {
    cpu_rows.push_back({doctor_internal::ReportFeaturesIntro(facts), FeatureSummary(facts)});
  }
  doc.Add(FactTable(cpu_rows), kMarkdownTarget);
  doc.Add(report::Heading{facts.report ? "Clock" : "Clock and load", 3}, kMarkdownTarget);
  doc.Add(FactTable(facts.report ? doctor_internal::ReportClockRows(report)
                                 : doctor_internal::ClockFactRows(report)),
          kMarkdownTarget);
  doc.Add(report::Heading{"Library", 3}, kMarkdownTarget);
  std::vector<FactRow> library = doctor_internal::LibraryFactRows(facts);
  if (facts.report) {
    library.push_back({"assembly modules", "not looked for (the library file is not here)"});
  }
  doc.Add(FactTable(library), kMarkdownTarget);
  if (facts.report) {
    doc.Add(report::Heading{"Report", 3}, kMarkdownTarget);
    doc.Add(FactTable(doctor_internal::ReportSourceRows(*facts.report)), kMarkdownTarget);
    if (!facts.report->caveats.empty()) {
      doc.Add(report::Paragraph{"Caveats (from reading the text):"}, kMarkdownTarget);
      doc.Add(Bullets(facts.report->caveats, "", ""), kMarkdownTarget);
    }
    return;
  }
  if (facts.asm_modules.empty()) {
    doc.Add(report::Paragraph{"Assembly modules found (by ID string): none."}, kMarkdownTarget);
    return;
  }
  doc.Add(report::Paragraph{"Assembly modules found (by ID string):"}, kMarkdownTarget);
  report::Table table;
  table.columns = {Column("Module", "", Column::Align::kLeft),
                   Column("Primitive", "", Column::Align::kLeft)};
  for (const AsmModule& module : facts.asm_modules) {
    report::TableCell name{std::string(module.module)};
    name.markup = {{std::string(module.module), true}};
    table.rows.push_back({std::move(name), std::string(module.primitive)});
  }
  doc.Add(std::move(table), kMarkdownTarget);
}

}  // namespace

report::Document DoctorReportDocument(const DoctorReport& report) {
  report::Document doc;
  const std::optional<ReportOrigin>& origin = report.facts.report;
  std::string title = report.tool_version.empty()
                          ? std::string("cryptobench doctor")
                          : fmt::format("cryptobench {} doctor", report.tool_version);
  if (origin) {
    title += " --from " + (origin->file.empty() ? std::string("(unnamed)") : origin->file);
  }
  if (!report.created_utc.empty()) {
    title += ", " + report.created_utc;
  }
  doc.Add(report::Heading{title, 1}, kTextTarget);
  doc.Add(report::Heading{origin ? "cryptobench doctor --from" : "cryptobench doctor", 1},
          kMarkdownTarget);
  std::string run = "cryptobench";
  if (!report.tool_version.empty()) {
    run += " " + report.tool_version;
  }
  if (!report.created_utc.empty()) {
    run += ", " + report.created_utc;
  }
  doc.Add(report::Paragraph{fmt::format("{}. {}.", run, doctor_internal::SummaryText(report))},
          kMarkdownTarget);
  if (origin) {
    doc.Add(Wrapped(doctor_internal::ReportHeadline(*origin), "", ""), kHuman);
  }
  AddVerdicts(report, doc);
  if (origin) {
    doc.Add(report::Heading{"What the report cannot tell", 2}, kHuman);
    doc.Add(Bullets(origin->cannot_know, "  - ", "    "), kHuman);
  }
  AddFindings(report, doc);
  AddEvidence(report, doc);
  AddFactsText(report, doc);
  AddFactsMarkdown(report, doc);
  return doc;
}

void RenderDoctorText(const DoctorReport& report, std::ostream& out) {
  report::WriteText(DoctorReportDocument(report), out);
}

void RenderDoctorMarkdown(const DoctorReport& report, std::ostream& out) {
  report::WriteMarkdown(DoctorReportDocument(report), out);
}

}  // namespace cryptobench::diagnose
