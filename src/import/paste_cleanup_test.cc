// Tests of paste cleanup: prompts, fences, elisions, colour codes, wrapped compiler lines.
#include "import/paste_cleanup.h"

#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "import/import.h"
#include "import/import_test_util.h"

namespace cryptobench::import {
namespace {

TEST(PasteCleanupTest, KeepsOriginalLineNumbersAndBlanksFences) {
  const auto lines = CleanPaste("intro\n```text\nDoing x\n```\nafter\n");
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0].number, 1u);
  EXPECT_EQ(lines[1].number, 2u);
  EXPECT_EQ(lines[1].text, "");  // a fence ends what is above it, as a blank line
  EXPECT_EQ(lines[2].number, 3u);
  EXPECT_EQ(lines[2].text, "Doing x");
  EXPECT_EQ(lines[3].text, "");
  EXPECT_EQ(lines[4].number, 5u);
}

TEST(PasteCleanupTest, StripsCarriageReturnsAnsiAndTrailingSpaces) {
  const auto lines = CleanPaste("\x1b[1;32mtype\x1b[0m  16 bytes  \r\nnext\r\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].text, "type  16 bytes");
  EXPECT_EQ(lines[1].text, "next");
}

// Colours, titles and character sets show nothing: the digits around them were seen joined. A
// backspace erased the character before it on the terminal.
TEST(PasteCleanupTest, InvisibleControlJoinsAndBackspaceErases) {
  const auto lines = CleanPaste(
      "999\x1b[31m20.55k \x1b]0;title\x07"
      "12\x1b]0;t\x07"
      "3.4 7\x1b(B"
      "8 11\b54.2 x\xc3\xa9\by\n");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].text, "99920.55k 123.4 78 154.2 xy");
}

// Control that moves the cursor or erases, between two characters of a figure, leaves what the
// reader saw unknown: the figure must not read as the digits on both sides joined.
TEST(PasteCleanupTest, CursorControlInsideAFigureLeavesNoFigure) {
  const auto lines = CleanPaste(
      "999\x1b]0;pwned\x07\x1b[2J20.55k 13\r54.2 1\x1b"
      "71 2\xc2\x8d"
      "2 done\x1b[2K.\n");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].text,
            "999\xef\xbf\xbd"
            "20.55k 13\xef\xbf\xbd"
            "54.2 1\xef\xbf\xbd"
            "1 2\xef\xbf\xbd"
            "2 done.");
}

// GitHub's Actions log viewer, copied, links digits to log lines; a Markdown link to a web
// address keeps its text, other brackets stay.
TEST(PasteCleanupTest, WebLinksKeepTheirText) {
  const auto lines = CleanPaste(
      "RNG  30 MiB took 1.031 seconds,   "
      "2[9](https://github.com/o/r/actions/runs/1/job/2#step:10:10)"
      ".103 MiB/s\n"
      "[ engine_section ] [9](not-a-url) [](https://x) [a b](https://x y)\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].text, "RNG  30 MiB took 1.031 seconds,   29.103 MiB/s");
  EXPECT_EQ(lines[1].text, "[ engine_section ] [9](not-a-url) [](https://x) [a b](https://x y)");
}

TEST(PasteCleanupTest, InvalidUtf8BecomesReplacementCharacters) {
  const auto lines = CleanPaste("caf\xe9 \xe2\x80\xa6 \xed\xa0\x80 \xf0\x9f\x94\x92\n");
  ASSERT_EQ(lines.size(), 1u);
  // Latin-1 e-acute and a surrogate are replaced; the ellipsis and the 4-byte emoji stay.
  EXPECT_EQ(lines[0].text,
            "caf\xef\xbf\xbd \xe2\x80\xa6 \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd "
            "\xf0\x9f\x94\x92");
}

TEST(PasteCleanupTest, RecognisesPromptsOfSeveralShells) {
  for (const char* line :
       {"$ openssl speed -evp aes-128-gcm", "user@host:~/dir$ openssl speed -evp aes-128-gcm",
        "[root@box ~]# openssl speed -evp aes-128-gcm",
        "(venv) me@mac % openssl speed -evp "
        "aes-128-gcm",
        "PS C:\\Users\\me> openssl speed -evp aes-128-gcm",
        "root# openssl speed -evp aes-128-gcm "}) {
    const auto lines = CleanPaste(line);
    ASSERT_EQ(lines.size(), 1u) << line;
    EXPECT_EQ(lines[0].kind, LineKind::kCommand) << line;
    EXPECT_EQ(lines[0].text, "openssl speed -evp aes-128-gcm") << line;
  }
}

TEST(PasteCleanupTest, PromptAloneIsDroppedAndOutputIsNotAPrompt) {
  const auto lines = CleanPaste(
      "me@box:~$\n"
      "Doing 256 bits sign ecdsa ops for 10s: 5 256 bits ECDSA sign ops in 9.89s\n"
      "## Heading\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].kind, LineKind::kText);
  EXPECT_EQ(lines[1].kind, LineKind::kText);
}

TEST(PasteCleanupTest, BareOpensslCommandIsACommand) {
  const auto lines = CleanPaste("OPENSSL_ia32cap=~0x2 openssl speed -elapsed sha256\n");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].kind, LineKind::kCommand);
  std::vector<std::string> args;
  EXPECT_EQ(OpensslSubcommand(lines[0].text, &args), "speed");
  EXPECT_EQ(args, (std::vector<std::string>{"-elapsed", "sha256"}));
}

