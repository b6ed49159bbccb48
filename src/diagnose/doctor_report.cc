// The doctor report's JSON form (docs/doctor-json.md) and the wording shared by all renderers.
// Text is in doctor_report_text.cc, Markdown in doctor_report_markdown.cc.
#include "diagnose/doctor_report.h"

#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/format_util.h"
#include "results/cpuinfo_vectors.h"
#include "results/json.h"

#include "diagnose/doctor_report_internal.h"
#include "diagnose/library_advice.h"

namespace cryptobench::diagnose {
namespace doctor_internal {
namespace {

// OpenSSL_version_num() of 3.0.0 (0x30000000, MNNFFPPS layout of include/openssl/opensslv.h).
constexpr uint64_t kOpenssl3VersionNum = 0x30000000;

std::string JoinedOr(const std::vector<std::string>& items, const std::string& separator,
                     const std::string& if_empty) {
  if (items.empty()) {
    return if_empty;
  }
  std::string out;
  for (const std::string& item : items) {
    out += (out.empty() ? "" : separator) + item;
  }
  return out;
}

// "; clears AES, PMULL" for a report's env value: the masked bits, then those the text does
// not show the CPU has (DoctorFacts::env_cleared_unknown), which may change nothing. Bits the
// text shows the CPU lacks (env_cleared_absent) change nothing and are not named.
std::string ClearedBits(const DoctorFacts& facts) {
  const std::vector<std::string>& unknown = facts.env_cleared_unknown;
  // Bits the text shows the CPU lacks change nothing, but the features table lists them as
  // cleared ("clear (env: clears it; CPU: lacks it)"), so this line names them too.
  const std::vector<std::string>& absent = facts.env_cleared_absent;
  const std::string absent_text =
      absent.empty()
          ? ""
          : fmt::format(
                "{}{}, which the text shows the CPU lacks (no change)",
                facts.env_masked_features.empty() && unknown.empty() ? "; clears only " : "; also ",
                JoinedOr(absent, ", ", ""));
  if (unknown.empty()) {
    if (facts.env_masked_features.empty() && !absent.empty()) {
      return absent_text;
    }
    return "; clears " + JoinedOr(facts.env_masked_features, ", ", "no known bit") + absent_text;
  }
  return fmt::format(
      "; clears {}{}, which the text does not show the CPU has (cannot tell whether {} "
      "anything){}",
      facts.env_masked_features.empty() ? ""
                                        : JoinedOr(facts.env_masked_features, ", ", "") + "; also ",
      JoinedOr(unknown, ", ", ""), unknown.size() == 1 ? "that changes" : "those change",
      absent_text);
}

std::string HzRangeText(double low, double high) {
  if (low <= 0 && high <= 0) {
    return "unknown";
  }
  const std::string low_text = report::FormatHz(low);
  const std::string high_text = report::FormatHz(high);
  return low_text == high_text ? low_text : low_text + " to " + high_text;
}

// "add chain 2.50 GHz, imul chain 2.49 GHz (3 cycles a link): agree within 0.4%".
std::string CoreClockProbesText(const cpu::CoreClock& core) {
  std::string text;
  for (const cpu::ChainProbe& probe : core.probes) {
    if (!text.empty()) {
      text += ", ";
    }
    text += fmt::format("{} chain {}", probe.name,
                        probe.Hz() > 0 ? report::FormatHz(probe.Hz()) : "not timed");
    if (probe.latency_cycles != 1) {
      text += fmt::format(" ({} cycles a link)", probe.latency_cycles);
    }
  }
  if (core.disagreement) {
    const bool agree = *core.disagreement <= cpu::kProbeAgreementTolerance;
    text +=
        fmt::format(": {} {:.1f}%", agree ? "agree within" : "differ by", *core.disagreement * 100);
  }
  return text;
}

std::string Plural(size_t count, const std::string& singular, const std::string& plural) {
  return fmt::format("{} {}", count, count == 1 ? singular : plural);
}

}  // namespace

const char* VerdictStatusKey(VerdictStatus status) {
  switch (status) {
    case VerdictStatus::kAccelerated:
      return "accelerated";
    case VerdictStatus::kNotAccelerated:
      return "not_accelerated";
    case VerdictStatus::kMasked:
      return "masked";
    case VerdictStatus::kSoftwareExpected:
      return "software_expected";
    case VerdictStatus::kNoHardwarePath:
      return "no_hardware_path";
    case VerdictStatus::kUndetermined:
      return "undetermined";
    case VerdictStatus::kOffloaded:
      return "offloaded";
  }
  return "undetermined";
}

std::string FeatureStateText(const cpu::FeatureState& feature) {
  if (!feature.supported) {
    return "no";
  }
  return feature.os_enabled ? "yes" : "yes (disabled by the OS)";
}

std::vector<FactRow> CpuFactRows(const cpu::CpuFeatures& cpu) {
  std::vector<FactRow> rows = {
      {"vendor", cpu.vendor.empty() ? "unknown" : cpu.vendor},
      {"model", cpu.brand.empty() ? "unknown" : cpu.brand},
  };
  if (cpu.arch == "x86_64") {
    // Hex as in the vendors' documents ("Family 19h"), decimal as in /proc/cpuinfo.
    rows.push_back({"family/model",
                    fmt::format("family 0x{:x}, model 0x{:x}, stepping {} ({}/{} in /proc/cpuinfo)",
                                cpu.family, cpu.model, cpu.stepping, cpu.family, cpu.model)});
  }
  rows.push_back({"architecture", cpu.arch.empty() ? "unknown" : cpu.arch});
  if (cpu.arch == "x86_64") {
    rows.push_back(
        {"XCR0", fmt::format("0x{:x}", cpu.xcr0), true, "(register state the OS saves)"});
  }
  return rows;
}

std::vector<FactRow> ClockFactRows(const DoctorReport& report) {
  const cpu::ClockFacts& clock = report.facts.clock;
  const bool x86 = report.facts.cpu.arch == "x86_64";
  std::vector<FactRow> rows;
  const std::string counter = x86 ? "TSC rate" : "tick counter rate";
  if (clock.tsc_hz > 0) {
    rows.push_back(
        {counter, report::FormatHz(clock.tsc_hz), false, "(a constant rate, not the core clock)"});
  } else {
    rows.push_back({counter, "unknown"});
  }
  const cpu::CoreClock& core = clock.core_clock;
  if (clock.core_hz > 0) {
    rows.push_back({"core clock", report::FormatHz(clock.core_hz), false,
                    fmt::format("(effective, from {})", cpu::CoreClockSourceName(core.source))});
  } else {
    rows.push_back({"core clock", "not trusted", false,
                    core.rejected.empty() ? std::string() : "(" + core.rejected + ")"});
  }
  if (!core.probes.empty()) {
    rows.push_back({"clock probes", CoreClockProbesText(core)});
  }
  if (core.perf_hz) {
    rows.push_back({"cycle counter", report::FormatHz(*core.perf_hz), false,
                    "(perf_event cycles per second of CPU time)"});
  } else if (!core.perf_unavailable.empty()) {
    rows.push_back({"cycle counter", "none", false, "(" + core.perf_unavailable + ")"});
  }
  for (const std::string& note : core.notes) {
    rows.push_back({"clock note", note});
  }
  if (clock.hybrid) {
    rows.push_back({"core types", clock.pinned_cpu
                                      ? fmt::format("hybrid; pinned to CPU {}", *clock.pinned_cpu)
                                      : "hybrid; not pinned (" + clock.pinning_failed + ")"});
  }
  if (!report.facts.emulation.empty()) {
    rows.push_back({"cpb computed at", "none (emulated: cycles per byte mean nothing)"});
  } else {
    rows.push_back(
        {"cpb computed at", HzRangeText(report.core_hz_low, report.core_hz_high), false,
         report.cpb_clock_basis.empty() ? std::string() : "(" + report.cpb_clock_basis + ")"});
  }
  rows.push_back({"governor", clock.governor.empty() ? "not exposed" : clock.governor});
  rows.push_back(
      {"turbo", clock.turbo_enabled ? (*clock.turbo_enabled ? "on" : "off") : "not exposed"});
  rows.push_back({"max frequency", clock.max_hz ? report::FormatHz(*clock.max_hz) : "not exposed"});
  rows.push_back({"hypervisor", report.facts.cpu.hypervisor ? "yes (a virtual machine)" : "no"});
  rows.push_back({"load average", clock.load_average_1min >= 0
                                      ? fmt::format("{:.2f} (1 min)", clock.load_average_1min)
                                      : "unknown"});
  rows.push_back({"steal", clock.steal_fraction
                               ? fmt::format("{:.1f}% of CPU time", *clock.steal_fraction * 100)
                               : "not measured"});
  rows.push_back(
      {"online CPUs", clock.online_cpus > 0 ? std::to_string(clock.online_cpus) : "unknown"});
  return rows;
}

std::vector<FactRow> LibraryFactRows(const DoctorFacts& facts) {
  const results::LibraryInfo& library = facts.library;
  std::vector<FactRow> rows;
  const std::string version_source = facts.report ? facts.report->version_source : "";
  rows.push_back({"version", library.version.empty() ? "unknown" : library.version, false,
                  version_source.empty() || library.version.empty()
                      ? std::string()
                      : "(from " + version_source + ")"});
  if (!facts.report || !library.loaded_path.empty()) {
    rows.push_back(library.loaded_path.empty() ? FactRow{"path", "unknown"}
                                               : FactRow{"path", library.loaded_path, true});
  }
  if (!library.requested_path.empty() && library.requested_path != library.loaded_path) {
    rows.push_back({"requested", library.requested_path, true});
  }
  if (!library.platform.empty()) {
    rows.push_back({"platform", report::StripPrefix(library.platform, "platform: ")});
  }
  if (!library.built_on.empty()) {
    rows.push_back({"built on", report::StripPrefix(library.built_on, "built on: ")});
  }
  if (!library.cflags.empty()) {
    rows.push_back({"build flags", report::StripPrefix(library.cflags, "compiler: "), true});
  }
  // N/A proves a no-asm build only where assembly builds print a vector (CpuinfoNaMeansNoAsm).
  rows.push_back({"capability vector",
                  library.capability_vector != "N/A" || facts.no_asm_build
                      ? report::CapabilityText(library)
                      : fmt::format("N/A (a build without assembly on {}; {})",
                                    results::CpuinfoNaNoAsmFamilies(),
                                    results::CpuinfoNaSaysNothingOn(facts.cpu.arch)),
                  true});
  if (const std::string settings = LibraryBuildSettingsText(facts); !settings.empty()) {
    // A wolfSSL or mbedTLS paste: no OPENSSL_ia32cap and no -D*_ASM line to speak of.
    rows.push_back({"build settings", settings});
    return rows;
  }
  const std::string variable = CapabilityVariable(facts);
  if (!facts.detected_capability_vector.empty() &&
      facts.detected_capability_vector != library.capability_vector) {
    rows.push_back({"detected vector", facts.detected_capability_vector, true,
                    fmt::format("(without {})", variable)});
  }
  if (facts.report) {
    const bool measured = facts.report->kind == "measured";  // a cryptobench run, not a paste
    if (facts.env_ia32cap) {
      rows.push_back({variable, *facts.env_ia32cap, true,
                      std::string(measured ? "(set for the run's workers)"
                                  : library.cpu_info.find("env:") != std::string::npos
                                      ? "(the env: part of the CPUINFO line)"
                                      : "(set on the pasted command or by an export before it)") +
                          ClearedBits(facts)});
    } else if (measured) {
      rows.push_back({variable, "not set (the run records no such variable)"});
    } else {
      rows.push_back({variable, library.cpu_info.empty() || library.capability_vector == "N/A"
                                    ? "unknown (no CPUINFO vector)"
                                    : "not set (the CPUINFO line has no env: part)"});
    }
  } else if (facts.env_ia32cap) {
    rows.push_back({variable, *facts.env_ia32cap, true,
                    "in the environment; clears " +
                        JoinedOr(facts.env_masked_features, ", ", "no known bit")});
  } else {
    rows.push_back({variable, "not set"});
  }
  std::string defines;
  if (!facts.asm_defines.empty()) {
    defines = JoinedOr(facts.asm_defines, " ", "");
  } else if (library.version_num >= kOpenssl3VersionNum) {
    defines = "not printed by 3.x builds; absence proves nothing";
  } else {
    defines = library.cflags.empty() ? "unknown (no compiler line)"
              : library.version_num == 0
                  ? "none on the compiler line; the release is unknown, and 3.x builds print none"
                  : "none";
  }
  rows.push_back({"-D*_ASM defines", defines, !facts.asm_defines.empty()});
  if (facts.no_asm_build) {
    rows.push_back(
        {"assembly", fmt::format("none: built without assembly ({})",
                                 facts.no_asm_evidence.empty() ? "no-asm; CPUINFO says N/A"
                                                               : facts.no_asm_evidence)});
  }
  return rows;
}

std::string CpbRangeText(double cpb_low, double cpb_high) {
  if (cpb_low <= 0 && cpb_high <= 0) {
    return "n/a";
  }
  const std::string low = report::FormatCost(cpb_low);
  const std::string high = report::FormatCost(cpb_high);
  return low == high ? low : low + "-" + high;
}

std::string CpbText(double cpb_low, double cpb_high) {
  const std::string range = CpbRangeText(cpb_low, cpb_high);
  return range == "n/a" ? "cpb n/a" : range + " cpb";
}

std::string MeasuredCellText(const Verdict& verdict) {
  // Size 0 with a cpb range is a throughput whose size the report does not give; without one,
  // a per-call figure (a public-key operation, an AEAD's key setup).
  return fmt::format("{}, {} per operation", verdict.operation.empty() ? "?" : verdict.operation,
                     verdict.cpb_low > 0 ? report::FormatThroughputSize(verdict.input_len)
                                         : report::FormatSize(verdict.input_len));
}

bool IsPublicKeyVerdict(const Verdict& verdict) {
  return verdict.operation == "sign" || verdict.operation == "verify" ||
         verdict.operation == "derive";
}

std::string_view RateColumn(const Verdict& verdict) {
  return IsPublicKeyVerdict(verdict) ? "ops/s" : "MB/s";
}

std::string MeasurementRateText(const Measurement& measurement, bool per_operation) {
  if (measurement.status != results::CellStatus::kOk) {
    std::string text = report::StatusLabel(measurement.status);
    return measurement.message.empty() ? text : text + ": " + measurement.message;
  }
  if (per_operation) {
    const double value = measurement.bytes_per_s;
    const std::string rate =
        value >= 100 ? fmt::format("{:.0f}", value) : fmt::format("{:.1f}", value);
    if ((measurement.ci_low == 0 && measurement.ci_high == 0) || !(value > 0)) {
      return rate;
    }
    return fmt::format("{} ±{:.1f}%", rate,
                       100 * (measurement.ci_high - measurement.ci_low) / 2 / value);
  }
  if (measurement.ci_low == 0 && measurement.ci_high == 0) {
    return report::FormatMbPerS(measurement.bytes_per_s);  // a single figure: no CI to show
  }
  return report::FormatRateWithCi(
      {measurement.bytes_per_s / 1e6, measurement.ci_low / 1e6, measurement.ci_high / 1e6});
}

std::optional<double> SlowdownVsFirst(const Verdict& verdict, size_t index) {
  if (index == 0 || index >= verdict.measurements.size()) {
    return std::nullopt;
  }
  const Measurement& first = verdict.measurements.front();
  const Measurement& self = verdict.measurements[index];
  if (first.status != results::CellStatus::kOk || self.status != results::CellStatus::kOk ||
      !(first.bytes_per_s > 0) || !(self.bytes_per_s > 0)) {
    return std::nullopt;
  }
  const double ratio = first.bytes_per_s / self.bytes_per_s;
  return std::isfinite(ratio) ? std::optional<double>(ratio) : std::nullopt;
}

std::string LineWithoutPrefix(const Verdict& verdict) {
  const std::string prefix =
      fmt::format("{}: {}: ", VerdictSubject(verdict), VerdictStatusName(verdict.status));
  return verdict.line.rfind(prefix, 0) == 0 ? verdict.line.substr(prefix.size()) : verdict.line;
}

std::string VerdictLineWithStatus(const Verdict& verdict) {
  const std::string status = VerdictStatusName(verdict.status);
  if (verdict.line.empty()) {
    return fmt::format("{}: {}", VerdictSubject(verdict), status);
  }
  if (verdict.line.find(status) != std::string::npos) {
    return verdict.line;
  }
  return fmt::format("[{}] {}", status, verdict.line);
}

std::string SummaryText(const DoctorReport& report) {
  size_t accelerated = 0;
  size_t problems = 0;
  size_t undetermined = 0;
  size_t offloaded = 0;
  for (const Verdict& verdict : report.verdicts) {
    accelerated += verdict.status == VerdictStatus::kAccelerated ? 1 : 0;
    problems += IsProblem(verdict.status) ? 1 : 0;
    undetermined += verdict.status == VerdictStatus::kUndetermined ? 1 : 0;
    offloaded += verdict.status == VerdictStatus::kOffloaded ? 1 : 0;
  }
  size_t error_findings = 0;
  for (const Finding& finding : report.findings) {
    error_findings += finding.severity == Severity::kError ? 1 : 0;
  }
  std::string text =
      fmt::format("{}: {} accelerated, {}",
                  Plural(report.verdicts.size(), "algorithm examined", "algorithms examined"),
                  accelerated, Plural(problems, "problem", "problems"));
  if (error_findings > 0) {
    text += ", " + Plural(error_findings, "error finding", "error findings");
  }
  // An undetermined verdict is no problem (exit status 0) but no pass either: say how many, so
  // that "0 problems" does not read as a clean bill (new-user tryout 19, item 3).
  if (undetermined > 0) {
    text += fmt::format(", {} undetermined (cannot tell)", undetermined);
  }
  if (offloaded > 0) {
    text += fmt::format(", {} offloaded (not the CPU's code)", offloaded);
  }
  return text + fmt::format("; exit status {}", report.ExitStatus());
}

using nlohmann::ordered_json;

nlohmann::ordered_json CpuToJson(const cpu::CpuFeatures& cpu) {
  ordered_json j;
  j["arch"] = cpu.arch;
  j["vendor"] = cpu.vendor;
  j["brand"] = cpu.brand;
  j["family"] = cpu.family;
  j["model"] = cpu.model;
  j["stepping"] = cpu.stepping;
  j["hypervisor"] = cpu.hypervisor;
  j["xcr0"] = cpu.xcr0;
  ordered_json features = ordered_json::array();
  for (const cpu::FeatureState& feature : cpu.features) {
    ordered_json f;
    f["name"] = feature.name;
    f["supported"] = feature.supported;
    f["os_enabled"] = feature.os_enabled;
    features.push_back(std::move(f));
  }
  j["features"] = std::move(features);
  return j;
}

nlohmann::ordered_json CoreClockToJson(const cpu::CoreClock& core) {
  ordered_json j;
  j["source"] = cpu::CoreClockSourceName(core.source);
  j["hz"] = core.hz;
  j["rejected"] = core.rejected;
  j["perf_hz"] = core.perf_hz ? ordered_json(*core.perf_hz) : nullptr;
  j["perf_unavailable"] = core.perf_unavailable;
  ordered_json probes = ordered_json::array();
  for (const cpu::ChainProbe& probe : core.probes) {
    ordered_json p;
    p["name"] = probe.name;
    p["instruction"] = probe.instruction;
    p["latency_cycles"] = probe.latency_cycles;
    p["links_per_s"] = probe.links_per_s;
    p["hz"] = probe.Hz();
    probes.push_back(std::move(p));
  }
  j["probes"] = std::move(probes);
  j["disagreement"] = core.disagreement ? ordered_json(*core.disagreement) : nullptr;
  j["notes"] = core.notes;
  return j;
}

nlohmann::ordered_json ClockToJson(const cpu::ClockFacts& clock) {
  ordered_json j;
  j["tsc_hz"] = clock.tsc_hz;
  j["core_hz"] = clock.core_hz;
  j["core_clock"] = CoreClockToJson(clock.core_clock);
  j["hybrid"] = clock.hybrid;
  j["pinned_cpu"] = clock.pinned_cpu ? ordered_json(*clock.pinned_cpu) : nullptr;
  j["governor"] = clock.governor;
  j["scaling_driver"] = clock.scaling_driver;
  j["turbo_enabled"] = clock.turbo_enabled ? ordered_json(*clock.turbo_enabled) : nullptr;
  j["max_hz"] = clock.max_hz ? ordered_json(*clock.max_hz) : nullptr;
  j["min_hz"] = clock.min_hz ? ordered_json(*clock.min_hz) : nullptr;
  j["load_average_1min"] = clock.load_average_1min;
  j["steal_fraction"] = clock.steal_fraction ? ordered_json(*clock.steal_fraction) : nullptr;
  j["online_cpus"] = clock.online_cpus;
  return j;
}

}  // namespace doctor_internal

namespace {

using doctor_internal::ClockToJson;
using doctor_internal::CpuToJson;
using nlohmann::ordered_json;

ordered_json FactsToJson(const DoctorFacts& facts) {
  ordered_json j;
  j["cpu"] = CpuToJson(facts.cpu);
  j["clock"] = ClockToJson(facts.clock);
  // The speed document's "library" object (docs/json-schema.md), keys in alphabetical order.
  j["library"] = ordered_json(results::LibraryToJson(facts.library));
  j["env_ia32cap"] = facts.env_ia32cap ? ordered_json(*facts.env_ia32cap) : nullptr;
  j["env_masked_features"] = facts.env_masked_features;
  j["detected_capability_vector"] = facts.detected_capability_vector;
  if (!facts.emulation.empty()) {
    j["emulated"] = true;
    j["emulation"] = facts.emulation;
  }
  ordered_json modules = ordered_json::array();
  for (const AsmModule& module : facts.asm_modules) {
    ordered_json m;
    m["module"] = std::string(module.module);
    m["primitive"] = std::string(module.primitive);
    m["id_string"] = module.id_string;
    modules.push_back(std::move(m));
  }
  j["asm_modules"] = std::move(modules);
  j["asm_defines"] = facts.asm_defines;
  j["no_asm_build"] = facts.no_asm_build;
  return j;
}

ordered_json FindingToJson(const Finding& finding) {
  ordered_json j;
  j["id"] = finding.id;
  j["severity"] = SeverityName(finding.severity);
  j["summary"] = finding.summary;
  j["evidence"] = finding.evidence;
  j["advice"] = finding.advice;
  return j;
}

ordered_json MeasurementToJson(const Measurement& measurement) {
  ordered_json j;
  j["label"] = measurement.label;
  j["masked_features"] = measurement.masked_features;
  j["ia32cap"] = measurement.ia32cap;
  j["status"] = results::CellStatusName(measurement.status);
  j["message"] = measurement.message;
  j["bytes_per_s"] = measurement.bytes_per_s;
  j["ci_low"] = measurement.ci_low;
  j["ci_high"] = measurement.ci_high;
  return j;
}

ordered_json VerdictToJson(const Verdict& verdict) {
  ordered_json j;
  j["algorithm"] = verdict.algorithm;
  if (!verdict.implementation.empty()) {
    j["implementation"] = verdict.implementation;  // only where the report names one
  }
  j["operation"] = verdict.operation;
  j["input_len"] = verdict.input_len;
  j["status"] = doctor_internal::VerdictStatusKey(verdict.status);
  j["line"] = verdict.line;
  j["evidence"] = verdict.evidence;
  j["advice"] = verdict.advice;
  j["cpb_low"] = verdict.cpb_low;
  j["cpb_high"] = verdict.cpb_high;
  j["fingerprint"] = verdict.fingerprint;
  ordered_json measurements = ordered_json::array();
  for (const Measurement& measurement : verdict.measurements) {
    measurements.push_back(MeasurementToJson(measurement));
  }
  j["measurements"] = std::move(measurements);
  return j;
}

}  // namespace

nlohmann::ordered_json DoctorToJson(const DoctorReport& report) {
  ordered_json j;
  j["schema_version"] = 1;
  j["kind"] = "doctor";
  j["created_utc"] = report.created_utc;
  j["tool_version"] = report.tool_version;
  if (report.facts.report) {
    j["from_report"] = doctor_internal::ReportOriginToJson(*report.facts.report);
  }
  j["facts"] = FactsToJson(report.facts);
  j["core_hz_low"] = report.core_hz_low;
  j["core_hz_high"] = report.core_hz_high;
  j["cpb_clock_basis"] =
      report.facts.report ? report.facts.report->clock_source : report.cpb_clock_basis;
  ordered_json findings = ordered_json::array();
  for (const Finding& finding : report.findings) {
    findings.push_back(FindingToJson(finding));
  }
  j["findings"] = std::move(findings);
  ordered_json verdicts = ordered_json::array();
  for (const Verdict& verdict : report.verdicts) {
    verdicts.push_back(VerdictToJson(verdict));
  }
  j["verdicts"] = std::move(verdicts);
  if (!report.interrupted_by.empty()) {
    j["partial"] = true;  // only when partial: complete reports are as they always were
    j["interrupted_by"] = report.interrupted_by;
  }
  j["exit_status"] = report.ExitStatus();
  return j;
}

void RenderDoctorJson(const DoctorReport& report, std::ostream& out) {
  // Strings from the library file (ID strings, version text) need not be UTF-8: replace bad
  // bytes with U+FFFD rather than throw.
  out << DoctorToJson(report).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
      << '\n';
}

}  // namespace cryptobench::diagnose
