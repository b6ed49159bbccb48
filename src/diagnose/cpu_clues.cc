// ReadCpuClues and the AES bounds (cpu_clues.h), over data/cpu-clues.csv.
#include "diagnose/cpu_clues.h"

#include <fnmatch.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "diagnose/csv_table.h"
#include "diagnose/ia32cap.h"
#include "diagnose/vm_cpu_models.h"

namespace cryptobench::diagnose {

std::string_view EmbeddedCpuCluesCsv();            // generated: src/diagnose/CMakeLists.txt
std::string_view EmbeddedCpuMaxClocksCsv();        // generated: src/diagnose/CMakeLists.txt
std::string_view EmbeddedCryptoCoprocessorsCsv();  // generated: src/diagnose/CMakeLists.txt

namespace {

constexpr std::string_view kTable = "data/cpu-clues.csv";

// The bounds' constants (AesBoundsFor).
constexpr double kSlowestHardwareAes128Cpb = 12;         // 2 x 5.95 (ThunderX2 CBC encrypt)
constexpr double kFastestSoftwareAes128Cpb = 2.5;        // 4.96 / 2 (bit-sliced CTR, Zen 4)
constexpr double kFastestSerialSoftwareAes128Cpb = 4.9;  // 9.77 / 2 (aes-x86_64 CBC encrypt)
constexpr double kHighestCoreHz = 6.5e9;
constexpr uint64_t kMinInputForFloor = 1024;

struct Row {
  std::string clue;  // uname, march, platform, cc, flag, model
  std::string match;
  std::string arch;
  std::vector<std::string> has;
  std::vector<std::string> lacks;
  std::string source;
};

std::vector<std::string> Words(std::string_view text) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) {
      ++at;
    }
    size_t end = at;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) {
      ++end;
    }
    if (end > at) {
      out.emplace_back(text.substr(at, end - at));
    }
    at = end;
  }
  return out;
}

std::string Lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  });
  return out;
}

const std::vector<Row>& Table() {
  static const std::vector<Row> rows = [] {
    static const std::set<std::string> kClues = {"uname", "march", "platform", "cc",
                                                 "flag",  "model", "kernel"};
    std::vector<Row> parsed;
    for (CsvRecord& record :
         ParseCsvTable(EmbeddedCpuCluesCsv(), "clue,match,arch,has,lacks,source", kTable)) {
      std::vector<std::string>& f = record.fields;
      if (kClues.count(f[0]) == 0) {
        FailCsvRecord(kTable, record.line, fmt::format("unknown clue kind '{}'", f[0]));
      }
      if (f[1].empty()) {
        FailCsvRecord(kTable, record.line, "empty match");
      }
      if (f[5].rfind("https://", 0) != 0) {
        FailCsvRecord(kTable, record.line, "the source does not start with a https:// URL");
      }
      if (f[0] == "flag" && Words(f[3]).size() != 1) {
        FailCsvRecord(kTable, record.line, "a flag row names exactly one feature in 'has'");
      }
      parsed.push_back({std::move(f[0]), std::move(f[1]), std::move(f[2]), Words(f[3]), Words(f[4]),
                        std::move(f[5])});
    }
    return parsed;
  }();
  return rows;
}

bool Glob(const std::string& pattern, const std::string& text) {
  return fnmatch(pattern.c_str(), text.c_str(), FNM_CASEFOLD) == 0;
}

// The fastest software AES-128 on any ARMv8 core, halved as kFastestSoftwareAes128Cpb is: the
// bit-sliced NEON code at 8.45 cycles per byte on Apple A7, the fastest software figure of the
// table in OpenSSL's crypto/aes/asm/vpaes-armv8.pl (its header, "[bit-sliced enc/dec]": Cortex-A53
// 17.5, Cortex-A57 14.4, X-Gene 33.1, Denver 8.80, Apple A7 8.45, Mongoose 13.3; vpaes itself 10.9
// or more), halved to 4.2
// (https://github.com/openssl/openssl/blob/14c2c3e86042be92e4639814fe32615632af1526/crypto/aes/asm/vpaes-armv8.pl,
// lines 25-32).
constexpr double kFastestArmv8SoftwareAes128Cpb = 4.2;
constexpr std::string_view kArmv8SoftwareAesSource =
    "the fastest software AES on an ARMv8 core: 8.45 cycles per byte, bit-sliced NEON on Apple A7 "
    "(https://github.com/openssl/openssl/blob/14c2c3e86042be92e4639814fe32615632af1526/crypto/aes/"
    "asm/vpaes-armv8.pl, its cpb table), halved to 4.2";
constexpr std::string_view kAnyCpuSoftwareAesSource =
    "the fastest software AES: 4.96 cycles per byte, bit-sliced CTR on Zen 4, halved to 2.5";

// A row of data/cpu-max-clocks.csv: the highest core clock a CPU, SoC or board runs at, with
// overclocks, and the family of its cores ("armv8"; "" when the row does not say), so that a
// figure above what software reaches there shows a hardware path.
struct MaxClockRow {
  std::string match;  // glob over a model name, as data/cpu-clues.csv's model rows
  double max_hz = 0;
  std::string core;
  std::string source;
};

// The fastest software AES-128 on the row's cores, cycles per byte, and where that comes from:
// an ARMv8 core's own bound, else the one that holds on any CPU.
double SoftwareAes128Cpb(const MaxClockRow& row) {
  return row.core == "armv8" ? kFastestArmv8SoftwareAes128Cpb : kFastestSoftwareAes128Cpb;
}
std::string_view SoftwareAesSource(const MaxClockRow& row) {
  return row.core == "armv8" ? kArmv8SoftwareAesSource : kAnyCpuSoftwareAesSource;
}

constexpr std::string_view kClockTable = "data/cpu-max-clocks.csv";

const std::vector<MaxClockRow>& MaxClockTable() {
  static const std::vector<MaxClockRow> rows = [] {
    std::vector<MaxClockRow> parsed;
    for (CsvRecord& record :
         ParseCsvTable(EmbeddedCpuMaxClocksCsv(), "match,max_ghz,core,source", kClockTable)) {
      std::vector<std::string>& f = record.fields;
      const double ghz = ParseCsvNumber(f[1]).value_or(0);
      if (f[0].empty() || !(ghz > 0.1 && ghz < 10)) {
        FailCsvRecord(kClockTable, record.line, "an empty match or a max_ghz outside 0.1-10");
      }
      if (!f[2].empty() && f[2] != "armv8") {
        FailCsvRecord(kClockTable, record.line, fmt::format("unknown core family '{}'", f[2]));
      }
      if (f[3].rfind("https://", 0) != 0) {
        FailCsvRecord(kClockTable, record.line, "the source does not start with a https:// URL");
      }
      parsed.push_back({std::move(f[0]), ghz * 1e9, std::move(f[2]), std::move(f[3])});
    }
    return parsed;
  }();
  return rows;
}

constexpr std::string_view kCoprocessorTable = "data/crypto-coprocessors.csv";

// A row of data/crypto-coprocessors.csv: a CPU (by its model line) whose crypto is in a
// coprocessor reached only by code written for it, and the libraries with no such code.
struct CoprocessorRow {
  std::string match;  // glob over a model name, as data/cpu-clues.csv's model rows
  std::string arch;
  std::string feature;  // the CpuFeatureClue name it stands for
  std::string unit;
  std::string algorithms;
  std::string used_by;
  std::vector<std::string> no_code_in;  // the table's library names ("openssl")
  std::string source;
};

const std::vector<CoprocessorRow>& CoprocessorTable() {
  static const std::vector<CoprocessorRow> rows = [] {
    std::vector<CoprocessorRow> parsed;
    for (CsvRecord& record : ParseCsvTable(
             EmbeddedCryptoCoprocessorsCsv(),
             "match,arch,feature,unit,algorithms,used_by,no_code_in,source", kCoprocessorTable)) {
      std::vector<std::string>& f = record.fields;
      if (f[0].empty() || f[1].empty() || f[3].empty() || Words(f[2]).size() != 1) {
        FailCsvRecord(kCoprocessorTable, record.line,
                      "an empty match, arch or unit, or a feature that is not one word");
      }
      if (f[7].rfind("https://", 0) != 0) {
        FailCsvRecord(kCoprocessorTable, record.line,
                      "the source does not start with a https:// URL");
      }
      parsed.push_back({std::move(f[0]), std::move(f[1]), std::move(f[2]), std::move(f[3]),
                        std::move(f[4]), std::move(f[5]), Words(f[6]), std::move(f[7])});
    }
    return parsed;
  }();
  return rows;
}

// The run's library as its releases print it when `row` says it has no code for the
// coprocessor, else "". OpenSSL ("openssl") is the speed tool's own release (a version that
// starts with a digit: LibreSSL prints its name, and a run without a version may be either);
// the kernel ("linux") is the one a kernel tool times (cryptsetup, tcrypt, kcapi, cryptodev, as
// KernelTool), named as mainline since a vendor's kernel may add drivers.
std::string LibraryWithoutCoprocessorCode(const results::RunResult& run,
                                          const CoprocessorRow& row) {
  const auto listed = [&](std::string_view name) {
    return std::find(row.no_code_in.begin(), row.no_code_in.end(), name) != row.no_code_in.end();
  };
  const std::string& tool = run.source.tool;
  const bool kernel =
      tool.find("cryptsetup") != std::string::npos || tool.find("tcrypt") != std::string::npos ||
      tool.find("kcapi") != std::string::npos || tool.find("cryptodev") != std::string::npos;
  if (kernel) {
    return listed("linux") ? "the mainline Linux kernel" : "";
  }
  const std::string& version = run.source.tool_version;
  const bool openssl = run.library.backend == "openssl" && !version.empty() &&
                       std::isdigit(static_cast<unsigned char>(version[0]));
  return openssl && listed("openssl") ? "OpenSSL" : "";
}

