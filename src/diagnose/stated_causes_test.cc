#include "diagnose/stated_causes.h"

#include <gtest/gtest.h>

#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::StatedTags;

TEST(StatedCausesTest, WarningFindingsNameTheirCauseAndInfoFindingsNone) {
  DoctorReport report;
  report.findings.push_back({"report.legacy-api", Severity::kWarning, "legacy", "", ""});
  report.findings.push_back({"env.ia32cap", Severity::kInfo, "set, clears nothing", "", ""});
  report.findings.push_back({"report.no-cpuinfo", Severity::kInfo, "no CPUINFO", "", ""});
  EXPECT_EQ(StatedTags(report), std::vector<std::string>{"legacy-api-not-evp"});
}

TEST(StatedCausesTest, ProblemVerdictsNameTheirCause) {
  DoctorReport report;
  Verdict not_accelerated;
  not_accelerated.status = VerdictStatus::kNotAccelerated;
  Verdict software;
  software.status = VerdictStatus::kSoftwareExpected;
  Verdict masked;
  masked.status = VerdictStatus::kMasked;
  report.verdicts = {not_accelerated, software, masked};
  EXPECT_EQ(StatedTags(report), (std::vector<std::string>{"hw-path-unused", "capability-masked"}));
  report.facts.no_asm_build = true;
  EXPECT_EQ(StatedTags(report),
            (std::vector<std::string>{"built-without-asm", "capability-masked"}));
}

TEST(StatedCausesTest, AnAesRowOfTheLowLevelApiIsTheApisNotAnUnusedPath) {
  // A 3.0.0 snapshot before openssl/openssl#14228 printed "aes-256 cbc" for AES_cbc_encrypt
  // and a CPUINFO line with AES-NI: the software figure is the API's doing.
  DoctorReport report;
  report.facts.report.emplace();
  report.facts.report->evp = "legacy";
  report.findings.push_back({"report.legacy-api", Severity::kWarning, "legacy", "", ""});
  Verdict aes;
  aes.status = VerdictStatus::kNotAccelerated;
  aes.algorithm = "AES-256-CBC";
  Verdict sha;
  sha.status = VerdictStatus::kNotAccelerated;
  sha.algorithm = "SHA-256";
  report.verdicts = {aes, sha};
  EXPECT_EQ(StatedTags(report), (std::vector<std::string>{"legacy-api-not-evp", "hw-path-unused"}));
  // With EVP rows in the run too ("some" rows legacy) the verdict keeps its own cause.
  report.facts.report->evp = "unknown";
  EXPECT_EQ(StatedTags(report),
            (std::vector<std::string>{"legacy-api-not-evp", "hw-path-unused", "hw-path-unused"}));
  // An info finding (the text does not settle whether EVP would be faster: the release is not
  // named, or its EVP code has no hardware path either) states no cause, and the AES row is
  // still not an unused path: AES_* has no hardware path in any release.
  report.facts.report->evp = "legacy";
  report.findings[0].severity = Severity::kInfo;
  EXPECT_EQ(StatedTags(report), (std::vector<std::string>{"hw-path-unused"}));
  // A release without the path states that cause for the AES row instead.
  report.findings.push_back({"library.lacks-asm-path", Severity::kWarning,
                             "LibreSSL 2.4.2 has no aarch64 assembly for AES that uses the CPU's "
                             "instructions: AES-256-CBC runs software code",
                             "", ""});
  EXPECT_EQ(StatedTags(report),
            (std::vector<std::string>{"library-lacks-asm-path", "library-lacks-asm-path",
                                      "hw-path-unused"}));
}

}  // namespace
}  // namespace cryptobench::diagnose
