// The pieces of the HTML writer (html_writer.cc) that its tests and the chart writer share:
// escaping, and the SVG drawing of a report::Chart (svg_chart.cc). Private to report/.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "report/document.h"

namespace cryptobench::report {

/// `text` with &, <, >, " and ' replaced by character references, safe in HTML (and SVG)
/// text and in a double- or single-quoted attribute value (HTML Living Standard, 13.1.2.3 and
/// 13.1.4: https://html.spec.whatwg.org/multipage/syntax.html). Other bytes pass unchanged:
/// the caller makes strings printable first (SanitizeRun).
std::string HtmlEscape(std::string_view text);

/// A figure in full for a data-value attribute: the shortest text that reads back as the same
/// double ({fmt}'s "{}"), so a test (or a reader's script) recovers the exact number.
std::string ExactNumber(double value);

/// Draws `chart` as one inline <svg role="img" aria-labelledby="ID-title"> with a <title>
/// child (the chart's title), fixed width and height attributes (720 px wide; the height
/// follows the number of bars and legend rows) and a viewBox, so CSS may scale it down. Colours
/// come from the page's stylesheet (classes s0..s11, one per backend of the catalogue, grid, axis,
/// band, line, bar, whisker), so one drawing serves light, dark and print. `id` must be unique in
/// the page ("chart-3"). Deterministic: coordinates with one decimal, tick labels with the decimals
/// their step needs.
///
/// Our own writer rather than a library: nothing packaged in Debian draws SVG charts from a
/// C++ program without a runtime (gnuplot and matplotlib are separate programs and would be
/// run-time dependencies of a benchmark CLI; plotting libraries for the browser need a
/// script, which a self-contained report should not carry), and lines, bands and bars with
/// whiskers are a few hundred lines.
void WriteSvgChart(const Chart& chart, const std::string& id, std::ostream& out);

}  // namespace cryptobench::report
