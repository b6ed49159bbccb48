// Errors of the import parsers quote what they found, cut short: a paste whose lines were
// joined into one (a lost newline, a terminal that wrapped nothing) must still give a one-line
// error that can be read.
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "import/import.h"
#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::Not;

// `text` between single quotes, with "..." before the closing one when `cut`.
std::string Quoted(const std::string& text, bool cut) {
  std::string out(1, '\'');
  out.append(text);
  out.append(cut ? "...'" : "'");
  return out;
}

TEST(QuoteForErrorTest, ShortTextIsQuotedWhole) {
  EXPECT_EQ(QuoteForError("12x.5"), Quoted("12x.5", false));
  EXPECT_EQ(QuoteForError(""), Quoted("", false));
  const std::string eighty(kMaxQuotedChars, 'a');
  EXPECT_EQ(QuoteForError(eighty), Quoted(eighty, false));
}

TEST(QuoteForErrorTest, LongTextIsCutAtTheLimit) {
  const std::string a79(kMaxQuotedChars - 1, 'a');
  // 79 'a', then the space that is the 80th character: cut there, the space dropped.
  EXPECT_EQ(QuoteForError(a79 + " bcdef"), Quoted(a79, true));
  EXPECT_EQ(QuoteForError(std::string(500, 'x')), Quoted(std::string(kMaxQuotedChars, 'x'), true));
}

TEST(QuoteForErrorTest, CountsUtf8CharactersAndNeverSplitsOne) {
  std::string accents;
  for (int i = 0; i < 100; ++i) {
    accents.append("\xc3\xa9");  // U+00E9, two bytes
  }
  EXPECT_EQ(QuoteForError(accents), Quoted(accents.substr(0, 2 * kMaxQuotedChars), true));
  EXPECT_EQ(QuoteForError("a\xff"), Quoted("a\xef\xbf\xbd", false));  // invalid byte: U+FFFD
}

// The parts joined (append, not "..." + std::string: GCC 12 warns falsely of an overlap there).
std::string Cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view part : parts) {
    out.append(part);
  }
  return out;
}

TEST(QuoteForErrorTest, JsonParserMessagesGetTheirTokenCut) {
  const std::string token(200, 'x');
  const std::string cut = token.substr(0, kMaxQuotedChars - 1);
  EXPECT_EQ(ShortenJsonError(
                Cat({"parse error at line 1, column 9: syntax error; last read: '\"", token, "'"})),
            Cat({"parse error at line 1, column 9: syntax error; last read: ",
                 Quoted(Cat({"\"", cut}), true)}));
  EXPECT_EQ(ShortenJsonError("last read: 'nul'"), "last read: 'nul'");
  EXPECT_EQ(ShortenJsonError("type must be string"), "type must be string");
  // The library's exception name goes; a token followed by what was expected is cut too.
  EXPECT_EQ(ShortenJsonError(Cat({"[json.exception.parse_error.101] parse error at line 2, "
                                  "column 1: syntax error - invalid literal; last read: '{",
                                  token, "'; expected ']'"})),
            Cat({"parse error at line 2, column 1: syntax error - invalid literal; last read: ",
                 Quoted(Cat({"{", cut}), true), "; expected ']'"}));
  EXPECT_EQ(ShortenJsonError("[json.exception.type_error.302] type must be string"),
            "type must be string");
  EXPECT_EQ(ShortenJsonError(std::string(1000, 'y')), Cat({std::string(400, 'y'), "..."}));
}

// A filler of about 700 characters that ends in a marker the error must not reach.
std::string LongTail() {
  std::string tail;
  for (int i = 0; i < 60; ++i) {
    tail += " filler" + std::to_string(i);
  }
  return tail + " END-OF-LINE";
}

