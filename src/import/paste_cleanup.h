// Undoing what pasting does to tool output: shell prompts, markdown fences, elision marks,
// terminal colour codes, CR line ends and compiler lines wrapped by a terminal or an editor.
// The parsers then see one SourceLine per logical line, each with its 1-based line number in
// the original text (for error messages).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::import {

/// What a cleaned line is.
enum class LineKind {
  kText,     ///< tool output or other prose; `text` holds it without trailing spaces
  kCommand,  ///< a command someone typed; `text` holds the command without its shell prompt
  kElision,  ///< a mark that lines were left out: "...", "[...]", "[snip]", "(* snipped *)"
};

/// One logical line of a paste.
struct SourceLine {
  size_t number = 0;  ///< 1-based line number in the original text (of the first physical line)
  LineKind kind = LineKind::kText;
  std::string text;
  /// For a kCommand line typed at a prompt that names its host ("[root@old-app ~]#",
  /// "user@host:~$", "root@host:/#"): the host, lower-cased; "" otherwise. Lines typed at
  /// prompts of two hosts were run on two machines.
  std::string host;
};

/// What a cleanup step changed in a way whoever reads the import should know (lines split
/// apart by SplitRunTogether): import adds `text` to the caveats of the run that holds `line`.
struct CleanupNote {
  size_t line = 0;   ///< 1-based line number in the original text
  std::string text;  ///< the caveat, one or more sentences naming the line
};

/// Cleans a paste:
///  - splits on LF, drops CR and terminal control: CSI (colours), OSC (titles, links), other
///    escapes, C0 controls but tab, DEL and C1 controls; a backspace erases the character
///    before it, and control that moves the cursor between two characters of a figure
///    ("999" ESC[2J "20.55k") leaves U+FFFD there, so that no figure is read from it;
///  - turns markdown code fences (``` or ~~~ lines, with or without a language tag) into blank
///    lines, since a code block's edge ends a table as a blank line does, and drops lines that
///    hold only a shell prompt;
///  - turns "user@host:~$ openssl speed ..." and "[root@box ~]# ..." (also "$ ", "# ", "% ",
///    "> ", "PS C:\> ") into kCommand lines, and a bare "openssl speed ..." / "openssl version"
///    command line too, and bare `bssl speed`, `botan speed|version` and `cryptsetup ...
///    benchmark` command lines;
///  - marks elisions (a line of only "...", "…", "[...]", "[snip]" and the like) as kElision;
///  - joins continuation lines that start with '-' onto a preceding "compiler:" line (a wrapped
///    flag list), with one space between;
///  - strips a mail or forum quote prefix ("> ", "| ") repeated on consecutive lines, Markdown
///    emphasis around figures ("**0.13s**") or a phrase ("**0.25 cycles/byte**", with a note
///    to *notes naming the line) and a single line wrapped in backticks;
///  - reads a prompt glued to an opening fence ("```bash-4.2# openssl speed ...") as a
///    command, and Windows ("C:\dir>openssl ...") and OpenVMS ("$ mc [.apps]openssl ...")
///    command lines;
///  - splits a line that holds several records of openssl speed output run together
///    (SplitRunTogether in run_together.h), and adds a note for it to *notes if given.
/// Blank lines are kept (as empty kText) because they end tables.
/// `line_numbers`, if given, holds for each line of `text` its 1-based line in the file it came
/// from (a quoted-printable paste decoded by DecodeQuotedPrintable joins lines), which the
/// SourceLines then carry; without it a line's number is its own in `text`.
std::vector<SourceLine> CleanPaste(std::string_view text, std::vector<CleanupNote>* notes = nullptr,
                                   const std::vector<size_t>* line_numbers = nullptr);

/// True if a trimmed line is only an elision mark (see CleanPaste).
bool IsElisionMark(std::string_view trimmed);

/// The caveat a run gets for an elision mark among its lines (`line`, of kind kElision): "The
/// paste leaves lines out at line N ('[...]'): figures from them are missing."
std::string ElisionCaveat(const SourceLine& line);

/// The environment assignments among shell words ("OPENSSL_ia32cap=\"~0x200000200000000\""):
/// name → value with one level of surrounding quotes removed. Other words are skipped.
std::map<std::string, std::string> ShellAssignments(std::string_view words);

/// If `command` is `export NAME=VALUE ...` or `unset NAME ...`, applies it to *environment and
/// returns true; any other command leaves it alone and returns false.
bool ApplyExport(std::string_view command, std::map<std::string, std::string>* environment);

/// If `command` runs `openssl <subcommand>` (possibly with a path, environment assignments,
/// sudo, time, taskset ...), returns the subcommand ("speed", "version", ...) and sets *args to
/// the words after it, and *launcher (if given) to the words before the program joined by
/// single spaces ("OPENSSL_ia32cap=~0x2 taskset -c 2") and *program (if given) to the program
/// as typed ("/usr/bin/openssl", "openssl"); otherwise returns "".
std::string OpensslSubcommand(std::string_view command, std::vector<std::string>* args,
                              std::string* launcher = nullptr, std::string* program = nullptr);

/// Tools other than openssl speed whose output import reads.
enum class ForeignTool {
  kNone,
  kBssl,        ///< BoringSSL's `bssl` (Debian: `bssl-tool`)
  kBotan,       ///< Botan's command-line tool (`botan`, `botan2`, `botan3`, `botan-cli`)
  kCryptsetup,  ///< `cryptsetup`
  kTcrypt,      ///< the kernel's tcrypt module (`modprobe tcrypt mode=...`, read from dmesg)
  kKcapi,       ///< libkcapi's `kcapi-speed`
  kWolfcrypt,   ///< wolfSSL's `wolfcrypt/benchmark/benchmark` (and wolfTPM's)
  kMbedtls,     ///< mbedTLS's `programs/test/benchmark`
  kGnutls,      ///< `gnutls-cli --benchmark-ciphers` / `--benchmark-tls-ciphers` / `-kx`
  kSTime,       ///< `openssl s_time`
  kCryptodev,   ///< cryptodev-linux's tests/speed (and sha_speed, async_speed, ...)
};

/// A foreign tool's command line, as far as import needs it.
struct ForeignCommand {
  ForeignTool tool = ForeignTool::kNone;
  /// bssl and botan: the word after the program ("speed", "version"); cryptsetup: "benchmark"
  /// if that action is named anywhere among the words, else ""; gnutls-cli: the
  /// "--benchmark-..." option if given; tcrypt: "tcrypt" (insmod or modprobe of the module).
  std::string subcommand;
  /// The words after the subcommand (cryptsetup: every word after the program except the
  /// action), up to a pipe, redirection or command separator.
  std::vector<std::string> args;
  /// The words before the program joined by single spaces, as OpensslSubcommand's launcher
  /// ("OPENSSL_ia32cap='~0x200000200000000' taskset -c 2"); "" when none.
  std::string launcher;
  /// The program as typed ("./wolfcrypt/benchmark/benchmark", "bssl"); "" for tcrypt.
  std::string program;
};

/// Parses `command` (env assignments, wrappers such as sudo or taskset, and a path may come
/// before the program, as in OpensslSubcommand); tool kNone if it runs none of the foreign
/// tools before any pipe or command separator.
ForeignCommand ParseForeignCommand(std::string_view command);

}  // namespace cryptobench::import
