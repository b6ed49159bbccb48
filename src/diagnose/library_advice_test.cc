// Tests of the advice doctor --from gives a wolfSSL or mbedTLS paste (library_advice.h): its
// library's switches and the file that shows them, never OpenSSL's tools or variables; an
// OpenSSL paste keeps its own advice.
#include "diagnose/library_advice.h"

#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_from.h"
#include "support/doctor_findings.h"
#include "support/imported_cell.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::AllAdvice;
using cryptobench::testing::FindingOf;
using cryptobench::testing::ImportedFigure;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kX86Flags =
    "fpu vme de pse tsc msr pae mce cx8 apic sse sse2 ssse3 sse4_1 sse4_2 pclmulqdq aes avx "
    "avx2 bmi1 bmi2 adx lm";
constexpr const char* kArmFlags = "fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid";

// A pasted benchmark of `backend` ("wolfssl", "mbedtls", "openssl") on a machine whose CPU lines
// show `flags` and a 1.60 GHz model ("" for Arm: the model line names no clock).
results::RunResult Paste(const std::string& backend, const std::string& flags) {
  results::RunResult run;
  run.source.kind = "imported";
  run.source.file = "paste.txt";
  run.source.timing_basis = "wall_clock";
  run.library.backend = backend;
  if (backend == "wolfssl") {
    run.source.tool = "wolfCrypt benchmark";
    run.source.tool_version = "5.6.3";
    run.library.version = "wolfSSL 5.6.3";
  } else if (backend == "mbedtls") {
    run.source.tool = "mbedTLS benchmark";
  } else if (backend == "boringssl" || backend == "aws-lc") {
    run.source.tool = "bssl speed";
    run.library.backend = "boringssl";
    if (backend == "aws-lc") {
      run.library.version = "AWS-LC 1.34.2";
    }
  } else if (backend == "libressl") {
    run.source.tool = "openssl speed";
    run.source.tool_version = "3.8.2";
    run.library.backend = "openssl";
    run.library.version = "LibreSSL 3.8.2";
  } else if (backend == "botan") {
    run.source.tool = "botan speed";
  } else if (backend == "gnutls") {
    run.source.tool = "gnutls-cli benchmark";
  } else if (backend == "kernel") {
    run.source.tool = "cryptsetup benchmark";
  } else {
    run.source.tool = "openssl speed";
    run.source.tool_version = "3.0.11";
    run.library.version = "OpenSSL 3.0.11";
    run.library.version_num = 0x300000b0;
  }
  run.source.facts.push_back({"cpu_flags", flags, 3});
  run.source.facts.push_back({"cpu_model",
                              flags == kArmFlags
                                  ? "Model name: Cortex-A72"
                                  : "Model name: Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz",
                              2});
  return run;
}

using cryptobench::testing::AddAlgorithm;

// Software-speed AES beside ChaCha20-Poly1305 (1 MiB per call, as wolfCrypt's benchmark).
void AddSoftwareAes(results::RunResult& run) {
  AddAlgorithm(run, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 1048576, 33.5)});
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 1048576, 77.2)});
  AddAlgorithm(run, "ChaCha20-Poly1305", "aead", {ImportedFigure("encrypt", 1048576, 169.5)});
}

void ExpectNoOpensslRemedy(const std::string& advice) {
  EXPECT_THAT(advice, Not(HasSubstr("OPENSSL_ia32cap")));
  EXPECT_THAT(advice, Not(HasSubstr("OPENSSL_armcap")));
  EXPECT_THAT(advice, Not(HasSubstr("openssl speed")));
  EXPECT_THAT(advice, Not(HasSubstr("openssl version")));
  EXPECT_THAT(advice, Not(HasSubstr("an OpenSSL older")));
}

