// CpuFindings (doctor_from.h): what the CPU clues of a paste and the AES bounds that hold on
// any CPU (cpu_clues.h) conclude about its AES figures, each conclusion naming its clue.
#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "report/format_util.h"
#include "report/sanitize.h"

#include "diagnose/cpu_clues.h"
#include "diagnose/disagreeing_rows.h"
#include "diagnose/doctor_from.h"
#include "diagnose/hash_bounds.h"
#include "diagnose/kernel_drivers.h"
#include "diagnose/library_advice.h"
#include "diagnose/verdict_text.h"
#include "diagnose/vm_cpu_models.h"

namespace cryptobench::diagnose {
namespace {

using verdict_internal::Join;

// The one command that tells whether a Linux CPU has AES instructions, and whether it is a guest:
// x86 lists "aes" (and "hypervisor" in a guest) in its flags line, ARM "aes" in its Features line
// (the flag rows of data/cpu-clues.csv). -m1 stops at the first such line, -o -w prints the words
// found (not "vaes"): "aes", "aes hypervisor", "hypervisor" or nothing.
constexpr std::string_view kAesCommand = "grep -m1 -o -w -E 'aes|hypervisor' /proc/cpuinfo";
// The remedy of cpu.no-hw-aes, whichever clue and bound settled it; `kernel` for a kernel tool's
// figures (cryptsetup, tcrypt, AF_ALG), where an offload engine's driver is the one hardware path
// a CPU without AES instructions may have. The sources: ChaCha20 is "around three times as fast"
// as AES "on platforms that lack specialized AES hardware" (RFC 8439, section 1), and TLS has its
// suites (RFC 7905); Go's crypto/tls prefers ChaCha20 "if we lack AES hardware, as software AES
// implementations are slow and less secure" (golang/go issue 41181); Adiantum is "designed for
// fast and secure disk encryption, especially on CPUs without dedicated crypto instructions"
// (Linux crypto/adiantum.c).
std::string NoHwAesAdvice(bool kernel) {
  return fmt::format(
      "Nothing in the library makes AES faster on this CPU (another build, version or setting "
      "picks among software paths only): use ChaCha20-Poly1305 for TLS and VPNs (about three "
      "times as fast as AES without AES instructions: "
      "https://www.rfc-editor.org/rfc/rfc8439#section-1; TLS suites: "
      "https://www.rfc-editor.org/rfc/rfc7905), Adiantum (xchacha12,aes-adiantum-plain64) for "
      "disk encryption "
      "(https://github.com/torvalds/linux/blob/master/crypto/adiantum.c){}, or a CPU with AES "
      "instructions.",
      kernel ? "; for the kernel's AES, an offload engine's driver if the SoC has one (its "
               "/proc/crypto entry names it)"
             : "");
}

// cpu.aes-coprocessor-unused, in place of cpu.no-hw-aes: the CPU's AES is in a crypto
// coprocessor (CpuFeatureClue::coprocessor, data/crypto-coprocessors.csv) that the run's library
// has no code for, so AES runs in software, as expected of that library; the CPU does not lack
// AES, and the remedy is code that uses the coprocessor or another cipher, not another CPU.
// `evidence` is the figure's bound, as for cpu.no-hw-aes.
Finding CoprocessorAesFinding(const CpuClues& clues, const CpuFeatureClue& aes,
                              const std::string& evidence) {
  const CryptoCoprocessor& unit = *clues.coprocessor;
  return Finding{
      "cpu.aes-coprocessor-unused", Severity::kWarning,
      fmt::format("AES runs in software: {} has no code for the CPU's crypto coprocessor, where "
                  "its AES is",
                  unit.library),
      fmt::format("{}; {} names a CPU with {}, which runs {} outside the instruction set; {} "
                  "use it, and {} has no code for its AES (whether this part has the unit "
                  "enabled is not in the text, and does not change that){}",
                  evidence, aes.clue, unit.unit, unit.algorithms, unit.used_by, unit.library,
                  ClueSourceText(aes)),
      fmt::format("Nothing in {} makes AES faster on this CPU: it has no code for {} (another "
                  "build, version or setting picks among software paths only). Use a path that "
                  "runs AES on the coprocessor where the workload allows ({} use it), or "
                  "ChaCha20-Poly1305 for TLS and VPNs (about "
                  "three times as fast as AES in software: "
                  "https://www.rfc-editor.org/rfc/rfc8439#section-1; TLS suites: "
                  "https://www.rfc-editor.org/rfc/rfc7905).",
                  unit.library, unit.unit, unit.used_by)};
}

struct AesFigure {
  std::string algorithm;
  std::string operation;
  uint64_t input_len = 0;
  double bytes_per_s = 0;
  std::string why;     // a bound of the run's own rows (KernelAesComparison::text); "" for the
                       // bounds that hold on any CPU
  size_t verdict = 0;  // its verdict's index in report.verdicts
  std::string reason;  // `why` as a clause for a verdict line; "" when `why` is
  std::string implementation;  // its verdict's (Verdict::implementation)
};

std::string FigureText(const AesFigure& figure) {
  return fmt::format("{} {} at {} per call: {:.1f} MB/s",
                     figure.implementation.empty()
                         ? figure.algorithm
                         : fmt::format("{} [{}]", figure.algorithm, figure.implementation),
                     figure.operation, report::FormatThroughputSize(figure.input_len),
                     figure.bytes_per_s / 1e6);
}

std::string FloorText(const AesFigure& figure) {
  if (!figure.why.empty()) {
    return figure.why;
  }
  const AesBounds bounds = *AesBoundsFor(figure.algorithm);
  return fmt::format(
      "{}: no hardware AES path runs this slowly. The slowest published one, AES-128 CBC "
      "encrypt at 5.95 cycles per byte (ThunderX2; Silvermont's AES-NI 5.75), doubled to 12 "
      "and scaled by the rounds, gives {:.1f} MB/s even at 0.4 GHz, a clock below any a CPU with "
      "AES instructions runs a benchmark at (unless the machine was heavily loaded)",
      FigureText(figure), bounds.hardware_floor / 1e6);
}

std::string CeilingText(const AesFigure& figure) {
  if (!figure.why.empty()) {
    return figure.why;
  }
  const AesBounds bounds = *AesBoundsFor(figure.algorithm, figure.operation);
  if (SerialAesEncrypt(figure.algorithm, figure.operation)) {
    return fmt::format(
        "{}: no software AES encrypts CBC this fast. Each block waits for the one before, so "
        "bit-sliced and interleaved code cannot run it (OpenSSL's bsaes modules decrypt CBC "
        "only); the fastest serial path measured, aes-x86_64's table code at 9.77 cycles per "
        "byte, halved to 4.9 and scaled by the rounds, gives {:.0f} MB/s at 6.5 GHz, above any "
        "shipping core's boost clock",
        FigureText(figure), bounds.software_ceiling / 1e6);
  }
  return fmt::format(
      "{}: no software AES runs this fast. The fastest measured, bit-sliced CTR at 4.96 "
      "cycles per byte (Zen 4), halved to 2.5 and scaled by the rounds, gives {:.0f} MB/s at "
      "6.5 GHz, above any shipping core's boost clock",
      FigureText(figure), bounds.software_ceiling / 1e6);
}

// "<figure>, within what software AES reaches (up to N MB/s for it at 6.5 GHz)": the any-CPU
// ceiling, or the one of the CPU the text names when its highest clock is known
// (CpuClues::aes_software_ceiling: a Pi 4 reaches far less than any CPU at 6.5 GHz).
std::string WithinSoftwareText(const CpuClues& clues, const AesFigure& figure) {
  if (const std::optional<CpuAesCeiling>& named = clues.aes_software_ceiling;
      named && named->For(figure.algorithm) > 0) {
    return fmt::format(
        "{}, within what software AES reaches on it (up to {:.0f} MB/s for it at {:.2f} GHz, the "
        "highest clock of {} with overclocks: data/cpu-max-clocks.csv; {})",
        FigureText(figure), named->For(figure.algorithm) / 1e6, named->max_hz / 1e9, named->model,
        named->cpb_source);
  }
  return fmt::format("{}, within what software AES reaches (up to {:.0f} MB/s for it at 6.5 GHz)",
                     FigureText(figure),
                     AesBoundsFor(figure.algorithm, figure.operation)->software_ceiling / 1e6);
}

Finding Make(std::string id, Severity severity, std::string summary, std::string evidence,
             std::string advice = "") {
  return Finding{std::move(id), severity, std::move(summary), std::move(evidence),
                 std::move(advice)};
}

// AES-GCM at or below this fraction of the same run's ChaCha20-Poly1305 throughput (same size,
// 1 KiB or more) runs without AES instructions. ChaCha20 and Poly1305 have no CPU instructions
// (they are SIMD or integer code everywhere), so a run's ChaCha20-Poly1305 scales its AES-GCM.
// The lowest ratio with AES instructions, from the cpb tables (data/cpb-classes.csv,
// data/cpb-classes-aarch64.csv, whose rows cite the OpenSSL perlasm cpb tables), is about 0.55:
// ARMv8 CE AES-256-GCM at up to 2.91 cpb against NEON ChaCha20 alone at 1.60 or more
// (chacha-armv8.pl); on x86-64, stitched AES-NI GCM at up to 1.0 cpb for AES-128 (1.40 for
// AES-256) against AVX-512 ChaCha20-Poly1305 at 0.92 or more, and unstitched GCM (up to 3.03 and
// 4.24 cpb) only on CPUs without AVX2, whose ChaCha20-Poly1305 takes 2.80 or more (0.66).
// Software AES-GCM takes 5.65 cpb or more (bit-sliced AES with PCLMUL GHASH), several times the
// same CPU's SIMD ChaCha20-Poly1305; an Atom D525 without AES-NI ran 0.22 (GnuTLS; Ubuntu Forums,
// "Allow single threaded process (OpenVPN) to use entire core?", 2017-02-14). 0.35 leaves a
// margin of 1.5 below the lowest hardware ratio; between the two nothing is concluded.
constexpr double kGcmChaChaSoftwareRatio = 0.35;

// The same-run bound above for an AES-GCM figure between the bounds that hold on any CPU: the
// evidence when it settles a software AES-GCM, else "". `reason` receives it in a clause.
std::string GcmAgainstChaCha(const DoctorReport& report, const AesFigure& figure,
                             std::string* reason) {
  // An engine or provider may serve one of the two and not the other (and user CPU time leaves
  // its work out): the run's rows then do not share a CPU path.
  if (!report.facts.report->engine_or_provider.empty()) {
    return "";
  }
  if (figure.input_len < 1024 || !figure.algorithm.ends_with("-GCM") ||
      !AesRoundFactor(figure.algorithm) || !(figure.bytes_per_s > 0)) {
    return "";
  }
  for (const Verdict& other : report.verdicts) {
    if (other.algorithm != "ChaCha20-Poly1305" || other.operation != figure.operation ||
        other.input_len != figure.input_len || other.measurements.empty() ||
        other.measurements.front().status != results::CellStatus::kOk ||
        !(other.measurements.front().bytes_per_s > 0)) {
      continue;
    }
    const double chacha = other.measurements.front().bytes_per_s;
    const double ratio = figure.bytes_per_s / chacha;
    if (ratio > kGcmChaChaSoftwareRatio) {
      return "";
    }
    *reason = fmt::format(
        "AES-GCM at {:.2f} times the same run's ChaCha20-Poly1305 runs in software (with AES "
        "instructions it runs at 0.55 times it or faster)",
        ratio);
    return fmt::format(
        "{}, {:.2f} times ChaCha20-Poly1305 ({:.1f} MB/s) in the same run. ChaCha20-Poly1305 has "
        "no CPU instructions (it is SIMD or integer code), so it scales AES-GCM without knowing "
        "the CPU: with "
        "AES instructions AES-GCM runs at 0.55 times it or faster on every CPU the cpb tables list "
        "(ARMv8 CE AES-256-GCM at up to 2.91 cycles per byte against NEON ChaCha20 at 1.60 or "
        "more; AES-NI GCM against AVX-512 ChaCha20-Poly1305 at 0.66 or more: OpenSSL's "
        "aesv8-armx.pl, ghashv8-armx.pl, chacha-armv8.pl, aesni-gcm-x86_64.pl and chacha-x86_64.pl "
        "cpb tables), "
        "so AES-GCM at {:.2f} times it or less runs in software",
        FigureText(figure), ratio, chacha / 1e6, kGcmChaChaSoftwareRatio);
  }
  return "";
}

// The report's AES figures, each where its bounds put it: below every hardware AES path, above
// every software one, or between them (the CPU decides). CpuFindings states what they show and
// SettleByCpuFindings moves the verdicts they settle: both read this one classification.
struct AesFigures {
  std::vector<AesFigure> below;
  std::vector<AesFigure> above;
  std::vector<AesFigure> inside;
  // SHA-256 figures above every software SHA-256 (hash_bounds.h): cpu.sha-hardware names the
  // first, SettleByCpuFindings settles each one's verdict (indices into report.verdicts).
  std::vector<size_t> sha_above;
  // User CPU time with an engine may leave the engine's work out: no proof of hardware then
  // (`above` is left empty).
  bool timing_hides = false;
};

// The hardware AES floor (AesBoundsFor) bounds CPU instructions at kLowestBenchmarkHz or more.
// It says nothing of a microcontroller (a stated clock below that: kw47's fsys=96000000) or of
// a crypto engine or coprocessor the program says it uses ("AES: MMCAU HW accelerated" at 55
// cycles per byte, "ELE200" at 48): each call there may cost far more than an instruction path.
bool HardwareAesFloorHolds(const DoctorReport& report) {
  if (report.core_hz_high > 0 && report.core_hz_high < kLowestBenchmarkHz) {
    return false;
  }
  const std::vector<results::SourceFact>& claims = report.facts.report->implementation_claims;
  return std::none_of(claims.begin(), claims.end(), [](const results::SourceFact& fact) {
    return fact.value.starts_with("AES") && fact.value.find("HW accelerated") != std::string::npos;
  });
}

AesFigures ReadAesFigures(const DoctorReport& report) {
  const ReportOrigin& origin = *report.facts.report;
  AesFigures out;
  std::vector<AesFigure>& below = out.below;
  std::vector<AesFigure>& above = out.above;
  std::vector<AesFigure>& inside = out.inside;
  // -multi N prints the children's sum: the any-CPU ceilings hold per process, and the floor
  // says nothing of processes that may share a core.
  const double processes = std::max(1, origin.processes);
  const bool floor_holds = HardwareAesFloorHolds(report) && processes == 1;
  for (size_t i = 0; i < report.verdicts.size(); ++i) {
    const Verdict& verdict = report.verdicts[i];
    // A row that contradicts its mode's other row (DisputeDisagreeingRows) shows nothing.
    if (Disputed(verdict) || verdict.measurements.empty() ||
        verdict.measurements.front().status != results::CellStatus::kOk) {
      continue;
    }
    AesFigure figure{verdict.algorithm,
                     verdict.operation,
                     verdict.input_len,
                     verdict.measurements.front().bytes_per_s,
                     "",
                     i,
                     "",
                     verdict.implementation};
    if (AboveSoftwareSha256(figure.algorithm, figure.bytes_per_s / processes)) {
      out.sha_above.push_back(i);
    }
    AesBound bound = ClassifyAesFigure(figure.algorithm, figure.input_len,
                                       figure.bytes_per_s / processes, figure.operation);
    if (bound == AesBound::kBelowHardware && !floor_holds) {
      bound = AesBound::kInside;
    }
    if (bound == AesBound::kInside) {
      // Between the bounds that hold on any CPU: the run's serpent and twofish rows may settle it.
      if (const KernelAesComparison* c = FindKernelAes(origin.kernel_aes, figure.algorithm,
                                                       figure.operation, figure.input_len)) {
        bound = c->bound;
        figure.why = c->text;
        figure.reason = c->conclusion;
      } else if (std::string why = GcmAgainstChaCha(report, figure, &figure.reason); !why.empty()) {
        // Or the run's own ChaCha20-Poly1305 row.
        bound = AesBound::kBelowHardware;
        figure.why = std::move(why);
      }
    }
    switch (bound) {
      case AesBound::kBelowHardware:
        below.push_back(figure);
        break;
      case AesBound::kAboveSoftware:
        above.push_back(figure);
        break;
      case AesBound::kInside:
        if (AesBoundsFor(figure.algorithm)) {
          inside.push_back(figure);
        }
        break;
    }
  }
  out.timing_hides = origin.timing_basis == "user_cpu" && !origin.engine_or_provider.empty();
  if (out.timing_hides) {
    above.clear();
    out.sha_above.clear();
  }
  return out;
}

// cpu.sha-hardware's evidence for a verdict whose figure is above every software SHA-256.
std::string ShaCeilingText(const Verdict& verdict) {
  const double rate = verdict.measurements.front().bytes_per_s;
  return fmt::format(
      "{} at {} per call: {:.1f} MB/s: no software SHA-256 runs this fast. The fastest, the "
      "AVX2 path at 7.0 cycles per byte (Zen 4; 7.7 on Skylake: OpenSSL's sha512-x86_64.pl), "
      "halved to 3.5, gives {:.0f} MB/s at 6.5 GHz, above any shipping core's boost clock",
      VerdictSubject(verdict), report::FormatThroughputSize(verdict.input_len), rate / 1e6,
      *Sha256SoftwareCeiling(verdict.algorithm) / 1e6);
}

}  // namespace

std::vector<Finding> CpuFindings(const DoctorReport& report) {
  std::vector<Finding> out;
  if (!report.facts.report) {
    return out;
  }
  const ReportOrigin& origin = *report.facts.report;
  const CpuClues& clues = origin.cpu_clues;
  const AesFigures read = ReadAesFigures(report);
  const std::vector<AesFigure>& below = read.below;
  const std::vector<AesFigure>& above = read.above;
  const std::vector<AesFigure>& inside = read.inside;

  const CpuFeatureClue* aes = nullptr;
  const AesInstructionsShown shown = ShownAesInstructions(clues, &aes);
  const bool aes_hidden =
      std::any_of(clues.hidden_by_vm.begin(), clues.hidden_by_vm.end(),
                  [](const std::string& name) { return name == "AES-NI" || name == "AES"; });

  if (!origin.implementation_claims.empty()) {
    // The program's own word on where each family runs (HardwareAesFloorHolds): stated, not
    // checked; the figures of an engine or coprocessor follow its per-call cost.
    std::string lines;
    for (const results::SourceFact& claim : origin.implementation_claims) {
      lines += fmt::format("{}line {}: '{}'", lines.empty() ? "" : "; ", claim.line,
                           report::SafeText(claim.value));
    }
    out.push_back(Make(
        "report.implementation-list", Severity::kInfo,
        "The program lists where it runs each family (a crypto engine or software)",
        fmt::format("{}. A family on an engine or coprocessor runs at that unit's cost per call, "
                    "which no CPU cpb class covers: its figures cannot show the path, and this "
                    "list, the program's own word, is all the text says of it",
                    lines),
        "Compare a family's figures with a build of the same demo without the engine option on "
        "the same board to see what the engine gains."));
  }

  for (const CpuClueConflict& conflict : clues.conflicts) {
    // Two clues of the block disagree (CpuClues::conflicts): neither decides, and both are named.
    out.push_back(Make(
        "cpu.clues-disagree", Severity::kInfo,
        fmt::format("The clues disagree on whether the CPU has {}: neither decides",
                    conflict.feature),
        fmt::format("{} shows {}; {} shows no {} (sources: {}); the paste may mix two machines, or "
                    "a label names another board than the one that ran",
                    conflict.present_clue, conflict.feature, conflict.absent_clue, conflict.feature,
                    conflict.sources),
        "Paste `lscpu` (or `grep -m1 Features /proc/cpuinfo`) from the machine that ran the "
        "benchmark, with the run: its own flags settle it."));
  }

  if (!clues.hidden_by_vm.empty()) {
    // It costs when a figure is below every hardware AES path, or when an AES verdict is
    // software because the guest's flags lack AES: the host's model has it (a model row), so
    // the guest's CPU model hiding it is the cause of that verdict. Where VmHidesHostAes holds
    // the verdict itself says so (NOT accelerated, verdict_report.cc); else it is "software
    // (expected)".
    const bool vm_hides_aes = VmHidesHostAes(report.facts);
    const auto software_for_flags = [&] {
      return std::any_of(report.verdicts.begin(), report.verdicts.end(), [&](const Verdict& v) {
        return v.algorithm.starts_with("AES-") &&
               (v.status == VerdictStatus::kSoftwareExpected ||
                (vm_hides_aes && v.status == VerdictStatus::kNotAccelerated));
      });
    };
    const bool costs = aes_hidden && (!below.empty() || software_for_flags());
    out.push_back(Make(
        "cpu.vm-hides-features", costs ? Severity::kWarning : Severity::kInfo,
        fmt::format("The virtual machine hides {} of its host's CPU from the guest",
                    Join(clues.hidden_by_vm)),
        fmt::format("{}: the host's model {} has {}, the guest's {} lacks {}{}", clues.vm_clue,
                    clues.hidden_model, Join(clues.hidden_by_vm),
                    clues.hidden_by_vm_clue.empty() ? "flags line" : "CPUINFO capability vector",
                    clues.hidden_by_vm.size() > 1 ? "them" : "it",
                    costs && !below.empty() ? fmt::format("; {}", FloorText(below.front())) : ""),
        GuestHypervisorOf(clues) != GuestHypervisor::kQemu
            ? [&] {
                std::string remedy = HostCpuRemedy(clues, Join(clues.hidden_by_vm)) + ".";
                remedy[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(remedy[0])));
                return remedy;
              }()
            : std::string("Give the guest the host's CPU model (QEMU/libvirt: -cpu host or <cpu "
                          "mode='host-passthrough'/>, or a named model that includes them).")));
  }

