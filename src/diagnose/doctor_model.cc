// Names of the doctor's enums and the exit status of a report.
#include "diagnose/doctor_model.h"

#include <algorithm>

#include <fmt/format.h>

namespace cryptobench::diagnose {

std::string CapabilityVariable(const DoctorFacts& facts) {
  const std::string& cpu_info = facts.library.cpu_info;
  if (cpu_info.find("OPENSSL_armcap") != std::string::npos) {
    return "OPENSSL_armcap";
  }
  if (cpu_info.find("OPENSSL_ia32cap") == std::string::npos &&
      (facts.cpu.arch == "aarch64" || facts.cpu.arch == "arm")) {
    return "OPENSSL_armcap";
  }
  return "OPENSSL_ia32cap";
}

bool CpuinfoNaMeansNoAsm(const std::string& arch) {
  return arch == "x86_64" || arch == "x86" || arch == "aarch64" || arch == "arm";
}

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

std::string VerdictSubject(std::string_view algorithm, std::string_view operation) {
  return operation.empty() ? std::string(algorithm) : fmt::format("{} {}", algorithm, operation);
}

std::string VerdictSubject(const Verdict& verdict) {
  return VerdictSubject(verdict.algorithm, verdict.operation);
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
  // A measurement that failed (crash, timeout, library error, FAILED KAT) leaves a verdict
  // unproven: like `speed`, doctor then exits 1 rather than pass a CI gate silently.
  const bool failed = std::any_of(verdicts.begin(), verdicts.end(), [](const Verdict& v) {
    return std::any_of(v.measurements.begin(), v.measurements.end(), [](const Measurement& m) {
      return m.status != results::CellStatus::kOk && m.status != results::CellStatus::kUnsupported;
    });
  });
  return problem || error || failed ? 1 : 0;
}

bool KernelTool(const ReportOrigin& origin) {
  return origin.tool.find("cryptsetup") != std::string::npos ||
         origin.tool.find("tcrypt") != std::string::npos ||
         origin.tool.find("kcapi") != std::string::npos ||
         origin.tool.find("cryptodev") != std::string::npos;
}

}  // namespace cryptobench::diagnose
