// Paste cleanup: prompts, fences, elisions, colour codes and wrapped compiler lines.
#include "import/paste_cleanup.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "import/openssl_speed_mr.h"
#include "import/openssl_speed_text.h"
#include "import/openssl_version.h"
#include "import/parse_util.h"
#include "import/run_together.h"

namespace cryptobench::import {
namespace {

// Longest prompt prefix we accept before the prompt character ("user@host:~/some/dir").
constexpr size_t kMaxPromptPrefix = 120;

// A character of a figure: "99920.55k" is cut apart by control between its digits.
bool IsFigureChar(char c) { return (c >= '0' && c <= '9') || c == '.' || c == ','; }

// Drops the last UTF-8 character of `out` (a backspace erases one character, not one byte).
void EraseLastCharacter(std::string* out) {
  while (!out->empty() && (static_cast<unsigned char>(out->back()) & 0xc0) == 0x80) {
    out->pop_back();
  }
  if (!out->empty()) {
    out->pop_back();
  }
}

// Terminal control in a paste: CSI sequences (ESC '[' parameters, final byte 0x40-0x7e: colours,
// bracketed-paste marks), OSC sequences (ESC ']' ... BEL or ESC '\\': window titles,
// hyperlinks), other two-byte escapes (ESC '(' 'B' ...), C0 controls other than tab, DEL and the
// C1 controls U+0080-U+009F (ECMA-48 sections 5 and 8). Printed raw they would reach the
// terminal of whoever reads the report; CR goes too (CRLF line ends).
// Most of them show nothing where they stand (colours, titles, character sets, bell), so the
// text around them joins. A backspace erases the character before it, as the terminal showed
// it ("11\b54.2" read 154.2). Control that moves the cursor or erases (CSI other than SGR 'm',
// ESC 7/8, CR, VT, FF, C1) between two characters of a figure leaves what the reader saw
// unknown: it becomes U+FFFD there, so the figure is no figure and its parser says so, rather
// than the digits on both sides joining into another number ("999" ESC[2J "20.55k").
std::string StripAnsi(std::string_view line) {
  std::string out;
  out.reserve(line.size());
  bool moved_inside_figure = false;  // cursor control since the last kept character, after a digit
  const auto moved = [&] {
    if (!out.empty() && IsFigureChar(out.back())) {
      moved_inside_figure = true;
    }
  };
  for (size_t i = 0; i < line.size(); ++i) {
    const auto c = static_cast<unsigned char>(line[i]);
    if (c == 0x1b && i + 1 < line.size()) {
      const char kind = line[i + 1];
      size_t j = i + 2;
      if (kind == '[') {
        while (j < line.size() && !(line[j] >= 0x40 && line[j] <= 0x7e)) {
          ++j;
        }
        if (j < line.size() && line[j] != 'm' && line[j] != '~') {
          moved();  // not a colour (SGR) or a bracketed-paste mark
        }
      } else if (kind == ']' || kind == 'P' || kind == '_' || kind == '^') {
        // OSC, DCS, APC, PM: a string up to BEL or ST (ESC '\\').
        while (j < line.size() && line[j] != '\a' &&
               !(line[j] == '\x1b' && j + 1 < line.size() && line[j + 1] == '\\')) {
          ++j;
        }
        if (j < line.size() && line[j] == '\x1b') {
          ++j;  // the '\\' of ST
        }
      } else {
        // ESC, intermediates (0x20-0x2f), final byte: "ESC ( B", "ESC =", "ESC 7".
        j = i + 1;
        while (j < line.size() && line[j] >= 0x20 && line[j] <= 0x2f) {
          ++j;
        }
        // Character sets ("ESC ( B") and keypad modes ("ESC =", "ESC >") show nothing.
        if (j == i + 1 && j < line.size() && line[j] != '=' && line[j] != '>') {
          moved();
        }
      }
      i = j;  // through the final byte
      continue;
    }
    if (c == 0xc2 && i + 1 < line.size() && static_cast<unsigned char>(line[i + 1]) >= 0x80 &&
        static_cast<unsigned char>(line[i + 1]) <= 0x9f) {
      ++i;  // a C1 control in UTF-8
      moved();
      continue;
    }
    if (c == '\b') {
      EraseLastCharacter(&out);
      continue;
    }
    if ((c < 0x20 && c != '\t') || c == 0x7f) {
      if (c == '\r' || c == '\v' || c == '\f') {
        moved();
      }
      continue;
    }
    if (moved_inside_figure && IsFigureChar(static_cast<char>(c))) {
      out += "\xef\xbf\xbd";  // U+FFFD
    }
    moved_inside_figure = false;
    out.push_back(line[i]);
  }
  return out;
}

// A line cut at this width or wider may continue on the next line (terminals and `fold`
// wrap at 80 columns or more; shorter lines were ended by the program).
constexpr size_t kMinWrapWidth = 60;

size_t TrimmedWidth(std::string_view physical) {
  while (!physical.empty() && (physical.back() == ' ' || physical.back() == '\t')) {
    physical.remove_suffix(1);
  }
  return physical.size();
}

bool EndsWithBlank(std::string_view physical) {
  return !physical.empty() && (physical.back() == ' ' || physical.back() == '\t');
}

// The rest of a cut compiler line: not blank, not a field label ("OPENSSLDIR:", "CPUINFO:",
// "Seeding source:"... all have ": " or end in ':'), not speed output or a version line.
bool IsCompilerContinuation(std::string_view trimmed) {
  if (trimmed.empty() || trimmed.find(": ") != std::string_view::npos || trimmed.back() == ':' ||
      IsVersionLine(trimmed) || StartsSpeedText(trimmed) || IsMrLine(trimmed)) {
    return false;
  }
  // A table row ("sha256 68213.10k ...", "rsa 2048 bits 0.000655s ... 52105.3") ends in a
  // figure; a flag list cut in two has no word that is only a number after its first.
  const std::vector<std::string_view> words = SplitWords(trimmed);
  if (words.size() >= 2 && ParseSpeedFigure(words.back())) {
    return false;
  }
  for (std::string_view label : {"OPENSSLDIR:", "ENGINESDIR:", "MODULESDIR:", "Seeding source:",
                                 "CPUINFO:", "built on:", "platform:", "options:", "compiler:"}) {
    if (StartsWithNoCase(trimmed, label)) {
      return false;
    }
  }
  return true;
}

// lscpu's "Flags:" line or /proc/cpuinfo's "flags\t\t:" line (util-linux sys-utils/lscpu.c;
// Linux arch/x86/kernel/cpu/proc.c, show_cpuinfo: "flags\t\t:").
bool IsCpuFlagsLine(std::string_view trimmed) {
  if (trimmed.starts_with("Flags:")) {
    return true;
  }
  if (!trimmed.starts_with("flags")) {
    return false;
  }
  const std::string_view rest = Trim(trimmed.substr(5));
  return rest.starts_with(':');
}

// The rest of a CPU flags line that a terminal hard-wrapped (tryout 27 W1: " aes xsave avx f16c
// ..."): indented by the blank between two flags, and only words the kernel's flag names are
// made of, lowercase letters, digits and '_' with a letter among them (Linux
// arch/x86/include/asm/cpufeatures.h: "sse4_1", "3dnowprefetch", "avx512f"). A "Key:" line, prose
// with capitals or punctuation, or an unindented line is none.
bool IsCpuFlagsContinuation(std::string_view physical) {
  if (physical.empty() || (physical.front() != ' ' && physical.front() != '\t')) {
    return false;
  }
  const std::vector<std::string_view> words = SplitWords(physical);
  // English words that are no flag name: an indented line of prose ("so there is no aes in
  // that list any more", tryout 28 W3) is no part of the flags line.
  static constexpr std::string_view kProse[] = {
      "a",     "an",    "the",  "and",  "or",  "but",  "so",  "is",   "are",   "was",
      "were",  "be",    "in",   "on",   "at",  "of",   "to",  "for",  "with",  "that",
      "this",  "there", "it",   "its",  "no",  "not",  "any", "more", "than",  "from",
      "by",    "as",    "if",   "then", "all", "only", "now", "also", "after", "before",
      "which", "what",  "when", "i",    "we",  "you",  "has", "have", "list",  "see"};
  if (std::any_of(words.begin(), words.end(), [](std::string_view word) {
        return std::find(std::begin(kProse), std::end(kProse), word) != std::end(kProse);
      })) {
    return false;
  }
  return !words.empty() && std::all_of(words.begin(), words.end(), [](std::string_view word) {
    return std::all_of(word.begin(), word.end(),
                       [](char c) {
                         return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
                       }) &&
           std::any_of(word.begin(), word.end(), [](char c) { return c >= 'a' && c <= 'z'; });
  });
}

bool IsFence(std::string_view trimmed) {
  return trimmed.substr(0, 3) == "```" || trimmed.substr(0, 3) == "~~~";
}

bool IsPromptChar(char c) { return c == '$' || c == '#' || c == '%' || c == '>'; }

// A shell's own prompt: "bash-4.2", "sh-5.1", "bash", "zsh", or the bare user name of a root
// shell ("root# openssl speed ...", as busybox, tcsh and hand-set PS1 prompts print it).
bool IsShellPrompt(std::string_view prefix) {
  if (prefix == "root") {
    return true;
  }
  const size_t dash = prefix.find('-');
  const std::string_view name = prefix.substr(0, dash);
  if (name != "sh" && name != "bash" && name != "zsh" && name != "ksh" && name != "dash" &&
      name != "ash") {
    return false;
  }
  if (dash == std::string_view::npos) {
    return true;
  }
  const std::string_view version = prefix.substr(dash + 1);
  return !version.empty() && std::isdigit(static_cast<unsigned char>(version.front())) &&
         version.find_first_not_of("0123456789.") == std::string_view::npos;
}

// A prompt prefix has no spaces outside brackets, except one leading "(venv) " group, and names
// a user, host or directory ('@', ':', '~', '/', '\', ']').
bool LooksLikePromptPrefix(std::string_view prefix) {
  if (prefix.empty()) {
    return true;
  }
  if (prefix.size() > kMaxPromptPrefix) {
    return false;
  }
  if (prefix.front() == '(') {
    const size_t close = prefix.find(") ");
    if (close != std::string_view::npos) {
      prefix = Trim(prefix.substr(close + 1));
      if (prefix.empty()) {
        return true;
      }
    }
  }
  if (prefix.substr(0, 3) == "PS ") {  // PowerShell: "PS C:\Users\me>"
    prefix.remove_prefix(3);
  }
  int depth = 0;
  bool marker = false;
  for (char c : prefix) {
    if (c == '[') {
      ++depth;
    } else if (c == ']') {
      --depth;
      marker = true;
    } else if ((c == ' ' || c == '\t') && depth <= 0) {
      return false;
    }
    if (c == '@' || c == ':' || c == '~' || c == '/' || c == '\\') {
      marker = true;
    }
  }
  return marker || IsShellPrompt(prefix);
}

// "C:\\Users\\me" or "PS C:\\": a Windows directory as cmd.exe and PowerShell print it.
bool IsDrivePath(std::string_view prefix) {
  if (prefix.substr(0, 3) == "PS ") {
    prefix.remove_prefix(3);
  }
  return prefix.size() >= 3 && std::isalpha(static_cast<unsigned char>(prefix[0])) &&
         prefix[1] == ':' && prefix[2] == '\\' && prefix.find(' ') == std::string_view::npos;
}

// The host a prompt prefix names: "old-app" in "[root@old-app ~]", "host" in "user@host:~" and
// "root@host:/" (bash's default \u@\h prompts), lower-cased (host names ignore case) and cut
// to its first label ("web1" for "web1.example.com"); "" when
// it names none ("bash-4.2", "~/src", "C:\\Users\\me").
std::string PromptHostOf(std::string_view prefix) {
  if (prefix.front() == '(') {  // "(venv) user@host:~"
    const size_t close = prefix.find(") ");
    if (close != std::string_view::npos) {
      prefix = Trim(prefix.substr(close + 1));
    }
  }
  if (!prefix.empty() && prefix.front() == '[') {
    prefix.remove_prefix(1);
  }
  const size_t at = prefix.find('@');
  if (at == 0 || at == std::string_view::npos) {
    return "";
  }
  std::string host;
  for (char c : prefix.substr(at + 1)) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_')) {
      break;
    }
    host += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  // A full name and its first label are one machine: bash's \h prints "web1" where \H prints
  // "web1.example.com" (bash(1), PROMPTING). An IPv4 address stays whole.
  if (host.find_first_not_of("0123456789.") != std::string::npos) {
    host = host.substr(0, host.find('.'));
  }
  return host;
}

// If `line` starts with a shell prompt, the text after it (possibly empty: a prompt alone), and
// *host (if given) the host the prompt names (PromptHostOf).
std::optional<std::string_view> AfterPrompt(std::string_view line, std::string* host = nullptr) {
  const std::string_view trimmed = Trim(line);
  for (size_t i = 0; i < trimmed.size() && i <= kMaxPromptPrefix + 1; ++i) {
    if (!IsPromptChar(trimmed[i])) {
      continue;
    }
    const bool at_end = i + 1 == trimmed.size();
    // cmd.exe's prompt has no space after '>': "C:\\Users\\me>openssl speed".
    const bool drive_prompt = trimmed[i] == '>' && i >= 3 && IsDrivePath(trimmed.substr(0, i));
    if (!at_end && !drive_prompt && trimmed[i + 1] != ' ' && trimmed[i + 1] != '\t') {
      continue;
    }
    if (drive_prompt && !at_end) {
      return Trim(trimmed.substr(i + 1));
    }
    const std::string_view prefix = Trim(trimmed.substr(0, i));
    if (!LooksLikePromptPrefix(prefix)) {
      continue;
    }
    if (host != nullptr && !prefix.empty()) {
      *host = PromptHostOf(prefix);
    }
    return at_end ? std::string_view() : Trim(trimmed.substr(i + 1));
  }
  return std::nullopt;
}

bool IsEnvAssignment(std::string_view word) {
  const size_t eq = word.find('=');
  if (eq == std::string_view::npos || eq == 0) {
    return false;
  }
  for (char c : word.substr(0, eq)) {
    if (!(c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) {
      return false;
    }
  }
  return true;
}

// The program's name without its directory: "/usr/bin/openssl", "apps\\openssl.exe", and
// OpenVMS's "[.apps]openssl" all give "openssl" (".exe" kept).
std::string_view BaseName(std::string_view word) {
  const size_t slash = word.find_last_of("/\\]");
  return slash == std::string_view::npos ? word : word.substr(slash + 1);
}

bool IsOpensslProgram(std::string_view word) {
  const std::string_view base = BaseName(word);
  return base == "openssl" || base == "openssl.exe" || base == "openssl3" || base == "openssl11";
}

ForeignTool ForeignProgram(std::string_view word) {
  const std::string_view base = BaseName(word);
  if (base == "bssl" || base == "bssl-tool" || base == "bssl_tool" || base == "bssl.exe") {
    return ForeignTool::kBssl;
  }
  if (base == "botan" || base == "botan2" || base == "botan3" || base == "botan-cli" ||
      base == "botan.exe") {
    return ForeignTool::kBotan;
  }
  if (base == "cryptsetup") {
    return ForeignTool::kCryptsetup;
  }
  if (base == "kcapi-speed") {
    return ForeignTool::kKcapi;
  }
  if (base == "gnutls-cli" || base == "gnutls-cli.exe") {
    return ForeignTool::kGnutls;
  }
  if (base == "benchmark" || base == "benchmark.exe" || base == "wolfcrypt_benchmark") {
    // wolfSSL's wolfcrypt/benchmark/benchmark and mbedTLS's programs/test/benchmark share the
    // name: the path tells them apart, else their output does.
    if (word.find("wolfcrypt") != std::string_view::npos || base == "wolfcrypt_benchmark") {
      return ForeignTool::kWolfcrypt;
    }
    if (word.find("programs/test") != std::string_view::npos ||
        word.find("mbedtls") != std::string_view::npos) {
      return ForeignTool::kMbedtls;
    }
  }
  return ForeignTool::kNone;
}

// `insmod .../tcrypt.ko mode=200` or `modprobe tcrypt sec=1`.
bool IsTcryptLoad(const std::vector<std::string_view>& words, size_t i) {
  if (i + 1 >= words.size() ||
      (BaseName(words[i]) != "insmod" && BaseName(words[i]) != "modprobe")) {
    return false;
  }
  for (size_t j = i + 1; j < words.size(); ++j) {
    const std::string_view base = BaseName(words[j]);
    if (base == "tcrypt" || base == "tcrypt.ko") {
      return true;
    }
    if (base.substr(0, 1) != "-") {
      return false;
    }
  }
  return false;
}

bool EndsCommand(std::string_view word) {
  return word == "|" || word == "2>&1" || word.substr(0, 1) == ">" || word == "&&" || word == ";" ||
         word == "||" || word.substr(0, 1) == "#";
}

// "bssl speed -filter AES", "cryptsetup benchmark -c aes-xts-plain64": a foreign tool's
// command typed without a prompt (only the subcommands import reads).
bool IsBareForeignCommand(std::string_view trimmed) {
  // Only environment assignments and the usual wrappers may come before the program.
  const std::vector<std::string_view> all = SplitWords(trimmed);
  for (size_t i = 0; i < all.size(); ++i) {
    const std::string_view word = all[i];
    if (ForeignProgram(word) != ForeignTool::kNone || IsTcryptLoad(all, i)) {
      break;
    }
    if (!(IsEnvAssignment(word) || word == "sudo" || word == "time" || word == "env" ||
          word == "nice")) {
      return false;
    }
  }
  const ForeignCommand command = ParseForeignCommand(trimmed);
  switch (command.tool) {
    case ForeignTool::kBssl:
      return command.subcommand == "speed";
    case ForeignTool::kBotan:
      return command.subcommand == "speed" || command.subcommand == "version";
    case ForeignTool::kCryptsetup:
      return command.subcommand == "benchmark";
    case ForeignTool::kGnutls:
      return command.subcommand.substr(0, 11) == "--benchmark";
    case ForeignTool::kTcrypt:
    case ForeignTool::kKcapi:
    case ForeignTool::kWolfcrypt:
    case ForeignTool::kMbedtls:
      return true;
    case ForeignTool::kSTime:
    case ForeignTool::kCryptodev:
    case ForeignTool::kNone:
      break;
  }
  return false;
}

// "openssl speed -evp x", "sudo openssl version -a", "OPENSSL_ia32cap=~0x2 openssl speed":
// a command typed without a prompt.
bool IsBareOpensslCommand(std::string_view trimmed) {
  const std::vector<std::string_view> words = SplitWords(trimmed);
  bool after_wrapper = false;
  for (size_t i = 0; i + 1 < words.size(); ++i) {
    if (IsOpensslProgram(words[i])) {
      return words[i + 1] == "speed" || words[i + 1] == "version" || words[i + 1] == "s_time" ||
             words[i + 1] == "engine";
    }
    const std::string_view word = words[i];
    if (word == "sudo" || word == "time" || word == "env" || word == "nice" || word == "mc" ||
        word == "taskset" || word == "numactl") {
      after_wrapper = true;
      continue;
    }
    // A wrapper's options and arguments: "-c 0-3", "0x1", "--physcpubind=0", "-n 19".
    const bool wrapper_argument =
        after_wrapper && (word.front() == '-' ||
                          word.find_first_not_of("0123456789abcdefABCDEFx,-") == std::string::npos);
    if (!IsEnvAssignment(word) && !wrapper_argument) {
      return false;
    }
  }
  return false;
}

}  // namespace

bool IsElisionMark(std::string_view trimmed) {
  if (trimmed.empty()) {
    return false;
  }
  std::string core;
  for (char c : trimmed) {
    if (c != '[' && c != ']' && c != '(' && c != ')' && c != '<' && c != '>' && c != '*' &&
        c != ' ') {
      core.push_back(c);
    }
  }
  core = ToLower(core);
  // "(snip.)", "-- snip --", "— snip —": a word between dashes or before dots.
  for (std::string_view dash : {"\xe2\x80\x94", "--", "-"}) {
    while (core.size() > dash.size() * 2 && core.starts_with(dash) && core.ends_with(dash)) {
      core = core.substr(dash.size(), core.size() - 2 * dash.size());
    }
  }
  if (core.size() > 1 && core.find_first_not_of('.') != std::string::npos) {
    while (core.size() > 1 && core.back() == '.') {
      core.pop_back();
    }
  }
  if (core == "snip" || core == "snipped" || core == "truncated" || core == "cut" ||
      core == "\xe2\x80\xa6" /* … */ || core == "..snip.." || core == "...snip..." ||
      core == "...snipped...") {
    return true;
  }
  if (core.size() < 3) {
    return false;
  }
  for (char c : core) {
    if (c != '.') {
      return false;
    }
  }
  return true;
}

std::string ElisionCaveat(const SourceLine& line) {
  return "The paste leaves lines out at line " + std::to_string(line.number) + " ('" + line.text +
         "'): figures from them are missing.";
}

namespace {

std::string_view Unquoted(std::string_view value) {
  if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') &&
      value.back() == value.front()) {
    return value.substr(1, value.size() - 2);
  }
  return value;
}

bool IsShellName(std::string_view name) {
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  if (name.empty() || is_digit(name.front())) {
    return false;
  }
  return std::all_of(name.begin(), name.end(), [&](char c) {
    return c == '_' || is_digit(c) || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  });
}

}  // namespace

