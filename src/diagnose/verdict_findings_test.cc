// Tests of GlobalFindings, PlanExperiments and the doctor model's names and exit status, on the
// recorded facts of verdict_test_fixtures.h.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "diagnose/verdict.h"
#include "diagnose/verdict_test_fixtures.h"

namespace cryptobench::diagnose {
namespace {

using testing::Core2;
using testing::CpuFromFixture;
using testing::Zen4Debian30;
using testing::Zen4Master;
using testing::Zen4NoAsm;
using testing::Zen4WithEnv;

Verdict WithStatus(VerdictStatus status) {
  Verdict v;
  v.status = status;
  return v;
}

Finding WithSeverity(std::string id, Severity severity) {
  Finding f;
  f.id = std::move(id);
  f.severity = severity;
  return f;
}

const Finding* FindFinding(const std::vector<Finding>& findings, std::string_view id) {
  for (const Finding& f : findings) {
    if (f.id == id) {
      return &f;
    }
  }
  return nullptr;
}

std::vector<std::string> Ids(const std::vector<Finding>& findings) {
  std::vector<std::string> ids;
  for (const Finding& f : findings) {
    ids.push_back(f.id);
  }
  return ids;
}

bool Has(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

std::vector<Experiment> Plan(std::string_view name, const DoctorFacts& facts) {
  return PlanExperiments(*FindAlgorithm(name), facts);
}

// ---- PlanExperiments --------------------------------------------------------------------

TEST(PlanExperimentsTest, Zen4Debian30PlansOneExperimentPerPath) {
  const DoctorFacts facts = Zen4Debian30();
  const auto cbc = Plan("AES-128-CBC", facts);
  ASSERT_EQ(cbc.size(), 1u);
  EXPECT_EQ(cbc[0].path, "AES-NI");
  EXPECT_EQ(cbc[0].label, "AES-NI, VAES, VPCLMULQDQ masked");
  EXPECT_EQ(cbc[0].baseline, 0);
  // The "no AES-NI and no VAES" mask of cpb-reference.md sec. 2.3, all five words written.
  EXPECT_EQ(ExperimentIa32cap(cbc[0], facts), "~0x200000000000000:~0x60000000000:~0:~0:~0");

  const auto gcm = Plan("AES-128-GCM", facts);
  ASSERT_EQ(gcm.size(), 3u);
  EXPECT_EQ(gcm[0].label, "VAES, VPCLMULQDQ masked");
  EXPECT_EQ(gcm[1].label, "AES-NI, VAES, VPCLMULQDQ masked");
  EXPECT_EQ(gcm[2].path, "PCLMULQDQ GHASH");
  EXPECT_EQ(gcm[2].label, "VAES, VPCLMULQDQ, PCLMULQDQ masked");
  EXPECT_EQ(gcm[2].baseline, 1);

  // XTS's VAES path also needs AVX-512 VBMI2 (LV1 bit 38, set in this vector).
  const auto xts = Plan("AES-128-XTS", facts);
  ASSERT_EQ(xts.size(), 2u);
  EXPECT_EQ(xts[0].path, "VAES + VPCLMULQDQ");
  EXPECT_EQ(xts[1].path, "AES-NI");

  EXPECT_EQ(Plan("SHA-256", facts).at(0).features, std::vector<std::string>{"SHA-NI"});
  EXPECT_EQ(Plan("HMAC-SHA256", facts).at(0).path, "SHA-NI");
  // 3.0 has no LV2, so no SHA512-extension bit: only AVX2 is masked.
  const auto sha512 = Plan("SHA-512", facts);
  ASSERT_EQ(sha512.size(), 1u);
  EXPECT_EQ(sha512[0].features, std::vector<std::string>{"AVX2"});

  const auto chacha = Plan("ChaCha20-Poly1305", facts);
  ASSERT_EQ(chacha.size(), 2u);
  EXPECT_EQ(chacha[0].label, "AVX-512F, AVX-512VL, AVX-512IFMA masked");
  EXPECT_EQ(chacha[1].label, "AVX-512F, AVX-512VL, AVX-512IFMA, AVX2 masked");
  // RSA: IFMA first, then MULX/ADX with AVX2 (rsaz-avx2) and IFMA cleared too (data/pk-asm.csv).
  const auto rsa = Plan("RSA-2048", facts);
  ASSERT_EQ(rsa.size(), 2u);
  EXPECT_EQ(rsa[0].features, std::vector<std::string>{"AVX-512IFMA"});
  EXPECT_EQ(rsa[1].path, "MULX/ADX");
  EXPECT_EQ(rsa[1].label, "BMI2, ADX, AVX2, AVX-512IFMA masked");
  // BMI2 is LV1 bit 8 (0x100), ADX bit 19 (0x80000), AVX2 bit 5, AVX-512IFMA bit 21: the 0x80100
  // test of x86_64-mont5.pl, ecp_nistz256-x86_64.pl and x25519-x86_64.pl.
  EXPECT_EQ(ExperimentIa32cap(rsa[1], facts), "~0:~0x280120:~0:~0:~0");
  for (const char* name : {"ECDSA-P256", "ECDH-P256", "X25519"}) {
    const auto mulx = Plan(name, facts);
    ASSERT_EQ(mulx.size(), 1u) << name;
    EXPECT_EQ(mulx[0].label, "BMI2, ADX masked") << name;
    EXPECT_EQ(ExperimentIa32cap(mulx[0], facts), "~0:~0x80100:~0:~0:~0") << name;
  }

  for (const char* name :
       {"MD5", "SHA3-256", "BLAKE2b-512", "DES-EDE3-CBC", "ECDSA-P384", "Ed25519"}) {
    EXPECT_TRUE(Plan(name, facts).empty()) << name;
  }
}

TEST(PlanExperimentsTest, NothingForANoAsmBuild) {
  const DoctorFacts facts = Zen4NoAsm();
  for (const AlgorithmInfo& alg : Catalog()) {
    EXPECT_TRUE(PlanExperiments(alg, facts).empty()) << alg.name;
  }
}

TEST(PlanExperimentsTest, NothingForFeaturesTheCpuLacks) {
  const DoctorFacts facts = Core2();
  for (const char* name : {"AES-128-CBC", "AES-128-GCM", "SHA-256", "ChaCha20", "RSA-2048"}) {
    EXPECT_TRUE(Plan(name, facts).empty()) << name;
  }
}

TEST(PlanExperimentsTest, BitsAlreadyClearInTheLibraryVectorAreNotMasked) {
  // AES-NI, VAES and VPCLMULQDQ cleared by the environment: only GCM's GHASH remains.
  const DoctorFacts facts = Zen4WithEnv("~0x200000000000000:~0x60000000000:~0:~0:~0");
  EXPECT_TRUE(Plan("AES-128-CBC", facts).empty());
  const auto gcm = Plan("AES-128-GCM", facts);
  ASSERT_EQ(gcm.size(), 1u);
  EXPECT_EQ(gcm[0].features, std::vector<std::string>{"PCLMULQDQ"});
  EXPECT_EQ(gcm[0].baseline, 0);
  // The worker keeps the environment's masks on top of the experiment's own.
  EXPECT_EQ(ExperimentIa32cap(gcm[0], facts), "~0x200000200000000:~0x60000000000:~0:~0:~0");
}

TEST(PlanExperimentsTest, AvxStateDisabledByTheOsLeavesOnlyAvx2) {
  // Xeon 6148 guest whose XCR0 lacks the ZMM state; 1.x-style library without a vector, so the
  // CPU's word decides.
  DoctorFacts facts;
  facts.cpu = CpuFromFixture("intel-xeon-6148-avx512-off.txt");
  const auto chacha = Plan("ChaCha20", facts);
  ASSERT_EQ(chacha.size(), 1u);
  EXPECT_EQ(chacha[0].path, "AVX2");
  EXPECT_EQ(chacha[0].features, std::vector<std::string>{"AVX2"});
}

TEST(PlanExperimentsTest, MasterVectorAddsNoSha512ExtensionOnZen4) {
  // Zen 4 has no SHA512 extensions: LV2 bit 32 is clear in master's five-word vector.
  const auto sha512 = Plan("SHA-512", Zen4Master());
  ASSERT_EQ(sha512.size(), 1u);
  EXPECT_EQ(sha512[0].path, "AVX2");
}

// ---- GlobalFindings ---------------------------------------------------------------------

TEST(GlobalFindingsTest, Zen4GuestIsInformationOnly) {
  const auto findings = GlobalFindings(Zen4Debian30());
  EXPECT_EQ(Ids(findings), (std::vector<std::string>{"clock.tsc-vs-core", "machine.hypervisor"}));
  for (const Finding& f : findings) {
    EXPECT_EQ(f.severity, Severity::kInfo) << f.id;
  }
  EXPECT_TRUE(Has(FindFinding(findings, "clock.tsc-vs-core")->evidence,
                  "TSC 2.60 GHz vs measured core clock 3.66 GHz"));
}

TEST(GlobalFindingsTest, ClockAndLoadWarnings) {
  DoctorFacts facts = Zen4Debian30();
  facts.clock.governor = "powersave";
  facts.clock.turbo_enabled = false;
  facts.clock.steal_fraction = 0.08;
  facts.clock.load_average_1min = 1.8;  // 2 CPUs: above 1.5
  const auto findings = GlobalFindings(facts);
  for (const char* id :
       {"clock.governor-powersave", "clock.turbo-off", "machine.steal", "machine.load"}) {
    const Finding* f = FindFinding(findings, id);
    ASSERT_NE(f, nullptr) << id;
    EXPECT_EQ(f->severity, Severity::kWarning) << id;
  }
  EXPECT_TRUE(Has(FindFinding(findings, "machine.steal")->evidence, "8.0%"));

  facts.clock.steal_fraction = 0.03;
  facts.clock.load_average_1min = 1.4;
  facts.clock.turbo_enabled = true;
  facts.clock.governor = "schedutil";
  const auto quiet = GlobalFindings(facts);
  for (const char* id :
       {"clock.governor-powersave", "clock.turbo-off", "machine.steal", "machine.load"}) {
    EXPECT_EQ(FindFinding(quiet, id), nullptr) << id;
  }
}

TEST(GlobalFindingsTest, TscMatchingTheCoreClockIsNoFinding) {
  DoctorFacts facts = Zen4Debian30();
  facts.clock.tsc_hz = 3.5e9;  // within 10% of 3.66 GHz
  const auto close = GlobalFindings(facts);
  EXPECT_EQ(FindFinding(close, "clock.tsc-vs-core"), nullptr);
  facts.clock.core_hz = 0;
  const auto unknown = GlobalFindings(facts);
  EXPECT_NE(FindFinding(unknown, "clock.core-unknown"), nullptr);
  // Under emulation no cpb is computed, so an unknown clock is no finding of its own.
  facts.emulation = "this aarch64 binary runs on an x86_64 CPU (/proc/cpuinfo)";
  const auto emulated = GlobalFindings(facts);
  EXPECT_EQ(FindFinding(emulated, "clock.core-unknown"), nullptr);
  EXPECT_EQ(FindFinding(emulated, "clock.tsc-vs-core"), nullptr);
  EXPECT_NE(FindFinding(emulated, "machine.emulated"), nullptr);
}

TEST(GlobalFindingsTest, ATickCounterThatIsNoTscIsNotComparedWithTheCoreClock) {
  // AArch64's CNTVCT_EL0 runs at a fixed rate (62.5 MHz here) unrelated to the core clock.
  DoctorFacts facts = Zen4Debian30();
  facts.clock.tsc_hz = 62.5e6;
  EXPECT_NE(FindFinding(GlobalFindings(facts), "clock.tsc-vs-core"), nullptr);
  facts.clock.tick_counter_is_tsc = false;
  EXPECT_EQ(FindFinding(GlobalFindings(facts), "clock.tsc-vs-core"), nullptr);
}

TEST(GlobalFindingsTest, AvxStateDisabledByTheOs) {
  DoctorFacts facts;
  facts.cpu = CpuFromFixture("intel-xeon-6148-avx512-off.txt");
  const auto findings = GlobalFindings(facts);
  const Finding* f = FindFinding(findings, "os.avx512-disabled");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, Severity::kWarning);
  EXPECT_TRUE(Has(f->evidence, "XCR0 = 0x7")) << f->evidence;
  EXPECT_TRUE(Has(f->evidence, "AVX-512F")) << f->evidence;
}

TEST(GlobalFindingsTest, NoAsmIsAnErrorOnACpuWithCryptoInstructions) {
  const auto findings = GlobalFindings(Zen4NoAsm());
  const Finding* f = FindFinding(findings, "library.no-asm");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, Severity::kError);
  EXPECT_TRUE(Has(f->evidence, "CPUINFO: N/A"));
  EXPECT_TRUE(Has(f->evidence, "AES-NI, PCLMULQDQ, SHA-NI, AVX2")) << f->evidence;

