// Reading a doctor report in tests: one finding by id, and the causes it states as tags.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "diagnose/doctor_model.h"
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

/// The tags of the causes `report` states (diagnose::StatedCauses), in order.
inline std::vector<std::string> StatedTags(const diagnose::DoctorReport& report) {
  std::vector<std::string> tags;
  for (const diagnose::StatedCause& cause : diagnose::StatedCauses(report)) {
    tags.push_back(cause.tag);
  }
  return tags;
}

}  // namespace cryptobench::testing
