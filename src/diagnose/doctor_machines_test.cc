// doctor's verdicts replayed on the CPU and clock facts of several machines: the experiments it
// plans, the cpb class each algorithm lands in, and the fall-back when no core clock can be
// trusted. Each machine's report is also compared with a golden text file,
// tests/golden/doctor-machines/<machine>.txt (regenerate as doctor_report_test.cc says).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cpu/clock_facts.h"
#include "cpu/core_clock.h"

#include "diagnose/doctor_report.h"
#include "diagnose/verdict.h"
#include "diagnose/verdict_test_fixtures.h"
#include "support/doctor_findings.h"
#include "support/golden.h"

namespace cryptobench::diagnose {
namespace {

using ::cryptobench::testing::DoctorText;
using testing::CpuFromFixture;
using testing::Mbps;
using testing::MbpsAtCpb;

// One algorithm's recorded throughputs at 16 KiB, MB/s: "as is", then one per planned
// experiment, in PlanExperiments' order.
struct Recorded {
  const char* algorithm;
  const char* operation;
  std::vector<double> mb_per_s;
};

const AlgorithmInfo& Alg(std::string_view name) {
  const AlgorithmInfo* alg = FindAlgorithm(name);
  if (alg == nullptr) {
    throw std::runtime_error("not in the catalogue: " + std::string(name));
  }
  return *alg;
}

// doctor's orchestration (diagnose/doctor.cc RunDoctor) with recorded measurements.
DoctorReport Replay(const DoctorFacts& facts, const std::vector<Recorded>& recorded) {
  DoctorReport report;
  report.created_utc = "2026-12-01T22:00:00Z";
  report.tool_version = "0.1.0";
  report.facts = facts;
  const cpu::CpbClockRange range = cpu::CpbClockRangeOf(facts.clock);
  report.core_hz_low = range.low_hz;
  report.core_hz_high = range.high_hz;
  report.cpb_clock_basis = range.basis;
  report.findings = GlobalFindings(facts);
  for (const Recorded& r : recorded) {
    const std::vector<Experiment> plan = PlanExperiments(Alg(r.algorithm), facts);
    EXPECT_EQ(plan.size() + 1, r.mb_per_s.size()) << r.algorithm << ": experiments planned";
    std::vector<Measurement> measurements;
    for (size_t i = 0; i < r.mb_per_s.size() && i <= plan.size(); ++i) {
      measurements.push_back(Mbps(r.mb_per_s[i], 0.01, i == 0 ? "as is" : plan[i - 1].label));
      if (i > 0) {
        measurements.back().masked_features = plan[i - 1].features;
        measurements.back().ia32cap = ExperimentIa32cap(plan[i - 1], facts);
      }
    }
    for (Verdict& v : DecideVerdicts(Alg(r.algorithm), r.operation, testing::kLen, facts, plan,
                                     measurements, range.low_hz, range.high_hz)) {
      report.verdicts.push_back(std::move(v));
    }
  }
  return report;
}

const Verdict& Find(const DoctorReport& report, std::string_view algorithm) {
  for (const Verdict& v : report.verdicts) {
    if (v.algorithm == algorithm) {
      return v;
    }
  }
  throw std::runtime_error("no verdict for " + std::string(algorithm));
}

// No verdict contradicts itself: an accelerated verdict whose cpb fits only software classes
// must say that the two disagree and which evidence it trusts.
void ExpectNoSelfContradiction(const DoctorReport& report) {
  for (const Verdict& v : report.verdicts) {
    if (v.status == VerdictStatus::kAccelerated && v.fingerprint.starts_with("software")) {
      EXPECT_NE(v.line.find("contradicts the mask experiment"), std::string::npos) << v.line;
    }
  }
}

// ---- The machines ------------------------------------------------------------------------

// The project's CI machine (tests/fixtures/cpuid/intel-xeon-emerald-rapids-vm.txt) with Debian's
// OpenSSL 3.0 (CPUINFO from `openssl version -a` there). Clock probes and throughputs recorded
// there with `cryptobench doctor --format json` on 2026-12-01 (aes-128-cbc aes-128-gcm sha256).
constexpr double kEmrAddHz = 2.593e9;
constexpr double kEmrImulHz = 2.588e9;

DoctorFacts EmeraldRapids(bool folded_clock) {
  DoctorFacts facts;
  facts.cpu = CpuFromFixture("intel-xeon-emerald-rapids-vm.txt");
  facts.clock.tsc_hz = 2.1e9;
  facts.clock.load_average_1min = 8.4;
  facts.clock.steal_fraction = 0.0;
  facts.clock.online_cpus = 2;
  // The folding case: an immediate-add chain (`add $1, reg`), which Golden Cove folds at
  // rename, read 24.3 GHz beside the imul chain's clock.
  const double add_hz = folded_clock ? 24.3e9 : kEmrAddHz;
  facts.clock.core_clock = testing::ProbedClock(add_hz, kEmrImulHz);
  facts.clock.core_hz = facts.clock.core_clock.hz;
  facts.library.loaded_path = "/usr/lib/x86_64-linux-gnu/libcrypto.so.3";
  facts.library.version = "OpenSSL 3.0.19 27 Jan 2026";
  facts.library.version_num = 0x30000130;
  facts.library.capability_vector = "0xfffa32034f8bffff:0x1b415fdef1bf27eb";
  facts.library.cpu_info = "CPUINFO: OPENSSL_ia32cap=" + facts.library.capability_vector;
  facts.detected_capability_vector = facts.library.capability_vector;
  for (const char* module : {"aesni-x86_64", "aesni-gcm-x86_64", "ghash-x86_64", "sha256-x86_64"}) {
    facts.asm_modules.push_back(AsmModule{module, "", ""});
  }
  return facts;
}

// Recorded on the Emerald Rapids VM (see EmeraldRapids): AES-128-CBC as is / AES-NI masked;
// AES-128-GCM as is / VAES masked / AES-NI masked / PCLMULQDQ masked (GHASH); SHA-256 as is /
// SHA-NI masked.
const std::vector<Recorded> kEmeraldRapidsRuns = {
    {"AES-128-CBC", "encrypt", {1240.5, 239.5}},
    {"AES-128-GCM", "encrypt", {4497.3, 4666.5, 406.4, 358.8}},
    {"SHA-256", "hash", {1186.3, 345.0}},
};

// Intel Xeon Gold 6148 (Skylake-SP) guest whose hypervisor hides the AVX-512 state
// (tests/fixtures/cpuid/intel-xeon-6148-avx512-off.txt, hand-written): no VAES, no SHA-NI.
// OpenSSL 3.0's vector is CPUID.1 ECX:EDX and CPUID.7 ECX:EBX with the AVX-512 bits cleared, as
// OpenSSL clears them when XCR0 lacks the ZMM state. Throughputs are derived from published cpb
// at the 3.0 GHz core clock assumed here: AES-NI CBC encrypt SKL 2.62 (aesni-x86_64.pl:177-185),
// vpaes CBC 10.0 (Nehalem, vpaes-x86_64.pl:35-41), AES-NI+AVX GCM SKL 0.63
// (aesni-gcm-x86_64.pl:31-38), bsaes CTR 6.88 + CLMUL GHASH 0.44 (bsaes-x86_64.pl:42-57,
// ghash-x86_64.pl:68-77), AES-NI CTR 0.63 + 4-bit GHASH 7.7 (ghash-x86_64.pl:27-33), SHA-256
// AVX2 SKL 7.70 (sha512-x86_64.pl:99-100).
constexpr double kSkxHz = 3.0e9;

DoctorFacts SkylakeSp() {
  DoctorFacts facts;
  facts.cpu = CpuFromFixture("intel-xeon-6148-avx512-off.txt");
  facts.clock.tsc_hz = 2.4e9;
  facts.clock.core_clock = testing::ProbedClock(kSkxHz, kSkxHz);
  facts.clock.core_hz = facts.clock.core_clock.hz;
  facts.clock.load_average_1min = 0.1;
  facts.clock.online_cpus = 4;
  facts.library.loaded_path = "/usr/lib/x86_64-linux-gnu/libcrypto.so.3";
  facts.library.version = "OpenSSL 3.0.19 27 Jan 2026";
  facts.library.version_num = 0x30000130;
  facts.library.capability_vector = "0xfffefbffbfebfbff:0x8039cfffb";
  facts.library.cpu_info = "CPUINFO: OPENSSL_ia32cap=" + facts.library.capability_vector;
  facts.detected_capability_vector = facts.library.capability_vector;
  return facts;
}

const std::vector<Recorded> kSkylakeSpRuns = {
    {"AES-128-CBC", "encrypt", {MbpsAtCpb(2.62, kSkxHz), MbpsAtCpb(10.0, kSkxHz)}},
    {"AES-128-GCM",
     "encrypt",
     {MbpsAtCpb(0.63, kSkxHz), MbpsAtCpb(6.88 + 0.44, kSkxHz), MbpsAtCpb(0.63 + 7.7, kSkxHz)}},
    {"SHA-256", "hash", {MbpsAtCpb(7.70, kSkxHz)}},
};

// The Zen 4 build machine of the verdict tests (verdict_test_fixtures.h) with its recorded
// figures (cpb-reference.md sec. 8): AES-128-CBC 1425 / 299; AES-128-GCM 4468 / VAES masked
// 4510 / AES-NI masked 647 / GHASH 6.74 cpb; SHA-256 1789 / 522.
DoctorFacts Zen4() {
  DoctorFacts facts = testing::Zen4Debian30();
  facts.clock.core_clock = testing::ProbedClock(testing::kZen4Hz, testing::kZen4Hz);
  facts.clock.core_hz = facts.clock.core_clock.hz;
  return facts;
}

const std::vector<Recorded> kZen4Runs = {
    {"AES-128-CBC", "encrypt", {1425, 299}},
    {"AES-128-GCM", "encrypt", {4468, 4510, 647, MbpsAtCpb(6.74, testing::kZen4Hz)}},
    {"SHA-256", "hash", {1789, 522}},
};

// The Core 2 Duo E8400 of the verdict tests: no AES-NI, PCLMULQDQ or SHA-NI. Published figures:
// vpaes CBC encrypt 21.9 cpb (vpaes-x86_64.pl:35-41), bsaes CTR + 4-bit GHASH 8.69 + 8.1
// (bsaes-x86_64.pl:42-57, ghash-x86_64.pl:27-33), SHA-256 SSSE3 on Core 2 is not published:
// the integer asm 17.4 cpb (sha512-x86_64.pl:93-102) stands in.
DoctorFacts Core2() {
  DoctorFacts facts = testing::Core2();
  facts.clock.core_clock = testing::ProbedClock(testing::kCore2Hz, testing::kCore2Hz);
  facts.clock.core_hz = facts.clock.core_clock.hz;
  return facts;
}

const std::vector<Recorded> kCore2Runs = {
    {"AES-128-CBC", "encrypt", {MbpsAtCpb(21.9, testing::kCore2Hz)}},
    {"AES-128-GCM", "encrypt", {MbpsAtCpb(8.69 + 8.1, testing::kCore2Hz)}},
    {"SHA-256", "hash", {MbpsAtCpb(17.4, testing::kCore2Hz)}},
};

// ---- Tests -------------------------------------------------------------------------------

TEST(DoctorMachinesTest, EmeraldRapidsLandsInItsHardwareClasses) {
  const DoctorReport report = Replay(EmeraldRapids(false), kEmeraldRapidsRuns);
  EXPECT_EQ(report.facts.clock.core_clock.source, cpu::CoreClockSource::kChainProbes);
  const Verdict& cbc = Find(report, "AES-128-CBC");
  EXPECT_EQ(cbc.status, VerdictStatus::kAccelerated) << cbc.line;
  EXPECT_EQ(cbc.fingerprint, "AES-NI (aesni_cbc_encrypt)") << cbc.line;
  const Verdict& gcm = Find(report, "AES-128-GCM");
  EXPECT_EQ(gcm.status, VerdictStatus::kAccelerated) << gcm.line;
  EXPECT_NE(gcm.fingerprint.find("AES-NI+AVX stitched"), std::string::npos) << gcm.line;
  EXPECT_EQ(gcm.fingerprint.find("VAES"), std::string::npos) << gcm.line;
  const Verdict& sha = Find(report, "SHA-256");
  EXPECT_EQ(sha.status, VerdictStatus::kAccelerated) << sha.line;
  EXPECT_EQ(sha.fingerprint, "SHA-NI (sha256_block_data_order_shaext)") << sha.line;
  EXPECT_EQ(Find(report, "GHASH (AES-128-GCM)").status, VerdictStatus::kAccelerated);
  ExpectNoSelfContradiction(report);
  EXPECT_EQ(report.ExitStatus(), 0);
  cryptobench::testing::ExpectMatchesGolden(DoctorText(report),
                                            "doctor-machines/emerald-rapids-vm.txt");
}

TEST(DoctorMachinesTest, AFoldedClockProbeIsRejectedAndTheMasksDecide) {
  const DoctorReport report = Replay(EmeraldRapids(true), kEmeraldRapidsRuns);
  EXPECT_EQ(report.facts.clock.core_hz, 0);
  EXPECT_FALSE(report.facts.clock.core_clock.rejected.empty());
  bool warned = false;
  for (const Finding& f : report.findings) {
    warned = warned || f.id == "clock.core-unknown";
  }
  EXPECT_TRUE(warned);
  // The range comes from the TSC, not from a 24 GHz reading.
  EXPECT_DOUBLE_EQ(report.core_hz_low, 2.1e9 * cpu::kTscLowFactor);
  EXPECT_DOUBLE_EQ(report.core_hz_high, 2.1e9 * cpu::kTscHighFactor);
  for (const char* name : {"AES-128-CBC", "AES-128-GCM", "SHA-256"}) {
    const Verdict& v = Find(report, name);
    EXPECT_EQ(v.status, VerdictStatus::kAccelerated) << v.line;
    // No software class is named for a hardware path: the wide range leaves the fingerprint
    // hardware or ambiguous, and the mask experiment decides.
    EXPECT_FALSE(v.fingerprint.starts_with("software")) << v.line;
  }
  ExpectNoSelfContradiction(report);
  cryptobench::testing::ExpectMatchesGolden(DoctorText(report),
                                            "doctor-machines/emerald-rapids-vm-folded-clock.txt");
}

TEST(DoctorMachinesTest, AWrongTrustedClockYieldsAVerdictThatNamesTheConflict) {
  // What the 24 GHz reading did before the two-probe rule, forced here through the facts: the
  // cpb then fits software, the mask experiment proves AES-NI, and the line says both.
  DoctorFacts facts = EmeraldRapids(false);
  facts.clock.core_hz = 24.3e9;
  const DoctorReport report = Replay(facts, {kEmeraldRapidsRuns[0]});
  const Verdict& cbc = Find(report, "AES-128-CBC");
  EXPECT_EQ(cbc.status, VerdictStatus::kAccelerated);
  EXPECT_TRUE(cbc.fingerprint.starts_with("software")) << cbc.fingerprint;
  EXPECT_NE(cbc.line.find("contradicts the mask experiment: the experiment is trusted"),
            std::string::npos)
      << cbc.line;
  EXPECT_EQ(cbc.line.find(", fits software"), std::string::npos) << cbc.line;
}

TEST(DoctorMachinesTest, SkylakeSpHasNoShaNiAndRunsAesNi) {
  const DoctorReport report = Replay(SkylakeSp(), kSkylakeSpRuns);
  EXPECT_EQ(Find(report, "AES-128-CBC").fingerprint, "AES-NI (aesni_cbc_encrypt)");
  EXPECT_NE(Find(report, "AES-128-GCM").fingerprint.find("AES-NI+AVX stitched"), std::string::npos)
      << Find(report, "AES-128-GCM").line;
  const Verdict& sha = Find(report, "SHA-256");
  EXPECT_EQ(sha.status, VerdictStatus::kSoftwareExpected) << sha.line;
  EXPECT_NE(sha.fingerprint.find("AVX2+BMI"), std::string::npos) << sha.line;
  ExpectNoSelfContradiction(report);
  cryptobench::testing::ExpectMatchesGolden(DoctorText(report),
                                            "doctor-machines/skylake-sp-vm.txt");
}

TEST(DoctorMachinesTest, Zen4LandsInItsHardwareClasses) {
  const DoctorReport report = Replay(Zen4(), kZen4Runs);
  EXPECT_EQ(Find(report, "AES-128-CBC").fingerprint, "AES-NI (aesni_cbc_encrypt)");
  EXPECT_NE(Find(report, "AES-128-GCM").fingerprint.find("AES-NI+AVX stitched"), std::string::npos);
  EXPECT_EQ(Find(report, "SHA-256").fingerprint, "SHA-NI (sha256_block_data_order_shaext)");
  ExpectNoSelfContradiction(report);
  cryptobench::testing::ExpectMatchesGolden(DoctorText(report), "doctor-machines/zen4-vm.txt");
}

TEST(DoctorMachinesTest, Core2ExpectsSoftwareEverywhere) {
  const DoctorReport report = Replay(Core2(), kCore2Runs);
  for (const char* name : {"AES-128-CBC", "AES-128-GCM", "SHA-256"}) {
    EXPECT_EQ(Find(report, name).status, VerdictStatus::kSoftwareExpected)
        << Find(report, name).line;
  }
  EXPECT_EQ(report.ExitStatus(), 0);
  cryptobench::testing::ExpectMatchesGolden(DoctorText(report), "doctor-machines/core2.txt");
}

}  // namespace
}  // namespace cryptobench::diagnose