TEST(PasteCleanupTest, MarksElisions) {
  for (const char* mark : {"...", "[...]", "\xe2\x80\xa6", "[snip]", "(* snipped *)", "<snip>"}) {
    EXPECT_TRUE(IsElisionMark(mark)) << mark;
  }
  EXPECT_FALSE(IsElisionMark(".."));
  EXPECT_FALSE(IsElisionMark("aes-128-cbc ..."));
  const auto lines = CleanPaste("a\n  [...]\nb\n");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[1].kind, LineKind::kElision);
}

TEST(PasteCleanupTest, JoinsWrappedCompilerFlags) {
  const auto lines = CleanPaste(
      "compiler: gcc -O3 \n"
      "-DOPENSSL_PIC -DNDEBUG\n"
      "-DL_ENDIAN\n"
      "CPUINFO: OPENSSL_ia32cap=0x1:0x2\n"
      "-1 not a flag line after CPUINFO\n");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].text, "compiler: gcc -O3 -DOPENSSL_PIC -DNDEBUG -DL_ENDIAN");
  EXPECT_EQ(lines[0].number, 1u);
  EXPECT_EQ(lines[1].number, 4u);
  EXPECT_EQ(lines[2].text, "-1 not a flag line after CPUINFO");
}

// Tryout 27 W1 (q/r04): a terminal hard-wrapped lscpu's Flags line after "popcnt"; the rest of
// the flags (aes xsave avx ... avx512f) stands on the next line, indented by the blank between
// two flags. It is joined, and /proc/cpuinfo's "flags\t\t:" line alike.
constexpr std::string_view kWrappedFlagsHead =
    "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr "
    "sse sse2 ss ht syscall nx pdpe1gb rdtscp lm constant_tsc pni pclmulqdq ssse3 fma cx16 "
    "sse4_1 sse4_2 x2apic movbe popcnt";

TEST(PasteCleanupTest, JoinsHardWrappedCpuFlagsLines) {
  const std::string head(kWrappedFlagsHead);
  for (const std::string key : {"Flags:                           ", "flags\t\t: "}) {
    const auto lines = CleanPaste(key + head +
                                  "\n"
                                  " aes xsave avx f16c rdrand hypervisor lahf_lm abm "
                                  "3dnowprefetch fsgsbase bmi1 avx2\n"
                                  "\tsha_ni vaes vpclmulqdq\n"
                                  "$ openssl speed -evp aes-128-gcm\n");
    ASSERT_EQ(lines.size(), 2u) << key;
    EXPECT_EQ(lines[0].text, key + head +
                                 " aes xsave avx f16c rdrand hypervisor lahf_lm abm "
                                 "3dnowprefetch fsgsbase bmi1 avx2 sha_ni vaes vpclmulqdq")
        << key;
    EXPECT_EQ(lines[0].number, 1u);
    EXPECT_EQ(lines[1].kind, LineKind::kCommand);
  }
}

