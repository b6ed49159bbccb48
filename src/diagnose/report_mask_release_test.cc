// Tests of the capability-mask cause in `doctor --from`: a mask in the paste is stated as the
// cause of a slow figure only when it closes every fast path the release has for the family
// (OpenSSL 3.1 adds VAES GCM, 3.5 VAES XTS: data/library-changes.csv), "cannot tell" when the
// release is unknown and decides it; and a mask given on the pasted command line or by an
// `export` line is a fact of the run it precedes.
#include <algorithm>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_from.h"
#include "diagnose/doctor_report.h"
#include "diagnose/stated_causes.h"
#include "diagnose/verdict_paths.h"
#include "import/import.h"
#include "support/doctor_findings.h"
#include "support/imported_cell.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::AddAlgorithm;
using cryptobench::testing::DoctorText;
using cryptobench::testing::FindingOf;
using cryptobench::testing::ImportedFigure;
using cryptobench::testing::ImportedRunOf;
using cryptobench::testing::VerdictFor;
using ::testing::HasSubstr;
using ::testing::Not;

// An Ice Lake-class vector: PCLMULQDQ, SSSE3, AVX, AVX2, BMI1/2, ADX, SHA-NI, AVX-512F/DQ/BW/VL,
// VBMI2, VAES and VPCLMULQDQ (ia32cap.cc bit table), with AES-NI (LV0 bit 57) clear as the
// mask below leaves it.
constexpr const char* kIceLakeNoAesNi = "0x1002020200000400:0x640e00b0128";
// The same with AES-NI set and VAES, VPCLMULQDQ (LV1 bits 41, 42) clear.
constexpr const char* kIceLakeNoVaes = "0x1202020200000400:0xe00b0128";

results::RunResult Paste(const std::string& vector, const std::string& env,
                         const std::string& release) {
  results::RunResult run = ImportedRunOf("openssl speed", release, "user_cpu");
  run.library.version = release.empty() ? "" : "OpenSSL " + release;
  run.library.cpu_info = "CPUINFO: OPENSSL_ia32cap=" + vector + " env:" + env;
  run.library.capability_vector = vector;
  return run;
}

// 3.1 and later try the VAES GCM path before AESNI_CAPABLE: masking AES-NI alone leaves it.
TEST(ReportMaskReleaseTest, AesNiMaskIsNoGcmCauseWhereTheReleaseHasVaesGcm) {
  results::RunResult run = Paste(kIceLakeNoAesNi, "~0x200000000000000:~0", "3.2.1");
  AddAlgorithm(run, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 11500)});
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 16384, 300)});
  const DoctorReport report = DiagnoseReport(run);
  const Verdict& gcm = VerdictFor(report, "AES-128-GCM");
  EXPECT_NE(gcm.status, VerdictStatus::kMasked) << gcm.line;
  // CBC has no path but AES-NI: there the mask is the cause in every release.
  EXPECT_EQ(VerdictFor(report, "AES-128-CBC").status, VerdictStatus::kMasked);
}

// With no algorithm whose every fast path it closed, the mask finding states a fact, no cause.
TEST(ReportMaskReleaseTest, MaskFindingIsNoCauseWithoutAMaskedVerdict) {
  results::RunResult run = Paste(kIceLakeNoAesNi, "~0x200000000000000:~0", "3.2.1");
  AddAlgorithm(run, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 11500)});
  const DoctorReport report = DiagnoseReport(run);
  const Finding* mask = FindingOf(report, "env.ia32cap");
  ASSERT_NE(mask, nullptr);
  EXPECT_EQ(mask->severity, Severity::kInfo);
  for (const StatedCause& cause : StatedCauses(report)) {
    EXPECT_NE(cause.tag, "capability-masked") << cause.text;
  }
}

