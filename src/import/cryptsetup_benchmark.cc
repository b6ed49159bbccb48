// Parser of `cryptsetup benchmark` output.
#include "import/cryptsetup_benchmark.h"

#include <algorithm>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "import/foreign_names.h"
#include "import/import.h"
#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

constexpr double kMiB = 1024.0 * 1024.0;
constexpr std::string_view kNote = "Tests are approximate using memory only";
constexpr std::string_view kRowFormat =
    "'<cipher>-<mode> <N>b <X> MiB/s <Y> MiB/s' or '<cipher>-<mode> <N>b N/A N/A' (cryptsetup "
    "benchmark)";

// The text of a "# ..." line, which paste cleanup may have taken for a root prompt.
std::string_view Body(const SourceLine& line) {
  std::string_view text = Trim(line.text);
  while (!text.empty() && text.front() == '#') {
    text = Trim(text.substr(1));
  }
  return text;
}

// The table header: "Algorithm | Key | Encryption | Decryption" gives "" (both directions);
// a header with one of the two direction columns, as people print when they sort the table
// by one direction, gives that direction's operation. nullopt: not a header.
std::optional<std::string> TableHeaderDirection(std::string_view body) {
  const std::vector<std::string_view> fields = SplitFields(body, '|');
  if (fields.size() < 3 || fields.size() > 4 || Trim(fields[0]) != "Algorithm" ||
      Trim(fields[1]) != "Key") {
    return std::nullopt;
  }
  if (fields.size() == 4) {
    return Trim(fields[2]) == "Encryption" && Trim(fields[3]) == "Decryption"
               ? std::optional<std::string>("")
               : std::nullopt;
  }
  if (Trim(fields[2]) == "Encryption") {
    return "encrypt";
  }
  if (Trim(fields[2]) == "Decryption") {
    return "decrypt";
  }
  return std::nullopt;
}

bool IsTableHeader(std::string_view body) { return TableHeaderDirection(body).has_value(); }

// "512b" → 512.
std::optional<unsigned> KeyBits(std::string_view word) {
  if (word.size() < 2 || word.back() != 'b') {
    return std::nullopt;
  }
  const auto bits = ParseUnsigned(word.substr(0, word.size() - 1));
  if (!bits || *bits == 0 || *bits > 65536) {
    return std::nullopt;
  }
  return static_cast<unsigned>(*bits);
}

bool IsCompleteRow(const std::vector<std::string_view>& words) {
  if (words.size() == 4) {
    return KeyBits(words[1]).has_value() && words[2] == "N/A" && words[3] == "N/A";
  }
  return words.size() == 6 && KeyBits(words[1]).has_value() && ParseDouble(words[2]) &&
         words[3] == "MiB/s" && ParseDouble(words[4]) && words[5] == "MiB/s";
}

// A row retyped with the header's bars between its columns ("aes-cbc | 128b | 18.9 MiB/s |
// 20.2 MiB/s", github.com/armbian/linux/pull/6), with each bar made a space.
std::string Unbarred(std::string_view text) {
  std::string unbarred(text);
  std::replace(unbarred.begin(), unbarred.end(), '|', ' ');
  return unbarred;
}

bool IsArgon2Line(std::string_view trimmed) {
  return StartsWithNoCase(trimmed, "argon2i") || StartsWithNoCase(trimmed, "argon2d");
}

bool IsCryptsetupVersionLine(std::string_view trimmed) {
  return trimmed.size() > 11 && trimmed.substr(0, 11) == "cryptsetup " && trimmed[11] >= '0' &&
         trimmed[11] <= '9';
}

}  // namespace

NamedAlgorithm MapCryptsetupCipher(std::string_view name, unsigned key_bits) {
  const std::string lower = ToLower(name);
  std::string spelling;
  if (lower == "aes-xts" && key_bits % 2 == 0) {
    spelling = fmt::format("AES-{}-XTS", key_bits / 2);  // two keys: data and tweak
  } else if (lower == "aes-cbc" || lower == "aes-ecb" || lower == "aes-ctr") {
    spelling = fmt::format("AES-{}-{}", key_bits, lower.substr(4));
  }
  if (!spelling.empty()) {
    NamedAlgorithm named = MapForeignName(spelling, "cipher");
    if (named.catalogued) {
      return named;
    }
  }
  return {fmt::format("{} {}b", name, key_bits), "cipher", false};
}

