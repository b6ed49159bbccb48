#include "core/elf_target.h"

namespace cryptobench {

namespace {

// e_machine values: glibc elf.h (EM_*), the same numbers as the gABI's registry.
constexpr uint16_t kEm386 = 3;
constexpr uint16_t kEmMips = 8;
constexpr uint16_t kEmPpc = 20;
constexpr uint16_t kEmPpc64 = 21;
constexpr uint16_t kEmS390 = 22;
constexpr uint16_t kEmArm = 40;
constexpr uint16_t kEmSparcV9 = 43;
constexpr uint16_t kEmX8664 = 62;
constexpr uint16_t kEmAarch64 = 183;
constexpr uint16_t kEmRiscv = 243;
constexpr uint16_t kEmLoongarch = 258;

}  // namespace

std::optional<ElfTarget> ReadElfTarget(std::span<const uint8_t> header) {
  if (header.size() < 20 || header[0] != 0x7f || header[1] != 'E' || header[2] != 'L' ||
      header[3] != 'F') {
    return std::nullopt;
  }
  ElfTarget target;
  switch (header[4]) {
    case 1:
      target.bits = 32;
      break;
    case 2:
      target.bits = 64;
      break;
    default:
      return std::nullopt;
  }
  if (header[5] != 1 && header[5] != 2) {
    return std::nullopt;
  }
  target.little_endian = header[5] == 1;
  target.machine = target.little_endian ? static_cast<uint16_t>(header[18] | header[19] << 8)
                                        : static_cast<uint16_t>(header[18] << 8 | header[19]);
  return target;
}

std::optional<ElfTarget> ThisProgramElfTarget() {
#if defined(__x86_64__) && !defined(__ILP32__)
  return ElfTarget{64, true, kEmX8664};
#elif defined(__aarch64__) && defined(__LP64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  return ElfTarget{64, true, kEmAarch64};
#else
  return std::nullopt;
#endif
}

std::string ElfTargetName(const ElfTarget& target) {
  const bool b64 = target.bits == 64;
  switch (target.machine) {
    case kEm386:
      return "i386";
    case kEmX8664:
      return b64 ? "x86_64" : "x32";
    case kEmAarch64:
      return b64 ? (target.little_endian ? "aarch64" : "aarch64_be") : "aarch64 ILP32";
    case kEmArm:
      return target.little_endian ? "arm" : "armeb";
    case kEmPpc:
      return "ppc";
    case kEmPpc64:
      return target.little_endian ? "ppc64le" : "ppc64";
    case kEmS390:
      return b64 ? "s390x" : "s390";
    case kEmSparcV9:
      return "sparc64";
    case kEmMips:
      return b64 ? "mips64" : "mips";
    case kEmRiscv:
      return b64 ? "riscv64" : "riscv32";
    case kEmLoongarch:
      return b64 ? "loongarch64" : "loongarch32";
    default:
      return "ELF machine " + std::to_string(target.machine) + ", " + std::to_string(target.bits) +
             "-bit";
  }
}

}  // namespace cryptobench
