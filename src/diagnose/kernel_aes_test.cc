// Tests of the clock-free kernel AES verdicts (cpu_clues.h, CompareKernelAes; verdict_report.cc,
// DecideKernelAes): a cryptsetup benchmark AES row against the faster of its own run's serpent
// and twofish rows of the same mode and key size. At or below 1.5 times AES did not use AES
// instructions, at or above 3 times it did (or an engine ran it), between the two nothing is
// said; what "did not" means depends on what the text shows about the CPU. Figures in MB/s
// (10^6 bytes/s), taken from the published runs the bounds cite, converted from MiB/s.
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/cpu_clues.h"
#include "diagnose/doctor_from.h"
#include "diagnose/kernel_drivers.h"
#include "diagnose/stated_causes.h"
#include "support/doctor_findings.h"
#include "support/imported_cell.h"

namespace cryptobench::diagnose {
namespace {

using ::testing::AllOf;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

using cryptobench::testing::FindingOf;
using cryptobench::testing::ImportedFigure;
using cryptobench::testing::ImportedRunOf;
using cryptobench::testing::StatedTags;
using cryptobench::testing::VerdictOf;

constexpr uint64_t kMiB = 1048576;
constexpr double kMiBPerMB = 1.048576;

results::RunResult CryptsetupRun() {
  results::RunResult run = ImportedRunOf("cryptsetup benchmark", "", "wall_clock");
  return run;
}

void Add(results::RunResult& run, const std::string& algorithm, double encrypt_mib,
         double decrypt_mib) {
  results::AlgorithmResult alg;
  alg.algorithm = algorithm;
  alg.kind = "cipher";
  alg.cells = {ImportedFigure("encrypt", kMiB, encrypt_mib * kMiBPerMB),
               ImportedFigure("decrypt", kMiB, decrypt_mib * kMiBPerMB)};
  run.algorithms.push_back(std::move(alg));
}

void AddFact(results::RunResult& run, const std::string& kind, const std::string& value,
             size_t line) {
  run.source.facts.push_back(results::SourceFact{kind, value, line});
}

// One XTS key size of a cryptsetup benchmark: aes-xts 256b (AES-128-XTS) with its serpent and
// twofish rows (MiB/s as printed).
results::RunResult XtsRun(double aes, double serpent, double twofish) {
  results::RunResult run = CryptsetupRun();
  Add(run, "AES-128-XTS", aes, aes);
  Add(run, "serpent-xts 256b", serpent, serpent);
  Add(run, "twofish-xts 256b", twofish, twofish);
  return run;
}

// OpenSSL's code path names (data/cpb-classes*.csv) that must never describe a kernel row.
void ExpectNoLibraryPathName(const Verdict& v) {
  std::string text = v.line + " " + v.fingerprint + " " + v.advice;
  for (const std::string& e : v.evidence) {
    text += " " + e;
  }
  for (const char* name : {"aesni_cbc", "aesni_ctr32", "aesni_gcm", "vpaes", "bsaes", "aes_core.c",
                           "aes-x86_64 table", "aesv8", "aes_v8", "AES_cbc_encrypt"}) {
    EXPECT_THAT(text, Not(HasSubstr(name))) << v.line;
  }
}

// The software bound: the Raspberry Pi 4's bit-sliced NEON AES-XTS at 1.44 times twofish (the
// highest software ratio published) fires, on an unknown CPU as "cannot tell" with the one
// command that tells.
TEST(KernelAesTest, SoftwareBoundFiresAtTheHighestSoftwareRatio) {
  const results::RunResult pi4 = XtsRun(89.7, 38.6, 62.1);
  const std::vector<KernelAesComparison> c = CompareKernelAes(pi4);
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0].bound, AesBound::kBelowHardware);
  EXPECT_NEAR(c[0].ratio, 89.7 / 62.1, 1e-9);
  EXPECT_EQ(c[0].other, "twofish-xts 256b");
  EXPECT_THAT(c[0].conclusion,
              AllOf(HasSubstr("AES in this run did not use AES instructions"),
                    HasSubstr("aes-xts 256b"), HasSubstr("1.44 times twofish-xts 256b")));
  EXPECT_THAT(c[0].text, HasSubstr("https://blog.stackframe.dev/46"));

