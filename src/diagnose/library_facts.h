// Static facts about a libcrypto build read from its file and version strings: which assembly
// modules it contains (by their identification strings, which survive stripping) and, for 1.x,
// the -D*_ASM defines in its compiler line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::diagnose {

/// An assembly module recognised in a libcrypto binary.
struct AsmModule {
  std::string_view module;     ///< perlasm module, e.g. "aesni-x86_64", "vpaes-x86_64"
  std::string_view primitive;  ///< what it implements, e.g. "AES (AES-NI)", "GHASH", "SHA-256"
  std::string id_string;       ///< the identification string found (as in the binary)
};

/// Finds the known module identification strings (e.g. "AES for Intel AES-NI, CRYPTOGAMS by",
/// "GHASH for x86_64", "Vector Permutation AES for x86_64/SSSE3") anywhere in `binary` (the
/// bytes of a shared object or static archive). Matching is on each string's stable prefix,
/// so 3.x ("CRYPTOGAMS by <appro@openssl.org>") and master ("<https://github.com/dot-asm>")
/// both match. Source: the ID strings of crypto/*/asm/*.pl (cpb-reference.md, section 6).
/// Each module is reported once, in table order.
std::vector<AsmModule> FindAsmModules(std::string_view binary);

/// Reads `path` and runs FindAsmModules. Throws std::runtime_error naming the path if it
/// cannot be read.
std::vector<AsmModule> FindAsmModulesInFile(const std::string& path);

/// The -D..._ASM defines in a compiler line ("compiler: gcc ... -DAES_ASM -DVPAES_ASM ..."),
/// e.g. {"AES_ASM", "VPAES_ASM", "GHASH_ASM", "SHA256_ASM"}, in order of appearance.
/// Meaningful for 1.x builds only: 3.x passes them per file, not in the printed line.
std::vector<std::string> AsmDefines(std::string_view cflags);

}  // namespace cryptobench::diagnose
