// DecideVerdicts: from the as-is measurement, the mask experiments and the facts to one line per
// algorithm with its evidence. Decision order and wording: verdict.h; dispatch facts:
// cpb-reference.md sec. 4; class ranges: data/cpb-classes.csv.
#include "diagnose/verdict.h"

#include <algorithm>

#include <fmt/format.h>

#include "diagnose/classifier.h"
#include "diagnose/verdict_paths.h"
#include "diagnose/verdict_text.h"

namespace cryptobench::diagnose {
namespace {

using verdict_internal::FormatBytesPerSecond;
using verdict_internal::FormatCpb;
using verdict_internal::FormatHz;
using verdict_internal::FormatHzRange;
using verdict_internal::FormatRatio;
using verdict_internal::Join;
using verdict_internal::PathSpec;

// Below this ratio a reliable (CIs apart) slowdown still counts as "no change"; between it and
// kSignificantSlowdown the experiment is inconclusive. 10% is the EVP overhead spread the class
// ranges already allow for (classifier.h, kCpbTolerance).
constexpr double kSmallChange = 1.10;
// The class ranges are large-block figures (8-16 KiB per call; cpb-reference.md sec. 1).
constexpr uint64_t kLargeInputLen = 8192;

const std::vector<CpbClass>& ClassesFor(std::string_view arch) {
  static const std::vector<CpbClass> kX86 = ParseCpbClasses(EmbeddedCpbClassesCsv("x86_64"));
  static const std::vector<CpbClass> kAarch64 = ParseCpbClasses(EmbeddedCpbClassesCsv("aarch64"));
  static const std::vector<CpbClass> kNone;
  if (arch == "x86_64") {
    return kX86;
  }
  return arch == "aarch64" ? kAarch64 : kNone;
}

bool MeasurementOk(const Measurement& m) {
  return m.status == results::CellStatus::kOk && m.bytes_per_s > 0;
}

enum class Change { kSlower, kNone, kInconclusive, kFailed };

struct Comparison {
  Change change = Change::kFailed;
  double ratio = 0;  // baseline / masked throughput
  bool cis_apart = false;
};

Comparison Compare(const Measurement& baseline, const Measurement& masked) {
  Comparison out;
  if (!MeasurementOk(baseline) || !MeasurementOk(masked)) {
    return out;
  }
  out.ratio = baseline.bytes_per_s / masked.bytes_per_s;
  const bool have_cis = (baseline.ci_low != 0 || baseline.ci_high != 0) &&
                        (masked.ci_low != 0 || masked.ci_high != 0);
  out.cis_apart = have_cis ? masked.ci_high < baseline.ci_low : out.ratio > 1;
  if (out.ratio >= kSignificantSlowdown && out.cis_apart) {
    out.change = Change::kSlower;
  } else if (out.ratio < kSignificantSlowdown && !(out.cis_apart && out.ratio >= kSmallChange)) {
    out.change = Change::kNone;
  } else {
    out.change = Change::kInconclusive;
  }
  return out;
}

class Decider {
 public:
  Decider(const AlgorithmInfo& alg, std::string_view operation, uint64_t input_len,
          const DoctorFacts& facts, const std::vector<Experiment>& experiments,
          const std::vector<Measurement>& measurements, double hz_low, double hz_high)
      : alg_(alg),
        operation_(operation),
        facts_(facts),
        experiments_(experiments),
        measurements_(measurements),
        hz_low_(hz_low),
        hz_high_(hz_high),
        symmetric_(IsSymmetric(alg.kind)),
        family_(verdict_internal::FamilyOf(alg)),
        paths_(verdict_internal::PathsOf(family_, facts.cpu.arch)) {
    base_.algorithm = std::string(alg.name);
    base_.operation = std::string(operation);
    base_.input_len = input_len;
    base_.measurements = measurements;
  }

