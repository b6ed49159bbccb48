// The speed tests of cryptodev-linux (tests/speed.c, also async_speed.c, fullspeed.c,
// sha_speed.c and hashcrypt_speed.c of github.com/cryptodev-linux/cryptodev-linux): the
// kernel's /dev/crypto measured from user space, one ioctl(CIOCCRYPT) per chunk:
//   Testing AES-128-CBC cipher:                      (on stderr: may be missing from a paste)
//   	Encrypting in chunks of 512 bytes: done. 110.86 MB in 5.00 secs: 22.17 MB/sec
// Each chunk size is timed by wall clock (gettimeofday around a loop an alarm(5) stops); the
// rate is the data divided by the seconds, in the unit value2human picked for the data: "MB"
// (10^6, the default since b75670d, 2010-12) or "MiB" (2^20, with --kib; every unit from
// e88b7e3, 2010-12-17, until b75670d), and before e88b7e3 "Kb", "Mb", "Gb" for 10^3, 10^6
// and 10^9 bytes, "bytes" below. sha_speed.c prints the same line for hashing ("Testing SHA1
// Hash:", "requested hash CRYPTO_SHA1, got sha1 with driver sha1-ce"). The first version
// (43d7f1c, 2010-06: "Encrypting 64 x 16 bytes: done in 0.00123 seconds - 0.81MB/s") names
// no cipher: its lines are named in a caveat, not read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "import/foreign_run.h"

namespace cryptobench::import {

/// True if a trimmed line is cryptodev-linux speed output that can start a run: a result
/// ("Encrypting in chunks of N bytes: done. ..."), a cut result ("Encrypting in chunks of N
/// bytes:") or a header ("Testing AES-128-CBC cipher:", "Testing SHA1 Hash:").
bool StartsCryptodevSpeedOutput(std::string_view trimmed);

/// The factor from a unit cryptodev-linux's value2human printed to bytes ("MB" 10^6, "MiB"
/// 2^20, "Mb" 10^6 (before e88b7e3), "bytes" and "B" 1); nullopt for any other word.
std::optional<double> CryptodevUnitBytes(std::string_view unit);

/// One run of a cryptodev-linux speed test. A (cipher, chunk size) repeated starts the next
/// run.
class CryptodevSpeedParser : public ForeignParser {
 public:
  explicit CryptodevSpeedParser(std::string_view file_name);

  /// Never throws: a damaged result line is skipped and named (SkipDamagedLine).
  Offer Take(const SourceLine& line) override;
  void SetCommand(const std::vector<std::string>& args, size_t line) override;
  bool HasFigures() const override { return builder_.HasCells(); }
  results::RunResult Build() override;
  std::optional<std::pair<size_t, std::string>> FirstDamagedLine() const override {
    return builder_.first_damaged();
  }

 private:
  ForeignRunBuilder builder_;
  /// A chunk line whose "done. ..." has not come yet (cut, or printed later: stdout is
  /// buffered when redirected, and the next header, on stderr, may come in between).
  struct Pending {
    size_t line = 0;
    uint64_t chunk = 0;
    std::string header;
    std::string header_kind;
  };
  /// Reads "done. <D> <U> in <S> secs: <R> <U>/sec" for `chunk` under `header`; names it if
  /// it does not parse.
  void TakeResult(std::string_view done, size_t line, const Pending& chunk);
  void NamePending();

  std::optional<Pending> pending_;
  std::string header_;       ///< the "Testing ... :" name in force ("AES-128-CBC"), or ""
  std::string header_kind_;  ///< "cipher" or "Hash" as the header says
  std::string driver_;       ///< from "requested hash ..., got X with driver Y": Y
  size_t header_line_ = 0;
  std::vector<size_t> unnamed_;  ///< result lines with no header before them
  /// Result lines of a header not read (NULL, combined), by the reason.
  std::vector<std::pair<std::string, std::vector<size_t>>> not_read_;
  std::vector<size_t> oldest_;   ///< lines of the first version's "Encrypting N x M bytes"
  std::string saw_unit_ = "MB";  ///< the unit of the figures read
  bool repeated_ = false;        ///< the last result repeats a cell: the next run's
  std::vector<std::string> headers_read_;  ///< every "Testing ..." name of this run
};

}  // namespace cryptobench::import
