// doctor's report as a report::Document (issue 16), for the HTML writer: built from doctor's JSON
// (docs/doctor.md), the serialised result model, so that `doctor --format html` and `report
// SAVED.json --format html` draw the same page from the same figures.
#pragma once

#include <nlohmann/json.hpp>

#include "report/document.h"

namespace cryptobench::diagnose {

/// The document of a doctor JSON document: "kind" "doctor" (DoctorToJson), "doctor_backend"
/// (LibraryDoctorToJson) or "doctor_reports" (several, one after another). For each report: a
/// title naming the library, its facts, a table of the verdicts, then per verdict its line, a
/// bar chart of the throughput measured as is and with features masked (MB/s = 10^6 bytes/s,
/// CI whiskers) when it has a measurement, a range chart of its cpb (over the plausible core
/// clock range) against the expected cpb range of each implementation class of the class table
/// for the report's architecture (data/cpb-classes*.csv, CpbClasses) when that table has the
/// algorithm and operation, and its evidence; then the findings. Every string from the
/// document is made printable (report::SafeText). Blocks are for HTML (report::kHtmlTarget):
/// doctor's text and Markdown keep their renderers. Throws std::runtime_error when `doc` is no
/// doctor document (its kind) or a field has the wrong type.
report::Document DoctorDocument(const nlohmann::json& doc);

}  // namespace cryptobench::diagnose