  std::vector<Verdict> Decide() {
    std::vector<Verdict> out{DecideMain()};
    for (size_t i = 0; i < experiments_.size(); ++i) {
      const PathSpec* spec = Spec(experiments_[i]);
      if (spec != nullptr && spec->ghash) {
        out.push_back(DecideGhash(i));
      }
    }
    return out;
  }

 private:
  // ---- Figures and phrases ----------------------------------------------------------------

  Fingerprint Classify(const Measurement& m) const {
    if (!symmetric_) {
      return Fingerprint{};
    }
    return diagnose::Classify(ClassesFor(facts_.cpu.arch), alg_.name, operation_, m.bytes_per_s,
                              hz_low_, hz_high_);
  }

  std::string Rate(double value) const {
    if (symmetric_) {
      return FormatBytesPerSecond(value);
    }
    return value >= 100 ? fmt::format("{:.0f} {}/s", value, operation_)
                        : fmt::format("{:.1f} {}/s", value, operation_);
  }

  std::string Cpb(const Fingerprint& fp) const { return FormatCpb(fp.cpb_low, fp.cpb_high); }

  // "2.57 cpb is AES-NI (aesni_cbc_encrypt)", "12.24 cpb, software, class undetermined (...)",
  // or the rate when no cpb can be given.
  std::string Figure(const Fingerprint& fp, double bytes_per_s) const {
    const std::string cpb = Cpb(fp);
    if (cpb.empty()) {
      return Rate(bytes_per_s);
    }
    if (fp.matches.size() == 1) {
      return cpb + " is " + fp.matches.front()->name;
    }
    return cpb + ", " + fp.conclusion;
  }

  std::string Headline() const {
    const std::string cpb = Cpb(fp_);
    return cpb.empty() ? Rate(AsIs().bytes_per_s) : cpb;
  }

  // `with_class`: false where the class table has no row for what runs (GCM with AES-NI and the
  // 4-bit GHASH), so that a neighbouring class is not named.
  std::string Describe(const Measurement& m, std::string_view label, bool with_class = true) const {
    std::string text = fmt::format("{}: {}", label, Rate(m.bytes_per_s));
    if (m.ci_low != 0 || m.ci_high != 0) {
      text += fmt::format(" (95% CI {} to {})", Rate(m.ci_low), Rate(m.ci_high));
    }
    const Fingerprint fp = Classify(m);
    if (!Cpb(fp).empty()) {
      text += fmt::format(", {} at {}", Cpb(fp), FormatHzRange(hz_low_, hz_high_));
      if (with_class) {
        text += ": " + fp.conclusion;
      }
    }
    return text;
  }

  const Measurement& AsIs() const { return measurements_.front(); }

  const PathSpec* Spec(const Experiment& e) const {
    return verdict_internal::FindPath(family_, facts_.cpu.arch, e.path);
  }

  // Measurement of experiment i (0-based), or nullptr if the orchestrator passed none.
  const Measurement* MeasurementOf(size_t i) const {
    return i + 1 < measurements_.size() ? &measurements_[i + 1] : nullptr;
  }

  const Measurement* BaselineOf(const Experiment& e) const {
    const auto index = static_cast<size_t>(std::max(e.baseline, 0));
    return index < measurements_.size() ? &measurements_[index] : nullptr;
  }

  std::string BaselineLabel(const Experiment& e) const {
    return e.baseline <= 0 ? "as is" : experiments_[static_cast<size_t>(e.baseline - 1)].label;
  }

  Comparison CompareExperiment(size_t i) const {
    const Measurement* masked = MeasurementOf(i);
    const Measurement* baseline = BaselineOf(experiments_[i]);
    if (masked == nullptr || baseline == nullptr) {
      return Comparison{};
    }
    return Compare(*baseline, *masked);
  }

