// Parser of `botan speed` output (default format).
#include "import/botan_speed.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "algorithms/catalog.h"

#include "import/foreign_names.h"
#include "import/import.h"
#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

constexpr double kMiB = 1024.0 * 1024.0;  // Botan's MiB (utils/timer.cpp: 1024 * 1024)

constexpr std::string_view kThroughputFormat =
    "'<name> [<provider>] <operation> buffer size <N> bytes: <X> MiB/sec [<C> cycles/byte] "
    "(<T> MiB in <M> ms)' (botan speed)";
// Operations botan speed's throughput lines name: a cipher's "encrypt" and "decrypt", a hash's
// "hash", a MAC's "mac" (as the pastes of tests/fixtures show them).
constexpr std::string_view kThroughputDoings[] = {"encrypt", "decrypt", "hash", "mac"};
constexpr std::string_view kOpsFormat =
    "'<name> [<provider>] <N> <operation>/sec; <X> ms/op [<C> cycles/op] (<E> ops in <M> ms)' "
    "(botan speed)";

bool IsProviderTag(std::string_view word) {
  return word.size() > 2 && word.front() == '[' && word.back() == ']';
}

// A PKCS#1 v1.5 padding, as Botan 2 and 3 spell it: "EMSA-PKCS1-v1_5(SHA-256)", "EMSA3(...)",
// "PKCS1v15(SHA-256)", "EME-PKCS1-v1_5".
bool IsPkcs1v15(std::string_view padding) {
  const std::string lower = ToLower(padding);
  return lower.rfind("emsa3", 0) == 0 || lower.rfind("pkcs1v15", 0) == 0 ||
         lower.rfind("emsa-pkcs1-v1_5", 0) == 0 || lower.rfind("eme-pkcs1-v1_5", 0) == 0;
}

std::string ReplaceSuffix(const std::string& lower, std::string_view suffix,
                          std::string_view replacement) {
  if (EndsWith(lower, suffix)) {
    return lower.substr(0, lower.size() - suffix.size()) + std::string(replacement);
  }
  return lower;
}

// "(<T> MiB in <M> ms)" or "(<E> ops in <M> ms)".
struct Totals {
  double total = 0;    ///< T MiB or E events
  double ms = 0;       ///< M, as printed
  double ms_half = 0;  ///< half a unit of M's last printed digit: M is rounded to it
};

// Parses "(<T> MiB in <M> ms)" or "(<E> ops in <M> ms)".
std::optional<Totals> ParseTotals(std::string_view text, std::string_view unit) {
  if (text.size() < 2 || text.front() != '(' || text.back() != ')') {
    return std::nullopt;
  }
  const std::vector<std::string_view> words = SplitWords(text.substr(1, text.size() - 2));
  const bool unit_ok =
      words.size() == 5 && (words[1] == unit || (unit == "ops" && words[1] == "op"));
  if (!unit_ok || words[2] != "in" || words[4] != "ms") {
    return std::nullopt;
  }
  const auto total = ParseDouble(words[0]);
  const auto ms = ParseDouble(words[3]);
  if (!total || !ms) {
    return std::nullopt;
  }
  const size_t point = words[3].find('.');
  const size_t decimals = point == std::string_view::npos ? 0 : words[3].size() - point - 1;
  return Totals{*total, *ms,
                0.5 * std::pow(10.0, -static_cast<double>(std::min<size_t>(decimals, 9)))};
}

// Botan 2.0 and 2.1 print a throughput line without its buffer size:
//   Threefish-512 [avx2] decrypt 684.626 MiB/sec (684.750 MiB in 1000.181 ms)
// (Timer::result_string_bps in src/cli/speed.cpp, tags 2.0.0 to 2.1.0; " buffer size N bytes:"
// came with commit 3453e9f73f3e62a308e33d68d14a4f5804a05f12, 2017-06-22, first in 2.2.0). The
// buffer is --buf-size bytes (default 4096: `Command("speed --msec=300 --provider=
// --buf-size=4096 *algos")`) for hashes, MACs, stream ciphers, cipher modes and RNGs, but
// --buf-size blocks for a bare block cipher (bench_block_cipher: `std::vector<uint8_t>
// buffer(buf_size * cipher.block_size())`, src/cli/speed.cpp at 2.0.1, commit
// 55a1d935e736716480407378565939b9e6c829b9; since commit 35dbbb7f2, 2016-01-17).
constexpr uint64_t kBotan2DefaultBufSize = 4096;

