// Pieces shared by the doctor renderers (doctor_report*.cc): the same fact is worded the same
// way in text, Markdown and JSON. Not part of the public interface.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/document.h"

#include "diagnose/doctor_model.h"

namespace cryptobench::diagnose::doctor_internal {

/// Stable snake_case key of a verdict status for JSON: "accelerated", "not_accelerated",
/// "masked", "software_expected", "no_hardware_path", "undetermined".
const char* VerdictStatusKey(VerdictStatus status);

/// "yes", "no", or "yes (disabled by the OS)" (the CPU has it, XCR0 lacks its register state).
std::string FeatureStateText(const cpu::FeatureState& feature);

/// One labelled fact for the Facts sections: `value`, then `note` (plain words about it, may
/// be empty) after a space. `code`: Markdown shows `value` as a code span (paths, flags,
/// capability vectors).
struct FactRow {
  FactRow(std::string label_in, std::string value_in, bool code_in = false,
          std::string note_in = {})
      : label(std::move(label_in)),
        value(std::move(value_in)),
        code(code_in),
        note(std::move(note_in)) {}

  std::string label;
  std::string value;
  bool code = false;
  std::string note;
};

/// Vendor, model, family/model/stepping (x86-64), architecture, XCR0. Features are separate.
std::vector<FactRow> CpuFactRows(const cpu::CpuFeatures& cpu);
/// Tick counter and core clock, the frequencies cpb is computed at, governor, turbo, maximum
/// frequency, hypervisor, load average, steal, online CPUs.
std::vector<FactRow> ClockFactRows(const DoctorReport& report);
/// Version, path, platform, built-on, compiler flags, capability vectors, OPENSSL_ia32cap,
/// -D*_ASM defines, whether the build has assembly.
std::vector<FactRow> LibraryFactRows(const DoctorFacts& facts);

/// Cycles per byte over the frequency range: "2.519-2.565", one value when both agree (to the
/// printed precision), "n/a" when unknown (0).
std::string CpbRangeText(double cpb_low, double cpb_high);
/// CpbRangeText with its unit: "2.519-2.565 cpb", or "cpb n/a".
std::string CpbText(double cpb_low, double cpb_high);

/// Operation and input size of a verdict: "encrypt, 16 KiB per operation".
std::string MeasuredCellText(const Verdict& verdict);

/// True for a public-key verdict (operation sign, verify or derive): its measurements hold
/// operations per second in the rate fields (verdict.h) and it has no cpb.
bool IsPublicKeyVerdict(const Verdict& verdict);

/// Throughput of a measurement in MB/s with its CI half-width ("1425.0 ±0.4%"); with
/// `per_operation`, operations per second ("3782 ±8.3%"); or its status and message when it did
/// not succeed ("crashed: SIGSEGV").
std::string MeasurementRateText(const Measurement& measurement, bool per_operation = false);

/// The rate column's heading: "ops/s" for a public-key verdict, else "MB/s".
std::string_view RateColumn(const Verdict& verdict);

/// Slowdown of measurement `index` relative to the verdict's first measurement (its baseline:
/// "as is", or for GHASH the experiment GHASH's mask is added to): first throughput / this
/// throughput. std::nullopt for index 0 and when either measurement has no throughput.
std::optional<double> SlowdownVsFirst(const Verdict& verdict, size_t index);

/// `verdict.line` with a leading "<algorithm>: <status name>: " removed (the Markdown table has
/// columns for those); the whole line when it does not start that way.
std::string LineWithoutPrefix(const Verdict& verdict);

/// `verdict.line`, prefixed with "[<status name>] " when the line does not name its status, so
/// the status is always visible; "<algorithm>: <status name>" for an empty line.
std::string VerdictLineWithStatus(const Verdict& verdict);

/// "6 algorithms examined: 4 accelerated, 1 problem; exit status 1" (one per verdict, so the
/// GHASH verdict of AES-GCM counts as one), with ", 1 error finding" after the problems when
/// there are findings of severity error, and ", 2 undetermined (cannot tell)" when verdicts are
/// undetermined, then ", 2 offloaded (not the CPU's code)" when an engine or provider took
/// verdicts' operations (neither changes the exit status).
std::string SummaryText(const DoctorReport& report);

// A report read from text (`doctor --from`; doctor_report_from.cc). Each needs
// facts.report to be set.

/// "Report FILE: openssl speed 3.0.13 output, imported; nothing was measured on this machine."
std::string ReportHeadline(const ReportOrigin& origin);
/// True if any measurement of the report carries a CI (a cryptobench run; imported figures do
/// not).
bool HasConfidenceIntervals(const DoctorReport& report);
/// What the evidence figures are: "MB/s = 10^6 bytes/s, one figure per algorithm as the report
/// gives it, no CI" (or the report's medians with CIs).
std::string ReportEvidenceIntro(const DoctorReport& report);
/// Model and architecture (with where it came from); "features: not in the text" without a
/// vector.
std::vector<FactRow> ReportCpuRows(const DoctorFacts& facts);
/// The heading of the feature table: which variable's bits, and what set and clear mean.
std::string ReportFeaturesIntro(const DoctorFacts& facts);
/// "set", "clear", or "clear (env: masks it)" for a feature the CPUINFO line's env: part clears.
std::string ReportFeatureText(const DoctorFacts& facts, const cpu::FeatureState& feature);
/// "core clock: not in the text" and the range cpb is computed at, with its source.
std::vector<FactRow> ReportClockRows(const DoctorReport& report);
/// File, tool and version, timing basis, engine/provider, processes, API (caveats apart).
std::vector<FactRow> ReportSourceRows(const ReportOrigin& origin);
/// The "from_report" object of the JSON document (docs/doctor-json.md).
nlohmann::ordered_json ReportOriginToJson(const ReportOrigin& origin);

/// The "cpu" object of the JSON document (docs/doctor-json.md).
nlohmann::ordered_json CpuToJson(const cpu::CpuFeatures& cpu);
/// The "clock" object of the JSON document (docs/doctor-json.md).
nlohmann::ordered_json ClockToJson(const cpu::ClockFacts& clock);

// Text pieces of the documents (doctor_report_document.cc), shared with the library doctor's.

/// A paragraph that writes `text` after `prefix` and, past 100 columns, breaks at spaces and
/// starts each further line with `hanging` (report::Paragraph).
report::Paragraph Wrapped(std::string text, std::string prefix, std::string hanging);
/// One "  label:  value note" line per row, labels padded to 20 columns, wrapped at 100, for
/// the text writer.
report::FieldList FactFields(const std::vector<FactRow>& rows);
/// The text's "CPU" section: CpuFactRows (or the report's) and a two-column feature table.
void AddCpuText(const DoctorReport& report, report::Document& doc);

}  // namespace cryptobench::diagnose::doctor_internal
