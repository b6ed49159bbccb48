// The writers of a report::Document: text, Markdown and CSV.
#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/document.h"
#include "report/format_util.h"
#include "report/sanitize.h"

namespace cryptobench::report {
namespace {

bool For(unsigned targets, Target writer) { return (targets & writer) != 0; }

// ----- text -----------------------------------------------------------------------------------

// Splits `value` where a wrapped line may end: after "; " separators if it has any (a method
// line), else at spaces (compiler flags).
std::vector<std::string> WrapPieces(const std::string& value) {
  const std::string separator = value.find("; ") != std::string::npos ? "; " : " ";
  std::vector<std::string> pieces;
  size_t begin = 0;
  while (begin < value.size()) {
    const size_t at = value.find(separator, begin);
    const size_t end = at == std::string::npos ? value.size() : at + separator.size() - 1;
    pieces.push_back(value.substr(begin, end - begin));
    begin = at == std::string::npos ? value.size() : at + separator.size();
  }
  return pieces;
}

void WriteTextField(const FieldList& list, const Field& field, std::ostream& out) {
  const std::string value = PlainText(field.value);
  std::string line =
      list.indent +
      PadRight(list.colon ? fmt::format("{}:", field.label) : field.label, list.label_width);
  if (list.wrap_columns == 0 || DisplayWidth(line) + DisplayWidth(value) <= list.wrap_columns) {
    out << line << value << '\n';
    return;
  }
  const std::string indent(DisplayWidth(line), ' ');
  bool first = true;
  for (const std::string& piece : WrapPieces(value)) {
    if (!first && DisplayWidth(line) + 1 + DisplayWidth(piece) > list.wrap_columns) {
      out << line << '\n';
      line = indent;
      first = true;
    }
    line += (first ? "" : " ") + piece;
    first = false;
  }
  out << line << '\n';
}

// `note` wrapped at `columns` with a two-space hanging indent (words are kept whole).
void WriteWrappedNote(const std::string& note, size_t columns, std::ostream& out) {
  std::string line;
  size_t begin = 0;
  while (begin < note.size()) {
    size_t end = note.find(' ', begin);
    end = end == std::string::npos ? note.size() : end;
    const std::string word = note.substr(begin, end - begin);
    begin = end + 1;
    if (!line.empty() && line != "  " && DisplayWidth(line) + 1 + DisplayWidth(word) > columns) {
      out << line << '\n';
      line = "  ";
    }
    line += (line.empty() || line == "  " ? "" : " ") + word;
  }
  out << line << '\n';
}

void WriteTextLine(std::ostream& out, std::string line) {
  line.erase(line.find_last_not_of(' ') + 1);
  out << line << '\n';
}

void WriteTextTable(const Table& table, std::ostream& out) {
  const std::vector<Column>& columns = table.columns;
  std::vector<size_t> widths(columns.size());
  for (size_t c = 0; c < columns.size(); ++c) {
    widths[c] = std::max(columns[c].min_width, DisplayWidth(columns[c].header));
  }
  for (const auto& row : table.rows) {
    const bool spans = row.size() < columns.size();
    const size_t sized = spans && !row.empty() ? row.size() - 1 : row.size();
    for (size_t c = 0; c < sized && c < columns.size(); ++c) {
      widths[c] = std::max(widths[c], DisplayWidth(row[c].text));
    }
  }
  const auto pad = [&](size_t c, const std::string& text) {
    return columns[c].align == Column::Align::kLeft ? PadRight(text, widths[c])
                                                    : PadLeft(text, widths[c]);
  };
  std::string header;
  for (size_t c = 0; c < columns.size(); ++c) {
    header += (c == 0 ? "" : table.gap) + pad(c, columns[c].header);
  }
  WriteTextLine(out, header);
  for (const auto& row : table.rows) {
    const bool spans = row.size() < columns.size();
    std::string line;
    for (size_t c = 0; c < row.size() && c < columns.size(); ++c) {
      line += c == 0 ? "" : table.gap;
      line += spans && c + 1 == row.size() ? row[c].text : pad(c, row[c].text);
    }
    WriteTextLine(out, line);
  }
}

// ----- Markdown -------------------------------------------------------------------------------

std::string MarkdownInline(const Inline& spans) {
  std::string out;
  for (const Span& span : spans) {
    out += span.code ? MarkdownCode(span.text) : MarkdownText(span.text);
  }
  return out;
}

void WriteMarkdownRow(const std::vector<std::string>& cells, std::ostream& out) {
  out << '|';
  for (const std::string& cell : cells) {
    out << ' ' << MarkdownText(cell) << " |";
  }
  out << '\n';
}

// The cells of `row` as Markdown shows them: flag columns appended to the cell before, a
// short row padded with empty cells.
std::vector<std::string> MarkdownCells(const Table& table, const std::vector<TableCell>& row,
                                       bool header) {
  std::vector<std::string> cells;
  for (size_t c = 0; c < table.columns.size(); ++c) {
    const Column& column = table.columns[c];
    std::string text;
    if (header) {
      text = column.markdown_header.empty() ? column.header : column.markdown_header;
    } else if (c < row.size()) {
      text = row[c].text;
    }
    if (column.kind == Column::Kind::kFlag && !cells.empty()) {
      if (!header && !text.empty()) {
        cells.back() += " " + text;
      }
      continue;
    }
    cells.push_back(std::move(text));
  }
  return cells;
}

void WriteMarkdownTable(const Table& table, std::ostream& out) {
  WriteMarkdownRow(MarkdownCells(table, {}, true), out);
  std::string rule = "|";
  for (size_t c = 0; c < table.columns.size(); ++c) {
    if (table.columns[c].kind == Column::Kind::kFlag && c > 0) {
      continue;
    }
    rule += table.columns[c].align == Column::Align::kLeft ? "---|" : "--:|";
  }
  out << rule << '\n';
  for (const auto& row : table.rows) {
    WriteMarkdownRow(MarkdownCells(table, row, false), out);
  }
}

// ----- CSV ------------------------------------------------------------------------------------

void WriteCsvRow(const std::vector<std::string>& fields, std::ostream& out) {
  for (size_t i = 0; i < fields.size(); ++i) {
    out << (i == 0 ? "" : ",") << CsvField(fields[i]);
  }
  out << '\n';
}

}  // namespace

std::string PlainText(const Inline& spans) {
  std::string out;
  for (const Span& span : spans) {
    out += span.text;
  }
  return out;
}

void AddSection(Document& doc, const std::string& text_heading, const std::string& title,
                const std::string& caption) {
  doc.Add(Heading{text_heading, 2}, kTextTarget);
  doc.Add(Heading{title, 2}, kMarkdownTarget);
  doc.Add(Paragraph{caption}, kMarkdownTarget);
}

void AddMeasuredSymmetricSection(Document& doc, double confidence_percent) {
  AddSection(
      doc,
      fmt::format("Symmetric throughput, MB/s (10^6 bytes/s): median ± half-width of its "
                  "{:g}% CI",
                  confidence_percent),
      "Symmetric throughput",
      fmt::format("MB/s = 10^6 bytes/s; median ± half-width of its {:g}% CI.", confidence_percent));
}

void WriteText(const Document& document, std::ostream& out) {
  for (const Block& block : document.blocks) {
    if (!For(block.targets, kTextTarget)) {
      continue;
    }
    if (const auto* heading = std::get_if<Heading>(&block.content)) {
      out << (heading->level > 1 ? "\n" : "") << heading->text << '\n';
    } else if (const auto* list = std::get_if<FieldList>(&block.content)) {
      for (const Field& field : list->fields) {
        if (For(field.targets, kTextTarget)) {
          WriteTextField(*list, field, out);
        }
      }
    } else if (const auto* paragraph = std::get_if<Paragraph>(&block.content)) {
      out << paragraph->text << '\n';
    } else if (const auto* table = std::get_if<Table>(&block.content)) {
      WriteTextTable(*table, out);
    } else if (const auto* notes = std::get_if<NoteList>(&block.content)) {
      bool first = true;
      for (const Note& note : notes->notes) {
        if (!For(note.targets, kTextTarget)) {
          continue;
        }
        out << (first ? "\n" : "");
        first = false;
        if (note.wrap) {
          WriteWrappedNote(note.text, notes->wrap_columns, out);
        } else {
          out << note.text << '\n';
        }
      }
    }
  }
}

void WriteMarkdown(const Document& document, std::ostream& out) {
  bool first = true;
  const auto separate = [&] {
    out << (first ? "" : "\n");
    first = false;
  };
  for (const Block& block : document.blocks) {
    if (!For(block.targets, kMarkdownTarget)) {
      continue;
    }
    if (const auto* heading = std::get_if<Heading>(&block.content)) {
      separate();
      out << (heading->level > 1 ? "### " : "## ") << MarkdownText(heading->text) << '\n';
    } else if (const auto* list = std::get_if<FieldList>(&block.content)) {
      separate();
      for (const Field& field : list->fields) {
        if (For(field.targets, kMarkdownTarget)) {
          out << "- " << MarkdownText(field.label) << ": " << MarkdownInline(field.value) << '\n';
        }
      }
    } else if (const auto* paragraph = std::get_if<Paragraph>(&block.content)) {
      separate();
      out << MarkdownText(paragraph->text) << '\n';
    } else if (const auto* table = std::get_if<Table>(&block.content)) {
      separate();
      WriteMarkdownTable(*table, out);
    } else if (const auto* notes = std::get_if<NoteList>(&block.content)) {
      bool any = false;
      for (const Note& note : notes->notes) {
        if (!For(note.targets, kMarkdownTarget)) {
          continue;
        }
        if (!any) {
          separate();
          if (!notes->markdown_heading.empty()) {
            out << "### " << MarkdownText(notes->markdown_heading) << "\n\n";
          }
          any = true;
        }
        out << "- " << MarkdownText(note.text) << '\n';
      }
    }
  }
}

void WriteCsv(const Document& document, std::ostream& out) {
  bool first = true;
  for (const Block& block : document.blocks) {
    const auto* table = std::get_if<Table>(&block.content);
    if (table == nullptr || !For(block.targets, kCsvTarget)) {
      continue;
    }
    out << (first ? "" : "\n");
    first = false;
    std::vector<std::string> header;
    for (const Column& column : table->columns) {
      header.push_back(column.header);
    }
    WriteCsvRow(header, out);
    for (const auto& row : table->rows) {
      std::vector<std::string> fields;
      for (const TableCell& cell : row) {
        fields.push_back(cell.text);
      }
      WriteCsvRow(fields, out);
    }
  }
}

}  // namespace cryptobench::report
