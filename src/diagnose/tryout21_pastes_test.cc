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

// t35 (1.1.1w through Intel's QAT engine, whose pasted list names RSA) and t36 (3.0.13 through
// the QAT provider alone): RSA and ECDH went to the engine or provider, so the verdict says
// offloaded, no OPENSSL_ia32cap mask is advised, and the -async_jobs figures are named as a
// throughput with that many operations in flight.
constexpr const char* kQatEngine =
    "# openssl version\n"
    "OpenSSL 1.1.1w  11 Sep 2023\n"
    "# openssl engine -t -c -v qatengine\n"
    "(qatengine) Reference implementation of QAT crypto engine(qat_hw) v1.6.0\n"
    " [RSA, DSA, DH, AES-128-CBC-HMAC-SHA1, AES-128-CBC-HMAC-SHA256, AES-256-CBC-HMAC-SHA1, "
    "AES-256-CBC-HMAC-SHA256, TLS1-PRF, HKDF, X25519, X448]\n"
    "     [ available ]\n"
    "# openssl speed -engine qatengine -elapsed -async_jobs 72 rsa2048\n"
    "engine \"qatengine\" set.\n"
    "You have chosen to measure elapsed time instead of user CPU time.\n"
    "Doing 2048 bits private rsa's for 10s: 412011 2048 bits private RSA's in 10.00s\n"
    "Doing 2048 bits public rsa's for 10s: 3120112 2048 bits public RSA's in 10.00s\n"
    "OpenSSL 1.1.1w  11 Sep 2023\n"
    "built on: Mon Sep 11 15:00:00 2023 UTC\n"
    "options:bn(64,64) rc4(16x,int) des(int) aes(partial) idea(int) blowfish(ptr) \n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
    "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -DOPENSSL_BN_ASM_MONT "
    "-DOPENSSL_BN_ASM_MONT5 -DOPENSSL_BN_ASM_GF2m -DSHA1_ASM -DSHA256_ASM -DSHA512_ASM "
    "-DAESNI_ASM -DVPAES_ASM -DGHASH_ASM -DECP_NISTZ256_ASM -DX25519_ASM -DPOLY1305_ASM "
    "-DNDEBUG\n"
    "                  sign    verify    sign/s verify/s\n"
    "rsa 2048 bits 0.000024s 0.000003s  41201.1 312011.2\n";

constexpr const char* kQatProvider =
    "$ openssl list -providers -provider qatprovider\n"
    "Providers:\n"
    "  qatprovider\n"
    "    name: QAT Provider for OpenSSL\n"
    "    version: 1.6.0\n"
    "    status: active\n"
    "$ openssl speed -provider qatprovider -elapsed -async_jobs 64 -seconds 5 rsa2048 ecdhp256\n"
    "You have chosen to measure elapsed time instead of user CPU time.\n"
    "Doing 2048 bits private rsa's for 5s: 203101 2048 bits private RSA's in 5.00s\n"
    "Doing 2048 bits public rsa's for 5s: 1510012 2048 bits public RSA's in 5.00s\n"
    "Doing 256 bits  ecdh's for 5s: 301201 256-bits ECDH ops in 5.00s\n"
    "version: 3.0.13\n"
    "built on: Fri Jun 28 14:54:19 2024 UTC\n"
    "options: bn(64,64)\n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
    "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
    "CPUINFO: OPENSSL_ia32cap=0x7ffef3f7ffebffff:0x40417f5ef3bfb7ef\n"
    "                  sign    verify    sign/s verify/s\n"
    "rsa 2048 bits 0.000025s 0.000003s  40620.2 302002.4\n"
    "                              op      op/s\n"
    " 256 bits ecdh (nistp256)   0.0000s  60240.2\n";

