#include "diagnose/kernel_drivers.h"

#include <fnmatch.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "diagnose/csv_table.h"
#include "diagnose/library_changes.h"

namespace cryptobench::diagnose {

std::string_view EmbeddedKernelDriversCsv();  // generated: src/diagnose/CMakeLists.txt

namespace {

struct Row {
  std::string pattern;
  KernelDriverClass klass;
  std::string instructions;
  std::string source;
};

KernelDriverClass ClassNamed(std::string_view name, size_t line) {
  static constexpr std::pair<std::string_view, KernelDriverClass> kNames[] = {
      {"instructions", KernelDriverClass::kInstructions},
      {"engine", KernelDriverClass::kEngine},
      {"library", KernelDriverClass::kLibrary},
      {"simd", KernelDriverClass::kSimd},
      {"asm", KernelDriverClass::kAsm},
      {"generic", KernelDriverClass::kGeneric}};
  for (const auto& [known, klass] : kNames) {
    if (name == known) {
      return klass;
    }
  }
  FailCsvRecord("data/kernel-crypto-drivers.csv", line, fmt::format("unknown class '{}'", name));
}

// The embedded table; a malformed one is a build defect (kernel_drivers_test parses it).
const std::vector<Row>& Table() {
  static const std::vector<Row> rows = [] {
    std::vector<Row> parsed;
    for (CsvRecord& record :
         ParseCsvTable(EmbeddedKernelDriversCsv(), "pattern,class,instructions,source",
                       "data/kernel-crypto-drivers.csv")) {
      std::vector<std::string>& f = record.fields;
      if (!IsCitableSource(f[3])) {
        FailCsvRecord("data/kernel-crypto-drivers.csv", record.line,
                      fmt::format("source '{}' is not a URL", f[3]));
      }
      parsed.push_back(
          {std::move(f[0]), ClassNamed(f[1], record.line), std::move(f[2]), std::move(f[3])});
    }
    return parsed;
  }();
  return rows;
}

KernelDriverRead ReadLeaf(std::string_view leaf) {
  KernelDriverRead read;
  read.driver = std::string(leaf);
  for (const Row& row : Table()) {
    if (fnmatch(row.pattern.c_str(), read.driver.c_str(), 0) == 0) {
      read.klass = row.klass;
      read.instructions = row.instructions;
      read.source = row.source;
      break;
    }
  }
  return read;
}

// Collects the leaves of "t1(a,t2(b,c))": the names not followed by '('.
void CollectLeaves(std::string_view driver, std::vector<KernelDriverRead>* reads) {
  size_t start = 0;
  for (size_t i = 0; i <= driver.size(); ++i) {
    const char c = i < driver.size() ? driver[i] : ',';
    if (c == '(') {
      start = i + 1;  // a template's name: not a driver
    } else if (c == ',' || c == ')') {
      if (i > start) {
        reads->push_back(ReadLeaf(driver.substr(start, i - start)));
      }
      start = i + 1;
    }
  }
}

}  // namespace

std::vector<KernelDriverRead> ReadKernelDriver(std::string_view driver) {
  std::vector<KernelDriverRead> reads;
  CollectLeaves(driver, &reads);
  return reads;
}

KernelDriverClass SlowestClass(const std::vector<KernelDriverRead>& reads) {
  if (reads.empty()) {
    return KernelDriverClass::kUnknown;
  }
  KernelDriverClass slowest = KernelDriverClass::kInstructions;
  for (const KernelDriverRead& read : reads) {
    slowest = std::max(slowest, read.klass);
  }
  return slowest;
}

std::string DescribeKernelDriverClass(KernelDriverClass klass, std::string_view instructions) {
  switch (klass) {
    case KernelDriverClass::kInstructions:
      return fmt::format("the CPU's {} instructions", instructions);
    case KernelDriverClass::kEngine:
      return "a crypto engine outside the CPU";
    case KernelDriverClass::kLibrary:
      return "lib/crypto, whose code the name does not tell";
    case KernelDriverClass::kSimd:
      return "vector code without crypto instructions";
    case KernelDriverClass::kAsm:
      return "scalar assembly";
    case KernelDriverClass::kGeneric:
      return "portable C";
    case KernelDriverClass::kUnknown:
      break;
  }
  return "code the driver table does not know";
}

std::string DescribeKernelDriver(std::string_view driver) {
  const std::vector<KernelDriverRead> reads = ReadKernelDriver(driver);
  if (reads.size() == 1 && reads[0].driver == driver) {
    return fmt::format("{}: {}", driver,
                       DescribeKernelDriverClass(reads[0].klass, reads[0].instructions));
  }
  std::string text = fmt::format("{}:", driver);
  for (size_t i = 0; i < reads.size(); ++i) {
    text += fmt::format("{} {}: {}", i == 0 ? "" : ";", reads[i].driver,
                        DescribeKernelDriverClass(reads[i].klass, reads[i].instructions));
  }
  return text;
}

std::string_view DriverOfImplementation(std::string_view implementation) {
  const size_t paren = implementation.find(" (");
  return paren == std::string_view::npos ? implementation : implementation.substr(0, paren);
}

std::string_view KernelAesModules(std::string_view arch) {
  // The module rows of data/kernel-crypto-drivers.csv (aesni_intel, aes_ce_*, aes_arm_ce), by
  // the architecture whose Makefile builds them.
  if (arch == "x86_64" || arch == "x86") {
    return "aesni_intel";
  }
  if (arch == "aarch64") {
    return "aes_ce_blk";
  }
  if (arch == "arm") {
    return "aes_arm_ce";
  }
  return "";
}

std::string_view KernelAesDriverLegend() {
  return "*-aesni, *-vaes-* and *-aes-ce are the CPU's AES instructions; aes-generic "
         "(table-based C), aes-fixed-time (constant-time C), aes-arm64 and aes-arm (scalar "
         "assembly) and *-neon and *-neonbs (NEON code) are software; another driver of higher "
         "priority, an offload engine's, may serve it instead";
}

bool IsKernelAesModule(std::string_view module, std::string_view arch) {
  if (!arch.empty()) {
    return !KernelAesModules(arch).empty() && module == KernelAesModules(arch);
  }
  return module == "aesni_intel" || module == "aes_ce_blk" || module == "aes_arm_ce";
}

std::string LoadedKernelAesModuleText(std::string_view module, size_t line) {
  if (module.empty()) {
    return "";
  }
  return fmt::format("{} is loaded (lsmod, line {})", module, line);
}

std::string KernelAesDriverAdvice(std::string_view arch, std::string_view loaded_module,
                                  size_t loaded_line) {
  if (!loaded_module.empty()) {
    return fmt::format(
        "{}, so loading it is not the remedy: whether its drivers serve these rows is not in the "
        "text. Paste `{}`: the driver and priority of the cbc(aes) and xts(aes) entries show "
        "which one the kernel runs (the highest priority) ({}).",
        LoadedKernelAesModuleText(loaded_module, loaded_line), kKernelAesPriorityCommand,
        KernelAesDriverLegend());
  }
  const std::string_view modules = KernelAesModules(arch);
  // A module built for the CPU's AES instructions is loaded by the CPU's features (x86: the
  // x86cpu device table of arch/x86/crypto/aesni-intel_glue.c; arm64:
  // module_cpu_feature_match(AES) in arch/arm64/crypto/aes-glue.c), so it is missing only when
  // the kernel was built without it or it was left out or blacklisted; an offload engine's
  // driver of higher priority may also serve AES in its place.
  return fmt::format(
      "Load the kernel's driver for the CPU's AES instructions (`{}`) and check that it serves "
      "AES: `{}` shows the driver and module of xts(aes) and cbc(aes) ({}). If the module does "
      "not load, the kernel was built without it.",
      modules.empty() ? "modprobe aesni_intel on x86, aes_ce_blk on arm64, aes_arm_ce on 32-bit ARM"
                      : fmt::format("modprobe {}", modules),
      kKernelAesDriverCommand, KernelAesDriverLegend());
}

namespace {

// The words of one shell command line with its quotes and backslashes taken away, each '|'
// outside quotes a word of its own ("|"); nullopt for a quote left open or for what this does
// not follow (a list ';', '&', a redirection, an expansion '$' or '`'): such a line is not read.
std::optional<std::vector<std::string>> PipelineWords(std::string_view command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  const auto flush = [&] {
    if (in_word) {
      words.push_back(std::move(word));
      word.clear();
      in_word = false;
    }
  };
  for (size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (c == '\'') {
      const size_t end = command.find('\'', i + 1);
      if (end == std::string_view::npos) {
        return std::nullopt;
      }
      word.append(command.substr(i + 1, end - i - 1));
      in_word = true;
      i = end;
    } else if (c == '"') {
      size_t j = i + 1;
      for (; j < command.size() && command[j] != '"'; ++j) {
        if (command[j] == '$' || command[j] == '`') {
          return std::nullopt;
        }
        // Inside double quotes a backslash quotes only $ ` " \ and newline (POSIX 2.2.3).
        if (command[j] == '\\' && j + 1 < command.size() &&
            std::string_view("$`\"\\").find(command[j + 1]) != std::string_view::npos) {
          ++j;
        }
        word += command[j];
      }
      if (j >= command.size()) {
        return std::nullopt;
      }
      in_word = true;
      i = j;
    } else if (c == '\\') {
      if (i + 1 < command.size()) {
        word += command[++i];
        in_word = true;
      }
    } else if (c == ' ' || c == '\t') {
      flush();
    } else if (c == '|') {
      flush();
      words.emplace_back("|");
    } else if (std::string_view(";&<>$`()").find(c) != std::string_view::npos) {
      return std::nullopt;
    } else {
      word += c;
      in_word = true;
    }
  }
  flush();
  return words;
}

bool IsWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// True when `pattern`, read with `syntax` ('G' basic, 'E' extended, 'F' fixed strings), is one
// this reads (see LsmodShowsModule) and matches `name` as grep would match it inside a line
// that holds `name`: an alternative found in it (at its start for '^'), as a whole word for -w.
// False both for a pattern that does not match and for one not read.
bool GrepPatternMatches(std::string_view pattern, char syntax, bool icase, bool whole_word,
                        std::string_view name) {
  std::vector<std::string> alternatives;
  if (syntax == 'F') {
    alternatives.emplace_back(pattern);
  } else {
    const std::string_view bar = syntax == 'E' ? "|" : "\\|";
    size_t from = 0;
    while (true) {
      const size_t at = pattern.find(bar, from);
      alternatives.emplace_back(
          pattern.substr(from, at == std::string_view::npos ? at : at - from));
      if (at == std::string_view::npos) {
        break;
      }
      from = at + bar.size();
    }
  }
  const auto lower = [icase](std::string text) {
    if (icase) {
      for (char& c : text) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      }
    }
    return text;
  };
  const std::string subject = lower(std::string(name));
  bool matched = false;
  for (std::string alternative : alternatives) {
    const bool anchored = syntax != 'F' && !alternative.empty() && alternative.front() == '^';
    if (anchored) {
      alternative.erase(0, 1);
    }
    // An empty alternative matches every line, and any other character may be an operator:
    // neither is read.
    if (alternative.empty() ||
        (syntax != 'F' && !std::all_of(alternative.begin(), alternative.end(),
                                       [](char c) { return IsWordChar(c) || c == '-'; }))) {
      return false;
    }
    const std::string needle = lower(alternative);
    for (size_t at = subject.find(needle); at != std::string::npos && !matched;
         at = anchored ? std::string::npos : subject.find(needle, at + 1)) {
      if (anchored && at != 0) {
        break;
      }
      const size_t end = at + needle.size();
      matched = !whole_word || ((at == 0 || !IsWordChar(subject[at - 1])) &&
                                (end == subject.size() || !IsWordChar(subject[end])));
    }
  }
  return matched;
}

// One grep stage of a pipeline (its words after the command name): whether it keeps a line
// holding `name`, and whether it counts (-c). nullopt when it may not keep it or is not read.
std::optional<bool> GrepStageKeeps(const std::vector<std::string>& args, char syntax,
                                   std::string_view name) {
  bool icase = false;
  bool whole_word = false;
  bool count = false;
  bool options_done = false;
  std::vector<std::string> patterns;
  std::vector<std::string> operands;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (options_done || arg.size() < 2 || arg[0] != '-') {
      operands.push_back(arg);
      continue;
    }
    if (arg == "--") {
      options_done = true;
    } else if (arg.rfind("--", 0) == 0) {
      if (arg == "--ignore-case") {
        icase = true;
      } else if (arg == "--word-regexp") {
        whole_word = true;
      } else if (arg == "--count") {
        count = true;
      } else if (arg == "--extended-regexp") {
        syntax = 'E';
      } else if (arg == "--fixed-strings") {
        syntax = 'F';
      } else if (arg == "--basic-regexp") {
        syntax = 'G';
      } else if (arg.rfind("--regexp=", 0) == 0) {
        patterns.push_back(arg.substr(9));
      } else if (arg != "--color" && arg != "--colour" && arg.rfind("--color=", 0) != 0 &&
                 arg.rfind("--colour=", 0) != 0) {
        return std::nullopt;
      }
    } else {
      for (size_t k = 1; k < arg.size(); ++k) {
        const char flag = arg[k];
        if (flag == 'e') {
          if (k + 1 < arg.size()) {
            patterns.push_back(arg.substr(k + 1));
          } else if (i + 1 < args.size()) {
            patterns.push_back(args[++i]);
          } else {
            return std::nullopt;
          }
          break;
        }
        if (flag == 'E' || flag == 'F' || flag == 'G') {
          syntax = flag;
        } else if (flag == 'i' || flag == 'y') {
          icase = true;
        } else if (flag == 'w') {
          whole_word = true;
        } else if (flag == 'c') {
          count = true;
        } else {
          return std::nullopt;  // -v, -x, -m N, ...: not read
        }
      }
    }
  }
  if (patterns.empty() && !operands.empty()) {
    patterns.push_back(operands.front());
    operands.erase(operands.begin());
  }
  // A file operand makes grep read the file, not lsmod's output.
  if (patterns.empty() || !operands.empty()) {
    return std::nullopt;
  }
  for (const std::string& pattern : patterns) {
    if (GrepPatternMatches(pattern, syntax, icase, whole_word, name)) {
      return count;
    }
  }
  return std::nullopt;
}

