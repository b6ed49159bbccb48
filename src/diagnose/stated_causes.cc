// StatedCauses (stated_causes.h): which findings and verdicts assert a cause, and which one.
#include "diagnose/stated_causes.h"

#include <algorithm>
#include <string_view>

#include "diagnose/vm_cpu_models.h"

namespace cryptobench::diagnose {
namespace {

// Finding ids that assert a cause when they are warnings or errors (an info finding states a
// fact: "env.ia32cap" and "env.armcap" are info when the value clears no known bit).
struct FindingCause {
  std::string_view id;
  std::string_view tag;
};
constexpr FindingCause kFindingCauses[] = {
    {"library.no-asm", "built-without-asm"},
    {"library.no-asm-defines", "built-without-asm"},
    {"env.ia32cap", "capability-masked"},
    {"env.armcap", "capability-masked"},
    {"report.user-cpu-offload", "user-cpu-timing-hides-offload"},
    {"report.legacy-api", "legacy-api-not-evp"},
    {"cpu.no-hw-aes", "no-hw-aes"},
    {"cpu.aes-coprocessor-unused", "library-lacks-asm-path"},
    {"cpu.vm-hides-features", "vm-hides-cpu-features"},
    {"cpu.vm-model-lacks", "vm-hides-cpu-features"},
    {"cpu.aes-ni-off", "aes-ni-off"},
    {"cpu.aes-unused", "hw-path-unused"},
    {"cpu.aes-software", "cannot-tell"},
    {"engine.not-offloaded", "engine-does-not-offload-algorithm"},
    {"engine.software-driver", "engine-software-driver"},
    {"engine.driver-unknown", "cannot-tell"},
    {"engine.not-loaded", "no-such-engine"},
    {"library.lacks-asm-path", "library-lacks-asm-path"},
    {"library.asm-module-missing", "built-without-asm"},
    {"library.subset-mode-slow", "library-inefficiency"},
    {"library.known-inefficiency", "library-inefficiency"},
    {"tool.multi-summary", "speed-tool-bug"},
    {"tool.timer-fault", "speed-tool-bug"},
    {"tool.impossible-figure", "speed-tool-bug"},
    {"tool.aead-decrypt", "speed-tool-bug"},
    {"tool.figure-cannot-tell", "cannot-tell"},
    {"report.cannot-tell", "cannot-tell"},
    {"report.rows-disagree", "cannot-tell"},
    {"report.ecb-no-ceiling", "cannot-tell"},
    {"library.release-unknown", "cannot-tell"},
};

}  // namespace

std::vector<StatedCause> StatedCauses(const DoctorReport& report) {
  std::vector<StatedCause> out;
  for (const Finding& finding : report.findings) {
    if (finding.id == "report.crypto-fine") {  // good news, so info: doctor_from.h
      out.push_back({"crypto-fine", finding.summary});
    }
    if (finding.severity == Severity::kInfo) {
      continue;
    }
    for (const FindingCause& cause : kFindingCauses) {
      if (finding.id == cause.id) {
        out.push_back({std::string(cause.tag), finding.summary});
      }
    }
  }
  // A release without the assembly (library.lacks-asm-path names the algorithm) explains a
  // figure below the CPU's hardware class: that is the cause, not an unused path.
  const auto release_lacks = [&](const std::string& algorithm) {
    return std::any_of(report.findings.begin(), report.findings.end(), [&](const Finding& f) {
      return f.id == "library.lacks-asm-path" && f.summary.find(algorithm) != std::string::npos;
    });
  };
  // No release named, and some release lacks the algorithm's assembly for the architecture
  // (library.release-unknown names the algorithm): the figure is not shown to be an unused path.
  const auto release_unknown = [&](const std::string& algorithm) {
    return std::any_of(report.findings.begin(), report.findings.end(), [&](const Finding& f) {
      return f.id == "library.release-unknown" && f.summary.find(algorithm) != std::string::npos;
    });
  };
  // A subset mode far below its superset in the same run (library.subset-mode-slow names it
  // first in its summary): the superset does the subset's work and more, far faster, in this
  // library, so the subset mode's verdict below its class is that library's subset-mode code,
  // which the finding states; whether that code uses the CPU's instructions one block at a time
  // or not at all, the report cannot tell, so no unused hardware path is stated besides.
  const auto subset_mode_slow = [&](const std::string& algorithm) {
    return std::any_of(report.findings.begin(), report.findings.end(), [&](const Finding& f) {
      return f.id == "library.subset-mode-slow" && f.summary.starts_with(algorithm + " ");
    });
  };
  // Every row of the run times the low-level API (report.legacy-api): AES_* has no AES-NI or
  // ARMv8 path, so an AES row below the hardware class is the API's doing when that finding
  // is a warning (it states the cause), and otherwise the text cannot say whether EVP would be
  // faster (the CPU's instructions or the release unknown: SettleLegacyApiByRelease); either
  // way the library's EVP path is not shown to be unused.
  const bool all_rows_legacy =
      report.facts.report.has_value() && report.facts.report->evp == "legacy" &&
      std::any_of(report.findings.begin(), report.findings.end(),
                  [](const Finding& f) { return f.id == "report.legacy-api"; });
  const auto low_level_aes = [&](const std::string& algorithm) {
    return all_rows_legacy &&
           (algorithm.starts_with("AES-") || algorithm.starts_with("Camellia-") ||
            algorithm.starts_with("CAMELLIA-"));
  };
  for (const Verdict& verdict : report.verdicts) {
    if (verdict.status == VerdictStatus::kNotAccelerated && low_level_aes(verdict.algorithm) &&
        !release_lacks(verdict.algorithm)) {
      continue;
    }
    if (verdict.status == VerdictStatus::kNotAccelerated && !report.facts.no_asm_build &&
        release_unknown(verdict.algorithm)) {
      continue;
    }
    if (verdict.status == VerdictStatus::kMasked) {
      out.push_back({"capability-masked", verdict.line});
    } else if (verdict.status == VerdictStatus::kNotAccelerated &&
               verdict.algorithm.starts_with("AES-") && VmHidesHostAes(report.facts)) {
      // VmHidesHostAes: the guest's flags lack the host's AES-NI, not the library's path
      // (stated once: cpu.vm-hides-features usually states it already).
      if (std::none_of(out.begin(), out.end(), [](const StatedCause& cause) {
            return cause.tag == "vm-hides-cpu-features";
          })) {
        out.push_back({"vm-hides-cpu-features", verdict.line});
      }
    } else if (verdict.status == VerdictStatus::kNotAccelerated &&
               verdict.algorithm.starts_with("AES-") && ModelAesNiOff(report.facts)) {
      // ModelAesNiOff: AES-NI switched off or hidden on a model that has it, not the library's
      // path (stated once: cpu.aes-ni-off usually states it already).
      if (std::none_of(out.begin(), out.end(),
                       [](const StatedCause& cause) { return cause.tag == "aes-ni-off"; })) {
        out.push_back({"aes-ni-off", verdict.line});
      }
    } else if (verdict.status == VerdictStatus::kNotAccelerated &&
               subset_mode_slow(verdict.algorithm)) {
      continue;
    } else if (verdict.status == VerdictStatus::kNotAccelerated) {
      out.push_back({report.facts.no_asm_build          ? "built-without-asm"
                     : release_lacks(verdict.algorithm) ? "library-lacks-asm-path"
                                                        : "hw-path-unused",
                     verdict.line});
    }
  }
  return out;
}

}  // namespace cryptobench::diagnose