  if (clues.aes_ni_off) {
    // The CPU's own flags line lacks the AES-NI its model has, and no virtual machine is shown
    // (CpuClues::aes_ni_off): the CPU does not lack it. It costs when the AES verdicts are NOT
    // accelerated for it (ModelAesNiOff: verdict_report.cc) or a figure is below every hardware
    // path; else (emulation, a build without assembly) it is a fact.
    const bool costs =
        ModelAesNiOff(report.facts) &&
        (!below.empty() ||
         std::any_of(report.verdicts.begin(), report.verdicts.end(), [](const Verdict& v) {
           return v.algorithm.starts_with("AES-") && v.status == VerdictStatus::kNotAccelerated;
         }));
    out.push_back(Make(
        "cpu.aes-ni-off", costs ? Severity::kWarning : Severity::kInfo,
        fmt::format("The CPU's model has AES-NI, but {}: AES-NI is switched off in the "
                    "firmware or hidden by a hypervisor the paste does not show (cannot tell "
                    "which)",
                    clues.aes_ni_off_by_vector
                        ? "the library's CPUINFO capability vector has its AES-NI bit clear"
                        : "its flags line does not show it"),
        fmt::format(
            "{}{}, while the model {} has it (source: {}); the text shows no virtual "
            "machine{}",
            clues.aes_ni_off_clue.empty() ? std::string("the flags line") : clues.aes_ni_off_clue,
            clues.aes_ni_off_by_vector ? "" : " shows no AES-NI", clues.aes_ni_off_model,
            clues.aes_ni_off_source,
            costs && !below.empty() ? fmt::format("; {}", FloorText(below.front())) : ""),
        ModelAesNiOffAdvice(clues)));
  }

