// Tests of the engine table (engines.h, data/engine-offloads.csv) and of the findings that read
// it and the library-changes table against a report: EngineFindings and LibraryFindings
// (doctor_from.h), each firing with its evidence and not without it.
#include "diagnose/engines.h"

#include <stdexcept>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_from.h"
#include "diagnose/library_changes.h"
#include "diagnose/stated_causes.h"
#include "support/doctor_findings.h"
#include "support/imported_cell.h"

namespace cryptobench::diagnose {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

using cryptobench::testing::FindingOf;
using cryptobench::testing::ImportedFigure;
using cryptobench::testing::ImportedRunOf;
using cryptobench::testing::StatedTags;

// An imported openssl speed run of `version` on `platform`, timed with -elapsed.
results::RunResult SpeedRun(const std::string& version, const std::string& platform) {
  results::RunResult run = ImportedRunOf("openssl speed", version, "wall_clock");
  run.library.version = "OpenSSL " + version;
  run.library.platform = platform;
  return run;
}

void Add(results::RunResult& run, const std::string& algorithm, double mb_per_s,
         const std::string& implementation = "") {
  results::AlgorithmResult alg;
  alg.algorithm = algorithm;
  alg.kind = algorithm.ends_with("GCM") ? "aead" : "cipher";
  alg.implementation = implementation;
  alg.cells = {ImportedFigure("encrypt", 16, mb_per_s / 4),
               ImportedFigure("encrypt", 16384, mb_per_s)};
  run.algorithms.push_back(std::move(alg));
}

std::vector<std::string> Tags(const results::RunResult& run) {
  return StatedTags(DiagnoseReport(run));
}

TEST(EngineOffloadsTest, TheEmbeddedTableParsesAndCitesItsSources) {
  const std::vector<EngineOffloads>& table = EngineOffloadsTable();
  ASSERT_FALSE(table.empty());
  for (const EngineOffloads& row : table) {
    EXPECT_TRUE(IsCitableSource(row.source)) << "line " << row.line;
    EXPECT_FALSE(row.offloads.empty()) << "line " << row.line;
  }
  ASSERT_NE(FindEngineOffloads("QAT"), nullptr);
  EXPECT_TRUE(FindEngineOffloads("qat")->fixed);
  EXPECT_EQ(FindEngineOffloads("devcrypto")->target, "kernel");
  EXPECT_EQ(FindEngineOffloads("no-such-engine"), nullptr);
}

TEST(EngineOffloadsTest, BadRowsFail) {
  const std::string header = "engine,target,fixed,offloads,source,note\n";
  for (const char* row :
       {"qat,card,yes,AES-128-CBC,https://example.org/a,",
        "qat,device,maybe,AES-128-CBC,https://example.org/a,",
        "qat,device,yes,,https://example.org/a,", "qat,device,yes,AES-128-CBC,QAT_Engine,"}) {
    EXPECT_THROW(ParseEngineOffloads(header + row + "\n"), std::runtime_error) << row;
  }
}

TEST(EngineOffloadsTest, ReadsTheEngineOfARunAndAPastedList) {
  EXPECT_EQ(EngineOfRun("engine qat"), "qat");
  EXPECT_EQ(EngineOfRun("provider default, engine devcrypto"), "devcrypto");
  EXPECT_EQ(EngineOfRun("provider fips"), "");
  const std::vector<results::SourceFact> facts = {
      {"engine", "dynamic: Dynamic engine loading support; unavailable", 3},
      {"engine", "afalg: AFALG engine support [AES-128-CBC, AES-256-CBC]; available", 5}};
  EXPECT_EQ(PastedEngineAlgorithms(facts, "afalg"),
            (std::vector<std::string>{"AES-128-CBC", "AES-256-CBC"}));
  EXPECT_FALSE(PastedEngineAlgorithms(facts, "dynamic"));  // no algorithm list
  EXPECT_FALSE(PastedEngineAlgorithms(facts, "devcrypto"));
  EXPECT_TRUE(SameAlgorithmName("SHA256", "sha-256"));
  EXPECT_EQ(KernelAlgorithmName("AES-256-CBC"), "cbc(aes)");
  EXPECT_EQ(KernelAlgorithmName("AES-128-GCM"), "gcm(aes)");
  EXPECT_EQ(KernelAlgorithmName("SHA-256"), "sha256");
  EXPECT_EQ(KernelAlgorithmName("BLAKE2b-512"), "");
}

// User CPU timing hides offloaded work only for what the engine takes: a pasted afalg list of
// AES-CBC only, with AES-128-GCM measured, leaves OpenSSL's own code timed, so no offload warning.
TEST(EngineFindingsTest, UserCpuOffloadWarningOnlyForAlgorithmsTheEngineMayTake) {
  results::RunResult run = SpeedRun("1.1.1f", "linux-aarch64");
  run.source.evp = "evp";
  run.source.timing_basis = "user_cpu";
  run.source.engine_or_provider = "engine afalg";
  run.source.facts = {
      {"engine", "afalg: AFALG engine support [AES-128-CBC, AES-192-CBC, AES-256-CBC]", 1}};
  Add(run, "AES-128-GCM", 50);
  DoctorReport report = DiagnoseReport(run);
  EXPECT_NE(FindingOf(report, "engine.not-offloaded"), nullptr);
  EXPECT_EQ(FindingOf(report, "report.user-cpu-offload"), nullptr);
  EXPECT_THAT(Tags(run), Not(Contains("user-cpu-timing-hides-offload")));
  // A public-key row: the engine lists say nothing about it, so the warning stands.
  results::RunResult with_rsa = run;
  results::AlgorithmResult rsa;
  rsa.algorithm = "RSA-2048";
  rsa.kind = "signature";
  rsa.cells = {ImportedFigure("sign", 0, 0.001)};
  with_rsa.algorithms.push_back(rsa);
  EXPECT_NE(FindingOf(DiagnoseReport(with_rsa), "report.user-cpu-offload"), nullptr);

  // A measured algorithm the list names: the warning stands.
  Add(run, "AES-128-CBC", 50);
  report = DiagnoseReport(run);
  EXPECT_NE(FindingOf(report, "report.user-cpu-offload"), nullptr);
  // No pasted list for an engine whose list varies: the evidence does not exclude it.
  run.source.facts.clear();
  run.algorithms.pop_back();
  EXPECT_NE(FindingOf(DiagnoseReport(run), "report.user-cpu-offload"), nullptr);
}

TEST(EngineFindingsTest, AnEngineWhoseCompiledListLacksTheAlgorithmDoesNotOffloadIt) {
  results::RunResult run = SpeedRun("1.1.1f", "linux-x86_64");
  run.source.evp = "evp";
  run.source.engine_or_provider = "engine qat";
  Add(run, "AES-128-GCM", 5700);
  const DoctorReport report = DiagnoseReport(run);
  const Finding* finding = FindingOf(report, "engine.not-offloaded");
  ASSERT_NE(finding, nullptr);
  EXPECT_THAT(finding->evidence, HasSubstr("QAT_Engine"));
  EXPECT_THAT(Tags(run), Contains("engine-does-not-offload-algorithm"));

  // Rows the text does not show to be EVP, of a release not known to be 3.x: a note only.
  results::RunResult unknown_api = run;
  unknown_api.source.evp = "unknown";
  EXPECT_THAT(Tags(unknown_api), Not(Contains("engine-does-not-offload-algorithm")));
  unknown_api.library.version_num = 0x30000000;
  EXPECT_THAT(Tags(unknown_api), Contains("engine-does-not-offload-algorithm"));

  // Low-level API rows never reach an engine: its list says nothing about them.
  results::RunResult legacy = run;
  legacy.source.evp = "legacy";
  legacy.source.caveats.push_back(
      "Rows 'aes-128 cbc' time OpenSSL 1.x's low-level API (AES_*, DES_*, SHA256() ...), not EVP.");
  EXPECT_THAT(Tags(legacy), Not(Contains("engine-does-not-offload-algorithm")));

  // Without the engine, or with an engine the table does not know: nothing.
  run.source.engine_or_provider = "";
  EXPECT_THAT(Tags(run), Not(Contains("engine-does-not-offload-algorithm")));
  run.source.engine_or_provider = "engine mystery";
  EXPECT_THAT(Tags(run), Not(Contains("engine-does-not-offload-algorithm")));
}

TEST(EngineFindingsTest, AKernelEngineNeedsAPastedListToShowAnAlgorithmIsNotTaken) {
  results::RunResult run = SpeedRun("1.1.1k", "linux-aarch64");
  run.source.engine_or_provider = "engine devcrypto";
  Add(run, "AES-128-GCM", 300);
  // devcrypto's list depends on the kernel: the table alone does not say.
  EXPECT_THAT(Tags(run), Not(Contains("engine-does-not-offload-algorithm")));
  run.source.facts.push_back(
      {"engine", "devcrypto: /dev/crypto engine [AES-128-CBC, AES-256-CBC, SHA256]", 4});
  EXPECT_THAT(Tags(run), Contains("engine-does-not-offload-algorithm"));
}

TEST(EngineFindingsTest, AnEngineThatDidNotLoadIsNamedAndNoEngineFindingFollows) {
  results::RunResult run = SpeedRun("1.0.2n", "linux-aarch64");
  Add(run, "AES-256-CBC", 200);
  EXPECT_THAT(Tags(run), Not(Contains("no-such-engine")));
  run.source.facts.push_back({"engine_load_failed", "cryptodev", 2});
  EXPECT_THAT(Tags(run), Contains("no-such-engine"));
  const DoctorReport report = DiagnoseReport(run);
  const Finding* finding = FindingOf(report, "engine.not-loaded");
  ASSERT_NE(finding, nullptr);
  EXPECT_THAT(finding->summary, HasSubstr("cryptodev engine did not load"));
  EXPECT_THAT(finding->evidence, HasSubstr("line 2"));
  EXPECT_THAT(finding->evidence, HasSubstr("apps/apps.c"));
  EXPECT_THAT(Tags(run), Not(Contains("cannot-tell")));
}

TEST(EngineFindingsTest, AKernelEngineOverASoftwareDriverIsNamed) {
  results::RunResult run = SpeedRun("1.1.1k", "linux-aarch64");
  run.source.engine_or_provider = "engine devcrypto";
  Add(run, "AES-256-CBC", 50);
  run.source.facts.push_back(
      {"engine", "devcrypto: /dev/crypto engine [AES-128-CBC, AES-256-CBC, SHA256]", 4});
  // Nothing shows the kernel's driver yet: cannot tell.
  EXPECT_THAT(Tags(run), Not(Contains("engine-software-driver")));
  EXPECT_THAT(Tags(run), Contains("cannot-tell"));

  results::RunResult lsmod = run;
  lsmod.source.facts.push_back({"kernel_module", "cryptodev", 2});
  lsmod.source.facts.push_back({"kernel_module", "aes_neon_bs", 3});
  lsmod.source.facts.push_back({"kernel_module", "sha256_generic", 4});
  EXPECT_THAT(Tags(lsmod), Contains("engine-software-driver"));
  const DoctorReport lsmod_report = DiagnoseReport(lsmod);  // FindingOf points into it
  const Finding* finding = FindingOf(lsmod_report, "engine.software-driver");
  ASSERT_NE(finding, nullptr);
  EXPECT_THAT(finding->evidence, HasSubstr("aes_neon_bs"));
  // lsmod alone cannot see a driver built into the kernel: likely, not certain, and the
  // kernel driver table's source is cited.
  EXPECT_THAT(finding->summary, HasSubstr("most likely"));
  EXPECT_THAT(finding->advice, HasSubstr("/proc/crypto"));
  EXPECT_THAT(finding->evidence, HasSubstr("https://github.com/torvalds/linux/"));

  // A hardware engine's module in the list: it may serve the algorithm.
  results::RunResult engine = lsmod;
  engine.source.facts.push_back({"kernel_module", "sun8i_ce", 5});
  EXPECT_THAT(Tags(engine), Not(Contains("engine-software-driver")));

  // /proc/crypto: the driver of highest priority decides.
  results::RunResult proc = run;
  proc.source.facts.push_back(
      {"kernel_driver", "cbc(aes): driver cbc-aes-neonbs, module aes_neon_bs, priority 250", 6});
  EXPECT_THAT(Tags(proc), Contains("engine-software-driver"));
  const DoctorReport proc_report = DiagnoseReport(proc);
  const Finding* settled = FindingOf(proc_report, "engine.software-driver");
  ASSERT_NE(settled, nullptr);
  EXPECT_THAT(settled->summary, Not(HasSubstr("most likely")));
  EXPECT_THAT(settled->evidence, HasSubstr("https://github.com/torvalds/linux/"));
  proc.source.facts.push_back(
      {"kernel_driver", "cbc(aes): driver cbc-aes-sun8i-ce, module sun8i_ce, priority 400", 9});
  EXPECT_THAT(Tags(proc), Not(Contains("engine-software-driver")));
}

TEST(LibraryFindingsTest, AReleaseWithoutTheArchitecturesAssemblyIsNamed) {
  results::RunResult run = SpeedRun("1.0.1e", "linux-aarch64");
  Add(run, "AES-128-CBC", 60);
  EXPECT_THAT(Tags(run), Contains("library-lacks-asm-path"));
  // 1.0.2 has the ARMv8 code; x86-64 1.0.1 has AES-NI: no finding.
  EXPECT_THAT(Tags(SpeedRun("1.0.2k", "linux-aarch64")), Not(Contains("library-lacks-asm-path")));
  results::RunResult later = SpeedRun("1.0.2k", "linux-aarch64");
  Add(later, "AES-128-CBC", 60);
  EXPECT_THAT(Tags(later), Not(Contains("library-lacks-asm-path")));
  results::RunResult x86 = SpeedRun("1.0.1e", "linux-x86_64");
  Add(x86, "AES-128-CBC", 60);
  EXPECT_THAT(Tags(x86), Not(Contains("library-lacks-asm-path")));
  // A figure only hardware reaches contradicts it.
  results::RunResult fast = SpeedRun("1.0.1e", "linux-aarch64");
  Add(fast, "AES-128-CBC", 4000);
  EXPECT_THAT(Tags(fast), Not(Contains("library-lacks-asm-path")));
}

// LibreSSL on AArch64 (libressl/portable issue 464: 2.4.2 ran AES-128-CBC at about 30 MB/s on a
// Cortex-A53, OpenSSL's ARMv8 code backported at 185): a release the table's "absent" rows cover,
// with the library, version and architecture in the text and a software figure, states
// library-lacks-asm-path citing the row; the legacy-API rows are then no cause, since EVP has no
// ARMv8 path either. Outside the range, for OpenSSL of the same number, without an architecture,
// or at a hardware speed: no such cause.
TEST(LibraryFindingsTest, ALibresslReleaseWithoutArmv8AssemblyIsNamed) {
  const auto libressl = [](const std::string& version, const std::string& platform) {
    results::RunResult run = SpeedRun("LibreSSL " + version, platform);
    run.library.version = "LibreSSL " + version;
    return run;
  };
  results::RunResult run = libressl("2.4.2", "linux-aarch64");
  Add(run, "AES-128-CBC", 35);
  EXPECT_THAT(Tags(run), Contains("library-lacks-asm-path"));
  const DoctorReport report = DiagnoseReport(run);
  const Finding* finding = FindingOf(report, "library.lacks-asm-path");
  ASSERT_NE(finding, nullptr);
  EXPECT_THAT(finding->summary, HasSubstr("LibreSSL 2.4.2"));
  EXPECT_THAT(finding->evidence, HasSubstr("github.com/libressl/"));

  // The low-level API rows of a CPU with the AES instructions: not the cause here.
  results::RunResult legacy = run;
  legacy.source.evp = "legacy";
  legacy.source.caveats.push_back(
      "Rows 'aes-128 cbc' time OpenSSL 1.x's low-level API (AES_*, DES_*, SHA256() ...), not EVP.");
  legacy.source.facts.push_back(
      {"cpu_flags", "Features\t: fp asimd evtstrm aes pmull sha1 sha2", 2});
  EXPECT_THAT(Tags(legacy), Contains("library-lacks-asm-path"));
  EXPECT_THAT(Tags(legacy), Not(Contains("legacy-api-not-evp")));
  const DoctorReport legacy_report = DiagnoseReport(legacy);
  const Finding* api = FindingOf(legacy_report, "report.legacy-api");
  ASSERT_NE(api, nullptr);
  EXPECT_EQ(api->severity, Severity::kInfo);
  // OpenSSL 1.0.2 has the ARMv8 code: there the API is the cause.
  results::RunResult openssl_legacy = SpeedRun("1.0.2k", "linux-aarch64");
  Add(openssl_legacy, "AES-128-CBC", 35);
  openssl_legacy.source.evp = "legacy";
  openssl_legacy.source.caveats = legacy.source.caveats;
  openssl_legacy.source.facts = legacy.source.facts;
  EXPECT_THAT(Tags(openssl_legacy), Contains("legacy-api-not-evp"));
  EXPECT_THAT(Tags(openssl_legacy), Not(Contains("library-lacks-asm-path")));

  // The release unknown: on AArch64 some releases' EVP lacks the ARMv8 path too (OpenSSL 1.0.1,
  // LibreSSL), so neither the API nor an unused path is a cause; on x86-64 every release's EVP
  // has AES-NI, so the API stays the cause.
  results::RunResult unknown = legacy;
  unknown.source.tool_version.clear();
  unknown.library.version.clear();
  EXPECT_THAT(Tags(unknown), Not(Contains("legacy-api-not-evp")));
  EXPECT_THAT(Tags(unknown), Not(Contains("hw-path-unused")));
  EXPECT_THAT(Tags(unknown), Not(Contains("library-lacks-asm-path")));
  results::RunResult x86_unknown = unknown;
  x86_unknown.library.platform = "linux-x86_64";
  x86_unknown.source.facts = {{"cpu_flags", "flags\t\t: fpu sse2 ssse3 aes pclmulqdq avx", 2}};
  EXPECT_THAT(Tags(x86_unknown), Contains("legacy-api-not-evp"));

  // Not the low-level API: an EVP SHA-256 row of an unnamed release below the hardware class on
  // a CPU with the SHA2 instructions may be OpenSSL 1.0.1's or LibreSSL's (no ARMv8 SHA-2 code)
  // as much as an unused path: cannot tell, with the command that would. x86-64 AES, which
  // every release has: the unused path stands.
  results::RunResult evp_sha = SpeedRun("", "linux-aarch64");
  evp_sha.library.version.clear();
  evp_sha.source.evp = "evp";
  evp_sha.source.facts = legacy.source.facts;
  Add(evp_sha, "SHA-256", 43);
  evp_sha.algorithms.back().kind = "hash";
  for (results::Cell& cell : evp_sha.algorithms.back().cells) {
    cell.operation = "hash";
  }
  EXPECT_THAT(Tags(evp_sha), Contains("cannot-tell"));
  EXPECT_THAT(Tags(evp_sha), Not(Contains("hw-path-unused")));
  const DoctorReport evp_sha_report = DiagnoseReport(evp_sha);
  const Finding* unknown_release = FindingOf(evp_sha_report, "library.release-unknown");
  ASSERT_NE(unknown_release, nullptr);
  EXPECT_THAT(unknown_release->advice, HasSubstr("openssl version"));
  results::RunResult x86_evp = SpeedRun("", "linux-x86_64");
  x86_evp.library.version.clear();
  x86_evp.source.evp = "evp";
  x86_evp.source.facts = x86_unknown.source.facts;
  Add(x86_evp, "AES-128-CBC", 60);
  EXPECT_THAT(Tags(x86_evp), Contains("hw-path-unused"));
  EXPECT_EQ(FindingOf(DiagnoseReport(x86_evp), "library.release-unknown"), nullptr);

  // One finding per area, each naming its own algorithms.
  results::RunResult sha = libressl("2.4.2", "linux-aarch64");
  Add(sha, "AES-128-CBC", 35);
  Add(sha, "SHA-256", 43);
  sha.algorithms.back().kind = "hash";
  for (results::Cell& cell : sha.algorithms.back().cells) {
    cell.operation = "hash";
  }
  const DoctorReport sha_report = DiagnoseReport(sha);
  int areas = 0;
  for (const Finding& f : sha_report.findings) {
    if (f.id == "library.lacks-asm-path") {
      ++areas;
      EXPECT_NE(f.summary.find("AES-128-CBC") == std::string::npos,
                f.summary.find("SHA-256") == std::string::npos)
          << f.summary;
    }
  }
  EXPECT_EQ(areas, 2);
  // SHA-1, its own area (issue 464 measured sha1 too).
  results::RunResult sha1 = libressl("2.4.2", "linux-aarch64");
  Add(sha1, "SHA-1", 110);
  sha1.algorithms.back().kind = "hash";
  for (results::Cell& cell : sha1.algorithms.back().cells) {
    cell.operation = "hash";
  }
  EXPECT_THAT(Tags(sha1), Contains("library-lacks-asm-path"));
  results::RunResult sha1_later = sha1;
  sha1_later.source.tool_version = "LibreSSL 4.2.0";
  EXPECT_THAT(Tags(sha1_later), Not(Contains("library-lacks-asm-path")));

  // Outside the rows' range (releases not checked), OpenSSL of the same number, 32-bit ARM
  // inside it, no architecture, and a speed only hardware reaches.
  results::RunResult later = libressl("4.4.0", "linux-aarch64");
  Add(later, "AES-128-CBC", 35);
  EXPECT_THAT(Tags(later), Not(Contains("library-lacks-asm-path")));
  results::RunResult openssl = SpeedRun("3.1.4", "linux-aarch64");
  Add(openssl, "AES-128-CBC", 35);
  EXPECT_THAT(Tags(openssl), Not(Contains("library-lacks-asm-path")));
  results::RunResult same_number = libressl("3.1.4", "linux-aarch64");
  Add(same_number, "AES-128-CBC", 35);
  EXPECT_THAT(Tags(same_number), Contains("library-lacks-asm-path"));
  // 32-bit ARM: only a CPU shown to have the ARMv8 AES instructions (most 32-bit cores have
  // none, and there no release is faster for want of them).
  results::RunResult armv7 = libressl("3.8.2", "linux-armv4");
  Add(armv7, "AES-128-CBC", 20);
  EXPECT_THAT(Tags(armv7), Not(Contains("library-lacks-asm-path")));
  armv7.source.facts.push_back(
      {"cpu_flags",
       "Features\t: half thumb fastmult vfp edsp neon vfpv3 tls vfpv4 idiva idivt "
       "lpae evtstrm aes pmull sha1 sha2 crc32",
       2});
  EXPECT_THAT(Tags(armv7), Contains("library-lacks-asm-path"));
  results::RunResult no_arch = libressl("2.4.2", "");
  Add(no_arch, "AES-128-CBC", 35);
  EXPECT_THAT(Tags(no_arch), Not(Contains("library-lacks-asm-path")));
  results::RunResult fast = libressl("2.4.2", "linux-aarch64");
  Add(fast, "AES-128-CBC", 4000);
  EXPECT_THAT(Tags(fast), Not(Contains("library-lacks-asm-path")));
}

// Issue 13 sec. 1 on one report: a development snapshot gets a caveat, citing the table's
// regressions of its release line; a release or a vendor suffix does not.
TEST(LibraryFindingsTest, APrereleaseGetsACaveatCitingKnownRegressionsOfItsLine) {
  results::RunResult alpha = SpeedRun("3.0.0-alpha17", "linux-aarch64");
  Add(alpha, "AES-128-CBC", 900);
  const DoctorReport report = DiagnoseReport(alpha);
  const Finding* finding = FindingOf(report, "library.prerelease");
  ASSERT_NE(finding, nullptr);
  EXPECT_EQ(finding->severity, Severity::kInfo);  // a caveat, not a cause
  EXPECT_THAT(finding->summary, HasSubstr("alpha17"));
  // data/library-changes.csv: aesv8-armx.pl CTR regression of 3.0.0 to 3.0.5 on AArch64.
  EXPECT_THAT(finding->evidence, HasSubstr("openssl-3.0.6/CHANGES.md"));
  for (const char* version : {"3.2.0-dev", "1.1.1-pre9", "3.0.0-beta2"}) {
    results::RunResult run = SpeedRun(version, "linux-x86_64");
    Add(run, "AES-128-CBC", 900);
    const DoctorReport pre = DiagnoseReport(run);
    EXPECT_NE(FindingOf(pre, "library.prerelease"), nullptr) << version;
  }
  for (const char* version : {"3.0.0", "1.0.2k-fips", "3.0.2-0ubuntu1", "LibreSSL 3.8.2"}) {
    results::RunResult run = SpeedRun(version, "linux-x86_64");
    Add(run, "AES-128-CBC", 900);
    const DoctorReport release = DiagnoseReport(run);
    EXPECT_EQ(FindingOf(release, "library.prerelease"), nullptr) << version;
  }
  // openssl/openssl issue 27108 (tryout 32 D17): a 3.6.0-dev whose speed command failed gave no
  // figure, so there is nothing its regressions could touch.
  const DoctorReport empty = DiagnoseReport(SpeedRun("3.6.0-dev", "darwin64-arm64-cc"));
  EXPECT_EQ(FindingOf(empty, "library.prerelease"), nullptr);
}

// A known regression that holds for the report's release: one report cannot show it, so it
// says "cannot tell" with the one command that would, and states no cause; a release outside
// the range, or an operation the regression does not touch, gets nothing.
TEST(LibraryFindingsTest, AKnownRegressionOfTheReleaseIsCannotTellWithTheCommand) {
  const auto rsa_run = [](const std::string& version, const std::string& operation) {
    results::RunResult run = SpeedRun(version, "linux-x86_64");
    results::AlgorithmResult alg;
    alg.algorithm = "RSA-2048";
    alg.kind = "signature";
    alg.cells = {ImportedFigure(operation, 32, 0.048)};
    run.algorithms.push_back(std::move(alg));
    return run;
  };
  const DoctorReport regressed = DiagnoseReport(rsa_run("3.0.8", "decrypt"));
  const Finding* finding = FindingOf(regressed, "library.known-change");
  ASSERT_NE(finding, nullptr);
  EXPECT_EQ(finding->severity, Severity::kInfo);
  EXPECT_THAT(finding->summary, HasSubstr("cannot tell"));
  EXPECT_THAT(finding->evidence, HasSubstr("openssl-3.1.1/CHANGES.md"));
  EXPECT_THAT(finding->advice, HasSubstr("openssl speed rsa2048"));
  EXPECT_THAT(Tags(rsa_run("3.0.8", "decrypt")), Not(Contains("library-regression")));
  const DoctorReport before = DiagnoseReport(rsa_run("3.0.7", "decrypt"));
  EXPECT_EQ(FindingOf(before, "library.known-change"), nullptr);
  const DoctorReport sign = DiagnoseReport(rsa_run("3.0.8", "verify"));
  EXPECT_EQ(FindingOf(sign, "library.known-change"), nullptr);
  // In the fast class the slowdown is not what the report shows: AArch64 3.0.3's AES at a
  // speed only hardware reaches.
  results::RunResult fast = SpeedRun("3.0.3", "linux-aarch64");
  Add(fast, "AES-128-CBC", 4000);
  const DoctorReport fast_report = DiagnoseReport(fast);
  EXPECT_EQ(FindingOf(fast_report, "library.known-change"), nullptr);
  results::RunResult slow = SpeedRun("3.0.3", "linux-aarch64");
  slow.library.cpu_info = "CPUINFO: OPENSSL_armcap=0xbd";  // NEON, AES, SHA1, SHA2, PMULL
  slow.library.capability_vector = "0xbd";
  Add(slow, "AES-128-CTR", 60);  // the row is of aesv8-armx.pl's CTR code
  const DoctorReport slow_report = DiagnoseReport(slow);
  EXPECT_NE(FindingOf(slow_report, "library.known-change"), nullptr);
}

// The 3.0.0-3.0.5 AArch64 AES regression is in aesv8-armx.pl, the ARMv8 Crypto Extension path
// (openssl-3.0.6/CHANGES.md): a run whose capability word lacks AES, or whose CPU's AES the text
// does not show, ran other code, so the note does not attach; with AES it does, citing its row.
TEST(LibraryFindingsTest, TheAarch64AesRegressionAttachesOnlyToACpuWithAes) {
  const auto run = [](const std::string& version, const std::string& armcap) {
    results::RunResult r = SpeedRun(version, "linux-aarch64");
    if (!armcap.empty()) {
      r.library.cpu_info = "CPUINFO: OPENSSL_armcap=" + armcap;
      r.library.capability_vector = armcap;
    }
    Add(r, "AES-128-CTR", 60);
    return r;
  };
  const DoctorReport with_aes = DiagnoseReport(run("3.0.5", "0xbd"));
  const Finding* finding = FindingOf(with_aes, "library.known-change");
  ASSERT_NE(finding, nullptr);
  EXPECT_THAT(finding->evidence, HasSubstr("openssl-3.0.6/CHANGES.md"));
  EXPECT_THAT(finding->evidence, HasSubstr("aesv8-armx.pl"));
  // 0x1: NEON only (no AES bit: the CPU lacks it, or a mask cleared it).
  EXPECT_EQ(FindingOf(DiagnoseReport(run("3.0.5", "0x1")), "library.known-change"), nullptr);
  EXPECT_EQ(FindingOf(DiagnoseReport(run("3.0.5", "")), "library.known-change"), nullptr);
  EXPECT_EQ(FindingOf(DiagnoseReport(run("3.0.6", "0xbd")), "library.known-change"), nullptr);
}

// The same row is about aesv8-armx.pl's CTR code: a CBC or XTS row of 3.0.5 on a CPU with AES
// ran other routines of that module (aes_v8_cbc_encrypt, aes_v8_xts_*), so the note does not
// attach to them; GCM's encryption is counter mode (NIST SP 800-38D sec. 6.5), so it may.
TEST(LibraryFindingsTest, TheAarch64CtrRegressionDoesNotAttachToCbc) {
  const auto run = [](const std::string& algorithm) {
    results::RunResult r = SpeedRun("3.0.5", "linux-aarch64");
    r.library.cpu_info = "CPUINFO: OPENSSL_armcap=0xbd";
    r.library.capability_vector = "0xbd";
    Add(r, algorithm, 60);
    return r;
  };
  EXPECT_EQ(FindingOf(DiagnoseReport(run("AES-128-CBC")), "library.known-change"), nullptr);
  EXPECT_EQ(FindingOf(DiagnoseReport(run("AES-128-XTS")), "library.known-change"), nullptr);
  EXPECT_NE(FindingOf(DiagnoseReport(run("AES-128-CTR")), "library.known-change"), nullptr);
  EXPECT_NE(FindingOf(DiagnoseReport(run("AES-128-GCM")), "library.known-change"), nullptr);
}

// 3.x's per-call provider cost on one report: an accelerated large-input figure with 16-byte
// figures beside it gets the cost row's source and the command that would tell, as info; 1.1.1,
// or a figure not in the accelerated class, gets nothing.
TEST(LibraryFindingsTest, SmallInputsOfThreeXCarryTheProviderCostAsCannotTell) {
  results::RunResult run = SpeedRun("3.0.13", "linux-x86_64");
  Add(run, "AES-128-CBC", 4000);  // 1000 MB/s at 16 bytes, 4000 at 16 KiB
  const DoctorReport report = DiagnoseReport(run);
  const Finding* finding = FindingOf(report, "library.provider-overhead");
  ASSERT_NE(finding, nullptr);
  EXPECT_EQ(finding->severity, Severity::kInfo);
  EXPECT_THAT(finding->evidence, HasSubstr("NEWS.md"));
  EXPECT_THAT(finding->evidence, HasSubstr("cannot tell"));
  EXPECT_THAT(finding->advice, HasSubstr("openssl speed -evp aes-128-cbc -bytes 16"));
  results::RunResult old = SpeedRun("1.1.1w", "linux-x86_64");
  Add(old, "AES-128-CBC", 4000);
  const DoctorReport old_report = DiagnoseReport(old);
  EXPECT_EQ(FindingOf(old_report, "library.provider-overhead"), nullptr);
  results::RunResult slow = SpeedRun("3.0.13", "linux-x86_64");
  Add(slow, "AES-128-CBC", 60);
  const DoctorReport slow_report = DiagnoseReport(slow);
  EXPECT_EQ(FindingOf(slow_report, "library.provider-overhead"), nullptr);
}

// A bare AES row tagged [base] faster than any table-driven AES: only from Botan 3.6.0, whose
// speed tags a block cipher with AES's own provider, does that show a hardware path the build
// labels base (info: the rows run at hardware speed, so no cause). Before 3.6.0, or with the
// release unknown, the tag is the provider speed asked for, "base" for Botan's own code on every
// path, and says nothing (BotanCpuidTest.BaseTagAtHardwareSpeedIsNoMissingPath).
TEST(LibraryFindingsTest, BotanBaseAesAboveAnyTableDrivenAesIsALabelOnlyFromThreeSix) {
  results::RunResult run;
  run.source.kind = "imported";
  run.source.tool = "botan speed";
  run.source.tool_version = "3.6.0";
  run.source.timing_basis = "wall_clock";
  run.library.backend = "botan";
  run.library.version = "Botan 3.6.0";
  Add(run, "AES-128-ECB", 1480, "base");
  const DoctorReport report = DiagnoseReport(run);
  const Finding* label = FindingOf(report, "library.base-tag-hardware-speed");
  ASSERT_NE(label, nullptr);
  EXPECT_EQ(label->severity, Severity::kInfo);
  EXPECT_THAT(Tags(run), Not(Contains("library-lacks-asm-path")));
  // The release unknown, portable speed, a hardware provider's tag, or another library: nothing.
  results::RunResult unknown = run;
  unknown.source.tool_version.clear();
  unknown.library.version.clear();
  EXPECT_EQ(FindingOf(DiagnoseReport(unknown), "library.base-tag-hardware-speed"), nullptr);
  EXPECT_THAT(Tags(unknown), Not(Contains("library-lacks-asm-path")));
  results::RunResult slow = run;
  slow.algorithms.clear();
  Add(slow, "AES-128-ECB", 300, "base");
  EXPECT_EQ(FindingOf(DiagnoseReport(slow), "library.base-tag-hardware-speed"), nullptr);
  results::RunResult armv8 = run;
  armv8.algorithms.clear();
  Add(armv8, "AES-128-ECB", 1480, "armv8");
  EXPECT_EQ(FindingOf(DiagnoseReport(armv8), "library.base-tag-hardware-speed"), nullptr);
  results::RunResult openssl = run;
  openssl.library.backend = "openssl";
  EXPECT_EQ(FindingOf(DiagnoseReport(openssl), "library.base-tag-hardware-speed"), nullptr);
}

}  // namespace
}  // namespace cryptobench::diagnose
