// compare's report as a report::Document (issue 16), for the HTML writer: built from compare's
// JSON (docs/compare.md), the serialised result model, so that `compare --format html` and
// `report SAVED.json --format html` draw the same page from the same figures.
#pragma once

#include <nlohmann/json.hpp>

#include "report/document.h"

namespace cryptobench::compare {

/// The document of a compare JSON document (CompareToJson; "kind": "compare"): a title, the
/// sides, then per comparison (B vs A, ...) a bar chart of the throughput ratio of every cell
/// both sides measured with its CI as a whisker and a reference line at 1.0 (no change), a
/// table of both sides' figures (MB/s = 10^6 bytes/s, or ops/s), the ratio, its CI and the
/// verdict, the cells not compared and the summary's findings. Every string from the document
/// is made printable (report::SafeText). Blocks are for HTML (report::kHtmlTarget): compare's
/// table and Markdown keep their own renderers (compare/render.h). Throws std::runtime_error
/// naming the field when `doc` is not a compare document (wrong kind, a field of the wrong
/// type).
report::Document CompareDocument(const nlohmann::json& doc);

}  // namespace cryptobench::compare