// Block sizes in bytes of Botan 2.0's block ciphers by the name speed prints, from their
// declarations (`Block_Cipher_Fixed_Params<BLOCK_SIZE, ...>` in src/lib/block/*/*.h at 2.0.1);
// 0 for a name that is not one of them.
uint64_t Botan2BlockSize(std::string_view name) {
  static constexpr std::pair<std::string_view, uint64_t> kBlockSizes[] = {
      {"AES-128", 16},      {"AES-192", 16},  {"AES-256", 16},       {"Blowfish", 8},
      {"CAST-128", 8},      {"CAST-256", 16}, {"Camellia-128", 16},  {"Camellia-192", 16},
      {"Camellia-256", 16}, {"DES", 8},       {"DESX", 8},           {"GOST-28147-89", 8},
      {"IDEA", 8},          {"KASUMI", 8},    {"MISTY1", 8},         {"Noekeon", 16},
      {"SEED", 16},         {"Serpent", 16},  {"Threefish-512", 64}, {"TripleDES", 8},
      {"Twofish", 16},      {"XTEA", 8},
  };
  for (const auto& [known, size] : kBlockSizes) {
    if (name == known) {
      return size;
    }
  }
  return 0;
}

}  // namespace

NamedAlgorithm MapBotanName(std::string_view name, std::string_view operation) {
  const std::vector<std::string_view> words = SplitWords(name);
  const std::string key = words.empty() ? std::string() : ToLower(words[0]);
  const std::string params = words.size() > 1 ? JoinWords(words, 1, words.size()) : "";
  const std::string kind = InferForeignKind(name, operation);
  const auto catalogued_or_verbatim = [&](std::string_view spelling) {
    NamedAlgorithm named = MapForeignName(spelling, kind);
    if (!named.catalogued) {
      named = {std::string(name), kind, false};
    }
    return named;
  };
  if (key == "curve25519" || key == "x25519") {
    return catalogued_or_verbatim(params.empty() ? "X25519" : name);
  }
  for (const auto& [botan_curve, ours] : {std::pair{"secp256r1", "P256"}, {"secp384r1", "P384"}}) {
    if (key == fmt::format("ecdsa-{}", botan_curve)) {
      return catalogued_or_verbatim(fmt::format("ECDSA-{}", ours));
    }
    if (key == fmt::format("ecdh-{}", botan_curve) && params.empty()) {
      return catalogued_or_verbatim(fmt::format("ECDH-{}", ours));
    }
  }
  if (key == "ed25519" && (params.empty() || ToLower(params) == "pure")) {
    return catalogued_or_verbatim("Ed25519");
  }
  if (key.rfind("rsa-", 0) == 0) {
    return catalogued_or_verbatim(params.empty() || IsPkcs1v15(params) ? std::string(words[0])
                                                                       : std::string(name));
  }
  if (!params.empty()) {
    return {std::string(name), kind, false};
  }
  std::string spelling = ToLower(name);
  spelling = ReplaceSuffix(spelling, "/gcm(16)", "/gcm");  // a 16-byte tag is GCM's default
  spelling = ReplaceSuffix(spelling, "/ctr-be", "/ctr");   // big-endian counter: plain CTR
  spelling = ReplaceSuffix(spelling, "/cbc/pkcs7", "/cbc");
  spelling = ReplaceSuffix(spelling, "/cbc/nopadding", "/cbc");
  if (spelling == "sha-160") {
    spelling = "sha-1";
  }
  if (spelling == "aes-128" || spelling == "aes-192" || spelling == "aes-256") {
    // The bare block cipher over a buffer: ECB, for every key size, whether the catalogue
    // has the entry (AES-128-ECB, AES-256-ECB) or not (AES-192-ECB): a bare "AES-192" would
    // read as the catalogue's alias of AES-192-CBC.
    NamedAlgorithm named = MapForeignName(spelling + "-ecb", kind);
    if (!named.catalogued) {
      named = {fmt::format("AES-{}-ECB", spelling.substr(4)), kind, false};
    }
    return named;
  }
  return catalogued_or_verbatim(spelling);
}

