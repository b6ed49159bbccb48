// Names of the doctor's enums and the exit status of a report.
#include "diagnose/doctor_model.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "results/cpuinfo_vectors.h"

#include "diagnose/undecoded_vector.h"

namespace cryptobench::diagnose {

// The variable the CPUINFO line names (OPENSSL_ia32cap, OPENSSL_armcap, OPENSSL_s390xcap,
// OPENSSL_riscvcap, OPENSSL_ppccap: crypto/info.c), else the architecture's (crypto/armcap.c,
// s390xcap.c, riscvcap.c, ppccap.c read them), else OPENSSL_ia32cap (crypto/cpuid.c).
std::string CapabilityVariable(const DoctorFacts& facts) {
  const std::string& cpu_info = facts.library.cpu_info;
  for (const char* variable : {"OPENSSL_armcap", "OPENSSL_ia32cap", "OPENSSL_s390xcap",
                               "OPENSSL_riscvcap", "OPENSSL_ppccap"}) {
    if (cpu_info.find(variable) != std::string::npos) {
      return variable;
    }
  }
  const std::string& arch = facts.cpu.arch;
  if (arch == "aarch64" || arch == "arm") {
    return "OPENSSL_armcap";
  }
  if (arch == "s390x") {
    return "OPENSSL_s390xcap";
  }
  if (arch == "riscv64" || arch == "riscv32") {
    return "OPENSSL_riscvcap";
  }
  if (arch == "ppc64" || arch == "ppc64le" || arch == "ppc") {
    return "OPENSSL_ppccap";
  }
  return "OPENSSL_ia32cap";
}

std::string UndecodedVectorVariable(const std::string& cpu_info) {
  for (const char* variable : {"OPENSSL_s390xcap", "OPENSSL_riscvcap", "OPENSSL_ppccap"}) {
    if (cpu_info.find(std::string(variable) + "=") != std::string::npos) {
      return variable;
    }
  }
  return "";
}

namespace {

// The value after "VARIABLE=" up to the next blank (the env: part follows one).
std::string VectorValue(const std::string& cpu_info, const std::string& variable) {
  const size_t at = cpu_info.find(variable + "=");
  if (at == std::string::npos) {
    return "";
  }
  const std::string rest = cpu_info.substr(at + variable.size() + 1);
  return rest.substr(0, rest.find(' '));
}

// The first word after "NAME:" in an s390x vector, or nullopt.
std::optional<uint64_t> S390xWord(const std::string& value, const std::string& name) {
  const std::string key = name + ":";
  size_t at = 0;
  while ((at = value.find(key, at)) != std::string::npos) {
    if (at == 0 || value[at - 1] == ':') {
      const std::string word =
          value.substr(at + key.size(), value.find(':', at + key.size()) - (at + key.size()));
      char* end = nullptr;
      const unsigned long long parsed = std::strtoull(word.c_str(), &end, 16);
      if (word.empty() || end != word.c_str() + word.size()) {
        return std::nullopt;
      }
      return parsed;
    }
    at += key.size();
  }
  return std::nullopt;
}

// The AES-128/192/256 function codes (18-20) a query word has, as "18, 19, 20", or "".
std::string AesCodes(uint64_t word) {
  std::string codes;
  for (int code = 18; code <= 20; ++code) {
    if ((word >> (63 - code)) & 1) {
      codes += (codes.empty() ? "" : ", ") + std::to_string(code);
    }
  }
  return codes;
}

}  // namespace

std::string UndecodedVectorAes(const std::string& cpu_info) {
  const std::string variable = UndecodedVectorVariable(cpu_info);
  const std::string value = VectorValue(cpu_info, variable);
  if (variable == "OPENSSL_riscvcap") {
    std::vector<std::string> names;
    for (size_t start = 0; start <= value.size();) {
      const size_t end = std::min(value.find('_', start), value.size());
      names.push_back(value.substr(start, end - start));
      start = end + 1;
    }
    const auto has = [&](const char* name) {
      return std::find(names.begin(), names.end(), name) != names.end();
    };
    std::vector<std::string> shown;
    if (has("ZKNE")) {
      shown.push_back("ZKNE (scalar AES encryption)");
    }
    if (has("ZKND")) {
      shown.push_back("ZKND (scalar AES decryption)");
    }
    if (has("ZVKNED")) {
      shown.push_back("ZVKNED (vector AES)");
    }
    if (has("ZVKG")) {
      shown.push_back("ZVKG (vector GHASH)");
    }
    if (!has("ZKNE") && !has("ZVKNED")) {
      shown.insert(shown.begin(), "no AES extension (neither ZKNE nor ZVKNED)");
    }
    return fmt::format("{}", fmt::join(shown, ", "));
  }
  if (variable == "OPENSSL_s390xcap") {
    const std::optional<uint64_t> km = S390xWord(value, "km");
    const std::optional<uint64_t> kma = S390xWord(value, "kma");
    if (!km || !kma) {
      return "";
    }
    const std::string km_codes = AesCodes(*km);
    const std::string kma_codes = AesCodes(*kma);
    return fmt::format(
        "KM: {}; KMA: {}",
        km_codes.empty() ? "no AES function code (18-20)" : "AES function codes " + km_codes,
        kma_codes.empty() ? "none" : "AES-GCM function codes " + kma_codes);
  }
  return "";
}

bool CpuinfoNaMeansNoAsm(const std::string& arch) { return results::CpuinfoNaProvesNoAsm(arch); }

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
  return VerdictSubject(verdict.implementation.empty()
                            ? verdict.algorithm
                            : fmt::format("{} [{}]", verdict.algorithm, verdict.implementation),
                        verdict.operation);
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
    case VerdictStatus::kOffloaded:
      return "offloaded";
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
