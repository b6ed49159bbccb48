// Context findings: timing basis, library version and build, capability vectors and worker
// environments of the two sides.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <tuple>
#include <utility>

#include <fmt/format.h>

#include "algorithms/catalog.h"
#include "report/format_util.h"
#include "results/cpuinfo_vectors.h"
#include "results/emulated.h"

#include "compare/attribution.h"
#include "compare/format.h"
#include "compare/sides.h"
#include "diagnose/armcap.h"
#include "diagnose/cpu_clues.h"
#include "diagnose/doctor_from.h"
#include "diagnose/doctor_model.h"
#include "diagnose/ia32cap.h"
#include "diagnose/library_advice.h"
#include "diagnose/library_changes.h"
#include "diagnose/verdict_paths.h"

namespace cryptobench::compare {
namespace {

// Most compiler flags quoted per direction; the rest are counted.
constexpr size_t kMaxFlagsQuoted = 6;

std::string BasisName(const std::string& basis) {
  if (basis == "wall_clock") {
    return "wall-clock time";
  }
  if (basis == "user_cpu") {
    return "user CPU time";
  }
  return "an unknown clock";
}

std::string StripAll(std::string text, std::string_view prefix) {
  while (text.rfind(prefix, 0) == 0) {
    text = text.substr(prefix.size());
  }
  return text;
}

std::vector<std::string> Words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  std::string word;
  while (in >> word) {
    out.push_back(word);
  }
  return out;
}

// Words of `from` that `other` lacks, in order, without repeats.
std::vector<std::string> Missing(const std::vector<std::string>& from,
                                 const std::vector<std::string>& other) {
  const std::set<std::string> have(other.begin(), other.end());
  std::set<std::string> seen;
  std::vector<std::string> out;
  for (const std::string& word : from) {
    if (have.count(word) == 0 && seen.insert(word).second) {
      out.push_back(word);
    }
  }
  return out;
}

std::string Quote(const std::vector<std::string>& words) {
  std::string out;
  for (size_t i = 0; i < words.size() && i < kMaxFlagsQuoted; ++i) {
    out += (i == 0 ? "" : " ") + words[i];
  }
  if (words.size() > kMaxFlagsQuoted) {
    out += fmt::format(" and {} more", words.size() - kMaxFlagsQuoted);
  }
  return out;
}

// True for a define OpenSSL 1.x Configure adds only with assembly: -D*_ASM (and -D*_ASM_*, e.g.
// -DOPENSSL_BN_ASM_MONT), -DOPENSSL_CPUID_OBJ, -DOPENSSL_IA32_SSE2; not -DOPENSSL_NO_ASM, which
// turns assembly off.
bool IsAssemblyDefine(const std::string& word) {
  return word.rfind("-D", 0) == 0 && word.find("NO_ASM") == std::string::npos &&
         (word.find("_ASM") != std::string::npos || word == "-DOPENSSL_CPUID_OBJ" ||
          word == "-DOPENSSL_IA32_SSE2");
}

// "the assembly defines -DAESNI_ASM -DVPAES_ASM -DGHASH_ASM (AES-128-GCM's) and 16 more
// (-DOPENSSL_CPUID_OBJ ...)": the defines of `words` that serve an algorithm in `shared`
// (AssemblyDefinesOf) first, with the algorithms, then the rest.
std::string AssemblyPhrase(const std::vector<std::string>& words,
                           const std::vector<std::string>& shared) {
  std::vector<std::string> tied;
  std::vector<std::string> algorithms;
  for (const std::string& algorithm : shared) {
    bool serves = false;
    for (std::string_view define : AssemblyDefinesOf(algorithm)) {
      const std::string word = "-D" + std::string(define);
      if (std::find(words.begin(), words.end(), word) != words.end()) {
        serves = true;
        if (std::find(tied.begin(), tied.end(), word) == tied.end()) {
          tied.push_back(word);
        }
      }
    }
    if (serves) {
      algorithms.push_back(algorithm);
    }
  }
  std::vector<std::string> rest;
  for (const std::string& word : words) {
    if (std::find(tied.begin(), tied.end(), word) == tied.end()) {
      rest.push_back(word);
    }
  }
  if (tied.empty()) {
    return "the assembly define" + std::string(rest.size() == 1 ? " " : "s ") + Quote(rest);
  }
  std::string text = fmt::format("the assembly define{} {} ({}'s)", tied.size() == 1 ? "" : "s",
                                 Quote(tied), JoinAnd(algorithms));
  if (!rest.empty()) {
    text += fmt::format(" and {} more ({})", rest.size(), Quote(rest));
  }
  return text;
}

// True when `cut` (a compiler line's words) is the start of `whole`: every word equal but the
// last, which may stop inside its word ("-DOPENSSL_PI" of "-DOPENSSL_PIC"), and `whole` goes on.
bool StartOf(const std::vector<std::string>& cut, const std::vector<std::string>& whole) {
  if (cut.empty() || cut.size() >= whole.size()) {
    return false;
  }
  for (size_t i = 0; i + 1 < cut.size(); ++i) {
    if (cut[i] != whole[i]) {
      return false;
    }
  }
  return whole[cut.size() - 1].rfind(cut.back(), 0) == 0;
}

// Which build fields differ, each as a phrase ("compiler flags differ (B adds -O0; drops -O3)").
// Assembly defines lead (IsAssemblyDefine), with the algorithms both sides measured that they
// serve: "compiler flags differ (B drops the assembly defines -DAESNI_ASM ... (AES-128-GCM's)
// ...; adds -O3; drops other flags -g ...)". A side whose line cannot show assembly defines
// (diagnose::CompilerLineAsmOf: OpenSSL 3.x passes them per file, a build that replaces
// Configure's line) is not said to drop them: lacking them is no sign of a build without
// assembly. A side whose line may be cut (CompilerLineAsm::paste_lacks_line) is not said to
// drop anything: cannot tell; when its words are the start of the other side's line, that is
// all that differs (`*cut_only` true).
// The options of `x`'s configure line that `y`'s lacks, in `x`'s order.
std::vector<std::string> OptionsMissingFrom(const std::vector<std::string>& x,
                                            const std::vector<std::string>& y) {
  std::vector<std::string> out;
  for (const std::string& option : x) {
    if (std::find(y.begin(), y.end(), option) == y.end()) {
      out.push_back(option);
    }
  }
  return out;
}

// "B was configured with --enable-aesni --enable-intelasm (line 1), A without" when both sides
// show the configure line of their build (import's "configure" fact) and its options differ;
// "" otherwise (one side's line unknown says nothing of a difference).
std::string ConfigureDifference(const Side& a, const Side& b) {
  const results::SourceFact* ca = ConfigureFactOf(a.run);
  const results::SourceFact* cb = ConfigureFactOf(b.run);
  if (ca == nullptr || cb == nullptr) {
    return "";
  }
  const std::vector<std::string> oa = ConfigureOptions(*ca);
  const std::vector<std::string> ob = ConfigureOptions(*cb);
  const std::vector<std::string> only_b = OptionsMissingFrom(ob, oa);
  const std::vector<std::string> only_a = OptionsMissingFrom(oa, ob);
  const auto join = [](const std::vector<std::string>& words) {
    std::string out;
    for (const std::string& word : words) {
      out += (out.empty() ? "" : " ") + word;
    }
    return out;
  };
  std::vector<std::string> parts;
  for (const auto& [side, fact, only, other] :
       {std::tuple{&b, cb, &only_b, &a}, std::tuple{&a, ca, &only_a, &b}}) {
    if (!only->empty()) {
      parts.push_back(fmt::format("{} was configured with {} (line {}), {} without", side->letter,
                                  join(*only), fact->line, other->letter));
    }
  }
  if (parts.empty() && oa != ob) {
    parts.push_back(fmt::format("configure options are in another order ({}: line {}; {}: line {})",
                                a.letter, ca->line, b.letter, cb->line));
  }
  std::string out;
  for (const std::string& part : parts) {
    out += (out.empty() ? "" : "; ") + part;
  }
  return out;
}

std::vector<std::string> BuildDifferences(const Side& a, const Side& b, bool* cut_only = nullptr) {
  const results::LibraryInfo& la = a.run.library;
  const results::LibraryInfo& lb = b.run.library;
  std::vector<std::string> out;
  if (cut_only != nullptr) {
    *cut_only = false;
  }
  const std::vector<std::string> flags_a = Words(StripAll(la.cflags, "compiler: "));
  const std::vector<std::string> flags_b = Words(StripAll(lb.cflags, "compiler: "));
  if (!flags_a.empty() && !flags_b.empty()) {
    std::vector<std::string> shared;
    for (const results::AlgorithmResult& alg : a.run.algorithms) {
      const bool both = std::any_of(
          b.run.algorithms.begin(), b.run.algorithms.end(),
          [&](const results::AlgorithmResult& other) { return other.algorithm == alg.algorithm; });
      if (both && std::find(shared.begin(), shared.end(), alg.algorithm) == shared.end()) {
        shared.push_back(alg.algorithm);
      }
    }
    const auto split = [](const std::vector<std::string>& words) {
      std::pair<std::vector<std::string>, std::vector<std::string>> parts;
      for (const std::string& word : words) {
        (IsAssemblyDefine(word) ? parts.first : parts.second).push_back(word);
      }
      return parts;
    };
    using State = diagnose::CompilerLineAsm::State;
    const diagnose::CompilerLineAsm line_a = diagnose::CompilerLineAsmOf(a.run);
    const diagnose::CompilerLineAsm line_b = diagnose::CompilerLineAsmOf(b.run);
    const auto may_be_cut = [](const diagnose::CompilerLineAsm& line) {
      return line.state == State::kCannotTell && line.paste_lacks_line;
    };
    // A cut line that is the start of the other's: the cut is the whole difference shown.
    for (const auto& [cut, whole, line, cut_side, whole_side] :
         {std::tuple{&flags_b, &flags_a, &line_b, &b, &a},
          std::tuple{&flags_a, &flags_b, &line_a, &a, &b}}) {
      if (may_be_cut(*line) && StartOf(*cut, *whole)) {
        const std::vector<std::string> rest(whole->begin() + static_cast<long>(cut->size()),
                                            whole->end());
        out.push_back(fmt::format(
            "{} {}, and its words are the start of {}'s line, which goes on with {}, so cannot "
            "tell whether the builds differ (paste {}'s whole `openssl version -a`)",
            cut_side->letter, line->reason, whole_side->letter, Quote(rest), cut_side->letter));
        if (cut_only != nullptr) {
          *cut_only = true;
        }
        break;
      }
    }
    const auto [added_asm, added] = split(Missing(flags_b, flags_a));
    const auto [dropped_asm, dropped] = split(Missing(flags_a, flags_b));
    // Clauses with their own subject ("B is OpenSSL 3.x ..."); the rest follow "B ".
    std::vector<std::string> own;
    std::vector<std::string> parts;
    // What the side lacking `lacked_asm` (and `lacked`) shows; true when a clause said it.
    const auto lacking = [&](const Side& side, const diagnose::CompilerLineAsm& line,
                             const Side& other, const std::vector<std::string>& lacked_asm,
                             const std::vector<std::string>& lacked) {
      if (line.state != State::kCannotTell || (lacked_asm.empty() && !may_be_cut(line))) {
        return false;
      }
      if (may_be_cut(line)) {
        std::vector<std::string> all = lacked_asm;
        all.insert(all.end(), lacked.begin(), lacked.end());
        if (!all.empty()) {
          own.push_back(fmt::format("{} {}, so cannot tell whether it lacks {}'s {}", side.letter,
                                    line.reason, other.letter, Quote(all)));
        }
        return true;
      }
      // "the assembly defines -DAESNI_ASM ..." -> "A's assembly defines -DAESNI_ASM ...".
      own.push_back(fmt::format(
          "{} {}, so that it lacks {}'s {} is no sign of a build without assembly", side.letter,
          line.reason, other.letter, AssemblyPhrase(lacked_asm, shared).substr(4)));
      return false;  // its other flags still differ
    };
    const bool b_cut = out.empty() ? lacking(b, line_b, a, dropped_asm, dropped) : true;
    const bool a_cut = out.empty() ? lacking(a, line_a, b, added_asm, added) : true;
    const bool b_asm_said = line_b.state == State::kCannotTell;
    const bool a_asm_said = line_a.state == State::kCannotTell;
    const bool dropped_asm_listed = !b_cut && !dropped_asm.empty() && !b_asm_said;
    const bool added_asm_listed = !a_cut && !added_asm.empty() && !a_asm_said;
    if (dropped_asm_listed) {
      parts.push_back("drops " + AssemblyPhrase(dropped_asm, shared));
    }
    if (added_asm_listed) {
      parts.push_back("adds " + AssemblyPhrase(added_asm, shared));
    }
    if (!a_cut && !added.empty()) {
      parts.push_back(std::string(added_asm_listed ? "adds other flags " : "adds ") + Quote(added));
    }
    if (!b_cut && !dropped.empty()) {
      parts.push_back(std::string(dropped_asm_listed ? "drops other flags " : "drops ") +
                      Quote(dropped));
    }
    if (out.empty() && (!own.empty() || !parts.empty())) {
      std::string list;
      for (const std::string& part : own) {
        list += (list.empty() ? "" : "; ") + part;
      }
      for (size_t i = 0; i < parts.size(); ++i) {
        list += (list.empty() ? "" : "; ") + (i == 0 ? b.letter + " " : "") + parts[i];
      }
      out.push_back(fmt::format("compiler flags differ ({})", list));
    } else if (!out.empty()) {
      out.back() = fmt::format("compiler flags: {}", out.back());
    }
  }
  // Runs of spaces do not count: a paste collapses "Feb  5" to "Feb 5".
  const auto field = [&](const std::string& x, const std::string& y, const char* what) {
    if (!x.empty() && !y.empty() && !SameWords(x, y)) {
      out.push_back(fmt::format("{} differ ({}: {}; {}: {})", what, a.letter, x, b.letter, y));
    }
  };
  field(StripAll(la.built_on, "built on: "), StripAll(lb.built_on, "built on: "), "build dates");
  field(StripAll(la.platform, "platform: "), StripAll(lb.platform, "platform: "), "platforms");
  field(la.options, lb.options, OptionsLabel(la).c_str());
  if (const std::string configured = ConfigureDifference(a, b); !configured.empty()) {
    out.push_back(configured);
  }
  if (la.file_sha256.empty() || la.file_sha256 != lb.file_sha256) {
    field(la.loaded_path, lb.loaded_path, "files");  // one content at two paths is one build
  }
  // Hashes name the files' contents: two files at one path (a rebuild in place) differ here.
  if (!la.file_sha256.empty() && !lb.file_sha256.empty() && la.file_sha256 != lb.file_sha256) {
    out.push_back(fmt::format("file contents differ ({}: SHA-256 {}; {}: SHA-256 {})", a.letter,
                              la.file_sha256, b.letter, lb.file_sha256));
  }
  return out;
}

}  // namespace

