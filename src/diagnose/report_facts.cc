// Facts from the text of a report (doctor_from.h): architecture, CPU features decoded from the
// CPUINFO capability vector, an OPENSSL_ia32cap/armcap mask named in it, the build, and the
// clock range cpb is computed over.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

#include "results/pasted_cpu.h"

#include "diagnose/armcap.h"
#include "diagnose/cpu_clues.h"
#include "diagnose/doctor_from.h"
#include "diagnose/ia32cap.h"
#include "diagnose/kernel_drivers.h"
#include "diagnose/library_advice.h"
#include "diagnose/library_facts.h"
#include "diagnose/verdict_decider.h"
#include "diagnose/verdict_text.h"

namespace cryptobench::diagnose {
namespace {

// The 3.0 version number (OPENSSL_VERSION_NUMBER layout, include/openssl/opensslv.h).
constexpr uint64_t kOpenssl3 = 0x30000000;

// Clock range around a base clock (ReportClockRange).
constexpr double kThrottleFactor = 0.8;
constexpr double kTurboFactor = 2.25;

// OPENSSL_armcap bits (crypto/arm_arch.h; cpb-reference.md sec. 3) under the names
// cpu::DetectAarch64Features gives the same features.
struct ArmcapBit {
  const char* name;
  unsigned bit;
};
constexpr ArmcapBit kArmcapBits[] = {{"AES", 2},  {"PMULL", 5},  {"SHA1", 3},
                                     {"SHA2", 4}, {"SHA512", 6}, {"SHA3", 11}};

std::string Lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  });
  return out;
}

bool Contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

// "x86_64", "x86", "aarch64", "arm" from an OpenSSL platform or Configure target name; "".
std::string ArchFromPlatform(std::string_view platform) {
  const std::string p = Lower(platform);
  if (Contains(p, "x86_64") || Contains(p, "amd64") || Contains(p, "x86-64") ||
      Contains(p, "mingw64")) {
    return "x86_64";
  }
  if (Contains(p, "aarch64") || Contains(p, "arm64")) {
    return "aarch64";
  }
  if (Contains(p, "linux-elf") || Contains(p, "x86") || Contains(p, "i386") ||
      Contains(p, "i686")) {
    return "x86";
  }
  if (Contains(p, "armv4") || Contains(p, "arm")) {
    return "arm";
  }
  return "";
}

// OpenSSL 1.1.1's compiler line holds no assembly, whole where its assembly defines would stand:
// the evidence for "built without assembly (...)", or "". 1.1.1 prints the target's own
// defines (-DOPENSSL_USE_NODELETE, -DL_ENDIAN or -DB_ENDIAN, -DOPENSSL_PIC), then an assembly
// build's library defines (-DOPENSSL_CPUID_OBJ and every -D*_ASM), then -DNDEBUG: OpenSSL
// 1.1.1w's "... -DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 ... -DPOLY1305_ASM
// -DNDEBUG" (tests/fixtures/import/openssl-1.1.1-evp.txt) against the no-asm build's "...
// -DOPENSSL_PIC -DNDEBUG" (Configure linux-x86_64 no-asm; nodejs/node's
// deps/openssl/config/archs/linux-x86_64/no-asm/crypto/buildinf.h has the same shape). So
// -DNDEBUG after the target's defines with neither kind between them shows a line not cut there.
// 1.1.0 prints -DNDEBUG before its defines and 1.0.2 prints none: 1.1.1 only.
// The order is 1.1.1's build template's: the line is "$(CC) $(LIB_CFLAGS) $(CPPFLAGS_Q)", and
// Configurations/unix-Makefile.tmpl ("CPPFLAGS_Q is used for one thing only: to build up
// buildinf.h") joins CPPFLAGS_Q as $lib_cppflags (the target's lib_cppflags, then -D of
// $config{lib_defines} and $config{shared_defines}), then $cppflags2 (CNF_CPPFLAGS: the target's
// cppflags, -D of $target{defines} and $config{defines}), then the user's CPPDEFINES/CPPFLAGS
// (https://github.com/nodejs/node/blob/0206da73d30151d060e387c12f15a595f1229e88/deps/openssl/
// openssl/Configurations/unix-Makefile.tmpl, the 1.1.1 template Node.js vendored: LIB_CPPFLAGS
// and CPPFLAGS_Q). 1.1.1 Configure puts OPENSSL_PIC, OPENSSL_CPUID_OBJ and every *_ASM into
// lib_defines and NDEBUG, in release builds only, into defines: 1.1.1e's linux-x86_64
// configdata.pm has build_type "release", defines [NDEBUG], lib_defines [OPENSSL_PIC,
// OPENSSL_CPUID_OBJ, OPENSSL_IA32_SSE2, ..., POLY1305_ASM] and the target's lib_cppflags
// "-DOPENSSL_USE_NODELETE -DL_ENDIAN" (commit 09bcef2ba40ab1ef392c6f914a024c6ac17692fd
// deps/openssl/config/archs/linux-x86_64/asm/configdata.pm of github.com/nodejs/quic). So
// every assembly define stands before -DNDEBUG, and a --debug build prints no -DNDEBUG at all
// (CompilerLineAsmOf then says cannot tell); a -DNDEBUG the user adds lands after them too.
std::string WholeLineWithoutAsm(const results::LibraryInfo& library,
                                const std::vector<std::string>& asm_defines) {
  if (library.version_num < 0x10101000 || library.version_num >= kOpenssl3 ||
      !asm_defines.empty() || !PrintsConfigureDefines(library.cflags) ||
      Contains(library.cflags, "OPENSSL_CPUID_OBJ")) {
    return "";
  }
  size_t target = std::string::npos;  // index of the last target define
  size_t ndebug = std::string::npos;
  const std::vector<std::string_view> tokens = CompilerLineTokens(library.cflags);
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i] == "-DOPENSSL_USE_NODELETE" || tokens[i] == "-DL_ENDIAN" ||
        tokens[i] == "-DB_ENDIAN" || tokens[i] == "-DOPENSSL_PIC") {
      target = i;
    } else if (tokens[i] == "-DNDEBUG") {
      ndebug = i;
    }
  }
  if (target == std::string::npos || ndebug == std::string::npos || ndebug < target) {
    return "";
  }
  return fmt::format(
      "its compiler line: OpenSSL 1.1.1 prints -DOPENSSL_CPUID_OBJ and every -D*_ASM define of "
      "an assembly build between {} and -DNDEBUG, and this line has none there",
      tokens[target]);
}

