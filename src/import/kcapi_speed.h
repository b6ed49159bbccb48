// kcapi-speed output (libkcapi speed-test/cryptoperf-base.c, cp_print_status): the kernel
// crypto API measured from user space through AF_ALG, one line per test and direction:
//   AES(AESNI) CTR(ASM) 128 |e|	1024 bytes|         	310.100 MB/s|318425 ops/s
//   SHA256(G)               |d|    4096 bytes|           1.20 GB/s|307 ops/s
// The throughput column is not a decimal number: cp_bytes2string prints whole MiB (GiB, KiB)
// and then the remaining bytes divided by 10^4 (10^7, 10), so "310.100 MB/s" is 310 MiB plus
// about 10^6 bytes. The figure kept is the ops/s column times the block size. cp_print_status
// divides by the test time in whole units of 2^30 ns (about 1.074 s), rounded down.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "import/foreign_run.h"

namespace cryptobench::import {

/// True if a trimmed line is a kcapi-speed result line ("NAME |e|...bytes|.../s|N ops/s", or
/// "NAME | untested").
bool IsKcapiSpeedLine(std::string_view trimmed);

/// Maps a kcapi-speed test name: "AES(AESNI) CTR(ASM) 128" → AES-128-CTR with implementation
/// "AES(AESNI) CTR(ASM)"; "SHA256(G)" → SHA-256 with implementation "G"; anything the
/// catalogue lacks keeps the name verbatim. Sets *implementation.
NamedAlgorithm MapKcapiName(std::string_view name, std::string* implementation);

/// One run of kcapi-speed. A test repeated in the same direction and size starts the next
/// run.
class KcapiSpeedParser : public ForeignParser {
 public:
  explicit KcapiSpeedParser(std::string_view file_name);

  /// Throws ImportError for a result line whose size or ops/s is not a number.
  Offer Take(const SourceLine& line) override;
  /// Reads -t (seconds per test).
  void SetCommand(const std::vector<std::string>& args, size_t line) override;
  bool HasFigures() const override { return builder_.HasCells(); }
  results::RunResult Build() override;

 private:
  ForeignRunBuilder builder_;
  std::vector<std::string> untested_;
};

}  // namespace cryptobench::import