// The family of a flags/Features line: x86 lists fpu and sse2, arm64 asimd, 32-bit ARM
// half/thumb/vfp (the same cpufeatures.h, arm64 cpuinfo.c and arm setup.c as the table).
std::string FlagsFamily(const std::set<std::string>& tokens) {
  if (tokens.count("fpu") && (tokens.count("sse2") || tokens.count("tsc"))) {
    return "x86";
  }
  if (tokens.count("asimd")) {
    return "arm64";
  }
  if (tokens.count("thumb") || tokens.count("half") || tokens.count("vfp")) {
    return "arm";
  }
  return "";
}

// True when `tokens` (flags) hold a flag only x86's /proc/cpuinfo prints (Linux
// arch/x86/include/asm/cpufeatures.h; ARM's Features lines name asimd, aes, pmull, sha1, sha2
// and never these): a flags excerpt without fpu is still x86.
bool HasX86OnlyFlag(const std::set<std::string>& tokens) {
  for (const char* x86 : {"sse2", "ssse3", "sse4_1", "sse4_2", "pclmulqdq", "sha_ni", "avx", "avx2",
                          "avx512f", "vaes", "vpclmulqdq"}) {
    if (tokens.count(x86) > 0) {
      return true;
    }
  }
  return false;
}

// True when an arm64 Features line (`tokens`) shows a flag the kernel prints after `flag`, or
// `flag` is not in the order below (then the line is taken as it stands). Linux prints the
// Features line in hwcap order (torvalds/linux arch/arm64/kernel/cpuinfo.c, hwcap_str, indexed
// by KERNEL_HWCAP_*: HWCAP_FP, ASIMD, EVTSTRM, AES, ... in include/uapi/asm/hwcap.h bit order,
// then HWCAP2's). Without a later flag the line may be cut before `flag` (a narrow terminal's
// hard wrap, tryout 29 W2: "... lrcpc dcpop sh"), so a missing `flag` says nothing.
bool ShowsArm64FlagAfter(const std::set<std::string>& tokens, std::string_view flag) {
  static constexpr std::string_view kHwcapOrder[] = {
      "fp",      "asimd",   "evtstrm",  "aes",      "pmull",      "sha1",    "sha2",   "crc32",
      "atomics", "fphp",    "asimdhp",  "cpuid",    "asimdrdm",   "jscvt",   "fcma",   "lrcpc",
      "dcpop",   "sha3",    "sm3",      "sm4",      "asimddp",    "sha512",  "sve",    "asimdfhm",
      "dit",     "uscat",   "ilrcpc",   "flagm",    "ssbs",       "sb",      "paca",   "pacg",
      "dcpodp",  "sve2",    "sveaes",   "svepmull", "svebitperm", "svesha3", "svesm4", "flagm2",
      "frint",   "svei8mm", "svef32mm", "svef64mm", "svebf16",    "i8mm",    "bf16",   "dgh",
      "rng",     "bti",     "mte"};
  const auto* at = std::find(std::begin(kHwcapOrder), std::end(kHwcapOrder), flag);
  if (at == std::end(kHwcapOrder)) {
    return true;
  }
  for (const auto* later = at + 1; later != std::end(kHwcapOrder); ++later) {
    if (tokens.count(std::string(*later)) > 0) {
      return true;
    }
  }
  return false;
}

// True when an x86 flags line (`tokens`) shows a flag the kernel prints after aes. Linux prints
// /proc/cpuinfo's flags, and lscpu its Flags line, in cpufeature bit order (torvalds/linux
// arch/x86/include/asm/cpufeatures.h: word 4 ends "popcnt tsc_deadline_timer aes xsave avx f16c
// rdrand hypervisor"; lahf_lm, abm (word 6), fsgsbase, bmi1, avx2, erms (word 9) and xsaveopt,
// arat come later). Without one the line may be cut before aes (a terminal's hard wrap, tryout
// 27 W1), so a missing aes says nothing.
bool ShowsFlagAfterAes(const std::set<std::string>& tokens) {
  for (const char* later :
       {"xsave",  "avx",      "f16c",   "rdrand",      "hypervisor",    "lahf_lm",    "cmp_legacy",
        "svm",    "abm",      "sse4a",  "misalignsse", "3dnowprefetch", "osvw",       "ibs",
        "xop",    "fma4",     "tbm",    "topoext",     "perfctr_core",  "fsgsbase",   "tsc_adjust",
        "bmi1",   "hle",      "avx2",   "smep",        "bmi2",          "erms",       "invpcid",
        "rtm",    "avx512f",  "rdseed", "adx",         "smap",          "clflushopt", "clwb",
        "sha_ni", "xsaveopt", "xsavec", "xsaves",      "arat",          "vaes",       "vpclmulqdq",
        "umip",   "pku"}) {
    if (tokens.count(later) > 0) {
      return true;
    }
  }
  return false;
}

// True when a measured AES figure of `run` is above every software path (ClassifyAesFigure):
// AES-NI ran, whatever a flags line or a -cpu option pasted beside it says.
bool HasAesFigureAboveSoftware(const results::RunResult& run) {
  for (const results::AlgorithmResult& alg : run.algorithms) {
    for (const results::Cell& cell : alg.cells) {
      if (cell.status == results::CellStatus::kOk && cell.figures && cell.figures->bytes_per_s &&
          ClassifyAesFigure(alg.algorithm, cell.input_len, cell.figures->bytes_per_s->value) ==
              AesBound::kAboveSoftware) {
        return true;
      }
    }
  }
  return false;
}

// The family of a `botan cpuid` line by Botan's own names (randombit/botan
// src/lib/utils/cpuid/cpuid.cpp, CPUID::to_string: x86 prints rdtsc, sse2, ssse3, aes_ni,
// clmul ...; ARM neon and arm_aes or, in Botan 2, armv8aes ...): "botan-x86", "botan-arm", or
// "" (POWER's altivec and power_crypto have no rows, and an empty line says nothing).
std::string BotanFlagsFamily(const std::set<std::string>& tokens) {
  for (const char* x86 : {"sse2", "ssse3", "aes_ni", "aesni", "clmul", "rdtsc", "avx2"}) {
    if (tokens.count(x86) > 0) {
      return "botan-x86";
    }
  }
  for (const std::string& token : tokens) {
    if (token == "neon" || token.starts_with("arm_") || token.starts_with("armv8")) {
      return "botan-arm";
    }
  }
  return "";
}

// The parts of `text` between `separator`s, empty ones kept: "a|b" -> {"a", "b"}.
std::vector<std::string> SeparatedParts(const std::string& text, char separator) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = std::min(text.find(separator, start), text.size());
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// "aes_ni|aesni" -> {"aes_ni", "aesni"}.
std::vector<std::string> Alternatives(const std::string& match) {
  return SeparatedParts(match, '|');
}

std::string LineClue(std::string_view what, size_t line, std::string_view text) {
  std::string shown(text.substr(0, 80));
  if (text.size() > 80) {
    shown += "...";
  }
  return line > 0 ? fmt::format("{} (line {}): {}", what, line, shown)
                  : fmt::format("{}: {}", what, shown);
}

// OpenSSL 3.x's x86 capability vector as CPUID gave it (LibraryInfo::cpu_info, or the vector in
// use), with its words as pasted in `shown`; nullopt when there is none or an OPENSSL_ia32cap
// mask was given (an " env:" part, a pasted OPENSSL_ia32cap): then it says what the library was
// told, not what the CPU reports.
std::optional<CapabilityVector> UnmaskedVector(const results::RunResult& run, std::string* shown) {
  const results::LibraryInfo& library = run.library;
  const std::string& text =
      library.capability_vector.empty() ? library.cpu_info : library.capability_vector;
  if (library.cpu_info.find("env:") != std::string::npos ||
      library.worker_env.count("OPENSSL_ia32cap") > 0 ||
      (library.cpu_info.find("OPENSSL_ia32cap=") == std::string::npos &&
       library.capability_vector.empty())) {
    return std::nullopt;
  }
  const std::string words = library.cpu_info.empty()
                                ? fmt::format("OPENSSL_ia32cap={}", library.capability_vector)
                                : library.cpu_info;
  *shown = words.starts_with("CPUINFO: ") ? words.substr(9) : words;
  return ParseCpuInfoVector(text);
}

// The CPUINFO line of OpenSSL 3.x when its AES-NI bit (LV0 bit 57, KnownCapabilityBits) is clear
// and no OPENSSL_ia32cap mask was given (UnmaskedVector): its words as a clue, else "".
std::string VectorAesNiClear(const results::RunResult& run) {
  std::string shown;
  const std::optional<CapabilityVector> vector = UnmaskedVector(run, &shown);
  if (!vector) {
    return "";
  }
  for (const CapabilityBit& bit : KnownCapabilityBits()) {
    if (bit.name == "AES-NI" && ((*vector)[static_cast<size_t>(bit.vector)] & bit.mask) == 0) {
      return fmt::format("the CPUINFO capability vector ({}): its AES-NI bit is clear", shown);
    }
  }
  return "";
}