// True when a figure of `run` is faster than the generic C code of its algorithm at every clock
// of [hz_low, hz_high] (cpb below the generic C class's widened floor even at hz_high): only
// assembly reaches it, so a compiler line that shows none is not this library's whole line.
// Large inputs only (the classes' sizes, kLargeInputLen); one process's share of a -multi total.
bool FasterThanGenericC(const results::RunResult& run, const std::string& arch, double hz_high) {
  const std::vector<CpbClass>& classes = verdict_internal::ClassesFor(arch);
  const int processes = std::max(1, run.source.multi);
  for (const results::AlgorithmResult& result : run.algorithms) {
    for (const results::Cell& cell : result.cells) {
      if (cell.input_len < verdict_internal::kLargeInputLen || !cell.figures ||
          !cell.figures->bytes_per_s || !(cell.figures->bytes_per_s->value > 0)) {
        continue;
      }
      const double fastest_worker =
          cell.figures->worker_max_ops_per_s * static_cast<double>(cell.input_len);
      const double per_process = processes > 1 && fastest_worker > 0
                                     ? fastest_worker
                                     : cell.figures->bytes_per_s->value / processes;
      const double cpb = hz_high / per_process;
      for (const CpbClass& c : classes) {
        if (c.family == ClassFamily::kGenericC && c.algorithm == result.algorithm &&
            c.operation == cell.operation && cpb < c.cpb_low / kCpbTolerance) {
          return true;
        }
      }
    }
  }
  return false;
}

// "OPENSSL_NO_ASM:BOOL=ON in BoringSSL's CMake cache (line 12)" for a BoringSSL report whose
// text shows the option on (import's "build_option" fact); "" otherwise. The option builds no
// assembly (google/boringssl CMakeLists.txt: with OPENSSL_NO_ASM no perlasm source is added).
std::string BoringSslNoAsm(const results::RunResult& run) {
  if (!run.source.tool.starts_with("bssl")) {
    return "";
  }
  std::string evidence;
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind != "build_option" || !fact.value.starts_with("OPENSSL_NO_ASM=")) {
      continue;
    }
    if (fact.value != "OPENSSL_NO_ASM=ON") {
      return "";  // the text shows it off too: it does not settle which build ran
    }
    evidence = fmt::format(
        "OPENSSL_NO_ASM on, {} line {}",
        fact.origin == "CMakeCache.txt" ? "the CMake cache's" : "the cmake command's", fact.line);
  }
  return evidence;
}

// The value after " env:" in a CPUINFO line, or "".
std::string EnvPart(std::string_view cpu_info) {
  const size_t at = cpu_info.find(" env:");
  if (at == std::string_view::npos) {
    return "";
  }
  std::string_view value = cpu_info.substr(at + 5);
  while (!value.empty() && std::isspace(static_cast<unsigned char>(value.back()))) {
    value.remove_suffix(1);
  }
  return std::string(value);
}

// A base clock named in a CPU model: "... @ 2.40GHz" (Intel brand strings name the base
// clock), as Hz and as printed.
struct BaseClock {
  double hz = 0;
  std::string text;
};
std::optional<BaseClock> BaseClockOf(const std::string& model) {
  const size_t ghz = Lower(model).find("ghz");
  if (ghz == std::string::npos) {
    return std::nullopt;
  }
  size_t begin = ghz;
  while (begin > 0 && model[begin - 1] == ' ') {
    --begin;
  }
  size_t digits = begin;
  while (digits > 0 && (std::isdigit(static_cast<unsigned char>(model[digits - 1])) ||
                        model[digits - 1] == '.')) {
    --digits;
  }
  const double value = digits < begin ? std::atof(model.substr(digits, begin - digits).c_str()) : 0;
  if (!(value > 0.2 && value < 10)) {
    return std::nullopt;
  }
  return BaseClock{value * 1e9, model.substr(digits, ghz + 3 - digits)};
}