// Only lowercase flag words, indented, right after the flags line, join: a "Key:" line, a line
// with capitals or punctuation, an unindented line, a line after a blank one or after a short
// flags line (no terminal cut it) stays a line of its own.
TEST(PasteCleanupTest, OtherLinesAfterAFlagsLineAreNotJoined) {
  const std::string flags = "Flags:                           " + std::string(kWrappedFlagsHead);
  for (const std::string next : {" Virtualization features: VT-x\n", "  NUMA node0 CPU(s): 0-31\n",
                                 " aes is Missing here.\n", "aes xsave avx\n", " aes, xsave\n",
                                 "vmx flags\t: vnmi preemption_timer\n", "\n aes xsave avx\n"}) {
    const auto lines = CleanPaste(flags + "\n" + next);
    EXPECT_EQ(lines[0].text, flags) << next;
  }
  // Tryout 28 W3: an indented line of prose of lowercase words is no part of the flags.
  for (const std::string prose :
       {"    so there is no aes in that list any more\n", "  note that avx2 is missing\n"}) {
    EXPECT_EQ(CleanPaste(flags + "\n" + prose)[0].text, flags) << prose;
  }
  const auto short_line = CleanPaste("Flags: fpu tsc sse2\n aes xsave avx\n");
  ASSERT_EQ(short_line.size(), 2u);
  EXPECT_EQ(short_line[0].text, "Flags: fpu tsc sse2");
  // Indented flag words after another long line are not flags.
  const auto other = CleanPaste("Model name: " + std::string(kWrappedFlagsHead) + "\n aes xsave\n");
  ASSERT_EQ(other.size(), 2u);
}

TEST(PasteCleanupTest, OpensslSubcommandFindsTheProgramBehindWrappers) {
  std::vector<std::string> args;
  EXPECT_EQ(
      OpensslSubcommand("sudo taskset -c 2 /usr/local/bin/openssl speed -multi 4 rsa 2>&1", &args),
      "speed");
  EXPECT_EQ(args, (std::vector<std::string>{"-multi", "4", "rsa"}));
  EXPECT_EQ(OpensslSubcommand("uname -a", &args), "");
  std::string launcher = "stale";
  EXPECT_EQ(OpensslSubcommand("OPENSSL_ia32cap=~0x2  taskset -c 2 openssl speed sha256", &args,
                              &launcher),
            "speed");
  EXPECT_EQ(launcher, "OPENSSL_ia32cap=~0x2 taskset -c 2");
  EXPECT_EQ(OpensslSubcommand("openssl speed sha256", &args, &launcher), "speed");
  EXPECT_EQ(launcher, "");
}

TEST(PasteCleanupTest, ForeignCommands) {
  ForeignCommand command =
      ParseForeignCommand("taskset -c 1 ./tool/bssl speed -filter AES | tee x");
  EXPECT_EQ(command.tool, ForeignTool::kBssl);
  EXPECT_EQ(command.subcommand, "speed");
  EXPECT_EQ(command.args, (std::vector<std::string>{"-filter", "AES"}));
  command = ParseForeignCommand("botan3 speed --msec=300 AES-128/GCM");
  EXPECT_EQ(command.tool, ForeignTool::kBotan);
  EXPECT_EQ(command.args, (std::vector<std::string>{"--msec=300", "AES-128/GCM"}));
  // cryptsetup takes options before its action.
  command = ParseForeignCommand("sudo cryptsetup -c aes-xts-plain64 -s 512 benchmark");
  EXPECT_EQ(command.tool, ForeignTool::kCryptsetup);
  EXPECT_EQ(command.subcommand, "benchmark");
  EXPECT_EQ(command.args, (std::vector<std::string>{"-c", "aes-xts-plain64", "-s", "512"}));
  EXPECT_EQ(ParseForeignCommand("cat out.txt | bssl speed").tool, ForeignTool::kNone);
  EXPECT_EQ(ParseForeignCommand("openssl speed").tool, ForeignTool::kNone);
}

TEST(PasteCleanupTest, BareForeignCommandsAreCommands) {
  const auto lines = CleanPaste(
      "bssl-tool speed -json\n"
      "cryptsetup benchmark\n"
      "botan version\n"
      "I ran bssl speed twice\n"
      "botan is nice\n");
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0].kind, LineKind::kCommand);
  EXPECT_EQ(lines[1].kind, LineKind::kCommand);
  EXPECT_EQ(lines[2].kind, LineKind::kCommand);
  EXPECT_EQ(lines[3].kind, LineKind::kText);
  EXPECT_EQ(lines[4].kind, LineKind::kText);
}

TEST(PasteCleanupTest, QuotePrefixOnConsecutiveLinesIsStripped) {
  const auto lines = CleanPaste(
      "> > $ openssl speed -evp aes-128-cbc\n"
      "> > Doing aes-128-cbc for 3s on 16 size blocks: 1 aes-128-cbc's in 3.00s\n"
      "| a | markdown | table |\n"
      "| b | row | here |\n");
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0].kind, LineKind::kCommand);
  EXPECT_EQ(lines[0].text, "openssl speed -evp aes-128-cbc");
  EXPECT_EQ(lines[1].text, "Doing aes-128-cbc for 3s on 16 size blocks: 1 aes-128-cbc's in 3.00s");
  EXPECT_EQ(lines[2].text, "| a | markdown | table |");
}