std::string BotanOperation(std::string_view doing) {
  const std::string lower = ToLower(Trim(doing));
  if (lower == "key agreements" || lower == "key agreement") {
    return "derive";
  }
  if (lower == "kem encrypt") {
    return "encaps";
  }
  if (lower == "kem decrypt") {
    return "decaps";
  }
  if (lower == "key gen") {
    return "keygen";
  }
  std::string out;
  for (char c : lower) {
    out.push_back(c == ' ' ? '_' : c);
  }
  return out;
}

bool IsBotanResultLine(std::string_view trimmed) {
  const size_t buffer = trimmed.find(" buffer size ");
  if (buffer != std::string_view::npos && buffer > 0 &&
      trimmed.find(" bytes: ", buffer) != std::string_view::npos) {
    return true;
  }
  // Botan 2.0 and 2.1: "<name> <operation> <X> MiB/sec (<T> MiB in <M> ms)".
  const size_t mib = trimmed.find(" MiB/sec");
  if (mib != std::string_view::npos && mib > 0 &&
      trimmed.find(" MiB in ", mib) != std::string_view::npos && EndsWith(trimmed, " ms)")) {
    return true;
  }
  const size_t per_sec = trimmed.find("/sec; ");
  return per_sec != std::string_view::npos && trimmed.find(" ms/op", per_sec) != std::string::npos;
}

bool IsBotanVersionLine(std::string_view trimmed) {
  return trimmed.size() > 6 && trimmed.substr(0, 6) == "Botan " && trimmed[6] >= '0' &&
         trimmed[6] <= '9';
}

BotanSpeedParser::BotanSpeedParser(std::string_view file_name)
    : builder_("botan speed", "botan", file_name) {}

void BotanSpeedParser::SetCommand(const std::vector<std::string>& args, size_t line) {
  (void)line;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    std::string value;
    const size_t eq = arg.find('=');
    if (eq != std::string_view::npos) {
      value = std::string(arg.substr(eq + 1));
      arg = arg.substr(0, eq);
    } else if (arg.substr(0, 2) == "--" && i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) {
      value = args[i + 1];
    }
    if (arg == "--msec") {
      const auto msec = ParseUnsigned(value);
      if (msec && *msec > 0 && *msec < 100'000'000) {
        msec_ = static_cast<double>(*msec);
        builder_.run().method.max_seconds = msec_ / 1000.0;
      }
    } else if (arg == "--clear-cpuid" && !value.empty()) {
      builder_.Caveat(fmt::format(
          "--clear-cpuid={}: Botan was told to ignore these CPU features, so the figures show "
          "the code paths without them.",
          value));
    } else if (arg == "--buf-size") {
      const auto size = ParseUnsigned(value);  // one size; a list (2.2+) prints its sizes
      if (size && *size > 0 && *size < (uint64_t{1} << 30)) {
        buf_size_ = *size;
      }
    } else if (arg == "--provider" && !value.empty()) {
      builder_.Caveat(fmt::format("--provider={}: only that provider was run.", value));
    }
  }
}

std::pair<std::string, std::string> BotanSpeedParser::SplitProvider(std::string_view name) {
  const std::vector<std::string_view> words = SplitWords(name);
  if (words.size() >= 2 && IsProviderTag(words.back())) {
    const std::string_view tag = words.back();
    return {JoinWords(words, 0, words.size() - 1), std::string(tag.substr(1, tag.size() - 2))};
  }
  return {JoinWords(words, 0, words.size()), ""};
}

