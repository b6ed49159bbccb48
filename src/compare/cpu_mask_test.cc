// compare of two pastes whose CPUs differ (the CPU model lines of lscpu or /proc/cpuinfo, or the
// CPUINFO capability vectors) or whose CPUINFO line shows an OPENSSL_ia32cap mask (new-user
// tryout, session 17): a difference of CPUs names no code path; a mask the line shows is a fact.
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// One Debian 1.1.1f build (the same version -a block) on two Ivy Bridge desktops at about the
// same clock: a Core i5-3330 (AES-NI) and a Pentium G2130 (no AES-NI). MD5 has no
// feature-dispatched path, so it runs alike; AES-GCM does not.
const std::string kDebianBuild =
    std::string(testing::kDebian111fVersionA) + "$ openssl speed -evp aes-128-gcm md5\n";

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

// kCoreI5 (A) against side B: B's CPU model, and whether B is another build, decide what the
// pattern finding says. `says`: in the pattern finding, which states cause "cannot-tell"; nullptr:
// no finding speaks of different CPUs. `not_said`: absent from the pattern finding.
struct CpuPairCase {
  const char* name;
  std::string b;
  const char* says;
  std::vector<std::string> not_said;
};

// kPentium with `from` replaced by `to`.
std::string PentiumWith(std::string_view from, std::string_view to) {
  std::string b = kPentium;
  b.replace(b.find(from), from.size(), to);
  return b;
}

class CompareCpuModelsTest : public ::testing::TestWithParam<CpuPairCase> {};

TEST_P(CompareCpuModelsTest, DifferentCpuModelsNameNoCodePath) {
  const CpuPairCase& c = GetParam();
  const CompareReport report = Compare({PasteSide("A", kCoreI5), PasteSide("B", c.b)}, {});
  if (c.says == nullptr) {
    EXPECT_THAT(AllText(report), Not(HasSubstr("different CPUs")));
    return;
  }
  const Finding* pattern = FindingOf(report, "pattern");
  ASSERT_NE(pattern, nullptr) << AllText(report);
  EXPECT_THAT(pattern->text, HasSubstr(c.says));
  EXPECT_EQ(pattern->cause, "cannot-tell");
  for (const std::string& absent : c.not_said) {
    EXPECT_THAT(pattern->text, Not(HasSubstr(absent)));
  }
  EXPECT_FALSE(AnyCause(report, "asm-missing-or-unused")) << AllText(report);
}

INSTANTIATE_TEST_SUITE_P(
    Sides, CompareCpuModelsTest,
    ::testing::Values(
        // One build (the same version -a block) on two CPUs whose features the pastes do not
        // show: the CPUs, not the build, and cannot tell which of their differences; what to
        // paste.
        CpuPairCase{"OneBuild",
                    kPentium,
                    "the same build ran on different CPUs (A: Intel(R) Core(TM) i5-3330 CPU @ "
                    "3.00GHz; B: Intel(R) Pentium(R) CPU G2130 @ 3.20GHz), so the difference is "
                    "the CPUs' (their features or their speed), not the build's; cannot tell "
                    "from this report which (paste each side's lscpu Flags line",
                    {"run both builds on one machine", "assembly"}},
        // Two builds (another build date on B) on two CPUs: cannot tell whether the code path
        // changed, and running both builds on one machine would tell.
        CpuPairCase{"TwoBuilds",
                    PentiumWith("Wed Feb  5", "Thu Feb  6"),
                    "the sides ran on different CPUs (A: Intel(R) Core(TM) i5-3330 CPU @ "
                    "3.00GHz; B: Intel(R) Pentium(R) CPU G2130 @ 3.20GHz), so cannot tell from "
                    "this report whether the code path changed (run both builds on one machine)",
                    {}},
        // The same model on both sides (lscpu's line and /proc/cpuinfo's, spaced differently)
        // is no difference of CPUs.
        CpuPairCase{
            "OneModel",
            PentiumWith("Pentium(R) CPU G2130 @ 3.20GHz", "Core(TM)  i5-3330 CPU @ 3.00GHz"),
            nullptr,
            {}}),
    [](const ::testing::TestParamInfo<CpuPairCase>& param_info) { return param_info.param.name; });