std::vector<std::string_view> ChangeAreas(std::string_view algorithm) {
  std::vector<std::string_view> areas;
  if (algorithm.starts_with("AES-")) {
    areas.push_back("AES");
    if (algorithm.find("GCM") != std::string_view::npos) {
      areas.push_back("GHASH");
    }
  } else if (algorithm == "SHA-1") {
    areas.push_back("SHA-1");
  } else if (algorithm.starts_with("SHA-2") || algorithm.starts_with("SHA-384") ||
             algorithm.starts_with("SHA-512")) {
    areas.push_back("SHA-2");
  } else if (algorithm.starts_with("ChaCha20")) {
    areas.push_back("ChaCha20");
  } else if (algorithm.starts_with("RSA")) {
    areas.push_back("BN-RSA");
  }
  return areas;
}

namespace {

std::string Lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// False when `row`'s code path needs a CPU feature present (or absent) and a side's library is
// shown not to run it (LibraryCanUse: its capability vector, a mask, its CPU's flags line): a
// 1.1.1 row of "CPUs without AES-NI" says nothing of a side whose vector has AES-NI, nor an
// aesv8-armx row of a side whose OPENSSL_armcap clears AES.
bool BothMayRun(const diagnose::LibraryChange& row, const Side& a, const Side& b) {
  const std::optional<diagnose::RowCpuCondition> condition = diagnose::CpuConditionOfRow(row);
  if (!condition) {
    return true;
  }
  for (const Side* side : {&a, &b}) {
    const std::optional<bool> can = LibraryCanUse(*side, condition->feature);
    if (can && *can != condition->present) {
      return false;
    }
  }
  return true;
}

// Whether `row`, a change of speed that holds for exactly one side (`holds_for_b`: B's version,
// else A's), is shown by the compared `rows`: a change that costs speed (kinds "regressed",
// "cost", "removed") explains the side it holds for slower, one that gains speed ("added",
// "gain", "restored") that side faster. Some compared row it speaks of (its area among the
// algorithm's ChangeAreas, or EVP; RowSpeaksOf) must have changed that way beyond the threshold
// (significant or not testable), and none the other way. A change whose text puts its cost or
// gain "per call" (the EVP layer's provider dispatch and fetch: once per call, whatever the
// size) speaks only of sized rows, and its change must fade with size: in each algorithm and
// operation that changed, the smallest size (at most kSmallInputMax) changed its way, and every
// size from kLargeInputMin on changed less than half as much (in log ratio). A cost of c ns per
// call changes the time per call by c / t(size), which falls as the time per call grows, many
// times over from 16 B to 16 KiB; a change that does not fade by half is not mainly per call.
// Other kinds (the speed tool's changes) explain no direction: true.
bool RowsShowChange(const diagnose::LibraryChange& row, bool holds_for_b,
                    const std::vector<Row>& rows) {
  const bool slows = row.kind == "regressed" || row.kind == "cost" || row.kind == "removed";
  const bool speeds = row.kind == "added" || row.kind == "gain" || row.kind == "restored";
  if (!slows && !speeds) {
    return true;
  }
  // The direction of B against A that the change explains.
  const Direction expected = (slows == holds_for_b) ? Direction::kSlower : Direction::kFaster;
  const bool per_call = row.change.find("per call") != std::string::npos;
  std::map<std::pair<std::string, std::string>, std::vector<const Row*>> sized;
  bool shown = false;
  for (const Row& r : rows) {
    if (r.presence != Presence::kBoth || r.verdict == Verdict::kCannotTell) {
      continue;
    }
    const std::vector<std::string_view> areas = ChangeAreas(r.algorithm);
    const bool concerns =
        (row.area == "EVP" || std::find(areas.begin(), areas.end(), row.area) != areas.end()) &&
        diagnose::RowSpeaksOf(row, r.algorithm, r.operation);
    if (!concerns || (per_call && (!r.symmetric || r.input_len == 0))) {
      continue;
    }
    if (per_call) {
      sized[{r.algorithm, r.operation}].push_back(&r);
    }
    if (r.direction == Direction::kWithin) {
      continue;
    }
    if (r.direction != expected) {
      return false;  // changed the other way: not this change's doing
    }
    shown = shown || r.verdict == Verdict::kSignificant || r.verdict == Verdict::kNotTestable;
  }
  for (auto& [key, group] : sized) {
    const bool changed = std::any_of(group.begin(), group.end(), [](const Row* r) {
      return r->direction != Direction::kWithin;
    });
    if (!changed) {
      continue;
    }
    const Row* smallest =
        *std::min_element(group.begin(), group.end(),
                          [](const Row* x, const Row* y) { return x->input_len < y->input_len; });
    if (smallest->input_len > kSmallInputMax || smallest->direction != expected ||
        !(smallest->ratio.ratio > 0)) {
      return false;
    }
    const double small_change = std::abs(std::log(smallest->ratio.ratio));
    for (const Row* r : group) {
      if (r->input_len >= kLargeInputMin &&
          !(std::abs(std::log(r->ratio.ratio)) < small_change / 2)) {
        return false;  // does not fade with size: not mainly a per-call cost
      }
    }
  }
  return shown;
}

// Known changes of OpenSSL between the two sides' versions (data/library-changes.csv) that bear
// on an algorithm both sides measured, or on every algorithm (EVP; the speed tool's when both
// sides are openssl speed output, and a change of it that names HMAC or AEAD ciphers only when
// both sides measured one): "; known
// changes between them: ... (SOURCE)". Only rows for the sides' shared architecture (the
// machine's, else what the text shows: diagnose::ReportArch), or for any architecture when the
// sides do not name one alike. A row of a code path that runs only on CPUs with (or without) a
// feature (diagnose::CpuConditionOfRow) only when neither side is shown to run other code
// (BothMayRun): a change of a path one side does not take says nothing about the pair. A change
// of speed only when the compared `rows` show it in its direction and at the sizes it concerns
// (RowsShowChange): 3.0's per-call provider cost does not explain a build 60x faster at 16 KiB.
std::string KnownChanges(const Side& a, const Side& b, const std::vector<Row>& rows) {
  const std::optional<diagnose::LibraryVersion> va =
      diagnose::ParseLibraryVersion(ShortLibraryVersionName(a.run.library));
  const std::optional<diagnose::LibraryVersion> vb =
      diagnose::ParseLibraryVersion(ShortLibraryVersionName(b.run.library));
  if (!va || !vb || LibraryVersionName(a.run.library).rfind("OpenSSL ", 0) != 0) {
    return "";
  }
  std::set<std::string_view> areas;
  std::vector<std::string> shared;        // lower-case names of the algorithms both sides measured
  std::vector<std::string> shared_names;  // the same, as the catalogue writes them
  for (const results::AlgorithmResult& alg : a.run.algorithms) {
    const bool both = std::any_of(
        b.run.algorithms.begin(), b.run.algorithms.end(),
        [&](const results::AlgorithmResult& other) { return other.algorithm == alg.algorithm; });
    if (both) {
      areas.insert("EVP");
      if (a.run.source.tool == "openssl speed" && b.run.source.tool == "openssl speed") {
        areas.insert("speed-tool");  // the speed tool's changes concern only its own figures
      }
      shared.push_back(Lower(alg.algorithm));
      shared_names.push_back(alg.algorithm);
      for (std::string_view area : ChangeAreas(alg.algorithm)) {
        areas.insert(area);
      }
    }
  }
  // A change of the speed tool that names HMAC or AEAD ciphers concerns only those rows.
  const auto concerns_shared = [&](const diagnose::LibraryChange& row) {
    if (row.area != "speed-tool") {
      // An AES row of one mode's code concerns only a shared figure of that mode.
      return std::any_of(shared_names.begin(), shared_names.end(), [&](const std::string& name) {
        return diagnose::RowSpeaksOf(row, name, "");
      });
    }
    const std::string text = Lower(row.change);
    const auto any_shared = [&](bool (*matches)(const std::string&)) {
      return std::any_of(shared.begin(), shared.end(), matches);
    };
    if (text.find("hmac") != std::string::npos) {
      return any_shared([](const std::string& name) { return name.find("hmac") != name.npos; });
    }
    if (text.find("aead") != std::string::npos || text.find("gcm") != std::string::npos) {
      return any_shared([](const std::string& name) {
        for (const char* mode : {"gcm", "ccm", "ocb", "siv", "poly1305"}) {
          if (name.find(mode) != name.npos) {
            return true;
          }
        }
        return false;
      });
    }
    return true;
  };
  // An imported run has no machine description: its text (platform, CPUINFO, uname) may say.
  const auto arch_of = [](const Side& side) {
    return side.run.machine.arch.empty() ? diagnose::ReportArch(side.run, nullptr)
                                         : side.run.machine.arch;
  };
  const std::string arch_a = arch_of(a);
  const std::string arch = arch_a == arch_of(b) ? arch_a : std::string();
  std::vector<std::string> cited;
  for (const diagnose::LibraryChange* row :
       diagnose::ChangesBetween(diagnose::LibraryChanges(), "openssl", arch, "", *va, *vb)) {
    if (areas.count(row->area) != 0 && concerns_shared(*row) && BothMayRun(*row, a, b) &&
        RowsShowChange(*row, row->versions.Contains(*vb), rows)) {
      cited.push_back(fmt::format("{} {}: {} ({}{})", row->area, row->versions.text, row->change,
                                  row->source, row->sure ? "" : "; unsure"));
    }
  }
  std::string out;
  for (const std::string& c : cited) {
    out += (out.empty() ? "; known changes between them: " : "; ") + c;
  }
  return out;
}

std::optional<Finding> LibraryFinding(const Side& a, const Side& b, const std::vector<Row>& rows) {
  const std::string va = ShortLibraryVersionName(a.run.library);
  const std::string vb = ShortLibraryVersionName(b.run.library);
  if (!SameLibrary(a, b)) {
    // Two libraries: their builds have nothing to line up.
    const auto name = [](const std::string& version, const Side& side) {
      return version.empty() ? side.run.library.backend + " (version unknown)" : version;
    };
    return Finding{"library", fmt::format("Different libraries: {} is {}, {} is {}.", a.letter,
                                          name(va, a), b.letter, name(vb, b))};
  }
  if (va.empty() && vb.empty()) {
    return std::nullopt;
  }
  if (va.empty() || vb.empty()) {
    const Side& unknown = va.empty() ? a : b;
    const Side& known = va.empty() ? b : a;
    return Finding{"library", fmt::format("{}'s library version is unknown; {} is {}.",
                                          unknown.letter, known.letter, va.empty() ? vb : va)};
  }
  bool cut_only = false;
  const std::vector<std::string> diffs = BuildDifferences(a, b, &cut_only);
  std::string detail;
  for (const std::string& diff : diffs) {
    detail += "; " + diff;
  }
  if (va != vb) {
    return Finding{"library",
                   fmt::format("Different library versions: {} is {}, {} is {}{}{}.", a.letter, va,
                               b.letter, vb, detail, KnownChanges(a, b, rows))};
  }
  if (cut_only && diffs.size() == 1) {
    // A line that may be cut, and nothing else recorded differs: no build difference is shown.
    return Finding{"library", fmt::format("Same version ({}); {}.", va, diffs.front())};
  }
  if (!diffs.empty()) {
    return Finding{"library",
                   fmt::format("Same version ({}), different builds: {}.", va, detail.substr(2))};
  }
  const results::LibraryInfo& la = a.run.library;
  const results::LibraryInfo& lb = b.run.library;
  if (!la.loaded_path.empty() && la.loaded_path == lb.loaded_path) {
    return Finding{"library",
                   fmt::format("Same library on both sides ({}, {}).", va, la.loaded_path)};
  }
  std::vector<std::string> same;
  const auto known_equal = [&](const std::string& x, const std::string& y, const char* what) {
    if (!x.empty() && SameWords(x, y)) {
      same.emplace_back(what);
    }
  };
  known_equal(la.cflags, lb.cflags, "compiler flags");
  known_equal(la.built_on, lb.built_on, "build date");
  known_equal(la.platform, lb.platform, "platform");
  known_equal(la.options, lb.options, OptionsLabel(la).c_str());
  const results::SourceFact* ca = ConfigureFactOf(a.run);
  const results::SourceFact* cb = ConfigureFactOf(b.run);
  if (ca != nullptr && cb != nullptr) {
    same.emplace_back("configure options");  // BuildDifferences found none differing
  }
  // A build that names no configure options on both sides (wolfSSL's benchmark prints none; a
  // configure line may be pasted) is not said to have the same ones.
  std::string configure_note;
  if (la.backend != "openssl" && (ca == nullptr || cb == nullptr)) {
    const results::SourceFact* known = ca != nullptr ? ca : cb;
    configure_note =
        known == nullptr
            ? "; the configure options are not recorded"
            : fmt::format("; the configure options are recorded for {} only ({}, line {})",
                          known == ca ? a.letter : b.letter, known->value, known->line);
    // A configure line pasted before output whose command is not shown (or runs a program
    // outside that tree) is in the paste, but need not be the measured build's.
    std::vector<std::string> unlinked;
    for (const auto& [side, linked] : {std::pair{&a, ca}, std::pair{&b, cb}}) {
      const results::SourceFact* line = UnlinkedConfigureFactOf(side->run);
      if (linked == nullptr && line != nullptr) {
        unlinked.push_back(
            fmt::format("{}'s paste shows {} (line {})", side->letter, line->value, line->line));
      }
    }
    if (!unlinked.empty()) {
      configure_note = fmt::format(
          "{}{}, but not a command that ran the benchmark from that tree, so {} need not be the "
          "measured {}",
          known == nullptr ? "; the configure options are not recorded for the measured builds: "
                           : configure_note + "; ",
          JoinAnd(unlinked), unlinked.size() == 1 ? "it" : "they",
          unlinked.size() == 1 ? "build's" : "builds'");
    }
  }
  if (!same.empty()) {
    return Finding{"library", fmt::format("Same version ({}) with the same {} on both sides{}.", va,
                                          JoinAnd(same), configure_note)};
  }
  return Finding{"library",
                 fmt::format("Same version ({}) on both sides; whether the builds differ is not "
                             "recorded{}.",
                             va, configure_note)};
}

// The architecture as the findings name it.
std::string ArchName(const std::string& arch) {
  if (arch == "x86_64") {
    return "x86-64";
  }
  if (arch == "aarch64") {
    return "AArch64";
  }
  return arch;
}

// True when two capability vectors of `variable` hold the same word(s).
bool SameWord(const std::string& x, const std::string& y, const std::string& variable) {
  if (variable == "OPENSSL_armcap") {
    return diagnose::ParseArmcapCpuInfo("OPENSSL_armcap=" + x) ==
           diagnose::ParseArmcapCpuInfo("OPENSSL_armcap=" + y);
  }
  return diagnose::ParseCpuInfoVector(x) == diagnose::ParseCpuInfoVector(y);
}

// "model name: X" facts (lscpu's "Model name:" and /proc/cpuinfo's "model name", import's
// env_facts.cc), or the measuring machine's model: the model as printed, "" when none.
std::string ModelName(const Side& side) {
  if (!side.run.machine.cpu_model.empty()) {
    return side.run.machine.cpu_model;
  }
  constexpr std::string_view kKey = "model name: ";
  for (const results::SourceFact& fact : side.run.source.facts) {
    if (fact.kind == "cpu_model" && fact.value.rfind(kKey, 0) == 0) {
      return fact.value.substr(kKey.size());
    }
  }
  return "";
}

// A model name with runs of spaces made one and letters lower-cased: /proc/cpuinfo prints the
// CPUID brand string as is, padding included; lscpu may collapse it.
std::string ModelKey(const std::string& model) {
  std::string out;
  for (const std::string& word : Words(model)) {
    if (!out.empty()) {
      out.push_back(' ');
    }
    out.append(Lower(word));
  }
  return out;
}

// True when the variable of `side`'s architecture is set in its worker environment (a live run's
// mask, or the pasted command's `OPENSSL_ia32cap=... openssl speed`).
bool WorkerMask(const Side& side) {
  const std::string variable = ArchOfRun(side.run).variable;
  return !variable.empty() && side.run.library.worker_env.count(variable) != 0;
}

// The bits of a report's mask of the run, as CpuinfoMask lists them; unparsable-value notes
// are left out. Against the other side's run, a bit the text does not show the CPU has may be
// the mask's doing (its vector lacks it because the value clears it); only a bit the text shows
// the CPU lacks is not.
void FillMaskBits(const diagnose::DoctorFacts& facts, CpuinfoMask& mask) {
  for (const std::string& name : facts.env_masked_features) {
    if (name.rfind("(unparsable", 0) != 0) {
      mask.clears.push_back(name);
    }
  }
  mask.clears.insert(mask.clears.end(), facts.env_cleared_unknown.begin(),
                     facts.env_cleared_unknown.end());
  mask.cpu_lacks = facts.env_cleared_absent;
  mask.cpu_unknown = facts.env_cleared_unknown;
  // x86 keeps a bit no CPU line shows among the masked ones (ReportFacts): not shown either.
  const diagnose::CpuClues& clues = facts.report->cpu_clues;
  for (const std::string& name : facts.env_masked_features) {
    const diagnose::CpuFeatureClue* clue = clues.Find(name);
    if (name.rfind("(unparsable", 0) != 0 &&
        (clue == nullptr || !clue->present || (!clue->from_flags && clues.virtual_machine))) {
      mask.cpu_unknown.push_back(name);
    }
  }
}

// What `mask` clears, for "which clears ...": "AES-NI and PCLMULQDQ", then "; also X, which the
// text does not show its CPU has" and "; also Y, which its CPU lacks anyway"; "none of the known
// capability bits" ("... its CPU has" when it clears others) when `clears` is empty.
std::string MaskClearsText(const CpuinfoMask& mask) {
  const bool others = !mask.cpu_lacks.empty() || !mask.cpu_unknown.empty();
  std::vector<std::string> shown;  // clears, less the bits the text does not show the CPU has
  for (const std::string& name : mask.clears) {
    if (std::find(mask.cpu_unknown.begin(), mask.cpu_unknown.end(), name) ==
        mask.cpu_unknown.end()) {
      shown.push_back(name);
    }
  }
  std::string text = shown.empty() ? others ? "none of the known capability bits its CPU has"
                                            : "none of the known capability bits"
                                   : JoinAnd(shown);
  if (!mask.cpu_unknown.empty()) {
    text += fmt::format("; also {}, which the text does not show its CPU has",
                        JoinAnd(mask.cpu_unknown));
  }
  if (!mask.cpu_lacks.empty()) {
    text += fmt::format("; also {}, which its CPU lacks anyway", JoinAnd(mask.cpu_lacks));
  }
  return text;
}

std::vector<Finding> CapabilityFindings(const Side& a, const Side& b) {
  std::vector<Finding> out;
  for (const Side* side : {&a, &b}) {
    // N/A proves a build without assembly only where assembly builds print a vector.
    const CpuinfoNa na = CpuinfoNaOf(*side);
    if (na.state == CpuinfoNa::State::kNoAsm) {
      out.push_back(Finding{
          "capabilities",
          na.generic_target.empty()
              ? fmt::format("{}'s library was built without assembly (capability vector N/A on "
                            "{}): it runs the portable C code.",
                            side->letter, ArchName(na.arch))
              : fmt::format("{}'s library was built without assembly ({}): it runs the portable "
                            "C code.",
                            side->letter, NoAsmReason(na))});
    } else if (na.state == CpuinfoNa::State::kCannotTell) {
      out.push_back(Finding{
          "capabilities",
          fmt::format("{}'s capability vector is N/A: a build without assembly on {}, and {}, "
                      "so cannot tell whether it was built without assembly.",
                      side->letter, results::CpuinfoNaNoAsmFamilies(),
                      na.arch.empty() ? std::string("its architecture is not in the text")
                                      : fmt::format("it is {}: {}", ArchName(na.arch),
                                                    results::CpuinfoNaSaysNothingOn(na.arch)))});
    }
  }
  const std::string& text_a = a.run.library.capability_vector;
  const std::string& text_b = b.run.library.capability_vector;
  if (text_a.empty() || text_b.empty() || text_a == "N/A" || text_b == "N/A") {
    return out;
  }
  const SideArch arch_a = ArchOfRun(a.run);
  const SideArch arch_b = ArchOfRun(b.run);
  // Two architectures print two different words (OPENSSL_ia32cap, OPENSSL_armcap): a bit of one
  // means nothing in the other.
  const auto both_known_differ = [](const std::string& x, const std::string& y) {
    return !x.empty() && !y.empty() && x != y;
  };
  if (both_known_differ(arch_a.arch, arch_b.arch) ||
      both_known_differ(arch_a.variable, arch_b.variable)) {
    const auto word = [](const Side& side, const SideArch& arch) {
      return fmt::format("{} is {} ({}{})", side.letter,
                         arch.arch.empty() ? "of an unknown architecture" : ArchName(arch.arch),
                         arch.variable.empty() ? "capability word " : arch.variable + "=",
                         side.run.library.capability_vector);
    };
    out.push_back(Finding{"capabilities",
                          fmt::format("The sides are different architectures ({}; {}), so their "
                                      "capability words are not comparable.",
                                      word(a, arch_a), word(b, arch_b))});
    return out;
  }
  const std::optional<std::vector<std::string>> bits_a = CapabilityBitNames(a.run);
  const std::optional<std::vector<std::string>> bits_b = CapabilityBitNames(b.run);
  if (!bits_a || !bits_b) {
    if (text_a != text_b) {
      const Side& unread = !bits_a ? a : b;
      out.push_back(Finding{
          "capabilities",
          fmt::format("The capability vectors differ ({}: {}; {}: {}), but {}'s {}, so cannot "
                      "tell which CPU features differ.",
                      a.letter, text_a, b.letter, text_b, unread.letter,
                      ArchOfRun(unread.run).arch.empty()
                          ? "architecture is unknown"
                          : "vector does not read as its architecture's capability word")});
    }
    return out;
  }
  if (SameWord(text_a, text_b, arch_a.variable)) {
    return out;
  }
  const std::vector<std::string> lacks = Missing(*bits_a, *bits_b);
  const std::vector<std::string> extra = Missing(*bits_b, *bits_a);
  std::vector<std::string> parts;
  if (!lacks.empty()) {
    parts.push_back(fmt::format("{}'s capability vector lacks {}, which {}'s has", b.letter,
                                JoinAnd(lacks), a.letter));
  }
  if (!extra.empty()) {
    parts.push_back(
        fmt::format("{}'s has {}, which {}'s lacks", b.letter, JoinAnd(extra), a.letter));
  }
  if (parts.empty()) {
    out.push_back(Finding{"capabilities",
                          fmt::format("The capability vectors differ only in bits not named here "
                                      "({}: {}; {}: {}).",
                                      a.letter, text_a, b.letter, text_b)});
    return out;
  }
  std::string text = parts.size() == 2 ? parts[0] + "; " + parts[1] : parts[0];
  const std::string& variable = arch_a.variable;
  const std::optional<CpuinfoMask> mask_a = CpuinfoMaskOf(a);
  const std::optional<CpuinfoMask> mask_b = CpuinfoMaskOf(b);
  std::string cause;
  if (WorkerMask(a) || WorkerMask(b)) {
    text += fmt::format(" (an {} mask; see the environments)", variable);
  } else if (mask_a || mask_b) {
    // The bits a side lacks that its own mask clears are the mask's doing; the rest are not.
    std::vector<std::string> notes;
    bool unexplained = false;
    for (const Side* side : {&a, &b}) {
      const std::optional<CpuinfoMask>& mask = side == &a ? mask_a : mask_b;
      const std::vector<std::string>& lacking = side == &a ? extra : lacks;
      if (!mask) {
        unexplained = unexplained || !lacking.empty();
        continue;
      }
      std::vector<std::string> cleared;
      std::vector<std::string> left;
      for (const std::string& bit : lacking) {
        const bool clears =
            std::find(mask->clears.begin(), mask->clears.end(), bit) != mask->clears.end();
        (clears ? cleared : left).push_back(bit);
      }
      unexplained = unexplained || !left.empty();
      notes.push_back(
          fmt::format("{}'s CPUINFO line ends in env:{}: it ran with {} set, which clears {}",
                      side->letter, mask->value, mask->variable, MaskClearsText(*mask)));
      if (!cleared.empty()) {
        cause = "capability-masked";
      }
    }
    text += " (";
    for (size_t i = 0; i < notes.size(); ++i) {
      text += (i == 0 ? "" : "; ") + notes[i];
    }
    text += !cause.empty() && !unexplained
                ? "; the capability mask explains the difference)"
                : "; the mask does not explain every bit: a different CPU, or a mask not shown)";
  } else if (a.run.library.version_num >= 0x30000000 && b.run.library.version_num >= 0x30000000) {
    // 3.x appends env: to CPUINFO whenever the variable is set (crypto/info.c): none is shown.
    text += fmt::format(
        " (different CPUs or virtual CPUs: neither CPUINFO line has the env: part that OpenSSL "
        "3.x prints whenever {} is set)",
        variable);
  } else {
    text += fmt::format(" (a different CPU, or a mask such as {})", variable);
  }
  out.push_back(Finding{"capabilities", text + ".", cause});
  return out;
}

std::optional<Finding> EnvironmentFinding(const Side& a, const Side& b) {
  const auto& ea = a.run.library.worker_env;
  const auto& eb = b.run.library.worker_env;
  std::set<std::string> names;
  for (const auto& [name, value] : ea) {
    names.insert(name);
  }
  for (const auto& [name, value] : eb) {
    names.insert(name);
  }
  std::vector<std::string> parts;
  for (const std::string& name : names) {
    const auto ia = ea.find(name);
    const auto ib = eb.find(name);
    if (ia != ea.end() && ib != eb.end()) {
      if (ia->second != ib->second) {
        parts.push_back(fmt::format("{} is {} in {} and {} in {}", name, ia->second, a.letter,
                                    ib->second, b.letter));
      }
    } else if (ib != eb.end()) {
      parts.push_back(fmt::format("{} ran with {}={}", b.letter, name, ib->second));
    } else {
      parts.push_back(fmt::format("{} ran with {}={}", a.letter, name, ia->second));
    }
  }
  if (parts.empty()) {
    return std::nullopt;
  }
  std::string text;
  for (size_t i = 0; i < parts.size(); ++i) {
    text += (i == 0 ? "" : "; ") + parts[i];
  }
  return Finding{"environment", "Worker environments differ: " + text + "."};
}

// Cells whose median had to include preempted samples (fewer than kMinUnpreemptedSamples
// others): their figures time the scheduler as well as the code.
std::optional<Finding> ContendedFinding(const Side& side) {
  size_t contended = 0;
  size_t measured = 0;
  for (const results::AlgorithmResult& alg : side.run.algorithms) {
    for (const results::Cell& cell : alg.cells) {
      if (!cell.figures || cell.figures->num_samples < 2) {
        continue;
      }
      ++measured;
      const results::CellFigures& f = *cell.figures;
      if (f.num_preempted_samples > 0 &&
          f.num_samples - f.num_preempted_samples < results::kMinUnpreemptedSamples) {
        ++contended;
      }
    }
  }
  if (contended == 0) {
    return std::nullopt;
  }
  return Finding{"contended",
                 fmt::format("{}: in {} of {} cells most samples were preempted by other "
                             "processes, so those figures include time spent waiting for a core; "
                             "re-run on a quieter machine or with a larger --max-seconds.",
                             side.letter, contended, measured)};
}

}  // namespace

