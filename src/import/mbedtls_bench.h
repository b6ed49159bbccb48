// The mbedTLS benchmark program (programs/test/benchmark.c, also Zephyr's port of it):
//   MD5                      :     411284 KiB/s,          2 cycles/byte
//   MD5       :      75123 Kb/s,          9 cycles/byte     (PolarSSL; mbed OS prints KB/s)
//   AES-CBC-128              :     123456 KiB/s,          5 ns/byte
//   RSA-2048                 :    1234  public/s
//   RSA-2048                 :      56 private/s
//   ECDSA-secp256r1          :    1234  sign/s
//   ECDHE-secp256r1          :     700 full handshake/s     (also "ephemeral", "static")
//   RSA-2048                 :      56 private/s   12345 heap bytes,     30 allocs
//   RSA-2048                 :      41 ms/ public        (mbed OS example: one timed operation)
// (the shapes of each era, with the commits that introduced them, are listed in
// mbedtls_bench.cc above ParseLine).
// Symmetric figures are KiB/s (2^10 bytes) over 1024-byte buffers (BUFSIZE), counted until
// an alarm after about one second (wall clock); cycles come from mbedtls_timing_hardclock,
// ns/byte where the port has no cycle counter.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "import/foreign_run.h"

namespace cryptobench::import {

/// True if a trimmed line is an mbedTLS benchmark result ("<name> : <N> KiB/s, ..." or
/// "<name> : <N> <op>/s", <op> one word or "full", "ephemeral" or "static" before
/// "handshake").
bool IsMbedtlsBenchLine(std::string_view trimmed);

/// Maps an mbedTLS benchmark label: "AES-CBC-128" → AES-128-CBC, "AES-XTS-128" →
/// AES-128-XTS, PolarSSL's bare "AES-128" → AES-128-CBC, "3DES" → DES-EDE3-CBC, "DES" → DES-CBC,
/// "ECDSA-secp256r1" → ECDSA-P256; anything else verbatim.
NamedAlgorithm MapMbedtlsLabel(std::string_view label, std::string_view operation);

/// Rows of the mbedTLS benchmark that hold several figure groups side by side ("  RSA-2048 :
/// 2883  public/s   3678  public/s   12679  public/s": several builds' runs pasted next to each
/// other, under a header line naming them), split into one text per column.
struct MbedtlsColumns {
  /// One text per column, each with the paste's line numbering: the first is the paste with each
  /// such row cut to its first group; each other holds only those rows, cut to its own group
  /// (its other lines empty).
  std::vector<std::string> texts;
  /// The columns' names from the header line right above the rows, split at runs of two or more
  /// spaces ("before", "just 64-bit limbs", ...); empty unless it names exactly texts.size().
  std::vector<std::string> names;
  size_t header_line = 0;  ///< the header line's number; 0 without names
  size_t first_line = 0;   ///< the first and last row with several groups
  size_t last_line = 0;
};

/// The columns of a paste with two or more rows that each hold two or more complete figure
/// groups of one unit; std::nullopt when it has none.
std::optional<MbedtlsColumns> SplitMbedtlsColumns(std::string_view text);

/// One run of the mbedTLS benchmark. A label repeated starts the next run.
class MbedtlsBenchParser : public ForeignParser {
 public:
  explicit MbedtlsBenchParser(std::string_view file_name);

  Offer Take(const SourceLine& line) override;
  void SetCommand(const std::vector<std::string>& args, size_t line) override;
  bool HasFigures() const override { return builder_.HasCells(); }
  results::RunResult Build() override;

 private:
  ForeignRunBuilder builder_;
  bool saw_cycles_ = false;
  bool saw_ns_ = false;
  bool saw_heap_ = false;
  bool saw_ms_ = false;   ///< a public-key row printed in milliseconds per operation
  std::string old_unit_;  ///< "Kb/s" or "KB/s" where a release printed that for KiB/s
  /// A throughput row kept as a figure: its printed KiB/s, line, and cell key.
  struct KeptRow {
    double printed = 0;
    size_t line = 0;
    std::string label;
    std::string algorithm;
    std::string operation;
  };
  std::vector<KeptRow> kept_rows_;
  /// Printed KiB/s values whose own cycles/byte showed them impossible, with the first line.
  std::map<double, size_t> impossible_values_;
  /// Rows with several figure groups read by their first alone: line and number of groups.
  std::vector<std::pair<size_t, size_t>> several_groups_;
};

}  // namespace cryptobench::import
