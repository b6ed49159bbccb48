// End-to-end tests of ImportText over the fixtures in tests/fixtures/import (invented outputs
// in each documented format), with golden JSON in tests/golden/import.
//
// After an intended change of output, regenerate the goldens and review the diff:
//   CRYPTOBENCH_UPDATE_GOLDEN=1 build/release/tests/cryptobench_tests
//   --gtest_filter='*ImportGolden*' && git diff tests/golden/import/
#include "import/import.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "report/report.h"
#include "results/emulated.h"
#include "results/json.h"

#include "import/import_test_util.h"
#include "support/golden.h"

namespace cryptobench::import {
namespace {

const std::string kDataDir = CRYPTOBENCH_TEST_DATA_DIR;

std::vector<results::RunResult> ImportFixture(const std::string& name) {
  return ImportText(cryptobench::testing::ReadTestFile(kDataDir + "/fixtures/import/" + name),
                    "fixtures/import/" + name);
}

class ImportGoldenTest : public ::testing::TestWithParam<const char*> {};

TEST_P(ImportGoldenTest, MatchesGoldenJson) {
  const std::string name = GetParam();
  const std::string rendered = ImportedRunsToJson(ImportFixture(name)).dump(2) + "\n";
  cryptobench::testing::ExpectMatchesGolden(
      rendered, "import/" + name.substr(0, name.find_last_of('.')) + ".json");
}

INSTANTIATE_TEST_SUITE_P(Fixtures, ImportGoldenTest,
                         ::testing::Values("openssl-1.0.2-legacy.txt", "openssl-1.0.2-mr.txt",
                                           "openssl-1.1.1-evp.txt", "openssl-3.0-alpha-timer.txt",
                                           "openssl-3.0-cpuinfo.txt", "openssl-3.0-mr.txt",
                                           "openssl-3.2-multi-mr.txt", "openssl-4.0-elapsed.txt",
                                           "openssl-version-a.txt", "paste-messy.md",
                                           "two-runs.txt", "version-then-speed.txt"));

TEST(ImportTest, LegacyReleaseIsReadWithItsInterpretation) {
  const auto runs = ImportFixture("openssl-1.0.2-legacy.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::RunResult& run = runs[0];
  EXPECT_EQ(run.source.kind, "imported");
  EXPECT_EQ(run.source.tool, "openssl speed");
  EXPECT_EQ(run.source.tool_version, "1.0.2u");
  EXPECT_EQ(run.source.timing_basis, "user_cpu");
  EXPECT_EQ(run.source.evp, "legacy");
  EXPECT_EQ(run.method.input_sizes, (std::vector<uint64_t>{16, 64, 256, 1024, 8192}));
  const results::Cell* aes = FindCell(run, "AES-128-CBC", "encrypt", 8192);
  ASSERT_NE(aes, nullptr);
  ASSERT_TRUE(aes->figures);
  EXPECT_DOUBLE_EQ(aes->figures->bytes_per_s->value, 109011630.0);
  EXPECT_DOUBLE_EQ(aes->figures->ops_per_s.value, 109011630.0 / 8192);
  EXPECT_EQ(aes->figures->num_samples, 1u);
  EXPECT_TRUE(aes->workers.empty());
  EXPECT_EQ(aes->batch_iterations, 39921u);                   // from its progress line
  EXPECT_NE(FindCell(run, "hmac(md5)", "mac", 16), nullptr);  // unknown name kept verbatim
  const results::Cell* ecdh = FindCell(run, "ECDH-P256", "derive", 0);
  ASSERT_NE(ecdh, nullptr);
  EXPECT_DOUBLE_EQ(ecdh->figures->ops_per_s.value, 11111.1);
  EXPECT_TRUE(HasCaveat(run, "low-level API"));
}

TEST(ImportTest, ThreeZeroRunFlagsOverheadAeadAndAFailedSize) {
  const auto runs = ImportFixture("openssl-3.0-cpuinfo.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::RunResult& run = runs[0];
  EXPECT_EQ(run.library.capability_vector, "0x7ed8320b078bffff:0x400004219c01a9");
  EXPECT_EQ(run.library.built_on, "built on: Tue Jan 30 18:12:44 2024 UTC");
  EXPECT_EQ(run.source.evp, "evp");
  EXPECT_TRUE(HasCaveat(run, "per-call"));
  EXPECT_TRUE(HasCaveat(run, "AEAD row 'AES-256-GCM'"));
  const results::Cell* failed = FindCell(run, "SHA-512", "hash", 16384);
  ASSERT_NE(failed, nullptr);
  EXPECT_EQ(failed->status, results::CellStatus::kError);
  EXPECT_FALSE(failed->figures);
}

TEST(ImportTest, ElapsedBannerAndNewTablesOfRecentReleases) {
  const auto runs = ImportFixture("openssl-4.0-elapsed.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::RunResult& run = runs[0];
  EXPECT_EQ(run.source.timing_basis, "wall_clock");
  EXPECT_EQ(run.library.capability_vector, "0xfd");
  const results::Cell* decrypt = FindCell(run, "RSA-2048", "decrypt", 0);
  ASSERT_NE(decrypt, nullptr);
  EXPECT_DOUBLE_EQ(decrypt->figures->ops_per_s.value, 2099.0);
  EXPECT_EQ(decrypt->batch_iterations, 20990u);
  const results::Cell* decaps = FindCell(run, "ML-KEM-768", "decaps", 0);
  ASSERT_NE(decaps, nullptr);
  EXPECT_EQ(decaps->batch_iterations, 330245u);
  EXPECT_NE(FindCell(run, "ML-DSA-65", "verify", 32), nullptr);
}

TEST(ImportTest, AKemTableAtTheStartOfThePasteIsReadByItsHeader) {
  // The paste starts with the 3.2+ KEM table's header (no banner or progress lines before it);
  // "ECP-256" names no family, so only the header says its columns are keygen, encaps, decaps.
  const auto runs = ImportText(
      "```\n"
      "                               keygen    encaps    decaps keygens/s  encaps/s  decaps/s\n"
      "                    ECP-256 0.000016s 0.000171s 0.000146s   63252.9    5842.6    6837.8\n"
      "                               keygen     signs    verify keygens/s    sign/s  verify/s\n"
      "                     rsa512 0.002955s 0.000035s 0.000002s     338.5   28544.9  402499.9\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::Cell* encaps = FindCell(runs[0], "ECP-256", "encaps", 0);
  ASSERT_NE(encaps, nullptr);
  EXPECT_DOUBLE_EQ(encaps->figures->ops_per_s.value, 5842.6);
  EXPECT_NE(FindCell(runs[0], "ECP-256", "decaps", 0), nullptr);
  EXPECT_EQ(FindCell(runs[0], "ECP-256", "sign", 32), nullptr);
  EXPECT_NE(FindCell(runs[0], "rsa512", "sign", 32), nullptr);
}

TEST(ImportTest, AProgressResultAfterADebugPrintIsReadAndZeroOperationsAreAnErrorCell) {
  // A 3.3.0-dev build printed "Running aead" after the colon and the result on the next line;
  // every decryption failed, so 0 operations: an error cell without a figure (a rule can see
  // which operation failed), and a caveat names the line.
  const auto runs = ImportText(
      "root# openssl speed -evp aes-128-gcm -bytes 1400 -aead -decrypt\n"
      "Doing AES-128-GCM ops for 3s on 1400 size blocks: Running aead \n"
      "0 AES-128-GCM ops in 2.99s\n"
      "version: 3.3.0-dev\n"
      "root# openssl speed -evp aes-128-gcm -bytes 1424 -aead -decrypt\n"
      "Doing AES-128-GCM ops for 3s on 1424 size blocks: Running aead\n"
      "300 AES-128-GCM ops in 3.00s\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  const results::Cell* failed = FindCell(runs[0], "AES-128-GCM", "decrypt", 1400);
  ASSERT_NE(failed, nullptr);
  EXPECT_EQ(failed->status, results::CellStatus::kError);
  EXPECT_FALSE(failed->figures.has_value());
  EXPECT_TRUE(HasCaveat(runs[0], "Line 3: 0 AES-128-GCM operations"));
  const results::Cell* cell = FindCell(runs[1], "AES-128-GCM", "decrypt", 1424);
  ASSERT_NE(cell, nullptr);
  EXPECT_DOUBLE_EQ(cell->figures->bytes_per_s->value, 300.0 * 1424 / 3.0);
  // A count followed by words that are no beginning of a result is an error.
  EXPECT_EQ(ImportErrorOf("Doing sha256 for 3s on 16 size blocks: 12 sha512's\n"),
            "paste.txt:1: expected '<count> ... in <seconds>s' after the colon of a progress "
            "line, found '12 sha512's'");
}

// A KEM result line cut in the middle (oqs-provider issue 729, a stored copy): the line is cut
// short, not damage that refuses the paste (tryout 32 D8).
TEST(ImportTest, ACutKemResultLineIsACutLine) {
  const auto runs = ImportText(
      "$ openssl speed X25519MLKEM768\n"
      "Doing X25519MLKEM768 keygen ops for 10s: 149695 X25519MLKEM768 KEM keygen ops in 9.80s\n"
      "Doing X25519MLKEM768 encaps ops for 10s: 87746 X25519MLKEM768 KEM encaps ops in 9.88s\n"
      "Doing X25519MLKEM768 decaps ops for 10s: 85120 X25519MLKEM768 KEM d\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_NO_THROW(ImportText(
      "Doing ML-DSA-65 keygen ops for 10s: 120334 ML-DSA-65 signature keygen ops in 10.00s\n"
      "Doing ML-DSA-65 signs ops for 10s: 50112 ML-DSA-65 signature sign ops in 9.9\n",
      "paste.txt"));
}

TEST(ImportTest, MultiRecordsKeepTheChildrenSpread) {
  const auto runs = ImportFixture("openssl-3.2-multi-mr.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::RunResult& run = runs[0];
  EXPECT_EQ(run.source.multi, 2);
  EXPECT_EQ(run.source.timing_basis, "wall_clock");
  EXPECT_EQ(run.method.threads, 2);
  const results::Cell* encrypt = FindCell(run, "RSA-2048", "encrypt", 0);
  ASSERT_NE(encrypt, nullptr);
  EXPECT_NEAR(encrypt->figures->ops_per_s.value, 38002.7 + 37990.1, 1e-6);
  EXPECT_EQ(encrypt->figures->num_workers, 2u);
  EXPECT_NEAR(encrypt->figures->worker_min_ops_per_s, 37990.1, 1e-6);
  EXPECT_NEAR(encrypt->figures->worker_max_ops_per_s, 38002.7, 1e-6);
  EXPECT_EQ(encrypt->batch_iterations, 0u);  // counts are per child, not per cell
}

TEST(ImportTest, MultiWithoutTheParentsTableAddsTheChildrenUp) {
  const auto runs = ImportText(
      "Forked child 0\nForked child 1\nGot: +H:16 from 0\nGot: +F:22:sha1:100.00 from 0\n"
      "Got: +H:16 from 1\nGot: +F:22:sha1:110.00 from 1\n",
      "t");
  ASSERT_EQ(runs.size(), 1u);
  const results::Cell* cell = FindCell(runs[0], "SHA-1", "hash", 16);
  ASSERT_NE(cell, nullptr);
  EXPECT_DOUBLE_EQ(cell->figures->bytes_per_s->value, 210.0);
  EXPECT_EQ(cell->figures->num_workers, 2u);
}

// Tryout 24 item 13: a -multi summary row pasted without its 'type ... bytes' line, after the
// children's "Got: +H:..." records. The +H records state the run's sizes (apps/speed.c prints
// them from the lengths every child and the parent's table use), so the row is read at those
// sizes and its cells are not in doubt; the summary is still checked against the +F sums.
TEST(ImportTest, MultiSummaryWithoutItsTypeLineIsReadAtTheChildrensHeaderSizes) {
  const auto text = [](const std::string& sizes, const std::string& row) {
    return "$ openssl speed -multi 2 -evp aes-128-cbc\nForked child 0\nForked child 1\n"
           "Got: +H:" +
           sizes +
           " from 0\n"
           "Got: +F:22:aes-128-cbc:100.00:200.00:300.00:400.00:500.00 from 0\n"
           "Got: +H:" +
           sizes +
           " from 1\n"
           "Got: +F:22:aes-128-cbc:110.00:210.00:310.00:410.00:510.00 from 1\n"
           "OpenSSL 1.0.2k-fips  26 Jan 2017\n" +
           row;
  };
  const std::string sums =
      "aes-128-cbc        0.21k        0.41k        0.61k        0.81k"
      "        1.01k\n";
  auto runs = ImportText(text("16:64:256:1024:8192", sums), "t");
  ASSERT_EQ(runs.size(), 1u);
  const results::Cell* cell = FindCell(runs[0], "AES-128-CBC", "encrypt", 8192);
  ASSERT_NE(cell, nullptr);
  EXPECT_DOUBLE_EQ(BytesPerS(cell), 1010.0);
  for (const results::CellCaveat& caveat : cell->caveats) {
    EXPECT_FALSE(caveat.doubt) << caveat.text;
  }
  EXPECT_TRUE(HasCaveat(runs[0], "the sizes of the children's +H records (line 4)"))
      << ::testing::PrintToString(runs[0].source.caveats);
  EXPECT_FALSE(HasCaveat(runs[0], "default sizes"))
      << ::testing::PrintToString(runs[0].source.caveats);

  // Sizes other than the defaults: the +H records, not the count of figures, decide.
  runs = ImportText(text("16:64:256:1024:16384", sums), "t");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(FindCell(runs[0], "AES-128-CBC", "encrypt", 8192), nullptr);
  EXPECT_DOUBLE_EQ(BytesPerS(FindCell(runs[0], "AES-128-CBC", "encrypt", 16384)), 1010.0);

  // A summary that is not the records' sum stays in doubt (CheckTableAgainstChildren).
  runs = ImportText(text("16:64:256:1024:8192",
                         "aes-128-cbc        0.21k        0.41k        0.61k        0.81k"
                         "        3.01k\n"),
                    "t");
  ASSERT_EQ(runs.size(), 1u);
  cell = FindCell(runs[0], "AES-128-CBC", "encrypt", 8192);
  ASSERT_NE(cell, nullptr);
  EXPECT_TRUE(std::any_of(cell->caveats.begin(), cell->caveats.end(),
                          [](const results::CellCaveat& c) { return c.doubt; }));
}

// Tryout 20 n12b: `-multi 8` with the +F records of only 2 children pasted and the parent's
// summary row, named 'evp', for all 8. The 2 records' sum would understate the run 4x: the
// summary row (OpenSSL's own sum) is kept under the records' name, and a caveat names the
// children whose records are missing. Without a summary row, such a cell is left out.
TEST(ImportTest, MultiWithFewerChildRecordsThanChildrenKeepsTheSummaryRow) {
  std::string text = "$ openssl speed -multi 4 -evp aes-256-gcm\n";
  for (int i = 0; i < 4; ++i) {
    text += fmt::format("Forked child {}\n", i);
  }
  const std::string records =
      "Got: +H:16:64 from 0\nGot: +F:22:AES-256-GCM:100.00:200.00 from 0\n"
      "Got: +H:16:64 from 1\nGot: +F:22:AES-256-GCM:110.00:210.00 from 1\n";
  const std::string table = "version: 3.0.13\ntype             16 bytes     64 bytes\n";
  auto runs = ImportText(text + records + table + "evp                  0.42k        0.84k\n", "t");
  ASSERT_EQ(runs.size(), 1u);
  const results::Cell* cell = FindCell(runs[0], "AES-256-GCM", "encrypt", 16);
  ASSERT_NE(cell, nullptr);
  EXPECT_DOUBLE_EQ(cell->figures->bytes_per_s->value, 420.0);
  EXPECT_EQ(cell->figures->num_workers, 0u);  // 2 records give no spread of 4 children's sum
  EXPECT_TRUE(HasCaveat(runs[0], "only 2 of the 4 children (those of children 2, 3 are not"))
      << ::testing::PrintToString(runs[0].source.caveats);

  // A summary row named as the records is kept as well, and the spread is dropped the same way.
  runs = ImportText(text + records + table + "AES-256-GCM          0.42k        0.84k\n", "t");
  ASSERT_EQ(runs.size(), 1u);
  cell = FindCell(runs[0], "AES-256-GCM", "encrypt", 16);
  ASSERT_NE(cell, nullptr);
  EXPECT_DOUBLE_EQ(cell->figures->bytes_per_s->value, 420.0);
  EXPECT_EQ(cell->figures->num_workers, 0u);
  EXPECT_TRUE(HasCaveat(runs[0], "only 2 of the 4 children"));

  runs = ImportText(text + records, "t");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(FindCell(runs[0], "AES-256-GCM", "encrypt", 16), nullptr);
  EXPECT_TRUE(HasCaveat(runs[0], "only 2 of the 4 children"));
}

// The same for public-key records (+F2): without a summary row, the records of 2 of 3 children
// are not summed into a figure; a summary row printing 0 is not replaced by their sum.
TEST(ImportTest, MultiWithFewerPublicKeyRecordsThanChildrenSumsNothing) {
  const std::string text =
      "$ openssl speed -multi 3 rsa2048\nForked child 0\nForked child 1\nForked child 2\n"
      "Got: +F2:2:2048:1050.0:40000.0:38000.0:1040.0 from 0\n"
      "Got: +F2:2:2048:1050.0:40000.0:38000.0:1040.0 from 1\n";
  auto runs = ImportText(text, "t");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(FindCell(runs[0], "RSA-2048", "sign", 32), nullptr);
  EXPECT_TRUE(HasCaveat(runs[0], "only 2 of the 3 children (those of child 2 are not"))
      << ::testing::PrintToString(runs[0].source.caveats);

  runs = ImportText(text + "+F2:2:2048:0.0:120000.0:114000.0:3120.0\n", "t");
  ASSERT_EQ(runs.size(), 1u);
  const results::Cell* sign = FindCell(runs[0], "RSA-2048", "sign", 32);
  ASSERT_NE(sign, nullptr);
  EXPECT_FALSE(sign->figures.has_value());  // the row's 0, not 2 children's 2100
  const results::Cell* verify = FindCell(runs[0], "RSA-2048", "verify", 32);
  ASSERT_NE(verify, nullptr);
  EXPECT_DOUBLE_EQ(verify->figures->ops_per_s.value, 120000.0);
  EXPECT_EQ(verify->figures->num_workers, 0u);
  EXPECT_TRUE(HasCaveat(runs[0], "their sum would understate the run, so it does not replace"));
}

// A version written above a paste as a label ("OpenSSL 3.3.1:") names the release (its colon
// dropped), and the caveat says it came from the label, not from the tool.
TEST(ImportTest, VersionLabelAbovePasteNamesTheRelease) {
  const auto runs = ImportText(
      "OpenSSL 3.3.1:\n```\ntype             16 bytes     64 bytes    256 bytes   1024 bytes   "
      "8192 bytes  16384 bytes\nAES-128-GCM     863579.61k  2625060.89k  5743939.67k  "
      "8915673.77k 13383723.69k 13961936.90k\n```\n",
      "t");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].library.version, "OpenSSL 3.3.1");
  EXPECT_EQ(runs[0].source.tool_version, "3.3.1");
  EXPECT_NE(runs[0].library.version_num, 0u);
  EXPECT_TRUE(HasCaveat(runs[0], "label 'OpenSSL 3.3.1:' written above it at line 1"));
}

TEST(ImportTest, MessyPasteIsCleanedUp) {
  const auto runs = ImportFixture("paste-messy.md");
  ASSERT_EQ(runs.size(), 1u);
  const results::RunResult& run = runs[0];
  EXPECT_EQ(run.source.timing_basis, "wall_clock");
  EXPECT_EQ(run.source.tool_version, "3.0.2");
  EXPECT_NE(run.library.cflags.find("-D_FORTIFY_SOURCE=2"), std::string::npos);  // unwrapped
  EXPECT_EQ(run.library.cflags.find('\n'), std::string::npos);
  EXPECT_NE(FindCell(run, "AES-256-GCM", "encrypt", 16384), nullptr);
  EXPECT_EQ(FindCell(run, "AES-256-GCM", "encrypt", 256), nullptr);  // elided
  EXPECT_TRUE(HasCaveat(run, "leaves lines out at line 9"));
}

TEST(ImportTest, SeveralRunsInOrder) {
  const auto runs = ImportFixture("two-runs.txt");
  ASSERT_EQ(runs.size(), 2u);
  const results::Cell* fast = FindCell(runs[0], "AES-128-CBC", "encrypt", 16384);
  const results::Cell* slow = FindCell(runs[1], "AES-128-CBC", "encrypt", 16384);
  ASSERT_NE(fast, nullptr);
  ASSERT_NE(slow, nullptr);
  EXPECT_GT(fast->figures->bytes_per_s->value, 5 * slow->figures->bytes_per_s->value);
  const nlohmann::ordered_json doc = ImportedRunsToJson(runs);
  EXPECT_EQ(doc["schema_version"], 1);
  EXPECT_EQ(doc["runs"].size(), 2u);
}

TEST(ImportTest, AVersionBlockRightBeforeASpeedRunWithoutHeaderIsItsLibrary) {
  const auto runs = ImportText(
      "$ openssl version -a\nOpenSSL 3.1.4 24 Oct 2023 (Library: OpenSSL 3.1.4 24 Oct 2023)\n"
      "built on: Tue Oct 24 12:00:00 2023 UTC\nplatform: linux-aarch64\n\n"
      "$ openssl speed -mr sha1\n+H:16\n+F:1:sha1:1000.00\n",
      "t");
  ASSERT_EQ(runs.size(), 1u);  // no run without figures beside the speed run
  EXPECT_EQ(runs[0].source.tool, "openssl speed");
  EXPECT_EQ(runs[0].library.version, "OpenSSL 3.1.4 24 Oct 2023");
  EXPECT_EQ(runs[0].library.platform, "platform: linux-aarch64");
  EXPECT_TRUE(HasCaveat(runs[0], "from the openssl version output at line 2"));
}

TEST(ImportTest, AVersionBlockOfTheSameReleaseCompletesTheSpeedHeader) {
  // The paste README.md asks for: `openssl version -a`, then `openssl speed` with its header.
  const auto runs = ImportFixture("version-then-speed.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::RunResult& run = runs[0];
  EXPECT_EQ(run.source.tool, "openssl speed");
  EXPECT_EQ(run.source.tool_version, "3.0.13");
  EXPECT_EQ(run.library.version, "OpenSSL 3.0.13 30 Jan 2024");  // speed prints "3.0.13"
  EXPECT_EQ(run.library.platform, "platform: debian-amd64");     // only version -a prints it
  EXPECT_EQ(run.library.capability_vector, "0x7ffaf3ffffebffff:0x18c05fdef3bfa7eb");
  EXPECT_NE(FindCell(run, "AES-128-GCM", "encrypt", 16384), nullptr);
  EXPECT_TRUE(HasCaveat(run, "from the openssl version output at line 2"));
}

TEST(ImportTest, AVersionBlockOfAnotherReleaseStaysARunOfItsOwn) {
  // `openssl version` of one build, speed output of another: neither describes the other.
  const auto runs = ImportText(
      "$ /opt/old/bin/openssl version -a\nOpenSSL 1.1.1w  11 Sep 2023\n"
      "platform: linux-x86_64\n\n"
      "$ openssl speed -evp sha256\nversion: 3.0.13\nbuilt on: Tue Jan 30 18:12:44 2024 UTC\n"
      "options: bn(64,64)\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes\nsha256           160599.51k\n",
      "t");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].source.tool, "openssl version");
  EXPECT_EQ(runs[1].source.tool, "openssl speed");
  EXPECT_EQ(runs[1].library.version, "OpenSSL 3.0.13");
  EXPECT_EQ(runs[1].library.platform, "");
  EXPECT_FALSE(HasCaveat(runs[1], "openssl version output"));
}

// A 1.x speed header trimmed to its compiler line (no version line) is the header of the speed
// output after it, past a blank line, a fence, a uname or a board line; it once was dropped.
TEST(ImportTest, ACompilerLineAloneIsTheHeaderOfTheSpeedOutputAfterIt) {
  const std::string table =
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
      "aes-256-cbc      50622.20k    59695.34k    63555.72k    64419.87k    64719.54k    "
      "64738.65k\n";
  for (const std::string between :
       {"\n", "", "```\n", "\nLinux rpi 5.15.72-v7l+ #1591 SMP armv7l GNU/Linux\n\n",
        "Raspberry Pi 4 Model B Rev 1.2\n",
        "options:  bn(64,32) rc4(char) des(long) aes(partial)\n"}) {
    const auto runs =
        ImportText("compiler: gcc -O2 -DAES_ASM -DBSAES_ASM\n" + between + table, "paste.txt");
    ASSERT_EQ(runs.size(), 1u) << between;
    EXPECT_EQ(runs[0].source.tool, "openssl speed");
    EXPECT_EQ(runs[0].library.cflags, "compiler: gcc -O2 -DAES_ASM -DBSAES_ASM") << between;
    EXPECT_NE(FindAlgorithm(runs[0], "AES-256-CBC"), nullptr);
    EXPECT_TRUE(runs[0].source.tool_version.empty());  // no version, and no build path
  }
  // After a first run's table: the second run's header, not a line of the first.
  const auto two = ImportText(table + "\ncompiler: gcc -O3 -DAES_ASM\n\n" + table, "paste.txt");
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[0].library.cflags, "");
  EXPECT_EQ(two[1].library.cflags, "compiler: gcc -O3 -DAES_ASM");
  // An `openssl version` block before it still names the library, the line not contradicting it.
  const auto versioned = ImportText(
      "$ openssl version\nOpenSSL 1.1.1n  15 Mar 2022\n\ncompiler: gcc -O2 -DAES_ASM\n" + table,
      "paste.txt");
  ASSERT_EQ(versioned.size(), 1u);
  EXPECT_EQ(versioned[0].source.tool_version, "1.1.1n");
  EXPECT_EQ(versioned[0].library.cflags, "compiler: gcc -O2 -DAES_ASM");
}

TEST(ImportTest, ACompilerLineWithoutSpeedOutputAfterItStartsNoRun) {
  const std::string compiler = "compiler: gcc -O2 -DAES_ASM\n";
  // Followed by nothing: no run, as before.
  EXPECT_NE(ImportErrorOf(compiler), "");
  // Followed by another tool's output: that tool's run alone, without the line's flags.
  const auto cryptsetup =
      ImportText(compiler +
                     "\n# Tests are approximate using memory only (no storage IO).\n"
                     "#     Algorithm |       Key |      Encryption |      Decryption\n"
                     "        aes-cbc        256b        83.3 MiB/s        86.5 MiB/s\n",
                 "paste.txt");
  ASSERT_EQ(cryptsetup.size(), 1u);
  EXPECT_EQ(cryptsetup[0].source.tool, "cryptsetup benchmark");
  EXPECT_EQ(cryptsetup[0].library.cflags, "");
  // Followed by a command: the line is no header of that command's output.
  const auto command = ImportText(compiler +
                                      "$ openssl speed -evp aes-256-cbc\n"
                                      "type             16 bytes\naes-256-cbc      50622.20k\n",
                                  "paste.txt");
  ASSERT_EQ(command.size(), 1u);
  EXPECT_EQ(command[0].library.cflags, "");
}

// Debian's and Ubuntu's compiler lines name the source tree (openssl-1.1.1n): without a version
// line, that is the release; a version line always wins.
TEST(ImportTest, TheBuildPathOnTheCompilerLineNamesTheReleaseWhenNoVersionLineDoes) {
  const std::string compiler =
      "compiler: gcc -fPIC -O2 -ffile-prefix-map=/build/openssl-lY0Eec/openssl-1.1.1n=. "
      "-DAES_ASM -DBSAES_ASM\n";
  const std::string table =
      "type             16 bytes     64 bytes\naes-256-cbc      50622.20k    59695.34k\n";
  const auto runs =
      ImportText("Raspberry Pi 4 Model B Rev 1.2\n" + compiler + "\n" + table, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.tool_version, "1.1.1n");
  EXPECT_EQ(runs[0].library.version, "OpenSSL 1.1.1n");
  EXPECT_EQ(runs[0].library.version_num, 0x101010efu);
  EXPECT_TRUE(HasCaveat(runs[0], "read from the build path on the compiler line (line 2)"));
  size_t facts = 0;
  for (const results::SourceFact& fact : runs[0].source.facts) {
    if (fact.kind == "library_version") {
      ++facts;
      EXPECT_EQ(fact.value, "1.1.1n");
      EXPECT_EQ(fact.line, 2u);
      EXPECT_EQ(fact.origin, "compiler line build path");
    }
  }
  EXPECT_EQ(facts, 1u);
  // It survives the JSON round trip.
  const nlohmann::ordered_json written = results::ToJson(runs[0]);
  EXPECT_EQ(results::ToJson(results::FromJson(nlohmann::json::parse(written.dump()))).dump(),
            written.dump());

  // A version line wins, even one of another release than the path's.
  const auto versioned =
      ImportText("OpenSSL 1.1.1w  11 Sep 2023\n" + compiler + "\n" + table, "paste.txt");
  ASSERT_EQ(versioned.size(), 1u);
  EXPECT_EQ(versioned[0].source.tool_version, "1.1.1w");
  EXPECT_FALSE(HasCaveat(versioned[0], "build path"));
  for (const results::SourceFact& fact : versioned[0].source.facts) {
    EXPECT_NE(fact.kind, "library_version");
  }
}

TEST(ImportTest, TableMissingFiguresAreRecomputedFromProgressLines) {
  const auto runs = ImportText(
      "Doing sha256 ops for 3s on 64 size blocks: 3000000 sha256 ops in 2.50s\n"
      "Doing 2048 bits private rsa sign ops for 10s: 5000 2048 bits private RSA sign ops in "
      "10.00s\n",
      "t");
  ASSERT_EQ(runs.size(), 1u);
  const results::Cell* hash = FindCell(runs[0], "SHA-256", "hash", 64);
  ASSERT_NE(hash, nullptr);
  EXPECT_DOUBLE_EQ(hash->figures->bytes_per_s->value, 3000000.0 * 64 / 2.5);
  EXPECT_EQ(hash->batch_iterations, 3000000u);
  const results::Cell* sign = FindCell(runs[0], "RSA-2048", "sign", 32);
  ASSERT_NE(sign, nullptr);
  EXPECT_DOUBLE_EQ(sign->figures->ops_per_s.value, 500.0);
  EXPECT_TRUE(HasCaveat(runs[0], "recomputed from the progress lines"));
  EXPECT_EQ(runs[0].source.timing_basis, "user_cpu");
}

TEST(ImportTest, ImpossibleValuesAreFlagged) {
  const auto runs = ImportFixture("openssl-3.0-alpha-timer.txt");
  ASSERT_EQ(runs.size(), 1u);
  const results::Cell* cell = FindCell(runs[0], "ECDH-P256", "derive", 0);
  ASSERT_NE(cell, nullptr);
  EXPECT_EQ(cell->status, results::CellStatus::kError);
  EXPECT_NE(cell->message.find("3876.40 s in a 3 s run"), std::string::npos);
  EXPECT_TRUE(HasCaveat(runs[0], "3.0 alpha"));

  const auto negative = ImportText("type 16 bytes\nsha1 -5.00\nmd5 inf\n", "t");
  const results::Cell* minus = FindCell(negative[0], "SHA-1", "hash", 16);
  ASSERT_NE(minus, nullptr);
  EXPECT_EQ(minus->status, results::CellStatus::kError);
  EXPECT_EQ(FindCell(negative[0], "MD5", "hash", 16)->status, results::CellStatus::kError);
  EXPECT_TRUE(HasCaveat(negative[0], "impossible figure"));
}

// Recorded in a Debian 12 guest kernel (scripts/afalg-guest.sh): the afalg engine hands every
// block to the kernel, so openssl speed's user CPU time is 0 and its figure "inf". That is the
// timing basis at work, not a timer bug.
TEST(ImportTest, ZeroUserTimeThroughAnEngineIsTheTimingBasisNotATimerBug) {
  const auto runs = ImportFixture("openssl-3.0-afalg-engine-user-cpu.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.timing_basis, "user_cpu");
  EXPECT_EQ(runs[0].source.engine_or_provider, "engine afalg");
  const results::Cell* cell = FindCell(runs[0], "AES-128-CBC", "encrypt", 16384);
  ASSERT_NE(cell, nullptr);
  EXPECT_EQ(cell->status, results::CellStatus::kError);
  EXPECT_TRUE(HasCaveat(runs[0],
                        "0 s of user CPU time: the work ran outside the process "
                        "(engine afalg), in the kernel or on a device"));
  EXPECT_FALSE(HasCaveat(runs[0], "timer or the count is wrong"));
  // With -elapsed the same zero would be a timer fault.
  const auto elapsed = ImportText(
      "You have chosen to measure elapsed time instead of user CPU time.\n"
      "Doing AES-128-CBC for 1s on 16384 size blocks: 230 AES-128-CBC's in 0.00s\n",
      "t");
  ASSERT_EQ(elapsed.size(), 1u);
  EXPECT_TRUE(HasCaveat(elapsed[0], "timer or the count is wrong"));
}

TEST(ImportTest, EngineAndProviderAreNamed) {
  const auto runs = ImportText(
      "$ openssl speed -provider qatprovider -provider default -evp aes-128-gcm\n"
      "Engine \"qatengine\" set.\n"
      "Doing AES-128-GCM ops for 3s on 16 size blocks: 100 AES-128-GCM ops in 3.00s\n",
      "t");
  EXPECT_EQ(runs[0].source.engine_or_provider,
            "engine qatengine, provider qatprovider, provider default");
  EXPECT_TRUE(HasCaveat(runs[0], "work done by a device"));
}

// `invalid engine "NAME"` is setup_engine()'s message when it cannot load NAME; openssl speed
// goes on without it (the text of Entware-ng-3x issue 62), so the run is not the engine's.
TEST(ImportTest, AnEngineThatDidNotLoadIsNotTheRunsEngine) {
  const auto runs = ImportText(
      "# openssl speed -evp aes-256-cbc -engine cryptodev -elapsed\n"
      "invalid engine \"cryptodev\"\n"
      "547767028528:error:25066067:lib(37):func(102):reason(103):NA:0:filename(libcryptodev.so)\n"
      "You have chosen to measure elapsed time instead of user CPU time.\n"
      "Doing aes-256-cbc for 3s on 16 size blocks: 38282164 aes-256-cbc's in 3.01s\n",
      "t");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.engine_or_provider, "");
  EXPECT_TRUE(HasCaveat(runs[0], "Line 2: the cryptodev engine did not load"));
  EXPECT_FALSE(HasCaveat(runs[0], "Measured through"));
  ASSERT_FALSE(runs[0].source.facts.empty());
  EXPECT_EQ(runs[0].source.facts.front().kind, "engine_load_failed");
  EXPECT_EQ(runs[0].source.facts.front().value, "cryptodev");

  // Another engine's failure leaves this run's engine alone.
  const auto other = ImportText(
      "invalid engine \"qat\"\n"
      "$ openssl speed -engine afalg -evp aes-128-cbc\n"
      "Doing aes-128-cbc for 3s on 16 size blocks: 100 aes-128-cbc's in 3.00s\n",
      "t");
  ASSERT_EQ(other.size(), 1u);
  EXPECT_EQ(other[0].source.engine_or_provider, "engine afalg");
}

TEST(ImportTest, UnreadableInputNamesFileLineAndExpectation) {
  try {
    ImportFixture("malformed-row.txt");
    FAIL() << "expected ImportError";
  } catch (const ImportError& e) {
    EXPECT_EQ(e.line(), 12u);
    EXPECT_EQ(e.file(), "fixtures/import/malformed-row.txt");
    EXPECT_EQ(std::string(e.what()).rfind("fixtures/import/malformed-row.txt:12: expected", 0), 0u);
    EXPECT_NE(std::string(e.what()).find("garbled"), std::string::npos);
  }
  try {
    ImportFixture("malformed-mr.txt");
    FAIL() << "expected ImportError";
  } catch (const ImportError& e) {
    EXPECT_EQ(e.line(), 3u);
  }
  try {
    ImportText("\n\nnothing to see here\n", "notes.txt");
    FAIL() << "expected ImportError";
  } catch (const ImportError& e) {
    EXPECT_EQ(e.line(), 3u);
    EXPECT_NE(e.expected().find("openssl speed"), std::string::npos);
  }
}

TEST(ImportTest, BytesThatAreNotUtf8StillGiveValidJson) {
  // Found by the import fuzzer: a Latin-1 byte in a row name made the JSON writer throw.
  const auto runs = ImportText("type 16 bytes\nd\x8cs 1.00k\n", "t\xff.txt");
  const std::string json = ImportedRunsToJson(runs).dump();
  EXPECT_NE(json.find("d\xef\xbf\xbds"), std::string::npos);
  EXPECT_NE(json.find("t\xef\xbf\xbd.txt"), std::string::npos);
}

TEST(ImportTest, ImportedRunsSurviveAJsonRoundTrip) {
  for (const char* name : {"openssl-1.0.2-legacy.txt", "openssl-3.2-multi-mr.txt"}) {
    const auto runs = ImportFixture(name);
    const nlohmann::ordered_json written = results::ToJson(runs[0]);
    const results::RunResult read = results::FromJson(nlohmann::json::parse(written.dump()));
    EXPECT_EQ(read.source.timing_basis, runs[0].source.timing_basis) << name;
    EXPECT_EQ(read.source.evp, runs[0].source.evp) << name;
    EXPECT_EQ(read.source.multi, runs[0].source.multi) << name;
    EXPECT_EQ(read.source.caveats, runs[0].source.caveats) << name;
    EXPECT_EQ(results::ToJson(read).dump(), written.dump()) << name;
  }
}

TEST(ImportTest, MeasuredRunsKeepTheirJsonLayout) {
  results::RunResult measured;
  const nlohmann::ordered_json j = results::ToJson(measured);
  EXPECT_FALSE(j["source"].contains("timing_basis"));
  EXPECT_FALSE(j["source"].contains("caveats"));
  measured.source.caveats.push_back("x");
  EXPECT_TRUE(results::ToJson(measured)["source"].contains("caveats"));
}

// cryptobench's own --format openssl read back: its provenance line makes it cryptobench's run
// (wall-clock medians), never openssl speed's; the same table without the line is openssl
// speed's, as before.
TEST(ImportProvenanceTest, OwnOpensslLayoutIsCryptobenchsNotOpensslSpeeds) {
  results::RunResult run;
  run.source.tool_version = "0.1.0";
  run.library.version = "OpenSSL 3.0.19 27 Jan 2026";
  run.method.input_sizes = {16, 64};
  results::AlgorithmResult aes;
  aes.algorithm = "AES-128-CBC";
  aes.kind = "cipher";
  for (uint64_t len : {16u, 64u}) {
    results::Cell cell;
    cell.operation = "encrypt";
    cell.input_len = len;
    cell.status = results::CellStatus::kOk;
    results::WorkerSamples samples;
    for (int i = 0; i < 5; ++i) {
      // 1000 calls in 1 ms: 10^6 calls/s.
      samples.samples.push_back({1000, 1000000, 1000000, 1000000, 0, 3000000});
    }
    samples.precision_reached = true;
    cell.workers.push_back(samples);
    aes.cells.push_back(cell);
  }
  run.algorithms.push_back(aes);
  run.interrupted_by = "SIGTERM";
  run.source.caveats.push_back(results::EmulatedCaveat("qemu-user, in this test"));
  results::DeriveAllFigures(run);
  std::ostringstream out;
  report::Render(run, report::Format::kOpenssl, out);
  const std::string text = out.str();
  ASSERT_EQ(text.rfind("+cryptobench 0.1.0: ", 0), 0u) << text;
  EXPECT_NE(text.find("\n+cryptobench emulated: qemu-user, in this test\n"), std::string::npos)
      << text;

  const std::vector<results::RunResult> own = ImportText(text, "own.txt");
  ASSERT_EQ(own.size(), 1u);
  EXPECT_EQ(own[0].source.kind, "imported");
  EXPECT_EQ(own[0].source.tool, "cryptobench");
  EXPECT_EQ(own[0].source.tool_version, "0.1.0");
  EXPECT_EQ(own[0].source.timing_basis, "wall_clock");
  EXPECT_EQ(own[0].interrupted_by, "SIGTERM");
  // Figures that time an emulator stay marked so through the openssl layout (doctor --from and
  // compare then name no cpb class for them).
  EXPECT_EQ(results::EmulationReason(own[0]), "qemu-user, in this test");
  ASSERT_FALSE(own[0].source.caveats.empty());
  EXPECT_NE(own[0].source.caveats[0].find("Line 1 says this is cryptobench's own output"),
            std::string::npos);
  for (const std::string& caveat : own[0].source.caveats) {
    EXPECT_FALSE(caveat.starts_with("Timing basis")) << caveat;  // openssl speed's clock
  }
  ASSERT_EQ(own[0].algorithms.size(), 1u);
  EXPECT_EQ(own[0].algorithms[0].cells.size(), 2u);

  // Without its two "+cryptobench" lines, the same table reads as openssl speed's.
  const std::string stripped = text.substr(text.find("version: "));
  const std::vector<results::RunResult> foreign = ImportText(stripped, "openssl.txt");
  ASSERT_EQ(foreign.size(), 1u);
  EXPECT_EQ(foreign[0].source.tool, "openssl speed");
  EXPECT_EQ(foreign[0].interrupted_by, "");
  EXPECT_EQ(results::EmulationReason(foreign[0]), std::nullopt);  // openssl speed's own words
  for (const std::string& caveat : foreign[0].source.caveats) {
    EXPECT_EQ(caveat.find("cryptobench's own output"), std::string::npos) << caveat;
  }
}

}  // namespace
}  // namespace cryptobench::import
