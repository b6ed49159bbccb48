// Tests of the doctor renderers: golden files for two hand-built reports, and the rules the
// renderers apply (feature states, -D*_ASM wording, slowdowns, escaping, JSON keys).
//
// Golden files tests/golden/doctor{,-noasm}.{txt,json,md}. After an intended change of output,
// regenerate them and review the diff:
//   CRYPTOBENCH_UPDATE_GOLDEN=1 build/release/tests/cryptobench_tests --gtest_filter='Doctor*'
//   git diff tests/golden/
// With the variable set, the tests write the files instead of comparing (reported as skipped).
#include "diagnose/doctor_report.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "report/format_util.h"

#include "diagnose/doctor_report_internal.h"
#include "diagnose/library_doctor.h"
#include "diagnose/verdict_test_fixtures.h"
#include "support/golden.h"

namespace cryptobench::diagnose {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// A measurement of `mb_per_s` MB/s with a CI of ±`half_width_percent`.
Measurement Measured(std::string label, std::vector<std::string> masked, std::string ia32cap,
                     double mb_per_s, double half_width_percent) {
  Measurement m;
  m.label = std::move(label);
  m.masked_features = std::move(masked);
  m.ia32cap = std::move(ia32cap);
  m.bytes_per_s = mb_per_s * 1e6;
  // Whole bytes/s keep the golden JSON free of rounding noise.
  m.ci_low = std::round(m.bytes_per_s * (1 - half_width_percent / 100));
  m.ci_high = std::round(m.bytes_per_s * (1 + half_width_percent / 100));
  return m;
}

std::vector<cpu::FeatureState> Features(
    const std::vector<std::tuple<std::string, bool, bool>>& states) {
  std::vector<cpu::FeatureState> features;
  for (const auto& [name, supported, os_enabled] : states) {
    features.push_back({name, supported, os_enabled});
  }
  return features;
}

// The project's build machine (tests/fixtures/cpuid/amd-epyc-zen4-vm.txt) with Debian's
// OpenSSL 3.0.19, run with OPENSSL_ia32cap=~0x0:~0x10000 (AVX-512F cleared; the CPUINFO
// strings are those `openssl version -a` printed with and without it). Throughputs are the
// 16 KiB figures of cpb-reference.md sec. 8 where it has them (AES-128-CBC, AES-128-GCM,
// SHA-256 "sys3.0"/"default"/"noSHA" rows); GHASH and MD5 figures are illustrative.
DoctorReport Zen4Report() {
  DoctorReport report;
  report.created_utc = "2026-11-30T07:00:00Z";
  report.tool_version = "0.1.0";
  DoctorFacts& facts = report.facts;
  facts.cpu.arch = "x86_64";
  facts.cpu.vendor = "AuthenticAMD";
  facts.cpu.brand = "AMD EPYC";
  facts.cpu.family = 0x19;
  facts.cpu.model = 0x11;
  facts.cpu.stepping = 1;
  facts.cpu.hypervisor = true;
  facts.cpu.xcr0 = 0xe7;
  facts.cpu.features = Features({{"AES-NI", true, true},
                                 {"PCLMULQDQ", true, true},
                                 {"SSSE3", true, true},
                                 {"AVX", true, true},
                                 {"AVX2", true, true},
                                 {"AVX-512F", true, true},
                                 {"AVX-512VL", true, true},
                                 {"AVX-512BW", true, true},
                                 {"AVX-512DQ", true, true},
                                 {"AVX-512IFMA", true, true},
                                 {"VAES", true, true},
                                 {"VPCLMULQDQ", true, true},
                                 {"SHA-NI", true, true},
                                 {"ADX", true, true},
                                 {"BMI1", true, true},
                                 {"BMI2", true, true},
                                 {"MOVBE", true, true}});
  facts.clock.tsc_hz = 2596e6;
  facts.clock.core_clock = testing::ProbedClock(3.66e9, 3.66e9);
  facts.clock.core_hz = facts.clock.core_clock.hz;
  facts.clock.load_average_1min = 0.08;
  facts.clock.steal_fraction = 0.0;
  facts.clock.online_cpus = 2;
  results::LibraryInfo& library = facts.library;
  library.requested_path = "libcrypto.so.3";
  library.loaded_path = "/usr/lib/x86_64-linux-gnu/libcrypto.so.3";
  library.version = "OpenSSL 3.0.19 27 Jan 2026";
  library.version_num = 0x30000130;
  library.cflags =
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -fzero-call-used-regs=used-gpr "
      "-DOPENSSL_TLS_SECURITY_LEVEL=2 -Wa,--noexecstack -g -O2 "
      "-ffile-prefix-map=/build/reproducible-path/openssl-3.0.19=. -fstack-protector-strong "
      "-Wformat -Werror=format-security -DOPENSSL_USE_NODELETE -DL_ENDIAN -DOPENSSL_PIC "
      "-DOPENSSL_BUILDING_OPENSSL -DNDEBUG -Wdate-time -D_FORTIFY_SOURCE=2";
  library.built_on = "built on: Fri Apr  3 12:29:32 2026 UTC";
  library.platform = "platform: debian-amd64";
  library.cpu_info =
      "CPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff:0x405fc6f1be07ab env:~0x0:~0x10000";
  library.capability_vector = "0xfffa3203078bffff:0x405fc6f1be07ab";
  facts.env_ia32cap = "~0x0:~0x10000";
  facts.env_masked_features = {"AVX-512F"};
  facts.detected_capability_vector = "0xfffa3203078bffff:0x405fc6f1bf07ab";
  // 13 of the 21 ID strings in Debian's libcrypto.so.3 (3.0.19), as found there, in
  // FindAsmModules' table order.
  const std::string by_appro = ", CRYPTOGAMS by <appro@openssl.org>";
  facts.asm_modules = {
      {"aesni-x86_64", "AES (AES-NI)", "AES for Intel AES-NI" + by_appro},
      {"aesni-gcm-x86_64", "AES-GCM (AES-NI + AVX stitch)",
       "AES-NI GCM module for x86_64" + by_appro},
      {"aesni-sha1-x86_64", "AES-CBC + HMAC-SHA1 (AES-NI stitch)",
       "AESNI-CBC+SHA1 stitch for x86_64" + by_appro},
      {"aesni-sha256-x86_64", "AES-CBC + HMAC-SHA256 (AES-NI stitch)",
       "AESNI-CBC+SHA256 stitch for x86_64" + by_appro},
      {"vpaes-x86_64", "AES (vector permutation, SSSE3)",
       "Vector Permutation AES for x86_64/SSSE3, Mike Hamburg (Stanford University)"},
      {"bsaes-x86_64", "AES (bit-sliced, SSSE3)",
       "Bit-sliced AES for x86_64/SSSE3, Emilia K\xc3\xa4sper, Peter Schwabe, Andy Polyakov"},
      {"aes-x86_64", "AES (table-based)", "AES for x86_64" + by_appro},
      {"ghash-x86_64", "GHASH", "GHASH for x86_64" + by_appro},
      {"sha1-x86_64", "SHA-1", "SHA1 block transform for x86_64" + by_appro},
      {"sha256-x86_64", "SHA-256", "SHA256 block transform for x86_64" + by_appro},
      {"sha512-x86_64", "SHA-512", "SHA512 block transform for x86_64" + by_appro},
      {"chacha-x86_64", "ChaCha20", "ChaCha20 for x86_64" + by_appro},
      {"poly1305-x86_64", "Poly1305", "Poly1305 for x86_64" + by_appro},
  };
  report.core_hz_low = 3.59e9;
  report.core_hz_high = 3.66e9;
  report.cpb_clock_basis = "the measured core clock 3.66 GHz (dependent-chain probes)";

  report.findings.push_back(
      {"machine.hypervisor", Severity::kInfo, "Running in a virtual machine",
       "CPUID reports a hypervisor; the TSC runs at 2.60 GHz but the core at 3.66 GHz, so cpb "
       "is computed from the measured core clock, not the TSC.",
       ""});
  report.findings.push_back(
      {"env.ia32cap", Severity::kWarning, "OPENSSL_ia32cap in the environment clears AVX-512F",
       "OPENSSL_ia32cap=~0x0:~0x10000; capability vector 0xfffa3203078bffff:0x405fc6f1be07ab in "
       "use, 0xfffa3203078bffff:0x405fc6f1bf07ab without it.",
       "Unset OPENSSL_ia32cap unless the mask is intended: programs started with it skip the "
       "AVX-512 code paths (ChaCha20, Poly1305, RSA with AVX-512 IFMA)."});

  Verdict cbc;
  cbc.algorithm = "AES-128-CBC";
  cbc.operation = "encrypt";
  cbc.input_len = 16384;
  cbc.status = VerdictStatus::kAccelerated;
  cbc.line = "AES-128-CBC: accelerated: AES-NI path, 2.57 cpb; masking AES-NI slows it 4.8x.";
  cbc.evidence = {
      "as is: 1425.0 MB/s = 2.519-2.568 cpb, in the range of AES-NI (aesni_cbc_encrypt), "
      "2.56-5.77 cpb",
      "AES-NI masked: 299.0 MB/s, 4.77x slower, CIs apart: the library used the AES-NI path",
      "module aesni-x86_64 (AES for Intel AES-NI) is in the library"};
  cbc.cpb_low = 3.59e9 / 1425e6;
  cbc.cpb_high = 3.66e9 / 1425e6;
  cbc.fingerprint = "AES-NI (aesni_cbc_encrypt)";
  cbc.measurements = {
      Measured("as is", {}, "", 1425, 0.3),
      Measured("AES-NI masked", {"AES-NI"}, "~0x200000000000000:~0:~0:~0:~0", 299, 0.6)};
  report.verdicts.push_back(cbc);

  Verdict gcm;
  gcm.algorithm = "AES-128-GCM";
  gcm.operation = "encrypt";
  gcm.input_len = 16384;
  gcm.status = VerdictStatus::kAccelerated;
  gcm.line =
      "AES-128-GCM: accelerated: AES-NI + AVX stitched path, 0.82 cpb; masking AES-NI slows it "
      "6.9x.";
  gcm.evidence = {
      "as is: 4468.0 MB/s = 0.803-0.819 cpb, in the range of AES-NI+AVX stitched "
      "(aesni_gcm_encrypt), 0.63-1.00 cpb",
      "VAES, VPCLMULQDQ masked: no slowdown (1.00x): OpenSSL 3.0 has no VAES path for GCM",
      "AES-NI, VAES, VPCLMULQDQ masked: 647.0 MB/s, 6.91x slower, CIs apart"};
  gcm.cpb_low = 3.59e9 / 4468e6;
  gcm.cpb_high = 3.66e9 / 4468e6;
  gcm.fingerprint = "AES-NI+AVX stitched (aesni_gcm_encrypt)";
  gcm.measurements = {Measured("as is", {}, "", 4468, 0.4),
                      Measured("VAES, VPCLMULQDQ masked", {"VAES", "VPCLMULQDQ"},
                               "~0:~0x60000000000:~0:~0:~0", 4470, 0.5),
                      Measured("AES-NI, VAES, VPCLMULQDQ masked", {"AES-NI", "VAES", "VPCLMULQDQ"},
                               "~0x200000000000000:~0x60000000000:~0:~0:~0", 647, 0.7)};
  report.verdicts.push_back(gcm);

  Verdict ghash;
  ghash.algorithm = "GHASH (AES-128-GCM)";
  ghash.operation = "encrypt";
  ghash.input_len = 16384;
  ghash.status = VerdictStatus::kAccelerated;
  ghash.line =
      "GHASH (AES-128-GCM): accelerated: PCLMULQDQ path; masking PCLMULQDQ slows AES-128-GCM "
      "10.6x.";
  ghash.evidence = {
      "VAES, VPCLMULQDQ, PCLMULQDQ masked vs VAES, VPCLMULQDQ masked: 421.0 vs 4470.0 MB/s, "
      "10.62x slower: GHASH ran on PCLMULQDQ"};
  ghash.cpb_low = 3.59e9 / 4468e6;
  ghash.cpb_high = 3.66e9 / 4468e6;
  ghash.measurements = {
      Measured("VAES, VPCLMULQDQ masked", {"VAES", "VPCLMULQDQ"}, "~0:~0x60000000000:~0:~0:~0",
               4470, 0.5),
      Measured("VAES, VPCLMULQDQ, PCLMULQDQ masked", {"PCLMULQDQ", "VAES", "VPCLMULQDQ"},
               "~0x200000000:~0x60000000000:~0:~0:~0", 421, 0.9)};
  report.verdicts.push_back(ghash);

  Verdict sha256;
  sha256.algorithm = "SHA-256";
  sha256.operation = "hash";
  sha256.input_len = 16384;
  sha256.status = VerdictStatus::kAccelerated;
  sha256.line = "SHA-256: accelerated: SHA-NI path, 2.05 cpb; masking SHA-NI slows it 3.4x.";
  sha256.evidence = {
      "as is: 1789.0 MB/s = 2.007-2.046 cpb, in the range of SHA-NI "
      "(sha256_block_data_order_shaext), 1.78-2.36 cpb",
      "SHA-NI masked: 522.0 MB/s, 3.43x slower, CIs apart"};
  sha256.cpb_low = 3.59e9 / 1789e6;
  sha256.cpb_high = 3.66e9 / 1789e6;
  sha256.fingerprint = "SHA-NI (sha256_block_data_order_shaext)";
  sha256.measurements = {
      Measured("as is", {}, "", 1789, 0.2),
      Measured("SHA-NI masked", {"SHA-NI"}, "~0:~0x20000000:~0:~0:~0", 522, 0.4)};
  report.verdicts.push_back(sha256);

  Verdict md5;
  md5.algorithm = "MD5";
  md5.operation = "hash";
  md5.input_len = 16384;
  md5.status = VerdictStatus::kNoHardwarePath;
  md5.line = "MD5: no hardware path: x86 has no MD5 instructions; 4.63 cpb in scalar code.";
  md5.evidence = {"as is: 790.0 MB/s = 4.544-4.633 cpb"};
  md5.cpb_low = 3.59e9 / 790e6;
  md5.cpb_high = 3.66e9 / 790e6;
  md5.fingerprint = "integer asm (ossl_md5_block_asm_data_order)";
  md5.measurements = {Measured("as is", {}, "", 790, 0.3)};
  report.verdicts.push_back(md5);
  return report;
}

// A build of OpenSSL 3.0.19 configured with no-asm, on the guest of
// tests/fixtures/cpuid/intel-xeon-6148-avx512-off.txt (AVX-512 reported by CPUID, its state
// not enabled in XCR0). Figures are illustrative: the generic C cpb of sec. 8 at 3.0-3.1 GHz.
DoctorReport NoAsmReport() {
  DoctorReport report;
  report.created_utc = "2026-12-01T09:30:00Z";
  report.tool_version = "0.1.0";
  DoctorFacts& facts = report.facts;
  facts.cpu.arch = "x86_64";
  facts.cpu.vendor = "GenuineIntel";
  facts.cpu.brand = "Intel(R) Xeon(R) Gold 6148 CPU @ 2.40GHz";
  facts.cpu.family = 6;
  facts.cpu.model = 0x55;
  facts.cpu.stepping = 4;
  facts.cpu.hypervisor = true;
  facts.cpu.xcr0 = 0x7;
  facts.cpu.features = Features({{"AES-NI", true, true},
                                 {"PCLMULQDQ", true, true},
                                 {"SSSE3", true, true},
                                 {"AVX", true, true},
                                 {"AVX2", true, true},
                                 {"AVX-512F", true, false},
                                 {"AVX-512VL", true, false},
                                 {"AVX-512BW", true, false},
                                 {"AVX-512DQ", true, false},
                                 {"AVX-512IFMA", false, false},
                                 {"VAES", false, true},
                                 {"VPCLMULQDQ", false, true},
                                 {"SHA-NI", false, true},
                                 {"ADX", true, true},
                                 {"BMI1", true, true},
                                 {"BMI2", true, true},
                                 {"MOVBE", true, true}});
  facts.clock.tsc_hz = 2.4e9;
  facts.clock.core_clock = testing::ProbedClock(3.12e9, 3.08e9);
  facts.clock.core_hz = facts.clock.core_clock.hz;
  facts.clock.load_average_1min = 1.02;
  facts.clock.steal_fraction = 0.031;
  facts.clock.online_cpus = 4;
  results::LibraryInfo& library = facts.library;
  library.requested_path = "/opt/openssl-3.0.19-noasm/lib64/libcrypto.so.3";
  library.loaded_path = "/opt/openssl-3.0.19-noasm/lib64/libcrypto.so.3";
  library.version = "OpenSSL 3.0.19 27 Jan 2026";
  library.version_num = 0x30000130;
  library.cflags =
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE_NODELETE "
      "-DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG";
  library.built_on = "built on: Sat Nov 28 10:12:40 2026 UTC";
  library.platform = "platform: linux-x86_64";
  library.cpu_info = "CPUINFO: N/A";
  library.capability_vector = "N/A";
  facts.no_asm_build = true;
  report.core_hz_low = 3.0e9;
  report.core_hz_high = 3.1e9;
  report.cpb_clock_basis = "the measured core clock 3.10 GHz (dependent-chain probes)";

  report.findings.push_back(
      {"library.no-asm", Severity::kError, "The library was built without assembly",
       "CPUINFO: N/A, and no assembly module ID string in "
       "/opt/openssl-3.0.19-noasm/lib64/libcrypto.so.3.",
       "Use a libcrypto built with assembly, such as the distribution's: every cipher and hash "
       "runs as portable C here."});
  report.findings.push_back(
      {"cpu.avx512-disabled-by-os", Severity::kWarning, "AVX-512 is disabled by the OS",
       "CPUID reports AVX-512F, AVX-512VL, AVX-512BW and AVX-512DQ, but XCR0 = 0x7 lacks the "
       "opmask and ZMM state (bits 5-7).",
       "Enable AVX-512 state in the hypervisor or kernel if AVX-512 code paths are wanted."});
  report.findings.push_back({"machine.steal", Severity::kWarning,
                             "The hypervisor took 3.1% of CPU time (steal)",
                             "steal / total over 0.2 s: 0.031", ""});

  Verdict cbc;
  cbc.algorithm = "AES-128-CBC";
  cbc.operation = "encrypt";
  cbc.input_len = 16384;
  cbc.status = VerdictStatus::kNotAccelerated;
  cbc.line =
      "AES-128-CBC: NOT accelerated: generic C, 11.8 cpb; the CPU has AES-NI, but this library "
      "was built without assembly.";
  cbc.evidence = {
      "as is: 262.7 MB/s = 11.420-11.801 cpb, in the range of generic C (aes_core.c), "
      "11.8-22.1 cpb",
      "AES-NI would run it at 2.56-5.77 cpb (AES-NI (aesni_cbc_encrypt))",
      "no mask experiment: a no-asm build has no capability vector to mask"};
  cbc.advice =
      "Use a libcrypto built with assembly (drop no-asm from ./Configure), or the distribution's.";
  cbc.cpb_low = 3.0e9 / 262.7e6;
  cbc.cpb_high = 3.1e9 / 262.7e6;
  cbc.fingerprint = "generic C (aes_core.c)";
  cbc.measurements = {Measured("as is", {}, "", 262.7, 0.5)};
  report.verdicts.push_back(cbc);

  Verdict sha256;
  sha256.algorithm = "SHA-256";
  sha256.operation = "hash";
  sha256.input_len = 16384;
  sha256.status = VerdictStatus::kUndetermined;
  sha256.line = "SHA-256: undetermined: the measurement timed out.";
  Measurement timed_out;
  timed_out.label = "as is";
  timed_out.status = results::CellStatus::kTimeout;
  timed_out.message = "worker exceeded its 30 s limit";
  sha256.measurements = {timed_out};
  report.verdicts.push_back(sha256);
  return report;
}

template <typename Renderer>
std::string Rendered(Renderer render, const DoctorReport& report) {
  std::ostringstream out;
  render(report, out);
  return out.str();
}

TEST(DoctorGoldenTest, Text) {
  cryptobench::testing::ExpectMatchesGolden(Rendered(RenderDoctorText, Zen4Report()), "doctor.txt");
}
TEST(DoctorGoldenTest, Json) {
  cryptobench::testing::ExpectMatchesGolden(Rendered(RenderDoctorJson, Zen4Report()),
                                            "doctor.json");
}
TEST(DoctorGoldenTest, Markdown) {
  cryptobench::testing::ExpectMatchesGolden(Rendered(RenderDoctorMarkdown, Zen4Report()),
                                            "doctor.md");
}
TEST(DoctorGoldenTest, NoAsmText) {
  cryptobench::testing::ExpectMatchesGolden(Rendered(RenderDoctorText, NoAsmReport()),
                                            "doctor-noasm.txt");
}
TEST(DoctorGoldenTest, NoAsmJson) {
  cryptobench::testing::ExpectMatchesGolden(Rendered(RenderDoctorJson, NoAsmReport()),
                                            "doctor-noasm.json");
}
TEST(DoctorGoldenTest, NoAsmMarkdown) {
  cryptobench::testing::ExpectMatchesGolden(Rendered(RenderDoctorMarkdown, NoAsmReport()),
                                            "doctor-noasm.md");
}

// The header names OpenSSL's Arm mask variable on an Arm CPU whose library printed no
// CPUINFO line (a live doctor on AArch64), not the x86 one.
TEST(DoctorReportTest, TheMaskVariableFollowsTheArchitecture) {
  DoctorReport report = NoAsmReport();
  EXPECT_EQ(CapabilityVariable(report.facts), "OPENSSL_ia32cap");
  report.facts.cpu.arch = "aarch64";
  report.facts.library.cpu_info.clear();
  report.facts.env_ia32cap.reset();
  EXPECT_EQ(CapabilityVariable(report.facts), "OPENSSL_armcap");
  const std::string text = Rendered(RenderDoctorText, report);
  EXPECT_NE(text.find("OPENSSL_armcap"), std::string::npos) << text;
  EXPECT_EQ(text.find("OPENSSL_ia32cap"), std::string::npos) << text;
  // A CPUINFO line settles it whatever the CPU field says (a pasted x86 report read elsewhere).
  report.facts.library.cpu_info = "CPUINFO: OPENSSL_ia32cap=0x0:0x0";
  EXPECT_EQ(CapabilityVariable(report.facts), "OPENSSL_ia32cap");
  report.facts.cpu.arch = "x86_64";
  report.facts.library.cpu_info = "CPUINFO: OPENSSL_armcap=0xbd";
  EXPECT_EQ(CapabilityVariable(report.facts), "OPENSSL_armcap");
}

TEST(DoctorReportTest, RenderingIsDeterministic) {
  const DoctorReport report = Zen4Report();
  EXPECT_EQ(Rendered(RenderDoctorText, report), Rendered(RenderDoctorText, report));
  EXPECT_EQ(Rendered(RenderDoctorJson, report), Rendered(RenderDoctorJson, report));
  EXPECT_EQ(Rendered(RenderDoctorMarkdown, report), Rendered(RenderDoctorMarkdown, report));
}

TEST(DoctorJsonTest, ParsesWithSchemaKindStatusesAndExitStatus) {
  const nlohmann::json doc = nlohmann::json::parse(Rendered(RenderDoctorJson, Zen4Report()));
  EXPECT_EQ(doc.at("schema_version"), 1);
  EXPECT_EQ(doc.at("kind"), "doctor");
  EXPECT_EQ(doc.at("exit_status"), 0);
  std::vector<std::string> statuses;
  for (const auto& verdict : doc.at("verdicts")) {
    statuses.push_back(verdict.at("status"));
  }
  EXPECT_EQ(statuses, (std::vector<std::string>{"accelerated", "accelerated", "accelerated",
                                                "accelerated", "no_hardware_path"}));
  EXPECT_EQ(doc.at("facts").at("library").at("version"), "OpenSSL 3.0.19 27 Jan 2026");
  EXPECT_EQ(doc.at("facts").at("cpu").at("features").size(), 17u);
  EXPECT_TRUE(doc.at("facts").at("clock").at("turbo_enabled").is_null());
  EXPECT_EQ(doc.at("facts").at("env_masked_features"), nlohmann::json::array({"AVX-512F"}));
  EXPECT_EQ(doc.at("findings").at(1).at("severity"), "warning");

  const nlohmann::json no_asm = nlohmann::json::parse(Rendered(RenderDoctorJson, NoAsmReport()));
  EXPECT_EQ(no_asm.at("exit_status"), 1);
  EXPECT_EQ(no_asm.at("verdicts").at(0).at("status"), "not_accelerated");
  EXPECT_EQ(no_asm.at("verdicts").at(1).at("measurements").at(0).at("status"), "timeout");
  EXPECT_TRUE(no_asm.at("facts").at("env_ia32cap").is_null());
  EXPECT_EQ(no_asm.at("facts").at("no_asm_build"), true);
}

TEST(DoctorJsonTest, StatusKeysAreStableSnakeCase) {
  const std::vector<std::pair<VerdictStatus, std::string>> expected = {
      {VerdictStatus::kAccelerated, "accelerated"},
      {VerdictStatus::kNotAccelerated, "not_accelerated"},
      {VerdictStatus::kMasked, "masked"},
      {VerdictStatus::kSoftwareExpected, "software_expected"},
      {VerdictStatus::kNoHardwarePath, "no_hardware_path"},
      {VerdictStatus::kUndetermined, "undetermined"}};
  for (const auto& [status, key] : expected) {
    DoctorReport report;
    Verdict verdict;
    verdict.algorithm = "AES-128-CTR";
    verdict.status = status;
    report.verdicts.push_back(verdict);
    const nlohmann::ordered_json doc = DoctorToJson(report);
    EXPECT_EQ(doc.at("verdicts").at(0).at("status"), key);
    EXPECT_EQ(doc.at("exit_status"), IsProblem(status) ? 1 : 0) << key;
  }
}

TEST(DoctorJsonTest, InvalidUtf8FromTheLibraryFileDoesNotThrow) {
  DoctorReport report = Zen4Report();
  report.facts.asm_modules.push_back({"aes-x86_64", "AES (table-based)", "AES for x86_64, \xff"});
  std::string rendered;
  ASSERT_NO_THROW(rendered = Rendered(RenderDoctorJson, report));
  const nlohmann::json doc = nlohmann::json::parse(rendered);
  EXPECT_EQ(doc.at("facts").at("asm_modules").back().at("id_string"),
            "AES for x86_64, \xef\xbf\xbd");  // U+FFFD
}

TEST(DoctorReportTest, FeatureStatesNameTheOsCase) {
  EXPECT_EQ(doctor_internal::FeatureStateText({"AES-NI", true, true}), "yes");
  EXPECT_EQ(doctor_internal::FeatureStateText({"AVX-512F", true, false}),
            "yes (disabled by the OS)");
  EXPECT_EQ(doctor_internal::FeatureStateText({"SHA-NI", false, true}), "no");
  EXPECT_EQ(doctor_internal::FeatureStateText({"VAES", false, false}), "no");
}

// The value of the fact labelled `label`, or "" if there is none.
std::string FactValue(const std::vector<doctor_internal::FactRow>& rows, const std::string& label) {
  for (const doctor_internal::FactRow& row : rows) {
    if (row.label == label) {
      return row.value;
    }
  }
  return "";
}

TEST(DoctorReportTest, AsmDefinesWordingDependsOnTheVersion) {
  DoctorFacts facts;
  facts.library.version_num = 0x30000130;
  EXPECT_EQ(FactValue(doctor_internal::LibraryFactRows(facts), "-D*_ASM defines"),
            "not printed by 3.x builds; absence proves nothing");
  facts.library.version_num = 0x1010117fL;  // 1.1.1w
  facts.library.cflags = "compiler: gcc -O3 -DOPENSSL_PIC";
  EXPECT_EQ(FactValue(doctor_internal::LibraryFactRows(facts), "-D*_ASM defines"), "none");
  facts.asm_defines = {"AES_ASM", "VPAES_ASM", "GHASH_ASM"};
  EXPECT_EQ(FactValue(doctor_internal::LibraryFactRows(facts), "-D*_ASM defines"),
            "AES_ASM VPAES_ASM GHASH_ASM");
}

TEST(DoctorReportTest, DetectedVectorShownOnlyWhenItDiffers) {
  DoctorFacts facts;
  facts.library.capability_vector = "0xfffa3203078bffff:0x405fc6f1bf07ab";
  facts.detected_capability_vector = facts.library.capability_vector;
  EXPECT_EQ(FactValue(doctor_internal::LibraryFactRows(facts), "detected vector"), "");
  facts.library.capability_vector = "0xfffa3203078bffff:0x405fc6f1be07ab";
  EXPECT_EQ(FactValue(doctor_internal::LibraryFactRows(facts), "detected vector"),
            "0xfffa3203078bffff:0x405fc6f1bf07ab");
}

TEST(DoctorReportTest, ClockFactsShowScalingWhenExposed) {
  DoctorReport report;
  report.facts.cpu.arch = "x86_64";
  report.facts.clock.governor = "powersave";
  report.facts.clock.turbo_enabled = false;
  report.facts.clock.max_hz = 3.7e9;
  report.core_hz_low = 2.4e9;
  report.core_hz_high = 3.7e9;
  const std::string text = Rendered(RenderDoctorText, report);
  EXPECT_THAT(text, HasSubstr("governor:           powersave\n"));
  EXPECT_THAT(text, HasSubstr("turbo:              off\n"));
  EXPECT_THAT(text, HasSubstr("max frequency:      3.70 GHz\n"));
  EXPECT_THAT(text, HasSubstr("cpb computed at:    2.40 GHz to 3.70 GHz\n"));
  EXPECT_THAT(text, HasSubstr("load average:       unknown\n"));
  EXPECT_THAT(text, HasSubstr("steal:              not measured\n"));
}

TEST(DoctorReportTest, SlowdownIsAgainstTheFirstMeasurementAndSkipsFailures) {
  Verdict verdict;
  verdict.measurements = {Measured("VAES masked", {"VAES"}, "~0:~0x20000000000:~0:~0:~0", 800, 1),
                          Measured("PCLMULQDQ too", {}, "", 200, 1), Measurement{}};
  verdict.measurements[2].status = results::CellStatus::kCrashed;
  EXPECT_FALSE(doctor_internal::SlowdownVsFirst(verdict, 0));
  ASSERT_TRUE(doctor_internal::SlowdownVsFirst(verdict, 1));
  EXPECT_DOUBLE_EQ(*doctor_internal::SlowdownVsFirst(verdict, 1), 4.0);
  EXPECT_FALSE(doctor_internal::SlowdownVsFirst(verdict, 2));
  EXPECT_FALSE(doctor_internal::SlowdownVsFirst(verdict, 3));
}

TEST(DoctorReportTest, StatusStaysVisibleWhenTheLineOmitsIt) {
  Verdict verdict;
  verdict.algorithm = "ChaCha20";
  verdict.status = VerdictStatus::kMasked;
  verdict.line = "ChaCha20: AVX-512F cleared by OPENSSL_ia32cap in the environment.";
  EXPECT_EQ(doctor_internal::VerdictLineWithStatus(verdict),
            "[masked] ChaCha20: AVX-512F cleared by OPENSSL_ia32cap in the environment.");
  verdict.line = "ChaCha20: masked: AVX-512F cleared.";
  EXPECT_EQ(doctor_internal::VerdictLineWithStatus(verdict), verdict.line);
  EXPECT_EQ(doctor_internal::LineWithoutPrefix(verdict), "AVX-512F cleared.");
  verdict.line.clear();
  EXPECT_EQ(doctor_internal::VerdictLineWithStatus(verdict), "ChaCha20: masked");
}

TEST(DoctorReportTest, SummaryCountsVerdictsProblemsAndErrorFindings) {
  EXPECT_EQ(doctor_internal::SummaryText(Zen4Report()),
            "5 algorithms examined: 4 accelerated, 0 problems; exit status 0");
  EXPECT_EQ(doctor_internal::SummaryText(NoAsmReport()),
            "2 algorithms examined: 0 accelerated, 1 problem, 1 error finding, 1 undetermined "
            "(cannot tell); exit status 1");
  const std::string text = Rendered(RenderDoctorText, DoctorReport{});
  EXPECT_THAT(text, HasSubstr("  none: no algorithm was examined\n"));
  EXPECT_THAT(text,
              HasSubstr("\n0 algorithms examined: 0 accelerated, 0 problems; exit status 0\n"));
  EXPECT_THAT(text, Not(HasSubstr("Evidence")));
}

TEST(DoctorReportTest, TextProseWrapsAtOneHundredColumns) {
  std::istringstream lines(Rendered(RenderDoctorText, Zen4Report()));
  std::string line;
  bool in_table = false;
  while (std::getline(lines, line)) {
    // Measurement tables hold whole masks; only prose is wrapped.
    if (line.rfind("    measurement ", 0) == 0) {
      in_table = true;
    } else if (line.empty()) {
      in_table = false;
    }
    if (!in_table) {
      EXPECT_LE(report::DisplayWidth(line), 100u) << line;
    }
  }
}

TEST(DoctorMarkdownTest, EscapesCellBreakersAndFencesBackticks) {
  DoctorReport report;
  report.findings.push_back({"env.a|b", Severity::kWarning, "a | b *c* <d>", "", ""});
  report.facts.library.cflags = "compiler: cc -DX='a|`b`'";
  const std::string markdown = Rendered(RenderDoctorMarkdown, report);
  EXPECT_THAT(markdown, HasSubstr("- **warning** `env.a\\|b`: a \\| b \\*c\\* \\<d>\n"));
  EXPECT_THAT(markdown, HasSubstr("| build flags | `` cc -DX='a\\|`b`' `` |\n"));
}

// A report stopped by a signal says so in its JSON; a complete one has no such fields (its
// goldens unchanged). The library doctor's JSON likewise.
TEST(DoctorReportTest, PartialReportsSayWhichSignalStoppedThem) {
  DoctorReport report;
  EXPECT_FALSE(DoctorToJson(report).contains("partial"));
  report.interrupted_by = "SIGTERM";
  const nlohmann::ordered_json j = DoctorToJson(report);
  EXPECT_EQ(j["partial"], true);
  EXPECT_EQ(j["interrupted_by"], "SIGTERM");
  LibraryDoctorReport library;
  EXPECT_FALSE(LibraryDoctorToJson(library).contains("interrupted_by"));
  library.interrupted_by = "SIGINT";
  EXPECT_EQ(LibraryDoctorToJson(library)["interrupted_by"], "SIGINT");
}

}  // namespace
}  // namespace cryptobench::diagnose