std::map<std::string, std::string> ShellAssignments(std::string_view words) {
  std::map<std::string, std::string> out;
  for (const std::string_view word : SplitWords(words)) {
    const size_t equals = word.find('=');
    if (equals != std::string_view::npos && IsShellName(word.substr(0, equals))) {
      out[std::string(word.substr(0, equals))] = std::string(Unquoted(word.substr(equals + 1)));
    }
  }
  return out;
}

bool ApplyExport(std::string_view command, std::map<std::string, std::string>* environment) {
  const std::vector<std::string_view> words = SplitWords(command);
  if (words.size() < 2 || (words[0] != "export" && words[0] != "unset")) {
    return false;
  }
  if (words[0] == "unset") {
    for (size_t i = 1; i < words.size(); ++i) {
      environment->erase(std::string(words[i]));
    }
    return true;
  }
  for (const auto& [name, value] : ShellAssignments(command)) {
    (*environment)[name] = value;
  }
  return true;
}

std::string OpensslSubcommand(std::string_view command, std::vector<std::string>* args,
                              std::string* launcher, std::string* program) {
  const std::vector<std::string_view> words = SplitWords(command);
  for (size_t i = 0; i + 1 < words.size(); ++i) {
    if (!IsOpensslProgram(words[i])) {
      // Words that may come before the program: env assignments and wrappers.
      continue;
    }
    if (launcher != nullptr) {
      *launcher = JoinWords(words, 0, i);
    }
    if (program != nullptr) {
      *program = std::string(words[i]);
    }
    if (args != nullptr) {
      args->clear();
      for (size_t j = i + 2; j < words.size(); ++j) {
        if (EndsCommand(words[j])) {
          break;
        }
        args->emplace_back(words[j]);
      }
    }
    return std::string(words[i + 1]);
  }
  if (words.size() == 1 && IsOpensslProgram(words[0]) && args != nullptr) {
    args->clear();
  }
  return "";
}

