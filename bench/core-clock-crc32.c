/* An independent core-clock reading for bench/core-clock: shares no code with cryptobench.
 *
 * A dependent chain of 64-bit CRC32 instructions (SSE4.2), each needing the previous result, is
 * timed with CLOCK_MONOTONIC; the fastest of many blocks counts. CRC32 r64, r64 has a latency of
 * 3 cycles on Intel cores since Nehalem and on AMD Zen 1-5 (Agner Fog, "Instruction tables",
 * agner.org/optimize; uops.info). It runs on neither the adder nor the multiplier that
 * cryptobench's two probes use, so a trick of the renamer that shortens one of those chains does
 * not shorten this one.
 *
 * Prints one line: "<GHz> crc32" (the implied core clock), or exits 2 without SSE4.2.
 * Build: cc -O2 -o core-clock-crc32 core-clock-crc32.c (bench/core-clock does)
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#if defined(__x86_64__)
#include <cpuid.h>

enum { kLatencyCycles = 3, kLinksPerBlock = 100 * 1000 };

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void crc32_block(void) {
  uint64_t crc = 1, data = 0x9e3779b97f4a7c15ULL, iterations = 1000;
  __asm__ volatile(
      "1:\n\t"
      ".rept 100\n\t"
      "crc32q %[data], %[crc]\n\t"
      ".endr\n\t"
      "dec %[n]\n\t"
      "jnz 1b\n\t"
      : [crc] "+r"(crc), [n] "+r"(iterations)
      : [data] "r"(data)
      : "cc");
}

int main(void) {
  unsigned eax, ebx, ecx, edx;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_SSE4_2)) {
    fprintf(stderr, "core-clock-crc32: this CPU has no SSE4.2 (CRC32)\n");
    return 2;
  }
  double fastest = 1e9;
  const double start = now_seconds();
  double block_start = start;
  while (block_start - start < 0.2) {
    crc32_block();
    const double block_end = now_seconds();
    if (block_end - block_start < fastest) {
      fastest = block_end - block_start;
    }
    block_start = block_end;
  }
  printf("%.4f crc32\n", (double)kLinksPerBlock * kLatencyCycles / fastest / 1e9);
  return 0;
}
#else
int main(void) {
  fprintf(stderr, "core-clock-crc32: x86-64 only\n");
  return 2;
}
#endif