// Whether the lsmod command line `command` ("lsmod | grep -E 'aes|crypto_simd'") would print
// the line of a loaded module `name`, and whether it prints a count instead (-c, wc -l):
// false and true; nullopt when it may not print it or is not read.
std::optional<bool> LsmodWouldList(std::string_view command, std::string_view name) {
  const std::optional<std::vector<std::string>> words = PipelineWords(command);
  if (!words || words->empty()) {
    return std::nullopt;
  }
  std::vector<std::vector<std::string>> stages(1);
  for (const std::string& word : *words) {
    if (word == "|") {
      stages.emplace_back();
    } else {
      stages.back().push_back(word);
    }
  }
  const std::string& first = stages[0].empty() ? std::string() : stages[0][0];
  const size_t slash = first.find_last_of('/');
  if (stages[0].size() != 1 ||
      first.substr(slash == std::string::npos ? 0 : slash + 1) != "lsmod") {
    return std::nullopt;
  }
  bool counts = false;
  for (size_t i = 1; i < stages.size(); ++i) {
    const std::vector<std::string>& stage = stages[i];
    if (stage.empty() || counts) {
      return std::nullopt;  // an empty stage, or a stage after the count
    }
    const std::vector<std::string> args(stage.begin() + 1, stage.end());
    if (stage[0] == "wc" && args == std::vector<std::string>{"-l"}) {
      counts = true;
      continue;
    }
    const char syntax = stage[0] == "grep"    ? 'G'
                        : stage[0] == "egrep" ? 'E'
                        : stage[0] == "fgrep" ? 'F'
                                              : 0;
    if (syntax == 0) {
      return std::nullopt;
    }
    const std::optional<bool> keeps = GrepStageKeeps(args, syntax, name);
    if (!keeps) {
      return std::nullopt;
    }
    counts = *keeps;
  }
  return counts;
}

}  // namespace