// An unsigned number as strtoul base 0 reads it (the OPENSSL_armcap syntax, armcap.c), whole.
std::optional<uint64_t> ParseWhole(std::string_view text) {
  const std::string s(text);
  if (s.empty() || !std::isdigit(static_cast<unsigned char>(s[0]))) {
    return std::nullopt;
  }
  errno = 0;
  char* end = nullptr;
  const unsigned long long value = std::strtoull(s.c_str(), &end, 0);
  if (errno != 0 || end != s.c_str() + s.size()) {
    return std::nullopt;
  }
  return value;
}

// The mask of this run, the same on every architecture: of the known bits `cleared` (those the
// run's OPENSSL_ia32cap or OPENSSL_armcap value turns off in the library, decoded per
// architecture by the caller), a bit is masked (env_masked_features) only where the text shows
// the CPU has it: its own flags or Features line, or a model row outside a virtual machine. One
// the text shows the CPU lacks changes nothing, since the library could not have used it anyway
// (env_cleared_absent); one the text does not show is "cannot tell" (env_cleared_unknown), never
// masked. A vector the library prints with the value applied (CPUINFO) shows the masked word,
// not what the CPU offers, so it settles none of them. `unknown_is_masked` (OPENSSL_ia32cap)
// keeps x86's former reading of a bit no CPU line shows: masked, the text saying it does not
// show whether the CPU has it (ReportFindings' env.ia32cap). Tryout 21 t47 and tryout 20 p24: a
// command-line OPENSSL_ia32cap that zeroes the second word was said to mask AVX-512 and VAES on
// CPUs whose flags lack them.
void SortClearedBits(const std::vector<std::string>& cleared, bool unknown_is_masked,
                     DoctorFacts& facts) {
  const CpuClues& clues = facts.report->cpu_clues;
  for (const std::string& name : cleared) {
    const CpuFeatureClue* clue = clues.Find(name);
    const bool trusted = clue != nullptr && (clue->from_flags || !clues.virtual_machine);
    if (!trusted) {
      (unknown_is_masked ? facts.env_masked_features : facts.env_cleared_unknown).push_back(name);
    } else if (clue->present) {
      facts.env_masked_features.push_back(name);
    } else {
      facts.env_cleared_absent.push_back(name);
    }
  }
}

void DecodeX86(const results::LibraryInfo& library, DoctorFacts& facts) {
  const std::optional<CapabilityVector> vector = ParseCpuInfoVector(
      library.capability_vector.empty() ? library.cpu_info : library.capability_vector);
  if (!vector) {
    return;
  }
  const std::string& text = library.capability_vector;
  const int words =
      text.empty() ? 2 : static_cast<int>(std::count(text.begin(), text.end(), ':')) + 1;
  for (const CapabilityBit& bit : KnownCapabilityBits()) {
    if (bit.vector < words) {  // words not printed are unknown, not clear
      facts.cpu.features.push_back({std::string(bit.name),
                                    ((*vector)[static_cast<size_t>(bit.vector)] & bit.mask) != 0,
                                    true});
    }
  }
  facts.report->cpu_features_known = true;
  const std::string env = EnvPart(library.cpu_info);
  if (env.empty()) {
    return;
  }
  facts.env_ia32cap = env;
  // The detected vector is not in the text: name every known bit the value clears from a
  // vector with all bits set, limited to the words the library reads, less the bits still set
  // in the vector printed (which the value cannot have cleared).
  CapabilityVector all;
  all.fill(~uint64_t{0});
  const int library_words = words <= 2 ? 2 : 5;
  try {
    std::vector<std::string> cleared;
    for (const std::string& name : MaskedFeatures(all, env, library_words)) {
      const auto bit = std::find_if(KnownCapabilityBits().begin(), KnownCapabilityBits().end(),
                                    [&](const CapabilityBit& b) { return b.name == name; });
      if (bit != KnownCapabilityBits().end() && bit->vector < words &&
          ((*vector)[static_cast<size_t>(bit->vector)] & bit->mask) == 0) {
        cleared.push_back(name);
      }
    }
    SortClearedBits(cleared, /*unknown_is_masked=*/true, facts);
  } catch (const std::invalid_argument& e) {
    facts.env_masked_features.push_back(std::string("(unparsable value: ") + e.what() + ")");
  }
}

// The OPENSSL_armcap value a pasted command line or an `export` line before it set for an
// imported run (import keeps it as the run's worker_env), or "".
std::string CommandLineArmcap(const results::RunResult& run) {
  const auto it = run.library.worker_env.find("OPENSSL_armcap");
  return run.source.kind == "imported" && it != run.library.worker_env.end() ? it->second : "";
}

// An OPENSSL_armcap value the run was given (CPUINFO's env: part or the pasted command) as
// env_ia32cap and the run's mask (SortClearedBits). OPENSSL_armcap replaces the whole word
// (armcap.c:266-271), read by strtoul: every bit the number it starts with lacks is off
// ("0xb9:0x0" is 0xb9, as live doctor reads it).
void ArmEnvMask(const std::string& env, DoctorFacts& facts) {
  facts.env_ia32cap = env;
  uint32_t known = 0;
  for (const ArmcapBit& bit : kArmcapBits) {
    known |= 1u << bit.bit;
  }
  SortClearedBits(ArmcapMaskedFeatures(known, env), /*unknown_is_masked=*/false, facts);
}

