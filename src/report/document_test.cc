// The document writers: what each block becomes in text, Markdown and CSV, and which blocks
// each writer leaves out. The speed and list layouts are pinned by the golden files.
#include "report/document.h"

#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace cryptobench::report {
namespace {

using Align = Column::Align;
using Kind = Column::Kind;

Document Sample() {
  Document doc;
  doc.Add(Heading{"Title line", 1}, kTextTarget);
  doc.Add(Heading{"Results", 1}, kMarkdownTarget);
  FieldList& fields = doc.Add(FieldList{{}, "", 8, 30, true}, kHumanTargets);
  fields.fields.push_back({"CPU", {{"Some CPU"}}});
  fields.fields.push_back({"Path", {{"at "}, {"/a|b", true}}, kMarkdownTarget});
  fields.fields.push_back({"Method", {{"one piece; two pieces; three pieces"}}});
  doc.Add(Heading{"Rates", 2});
  Table table;
  table.columns = {Column("name", "Name", Align::kLeft), Column("MB/s", "", Align::kRight),
                   Column("", "", Align::kLeft, Kind::kFlag)};
  table.rows.push_back({"a*b", "12.5", "!"});
  table.rows.push_back({"long-name", "failed across the row"});
  doc.Add(std::move(table), kHumanTargets);
  NoteList& notes = doc.Add(NoteList{{}, "Notes", 20});
  notes.notes.push_back({"a note that wraps at twenty columns", true});
  notes.notes.push_back({"markdown only", false, kMarkdownTarget});
  Table data;
  data.columns = {Column("x"), Column("note")};
  data.rows.push_back({"1", "a, b"});
  doc.Add(std::move(data), kCsvTarget);
  return doc;
}

TEST(DocumentTest, Text) {
  std::ostringstream out;
  WriteText(Sample(), out);
  EXPECT_EQ(out.str(),
            "Title line\n"
            "CPU:    Some CPU\n"
            "Method: one piece; two pieces;\n"
            "        three pieces\n"
            "\n"
            "Rates\n"
            "name       MB/s\n"
            "a*b        12.5  !\n"
            "long-name  failed across the row\n"
            "\n"
            "a note that wraps at\n"  // exactly 20 columns
            "  twenty columns\n");
}

TEST(DocumentTest, Markdown) {
  std::ostringstream out;
  WriteMarkdown(Sample(), out);
  EXPECT_EQ(out.str(),
            "## Results\n"
            "\n"
            "- CPU: Some CPU\n"
            "- Path: at `/a\\|b`\n"
            "- Method: one piece; two pieces; three pieces\n"
            "\n"
            "### Rates\n"
            "\n"
            "| Name | MB/s |\n"
            "|---|--:|\n"
            "| a\\*b | 12.5 ! |\n"
            "| long-name | failed across the row |\n"
            "\n"
            "### Notes\n"
            "\n"
            "- a note that wraps at twenty columns\n"
            "- markdown only\n");
}

TEST(DocumentTest, CsvWritesOnlyItsTables) {
  std::ostringstream out;
  WriteCsv(Sample(), out);
  EXPECT_EQ(out.str(), "x,note\n1,\"a, b\"\n");
}

TEST(DocumentTest, NotesForNoWriterLeaveNoHeading) {
  Document doc;
  NoteList& notes = doc.Add(NoteList{{}, "Notes", 110});
  notes.notes.push_back({"text only", false, kTextTarget});
  std::ostringstream markdown;
  WriteMarkdown(doc, markdown);
  EXPECT_EQ(markdown.str(), "");
  std::ostringstream text;
  WriteText(doc, text);
  EXPECT_EQ(text.str(), "\ntext only\n");
}

TEST(DocumentTest, PlainTextJoinsSpans) {
  EXPECT_EQ(PlainText({{"loaded from "}, {"/lib/x.so", true}}), "loaded from /lib/x.so");
}

}  // namespace
}  // namespace cryptobench::report
