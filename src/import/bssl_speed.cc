// Parser of `bssl speed` output: descriptions and human lines (-json: bssl_speed_json.cc).
#include "import/bssl_speed.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include <fmt/format.h>

#include "algorithms/catalog.h"

#include "import/foreign_names.h"
#include "import/import.h"
#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

constexpr std::string_view kLineFormat =
    "'Did <count> <description> operations in <time>us (<rate> ops/sec)[: <throughput> MB/s]' "
    "(bssl speed)";

// Operation wordings at the end of a description (tool/speed.cc, results.Print calls), longest
// first where one ends another, mapped to cryptobench's operation names.
constexpr std::array<std::pair<std::string_view, std::string_view>, 36> kOperationPhrases = {{
    {"arbitrary point multiplication", "derive"},
    {"base-point multiplication", "keygen"},
    {"verify (invalid signature)", "verify_invalid"},
    {"verify (valid signature)", "verify"},
    {"parse (valid) public key", "key_parse"},
    {"verify (fresh key)", "verify_fresh_key"},
    {"verify (same key)", "verify"},
    {"private key parse", "key_parse"},
    {"sign (randomized)", "sign"},
    {"generate + decap", "keygen_decaps"},
    {"key generation", "keygen"},
    {"parse + encap", "parse_encaps"},
    {"encrypt setup", "encrypt_setup"},
    {"decrypt setup", "decrypt_setup"},
    {"encrypt init", "encrypt_init"},
    {"seal init", "encrypt_init"},
    {"open init", "decrypt_init"},
    {"decrypt init", "decrypt_init"},
    {"generate_key", "keygen"},
    {"key-gen", "keygen"},
    {"signing", "sign"},
    {"encrypt", "encrypt"},
    {"decrypt", "decrypt"},
    {"generate", "keygen"},
    {"keygen", "keygen"},
    {"verify", "verify"},
    {"derive", "derive"},
    {"encaps", "encaps"},
    {"decaps", "decaps"},
    {"encap", "encaps"},
    {"decap", "decaps"},
    {"seal", "encrypt"},
    {"open", "decrypt"},
    {"sign", "sign"},
    {"hash", "hash"},
    {"mac", "mac"},
}};

std::string DefaultOperation(std::string_view kind) {
  if (kind == "hash" || kind == "mac") {
    return std::string(kind);
  }
  if (kind == "rng") {
    return "generate";
  }
  if (kind == "key_agreement" || kind == "kdf") {
    return "derive";
  }
  if (kind == "cipher" || kind == "aead") {
    return "encrypt";
  }
  return "run";
}

std::string CollapseSpaces(std::string_view text) {
  const std::vector<std::string_view> words = SplitWords(text);
  return JoinWords(words, 0, words.size());
}

// Finds "(N bytes)" or "(N byte)" in a description; removes it from *text.
std::optional<uint64_t> TakeChunkSize(std::string* text) {
  size_t open = text->find('(');
  while (open != std::string::npos) {
    const size_t close = text->find(')', open);
    if (close == std::string::npos) {
      break;
    }
    const std::vector<std::string_view> words =
        SplitWords(std::string_view(*text).substr(open + 1, close - open - 1));
    if (words.size() == 2 && (words[1] == "bytes" || words[1] == "byte")) {
      if (const auto size = ParseUnsigned(words[0])) {
        text->erase(open, close - open + 1);
        *text = CollapseSpaces(*text);
        return *size;
      }
    }
    open = text->find('(', close);
  }
  return std::nullopt;
}

bool Near(double printed, double computed) {
  // Printed with one decimal ("%.1f"); allow its rounding and a little relative slack.
  return std::fabs(printed - computed) <= std::max(0.051, 1e-4 * std::fabs(computed));
}

}  // namespace