TEST(Tryout21PastesTest, QatOffloadIsOffloadedWithoutMaskAdvice) {
  for (const auto& [text, where] :
       {std::pair{kQatEngine,
                  "the qatengine engine took it to the QAT device (its name at line 4 "
                  "says qat_hw)"},
        std::pair{kQatProvider,
                  "the qatprovider provider took it to the QAT device, or, in a "
                  "qat_sw build,"}}) {
    const DoctorReport report = DiagnosePaste(text);
    const std::string out = DoctorText(report);
    ASSERT_FALSE(report.verdicts.empty()) << text;
    for (const Verdict& verdict : report.verdicts) {
      EXPECT_EQ(verdict.status, VerdictStatus::kOffloaded) << verdict.line;
      EXPECT_THAT(verdict.line, HasSubstr(where));
      EXPECT_THAT(verdict.line, HasSubstr("operations in flight (-async_jobs"));
    }
    EXPECT_THAT(out, Not(HasSubstr("OPENSSL_ia32cap='"))) << out;
    EXPECT_THAT(out, Not(HasSubstr("mask experiments clear the bits"))) << out;
    EXPECT_EQ(FindingOf(report, "report.cannot-tell"), nullptr) << out;
    EXPECT_THAT(out, HasSubstr("operations in flight at once"));  // the import caveat
    EXPECT_THAT(out, HasSubstr("offloaded (not the CPU's code); exit status 0"));
  }
  EXPECT_THAT(DoctorText(DiagnosePaste(kQatEngine)),
              HasSubstr("the pasted `openssl engine -c` list (line 4) names RSA"));
}

// t50: an aarch64 board whose paste gives `cat .../scaling_max_freq` (no min), the powersave
// governor and the current clock.
constexpr const char* kSysfsMaxLine =
    "$ cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_max_freq\n"
    "1800000\n";
constexpr const char* kSysfsRest =
    "$ cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor\n"
    "powersave\n"
    "$ cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq\n"
    "600000\n"
    "$ uname -m\n"
    "aarch64\n"
    "$ grep -m1 Features /proc/cpuinfo\n"
    "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid\n"
    "$ openssl speed -elapsed -evp aes-128-gcm\n"
    "version: 3.0.13\n"
    "built on: Fri Jun 28 14:54:19 2024 UTC\n"
    "options: bn(64,64)\n"
    "compiler: gcc -fPIC -pthread -Wa,--noexecstack -Wall -O2 -DOPENSSL_USE_NODELETE "
    "-DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
    "CPUINFO: OPENSSL_armcap=0xbd\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "AES-128-GCM      26730.73k    76825.62k   137558.27k   174766.42k   191474.35k   "
    "192226.35k\n";

// The max alone bounds the top on aarch64 (the kernel counts boost clocks into it); the bottom
// is the lowest clock boards run a benchmark at.
TEST(Tryout21PastesTest, SysfsMaxFreqAloneBoundsTheClock) {
  const DoctorReport report = DiagnosePaste(std::string(kSysfsMaxLine) + kSysfsRest);
  EXPECT_DOUBLE_EQ(report.core_hz_high, 1.8e9);
  EXPECT_DOUBLE_EQ(report.core_hz_low, 0.4e9);
  EXPECT_THAT(report.facts.report->clock_source, HasSubstr("sysfs cpufreq/scaling_max_freq"));
  ASSERT_EQ(report.verdicts.size(), 1u);
  EXPECT_NE(report.verdicts[0].status, VerdictStatus::kNotAccelerated);
}

// With no clock line the verdict opens with the figure, not a class it then doubts; "AES and
// PMULL" takes "were"; the advice does not ask for the governor or the current clock the paste
// shows.
TEST(Tryout21PastesTest, AssumedClockVerdictReadsCleanlyAndAsksOnlyForWhatIsMissing) {
  const DoctorReport report = DiagnosePaste(kSysfsRest);
  ASSERT_EQ(report.verdicts.size(), 1u);
  const Verdict& verdict = report.verdicts[0];
  EXPECT_THAT(verdict.line, HasSubstr("AES-128-GCM encrypt: undetermined: 192 MB/s is 5.20-26.01 "
                                      "cpb: below the accelerated classes"));
  EXPECT_THAT(verdict.line, HasSubstr("whether AES and PMULL (ARMv8 Crypto Extensions) were used"));
  EXPECT_THAT(verdict.advice, HasSubstr("lscpu | grep MHz"));
  EXPECT_THAT(verdict.advice, Not(HasSubstr("scaling_governor")));
  EXPECT_THAT(verdict.advice, Not(HasSubstr("scaling_cur_freq")));
}