// A mask on a pasted command with no release and no architecture in the text: no verdict could
// weigh it, so the finding must not say it is not why (new-user tryout), nor name a CPUINFO line
// the text does not have.
TEST(ReportMaskReleaseTest, MaskWithoutReleaseOrArchitectureIsNotCalledHarmless) {
  const std::string text =
      "# OPENSSL_ia32cap=\"~0x200000200000000\" openssl speed -elapsed -evp aes-128-gcm\n"
      "You have chosen to measure elapsed time instead of user CPU time.\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n"
      "aes-128-gcm     110758.55k   285113.43k   456720.81k   507712.38k   515431.25k   "
      "516431.25k\n";
  const std::vector<results::RunResult> runs = import::ImportText(text, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const DoctorReport report = DiagnoseReport(runs[0]);
  ASSERT_TRUE(report.facts.env_ia32cap);
  const Finding* mask = FindingOf(report, "env.ia32cap");
  ASSERT_NE(mask, nullptr);
  EXPECT_THAT(mask->evidence, Not(HasSubstr("not why")));
  EXPECT_THAT(mask->evidence, HasSubstr("cannot tell"));
  const std::string rendered = DoctorText(report);
  EXPECT_THAT(rendered, Not(HasSubstr("the env: part of the CPUINFO line")));
  EXPECT_THAT(rendered, HasSubstr("set on the pasted command"));
}

TEST(ReportMaskReleaseTest, AesNiMaskIsTheGcmCauseWhereTheReleaseLacksVaesGcm) {
  results::RunResult run = Paste(kIceLakeNoAesNi, "~0x200000000000000:~0", "3.0.11");
  AddAlgorithm(run, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 600)});
  const DoctorReport report = DiagnoseReport(run);
  const Verdict& gcm = VerdictFor(report, "AES-128-GCM");
  EXPECT_EQ(gcm.status, VerdictStatus::kMasked) << gcm.line;
}

TEST(ReportMaskReleaseTest, AesNiMaskOnVaesCpuWithoutReleaseCannotTell) {
  results::RunResult run = Paste(kIceLakeNoAesNi, "~0x200000000000000:~0", "");
  AddAlgorithm(run, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 600)});
  const DoctorReport report = DiagnoseReport(run);
  const Verdict& gcm = VerdictFor(report, "AES-128-GCM");
  EXPECT_EQ(gcm.status, VerdictStatus::kUndetermined) << gcm.line;
  EXPECT_THAT(gcm.line, HasSubstr("cannot tell"));
  EXPECT_THAT(gcm.advice, HasSubstr("openssl version"));

  // A figure in the VAES class over the whole clock range shows a fast path ran: no doubt left.
  results::RunResult fast = Paste(kIceLakeNoAesNi, "~0x200000000000000:~0", "");
  AddAlgorithm(fast, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 11500)});
  const DoctorReport fast_report = DiagnoseReport(fast);
  const Verdict& vaes = VerdictFor(fast_report, "AES-128-GCM");
  EXPECT_EQ(vaes.status, VerdictStatus::kAccelerated) << vaes.line;
}

// XTS's VAES path sits behind AESNI_CAPABLE (3.5+): masking VAES leaves AES-NI XTS open.
TEST(ReportMaskReleaseTest, VaesMaskLeavesAesNiXtsOpen) {
  for (const char* release : {"3.5.0", "3.4.1", ""}) {
    results::RunResult run = Paste(kIceLakeNoVaes, "~0:~0x60000000000", release);
    AddAlgorithm(run, "AES-128-XTS", "cipher", {ImportedFigure("encrypt", 16384, 5000)});
    const DoctorReport report = DiagnoseReport(run);
    const Verdict& xts = VerdictFor(report, "AES-128-XTS");
    EXPECT_NE(xts.status, VerdictStatus::kMasked) << release << ": " << xts.line;
    EXPECT_THAT(xts.line, Not(HasSubstr("masked by"))) << release;
  }
}

// SHA-512's AVX2 path does not test the SHA512 bit: a mask of SHA512 alone leaves it open.
TEST(ReportMaskReleaseTest, Sha512MaskLeavesTheAvx2PathOpen) {
  // LV2 bit 32 is SHA512 (ia32cap.cc); the vector prints five words, the mask clears it only.
  results::RunResult run =
      Paste("0x1202020200000400:0xe00b0128:0x0:0x0:0x0", "~0:~0:~0x100000000:~0:~0", "3.5.0");
  AddAlgorithm(run, "SHA-512", "hash", {ImportedFigure("hash", 16384, 300)});
  const DoctorReport report = DiagnoseReport(run);
  const Verdict& sha = VerdictFor(report, "SHA-512");
  EXPECT_NE(sha.status, VerdictStatus::kMasked) << sha.line;
}