// A CPUINFO OPENSSL_armcap word as the run's CPU features, and the value the run was given:
// the line's env: part, else the pasted command's (CommandLineArmcap), with which the printed
// word is the masked one as well.
void DecodeArm(const results::RunResult& run, DoctorFacts& facts) {
  const results::LibraryInfo& library = run.library;
  const size_t eq = library.cpu_info.find("OPENSSL_armcap=");
  std::string_view rest = std::string_view(library.cpu_info).substr(eq + 15);
  rest = rest.substr(0, rest.find(' '));
  const std::optional<uint64_t> armcap = ParseWhole(rest);
  if (!armcap) {
    return;
  }
  for (const ArmcapBit& bit : kArmcapBits) {
    facts.cpu.features.push_back({bit.name, ((*armcap >> bit.bit) & 1) != 0, true});
  }
  facts.report->cpu_features_known = true;
  std::string env = EnvPart(library.cpu_info);
  if (env.empty()) {
    env = CommandLineArmcap(run);
  }
  if (!env.empty()) {
    ArmEnvMask(env, facts);
  }
}

// OPENSSL_ia32cap given on the pasted command line (`OPENSSL_ia32cap=~0x... openssl speed`) or
// by an `export` line before it: import keeps it as the run's worker_env, and it is a fact of
// that run, in 1.x pastes too, which print no CPUINFO line. Without a printed vector every known
// bit the value clears counts, in the words the release reads: 2 up to 3.4.x, 5 from 3.5.0 or
// when the release is unknown. OPENSSL_ia32cap_P grew from four to ten 32-bit words (two to
// five 64-bit fields) with openssl/openssl#25709 ("Extension of OPENSSL_ia32cap to accommodate
// additional CPUID feature/capability bits", branch: master only, still in review on
// 2024-12-04, after 3.4.0 was released on 2024-10-22), so 3.5.0 is its first release; 3.1 to
// 3.4 still parse two fields (crypto/cpuid.c). BoringSSL and AWS-LC (bssl speed) read the
// variable too, two 64-bit fields, the second after ':' (crypto/cpu_intel.c OPENSSL_cpuid_setup
// and handle_cpu_env: '~' clears, '|' sets, else replaces), but unlike OpenSSL they leave the
// second field as detected when the value has no ':' (`env2 = strchr(env1, ':'); if (env2 !=
// NULL) handle_cpu_env(&OPENSSL_ia32cap_P[2], env2 + 1);`), so "~0x200000200000000" clears
// AES-NI and PCLMULQDQ only. A CPUINFO env: part, when there is one, was read instead. Which of
// the bits it clears the CPU has: SortClearedBits.
void CommandLineMask(const results::RunResult& run, DoctorFacts& facts) {
  const auto it = run.library.worker_env.find("OPENSSL_ia32cap");
  if (run.source.kind != "imported" || it == run.library.worker_env.end()) {
    return;
  }
  facts.env_ia32cap = it->second;
  const uint64_t num = run.library.version_num;
  const bool boringssl = run.library.backend == "boringssl";
  const int library_words = boringssl || (num != 0 && num < kIa32capFiveWordsRelease) ? 2 : 5;
  // BoringSSL keeps a second field the value does not write: only LV0's bits can be cleared.
  const bool first_word_only = boringssl && it->second.find(':') == std::string::npos;
  // Only the words the library has: a bit of LV2+ (SHA512, AVX-IFMA) is no mask on 3.4.
  CapabilityVector all{};
  std::fill(all.begin(), all.begin() + library_words, ~uint64_t{0});
  try {
    std::vector<std::string> cleared;
    for (const std::string& name : MaskedFeatures(all, it->second, library_words)) {
      const auto bit = std::find_if(KnownCapabilityBits().begin(), KnownCapabilityBits().end(),
                                    [&](const CapabilityBit& b) { return b.name == name; });
      if (!first_word_only || (bit != KnownCapabilityBits().end() && bit->vector == 0)) {
        cleared.push_back(name);
      }
    }
    SortClearedBits(cleared, /*unknown_is_masked=*/true, facts);
  } catch (const std::invalid_argument& e) {
    facts.env_masked_features.push_back(std::string("(unparsable value: ") + e.what() + ")");
  }
}

// A microcontroller SDK's statement of the core clock it set (env_facts.cc): NXP's "fsys=N",
// Nuclei's "CPU Frequency N Hz".
bool IsSdkClockFact(const results::SourceFact& fact) {
  return fact.kind == "cpu_clock_mhz" &&
         (fact.origin == "NXP SDK fsys line" || fact.origin == "Nuclei SDK banner");
}

}  // namespace

ReportClock ReportClockRange(const results::MachineInfo& machine) {
  return ReportClockRange(machine, {});
}

ReportClock ReportClockRange(const results::RunResult& run) {
  // A microcontroller SDK's clock line counts beside that SDK's mbedTLS demo only: "CPU
  // Frequency ... Hz" or "fsys=" in another tool's paste may be anything's (tryout 34 D6).
  if (run.source.tool != "mbedTLS benchmark") {
    std::vector<results::SourceFact> facts = run.source.facts;
    std::erase_if(facts, IsSdkClockFact);
    return ReportClockRange(run.machine, facts, ReportArch(run, nullptr));
  }
  return ReportClockRange(run.machine, run.source.facts, ReportArch(run, nullptr));
}

