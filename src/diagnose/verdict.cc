// DecideVerdicts: from the as-is measurement, the mask experiments and the facts to one line per
// algorithm with its evidence. This file: figures and phrases, the as-is checks, the environment
// mask, no-asm builds and algorithms without experiments; verdict_experiments.cc: the mask
// experiments; verdict_report.cc: reports read from text (`doctor --from`). Dispatch facts:
// cpb-reference.md sec. 4; class ranges: data/cpb-classes.csv.
#include "diagnose/verdict.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "cpu/core_clock.h"

#include "diagnose/feature_paths.h"
#include "diagnose/library_advice.h"
#include "diagnose/library_changes.h"
#include "diagnose/pk_asm.h"
#include "diagnose/verdict_decider.h"

namespace cryptobench::diagnose {
namespace verdict_internal {

const std::vector<CpbClass>& ClassesFor(std::string_view arch) {
  static const std::vector<CpbClass> kX86 =
      ParseCpbClasses(EmbeddedCpbClassesCsv("x86_64"), "x86_64");
  static const std::vector<CpbClass> kAarch64 =
      ParseCpbClasses(EmbeddedCpbClassesCsv("aarch64"), "aarch64");
  static const std::vector<CpbClass> kNone;
  if (arch == "x86_64") {
    return kX86;
  }
  return arch == "aarch64" ? kAarch64 : kNone;
}

const std::vector<CpbClass>& ClassesFor(std::string_view arch,
                                        const std::optional<LibraryVersion>& openssl_release) {
  const std::vector<CpbClass>& all = ClassesFor(arch);
  std::vector<bool> kept;
  for (const CpbClass& c : all) {
    kept.push_back(InRelease(c, openssl_release));
  }
  if (std::find(kept.begin(), kept.end(), false) == kept.end()) {
    return all;
  }
  // One table per (architecture, rows kept), built once: Fingerprint::matches point into it.
  static std::mutex mutex;
  static std::map<std::pair<std::string, std::vector<bool>>, std::vector<CpbClass>> tables;
  const std::lock_guard<std::mutex> lock(mutex);
  auto [it, inserted] = tables.try_emplace({std::string(arch), kept});
  if (inserted) {
    for (size_t i = 0; i < all.size(); ++i) {
      if (kept[i]) {
        it->second.push_back(all[i]);
      }
    }
  }
  return it->second;
}

bool RowLeftOutForRelease(std::string_view arch, std::string_view algorithm,
                          std::string_view operation,
                          const std::optional<LibraryVersion>& openssl_release) {
  const std::vector<CpbClass>& all = ClassesFor(arch);
  return std::any_of(all.begin(), all.end(), [&](const CpbClass& c) {
    return c.algorithm == algorithm && c.operation == operation && !InRelease(c, openssl_release);
  });
}

Fingerprint Decider::Classify(const Measurement& m, double hz_low) const {
  if (!symmetric_) {
    return Fingerprint{};
  }
  if (!facts_.emulation.empty()) {
    // An emulator's cycles are not the CPU's: no cpb, no class (emulation.h).
    Fingerprint none;
    none.conclusion = "no class (emulated: cycles per byte mean nothing)";
    return none;
  }
  const std::optional<LibraryVersion> release = OpenSslReleaseOf(facts_.library.version);
  const std::vector<CpbClass>& classes = ClassesFor(facts_.cpu.arch, release);
  Fingerprint fp = diagnose::Classify(
      classes, alg_.name, operation_, m.bytes_per_s, hz_low < 0 ? hz_low_ : hz_low, hz_high_,
      [this](const CpbClass& c) { return ClassOfOpenPath(c, family_, facts_); });
  if (facts_.no_asm_build && fp.matches.empty() &&
      fp.conclusion.starts_with("no known class (no reference ranges")) {
    fp.conclusion = fmt::format(
        "no known class (no generic C range for {} {}, the only code a build without assembly "
        "runs)",
        alg_.name, operation_);
  }
  if (base_.input_len < kLargeInputLen && fp.cpb_low > 0) {
    // The classes are for 8-16 KiB inputs: below, per-call overhead raises cpb enough to put a
    // hardware path into a software class, so none is named.
    fp.matches.clear();
    fp.hardware = false;
    fp.software = false;
    fp.conclusion =
        base_.input_len == 0
            ? "no class named at an unknown input size"
            : fmt::format("no class named below {} bytes (per-call overhead)", kLargeInputLen);
    return fp;
  }
  if (!fp.matches.empty()) {
    return ForKernel(std::move(fp));
  }
  if (release && fp.cpb_low > 0 && fp.conclusion.find("faster than every") == std::string::npos) {
    // A class the table has only for other releases (bsaes-armv8 from 3.1.0): the path this
    // release runs instead has no sourced range here, so its class is unknown; the figure is
    // neither said to be nor not to be that other release's class, nor "slower than every class".
    if (RowLeftOutForRelease(facts_.cpu.arch, alg_.name, operation_, release)) {
      fp.conclusion = fmt::format(
          "class unknown (no sourced cpb range for the software path OpenSSL {} runs here)",
          release->text);
      return fp;
    }
  }
  if (classes.empty() && fp.cpb_low > 0) {
    // No table at all: the reason is the architecture, not this algorithm's row.
    fp.conclusion = facts_.cpu.arch.empty()
                        ? "no known class (the architecture is unknown)"
                        : fmt::format("no known class (no cpb classes for {})", facts_.cpu.arch);
  }
  return fp;
}

Fingerprint Decider::ForKernel(Fingerprint fp) const {
  if (!facts_.report || !KernelTool(*facts_.report) || fp.matches.empty()) {
    return fp;
  }
  // The kernel's AES drivers (arch/*/crypto, data/kernel-crypto-drivers.csv) are not OpenSSL's
  // perlasm functions, and AF_ALG adds system calls and copies: only the side of the table the
  // figure falls on is stated, never a library function as the kernel's class.
  constexpr std::string_view kNotKernel =
      "the library class table: OpenSSL's code paths, not the kernel's drivers";
  fp.conclusion = fp.hardware   ? fmt::format("in hardware classes only ({})", kNotKernel)
                  : fp.software ? fmt::format("in software classes only ({})", kNotKernel)
                                : fmt::format("in hardware and software classes ({})", kNotKernel);
  return fp;
}

const KernelAesComparison* Decider::KernelAes() const {
  if (!facts_.report || !KernelTool(*facts_.report) || measurements_.empty() ||
      !MeasurementOk(AsIs())) {
    return nullptr;
  }
  const KernelAesComparison* c =
      FindKernelAes(facts_.report->kernel_aes, alg_.name, operation_, base_.input_len);
  if (c == nullptr) {
    return nullptr;
  }
  // A figure the bounds that hold on any CPU already place keeps that place; a ratio that
  // contradicts it (rows of a broken or throttled run) is not used.
  const AesBound any_cpu = ClassifyAesFigure(alg_.name, base_.input_len, AsIs().bytes_per_s);
  return any_cpu == AesBound::kInside || any_cpu == c->bound ? c : nullptr;
}

namespace {

// A report's library when it is known and is not OpenSSL: its name as the report prints it, its
// key in data/library-changes.csv ("" for a library the table has no rows of) and its release.
struct OtherLibrary {
  std::string name;
  std::string key;
  std::optional<LibraryVersion> version;
};

std::optional<LibraryVersion> VersionAfter(std::string_view text, std::string_view prefix) {
  if (!text.starts_with(prefix)) {
    return std::nullopt;
  }
  text.remove_prefix(prefix.size());
  return ParseLibraryVersion(text.substr(0, text.find(' ')));
}

// nullopt for OpenSSL, a library the report does not name, and the kernel's tools (ForKernel
// words those). LibreSSL prints "LibreSSL 3.8.2" where OpenSSL prints "OpenSSL 3.0.2 ..."; the
// other libraries come with their own speed tools (import's backend).
std::optional<OtherLibrary> OtherLibraryOf(const DoctorFacts& facts) {
  if (!facts.report || KernelTool(*facts.report)) {
    return std::nullopt;
  }
  const std::string& version = facts.library.version;
  const std::string& backend = facts.library.backend;
  const std::string shown = version.substr(0, version.find(' ', version.find(' ') + 1));
  if (version.starts_with("LibreSSL ")) {
    return OtherLibrary{shown, "libressl", VersionAfter(version, "LibreSSL ")};
  }
  if (version.starts_with("AWS-LC ")) {
    return OtherLibrary{shown, "aws-lc", VersionAfter(version, "AWS-LC ")};
  }
  if (version == "AWS-LC") {  // named by the paste, its release not (import's bssl_speed.cc)
    return OtherLibrary{"AWS-LC", "aws-lc", std::nullopt};
  }
  if (backend == "boringssl") {
    return OtherLibrary{"BoringSSL", "boringssl", std::nullopt};
  }
  if (backend == "wolfssl") {
    return OtherLibrary{version.empty() ? "wolfSSL" : shown, "", std::nullopt};
  }
  if (backend == "gnutls") {
    return OtherLibrary{"GnuTLS", "", std::nullopt};
  }
  if (backend == "mbedtls") {
    return OtherLibrary{"mbedTLS", "", std::nullopt};
  }
  if (backend == "botan") {
    return OtherLibrary{version.empty() ? "Botan" : shown, "botan",
                        VersionAfter(version, "Botan ")};
  }
  return std::nullopt;
}

// The library-changes area of an algorithm's bulk work ("" when none).
std::string_view AreaOfAlgorithm(std::string_view algorithm) {
  if (algorithm.starts_with("AES-")) {
    return "AES";
  }
  if (algorithm == "SHA-1") {
    return "SHA-1";
  }
  if (algorithm == "SHA-224" || algorithm == "SHA-256" || algorithm == "SHA-384" ||
      algorithm == "SHA-512" || algorithm == "HMAC-SHA256") {
    return "SHA-2";
  }
  if (algorithm.starts_with("ChaCha20")) {
    return "ChaCha20";
  }
  return "";
}

void ReplaceAll(std::string& text, std::string_view from, std::string_view to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

}  // namespace

void Decider::NameClassesForLibrary(Verdict& v) const {
  const std::optional<OtherLibrary> library = OtherLibraryOf(facts_);
  if (!library) {
    return;
  }
  std::vector<const CpbClass*> classes;
  for (const CpbClass& c : ClassesFor(facts_.cpu.arch)) {
    if (c.algorithm == alg_.name && c.operation == operation_) {
      classes.push_back(&c);
    }
  }
  // Longest names first, so that no name is replaced inside a longer one.
  std::sort(classes.begin(), classes.end(),
            [](const CpbClass* a, const CpbClass* b) { return a->name.size() > b->name.size(); });
  bool named = false;
  const auto rename = [&](std::string& text) {
    for (const CpbClass* c : classes) {
      if (text.find(c->name) != std::string::npos) {
        named = true;
        const std::string neutral = NeutralClassName(c->name);
        // Figure's "X cpb is NAME": the figure is in the class's range, not that code.
        ReplaceAll(text, "cpb is " + c->name,
                   fmt::format("cpb is in the {} class (OpenSSL's ranges)", neutral));
        ReplaceAll(text, c->name, neutral);
      }
    }
  };
  rename(v.line);
  rename(v.advice);
  ReplaceAll(v.advice, "an OpenSSL older than", "a release older than");
  rename(v.fingerprint);
  for (std::string& line : v.evidence) {
    rename(line);
  }
  if (!named) {
    return;
  }
  std::string note = fmt::format(
      "the cpb classes are ranges measured on OpenSSL's code paths (the cycles-per-byte tables "
      "of its perlasm modules), named here by the kind of code; {} runs its own code, so a "
      "class says how fast the figure is, not that an OpenSSL module ran",
      library->name);
  const std::string_view area = AreaOfAlgorithm(alg_.name);
  if (!library->key.empty() && library->version && !area.empty()) {
    for (const LibraryChange& row : LibraryChanges()) {
      if (row.library == library->key && row.arch == facts_.cpu.arch && row.area == area &&
          row.kind == "absent" && row.versions.Contains(*library->version)) {
        note += fmt::format(
            "; {} has no {} {} assembly at all (releases {}; source: {}{}), so whichever "
            "software class the figure fits it is that library's portable code, not an "
            "instruction path left unused by the CPU",
            library->name, facts_.cpu.arch, area, row.versions.text,
            SourceLink(row.source, LibraryGithubRepo(row.library)),
            row.sure ? "" : "; the source leaves this unsure");
        break;
      }
    }
  }
  v.evidence.push_back(note);
}

std::string Decider::Rate(double value) const {
  if (symmetric_) {
    return FormatBytesPerSecond(value);
  }
  return value >= 100 ? fmt::format("{:.0f} {}/s", value, operation_)
                      : fmt::format("{:.1f} {}/s", value, operation_);
}

// "2.57 cpb is AES-NI (aesni_cbc_encrypt)", "12.24 cpb, software, class undetermined (...)",
// or the rate when no cpb can be given.
std::string Decider::Figure(const Fingerprint& fp, double bytes_per_s) const {
  const std::string cpb = Cpb(fp);
  if (cpb.empty()) {
    return Rate(bytes_per_s);
  }
  if (fp.matches.size() == 1 && !(facts_.report && KernelTool(*facts_.report))) {
    return cpb + " is " + fp.matches.front()->name;
  }
  return cpb + ", " + fp.conclusion;
}

std::string Decider::ClockBasisForCpb() const {
  const cpu::ClockFacts& clock = facts_.clock;
  if (facts_.report) {
    return "a clock range the report does not state";
  }
  if (clock.core_hz > 0) {
    return fmt::format("the measured core clock {} ({})", FormatHz(clock.core_hz),
                       cpu::CoreClockSourceName(clock.core_clock.source));
  }
  return fmt::format("the range {}, as no core clock could be trusted",
                     FormatHzRange(hz_low_, hz_high_));
}

std::string Decider::Headline() const {
  const std::string cpb = Cpb(fp_);
  return cpb.empty() ? Rate(AsIs().bytes_per_s) : cpb;
}

// `with_class`: false where the class table has no row for what runs (GCM with AES-NI and the
// 4-bit GHASH), so that a neighbouring class is not named.
std::string Decider::Describe(const Measurement& m, std::string_view label, bool with_class) const {
  std::string text = fmt::format("{}: {}", label, Rate(m.bytes_per_s));
  if (m.ci_low != 0 || m.ci_high != 0) {
    text += fmt::format(" (95% CI {} to {})", Rate(m.ci_low), Rate(m.ci_high));
  }
  const Fingerprint fp = Classify(m);
  if (!Cpb(fp).empty()) {
    text += fmt::format(", {} at {}", Cpb(fp), FormatHzRange(hz_low_, hz_high_));
    if (with_class && base_.input_len >= kLargeInputLen) {
      text += ": " + fp.conclusion;
    }
  }
  return text;
}

const PathSpec* Decider::Spec(const Experiment& e) const {
  return verdict_internal::FindPath(family_, facts_.cpu.arch, e.path);
}

// Measurement of experiment i (0-based), or nullptr if the orchestrator passed none.
const Measurement* Decider::MeasurementOf(size_t i) const {
  return i + 1 < measurements_.size() ? &measurements_[i + 1] : nullptr;
}

const Measurement* Decider::BaselineOf(const Experiment& e) const {
  const auto index = static_cast<size_t>(std::max(e.baseline, 0));
  return index < measurements_.size() ? &measurements_[index] : nullptr;
}

std::string Decider::BaselineLabel(const Experiment& e) const {
  return e.baseline <= 0 ? "as is" : experiments_[static_cast<size_t>(e.baseline - 1)].label;
}

Verdict Decider::Make(VerdictStatus status, const std::string& reason) const {
  Verdict v = base_;
  v.status = status;
  v.line = fmt::format("{}: {}: {}", VerdictSubject(v), VerdictStatusName(status), reason);
  if (!v.line.ends_with('.')) {
    v.line += '.';
  }
  return v;
}

Verdict Decider::DecideMain() {
  if (measurements_.empty() || !MeasurementOk(AsIs())) {
    std::string why = "no measurement";
    if (!measurements_.empty()) {
      why = results::CellStatusName(AsIs().status);
      if (!AsIs().message.empty()) {
        why += ": " + AsIs().message;
      }
    }
    const bool report = facts_.report.has_value();
    Verdict v = Make(
        VerdictStatus::kUndetermined,
        (report ? "the report has no usable figure (" : "the measurement failed (") + why + ")");
    v.evidence.push_back((report ? "as reported: " : "as is: ") + why);
    return v;
  }
  fp_ = Classify(AsIs());
  evidence_.push_back(Describe(AsIs(), facts_.report ? "as reported" : "as is"));
  if (symmetric_) {
    if (base_.input_len == 0) {
      evidence_.push_back(
          "input size unknown (not in the report): the class ranges are for 8-16 KiB, so none "
          "is named");
    } else if (base_.input_len < kLargeInputLen) {
      evidence_.push_back(fmt::format(
          "input {} bytes: per-call overhead raises cpb; the class ranges are for 8-16 KiB, so "
          "none is named",
          base_.input_len));
    }
  }
  Verdict v = Choose();
  if (!symmetric_) {
    AddAsmTableEvidence(v);
  }
  v.cpb_low = fp_.cpb_low;
  v.cpb_high = fp_.cpb_high;
  // A CPU without the path leaves no hardware class a candidate (the reason says so too).
  v.fingerprint = v.status == VerdictStatus::kSoftwareExpected
                      ? ForKernel(WithoutHardware(fp_)).conclusion
                      : fp_.conclusion;
  if (const KernelAesComparison* c = KernelAes()) {
    // The kernel row's class is its own run's ratio, not a library class.
    v.fingerprint =
        fmt::format("{:.2f} times {} in the same run: {}", c->ratio, c->other,
                    c->bound == AesBound::kBelowHardware ? "no AES instructions (software AES)"
                                                         : "AES instructions or an offload engine");
  }
  v.evidence.insert(v.evidence.begin(), evidence_.begin(), evidence_.end());
  NameClassesForLibrary(v);
  return v;
}

Verdict Decider::Choose() {
  if (facts_.report) {
    return DecideFromReport();
  }
  if (Verdict v; DecideEnvMasked(v)) {
    return v;
  }
  if (facts_.no_asm_build) {
    return DecideNoAsm();
  }
  if (paths_.empty()) {
    return DecideWithoutPaths();
  }
  const PathSpec* cpu_path = BaseCpuPath();
  if (cpu_path == nullptr) {
    Verdict v = Make(VerdictStatus::kSoftwareExpected,
                     fmt::format("the CPU has no {}; {}", KeyFeatureOfLastPath(),
                                 Figure(ForKernel(WithoutHardware(fp_)), AsIs().bytes_per_s)));
    v.evidence.push_back("best software class on this CPU: " +
                         verdict_internal::BestSoftwareClass(
                             family_, facts_.cpu, verdict_internal::OpensslReleaseOf(facts_)));
    return v;
  }
  return DecideFromExperiments(*cpu_path);
}

// The least demanding non-GHASH path the CPU itself offers (no library vector), or nullptr:
// the one every build of the library has (AES-NI rather than VAES for GCM, which 3.0 lacks),
// so that "expected" figures stay conservative.
const PathSpec* Decider::BaseCpuPath() const {
  const PathSpec* found = nullptr;
  for (const PathSpec& path : paths_) {
    if (!path.ghash && verdict_internal::PathAvailable(path, facts_.cpu, nullptr)) {
      found = &path;
    }
  }
  return found;
}

std::string Decider::KeyFeatureOfLastPath() const {
  std::string_view key;
  for (const PathSpec& path : paths_) {
    if (!path.ghash) {
      key = verdict_internal::KeyFeature(path);
    }
  }
  return std::string(key);
}

bool Decider::DecideEnvMasked(Verdict& out) const {
  const std::vector<std::string> masked = verdict_internal::EnvMaskedFeatures(alg_, facts_);
  if (masked.empty()) {
    return false;
  }
  const std::string variable = CapabilityVariable(facts_);
  std::string reason = fmt::format(
      "{} {} available but masked by {}={} in the environment; measured {}", Join(masked),
      masked.size() == 1 ? "is" : "are", variable, *facts_.env_ia32cap, Headline());
  // The run with the variable unset (doctor adds it), against the masked run as is.
  const std::string unset_label = UnsetEnvLabel(variable);
  const auto unset = std::find_if(measurements_.begin(), measurements_.end(),
                                  [&](const Measurement& m) { return m.label == unset_label; });
  const bool compared =
      unset != measurements_.end() && MeasurementOk(*unset) && MeasurementOk(AsIs());
  if (compared) {
    const Comparison c = Compare(*unset, AsIs());
    reason +=
        c.change == Change::kSlower
            ? fmt::format("; with {} unset {}: the mask slows it {}", variable,
                          Rate(unset->bytes_per_s), FormatRatio(c.ratio))
            : fmt::format("; with {} unset {} ({}, {})", variable, Rate(unset->bytes_per_s),
                          FormatRatio(c.ratio),
                          c.change == Change::kNone ? "no significant change" : "inconclusive");
  }
  out = Make(VerdictStatus::kMasked, reason);
  out.evidence.push_back(fmt::format("{}={} clears {} (known bits it clears: {})", variable,
                                     *facts_.env_ia32cap, Join(masked),
                                     Join(facts_.env_masked_features)));
  if (compared) {
    out.evidence.push_back(fmt::format("{}: {}", unset_label, Rate(unset->bytes_per_s)));
  }
  out.advice = fmt::format("Unset {}, or remove {} from it, so that the library uses {}.", variable,
                           Join(masked), masked.size() == 1 ? "it" : "them");
  return true;
}

// The first class of this algorithm and operation that belongs to `path`, or nullptr.
const CpbClass* Decider::PathClass(const PathSpec& path) const {
  if (path.class_prefix.empty()) {
    return nullptr;
  }
  for (const CpbClass& c : ClassesFor(facts_.cpu.arch, OpenSslReleaseOf(facts_.library.version))) {
    if (c.algorithm == alg_.name && c.operation == operation_ &&
        std::string_view(c.name).starts_with(path.class_prefix)) {
      return &c;
    }
  }
  return nullptr;
}

Verdict Decider::DecideNoAsm() const {
  const std::string figure = Figure(fp_, AsIs().bytes_per_s);
  if (family_ == verdict_internal::Family::kSm4) {
    return DecideSm4(figure, true);
  }
  if (paths_.empty()) {
    return Make(VerdictStatus::kNoHardwarePath,
                fmt::format("{}; this libcrypto was built without assembly (CPUINFO: N/A), "
                            "but {} has no CPU-feature path on {} either",
                            figure, alg_.name, facts_.cpu.arch));
  }
  const PathSpec* path = BaseCpuPath();
  if (path == nullptr) {
    Verdict v = Make(VerdictStatus::kSoftwareExpected,
                     fmt::format("the CPU has no {}; {} (this libcrypto was built without "
                                 "assembly, CPUINFO: N/A)",
                                 KeyFeatureOfLastPath(),
                                 Figure(ForKernel(WithoutHardware(fp_)), AsIs().bytes_per_s)));
    v.evidence.push_back("an assembly build would run " +
                         verdict_internal::BestSoftwareClass(
                             family_, facts_.cpu, verdict_internal::OpensslReleaseOf(facts_)));
    return v;
  }
  // Lead with the cause, in the words people search for: "NOT accelerated: built without
  // assembly".
  std::string reason =
      fmt::format("built without assembly (CPUINFO: N/A), though the CPU has {}; {}",
                  verdict_internal::KeyFeature(*path), figure);
  std::vector<std::string> evidence;
  const CpbClass* expected = PathClass(*path);
  const double hz = facts_.clock.core_hz > 0 ? facts_.clock.core_hz : (hz_low_ + hz_high_) / 2;
  if (expected != nullptr && hz > 0) {
    const double mid_cpb = (expected->cpb_low + expected->cpb_high) / 2;
    const double expected_rate = hz / mid_cpb;
    reason += fmt::format(". Expected about {}, measured {} ({} slower)",
                          FormatBytesPerSecond(expected_rate), Rate(AsIs().bytes_per_s),
                          FormatRatio(expected_rate / AsIs().bytes_per_s));
    evidence.push_back(fmt::format(
        "expected from {}: {} (mid {:.2f}) at {} = {} to {}, about {}", expected->name,
        FormatCpb(expected->cpb_low, expected->cpb_high), mid_cpb, FormatHz(hz),
        FormatBytesPerSecond(hz / expected->cpb_high), FormatBytesPerSecond(hz / expected->cpb_low),
        FormatBytesPerSecond(expected_rate)));
  }
  Verdict v = Make(VerdictStatus::kNotAccelerated, reason);
  v.evidence = evidence;
  v.evidence.push_back(
      "CPUINFO: N/A: OpenSSL's no-asm configuration, every primitive is the "
      "generic C code");
  v.advice = NoAsmRemedy(facts_);
  return v;
}

Verdict Decider::DecideSm4(const std::string& figure, bool no_asm) const {
  if (no_asm) {
    return Make(
        VerdictStatus::kUndetermined,
        fmt::format("{}; this libcrypto was built without assembly ({}), so {} "
                    "runs the generic C code; whether an assembly build would be faster "
                    "on this CPU cannot be told here",
                    figure,
                    facts_.no_asm_evidence.empty() ? "CPUINFO: N/A" : facts_.no_asm_evidence,
                    alg_.name));
  }
  return Make(VerdictStatus::kUndetermined,
              fmt::format("{}; cannot tell which SM4 code ran: OpenSSL picks it at run time where "
                          "the CPU has faster code (SM4 instructions, or ASIMD on some AArch64 "
                          "cores) and no mask experiment here covers SM4",
                          figure));
}

Verdict Decider::DecideWithoutPaths() const {
  const std::string figure = Figure(fp_, AsIs().bytes_per_s);
  if (family_ == verdict_internal::Family::kSm4) {
    return DecideSm4(figure, false);
  }
  if (family_ == verdict_internal::Family::kNone) {
    if (Verdict v; DecideNoAssemblyExists(figure, v)) {
      return v;
    }
    return Make(VerdictStatus::kNoHardwarePath,
                fmt::format("{}; no mask experiment applies to {}", figure, alg_.name));
  }
  if (fp_.hardware) {
    return Make(VerdictStatus::kAccelerated,
                fmt::format("{} (by fingerprint only: no mask experiments on {})", figure,
                            facts_.cpu.arch));
  }
  return Make(VerdictStatus::kUndetermined,
              fmt::format("{}; no mask experiments on {}", figure, facts_.cpu.arch));
}

void Decider::AddAsmTableEvidence(Verdict& v) const {
  // data/pk-asm.csv is OpenSSL's assembly: a report of another library names none of it.
  if (!OpensslAdvice(facts_)) {
    return;
  }
  const std::optional<LibraryVersion> release = OpenSslReleaseOf(facts_.library.version);
  auto describe = [](const PkAsmPath& row) {
    std::string modules;
    for (const std::string& module : row.modules) {
      modules += (modules.empty() ? "" : ", ") + module;
    }
    std::string bits;
    for (const std::string& bit : row.bits) {
      bits += (bits.empty() ? "" : "+") + bit;
    }
    // The row's source as a link alone: its notes name OpenSSL's internals.
    const std::string link = SourceLink(row.source, LibraryGithubRepo("openssl"));
    return fmt::format("{} {} (OpenSSL {}{}; source: {})", modules,
                       bits.empty() ? "without a capability bit" : "with " + bits,
                       row.versions.text, row.sure ? "" : ", first release unsure",
                       link.substr(0, link.find(' ')));
  };
  std::string rows;
  for (const PkAsmPath* row :
       PkAsmPathsFor(PkAsmPaths(), alg_.name, facts_.cpu.arch, release ? &*release : nullptr)) {
    if (row->role != "none") {  // "none" rows: DecideNoAssemblyExists cites them
      rows += (rows.empty() ? "" : "; ") + describe(*row);
    }
  }
  if (!rows.empty()) {
    v.evidence.push_back(
        fmt::format("{} assembly for {}: {}",
                    release ? fmt::format("OpenSSL {}'s", release->text) : std::string("OpenSSL's"),
                    alg_.name, rows));
  }
  if (!release) {
    return;
  }
  // A faster path the CPU offers that a later release has and this one lacks (IFMA RSA-4096 in
  // 3.1 against 3.0): information, not a problem.
  const std::optional<CapabilityVector> vector = verdict_internal::CurrentVector(facts_);
  const CapabilityVector* current = vector ? &*vector : nullptr;
  for (const PathSpec& path : paths_) {
    if (!verdict_internal::PathAvailable(path, facts_.cpu, current) ||
        verdict_internal::ReleaseHasPath(alg_, path, facts_)) {
      continue;
    }
    for (const PkAsmPath* row : PkAsmPathsFor(PkAsmPaths(), alg_.name, facts_.cpu.arch, nullptr)) {
      const bool cpu_has =
          std::all_of(row->bits.begin(), row->bits.end(), [&](const std::string& bit) {
            return verdict_internal::FeatureAvailable(bit, facts_.cpu, current);
          });
      if (row->role == "dispatch" && verdict_internal::RowOnPath(*row, path) && cpu_has) {
        v.evidence.push_back(fmt::format(
            "note: this CPU has {}, but OpenSSL {} has no {} code for {}: {}; no experiment was "
            "planned for it",
            verdict_internal::KeyFeature(path), release->text, path.path, alg_.name,
            describe(*row)));
        break;
      }
    }
  }
}

bool Decider::DecideNoAssemblyExists(const std::string& figure, Verdict& out) const {
  // The "none" rows are OpenSSL's (data/pk-asm.csv): another library's assembly is not known.
  const PkAsmPath* row =
      OpensslAdvice(facts_) ? NoAssemblyRow(alg_.name, facts_.cpu.arch) : nullptr;
  if (row == nullptr) {
    return false;
  }
  // The row's text names the build option of a faster C where one exists (P-384: 3.2 adds
  // ecp_nistp384.c with enable-ec_nistp_64_gcc_128, CHANGES.md 3.1 to 3.2.0); a release before
  // 3.2 has none (tryout 31 D3).
  const auto version = facts_.library.version_num;
  const bool faster_c_option = row->path.find("enable-ec_nistp_64_gcc_128") != std::string::npos &&
                               (version == 0 || version >= 0x30200000);
  out = Make(VerdictStatus::kNoHardwarePath,
             faster_c_option
                 ? fmt::format("{}; this is expected: OpenSSL has no {} assembly for {}, so no "
                               "CPU flag speeds it up; from 3.2 a build with "
                               "enable-ec_nistp_64_gcc_128 runs a faster 64-bit C for it "
                               "(ecp_nistp384.c)",
                               figure, alg_.name, facts_.cpu.arch)
                 : fmt::format("{}; this is expected: OpenSSL has no {} assembly for {}, so "
                               "every build runs the same C code and no CPU flag or build option "
                               "speeds it up",
                               figure, alg_.name, facts_.cpu.arch));
  out.evidence.push_back(fmt::format("{} (source: {})", row->path,
                                     SourceLink(row->source, LibraryGithubRepo("openssl"))));
  if (alg_.primitive == AlgorithmPrimitive::kTripleDes) {
    // 3DES: 64-bit blocks and 48 rounds of table lookups in C; the modern ciphers have assembly
    // on every x86-64 and AArch64 build (cpb-reference.md sec. 4 and 7.11).
    const bool aes_hw = facts_.cpu.Usable(facts_.cpu.arch == "aarch64" ? "AES" : "AES-NI");
    out.advice = fmt::format(
        "Where the protocol allows, replace 3DES: {} is the fast choice on this CPU{}; "
        "3DES itself cannot be made faster.",
        aes_hw ? "AES-128-GCM (its AES instructions)" : "ChaCha20-Poly1305 (SIMD assembly)",
        aes_hw ? ", ChaCha20-Poly1305 the one for CPUs without AES instructions"
               : ", as the CPU has no AES instructions");
  } else if (alg_.name == "ECDSA-P384") {
    out.advice =
        "Where the protocol allows, ECDSA P-256 runs OpenSSL's ecp_nistz256 assembly and is "
        "several times faster than P-384.";
  }
  return true;
}

namespace {

// MD5 and DES have no instructions on x86 or ARM: Linux's x86 feature words
// (arch/x86/include/asm/cpufeatures.h) and arm64 hwcaps (Documentation/arch/arm64/
// elf_hwcaps.rst) name AES, SHA-1/2/3, SM3/SM4 and carry-less multiply, nothing for either, and no
// library picks MD5 or DES code by CPU feature there.
bool NoInstructionsOnX86OrArm(AlgorithmPrimitive primitive) {
  return primitive == AlgorithmPrimitive::kMd5 || primitive == AlgorithmPrimitive::kTripleDes;
}

bool X86OrArm(std::string_view arch) {
  return arch == "x86_64" || arch == "x86" || arch == "aarch64" || arch == "arm";
}

std::string_view LibraryName(AdviceLibrary library) {
  switch (library) {
    case AdviceLibrary::kOpenssl:
      return "OpenSSL";
    case AdviceLibrary::kWolfssl:
      return "wolfSSL";
    case AdviceLibrary::kMbedtls:
      return "Mbed TLS";
    case AdviceLibrary::kBoringssl:
      return "BoringSSL";
    case AdviceLibrary::kAwsLc:
      return "AWS-LC";
    case AdviceLibrary::kLibressl:
      return "LibreSSL";
    case AdviceLibrary::kBotan:
      return "Botan";
    case AdviceLibrary::kGnutls:
      return "GnuTLS";
  }
  return "the library";
}

std::string LowerAscii(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') {
      c = static_cast<char>(c - 'A' + 'a');
    }
  }
  return out;
}

// "3.2.." as "3.2 and later"; other ranges as written.
std::string ReleasesInWords(const VersionRange& range) {
  if (range.text.ends_with("..") && range.text.find(';') == std::string::npos) {
    return fmt::format("{} and later", range.text.substr(0, range.text.size() - 2));
  }
  return range.text;
}

void AddFeaturePathEvidence(Verdict& v, const FeaturePath& row) {
  v.evidence.push_back(
      fmt::format("{} ({} on {}, releases {}{}{}; data/feature-paths.csv line {}, source: {})",
                  row.path, LibraryName(row.library), row.ArchName(), row.versions.text,
                  row.cpu_flag.empty() ? "" : fmt::format(", needs the CPU flag {}", row.cpu_flag),
                  row.note.empty() ? "" : fmt::format("; {}", row.note), row.line, row.source));
}

}  // namespace

Verdict Decider::DecideReportWithoutFamily(const std::string& figure) const {
  if (Verdict v; DecideNoAssemblyExists(figure, v)) {
    return v;
  }
  const std::string& arch = facts_.cpu.arch;
  const AdviceLibrary library = AdviceLibraryOf(facts_);
  // The table's rows for this algorithm and library, on this architecture (on any when the
  // report names none: "no hardware path" holds only where no CPU of the architecture has one).
  std::vector<const FeaturePath*> rows;
  for (const FeaturePath& row : FeaturePaths()) {
    if (row.primitive == alg_.primitive && row.library == library &&
        (arch.empty() || row.OnArch(arch))) {
      rows.push_back(&row);
    }
  }
  // Paths the figure rules out (far slower than the path at any plausible clock), as evidence
  // for whatever verdict follows.
  std::vector<std::string> ruled_out;
  if (!rows.empty()) {
    // The release decides where the table dates the path: below its range it is surely absent
    // (an unsure row's range starts at the earliest release that can have it).
    const std::optional<LibraryVersion> release = library == AdviceLibrary::kOpenssl
                                                      ? OpenSslReleaseOf(facts_.library.version)
                                                      : std::nullopt;
    std::vector<const FeaturePath*> in_release;
    for (const FeaturePath* row : rows) {
      if (!release || row->versions.intervals.empty() || row->versions.Contains(*release)) {
        in_release.push_back(row);
      }
    }
    if (in_release.empty() && arch.empty()) {
      // The table lists paths, not every architecture's code (s390x, POWER): with no
      // architecture, a release without the table's paths still cannot rule out another one.
      std::string known;
      for (const FeaturePath* row : rows) {
        known += fmt::format("{}{}: {}", known.empty() ? "" : "; ", row->ArchName(),
                             ReleasesInWords(row->versions));
      }
      Verdict v = Make(
          VerdictStatus::kUndetermined,
          fmt::format("{}; cannot tell which {} code ran: the report names no architecture, and "
                      "{} {} lacks the CPU-feature paths cryptobench's tables know for it ({})",
                      figure, alg_.name, LibraryName(library), release->text, known));
      for (const FeaturePath* row : rows) {
        AddFeaturePathEvidence(v, *row);
      }
      return v;
    }
    if (in_release.empty()) {
      const FeaturePath& row = *rows.front();
      Verdict v = Make(
          VerdictStatus::kNoHardwarePath,
          fmt::format("{}; {} {} has no CPU-feature path for {} on {}: the path is in releases "
                      "{} only",
                      figure, LibraryName(library), release->text, alg_.name, arch,
                      ReleasesInWords(row.versions)));
      AddFeaturePathEvidence(v, row);
      return v;
    }
    if (!arch.empty()) {
      const FeaturePath& row = *in_release.front();
      if (const CpuFeatureClue* flag = FlagLineLacking(row.cpu_flag)) {
        Verdict v =
            Make(VerdictStatus::kNoHardwarePath,
                 fmt::format("{}; this CPU cannot run {}'s CPU-feature path for {}: it "
                             "needs {}, which {} does not list",
                             figure, LibraryName(library), alg_.name, row.cpu_flag, flag->clue));
        AddFeaturePathEvidence(v, row);
        return v;
      }
      if (const std::string slower = PathRuledOutByFigure(row); !slower.empty()) {
        // The figure shows the path did not run. Whether the CPU lacks the flag or the library
        // did not use it, only the CPU's flag list tells (tryout 29 W7).
        const CpuFeatureClue* listed = FlagLineListing(row.cpu_flag);
        Verdict v =
            listed != nullptr
                ? Make(VerdictStatus::kNotAccelerated,
                       fmt::format("{}; {}'s CPU-feature path for {} did not run, though this "
                                   "CPU has it: {} lists {}, and {}",
                                   figure, LibraryName(library), alg_.name, listed->clue,
                                   row.cpu_flag, slower))
                : Make(VerdictStatus::kNoHardwarePath,
                       fmt::format("{}; {}'s CPU-feature path for {} did not run: {}; whether "
                                   "the CPU lacks {} or the library did not use it cannot be "
                                   "told from this report: `isainfo -v` (on Linux, the cpucaps "
                                   "line of /proc/cpuinfo) lists {} where the CPU has it",
                                   figure, LibraryName(library), alg_.name, slower, row.cpu_flag,
                                   row.cpu_flag));
        if (listed != nullptr) {
          v.advice = fmt::format(
              "Check that the library was built with its {} assembly (`openssl version -a` "
              "shows the build) and that the benchmark goes through the path's code (for "
              "OpenSSL, `openssl speed -evp`).",
              row.ArchName());
        }
        AddFeaturePathEvidence(v, row);
        return v;
      }
    }
    // With no architecture: the paths the figure rules out drop out; when none is left, the
    // verdict is the one for an algorithm without rows, with the reason as evidence.
    std::vector<const FeaturePath*> possible;
    for (const FeaturePath* row : in_release) {
      if (std::string slower = arch.empty() ? PathRuledOutByFigure(*row) : std::string();
          !slower.empty()) {
        ruled_out.push_back(std::move(slower));
      } else {
        possible.push_back(row);
      }
    }
    if (!possible.empty()) {
      // With no architecture, rows of several architectures that describe the same path are
      // named together (tryout 29 W8: not the first row's x86_64 alone).
      std::string paths;
      std::string arches;
      bool same_path = true;
      for (const FeaturePath* row : possible) {
        same_path = same_path && row->path == possible.front()->path;
      }
      for (size_t i = 0; i < possible.size(); ++i) {
        arches += fmt::format("{}{}",
                              i == 0                     ? ""
                              : i + 1 == possible.size() ? " and "
                                                         : ", ",
                              possible[i]->ArchName());
        if (!same_path) {
          paths += fmt::format("{}{} (on {})", i == 0 ? "" : "; or ", possible[i]->path,
                               possible[i]->ArchName());
        }
      }
      if (same_path) {
        paths = possible.front()->path;
        if (arch.empty()) {
          paths += fmt::format(" (on {}; the report names no architecture)", arches);
        }
      } else {
        paths += "; the report names no architecture";
      }
      Verdict v = Make(VerdictStatus::kUndetermined,
                       fmt::format("{}; cannot tell which {} code ran: {}, and a report allows "
                                   "no mask experiment",
                                   figure, alg_.name, paths));
      for (const FeaturePath* row : possible) {
        AddFeaturePathEvidence(v, *row);
      }
      return v;
    }
  }
  auto with_ruled_out = [&ruled_out](Verdict v) {
    for (const std::string& reason : ruled_out) {
      v.evidence.push_back(reason);
    }
    return v;
  };
  if (NoInstructionsOnX86OrArm(alg_.primitive) && (arch.empty() || X86OrArm(arch))) {
    return with_ruled_out(Make(VerdictStatus::kNoHardwarePath,
                               fmt::format("{}; {} has no CPU-feature path to check on {}", figure,
                                           alg_.name, arch.empty() ? "x86 or ARM CPUs" : arch)));
  }
  // OpenSSL's own tables (data/pk-asm.csv, the capability families) cover x86 and ARM.
  if (library == AdviceLibrary::kOpenssl && (arch.empty() || X86OrArm(arch))) {
    return with_ruled_out(
        Make(VerdictStatus::kNoHardwarePath,
             fmt::format("{}; {} has no CPU-feature path to check", figure, alg_.name)));
  }
  return with_ruled_out(
      Make(VerdictStatus::kUndetermined,
           fmt::format("{}; cannot tell which {} code ran: cryptobench's tables do not say "
                       "whether {} has a CPU-feature path for it on {}",
                       figure, alg_.name, LibraryName(library), arch.empty() ? "this CPU" : arch)));
}

std::string Decider::PathRuledOutByFigure(const FeaturePath& row) const {
  const double bytes_per_s = AsIs().bytes_per_s;
  if (row.path_cpb <= 0 || !symmetric_ || !(bytes_per_s > 0)) {
    return "";
  }
  const double cpb_at_floor = cpu::kMinPlausibleCoreHz / bytes_per_s;
  if (cpb_at_floor < kPathRuledOutFactor * row.path_cpb) {
    return "";
  }
  return fmt::format(
      "{} is {:.1f} cpb even at {}, the lowest plausible core clock (routers and boards run "
      "from a few hundred MHz), {:.1f} times the {:.1f} cpb of the {} path (data/feature-paths.csv "
      "line {}), so that path did not run",
      Rate(bytes_per_s), cpb_at_floor, FormatHz(cpu::kMinPlausibleCoreHz),
      cpb_at_floor / row.path_cpb, row.path_cpb, row.ArchName(), row.line);
}

const CpuFeatureClue* Decider::FlagLineLacking(std::string_view flag) const {
  if (flag.empty() || !facts_.report) {
    return nullptr;
  }
  for (const CpuFeatureClue& feature : facts_.report->cpu_clues.features) {
    // An architecture row (uname's sun4u) counts; a model row or a virtual CPU model does not.
    const bool arch_row =
        feature.row.empty() && !feature.from_vm_model && !feature.from_vm_model_name;
    if ((feature.from_flags || arch_row) && !feature.present && LowerAscii(feature.name) == flag) {
      return &feature;
    }
  }
  return nullptr;
}

const CpuFeatureClue* Decider::FlagLineListing(std::string_view flag) const {
  if (flag.empty() || !facts_.report) {
    return nullptr;
  }
  for (const CpuFeatureClue& feature : facts_.report->cpu_clues.features) {
    if (feature.from_flags && feature.present && LowerAscii(feature.name) == flag) {
      return &feature;
    }
  }
  return nullptr;
}

}  // namespace verdict_internal

std::vector<Verdict> DecideVerdicts(const AlgorithmInfo& alg, std::string_view operation,
                                    uint64_t input_len, const DoctorFacts& facts,
                                    const std::vector<Experiment>& experiments,
                                    const std::vector<Measurement>& measurements, double hz_low,
                                    double hz_high) {
  return verdict_internal::Decider(alg, operation, input_len, facts, experiments, measurements,
                                   hz_low, hz_high)
      .Decide();
}

}  // namespace cryptobench::diagnose
