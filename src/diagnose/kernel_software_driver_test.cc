// Tryout 21 item 3: a kernel tool's rows name a software AES driver (aes-generic,
// xts(ecb(aes-generic)), *-neonbs) while the pasted CPU lines show AES instructions. The CPU's
// driver outranks every software one, so the kernel did not have it: NOT accelerated, and the
// advice follows what the pasted lsmod shows of the architecture's module.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_from.h"
#include "diagnose/kernel_drivers.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::DiagnosePaste;
using cryptobench::testing::VerdictFor;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kX86Flags =
    "$ lscpu | grep -E '^(Architecture|Flags)'\n"
    "Architecture:                    x86_64\n"
    "Flags:                           fpu vme de pse tsc msr pae sse sse2 ssse3 pclmulqdq "
    "sse4_1 sse4_2 aes xsave avx avx2\n";
constexpr const char* kTcryptGeneric =
    "$ sudo modprobe tcrypt mode=500 sec=1; dmesg | tail -n 4\n"
    "[ 4412.101122] tcrypt: testing speed of async cbc(aes) (cbc(aes-generic)) encryption\n"
    "[ 4412.101130] tcrypt: test 0 (128 bit key, 16 byte blocks): 3412011 operations in 1 "
    "seconds (54592176 bytes)\n"
    "[ 4414.101140] tcrypt: test 6 (128 bit key, 4096 byte blocks): 45611 operations in 1 "
    "seconds (186822656 bytes)\n";

// An empty `lsmod | grep` whose pattern matches aesni_intel: the module is not loaded.
TEST(KernelSoftwareDriverTest, TcryptGenericOnAnAesNiCpuWithTheModuleAbsentIsNotAccelerated) {
  const DoctorReport report = DiagnosePaste(
      std::string(kX86Flags) + "$ lsmod | grep -E 'aes|crypto_simd'\n" + kTcryptGeneric);
  const Verdict& v = VerdictFor(report, "AES-128-CBC", "encrypt");
  EXPECT_EQ(v.status, VerdictStatus::kNotAccelerated) << v.line;
  EXPECT_THAT(v.line, HasSubstr("the CPU has AES-NI (the lscpu Flags line (line 3))"));
  EXPECT_THAT(v.line, HasSubstr("software driver"));
  EXPECT_THAT(v.line, HasSubstr("aesni_intel is not loaded"));
  EXPECT_THAT(v.line, Not(HasSubstr("cannot tell")));
  EXPECT_THAT(v.advice, HasSubstr("modprobe aesni_intel"));
  EXPECT_THAT(v.advice, HasSubstr("(line 4) shows no aesni_intel"));
}

// Without lsmod in the paste, the advice names the module to look for, then to load.
TEST(KernelSoftwareDriverTest, WithoutLsmodTheAdviceSaysWhichModuleToLookFor) {
  const DoctorReport report = DiagnosePaste(std::string(kX86Flags) + kTcryptGeneric);
  const Verdict& v = VerdictFor(report, "AES-128-CBC", "encrypt");
  EXPECT_EQ(v.status, VerdictStatus::kNotAccelerated) << v.line;
  EXPECT_THAT(v.line, HasSubstr("whether aesni_intel is loaded is not in the text"));
  EXPECT_THAT(v.advice, HasSubstr("Run `lsmod | grep aesni_intel`"));
  EXPECT_THAT(v.advice, HasSubstr("cbc-aes-aesni"));
  // A filter that would not list it settles nothing either.
  const DoctorReport neon =
      DiagnosePaste(std::string(kX86Flags) + "$ lsmod | grep -v aes\n" + kTcryptGeneric);
  const Verdict& n = VerdictFor(neon, "AES-128-CBC", "encrypt");
  EXPECT_EQ(n.status, VerdictStatus::kNotAccelerated) << n.line;
  EXPECT_THAT(n.line, HasSubstr("does not show"));
  EXPECT_THAT(n.advice, HasSubstr("may leave it out"));
}

// cryptsetup with a pasted /proc/crypto entry of aes-generic and `lsmod | grep -c aesni` = 0.
TEST(KernelSoftwareDriverTest, CryptsetupProcCryptoGenericWithACountOfZero) {
  const DoctorReport report = DiagnosePaste(
      "$ grep -m1 'model name' /proc/cpuinfo\n"
      "model name\t: Intel(R) Xeon(R) CPU E3-1230 v3 @ 3.30GHz\n"
      "$ grep -m1 flags /proc/cpuinfo\n"
      "flags\t\t: fpu vme de pse tsc msr pae sse sse2 ssse3 pclmulqdq aes avx avx2\n"
      "$ lsmod | grep -c aesni\n"
      "0\n"
      "$ grep -A3 'xts(aes)' /proc/crypto\n"
      "name         : xts(aes)\n"
      "driver       : xts(ecb(aes-generic))\n"
      "module       : kernel\n"
      "priority     : 100\n"
      "$ cryptsetup benchmark -c aes-xts-plain64 -s 512\n"
      "# Tests are approximate using memory only (no storage IO).\n"
      "# Algorithm |       Key |      Encryption |      Decryption\n"
      "    aes-xts        512b       148.2 MiB/s       151.0 MiB/s\n");
  const Verdict& v = VerdictFor(report, "AES-256-XTS", "encrypt");
  EXPECT_EQ(v.status, VerdictStatus::kNotAccelerated) << v.line;
  EXPECT_THAT(v.line, HasSubstr("/proc/crypto (line 8, priority 100)"));
  EXPECT_THAT(v.line, HasSubstr("aesni_intel is not loaded"));
  EXPECT_THAT(v.advice, HasSubstr("modprobe aesni_intel"));
}