ForeignCommand ParseForeignCommand(std::string_view command) {
  const std::vector<std::string_view> words = SplitWords(command);
  ForeignCommand out;
  for (size_t i = 0; i < words.size(); ++i) {
    if (IsTcryptLoad(words, i)) {
      out.tool = ForeignTool::kTcrypt;
      out.subcommand = "tcrypt";
      // The module's parameters: the words after "tcrypt" or ".../tcrypt.ko".
      size_t j = i + 1;
      while (j < words.size() && BaseName(words[j]) != "tcrypt" &&
             BaseName(words[j]) != "tcrypt.ko") {
        ++j;
      }
      for (++j; j < words.size() && !EndsCommand(words[j]); ++j) {
        out.args.emplace_back(words[j]);
      }
      return out;
    }
    const ForeignTool tool = ForeignProgram(words[i]);
    if (tool == ForeignTool::kNone) {
      if (EndsCommand(words[i])) {
        return out;  // the program comes after a pipe: another command's output
      }
      continue;  // environment assignments and wrappers (sudo, taskset -c 2, ...)
    }
    out.tool = tool;
    out.program = std::string(words[i]);
    for (size_t k = 0; k < i; ++k) {
      out.launcher += k == 0 ? "" : " ";
      out.launcher += words[k];
    }
    size_t j = i + 1;
    const bool has_subcommand = tool == ForeignTool::kBssl || tool == ForeignTool::kBotan;
    if (has_subcommand && j < words.size() && !EndsCommand(words[j])) {
      out.subcommand = std::string(words[j]);
      ++j;
      // Botan's CLI runs its version command for these (src/cli/main.cpp:
      // https://github.com/randombit/botan/blob/master/src/cli/main.cpp).
      if (tool == ForeignTool::kBotan &&
          (out.subcommand == "--version" || out.subcommand == "-V")) {
        out.subcommand = "version";
      }
    }
    if (tool == ForeignTool::kGnutls) {
      for (size_t k = j; k < words.size() && !EndsCommand(words[k]); ++k) {
        if (words[k].substr(0, 11) == "--benchmark") {
          out.subcommand = std::string(words[k]);
        }
      }
    }
    for (; j < words.size() && !EndsCommand(words[j]); ++j) {
      if (tool == ForeignTool::kCryptsetup && words[j] == "benchmark" && out.subcommand.empty()) {
        out.subcommand = "benchmark";
        continue;
      }
      out.args.emplace_back(words[j]);
    }
    return out;
  }
  return out;
}

