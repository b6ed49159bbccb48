#include "core/elf_target.h"

#include <array>
#include <cstdio>
#include <vector>

#include <gtest/gtest.h>

namespace cryptobench {
namespace {

// The first 20 bytes of an ELF header: magic, class, data, version, padding, e_type (ET_DYN),
// e_machine.
std::vector<uint8_t> Header(uint8_t elf_class, uint8_t data, uint16_t machine) {
  std::vector<uint8_t> h = {0x7f, 'E', 'L', 'F', elf_class, data, 1, 0, 0, 0,
                            0,    0,   0,   0,   0,         0,    3, 0, 0, 0};
  if (data == 1) {
    h[18] = static_cast<uint8_t>(machine & 0xff);
    h[19] = static_cast<uint8_t>(machine >> 8);
  } else {
    h[16] = 0;
    h[17] = 3;
    h[18] = static_cast<uint8_t>(machine >> 8);
    h[19] = static_cast<uint8_t>(machine & 0xff);
  }
  return h;
}

TEST(ElfTargetTest, ReadsClassByteOrderAndMachine) {
  EXPECT_EQ(ReadElfTarget(Header(2, 1, 62)), (ElfTarget{64, true, 62}));
  EXPECT_EQ(ReadElfTarget(Header(2, 1, 183)), (ElfTarget{64, true, 183}));
  EXPECT_EQ(ReadElfTarget(Header(1, 1, 40)), (ElfTarget{32, true, 40}));
  EXPECT_EQ(ReadElfTarget(Header(2, 2, 21)), (ElfTarget{64, false, 21}));
  EXPECT_EQ(ElfTargetName(*ReadElfTarget(Header(2, 1, 183))), "aarch64");
  EXPECT_EQ(ElfTargetName(*ReadElfTarget(Header(2, 1, 62))), "x86_64");
  EXPECT_EQ(ElfTargetName(*ReadElfTarget(Header(1, 1, 3))), "i386");
  EXPECT_EQ(ElfTargetName(*ReadElfTarget(Header(2, 2, 21))), "ppc64");
  EXPECT_EQ(ElfTargetName(*ReadElfTarget(Header(2, 1, 9999))), "ELF machine 9999, 64-bit");
}

TEST(ElfTargetTest, RejectsWhatIsNotAnElfHeader) {
  EXPECT_FALSE(ReadElfTarget({}));
  std::vector<uint8_t> short_header = Header(2, 1, 62);
  short_header.resize(19);
  EXPECT_FALSE(ReadElfTarget(short_header));
  std::vector<uint8_t> text = Header(2, 1, 62);
  text[0] = '/';  // a linker script such as libc.so starts "/* GNU ld script"
  EXPECT_FALSE(ReadElfTarget(text));
  EXPECT_FALSE(ReadElfTarget(Header(3, 1, 62)));
  EXPECT_FALSE(ReadElfTarget(Header(2, 0, 62)));
}

TEST(ElfTargetTest, ThisProgramsTargetMatchesItsOwnExecutable) {
  // /proc/self/exe is this test binary: its header must name the target it was compiled for.
  const std::optional<ElfTarget> self = ThisProgramElfTarget();
  if (!self) {
    GTEST_SKIP() << "no ELF target known for this architecture";
  }
  std::FILE* file = std::fopen("/proc/self/exe", "rb");
  ASSERT_NE(file, nullptr);
  std::array<uint8_t, 20> bytes{};
  const size_t got = std::fread(bytes.data(), 1, bytes.size(), file);
  std::fclose(file);
  ASSERT_EQ(got, bytes.size());
  EXPECT_EQ(ReadElfTarget(bytes), self);
}

}  // namespace
}  // namespace cryptobench