// arm64: Features with aes, lsmod showing only the NEON modules, /proc/crypto xts-aes-neonbs.
TEST(KernelSoftwareDriverTest, Arm64NeonbsWithAesCeBlkAbsentAdvisesItsModule) {
  const DoctorReport report = DiagnosePaste(
      "# grep Features /proc/cpuinfo | sort -u\n"
      "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid\n"
      "# lsmod | grep -i aes\n"
      "aes_neon_bs            24576  0\n"
      "aes_neon_blk           28672  1 aes_neon_bs\n"
      "# grep -A4 'xts(aes)' /proc/crypto\n"
      "name         : xts(aes)\n"
      "driver       : xts-aes-neonbs\n"
      "module       : aes_neon_bs\n"
      "priority     : 250\n"
      "refcnt       : 1\n"
      "# cryptsetup benchmark -c aes-xts-plain64\n"
      "# Tests are approximate using memory only (no storage IO).\n"
      "# Algorithm |       Key |      Encryption |      Decryption\n"
      "    aes-xts        256b       102.3 MiB/s       101.5 MiB/s\n");
  const Verdict& v = VerdictFor(report, "AES-128-XTS", "encrypt");
  EXPECT_EQ(v.status, VerdictStatus::kNotAccelerated) << v.line;
  EXPECT_THAT(v.line, HasSubstr("the CPU has AES"));
  EXPECT_THAT(v.line, HasSubstr("xts-aes-neonbs"));
  EXPECT_THAT(v.line, HasSubstr("aes_ce_blk is not loaded"));
  EXPECT_THAT(v.advice, HasSubstr("modprobe aes_ce_blk"));
  EXPECT_THAT(v.advice, HasSubstr("aes_ce_cipher"));
}

// A CPU line without AES, or none, leaves the software driver where it was.
TEST(KernelSoftwareDriverTest, NoAesShownIsNotCalledNotAccelerated) {
  const DoctorReport report = DiagnosePaste(kTcryptGeneric);
  const Verdict& v = VerdictFor(report, "AES-128-CBC", "encrypt");
  EXPECT_NE(v.status, VerdictStatus::kNotAccelerated) << v.line;
}

// The lsmod command lines read: what their output can show of a module.
TEST(LsmodShowsModuleTest, FiltersThatWouldListTheModule) {
  const auto shows = [](const std::string& command, const std::string& module,
                        const std::string& count = "") {
    std::vector<results::SourceFact> facts{{"lsmod", command, 3}};
    if (!count.empty()) {
      facts.push_back({"lsmod_count", count, 4});
    }
    return LsmodShowsModule(facts, module).state;
  };
  using State = LsmodShows::State;
  EXPECT_EQ(shows("lsmod", "aesni_intel"), State::kAbsent);
  EXPECT_EQ(shows("lsmod | grep aes", "aesni_intel"), State::kAbsent);
  EXPECT_EQ(shows("lsmod | grep -i AES", "aes_ce_blk"), State::kAbsent);
  EXPECT_EQ(shows("lsmod | grep -E 'aes|crypto_simd'", "aesni_intel"), State::kAbsent);
  EXPECT_EQ(shows("lsmod | egrep \"ce|neon\"", "aes_ce_blk"), State::kAbsent);
  EXPECT_EQ(shows("lsmod | grep 'aes\\|sha'", "aes_ce_blk"), State::kAbsent);
  EXPECT_EQ(shows("lsmod | grep -e sha -e ^aes", "aesni_intel"), State::kAbsent);
  EXPECT_EQ(shows("lsmod | grep -c aesni", "aesni_intel", "0"), State::kAbsent);
  EXPECT_EQ(shows("lsmod | grep aes | wc -l", "aesni_intel", "0"), State::kAbsent);
  // Counted but not 0, or no count pasted: not absent.
  EXPECT_EQ(shows("lsmod | grep -c aesni", "aesni_intel", "1"), State::kUnsettled);
  EXPECT_EQ(shows("lsmod | grep -c aesni", "aesni_intel"), State::kUnsettled);
  // Filters that may drop its line, or are not read.
  EXPECT_EQ(shows("lsmod | grep neon", "aes_ce_blk"), State::kUnsettled);
  EXPECT_EQ(shows("lsmod | grep -w aes", "aesni_intel"), State::kUnsettled);
  EXPECT_EQ(shows("lsmod | grep -v aes", "aesni_intel"), State::kUnsettled);
  EXPECT_EQ(shows("lsmod | grep 'aes|sha'", "aesni_intel"), State::kUnsettled);  // BRE: literal
  EXPECT_EQ(shows("lsmod | grep 'a.s'", "aesni_intel"), State::kUnsettled);
  EXPECT_EQ(shows("lsmod | grep aes /proc/modules", "aesni_intel"), State::kUnsettled);
  EXPECT_EQ(shows("lsmod | head -5", "aesni_intel"), State::kUnsettled);
  EXPECT_EQ(shows("lsmod | grep 'aes", "aesni_intel"), State::kUnsettled);
  EXPECT_EQ(shows("lsmod | grep $M", "aesni_intel"), State::kUnsettled);
  // A line of its output naming it.
  const std::vector<results::SourceFact> loaded{{"lsmod", "lsmod | grep neon", 3},
                                                {"kernel_module", "aesni_intel", 5}};
  EXPECT_EQ(LsmodShowsModule(loaded, "aesni_intel").state, State::kLoaded);
  EXPECT_EQ(LsmodShowsModule(loaded, "aesni_intel").line, 5u);
  EXPECT_EQ(LsmodShowsModule({}, "aesni_intel").state, State::kNotPasted);
}

}  // namespace
}  // namespace cryptobench::diagnose