BsslDescription ParseBsslDescription(std::string_view description) {
  BsslDescription out;
  std::string text = CollapseSpaces(description);
  out.input_len = TakeChunkSize(&text);
  const std::string lower = ToLower(text);
  std::string subject = text;
  for (const auto& [phrase, operation] : kOperationPhrases) {
    if (lower.size() > phrase.size() + 1 && EndsWith(lower, phrase) &&
        lower[lower.size() - phrase.size() - 1] == ' ') {
      subject = text.substr(0, text.size() - phrase.size() - 1);
      out.operation = std::string(operation);
      break;
    }
  }
  // AWS-LC, a BoringSSL fork, names its rows "EVP-AES-128-GCM" (the EVP cipher API) and
  // "AEAD-AES-128-GCM" (the AEAD API): two code paths for one algorithm.
  std::string_view name = subject;
  if (StartsWithNoCase(name, "EVP-")) {
    name.remove_prefix(4);
  } else if (StartsWithNoCase(name, "AEAD-")) {
    name.remove_prefix(5);
  }
  const std::string lower_name = ToLower(name);
  const std::string kind = InferForeignKind(name, out.operation);
  if (lower_name == "curve25519") {
    out.algorithm = MapForeignName("X25519", "key_agreement");
  } else if (lower_name.rfind("ecdh ", 0) == 0) {
    out.algorithm = {std::string(subject), "key_agreement", false};
  } else {
    out.algorithm = MapForeignName(name, kind);
    if (!out.algorithm.catalogued) {
      out.algorithm.name = subject;  // verbatim, as bssl prints it
    }
  }
  if (out.operation.empty()) {
    out.operation = DefaultOperation(out.algorithm.kind);
  }
  const std::string& kind_now = out.algorithm.kind;
  if (!out.input_len && !out.algorithm.catalogued &&
      (kind_now == "cipher" || kind_now == "aead" || kind_now == "hash" || kind_now == "mac" ||
       kind_now == "rng")) {
    // Single-block and key-setup figures ("AES-128 encrypt setup"): ops/s with no input size,
    // not a throughput.
    out.algorithm.kind = "other";
  }
  return out;
}

bool IsBsslResultLine(std::string_view trimmed) {
  return trimmed.substr(0, 4) == "Did " && trimmed.find(" operations in ") != std::string::npos;
}

BsslSpeedParser::BsslSpeedParser(std::string_view file_name)
    : builder_("bssl speed", "boringssl", file_name) {}

void BsslSpeedParser::SetCommand(const std::vector<std::string>& args, size_t line) {
  (void)line;
  for (size_t i = 0; i < args.size(); ++i) {
    const bool has_value = i + 1 < args.size();
    if (args[i] == "-threads" && has_value) {
      const auto threads = ParseUnsigned(args[++i]);
      threads_ = threads && *threads <= 100000 ? static_cast<int>(*threads) : 0;
    } else if (args[i] == "-timeout" && has_value) {
      const auto seconds = ParseUnsigned(args[++i]);
      builder_.run().method.max_seconds = seconds && *seconds <= 100000
                                              ? static_cast<double>(*seconds)
                                              : builder_.run().method.max_seconds;
    }
  }
}

