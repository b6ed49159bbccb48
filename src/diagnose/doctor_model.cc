// Names of the doctor model's enums and the exit status rule (doctor_model.h).
#include "diagnose/doctor_model.h"

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
  return "error";
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
  return "undetermined";
}

bool IsProblem(VerdictStatus status) {
  return status == VerdictStatus::kNotAccelerated || status == VerdictStatus::kMasked;
}

int DoctorReport::ExitStatus() const {
  for (const Verdict& verdict : verdicts) {
    if (IsProblem(verdict.status)) {
      return 1;
    }
  }
  for (const Finding& finding : findings) {
    if (finding.severity == Severity::kError) {
      return 1;
    }
  }
  return 0;
}

}  // namespace cryptobench::diagnose
