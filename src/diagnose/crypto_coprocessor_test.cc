// A CPU whose AES is in a crypto coprocessor the library has no code for (tryout 30 D3: a Cavium
// Octeon, EdgeRouter Lite, was told "the CPU has no AES instructions" with the remedy "a CPU with
// AES instructions"): OpenSSL's AES is software there, as expected, but the reason names the
// coprocessor and that OpenSSL does not use it (data/crypto-coprocessors.csv), and other MIPS
// cores (74Kc, 1004Kc) keep "the CPU has no AES instructions".
#include <cctype>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/cpu_clues.h"
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

// q/s41 of tryout 30, shortened: uname mips64, `cpu model : Cavium Octeon+ V0.1`, OpenSSL 1.0.1t.
constexpr const char* kOcteonOpensslPaste =
    "ubnt@ubnt:~$ uname -a\n"
    "Linux ubnt 3.10.107-UBNT #1 SMP Thu Jun 27 16:12:58 UTC 2019 mips64 GNU/Linux\n"
    "ubnt@ubnt:~$ head -6 /proc/cpuinfo\n"
    "system type\t\t: UBNT_E100\n"
    "machine\t\t\t: Unknown\n"
    "processor\t\t: 0\n"
    "cpu model\t\t: Cavium Octeon+ V0.1\n"
    "BogoMIPS\t\t: 1000.00\n"
    "ubnt@ubnt:~$ openssl speed aes-128-cbc\n"
    "OpenSSL 1.0.1t  3 May 2016\n"
    "built on: Mon Jun 24 09:30:03 2019\n"
    "platform: debian-mips\n"
    "options:bn(64,32) rc4(ptr,char) des(idx,cisc,16,long) aes(partial) blowfish(idx) \n"
    "compiler: gcc -I. -I.. -I../include  -fPIC -DOPENSSL_PIC -DB_ENDIAN -g -O2 -Wall "
    "-DBN_DIV3W -DOPENSSL_BN_ASM_MONT -DSHA1_ASM -DSHA256_ASM -DAES_ASM\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "aes-128 cbc          6268.04k    11207.37k    13956.96k    14868.93k    15157.81k    "
    "15178.88k\n";

// The rendered text with every run of white space made one space (lines wrap anywhere).
std::string CoprocessorFlatText(const DoctorReport& report) {
  std::string flat;
  for (const char c : DoctorText(report)) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!flat.empty() && flat.back() != ' ') {
        flat += ' ';
      }
    } else {
      flat += c;
    }
  }
  return flat;
}

TEST(CryptoCoprocessorTest, OcteonAesIsSoftwareForOpensslWithoutSayingTheCpuLacksAes) {
  const DoctorReport report = DiagnosePaste(kOcteonOpensslPaste);
  const Verdict& cbc = VerdictFor(report, "AES-128-CBC", "encrypt");
  EXPECT_EQ(cbc.status, VerdictStatus::kSoftwareExpected) << cbc.line;
  EXPECT_THAT(cbc.line, HasSubstr("coprocessor")) << cbc.line;
  EXPECT_THAT(cbc.line, HasSubstr("OpenSSL has no code for it")) << cbc.line;
  EXPECT_THAT(cbc.line, Not(HasSubstr("lacks it"))) << cbc.line;

  EXPECT_EQ(FindingOf(report, "cpu.no-hw-aes"), nullptr);
  const Finding* unused = FindingOf(report, "cpu.aes-coprocessor-unused");
  ASSERT_NE(unused, nullptr);
  EXPECT_EQ(unused->severity, Severity::kWarning);
  EXPECT_THAT(unused->summary, HasSubstr("OpenSSL has no code for"));
  EXPECT_THAT(unused->evidence, HasSubstr("cavium_crypto.c"));  // FreeBSD's cryptocteon
  EXPECT_THAT(unused->evidence, HasSubstr("aes-mips.pl"));      // OpenSSL's MIPS AES
  EXPECT_THAT(unused->advice, HasSubstr("coprocessor"));
  EXPECT_THAT(unused->advice, Not(HasSubstr("a CPU with AES instructions")));

  // The cause stated is the library's missing path, not a CPU without AES.
  const std::vector<std::string> tags = StatedTags(report);
  EXPECT_THAT(tags, Not(Contains("no-hw-aes")));
  EXPECT_THAT(tags, Contains("library-lacks-asm-path"));

  // Nowhere does the report say this CPU lacks AES.
  const std::string text = CoprocessorFlatText(report);
  EXPECT_THAT(text, Not(HasSubstr("the CPU has no AES instructions")));
  EXPECT_THAT(text, Not(HasSubstr("(the CPU lacks it)")));
  EXPECT_THAT(text, Not(HasSubstr("AES: absent")));
  EXPECT_THAT(text, Not(HasSubstr("or a CPU with AES instructions")));  // the old remedy
  EXPECT_THAT(text, Not(HasSubstr("'Cavium Octeon+ V0.1': no table row")));
  EXPECT_EQ(report.ExitStatus(), 0);
}