  std::string ExperimentEvidence(size_t i, const Comparison& c) const {
    const Experiment& e = experiments_[i];
    const Measurement* m = MeasurementOf(i);
    if (m == nullptr) {
      return fmt::format("{}: not measured", e.label);
    }
    std::string label = e.label;
    if (!m->ia32cap.empty()) {
      label += " (OPENSSL_ia32cap=" + m->ia32cap + ")";
    }
    if (!MeasurementOk(*m)) {
      return fmt::format("{}: measurement failed ({}{}{})", label,
                         results::CellStatusName(m->status), m->message.empty() ? "" : ": ",
                         m->message);
    }
    const PathSpec* spec = Spec(e);
    std::string text = Describe(*m, label, spec == nullptr || !spec->ghash);
    const std::string versus = BaselineLabel(e);
    switch (c.change) {
      case Change::kSlower:
        return text + fmt::format("; {} slower than {} (CIs apart): the {} path was in use",
                                  FormatRatio(c.ratio), versus, e.path);
      case Change::kNone:
        return text +
               fmt::format("; no significant change vs {} ({})", versus, FormatRatio(c.ratio));
      case Change::kInconclusive:
        return text + fmt::format("; {} vs {}, {}: inconclusive", FormatRatio(c.ratio), versus,
                                  c.cis_apart ? "a small change" : "the 95% CIs overlap");
      case Change::kFailed:
        break;
    }
    return text + fmt::format("; the {} measurement failed", versus);
  }

  Verdict Make(VerdictStatus status, const std::string& reason) const {
    Verdict v = base_;
    v.status = status;
    v.line = fmt::format("{}: {}: {}", v.algorithm, VerdictStatusName(status), reason);
    if (!v.line.ends_with('.')) {
      v.line += '.';
    }
    return v;
  }

  // ---- The algorithm's own verdict ---------------------------------------------------------

  Verdict DecideMain() {
    if (measurements_.empty() || !MeasurementOk(AsIs())) {
      std::string why = "no measurement";
      if (!measurements_.empty()) {
        why = results::CellStatusName(AsIs().status);
        if (!AsIs().message.empty()) {
          why += ": " + AsIs().message;
        }
      }
      Verdict v =
          Make(VerdictStatus::kUndetermined, fmt::format("the measurement failed ({})", why));
      v.evidence.push_back("as is: " + why);
      return v;
    }
    fp_ = Classify(AsIs());
    evidence_.push_back(Describe(AsIs(), "as is"));
    if (symmetric_) {
      if (base_.input_len < kLargeInputLen) {
        evidence_.push_back(fmt::format(
            "input {} bytes: per-call overhead raises cpb; the class ranges are for 8-16 KiB",
            base_.input_len));
      }
    }
    Verdict v = Choose();
    v.cpb_low = fp_.cpb_low;
    v.cpb_high = fp_.cpb_high;
    v.fingerprint = fp_.conclusion;
    v.evidence.insert(v.evidence.begin(), evidence_.begin(), evidence_.end());
    return v;
  }

