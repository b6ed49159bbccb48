// Text from any input made safe for a terminal, at the rendering boundary. Library version
// strings, CPU models, worker environments, file names and messages come from result files,
// pastes, libraries and the system; printed raw, an escape sequence in one of them could set
// the window title (OSC 0), clear the screen (CSI 2J), write the clipboard (OSC 52), or a line
// break could print a fake verdict line. Each writer adds its own escaping on top (Markdown:
// MarkdownText/MarkdownCode in format_util.h; CSV: quoting and a guard against formulas).
#pragma once

#include <string>
#include <string_view>

#include "results/model.h"

namespace cryptobench::report {

/// One field of text, printable on one line: a tab becomes one space (a tab in a pasted version
/// or CPU line separates words, and "\u0009" made it unreadable); every other control character
/// (C0 including line breaks, DEL, C1 U+0080-U+009F), the line and paragraph separators
/// (U+2028, U+2029) and the bidirectional embeddings, overrides and isolates (U+202A-U+202E,
/// U+2066-U+2069, which can reorder what a reader sees, "Trojan Source") are shown as a
/// JSON-style escape ("\u001b"); bytes that are not UTF-8 become U+FFFD. Everything else is
/// kept. JSON output does not come through here: its writer escapes as JSON does ("\t").
std::string SafeText(std::string_view text);

/// A whole rendered document: as SafeText, but line feeds and tabs are kept. In a JSON
/// document the escapes are valid JSON string escapes of the same characters (the JSON writer
/// has escaped C0 already), so the data is unchanged.
std::string SafeDocument(std::string_view text);

/// True if SafeText (`keep_layout` false) or SafeDocument (true) would change `text`: a large
/// report that needs nothing is not copied.
bool NeedsSanitizing(std::string_view text, bool keep_layout);

/// Every string of `run` (library, machine, method, source, worker environment, algorithm and
/// cell texts) through SafeText, so that no renderer can print a raw one.
void SanitizeRun(results::RunResult& run);

/// A CSV field (RFC 4180 section 2: enclosed in double quotes when it holds a comma, a double
/// quote or a line break, with inner quotes doubled). Text that a spreadsheet would take for a
/// formula (a leading '=', '+', '-', '@', tab or carriage return; OWASP "CSV Injection") gets
/// a leading apostrophe, unless the whole field is a number ("-0.5").
std::string CsvField(const std::string& field);

}  // namespace cryptobench::report
