// Tryout 21 item 4: `OPENSSL_ia32cap='~0x200000200000000' bssl speed`. BoringSSL reads the
// variable at start-up as OpenSSL does (crypto/cpu_intel.c OPENSSL_cpuid_setup), so the value
// on the pasted command line is the run's mask: import keeps it as the run's worker_env and
// doctor --from reads it as it does for openssl speed.
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_from.h"
#include "import/import.h"
#include "support/diagnose_paste.h"
#include "support/doctor_findings.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::DiagnosePaste;
using cryptobench::testing::FindingOf;
using cryptobench::testing::VerdictFor;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kCpu =
    "$ grep -m1 'model name' /proc/cpuinfo\n"
    "model name\t: AMD EPYC 7B13\n"
    "$ grep -m1 flags /proc/cpuinfo\n"
    "flags\t\t: fpu vme de pse tsc sse sse2 ssse3 lm pclmulqdq sse4_1 sse4_2 aes avx avx2\n";
constexpr const char* kMaskedRun =
    "$ OPENSSL_ia32cap='~0x200000200000000' ./build/tool/bssl speed -filter AES-128-GCM\n"
    "Did 5981000 AES-128-GCM (16 bytes) seal operations in 1000123us (5980264.4 ops/sec): "
    "95.7 MB/s\n"
    "Did 54000 AES-128-GCM (8192 bytes) seal operations in 1007812us (53581.4 ops/sec): "
    "438.9 MB/s\n"
    "Did 27000 AES-128-GCM (16384 bytes) seal operations in 1009102us (26756.5 ops/sec): "
    "438.4 MB/s\n";

TEST(BsslMaskTest, TheCommandLineMaskIsTheRunsWorkerEnv) {
  const std::vector<results::RunResult> runs =
      import::ImportText(std::string(kCpu) + kMaskedRun, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const auto it = runs[0].library.worker_env.find("OPENSSL_ia32cap");
  ASSERT_NE(it, runs[0].library.worker_env.end());
  EXPECT_EQ(it->second, "~0x200000200000000");
  // An export before it counts too.
  const std::vector<results::RunResult> exported = import::ImportText(
      std::string("$ export OPENSSL_ia32cap=~0x200000000000000\n$ bssl speed -filter AES\n") +
          (kMaskedRun + std::string(kMaskedRun).find('\n') + 1),
      "paste.txt");
  ASSERT_EQ(exported.size(), 1u);
  EXPECT_EQ(exported[0].library.worker_env.count("OPENSSL_ia32cap"), 1u);
}

TEST(BsslMaskTest, DoctorSaysMasked) {
  const DoctorReport report = DiagnosePaste(std::string(kCpu) + kMaskedRun);
  ASSERT_TRUE(report.facts.env_ia32cap.has_value());
  EXPECT_EQ(*report.facts.env_ia32cap, "~0x200000200000000");
  const Verdict& v = VerdictFor(report, "AES-128-GCM", "encrypt");
  EXPECT_EQ(v.status, VerdictStatus::kMasked) << v.line;
  EXPECT_THAT(v.line, HasSubstr("AES-NI"));
  EXPECT_THAT(v.advice, Not(HasSubstr("bssl speed beside the run pasted")));
  EXPECT_NE(FindingOf(report, "env.ia32cap"), nullptr);
}

}  // namespace
}  // namespace cryptobench::diagnose