  const DoctorReport report = DiagnoseReport(pi4);
  const Verdict* v = VerdictOf(report, "AES-128-XTS", "encrypt");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->status, VerdictStatus::kUndetermined) << v->line;
  EXPECT_THAT(v->line, HasSubstr("did not use AES instructions"));
  EXPECT_THAT(v->line, HasSubstr("the text does not show"));
  EXPECT_THAT(v->advice, HasSubstr("grep -o -w -m1 aes /proc/cpuinfo"));
  EXPECT_THAT(v->fingerprint, HasSubstr("twofish-xts 256b in the same run"));
  ExpectNoLibraryPathName(*v);
  EXPECT_THAT(StatedTags(report), Contains("cannot-tell"));
  EXPECT_THAT(StatedTags(report), Not(Contains("no-hw-aes")));
  EXPECT_THAT(StatedTags(report), Not(Contains("hw-path-unused")));
}

// Between the bounds nothing is concluded: 1.6 times (above the software bound) and AES-NI's
// serial AES-256-CBC encryption at 2.37 times twofish (security.stackexchange 130401).
TEST(KernelAesTest, NothingInTheGap) {
  for (const double aes : {1.6 * 62.1, 2.37 * 62.1, 2.99 * 62.1}) {
    const results::RunResult run = XtsRun(aes, 38.6, 62.1);
    EXPECT_THAT(CompareKernelAes(run), IsEmpty()) << aes;
    const DoctorReport report = DiagnoseReport(run);
    const Verdict* v = VerdictOf(report, "AES-128-XTS", "encrypt");
    ASSERT_NE(v, nullptr);
    EXPECT_THAT(v->line, Not(HasSubstr("AES in this run"))) << v->line;
    EXPECT_EQ(FindingOf(report, "cpu.aes-software"), nullptr) << aes;
    EXPECT_EQ(FindingOf(report, "cpu.aes-hardware"), nullptr) << aes;
    EXPECT_THAT(StatedTags(report), Not(Contains("crypto-fine"))) << aes;
  }
}

// The hardware bound: 3 times or more is AES instructions or an offload engine, never "AES-NI"
// by name; the lowest parallel-mode ratio published with AES-NI (3.98) fires.
TEST(KernelAesTest, HardwareBoundFiresAtThreeTimes) {
  const results::RunResult run = XtsRun(1218.7, 272.0, 306.1);
  const std::vector<KernelAesComparison> c = CompareKernelAes(run);
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0].bound, AesBound::kAboveSoftware);
  const DoctorReport report = DiagnoseReport(run);
  const Verdict* v = VerdictOf(report, "AES-128-XTS", "encrypt");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->status, VerdictStatus::kAccelerated) << v->line;
  EXPECT_THAT(v->line, HasSubstr("used AES instructions or an offload engine"));
  ExpectNoLibraryPathName(*v);
  // Just above the bound, and just below it (the gap).
  EXPECT_EQ(CompareKernelAes(XtsRun(3.01 * 62.1, 38.6, 62.1)).size(), 2u);
  EXPECT_THAT(CompareKernelAes(XtsRun(2.99 * 62.1, 38.6, 62.1)), IsEmpty());
}

