// Tests of quoted-printable pastes (RFC 2045 section 6.7): recognised only on strong evidence,
// decoded before import reads them, and read as their plain form is.
#include "import/quoted_printable.h"

#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "import/import.h"
#include "import/import_test_util.h"
#include "support/golden.h"

namespace cryptobench::import {
namespace {

const std::string kDataDir = CRYPTOBENCH_TEST_DATA_DIR;

std::string Fixture(const std::string& name) {
  return cryptobench::testing::ReadTestFile(kDataDir + "/fixtures/import/" + name);
}

// What a run measured, without the line numbers (a decoded paste has its own).
using Figure = std::tuple<std::string, std::string, std::string, uint64_t, int, double>;
std::vector<Figure> Figures(const results::RunResult& run) {
  std::vector<Figure> out;
  for (const results::AlgorithmResult& alg : run.algorithms) {
    for (const results::Cell& cell : alg.cells) {
      out.emplace_back(alg.algorithm, alg.kind, cell.operation, cell.input_len,
                       static_cast<int>(cell.status),
                       cell.figures ? cell.figures->ops_per_s.value : -1.0);
    }
  }
  return out;
}

TEST(QuotedPrintableTest, SoftBreaksAndEscapesAreDecodedWithTheFilesLineNumbers) {
  const auto qp = DecodeQuotedPrintable(
      "version: 3.0.13\n"
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOPENSSL_USE=\n"
      "_NODELETE -DL_ENDIAN\n"
      "CPUINFO: OPENSSL_ia32cap=3D0x7ed8320b078bffff:0x400004219c01a9\n"
      "options:bn(64,64)=20\n");
  ASSERT_TRUE(qp);
  EXPECT_EQ(qp->text,
            "version: 3.0.13\n"
            "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 "
            "-DOPENSSL_USE_NODELETE -DL_ENDIAN\n"
            "CPUINFO: OPENSSL_ia32cap=0x7ed8320b078bffff:0x400004219c01a9\n"
            "options:bn(64,64) \n");
  EXPECT_EQ(qp->line_numbers, (std::vector<size_t>{1, 2, 4, 5}));
  EXPECT_EQ(qp->first_line, 2u);
  EXPECT_EQ(qp->soft_breaks, 1u);
  EXPECT_EQ(qp->escapes, 2u);
}

TEST(QuotedPrintableTest, PlainOutputWithEqualsSignsIsNotDecoded) {
  // Every '=' of openssl speed's own output is followed by something an encoder would have
  // escaped: a flag's value, a capability vector, an assignment.
  for (const char* plain :
       {"compiler: gcc -DOPENSSL_TLS_SECURITY_LEVEL=2 -D_FORTIFY_SOURCE=2 -DOPENSSL_PIC\n"
        "CPUINFO: OPENSSL_ia32cap=0x7ed8320b078bffff:0x400004219c01a9\n",
        "$ CFLAGS=-O2 ./Configure\n$ OPENSSL_ia32cap=~0x200000200000000 openssl speed\n",
        "options: bn(64,64) rc4(16x,int) des(int) aes(partial) blowfish(ptr)\n"
        "compiler: cc -march=armv8-a+crypto -DOPENSSL_PIC\n",
        // A line that ends in '=' and nothing else: no evidence of an encoder.
        "a label =\nsha256 150223.40k 520331.85k\n",
        // Lines that end in '=' but are short, and no escape: not an encoder's breaks.
        "x =\ny =\nz =\nw =\n",
        // Lower-case hexadecimal is no escape an encoder writes.
        "key=ab cd\nvalue=3d\n"}) {
    EXPECT_FALSE(DecodeQuotedPrintable(plain)) << plain;
  }
}

TEST(QuotedPrintableTest, AQuotePrefixOnTheContinuationIsKeptOnce) {
  const auto qp = DecodeQuotedPrintable(
      "> type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 byt=\n"
      "> es  16384 bytes\n"
      "> aes-128-cbc     910220.41k  1431007.25k  1502110.33k  1520332.80k  1524900=\n"
      "> .12k  1525118.46k\n"
      "> sha256 a=3Db\n");
  ASSERT_TRUE(qp);
  EXPECT_EQ(qp->text,
            "> type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  "
            "16384 bytes\n"
            "> aes-128-cbc     910220.41k  1431007.25k  1502110.33k  1520332.80k  "
            "1524900.12k  1525118.46k\n"
            "> sha256 a=b\n");
  EXPECT_EQ(qp->line_numbers, (std::vector<size_t>{1, 3, 5}));
}

TEST(QuotedPrintableTest, AMessagesHeadersDeclareItAndAreKeptAsTheyAre) {
  const auto qp = DecodeQuotedPrintable(
      "Content-Type: text/plain; charset=\"utf-8\"\n"
      "Content-Transfer-Encoding: quoted-printable\n"
      "\n"
      "CPUINFO: OPENSSL_ia32cap=3D0x7ed8320b078bffff\n");
  ASSERT_TRUE(qp);
  EXPECT_EQ(qp->text,
            "Content-Type: text/plain; charset=\"utf-8\"\n"
            "Content-Transfer-Encoding: quoted-printable\n"
            "\n"
            "CPUINFO: OPENSSL_ia32cap=0x7ed8320b078bffff\n");
  EXPECT_EQ(qp->first_line, 4u);
  // Without the header, the one escape is too little evidence.
  EXPECT_FALSE(DecodeQuotedPrintable("CPUINFO: OPENSSL_ia32cap=3D0x7ed8320b078bffff\n"));
}

TEST(QuotedPrintableTest, AnEncodedLineEndStartsALineOfTheSameFileLine) {
  const auto qp = DecodeQuotedPrintable("a=3Db=0D=0Ac=20\nd\n");
  ASSERT_TRUE(qp);
  EXPECT_EQ(qp->text, "a=b\nc \nd\n");
  EXPECT_EQ(qp->line_numbers, (std::vector<size_t>{1, 1, 2}));
}

TEST(QuotedPrintableImportTest, AnEncodedPasteReadsTheRowsOfItsPlainForm) {
  const auto plain = ImportText(Fixture("openssl-3.0-cpuinfo.txt"), "plain.txt");
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_FALSE(HasCaveat(plain[0], "quoted-printable"));
  for (const char* name :
       {"openssl-3.0-cpuinfo-qp-body.txt", "openssl-3.0-cpuinfo-qp-message.txt"}) {
    const auto decoded = ImportText(Fixture(name), name);
    ASSERT_EQ(decoded.size(), 1u) << name;
    const results::RunResult& run = decoded[0];
    EXPECT_EQ(Figures(run), Figures(plain[0])) << name;
    EXPECT_EQ(run.library.capability_vector, plain[0].library.capability_vector) << name;
    EXPECT_EQ(run.library.cflags, plain[0].library.cflags) << name;
    EXPECT_EQ(run.source.tool_version, "3.0.13") << name;
    EXPECT_TRUE(HasCaveat(run, "The paste is quoted-printable")) << name;
    EXPECT_TRUE(HasCaveat(run, "Line numbers are the file's")) << name;
  }
}

TEST(QuotedPrintableImportTest, CaveatsNameTheEncodedFilesLines) {
  // The sha512 row's 16384-byte cell reads 0.00: its caveat names the row's line in the encoded
  // file (line 53 there: the soft-broken lines above take two lines each), not in the decoded text.
  const auto runs =
      ImportText(Fixture("openssl-3.0-cpuinfo-qp-body.txt"), "openssl-3.0-cpuinfo-qp-body.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::Cell* failed = FindCell(runs[0], "SHA-512", "hash", 16384);
  ASSERT_NE(failed, nullptr);
  EXPECT_EQ(failed->status, results::CellStatus::kError);
  EXPECT_NE(failed->message.find("line 53"), std::string::npos) << failed->message;
}

TEST(QuotedPrintableImportTest, EncodedLineEndsAreHeldToTheLineCap) {
  // 200000 "=0A" escapes on one line of the file: as many lines once decoded, which the cap on
  // pasted lines (results/limits.h) refuses as it refuses them unencoded.
  std::string text = "rate=3D1=20";
  for (int i = 0; i < 200000; ++i) {
    text += "=0A";
  }
  text += "\n";
  const std::string error = ImportErrorOf(text, "big.txt");
  EXPECT_NE(error.find("once the quoted-printable paste is decoded"), std::string::npos) << error;
}

}  // namespace
}  // namespace cryptobench::import
