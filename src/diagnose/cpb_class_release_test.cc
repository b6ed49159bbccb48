// Tests that the AArch64 cpb classes follow the OpenSSL release (data/cpb-classes-aarch64.csv,
// column releases): bit-sliced bsaes-armv8 runs CBC decryption and CTR only from 3.1.0
// (openssl/openssl#14592); 1.1.0 to 3.0.x run vpaes-armv8 there, whose CTR (one block at a time
// through vpaes_encrypt) has no sourced range, so its class is unknown.
#include <cstdint>
#include <optional>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/classifier.h"
#include "diagnose/doctor_from.h"
#include "diagnose/verdict_decider.h"
#include "support/doctor_findings.h"
#include "support/imported_cell.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::AddAlgorithm;
using cryptobench::testing::ImportedFigure;
using cryptobench::testing::ImportedRunOf;
using cryptobench::testing::VerdictOf;
using ::testing::HasSubstr;
using ::testing::Not;

// A Raspberry Pi 4 (Cortex-A72 without the Crypto Extension): OPENSSL_armcap 0x81, NEON and
// CPUID only. 1.5 GHz, as the BCM2711 ships.
results::RunResult Pi4Run(const std::string& version, uint64_t version_num) {
  results::RunResult run = ImportedRunOf("openssl speed", version, "user_cpu");
  run.library.version = "OpenSSL " + version;
  run.library.version_num = version_num;
  run.library.cpu_info = "CPUINFO: OPENSSL_armcap=0x81";
  run.library.capability_vector = "0x81";
  run.machine.cpu_model = "Cortex-A72";
  // CTR and CBC decryption at 100 MB/s: 15 cpb at 1.5 GHz, inside the bsaes range.
  AddAlgorithm(run, "AES-128-CTR", "cipher", {ImportedFigure("encrypt", 16384, 100)});
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("decrypt", 16384, 100)});
  return run;
}

TEST(CpbClassReleaseTest, Aarch64BsaesClassesOnlyFrom31) {
  for (const auto& [version, num] : {std::pair<std::string, uint64_t>{"3.0.11", 0x300000b0},
                                     std::pair<std::string, uint64_t>{"1.1.1w", 0x1010117f}}) {
    SCOPED_TRACE(version);
    const DoctorReport report = DiagnoseReport(Pi4Run(version, num));
    const Verdict* ctr = VerdictOf(report, "AES-128-CTR");
    const Verdict* cbc = VerdictOf(report, "AES-128-CBC");
    ASSERT_NE(ctr, nullptr);
    ASSERT_NE(cbc, nullptr);
    EXPECT_THAT(ctr->fingerprint, Not(HasSubstr("bsaes")));
    EXPECT_THAT(ctr->fingerprint, HasSubstr("class unknown"));
    EXPECT_THAT(ctr->fingerprint, Not(HasSubstr("slower than every")));
    EXPECT_THAT(cbc->fingerprint, Not(HasSubstr("bsaes")));
    EXPECT_THAT(cbc->fingerprint, HasSubstr("vpaes NEON"));
  }
  const DoctorReport new_release = DiagnoseReport(Pi4Run("3.1.0", 0x30100000));
  ASSERT_NE(VerdictOf(new_release, "AES-128-CTR"), nullptr);
  EXPECT_THAT(VerdictOf(new_release, "AES-128-CTR")->fingerprint, HasSubstr("bsaes NEON"));
  EXPECT_THAT(VerdictOf(new_release, "AES-128-CBC")->fingerprint, HasSubstr("bsaes NEON"));
  EXPECT_THAT(VerdictOf(new_release, "AES-128-CBC")->fingerprint, Not(HasSubstr("vpaes")));
}

TEST(CpbClassReleaseTest, ParsesTheReleasesColumn) {
  const auto classes = ParseCpbClasses(
      "algorithm,operation,class,family,cpb_low,cpb_high,source,releases\n"
      "AES-128-CTR,encrypt,bsaes NEON,vector,8.45,17.5,src,AES:bsaes-armv8.pl\n"
      "AES-128-CTR,encrypt,ARMv8 CE,hardware,0.76,1.36,src,\n",
      "aarch64");
  ASSERT_EQ(classes.size(), 2u);
  const auto v30 = ParseLibraryVersion("3.0.11");
  const auto v31 = ParseLibraryVersion("3.1.0");
  EXPECT_FALSE(InRelease(classes[0], v30));
  EXPECT_TRUE(InRelease(classes[0], v31));
  EXPECT_TRUE(InRelease(classes[0], std::nullopt));
  EXPECT_TRUE(InRelease(classes[1], v30));
  EXPECT_THROW(ParseCpbClasses("algorithm,operation,class,family,cpb_low,cpb_high,source,releases\n"
                               "AES-128-CTR,encrypt,x,vector,1,2,src,AES:no-such-module\n",
                               "aarch64"),
               std::runtime_error);
}

