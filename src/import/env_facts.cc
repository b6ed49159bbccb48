// Reading environment lines of a paste into facts.
#include "import/env_facts.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "results/pasted_cpu.h"

#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

// "name         : ctr(aes)" → ("name", "ctr(aes)"); std::nullopt for other lines.
std::optional<std::pair<std::string, std::string>> KeyValue(std::string_view trimmed) {
  const size_t colon = trimmed.find(':');
  if (colon == std::string_view::npos || colon == 0) {
    return std::nullopt;
  }
  const std::string_view key = Trim(trimmed.substr(0, colon));
  if (key.empty() || key.size() > 24 || key.find_first_of("()[]") != std::string_view::npos) {
    return std::nullopt;
  }
  return std::make_pair(ToLower(key), std::string(Trim(trimmed.substr(colon + 1))));
}

// "1512.0000": lscpu's MHz values, a positive decimal number and nothing else.
bool IsMhzValue(std::string_view value) {
  if (value.empty() || value.size() > 12 || value.front() == '.') {
    return false;
  }
  bool nonzero = false;
  bool dot = false;
  for (const char c : value) {
    if (c >= '0' && c <= '9') {
      nonzero = nonzero || c != '0';
    } else if (c == '.' && !dot) {
      dot = true;
    } else {
      return false;
    }
  }
  return nonzero;
}

// A Mac's model identifier, as macOS's `sysctl hw.model` prints it: "MacBookPro18,3",
// "MacBookAir10,1", "iMac21,1", "Macmini9,1", "MacPro7,1", "Mac14,2" (Apple's "Identify your Mac
// model" pages list them as "Model Identifier"): a name ending in Mac or starting with it, then
// "N,N". It names the machine, not its CPU.
bool IsMacModelIdentifier(std::string_view value) {
  const size_t digit = value.find_first_of("0123456789");
  if (digit == std::string_view::npos || digit == 0) {
    return false;
  }
  const std::string_view name = value.substr(0, digit);
  if (name.find("Mac") == std::string_view::npos ||
      name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") !=
          std::string_view::npos) {
    return false;
  }
  const std::string_view rest = value.substr(digit);
  const size_t comma = rest.find(',');
  return comma != std::string_view::npos && comma > 0 && comma + 1 < rest.size() &&
         rest.find_first_not_of("0123456789,") == std::string_view::npos &&
         rest.find(',', comma + 1) == std::string_view::npos;
}

// Solaris `psrinfo -pv`'s processor line, "SPARC-T4 (chipid 0, clock 2848 MHz)" (illumos
// usr/src/cmd/psrinfo/psrinfo.pl: the brand, then "(chipid N, clock N MHz)"): the model and the
// clock in MHz, or nullopt.
std::optional<std::pair<std::string, std::string>> PsrinfoProcessor(std::string_view trimmed) {
  const size_t open = trimmed.find(" (chipid ");
  if (open == std::string_view::npos || open == 0 || !trimmed.ends_with(" MHz)")) {
    return std::nullopt;
  }
  const size_t clock = trimmed.find(", clock ", open);
  if (clock == std::string_view::npos) {
    return std::nullopt;
  }
  const std::string_view mhz =
      trimmed.substr(clock + 8, trimmed.size() - 5 - (clock + 8));  // before " MHz)"
  if (!IsMhzValue(mhz)) {
    return std::nullopt;
  }
  return std::make_pair(std::string(trimmed.substr(0, open)), std::string(mhz));
}

// Linux/powerpc /proc/cpuinfo's "clock\t\t: 3450.000000MHz" (arch/powerpc/kernel/
// setup-common.c, show_cpuinfo: "clock\t\t: %lu.%06luMHz"): the MHz figure, or "".
std::string PowerClockMhz(std::string_view value) {
  if (!value.ends_with("MHz")) {
    return "";
  }
  const std::string_view mhz = value.substr(0, value.size() - 3);
  return IsMhzValue(mhz) ? std::string(mhz) : std::string();
}

// A /proc/cpuinfo or lscpu flags/Features value whatever command printed it: x86 lists fpu
// with sse2 or tsc, arm64 asimd, 32-bit ARM half, thumb or vfp (the kernel's names: x86
// cpufeatures.h, arch/arm64/kernel/cpuinfo.c, arch/arm/kernel/setup.c). Prose that merely
// starts with "Features:" lists none of them.
bool LooksLikeCpuFlags(std::string_view value) {
  bool fpu = false;
  bool x86 = false;
  bool arm = false;
  const std::vector<std::string_view> words = SplitWords(value);
  for (const std::string_view word : words) {
    fpu = fpu || word == "fpu";
    x86 = x86 || word == "sse2" || word == "tsc";
    arm = arm || word == "asimd" || word == "half" || word == "thumb" || word == "vfp";
  }
  return words.size() >= 3 && ((fpu && x86) || arm);
}

// True for a value of letters, digits and '_' (lscpu's "Architecture: x86_64").
bool IsArchWord(std::string_view value) {
  return !value.empty() && value.size() <= 16 &&
         std::all_of(value.begin(), value.end(), [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
         });
}

bool IsUnameLine(std::string_view trimmed) {
  const std::vector<std::string_view> words = SplitWords(trimmed);
  if (words.size() < 4) {
    return false;
  }
  // macOS: "Darwin HOST 23.1.0 Darwin Kernel Version 23.1.0: ...; root:xnu-... x86_64";
  // OpenBSD: "OpenBSD HOST 7.4 GENERIC.MP#1397 amd64" (the kernel config's name, uname(1)).
  if ((words[0] == "Darwin" && trimmed.find(" Darwin Kernel Version ") != std::string_view::npos) ||
      (words[0] == "OpenBSD" && words[3].starts_with("GENERIC"))) {
    return true;
  }
  // Solaris: "SunOS HOST 5.11 11.4.42.111.0 sun4v sparc sun4v" (uname -a: sysname, nodename,
  // release, version, machine class, processor type, platform; uname(1) of Oracle Solaris 11.4,
  // https://docs.oracle.com/cd/E88353_01/html/E37839/uname-1.html).
  if (words[0] == "SunOS" && words.size() >= 6 && words[2].starts_with("5.")) {
    return true;
  }
  return (words[0] == "Linux" || words[0] == "FreeBSD" || words[0] == "Darwin") &&
         (EndsWith(trimmed, "GNU/Linux") || EndsWith(trimmed, "Linux") ||
          trimmed.find(" SMP ") != std::string_view::npos);
}

// The CPU model of QEMU's `-cpu MODEL` option on a line (a command line, or prose that quotes
// the option): the text up to the first comma, space or quote ("-cpu EPYC-v4,+vaes" ->
// "EPYC-v4"; qemu-options.hx documents `-cpu model`). The option must be a word of its own
// ("--cpus" and "qemu-cpu" are not it); nullopt when the line has none.
std::optional<std::string> QemuCpuOptionModel(std::string_view line) {
  size_t at = 0;
  while ((at = line.find("-cpu", at)) != std::string_view::npos) {
    const bool word_start = at == 0 || line[at - 1] == ' ' || line[at - 1] == '\t' ||
                            line[at - 1] == '`' || line[at - 1] == '"' || line[at - 1] == '\'';
    size_t value = at + 4;
    if (!word_start || value >= line.size() || line[value] != ' ') {
      at += 4;
      continue;
    }
    while (value < line.size() && line[value] == ' ') {
      ++value;
    }
    size_t end = value;
    while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) ||
                                 line[end] == '-' || line[end] == '_' || line[end] == '.')) {
      ++end;
    }
    if (end > value) {
      return std::string(line.substr(value, end - value));
    }
    at = value;
  }
  return std::nullopt;
}

// CMake's truth value of a cache or -D value: true for 1, ON, YES, TRUE, Y or another non-zero
// number; false for 0, OFF, NO, FALSE, N, IGNORE, NOTFOUND, "" or a name ending in -NOTFOUND
// (https://cmake.org/cmake/help/latest/command/if.html, "Basic Expressions"); nullopt for any
// other text, whose truth the paste does not settle.
std::optional<bool> CmakeTruth(std::string_view value) {
  const std::string v = ToLower(Trim(value));
  if (v == "1" || v == "on" || v == "yes" || v == "true" || v == "y") {
    return true;
  }
  if (v.empty() || v == "0" || v == "off" || v == "no" || v == "false" || v == "n" ||
      v == "ignore" || v == "notfound" || v.ends_with("-notfound")) {
    return false;
  }
  if (const auto number = ParseUnsigned(v)) {
    return *number != 0;
  }
  return std::nullopt;
}

// An autoconf configure script run from a source tree ("./configure --enable-aesni && make",
// "CFLAGS=-O3 ../wolfssl/configure"), as the words from the script up to a command separator,
// pipe or redirection: "./configure --enable-aesni". Its options are what the build was
// configured with (autoconf's configure takes them as its arguments; wolfSSL, libsodium,
// GnuTLS, Nettle and mbed TLS's autotools builds use it), and the benchmark run after it from
// the same tree is that build's (import.cc keeps the fact only for such a run). Only environment
// assignments may come before the script; nullopt for anything else, and for a configure found
// on PATH (no '/': not evidently the tree's).
std::optional<std::string> ConfigureCommand(const std::vector<std::string_view>& words) {
  size_t i = 0;
  while (i < words.size() && words[i].find('=') != std::string_view::npos &&
         !words[i].starts_with('-') && words[i].find('/') > words[i].find('=')) {
    ++i;  // NAME=value
  }
  if (i == words.size() || words[i].find('/') == std::string_view::npos) {
    return std::nullopt;
  }
  const std::string_view script = words[i];
  if (script.substr(script.find_last_of('/') + 1) != "configure") {
    return std::nullopt;
  }
  std::string out(script);
  for (++i; i < words.size(); ++i) {
    const std::string_view word = words[i];
    if (word == "&&" || word == "||" || word == "|" || word == ";" || word.starts_with('>') ||
        word.starts_with('#') || word == "2>&1") {
      break;
    }
    const bool last = word.ends_with(';');
    out += ' ';
    out += last ? word.substr(0, word.size() - 1) : word;
    if (last) {
      break;
    }
  }
  return out;
}

