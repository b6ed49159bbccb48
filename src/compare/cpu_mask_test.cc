// compare of two pastes whose CPUs differ (the CPU model lines of lscpu or /proc/cpuinfo, or the
// CPUINFO capability vectors) or whose CPUINFO line shows an OPENSSL_ia32cap mask (new-user
// tryout, session 17): a difference of CPUs names no code path; a mask the line shows is a fact.
#include <algorithm>
#include <string>
#include <string_view>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compare/attribution.h"
#include "compare/compare.h"
#include "compare/test_util.h"

namespace cryptobench::compare {
namespace {

using testing::AllText;
using testing::AnyCause;
using testing::FindingOf;
using ::testing::HasSubstr;
using ::testing::Not;
using testing::PasteSide;

// One Debian 1.1.1f build (the same version -a block) on two Ivy Bridge desktops at about the
// same clock: a Core i5-3330 (AES-NI) and a Pentium G2130 (no AES-NI). MD5 has no
// feature-dispatched path, so it runs alike; AES-GCM does not.
constexpr std::string_view kDebianBuild =
    "$ openssl version -a\n"
    "OpenSSL 1.1.1f  31 Mar 2020\n"
    "built on: Wed Feb  5 12:57:12 2025 UTC\n"
    "platform: debian-amd64\n"
    "options:  bn(64,64) rc4(16x,int) des(int) blowfish(ptr)\n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -Wa,--noexecstack -g -O2 "
    "-fdebug-prefix-map=/build/openssl-bZ7vy6/openssl-1.1.1f=. -fstack-protector-strong -Wformat "
    "-Werror=format-security -DOPENSSL_TLS_SECURITY_LEVEL=2 -DOPENSSL_USE_NODELETE -DL_ENDIAN "
    "-DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -DOPENSSL_BN_ASM_MONT "
    "-DOPENSSL_BN_ASM_MONT5 -DOPENSSL_BN_ASM_GF2m -DSHA1_ASM -DSHA256_ASM -DSHA512_ASM "
    "-DKECCAK1600_ASM -DRC4_ASM -DMD5_ASM -DAESNI_ASM -DVPAES_ASM -DGHASH_ASM -DECP_NISTZ256_ASM "
    "-DX25519_ASM -DPOLY1305_ASM -DNDEBUG -Wdate-time -D_FORTIFY_SOURCE=2\n"
    "OPENSSLDIR: \"/usr/lib/ssl\"\n"
    "$ openssl speed -evp aes-128-gcm md5\n";

const std::string kCoreI5 =
    std::string(kDebianBuild) +
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "md5              49532.18k   150123.67k   360812.49k   540211.07k   623512.40k   630108.52k\n"
    "aes-128-gcm     289512.34k   636284.97k   826735.45k   887512.23k   905412.61k   906315.78k\n"
    "$ lscpu | grep 'Model name'\n"
    "Model name:                      Intel(R) Core(TM) i5-3330 CPU @ 3.00GHz\n";

const std::string kPentium =
    std::string(kDebianBuild) +
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "md5              48911.02k   148902.33k   358101.75k   537902.88k   621345.19k   628877.41k\n"
    "aes-128-gcm      98234.11k   141102.45k   165214.87k   172108.33k   174512.09k   174621.55k\n"
    "$ grep -m1 'model name' /proc/cpuinfo\n"
    "model name\t: Intel(R) Pentium(R) CPU G2130 @ 3.20GHz\n";

TEST(CompareCpuTest, DifferentCpuModelsNameNoCodePath) {
  const CompareReport report = Compare({PasteSide("A", kCoreI5), PasteSide("B", kPentium)}, {});
  const Finding* pattern = FindingOf(report, "pattern");
  ASSERT_NE(pattern, nullptr) << AllText(report);
  EXPECT_THAT(pattern->text,
              HasSubstr("the sides ran on different CPUs (A: Intel(R) Core(TM) i5-3330 CPU @ "
                        "3.00GHz; B: Intel(R) Pentium(R) CPU G2130 @ 3.20GHz), so cannot tell from "
                        "this report whether the code path changed (run both builds on one "
                        "machine)"));
  EXPECT_EQ(pattern->cause, "cannot-tell");
  EXPECT_FALSE(AnyCause(report, "asm-missing-or-unused")) << AllText(report);
  EXPECT_THAT(pattern->text, Not(HasSubstr("assembly")));

  // The same model on both sides (lscpu's line and /proc/cpuinfo's, spaced differently) is no
  // difference of CPUs.
  std::string same = kPentium;
  same.replace(same.find("Pentium(R) CPU G2130 @ 3.20GHz"),
               std::string_view("Pentium(R) CPU G2130 @ 3.20GHz").size(),
               "Core(TM)  i5-3330 CPU @ 3.00GHz");
  const CompareReport alike = Compare({PasteSide("A", kCoreI5), PasteSide("B", same)}, {});
  EXPECT_THAT(AllText(alike), Not(HasSubstr("different CPUs")));
}

// Debian's OpenSSL 3.0.19, `openssl speed -evp aes-128-cbc`, without and with OPENSSL_ia32cap.
constexpr std::string_view k30Header =
    "OpenSSL 3.0.19 27 Jan 2026 (Library: OpenSSL 3.0.19 27 Jan 2026)\n"
    "built on: Fri Apr  3 12:29:32 2026 UTC\n"
    "platform: debian-amd64\n"
    "options:  bn(64,64)\n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -fzero-call-used-regs=used-gpr "
    "-DOPENSSL_TLS_SECURITY_LEVEL=2 -Wa,--noexecstack -g -O2 "
    "-ffile-prefix-map=/build/reproducible-path/openssl-3.0.19=. -fstack-protector-strong "
    "-Wformat -Werror=format-security -DOPENSSL_USE_NODELETE -DL_ENDIAN -DOPENSSL_PIC "
    "-DOPENSSL_BUILDING_OPENSSL -DNDEBUG -Wdate-time -D_FORTIFY_SOURCE=2\n"
    "OPENSSLDIR: \"/usr/lib/ssl\"\n";

std::string Cbc30(std::string_view cpuinfo, std::string_view row) {
  return std::string(k30Header) + std::string(cpuinfo) +
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n" +
         std::string(row);
}

constexpr std::string_view kUnmaskedRow =
    "AES-128-CBC    1154762.27k  1309884.10k  1423077.76k  1420805.12k  1408307.20k  "
    "1438146.56k\n";
constexpr std::string_view kMaskedRow =
    "AES-128-CBC     284839.44k   299186.31k   297654.86k   292289.76k   295697.07k   "
    "295747.92k\n";

TEST(CompareMaskTest, AnEnvMaskInTheCpuinfoLineExplainsTheDifference) {
  const Side a = PasteSide(
      "A", Cbc30("CPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff:0x405fc6f1bf07ab\n", kUnmaskedRow));
  const Side b = PasteSide(
      "B", Cbc30("CPUINFO: OPENSSL_ia32cap=0xfdfa3201078bffff:0x0 env:~0x200000200000000\n",
                 kMaskedRow));
  const CompareReport report = Compare({a, b}, {});
  const Finding* caps = FindingOf(report, "capabilities");
  ASSERT_NE(caps, nullptr) << AllText(report);
  EXPECT_EQ(caps->cause, "capability-masked") << caps->text;
  EXPECT_THAT(caps->text, HasSubstr("B's CPUINFO line ends in env:~0x200000200000000"));
  EXPECT_THAT(caps->text, HasSubstr("the capability mask explains the difference"));
  EXPECT_THAT(caps->text, Not(HasSubstr("a different CPU")));
  const Finding* pattern = FindingOf(report, "pattern");
  ASSERT_NE(pattern, nullptr);
  EXPECT_EQ(pattern->cause, "capability-masked") << pattern->text;
  EXPECT_THAT(pattern->text, HasSubstr("B ran with OPENSSL_ia32cap=~0x200000200000000"));
  EXPECT_THAT(pattern->text, HasSubstr("AES-NI"));

  // Without the env: part the vectors differ and nothing says why: different CPUs, no cause of
  // a mask, no code path.
  const Side c =
      PasteSide("B", Cbc30("CPUINFO: OPENSSL_ia32cap=0xfdfa3201078bffff:0x0\n", kMaskedRow));
  const CompareReport other = Compare({a, c}, {});
  EXPECT_FALSE(AnyCause(other, "capability-masked")) << AllText(other);
  const Finding* other_pattern = FindingOf(other, "pattern");
  ASSERT_NE(other_pattern, nullptr);
  EXPECT_THAT(other_pattern->text, HasSubstr("the sides ran on different CPUs (their CPUINFO "
                                             "capability vectors differ"));
}

}  // namespace
}  // namespace cryptobench::compare