namespace {

// A quote prefix a mail client or forum put before every line of a quoted block: "> ",
// ">" alone, "| ". Markdown tables (lines that also end in '|') are no quote.
std::string_view QuotePrefix(std::string_view line) {
  if (line.starts_with("> ") || line == ">") {
    return line.substr(0, std::min<size_t>(2, line.size()));
  }
  if (line.starts_with("| ") && !Trim(line).ends_with("|")) {
    return line.substr(0, 2);
  }
  return {};
}

// Strips quote prefixes repeated on at least two consecutive lines (nested quotes too); a
// single "> " line is a prompt, not a quote.
void StripQuotePrefixes(std::vector<std::string>* lines) {
  bool stripped = true;
  for (int depth = 0; stripped && depth < 8; ++depth) {
    stripped = false;
    for (size_t i = 0; i < lines->size();) {
      size_t end = i;
      while (end < lines->size() && !QuotePrefix((*lines)[end]).empty() &&
             QuotePrefix((*lines)[end]) == QuotePrefix((*lines)[i])) {
        ++end;
      }
      if (end - i >= 2) {
        for (size_t j = i; j < end; ++j) {
          (*lines)[j] = (*lines)[j].substr(QuotePrefix((*lines)[j]).size());
        }
        stripped = true;
      }
      i = std::max(end, i + 1);
    }
  }
}

// The "**" that closes Markdown bold around a phrase opened at `open` ("... MiB/sec **0.25
// cycles/byte** (...", botan#1460's row quoted in bold), or npos: the "**" starts a word
// (after a blank or at the line's start) and is followed by text, and the closing one ends a
// word (text before it; a blank, punctuation or the line's end after it), with no "*" between.
size_t BoldPhraseEnd(const std::string& line, size_t open) {
  if (line.compare(open, 2, "**") != 0 ||
      (open > 0 && line[open - 1] != ' ' && line[open - 1] != '\t' && line[open - 1] != '(')) {
    return std::string::npos;
  }
  if (open + 2 >= line.size() || line[open + 2] == ' ' || line[open + 2] == '\t' ||
      line[open + 2] == '*') {
    return std::string::npos;
  }
  const size_t close = line.find('*', open + 2);
  if (close == std::string::npos || line.compare(close, 2, "**") != 0 || line[close - 1] == ' ' ||
      line[close - 1] == '\t') {
    return std::string::npos;
  }
  const size_t after = close + 2;
  if (after < line.size() && std::string_view(" \t,.;:)").find(line[after]) == std::string::npos) {
    return std::string::npos;
  }
  return close;
}

// The phrases of several words set in bold inside `line` (BoldPhraseEnd), which Unemphasised
// removes and CleanPaste notes; a single bold word and a line set wholly in bold are not
// among them.
std::vector<std::string> BoldPhrases(const std::string& line) {
  std::vector<std::string> phrases;
  const std::string_view whole = Trim(line);
  for (size_t i = 0; i < line.size(); ++i) {
    const size_t close = BoldPhraseEnd(line, i);
    if (close == std::string::npos) {
      continue;
    }
    const std::string phrase = line.substr(i + 2, close - i - 2);
    if (phrase.find_first_of(" \t") != std::string::npos &&
        std::string_view(line).substr(i, close + 2 - i) != whole) {
      phrases.push_back(phrase);
    }
    i = close + 1;
  }
  return phrases;
}

// The end of a Markdown link to a web address starting at `open` ("[9](https://...)"), or
// npos. GitHub's Actions log viewer, copied, turns digits into links to log lines:
// "2[9](https://github.com/o/r/actions/runs/1/job/2#step:10:10).103 MiB/s".
size_t WebLinkEnd(const std::string& line, size_t open) {
  const size_t close = line.find("](", open + 1);
  if (close == std::string::npos || close == open + 1 ||
      line.find_first_of("[]", open + 1) != close) {
    return std::string::npos;
  }
  const std::string_view url = std::string_view(line).substr(close + 2);
  if (url.substr(0, 7) != "http://" && url.substr(0, 8) != "https://") {
    return std::string::npos;
  }
  const size_t end = line.find_first_of(") \t", close + 2);
  return end != std::string::npos && line[end] == ')' ? end : std::string::npos;
}

// The text of a line set as inline code ("`Doing ...`"), also of one the reporter broke into
// code spans with nothing between them ("`compiler: ... -``DAESNI_ASM ...`": each "``" closes
// one span and opens the next, tryout 32 D7); std::nullopt for any other line, such as two
// spans with text between them ("`a` and `b`") or a fence.
std::optional<std::string> InlineCodeText(std::string_view trimmed) {
  if (trimmed.size() <= 2 || trimmed.front() != '`' || trimmed.back() != '`' ||
      trimmed.substr(0, 3) == "```") {
    return std::nullopt;
  }
  const std::string_view inner = trimmed.substr(1, trimmed.size() - 2);
  std::string text;
  text.reserve(inner.size());
  for (size_t i = 0; i < inner.size(); ++i) {
    if (inner[i] != '`') {
      text.push_back(inner[i]);
      continue;
    }
    // A span boundary is exactly two backticks between text.
    const bool pair = i > 0 && inner[i - 1] != '`' && i + 2 < inner.size() && inner[i + 1] == '`' &&
                      inner[i + 2] != '`';
    if (!pair) {
      return std::nullopt;
    }
    ++i;
  }
  return text;
}

// A line without Markdown emphasis around a word ("**0.13s**" → "0.13s") or around the whole
// line ("**AES-128-GCM    1841166.50k**", a row the reporter set in bold), without Markdown
// links to web addresses (their text kept) and without the backticks of a line set as inline
// code ("`Doing ...`" → "Doing ...").
std::string Unemphasised(const std::string& line) {
  const std::string_view whole = Trim(line);
  if (whole.size() > 4 && whole.substr(0, 2) == "**" && whole.substr(whole.size() - 2) == "**") {
    const std::string_view inner = whole.substr(2, whole.size() - 4);
    if (inner.find("**") == std::string_view::npos && inner.front() != ' ' && inner.back() != ' ' &&
        inner.front() != '*' && inner.back() != '*') {
      return Unemphasised(std::string(line.substr(0, line.find("**"))) + std::string(inner));
    }
  }
  std::string out;
  out.reserve(line.size());
  for (size_t i = 0; i < line.size();) {
    if (line[i] == '[') {
      if (const size_t end = WebLinkEnd(line, i); end != std::string::npos) {
        out.append(line, i + 1, line.find("](", i + 1) - i - 1);
        i = end + 1;
        continue;
      }
    }
    if (line.compare(i, 2, "**") == 0 && i + 2 < line.size() && line[i + 2] != ' ' &&
        line[i + 2] != '*') {
      const size_t close = line.find("**", i + 2);
      if (close != std::string::npos && line[close - 1] != ' ' && line.find(' ', i + 2) > close) {
        out.append(line, i + 2, close - i - 2);
        i = close + 2;
        continue;
      }
    }
    if (const size_t close = BoldPhraseEnd(line, i); close != std::string::npos) {
      out.append(line, i + 2, close - i - 2);  // bold around several words
      i = close + 2;
      continue;
    }
    out.push_back(line[i]);
    ++i;
  }
  if (std::optional<std::string> code = InlineCodeText(Trim(out))) {
    return std::move(*code);
  }
  return out;
}

// "openssl_conf = openssl_init", "default_algorithms = ALL": a setting of a configuration
// file (openssl.cnf).
bool IsConfigSetting(std::string_view trimmed) {
  const size_t eq = trimmed.find('=');
  if (eq == std::string_view::npos || eq == 0) {
    return false;
  }
  const std::string_view key = Trim(trimmed.substr(0, eq));
  return !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
  });
}

