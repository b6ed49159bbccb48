// The machine an ELF file is built for, from its header: a library built for another
// architecture cannot be loaded, and the dynamic loader's own message for it does not say why.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace cryptobench {

/// What an ELF header says about the code in the file (System V gABI, "ELF Header": e_ident
/// EI_CLASS at byte 4, EI_DATA at byte 5, e_machine at byte 18 in the file's byte order).
struct ElfTarget {
  int bits = 0;               ///< 32 (ELFCLASS32) or 64 (ELFCLASS64)
  bool little_endian = true;  ///< ELFDATA2LSB
  uint16_t machine = 0;       ///< e_machine: 62 EM_X86_64, 183 EM_AARCH64 (glibc elf.h)

  bool operator==(const ElfTarget&) const = default;
};

/// Reads the target of an ELF file from its first bytes (at least 20 are needed). nullopt when
/// the bytes are too few, lack the ELF magic, or name an unknown class or byte order.
std::optional<ElfTarget> ReadElfTarget(std::span<const uint8_t> header);

/// The target this program was compiled for: x86-64 or AArch64 (little-endian, 64-bit);
/// nullopt on other architectures, where no check is made.
std::optional<ElfTarget> ThisProgramElfTarget();

/// A short name for `target`: "x86_64", "i386", "aarch64", "arm", "ppc64le", "riscv64", ...
/// (the names `uname -m` gives), else "ELF machine N, B-bit".
std::string ElfTargetName(const ElfTarget& target);

}  // namespace cryptobench