LsmodShows LsmodShowsModule(const std::vector<results::SourceFact>& facts,
                            std::string_view module) {
  for (const results::SourceFact& fact : facts) {
    // lsmod's first column (env_facts.cc writes "name" or "name (used by ...)").
    if (fact.kind == "kernel_module" && fact.value.substr(0, fact.value.find(' ')) == module) {
      return {LsmodShows::State::kLoaded, fact.line, ""};
    }
  }
  LsmodShows out;
  for (size_t i = 0; i < facts.size(); ++i) {
    if (facts[i].kind != "lsmod") {
      continue;
    }
    const std::optional<bool> counts = LsmodWouldList(facts[i].value, module);
    if (counts && !*counts) {
      return {LsmodShows::State::kAbsent, facts[i].line, facts[i].value};
    }
    if (counts) {
      // The count printed after it, before another lsmod command.
      for (size_t j = i + 1; j < facts.size() && facts[j].kind != "lsmod"; ++j) {
        if (facts[j].kind == "lsmod_count" && facts[j].line > facts[i].line) {
          if (facts[j].value == "0") {
            return {LsmodShows::State::kAbsent, facts[i].line, facts[i].value};
          }
          break;
        }
      }
    }
    if (out.state == LsmodShows::State::kNotPasted) {
      out = {LsmodShows::State::kUnsettled, facts[i].line, facts[i].value};
    }
  }
  return out;
}

