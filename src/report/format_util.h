// Number, size and status formatting shared by the human-readable renderers (table, Markdown),
// so that every format prints the same figure the same way.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "results/model.h"

namespace cryptobench::report {

/// A rate with a precision that keeps about four significant digits readable: three
/// significant digits below 1, two decimals below 100, one below 10000, none above ("0.00123",
/// "0.500", "56.78", "1234.5", "41229"; below 1e-6 "1.23e-07"), so a nonzero rate never
/// prints as zero. Any unit. Shared by the table, Markdown and CSV writers.
std::string FormatRate(double value);

/// A small cost (ns per byte, cycles per byte, Mcycles) with about three significant digits:
/// three decimals below 10 (more below 0.01, so that two significant digits show: "0.00043"),
/// two below 100, one above ("0.656", "12.34", "123.4"); a nonzero cost never prints as zero.
std::string FormatCost(double value);

/// Bytes per second as MB/s (10^6 bytes/s), FormatRate precision, without the unit.
std::string FormatMbPerS(double bytes_per_s);

/// The relative CI half-width above which a figure is shown as noisy rather than with its
/// percentage: 0.5 (50%). Past it the interval is as wide as the figure itself ("±128.7%" would
/// put the rate below zero), so the digits say nothing; hyperfine likewise keeps the figure and
/// warns ("Statistical outliers were detected. Consider re-running this benchmark on a quiet
/// system ...") instead of trusting it.
inline constexpr double kNoisyRelativeHalfWidth = 0.5;

/// True if `estimate`'s CI half-width relative to its value is above kNoisyRelativeHalfWidth
/// (or cannot be computed from a finite, positive value and finite bounds).
bool IsNoisy(const results::Estimate& estimate);

/// Half the CI width relative to the value, as "±0.4%" (one decimal; "±?" when value is 0);
/// a noisy estimate (IsNoisy) as "±>50% (noisy)". Text, Markdown and HTML tables use this one
/// text; CSV and JSON carry the CI bounds themselves.
std::string FormatCiHalfWidth(const results::Estimate& estimate);

/// The note that explains "(noisy)" to a reader, in hyperfine's manner: the figure stays, and
/// the reader is told why it is unreliable and what to do. `noisy` names the cells ("AES-128-GCM
/// encrypt at 16 B, ...").
std::string NoisyNote(const std::string& noisy);

/// "1234.5 ±0.4%": a rate (already in the display unit) and its relative CI half-width.
std::string FormatRateWithCi(const results::Estimate& estimate_in_unit);

/// Input size label: "16 B", "1350 B", "1 KiB", "16 KiB" (KiB only for exact multiples of 1024).
std::string FormatSize(uint64_t bytes);

/// The input size of a throughput cell: FormatSize, or "unknown size" for 0, the size of an
/// imported throughput whose output does not give it (a wolfCrypt row pasted without its
/// "(block bytes N" banner; results::Cell::input_len).
std::string FormatThroughputSize(uint64_t input_len);

/// Tick-counter rate: "2.60 GHz", "25.0 MHz", "1000 Hz".
std::string FormatHz(double hz);

/// Short label of a non-ok status for a table cell: "FAILED KAT", "crashed", "timeout", "error",
/// "unsupported"; "ok" for kOk.
std::string StatusLabel(results::CellStatus status);

/// Label with the cell's message where it says what happened: "crashed: SIGSEGV",
/// "error: EVP_EncryptUpdate failed", "timeout", "FAILED KAT", "unsupported".
std::string StatusText(const results::Cell& cell);

/// Number of terminal columns `text` takes: UTF-8 code points (the renderers use only
/// single-width characters such as '±' and 'µ').
size_t DisplayWidth(std::string_view text);

/// `text` padded with spaces to `width` display columns, on the left (right-aligned) or right.
std::string PadLeft(std::string_view text, size_t width);
std::string PadRight(std::string_view text, size_t width);

/// `text` without a leading `prefix`: OpenSSL_version() strings carry labels such as
/// "platform: " or "compiler: " that a renderer with its own labels drops.
std::string StripPrefix(const std::string& text, std::string_view prefix);

/// The capability vector for display: "N/A (built without assembly)" for "N/A", "unknown" if
/// the backend did not report one, else verbatim.
std::string CapabilityText(const results::LibraryInfo& library);

/// CapabilityText for a run read from a paste, whose CPU may be of any architecture: OpenSSL
/// 3.x prints "CPUINFO: N/A" in a build without assembly on x86, ARM and s390x, and in some or
/// all builds elsewhere (results::CpuinfoNaSaysNothingOn). "N/A (built without assembly)" only when
/// the platform line names an x86 or ARM target ("linux-x86_64", "BSD-x86_64", "linux-aarch64",
/// "darwin64-arm64", "mingw64", "VC-WIN64A", ...); otherwise N/A with both readings.
std::string PastedCapabilityText(const results::LibraryInfo& library);

/// The leading "OpenSSL " stripped and the release date dropped: "OpenSSL 3.0.19 27 Jan 2026"
/// -> "3.0.19". Other strings are returned unchanged.
std::string ShortLibraryVersion(const std::string& version);

/// Plain text for a Markdown table cell or paragraph: backslash-escapes '|' (ends a table
/// cell), '*' (emphasis) and '<' (HTML tag or autolink); line breaks become spaces (CommonMark
/// 2.4: any ASCII punctuation may be escaped).
std::string MarkdownText(const std::string& text);

/// An inline Markdown code span that survives backticks in the text (CommonMark 6.1: a longer
/// fence). '|' is still escaped: GitHub splits table cells at it even inside code spans.
std::string MarkdownCode(const std::string& text);

}  // namespace cryptobench::report
