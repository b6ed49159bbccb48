// The remedies a pasted report's advice names, per library (library_advice.h).
#include "diagnose/library_advice.h"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "results/cpuinfo_vectors.h"

#include "diagnose/kernel_drivers.h"

namespace cryptobench::diagnose {
namespace {

// One library's remedies. The texts are the library's own words for its switches, each with
// its source; `{}` in the evidence texts is the algorithm.
struct Remedies {
  AdviceLibrary library;
  std::string_view name;
  /// The build switches that give its code the CPU's instructions, on x86 and on Arm.
  std::string_view x86_switches;
  std::string_view arm_switches;
  /// On x86, the switches of its code for the features other than AES-NI and PCLMULQDQ (AVX,
  /// AVX2, BMI2, SHA): "" when x86_switches gives them too.
  std::string_view x86_simd_switches;
  /// Where its symmetric paths are not in this table (an algorithm its switches are not sourced
  /// for): "" when the switches above cover every algorithm of the class tables.
  std::string_view only_for;
  /// The build switches of its public-key code.
  std::string_view public_key_switches;
  /// The command that prints which of them a build has, and what it shows.
  std::string_view evidence_command;
  std::string_view evidence_why;
  /// Its benchmark, rerun after a rebuild.
  std::string_view rerun;
  std::string_view source;
};

// wolfSSL: the manual's chapter 2, Build Options
// (https://www.wolfssl.com/documentation/manuals/wolfssl/chapter02.html; wolfSSL/documentation
// wolfSSL/src/chapter02.md at 00732d8c8ea7607648cc5fd2ea33e1b56c15569d): --enable-aesni "Enable
// wolfSSL Intel AES-NI support"; --enable-intelasm "Enable ASM speedups for Intel and AMD
// processors ... AVX1, AVX2, BMI2, RDRAND, RDSEED, AESNI, and ADX"; --enable-sp "Single-Precision
// (SP) math for RSA, DH, and ECC", --enable-sp-asm its assembly "with Intel x86_64 and ARM
// architectures". configure --help (wolfSSL/wolfssl configure.ac): "--enable-armasm Enable
// wolfSSL ARMv8 ASM support (default: disabled)", "--enable-aesni ... (default: disabled)";
// configure writes the macros it defines into wolfssl/options.h: WOLFSSL_AESNI (--enable-aesni
// and --enable-intelasm), USE_INTEL_SPEEDUP (--enable-intelasm), WOLFSSL_ARMASM (--enable-armasm),
// WOLFSSL_SP_ASM (--enable-sp-asm). ChaCha20's AVX code needs USE_INTEL_SPEEDUP, not
// WOLFSSL_AESNI (wolfssl/wolfcrypt/chacha.h: USE_INTEL_CHACHA_SPEEDUP is defined only under
// WOLFSSL_X86_64_BUILD and USE_INTEL_SPEEDUP).
constexpr Remedies kWolfssl{
    AdviceLibrary::kWolfssl,
    "wolfSSL",
    "`./configure --enable-aesni` (AES-NI: WOLFSSL_AESNI) or `--enable-intelasm` (AES-NI and "
    "the AVX1/AVX2, BMI2 and ADX code, e.g. AVX for AES-GCM: USE_INTEL_SPEEDUP); both are off "
    "by default",
    "`./configure --enable-armasm` (the ARMv8 assembly: WOLFSSL_ARMASM; off by default)",
    "`./configure --enable-intelasm` (the AVX1/AVX2 code: USE_INTEL_SPEEDUP, off by default; "
    "`--enable-aesni` gives AES-NI only)",
    "",
    "`./configure --enable-sp --enable-sp-asm` (single-precision math for RSA, DH and ECC and "
    "its x86-64/ARM assembly: WOLFSSL_SP_ASM) and, on x86-64, `--enable-intelasm` (BMI2 and ADX)",
    "grep -E 'WOLFSSL_AESNI|USE_INTEL_SPEEDUP|WOLFSSL_ARMASM|WOLFSSL_SP_ASM' wolfssl/options.h",
    "in the build tree the benchmark was made in: configure writes the macros of its options "
    "there (also shown by the configure summary), so they say which of the CPU's instruction "
    "paths the build has",
    "wolfcrypt/benchmark/benchmark",
    "wolfSSL manual, chapter 2, Build Options "
    "(https://www.wolfssl.com/documentation/manuals/wolfssl/chapter02.html), and configure.ac's "
    "--help text (https://github.com/wolfSSL/wolfssl/blob/master/configure.ac)"};

// mbedTLS: include/mbedtls/mbedtls_config.h (3.0 and later; include/mbedtls/config.h in 2.x,
// e.g. mbedtls-2.28.0): MBEDTLS_AESNI_C "Enable AES-NI support on x86-64", "Requires:
// MBEDTLS_HAVE_ASM" (v3.0.0; v3.6.0: "on some platforms", with an intrinsics fallback), both
// defined by default since PolarSSL; MBEDTLS_PADLOCK_C (VIA PadLock, 32-bit x86) defined by
// default; MBEDTLS_AESCE_C "AES cryptographic extension support on Armv8", new in 3.4.0 and
// on by default (ChangeLog of mbedtls-3.4.0: "This is configured by MBEDTLS_AESCE_C, which is
// on by default"). Mbed-TLS/mbedtls at v3.0.0, v3.4.0, v3.6.0 and mbedtls-2.28.0.
constexpr Remedies kMbedtls{
    AdviceLibrary::kMbedtls,
    "mbedTLS",
    "MBEDTLS_AESNI_C with MBEDTLS_HAVE_ASM for AES-NI (both defined by default; 3.4 and later "
    "also build AES-NI from intrinsics), MBEDTLS_PADLOCK_C for VIA PadLock, in "
    "include/mbedtls/mbedtls_config.h (3.x; include/mbedtls/config.h in 2.x) or the file "
    "MBEDTLS_CONFIG_FILE names",
    "MBEDTLS_AESCE_C for the Armv8 AES instructions (3.4.0 and later, defined by default; older "
    "releases have no Armv8 AES code) in include/mbedtls/mbedtls_config.h or the file "
    "MBEDTLS_CONFIG_FILE names",
    "",
    "AES",
    "",
    "grep -E '^#define MBEDTLS_(AESNI_C|AESCE_C|HAVE_ASM|PADLOCK_C)' "
    "include/mbedtls/mbedtls_config.h",
    "in the source tree the benchmark was built from (include/mbedtls/config.h before 3.0, or "
    "the file MBEDTLS_CONFIG_FILE names): a macro commented out there leaves that path out of "
    "the build",
    "programs/test/benchmark",
    "Mbed-TLS/mbedtls include/mbedtls/mbedtls_config.h at v3.6.0 (MBEDTLS_AESNI_C, "
    "MBEDTLS_AESCE_C, MBEDTLS_HAVE_ASM, MBEDTLS_PADLOCK_C), include/mbedtls/config.h at "
    "mbedtls-2.28.0, and the ChangeLog of mbedtls-3.4.0 (MBEDTLS_AESCE_C)"};

// A library whose build switches cryptobench has no sourced list of, but whose run-time masks
// (if any) are sourced: the advice says "cannot tell" about its build and names the mask rerun
// that settles which path ran.
struct Masks {
  AdviceLibrary library;
  std::string_view name;
  /// The variable assignment that clears the AES instructions (and GHASH's carry-less multiply)
  /// before its benchmark, on x86 and on Arm; "" where no variable is sourced.
  std::string_view x86_mask;
  std::string_view arm_mask;
  /// Its benchmark, run beside the masked run.
  std::string_view rerun;
  /// What is known of the build switches that give its code assembly, or "" (cannot tell).
  std::string_view build;
  /// A command that prints what this library detected or was built with, or "".
  std::string_view evidence_command;
  std::string_view evidence_why;
  std::string_view source;
};

// BoringSSL: crypto/cpu_intel.cc reads OPENSSL_ia32cap with OpenSSL's bit layout (bit 57 of the
// first word AES-NI, bit 33 PCLMULQDQ) and applies it with OPENSSL_adjust_ia32cap; on AArch64
// crypto/cpu_aarch64_linux.cc takes the capabilities from getauxval(AT_HWCAP) and reads no
// variable (google/boringssl a0689af29e8e460f1e5380e0fb74cef1b342e810). Its CMake build has
// assembly unless OPENSSL_NO_ASM is set (CMakeLists.txt: add_definitions(-DOPENSSL_NO_ASM);
// INCORPORATING.md: "OPENSSL_NO_ASM prevents the use of assembly code").
// The x86 features every x86_mask below switches off (NothingToMask).
constexpr std::array<std::string_view, 2> kMaskedX86Features{"AES-NI", "PCLMULQDQ"};

constexpr Masks kBoringssl{
    AdviceLibrary::kBoringssl,
    "BoringSSL",
    "OPENSSL_ia32cap='~0x200000200000000'",
    "",
    "bssl speed",
    "its CMake build has assembly unless it was configured with OPENSSL_NO_ASM",
    "",
    "",
    "google/boringssl a0689af29e crypto/cpu_intel.cc (getenv(\"OPENSSL_ia32cap\")), "
    "crypto/cpu_aarch64_linux.cc (getauxval only), CMakeLists.txt and INCORPORATING.md "
    "(OPENSSL_NO_ASM)"};

// AWS-LC: crypto/fipsmodule/cpucap/cpu_intel.c reads OPENSSL_ia32cap the same way
// (aws/aws-lc 0937afb3bc91eb0cb1c8406ec7857bf4467f5f1c: env1 = getenv("OPENSSL_ia32cap"),
// handle_cpu_env); its Arm variables and build switches are not sourced here.
constexpr Masks kAwsLc{
    AdviceLibrary::kAwsLc,
    "AWS-LC",
    "OPENSSL_ia32cap='~0x200000200000000'",
    "",
    "bssl speed",
    "",
    "",
    "",
    "aws/aws-lc 0937afb3bc crypto/fipsmodule/cpucap/cpu_intel.c (getenv(\"OPENSSL_ia32cap\"))"};

// LibreSSL: an OpenSSL fork with its own set of assembly and its own build (libressl/portable);
// cryptobench has no sourced knowledge of its switches or of a capability variable it reads, so
// it names none (its `openssl version -a` prints no CPUINFO line either).
constexpr Masks kLibressl{
    AdviceLibrary::kLibressl,
    "LibreSSL",
    "",
    "",
    "openssl speed -evp",
    "",
    "",
    "",
    "none: cryptobench has no sourced table of LibreSSL's assembly switches or masks"};

// Botan: doc/hardware_acceleration.rst (randombit/botan): the hardware and SIMD code is chosen at
// run time when enabled in the build, "BOTAN_CLEAR_CPUID=avx2 will disable use of any AVX2
// instructions" (Botan 3: Botan 2.19.3 ignores the variable, measured in the new-user tryout),
// while `botan speed --clear-cpuid=` is in both (src/cli/speed.cpp's Speed command); botan speed
// tags each row with the provider that ran (aesni, armv8, power8, vperm, base). `botan cpuid`
// prints "CPUID flags: " and CPUID::to_string(), the flags the build detected (src/cli/utils.cpp,
// Print_Cpuid).
constexpr Masks kBotan{
    AdviceLibrary::kBotan,
    "Botan",
    "",
    "",
    "botan speed",
    "its modules (aes_ni, aes_armv8, aes_vperm, ghash_cpu ...) are chosen by configure.py and "
    "used at run time when the CPU has the extension; botan speed names the provider each row "
    "ran on",
    "botan cpuid",
    "it prints the CPU flags this Botan detected; `botan speed --clear-cpuid=FLAG` (a flag it "
    "prints, e.g. aes_ni) disables one for a rerun beside the pasted one (Botan 2 and 3; "
    "Botan 2 ignores the BOTAN_CLEAR_CPUID variable)",
    "randombit/botan doc/hardware_acceleration.rst (modules), src/cli/speed.cpp (the speed "
    "command's --clear-cpuid= option, in Botan 2 and 3) and src/cli/utils.cpp (the cpuid "
    "command)"};

// GnuTLS: GNUTLS_CPUID_OVERRIDE "can be used to explicitly enable/disable the use of certain CPU
// capabilities ... 0x1: Disable all run-time detected optimizations, 0x2: Enable AES-NI ..."
// (GnuTLS manual, 6.1.4 Debugging and auditing,
// https://gnutls.org/manual/html_node/Debugging-and-auditing.html); its options are x86's (and
// VIA's), so no Arm mask is named. GnuTLS hands AES-GCM and others to Nettle, whose own
// run-time choice follows NETTLE_FAT_OVERRIDE (Nettle's fat-x86_64.c; an unknown word such as
// "none" enables no feature): without it the masked rerun still runs Nettle's AES-NI (measured:
// 0x1 alone left AES-128-GCM at 2.45 of 4.63 GB/s, both variables 0.22 GB/s).
constexpr Masks kGnutls{
    AdviceLibrary::kGnutls,
    "GnuTLS",
    "GNUTLS_CPUID_OVERRIDE=0x1 NETTLE_FAT_OVERRIDE=none",
    "",
    "gnutls-cli --benchmark-ciphers",
    "",
    "",
    "",
    "GnuTLS manual, Debugging and auditing "
    "(https://gnutls.org/manual/html_node/Debugging-and-auditing.html): GNUTLS_CPUID_OVERRIDE"};

const Masks* MasksOf(AdviceLibrary library) {
  switch (library) {
    case AdviceLibrary::kBoringssl:
      return &kBoringssl;
    case AdviceLibrary::kAwsLc:
      return &kAwsLc;
    case AdviceLibrary::kLibressl:
      return &kLibressl;
    case AdviceLibrary::kBotan:
      return &kBotan;
    case AdviceLibrary::kGnutls:
      return &kGnutls;
    default:
      return nullptr;
  }
}

bool Arm(const DoctorFacts& facts);

// True when the text already holds the output of `m`'s evidence command: Botan's `botan cpuid`
// line (CpuClues::botan_cpuid_clue), read as the CPU's features. Advice then names the rerun
// that settles which path ran, never the command again.
bool EvidencePasted(const Masks& m, const DoctorFacts& facts) {
  return m.library == AdviceLibrary::kBotan && facts.report &&
         !facts.report->cpu_clues.botan_cpuid_clue.empty();
}

// Botan's rerun with one detected feature cleared: `botan speed --clear-cpuid=` is in Botan 2
// and 3 (src/cli/speed.cpp), and takes the names `botan cpuid` prints.
constexpr std::string_view kBotanClearRerun =
    "`botan speed --clear-cpuid=FLAG` (FLAG a feature the pasted `botan cpuid` line lists: "
    "aes_ni for AES, clmul for GHASH, intel_sha for SHA-1/SHA-256) beside the pasted run";

// The mask for the facts' architecture ("" when none is sourced or the architecture is unknown).
// True when the CPU facts show absent every x86 feature the masks above exist to switch off:
// AES-NI and PCLMULQDQ (bits 57 and 33 of OpenSSL's layout, which BoringSSL and AWS-LC read;
// GnuTLS's 0x1 disables its run-time optimizations, whose hardware AES and GHASH need the same
// two). The library cannot have taken those paths, so a masked rerun cannot drop: it proves
// nothing (new-user tryout 20, n06: `bssl speed` on a QEMU CPU whose flags lack aes and
// pclmulqdq was told to rerun with the AES-NI mask). A feature the text does not show leaves
// the mask its use.
bool NothingToMask(const DoctorFacts& facts) {
  return std::all_of(kMaskedX86Features.begin(), kMaskedX86Features.end(),
                     [&](std::string_view name) {
                       const cpu::FeatureState* state = facts.cpu.Find(name);
                       return state != nullptr && !state->usable();
                     });
}

std::string_view MaskFor(const Masks& m, const DoctorFacts& facts) {
  if (Arm(facts)) {
    return m.arm_mask;
  }
  if (facts.cpu.arch != "x86_64" && facts.cpu.arch != "x86") {
    return "";
  }
  return NothingToMask(facts) ? "" : m.x86_mask;
}

// "`MASK RERUN` beside the run pasted: ..." or, without a mask, what the library's own command
// shows, or that cryptobench cannot tell.
std::string MaskSentence(const Masks& m, const DoctorFacts& facts, std::string_view path) {
  if (const std::string_view mask = MaskFor(m, facts); !mask.empty()) {
    return fmt::format(
        "`{} {}` beside the run pasted settles it: a figure that drops shows the {} path ran, "
        "one that stays shows it did not",
        mask, m.rerun, path);
  }
  if (EvidencePasted(m, facts)) {
    return fmt::format(
        "{} settles it: a figure that drops shows the {} path ran, one that stays shows it did "
        "not",
        kBotanClearRerun, path);
  }
  if (!m.x86_mask.empty() && !Arm(facts) && NothingToMask(facts)) {
    return "the CPU lines show neither AES-NI nor PCLMULQDQ, so no masked rerun can show more";
  }
  if (!m.evidence_command.empty()) {
    return fmt::format("`{}` shows more ({})", m.evidence_command, m.evidence_why);
  }
  return fmt::format(
      "cryptobench knows no {} variable that masks it on this architecture, so which path ran "
      "cannot be told from this report",
      m.name);
}

const Remedies* RemediesOf(AdviceLibrary library) {
  switch (library) {
    case AdviceLibrary::kWolfssl:
      return &kWolfssl;
    case AdviceLibrary::kMbedtls:
      return &kMbedtls;
    default:
      break;
  }
  return nullptr;
}

bool Arm(const DoctorFacts& facts) {
  return facts.cpu.arch == "aarch64" || facts.cpu.arch.starts_with("arm");
}

std::string_view Switches(const Remedies& r, const DoctorFacts& facts) {
  return Arm(facts) ? r.arm_switches : r.x86_switches;
}

// The switches that give the library's code the CPU's `feature` ("AES-NI", "AVX2").
std::string_view SwitchesFor(const Remedies& r, const DoctorFacts& facts,
                             std::string_view feature) {
  const bool aes_feature = feature == "AES-NI" || feature == "PCLMULQDQ";
  if (!Arm(facts) && !aes_feature && !r.x86_simd_switches.empty()) {
    return r.x86_simd_switches;
  }
  return Switches(r, facts);
}

// True when the library's switches in the table are sourced for `algorithm`.
bool Covers(const Remedies& r, std::string_view algorithm) {
  return r.only_for.empty() || algorithm.starts_with(r.only_for);
}

}  // namespace

AdviceLibrary AdviceLibraryOf(const DoctorFacts& facts) {
  if (!facts.report || KernelTool(*facts.report)) {
    return AdviceLibrary::kOpenssl;
  }
  const std::string& version = facts.library.version;
  const std::string& backend = facts.library.backend;
  if (version.starts_with("LibreSSL ")) {
    return AdviceLibrary::kLibressl;
  }
  // "AWS-LC 1.21.0", or "AWS-LC" alone when the paste names the library but not its release
  // (import's bssl_speed.cc: a bssl path in an aws-lc tree).
  if (version == "AWS-LC" || version.starts_with("AWS-LC ")) {
    return AdviceLibrary::kAwsLc;
  }
  if (backend == "boringssl") {
    return AdviceLibrary::kBoringssl;
  }
  if (backend == "botan") {
    return AdviceLibrary::kBotan;
  }
  if (backend == "gnutls") {
    return AdviceLibrary::kGnutls;
  }
  if (facts.library.backend == "wolfssl") {
    return AdviceLibrary::kWolfssl;
  }
  if (facts.library.backend == "mbedtls") {
    return AdviceLibrary::kMbedtls;
  }
  return AdviceLibrary::kOpenssl;
}

bool OpensslAdvice(const DoctorFacts& facts) {
  return AdviceLibraryOf(facts) == AdviceLibrary::kOpenssl;
}

namespace {

// `platform` without the line's "platform:" label and surrounding blanks.
std::string_view PlatformTarget(std::string_view platform) {
  if (platform.starts_with("platform:")) {
    platform.remove_prefix(std::string_view("platform:").size());
  }
  while (!platform.empty() && (platform.front() == ' ' || platform.front() == '\t')) {
    platform.remove_prefix(1);
  }
  while (!platform.empty() &&
         (platform.back() == ' ' || platform.back() == '\t' || platform.back() == '\r')) {
    platform.remove_suffix(1);
  }
  return platform;
}

}  // namespace

std::string_view GenericConfigureTarget(std::string_view platform) {
  platform = PlatformTarget(platform);
  for (std::string_view generic :
       {"linux-generic32", "linux-generic64", "BSD-generic32", "BSD-generic64"}) {
    if (platform == generic) {
      return generic;
    }
  }
  return {};
}

std::string OpensslArchitectureGap(const DoctorFacts& facts) {
  if (facts.library.platform.empty()) {
    return "no CPUINFO or platform line";
  }
  return fmt::format(
      "its platform line ({}) names no architecture and there is no CPUINFO "
      "vector",
      PlatformTarget(facts.library.platform));
}

std::string NoAsmRemedy(const DoctorFacts& facts) {
  if (facts.report && facts.report->tool.starts_with("bssl")) {
    return "Rebuild BoringSSL without OPENSSL_NO_ASM (its CMake build has assembly unless "
           "configured with -DOPENSSL_NO_ASM=1; BUILDING.md).";
  }
  if (const std::string_view platform = GenericConfigureTarget(facts.library.platform);
      !platform.empty()) {
    const bool bsd = platform.starts_with("BSD-");
    const std::string_view arch = facts.cpu.arch;
    const std::string_view target = arch == "x86_64"    ? (bsd ? "BSD-x86_64" : "linux-x86_64")
                                    : arch == "x86"     ? (bsd ? "BSD-x86-elf" : "linux-x86")
                                    : arch == "aarch64" ? (bsd ? "" : "linux-aarch64")
                                    : arch == "arm"     ? (bsd ? "" : "linux-armv4")
                                    : arch == "ppc64le" ? (bsd ? "" : "linux-ppc64le")
                                                        : "";
    return fmt::format(
        "Configure OpenSSL for this machine's own target{}: {} is a generic target without "
        "assembly (Configurations/10-main.conf). `./Configure` with no target (3.x; `./config` "
        "in 1.x) picks the right one.",
        target.empty() ? "" : fmt::format(" (`./Configure {}`)", target), platform);
  }
  // Apple silicon before the 1.1.1 branch had a target for it: a build there had to be no-asm
  // (tryout 32 D10, openssl PR 13476's 1.1.1h "before" run).
  const results::LibraryInfo& library = facts.library;
  if (facts.cpu.arch == "aarch64" && library.version_num >= 0x10100000 &&
      library.version_num < 0x30000000 && library.cflags.find("-arch arm64") != std::string::npos) {
    return "Use OpenSSL 3.x (`./Configure darwin64-arm64`), or a 1.1.1 release with the "
           "darwin64-arm64-cc target: 1.1.1 first had no Configure target with assembly for "
           "Apple silicon (https://github.com/openssl/openssl/issues/12254), and the 1.1.1 "
           "branch gained one in early 2021 (commit 61168b5b8dde03f3b77ddf5e4b1b81c338c01746; "
           "first release 1.1.1j, unsure).";
  }
  return "Use a libcrypto built with assembly (the distribution's package), or rebuild OpenSSL "
         "without the no-asm option.";
}

std::string ArchitectureCommandAdvice(const DoctorFacts& facts) {
  if (facts.report && (KernelTool(*facts.report) || !OpensslAdvice(facts) ||
                       facts.report->tool.find("openssl") == std::string::npos)) {
    // uname -m prints the machine hardware name (GNU coreutils manual, uname invocation).
    return "Include `uname -m` output (the machine's architecture) and the CPU model (lscpu).";
  }
  // OpenSSL prints CPUINFO in `openssl version -a` from 3.0 on (OPENSSL_INFO_CPU_SETTINGS,
  // apps/version.c); 1.x prints the platform line only. `uname -m` names the architecture on
  // any Unix (GNU coreutils manual; FreeBSD's uname(1)).
  const uint64_t version = facts.library.version_num;
  if (facts.library.capability_vector == "N/A") {
    return fmt::format(
        "Include `openssl version -a` output (its platform line) or `uname -m`: on {}, CPUINFO: "
        "N/A means a build without assembly, whose figures are C code's; elsewhere it may not.",
        results::CpuinfoNaNoAsmFamilies());
  }
  if (version >= 0x30000000) {
    return "Include `openssl version -a` output (its platform and CPUINFO lines) or `uname -m`.";
  }
  if (version != 0) {
    return "Include `openssl version -a` output (its platform line; OpenSSL 1.x prints no "
           "CPUINFO line) or `uname -m`.";
  }
  return "Include `openssl version -a` output (its platform line, and in 3.x its CPUINFO line) "
         "or `uname -m`.";
}

std::string ReportOs(const results::RunResult& run) {
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind != "uname") {
      continue;
    }
    const std::string_view value = fact.value;
    const std::string_view word = value.substr(0, value.find(' '));
    if (word == "Linux") {
      return "linux";
    }
    if (word == "Darwin") {
      return "macos";
    }
    if (word == "OpenBSD") {
      return "openbsd";
    }
    if (word == "FreeBSD") {
      return "freebsd";
    }
    if (word.starts_with("MINGW") || word.starts_with("MSYS") || word.starts_with("CYGWIN")) {
      return "windows";
    }
  }
  // FreeBSD's boot lines (sys/x86/x86/identcpu.c), and its base system's OpenSSL, whose
  // version string FreeBSD's build appends "-freebsd" to ("OpenSSL 1.1.1t-freebsd  7 Feb 2023").
  // machdep.cpu.brand_string is XNU's (macOS) sysctl; FreeBSD's machdep tree has no cpu node.
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.origin == "FreeBSD dmesg") {
      return "freebsd";
    }
    if (fact.origin == "OpenBSD dmesg") {
      return "openbsd";
    }
    // A Mac's model identifier (hw.model "MacBookPro18,3") and hw.optional.arm.FEAT_* lines
    // are macOS's too.
    if (fact.origin == "sysctl machdep.cpu.brand_string" || fact.origin == "sysctl hw.optional" ||
        fact.kind == "machine_model") {
      return "macos";
    }
  }
  if (run.library.version.find("-freebsd ") != std::string::npos) {
    return "freebsd";
  }
  // library.platform keeps the line's label ("platform: VC-WIN64A").
  const std::string_view platform = PlatformTarget(run.library.platform);
  if (platform.starts_with("linux") || platform.starts_with("debian-")) {
    return "linux";
  }
  if (platform.starts_with("darwin")) {
    return "macos";
  }
  if (platform.starts_with("VC-WIN") || platform.starts_with("mingw") ||
      platform.starts_with("Cygwin")) {
    return "windows";
  }
  return "";
}

