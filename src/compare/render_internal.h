// Pieces shared by the table and Markdown renderers of compare.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "compare/model.h"

namespace cryptobench::compare::internal {

/// "live, OpenSSL 3.0.19, /usr/lib/.../libcrypto.so.3, wall-clock time, env OPENSSL_ia32cap=..."
/// and the like: where a side came from and how it was timed.
std::string SideDescription(const Side& side);

/// Rows that were not compared, one line per (algorithm, operation, reason), with their sizes:
/// "AES-128-OCB encrypt (16 B, 64 B): only in A", "RSA-2048 sign: unsupported in B".
std::vector<std::string> NotComparedLines(const PairComparison& pair,
                                          const std::vector<Side>& sides);

/// The size column: "16 KiB", or "-" for a public-key row.
std::string SizeText(const Row& row);

/// "B (masked) vs A (sys)".
std::string PairTitle(const PairComparison& pair, const std::vector<Side>& sides);

/// What the ratio columns mean, one sentence per entry.
std::vector<std::string> LegendSentences(double threshold);

}  // namespace cryptobench::compare::internal

namespace cryptobench::compare::internal {

/// The terminal table (CompareFormat::kTable).
void RenderTable(const CompareReport& report, std::ostream& out);

/// The Markdown document (CompareFormat::kMarkdown).
void RenderMarkdown(const CompareReport& report, std::ostream& out);

}  // namespace cryptobench::compare::internal
