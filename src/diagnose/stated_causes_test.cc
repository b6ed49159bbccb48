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

}  // namespace
}  // namespace cryptobench::diagnose