  // AES-NI left out by the guest's CPU model: cpu.vm-model-lacks (vm_cpu_models.h) says so, with
  // its remedy; the CPU itself may have it, so neither "no AES instructions" nor "cannot tell".
  // AES-NI switched off or hidden on a model that has it: cpu.aes-ni-off above.
  const bool vm_model_lacks_aes = aes != nullptr && aes->from_vm_model;
  if (!below.empty() && !aes_hidden && !vm_model_lacks_aes && !clues.aes_ni_off) {
    const std::string evidence = FloorText(below.front());
    if (!above.empty() && KernelTool(origin) && shown != AesInstructionsShown::kPresent) {
      // The kernel hands each mode and key size to the driver of highest priority that takes
      // it; an offload engine's driver may take some only (geode-aes runs 128-bit keys and
      // hands the others to a software fallback: drivers/crypto/geode-aes.c,
      // https://github.com/torvalds/linux), so on a CPU without AES instructions (or one the
      // text does not show) the fast rows are no sign of unused instructions.
      out.push_back(Make(
          "kernel.aes-partly-hardware", Severity::kWarning,
          "Some of the kernel's AES rows run on a hardware path and others in software: the "
          "driver that serves the fast ones does not serve them all",
          fmt::format("{}; yet {}{}", evidence, CeilingText(above.front()),
                      shown == AesInstructionsShown::kAbsent
                          ? fmt::format("; {} shows no {}, so the fast rows ran on an offload "
                                        "engine's driver",
                                        aes->clue, aes->name)
                          : ""),
          fmt::format("Paste `{}` and `lsmod`: the driver and priority of each entry show which "
                      "driver serves each mode and key size (an offload engine's driver may take "
                      "some key sizes only and hand the others to a software driver); then time "
                      "the mode and key size the workload uses alone, e.g. `cryptsetup benchmark "
                      "-c aes-cbc-essiv:sha256 -s 128`.",
                      kKernelAesPriorityCommand)));
    } else if (!above.empty()) {
      out.push_back(Make(
          "cpu.aes-unused", Severity::kWarning,
          "Some AES figures run on AES instructions and others in software",
          fmt::format("{}; yet {}", evidence, CeilingText(above.front())),
          KernelTool(origin)
              ? KernelAesDriverAdvice(report.facts.cpu.arch, origin.kernel_aes_module,
                                      origin.kernel_aes_module_line)
          : origin.tool == "openssl speed"
              ? std::string("Time every AES row through the same API (openssl speed -evp NAME): "
                            "the slow rows take a path without the CPU's AES instructions.")
              : fmt::format("The slow rows took a path without the CPU's AES instructions while "
                            "the fast ones used them: the build may have that code for some "
                            "modes or key sizes only, or the slow figures were disturbed; run {} "
                            "again on a quiet machine to tell the two apart.",
                            RerunCommand(origin, above.front().algorithm))));
    } else if (shown == AesInstructionsShown::kPresent) {
      out.push_back(Make(
          "cpu.aes-unused", Severity::kWarning,
          fmt::format("The CPU has {} instructions, but AES ran in software", aes->name),
          fmt::format("{}; {} shows {} (source: {})", evidence, aes->clue, aes->name, aes->source),
          KernelTool(origin)
              ? KernelAesDriverAdvice(report.facts.cpu.arch, origin.kernel_aes_module,
                                      origin.kernel_aes_module_line)
              : AesUnusedAdvice(report.facts)));
    } else if (shown == AesInstructionsShown::kAbsent && !aes->coprocessor.empty()) {
      out.push_back(CoprocessorAesFinding(clues, *aes, evidence));
    } else if (shown == AesInstructionsShown::kAbsent) {
      out.push_back(Make(
          "cpu.no-hw-aes", Severity::kWarning,
          fmt::format("AES runs in software: the CPU has no {} instructions", aes->name),
          fmt::format("{}; {} shows no {}{}", evidence, aes->clue, aes->name, ClueSourceText(*aes)),
          NoHwAesAdvice(KernelTool(origin))));
    } else if (origin.tool.find("cryptodev") == std::string::npos) {
      // (cryptodev-linux's tests time /dev/crypto, which a driver may hand to an offload device
      // slower than the CPU, as in https://github.com/cryptodev-linux/cryptodev-linux/issues/89:
      // a slow figure there does not say the CPU's AES instructions went unused.)
      // A virtual CPU model's name without a flags line (CpuFeatureClue::from_vm_model_name):
      // the hypervisor may have added AES-NI to the model, so the guest's own flags decide.
      if (aes != nullptr && aes->from_vm_model_name) {
        out.push_back(Make(
            "cpu.aes-software", Severity::kWarning,
            fmt::format("AES runs in software in this virtual machine: cannot tell from this "
                        "report whether its CPU has {}",
                        aes->name),
            fmt::format("{}; the CPU model name {} ({}) does not settle it: that model lacks {} "
                        "by default, but the hypervisor may add it (or pass the host's through) "
                        "and the guest still shows the name (source: {}); the text has no flags "
                        "line",
                        evidence, clues.vm_model, aes->clue, aes->name, aes->source),
            fmt::format("Run `{}` in the guest: `aes` means its CPU has {} and the software does "
                        "not use it; no `aes`, the guest's CPU model leaves it out (give the guest "
                        "the host's CPU: QEMU -cpu host, libvirt <cpu mode='host-passthrough'/>, "
                        "or a model with +aes, if the host has it).",
                        kAesCommand, aes->name)));
      } else if (report.facts.no_asm_build && !KernelTool(origin)) {
        // The build settles the software's part (library.no-asm, and its verdicts): it runs C
        // code whatever the CPU offers. Whether the CPU has AES instructions is left open, and
        // only says how much an assembly build would gain.
        out.push_back(Make(
            "cpu.aes-software", Severity::kInfo,
            "AES runs in software, as a build without assembly does: whether the CPU has AES "
            "instructions, which an assembly build would use, is not in the text",
            fmt::format("{}; the build has no assembly ({}), so its AES is C code on any CPU; "
                        "the text shows neither the CPU's flags nor a CPU model the table knows",
                        evidence, report.facts.no_asm_evidence),
            fmt::format("Run `{}` on that machine: `aes` means an assembly build would use the "
                        "CPU's AES instructions; nothing, a CPU without them.",
                        kAesCommand)));
      } else {
        const bool guest = aes != nullptr;  // a guest's flags without aes: the host may have it
        // Three causes fit a figure below every hardware path on a CPU the text does not describe:
        // a CPU without AES instructions, a virtual machine whose CPU model hides its host's, and
        // software that does not use them. In the kernel the last is its driver: a module built
        // for the CPU's AES instructions is loaded by the CPU's features (x86: the x86cpu
        // device table of arch/x86/crypto/aesni-intel_glue.c; arm64: module_cpu_feature_match(AES)
        // in arch/arm64/crypto/aes-glue.c, https://github.com/torvalds/linux), so it runs unless
        // the kernel was built without it or it was left out or blacklisted.
        const bool kernel = KernelTool(origin);
        out.push_back(Make(
            "cpu.aes-software", Severity::kWarning,
            guest    ? "AES runs in software in this virtual machine: cannot tell from this report "
                       "whether its host has AES instructions"
            : kernel ? "The kernel's AES runs without AES instructions: cannot tell from this "
                       "report whether the CPU lacks them, a virtual machine's CPU model hides "
                       "them, or the kernel's driver for them is not loaded"
                     : "AES runs in software: cannot tell from this report whether the CPU lacks "
                       "AES instructions, a virtual machine's CPU model hides them, or the "
                       "software does not use them",
            guest ? fmt::format("{}; {} shows no {}, and the host's CPU is not in the text",
                                evidence, aes->clue, aes->name)
                  : fmt::format(
                        "{}; the text shows neither the CPU's flags nor a CPU model the "
                        "table knows{}",
                        evidence,
                        clues.unknown_models.empty()
                            ? ""
                            : fmt::format(" ({} is unknown to it)", Join(clues.unknown_models))),
            guest ? fmt::format("Run `{}` on the host: an `aes` word there means the VM's CPU "
                                "model hides it (then give the guest the host's model).",
                                kAesCommand)
            : kernel
                ? fmt::format(
                      "Run `{}` on that machine: `aes` means the CPU has AES instructions and "
                      "the kernel does not use them (`{}` shows the driver and module that "
                      "serve AES: {}); `hypervisor` alone, a virtual machine whose CPU "
                      "model may hide its host's (run it on the host); nothing, a CPU without "
                      "them, "
                      "which only an offload engine's driver or another cipher makes faster.",
                      kAesCommand, kKernelAesDriverCommand, KernelAesDriverLegend())
                : fmt::format(
                      "Run `{}` on that machine: `aes` means the CPU has AES instructions and "
                      "the software does not use them; `hypervisor` alone, a virtual machine "
                      "whose CPU model may hide its host's (run it on the host); nothing, a CPU "
                      "without them.",
                      kAesCommand)));
      }
    }
  } else if (below.empty() && above.empty() && !inside.empty() &&
             shown == AesInstructionsShown::kAbsent && origin.engine_or_provider.empty()) {
    // The CPU is known to lack AES instructions (its flags line, or a model row of
    // data/cpu-clues.csv) and no figure is faster than software AES can be: no figure can have
    // run on AES instructions, whatever the clock. The kernel may still hand AES to an offload
    // engine's driver, so for kernel tools the summary names both.
    const bool kernel = KernelTool(origin);
    const AesFigure& figure = inside.front();
    if (!aes->coprocessor.empty()) {
      out.push_back(CoprocessorAesFinding(clues, *aes,
                                          fmt::format("{}, so no figure shows a hardware path",
                                                      WithinSoftwareText(clues, figure))));
    } else {
      out.push_back(Make(
          "cpu.no-hw-aes", Severity::kWarning,
          kernel ? fmt::format("The CPU has no {} instructions: the kernel's AES runs in software "
                               "(or on an offload engine's driver, if one is loaded)",
                               aes->name)
                 : fmt::format("AES runs in software: the CPU has no {} instructions", aes->name),
          fmt::format("{} shows no {}{}; {}, so no figure shows a hardware path", aes->clue,
                      aes->name, ClueSourceText(*aes), WithinSoftwareText(clues, figure)),
          NoHwAesAdvice(kernel)));
    }
  } else if (!above.empty() && !origin.cpu_features_known) {
    // (With a CPUINFO vector the verdicts already say which path ran.)
    std::vector<std::string> figures;
    for (const AesFigure& figure : above) {
      figures.push_back(FigureText(figure));
    }
    // A CPU line that shows no AES instructions is overruled, and the contradiction said: only
    // an offload engine runs AES this fast on such a CPU, or the line is another CPU's.
    const std::string contradiction =
        shown == AesInstructionsShown::kAbsent
            ? fmt::format(
                  "; yet {} shows no {}{}: on a CPU without them only an offload engine "
                  "runs AES this fast, or that line describes another CPU than this run's",
                  aes->clue, aes->name, ClueSourceText(*aes))
            : "";
    out.push_back(Make(
        "cpu.aes-hardware", Severity::kInfo,
        "AES runs on a hardware path: faster than any software AES",
        CeilingText(above.front()) +
            (above.size() > 1 ? fmt::format(" (also {})", Join(std::vector<std::string>(
                                                              figures.begin() + 1, figures.end())))
                              : "") +
            contradiction));
  }