std::optional<CpuinfoMask> CpuinfoMaskOf(const Side& side) {
  const std::string& line = side.run.library.cpu_info;
  if (line.find(" env:") == std::string::npos) {
    return std::nullopt;
  }
  const diagnose::DoctorFacts facts = diagnose::ReportFacts(side.run);
  if (!facts.env_ia32cap) {
    return std::nullopt;
  }
  CpuinfoMask mask;
  mask.variable =
      line.find("OPENSSL_armcap") != std::string::npos ? "OPENSSL_armcap" : "OPENSSL_ia32cap";
  mask.value = *facts.env_ia32cap;
  FillMaskBits(facts, mask);
  return mask;
}

std::string CpuDifference(const Side& a, const Side& b) {
  const std::string model_a = ModelName(a);
  const std::string model_b = ModelName(b);
  const auto generic = [](const std::string& model) {
    return model.rfind("ARMv", 0) == 0 && model.find("Processor rev") != std::string::npos;
  };
  if (!model_a.empty() && !model_b.empty() && !generic(model_a) && !generic(model_b) &&
      ModelKey(model_a) != ModelKey(model_b)) {
    return fmt::format("{}: {}; {}: {}", a.letter, model_a, b.letter, model_b);
  }
  const std::string& text_a = a.run.library.capability_vector;
  const std::string& text_b = b.run.library.capability_vector;
  if (text_a.empty() || text_b.empty() || text_a == "N/A" || text_b == "N/A" ||
      ShortLibraryVersionName(a.run.library) != ShortLibraryVersionName(b.run.library) ||
      CpuinfoMaskOf(a) || CpuinfoMaskOf(b) || WorkerMask(a) || WorkerMask(b)) {
    return "";
  }
  const SideArch arch_a = ArchOfRun(a.run);
  const SideArch arch_b = ArchOfRun(b.run);
  if (arch_a.variable.empty() || arch_a.variable != arch_b.variable ||
      std::count(text_a.begin(), text_a.end(), ':') !=
          std::count(text_b.begin(), text_b.end(), ':') ||
      SameWord(text_a, text_b, arch_a.variable)) {
    return "";
  }
  return fmt::format("their CPUINFO capability vectors differ ({}: {}; {}: {}) with no mask shown",
                     a.letter, text_a, b.letter, text_b);
}