// LV0 bit 63 of OpenSSL's x86 capability vector: CPUID.1:ECX bit 31, which the CPU leaves 0 and
// a hypervisor sets for its guests (Intel SDM vol. 2A, CPUID leaf 1, ECX bit 31 "not used"; Linux
// X86_FEATURE_HYPERVISOR). OpenSSL puts CPUID.1:EDX in LV0 bits 0-31 and ECX in bits 32-63
// (crypto/x86_64cpuid.pl, OPENSSL_ia32_cpuid: `shl $32,%r9` of ECX, or'ed with EDX), rewriting ECX
// bits 11 (AMD XOP), 12 and 28 (FMA, AVX without OS support) and 26 (XSAVE on Knights) only.
constexpr uint64_t kVectorHypervisorBit = uint64_t{1} << 63;
constexpr std::string_view kVectorHypervisorSource =
    "https://github.com/torvalds/linux/blob/master/arch/x86/include/asm/cpufeatures.h "
    "(X86_FEATURE_HYPERVISOR ( 4*32+31): CPUID.1:ECX bit 31, 'Running on a hypervisor'); "
    "https://github.com/openssl/openssl/blob/06922e52fe6f8e0f751c66d5a3727fa7a34d9ad1/crypto/"
    "x86_64cpuid.pl (OPENSSL_ia32_cpuid: LV0 is CPUID.1:EDX, then ECX shifted to bits 32-63; "
    "ECX bit 31 kept as CPUID gives it)";

// True when `fact` (lscpu's "Hypervisor vendor:" line) stands inside the lscpu output that gave
// the run's flags line: after its Architecture or Model name line and before its Flags line,
// which lscpu prints in that order (util-linux sys-utils/lscpu.c), within one screen of it. A
// hypervisor named elsewhere (prose quoting another machine's dmesg or lscpu, another host's
// systemd-detect-virt) may be another machine's (tryout 29 W1: e14, r01, r06): it names the
// hypervisor of a guest otherwise shown, but shows none by itself.
bool InRunsLscpu(const results::RunResult& run, const results::SourceFact& fact) {
  constexpr size_t kMaxLscpuLines = 80;
  if (fact.origin != "lscpu") {
    return false;
  }
  const auto& facts = run.source.facts;
  const bool head_before = std::any_of(facts.begin(), facts.end(), [&](const auto& f) {
    return ((f.kind == "cpu_arch" && f.origin.empty()) || f.kind == "cpu_model") &&
           f.line < fact.line && fact.line - f.line <= kMaxLscpuLines;
  });
  const bool flags_after = std::any_of(facts.begin(), facts.end(), [&](const auto& f) {
    return f.kind == "cpu_flags" && f.origin == "lscpu" && f.line > fact.line &&
           f.line - fact.line <= kMaxLscpuLines;
  });
  return head_before && flags_after;
}

// The clue of an unmasked vector whose hypervisor bit is set, else "".
std::string VectorHypervisorBit(const results::RunResult& run) {
  std::string shown;
  const std::optional<CapabilityVector> vector = UnmaskedVector(run, &shown);
  if (!vector || ((*vector)[0] & kVectorHypervisorBit) == 0) {
    return "";
  }
  return fmt::format(
      "the CPUINFO capability vector ({}): its bit 63, CPUID.1:ECX bit 31 (hypervisor present), "
      "is set",
      shown);
}

class Reader {
 public:
  explicit Reader(CpuClues& out) : out_(out) {}

  void SetArch(const std::string& arch, const std::string& clue, const std::string& source,
               int rank) {
    if (arch.empty() || rank >= arch_rank_) {
      return;
    }
    arch_rank_ = rank;
    out_.arch = arch;
    out_.arch_clue = clue;
    arch_source_ = source;
  }

  void AddFeature(const std::string& name, bool present, bool from_flags, const std::string& clue,
                  const std::string& source, const std::string& row = "") {
    if (name == "VM") {
      if (present && !out_.virtual_machine) {
        out_.virtual_machine = true;
        out_.vm_clue = clue;
        out_.clues.push_back({"a virtual machine", clue, source});
      }
      return;
    }
    if (const CpuFeatureClue* seen = out_.Find(name); seen != nullptr) {
      // Two model or kernel rows of one block that disagree (a Pi 4 board label over a Pi 5
      // kernel, tryout 28 W4): neither decides. A flags line, read first, still does.
      if (!from_flags && !row.empty() && !seen->from_flags && !seen->row.empty() &&
          seen->present != present && seen->clue != clue) {
        AddConflict(name, seen->present ? seen->clue : clue, seen->present ? clue : seen->clue,
                    seen->present ? seen->source : source, seen->present ? source : seen->source);
      }
      return;  // the flags line, read first, decides; then the first model row
    }
    if (name == "AES-NI" && present && !from_flags && !aes_flags_cut_clue_.empty()) {
      return;  // a flags line that may be cut before aes: the model may have it switched off
    }
    out_.features.push_back({name, present, from_flags, clue, source, row});
  }

  // A flags-line row's feature as a flags clue shows it; the hypervisor row (has VM) counts only
  // when present, since a missing hypervisor flag proves no bare-metal machine.
  void AddFlagRow(const Row& row, bool present, const std::string& clue) {
    if (row.has[0] != "VM") {
      AddFeature(row.has[0], present, true, clue, row.source);
    } else if (present) {
      AddFeature("VM", true, true, clue, row.source);
    }
  }

  // `uname -a` (every word is tried) or lscpu's "Architecture:" value (uname -m's).
  void Uname(const results::SourceFact& fact, std::string_view what) {
    // A kernel release that names the SoC it was built for ("6.6.31+rpt-rpi-2712"): rows of
    // kind kernel, read as a model row of the same block after the flags and the CPU names
    // (KernelRows), so that a flags line still decides.
    for (const std::string& word : Words(fact.value)) {
      for (const Row& row : Table()) {
        if (row.clue == "kernel" && Glob(row.match, word)) {
          kernel_rows_.push_back(
              {&row, word, LineClue(fmt::format("{}'s kernel release", what), fact.line, word)});
          break;
        }
      }
    }
    for (const std::string& word : Words(fact.value)) {
      const std::string lower = Lower(word);
      for (const Row& row : Table()) {
        if (row.clue == "uname" && row.match == lower) {
          const std::string clue = LineClue(what, fact.line, fact.value);
          SetArch(row.arch, clue, row.source, 0);
          for (const std::string& name : row.lacks) {
            arch_lacks_.push_back({name, false, false, clue, row.source});
          }
          return;
        }
      }
    }
  }

  void March(std::string_view cflags) {
    const std::vector<std::string> words = Words(cflags);
    for (size_t i = 0; i < words.size(); ++i) {
      const std::string& word = words[i];
      std::string target;
      std::string option = word;
      if (word.rfind("-march=", 0) == 0) {
        target = word.substr(7);
      } else if (word.rfind("-mips", 0) == 0) {
        target = word.substr(1);  // -mips32r2: GCC's ISA-level option
      } else if (word == "-arch" && i + 1 < words.size()) {
        target = words[i + 1];  // clang's Darwin option: "-arch arm64", "-arch x86_64"
        option = word + " " + target;
      } else {
        continue;
      }
      for (const Row& row : Table()) {
        if (row.clue == "march" && Glob(row.match, target)) {
          const std::string clue = fmt::format("the compiler line's {}", option);
          SetArch(row.arch, clue, row.source, 1);
          for (const std::string& name : row.lacks) {
            arch_lacks_.push_back({name, false, false, clue, row.source});
          }
          break;
        }
      }
    }
  }

  // `openssl version -a`'s "platform: linux-mips32": the Configure target the build was made
  // for (rows of kind platform).
  void Platform(std::string_view platform) {
    const size_t colon = platform.find(':');
    const std::vector<std::string> words =
        Words(colon == std::string_view::npos ? platform : platform.substr(colon + 1));
    if (!words.empty()) {
      MatchTarget("platform", words[0], fmt::format("the platform line's {}", words[0]));
    }
  }

  // The compiler of a "compiler: mipsel-openwrt-linux-musl-gcc -Os ..." line: a cross compiler's
  // name starts with its target triplet (rows of kind cc). A plain gcc or cc names none.
  void Compiler(std::string_view cflags) {
    for (const std::string& word : Words(cflags)) {
      if (word == "compiler:") {
        continue;
      }
      if (word.empty() || word[0] == '-') {
        return;
      }
      const size_t slash = word.find_last_of('/');
      const std::string base = slash == std::string::npos ? word : word.substr(slash + 1);
      if (base.find('-') != std::string::npos) {
        MatchTarget("cc", base, fmt::format("the compiler {}", base));
      }
      return;
    }
  }

  // The names of a BSD boot line's comma-separated feature list ("sse3,pclmulqdq,...").
  static std::set<std::string> CommaNames(const std::string& names) {
    const std::vector<std::string> parts = SeparatedParts(names, ',');
    return {parts.begin(), parts.end()};
  }

  // A FreeBSD boot line of feature bits ("Features2=0x...<SSE3,PCLMULQDQ,...>"): its names say
  // what the CPU has of that line's bits only, so each line is its own family of rows
  // ("freebsd-features2", "freebsd-structured-extended-features"), and a feature of a line not
  // pasted stays unknown. Several such lines may be read, unless a Linux flags line came first.
  void FreeBsdFlags(const results::SourceFact& fact) {
    const size_t eq = fact.value.find("=0x");
    const size_t open = fact.value.find('<');
    if (eq == std::string::npos || open == std::string::npos || fact.value.back() != '>' ||
        (!out_.flags_family.empty() && out_.flags_family != "freebsd")) {
      return;
    }
    std::string label = Lower(fact.value.substr(0, eq));
    std::replace(label.begin(), label.end(), ' ', '-');
    const std::string family = "freebsd-" + label;
    const std::set<std::string> tokens =
        CommaNames(Lower(fact.value.substr(open + 1, fact.value.size() - open - 2)));
    const std::string clue = LineClue("the FreeBSD boot line", fact.line, fact.value);
    bool any = false;
    for (const Row& row : Table()) {
      if (row.clue != "flag" || row.arch != family) {
        continue;
      }
      any = true;
      const bool present = tokens.count(row.match) > 0;
      AddFlagRow(row, present, clue);
    }
    if (any) {
      out_.flags_family = "freebsd";
    }
  }

