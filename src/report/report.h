// Renderers of a RunResult: human table, openssl-speed layout, JSON, CSV and Markdown. A
// renderer never computes statistics; it reads results::CellFigures.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "report/document.h"
#include "report/formats.h"
#include "results/model.h"

namespace cryptobench::report {

/// Renders `run` in `format` (one of FormatsOf(Producer::kSpeed); another throws
/// std::invalid_argument) to `out`. Throughput in MB/s means 10^6 bytes/s and every output
/// says so; public-key rows are in ops/s.
void Render(const results::RunResult& run, Format format, std::ostream& out);

/// `run` as a report Document (report/document.h): the blocks RenderTable, RenderMarkdown and
/// RenderCsv write. Its strings are used as they are: sanitise the run first (Render does).
Document SpeedDocument(const results::RunResult& run);
/// The CSV table of SpeedDocument: one row per cell (an algorithm without cells: one row), the
/// columns RenderCsv documents.
Table SpeedCsvTable(const results::RunResult& run);

/// The line (with a blank line after it in the table and Markdown) that Render, RenderBackends
/// and RenderScaling put first when a run of `runs` is partial (RunResult::interrupted_by):
/// table "PARTIAL: partial run: interrupted by SIGINT; ...", Markdown a "> **Partial run**"
/// quote, CSV and the openssl layout a "# partial run: ..." comment line. "" for complete runs
/// and for the JSON-based formats, which carry "partial" and "interrupted_by" fields instead.
std::string PartialNotice(const std::vector<results::RunResult>& runs, Format format);
/// The HTML form of the mark: a first paragraph of `document`, for the HTML writer only, when a
/// run of `runs` is partial; nothing otherwise. SpeedDocument and BackendsDocument end with it,
/// so every HTML page of a run (Render, RenderHtml, RenderRunsHtml, RenderBackends) carries it.
void MarkPartialHtml(const std::vector<results::RunResult>& runs, Document& document);

/// Individual renderers (Render dispatches to these; the table, Markdown and CSV ones write
/// SpeedDocument). All are deterministic: no clocks, no
/// environment reads.
///
/// Table: environment header, symmetric MB/s grid with CIs, CPU cost at the largest size,
/// public-key table, notes (KAT outcome, failures). Fits 100-120 columns. An imported run
/// (source.kind "imported") shows its single figures without CIs, no CPU-cost table, "n/a" for
/// CPU and cycle columns, and notes saying what the figures are, then its caveats, once.
/// Markdown and CSV treat imported runs the same way (CSV: empty CI, CPU and cycle fields, and
/// a message saying what the figure is; its caveats are in the other formats only).
void RenderTable(const results::RunResult& run, std::ostream& out);
/// The summary layout of `openssl speed` 3.0 (apps/speed.c), rows named by
/// AlgorithmInfo::speed_name. Rows whose cells all failed are left out, as openssl speed leaves
/// out what it cannot run; a failed cell in a printed row reads 0.00. An imported run starts
/// with a line saying what its figures are (and, for wall-clock figures, openssl speed's own
/// -elapsed banner) and ends with its caveats, one line each.
void RenderOpensslSpeed(const results::RunResult& run, std::ostream& out);
/// results::ToJson, indented by 2, with a trailing newline.
void RenderJson(const results::RunResult& run, std::ostream& out);
/// A header row, then one row per cell; RFC 4180 quoting, LF line ends, numbers in full.
void RenderCsv(const results::RunResult& run, std::ostream& out);
/// For bug reports: environment list, GitHub tables, notes.
void RenderMarkdown(const results::RunResult& run, std::ostream& out);
/// One self-contained HTML page (WriteHtml): what Markdown shows, and after the symmetric
/// table a chart of MB/s against input size per algorithm with CI bands (speed_charts.h), each
/// with a table of its numbers.
void RenderHtml(const results::RunResult& run, std::ostream& out);
/// Several runs (report's and import's files) as one HTML page. The runs of one `speed
/// --backend a,b` (OneSpeedRunOfSeveralBackends) as speed wrote them (RenderBackends);
/// otherwise each run's RenderHtml content one after another, as the other formats show them
/// run by run. Sanitises the runs itself.
void RenderRunsHtml(const std::vector<results::RunResult>& runs, std::ostream& out);
/// True if `runs` are the backends of one `speed --backend a,b`: two or more measured runs
/// with one creation time and worker count and distinct, named backends.
bool OneSpeedRunOfSeveralBackends(const std::vector<results::RunResult>& runs);

/// Several runs of the same algorithms, one per backend (`speed --backend a,b`), in the order
/// given, as one document. Table and Markdown: one environment header, then under each algorithm
/// and operation a row per backend with its name, library version and, where any backend
/// reports one, the implementation; an algorithm a backend lacks reads "unsupported" in its row.
/// JSON: {"schema_version": 1, "runs": [run, ...]} (docs/json-schema.md). CSV: RenderCsv's header
/// and rows with a leading "backend" column. HTML: Markdown's content, a throughput chart per
/// algorithm with a line per backend, and the backends side by side as bars with CI whiskers
/// (symmetric MB/s at the largest size, public-key ops/s). Format::kOpenssl holds one library only:
/// throws std::invalid_argument. Deterministic, like the single-run renderers.
void RenderBackends(const std::vector<results::RunResult>& runs, Format format, std::ostream& out);
/// `runs` as one report Document: the blocks RenderBackendsTable, RenderBackendsMarkdown and
/// RenderBackendsCsv write. Sanitise the runs first (RenderBackends does).
Document BackendsDocument(const std::vector<results::RunResult>& runs);
/// Google Benchmark's JSON layout (libbenchmark 1.7.1's JSONReporter): "context" (date,
/// executable, num_cpus, mhz_per_cpu from the tick counter's rate, and custom string keys
/// cryptobench_version, cryptobench_libraries, cryptobench_partial) and "benchmarks": per cell
/// ("ALG/OPERATION/BYTES", the backend first with several runs) one "iteration" entry per
/// sample (real_time and cpu_time in ns per call, items_per_second and, for symmetric cells,
/// bytes_per_second from wall-clock time), then "aggregate" entries mean, median (cryptobench's
/// headline median), stddev and cv. A failed cell is an entry with error_occurred and
/// error_message, as SkipWithError writes; unsupported cells are left out. docs/formats.md.
void RenderGbenchJson(const std::vector<results::RunResult>& runs, std::ostream& out);

/// The individual renderers RenderBackends dispatches to.
void RenderBackendsTable(const std::vector<results::RunResult>& runs, std::ostream& out);
void RenderBackendsMarkdown(const std::vector<results::RunResult>& runs, std::ostream& out);
void RenderBackendsJson(const std::vector<results::RunResult>& runs, std::ostream& out);
void RenderBackendsCsv(const std::vector<results::RunResult>& runs, std::ostream& out);
void RenderBackendsHtml(const std::vector<results::RunResult>& runs, std::ostream& out);

}  // namespace cryptobench::report