// The rows the release test reads exist, and name the releases the dispatch code arrived in.
TEST(ReportMaskReleaseTest, VaesPathsComeFromLibraryChangesRows) {
  using verdict_internal::Family;
  const auto row = [](Family family) -> const LibraryChange* {
    const verdict_internal::PathSpec* vaes =
        verdict_internal::FindPath(family, "x86_64", "VAES + VPCLMULQDQ");
    return vaes == nullptr ? nullptr : verdict_internal::PathReleaseSpan(*vaes, "x86_64").from;
  };
  const LibraryChange* gcm = row(Family::kAesGcm);
  ASSERT_NE(gcm, nullptr);
  EXPECT_EQ(gcm->versions.text, "3.1..");
  const LibraryChange* xts = row(Family::kAesXts);
  ASSERT_NE(xts, nullptr);
  EXPECT_EQ(xts->versions.text, "3.5..");
  EXPECT_EQ(row(Family::kAesBlock), nullptr);
}

constexpr const char* kSlow111 =
    "Doing aes-128-cbc for 3s on 16 size blocks: 30000000 aes-128-cbc's in 3.00s\n"
    "OpenSSL 1.1.1f  31 Mar 2020\n"
    "built on: Wed Nov 24 13:20:48 2021 UTC\n"
    "options:bn(64,64) rc4(16x,int) des(int) aes(partial) blowfish(ptr)\n"
    "compiler: gcc -fPIC -pthread -m64 -O3 -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -DAESNI_ASM "
    "-DVPAES_ASM -DGHASH_ASM -DSHA256_ASM -DL_ENDIAN\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "aes-128-cbc     160000.00k   170000.00k   175000.00k   176000.00k   176000.00k   "
    "176000.00k\n";

TEST(ReportMaskReleaseTest, MaskOnThePastedCommandLineIsAFactOfThatRun) {
  const std::string text =
      std::string("$ OPENSSL_ia32cap=~0x200000000000000 openssl speed -evp aes-128-cbc\n") +
      kSlow111;
  const std::vector<results::RunResult> runs = import::ImportText(text, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.tool_version, "1.1.1f");
  const DoctorReport report = DiagnoseReport(runs[0]);
  ASSERT_TRUE(report.facts.env_ia32cap);
  EXPECT_EQ(*report.facts.env_ia32cap, "~0x200000000000000");
  const Verdict& cbc = VerdictFor(report, "AES-128-CBC");
  EXPECT_EQ(cbc.status, VerdictStatus::kMasked) << cbc.line;
  EXPECT_THAT(cbc.line, HasSubstr("pasted command"));
}