// "[ engine_section ]" followed by a setting: a section of a configuration file.
bool IsConfigSection(const std::vector<std::string>& lines, size_t index) {
  const std::string_view trimmed = Trim(lines[index]);
  return trimmed.size() > 2 && trimmed.front() == '[' && trimmed.back() == ']' &&
         index + 1 < lines.size() && IsConfigSetting(Trim(lines[index + 1]));
}

// A "# ..." line next to a configuration file's settings or sections is a comment of that
// file, not a root prompt.
bool IsConfigComment(const std::vector<std::string>& lines, size_t index) {
  if (!Trim(lines[index]).starts_with("#")) {
    return false;
  }
  const auto config = [&](size_t i) {
    return IsConfigSetting(Trim(lines[i])) || IsConfigSection(lines, i);
  };
  return (index > 0 && config(index - 1)) || (index + 1 < lines.size() && config(index + 1));
}

bool EndsWithColon(std::string_view word) { return !word.empty() && word.back() == ':'; }

// "# before the patch:", "# label: 3.0.2 on the Pi": a comment that labels what follows, not a
// root prompt. No command's first word ends with a colon, and none ends with one.
bool IsLabelComment(std::string_view trimmed, std::string_view after_prompt) {
  if (!trimmed.starts_with("#") || after_prompt.empty()) {
    return false;
  }
  const std::vector<std::string_view> words = SplitWords(after_prompt);
  return words.front().size() > 1 && (EndsWithColon(words.front()) || EndsWithColon(words.back()));
}

}  // namespace

