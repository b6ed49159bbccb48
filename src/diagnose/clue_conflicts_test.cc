// CPU clues that contradict each other or the figures (tryout 28 W4, W9, W12): a board label
// whose CPU another clue of the same block contradicts decides nothing; a CPUINFO vector with
// the hypervisor-present bit, and lscpu's "Hypervisor vendor:" line, each show a guest.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/cpu_clues.h"
#include "diagnose/stated_causes.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::DiagnosePaste;
using cryptobench::testing::DoctorText;
using cryptobench::testing::FindingOf;
using cryptobench::testing::StatedTags;
using cryptobench::testing::VerdictFor;
using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

// A Raspberry Pi board line above a uname line (`cat /proc/device-tree/model; uname -a`), then
// openssl speed's AES-128-GCM row.
std::string BoardPaste(const std::string& board, const std::string& uname, const std::string& row) {
  return board + "\n" + uname +
         "\n\n"
         "$ openssl speed -evp aes-128-gcm 2>/dev/null | tail -2\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n" +
         row + "\n";
}

constexpr const char* kPi5Uname =
    "Linux pi5 6.6.31+rpt-rpi-2712 #1 SMP PREEMPT Debian 1:6.6.31-1+rpt1 (2024-05-29) aarch64 "
    "GNU/Linux";
constexpr const char* kPi4Uname =
    "Linux pi4 6.6.31+rpt-rpi-v8 #1 SMP PREEMPT Debian 1:6.6.31-1+rpt1 (2024-05-29) aarch64 "
    "GNU/Linux";
// 1.57 GB/s: ARMv8 CE speed (about 1 cpb at 1.5-2.4 GHz).
constexpr const char* kCeGcmRow =
    "aes-128-gcm     412345.67k  1002345.12k  1398765.43k  1521234.56k  1563456.78k  "
    "1567890.12k";
// 95 MB/s: software speed on a Cortex-A72.
constexpr const char* kSoftGcmRow =
    "aes-128-gcm      80345.67k    90345.12k    93765.43k    94234.56k    95456.78k    "
    "95890.12k";

// Tryout 28 q19: the board label names a Pi 4 (no Crypto Extensions), the uname names the
// BCM2712 kernel of the Pi 5 (which has them), and the figure fits only the CE classes.
TEST(ClueConflictsTest, BoardLabelContradictedByUnameDecidesNothing) {
  const DoctorReport report =
      DiagnosePaste(BoardPaste("Raspberry Pi 4 Model B Rev 1.4", kPi5Uname, kCeGcmRow));
  ASSERT_TRUE(report.facts.report.has_value());
  const Verdict& v = VerdictFor(report, "AES-128-GCM");
  EXPECT_NE(v.status, VerdictStatus::kSoftwareExpected) << v.line;
  EXPECT_NE(v.status, VerdictStatus::kNotAccelerated) << v.line;
  EXPECT_EQ(FindingOf(report, "cpu.no-hw-aes"), nullptr);
  EXPECT_THAT(StatedTags(report), Not(Contains("no-hw-aes")));
  // The contradiction is named, with both clues.
  const std::string text = DoctorText(report);
  EXPECT_THAT(text, HasSubstr("disagree"));
  EXPECT_THAT(text, HasSubstr("rpi-2712"));
  EXPECT_THAT(text, HasSubstr("Raspberry Pi 4 Model B"));
}

// Without the uname line, a figure no software AES reaches at the board's sourced clock range
// (a Pi 4 runs at most 2.147 GHz) contradicts the label as well.
TEST(ClueConflictsTest, BoardLabelContradictedByAFigureAboveItsSoftwareDecidesNothing) {
  const DoctorReport report = DiagnosePaste(BoardPaste(
      "Raspberry Pi 4 Model B Rev 1.4", "Linux pi 6.6.31 #1 SMP aarch64 GNU/Linux", kCeGcmRow));
  const Verdict& v = VerdictFor(report, "AES-128-GCM");
  EXPECT_NE(v.status, VerdictStatus::kSoftwareExpected) << v.line;
  EXPECT_EQ(FindingOf(report, "cpu.no-hw-aes"), nullptr);
  EXPECT_THAT(DoctorText(report), HasSubstr("disagree"));
}

