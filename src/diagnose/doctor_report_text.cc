// `cryptobench doctor`'s default output: the verdict lines first (the answer), then findings,
// the evidence behind each verdict, the facts, and a one-line summary. Prose wraps at 100
// columns (a word longer than that, such as a path, stays whole); tables are as wide as their
// cells, which with long OPENSSL_ia32cap masks is a little more.
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "report/format_util.h"
#include "report/text_table.h"

#include "diagnose/doctor_report.h"
#include "diagnose/doctor_report_internal.h"

namespace cryptobench::diagnose {
namespace doctor_internal {

using report::TextTable;

constexpr size_t kWrapColumns = 100;
constexpr size_t kFactLabelWidth = 20;

void WriteWrapped(std::ostream& out, const std::string& text, const std::string& first_prefix,
                  const std::string& next_prefix) {
  if (report::DisplayWidth(first_prefix) + report::DisplayWidth(text) <= kWrapColumns) {
    out << first_prefix << text << '\n';
    return;
  }
  std::string line = first_prefix;
  bool line_has_word = false;
  size_t begin = 0;
  while (begin <= text.size()) {
    size_t end = text.find(' ', begin);
    if (end == std::string::npos) {
      end = text.size();
    }
    const std::string_view word = std::string_view(text).substr(begin, end - begin);
    begin = end + 1;
    if (word.empty()) {
      continue;
    }
    if (line_has_word &&
        report::DisplayWidth(line) + 1 + report::DisplayWidth(word) > kWrapColumns) {
      out << line << '\n';
      line = next_prefix;
      line_has_word = false;
    }
    line += line_has_word ? " " : "";
    line += word;
    line_has_word = true;
  }
  out << line << '\n';
}

void WriteFactRows(const std::vector<FactRow>& rows, std::ostream& out) {
  const std::string hanging(2 + kFactLabelWidth, ' ');
  for (const FactRow& row : rows) {
    WriteWrapped(out, row.note.empty() ? row.value : row.value + " " + row.note,
                 "  " + report::PadRight(row.label + ":", kFactLabelWidth), hanging);
  }
}

void WriteCpuText(const DoctorReport& report, std::ostream& out) {
  const cpu::CpuFeatures& cpu = report.facts.cpu;
  const bool from_report = report.facts.report.has_value();
  out << (from_report ? "\nCPU (as the report describes it)\n" : "\nCPU\n");
  WriteFactRows(from_report ? doctor_internal::ReportCpuRows(report.facts)
                            : doctor_internal::CpuFactRows(cpu),
                out);
  if (cpu.features.empty()) {
    return;
  }
  if (from_report) {
    WriteWrapped(out, doctor_internal::ReportFeaturesIntro(report.facts) + ":", "  ", "    ");
  } else {
    out << (cpu.arch == "x86_64"
                ? "  features (CPUID; \"disabled by the OS\": XCR0 lacks their register state):\n"
                : "  features (HWCAP):\n");
  }
  auto state = [&](const cpu::FeatureState& feature) {
    return from_report ? doctor_internal::ReportFeatureText(report.facts, feature)
                       : doctor_internal::FeatureStateText(feature);
  };
  TextTable table({{"feature", TextTable::Align::kLeft},
                   {"present", TextTable::Align::kLeft},
                   {"feature", TextTable::Align::kLeft},
                   {"present", TextTable::Align::kLeft}});
  for (size_t i = 0; i < cpu.features.size(); i += 2) {
    std::vector<std::string> cells = {cpu.features[i].name, state(cpu.features[i])};
    if (i + 1 < cpu.features.size()) {
      cells.push_back(cpu.features[i + 1].name);
      cells.push_back(state(cpu.features[i + 1]));
    } else {
      cells.resize(4);
    }
    table.AddRow(std::move(cells));
  }
  table.Write(out, "    ");
}

}  // namespace doctor_internal

namespace {

using doctor_internal::FactRow;
using doctor_internal::WriteFactRows;
using doctor_internal::WriteWrapped;
using report::TextTable;

void WriteVerdictLines(const DoctorReport& report, std::ostream& out) {
  out << "\nVerdicts\n";
  if (report.verdicts.empty()) {
    out << "  none: no algorithm was examined\n";
  }
  for (const Verdict& verdict : report.verdicts) {
    WriteWrapped(out, doctor_internal::VerdictLineWithStatus(verdict), "  ", "      ");
    if (!verdict.advice.empty()) {
      WriteWrapped(out, verdict.advice, "    Do: ", "        ");
    }
  }
}

void WriteFindings(const DoctorReport& report, std::ostream& out) {
  out << "\nFindings\n";
  if (report.findings.empty()) {
    out << "  none\n";
  }
  for (const Finding& finding : report.findings) {
    WriteWrapped(
        out,
        fmt::format("[{}] {}: {}", SeverityName(finding.severity), finding.id, finding.summary),
        "  ", "      ");
    if (!finding.evidence.empty()) {
      WriteWrapped(out, finding.evidence, "    ", "    ");
    }
    if (!finding.advice.empty()) {
      WriteWrapped(out, finding.advice, "    Do: ", "        ");
    }
  }
}

void WriteMeasurements(const Verdict& verdict, std::ostream& out) {
  TextTable table({{"measurement", TextTable::Align::kLeft},
                   {std::string(doctor_internal::RateColumn(verdict)), TextTable::Align::kRight},
                   {"slowdown", TextTable::Align::kRight},
                   {"OPENSSL_ia32cap", TextTable::Align::kLeft}});
  for (size_t i = 0; i < verdict.measurements.size(); ++i) {
    const Measurement& measurement = verdict.measurements[i];
    const std::optional<double> slowdown = doctor_internal::SlowdownVsFirst(verdict, i);
    table.AddRow({measurement.label,
                  doctor_internal::MeasurementRateText(
                      measurement, doctor_internal::IsPublicKeyVerdict(verdict)),
                  i == 0 ? "baseline" : (slowdown ? fmt::format("{:.2f}x", *slowdown) : "-"),
                  measurement.ia32cap.empty() ? "-" : measurement.ia32cap});
  }
  table.Write(out, "    ");
}

void WriteEvidence(const DoctorReport& report, std::ostream& out) {
  if (report.verdicts.empty()) {
    return;
  }
  if (report.facts.report) {
    out << "\nEvidence (" << doctor_internal::ReportEvidenceIntro(report) << ")\n";
  } else {
    out << "\nEvidence (MB/s = 10^6 bytes/s, median ± half-width of its 95% CI; slowdown = first "
           "row / this row)\n";
  }
  bool first = true;
  for (const Verdict& verdict : report.verdicts) {
    if (!first) {
      out << '\n';
    }
    first = false;
    WriteWrapped(
        out,
        doctor_internal::IsPublicKeyVerdict(verdict)
            ? fmt::format("{}, {} (operations per second, no cpb)", verdict.algorithm,
                          doctor_internal::MeasuredCellText(verdict))
            : fmt::format("{}, {}: {} cpb", verdict.algorithm,
                          doctor_internal::MeasuredCellText(verdict),
                          doctor_internal::CpbRangeText(verdict.cpb_low, verdict.cpb_high)),
        "  ", "      ");
    if (!verdict.fingerprint.empty()) {
      WriteWrapped(out, verdict.fingerprint, "    fingerprint: ", "      ");
    }
    for (const std::string& fact : verdict.evidence) {
      WriteWrapped(out, fact, "    - ", "      ");
    }
    // A report's single figure is already in the evidence; a table of one row says nothing.
    if (!verdict.measurements.empty() &&
        !(report.facts.report && verdict.measurements.size() == 1)) {
      WriteMeasurements(verdict, out);
    }
  }
}

void WriteLibrary(const DoctorReport& report, std::ostream& out) {
  const DoctorFacts& facts = report.facts;
  out << "\nLibrary\n";
  WriteFactRows(doctor_internal::LibraryFactRows(facts), out);
  if (facts.report) {
    out << "  assembly modules:   not looked for (the library file is not here)\n";
    return;
  }
  if (facts.asm_modules.empty()) {
    out << "  assembly modules found (by ID string): none\n";
    return;
  }
  out << "  assembly modules found (by ID string):\n";
  TextTable table({{"module", TextTable::Align::kLeft}, {"primitive", TextTable::Align::kLeft}});
  for (const AsmModule& module : facts.asm_modules) {
    table.AddRow({std::string(module.module), std::string(module.primitive)});
  }
  table.Write(out, "    ");
}

// What the report cannot tell, then the report's own source and caveats (`doctor --from`).
void WriteCannotKnow(const ReportOrigin& origin, std::ostream& out) {
  out << "\nWhat the report cannot tell\n";
  for (const std::string& fact : origin.cannot_know) {
    WriteWrapped(out, fact, "  - ", "    ");
  }
}

void WriteReportSource(const ReportOrigin& origin, std::ostream& out) {
  out << "\nReport\n";
  WriteFactRows(doctor_internal::ReportSourceRows(origin), out);
  if (!origin.caveats.empty()) {
    out << "  caveats (from reading the text):\n";
    for (const std::string& caveat : origin.caveats) {
      WriteWrapped(out, caveat, "    - ", "      ");
    }
  }
}

}  // namespace

void RenderDoctorText(const DoctorReport& report, std::ostream& out) {
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
  out << title << '\n';
  if (origin) {
    WriteWrapped(out, doctor_internal::ReportHeadline(*origin), "", "");
  }
  WriteVerdictLines(report, out);
  if (origin) {
    WriteCannotKnow(*origin, out);
  }
  WriteFindings(report, out);
  WriteEvidence(report, out);
  doctor_internal::WriteCpuText(report, out);
  if (origin) {
    out << "\nClock\n";
    WriteFactRows(doctor_internal::ReportClockRows(report), out);
  } else {
    out << "\nClock and load\n";
    WriteFactRows(doctor_internal::ClockFactRows(report), out);
  }
  WriteLibrary(report, out);
  if (origin) {
    WriteReportSource(*origin, out);
  }
  out << '\n' << doctor_internal::SummaryText(report) << '\n';
}

}  // namespace cryptobench::diagnose