Offer BotanSpeedParser::Take(const SourceLine& line) {
  if (line.kind == LineKind::kElision && HasFigures()) {
    builder_.Caveat(ElisionCaveat(line));
    return Offer::kConsumed;
  }
  if (line.kind != LineKind::kText) {
    return Offer::kNotMine;
  }
  const std::string_view trimmed = Trim(line.text);
  results::RunResult& run = builder_.run();
  if (IsBotanVersionLine(trimmed)) {
    if (HasFigures()) {
      return Offer::kNewRun;
    }
    run.library.version = std::string(trimmed);
    run.source.tool_version = std::string(SplitWords(trimmed)[1]);
    return Offer::kConsumed;
  }
  if (expect_version_ && !trimmed.empty()) {
    expect_version_ = false;
    const std::vector<std::string_view> words = SplitWords(trimmed);
    if (words.size() == 1 && !words[0].empty() && words[0][0] >= '0' && words[0][0] <= '9' &&
        words[0].find('.') != std::string_view::npos) {
      run.source.tool_version = std::string(words[0]);
      run.library.version = "Botan " + std::string(words[0]);
      return Offer::kConsumed;
    }
  }
  if (trimmed.substr(0, 6) == "CPUID:") {
    if (HasFigures()) {
      return Offer::kNewRun;
    }
    run.library.cpu_info = std::string(trimmed);
    return Offer::kConsumed;
  }
  if (EndsWith(trimmed, " no events") && HasFigures()) {
    const auto [name, provider] = SplitProvider(trimmed.substr(0, trimmed.size() - 10));
    builder_.Caveat(fmt::format(
        "Line {}: botan speed reports no events for '{}' (nothing was timed); it is not "
        "imported.",
        line.number, name));
    return Offer::kConsumed;
  }
  if (!IsBotanResultLine(trimmed)) {
    if (HasFigures() && CutResultLine(trimmed)) {
      builder_.Caveat(fmt::format(
          "Line {}: '{}' is a result line cut short before its figures (where the paste ends "
          "or breaks); it gives no figure.",
          line.number, trimmed));
      return Offer::kConsumed;
    }
    return Offer::kNotMine;
  }
  try {
    if (trimmed.find(" buffer size ") != std::string_view::npos ||
        trimmed.find(" MiB/sec") != std::string_view::npos) {
      return TakeThroughput(line, trimmed);
    }
    return TakeOps(line, trimmed);
  } catch (const ImportError& error) {
    // One damaged result line costs only its own figure.
    builder_.SkipDamagedLine(line.number, error.expected());
    return Offer::kConsumed;
  }
}