  // SHA-256 faster than any software SHA-256 at any clock (hash_bounds.h): SHA instructions or an
  // offload engine ran. As for AES, only without a CPUINFO vector (the verdicts then say which
  // path ran) and not when user CPU time may leave an engine's work out.
  if (!origin.cpu_features_known && !read.sha_above.empty()) {
    // One figure proves it.
    out.push_back(Make("cpu.sha-hardware", Severity::kInfo,
                       "SHA-256 runs on a hardware path: faster than any software SHA-256",
                       ShaCeilingText(report.verdicts[read.sha_above.front()])));
  }
  return out;
}

// The line of a verdict SettleByCpuFindings settles: "<subject>: <status>: <reason>; <rate> is
// <cpb> at <clock>.", its former line kept in the evidence (the fingerprint alone).
void SettleVerdict(Verdict& verdict, VerdictStatus status, const std::string& reason,
                   const DoctorReport& report, std::vector<std::string> evidence,
                   std::string advice) {
  std::string former = verdict.line;  // "AES-128-CBC encrypt: undetermined: 193.05-965.24 cpb..."
  if (const size_t at = former.find(": undetermined: "); at != std::string::npos) {
    former = former.substr(at + 16);
  }
  if (!former.empty() && former.back() == '.') {
    former.pop_back();
  }
  const std::string cpb = verdict_internal::FormatCpb(verdict.cpb_low, verdict.cpb_high);
  const double rate = verdict.measurements.front().bytes_per_s;
  verdict.status = status;
  verdict.line = fmt::format(
      "{}: {}: {}; {}{}.", VerdictSubject(verdict), VerdictStatusName(status), reason,
      verdict_internal::FormatBytesPerSecond(rate),
      cpb.empty()
          ? ""
          : fmt::format(" is {} at {}", cpb,
                        verdict_internal::FormatHzRange(report.core_hz_low, report.core_hz_high)));
  for (std::string& line : evidence) {
    verdict.evidence.push_back(std::move(line));
  }
  if (!former.empty()) {
    verdict.evidence.push_back("the cpb fingerprint alone: " + former);
  }
  verdict.advice = std::move(advice);
}

