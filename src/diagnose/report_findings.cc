// ReportFindings (doctor_from.h): report-wide facts that change what the verdicts of
// `doctor --from` mean. The live doctor's findings (verdict_findings.cc) read the machine; these
// read the text.
#include <algorithm>
#include <string_view>

#include <fmt/format.h>

#include "results/cpuinfo_vectors.h"
#include "results/emulated.h"

#include "diagnose/doctor_from.h"
#include "diagnose/engines.h"
#include "diagnose/library_advice.h"
#include "diagnose/library_facts.h"
#include "diagnose/undecoded_vector.h"
#include "diagnose/verdict_text.h"

namespace cryptobench::diagnose {
namespace {

using verdict_internal::Join;

Finding Make(std::string id, Severity severity, std::string summary, std::string evidence,
             std::string advice = "") {
  return Finding{std::move(id), severity, std::move(summary), std::move(evidence),
                 std::move(advice)};
}

std::string LibraryName(const results::LibraryInfo& library) {
  return library.version.empty() ? std::string("the library") : library.version;
}

// True when the run has AES (or Camellia) rows of the 1.x low-level API: the only rows whose
// API decides between the software and the hardware path (import names them in a caveat:
// "Rows 'aes-128 cbc', ... time OpenSSL 1.x's low-level API").
bool HasLegacyAesRows(const ReportOrigin& origin) {
  return std::any_of(origin.caveats.begin(), origin.caveats.end(), [](const std::string& c) {
    return c.find("low-level API") != std::string::npos &&
           (c.find("'aes-") != std::string::npos || c.find("'camellia-") != std::string::npos);
  });
}

// Where the report shows the CPU has the AES instructions the EVP path would use: "the
// CPUINFO line", or the clue of a flags/Features line (cpu_clues.h); "" when it does not.
std::string CpuHasAes(const DoctorFacts& facts) {
  const cpu::FeatureState* aes = facts.cpu.Find(facts.cpu.arch == "x86_64" ? "AES-NI" : "AES");
  if (facts.report->cpu_features_known) {
    return aes != nullptr && aes->supported ? "the CPUINFO line" : "";
  }
  const CpuClues& clues = facts.report->cpu_clues;
  for (const char* name : {"AES-NI", "AES"}) {
    const CpuFeatureClue* clue = clues.Find(name);
    if (clue != nullptr && clue->present && clue->from_flags) {
      return clue->clue;
    }
  }
  return "";
}

void Build(const DoctorFacts& facts, std::vector<Finding>& out) {
  if (facts.no_asm_build) {
    const bool boringssl = facts.report && facts.report->tool.starts_with("bssl");
    const bool na = facts.no_asm_evidence.empty() || facts.no_asm_evidence == "CPUINFO: N/A";
    out.push_back(Make(
        "library.no-asm", Severity::kWarning,
        "The library was built without assembly: every algorithm runs generic C code",
        na ? fmt::format("{} reports CPUINFO: N/A; whether the CPU has crypto instructions is not "
                         "in the text",
                         LibraryName(facts.library))
           : fmt::format("{} shows it: {}",
                         boringssl ? "BoringSSL's build" : LibraryName(facts.library),
                         facts.no_asm_evidence),
        NoAsmRemedy(facts)));
    return;
  }
  // OpenSSL 1.x Configure adds -D*_ASM and -DOPENSSL_CPUID_OBJ whenever assembly is enabled
  // (1.1.1 Configure, "unless ($disabled{asm})").
  // The rule needs Configure's own compiler line: builds that replace it (FreeBSD's base
  // system prints "compiler: clang") never show their defines, so their silence says nothing.
  // It also needs the line whole: with no results table after it, the paste may end inside it
  // (ReportOrigin::compiler_line_may_be_cut), and then it cannot tell.
  const results::LibraryInfo& library = facts.library;
  const bool may_be_cut = facts.report && facts.report->compiler_line_may_be_cut;
  if (CompilerLineAsmOf(library, may_be_cut).state == CompilerLineAsm::State::kWithoutAsm) {
    out.push_back(Make(
        "library.no-asm-defines", Severity::kWarning,
        "The compiler line has no assembly defines: a build without assembly, or a shortened line",
        fmt::format("{}'s compiler line has no -D*_ASM define and no -DOPENSSL_CPUID_OBJ, which "
                    "OpenSSL 1.x adds whenever assembly is enabled; a figure only accelerated code "
                    "reaches shows the line was shortened",
                    LibraryName(library)),
        NoAsmRemedy(facts)));
  }
}

// ", which clears AES-NI, AVX2, features the text shows the CPU has" for a report's masked bits;
// an OPENSSL_ia32cap bit no CPU line shows (ReportFacts keeps it masked) is named apart, "(whether
// the CPU has them is not in the text)".
std::string MaskedText(const DoctorFacts& facts) {
  const CpuClues& clues = facts.report->cpu_clues;
  std::vector<std::string> shown;
  std::vector<std::string> unshown;
  for (const std::string& name : facts.env_masked_features) {
    const CpuFeatureClue* clue = clues.Find(name);
    const bool trusted = clue != nullptr && (clue->from_flags || !clues.virtual_machine);
    (trusted && clue->present ? shown : unshown).push_back(name);
  }
  std::string text;
  if (!shown.empty()) {
    text = fmt::format(", which clears {}, features the text shows the CPU has", Join(shown));
  }
  if (!unshown.empty()) {
    text += fmt::format("{} {} (whether the CPU has them is not in the text)",
                        shown.empty() ? ", which clears" : "; it also clears", Join(unshown));
  }
  return text;
}

void Mask(const DoctorFacts& facts, std::vector<Finding>& out) {
  if (!facts.env_ia32cap) {
    return;
  }
  const std::string variable = CapabilityVariable(facts);
  const bool masks = !facts.env_masked_features.empty();
  // Without an env: part in CPUINFO the value came from the pasted command (report_facts.cc).
  const bool command = facts.library.cpu_info.find("env:") == std::string::npos;
  std::string evidence =
      (command ? fmt::format("the pasted command (or an export line before it) sets {}={}",
                             variable, *facts.env_ia32cap)
               : fmt::format("the CPUINFO line ends in env:{}", *facts.env_ia32cap)) +
      (masks                                ? MaskedText(facts)
       : !facts.env_cleared_unknown.empty() ? std::string()
       : variable == "OPENSSL_armcap" || !facts.env_cleared_absent.empty()
           ? std::string(", which clears none of the known capability bits the CPU has")
           : std::string(", which clears none of the known capability bits"));
  // Bits the value clears that no CPU line shows (ReportFacts): the CPU may lack them, so the
  // mask is not shown to change anything there.
  const bool unknown = !facts.env_cleared_unknown.empty();
  if (unknown) {
    evidence += fmt::format(
        "{} clears {}; whether the CPU has {} is not in the text (no flags or Features line "
        "shows {}), so cannot tell whether the value masks {}",
        masks ? "; it also" : ", which", Join(facts.env_cleared_unknown),
        facts.env_cleared_unknown.size() == 1 ? "it" : "them",
        facts.env_cleared_unknown.size() == 1 ? "it" : "them",
        facts.env_cleared_unknown.size() == 1 ? "it" : "them");
  }
  // Bits the value clears that the CPU lacks anyway (env_cleared_absent) change nothing: not
  // named, as the value takes nothing away there.
  // OpenSSL zeroes every word the value does not write (crypto/cpuid.c; cpb-reference.md 2.1).
  const std::string& vector = facts.library.capability_vector;
  const size_t words = static_cast<size_t>(std::count(vector.begin(), vector.end(), ':')) + 1;
  const std::string& value = *facts.env_ia32cap;
  const size_t written = static_cast<size_t>(std::count(value.begin(), value.end(), ':')) + 1;
  if (variable == "OPENSSL_ia32cap" && written < words) {
    evidence += fmt::format(
        "; it writes {} of the {} words the library reads, and every word not written is zeroed",
        written, words);
  }
  out.push_back(Make(
      variable == "OPENSSL_armcap" ? "env.armcap" : "env.ia32cap",
      masks ? Severity::kWarning : Severity::kInfo,
      fmt::format("The report ran with {} set{}", variable, masks ? ": it masks CPU features" : ""),
      evidence,
      masks     ? fmt::format("Re-run without {} to see the library's own paths.", variable)
      : unknown ? fmt::format("Include `{}` from the same machine: it names the extensions the "
                              "CPU has, and so which of them the value turns off.",
                              variable == "OPENSSL_armcap" ? "grep -m1 Features /proc/cpuinfo"
                                                           : "grep -m1 flags /proc/cpuinfo")
                : ""));
}

void Cpu(const DoctorFacts& facts, std::vector<Finding>& out) {
  const ReportOrigin& origin = *facts.report;
  if (facts.cpu.arch.empty() && !origin.cpu_clues.arch_family.empty()) {
    // The family without the width (a `botan cpuid` line): one command settles it.
    const bool x86 = origin.cpu_clues.arch_family == "x86";
    out.push_back(Make(
        "report.arch-unknown", Severity::kWarning,
        fmt::format("The text shows an {} CPU but not whether its code is 32- or 64-bit: no cpb "
                    "class applies",
                    origin.cpu_clues.arch_family),
        fmt::format("{} names {} features, which Botan prints under the same names on 32- and "
                    "64-bit builds",
                    origin.cpu_clues.arch_family_clue, origin.cpu_clues.arch_family),
        fmt::format("Include `uname -m` output ({}).",
                    x86 ? "x86_64 for 64-bit, i686 or i386 for 32-bit"
                        : "aarch64 for 64-bit, armv7l or armv6l for 32-bit")));
    return;
  }
  if (facts.cpu.arch.empty() && facts.library.capability_vector == "N/A" && OpensslAdvice(facts) &&
      !KernelTool(origin) && !facts.no_asm_build) {
    // crypto/info.c writes a vector in every assembly build only on some architectures
    // (results::CpuinfoNaProvesNoAsm): with the architecture unknown, N/A proves neither a build
    // without assembly nor one with it.
    out.push_back(
        Make("report.arch-unknown", Severity::kWarning,
             "CPUINFO: N/A and no architecture: cannot tell whether this build has assembly",
             fmt::format("OpenSSL prints CPUINFO: N/A in a build without assembly on {}; {} (no "
                         "platform line, uname -m or CPU line), so N/A proves neither, and no cpb "
                         "class applies",
                         results::CpuinfoNaNoAsmFamilies(), results::CpuinfoNaSaysNothingOn("")),
             ArchitectureCommandAdvice(facts)));
    return;
  }
  if (facts.cpu.arch.empty()) {
    out.push_back(Make("report.arch-unknown", Severity::kWarning,
                       "The text names no architecture: no cpb class applies",
                       OpensslAdvice(facts) && !KernelTool(origin)
                           ? OpensslArchitectureGap(facts) + ", and no machine description"
                           : "no architecture or CPU line (uname, lscpu), and no machine "
                             "description",
                       ArchitectureCommandAdvice(facts)));
    return;
  }
  if (!origin.cpu_features_known && !UndecodedVectorVariable(facts.library.cpu_info).empty()) {
    // The vector is in the text (crypto/info.c prints it on s390x and RISC-V): it is not asked
    // for, only not decoded into the features the cpb classes and masks use.
    out.push_back(
        Make("report.vector-not-decoded", Severity::kInfo,
             fmt::format(
                 "The CPUINFO line's {} vector is not decoded: the CPU's features are {}",
                 UndecodedVectorVariable(facts.library.cpu_info),
                 origin.cpu_features_from_clues ? "from its CPU lines" : "unknown to cryptobench"),
             fmt::format(
                 "cryptobench decodes OPENSSL_ia32cap and OPENSSL_armcap only{}; verdicts rest "
                 "on the cpb fingerprint and the build flags",
                 UndecodedVectorAes(facts.library.cpu_info).empty()
                     ? std::string()
                     : "; of AES the vector shows " + UndecodedVectorAes(facts.library.cpu_info)),
             ""));
    return;
  }
  if (!origin.cpu_features_known && !facts.no_asm_build) {
    const bool clues = origin.cpu_features_from_clues;
    // CPUINFO is OpenSSL's line (openssl version -a); other libraries and the kernel's tools
    // print no capability vector at all.
    const bool openssl = OpensslAdvice(facts) && !KernelTool(origin);
    // What N/A says on the architecture: results::CpuinfoNaSaysNothingOn (s390x and RISC-V
    // vectors themselves: UndecodedVectorVariable).
    const bool silent_na = facts.library.capability_vector == "N/A";
    const bool cut = results::Ia32capVectorCut(facts.library.cpu_info);
    const std::string_view no_line = silent_na ? "no capability vector (CPUINFO: N/A)"
                                     : cut     ? "a CPUINFO line cut short, no capability vector"
                                     : openssl ? "no CPUINFO line"
                                               : "no capability vector";
    out.push_back(Make(
        "report.no-cpuinfo", Severity::kInfo,
        fmt::format("The text has {}: the CPU's features {}", no_line,
                    clues ? "come from its CPU lines" : "are unknown"),
        fmt::format(
            "{}; verdicts rest on {}the cpb fingerprint{}{}",
            silent_na  ? fmt::format("CPUINFO: N/A means a build without assembly on {}, but {}",
                                     results::CpuinfoNaNoAsmFamilies(),
                                     results::CpuinfoNaSaysNothingOn(facts.cpu.arch))
            : !openssl ? std::string("the tool prints no capability vector")
            : cut ? std::string("the CPUINFO line has one word where OpenSSL prints two or more "
                                "(crypto/info.c)")
            : facts.library.version_num != 0 && facts.library.version_num < 0x30000000
                ? std::string("OpenSSL 1.x prints no capability vector")
                : std::string("the header has no CPUINFO line"),
            !clues    ? ""
            : openssl ? "what the CPU lines show (the clues), "
                      : "what the CPU lines show (the clues) and ",
            openssl ? " and the build flags" : "",
            !clues ? ", and cannot call software a problem"
            // A mask the pasted command sets is in the text (env.armcap, env.ia32cap).
            : facts.env_ia32cap ? ""
                                : "; whether the library masked a feature is not in the text"),
        NoCapabilityVectorAdvice(facts)));
  }
}

// What to do about emulation `reason` (DoctorFacts::emulation).
std::string EmulatedAdvice(const std::string& reason) {
  // QEMU's TCG emulates every instruction; with KVM (accel=kvm) the guest's code runs on the
  // host's CPU (QEMU docs, system/invocation: -accel). No CPU model advice: -cpu host needs KVM.
  if (reason.find("TCG") != std::string::npos) {
    return "Run the guest under KVM (QEMU: -accel kvm, accel=kvm; libvirt: domain type 'kvm'), "
           "or run on the host itself, and repeat the run.";
  }
  // A user-mode emulator runs another architecture's binary: the CPU's own architecture's
  // build runs natively (docs.docker.com/build/building/multi-platform/).
  if (const std::optional<std::string> native = results::NativePlatformOfEmulation(reason)) {
    return fmt::format(
        "Run natively: openssl and its library built for {0} (for a container, the {0} image: "
        "`docker run --platform linux/{0} ...`, or no --platform on this host), and repeat the "
        "run; only a native run's figures say how the library uses this CPU.",
        *native);
  }
  return "Run cryptobench speed or doctor on the machine itself.";
}

void Timing(const DoctorFacts& facts, std::vector<Finding>& out) {
  const ReportOrigin& origin = *facts.report;
  if (!facts.emulation.empty()) {
    out.push_back(Make("report.emulated", Severity::kWarning,
                       "Measured under emulation: the figures time the emulator",
                       facts.emulation +
                           "; no cpb class or speed bound applies, and the figures say nothing "
                           "about how fast any CPU is",
                       // QEMU's TCG emulates every instruction; with KVM (accel=kvm) the guest's
                       // code runs on the host's CPU (QEMU docs, system/invocation: -accel).
                       // No CPU model advice: -cpu host needs KVM.
                       EmulatedAdvice(facts.emulation)));
  }
  if (const std::string offload =
          UserCpuOffloadSummary(origin.timing_basis, origin.engine_or_provider);
      !offload.empty()) {
    out.push_back(Make(
        "report.user-cpu-offload", Severity::kWarning, offload,
        "openssl speed divides by user CPU time unless -elapsed is given; an engine or provider "
        "that works in the kernel, in other threads or on a device makes the figures overstate "
        "throughput",
        "Re-run openssl speed with -elapsed (wall-clock time), or measure with cryptobench "
        "speed."));
  }
  if (origin.processes > 1) {
    out.push_back(Make(
        "report.multi", Severity::kInfo,
        fmt::format("The figures are the sum of {} processes", origin.processes),
        "verdicts use one process's figure (the fastest worker's where the report has it, else "
        "the total divided by the count); processes that shared a core each ran slower",
        ""));
  }
  // The API is a cause only for AES/Camellia rows on a CPU the report shows to have AES
  // instructions: elsewhere (MIPS, a CPU without AES-NI, an unknown CPU) EVP runs the same
  // software, or the text cannot tell, so it is a note.
  if (HasLegacyAesRows(origin)) {
    const std::string aes_clue = CpuHasAes(facts);
    // A development build may have changed that code (OneXDevelopmentBuild): not a cause.
    const bool not_a_release =
        OneXDevelopmentBuild(facts.library.version, facts.library.version_num);
    const bool cause = !aes_clue.empty() && !not_a_release;
    out.push_back(Make(
        "report.legacy-api", cause ? Severity::kWarning : Severity::kInfo,
        fmt::format("{} AES rows time the 1.x low-level API, not EVP",
                    origin.evp == "legacy" ? "The" : "Some"),
        not_a_release
            ? fmt::format("the releases' low-level AES_* code has no AES-NI or ARMv8 path, but {} "
                          "is a development build, and a development branch may have given it "
                          "one (https://github.com/openssl/openssl/pull/11895 did on a 1.1.1 "
                          "feature branch)",
                          facts.library.version)
        : cause ? fmt::format("the low-level AES_* code has no AES-NI or ARMv8 path, and {} "
                              "shows the CPU has AES instructions, so these rows are slower than "
                              "the library's EVP path",
                              aes_clue)
                : std::string("the low-level AES_* code has no AES-NI or ARMv8 path; whether EVP "
                              "would be faster depends on AES instructions the text does not show"),
        "Re-run openssl speed with -evp NAME (e.g. -evp aes-128-cbc)."));
  }
  // OpenSSL's stitched AES-CBC-HMAC ciphers exist only where AES-NI runs (AesNiStitchedRow): a
  // row of one shows the path, unless an engine or provider named may supply the cipher, or an
  // emulator runs the AES-NI code.
  if (StitchedRowsShowAesNi(facts)) {
    out.push_back(Make(
        "report.aesni-stitched", Severity::kInfo,
        "AES-NI ran: OpenSSL has the stitched AES-CBC-HMAC ciphers the report times only on "
        "CPUs with AES-NI",
        fmt::format(
            "{} {} of a cipher OpenSSL offers only on x86-64 builds with assembly whose "
            "capability vector has AES-NI (bit 57): 1.0.1-1.1.1 EVP_aes_*_cbc_hmac_sha1() and "
            "_sha256() return NULL without it (crypto/evp/e_aes_cbc_hmac_sha1.c, "
            "e_aes_cbc_hmac_sha256.c), 3.x registers them only when "
            "ossl_cipher_capable_aes_cbc_hmac_sha1() or _sha256() is true (providers/defltprov.c, "
            "providers/implementations/ciphers/cipher_aes_cbc_hmac_sha1_hw.c), and openssl speed "
            "-evp then stops with an unknown cipher instead of printing a row; the figures are "
            "the stitched AES-NI code's, which cryptobench has no cpb class for",
            Join(origin.aesni_stitched_rows),
            origin.aesni_stitched_rows.size() == 1 ? "is a row" : "are rows")));
  }
  if (!origin.not_examined.empty()) {
    out.push_back(Make("report.not-examined", Severity::kInfo,
                       "Some algorithms of the report are not examined",
                       Join(origin.not_examined)));
  }
}

}  // namespace

bool StitchedRowsShowAesNi(const DoctorFacts& facts) {
  return facts.report && !facts.report->aesni_stitched_rows.empty() &&
         facts.report->engine_or_provider.empty() && facts.emulation.empty();
}

bool PrintsConfigureDefines(std::string_view cflags) {
  for (std::string_view define : {"-DL_ENDIAN", "-DB_ENDIAN", "-DOPENSSL_", "-DDSO_", "_ASM"}) {
    if (cflags.find(define) != std::string_view::npos) {
      return true;
    }
  }
  return false;
}

CompilerLineAsm CompilerLineAsmOf(const results::LibraryInfo& library, bool may_be_cut) {
  const auto cannot_tell = [](std::string reason, bool paste_lacks_line = false) {
    return CompilerLineAsm{CompilerLineAsm::State::kCannotTell, std::move(reason),
                           paste_lacks_line};
  };
  if (library.version_num >= 0x30000000) {
    return cannot_tell(
        "is OpenSSL 3.x or later, whose compiler line does not carry the assembly defines (they "
        "are passed per file)");
  }
  if (library.cflags.empty()) {
    return cannot_tell("has no compiler line", true);
  }
  if (library.version_num == 0) {
    return cannot_tell("does not show an OpenSSL 1.x version");
  }
  if (!AsmDefines(library.cflags).empty() ||
      library.cflags.find("OPENSSL_CPUID_OBJ") != std::string::npos) {
    return CompilerLineAsm{CompilerLineAsm::State::kWithAsm, "", false};
  }
  if (!PrintsConfigureDefines(library.cflags)) {
    return cannot_tell(
        "prints a compiler line without Configure's defines (a build that replaces the line, "
        "e.g. FreeBSD's base system), whose silence says nothing");
  }
  if (may_be_cut) {
    return cannot_tell(
        "may end inside its compiler line (no results table follows it), where OpenSSL 1.x "
        "prints those defines last",
        true);
  }
  // 1.1.1 prints -DNDEBUG after the assembly defines (WholeLineWithoutAsm, report_facts.cc,
  // cites the 1.1.1 build template, unix-Makefile.tmpl's CPPFLAGS_Q, and a 1.1.1 configdata.pm):
  // a 1.1.1 line without it may be cut where they stand, or be a --debug build's.
  const std::vector<std::string_view> tokens = CompilerLineTokens(library.cflags);
  if (library.version_num >= 0x10101000 &&
      std::find(tokens.begin(), tokens.end(), "-DNDEBUG") == tokens.end()) {
    return cannot_tell(
        "is OpenSSL 1.1.1, whose compiler line prints the assembly defines before -DNDEBUG, and "
        "its line has no -DNDEBUG: it may be cut where they stand",
        true);
  }
  return CompilerLineAsm{CompilerLineAsm::State::kWithoutAsm, "", false};
}

std::string UserCpuOffloadSummary(const std::string& timing_basis,
                                  const std::string& engine_or_provider) {
  if (timing_basis != "user_cpu" || engine_or_provider.empty()) {
    return "";
  }
  // An engine that runs on the CPU's own instructions in the process (engines.h, target "cpu")
  // offloads nothing: user CPU time counts its work.
  if (CpuEngineOfRun(engine_or_provider) != nullptr) {
    return "";
  }
  return fmt::format("Timed in user CPU time with {}: offloaded work is not counted",
                     engine_or_provider);
}

std::vector<Finding> ReportFindings(const DoctorFacts& facts) {
  std::vector<Finding> out;
  if (!facts.report) {
    return out;
  }
  Build(facts, out);
  Mask(facts, out);
  Cpu(facts, out);
  Timing(facts, out);
  return out;
}

}  // namespace cryptobench::diagnose