Offer BotanSpeedParser::TakeThroughput(const SourceLine& line, std::string_view trimmed) {
  const auto fail = [&]() {
    return ImportError(line.number, fmt::format("expected {}, found {}", kThroughputFormat,
                                                QuoteForError(trimmed)));
  };
  const size_t buffer = trimmed.find(" buffer size ");
  const bool without_size = buffer == std::string_view::npos;  // Botan 2.0 and 2.1
  std::string_view head;
  std::string_view rest;
  std::optional<uint64_t> buf_size;
  if (without_size) {
    const size_t mib = trimmed.find(" MiB/sec");
    const size_t figure_start = mib == std::string_view::npos || mib == 0
                                    ? std::string_view::npos
                                    : trimmed.rfind(' ', mib - 1);
    if (figure_start == std::string_view::npos) {
      throw fail();
    }
    head = trimmed.substr(0, figure_start);
    rest = trimmed.substr(figure_start + 1);
  } else {
    head = trimmed.substr(0, buffer);
    rest = trimmed.substr(buffer + 13);
  }
  std::vector<std::string_view> left = SplitWords(head);
  std::string doing;
  if (left.size() >= 2 && !IsProviderTag(left.back())) {
    doing = std::string(left.back());
    left.pop_back();
  }
  const auto [name, provider] = SplitProvider(JoinWords(left, 0, left.size()));
  size_t colon = 0;
  if (!without_size) {
    colon = rest.find(" bytes:");
    buf_size =
        colon == std::string_view::npos ? std::nullopt : ParseUnsigned(rest.substr(0, colon));
    if (name.empty() || !buf_size || *buf_size == 0) {
      throw fail();
    }
    colon += 7;
  } else if (name.empty() || doing.empty()) {
    throw fail();
  }
  rest = Trim(rest.substr(colon));
  const size_t paren = rest.find('(');
  if (paren == std::string_view::npos) {
    throw fail();
  }
  const auto totals = ParseTotals(Trim(rest.substr(paren)), "MiB");
  const std::vector<std::string_view> figures = SplitWords(rest.substr(0, paren));
  const std::string op = BotanOperation(doing.empty() ? "run" : doing);
  const NamedAlgorithm named = MapBotanName(name, op);
  if (!totals) {
    throw fail();
  }
  std::vector<results::CellCaveat> size_caveats;
  if (without_size) {
    buf_size = OldFormatInputLen(line.number, name, provider, doing, &size_caveats);
    if (!buf_size) {
      return Offer::kConsumed;  // left out, named in a caveat
    }
  }
  if (builder_.Contains(named.name, provider, op, *buf_size)) {
    return Offer::kNewRun;
  }
  if (figures.size() == 1 && figures[0] == "N/A") {
    builder_.AddUnavailable(
        named, provider, op, *buf_size, results::CellStatus::kError,
        fmt::format("botan speed printed N/A (nothing timed) at line {}", line.number));
    return Offer::kConsumed;
  }
  const bool has_cycles = figures.size() == 4;
  if (!(figures.size() == 2 || has_cycles) || figures[1] != "MiB/sec" ||
      (has_cycles && figures[3] != "cycles/byte")) {
    throw fail();
  }
  const auto mib_per_s = ParseDouble(figures[0]);
  const auto cycles_per_byte = has_cycles ? ParseDouble(figures[2]) : std::optional<double>(0);
  if (!mib_per_s || !cycles_per_byte) {
    throw fail();
  }
  ForeignFigure figure;
  figure.algorithm = named;
  figure.implementation = provider;
  figure.operation = op;
  figure.input_len = *buf_size;
  figure.bytes_per_s = *mib_per_s * kMiB;
  figure.ops_per_s = *figure.bytes_per_s / static_cast<double>(*buf_size);
  figure.ticks_per_op = *cycles_per_byte * static_cast<double>(*buf_size);
  figure.line = line.number;
  figure.caveats = std::move(size_caveats);
  figure.label =
      fmt::format("'{}{} {}'", name, provider.empty() ? "" : " [" + provider + "]", doing);
  const double total_mib = totals->total;
  const double ms = totals->ms;
  if (total_mib >= 1 && ms >= 1) {
    const double implied = total_mib / (ms / 1000.0);
    if (std::fabs(implied - *mib_per_s) > 0.02 * std::fabs(implied)) {
      figure.problem =
          fmt::format("{} MiB/sec does not match {} MiB in {} ms", *mib_per_s, total_mib, ms);
    }
  }
  if (figure.problem.empty() && msec_ > 0 && ms > 2 * msec_ + 1000) {
    figure.problem = fmt::format("took {} ms in a --msec={} run, which cannot be", ms, msec_);
  }
  builder_.Add(figure);
  NoteResultLine(name, provider, doing);
  saw_cycles_ = saw_cycles_ || has_cycles;
  saw_cbc_ = saw_cbc_ || (named.catalogued && EndsWith(named.name, "-CBC"));
  saw_block_cipher_ = saw_block_cipher_ || (named.catalogued && EndsWith(named.name, "-ECB"));
  return Offer::kConsumed;
}

std::optional<uint64_t> BotanSpeedParser::OldFormatInputLen(
    size_t line, const std::string& name, const std::string& provider, const std::string& doing,
    std::vector<results::CellCaveat>* caveats) {
  const uint64_t buf = buf_size_ > 0 ? buf_size_ : kBotan2DefaultBufSize;
  const std::string buf_text =
      buf_size_ > 0 ? fmt::format("--buf-size={}", buf_size_)
                    : fmt::format("the default --buf-size={}; the paste shows no --buf-size",
                                  kBotan2DefaultBufSize);
  saw_old_format_ = true;
  const std::string lower_doing = ToLower(doing);
  const bool cipher = lower_doing == "encrypt" || lower_doing == "decrypt";
  // A mode ("AES-128/GCM"), a named construction ("CTR-BE(AES-128)", "ChaCha(20)",
  // "HMAC(SHA-256)") or a hash, MAC or RNG runs over --buf-size bytes.
  const bool bare = name.find('/') == std::string::npos && name.find('(') == std::string::npos;
  if (!cipher || !bare) {
    caveats->push_back(results::CellCaveat{
        fmt::format("read at {} bytes ({}), a size Botan 2.0 and 2.1 do not print on the line", buf,
                    buf_text),
        line, false});
    return buf;
  }
  if (const uint64_t block = Botan2BlockSize(name); block > 0) {
    const uint64_t size = buf * block;
    caveats->push_back(results::CellCaveat{
        fmt::format("read at {} bytes: a size the line does not print, which for a bare block "
                    "cipher Botan 2.0 and 2.1 make {} blocks ({}) of its {}-byte block, unlike "
                    "every other row's {} bytes",
                    size, buf, buf_text, block, buf),
        line, false});
    return size;
  }
  builder_.Caveat(fmt::format(
      "Line {}: '{}{} {}' prints no buffer size (Botan 2.0 and 2.1), and its input size is "
      "ambiguous: a bare block cipher runs over --buf-size blocks ({} bytes) of its block size, "
      "a stream cipher over {} bytes, and '{}' is no block cipher whose block size import "
      "knows; its figure is left out.",
      line, name, provider.empty() ? "" : " [" + provider + "]", doing, buf, buf, name));
  return std::nullopt;
}