TEST(CryptoCoprocessorTest, OcteonClueNamesTheCoprocessor) {
  const DoctorReport report = DiagnosePaste(kOcteonOpensslPaste);
  ASSERT_TRUE(report.facts.report.has_value());
  const CpuClues& clues = report.facts.report->cpu_clues;
  EXPECT_EQ(clues.arch, "mips");
  const CpuFeatureClue* aes = clues.Find("AES");
  ASSERT_NE(aes, nullptr);
  EXPECT_FALSE(aes->present);
  EXPECT_THAT(aes->coprocessor, HasSubstr("COP2"));
  EXPECT_THAT(aes->clue, HasSubstr("Cavium Octeon+"));
}

TEST(CryptoCoprocessorTest, OcteonKernelAesIsNotBlamedOnTheCpu) {
  // The mainline kernel's Octeon drivers are hashes only (the row's "linux"): the kernel's AES is
  // software, and the reason is its missing driver, not a CPU without AES.
  const DoctorReport report = DiagnosePaste(
      "root@er:~# uname -m\nmips64\n"
      "root@er:~# grep 'cpu model' /proc/cpuinfo\n"
      "cpu model\t\t: Cavium Octeon+ V0.1\n"
      "root@er:~# cryptsetup benchmark\n"
      "# Tests are approximate using memory only (no storage IO).\n"
      "#  Algorithm | Key |  Encryption |  Decryption\n"
      "     aes-cbc   128b    11.0 MiB/s    11.0 MiB/s\n"
      " serpent-cbc   128b     9.3 MiB/s     9.5 MiB/s\n"
      " twofish-cbc   128b    11.7 MiB/s    11.4 MiB/s\n");
  EXPECT_THAT(StatedTags(report), Not(Contains("no-hw-aes")));
  EXPECT_EQ(FindingOf(report, "cpu.no-hw-aes"), nullptr);
  EXPECT_THAT(CoprocessorFlatText(report), Not(HasSubstr("the CPU has no AES")));
  const Verdict& cbc = VerdictFor(report, "AES-128-CBC", "encrypt");
  EXPECT_EQ(cbc.status, VerdictStatus::kSoftwareExpected) << cbc.line;
  EXPECT_THAT(cbc.line, HasSubstr("the mainline Linux kernel has no code for it")) << cbc.line;

  // A paste that does not say which library ran: whether it uses the coprocessor is unknown.
  std::string unnamed = kOcteonOpensslPaste;
  unnamed.erase(unnamed.find("OpenSSL 1.0.1t"), std::string("OpenSSL 1.0.1t  3 May 2016\n").size());
  const DoctorReport unknown = DiagnosePaste(unnamed);
  EXPECT_THAT(StatedTags(unknown), Not(Contains("no-hw-aes")));
  EXPECT_NE(VerdictFor(unknown, "AES-128-CBC", "encrypt").status, VerdictStatus::kSoftwareExpected);
  EXPECT_THAT(CoprocessorFlatText(unknown), Not(HasSubstr("(the CPU lacks it)")));
}

TEST(CryptoCoprocessorTest, OtherMipsCoresStillLackAes) {
  // q/s10 of tryout 30, shortened: a MIPS 74Kc really has no AES instructions.
  const DoctorReport report = DiagnosePaste(
      "root@OpenWrt:~# uname -m\nmips\n"
      "root@OpenWrt:~# grep -m2 -E 'system type|cpu model' /proc/cpuinfo\n"
      "system type\t\t: Qualcomm Atheros QCA9558 ver 1 rev 0\n"
      "cpu model\t\t: MIPS 74Kc V5.0\n"
      "root@OpenWrt:~# openssl speed -evp aes-128-cbc\n"
      "OpenSSL 1.0.1u  22 Sep 2016\n"
      "options:bn(64,32) rc4(ptr,char) des(idx,cisc,2,long) aes(partial) blowfish(ptr) \n"
      "compiler: mips-openwrt-linux-musl-gcc -fPIC -Os -DAES_ASM\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
      "aes-128-cbc       4053.83k     4863.54k     5112.41k     5176.81k     5180.07k\n");
  ASSERT_NE(FindingOf(report, "cpu.no-hw-aes"), nullptr);
  EXPECT_EQ(FindingOf(report, "cpu.aes-coprocessor-unused"), nullptr);
  const Verdict& cbc = VerdictFor(report, "AES-128-CBC", "encrypt");
  EXPECT_EQ(cbc.status, VerdictStatus::kSoftwareExpected) << cbc.line;
  EXPECT_THAT(cbc.line, HasSubstr("(the CPU lacks it)")) << cbc.line;
  EXPECT_THAT(StatedTags(report), Contains("no-hw-aes"));
}

}  // namespace
}  // namespace cryptobench::diagnose
