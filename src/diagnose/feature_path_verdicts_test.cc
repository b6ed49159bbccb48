// doctor --from on algorithms without a capability family where some CPU has a path of its own
// (data/feature-paths.csv): the re-check of tryout 28 (W5-W7, pastes q23-q30, shortened). The
// path's release range and the CPU flag it needs decide between "no hardware path" and "cannot
// tell"; an unknown architecture never gets "no hardware path" where a row exists.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_report.h"
#include "support/diagnose_paste.h"

namespace cryptobench::diagnose {
namespace {

using ::cryptobench::testing::DiagnosePaste;
using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kFeaturePathSpeedHeader =
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n";

// The verdict for `algorithm`, copied out of the report (no reference into a temporary).
Verdict FeaturePathVerdictFor(const std::string& paste, const std::string& algorithm) {
  const DoctorReport report = DiagnosePaste(paste);
  for (const Verdict& verdict : report.verdicts) {
    if (verdict.algorithm == algorithm) {
      return verdict;
    }
  }
  ADD_FAILURE() << "no verdict for " << algorithm;
  return {};
}

// q25 (W5): Solaris' uname -a names the machine class sun4v and the processor type sparc; both
// are SPARC V9, where the T4 DES instructions exist, so the report cannot tell which code ran.
TEST(FeaturePathVerdictsTest, SolarisUnameSun4vIsSparc) {
  const std::string paste = std::string(
                                "bash-4.4$ uname -a\n"
                                "SunOS t5-2 5.11 11.4.42.111.0 sun4v sparc sun4v\n"
                                "bash-4.4$ openssl speed des-ede3 2>/dev/null | tail -2\n") +
                            kFeaturePathSpeedHeader +
                            "des-ede3         181234.56k   211234.56k   218765.43k   220123.45k   "
                            "220567.89k   220612.34k\n";
  const Verdict des = FeaturePathVerdictFor(paste, "DES-EDE3-CBC");
  EXPECT_EQ(des.status, VerdictStatus::kUndetermined) << des.line;
  EXPECT_THAT(des.line, HasSubstr("dest4-sparcv9")) << des.line;
  EXPECT_THAT(des.line, Not(HasSubstr("no CPU-feature path"))) << des.line;
  // The architecture comes from the uname line, not from the rule for an unknown one.
  EXPECT_THAT(des.line, Not(HasSubstr("names no architecture"))) << des.line;
  EXPECT_THAT(des.line, HasSubstr("no cpb classes for sparcv9")) << des.line;
}

// W5, the general rule: with no architecture in the text, a row for some architecture (SPARC T4
// MD5 and DES) makes the status "undetermined", never "no hardware path".
TEST(FeaturePathVerdictsTest, UnknownArchitectureWithARowIsUndetermined) {
  const std::string paste = std::string(
                                "$ openssl version\n"
                                "OpenSSL 1.1.1w  11 Sep 2023\n"
                                "$ openssl speed md5 des-ede3\n") +
                            kFeaturePathSpeedHeader +
                            "md5              88123.45k   281234.56k   572345.67k   728765.43k   "
                            "791234.56k   796543.21k\n"
                            "des-ede3         21234.56k    21234.56k    21765.43k    22123.45k    "
                            "22067.89k    22012.34k\n";
  for (const char* name : {"MD5", "DES-EDE3-CBC"}) {
    const Verdict v = FeaturePathVerdictFor(paste, name);
    EXPECT_EQ(v.status, VerdictStatus::kUndetermined) << v.line;
    EXPECT_THAT(v.line, Not(HasSubstr("no CPU-feature path"))) << v.line;
    EXPECT_THAT(v.line, HasSubstr("SPARC")) << v.line;
  }
}

// q28 (W6): OpenSSL 3.0.13 on an M1. The SHA3-instruction Keccak came with 3.2 (commit 08e6eb2),
// so 3.0.13 has no hardware path for SHA3-256 whatever the CPU.
TEST(FeaturePathVerdictsTest, ReleaseBeforeThePathHasNoHardwarePath) {
  const std::string paste =
      std::string(
          "MacBook Air M1, Homebrew openssl@3.0\n"
          "$ uname -m\n"
          "arm64\n"
          "$ openssl version -a\n"
          "OpenSSL 3.0.13 30 Jan 2024 (Library: OpenSSL 3.0.13 30 Jan 2024)\n"
          "built on: Tue Jan 30 13:19:47 2024 UTC\n"
          "platform: darwin64-arm64-cc\n"
          "options:  bn(64,64)\n"
          "compiler: clang -fPIC -arch arm64 -O3 -Wall -DL_ENDIAN -DOPENSSL_PIC -D_REENTRANT "
          "-DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
          "CPUINFO: OPENSSL_armcap=0x987d\n"
          "$ openssl speed -evp sha3-256 2>/dev/null | tail -2\n") +
      kFeaturePathSpeedHeader +
      "sha3-256         48099.35k   192855.72k   479891.18k   566828.18k   643850.10k   "
      "651480.44k\n";
  const Verdict v = FeaturePathVerdictFor(paste, "SHA3-256");
  EXPECT_EQ(v.status, VerdictStatus::kNoHardwarePath) << v.line;
  EXPECT_THAT(v.line, Not(HasSubstr("cannot tell"))) << v.line;
  EXPECT_THAT(v.line, HasSubstr("OpenSSL 3.0.13")) << v.line;
  EXPECT_THAT(v.line, HasSubstr("3.2")) << v.line;
  EXPECT_THAT(v.evidence, Contains(HasSubstr("08e6eb2")));
}

// q30 (W7): Graviton2 (Neoverse-N1) whose lscpu Flags line has no sha3: OpenSSL 3.2.2 has the
// path, but this CPU cannot run it.
TEST(FeaturePathVerdictsTest, FlagsLineWithoutTheFlagHasNoHardwarePath) {
  auto paste = [](const std::string& flags, const std::string& version) {
    return std::string(
               "c6g.large (Graviton2), Amazon Linux 2023\n"
               "$ lscpu\n"
               "Architecture:                    aarch64\n"
               "Vendor ID:                       ARM\n"
               "Model name:                      Neoverse-N1\n"
               "Flags:                           ") +
           flags + "\n" + version + "$ openssl speed -evp sha3-256 2>/dev/null | tail -2\n" +
           kFeaturePathSpeedHeader +
           "sha3-256         31234.56k   121234.56k   298765.43k   361234.56k   382345.67k   "
           "384123.45k\n";
  };
  const std::string n1_flags =
      "fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm lrcpc dcpop "
      "asimddp ssbs";
  const std::string version =
      "$ openssl version\nOpenSSL 3.2.2 4 Jun 2024 (Library: OpenSSL 3.2.2 4 Jun 2024)\n";
  const Verdict v = FeaturePathVerdictFor(paste(n1_flags, version), "SHA3-256");
  EXPECT_EQ(v.status, VerdictStatus::kNoHardwarePath) << v.line;
  EXPECT_THAT(v.line, HasSubstr("sha3")) << v.line;
  EXPECT_THAT(v.line, HasSubstr("Flags line")) << v.line;
  EXPECT_THAT(v.line, Not(HasSubstr("cannot tell"))) << v.line;

  // With sha3 in the flags, or no version, the report cannot tell.
  const Verdict with_sha3 =
      FeaturePathVerdictFor(paste(n1_flags + " sha3 sha512", version), "SHA3-256");
  EXPECT_EQ(with_sha3.status, VerdictStatus::kUndetermined) << with_sha3.line;
  const Verdict no_version = FeaturePathVerdictFor(paste(n1_flags + " sha3", ""), "SHA3-256");
  EXPECT_EQ(no_version.status, VerdictStatus::kUndetermined) << no_version.line;

  // Tryout 29 W2 (r45): a line cut before sha3 ("... dcpop sh", a narrow terminal) shows no flag
  // the kernel prints after sha3 (arm64 hwcap order: ... dcpop sha3 sm3 sm4 asimddp ...), so its
  // missing sha3 says nothing: cannot tell.
  const Verdict cut = FeaturePathVerdictFor(
      paste("fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm jscvt "
            "fcma lrcpc dcpop sh",
            version),
      "SHA3-256");
  EXPECT_EQ(cut.status, VerdictStatus::kUndetermined) << cut.line;
  EXPECT_THAT(cut.line, Not(HasSubstr("does not list"))) << cut.line;
}

// Tryout 29 W5 (r46): a bssl run whose path names AWS-LC but no release is AWS-LC for the
// doctor too (import names it "AWS-LC"), so its Ed25519 gets the AWS-LC row, not "whether
// BoringSSL has a CPU-feature path".
TEST(FeaturePathVerdictsTest, AwsLcWithoutReleaseGetsItsRows) {
  const Verdict v = FeaturePathVerdictFor(
      "$ uname -m\nx86_64\n"
      "$ ~/src/aws-lc/build/tool/bssl speed -filter Ed25519\n"
      "Did 60000 Ed25519 signing operations in 1009843us (59415.2 ops/sec)\n"
      "Did 23000 Ed25519 verify operations in 1034251us (22238.3 ops/sec)\n",
      "Ed25519");
  EXPECT_EQ(v.status, VerdictStatus::kUndetermined) << v.line;
  EXPECT_THAT(v.line, HasSubstr("s2n-bignum")) << v.line;
  EXPECT_THAT(v.line, Not(HasSubstr("BoringSSL"))) << v.line;
}

// The controls q23 (Linux sparc64, OpenSSL 3.0.9), q24 (Solaris with isainfo, 1.1.1w) and q29
// (no architecture, no version line) keep "cannot tell".
TEST(FeaturePathVerdictsTest, ControlsKeepCannotTell) {
  const std::string q23 = std::string(
                              "$ uname -a\n"
                              "Linux t4ldom 6.1.0-10-sparc64-smp #1 SMP Debian 6.1.38-2 "
                              "(2023-07-27) sparc64 GNU/Linux\n"
                              "$ openssl version\n"
                              "OpenSSL 3.0.9 30 May 2023 (Library: OpenSSL 3.0.9 30 May 2023)\n"
                              "$ openssl speed des-ede3 md5 2>/dev/null | tail -3\n") +
                          kFeaturePathSpeedHeader +
                          "md5              98123.45k   301234.56k   612345.67k   798765.43k   "
                          "871234.56k   876543.21k\n"
                          "des-ede3         201234.56k   231234.56k   238765.43k   240123.45k   "
                          "240567.89k   240612.34k\n";
  for (const char* name : {"MD5", "DES-EDE3-CBC"}) {
    const Verdict v = FeaturePathVerdictFor(q23, name);
    EXPECT_EQ(v.status, VerdictStatus::kUndetermined) << v.line;
    EXPECT_THAT(v.line, HasSubstr("SPARC T4")) << v.line;
  }
  const std::string q29 = std::string(
                              "MacBook Air (M1), openssl 3.3 from Homebrew:\n"
                              "$ openssl speed -evp sha3-256 2>/dev/null | tail -2\n") +
                          kFeaturePathSpeedHeader +
                          "sha3-256         47984.92k   192821.83k   527154.17k   738713.60k   "
                          "874018.13k   890705.24k\n";
  const Verdict sha3 = FeaturePathVerdictFor(q29, "SHA3-256");
  EXPECT_EQ(sha3.status, VerdictStatus::kUndetermined) << sha3.line;
  EXPECT_THAT(sha3.line, HasSubstr("SHA3 instructions")) << sha3.line;
}

// Tryout 29 W7 (r26): a Sun Fire V240 (sun4u, UltraSPARC IIIi) whose `isainfo -v` lists vis2 and
// vis but no des. isainfo's extension list is Solaris' flags line (illumos auxv_SPARC.h,
// FMT_AV_SPARC: "des" for AV_SPARC_DES), so the CPU cannot run dest4-sparcv9.
TEST(FeaturePathVerdictsTest, IsainfoWithoutDesHasNoHardwarePath) {
  const std::string paste = std::string(
                                "Sun Fire V240 (UltraSPARC IIIi), Solaris 10\n"
                                "$ isainfo -v\n"
                                "64-bit sparcv9 applications\n"
                                "\tvis2 vis\n"
                                "32-bit sparc applications\n"
                                "\tvis2 vis v8plus div32 mul32\n"
                                "$ openssl version\n"
                                "OpenSSL 1.0.2u  20 Dec 2019\n"
                                "$ openssl speed des-ede3 2>/dev/null | tail -2\n") +
                            kFeaturePathSpeedHeader +
                            "des ede3          9812.34k    10123.45k    10234.56k    10256.78k    "
                            "10260.12k    10261.00k\n";
  const Verdict des = FeaturePathVerdictFor(paste, "DES-EDE3-CBC");
  EXPECT_EQ(des.status, VerdictStatus::kNoHardwarePath) << des.line;
  EXPECT_THAT(des.line, HasSubstr("needs des")) << des.line;
  EXPECT_THAT(des.line, HasSubstr("isainfo -v")) << des.line;
}

// W7 (c): uname's machine class sun4u (UltraSPARC I-IV, SPARC64 VI/VII) is never a T4: the
// crypto instructions are sun4v's (Linux sets HWCAP_SPARC_CRYPTO only from the sun4v machine
// description), so even without isainfo the CPU cannot run dest4-sparcv9 or md5-sparcv9.
TEST(FeaturePathVerdictsTest, Sun4uHasNoCryptoInstructions) {
  const std::string paste = std::string(
                                "$ uname -a\n"
                                "SunOS v240 5.10 Generic_150400-65 sun4u sparc SUNW,Sun-Fire-V240\n"
                                "$ openssl version\n"
                                "OpenSSL 1.0.2u  20 Dec 2019\n"
                                "$ openssl speed des-ede3 md5 2>/dev/null | tail -3\n") +
                            kFeaturePathSpeedHeader +
                            "md5              18123.45k    51234.56k   102345.67k   138765.43k   "
                            "151234.56k   152543.21k\n"
                            "des ede3          9812.34k    10123.45k    10234.56k    10256.78k    "
                            "10260.12k    10261.00k\n";
  for (const char* name : {"MD5", "DES-EDE3-CBC"}) {
    const Verdict v = FeaturePathVerdictFor(paste, name);
    EXPECT_EQ(v.status, VerdictStatus::kNoHardwarePath) << v.line;
    EXPECT_THAT(v.line, HasSubstr("sun4u")) << v.line;
  }
  // sun4v may be a T4: still cannot tell from the class alone.
  std::string sun4v = paste;
  sun4v.replace(sun4v.find("sun4u"), 5, "sun4v");
  EXPECT_EQ(FeaturePathVerdictFor(sun4v, "MD5").status, VerdictStatus::kUndetermined);
}

// W7 (a), corpus lede-1492 / openwrt-13045: 3DES at 8.27 MB/s with no architecture in the text.
// dest4-sparcv9 runs at 11.7 cpb; even at 0.2 GHz (the lowest plausible core clock) it would give
// 17.1 MB/s, twice the figure, so the path did not run, and on x86 and ARM no CPU has DES
// instructions: no hardware path, as before the SPARC rows.
TEST(FeaturePathVerdictsTest, FigureFarBelowTheSparcPathRulesItOut) {
  const std::string slow = std::string("$ openssl speed des-ede3\n") + kFeaturePathSpeedHeader +
                           "des-ede3          8085.97k     8217.26k     8255.74k     8266.41k     "
                           "8273.92k     8274.10k\n";
  const Verdict v = FeaturePathVerdictFor(slow, "DES-EDE3-CBC");
  EXPECT_EQ(v.status, VerdictStatus::kNoHardwarePath) << v.line;
  EXPECT_THAT(v.line, HasSubstr("x86 or ARM")) << v.line;
  EXPECT_THAT(v.evidence, Contains(HasSubstr("200 MHz"))) << v.line;
  EXPECT_THAT(v.evidence, Contains(HasSubstr("path did not run"))) << v.line;

  // On SPARC with no flag list the figure shows the table code, but not why: isainfo -v tells.
  const std::string sparc = "$ uname -a\nSunOS t4 5.11 11.4.42.111.0 sun4v sparc sun4v\n" + slow;
  const Verdict s = FeaturePathVerdictFor(sparc, "DES-EDE3-CBC");
  EXPECT_EQ(s.status, VerdictStatus::kNoHardwarePath) << s.line;
  EXPECT_THAT(s.line, HasSubstr("isainfo -v")) << s.line;
  EXPECT_THAT(s.line, HasSubstr("did not run")) << s.line;

  // With des in isainfo's list the CPU has the path and the library did not use it.
  const std::string with_des =
      "$ uname -a\nSunOS t4 5.11 11.4.42.111.0 sun4v sparc sun4v\n$ isainfo -v\n"
      "64-bit sparcv9 applications\n"
      "\tcrc32c cbcond pause mont mpmul sha512 sha256 sha1 md5 camellia kasumi\n"
      "\tdes aes ima hpc vis3 fmaf asi_blk_init vis2 vis popc\n" +
      slow;
  const Verdict d = FeaturePathVerdictFor(with_des, "DES-EDE3-CBC");
  EXPECT_EQ(d.status, VerdictStatus::kNotAccelerated) << d.line;
  EXPECT_THAT(d.line, HasSubstr("lists des")) << d.line;

  // 10.3 MB/s (r27) is 1.7 times below the path at 0.2 GHz: not robust, still cannot tell.
  std::string r27 = with_des;
  r27.replace(r27.find("8274.10k"), 8, "10261.00k");
  EXPECT_EQ(FeaturePathVerdictFor(r27, "DES-EDE3-CBC").status, VerdictStatus::kUndetermined);
}

// Tryout 29 W8 (p46, c7g): with no architecture in the text, AWS-LC's x86_64 and aarch64 rows say
// the same, so the verdict names both, not the first row's x86_64.
TEST(FeaturePathVerdictsTest, RowsOfSeveralArchitecturesAreAllNamed) {
  const Verdict v = FeaturePathVerdictFor(
      "c7g.large, Amazon Linux 2023, aws-lc 1.21 tool/bssl\n"
      "$ ./tool/bssl speed -filter Ed25519\n"
      "Did 54000 Ed25519 signing operations in 1004455us (53760.5 ops/sec)\n"
      "Did 20520 Ed25519 verify operations in 1018281us (20151.6 ops/sec)\n",
      "Ed25519");
  EXPECT_EQ(v.status, VerdictStatus::kUndetermined) << v.line;
  EXPECT_THAT(v.line, Not(HasSubstr("on x86_64;"))) << v.line;
  EXPECT_THAT(v.line, HasSubstr("x86_64 and aarch64")) << v.line;
}

}  // namespace
}  // namespace cryptobench::diagnose