  Verdict Choose() {
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
                                   Figure(fp_, AsIs().bytes_per_s)));
      v.evidence.push_back("best software class on this CPU: " +
                           verdict_internal::BestSoftwareClass(family_, facts_.cpu));
      return v;
    }
    return DecideFromExperiments(*cpu_path);
  }

  // The least demanding non-GHASH path the CPU itself offers (no library vector), or nullptr:
  // the one every build of the library has (AES-NI rather than VAES for GCM, which 3.0 lacks),
  // so that "expected" figures stay conservative.
  const PathSpec* BaseCpuPath() const {
    const PathSpec* found = nullptr;
    for (const PathSpec& path : paths_) {
      if (!path.ghash && verdict_internal::PathAvailable(path, facts_.cpu, nullptr)) {
        found = &path;
      }
    }
    return found;
  }

  std::string KeyFeatureOfLastPath() const {
    std::string_view key;
    for (const PathSpec& path : paths_) {
      if (!path.ghash) {
        key = verdict_internal::KeyFeature(path);
      }
    }
    return std::string(key);
  }

  bool DecideEnvMasked(Verdict& out) const {
    if (!facts_.env_ia32cap || facts_.env_masked_features.empty()) {
      return false;
    }
    const std::vector<std::string> relevant = verdict_internal::RelevantFeatures(alg_, facts_);
    std::vector<std::string> masked;
    for (const std::string& name : facts_.env_masked_features) {
      if (std::find(relevant.begin(), relevant.end(), name) != relevant.end()) {
        masked.push_back(name);
      }
    }
    if (masked.empty()) {
      return false;
    }
    out = Make(VerdictStatus::kMasked,
               fmt::format("{} {} available but masked by OPENSSL_ia32cap={} in the environment; "
                           "measured {}",
                           Join(masked), masked.size() == 1 ? "is" : "are", *facts_.env_ia32cap,
                           Headline()));
    out.evidence.push_back(fmt::format("OPENSSL_ia32cap={} clears {} (known bits it clears: {})",
                                       *facts_.env_ia32cap, Join(masked),
                                       Join(facts_.env_masked_features)));
    out.advice =
        fmt::format("Unset OPENSSL_ia32cap, or remove {} from it, so that the library uses {}.",
                    Join(masked), masked.size() == 1 ? "it" : "them");
    return true;
  }

  // The first class of this algorithm and operation that belongs to `path`, or nullptr.
  const CpbClass* PathClass(const PathSpec& path) const {
    if (path.class_prefix.empty()) {
      return nullptr;
    }
    for (const CpbClass& c : ClassesFor(facts_.cpu.arch)) {
      if (c.algorithm == alg_.name && c.operation == operation_ &&
          std::string_view(c.name).starts_with(path.class_prefix)) {
        return &c;
      }
    }
    return nullptr;
  }

  Verdict DecideNoAsm() const {
    const std::string figure = Figure(fp_, AsIs().bytes_per_s);
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
                                   KeyFeatureOfLastPath(), figure));
      v.evidence.push_back("an assembly build would run " +
                           verdict_internal::BestSoftwareClass(family_, facts_.cpu));
      return v;
    }
    std::string reason = fmt::format(
        "{}; the CPU has {} but this libcrypto was built without assembly (CPUINFO: N/A)", figure,
        verdict_internal::KeyFeature(*path));
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
          FormatBytesPerSecond(hz / expected->cpb_high),
          FormatBytesPerSecond(hz / expected->cpb_low), FormatBytesPerSecond(expected_rate)));
    }
    Verdict v = Make(VerdictStatus::kNotAccelerated, reason);
    v.evidence = evidence;
    v.evidence.push_back(
        "CPUINFO: N/A: OpenSSL's no-asm configuration, every primitive is the "
        "generic C code");
    v.advice =
        "Use a libcrypto built with assembly (the distribution's package), or rebuild OpenSSL "
        "without the no-asm option.";
    return v;
  }

  Verdict DecideWithoutPaths() const {
    const std::string figure = Figure(fp_, AsIs().bytes_per_s);
    if (family_ == verdict_internal::Family::kNone) {
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

  // ---- Mask experiments ----------------------------------------------------------------------

  Verdict DecideFromExperiments(const PathSpec& cpu_path) const {
    std::vector<std::string> evidence;
    std::vector<size_t> main;  // indices of the non-GHASH experiments
    std::vector<Comparison> comparisons(experiments_.size());
    for (size_t i = 0; i < experiments_.size(); ++i) {
      comparisons[i] = CompareExperiment(i);
      const PathSpec* spec = Spec(experiments_[i]);
      if (spec != nullptr && spec->ghash) {
        continue;
      }
      main.push_back(i);
      evidence.push_back(ExperimentEvidence(i, comparisons[i]));
    }
    if (main.empty()) {
      return DecideWithoutExperiments(cpu_path);
    }
    for (size_t k = 0; k < main.size(); ++k) {
      const size_t i = main[k];
      if (comparisons[i].change != Change::kSlower) {
        continue;
      }
      const Experiment& e = experiments_[i];
      std::string reason = fmt::format("{} path, {}", e.path, Headline());
      if (!fp_.matches.empty()) {
        reason += fmt::format(", fits {}",
                              fp_.matches.size() == 1 ? fp_.matches.front()->name : fp_.conclusion);
      }
      reason += fmt::format("; masking {} slows it {}", Join(e.features),
                            FormatRatio(comparisons[i].ratio));
      Verdict v = Make(VerdictStatus::kAccelerated, reason);
      v.evidence = evidence;
      for (size_t j = 0; j < k; ++j) {
        if (comparisons[main[j]].change == Change::kNone) {
          AddUnusedPathNote(experiments_[main[j]], v);
        }
      }
      return v;
    }
    return DecideWithoutSlowdown(main, comparisons, evidence);
  }

  // A better path the CPU offers that masking showed unused: information, not a problem.
  void AddUnusedPathNote(const Experiment& e, Verdict& v) const {
    v.evidence.push_back(
        fmt::format("note: the {} path is not used by this library (masking {} changes nothing)",
                    e.path, Join(e.features)));
    const bool openssl_30 =
        facts_.library.version_num >= 0x30000000 && facts_.library.version_num < 0x30100000;
    if (family_ == verdict_internal::Family::kAesGcm && e.path == "VAES + VPCLMULQDQ" &&
        openssl_30) {
      // aes-gcm-avx512 landed on master on 2021-06-09 (commit 63b996e752) and is not in
      // 3.0.19 (cpb-reference.md sec. 8); FreeBSD's ossl(4) took its copy from OpenSSL 3.1.
      v.advice =
          "Optional: OpenSSL 3.0 has no VAES GCM code; OpenSSL 3.1 and later add a VAES + "
          "VPCLMULQDQ (AVX-512) GCM path, about 2.5x faster on Zen 4 (0.33 vs 0.81 cpb).";
    }
  }

  Verdict DecideWithoutSlowdown(const std::vector<size_t>& main,
                                const std::vector<Comparison>& comparisons,
                                const std::vector<std::string>& evidence) const {
    bool inconclusive = false;
    bool all_failed = true;
    std::vector<std::string_view> prefixes;
    for (size_t i : main) {
      inconclusive = inconclusive || comparisons[i].change == Change::kInconclusive;
      all_failed = all_failed && comparisons[i].change == Change::kFailed;
      if (const PathSpec* spec = Spec(experiments_[i]);
          spec != nullptr && !spec->class_prefix.empty()) {
        prefixes.push_back(spec->class_prefix);
      }
    }
    size_t fitting = 0;
    for (const CpbClass* c : fp_.matches) {
      fitting += std::any_of(prefixes.begin(), prefixes.end(), [&](std::string_view prefix) {
        return std::string_view(c->name).starts_with(prefix);
      });
    }
    // The numbers quoted: the first inconclusive experiment, else the first that measured.
    auto first_with = [&](auto predicate) {
      const auto it = std::find_if(main.begin(), main.end(),
                                   [&](size_t i) { return predicate(comparisons[i].change); });
      return it == main.end() ? main.front() : *it;
    };
    const size_t quoted = inconclusive
                              ? first_with([](Change c) { return c == Change::kInconclusive; })
                              : first_with([](Change c) { return c != Change::kFailed; });
    const Experiment& last = experiments_[main.back()];
    std::string outcome = "the mask experiments failed";
    if (inconclusive) {
      outcome = fmt::format("masking {} gave {}, inconclusive", Join(experiments_[quoted].features),
                            FormatRatio(comparisons[quoted].ratio));
    } else if (!all_failed) {
      outcome = fmt::format("masking {} changed nothing ({})", Join(experiments_[quoted].features),
                            FormatRatio(comparisons[quoted].ratio));
    }
    const std::string figure = Figure(fp_, AsIs().bytes_per_s);
    if (!fp_.matches.empty() && fitting == fp_.matches.size()) {
      const bool ignored = !inconclusive && !all_failed;
      Verdict v = Make(VerdictStatus::kAccelerated,
                       fmt::format("{}, but {}{}", figure, outcome,
                                   ignored ? ": this library may not honour OPENSSL_ia32cap "
                                             "(e.g. a provider with its own CPU dispatch)"
                                           : ""));
      v.evidence = evidence;
      return v;
    }
    if (!fp_.matches.empty() && fitting == 0 && !inconclusive) {
      const PathSpec* spec = Spec(last);
      const std::string feature =
          spec != nullptr ? std::string(verdict_internal::KeyFeature(*spec)) : last.path;
      Verdict v = Make(
          VerdictStatus::kNotAccelerated,
          fmt::format("{}; the CPU has {} but this libcrypto does not use it ({}): "
                      "its build omits the {} assembly",
                      figure, feature,
                      all_failed ? outcome : std::string("masking it changes nothing"), last.path));
      v.evidence = evidence;
      AddBuildEvidence(verdict_internal::AsmModulesFor(alg_), verdict_internal::AsmDefinesFor(alg_),
                       v);
      v.advice = fmt::format(
          "Use a libcrypto whose build includes the {} assembly (the distribution's package, or "
          "OpenSSL configured without no-asm and built with an assembler that knows {}).",
          last.path, feature);
      return v;
    }
    Verdict v = Make(VerdictStatus::kUndetermined,
                     fmt::format("{}; {}{}", figure, outcome,
                                 inconclusive ? " (repeat on an idle machine)"
                                              : ", and the fingerprint does not settle it"));
    v.evidence = evidence;
    return v;
  }

  // No experiment ran although the CPU offers a path: the library's vector has its bits clear.
  Verdict DecideWithoutExperiments(const PathSpec& cpu_path) const {
    const std::string feature(verdict_internal::KeyFeature(cpu_path));
    const std::string figure = Figure(fp_, AsIs().bytes_per_s);
    const std::string vector = facts_.library.capability_vector.empty()
                                   ? facts_.library.cpu_info
                                   : facts_.library.capability_vector;
    const std::string why =
        fmt::format("no mask experiment ran: the library's capability vector ({}) has {} clear",
                    vector, feature);
    const CpbClass* path_class = PathClass(cpu_path);
    const bool fits =
        path_class != nullptr && std::any_of(fp_.matches.begin(), fp_.matches.end(),
                                             [&](const CpbClass* c) { return c == path_class; });
    if (fits) {
      return Make(VerdictStatus::kAccelerated, fmt::format("{} ({})", figure, why));
    }
    if (fp_.software) {
      Verdict v = Make(VerdictStatus::kNotAccelerated,
                       fmt::format("{}; the CPU has {} but the library does not see it ({})",
                                   figure, feature, why));
      v.advice = "Check how this libcrypto detects CPU features (an old OpenSSL may predate " +
                 feature + ").";
      return v;
    }
    return Make(VerdictStatus::kUndetermined, fmt::format("{}; {}", figure, why));
  }

  void AddBuildEvidence(const std::vector<std::string_view>& modules,
                        const std::vector<std::string_view>& defines, Verdict& v) const {
    const std::string file = facts_.library.loaded_path.empty() ? std::string("the library file")
                                                                : facts_.library.loaded_path;
    for (std::string_view module : modules) {
      const bool found = std::any_of(facts_.asm_modules.begin(), facts_.asm_modules.end(),
                                     [&](const AsmModule& m) { return m.module == module; });
      v.evidence.push_back(fmt::format("assembly module {} {} {}", module,
                                       found ? "is in" : "was not found in", file));
    }
    // 1.x prints its -D*_ASM defines in the compiler line; 3.x passes them per file.
    if (facts_.library.version_num < 0x30000000 && !facts_.library.cflags.empty()) {
      for (std::string_view define : defines) {
        const bool present = std::find(facts_.asm_defines.begin(), facts_.asm_defines.end(),
                                       define) != facts_.asm_defines.end();
        v.evidence.push_back(
            fmt::format("the compiler line {} -D{}", present ? "has" : "lacks", define));
      }
    }
  }

  // ---- GCM's GHASH -----------------------------------------------------------------------

  Verdict DecideGhash(size_t i) const {
    const Experiment& e = experiments_[i];
    Verdict v = base_;
    v.algorithm = fmt::format("GHASH ({})", alg_.name);
    const Measurement* baseline = BaselineOf(e);
    const Fingerprint base_fp = baseline != nullptr ? Classify(*baseline) : Fingerprint{};
    v.cpb_low = base_fp.cpb_low;
    v.cpb_high = base_fp.cpb_high;
    v.fingerprint = fmt::format("no class of its own: GHASH is measured inside {}", alg_.name);

    std::vector<std::string> added = e.features;  // the bits only this experiment clears
    if (e.baseline > 0) {
      const auto& before = experiments_[static_cast<size_t>(e.baseline - 1)].features;
      std::erase_if(added, [&](const std::string& name) {
        return std::find(before.begin(), before.end(), name) != before.end();
      });
    }
    const Comparison c = CompareExperiment(i);
    v.evidence.push_back(ExperimentEvidence(i, c));
    auto finish = [&](VerdictStatus status, const std::string& reason) {
      v.status = status;
      v.line = fmt::format("{}: {}: {}.", v.algorithm, VerdictStatusName(status), reason);
      return v;
    };
    const Measurement* masked = MeasurementOf(i);
    std::string change;
    if (masked != nullptr && baseline != nullptr && c.change != Change::kFailed) {
      const Fingerprint masked_fp = Classify(*masked);
      change = Cpb(base_fp).empty()
                   ? fmt::format("{} to {}", Rate(baseline->bytes_per_s), Rate(masked->bytes_per_s))
                   : fmt::format("{} to {}", Cpb(base_fp), Cpb(masked_fp));
    }
    switch (c.change) {
      case Change::kSlower:
        return finish(VerdictStatus::kAccelerated,
                      fmt::format("PCLMULQDQ GHASH path; masking {} slows {} {} ({})", Join(added),
                                  alg_.name, FormatRatio(c.ratio), change));
      case Change::kNone: {
        finish(VerdictStatus::kNotAccelerated,
               fmt::format("masking {} changes nothing ({}, {}): GHASH does not use "
                           "carry-less multiplication although the CPU has PCLMULQDQ",
                           Join(added), FormatRatio(c.ratio), change));
        AddBuildEvidence({verdict_internal::kGhashModule}, {verdict_internal::kGhashDefine}, v);
        v.advice = "Use a libcrypto whose build includes the GHASH assembly (ghash-x86_64).";
        return v;
      }
      case Change::kInconclusive:
        return finish(VerdictStatus::kUndetermined,
                      fmt::format("masking {} gave {} ({}): inconclusive", Join(added),
                                  FormatRatio(c.ratio), change));
      case Change::kFailed:
        break;
    }
    return finish(
        VerdictStatus::kUndetermined,
        fmt::format("the measurement with {} masked, or its baseline, failed", Join(added)));
  }

  const AlgorithmInfo& alg_;
  std::string_view operation_;
  const DoctorFacts& facts_;
  const std::vector<Experiment>& experiments_;
  const std::vector<Measurement>& measurements_;
  double hz_low_, hz_high_;
  bool symmetric_;
  verdict_internal::Family family_;
  std::span<const PathSpec> paths_;
  Verdict base_;
  Fingerprint fp_;
  std::vector<std::string> evidence_;  // as-is facts, put first in the main verdict
};

}  // namespace

std::vector<Verdict> DecideVerdicts(const AlgorithmInfo& alg, std::string_view operation,
                                    uint64_t input_len, const DoctorFacts& facts,
                                    const std::vector<Experiment>& experiments,
                                    const std::vector<Measurement>& measurements, double hz_low,
                                    double hz_high) {
  return Decider(alg, operation, input_len, facts, experiments, measurements, hz_low, hz_high)
      .Decide();
}

}  // namespace cryptobench::diagnose
