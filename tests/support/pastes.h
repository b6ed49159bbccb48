// Paste parts that several doctor --from tests share: the CPU lines of an x86-64 machine with
// AES-NI, and a wolfCrypt benchmark run around the rows a test gives.
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

}  // namespace cryptobench::testing
