// Which architectures' OpenSSL 3.x builds print a capability vector on `openssl version -a`'s
// CPUINFO line, and from which release: the one table behind every sentence that says what
// "CPUINFO: N/A" means (a build without assembly, or nothing at all).
#pragma once

#include <string>
#include <string_view>

namespace cryptobench::results {

/// One architecture family whose crypto/info.c (init_info_strings) prints a vector.
struct CpuinfoVector {
  std::string_view family;         ///< as sentences name it: "x86", "ARM", "s390x", "RISC-V", ...
  std::string_view arches;         ///< the facts.cpu.arch values it covers, space-separated
  std::string_view variable;       ///< the vector's variable, e.g. "OPENSSL_ia32cap"
  std::string_view first_release;  ///< first release that prints it, "" when not verified
  std::string_view source;         ///< where that is read (a PR, a commit)
};

/// The entry for `arch` (a facts.cpu.arch value: "x86_64", "aarch64", "s390x", "riscv64",
/// "ppc64", "sparcv9", ...), or nullptr when no OpenSSL release prints a vector there (MIPS)
/// or the architecture is unknown ("").
const CpuinfoVector* CpuinfoVectorFor(std::string_view arch);

/// Whether 3.x's "CPUINFO: N/A" proves a build without assembly on `arch`: every 3.x assembly
/// build there prints a vector (crypto/info.c writes it under OPENSSL_CPUID_OBJ). True for x86,
/// ARM and s390x (all from 3.0.0); false where the first release that prints one is not
/// verified (RISC-V, POWER, SPARC: N/A there may be any build of an older release), where none
/// does (MIPS) and for an unknown architecture.
bool CpuinfoNaProvesNoAsm(std::string_view arch);

/// The families for which CpuinfoNaProvesNoAsm holds, as prose: "x86, ARM and s390x".
std::string CpuinfoNaNoAsmFamilies();

/// Why N/A says nothing about the build on `arch` (one clause, no final period), for an `arch`
/// where CpuinfoNaProvesNoAsm is false: "OpenSSL has no CPUINFO vector for mips, so every build
/// prints N/A there (crypto/info.c)", "OpenSSL prints N/A in every build on riscv64 in the
/// releases before crypto/info.c printed OPENSSL_riscvcap (first release not verified here)",
/// or, with `arch` "", "the text names no architecture, and on architectures other than x86,
/// ARM and s390x some or all builds print N/A (crypto/info.c)".
std::string CpuinfoNaSaysNothingOn(std::string_view arch);

/// True when `cpu_info` (a CPUINFO line's text) names OPENSSL_ia32cap with fewer than the two
/// words every release prints ("0x%llx:0x%llx", crypto/info.c): a line cut short, whose one
/// word is no vector (tryout 32 D3: "OPENSSL_ia32cap=0x7" read as a CPU without AES-NI).
bool Ia32capVectorCut(std::string_view cpu_info);

}  // namespace cryptobench::results