  // OpenBSD's amd64 feature line ("cpu0: FPU,VME,...,AES,..."): one list of every CPUID bit
  // the kernel names. A leaf-1 name (family "openbsd": AES, PCLMUL, AVX) is absent when not
  // listed; a leaf-7 name (family "openbsd-leaf7": SHA, AVX2, VAES) counts only when listed, as
  // kernels older than the name print the line without it.
  void OpenBsdFlags(const results::SourceFact& fact) {
    if (!out_.flags_family.empty()) {
      return;
    }
    const std::set<std::string> tokens =
        CommaNames(Lower(fact.value.substr(fact.value.find(": ") + 2)));
    const std::string clue = LineClue("the OpenBSD boot line", fact.line, fact.value);
    for (const Row& row : Table()) {
      if (row.clue != "flag" || (row.arch != "openbsd" && row.arch != "openbsd-leaf7")) {
        continue;
      }
      const bool present = tokens.count(row.match) > 0;
      if (present || row.arch == "openbsd") {
        AddFlagRow(row, present, clue);
      }
    }
    out_.flags_family = "openbsd";
  }

  // A line of named extensions whose names settle the family by the command that printed them:
  // RISC-V's isa line ("rv64imafdc_zba_zvkned": the base ISA and its single-letter extensions,
  // then '_'-separated multi-letter ones), Solaris `isainfo -v` on SPARC ("... des aes ... vis2
  // vis"), macOS's `sysctl hw.optional` ("FEAT_AES=1 FEAT_PMULL=0", Apple silicon only). A row
  // of that family is present when one of its names ('|'-separated) is listed; absent when the
  // line lists every extension (isa, isainfo) and none of them, or, for macOS, when its key
  // says 0; a macOS key not pasted stays unknown.
  void NamedExtensions(const results::SourceFact& fact, const std::string& family,
                       const std::set<std::string>& tokens, std::string_view what) {
    if (!out_.flags_family.empty()) {
      return;
    }
    out_.flags_family = family;
    const std::string clue = LineClue(what, fact.line, fact.value);
    if (family == "riscv") {
      SetArch(fact.value.starts_with("rv32") ? "riscv32" : "riscv64", clue, "", 2);
    } else if (family == "sparc") {
      SetArch("sparcv9", clue, "", 2);
    } else if (family == "apple") {
      SetArch("aarch64", clue, "", 2);
    }
    for (const Row& row : Table()) {
      if (row.clue != "flag" || row.arch != family) {
        continue;
      }
      const std::vector<std::string> names = Alternatives(row.match);
      bool present = false;
      bool listed = family != "apple";
      for (const std::string& name : names) {
        const std::string key = family == "apple" ? name + "=1" : name;
        present = present || tokens.count(key) > 0;
        listed = listed || tokens.count(key) > 0 || tokens.count(name + "=0") > 0;
      }
      if (listed) {
        AddFeature(row.has[0], present, true, clue, row.source);
      }
    }
  }

  void Flags(const results::SourceFact& fact) {
    if (fact.origin == "FreeBSD dmesg") {
      FreeBsdFlags(fact);
      return;
    }
    if (fact.origin == "OpenBSD dmesg") {
      OpenBsdFlags(fact);
      return;
    }
    if (fact.origin == "/proc/cpuinfo isa") {
      // The base ("rv64imafdcv"): its letters after rv64 are single-letter extensions.
      std::set<std::string> tokens;
      std::string isa = Lower(fact.value);
      std::replace(isa.begin(), isa.end(), '_', ' ');
      for (const std::string& part : Words(isa)) {
        if (part.starts_with("rv32") || part.starts_with("rv64")) {
          for (const char letter : part.substr(4)) {
            tokens.insert(std::string(1, letter));
          }
        } else if (!part.empty()) {
          tokens.insert(part);
        }
      }
      for (const std::string& extra : riscv_isa_ext_) {
        tokens.insert(extra);
      }
      NamedExtensions(fact, "riscv", tokens, "the /proc/cpuinfo isa line");
      return;
    }
    if (fact.origin == "isainfo -v" || fact.origin == "sysctl hw.optional") {
      const std::vector<std::string> words = Words(Lower(fact.value));
      const std::set<std::string> tokens(words.begin(), words.end());
      if (fact.origin == "sysctl hw.optional") {
        NamedExtensions(fact, "apple", tokens, "the sysctl hw.optional.arm lines");
      } else if (tokens.count("vis") > 0 || tokens.count("vis2") > 0) {
        NamedExtensions(fact, "sparc", tokens, "the isainfo -v extension lines");
      }
      return;
    }
    const std::vector<std::string> words = Words(Lower(fact.value));
    const std::set<std::string> tokens(words.begin(), words.end());
    const bool botan = fact.origin == "botan cpuid";
    const std::string family = botan ? BotanFlagsFamily(tokens) : FlagsFamily(tokens);
    if (botan && out_.botan_cpuid_clue.empty()) {
      out_.botan_cpuid_clue = LineClue("the botan cpuid line", fact.line, fact.value);
    }
    if (family.empty() && !botan && out_.flags_family.empty() && HasX86OnlyFlag(tokens)) {
      X86FlagsExcerpt(fact, tokens);
      return;
    }
    if (family.empty() || !out_.flags_family.empty()) {
      return;
    }
    out_.flags_family = family;
    // Named by what was pasted: lscpu's "Flags:" is no /proc/cpuinfo line.
    const std::string what =
        botan                    ? "the botan cpuid line"
        : fact.origin == "lscpu" ? "the lscpu Flags line"
        : fact.origin == "/proc/cpuinfo"
            ? (family == "x86" ? "the /proc/cpuinfo flags line" : "the /proc/cpuinfo Features line")
            : (family == "x86" ? "the CPU flags line" : "the CPU Features line");
    const std::string clue = LineClue(what, fact.line, fact.value);
    if (botan) {
      // Botan names the same features on 32- and 64-bit code, so its line gives the family and
      // leaves the width open (Finish keeps it only when no other clue names the architecture).
      out_.arch_family = family == "botan-x86" ? "x86" : "arm";
      out_.arch_family_clue = clue;
    } else {
      const std::string arch = family == "x86"     ? (tokens.count("lm") ? "x86_64" : "x86")
                               : family == "arm64" ? "aarch64"
                                                   : "arm";
      SetArch(arch, clue, "", 2);
    }
    for (const Row& row : Table()) {
      // A "botan-x86+" row is a name only some Botan releases print: its absence says nothing.
      const bool present_only = botan && row.arch == family + "+";
      if (row.clue != "flag" || (row.arch != family && !present_only)) {
        continue;
      }
      // Botan rows list the names releases gave one feature ("aes_ni|aesni").
      const std::vector<std::string> names =
          botan ? Alternatives(row.match) : std::vector<std::string>{row.match};
      const bool present = std::any_of(names.begin(), names.end(),
                                       [&](const std::string& n) { return tokens.count(n) > 0; });
      if (present_only && !present) {
        continue;
      }
      if (family == "x86" && row.match == "aes" && !present && !ShowsFlagAfterAes(tokens)) {
        // The line may be cut before aes: AES-NI stays unknown, whatever a model row says.
        aes_flags_cut_clue_ = clue;
        continue;
      }
      if (family == "arm64" && !present && !ShowsArm64FlagAfter(tokens, row.match)) {
        continue;  // the line may be cut before it: the feature stays unknown
      }
      AddFlagRow(row, present, clue);
    }
  }

  // A flags line cut to some words (no fpu, so FlagsFamily cannot tell) with a flag only x86
  // prints: the family is x86, its width unknown (a cut line's missing lm says nothing), and
  // only the flags it shows count, as present; the rest stay unknown.
  void X86FlagsExcerpt(const results::SourceFact& fact, const std::set<std::string>& tokens) {
    const std::string clue =
        LineClue(fact.origin == "lscpu" ? "the lscpu Flags line" : "the CPU flags line", fact.line,
                 fact.value);
    if (out_.arch.empty() && out_.arch_family.empty()) {
      out_.arch_family = "x86";
      out_.arch_family_clue = clue + ", x86 flags";
    }
    for (const Row& row : Table()) {
      if (row.clue == "flag" && row.arch == "x86" && tokens.count(row.match) > 0) {
        AddFlagRow(row, true, clue);
      }
    }
  }

  // A pasted `grep -o -w 'aes|hypervisor' /proc/cpuinfo` and its output (import's cpuinfo_grep
  // and cpuinfo_grep_found facts): each asked word that is a flag row's is present when printed
  // and absent when not, since grep prints every whole-word match. Needs the flags' family: a
  // flags line's, the architecture's, or an asked word only x86 flags have (fpu, hypervisor,
  // pclmulqdq, sha_ni, avx*); else it says nothing. An asked word is absent only when `complete`
  // (the run holds the end of the grep's output): a grep whose output went to another run, or
  // is not known to have ended, shows only what it printed (tryout 24 p11).
  void GrepWords(const results::SourceFact& asked, const std::set<std::string>& found,
                 bool complete) {
    std::string spaced = Lower(asked.value);
    std::replace(spaced.begin(), spaced.end(), '|', ' ');
    const std::vector<std::string> words = Words(spaced);
    const std::set<std::string> tokens(words.begin(), words.end());
    std::string family = out_.flags_family;
    if (family.empty()) {
      family = out_.arch == "x86_64" || out_.arch == "x86" ? "x86"
               : out_.arch == "aarch64"                    ? "arm64"
               : out_.arch == "arm"                        ? "arm"
                                                           : "";
    }
    bool x86_by_words = false;
    if (family.empty()) {
      for (const char* x86 : {"fpu", "hypervisor", "pclmulqdq", "sha_ni", "avx", "avx2", "ssse3"}) {
        if (tokens.count(x86) > 0) {
          family = "x86";
          x86_by_words = true;
        }
      }
    }
    if (family.empty()) {
      return;
    }
    std::string shown;
    for (const std::string& word : found) {
      if (!shown.empty()) {
        shown += ' ';
      }
      shown += word;
    }
    const std::string clue =
        fmt::format("the grep of /proc/cpuinfo (line {}: {}) printed {}", asked.line, asked.origin,
                    shown.empty() ? "nothing" : shown);
    // Words only x86's flags have: the family is x86, its width not shown.
    if (x86_by_words && out_.arch.empty() && out_.arch_family.empty()) {
      out_.arch_family = "x86";
      out_.arch_family_clue = clue + ", asking x86 flags";
    }
    for (const Row& row : Table()) {
      if (row.clue != "flag" || row.arch != family || tokens.count(row.match) == 0) {
        continue;
      }
      const bool present = found.count(row.match) > 0;
      if (present || complete) {
        AddFlagRow(row, present, clue);
      }
    }
  }

