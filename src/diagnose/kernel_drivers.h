// What a Linux kernel crypto driver runs, read from its driver name as /proc/crypto lists it
// (the AF_ALG backend reports it as its implementation). Knowledge table:
// data/kernel-crypto-drivers.csv (pattern, class, instructions, source), each row citing the
// kernel source file that registers those driver names.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "results/model.h"

namespace cryptobench::diagnose {

/// What a kernel crypto driver's code is. Ordered from the fastest kind of code to the slowest
/// for a CPU with crypto instructions; kUnknown sorts last.
enum class KernelDriverClass {
  kInstructions,  ///< the CPU's crypto instructions (AES-NI, SHA-NI, PCLMULQDQ, ARMv8 CE)
  kEngine,        ///< a device outside the CPU cores (QAT, CCP, CAAM, virtio-crypto)
  kLibrary,       ///< lib/crypto, which picks its code at run time: the name does not tell
  kSimd,          ///< vector code without crypto instructions (AVX2, SSSE3, NEON)
  kAsm,           ///< scalar assembly
  kGeneric,       ///< portable C (crypto/*-generic, aes-fixed-time)
  kUnknown,       ///< no row of the table matches
};

/// One driver read against the table.
struct KernelDriverRead {
  std::string driver;  ///< the driver name read, e.g. "cbc-aes-aesni" or "ghash-generic"
  KernelDriverClass klass = KernelDriverClass::kUnknown;
  std::string instructions;  ///< for kInstructions: "AES-NI", "AES-NI PCLMULQDQ", ...
  std::string source;        ///< the table row's source
};

/// What a driver name says: one entry per leaf driver, so a template instance such as
/// "gcm_base(ctr(aes-generic),ghash-generic)" gives one per driver inside it ("aes-generic",
/// "ghash-generic"), and a plain name one. Template names themselves ("cbc", "gcm_base") are
/// not drivers. Leaves that match no row are kUnknown. Never throws.
std::vector<KernelDriverRead> ReadKernelDriver(std::string_view driver);

/// The slowest class among `reads` (kUnknown if any is unknown or `reads` is empty): a
/// template is as slow as its slowest part.
KernelDriverClass SlowestClass(const std::vector<KernelDriverRead>& reads);

/// One sentence naming the class: "the CPU's AES-NI instructions", "portable C", "vector code
/// without crypto instructions", "a crypto engine outside the CPU", "lib/crypto, whose code the
/// name does not tell", "scalar assembly", "code the table does not know".
std::string DescribeKernelDriverClass(KernelDriverClass klass, std::string_view instructions);

/// A whole driver name described: "cbc-aes-aesni: the CPU's AES-NI instructions", or for a
/// template "gcm_base(...): ctr-aes-aesni: the CPU's AES-NI instructions; ghash-generic:
/// portable C".
std::string DescribeKernelDriver(std::string_view driver);

/// The kernel driver named first in an AF_ALG implementation string, "cbc-aes-aesni (priority
/// 400, module aesni_intel)" -> "cbc-aes-aesni"; the whole string when it has no " (".
std::string_view DriverOfImplementation(std::string_view implementation);

/// The kernel modules that hold the AES-instruction drivers for `arch` (cpu_clues.h's names:
/// "x86_64", "x86", "aarch64", "arm"), as lsmod and modprobe name them: "aesni_intel" (x86,
/// arch/x86/crypto/Makefile), "aes_ce_blk" (arm64: cbc-aes-ce, xts-aes-ce;
/// arch/arm64/crypto/Makefile), "aes_arm_ce" (a 32-bit ARM kernel on an ARMv8 CPU,
/// arch/arm/crypto/Makefile); "" for another architecture or "".
std::string_view KernelAesModules(std::string_view arch);

/// The command that shows which kernel driver serves AES-XTS and AES-CBC, and from which module:
/// /proc/crypto lists name, driver and module of each registration in that order, and the
/// kernel runs the registration of highest priority for a name
/// (https://docs.kernel.org/crypto/architecture.html, "Crypto API Cipher References And
/// Priority").
inline constexpr std::string_view kKernelAesDriverCommand =
    "grep -A2 -E '^name +: (xts|cbc)\\(aes\\)' /proc/crypto";

/// The one legend of the kernel's AES drivers as /proc/crypto names them, for every text that
/// tells a reader how to read the driver serving AES (advice, findings and verdict evidence say
/// it the same way): the CPU's instructions are *-aesni and aes-aesni (arch/x86/crypto/
/// aesni-intel_glue.c), *-vaes-* (the same file, Linux 6.10+) and *-aes-ce and aes-ce
/// (arch/arm64/crypto/aes-ce-glue.c, aes-glue.c; arch/arm/crypto/aes-ce-glue.c); software is
/// aes-generic (crypto/aes_generic.c, table-based C), aes-fixed-time (crypto/aes_ti.c,
/// constant-time generic C), aes-arm64 and aes-arm (scalar assembly:
/// arch/arm64/crypto/aes-cipher-glue.c, arch/arm/crypto/aes-cipher-glue.c) and *-neon and
/// *-neonbs (NEON and bit-sliced NEON: arch/arm64/crypto/aes-glue.c, aes-neonbs-glue.c,
/// arch/arm/crypto/aes-neonbs-glue.c); a driver of higher priority may be an offload engine's.
/// Names verified in https://github.com/torvalds/linux (cra_driver_name of each file).
std::string_view KernelAesDriverLegend();

/// True when `module` (lsmod's first column) holds the CPU's AES-instruction drivers on `arch`
/// (KernelAesModules), or on any architecture when `arch` is "".
bool IsKernelAesModule(std::string_view module, std::string_view arch);

/// The command that shows driver, module and priority of the AES-XTS and AES-CBC registrations
/// (/proc/crypto prints name, driver, module, priority in that order): with the module loaded,
/// which registration serves AES is the one of highest priority
/// (https://docs.kernel.org/crypto/architecture.html).
inline constexpr std::string_view kKernelAesPriorityCommand =
    "grep -A3 -E '^name +: (xts|cbc)\\(aes\\)' /proc/crypto";

/// What to do when the CPU has AES instructions and the kernel's AES ran without them on `arch`:
/// load the module for that architecture (KernelAesModules; every architecture's when it is
/// unknown) and check /proc/crypto (kKernelAesDriverCommand). When pasted lsmod output shows
/// that module loaded (`loaded_module` non-empty, at 1-based `loaded_line`), it does not ask to
/// load it: it says so and asks for the driver and priority of the AES registrations
/// (kKernelAesPriorityCommand), since whether the module's drivers serve the rows is not in the
/// text.
std::string KernelAesDriverAdvice(std::string_view arch, std::string_view loaded_module = "",
                                  size_t loaded_line = 0);

/// "aesni_intel is loaded (lsmod, line 26)"; "" when `module` is "".
std::string LoadedKernelAesModuleText(std::string_view module, size_t line);

/// What a paste's lsmod output shows of one module.
struct LsmodShows {
  enum class State {
    kNotPasted,  ///< no lsmod command in the text
    kLoaded,     ///< a line of its output names the module
    kAbsent,     ///< a command that would list the module printed nothing of it
    kUnsettled,  ///< lsmod was pasted, but its filter may hide the module (or cannot be read)
  };
  State state = State::kNotPasted;
  size_t line = 0;      ///< kLoaded: the module's line; else the lsmod command's line (1-based)
  std::string command;  ///< the lsmod command read ("lsmod | grep -c aesni"), "" if none
};

/// What import's facts of a text (kinds "lsmod", "lsmod_count", "kernel_module") show of
/// `module` (lsmod's name, e.g. "aesni_intel"). lsmod prints one line per loaded module, its
/// name first (kmod's tools/lsmod.c; busybox's the same), and a module built into the kernel
/// is no module and never listed, so absence says the module is not loaded, not that the
/// kernel lacks the driver. A filtered listing shows absence only when each stage after lsmod
/// is one this reads and would keep the module's line: grep, egrep or fgrep with -E, -F, -G,
/// -i, -w, -c and -e (GNU grep's meanings, https://www.gnu.org/software/grep/manual/), whose
/// pattern is literal words joined by '|' (ERE) or '\|' (GNU BRE), each optionally anchored
/// with '^'; then `wc -l` or -c turn the listing into a count, and absence needs the count 0.
/// Anything else (-v, -x, another command, another pattern) is kUnsettled: it is not read,
/// never guessed. Never throws.
LsmodShows LsmodShowsModule(const std::vector<results::SourceFact>& facts, std::string_view module);

/// What to do when the CPU has AES instructions and the kernel ran a software AES driver, by
/// what the paste's lsmod shows of `arch`'s module (KernelAesModules): absent, load it
/// (`modprobe`; a module that is not found means a kernel built without it, or with it built
/// in, which lsmod never lists); loaded, KernelAesDriverAdvice's (which driver serves AES);
/// not pasted or filtered out, the lsmod command that shows it and the drivers it holds, then
/// load it if missing. The kernel's own AES driver for the CPU's instructions is loaded by the
/// CPU's features when built as a module (x86: the x86cpu device table of
/// arch/x86/crypto/aesni-intel_glue.c; arm64: module_cpu_feature_match(AES) in
/// arch/arm64/crypto/aes-glue.c), so it is missing only when the kernel was built without it,
/// or it was left out or blacklisted. For an architecture with no known module: the advice of
/// every architecture (KernelAesDriverAdvice("")).
std::string KernelAesModuleAdvice(std::string_view arch, const LsmodShows& shows);

}  // namespace cryptobench::diagnose