// Defect (new-user tryout): a wolfCrypt benchmark paste with software-speed AES was told to
// check OPENSSL_ia32cap, `openssl speed -evp` and `openssl version -a`. wolfSSL's remedy is its
// configure options, and wolfssl/options.h shows which the build had.
TEST(LibraryAdviceTest, WolfsslSoftwareAesNamesItsConfigureOptions) {
  results::RunResult run = Paste("wolfssl", kX86Flags);
  AddSoftwareAes(run);
  const DoctorReport report = DiagnoseReport(run);
  EXPECT_EQ(AdviceLibraryOf(report.facts), AdviceLibrary::kWolfssl);
  bool aes_verdict = false;
  for (const Verdict& verdict : report.verdicts) {
    if (verdict.algorithm == "AES-128-GCM" && verdict.status == VerdictStatus::kNotAccelerated) {
      aes_verdict = true;
      EXPECT_THAT(verdict.advice, HasSubstr("--enable-aesni"));
      EXPECT_THAT(verdict.advice, HasSubstr("--enable-intelasm"));
      EXPECT_THAT(verdict.advice, HasSubstr("wolfssl/options.h"));
    }
  }
  EXPECT_TRUE(aes_verdict);
  const Finding* unused = FindingOf(report, "cpu.aes-unused");
  ASSERT_NE(unused, nullptr);
  EXPECT_THAT(unused->advice, HasSubstr("--enable-aesni"));
  EXPECT_THAT(unused->advice, HasSubstr("WOLFSSL_AESNI"));
  ExpectNoOpensslRemedy(AllAdvice(report));
}

// Defect (new-user tryout): a wolfSSL ChaCha20 figure in software on an AVX2 CPU was told its
// AVX2 code comes with --enable-aesni or --enable-intelasm; only --enable-intelasm
// (USE_INTEL_SPEEDUP) builds it (wolfssl/wolfcrypt/chacha.h).
TEST(LibraryAdviceTest, WolfsslAvx2PathNamesIntelasmOnly) {
  results::RunResult run = Paste("wolfssl", kX86Flags);
  AddSoftwareAes(run);
  AddAlgorithm(run, "ChaCha20", "cipher", {ImportedFigure("encrypt", 1048576, 120.0)});
  const DoctorReport report = DiagnoseReport(run);
  bool chacha_verdict = false;
  for (const Verdict& verdict : report.verdicts) {
    if (verdict.algorithm.starts_with("ChaCha20") &&
        verdict.status == VerdictStatus::kNotAccelerated) {
      chacha_verdict = true;
      EXPECT_THAT(verdict.advice, HasSubstr("only when built with `./configure --enable-intelasm`"))
          << verdict.advice;
    }
    if (verdict.algorithm == "AES-128-GCM" && verdict.status == VerdictStatus::kNotAccelerated) {
      EXPECT_THAT(verdict.advice, HasSubstr("`./configure --enable-aesni`")) << verdict.advice;
    }
  }
  EXPECT_TRUE(chacha_verdict);
}

// On ARMv8 wolfSSL's AES instructions come with --enable-armasm.
TEST(LibraryAdviceTest, WolfsslOnArmNamesArmasm) {
  results::RunResult run = Paste("wolfssl", kArmFlags);
  AddSoftwareAes(run);
  const DoctorReport report = DiagnoseReport(run);
  const std::string advice = AllAdvice(report);
  EXPECT_THAT(advice, HasSubstr("--enable-armasm"));
  EXPECT_THAT(advice, Not(HasSubstr("--enable-aesni")));
  ExpectNoOpensslRemedy(advice);
}

// mbedTLS: its config macros in mbedtls_config.h (config.h in 2.x).
TEST(LibraryAdviceTest, MbedtlsSoftwareAesNamesItsConfigMacros) {
  results::RunResult run = Paste("mbedtls", kX86Flags);
  AddAlgorithm(run, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 1024, 33.5)});
  AddAlgorithm(run, "AES-128-CBC", "cipher", {ImportedFigure("encrypt", 1024, 77.2)});
  AddAlgorithm(run, "ChaCha20-Poly1305", "aead", {ImportedFigure("encrypt", 1024, 169.5)});
  const DoctorReport report = DiagnoseReport(run);
  EXPECT_EQ(AdviceLibraryOf(report.facts), AdviceLibrary::kMbedtls);
  const std::string advice = AllAdvice(report);
  EXPECT_THAT(advice, HasSubstr("MBEDTLS_AESNI_C"));
  EXPECT_THAT(advice, HasSubstr("MBEDTLS_HAVE_ASM"));
  EXPECT_THAT(advice, HasSubstr("mbedtls_config.h"));
  ExpectNoOpensslRemedy(advice);

  results::RunResult arm = Paste("mbedtls", kArmFlags);
  AddAlgorithm(arm, "AES-128-GCM", "aead", {ImportedFigure("encrypt", 1024, 20)});
  AddAlgorithm(arm, "ChaCha20-Poly1305", "aead", {ImportedFigure("encrypt", 1024, 150)});
  EXPECT_THAT(AllAdvice(DiagnoseReport(arm)), HasSubstr("MBEDTLS_AESCE_C"));
}