  void MatchTarget(std::string_view kind, const std::string& target, const std::string& clue) {
    if (target.empty()) {
      return;
    }
    for (const Row& row : Table()) {
      if (row.clue == kind && Glob(row.match, target)) {
        SetArch(row.arch, clue, row.source, 1);
        for (const std::string& name : row.lacks) {
          arch_lacks_.push_back({name, false, false, clue, row.source});
        }
        return;
      }
    }
  }

  // A CPU, SoC or board name. A block label (`label`: a line that may name a machine, a build or
  // anything else) counts only when a row matches it: else it is left as prose, not an unknown
  // model.
  void Model(const std::string& text, const std::string& clue, bool label = false) {
    // "model name: Intel(R) ...": rows match the whole fact or the name after the key.
    const size_t colon = text.find(": ");
    const std::string name = colon == std::string::npos ? text : text.substr(colon + 2);
    const bool coprocessor = Coprocessor(text, name, clue);
    for (const Row& row : Table()) {
      if (row.clue != "model" || !(Glob(row.match, text) || Glob(row.match, name))) {
        continue;
      }
      out_.models.push_back(text);
      ApplyModelRow(row, name, clue);
      return;
    }
    if (coprocessor) {
      out_.models.push_back(text);  // known: a row of the coprocessor table names it
      return;
    }
    if (!label) {
      out_.models.push_back(text);
      out_.unknown_models.push_back(name);
    }
  }

  // A model name rows of data/crypto-coprocessors.csv match, one row per feature of the unit
  // (the first model line read decides).
  bool Coprocessor(const std::string& text, const std::string& name, const std::string& clue) {
    bool matched = false;
    for (const CoprocessorRow& row : CoprocessorTable()) {
      if (Glob(row.match, text) || Glob(row.match, name)) {
        if (coprocessors_.empty() || coprocessors_.front().clue == clue) {
          coprocessors_.push_back(MatchedCoprocessor{&row, name, clue});
        }
        matched = true;
      }
    }
    return matched;
  }

  // The coprocessor a model line named, on its architecture (or one no clue names): its feature
  // is not absent by the architecture's rows (the CPU has it, outside the ISA). For a library the
  // row says has no code for it, the feature is absent as the library sees it, with the
  // coprocessor named; for another, unknown.
  // Each matched row (one per feature) is applied; CpuClues::coprocessor is the first.
  void ApplyCoprocessor(const results::RunResult& run) {
    if (coprocessors_.empty() ||
        (!out_.arch.empty() && out_.arch != coprocessors_.front().row->arch)) {
      return;
    }
    for (const MatchedCoprocessor& matched : coprocessors_) {
      const CoprocessorRow& row = *matched.row;
      SetArch(row.arch, matched.clue, row.source, 3);
      std::erase_if(arch_lacks_,
                    [&](const CpuFeatureClue& lack) { return lack.name == row.feature; });
      const std::string library = LibraryWithoutCoprocessorCode(run, row);
      if (!out_.coprocessor) {
        out_.coprocessor =
            CryptoCoprocessor{row.unit,     row.feature, row.algorithms, row.used_by, library,
                              matched.name, row.match,   matched.clue,   row.source};
      }
      if (library.empty()) {
        unknown_coprocessor_features_.push_back(&matched);
        continue;
      }
      if (out_.Find(row.feature) != nullptr) {
        continue;
      }
      AddFeature(row.feature, false, false, matched.clue, row.source);
      for (CpuFeatureClue& added : out_.features) {
        if (added.name == row.feature && added.clue == matched.clue) {
          added.coprocessor = row.unit;
          added.coprocessor_row = row.match;
          added.coprocessor_library = library;
        }
      }
    }
  }

  // The kernel rows Uname found, read as model rows.
  void KernelRows() {
    for (const KernelRow& kernel : kernel_rows_) {
      ApplyModelRow(*kernel.row, kernel.name, kernel.clue);
    }
  }

  // A model or kernel row that matched `name`, read from `clue`.
  void ApplyModelRow(const Row& row, const std::string& name, const std::string& clue) {
    matched_models_.push_back({name, &row});
    if (out_.vm_model.empty() && std::find(row.has.begin(), row.has.end(), "VM") != row.has.end()) {
      out_.vm_model = name;
      out_.vm_model_lacks = row.lacks;
    }
    SetArch(row.arch, clue, row.source, 3);
    for (const std::string& feature : row.has) {
      AddFeature(feature, true, false, clue, row.source, row.match);
    }
    const bool virtual_model = std::find(row.has.begin(), row.has.end(), "VM") != row.has.end();
    for (const std::string& feature : row.lacks) {
      AddFeature(feature, false, false, clue, row.source, row.match);
      for (CpuFeatureClue& added : out_.features) {
        if (virtual_model && added.name == feature && added.clue == clue && !added.from_flags) {
          added.from_vm_model_name = true;
        }
      }
    }
  }

  // QEMU's `-cpu MODEL` (import's "vm_cpu_model" fact) for a model of data/vm-cpu-models.csv:
  // the guest is an x86-64 virtual machine, and what the model leaves out is absent in it
  // whatever its host has. Read after the guest's own flags line (which decides) and before
  // CPU names (a guest's model name may be its host's).
  // An AES figure faster than any software AES under a model without AES-NI shows that the
  // option pasted is not the one the run had (as VmCpuModelFinding): then it says nothing.
  void VmModel(const results::SourceFact& fact, const results::RunResult& run) {
    const VmCpuModel* model = FindVmCpuModel(fact.value);
    if (model == nullptr) {
      return;  // "host", "max" or a model the table does not know: nothing is guessed
    }
    if (std::find(model->lacks.begin(), model->lacks.end(), "AES-NI") != model->lacks.end() &&
        HasAesFigureAboveSoftware(run)) {
      return;
    }
    const std::string clue = LineClue("QEMU's -cpu option", fact.line, "-cpu " + fact.value);
    SetArch("x86_64", clue, model->source, 3);
    AddFeature("VM", true, false, clue, model->source);
    for (const std::string& name : model->lacks) {
      // The table's names for the flags rows' (cpufeatures.h): SHA is SHA-NI, AVX-512 AVX-512F.
      const std::string feature = name == "SHA" ? "SHA-NI" : name == "AVX-512" ? "AVX-512F" : name;
      AddFeature(feature, false, false, clue, model->source);
      for (CpuFeatureClue& added : out_.features) {
        if (added.name == feature && added.clue == clue) {
          added.from_vm_model = true;
        }
      }
    }
  }

  // The highest AES-128 throughput software reaches on the CPU an absent AES clue (`feature`)
  // describes, when a model row names that CPU and data/cpu-max-clocks.csv gives its highest
  // clock: the feature's own model row, or for a flags line a model row of the block that lacks
  // AES too (the line and the row agree on the CPU). The highest over the rows that qualify;
  // nullopt when none does (the CPU is unknown: only the any-CPU bound of AesBoundsFor holds).
  std::optional<CpuAesCeiling> NamedCpuCeiling(const CpuFeatureClue& feature) const {
    std::optional<CpuAesCeiling> best;
    for (const auto& [name, row] : matched_models_) {
      const bool describes = feature.from_flags ? std::find(row->lacks.begin(), row->lacks.end(),
                                                            feature.name) != row->lacks.end()
                                                : row->match == feature.row;
      if (!describes) {
        continue;
      }
      for (const MaxClockRow& clock : MaxClockTable()) {
        if (!Glob(clock.match, name)) {
          continue;
        }
        const double cpb = SoftwareAes128Cpb(clock);
        if (!best || clock.max_hz / cpb > best->max_hz / best->aes128_cpb) {
          best = CpuAesCeiling{clock.max_hz, cpb, clock.match, clock.source,
                               std::string(SoftwareAesSource(clock))};
        }
        break;  // the first clock row that matches the name is its own
      }
    }
    return best;
  }

