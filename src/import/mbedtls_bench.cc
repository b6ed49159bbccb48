// Parser of the mbedTLS benchmark program's output.
#include "import/mbedtls_bench.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "import/foreign_names.h"
#include "import/import.h"
#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

// The most columns SplitMbedtlsColumns splits a paste into: side-by-side pastes compare a few
// builds (three in mbedtls pull request 1964).
constexpr size_t kMaxColumns = 16;

// BUFSIZE of programs/test/benchmark.c: every symmetric figure processes 1024-byte buffers.
constexpr uint64_t kMbedtlsBufferBytes = 1024;

// A cycle counter faster than this (Hz) does not exist: the fastest shipping cores boost to
// about 6.2 GHz (Intel's Core i9-14900KS), and time-stamp counters tick at the base clock or
// below; the same ceiling as diagnose's kHighestCoreHz.
constexpr double kMaxCounterHz = 6.5e9;

struct Parsed {
  std::string label;
  double value = 0;
  std::string unit;          ///< "KiB/s" or the per-second operation ("public/s", "sign/s", ...)
  std::string printed_unit;  ///< as printed: "Kb/s", "KB/s" and "kB/s" are read as "KiB/s"
  double per_byte = 0;
  std::string per_byte_unit;  ///< "cycles/byte", "ns/byte" or ""
  bool heap = false;          ///< a public-key row with its heap use after the rate
  /// Milliseconds of one timed operation ("%6lu ms/" TYPE, mbed OS example), or -1 when the
  /// row prints a rate.
  double ms_per_op = -1;
};

// The label before the colon of HEADER_FORMAT ("  %-24s :  "; "  %-15s :  " before
// 8271f2ffb5, whose longer labels touch the colon: "  CAMELLIA-CBC-128:  "), and the rest.
std::optional<std::pair<std::string, std::string_view>> SplitLabel(std::string_view trimmed) {
  const size_t colon = trimmed.find(" : ");
  const size_t colon2 = colon == std::string_view::npos ? trimmed.find(": ") : colon;
  if (colon2 == std::string_view::npos || colon2 == 0) {
    return std::nullopt;
  }
  std::string label(Trim(trimmed.substr(0, colon2)));
  if (label.empty() || label.size() > 48) {
    return std::nullopt;
  }
  return std::make_pair(std::move(label), Trim(trimmed.substr(trimmed.find(':', colon2) + 1)));
}

std::string_view WithoutComma(std::string_view word) {
  return EndsWith(word, ",") ? word.substr(0, word.size() - 1) : word;
}

// The shapes programs/test/benchmark.c printed (Mbed-TLS/mbedtls history):
//   "%9lu Kb/s,  %9lu cycles/byte"   TIME_AND_TSC since 5121ce5bdb (2009, XySSL/PolarSSL)
//   "%9lu KB/s, ..." and "kB/s"      46cf773f2f, a0748019f1 (2017, development branch only)
//   "%9lu KiB/s,  %9lu cycles/byte"  0728d69d6d (2017-11, mbedtls-2.7.0 and later)
//   "%9lu  public/s", "%9lu private/s"  RSA since 5121ce5bdb; "handshake/s" e870c0a5d6 (DHM),
//                                    "sign/s", "verify/s" with TIME_PUBLIC (8271f2ffb5)
//   "%6lu <op>/s%6u heap bytes"      MEMORY_MEASURE_PRINT with MBEDTLS_MEMORY_DEBUG, 50da0482e0
//   "... heap bytes, %6u allocs"     c4055446c4 (mbedtls-3.2.0)
// and "ns/byte" in ports without a cycle counter (Zephyr's).
//   "%6lu ms/" TYPE                  the mbed OS example (yotta/data/example-benchmark/main.cpp,
//                                    Mbed-TLS/mbedtls 2015-2017, e.g. at 0728d69d6d): TIME_PUBLIC
//                                    times ONE run of its code with mbed's Timer (t.read_ms(),
//                                    whole milliseconds): "41 ms/ public", "1349 ms/private",
//                                    "640 ms/sign", "751 ms/verify", "730 ms/handshake".
std::optional<Parsed> ParseMillisecondsLine(const std::string& label,
                                            const std::vector<std::string_view>& words) {
  if (words.size() < 2 || words[1].substr(0, 3) != "ms/") {
    return std::nullopt;
  }
  const auto ms = ParseUnsigned(words[0]);
  std::string_view type = words[1].substr(3);
  size_t next = 2;
  if (type.empty() && words.size() >= 3) {
    type = words[2];  // TYPE " public": the space is part of the type's name
    next = 3;
  }
  static const std::vector<std::string_view> kTypes = {"public", "private", "sign", "verify",
                                                       "handshake"};
  if (!ms || std::find(kTypes.begin(), kTypes.end(), type) == kTypes.end()) {
    return std::nullopt;
  }
  Parsed parsed;
  parsed.label = label;
  parsed.unit = std::string(type) + "/s";
  parsed.printed_unit = "ms/" + std::string(type);
  parsed.ms_per_op = static_cast<double>(*ms);
  parsed.value = *ms > 0 ? 1000.0 / static_cast<double>(*ms) : 0;
  // MEMORY_MEASURE_PRINT's "%6u heap bytes" may follow.
  parsed.heap = words.size() >= next + 3 && words[next + 1] == "heap" &&
                WithoutComma(words[next + 2]) == "bytes";
  return parsed;
}

