// Pattern findings: families and groups that changed uniformly, only at small sizes, or not at
// all, and the likely cause of each shape.
#include "compare/attribution.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "algorithms/catalog.h"
#include "report/format_util.h"
#include "results/cpuinfo_vectors.h"

#include "compare/families.h"
#include "compare/format.h"

namespace cryptobench::compare {
namespace {

enum class RowState { kSame, kSlower, kFaster, kUnclear };

RowState StateOf(const Row& row) {
  if (row.direction == Direction::kWithin) {
    return RowState::kSame;
  }
  if (row.verdict == Verdict::kNotSignificant) {
    return RowState::kUnclear;
  }
  return row.direction == Direction::kSlower ? RowState::kSlower : RowState::kFaster;
}

struct Statement {
  std::string subject;  // "AES-*", "AES-CBC", "RSA"
  std::string group;
  Pattern pattern;
  std::vector<const Row*> rows;
};

double GeoMean(const std::vector<const Row*>& rows) {
  double sum = 0;
  for (const Row* row : rows) {
    sum += std::log(row->ratio.ratio);
  }
  return rows.empty() ? 1 : std::exp(sum / static_cast<double>(rows.size()));
}

// The factor of the least changed family, as a slowdown or speed-up above 1 (0.92 gives 1.087).
double WeakestFactor(const std::vector<double>& factors) {
  double weakest = 0;
  for (const double f : factors) {
    const double strength = f >= 1 ? f : 1 / f;
    weakest = weakest == 0 ? strength : std::min(weakest, strength);
  }
  return weakest;
}

std::string FactorText(const std::vector<const Row*>& rows) {
  double lo = rows.front()->ratio.ratio;
  double hi = lo;
  for (const Row* row : rows) {
    lo = std::min(lo, row->ratio.ratio);
    hi = std::max(hi, row->ratio.ratio);
  }
  if (hi / lo <= kRangeSpread) {
    return ChangeText(GeoMean(rows));
  }
  if (hi < 1) {
    if (1 / lo >= 1.5) {
      return fmt::format("{:.1f}-{:.1f}x slower", 1 / hi, 1 / lo);
    }
    return fmt::format("{:.0f}-{:.0f}% slower", (1 - hi) * 100, (1 - lo) * 100);
  }
  if (hi >= 1.5) {
    return fmt::format("{:.1f}-{:.1f}x faster", lo, hi);
  }
  return fmt::format("{:.0f}-{:.0f}% faster", (lo - 1) * 100, (hi - 1) * 100);
}

std::string WhereText(const std::vector<const Row*>& rows) {
  std::set<uint64_t> sizes;
  for (const Row* row : rows) {
    if (!row->symmetric) {
      return "";
    }
    sizes.insert(row->input_len);
  }
  if (sizes.size() == 1) {
    return " at " + report::FormatThroughputSize(*sizes.begin());
  }
  return " at every size";
}

// Whether `rows` hold more than one operation (wolfCrypt's "-enc" and "-dec" rows of one
// cipher): then a range or its ends must say which operation each end is.
bool SeveralOperations(const std::vector<const Row*>& rows) {
  return std::any_of(rows.begin(), rows.end(),
                     [&](const Row* row) { return row->operation != rows.front()->operation; });
}

// The ends of a FactorText range over several operations, least changed first: " (encrypt
// 8.9x faster, decrypt 36.6x faster)"; with several sizes or algorithms each end names them.
// "" for one operation, or when FactorText gives one factor.
std::string RangeEndsText(const std::vector<const Row*>& rows) {
  if (!SeveralOperations(rows)) {
    return "";
  }
  const auto [lo, hi] = std::minmax_element(
      rows.begin(), rows.end(),
      [](const Row* x, const Row* y) { return x->ratio.ratio < y->ratio.ratio; });
  if ((*hi)->ratio.ratio / (*lo)->ratio.ratio <= kRangeSpread) {
    return "";
  }
  const bool several_algorithms = std::any_of(rows.begin(), rows.end(), [&](const Row* row) {
    return row->algorithm != rows.front()->algorithm;
  });
  std::set<uint64_t> sizes;
  for (const Row* row : rows) {
    sizes.insert(row->input_len);
  }
  const auto end = [&](const Row* row) {
    std::string text = (several_algorithms ? row->algorithm + " " : "") + row->operation;
    if (row->symmetric && sizes.size() > 1) {
      text += " at " + report::FormatThroughputSize(row->input_len);
    }
    return text + " " + ChangeText(row->ratio.ratio);
  };
  // Both ends changed the same way (FactorText's range): the end nearer 1 changed least.
  const bool slower = (*hi)->ratio.ratio < 1;
  return fmt::format(" ({}, {})", end(slower ? *hi : *lo), end(slower ? *lo : *hi));
}

// " (single figures, not testable)" when every changed row of the statement lacks a CI.
std::string SingleNote(const std::vector<const Row*>& rows) {
  bool any_changed = false;
  for (const Row* row : rows) {
    if (row->direction == Direction::kWithin) {
      continue;
    }
    any_changed = true;
    if (row->verdict != Verdict::kNotTestable) {
      return "";
    }
  }
  return any_changed ? " (single figures, not testable)" : "";
}

std::string HintName(const std::string& group) { return group == "RSA" ? "bignum (RSA)" : group; }

// What the changed statements point at: each one's group's shared assembly ("AES", "SHA"),
// unless another family of that group did not change the same way (AES-CBC unchanged beside a
// slower AES-GCM: the AES code they share runs as before), then the family's own code
// ("AES-GCM"). Names in order, without repeats.
std::vector<std::string> CodeHints(const std::vector<const Statement*>& changed,
                                   const std::vector<Statement>& statements) {
  std::vector<std::string> names;
  for (const Statement* s : changed) {
    const bool group_split =
        std::any_of(statements.begin(), statements.end(), [s](const Statement& other) {
          return other.group == s->group && other.pattern != s->pattern;
        });
    const std::string name = group_split ? s->subject : HintName(s->group);
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      names.push_back(name);
    }
  }
  return names;
}

bool IsCipherGroup(const std::string& group) {
  return group == "AES" || group == "ChaCha20/Poly1305" || group == "DES";
}

// Cells compared whose figure a side's import doubts (Verdict::kCannotTell): named, never
// counted in a pattern.
std::optional<Finding> CannotTellFinding(const std::vector<Row>& rows) {
  size_t count = 0;
  std::vector<std::string> sides;
  for (const Row& row : rows) {
    if (row.presence != Presence::kBoth || row.verdict != Verdict::kCannotTell) {
      continue;
    }
    ++count;
    for (const FigureCaveat& caveat : row.caveats) {
      if (caveat.caveat.doubt &&
          std::find(sides.begin(), sides.end(), caveat.side) == sides.end()) {
        sides.push_back(caveat.side);
      }
    }
  }
  if (count == 0) {
    return std::nullopt;
  }
  return Finding{
      "cannot-tell",
      fmt::format("{} compared cell{} cannot be judged: {} figure{} {} in doubt (read from a "
                  "damaged part of the paste, at a size or in a unit the paste does not settle, "
                  "or timed in user CPU seconds that the paste's real seconds contradict; the "
                  "verdict says which), so no change is read from {}.",
                  count, count == 1 ? "" : "s", JoinAnd(sides) + "'s", count == 1 ? "" : "s",
                  count == 1 ? "was" : "were", count == 1 ? "it" : "them")};
}

// Compared cells both sides read under one assumed size list (Row::sizes_assumed): judged, and
// the doubt of their sizes named once here rather than in each row.
std::optional<Finding> AssumedSizesFinding(const std::vector<Row>& rows,
                                           const std::string& a_letter,
                                           const std::string& b_letter) {
  size_t count = 0;
  std::vector<uint64_t> sizes;
  for (const Row& row : rows) {
    if (row.presence != Presence::kBoth || !row.sizes_assumed) {
      continue;
    }
    ++count;
    for (const FigureCaveat& caveat : row.caveats) {
      if (caveat.caveat.doubt && sizes.empty()) {
        sizes = caveat.caveat.assumed_sizes;
      }
    }
  }
  if (count == 0) {
    return std::nullopt;
  }
  std::vector<std::string> names;
  for (uint64_t size : sizes) {
    names.push_back(std::to_string(size));
  }
  static const char* const kWords[] = {"",     "one", "two",   "three", "four",
                                       "five", "six", "seven", "eight", "nine"};
  const std::string how_many =
      sizes.size() < std::size(kWords) ? kWords[sizes.size()] : std::to_string(sizes.size());
  return Finding{
      "assumed-sizes",
      fmt::format(
          "{} compared cell{} {} read from rows that {} and {} pasted without their 'type ... "
          "bytes' line, both under the same {} assumed size{} ({} bytes): each pairs the same "
          "column of two tables laid out alike, so its ratio, and how the ratio moves from column "
          "to column, stand; but the sizes named are inferred, not read, and no cost per call or "
          "per byte is fitted from them (paste the 'type' line to settle them).",
          count, count == 1 ? "" : "s", count == 1 ? "was" : "were", a_letter, b_letter, how_many,
          sizes.size() == 1 ? "" : "s", JoinAnd(names))};
}

std::vector<Statement> BuildStatements(const std::vector<Row>& rows) {
  std::vector<std::string> group_order;
  std::map<std::string, std::vector<std::string>> families_of_group;
  std::map<std::string, std::vector<const Row*>> rows_of_family;
  for (const Row& row : rows) {
    if (row.presence != Presence::kBoth || row.verdict == Verdict::kCannotTell) {
      continue;  // a figure in doubt shows no pattern
    }
    if (families_of_group.count(row.group) == 0) {
      group_order.push_back(row.group);
    }
    std::vector<std::string>& families = families_of_group[row.group];
    if (std::find(families.begin(), families.end(), row.family) == families.end()) {
      families.push_back(row.family);
    }
    rows_of_family[row.family].push_back(&row);
  }
  std::vector<Statement> out;
  for (const std::string& group : group_order) {
    const std::vector<std::string>& families = families_of_group[group];
    std::vector<Pattern> patterns;
    for (const std::string& family : families) {
      patterns.push_back(FamilyPattern(rows_of_family[family]));
    }
    const bool alike = std::all_of(patterns.begin(), patterns.end(),
                                   [&](Pattern p) { return p == patterns.front(); });
    const bool rollable = patterns.front() == Pattern::kUniformSlower ||
                          patterns.front() == Pattern::kUniformFaster ||
                          patterns.front() == Pattern::kUnchanged;
    if (alike && rollable) {
      Statement statement{families.size() > 1 ? GroupDisplayName(group) : families.front(),
                          group,
                          patterns.front(),
                          {}};
      for (const std::string& family : families) {
        const std::vector<const Row*>& family_rows = rows_of_family[family];
        statement.rows.insert(statement.rows.end(), family_rows.begin(), family_rows.end());
      }
      out.push_back(std::move(statement));
      continue;
    }
    for (size_t i = 0; i < families.size(); ++i) {
      out.push_back(Statement{families[i], group, patterns[i], rows_of_family[families[i]]});
    }
  }
  return out;
}

// ": nothing recorded differs ... cannot tell ..." for sides whose identity is partly known.
std::string PartlyKnownClause(const BuildIdentity& identity) {
  return fmt::format(
      ": nothing recorded differs between the sides (the same {}), but {} {} not recorded on "
      "both, so cannot tell from this report whether this is a code path or the machine's speed "
      "between the runs (run {} on each side)",
      JoinAnd(identity.matched), JoinAnd(identity.unknown),
      identity.unknown.size() == 1 ? "is" : "are", identity.command);
}

bool ApisDiffer(const Row& row) { return row.a_legacy != row.b_legacy; }

// For changed statements with a row that pairs a 1.x low-level API row with an EVP one
// (compare/match.h pairs them only when a side has no row of the other API): ": A's AES-CBC
// rows are openssl speed 1.x's low-level API rows and B's EVP rows ...". The two APIs run
// different code in one build (1.x's low-level AES_* has no AES-NI or ARMv8 path; the EVP
// cipher has), so such a ratio names no build's code path. nullopt when no changed row does.
std::optional<std::string> ApiClause(const std::vector<const Statement*>& changed,
                                     const std::string& a_letter, const std::string& b_letter) {
  std::vector<std::string> subjects;
  bool a_low_level = false;
  for (const Statement* s : changed) {
    for (const Row* row : s->rows) {
      if (ApisDiffer(*row)) {
        a_low_level = row->a_legacy;
        if (std::find(subjects.begin(), subjects.end(), s->subject) == subjects.end()) {
          subjects.push_back(s->subject);
        }
      }
    }
  }
  if (subjects.empty()) {
    return std::nullopt;
  }
  return fmt::format(
      ": {}'s {} rows are openssl speed 1.x's low-level API rows (run without -evp) and {}'s are "
      "EVP rows, two APIs that run different code in one build, so this compares the APIs, not "
      "the builds' code paths (run both with -evp)",
      a_low_level ? a_letter : b_letter, JoinAnd(subjects), a_low_level ? b_letter : a_letter);
}

// The cause of ApiClause's sentence: "legacy-api-not-evp" when every changed row across the
// APIs is AES or Camellia (whose low-level code has no AES-NI or ARMv8 path in 1.x:
// apps/speed.c times AES_cbc_encrypt / Camellia_cbc_encrypt for those rows) and the low-level
// side is the slower; else none (for the other ciphers and digests the two APIs share their
// assembly, and what else differs cannot be told).
std::string ApiCause(const std::vector<const Statement*>& changed) {
  bool any = false;
  for (const Statement* s : changed) {
    for (const Row* row : s->rows) {
      if (!ApisDiffer(*row)) {
        continue;
      }
      any = true;
      std::string name = row->algorithm.substr(0, 8);
      std::transform(name.begin(), name.end(), name.begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      const bool aes_or_camellia = row->group == "AES" || name == "camellia";
      const bool low_level_slower = row->a_legacy ? row->ratio.ratio > 1 : row->ratio.ratio < 1;
      if (!aes_or_camellia || !low_level_slower) {
        return "";
      }
    }
  }
  return any ? "legacy-api-not-evp" : "";
}

// What the compiler lines say about assembly for changed statements that are all slower in
// one side (`slow`): {clause, cause}, or nullopt when they say nothing. kWithoutAsm against
// kWithAsm names, per changed statement, the assembly defines of its algorithms that the other
// side's line has (diagnose::CompilerLineDefinesFor); nothing when no changed statement has one
// (the slowdown is then not assembly's).
struct AsmSentence {
  std::string clause;
  std::string cause;
};

// The changed statements with an algorithm that has assembly in OpenSSL (AssemblyDefinesOf:
// the defines 1.x Configure adds for it), by subject.
std::vector<std::string> SubjectsWithAssembly(const std::vector<const Statement*>& changed) {
  std::vector<std::string> out;
  for (const Statement* s : changed) {
    const bool any = std::any_of(s->rows.begin(), s->rows.end(), [](const Row* row) {
      return !AssemblyDefinesOf(row->algorithm).empty();
    });
    if (any && std::find(out.begin(), out.end(), s->subject) == out.end()) {
      out.push_back(s->subject);
    }
  }
  return out;
}

// The changed statements with an algorithm whose figures `figures` show in OpenSSL assembly
// (AssemblyShownByFigures), by subject; `evidence` gets each figure's evidence once.
std::vector<std::string> SubjectsShownAsm(const std::vector<const Statement*>& changed,
                                          const std::vector<FiguresAsm>& figures,
                                          std::vector<std::string>* evidence) {
  std::vector<std::string> subjects;
  for (const Statement* s : changed) {
    for (const Row* row : s->rows) {
      const auto shown = std::find_if(figures.begin(), figures.end(), [&](const FiguresAsm& f) {
        return f.algorithm == row->algorithm;
      });
      if (shown == figures.end()) {
        continue;
      }
      if (std::find(evidence->begin(), evidence->end(), shown->evidence) == evidence->end()) {
        evidence->push_back(shown->evidence);
      }
      if (std::find(subjects.begin(), subjects.end(), s->subject) == subjects.end()) {
        subjects.push_back(s->subject);
      }
    }
  }
  return subjects;
}

// What 3.x's "CPUINFO: N/A" on the slower side says (CpuinfoNaOf): where every assembly build
// prints a vector (results::CpuinfoNaProvesNoAsm: x86, ARM, s390x) a build without assembly,
// cause "built-without-asm" when the other side shows a vector and a changed family has
// assembly; elsewhere, or with the architecture unknown, "cannot tell".
std::optional<AsmSentence> NaClause(const std::vector<const Statement*>& changed,
                                    const AsmBuilds& builds, bool slow_is_b,
                                    const std::string& a_letter, const std::string& b_letter) {
  const CpuinfoNa& slow = slow_is_b ? builds.na_b : builds.na_a;
  const CpuinfoNa& fast = slow_is_b ? builds.na_a : builds.na_b;
  const std::string& slow_letter = slow_is_b ? b_letter : a_letter;
  const std::string& fast_letter = slow_is_b ? a_letter : b_letter;
  const std::string& fast_vector = slow_is_b ? builds.a_vector : builds.b_vector;
  if (slow.state == CpuinfoNa::State::kCannotTell) {
    const std::string where = slow.arch.empty()
                                  ? fmt::format("{}'s architecture is not in the text", slow_letter)
                                  : fmt::format("{} is {}: {}", slow_letter, slow.arch,
                                                results::CpuinfoNaSaysNothingOn(slow.arch));
    return AsmSentence{
        fmt::format(": {}'s CPUINFO line says N/A, which OpenSSL 3.x prints for a build without "
                    "assembly on {} (elsewhere some or all builds print it), and {}, so cannot "
                    "tell whether {} was built without assembly{}",
                    slow_letter, results::CpuinfoNaNoAsmFamilies(), where, slow_letter,
                    slow.arch.empty()
                        ? fmt::format(" (paste {}'s `openssl version -a` platform line or `uname "
                                      "-m`)",
                                      slow_letter)
                        : ""),
        ""};
  }
  if (slow.state != CpuinfoNa::State::kNoAsm || fast.state != CpuinfoNa::State::kNone) {
    return std::nullopt;
  }
  const std::vector<std::string> subjects = SubjectsWithAssembly(changed);
  if (subjects.empty()) {
    return std::nullopt;
  }
  std::vector<std::string> evidence;
  const std::vector<std::string> shown =
      SubjectsShownAsm(changed, slow_is_b ? builds.a_figures : builds.b_figures, &evidence);
  if (fast_vector.empty() && !shown.empty()) {
    // No vector on the other side, but figures only its assembly reaches.
    return AsmSentence{
        fmt::format(": {} was built without assembly: {}, and {} ran assembly (its text has no "
                    "CPUINFO line, but its figures show it): {}; so {} runs portable C code for "
                    "{}",
                    slow_letter, NoAsmReason(slow), fast_letter, JoinAnd(evidence), slow_letter,
                    JoinAnd(shown)),
        "built-without-asm"};
  }
  if (fast_vector.empty()) {
    return AsmSentence{
        fmt::format(": {} was built without assembly ({}), but {}'s text has no CPUINFO line, "
                    "so cannot tell whether the builds differ in assembly",
                    slow_letter, NoAsmReason(slow), fast_letter),
        ""};
  }
  return AsmSentence{
      fmt::format(": {} was built without assembly: {}, and {}'s shows a capability vector "
                  "({}), so {} runs portable C code for {}",
                  slow_letter, NoAsmReason(slow), fast_letter, fast_vector, slow_letter,
                  JoinAnd(subjects)),
      "built-without-asm"};
}

std::optional<AsmSentence> AsmClause(const std::vector<const Statement*>& changed,
                                     const AsmBuilds& builds, bool slow_is_b,
                                     const std::string& a_letter, const std::string& b_letter) {
  using State = diagnose::CompilerLineAsm::State;
  const diagnose::CompilerLineAsm& slow = slow_is_b ? builds.b : builds.a;
  const diagnose::CompilerLineAsm& fast = slow_is_b ? builds.a : builds.b;
  const std::string& slow_letter = slow_is_b ? b_letter : a_letter;
  const std::string& fast_letter = slow_is_b ? a_letter : b_letter;
  const std::string& fast_cflags = slow_is_b ? builds.a_cflags : builds.b_cflags;
  if (std::optional<AsmSentence> na = NaClause(changed, builds, slow_is_b, a_letter, b_letter)) {
    return na;
  }
  if (slow.state == State::kWithoutAsm && fast.state == State::kWithAsm) {
    std::vector<std::string> ties;
    for (const Statement* s : changed) {
      std::vector<std::string> defines;
      for (const Row* row : s->rows) {
        for (std::string_view define : AssemblyDefinesOf(row->algorithm)) {
          const std::string word = "-D" + std::string(define);
          if (HasDefine(fast_cflags, define) &&
              std::find(defines.begin(), defines.end(), word) == defines.end()) {
            defines.push_back(word);
          }
        }
      }
      if (!defines.empty()) {
        std::string list;
        for (const std::string& d : defines) {
          list += (list.empty() ? "" : " ") + d;
        }
        ties.push_back(fmt::format("{} for {}", list, s->subject));
      }
    }
    if (ties.empty()) {
      return std::nullopt;
    }
    return AsmSentence{
        fmt::format(": {} was built without assembly: its compiler line has no -D*_ASM define "
                    "and no -DOPENSSL_CPUID_OBJ, which OpenSSL 1.x Configure adds whenever "
                    "assembly is enabled, and {}'s has {}",
                    slow_letter, fast_letter, JoinAnd(ties)),
        "built-without-asm"};
  }
  if (slow.state == State::kWithoutAsm) {
    // The other side's line cannot show assembly (3.x passes its defines per file, or no line
    // was pasted), but its figures may: a figure only hardware classes reach is OpenSSL's
    // assembly (AssemblyShownByFigures).
    std::vector<std::string> evidence;
    const std::vector<std::string> subjects =
        SubjectsShownAsm(changed, slow_is_b ? builds.a_figures : builds.b_figures, &evidence);
    if (!subjects.empty()) {
      return AsmSentence{
          fmt::format(
              ": {} was built without assembly (its compiler line has no -D*_ASM define "
              "and no -DOPENSSL_CPUID_OBJ, which OpenSSL 1.x Configure adds whenever "
              "assembly is enabled), and {} ran assembly{}: {}; so {} runs portable C "
              "code for {}",
              slow_letter, fast_letter,
              fast.state == State::kCannotTell
                  ? fmt::format(" ({} {}, but its figures show it)", fast_letter, fast.reason)
                  : "",
              JoinAnd(evidence), slow_letter, JoinAnd(subjects)),
          "built-without-asm"};
    }
  }
  if (slow.state == State::kWithoutAsm && fast.state == State::kCannotTell) {
    return AsmSentence{
        fmt::format(": {} was built without assembly (its compiler line has no -D*_ASM define "
                    "and no -DOPENSSL_CPUID_OBJ), but {} {}, so cannot tell whether the builds "
                    "differ in assembly",
                    slow_letter, fast_letter, fast.reason),
        ""};
  }
  if (slow.state == State::kCannotTell && slow.paste_lacks_line && fast.state == State::kWithAsm) {
    return AsmSentence{
        fmt::format(": {}'s compiler line shows assembly defines, but {} {}, so cannot tell "
                    "whether {} was built without assembly (paste its whole `openssl version -a`)",
                    fast_letter, slow_letter, slow.reason, slow_letter),
        ""};
  }
  return std::nullopt;
}

std::vector<std::string> SubjectsOf(const std::vector<const Statement*>& statements) {
  std::vector<std::string> out;
  for (const Statement* s : statements) {
    out.push_back(s->subject);
  }
  return out;
}

bool AllAesGroup(const std::vector<const Statement*>& changed) {
  return std::all_of(changed.begin(), changed.end(),
                     [](const Statement* s) { return s->group == "AES"; });
}

// For AES alone slower (or alone faster) on one side whose CPU shows no hardware AES while the
// faster side's shows it (HardwareAesOf): "<lead>, and B's CPU (or the virtual machine it runs
// in) offers no AES-NI (...; A has it), so B ran software AES: the build is not the cause", with
// `cause` "no-hw-aes"; nullopt otherwise. `lead` is the caller's first clause, on what the sides
// share (": the same build ran on different CPUs (...)").
std::optional<std::string> SoftwareAesClause(std::string_view lead,
                                             const std::vector<const Statement*>& changed,
                                             const CpuEvidence& cpu, bool all_slower,
                                             bool all_faster, const std::string& a_letter,
                                             const std::string& b_letter, std::string* cause) {
  if (!(all_slower || all_faster) || !AllAesGroup(changed)) {
    return std::nullopt;
  }
  const HardwareAes& slow = all_slower ? cpu.aes_b : cpu.aes_a;
  const HardwareAes& fast = all_slower ? cpu.aes_a : cpu.aes_b;
  const std::string& slow_letter = all_slower ? b_letter : a_letter;
  if (slow.state != HardwareAes::State::kAbsent || fast.state != HardwareAes::State::kPresent) {
    return std::nullopt;
  }
  *cause = "no-hw-aes";
  return fmt::format(
      "{}, and {}'s CPU {}offers no {} ({} lacks it{}; {} has it), so {} ran software AES: the "
      "build is not the cause",
      lead, slow_letter,
      slow.virtual_machine ? "(a virtual machine's, which may hide the host's) "
                           : "(or the virtual machine it runs in) ",
      slow.feature, slow.evidence, slow.unmasked_note, fast.evidence, slow_letter);
}

// The sentence for sides that ran on different CPUs (cpu.difference), with its cause in
// `cause`. With one build on both (cpu.same_build), only AES changed, and the slower side's text
// showing its CPU without hardware AES while the faster's shows it (HardwareAesOf): that CPU ran
// software AES, cause "no-hw-aes" (SoftwareAesClause). With one build otherwise: the CPUs, not
// the build, and cannot tell which of their differences, naming what to paste. With builds that
// differ or are not recorded: cannot tell whether the code path changed (run both builds on one
// machine).
std::string CpuClause(const std::vector<const Statement*>& changed, const CpuEvidence& cpu,
                      bool all_slower, bool all_faster, const std::string& a_letter,
                      const std::string& b_letter, std::string* cause) {
  *cause = "cannot-tell";
  using State = HardwareAes::State;
  if (!cpu.same_build && !cpu.cut_line_side.empty()) {
    // Nothing recorded shows two builds (a compiler line differs only where a paste stopped):
    // a CPU without hardware AES explains AES alone slower as it does for one build.
    const std::string lead = fmt::format(
        ": the sides ran on different CPUs ({}) with no build fact recorded differently ({}'s "
        "compiler line stops short of the other's, where the paste may be cut)",
        cpu.difference, cpu.cut_line_side);
    if (std::optional<std::string> clause = SoftwareAesClause(
            lead, changed, cpu, all_slower, all_faster, a_letter, b_letter, cause)) {
      return *clause;
    }
  }
  if (!cpu.same_build) {
    // Another CPU has other features and another speed: no code path can be read from it.
    return fmt::format(
        ": the sides ran on different CPUs ({}), so cannot tell from this report whether the "
        "code path changed (run both builds on one machine)",
        cpu.difference);
  }
  if (std::optional<std::string> clause = SoftwareAesClause(
          fmt::format(": the same build ran on different CPUs ({})", cpu.difference), changed, cpu,
          all_slower, all_faster, a_letter, b_letter, cause)) {
    return *clause;
  }
  // What would show a feature difference: the sides whose text shows no hardware AES either way.
  std::vector<std::string> unknown;
  if (cpu.aes_a.state == State::kUnknown) {
    unknown.push_back(a_letter);
  }
  if (cpu.aes_b.state == State::kUnknown) {
    unknown.push_back(b_letter);
  }
  std::string paste;
  if (!unknown.empty()) {
    paste = fmt::format(
        "paste {} lscpu Flags line (or OpenSSL 3.x's openssl version -a CPUINFO line) to show "
        "which CPU features differ",
        unknown.size() == 1 ? unknown.front() + "'s" : "each side's");
  } else if (cpu.aes_a.state == cpu.aes_b.state) {
    paste =
        fmt::format("both sides' lines show {} {}; the CPUs' speed or another feature may differ",
                    cpu.aes_a.feature, cpu.aes_a.state == State::kPresent ? "present" : "absent");
  } else {
    // One side without hardware AES, but the pattern is not AES alone slower there.
    const bool a_lacks = cpu.aes_a.state == State::kAbsent;
    paste = fmt::format(
        "{}'s lines show no {} and {}'s show it, which does not explain this pattern alone; the "
        "CPUs' speed or another feature may differ",
        a_lacks ? a_letter : b_letter, cpu.aes_a.feature, a_lacks ? b_letter : a_letter);
  }
  return fmt::format(
      ": the same build ran on different CPUs ({}), so the difference is the CPUs' (their "
      "features or their speed), not the build's; cannot tell from this report which ({})",
      cpu.difference, paste);
}

// What a changed row's code shares with another's (SharedCode): public-key rows their
// arithmetic (ArithmeticOf: the curve, or "bignum") and their family; symmetric rows their group
// (the AES, SHA or ChaCha20/Poly1305 code).
struct CodeOfRow {
  bool public_key = false;
  std::string arithmetic;  ///< public key: ArithmeticOf; "" when the name names no curve
  std::string family;
  std::string group;
};

CodeOfRow CodeOf(const Row& row) {
  return CodeOfRow{!row.symmetric, row.symmetric ? "" : ArithmeticOf(row.algorithm), row.family,
                   row.group};
}

// Whether two rows' code shares nothing a change could move both by: a symmetric row and a
// public-key row; two symmetric rows of different groups (AES and SHA); two public-key rows of
// different algorithms on different curves or moduli (ECDSA on P-256 and RSA), where each names
// its curve. Two curves of one algorithm share its code (ECDSA-P256, ECDSA-P384); every
// operation on one curve shares its arithmetic (P-384's key generation, ECDH and ECDSA).
bool UnrelatedCode(const CodeOfRow& x, const CodeOfRow& y) {
  if (x.public_key != y.public_key) {
    return true;
  }
  if (!x.public_key) {
    return x.group != y.group;
  }
  return x.family != y.family && !x.arithmetic.empty() && !y.arithmetic.empty() &&
         x.arithmetic != y.arithmetic;
}

// For changed statements whose changed rows run related code only (no two UnrelatedCode), what
// they share: "P-384's arithmetic", "bignum arithmetic (RSA, DSA and DH)", "ECDSA's code", "SHA
// code"; nullopt when two rows share nothing, so that one factor over them is the machine's.
std::optional<std::string> SharedCode(const std::vector<const Statement*>& changed) {
  std::vector<CodeOfRow> codes;
  for (const Statement* s : changed) {
    for (const Row* row : s->rows) {
      if (row->direction != Direction::kWithin) {
        codes.push_back(CodeOf(*row));
      }
    }
  }
  if (codes.empty()) {
    return std::nullopt;
  }
  for (size_t i = 0; i < codes.size(); ++i) {
    for (size_t j = i + 1; j < codes.size(); ++j) {
      if (UnrelatedCode(codes[i], codes[j])) {
        return std::nullopt;
      }
    }
  }
  const CodeOfRow& first = codes.front();
  const auto all = [&codes](auto same) { return std::all_of(codes.begin(), codes.end(), same); };
  if (first.public_key && !first.arithmetic.empty() &&
      all([&](const CodeOfRow& c) { return c.arithmetic == first.arithmetic; })) {
    return first.arithmetic == "bignum" ? "bignum arithmetic (RSA, DSA and DH)"
                                        : first.arithmetic + "'s arithmetic";
  }
  if (all([&](const CodeOfRow& c) { return c.family == first.family; })) {
    return first.family + "'s code";
  }
  if (all([&](const CodeOfRow& c) { return c.group == first.group; })) {
    return (first.group == "EC" ? std::string("elliptic-curve") : first.group) + " code";
  }
  return "code the changed rows may share";
}

// Whether the changed statements hold two or more algorithms and each algorithm's rows changed
// by about the same factor as the others' (geometric means within kRangeSpread).
bool SameFactorByAlgorithm(const std::vector<const Statement*>& changed) {
  std::map<std::string, std::vector<const Row*>> by_algorithm;
  for (const Statement* s : changed) {
    for (const Row* row : s->rows) {
      by_algorithm[row->algorithm].push_back(row);
    }
  }
  if (by_algorithm.size() < 2) {
    return false;
  }
  double lo = 0;
  double hi = 0;
  for (const auto& [algorithm, rows] : by_algorithm) {
    const double factor = GeoMean(rows);
    lo = lo == 0 ? factor : std::min(lo, factor);
    hi = std::max(hi, factor);
  }
  return hi / lo <= kRangeSpread;
}

// The headline: uniform changes, the unchanged families, and the likely cause.
std::optional<Finding> Headline(const std::vector<Statement>& statements,
                                const std::string& a_letter, const std::string& b_letter,
                                double threshold, bool others_exist, bool timing_comparable,
                                bool same_library, bool timing_known_to_differ,
                                const BuildIdentity& identity,
                                const std::vector<std::string>& not_like_for_like,
                                const AsmBuilds& asm_builds, const CpuEvidence& cpu,
                                const std::string& engine_difference) {
  std::vector<const Statement*> changed;
  std::vector<std::string> unchanged;
  for (const Statement& s : statements) {
    if (s.pattern == Pattern::kUniformSlower || s.pattern == Pattern::kUniformFaster) {
      changed.push_back(&s);
    } else if (s.pattern == Pattern::kUnchanged) {
      unchanged.push_back(s.subject);
    }
  }
  if (changed.empty()) {
    if (unchanged.empty()) {
      return std::nullopt;
    }
    return Finding{"pattern", others_exist
                                  ? fmt::format("{} unchanged (within {}).", JoinAnd(unchanged),
                                                PercentText(threshold))
                                  : fmt::format("No change beyond {}: {} unchanged.",
                                                PercentText(threshold), JoinAnd(unchanged))};
  }
  std::vector<std::string> parts;
  const std::vector<std::string> hints = CodeHints(changed, statements);
  std::vector<double> factors;
  bool all_slower = true;
  bool all_faster = true;
  for (const Statement* s : changed) {
    parts.push_back(s->subject + " " + FactorText(s->rows) + WhereText(s->rows) +
                    RangeEndsText(s->rows) + SingleNote(s->rows));
    factors.push_back(GeoMean(s->rows));
    all_slower = all_slower && s->pattern == Pattern::kUniformSlower;
    all_faster = all_faster && s->pattern == Pattern::kUniformFaster;
  }
  std::string text;
  for (size_t i = 0; i < parts.size(); ++i) {
    text += (i == 0 ? "" : ", ") + parts[i];
  }
  if (!unchanged.empty()) {
    text += ", " + JoinAnd(unchanged) + " unchanged";
  }
  const auto [min_factor, max_factor] = std::minmax_element(factors.begin(), factors.end());
  std::string cause;
  const std::optional<std::string> api_clause = ApiClause(changed, a_letter, b_letter);
  const std::optional<AsmSentence> asm_clause =
      all_slower || all_faster ? AsmClause(changed, asm_builds, all_slower, a_letter, b_letter)
                               : std::nullopt;
  const bool asm_known = asm_clause && !asm_clause->cause.empty();
  // The slower side's CPUINFO line shows a mask that clears known bits, the other's none.
  const std::optional<CpuinfoMask>& slow_mask = all_slower ? cpu.mask_b : cpu.mask_a;
  const std::optional<CpuinfoMask>& fast_mask = all_slower ? cpu.mask_a : cpu.mask_b;
  // A mask weighed per algorithm (CpuinfoMask::explains) explains only the algorithms it lists.
  const auto explains_all = [&changed](const CpuinfoMask& mask) {
    if (!mask.explains) {
      return true;
    }
    return std::all_of(changed.begin(), changed.end(), [&mask](const Statement* s) {
      return std::all_of(s->rows.begin(), s->rows.end(), [&mask](const Row* row) {
        return std::find(mask.explains->begin(), mask.explains->end(), row->algorithm) !=
               mask.explains->end();
      });
    });
  };
  const bool masked = (all_slower || all_faster) && slow_mask && !slow_mask->clears.empty() &&
                      !fast_mask && explains_all(*slow_mask);
  const std::optional<std::string> shared_code = SharedCode(changed);
  if (!timing_comparable && timing_known_to_differ && !not_like_for_like.empty()) {
    // Both: a -multi 4 side against one process is about 4x whatever the clock (tryout 24 p10).
    text += fmt::format(
        ": the sides were timed differently and not run like-for-like ({}; see below), so this "
        "need not be a code path",
        JoinAnd(not_like_for_like));
    cause = "timing-differs";
  } else if (!timing_comparable && timing_known_to_differ) {
    text += ": the sides were timed differently (see below), so this need not be a code path";
    cause = "timing-differs";
  } else if (!timing_comparable) {
    text +=
        ": one side does not state its clock, so the sides may have been timed differently and "
        "this need not be a code path; cannot tell from this report (run both with -elapsed)";
  } else if (!not_like_for_like.empty()) {
    // The raw ratio of a -multi 8 side to a single process is about 8 whatever the code path.
    text += fmt::format(
        ": the sides were not run like-for-like ({}), so this need not be a code path; cannot "
        "tell from this report (run both sides with the same openssl speed options)",
        JoinAnd(not_like_for_like));
  } else if (!engine_difference.empty()) {
    // The engine's path against the CPU's own: no build, CPU or machine cause is read from it.
    text += fmt::format(
        ": {}, both timed in wall-clock time (which counts the engine's work), so this is not a "
        "difference of timing: the engine is part of the code path that was timed",
        engine_difference);
  } else if (api_clause) {
    text += *api_clause;
    cause = ApiCause(changed);
  } else if (identity.state == BuildIdentity::State::kSame && !unchanged.empty()) {
    // A clock, turbo or frequency change moves every family of one run alike.
    text += fmt::format(
        ": the sides are the same build on the same CPU (see below), yet {} {} unchanged; a "
        "change of the machine's clock or turbo would move every family, so cannot tell from "
        "this report what changed {} alone (load during those runs only, or a cause specific to "
        "{} that the report does not show, such as a capability mask)",
        JoinAnd(unchanged), unchanged.size() == 1 ? "is" : "are", JoinAnd(SubjectsOf(changed)),
        changed.size() == 1 ? "it" : "them");
    cause = "cannot-tell";
  } else if (identity.state == BuildIdentity::State::kSame) {
    text +=
        ": the sides are the same build on the same CPU (see below), so this is the machine's "
        "speed between the runs, not a code path";
    cause = "machine-difference";
  } else if (identity.state == BuildIdentity::State::kPartlyKnown && !identity.clock.empty()) {
    text += fmt::format(": nothing recorded differs between the sides (the same {}){}",
                        JoinAnd(identity.matched), identity.clock);
    cause = "machine-difference";
  } else if (identity.state == BuildIdentity::State::kPartlyKnown) {
    text += PartlyKnownClause(identity);
    cause = "cannot-tell";
  } else if (masked) {
    // The bits the text shows the CPU has, when there are any; else every bit it may have.
    std::vector<std::string> named;
    for (const std::string& bit : slow_mask->clears) {
      if (std::find(slow_mask->cpu_unknown.begin(), slow_mask->cpu_unknown.end(), bit) ==
          slow_mask->cpu_unknown.end()) {
        named.push_back(bit);
      }
    }
    text += fmt::format(
        ": {} ran with {}={} ({}), which clears {}: the capability mask explains it, not the "
        "build",
        all_slower ? b_letter : a_letter, slow_mask->variable, slow_mask->value, slow_mask->origin,
        JoinAnd(named.empty() ? slow_mask->clears : named));
    cause = "capability-masked";
  } else if (asm_known) {
    text += asm_clause->clause;
    cause = asm_clause->cause;
    if (!cpu.difference.empty()) {
      text += fmt::format("; the sides also ran on different CPUs ({})", cpu.difference);
    }
  } else if (!cpu.difference.empty()) {
    const std::string clause =
        CpuClause(changed, cpu, all_slower, all_faster, a_letter, b_letter, &cause);
    text += clause;
  } else if (!same_library) {
    text += fmt::format(
        ": the sides are different libraries, so this is each one's own {} code, "
        "not a build option",
        JoinAnd(hints));
  } else if ((all_slower || all_faster) && !unchanged.empty() &&
             WeakestFactor(factors) < kAsmMinFactor) {
    // Integer ops/s of a microcontroller (24 against 22 X25519 handshakes/s: tryout 33 c06) move
    // by a tenth without any code change: too little to name missing assembly.
    text += fmt::format(
        ": the smallest change is {:.2f}x, under the {:.2f}x below which one pair of figures "
        "does not show assembly missing or unused; load, the clock or rounding of the printed "
        "figures may explain it, so cannot tell what changed",
        WeakestFactor(factors), kAsmMinFactor);
    cause = "cannot-tell";
  } else if ((all_slower || all_faster) && !unchanged.empty()) {
    text += fmt::format(": {} assembly missing or unused in {}", JoinAnd(hints),
                        all_slower ? b_letter : a_letter);
    cause = "asm-missing-or-unused";
  } else if ((all_slower || all_faster) && changed.size() >= 2 &&
             *max_factor / *min_factor <= kRangeSpread && !shared_code) {
    text +=
        ": about the same factor everywhere, which points to the machine (its clock, its load or "
        "a different CPU) rather than one algorithm's code";
    cause = "machine-difference";
  } else if ((all_slower || all_faster) && shared_code && SameFactorByAlgorithm(changed)) {
    // One code change moves every row that runs that code by about one factor, as the machine
    // would (tryout 32 D2: a P-384 reduction sped up key generation, ECDH and ECDSA alike).
    text += fmt::format(
        ": cannot tell: every changed row is {}, so a change to that code would move them all by "
        "about one factor just as the machine's speed (its clock, its load or a different CPU) "
        "would, and no row of unrelated code (a cipher, a hash, or another algorithm on another "
        "curve or modulus) was compared to tell which",
        *shared_code);
    cause = "cannot-tell";
  } else if (asm_clause) {
    text += asm_clause->clause;  // "cannot tell" whether a side was built without assembly
  }
  return Finding{"pattern", text + ".", cause};
}

std::string SizesPhrase(const std::set<uint64_t>& sizes, bool small) {
  if (sizes.size() == 1) {
    return "at " + report::FormatSize(*sizes.begin());
  }
  return small ? "at <= " + report::FormatSize(*sizes.rbegin())
               : "at >= " + report::FormatSize(*sizes.begin());
}

Finding OverheadFinding(const std::vector<const Statement*>& statements, bool slower,
                        const std::string& a_letter, const std::string& b_letter,
                        const BuildIdentity& identity) {
  std::vector<std::string> subjects;
  std::set<uint64_t> small_sizes;
  std::set<uint64_t> large_sizes;
  std::vector<const Row*> all_rows;
  const Row* extreme = nullptr;
  bool ciphers = true;
  for (const Statement* s : statements) {
    subjects.push_back(s->subject);
    ciphers = ciphers && IsCipherGroup(s->group);
    for (const Row* row : s->rows) {
      all_rows.push_back(row);
      if (row->input_len <= kSmallInputMax) {
        small_sizes.insert(row->input_len);
        if (extreme == nullptr || (slower ? row->ratio.ratio < extreme->ratio.ratio
                                          : row->ratio.ratio > extreme->ratio.ratio)) {
          extreme = row;
        }
      } else if (row->input_len >= kLargeInputMin) {
        large_sizes.insert(row->input_len);
      }
    }
  }
  const bool one = subjects.size() == 1;
  const std::string path = ciphers
                               ? (one ? "the cipher's code path" : "the ciphers' code paths")
                               : (one ? "the algorithm's code path" : "the algorithms' code paths");
  std::string cause =
      slower ? fmt::format(": per-call overhead in {}, not {}", b_letter, path)
             : fmt::format(": less per-call overhead in {} than in {}, not a faster code path",
                           b_letter, a_letter);
  std::string tag = "per-call-overhead";
  if (identity.state == BuildIdentity::State::kSame) {
    // One build has one per-call cost: the small sizes caught the machine at another speed.
    cause =
        ": the sides are the same build on the same CPU (see below), so this is the machine's "
        "speed between the runs, not per-call overhead";
    tag = "machine-difference";
  } else if (identity.state == BuildIdentity::State::kPartlyKnown) {
    cause = PartlyKnownClause(identity);
    tag = "cannot-tell";
  }
  const bool assumed = std::any_of(all_rows.begin(), all_rows.end(),
                                   [](const Row* row) { return row->sizes_assumed; });
  return Finding{
      "per-call-overhead",
      fmt::format("{} {} only {} (up to {} at {}){}, equal {}{}{}.", JoinAnd(subjects),
                  slower ? "slower" : "faster", SizesPhrase(small_sizes, true),
                  ChangeText(extreme->ratio.ratio), report::FormatSize(extreme->input_len),
                  SingleNote(all_rows), SizesPhrase(large_sizes, false),
                  assumed ? " (sizes inferred: see below)" : "", cause),
      tag};
}

}  // namespace

ChangeSplit SplitByChange(const std::vector<Row>& rows) {
  ChangeSplit out;
  for (const Statement& s : BuildStatements(rows)) {
    if (s.pattern == Pattern::kUniformSlower || s.pattern == Pattern::kUniformFaster) {
      out.changed.push_back(s.subject);
    } else if (s.pattern == Pattern::kUnchanged) {
      out.unchanged.push_back(s.subject);
    }
  }
  return out;
}

std::string ChangeText(double ratio) {
  if (ratio < 1) {
    if (1 / ratio >= 1.5) {
      return fmt::format("{:.1f}x slower", 1 / ratio);
    }
    return fmt::format("{:.0f}% slower", (1 - ratio) * 100);
  }
  if (ratio > 1) {
    if (ratio >= 1.5) {
      return fmt::format("{:.1f}x faster", ratio);
    }
    return fmt::format("{:.0f}% faster", (ratio - 1) * 100);
  }
  return "unchanged";
}

Pattern FamilyPattern(const std::vector<const Row*>& rows) {
  size_t same = 0;
  size_t slower = 0;
  size_t faster = 0;
  size_t unclear = 0;
  bool has_small = false;
  bool has_large = false;
  bool small_all_slower = true;
  bool small_all_faster = true;
  bool large_all_same = true;
  bool middle_slower_or_same = true;
  bool middle_faster_or_same = true;
  for (const Row* row : rows) {
    const RowState state = StateOf(*row);
    same += state == RowState::kSame ? 1 : 0;
    slower += state == RowState::kSlower ? 1 : 0;
    faster += state == RowState::kFaster ? 1 : 0;
    unclear += state == RowState::kUnclear ? 1 : 0;
    if (!row->symmetric) {
      has_small = false;
      has_large = false;
      small_all_slower = small_all_faster = large_all_same = false;
      continue;
    }
    if (row->input_len <= kSmallInputMax) {
      has_small = true;
      small_all_slower = small_all_slower && state == RowState::kSlower;
      small_all_faster = small_all_faster && state == RowState::kFaster;
    } else if (row->input_len >= kLargeInputMin) {
      has_large = true;
      large_all_same = large_all_same && state == RowState::kSame;
    } else {
      middle_slower_or_same =
          middle_slower_or_same && (state == RowState::kSlower || state == RowState::kSame);
      middle_faster_or_same =
          middle_faster_or_same && (state == RowState::kFaster || state == RowState::kSame);
    }
  }
  const size_t n = rows.size();
  if (same == n) {
    return Pattern::kUnchanged;
  }
  if (slower == n) {
    return Pattern::kUniformSlower;
  }
  if (faster == n) {
    return Pattern::kUniformFaster;
  }
  if (has_small && has_large && large_all_same) {
    if (small_all_slower && middle_slower_or_same) {
      return Pattern::kSmallOnlySlower;
    }
    if (small_all_faster && middle_faster_or_same) {
      return Pattern::kSmallOnlyFaster;
    }
  }
  if (slower == 0 && faster == 0 && unclear > 0) {
    return Pattern::kInconclusive;
  }
  return Pattern::kMixed;
}

AsmBuilds AsmBuildsOf(const Side& a, const Side& b) {
  return AsmBuilds{diagnose::CompilerLineAsmOf(a.run),
                   diagnose::CompilerLineAsmOf(b.run),
                   a.run.library.cflags,
                   b.run.library.cflags,
                   CpuinfoNaOf(a),
                   CpuinfoNaOf(b),
                   a.run.library.capability_vector,
                   b.run.library.capability_vector};
}

bool HasDefine(std::string_view cflags, std::string_view name) {
  const std::string word = "-D" + std::string(name);
  for (size_t at = cflags.find(word); at != std::string_view::npos;
       at = cflags.find(word, at + 1)) {
    const bool starts = at == 0 || std::isspace(static_cast<unsigned char>(cflags[at - 1]));
    const size_t end = at + word.size();
    const bool ends = end == cflags.size() || cflags[end] == '=' ||
                      std::isspace(static_cast<unsigned char>(cflags[end]));
    if (starts && ends) {
      return true;
    }
  }
  return false;
}

std::vector<std::string_view> AssemblyDefinesOf(std::string_view algorithm) {
  const AlgorithmInfo* info = FindAlgorithm(algorithm);
  return info == nullptr ? std::vector<std::string_view>{}
                         : diagnose::CompilerLineDefinesFor(*info);
}

std::string MultiDifference(const Side& a, const Side& b) {
  const results::SourceInfo& sa = a.run.source;
  const results::SourceInfo& sb = b.run.source;
  if (sa.multi == sb.multi || (sa.multi <= 1 && sb.multi <= 1)) {
    return "";
  }
  const auto count = [](const Side& side) {
    return side.run.source.multi > 1
               ? fmt::format("{} the sum of {} processes with -multi {}", side.letter,
                             side.run.source.multi, side.run.source.multi)
               : fmt::format("{} one process", side.letter);
  };
  return count(a) + ", " + count(b);
}

std::vector<std::string> SettingsDifferences(const Side& a, const Side& b) {
  std::vector<std::string> out;
  // -seconds: known on a side that states it, or whose command line shows speed's defaults.
  const auto seconds_known = [](const results::Invocation& inv) {
    return inv.seconds > 0 || inv.command_line != 0;
  };
  const results::Invocation& ia = a.run.source.invocation;
  const results::Invocation& ib = b.run.source.invocation;
  if (seconds_known(ia) && seconds_known(ib) && ia.seconds != ib.seconds) {
    const auto seconds = [](const Side& side) {
      const double s = side.run.source.invocation.seconds;
      return s > 0 ? fmt::format("{} with -seconds {:g}", side.letter, s)
                   : fmt::format("{} at speed's default times", side.letter);
    };
    out.push_back(seconds(a) + ", " + seconds(b));
  }
  // Pinning: a side without a command line does not show whether it was pinned.
  if (ia.command_line != 0 && ib.command_line != 0 && ia.pinning.empty() != ib.pinning.empty()) {
    const Side& pinned = ia.pinning.empty() ? b : a;
    const Side& other = ia.pinning.empty() ? a : b;
    out.push_back(fmt::format("{} pinned to CPUs ({}), {} not", pinned.letter,
                              pinned.run.source.invocation.pinning, other.letter));
  } else if (!ia.pinning.empty() && !ib.pinning.empty() && ia.pinning != ib.pinning) {
    // Different cores: a hybrid CPU's P- and E-cores, or two NUMA nodes (tryout 31 D2).
    out.push_back(
        fmt::format("{} pinned to CPUs ({}), {} to ({}): different cores, which on a "
                    "hybrid CPU (P- and E-cores) or across NUMA nodes run at different "
                    "speeds",
                    a.letter, ia.pinning, b.letter, ib.pinning));
  }
  return out;
}

std::vector<std::string> InvocationDifferences(const Side& a, const Side& b) {
  std::vector<std::string> out;
  if (std::string multi = MultiDifference(a, b); !multi.empty()) {
    out.push_back(std::move(multi));
  }
  for (std::string& setting : SettingsDifferences(a, b)) {
    out.push_back(std::move(setting));
  }
  return out;
}

namespace {

// Whether an engine or provider on either side changes what the clock saw: only a clock that
// leaves out the engine's work does. openssl speed without -elapsed counts the process's user
// CPU time (apps/speed.c's usertime, which -elapsed clears, passed to app_tminterval), so work
// an engine hands to the kernel or a device is missing from the time; wall-clock time on both
// sides counts it, and the engine is then a code path, not a timing difference.
bool EngineHidesWork(const results::SourceInfo& sa, const results::SourceInfo& sb) {
  const bool engine = !sa.engine_or_provider.empty() || !sb.engine_or_provider.empty();
  return engine && !(sa.timing_basis == "wall_clock" && sb.timing_basis == "wall_clock");
}

}  // namespace

bool TimingComparable(const Side& a, const Side& b) {
  return a.run.source.timing_basis == b.run.source.timing_basis &&
         !EngineHidesWork(a.run.source, b.run.source);
}

bool TimingKnownToDiffer(const Side& a, const Side& b) {
  const auto known = [](const std::string& basis) { return !basis.empty() && basis != "unknown"; };
  const results::SourceInfo& sa = a.run.source;
  const results::SourceInfo& sb = b.run.source;
  return (known(sa.timing_basis) && known(sb.timing_basis) && sa.timing_basis != sb.timing_basis) ||
         EngineHidesWork(sa, sb);
}

std::string EngineDifference(const Side& a, const Side& b) {
  const std::string& ea = a.run.source.engine_or_provider;
  const std::string& eb = b.run.source.engine_or_provider;
  if ((ea.empty() && eb.empty()) || !TimingComparable(a, b)) {
    return "";
  }
  if (ea == eb) {
    return fmt::format("both ran through {}", ea);
  }
  if (ea.empty() || eb.empty()) {
    const Side& with = ea.empty() ? b : a;
    const Side& without = ea.empty() ? a : b;
    return fmt::format("{} ran through {} and {} did not", with.letter,
                       with.run.source.engine_or_provider, without.letter);
  }
  return fmt::format("{} ran through {} and {} through {}", a.letter, ea, b.letter, eb);
}

bool SameLibrary(const Side& a, const Side& b) {
  const std::string product_a = LibraryProduct(a.run.library);
  const std::string product_b = LibraryProduct(b.run.library);
  return product_a.empty() || product_b.empty() || product_a == product_b;
}

std::vector<Finding> PatternFindings(const std::vector<Row>& rows, const std::string& a_letter,
                                     const std::string& b_letter, double threshold,
                                     bool timing_comparable, bool same_library,
                                     bool timing_known_to_differ, const BuildIdentity& identity,
                                     const std::vector<std::string>& not_like_for_like,
                                     const AsmBuilds& asm_builds, const CpuEvidence& cpu,
                                     const std::string& engine_difference) {
  const std::vector<Statement> statements = BuildStatements(rows);
  std::optional<Finding> doubt = CannotTellFinding(rows);
  if (statements.empty()) {
    if (doubt) {
      return {std::move(*doubt)};
    }
    return {Finding{"no-common-cells", "No cell was measured on both sides: nothing to compare."}};
  }
  std::vector<const Statement*> small_slower;
  std::vector<const Statement*> small_faster;
  std::vector<std::string> inconclusive;
  std::vector<Finding> mixed;
  for (const Statement& s : statements) {
    switch (s.pattern) {
      case Pattern::kSmallOnlySlower:
        small_slower.push_back(&s);
        break;
      case Pattern::kSmallOnlyFaster:
        small_faster.push_back(&s);
        break;
      case Pattern::kInconclusive:
        inconclusive.push_back(s.subject);
        break;
      case Pattern::kMixed: {
        const auto [lo, hi] = std::minmax_element(
            s.rows.begin(), s.rows.end(),
            [](const Row* x, const Row* y) { return x->ratio.ratio < y->ratio.ratio; });
        // A family (SHA-2) can hold several algorithms: then each end names its own.
        const bool several = std::any_of(s.rows.begin(), s.rows.end(), [&](const Row* row) {
          return row->algorithm != s.rows.front()->algorithm;
        });
        // Several operations of one cipher (encrypt and decrypt): each end names its own.
        const bool operations = SeveralOperations(s.rows);
        const auto where = [several, operations](const Row* row) {
          const std::string name = several ? " for " + row->algorithm : "";
          if (!row->symmetric) {
            return name + " (" + row->operation + ")";
          }
          return (operations ? (several ? name + " " : " for ") + row->operation : name) + " at " +
                 report::FormatThroughputSize(row->input_len);
        };
        // A mixed statement is always one family (BuildStatements rolls up uniform ones only).
        Finding finding{"mixed",
                        fmt::format("{}: no single pattern ({}/{} from {}{} to {}{}).", s.subject,
                                    b_letter, a_letter, RatioText((*lo)->ratio.ratio), where(*lo),
                                    RatioText((*hi)->ratio.ratio), where(*hi))};
        finding.family = s.rows.front()->family;
        mixed.push_back(std::move(finding));
        break;
      }
      default:
        break;
    }
  }
  const bool others_exist =
      !small_slower.empty() || !small_faster.empty() || !inconclusive.empty() || !mixed.empty();
  std::vector<Finding> out;
  std::optional<Finding> headline = Headline(
      statements, a_letter, b_letter, threshold, others_exist, timing_comparable, same_library,
      timing_known_to_differ, identity, not_like_for_like, asm_builds, cpu, engine_difference);
  // A headline with a uniform change leads; one that only lists unchanged families follows.
  const bool headline_first =
      headline && std::any_of(statements.begin(), statements.end(), [](const Statement& s) {
        return s.pattern == Pattern::kUniformSlower || s.pattern == Pattern::kUniformFaster;
      });
  if (headline_first) {
    out.push_back(std::move(*headline));
  }
  if (!small_slower.empty()) {
    out.push_back(OverheadFinding(small_slower, true, a_letter, b_letter, identity));
  }
  if (!small_faster.empty()) {
    out.push_back(OverheadFinding(small_faster, false, a_letter, b_letter, identity));
  }
  if (!inconclusive.empty()) {
    out.push_back(
        Finding{"inconclusive",
                fmt::format("{}: beyond {} at some sizes but not significant (the CIs include 1); "
                            "measure longer to decide.",
                            JoinAnd(inconclusive), PercentText(threshold))});
  }
  out.insert(out.end(), mixed.begin(), mixed.end());
  if (headline && !headline_first) {
    out.push_back(std::move(*headline));
  }
  if (doubt) {
    out.push_back(std::move(*doubt));
  }
  if (std::optional<Finding> assumed = AssumedSizesFinding(rows, a_letter, b_letter)) {
    out.push_back(std::move(*assumed));
  }
  return out;
}

}  // namespace cryptobench::compare
