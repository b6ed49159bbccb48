// A library doctor report (library_doctor.h) as a report::Document (text and Markdown through the
// report writers) and as JSON. The verdict lines come first (the answer), then the library's mask
// switch, the evidence per algorithm and the machine facts, worded as the OpenSSL doctor words
// them (doctor_report_internal.h).
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "report/document.h"
#include "results/json.h"

#include "diagnose/doctor_document.h"
#include "diagnose/doctor_report_internal.h"
#include "diagnose/library_doctor.h"
#include "diagnose/verdict_text.h"

namespace cryptobench::diagnose {
namespace {

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

report::Document LibraryDoctorDocument(const LibraryDoctorReport& report) {
  using doctor_internal::Wrapped;
  using report::Column;
  using report::kMarkdownTarget;
  using report::kTextTarget;
  report::Document doc;
  doc.Add(report::Heading{fmt::format("cryptobench {} doctor --backend {}{}", report.tool_version,
                                      report.backend,
                                      report.created_utc.empty() ? "" : ", " + report.created_utc),
                          1},
          kTextTarget);
  doc.Add(report::Heading{fmt::format("cryptobench doctor --backend {}", report.backend), 1},
          kMarkdownTarget);
  doc.Add(Wrapped(LibraryText(report), "Library: " + report.backend + " ", "  "), kTextTarget);
  doc.Add(report::Paragraph{fmt::format(
              "Library: {} {}{}", report.backend, LibraryText(report),
              report.created_utc.empty()
                  ? ""
                  : fmt::format(", {}, cryptobench {}", report.created_utc, report.tool_version))},
          kMarkdownTarget);

  doc.Add(report::Heading{"Verdicts", 2}, kTextTarget);
  report::Table verdicts;
  verdicts.columns = {Column("algorithm", "", Column::Align::kLeft),
                      Column("verdict", "", Column::Align::kLeft),
                      Column("detail", "", Column::Align::kLeft)};
  for (const LibraryVerdict& v : report.verdicts) {
    doc.Add(Wrapped(v.line, "  ", "      "), kTextTarget);
    if (!v.advice.empty()) {
      doc.Add(Wrapped(v.advice, "    Do: ", "        "), kTextTarget);
    }
    std::string detail = v.line;
    const std::string prefix = fmt::format("{}: {}: ", v.algorithm, VerdictStatusName(v.status));
    if (detail.rfind(prefix, 0) == 0) {
      detail = detail.substr(prefix.size());
    }
    verdicts.rows.push_back({v.algorithm, VerdictStatusName(v.status), detail});
  }
  if (report.verdicts.empty()) {
    doc.Add(report::Paragraph{"  (no algorithm examined)"}, kTextTarget);
  }
  doc.Add(std::move(verdicts), kMarkdownTarget);
  if (!report.not_offered.empty()) {
    const std::string list = verdict_internal::Join(report.not_offered);
    doc.Add(Wrapped(list, "  Not offered by " + report.backend + ": ", "      "), kTextTarget);
    doc.Add(report::Paragraph{fmt::format("Not offered by {}: {}.", report.backend, list)},
            kMarkdownTarget);
  }

  // doctor --backend afalg: the kernel against user-space OpenSSL, one block per algorithm.
  if (!report.kernel_versus_user.empty() || !report.kernel_versus_user_note.empty()) {
    doc.Add(report::Heading{"Kernel against user space (wall-clock throughput, MB = 10^6 bytes; "
                            "median)",
                            2},
            kTextTarget);
  }
  if (!report.kernel_versus_user_note.empty()) {
    doc.Add(Wrapped(report.kernel_versus_user_note, "  ", "    "), kTextTarget);
    report::Paragraph note{report.kernel_versus_user_note};
    note.markup = {{"Kernel against user space:", false, true},
                   {fmt::format(" {}", report.kernel_versus_user_note)}};
    doc.Add(std::move(note), kMarkdownTarget);
  }
  report::Table points;
  points.columns = {Column("algorithm", "", Column::Align::kLeft), Column("bytes"),
                    Column("kernel MB/s"), Column("user space MB/s"),
                    Column("kernel / user space")};
  std::vector<std::string> lines;
  for (const KernelVersusUserSpace& c : report.kernel_versus_user) {
    doc.Add(Wrapped(c.line, "  ", "      "), kTextTarget);
    lines.push_back(c.line);
    if (c.points.empty()) {
      continue;
    }
    report::Table table;
    table.indent = "    ";
    table.columns = {Column("bytes", "", Column::Align::kRight, Column::Kind::kText, "", 8),
                     Column("kernel MB/s", "", Column::Align::kRight, Column::Kind::kText, "", 12),
                     Column(c.user_space.substr(0, c.user_space.find(' ')) + " MB/s", "",
                            Column::Align::kRight, Column::Kind::kText, "", 12),
                     Column("ratio", "", Column::Align::kRight, Column::Kind::kText, "", 8)};
    for (const KernelVersusUserPoint& p : c.points) {
      const std::string kernel = fmt::format("{:.1f}", p.kernel_bytes_per_s / 1e6);
      const std::string user = fmt::format("{:.1f}", p.user_bytes_per_s / 1e6);
      const std::string ratio = fmt::format("{:.2f}x", p.kernel_bytes_per_s / p.user_bytes_per_s);
      table.rows.push_back({std::to_string(p.input_len), kernel, user, ratio});
      points.rows.push_back({c.algorithm, std::to_string(p.input_len), kernel, user, ratio});
    }
    doc.Add(std::move(table), kTextTarget);
  }
  if (!report.kernel_versus_user.empty()) {
    report::Paragraph heading{"Kernel against user space (wall-clock throughput, MB/s, median)"};
    heading.markup = {{"Kernel against user space", false, true},
                      {" (wall-clock throughput, MB/s, median)"}};
    doc.Add(std::move(heading), kMarkdownTarget);
    report::NoteList list;
    for (const std::string& line : lines) {
      list.notes.emplace_back(line);
    }
    doc.Add(std::move(list), kMarkdownTarget);
    doc.Add(std::move(points), kMarkdownTarget);
  }

  doc.Add(report::Heading{"CPU mask switch", 2}, kTextTarget);
  doc.Add(Wrapped(MaskHeadline(report), "  ", "    "), kTextTarget);
  report::Paragraph mask{MaskHeadline(report)};
  mask.markup = {{"CPU mask switch:", false, true}, {fmt::format(" {}", MaskHeadline(report))}};
  doc.Add(std::move(mask), kMarkdownTarget);
  if (!report.env_masks.empty()) {
    const std::string env = FormatMaskEnv(report.env_masks);
    doc.Add(Wrapped(fmt::format("set in doctor's environment: {}; the as-is and masked runs leave "
                                "that setting out, one more run keeps it",
                                env),
                    "  ", "    "),
            kTextTarget);
    report::Paragraph set{env};
    set.markup = {{"Set in doctor's environment: "},
                  {env, true},
                  {" (the as-is and masked runs leave that setting out, one more run keeps "
                   "it)."}};
    doc.Add(std::move(set), kMarkdownTarget);
  }
  report::NoteList masks;
  for (const LibraryMask& m : report.masks) {
    const std::string env = FormatMaskEnv(m.env);
    doc.Add(Wrapped(fmt::format("{} ({}): {}", m.label, m.detail, env), "  - ", "    "),
            kTextTarget);
    report::Note& note = masks.notes.emplace_back(env);
    note.markup = {{fmt::format("{} ({}): ", m.label, m.detail)}, {env, true}};
  }
  if (!masks.notes.empty()) {
    doc.Add(std::move(masks), kMarkdownTarget);
  }

  if (!report.verdicts.empty()) {
    doc.Add(report::Heading{"Evidence (MB = 10^6 bytes; median with its 95% CI; slowdown = as is "
                            "/ masked)",
                            2},
            kTextTarget);
    doc.Add(report::Heading{"Evidence", 2}, kMarkdownTarget);
  }
  for (const LibraryVerdict& v : report.verdicts) {
    const std::string cell = fmt::format("{}, {} bytes per operation", v.operation, v.input_len);
    doc.Add(report::Paragraph{fmt::format("  {}, {}", v.algorithm, cell)}, kTextTarget);
    report::Paragraph name{v.algorithm};
    name.markup = {{v.algorithm, false, true}, {fmt::format(" ({})", cell)}};
    doc.Add(std::move(name), kMarkdownTarget);
    report::NoteList evidence;
    for (const std::string& fact : v.evidence) {
      doc.Add(Wrapped(fact, "    - ", "      "), kTextTarget);
      evidence.notes.emplace_back(fact);
    }
    if (!v.advice.empty()) {
      report::Note& advice = evidence.notes.emplace_back(v.advice);
      advice.markup = {{"Do:", false, true}, {fmt::format(" {}", v.advice)}};
    }
    if (!evidence.notes.empty()) {
      doc.Add(std::move(evidence), kMarkdownTarget);
    }
  }
  const DoctorReport machine = MachineOnly(report);
  doctor_internal::AddCpuText(machine, doc);
  doc.Add(report::Heading{"Clock and load", 2}, kTextTarget);
  doc.Add(doctor_internal::FactFields(doctor_internal::ClockFactRows(machine)), kTextTarget);
  doc.Add(report::Paragraph{""}, kTextTarget);
  doc.Add(report::Paragraph{Summary(report)}, report::kHumanTargets);
  return doc;
}

void RenderLibraryDoctorText(const LibraryDoctorReport& report, std::ostream& out) {
  report::WriteText(LibraryDoctorDocument(report), out);
}

void RenderLibraryDoctorMarkdown(const LibraryDoctorReport& report, std::ostream& out) {
  report::WriteMarkdown(LibraryDoctorDocument(report), out);
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
