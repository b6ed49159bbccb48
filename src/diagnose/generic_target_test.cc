// Tryout 22 q23: an OpenSSL configured for linux-generic64 (or another generic Configure
// target) has no assembly on any architecture. Its platform line settles the build, with or
// without the architecture, and the remedy is the machine's own target, not "without no-asm".
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/library_advice.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::DiagnosePaste;
using cryptobench::testing::FindingOf;
using cryptobench::testing::VerdictFor;
using ::testing::HasSubstr;
using ::testing::Not;

// `openssl version -a` of a linux-generic64 build, then its speed run (3.0.15 formats).
std::string GenericBuildPaste(const std::string& platform) {
  return "$ /opt/ssl/bin/openssl version -a\n"
         "OpenSSL 3.0.15 3 Sep 2024 (Library: OpenSSL 3.0.15 3 Sep 2024)\n"
         "built on: Mon Oct 14 08:22:10 2024 UTC\n"
         "platform: " +
         platform +
         "\n"
         "options:  bn(64,64)\n"
         "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 "
         "-DOPENSSL_USE_NODELETE -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
         "OPENSSLDIR: \"/opt/ssl/ssl\"\n"
         "CPUINFO: N/A\n"
         "$ /opt/ssl/bin/openssl speed -evp aes-128-gcm\n"
         "Doing AES-128-GCM for 3s on 16 size blocks: 9801233 AES-128-GCM's in 3.00s\n"
         "Doing AES-128-GCM for 3s on 16384 size blocks: 13812 AES-128-GCM's in 3.00s\n"
         "version: 3.0.15\n"
         "built on: Mon Oct 14 08:22:10 2024 UTC\n"
         "options: bn(64,64)\n"
         "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 "
         "-DOPENSSL_USE_NODELETE -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
         "CPUINFO: N/A\n"
         "The 'numbers' are in 1000s of bytes per second processed.\n"
         "type             16 bytes  16384 bytes\n"
         "AES-128-GCM      52273.24k    75431.94k\n";
}

TEST(GenericTargetTest, NamesOnlyTheGenericTargets) {
  EXPECT_EQ(GenericConfigureTarget("platform: linux-generic64"), "linux-generic64");
  EXPECT_EQ(GenericConfigureTarget("linux-generic32"), "linux-generic32");
  EXPECT_EQ(GenericConfigureTarget("platform: BSD-generic64\r"), "BSD-generic64");
  EXPECT_EQ(GenericConfigureTarget("platform: linux-x86_64"), "");
  EXPECT_EQ(GenericConfigureTarget("platform: debian-amd64"), "");
  EXPECT_EQ(GenericConfigureTarget("platform: linux-generic64-custom"), "");
  EXPECT_EQ(GenericConfigureTarget(""), "");
}

// With no architecture in the text, the platform line alone settles the build: no "cannot tell
// whether this build has assembly", and the remedy is a target with assembly.
TEST(GenericTargetTest, PlatformLineSettlesTheBuildWithoutTheArchitecture) {
  const DoctorReport report = DiagnosePaste(GenericBuildPaste("linux-generic64"));
  const Verdict& v = VerdictFor(report, "AES-128-GCM", "encrypt");
  EXPECT_EQ(v.status, VerdictStatus::kNotAccelerated) << v.line;
  EXPECT_THAT(v.line, HasSubstr("platform: linux-generic64, a Configure target without assembly"));
  EXPECT_THAT(v.advice, HasSubstr("generic target without assembly"));
  EXPECT_THAT(v.advice, Not(HasSubstr("no-asm option")));
  const Finding* no_asm = FindingOf(report, "library.no-asm");
  ASSERT_NE(no_asm, nullptr);
  EXPECT_THAT(no_asm->advice, HasSubstr("`./Configure` with no target"));
  if (const Finding* arch = FindingOf(report, "report.arch-unknown")) {
    EXPECT_THAT(arch->summary, Not(HasSubstr("cannot tell whether this build has assembly")));
    EXPECT_THAT(arch->evidence, HasSubstr("platform line (linux-generic64) names no architecture"));
  }
}

// With `uname -m`, the remedy names the machine's own Configure target.
TEST(GenericTargetTest, KnownArchitectureNamesItsOwnTarget) {
  const DoctorReport report =
      DiagnosePaste("$ uname -m\nx86_64\n" + GenericBuildPaste("linux-generic64"));
  const Verdict& v = VerdictFor(report, "AES-128-GCM", "encrypt");
  EXPECT_EQ(v.status, VerdictStatus::kNotAccelerated) << v.line;
  EXPECT_THAT(v.advice, HasSubstr("`./Configure linux-x86_64`"));
  EXPECT_THAT(v.advice, Not(HasSubstr("no-asm option")));
}

// A target with assembly and CPUINFO: N/A keeps the no-asm reading and its remedy.
TEST(GenericTargetTest, AnAssemblyTargetWithNaKeepsTheNoAsmRemedy) {
  const DoctorReport report =
      DiagnosePaste("$ uname -m\nx86_64\n" + GenericBuildPaste("linux-x86_64"));
  const Verdict& v = VerdictFor(report, "AES-128-GCM", "encrypt");
  EXPECT_EQ(v.status, VerdictStatus::kNotAccelerated) << v.line;
  EXPECT_THAT(v.line, HasSubstr("CPUINFO: N/A"));
  EXPECT_THAT(v.advice, HasSubstr("no-asm option"));
}

}  // namespace
}  // namespace cryptobench::diagnose
