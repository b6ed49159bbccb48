// SHA-256 on a CPU the paste shows without SHA-256 instructions is software, as expected (tryout
// 30 D12: a MIPS router's sha256 row was left undetermined): MIPS cores, a RISC-V isa line
// without zknh, a 32-bit ARM Features line without sha2; an Octeon's SHA-256 is in its COP2
// unit, which OpenSSL has no code for (data/crypto-coprocessors.csv). A RISC-V isa line with
// zvknha, an engine, or a figure above every software SHA-256 does not settle it so.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/diagnose_paste.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::DiagnosePaste;
using cryptobench::testing::VerdictOf;
using ::testing::HasSubstr;
using ::testing::Not;

// OpenSSL 1.1.1 `openssl speed sha256` after `cpu_lines`; `k16` is the 16 KiB figure in 1000s
// of bytes per second.
std::string Sha256Paste(const std::string& cpu_lines, const std::string& k16 = "15178.88k",
                        const std::string& command = "openssl speed sha256") {
  return cpu_lines + "$ " + command +
         "\n"
         "OpenSSL 1.1.1w  11 Sep 2023\n"
         "built on: Mon Sep 11 14:08:47 2023 UTC\n"
         "options:bn(32,32) rc4(char) des(long) aes(partial) blowfish(ptr) \n"
         "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
         "-DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_BN_ASM_MONT -DSHA1_ASM -DSHA256_ASM "
         "-DSHA512_ASM -DAES_ASM -DNDEBUG\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n"
         "sha256            2043.12k     5331.84k    10329.57k    13648.38k    15075.33k    " +
         k16 + "\n";
}

const Verdict& Sha256Of(const DoctorReport& report) {
  const Verdict* v = VerdictOf(report, "SHA-256", "hash");
  EXPECT_NE(v, nullptr);
  static const Verdict kNone{};
  return v != nullptr ? *v : kNone;
}

TEST(Sha256WithoutInstructionsTest, MipsRouterIsSoftwareAsExpected) {
  const DoctorReport report =
      DiagnosePaste(Sha256Paste("root@OpenWrt:~# cat /proc/cpuinfo | grep model\n"
                                "cpu model\t\t: MIPS 1004Kc V2.15\n"));
  const Verdict& v = Sha256Of(report);
  EXPECT_EQ(v.status, VerdictStatus::kSoftwareExpected) << v.line;
  EXPECT_THAT(v.line, HasSubstr("shows no SHA2")) << v.line;
}

TEST(Sha256WithoutInstructionsTest, RiscvIsaLineDecides) {
  const std::string without =
      "$ grep isa /proc/cpuinfo | head -1\n"
      "isa\t\t: rv64imafdc_zicntr_zicsr_zifencei_zihpm_zba_zbb\n";
  const DoctorReport plain = DiagnosePaste(Sha256Paste(without));
  EXPECT_EQ(Sha256Of(plain).status, VerdictStatus::kSoftwareExpected) << Sha256Of(plain).line;

  const std::string with =
      "$ grep isa /proc/cpuinfo | head -1\n"
      "isa\t\t: rv64imafdcv_zicntr_zicsr_zifencei_zihpm_zba_zbb_zvkb_zvkned_zvknha_zvkt\n";
  const DoctorReport vector = DiagnosePaste(Sha256Paste(with));
  EXPECT_NE(Sha256Of(vector).status, VerdictStatus::kSoftwareExpected) << Sha256Of(vector).line;
}

TEST(Sha256WithoutInstructionsTest, OcteonNamesTheCoprocessorNotALack) {
  const DoctorReport report = DiagnosePaste(
      Sha256Paste("ubnt@ubnt:~$ uname -a\n"
                  "Linux ubnt 3.10.107-UBNT #1 SMP Thu Jun 27 16:12:58 UTC 2019 mips64 GNU/Linux\n"
                  "ubnt@ubnt:~$ grep 'cpu model' /proc/cpuinfo\n"
                  "cpu model\t\t: Cavium Octeon+ V0.1\n"));
  const Verdict& v = Sha256Of(report);
  EXPECT_EQ(v.status, VerdictStatus::kSoftwareExpected) << v.line;
  EXPECT_THAT(v.line, HasSubstr("coprocessor")) << v.line;
  EXPECT_THAT(v.line, HasSubstr("OpenSSL has no code for it")) << v.line;
  EXPECT_THAT(v.line, Not(HasSubstr("lacks"))) << v.line;
}

TEST(Sha256WithoutInstructionsTest, AnEngineOrAFigureAboveSoftwareIsNotSettled) {
  const std::string mips =
      "root@OpenWrt:~# grep model /proc/cpuinfo\n"
      "cpu model\t\t: MIPS 1004Kc V2.15\n";
  const DoctorReport engine =
      DiagnosePaste(Sha256Paste(mips, "15178.88k", "openssl speed -engine devcrypto sha256"));
  EXPECT_NE(Sha256Of(engine).status, VerdictStatus::kSoftwareExpected) << Sha256Of(engine).line;
  const DoctorReport fast = DiagnosePaste(Sha256Paste(mips, "2480123.00k"));
  EXPECT_NE(Sha256Of(fast).status, VerdictStatus::kSoftwareExpected) << Sha256Of(fast).line;
}

}  // namespace
}  // namespace cryptobench::diagnose
