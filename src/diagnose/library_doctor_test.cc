// Tests of the library doctor's pieces that need no library: the mask table, reading
// implementation strings, the verdict rules on synthetic measurements, and the renderers.
#include "diagnose/library_doctor.h"

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/catalog.h"
#include "backends/registry.h"

namespace cryptobench::diagnose {
namespace {

constexpr double kHz = 3.69e9;  // a known core clock: cpb = kHz / bytes_per_s

const AlgorithmInfo& Alg(const char* name) {
  const AlgorithmInfo* alg = FindAlgorithm(name);
  EXPECT_NE(alg, nullptr) << name;
  return *alg;
}

cpu::CpuFeatures X86(std::set<std::string> present) {
  cpu::CpuFeatures cpu;
  cpu.arch = "x86_64";
  for (const char* name : {"AES-NI", "PCLMULQDQ", "SSSE3", "AVX", "AVX2", "SHA-NI", "VAES"}) {
    cpu::FeatureState state;
    state.name = name;
    state.supported = present.count(name) > 0;
    cpu.features.push_back(state);
  }
  return cpu;
}

LibraryMeasurement At(const std::string& label, double mb_per_s, double half_width_fraction,
                      std::string implementation = "") {
  LibraryMeasurement m;
  m.label = label;
  m.bytes_per_s = mb_per_s * 1e6;
  m.ci_low = m.bytes_per_s * (1 - half_width_fraction);
  m.ci_high = m.bytes_per_s * (1 + half_width_fraction);
  m.implementation = std::move(implementation);
  return m;
}

std::vector<LibraryMask> GnutlsMasks() { return LibraryMasks("gnutls"); }

// A measurement under GnuTLS's mask `index`, as RunLibraryDoctor records it.
LibraryMeasurement Masked(size_t index, double mb_per_s) {
  const LibraryMask mask = GnutlsMasks().at(index);
  LibraryMeasurement m = At(mask.label, mb_per_s, 0.01);
  m.env = mask.env;
  return m;
}

LibraryVerdict Decide(const char* alg, const cpu::CpuFeatures& cpu,
                      const std::vector<LibraryMask>& masks,
                      std::vector<LibraryMeasurement> measurements, uint64_t input_len = 16384) {
  const std::string operation(OperationName(TimedOperations(Alg(alg), false).front()));
  return DecideLibraryVerdict(Alg(alg), operation, input_len, "lib 1.0", cpu, masks,
                              "lib has no switch", {}, std::move(measurements), kHz, kHz);
}

// AF_ALG: the kernel names the driver it serves, and the driver table
// (data/kernel-crypto-drivers.csv) says what it runs; the kernel has no mask.
LibraryVerdict DecideKernel(const char* alg, const char* implementation, double mb_per_s) {
  const std::string operation(OperationName(TimedOperations(Alg(alg), false).front()));
  return DecideLibraryVerdict(Alg(alg), operation, 16384, "afalg 6.1.0-57-amd64",
                              X86({"AES-NI", "PCLMULQDQ", "SHA-NI", "SSSE3", "AVX", "AVX2"}), {},
                              "the kernel has no switch", {},
                              {At("as is", mb_per_s, 0.01, implementation)}, kHz, kHz);
}

TEST(LibraryVerdictTest, TheKernelDriverDecidesForAfalg) {
  const LibraryVerdict aesni =
      DecideKernel("AES-128-CBC", "cbc-aes-aesni (priority 400, module aesni_intel)", 1500);
  EXPECT_EQ(aesni.status, VerdictStatus::kAccelerated) << aesni.line;
  EXPECT_NE(aesni.line.find("the kernel serves cbc-aes-aesni (the CPU's AES-NI instructions)"),
            std::string::npos)
      << aesni.line;

  const LibraryVerdict generic =
      DecideKernel("AES-128-CBC", "cbc(aes-generic) (priority 100, built into the kernel)", 150);
  EXPECT_EQ(generic.status, VerdictStatus::kNotAccelerated) << generic.line;
  EXPECT_NE(generic.line.find("but the kernel serves cbc(aes-generic) (portable C)"),
            std::string::npos)
      << generic.line;
  EXPECT_NE(generic.advice.find("modprobe aesni_intel"), std::string::npos) << generic.advice;
  bool names_driver = false;
  for (const std::string& fact : generic.evidence) {
    names_driver = names_driver || fact.find("aes-generic: portable C") != std::string::npos;
    // The row's source, which a user can open, not the table's path in this repository.
    EXPECT_EQ(fact.find("data/"), std::string::npos) << fact;
    if (fact.starts_with("kernel driver ")) {
      EXPECT_NE(fact.find("(source: https://github.com/torvalds/linux/"), std::string::npos)
          << fact;
    }
  }
  EXPECT_TRUE(names_driver);
  EXPECT_TRUE(generic.line.starts_with("AES-128-CBC encrypt: NOT accelerated: ")) << generic.line;

  const LibraryVerdict avx2 =
      DecideKernel("SHA-256", "sha256-avx2 (priority 170, module sha256_ssse3)", 400);
  EXPECT_EQ(avx2.status, VerdictStatus::kNotAccelerated) << avx2.line;
  EXPECT_NE(avx2.line.find("(vector code without crypto instructions)"), std::string::npos)
      << avx2.line;

  const LibraryVerdict engine =
      DecideKernel("AES-128-CBC", "qat_aes_cbc (priority 4001, module intel_qat)", 900);
  EXPECT_EQ(engine.status, VerdictStatus::kUndetermined) << engine.line;
  EXPECT_NE(engine.line.find("offloaded"), std::string::npos) << engine.line;

  // lib/crypto picks its own code: the name settles nothing, so no software verdict from it.
  const LibraryVerdict library =
      DecideKernel("SHA-256", "sha256-lib (priority 300, built into the kernel)", 2000);
  EXPECT_EQ(library.line.find("the kernel serves sha256-lib ("), std::string::npos) << library.line;
}

TEST(LibraryMasksTest, EveryMaskVariableOfTheRegistryHasExperiments) {
  for (const backends::BackendDescriptor& backend : backends::CompiledBackends()) {
    const std::vector<LibraryMask> masks = LibraryMasks(backend.name);
    if (backend.name == "openssl" || backend.mask_variable.empty()) {
      EXPECT_TRUE(masks.empty()) << backend.name;  // openssl: its own doctor; others: no switch
      continue;
    }
    ASSERT_FALSE(masks.empty()) << backend.name << " has " << backend.mask_variable;
    for (const LibraryMask& mask : masks) {
      EXPECT_EQ(mask.env.count(std::string(backend.mask_variable)), 1u)
          << backend.name << ": " << mask.label;
      EXPECT_FALSE(mask.detail.empty()) << backend.name;
    }
    EXPECT_EQ(masks.front().scope, MaskScope::kCryptoInstructions) << backend.name;
  }
}

TEST(LibraryMasksTest, LibrariesWithoutASwitchHaveNoExperiments) {
  for (const char* name : {"sodium", "cryptopp", "mbedtls", "wolfssl", "afalg", "openssl", "x"}) {
    EXPECT_TRUE(LibraryMasks(name).empty()) << name;
  }
}

TEST(LibraryMasksTest, GnutlsMasksNettleToo) {
  const std::vector<LibraryMask> masks = GnutlsMasks();
  ASSERT_EQ(masks.size(), 2u);
  EXPECT_EQ(masks[0].env.at("GNUTLS_CPUID_OVERRIDE"), "0x14");  // SSSE3 | AVX kept
  EXPECT_EQ(masks[1].env.at("GNUTLS_CPUID_OVERRIDE"), "0x1");   // no feature
  for (const LibraryMask& mask : masks) {
    EXPECT_EQ(mask.env.at("NETTLE_FAT_OVERRIDE"), "");
  }
  EXPECT_EQ(FormatMaskEnv(masks[1].env), "GNUTLS_CPUID_OVERRIDE=0x1 NETTLE_FAT_OVERRIDE=");
}

TEST(ReadImplementationTest, HardwareWordsWinOverSoftwareOnes) {
  EXPECT_EQ(ReadImplementation("AESNI"), ImplementationKind::kHardware);
  EXPECT_EQ(ReadImplementation("aesni, pclmulqdq GHASH"), ImplementationKind::kHardware);
  EXPECT_EQ(ReadImplementation("AES-128 cpu, GHASH clmul"), ImplementationKind::kHardware);
  EXPECT_EQ(ReadImplementation("SHA-256 shani"), ImplementationKind::kHardware);
  EXPECT_EQ(ReadImplementation("C"), ImplementationKind::kSoftware);
  EXPECT_EQ(ReadImplementation("C++"), ImplementationKind::kSoftware);
  EXPECT_EQ(ReadImplementation("AES-128 vperm, GHASH base"), ImplementationKind::kSoftware);
  EXPECT_EQ(ReadImplementation("software"), ImplementationKind::kSoftware);
  EXPECT_EQ(ReadImplementation(""), ImplementationKind::kUnknown);
  EXPECT_EQ(ReadImplementation("skcipher driver ecb-aes-foo"), ImplementationKind::kUnknown);
  // Words, not substrings: "Scalar" is not "c", "cpuid" is not "cpu".
  EXPECT_EQ(ReadImplementation("Scalar cpuid"), ImplementationKind::kUnknown);
}

TEST(CryptoInstructionsForTest, ByFamily) {
  EXPECT_EQ(CryptoInstructionsFor(Alg("AES-128-GCM"), "x86_64"),
            (std::vector<std::string>{"AES-NI", "PCLMULQDQ"}));
  EXPECT_EQ(CryptoInstructionsFor(Alg("AES-256-CBC"), "x86_64"),
            (std::vector<std::string>{"AES-NI"}));
  EXPECT_EQ(CryptoInstructionsFor(Alg("HMAC-SHA256"), "x86_64"),
            (std::vector<std::string>{"SHA-NI"}));
  EXPECT_TRUE(CryptoInstructionsFor(Alg("ChaCha20-Poly1305"), "x86_64").empty());
  EXPECT_TRUE(CryptoInstructionsFor(Alg("SHA-512"), "x86_64").empty());
  EXPECT_TRUE(CryptoInstructionsFor(Alg("AES-128-GCM"), "aarch64").empty());
}

TEST(DecideLibraryVerdictTest, MaskedSlowdownProvesTheInstructionPath) {
  const LibraryVerdict v = Decide("AES-128-GCM", X86({"AES-NI", "PCLMULQDQ"}), GnutlsMasks(),
                                  {At("as is", 4800, 0.01), Masked(0, 220), Masked(1, 225)});
  EXPECT_EQ(v.status, VerdictStatus::kAccelerated) << v.line;
  EXPECT_NE(v.line.find("21.8x slower"), std::string::npos) << v.line;
  EXPECT_NE(v.line.find("AES-NI and PCLMULQDQ"), std::string::npos) << v.line;
  ASSERT_EQ(v.evidence.size(), 4u);  // three measurements and the fingerprint
  EXPECT_NE(v.evidence[1].find("GNUTLS_CPUID_OVERRIDE=0x14"), std::string::npos) << v.evidence[1];
  EXPECT_NEAR(v.cpb_low, kHz / 4.8e9, 1e-9);
  EXPECT_TRUE(v.advice.empty());
}

TEST(DecideLibraryVerdictTest, NoChangeAtSoftwareSpeedIsNotAccelerated) {
  const LibraryVerdict v = Decide(
      "AES-128-CBC", X86({"AES-NI"}), GnutlsMasks(),
      {At("as is", 300, 0.01), At("crypto instructions masked", 301, 0.01), At("all", 300, 0.01)});
  EXPECT_EQ(v.status, VerdictStatus::kNotAccelerated) << v.line;
  EXPECT_TRUE(IsProblem(v.status));
  EXPECT_FALSE(v.advice.empty());
}

TEST(DecideLibraryVerdictTest, NoChangeWhileTheLibraryReportsHardwareIsUndetermined) {
  const LibraryVerdict v =
      Decide("AES-128-CBC", X86({"AES-NI"}), GnutlsMasks(),
             {At("as is", 300, 0.01, "aesni"), At("crypto instructions masked", 301, 0.01, "aesni"),
              At("all", 300, 0.01, "aesni")});
  EXPECT_EQ(v.status, VerdictStatus::kUndetermined) << v.line;
  EXPECT_NE(v.line.find("may not reach"), std::string::npos) << v.line;
}

TEST(DecideLibraryVerdictTest, OverlappingIntervalsAreInconclusive) {
  const LibraryVerdict v =
      Decide("SHA-256", X86({"SHA-NI"}), GnutlsMasks(),
             {At("as is", 1500, 0.30), At("crypto instructions masked", 1300, 0.30),
              At("all", 1300, 0.3)});
  EXPECT_EQ(v.status, VerdictStatus::kUndetermined) << v.line;
  EXPECT_NE(v.line.find("inconclusive"), std::string::npos) << v.line;
}

TEST(DecideLibraryVerdictTest, ACpuWithoutTheInstructionExpectsSoftware) {
  const LibraryVerdict v = Decide("AES-128-CBC", X86({"SSSE3"}), GnutlsMasks(),
                                  {At("as is", 300, 0.01), At("c", 300, 0.01), At("a", 300, 0.01)});
  EXPECT_EQ(v.status, VerdictStatus::kSoftwareExpected) << v.line;
  EXPECT_NE(v.line.find("no AES-NI"), std::string::npos) << v.line;
}

TEST(DecideLibraryVerdictTest, AlgorithmsWithoutInstructionsReportTheirSimdCode) {
  const LibraryVerdict simd =
      Decide("ChaCha20-Poly1305", X86({"AVX2"}), GnutlsMasks(),
             {At("as is", 2000, 0.01), At("c", 2000, 0.01), At("all", 500, 0.01)});
  EXPECT_EQ(simd.status, VerdictStatus::kAccelerated) << simd.line;
  EXPECT_NE(simd.line.find("SIMD) code is in use"), std::string::npos) << simd.line;
  EXPECT_NE(simd.line.find("4.0x slower"), std::string::npos) << simd.line;
  const LibraryVerdict portable =
      Decide("ChaCha20-Poly1305", X86({"AVX2"}), GnutlsMasks(),
             {At("as is", 500, 0.01), At("c", 500, 0.01), At("all", 500, 0.01)});
  EXPECT_EQ(portable.status, VerdictStatus::kNoHardwarePath) << portable.line;
  // Without a switch, the library's own word for its SIMD code decides.
  const LibraryVerdict reported =
      Decide("ChaCha20-Poly1305", X86({"AVX2"}), {}, {At("as is", 750, 0.01, "AVX2")});
  EXPECT_EQ(reported.status, VerdictStatus::kAccelerated) << reported.line;
  EXPECT_NE(reported.line.find("reports 'AVX2' (its SIMD code"), std::string::npos);
  const LibraryVerdict silent =
      Decide("ChaCha20-Poly1305", X86({"AVX2"}), {}, {At("as is", 750, 0.01)});
  EXPECT_EQ(silent.status, VerdictStatus::kNoHardwarePath) << silent.line;
  EXPECT_NE(portable.line.find("portable code"), std::string::npos) << portable.line;
}

TEST(DecideLibraryVerdictTest, WithoutASwitchTheLibrarysReportDecides) {
  const cpu::CpuFeatures cpu = X86({"AES-NI", "SHA-NI"});
  const LibraryVerdict c = Decide("AES-128-CBC", cpu, {}, {At("as is", 340, 0.01, "C")});
  EXPECT_EQ(c.status, VerdictStatus::kNotAccelerated) << c.line;
  EXPECT_NE(c.line.find("reports 'C'"), std::string::npos) << c.line;
  EXPECT_NE(c.evidence.back().find("lib has no switch"), std::string::npos);

  // A hardware path slower than OpenSSL's software classes is still the hardware path.
  const LibraryVerdict slow = Decide("AES-128-GCM", X86({"AES-NI", "PCLMULQDQ"}), {},
                                     {At("as is", 250, 0.01, "aesni, pclmulqdq GHASH")});
  EXPECT_EQ(slow.status, VerdictStatus::kAccelerated) << slow.line;
  EXPECT_NE(slow.line.find("path is slow"), std::string::npos) << slow.line;

  const LibraryVerdict by_fingerprint = Decide("SHA-256", cpu, {}, {At("as is", 1800, 0.01)});
  EXPECT_EQ(by_fingerprint.status, VerdictStatus::kAccelerated) << by_fingerprint.line;
  EXPECT_NE(by_fingerprint.line.find("fingerprint"), std::string::npos);
  const LibraryVerdict slow_sha = Decide("SHA-256", cpu, {}, {At("as is", 350, 0.01)});
  EXPECT_EQ(slow_sha.status, VerdictStatus::kNotAccelerated) << slow_sha.line;
  // Below 8 KiB per call the class ranges do not apply: no verdict from the fingerprint.
  const LibraryVerdict small = Decide("SHA-256", cpu, {}, {At("as is", 350, 0.01)}, 64);
  EXPECT_EQ(small.status, VerdictStatus::kUndetermined) << small.line;
  EXPECT_NE(small.line.find("does not apply below 8192 bytes"), std::string::npos) << small.line;
  EXPECT_EQ(small.line.find("known class"), std::string::npos) << small.line;
}

TEST(DecideLibraryVerdictTest, TheSwitchSetInTheEnvironmentIsMasked) {
  const std::map<std::string, std::string> env = {{"GNUTLS_CPUID_OVERRIDE", "0x1"}};
  LibraryMeasurement with_env = At("with this environment's GNUTLS_CPUID_OVERRIDE=0x1", 220, 0.01);
  const LibraryVerdict v = DecideLibraryVerdict(
      Alg("AES-128-GCM"), "encrypt", 16384, "lib 1.0", X86({"AES-NI", "PCLMULQDQ"}), GnutlsMasks(),
      "", env, {At("as is", 4800, 0.01), Masked(0, 220), Masked(1, 225), with_env}, kHz, kHz);
  EXPECT_EQ(v.status, VerdictStatus::kMasked) << v.line;
  EXPECT_TRUE(IsProblem(v.status));
  EXPECT_NE(v.line.find("GNUTLS_CPUID_OVERRIDE=0x1 in the environment makes it 21.8x slower"),
            std::string::npos)
      << v.line;
  EXPECT_NE(v.line.find("without that setting: accelerated"), std::string::npos) << v.line;
  EXPECT_NE(v.advice.find("Unset GNUTLS_CPUID_OVERRIDE to run"), std::string::npos) << v.advice;
  EXPECT_EQ(v.measurements.size(), 4u);

  // A setting that changes nothing for this algorithm leaves the verdict alone.
  const LibraryVerdict same = DecideLibraryVerdict(
      Alg("AES-128-GCM"), "encrypt", 16384, "lib 1.0", X86({"AES-NI", "PCLMULQDQ"}), GnutlsMasks(),
      "", env, {At("as is", 4800, 0.01), Masked(0, 220), Masked(1, 225), At("env", 4790, 0.01)},
      kHz, kHz);
  EXPECT_EQ(same.status, VerdictStatus::kAccelerated) << same.line;
  EXPECT_NE(same.evidence[1].find("no significant change"), std::string::npos) << same.evidence[1];
}

TEST(DecideLibraryVerdictTest, AFailedMeasurementLeavesItUndetermined) {
  LibraryMeasurement crashed = At("as is", 0, 0);
  crashed.status = results::CellStatus::kCrashed;
  crashed.message = "worker killed by SIGSEGV";
  const LibraryVerdict v = Decide("AES-128-CBC", X86({"AES-NI"}), {}, {crashed});
  EXPECT_EQ(v.status, VerdictStatus::kUndetermined);
  ASSERT_FALSE(v.evidence.empty());
  EXPECT_NE(v.evidence[0].find("SIGSEGV"), std::string::npos) << v.evidence[0];

  LibraryDoctorReport report;
  report.verdicts.push_back(v);
  EXPECT_EQ(report.ExitStatus(), 1);  // a crash must not pass a CI gate
}

LibraryDoctorReport SampleReport() {
  LibraryDoctorReport report;
  report.backend = "gnutls";
  report.tool_version = "0.1.0";
  report.library.version = "3.7.9";
  report.library.loaded_path = "/usr/lib/libgnutls.so.30";
  report.cpu = X86({"AES-NI", "PCLMULQDQ"});
  report.core_hz_low = report.core_hz_high = kHz;
  report.mask_variable = "GNUTLS_CPUID_OVERRIDE";
  report.mask_note = "how it works";
  report.masks = GnutlsMasks();
  report.not_offered = {"AES-128-CTR"};
  report.verdicts.push_back(
      Decide("AES-128-GCM", report.cpu, report.masks,
             {At("as is", 4800, 0.01), At("c", 220, 0.01), At("a", 225, 0.01)}));
  return report;
}

TEST(LibraryDoctorReportTest, TextJsonAndMarkdownCarryTheVerdictAndTheSwitch) {
  LibraryDoctorReport report = SampleReport();
  EXPECT_EQ(report.ExitStatus(), 0);
  std::ostringstream text;
  RenderLibraryDoctorText(report, text);
  EXPECT_NE(text.str().find("AES-128-GCM encrypt: accelerated"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("Not offered by gnutls: AES-128-CTR"), std::string::npos);
  EXPECT_NE(text.str().find("GNUTLS_CPUID_OVERRIDE=0x14"), std::string::npos);
  EXPECT_NE(text.str().find("gnutls: 1 algorithm examined: 1 accelerated, 0 problems; exit "
                            "status 0"),
            std::string::npos)
      << text.str();

  const nlohmann::ordered_json doc = LibraryDoctorToJson(report);
  EXPECT_EQ(doc.at("kind"), "doctor_backend");
  EXPECT_EQ(doc.at("masks").size(), 2u);
  EXPECT_EQ(doc.at("masks")[0].at("env").at("GNUTLS_CPUID_OVERRIDE"), "0x14");
  EXPECT_EQ(doc.at("verdicts")[0].at("status"), "accelerated");
  EXPECT_EQ(doc.at("verdicts")[0].at("measurements").size(), 3u);
  EXPECT_EQ(doc.at("exit_status"), 0);

  std::ostringstream markdown;
  RenderLibraryDoctorMarkdown(report, markdown);
  EXPECT_NE(markdown.str().find("| AES-128-GCM | accelerated |"), std::string::npos)
      << markdown.str();

  report.verdicts.push_back(Decide("AES-128-CBC", report.cpu, {}, {At("as is", 340, 0.01, "C")}));
  EXPECT_EQ(report.ExitStatus(), 1);
  EXPECT_EQ(LibraryDoctorToJson(report).at("exit_status"), 1);
}

TEST(LibraryDoctorReportTest, ALibraryWithoutASwitchSaysSo) {
  LibraryDoctorReport report = SampleReport();
  report.mask_variable.clear();
  report.mask_note = "none: libsodium offers no switch";
  report.masks.clear();
  std::ostringstream text;
  RenderLibraryDoctorText(report, text);
  EXPECT_NE(text.str().find("\n  none: libsodium offers no switch. Verdicts rest on"),
            std::string::npos)
      << text.str();
  report.mask_note = "Crypto++ has no switch";
  std::ostringstream other;
  RenderLibraryDoctorText(report, other);
  EXPECT_NE(other.str().find("\n  none: Crypto++ has no switch."), std::string::npos)
      << other.str();
}

}  // namespace
}  // namespace cryptobench::diagnose

namespace cryptobench::diagnose {
namespace {

// A point with a 1% CI on each side; MB/s.
KernelVersusUserPoint Point(uint64_t len, double kernel_mb_per_s, double user_mb_per_s) {
  return {len,
          kernel_mb_per_s * 1e6,
          kernel_mb_per_s * 0.99e6,
          kernel_mb_per_s * 1.01e6,
          user_mb_per_s * 1e6,
          user_mb_per_s * 0.99e6,
          user_mb_per_s * 1.01e6};
}

TEST(KernelVersusUserSpaceTest, RequestCostAndNoCrossoverWithASoftwareDriver) {
  // 16 bytes: 2 us per kernel request against 0.1 us in user space.
  const KernelVersusUserSpace c = CompareKernelWithUserSpace(
      "AES-128-CBC", "encrypt", "cbc-aes-aesni", "openssl 3.0.19",
      {Point(16384, 900, 1400), Point(16, 8, 160), Point(1024, 300, 1300)});
  ASSERT_EQ(c.points.size(), 3u);
  EXPECT_EQ(c.points.front().input_len, 16u);  // sorted
  EXPECT_NEAR(c.request_cost_us, 1.9, 1e-9);
  EXPECT_EQ(c.crossover, 0u);
  EXPECT_NE(c.line.find("no crossover up to 16384 bytes"), std::string::npos) << c.line;
  EXPECT_NE(c.line.find("1.9 us more than a user-space call at 16 bytes"), std::string::npos)
      << c.line;
  EXPECT_NE(c.line.find("openssl 3.0.19 is faster at 16384 bytes"), std::string::npos) << c.line;
}

TEST(KernelVersusUserSpaceTest, CrossoverIsWhereTheKernelStaysFaster) {
  // An engine: slower for small requests, faster from 4096 bytes on.
  const KernelVersusUserSpace engine = CompareKernelWithUserSpace(
      "AES-128-CBC", "encrypt", "qat_aes_cbc", "openssl 3.0.19",
      {Point(16, 2, 100), Point(1024, 150, 300), Point(4096, 900, 500), Point(16384, 3000, 520)});
  EXPECT_EQ(engine.crossover, 4096u);
  EXPECT_NE(engine.line.find("from 4096 bytes"), std::string::npos) << engine.line;
  // Faster at 1024 but level at 4096: only the top run counts.
  const KernelVersusUserSpace gap = CompareKernelWithUserSpace(
      "AES-128-CBC", "encrypt", "x", "openssl 3.0.19",
      {Point(1024, 400, 300), Point(4096, 500, 500), Point(16384, 900, 500)});
  EXPECT_EQ(gap.crossover, 16384u);
  // Overlapping CIs are not "faster".
  const KernelVersusUserSpace level = CompareKernelWithUserSpace(
      "SHA-256", "hash", "sha256-ni", "openssl 3.0.19", {Point(16384, 2000, 1990)});
  EXPECT_EQ(level.crossover, 0u);
  EXPECT_NE(level.line.find("cannot tell which is faster"), std::string::npos) << level.line;
  const KernelVersusUserSpace everywhere =
      CompareKernelWithUserSpace("SHA-256", "hash", "sha256-ni", "openssl 3.0.19",
                                 {Point(16, 50, 10), Point(16384, 3000, 10)});
  EXPECT_EQ(everywhere.crossover, 16u);
  EXPECT_LT(everywhere.request_cost_us, 0);
  EXPECT_NE(everywhere.line.find("at every size measured"), std::string::npos);
  const KernelVersusUserSpace none =
      CompareKernelWithUserSpace("SHA-256", "hash", "sha256-ni", "openssl 3.0.19", {});
  EXPECT_NE(none.line.find("not compared"), std::string::npos);
}

}  // namespace
}  // namespace cryptobench::diagnose

namespace cryptobench::diagnose {
namespace {

TEST(LibraryDoctorReportTest, AfalgReportsCarryTheKernelAgainstUserSpace) {
  LibraryDoctorReport report;
  report.backend = "afalg";
  report.cpu = X86({"AES-NI"});
  report.kernel_versus_user.push_back(
      CompareKernelWithUserSpace("AES-128-CBC", "encrypt", "cbc-aes-aesni", "openssl 3.0.19",
                                 {Point(16, 8, 160), Point(16384, 900, 1400)}));
  std::ostringstream text;
  RenderLibraryDoctorText(report, text);
  EXPECT_NE(text.str().find("Kernel against user space"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("AES-128-CBC: no crossover up to 16384 bytes"), std::string::npos);
  EXPECT_NE(text.str().find("      16           8.0         160.0     0.05x"), std::string::npos)
      << text.str();
  std::ostringstream markdown;
  RenderLibraryDoctorMarkdown(report, markdown);
  EXPECT_NE(markdown.str().find("| AES-128-CBC | 16384 | 900.0 | 1400.0 | 0.64x |"),
            std::string::npos)
      << markdown.str();
  const nlohmann::ordered_json doc = LibraryDoctorToJson(report);
  ASSERT_EQ(doc.at("kernel_versus_user").size(), 1u);
  EXPECT_EQ(doc.at("kernel_versus_user")[0].at("crossover"), 0);
  EXPECT_EQ(doc.at("kernel_versus_user")[0].at("points").size(), 2u);
  EXPECT_EQ(doc.at("kernel_versus_user_note"), "");
  // Other libraries carry no such fields.
  report.backend = "gnutls";
  EXPECT_FALSE(LibraryDoctorToJson(report).contains("kernel_versus_user"));
}

}  // namespace
}  // namespace cryptobench::diagnose
