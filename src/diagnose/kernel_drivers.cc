#include "diagnose/kernel_drivers.h"

#include <fnmatch.h>

#include <algorithm>
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

}  // namespace cryptobench::diagnose