// Controls: a Pi 4 label over a Pi 4 kernel with software figures keeps its answer.
TEST(ClueConflictsTest, BoardLabelAgreeingWithItsBlockStillDecides) {
  const DoctorReport report =
      DiagnosePaste(BoardPaste("Raspberry Pi 4 Model B Rev 1.4", kPi4Uname, kSoftGcmRow));
  EXPECT_NE(FindingOf(report, "cpu.no-hw-aes"), nullptr);
  EXPECT_THAT(DoctorText(report), Not(HasSubstr("disagree")));
  // A Pi 5 label over the Pi 5 kernel: AES present, no contradiction.
  const DoctorReport pi5 =
      DiagnosePaste(BoardPaste("Raspberry Pi 5 Model B Rev 1.0", kPi5Uname, kCeGcmRow));
  ASSERT_TRUE(pi5.facts.report.has_value());
  const CpuFeatureClue* aes = pi5.facts.report->cpu_clues.Find("AES");
  ASSERT_NE(aes, nullptr);
  EXPECT_TRUE(aes->present);
  EXPECT_THAT(DoctorText(pi5), Not(HasSubstr("disagree")));
}

// Tryout 29 W6 (q/r12): 936 MB/s AES-128-GCM under a Pi 4 label over the Pi 4's own kernel.
// Below what software reaches at 6.5 GHz, but far above what any software AES reaches on a
// Cortex-A72 at the Pi 4's highest clock (2.4 GHz with overclocks): the label and the figure
// disagree, so the verdict is not "software (expected)", and the ceiling names the clock and the
// ARMv8 software figure it rests on.
constexpr const char* kJustUnderAnyCpuCeilingRow =
    "aes-128-gcm     312345.67k   702345.12k   898765.43k   921234.56k   931456.78k   "
    "935890.12k";

TEST(ClueConflictsTest, FigureAboveTheBoardsSoftwareCeilingDisagreesWithItsLabel) {
  const DoctorReport report = DiagnosePaste(
      BoardPaste("Raspberry Pi 4 Model B Rev 1.4", kPi4Uname, kJustUnderAnyCpuCeilingRow));
  ASSERT_TRUE(report.facts.report.has_value());
  const Verdict& v = VerdictFor(report, "AES-128-GCM");
  EXPECT_NE(v.status, VerdictStatus::kSoftwareExpected) << v.line;
  EXPECT_EQ(FindingOf(report, "cpu.no-hw-aes"), nullptr);
  const std::string text = DoctorText(report);
  EXPECT_THAT(text, HasSubstr("disagree"));
  EXPECT_THAT(text, HasSubstr("2.40 GHz"));
  EXPECT_THAT(text, HasSubstr("vpaes-armv8.pl"));
}

// Tryout 29 r15: the Features line shows no aes and agrees with the Pi 4 label, while the figure
// (1.57 GB/s) is far above software AES on a Pi 4: the Features line and the figure cannot both
// be this run's Pi 4, so neither decides (the ARM twin of tryout 28's x86 note).
TEST(ClueConflictsTest, FeaturesLineWithoutAesAndAFigureAboveTheBoardsCeilingDisagree) {
  const DoctorReport report = DiagnosePaste(BoardPaste(
      "Raspberry Pi 4 Model B Rev 1.4",
      std::string(kPi5Uname) +
          "\n$ grep -m1 Features /proc/cpuinfo\nFeatures\t: fp asimd evtstrm crc32 cpuid",
      kCeGcmRow));
  ASSERT_TRUE(report.facts.report.has_value());
  const Verdict& v = VerdictFor(report, "AES-128-GCM");
  EXPECT_NE(v.status, VerdictStatus::kSoftwareExpected) << v.line;
  EXPECT_EQ(FindingOf(report, "cpu.no-hw-aes"), nullptr);
  const std::string text = DoctorText(report);
  EXPECT_THAT(text, HasSubstr("disagree"));
  EXPECT_THAT(text, HasSubstr("Features line"));
}