  // A clue that says the CPU lacks AES instructions (a model row, or a flags line that a model
  // row of the block agrees with), while an AES figure of the run is faster than any software
  // AES at that model's highest clock (data/cpu-max-clocks.csv, with overclocks; the fastest
  // software AES for its cores, NamedCpuCeiling): the clue and the figure disagree (a board label
  // over another machine's run, tryout 28 W4; a Pi 4's Features line beside a Pi 5's figures,
  // tryout 29 r15), so the clue decides nothing. A flags line that no such row names is the
  // CPU's own and is not overruled here (only the any-CPU bound holds for an unknown CPU). With
  // no disagreement the ceiling is kept for the report (CpuClues::aes_software_ceiling).
  void AddFigureConflicts(const results::RunResult& run) {
    for (const CpuFeatureClue& feature : out_.features) {
      if ((feature.name != "AES" && feature.name != "AES-NI") || feature.present ||
          (!feature.from_flags && feature.row.empty())) {
        continue;
      }
      const std::optional<CpuAesCeiling> named = NamedCpuCeiling(feature);
      if (!named) {
        continue;
      }
      for (const results::AlgorithmResult& alg : run.algorithms) {
        const std::optional<double> factor = AesRoundFactor(alg.algorithm);
        if (!factor) {
          continue;
        }
        const double ceiling = named->For(alg.algorithm);
        const results::Cell* fastest = nullptr;
        for (const results::Cell& cell : alg.cells) {
          if (cell.status == results::CellStatus::kOk && cell.figures &&
              cell.figures->bytes_per_s && cell.figures->bytes_per_s->value > ceiling &&
              (fastest == nullptr ||
               cell.figures->bytes_per_s->value > fastest->figures->bytes_per_s->value)) {
            fastest = &cell;
          }
        }
        if (fastest == nullptr) {
          continue;
        }
        // The clue does not describe the run's CPU: none of what it says decides.
        const std::string figure = fmt::format(
            "the run's {} {} figure ({:.1f} MB/s at {} bytes per call, above the "
            "{:.0f} MB/s software AES reaches at {:.2f} GHz, the highest clock of {})",
            alg.algorithm, fastest->operation, fastest->figures->bytes_per_s->value / 1e6,
            fastest->input_len, ceiling / 1e6, named->max_hz / 1e9, named->model);
        const std::vector<CpuFeatureClue> features = out_.features;
        for (const CpuFeatureClue& same : features) {
          if (same.clue == feature.clue && same.from_flags == feature.from_flags && !same.present) {
            AddConflict(
                same.name, figure, same.clue,
                fmt::format("{} ({}); {}", named->clock_source, kClockTable, named->cpb_source),
                same.source);
          }
        }
        return;
      }
      out_.aes_software_ceiling = named;
      return;  // one AES clue decides (AddFeature keeps the first)
    }
  }

  // One conflict per pair of clues, with every feature they disagree on.
  void AddConflict(const std::string& feature, const std::string& present_clue,
                   const std::string& absent_clue, const std::string& present_source,
                   const std::string& absent_source) {
    for (Conflict& conflict : conflicts_) {
      if (conflict.present_clue == present_clue && conflict.absent_clue == absent_clue) {
        conflict.features.push_back(feature);
        return;
      }
    }
    conflicts_.push_back({{feature}, present_clue, absent_clue, present_source, absent_source});
  }

  // RISC-V's "isa-ext : zicbom zicboz ..." (Linux 6.x): more extensions of the isa line's CPU.
  void AddRiscvIsaExt(const std::string& value) {
    for (const std::string& word : Words(Lower(value))) {
      riscv_isa_ext_.push_back(word);
    }
  }

  void Finish(const results::RunResult& run) {
    // bn(64,32): the build's BN_ULONG is 32 bits, so its code is 32-bit whatever the CPU.
    const std::string& options = run.library.options;
    for (const int bits : {32, 64}) {
      if (options.find(fmt::format("bn(64,{})", bits)) != std::string::npos) {
        out_.word_bits = bits;
        out_.word_bits_clue = fmt::format("the options line's bn(64,{})", bits);
      }
    }
    if (out_.word_bits == 32 && (out_.arch == "x86_64" || out_.arch == "aarch64")) {
      out_.arch = out_.arch == "x86_64" ? "x86" : "arm";
      out_.arch_clue += fmt::format("; {}: a 32-bit build", out_.word_bits_clue);
    }
    AddFigureConflicts(run);
    for (const Conflict& conflict : conflicts_) {
      std::erase_if(out_.features, [&](const CpuFeatureClue& f) {
        return std::find(conflict.features.begin(), conflict.features.end(), f.name) !=
               conflict.features.end();
      });
      std::string names;
      for (const std::string& name : conflict.features) {
        names += (names.empty() ? "" : ", ") + name;
      }
      out_.conflicts.push_back(
          {names, conflict.present_clue, conflict.absent_clue,
           fmt::format("{}; {}", conflict.present_source, conflict.absent_source)});
    }
    ApplyCoprocessor(run);
    for (const CpuFeatureClue& lack : arch_lacks_) {
      AddFeature(lack.name, false, false, lack.clue, lack.source);
    }
    // A guest's flags without an extension its host's model has: the VM hides it.
    std::string hidden_source;  // the source of the host model's row
    if (out_.virtual_machine && !out_.flags_family.empty()) {
      for (const auto& [name, row] : matched_models_) {
        bool virtual_model = false;
        for (const std::string& feature : row->has) {
          virtual_model = virtual_model || feature == "VM";
        }
        for (const std::string& feature : row->has) {
          const CpuFeatureClue* seen = out_.Find(feature);
          if (!virtual_model && seen != nullptr && seen->from_flags && !seen->present) {
            out_.hidden_by_vm.push_back(feature);
            out_.hidden_model = name;
            hidden_source = row->source;
          }
        }
      }
    }
    // A guest without a flags line whose CPUINFO capability vector, unmasked, has the AES-NI bit
    // clear on a host model that has AES-NI (tryout 28 q15c): the vector is the guest's CPUID, so
    // the virtual machine hides it, as a guest's flags line without aes shows.
    if (out_.virtual_machine && out_.flags_family.empty() && out_.hidden_by_vm.empty()) {
      if (const std::string clue = VectorAesNiClear(run); !clue.empty()) {
        for (const auto& [name, row] : matched_models_) {
          const bool virtual_model =
              std::find(row->has.begin(), row->has.end(), "VM") != row->has.end();
          if (!virtual_model &&
              std::find(row->has.begin(), row->has.end(), "AES-NI") != row->has.end()) {
            out_.hidden_by_vm.push_back("AES-NI");
            out_.hidden_model = name;
            out_.hidden_by_vm_clue = clue;
            hidden_source = row->source;
            break;
          }
        }
      }
    }
    // The CPU's own flags line without the AES-NI its model has, and no virtual machine shown:
    // switched off in the firmware or hidden by a hypervisor the text does not show.
    // A model some row says lacks AES-NI settles nothing (the rows disagree).
    const bool a_row_lacks_aes =
        std::any_of(matched_models_.begin(), matched_models_.end(), [](const auto& matched) {
          const std::vector<std::string>& lacks = matched.second->lacks;
          return std::find(lacks.begin(), lacks.end(), "AES-NI") != lacks.end();
        });
    // An AES figure above every software path shows AES-NI running (tryout 27 W2): then the flags
    // line is not this run's CPU's, or is cut, and says nothing of the firmware.
    if (!out_.virtual_machine && out_.flags_family == "x86" && !a_row_lacks_aes &&
        !HasAesFigureAboveSoftware(run)) {
      const CpuFeatureClue* aes = out_.Find("AES-NI");
      for (const auto& [name, row] : matched_models_) {
        const bool virtual_model =
            std::find(row->has.begin(), row->has.end(), "VM") != row->has.end();
        if (!virtual_model && aes != nullptr && aes->from_flags && !aes->present &&
            std::find(row->has.begin(), row->has.end(), "AES-NI") != row->has.end()) {
          out_.aes_ni_off = true;
          out_.aes_ni_off_model = name;
          out_.aes_ni_off_source = row->source;
          out_.aes_ni_off_clue = aes->clue;
        }
      }
    }
    // No flags line that settles it, but OpenSSL 3.x's CPUINFO capability vector has the AES-NI
    // bit clear (tryout 25 q09): OpenSSL sets it from CPUID leaf 1 ECX bit 25 as the CPU reports
    // it (doc/man3/OPENSSL_ia32cap.pod), so without an OPENSSL_ia32cap mask the CPU, as this OS
    // sees it, reports no AES-NI: the same case as a flags line without aes, with the same
    // guards (no virtual machine shown, no row that lacks AES-NI, no AES figure above software).
    if (const CpuFeatureClue* aes = out_.Find("AES-NI");
        !out_.aes_ni_off && !out_.virtual_machine && !a_row_lacks_aes &&
        (aes == nullptr || !aes->from_flags) && !HasAesFigureAboveSoftware(run)) {
      if (const std::string clue = VectorAesNiClear(run); !clue.empty()) {
        for (const auto& [name, row] : matched_models_) {
          const bool virtual_model =
              std::find(row->has.begin(), row->has.end(), "VM") != row->has.end();
          if (!virtual_model &&
              std::find(row->has.begin(), row->has.end(), "AES-NI") != row->has.end()) {
            out_.aes_ni_off = true;
            out_.aes_ni_off_model = name;
            out_.aes_ni_off_source = row->source;
            out_.aes_ni_off_clue = clue;
            out_.aes_ni_off_by_vector = true;
          }
        }
      }
    }
    if (!out_.arch.empty()) {
      out_.arch_family.clear();  // a clue with the width decides
      out_.arch_family_clue.clear();
    } else if (!out_.arch_family.empty()) {
      out_.clues.insert(
          out_.clues.begin(),
          {fmt::format("architecture family {}, 32- or 64-bit not shown", out_.arch_family),
           out_.arch_family_clue, ""});
    }
    if (!out_.arch.empty()) {
      out_.clues.insert(out_.clues.begin(),
                        {fmt::format("architecture {}", out_.arch), out_.arch_clue, arch_source_});
    }
    for (const CpuFeatureClue& feature : out_.features) {
      if (!feature.coprocessor.empty()) {
        out_.clues.push_back({fmt::format("{}: in {} only, which {} has no code for", feature.name,
                                          feature.coprocessor, feature.coprocessor_library),
                              feature.clue, feature.source});
        continue;
      }
      out_.clues.push_back(
          {feature.from_vm_model_name
               ? fmt::format("{}: cannot tell (the virtual CPU model's name does not settle it: "
                             "the hypervisor may add it; the flags line would show it)",
                             feature.name)
               : fmt::format("{}: {}", feature.name, feature.present ? "present" : "absent"),
           feature.clue, feature.source});
    }
    if (!out_.hidden_by_vm.empty()) {
      std::string names;
      for (const std::string& name : out_.hidden_by_vm) {
        names += (names.empty() ? "" : ", ") + name;
      }
      out_.clues.push_back(
          {fmt::format("hidden by the virtual machine: {}", names),
           fmt::format("{}; the host's model {} has them", out_.vm_clue, out_.hidden_model),
           hidden_source});
    }
    if (out_.aes_ni_off) {
      out_.clues.push_back(
          {"AES-NI: switched off in the firmware, or hidden by a hypervisor the text does not "
           "show",
           fmt::format("{}; the model {} has it", out_.aes_ni_off_clue, out_.aes_ni_off_model),
           out_.aes_ni_off_source});
    }
    if (!aes_flags_cut_clue_.empty() && out_.Find("AES-NI") == nullptr) {
      out_.aes_flags_cut_clue = aes_flags_cut_clue_;
      out_.clues.push_back(
          {"AES-NI: cannot tell (the flags line may be cut: it shows no flag the kernel prints "
           "after aes)",
           aes_flags_cut_clue_,
           "https://github.com/torvalds/linux/blob/master/arch/x86/include/asm/cpufeatures.h "
           "(flags in bit order: word 4 ... popcnt tsc_deadline_timer aes xsave avx f16c rdrand "
           "hypervisor; later words lahf_lm ... fsgsbase bmi1 avx2 ...)"});
    }
    for (const MatchedCoprocessor* matched : unknown_coprocessor_features_) {
      out_.clues.push_back(
          {fmt::format("{}: cannot tell (the CPU has it in {}, outside its instruction set; "
                       "whether the run's software uses it is not in the text)",
                       matched->row->feature, matched->row->unit),
           matched->clue, matched->row->source});
    }
    // A flags or Features line already says which extensions the CPU has (tryout 32 D13: a
    // Features line with aes and pmull beside "CPU part : 0xd03" was "unknown").
    for (const std::string& name :
         out_.flags_family.empty() ? out_.unknown_models : std::vector<std::string>{}) {
      out_.clues.push_back(
          {"crypto extensions unknown", fmt::format("the CPU model '{}': no table row", name), ""});
    }
    for (const CpuClueConflict& conflict : out_.conflicts) {
      out_.clues.push_back(
          {fmt::format("{}: cannot tell (the clues disagree: the paste may mix two machines)",
                       conflict.feature),
           fmt::format("{} shows {}; {} shows no {}", conflict.present_clue, conflict.feature,
                       conflict.absent_clue, conflict.feature),
           conflict.sources});
    }
  }

