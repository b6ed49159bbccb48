// `cryptsetup benchmark` output (src/cryptsetup.c, action_benchmark):
//   # Tests are approximate using memory only (no storage IO).
//   PBKDF2-sha256     1234567 iterations per second for 256-bit key
//   argon2id     4 iterations, 1048576 memory, 4 parallel threads (CPUs) for 256-bit key
//     (requested 2000 ms time)
//   #     Algorithm |       Key |      Encryption |      Decryption
//           aes-xts        512b      2000.0 MiB/s      2100.0 MiB/s
//       serpent-cbc        128b           N/A           N/A
// Cipher rows are the kernel crypto API (AF_ALG) encrypting and decrypting a 1 MiB buffer for
// about a second each, timed by wall clock; MiB/s are 2^20 bytes/s. PBKDF2 rows are
// iterations per second of libcryptsetup's own crypto backend; Argon2 rows are cost settings
// tuned to a target time, not rates. cryptsetup translates the header, the note and "N/A"
// (po/*.po) and prints figures with the locale's decimal separator ("5071,0 MiB/s" in de_DE).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "import/foreign_run.h"

namespace cryptobench::import {

/// Bytes per operation of a cryptsetup cipher row: libcryptsetup benchmarks a 1 MiB buffer
/// (src/cryptsetup.c, benchmark_cipher_loop: buffer_size = 1024 * 1024).
inline constexpr uint64_t kCryptsetupBufferBytes = 1024 * 1024;

/// Maps a cipher row: "aes-xts" with a 512-bit key → AES-256-XTS (XTS keys count both halves),
/// "aes-xts" 256b → AES-128-XTS, "aes-cbc" 128b → AES-128-CBC; anything the catalogue lacks is
/// kept as printed with its key size, "serpent-cbc 256b", kind cipher.
NamedAlgorithm MapCryptsetupCipher(std::string_view name, unsigned key_bits);

/// True if a line (kText, or the kCommand that paste cleanup makes of a "# ..." line) is
/// cryptsetup benchmark output that can start a run: the "# Tests are approximate" note or the
/// table header (in English or one of cryptsetup's translations), a PBKDF2 or Argon2 line, a
/// complete cipher row, or a `cryptsetup --version` line ("cryptsetup 2.6.1 ...").
bool StartsCryptsetupOutput(const SourceLine& line);

/// One run of cryptsetup benchmark. The "Tests are approximate" note after figures, or a
/// repeated row, starts the next run.
class CryptsetupBenchmarkParser : public ForeignParser {
 public:
  explicit CryptsetupBenchmarkParser(std::string_view file_name);

  /// Throws ImportError for a PBKDF2 line whose count is not a number, and for a row of the
  /// cipher table (a name and an "<N>b" key size) without two "<X> MiB/s" figures or "N/A".
  Offer Take(const SourceLine& line) override;
  /// Reads -c/--cipher and -s/--key-size (shown in caveats only).
  void SetCommand(const std::vector<std::string>& args, size_t line) override;
  bool HasFigures() const override { return builder_.HasCells() || !skipped_.empty(); }
  results::RunResult Build() override;
  std::optional<std::pair<size_t, std::string>> FirstDamagedLine() const override {
    return builder_.first_damaged();
  }

 private:
  // Take, but throws ImportError for a damaged row (Take skips it, named).
  Offer TakeLine(const SourceLine& line);
  Offer TakeCipherRow(const SourceLine& line, const std::vector<std::string_view>& words);
  Offer TakePbkdf2(const SourceLine& line, std::string_view trimmed);
  Offer TakeOneDirectionRow(const SourceLine& line, const std::vector<std::string_view>& words);

  ForeignRunBuilder builder_;
  bool in_table_ = false;
  std::string table_operation_;  ///< "" under a two-direction header, else "encrypt"/"decrypt"
  bool saw_note_ = false;
  bool translated_header_ = false;  ///< a caveat named the translated table header
  bool decimal_comma_ = false;      ///< a figure was printed with a decimal comma
  bool saw_xts_ = false;
  bool saw_cipher_ = false;
  unsigned pbkdf2_key_bits_ = 0;
  bool saw_pbkdf2_ = false;
  std::vector<std::string> skipped_;  ///< caveats for rows that are not imported (Argon2)
};

}  // namespace cryptobench::import