bool BsslSpeedParser::AddRecord(const Record& record, bool dry_run) {
  const BsslDescription described = ParseBsslDescription(record.description);
  std::optional<uint64_t> size = described.input_len;
  std::string problem;
  std::string size_note;
  if (record.bytes_per_call && *record.bytes_per_call > 0) {
    if (size && *size != *record.bytes_per_call) {
      problem = fmt::format("the description says {} bytes but bytesPerCall is {}", *size,
                            *record.bytes_per_call);
    }
    size = record.bytes_per_call;
  } else if (!size && record.printed_mb_per_s && record.calls > 0 && *record.printed_mb_per_s > 0) {
    // "base64 decode" prints MB/s without naming its input size: infer it.
    const double inferred = *record.printed_mb_per_s * static_cast<double>(record.microseconds) /
                            static_cast<double>(record.calls);
    if (std::isfinite(inferred) && inferred >= 1 && inferred < 1e12) {
      size = static_cast<uint64_t>(std::llround(inferred));
      size_note = fmt::format(
          "Line {}: '{}' names no input size; {} bytes per operation is inferred from its MB/s.",
          record.line, record.description, *size);
    }
  }
  const bool public_key_input = described.operation == "sign" || described.operation == "verify";
  const uint64_t input_len = size ? *size : public_key_input ? kPublicKeyInputLen : 0;
  if (builder_.Contains(described.algorithm.name, "", described.operation, input_len)) {
    return false;
  }
  if (dry_run) {
    return true;
  }
  // Only AWS-LC's speed tool names rows "EVP-AES-128-GCM" (tool/speed.cc, SpeedEvpCipherGeneric,
  // https://github.com/aws/aws-lc/blob/main/tool/speed.cc); BoringSSL's names its AEADs bare.
  if (aws_lc_version_.empty() && StartsWithNoCase(record.description, "EVP-")) {
    aws_lc_version_ = "AWS-LC";
    aws_lc_where_ = fmt::format(
        "the row name at line {} (EVP-..., which only AWS-LC's bssl speed prints)", record.line);
  }
  ForeignFigure figure;
  figure.algorithm = described.algorithm;
  figure.operation = described.operation;
  figure.input_len = input_len;
  figure.count = record.calls;
  figure.line = record.line;
  figure.label = fmt::format("'{}'", record.description);
  figure.ops_per_s = static_cast<double>(record.calls) /
                     (static_cast<double>(record.microseconds) / 1e6);  // inf if 0 us
  if (size) {
    figure.bytes_per_s = figure.ops_per_s * static_cast<double>(*size);
  }
  if (record.calls > 0 && record.microseconds > 0 && problem.empty()) {
    if (record.printed_ops_per_s && !Near(*record.printed_ops_per_s, figure.ops_per_s)) {
      problem = fmt::format("bssl printed {} ops/sec, but {} operations in {} us are {:.1f}",
                            *record.printed_ops_per_s, record.calls, record.microseconds,
                            figure.ops_per_s);
    } else if (record.printed_mb_per_s && figure.bytes_per_s && size_note.empty() &&
               !Near(*record.printed_mb_per_s, *figure.bytes_per_s / 1e6)) {
      problem =
          fmt::format("bssl printed {} MB/s, but {} operations of {} bytes in {} us are {:.1f}",
                      *record.printed_mb_per_s, record.calls, *size, record.microseconds,
                      *figure.bytes_per_s / 1e6);
    }
  }
  figure.problem = problem;
  builder_.Add(figure);
  if (!size_note.empty()) {
    builder_.Caveat(size_note);
  }
  saw_ecdh_ = saw_ecdh_ || ToLower(described.algorithm.name).rfind("ecdh ", 0) == 0;
  saw_aead_ = saw_aead_ || described.algorithm.kind == "aead";
  return true;
}

Offer BsslSpeedParser::Take(const SourceLine& line) {
  if (json_) {
    return TakeJson(line);
  }
  if (line.kind == LineKind::kElision && HasFigures()) {
    builder_.Caveat(ElisionCaveat(line));
    return Offer::kConsumed;
  }
  if (line.kind != LineKind::kText) {
    return Offer::kNotMine;
  }
  const std::string_view trimmed = Trim(line.text);
  if (trimmed.substr(0, 4) == "min:" && trimmed.find("median:") != std::string_view::npos) {
    return Offer::kConsumed;  // RSA key generation's spread line
  }
  if (IsBsslJsonObjectStart(trimmed) || trimmed == "[") {
    if (HasFigures()) {
      return Offer::kNewRun;
    }
    json_ = true;
    json_open_line_ = line.number;
    json_depth_ = trimmed.front() == '[' ? 0 : 1;  // an object first: its "[" was not pasted
    return TakeJson(line);
  }
  if (!IsBsslResultLine(trimmed)) {
    return Offer::kNotMine;
  }
  try {
    return TakeResultLine(line, trimmed);
  } catch (const ImportError& error) {
    // A line damaged in the paste costs only its own figure, as in botan speed, cryptsetup and
    // wolfCrypt pastes; a run of only such lines is refused at the first (FirstDamagedLine).
    if (!first_damaged_) {
      first_damaged_.emplace(line.number, error.expected());
    }
    if (trimmed.find(" ops/sec)") == std::string_view::npos) {
      // Stopped before its rate ends: a stored copy or a selection cut inside the line.
      builder_.Caveat(fmt::format(
          "Line {}: the output stops inside this bssl speed line ({}: cut short in the paste), "
          "so its figure is unknown: it is skipped.",
          line.number, QuoteForError(trimmed)));
    } else {
      builder_.SkipDamagedLine(line.number, error.expected());
    }
    return Offer::kConsumed;
  }
}

