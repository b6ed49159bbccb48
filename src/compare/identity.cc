// Whether the two sides are one build on one CPU, and what the summary says when they are:
// throughput alone cannot tell a code path from the machine's speed between two runs.
#include <algorithm>
#include <exception>
#include <optional>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "compare/attribution.h"
#include "compare/format.h"

namespace cryptobench::compare {
namespace {

std::string Strip(std::string text, std::string_view prefix) {
  while (text.rfind(prefix, 0) == 0) {
    text = text.substr(prefix.size());
  }
  return text;
}

// The CPU model a side records: the measuring machine's, else what an imported text names.
std::string CpuModel(const Side& side) {
  if (!side.run.machine.cpu_model.empty()) {
    return side.run.machine.cpu_model;
  }
  for (const results::SourceFact& fact : side.run.source.facts) {
    if (fact.kind == "cpu_model" && !fact.value.empty()) {
      return fact.value;
    }
  }
  return "";
}

// One fact of both sides: kBoth alike, kDiffer, or kMissing on a side.
enum class Fact { kAlike, kDiffer, kMissing };

// Alike when the words are (SameWords: runs of spaces do not count).
Fact Compare(const std::string& x, const std::string& y) {
  if (x.empty() || y.empty()) {
    return Fact::kMissing;
  }
  return SameWords(x, y) ? Fact::kAlike : Fact::kDiffer;
}

// True when the sides ran the same way: whatever differs here changes what was timed or which
// code ran, whatever the build.
bool RunAlike(const Side& a, const Side& b) {
  const results::SourceInfo& sa = a.run.source;
  const results::SourceInfo& sb = b.run.source;
  return TimingComparable(a, b) && sa.engine_or_provider.empty() && sb.engine_or_provider.empty() &&
         sa.tool == sb.tool && sa.evp == sb.evp && sa.multi == sb.multi &&
         a.run.method.direction == b.run.method.direction &&
         a.run.method.threads == b.run.method.threads &&
         a.run.library.worker_env == b.run.library.worker_env;
}

}  // namespace

namespace {

// The library and build facts of two sides, compared (SameBuild's first part).
struct BuildFacts {
  bool comparable = false;  // the same library and version, and no differing file hash
  bool differs = false;     // a recorded build fact differs
  bool same = false;        // the build is recorded alike (file, or flags and date)
  std::vector<std::string> matched;
};

BuildFacts CompareBuilds(const Side& a, const Side& b) {
  BuildFacts out;
  const results::LibraryInfo& la = a.run.library;
  const results::LibraryInfo& lb = b.run.library;
  if (!SameLibrary(a, b) ||
      Compare(LibraryVersionName(la), LibraryVersionName(lb)) != Fact::kAlike) {
    return out;
  }
  // The bytes of the loaded file decide when both sides record them: equal, one build whatever
  // the paths; different, two builds whatever the version and build lines say.
  const Fact hash = Compare(la.file_sha256, lb.file_sha256);
  if (hash == Fact::kDiffer) {
    return out;
  }
  out.comparable = true;
  out.matched.emplace_back("version");
  if (hash == Fact::kAlike) {
    out.matched.push_back(fmt::format("library file (SHA-256 {})", la.file_sha256.substr(0, 12)));
  }
  const auto note = [&](Fact fact, const char* what) {
    out.differs = out.differs || fact == Fact::kDiffer;
    if (fact == Fact::kAlike) {
      out.matched.emplace_back(what);
    }
    return fact == Fact::kAlike;
  };
  const bool file =
      hash == Fact::kAlike || note(Compare(la.loaded_path, lb.loaded_path), "library file");
  const bool flags = note(Compare(Strip(la.cflags, "compiler: "), Strip(lb.cflags, "compiler: ")),
                          "compiler flags");
  const bool date = note(
      Compare(Strip(la.built_on, "built on: "), Strip(lb.built_on, "built on: ")), "build date");
  const Fact platform = Compare(Strip(la.platform, "platform: "), Strip(lb.platform, "platform: "));
  note(platform, "platform");
  note(Compare(la.options, lb.options), OptionsLabel(la).c_str());
  const results::SourceFact* ca = ConfigureFactOf(a.run);
  const results::SourceFact* cb = ConfigureFactOf(b.run);
  if (ca != nullptr && cb != nullptr) {
    std::vector<std::string> oa = ConfigureOptions(*ca);
    std::vector<std::string> ob = ConfigureOptions(*cb);
    std::sort(oa.begin(), oa.end());
    std::sort(ob.begin(), ob.end());
    note(oa == ob ? Fact::kAlike : Fact::kDiffer, "configure options");
  }
  // `openssl speed` prints no platform line: the same compiler flags and build date (to the
  // second) name one build unless a platform line on each side says otherwise.
  out.same = !out.differs && (file || (flags && date));
  return out;
}

// The caveat of a same-build sentence when a side records no SHA-256 of its library file.
std::string UnhashedNote(bool hashed) {
  return hashed ? ""
                : " (a side records no SHA-256 of its library file: one rebuilt in place with the "
                  "same version and build lines would look the same)";
}

}  // namespace

bool BuildLinesAlike(const Side& a, const Side& b) {
  const BuildFacts build = CompareBuilds(a, b);
  return build.comparable && build.same;
}

bool BuildLinesAlikeBarACutLine(const Side& a, const Side& b) {
  for (const auto& [cut, whole] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
    if (CompilerLineCutShortOf(*cut, *whole)) {
      Side mended = *cut;
      mended.run.library.cflags = whole->run.library.cflags;
      return cut == &a ? BuildLinesAlike(mended, b) : BuildLinesAlike(a, mended);
    }
  }
  return false;
}

BuildIdentity SameBuild(const Side& a, const Side& b) {
  BuildIdentity out;
  if (!RunAlike(a, b)) {
    return out;
  }
  const BuildFacts build_facts = CompareBuilds(a, b);
  if (!build_facts.comparable) {
    return out;
  }
  const results::LibraryInfo& la = a.run.library;
  const results::LibraryInfo& lb = b.run.library;
  out.matched = build_facts.matched;
  bool differs = build_facts.differs;
  const auto note = [&](Fact fact, const char* what) {
    differs = differs || fact == Fact::kDiffer;
    if (fact == Fact::kAlike) {
      out.matched.emplace_back(what);
    }
    return fact == Fact::kAlike;
  };
  const Fact caps = Compare(la.capability_vector, lb.capability_vector);
  note(caps, "capability vector");
  const bool cpu = note(Compare(CpuModel(a), CpuModel(b)), "CPU model");
  if (differs) {
    return out;
  }
  const bool build = build_facts.same;
  // A vector on one side only is unknown; on neither side there is none to compare (no
  // OpenSSL CPUINFO, or a library without one), and the CPU model and environment decide.
  const bool caps_known =
      caps != Fact::kMissing || (la.capability_vector.empty() && lb.capability_vector.empty());
  if (build && cpu && caps_known) {
    out.state = BuildIdentity::State::kSame;
    return out;
  }
  if (out.matched.size() == 1) {
    return out;  // the version alone
  }
  out.state = BuildIdentity::State::kPartlyKnown;
  if (!build) {
    out.unknown.emplace_back("build");
  }
  if (!caps_known) {
    out.unknown.emplace_back("capability vector");
  }
  if (!cpu) {
    out.unknown.emplace_back("CPU model");
  }
  const bool openssl = LibraryVersionName(la).rfind("OpenSSL ", 0) == 0;
  out.command = !build || !caps_known ? (openssl ? "openssl version -a"
                                                 : "the library's version "
                                                   "and build details")
                                      : "lscpu";
  return out;
}

namespace {

// What a side's pasted cpufreq lines show of its clock (import's facts).
struct ClockState {
  std::string governor;  // scaling_governor, "" when not shown
  size_t governor_line = 0;
  std::optional<double> cur_mhz;  // the highest scaling_cur_freq/cpuinfo_cur_freq shown
  size_t cur_line = 0;
  std::string cur_file;
  std::optional<double> scaling_max_mhz;  // the lowest scaling_max_freq shown
  size_t max_line = 0;
};

ClockState ClockStateOf(const Side& side) {
  ClockState out;
  for (const results::SourceFact& fact : side.run.source.facts) {
    const bool sysfs = fact.origin.rfind("sysfs cpufreq/", 0) == 0;
    if (fact.kind == "cpu_governor" && out.governor.empty()) {
      out.governor = fact.value;
      out.governor_line = fact.line;
      continue;
    }
    double mhz = 0;
    try {
      mhz = std::stod(fact.value);
    } catch (const std::exception&) {
      continue;
    }
    if (!(mhz > 0)) {
      continue;
    }
    if (fact.kind == "cpu_cur_mhz" && (!out.cur_mhz || mhz > *out.cur_mhz)) {
      out.cur_mhz = mhz;
      out.cur_line = fact.line;
      out.cur_file = sysfs ? fact.origin.substr(14) : "cur_freq";
    } else if (fact.kind == "cpu_max_mhz" && fact.origin == "sysfs cpufreq/scaling_max_freq" &&
               (!out.scaling_max_mhz || mhz < *out.scaling_max_mhz)) {
      out.scaling_max_mhz = mhz;
      out.max_line = fact.line;
    }
  }
  return out;
}

// "the powersave cpufreq governor at 1.40 GHz (scaling_cur_freq 1397000 kHz, line 5)", or ""
// when the side shows none of these.
std::string ClockText(const ClockState& clock) {
  std::vector<std::string> parts;
  if (!clock.governor.empty()) {
    parts.push_back(
        fmt::format("the {} cpufreq governor (line {})", clock.governor, clock.governor_line));
  }
  if (clock.cur_mhz) {
    parts.push_back(fmt::format("{:.2f} GHz when read ({} {:.0f} kHz, line {})",
                                *clock.cur_mhz / 1000, clock.cur_file, *clock.cur_mhz * 1000,
                                clock.cur_line));
  }
  if (clock.scaling_max_mhz) {
    parts.push_back(fmt::format("a policy limit of {:.2f} GHz (scaling_max_freq, line {})",
                                *clock.scaling_max_mhz / 1000, clock.max_line));
  }
  return JoinAnd(parts);
}

// True when `x` is below `y` by more than 5% (both shown).
bool Below(const std::optional<double>& x, const std::optional<double>& y) {
  return x && y && *x < *y * 0.95;
}

bool Above(const std::optional<double>& x, const std::optional<double>& y) {
  return x && y && *x > *y;
}

}  // namespace

std::string MachineClockClause(const Side& a, const Side& b, const std::vector<Row>& rows,
                               const BuildIdentity& identity) {
  if (identity.state != BuildIdentity::State::kPartlyKnown ||
      identity.unknown != std::vector<std::string>{"CPU model"}) {
    return "";
  }
  // Every compared row beyond the threshold in one direction, by about one factor.
  std::optional<Direction> direction;
  double lo = 0;
  double hi = 0;
  for (const Row& row : rows) {
    if (row.presence != Presence::kBoth || row.verdict == Verdict::kCannotTell) {
      continue;
    }
    if (row.direction == Direction::kWithin || row.verdict == Verdict::kNotSignificant ||
        (direction && *direction != row.direction) || !(row.ratio.ratio > 0)) {
      return "";
    }
    direction = row.direction;
    lo = lo == 0 ? row.ratio.ratio : std::min(lo, row.ratio.ratio);
    hi = std::max(hi, row.ratio.ratio);
  }
  if (!direction || hi / lo > kRangeSpread) {
    return "";
  }
  const bool b_slower = *direction == Direction::kSlower;
  const Side& slow_side = b_slower ? b : a;
  const Side& fast_side = b_slower ? a : b;
  const ClockState slow = ClockStateOf(slow_side);
  const ClockState fast = ClockStateOf(fast_side);
  const bool lowered = (slow.governor == "powersave" && fast.governor != "powersave") ||
                       Below(slow.cur_mhz, fast.cur_mhz) ||
                       Below(slow.scaling_max_mhz, fast.scaling_max_mhz);
  const bool contrary =
      Above(slow.cur_mhz, fast.cur_mhz) || Above(slow.scaling_max_mhz, fast.scaling_max_mhz);
  if (!lowered || contrary) {
    return "";
  }
  const std::string fast_text = ClockText(fast);
  return fmt::format(
      ", and {}'s paste shows a lower clock: {} ({}); one build with one capability vector takes "
      "one code path, so the uniform {} is the machine's speed (its clock), not the code path",
      slow_side.letter, ClockText(slow),
      fast_text.empty() ? fmt::format("{}'s paste shows no cpufreq lines", fast_side.letter)
                        : fmt::format("{}: {}", fast_side.letter, fast_text),
      b_slower ? "slowdown" : "speedup");
}

std::vector<Finding> SameBuildFindings(const std::vector<Row>& rows, const Side& a, const Side& b,
                                       const BuildIdentity& identity) {
  if (identity.state != BuildIdentity::State::kSame) {
    return {};
  }
  double lo = 0;
  double hi = 0;
  for (const Row& row : rows) {
    if (row.presence != Presence::kBoth || row.direction == Direction::kWithin ||
        row.verdict == Verdict::kCannotTell) {
      continue;
    }
    lo = lo == 0 ? row.ratio.ratio : std::min(lo, row.ratio.ratio);
    hi = std::max(hi, row.ratio.ratio);
  }
  if (hi == 0) {
    return {};
  }
  const std::string range = lo == hi ? RatioText(lo) : RatioText(lo) + "-" + RatioText(hi);
  const bool hashed = !a.run.library.file_sha256.empty() && !b.run.library.file_sha256.empty();
  const ChangeSplit split = SplitByChange(rows);
  if (!split.changed.empty() && !split.unchanged.empty()) {
    // One run's clock, turbo or frequency moves every family it times alike.
    return {Finding{
        "same-build",
        fmt::format("{} and {} are the same build on the same CPU as far as the results record "
                    "(the same {}), yet {} changed ({}/{} {}) while {} did not: a change of the "
                    "machine's clock or turbo would move every family, so it does not explain "
                    "this, and cannot tell from this report what did. The CIs describe each "
                    "run's own samples, so \"significantly\" says these runs differed, not the "
                    "builds{}.",
                    a.letter, b.letter, JoinAnd(identity.matched), JoinAnd(split.changed), b.letter,
                    a.letter, range, JoinAnd(split.unchanged), UnhashedNote(hashed)),
        "cannot-tell"}};
  }
  return {Finding{
      "same-build",
      fmt::format("{} and {} are the same build on the same CPU as far as the results record "
                  "(the same {}): one build on one CPU runs the same code, so the changes "
                  "({}/{} {}) are the machine's speed between the runs (its clock, turbo or other "
                  "load), not a code path. The CIs describe each run's own samples, not that "
                  "drift, so \"significantly\" says these runs differed, not the builds{}.",
                  a.letter, b.letter, JoinAnd(identity.matched), b.letter, a.letter, range,
                  UnhashedNote(hashed)),
      "machine-difference"}};
}

}  // namespace cryptobench::compare
