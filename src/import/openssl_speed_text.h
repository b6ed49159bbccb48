// The human-readable output of `openssl speed` (apps/speed.c, 0.9.8 to 4.x): the elapsed-time
// banner, 'Engine "x" set.', progress lines ("Doing aes-128 cbc for 3s on 16 size blocks:
// 123 aes-128 cbc's in 2.99s", 3.x "... ops for 3s ...: 123 AES-128-CBC ops in 3.00s", the
// public-key, KEM and signature variants), the header block, the symmetric table ("type" line
// with 5 or 6 sizes; values with 'k' are 1000s of bytes/s, without 'k' bytes/s) and the
// public-key tables (sign/verify, 3.2+ sign/verify/encrypt/decrypt, op/s, KEM and signature
// keygen/encaps/decaps or keygen/sign/verify). Columns are read as words, so collapsed
// spacing is fine.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "import/paste_cleanup.h"
#include "import/speed_evidence.h"

namespace cryptobench::import {

/// What a run's parser did with a line offered to it.
enum class Offer {
  kConsumed,  ///< the line belongs to this run
  kNotMine,   ///< not this parser's line (the caller tries others, or ignores it)
  kNewRun,    ///< the line starts the next run: finish this one, then offer it to a new one
};

/// True if a trimmed line is unmistakably human speed output that can start a run: the
/// elapsed banner, 'Engine "x" set.', "Forked child N", a "Doing ..." progress line, the
/// "The 'numbers' are ..." line, a "type ... bytes" line, speed 3.x's "version: " line or the
/// header line of any of speed's public-key tables (sign/verify, RSA's four columns, op/op/s,
/// the 3.2+ keygen/encaps/decaps and keygen/signs/verify tables).
bool StartsSpeedText(std::string_view trimmed);

/// True if a trimmed line is a row of one of speed's tables though no header is in sight: a
/// name and three or more figures in 1000s of bytes/s ("aes-256 cbc 8271.81k 8993.15k ..."),
/// or a public-key row ("163 bits ecdh (sect163r2) 0.0002s 5019.0", "rsa2048 0.11s 0.00s
/// 0.00s 9.0 26377.0 685.0") whose name says its family.
bool LooksLikeSpeedRow(std::string_view trimmed);

/// The caveat for a trimmed line that is openssl speed's message that it could not set up a KEM
/// or signature algorithm ("Error while initializing signing data structs for ML-DSA-65.",
/// apps/speed.c of 3.2 and later), read at 1-based `line_number`; nullopt for any other line.
std::optional<std::string> SpeedSetupErrorNote(size_t line_number, std::string_view trimmed);

/// True if a trimmed line is an entry of OpenSSL 3's error queue as ERR_print_errors prints it:
/// "<thread id in hexadecimal>:error:<code in hexadecimal>:<library>:<function>:<reason>:<file>:
/// <line>:<data>" ("4008E9FC01000000:error:03000096:digital envelope routines:...").
bool IsOpensslErrorQueueLine(std::string_view trimmed);

/// Line-by-line parser of one run's human-readable output.
class SpeedTextParser {
 public:
  explicit SpeedTextParser(SpeedEvidence* evidence) : evidence_(evidence) {}

  /// Offers one cleaned line. Throws ImportError for a recognised but malformed line (a table
  /// row with more values than sizes after an elision, a figure that is not a number).
  Offer Take(const SourceLine& line);

  /// Sizes a table row without a 'type' line falls back to: those of the last 'type' line of
  /// the paste (at `line`), when the row has as many figures. `continued`: this run's rows
  /// continue the table under that 'type' line (another build's rows pasted under the same
  /// header, RepeatsTable), so its sizes are theirs and are not in doubt.
  void SetImpliedSizes(std::vector<uint64_t> sizes, size_t line, bool continued = false) {
    implied_sizes_ = std::move(sizes);
    implied_line_ = line;
    implied_continued_ = continued;
  }