bool StartsCryptsetupOutput(const SourceLine& line) {
  if (line.kind == LineKind::kElision) {
    return false;
  }
  const std::string_view body = Body(line);
  if (body.substr(0, kNote.size()) == kNote || IsTableHeader(body)) {
    return true;
  }
  if (line.kind != LineKind::kText) {
    return false;
  }
  const std::string_view trimmed = Trim(line.text);
  if (trimmed.substr(0, 7) == "PBKDF2-" &&
      (trimmed.find(" iterations per second") != std::string_view::npos ||
       EndsWith(trimmed, " N/A"))) {
    return true;
  }
  if (IsArgon2Line(trimmed) && trimmed.find("parallel threads") != std::string_view::npos) {
    return true;
  }
  return IsCryptsetupVersionLine(trimmed) || IsCompleteRow(SplitWords(trimmed)) ||
         IsCompleteRow(SplitWords(Unbarred(trimmed)));
}

CryptsetupBenchmarkParser::CryptsetupBenchmarkParser(std::string_view file_name)
    : builder_("cryptsetup benchmark", "kernel", file_name) {}

void CryptsetupBenchmarkParser::SetCommand(const std::vector<std::string>& args, size_t line) {
  (void)line;
  for (size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "-c" || args[i] == "--cipher") {
      builder_.Caveat(fmt::format("Run for one cipher only (--cipher {}).", args[i + 1]));
    }
  }
}

Offer CryptsetupBenchmarkParser::Take(const SourceLine& line) {
  try {
    return TakeLine(line);
  } catch (const ImportError& error) {
    // One damaged row costs only its own figures.
    builder_.SkipDamagedLine(line.number, error.expected());
    return Offer::kConsumed;
  }
}

Offer CryptsetupBenchmarkParser::TakeLine(const SourceLine& line) {
  if (line.kind == LineKind::kElision) {
    if (!HasFigures()) {
      return Offer::kNotMine;
    }
    builder_.Caveat(
        fmt::format("The paste leaves lines out at line {} ('{}'): figures from them are missing.",
                    line.number, line.text));
    return Offer::kConsumed;
  }
  const std::string_view body = Body(line);
  if (body.substr(0, kNote.size()) == kNote) {
    if (HasFigures()) {
      return Offer::kNewRun;
    }
    saw_note_ = true;
    return Offer::kConsumed;
  }
  if (const auto direction = TableHeaderDirection(body)) {
    in_table_ = true;
    table_operation_ = *direction;
    return Offer::kConsumed;
  }
  if (line.kind != LineKind::kText) {
    return Offer::kNotMine;
  }
  const std::string_view trimmed = Trim(line.text);
  if (trimmed.empty()) {
    in_table_ = false;
    return Offer::kNotMine;
  }
  if (IsCryptsetupVersionLine(trimmed)) {
    if (HasFigures()) {
      return Offer::kNewRun;
    }
    builder_.run().source.tool_version = std::string(SplitWords(trimmed)[1]);
    builder_.run().library.version = std::string(trimmed);
    return Offer::kConsumed;
  }
  if (trimmed.substr(0, 7) == "PBKDF2-") {
    return TakePbkdf2(line, trimmed);
  }
  if (IsArgon2Line(trimmed)) {
    skipped_.push_back(fmt::format(
        "Line {}: '{}' is an Argon2 cost setting that cryptsetup tuned to a target time, not a "
        "rate: it is not imported.",
        line.number, JoinWords(SplitWords(trimmed), 0, SplitWords(trimmed).size())));
    return Offer::kConsumed;
  }
  if (trimmed == "Required kernel crypto interface not available." ||
      StartsWithNoCase(trimmed, "Ensure you have algif_skcipher") ||
      (trimmed.substr(0, 7) == "Cipher " && EndsWith(trimmed, "is not available."))) {
    builder_.Caveat(fmt::format("Line {}: cryptsetup says: {}", line.number, trimmed));
    return Offer::kConsumed;
  }
  // A table retyped with the header's bars between its columns as well: under a header, or
  // in a row complete without them, a bar only separates columns.
  const std::string unbarred = Unbarred(trimmed);
  const bool bars_separate =
      unbarred != trimmed && (in_table_ || IsCompleteRow(SplitWords(unbarred)));
  const std::vector<std::string_view> words = SplitWords(bars_separate ? unbarred : trimmed);
  if (in_table_ && !table_operation_.empty() && words.size() >= 2 && KeyBits(words[1])) {
    return TakeOneDirectionRow(line, words);
  }
  if (IsCompleteRow(words) || (in_table_ && words.size() >= 2 && KeyBits(words[1]))) {
    return TakeCipherRow(line, words);
  }
  in_table_ = false;
  return Offer::kNotMine;
}