  DoctorFacts core2 = Core2();
  core2.no_asm_build = true;
  const auto core2_findings = GlobalFindings(core2);
  const Finding* warning = FindFinding(core2_findings, "library.no-asm");
  ASSERT_NE(warning, nullptr);
  EXPECT_EQ(warning->severity, Severity::kWarning);
}

TEST(GlobalFindingsTest, EnvironmentMaskNamesValueFeaturesAndThePitfall) {
  const auto findings = GlobalFindings(Zen4WithEnv("~0x200000000000000"));
  const Finding* f = FindFinding(findings, "env.ia32cap");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, Severity::kWarning);
  EXPECT_TRUE(Has(f->evidence, "OPENSSL_ia32cap=~0x200000000000000 clears AES-NI,"));
  EXPECT_TRUE(Has(f->evidence, "SHA-NI")) << f->evidence;
  EXPECT_TRUE(Has(f->evidence, "writes 1 of the 2 words")) << f->evidence;
  EXPECT_FALSE(f->advice.empty());

  // Writing both words: no pitfall note.
  const auto both_words = GlobalFindings(Zen4WithEnv("~0x200000000000000:~0"));
  const Finding* full = FindFinding(both_words, "env.ia32cap");
  ASSERT_NE(full, nullptr);
  EXPECT_FALSE(Has(full->evidence, "words")) << full->evidence;
}

