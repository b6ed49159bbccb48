// Renderers of a tls run: table, Markdown, CSV and JSON. Deterministic: no clocks, no
// environment reads; every figure comes from TlsFigures.
#pragma once

#include <optional>
#include <ostream>

#include "report/report.h"

#include "tls/model.h"

namespace cryptobench::tls {

/// Renders `run` in `format` (table, json, csv, markdown, html: the page of TlsDocument).
/// Format::kOpenssl and kGbenchJson have no tls layout: throws std::invalid_argument.
void RenderTls(const TlsRun& run, report::Format format, std::ostream& out);

/// Human table: header (library, libssl, machine, method), the bulk transfers (MB/s with 95% CI,
/// server and client CPU s/GB with the user + system split, the AEAD ceiling and the share of
/// it the transfer reached), the kTLS verdict, the handshake matrix (handshakes/s, full and
/// resumed, and the server's CPU per handshake), then notes for failed or unsupported cells.
void RenderTlsTable(const TlsRun& run, std::ostream& out);
/// The same for a bug report: environment list, GitHub tables, notes.
void RenderTlsMarkdown(const TlsRun& run, std::ostream& out);
/// A header row, then one row per cell (transfers, then handshakes); RFC 4180 quoting.
void RenderTlsCsv(const TlsRun& run, std::ostream& out);
/// TlsRunToJson, indented by 2, with a trailing newline.
void RenderTlsJson(const TlsRun& run, std::ostream& out);

/// `run` as a report Document for the HTML writer (blocks for report::kHtmlTarget): the
/// environment, the bulk transfers as bars (MB/s = 10^6 bytes/s, median with its 95% CI as a
/// whisker) beside the AEAD's own encrypt ceiling at the record size, and their table (the
/// table's columns and wording); the handshakes as bars (handshakes/s, full and resumed, with
/// CIs) and their table; then the notes (kTLS, failures, unmet precision). Strings are used as
/// they are (the HTML writer escapes them).
report::Document TlsDocument(const TlsRun& run);

/// The AEAD ceiling's cell for `cell`: its AEAD's encrypt cell at the record size in
/// run.aead_ceiling, measured and with a bytes/s figure; nullptr when absent or not measured.
const results::Cell* AeadCeilingCell(const TlsRun& run, const TlsCell& cell);

/// The AEAD ceiling of `cell`: bytes/s of AeadCeilingCell; nullopt when there is none.
std::optional<results::Estimate> AeadCeiling(const TlsRun& run, const TlsCell& cell);

/// A transfer's label: the suite's IANA name, "plain TCP (no TLS)", with " + kTLS" for kTLS.
std::string TransferLabel(const TlsCell& cell);

}  // namespace cryptobench::tls