std::optional<Parsed> ParseLine(std::string_view trimmed) {
  const auto split = SplitLabel(trimmed);
  if (!split) {
    return std::nullopt;
  }
  Parsed parsed;
  parsed.label = split->first;
  std::vector<std::string_view> words = SplitWords(split->second);
  if (auto ms = ParseMillisecondsLine(parsed.label, words)) {
    return ms;
  }
  // A TYPE of two words: "full handshake" (0b93102415, mbedtls-2.19 to 3.5), "ephemeral
  // handshake" and "static handshake" (dd9cbf99c2, mbedtls-3.6.0); the qualifier is kept in
  // the unit ("full handshake/s").
  std::string_view qualifier;
  if (words.size() >= 3 &&
      (words[1] == "full" || words[1] == "ephemeral" || words[1] == "static") &&
      WithoutComma(words[2]) == "handshake/s") {
    qualifier = words[1];
    words.erase(words.begin() + 1);
  }
  if (words.size() < 2 || !EndsWith(WithoutComma(words[1]), "/s")) {
    return std::nullopt;
  }
  const auto value = ParseDouble(words[0]);
  if (!value) {
    return std::nullopt;
  }
  parsed.value = *value;
  parsed.unit = qualifier.empty() ? std::string(WithoutComma(words[1]))
                                  : fmt::format("{} {}", qualifier, WithoutComma(words[1]));
  parsed.printed_unit = parsed.unit;
  if (parsed.unit == "Kb/s" || parsed.unit == "KB/s" || parsed.unit == "kB/s") {
    // PolarSSL and mbedTLS before 2.7 ("Kb/s"), the development branch of 2017 ("KB/s",
    // "kB/s") and mbed OS's example ("KB/s") print the same i * BUFSIZE / 1024 as "KiB/s".
    parsed.unit = "KiB/s";
  }
  if (words.size() >= 4 && (words[3] == "cycles/byte" || words[3] == "ns/byte")) {
    if (const auto per = ParseDouble(words[2])) {
      parsed.per_byte = *per;
      parsed.per_byte_unit = std::string(words[3]);
    }
  } else if (words.size() >= 5 && words[3] == "heap" && WithoutComma(words[4]) == "bytes" &&
             ParseUnsigned(words[2])) {
    parsed.heap = true;
  }
  return parsed;
}

// "<label> :  FAILED: -0x4080" (PRINT_ERROR, 1a2012459b) or "Feature Not Supported.
// Skipping." (21411d2b79): the benchmark measured nothing for the label.
std::optional<std::pair<std::string, std::string>> ParseNotMeasured(std::string_view trimmed) {
  const auto split = SplitLabel(trimmed);
  if (!split) {
    return std::nullopt;
  }
  const std::string_view rest = split->second;
  if (rest.substr(0, 6) == "FAILED" || StartsWithNoCase(rest, "Feature Not Supported")) {
    return std::make_pair(split->first, std::string(rest));
  }
  return std::nullopt;
}

