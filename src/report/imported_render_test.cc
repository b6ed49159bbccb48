// Renderers on imported runs (figures from another tool's output): each format says what the
// figures are, shows no CI, CPU time or cycles as zeros, and lists the caveats once.
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "report/formats.h"
#include "report/report.h"

#include "import/import.h"

namespace cryptobench::report {
namespace {

using results::AlgorithmResult;
using results::Cell;
using results::RunResult;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kCaveat = "Row 'x' is odd in a way worth one sentence.";

// A figure as `import` writes it: value = both CI bounds, one sample, confidence 0.
Cell ImportedCell(const std::string& operation, uint64_t input_len, double ops_per_s,
                  bool symmetric) {
  Cell cell;
  cell.operation = operation;
  cell.input_len = input_len;
  results::CellFigures f;
  f.num_samples = 1;
  f.confidence = 0;
  f.ops_per_s = {ops_per_s, ops_per_s, ops_per_s};
  if (symmetric) {
    const double bytes = ops_per_s * static_cast<double>(input_len);
    f.bytes_per_s = results::Estimate{bytes, bytes, bytes};
  }
  f.wall_ns_per_op = 1e9 / ops_per_s;
  f.user_ns_per_op = f.wall_ns_per_op;
  f.cpu_ns_per_op = f.wall_ns_per_op;
  cell.figures = f;
  return cell;
}

RunResult ImportedRun(const std::string& timing_basis) {
  RunResult run;
  run.source.kind = "imported";
  run.source.tool = "openssl speed";
  run.source.tool_version = "3.0.13";
  run.source.file = "paste.txt";
  run.source.timing_basis = timing_basis;
  run.source.caveats = {kCaveat};
  run.machine.tick_counter = "none";
  run.library.version = "OpenSSL 3.0.13";
  run.library.cpu_info = "CPUINFO: OPENSSL_ia32cap=0x7ed8320b078bffff:0x400004219c01a9";
  run.library.capability_vector = "0x7ed8320b078bffff:0x400004219c01a9";
  run.method.input_sizes = {16, 16384};
  AlgorithmResult aes;
  aes.algorithm = "AES-128-CBC";
  aes.kind = "cipher";
  aes.cells = {ImportedCell("encrypt", 16, 56.25e6, true),
               ImportedCell("encrypt", 16384, 93000, true)};
  run.algorithms.push_back(aes);
  AlgorithmResult rsa;
  rsa.algorithm = "RSA-2048";
  rsa.kind = "signature";
  rsa.cells = {ImportedCell("sign", 32, 1672.3, false)};
  run.algorithms.push_back(rsa);
  return run;
}

std::string Rendered(const RunResult& run, Format format) {
  std::ostringstream out;
  Render(run, format, out);
  return out.str();
}

size_t Count(const std::string& text, const std::string& part) {
  size_t count = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++count;
  }
  return count;
}

TEST(ImportedRenderTest, TableSaysWhatTheFiguresAreWithoutZeros) {
  const std::string text = Rendered(ImportedRun("user_cpu"), Format::kTable);
  EXPECT_THAT(text, HasSubstr("openssl speed 3.0.13's figures, one per cell, timed in user CPU "
                              "time (no -elapsed)"));
  EXPECT_THAT(text, HasSubstr("no CI"));
  EXPECT_THAT(text, Not(HasSubstr("median of")));
  EXPECT_THAT(text, Not(HasSubstr("±")));
  EXPECT_THAT(text, Not(HasSubstr(" 0%")));       // no CPU utilisation of zero
  EXPECT_THAT(text, Not(HasSubstr("CPU cost")));  // no CPU time to show
  EXPECT_THAT(text, Not(HasSubstr("online CPUs")));
  EXPECT_THAT(text, HasSubstr("1523.7"));  // 93000 ops/s x 16384 bytes = 1523.7 MB/s
  EXPECT_THAT(text, HasSubstr("n/a"));     // the public-key CPU and cycle columns
  EXPECT_EQ(Count(text, std::string(kCaveat)), 1u);
}

TEST(ImportedRenderTest, MarkdownListsCaveatsOnceInNotes) {
  const std::string text = Rendered(ImportedRun("wall_clock"), Format::kMarkdown);
  EXPECT_THAT(text, HasSubstr("- Method: openssl speed 3.0.13's figures, one per cell, timed in "
                              "wall-clock time"));
  EXPECT_THAT(text, HasSubstr("| AES-128-CBC | encrypt | 900.0 | 1523.7 |"));
  EXPECT_THAT(text, HasSubstr("| RSA-2048 sign | 1672.3 | 598.0 | n/a | n/a |"));
  EXPECT_THAT(text, Not(HasSubstr("±")));
  EXPECT_EQ(Count(text, "- Caveat: " + std::string(kCaveat)), 1u);
}

TEST(ImportedRenderTest, CsvLeavesCiCpuAndCyclesEmpty) {
  const std::string text = Rendered(ImportedRun("user_cpu"), Format::kCsv);
  std::istringstream in(text);
  std::string header;
  std::string row;
  std::getline(in, header);
  std::getline(in, row);
  // algorithm..status, ops_per_s, two empty CI bounds, bytes_per_s, two empty CI bounds,
  // mb_per_s, wall (empty: user CPU basis), cpu (empty), user, then sys, utilisation, ticks,
  // ticks per byte all empty; one sample.
  EXPECT_THAT(row, HasSubstr("AES-128-CBC,cipher,encrypt,16,ok,56250000,,,900000000,,,900,,,"));
  EXPECT_THAT(row, HasSubstr(",,,,,1,0,,,,\"imported: one figure from openssl speed 3.0.13, "
                             "user CPU time (no -elapsed), no CI\""));

  const std::string wall = Rendered(ImportedRun("wall_clock"), Format::kCsv);
  EXPECT_THAT(wall, HasSubstr(fmt::format(",900,{},,,", 1e9 / 56.25e6)));  // wall ns/op only
}

TEST(ImportedRenderTest, OpensslLayoutKeepsTheBasisAcrossAReimport) {
  const std::string text = Rendered(ImportedRun("wall_clock"), Format::kOpenssl);
  EXPECT_THAT(text, HasSubstr("Imported from paste.txt: openssl speed 3.0.13's figures"));
  EXPECT_THAT(text, HasSubstr("You have chosen to measure elapsed time"));
  EXPECT_THAT(text, HasSubstr("Caveat: " + std::string(kCaveat)));
  const std::vector<RunResult> again = import::ImportText(text, "again.txt");
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0].source.timing_basis, "wall_clock");
  ASSERT_FALSE(again[0].algorithms.empty());
  const Cell& large = again[0].algorithms[0].cells.back();
  EXPECT_EQ(large.input_len, 16384u);
  EXPECT_NEAR(large.figures->bytes_per_s->value, 93000.0 * 16384, 10);  // printed to 0.01 kB/s

  EXPECT_THAT(Rendered(ImportedRun("user_cpu"), Format::kOpenssl), Not(HasSubstr("elapsed time")));
}