  /// After the run's last line: a row still waiting for the rest of its line is kept as it is,
  /// and a figure whose unit disagrees with its table (a bare "25441" among 'k' figures, which
  /// speed never prints: it lost its 'k' or was cut) is left out with a note.
  void Finish();

  /// The 'type' line's number, 0 when none was read.
  size_t type_line() const { return type_line_; }

  /// After Take returned kNewRun for a repeated table (RepeatsTable): the line the next run
  /// starts at when it is not the line offered (the repeated public-key table's header line,
  /// above its first repeated row), else 0. The caller offers the lines from there again to
  /// the next run's parser.
  size_t restart_line() const { return restart_line_; }

  /// After Take returned kNewRun for a repeated table: a short line between this run's last
  /// row and the repeated table ("without:", "openssl-3.0"), which the paste's author wrote
  /// to name the next build; its text and line, or std::nullopt. The caller decides whether
  /// it reads as a label.
  const std::optional<std::pair<std::string, size_t>>& next_label() const { return next_label_; }

 private:
  enum class Table { kNone, kSymmetric, kPublicKey };
  struct PkLayout {
    PkFamily family_hint = PkFamily::kRsa;  ///< for rows whose name does not say (KEM, sig)
    size_t num_ops = 2;
    const char* ops[4] = {"sign", "verify", nullptr, nullptr};
  };

  /// Reads one line inside a symmetric table: a row (name, then one figure per size of the
  /// 'type' line), or a row wrapped, cut or shortened in the paste. A line that cannot be a row
  /// ends the table (kNotMine: import then skips it as prose, with the caveat naming skipped
  /// lines) or refuses the paste (ImportError), by this rule:
  ///  - right after a blank line, any line that is not a row ends the table;
  ///  - after at least one row of the table, a line whose cells after the name are not the
  ///    table's figures ends the table when its name is no row name speed prints
  ///    (IsSpeedRowName) and its first cell is no figure in speed's "%.2f" / "%.2fk" form:
  ///    "real 0m18.123s", "Ryzen 5 5600X here", "Thanks, 2 machines tested" (a note names the
  ///    line);
  ///  - otherwise the line started as a row and was damaged ("sha256 64000.00k garbled ...",
  ///    "foo 64000.00k 12 x y"): the paste is refused at that line, since a figure read from
  ///    it could be a wrong one.
  Offer TakeSymmetricRow(const SourceLine& line, std::string_view trimmed);
  /// True when `line`, of a symmetric table and not a row, reads as prose after the table (the
  /// second point of TakeSymmetricRow's rule; `first_value` indexes the first cell of its
  /// `words`); it then adds a note naming the line, which becomes a caveat of the run.
  bool EndsTableAsProse(const SourceLine& line, std::string_view trimmed,
                        const std::vector<std::string_view>& words, size_t first_value);
  Offer TakePkRow(const SourceLine& line, std::string_view trimmed);
  Offer TakeLine(const SourceLine& line);  // Take, but for repeated tables
  // A public-key row cut inside its rates (cut_pk_row_): refused (ImportError at its line) when
  // another row of its table follows, else skipped with a note.
  [[noreturn]] void ThrowCutPkRow() const;
  void SkipCutPkRow();
  bool TakePkHeader(std::string_view trimmed);
  /// True when `trimmed`, a whole row of this run's symmetric or public-key table, names a
  /// row the run already has: openssl speed prints one table per kind per run, each row once
  /// (apps/speed.c, 0.9.8 to 3.x: the results loops print each algorithm's row once), so the
  /// row is another run's, pasted after this one under the same header (two builds compared in
  /// one table) or under a header of its own. Sets restart_line_ and next_label_.
  bool RepeatsTable(const SourceLine& line, std::string_view trimmed);
  /// The kind of the public-key table being read, by its header's columns ("sign/verify/|"),
  /// as a prefix of pk_row_names_.
  std::string PkTableKey() const;
  // A row without a 'type' line: picks its sizes; false when none fit its figure count.
  bool ImplySizes(const SourceLine& line, size_t figures);
  // True when a row of `figures` figures (one or two) has its sizes fixed without a 'type' line
  // of its own: by the command line's -bytes (one figure), or by the sizes implied from an
  // earlier 'type' line of the paste (SetImpliedSizes) that has that many.
  bool FixesSizesFor(size_t figures) const;
  void KeepPendingRow();
  // Notes each cell of `row` printed but not readable as a figure ("2345x6.12k").
  // and adds a caveat doubting the row's other cells.
  void NameDamagedCells(SymRow& row);
  // Appends a finished row to the evidence, with the caveat of a table without a 'type' line.
  void PushRow(SymRow row);
  void DropFiguresOfAnotherUnit();
  // A table without a single 'k' whose figures speed cannot have printed so (above 10000, or
  // 1000 times its progress lines): the 'k's were lost in the paste; reads them in 1000s.
  void ReadFiguresThatLostTheirK();
  // A figure not in speed's "%.2f" form ("1234567k") that its row's other figures rule out.
  void DropFiguresOutOfLine();
  // The rate of the progress line for row `name` at `size`, and its line; 0 when none.
  std::pair<double, size_t> ProgressRate(const std::string& name, uint64_t size) const;
  // Notes and forgets a name alone on its line that no line of figures continued.
  void DropPendingName();