SettlingCommandText CpuListingCommand(std::string_view os, std::string_view linux_why,
                                      std::string_view arch, bool extensions_needed) {
  if (os == "macos" && (arch == "aarch64" || arch == "arm")) {
    // Apple silicon has no machdep.cpu.features line: its extensions are hw.optional's
    // arm.FEAT_* keys (macOS 12 on; the neon and armv8_* keys before).
    return {"sysctl machdep.cpu.brand_string hw.optional",
            "its brand string names the CPU and its hw.optional.arm.FEAT_* lines (FEAT_AES, "
            "FEAT_PMULL, FEAT_SHA256, ...) list the extensions; macOS gives no clock rate for "
            "Apple silicon, so the cpb stays a range"};
  }
  if (os == "macos") {
    return {"sysctl -a | grep machdep.cpu",
            "its machdep.cpu.brand_string line names the CPU (an Intel name carries the base "
            "clock) and its features lines list the extensions (AES, AVX2, ...), which the cpb "
            "classes need"};
  }
  if (os == "openbsd") {
    return {"sysctl hw.model hw.cpuspeed; dmesg | grep cpu0",
            "hw.model names the CPU, hw.cpuspeed gives its clock in MHz, and the kernel's cpu0 "
            "line lists its extensions (AES, PCLMUL, ...), which the cpb classes need"};
  }
  if (os == "freebsd") {
    // FreeBSD has no lscpu: `sysctl hw.model` prints the brand string, and the boot messages
    // keep the kernel's CPU line and feature lines (sys/x86/x86/identcpu.c, printcpuinfo).
    return {"sysctl hw.model; grep -E '^CPU:|Features' /var/run/dmesg.boot",
            "hw.model names the CPU, the boot messages' CPU line gives its clock and their "
            "Features lines list its extensions (AESNI, PCLMULQDQ, AVX2, SHA, ...), which the "
            "cpb classes need"};
  }
  if (os == "windows" && !extensions_needed) {
    // Win32_Processor's Name is the brand string (an Intel name carries the base clock) and
    // MaxClockSpeed its maximum clock in MHz
    // (https://learn.microsoft.com/windows/win32/cimwin32prov/win32-processor); PowerShell 3.0
    // and later has Get-CimInstance.
    return {"Get-CimInstance Win32_Processor | Select-Object Name,MaxClockSpeed",
            "in PowerShell, Name names the CPU (an Intel name carries the base clock) and "
            "MaxClockSpeed gives its maximum clock in MHz: the clock range the cpb classes need"};
  }
  if (os == "windows") {
    return {"coreinfo",
            "Sysinternals Coreinfo names the CPU and marks each extension it has (AES, AVX2, "
            "...), which the cpb classes need"};
  }
  return {"lscpu", std::string(linux_why)};
}

