// Renderers of a RunResult: human table, openssl-speed layout, JSON, CSV and Markdown. A
// renderer never computes statistics; it reads results::CellFigures.
#pragma once

#include <ostream>
#include <string_view>

#include "results/model.h"

namespace cryptobench::report {

/// Output formats of `cryptobench speed --format`.
enum class Format { kTable, kOpenssl, kJson, kCsv, kMarkdown };

/// Parses "table", "openssl", "json", "csv", "markdown" (also "md"); false if unknown.
bool ParseFormat(std::string_view name, Format* out);

/// Renders `run` in `format` to `out`. Throughput in MB/s means 10^6 bytes/s and every output
/// says so; public-key rows are in ops/s.
void Render(const results::RunResult& run, Format format, std::ostream& out);

/// Individual renderers (Render dispatches to these).
void RenderTable(const results::RunResult& run, std::ostream& out);
void RenderOpensslSpeed(const results::RunResult& run, std::ostream& out);
void RenderJson(const results::RunResult& run, std::ostream& out);
void RenderCsv(const results::RunResult& run, std::ostream& out);
void RenderMarkdown(const results::RunResult& run, std::ostream& out);

}  // namespace cryptobench::report