  SpeedEvidence* evidence_;
  Table table_ = Table::kNone;
  size_t type_line_ = 0;
  PkLayout layout_;
  bool after_blank_ = false;     ///< a blank line since the last row: malformed rows end the table
  bool numbers_banner_ = false;  ///< "The 'numbers' are in ..." seen: a table should follow
  std::string cut_type_line_;    ///< a 'type' line cut by the terminal, waiting for its rest
  std::vector<uint64_t> implied_sizes_;
  size_t implied_line_ = 0;
  bool implied_continued_ = false;  ///< SetImpliedSizes' `continued`
  /// Set while reading a table whose 'type' line is not in the paste: the caveat of its rows.
  std::string implied_sizes_caveat_;
  bool implied_sizes_doubt_ = true;  ///< false when a command line's -mb settles the sizes
  /// Set while reading public-key rows without their header line: the caveat of those rows.
  std::string pk_headerless_caveat_;
  /// A row with fewer figures than sizes, waiting for the next line: the rest of a row
  /// wrapped by a mail client or terminal, or else a row cut short.
  std::optional<SymRow> pending_row_;
  size_t pending_found_ = 0;
  /// A name alone on a line inside the table (a row wrapped after its name) and its line.
  std::optional<std::pair<std::string, size_t>> pending_name_;
  std::string last_row_word_;  ///< the last figure of the last whole row, as printed
  /// Public-key row names as printed (words joined by one space) after their table's
  /// PkTableKey, for RepeatsTable.
  std::vector<std::string> pk_row_names_;
  size_t last_row_line_ = 0;   ///< the line of this run's last table row
  size_t pk_header_line_ = 0;  ///< the line of the last public-key table header
  /// The last non-blank line of text the parser did not take, or a name it held as a wrapped
  /// row's (pending_name_), and its line: the label candidate of RepeatsTable.
  std::optional<std::pair<std::string, size_t>> last_other_line_;
  size_t restart_line_ = 0;
  /// A public-key row with fewer rates than times ("384 bits ecdsa (nistp384) 0.0002s 0.0010s
  /// 4"), its name and line, waiting for what follows; and its (times, rates).
  std::optional<std::pair<std::string, size_t>> cut_pk_row_;
  std::pair<size_t, size_t> cut_pk_found_;
  std::optional<std::pair<std::string, size_t>> next_label_;
  /// The index in evidence_->notes of the note on the last line where speed said it could not
  /// set up a KEM or signature algorithm, while the error-queue lines after it may follow.
  std::optional<size_t> setup_error_note_;
};

}  // namespace cryptobench::import