// lscpu Flags lines of an Ivy Bridge Core i5-3330 (aes) and a Pentium G2130 (Ivy Bridge without
// AES-NI, AVX and F16C: Intel ARK), from the kernel's cpufeatures.h names.
constexpr std::string_view kI5Flags =
    "$ lscpu | grep Flags\n"
    "Flags:                           fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca "
    "cmov pat pse36 clflush dts acpi mmx fxsr sse sse2 ss ht tm pbe syscall nx rdtscp lm "
    "constant_tsc arch_perfmon pebs bts rep_good nopl xtopology nonstop_tsc cpuid aperfmperf pni "
    "pclmulqdq dtes64 monitor ds_cpl vmx est tm2 ssse3 cx16 xtpr pdcm pcid sse4_1 sse4_2 x2apic "
    "popcnt tsc_deadline_timer aes xsave avx f16c rdrand lahf_lm cpuid_fault epb pti ssbd ibrs "
    "ibpb stibp fsgsbase smep erms xsaveopt dtherm ida arat pln pts md_clear flush_l1d\n";
constexpr std::string_view kPentiumFlags =
    "$ lscpu | grep Flags\n"
    "Flags:                           fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca "
    "cmov pat pse36 clflush dts acpi mmx fxsr sse sse2 ss ht tm pbe syscall nx rdtscp lm "
    "constant_tsc arch_perfmon pebs bts rep_good nopl xtopology nonstop_tsc cpuid aperfmperf pni "
    "pclmulqdq dtes64 monitor ds_cpl vmx est tm2 ssse3 cx16 xtpr pdcm pcid sse4_1 sse4_2 x2apic "
    "popcnt tsc_deadline_timer xsave rdrand lahf_lm cpuid_fault epb pti ssbd ibrs ibpb stibp "
    "fsgsbase smep erms xsaveopt dtherm ida arat pln pts md_clear flush_l1d\n";

