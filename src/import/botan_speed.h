// `botan speed` output (Botan 2 and 3, cli/speed.cpp and utils/timer.cpp, default format):
//   AES-128/GCM(16) [base] encrypt buffer size 1024 bytes: 2000.120 MiB/sec 1.23 cycles/byte
//     (1000.060 MiB in 500.010 ms)
//   RSA-2048 PKCS1v15(SHA-256) 1234 sign/sec; 0.81 ms/op 2431022 cycles/op (617 ops in 500.00 ms)
// Botan 2.0 and 2.1 print throughput lines without " buffer size N bytes:" (botan_speed.cc says
// how their input size is read). With an optional "[provider]" tag after the name (newer releases
// omit "[base]"), optional cycles/byte or cycles/op, "N/A" and "no events" for nothing measured,
// and with --verbose the "Botan x.y.z (...)" and "CPUID: ..." lines first. MiB/sec are 2^20
// bytes/s. Botan times by wall clock (the system's nanosecond timestamp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "import/foreign_run.h"

namespace cryptobench::import {

/// Maps a Botan algorithm name and operation: "AES-128/GCM(16)" → AES-128-GCM, "AES-128/CTR-BE"
/// → AES-128-CTR, "AES-128/CBC/PKCS7" → AES-128-CBC, "AES-128" (the bare block cipher, which
/// speed runs over the buffer block by block) → AES-128-ECB, "SHA-160" → SHA-1,
/// "RSA-2048 EMSA-PKCS1-v1_5(SHA-256)" (any PKCS#1 v1.5 padding) → RSA-2048,
/// "ECDSA-secp256r1" → ECDSA-P256, "Ed25519 Pure" → Ed25519, "ECDH-secp256r1" → ECDH-P256,
/// "Curve25519" → X25519; anything else verbatim, with a kind inferred from it.
NamedAlgorithm MapBotanName(std::string_view name, std::string_view operation);

/// Botan's operation wording in cryptobench's vocabulary: "key agreements" → derive,
/// "KEM encrypt" → encaps, "KEM decrypt" → decaps; others lower case with '_' for spaces.
std::string BotanOperation(std::string_view doing);

/// True if a trimmed line is a botan speed result line (throughput or ops), or one that
/// reports nothing measured ("... N/A (...)", "NAME no events").
bool IsBotanResultLine(std::string_view trimmed);

/// True for the "Botan x.y.z (...)" line of --verbose output or `botan version --full`.
bool IsBotanVersionLine(std::string_view trimmed);

/// One run of botan speed. A repeated (name, provider, operation, buffer size) starts the next
/// run.
class BotanSpeedParser : public ForeignParser {
 public:
  explicit BotanSpeedParser(std::string_view file_name);

  /// Throws ImportError for a result line whose figures are not numbers or whose parts are
  /// missing ("expected '<name> <op> buffer size <N> bytes: <X> MiB/sec ...'").
  Offer Take(const SourceLine& line) override;
  /// Reads --msec, --clear-cpuid, --provider and --buf-size; `version` expects the version
  /// number on the next line.
  void SetCommand(const std::vector<std::string>& args, size_t line) override;
  bool HasFigures() const override { return builder_.HasCells(); }
  results::RunResult Build() override;
  std::optional<std::pair<size_t, std::string>> FirstDamagedLine() const override {
    return builder_.first_damaged();
  }

  /// Marks that the command shown was `botan version`: its number follows.
  void ExpectVersion() { expect_version_ = true; }

 private:
  Offer TakeThroughput(const SourceLine& line, std::string_view trimmed);
  Offer TakeOps(const SourceLine& line, std::string_view trimmed);
  // A "key schedule/sec" line: left out (named in a caveat by Build); kNewRun when this name
  // and provider already had theirs in this run.
  Offer SkipKeySchedule(const SourceLine& line, const std::string& name,
                        const std::string& provider);
  // A Botan 2.0/2.1 throughput line prints no buffer size: the input size its name and
  // operation imply, with a caveat saying how it was found; nullopt (and a run caveat naming
  // `line`) when it is ambiguous (a bare name that is no block cipher import knows).
  std::optional<uint64_t> OldFormatInputLen(size_t line, const std::string& name,
                                            const std::string& provider, const std::string& doing,
                                            std::vector<results::CellCaveat>* caveats);
  // Splits "NAME [provider]" into the name and the provider ("" if no tag).
  static std::pair<std::string, std::string> SplitProvider(std::string_view name);
  // Records the start of a result line read ("AES-128 [commoncrypto]") and its operation
  // words ("encrypt"), for CutResultLine.
  void NoteResultLine(const std::string& name, const std::string& provider,
                      const std::string& doing);
  // True for a result line cut short before its figures ("AES-128 [commoncrypto] de", where a
  // stored copy ends): the name (and provider tag) of a row read before, then at most the start
  // of its provider tag, of an operation word and "buffer size", or of a rate.
  bool CutResultLine(std::string_view trimmed) const;

  ForeignRunBuilder builder_;
  bool expect_version_ = false;
  double msec_ = 0;
  bool saw_cbc_ = false;
  bool saw_block_cipher_ = false;
  bool saw_key_agreement_ = false;
  bool saw_cycles_ = false;
  bool saw_old_format_ = false;  ///< a throughput line without "buffer size" (Botan 2.0/2.1)
  uint64_t buf_size_ = 0;        ///< --buf-size from the command line shown; 0: not shown
  /// The "key schedule/sec" lines left out: "NAME [provider]" and its line number.
  std::vector<std::pair<std::string, size_t>> key_schedules_;
  std::vector<std::string> heads_;      ///< NoteResultLine: "NAME" and "NAME [provider]"
  std::vector<std::string> providers_;  ///< NoteResultLine: "[provider]" tags
  std::vector<std::string> doings_;     ///< NoteResultLine: operation words
};

}  // namespace cryptobench::import