// Defect: an open public-key verdict of a wolfSSL or mbedTLS paste named `cryptobench doctor
// RSA-2048` (which examines the openssl backend's library, and refuses public-key algorithms
// with --backend wolfssl or mbedtls) or openssl speed. It names the build's settings.
TEST(LibraryAdviceTest, PublicKeySettlingCommandIsTheBuildsSettings) {
  for (const std::string backend : {"wolfssl", "mbedtls"}) {
    results::RunResult run = Paste(backend, kX86Flags);
    AddAlgorithm(run, "RSA-2048", "signature",
                 {ImportedFigure("sign", 32, 100 * 32 / 1e6),
                  ImportedFigure("verify", 32, 5500 * 32 / 1e6)});
    const DoctorReport report = DiagnoseReport(run);
    const std::string advice = AllAdvice(report);
    EXPECT_THAT(advice, Not(HasSubstr("cryptobench doctor RSA-2048"))) << backend;
    ExpectNoOpensslRemedy(advice);
    const Finding* open = FindingOf(report, "report.cannot-tell");
    ASSERT_NE(open, nullptr) << backend;
    EXPECT_THAT(open->advice,
                HasSubstr(backend == "wolfssl" ? "wolfssl/options.h" : "mbedtls_config.h"));
  }
}

// An OpenSSL 1.x paste of unknown API keeps its advice: the mask, the EVP API and openssl
// version -a.
TEST(LibraryAdviceTest, OpensslPasteKeepsItsOwnAdvice) {
  results::RunResult run = Paste("openssl", kX86Flags);
  run.source.tool_version = "1.1.1w";
  run.library.version = "OpenSSL 1.1.1w  11 Sep 2023";
  run.library.version_num = 0x1010117f;
  run.source.evp = "unknown";  // the text does not show whether -evp was given
  AddSoftwareAes(run);
  const DoctorReport report = DiagnoseReport(run);
  EXPECT_EQ(AdviceLibraryOf(report.facts), AdviceLibrary::kOpenssl);
  const Finding* unused = FindingOf(report, "cpu.aes-unused");
  ASSERT_NE(unused, nullptr);
  EXPECT_THAT(unused->advice, HasSubstr("openssl speed -evp NAME"));
  EXPECT_THAT(AllAdvice(report), HasSubstr("OPENSSL_ia32cap/armcap"));
}

// Every text of the report a reader acts on or reads as evidence: advice, verdict lines and
// evidence, finding summaries and evidence.
std::string AllText(const DoctorReport& report) {
  std::string all = AllAdvice(report);
  for (const Verdict& verdict : report.verdicts) {
    all += verdict.line + "\n";
    for (const std::string& e : verdict.evidence) {
      all += e + "\n";
    }
  }
  for (const Finding& finding : report.findings) {
    all += finding.summary + "\n" + finding.evidence + "\n";
  }
  return all;
}

// Defect (new-user tryout): BoringSSL and AWS-LC pastes were told OPENSSL_ia32cap with
// `openssl speed`, `openssl version -a` and OpenSSL's Configure. Both read OPENSSL_ia32cap on
// x86 (google/boringssl crypto/cpu_intel.cc, aws/aws-lc crypto/fipsmodule/cpucap/cpu_intel.c),
// so the mask stays, with their own benchmark.
TEST(LibraryAdviceTest, BoringsslAndAwsLcNameBsslSpeedWithTheMask) {
  for (const std::string library : {"boringssl", "aws-lc"}) {
    results::RunResult run = Paste(library, kX86Flags);
    AddSoftwareAes(run);
    const DoctorReport report = DiagnoseReport(run);
    const std::string advice = AllAdvice(report);
    EXPECT_THAT(advice, HasSubstr("OPENSSL_ia32cap='~0x200000200000000' bssl speed")) << library;
    EXPECT_THAT(advice, HasSubstr(library == "aws-lc" ? "AWS-LC" : "BoringSSL")) << library;
    EXPECT_THAT(advice, Not(HasSubstr("openssl speed"))) << library;
    EXPECT_THAT(advice, Not(HasSubstr("openssl version"))) << library;
    EXPECT_THAT(advice, Not(HasSubstr("no-asm"))) << library;
    EXPECT_THAT(advice, Not(HasSubstr("an OpenSSL older"))) << library;
    EXPECT_THAT(advice, Not(HasSubstr("low-level API"))) << library;
  }
}