// t04 (RK3399: Features line, lsmod, /proc/crypto) and t22 (Xeon model line, /proc/crypto):
// the driver and the CPU are in the paste, so no advice asks for /proc/crypto or lscpu again.
TEST(Tryout21PastesTest, KernelReportsAreNotAskedForWhatTheyPaste) {
  const std::string t04 =
      "root@rockpi4:~# grep Features /proc/cpuinfo | sort -u\n"
      "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid\n"
      "root@rockpi4:~# lsmod | grep -i aes\n"
      "aes_neon_bs            24576  0\n"
      "aes_neon_blk           28672  1 aes_neon_bs\n"
      "root@rockpi4:~# grep -A4 'xts(aes)' /proc/crypto\n"
      "name         : xts(aes)\n"
      "driver       : xts-aes-neonbs\n"
      "module       : aes_neon_bs\n"
      "priority     : 250\n"
      "refcnt       : 1\n"
      "root@rockpi4:~# cryptsetup benchmark -c aes-xts-plain64\n"
      "# Tests are approximate using memory only (no storage IO).\n"
      "# Algorithm |       Key |      Encryption |      Decryption\n"
      "    aes-xts        256b       102.3 MiB/s       101.5 MiB/s\n";
  const std::string t22 =
      "[root@nas ~]# grep -m1 'model name' /proc/cpuinfo\n"
      "model name\t: Intel(R) Xeon(R) CPU E3-1230 v3 @ 3.30GHz\n"
      "[root@nas ~]# lsmod | grep -c aesni\n"
      "0\n"
      "[root@nas ~]# grep -B1 -A3 'xts(aes)' /proc/crypto\n"
      "name         : xts(aes)\n"
      "driver       : xts(ecb(aes-generic))\n"
      "module       : kernel\n"
      "priority     : 100\n"
      "refcnt       : 1\n"
      "[root@nas ~]# cryptsetup benchmark -c aes-xts-plain64 -s 512\n"
      "# Tests are approximate using memory only (no storage IO).\n"
      "# Algorithm |       Key |      Encryption |      Decryption\n"
      "    aes-xts        512b       148.2 MiB/s       151.0 MiB/s\n";
  for (const std::string& text : {t04, t22}) {
    const DoctorReport report = DiagnosePaste(text);
    const std::string out = DoctorText(report);
    const Finding* no_vector = FindingOf(report, "report.no-cpuinfo");
    ASSERT_NE(no_vector, nullptr) << out;
    EXPECT_THAT(no_vector->advice, Not(HasSubstr("/proc/crypto"))) << out;
    EXPECT_THAT(no_vector->advice, Not(HasSubstr("lscpu"))) << out;
    EXPECT_THAT(out, Not(HasSubstr("would show it"))) << out;
    EXPECT_THAT(out, HasSubstr("the paste names the driver it chose for each algorithm"));
  }
}

// A SHA-256 figure above every software SHA-256 (hash_bounds.h) on a run whose architecture the
// text does not give: cpu.sha-hardware says hardware, and the verdict and the counts say so too.
TEST(Tryout21PastesTest, ShaHardwareBoundSettlesTheVerdict) {
  const DoctorReport report = DiagnosePaste(
      "$ openssl speed -elapsed -evp sha256\n"
      "version: 3.0.13\n"
      "built on: Fri Jun 28 14:54:19 2024 UTC\n"
      "options: bn(64,64)\n"
      "compiler: gcc -fPIC -pthread -O2 -DNDEBUG\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "sha256          200000.00k   600000.00k  1200000.00k  1800000.00k  2200000.00k  "
      "2250000.00k\n");
  ASSERT_NE(FindingOf(report, "cpu.sha-hardware"), nullptr);
  ASSERT_EQ(report.verdicts.size(), 1u);
  EXPECT_EQ(report.verdicts[0].status, VerdictStatus::kAccelerated) << report.verdicts[0].line;
  EXPECT_THAT(report.verdicts[0].line, HasSubstr("faster than any software SHA-256 at any clock"));
  EXPECT_EQ(FindingOf(report, "report.cannot-tell"), nullptr);
}

}  // namespace
}  // namespace cryptobench::diagnose