namespace {

// The one value every fact of `kind` gives, in Hz (lscpu prints MHz); nullopt when there is none,
// when two disagree (a paste of two machines) or when one does not parse.
std::optional<double> AgreedMhz(const std::vector<results::SourceFact>& facts,
                                std::string_view kind, size_t* line, std::string* from) {
  std::optional<double> agreed;
  for (const results::SourceFact& fact : facts) {
    if (fact.kind != kind) {
      continue;
    }
    char* end = nullptr;
    const double mhz = std::strtod(fact.value.c_str(), &end);
    if (end == fact.value.c_str() || *end != '\0' || !std::isfinite(mhz) || mhz <= 0 ||
        (agreed && *agreed != mhz * 1e6)) {
      return std::nullopt;
    }
    if (!agreed) {
      *line = fact.line;
      // lscpu's lines carry no origin; sysfs's "sysfs cpufreq/scaling_max_freq".
      *from = !fact.origin.empty()    ? fact.origin
              : kind == "cpu_min_mhz" ? "lscpu's CPU min MHz"
                                      : "CPU max MHz";
    }
    agreed = mhz * 1e6;
  }
  return agreed;
}

// `clock` with a note on its source when the text shows the powersave cpufreq governor (a
// "cpu_governor" fact, `cat .../cpufreq/scaling_governor`): the generic governor requests the
// lowest frequency within scaling_min_freq (Documentation/admin-guide/pm/cpufreq.rst,
// "powersave"), while intel_pstate's powersave follows the load (intel_pstate.rst), so the run
// may have been at the low end of the range. The range itself is left as it is.
ReportClock WithGovernor(ReportClock clock, const std::vector<results::SourceFact>& facts) {
  for (const results::SourceFact& fact : facts) {
    if (fact.kind == "cpu_governor" && fact.value == "powersave") {
      clock.source += fmt::format(
          "; the text shows the powersave cpufreq governor (line {}), which holds the clock at "
          "its minimum unless intel_pstate drives it: the figures may be at the low end",
          fact.line);
      break;
    }
  }
  return clock;
}

}  // namespace

std::optional<ReportClock> CpufreqLimits(const std::vector<results::SourceFact>& facts,
                                         std::string_view arch) {
  size_t min_line = 0;
  size_t max_line = 0;
  std::string min_from;
  std::string max_from;
  const std::optional<double> min_hz = AgreedMhz(facts, "cpu_min_mhz", &min_line, &min_from);
  const std::optional<double> max_hz = AgreedMhz(facts, "cpu_max_mhz", &max_line, &max_from);
  const bool x86 = arch.empty() || arch == "x86_64" || arch == "x86";
  if (max_hz && !min_hz && !x86) {
    // A max alone (`cat .../scaling_max_freq`, tryout 21 t50): the top is the max, as below; the
    // bottom is the lowest clock a CPU with crypto instructions runs a benchmark at
    // (kLowestBenchmarkHz: boards and power-saving governors), or 0.8 x max when that is lower.
    ReportClock clock;
    clock.hz_high = *max_hz;
    clock.hz_low = std::min(kLowestBenchmarkHz, *max_hz * kThrottleFactor);
    clock.source = fmt::format(
        "from {} (line {}) alone: {} to {}, the max (on {} the kernel counts boost clocks into "
        "the max while it allows them); the text gives no min, so the bottom is the lowest "
        "clock boards and power-saving governors run at",
        max_from, max_line, verdict_internal::FormatHz(clock.hz_low),
        verdict_internal::FormatHz(clock.hz_high), arch);
    return clock;
  }
  if (!min_hz || !max_hz || *min_hz > *max_hz) {
    return std::nullopt;
  }
  ReportClock clock;
  clock.hz_low = *min_hz * kThrottleFactor;
  // Turbo above the listed max is x86's hardware boost (see the declaration's sources).
  if (x86) {
    clock.hz_high = std::max(*max_hz, std::min(*max_hz * kTurboFactor, kReportDefaultHzHigh));
    clock.source = fmt::format(
        "from {} (line {}) and {} (line {}): {} x min (throttled) to {} (a max that "
        "acpi-cpufreq gives as the base clock leaves room for turbo)",
        min_from, min_line, max_from, max_line, kThrottleFactor,
        verdict_internal::FormatHz(clock.hz_high));
    return clock;
  }
  clock.hz_high = *max_hz;
  clock.source = fmt::format(
      "from {} (line {}) and {} (line {}): {} x min (throttled) to {}, the max (on {} the "
      "kernel counts boost clocks into the max while it allows them)",
      min_from, min_line, max_from, max_line, kThrottleFactor,
      verdict_internal::FormatHz(clock.hz_high), arch);
  return clock;
}

