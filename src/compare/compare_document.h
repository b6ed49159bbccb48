// compare's report as a report::Document (issue 16), for the HTML writer: built from compare's
// JSON (docs/compare.md), the serialised result model, so that `compare --format html` and
// `report SAVED.json --format html` draw the same page from the same figures.
#pragma once

#include <nlohmann/json.hpp>

#include "report/document.h"

#include "compare/model.h"

namespace cryptobench::compare {

/// The document of a compare JSON document (CompareToJson; "kind": "compare"): a title, the
/// sides, then per comparison (B vs A, ...) a bar chart of the throughput ratio of every cell
/// both sides measured with its CI as a whisker and a reference line at 1.0 (no change), a
/// table of both sides' figures (MB/s = 10^6 bytes/s, or ops/s), the ratio, its CI and the
/// verdict, the cells not compared and the summary's findings. Every string from the document
/// is made printable (report::SafeText). Blocks are for HTML (report::kHtmlTarget), but the
/// last, for CSV (report::kCsvTarget): one record per cell of every comparison (comparison "B/A",
/// the sides' letters and labels, algorithm, operation, input_len_bytes, each side's figure and
/// CI in full in a_bytes_per_s... for symmetric cells or a_ops_per_s... for public key,
/// ratio_b_over_a and its CI, direction, verdict, presence, note; docs/compare.md). The table
/// and Markdown come from CompareReportDocument. Throws std::runtime_error
/// naming the field when `doc` is not a compare document (wrong kind, a field of the wrong
/// type).
report::Document CompareDocument(const nlohmann::json& doc);

/// `report` as the terminal table (report::WriteText) and Markdown (report::WriteMarkdown)
/// show it: the sides (letter, label and SideDescription; Markdown a table), the legend of the
/// ratio columns, then per compared side (B vs A, ...) a table of the cells both sides
/// measured (figures in MB/s = 10^6 bytes/s or ops/s with their 95% CIs, the ratio, its CI and
/// the verdict), the cells not compared (NotComparedLines), the per-call and per-byte cost fits
/// when there are any (text: a line each; Markdown: a table), and the summary's findings. Text
/// wraps at 100 columns. Its strings are used as they are: the caller sanitises the report's
/// strings for the terminal (compare's command does).
report::Document CompareReportDocument(const CompareReport& report);

/// "live, OpenSSL 3.0.19, /usr/lib/.../libcrypto.so.3, wall-clock time, env OPENSSL_ia32cap=..."
/// and the like: where a side came from and how it was timed.
std::string SideDescription(const Side& side);

/// Rows that were not compared, one line per (algorithm, operation, reason), with their sizes:
/// "AES-128-OCB encrypt (16 B, 64 B): only in A", "RSA-2048 sign: unsupported in B".
std::vector<std::string> NotComparedLines(const PairComparison& pair,
                                          const std::vector<Side>& sides);

}  // namespace cryptobench::compare
