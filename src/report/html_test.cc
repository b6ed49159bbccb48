// The HTML report: golden pages, every number in its tables against the result it came from
// (the tables parsed back out of the HTML), escaping of hostile strings, the SVG charts' shape,
// and that the page is self-contained.
#include "report/html.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "report/document.h"
#include "report/format_util.h"
#include "report/report.h"
#include "results/json.h"

#include "compare/compare_document.h"
#include "diagnose/classifier.h"
#include "diagnose/doctor_document.h"
#include "support/golden.h"

namespace cryptobench::report {
namespace {

const std::string kDataDir = CRYPTOBENCH_TEST_DATA_DIR;

results::RunResult LoadFixture() {
  const std::string text =
      cryptobench::testing::ReadTestFile(kDataDir + "/fixtures/results/sample-run.json");
  results::RunResult run = results::FromJson(nlohmann::json::parse(text));
  results::DeriveAllFigures(run);
  return run;
}

// The fixture, and a second backend: the same cells with other figures (80% of the rates).
std::vector<results::RunResult> TwoBackends() {
  std::vector<results::RunResult> runs = {LoadFixture(), LoadFixture()};
  runs[1].library.backend = "sodium";
  runs[1].library.version = "1.0.18";
  for (results::AlgorithmResult& alg : runs[1].algorithms) {
    for (results::Cell& cell : alg.cells) {
      if (!cell.figures) {
        continue;
      }
      for (results::Estimate* estimate : {&cell.figures->ops_per_s}) {
        estimate->value *= 0.8;
        estimate->ci_low *= 0.8;
        estimate->ci_high *= 0.8;
      }
      if (cell.figures->bytes_per_s) {
        cell.figures->bytes_per_s->value *= 0.8;
        cell.figures->bytes_per_s->ci_low *= 0.75;
        cell.figures->bytes_per_s->ci_high *= 0.85;
      }
    }
  }
  return runs;
}

std::string Html(const results::RunResult& run) {
  std::ostringstream out;
  Render(run, Format::kHtml, out);
  return out.str();
}

std::string BackendsHtml(const std::vector<results::RunResult>& runs) {
  std::ostringstream out;
  RenderBackends(runs, Format::kHtml, out);
  return out.str();
}

// ----- a small reader of the tables this writer emits ------------------------------------------

std::string Unescape(const std::string& text) {
  static const std::pair<const char*, const char*> kEntities[] = {
      {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&amp;", "&"}};
  std::string out;
  for (size_t i = 0; i < text.size();) {
    bool replaced = false;
    for (const auto& [entity, plain] : kEntities) {
      if (text.compare(i, std::string(entity).size(), entity) == 0) {
        out += plain;
        i += std::string(entity).size();
        replaced = true;
        break;
      }
    }
    if (!replaced) {
      out += text[i++];
    }
  }
  return out;
}

struct ParsedCell {
  std::string text;
  std::map<std::string, std::string> attributes;
  bool header = false;
};
struct ParsedTable {
  std::string caption;
  std::string class_name;
  std::vector<std::vector<ParsedCell>> rows;  // the header row first
};

// Attributes of a start tag's inside ("td class=\"num\" data-value=\"1\"").
std::map<std::string, std::string> Attributes(const std::string& tag) {
  std::map<std::string, std::string> out;
  size_t at = tag.find(' ');
  while (at != std::string::npos && at < tag.size()) {
    const size_t equals = tag.find("=\"", at);
    if (equals == std::string::npos) {
      break;
    }
    const size_t end = tag.find('"', equals + 2);
    const size_t name_begin = tag.find_first_not_of(' ', at);
    out[tag.substr(name_begin, equals - name_begin)] =
        Unescape(tag.substr(equals + 2, end - equals - 2));
    at = end + 1;
  }
  return out;
}

// Text content with tags (such as <code>) removed, entities decoded.
std::string TextOf(const std::string& html) {
  std::string out;
  bool in_tag = false;
  for (const char c : html) {
    if (c == '<') {
      in_tag = true;
    } else if (c == '>') {
      in_tag = false;
    } else if (!in_tag) {
      out += c;
    }
  }
  return Unescape(out);
}

std::vector<ParsedTable> ParseTables(const std::string& html) {
  std::vector<ParsedTable> tables;
  size_t at = 0;
  while ((at = html.find("<table", at)) != std::string::npos) {
    const size_t end = html.find("</table>", at);
    const std::string body = html.substr(at, end - at);
    at = end;
    ParsedTable table;
    table.class_name = Attributes(body.substr(0, body.find('>')))["class"];
    if (const size_t caption = body.find("<caption>"); caption != std::string::npos) {
      table.caption = TextOf(body.substr(caption + 9, body.find("</caption>") - caption - 9));
    }
    size_t row = 0;
    while ((row = body.find("<tr", row)) != std::string::npos) {
      const size_t row_end = body.find("</tr>", row);
      std::vector<ParsedCell> cells;
      size_t cell = row;
      while (true) {
        const size_t th = body.find("<th", cell);
        const size_t td = body.find("<td", cell);
        cell = std::min(th, td);
        if (cell == std::string::npos || cell > row_end) {
          break;
        }
        ParsedCell parsed;
        parsed.header = cell == th;
        const size_t close = body.find('>', cell);
        parsed.attributes = Attributes(body.substr(cell + 1, close - cell - 1));
        const size_t content_end = body.find(parsed.header ? "</th>" : "</td>", close);
        parsed.text = TextOf(body.substr(close + 1, content_end - close - 1));
        cells.push_back(std::move(parsed));
        cell = content_end;
      }
      table.rows.push_back(std::move(cells));
      row = row_end;
    }
    tables.push_back(std::move(table));
  }
  return tables;
}

size_t Count(const std::string& text, const std::string& what) {
  size_t count = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++count;
  }
  return count;
}

double Number(const std::string& text) { return std::strtod(text.c_str(), nullptr); }

// The number shown (the cell's first token) agrees with `value` to the decimals it shows.
void ExpectShown(const ParsedCell& cell, double value) {
  const std::string shown = cell.text.substr(0, cell.text.find(' '));
  const size_t dot = shown.find('.');
  const int decimals = dot == std::string::npos ? 0 : static_cast<int>(shown.size() - dot - 1);
  EXPECT_NEAR(Number(shown), value, 0.5 * std::pow(10.0, -decimals) * 1.000001)
      << "shown: " << cell.text;
}

// A data-value (and CI) attribute holds exactly `value` (and the CI).
void ExpectExact(const ParsedCell& cell, double value, const results::Estimate* ci = nullptr,
                 double scale = 1) {
  ASSERT_TRUE(cell.attributes.count("data-value")) << cell.text;
  EXPECT_EQ(Number(cell.attributes.at("data-value")), value) << cell.text;
  if (ci != nullptr) {
    ASSERT_TRUE(cell.attributes.count("data-ci-low")) << cell.text;
    EXPECT_EQ(Number(cell.attributes.at("data-ci-low")), ci->ci_low * scale);
    EXPECT_EQ(Number(cell.attributes.at("data-ci-high")), ci->ci_high * scale);
  }
}

const results::Cell* FindCell(const results::RunResult& run, const std::string& algorithm,
                              const std::string& operation, const std::string& size) {
  for (const results::AlgorithmResult& alg : run.algorithms) {
    for (const results::Cell& cell : alg.cells) {
      if (alg.algorithm == algorithm && cell.operation == operation &&
          (size.empty() || FormatSize(cell.input_len) == size)) {
        return &cell;
      }
    }
  }
  return nullptr;
}

// ----- tests ------------------------------------------------------------------------------------

TEST(HtmlGoldenTest, Speed) {
  cryptobench::testing::ExpectMatchesGolden(Html(LoadFixture()), "speed.html");
}

TEST(HtmlGoldenTest, Backends) {
  cryptobench::testing::ExpectMatchesGolden(BackendsHtml(TwoBackends()), "speed-backends.html");
}

// Every figure in every table of the page (the document's tables and each chart's table) is
// the run's own figure: the exact value in data-value, and the text shown rounds it.
TEST(HtmlTest, EveryNumberInTheTablesIsTheRunsFigure) {
  const results::RunResult run = LoadFixture();
  const std::string html = Html(run);
  size_t checked = 0;
  size_t chart_tables = 0;
  for (const ParsedTable& table : ParseTables(html)) {
    ASSERT_FALSE(table.rows.empty());
    const std::vector<ParsedCell>& header = table.rows.front();
    if (table.class_name == "chart-data") {
      ++chart_tables;
      // "The figures of: ALG: throughput ...": series (operation), size, MB/s, CI low, CI high.
      const std::string prefix = "The figures of: ";
      const std::string algorithm = table.caption.substr(
          prefix.size(), table.caption.find(':', prefix.size()) - prefix.size());
      for (size_t r = 1; r < table.rows.size(); ++r) {
        const std::vector<ParsedCell>& row = table.rows[r];
        ASSERT_EQ(row.size(), 5u);
        const results::Cell* cell = FindCell(run, algorithm, row[0].text, row[1].text);
        ASSERT_NE(cell, nullptr) << algorithm << " " << row[0].text << " " << row[1].text;
        const results::Estimate& mb = *cell->figures->bytes_per_s;
        ExpectExact(row[1], static_cast<double>(cell->input_len));
        ExpectExact(row[2], mb.value * 1e-6, &mb, 1e-6);
        ExpectExact(row[3], mb.ci_low * 1e-6);
        ExpectExact(row[4], mb.ci_high * 1e-6);
        ExpectShown(row[2], mb.value * 1e-6);
        ExpectShown(row[3], mb.ci_low * 1e-6);
        ExpectShown(row[4], mb.ci_high * 1e-6);
        checked += 4;
      }
    } else if (header.size() > 2 && header[0].text == "Algorithm") {
      // The symmetric grid: algorithm, operation, one MB/s column per size.
      for (size_t r = 1; r < table.rows.size(); ++r) {
        const std::vector<ParsedCell>& row = table.rows[r];
        for (size_t c = 2; c < row.size(); ++c) {
          if (!row[c].attributes.count("data-value")) {
            continue;
          }
          const results::Cell* cell = FindCell(run, row[0].text, row[1].text, header[c].text);
          ASSERT_NE(cell, nullptr) << row[0].text << " " << header[c].text;
          const results::Estimate& mb = *cell->figures->bytes_per_s;
          ExpectExact(row[c], mb.value * 1e-6, &mb, 1e-6);
          ExpectShown(row[c], mb.value * 1e-6);
          ++checked;
        }
      }
    } else if (!header.empty() && header[0].text == "Operation") {
      // Public-key rows: ops/s, µs/op, CPU util, flag, Mcycles.
      for (size_t r = 1; r < table.rows.size(); ++r) {
        const std::vector<ParsedCell>& row = table.rows[r];
        if (row.size() < 6) {
          continue;  // a failed or unsupported row: a status across the figures
        }
        const std::string label = row[0].text;
        const size_t space = label.rfind(' ');
        const results::Cell* cell =
            FindCell(run, label.substr(0, space), label.substr(space + 1), "");
        ASSERT_NE(cell, nullptr) << label;
        const results::CellFigures& f = *cell->figures;
        ExpectExact(row[1], f.ops_per_s.value, &f.ops_per_s);
        ExpectShown(row[1], f.ops_per_s.value);
        ExpectExact(row[2], f.wall_ns_per_op / 1e3);
        ExpectShown(row[2], f.wall_ns_per_op / 1e3);
        ExpectExact(row[3], f.cpu_utilization * 100);
        ExpectExact(row[5], f.ticks_per_op / 1e6);
        checked += 4;
      }
    }
  }
  EXPECT_GT(chart_tables, 0u);
  // Nothing with a figure went unchecked.
  EXPECT_EQ(checked, Count(html, " data-value=\""));
}

// With several backends, each chart table row is that backend's figure.
TEST(HtmlTest, BackendChartTablesHoldEachBackendsFigures) {
  const std::vector<results::RunResult> runs = TwoBackends();
  const std::string html = BackendsHtml(runs);
  size_t rows = 0;
  bool bars = false;
  for (const ParsedTable& table : ParseTables(html)) {
    if (table.class_name != "chart-data") {
      continue;
    }
    const bool bar_table = table.rows.front()[1].text == "backend";
    bars = bars || bar_table;
    for (size_t r = 1; r < table.rows.size(); ++r) {
      const std::vector<ParsedCell>& row = table.rows[r];
      const std::string backend = bar_table ? row[1].text : row[0].text;
      const results::RunResult& run = backend == "sodium" ? runs[1] : runs[0];
      ASSERT_TRUE(backend == "sodium" || backend == "openssl") << backend;
      if (bar_table && table.caption.find("ops/s") != std::string::npos) {
        const std::string& label = row[0].text;
        const size_t space = label.rfind(' ');
        const results::Cell* cell =
            FindCell(run, label.substr(0, space), label.substr(space + 1), "");
        ASSERT_NE(cell, nullptr);
        ExpectExact(row[2], cell->figures->ops_per_s.value, &cell->figures->ops_per_s);
      } else if (bar_table) {
        // "ALG OPERATION, SIZE"
        const std::string& label = row[0].text;
        const size_t comma = label.rfind(", ");
        const size_t space = label.rfind(' ', comma - 1);
        const results::Cell* cell =
            FindCell(run, label.substr(0, space), label.substr(space + 1, comma - space - 1),
                     label.substr(comma + 2));
        ASSERT_NE(cell, nullptr) << label;
        ExpectExact(row[2], cell->figures->bytes_per_s->value * 1e-6, &*cell->figures->bytes_per_s,
                    1e-6);
      } else {
        const std::string prefix = "The figures of: ";
        const std::string algorithm = table.caption.substr(
            prefix.size(), table.caption.find(':', prefix.size()) - prefix.size());
        // One operation per algorithm in the fixture's symmetric rows: the series is the backend.
        const results::Cell* cell = nullptr;
        for (const results::AlgorithmResult& alg : run.algorithms) {
          for (const results::Cell& candidate : alg.cells) {
            if (alg.algorithm == algorithm && FormatSize(candidate.input_len) == row[1].text) {
              cell = &candidate;
            }
          }
        }
        ASSERT_NE(cell, nullptr) << algorithm;
        ExpectExact(row[2], cell->figures->bytes_per_s->value * 1e-6, &*cell->figures->bytes_per_s,
                    1e-6);
      }
      ++rows;
    }
  }
  EXPECT_TRUE(bars);
  EXPECT_GT(rows, 0u);
}

// Strings from input (a library's backend and version, an algorithm name from a foreign file)
// cannot open a tag, leave an attribute or run script.
TEST(HtmlTest, EscapesEveryStringFromInput) {
  const std::string hostile = "<script>alert(\"x\" + 'y')</script>&amp;";
  std::vector<results::RunResult> runs = TwoBackends();
  runs[1].library.backend = hostile;
  runs[1].library.version = hostile;
  runs[0].library.loaded_path = hostile;
  for (results::RunResult& run : runs) {
    run.algorithms.front().algorithm = "AES" + hostile;
  }
  for (const std::string& html : {Html(runs[0]), Html(runs[1]), BackendsHtml(runs)}) {
    EXPECT_EQ(html.find("<script"), std::string::npos);
    EXPECT_EQ(html.find("alert(\""), std::string::npos);
    EXPECT_EQ(html.find("'y'"), std::string::npos);
    EXPECT_NE(html.find("&lt;script&gt;alert(&quot;x&quot; + &#39;y&#39;)&lt;/script&gt;&amp;amp;"),
              std::string::npos);
  }
  // The escaped name reads back as it was, in tables and in chart titles.
  bool found = false;
  for (const ParsedTable& table : ParseTables(BackendsHtml(runs))) {
    found = found || table.caption.find("AES" + hostile) != std::string::npos;
  }
  EXPECT_TRUE(found);
  EXPECT_EQ(HtmlEscape("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&#39;");
}

// Every chart is an <svg role="img"> whose first child is a <title>, with non-zero width and
// height; the page loads nothing (no script, no link, no URL but the SVG namespace).
TEST(HtmlTest, ChartsAreTitledSizedSvgAndThePageIsSelfContained) {
  for (const std::string& html : {Html(LoadFixture()), BackendsHtml(TwoBackends())}) {
    size_t charts = 0;
    for (size_t at = html.find("<svg"); at != std::string::npos; at = html.find("<svg", at + 1)) {
      ++charts;
      const std::string tag = html.substr(at, html.find('>', at) - at);
      const std::map<std::string, std::string> attributes = Attributes(tag);
      EXPECT_EQ(attributes.at("role"), "img");
      EXPECT_GT(Number(attributes.at("width")), 0);
      EXPECT_GT(Number(attributes.at("height")), 0);
      const size_t after = html.find('>', at) + 1;
      EXPECT_EQ(html.compare(after, 8, "\n<title "), 0) << html.substr(after, 40);
      const size_t title_end = html.find("</title>", after);
      EXPECT_GT(title_end - html.find('>', after + 2), 1u);  // not empty
    }
    EXPECT_GT(charts, 0u);
    EXPECT_EQ(Count(html, "<figure class=\"chart\""), charts);
    EXPECT_EQ(Count(html, "<table class=\"chart-data\">"), charts);  // a table beside each
    EXPECT_EQ(html.find("<script"), std::string::npos);
    EXPECT_EQ(html.find("<link"), std::string::npos);
    EXPECT_EQ(html.find("url("), std::string::npos);
    EXPECT_EQ(html.find("@import"), std::string::npos);
    EXPECT_EQ(Count(html, "http"), Count(html, "xmlns=\"http://www.w3.org/2000/svg\""));
    EXPECT_NE(html.find("prefers-color-scheme: dark"), std::string::npos);
    EXPECT_NE(html.find("@media print"), std::string::npos);
  }
}

// Charts are for HTML: the other writers' output of a document is the same with or without
// them (the text, Markdown and CSV goldens stay byte for byte).
TEST(HtmlTest, OtherWritersSkipCharts) {
  const results::RunResult run = LoadFixture();
  Document with = SpeedDocument(run);
  Document without;
  size_t charts = 0;
  for (const Block& block : with.blocks) {
    if (std::holds_alternative<Chart>(block.content)) {
      ++charts;
    } else {
      without.blocks.push_back(block);
    }
  }
  ASSERT_GT(charts, 0u);
  for (auto* writer : {&WriteText, &WriteMarkdown, &WriteCsv}) {
    std::ostringstream a;
    std::ostringstream b;
    writer(with, a);
    writer(without, b);
    EXPECT_EQ(a.str(), b.str());
  }
}

TEST(HtmlTest, DeterministicAndOnePageForSeveralRuns) {
  const results::RunResult run = LoadFixture();
  EXPECT_EQ(Html(run), Html(run));
  std::ostringstream page;
  RenderRunsHtml({run, run}, page);
  EXPECT_EQ(Count(page.str(), "<html"), 1u);
  EXPECT_EQ(Count(page.str(), "<svg"), 2 * Count(Html(run), "<svg"));
  // Chart ids stay unique over the page.
  EXPECT_EQ(Count(page.str(), "id=\"chart-1\""), 1u);
}

// A saved `speed --backend a,b` result (report, import) is the page speed wrote; runs of other
// times are shown one after another.
TEST(HtmlTest, SavedBackendsRunIsTheSpeedPage) {
  std::vector<results::RunResult> runs = TwoBackends();
  EXPECT_TRUE(OneSpeedRunOfSeveralBackends(runs));
  std::ostringstream page;
  RenderRunsHtml(runs, page);
  EXPECT_EQ(page.str(), BackendsHtml(runs));
  runs[1].created_utc = "2026-12-01T00:00:00Z";
  EXPECT_FALSE(OneSpeedRunOfSeveralBackends(runs));
  runs[1].created_utc = runs[0].created_utc;
  runs[1].library.backend = runs[0].library.backend;
  EXPECT_FALSE(OneSpeedRunOfSeveralBackends(runs));
  EXPECT_FALSE(OneSpeedRunOfSeveralBackends({runs[0]}));
}

// A chart with one point per series, a bar with no figure, and an empty chart still draw.
TEST(HtmlTest, DegenerateChartsDraw) {
  Chart line;
  line.title = "t";
  line.log_x = true;
  line.series = {{"a", {{16, "16 B", 5, 4, 6}}}, {"b", {{0, "0 B", 1, {}, {}}}}};
  std::ostringstream out;
  WriteSvgChart(line, "c", out);
  EXPECT_NE(out.str().find("<circle"), std::string::npos);
  EXPECT_NE(out.str().find("class=\"whisker\""), std::string::npos);
  Chart bars;
  bars.kind = Chart::Kind::kBar;
  bars.title = "b";
  bars.categories = {"x", "y"};
  bars.series = {{"s", {{0, "", 3, 2, 4}, {0, "", std::nan(""), {}, {}}}}};
  std::ostringstream bar_out;
  WriteSvgChart(bars, "d", bar_out);
  EXPECT_EQ(Count(bar_out.str(), "<rect class=\"bar\""), 1u);
  Chart empty;
  std::ostringstream empty_out;
  WriteSvgChart(empty, "e", empty_out);
  EXPECT_NE(empty_out.str().find("</svg>"), std::string::npos);
}

// ----- doctor and compare: their documents, drawn from their JSON -------------------------------

nlohmann::json GoldenJson(const std::string& name) {
  return nlohmann::json::parse(cryptobench::testing::ReadTestFile(kDataDir + "/golden/" + name));
}

std::string Page(const Document& document) {
  std::ostringstream out;
  WriteHtml(document, out);
  return out.str();
}

TEST(HtmlGoldenTest, Doctor) {
  cryptobench::testing::ExpectMatchesGolden(
      Page(diagnose::DoctorDocument(GoldenJson("doctor.json"))), "doctor.html");
}

TEST(HtmlGoldenTest, Compare) {
  cryptobench::testing::ExpectMatchesGolden(
      Page(compare::CompareDocument(GoldenJson("compare/three-sides.json"))),
      "compare/three-sides.html");
}

// Each compare chart's table holds, cell by cell in the JSON's order, the ratio and its CI
// exactly; the page has a reference line at 1.0 per chart.
TEST(HtmlTest, CompareChartsHoldTheJsonRatios) {
  const nlohmann::json doc = GoldenJson("compare/three-sides.json");
  const std::string html = Page(compare::CompareDocument(doc));
  std::vector<const ParsedTable*> charts;
  const std::vector<ParsedTable> tables = ParseTables(html);
  for (const ParsedTable& table : tables) {
    if (table.class_name == "chart-data") {
      charts.push_back(&table);
    }
  }
  ASSERT_EQ(charts.size(), doc["comparisons"].size());
  EXPECT_EQ(Count(html, "<line class=\"reference\""), 2 * charts.size());  // plot and legend
  size_t compared = 0;
  for (size_t c = 0; c < charts.size(); ++c) {
    size_t row = 1;
    for (const nlohmann::json& r : doc["comparisons"][c]["rows"]) {
      if (r["presence"] != "both") {
        continue;
      }
      ASSERT_LT(row, charts[c]->rows.size());
      const std::vector<ParsedCell>& cells = charts[c]->rows[row++];
      EXPECT_EQ(cells[0].text.substr(0, cells[0].text.find(' ')), r["algorithm"]);
      EXPECT_EQ(Number(cells[2].attributes.at("data-value")), r["ratio"]["value"].get<double>());
      EXPECT_EQ(Number(cells[3].attributes.at("data-value")), r["ratio"]["ci_low"].get<double>());
      EXPECT_EQ(Number(cells[4].attributes.at("data-value")), r["ratio"]["ci_high"].get<double>());
      ++compared;
    }
    EXPECT_EQ(row, charts[c]->rows.size());
  }
  EXPECT_GT(compared, 10u);
}

// Doctor's mask charts hold each measurement's MB/s and CI; its cpb charts the verdict's
// measured range and the class table's ranges, exactly.
TEST(HtmlTest, DoctorChartsHoldTheJsonFiguresAndTheClassRanges) {
  const nlohmann::json doc = GoldenJson("doctor.json");
  const std::string html = Page(diagnose::DoctorDocument(doc));
  const std::vector<diagnose::CpbClass> classes =
      diagnose::ParseCpbClasses(diagnose::EmbeddedCpbClassesCsv("x86_64"));
  size_t mask_rows = 0;
  size_t class_rows = 0;
  for (const ParsedTable& table : ParseTables(html)) {
    if (table.class_name != "chart-data") {
      continue;
    }
    const nlohmann::json* verdict = nullptr;
    for (const nlohmann::json& v : doc["verdicts"]) {
      const std::string name =
          fmt::format("The figures of: {} {}, 16 KiB:", v["algorithm"].get<std::string>(),
                      v["operation"].get<std::string>());
      if (table.caption.starts_with(name)) {
        verdict = &v;
      }
    }
    ASSERT_NE(verdict, nullptr) << table.caption;
    const bool cpb = table.caption.find("cycles/byte") != std::string::npos;
    for (size_t r = 1; r < table.rows.size(); ++r) {
      const std::vector<ParsedCell>& row = table.rows[r];
      if (!cpb) {
        bool found = false;
        for (const nlohmann::json& m : (*verdict)["measurements"]) {
          if (m["label"] == row[0].text) {
            found = true;
            EXPECT_EQ(Number(row[2].attributes.at("data-value")),
                      m["bytes_per_s"].get<double>() / 1e6);
            EXPECT_EQ(Number(row[3].attributes.at("data-value")), m["ci_low"].get<double>() / 1e6);
          }
        }
        EXPECT_TRUE(found) << row[0].text;
        ++mask_rows;
      } else if (row[0].text == "measured") {
        EXPECT_EQ(Number(row[2].attributes.at("data-value")), (*verdict)["cpb_low"].get<double>());
        EXPECT_EQ(Number(row[3].attributes.at("data-value")), (*verdict)["cpb_high"].get<double>());
      } else {
        bool found = false;
        for (const diagnose::CpbClass& c : classes) {
          if (c.name == row[0].text && c.algorithm == (*verdict)["algorithm"] &&
              c.operation == (*verdict)["operation"]) {
            found = true;
            EXPECT_EQ(Number(row[2].attributes.at("data-value")), c.cpb_low);
            EXPECT_EQ(Number(row[3].attributes.at("data-value")), c.cpb_high);
          }
        }
        EXPECT_TRUE(found) << row[0].text;
        ++class_rows;
      }
    }
  }
  EXPECT_EQ(mask_rows, 10u);  // every measurement of the five verdicts
  EXPECT_GT(class_rows, 3u);
}

TEST(HtmlTest, DoctorAndCompareDocumentsRefuseOtherJsonAndMarkPartialReports) {
  EXPECT_THROW(diagnose::DoctorDocument(GoldenJson("compare/three-sides.json")),
               std::runtime_error);
  EXPECT_THROW(compare::CompareDocument(GoldenJson("doctor.json")), std::runtime_error);
  nlohmann::json doc = GoldenJson("doctor.json");
  EXPECT_EQ(Page(diagnose::DoctorDocument(doc)).find("interrupted by"), std::string::npos);
  doc["partial"] = true;
  doc["interrupted_by"] = "SIGINT";
  EXPECT_NE(Page(diagnose::DoctorDocument(doc)).find("interrupted by SIGINT"), std::string::npos);
  doc["verdicts"][0]["line"] = "<script>alert(1)</script>\x1b[2J";
  const std::string html = Page(diagnose::DoctorDocument(doc));
  EXPECT_EQ(html.find("<script>"), std::string::npos);
  EXPECT_EQ(html.find('\x1b'), std::string::npos);
}

// Bars on a log axis (decade ticks, "log scale" in the axis title), a reference line, and
// range bars that start at their low end.
TEST(HtmlTest, BarChartsDrawLogAxesReferenceLinesAndRanges) {
  Chart chart;
  chart.kind = Chart::Kind::kBar;
  chart.title = "t, ops/s";
  chart.y_label = "rate";
  chart.y_unit = "ops/s";
  chart.log_value = true;
  chart.categories = {"sign", "verify"};
  chart.series.push_back({"a", {{0, "", 1600, 1500, 1700}, {0, "", 55000, 54000, 56000}}});
  std::ostringstream out;
  WriteSvgChart(chart, "chart-1", out);
  const std::string svg = out.str();
  EXPECT_NE(svg.find("rate (ops/s), log scale"), std::string::npos);
  for (const char* tick : {">1000<", ">10000<", ">100000<"}) {
    EXPECT_NE(svg.find(tick), std::string::npos) << tick;
  }
  EXPECT_EQ(svg.find(">100<"), std::string::npos);  // decades from the lowest figure's
  // 1600 sits at log10(1.6) of the first decade's width: 216 + 0.204 * (696 - 216) / 2.
  EXPECT_NE(svg.find("width=\"49.0\""), std::string::npos) << svg;

  Chart ranges;
  ranges.kind = Chart::Kind::kBar;
  ranges.ranges = true;
  ranges.reference = 1.0;
  ranges.reference_label = "one";
  ranges.title = "r, cycles/byte";
  ranges.categories = {"measured", "class"};
  ranges.series.push_back({"m", {{0, "", std::nan(""), 2.0, 3.0}, {}}});
  std::ostringstream drawn;
  WriteSvgChart(ranges, "chart-2", drawn);
  const std::string range_svg = drawn.str();
  // Axis 0-3 over 216-696 px: the bar spans 2-3, x 536 to 696; the reference line at 1 (376).
  EXPECT_NE(range_svg.find("<rect class=\"bar\" x=\"536.0\""), std::string::npos) << range_svg;
  EXPECT_NE(range_svg.find("<line class=\"reference\" x1=\"376.0\""), std::string::npos);
  EXPECT_EQ(Count(range_svg, "class=\"bar\""), 1u);  // the class has no range here
}

// A marked point (history trend's step) is a dashed line in the chart, between it and the point
// before, and its mark is a column of the chart's table; charts without marks have neither.
TEST(HtmlTest, MarkedPointsAreDrawnAndTabulated) {
  Chart chart;
  chart.title = "trend";
  chart.x_label = "measured (UTC)";
  ChartSeries series;
  series.name = "cell";
  for (int i = 0; i < 4; ++i) {
    ChartPoint point;
    point.x = 100.0 * i;
    point.x_label = fmt::format("day {}", i);
    point.value = i < 2 ? 10 : 9;
    point.mark = i == 2 ? "step: 10.0% slower" : "";
    series.points.push_back(point);
  }
  chart.series.push_back(series);
  Document doc;
  doc.Add(chart, kHtmlTarget);
  std::ostringstream out;
  WriteHtml(doc, out);
  const std::string page = out.str();
  EXPECT_EQ(Count(page, "<g class=\"mark\">"), 1u) << page;
  EXPECT_EQ(Count(page, "stroke-dasharray=\""), 1u);  // the stylesheet has one for references
  EXPECT_NE(page.find(">step: 10.0% slower</text>"), std::string::npos);
  EXPECT_NE(page.find("<th scope=\"col\">mark</th>"), std::string::npos);
  EXPECT_NE(page.find("<td>step: 10.0% slower</td>"), std::string::npos);
  // The line sits midway between the points at x 100 and 200 (px 86 + (x / 300) * 596).
  std::ostringstream svg;
  WriteSvgChart(chart, "c", svg);
  EXPECT_NE(svg.str().find("x1=\"384.0\""), std::string::npos) << svg.str();

  for (ChartPoint& point : chart.series[0].points) {
    point.mark.clear();
  }
  Document plain;
  plain.Add(chart, kHtmlTarget);
  std::ostringstream unmarked;
  WriteHtml(plain, unmarked);
  EXPECT_EQ(unmarked.str().find("mark"), std::string::npos);
}

// A backend has one colour (legend swatch class sN) in every chart of a page, though a chart
// without another backend's series (an algorithm it lacks) has fewer series, and the same one
// in another report; series without a backend take the colours left.
TEST(HtmlTest, ABackendHasOneColourInEveryChart) {
  std::vector<results::RunResult> runs = TwoBackends();
  runs.push_back(runs[1]);
  runs[2].library.backend = "botan";
  runs[0].algorithms.erase(runs[0].algorithms.begin());  // openssl lacks the first algorithm
  const std::string page = BackendsHtml(runs);
  std::map<std::string, std::set<std::string>> classes;  // backend -> swatch classes seen
  size_t legends = 0;
  const std::string open = "<g class=\"s";
  for (size_t at = page.find(open); at != std::string::npos; at = page.find(open, at + 1)) {
    if (std::isdigit(static_cast<unsigned char>(page[at + open.size()])) == 0) {
      continue;  // "series sN": the drawing, not the legend
    }
    const size_t end = page.find('"', at + open.size());
    const std::string slot = page.substr(at + open.size(), end - at - open.size());
    const size_t text = page.find("\">", page.find("<text", end)) + 2;
    const std::string name = page.substr(text, page.find("</text>", text) - text);
    classes[name.substr(0, name.find(' '))].insert(slot);
    ++legends;
  }
  EXPECT_GT(legends, 6u) << "several charts with legends expected";
  ASSERT_EQ(classes.size(), 3u);
  for (const auto& [backend, slots] : classes) {
    EXPECT_EQ(slots.size(), 1u) << backend << " drawn in " << slots.size() << " colours";
    EXPECT_EQ(*slots.begin(), std::to_string(BackendColour(backend))) << backend;
  }
  EXPECT_NE(BackendColour("openssl"), BackendColour("sodium"));
  EXPECT_EQ(BackendColour("some-other-library"), BackendColour("some-other-library"));

  // Two operations of one backend, and series of no backend: no colour is used twice.
  Chart chart;
  chart.series = {{"sodium encrypt", {}, "sodium"},
                  {"sodium decrypt", {}, "sodium"},
                  {"host a", {}},
                  {"openssl", {}, "openssl"}};
  const std::vector<size_t> colours = SeriesColours(chart);
  EXPECT_EQ(colours[0], BackendColour("sodium"));
  EXPECT_EQ(colours[3], BackendColour("openssl"));
  EXPECT_EQ(std::set<size_t>(colours.begin(), colours.end()).size(), 4u);
}

}  // namespace
}  // namespace cryptobench::report