// cryptsetup benchmark and botan speed time both directions of a cipher, and cryptsetup's
// PBKDF2 rows are iterations per second, which the openssl layout has no row for.
RunResult BothDirectionsAndAKdf() {
  RunResult run = ImportedRun("wall_clock");
  run.source.tool = "cryptsetup benchmark";
  run.source.caveats = {"cryptsetup prints MiB/s, 2^20 bytes per second."};
  run.method.input_sizes = {1048576};
  run.algorithms.clear();
  AlgorithmResult kdf;
  kdf.algorithm = "PBKDF2-sha256";
  kdf.kind = "kdf";
  kdf.cells = {ImportedCell("iteration", 0, 3302108, false)};
  run.algorithms.push_back(kdf);
  AlgorithmResult aes;
  aes.algorithm = "AES-128-CBC";
  aes.kind = "cipher";
  aes.cells = {ImportedCell("encrypt", 1048576, 1300, true),
               ImportedCell("decrypt", 1048576, 4400, true)};
  run.algorithms.push_back(aes);
  return run;
}

TEST(ImportedRenderTest, OpensslLayoutNamesDecryptRowsApartAndSaysWhatItLeftOut) {
  const std::string text = Rendered(BothDirectionsAndAKdf(), Format::kOpenssl);
  // 1300 and 4400 MiB x 1048576 bytes/s, in 1000s of bytes/s.
  EXPECT_THAT(text, HasSubstr("\nAES-128-CBC    1363148.80k\n"));
  EXPECT_THAT(text, HasSubstr("\nAES-128-CBC decrypt  4613734.40k\n"));
  EXPECT_EQ(Count(text, "Not in this layout"), 1u);
  EXPECT_THAT(text, HasSubstr(": PBKDF2-sha256 iteration.\n"));

  // Read back, the two rows are one algorithm's two operations, and the prose is not a row.
  const std::vector<RunResult> again = import::ImportText(text, "again.txt");
  ASSERT_EQ(again.size(), 1u);
  ASSERT_EQ(again[0].algorithms.size(), 1u);
  const AlgorithmResult& aes = again[0].algorithms[0];
  EXPECT_EQ(aes.algorithm, "AES-128-CBC");
  ASSERT_EQ(aes.cells.size(), 2u);
  EXPECT_EQ(aes.cells[0].operation, "encrypt");
  EXPECT_EQ(aes.cells[1].operation, "decrypt");
  EXPECT_NEAR(aes.cells[1].figures->bytes_per_s->value, 4400.0 * 1048576, 10);
}

