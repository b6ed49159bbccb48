// `openssl s_time` output (apps/s_time.c): TLS connections made to a server in a fixed time,
// first with new sessions, then (unless -new) resuming one:
//   Collecting connection statistics for 30 seconds
//   *****...
//   19230 connections in 16.70s; 1151.50 connections/user sec, bytes read 0
//   19230 connections in 31 real seconds, 0 bytes read per connection
//   Now timing with session id reuse.
// The headline rate divides by the client's user CPU time (app_tminterval), not by elapsed
// time; the "real seconds" are whole seconds from time(). Both are kept: the user-CPU rate as
// the figure (timing basis user CPU, as the tool prints it), the elapsed rate in a caveat.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "import/foreign_run.h"

namespace cryptobench::import {

/// The elapsed-time rate s_time's import kept for `cell` of `run`: connections per real second
/// (s_time's "<N> connections in <S> real seconds" line; S is whole seconds from time(), so the
/// rate carries up to one second of rounding). Read from the run's caveat that STimeParser
/// writes, matched by the connection count (cell.batch_iterations). nullopt when `run` is not
/// from openssl s_time, the paste has no real-seconds line for the cell, or S is 0.
/// Source: apps/s_time.c (openssl/openssl, "connections in %ld real seconds").
std::optional<double> STimeRealRate(const results::RunResult& run, const results::Cell& cell);

/// True if a trimmed line is s_time's result or its "Collecting connection statistics" line.
bool StartsSTimeOutput(std::string_view trimmed);

/// One run of openssl s_time. Its command may be shown before the output, or after it in
/// brackets ("[openssl s_time -connect ... -cipher X]"), which some reporters do; a second
/// result of the same phase starts the next run.
class STimeParser : public ForeignParser {
 public:
  explicit STimeParser(std::string_view file_name);

  /// Throws ImportError for a "connections in" line whose counts or times are not numbers.
  Offer Take(const SourceLine& line) override;
  /// Reads -cipher / -ciphersuites (the figure's name), -new, -reuse and -time.
  void SetCommand(const std::vector<std::string>& args, size_t line) override;
  bool HasFigures() const override { return !records_.empty(); }
  results::RunResult Build() override;

 private:
  struct Record {
    size_t line = 0;
    std::string phase;  ///< "connect" (new sessions) or "reconnect" (session reuse)
    uint64_t connections = 0;
    double user_seconds = 0;
    double printed_rate = 0;  ///< connections/user sec as printed ("inf" → infinity)
    std::optional<double> real_seconds;
    size_t real_line = 0;
  };

  ForeignRunBuilder builder_;
  std::vector<Record> records_;
  std::string cipher_;
  bool command_seen_ = false;
  bool closed_ = false;  ///< a trailing bracketed command ended this run
  bool reuse_phase_ = false;
  bool reuse_only_ = false;
};

}  // namespace cryptobench::import