// New-user tryout 19, item 8 (p01 vs p03): one build on two CPUs, B's flags line without aes.
// Before, "cannot tell ... whether the code path changed (run both builds on one machine)",
// though the build was the same and B's flags showed why.
TEST(CompareCpuTest, SameBuildOnACpuWithoutAesNiNamesTheCpuNotTheBuild) {
  const Side a = PasteSide("A", kCoreI5 + std::string(kI5Flags));
  // kPentium's MD5 runs within 2% of kCoreI5's: only AES-GCM changed.
  const std::string pentium = kPentium;
  const CompareReport aes_only =
      Compare({a, PasteSide("B", pentium + std::string(kPentiumFlags))}, {});
  const Finding* aes_pattern = FindingOf(aes_only, "pattern");
  ASSERT_NE(aes_pattern, nullptr) << AllText(aes_only);
  EXPECT_EQ(aes_pattern->cause, "no-hw-aes") << aes_pattern->text;
  EXPECT_THAT(aes_pattern->text,
              HasSubstr("the same build ran on different CPUs (A: Intel(R) Core(TM) i5-3330 CPU "
                        "@ 3.00GHz; B: Intel(R) Pentium(R) CPU G2130 @ 3.20GHz), and B's CPU (or "
                        "the virtual machine it runs in) offers no AES-NI (B's lscpu Flags line "
                        "(line "));
  EXPECT_THAT(aes_pattern->text, HasSubstr(") lacks it; A's lscpu Flags line (line "));
  EXPECT_THAT(aes_pattern->text, HasSubstr(") has it), so B ran software AES"));
  EXPECT_THAT(aes_pattern->text, HasSubstr("so B ran software AES: the build is not the cause"));
  EXPECT_THAT(aes_pattern->text, Not(HasSubstr("run both builds on one machine")));
  // The cost fit names no code path of a build on two CPUs.
  for (const Finding& finding : aes_only.pairs.at(0).findings) {
    if (finding.id == "cost-fit") {
      EXPECT_THAT(finding.text, HasSubstr("on different CPUs")) << finding.text;
      EXPECT_THAT(finding.text, Not(HasSubstr("its code path, or the machine")));
    }
  }

  // MD5 (no AES-NI path) slower too: the missing AES-NI does not explain MD5, so no cause.
  const std::string md5_too = PentiumWith(
      "md5              48911.02k   148902.33k   358101.75k   537902.88k   621345.19k   "
      "628877.41k\n",
      "md5              18911.02k    48902.33k   158101.75k   237902.88k   221345.19k   "
      "228877.41k\n");
  const CompareReport md5 = Compare({a, PasteSide("B", md5_too + std::string(kPentiumFlags))}, {});
  EXPECT_FALSE(AnyCause(md5, "no-hw-aes")) << AllText(md5);
  const Finding* md5_pattern = FindingOf(md5, "pattern");
  ASSERT_NE(md5_pattern, nullptr) << AllText(md5);
  EXPECT_THAT(md5_pattern->text, HasSubstr("B's lines show no AES-NI and A's show it, which does "
                                           "not explain this pattern alone"));
  EXPECT_THAT(md5_pattern->text, Not(HasSubstr("no difference in hardware AES")));

  // Two builds (another build date on B): the missing AES-NI is no longer the only difference.
  const std::string rebuilt = PentiumWith("Wed Feb  5", "Thu Feb  6");
  const CompareReport two = Compare({a, PasteSide("B", rebuilt + std::string(kPentiumFlags))}, {});
  EXPECT_FALSE(AnyCause(two, "no-hw-aes")) << AllText(two);
  EXPECT_THAT(AllText(two), HasSubstr("run both builds on one machine"));
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

  // Without the env: part (which 3.x prints whenever the variable is set) the vectors differ
  // with no mask: one build on two CPUs, and B's vector lacks AES-NI (new-user tryout 19, item
  // 8: p25 vs p26, a VM without AES-NI). Before, "cannot tell ... (run both builds on one
  // machine)". B's vector has LV0 bit 63 set (CPUID.1:ECX bit 31, hypervisor present): a guest.
  const Side c =
      PasteSide("B", Cbc30("CPUINFO: OPENSSL_ia32cap=0xfdfa3201078bffff:0x0\n", kMaskedRow));
  const CompareReport other = Compare({a, c}, {});
  EXPECT_FALSE(AnyCause(other, "capability-masked")) << AllText(other);
  const Finding* other_pattern = FindingOf(other, "pattern");
  ASSERT_NE(other_pattern, nullptr);
  EXPECT_THAT(other_pattern->text, HasSubstr("the same build ran on different CPUs (their CPUINFO "
                                             "capability vectors differ"));
  EXPECT_THAT(other_pattern->text,
              HasSubstr("B's CPU (a virtual machine's, which may hide the host's) offers no AES-NI "
                        "(B's CPUINFO "
                        "capability vector (0xfdfa3201078bffff:0x0) lacks it, with no env: part, "
                        "which OpenSSL 3.x prints whenever OPENSSL_ia32cap is set; A's CPUINFO "
                        "capability vector (0xfffa3203078bffff:0x405fc6f1bf07ab) has it)"));
  const Finding* other_caps = FindingOf(other, "capabilities");
  ASSERT_NE(other_caps, nullptr);
  EXPECT_THAT(other_caps->text, Not(HasSubstr("or a mask such as")));
  EXPECT_THAT(other_pattern->text, HasSubstr("so B ran software AES: the build is not the cause"));
  EXPECT_EQ(other_pattern->cause, "no-hw-aes");
  EXPECT_THAT(other_pattern->text, Not(HasSubstr("run both builds on one machine")));
}

