// Number formatting shared by compare's summary sentences and renderers.
#pragma once

#include <string>
#include <vector>

#include "compare/model.h"

namespace cryptobench::compare {

/// A ratio with about three significant digits: "0.137", "0.95", "1.02", "7.31", "12.4".
std::string RatioText(double ratio);

/// `value` to three significant digits and never in exponent notation, for fitted costs and
/// ratios a reader compares by eye: 1832.6 -> "1830", 68.64 -> "68.6", -85.52 -> "-85.5",
/// 0.41236 -> "0.412", 1.5 -> "1.5" (trailing zeros dropped, as printf's %g drops them); "0"
/// for zero, and "inf" or "nan" as such.
std::string ThreeDigitsText(double value);

/// Items joined for a sentence: "a", "a and b", "a, b and c"; "" for none.
std::string JoinAnd(const std::vector<std::string>& items);

/// True when `a` and `b` have the same whitespace-separated words: a terminal or a paste changes
/// runs of spaces ("Feb  5" and "Feb 5" of one build date, a trailing space after the options).
bool SameWords(const std::string& a, const std::string& b);

/// A fraction as a percentage without trailing zeros: 0.05 -> "5%", 0.125 -> "12.5%".
std::string PercentText(double fraction);

/// A figure in its display unit: "1428.3 MB/s" (symmetric, 10^6 bytes/s) or "1672.3 ops/s".
std::string FigureValueText(const Figure& figure, bool symmetric);

/// The figure's CI as "±0.7%" (half-width relative to the value), or "single figure".
std::string FigureCiText(const Figure& figure);

/// The ratio's CI as "0.205-0.211", or "single sample" without one.
std::string RatioCiText(const RatioEstimate& ratio);

/// The library a run measured, by name and version: `library.version` with the backend in
/// front where the version string does not name its library (libsodium's "1.0.18" is
/// "sodium 1.0.18", libgcrypt's "1.10.1" "gcrypt 1.10.1"; "OpenSSL 3.0.19 27 Jan 2026" and
/// "wolfSSL 5.5.4" stay as they are); "" when the version is unknown.
std::string LibraryVersionName(const results::LibraryInfo& library);

/// LibraryVersionName for a sentence: without OpenSSL's release date or a parenthesised detail
/// ("OpenSSL 3.0.19", "Botan 2.19.3", "sodium 1.0.18").
std::string ShortLibraryVersionName(const results::LibraryInfo& library);

/// Which library `library` is, lower case: its backend ("openssl", "gnutls", ...), except that an
/// OpenSSL-API library whose version string names another product ("LibreSSL 3.8.2",
/// "BoringSSL") is that product ("libressl", "boringssl"). Two runs are of the same library
/// when these are equal.
std::string LibraryProduct(const results::LibraryInfo& library);

/// The "configure" fact of `run` (import: an autoconf `./configure ...` line typed in the tree the
/// run's program ran from, so the build's own configuration), or nullptr when the text shows none.
const results::SourceFact* ConfigureFactOf(const results::RunResult& run);

/// The "configure_unlinked" fact of `run` (import: a configure line pasted before the run, whose
/// command does not show it ran from that tree, so it need not be the run's build), or nullptr.
const results::SourceFact* UnlinkedConfigureFactOf(const results::RunResult& run);

/// A configure fact's options: the words after the script ("./configure --enable-aesni
/// --enable-intelasm" -> "--enable-aesni", "--enable-intelasm"); none for a bare "./configure".
std::vector<std::string> ConfigureOptions(const results::SourceFact& fact);

/// What `library.options` holds, for a sentence: "options" (OpenSSL's BN_options line, `openssl
/// version -o`), "Math: line" for wolfSSL's benchmark banner (its math library and word size,
/// not the build's configure options: import/wolfcrypt_bench.cc).
std::string OptionsLabel(const results::LibraryInfo& library);

/// Verdict words for a compared row: "within 5%", "significantly slower",
/// "slower, not significant", "slower beyond 5%, not testable" (and the faster forms), followed
/// by the sides' remarks on their figures ("(A's figure was recomputed from progress line 14)");
/// for a figure in doubt, "cannot tell: A's figure was read from a row damaged in the paste
/// (line 12)".
std::string VerdictText(const Row& row, double threshold);

/// The caveats of `row` whose doubt flag equals `doubt`, as "A's figure was ...; B's ...";
/// empty when none.
std::string FigureCaveatsText(const Row& row, bool doubt);

}  // namespace cryptobench::compare
