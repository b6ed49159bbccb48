// The CPUINFO vector table (cpuinfo_vectors.h).
#include "results/cpuinfo_vectors.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

namespace cryptobench::results {
namespace {

// crypto/info.c (openssl/openssl 0223dfcf1e4d, init_info_strings) prints the vector of the
// architecture it is built for under OPENSSL_CPUID_OBJ (an assembly build): ia32cap and armcap
// since the file's CPUINFO line was added for 3.0 (openssl/openssl PR 9669, 2019), s390xcap
// since PR 12216 (commit b55a0b0ff209, master 2020-06-22, before the 3.0 branch; quictls's
// 3.0/3.1-based crypto/info.c, copyright 2019-2023 with the two-word ia32cap, prints it and
// no RISC-V vector), riscvcap in
// 0223dfcf1e4d (PR 28760, 2025, changed its format "on all branches"; its first release is not
// verified here), ppccap by PR 28535 (merged 2025-09-24 to the labelled branches) and SPARCv9's by
// PR 29116 (master, 2025-11-13); neither is in 0223dfcf1e4d and their first releases are not
// verified. MIPS has none.
constexpr CpuinfoVector kVectors[] = {
    {"x86", "x86_64 x86", "OPENSSL_ia32cap", "3.0.0",
     "https://github.com/openssl/openssl/pull/9669 (crypto/info.c)"},
    {"ARM", "aarch64 arm", "OPENSSL_armcap", "3.0.0",
     "https://github.com/openssl/openssl/pull/9669 (crypto/info.c)"},
    {"s390x", "s390x", "OPENSSL_s390xcap", "3.0.0",
     "https://github.com/openssl/openssl/pull/12216 (commit b55a0b0ff209)"},
    {"RISC-V", "riscv64 riscv32", "OPENSSL_riscvcap", "",
     "crypto/info.c at openssl/openssl 0223dfcf1e4d; "
     "https://github.com/openssl/openssl/pull/28760"},
    {"POWER", "ppc64 ppc", "OPENSSL_ppccap", "", "https://github.com/openssl/openssl/pull/28535"},
    {"SPARC", "sparcv9", "OPENSSL_sparcv9cap", "", "https://github.com/openssl/openssl/pull/29116"},
};

bool Covers(std::string_view arches, std::string_view arch) {
  size_t start = 0;
  while (start < arches.size()) {
    const size_t space = std::min(arches.find(' ', start), arches.size());
    if (arches.substr(start, space - start) == arch) {
      return true;
    }
    start = space + 1;
  }
  return false;
}

}  // namespace

const CpuinfoVector* CpuinfoVectorFor(std::string_view arch) {
  if (arch.empty()) {
    return nullptr;
  }
  for (const CpuinfoVector& vector : kVectors) {
    if (Covers(vector.arches, arch)) {
      return &vector;
    }
  }
  return nullptr;
}

bool CpuinfoNaProvesNoAsm(std::string_view arch) {
  const CpuinfoVector* vector = CpuinfoVectorFor(arch);
  return vector != nullptr && vector->first_release == "3.0.0";
}

std::string CpuinfoNaNoAsmFamilies() {
  std::string out;
  std::vector<std::string_view> families;
  for (const CpuinfoVector& vector : kVectors) {
    if (vector.first_release == "3.0.0") {
      families.push_back(vector.family);
    }
  }
  for (size_t i = 0; i < families.size(); ++i) {
    out += i == 0 ? "" : i + 1 == families.size() ? " and " : ", ";
    out += families[i];
  }
  return out;
}

std::string CpuinfoNaSaysNothingOn(std::string_view arch) {
  if (arch.empty()) {
    return fmt::format(
        "the text names no architecture, and on architectures other than {} some or all "
        "builds print N/A (crypto/info.c)",
        CpuinfoNaNoAsmFamilies());
  }
  const CpuinfoVector* vector = CpuinfoVectorFor(arch);
  if (vector == nullptr) {
    return fmt::format(
        "OpenSSL has no CPUINFO vector for {}, so every build prints N/A there (crypto/info.c)",
        arch);
  }
  return fmt::format(
      "OpenSSL prints N/A in every build on {} in the releases before crypto/info.c printed {} "
      "(first release not verified here)",
      arch, vector->variable);
}

bool Ia32capVectorCut(std::string_view cpu_info) {
  constexpr std::string_view kName = "OPENSSL_ia32cap=";
  const size_t at = cpu_info.find(kName);
  if (at == std::string_view::npos) {
    return false;
  }
  const std::string_view rest = cpu_info.substr(at + kName.size());
  const std::string_view word = rest.substr(0, rest.find_first_of(" \t\r\n"));
  return word.find(':') == std::string_view::npos;
}

}  // namespace cryptobench::results
