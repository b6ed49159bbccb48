// Tests of paste cleanup: prompts, fences, elisions, colour codes, wrapped compiler lines.
#include "import/paste_cleanup.h"

#include <gtest/gtest.h>

namespace cryptobench::import {
namespace {

TEST(PasteCleanupTest, KeepsOriginalLineNumbersAndDropsFences) {
  const auto lines = CleanPaste("intro\n```text\nDoing x\n```\nafter\n");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].number, 1u);
  EXPECT_EQ(lines[1].number, 3u);
  EXPECT_EQ(lines[1].text, "Doing x");
  EXPECT_EQ(lines[2].number, 5u);
}

TEST(PasteCleanupTest, StripsCarriageReturnsAnsiAndTrailingSpaces) {
  const auto lines = CleanPaste("\x1b[1;32mtype\x1b[0m  16 bytes  \r\nnext\r\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].text, "type  16 bytes");
  EXPECT_EQ(lines[1].text, "next");
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
        "PS C:\\Users\\me> openssl speed -evp aes-128-gcm"}) {
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

}  // namespace
}  // namespace cryptobench::import