namespace {

// True when `verdict` is open and the CPU findings' rules may settle it: undetermined, and not
// a kernel tool's row whose named driver is an offload device (SettleByKernelDriver: the CPU's
// bounds do not apply there).
bool Open(const Verdict& verdict) {
  return verdict.status == VerdictStatus::kUndetermined &&
         (verdict.kernel_driver.empty() ||
          SlowestClass(ReadKernelDriver(verdict.kernel_driver)) != KernelDriverClass::kEngine);
}

// SHA-256 figures (the names Sha256SoftwareCeiling bounds) of a CPU the clues show without
// SHA-256 instructions: a MIPS core (no MIPS ISA has them), a Features or isa line without sha2
// or zknh, or an Octeon whose SHA-256 unit is in its coprocessor, which the library has no code
// for. With no figure above every software SHA-256, no engine, provider or configured offload
// and no virtual machine that may hide the feature, software is all the run's code has (tryout
// 30 D12: a MIPS router's sha256 row was left undetermined). Kernel tools are left out: the
// kernel has the Octeon's hash drivers.
void SettleSha256WithoutInstructions(DoctorReport& report, const AesFigures& figures) {
  const ReportOrigin& origin = *report.facts.report;
  const CpuClues& clues = origin.cpu_clues;
  if (!figures.sha_above.empty() || !origin.engine_or_provider.empty() ||
      !origin.configured_offload.empty() || KernelTool(origin)) {
    return;
  }
  const std::string& arch = report.facts.cpu.arch;
  const std::string name = arch == "x86_64" || arch == "x86" ? "SHA-NI" : "SHA2";
  const CpuFeatureClue* sha = clues.Find(name);
  if (sha == nullptr || sha->present || sha->from_vm_model || sha->from_vm_model_name ||
      (!sha->from_flags && clues.virtual_machine) ||
      std::find(clues.hidden_by_vm.begin(), clues.hidden_by_vm.end(), name) !=
          clues.hidden_by_vm.end()) {
    return;
  }
  for (Verdict& verdict : report.verdicts) {
    if (!Open(verdict) || Disputed(verdict) || !Sha256SoftwareCeiling(verdict.algorithm) ||
        verdict.measurements.empty() ||
        verdict.measurements.front().status != results::CellStatus::kOk) {
      continue;
    }
    const std::string source = ClueSourceText(*sha);
    SettleVerdict(
        verdict, VerdictStatus::kSoftwareExpected,
        sha->coprocessor.empty()
            ? fmt::format("{} shows no {} (the CPU lacks SHA-256 instructions), and no figure of "
                          "the run is faster than software SHA-256 can be",
                          sha->clue, sha->name)
            : fmt::format("{} names a CPU whose {} is in {}, and {} has no code for it", sha->clue,
                          sha->name, sha->coprocessor, sha->coprocessor_library),
        report,
        {sha->coprocessor.empty() ? fmt::format("{} shows no {}{}", sha->clue, sha->name, source)
                                  : fmt::format("{} names a CPU whose {} is in {}{}", sha->clue,
                                                sha->name, sha->coprocessor, source)},
        "");
  }
}

}  // namespace

