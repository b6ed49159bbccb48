// gnutls-cli --benchmark-ciphers and --benchmark-tls-ciphers / --benchmark-tls-kx output
// (src/benchmark-cipher.c, src/benchmark-tls.c, src/benchmark.c):
//   Checking AEAD ciphers, payload size: 16384
//          AES-128-GCM 3.08 GB/sec
//   Checking MAC algorithms, payload size: 16384
//                 SHA1 1.12 GB/sec
//   Testing throughput in cipher/MAC combinations (payload: 1400 bytes)
//            AES-128-GCM - TLS1.2  1.23 GB/sec
//   Testing key exchanges (RSA/DH bits: 2048, EC bits: 256)
//   (TLS1.3)-(ECDHE-X25519)-(RSA-PSS-RSAE-SHA256)-(AES-128-GCM)
//    - 1234.56 transactions/sec
// Each test runs about 5 seconds by wall clock; value2human prints bytes, KB, MB and GB as
// powers of 10. The MAC section times HMACs (gnutls_hmac_fast); the cipher-MAC section times
// a cipher and an HMAC over the same buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "import/foreign_run.h"

namespace cryptobench::import {

/// True if a trimmed line is a section heading of gnutls-cli's benchmarks ("Checking ...,
/// payload size: N", "Testing throughput in cipher/MAC combinations ...", "Testing key
/// exchanges ...").
bool StartsGnutlsBenchOutput(std::string_view trimmed);

/// One run of gnutls-cli's benchmarks. A result repeated starts the next run.
class GnutlsBenchParser : public ForeignParser {
 public:
  explicit GnutlsBenchParser(std::string_view file_name);

  /// Throws ImportError for a result line under a heading whose rate is not "<X> <unit>/sec".
  Offer Take(const SourceLine& line) override;
  void SetCommand(const std::vector<std::string>& args, size_t line) override;
  bool HasFigures() const override { return builder_.HasCells(); }
  results::RunResult Build() override;
  std::optional<std::pair<size_t, std::string>> FirstDamagedLine() const override {
    return builder_.first_damaged();
  }

 private:
  enum class Section { kNone, kAead, kCipherMac, kMac, kCipher, kHash, kTlsCiphers, kTlsKx };

  Offer TakeHeading(const SourceLine& line, std::string_view trimmed);
  Offer TakeResult(const SourceLine& line, std::string_view trimmed);

  ForeignRunBuilder builder_;
  Section section_ = Section::kNone;
  uint64_t payload_ = 0;
  std::string kx_suite_;  ///< a key-exchange test's description, waiting for its rate
  size_t kx_line_ = 0;
  bool saw_mac_ = false;
  bool saw_tls_ = false;
};

}  // namespace cryptobench::import