Offer BotanSpeedParser::TakeOps(const SourceLine& line, std::string_view trimmed) {
  const auto fail = [&]() {
    return ImportError(line.number,
                       fmt::format("expected {}, found {}", kOpsFormat, QuoteForError(trimmed)));
  };
  const size_t per_sec = trimmed.find("/sec; ");
  const std::vector<std::string_view> left = SplitWords(trimmed.substr(0, per_sec));
  // The rate is the last number before the operation words ("RSA-2048 OAEP(SHA-1) 1234 key
  // agreements"); operation words are never plain numbers.
  size_t rate_at = left.size();
  for (size_t i = left.size(); i-- > 1;) {
    if (ParseUnsigned(left[i]).has_value()) {
      rate_at = i;
      break;
    }
  }
  if (rate_at + 1 >= left.size()) {
    throw fail();
  }
  const auto printed_rate = ParseUnsigned(left[rate_at]);
  // Botan 1.11 and 2.0 print a signature's padding after the rate ("ECDSA-secp256r1 65
  // EMSA1(SHA-256) sign/sec"), later releases before it: a parameter of the algorithm either
  // way, never part of the operation. Operation words hold no parenthesis.
  size_t op_at = rate_at + 1;
  while (op_at + 1 < left.size() && left[op_at].find('(') != std::string_view::npos) {
    ++op_at;
  }
  const auto [bare_name, provider] = SplitProvider(JoinWords(left, 0, rate_at));
  const std::string name =
      op_at == rate_at + 1 ? bare_name : bare_name + " " + JoinWords(left, rate_at + 1, op_at);
  const std::string doing = JoinWords(left, op_at, left.size());
  std::string_view rest = Trim(trimmed.substr(per_sec + 6));
  const size_t paren = rest.find('(');
  if (paren == std::string_view::npos || name.empty()) {
    throw fail();
  }
  const auto totals = ParseTotals(Trim(rest.substr(paren)), "ops");
  const std::vector<std::string_view> figures = SplitWords(rest.substr(0, paren));
  const bool has_cycles = figures.size() == 4;
  if (!totals || !(figures.size() == 2 || has_cycles) || figures[1] != "ms/op" ||
      (has_cycles && figures[3] != "cycles/op")) {
    throw fail();
  }
  const auto ms_per_op = ParseDouble(figures[0]);
  const auto cycles_per_op = has_cycles ? ParseDouble(figures[2]) : std::optional<double>(0);
  const double events = totals->total;
  const double ms = totals->ms;
  if (!ms_per_op || !cycles_per_op || events < 0 || std::floor(events) != events) {
    throw fail();
  }
  const std::string op = BotanOperation(doing);
  if (op == "key_schedule") {
    return SkipKeySchedule(line, name, provider);
  }
  const NamedAlgorithm named = MapBotanName(name, op);
  const uint64_t input_len = op == "sign" || op == "verify" ? kPublicKeyInputLen : 0;
  if (builder_.Contains(named.name, provider, op, input_len)) {
    return Offer::kNewRun;
  }
  ForeignFigure figure;
  figure.algorithm = named;
  figure.implementation = provider;
  figure.operation = op;
  figure.input_len = input_len;
  // Botan prints the rate truncated to an integer from the unrounded time, and the time rounded
  // to the precision of the cycles/op figure before it: two decimals, or none when cycles/op is
  // 10000 or more (Timer::result_string_ops, src/lib/utils/timer.cpp in Botan 2.19.3 and 3.x:
  // "(340 ops in 116 ms)" is 115.5 to 116.5 ms). The rate is taken from whichever of the two
  // is the more precise.
  const double printed = static_cast<double>(*printed_rate);
  const double ms_error = ms > 0 ? totals->ms_half / ms : HUGE_VAL;
  const double printed_error = printed > 0 ? 1 / printed : HUGE_VAL;
  const bool from_time = ms > 0 && ms_error <= printed_error;
  figure.ops_per_s = from_time ? events / (ms / 1000.0) : printed;
  figure.count = events < 1e18 ? static_cast<uint64_t>(events) : 0;
  figure.ticks_per_op = *cycles_per_op;
  figure.line = line.number;
  figure.label =
      fmt::format("'{}{}' {}", name, provider.empty() ? "" : " [" + provider + "]", doing);
  // The rates the printed time allows (with the 2% slack below them the check always had).
  const double slowest = events / ((ms + totals->ms_half) / 1000.0);
  const double fastest =
      ms > totals->ms_half ? events / ((ms - totals->ms_half) / 1000.0) : HUGE_VAL;
  if (ms > 0 && (printed > fastest + 1 || printed < 0.98 * slowest - 1)) {
    figure.problem =
        fmt::format("{} {}/sec does not match {} ops in {} ms", *printed_rate, doing, events, ms);
  } else if (msec_ > 0 && op != "keygen" && ms > 2 * msec_ + 1000) {
    figure.problem = fmt::format("took {} ms in a --msec={} run, which cannot be", ms, msec_);
  }
  builder_.Add(figure);
  NoteResultLine(bare_name, provider, "");
  saw_cycles_ = saw_cycles_ || has_cycles;
  saw_key_agreement_ = saw_key_agreement_ || op == "derive";
  return Offer::kConsumed;
}