void SettleByCpuFindings(DoctorReport& report) {
  if (!report.facts.report || !report.facts.emulation.empty()) {
    return;
  }
  const ReportOrigin& origin = *report.facts.report;
  const CpuClues& clues = origin.cpu_clues;
  const AesFigures figures = ReadAesFigures(report);

  // cpu.aes-hardware (and report.crypto-fine's AES bound): faster than any software AES at any
  // clock, so a hardware path ran, whatever the CPU, architecture or clock.
  for (const AesFigure& figure : figures.above) {
    Verdict& verdict = report.verdicts[figure.verdict];
    if (!Open(verdict)) {
      continue;
    }
    std::vector<std::string> evidence{CeilingText(figure)};
    if (!origin.engine_or_provider.empty()) {
      evidence.push_back(fmt::format("with {} named, the hardware path may be its device's",
                                     origin.engine_or_provider));
    }
    SettleVerdict(
        verdict, VerdictStatus::kAccelerated,
        figure.why.empty()
            ? fmt::format("faster than any software AES at any clock (above {:.0f} MB/s)",
                          AesBoundsFor(figure.algorithm, figure.operation)->software_ceiling / 1e6)
            : figure.reason,
        report, std::move(evidence), "");
  }

  // cpu.sha-hardware: the same for SHA-256 (hash_bounds.h), so the verdict and the counts say
  // what the finding says (as for AES in tryout 21, item 5).
  for (const size_t index : figures.sha_above) {
    Verdict& verdict = report.verdicts[index];
    if (!Open(verdict)) {
      continue;
    }
    std::vector<std::string> evidence{ShaCeilingText(verdict)};
    if (!origin.engine_or_provider.empty()) {
      evidence.push_back(fmt::format("with {} named, the hardware path may be its device's",
                                     origin.engine_or_provider));
    }
    SettleVerdict(verdict, VerdictStatus::kAccelerated,
                  fmt::format("faster than any software SHA-256 at any clock (above {:.0f} MB/s)",
                              *Sha256SoftwareCeiling(verdict.algorithm) / 1e6),
                  report, std::move(evidence), "");
  }

  SettleSha256WithoutInstructions(report, figures);

  // cpu.aes-unused and cpu.no-hw-aes: a figure below every hardware AES path (or AES-GCM at a
  // fraction of the same run's ChaCha20-Poly1305 no hardware path reaches) ran in software;
  // the CPU's clue then says whether that was its best. A virtual machine whose model hides AES
  // (cpu.vm-hides-features, cpu.vm-model-lacks) is left to those findings, and a figure with an
  // engine or provider named may be the device's.
  const CpuFeatureClue* aes = nullptr;
  const AesInstructionsShown shown = ShownAesInstructions(clues, &aes);
  const bool aes_hidden =
      std::any_of(clues.hidden_by_vm.begin(), clues.hidden_by_vm.end(),
                  [](const std::string& name) { return name == "AES-NI" || name == "AES"; });
  if (aes == nullptr || aes_hidden || aes->from_vm_model || !origin.engine_or_provider.empty() ||
      shown == AesInstructionsShown::kUnknown) {
    return;
  }
  const std::string clue_source = ClueSourceText(*aes);
  if (shown == AesInstructionsShown::kPresent) {
    for (const AesFigure& figure : figures.below) {
      Verdict& verdict = report.verdicts[figure.verdict];
      if (!Open(verdict)) {
        continue;
      }
      SettleVerdict(
          verdict, VerdictStatus::kNotAccelerated,
          fmt::format("the CPU has {}, but {}", aes->name,
                      figure.why.empty() ? "no hardware AES path runs this slowly" : figure.reason),
          report,
          {FloorText(figure), fmt::format("{} shows {}{}", aes->clue, aes->name, clue_source)},
          KernelTool(origin)
              ? KernelAesDriverAdvice(report.facts.cpu.arch, origin.kernel_aes_module,
                                      origin.kernel_aes_module_line)
              : AesUnusedAdvice(report.facts));
    }
    return;
  }
  // The CPU has no AES instructions and no figure is faster than software AES: every AES figure
  // ran in software, the best this CPU has. Between the bounds a kernel tool may still have
  // handed AES to an offload engine's driver (cpu.no-hw-aes says so), so only figures below
  // every hardware path settle there.
  if (!figures.above.empty()) {
    return;
  }
  std::vector<AesFigure> software = figures.below;
  if (!KernelTool(origin)) {
    software.insert(software.end(), figures.inside.begin(), figures.inside.end());
  }
  for (const AesFigure& figure : software) {
    Verdict& verdict = report.verdicts[figure.verdict];
    if (!Open(verdict)) {
      continue;
    }
    const bool below = ClassifyAesFigure(figure.algorithm, figure.input_len, figure.bytes_per_s,
                                         figure.operation) == AesBound::kBelowHardware ||
                       !figure.why.empty();
    if (!aes->coprocessor.empty()) {
      // The CPU has AES in its crypto coprocessor; the library has no code for it.
      SettleVerdict(verdict, VerdictStatus::kSoftwareExpected,
                    fmt::format("{} names a CPU whose {} is in {}, and {} has no code for it",
                                aes->clue, aes->name, aes->coprocessor, aes->coprocessor_library),
                    report,
                    {below ? FloorText(figure) : WithinSoftwareText(clues, figure),
                     fmt::format("{} names a CPU whose {} is in {}{}", aes->clue, aes->name,
                                 aes->coprocessor, clue_source)},
                    "");
      continue;
    }
    SettleVerdict(verdict, VerdictStatus::kSoftwareExpected,
                  fmt::format("{} shows no {} (the CPU lacks it), and {}", aes->clue, aes->name,
                              !figure.why.empty() ? figure.reason
                              : below             ? "no hardware AES path runs this slowly"
                                      : "no figure of the run is faster than software AES can be"),
                  report,
                  {below ? FloorText(figure) : WithinSoftwareText(clues, figure),
                   fmt::format("{} shows no {}{}", aes->clue, aes->name, clue_source)},
                  "");
  }
}