TEST(ImportedRenderTest, OpensslLayoutPrintsTheRsaRowOnceBesideTheSignatureTablesRsa2048) {
  // `openssl speed rsa2048` on 3.2 and later: the RSA table's row and the signature table's
  // rsa2048 (an alias of RSA-2048) are two entries; the layout's RSA table has one row, the
  // RSA table's, and names the signature table's cells it has no row for.
  const std::vector<RunResult> runs = import::ImportText(
      "                   sign    verify    encrypt   decrypt   sign/s verify/s  encr./s  decr./s\n"
      "rsa  2048 bits 0.000474s 0.000012s 0.000013s 0.000476s   2110.0  80112.0  76003.0   2099.0\n"
      "                               keygen     signs    verify keygens/s    sign/s  verify/s\n"
      "                    rsa2048 0.045455s 0.000474s 0.000013s      22.0    2108.0   79877.0\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const std::string text = Rendered(runs[0], Format::kOpenssl);
  EXPECT_EQ(Count(text, " 2048 bits "), 1u) << text;
  EXPECT_THAT(text, HasSubstr("rsa2048 sign"));
  const std::vector<RunResult> again = import::ImportText(text, "again.txt");
  EXPECT_EQ(again.size(), 1u);
}

TEST(ImportedRenderTest, OpensslLayoutNamesTheImplementationOfATwiceRunAlgorithm) {
  // botan speed runs AES-128 with each provider it has: two entries of one algorithm.
  RunResult run = BothDirectionsAndAKdf();
  run.algorithms[1].implementation = "aesni";
  run.algorithms.push_back(run.algorithms[1]);
  run.algorithms[2].implementation = "base";
  run.algorithms[2].cells[0].figures->bytes_per_s->value = 180e6;
  const std::string text = Rendered(run, Format::kOpenssl);
  EXPECT_THAT(text, HasSubstr("\nAES-128-CBC [aesni]  1363148.80k\n"));
  EXPECT_THAT(text, HasSubstr("\nAES-128-CBC [aesni] decrypt  4613734.40k\n"));
  EXPECT_THAT(text, HasSubstr("\nAES-128-CBC [base]   180000.00k\n"));
  EXPECT_THAT(text, HasSubstr("\nAES-128-CBC [base] decrypt  4613734.40k\n"));
}

TEST(ImportedRenderTest, OpensslLayoutOfADecryptRunNamesItsRowsDecrypt) {
  // `speed --decrypt` times only decrypt. `openssl speed -decrypt` would print the plain name,
  // but nothing in the summary would then say the figures are decryption: a re-import would
  // read them as encryption.
  RunResult run = BothDirectionsAndAKdf();
  run.method.direction = "decrypt";
  run.algorithms[1].cells.erase(run.algorithms[1].cells.begin());
  const std::string text = Rendered(run, Format::kOpenssl);
  EXPECT_THAT(text, HasSubstr("\nAES-128-CBC decrypt  4613734.40k\n"));
  EXPECT_THAT(text, Not(HasSubstr("\nAES-128-CBC  ")));

  const std::vector<RunResult> again = import::ImportText(text, "again.txt");
  ASSERT_EQ(again.size(), 1u);
  ASSERT_EQ(again[0].algorithms.size(), 1u);
  ASSERT_EQ(again[0].algorithms[0].cells.size(), 1u);
  EXPECT_EQ(again[0].algorithms[0].algorithm, "AES-128-CBC");
  EXPECT_EQ(again[0].algorithms[0].cells[0].operation, "decrypt");
}

// cryptsetup benchmark rows of ciphers the catalogue lacks keep cryptsetup's name with its key
// column ("xchacha12,aes-adiantum 256b"): every format import writes either reads back as the
// same cells and figures (openssl's layout, rounded to 0.01k, and JSON) or is refused as
// cryptobench's own report for people (HTML: as no tool output), never as a damaged table
// (tryout-22 #11).
TEST(ImportedRenderTest, NonCatalogueCryptsetupCipherSurvivesEveryWrittenFormat) {
  const std::vector<RunResult> runs = import::ImportText(
      "$ cryptsetup benchmark -c xchacha12,aes-adiantum-plain64\n"
      "# Tests are approximate using memory only (no storage IO).\n"
      "#            Algorithm |       Key |      Encryption |      Decryption\n"
      "xchacha12,aes-adiantum        256b       183.2 MiB/s       188.7 MiB/s\n"
      "$ cryptsetup benchmark -c serpent-xts-plain64\n"
      "# Tests are approximate using memory only (no storage IO).\n"
      "# Algorithm |       Key |      Encryption |      Decryption\n"
      "serpent-xts        512b        78.9 MiB/s        80.1 MiB/s\n",
      "q26.txt");
  ASSERT_EQ(runs.size(), 2u);
  for (const RunResult& run : runs) {
    ASSERT_EQ(run.algorithms.size(), 1u);
    const AlgorithmResult& alg = run.algorithms[0];
    ASSERT_EQ(alg.cells.size(), 2u) << alg.algorithm;
    for (const Format format : FormatsOf(Producer::kImport)) {
      const std::string text = Rendered(run, format);
      const std::string what = fmt::format("{} as {}", alg.algorithm, FormatName(format));
      std::vector<RunResult> again;
      try {
        again = import::ImportText(text, "again.txt");
      } catch (const import::ImportError& e) {
        EXPECT_TRUE(format != Format::kOpenssl && format != Format::kJson)
            << what << ": " << e.what();
        // Table, CSV and Markdown: "... compare and doctor --from read its --format json
        // output"; HTML is no tool output at all.
        EXPECT_THAT(e.what(), Not(HasSubstr("throughput figure"))) << what;
        continue;
      }
      ASSERT_EQ(again.size(), 1u) << what;
      ASSERT_EQ(again[0].algorithms.size(), 1u) << what;
      const AlgorithmResult& read = again[0].algorithms[0];
      EXPECT_EQ(read.algorithm, alg.algorithm) << what;
      ASSERT_EQ(read.cells.size(), alg.cells.size()) << what;
      for (size_t i = 0; i < alg.cells.size(); ++i) {
        EXPECT_EQ(read.cells[i].operation, alg.cells[i].operation) << what;
        EXPECT_EQ(read.cells[i].input_len, alg.cells[i].input_len) << what;
        ASSERT_TRUE(read.cells[i].figures && read.cells[i].figures->bytes_per_s) << what;
        EXPECT_NEAR(read.cells[i].figures->bytes_per_s->value,
                    alg.cells[i].figures->bytes_per_s->value, 5)  // "%.2fk": 0.005k
            << what;
      }
    }
  }
}

// bssl speed's one-block figures ("Did ... AES-128 encrypt operations"): kind other, no input
// size, ops/s. The catalogue takes "aes-128" for AES-128-CBC; these rows are not that.
RunResult OneBlockAes() {
  RunResult run = ImportedRun("wall_clock");
  run.source.tool = "bssl speed";
  AlgorithmResult block;
  block.algorithm = "AES-128";
  block.kind = "other";
  block.cells = {ImportedCell("encrypt_setup", 0, 37713208, false),
                 ImportedCell("encrypt", 0, 154030384, false)};
  run.algorithms.insert(run.algorithms.begin() + 1, block);
  return run;
}

TEST(ImportedRenderTest, OneBlockFiguresAreNeitherAes128CbcNorAZeroSizeColumn) {
  const std::string openssl = Rendered(OneBlockAes(), Format::kOpenssl);
  EXPECT_EQ(Count(openssl, "AES-128-CBC"), 1u);  // the real AES-128-CBC row only
  EXPECT_THAT(openssl, Not(HasSubstr("0 bytes")));
  EXPECT_THAT(openssl, HasSubstr(": AES-128 encrypt_setup, AES-128 encrypt.\n"));

  const std::string table = Rendered(OneBlockAes(), Format::kTable);
  EXPECT_THAT(table, Not(HasSubstr(" 0 B")));
  EXPECT_THAT(table, Not(HasSubstr("?")));
  EXPECT_THAT(table, HasSubstr("\nOther operations, per call: ops/s as reported"));
  EXPECT_THAT(table, HasSubstr("\nAES-128 encrypt        154030384"));
  // RSA stays under its own heading, before the other operations.
  EXPECT_LT(table.find("RSA-2048 sign"), table.find("Other operations"));

  const std::string markdown = Rendered(OneBlockAes(), Format::kMarkdown);
  EXPECT_THAT(markdown, Not(HasSubstr("| 0 B |")));
  EXPECT_THAT(markdown, HasSubstr("### Other operations, per call"));
  EXPECT_THAT(markdown, HasSubstr("| AES-128 encrypt_setup | 37713208 |"));
}

// wolfSSL pull request 1226 (https://github.com/wolfSSL/wolfssl/pull/1226, toddouska,
// 2017-11-14; tryout 33 D4): wolfCrypt rows pasted without their "(block bytes N" banner. The
// size is not in the paste: the column says so instead of "0 B", the AES-192-GCM rows (not in
// the catalogue) stay in the throughput table, and no bytes/s figure is shown as ops/s.
TEST(ImportedRenderTest, ThroughputOfAnUnknownSizeIsNeitherAZeroSizeNorOpsPerSecond) {
  const std::vector<RunResult> runs = import::ImportText(
      "AES-128-GCM-enc   2610 MB took 1.001 seconds, 2608.563 MB/s Cycles per byte =   0.91\n"
      "AES-192-GCM-enc   2365 MB took 1.002 seconds, 2361.203 MB/s Cycles per byte =   1.01\n"
      "AES-192-GCM-dec   2385 MB took 1.001 seconds, 2382.530 MB/s Cycles per byte =   1.00\n",
      "c01-a.txt");
  ASSERT_EQ(runs.size(), 1u);
  for (Format format : {Format::kTable, Format::kMarkdown, Format::kHtml}) {
    const std::string text = Rendered(runs[0], format);
    EXPECT_THAT(text, Not(HasSubstr("0 B"))) << static_cast<int>(format);
    EXPECT_THAT(text, HasSubstr("unknown size")) << static_cast<int>(format);
    EXPECT_THAT(text, Not(HasSubstr("2475900797"))) << static_cast<int>(format);  // bytes/s
    EXPECT_THAT(text, Not(HasSubstr("Other operations"))) << static_cast<int>(format);
  }
  const std::string table = Rendered(runs[0], Format::kTable);
  EXPECT_THAT(table, HasSubstr("\nAES-192-GCM  encrypt          2475.9\n"));
  EXPECT_THAT(table, HasSubstr("the block\n  size is not in the paste"));
  // CSV: no operations per second or time per operation where the count of calls is unknown.
  const std::string csv = Rendered(runs[0], Format::kCsv);
  EXPECT_THAT(csv, HasSubstr("\nAES-192-GCM,aead,encrypt,0,ok,,,,2475900796.928,,,2475.9"));
  // JSON (ops_per_s 0 beside bytes_per_s) reads back as the same throughput of unknown size.
  const std::vector<RunResult> again = import::ImportText(Rendered(runs[0], Format::kJson), "j");
  ASSERT_EQ(again.size(), 1u);
  ASSERT_EQ(again[0].algorithms.size(), 2u);
  const Cell& aes192 = again[0].algorithms[1].cells.at(0);
  EXPECT_EQ(aes192.input_len, 0u);
  ASSERT_TRUE(aes192.figures && aes192.figures->bytes_per_s);
  EXPECT_NEAR(aes192.figures->bytes_per_s->value, 2475900796.928, 1e-3);
  EXPECT_EQ(aes192.figures->ops_per_s.value, 0);

  // A per-call figure without a size (AWS-LC's "encrypt init", ops/s only) is no throughput of
  // unknown size.
  const std::vector<RunResult> init = import::ImportText(
      "Did 4720000 EVP-AES-128-GCM encrypt init operations in 1000208us (4719018.4 ops/sec)\n"
      "Did 8122500 EVP-AES-128-GCM encrypt (16 bytes) operations in 1000029us (8122264.5 "
      "ops/sec): 130.0 MB/s\n",
      "c04-b.txt");
  ASSERT_EQ(init.size(), 1u);
  EXPECT_THAT(Rendered(init[0], Format::kTable), Not(HasSubstr("unknown size")));
}

TEST(ImportedRenderTest, MeasuredRunsAreNotMarkedImported) {
  RunResult run = ImportedRun("wall_clock");
  run.source = results::SourceInfo{};
  for (Format format : {Format::kTable, Format::kMarkdown, Format::kCsv, Format::kOpenssl}) {
    EXPECT_THAT(Rendered(run, format), Not(HasSubstr("mported"))) << static_cast<int>(format);
  }
}

// botan speed runs an algorithm once per provider (botan issue 3837, an M2 Pro, trimmed): each
// row names its provider where the run holds the algorithm twice, in every table format
// (tryout 32 D15: two indistinguishable 'SHA-1 hash' rows).
TEST(ImportedRenderTest, RowsOfOneAlgorithmUnderTwoProvidersNameTheProvider) {
  const std::vector<RunResult> runs = import::ImportText(
      "$ ./botan speed SHA-1 AES-128\n"
      "SHA-1 hash buffer size 1024 bytes: 2063.318 MiB/sec (1031.659 MiB in 500.000 ms)\n"
      "SHA-1 [commoncrypto] hash buffer size 1024 bytes: 1484.645 MiB/sec (742.322 MiB in "
      "500.000 ms)\n"
      "AES-128 encrypt buffer size 1024 bytes: 13615.801 MiB/sec (6807.900 MiB in 500.000 ms)\n",
      "botan.txt");
  ASSERT_EQ(runs.size(), 1u);
  const std::string table = Rendered(runs[0], Format::kTable);
  EXPECT_THAT(table, HasSubstr("\nSHA-1 [commoncrypto]  hash"));
  EXPECT_THAT(table, HasSubstr("\nSHA-1                 hash"));
  EXPECT_THAT(table, HasSubstr("\nAES-128-ECB           encrypt"));  // one provider: no tag
  EXPECT_THAT(Rendered(runs[0], Format::kMarkdown), HasSubstr("| SHA-1 [commoncrypto] |"));
  EXPECT_THAT(Rendered(runs[0], Format::kHtml), HasSubstr("SHA-1 [commoncrypto]"));
  // The same for ops/s rows.
  RunResult pk = ImportedRun("wall_clock");
  pk.algorithms[1].implementation = "commoncrypto";
  pk.algorithms.push_back(pk.algorithms[1]);
  pk.algorithms[2].implementation = "";
  const std::string pk_table = Rendered(pk, Format::kTable);
  EXPECT_THAT(pk_table, HasSubstr("\nRSA-2048 [commoncrypto] sign "));
  EXPECT_THAT(pk_table, HasSubstr("\nRSA-2048 sign "));
}

}  // namespace
}  // namespace cryptobench::report