std::optional<CpuinfoMask> CommandLineMaskOf(const Side& side) {
  if (side.run.source.kind != "imported" || !WorkerMask(side)) {
    return std::nullopt;
  }
  const diagnose::DoctorFacts facts = diagnose::ReportFacts(side.run);
  if (!facts.env_ia32cap) {
    return std::nullopt;
  }
  std::vector<std::string> explains;
  for (const results::AlgorithmResult& alg : side.run.algorithms) {
    const AlgorithmInfo* info = FindAlgorithm(alg.algorithm);
    if (info != nullptr && !diagnose::verdict_internal::EnvMaskedFeatures(*info, facts).empty()) {
      explains.push_back(alg.algorithm);
    }
  }
  CpuinfoMask mask;
  mask.variable = ArchOfRun(side.run).variable;
  mask.value = *facts.env_ia32cap;
  FillMaskBits(facts, mask);
  mask.origin = "set for its openssl speed command";
  mask.explains = std::move(explains);
  return mask;
}

HardwareAes HardwareAesOf(const Side& side) {
  HardwareAes out;
  const SideArch arch = ArchOfRun(side.run);
  const bool arm =
      arch.variable == "OPENSSL_armcap" || arch.arch == "aarch64" || arch.arch == "arm";
  out.feature = arm ? "AES" : "AES-NI";
  const diagnose::CpuClues clues = diagnose::ReadCpuClues(side.run);
  out.virtual_machine = clues.virtual_machine;
  // The CPU's own flags line: the kernel's view, which no OPENSSL_ia32cap changes. A feature a
  // model row or a virtual CPU model implies is no reading of this CPU.
  const diagnose::CpuFeatureClue* flag = clues.Find(out.feature);
  if (flag != nullptr && flag->from_flags && !flag->from_vm_model) {
    out.state = flag->present ? HardwareAes::State::kPresent : HardwareAes::State::kAbsent;
    // "the lscpu Flags line (line 14): fpu vme ..." -> "B's lscpu Flags line (line 14)".
    std::string line = flag->clue.substr(0, flag->clue.find(": "));
    if (line.rfind("the ", 0) == 0) {
      line = line.substr(4);
    }
    out.evidence = fmt::format("{}'s {}", side.letter, line);
    return out;
  }
  // 3.x appends env: to CPUINFO whenever the variable is set (crypto/info.c): a vector without
  // one, and no mask set for the run, is the CPU's as OpenSSL detected it.
  const results::LibraryInfo& library = side.run.library;
  if (library.version_num < 0x30000000 || library.cpu_info.find(" env:") != std::string::npos ||
      WorkerMask(side)) {
    return out;
  }
  const std::optional<std::vector<std::string>> bits = CapabilityBitNames(side.run);
  if (!bits) {
    return out;
  }
  const bool present = std::find(bits->begin(), bits->end(), out.feature) != bits->end();
  out.state = present ? HardwareAes::State::kPresent : HardwareAes::State::kAbsent;
  out.evidence =
      fmt::format("{}'s CPUINFO capability vector ({})", side.letter, library.capability_vector);
  out.unmasked_note =
      fmt::format(", with no env: part, which OpenSSL 3.x prints whenever {} is set",
                  arch.variable.empty() ? std::string("the capability variable") : arch.variable);
  return out;
}

