// The remedies a pasted report's advice names, chosen by the library its figures came from: one
// table (library_advice.cc) holds each library's switches and the evidence that settles its
// build, so that no rule words a library's remedy of its own. OpenSSL's texts (openssl speed,
// OPENSSL_ia32cap, openssl version -a) stay where its rules write them; a wolfSSL or mbedTLS
// paste gets its library's configure options or config macros instead. BoringSSL, AWS-LC,
// LibreSSL, Botan and GnuTLS pastes get their own benchmark and run-time mask where one is
// sourced (OPENSSL_ia32cap on x86 for BoringSSL and AWS-LC, BOTAN_CLEAR_CPUID with `botan
// cpuid`, GNUTLS_CPUID_OVERRIDE), and "cannot tell" where cryptobench knows none (LibreSSL's
// switches and masks, BoringSSL's Arm paths, every other library's public-key assembly).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "diagnose/doctor.h"
#include "diagnose/doctor_from.h"

namespace cryptobench::diagnose {

/// The library whose remedies fit a report's advice.
enum class AdviceLibrary {
  kOpenssl,    ///< openssl speed and every report without its own library's row (as before)
  kWolfssl,    ///< the wolfCrypt benchmark (import backend "wolfssl")
  kMbedtls,    ///< the mbedTLS benchmark program (import backend "mbedtls")
  kBoringssl,  ///< bssl speed of BoringSSL (import backend "boringssl")
  kAwsLc,      ///< bssl speed of AWS-LC (a version "AWS-LC x.y.z")
  kLibressl,   ///< LibreSSL's openssl speed (a version "LibreSSL x.y.z")
  kBotan,      ///< botan speed (import backend "botan")
  kGnutls,     ///< gnutls-cli --benchmark-* (import backend "gnutls")
};

/// True when OpenSSL's own texts (OPENSSL_ia32cap, openssl version -a, Configure's no-asm,
/// its release notes and pk-asm table) fit the facts: a measured run, an OpenSSL paste, a
/// paste of no known other library, or the kernel's tools (whose rules word their own).
bool OpensslAdvice(const DoctorFacts& facts);

/// The OS a pasted run shows, for advice that names OS commands: from a `uname -a` line's first
/// word (Linux, Darwin, OpenBSD, FreeBSD, MINGW*/MSYS*/CYGWIN* for Windows), else FreeBSD's boot
/// lines or its base OpenSSL's "-freebsd" version ("freebsd"), a pasted `sysctl
/// machdep.cpu.brand_string` (XNU's: "macos"), else OpenSSL's platform target
/// (linux-*, debian-*: Linux; darwin*: macOS; VC-WIN*, mingw*, Cygwin*: Windows;
/// Configurations/10-main.conf and 50-win-onecore.conf). "" when none says (BSD-* targets are
/// any BSD).
std::string ReportOs(const results::RunResult& run);

/// The command that lists the CPU's model, clock and extensions on `os` (ReportOrigin::os), with
/// what it shows: macOS `sysctl -a | grep machdep.cpu` (machdep.cpu.brand_string and the
/// features lines; sysctl(8)); OpenBSD `sysctl hw.model hw.cpuspeed` and the cpu0 line of dmesg
/// (sysctl(2) HW_MODEL, HW_CPUSPEED; the kernel prints the CPU's features there at boot);
/// Windows Sysinternals `coreinfo` (https://learn.microsoft.com/sysinternals/downloads/coreinfo:
/// the CPU's features, AES and the like), or with `extensions_needed` false (the paste shows
/// them: a flags line, a decoded CPUINFO vector) PowerShell's `Get-CimInstance Win32_Processor
/// | Select-Object Name,MaxClockSpeed` (the CPU's name and maximum clock in MHz,
/// https://learn.microsoft.com/windows/win32/cimwin32prov/win32-processor); else (Linux,
/// unknown) `lscpu` with `linux_why`. On macOS with `arch` "aarch64" or "arm" (Apple silicon,
/// which has no machdep.cpu.features): `sysctl machdep.cpu.brand_string hw.optional`, whose
/// hw.optional.arm.FEAT_* keys list the extensions
/// (https://developer.apple.com/documentation/kernel/1387446-sysctlbyname/
/// determining_instruction_set_characteristics).
SettlingCommandText CpuListingCommand(std::string_view os, std::string_view linux_why,
                                      std::string_view arch = {}, bool extensions_needed = true);

/// Where to watch whether one core is saturated on `os`: "top -H" (threads; Linux procps and
/// OpenBSD top), Windows Task Manager's per-logical-processor CPU graphs, macOS Activity
/// Monitor's CPU History window (its top has no -H).
std::string_view SaturationWatcher(std::string_view os);

/// The command that shows a report's architecture for report.arch-unknown: `openssl version -a`
/// or `uname -m` for an OpenSSL paste, naming the lines the pasted release prints (platform
/// always, CPUINFO from 3.0 on; with CPUINFO: N/A pasted, what N/A means once the architecture
/// is known), `uname -m` for every other tool (coreutils prints the machine hardware name:
/// x86_64, aarch64, armv7l, mips).
std::string ArchitectureCommandAdvice(const DoctorFacts& facts);

/// The Configure target of `platform` (library.platform: OpenSSL's "platform: linux-generic64"
/// line, the prefix optional) when it builds no assembly on any architecture, else "":
/// linux-generic32, linux-generic64, BSD-generic32 and BSD-generic64 inherit no asm() module,
/// unlike linux-x86_64 or linux-aarch64 (Configurations/10-main.conf, openssl/openssl at
/// 001c1be2708d; 1.0.x's Configure table gave them no assembly either). Such a build runs C
/// code whatever the CPU has and prints CPUINFO: N/A. Exact names, as Configure prints them.
std::string_view GenericConfigureTarget(std::string_view platform);

/// Why an OpenSSL paste's architecture is unknown, for report.arch-unknown and the verdicts:
/// "no CPUINFO or platform line", or, with a platform line that names no architecture
/// (linux-generic64, a distribution's own target), "its platform line (X) names no
/// architecture and there is no CPUINFO vector".
std::string OpensslArchitectureGap(const DoctorFacts& facts);

/// The remedy for a build without assembly (facts.no_asm_build): with a generic Configure
/// target (GenericConfigureTarget), Configure for the machine's own target (named for x86_64,
/// x86, aarch64, arm and ppc64le from 10-main.conf; `./Configure` with no target guesses it
/// from 3.0 on, `./config` before); with BoringSSL's OPENSSL_NO_ASM, its CMake switch
/// (BUILDING.md); else a libcrypto with assembly or a rebuild without no-asm.
std::string NoAsmRemedy(const DoctorFacts& facts);

/// True when the run's figures were timed through EVP (report origin evp "evp", or an OpenSSL
/// 3.x release, whose speed times every row through EVP): the 1.x low-level API is then no
/// cause to name.
bool MeasuredThroughEvp(const DoctorFacts& facts);

/// The advice library of `facts` (a report's: facts.report set; a measured run is kOpenssl).
AdviceLibrary AdviceLibraryOf(const DoctorFacts& facts);

/// The advice of a verdict whose figure is software although the CPU (or the report's
/// capability vector) has `feature` ("AES-NI", "AVX2"); `path_name` names the path when known
/// ("" = the feature), `from_clues` when the CPU's features come from its CPU lines. For
/// OpenSSL the build, API and mask checks; for wolfSSL its configure options (--enable-aesni,
/// --enable-intelasm, --enable-armasm); for mbedTLS its config macros (MBEDTLS_AESNI_C,
/// MBEDTLS_AESCE_C, MBEDTLS_HAVE_ASM, MBEDTLS_PADLOCK_C) by version.
std::string UnusedPathAdvice(const DoctorFacts& facts, std::string_view algorithm,
                             std::string_view feature, std::string_view path_name, bool from_clues);

/// The advice of cpu.aes-unused (the CPU has AES instructions, AES ran in software).
std::string AesUnusedAdvice(const DoctorFacts& facts);

/// The advice of an undetermined public-key verdict of a report (which code path ran).
std::string PublicKeyPathAdvice(const DoctorFacts& facts, std::string_view algorithm);

/// The one command that settles an open verdict of a wolfSSL or mbedTLS report: a look at the
/// build's own settings (wolfssl/options.h; mbedtls_config.h or config.h), never openssl speed
/// nor `cryptobench doctor`, whose wolfssl and mbedtls backends examine the library cryptobench
/// was built with, not the build that ran the benchmark, and refuse public-key algorithms.
/// nullopt for an OpenSSL report (its rules choose among its own tools).
std::optional<SettlingCommandText> LibrarySettlingCommand(const DoctorFacts& facts,
                                                          std::string_view algorithm,
                                                          bool public_key);

/// The advice of report.no-cpuinfo: where the library shows which CPU paths its build has.
std::string NoCapabilityVectorAdvice(const DoctorFacts& facts);

/// What a report whose CPU features come from its CPU lines cannot show about the library,
/// to follow "the text shows the CPU's (the clues above) but ": OpenSSL's capability vector
/// and its masks, or another library's build settings.
std::string HiddenLibraryChoice(const DoctorFacts& facts);

/// The Library section's "build settings" row of a wolfSSL or mbedTLS report (which switches
/// the build had are not in the text, and the command that shows them), of a BoringSSL report
/// the settings it shows ("OPENSSL_NO_ASM=ON (the CMake cache, line 5)"), or "" for OpenSSL's
/// (its rows are OPENSSL_ia32cap and the -D*_ASM defines).
std::string LibraryBuildSettingsText(const DoctorFacts& facts);

}  // namespace cryptobench::diagnose