// New-user tryout 19, item 9 (p01 vs p24): a 1.1.1 mask known only from the command line
// (`OPENSSL_ia32cap="~0x200000000000000" openssl speed ...`; 1.1.1 prints no CPUINFO line).
// Before, only "Worker environments differ" named it; the pattern sentence gave no cause.
TEST(CompareMaskTest, A111MaskOnTheCommandLineExplainsTheAesSlowdown) {
  const std::string fast = kCoreI5 + std::string(kI5Flags);
  std::string masked = fast;
  masked.replace(masked.find("$ openssl speed -evp"), std::string_view("$ openssl speed").size(),
                 "$ OPENSSL_ia32cap=\"~0x200000000000000\" openssl speed");
  const std::string_view gcm_a =
      "aes-128-gcm     289512.34k   636284.97k   826735.45k   887512.23k   905412.61k   "
      "906315.78k\n";
  const std::string slow_gcm =
      "aes-128-gcm      98234.11k   141102.45k   165214.87k   172108.33k   174512.09k   "
      "174621.55k\n";
  masked.replace(masked.find(gcm_a), gcm_a.size(), slow_gcm);
  const CompareReport report = Compare({PasteSide("A", fast), PasteSide("B", masked)}, {});
  const Finding* pattern = FindingOf(report, "pattern");
  ASSERT_NE(pattern, nullptr) << AllText(report);
  EXPECT_EQ(pattern->cause, "capability-masked") << AllText(report);
  EXPECT_THAT(pattern->text,
              HasSubstr("B ran with OPENSSL_ia32cap=~0x200000000000000 (set for its openssl speed "
                        "command), which clears AES-NI: "));
  // A value without ":" zeroes the second word too (crypto/cpuid.c): of its bits only those B's
  // Flags line shows are named; the Ivy Bridge i5-3330 has no AVX2, AVX-512 or VAES to mask.
  EXPECT_THAT(pattern->text, HasSubstr("the capability mask explains it, not the build"));
  EXPECT_THAT(pattern->text, Not(HasSubstr("AVX2")));
  EXPECT_THAT(pattern->text, Not(HasSubstr("AVX-512F")));
  EXPECT_THAT(pattern->text, Not(HasSubstr("VAES")));
  const std::optional<CpuinfoMask> mask = CommandLineMaskOf(PasteSide("B", masked));
  ASSERT_TRUE(mask.has_value());
  EXPECT_THAT(mask->clears, ::testing::Contains("AES-NI"));
  EXPECT_THAT(mask->clears, Not(::testing::Contains("AVX2")));
  EXPECT_THAT(mask->clears, Not(::testing::Contains("VAES")));
  EXPECT_THAT(mask->cpu_lacks, ::testing::Contains("VAES"));
  EXPECT_THAT(mask->cpu_lacks, ::testing::Contains("AVX2"));

  // The same mask, but MD5 (no AES-NI path) slower too: the mask does not explain MD5.
  std::string md5_too = masked;
  const std::string_view md5_a =
      "md5              49532.18k   150123.67k   360812.49k   540211.07k   623512.40k   "
      "630108.52k\n";
  md5_too.replace(md5_too.find(md5_a), md5_a.size(),
                  "md5              19532.18k    50123.67k   160812.49k   240211.07k   "
                  "223512.40k   230108.52k\n");
  const CompareReport both = Compare({PasteSide("A", fast), PasteSide("B", md5_too)}, {});
  EXPECT_FALSE(AnyCause(both, "capability-masked")) << AllText(both);
}