std::string_view SaturationWatcher(std::string_view os) {
  if (os == "windows") {
    return "Task Manager's Performance tab, with the graph set to logical processors";
  }
  if (os == "macos") {
    return "Activity Monitor's CPU History window";
  }
  return "top -H";
}

bool MeasuredThroughEvp(const DoctorFacts& facts) {
  if (!facts.report) {
    return false;
  }
  return facts.report->evp == "evp" || facts.library.version_num >= 0x30000000;
}

std::string UnusedPathAdvice(const DoctorFacts& facts, std::string_view algorithm,
                             std::string_view feature, std::string_view path_name,
                             bool from_clues) {
  if (const Masks* m = MasksOf(AdviceLibraryOf(facts))) {
    const std::string_view path = path_name.empty() ? feature : path_name;
    // The build settings the text shows (BoringSSL's OPENSSL_NO_ASM=OFF): asking whether the
    // build was configured so would ask for what the paste already says.
    const bool settings_shown = facts.report && !facts.report->build_options.empty();
    std::string shown;
    bool asm_on = settings_shown;  // every setting shown is OPENSSL_NO_ASM=OFF
    if (settings_shown) {
      for (const std::string& option : facts.report->build_options) {
        shown += (shown.empty() ? "" : "; ") + option;
        asm_on = asm_on && option.starts_with("OPENSSL_NO_ASM=OFF ");
      }
    }
    if (asm_on) {
      return fmt::format(
          "The text shows {}, so {}'s build has its assembly: what is left is whether the CPU the "
          "run saw offered {} (a virtual machine can hide it); {} (source: {}).",
          shown, m->name, path, MaskSentence(*m, facts, path), m->source);
    }
    return fmt::format("Check {}'s build for its {} code{}; {} (source: {}).", m->name, path,
                       settings_shown ? fmt::format(" (the text shows {}; {})", shown, m->build)
                       : m->build.empty()
                           ? fmt::format(": cryptobench has no sourced list of {}'s build "
                                         "switches, so it cannot tell whether this build has it",
                                         m->name)
                           : fmt::format(" ({})", m->build),
                       MaskSentence(*m, facts, path), m->source);
  }
  const Remedies* r = RemediesOf(AdviceLibraryOf(facts));
  if (r == nullptr) {
    // A run timed through EVP cannot owe its speed to the 1.x low-level API.
    return fmt::format(
        "Check the library's build (no-asm, an OpenSSL older than the {} code{}{}); "
        "cryptobench doctor on that machine proves it with mask experiments.",
        path_name.empty() ? feature : path_name,
        MeasuredThroughEvp(facts) ? "" : ", the low-level API",
        from_clues ? ", an OPENSSL_ia32cap/armcap mask the text does not show" : "");
  }
  if (!Covers(*r, algorithm)) {
    return fmt::format(
        "Check {}'s build for {} code for {}: cryptobench has no sourced list of its switches "
        "for {}; `{}` ({}) shows the ones it has.",
        r->name, feature, algorithm, algorithm, r->evidence_command, r->evidence_why);
  }
  return fmt::format(
      "Check {}'s build: it uses the CPU's {} only when built with {}. `{}` shows which the "
      "build had; rerun {} after a rebuild with them (source: {}).",
      r->name, feature, SwitchesFor(*r, facts, feature), r->evidence_command, r->rerun, r->source);
}