// BoringSSL's (and AWS-LC's) CMake option OPENSSL_NO_ASM, which builds no assembly at all
// (google/boringssl CMakeLists.txt: `if(OPENSSL_NO_ASM) add_definitions(-DOPENSSL_NO_ASM)`,
// and only without it are the perlasm sources added; BUILDING.md documents
// -DOPENSSL_NO_ASM=1), as a "build_option" fact "OPENSSL_NO_ASM=ON" or "=OFF". `text` is a
// CMakeCache.txt line ("OPENSSL_NO_ASM:BOOL=ON") or a -D argument ("-DOPENSSL_NO_ASM=1").
std::optional<std::string> NoAsmOption(std::string_view text) {
  constexpr std::string_view kName = "OPENSSL_NO_ASM";
  if (text.starts_with("-D")) {
    text.remove_prefix(2);
  }
  if (!text.starts_with(kName)) {
    return std::nullopt;
  }
  std::string_view rest = text.substr(kName.size());
  if (rest.starts_with(':')) {  // the cache's type: BOOL, STRING, UNINITIALIZED, ...
    const size_t eq = rest.find('=');
    if (eq == std::string_view::npos) {
      return std::nullopt;
    }
    rest = rest.substr(eq);
  }
  if (!rest.starts_with('=')) {
    return std::nullopt;
  }
  const std::optional<bool> truth = CmakeTruth(rest.substr(1));
  if (!truth) {
    return std::nullopt;
  }
  return fmt::format("{}={}", kName, *truth ? "ON" : "OFF");
}

// FreeBSD's boot line naming the CPU (sys/x86/x86/identcpu.c, printcpuinfo: "CPU: " then the
// brand string, then "(%jd.%02d-MHz " of the TSC's rate when known, then "K8" on amd64 or the
// i386 class, then "-class CPU)"): "CPU: AMD GX-412TC SOC   (998.15-MHz K8-class CPU)".
struct FreeBsdCpuLine {
  std::string model;
  std::string mhz;        // "998.15"; "" when the line has no clock
  std::string cpu_class;  // "K8" (an amd64 kernel), "686", ...
};
std::optional<FreeBsdCpuLine> ParseFreeBsdCpuLine(std::string_view trimmed) {
  constexpr std::string_view kTail = "-class CPU)";
  if (!trimmed.starts_with("CPU: ") || !trimmed.ends_with(kTail)) {
    return std::nullopt;
  }
  const size_t open = trimmed.rfind(" (");
  if (open == std::string_view::npos || open < 5) {
    return std::nullopt;
  }
  FreeBsdCpuLine out;
  out.model = std::string(Trim(trimmed.substr(5, open - 5)));
  std::string_view inside = trimmed.substr(open + 2, trimmed.size() - kTail.size() - open - 2);
  if (const size_t mhz = inside.find("-MHz "); mhz != std::string_view::npos) {
    if (!IsMhzValue(inside.substr(0, mhz))) {
      return std::nullopt;
    }
    out.mhz = std::string(inside.substr(0, mhz));
    inside.remove_prefix(mhz + 5);
  }
  out.cpu_class = std::string(inside);
  if (out.model.empty() || out.cpu_class.empty() || out.cpu_class.find(' ') != std::string::npos) {
    return std::nullopt;
  }
  return out;
}

// A FreeBSD boot line listing CPU feature bits (identcpu.c prints each with printf's %b:
// "  Features2=0x3ed8220b<SSE3,PCLMULQDQ,...,AESNI,...>", "  Structured Extended
// Features=0x...<...,AVX2,...,SHA>"): a label, "=0x", hex digits, then the names in <...>.
bool IsFreeBsdFeaturesLine(std::string_view trimmed) {
  const size_t eq = trimmed.find("=0x");
  const size_t open = trimmed.find('<');
  if (eq == std::string_view::npos || open == std::string_view::npos || open < eq ||
      !trimmed.ends_with('>')) {
    return false;
  }
  const std::string_view label = trimmed.substr(0, eq);
  if (!label.ends_with("Features") && !label.ends_with("Features2") &&
      !label.ends_with("Features3")) {
    return false;
  }
  const std::string_view hex = trimmed.substr(eq + 3, open - eq - 3);
  return !hex.empty() && std::all_of(hex.begin(), hex.end(), [](char c) {
    return std::isxdigit(static_cast<unsigned char>(c));
  });
}

// OpenBSD's boot lines for an amd64 CPU (sys/arch/amd64/amd64/identcpu.c, identifycpu:
// "cpuN: " then the brand string, then ", %llu.%02llu MHz" when the clock was measured, then
// ", family-model-stepping" in hex): "cpu0: Intel(R) Celeron(R) CPU J3160 @ 1.60GHz, 1600.42
// MHz, 06-4c-04". The i386 kernel's line puts ("GenuineIntel" 686-class) after the brand
// string instead (sys/arch/i386/i386/machdep.c), so a line with "-class)" is not read here.
struct OpenBsdCpuLine {
  std::string model;
  std::string mhz;  // "1600.42"; "" when the line has no clock
};
bool IsFamilyModelStepping(std::string_view word) {  // "06-4c-04"
  return word.size() == 8 && word[2] == '-' && word[5] == '-' &&
         std::all_of(word.begin(), word.end(), [](char c) {
           return c == '-' || std::isxdigit(static_cast<unsigned char>(c));
         });
}
std::optional<OpenBsdCpuLine> ParseOpenBsdCpuLine(std::string_view trimmed) {
  const size_t colon = trimmed.find(": ");
  if (colon == std::string_view::npos || !results::IsCpuDeviceName(trimmed.substr(0, colon)) ||
      trimmed.find("-class)") != std::string_view::npos) {
    return std::nullopt;
  }
  std::string_view rest = trimmed.substr(colon + 2);
  const size_t last = rest.rfind(", ");
  if (last == std::string_view::npos || !IsFamilyModelStepping(rest.substr(last + 2))) {
    return std::nullopt;
  }
  rest = rest.substr(0, last);
  OpenBsdCpuLine out;
  if (const size_t mhz = rest.rfind(", ");
      mhz != std::string_view::npos && rest.ends_with(" MHz") &&
      IsMhzValue(rest.substr(mhz + 2, rest.size() - mhz - 6))) {
    out.mhz = std::string(rest.substr(mhz + 2, rest.size() - mhz - 6));
    rest = rest.substr(0, mhz);
  }
  out.model = std::string(Trim(rest));
  if (out.model.empty()) {
    return std::nullopt;
  }
  return out;
}

// OpenBSD's amd64 feature line (identcpu.c prints the names of every CPUID bit it knows in one
// comma-separated list after "cpuN: ", FPU first): "cpu0: FPU,VME,DE,...,AES,...". The names
// only, no spaces; SSE2 is on every amd64 CPU.
bool IsOpenBsdFeaturesLine(std::string_view trimmed) {
  const size_t colon = trimmed.find(": ");
  if (colon == std::string_view::npos || !results::IsCpuDeviceName(trimmed.substr(0, colon))) {
    return false;
  }
  const std::string_view names = trimmed.substr(colon + 2);
  return names.starts_with("FPU,") && names.find(",SSE2,") != std::string_view::npos &&
         names.find(' ') == std::string_view::npos;
}

// The cpufreq file `path` names, by its name under /sys/devices/system/cpu/cpuN/
// cpufreq/ or /sys/devices/system/cpu/cpufreq/policyN/ (Linux Documentation/admin-guide/pm/
// cpufreq.rst, "Policy Interface in sysfs"): cpuinfo_min_freq and cpuinfo_max_freq (the
// hardware's limits, which lscpu prints as CPU min/max MHz), scaling_min_freq and
// scaling_max_freq (the policy's limits, within those), scaling_cur_freq and cpuinfo_cur_freq
// (the clock when read), all in kHz; scaling_governor (the governor's name). "" for any other
// path.
std::string CpufreqFileOfPath(std::string_view path) {
  static constexpr std::string_view kFiles[] = {
      "cpuinfo_min_freq", "cpuinfo_max_freq", "scaling_min_freq", "scaling_max_freq",
      "scaling_cur_freq", "cpuinfo_cur_freq", "scaling_governor"};
  const size_t slash = path.find_last_of('/');
  if (!path.starts_with("/sys/devices/system/cpu/") || slash == std::string_view::npos ||
      path.find("/cpufreq/") == std::string_view::npos) {
    return "";
  }
  const std::string_view file = path.substr(slash + 1);
  for (const std::string_view known : kFiles) {
    if (file == known) {
      return std::string(file);
    }
  }
  return "";
}

// The cpufreq file (CpufreqFileOfPath) a `cat` command prints; "" for any other command, and
// for a `cat` of several files, whose values stand on lines that do not name them.
std::string CatCpufreqFile(const std::vector<std::string_view>& words) {
  size_t cat = 0;
  while (cat < words.size() && words[cat] == "sudo") {
    ++cat;
  }
  if (cat + 2 != words.size() || (words[cat] != "cat" && words[cat] != "/bin/cat")) {
    return "";
  }
  return CpufreqFileOfPath(words[cat + 1]);
}

