// Renderers of a CompareReport: a table for the terminal (default), Markdown for bug reports and
// JSON for programs (schema in docs/compare.md). Renderers only format; every figure and
// sentence comes from the report.
#pragma once

#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "report/formats.h"

#include "compare/model.h"

namespace cryptobench::compare {

/// Output formats of `cryptobench compare`: report::Format, of which compare writes table,
/// csv, markdown, json and html (report::FormatsOf(report::Producer::kCompare)).
using CompareFormat = report::Format;

/// The JSON document (docs/compare.md, "JSON"), "schema_version" first.
nlohmann::ordered_json CompareToJson(const CompareReport& report);

/// Writes `report` in `format` to `out` (JSON pretty-printed with two spaces, then a newline;
/// HTML the page and CSV the records of CompareDocument(CompareToJson(report)),
/// compare_document.h).
/// A format compare does not write throws std::invalid_argument.
void RenderCompare(const CompareReport& report, CompareFormat format, std::ostream& out);

}  // namespace cryptobench::compare