// Tryout 20 n09: cryptsetup benchmark, a flags line with aes and `lsmod | grep -i aes` showing
// aesni_intel. The module is loaded, so neither "not loaded" nor "modprobe": it names the module
// with its line and asks for /proc/crypto's driver and priority, since the text does not show
// which driver serves the rows.
TEST(KernelAesTest, ALoadedModuleIsNotCalledMissing) {
  results::RunResult x86 = XtsRun(156.4, 55.7, 161.5);
  AddFact(x86, "cpu_flags", "fpu vme de pse tsc msr pae sse sse2 ssse3 lm aes avx", 3);
  AddFact(x86, "kernel_module", "aesni_intel", 26);
  AddFact(x86, "kernel_module", "crypto_simd (used by aesni_intel)", 27);
  const DoctorReport report = DiagnoseReport(x86);
  const Verdict* v = VerdictOf(report, "AES-128-XTS", "encrypt");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->status, VerdictStatus::kNotAccelerated) << v->line;
  EXPECT_THAT(v->line, Not(HasSubstr("not loaded")));
  EXPECT_THAT(v->line, HasSubstr("aesni_intel is loaded (lsmod, line 26)"));
  EXPECT_THAT(v->line, HasSubstr("not in the text"));
  EXPECT_THAT(v->advice, Not(HasSubstr("modprobe")));
  EXPECT_THAT(v->advice, HasSubstr("/proc/crypto"));
  EXPECT_THAT(v->advice, HasSubstr("priority"));
  const Finding* unused = FindingOf(report, "cpu.aes-unused");
  ASSERT_NE(unused, nullptr);
  EXPECT_THAT(unused->advice, Not(HasSubstr("modprobe")));
  EXPECT_THAT(unused->advice, HasSubstr("aesni_intel is loaded (lsmod, line 26)"));
}

// What "did not" means depends on the CPU the text shows: a flags line with aes (the kernel's
// driver is not used: the module for the architecture), a CPU without them (no-hw-aes), a guest's
// flags without aes (the host may have them: cannot tell).
TEST(KernelAesTest, TheCpuDecidesWhatSoftwareAesMeans) {
  results::RunResult x86 = XtsRun(156.4, 55.7, 161.5);  // Core 2 Duo's ratio, 0.97
  AddFact(x86, "cpu_flags", "fpu vme de pse tsc msr pae sse sse2 ssse3 lm aes avx", 3);
  DoctorReport report = DiagnoseReport(x86);
  const Verdict* v = VerdictOf(report, "AES-128-XTS", "encrypt");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->status, VerdictStatus::kNotAccelerated) << v->line;
  EXPECT_THAT(v->line, HasSubstr("the CPU has AES-NI"));
  EXPECT_THAT(v->advice, HasSubstr("modprobe aesni_intel"));
  EXPECT_THAT(v->advice, HasSubstr("/proc/crypto"));
  ExpectNoLibraryPathName(*v);
  EXPECT_THAT(StatedTags(report), Not(IsEmpty()));
  EXPECT_THAT(StatedTags(report), ::testing::Each(::testing::Eq("hw-path-unused")));
  const Finding* unused = FindingOf(report, "cpu.aes-unused");
  ASSERT_NE(unused, nullptr);
  EXPECT_THAT(unused->advice, HasSubstr("modprobe aesni_intel"));

  results::RunResult arm64 = XtsRun(89.7, 38.6, 62.1);
  AddFact(arm64, "cpu_flags", "fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid", 3);
  AddFact(arm64, "uname", "Linux host 6.1.0 #1 SMP aarch64 GNU/Linux", 2);
  report = DiagnoseReport(arm64);
  v = VerdictOf(report, "AES-128-XTS", "encrypt");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->status, VerdictStatus::kNotAccelerated) << v->line;
  EXPECT_THAT(v->advice, HasSubstr("modprobe aes_ce_blk"));

  results::RunResult mips = XtsRun(11.1, 9.6, 12.0);  // GnuBee's MT7621, 0.93
  AddFact(mips, "cpu_model", "hardware: MediaTek MT7621 ver:1 eco:3", 7);
  report = DiagnoseReport(mips);
  v = VerdictOf(report, "AES-128-XTS", "encrypt");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->status, VerdictStatus::kSoftwareExpected) << v->line;
  EXPECT_THAT(v->line, HasSubstr("the CPU has no AES"));
  EXPECT_THAT(StatedTags(report), ElementsAre("no-hw-aes"));

  // A guest's flags without aes: software in that guest, whether its host has AES is the
  // question left (AGuestsFlagsWithoutAesAreSoftwareInThatGuest).
  results::RunResult guest = XtsRun(156.4, 55.7, 161.5);
  AddFact(guest, "cpu_flags", "fpu de pse tsc msr pae sse sse2 lm hypervisor", 3);
  report = DiagnoseReport(guest);
  v = VerdictOf(report, "AES-128-XTS", "encrypt");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->status, VerdictStatus::kSoftwareExpected) << v->line;
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));
}

