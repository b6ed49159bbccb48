// `bssl speed` output (BoringSSL tool/speed.cc), human and -json:
//   Did 1234 AES-128-GCM (16 bytes) seal operations in 1000123us (1233848.2 ops/sec): 19.7 MB/s
//   Did 567 RSA 2048 signing operations in 1001234us (566.3 ops/sec)
//   [ {"description": "AES-128-GCM (16 bytes) seal", "numCalls": 1234, "microseconds": 1000123,
//      "bytesPerCall": 16}, ... ]
// The description is free text: an algorithm, an optional "(N bytes)" input size and an
// operation wording (seal, open, encrypt, decrypt, signing, verify, key generation, encap ...;
// none for hashes). MB/s are 10^6 bytes/s. bssl times by wall clock (CLOCK_MONOTONIC).
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

/// What a bssl description says: the algorithm (catalogue name where one matches), the
/// operation in cryptobench's vocabulary and the input size.
struct BsslDescription {
  NamedAlgorithm algorithm;
  std::string operation;  ///< "encrypt" (seal), "decrypt" (open), "hash", "sign", "verify",
                          ///< "keygen", "encaps", "decaps", "derive", "generate", or bssl's
                          ///< own wording in snake case ("verify_fresh_key", "encrypt_setup")
  std::optional<uint64_t> input_len;  ///< the "(N bytes)" part, if any
};

/// Splits and maps a description: "AES-128-GCM (16 bytes) seal" → AES-128-GCM, encrypt, 16;
/// "RSA 2048 verify (fresh key)" → RSA-2048, verify_fresh_key; "Curve25519 arbitrary point
/// multiplication" → X25519, derive; "ECDH P-256" stays "ECDH P-256" (bssl times key
/// generation with each derivation, so it is not cryptobench's ECDH-P256 derive). A symmetric
/// primitive without an input size ("AES-128 encrypt", one block; "AES-128 encrypt setup")
/// gets kind "other": its figure is ops/s, not a throughput.
BsslDescription ParseBsslDescription(std::string_view description);

/// True if a trimmed line is a human bssl speed result ("Did N ... operations in ...").
bool IsBsslResultLine(std::string_view trimmed);

/// True if a trimmed line starts a bssl speed -json object: `{"description"...`, a bare `{`,
/// or either after the array's `[`.
bool IsBsslJsonObjectStart(std::string_view trimmed);

/// True if lines[index] opens bssl speed -json output: "[" followed by an object with a
/// "description", or such an object itself (the "[" lost in the paste).
bool StartsBsslJson(const std::vector<SourceLine>& lines, size_t index);

/// One run of bssl speed. A description seen twice starts the next run.
class BsslSpeedParser : public ForeignParser {
 public:
  explicit BsslSpeedParser(std::string_view file_name);

  /// Throws ImportError for JSON that does not parse and for a -json object without
  /// description, numCalls or microseconds (line numbers of the object). A "Did ..." line
  /// that does not read as bssl's format (cut short in the paste, a mistyped figure) is
  /// skipped and named in a caveat (FirstDamagedLine).
  Offer Take(const SourceLine& line) override;
  /// Reads -timeout and -threads (the -json array is recognised by itself).
  void SetCommand(const std::vector<std::string>& args, size_t line) override;
  bool HasFigures() const override { return builder_.HasCells(); }
  /// The first "Did ..." line skipped as damaged: a run without figures is refused at it.
  std::optional<std::pair<size_t, std::string>> FirstDamagedLine() const override {
    return first_damaged_;
  }
  results::RunResult Build() override;
  /// The paste names AWS-LC (a BoringSSL fork with the same bssl tool) as the library that
  /// ran: `version` ("AWS-LC 1.21.0", or "AWS-LC" without a release) becomes the run's library
  /// version, and `where` ("line 1") is named in its caveat.
  void SetAwsLc(std::string version, std::string where) {
    aws_lc_version_ = std::move(version);
    aws_lc_where_ = std::move(where);
  }

 private:
  struct Record {
    size_t line = 0;
    std::string description;
    uint64_t calls = 0;
    uint64_t microseconds = 0;
    std::optional<uint64_t> bytes_per_call;
    std::optional<double> printed_ops_per_s;  ///< human output only
    std::optional<double> printed_mb_per_s;
  };

  // One "Did ..." line; throws ImportError when it does not read as bssl's format.
  Offer TakeResultLine(const SourceLine& line, std::string_view trimmed);
  Offer TakeJson(const SourceLine& line);
  void TakeJsonObject();
  // Returns false when the record repeats one of this run (the next run begins).
  bool AddRecord(const Record& record, bool dry_run);

  ForeignRunBuilder builder_;
  int threads_ = 0;
  bool json_ = false;  ///< inside a -json array
  int json_depth_ = 0;
  bool json_in_string_ = false;
  bool json_escape_ = false;
  std::string json_object_;
  size_t json_object_line_ = 0;
  size_t json_open_line_ = 0;
  bool json_unclosed_ = false;  ///< the array ended at a blank line, without "]"
  std::string aws_lc_version_;
  std::string aws_lc_where_;
  bool saw_ecdh_ = false;
  bool saw_aead_ = false;
  std::optional<std::pair<size_t, std::string>> first_damaged_;
};

}  // namespace cryptobench::import
