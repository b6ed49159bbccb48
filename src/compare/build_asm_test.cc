// compare of two OpenSSL 1.x pastes whose compiler lines differ in assembly: the side whose line
// has no -D*_ASM define is named as built without assembly, with the defines the other side's
// line has for each slower family (new-user tryout, session 17: the summary named only "-O3"
// and "the code path").
#include <algorithm>
#include <string>
#include <string_view>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compare/attribution.h"
#include "compare/compare.h"
#include "compare/sides.h"
#include "compare/test_util.h"

namespace cryptobench::compare {
namespace {

using testing::AllText;
using testing::AnyCause;
using testing::FindingOf;
using ::testing::HasSubstr;
using ::testing::Not;
using testing::PasteSide;

// Debian's OpenSSL 1.1.1f (testing::kDebian111fVersionA), then `openssl speed -evp aes-128-gcm`.
constexpr std::string_view kDebianTable =
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "aes-128-gcm     398031.57k  1076094.33k  1904460.29k  2564877.65k  2864688.47k  "
    "2892496.90k\n";

// OpenSSL 1.1.1w configured with no-asm (./config no-asm --prefix=/opt/openssl-1.1.1w).
constexpr std::string_view kNoAsmHeader =
    "$ openssl version -a\n"
    "OpenSSL 1.1.1w  11 Sep 2023\n"
    "built on: Tue Oct 10 09:12:44 2023 UTC\n"
    "platform: linux-x86_64\n"
    "options:  bn(64,64) rc4(16x,int) des(int) idea(int) blowfish(ptr)\n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
    "-DL_ENDIAN -DOPENSSL_PIC -DNDEBUG\n"
    "OPENSSLDIR: \"/opt/openssl-1.1.1w/ssl\"\n";

constexpr std::string_view kNoAsmTable =
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "aes-128-gcm      54645.00k    68532.61k    73660.69k    75036.33k    75395.75k    75393.71k\n";

std::string Replace(std::string text, std::string_view from, std::string_view to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) {
    text.replace(at, from.size(), to);
  }
  return text;
}

const std::string kFine = std::string(testing::kDebian111fVersionA) + std::string(kDebianTable);
const std::string kNoAsm = std::string(kNoAsmHeader) + std::string(kNoAsmTable);

TEST(CompareAsmBuildTest, NamesTheSideBuiltWithoutAssemblyAndTheDefinesPerFamily) {
  const CompareReport report = Compare({PasteSide("A", kFine), PasteSide("B", kNoAsm)}, {});
  const Finding* pattern = FindingOf(report, "pattern");
  ASSERT_NE(pattern, nullptr) << AllText(report);
  EXPECT_EQ(pattern->cause, "built-without-asm") << pattern->text;
  EXPECT_THAT(pattern->text, HasSubstr("B was built without assembly"));
  EXPECT_THAT(pattern->text, HasSubstr("A's has -DAESNI_ASM -DVPAES_ASM -DGHASH_ASM for AES-GCM"));
  // The flag difference leads with the dropped assembly defines, tied to the algorithm.
  const Finding* library = FindingOf(report, "library");
  ASSERT_NE(library, nullptr);
  EXPECT_THAT(library->text,
              HasSubstr("compiler flags differ (B drops the assembly defines -DAESNI_ASM "
                        "-DVPAES_ASM -DGHASH_ASM (AES-128-GCM's) and 14 more (-DOPENSSL_CPUID_OBJ "
                        "-DOPENSSL_IA32_SSE2"));
  EXPECT_THAT(library->text, HasSubstr("; adds -O3; drops other flags -g -O2"));

  // The other way round: A is the build without assembly, B is faster.
  const CompareReport reverse = Compare({PasteSide("A", kNoAsm), PasteSide("B", kFine)}, {});
  const Finding* reverse_pattern = FindingOf(reverse, "pattern");
  ASSERT_NE(reverse_pattern, nullptr);
  EXPECT_EQ(reverse_pattern->cause, "built-without-asm");
  EXPECT_THAT(reverse_pattern->text, HasSubstr("A was built without assembly"));
}

TEST(CompareAsmBuildTest, LinesThatCannotShowAssemblyStateNoSuchCause) {
  // 3.x passes its assembly defines per file: its printed line never has them.
  const std::string three_a =
      Replace(kFine, "OpenSSL 1.1.1f  31 Mar 2020", "OpenSSL 3.0.2 15 Mar 2022");
  const std::string three_b =
      Replace(kNoAsm, "OpenSSL 1.1.1w  11 Sep 2023", "OpenSSL 3.0.13 30 Jan 2024");
  const CompareReport three = Compare({PasteSide("A", three_a), PasteSide("B", three_b)}, {});
  EXPECT_FALSE(AnyCause(three, "built-without-asm")) << AllText(three);
  EXPECT_THAT(AllText(three), Not(HasSubstr("built without assembly")));

  // FreeBSD's base system prints its own line ("compiler: clang"): its silence says nothing.
  const std::string freebsd =
      Replace(kNoAsm,
              "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 "
              "-DOPENSSL_USE_NODELETE -DL_ENDIAN -DOPENSSL_PIC -DNDEBUG",
              "compiler: clang");
  const CompareReport bsd = Compare({PasteSide("A", kFine), PasteSide("B", freebsd)}, {});
  EXPECT_FALSE(AnyCause(bsd, "built-without-asm")) << AllText(bsd);
  EXPECT_THAT(AllText(bsd), Not(HasSubstr("built without assembly")));
}

// A 1.1.1 line that ends before -DNDEBUG may be cut where the assembly defines stand (a forum
// copy, a terminal width), though a results table follows it (new-user tryout, session 18: a
// cut line of an assembly build was named "built without assembly").
TEST(CompareAsmBuildTest, A111LineWithoutNdebugMayBeCutAndIsCannotTell) {
  const std::string cut = Replace(kNoAsm, "-DOPENSSL_PIC -DNDEBUG\n", "-DOPENSSL_PIC\n");
  const CompareReport report = Compare({PasteSide("A", kFine), PasteSide("B", cut)}, {});
  EXPECT_FALSE(AnyCause(report, "built-without-asm")) << AllText(report);
  EXPECT_THAT(AllText(report), Not(HasSubstr("B was built without assembly:")));
  const Finding* pattern = FindingOf(report, "pattern");
  ASSERT_NE(pattern, nullptr);
  EXPECT_THAT(pattern->text,
              HasSubstr("no -DNDEBUG: it may be cut where they stand, so cannot tell"));
}

TEST(CompareAsmBuildTest, ASideWithoutACompilerLineIsCannotTell) {
  const std::string bare = "OpenSSL 1.1.1w  11 Sep 2023\n" + std::string(kNoAsmTable);
  const CompareReport report = Compare({PasteSide("A", kFine), PasteSide("B", bare)}, {});
  EXPECT_FALSE(AnyCause(report, "built-without-asm")) << AllText(report);
  const Finding* pattern = FindingOf(report, "pattern");
  ASSERT_NE(pattern, nullptr);
  EXPECT_THAT(pattern->text, HasSubstr("B has no compiler line, so cannot tell whether B was "
                                       "built without assembly"));

  // The slower side's line shows no assembly, the other side's is unknown.
  const std::string bare_fine = "OpenSSL 1.1.1f  31 Mar 2020\n" + std::string(kDebianTable);
  const CompareReport half = Compare({PasteSide("A", bare_fine), PasteSide("B", kNoAsm)}, {});
  EXPECT_FALSE(AnyCause(half, "built-without-asm")) << AllText(half);
  const Finding* half_pattern = FindingOf(half, "pattern");
  ASSERT_NE(half_pattern, nullptr);
  EXPECT_THAT(half_pattern->text,
              HasSubstr("B was built without assembly (its compiler line has no -D*_ASM define "
                        "and no -DOPENSSL_CPUID_OBJ), but A has no compiler line, so cannot tell"));
}

// OpenSSL 3.x prints "CPUINFO: N/A" for a build without assembly on x86 and ARM (crypto/info.c
// writes a vector only under OPENSSL_CPUID_OBJ), and for every build elsewhere (new-user tryout
// 19, item 10: p32 vs p11; before, the pattern sentence named no cause and a later bullet said
// "built without assembly" whatever the architecture).
constexpr std::string_view k30Asm =
    "OpenSSL 3.0.13 30 Jan 2024 (Library: OpenSSL 3.0.13 30 Jan 2024)\n"
    "built on: Mon Apr  8 10:12:44 2024 UTC\n"
    "platform: debian-amd64\n"
    "options:  bn(64,64)\n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
    "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
    "CPUINFO: OPENSSL_ia32cap=0x7ffaf3ffffebffff:0x29c67af\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "AES-256-GCM     538123.45k  1487123.45k  3301234.56k  4812345.67k  5534567.89k  "
    "5571234.56k\n";

std::string NoAsm33(std::string_view platform) {
  return "OpenSSL 3.3.1 4 Jun 2024 (Library: OpenSSL 3.3.1 4 Jun 2024)\n"
         "built on: Mon Jun 10 08:11:02 2024 UTC\n" +
         std::string(platform) +
         "options:  bn(64,64)\n"
         "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
         "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
         "CPUINFO: N/A\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n"
         "AES-256-GCM      38123.45k    47123.45k    50123.45k    51234.56k    51456.78k    "
         "51478.90k\n";
}

TEST(CompareAsmBuildTest, A3xCpuinfoNaOnX86IsABuildWithoutAssembly) {
  const CompareReport report = Compare(
      {PasteSide("A", std::string(k30Asm)), PasteSide("B", NoAsm33("platform: linux-x86_64\n"))},
      {});
  const Finding* pattern = FindingOf(report, "pattern");
  ASSERT_NE(pattern, nullptr) << AllText(report);
  EXPECT_EQ(pattern->cause, "built-without-asm") << AllText(report);
  EXPECT_THAT(pattern->text,
              HasSubstr("B was built without assembly: its CPUINFO line says N/A, which OpenSSL "
                        "3.x prints on x86_64 only for a build without assembly (crypto/info.c), "
                        "and A's shows a capability vector (0x7ffaf3ffffebffff:0x29c67af), so B "
                        "runs portable C code for AES-GCM"));
}

TEST(CompareAsmBuildTest, A3xCpuinfoNaOfAnUnknownArchitectureIsCannotTell) {
  // No platform line, no uname, no CPU line: N/A may be any build of another architecture.
  const CompareReport report =
      Compare({PasteSide("A", std::string(k30Asm)), PasteSide("B", NoAsm33(""))}, {});
  EXPECT_FALSE(AnyCause(report, "built-without-asm")) << AllText(report);
  EXPECT_THAT(AllText(report), Not(HasSubstr("was built without assembly (capability vector")));
  const Finding* pattern = FindingOf(report, "pattern");
  ASSERT_NE(pattern, nullptr) << AllText(report);
  EXPECT_THAT(
      pattern->text,
      HasSubstr("B's CPUINFO line says N/A, which OpenSSL 3.x prints for a build without "
                "assembly on x86, ARM and s390x (elsewhere some or all builds print it), "
                "and B's architecture is not in the text, so cannot tell whether B was built "
                "without assembly (paste B's `openssl version -a` platform line or `uname "
                "-m`)"));
  const Finding* caps = FindingOf(report, "capabilities");
  ASSERT_NE(caps, nullptr) << AllText(report);
  EXPECT_THAT(caps->text, HasSubstr("cannot tell whether it was built without assembly"));

  // ppc64le prints N/A in every build of releases before its vector: N/A says nothing there.
  const CompareReport ppc = Compare(
      {PasteSide("A", std::string(k30Asm)), PasteSide("B", NoAsm33("platform: linux-ppc64le\n"))},
      {});
  EXPECT_FALSE(AnyCause(ppc, "built-without-asm")) << AllText(ppc);
}

// Tryout 22 q23: a platform line naming the generic target linux-generic64 settles B's build
// without the architecture: Configure gives that target no assembly on any CPU.
TEST(CompareAsmBuildTest, AGenericConfigureTargetIsBuiltWithoutAssemblyWithoutTheArchitecture) {
  const CompareReport report = Compare(
      {PasteSide("A", std::string(k30Asm)), PasteSide("B", NoAsm33("platform: linux-generic64\n"))},
      {});
  EXPECT_TRUE(AnyCause(report, "built-without-asm")) << AllText(report);
  EXPECT_THAT(AllText(report), HasSubstr("its platform line names linux-generic64, a Configure "
                                         "target without assembly"));
  EXPECT_THAT(AllText(report), Not(HasSubstr("paste B's `openssl version -a` platform line")));
}

// New-user tryout 20, item 6 (n08, one file: "before:" 1.1.1f, "after:" 3.0.2, one VM with
// AES-NI): a 3.x line never carries -D*_ASM defines, so B does not "drop" them; the 1.1.1 rows
// about CPUs without AES-NI say nothing of sides whose vector has AES-NI; the "before:" and
// "after:" headings over the speed commands name the sides.
TEST(CompareAsmBuildTest, A3xLineDropsNoAssemblyDefinesAndRowsFitTheCpu) {
  const std::string text =
      "Same VM before and after the upgrade.\n"
      "\n"
      "before:\n"
      "$ openssl speed -elapsed -evp aes-128-gcm\n" +
      Replace(Replace(std::string(testing::kDebian111fVersionA), "$ openssl version -a\n", ""),
              "OPENSSLDIR: \"/usr/lib/ssl\"\n", "") +
      std::string(kDebianTable) +
      "\n"
      "after:\n"
      "$ openssl speed -elapsed -evp aes-128-gcm\n" +
      Replace(std::string(k30Asm), "AES-256-GCM", "AES-128-GCM");
  const std::vector<Side> sides = LoadFileSides(text, "n08.txt", "n08.txt");
  ASSERT_EQ(sides.size(), 2u);
  EXPECT_EQ(sides[0].label, "n08.txt#1 (before)");
  EXPECT_EQ(sides[1].label, "n08.txt#2 (after)");
  Side a = sides[0];
  Side b = sides[1];
  a.letter = "A";
  b.letter = "B";
  const CompareReport report = Compare({a, b}, {});
  const Finding* library = FindingOf(report, "library");
  ASSERT_NE(library, nullptr) << AllText(report);
  EXPECT_THAT(library->text, Not(HasSubstr("drops the assembly defines"))) << library->text;
  EXPECT_THAT(
      library->text,
      HasSubstr("B is OpenSSL 3.x or later, whose compiler line does not carry the assembly "
                "defines (they are passed per file), so that it lacks A's assembly "
                "defines -DAESNI_ASM -DVPAES_ASM -DGHASH_ASM (AES-128-GCM's)"));
  EXPECT_THAT(library->text, HasSubstr("is no sign of a build without assembly"));
  // B's vector has AES-NI: rows of the code CPUs without AES-NI run are not cited.
  EXPECT_THAT(library->text, Not(HasSubstr("CPUs without AES-NI run VPAES")));
  EXPECT_THAT(library->text, Not(HasSubstr("without AES-NI a 1.1.1d+ build")));
  // 3.0's per-call provider cost explains a 3.0 side slower at small sizes; B is faster.
  EXPECT_THAT(library->text, Not(HasSubstr("EVP 3.0..: providers")));
}

// New-user tryout 20, item 7 (p01 vs p35): a 1.1.1w line cut before -DNDEBUG on a Pentium whose
// lscpu Flags lack aes, against the whole line of the same build on a Core i7. The library
// sentence says the line may be cut, not that B drops defines and -DNDEBUG; the AES drop names
// B's CPU.
constexpr std::string_view kI7Flags =
    "$ lscpu | grep -E 'Model name|Flags'\n"
    "Model name:                      Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz\n"
    "Flags:                           fpu vme de pse tsc msr sse sse2 ssse3 sse4_1 sse4_2 "
    "pclmulqdq aes avx avx2 bmi1 bmi2 adx\n";
constexpr std::string_view kPentiumG2130Flags =
    "$ lscpu | grep -E 'Model name|Flags'\n"
    "Model name:                      Intel(R) Pentium(R) CPU G2130 @ 3.20GHz\n"
    "Flags:                           fpu vme de pse tsc msr sse sse2 ssse3 sse4_1 sse4_2 "
    "pclmulqdq popcnt lahf_lm\n";

TEST(CompareAsmBuildTest, ACutLineOnACpuWithoutAesNiNamesTheCutAndTheCpu) {
  const std::string whole =
      "$ openssl version -a\n"
      "OpenSSL 1.1.1w  11 Sep 2023\n"
      "built on: Tue Oct  3 09:12:44 2023 UTC\n"
      "platform: linux-x86_64\n"
      "options:  bn(64,64) rc4(16x,int) des(int) idea(int) blowfish(ptr)\n"
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
      "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -DOPENSSL_BN_ASM_MONT "
      "-DSHA256_ASM -DAESNI_ASM -DVPAES_ASM -DGHASH_ASM -DNDEBUG\n";
  const std::string cut = Replace(whole,
                                  "-DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 "
                                  "-DOPENSSL_BN_ASM_MONT -DSHA256_ASM -DAESNI_ASM "
                                  "-DVPAES_ASM -DGHASH_ASM -DNDEBUG\n",
                                  "-DOPENSSL_PIC\n");
  const std::string table =
      "$ openssl speed -evp aes-128-cbc sha256\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n";
  const std::string fast = whole + std::string(kI7Flags) + table +
                           "aes-128-cbc     389123.45k   412345.67k   425678.90k   431234.56k   "
                           "433456.78k   433567.89k\n"
                           "sha256          146780.50k   330176.45k   575802.71k   710325.93k   "
                           "764398.25k   769103.87k\n";
  const std::string slow = cut + std::string(kPentiumG2130Flags) + table +
                           "aes-128-cbc      98231.55k   107338.24k   110083.16k   110761.30k   "
                           "110979.07k   110995.46k\n"
                           "sha256          146001.50k   329176.45k   574802.71k   709325.93k   "
                           "763398.25k   768103.87k\n";
  const CompareReport report = Compare({PasteSide("A", fast), PasteSide("B", slow)}, {});
  const Finding* library = FindingOf(report, "library");
  ASSERT_NE(library, nullptr) << AllText(report);
  EXPECT_THAT(library->text, Not(HasSubstr("drops"))) << library->text;
  EXPECT_THAT(library->text, Not(HasSubstr("different builds"))) << library->text;
  EXPECT_THAT(library->text, HasSubstr("it may be cut where they stand, and its words are the "
                                       "start of A's line, which goes on with "
                                       "-DOPENSSL_CPUID_OBJ"));
  EXPECT_THAT(library->text, HasSubstr("so cannot tell whether the builds differ"));
  const Finding* pattern = FindingOf(report, "pattern");
  ASSERT_NE(pattern, nullptr) << AllText(report);
  EXPECT_EQ(pattern->cause, "no-hw-aes") << pattern->text;
  EXPECT_THAT(pattern->text, HasSubstr("B's CPU (or the virtual machine it runs in) offers no "
                                       "AES-NI (B's lscpu Flags line"));
  EXPECT_THAT(pattern->text, HasSubstr("so B ran software AES: the build is not the cause"));
  EXPECT_THAT(pattern->text, Not(HasSubstr("run both builds on one machine")));
}

// Tryout 24 item 8 (p22 vs p20): a 3.0 system build, whose compiler line cannot show assembly,
// against a 1.1.1 build whose line shows none. A's 16 KiB figure fits only hardware classes over
// any plausible clock, which OpenSSL reaches only in assembly: A ran assembly, and B's build
// without it is the cause. The 3.0 provider cost (per call, on the 3.0 side) explains nothing
// here: the 3.0 side is the faster one, by 65x at 16 KiB.
constexpr std::string_view kSystem30 =
    "$ openssl version\n"
    "OpenSSL 3.0.2 15 Mar 2022 (Library: OpenSSL 3.0.2 15 Mar 2022)\n"
    "$ openssl speed -evp aes-128-gcm\n"
    "version: 3.0.2\n"
    "built on: Wed Feb  5 13:16:06 2025 UTC\n"
    "options: bn(64,64)\n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -Wa,--noexecstack -g -O2 "
    "-DOPENSSL_TLS_SECURITY_LEVEL=2 -DOPENSSL_USE_NODELETE -DL_ENDIAN -DOPENSSL_PIC "
    "-DOPENSSL_BUILDING_OPENSSL -DNDEBUG -Wdate-time -D_FORTIFY_SOURCE=2\n"
    "CPUINFO: OPENSSL_ia32cap=0x7ffaf3bfffebffff:0x29c67af\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n";

Side ResolvedSide(const std::string& text, const std::string& letter) {
  std::vector<Side> sides = LoadFileSides(text, letter + ".txt", letter + ".txt");
  EXPECT_EQ(sides.size(), 1u);
  HostFacts host;
  host.arch = "x86_64";
  ResolveSideFacts(sides.front(), host);
  sides.front().letter = letter;
  // The pastes' progress lines ("... in 3.00s"), left out here, show user CPU time.
  sides.front().run.source.timing_basis = "user_cpu";
  return std::move(sides.front());
}

TEST(CompareAsmBuildTest, FiguresInAHardwareClassShowAssemblyTheCompilerLineCannot) {
  const std::string fast =
      std::string(kSystem30) +
      "AES-128-GCM     610000.00k  2200000.00k  4300000.00k  5200000.00k  5599999.32k  "
      "5619995.99k\n";
  const CompareReport report =
      Compare({ResolvedSide(fast, "A"), ResolvedSide(kNoAsm, "B")}, CompareOptions{});
  const Finding* pattern = FindingOf(report, "pattern");
  ASSERT_NE(pattern, nullptr) << AllText(report);
  EXPECT_EQ(pattern->cause, "built-without-asm") << AllText(report);
  EXPECT_THAT(pattern->text, HasSubstr("B was built without assembly (its compiler line has no "
                                       "-D*_ASM define"));
  EXPECT_THAT(pattern->text,
              HasSubstr("and A ran assembly (A is OpenSSL 3.x or later, whose compiler line does "
                        "not carry the assembly defines (they are passed per file), but its "
                        "figures show it): at 16 KiB A runs AES-128-GCM encrypt at "));
  EXPECT_THAT(pattern->text, HasSubstr("a speed only hardware classes reach (AES-NI"));
  EXPECT_THAT(pattern->text, HasSubstr("so B runs portable C code for AES-GCM"));
  EXPECT_THAT(AllText(report), Not(HasSubstr("cannot tell whether the builds differ")));
  const Finding* library = FindingOf(report, "library");
  ASSERT_NE(library, nullptr) << AllText(report);
  EXPECT_THAT(library->text, Not(HasSubstr("EVP 3.0..: providers"))) << library->text;

  // A 16 KiB figure that a vector class (bsaes) may reach too proves nothing: cannot tell.
  const std::string unclear =
      std::string(kSystem30) +
      "AES-128-GCM     310000.00k   350000.00k   380000.00k   390000.00k   400000.00k   "
      "400000.00k\n";
  const CompareReport open =
      Compare({ResolvedSide(unclear, "A"), ResolvedSide(kNoAsm, "B")}, CompareOptions{});
  EXPECT_FALSE(AnyCause(open, "built-without-asm")) << AllText(open);
  EXPECT_THAT(AllText(open), HasSubstr("cannot tell whether the builds differ in assembly"));
}

}  // namespace
}  // namespace cryptobench::compare
