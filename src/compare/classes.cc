// Class findings: each side's large-input throughput as cycles per byte over the side's clock
// range, matched against doctor's implementation classes (diagnose/classifier.h).
#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

#include <fmt/format.h>

#include "report/format_util.h"
#include "results/emulated.h"

#include "compare/attribution.h"
#include "compare/format.h"
#include "compare/sides.h"
#include "diagnose/doctor_from.h"
#include "diagnose/verdict_paths.h"

namespace cryptobench::compare {
namespace {

// cpb ranges narrower than this (high / low) print as one number.
constexpr double kOneNumberSpread = 1.01;

// Two or three significant digits: cpb figures are estimates over a clock range.
std::string Cpb(double value) {
  if (value < 10) {
    return fmt::format("{:.2f}", value);
  }
  if (value < 100) {
    return fmt::format("{:.1f}", value);
  }
  return fmt::format("{:.0f}", value);
}

std::string CpbText(double low, double high) {
  if (high / low < kOneNumberSpread) {
    return Cpb((low + high) / 2);
  }
  return Cpb(low) + "-" + Cpb(high);
}

// The hardware feature whose absence puts an algorithm on a software path, where one feature
// decides it, named as the side's features are: on x86 AES-NI for AES and SHA-NI for SHA-1 and
// SHA-256 (cpb-classes.csv); on Arm (an OPENSSL_armcap side) AES for AES, SHA1 for SHA-1 and
// SHA2 for SHA-256 (cpb-classes-aarch64.csv, armcap.h); "" otherwise.
std::string DecidingFeature(const Side& side, const Row& row) {
  const bool arm = ArchOfRun(side.run).variable == "OPENSSL_armcap";
  if (row.group == "AES") {
    return arm ? "AES" : "AES-NI";
  }
  if (row.algorithm == "SHA-1") {
    return arm ? "SHA1" : "SHA-NI";
  }
  if (row.algorithm == "SHA-224" || row.algorithm == "SHA-256" || row.algorithm == "HMAC-SHA256") {
    return arm ? "SHA2" : "SHA-NI";
  }
  return "";
}

std::string FeatureNote(const Side& side, const diagnose::Fingerprint& fp, const Row& row) {
  const std::string feature = DecidingFeature(side, row);
  if (feature.empty() || !fp.software || !side.cpu_features) {
    return "";
  }
  if (side.features_source == "CPU flags line") {
    // The CPU's line, less a mask set for the run: say which of the two speaks.
    std::optional<CpuinfoMask> mask = CommandLineMaskOf(side);
    const bool masked =
        mask && std::find(mask->clears.begin(), mask->clears.end(), feature) != mask->clears.end();
    if (masked) {
      return fmt::format(", and {}={} ({}) clears the {} its CPU's flags line shows",
                         mask->variable, mask->value, mask->origin, feature);
    }
    const std::optional<bool> can = LibraryCanUse(side, feature);
    if (!can) {
      return "";
    }
    return *can ? fmt::format(", though its CPU's flags line shows {}", feature)
                : fmt::format(", and its CPU's flags line shows no {}", feature);
  }
  const bool has = std::find(side.cpu_features->begin(), side.cpu_features->end(), feature) !=
                   side.cpu_features->end();
  const bool machine = side.features_source == "this machine";
  if (has) {
    return machine ? fmt::format(", though this machine has {}", feature)
                   : fmt::format(", though its capability vector has {}", feature);
  }
  return machine ? fmt::format(", and this machine lacks {}", feature)
                 : fmt::format(", and its capability vector lacks {}", feature);
}

// Why a side's cycles per byte say nothing about the CPU's code paths, or "" when they can: a
// run under emulation (its cycles are the emulator's), an engine or provider named
// (docs/compare.md section 5 judges no code path for such a side), a -multi side (its figures are
// a sum over processes), or no class table for the side's architecture (`classes` empty).
std::string NotJudged(const Side& side, const std::vector<diagnose::CpbClass>& classes) {
  if (results::EmulationReason(side.run)) {
    return "it was measured under emulation, so its cycles per byte are the emulator's, not a "
           "CPU's";
  }
  const results::SourceInfo& source = side.run.source;
  if (source.multi > 1) {
    // apps/speed.c do_multi adds the children's rates up; how many cores they shared is not
    // in the figure, so neither the sum nor the sum / N is one core's rate.
    return fmt::format(
        "its figures add up {} processes (openssl speed -multi {}), so they are no one core's "
        "cycles per byte",
        source.multi, source.multi);
  }
  if (source.engine_or_provider.empty()) {
    if (!classes.empty()) {
      return "";
    }
    const std::string arch = ArchOfRun(side.run).arch;
    return arch.empty() ? "its architecture is unknown, so cannot tell which class table applies"
                        : fmt::format("no cpb classes are known for its architecture ({})", arch);
  }
  if (source.timing_basis == "user_cpu") {
    return fmt::format(
        "it was timed in user CPU time with {}, so its figures need not describe the CPU's own "
        "code (work on a device or in the kernel is not counted)",
        source.engine_or_provider);
  }
  return fmt::format(
      "it went through {}, whose work may run on a device rather than in the "
      "CPU's own code",
      source.engine_or_provider);
}

bool Covered(const std::vector<diagnose::CpbClass>& classes, const Row& row) {
  return std::any_of(classes.begin(), classes.end(), [&](const diagnose::CpbClass& c) {
    return c.algorithm == row.algorithm && c.operation == row.operation;
  });
}

}  // namespace

std::vector<FiguresAsm> AssemblyShownByFigures(const std::vector<Row>& rows, const Side& side,
                                               bool is_a,
                                               const std::vector<diagnose::CpbClass>& classes) {
  // The hardware classes are OpenSSL's perlasm functions: another library's figures prove
  // nothing of its build this way (Botan and others reach the instructions from C++ too).
  if (LibraryProduct(side.run.library) != "openssl" || !(side.clock.hz_low > 0) ||
      !NotJudged(side, classes).empty()) {
    return {};
  }
  std::vector<const Row*> picked;  // the largest judged size of each (algorithm, operation)
  for (const Row& row : rows) {
    if (row.presence != Presence::kBoth || !row.symmetric || row.input_len < kLargeInputMin ||
        row.verdict == Verdict::kCannotTell || row.sizes_assumed || !Covered(classes, row) ||
        !(is_a ? row.a : row.b)) {
      continue;
    }
    const auto same = std::find_if(picked.begin(), picked.end(), [&](const Row* other) {
      return other->algorithm == row.algorithm && other->operation == row.operation;
    });
    if (same == picked.end()) {
      picked.push_back(&row);
    } else if (row.input_len > (*same)->input_len) {
      *same = &row;
    }
  }
  const diagnose::DoctorFacts facts = diagnose::ReportFacts(side.run);
  const auto keep = [&facts](const diagnose::CpbClass& c) {
    return diagnose::verdict_internal::ClassReachable(c, facts);
  };
  std::vector<FiguresAsm> out;
  for (const Row* row : picked) {
    const diagnose::Fingerprint fp = diagnose::Classify(
        classes, row->algorithm, row->operation, (is_a ? *row->a : *row->b).value,
        side.clock.hz_low, side.clock.hz_high, keep);
    if (!fp.hardware) {
      continue;
    }
    std::string names;
    for (size_t i = 0; i < fp.matches.size(); ++i) {
      names += (i == 0 ? "" : " or ") + fp.matches[i]->name;
    }
    out.push_back(FiguresAsm{
        row->algorithm,
        fmt::format("at {} {} runs {} {} at {} cpb {}, a speed only hardware classes reach ({}), "
                    "all of them OpenSSL assembly",
                    report::FormatThroughputSize(row->input_len), side.letter, row->algorithm,
                    row->operation, CpbText(fp.cpb_low, fp.cpb_high), side.clock.basis, names)});
  }
  return out;
}

std::vector<Finding> ClassFindings(const std::vector<Row>& rows, const Side& a, const Side& b,
                                   const std::vector<diagnose::CpbClass>& classes,
                                   size_t max_findings, const BuildIdentity& identity) {
  return ClassFindings(rows, a, b, classes, classes, max_findings, identity);
}

std::vector<Finding> ClassFindings(const std::vector<Row>& rows, const Side& a, const Side& b,
                                   const std::vector<diagnose::CpbClass>& classes_a,
                                   const std::vector<diagnose::CpbClass>& classes_b,
                                   size_t max_findings, const BuildIdentity& identity) {
  if (!a.cpu_features && !b.cpu_features) {
    return {};
  }
  const std::string a_not_judged = NotJudged(a, classes_a);
  const std::string b_not_judged = NotJudged(b, classes_b);
  // The largest compared size >= kLargeInputMin of each (algorithm, operation), in row order.
  std::vector<const Row*> picked;
  std::map<std::tuple<std::string, std::string>, size_t> index;
  for (const Row& row : rows) {
    if (row.presence != Presence::kBoth || !row.symmetric || row.input_len < kLargeInputMin ||
        (!Covered(classes_a, row) && !Covered(classes_b, row))) {
      continue;
    }
    const auto key = std::make_tuple(row.algorithm, row.operation);
    const auto it = index.find(key);
    if (it == index.end()) {
      index[key] = picked.size();
      picked.push_back(&row);
    } else if (row.input_len > picked[it->second]->input_len) {
      picked[it->second] = &row;
    }
  }
  const bool any_changed = std::any_of(picked.begin(), picked.end(), [](const Row* row) {
    return row->direction != Direction::kWithin;
  });
  if (!any_changed) {
    return {};  // the code path at large sizes did not change: nothing to attribute
  }
  // A side not judged: why, once, before the class sentences.
  std::vector<Finding> out;
  for (const auto& [side, why] : {std::pair{&a, a_not_judged}, std::pair{&b, b_not_judged}}) {
    if (!why.empty()) {
      out.push_back(Finding{"cpb-class",
                            fmt::format("No cpb class is named for {}: {}.", side->letter, why)});
    }
  }
  const bool a_classed = a.cpu_features && a_not_judged.empty();
  const bool b_classed = b.cpu_features && b_not_judged.empty();
  if (!a_classed && !b_classed) {
    return out;
  }
  const auto classes_of = [&](const Side* side) -> const std::vector<diagnose::CpbClass>& {
    return side == &a ? classes_a : classes_b;
  };
  // The classes each side's library and CPU can run, by doctor's own filter (ClassReachable:
  // release, capability vector, flags line), so that compare names the candidates doctor --from
  // names for the same run (new-user tryout 20: VAES-AVX512 for a vector with VAES clear).
  const diagnose::DoctorFacts facts_a = diagnose::ReportFacts(a.run);
  const diagnose::DoctorFacts facts_b = diagnose::ReportFacts(b.run);
  const auto keep_of = [&](const Side* side) {
    const diagnose::DoctorFacts* facts = side == &a ? &facts_a : &facts_b;
    return [facts](const diagnose::CpbClass& c) {
      return diagnose::verdict_internal::ClassReachable(c, *facts);
    };
  };
  size_t sentences = 0;
  for (const Row* row : picked) {
    if (sentences >= max_findings) {
      break;
    }
    if (row->direction == Direction::kWithin) {
      continue;
    }
    if (identity.state == BuildIdentity::State::kSame && a_classed && b_classed &&
        Covered(classes_a, *row) && Covered(classes_b, *row)) {
      // One build on one CPU takes one code path: the cpb of each run, and no class change.
      std::vector<std::string> cpbs;
      for (const Side* side : {&a, &b}) {
        const diagnose::Fingerprint fp =
            diagnose::Classify(classes_of(side), row->algorithm, row->operation,
                               (side == &a ? *row->a : *row->b).value, side->clock.hz_low,
                               side->clock.hz_high, keep_of(side));
        cpbs.push_back(fmt::format("{} at {} cpb {}", side->letter,
                                   CpbText(fp.cpb_low, fp.cpb_high), side->clock.basis));
      }
      out.push_back(Finding{
          "cpb-class",
          fmt::format("At {}: {} {} runs {}, {}: the same build on the same CPU takes the same "
                      "code path, so the difference is the machine's speed between the runs and "
                      "no change of implementation class is read from it.",
                      report::FormatThroughputSize(row->input_len), row->algorithm, row->operation,
                      cpbs[0], cpbs[1])});
      ++sentences;
      continue;
    }
    std::vector<std::string> parts;
    std::vector<std::string> conclusions;
    bool named = false;  // the first classified side names the algorithm
    for (const Side* side : {&a, &b}) {
      const Figure& figure = side == &a ? *row->a : *row->b;
      if (!(side == &a ? a_not_judged : b_not_judged).empty()) {
        continue;  // said once above
      }
      if (!side->cpu_features) {
        parts.push_back(fmt::format("{}'s CPU features are unknown, so no class is named for it",
                                    side->letter));
        continue;
      }
      if (!Covered(classes_of(side), *row)) {
        parts.push_back(fmt::format("no {} class is known for {} {}, so none is named for {}",
                                    ArchOfRun(side->run).arch, row->algorithm, row->operation,
                                    side->letter));
        continue;
      }
      const diagnose::Fingerprint fp =
          diagnose::Classify(classes_of(side), row->algorithm, row->operation, figure.value,
                             side->clock.hz_low, side->clock.hz_high, keep_of(side));
      conclusions.push_back(fp.conclusion);
      parts.push_back(
          fmt::format("{} {}at {} cpb {}: {}{}", side->letter,
                      named ? "" : fmt::format("runs {} {} ", row->algorithm, row->operation),
                      CpbText(fp.cpb_low, fp.cpb_high), side->clock.basis, fp.conclusion,
                      FeatureNote(*side, fp, *row)));
      named = true;
    }
    std::string text;
    for (const std::string& part : parts) {
      text += (text.empty() ? "" : "; ") + part;
    }
    if (identity.state == BuildIdentity::State::kPartlyKnown && conclusions.size() == 2 &&
        conclusions[0] != conclusions[1] && !identity.clock.empty()) {
      text +=
          "; the classes differ, but nothing recorded differs between the sides and the slower "
          "side's pasted clock is lower (see above): one build's cpb moves with the clock, so no "
          "change of code path is read from it";
    } else if (identity.state == BuildIdentity::State::kPartlyKnown && conclusions.size() == 2 &&
               conclusions[0] != conclusions[1]) {
      text += fmt::format(
          "; the classes differ, but nothing recorded differs between the sides and one build's "
          "cpb moves with the machine's speed, so cannot tell from this report whether the code "
          "path changed (run {} on each side)",
          identity.command);
    }
    out.push_back(
        Finding{"cpb-class",
                fmt::format("At {}: {}.", report::FormatThroughputSize(row->input_len), text)});
    ++sentences;
  }
  return out;
}

}  // namespace cryptobench::compare