TEST(ReportMaskReleaseTest, ExportedMaskIsAFactOfTheRunsAfterIt) {
  const std::string text = std::string(
                               "$ export OPENSSL_ia32cap=~0x200000000000000\n"
                               "$ openssl speed -evp aes-128-cbc\n") +
                           kSlow111;
  const std::vector<results::RunResult> runs = import::ImportText(text, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const DoctorReport report = DiagnoseReport(runs[0]);
  ASSERT_TRUE(report.facts.env_ia32cap);
  EXPECT_EQ(VerdictFor(report, "AES-128-CBC").status, VerdictStatus::kMasked);
}

// `OPENSSL_ia32cap=... openssl version` after the prefixed speed command whose output printed no
// version: that run's release, not a run of its own (so the GCM rule above can read it).
TEST(ReportMaskReleaseTest, VersionAfterAPrefixedSpeedCommandStaysWithThatRun) {
  const std::string speed =
      "$ OPENSSL_ia32cap=~0x200000000000000 openssl speed -evp aes-128-cbc\n"
      "Doing AES-128-CBC ops for 3s on 16 size blocks: 30000000 AES-128-CBC ops in 3.00s\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
      "AES-128-CBC     160000.00k   170000.00k   175000.00k   176000.00k   176000.00k   "
      "176000.00k\n";
  for (const char* command :
       {"$ OPENSSL_ia32cap=~0x200000000000000 openssl version\n", "$ openssl version\n"}) {
    const std::vector<results::RunResult> runs = import::ImportText(
        speed + command + "OpenSSL 3.0.2 15 Mar 2022 (Library: OpenSSL 3.0.2 15 Mar 2022)\n",
        "paste.txt");
    ASSERT_EQ(runs.size(), 1u) << command;
    EXPECT_EQ(runs[0].source.tool, "openssl speed");
    EXPECT_EQ(runs[0].source.tool_version, "3.0.2");
    EXPECT_EQ(runs[0].library.worker_env.at("OPENSSL_ia32cap"), "~0x200000000000000");
  }
  // Another mask on the version command is another run's environment: kept apart.
  const std::vector<results::RunResult> apart = import::ImportText(
      speed + "$ OPENSSL_ia32cap=~0 openssl version\nOpenSSL 3.0.2 15 Mar 2022\n", "paste.txt");
  EXPECT_EQ(apart.size(), 2u);
}

results::RunResult CommandLinePaste(const std::string& release, uint64_t version_num,
                                    const std::string& env) {
  results::RunResult run = ImportedRunOf("openssl speed", release, "user_cpu");
  run.library.version = "OpenSSL " + release;
  run.library.version_num = version_num;
  run.library.worker_env["OPENSSL_ia32cap"] = env;
  return run;
}

bool Has(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// OPENSSL_ia32cap_P has four 32-bit words (two fields) up to 3.4.x and ten (five fields) from
// 3.5.0 (openssl/openssl#25709): 3.1 to 3.4 read "~X::" as LV1 = 0, and have no SHA512 bit.
TEST(ReportMaskReleaseTest, CommandLineMaskReadsTwoFieldsUpTo34) {
  for (const auto& [release, num] :
       {std::pair<std::string, uint64_t>{"3.1.4", 0x30100040}, {"3.4.1", 0x30400010}}) {
    SCOPED_TRACE(release);
    const DoctorReport zeroed =
        DiagnoseReport(CommandLinePaste(release, num, "~0x200000000000000::"));
    EXPECT_TRUE(Has(zeroed.facts.env_masked_features, "AVX2"));
    const DoctorReport cleared =
        DiagnoseReport(CommandLinePaste(release, num, "~0x200000000000000:~0"));
    EXPECT_TRUE(Has(cleared.facts.env_masked_features, "AES-NI"));
    EXPECT_FALSE(Has(cleared.facts.env_masked_features, "SHA512"));
  }
  const DoctorReport kept =
      DiagnoseReport(CommandLinePaste("3.5.0", 0x30500000, "~0x200000000000000::"));
  EXPECT_FALSE(Has(kept.facts.env_masked_features, "AVX2"));
  EXPECT_TRUE(Has(kept.facts.env_masked_features, "AES-NI"));
}

}  // namespace
}  // namespace cryptobench::diagnose

namespace cryptobench::diagnose {
namespace {

// A pasted OpenSSL `release` whose CPUINFO line is `vector`, with no mask.
results::RunResult Unmasked(const std::string& vector, const std::string& release) {
  results::RunResult run = ImportedRunOf("openssl speed", release, "user_cpu");
  run.library.version = "OpenSSL " + release;
  run.library.cpu_info = "CPUINFO: OPENSSL_ia32cap=" + vector;
  run.library.capability_vector = vector;
  AddAlgorithm(run, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 16384, 6000)});
  return run;
}

// kIceLakeNoAesNi with AES-NI (LV0 bit 57) set: VAES, VPCLMULQDQ and AVX-512 as well.
constexpr const char* kIceLake = "0x1202020200000400:0x640e00b0128";

// The VAES GCM class is named only where the release has the path (data/library-changes.csv:
// 3.1..) and the vector has its bits (new-user tryout: a 3.0.x paste and a vector without VAES
// were both offered "VAES-AVX512 (ossl_aes_gcm_encrypt_avx512)").
TEST(ReportClassListTest, VaesGcmClassNeedsTheReleaseAndTheVectorBits) {
  for (const auto& [vector, release, named] :
       std::vector<std::tuple<std::string, std::string, bool>>{{kIceLake, "3.0.13", false},
                                                               {kIceLakeNoVaes, "3.2.1", false},
                                                               {kIceLake, "3.2.1", true}}) {
    const DoctorReport report = DiagnoseReport(Unmasked(vector, release));
    const Verdict& gcm = VerdictFor(report, "AES-128-GCM");
    EXPECT_EQ(gcm.status, VerdictStatus::kAccelerated) << release << ": " << gcm.line;
    EXPECT_EQ(gcm.line.find("VAES-AVX512") != std::string::npos, named)
        << release << " " << vector << ": " << gcm.line;
    EXPECT_EQ(gcm.fingerprint.find("VAES-AVX512") != std::string::npos, named)
        << release << " " << vector << ": " << gcm.fingerprint;
    EXPECT_THAT(gcm.line, HasSubstr("AES-NI+AVX stitched")) << gcm.line;
  }
}

}  // namespace
}  // namespace cryptobench::diagnose