// Controls: a slow Pi 4 keeps "software (expected)", with the Pi 4's ceiling quoted instead of
// 6.5 GHz; with no CPU named, a Features line without aes keeps the any-CPU ceiling.
TEST(ClueConflictsTest, SoftwareCeilingOfANamedBoardIsQuotedAndAnUnknownCpuKeepsTheAnyCpuOne) {
  const DoctorReport pi4 =
      DiagnosePaste(BoardPaste("Raspberry Pi 4 Model B Rev 1.4", kPi4Uname, kSoftGcmRow));
  const Finding* no_hw = FindingOf(pi4, "cpu.no-hw-aes");
  ASSERT_NE(no_hw, nullptr);
  EXPECT_THAT(no_hw->evidence, HasSubstr("2.40 GHz"));
  EXPECT_THAT(no_hw->evidence, Not(HasSubstr("6.5 GHz")));
  EXPECT_EQ(VerdictFor(pi4, "AES-128-GCM").status, VerdictStatus::kSoftwareExpected);
  const DoctorReport unknown = DiagnosePaste(BoardPaste(
      "$ grep -m1 Features /proc/cpuinfo", "Features\t: fp asimd evtstrm crc32 cpuid", kCeGcmRow));
  const Finding* any = FindingOf(unknown, "cpu.no-hw-aes");
  ASSERT_NE(any, nullptr);
  EXPECT_THAT(any->evidence, HasSubstr("6.5 GHz"));
  EXPECT_THAT(DoctorText(unknown), Not(HasSubstr("disagree")));
}

// Tryout 29 W3 (q/r14): the Pi 5's uname typed under "Pi 5:" after the Pi 4's run is not that
// run's clue, so the Pi 4 label alone decides: software, as a Pi 4 has no Crypto Extensions.
TEST(ClueConflictsTest, UnameUnderAnotherBoardsHeadingAfterTheRunIsNotItsClue) {
  const DoctorReport report = DiagnosePaste(
      "Pi 4:\n"
      "Raspberry Pi 4 Model B Rev 1.4\n"
      "$ openssl speed -evp aes-128-gcm 2>/dev/null | tail -2\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "aes-128-gcm      38123.45k    52345.67k    58765.43k    60123.45k    60567.89k    "
      "60612.34k\n"
      "\n"
      "Pi 5:\n" +
      std::string(kPi5Uname) + "\n");
  ASSERT_TRUE(report.facts.report.has_value());
  EXPECT_EQ(VerdictFor(report, "AES-128-GCM").status, VerdictStatus::kSoftwareExpected)
      << VerdictFor(report, "AES-128-GCM").line;
  EXPECT_NE(FindingOf(report, "cpu.no-hw-aes"), nullptr);
  EXPECT_THAT(DoctorText(report), Not(HasSubstr("disagree")));
}

// OpenSSL 3.0's CPUINFO line of a container on a Xeon Gold 6130 (AES-NI by its row), with the
// vector's AES-NI bit clear, then its slow AES-128-GCM row.
std::string VectorPaste(const std::string& vector) {
  return "$ grep -m1 'model name' /proc/cpuinfo\n"
         "model name\t: Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz\n"
         "$ openssl speed -evp aes-128-gcm\n"
         "version: 3.0.2\n"
         "built on: Wed Feb  5 13:16:06 2025 UTC\n"
         "options: bn(64,64)\n"
         "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O2\n"
         "CPUINFO: OPENSSL_ia32cap=" +
         vector +
         "\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n"
         "AES-128-GCM      49566.38k    65523.46k    72724.14k    75027.28k    75294.04k    "
         "75370.50k\n";
}

// Tryout 28 q15c: LV0 bit 63 is CPUID.1:ECX bit 31, which a hypervisor sets: a guest.
TEST(ClueConflictsTest, VectorHypervisorBitShowsAGuest) {
  const DoctorReport report = DiagnosePaste(VectorPaste("0xfdfef3f7fffff7ff:0x0"));
  ASSERT_TRUE(report.facts.report.has_value());
  const CpuClues& clues = report.facts.report->cpu_clues;
  EXPECT_TRUE(clues.virtual_machine);
  EXPECT_THAT(clues.vm_clue, HasSubstr("bit 63"));
  const std::string text = DoctorText(report);
  EXPECT_THAT(text, Not(HasSubstr("the text shows no virtual machine")));
  EXPECT_THAT(text, Not(HasSubstr("Dell")));
  EXPECT_THAT(text, HasSubstr("hypervisor"));
  // Control: the bit clear (bare metal) keeps the firmware reading.
  const DoctorReport bare = DiagnosePaste(VectorPaste("0x7dfef3f7fffff7ff:0x0"));
  EXPECT_FALSE(bare.facts.report->cpu_clues.virtual_machine);
  EXPECT_TRUE(bare.facts.report->cpu_clues.aes_ni_off);
  // A mask typed by the user says nothing of the CPU.
  const DoctorReport masked =
      DiagnosePaste(VectorPaste("0xfdfef3f7fffff7ff:0x0 env:~0x200000000000000"));
  EXPECT_FALSE(masked.facts.report->cpu_clues.virtual_machine);
}