ReportClock ReportClockRange(const results::MachineInfo& machine,
                             const std::vector<results::SourceFact>& facts, std::string_view arch) {
  ReportClock clock;
  clock.source = fmt::format("assumed {}-{} GHz: the text gives no clock rate",
                             kReportDefaultHzLow / 1e9, kReportDefaultHzHigh / 1e9);
  double base = 0;
  std::string from;
  if (const std::optional<BaseClock> model = BaseClockOf(machine.cpu_model)) {
    base = model->hz;
    from = fmt::format("the CPU model's base clock {}", model->text);
  } else {
    // The pasted model lines (/proc/cpuinfo, lscpu): only when every one that names a clock
    // names the same, as a paste of two machines leaves the clock open.
    std::optional<BaseClock> seen;
    size_t line = 0;
    bool agree = true;
    for (const results::SourceFact& fact : facts) {
      if (fact.kind != "cpu_model") {
        continue;
      }
      if (const std::optional<BaseClock> clock_of = BaseClockOf(fact.value)) {
        agree = agree && (!seen || seen->hz == clock_of->hz);
        if (!seen) {
          seen = clock_of;
          line = fact.line;
        }
      }
    }
    if (seen && agree) {
      base = seen->hz;
      from = fmt::format("the CPU model line's base clock {} (line {})", seen->text, line);
    }
  }
  if (base == 0) {
    // FreeBSD's boot CPU line prints the TSC's rate ("(998.15-MHz K8-class CPU)",
    // sys/x86/x86/identcpu.c), about the base clock on CPUs with an invariant TSC.
    // Solaris `psrinfo -pv` ("SPARC-T4 (chipid 0, clock 2848 MHz)") and Linux/powerpc
    // /proc/cpuinfo ("clock : 3450.000000MHz", ppc_proc_freq: the nominal clock) print the
    // processor's clock: taken as the base clock too.
    for (const results::SourceFact& fact : facts) {
      const bool freebsd = fact.origin == "FreeBSD dmesg";
      if (fact.kind == "cpu_clock_mhz" && fact.origin == "OpenBSD dmesg") {
        // OpenBSD's amd64 CPU line prints the clock it measured at boot, from the fixed
        // counter of unhalted cycles or else the TSC (identcpu.c, cpu_freq): taken as the base.
        const double mhz = std::strtod(fact.value.c_str(), nullptr);
        if (mhz > 0 && std::isfinite(mhz)) {
          base = mhz * 1e6;
          from = fmt::format(
              "the OpenBSD CPU line's {} MHz (line {}: the clock measured at "
              "boot, taken as the base clock)",
              fact.value, fact.line);
          break;
        }
      }
      if (fact.kind == "cpu_clock_mhz" &&
          (freebsd || fact.origin == "psrinfo -pv" || fact.origin == "/proc/cpuinfo")) {
        const double mhz = std::strtod(fact.value.c_str(), nullptr);
        if (mhz > 0 && std::isfinite(mhz)) {
          base = mhz * 1e6;
          from = freebsd ? fmt::format(
                               "the FreeBSD CPU line's {} MHz (line {}: the TSC's rate, about the "
                               "base clock)",
                               fact.value, fact.line)
                         : fmt::format("the {} clock {} MHz (line {})", fact.origin, fact.value,
                                       fact.line);
          break;
        }
      }
    }
  }
  if (base == 0) {
    // A microcontroller SDK's banner states the core clock it set (env_facts.cc: NXP's
    // "fsys=N", Nuclei's "CPU Frequency N Hz"): no turbo or governor moves it, so it is the
    // range itself.
    for (const results::SourceFact& fact : facts) {
      if (IsSdkClockFact(fact)) {
        const double mhz = std::strtod(fact.value.c_str(), nullptr);
        if (mhz > 0 && std::isfinite(mhz)) {
          clock.hz_low = clock.hz_high = mhz * 1e6;
          clock.source = fmt::format("the {} (line {}): {} MHz, the core clock the SDK set",
                                     fact.origin, fact.line, fact.value);
          return clock;
        }
      }
    }
  }
  if (base == 0 && machine.tick_counter == "tsc" && machine.tick_rate_hz > 0) {
    base = machine.tick_rate_hz;
    from = fmt::format("the TSC rate {}, about the base clock",
                       verdict_internal::FormatHz(machine.tick_rate_hz));
  }
  if (base == 0) {
    if (const std::optional<ReportClock> limits = CpufreqLimits(facts, arch)) {
      return WithGovernor(*limits, facts);
    }
  }
  if (base > 0) {
    clock.hz_low = base * kThrottleFactor;
    clock.hz_high = std::max(base, std::min(base * kTurboFactor, kReportDefaultHzHigh));
    clock.source = fmt::format("from {}: {} x base (throttled) to {} (turbo)", from,
                               kThrottleFactor, verdict_internal::FormatHz(clock.hz_high));
  }
  return WithGovernor(clock, facts);
}