void BotanSpeedParser::NoteResultLine(const std::string& name, const std::string& provider,
                                      const std::string& doing) {
  const auto add = [](std::vector<std::string>& list, std::string item) {
    if (!item.empty() && std::find(list.begin(), list.end(), item) == list.end()) {
      list.push_back(std::move(item));
    }
  };
  add(heads_, name);
  if (!provider.empty()) {
    add(heads_, fmt::format("{} [{}]", name, provider));
    add(providers_, fmt::format("[{}]", provider));
  }
  add(doings_, doing);
}

bool BotanSpeedParser::CutResultLine(std::string_view trimmed) const {
  const auto prefix_of = [](std::string_view part, std::string_view whole) {
    return part.size() <= whole.size() && whole.substr(0, part.size()) == part;
  };
  for (const std::string& head : heads_) {
    if (!trimmed.starts_with(head) ||
        (trimmed.size() > head.size() && trimmed[head.size()] != ' ')) {
      continue;
    }
    const std::string_view rest = Trim(trimmed.substr(head.size()));
    if (rest.empty() || std::all_of(rest.begin(), rest.end(), [](char c) {
          return c >= '0' && c <= '9';  // an ops line's rate
        })) {
      return true;
    }
    if (std::any_of(providers_.begin(), providers_.end(),
                    [&](const std::string& tag) { return prefix_of(rest, tag); })) {
      return true;
    }
    // The operations of the lines read, and those of throughput lines in general (a cut
    // "decrypt" line after the "encrypt" lines).
    const auto doing_prefix = [&](std::string_view doing) {
      return prefix_of(rest, std::string(doing) + " buffer size");
    };
    if (std::any_of(doings_.begin(), doings_.end(), doing_prefix) ||
        std::any_of(std::begin(kThroughputDoings), std::end(kThroughputDoings), doing_prefix)) {
      return true;
    }
  }
  return false;
}

