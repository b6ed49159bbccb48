// The Linux kernel's tcrypt speed tests (crypto/tcrypt.c, `modprobe tcrypt mode=200 sec=1`),
// read from dmesg with or without its "[ 12.345678] " timestamps and "tcrypt: " prefixes:
//   testing speed of async cbc(aes) (cbc-aes-aesni) encryption
//   test 0 (128 bit key, 16 byte blocks): 4848483 operations in 1 seconds (77575728 bytes)
//   testing speed of async sha256 (sha256-avx2)
//   test  0 (   16 byte blocks,   16 bytes per update,   1 updates): 3411853 opers/sec,  54589648
//   bytes/sec
// Older kernels print each result on its own line after the "test N (...):" line. With sec=0
// tcrypt counts cycles instead ("1 operation in 1234 cycles (16 bytes)"): those lines carry no
// time, so they are named in a caveat and not imported. tcrypt times by jiffies (the kernel's
// tick, HZ per second): it counts the operations finished before `sec` seconds of jiffies
// have passed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "import/foreign_run.h"

namespace cryptobench::import {

/// The text of a dmesg line without its "[ 12.345678] " timestamp and "tcrypt: " prefix.
std::string_view TcryptBody(std::string_view trimmed);

/// True if a trimmed line is tcrypt speed output that can start a run: a "testing speed of"
/// line, or a "test N (...)" line with its result.
bool StartsTcryptOutput(std::string_view trimmed);

/// Maps a tcrypt algorithm and its key size: "cbc(aes)" with 128 bits → AES-128-CBC,
/// "xts(aes)" 512 bits → AES-256-XTS (both XTS keys), "gcm(aes)" → AES-<bits>-GCM,
/// "rfc7539(chacha20,poly1305)" → ChaCha20-Poly1305, "cbc(des3_ede)" → DES-EDE3-CBC; a
/// hash name ("sha256") → its catalogue entry. Anything else keeps tcrypt's name with the key
/// size, "rfc4106(gcm(aes)) 160-bit key". `key_bits` 0: no key (a hash).
NamedAlgorithm MapTcryptAlgorithm(std::string_view algorithm, unsigned key_bits);

/// One run of tcrypt output (one dmesg log). A section whose cells repeat one of this run's
/// starts the next run.
class TcryptParser : public ForeignParser {
 public:
  explicit TcryptParser(std::string_view file_name);

  /// Throws ImportError for a "test N (...)" line whose result does not read as any of
  /// tcrypt's result wordings.
  Offer Take(const SourceLine& line) override;
  /// Reads mode= and sec= from an `insmod tcrypt.ko` / `modprobe tcrypt` command.
  void SetCommand(const std::vector<std::string>& args, size_t line) override;
  bool HasFigures() const override { return builder_.HasCells(); }
  results::RunResult Build() override;

 private:
  struct Section {
    bool valid = false;
    size_t line = 0;
    std::string algorithm;  ///< "cbc(aes)", "sha256"
    std::string driver;     ///< "cbc-aes-aesni", or "" when not printed
    std::string operation;  ///< "encrypt", "decrypt", "hash"; "" when the line was cut
    bool async = false;
  };
  struct Test {
    size_t line = 0;
    unsigned key_bits = 0;
    uint64_t block_bytes = 0;
    uint64_t update_bytes = 0;  ///< hashes: bytes per update
  };

  Offer TakeTest(const SourceLine& line, std::string_view body);
  Offer TakeResult(const SourceLine& line, const Test& test, std::string_view result);
  void NoteUnnamed(size_t line);

  ForeignRunBuilder builder_;
  Section section_;
  std::optional<Test> pending_;  ///< a test line whose result is on the next line
  std::vector<size_t> unnamed_;  ///< result lines before any "testing speed of" line
  std::vector<size_t> cycles_;   ///< cycle-count results (no time)
  std::vector<size_t> uncut_;    ///< results of a section whose direction was cut off
  double seconds_ = 0;           ///< the largest "in N seconds"
  bool async_ = false;
};

}  // namespace cryptobench::import
