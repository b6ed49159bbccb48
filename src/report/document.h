// A format-neutral report document (issue 16): what a command says, as headings, field lists,
// paragraphs, tables with typed columns and notes, which the writers (document_writers.cc) turn
// into text, Markdown or CSV. Commands build a Document from their result model and keep no
// formatting code; JSON stays the serialised result model, not a Document.
//
// Where today's text and Markdown layouts say different things (a CPU-cost table only the
// terminal shows, an environment list worded differently), the document holds each version,
// marked with the writers it is for (`targets`), so that every existing output stays byte for
// byte what it was. Charts (series of points with CIs, bars with whiskers) are one more kind
// of block, written by HTML only (html_writer.cc, svg_chart.cc).
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace cryptobench::report {

/// The writers a block, field or note is for (a bit set).
enum Target : unsigned {
  kTextTarget = 1,
  kMarkdownTarget = 2,
  kCsvTarget = 4,
  /// HTML writes what Markdown writes (the document form, with its headings and captions) and,
  /// besides, the blocks marked for it alone (charts).
  kHtmlTarget = 8,
  kHumanTargets = kTextTarget | kMarkdownTarget,
  kAllTargets = kTextTarget | kMarkdownTarget | kCsvTarget,
};

/// A run of inline text: plain (Markdown escapes it), code (a Markdown code span) or, when
/// `strong`, emphasised ("**text**" in Markdown, <strong> in HTML).
struct Span {
  std::string text;
  bool code = false;
  bool strong = false;
};
using Inline = std::vector<Span>;

/// The text of `spans` joined, without markup.
std::string PlainText(const Inline& spans);

/// A heading. Text: level 1 is a line of its own; levels 2 and 3 a line after a blank line.
/// Markdown: "## " (level 1), "### " (level 2) or "#### " (level 3); HTML <h1> to <h3>.
struct Heading {
  std::string text;
  int level = 2;
};

/// "label: value" facts (an environment). Text: `indent`, the label (with a colon when `colon`)
/// padded to `label_width` display columns (0: the widest label's width plus two), then the
/// value; a value that would pass `wrap_columns` (0: never wrap) is wrapped with a hanging
/// indent as wide as indent and label, after "; " when it has one, else at spaces; with
/// `wrap_at_spaces`, at spaces only (Paragraph's rule), the hanging indent as wide as indent
/// and label_width. Markdown: a bullet list, "- label: value".
struct Field {
  Field(std::string label_in, Inline value_in, unsigned targets_in = kAllTargets)
      : label(std::move(label_in)), value(std::move(value_in)), targets(targets_in) {}
  std::string label;
  Inline value;
  unsigned targets = kAllTargets;
};
struct FieldList {
  std::vector<Field> fields;
  std::string indent;
  size_t label_width = 16;
  size_t wrap_columns = 0;
  bool colon = true;
  bool wrap_at_spaces = false;
};

/// A paragraph. Text: `prefix`, then the text as it is, line breaks included, then a line
/// break; when `wrap_columns` is set and the line would pass it, broken at spaces before that
/// many display columns (a word longer than a line stays whole), every line after the first
/// starting with `hanging`. Markdown: one escaped paragraph, or `markup` when it has spans
/// (code spans, strong); HTML likewise.
struct Paragraph {
  std::string text;
  size_t wrap_columns = 0;
  std::string prefix{};
  std::string hanging{};
  Inline markup{};
};

/// A column of a table. Typed: a kValue column's cells carry their figure in `unit` (and its
/// CI, when one was measured) beside the text a reader sees, for writers that want numbers.
/// A kFlag column holds a marker ("!"): text gives it a column of its own, Markdown appends it,
/// after a space, to the cell before.
struct Column {
  enum class Align { kLeft, kRight };
  enum class Kind { kText, kValue, kFlag };
  Column(std::string header_in, std::string markdown_header_in = "", Align align_in = Align::kRight,
         Kind kind_in = Kind::kText, std::string unit_in = "", size_t min_width_in = 0)
      : header(std::move(header_in)),
        markdown_header(std::move(markdown_header_in)),
        align(align_in),
        kind(kind_in),
        unit(std::move(unit_in)),
        min_width(min_width_in) {}
  std::string header;
  std::string markdown_header;  ///< Markdown's header when it differs ("" = header)
  Align align = Align::kRight;
  Kind kind = Kind::kText;
  std::string unit;      ///< kValue: "MB/s", "ops/s", "ns/B", ...
  size_t min_width = 0;  ///< text: the narrowest the column is, in display columns
};

/// A cell: the text shown, and for a kValue column the figure itself (full precision).
/// `markup`, when it has spans, is the cell as Markdown and HTML show it (a code span, strong
/// words, or words then a code span); text and CSV write `text`.
struct TableCell {
  std::string text;
  std::optional<double> value;
  std::optional<double> ci_low;  ///< the CI of `value`, when it has one
  std::optional<double> ci_high;
  Inline markup;

  TableCell() = default;
  TableCell(std::string shown) : text(std::move(shown)) {}  // NOLINT: cells are mostly text
  TableCell(const char* shown) : text(shown) {}             // NOLINT
};

/// A table. A row with fewer cells than columns ends in a spanning cell: text prints its last
/// cell from its column on, left-aligned, without widening that column ("FAILED KAT" across a
/// row of sizes); Markdown pads the row with empty cells; CSV writes the fields it has.
/// Text: each line after `indent`, columns `gap` apart, each as wide as its widest cell, header
/// first, no trailing spaces. Markdown: a GitHub table, every cell escaped. CSV: the header
/// row, then the rows (RFC 4180 quoting, report::CsvField).
struct Table {
  std::vector<Column> columns;
  std::vector<std::vector<TableCell>> rows;
  std::string gap = "  ";
  std::string indent{};
};

/// Closing notes, one sentence each. Text: a blank line (unless `text_blank_line` is false),
/// then each note on its own line(s) after `text_prefix`: wrapped at `wrap_columns` (at spaces,
/// Paragraph's rule) with `text_hanging` before each further line when wrap is set, else as it
/// is. Markdown: "### markdown_heading" (when set), then a bullet list, each note escaped (or
/// its markup), nested by its depth; nothing at all when no note is meant for Markdown.
struct Note {
  Note(std::string text_in, bool wrap_in = false, unsigned targets_in = kAllTargets)
      : text(std::move(text_in)), wrap(wrap_in), targets(targets_in) {}
  std::string text;
  bool wrap = false;
  unsigned targets = kAllTargets;
  Inline markup{};  ///< Markdown and HTML: the note as they show it, when it has spans
  int depth = 0;    ///< Markdown: 1 for a bullet under the one before ("  - ")
};
struct NoteList {
  std::vector<Note> notes;
  std::string markdown_heading;
  size_t wrap_columns = 110;
  bool text_blank_line = true;
  std::string text_prefix{};
  std::string text_hanging = "  ";
};

/// One point of a chart series: where it is on the x axis (a line chart: the x value in the
/// chart's x unit; a bar chart: unused, the point's category is its index), the figure in the
/// chart's y unit, and that figure's CI when one was measured.
struct ChartPoint {
  double x = 0;
  std::string x_label;  ///< the x value as a reader sees it ("16 KiB"); line charts tick here
  double value = 0;
  std::optional<double> ci_low;
  std::optional<double> ci_high;
  /// kLine: a change marked from this point on ("step: 9.8% slower"): drawn as a dashed
  /// vertical line midway between the point before it (in its series) and this one, labelled
  /// at the top of the plot, and given in a column of the table of figures. "" for none.
  std::string mark{};
};

/// One line (a backend, an operation) or one colour of bars.
struct ChartSeries {
  std::string name;
  std::vector<ChartPoint> points;
  /// The backend this series measures ("openssl", "sodium"), which fixes its colour: the same
  /// in every chart of a page and every report (SeriesColours, html.h). "" when the series is
  /// no backend's (an operation, a host): it takes the first colour no series before it took.
  std::string backend{};
};

/// A chart. kLine: each series a line through its points in x order, with a CI band where its
/// points have CIs; x linear or log (base 2: sizes double), y linear from 0 (or over the
/// figures' range: y_from_data). kBar: horizontal
/// bars, one group per category (categories[i]), in it one bar per series (series[s].points[i];
/// a series shorter than the categories, or a point with a NaN value, has no bar there), a
/// whisker from ci_low to ci_high; value axis linear from 0. Writers other than HTML skip
/// charts; HTML draws it (svg_chart.h) with a table of the same numbers beside it.
struct Chart {
  enum class Kind { kLine, kBar };
  Kind kind = Kind::kLine;
  std::string title;    ///< with the unit: "AES-256-GCM: throughput against input size, MB/s"
  std::string x_label;  ///< kLine: "input size"; kBar: what the categories are ("algorithm")
  std::string x_unit;   ///< "bytes"; "" for none
  bool log_x = false;
  std::string y_label;                  ///< "throughput"
  std::string y_unit;                   ///< "MB/s"
  std::string series_label = "series";  ///< what a series is, for the table ("backend")
  std::vector<std::string> categories;  ///< kBar only
  std::vector<ChartSeries> series;
  /// kLine: the y axis spans the figures and their CIs (rounded out to its ticks) instead of
  /// starting at 0, so that a change of a few percent is visible (a history trend). When it
  /// does not start at 0 the axis says so: its title ends "axis from LOW, not 0" and a break
  /// mark crosses the axis at its foot.
  bool y_from_data = false;
  /// kBar: the value axis on a log-10 scale (decade ticks, bars from the axis's lowest decade),
  /// for figures spanning orders of magnitude (public-key sign against verify, ops/s); the axis
  /// title says "log scale". Points at or below 0 are not drawn there.
  bool log_value = false;
  /// kBar: a reference line across the plot at this value (1.0 for compare's ratios), named in
  /// the legend by `reference_label`.
  std::optional<double> reference;
  std::string reference_label;
  /// kBar: each bar spans a range, ci_low to ci_high of its point (doctor's cpb against a
  /// class's expected range), not 0 to value; `value` is unused and the table beside the chart
  /// gives the range's ends ("from", "to"). A point without both ends has no bar.
  bool ranges = false;
  /// The table beside the chart shows figures with this many significant digits (3 for
  /// ratios and cpb); 0: FormatRate's precision (MB/s, ops/s).
  int significant_digits = 0;
};

/// One block of a document and the writers it is for.
struct Block {
  std::variant<Heading, FieldList, Paragraph, Table, NoteList, Chart> content;
  unsigned targets = kAllTargets;
};

/// A report: blocks in reading order.
struct Document {
  std::vector<Block> blocks;

  /// Appends `content` for the writers in `targets`. The reference returned is valid until the
  /// next Add.
  template <typename T>
  T& Add(T content, unsigned targets = kAllTargets) {
    blocks.push_back(Block{std::move(content), targets});
    return std::get<T>(blocks.back().content);
  }
};

/// A section heading: the terminal's one line (`text_heading`), or Markdown's heading
/// (`title`) and a sentence under it (`caption`).
void AddSection(Document& doc, const std::string& text_heading, const std::string& title,
                const std::string& caption);

/// The heading of measured symmetric throughput (MB/s, median and its CI at
/// `confidence_percent`, e.g. 95), shared by the one-run and the several-backend tables.
void AddMeasuredSymmetricSection(Document& doc, double confidence_percent);

/// Writers. Each writes the blocks (and fields and notes) meant for it, in order, and skips
/// the rest; all are deterministic. The caller makes strings printable first (SanitizeRun).
///
/// Text: the layout of the terminal table (see each block).
void WriteText(const Document& document, std::ostream& out);
/// Markdown (GitHub): blocks separated by one blank line.
void WriteMarkdown(const Document& document, std::ostream& out);
/// CSV: the tables meant for CSV, one after another, a blank line between; LF line ends.
void WriteCsv(const Document& document, std::ostream& out);
/// HTML: one self-contained page (no network: inline <style>, inline SVG, no script or font),
/// the blocks meant for Markdown or HTML. Light and dark (prefers-color-scheme) and print
/// styles; wide tables scroll inside their own box, so a 1280 px window never scrolls
/// sideways. Every string is HTML-escaped (input strings are untrusted). A table cell with a
/// figure carries it in full (shortest round-trip form) as data-value (data-ci-low,
/// data-ci-high) beside the text shown. Each chart is an <svg role="img"> with a <title>,
/// followed by a table of the same numbers. `title` is the page's <title> (the first level-1
/// Markdown heading when empty).
void WriteHtml(const Document& document, std::ostream& out, const std::string& title = "");

}  // namespace cryptobench::report