 private:
  CpuClues& out_;
  int arch_rank_ = 100;
  std::string arch_source_;
  std::vector<CpuFeatureClue> arch_lacks_;
  std::vector<std::string> riscv_isa_ext_;
  std::vector<std::pair<std::string, const Row*>> matched_models_;
  struct Conflict {
    std::vector<std::string> features;
    std::string present_clue;
    std::string absent_clue;
    std::string present_source;
    std::string absent_source;
  };
  std::vector<Conflict> conflicts_;
  struct KernelRow {
    const Row* row;
    std::string name;  // the kernel release as pasted
    std::string clue;
  };
  std::vector<KernelRow> kernel_rows_;
  struct MatchedCoprocessor {
    const CoprocessorRow* row;
    std::string name;  // the model as pasted
    std::string clue;
  };
  std::vector<MatchedCoprocessor> coprocessors_;
  // The matched rows whose library is not in the text (the feature stays unknown).
  std::vector<const MatchedCoprocessor*> unknown_coprocessor_features_;
  // The clue of an x86 flags line without aes that may be cut before it (ShowsFlagAfterAes), or
  // "": AES-NI is then unknown, not absent, and no model row makes it present.
  std::string aes_flags_cut_clue_;
};

}  // namespace

bool CpuClues::FlagsPasted() const {
  return std::any_of(features.begin(), features.end(),
                     [](const CpuFeatureClue& f) { return f.from_flags; });
}

const CpuFeatureClue* CpuClues::Find(std::string_view name) const {
  for (const CpuFeatureClue& feature : features) {
    if (feature.name == name) {
      return &feature;
    }
  }
  return nullptr;
}

CpuClues ReadCpuClues(const results::RunResult& run) {
  CpuClues out;
  Reader reader(out);
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind != "hypervisor_vendor") {
      continue;
    }
    // lscpu names VirtualBox "Innotek GmbH" (by DMI) or "Oracle" (by its CPUID signature;
    // util-linux sys-utils/lscpu-virt.c, hv_vendors); import's other readers say "VirtualBox".
    // Its KVM paravirtualization interface answers CPUID's hypervisor leaf as KVM does
    // (VirtualBox src/VBox/VMM/VMMR3/GIMKvm.cpp, gimR3KvmInit: "KVMKVMKVM"), so lscpu and the
    // kernel may say KVM of a VirtualBox guest: the VirtualBox name wins.
    const bool virtualbox =
        fact.value == "VirtualBox" || fact.value == "Oracle" || fact.value == "Innotek GmbH";
    if (out.hypervisor_vendor.empty() || virtualbox) {
      out.hypervisor_vendor = virtualbox ? "VirtualBox" : fact.value;
    }
  }
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind == "uname") {
      reader.Uname(fact, "the uname line");
    } else if (fact.kind == "cpu_arch") {
      reader.Uname(fact, fact.origin == "uname -m"        ? "the uname -m output"
                         : fact.origin == "FreeBSD dmesg" ? "the FreeBSD CPU line (K8-class: an "
                                                            "amd64 kernel)"
                         : fact.origin == "OpenBSD dmesg"
                             ? "the OpenBSD CPU line (its amd64 kernel's form)"
                         : fact.origin == "sysctl hw.machine" ? "the sysctl hw.machine line"
                         : fact.origin == "isainfo -v"        ? "the isainfo -v 64-bit ISA line"
                                                              : "lscpu's Architecture line");
    }
  }
  reader.March(run.library.cflags);
  reader.Platform(run.library.platform);
  reader.Compiler(run.library.cflags);
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind == "cpu_flags" && fact.origin == "/proc/cpuinfo isa-ext") {
      reader.AddRiscvIsaExt(fact.value);  // read with the isa line, wherever it stands
    }
  }
  // macOS's hw.optional lines and isainfo's extension lines are one fact per line: read each
  // command's lines as one (the first line's number).
  std::vector<results::SourceFact> flags;
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind != "cpu_flags" || fact.origin == "/proc/cpuinfo isa-ext") {
      continue;
    }
    const bool joined = fact.origin == "sysctl hw.optional" || fact.origin == "isainfo -v";
    if (joined && !flags.empty() && flags.back().origin == fact.origin) {
      flags.back().value += " " + fact.value;
    } else {
      flags.push_back(fact);
    }
  }
  for (const results::SourceFact& fact : flags) {
    reader.Flags(fact);
  }
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind == "cpuinfo_grep") {
      // The end of this grep's output (import's cpuinfo_grep_end), if the run holds it.
      std::optional<size_t> end;
      for (const results::SourceFact& e : run.source.facts) {
        if (e.kind == "cpuinfo_grep_end" && e.value == fact.value && e.line >= fact.line &&
            (!end || e.line < *end)) {
          end = e.line;
        }
      }
      std::set<std::string> found;
      for (const results::SourceFact& word : run.source.facts) {
        if (word.kind == "cpuinfo_grep_found" && word.origin == fact.value &&
            word.line > fact.line && (!end || word.line <= *end)) {
          found.insert(Lower(word.value));
        }
      }
      reader.GrepWords(fact, found, end.has_value());
    }
  }
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind == "vm_cpu_model") {
      reader.VmModel(fact, run);
    }
  }
  // A guest shown otherwise than by a flags line (read first, so its clue is kept when it has
  // the hypervisor flag): lscpu's "Hypervisor vendor:" line, which lscpu prints only for a
  // hypervisor it detects (util-linux sys-utils/lscpu-virt.c; tryout 28 W12), or the same line of
  // another tool; and an unmasked CPUINFO vector with its hypervisor bit set (tryout 28 W9).
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind == "hypervisor_vendor" && InRunsLscpu(run, fact)) {
      reader.AddFeature(
          "VM", true, false,
          LineClue(fact.origin == "lscpu" ? "lscpu's Hypervisor vendor line"
                                          : fmt::format("the {} output", fact.origin),
                   fact.line, fact.value),
          fact.origin == "lscpu"
              ? "https://github.com/util-linux/util-linux/blob/master/sys-utils/lscpu-virt.c "
                "(lscpu prints a Hypervisor vendor only when it detects a hypervisor)"
              : "");
      break;
    }
  }
  if (const std::string clue = VectorHypervisorBit(run); !clue.empty()) {
    reader.AddFeature("VM", true, false, clue, std::string(kVectorHypervisorSource));
  }
  // The label of the run's own block first: facts of earlier lines may be another block's.
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind == "block_label") {
      reader.Model(fact.value, LineClue("the block's label", fact.line, fact.value), true);
    }
  }
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind == "cpu_model" && fact.value.rfind("vendor_id", 0) != 0) {
      reader.Model(fact.value, LineClue("the CPU model line", fact.line, fact.value));
    }
  }
  if (!run.machine.cpu_model.empty()) {
    reader.Model(run.machine.cpu_model,
                 fmt::format("the run's CPU model: {}", run.machine.cpu_model));
  }
  reader.KernelRows();
  reader.Finish(run);
  return out;
}