// A CPU whose flags line shows neither AES-NI nor PCLMULQDQ gives the mask nothing to switch
// off: the masked rerun cannot drop and proves nothing, so none is advised (new-user tryout 20,
// n06: `bssl speed` on a QEMU CPU without aes or pclmulqdq). With either feature present, or
// the flags unknown, the mask stays.
TEST(LibraryAdviceTest, NoMaskRerunForACpuWithoutTheMaskedFeatures) {
  const std::string no_aes =
      "fpu de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse "
      "sse2 syscall nx lm rep_good nopl cpuid pni cx16 x2apic hypervisor lahf_lm";
  for (const std::string library : {"boringssl", "aws-lc"}) {
    results::RunResult run = Paste(library, no_aes);
    AddSoftwareAes(run);
    const std::string advice = AllAdvice(DiagnoseReport(run));
    EXPECT_THAT(advice, Not(HasSubstr("OPENSSL_ia32cap"))) << library << advice;
    EXPECT_THAT(advice, Not(HasSubstr("knows no"))) << library << advice;
    results::RunResult clmul = Paste(library, no_aes + " pclmulqdq");
    AddSoftwareAes(clmul);
    EXPECT_THAT(AllAdvice(DiagnoseReport(clmul)), HasSubstr("OPENSSL_ia32cap")) << library;
  }
}

// BoringSSL on AArch64 reads no capability variable (crypto/cpu_aarch64_linux.cc: getauxval
// only): no OPENSSL_armcap, and it says it cannot tell.
TEST(LibraryAdviceTest, BoringsslOnArmNamesNoMask) {
  results::RunResult run = Paste("boringssl", kArmFlags);
  AddSoftwareAes(run);
  const std::string advice = AllAdvice(DiagnoseReport(run));
  EXPECT_THAT(advice, HasSubstr("cannot be told"));
  EXPECT_THAT(advice, Not(HasSubstr("OPENSSL_armcap")));
  EXPECT_THAT(advice, Not(HasSubstr("openssl speed")));
  EXPECT_THAT(advice, Not(HasSubstr("openssl version")));
  EXPECT_THAT(advice, Not(HasSubstr("bssl speed")));  // no mask to rerun it with
}

// LibreSSL is an OpenSSL fork with its own assembly; cryptobench has no sourced switches or
// masks of it, so it says less rather than borrow OpenSSL's.
TEST(LibraryAdviceTest, LibresslBorrowsNoOpensslRemedy) {
  results::RunResult run = Paste("libressl", kX86Flags);
  AddSoftwareAes(run);
  const std::string advice = AllAdvice(DiagnoseReport(run));
  EXPECT_THAT(advice, HasSubstr("LibreSSL"));
  EXPECT_THAT(advice, HasSubstr("cannot tell"));
  ExpectNoOpensslRemedy(advice);
  EXPECT_THAT(advice, Not(HasSubstr("no-asm")));
}

// Botan: `botan cpuid` and BOTAN_CLEAR_CPUID (doc/hardware_acceleration.rst); GnuTLS:
// GNUTLS_CPUID_OVERRIDE (its manual, Debugging and auditing).
TEST(LibraryAdviceTest, BotanAndGnutlsNameTheirOwnSwitches) {
  results::RunResult botan = Paste("botan", kX86Flags);
  AddSoftwareAes(botan);
  const std::string botan_advice = AllAdvice(DiagnoseReport(botan));
  EXPECT_THAT(botan_advice, HasSubstr("botan cpuid"));
  // Botan 2 ignores BOTAN_CLEAR_CPUID; botan speed's --clear-cpuid= works in 2 and 3.
  EXPECT_THAT(botan_advice, HasSubstr("botan speed --clear-cpuid=FLAG"));
  EXPECT_THAT(botan_advice, Not(HasSubstr("BOTAN_CLEAR_CPUID=FLAG")));
  ExpectNoOpensslRemedy(botan_advice);

  results::RunResult gnutls = Paste("gnutls", kX86Flags);
  AddSoftwareAes(gnutls);
  const std::string gnutls_advice = AllAdvice(DiagnoseReport(gnutls));
  // Without NETTLE_FAT_OVERRIDE the rerun still runs Nettle's AES-NI code.
  EXPECT_THAT(gnutls_advice, HasSubstr("GNUTLS_CPUID_OVERRIDE=0x1 NETTLE_FAT_OVERRIDE=none "
                                       "gnutls-cli --benchmark-ciphers"));
  ExpectNoOpensslRemedy(gnutls_advice);
}

