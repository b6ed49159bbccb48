// The doctor report as GitHub Markdown, for bug reports: the verdict table first, findings, the
// evidence of each verdict, then the facts in compact tables with flags and paths in code spans.
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/format_util.h"

#include "diagnose/doctor_report.h"
#include "diagnose/doctor_report_internal.h"

namespace cryptobench::diagnose {
namespace {

using doctor_internal::FactRow;

using report::MarkdownCode;
using report::MarkdownText;

// Cells must be escaped already (Text or Code).
void WriteRow(const std::vector<std::string>& cells, std::ostream& out) {
  out << '|';
  for (const std::string& cell : cells) {
    out << ' ' << cell << " |";
  }
  out << '\n';
}

void WriteFactTable(const std::vector<FactRow>& rows, std::ostream& out) {
  out << "| Fact | Value |\n|---|---|\n";
  for (const FactRow& row : rows) {
    std::string value = row.code ? MarkdownCode(row.value) : MarkdownText(row.value);
    if (!row.note.empty()) {
      value += ' ';  // appended separately: `" " + std::string` trips GCC 12's -Wrestrict
      value += MarkdownText(row.note);
    }
    WriteRow({MarkdownText(row.label), std::move(value)}, out);
  }
}

void WriteVerdictTable(const DoctorReport& report, std::ostream& out) {
  out << "\n### Verdicts\n\n";
  if (report.verdicts.empty()) {
    out << "No algorithm was examined.\n";
    return;
  }
  out << "| Algorithm | Verdict | cpb | Evidence summary |\n|---|---|--:|---|\n";
  for (const Verdict& verdict : report.verdicts) {
    const std::string status = VerdictStatusName(verdict.status);
    WriteRow(
        {MarkdownText(verdict.algorithm), IsProblem(verdict.status) ? "**" + status + "**" : status,
         doctor_internal::CpbRangeText(verdict.cpb_low, verdict.cpb_high),
         MarkdownText(doctor_internal::LineWithoutPrefix(verdict))},
        out);
  }
  out << (report.facts.report
              ? "\ncpb: cycles per byte over the core clock range under Clock (the report does "
                "not give the clock rate).\n"
              : "\ncpb: cycles per byte at the core clock range under Clock and load.\n");
  bool any_advice = false;
  for (const Verdict& verdict : report.verdicts) {
    if (verdict.advice.empty()) {
      continue;
    }
    if (!any_advice) {
      out << "\nWhat to do:\n\n";
      any_advice = true;
    }
    out << fmt::format("- {}: {}\n", MarkdownText(verdict.algorithm), MarkdownText(verdict.advice));
  }
}

void WriteFindings(const DoctorReport& report, std::ostream& out) {
  out << "\n### Findings\n\n";
  if (report.findings.empty()) {
    out << "None.\n";
    return;
  }
  for (const Finding& finding : report.findings) {
    out << fmt::format("- **{}** {}: {}\n", SeverityName(finding.severity),
                       MarkdownCode(finding.id), MarkdownText(finding.summary));
    if (!finding.evidence.empty()) {
      out << fmt::format("  - {}\n", MarkdownText(finding.evidence));
    }
    if (!finding.advice.empty()) {
      out << fmt::format("  - Do: {}\n", MarkdownText(finding.advice));
    }
  }
}

void WriteMeasurements(const Verdict& verdict, std::ostream& out) {
  out << fmt::format("\n| Measurement | {} | Slowdown | OPENSSL_ia32cap |\n|---|--:|--:|---|\n",
                     doctor_internal::RateColumn(verdict));
  for (size_t i = 0; i < verdict.measurements.size(); ++i) {
    const Measurement& measurement = verdict.measurements[i];
    const std::optional<double> slowdown = doctor_internal::SlowdownVsFirst(verdict, i);
    WriteRow({MarkdownText(measurement.label),
              MarkdownText(doctor_internal::MeasurementRateText(
                  measurement, doctor_internal::IsPublicKeyVerdict(verdict))),
              i == 0 ? "baseline" : (slowdown ? fmt::format("{:.2f}x", *slowdown) : "-"),
              measurement.ia32cap.empty() ? "-" : MarkdownCode(measurement.ia32cap)},
             out);
  }
}

void WriteEvidence(const DoctorReport& report, std::ostream& out) {
  if (report.verdicts.empty()) {
    return;
  }
  if (report.facts.report) {
    out << "\n### Evidence\n\n" << doctor_internal::ReportEvidenceIntro(report) << ".\n";
  } else {
    out << "\n### Evidence\n\nMB/s = 10^6 bytes/s, median ± half-width of its 95% CI; slowdown = "
           "first row / this row.\n";
  }
  for (const Verdict& verdict : report.verdicts) {
    out << fmt::format("\n#### {} ({})\n\n", MarkdownText(verdict.algorithm),
                       doctor_internal::MeasuredCellText(verdict));
    out << fmt::format("{}, {}", VerdictStatusName(verdict.status),
                       doctor_internal::CpbText(verdict.cpb_low, verdict.cpb_high));
    if (!verdict.fingerprint.empty()) {
      out << "; fingerprint: " << MarkdownText(verdict.fingerprint);
    }
    out << ".\n";
    if (!verdict.evidence.empty()) {
      out << '\n';
    }
    for (const std::string& fact : verdict.evidence) {
      out << "- " << MarkdownText(fact) << '\n';
    }
    if (!verdict.measurements.empty() &&
        !(report.facts.report && verdict.measurements.size() == 1)) {
      WriteMeasurements(verdict, out);
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

// A report's CPU, clock and source facts (`doctor --from`).
void WriteReportFacts(const DoctorReport& report, std::ostream& out) {
  const DoctorFacts& facts = report.facts;
  out << "\n### Facts (from the report)\n\n#### CPU\n\n";
  std::vector<FactRow> cpu_rows = doctor_internal::ReportCpuRows(facts);
  if (!facts.cpu.features.empty()) {
    cpu_rows.push_back({doctor_internal::ReportFeaturesIntro(facts), FeatureSummary(facts)});
  }
  WriteFactTable(cpu_rows, out);
  out << "\n#### Clock\n\n";
  WriteFactTable(doctor_internal::ReportClockRows(report), out);
  out << "\n#### Library\n\n";
  std::vector<FactRow> library_rows = doctor_internal::LibraryFactRows(facts);
  library_rows.push_back({"assembly modules", "not looked for (the library file is not here)"});
  WriteFactTable(library_rows, out);
  out << "\n#### Report\n\n";
  WriteFactTable(doctor_internal::ReportSourceRows(*facts.report), out);
  if (!facts.report->caveats.empty()) {
    out << "\nCaveats (from reading the text):\n\n";
    for (const std::string& caveat : facts.report->caveats) {
      out << "- " << MarkdownText(caveat) << '\n';
    }
  }
}

void WriteFacts(const DoctorReport& report, std::ostream& out) {
  const DoctorFacts& facts = report.facts;
  if (facts.report) {
    WriteReportFacts(report, out);
    return;
  }
  out << "\n### Facts\n\n#### CPU\n\n";
  std::vector<FactRow> cpu_rows = doctor_internal::CpuFactRows(facts.cpu);
  cpu_rows.push_back({"features", FeatureSummary(facts)});
  WriteFactTable(cpu_rows, out);
  out << "\n#### Clock and load\n\n";
  WriteFactTable(doctor_internal::ClockFactRows(report), out);
  out << "\n#### Library\n\n";
  WriteFactTable(doctor_internal::LibraryFactRows(facts), out);
  out << "\nAssembly modules found (by ID string):";
  if (facts.asm_modules.empty()) {
    out << " none.\n";
    return;
  }
  out << "\n\n| Module | Primitive |\n|---|---|\n";
  for (const AsmModule& module : facts.asm_modules) {
    WriteRow(
        {MarkdownCode(std::string(module.module)), MarkdownText(std::string(module.primitive))},
        out);
  }
}

}  // namespace

void RenderDoctorMarkdown(const DoctorReport& report, std::ostream& out) {
  const std::optional<ReportOrigin>& origin = report.facts.report;
  out << (origin ? "## cryptobench doctor --from\n\n" : "## cryptobench doctor\n\n");
  std::string run = "cryptobench";
  if (!report.tool_version.empty()) {
    run += " " + report.tool_version;
  }
  if (!report.created_utc.empty()) {
    run += ", " + report.created_utc;
  }
  out << fmt::format("{}. {}.\n", run, doctor_internal::SummaryText(report));
  if (origin) {
    out << '\n' << MarkdownText(doctor_internal::ReportHeadline(*origin)) << '\n';
  }
  WriteVerdictTable(report, out);
  if (origin) {
    out << "\n### What the report cannot tell\n\n";
    for (const std::string& fact : origin->cannot_know) {
      out << "- " << MarkdownText(fact) << '\n';
    }
  }
  WriteFindings(report, out);
  WriteEvidence(report, out);
  WriteFacts(report, out);
}

}  // namespace cryptobench::diagnose