// tryout 17 p26/p26c: cryptsetup in a KVM guest whose own flags line (lscpu Flags, with the
// hypervisor flag) lacks aes. The guest's kernel sees no AES-NI, so software is expected there,
// and the one question left is the host's: the grep and -cpu host remedy run on the host, not
// the grep whose answer is pasted. A virtual CPU model row (Common KVM processor = QEMU's kvm64,
// which lacks AES) is named as what leaves it out; a host model that has it (hidden_by_vm) is
// named as the host's. The same flags without the hypervisor flag show no virtual machine: the
// CPU lacks AES-NI, and no VM or host remedy is named.
TEST(KernelAesTest, AGuestsFlagsWithoutAesAreSoftwareInThatGuest) {
  const std::string flags =
      "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr "
      "sse sse2 ht syscall nx lm constant_tsc nopl xtopology cpuid tsc_known_freq pni cx16 x2apic";
  results::RunResult guest = XtsRun(186.1, 527.4, 339.8);  // p26's aes-xts 256b row
  AddFact(guest, "cpu_flags", flags + " hypervisor lahf_lm cpuid_fault pti", 26);
  DoctorReport report = DiagnoseReport(guest);
  const Verdict* v = VerdictOf(report, "AES-128-XTS", "encrypt");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->status, VerdictStatus::kSoftwareExpected) << v->line;
  EXPECT_THAT(v->line, HasSubstr("this virtual machine's CPU has no AES-NI"));
  EXPECT_THAT(v->line, HasSubstr("its CPU model hides the host's, or the host lacks it"));
  EXPECT_THAT(v->evidence, Contains(HasSubstr("a virtual machine: ")));
  EXPECT_THAT(v->advice, HasSubstr("on the host"));
  // No hypervisor is named: no product's flags are guessed (tryout 26 R5).
  EXPECT_THAT(v->advice, HasSubstr("systemd-detect-virt"));
  EXPECT_THAT(v->advice, Not(HasSubstr("-cpu host")));
  EXPECT_THAT(v->advice, Not(HasSubstr("on that machine")));
  ExpectNoLibraryPathName(*v);
  // The host is not in the text: the finding says so, and no cause is stated.
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));

  results::RunResult kvm64 = guest;
  AddFact(kvm64, "cpu_model", "model name: Common KVM processor", 24);
  report = DiagnoseReport(kvm64);
  v = VerdictOf(report, "AES-128-XTS", "encrypt");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->status, VerdictStatus::kSoftwareExpected) << v->line;
  EXPECT_THAT(v->line, HasSubstr("its virtual CPU model, Common KVM processor, leaves it out"));
  EXPECT_THAT(v->advice, HasSubstr("+aes"));
  // A guest the text shows to be KVM's is told QEMU's remedy.
  results::RunResult kvm = guest;
  AddFact(kvm, "hypervisor_vendor", "KVM", 25);
  report = DiagnoseReport(kvm);
  v = VerdictOf(report, "AES-128-XTS", "encrypt");
  ASSERT_NE(v, nullptr);
  EXPECT_THAT(v->advice, HasSubstr("-cpu host"));

  results::RunResult hidden = guest;
  AddFact(hidden, "cpu_model", "model name: Intel(R) Xeon(R) Gold 6148 CPU @ 2.40GHz", 24);
  report = DiagnoseReport(hidden);
  v = VerdictOf(report, "AES-128-XTS", "encrypt");
  ASSERT_NE(v, nullptr);
  // The host's model has AES-NI (a sourced model row): the guest's CPU settings cost these rows
  // their hardware path, a problem (vm_cpu_models.h, VmHidesHostAes).
  EXPECT_EQ(v->status, VerdictStatus::kNotAccelerated) << v->line;
  EXPECT_THAT(v->line, HasSubstr("the virtual machine hides the host's"));
  EXPECT_THAT(v->line, HasSubstr("Xeon(R) Gold 6148"));

  results::RunResult bare = XtsRun(186.1, 527.4, 339.8);
  AddFact(bare, "cpu_flags", flags + " lahf_lm", 26);
  report = DiagnoseReport(bare);
  v = VerdictOf(report, "AES-128-XTS", "encrypt");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->status, VerdictStatus::kSoftwareExpected) << v->line;
  EXPECT_THAT(v->line, HasSubstr("the CPU has no AES-NI"));
  EXPECT_THAT(v->line, Not(HasSubstr("virtual machine")));
  EXPECT_THAT(v->advice, Not(HasSubstr("-cpu host")));
  EXPECT_THAT(StatedTags(report), ElementsAre("no-hw-aes"));
}