Offer BsslSpeedParser::TakeResultLine(const SourceLine& line, std::string_view trimmed) {
  const auto fail = [&]() -> ImportError {
    return ImportError(line.number,
                       fmt::format("expected {}, found {}", kLineFormat, QuoteForError(trimmed)));
  };
  Record record;
  record.line = line.number;
  const std::string_view body = trimmed.substr(4);
  const size_t count_end = body.find(' ');
  const size_t ops_at = body.rfind(" operations in ");
  if (count_end == std::string_view::npos || ops_at <= count_end) {
    throw fail();
  }
  const auto calls = ParseUnsigned(body.substr(0, count_end));
  record.description = std::string(Trim(body.substr(count_end + 1, ops_at - count_end - 1)));
  std::string_view rest = body.substr(ops_at + 15);
  const size_t us_at = rest.find("us (");
  const size_t rate_end = rest.find(" ops/sec)");
  if (!calls || record.description.empty() || us_at == std::string_view::npos ||
      rate_end == std::string_view::npos || rate_end < us_at) {
    throw fail();
  }
  const auto microseconds = ParseUnsigned(rest.substr(0, us_at));
  const auto rate = ParseDouble(rest.substr(us_at + 4, rate_end - us_at - 4));
  if (!microseconds || !rate) {
    throw fail();
  }
  record.calls = *calls;
  record.microseconds = *microseconds;
  record.printed_ops_per_s = *rate;
  rest = Trim(rest.substr(rate_end + 9));
  if (!rest.empty()) {
    const std::vector<std::string_view> words = SplitWords(rest.substr(1));
    const auto mb = words.size() == 2 ? ParseDouble(words[0]) : std::nullopt;
    if (rest.front() != ':' || !mb || words[1] != "MB/s") {
      throw fail();
    }
    record.printed_mb_per_s = *mb;
  }
  if (!AddRecord(record, /*dry_run=*/true)) {
    return Offer::kNewRun;  // the same figure again: the next run
  }
  AddRecord(record, /*dry_run=*/false);
  return Offer::kConsumed;
}

results::RunResult BsslSpeedParser::Build() {
  if (json_ && json_depth_ >= 2) {
    // The paste's last record cut off (a stored copy or a terminal that ended inside it), as
    // cut lines of the other formats: skipped and named, when the records before it gave
    // figures; alone, it is no output to read.
    if (!HasFigures()) {
      throw ImportError(json_object_line_,
                        "expected the end of this bssl speed -json object; the output stops "
                        "inside it");
    }
    builder_.Caveat(fmt::format(
        "Line {}: the output stops inside this bssl speed -json object (cut short in the "
        "paste), so its figure is unknown: it is skipped.",
        json_object_line_));
  }
  if (json_ || json_unclosed_) {
    builder_.Caveat(
        fmt::format("The -json array opened at line {} is not closed: the paste may be cut short.",
                    json_open_line_));
  }
  const double seconds = builder_.run().method.max_seconds;
  builder_.Caveat(fmt::format(
      "Timing basis: wall clock. bssl speed times each figure by CLOCK_MONOTONIC, counting "
      "whole calls, for {}.",
      seconds > 0 ? fmt::format("about {:g} s (-timeout {:g})", seconds, seconds)
                  : std::string("about one second by default (three in early releases)")));
  if (threads_ > 1) {
    builder_.run().method.threads = threads_;
    builder_.Caveat(fmt::format(
        "-threads {}: bssl adds up the calls and the microseconds of its {} threads, so each "
        "figure is the rate of one thread; the machine as a whole did about {} times as much "
        "(AEAD figures are timed in one thread only).",
        threads_, threads_, threads_));
  }
  if (saw_aead_) {
    builder_.Caveat(
        "bssl's AEAD figures pass 13 bytes of additional data with every seal or open (11 for "
        "the TLS CBC-SHA1 AEADs), as a TLS record would.");
  }
  if (saw_ecdh_) {
    builder_.Caveat(
        "bssl's 'ECDH P-...' figures generate a fresh key for every shared-secret derivation, "
        "so they are kept under bssl's name rather than compared with ECDH-P256 derive.");
  }
  if (!aws_lc_version_.empty()) {
    builder_.run().library.version = aws_lc_version_;
    builder_.Caveat(fmt::format(
        "The library is AWS-LC, a BoringSSL fork with the same bssl tool, as {} says; bssl "
        "speed prints no library version of its own{}.",
        aws_lc_where_, aws_lc_version_ == "AWS-LC" ? ", and the paste names no release" : ""));
  } else {
    builder_.Caveat("bssl speed prints no library version: the BoringSSL revision is unknown.");
  }
  return builder_.Finish();
}

}  // namespace cryptobench::import
