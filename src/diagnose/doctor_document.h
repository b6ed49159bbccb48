// doctor's report as a report::Document (issue 16), for the HTML writer: built from doctor's JSON
// (docs/doctor.md), the serialised result model, so that `doctor --format html` and `report
// SAVED.json --format html` draw the same page from the same figures.
#pragma once

#include <nlohmann/json.hpp>

#include "report/document.h"

#include "diagnose/doctor_model.h"
#include "diagnose/library_doctor.h"

namespace cryptobench::diagnose {

/// The document of a doctor JSON document: "kind" "doctor" (DoctorToJson), "doctor_backend"
/// (LibraryDoctorToJson) or "doctor_reports" (several, one after another). For each report: a
/// title naming the library, its facts, a table of the verdicts, then per verdict its line, a
/// bar chart of the throughput measured as is and with features masked (MB/s = 10^6 bytes/s,
/// CI whiskers) when it has a measurement, a range chart of its cpb (over the plausible core
/// clock range) against the expected cpb range of each implementation class of the class table
/// for the report's architecture (data/cpb-classes*.csv, CpbClasses) when that table has the
/// algorithm and operation, and its evidence; then the findings. Every string from the
/// document is made printable (report::SafeText). Blocks are for HTML (report::kHtmlTarget);
/// doctor's text and Markdown come from DoctorReportDocument. Throws std::runtime_error when
/// `doc` is no doctor document (its kind) or a field has the wrong type.
report::Document DoctorDocument(const nlohmann::json& doc);

/// `report` as the terminal (report::WriteText) and Markdown (report::WriteMarkdown) show it.
/// Text: the verdict lines first (the answer), then findings, the evidence behind each verdict
/// (its measurements as a table: MB/s = 10^6 bytes/s or ops/s, median ± half-width of its 95%
/// CI, slowdown = first row / this row), the facts (CPU and its features, clock, library,
/// assembly modules; for `doctor --from` the report's source and caveats) and a one-line
/// summary; prose wrapped at 100 columns. Markdown, for bug reports: the verdict table first,
/// findings, the evidence of each verdict, then the facts in tables with flags and paths in code
/// spans. Strings are used as they are: the caller sanitises the report for a terminal.
report::Document DoctorReportDocument(const DoctorReport& report);

/// A library doctor report (`doctor --backend NAME`) the same way: the verdict lines, what the
/// library does not offer, (afalg) the kernel against user space, the library's CPU mask switch,
/// the evidence per algorithm, the CPU and clock facts and a one-line summary; Markdown a verdict
/// table, the switch, and the evidence.
report::Document LibraryDoctorDocument(const LibraryDoctorReport& report);

}  // namespace cryptobench::diagnose