// The /sys/class/dmi/id files a `cat` command prints, one value a line in their order
// ("sys_vendor", "product_name"); empty for any other command, or one with another file.
std::vector<std::string> CatDmiFiles(const std::vector<std::string_view>& words) {
  size_t cat = 0;
  while (cat < words.size() && words[cat] == "sudo") {
    ++cat;
  }
  std::vector<std::string> files;
  if (cat + 1 >= words.size() || (words[cat] != "cat" && words[cat] != "/bin/cat")) {
    return files;
  }
  constexpr std::string_view kDir = "/sys/class/dmi/id/";
  for (size_t i = cat + 1; i < words.size(); ++i) {
    if (!words[i].starts_with(kDir) || words[i].size() == kDir.size() ||
        words[i].find('/', kDir.size()) != std::string_view::npos) {
      return {};
    }
    files.emplace_back(words[i].substr(kDir.size()));
  }
  return files;
}

// The fact a cpufreq `file` (CpufreqFileOfPath) holding `value` gives: kHz for the *_freq files
// (cpufreq.rst: "all frequencies are in kHz"), recorded in MHz as lscpu prints the same limits
// (cpu_max_mhz, cpu_min_mhz, or cpu_cur_mhz for a *_cur_freq file); the governor's name for
// scaling_governor (cpu_governor). nullopt for a value that is neither.
std::optional<results::SourceFact> CpufreqFact(const std::string& file, std::string_view value,
                                               size_t line) {
  const std::string origin = "sysfs cpufreq/" + file;
  if (file == "scaling_governor") {
    if (!IsArchWord(value)) {  // "powersave", "performance", "schedutil", ...
      return std::nullopt;
    }
    return results::SourceFact{"cpu_governor", std::string(value), line, origin};
  }
  const std::optional<unsigned long long> khz = ParseUnsigned(value);
  if (!khz || *khz == 0 || *khz > 100'000'000) {
    return std::nullopt;
  }
  const std::string kind = file.ends_with("max_freq")   ? "cpu_max_mhz"
                           : file.ends_with("min_freq") ? "cpu_min_mhz"
                                                        : "cpu_cur_mhz";
  return results::SourceFact{kind, fmt::format("{:.3f}", static_cast<double>(*khz) / 1000.0), line,
                             origin};
}

// A line of `grep . FILES` over cpufreq files, which grep prefixes with the file's path when it
// reads several ("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor:powersave"): the
// CpufreqFact of that file and value, or nullopt for any other line.
std::optional<results::SourceFact> GrepCpufreqLine(std::string_view trimmed, size_t line) {
  if (!trimmed.starts_with("/sys/devices/system/cpu/")) {
    return std::nullopt;
  }
  const size_t colon = trimmed.find(':');
  if (colon == std::string_view::npos) {
    return std::nullopt;
  }
  const std::string file = CpufreqFileOfPath(trimmed.substr(0, colon));
  if (file.empty()) {
    return std::nullopt;
  }
  return CpufreqFact(file, Trim(trimmed.substr(colon + 1)), line);
}

// The IBM Z model of an s390x /proc/cpuinfo "processor N: version = VV,  identification =
// IIIIII,  machine = MMMM" line (arch/s390/kernel/processor.c, show_cpu_ids: the machine type
// in hex digits), named as the kernel names it for its ELF platform (setup_elf_platform:
// 2097/2098 z10, 2817/2818 z196, 2827/2828 zEC12, 2964/2965 z13, 3906/3907 z14, 8561/8562 z15,
// 3931/3932 z16, 9175/9176 z17): "machine = 8561 (IBM z15)". Another type keeps its number
// alone ("machine = 1234"); nullopt for any other line.
std::optional<std::string> S390MachineModel(std::string_view trimmed) {
  constexpr std::string_view kKey = "machine = ";
  const size_t at = trimmed.rfind(kKey);
  if (!trimmed.starts_with("processor ") || at == std::string_view::npos ||
      trimmed.find("identification = ") == std::string_view::npos) {
    return std::nullopt;
  }
  const std::string_view type = trimmed.substr(at + kKey.size());
  if (type.size() != 4 || !std::all_of(type.begin(), type.end(), [](char c) {
        return std::isxdigit(static_cast<unsigned char>(c));
      })) {
    return std::nullopt;
  }
  static constexpr std::pair<std::string_view, std::string_view> kModels[] = {
      {"2097", "z10"},   {"2098", "z10"},   {"2817", "z196"}, {"2818", "z196"},
      {"2827", "zEC12"}, {"2828", "zEC12"}, {"2964", "z13"},  {"2965", "z13"},
      {"3906", "z14"},   {"3907", "z14"},   {"8561", "z15"},  {"8562", "z15"},
      {"3931", "z16"},   {"3932", "z16"},   {"9175", "z17"},  {"9176", "z17"}};
  for (const auto& [machine, model] : kModels) {
    if (type == machine) {
      return fmt::format("machine = {} (IBM {})", type, model);
    }
  }
  return fmt::format("machine = {}", type);
}

// The hypervisor that a guest's own tools name, as lscpu's "Hypervisor vendor:" names it
// (util-linux sys-utils/lscpu-virt.c: "VMware", "Microsoft", "Xen", "KVM"), so that one fact
// kind, "hypervisor_vendor", carries it whichever tool printed it, and "VirtualBox" (lscpu says
// "Innotek GmbH" or "Oracle"); "" for a name that is none of these (another hypervisor, "none",
// QEMU without KVM): unknown, never guessed.
//  - systemd-detect-virt prints the names of systemd's virtualization table (src/basic/virt.c:
//    "vmware", "microsoft", "xen", "kvm", "oracle" for VirtualBox); virt-what prints "vmware",
//    "hyperv", "xen" (and "xen-hvm", "xen-domU" after it), "kvm", "virtualbox" (for DMI
//    "Manufacturer: innotek GmbH") (virt-what.in and its tests, tests/esx4.1 and tests/hyperv:
//    https://github.com/jordemort/virt-what).
//  - dmidecode prints the DMI system vendor and product name that systemd's
//    detect_vm_dmi_vendor reads: a "VMware" prefix ("VMware, Inc.", "VMware Virtual Platform",
//    "VMware7,1": https://kb.vmware.com/s/article/1009458), "Xen", "KVM", and VirtualBox's
//    "innotek GmbH" and "VirtualBox" (its dmi_vendor_table: VIRTUALIZATION_ORACLE).
//  - Linux prints "Hypervisor detected: NAME" at boot (dmesg; arch/x86/kernel/cpu/hypervisor.c,
//    init_hypervisor_platform) with the name of the x86_hyper_init it chose: "VMware"
//    (vmware.c), "Microsoft Hyper-V" (mshyperv.c), "Xen HVM" and "Xen PV", "KVM" (kvm.c).
std::string_view HypervisorFromVirtName(std::string_view name) {
  if (name == "vmware") {
    return "VMware";
  }
  if (name == "microsoft" || name == "hyperv") {
    return "Microsoft";
  }
  if (name == "xen" || name == "xen-hvm" || name == "xen-domU" || name == "xen-dom0") {
    return "Xen";
  }
  if (name == "oracle" || name == "virtualbox") {
    return "VirtualBox";
  }
  return name == "kvm" ? "KVM" : "";
}

std::string_view HypervisorFromDmi(std::string_view value) {
  // A whole word: "Xenon" is no Xen.
  const auto word = [&](std::string_view prefix) {
    return value.starts_with(prefix) &&
           (value.size() == prefix.size() ||
            !std::isalpha(static_cast<unsigned char>(value[prefix.size()])));
  };
  if (word("VMware")) {
    return "VMware";
  }
  if (word("Xen")) {
    return "Xen";
  }
  if (word("innotek GmbH") || word("VirtualBox")) {
    return "VirtualBox";
  }
  return word("KVM") ? "KVM" : "";
}

std::string_view HypervisorFromBootMessage(std::string_view name) {
  if (name == "VMware") {
    return "VMware";
  }
  if (name == "Microsoft Hyper-V") {
    return "Microsoft";
  }
  if (name == "Xen HVM" || name == "Xen PV") {
    return "Xen";
  }
  return name == "KVM" ? "KVM" : "";
}

}  // namespace

std::optional<std::string> MachineLabel(std::string_view text) {
  const std::string_view trimmed = Trim(text);
  if (trimmed.size() < 2 || trimmed.size() > 60 ||
      trimmed.find_first_of(",;|=`\"") != std::string_view::npos ||
      !std::any_of(trimmed.begin(), trimmed.end(),
                   [](char c) { return std::isalpha(static_cast<unsigned char>(c)); })) {
    return std::nullopt;
  }
  const size_t colon = trimmed.find(':');
  // Board, SoC and CPU names carry a number ("Pi 4", "RK3568", "i7-8700"); a heading of prose
  // ("Checking the new laptop's disk encryption speed:") has none, and a sentence ends in a stop.
  const bool digit = std::any_of(trimmed.begin(), trimmed.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c));
  });
  std::string_view name;
  if (colon == std::string_view::npos) {
    // A bare name: the output of `cat /proc/device-tree/model` ("Raspberry Pi 4 Model B Rev 1.2").
    const char last = trimmed.back();
    if (last == '.' || last == '!' || last == '?' || !digit) {
      return std::nullopt;
    }
    name = trimmed;
  } else if (colon + 1 == trimmed.size()) {
    if (!digit) {
      return std::nullopt;
    }
    name = Trim(trimmed.substr(0, colon));  // "Raspberry PI CM4 (BCM2711):"
  } else {
    // /proc/cpuinfo's "Hardware : BCM2835" and "Model : Raspberry Pi 4 Model B Rev 1.2".
    const std::string key = ToLower(Trim(trimmed.substr(0, colon)));
    name = Trim(trimmed.substr(colon + 1));
    if ((key != "hardware" && key != "model") || name.find(':') != std::string_view::npos ||
        ParseUnsigned(name)) {
      return std::nullopt;
    }
  }
  const std::vector<std::string_view> words = SplitWords(name);
  if (words.empty() || words.size() > 8 || name.find(':') != std::string_view::npos ||
      !std::isalnum(static_cast<unsigned char>(name.front()))) {
    return std::nullopt;
  }
  return std::string(name);
}

