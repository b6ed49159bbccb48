// Small text helpers shared by the import parsers: trimming, splitting into words, and strict,
// locale-independent number parsing of the figures foreign tools print.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/utf8.h"  // ValidUtf8, which the parsers call

namespace cryptobench::import {

/// The most characters of input an error message quotes: enough to recognise the line, short
/// enough that the one-line error stays readable when a paste joined many lines into one.
inline constexpr size_t kMaxQuotedChars = 80;

/// `text` in single quotes for an error message ("expected ..., found 'TEXT'"): at most
/// kMaxQuotedChars characters (UTF-8 sequences; a byte that is not valid UTF-8 counts as one
/// and is written as U+FFFD), and a longer text cut there, with "..." before the closing quote.
std::string QuoteForError(std::string_view text);

/// A JSON parser's message for a user: without nlohmann's "[json.exception.NAME.ID] " prefix,
/// and with the input it quotes cut as QuoteForError cuts it (parse errors say "...; last
/// read: 'TOKEN'", maybe followed by "; expected X", and TOKEN can be megabytes). Other
/// messages come back whole, or cut to 400 bytes followed by "...".
std::string ShortenJsonError(std::string_view message);

/// `text` without leading and trailing spaces, tabs, CR and LF.
std::string_view Trim(std::string_view text);

/// Words separated by runs of whitespace (space, tab); empty words are dropped.
std::vector<std::string_view> SplitWords(std::string_view text);

/// words[begin, end) joined with single spaces.
std::string JoinWords(const std::vector<std::string_view>& words, size_t begin, size_t end);

/// Fields separated by `separator`, empty fields kept ("a::b" → "a", "", "b").
std::vector<std::string_view> SplitFields(std::string_view text, char separator);

/// True if `text` starts with `prefix`, comparing ASCII letters case-insensitively.
bool StartsWithNoCase(std::string_view text, std::string_view prefix);

/// ASCII lower-case copy.
std::string ToLower(std::string_view text);

/// Parses a whole decimal number as printf("%f") writes it: optional sign, digits, optional
/// fraction, optional exponent, or "inf"/"nan" in any case with an optional sign (how glibc
/// prints infinities and NaNs). No leading or trailing characters are allowed.
std::optional<double> ParseDouble(std::string_view text);

/// Parses a figure of openssl speed's symmetric table in bytes/s: "1234.56k" (1000s of
/// bytes/s, so 1234560) or "987.65" (speed prints rates up to 10000 bytes/s without the 'k'),
/// the number as ParseDouble reads it; nullopt for anything else.
std::optional<double> ParseSpeedFigure(std::string_view word);

/// True if `text` ends with `suffix`.
bool EndsWith(std::string_view text, std::string_view suffix);

/// Parses a time as openssl speed prints it, a number with an 's' suffix: "0.000123s", "infs".
std::optional<double> ParseSeconds(std::string_view word);

/// Parses a non-negative decimal integer (digits only, at most 18 of them).
std::optional<unsigned long long> ParseUnsigned(std::string_view text);

/// The fastest throughput an imported figure may claim: 10^15 bytes/s (1 PB/s). The memory
/// bandwidth of the largest servers is about 10^12 bytes/s (two sockets of 12 DDR5 channels;
/// HBM accelerators reach a few 10^12), and the fastest primitive on one core (AES-CTR or -GCM
/// with VAES, BLAKE3) runs at a few 10^10 bytes/s from cache; a thousand cores at 10^12 each
/// would still stay below this bound. A larger figure is a paste's damage (digits run
/// together, an exponent typed in), not a measurement.
inline constexpr double kMaxPlausibleBytesPerSecond = 1e15;

/// The most operations per second an imported figure may claim: 10^12. A call takes at
/// least one clock cycle (below 10^10 Hz on any CPU), and a thousand cores at 10^9 calls each
/// give 10^12.
inline constexpr double kMaxPlausibleOpsPerSecond = 1e12;

/// "" when a figure is within kMaxPlausibleBytesPerSecond (throughput figures, `bytes_per_s`
/// set) or kMaxPlausibleOpsPerSecond (operation rates), else why it cannot be a measurement,
/// for a caveat ("1e+41 bytes/s is above 1e+15 bytes/s (1 PB/s), ..."). Non-finite and
/// negative figures are left to the caller's own checks.
std::string ImplausibleFigure(double ops_per_s, const double* bytes_per_s);

/// How an imported cell's message begins when the text printed a figure that cannot be a
/// measurement and the cell is an error for it: a non-finite or negative figure, one beyond
/// ImplausibleFigure's bounds, or a progress line's impossible count or time (a negative time,
/// a count in 0 s of wall-clock time, a time far beyond the requested one). Every parser writes
/// these messages with one of the prefixes, and IsRejectedFigureMessage reads them back.
inline constexpr std::string_view kImpossibleFigurePrefix = "impossible figure";
inline constexpr std::string_view kImplausibleFigurePrefix = "implausible figure";
inline constexpr std::string_view kImpossibleTimerPrefix = "impossible timer value";

/// True if a cell's `message` says its figure was rejected as impossible or implausible (one of
/// the prefixes above), not that the operation failed or ran outside the process.
bool IsRejectedFigureMessage(std::string_view message);

/// True if `text` looks like a number a tool meant to print (starts with a digit, or a sign or
/// dot then a digit): used to tell a malformed figure ("12.3x") from ordinary words.
bool LooksNumeric(std::string_view text);

}  // namespace cryptobench::import
