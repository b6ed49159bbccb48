// A DoctorReport as text (default), JSON and Markdown.
#pragma once

#include <ostream>

#include <nlohmann/json.hpp>

#include "diagnose/doctor_model.h"

namespace cryptobench::diagnose {

/// Plain text: DoctorReportDocument (doctor_document.h) through report::WriteText.
void RenderDoctorText(const DoctorReport& report, std::ostream& out);

/// The report as JSON ("schema_version": 1, "kind": "doctor"); documented in
/// docs/doctor-json.md.
nlohmann::ordered_json DoctorToJson(const DoctorReport& report);
void RenderDoctorJson(const DoctorReport& report, std::ostream& out);

/// Markdown for a bug report: DoctorReportDocument through report::WriteMarkdown.
void RenderDoctorMarkdown(const DoctorReport& report, std::ostream& out);

}  // namespace cryptobench::diagnose