// Defect: a wolfSSL or mbedTLS paste's ECDSA-P256 verdict gave "OpenSSL's assembly for
// ECDSA-P256" (data/pk-asm.csv, OpenSSL's modules) as evidence, and a BoringSSL one named
// `cryptobench doctor RSA-2048`, which examines the openssl backend's library.
TEST(LibraryAdviceTest, PublicKeyEvidenceNamesNoOtherLibrarysAssembly) {
  for (const std::string library : {"wolfssl", "mbedtls", "boringssl", "botan"}) {
    results::RunResult run = Paste(library, kX86Flags);
    AddAlgorithm(run, "ECDSA-P256", "signature",
                 {ImportedFigure("sign", 32, 40000 * 32 / 1e6),
                  ImportedFigure("verify", 32, 15000 * 32 / 1e6)});
    AddAlgorithm(run, "RSA-2048", "signature",
                 {ImportedFigure("sign", 32, 1400 * 32 / 1e6),
                  ImportedFigure("verify", 32, 45000 * 32 / 1e6)});
    const DoctorReport report = DiagnoseReport(run);
    const std::string text = AllText(report);
    EXPECT_THAT(text, Not(HasSubstr("OpenSSL's assembly"))) << library;
    EXPECT_THAT(text, Not(HasSubstr("OpenSSL 3"))) << library;
    EXPECT_THAT(text, Not(HasSubstr("ecp_nistz256"))) << library;
    EXPECT_THAT(text, Not(HasSubstr("cryptobench doctor RSA-2048"))) << library;
    EXPECT_THAT(text, Not(HasSubstr("cryptobench doctor ECDSA-P256"))) << library;
  }
}

// Defect: report.arch-unknown told botan, bssl, cryptsetup, tcrypt and gnutls-cli pastes to
// include `openssl version -a`; the architecture of any machine is `uname -m`'s.
TEST(LibraryAdviceTest, ArchitectureUnknownNamesACommandOfThatTool) {
  for (const std::string library : {"botan", "boringssl", "gnutls", "kernel", "wolfssl"}) {
    results::RunResult run = Paste(library, kX86Flags);
    run.source.facts.clear();  // no CPU lines: the architecture is unknown
    AddSoftwareAes(run);
    const DoctorReport report = DiagnoseReport(run);
    const Finding* arch = FindingOf(report, "report.arch-unknown");
    ASSERT_NE(arch, nullptr) << library;
    EXPECT_THAT(arch->advice, HasSubstr("uname -m")) << library;
    EXPECT_THAT(AllText(report), Not(HasSubstr("openssl version"))) << library;
    EXPECT_THAT(AllText(report), Not(HasSubstr("OpenSSL 1.x prints none"))) << library;
    EXPECT_THAT(AllText(report), Not(HasSubstr("CPUINFO"))) << library;
  }
  results::RunResult openssl = Paste("openssl", kX86Flags);
  openssl.source.facts.clear();
  AddSoftwareAes(openssl);
  const DoctorReport openssl_report = DiagnoseReport(openssl);
  const Finding* arch = FindingOf(openssl_report, "report.arch-unknown");
  ASSERT_NE(arch, nullptr);
  EXPECT_THAT(arch->advice, HasSubstr("openssl version -a"));
}

// Defect: runs timed through EVP (openssl speed -evp on 1.x, every row of 3.x) were told "the
// low-level API" and "openssl speed -evp NAME" among the causes of software-speed AES.
TEST(LibraryAdviceTest, EvpRunGetsNoLowLevelApiCause) {
  results::RunResult evp = Paste("openssl", kX86Flags);
  evp.source.tool_version = "1.1.1w";
  evp.library.version = "OpenSSL 1.1.1w  11 Sep 2023";
  evp.library.version_num = 0x1010117f;
  evp.source.evp = "evp";
  AddSoftwareAes(evp);
  const std::string evp_advice = AllAdvice(DiagnoseReport(evp));
  EXPECT_THAT(evp_advice, Not(HasSubstr("low-level API")));
  EXPECT_THAT(evp_advice, Not(HasSubstr("the EVP API")));
  EXPECT_THAT(evp_advice, HasSubstr("OPENSSL_ia32cap"));

  results::RunResult three = Paste("openssl", kX86Flags);  // OpenSSL 3.0.11: EVP only
  AddSoftwareAes(three);
  EXPECT_THAT(AllAdvice(DiagnoseReport(three)), Not(HasSubstr("low-level API")));
}

}  // namespace
}  // namespace cryptobench::diagnose