TEST(ImportErrorEchoTest, EveryParserQuotesALongLineCutShort) {
  const std::string tail = LongTail();
  const std::vector<std::pair<const char*, std::string>> cases = {
      {"botan speed",
       "$ botan speed AES-128/GCM\n"
       "AES-128/GCM(16) encrypt buffer size 1024 bytes: 12x.5 MiB/sec" +
           tail + "\n"},
      {"bssl speed",
       "$ bssl speed\n"
       "Did 96210OO AES-128-GCM (256 bytes) seal operations in 1000157us (9619489.7 ops/sec): "
       "2462.6 MB/s" +
           tail + "\n"},
      {"bssl speed -json", "$ bssl speed -json\n[\n" + std::string(300, 'j') + "END-OF-LINE\n]\n"},
      {"cryptsetup benchmark",
       "#     Algorithm |       Key |      Encryption |      Decryption\n"
       "        aes-xts        512b      3204.9 MiB/s" +
           tail + "\n"},
      {"cryptsetup PBKDF2",
       "PBKDF2-sha256    33021O8 iterations per second for 256-bit key" + tail + "\n"},
      {"openssl speed table",
       "The 'numbers' are in 1000s of bytes per second processed.\n"
       "type             16 bytes     64 bytes\n"
       "aes-128-cbc     274899.43k   3" +
           std::string(300, '0') + "O.74kEND-OF-LINE\n"},
      {"openssl speed -mr",
       "+H:16:64\n+F:26:AES-128-GCM:1000.00:2" + std::string(300, '0') + "xEND-OF-LINE\n"},
      {"openssl speed progress",
       "Doing aes-128-cbc for 3s on 16 size blocks: 51200143 aes-128-cbc's in 2." +
           std::string(300, '9') + "xEND-OF-LINE\n"},
  };
  for (const auto& [tool, text] : cases) {
    try {
      ImportText(text, "paste.txt");
      ADD_FAILURE() << tool << ": expected ImportError";
    } catch (const ImportError& e) {
      const std::string what = e.what();
      EXPECT_THAT(what, HasSubstr("...'")) << tool;
      EXPECT_THAT(what, Not(HasSubstr("END-OF-LINE"))) << tool;
      EXPECT_LT(what.size(), 320u) << tool << ": " << what;
      EXPECT_THAT(what, Not(EndsWith("\n"))) << tool;
    }
  }
}

TEST(ImportOwnReportTest, TableMarkdownAndCsvReportsPointAtJson) {
  for (const std::string text :
       {"cryptobench 0.1.0, run of 2026-11-30T16:20:42Z\nCPU:  AMD EPYC\n",
        "\n## cryptobench results\n\n| algorithm | operation |\n",
        "algorithm,kind,operation,input_len,status,ops_per_s\nSHA-256,hash,hash,16,ok,1\n"}) {
    try {
      ImportText(text, "run.txt");
      ADD_FAILURE() << text << ": expected ImportError";
    } catch (const ImportError& e) {
      EXPECT_THAT(std::string(e.what()), HasSubstr("a cryptobench table, Markdown or CSV report"))
          << text;
      EXPECT_THAT(std::string(e.what()), HasSubstr("--format json")) << text;
    }
  }
  // Any other text keeps the general message.
  try {
    ImportText("hello\n", "other.txt");
    ADD_FAILURE() << "expected ImportError";
  } catch (const ImportError& e) {
    EXPECT_THAT(std::string(e.what()), HasSubstr("expected output of `openssl speed`"));
  }
}

}  // namespace
// Figures no measurement gives are refused only when nothing else is there: a usable row beside
// an implausible one, or a cell that failed for a reason of its own (0 s of user CPU time: work
// outside the process), keeps the text importable.
TEST(CheckUsableFiguresTest, RefusesOnlyATextOfUnusableFigures) {
  const std::string type =
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n";
  const std::string absurd =
      "aes-128-cbc   9999999999999.99k 9999999999999.99k 9999999999999.99k 9999999999999.99k "
      "9999999999999.99k 9999999999999.99k\n";
  const std::string usable =
      "aes-256-cbc      73199.42k   220411.12k   435064.21k   581664.88k   641874.92k   "
      "646187.19k\n";
  const auto only = ImportText(type + absurd, "paste.txt");
  try {
    CheckUsableFigures(only, "paste.txt");
    ADD_FAILURE() << "not refused";
  } catch (const ImportError& e) {
    EXPECT_EQ(e.line(), 2u);
    EXPECT_THAT(e.what(), HasSubstr("paste.txt:2: expected a figure that can be a measurement; "
                                    "found 6 figures, and none can be one: AES-128-CBC encrypt "
                                    "at 16 B: implausible figure at line 2"));
    EXPECT_THAT(e.what(), HasSubstr("(and 5 more); nothing was imported"));
  }
  EXPECT_NO_THROW(CheckUsableFigures(ImportText(type + absurd + usable, "paste.txt"), "paste.txt"));
  // 0 s of user CPU time through an engine: the work ran outside the process, which doctor
  // --from names; not a figure to refuse.
  EXPECT_NO_THROW(CheckUsableFigures(
      ImportText("Doing aes-128-cbc for 3s on 16 size blocks: 1000 aes-128-cbc's in 0.00s\n",
                 "paste.txt"),
      "paste.txt"));
  // A version alone has no figure to refuse.
  EXPECT_NO_THROW(CheckUsableFigures(ImportText("OpenSSL 3.0.2 15 Mar 2022\n", "v.txt"), "v.txt"));
}

}  // namespace cryptobench::import