// The figure groups of a row's text after its label: "2883  public/s", "120000 KiB/s,  8
// cycles/byte", "56 private/s  12345 heap bytes,  30 allocs", each as one string; empty when a
// word fits no group (prose, a cut group).
std::vector<std::string> FigureGroups(std::string_view rest) {
  const std::vector<std::string_view> words = SplitWords(rest);
  std::vector<std::string> groups;
  size_t i = 0;
  const auto number = [&](size_t at) {
    return at < words.size() && ParseDouble(WithoutComma(words[at]));
  };
  while (i < words.size()) {
    const size_t start = i;
    if (!number(i)) {
      return {};
    }
    ++i;
    if (i < words.size() &&
        (words[i] == "full" || words[i] == "ephemeral" || words[i] == "static")) {
      ++i;
    }
    if (i >= words.size() || !EndsWith(WithoutComma(words[i]), "/s")) {
      return {};
    }
    ++i;
    if (number(i) && i + 1 < words.size() &&
        (words[i + 1] == "cycles/byte" || words[i + 1] == "ns/byte")) {
      i += 2;
    } else if (number(i) && i + 2 < words.size() && words[i + 1] == "heap" &&
               WithoutComma(words[i + 2]) == "bytes") {
      i += 3;
      if (number(i) && i + 1 < words.size() && words[i + 1] == "allocs") {
        i += 2;
      }
    }
    groups.push_back(JoinWords(words, start, i));
  }
  return groups;
}

// A row's figure groups when it holds two or more of one unit, each a whole mbedTLS figure.
std::vector<std::string> SideBySideGroups(const std::string& label, std::string_view rest) {
  std::vector<std::string> groups = FigureGroups(rest);
  if (groups.size() < 2) {
    return {};
  }
  const auto unit = [](const std::string& group) {
    const std::vector<std::string_view> words = SplitWords(group);
    return std::string(words.size() > 2 && !EndsWith(WithoutComma(words[1]), "/s")
                           ? WithoutComma(words[2])
                           : WithoutComma(words[1]));
  };
  for (const std::string& group : groups) {
    if (unit(group) != unit(groups.front()) ||
        !IsMbedtlsBenchLine(fmt::format("{} : {}", label, group))) {
      return {};
    }
  }
  return groups;
}

std::vector<std::string_view> TextLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) {
      break;
    }
    start = end + 1;
  }
  return lines;
}

// "  before     just 64-bit limbs      64-bit limbs + assembly multiplication": the names
// between runs of two or more blanks.
std::vector<std::string> HeaderNames(std::string_view line) {
  std::vector<std::string> names;
  std::string current;
  size_t blanks = 0;
  for (const char c : line) {
    if (c == ' ' || c == '\t') {
      blanks += c == '\t' ? 2 : 1;  // a tab separates names as two blanks do
      continue;
    }
    if (blanks >= 2) {
      if (!current.empty()) {
        names.push_back(std::move(current));
      }
      current.clear();
    } else if (blanks == 1 && !current.empty()) {
      current.push_back(' ');
    }
    blanks = 0;
    current.push_back(c);
  }
  if (!current.empty()) {
    names.push_back(std::move(current));
  }
  return names;
}

}  // namespace

std::optional<MbedtlsColumns> SplitMbedtlsColumns(std::string_view text) {
  const std::vector<std::string_view> lines = TextLines(text);
  std::vector<std::vector<std::string>> groups(lines.size());
  std::vector<std::string> labels(lines.size());
  size_t rows = 0;
  size_t columns = 0;
  size_t first = lines.size();
  size_t last = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    const auto split = SplitLabel(Trim(lines[i]));
    if (!split) {
      continue;
    }
    groups[i] = SideBySideGroups(split->first, split->second);
    if (groups[i].empty()) {
      continue;
    }
    labels[i] = split->first;
    ++rows;
    columns = std::max(columns, groups[i].size());
    first = std::min(first, i);
    last = i;
  }
  // At most kMaxColumns texts are built (memory: one line end per line of the paste each);
  // beyond that, or for one such row alone, the parser reads each row's first group and names
  // the rows whose other groups it leaves out.
  if (rows < 2 || columns > kMaxColumns) {
    return std::nullopt;
  }
  MbedtlsColumns out;
  out.first_line = first + 1;
  out.last_line = last + 1;
  out.texts.resize(columns);
  for (size_t i = 0; i < lines.size(); ++i) {
    for (size_t k = 0; k < columns; ++k) {
      if (!groups[i].empty()) {
        if (k < groups[i].size()) {
          out.texts[k] += fmt::format("  {} : {}", labels[i], groups[i][k]);
        }
      } else if (k == 0) {
        out.texts[k] += lines[i];
      }
      if (i + 1 < lines.size() || text.ends_with('\n')) {
        out.texts[k] += '\n';  // as many line ends as the paste: its line numbers hold
      }
    }
  }
  if (first > 0) {
    std::vector<std::string> names = HeaderNames(Trim(lines[first - 1]));
    if (names.size() == columns && SplitLabel(Trim(lines[first - 1])) == std::nullopt) {
      out.names = std::move(names);
      out.header_line = first;
    }
  }
  return out;
}

