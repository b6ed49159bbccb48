// The remedies a pasted report's advice names, per library (library_advice.h).
#include "diagnose/library_advice.h"

#include <fmt/format.h>

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
// WOLFSSL_SP_ASM (--enable-sp-asm).
constexpr Remedies kWolfssl{
    AdviceLibrary::kWolfssl,
    "wolfSSL",
    "`./configure --enable-aesni` (AES-NI: WOLFSSL_AESNI) or `--enable-intelasm` (AES-NI and "
    "the AVX1/AVX2, BMI2 and ADX code, e.g. AVX for AES-GCM: USE_INTEL_SPEEDUP); both are off "
    "by default",
    "`./configure --enable-armasm` (the ARMv8 assembly: WOLFSSL_ARMASM; off by default)",
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

const Remedies* RemediesOf(AdviceLibrary library) {
  switch (library) {
    case AdviceLibrary::kWolfssl:
      return &kWolfssl;
    case AdviceLibrary::kMbedtls:
      return &kMbedtls;
    case AdviceLibrary::kOpenssl:
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

// True when the library's switches in the table are sourced for `algorithm`.
bool Covers(const Remedies& r, std::string_view algorithm) {
  return r.only_for.empty() || algorithm.starts_with(r.only_for);
}

}  // namespace

AdviceLibrary AdviceLibraryOf(const DoctorFacts& facts) {
  if (!facts.report || KernelTool(*facts.report)) {
    return AdviceLibrary::kOpenssl;
  }
  if (facts.library.backend == "wolfssl") {
    return AdviceLibrary::kWolfssl;
  }
  if (facts.library.backend == "mbedtls") {
    return AdviceLibrary::kMbedtls;
  }
  return AdviceLibrary::kOpenssl;
}

std::string UnusedPathAdvice(const DoctorFacts& facts, std::string_view algorithm,
                             std::string_view feature, std::string_view path_name,
                             bool from_clues) {
  const Remedies* r = RemediesOf(AdviceLibraryOf(facts));
  if (r == nullptr) {
    return fmt::format(
        "Check the library's build (no-asm, an OpenSSL older than the {} code, the low-level "
        "API{}); cryptobench doctor on that machine proves it with mask experiments.",
        path_name.empty() ? feature : path_name,
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
      r->name, feature, Switches(*r, facts), r->evidence_command, r->rerun, r->source);
}

std::string AesUnusedAdvice(const DoctorFacts& facts) {
  const Remedies* r = RemediesOf(AdviceLibraryOf(facts));
  if (r == nullptr) {
    return "Check that the library uses them: OPENSSL_ia32cap/armcap unset, the EVP API "
           "(openssl speed -evp NAME), and a build with assembly (openssl version -a).";
  }
  return fmt::format(
      "Check that {} was built with them: {}. `{}` shows which the build had (source: {}).",
      r->name, Switches(*r, facts), r->evidence_command, r->source);
}

std::string PublicKeyPathAdvice(const DoctorFacts& facts, std::string_view algorithm) {
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

std::string NoCapabilityVectorAdvice(const DoctorFacts& facts) {
  const Remedies* r = RemediesOf(AdviceLibraryOf(facts));
  if (r == nullptr) {
    return "With OpenSSL 3.x, include `openssl version -a` (its CPUINFO line), or run "
           "cryptobench doctor on that machine.";
  }
  return fmt::format("{} prints no capability vector; include the output of `{}` ({}).", r->name,
                     r->evidence_command, r->evidence_why);
}

std::string LibraryBuildSettingsText(const DoctorFacts& facts) {
  const Remedies* r = RemediesOf(AdviceLibraryOf(facts));
  if (r == nullptr || !facts.report) {
    return "";
  }
  return fmt::format("unknown (not in the text; `{}` shows them)", r->evidence_command);
}

std::string HiddenLibraryChoice(const DoctorFacts& facts) {
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