Offer CryptsetupBenchmarkParser::TakePbkdf2(const SourceLine& line, std::string_view trimmed) {
  const std::vector<std::string_view> words = SplitWords(trimmed);
  const NamedAlgorithm named{std::string(words[0]), "kdf", false};
  if (words.size() == 2 && words[1] == "N/A") {
    if (builder_.Contains(named.name, "", "iteration", 0)) {
      return Offer::kNewRun;
    }
    builder_.AddUnavailable(named, "", "iteration", 0, results::CellStatus::kUnsupported,
                            fmt::format("cryptsetup printed N/A at line {}: its crypto backend "
                                        "lacks this hash, or the benchmark failed",
                                        line.number));
    return Offer::kConsumed;
  }
  // PBKDF2-sha256 1234567 iterations per second for 256-bit key
  // PBKDF2-sha256 1234567 iterations per second  (cryptsetup before 1.7: no key size)
  const bool old_shape = words.size() == 5;
  const auto iterations = words.size() == 8 || old_shape ? ParseUnsigned(words[1]) : std::nullopt;
  const bool per_second =
      words.size() >= 5 && words[2] == "iterations" && words[3] == "per" && words[4] == "second";
  const bool shape = per_second && (old_shape || (words.size() == 8 && words[5] == "for" &&
                                                  words[7] == "key" && EndsWith(words[6], "-bit")));
  const auto bits = !shape      ? std::nullopt
                    : old_shape ? decltype(ParseUnsigned(words[1]))(0)
                                : ParseUnsigned(words[6].substr(0, words[6].size() - 4));
  if (!iterations || !shape || !bits) {
    throw ImportError(
        line.number,
        fmt::format("expected 'PBKDF2-<hash> <N> iterations per second for <B>-bit key' "
                    "(cryptsetup benchmark), found {}",
                    QuoteForError(trimmed)));
  }
  if (builder_.Contains(named.name, "", "iteration", 0)) {
    return Offer::kNewRun;
  }
  saw_pbkdf2_ = true;
  if (*bits > 0) {
    pbkdf2_key_bits_ = static_cast<unsigned>(*bits);
  }
  ForeignFigure figure;
  figure.algorithm = named;
  figure.operation = "iteration";
  figure.ops_per_s = static_cast<double>(*iterations);
  figure.line = line.number;
  figure.label = fmt::format("'{}'", words[0]);
  builder_.Add(figure);
  return Offer::kConsumed;
}

Offer CryptsetupBenchmarkParser::TakeCipherRow(const SourceLine& line,
                                               const std::vector<std::string_view>& words) {
  // One damaged figure of two ("1737.4 MiB/s 18x4.9 MiB/s") costs only its direction.
  // A row cut after its encryption figure keeps that figure.
  const bool one_damaged = words.size() == 6 && KeyBits(words[1]) && words[3] == "MiB/s" &&
                           words[5] == "MiB/s" &&
                           ParseDouble(words[2]).has_value() != ParseDouble(words[4]).has_value();
  // So does a row cut inside its decryption figure ("257.6 MiB/", "257.6": the paste's last
  // characters, github.com/openwrt/openwrt/pull/10561 as stored).
  const bool encryption_whole =
      words.size() >= 4 && KeyBits(words[1]) && ParseDouble(words[2]) && words[3] == "MiB/s";
  const bool cut_inside =
      encryption_whole && (words.size() == 5 || (words.size() == 6 && words[5] != "MiB/s" &&
                                                 std::string_view("MiB/s").starts_with(words[5])));
  const bool cut = encryption_whole && (words.size() == 4 || cut_inside);
  if (!IsCompleteRow(words) && !one_damaged && !cut) {
    throw ImportError(line.number, fmt::format("expected {}, found {}", kRowFormat,
                                               QuoteForError(JoinWords(words, 0, words.size()))));
  }
  const unsigned bits = *KeyBits(words[1]);
  const NamedAlgorithm named = MapCryptsetupCipher(words[0], bits);
  if (builder_.Contains(named.name, "", "encrypt", kCryptsetupBufferBytes)) {
    return Offer::kNewRun;
  }
  saw_cipher_ = true;
  saw_xts_ = saw_xts_ || ToLower(words[0]).find("xts") != std::string::npos;
  for (const bool encrypt : {true, false}) {
    const std::string op = encrypt ? "encrypt" : "decrypt";
    if (cut && !encrypt) {
      builder_.Caveat(
          cut_inside
              ? fmt::format("Line {}: the row '{} {}' is cut inside its decryption figure ('{}'); "
                            "that figure is left out and the encryption figure is kept.",
                            line.number, words[0], words[1], JoinWords(words, 4, words.size()))
              : fmt::format("Line {}: the row '{} {}' ends after its encryption figure (cut in "
                            "the paste); its decryption figure is missing and the encryption "
                            "figure is kept.",
                            line.number, words[0], words[1]));
      continue;
    }
    if (words.size() == 4 && !cut) {
      builder_.AddUnavailable(named, "", op, kCryptsetupBufferBytes,
                              results::CellStatus::kUnsupported,
                              fmt::format("cryptsetup printed N/A at line {}: the kernel does not "
                                          "offer this cipher, or its benchmark failed",
                                          line.number));
      continue;
    }
    const std::string_view printed = words[encrypt ? 2 : 4];
    if (!ParseDouble(printed)) {
      builder_.Caveat(fmt::format(
          "Line {}: the row '{} {}' prints {} for {}, which is not a figure (damaged in the "
          "paste); that figure is left out and the row's other one is kept.",
          line.number, words[0], words[1], QuoteForError(printed),
          encrypt ? "encryption" : "decryption"));
      continue;
    }
    ForeignFigure figure;
    figure.algorithm = named;
    figure.operation = op;
    figure.input_len = kCryptsetupBufferBytes;
    figure.bytes_per_s = *ParseDouble(printed) * kMiB;
    figure.ops_per_s = *figure.bytes_per_s / static_cast<double>(kCryptsetupBufferBytes);
    figure.line = line.number;
    figure.label = fmt::format("'{} {}' {}", words[0], words[1], op);
    builder_.Add(figure);
  }
  return Offer::kConsumed;
}

