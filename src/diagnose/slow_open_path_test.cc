// A slow AES figure on a path the report shows open (verdict_report.cc, SlowOnOpenPath): the
// capability vector has the CPU's AES bit and the release has the EVP path on it, so the build
// is not the cause, and doctor --from must say it cannot tell why rather than blame the build
// (issue 13, section 5; new-user tryout: an OpenSSL 3.0 paste from a busy machine was told "NOT
// accelerated ... check the build (no-asm, an OpenSSL older than the AES-NI code)").
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_from.h"
#include "diagnose/stated_causes.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::DiagnosePaste;
using cryptobench::testing::FindingOf;
using cryptobench::testing::VerdictOf;
using ::testing::HasSubstr;
using ::testing::Not;

// `openssl version -a` of a 3.0 distribution build on a Broadwell Xeon (AES-NI, PCLMULQDQ,
// AVX2; no AVX-512, VAES or SHA-NI), then -elapsed AES-128-CBC at about 200 MB/s: 9.5-25 cpb at
// 1.92-5.00 GHz, below AES-NI CBC's 2.06-5.77 cpb class at every clock of the range.
constexpr const char* kHead =
    "$ grep -m1 'model name' /proc/cpuinfo\n"
    "model name\t: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz\n";
constexpr const char* kVersion =
    "$ openssl version -a\n"
    "OpenSSL 3.0.13 30 Jan 2024 (Library: OpenSSL 3.0.13 30 Jan 2024)\n"
    "built on: Mon Feb 12 10:00:00 2024 UTC\n"
    "platform: debian-amd64\n"
    "options:  bn(64,64)\n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
    "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n";
constexpr const char* kCpuinfo = "CPUINFO: OPENSSL_ia32cap=0x7ffaf3bfffebffff:0x27ab\n";
constexpr const char* kSpeed =
    "$ openssl speed -elapsed -evp aes-128-cbc\n"
    "You have chosen to measure elapsed time instead of user CPU time.\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "AES-128-CBC      120114.20k   170377.61k   190270.02k   195933.14k   200288.90k   "
    "201918.08k\n";

TEST(SlowOpenPathTest, VectorAndReleaseWithTheAesNiPathMakeASlowFigureCannotTell) {
  const DoctorReport report = DiagnosePaste(std::string(kHead) + kVersion + kCpuinfo + kSpeed);
  const Verdict* cbc = VerdictOf(report, "AES-128-CBC");
  ASSERT_NE(cbc, nullptr);
  EXPECT_EQ(cbc->status, VerdictStatus::kUndetermined) << cbc->line;
  EXPECT_THAT(cbc->line, HasSubstr("cannot tell from this report why"));
  EXPECT_THAT(cbc->line, HasSubstr("OpenSSL 3.0.13 has the AES-NI path"));
  EXPECT_THAT(cbc->line, HasSubstr("contention, a throttled or shared CPU"));
  EXPECT_THAT(cbc->advice, Not(HasSubstr("Check the library's build")));
  EXPECT_THAT(cbc->advice,
              HasSubstr("OPENSSL_ia32cap='~0x200000200000000' openssl speed -elapsed -evp "
                        "aes-128-cbc"));
  for (const StatedCause& cause : StatedCauses(report)) {
    EXPECT_EQ(cause.tag, "cannot-tell") << cause.text;
  }
  const Finding* open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->summary, HasSubstr("why AES-128-CBC encrypt is slow"));
  EXPECT_THAT(open->advice, HasSubstr("OPENSSL_ia32cap='~0x200000200000000'"));
}

// The rule needs the release: without a version line the text cannot show the path in it, and
// the earlier verdict stands.
TEST(SlowOpenPathTest, WithoutAReleaseTheRuleDoesNotFire) {
  const DoctorReport report =
      DiagnosePaste(std::string(kHead) + "platform: debian-amd64\n" + kCpuinfo + kSpeed);
  const Verdict* cbc = VerdictOf(report, "AES-128-CBC");
  ASSERT_NE(cbc, nullptr);
  EXPECT_THAT(cbc->line, Not(HasSubstr("cannot tell from this report why"))) << cbc->line;
}

}  // namespace
}  // namespace cryptobench::diagnose