TEST(GlobalFindingsTest, CpuWithoutAesNiIsInformation) {
  const auto findings = GlobalFindings(Core2());
  EXPECT_EQ(Ids(findings),
            (std::vector<std::string>{"cpu.no-aesni", "cpu.no-pclmulqdq", "cpu.no-sha-ni"}));
  const Finding* aes = FindFinding(findings, "cpu.no-aesni");
  EXPECT_EQ(aes->severity, Severity::kInfo);
  EXPECT_TRUE(Has(aes->evidence, "best software class here: bsaes")) << aes->evidence;
  EXPECT_TRUE(Has(FindFinding(findings, "cpu.no-sha-ni")->evidence, ": SSSE3"));
}

// ---- Doctor model ---------------------------------------------------------------------------

TEST(DoctorModelTest, Names) {
  EXPECT_STREQ(SeverityName(Severity::kInfo), "info");
  EXPECT_STREQ(SeverityName(Severity::kWarning), "warning");
  EXPECT_STREQ(SeverityName(Severity::kError), "error");
  EXPECT_STREQ(VerdictStatusName(VerdictStatus::kAccelerated), "accelerated");
  EXPECT_STREQ(VerdictStatusName(VerdictStatus::kNotAccelerated), "NOT accelerated");
  EXPECT_STREQ(VerdictStatusName(VerdictStatus::kMasked), "masked");
  EXPECT_STREQ(VerdictStatusName(VerdictStatus::kSoftwareExpected), "software (expected)");
  EXPECT_STREQ(VerdictStatusName(VerdictStatus::kNoHardwarePath), "no hardware path");
  EXPECT_STREQ(VerdictStatusName(VerdictStatus::kUndetermined), "undetermined");
}

