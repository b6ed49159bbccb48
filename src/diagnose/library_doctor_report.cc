// Renderers of a library doctor report (library_doctor.h): text, Markdown and JSON. The verdict
// lines come first (the answer), then the library's mask switch, the evidence per algorithm and
// the machine facts, worded as the OpenSSL doctor words them (doctor_report_internal.h).
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "results/json.h"

#include "diagnose/doctor_report_internal.h"
#include "diagnose/library_doctor.h"
#include "diagnose/verdict_text.h"

namespace cryptobench::diagnose {
namespace {

using doctor_internal::WriteFactRows;
using doctor_internal::WriteWrapped;
using nlohmann::ordered_json;

std::string LibraryText(const LibraryDoctorReport& report) {
  const results::LibraryInfo& library = report.library;
  std::string text = library.version.empty() ? "version unknown" : library.version;
  if (!library.loaded_path.empty()) {
    text += " (" + library.loaded_path + ")";
  }
  return text;
}

// "6 algorithms examined: 4 accelerated, 1 problem; exit status 1".
std::string Summary(const LibraryDoctorReport& report) {
  size_t accelerated = 0;
  size_t problems = 0;
  for (const LibraryVerdict& v : report.verdicts) {
    accelerated += v.status == VerdictStatus::kAccelerated ? 1 : 0;
    problems += IsProblem(v.status) ? 1 : 0;
  }
  return fmt::format("{}: {} algorithm{} examined: {} accelerated, {} problem{}; exit status {}",
                     report.backend, report.verdicts.size(), report.verdicts.size() == 1 ? "" : "s",
                     accelerated, problems, problems == 1 ? "" : "s", report.ExitStatus());
}

// A DoctorReport holding only the machine facts, for the shared CPU and clock sections.
DoctorReport MachineOnly(const LibraryDoctorReport& report) {
  DoctorReport shell;
  shell.facts.cpu = report.cpu;
  shell.facts.clock = report.clock;
  shell.core_hz_low = report.core_hz_low;
  shell.core_hz_high = report.core_hz_high;
  shell.cpb_clock_basis = report.cpb_clock_basis;
  return shell;
}

std::string MaskHeadline(const LibraryDoctorReport& report) {
  if (report.mask_variable.empty()) {
    // The registry's notes for such libraries start with "none" already.
    const bool says_none = report.mask_note.rfind("none", 0) == 0;
    return (says_none ? "" : "none: ") + report.mask_note +
           ". Verdicts rest on the cycles-per-byte fingerprint and what the library reports.";
  }
  return report.mask_variable + ": " + report.mask_note;
}

// doctor --backend afalg: the kernel against user-space OpenSSL, one block per algorithm.
void WriteKernelVersusUserText(const LibraryDoctorReport& report, std::ostream& out) {
  if (report.kernel_versus_user.empty() && report.kernel_versus_user_note.empty()) {
    return;
  }
  out << "\nKernel against user space (wall-clock throughput, MB = 10^6 bytes; median)\n";
  if (!report.kernel_versus_user_note.empty()) {
    WriteWrapped(out, report.kernel_versus_user_note, "  ", "    ");
  }
  for (const KernelVersusUserSpace& c : report.kernel_versus_user) {
    WriteWrapped(out, c.line, "  ", "      ");
    if (c.points.empty()) {
      continue;
    }
    out << fmt::format("    {:>8}  {:>12}  {:>12}  {:>8}\n", "bytes", "kernel MB/s",
                       c.user_space.substr(0, c.user_space.find(' ')) + " MB/s", "ratio");
    for (const KernelVersusUserPoint& p : c.points) {
      out << fmt::format("    {:>8}  {:>12.1f}  {:>12.1f}  {:>7.2f}x\n", p.input_len,
                         p.kernel_bytes_per_s / 1e6, p.user_bytes_per_s / 1e6,
                         p.kernel_bytes_per_s / p.user_bytes_per_s);
    }
  }
}

ordered_json KernelVersusUserToJson(const LibraryDoctorReport& report) {
  ordered_json list = ordered_json::array();
  for (const KernelVersusUserSpace& c : report.kernel_versus_user) {
    ordered_json points = ordered_json::array();
    for (const KernelVersusUserPoint& p : c.points) {
      points.push_back({{"input_len", p.input_len},
                        {"kernel_bytes_per_s", p.kernel_bytes_per_s},
                        {"kernel_ci_low", p.kernel_ci_low},
                        {"kernel_ci_high", p.kernel_ci_high},
                        {"user_bytes_per_s", p.user_bytes_per_s},
                        {"user_ci_low", p.user_ci_low},
                        {"user_ci_high", p.user_ci_high}});
    }
    list.push_back({{"algorithm", c.algorithm},
                    {"operation", c.operation},
                    {"kernel_driver", c.kernel_driver},
                    {"user_space", c.user_space},
                    {"request_cost_us", c.request_cost_us},
                    {"crossover", c.crossover},
                    {"line", c.line},
                    {"points", std::move(points)}});
  }
  return list;
}

}  // namespace

void RenderLibraryDoctorText(const LibraryDoctorReport& report, std::ostream& out) {
  out << fmt::format("cryptobench {} doctor --backend {}{}\n", report.tool_version, report.backend,
                     report.created_utc.empty() ? "" : ", " + report.created_utc);
  WriteWrapped(out, LibraryText(report), "Library: " + report.backend + " ", "  ");
  out << "\nVerdicts\n";
  for (const LibraryVerdict& v : report.verdicts) {
    WriteWrapped(out, v.line, "  ", "      ");
    if (!v.advice.empty()) {
      WriteWrapped(out, v.advice, "    Do: ", "        ");
    }
  }
  if (report.verdicts.empty()) {
    out << "  (no algorithm examined)\n";
  }
  if (!report.not_offered.empty()) {
    WriteWrapped(out, verdict_internal::Join(report.not_offered),
                 "  Not offered by " + report.backend + ": ", "      ");
  }
  WriteKernelVersusUserText(report, out);
  out << "\nCPU mask switch\n";
  WriteWrapped(out, MaskHeadline(report), "  ", "    ");
  if (!report.env_masks.empty()) {
    WriteWrapped(
        out,
        fmt::format("set in doctor's environment: {}; the as-is and masked runs leave that setting "
                    "out, one more run keeps it",
                    FormatMaskEnv(report.env_masks)),
        "  ", "    ");
  }
  for (const LibraryMask& mask : report.masks) {
    WriteWrapped(out, fmt::format("{} ({}): {}", mask.label, mask.detail, FormatMaskEnv(mask.env)),
                 "  - ", "    ");
  }
  if (!report.verdicts.empty()) {
    out << "\nEvidence (MB = 10^6 bytes; median with its 95% CI; slowdown = as is / masked)\n";
  }
  for (const LibraryVerdict& v : report.verdicts) {
    out << fmt::format("  {}, {}, {} bytes per operation\n", v.algorithm, v.operation, v.input_len);
    for (const std::string& fact : v.evidence) {
      WriteWrapped(out, fact, "    - ", "      ");
    }
  }
  const DoctorReport machine = MachineOnly(report);
  doctor_internal::WriteCpuText(machine, out);
  out << "\nClock and load\n";
  WriteFactRows(doctor_internal::ClockFactRows(machine), out);
  out << '\n' << Summary(report) << '\n';
}

void RenderLibraryDoctorMarkdown(const LibraryDoctorReport& report, std::ostream& out) {
  out << fmt::format("## cryptobench doctor --backend {}\n\n", report.backend);
  out << fmt::format("Library: {} {}", report.backend, LibraryText(report));
  if (!report.created_utc.empty()) {
    out << fmt::format(", {}, cryptobench {}", report.created_utc, report.tool_version);
  }
  out << "\n\n| algorithm | verdict | detail |\n|---|---|---|\n";
  for (const LibraryVerdict& v : report.verdicts) {
    std::string detail = v.line;
    const std::string prefix = fmt::format("{}: {}: ", v.algorithm, VerdictStatusName(v.status));
    if (detail.rfind(prefix, 0) == 0) {
      detail = detail.substr(prefix.size());
    }
    out << fmt::format("| {} | {} | {} |\n", v.algorithm, VerdictStatusName(v.status), detail);
  }
  if (!report.not_offered.empty()) {
    out << fmt::format("\nNot offered by {}: {}.\n", report.backend,
                       verdict_internal::Join(report.not_offered));
  }
  if (!report.kernel_versus_user_note.empty()) {
    out << "\n**Kernel against user space:** " << report.kernel_versus_user_note << "\n";
  }
  if (!report.kernel_versus_user.empty()) {
    out << "\n**Kernel against user space** (wall-clock throughput, MB/s, median)\n\n";
    for (const KernelVersusUserSpace& c : report.kernel_versus_user) {
      out << "- " << c.line << "\n";
    }
    out << "\n| algorithm | bytes | kernel MB/s | user space MB/s | kernel / user space |\n"
           "|---|---:|---:|---:|---:|\n";
    for (const KernelVersusUserSpace& c : report.kernel_versus_user) {
      for (const KernelVersusUserPoint& p : c.points) {
        out << fmt::format("| {} | {} | {:.1f} | {:.1f} | {:.2f}x |\n", c.algorithm, p.input_len,
                           p.kernel_bytes_per_s / 1e6, p.user_bytes_per_s / 1e6,
                           p.kernel_bytes_per_s / p.user_bytes_per_s);
      }
    }
  }
  out << "\n**CPU mask switch:** " << MaskHeadline(report) << "\n";
  if (!report.env_masks.empty()) {
    out << fmt::format(
        "\nSet in doctor's environment: `{}` (the as-is and masked runs leave that setting "
        "out, one more run keeps it).\n",
        FormatMaskEnv(report.env_masks));
  }
  for (const LibraryMask& mask : report.masks) {
    out << fmt::format("- {} ({}): `{}`\n", mask.label, mask.detail, FormatMaskEnv(mask.env));
  }
  out << "\n<details><summary>Evidence</summary>\n\n";
  for (const LibraryVerdict& v : report.verdicts) {
    out << fmt::format("**{}** ({}, {} bytes per operation)\n\n", v.algorithm, v.operation,
                       v.input_len);
    for (const std::string& fact : v.evidence) {
      out << "- " << fact << '\n';
    }
    if (!v.advice.empty()) {
      out << "- **Do:** " << v.advice << '\n';
    }
    out << '\n';
  }
  out << "</details>\n\n" << Summary(report) << '\n';
}

nlohmann::ordered_json LibraryDoctorToJson(const LibraryDoctorReport& report) {
  ordered_json j;
  j["schema_version"] = 1;
  j["kind"] = "doctor_backend";
  j["created_utc"] = report.created_utc;
  j["tool_version"] = report.tool_version;
  j["backend"] = report.backend;
  j["library"] = ordered_json(results::LibraryToJson(report.library));
  j["cpu"] = doctor_internal::CpuToJson(report.cpu);
  j["clock"] = doctor_internal::ClockToJson(report.clock);
  j["core_hz_low"] = report.core_hz_low;
  j["core_hz_high"] = report.core_hz_high;
  j["cpb_clock_basis"] = report.cpb_clock_basis;
  j["mask_variable"] = report.mask_variable;
  j["mask_note"] = report.mask_note;
  ordered_json masks = ordered_json::array();
  for (const LibraryMask& mask : report.masks) {
    masks.push_back({{"scope", mask.scope == MaskScope::kCryptoInstructions ? "crypto_instructions"
                                                                            : "all_cpu_specific"},
                     {"label", mask.label},
                     {"detail", mask.detail},
                     {"env", mask.env}});
  }
  j["masks"] = std::move(masks);
  j["env_masks"] = report.env_masks;
  j["not_offered"] = report.not_offered;
  ordered_json verdicts = ordered_json::array();
  for (const LibraryVerdict& v : report.verdicts) {
    ordered_json jv;
    jv["algorithm"] = v.algorithm;
    jv["operation"] = v.operation;
    jv["input_len"] = v.input_len;
    jv["status"] = doctor_internal::VerdictStatusKey(v.status);
    jv["line"] = v.line;
    jv["evidence"] = v.evidence;
    jv["advice"] = v.advice;
    jv["cpb_low"] = v.cpb_low;
    jv["cpb_high"] = v.cpb_high;
    jv["fingerprint"] = v.fingerprint;
    ordered_json measurements = ordered_json::array();
    for (const LibraryMeasurement& m : v.measurements) {
      measurements.push_back({{"label", m.label},
                              {"env", m.env},
                              {"status", results::CellStatusName(m.status)},
                              {"message", m.message},
                              {"implementation", m.implementation},
                              {"bytes_per_s", m.bytes_per_s},
                              {"ci_low", m.ci_low},
                              {"ci_high", m.ci_high}});
    }
    jv["measurements"] = std::move(measurements);
    verdicts.push_back(std::move(jv));
  }
  j["verdicts"] = std::move(verdicts);
  if (report.backend == "afalg") {
    j["kernel_versus_user"] = KernelVersusUserToJson(report);
    j["kernel_versus_user_note"] = report.kernel_versus_user_note;
  }
  if (!report.interrupted_by.empty()) {
    j["partial"] = true;  // only when partial: complete reports are as they always were
    j["interrupted_by"] = report.interrupted_by;
  }
  j["exit_status"] = report.ExitStatus();
  return j;
}

}  // namespace cryptobench::diagnose