namespace {

// A machine's noun in a heading word: the noun alone, with a number ("host2", "node-01") or with
// a letter after '-' or '_' ("vm-b"); not a longer word ("hostname", "boxes").
bool MachineNounWord(std::string_view word, bool* marked) {
  static constexpr std::string_view kNouns[] = {
      "server",   "host",   "machine", "box",         "node", "vm",   "instance",
      "computer", "laptop", "desktop", "workstation", "pc",   "guest"};
  for (const std::string_view noun : kNouns) {
    if (!word.starts_with(noun)) {
      continue;
    }
    std::string_view rest = word.substr(noun.size());
    if (rest.empty()) {
      *marked = false;
      return true;
    }
    const bool separated = rest.front() == '-' || rest.front() == '_';
    if (separated) {
      rest.remove_prefix(1);
    }
    const bool number =
        !rest.empty() && rest.size() <= 4 && std::all_of(rest.begin(), rest.end(), [](char c) {
          return std::isdigit(static_cast<unsigned char>(c));
        });
    const bool letter =
        separated && rest.size() == 1 && std::isalpha(static_cast<unsigned char>(rest.front()));
    if (number || letter) {
      *marked = true;
      return true;
    }
  }
  return false;
}

// How many words at words[at] give a size of the machine: 2 for a count and its unit ("2 cores",
// "4 vcpus", "2.1 ghz"), 1 for both in one word ("16gb"), else 0. Right after a machine's noun
// a number with a singular unit is the machine's own ("Server 2 CPU:" is server 2's CPU lines,
// "2 core VM:" a size).
size_t SizeWords(const std::vector<std::string>& words, size_t at) {
  static constexpr std::string_view kUnits[] = {"cores", "cpus", "vcpus", "threads", "sockets",
                                                "gb",    "gib",  "mb",    "mib",     "tb",
                                                "tib",   "ghz",  "mhz",   "ram"};
  static constexpr std::string_view kSingular[] = {"core", "cpu", "vcpu", "thread", "socket"};
  bool marked = false;
  const bool after_noun = at > 0 && MachineNounWord(words[at - 1], &marked);
  const auto unit = [&](std::string_view w) {
    return std::find(std::begin(kUnits), std::end(kUnits), w) != std::end(kUnits) ||
           (!after_noun &&
            std::find(std::begin(kSingular), std::end(kSingular), w) != std::end(kSingular));
  };
  const std::string_view word = words[at];
  const size_t digits = std::min(word.size(), word.find_first_not_of("0123456789."));
  if (digits == 0 || !std::isdigit(static_cast<unsigned char>(word.front())) ||
      std::count(word.begin(), word.begin() + digits, '.') > 1) {
    return 0;
  }
  if (digits < word.size()) {
    return unit(word.substr(digits)) ? 1 : 0;
  }
  return at + 1 < words.size() && unit(words[at + 1]) ? 2 : 0;
}

}  // namespace

std::optional<std::string> MachineHeading(std::string_view text) {
  std::string_view trimmed = Trim(text);
  if (trimmed.size() < 3 || trimmed.size() > 40 || !trimmed.ends_with(':')) {
    return std::nullopt;
  }
  trimmed.remove_suffix(1);
  if (std::any_of(trimmed.begin(), trimmed.end(), [](char c) {
        return !std::isalnum(static_cast<unsigned char>(c)) && c != ' ' && c != '\t' && c != '-' &&
               c != '_' && c != '.' && c != '\'';
      })) {
    return std::nullopt;
  }
  static constexpr std::string_view kLeading[] = {"and", "but",  "then", "on",  "at", "from",
                                                  "in",  "for",  "the",  "a",   "an", "my",
                                                  "our", "this", "that", "your"};
  static constexpr std::string_view kSeveralOrSame[] = {"same",  "both",  "all",  "each",
                                                        "every", "these", "those"};
  std::vector<std::string> words;
  for (const std::string_view word : SplitWords(trimmed)) {
    words.push_back(ToLower(word));
  }
  size_t first = 0;
  while (first < words.size() &&
         std::find(std::begin(kLeading), std::end(kLeading), words[first]) != std::end(kLeading)) {
    ++first;
  }
  size_t size_words = 0;  // a size is not one of the four words ("Server B with 8 cores:")
  for (size_t i = first; i < words.size(); ++i) {
    if (const size_t size = SizeWords(words, i); size > 0) {
      size_words += size + (i > first && words[i - 1] == "with" ? 1 : 0);
      i += size - 1;
    }
  }
  if (first == words.size() || words.size() - first - size_words > 4) {
    return std::nullopt;
  }
  // Words that say what the lines under the heading are, not which machine printed them
  // (tryout 27 W4, W5: "Server output:" and "Server CPU:", "Box 1 lscpu:" and "Box 1 results:"
  // name one machine each).
  static constexpr std::string_view kDescriptive[] = {
      "output",    "outputs",    "cpu",     "cpus",     "cpuinfo", "lscpu",
      "results",   "result",     "info",    "details",  "specs",   "spec",
      "benchmark", "benchmarks", "bench",   "settings", "config",  "configuration",
      "flags",     "hardware",   "numbers", "speed",    "log",     "logs",
      "run",       "runs",       "test",    "tests",    "ram",     "memory"};
  bool noun = false;
  std::string name;
  for (size_t i = first; i < words.size(); ++i) {
    if (std::find(std::begin(kSeveralOrSame), std::end(kSeveralOrSame), words[i]) !=
        std::end(kSeveralOrSame)) {
      return std::nullopt;
    }
    // A size describes the machine and names none: "Host 2 cores:" and "VM with 4 vCPUs:" are
    // the host and the VM, not a host 2 or a VM 4 (tryout 27 probe).
    if (const size_t size = SizeWords(words, i); size > 0) {
      i += size - 1;
      continue;
    }
    if (words[i] == "with" && i + 1 < words.size() && SizeWords(words, i + 1) > 0) {
      continue;
    }
    // "Node 18:" names a Node.js version, not a machine (tryout 27 h04).
    if (words[i] == "node" && i + 1 < words.size() &&
        std::isdigit(static_cast<unsigned char>(words[i + 1].front()))) {
      continue;
    }
    bool marked = false;
    noun = noun || MachineNounWord(words[i], &marked);
    // '-', '_' and spaces alike: "server-a", "server_a" and "Server A" are one machine.
    std::string word = words[i];
    std::replace_if(
        word.begin(), word.end(), [](char c) { return c == '-' || c == '_'; }, ' ');
    for (const std::string_view part : SplitWords(word)) {
      if (std::find(std::begin(kDescriptive), std::end(kDescriptive), part) ==
          std::end(kDescriptive)) {
        name += (name.empty() ? "" : " ") + std::string(part);
      }
    }
  }
  if (!noun) {
    return std::nullopt;
  }
  return name;
}

bool MarksAnotherMachine(std::string_view heading) {
  static constexpr std::string_view kMarks[] = {"new",    "old",       "other",  "another",
                                                "second", "different", "remote", "2nd"};
  const std::vector<std::string_view> words = SplitWords(heading);
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string_view word = words[i];
    bool marked = false;
    // A letter names one of several ("machine B"); a first "a" is the article.
    const bool letter = word.size() == 1 && std::isalpha(static_cast<unsigned char>(word[0])) &&
                        (i > 0 || word != "a");
    if (std::find(std::begin(kMarks), std::end(kMarks), word) != std::end(kMarks) ||
        (MachineNounWord(word, &marked) && marked) || letter ||
        std::all_of(word.begin(), word.end(),
                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
      return true;
    }
  }
  return false;
}