std::string KernelAesModuleAdvice(std::string_view arch, const LsmodShows& shows) {
  const std::string_view module = KernelAesModules(arch);
  if (module.empty()) {
    return KernelAesDriverAdvice(arch);
  }
  if (shows.state == LsmodShows::State::kLoaded) {
    return KernelAesDriverAdvice(arch, module, shows.line);
  }
  // The drivers each module registers (cra_driver_name): arch/x86/crypto/aesni-intel_glue.c;
  // arch/arm64/crypto/aes-glue.c built as aes-ce-blk (arch/arm64/crypto/Makefile: aes-ce-blk-y
  // := aes-glue-ce.o aes-ce.o), beside aes-ce-cipher (aes-ce-glue.c: the one-block "aes-ce");
  // arch/arm/crypto/aes-ce-glue.c built as aes-arm-ce (arch/arm/crypto/Makefile).
  const std::string_view drivers = module == "aesni_intel" ? "cbc-aes-aesni, xts-aes-aesni"
                                   : module == "aes_ce_blk"
                                       ? "cbc-aes-ce, xts-aes-ce; aes_ce_cipher holds the "
                                         "one-block aes-ce"
                                       : "cbc-aes-ce, xts-aes-ce";
  const std::string load = fmt::format(
      "`modprobe {}`, then `{}` shows the driver and module of xts(aes) and cbc(aes) ({}); if "
      "modprobe does not find the module, the kernel was built without it or has it built in "
      "(lsmod never lists a built-in driver: then /proc/crypto shows whether its drivers are "
      "there)",
      module, kKernelAesDriverCommand, KernelAesDriverLegend());
  if (shows.state == LsmodShows::State::kAbsent) {
    return fmt::format(
        "The pasted `{}` (line {}) shows no {}, the module of the kernel's drivers for the CPU's "
        "AES instructions ({}): load it, {}.",
        shows.command, shows.line, module, drivers, load);
  }
  return fmt::format(
      "Run `lsmod | grep {}`{}: {} holds the kernel's drivers for the CPU's AES instructions "
      "({}). If it prints nothing, load it: {}.",
      module,
      shows.state == LsmodShows::State::kUnsettled
          ? fmt::format(" (the pasted `{}`, line {}, may leave it out)", shows.command, shows.line)
          : std::string(),
      module, drivers, load);
}

}  // namespace cryptobench::diagnose