namespace {

// The mode of an AES catalogue name ("AES-128-GCM" -> "GCM", "AES-256-CBC" -> "CBC"); "" for
// any other algorithm (GHASH's "GHASH (AES-128-GCM)" included).
std::string_view AesMode(std::string_view algorithm) {
  if (!algorithm.starts_with("AES-") || !AesRoundFactor(std::string(algorithm))) {
    return "";
  }
  const size_t dash = algorithm.find('-', 4);
  return dash == std::string_view::npos ? "" : algorithm.substr(dash + 1);
}

// How far apart (max/min of bytes/s times AesRoundFactor) a row's figure and its settled
// sibling's may be for the sibling to settle it. One path runs both directions of a parallel
// mode at one rate (../shared/reference/cpb-reference.csv: aesni-x86_64.pl CTR encrypt and
// decrypt 1.26 cpb alike) and the key sizes within a few tens of percent per round; a wider gap
// is a disturbed row, a path picked per key size, or a serial CBC encrypt beside its parallel
// decrypt.
constexpr double kSiblingFigureSpread = 1.5;

// Encrypt and decrypt of one key size in a mode whose directions run alike (DirectionsAlike)
// this far apart (max/min of bytes/s) are not one path's two figures: one path runs both at
// one rate (within kSiblingFigureSpread), and software AES decrypts at most about 1.4 times
// slower than it encrypts (its inverse MixColumns costs more: OpenSSL's vpaes-x86_64.pl cpb
// table, lines 30-37: the compact table path 29.6 against 41.1 cpb, vpaes 21.9 against 25.2, on
// Core 2; ../shared/reference/cpb-reference.csv). 4 leaves a margin of 2.9 above that.
constexpr double kDirectionsDisturbed = 4.0;

// "1535.2 MB/s" for a verdict's first measurement.
std::string FigureRate(const Verdict& verdict) {
  return fmt::format("{:.1f} MB/s", verdict.measurements.front().bytes_per_s / 1e6);
}

// True when one run's AES rows of a mode may share one code path at all: not under emulation,
// not with an engine or provider (it may take some rows), not for a kernel tool (an offload
// driver may serve some key sizes or modes only), and not with 1.x low-level AES_* rows beside
// EVP ones (two code paths for one name).
bool RowsMayShareAPath(const DoctorReport& report, const results::RunResult& run) {
  if (!report.facts.report || !report.facts.emulation.empty()) {
    return false;
  }
  const ReportOrigin& origin = *report.facts.report;
  if (!origin.engine_or_provider.empty() || KernelTool(origin)) {
    return false;
  }
  const bool legacy = std::any_of(run.algorithms.begin(), run.algorithms.end(),
                                  [](const auto& r) { return r.api == "legacy"; });
  const bool evp = std::any_of(run.algorithms.begin(), run.algorithms.end(),
                               [](const auto& r) { return r.api != "legacy"; });
  return !(legacy && evp);
}

// True when the run's rows of `mode` name one implementation (Botan's tags: more than one, no
// shared path).
bool OneImplementation(const results::RunResult& run, std::string_view mode) {
  std::string seen;
  bool first = true;
  for (const results::AlgorithmResult& result : run.algorithms) {
    if (AesMode(result.algorithm) != mode) {
      continue;
    }
    if (!first && result.implementation != seen) {
      return false;
    }
    seen = result.implementation;
    first = false;
  }
  return true;
}

// Modes whose encrypt and decrypt run alike on one path (both parallel, or both serial as
// CCM's CBC-MAC): a verdict class that differs between their rows is a contradiction. CBC is
// not among them (serial encrypt, parallel decrypt); CFB and OFB are left out (no corpus row).
bool DirectionsAlike(std::string_view mode) {
  return mode == "GCM" || mode == "CTR" || mode == "ECB" || mode == "XTS" || mode == "CCM" ||
         mode == "OCB";
}

// True when rows `a` and `b` (AES, same mode, same input size) run one code path at one rate
// class: both directions of one key size in a DirectionsAlike mode; or, when `per_key_size_ok`
// (the architecture is known and picks its AES code for every key size alike), another key
// size in the same direction of such a mode, or CBC decrypt against CBC decrypt.
bool OnePathRows(const Verdict& a, const Verdict& b, bool per_key_size_ok) {
  const std::string_view mode = AesMode(a.algorithm);
  if (mode.empty() || AesMode(b.algorithm) != mode || a.input_len != b.input_len) {
    return false;
  }
  if (a.algorithm == b.algorithm) {
    return a.operation != b.operation && DirectionsAlike(mode);
  }
  if (!per_key_size_ok || a.operation != b.operation) {
    return false;
  }
  return DirectionsAlike(mode) || (mode == "CBC" && a.operation == "decrypt");
}

}  // namespace

bool Disputed(const Verdict& verdict) {
  return verdict.status == VerdictStatus::kUndetermined &&
         std::any_of(verdict.evidence.begin(), verdict.evidence.end(),
                     [](const std::string& line) { return line.starts_with(kDisputedEvidence); });
}

std::vector<Finding> DisputeDisagreeingRows(DoctorReport& report, const results::RunResult& run) {
  std::vector<Finding> out;
  if (!RowsMayShareAPath(report, run)) {
    return out;
  }
  // s390x picks its CPACF code per key size (S390X_aes_*_CAPABLE); an unknown architecture
  // might be s390x.
  const std::string& arch = report.facts.cpu.arch;
  const bool per_key_size_ok = !arch.empty() && arch != "s390x";
  const auto usable = [](const Verdict& v) {
    return !v.measurements.empty() && v.measurements.front().status == results::CellStatus::kOk &&
           v.measurements.front().bytes_per_s > 0;
  };
  for (Verdict& slow : report.verdicts) {
    if (slow.status != VerdictStatus::kNotAccelerated || !usable(slow) ||
        !OneImplementation(run, AesMode(slow.algorithm))) {
      continue;
    }
    // The closest accelerated row: the same key size first.
    const Verdict* fast = nullptr;
    for (const Verdict& other : report.verdicts) {
      if (&other == &slow || other.status != VerdictStatus::kAccelerated || !usable(other) ||
          !OnePathRows(slow, other, per_key_size_ok)) {
        continue;
      }
      if (fast == nullptr ||
          (other.algorithm == slow.algorithm && fast->algorithm != slow.algorithm)) {
        fast = &other;
      }
    }
    if (fast == nullptr) {
      continue;
    }
    const std::string slow_subject = VerdictSubject(slow);
    const std::string fast_subject = VerdictSubject(*fast);
    const double ratio =
        fast->measurements.front().bytes_per_s / slow.measurements.front().bytes_per_s;
    std::string former = slow.line;
    if (!former.empty() && former.back() == '.') {
      former.pop_back();
    }
    std::string fast_line = fast->line;
    if (!fast_line.empty() && fast_line.back() == '.') {
      fast_line.pop_back();
    }
    const std::string why = fmt::format(
        "one library build picks its AES code for a mode once per key by the CPU's features, one "
        "routine for both directions and every key size (OpenSSL's crypto/evp/e_aes.c: "
        "AESNI_CAPABLE / HWAES_CAPABLE tested in the mode's init_key), so the two rows cannot "
        "take different paths; a busy or shared machine, a throttled core or a figure cut short "
        "slows a figure, none makes one faster, so the slower row ({} against {}, {:.1f}x) is "
        "the one in doubt",
        FigureRate(slow), FigureRate(*fast), ratio);
    const std::string rerun = RerunCommand(*report.facts.report, slow.algorithm);
    const std::string advice = fmt::format(
        "Run {} again on a quiet machine (nothing else running, the CPU not throttled): {} at "
        "{}'s rate shows the pasted figure was the machine's; rows that still disagree there "
        "are worth reporting to the library's maintainers.",
        rerun.starts_with("the same") ? rerun : fmt::format("`{}`", rerun), slow_subject,
        fast_subject);
    out.push_back(Make(
        "report.rows-disagree", Severity::kWarning,
        fmt::format("{} and {} of one run disagree: one code path serves both, so one figure was "
                    "likely disturbed",
                    fast_subject, slow_subject),
        fmt::format("{}; yet {}; {}", fast_line, former, why), advice));
    slow.status = VerdictStatus::kUndetermined;
    slow.evidence.push_back(fmt::format("{}{}", kDisputedEvidence, former));
    slow.evidence.push_back(why);
    slow.line = fmt::format(
        "{}: undetermined: cannot tell from this report: its figure ({}) says software AES, yet "
        "{} of the same run, which the same code path serves, is accelerated ({}); one of them "
        "was likely disturbed.",
        slow_subject, FigureRate(slow), fast_subject, FigureRate(*fast));
    slow.advice = advice;
  }
  return out;
}