// The words `grep` asks /proc/cpuinfo for when it prints each whole-word match alone (-o and
// -w: `grep -m1 -o -w -E 'aes|hypervisor' /proc/cpuinfo`, as doctor's own advice words it),
// joined by '|' ("aes|hypervisor"); "" for any other command. Only plain word alternatives
// count (-E 'a|b', a basic 'a\|b', or -e a -e b), and only -o, -w, -E, -m N and -i beside them:
// another option (-v, -c, ...) or a regular expression changes what the output shows.
std::string CpuinfoGrepWords(const std::vector<std::string_view>& words) {
  size_t at = 0;
  while (at < words.size() && words[at] != "grep" && !words[at].ends_with("/grep")) {
    ++at;
  }
  bool only_matching = false;
  bool whole_words = false;
  bool cpuinfo = false;
  std::vector<std::string> patterns;
  const auto unquote = [](std::string_view w) {
    if (w.size() >= 2 && (w.front() == '\'' || w.front() == '"') && w.back() == w.front()) {
      w = w.substr(1, w.size() - 2);
    }
    return std::string(w);
  };
  for (size_t i = at + 1; i < words.size() && words[i] != "|"; ++i) {
    const std::string_view w = words[i];
    if (w == "/proc/cpuinfo") {
      cpuinfo = true;
    } else if (w == "-e" && i + 1 < words.size()) {
      patterns.push_back(unquote(words[++i]));
    } else if (w == "-m" && i + 1 < words.size()) {
      ++i;
    } else if (w == "--only-matching") {
      only_matching = true;
    } else if (w == "--word-regexp") {
      whole_words = true;
    } else if (w.size() > 1 && w[0] == '-' && w[1] != '-') {
      for (size_t k = 1; k < w.size(); ++k) {
        const char flag = w[k];
        if (flag == 'o') {
          only_matching = true;
        } else if (flag == 'w') {
          whole_words = true;
        } else if (flag == 'm') {
          break;  // -m1: the count follows in the same word
        } else if (flag != 'E' && flag != 'i') {
          return "";
        }
      }
    } else if (w.starts_with("-")) {
      return "";
    } else if (patterns.empty()) {
      patterns.push_back(unquote(w));
    } else {
      return "";  // a second file, or something else
    }
  }
  if (at == words.size() || !only_matching || !whole_words || !cpuinfo || patterns.empty()) {
    return "";
  }
  std::string joined;
  for (std::string pattern : patterns) {
    for (size_t bar = pattern.find("\\|"); bar != std::string::npos; bar = pattern.find("\\|")) {
      pattern.erase(bar, 1);  // basic regex alternation
    }
    for (const std::string_view word : SplitFields(pattern, '|')) {
      if (word.empty() || !std::all_of(word.begin(), word.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
          })) {
        return "";
      }
      if (!joined.empty()) {
        joined += '|';
      }
      joined.append(word);
    }
  }
  return joined;
}

bool IsCpuinfoLine(std::string_view text) {
  const auto kv = KeyValue(Trim(text));
  if (!kv) {
    return false;
  }
  const auto& [key, value] = *kv;
  return key == "model name" ||
         ((key == "flags" || key == "features") && LooksLikeCpuFlags(value)) ||
         (key == "architecture" && IsArchWord(value));
}

void EnvFactReader::SetCommand(const SourceLine& line, std::vector<results::SourceFact>* facts) {
  Finish(facts);
  context_ = Context::kNone;
  const std::string_view command = Trim(line.text);
  if (command.find("openssl.cnf") != std::string_view::npos ||
      command.find("openssl_conf") != std::string_view::npos ||
      command.find("OPENSSL_CONF=") != std::string_view::npos) {
    facts->push_back({"openssl_conf", std::string(command), line.number});
  }
  const std::vector<std::string_view> words = SplitWords(command);
  if (const std::optional<std::string> configure = ConfigureCommand(words)) {
    facts->push_back({"configure", *configure, line.number, "configure command line"});
    return;
  }
  cpufreq_file_ = CatCpufreqFile(words);
  if (!cpufreq_file_.empty()) {
    context_ = Context::kCpufreqFile;
    return;
  }
  dmi_files_ = CatDmiFiles(words);
  if (!dmi_files_.empty()) {
    context_ = Context::kDmiFiles;
    return;
  }
  grep_words_ = CpuinfoGrepWords(words);
  if (!grep_words_.empty()) {
    // What was asked, so that a word missing from the output reads as absent.
    context_ = Context::kCpuinfoGrep;
    grep_last_line_ = line.number;
    facts->push_back({"cpuinfo_grep", grep_words_, line.number, std::string(command)});
    return;
  }
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string_view word = words[i];
    const size_t slash = word.find_last_of('/');
    const std::string_view base = slash == std::string_view::npos ? word : word.substr(slash + 1);
    if (base == "lsmod") {
      context_ = Context::kLsmod;
      // The command itself, from lsmod on ("lsmod | grep -E 'aes|crypto_simd'"): what its
      // output can show. An empty output shows the modules its filter would list are not
      // loaded (diagnose reads the filter: LsmodShowsModule).
      facts->push_back(
          {"lsmod", std::string(Trim(command.substr(word.data() - command.data()))), line.number});
    } else if ((base == "openssl" || base == "openssl.exe") && i + 1 < words.size() &&
               words[i + 1] == "engine") {
      context_ = Context::kEngineList;
    } else if ((base == "openssl" || base == "openssl.exe") && i + 1 < words.size() &&
               words[i + 1] == "list" &&
               std::any_of(words.begin() + i + 2, words.end(), [](std::string_view w) {
                 return w == "-providers" || w == "--providers";
               })) {
      context_ = Context::kProviderList;
    } else if (word == "/proc/crypto") {
      context_ = Context::kProcCrypto;
    } else if ((base == "systemd-detect-virt" &&
                (i + 1 == words.size() ||
                 (i + 2 == words.size() && (words[i + 1] == "-v" || words[i + 1] == "--vm")))) ||
               (base == "virt-what" && i + 1 == words.size())) {
      // Each prints the hypervisor's name alone (HypervisorFromVirtName).
      context_ = Context::kVirtName;
      virt_command_ = std::string(base);
    } else if (base == "dmidecode" && i + 3 == words.size() &&
               (words[i + 1] == "-s" || words[i + 1] == "--string") &&
               (words[i + 2] == "system-manufacturer" || words[i + 2] == "system-product-name")) {
      context_ = Context::kVirtName;  // the DMI string alone (HypervisorFromDmi)
      virt_command_ = "dmidecode";
      virt_field_ = words[i + 2] == "system-manufacturer" ? "vendor" : "product";
    } else if (base == "uname" && i + 1 < words.size() && words[i + 1] == "-m") {
      context_ = Context::kUnameMachine;  // prints the machine hardware name alone
    } else if (base == "sysctl" && i + 2 == words.size() - 1 && words[i + 1] == "-n" &&
               (words[i + 2] == "machdep.cpu.brand_string" || words[i + 2] == "hw.model")) {
      // `sysctl -n KEY` prints the value alone, without "KEY: " (sysctl(8) -n); one CPU name key
      // only, so that the next line is its value.
      context_ = Context::kSysctlValue;
      sysctl_key_ = std::string(words[i + 2]);
    } else if (const std::optional<std::string> option = NoAsmOption(word);
               option && command.find("cmake") != std::string_view::npos) {
      facts->push_back({"build_option", *option, line.number, "cmake command line"});
    } else if (word == "/proc/cpuinfo" || base == "lscpu") {
      context_ = Context::kCpuinfo;
    } else if (i == 0 && i + 2 < words.size() && StartsWithNoCase(word, "sear") &&
               StartsWithNoCase("search", word) &&
               (ToLower(words[i + 1]).find("descrip.mms") != std::string::npos ||
                ToLower(words[i + 1]).find("makefile") != std::string::npos)) {
      // OpenVMS DCL: SEARCH FILE TEXT (any abbreviation of at least four letters).
      context_ = Context::kBuildSearch;
      search_file_ = std::string(words[i + 1]);
      search_text_ = std::string(words[i + 2]);
    }
  }
}

void EnvFactReader::FlushCryptoEntry(std::vector<results::SourceFact>* facts) {
  if (!crypto_name_.empty() && !crypto_driver_.empty()) {
    std::string value = fmt::format("{}: driver {}", crypto_name_, crypto_driver_);
    if (!crypto_module_.empty()) {
      value += fmt::format(", module {}", crypto_module_);
    }
    if (!crypto_priority_.empty()) {
      value += fmt::format(", priority {}", crypto_priority_);
    }
    if (!crypto_type_.empty()) {
      value += fmt::format(", type {}", crypto_type_);
    }
    facts->push_back({"kernel_driver", value, crypto_line_});
  }
  crypto_name_.clear();
  crypto_driver_.clear();
  crypto_module_.clear();
  crypto_priority_.clear();
  crypto_type_.clear();
}

void EnvFactReader::FlushProvider(std::vector<results::SourceFact>* facts) {
  if (provider_) {
    facts->push_back(*provider_);
    provider_.reset();
  }
}

// The end of the grep's output: the found words before it are all it printed, so an asked word
// not among them is absent (diagnose's GrepWords). Without this fact (the grep's command in one
// run, its output in another) no asked word is read as absent.
void EnvFactReader::EndCpuinfoGrep(std::vector<results::SourceFact>* facts) {
  if (context_ == Context::kCpuinfoGrep) {
    facts->push_back({"cpuinfo_grep_end", grep_words_, grep_last_line_, grep_words_});
    context_ = Context::kNone;
  }
}

void EnvFactReader::Finish(std::vector<results::SourceFact>* facts) {
  EndCpuinfoGrep(facts);
  FlushCryptoEntry(facts);
  FlushProvider(facts);
  if (engine_) {
    facts->push_back(*engine_);
    engine_.reset();
  }
}

// Hyper-V guests' DMI names Microsoft as the system's manufacturer and "Virtual Machine" as its
// product (systemd issue #21816, a Debian 9 guest of Windows Server 2012 R2: sys_vendor
// "Microsoft Corporation", product_name "Virtual Machine";
// https://github.com/systemd/systemd/issues/21816). Microsoft also makes Surface laptops, whose
// sys_vendor is "Microsoft Corporation" too (systemd issue #21468, where that string alone
// marked a Surface Laptop a Hyper-V guest: https://github.com/systemd/systemd/issues/21468), so
// only the two together, a few lines apart (one dmidecode block, or one listing), name Hyper-V.
bool EnvFactReader::NoteMicrosoftDmi(std::string_view field, std::string_view value, size_t line,
                                     const std::string& origin,
                                     std::vector<results::SourceFact>* facts) {
  constexpr size_t kPairLines = 8;
  if (field == "vendor" && value == "Microsoft Corporation") {
    dmi_microsoft_line_ = line;
  } else if (field == "product" && value == "Virtual Machine") {
    dmi_virtual_machine_line_ = line;
  } else {
    return false;
  }
  if (dmi_microsoft_line_ == 0 || dmi_virtual_machine_line_ == 0 ||
      std::max(dmi_microsoft_line_, dmi_virtual_machine_line_) -
              std::min(dmi_microsoft_line_, dmi_virtual_machine_line_) >
          kPairLines) {
    return false;
  }
  dmi_microsoft_line_ = 0;
  dmi_virtual_machine_line_ = 0;
  facts->push_back({"hypervisor_vendor", "Microsoft", line, origin});
  return true;
}

