// Pastes from the session-20 new-user tryout that doctor --from misread (/work/tryout-20 item
// 5), shortened: LibreSSL on macOS (a release row against a hardware-speed figure, the sysctl
// brand string, the macOS listing command).
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "report/report.h"

#include "diagnose/doctor_from.h"
#include "diagnose/doctor_report.h"
#include "import/import.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using ::cryptobench::testing::DiagnosePaste;
using ::cryptobench::testing::DoctorText;
using ::cryptobench::testing::FindingOf;
using ::testing::HasSubstr;
using ::testing::Not;

// n21b: LibreSSL 3.3.6 on an Apple M1 Pro (`sysctl machdep.cpu.brand_string`, `uname -m`),
// AES-128-GCM at 1.73 GB/s with no clock rate.
constexpr const char* kMacLibre =
    "% sysctl machdep.cpu.brand_string\n"
    "machdep.cpu.brand_string: Apple M1 Pro\n"
    "% uname -m\n"
    "arm64\n"
    "% openssl version -a\n"
    "LibreSSL 3.3.6\n"
    "built on: date not available\n"
    "platform: information not available\n"
    "options:  bn(64,64) rc4(16x,int) des(idx,cisc,16,int) blowfish(idx) \n"
    "compiler: information not available\n"
    "OPENSSLDIR: \"/private/etc/ssl\"\n"
    "% openssl speed -elapsed -evp aes-128-gcm\n"
    "You have chosen to measure elapsed time instead of user CPU time.\n"
    "LibreSSL 3.3.6\n"
    "built on: date not available\n"
    "options:bn(64,64) rc4(16x,int) des(idx,cisc,16,int) aes(partial) blowfish(idx) \n"
    "compiler: information not available\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
    "aes-128-gcm     219917.69k   706633.73k  1290529.56k  1642615.04k  1726723.41k\n";

// Item 5a: no LibreSSL release has AArch64 AES assembly (data/library-changes.csv), yet the
// figure fits only the ARMv8 CE class over 1-5 GHz: "software whatever the CPU offers ... below
// every hardware class" contradicts the verdict. The report says cannot tell and states no cause.
TEST(Tryout20PastesTest, ReleaseRowAgainstAHardwareOnlyFigureIsCannotTell) {
  const DoctorReport report = DiagnosePaste(kMacLibre);
  EXPECT_EQ(FindingOf(report, "library.lacks-asm-path"), nullptr);
  const Finding* disagree = FindingOf(report, "library.release-figure-disagree");
  ASSERT_NE(disagree, nullptr);
  EXPECT_THAT(disagree->summary, HasSubstr("Cannot tell which code ran AES-128-GCM"));
  EXPECT_THAT(disagree->summary, HasSubstr("the figure fits only a hardware class"));
  EXPECT_THAT(DoctorText(report), Not(HasSubstr("whatever the CPU offers")));
  // The paste is macOS's (machdep.cpu.brand_string): Apple's own LibreSSL build is named.
  EXPECT_THAT(disagree->evidence, HasSubstr("Apple's build of LibreSSL"));

  // The same release at a software speed (100 MB/s: T-table C): the row's cause stands.
  std::string slow = kMacLibre;
  slow.replace(slow.find("aes-128-gcm     219917.69k"), std::string::npos,
               "aes-128-gcm      60000.00k    80000.00k    95000.00k    99000.00k   100000.00k\n");
  const DoctorReport software = DiagnosePaste(slow);
  EXPECT_NE(FindingOf(software, "library.lacks-asm-path"), nullptr);
  EXPECT_EQ(FindingOf(software, "library.release-figure-disagree"), nullptr);
}

// Item 5b: macOS's `sysctl machdep.cpu.brand_string` names the CPU, keyed or with -n.
TEST(Tryout20PastesTest, MacosBrandStringIsTheCpuModel) {
  const DoctorReport report = DiagnosePaste(kMacLibre);
  EXPECT_EQ(report.facts.cpu.brand, "Apple M1 Pro");
  EXPECT_THAT(DoctorText(report), Not(HasSubstr("model:              not in the text")));

  std::string bare = kMacLibre;
  bare.replace(0, bare.find("% uname"),
               "% sysctl -n machdep.cpu.brand_string\n"
               "Apple M1 Pro\n");
  EXPECT_EQ(DiagnosePaste(bare).facts.cpu.brand, "Apple M1 Pro");
}

// Item 5c: macOS has no lscpu; on Apple silicon the extensions are hw.optional's keys.
TEST(Tryout20PastesTest, MacosIsAskedForSysctlNotLscpu) {
  std::string text = kMacLibre;
  // Without the brand string (whose model row would give the features), the listing is asked.
  text.replace(0, text.find("% uname"),
               "% sysctl machdep.cpu.brand_string\n"
               "machdep.cpu.brand_string: Some Future Chip\n");
  const DoctorReport report = DiagnosePaste(text);
  EXPECT_EQ(report.facts.report->os, "macos");
  const std::string out = DoctorText(report);
  EXPECT_THAT(out, Not(HasSubstr("lscpu")));
  EXPECT_THAT(out, HasSubstr("sysctl machdep.cpu.brand_string hw.optional"));
}

}  // namespace
}  // namespace cryptobench::diagnose
