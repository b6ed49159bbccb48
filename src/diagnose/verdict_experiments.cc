// The mask-experiment half of the verdict engine (verdict_decider.h): comparing masked runs with
// their baselines, the verdict they prove, what no change means, and GCM's GHASH verdict.
#include <algorithm>
#include <string_view>

#include <fmt/format.h>

#include "diagnose/verdict.h"
#include "diagnose/verdict_decider.h"

namespace cryptobench::diagnose::verdict_internal {
namespace {

// Below this ratio a reliable (CIs apart) slowdown still counts as "no change"; between it and
// kSignificantSlowdown the experiment is inconclusive. 10% is the EVP overhead spread the class
// ranges already allow for (classifier.h, kCpbTolerance).
constexpr double kSmallChange = 1.10;

// Under emulation neither load nor a missing path explains a mask that slows nothing (or
// speeds up): an emulator may run a CPU's crypto instructions at any speed relative to the
// scalar code, and no cpb class exists to settle it. Only a slowdown shows the path.
constexpr std::string_view kEmulatedRatioCaveat =
    ": under emulation a path's speed is the emulator's, so only a run on the CPU itself can "
    "tell which path the library takes";

}  // namespace

Comparison Compare(const Measurement& baseline, const Measurement& masked) {
  Comparison out;
  if (!MeasurementOk(baseline) || !MeasurementOk(masked)) {
    return out;
  }
  out.ratio = baseline.bytes_per_s / masked.bytes_per_s;
  const bool have_cis = (baseline.ci_low != 0 || baseline.ci_high != 0) &&
                        (masked.ci_low != 0 || masked.ci_high != 0);
  out.cis_apart = have_cis ? masked.ci_high < baseline.ci_low : out.ratio > 1;
  // "No change" must be shown, not merely not disproved: even the ratio most favourable to a
  // slowdown that the CIs allow (baseline high / masked low) stays below significance. Wide,
  // overlapping intervals on a busy machine are inconclusive, never proof of a missing path.
  const bool rules_out_slowdown =
      have_cis ? masked.ci_low > 0 && baseline.ci_high / masked.ci_low < kSignificantSlowdown
               : out.ratio < kSmallChange;
  // Masked clearly faster: taking code paths away does not speed a library up by 10% on a quiet
  // machine, so the machine changed under the measurements (load, clock); nothing is shown.
  const bool masked_faster =
      out.ratio * kSmallChange <= 1 && (have_cis ? masked.ci_low > baseline.ci_high : true);
  out.significantly_faster = masked_faster && out.ratio * kSignificantSlowdown <= 1;
  if (out.ratio >= kSignificantSlowdown && out.cis_apart) {
    out.change = Change::kSlower;
  } else if (masked_faster) {
    out.change = Change::kInconclusive;
  } else if (rules_out_slowdown && !(out.cis_apart && out.ratio >= kSmallChange)) {
    out.change = Change::kNone;
  } else {
    out.change = Change::kInconclusive;
  }
  return out;
}

// Under emulation a mask that makes the library significantly faster (CIs apart) switched its
// code path as surely as a slowdown does: the emulator may run a CPU's crypto instructions slower
// than the code without them.
bool Decider::EmulatedPathChange(const Comparison& c) const {
  return !facts_.emulation.empty() && c.significantly_faster;
}

Comparison Decider::CompareExperiment(size_t i) const {
  const Measurement* masked = MeasurementOf(i);
  const Measurement* baseline = BaselineOf(experiments_[i]);
  if (masked == nullptr || baseline == nullptr) {
    return Comparison{};
  }
  return Compare(*baseline, *masked);
}

std::string Decider::ExperimentEvidence(size_t i, const Comparison& c) const {
  const Experiment& e = experiments_[i];
  const Measurement* m = MeasurementOf(i);
  if (m == nullptr) {
    return fmt::format("{}: not measured", e.label);
  }
  std::string label = e.label;
  if (!m->ia32cap.empty()) {
    label += fmt::format(" ({}={})", MaskVariable(facts_.cpu.arch), m->ia32cap);
  }
  if (!MeasurementOk(*m)) {
    return fmt::format("{}: measurement failed ({}{}{})", label, results::CellStatusName(m->status),
                       m->message.empty() ? "" : ": ", m->message);
  }
  const PathSpec* spec = Spec(e);
  std::string text = Describe(*m, label, spec == nullptr || !spec->ghash);
  const std::string versus = BaselineLabel(e);
  switch (c.change) {
    case Change::kSlower:
      return text + fmt::format("; {} slower than {} (CIs apart): the {} path was in use",
                                FormatRatio(c.ratio), versus, e.path);
    case Change::kNone:
      return text + fmt::format("; no significant change vs {} ({})", versus, FormatRatio(c.ratio));
    case Change::kInconclusive:
      if (EmulatedPathChange(c)) {
        return text + fmt::format(
                          "; {} vs {} (CIs apart): the {} path was in use, and the "
                          "emulator runs its instructions slower than the code without "
                          "them",
                          FormatRatio(c.ratio), versus, e.path);
      }
      return text + fmt::format("; {} vs {}, {}: inconclusive", FormatRatio(c.ratio), versus,
                                c.ratio < 1 && !facts_.emulation.empty()
                                    ? "faster with the mask: the emulator runs this path's "
                                      "instructions slower than the code without them"
                                : c.ratio < 1 ? "faster with the mask, so the machine changed"
                                : c.cis_apart ? "a small change"
                                              : "the 95% CIs overlap");
    case Change::kFailed:
      break;
  }
  return text + fmt::format("; the {} measurement failed", versus);
}

Verdict Decider::DecideFromExperiments(const PathSpec& cpu_path) const {
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
    const bool slower = comparisons[i].change == Change::kSlower;
    if (!slower && !EmulatedPathChange(comparisons[i])) {
      continue;
    }
    const Experiment& e = experiments_[i];
    const std::string slowdown =
        slower ? fmt::format("masking {} slows it {}", Join(e.features),
                             FormatRatio(comparisons[i].ratio))
               : fmt::format("masking {} changes its speed ({}, faster under the emulator)",
                             Join(e.features), FormatRatio(comparisons[i].ratio));
    std::string reason;
    if (FingerprintContradicts(Spec(e))) {
      // The two kinds of evidence disagree: say both, and which one is trusted.
      reason = fmt::format(
          "{} path ({}); its {} fits {}, which contradicts the mask experiment: the experiment "
          "is trusted, as a slowdown under a mask is a ratio of two runs on one clock while cpb "
          "rests on {}",
          e.path, slowdown, Headline(), fp_.conclusion, ClockBasisForCpb());
    } else {
      reason = fmt::format("{} path, {}", e.path, Headline());
      if (!fp_.matches.empty()) {
        reason += fmt::format(", fits {}",
                              fp_.matches.size() == 1 ? fp_.matches.front()->name : fp_.conclusion);
      }
      reason += "; " + slowdown;
    }
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

// True when the cpb fingerprint names classes and none of them is the path an experiment proved:
// none starts with the path's class prefix (or, for a path without one, none is hardware).
bool Decider::FingerprintContradicts(const PathSpec* proven) const {
  if (fp_.matches.empty()) {
    return false;
  }
  if (proven == nullptr || proven->class_prefix.empty()) {
    return fp_.software;
  }
  return std::none_of(fp_.matches.begin(), fp_.matches.end(), [&](const CpbClass* c) {
    return std::string_view(c->name).starts_with(proven->class_prefix);
  });
}

// A better path the CPU offers that masking showed unused: information, not a problem.
void Decider::AddUnusedPathNote(const Experiment& e, Verdict& v) const {
  v.evidence.push_back(
      fmt::format("note: the {} path is not used by this library (masking {} changes nothing)",
                  e.path, Join(e.features)));
  const bool openssl_30 =
      facts_.library.version_num >= 0x30000000 && facts_.library.version_num < 0x30100000;
  // The 2.5x is for bulk data; at small inputs per-call overhead dominates and the advice misleads.
  if (family_ == verdict_internal::Family::kAesGcm && e.path == "VAES + VPCLMULQDQ" && openssl_30 &&
      base_.input_len >= kLargeInputLen) {
    // aes-gcm-avx512 landed on master on 2021-06-09 (commit 63b996e752) and is not in
    // 3.0.19 (cpb-reference.md sec. 8); FreeBSD's ossl(4) took its copy from OpenSSL 3.1.
    // Gains measured on two CPUs (data/cpb-classes.csv): Zen 4 0.33 vs 0.81 cpb
    // (cpb-reference.md sec. 8); Sapphire Rapids 0.19 vs 0.53 (github.com/lelegard/aesbench,
    // OpenSSL 3.2.2 vs 3.0.7).
    v.advice =
        "Optional: OpenSSL 3.0 has no VAES GCM code; OpenSSL 3.1 and later add a VAES + "
        "VPCLMULQDQ (AVX-512) GCM path, 2.5x (Zen 4) to 2.8x (Sapphire Rapids) faster at "
        "16 KiB.";
  }
}

Verdict Decider::DecideWithoutSlowdown(const std::vector<size_t>& main,
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
                                 ignored ? fmt::format(": this library may not honour {} (e.g. a "
                                                       "provider with its own CPU dispatch)",
                                                       CapabilityVariable(facts_))
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
  const bool emulated = !facts_.emulation.empty();
  Verdict v =
      Make(VerdictStatus::kUndetermined,
           fmt::format("{}; {}{}", figure, outcome,
                       emulated       ? kEmulatedRatioCaveat
                       : inconclusive ? " (repeat on an idle machine)"
                       : symmetric_   ? ", and the fingerprint does not settle it"
                                    // Public-key rates have no sourced class (docs/doctor.md).
                                    : ": cannot tell which path ran, as no ops/s class exists to "
                                      "settle it"));
  v.evidence = evidence;
  return v;
}

// No experiment ran although the CPU offers a path: the library's vector has its bits clear.
Verdict Decider::DecideWithoutExperiments(const PathSpec& cpu_path) const {
  const std::string feature(verdict_internal::KeyFeature(cpu_path));
  const std::string figure = Figure(fp_, AsIs().bytes_per_s);
  const std::string vector = facts_.library.capability_vector.empty()
                                 ? facts_.library.cpu_info
                                 : facts_.library.capability_vector;
  const std::string why = fmt::format(
      "no mask experiment ran: the library's capability vector ({}) has {} clear", vector, feature);
  const CpbClass* path_class = PathClass(cpu_path);
  const bool fits =
      path_class != nullptr && std::any_of(fp_.matches.begin(), fp_.matches.end(),
                                           [&](const CpbClass* c) { return c == path_class; });
  if (fits) {
    return Make(VerdictStatus::kAccelerated, fmt::format("{} ({})", figure, why));
  }
  if (fp_.software) {
    Verdict v = Make(VerdictStatus::kNotAccelerated,
                     fmt::format("{}; the CPU has {} but the library does not see it ({})", figure,
                                 feature, why));
    v.advice = "Check how this libcrypto detects CPU features (an old OpenSSL may predate " +
               feature + ").";
    return v;
  }
  return Make(VerdictStatus::kUndetermined, fmt::format("{}; {}", figure, why));
}

void Decider::AddBuildEvidence(const std::vector<std::string_view>& modules,
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

Verdict Decider::DecideGhash(size_t i) const {
  const Experiment& e = experiments_[i];
  Verdict v = base_;
  v.algorithm = fmt::format("GHASH ({})", alg_.name);
  const Measurement* baseline = BaselineOf(e);
  const Fingerprint base_fp = baseline != nullptr ? Classify(*baseline) : Fingerprint{};
  v.cpb_low = base_fp.cpb_low;
  v.cpb_high = base_fp.cpb_high;
  v.fingerprint = fmt::format("no class of its own: GHASH is measured inside {}", alg_.name);

  std::vector<std::string> added = e.features;  // the bits only this experiment clears
  // The carry-less multiply instruction the GHASH path is named after (PCLMULQDQ or PMULL).
  auto KeyFeatureOf = [this](const Experiment& experiment) {
    const PathSpec* spec = Spec(experiment);
    return spec != nullptr ? std::string(verdict_internal::KeyFeature(*spec))
                           : std::string("the instruction");
  };
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
    v.line = fmt::format("{}: {}: {}.", VerdictSubject(v), VerdictStatusName(status), reason);
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
                    fmt::format("{} path; masking {} slows {} {} ({})", e.path, Join(added),
                                alg_.name, FormatRatio(c.ratio), change));
    case Change::kNone: {
      if (!facts_.emulation.empty()) {
        // An emulator may run PMULL and the NEON code at one speed: no change proves nothing.
        return finish(VerdictStatus::kUndetermined,
                      fmt::format("masking {} changes nothing ({}, {}){}", Join(added),
                                  FormatRatio(c.ratio), change, kEmulatedRatioCaveat));
      }
      finish(VerdictStatus::kNotAccelerated,
             fmt::format("masking {} changes nothing ({}, {}): GHASH does not use "
                         "carry-less multiplication although the CPU has {}",
                         Join(added), FormatRatio(c.ratio), change, KeyFeatureOf(e)));
      const std::string_view module = verdict_internal::GhashModule(facts_.cpu.arch);
      AddBuildEvidence({module}, {verdict_internal::kGhashDefine}, v);
      v.advice =
          fmt::format("Use a libcrypto whose build includes the GHASH assembly ({}).", module);
      return v;
    }
    case Change::kInconclusive:
      if (EmulatedPathChange(c)) {
        return finish(VerdictStatus::kAccelerated,
                      fmt::format("{} path; masking {} changes {}'s speed ({}, {}, faster under "
                                  "the emulator)",
                                  e.path, Join(added), alg_.name, FormatRatio(c.ratio), change));
      }
      return finish(
          VerdictStatus::kUndetermined,
          fmt::format("masking {} gave {} ({}): inconclusive{}", Join(added), FormatRatio(c.ratio),
                      change, facts_.emulation.empty() ? "" : kEmulatedRatioCaveat));
    case Change::kFailed:
      break;
  }
  return finish(
      VerdictStatus::kUndetermined,
      fmt::format("the measurement with {} masked, or its baseline, failed", Join(added)));
}

}  // namespace cryptobench::diagnose::verdict_internal