std::optional<bool> LibraryCanUse(const Side& side, std::string_view feature) {
  const std::string variable = ArchOfRun(side.run).variable;
  // The vector's bits name only the features its variable has a bit for.
  const auto has_bit = [&variable, feature] {
    if (variable == "OPENSSL_ia32cap") {
      const auto& bits = diagnose::KnownCapabilityBits();
      return std::any_of(bits.begin(), bits.end(), [feature](const diagnose::CapabilityBit& bit) {
        return bit.name == feature;
      });
    }
    const auto& bits = diagnose::KnownArmcapBits();
    return std::any_of(bits.begin(), bits.end(),
                       [feature](const diagnose::ArmcapBit& bit) { return bit.name == feature; });
  };
  if (const std::optional<std::vector<std::string>> bits = CapabilityBitNames(side.run);
      bits && has_bit()) {
    return std::find(bits->begin(), bits->end(), feature) != bits->end();
  }
  std::optional<CpuinfoMask> mask = CpuinfoMaskOf(side);
  if (!mask) {
    mask = CommandLineMaskOf(side);
  }
  if (mask && std::find(mask->clears.begin(), mask->clears.end(), feature) != mask->clears.end()) {
    return false;
  }
  const diagnose::CpuClues clues = diagnose::ReadCpuClues(side.run);
  const diagnose::CpuFeatureClue* flag = clues.Find(feature);
  if (flag != nullptr && flag->from_flags && !flag->from_vm_model && !flag->from_vm_model_name) {
    return flag->present;
  }
  if (side.origin == SideOrigin::kLive && side.features_source == "this machine" &&
      side.cpu_features) {
    return std::find(side.cpu_features->begin(), side.cpu_features->end(), feature) !=
           side.cpu_features->end();
  }
  return std::nullopt;
}