// New-user tryout 20, item 2 (n13 vs n03): an AArch64 OpenSSL 1.1.1f run with
// `OPENSSL_armcap=0 openssl speed` (1.1.1 prints no CPUINFO line) against an unmasked 3.0.2 run.
// B's Features line shows aes and pmull: B's CPU features are that line less the mask, not
// "unknown"; release rows of the AES instructions' code (aesv8-armx, aes-gcm-armv8), which B's
// mask turns off, are not cited.
constexpr std::string_view kGravitonFeatures =
    "$ grep -m1 Features /proc/cpuinfo\n"
    "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm\n"
    "$ uname -m\n"
    "aarch64\n";

const std::string kArm30 =
    std::string(kGravitonFeatures) +
    "$ openssl speed -elapsed -evp aes-128-gcm\n"
    "You have chosen to measure elapsed time instead of user CPU time.\n"
    "version: 3.0.2\n"
    "built on: Wed Feb  5 13:02:46 2025 UTC\n"
    "options: bn(64,64)\n"
    "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
    "-DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
    "CPUINFO: OPENSSL_armcap=0xbd\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "AES-128-GCM     312345.67k   912345.67k  1812345.67k  2412345.67k  2712345.67k  "
    "2731234.56k\n";

const std::string kArm111Masked =
    std::string(kGravitonFeatures) +
    "$ OPENSSL_armcap=0 openssl speed -elapsed -evp aes-128-gcm\n"
    "You have chosen to measure elapsed time instead of user CPU time.\n"
    "OpenSSL 1.1.1f  31 Mar 2020\n"
    "built on: Wed Nov 24 13:20:48 2021 UTC\n"
    "options:bn(64,64) rc4(char) des(int) aes(partial) blowfish(ptr) \n"
    "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
    "-DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_BN_ASM_MONT -DSHA1_ASM -DSHA256_ASM "
    "-DSHA512_ASM -DKECCAK1600_ASM -DVPAES_ASM -DECP_NISTZ256_ASM -DPOLY1305_ASM -DNDEBUG\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "aes-128-gcm      32598.77k    57863.36k    69320.11k    72480.43k    73486.34k    "
    "73482.92k\n";

TEST(CompareMaskTest, AnArmcapCommandMaskReadsTheCpuFromItsFeaturesLine) {
  Side a = PasteSide("A", kArm30);
  Side b = PasteSide("B", kArm111Masked);
  ResolveSideFacts(a, {});
  ResolveSideFacts(b, {});
  ASSERT_TRUE(b.cpu_features.has_value());
  EXPECT_EQ(b.features_source, "CPU flags line");
  EXPECT_THAT(*b.cpu_features, Not(::testing::Contains("AES")));
  const CompareReport report = Compare({a, b}, {});
  const Finding* pattern = FindingOf(report, "pattern");
  ASSERT_NE(pattern, nullptr) << AllText(report);
  EXPECT_EQ(pattern->cause, "capability-masked") << pattern->text;
  EXPECT_THAT(pattern->text, HasSubstr("B ran with OPENSSL_armcap=0 (set for its openssl speed "
                                       "command), which clears AES"));
  const std::string all = AllText(report);
  EXPECT_THAT(all, Not(HasSubstr("B's CPU features are unknown")));
  EXPECT_THAT(all, HasSubstr("OPENSSL_armcap=0 (set for its openssl speed command) clears the AES "
                             "its CPU's flags line shows"));
  // Rows of the ARMv8 AES code B's mask turns off say nothing of this pair; nor does 3.0's
  // per-call provider cost, which would make A (3.0) slower at small sizes, not faster at all.
  const Finding* library = FindingOf(report, "library");
  ASSERT_NE(library, nullptr);
  EXPECT_THAT(library->text, Not(HasSubstr("aesv8-armx")));
  EXPECT_THAT(library->text, Not(HasSubstr("aes-gcm-armv8")));
  EXPECT_THAT(library->text, Not(HasSubstr("EVP 3.0..: providers")));
}

}  // namespace
}  // namespace cryptobench::compare