bool EnvFactReader::Take(const SourceLine& line, std::vector<results::SourceFact>* facts) {
  if (line.kind != LineKind::kText) {
    return false;
  }
  const std::string_view trimmed = Trim(line.text);
  if (trimmed.empty()) {
    EndCpuinfoGrep(facts);
    FlushCryptoEntry(facts);
    FlushProvider(facts);
    if (engine_) {
      facts->push_back(*engine_);
      engine_.reset();
    }
    if (context_ != Context::kProcCrypto && context_ != Context::kCpuinfo) {
      context_ = Context::kNone;
    }
    return false;
  }
  // `openssl list -providers` (OpenSSL 3.x apps/list.c, list_provider_info): "Providers:", then
  // per provider its name indented by two and, indented by four, "name: ...", "version: ..."
  // (the provider's own version, not the library's: QAT's provider prints 1.6.0 under OpenSSL
  // 3.0) and "status: active" (or "inactive"); -verbose adds "build info: ..." and the
  // provider's gettable parameters. The header says what the block is wherever it is pasted.
  if (trimmed == "Providers:") {
    FlushProvider(facts);
    context_ = Context::kProviderList;
    return true;
  }
  if (context_ == Context::kProviderList) {
    if (const auto kv = KeyValue(trimmed); kv && provider_) {
      provider_->value += fmt::format("{} {} {}", provider_->value.ends_with(':') ? "" : ",",
                                      kv->first, kv->second);
      return true;
    }
    if (SplitWords(trimmed).size() == 1 && trimmed.find(':') == std::string_view::npos &&
        line.text.starts_with(' ')) {
      FlushProvider(facts);
      provider_ = results::SourceFact{"provider", fmt::format("{}:", trimmed), line.number};
      return true;
    }
    FlushProvider(facts);
    context_ = Context::kNone;
  }
  // Microcontroller SDK banners before a benchmark's rows: NXP MCUXpresso SDK's mbedTLS
  // benchmark demo prints "fsys=96000000" (the core clock it set, Hz) and "Using following
  // implementations:" with one line per family ("  AES: ELE200 HW accelerated ECB, CBC, CCM and
  // CMAC", "  AES GCM: Software implementation": the demo's readme for the FRDM-K32L3A6,
  // https://github.com/Masmiseim36/nxpSDK/blob/60045607ee4577eb305630ef8ce04d0f3cde080b/boards/
  // frdmk32l3a6/mbedtls_examples/mbedtls_benchmark/cm0plus/readme.txt); Nuclei SDK's banner
  // prints "CPU Frequency 32000403 Hz". The clocks become "cpu_clock_mhz" facts; each listed
  // implementation an "implementation_claim" fact, the program's own word on where a family runs.
  if (trimmed.starts_with("fsys=") && ParseUnsigned(trimmed.substr(5)) &&
      *ParseUnsigned(trimmed.substr(5)) > 0) {
    facts->push_back(
        {"cpu_clock_mhz",
         fmt::format("{}", static_cast<double>(*ParseUnsigned(trimmed.substr(5))) / 1e6),
         line.number, "NXP SDK fsys line"});
    return true;
  }
  if (const std::vector<std::string_view> words = SplitWords(trimmed);
      words.size() == 4 && words[0] == "CPU" && words[1] == "Frequency" && words[3] == "Hz" &&
      ParseUnsigned(words[2]) && *ParseUnsigned(words[2]) > 0) {
    facts->push_back({"cpu_clock_mhz",
                      fmt::format("{}", static_cast<double>(*ParseUnsigned(words[2])) / 1e6),
                      line.number, "Nuclei SDK banner"});
    return true;
  }
  if (trimmed == "Using following implementations:") {
    context_ = Context::kImplementations;
    return true;
  }
  if (context_ == Context::kImplementations) {
    const size_t colon = trimmed.find(": ");
    if (colon != std::string_view::npos && colon > 0 &&
        (trimmed.find("HW accelerated") != std::string_view::npos ||
         trimmed.ends_with("Software implementation"))) {
      facts->push_back({"implementation_claim", std::string(trimmed), line.number,
                        "NXP SDK implementation list"});
      return true;
    }
    context_ = Context::kNone;
  }
  // The hypervisor, named by Linux's boot message or by dmidecode's System Information
  // ("Manufacturer: VMware, Inc.", "Product Name: VMware Virtual Platform"), wherever pasted.
  if (const size_t at = trimmed.find("Hypervisor detected: "); at != std::string_view::npos) {
    if (const std::string_view vendor = HypervisorFromBootMessage(Trim(trimmed.substr(at + 21)));
        !vendor.empty()) {
      facts->push_back({"hypervisor_vendor", std::string(vendor), line.number, "dmesg"});
      return true;
    }
  }
  if (const auto kv = KeyValue(trimmed);
      kv && (kv->first == "manufacturer" || kv->first == "product name")) {
    if (const std::string_view vendor = HypervisorFromDmi(kv->second); !vendor.empty()) {
      facts->push_back({"hypervisor_vendor", std::string(vendor), line.number, "dmidecode"});
      return true;
    }
    if (NoteMicrosoftDmi(kv->first == "manufacturer" ? "vendor" : "product", kv->second,
                         line.number, "dmidecode", facts)) {
      return true;
    }
  }
  if (std::optional<results::SourceFact> fact = GrepCpufreqLine(trimmed, line.number)) {
    facts->push_back(std::move(*fact));
    return true;
  }
  // FreeBSD's boot messages (/var/run/dmesg.boot, `dmesg`): the CPU line and the feature lines.
  if (const std::optional<FreeBsdCpuLine> cpu = ParseFreeBsdCpuLine(trimmed)) {
    facts->push_back({"cpu_model", "CPU: " + cpu->model, line.number, "FreeBSD dmesg"});
    if (!cpu->mhz.empty()) {
      facts->push_back({"cpu_clock_mhz", cpu->mhz, line.number, "FreeBSD dmesg"});
    }
    if (cpu->cpu_class == "K8") {  // identcpu.c prints K8 on every amd64 kernel
      facts->push_back({"cpu_arch", "amd64", line.number, "FreeBSD dmesg"});
    }
    return true;
  }
  // OpenBSD's (sys/arch/amd64/amd64/identcpu.c): the CPU line and the feature line.
  if (const std::optional<OpenBsdCpuLine> cpu = ParseOpenBsdCpuLine(trimmed)) {
    facts->push_back({"cpu_model",
                      std::string(trimmed.substr(0, trimmed.find(": ") + 2)) + cpu->model,
                      line.number, "OpenBSD dmesg"});
    if (!cpu->mhz.empty()) {
      facts->push_back({"cpu_clock_mhz", cpu->mhz, line.number, "OpenBSD dmesg"});
    }
    facts->push_back({"cpu_arch", "amd64", line.number, "OpenBSD dmesg"});
    return true;
  }
  if (IsOpenBsdFeaturesLine(trimmed)) {
    facts->push_back({"cpu_flags", std::string(trimmed), line.number, "OpenBSD dmesg"});
    return true;
  }
  // OpenBSD's other boot lines of a CPU device (caches, "smt 0, core 0, package 0", the
  // SpeedStep table): part of the dmesg, nothing a run needs.
  if (const size_t colon = trimmed.find(": ");
      colon != std::string_view::npos && results::IsCpuDeviceName(trimmed.substr(0, colon))) {
    return true;
  }
  if (const std::optional<std::string> model = S390MachineModel(trimmed)) {
    facts->push_back({"cpu_model", *model, line.number, "/proc/cpuinfo"});
    return true;
  }
  if (IsFreeBsdFeaturesLine(trimmed)) {
    facts->push_back({"cpu_flags", std::string(trimmed), line.number, "FreeBSD dmesg"});
    return true;
  }
  // OpenBSD's sysctl(8) prints "name=value" without spaces ("hw.machine=amd64"; NetBSD's
  // prints "name = value", FreeBSD's "name: value"): hw.machine is the architecture (amd64,
  // arm64, ...: uname -m's), hw.model the CPU's brand string (sysctl(2) HW_MACHINE, HW_MODEL).
  if (trimmed.starts_with("hw.machine=") && trimmed.size() > 11) {
    facts->push_back(
        {"cpu_arch", std::string(trimmed.substr(11)), line.number, "sysctl hw.machine"});
    return true;
  }
  if (trimmed.starts_with("hw.model=") && trimmed.size() > 9) {
    facts->push_back({"cpu_model", fmt::format("hw.model: {}", trimmed.substr(9)), line.number,
                      "sysctl hw.model="});
    return true;
  }
  if (const auto processor = PsrinfoProcessor(trimmed)) {
    facts->push_back({"cpu_model", "cpu: " + processor->first, line.number, "psrinfo -pv"});
    facts->push_back({"cpu_clock_mhz", processor->second, line.number, "psrinfo -pv"});
    return true;
  }
  // Solaris `isainfo -v`: "64-bit sparcv9 applications" (or "64-bit amd64 applications"), then
  // indented lines of the instruction set extensions the kernel reports for that ISA (aes, des,
  // sha256, ...: illumos usr/src/uts/sparc/sys/auxv_SPARC.h AV_SPARC_* names). The 64-bit ISA
  // is the architecture; its extension lines become one cpu_flags fact (origin isainfo -v).
  if (trimmed.ends_with(" applications") &&
      (trimmed.starts_with("64-bit ") || trimmed.starts_with("32-bit "))) {
    const bool wide = trimmed.starts_with("64-bit ");
    const std::string_view isa = trimmed.substr(7, trimmed.size() - 7 - 13);
    if (wide && (isa == "sparcv9" || isa == "amd64")) {
      facts->push_back({"cpu_arch", std::string(isa), line.number, "isainfo -v"});
    }
    context_ = wide ? Context::kIsainfo : Context::kNone;
    return true;
  }
  if (context_ == Context::kIsainfo &&
      (line.text.starts_with('\t') || line.text.starts_with(' '))) {
    if (!facts->empty() && facts->back().kind == "cpu_flags" &&
        facts->back().origin == "isainfo -v") {
      facts->back().value += " " + std::string(trimmed);
    } else {
      facts->push_back({"cpu_flags", std::string(trimmed), line.number, "isainfo -v"});
    }
    return true;
  }
  // macOS on Apple silicon: `sysctl hw.optional` lines "hw.optional.arm.FEAT_AES: 1" (1: the CPU
  // has the extension, 0: it lacks it; Apple's "Determining Instruction Set Characteristics",
  // https://developer.apple.com/documentation/kernel/1387446-sysctlbyname/
  // determining_instruction_set_characteristics). Consecutive lines become one cpu_flags fact
  // "FEAT_AES=1 FEAT_PMULL=1 ..." (origin sysctl hw.optional).
  if (trimmed.starts_with("hw.optional.arm.FEAT_")) {
    const size_t colon = trimmed.find(':');
    const std::string_view bit =
        colon == std::string_view::npos ? std::string_view() : Trim(trimmed.substr(colon + 1));
    if (bit == "0" || bit == "1") {
      const std::string token = fmt::format("{}={}", Trim(trimmed.substr(16, colon - 16)), bit);
      if (!facts->empty() && facts->back().kind == "cpu_flags" &&
          facts->back().origin == "sysctl hw.optional") {
        facts->back().value += " " + token;
      } else {
        facts->push_back({"cpu_flags", token, line.number, "sysctl hw.optional"});
      }
      return true;
    }
  }
  // /proc/crypto entries say what they are wherever they are pasted.
  if (const auto kv = KeyValue(trimmed)) {
    const auto& [key, value] = *kv;
    if (key == "name" && (context_ == Context::kProcCrypto ||
                          value.find('(') != std::string::npos || context_ == Context::kNone)) {
      FlushCryptoEntry(facts);
      crypto_name_ = value;
      crypto_line_ = line.number;
      context_ = Context::kProcCrypto;
      return true;
    }
    if (context_ == Context::kProcCrypto) {
      if (key == "driver") {
        crypto_driver_ = value;
      } else if (key == "module") {
        crypto_module_ = value;
      } else if (key == "priority") {
        crypto_priority_ = value;
      } else if (key == "type") {
        crypto_type_ = value;
      } else if (key != "refcnt" && key != "selftest" && key != "internal" && key != "async" &&
                 key != "blocksize" && key != "min keysize" && key != "max keysize" &&
                 key != "ivsize" && key != "chunksize" && key != "walksize" &&
                 key != "digestsize" && key != "geniv" && key != "maxauthsize" &&
                 key != "seedsize" && key != "statesize" && key != "fips") {
        context_ = Context::kNone;
        return false;
      }
      return true;
    }
    // "Model : Raspberry Pi 4 Model B" (ARM boards' /proc/cpuinfo) names the board; x86's
    // "model : 85" is a number, not a name. MIPS's /proc/cpuinfo names the SoC on its "system
    // type" line and the core on its "cpu model" line (arch/mips/kernel/proc.c), keys no other
    // output prints with a name after them, so they count wherever they are pasted.
    const bool board_model = key == "model" && !value.empty() && !ParseUnsigned(value);
    const bool mips_line = (key == "system type" || key == "cpu model") && !value.empty();
    if ((key == "model name" || key == "cpu model" || key == "hardware" || key == "cpu part" ||
         key == "vendor_id" || key == "system type" || board_model) &&
        (context_ == Context::kCpuinfo || key == "model name" || board_model || mips_line)) {
      facts->push_back({"cpu_model", fmt::format("{}: {}", key, value), line.number});
      return true;
    }
    if ((key == "flags" || key == "features") &&
        (context_ == Context::kCpuinfo || LooksLikeCpuFlags(value))) {
      // lscpu prints "Flags:" (capitalised, the colon right after it); /proc/cpuinfo prints
      // "flags\t\t:" on x86 and "Features\t:" on ARM (util-linux sys-utils/lscpu.c,
      // arch/x86/kernel/cpu/proc.c, arch/arm64/kernel/cpuinfo.c).
      const std::string origin =
          trimmed.rfind("Flags:", 0) == 0                                       ? "lscpu"
          : trimmed.rfind("flags", 0) == 0 || trimmed.rfind("Features", 0) == 0 ? "/proc/cpuinfo"
                                                                                : "";
      facts->push_back({"cpu_flags", value, line.number, origin});
      return true;
    }
    // `botan cpuid` prints "CPUID flags: " and Botan's CPUID::to_string(), the features this
    // Botan detected under its own names (randombit/botan src/cli/utils.cpp, Print_Cpuid; the
    // names in src/lib/utils/cpuid/cpuid.cpp, CPUID::to_string, and in Botan 3.8 on
    // cpuid_x86/cpuid_features.cpp, CPUFeature::to_string): "sse2 ssse3 ... aes_ni clmul".
    // `sysctl hw.model` (FreeBSD, macOS): the CPU's brand string; macOS's
    // `sysctl machdep.cpu.brand_string` (XNU's machdep.cpu tree: "Apple M1 Pro", or an Intel
    // brand string; hw.model there is the Mac's model, "MacBookPro18,3", no CPU name).
    if (key == "hw.model" && IsMacModelIdentifier(value)) {
      facts->push_back({"machine_model", value, line.number, "sysctl hw.model"});
      return true;
    }
    if ((key == "hw.model" || key == "machdep.cpu.brand_string") && !value.empty()) {
      facts->push_back({"cpu_model", fmt::format("{}: {}", key, value), line.number,
                        fmt::format("sysctl {}", key)});
      return true;
    }
    if (key == "cpuid flags" && !value.empty()) {
      facts->push_back({"cpu_flags", value, line.number, "botan cpuid"});
      return true;
    }
    // lscpu's "CPU max MHz: 1512.0000" and "CPU min MHz: 408.0000": the kernel's cpufreq
    // limits (cpuinfo_max_freq, cpuinfo_min_freq), keys no other output prints.
    if ((key == "cpu max mhz" || key == "cpu min mhz") && IsMhzValue(value)) {
      facts->push_back({key == "cpu max mhz" ? "cpu_max_mhz" : "cpu_min_mhz", value, line.number});
      return true;
    }
    // RISC-V /proc/cpuinfo (arch/riscv/kernel/cpu.c, show_cpuinfo): "isa : rv64imafdc_zba_..."
    // names the base ISA, its single-letter extensions and the multi-letter ones after '_';
    // "isa-ext : ..." (Linux 6.x) lists further extensions, possibly none. Each is a cpu_flags
    // fact (origin "/proc/cpuinfo isa" or "... isa-ext"); cpu_clues reads them together.
    if ((key == "isa" && (value.starts_with("rv32") || value.starts_with("rv64"))) ||
        key == "isa-ext") {
      if (!value.empty()) {
        facts->push_back({"cpu_flags", value, line.number,
                          key == "isa" ? "/proc/cpuinfo isa" : "/proc/cpuinfo isa-ext"});
      }
      return true;
    }
    // Linux/powerpc /proc/cpuinfo (arch/powerpc/kernel/setup-common.c, show_cpuinfo): "cpu :
    // POWER10 (architected), altivec supported" names the core, "clock : 3450.000000MHz" its
    // clock.
    if (key == "cpu" && value.starts_with("POWER")) {
      facts->push_back({"cpu_model", fmt::format("cpu: {}", value), line.number, "/proc/cpuinfo"});
      return true;
    }
    if (key == "clock") {
      if (const std::string mhz = PowerClockMhz(value); !mhz.empty()) {
        facts->push_back({"cpu_clock_mhz", mhz, line.number, "/proc/cpuinfo"});
        return true;
      }
    }
    // lscpu's "Hypervisor vendor: KVM" (util-linux sys-utils/lscpu-virt.c): the hypervisor the
    // guest runs under, on x86 from CPUID leaf 0x40000000's signature. "TCG" is QEMU without
    // KVM: its TCG accelerator emulates the CPU and answers that leaf with "TCGTCGTCGTCG" (QEMU
    // target/i386/cpu.c, cpu_x86_cpuid, the expose-tcg property). A fact "hypervisor_vendor",
    // value as printed; results::EmulationReason reads TCG as emulation.
    if (key == "hypervisor vendor" && !value.empty()) {
      facts->push_back({"hypervisor_vendor", value, line.number, "lscpu"});
      return true;
    }
    // lscpu's "Architecture: x86_64" (uname -m's value).
    if (key == "architecture" && IsArchWord(value)) {
      facts->push_back({"cpu_arch", value, line.number});
      return true;
    }
  }
  // lscpu's "CPU op-mode(s): 32-bit, 64-bit" (util-linux sys-utils/lscpu.c, the summary's
  // "CPU op-mode(s):" row): the code widths the CPU runs, which its Architecture line already
  // settles for the figures; taken without a fact so that its figures-like words are not called
  // another program's output.
  if (StartsWithNoCase(trimmed, "CPU op-mode(s):")) {
    return true;
  }
  // OpenSSL 1.0.2's `openssl version -a` ends with "engines:  rdrand dynamic": the ids of the
  // engines the library's engine list holds when `openssl` starts, built in (rdrand, dynamic,
  // and a build's own) or loaded by openssl.cnf (apps/version.c of OpenSSL_1_0_2-stable:
  // ENGINE_get_first .. ENGINE_get_next, printed by -a). A fact "engine_ids", value the ids as
  // printed; it says what is there, not that a run used one.
  if (StartsWithNoCase(trimmed, "engines:")) {
    const std::string_view ids = Trim(trimmed.substr(8));
    const std::vector<std::string_view> words = SplitWords(ids);
    const bool id_list = !words.empty() && std::all_of(words.begin(), words.end(), [](auto w) {
      return std::all_of(w.begin(), w.end(), [](char c) {
        return std::islower(static_cast<unsigned char>(c)) ||
               std::isdigit(static_cast<unsigned char>(c)) || c == '_' || c == '-';
      });
    });
    if (id_list) {
      facts->push_back({"engine_ids", std::string(ids), line.number, "openssl version -a"});
      return true;
    }
  }
  if (trimmed.find("openssl_conf") != std::string_view::npos ||
      StartsWithNoCase(trimmed, "engines =") || StartsWithNoCase(trimmed, "engines=") ||
      StartsWithNoCase(trimmed, "dynamic_path") || StartsWithNoCase(trimmed, "engine_id") ||
      StartsWithNoCase(trimmed, "default_algorithms")) {
    facts->push_back({"openssl_conf", std::string(trimmed), line.number});
    return true;
  }
  // The apps' setup_engine() prints `invalid engine "NAME"` when NAME can be neither found nor
  // loaded, then returns no engine, and `openssl speed` goes on without it
  // (https://github.com/openssl/openssl/blob/OpenSSL_1_0_2-stable/apps/apps.c, setup_engine;
  // apps/speed.c there does not stop on it). Matched without regard to case.
  if (StartsWithNoCase(trimmed, "invalid engine \"")) {
    const std::string_view rest = trimmed.substr(16);
    const size_t close = rest.find('"');
    if (close != std::string_view::npos && close > 0) {
      facts->push_back({"engine_load_failed", std::string(rest.substr(0, close)), line.number});
      return true;
    }
  }
  // OpenSSL 1.1.1's devcrypto engine, loaded from openssl.cnf, says so on stderr.
  if (trimmed.find("not enabling devcrypto engine") != std::string_view::npos) {
    facts->push_back({"engine", std::string(trimmed), line.number});
    return true;
  }
  if (std::optional<std::string> model = QemuCpuOptionModel(trimmed)) {
    facts->push_back({"vm_cpu_model", std::move(*model), line.number});
    return true;
  }
  if (const std::optional<std::string> option = NoAsmOption(trimmed);
      option && trimmed.find(':') != std::string_view::npos) {
    facts->push_back({"build_option", *option, line.number, "CMakeCache.txt"});
    return true;
  }
  if (IsUnameLine(trimmed)) {
    facts->push_back({"uname", std::string(trimmed), line.number});
    return true;
  }
  switch (context_) {
    case Context::kEngineList: {
      // "(afalg) AFALG engine support", " [AES-128-CBC, ...]", "     [ available ]"
      if (trimmed.front() == '(' && trimmed.find(')') != std::string_view::npos) {
        if (engine_) {
          facts->push_back(*engine_);
        }
        const size_t close = trimmed.find(')');
        engine_ = results::SourceFact{
            "engine",
            fmt::format("{}: {}", trimmed.substr(1, close - 1), Trim(trimmed.substr(close + 1))),
            line.number};
        return true;
      }
      if (engine_ && trimmed.front() == '[' && trimmed.back() == ']') {
        const std::string_view inner = Trim(trimmed.substr(1, trimmed.size() - 2));
        const bool state = inner == "available" || inner == "unavailable";
        engine_->value += state ? fmt::format("; {}", inner) : fmt::format(" [{}]", inner);
        return true;
      }
      if (engine_) {
        return true;  // control commands (-v): part of the list
      }
      return false;
    }
    case Context::kLsmod: {
      const std::vector<std::string_view> words = SplitWords(trimmed);
      if (words.size() >= 3 && words[0] == "Module" && words[1] == "Size") {
        return true;
      }
      // A count alone: `lsmod | grep -c aesni` or `... | wc -l`; lsmod itself prints none.
      if (words.size() == 1 && ParseUnsigned(words[0])) {
        facts->push_back({"lsmod_count", std::string(words[0]), line.number});
        context_ = Context::kNone;
        return true;
      }
      if (words.size() >= 3 && ParseUnsigned(words[1]) && ParseUnsigned(words[2])) {
        facts->push_back({"kernel_module",
                          words.size() > 3 ? fmt::format("{} (used by {})", words[0], words[3])
                                           : std::string(words[0]),
                          line.number});
        return true;
      }
      context_ = Context::kNone;
      return false;
    }
    case Context::kCpuinfoGrep: {
      // One found word per line (`| sort -u` keeps that shape).
      const std::vector<std::string_view> asked = SplitFields(grep_words_, '|');
      if (std::find(asked.begin(), asked.end(), trimmed) != asked.end()) {
        facts->push_back({"cpuinfo_grep_found", std::string(trimmed), line.number, grep_words_});
        grep_last_line_ = line.number;
        return true;
      }
      EndCpuinfoGrep(facts);
      return false;
    }
    case Context::kUnameMachine:
      context_ = Context::kNone;
      // `uname -m`'s output, the same word as lscpu's "Architecture:" (x86_64, aarch64, armv7l).
      if (IsArchWord(trimmed)) {
        facts->push_back({"cpu_arch", std::string(trimmed), line.number, "uname -m"});
        return true;
      }
      return false;
    case Context::kSysctlValue:
      context_ = Context::kNone;
      if (sysctl_key_ == "hw.model" && IsMacModelIdentifier(trimmed)) {
        facts->push_back({"machine_model", std::string(trimmed), line.number, "sysctl hw.model"});
        return true;
      }
      if (!trimmed.empty() && trimmed.find(':') == std::string_view::npos) {
        facts->push_back({"cpu_model", fmt::format("{}: {}", sysctl_key_, trimmed), line.number,
                          fmt::format("sysctl {}", sysctl_key_)});
        return true;
      }
      return false;
    case Context::kCpufreqFile: {
      // The value on the line right after `cat FILE`.
      context_ = Context::kNone;
      if (std::optional<results::SourceFact> fact =
              CpufreqFact(cpufreq_file_, trimmed, line.number)) {
        facts->push_back(std::move(*fact));
        return true;
      }
      return false;
    }
    case Context::kBuildSearch:
      context_ = Context::kNone;
      if (StartsWithNoCase(trimmed, "%SEARCH-I-NOMATCHES")) {
        facts->push_back(
            {"build_search", fmt::format("{}: no {}", search_file_, search_text_), line.number});
        return true;
      }
      return false;
    case Context::kVirtName: {
      const std::string_view vendor = virt_command_ == "dmidecode"
                                          ? HypervisorFromDmi(trimmed)
                                          : HypervisorFromVirtName(trimmed);
      if (vendor.empty()) {
        context_ = Context::kNone;
        // `dmidecode -s system-manufacturer` and `-s system-product-name`: Hyper-V's pair.
        return virt_command_ == "dmidecode" &&
               NoteMicrosoftDmi(virt_field_, trimmed, line.number, "dmidecode", facts);
      }
      facts->push_back({"hypervisor_vendor", std::string(vendor), line.number, virt_command_});
      if (virt_command_ != "virt-what") {  // virt-what may print more lines ("xen", "xen-hvm")
        context_ = Context::kNone;
      }
      return true;
    }
    case Context::kDmiFiles: {
      // One value a line, in the order of the files `cat` was given.
      const std::string file = dmi_files_.front();
      dmi_files_.erase(dmi_files_.begin());
      if (dmi_files_.empty()) {
        context_ = Context::kNone;
      }
      const std::string origin = "/sys/class/dmi/id/" + file;
      if (file == "sys_vendor" || file == "product_name" || file == "board_vendor") {
        if (const std::string_view vendor = HypervisorFromDmi(trimmed); !vendor.empty()) {
          facts->push_back({"hypervisor_vendor", std::string(vendor), line.number, origin});
          return true;
        }
      }
      return NoteMicrosoftDmi(file == "sys_vendor"     ? "vendor"
                              : file == "product_name" ? "product"
                                                       : "",
                              trimmed, line.number, origin, facts);
    }
    case Context::kIsainfo:  // an unindented line ends the extension list
      context_ = Context::kNone;
      break;
    case Context::kCpuinfo:
    case Context::kProcCrypto:
    case Context::kProviderList:
    case Context::kImplementations:
    case Context::kNone:
      break;
  }
  return false;
}

}  // namespace cryptobench::import