std::string AesUnusedAdvice(const DoctorFacts& facts) {
  if (const Masks* m = MasksOf(AdviceLibraryOf(facts))) {
    return fmt::format("Check that {} uses them{}; {} (source: {}).", m->name,
                       m->build.empty() ? fmt::format(": cryptobench has no sourced list of {}'s "
                                                      "build switches, so it cannot tell whether "
                                                      "this build has its AES code",
                                                      m->name)
                                        : fmt::format(" ({})", m->build),
                       MaskSentence(*m, facts, "AES instructions'"), m->source);
  }
  const Remedies* r = RemediesOf(AdviceLibraryOf(facts));
  if (r == nullptr) {
    return MeasuredThroughEvp(facts)
               ? "Check that the library uses them: OPENSSL_ia32cap/armcap unset, and a build "
                 "with assembly (openssl version -a)."
               : "Check that the library uses them: OPENSSL_ia32cap/armcap unset, the EVP API "
                 "(openssl speed -evp NAME), and a build with assembly (openssl version -a).";
  }
  return fmt::format(
      "Check that {} was built with them: {}. `{}` shows which the build had (source: {}).",
      r->name, Switches(*r, facts), r->evidence_command, r->source);
}

std::string PublicKeyPathAdvice(const DoctorFacts& facts, std::string_view algorithm) {
  if (const Masks* m = MasksOf(AdviceLibraryOf(facts))) {
    return fmt::format(
        "{}'s build decides which {} code it has; cryptobench has no sourced table of {}'s "
        "public-key assembly, and cryptobench doctor examines public-key paths with the openssl "
        "backend only, so it cannot tell which ran.",
        m->name, algorithm, m->name);
  }
  const Remedies* r = RemediesOf(AdviceLibraryOf(facts));
  if (r == nullptr) {
    return fmt::format(
        "Run cryptobench doctor {} on that machine: its mask experiments clear "
        "the bits each path needs and show which one ran.",
        algorithm);
  }
  return fmt::format(
      "{}'s build decides which {} code it has{}{}: `{}` shows it. cryptobench doctor examines "
      "public-key paths with the openssl backend only, so it cannot settle this.",
      r->name, algorithm, r->public_key_switches.empty() ? "" : ", ", r->public_key_switches,
      r->evidence_command);
}

