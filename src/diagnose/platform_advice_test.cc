// Advice names the commands of the OS the paste shows (new-user tryout: `lscpu` was advised for
// macOS and OpenBSD LibreSSL pastes, `top -H` for a Windows one); with the OS unknown it stays
// Linux's.
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/library_advice.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"
#include "support/pastes.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::AllAdvice;
using cryptobench::testing::DiagnosePaste;
using cryptobench::testing::FindingOf;
using cryptobench::testing::GuestCryptsetupPaste;
using ::testing::HasSubstr;
using ::testing::Not;

// AES-128-CBC at 302 MB/s with AES-NI in the vector and no clock in the text: 3.3-16.6 cpb over
// the assumed 1-5 GHz fits AES-NI and software, so the report cannot tell and names the CPU
// listing that gives the clock.
constexpr const char* kOpenSsl =
    "OpenSSL 3.0.13 30 Jan 2024 (Library: OpenSSL 3.0.13 30 Jan 2024)\n"
    "CPUINFO: OPENSSL_ia32cap=0x7ffaf3bfffebffff:0x27ab\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "AES-128-CBC      150114.20k   230377.61k   280270.02k   295933.14k   300288.90k   "
    "301918.08k\n";

std::string CannotTellAdvice(const std::string& text) {
  const DoctorReport report = DiagnosePaste(text);
  const Finding* finding = FindingOf(report, "report.cannot-tell");
  return finding == nullptr ? std::string("(no report.cannot-tell)") : finding->advice;
}

TEST(PlatformAdviceTest, MacosPasteIsAskedForSysctlNotLscpu) {
  const std::string advice = CannotTellAdvice(
      std::string("$ uname -a\nDarwin mbp.local 23.1.0 Darwin Kernel Version 23.1.0: Mon Oct  9 "
                  "21:27:27 PDT 2023; root:xnu-10002.41.9~6/RELEASE_X86_64 x86_64\n") +
      kOpenSsl);
  EXPECT_THAT(advice, HasSubstr("sysctl -a | grep machdep.cpu"));
  EXPECT_THAT(advice, Not(HasSubstr("lscpu")));
}

TEST(PlatformAdviceTest, OpenbsdPasteIsAskedForSysctlHwModel) {
  const std::string advice = CannotTellAdvice(
      std::string("$ uname -a\nOpenBSD puffy.example.org 7.4 GENERIC.MP#1397 amd64\n") + kOpenSsl);
  EXPECT_THAT(advice, HasSubstr("sysctl hw.model"));
  EXPECT_THAT(advice, HasSubstr("cpu0"));
  EXPECT_THAT(advice, Not(HasSubstr("lscpu")));
}

TEST(PlatformAdviceTest, UnknownOsKeepsLscpu) {
  EXPECT_THAT(CannotTellAdvice(kOpenSsl), HasSubstr("`lscpu`"));
}

TEST(PlatformAdviceTest, OsFromUnameOrPlatformTarget) {
  results::RunResult run;
  EXPECT_EQ(ReportOs(run), "");
  run.library.platform = "VC-WIN64A";
  EXPECT_EQ(ReportOs(run), "windows");
  // As import keeps it: with the line's label.
  run.library.platform = "platform: VC-WIN64A";
  EXPECT_EQ(ReportOs(run), "windows");
  run.library.platform = "darwin64-arm64-cc";
  EXPECT_EQ(ReportOs(run), "macos");
  run.library.platform = "debian-amd64";
  EXPECT_EQ(ReportOs(run), "linux");
  run.source.facts.push_back({"uname", "OpenBSD puffy 7.4 GENERIC.MP#1397 amd64", 1});
  EXPECT_EQ(ReportOs(run), "openbsd");
}

// tryout 22 #7 (q24): a PowerShell paste of `openssl version -a` (platform VC-WIN64A) was told
// to run lscpu for the clock and for the extensions its CPUINFO line already shows.
TEST(PlatformAdviceTest, WindowsPasteWithCpuinfoIsAskedForTheClockInPowerShell) {
  const std::string advice = CannotTellAdvice(
      "PS C:\\Program Files\\OpenSSL-Win64\\bin> .\\openssl.exe version -a\n"
      "OpenSSL 3.0.13 30 Jan 2024 (Library: OpenSSL 3.0.13 30 Jan 2024)\n"
      "platform: VC-WIN64A\n"
      "CPUINFO: OPENSSL_ia32cap=0x7ffaf3bfffebffff:0x27ab\n"
      "PS C:\\Program Files\\OpenSSL-Win64\\bin> .\\openssl.exe speed -evp aes-128-cbc\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
      "AES-128-CBC      150114.20k   230377.61k   280270.02k   295933.14k   300288.90k   "
      "301918.08k\n");
  EXPECT_THAT(advice, HasSubstr("Get-CimInstance Win32_Processor | Select-Object "
                                "Name,MaxClockSpeed"));
  EXPECT_THAT(advice, Not(HasSubstr("lscpu")));
  EXPECT_THAT(advice, Not(HasSubstr("Flags")));
  EXPECT_THAT(advice, Not(HasSubstr("extensions, which")));
}

// Without the extensions in the paste, Windows keeps Coreinfo, which lists them.
TEST(PlatformAdviceTest, WindowsWithoutExtensionsIsAskedForCoreinfo) {
  const SettlingCommandText listing = CpuListingCommand("windows", "", "x86_64");
  EXPECT_EQ(listing.command, "coreinfo");
  EXPECT_THAT(CpuListingCommand("windows", "", "x86_64", false).command,
              HasSubstr("Get-CimInstance Win32_Processor"));
}

// tryout 22 #7 (q11): a VMware guest that hides the host's AES-NI was told only QEMU/libvirt
// remedies and to grep /proc/cpuinfo on the (ESXi) host.
TEST(PlatformAdviceTest, VmwareGuestIsToldVmwaresRemedy) {
  const std::string advice = AllAdvice(DiagnosePaste(GuestCryptsetupPaste("VMware")));
  EXPECT_THAT(advice, HasSubstr("EVC mode"));
  EXPECT_THAT(advice, HasSubstr("CPUID mask"));
  EXPECT_THAT(advice, Not(HasSubstr("-cpu host")));
  EXPECT_THAT(advice, Not(HasSubstr("host-passthrough")));
  EXPECT_THAT(advice, Not(HasSubstr("/proc/cpuinfo` on the host")));
}

TEST(PlatformAdviceTest, HyperVGuestIsToldProcessorCompatibility) {
  const std::string advice = AllAdvice(DiagnosePaste(GuestCryptsetupPaste("Microsoft")));
  EXPECT_THAT(advice, HasSubstr("processor compatibility mode"));
  EXPECT_THAT(advice, HasSubstr("Hyper-V"));
  EXPECT_THAT(advice, Not(HasSubstr("-cpu host")));
}

TEST(PlatformAdviceTest, KvmGuestKeepsQemuAdvice) {
  const std::string advice = AllAdvice(DiagnosePaste(GuestCryptsetupPaste("KVM")));
  EXPECT_THAT(advice, HasSubstr("-cpu host"));
  EXPECT_THAT(advice, Not(HasSubstr("EVC")));
}

TEST(PlatformAdviceTest, WindowsIsNotToldToRunTopH) {
  EXPECT_EQ(SaturationWatcher(""), "top -H");
  EXPECT_EQ(SaturationWatcher("linux"), "top -H");
  EXPECT_THAT(std::string(SaturationWatcher("windows")), HasSubstr("Task Manager"));
}

}  // namespace
}  // namespace cryptobench::diagnose