std::vector<SourceLine> CleanPaste(std::string_view text, std::vector<CleanupNote>* notes,
                                   const std::vector<size_t>* line_numbers) {
  std::vector<SourceLine> out;
  if (text.starts_with("\xef\xbb\xbf")) {
    text.remove_prefix(3);  // a UTF-8 byte order mark some editors write
  }
  std::vector<std::string> physicals;
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      end = text.size();
    }
    std::string physical = ValidUtf8(StripAnsi(text.substr(start, end - start)));
    start = end + 1;
    if (end == text.size() && physical.empty()) {
      break;  // the final newline does not start another line
    }
    physicals.push_back(std::move(physical));
  }
  StripQuotePrefixes(&physicals);
  size_t previous_width = 0;     // characters of the previous physical line, trailing blanks cut
  bool previous_spaced = false;  // it ended in a blank (a cut between two flags)
  for (size_t index = 0; index < physicals.size(); ++index) {
    const size_t number = line_numbers != nullptr && index < line_numbers->size()
                              ? (*line_numbers)[index]
                              : index + 1;
    const std::string physical = Unemphasised(physicals[index]);
    if (notes != nullptr) {
      for (const std::string& phrase : BoldPhrases(physicals[index])) {
        notes->push_back(
            {number, fmt::format("Line {}: '{}' is set in Markdown bold in the paste; the line "
                                 "is read without the bold.",
                                 number, phrase)});
      }
    }
    const std::string_view trimmed = Trim(physical);
    // Only a text line right before may be continued by this one.
    const size_t prior_width = std::exchange(previous_width, 0);
    const bool prior_spaced = std::exchange(previous_spaced, false);

    if (IsFence(trimmed)) {
      // "```bash-4.2# openssl speed ...": a prompt and command glued to the opening fence.
      const std::string_view tag = Trim(trimmed.substr(3));
      if (tag.find(' ') != std::string_view::npos) {
        std::string host;
        if (const auto command = AfterPrompt(tag, &host); command && !command->empty()) {
          out.push_back({number, LineKind::kCommand, std::string(*command), std::move(host)});
          continue;
        }
      }
      // A code block's edge ends what is above it as a blank line does: the text after a
      // closing fence is the poster's prose, not a row of the table inside the block.
      out.push_back({number, LineKind::kText, "", ""});
      continue;
    }
    if (IsElisionMark(trimmed)) {
      out.push_back({number, LineKind::kElision, std::string(trimmed), ""});
      continue;
    }
    std::string host;
    if (const auto command = AfterPrompt(physical, &host);
        command && !IsConfigComment(physicals, index) && !IsLabelComment(trimmed, *command)) {
      if (!command->empty()) {
        out.push_back({number, LineKind::kCommand, std::string(*command), std::move(host)});
      }
      continue;  // a prompt alone says nothing
    }
    if (IsBareOpensslCommand(trimmed) || IsBareForeignCommand(trimmed)) {
      out.push_back({number, LineKind::kCommand, std::string(trimmed), ""});
      continue;
    }
    // A wrapped flag list continues the compiler line above it.
    const bool after_compiler = !out.empty() && out.back().kind == LineKind::kText &&
                                StartsWithNoCase(Trim(out.back().text), "compiler:");
    if (after_compiler && !trimmed.empty() && trimmed.front() == '-') {
      out.back().text = std::string(Trim(out.back().text)) + " " + std::string(trimmed);
      previous_width = TrimmedWidth(physical);
      continue;
    }
    // A compiler line cut by the terminal at a fixed width (`fold -w 80`, a log viewer): the
    // piece before was full width, and this one is no field of `openssl version -a` or speed.
    if (after_compiler && prior_width >= kMinWrapWidth && IsCompilerContinuation(trimmed)) {
      const bool spaced = prior_spaced || physical.front() == ' ' || physical.front() == '\t';
      out.back().text =
          std::string(Trim(out.back().text)) + (spaced ? " " : "") + std::string(trimmed);
      previous_width = TrimmedWidth(physical);
      previous_spaced = EndsWithBlank(physical);
      continue;
    }
    // A CPU flags line cut by the terminal: the piece before was full width and is the flags
    // line (or its joined pieces), and this one only flag words, indented.
    if (!out.empty() && out.back().kind == LineKind::kText && prior_width >= kMinWrapWidth &&
        IsCpuFlagsLine(Trim(out.back().text)) && IsCpuFlagsContinuation(physical)) {
      out.back().text += " " + std::string(trimmed);
      previous_width = TrimmedWidth(physical);
      continue;
    }
    previous_width = TrimmedWidth(physical);
    previous_spaced = EndsWithBlank(physical);
    std::string_view kept = physical;
    while (!kept.empty() && (kept.back() == ' ' || kept.back() == '\t')) {
      kept.remove_suffix(1);
    }
    out.push_back({number, LineKind::kText, std::string(kept), ""});
  }
  std::vector<SourceLine> lines = SplitRunTogether(std::move(out), notes);
  if (notes != nullptr) {
    // In line order, as the import driver places them: SplitRunTogether's come after.
    std::stable_sort(notes->begin(), notes->end(),
                     [](const CleanupNote& a, const CleanupNote& b) { return a.line < b.line; });
  }
  return lines;
}

}  // namespace cryptobench::import