std::optional<SettlingCommandText> LibrarySettlingCommand(const DoctorFacts& facts,
                                                          std::string_view algorithm,
                                                          bool public_key) {
  if (const Masks* m = MasksOf(AdviceLibraryOf(facts))) {
    if (public_key) {
      // No sourced public-key table and no mask of its public-key paths: the CPU's flags are
      // all a command can add (lscpu, util-linux).
      return SettlingCommandText{
          "lscpu",
          fmt::format("its Flags line shows which instructions the CPU offers; which {} code "
                      "{}'s build has cannot be told from a paste (cryptobench has no sourced "
                      "table of its public-key assembly)",
                      algorithm, m->name)};
    }
    if (const std::string_view mask = MaskFor(*m, facts); !mask.empty()) {
      return SettlingCommandText{
          fmt::format("{} {}", mask, m->rerun),
          fmt::format("beside the run pasted: a figure that drops shows the accelerated path "
                      "ran, one that stays shows it did not (source: {})",
                      m->source)};
    }
    if (EvidencePasted(*m, facts)) {
      return SettlingCommandText{
          "botan speed --clear-cpuid=FLAG",
          "beside the pasted run, FLAG a feature the pasted `botan cpuid` line lists (aes_ni for "
          "AES, clmul for GHASH, intel_sha for SHA-1/SHA-256): a figure that drops shows that "
          "path ran, one that stays shows it did not (Botan 2 and 3, src/cli/speed.cpp)"};
    }
    if (!m->evidence_command.empty()) {
      return SettlingCommandText{std::string(m->evidence_command), std::string(m->evidence_why)};
    }
    // The OS's CPU listing (lscpu has no OpenBSD or macOS port).
    const SettlingCommandText listing = CpuListingCommand(
        facts.report ? facts.report->os : "",
        "its Flags or Features line shows whether the CPU has the instructions at all",
        facts.cpu.arch);
    return SettlingCommandText{
        listing.command,
        fmt::format("{}; cryptobench knows no {} variable that masks them here, so which path "
                    "ran cannot be told from this report",
                    listing.why, m->name)};
  }
  const Remedies* r = RemediesOf(AdviceLibraryOf(facts));
  if (r == nullptr) {
    return std::nullopt;
  }
  std::string why(r->evidence_why);
  if (public_key && !r->public_key_switches.empty()) {
    why += fmt::format(" (for {}: {})", algorithm, r->public_key_switches);
  } else if (!public_key && Covers(*r, algorithm)) {
    why += fmt::format(" ({})", Switches(*r, facts));
  }
  return SettlingCommandText{std::string(r->evidence_command), why};
}