std::optional<PlatformArch> ArchOfPlatform(std::string_view platform) {
  const size_t colon = platform.find(':');
  const std::vector<std::string> words =
      Words(colon == std::string_view::npos ? platform : platform.substr(colon + 1));
  if (words.empty()) {
    return std::nullopt;
  }
  for (const Row& row : Table()) {
    if (row.clue == "platform" && !row.arch.empty() && Glob(row.match, words[0])) {
      return PlatformArch{row.arch, words[0], row.source};
    }
  }
  return std::nullopt;
}

std::optional<double> AesRoundFactor(std::string_view algorithm) {
  const std::string name = Lower(algorithm);
  if (name.rfind("aes-128", 0) == 0) {
    return 1.0;
  }
  if (name.rfind("aes-192", 0) == 0) {
    return 1.2;  // 12 rounds / 10
  }
  if (name.rfind("aes-256", 0) == 0) {
    return 1.4;  // 14 rounds / 10
  }
  return std::nullopt;
}

double CpuAesCeiling::For(std::string_view algorithm) const {
  const std::optional<double> factor = AesRoundFactor(algorithm);
  return factor && aes128_cpb > 0 ? max_hz / (aes128_cpb * *factor) : 0;
}

bool SerialAesEncrypt(std::string_view algorithm, std::string_view operation) {
  return operation == "encrypt" && Lower(algorithm).ends_with("-cbc") &&
         AesRoundFactor(algorithm).has_value();
}

std::optional<AesBounds> AesBoundsFor(std::string_view algorithm, std::string_view operation) {
  const std::optional<double> factor = AesRoundFactor(algorithm);
  if (!factor) {
    return std::nullopt;
  }
  const double fastest = SerialAesEncrypt(algorithm, operation) ? kFastestSerialSoftwareAes128Cpb
                                                                : kFastestSoftwareAes128Cpb;
  return AesBounds{kLowestBenchmarkHz / (kSlowestHardwareAes128Cpb * *factor),
                   kHighestCoreHz / (fastest * *factor)};
}

AesBound ClassifyAesFigure(std::string_view algorithm, uint64_t input_len, double bytes_per_s,
                           std::string_view operation) {
  const std::optional<AesBounds> bounds = AesBoundsFor(algorithm, operation);
  if (!bounds || bytes_per_s <= 0) {
    return AesBound::kInside;
  }
  if (bytes_per_s > bounds->software_ceiling) {
    return AesBound::kAboveSoftware;
  }
  if (input_len >= kMinInputForFloor && bytes_per_s < bounds->hardware_floor) {
    return AesBound::kBelowHardware;
  }
  return AesBound::kInside;
}

std::vector<KernelAesComparison> CompareKernelAes(const results::RunResult& run) {
  std::vector<KernelAesComparison> out;
  if (run.source.tool.find("cryptsetup") == std::string::npos) {
    return out;
  }
  // The cryptsetup row each AES name stands for (import's cryptsetup reader): "-xts 256b".
  const auto suffix = [](std::string_view aes) -> std::string {
    const std::string name = Lower(aes);
    const bool xts = name.ends_with("-xts");
    if (!xts && !name.ends_with("-cbc")) {
      return "";
    }
    const std::optional<double> factor = AesRoundFactor(name);
    if (!factor || *factor == 1.2) {
      return "";  // cryptsetup has no AES-192 row
    }
    const int bits = (*factor == 1.0 ? 128 : 256) * (xts ? 2 : 1);
    return fmt::format("-{} {}b", xts ? "xts" : "cbc", bits);
  };
  const auto figure = [](const results::Cell& cell) -> double {
    return cell.status == results::CellStatus::kOk && cell.figures && cell.figures->bytes_per_s
               ? cell.figures->bytes_per_s->value
               : 0.0;
  };
  for (const results::AlgorithmResult& aes : run.algorithms) {
    const std::string tail = suffix(aes.algorithm);
    if (tail.empty()) {
      continue;
    }
    for (const results::Cell& cell : aes.cells) {
      const double aes_bps = figure(cell);
      if (!(aes_bps > 0)) {
        continue;
      }
      KernelAesComparison c;
      c.algorithm = aes.algorithm;
      c.operation = cell.operation;
      c.input_len = cell.input_len;
      c.aes_bytes_per_s = aes_bps;
      for (const results::AlgorithmResult& other : run.algorithms) {
        const std::string name = Lower(other.algorithm);
        if (name != "serpent" + tail && name != "twofish" + tail) {
          continue;
        }
        for (const results::Cell& o : other.cells) {
          if (o.operation == cell.operation && o.input_len == cell.input_len &&
              figure(o) > c.other_bytes_per_s) {
            c.other = other.algorithm;
            c.other_bytes_per_s = figure(o);
          }
        }
      }
      if (!(c.other_bytes_per_s > 0)) {
        continue;
      }
      c.ratio = aes_bps / c.other_bytes_per_s;
      if (c.ratio <= kKernelAesSoftwareRatio) {
        c.bound = AesBound::kBelowHardware;
      } else if (c.ratio >= kKernelAesHardwareRatio) {
        c.bound = AesBound::kAboveSoftware;
      } else {
        continue;
      }
      const bool software = c.bound == AesBound::kBelowHardware;
      c.conclusion = fmt::format(
          "AES in this run {}: {} {} {:.1f} MB/s is {:.2f} times {} ({:.1f} MB/s), the faster of "
          "serpent and twofish of the same mode and key size in the same cryptsetup benchmark "
          "({} {})",
          software ? "did not use AES instructions" : "used AES instructions or an offload engine",
          fmt::format("{} (the aes{} row)", aes.algorithm, tail), cell.operation, aes_bps / 1e6,
          c.ratio, c.other, c.other_bytes_per_s / 1e6, software ? "at most" : "at least",
          software ? fmt::format("{:.1f} times: software AES", kKernelAesSoftwareRatio)
                   : fmt::format("{:.0f} times: a hardware path", kKernelAesHardwareRatio));
      c.text = fmt::format(
          "{}. Serpent and twofish have no CPU instructions on any architecture (the kernel's "
          "fastest code for them is x86 SIMD, elsewhere generic C: "
          "https://github.com/torvalds/linux/tree/master/arch/x86/crypto), so {}",
          c.conclusion,
          software
              ? fmt::format(
                    "AES at {:.1f} times them or less runs without AES instructions: software AES "
                    "reached 1.44 times at most (Raspberry Pi 4, bit-sliced NEON aes-xts 256b "
                    "decrypt against twofish-xts, https://blog.stackframe.dev/46; Core 2 Duo 0.97, "
                    "https://newbetuts.com/562277-why-the-results-of-truecrypt-and-cryptsetup-"
                    "luks-benchmarking-are-so-different), AES-NI 2.37 at least (serial aes-cbc "
                    "256b encryption, https://security.stackexchange.com/questions/130401)",
                    kKernelAesSoftwareRatio)
              : fmt::format(
                    "AES at {:.0f} times them or more runs on AES instructions or an offload "
                    "engine: software AES reached 1.44 times at most (Raspberry Pi 4, bit-sliced "
                    "NEON aes-xts 256b decrypt against twofish-xts, "
                    "https://blog.stackframe.dev/46)",
                    kKernelAesHardwareRatio));
      out.push_back(std::move(c));
    }
  }
  return out;
}

AesInstructionsShown ShownAesInstructions(const CpuClues& clues, const CpuFeatureClue** clue) {
  const CpuFeatureClue* aes = clues.Find("AES-NI");
  if (aes == nullptr) {
    aes = clues.Find("AES");
  }
  if (clue != nullptr) {
    *clue = aes;
  }
  const bool hidden =
      std::any_of(clues.hidden_by_vm.begin(), clues.hidden_by_vm.end(),
                  [](const std::string& name) { return name == "AES-NI" || name == "AES"; });
  // (AES-NI switched off or hidden on a model that has it: the CPU does not lack it.)
  if (aes == nullptr || hidden || aes->from_vm_model || aes->from_vm_model_name ||
      (clues.aes_ni_off && aes->name == "AES-NI")) {
    return AesInstructionsShown::kUnknown;
  }
  if (aes->present) {
    return AesInstructionsShown::kPresent;
  }
  // A guest's own flags line without aes: its host may have them.
  return clues.virtual_machine && aes->from_flags ? AesInstructionsShown::kUnknown
                                                  : AesInstructionsShown::kAbsent;
}

std::string ClueSourceText(const CpuFeatureClue& feature) {
  if (!feature.coprocessor_row.empty()) {
    return fmt::format(" ({} row {}, source: {})", kCoprocessorTable, feature.coprocessor_row,
                       feature.source);
  }
  if (!feature.row.empty()) {
    return fmt::format(" ({} row {}, source: {})", kTable, feature.row, feature.source);
  }
  return feature.source.empty() ? "" : fmt::format(" (source: {})", feature.source);
}

const KernelAesComparison* FindKernelAes(const std::vector<KernelAesComparison>& comparisons,
                                         std::string_view algorithm, std::string_view operation,
                                         uint64_t input_len) {
  const auto it =
      std::find_if(comparisons.begin(), comparisons.end(), [&](const KernelAesComparison& c) {
        return c.algorithm == algorithm && c.operation == operation && c.input_len == input_len;
      });
  return it == comparisons.end() ? nullptr : &*it;
}

}  // namespace cryptobench::diagnose