bool IsMbedtlsBenchLine(std::string_view trimmed) {
  const std::optional<Parsed> parsed = ParseLine(trimmed);
  return parsed &&
         (parsed->unit == "KiB/s" || parsed->unit == "public/s" || parsed->unit == "private/s" ||
          parsed->unit == "sign/s" || parsed->unit == "verify/s" || parsed->unit == "handshake/s" ||
          parsed->unit == "full handshake/s" || parsed->unit == "ephemeral handshake/s" ||
          parsed->unit == "static handshake/s" || parsed->unit == "keygen/s");
}

NamedAlgorithm MapMbedtlsLabel(std::string_view label, std::string_view operation) {
  const std::string upper = [&] {
    std::string out(label);
    for (char& c : out) {
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return out;
  }();
  std::string spelling(label);
  // "AES-CBC-128" → "AES-128-CBC"
  const std::vector<std::string_view> parts = SplitFields(label, '-');
  if (parts.size() == 3 && ParseUnsigned(parts[2]) &&
      (ToLower(parts[0]) == "aes" || ToLower(parts[0]) == "camellia" ||
       ToLower(parts[0]) == "aria")) {
    unsigned bits = static_cast<unsigned>(*ParseUnsigned(parts[2]));
    spelling = fmt::format("{}-{}-{}", parts[0], bits, parts[1]);
  } else if (parts.size() == 2 && ParseUnsigned(parts[1]) &&
             (ToLower(parts[0]) == "aes" || ToLower(parts[0]) == "camellia")) {
    // PolarSSL 0.10 to 1.1 print "AES-%d" and "CAMELLIA-%d" for CBC encryption
    // (5121ce5bdb, 38119b18d6: aes_crypt_cbc, camellia_crypt_cbc); 89e80c9a43 (2012) named
    // them "AES-CBC-%d" and "CAMELLIA-CBC-%d".
    spelling = fmt::format("{}-{}-CBC", parts[0], parts[1]);
  } else if (upper == "3DES") {
    spelling = "DES-EDE3-CBC";
  } else if (upper == "DES") {
    spelling = "DES-CBC";
  } else if (upper == "ECDSA-SECP256R1") {
    spelling = "ECDSA-P256";
  } else if (upper == "ECDSA-SECP384R1") {
    spelling = "ECDSA-P384";
  } else if (upper == "ECDHE-X25519" || upper == "ECDHE-CURVE25519") {
    // "ECDHE-Curve25519": 85391f2a65 (2015) until the curve's own name took over.
    spelling = "X25519";
  }
  const std::string kind = InferForeignKind(spelling, operation);
  NamedAlgorithm named = MapForeignName(spelling, kind);
  if (!named.catalogued) {
    named.name = spelling;  // the label, or its usual spelling ("DES" → "DES-CBC")
  }
  return named;
}

MbedtlsBenchParser::MbedtlsBenchParser(std::string_view file_name)
    : builder_("mbedTLS benchmark", "mbedtls", file_name) {}

void MbedtlsBenchParser::SetCommand(const std::vector<std::string>& args, size_t line) {
  (void)args;
  (void)line;
}

Offer MbedtlsBenchParser::Take(const SourceLine& line) {
  if (line.kind != LineKind::kText) {
    return Offer::kNotMine;
  }
  const std::string_view trimmed = Trim(line.text);
  if (trimmed == "MBEDTLS Benchmark sample") {
    return HasFigures() ? Offer::kNewRun : Offer::kConsumed;
  }
  if (const auto not_measured = ParseNotMeasured(trimmed); not_measured && HasFigures()) {
    builder_.Caveat(fmt::format("Line {}: the benchmark measured nothing for '{}' ('{}').",
                                line.number, not_measured->first, not_measured->second));
    return Offer::kConsumed;
  }
  if (!IsMbedtlsBenchLine(trimmed)) {
    if (const auto split = SplitLabel(trimmed); split && HasFigures()) {
      // A row cut short where the paste ends or breaks ("ECDSA-secp384r1 : 463 sig"): its
      // figure and at most the start of a unit.
      const std::vector<std::string_view> words = SplitWords(split->second);
      static constexpr std::string_view kUnits[] = {
          "KiB/s",    "Kb/s",     "KB/s", "kB/s",      "public/s", "private/s",  "sign/s",
          "verify/s", "keygen/s", "full", "ephemeral", "static",   "handshake/s"};
      const bool cut =
          !words.empty() && words.size() <= 2 && ParseDouble(words[0]).has_value() &&
          (words.size() == 1 ||
           std::any_of(std::begin(kUnits), std::end(kUnits), [&](std::string_view unit) {
             return unit.substr(0, words[1].size()) == words[1];
           }));
      if (cut) {
        builder_.Caveat(fmt::format(
            "Line {}: the row '{}' is cut short ('{}', where the paste ends or breaks); it gives "
            "no figure.",
            line.number, split->first, split->second));
        return Offer::kConsumed;
      }
    }
    return Offer::kNotMine;
  }
  const Parsed parsed = *ParseLine(trimmed);
  if (const auto split = SplitLabel(trimmed)) {
    if (const size_t groups = FigureGroups(split->second).size(); groups > 1) {
      several_groups_.emplace_back(line.number, groups);
    }
  }
  ForeignFigure figure;
  figure.line = line.number;
  figure.label = fmt::format("'{}'", parsed.label);
  if (parsed.unit == "KiB/s") {
    figure.algorithm = MapMbedtlsLabel(parsed.label, "encrypt");
    figure.operation = figure.algorithm.kind == "hash"  ? "hash"
                       : figure.algorithm.kind == "mac" ? "mac"
                       : figure.algorithm.kind == "rng" ? "generate"
                                                        : "encrypt";
    figure.input_len = kMbedtlsBufferBytes;
    figure.bytes_per_s = parsed.value * 1024.0;
    if (parsed.printed_unit != parsed.unit) {
      old_unit_ = parsed.printed_unit;
    }
    figure.ops_per_s = *figure.bytes_per_s / static_cast<double>(kMbedtlsBufferBytes);
    if (parsed.per_byte_unit == "cycles/byte" && parsed.per_byte > 0) {
      figure.ticks_per_op = parsed.per_byte * static_cast<double>(kMbedtlsBufferBytes);
      saw_cycles_ = true;
      // Bytes per second times the row's own cycles per byte (rounded down, so a floor) is the
      // rate of the counter behind them: above any core clock or time-stamp counter, one of the
      // two figures is wrong (a Nuclei SDK README's 4194304 KiB/s at "9 cycles/byte" on a
      // 32 MHz core: 38.7 GHz).
      if (const double hz = *figure.bytes_per_s * parsed.per_byte; hz >= kMaxCounterHz) {
        figure.problem = fmt::format(
            "{} KiB/s with its own {} cycles/byte gives a cycle counter at {:.1f} GHz, faster "
            "than any CPU clock, so one of the two is wrong (a timer fault)",
            parsed.value, parsed.per_byte, hz / 1e9);
        impossible_values_.emplace(parsed.value, line.number);
      }
    } else if (parsed.per_byte_unit == "ns/byte") {
      saw_ns_ = true;
    }
    if (figure.problem.empty()) {
      kept_rows_.push_back(
          {parsed.value, line.number, parsed.label, figure.algorithm.name, figure.operation});
    }
  } else {
    const std::string op = parsed.unit.substr(0, parsed.unit.size() - 2);
    if (parsed.ms_per_op == 0) {
      // Under the timer's whole millisecond: no rate can be told from it.
      builder_.Caveat(
          fmt::format("Line {}: '{}' {} took under 1 ms, below the whole milliseconds the mbed OS "
                      "benchmark prints; not read as a figure.",
                      line.number, parsed.label, op));
      return Offer::kConsumed;
    }
    figure.operation = op;
    figure.algorithm = MapMbedtlsLabel(parsed.label, op);
    figure.ops_per_s = parsed.value;
    saw_heap_ = saw_heap_ || parsed.heap;
    saw_ms_ = saw_ms_ || parsed.ms_per_op > 0;
  }
  if (builder_.Contains(figure.algorithm.name, "", figure.operation, figure.input_len)) {
    return Offer::kNewRun;
  }
  builder_.Add(figure);
  return Offer::kConsumed;
}

results::RunResult MbedtlsBenchParser::Build() {
  // A row printing exactly the figure a row above showed impossible is the same fault: such a
  // broken timer prints one value on every row (the Nuclei README: 4194304 KiB/s, 2^22, from
  // MD5 to AES-CCM).
  for (const KeptRow& row : kept_rows_) {
    const auto same = impossible_values_.find(row.printed);
    if (same == impossible_values_.end()) {
      continue;
    }
    for (results::AlgorithmResult& alg : builder_.run().algorithms) {
      for (results::Cell& cell : alg.cells) {
        if (alg.algorithm == row.algorithm && cell.operation == row.operation &&
            cell.status == results::CellStatus::kOk) {
          cell.status = results::CellStatus::kError;
          cell.figures.reset();
          cell.message = fmt::format(
              "the same {} KiB/s as line {}, whose own cycles/byte show it impossible (line {})",
              row.printed, same->second, row.line);
          builder_.Caveat(fmt::format(
              "Line {}: '{}' prints the same {} KiB/s as line {}, whose own cycles/byte show it "
              "impossible; the cell is marked as an error.",
              row.line, row.label, row.printed, same->second));
        }
      }
    }
  }
  builder_.Caveat(
      "mbedTLS benchmark: each figure counts operations until an alarm after about one second "
      "(wall clock); symmetric figures process 1024-byte buffers and are printed in KiB/s "
      "(2^10 bytes).");
  if (saw_cycles_) {
    // TIME_AND_TSC: "%9lu cycles/byte" of (hardclock() - tsc) / (jj * BUFSIZE), an unsigned
    // integer division (programs/test/benchmark.c from 5121ce5bdb to mbedtls-3.6.x, and
    // TF-PSA-Crypto 1.0.0's after 34b4aa1f58 moved it there).
    builder_.Caveat(
        "Its cycles/byte come from mbedtls_timing_hardclock (the TSC on x86, not the core "
        "clock under turbo) and are whole numbers rounded down (an integer division), so a "
        "figure under 1 cycle/byte prints 0 and is not kept.");
  }
  if (!old_unit_.empty()) {
    builder_.Caveat(fmt::format(
        "Its \"{}\" is read as KiB/s: the benchmark divides the bytes processed by 1024, as "
        "releases printing \"KiB/s\" do.",
        old_unit_));
  }
  if (saw_heap_) {
    builder_.Caveat(
        "Its public-key rows also print the heap the operation used (MBEDTLS_MEMORY_DEBUG); "
        "that is not kept.");
  }
  if (saw_ms_) {
    builder_.Caveat(
        "Its \"ms/\" public-key rows (the mbed OS example) time ONE operation each with a "
        "millisecond timer: read as 1000 / ms operations per second, a single sample whose "
        "last digit is rounded (whole milliseconds).");
  }
  if (saw_ns_) {
    builder_.Caveat("Its ns/byte figures restate the throughput; they are not kept separately.");
  }
  if (!several_groups_.empty()) {
    // Rows SplitMbedtlsColumns did not split (one row alone, or more columns than it splits).
    std::vector<std::string> lines;
    for (const auto& [number, groups] : several_groups_) {
      lines.push_back(fmt::format("{} ({} groups)", number, groups));
    }
    builder_.Caveat(fmt::format(
        "{} {} {} several figure groups on one row (builds side by side?): only the first "
        "group of each is read.",
        lines.size() == 1 ? "Line" : "Lines", fmt::join(lines, ", "),
        lines.size() == 1 ? "holds" : "hold"));
  }
  return builder_.Finish();
}

}  // namespace cryptobench::import
