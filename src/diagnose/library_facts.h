// Static facts about a libcrypto build read from its file and version strings: which assembly
// modules it contains (by their identification strings, which survive stripping) and, for 1.x,
// the -D*_ASM defines in its compiler line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::diagnose {

/// An assembly module recognised in a libcrypto binary.
struct AsmModule {
  std::string_view module;     ///< perlasm module, e.g. "aesni-x86_64", "vpaes-x86_64"
  std::string_view primitive;  ///< what it implements, e.g. "AES (AES-NI)", "GHASH", "SHA-256"
  std::string id_string;       ///< the identification string found, as in the binary (bytes up
                               ///< to the first NUL or control byte, at most 256)
};

/// Finds the known module identification strings (e.g. "AES for Intel AES-NI, CRYPTOGAMS by",
/// "GHASH for x86_64", "Vector Permutation AES for x86_64/SSSE3") anywhere in `binary` (the
/// bytes of a shared object or static archive). Matching is on each string's stable prefix (up
/// to its first ", "), so 3.x ("CRYPTOGAMS by <appro@openssl.org>") and master
/// ("<https://github.com/dot-asm>") both match. Source: the ID strings of crypto/*/asm/*.pl for
/// x86_64, AArch64 and 32-bit ARM (cpb-reference.md, section 6), plus rc4-x86_64, whose
/// string is in Debian's 3.0.19 libcrypto.so.3. Modules without an ID string (aes-gcm-avx512,
/// aesv8-armx, bsaes-armv8, md5-*, rsaz-*, ...) cannot be found this way.
/// aes-gcm-armv8_64 carries the same string as ghashv8-armx ("GHASH for ARMv8"), so it is
/// reported only when that string occurs twice.
/// Each module is reported once, in table order. Linear in the size of `binary` (about 15 ms
/// for a 4.7 MB libcrypto.so.3 in a release build).
std::vector<AsmModule> FindAsmModules(std::string_view binary);

/// Reads `path` and runs FindAsmModules. Throws std::runtime_error naming the path if it
/// cannot be read.
std::vector<AsmModule> FindAsmModulesInFile(const std::string& path);

/// The whitespace-separated tokens (space, tab, CR, LF) of a compiler line, in order; empty
/// tokens are dropped. Views into `cflags`.
std::vector<std::string_view> CompilerLineTokens(std::string_view cflags);

/// The -D..._ASM defines in a compiler line ("compiler: gcc ... -DAES_ASM -DVPAES_ASM ..."),
/// e.g. {"AES_ASM", "VPAES_ASM", "GHASH_ASM", "SHA256_ASM"}, in order of appearance, each once.
/// A define is a whitespace-separated token "-D" NAME, NAME of [A-Z0-9_] ending in "_ASM"
/// (so OPENSSL_BN_ASM_MONT and OPENSSL_CPUID_OBJ are not included), optionally "=value", and
/// not ending in "NO_ASM" (OPENSSL_NO_ASM turns assembly off).
/// Meaningful for 1.x builds only: 3.x passes them per file, not in the printed line.
std::vector<std::string> AsmDefines(std::string_view cflags);

/// True when an OpenSSL 1.x library is a development build, not a release: its version says
/// "-dev", as a branch prints between releases ("OpenSSL 1.1.1j-dev  xx XXX xxxx"). Such a
/// build may carry changes no release has: bernd-edlinger's 1.1.1 feature branch gives the
/// low-level AES_* API AES-NI and vpaes (https://github.com/openssl/openssl/pull/11895, closed
/// unmerged for 1.1.1; tryout 32 D4). `version` is LibraryInfo::version, `version_num` its
/// OPENSSL_VERSION_NUMBER (0, unknown: false).
bool OneXDevelopmentBuild(std::string_view version, std::uint64_t version_num);

}  // namespace cryptobench::diagnose
