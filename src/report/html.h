// The pieces of the HTML writer (html_writer.cc) that its tests and the chart writer share:
// escaping, and the SVG drawing of a report::Chart (svg_chart.cc). Private to report/.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

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

/// The number of series colours of the page's stylesheet (classes s0..s11, --c0..--c11).
inline constexpr size_t kPaletteSize = 12;

/// The colour slot (0..kPaletteSize-1) of backend `name`: a fixed slot for each backend of the
/// catalogue (src/backends/registry.cc), so a backend has one colour in every chart of a page
/// and in every report; for another name a slot from a hash of it (FNV-1a), which is stable too.
size_t BackendColour(std::string_view name);

/// The colour slot of each series of `chart`, in order. A series with a backend takes that
/// backend's slot (BackendColour) unless a series of the same backend before it took it (two
/// operations of one backend); every other series then takes, in order, the lowest slot not
/// taken (after kPaletteSize series, slots repeat). The SVG writer colours lines, bands,
/// bars and legend swatches with these (class "sN").
std::vector<size_t> SeriesColours(const Chart& chart);

/// Draws `chart` as one inline <svg role="img" aria-labelledby="ID-title"> with a <title>
/// child (the chart's title), fixed width and height attributes (720 px wide; the height
/// follows the number of bars and legend rows) and a viewBox, so CSS may scale it down. Colours
/// come from the page's stylesheet (classes s0..s11 chosen by SeriesColours, grid, axis, band,
/// line, bar, whisker), so one drawing serves light, dark and print. `id` must be unique in
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
