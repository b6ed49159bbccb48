// The format registry: names and aliases, producers, extensions, and the one-line refusals.
#include "report/formats.h"

#include <string>

#include <gtest/gtest.h>

#include "core/errors.h"

namespace cryptobench::report {
namespace {

TEST(FormatRegistryTest, NamesAndAliases) {
  const struct {
    const char* name;
    Format format;
  } cases[] = {
      {"table", Format::kTable}, {"text", Format::kTable}, {"openssl", Format::kOpenssl},
      {"json", Format::kJson},   {"csv", Format::kCsv},    {"markdown", Format::kMarkdown},
      {"md", Format::kMarkdown}, {"html", Format::kHtml},  {"gbench-json", Format::kGbenchJson}};
  for (const auto& c : cases) {
    EXPECT_EQ(FindFormat(c.name), c.format) << c.name;
  }
  EXPECT_EQ(FindFormat("JSON"), std::nullopt);
  EXPECT_EQ(FindFormat(""), std::nullopt);
  EXPECT_EQ(FindFormat("xml"), std::nullopt);
  // The registry name, never an alias, is what messages use.
  EXPECT_EQ(FormatName(Format::kTable), "table");
  EXPECT_EQ(FormatName(Format::kMarkdown), "markdown");
  EXPECT_EQ(FormatName(Format::kGbenchJson), "gbench-json");
}

TEST(FormatRegistryTest, EveryProducerWritesTableFirstAndJson) {
  for (Producer p :
       {Producer::kSpeed, Producer::kList, Producer::kDoctor, Producer::kCompare, Producer::kImport,
        Producer::kTls, Producer::kHistory, Producer::kHistoryTrend, Producer::kHarnessOverhead}) {
    ASSERT_FALSE(FormatsOf(p).empty()) << ProducerName(p);
    EXPECT_EQ(FormatsOf(p).front(), Format::kTable) << ProducerName(p);
    EXPECT_TRUE(CanProduce(p, Format::kJson)) << ProducerName(p);
  }
  EXPECT_EQ(FormatList(Producer::kCompare), "table, json, csv, markdown or html");
  EXPECT_TRUE(CanProduce(Producer::kSpeed, Format::kOpenssl));
  EXPECT_FALSE(CanProduce(Producer::kTls, Format::kOpenssl));
  // history trend draws a chart; history's run list is a table only.
  EXPECT_TRUE(CanProduce(Producer::kHistoryTrend, Format::kHtml));
  EXPECT_FALSE(CanProduce(Producer::kHistory, Format::kHtml));
}

TEST(FormatRegistryTest, Extensions) {
  EXPECT_EQ(FormatForExtension("out.json"), Format::kJson);
  EXPECT_EQ(FormatForExtension("dir.v2/Report.MD"), Format::kMarkdown);
  EXPECT_EQ(FormatForExtension("a.markdown"), Format::kMarkdown);
  EXPECT_EQ(FormatForExtension("a.csv"), Format::kCsv);
  EXPECT_EQ(FormatForExtension("a.html"), Format::kHtml);
  EXPECT_EQ(FormatForExtension("a.txt"), std::nullopt);  // table or openssl: --format decides
  EXPECT_EQ(FormatForExtension("a.out"), std::nullopt);
  EXPECT_EQ(FormatForExtension("dir.json/report"), std::nullopt);
  EXPECT_EQ(FormatForExtension(".json"), std::nullopt);
  EXPECT_EQ(FormatForExtension(""), std::nullopt);
}

std::string Refusal(Producer producer, const std::string& given, const std::string& output) {
  try {
    ChooseFormat(producer, given, output);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(FormatRegistryTest, ChooseFormat) {
  EXPECT_EQ(ChooseFormat(Producer::kSpeed, "", ""), Format::kTable);
  EXPECT_EQ(ChooseFormat(Producer::kDoctor, "text", ""), Format::kTable);
  EXPECT_EQ(ChooseFormat(Producer::kDoctor, "md", ""), Format::kMarkdown);
  // The extension chooses when --format is not given; --format wins when it is.
  EXPECT_EQ(ChooseFormat(Producer::kImport, "", "runs.json"), Format::kJson);
  EXPECT_EQ(ChooseFormat(Producer::kImport, "", "runs.out"), Format::kTable);
  EXPECT_EQ(ChooseFormat(Producer::kSpeed, "csv", "runs.json"), Format::kCsv);

  EXPECT_EQ(
      Refusal(Producer::kSpeed, "xml", ""),
      "--format 'xml': unknown format; speed writes table, openssl, json, csv, markdown, html or "
      "gbench-json");
  EXPECT_EQ(Refusal(Producer::kDoctor, "csv", ""),
            "--format 'csv': doctor cannot write csv; it writes table, json, markdown or html");
  EXPECT_EQ(Refusal(Producer::kDoctor, "", "x.csv"),
            "--output 'x.csv': doctor cannot write csv (the format its extension names); it "
            "writes table, json, markdown or html: give --format");
  EXPECT_EQ(ChooseFormat(Producer::kCompare, "", "x.csv"), Format::kCsv);
  EXPECT_EQ(Refusal(Producer::kSpeed, "a\nb", "").find('\n'), std::string::npos);
  // list writes Markdown (its documents' Markdown form) but no CSV or HTML.
  EXPECT_EQ(ChooseFormat(Producer::kList, "markdown", ""), Format::kMarkdown);
  EXPECT_EQ(Refusal(Producer::kList, "html", ""),
            "--format 'html': list cannot write html; it writes table, json or markdown");
}

}  // namespace
}  // namespace cryptobench::report
