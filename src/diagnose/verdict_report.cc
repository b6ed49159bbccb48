// The report half of the verdict engine (verdict_decider.h): verdicts for figures read from a
// report (`doctor --from`), where no mask experiment can run and the clock rate is a range.
// What decides: an OPENSSL_ia32cap/armcap mask named in the CPUINFO line, a build without
// assembly, the capability vector (which paths the CPU and library offer), and the cpb
// fingerprint, which must fall on one side (accelerated path or not) over the whole range.
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "diagnose/doctor_from.h"
#include "diagnose/engines.h"
#include "diagnose/kernel_drivers.h"
#include "diagnose/library_advice.h"
#include "diagnose/library_changes.h"
#include "diagnose/library_facts.h"
#include "diagnose/pk_bounds.h"
#include "diagnose/slow_cores.h"
#include "diagnose/verdict.h"
#include "diagnose/verdict_decider.h"
#include "diagnose/vm_cpu_models.h"

namespace cryptobench::diagnose::verdict_internal {
namespace {

// One accelerated path for report verdicts: the features it needs and the classes that are its.
struct ReportPath {
  std::string key;                 // the feature named in prose, e.g. "AES-NI"
  std::vector<std::string> needs;  // feature names that must be set (all)
  std::vector<std::string> mask;   // names whose masking switches the path off
  std::string class_prefix;        // CpbClass::name prefix of the path's classes
  bool available = false;          // the report's vector offers it
};

// AArch64 paths by OPENSSL_armcap bit (cpb-reference.md sec. 3 and 4.3): crypto-extension
// instructions only; NEON is the baseline and has no bit worth masking.
std::vector<ReportPath> Aarch64Paths(const AlgorithmInfo& alg) {
  const std::string_view name = alg.name;
  std::vector<std::string> needs;
  switch (FamilyOf(alg)) {
    case Family::kAesBlock:
    case Family::kAesXts:
      needs = {"AES"};
      break;
    case Family::kAesGcm:
      needs = {"AES", "PMULL"};
      break;
    case Family::kSha256:
      needs = {name == "SHA-1" ? "SHA1" : "SHA2"};
      break;
    case Family::kSha512:
      needs = {"SHA512"};
      break;
    case Family::kChaCha:
    case Family::kRsa:
    case Family::kEcP256:
    case Family::kX25519:
    case Family::kSm4:
    case Family::kNone:
      return {};
  }
  std::string key;
  for (const std::string& need : needs) {
    key += (key.empty() ? "" : " and ") + need;
  }
  return {{key + " (ARMv8 Crypto Extensions)", needs, needs, "ARMv8 CE", false}};
}

std::vector<ReportPath> PathsForReport(const AlgorithmInfo& alg, const DoctorFacts& facts) {
  std::vector<ReportPath> out;
  if (facts.cpu.arch == "aarch64") {
    out = Aarch64Paths(alg);
    for (ReportPath& path : out) {
      path.available = std::all_of(path.needs.begin(), path.needs.end(),
                                   [&](const std::string& n) { return facts.cpu.Usable(n); });
    }
    return out;
  }
  const std::optional<CapabilityVector> vector = CurrentVector(facts);
  for (const PathSpec& spec : PathsOf(FamilyOf(alg), facts.cpu.arch)) {
    if (spec.ghash) {
      continue;  // GHASH has no class of its own: only a mask experiment isolates it
    }
    ReportPath path;
    path.key = std::string(KeyFeature(spec));
    path.needs.assign(spec.needs.begin(), spec.needs.end());
    for (const auto* list : {&spec.needs, &spec.needs_any, &spec.mask}) {
      for (std::string_view feature : *list) {
        const bool trap = std::find(spec.trap_only.begin(), spec.trap_only.end(), feature) !=
                          spec.trap_only.end();
        if (!trap && std::find(path.mask.begin(), path.mask.end(), feature) == path.mask.end()) {
          path.mask.emplace_back(feature);
        }
      }
    }
    path.class_prefix = std::string(spec.class_prefix);
    path.available = PathAvailable(spec, facts.cpu, vector ? &*vector : nullptr);
    out.push_back(std::move(path));
  }
  return out;
}

// The least demanding path the report offers (the last available one), else the last path:
// the one every build has, so that prose names the feature most builds use.
const ReportPath* BasePath(const std::vector<ReportPath>& paths) {
  const ReportPath* found = nullptr;
  for (const ReportPath& path : paths) {
    if (path.available) {
      found = &path;
    }
  }
  return found != nullptr ? found : (paths.empty() ? nullptr : &paths.back());
}

// What to run for the clock a report's run saw, leaving out what the text already shows
// (ReportOrigin::governor_shown and the rest; tryout 21, t50 pasted its governor and was asked
// for it). With all of it shown, the clock during the run is what is missing: the performance
// governor holds scaling_max_freq (Documentation/admin-guide/pm/cpufreq.rst, "performance").
std::string ClockAdvice(const ReportOrigin& origin) {
  std::vector<std::string> files;
  if (!origin.cur_clock_shown) {
    files.emplace_back("/sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq");
  }
  if (!origin.governor_shown) {
    files.emplace_back("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  }
  std::vector<std::string> commands;
  if (!origin.clock_limits_shown) {
    commands.emplace_back("`lscpu | grep MHz`");
  }
  if (!files.empty()) {
    std::string cat = "`cat";
    for (const std::string& file : files) {
      cat += " " + file;
    }
    commands.push_back(cat + "`");
  }
  if (commands.empty()) {
    return "The text shows the clock's limits, its current value and the governor, not the "
           "clock during the run: repeat the run under the performance governor (`cpupower "
           "frequency-set -g performance`), which holds the max.";
  }
  return fmt::format("Give the clock the run saw: {} on that machine.", Join(commands));
}

// Which side of the line the fingerprint falls on over the whole frequency range.
enum class Side {
  kAccelerated,  // every class the figure can be is an accelerated path's (or hardware)
  kSoftware,     // none is: software classes only, or slower than every class
  kMixed,        // both kinds fit somewhere in the range, or the figure lies between classes
  kNoClasses,    // the table has no row for this algorithm and operation
  // Only accelerated classes fit, but at the top of the range the figure is slower than all of
  // them, where the table holds no generic C row: software the table does not bound (the
  // portable C code) may reach it at that clock.
  kAcceleratedOrUnboundedSoftware,
};

// The slowest cpb an accelerated match allows (its widened high edge), 0 without matches.
double SlowestMatchedCpb(const Fingerprint& fp) {
  double slowest = 0;
  for (const CpbClass* c : fp.matches) {
    slowest = std::max(slowest, c->cpb_high * kCpbTolerance);
  }
  return slowest;
}

// True when the software rows of the class table are every software path the measured code can
// take without its accelerated one. The rows are OpenSSL's paths. The x86-64 table has generic C
// too (held from OpenSSL 1.1.1, as before). The AArch64 table has vpaes and bsaes but no generic
// C, which OpenSSL runs only in a no-asm build (decided before the fingerprint) from the release
// whose AArch64 builds define VPAES_ASM: the data/library-changes.csv row whose source is
// vpaes-armv8.pl dates it 1.1.0 (1.1.0c's linux-aarch64 configdata.pm has VPAES_ASM and
// aes_asm_src "aes_core.c aes_cbc.c aesv8-armx.S vpaes-armv8.S"; the module is commit
// 14c2c3e86042be92e4639814fe32615632af1526, copyright 2015); 1.0.2 runs the C AES_* code there.
// The kernel's code (cryptsetup, tcrypt, kcapi), another library's, an OpenSSL release before
// those bounds and one that is not named have software those rows do not bound. The vpaes-armv8
// row is SoftwareAesReleases().vpaes_armv8 ("AES:vpaes-armv8.pl").
bool OpenSslSoftwarePaths(const DoctorFacts& facts) {
  const ReportOrigin& origin = *facts.report;
  if (origin.tool != "openssl speed" && origin.tool != "cryptobench") {
    return false;
  }
  const std::optional<LibraryVersion> release = OpenSslReleaseOf(facts.library.version);
  if (!release) {
    return false;
  }
  if (facts.cpu.arch != "aarch64") {
    return facts.library.version_num >= 0x10101000;
  }
  return SoftwareAesReleases().vpaes_armv8.Contains(*release);
}

// True when `classes` hold a row of `path` (its class_prefix) for `alg`/`operation`, whatever
// release it names: a path with none has no published cpb class (ARMv8.2 SHA512), unlike one
// whose rows a release leaves out.
bool PathHasClass(const std::vector<CpbClass>& classes, const AlgorithmInfo& alg,
                  std::string_view operation, const ReportPath& path) {
  return std::any_of(classes.begin(), classes.end(), [&](const CpbClass& c) {
    return c.algorithm == alg.name && c.operation == operation &&
           std::string_view(c.name).starts_with(path.class_prefix);
  });
}

Side FingerprintSide(const std::vector<CpbClass>& classes, const AlgorithmInfo& alg,
                     std::string_view operation, const Fingerprint& fp,
                     const std::vector<ReportPath>& paths, bool openssl_software_paths,
                     const DoctorFacts& facts) {
  auto accelerated = [&](const CpbClass& c) {
    if (c.family == ClassFamily::kHardware) {
      return true;
    }
    return std::any_of(paths.begin(), paths.end(), [&](const ReportPath& p) {
      return !p.class_prefix.empty() && std::string_view(c.name).starts_with(p.class_prefix);
    });
  };
  std::vector<const CpbClass*> candidates;
  for (const CpbClass& c : classes) {
    if (c.algorithm == alg.name && c.operation == operation &&
        ClassOfOpenPath(c, FamilyOf(alg), facts)) {
      candidates.push_back(&c);
    }
  }
  if (candidates.empty() || !(fp.cpb_low > 0)) {
    return Side::kNoClasses;
  }
  if (!fp.matches.empty()) {
    const auto n = static_cast<size_t>(std::count_if(
        fp.matches.begin(), fp.matches.end(), [&](const CpbClass* c) { return accelerated(*c); }));
    if (n == fp.matches.size()) {
      // No software class fits anywhere in the range, but that rules software out only where the
      // table holds every software path the code can take (OpenSslSoftwarePaths): without a
      // generic C row (data/cpb-classes-aarch64.csv has none for AES) a top of the range past
      // every accelerated class is open for other code.
      const bool generic_c =
          std::any_of(candidates.begin(), candidates.end(),
                      [](const CpbClass* c) { return c->family == ClassFamily::kGenericC; });
      return !generic_c && !openssl_software_paths && fp.cpb_high > SlowestMatchedCpb(fp)
                 ? Side::kAcceleratedOrUnboundedSoftware
                 : Side::kAccelerated;
    }
    return n == 0 ? Side::kSoftware : Side::kMixed;
  }
  // No class overlaps: faster than every class counts for the fastest class's side (a clock
  // below the range would put it there), slower than every class is software's side.
  const CpbClass* fastest = nullptr;
  double slowest_high = 0;
  for (const CpbClass* c : candidates) {
    if (fastest == nullptr || c->cpb_low < fastest->cpb_low) {
      fastest = c;
    }
    slowest_high = std::max(slowest_high, c->cpb_high * kCpbTolerance);
  }
  if (fp.cpb_high < fastest->cpb_low / kCpbTolerance) {
    if (accelerated(*fastest)) {
      return Side::kAccelerated;
    }
    // Faster than every software class where those are every software path the code can take
    // (OpenSslSoftwarePaths), on a CPU that offers a path the table has no class for (ARMv8.2
    // SHA512 has no published cpb: data/cpb-classes-aarch64.csv): only that path reaches it
    // (tryout 31 D4, a Graviton 3's SHA-512).
    const bool unclassed_path_offered =
        std::any_of(paths.begin(), paths.end(), [&](const ReportPath& p) {
          return p.available && !p.class_prefix.empty() &&
                 !PathHasClass(classes, alg, operation, p);
        });
    return openssl_software_paths && unclassed_path_offered ? Side::kAccelerated : Side::kMixed;
  }
  return fp.cpb_low > slowest_high ? Side::kSoftware : Side::kMixed;
}

std::string Lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

// True when AES rows of the run time OpenSSL 1.x's low-level AES_* API, which has no AES-NI path:
// the import names such rows only in its caveat ("Rows 'aes-128 cbc', ... time OpenSSL 1.x's
// low-level API"); 1.x spells its low-level AES rows "aes-128 cbc", EVP ones "aes-128-cbc".
bool LegacyAesRows(const ReportOrigin& origin) {
  return origin.evp == "legacy" ||
         std::any_of(origin.caveats.begin(), origin.caveats.end(), [](const std::string& caveat) {
           return caveat.find("low-level API") != std::string::npos &&
                  caveat.find("'aes-") != std::string::npos;
         });
}

// Where the report shows the CPU's feature `name` without a capability vector: the clue of
// the flags/Features line or model row (cpu_clues.h) and its source; "" when it does not.
std::string ClueOf(const DoctorFacts& facts, std::string_view name) {
  if (!facts.report || !facts.report->cpu_features_from_clues) {
    return "";
  }
  const CpuFeatureClue* clue = facts.report->cpu_clues.Find(name);
  if (clue == nullptr) {
    return "";
  }
  return clue->source.empty() ? clue->clue
                              : fmt::format("{} (source: {})", clue->clue, clue->source);
}

// True when the CPU clues show every feature `path` needs that the CPU lacks as absent (not
// merely unlisted), and at least one: only then does the text say the CPU lacks the path.
bool CluesShowPathAbsent(const DoctorFacts& facts, const ReportPath& path) {
  bool any = false;
  for (const std::string& need : path.needs) {
    if (facts.cpu.Usable(need)) {
      continue;
    }
    if (facts.cpu.Find(need) == nullptr) {
      return false;
    }
    any = true;
  }
  return any;
}

// How far a capability mask in the report reaches for one family (issue 13, sec. 5): it is why a
// figure is slow only when it closes every fast path that the release has and the CPU offers.
enum class Reach { kClosesAll, kLeavesOpen, kCannotTell };
struct MaskReach {
  Reach reach = Reach::kClosesAll;
  std::string path;    // the path left open (kLeavesOpen) or in doubt (kCannotTell), e.g. "VAES"
  std::string doubt;   // kCannotTell: what the text does not say
  std::string source;  // kCannotTell on the release: the library-changes row's source
};

enum class Known { kYes, kNo, kUnknown };

// Whether the release has the code a release key dates (`span`, ReleaseSpanOf): every release
// has code no key dates; another library (LibreSSL) has no OpenSSL row, so none of the code a
// `from` row dates, and all of the code only some OpenSSL releases dropped (an `except` span:
// LibreSSL kept bsaes and the table code, data/library-changes.csv); an OpenSSL release the
// text does not name cannot tell.
Known ReleaseHasSpan(const ReleaseSpan& span, const DoctorFacts& facts) {
  if (span.from == nullptr && span.except == nullptr) {
    return Known::kYes;
  }
  if (facts.library.version.starts_with("LibreSSL")) {
    return span.from == nullptr ? Known::kYes : Known::kNo;
  }
  const std::optional<LibraryVersion> release = OpenSslReleaseOf(facts.library.version);
  if (!release) {
    return Known::kUnknown;
  }
  return span.Contains(*release) ? Known::kYes : Known::kNo;
}

// Whether the release has `spec`, by its release key (PathSpec::release_key: only OpenSSL's
// x86-64 VAES paths are dated, GCM from 3.1 and XTS from 3.5); `*row` is the dating row or
// nullptr.
Known ReleaseHas(const PathSpec& spec, const DoctorFacts& facts, const LibraryChange** row) {
  const ReleaseSpan& span = PathReleaseSpan(spec, facts.cpu.arch);
  *row = span.from;
  return ReleaseHasSpan(span, facts);
}

// Whether the CPU offers `spec`: from the capability vector printed (after the mask, which does
// not touch the bits of a path it leaves open), else from the CPU lines where they name every bit.
Known CpuHas(const PathSpec& spec, const DoctorFacts& facts) {
  if (const std::optional<CapabilityVector> vector = CurrentVector(facts)) {
    return PathAvailable(spec, facts.cpu, &*vector) ? Known::kYes : Known::kNo;
  }
  bool all = true;
  for (std::string_view need : spec.needs) {
    const cpu::FeatureState* state = facts.cpu.Find(need);
    if (state != nullptr && !state->usable()) {
      return Known::kNo;
    }
    all = all && state != nullptr;
  }
  if (!spec.needs_any.empty()) {
    bool any = false;
    bool unknown = false;
    for (std::string_view need : spec.needs_any) {
      const cpu::FeatureState* state = facts.cpu.Find(need);
      any = any || (state != nullptr && state->usable());
      unknown = unknown || state == nullptr;
    }
    if (!any && !unknown) {
      return Known::kNo;
    }
    all = all && any;
  }
  return all ? Known::kYes : Known::kUnknown;
}

// True when the mask clears a bit `spec` needs, or every one of its needs_any: the path's own
// test fails. Bits its experiment clears besides (PathSpec::mask: AVX-512 for the AVX2 ChaCha20
// path, SHA512 for the AVX2 SHA-512 one) keep the library off other paths and do not close it.
bool MaskCloses(const PathSpec& spec, const std::vector<std::string>& masked) {
  auto cleared = [&](std::string_view name) {
    return std::find(masked.begin(), masked.end(), name) != masked.end();
  };
  return std::any_of(spec.needs.begin(), spec.needs.end(), cleared) ||
         (!spec.needs_any.empty() &&
          std::all_of(spec.needs_any.begin(), spec.needs_any.end(), cleared));
}

MaskReach ReachOf(const AlgorithmInfo& alg, const DoctorFacts& facts) {
  MaskReach out;
  const Family family = FamilyOf(alg);
  for (const PathSpec& spec : PathsOf(family, facts.cpu.arch)) {
    if (spec.ghash || MaskCloses(spec, facts.env_masked_features)) {
      continue;
    }
    const LibraryChange* row = nullptr;
    const Known release = ReleaseHas(spec, facts, &row);
    const Known cpu = CpuHas(spec, facts);
    if (release == Known::kNo || cpu == Known::kNo) {
      continue;
    }
    if (release == Known::kYes && cpu == Known::kYes) {
      return {Reach::kLeavesOpen, std::string(KeyFeature(spec)), "", ""};
    }
    if (out.reach == Reach::kClosesAll) {
      out.reach = Reach::kCannotTell;
      out.path = std::string(KeyFeature(spec));
      if (release == Known::kUnknown) {
        out.doubt = fmt::format("OpenSSL has it in releases {} while the text names no release",
                                row->versions.text);
        out.source = row->source;
      } else {
        out.doubt = fmt::format("the text does not say whether the CPU has {}", out.path);
      }
    }
  }
  return out;
}

// True when every row of the run times OpenSSL 1.x's low-level AES_* API (import: evp "legacy")
// of a release the text names. 1.0.2 and 1.1.1 apps/speed.c time AES_cbc_encrypt (AES_encrypt
// for ECB, AES_ige_encrypt), which crypto/aes/asm/aes-x86_64.pl (table asm) or aes_core.c /
// aes_cbc.c (C; AArch64 has no AES_encrypt asm) provide; aesni_*, vpaes_* and bsaes_* are
// called only from crypto/evp/e_aes.c. So no hardware (AES-NI, VAES, ARMv8 CE) or vector
// (vpaes, bsaes) class is reachable. An unknown release or another product (LibreSSL) keeps
// every class: the text does not show which code its low-level API runs.
bool LowLevelAesOnly(const DoctorFacts& facts) {
  return facts.report && facts.report->evp == "legacy" &&
         facts.library.version.starts_with("OpenSSL ") && facts.library.version_num != 0 &&
         facts.library.version_num < 0x30000000 &&
         !OneXDevelopmentBuild(facts.library.version, facts.library.version_num);
}

}  // namespace

bool ClassOfOpenPath(const CpbClass& c, Family family, const DoctorFacts& facts) {
  // A build without assembly runs its C code and nothing else.
  if (facts.no_asm_build) {
    return c.family == ClassFamily::kGenericC;
  }
  if (CpuRulesOutSoftwareClass(c, facts.cpu)) {
    return false;  // vpaes on a CPU whose flags line has no ssse3
  }
  if (family == Family::kAesBlock && LowLevelAesOnly(facts) &&
      (c.family == ClassFamily::kHardware || c.family == ClassFamily::kVector)) {
    return false;
  }
  const std::span<const PathSpec> paths = PathsOf(family, facts.cpu.arch);
  const auto owns = [&](const PathSpec& spec) {
    return !spec.class_prefix.empty() && std::string_view(c.name).starts_with(spec.class_prefix);
  };
  const auto owner = std::find_if(paths.begin(), paths.end(), owns);
  if (owner == paths.end()) {
    return true;
  }
  const auto in_release = [&](const PathSpec& spec) {
    const LibraryChange* row = nullptr;
    return ReleaseHas(spec, facts, &row) != Known::kNo;
  };
  // The row's own releases key dates it (the same key as its path's: release_keys_test.cc).
  if (ReleaseHasSpan(c.release_span, facts) == Known::kNo || !in_release(*owner)) {
    return false;
  }
  const std::optional<CapabilityVector> vector = CurrentVector(facts);
  if (!vector || PathAvailable(*owner, facts.cpu, &*vector)) {
    return true;
  }
  return std::none_of(paths.begin(), paths.end(), [&](const PathSpec& spec) {
    return &spec != &*owner && !spec.class_prefix.empty() && in_release(spec) &&
           PathAvailable(spec, facts.cpu, &*vector);
  });
}

bool ClassReachable(const CpbClass& c, const DoctorFacts& facts) {
  const AlgorithmInfo* alg = FindAlgorithm(c.algorithm);
  return ClassOfOpenPath(c, alg != nullptr ? FamilyOf(*alg) : Family::kNone, facts);
}

const std::vector<CpbClass>& Decider::Classes() const {
  return ClassesFor(facts_.cpu.arch, OpenSslReleaseOf(facts_.library.version));
}

double Decider::FastestSoftwareCpb() const {
  double fastest = 0;
  for (const CpbClass& c : Classes()) {
    if (c.algorithm == alg_.name && c.operation == operation_ &&
        c.family != ClassFamily::kHardware && ClassOfOpenPath(c, FamilyOf(alg_), facts_)) {
      const double low = c.cpb_low / kCpbTolerance;
      fastest = fastest == 0 ? low : std::min(fastest, low);
    }
  }
  return fastest;
}

bool Decider::SoftwareRowsComplete() const {
  if (!OpenSslSoftwarePaths(facts_)) {
    return false;
  }
  return !RowLeftOutForRelease(facts_.cpu.arch, alg_.name, operation_,
                               OpenSslReleaseOf(facts_.library.version));
}

namespace {

// What the text shows of the CPU's own instructions for `path`, the path a build without
// assembly cannot take: each feature it needs present or absent, with the line that shows it.
// Empty when the text does not show them all: the build uses none of them either way, so an
// unknown feature changes nothing and is not worth a line (new-user tryout 19, item 4).
std::string NoAsmFeatureClue(const std::string& key, const std::vector<std::string>& needs,
                             const DoctorFacts& facts) {
  if (needs.empty()) {
    return "";
  }
  std::vector<std::string> has;
  std::vector<std::string> lacks;
  std::vector<std::string> where;
  bool from_model = false;  // a present feature known only from the model's table row
  for (const std::string& need : needs) {
    const cpu::FeatureState* feature = facts.cpu.Find(need);
    if (feature == nullptr) {
      return "";
    }
    (feature->supported ? has : lacks).push_back(need);
    const CpuFeatureClue* clue = facts.report->cpu_clues.Find(need);
    const std::string line = clue != nullptr ? clue->clue : "the text's CPU lines";
    if (std::find(where.begin(), where.end(), line) == where.end()) {
      where.push_back(line);
    }
    from_model = from_model || (feature->supported && clue != nullptr && !clue->from_flags);
  }
  const std::string shown = Join(where);
  if (lacks.empty()) {
    return fmt::format(
        "the CPU has {} ({}{}), which a build without assembly cannot use", key, shown,
        from_model ? "; inferred from the model's table row, and a virtual machine can hide it"
                   : "");
  }
  if (has.empty()) {
    return fmt::format(
        "the CPU has no {} ({}), so even a build with assembly would not take the {} path",
        Join(lacks), shown, key);
  }
  return fmt::format(
      "the CPU has {} but no {} ({}), so even a build with assembly would not take the {} path",
      Join(has), Join(lacks), shown, key);
}

}  // namespace

Verdict Decider::DecideReportNoAsm(const std::string& figure, const std::string& key,
                                   const std::vector<std::string>& needs) const {
  const std::string& reason = facts_.no_asm_evidence;
  if (family_ == Family::kSm4) {
    return DecideSm4(figure, true);
  }
  if (family_ == Family::kNone) {
    return Make(VerdictStatus::kNoHardwarePath,
                fmt::format("{}; this library was built without assembly ({}), but {} has no "
                            "CPU-feature path either",
                            figure, reason, alg_.name));
  }
  const bool boringssl = facts_.report->tool.starts_with("bssl");
  Verdict v = Make(VerdictStatus::kNotAccelerated,
                   fmt::format("built without assembly ({}): {} runs C code whatever the CPU "
                               "offers; {}",
                               reason, alg_.name, figure));
  if (std::string clue = NoAsmFeatureClue(key, needs, facts_); !clue.empty()) {
    v.evidence.push_back(std::move(clue));
  }
  if (!symmetric_) {
    // Public-key figures are operations per second: no cpb class, generic C or other, applies.
    v.evidence.push_back(fmt::format(
        "a build without assembly runs {}'s C code for the {} arithmetic on every CPU; the "
        "figure is operations per second, with no cpb class to compare it with",
        boringssl ? "BoringSSL" : "the library",
        family_ == Family::kRsa ? "big-number (Montgomery multiplication)" : "elliptic-curve"));
  } else {
    // BoringSSL's portable AES and GHASH are its own constant-time C (aes_nohw.c, gcm_nohw.c).
    const bool aes = family_ == Family::kAesBlock || family_ == Family::kAesXts;
    v.evidence.push_back(fmt::format(
        "a build without assembly runs only C code, so only the generic C classes are compared{}",
        !boringssl ? ""
        : family_ == Family::kAesGcm
            ? " (OpenSSL's; BoringSSL's C code is its own, aes_nohw and gcm_nohw, so their "
              "range does not bound it)"
        : aes ? " (OpenSSL's; BoringSSL's C code is its own, aes_nohw, so their range does not "
                "bound it)"
              : " (OpenSSL's; BoringSSL's C code is its own, so their range does not bound it)"));
  }
  v.advice = NoAsmRemedy(facts_);
  return v;
}

Verdict Decider::DecideFromReport() const {
  const std::vector<ReportPath> paths = PathsForReport(alg_, facts_);
  const std::string figure = Figure(fp_, AsIs().bytes_per_s);
  const std::string arch = facts_.cpu.arch;

  // A mask named in the CPUINFO line ("env:..."): the figures show the library with it.
  std::vector<std::string> masked;
  for (const ReportPath& path : paths) {
    for (const std::string& feature : path.mask) {
      const bool env =
          std::find(facts_.env_masked_features.begin(), facts_.env_masked_features.end(),
                    feature) != facts_.env_masked_features.end();
      if (env && std::find(masked.begin(), masked.end(), feature) == masked.end()) {
        masked.push_back(feature);
      }
    }
  }
  // A mask that leaves the family a fast path the release has and the CPU offers is not why the
  // figure is slow (3.1+ GCM runs VAES whatever AES-NI says): the figure decides as without it.
  const MaskReach reach = facts_.env_ia32cap && !masked.empty()
                              ? ReachOf(alg_, facts_)
                              : MaskReach{Reach::kLeavesOpen, "", "", ""};
  // A cryptobench run records the variable it set; a pasted text shows it in CPUINFO's env:, on
  // its command line or in an export line.
  const bool measured = facts_.report && facts_.report->kind == "measured";
  const char* where = measured ? "set for the run's workers"
                      : facts_.library.cpu_info.find("env:") == std::string::npos
                          ? "set on the pasted command or by an export before it"
                          : "the env: part of the report's CPUINFO line";
  // Bits the value clears that the text does not show the CPU has (env_cleared_unknown): the
  // path may be off by the mask or absent from the CPU, so a figure outside the accelerated
  // classes is "cannot tell", never masked.
  std::vector<std::string> unknown;
  for (const ReportPath& path : paths) {
    for (const std::string& feature : path.mask) {
      if (std::find(facts_.env_cleared_unknown.begin(), facts_.env_cleared_unknown.end(),
                    feature) != facts_.env_cleared_unknown.end() &&
          std::find(unknown.begin(), unknown.end(), feature) == unknown.end()) {
        unknown.push_back(feature);
      }
    }
  }
  if (facts_.env_ia32cap && masked.empty() && !unknown.empty() &&
      FingerprintSide(Classes(), alg_, operation_, fp_, paths, SoftwareRowsComplete(), facts_) !=
          Side::kAccelerated) {
    const std::string variable = CapabilityVariable(facts_);
    Verdict v = Make(VerdictStatus::kUndetermined,
                     fmt::format("cannot tell whether {}={} ({}) is why: it clears {}, which {}'s "
                                 "fast path needs, but whether the CPU has {} is not in the text; "
                                 "{}",
                                 variable, *facts_.env_ia32cap, where, Join(unknown), alg_.name,
                                 unknown.size() == 1 ? "it" : "them", figure));
    const bool arm = variable == "OPENSSL_armcap";
    v.evidence.push_back(fmt::format(
        "{}; the text has no {} line or model row for {}",
        arm ? "OPENSSL_armcap replaces the capability word (crypto/armcap.c), so the CPUINFO "
              "word shows the value, not what the CPU offers"
            : "OPENSSL_ia32cap clears bits of the vector CPUID gives (crypto/cpuid.c): it says "
              "what the library was told to leave out, not what the CPU offers",
        arm ? "Features" : "flags", Join(unknown)));
    v.advice = fmt::format(
        "Include `grep -m1 {} /proc/cpuinfo` from the same machine: a CPU that lists them ran "
        "without them because of the mask; one that does not never had them.",
        arm ? "Features" : "flags");
    return v;
  }
  // In doubt, a figure in an accelerated class over the whole range shows a fast path ran: the
  // fingerprint then decides, as without the mask.
  if (reach.reach == Reach::kCannotTell &&
      FingerprintSide(Classes(), alg_, operation_, fp_, paths, SoftwareRowsComplete(), facts_) !=
          Side::kAccelerated) {
    const std::string variable = CapabilityVariable(facts_);
    Verdict v = Make(VerdictStatus::kUndetermined,
                     fmt::format("cannot tell whether {}={} ({}) is why: it clears {}, but {}'s "
                                 "{} path needs none of that, and {}; {}",
                                 variable, *facts_.env_ia32cap, where, Join(masked), alg_.name,
                                 reach.path, reach.doubt, figure));
    if (!reach.source.empty()) {
      v.evidence.push_back(fmt::format("{}'s path for {}: {} (data/library-changes.csv)",
                                       reach.path, alg_.name, reach.source));
    }
    v.advice =
        "Include `openssl version -a` output from the same machine: it names the release and "
        "prints the CPUINFO vector the run used.";
    return v;
  }
  if (reach.reach == Reach::kClosesAll) {
    const std::string variable = CapabilityVariable(facts_);
    Verdict v =
        Make(VerdictStatus::kMasked, fmt::format("{} {} masked by {}={} ({}); {}", Join(masked),
                                                 masked.size() == 1 ? "is" : "are", variable,
                                                 *facts_.env_ia32cap, where, figure));
    v.evidence.push_back(
        fmt::format("{}={} clears {}; the figures show the library without {}, whether or not "
                    "the CPU has {}",
                    variable, *facts_.env_ia32cap, Join(facts_.env_masked_features),
                    masked.size() == 1 ? "it" : "them", masked.size() == 1 ? "it" : "them"));
    v.advice = fmt::format(
        "Re-run without {} (or without clearing {}) to see the library's own "
        "path.",
        variable, Join(masked));
    return v;
  }

  if (facts_.no_asm_build) {
    const ReportPath* base = BasePath(paths);
    return base == nullptr ? DecideReportNoAsm(figure, "", {})
                           : DecideReportNoAsm(figure, base->key, base->needs);
  }

  if (family_ == Family::kSm4) {
    return DecideSm4(figure, false);
  }
  if (family_ == Family::kNone) {
    return DecideReportWithoutFamily(figure);
  }
  if (!symmetric_) {
    return DecideReportPublicKey(figure);
  }
  if (Verdict v; DecideKernelAes(v)) {
    return v;
  }
  if (arch.empty()) {
    const std::string cpb = Cpb(fp_);
    return Make(
        VerdictStatus::kUndetermined,
        fmt::format("{}, but the architecture is unknown ({}), so no cpb class table applies",
                    cpb.empty() ? Rate(AsIs().bytes_per_s)
                                : fmt::format("{} at {}", cpb, FormatHzRange(hz_low_, hz_high_)),
                    !facts_.report->cpu_clues.arch_family.empty()
                        ? fmt::format("{} by the botan cpuid line, 32- or 64-bit not in the text",
                                      facts_.report->cpu_clues.arch_family)
                    : OpensslAdvice(facts_) && !KernelTool(*facts_.report)
                        ? OpensslArchitectureGap(facts_)
                        : std::string("no architecture or CPU line")));
  }
  if (paths.empty()) {
    if (arch == "x86_64" || arch == "aarch64") {
      return Make(
          VerdictStatus::kNoHardwarePath,
          fmt::format("{}; {} has no crypto-instruction path on {}", figure, alg_.name, arch));
    }
    return Make(VerdictStatus::kUndetermined,
                fmt::format("{}; cryptobench knows no accelerated paths or cpb classes for {}",
                            figure, arch));
  }
  const ReportPath* base = BasePath(paths);
  const bool known = facts_.report->cpu_features_known;
  if (!base->available && (known || CluesShowPathAbsent(facts_, *base))) {
    std::vector<std::string> clear;
    for (const std::string& feature : base->needs) {
      if (!facts_.cpu.Usable(feature)) {
        clear.push_back(feature);
      }
    }
    // Without a vector: the CPU line that shows the feature absent.
    const std::string clue = known ? "" : ClueOf(facts_, clear.front());
    if (FingerprintSide(Classes(), alg_, operation_, fp_, paths, SoftwareRowsComplete(), facts_) ==
        Side::kAccelerated) {
      // Only the path the vector rules out reaches the figure: one of the two does not
      // describe the run.
      Verdict v = Make(
          VerdictStatus::kUndetermined,
          known ? fmt::format("the report's capability vector has {} clear, yet {} over the "
                              "whole {} range: the vector and the figure disagree",
                              base->key, figure, FormatHzRange(hz_low_, hz_high_))
                : fmt::format("the text's CPU line shows no {}, yet {} over the whole {} range: "
                              "the CPU line and the figure disagree",
                              Join(clear), figure, FormatHzRange(hz_low_, hz_high_)));
      v.evidence.push_back(
          known ? fmt::format("the capability vector {} has {} clear: the CPU lacks {}, the OS "
                              "disabled {}, or the vector was masked or edited (an "
                              "OPENSSL_ia32cap the CPUINFO line does not show)",
                              facts_.library.capability_vector,
                              clear.empty() ? base->key : Join(clear),
                              clear.size() > 1 ? "them" : "it", clear.size() > 1 ? "them" : "it")
                : fmt::format("{} shows no {}", clue, Join(clear)));
      v.evidence.push_back(fmt::format(
          "no software class reaches this figure anywhere in the clock range: the figure may "
          "come from another machine or another run than the {} line",
          known ? "CPUINFO" : "CPU"));
      if (!facts_.report->engine_or_provider.empty()) {
        const EngineOffloads* row = CpuEngineOfRun(facts_.report->engine_or_provider);
        v.evidence.push_back(
            row != nullptr
                ? fmt::format("with {} named, the figure may be the engine's: it runs what it "
                              "takes on CPU instructions of its own, which the CPU line and the "
                              "classes do not cover (data/engine-offloads.csv, line {})",
                              facts_.report->engine_or_provider, row->line)
                : fmt::format(
                      "with {} named, the work may not have run on the CPU's own code at all",
                      facts_.report->engine_or_provider));
      }
      v.advice =
          !OpensslAdvice(facts_)
              ? "Check that the CPU line and the figures come from one run on one machine."
              : "Check that the CPUINFO line and the figures come from one run on one machine "
                "(openssl version -a and openssl speed together, without OPENSSL_ia32cap), or run "
                "cryptobench doctor on that machine.";
      return v;
    }
    // The CPU facts settle that the path is absent: no hardware class stays a candidate.
    const std::string software_figure = Figure(ForKernel(WithoutHardware(fp_)), AsIs().bytes_per_s);
    const CpuClues& cpu = facts_.report->cpu_clues;
    const bool vm_model_lacks =
        cpu.virtual_machine && std::find(cpu.vm_model_lacks.begin(), cpu.vm_model_lacks.end(),
                                         base->key) != cpu.vm_model_lacks.end();
    // AES-NI the CPU's model has but its flags lack: these rows run in software where the
    // hardware could run them, so NOT accelerated, with the reason and evidence of the cause.
    const auto model_aes_unused = [&](std::string reason) {
      Verdict v =
          Make(VerdictStatus::kNotAccelerated, fmt::format("{}; {}", reason, software_figure));
      v.evidence.push_back(
          known ? fmt::format("the report's capability vector has {} clear", base->key)
                : fmt::format("{} shows no {}", clue, Join(clear)));
      if (arch == "x86_64") {
        v.evidence.push_back("best software class on such a CPU: " +
                             BestSoftwareClass(family_, facts_.cpu, OpensslReleaseOf(facts_)));
      }
      return v;
    };
    if (VmHidesHostAes(facts_) && alg_.name.starts_with("AES-")) {
      // The guest's flags lack the AES-NI its host's model has: what the verdict knows is that
      // the virtual machine hides it, not "the CPU lacks it, or ...".
      Verdict v = model_aes_unused(VmHiddenAesReason(cpu));
      AddVmHiddenAesEvidence(v, cpu);
      return v;
    }
    if (ModelAesNiOff(facts_) && alg_.name.starts_with("AES-")) {
      // The CPU's own flags lack the AES-NI its model has, and no virtual machine is shown: the
      // CPU does not lack it (switched off in the firmware, or hidden by a hypervisor unseen).
      Verdict v = model_aes_unused(ModelAesNiOffReason(cpu));
      AddModelAesNiOffEvidence(v, cpu);
      return v;
    }
    // (AES-NI switched off or hidden on a model that has it, where that is no problem of the
    // run: emulation, a build without assembly. The CPU does not lack it.)
    const bool aes_ni_off =
        cpu.aes_ni_off && std::find(clear.begin(), clear.end(), "AES-NI") != clear.end();
    Verdict v = Make(
        VerdictStatus::kSoftwareExpected,
        known && vm_model_lacks
            ? fmt::format("the report's capability vector has {} clear: this virtual machine's "
                          "CPU model, {}, leaves it out whatever the host has; {}",
                          base->key, cpu.vm_model, software_figure)
        : known ? fmt::format("the report's capability vector has {} clear (the CPU lacks it, "
                              "or the OS disabled it); {}",
                              base->key, software_figure)
        : aes_ni_off
            ? fmt::format("the text's CPU line shows no {} (the model {} has AES-NI: it is "
                          "switched off in the firmware or hidden by a hypervisor the paste "
                          "does not show); {}",
                          Join(clear), cpu.aes_ni_off_model, software_figure)
            : fmt::format("the text's CPU line shows no {} (the CPU lacks it{}); {}", Join(clear),
                          facts_.report->cpu_clues.virtual_machine
                              ? ", or the virtual machine hides it"
                              : "",
                          software_figure));
    if (!known) {
      v.evidence.push_back(fmt::format("{} shows no {}", clue, Join(clear)));
    }
    if (KernelTool(*facts_.report)) {
      // BestSoftwareClass names OpenSSL's bsaes and vpaes; the kernel has its own software AES.
      v.evidence.push_back(fmt::format(
          "the kernel's software AES is its own code, not a library class; of its drivers, {}",
          KernelAesDriverLegend()));
    } else if (arch == "x86_64") {
      v.evidence.push_back("best software class on such a CPU: " +
                           BestSoftwareClass(family_, facts_.cpu, OpensslReleaseOf(facts_)));
    }
    return v;
  }
  return DecideReportFingerprint(base->key, base->class_prefix);
}

bool Decider::DecideKernelAes(Verdict& out) const {
  const KernelAesComparison* c = KernelAes();
  if (c == nullptr) {
    return false;
  }
  if (c->bound == AesBound::kAboveSoftware) {
    out = Make(VerdictStatus::kAccelerated, c->conclusion);
    out.evidence.push_back(c->text);
    return true;
  }
  const CpuFeatureClue* clue = nullptr;
  const AesInstructionsShown shown = ShownAesInstructions(facts_.report->cpu_clues, &clue);
  switch (shown) {
    case AesInstructionsShown::kPresent: {
      const ReportOrigin& origin = *facts_.report;
      out = Make(VerdictStatus::kNotAccelerated,
                 origin.kernel_aes_module.empty()
                     ? fmt::format("{}; the CPU has {}: the kernel's driver for them is not "
                                   "loaded, or another driver serves AES in its place",
                                   c->conclusion, clue->name)
                     : fmt::format("{}; the CPU has {} and {}: whether its drivers serve these "
                                   "rows or another driver serves AES in their place is not in "
                                   "the text",
                                   c->conclusion, clue->name,
                                   LoadedKernelAesModuleText(origin.kernel_aes_module,
                                                             origin.kernel_aes_module_line)));
      out.evidence.push_back(c->text);
      out.evidence.push_back(
          fmt::format("{} shows {}{}", clue->clue, clue->name,
                      clue->source.empty() ? "" : fmt::format(" (source: {})", clue->source)));
      out.advice = KernelAesDriverAdvice(facts_.cpu.arch, origin.kernel_aes_module,
                                         origin.kernel_aes_module_line);
      return true;
    }
    case AesInstructionsShown::kAbsent:
      out = Make(
          VerdictStatus::kSoftwareExpected,
          clue->coprocessor.empty()
              ? fmt::format("{}; the CPU has no {}", c->conclusion, clue->name)
              : fmt::format("{}; the CPU's {} is in {}, and {} has no code for it", c->conclusion,
                            clue->name, clue->coprocessor, clue->coprocessor_library));
      out.evidence.push_back(c->text);
      out.evidence.push_back(
          clue->coprocessor.empty()
              ? fmt::format("{} shows no {}{}", clue->clue, clue->name, ClueSourceText(*clue))
              : fmt::format("{} names a CPU whose {} is in {}{}", clue->clue, clue->name,
                            clue->coprocessor, ClueSourceText(*clue)));
      return true;
    case AesInstructionsShown::kUnknown: {
      // A guest's own flags line without aes, in a text that shows a virtual machine (the
      // hypervisor flag or a virtual CPU model row of data/cpu-clues.csv; ShownAesInstructions:
      // the host may have them). The kernel that ran the benchmark sees the CPU that line shows,
      // and its AES-NI driver loads only on the aes feature (the x86cpu table of
      // arch/x86/crypto/aesni-intel_glue.c, https://github.com/torvalds/linux): software is all
      // this guest has. Whether the host has AES-NI is not in the text, unless the guest's model
      // is a virtual one that leaves it out, which hides it whatever the host has.
      const CpuClues& cpu = facts_.report->cpu_clues;
      if (clue != nullptr && clue->name == "AES-NI" && ModelAesNiOff(facts_)) {
        // The CPU's own flags lack the AES-NI its model has, and no virtual machine is shown
        // (ModelAesNiOff): the kernel's AES-NI driver did not load, so these rows ran in
        // software where the hardware could run them.
        out = Make(VerdictStatus::kNotAccelerated,
                   fmt::format("{}; {}", ModelAesNiOffReason(cpu), c->conclusion));
        out.evidence.push_back(c->text);
        out.evidence.push_back(
            fmt::format("{} shows no {}{}", clue->clue, clue->name,
                        clue->source.empty() ? "" : fmt::format(" (source: {})", clue->source)));
        AddModelAesNiOffEvidence(out, cpu);
        return true;
      }
      if (clue == nullptr || !clue->from_flags || clue->present || !cpu.virtual_machine) {
        break;
      }
      const bool model_lacks = std::find(cpu.vm_model_lacks.begin(), cpu.vm_model_lacks.end(),
                                         clue->name) != cpu.vm_model_lacks.end();
      const bool hidden = std::find(cpu.hidden_by_vm.begin(), cpu.hidden_by_vm.end(), clue->name) !=
                          cpu.hidden_by_vm.end();
      if (hidden && clue->name == "AES-NI" && VmHidesHostAes(facts_)) {
        // The host's model has AES-NI: the guest's CPU settings cost these rows their hardware
        // path, a problem with the hypervisor's remedy (VmHidesHostAes).
        out = Make(VerdictStatus::kNotAccelerated,
                   fmt::format("{}; {}", VmHiddenAesReason(cpu), c->conclusion));
        out.evidence.push_back(c->text);
        out.evidence.push_back(
            fmt::format("{} shows no {}{}", clue->clue, clue->name,
                        clue->source.empty() ? "" : fmt::format(" (source: {})", clue->source)));
        out.evidence.push_back(fmt::format("a virtual machine: {}", cpu.vm_clue));
        AddVmHiddenAesEvidence(out, cpu);
        return true;
      }
      out = Make(
          VerdictStatus::kSoftwareExpected,
          model_lacks ? fmt::format("{}; this virtual machine's CPU has no {} as its kernel sees "
                                    "it: its virtual CPU model, {}, leaves it out whatever the "
                                    "host has",
                                    c->conclusion, clue->name, cpu.vm_model)
          : hidden    ? fmt::format("{}; this virtual machine's CPU has no {} as its kernel sees "
                                       "it: the virtual machine hides the host's (the host's model "
                                       "{} has it)",
                                    c->conclusion, clue->name, cpu.hidden_model)
                      : fmt::format("{}; this virtual machine's CPU has no {} as its kernel sees "
                                       "it: its CPU model hides the host's, or the host lacks it",
                                    c->conclusion, clue->name));
      out.evidence.push_back(c->text);
      out.evidence.push_back(
          fmt::format("{} shows no {}{}", clue->clue, clue->name,
                      clue->source.empty() ? "" : fmt::format(" (source: {})", clue->source)));
      out.evidence.push_back(fmt::format("a virtual machine: {}", cpu.vm_clue));
      if (NonQemuHypervisor(cpu)) {
        // A VMware, Hyper-V, Xen or VirtualBox host may have no Linux /proc/cpuinfo to grep
        // (ESXi, Windows, dom0 sees Xen's view): the hypervisor's own setting is the remedy. With
        // the host's model known to have the feature (a model row), asking whether it does adds
        // nothing.
        const std::string remedy = HostCpuRemedy(cpu, clue->name);
        out.advice = hidden ? fmt::format(
                                  "The host's model {} has {}, so the {} guest's CPU settings hide "
                                  "it: {}.",
                                  cpu.hidden_model, clue->name,
                                  HypervisorName(cpu.hypervisor_vendor), remedy)
                            : fmt::format(
                                  "If the host's CPU has {} (its model's specification says), the "
                                  "{} guest's CPU settings hide it: {}.",
                                  clue->name, HypervisorName(cpu.hypervisor_vendor), remedy);
        return true;
      }
      out.advice = fmt::format(
          "Run `{}` on the host: a line with `aes` means the guest's CPU model hides it: {}; no "
          "line, a host without AES instructions.",
          "grep -o -w -m1 aes /proc/cpuinfo", HostCpuRemedy(cpu, clue->name));
      return true;
    }
  }
  out = Make(VerdictStatus::kUndetermined,
             fmt::format("{}; whether the CPU lacks AES instructions or the kernel does not use "
                         "them, the text does not show",
                         c->conclusion));
  out.evidence.push_back(c->text);
  out.advice = fmt::format(
      "Run `{}` on that machine: a line with `aes` means the CPU has AES instructions and the "
      "kernel's driver for them is not used (`{}` shows which driver serves AES); no line, a CPU "
      "without them.",
      "grep -o -w -m1 aes /proc/cpuinfo", kKernelAesDriverCommand);
  return true;
}

Verdict Decider::DecideReportPublicKey(const std::string& figure) const {
  // A figure no generic C build reaches at any clock (pk_bounds.h): the assembly ran, whatever
  // the CPU and architecture. The bound is OpenSSL's generic C, so it needs OpenSSL's speed tool
  // or a cryptobench run of its OpenSSL backend (another library's C was not measured; a
  // LibreSSL, BoringSSL or AWS-LC version line or another backend keeps it off), and no engine or
  // provider named (an offload engine would be just as fast without the assembly).
  const ReportOrigin& origin = *facts_.report;
  const std::string_view version = facts_.library.version;
  const bool openssl_build = (origin.tool == "openssl speed" || origin.tool == "cryptobench") &&
                             facts_.library.backend == "openssl" &&
                             (version.empty() || version.starts_with("OpenSSL "));
  if (openssl_build && origin.engine_or_provider.empty() &&
      AboveGenericC(alg_.name, operation_, AsIs().bytes_per_s)) {
    // Above what one core's assembly reaches, or with an engine or provider the configuration
    // loads: the library's own code need not have run it (tryout 31 D1, QAT by openssl.cnf).
    const std::optional<double> one_core = OneCoreCeiling(alg_.name, operation_);
    const bool above_one_core = one_core && AsIs().bytes_per_s > *one_core;
    if (above_one_core || !origin.configured_offload.empty()) {
      Verdict v = Make(
          VerdictStatus::kUndetermined,
          above_one_core
              ? fmt::format("{}: more than OpenSSL's fastest assembly reaches on one core at "
                            "{:.1f} GHz (above {:.0f} {}/s), so not the library's code in one "
                            "process: {}",
                            Rate(AsIs().bytes_per_s), kPkBoundCoreHz / 1e9, *one_core, operation_,
                            origin.configured_offload.empty()
                                ? "an engine or provider took it (loaded by a configuration the "
                                  "text does not show), or the figure sums several "
                                  "processes (-multi)"
                                : fmt::format("{} took it, or the figure sums several "
                                              "processes (-multi)",
                                              origin.configured_offload))
              : fmt::format("{}: above every generic C build, so OpenSSL's assembly or {} ran "
                            "it; the text does not show which",
                            Rate(AsIs().bytes_per_s), origin.configured_offload));
      v.evidence.push_back(fmt::format("above {:.0f} {}/s, the {}",
                                       *GenericCCeiling(alg_.name, operation_), operation_,
                                       GenericCBoundSource(alg_.name, operation_)));
      if (!origin.configured_offload.empty()) {
        const EngineOffloads* row = FindEngineOffloads(origin.configured_offload_id);
        v.evidence.push_back(
            row != nullptr && std::any_of(row->offloads.begin(), row->offloads.end(),
                                          [&](const std::string& name) {
                                            return SameAlgorithmName(name, alg_.name);
                                          })
                ? fmt::format("{}: {} takes {} (data/engine-offloads.csv, line {}: {})",
                              origin.configured_offload, origin.configured_offload_id, alg_.name,
                              row->line, row->source)
                : fmt::format("{}: it may serve {} without -engine or -provider on the "
                              "command line",
                              origin.configured_offload, alg_.name));
      }
      v.advice =
          "The same command with OPENSSL_CONF=/dev/null runs OpenSSL's own code only: compare "
          "the two (cryptobench compare A B). An accelerator's request counters (QAT: "
          "/sys/kernel/debug/qat_*/fw_counters) read before and after a run show whether it "
          "took the work.";
      return v;
    }
    Verdict v = Make(VerdictStatus::kAccelerated,
                     fmt::format("{}: no generic C {} reaches this at {:.1f} GHz ({:.3g} M "
                                 "cycles/{} for its fastest C, halved): the assembly ran",
                                 Rate(AsIs().bytes_per_s), alg_.name, kPkBoundCoreHz / 1e9,
                                 *GenericCCyclesPerOp(alg_.name, operation_) / 1e6, operation_));
    v.evidence.push_back(fmt::format("above {:.0f} {}/s, the {}",
                                     *GenericCCeiling(alg_.name, operation_), operation_,
                                     GenericCBoundSource(alg_.name, operation_)));
    return v;
  }
  std::string offered;
  std::vector<std::string> evidence;
  const std::optional<CapabilityVector> vector = CurrentVector(facts_);
  if (vector && facts_.cpu.arch == "x86_64") {
    for (const PathSpec& spec : paths_) {
      const bool available = PathAvailable(spec, facts_.cpu, &*vector);
      evidence.push_back(fmt::format("the report's capability vector has {} {}", KeyFeature(spec),
                                     available ? "set" : "clear"));
      if (available && offered.empty()) {
        offered = fmt::format(
            "; its capability vector offers {}, so the {} path was open to the "
            "library, but not shown to have run",
            KeyFeature(spec), spec.path);
      }
    }
  }
  // OpenSSL's vector with every faster path's bits clear, unmasked: the library could take none
  // of them, so it ran the code that needs no capability bit, as live doctor says without an
  // experiment ("software (expected)", docs/doctor.md); no experiment would add anything.
  // Every bit a path needs or its experiment clears must be clear: RSA-2048's rsaz-avx2 code
  // runs on AVX2 alone (Haswell has no ADX), and no such bit may be left unread.
  const auto set = [&](std::string_view name) {
    const cpu::FeatureState* feature = facts_.cpu.Find(name);
    return feature == nullptr || feature->supported;
  };
  const bool all_clear = std::all_of(paths_.begin(), paths_.end(), [&](const PathSpec& spec) {
    return std::none_of(spec.needs.begin(), spec.needs.end(), set) &&
           std::none_of(spec.mask.begin(), spec.mask.end(), [&](std::string_view name) {
             // A bit the vector format has no name for (AVX-IFMA) is read as clear only when
             // the path's other bits are.
             return facts_.cpu.Find(name) != nullptr && set(name);
           });
  });
  if (vector && facts_.cpu.arch == "x86_64" && offered.empty() && !paths_.empty() && all_clear &&
      !facts_.env_ia32cap && OpensslAdvice(facts_)) {
    std::vector<std::string> clear;
    for (const PathSpec& spec : paths_) {
      clear.emplace_back(KeyFeature(spec));
    }
    if (family_ == Family::kRsa) {
      clear.emplace_back("AVX2 (rsaz-avx2)");
    }
    Verdict v = Make(VerdictStatus::kSoftwareExpected,
                     fmt::format("the report's capability vector has {} clear (the CPU lacks "
                                 "them, or the OS or a virtual machine hides them), so no faster "
                                 "path was open and {} ran its code for CPUs without them; {}",
                                 Join(clear), alg_.name, figure));
    v.evidence = evidence;
    v.advice = fmt::format(
        "Nothing to fix in the library: this CPU offers none of the faster {} paths. A CPU "
        "with {} (Intel Broadwell, AMD Zen and later) would run {} faster.",
        alg_.name, KeyFeature(paths_.back()), alg_.name);
    return v;
  }
  Verdict v = Make(VerdictStatus::kUndetermined,
                   fmt::format("{}; cannot tell which code path ran: a report allows no mask "
                               "experiment, and no sourced ops/s-per-GHz class separates the "
                               "paths{}",
                               figure, offered));
  v.evidence = evidence;
  if (!paths_.empty()) {
    v.advice = PublicKeyPathAdvice(facts_, alg_.name);
  }
  return v;
}

Verdict Decider::DecideReportFingerprint(const std::string& key,
                                         const std::string& path_name) const {
  const ReportOrigin& origin = *facts_.report;
  const std::vector<ReportPath> paths = PathsForReport(alg_, facts_);
  const Side side =
      FingerprintSide(Classes(), alg_, operation_, fp_, paths, SoftwareRowsComplete(), facts_);
  const std::string figure = Figure(fp_, AsIs().bytes_per_s);
  const std::string hz = FormatHzRange(hz_low_, hz_high_);
  // The CPU's features: from the capability vector, or (without one) from the text's CPU
  // lines, which say what the CPU has but not what the library's vector holds.
  const ReportPath* base = BasePath(paths);
  // The feature the CPU line names for the path (AES-NI; AES for the ARMv8 AES path).
  const std::string feature =
      base != nullptr && !base->needs.empty() ? base->needs.front() : std::string(key);
  const bool from_clues = !origin.cpu_features_known && base != nullptr && base->available &&
                          !ClueOf(facts_, feature).empty();
  const bool known = origin.cpu_features_known || from_clues;
  // Rows of OpenSSL 1.x's low-level AES_* API: the classes left are its table asm and C.
  const bool low_level = family_ == Family::kAesBlock && LowLevelAesOnly(facts_);
  switch (side) {
    case Side::kAccelerated: {
      if (origin.timing_basis == "user_cpu" && !origin.engine_or_provider.empty()) {
        return Make(VerdictStatus::kUndetermined,
                    fmt::format("{}, but timed in user CPU time with {}: work done outside the "
                                "process is not counted, so the figure may overstate what the "
                                "CPU does",
                                figure, origin.engine_or_provider));
      }
      // With no class overlapping, the figure's conclusion already says "faster than every
      // known class".
      // Faster than every software class, on a path the table has no class for (FingerprintSide):
      // the path is named, since no class in the figure's text does.
      const bool unclassed = fp_.matches.empty() && base != nullptr && base->available &&
                             !PathHasClass(Classes(), alg_, operation_, *base);
      const std::string reason =
          unclassed ? fmt::format(
                          "{} over the whole {} range: no software path reaches it, so "
                          "the {} path ran (it has no published cpb class)",
                          figure, hz, base->key)
                    : fmt::format("{} over the whole {} range", figure, hz);
      Verdict v =
          Make(VerdictStatus::kAccelerated,
               known ? reason
                     : reason + fmt::format(": the CPU's features are not in the text, "
                                            "but only accelerated code reaches this speed"));
      if (from_clues) {
        v.evidence.push_back(fmt::format("{} shows {}", ClueOf(facts_, feature), feature));
      } else if (known) {
        v.evidence.push_back(fmt::format("the report's capability vector has {} set", key));
      }
      return v;
    }
    case Side::kSoftware: {
      if (!known) {
        // Why the text does not say: a flags line that may be cut before aes (CpuClues::
        // aes_flags_cut_clue) is the reason where there is one, not the missing CPUINFO line.
        const std::string& cut = origin.cpu_clues.aes_flags_cut_clue;
        const size_t cut_end = cut.find("): ");  // the line named, without its text
        const std::string why =
            feature == "AES-NI" && !cut.empty()
                ? fmt::format(
                      "{} may be cut before aes: it shows no flag the kernel prints "
                      "after aes",
                      cut_end == std::string::npos ? cut : cut.substr(0, cut_end + 1))
                : "no CPUINFO line";
        // Each software class matched somewhere, but at the range's low clocks the figure may
        // be faster than every one: it is no proof of software there (tryout 32 D1, tryout 33
        // D3: an RK3399's and an IPQ807x's GCM at 8 cpb where the software floor is 10).
        if (const double floor = FastestSoftwareCpb(); floor > 0 && fp_.cpb_low < floor) {
          Verdict v = Make(
              VerdictStatus::kUndetermined,
              fmt::format("{} is {} over the {} range: at its top it fits {}, but below {} it "
                          "is faster than every software class (from {:.2f} cpb), and the text "
                          "gives no clock and does not say whether the CPU has {} ({}): cannot "
                          "tell which path ran",
                          Rate(AsIs().bytes_per_s), Cpb(fp_), hz, fp_.conclusion,
                          FormatHz(hz_low_ * floor / fp_.cpb_low), floor, key, why));
          v.advice = ClockAdvice(origin);
          AddReportBuildEvidence(v);
          return v;
        }
        if (FastestSoftwareCpb() == 0) {
          // Only slower than the accelerated classes: with no software class for this build
          // (1.0.2's AArch64 GCM, tryout 32 D1) nothing shows its figure is software's.
          Verdict v = Make(
              VerdictStatus::kUndetermined,
              fmt::format("{}: slower than every accelerated class over the whole {} range, but "
                          "the table has no software class for this build to show software "
                          "reaches it, and the text does not say whether the CPU has {} ({}): "
                          "cannot tell which path ran",
                          figure, hz, key, why));
          AddReportBuildEvidence(v);
          return v;
        }
        Verdict v = Make(
            VerdictStatus::kUndetermined,
            fmt::format("{}: software over the whole {} range, but the text does not say whether "
                        "the CPU has {} ({}), so software may be all it has",
                        figure, hz, key, why));
        AddReportBuildEvidence(v);
        return v;
      }
      if (KernelTool(origin)) {
        // The classes are the library's assembly (OpenSSL's perlasm modules); the kernel runs
        // its own code (arch/*/crypto), and cryptsetup and kcapi-speed time it through AF_ALG
        // system calls that copy every buffer in and out, which a small core pays for in
        // cycles per byte too (RK3568's Cortex-A55 with the Crypto Extensions: 458 MiB/s
        // aes-cbc 128b, https://github.com/kubesail/pibox-os/issues/17).
        return Make(VerdictStatus::kUndetermined,
                    fmt::format("{}: below the accelerated classes of the library's code over "
                                "the whole {} range, but the kernel runs its own code and {} "
                                "times it with the kernel's calls and copies, so a library class "
                                "does not show whether the kernel used {}",
                                figure, hz, origin.tool, key));
      }
      if (base_.input_len < kLargeInputLen) {
        return Make(VerdictStatus::kUndetermined,
                    fmt::format("{} at {} bytes per operation, where per-call overhead can hide "
                                "the path; the report has no 8-16 KiB figure",
                                figure, base_.input_len));
      }
      if (origin.processes > 1) {
        return Make(VerdictStatus::kUndetermined,
                    fmt::format("{} per process of {}, but processes that shared a core run "
                                "slower than one alone, so a software class is not proof",
                                figure, origin.processes));
      }
      if (const LibraryChange* row =
              OpenAesPathRow(from_clues, base != nullptr && base->available)) {
        return SlowOnOpenPath(hz, key, *row);
      }
      if (low_level) {
        Verdict v = Make(VerdictStatus::kNotAccelerated,
                         fmt::format("{}: the CPU has {}, but these rows time OpenSSL 1.x's "
                                     "low-level AES_* API, which has no {} path",
                                     figure, key, key));
        AddReportBuildEvidence(v);
        v.advice = fmt::format("Re-run `{}`: EVP takes the {} path.",
                               RerunCommand(origin, std::string(alg_.name)), key);
        return v;
      }
      // Over an assumed clock the 1 GHz floor is a guess, and on ARM a poor one: boards and
      // routers run their cores at a few hundred MHz, where a hardware path's figure lands here
      // too, so software is proven only when the figure stays below every accelerated class
      // down to kLowestBenchmarkHz. x86 parts with AES-NI run a benchmark at 1 GHz or more
      // (intel_pstate's "powersave" policy still scales up under load: Linux
      // Documentation/admin-guide/pm/intel_pstate.rst), so their floor stays.
      const bool x86 = facts_.cpu.arch == "x86_64" || facts_.cpu.arch == "x86";
      if (!x86 && hz_low_ == kReportDefaultHzLow && hz_high_ == kReportDefaultHzHigh &&
          kLowestBenchmarkHz < hz_low_) {
        const Fingerprint wide = Classify(AsIs(), kLowestBenchmarkHz);
        if (FingerprintSide(Classes(), alg_, operation_, wide, paths, SoftwareRowsComplete(),
                            facts_) != Side::kSoftware) {
          // The rate and cpb alone open the line: the class the assumed range gives is one
          // side of what follows, not the verdict (tryout 21, t50).
          Verdict v =
              Make(VerdictStatus::kUndetermined,
                   fmt::format("{} is {}: below the accelerated classes over the assumed {} range, "
                               "but the text gives no clock rate, and at {} to {}, where boards, "
                               "routers and power-saving governors run, it fits {}: cannot tell "
                               "whether {} {} used",
                               Rate(AsIs().bytes_per_s), Cpb(fp_), hz, FormatHz(kLowestBenchmarkHz),
                               FormatHz(hz_low_), wide.conclusion, key,
                               key.find(" and ") != std::string::npos ? "were" : "was"));
          v.advice = ClockAdvice(origin);
          AddReportBuildEvidence(v);
          return v;
        }
      }
      // The classes leave out the cores whose hardware path is slow (data/slow-cores.csv):
      // a figure that is such a core's normal speed does not show the path unused (tryout 30
      // D1, D2: an Atom C2758's AES-NI GCM, a C3758's SHA-NI).
      if (const SlowCoreFigure* slow =
              SlowCoreMatching(alg_.name, operation_, facts_.cpu.arch, fp_.cpb_low, fp_.cpb_high,
                               origin.cpu_clues.models)) {
        return SlowCoreVerdict(figure, hz, key, *slow);
      }
      // A model row says what the model has, not what a guest sees: worded as inferred.
      const CpuFeatureClue* model_clue = from_clues ? origin.cpu_clues.Find(feature) : nullptr;
      const bool from_model = model_clue != nullptr && !model_clue->from_flags;
      Verdict v = Make(
          VerdictStatus::kNotAccelerated,
          from_model
              ? fmt::format("{}: the CPU model has {} (inferred from the model name: a virtual "
                            "machine can hide it), but the figure fits no accelerated class "
                            "anywhere in {}: the {} did not use it in this run",
                            figure, key, hz, KernelTool(origin) ? "kernel" : "library")
          : from_clues ? fmt::format("{}: the CPU has {}, but the figure fits no accelerated class "
                                     "anywhere in {}: the {} does not use it",
                                     figure, key, hz, KernelTool(origin) ? "kernel" : "library")
                       : fmt::format("{}: the report's capability vector has {}, but the figure "
                                     "fits no accelerated class anywhere in {}: the library does "
                                     "not use it",
                                     figure, key, hz));
      if (from_clues) {
        const CpuFeatureClue* clue = origin.cpu_clues.Find(feature);
        v.evidence.push_back(fmt::format("{} shows {}{}", ClueOf(facts_, feature), feature,
                                         clue != nullptr && !clue->from_flags
                                             ? " (a model row: the CPU has it, unless a virtual "
                                               "machine hides it from the guest)"
                                             : ""));
      }
      if (origin.timing_basis == "wall_clock" && origin.kind == "imported") {
        v.evidence.push_back(
            "a single wall-clock figure cannot show a busy machine; repeat the run, or run "
            "cryptobench doctor on that machine to mask features and prove it");
      }
      AddReportBuildEvidence(v);
      v.advice = from_clues && KernelTool(origin)
                     ? fmt::format(
                           "Load the kernel's driver for the CPU's {} instructions (aesni_intel, "
                           "aes_ce_blk, ...) and check /proc/crypto for its driver names.",
                           key)
                     : UnusedPathAdvice(facts_, alg_.name, key, path_name, from_clues);
      return v;
    }
    case Side::kMixed: {
      if (low_level && fp_.matches.empty()) {
        // Faster than every class the low-level code reaches at any clock of the range: not
        // the low-level code's figure as the text describes the CPU.
        const CpbClass* fastest = nullptr;
        for (const CpbClass& c : Classes()) {
          if (c.algorithm == alg_.name && c.operation == operation_ &&
              ClassOfOpenPath(c, family_, facts_) &&
              (fastest == nullptr || c.cpb_low < fastest->cpb_low)) {
            fastest = &c;
          }
        }
        if (fastest != nullptr && fp_.cpb_high < fastest->cpb_low / kCpbTolerance) {
          Verdict v = Make(
              VerdictStatus::kUndetermined,
              fmt::format("doubtful figure: {} is {} at {}, faster than OpenSSL 1.x's low-level "
                          "AES_* API (no AES-NI path; fastest class {}, from {:.2f} cpb) reaches "
                          "anywhere in that range: the figure may come from an -evp run, another "
                          "machine or an edited table, or the clock is above the range",
                          Rate(AsIs().bytes_per_s), Cpb(fp_), hz, fastest->name,
                          fastest->cpb_low / kCpbTolerance));
          AddReportBuildEvidence(v);
          v.advice = fmt::format(
              "Re-run `openssl speed {}` and `{}` together on that machine, with its lscpu "
              "output: the low-level figure should fall in a software class.",
              Lower(alg_.openssl_name), RerunCommand(origin, std::string(alg_.name)));
          return v;
        }
      }
      std::string fits;
      for (size_t i = 0; i < fp_.matches.size() && !KernelTool(origin); ++i) {
        fits += i == 0 ? "" : i + 1 == fp_.matches.size() ? " or " : ", ";
        fits += fp_.matches[i]->name;
      }
      // Below 8 KiB no class is named at any clock (ClassifyFor): only a larger input would
      // settle it (tryout 30 D7: a `-bytes 1024` run was told a clock rate would).
      const bool small_input = base_.input_len < kLargeInputLen;
      // A release whose software path has no sourced range (1.1.1d-1.1.1w's x86-64 AES without
      // bsaes): no clock would place the figure, a rerun with the path masked would.
      const std::optional<SettlingCommandText> mask =
          fits.empty() && fp_.conclusion.starts_with("class unknown")
              ? AesMaskRerun(*facts_.report, facts_.cpu.arch, std::string(alg_.name))
              : std::nullopt;
      Verdict v = Make(
          VerdictStatus::kUndetermined,
          fmt::format("{} is {} at {}, {}: class undetermined; {}", Rate(AsIs().bytes_per_s),
                      Cpb(fp_), hz, fits.empty() ? fp_.conclusion : "which fits " + fits,
                      small_input ? fmt::format("a figure at {} or {} bytes per operation would "
                                                "settle it",
                                                kLargeInputLen, 2 * kLargeInputLen)
                      : mask      ? "a rerun with the CPU's AES instructions masked would settle it"
                                  : "a known clock rate would settle it"));
      if (mask) {
        v.advice = fmt::format("Run `{}` {}.", mask->command, mask->why);
      }
      return v;
    }
    case Side::kAcceleratedOrUnboundedSoftware: {
      // The clock above which the figure is slower than every class it fits.
      const double slowest = SlowestMatchedCpb(fp_);
      Verdict v =
          Make(VerdictStatus::kUndetermined,
               fmt::format(
                   "{} is {} at {}: {} at the low end of the range, but at a clock above {} it "
                   "is slower than that class, and the {} class table has no generic C row "
                   "for {} {}, so {} software is not ruled out there; a known clock rate "
                   "would settle it",
                   Rate(AsIs().bytes_per_s), Cpb(fp_), hz, fp_.conclusion,
                   FormatHz(slowest * AsIs().bytes_per_s), facts_.cpu.arch, alg_.name, operation_,
                   KernelTool(*facts_.report)       ? "the kernel's"
                   : facts_.library.version.empty() ? "the measured code's"
                                                    : facts_.library.version + "'s"));
      v.evidence.push_back(fmt::format(
          "no software class of the table fits anywhere in {}; the classes fitted allow at most "
          "{:.2f} cpb (their slowest edge, widened by {:.2f})",
          hz, slowest, kCpbTolerance));
      return v;
    }
    case Side::kNoClasses:
      break;
  }
  if (!facts_.emulation.empty()) {
    return Make(VerdictStatus::kUndetermined,
                fmt::format("{} measured under emulation: the figure times the emulator, so it "
                            "cannot tell which path ran",
                            Rate(AsIs().bytes_per_s)));
  }
  return Make(VerdictStatus::kUndetermined,
              fmt::format("{}; no cpb classes for {} {} to compare with", Rate(AsIs().bytes_per_s),
                          alg_.name, operation_));
}

const LibraryChange* Decider::OpenAesPathRow(bool from_clues, bool base_available) const {
  const ReportOrigin& origin = *facts_.report;
  const bool aes =
      family_ == Family::kAesBlock || family_ == Family::kAesXts || family_ == Family::kAesGcm;
  if (!aes || from_clues || !base_available || !origin.cpu_features_known ||
      !CurrentVector(facts_) || !origin.engine_or_provider.empty() || LegacyAesRows(origin) ||
      !MeasuredThroughEvp(facts_)) {
    return nullptr;
  }
  const std::optional<LibraryVersion> release = OpenSslReleaseOf(facts_.library.version);
  const LibraryChange* row = HardwareAesPathRow(facts_.cpu.arch);
  return release && row != nullptr && row->versions.Contains(*release) ? row : nullptr;
}

Verdict Decider::SlowCoreVerdict(const std::string& figure, const std::string& hz,
                                 const std::string& key, const SlowCoreFigure& slow) const {
  const ReportOrigin& origin = *facts_.report;
  Verdict v = Make(VerdictStatus::kUndetermined,
                   fmt::format("{}: below the accelerated classes of most cores over {}, but "
                               "{} runs its {} path at {:.3g} cycles per byte, which this figure "
                               "fits: cannot tell from this report whether the CPU is such a "
                               "core or the {} path did not run",
                               figure, hz, slow.core, slow.feature, slow.cpb, key));
  v.evidence.push_back(slow.Evidence());
  AddReportBuildEvidence(v);
  std::optional<SettlingCommandText> mask =
      AesMaskRerun(origin, facts_.cpu.arch, std::string(alg_.name));
  if (!mask && slow.feature == "SHA-NI" && origin.tool == "openssl speed") {
    // OPENSSL_ia32cap's second 64-bit word holds CPUID leaf 7's EBX, where bit 29 is the SHA
    // extensions (https://docs.openssl.org/3.0/man3/OPENSSL_ia32cap/); an empty first word
    // keeps the detected one.
    mask = SettlingCommandText{fmt::format("OPENSSL_ia32cap=':~0x20000000' {}",
                                           RerunCommand(origin, std::string(alg_.name))),
                               ""};
  }
  v.advice = mask ? fmt::format(
                        "Run `{}` and the same command without the mask, one after the "
                        "other: a masked figure clearly below the unmasked one shows the "
                        "{} path ran, and this is the core's normal speed.",
                        mask->command, key)
                  : fmt::format(
                        "Run `cryptobench doctor {}` on that machine: its mask "
                        "experiments show whether the {} path runs.",
                        alg_.name, key);
  return v;
}

Verdict Decider::SlowOnOpenPath(const std::string& hz, const std::string& key,
                                const LibraryChange& row) const {
  const ReportOrigin& origin = *facts_.report;
  const std::optional<LibraryVersion> release = OpenSslReleaseOf(facts_.library.version);
  // A core whose hardware path runs this slowly (data/slow-cores.csv) is one more reason, and
  // on it the figure is no fault at all (tryout 30 D5: an Atom C2558's AES-NI GCM).
  const SlowCoreFigure* slow = SlowCoreMatching(alg_.name, operation_, facts_.cpu.arch, fp_.cpb_low,
                                                fp_.cpb_high, origin.cpu_clues.models);
  Verdict v = Make(
      VerdictStatus::kUndetermined,
      fmt::format("{} is {} at {}, below every accelerated class, but cannot tell from this "
                  "report why: the report's capability vector has {} set and OpenSSL {} has the "
                  "{} path, so the build is not the cause and that path should run; figures this "
                  "slow on it come from {}contention, a throttled or shared CPU, or -elapsed "
                  "wall-clock time on a busy machine",
                  Rate(AsIs().bytes_per_s), Cpb(fp_), hz, key,
                  release ? release->text : facts_.library.version, key,
                  slow != nullptr ? fmt::format("a {} core (its {} path runs at {:.3g} cycles "
                                                "per byte: the figure is its normal speed), ",
                                                slow->core, slow->feature, slow->cpb)
                                  : ""));
  if (slow != nullptr) {
    v.evidence.push_back(slow->Evidence());
  }
  v.slow_on_open_path = true;
  v.evidence.push_back(fmt::format("the report's capability vector has {} set", key));
  v.evidence.push_back(fmt::format("OpenSSL {}: {} (source: {})", row.versions.text, row.change,
                                   SourceLink(row.source, LibraryGithubRepo(row.library))));
  if (origin.timing_basis == "wall_clock") {
    v.evidence.push_back(
        "timed in wall-clock time (-elapsed): time the process waited for a busy or shared CPU "
        "counts as time spent");
  }
  const std::optional<SettlingCommandText> mask =
      AesMaskRerun(origin, facts_.cpu.arch, std::string(alg_.name));
  // The unmasked rerun shows whether the machine was busy; the masked one, beside it, whether
  // the path ran at all.
  v.advice = mask ? fmt::format(
                        "Run `{}` and the same command without the mask, one after the other on "
                        "a quiet machine: an unmasked figure in the accelerated class, and a "
                        "masked one below it, show the {} path runs and the pasted figure was "
                        "the machine's; both as slow as the paste show it did not run.",
                        mask->command, key)
                  : fmt::format(
                        "Run `{}` again on a quiet machine: a figure in the accelerated class "
                        "shows the pasted one was the machine's.",
                        RerunCommand(origin, std::string(alg_.name)));
  return v;
}

// 1.x prints its -D*_ASM defines in the compiler line (3.x passes them per file); a legacy
// (low-level API) row never takes the AES-NI path.
void Decider::AddReportBuildEvidence(Verdict& v) const {
  const ReportOrigin& origin = *facts_.report;
  if (facts_.library.version_num != 0 && facts_.library.version_num < 0x30000000 &&
      PrintsConfigureDefines(facts_.library.cflags)) {
    std::vector<std::string_view> defines = AsmDefinesFor(alg_);
    if (family_ == Family::kAesBlock || family_ == Family::kAesXts || family_ == Family::kAesGcm) {
      defines.emplace_back("AES_ASM");  // 1.0.2 enables AES-NI under AES_ASM
    }
    for (std::string_view define : defines) {
      const bool present = std::find(facts_.asm_defines.begin(), facts_.asm_defines.end(),
                                     define) != facts_.asm_defines.end();
      v.evidence.push_back(
          fmt::format("the compiler line {} -D{}", present ? "has" : "lacks", define));
    }
  }
  const bool aes = family_ == Family::kAesBlock || family_ == Family::kAesXts;
  if (aes && LegacyAesRows(origin)) {
    v.evidence.push_back(fmt::format(
        "{} AES rows of this run time OpenSSL 1.x's low-level AES_* API, which has no AES-NI "
        "path; `openssl speed -evp {}` times the EVP path",
        origin.evp == "legacy" ? "the" : "some", Lower(alg_.openssl_name)));
  }
}

}  // namespace cryptobench::diagnose::verdict_internal