TEST(PasteCleanupTest, SingleQuotedLineIsAPromptNotAQuote) {
  const auto lines = CleanPaste("> openssl speed sha256\nDoing sha256\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].kind, LineKind::kCommand);
  EXPECT_EQ(lines[0].text, "openssl speed sha256");
}

TEST(PasteCleanupTest, EmphasisAndInlineCodeAroundFiguresAreRemoved) {
  const auto lines = CleanPaste(
      "6459 connections in **11** real seconds, **13** bytes read per connection\n"
      "`Doing sha256 for 3s on 16 size blocks: 1 sha256's in 3.00s`\n"
      "a ** b ** c\n");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].text, "6459 connections in 11 real seconds, 13 bytes read per connection");
  EXPECT_EQ(lines[1].text, "Doing sha256 for 3s on 16 size blocks: 1 sha256's in 3.00s");
  EXPECT_EQ(lines[2].text, "a ** b ** c");
}

// A line set as inline code that the reporter broke into several code spans: each "``" is one
// span's closing backtick and the next one's opening (tryout 32 D7, openssl issue 13516).
TEST(PasteCleanupTest, InlineCodeBrokenIntoSpansIsJoined) {
  const auto lines = CleanPaste(
      "`a` and `b`\n"
      "`compiler: gcc -m64 -O3 -``DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -``DAESNI_ASM "
      "-DNDEBUG`\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].text, "`a` and `b`");  // two spans with prose between: left alone
  EXPECT_EQ(lines[1].text,
            "compiler: gcc -m64 -O3 -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -DAESNI_ASM -DNDEBUG");
}

TEST(PasteCleanupTest, EmphasisAroundAWholeRowIsRemoved) {
  const auto lines = CleanPaste(
      "type           1424 bytes\n"
      "**AES-128-GCM    1841166.50k**\n"
      "  **sha256 1.00k 2.00k**\n"
      "**a** and **b**\n");
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[1].text, "AES-128-GCM    1841166.50k");
  EXPECT_EQ(lines[2].text, "  sha256 1.00k 2.00k");
  EXPECT_EQ(lines[3].text, "a and b");
}

// randombit/botan#1460 (https://github.com/randombit/botan/issues/1460, randombit, 2018-02-24;
// tryout 33 D10, q/05): a botan speed row quoted with its cycles figure set in bold. The bold
// around a phrase of words is removed as around a word, and a note names the line.
TEST(PasteCleanupTest, BoldAroundAPhraseIsRemovedAndNoted) {
  const std::string row =
      "AES-128 encrypt buffer size 1024 bytes: 1952.789 MiB/sec **0.25 cycles/byte** "
      "(5858.37 MiB in 3000.00 ms)\n";
  std::vector<CleanupNote> notes;
  const auto lines = CleanPaste("x ** y **\n" + row, &notes);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].text, "x ** y **");  // no phrase: "** " opens nothing
  EXPECT_EQ(lines[1].text,
            "AES-128 encrypt buffer size 1024 bytes: 1952.789 MiB/sec 0.25 cycles/byte "
            "(5858.37 MiB in 3000.00 ms)");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].line, 2u);
  EXPECT_NE(notes[0].text.find("Line 2"), std::string::npos) << notes[0].text;
  EXPECT_NE(notes[0].text.find("'0.25 cycles/byte'"), std::string::npos) << notes[0].text;

  // The whole paste imports: the row's figure, and the note among the run's caveats.
  const std::vector<results::RunResult> runs = ImportText(row, "botan-1460.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::Cell* cell = FindCell(runs[0], "AES-128-ECB", "encrypt", 1024);  // bare AES: ECB
  ASSERT_NE(cell, nullptr);
  EXPECT_DOUBLE_EQ(BytesPerS(cell), 1952.789 * 1048576);
  EXPECT_TRUE(HasCaveat(runs[0], "Markdown bold"));
}

TEST(PasteCleanupTest, PromptGluedToTheOpeningFenceIsACommand) {
  const auto lines = CleanPaste("```bash-4.2# openssl speed rsa2048\nDoing x\n```\n");
  ASSERT_EQ(lines.size(), 3u);  // the closing fence is a blank line
  EXPECT_EQ(lines[2].text, "");
  EXPECT_EQ(lines[0].kind, LineKind::kCommand);
  EXPECT_EQ(lines[0].text, "openssl speed rsa2048");
  EXPECT_EQ(lines[0].number, 1u);
}

