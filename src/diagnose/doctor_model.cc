// Names of the doctor's enums and the exit status of a report.
#include "diagnose/doctor_model.h"

#include <algorithm>

namespace cryptobench::diagnose {

const char* SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kInfo:
      return "info";
    case Severity::kWarning:
      return "warning";
    case Severity::kError:
      return "error";
  }
  return "unknown";
}

const char* VerdictStatusName(VerdictStatus status) {
  switch (status) {
    case VerdictStatus::kAccelerated:
      return "accelerated";
    case VerdictStatus::kNotAccelerated:
      return "NOT accelerated";
    case VerdictStatus::kMasked:
      return "masked";
    case VerdictStatus::kSoftwareExpected:
      return "software (expected)";
    case VerdictStatus::kNoHardwarePath:
      return "no hardware path";
    case VerdictStatus::kUndetermined:
      return "undetermined";
  }
  return "unknown";
}

bool IsProblem(VerdictStatus status) {
  return status == VerdictStatus::kNotAccelerated || status == VerdictStatus::kMasked;
}

int DoctorReport::ExitStatus() const {
  const bool problem = std::any_of(verdicts.begin(), verdicts.end(),
                                   [](const Verdict& v) { return IsProblem(v.status); });
  const bool error = std::any_of(findings.begin(), findings.end(),
                                 [](const Finding& f) { return f.severity == Severity::kError; });
  return problem || error ? 1 : 0;
}

}  // namespace cryptobench::diagnose