bool CompilerLineCutShortOf(const Side& cut, const Side& whole) {
  const diagnose::CompilerLineAsm line = diagnose::CompilerLineAsmOf(cut.run);
  return line.state == diagnose::CompilerLineAsm::State::kCannotTell && line.paste_lacks_line &&
         StartOf(Words(StripAll(cut.run.library.cflags, "compiler: ")),
                 Words(StripAll(whole.run.library.cflags, "compiler: ")));
}

CpuinfoNa CpuinfoNaOf(const Side& side) {
  CpuinfoNa out;
  if (side.run.library.capability_vector != "N/A") {
    return out;
  }
  out.arch = ArchOfRun(side.run).arch;
  out.generic_target = diagnose::GenericConfigureTarget(side.run.library.platform);
  out.state = diagnose::CpuinfoNaMeansNoAsm(out.arch) || !out.generic_target.empty()
                  ? CpuinfoNa::State::kNoAsm
                  : CpuinfoNa::State::kCannotTell;
  return out;
}

std::string NoAsmReason(const CpuinfoNa& na) {
  if (!na.generic_target.empty()) {
    return fmt::format(
        "its platform line names {}, a Configure target without assembly "
        "(Configurations/10-main.conf)",
        na.generic_target);
  }
  return fmt::format(
      "its CPUINFO line says N/A, which OpenSSL 3.x prints on {} only for a build without "
      "assembly (crypto/info.c)",
      na.arch);
}