Offer CryptsetupBenchmarkParser::TakeOneDirectionRow(const SourceLine& line,
                                                     const std::vector<std::string_view>& words) {
  const bool not_available = words.size() == 3 && words[2] == "N/A";
  if (!not_available && !(words.size() == 4 && ParseDouble(words[2]) && words[3] == "MiB/s")) {
    throw ImportError(
        line.number,
        fmt::format("expected '<cipher>-<mode> <N>b <X> MiB/s' or '<cipher>-<mode> <N>b N/A' "
                    "under a one-column {} table (cryptsetup benchmark), found {}",
                    table_operation_ == "encrypt" ? "Encryption" : "Decryption",
                    QuoteForError(JoinWords(words, 0, words.size()))));
  }
  const unsigned bits = *KeyBits(words[1]);
  const NamedAlgorithm named = MapCryptsetupCipher(words[0], bits);
  if (builder_.Contains(named.name, "", table_operation_, kCryptsetupBufferBytes)) {
    return Offer::kNewRun;
  }
  saw_cipher_ = true;
  saw_xts_ = saw_xts_ || ToLower(words[0]).find("xts") != std::string::npos;
  if (not_available) {
    builder_.AddUnavailable(named, "", table_operation_, kCryptsetupBufferBytes,
                            results::CellStatus::kUnsupported,
                            fmt::format("cryptsetup printed N/A at line {}: the kernel does not "
                                        "offer this cipher, or its benchmark failed",
                                        line.number));
    return Offer::kConsumed;
  }
  ForeignFigure figure;
  figure.algorithm = named;
  figure.operation = table_operation_;
  figure.input_len = kCryptsetupBufferBytes;
  figure.bytes_per_s = *ParseDouble(words[2]) * kMiB;
  figure.ops_per_s = *figure.bytes_per_s / static_cast<double>(kCryptsetupBufferBytes);
  figure.line = line.number;
  figure.label = fmt::format("'{} {}' {}", words[0], words[1], table_operation_);
  builder_.Add(figure);
  return Offer::kConsumed;
}

results::RunResult CryptsetupBenchmarkParser::Build() {
  if (saw_cipher_) {
    builder_.Caveat(
        "Cipher figures come from the Linux kernel crypto API through AF_ALG sockets: "
        "cryptsetup encrypts, then decrypts, a 1 MiB buffer for about one second each, timed "
        "by wall clock (CLOCK_MONOTONIC_RAW), system calls and copies included. Which kernel "
        "driver served each cipher (an AES-NI one or a generic one) is not in the output.");
    builder_.Caveat(
        "cryptsetup prints MiB/s, 2^20 bytes per second; the figures are converted to bytes/s "
        "(1 MiB/s = 1.048576 MB/s).");
  }
  if (saw_xts_) {
    builder_.Caveat(
        "XTS key sizes count both XTS keys: a 256b row is AES-128-XTS and a 512b row is "
        "AES-256-XTS.");
  }
  if (saw_pbkdf2_) {
    builder_.Caveat(fmt::format(
        "PBKDF2 rows are iterations per second of PBKDF2 with that hash for {}, computed by "
        "libcryptsetup's own crypto backend in user space, not by the kernel; they are kept as "
        "kdf rows with operation 'iteration'.",
        pbkdf2_key_bits_ > 0
            ? fmt::format("a {}-bit derived key", pbkdf2_key_bits_)
            : std::string("a derived key of a size the output does not give (cryptsetup "
                          "before 1.7 did not print it)")));
  }
  if (saw_note_) {
    builder_.Caveat("cryptsetup: 'Tests are approximate using memory only (no storage IO)'.");
  }
  for (const std::string& skipped : skipped_) {
    builder_.Caveat(skipped);
  }
  return builder_.Finish();
}

}  // namespace cryptobench::import