// Only rows of one run compare: AES in one run and serpent/twofish in another say nothing, and
// neither do the same rows under a tool that is not the kernel's.
TEST(KernelAesTest, NotAcrossRunsNorForOtherTools) {
  results::RunResult aes_only = CryptsetupRun();
  Add(aes_only, "AES-128-XTS", 156.4, 157.8);
  results::RunResult others = CryptsetupRun();
  Add(others, "serpent-xts 256b", 55.7, 58.7);
  Add(others, "twofish-xts 256b", 161.5, 165.9);
  EXPECT_THAT(CompareKernelAes(aes_only), IsEmpty());
  EXPECT_THAT(CompareKernelAes(others), IsEmpty());
  const DoctorReport report = DiagnoseReport(aes_only);
  const Verdict* v = VerdictOf(report, "AES-128-XTS", "encrypt");
  ASSERT_NE(v, nullptr);
  EXPECT_THAT(v->line, Not(HasSubstr("AES in this run")));

  results::RunResult openssl = XtsRun(156.4, 55.7, 161.5);
  openssl.source.tool = "openssl speed";
  EXPECT_THAT(CompareKernelAes(openssl), IsEmpty());
  const DoctorReport library = DiagnoseReport(openssl);
  v = VerdictOf(library, "AES-128-XTS", "encrypt");
  ASSERT_NE(v, nullptr);
  EXPECT_THAT(v->line, Not(HasSubstr("AES in this run")));
}

// A kernel row on a known architecture names no OpenSSL code path, with or without a
// comparison, and its software-expected evidence names the kernel's own software AES.
TEST(KernelAesTest, KernelRowsNameNoLibraryCodePath) {
  results::RunResult run = CryptsetupRun();
  AddFact(run, "uname", "Linux box 6.1.0 #1 SMP x86_64 GNU/Linux", 2);
  // lahf_lm, printed after aes (cpufeatures.h order): the line is whole, so aes is absent.
  AddFact(run, "cpu_flags", "fpu vme de pse tsc msr pae sse sse2 ssse3 lm lahf_lm", 3);
  Add(run, "AES-128-CBC", 128.2, 157.2);
  const DoctorReport report = DiagnoseReport(run);
  for (const Verdict& v : report.verdicts) {
    ExpectNoLibraryPathName(v);
  }
  const Verdict* v = VerdictOf(report, "AES-128-CBC", "encrypt");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->status, VerdictStatus::kSoftwareExpected) << v->line;
  EXPECT_THAT(v->evidence, Contains(HasSubstr("the kernel's software AES is its own code")));
}

TEST(KernelAesTest, ModulesPerArchitecture) {
  EXPECT_EQ(KernelAesModules("x86_64"), "aesni_intel");
  EXPECT_EQ(KernelAesModules("aarch64"), "aes_ce_blk");
  EXPECT_EQ(KernelAesModules("arm"), "aes_arm_ce");
  EXPECT_EQ(KernelAesModules("mips"), "");
  EXPECT_THAT(KernelAesDriverAdvice(""), HasSubstr("aesni_intel on x86"));
}

}  // namespace
}  // namespace cryptobench::diagnose