CpuEvidence CpuEvidenceOf(const Side& a, const Side& b) {
  std::optional<CpuinfoMask> mask_a = CpuinfoMaskOf(a);
  std::optional<CpuinfoMask> mask_b = CpuinfoMaskOf(b);
  if (!mask_a) {
    mask_a = CommandLineMaskOf(a);
  }
  if (!mask_b) {
    mask_b = CommandLineMaskOf(b);
  }
  CpuEvidence out{
      CpuDifference(a, b), std::move(mask_a), std::move(mask_b), BuildLinesAlike(a, b), "",
      HardwareAesOf(a),    HardwareAesOf(b)};
  if (!out.same_build && BuildLinesAlikeBarACutLine(a, b)) {
    out.cut_line_side = CompilerLineCutShortOf(a, b) ? a.letter : b.letter;
  }
  return out;
}

std::vector<Finding> ContextFindings(const Side& a, const Side& b, const std::vector<Row>& rows) {
  std::vector<Finding> out;
  for (const Side* side : {&a, &b}) {
    if (const std::optional<std::string> reason = results::EmulationReason(side->run)) {
      out.push_back(Finding{
          "emulated", fmt::format("{} was measured under emulation ({}): its figures time the "
                                  "emulator, so ratios against it say nothing about any CPU.",
                                  side->letter, *reason)});
    }
  }
  for (const Side* side : {&a, &b}) {
    const results::SourceInfo& source = side->run.source;
    if (source.timing_basis == "user_cpu" && !source.engine_or_provider.empty()) {
      out.push_back(Finding{
          "timing-offload",
          fmt::format("{} was timed in user CPU time with {}: its figures overstate; re-run with "
                      "wall-clock time (openssl speed -elapsed).",
                      side->letter, source.engine_or_provider),
          "user-cpu-timing-hides-offload"});
    }
  }
  // A clock unknown on one side is not a different clock: only two known bases can differ.
  const auto known = [](const std::string& basis) { return !basis.empty() && basis != "unknown"; };
  if (known(a.run.source.timing_basis) && known(b.run.source.timing_basis) &&
      a.run.source.timing_basis != b.run.source.timing_basis) {
    out.push_back(Finding{
        "timing-basis",
        fmt::format(
            "{} was timed in {} and {} in {}: the ratios compare two different "
            "clocks.{}",
            a.letter, BasisName(a.run.source.timing_basis), b.letter,
            BasisName(b.run.source.timing_basis),
            a.run.source.timing_basis == "user_cpu" || b.run.source.timing_basis == "user_cpu"
                ? " User CPU time leaves out time spent in the kernel, in other threads, "
                  "on a device or waiting for a core, so it reads faster than wall-clock "
                  "time wherever that happens."
                : ""),
        "timing-differs"});
  }
  const results::SourceInfo& sa = a.run.source;
  const results::SourceInfo& sb = b.run.source;
  // The API decides between software and hardware only for AES and Camellia (1.x's low-level
  // AES_* and Camellia_* code has no AES-NI/ARMv8 path): the cause needs such a cipher on both
  // sides.
  const auto api_sensitive = [](const Side& side) {
    std::vector<std::string> names;
    for (const results::AlgorithmResult& alg : side.run.algorithms) {
      if (alg.algorithm.starts_with("AES-") || alg.algorithm.starts_with("CAMELLIA-") ||
          alg.algorithm.starts_with("Camellia-")) {
        names.push_back(alg.algorithm);
      }
    }
    return names;
  };
  const auto shares_api_sensitive = [&](const Side& x, const Side& y) {
    const std::vector<std::string> xs = api_sensitive(x);
    const std::vector<std::string> ys = api_sensitive(y);
    return std::any_of(xs.begin(), xs.end(), [&](const std::string& name) {
      return std::find(ys.begin(), ys.end(), name) != ys.end();
    });
  };
  if (sa.evp != sb.evp && (sa.evp == "legacy" || sb.evp == "legacy") &&
      shares_api_sensitive(a, b)) {
    const Side& legacy = sa.evp == "legacy" ? a : b;
    const Side& other = sa.evp == "legacy" ? b : a;
    out.push_back(
        Finding{"evp",
                fmt::format("{}'s figures come from openssl speed 1.x's low-level API rows (run "
                            "without -evp), which have no AES-NI path for AES; {}'s do not.",
                            legacy.letter, other.letter),
                "legacy-api-not-evp"});
  }
  if (!MultiDifference(a, b).empty()) {
    const auto processes = [](const Side& side) {
      return side.run.source.multi > 1
                 ? fmt::format("{}'s add up {} processes (openssl speed -multi {})", side.letter,
                               side.run.source.multi, side.run.source.multi)
                 : fmt::format("{}'s are one process's", side.letter);
    };
    out.push_back(Finding{"multi", fmt::format("The sides ran different numbers of processes: {}, "
                                               "{}.",
                                               processes(a), processes(b))});
  }
  // -seconds and pinning (the -multi difference is the "multi" sentence above).
  const std::vector<std::string> invocation = SettingsDifferences(a, b);
  if (!invocation.empty()) {
    out.push_back(Finding{
        "invocation", fmt::format("The sides were not run like-for-like: {}; their ratios name no "
                                  "code path.",
                                  JoinAnd(invocation))});
  }
  if (std::optional<Finding> library = LibraryFinding(a, b, rows)) {
    out.push_back(std::move(*library));
  }
  for (Finding& finding : CapabilityFindings(a, b)) {
    out.push_back(std::move(finding));
  }
  if (std::optional<Finding> environment = EnvironmentFinding(a, b)) {
    out.push_back(std::move(*environment));
  }
  for (const Side* side : {&a, &b}) {
    if (std::optional<Finding> contended = ContendedFinding(*side)) {
      out.push_back(std::move(*contended));
    }
  }
  return out;
}

}  // namespace cryptobench::compare
