// Wording shared by the doctor renderers for a report read from text (`doctor --from`): what
// replaces the live machine's CPU, clock and module facts, and the report's own source.
#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/format_util.h"

#include "diagnose/doctor_report_internal.h"
#include "diagnose/library_advice.h"
#include "diagnose/undecoded_vector.h"

namespace cryptobench::diagnose::doctor_internal {
namespace {

std::string TimingBasisText(const std::string& basis) {
  if (basis == "user_cpu") {
    return "user CPU time (openssl speed without -elapsed)";
  }
  if (basis == "wall_clock") {
    return "wall-clock time";
  }
  return "unknown";
}

std::string ToolText(const ReportOrigin& origin) {
  std::string tool = origin.tool.empty() ? std::string("unknown tool") : origin.tool;
  if (!origin.tool_version.empty()) {
    tool += " " + origin.tool_version;
  }
  return tool;
}

}  // namespace

std::string ReportHeadline(const ReportOrigin& origin) {
  return fmt::format("Report {}: {} output{}; nothing was measured on this machine.",
                     origin.file.empty() ? std::string("(unnamed)") : origin.file, ToolText(origin),
                     origin.kind == "imported" ? ", imported" : "");
}

bool HasConfidenceIntervals(const DoctorReport& report) {
  return std::any_of(report.verdicts.begin(), report.verdicts.end(), [](const Verdict& v) {
    return std::any_of(v.measurements.begin(), v.measurements.end(),
                       [](const Measurement& m) { return m.ci_low != 0 || m.ci_high != 0; });
  });
}

std::string ReportEvidenceIntro(const DoctorReport& report) {
  return HasConfidenceIntervals(report)
             ? "MB/s = 10^6 bytes/s, the report's median ± half-width of its 95% CI"
             : "MB/s = 10^6 bytes/s, one figure per algorithm as the report gives it, no CI";
}

std::vector<FactRow> ReportCpuRows(const DoctorFacts& facts) {
  const ReportOrigin& origin = *facts.report;
  std::vector<FactRow> rows;
  rows.push_back({"model", !facts.cpu.brand.empty()             ? facts.cpu.brand
                           : !origin.left_out_cpu_model.empty() ? origin.left_out_cpu_model
                                                                : "not in the text"});
  rows.push_back(
      facts.cpu.arch.empty() && !origin.cpu_clues.arch_family.empty()
          ? FactRow{"architecture",
                    origin.cpu_clues.arch_family + ", 32- or 64-bit not in the text", false,
                    "(from " + origin.cpu_clues.arch_family_clue + ")"}
      : facts.cpu.arch.empty()
          ? FactRow{"architecture", "not in the text"}
          : FactRow{"architecture", facts.cpu.arch, false,
                    origin.arch_source.empty() ? "" : "(from " + origin.arch_source + ")"});
  if (!origin.cpu_features_known && !origin.cpu_features_from_clues &&
      !UndecodedVectorVariable(facts.library.cpu_info).empty()) {
    rows.push_back(
        {"features", "not decoded (the CPUINFO line's " +
                         UndecodedVectorVariable(facts.library.cpu_info) + " vector" +
                         (UndecodedVectorAes(facts.library.cpu_info).empty()
                              ? std::string(")")
                              : "; AES: " + UndecodedVectorAes(facts.library.cpu_info) + ")")});
  } else if (!origin.cpu_features_known && !origin.cpu_features_from_clues) {
    rows.push_back({"features", OpensslAdvice(facts) && !KernelTool(origin)
                                    ? "not in the text (no CPUINFO capability vector)"
                                    : "not in the text (no CPU flags line)"});
  }
  // What the paste's other lines show (uname, flags, models, -march=), each with its clue.
  for (const CpuClue& clue : origin.cpu_clues.clues) {
    rows.push_back({"clue", clue.conclusion, false, "(from " + clue.clue + ")"});
  }
  return rows;
}

std::string ReportFeaturesIntro(const DoctorFacts& facts) {
  if (facts.report->cpu_features_from_clues) {
    return "features (from the CPU lines of the text, each named as a clue above; no CPUINFO "
           "capability vector)";
  }
  const std::string variable = facts.library.cpu_info.find("OPENSSL_armcap") != std::string::npos
                                   ? "OPENSSL_armcap"
                                   : "OPENSSL_ia32cap";
  return fmt::format(
      "features ({} bits of the CPUINFO line: set = the library found the feature usable; "
      "clear = absent, disabled by the OS, or masked)",
      variable);
}

std::string ReportFeatureText(const DoctorFacts& facts, const cpu::FeatureState& feature) {
  if (facts.report->cpu_features_from_clues) {
    return feature.supported ? "present" : "absent";
  }
  if (feature.supported) {
    return "set";
  }
  const bool masked = std::find(facts.env_masked_features.begin(), facts.env_masked_features.end(),
                                feature.name) != facts.env_masked_features.end();
  const bool unknown = std::find(facts.env_cleared_unknown.begin(), facts.env_cleared_unknown.end(),
                                 feature.name) != facts.env_cleared_unknown.end();
  const bool absent = std::find(facts.env_cleared_absent.begin(), facts.env_cleared_absent.end(),
                                feature.name) != facts.env_cleared_absent.end();
  return masked    ? "clear (env: masks it)"
         : unknown ? "clear (env: clears it; CPU: not in the text)"
         : absent  ? "clear (env: clears it; CPU: lacks it)"
                   : "clear";
}

std::vector<FactRow> ReportClockRows(const DoctorReport& report) {
  const ReportOrigin& origin = *report.facts.report;
  const std::string low = report::FormatHz(report.core_hz_low);
  const std::string high = report::FormatHz(report.core_hz_high);
  return {
      // One clock, not a range: the text states it (a microcontroller SDK's banner).
      {"core clock", low == high ? low + " (stated in the text)" : "not in the text"},
      {"cpb computed at", low == high ? low : low + " to " + high, false,
       "(" + origin.clock_source + ")"},
  };
}

std::vector<FactRow> ReportSourceRows(const ReportOrigin& origin) {
  std::vector<FactRow> rows;
  rows.push_back({"file", origin.file.empty() ? "unnamed" : origin.file, true});
  rows.push_back(
      {"tool", ToolText(origin), false,
       origin.kind == "imported" ? "(figures imported from its output)" : "(a cryptobench run)"});
  rows.push_back({"timing basis", TimingBasisText(origin.timing_basis)});
  if (!origin.engine_or_provider.empty()) {
    rows.push_back({"engine/provider", origin.engine_or_provider});
  }
  if (origin.processes > 1) {
    rows.push_back({"processes", std::to_string(origin.processes), false,
                    "(figures are their sum; verdicts use one process's figure)"});
  }
  // Only openssl speed has the two APIs (LibreSSL's included); other tools time their own.
  if (origin.evp != "evp" && origin.tool.find("openssl speed") != std::string::npos) {
    rows.push_back({"API", origin.evp == "legacy" ? "OpenSSL 1.x low-level API (not EVP)"
                                                  : "EVP and the low-level API, or unknown"});
  }
  return rows;
}

nlohmann::ordered_json ReportOriginToJson(const ReportOrigin& origin) {
  nlohmann::ordered_json j;
  j["file"] = origin.file;
  j["kind"] = origin.kind;
  j["tool"] = origin.tool;
  j["tool_version"] = origin.tool_version;
  j["timing_basis"] = origin.timing_basis;
  j["evp"] = origin.evp;
  j["engine_or_provider"] = origin.engine_or_provider;
  j["processes"] = origin.processes;
  j["caveats"] = origin.caveats;
  j["arch_source"] = origin.arch_source;
  if (!origin.version_source.empty()) {
    j["version_source"] = origin.version_source;  // written only when the version was inferred
  }
  j["cpu_features_known"] = origin.cpu_features_known;
  j["cpu_features_from_clues"] = origin.cpu_features_from_clues;
  nlohmann::ordered_json clues = nlohmann::ordered_json::array();
  for (const CpuClue& clue : origin.cpu_clues.clues) {
    clues.push_back(
        {{"conclusion", clue.conclusion}, {"clue", clue.clue}, {"source", clue.source}});
  }
  j["cpu_clues"] = std::move(clues);
  j["clock_source"] = origin.clock_source;
  j["cannot_know"] = origin.cannot_know;
  j["not_examined"] = origin.not_examined;
  return j;
}

}  // namespace cryptobench::diagnose::doctor_internal