TEST(DoctorModelTest, ExitStatusFollowsProblemsAndErrors) {
  DoctorReport report;
  EXPECT_EQ(report.ExitStatus(), 0);
  for (VerdictStatus status : {VerdictStatus::kAccelerated, VerdictStatus::kSoftwareExpected,
                               VerdictStatus::kNoHardwarePath, VerdictStatus::kUndetermined}) {
    EXPECT_FALSE(IsProblem(status));
    report.verdicts.push_back(WithStatus(status));
  }
  report.findings.push_back(WithSeverity("machine.load", Severity::kWarning));
  EXPECT_EQ(report.ExitStatus(), 0);

  for (VerdictStatus status : {VerdictStatus::kNotAccelerated, VerdictStatus::kMasked}) {
    EXPECT_TRUE(IsProblem(status));
    DoctorReport with_problem = report;
    with_problem.verdicts.push_back(WithStatus(status));
    EXPECT_EQ(with_problem.ExitStatus(), 1);
  }
  // A failed measurement leaves the verdict unproven: exit 1, as `speed` does.
  DoctorReport with_failure = report;
  Verdict failed = WithStatus(VerdictStatus::kUndetermined);
  Measurement timeout;
  timeout.status = results::CellStatus::kTimeout;
  failed.measurements.push_back(timeout);
  with_failure.verdicts.push_back(failed);
  EXPECT_EQ(with_failure.ExitStatus(), 1);

  report.findings.push_back(WithSeverity("library.no-asm", Severity::kError));
  EXPECT_EQ(report.ExitStatus(), 1);
}

}  // namespace
}  // namespace cryptobench::diagnose
