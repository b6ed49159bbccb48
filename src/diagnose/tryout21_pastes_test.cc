// Pastes from the session-21 new-user tryout that doctor --from misread (/work/tryout-21 item
// 7), shortened: OpenSSL 3.3.2 on s390x and RISC-V, whose CPUINFO lines print the
// architecture's own vector (crypto/info.c: OPENSSL_s390xcap, OPENSSL_riscvcap).
#include <sstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_report.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using ::cryptobench::testing::DiagnosePaste;
using ::cryptobench::testing::FindingOf;
using ::testing::HasSubstr;
using ::testing::Not;

std::string DoctorText(const DoctorReport& report) {
  std::ostringstream out;
  RenderDoctorText(report, out);
  return out.str();
}

std::string Paste(const std::string& arch, const std::string& cpuinfo, const std::string& row) {
  return "$ uname -m\n" + arch +
         "\n"
         "$ openssl speed -elapsed -evp aes-128-gcm\n"
         "version: 3.3.2\n"
         "built on: Tue Sep 10 00:00:00 2024 UTC\n"
         "options: bn(64,64)\n"
         "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O3 -DNDEBUG\n"
         "CPUINFO: " +
         cpuinfo +
         "\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
         "bytes\n" +
         row + "\n";
}

// t26 (RISC-V) and t01 (s390x): the vector is in the text, so it is never called absent or
// asked for, and the env line is named after the architecture's variable.
TEST(Tryout21PastesTest, S390xAndRiscvVectorsArePresent) {
  const std::string riscv =
      Paste("riscv64", "OPENSSL_riscvcap=ZBA_ZBB_ZBC_ZBS_ZKT_V_ZVBB_ZVBC_ZVKG_ZVKNED_ZVKNHB_ZVKT",
            "AES-128-GCM      32064.06k    96215.91k   179380.22k   239343.27k   261630.29k   "
            "262803.80k");
  const std::string s390x =
      Paste("s390x",
            "OPENSSL_s390xcap=stfle:0xfb6bfbfbfcfff840:0xfffe000000000000:0x40000000:0x0:"
            "kimd:0xf000000000000000:0xc0000000000:klmd:0xf000000000000000:0xc0000000000:"
            "km:0xf000000000000000:0x0:kmc:0x0:0x0:kmac:0x0:0x0:kmctr:0x0:0x0:kmo:0x0:0x0:"
            "kmf:0x0:0x0:prno:0x0:0x0:kma:0x0:0x0:pcc:0x0:0x0:kdsa:0x0:0x0",
            "AES-128-GCM      54733.50k   150425.86k   266103.64k   336251.56k   351197.87k   "
            "352201.39k");
  for (const auto& [text, variable] :
       {std::pair{riscv, "OPENSSL_riscvcap"}, std::pair{s390x, "OPENSSL_s390xcap"}}) {
    const DoctorReport report = DiagnosePaste(text);
    const std::string out = DoctorText(report);
    EXPECT_EQ(FindingOf(report, "report.no-cpuinfo"), nullptr) << variable;
    EXPECT_THAT(out, Not(HasSubstr("prints none"))) << variable;
    EXPECT_THAT(out, Not(HasSubstr("no CPUINFO"))) << variable;
    EXPECT_THAT(out, Not(HasSubstr("its CPUINFO line"))) << variable;
    EXPECT_THAT(out, Not(HasSubstr("OPENSSL_ia32cap:"))) << variable;  // the env row
    EXPECT_THAT(out, HasSubstr(std::string(variable) + ":")) << variable;
    const Finding* undecoded = FindingOf(report, "report.vector-not-decoded");
    ASSERT_NE(undecoded, nullptr) << variable;
    EXPECT_THAT(undecoded->summary, HasSubstr(variable));
  }
  // What each vector shows of AES (riscv_arch.def names; s390x KM/KMA AES function codes).
  EXPECT_THAT(DoctorText(DiagnosePaste(riscv)), HasSubstr("ZVKNED (vector AES)"));
  EXPECT_THAT(DoctorText(DiagnosePaste(s390x)),
              HasSubstr("KM: no AES function code (18-20); KMA: none"));
}

}  // namespace
}  // namespace cryptobench::diagnose