std::string ReportArch(const results::RunResult& run, std::string* source) {
  std::string arch;
  std::string from;
  // A sourced platform row first (data/cpu-clues.csv); the name heuristics only without one.
  const std::optional<PlatformArch> platform_row = ArchOfPlatform(run.library.platform);
  const std::string platform_arch =
      platform_row ? platform_row->arch : ArchFromPlatform(run.library.platform);
  if (!run.machine.arch.empty()) {
    arch = run.machine.arch;
    from = "the run's machine description";
  } else if (Contains(run.library.cpu_info, "OPENSSL_ia32cap")) {
    arch = platform_arch == "x86" ? "x86" : "x86_64";
    from = platform_arch.empty() ? "the OPENSSL_ia32cap CPUINFO line; 64-bit assumed"
                                 : "the OPENSSL_ia32cap CPUINFO line and the platform line";
  } else if (Contains(run.library.cpu_info, "OPENSSL_armcap")) {
    arch = platform_arch == "arm" ? "arm" : "aarch64";
    from = platform_arch.empty() ? "the OPENSSL_armcap CPUINFO line; 64-bit assumed"
                                 : "the OPENSSL_armcap CPUINFO line and the platform line";
  } else if (!platform_arch.empty()) {
    arch = platform_arch;
    from = platform_row ? fmt::format("the platform line's {} ({})", platform_row->target,
                                      platform_row->source)
                        : "the platform line";
  } else if (Contains(run.library.cflags, "-DOPENSSL_IA32_SSE2")) {
    // 1.x prints its x86 defines; -m64 is the x86_64 targets' flag (Configurations/10-main.conf).
    const bool m64 = Contains(run.library.cflags, "-m64");
    arch = m64 ? "x86_64" : "x86";
    from = m64 ? "the compiler line, -DOPENSSL_IA32_SSE2 with -m64"
               : "the compiler line, -DOPENSSL_IA32_SSE2 without -m64";
  } else if (const CpuClues clues = ReadCpuClues(run); !clues.arch.empty()) {
    // uname, -march=, a flags line or a known CPU model (cpu_clues.h).
    arch = clues.arch;
    from = clues.arch_clue;
  } else if (const std::vector<std::string_view> tokens = CompilerLineTokens(run.library.cflags);
             std::any_of(tokens.begin(), tokens.end(), [](std::string_view token) {
               return token == "-moutline-atomics" || token == "-mno-outline-atomics";
             })) {
    // GCC accepts -moutline-atomics on AArch64 only (its AArch64 Options); Amazon Linux 2's and
    // Fedora's aarch64 builds pass it.
    arch = "aarch64";
    from =
        "the compiler line's -moutline-atomics, a GCC option of AArch64 only "
        "(https://gcc.gnu.org/onlinedocs/gcc/AArch64-Options.html)";
  }
  if (source != nullptr) {
    *source = from;
  }
  return arch;
}

results::RunResult WithoutContradictedCpuLines(const results::RunResult& run) {
  const DoctorFacts facts = ReportFacts(run);
  if (!facts.report->cpu_features_known || facts.env_ia32cap) {
    return run;
  }
  std::vector<std::string> contradicted;  // "AES-NI, AVX absent by <clue>", one per clue
  std::vector<std::string> clues;
  std::vector<std::vector<std::string>> names;
  for (const CpuFeatureClue& clue : facts.report->cpu_clues.features) {
    const bool vector_has =
        std::any_of(facts.cpu.features.begin(), facts.cpu.features.end(),
                    [&](const cpu::FeatureState& f) { return f.name == clue.name && f.supported; });
    if (!clue.present && vector_has) {
      const auto at = std::find(clues.begin(), clues.end(), clue.clue);
      if (at == clues.end()) {
        clues.push_back(clue.clue);
        names.push_back({clue.name});
      } else {
        names[static_cast<size_t>(at - clues.begin())].push_back(clue.name);
      }
    }
  }
  for (size_t i = 0; i < clues.size(); ++i) {
    contradicted.push_back(
        fmt::format("{} absent by {}", verdict_internal::Join(names[i]), clues[i]));
  }
  if (contradicted.empty()) {
    return run;
  }
  results::RunResult own = run;
  std::erase_if(own.source.facts, [](const results::SourceFact& fact) {
    return fact.kind == "cpu_model" || fact.kind == "cpu_flags" || fact.kind == "cpu_arch" ||
           fact.kind == "cpu_max_mhz" || fact.kind == "cpu_min_mhz";
  });
  // FreeBSD's boot CPU line gives the model and the clock at once (ReportClockRange reads its
  // cpu_clock_mhz): its clock is left out with the rest, as the caveat says, but the fact stays
  // under another kind, so that ReportOs still sees a FreeBSD text.
  for (results::SourceFact& fact : own.source.facts) {
    if (fact.kind == "cpu_clock_mhz") {
      fact.kind = "cpu_clock_mhz_left_out";
    }
  }
  own.source.caveats.push_back(fmt::format(
      "The CPU lines of the text do not describe the machine of this run (another machine's, "
      "or cut short): they show {}, which the run's own CPUINFO capability vector (the "
      "library's reading of the CPU it ran on) has set; they are left out, so neither their "
      "features nor their clock are taken for this run's.",
      verdict_internal::Join(contradicted)));
  return own;
}