// The kernel's tools (cryptsetup benchmark, tcrypt, kcapi-speed): the kernel's crypto API serves
// each name from the registered driver of highest priority, and /proc/crypto lists name, driver
// and priority of each (https://docs.kernel.org/crypto/architecture.html).
constexpr std::string_view kProcCrypto = "grep -E '^(name|driver|priority)' /proc/crypto";

bool Kernel(const DoctorFacts& facts) { return facts.report && KernelTool(*facts.report); }

std::string NoCapabilityVectorAdvice(const DoctorFacts& facts) {
  if (Kernel(facts)) {
    // Only what the paste lacks (tryout 21, t22 and t04 pasted both and were asked for both).
    std::vector<std::string> missing;
    if (!facts.report->kernel_drivers_shown) {
      missing.push_back(fmt::format("`{}` (the driver that serves each algorithm)", kProcCrypto));
    }
    // The CPU's flags line, or a model row that settles its AES instructions, is what lscpu
    // would add (t22 pastes the model line and `grep -o -w aes /proc/cpuinfo`).
    if (!facts.report->cpu_clues.FlagsPasted() &&
        ShownAesInstructions(facts.report->cpu_clues) == AesInstructionsShown::kUnknown) {
      missing.emplace_back("`lscpu` (the CPU's flags)");
    }
    if (missing.empty()) {
      return "";  // the driver names and the CPU's flags stand in for a vector
    }
    return fmt::format(
        "The kernel prints no capability vector; include {}.",
        missing.size() == 1 ? missing[0] : fmt::format("{} and {}", missing[0], missing[1]));
  }
  if (const Masks* m = MasksOf(AdviceLibraryOf(facts))) {
    // The run pasted already ran masked (its command set the variable, report_facts.cc
    // CommandLineMask): the same command without the mask is the other half of the experiment.
    if (const std::string_view mask = MaskFor(*m, facts); !mask.empty() && facts.env_ia32cap) {
      return fmt::format(
          "{} prints no capability vector; the run pasted ran with {}={}: `{}` without it, "
          "beside that run, shows which path the unmasked library runs.",
          m->name,
          facts.cpu.arch == "aarch64" || facts.cpu.arch == "arm" ? "OPENSSL_armcap"
                                                                 : "OPENSSL_ia32cap",
          *facts.env_ia32cap, m->rerun);
    }
    if (const std::string_view mask = MaskFor(*m, facts); !mask.empty()) {
      return fmt::format(
          "{} prints no capability vector; `{} {}` beside the run pasted shows "
          "which path ran.",
          m->name, mask, m->rerun);
    }
    if (!m->x86_mask.empty() && !Arm(facts) && NothingToMask(facts)) {
      return fmt::format(
          "{} prints no capability vector; the CPU lines show neither AES-NI nor PCLMULQDQ, "
          "the instructions its mask would switch off, so no masked rerun can show more.",
          m->name);
    }
    if (EvidencePasted(*m, facts)) {
      return fmt::format(
          "{} prints no capability vector, but the pasted `botan cpuid` line is what it "
          "detected; {} shows which path ran.",
          m->name, kBotanClearRerun);
    }
    if (!m->evidence_command.empty()) {
      return fmt::format("{} prints no capability vector; include the output of `{}` ({}).",
                         m->name, m->evidence_command, m->evidence_why);
    }
    if (facts.report && facts.report->cpu_features_from_clues) {
      return fmt::format(
          "{} prints no capability vector, so which of the CPU's paths it chose cannot be told "
          "from this report.",
          m->name);
    }
    const SettlingCommandText listing =
        CpuListingCommand(facts.report ? facts.report->os : "", "the CPU's flags", facts.cpu.arch);
    return fmt::format("{} prints no capability vector; include the output of `{}` ({}).", m->name,
                       listing.command, listing.why);
  }
  const Remedies* r = RemediesOf(AdviceLibraryOf(facts));
  if (r == nullptr && facts.library.capability_vector == "N/A") {
    // The CPUINFO line is pasted and says N/A: asking for it again adds nothing.
    return fmt::format(
        "The pasted CPUINFO: N/A is all OpenSSL prints{}: no capability vector can be had from "
        "it; cryptobench doctor on that machine measures which path runs.",
        facts.cpu.arch.empty() ? "" : fmt::format(" on {}", facts.cpu.arch));
  }
  // On an architecture whose 3.x builds do not all print a vector (results::CpuinfoVectorFor:
  // MIPS never, RISC-V, POWER and SPARC only from releases not verified here), asking for the
  // CPUINFO line would most likely get N/A.
  if (r == nullptr && !facts.cpu.arch.empty() && !results::CpuinfoNaProvesNoAsm(facts.cpu.arch)) {
    const results::CpuinfoVector* vector = results::CpuinfoVectorFor(facts.cpu.arch);
    return fmt::format(
        "{}; cryptobench doctor on that machine measures which path runs.",
        vector == nullptr
            ? fmt::format("OpenSSL prints no capability vector on {} (CPUINFO: N/A in every 3.x "
                          "build: crypto/info.c)",
                          facts.cpu.arch)
            : fmt::format("OpenSSL's CPUINFO line shows a vector ({}) on {} only in recent "
                          "releases (the first is not verified here)",
                          vector->variable, facts.cpu.arch));
  }
  if (r == nullptr) {
    return "With OpenSSL 3.x, include `openssl version -a` (its CPUINFO line), or run "
           "cryptobench doctor on that machine.";
  }
  return fmt::format("{} prints no capability vector; include the output of `{}` ({}).", r->name,
                     r->evidence_command, r->evidence_why);
}

