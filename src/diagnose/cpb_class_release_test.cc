// Tests that the AArch64 cpb classes follow the OpenSSL release (data/cpb-classes-aarch64.csv,
// column openssl): bit-sliced bsaes-armv8 runs CBC decryption and CTR only from 3.1.0
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

TEST(CpbClassReleaseTest, ParsesTheOpensslColumn) {
  const auto classes = ParseCpbClasses(
      "algorithm,operation,class,family,cpb_low,cpb_high,source,openssl\n"
      "AES-128-CTR,encrypt,bsaes NEON,vector,8.45,17.5,src,3.1..\n"
      "AES-128-CTR,encrypt,ARMv8 CE,hardware,0.76,1.36,src,\n");
  ASSERT_EQ(classes.size(), 2u);
  const auto v30 = ParseLibraryVersion("3.0.11");
  const auto v31 = ParseLibraryVersion("3.1.0");
  EXPECT_FALSE(InRelease(classes[0], v30));
  EXPECT_TRUE(InRelease(classes[0], v31));
  EXPECT_TRUE(InRelease(classes[0], std::nullopt));
  EXPECT_TRUE(InRelease(classes[1], v30));
  EXPECT_THROW(ParseCpbClasses("algorithm,operation,class,family,cpb_low,cpb_high,source,openssl\n"
                               "AES-128-CTR,encrypt,x,vector,1,2,src,3.x..\n"),
               std::runtime_error);
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