DoctorFacts ReportFacts(const results::RunResult& run) {
  DoctorFacts facts;
  facts.library = run.library;
  facts.report.emplace();
  ReportOrigin& origin = *facts.report;
  origin.file = run.source.file;
  origin.kind = run.source.kind;
  origin.tool = run.source.tool;
  origin.tool_version = run.source.tool_version;
  origin.timing_basis = run.source.timing_basis;
  origin.evp = run.source.evp;
  origin.engine_or_provider = run.source.engine_or_provider;
  if (const std::optional<ConfiguredOffload> configured = ConfiguredOffloadOf(run.source.facts)) {
    origin.configured_offload = configured->evidence;
    origin.configured_offload_id = configured->id;
  }
  origin.processes = std::max(run.source.multi, run.method.threads > 1 ? run.method.threads : 0);
  origin.pinned_cpus = run.source.invocation.pinned_cpus;
  origin.caveats = run.source.caveats;
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind == "library_version" && fact.origin == "compiler line build path") {
      origin.version_source =
          fmt::format("the build path on the compiler line, line {}", fact.line);
    }
    if (fact.kind == "implementation_claim") {
      origin.implementation_claims.push_back(fact);
    }
    if (fact.kind == "build_option") {
      origin.build_options.push_back(fmt::format(
          "{} ({}, line {})", fact.value,
          fact.origin == "CMakeCache.txt" ? "the CMake cache" : "the cmake command", fact.line));
    }
  }

  // wolfCrypt's benchmark prints its math build ("Math: ... Single Precision: ... asm
  // sp_arm64.c") before its rows: build settings the text shows, quoted as printed.
  if (run.library.backend == "wolfssl" && !run.library.options.empty()) {
    origin.build_options.push_back(
        fmt::format("{} (the benchmark's Math lines)", run.library.options));
  }

  facts.cpu.arch = ReportArch(run, &origin.arch_source);
  origin.cpu_clues = ReadCpuClues(run);
  origin.os = ReportOs(run);
  origin.kernel_aes = CompareKernelAes(run);
  for (const results::SourceFact& fact : run.source.facts) {
    origin.governor_shown = origin.governor_shown || fact.kind == "cpu_governor";
    origin.cur_clock_shown = origin.cur_clock_shown || fact.kind == "cpu_cur_mhz";
    origin.clock_limits_shown = origin.clock_limits_shown || fact.kind == "cpu_max_mhz";
  }
  for (const results::SourceFact& fact : run.source.facts) {
    // lsmod's first column (env_facts.cc writes "name" or "name (used by ...)").
    const std::string module = fact.value.substr(0, fact.value.find(' '));
    if (fact.kind == "kernel_module" && IsKernelAesModule(module, facts.cpu.arch)) {
      origin.kernel_aes_module = module;
      origin.kernel_aes_module_line = fact.line;
      break;
    }
  }
  facts.cpu.brand = run.machine.cpu_model;
  if (const std::vector<results::PastedCpuModel> pasted = results::PastedCpuModels(run);
      facts.cpu.brand.empty() && pasted.size() == 1) {
    // One CPU model pasted beside the run (lscpu's Model name, `sysctl hw.model`, ...): its CPU;
    // two or more leave it open (machines pasted together).
    facts.cpu.brand = pasted[0].model;
  }
  facts.cpu.vendor = run.machine.cpu_vendor;
  facts.cpu.hypervisor = run.machine.hypervisor;
  if (Contains(run.library.cpu_info, "OPENSSL_ia32cap") ||
      (run.library.cpu_info.empty() && ParseCpuInfoVector(run.library.capability_vector))) {
    DecodeX86(run.library, facts);
  } else if (Contains(run.library.cpu_info, "OPENSSL_armcap")) {
    DecodeArm(run, facts);
  }
  if (!facts.env_ia32cap && facts.cpu.arch != "aarch64" && facts.cpu.arch != "arm") {
    CommandLineMask(run, facts);
  } else if (const std::string armcap = CommandLineArmcap(run);
             !facts.env_ia32cap && !armcap.empty()) {
    // A 1.x paste prints no CPUINFO line: the command's value against the CPU lines.
    ArmEnvMask(armcap, facts);
  }
  if (!origin.cpu_features_known) {
    // No vector: the CPU's flags line and the model rows say what the CPU has (a model row's
    // "has" is the host's on a virtual machine, whose guest may lack it: left unknown there).
    for (const CpuFeatureClue& clue : origin.cpu_clues.features) {
      if ((clue.present && !clue.from_flags && origin.cpu_clues.virtual_machine) ||
          clue.from_vm_model_name) {
        continue;  // a virtual model's name may hide or carry it: unknown
      }
      facts.cpu.features.push_back({clue.name, clue.present, true});
      origin.cpu_features_from_clues = true;
    }
  }
  facts.detected_capability_vector = facts.env_ia32cap ? "" : run.library.capability_vector;
  // With the release unknown, defines the line has are still read: 3.x prints none, so they
  // show a 1.x build's assembly; their absence then proves nothing (LibraryFactRows says so).
  if (run.library.version_num < kOpenssl3) {
    facts.asm_defines = AsmDefines(run.library.cflags);
  }
  // 3.x's "CPUINFO: N/A" proves it where an assembly build prints a vector; BoringSSL's
  // OPENSSL_NO_ASM shown on; a 1.1.1 compiler line whole where its defines stand, unless a figure
  // only assembly reaches shows the line is not this library's. Other 1.x lines without -D*_ASM
  // may be shortened pastes (ReportFindings names them instead).
  if (const std::string_view target = GenericConfigureTarget(run.library.platform);
      !target.empty()) {
    facts.no_asm_evidence =
        fmt::format("platform: {}, a Configure target without assembly", target);
  } else if (run.library.capability_vector == "N/A" && CpuinfoNaMeansNoAsm(facts.cpu.arch)) {
    facts.no_asm_evidence = "CPUINFO: N/A";
  } else if (std::string bssl = BoringSslNoAsm(run); !bssl.empty()) {
    facts.no_asm_evidence = std::move(bssl);
  } else if (std::string line = WholeLineWithoutAsm(run.library, facts.asm_defines);
             !line.empty() &&
             !FasterThanGenericC(run, facts.cpu.arch, ReportClockRange(run).hz_high)) {
    facts.no_asm_evidence = std::move(line);
  }
  facts.no_asm_build = !facts.no_asm_evidence.empty();
  return facts;
}

}  // namespace cryptobench::diagnose