std::string LibraryBuildSettingsText(const DoctorFacts& facts) {
  if (Kernel(facts)) {
    return fmt::format("none: the kernel's drivers ran these figures (`{}` lists them)",
                       kProcCrypto);
  }
  if (facts.report && !facts.report->build_options.empty() && !OpensslAdvice(facts)) {
    // What the text shows of the build (BoringSSL's OPENSSL_NO_ASM), each with its line.
    std::string shown;
    for (const std::string& option : facts.report->build_options) {
      shown += (shown.empty() ? "" : "; ") + option;
    }
    return shown;
  }
  if (const Masks* m = MasksOf(AdviceLibraryOf(facts)); m != nullptr && facts.report) {
    if (EvidencePasted(*m, facts)) {
      return "unknown (the pasted `botan cpuid` line shows what it detected, not which modules "
             "the build has)";
    }
    return m->evidence_command.empty()
               ? "unknown (not in the text)"
               : fmt::format("unknown (not in the text; `{}` shows what it detected)",
                             m->evidence_command);
  }
  const Remedies* r = RemediesOf(AdviceLibraryOf(facts));
  if (r == nullptr || !facts.report) {
    return "";
  }
  return fmt::format("unknown (not in the text; `{}` shows them)", r->evidence_command);
}

std::string HiddenLibraryChoice(const DoctorFacts& facts) {
  if (Kernel(facts)) {
    if (facts.report->kernel_drivers_shown) {
      return "the kernel has no capability vector: the paste names the driver it chose for each "
             "algorithm instead";
    }
    return fmt::format("not which driver the kernel chose for each algorithm (`{}` would show it)",
                       kProcCrypto);
  }
  if (const Masks* m = MasksOf(AdviceLibraryOf(facts))) {
    return fmt::format("not which of the CPU's paths {} was built with or chose", m->name);
  }
  const Remedies* r = RemediesOf(AdviceLibraryOf(facts));
  if (r == nullptr) {
    return "no CPUINFO vector, so a mask such as OPENSSL_ia32cap would not show";
  }
  return fmt::format(
      "not the build's settings, so which of the CPU's paths {} was built with "
      "would not show (`{}` would)",
      r->name, r->evidence_command);
}

}  // namespace cryptobench::diagnose