// The AArch64 table has no generic C AES row: OpenSSL runs C there only in a no-asm build from
// the release that builds vpaes-armv8, 1.1.0 by data/library-changes.csv (1.1.0c's linux-aarch64
// configdata.pm: VPAES_ASM). At the boundary, 1.1.0l's software rows bound every path; 1.0.2u's
// do not (its EVP runs the C AES_* code without the AES instructions). The bound was 1.1.1.
TEST(CpbClassReleaseTest, SoftwareRowsAreCompleteFromTheVpaesRelease) {
  // OPENSSL_armcap 0x85: NEON, AES, CPUID. 500 MB/s AES-128-CBC encrypt: 2-10 cpb over the
  // default 1-5 GHz, the ARMv8 CE class at the low end only, no software class anywhere.
  const auto run = [](const std::string& version, uint64_t num) {
    results::RunResult r = Pi4Run(version, num);
    r.library.cpu_info = "CPUINFO: OPENSSL_armcap=0x85";
    r.library.capability_vector = "0x85";
    r.machine.cpu_model.clear();
    r.algorithms.clear();
    AddAlgorithm(r, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 500)});
    return r;
  };
  const DoctorReport r110 = DiagnoseReport(run("1.1.0l", 0x101000cf));
  const Verdict* v110 = VerdictOf(r110, "AES-128-CBC");
  ASSERT_NE(v110, nullptr);
  EXPECT_THAT(v110->line, Not(HasSubstr("no generic C row"))) << v110->line;
  EXPECT_EQ(v110->status, VerdictStatus::kAccelerated) << v110->line;
  const DoctorReport r102 = DiagnoseReport(run("1.0.2u", 0x1000215f));
  const Verdict* v102 = VerdictOf(r102, "AES-128-CBC");
  ASSERT_NE(v102, nullptr);
  EXPECT_THAT(v102->line, HasSubstr("no generic C row")) << v102->line;
  EXPECT_NE(v102->status, VerdictStatus::kAccelerated) << v102->line;
}

// The rows a release leaves out, which make a figure's class unknown (Decider::Classify) and the
// software rows incomplete (Decider::SoftwareRowsComplete).
TEST(CpbClassReleaseTest, RowLeftOutForReleaseNamesTheReleasesWithoutBsaes) {
  using verdict_internal::RowLeftOutForRelease;
  const auto v30 = ParseLibraryVersion("3.0.11");
  const auto v31 = ParseLibraryVersion("3.1.0");
  ASSERT_TRUE(v30 && v31);
  // 3.0 lacks bsaes CTR and has no vpaes CTR row; CBC decryption has bsaes (3.1..) left out.
  EXPECT_TRUE(RowLeftOutForRelease("aarch64", "AES-128-CTR", "encrypt", v30));
  EXPECT_TRUE(RowLeftOutForRelease("aarch64", "AES-128-CBC", "decrypt", v30));
  // 3.1 leaves out the vpaes CBC-decrypt row (1.1.0..3.0), and nothing of CTR.
  EXPECT_TRUE(RowLeftOutForRelease("aarch64", "AES-128-CBC", "decrypt", v31));
  EXPECT_FALSE(RowLeftOutForRelease("aarch64", "AES-128-CTR", "encrypt", v31));
  EXPECT_FALSE(RowLeftOutForRelease("aarch64", "AES-128-CBC", "encrypt", v30));
  EXPECT_FALSE(RowLeftOutForRelease("aarch64", "AES-128-CTR", "encrypt", std::nullopt));
  EXPECT_FALSE(RowLeftOutForRelease("x86_64", "AES-128-CTR", "encrypt", v30));
}

}  // namespace
}  // namespace cryptobench::diagnose
