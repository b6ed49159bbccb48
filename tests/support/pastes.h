// Paste parts that several doctor --from tests share: the CPU lines of an x86-64 machine with
// AES-NI, a wolfCrypt benchmark run around the rows a test gives, and a guest's cryptsetup
// benchmark.
#pragma once

#include <string>
#include <string_view>

namespace cryptobench::testing {

/// `uname -m` and a /proc/cpuinfo flags line of an x86-64 CPU with AES-NI and PCLMULQDQ (the
/// flag words as Linux prints them), as a user pastes them before a benchmark.
inline constexpr std::string_view kX86AesNiLines =
    "$ uname -m\nx86_64\n$ grep -m1 flags /proc/cpuinfo\n"
    "flags\t\t: fpu sse sse2 ssse3 sse4_1 sse4_2 pclmulqdq aes avx avx2\n";

/// kX86AesNiLines, then `lines_before` (e.g. a ./configure line, may be empty), then a wolfSSL
/// 5.7.2 wolfcrypt/benchmark run with `args` on its command line: its banner, `rows` (whole
/// lines, each ending in '\n') and its closing line.
inline std::string X86WolfsslPaste(std::string_view args, std::string_view rows,
                                   std::string_view lines_before = "") {
  std::string text(kX86AesNiLines);
  text += lines_before;
  text += "$ ./wolfcrypt/benchmark/benchmark ";
  text += args;
  text +=
      "\n wolfSSL version 5.7.2\n"
      "wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)\n";
  text += rows;
  text += "Benchmark complete\n";
  return text;
}

/// A guest's lscpu (model name Intel Xeon Gold 6130, a Skylake-SP with AES-NI by its sourced row
/// of data/cpu-clues.csv; "Hypervisor vendor: `vendor`"; flags with hypervisor and without aes)
/// over a cryptsetup benchmark whose AES rows run at serpent/twofish speed (tryout 22 #7, q11).
inline std::string GuestCryptsetupPaste(std::string_view vendor) {
  std::string text =
      "# lscpu\n"
      "Model name:                      Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz\n"
      "Hypervisor vendor:               ";
  text += vendor;
  text +=
      "\n"
      "Flags:                           fpu vme de pse tsc msr pae mce cx8 apic sep sse sse2 "
      "ssse3 sse4_1 sse4_2 avx avx2 hypervisor\n"
      "# cryptsetup benchmark\n"
      "#     Algorithm |       Key |      Encryption |      Decryption\n"
      "        aes-cbc        128b       163.2 MiB/s       184.9 MiB/s\n"
      "    serpent-cbc        128b        80.1 MiB/s       521.6 MiB/s\n"
      "    twofish-cbc        128b       171.4 MiB/s       318.5 MiB/s\n"
      "        aes-xts        256b       181.6 MiB/s       180.1 MiB/s\n"
      "    serpent-xts        256b       488.9 MiB/s       477.1 MiB/s\n"
      "    twofish-xts        256b       297.6 MiB/s       300.7 MiB/s\n";
  return text;
}

/// An `openssl speed -evp aes-128-gcm` run typed at `prompt` ("[root@old-app ~]# ", "$ "):
/// OpenSSL 1.1.1's text output without its header, at software-AES speed (75.4 MB/s at
/// 16 KiB, as a VMware guest without AES-NI gives; tryout 25 q10c).
inline std::string SlowGcmRun(std::string_view prompt) {
  std::string text(prompt);
  text +=
      "./openssl speed -evp aes-128-gcm\n"
      "Doing aes-128-gcm for 3s on 16 size blocks: 9262718 aes-128-gcm's in 2.99s\n"
      "Doing aes-128-gcm for 3s on 16384 size blocks: 13801 aes-128-gcm's in 3.00s\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes  16384 bytes\n"
      "aes-128-gcm      49566.38k    75370.50k\n";
  return text;
}

/// `lscpu | grep ...` typed at `prompt`: the Architecture, Model name, CPU max MHz and Flags
/// lines of a Xeon Gold 6338 (AES-NI, PCLMULQDQ, VAES), as lscpu prints them.
inline std::string XeonGoldLscpu(std::string_view prompt) {
  std::string text(prompt);
  text +=
      "lscpu | grep -E 'Architecture|Model name|MHz|Flags'\n"
      "Architecture:                    x86_64\n"
      "Model name:                      Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz\n"
      "CPU max MHz:                     3200.0000\n"
      "Flags:                           fpu vme de pse tsc msr pae sse sse2 ht syscall nx lm "
      "pni pclmulqdq ssse3 sse4_1 sse4_2 aes xsave avx avx2 bmi2 adx sha_ni avx512f vaes "
      "vpclmulqdq\n";
  return text;
}

}  // namespace cryptobench::testing
