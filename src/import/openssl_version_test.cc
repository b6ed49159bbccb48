// Tests of openssl version parsing and `openssl version -a` blocks.
#include "import/openssl_version.h"

#include <initializer_list>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "import/import.h"

namespace cryptobench::import {
namespace {

TEST(OpensslVersionTest, ParsesVersionsOfEveryEra) {
  const auto v111 = ParseOpensslVersion("OpenSSL 1.1.1q  5 Jul 2022");
  ASSERT_TRUE(v111);
  EXPECT_EQ(v111->text, "1.1.1q");
  EXPECT_EQ(v111->Number(), 0x1010111fu);  // crypto/opensslv.h of 1.1.1q
  const auto v3 = ParseOpensslVersion("version: 3.0.19");
  ASSERT_TRUE(v3);
  EXPECT_EQ(v3->Number(), 0x30000130u);  // OPENSSL_VERSION_NUMBER of 3.0.19
  const auto alpha = ParseOpensslVersion("3.0.0-alpha3-dev");
  ASSERT_TRUE(alpha);
  EXPECT_EQ(alpha->suffix, "alpha3-dev");
  EXPECT_TRUE(alpha->AtLeast(3, 0));
  EXPECT_FALSE(alpha->AtLeast(3, 2));
  const auto fips = ParseOpensslVersion("OpenSSL 1.0.2k-fips  26 Jan 2017");
  ASSERT_TRUE(fips);
  EXPECT_EQ(fips->letters, "k");
  EXPECT_EQ(fips->suffix, "fips");
  EXPECT_FALSE(ParseOpensslVersion("built on: Mon Sep 11 14:08:11 2023 UTC"));
}

TEST(OpensslVersionTest, OtherProductsKeepTheirName) {
  const auto libre = ParseOpensslVersion("LibreSSL 3.8.2");
  ASSERT_TRUE(libre);
  EXPECT_EQ(libre->product, "LibreSSL");
  EXPECT_EQ(libre->Label(), "LibreSSL 3.8.2");
  EXPECT_EQ(libre->OpensslGeneration(), 1);  // its speed app is OpenSSL 1.0.1's
  const auto openssl = ParseOpensslVersion("OpenSSL 3.0.13 30 Jan 2024");
  ASSERT_TRUE(openssl);
  EXPECT_EQ(openssl->product, "OpenSSL");
  EXPECT_EQ(openssl->Label(), "3.0.13");
  EXPECT_EQ(openssl->OpensslGeneration(), 3);
  EXPECT_EQ(ParseOpensslVersion("3.2.1")->product, "OpenSSL");
  EXPECT_EQ(ParseOpensslVersion("Tongsuo 8.4.0")->Label(), "Tongsuo 8.4.0");
}

// LibreSSL 3.8.2 is no OpenSSL 3.8: the run keeps the name, has no OpenSSL version number, and
// gets none of the caveats about OpenSSL 3's speed app and provider dispatch.
TEST(OpensslVersionTest, LibresslPasteIsLabelledLibressl) {
  const auto runs = ImportText(
      "$ openssl version\n"
      "LibreSSL 3.8.2\n"
      "$ openssl speed -elapsed -evp aes-128-gcm sha256\n"
      "You have chosen to measure elapsed time instead of user CPU time.\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes\n"
      "aes-128-gcm      200000.00k   400000.00k\n"
      "sha256           180000.00k   500000.00k\n",
      "libre.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.tool_version, "LibreSSL 3.8.2");
  EXPECT_EQ(runs[0].library.version, "LibreSSL 3.8.2");
  EXPECT_EQ(runs[0].library.version_num, 0u);
  for (const std::string& caveat : runs[0].source.caveats) {
    EXPECT_THAT(caveat, ::testing::Not(::testing::HasSubstr("3.x"))) << caveat;
  }
  const auto version_only = ImportText("$ openssl version\nLibreSSL 3.9.0\n", "v.txt");
  ASSERT_EQ(version_only.size(), 1u);
  EXPECT_EQ(version_only[0].source.tool_version, "LibreSSL 3.9.0");
}

TEST(OpensslVersionTest, HeaderLinesKeepTheirLabels) {
  HeaderInfo header;
  EXPECT_TRUE(ParseHeaderLine("version: 3.0.2", 7, &header));
  EXPECT_TRUE(ParseHeaderLine("built on: built on: Wed May 24 17:12:00 2023 UTC", 8, &header));
  EXPECT_TRUE(ParseHeaderLine("options:bn(64,64) rc4(16x,int) ", 9, &header));
  EXPECT_TRUE(ParseHeaderLine("CPUINFO: OPENSSL_ia32cap=0xff:0x1 env:~0x2", 10, &header));
  EXPECT_FALSE(ParseHeaderLine("type 16 bytes", 11, &header));
  EXPECT_EQ(header.line, 7u);
  EXPECT_EQ(header.built_on, "built on: Wed May 24 17:12:00 2023 UTC");
  EXPECT_EQ(header.options, "bn(64,64) rc4(16x,int)");
  results::LibraryInfo library;
  FillLibraryInfo(header, &library);
  EXPECT_EQ(library.version, "OpenSSL 3.0.2");
  EXPECT_EQ(library.version_num, 0x30000020u);
  EXPECT_EQ(library.capability_vector, "0xff:0x1");
}

TEST(OpensslVersionTest, TellsVersionBlocksFromSpeedHeaders) {
  const auto version_a = CleanPaste(
      "OpenSSL 1.1.1w  11 Sep 2023\nbuilt on: x\nplatform: linux-x86_64\noptions:  bn(64,64)\n");
  EXPECT_TRUE(StartsVersionBlock(version_a, 0, false));
  const auto speed_header = CleanPaste(
      "OpenSSL 1.1.1w  11 Sep 2023\nbuilt on: x\noptions:bn(64,64)\ncompiler: gcc\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n");
  EXPECT_FALSE(StartsVersionBlock(speed_header, 0, false));
  EXPECT_TRUE(StartsVersionBlock(speed_header, 0, true));  // right after `openssl version -a`
  const auto plain = CleanPaste("OpenSSL 3.0.2 15 Mar 2022 (Library: OpenSSL 3.0.2 15 Mar 2022)\n");
  EXPECT_TRUE(StartsVersionBlock(plain, 0, false));
}

TEST(OpensslVersionTest, VersionRunNotesAProgramLibraryMismatch) {
  HeaderInfo header;
  ParseHeaderLine("OpenSSL 3.0.2 15 Mar 2022 (Library: OpenSSL 3.3.1 4 Jun 2024)", 1, &header);
  const results::RunResult run = BuildVersionRun(header, "f.txt");
  EXPECT_EQ(run.source.tool, "openssl version");
  EXPECT_EQ(run.source.tool_version, "3.0.2");
  EXPECT_EQ(run.library.version, "OpenSSL 3.3.1 4 Jun 2024");
  ASSERT_EQ(run.source.caveats.size(), 1u);
  EXPECT_NE(run.source.caveats[0].find("3.3.1"), std::string::npos);
  EXPECT_TRUE(run.algorithms.empty());
}

HeaderInfo Header(std::initializer_list<const char*> lines) {
  HeaderInfo header;
  size_t number = 1;
  for (const char* line : lines) {
    ParseHeaderLine(line, number++, &header);
  }
  return header;
}

TEST(OpensslVersionTest, SameLibraryComparesTheLibraryVersionAndBuild) {
  // Speed 3.x prints the library's version; a version block names it in "(Library: ...)".
  const HeaderInfo block = Header(
      {"OpenSSL 3.0.2 15 Mar 2022 (Library: OpenSSL 3.0.13 30 Jan 2024)",
       "built on: Tue Jan 30 18:12:44 2024 UTC", "platform: debian-amd64", "compiler: gcc -O2"});
  EXPECT_TRUE(SameLibrary(block, Header({"version: 3.0.13"})));
  EXPECT_TRUE(SameLibrary(
      block, Header({"version: 3.0.13", "built on: built on: Tue Jan 30 18:12:44 2024 UTC",
                     "compiler: gcc -O2"})));
  EXPECT_FALSE(SameLibrary(block, Header({"version: 3.0.2"})));
  EXPECT_FALSE(SameLibrary(block, Header({"version: 3.0.13", "built on: Mon Feb 5 2024"})));
  EXPECT_FALSE(SameLibrary(block, Header({"version: 3.0.13", "compiler: gcc -O3"})));
  EXPECT_FALSE(SameLibrary(block, Header({"built on: Tue Jan 30 18:12:44 2024 UTC"})));
}

// Debian and Ubuntu package builds record their build directory, named after the upstream
// tarball, on the compiler line (dpkg-buildflags fixfilepath / fixdebugpath).
TEST(OpensslVersionTest, VersionFromBuildPathReadsOnlyAnOpensslSourceTree) {
  // Raspberry Pi OS (Debian 11) 1.1.1n, from the rpi4 report in tests/fixtures/reports.
  auto version = VersionFromBuildPath(
      "compiler: gcc -fPIC -g -O2 -ffile-prefix-map=/build/openssl-lY0Eec/openssl-1.1.1n=. "
      "-fstack-protector-strong -DAES_ASM");
  ASSERT_TRUE(version.has_value());
  EXPECT_EQ(version->Label(), "1.1.1n");
  EXPECT_EQ(version->Number(), 0x101010efu);
  // Ubuntu 20.04's older flag, and a trailing slash.
  version = VersionFromBuildPath(
      "compiler: gcc -fdebug-prefix-map=/build/openssl-XXXX/openssl-1.1.1f/=.");
  ASSERT_TRUE(version.has_value());
  EXPECT_EQ(version->text, "1.1.1f");
  version = VersionFromBuildPath("compiler: cc -ffile-prefix-map=/build/libressl-3.8.2=.");
  ASSERT_TRUE(version.has_value());
  EXPECT_EQ(version->Label(), "LibreSSL 3.8.2");

  // Not a release tree: the path's last component must be openssl-<version> and nothing more.
  for (const char* cflags :
       {"compiler: gcc -O2 -DAES_ASM",                                     // no build path
        "compiler: gcc -ffile-prefix-map=BUILDPATH=. -O2",                 // Ubuntu's later form
        "compiler: gcc -ffile-prefix-map=/build/openssl-lY0Eec=.",         // the random dir
        "compiler: gcc -ffile-prefix-map=/build/openssl-1.1.1n/crypto=.",  // not the last part
        "compiler: gcc -ffile-prefix-map=/build/openssl-1.1.1n+dfsg=.",    // more than a version
        "compiler: gcc -ffile-prefix-map=/build/nginx-1.18.0=.",           // another package
        "compiler: gcc -fdebug-prefix-map=/b/openssl-1.1.1n=. "
        "-ffile-prefix-map=/b/openssl-3.0.2=."}) {
    EXPECT_FALSE(VersionFromBuildPath(cflags).has_value()) << cflags;
  }
}

TEST(OpensslVersionTest, HeaderLabelLinesAreTheOnesSpeedAndVersionShare) {
  EXPECT_TRUE(IsHeaderLabelLine("compiler: gcc -O2"));
  EXPECT_TRUE(IsHeaderLabelLine("options:  bn(64,32) rc4(char) des(long) aes(partial)"));
  EXPECT_TRUE(IsHeaderLabelLine("built on: Mon Mar 14 2022"));
  EXPECT_TRUE(IsHeaderLabelLine("CPUINFO: OPENSSL_armcap=0x0"));
  EXPECT_FALSE(IsHeaderLabelLine("OpenSSL 1.1.1n  15 Mar 2022"));
  EXPECT_FALSE(IsHeaderLabelLine("platform: linux-armv4"));
}

TEST(OpensslVersionTest, AVersionlessHeaderFitsABlockItDoesNotContradict) {
  const HeaderInfo block = Header({"OpenSSL 1.1.1n  15 Mar 2022", "compiler: gcc -O2"});
  EXPECT_TRUE(VersionlessHeaderFits(block, Header({"compiler: gcc -O2"})));
  EXPECT_TRUE(VersionlessHeaderFits(block, Header({"options: bn(64,32)"})));
  EXPECT_FALSE(VersionlessHeaderFits(block, Header({"compiler: gcc -O3"})));
  EXPECT_FALSE(VersionlessHeaderFits(block, Header({"OpenSSL 1.1.1n  15 Mar 2022"})));
  EXPECT_FALSE(VersionlessHeaderFits(Header({"compiler: gcc -O2"}), Header({"compiler: gcc -O2"})));
}

TEST(OpensslVersionTest, CompleteHeaderKeepsWhatSpeedPrinted) {
  const HeaderInfo block =
      Header({"OpenSSL 3.0.13 30 Jan 2024 (Library: OpenSSL 3.0.13 30 Jan 2024)",
              "platform: debian-amd64", "options:  bn(64,64)", "compiler: gcc -O2",
              "CPUINFO: OPENSSL_ia32cap=0xff:0x1 env:~0x200000000000000"});
  const HeaderInfo speed = Header(
      {"version: 3.0.13", "options:bn(64,64) rc4(16x,int)", "CPUINFO: OPENSSL_ia32cap=0xff:0x1"});
  const HeaderInfo header = CompleteHeader(block, speed);
  EXPECT_EQ(header.version, "OpenSSL 3.0.13 30 Jan 2024");
  EXPECT_EQ(header.library, "OpenSSL 3.0.13 30 Jan 2024");
  EXPECT_EQ(header.platform, "platform: debian-amd64");
  EXPECT_EQ(header.options, "bn(64,64) rc4(16x,int)");              // speed's
  EXPECT_EQ(header.cpu_info, "CPUINFO: OPENSSL_ia32cap=0xff:0x1");  // speed's
  EXPECT_EQ(header.cflags, "compiler: gcc -O2");                    // only the block has it
  EXPECT_EQ(header.line, speed.line);
}

// Tryout 30 D10 (q/s08): `openssl version -a`, then `openssl speed` whose compiler line is a
// shortened copy (every flag of it is in the block's, and the build dates are the same): one
// run, with the block's platform line. A compiler line with a flag the block lacks stays
// another library's.
TEST(OpensslVersionTest, VersionBlockBeforeSpeedWithShortenedCompilerLineIsItsLibrary) {
  const auto paste = [](std::string_view speed_flags) {
    return "[root@lnx01 ~]# openssl version -a\n"
           "OpenSSL 3.0.7 1 Nov 2022 (Library: OpenSSL 3.0.7 1 Nov 2022)\n"
           "built on: Tue Jun 20 00:00:00 2023 UTC\n"
           "platform: linux64-s390x\n"
           "options:  bn(64,64)\n"
           "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -O2 -flto=auto -g "
           "-march=z14 -mtune=z15 -DB_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPENSSL -DNDEBUG\n"
           "OPENSSLDIR: \"/etc/pki/tls\"\n"
           "[root@lnx01 ~]# openssl speed -evp aes-256-gcm\n"
           "version: 3.0.7\n"
           "built on: Tue Jun 20 00:00:00 2023 UTC\n"
           "options: bn(64,64)\n"
           "compiler: " +
           std::string(speed_flags) +
           "\n"
           "The 'numbers' are in 1000s of bytes per second processed.\n"
           "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
           "bytes\n"
           "AES-256-GCM         35391.07k   139626.41k   529511.96k  1753856.49k  5386462.68k  "
           "6321720.93k\n";
  };
  const auto runs = ImportText(
      paste("gcc -fPIC -pthread -m64 -O3 -march=z14 -DB_ENDIAN -DOPENSSL_PIC -DNDEBUG"), "s08.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_THAT(runs[0].library.platform, ::testing::HasSubstr("linux64-s390x"));
  EXPECT_FALSE(runs[0].algorithms.empty());

  const auto other = ImportText(paste("gcc -fPIC -pthread -m64 -O3 -DOPENSSL_NO_ASM"), "o.txt");
  EXPECT_EQ(other.size(), 2u);
}

}  // namespace
}  // namespace cryptobench::import
