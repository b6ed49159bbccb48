// Parser of the mbedTLS benchmark program's output.
#include "import/mbedtls_bench.h"

#include <fmt/format.h>

#include "import/foreign_names.h"
#include "import/import.h"
#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

// BUFSIZE of programs/test/benchmark.c: every symmetric figure processes 1024-byte buffers.
constexpr uint64_t kMbedtlsBufferBytes = 1024;

struct Parsed {
  std::string label;
  double value = 0;
  std::string unit;          ///< "KiB/s" or the per-second operation ("public/s", "sign/s", ...)
  std::string printed_unit;  ///< as printed: "Kb/s" and "KB/s" are read as "KiB/s"
  double per_byte = 0;
  std::string per_byte_unit;  ///< "cycles/byte", "ns/byte" or ""
};

std::optional<Parsed> ParseLine(std::string_view trimmed) {
  const size_t colon = trimmed.find(" : ");
  const size_t colon2 = colon == std::string_view::npos ? trimmed.find(": ") : colon;
  if (colon2 == std::string_view::npos || colon2 == 0) {
    return std::nullopt;
  }
  Parsed parsed;
  parsed.label = std::string(Trim(trimmed.substr(0, colon2)));
  const std::string_view rest = Trim(trimmed.substr(trimmed.find(':', colon2) + 1));
  const std::vector<std::string_view> parts = SplitFields(rest, ',');
  const std::vector<std::string_view> first = SplitWords(parts[0]);
  if (first.size() != 2 || !EndsWith(first[1], "/s") || parsed.label.empty() ||
      parsed.label.size() > 48) {
    return std::nullopt;
  }
  const auto value = ParseDouble(first[0]);
  if (!value) {
    return std::nullopt;
  }
  parsed.value = *value;
  parsed.unit = std::string(first[1]);
  parsed.printed_unit = parsed.unit;
  if (parsed.unit == "Kb/s" || parsed.unit == "KB/s") {
    // PolarSSL and early mbedTLS ("Kb/s") and mbed OS's example ("KB/s") print the same
    // i * BUFSIZE / 1024 as "KiB/s" does later.
    parsed.unit = "KiB/s";
  }
  if (parts.size() == 2) {
    const std::vector<std::string_view> second = SplitWords(parts[1]);
    if (second.size() == 2 && (second[1] == "cycles/byte" || second[1] == "ns/byte")) {
      if (const auto per = ParseDouble(second[0])) {
        parsed.per_byte = *per;
        parsed.per_byte_unit = std::string(second[1]);
      }
    }
  }
  return parsed;
}

}  // namespace

bool IsMbedtlsBenchLine(std::string_view trimmed) {
  const std::optional<Parsed> parsed = ParseLine(trimmed);
  return parsed &&
         (parsed->unit == "KiB/s" || parsed->unit == "public/s" || parsed->unit == "private/s" ||
          parsed->unit == "sign/s" || parsed->unit == "verify/s" || parsed->unit == "handshake/s" ||
          parsed->unit == "keygen/s");
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
  } else if (upper == "3DES") {
    spelling = "DES-EDE3-CBC";
  } else if (upper == "DES") {
    spelling = "DES-CBC";
  } else if (upper == "ECDSA-SECP256R1") {
    spelling = "ECDSA-P256";
  } else if (upper == "ECDSA-SECP384R1") {
    spelling = "ECDSA-P384";
  } else if (upper == "ECDHE-X25519") {
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
  if (!IsMbedtlsBenchLine(trimmed)) {
    return Offer::kNotMine;
  }
  const Parsed parsed = *ParseLine(trimmed);
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
    } else if (parsed.per_byte_unit == "ns/byte") {
      saw_ns_ = true;
    }
  } else {
    const std::string op = parsed.unit.substr(0, parsed.unit.size() - 2);
    figure.operation = op;
    figure.algorithm = MapMbedtlsLabel(parsed.label, op);
    figure.ops_per_s = parsed.value;
  }
  if (builder_.Contains(figure.algorithm.name, "", figure.operation, figure.input_len)) {
    return Offer::kNewRun;
  }
  builder_.Add(figure);
  return Offer::kConsumed;
}

results::RunResult MbedtlsBenchParser::Build() {
  builder_.Caveat(
      "mbedTLS benchmark: each figure counts operations until an alarm after about one second "
      "(wall clock); symmetric figures process 1024-byte buffers and are printed in KiB/s "
      "(2^10 bytes).");
  if (saw_cycles_) {
    builder_.Caveat(
        "Its cycles/byte come from mbedtls_timing_hardclock (the TSC on x86, not the core "
        "clock under turbo; whole numbers, so below 1 cycle/byte they read 0 or 1).");
  }
  if (!old_unit_.empty()) {
    builder_.Caveat(fmt::format(
        "Its \"{}\" is read as KiB/s: the benchmark divides the bytes processed by 1024, as "
        "releases printing \"KiB/s\" do.",
        old_unit_));
  }
  if (saw_ns_) {
    builder_.Caveat("Its ns/byte figures restate the throughput; they are not kept separately.");
  }
  return builder_.Finish();
}

}  // namespace cryptobench::import