std::optional<Finding> DirectionsDifferFinding(const DoctorReport& report,
                                               const results::RunResult& run) {
  if (!RowsMayShareAPath(report, run)) {
    return std::nullopt;
  }
  for (const Verdict& a : report.verdicts) {
    for (const Verdict& b : report.verdicts) {
      if (a.status != VerdictStatus::kUndetermined || b.status != VerdictStatus::kUndetermined ||
          Disputed(a) || Disputed(b) || a.algorithm != b.algorithm || a.operation != "encrypt" ||
          b.operation != "decrypt" || !OnePathRows(a, b, false) ||
          !OneImplementation(run, AesMode(a.algorithm)) || a.measurements.empty() ||
          b.measurements.empty() || a.measurements.front().status != results::CellStatus::kOk ||
          b.measurements.front().status != results::CellStatus::kOk) {
        continue;
      }
      const double x = a.measurements.front().bytes_per_s;
      const double y = b.measurements.front().bytes_per_s;
      if (!(x > 0) || !(y > 0) || std::max(x, y) < kDirectionsDisturbed * std::min(x, y)) {
        continue;
      }
      const Verdict& slow = x < y ? a : b;
      const Verdict& fast = x < y ? b : a;
      const std::string rerun = RerunCommand(*report.facts.report, a.algorithm);
      return Make(
          "report.rows-disagree", Severity::kWarning,
          fmt::format("{} encrypt and decrypt of one run differ {:.0f}x: one code path serves "
                      "both, so one figure was likely disturbed",
                      a.algorithm, std::max(x, y) / std::min(x, y)),
          fmt::format(
              "{} at {} against {} at {}, at {} per call; both directions of {} run one routine "
              "at one rate (a library picks its AES code for a mode once per key, one routine for "
              "both directions: OpenSSL's crypto/evp/e_aes.c; aesni-x86_64.pl's cpb table gives "
              "CTR encrypt and decrypt alike), and software AES decrypts at most about 1.4 times "
              "slower than it encrypts (vpaes-x86_64.pl's cpb table: the compact table path 29.6 "
              "against 41.1 cpb, vpaes 21.9 against 25.2, on Core 2), never {:.0f} times; a busy "
              "or shared machine, a throttled core or a figure cut short slows one "
              "figure, so the slower one ({}) is likely the disturbed one, and neither verdict can "
              "rest on it",
              VerdictSubject(fast), FigureRate(fast), VerdictSubject(slow), FigureRate(slow),
              report::FormatThroughputSize(a.input_len), AesMode(a.algorithm),
              std::max(x, y) / std::min(x, y), VerdictSubject(slow)),
          fmt::format("Run {} again on a quiet machine (nothing else running, the CPU not "
                      "throttled): both directions at one rate give figures a verdict can rest "
                      "on; a gap that stays is worth reporting to the library's maintainers.",
                      rerun.starts_with("the same") ? rerun : fmt::format("`{}`", rerun)));
    }
  }
  return std::nullopt;
}

void SettleBySiblings(DoctorReport& report, const results::RunResult& run) {
  if (!RowsMayShareAPath(report, run)) {
    return;
  }
  const auto one_implementation = [&](std::string_view mode) {
    return OneImplementation(run, mode);
  };
  // Settled rows first, so a row settled here does not settle another.
  std::vector<size_t> settled;
  for (size_t i = 0; i < report.verdicts.size(); ++i) {
    const Verdict& v = report.verdicts[i];
    if (!AesMode(v.algorithm).empty() &&
        (v.status == VerdictStatus::kAccelerated || v.status == VerdictStatus::kNotAccelerated)) {
      settled.push_back(i);
    }
  }
  for (Verdict& verdict : report.verdicts) {
    const std::string_view mode = AesMode(verdict.algorithm);
    if (mode.empty() || !Open(verdict) || Disputed(verdict) || verdict.measurements.empty() ||
        verdict.measurements.front().status != results::CellStatus::kOk ||
        !one_implementation(mode)) {
      continue;
    }
    // The closest settled row names it: the same key size first, then the same direction.
    const auto distance = [&](const Verdict& other) {
      return (other.algorithm == verdict.algorithm ? 0 : 2) +
             (other.operation == verdict.operation ? 0 : 1);
    };
    // Rounds-normalised throughput: one path runs every key size at about the same rate per
    // round, and both directions of a mode alike.
    const auto per_round = [](const Verdict& v) {
      return v.measurements.front().bytes_per_s * AesRoundFactor(v.algorithm).value_or(1.0);
    };
    const double own = per_round(verdict);
    const Verdict* sibling = nullptr;
    bool disagree = false;
    for (const size_t i : settled) {
      const Verdict& other = report.verdicts[i];
      if (AesMode(other.algorithm) != mode || other.measurements.empty() ||
          other.measurements.front().status != results::CellStatus::kOk) {
        continue;
      }
      // A figure far from its sibling's (a disturbed or throttled row, or a path chosen per key
      // size such as s390x CPACF's S390X_aes_*_CAPABLE) does not share the sibling's path, or
      // its figure does not show it: it settles nothing.
      const double theirs = per_round(other);
      if (other.input_len != verdict.input_len || own <= 0 || theirs <= 0 ||
          std::max(own, theirs) > kSiblingFigureSpread * std::min(own, theirs)) {
        continue;
      }
      if (sibling != nullptr && sibling->status != other.status) {
        disagree = true;
      }
      if (sibling == nullptr || distance(other) < distance(*sibling)) {
        sibling = &other;
      }
    }
    if (sibling == nullptr || disagree) {
      continue;
    }
    // The row's own figure must not contradict the sibling's path (it would have been settled
    // the other way by the bounds; kept as a guard).
    const AesBound bound =
        ClassifyAesFigure(verdict.algorithm, verdict.input_len,
                          verdict.measurements.front().bytes_per_s, verdict.operation);
    const bool accelerated = sibling->status == VerdictStatus::kAccelerated;
    if ((accelerated && bound == AesBound::kBelowHardware) ||
        (!accelerated && bound == AesBound::kAboveSoftware)) {
      continue;
    }
    std::string sibling_line = sibling->line;
    if (!sibling_line.empty() && sibling_line.back() == '.') {
      sibling_line.pop_back();
    }
    const std::string subject = VerdictSubject(*sibling);
    SettleVerdict(verdict, sibling->status,
                  fmt::format("the same code path as {} of this run ({}{} in one run share the "
                              "library's choice of AES code)",
                              subject,
                              verdict.algorithm == sibling->algorithm
                                  ? "encrypt and decrypt"
                                  : fmt::format("{} and {}", verdict.algorithm, sibling->algorithm),
                              verdict.algorithm == sibling->algorithm ||
                                      verdict.operation == sibling->operation
                                  ? ""
                                  : ", encrypt and decrypt"),
                  report,
                  {fmt::format("settled by {}: {}", subject, sibling_line),
                   fmt::format("one library build picks its AES code for a mode once per key "
                               "by the CPU's features, one routine for both directions "
                               "(OpenSSL's crypto/evp/e_aes.c), and this row's figure is within "
                               "{:.1f}x of that row's per round ({} against {}), so the two "
                               "rows share a hardware or software path",
                               kSiblingFigureSpread, FigureRate(verdict), FigureRate(*sibling))},
                  sibling->advice);
  }
}

}  // namespace cryptobench::diagnose
