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

// `prefix` and `text`, as they are when they fit in `columns` (0: always); else broken at
// spaces, each further line starting with `hanging` (a word longer than a line stays whole).
void WriteWrapped(const std::string& text, size_t columns, const std::string& prefix,
                  const std::string& hanging, std::ostream& out) {
  if (columns == 0 || DisplayWidth(prefix) + DisplayWidth(text) <= columns) {
    out << prefix << text << '\n';
    return;
  }
  std::string line = prefix;
  bool line_has_word = false;
  size_t begin = 0;
  while (begin <= text.size()) {
    size_t end = text.find(' ', begin);
    end = end == std::string::npos ? text.size() : end;
    const std::string word = text.substr(begin, end - begin);
    begin = end + 1;
    if (word.empty()) {
      continue;
    }
    if (line_has_word && DisplayWidth(line) + 1 + DisplayWidth(word) > columns) {
      out << line << '\n';
      line = hanging;
      line_has_word = false;
    }
    line += line_has_word ? " " : "";
    line += word;
    line_has_word = true;
  }
  out << line << '\n';
}

std::string FieldLabel(const FieldList& list, const Field& field) {
  return list.colon ? fmt::format("{}:", field.label) : field.label;
}

// The width labels are padded to: label_width, or the widest label's plus two.
size_t LabelWidth(const FieldList& list) {
  if (list.label_width != 0) {
    return list.label_width;
  }
  size_t width = 0;
  for (const Field& field : list.fields) {
    if ((field.targets & kTextTarget) != 0) {
      width = std::max(width, DisplayWidth(FieldLabel(list, field)));
    }
  }
  return width + 2;
}

void WriteTextField(const FieldList& list, size_t label_width, const Field& field,
                    std::ostream& out) {
  const std::string value = PlainText(field.value);
  std::string line = list.indent + PadRight(FieldLabel(list, field), label_width);
  if (list.wrap_at_spaces) {
    WriteWrapped(value, list.wrap_columns, line,
                 std::string(DisplayWidth(list.indent) + label_width, ' '), out);
    return;
  }
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

void WriteTextLine(std::ostream& out, std::string line) {
  line.erase(line.find_last_not_of(' ') + 1);
  out << line << '\n';
}

void WriteTextTable(const Table& table, std::ostream& out) {
  const std::string& indent = table.indent;
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
  WriteTextLine(out, indent + header);
  for (const auto& row : table.rows) {
    const bool spans = row.size() < columns.size();
    std::string line = indent;
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
    const std::string text = span.code ? MarkdownCode(span.text) : MarkdownText(span.text);
    out += span.strong ? fmt::format("**{}**", text) : text;
  }
  return out;
}

// Cells escaped already.
void WriteMarkdownRow(const std::vector<std::string>& cells, std::ostream& out) {
  out << '|';
  for (const std::string& cell : cells) {
    out << ' ' << cell << " |";
  }
  out << '\n';
}

// The cells of `row` as Markdown shows them, escaped: flag columns appended to the cell
// before, a short row padded with empty cells, a cell with markup as its markup.
std::vector<std::string> MarkdownCells(const Table& table, const std::vector<TableCell>& row,
                                       bool header) {
  std::vector<std::string> cells;
  for (size_t c = 0; c < table.columns.size(); ++c) {
    const Column& column = table.columns[c];
    std::string text;
    if (header) {
      text = MarkdownText(column.markdown_header.empty() ? column.header : column.markdown_header);
    } else if (c < row.size()) {
      text = row[c].markup.empty() ? MarkdownText(row[c].text) : MarkdownInline(row[c].markup);
    }
    if (column.kind == Column::Kind::kFlag && !cells.empty()) {
      if (!header && !text.empty()) {
        cells.back() += ' ';
        cells.back() += text;
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
          WriteTextField(*list, LabelWidth(*list), field, out);
        }
      }
    } else if (const auto* paragraph = std::get_if<Paragraph>(&block.content)) {
      WriteWrapped(paragraph->text, paragraph->wrap_columns, paragraph->prefix, paragraph->hanging,
                   out);
    } else if (const auto* table = std::get_if<Table>(&block.content)) {
      WriteTextTable(*table, out);
    } else if (const auto* notes = std::get_if<NoteList>(&block.content)) {
      bool first = true;
      for (const Note& note : notes->notes) {
        if (!For(note.targets, kTextTarget)) {
          continue;
        }
        out << (first && notes->text_blank_line ? "\n" : "");
        first = false;
        WriteWrapped(note.text, note.wrap ? notes->wrap_columns : 0, notes->text_prefix,
                     notes->text_hanging, out);
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
      out << (heading->level > 2   ? "#### "
              : heading->level > 1 ? "### "
                                   : "## ")
          << MarkdownText(heading->text) << '\n';
    } else if (const auto* list = std::get_if<FieldList>(&block.content)) {
      separate();
      for (const Field& field : list->fields) {
        if (For(field.targets, kMarkdownTarget)) {
          out << "- " << MarkdownText(field.label) << ": " << MarkdownInline(field.value) << '\n';
        }
      }
    } else if (const auto* paragraph = std::get_if<Paragraph>(&block.content)) {
      separate();
      out << (paragraph->markup.empty() ? MarkdownText(paragraph->text)
                                        : MarkdownInline(paragraph->markup))
          << '\n';
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
        out << std::string(2 * static_cast<size_t>(std::max(note.depth, 0)), ' ') << "- "
            << (note.markup.empty() ? MarkdownText(note.text) : MarkdownInline(note.markup))
            << '\n';
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