TEST(PasteCleanupTest, WindowsAndOpenVmsCommandLines) {
  auto lines = CleanPaste("C:\\OpenSSL\\bin>openssl speed -evp aes-128-gcm\n");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].kind, LineKind::kCommand);
  EXPECT_EQ(lines[0].text, "openssl speed -evp aes-128-gcm");
  lines = CleanPaste("$ mc [.apps]openssl speed sha256\n");
  ASSERT_EQ(lines.size(), 1u);
  std::vector<std::string> args;
  EXPECT_EQ(OpensslSubcommand(lines[0].text, &args), "speed");
}

TEST(PasteCleanupTest, BareCommandsBehindWrappersWithArguments) {
  const auto lines = CleanPaste(
      "taskset 0x1 openssl speed -evp aes-128-gcm\n"
      "numactl --physcpubind=0 openssl speed -multi 2 sha256\n"
      "time to run openssl speed\n");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].kind, LineKind::kCommand);
  EXPECT_EQ(lines[1].kind, LineKind::kCommand);
  EXPECT_EQ(lines[2].kind, LineKind::kText);
}

TEST(PasteCleanupTest, MoreElisionForms) {
  for (const char* mark : {"(snip.)", "-- snip --", "\xe2\x80\x94 snip \xe2\x80\x94", "snip..."}) {
    EXPECT_TRUE(IsElisionMark(mark)) << mark;
  }
  EXPECT_FALSE(IsElisionMark("-- sha256 --"));
}

TEST(PasteCleanupTest, CommandsOfTheNewFormats) {
  ForeignCommand command = ParseForeignCommand("insmod /lib/modules/tcrypt.ko mode=200 sec=1");
  EXPECT_EQ(command.tool, ForeignTool::kTcrypt);
  EXPECT_EQ(command.args, (std::vector<std::string>{"mode=200", "sec=1"}));
  EXPECT_EQ(ParseForeignCommand("modprobe tcrypt mode=211").tool, ForeignTool::kTcrypt);
  EXPECT_EQ(ParseForeignCommand("modprobe aesni_intel").tool, ForeignTool::kNone);
  EXPECT_EQ(ParseForeignCommand("kcapi-speed -c \"AES(G) CTR(G) 128\" -b 1024").tool,
            ForeignTool::kKcapi);
  EXPECT_EQ(ParseForeignCommand("./wolfcrypt/benchmark/benchmark -aes-gcm").tool,
            ForeignTool::kWolfcrypt);
  EXPECT_EQ(ParseForeignCommand("./programs/test/benchmark").tool, ForeignTool::kMbedtls);
  EXPECT_EQ(ParseForeignCommand("./benchmark").tool, ForeignTool::kNone);
  command = ParseForeignCommand("gnutls-cli --benchmark-ciphers # on the Atom");
  EXPECT_EQ(command.tool, ForeignTool::kGnutls);
  EXPECT_EQ(command.subcommand, "--benchmark-ciphers");
}

// A prompt that names its host ("[root@old-app ~]#", "user@host:~$", "root@host:/#") gives it
// to its command line; a prompt that names none gives "".
TEST(PasteCleanupTest, PromptsNameTheirHost) {
  const auto lines = CleanPaste(
      "[root@old-app ~]# openssl speed sha256\n"
      "user@New-Box.example:~/src$ lscpu\n"
      "root@3f2a1b:/# openssl version\n"
      "(venv) dev@build-01:~$ uname -m\n"
      "$ openssl version\n"
      "bash-4.2# openssl version\n"
      "C:\\Users\\me>openssl version\n"
      "model name : x@y\n"
      "admin@10.0.0.12:~$ lscpu\n");
  ASSERT_EQ(lines.size(), 9u);
  EXPECT_EQ(lines[0].host, "old-app");
  EXPECT_EQ(lines[1].host, "new-box");  // bash's \h: the first label of the full name
  EXPECT_EQ(lines[8].host, "10.0.0.12");
  EXPECT_EQ(lines[2].host, "3f2a1b");
  EXPECT_EQ(lines[3].host, "build-01");
  for (size_t i = 4; i < 8; ++i) {
    EXPECT_EQ(lines[i].host, "") << lines[i].text;
  }
}

TEST(PasteCleanupTest, HashLinesOfAConfigFileAreCommentsNotPrompts) {
  const auto lines = CleanPaste(
      "[ engine_section ]\n"
      "# load the engine below\n"
      "afalg = afalg_section\n"
      "\n"
      "# openssl speed sha256\n");
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[1].kind, LineKind::kText);
  EXPECT_EQ(lines[4].kind, LineKind::kCommand);
  EXPECT_EQ(lines[4].text, "openssl speed sha256");
}

}  // namespace
}  // namespace cryptobench::import