// botan speed times a cipher's key setup before its throughput lines ("AES-128/GCM(16) [clmul]
// 142541 key schedule/sec; 0.01 ms/op 18122 cycles/op (2 ops in 0 ms)"): bench_cipher_mode in
// src/cli/speed.cpp (Botan 2.19.3 and 3.x) runs set_key once for the encryptor and once for the
// decryptor, and Botan 3's bench_block_cipher once. Two cold calls are no steady rate, and the
// figure is a per-key cost, not the cipher's throughput: it is left out, and Build names its
// lines. The same name again begins the next run.
Offer BotanSpeedParser::SkipKeySchedule(const SourceLine& line, const std::string& name,
                                        const std::string& provider) {
  const std::string label = provider.empty() ? name : fmt::format("{} [{}]", name, provider);
  for (const auto& [seen, at] : key_schedules_) {
    if (seen == label) {
      return Offer::kNewRun;
    }
  }
  key_schedules_.emplace_back(label, line.number);
  return Offer::kConsumed;
}

results::RunResult BotanSpeedParser::Build() {
  builder_.Caveat(
      "Timing basis: wall clock. botan speed adds up the wall-clock time of the timed calls "
      "(its nanosecond system timestamp) for --msec milliseconds per algorithm.");
  builder_.Caveat(
      "Botan prints MiB/sec, 2^20 bytes per second; the figures are converted to bytes/s "
      "(1 MiB/s = 1.048576 MB/s).");
  if (saw_cycles_) {
    builder_.run().machine.tick_counter = "unknown";
    builder_.Caveat(
        "cycles/byte and cycles/op are Botan's readings of the CPU's cycle or timestamp counter "
        "(on x86 the TSC, which runs at a constant rate, not the core clock); they are kept as "
        "ticks per operation.");
  }
  bool any_provider = false;
  for (const results::AlgorithmResult& alg : builder_.run().algorithms) {
    any_provider = any_provider || !alg.implementation.empty();
  }
  if (any_provider) {
    builder_.Caveat(
        "Botan's [provider] tag is kept as each algorithm's implementation; rows without one "
        "ran on Botan's default ('base') provider or did not say.");
  }
  if (saw_old_format_) {
    builder_.Caveat(fmt::format(
        "The throughput lines print no buffer size (Botan 2.0 and 2.1): each is read at "
        "--buf-size ({}), except a bare block cipher's, which Botan runs over --buf-size blocks "
        "(--buf-size x its block size; src/cli/speed.cpp, bench_block_cipher); each cell's "
        "caveat says which.",
        buf_size_ > 0 ? fmt::format("{} bytes", buf_size_)
                      : fmt::format("{} bytes by default; the paste shows no --buf-size",
                                    kBotan2DefaultBufSize)));
  }
  if (saw_block_cipher_) {
    builder_.Caveat(
        "Botan's bare block-cipher rows ('AES-128') encrypt the buffer block by block without "
        "chaining, which is ECB: they are imported as AES-...-ECB.");
  }
  if (saw_cbc_) {
    builder_.Caveat(
        "Botan's CBC rows pad every buffer (PKCS#7 unless the name says otherwise): one extra "
        "block per operation.");
  }
  if (saw_key_agreement_) {
    builder_.Caveat(
        "Botan's key-agreement figures may include a KDF over the shared secret (Botan 2's "
        "speed derives a 32-byte key with KDF2(SHA-256)), not the raw derivation alone.");
  }
  if (!key_schedules_.empty()) {
    std::vector<size_t> lines;
    for (const auto& [label, at] : key_schedules_) {
      lines.push_back(at);
    }
    builder_.Caveat(fmt::format(
        "{} {}: botan speed's 'key schedule/sec' figures are not imported: each times setting "
        "a key once or twice (src/cli/speed.cpp, bench_cipher_mode), a per-key cost and no "
        "steady rate, not the cipher's throughput, which the other lines give.",
        lines.size() == 1 ? "Line" : "Lines", fmt::join(lines, ", ")));
  }
  if (builder_.run().source.tool_version.empty()) {
    builder_.Caveat(
        "The Botan version is not in the paste (botan speed prints it only with --verbose).");
  }
  return builder_.Finish();
}

}  // namespace cryptobench::import
