// Reading a doctor report in tests: one finding by id, one verdict by algorithm, the causes it
// states as tags, and its text as doctor prints it.
#pragma once

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "diagnose/doctor_model.h"
#include "diagnose/doctor_report.h"
#include "diagnose/stated_causes.h"

namespace cryptobench::testing {

/// The first finding of `report` with this id, or nullptr (points into `report`).
inline const diagnose::Finding* FindingOf(const diagnose::DoctorReport& report,
                                          std::string_view id) {
  for (const diagnose::Finding& finding : report.findings) {
    if (finding.id == id) {
      return &finding;
    }
  }
  return nullptr;
}

/// Every piece of advice `report` gives: its verdicts' advice, then its findings', one a line.
inline std::string AllAdvice(const diagnose::DoctorReport& report) {
  std::string all;
  for (const diagnose::Verdict& verdict : report.verdicts) {
    all += verdict.advice + "\n";
  }
  for (const diagnose::Finding& finding : report.findings) {
    all += finding.advice + "\n";
  }
  return all;
}

/// The first verdict of `report` on `algorithm` (and `operation`, unless it is empty), or
/// nullptr (points into `report`).
inline const diagnose::Verdict* VerdictOf(const diagnose::DoctorReport& report,
                                          std::string_view algorithm,
                                          std::string_view operation = "") {
  for (const diagnose::Verdict& verdict : report.verdicts) {
    if (verdict.algorithm == algorithm && (operation.empty() || verdict.operation == operation)) {
      return &verdict;
    }
  }
  return nullptr;
}

/// VerdictOf's verdict; when there is none, a test failure naming what is missing and an empty
/// verdict (points into `report` or a static).
inline const diagnose::Verdict& VerdictFor(const diagnose::DoctorReport& report,
                                           std::string_view algorithm,
                                           std::string_view operation = "") {
  if (const diagnose::Verdict* verdict = VerdictOf(report, algorithm, operation)) {
    return *verdict;
  }
  ADD_FAILURE() << "no verdict for " << algorithm << (operation.empty() ? "" : " ") << operation;
  static const diagnose::Verdict kNone;
  return kNone;
}

/// The tags of the causes `report` states (diagnose::StatedCauses), in order.
inline std::vector<std::string> StatedTags(const diagnose::DoctorReport& report) {
  std::vector<std::string> tags;
  for (const diagnose::StatedCause& cause : diagnose::StatedCauses(report)) {
    tags.push_back(cause.tag);
  }
  return tags;
}

/// `report` as doctor prints it as text (diagnose::RenderDoctorText).
inline std::string DoctorText(const diagnose::DoctorReport& report) {
  std::ostringstream out;
  diagnose::RenderDoctorText(report, out);
  return out.str();
}

}  // namespace cryptobench::testing
