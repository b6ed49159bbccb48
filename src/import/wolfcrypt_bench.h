// The wolfCrypt benchmark (wolfcrypt/benchmark/benchmark.c, also wolfTPM's), default text
// output:
//   wolfCrypt Benchmark (block bytes 1048576, min 1.0 sec each)
//   AES-128-GCM-enc   7840 MB took 1.000 seconds, 7839.774 MB/s Cycles per byte =   0.32
//   RSA     2048 public      12345 ops took 1.000 sec, avg 0.081 ms, 12345.678 ops/sec
// (in BENCH_MICROSECOND builds "took <T> microseconds, <R> KiB/μs" and "... <R> ops/μsec")
// and that of releases before 3.12 (no banner; 1 MiB per call):
//   AES-GCM  50 megs took 0.053 seconds,  948.912 MB/s Cycles per byte =   2.60
//   RSA 2048 encryption took  0.123 milliseconds, avg over 100 iterations
// (built with BENCH_EMBEDDED: "AES      25 kB took 0.035 seconds,   0.698 MB/s", 1 KiB per call)
// bench_stats_sym_finish prints the amount and rate in units of 2^20 bytes ("MB", "KB";
// "MiB", "KiB" in newer releases) unless -base10 is given ("mB", "kB" in older releases,
// "MB", "KB" in newer ones). Times are wall clock (current_time). "Cycles per byte" come from
// the time-stamp counter where the build reads it.
// They are not a clock for the cpb classes: benchmark.c's get_intel_cycles (GCC on x86-64
// without NO_ASM, HAVE_GET_CYCLES) reads rdtsc, whose rate is constant on current x86 parts
// (the nominal frequency, not the core's under turbo, a power-saving governor or throttling),
// and LINUX_CYCLE_COUNT builds print perf's core cycles in the same words; the text does not say
// which. The rate the rows imply (MiB/s x cpb: 187.37 MiB/s x 16.85 = 3.31 GHz, the same on every
// row of a run) is thus either the counter's or the core's average, neither a bound on the
// core clock, and doctor keeps its assumed range (tryout 22 item 4).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "import/foreign_run.h"

namespace cryptobench::import {

/// The origin of a "cpu_arch" fact read from wolfCrypt's own "CPU: Aarch64 - ..." banner line:
/// a fact of the run that printed it, like its figures.
inline constexpr std::string_view kWolfcryptCpuLineOrigin = "wolfCrypt benchmark CPU line";

/// True if a trimmed line is a wolfCrypt benchmark result or its banner ("wolfCrypt
/// Benchmark (block bytes ...", " wolfSSL version ...").
bool StartsWolfcryptOutput(std::string_view trimmed);

/// Maps a wolfCrypt label: "AES-128-CBC-enc" → AES-128-CBC, encrypt; "CHA-POLY" →
/// ChaCha20-Poly1305; "SHA" → SHA-1; "RNG" → kind rng, operation generate; anything else
/// verbatim. Sets *operation.
NamedAlgorithm MapWolfcryptLabel(std::string_view label, std::string* operation);

/// One run of the wolfCrypt benchmark. A label repeated starts the next run.
class WolfcryptBenchParser : public ForeignParser {
 public:
  explicit WolfcryptBenchParser(std::string_view file_name);

  /// Throws ImportError for a "... took ..." line whose amount, time or rate is not a number.
  Offer Take(const SourceLine& line) override;
  /// Reads -base10 and the algorithm selection from the command line.
  void SetCommand(const std::vector<std::string>& args, size_t line) override;
  bool HasFigures() const override { return builder_.HasCells(); }
  results::RunResult Build() override;
  /// The first row skipped as damaged, or a row cut after its time that no rate completed.
  std::optional<std::pair<size_t, std::string>> FirstDamagedLine() const override;

 private:
  /// `continued`: the line that held the rate of a row the paste wrapped; 0 if none.
  Offer TakeSymmetric(const SourceLine& line, const std::vector<std::string_view>& words,
                      size_t took, size_t continued = 0);
  Offer TakeCpuLine(const SourceLine& line, std::string_view trimmed);
  Offer TakeAsymmetric(const SourceLine& line, const std::vector<std::string_view>& words,
                       size_t ops);
  Offer TakeMilliseconds(const SourceLine& line, const std::vector<std::string_view>& words,
                         size_t ms);
  /// A row under a CSV header (-csv): throws ImportError when it does not fit the header.
  Offer TakeCsvRow(const SourceLine& line, std::string_view trimmed);
  /// True for a line of -print's summary that repeats a row read above ("AES-128-CBC-enc
  /// 123.456 MB/s", "RSA 2048 public 123.456 ops/sec").
  bool IsPrintSummary(const std::vector<std::string_view>& words) const;
  /// True for wolfSSL 5.6.0, whose base-2 and base-10 units were swapped (pull request 6237).
  bool UnitsSwapped() const;
  /// True when the paste's "wolfSSL version" settles that "MB" means 10^6 bytes.
  bool DecimalMegabytes() const;

  ForeignRunBuilder builder_;
  uint64_t block_bytes_ = 0;
  bool base10_ = false;
  bool base_known_ = false;               ///< a command line is shown, so base10_ is what it says
  bool decimal_by_version_ = false;       ///< "MB" read as 10^6 because of the version line
  bool saw_device_ = false;               ///< a row marked HW or SW
  bool saw_async_ = false;                ///< a 3.x "RSA 2048 public async" row
  bool csv_ = false;                      ///< -csv output (its notice or a header was read)
  std::vector<std::string> csv_columns_;  ///< the last CSV header's columns
  bool japanese_ = false;                 ///< a row in the Japanese of -lng 1
  unsigned threads_ = 0;                  ///< -threads N on the command line, N > 1
  /// A row cut after "seconds,", waiting for its rate on the next line.
  struct WrappedRow {
    size_t line = 0;
    std::string text;
    std::string why;
  };
  std::optional<WrappedRow> wrapped_;
  bool ambiguous_mb_ = false;  ///< "MB" read as 2^20 bytes
  bool saw_cycles_ = false;
  /// The banner's "Clock frequency: <N> Hz" (the rate of the counter behind the cycle
  /// figures), with its line, if printed.
  std::optional<std::pair<size_t, double>> counter_hz_;
  /// The counter rate one public-key row implies: its "<N> cycles" over its seconds (Hz).
  std::optional<double> row_counter_hz_;
  bool megs_ = false;      ///< a release before 3.12 ("megs", no block-bytes banner)
  bool embedded_ = false;  ///< such a release built with BENCH_EMBEDDED ("kB" rows, 1 KiB calls)
  bool micro_ = false;     ///< a BENCH_MICROSECOND row (rates per microsecond)
  /// The labels of the rows read ("AES-128-CBC-enc", "RSA 2048 public"), whose repetition
  /// in -print's summary is recognised and left out.
  std::set<std::string> row_labels_;
  std::string version_;
};

}  // namespace cryptobench::import