// Tryout 28 q03c: lscpu's "Hypervisor vendor:" line without a hypervisor flag.
TEST(ClueConflictsTest, LscpuHypervisorVendorLineShowsAGuest) {
  const DoctorReport report = DiagnosePaste(
      "$ lscpu\n"
      "Architecture:                    x86_64\n"
      "Model name:                      Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz\n"
      "Hypervisor vendor:               KVM\n"
      "Flags:                           fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca "
      "cmov pat pse36 clflush mmx fxsr sse sse2 ss ht syscall nx pdpe1gb rdtscp lm constant_tsc "
      "pni pclmulqdq ssse3 fma cx16 sse4_1 sse4_2 x2apic movbe popcnt xsave avx f16c rdrand avx2 "
      "bmi1 bmi2 adx avx512f\n"
      "\n"
      "$ openssl speed -evp aes-128-gcm\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "aes-128-gcm      49566.38k    65523.46k    72724.14k    75027.28k    75294.04k    "
      "75370.50k\n");
  ASSERT_TRUE(report.facts.report.has_value());
  const CpuClues& clues = report.facts.report->cpu_clues;
  EXPECT_TRUE(clues.virtual_machine);
  EXPECT_THAT(clues.vm_clue, HasSubstr("Hypervisor vendor"));
  EXPECT_FALSE(clues.aes_ni_off);
  EXPECT_THAT(clues.hidden_by_vm, Contains("AES-NI"));
  EXPECT_THAT(DoctorText(report), Not(HasSubstr("the text shows no virtual machine")));
  EXPECT_EQ(FindingOf(report, "cpu.aes-ni-off"), nullptr);
}

// Tryout 29 W1 (e14, r01, r06): a hypervisor named outside the lscpu output of the run's flags
// line (prose quoting another machine's dmesg or lscpu, systemd-detect-virt of another
// machine) does not make a bare-metal run a guest: the flags line lacking aes stays "firmware
// or a hypervisor the paste does not show".
TEST(ClueConflictsTest, HypervisorNamedOutsideTheRunsLscpuShowsNoGuest) {
  const std::string lscpu =
      "$ lscpu\n"
      "Architecture:                    x86_64\n"
      "Model name:                      Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz\n"
      "Flags:                           fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca "
      "cmov pat pse36 clflush mmx fxsr sse sse2 ss ht syscall nx pdpe1gb rdtscp lm constant_tsc "
      "pni pclmulqdq ssse3 fma cx16 sse4_1 sse4_2 x2apic movbe popcnt xsave avx f16c rdrand avx2 "
      "bmi1 bmi2 adx avx512f\n"
      "$ openssl speed -evp aes-128-gcm 2>/dev/null | tail -2\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "aes-128-gcm      49566.38k    65523.46k    72724.14k    75027.28k    75294.04k    "
      "75370.50k\n";
  for (const std::string& before : {
           std::string("On our staging VM dmesg said:\n[    0.000000] Hypervisor detected: "
                       "KVM\nThis is the bare-metal prod box (AES-NI seems off?):\n"),
           std::string("Our old cloud instance printed this, but this one is a bare-metal Dell "
                       "R740:\nHypervisor vendor: KVM   <- that was the old VM, not this box\n"),
           std::string("$ ssh vm1 systemd-detect-virt\nkvm\nand on the bare-metal box:\n"),
       }) {
    const DoctorReport report = DiagnosePaste(before + lscpu);
    ASSERT_TRUE(report.facts.report.has_value());
    const CpuClues& clues = report.facts.report->cpu_clues;
    EXPECT_FALSE(clues.virtual_machine) << before << clues.vm_clue;
    EXPECT_TRUE(clues.aes_ni_off) << before;
    EXPECT_THAT(DoctorText(report), Not(HasSubstr("hides the host's AES-NI"))) << before;
  }
}

}  // namespace
}  // namespace cryptobench::diagnose
