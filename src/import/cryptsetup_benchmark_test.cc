// Tests of the cryptsetup benchmark parser: cipher names and key sizes, the table with its
// N/A rows, PBKDF2 and Argon2 lines, and malformed rows.
#include "import/cryptsetup_benchmark.h"

#include <string>

#include <gtest/gtest.h>

#include "import/import.h"
#include "import/import_test_util.h"

namespace cryptobench::import {
namespace {

results::RunResult Parse(const std::string& text) {
  CryptsetupBenchmarkParser parser("t.txt");
  for (const SourceLine& line : CleanPaste(text)) {
    EXPECT_NE(parser.Take(line), Offer::kNewRun) << line.text;
  }
  return parser.Build();
}

// The line a paste of `text` alone is refused at: the first damaged line of a run that read
// no figure (a damaged line among figures is skipped, named); 0 when it is not refused.
size_t ErrorLine(const std::string& text) {
  CryptsetupBenchmarkParser parser("t.txt");
  try {
    for (const SourceLine& line : CleanPaste(text)) {
      parser.Take(line);
    }
    parser.Build();
  } catch (const ImportError& e) {
    return e.line();
  }
  const auto damaged = parser.FirstDamagedLine();
  return parser.HasFigures() || !damaged ? 0 : damaged->first;
}

TEST(CryptsetupNamesTest, KeySizesPickTheCatalogueEntry) {
  EXPECT_EQ(MapCryptsetupCipher("aes-xts", 512).name, "AES-256-XTS");
  EXPECT_EQ(MapCryptsetupCipher("aes-xts", 256).name, "AES-128-XTS");
  EXPECT_EQ(MapCryptsetupCipher("aes-cbc", 128).name, "AES-128-CBC");
  EXPECT_EQ(MapCryptsetupCipher("aes-cbc", 256).name, "AES-256-CBC");
  const NamedAlgorithm xts384 = MapCryptsetupCipher("aes-xts", 384);
  EXPECT_EQ(xts384.name, "aes-xts 384b");  // AES-192-XTS is not in the catalogue
  EXPECT_FALSE(xts384.catalogued);
  EXPECT_EQ(MapCryptsetupCipher("serpent-xts", 512).name, "serpent-xts 512b");
  EXPECT_EQ(MapCryptsetupCipher("serpent-xts", 512).kind, "cipher");
}

TEST(CryptsetupBenchmarkTest, CipherTableWithNotAvailableRows) {
  const results::RunResult run = Parse(
      "# Tests are approximate using memory only (no storage IO).\n"
      "#     Algorithm |       Key |      Encryption |      Decryption\n"
      "        aes-xts        512b      3204.9 MiB/s      3215.0 MiB/s\n"
      "    twofish-xts        512b           N/A               N/A\n");
  EXPECT_EQ(run.source.tool, "cryptsetup benchmark");
  EXPECT_EQ(run.source.timing_basis, "wall_clock");
  EXPECT_EQ(run.library.backend, "kernel");
  const results::AlgorithmResult* aes = FindAlgorithm(run, "AES-256-XTS");
  ASSERT_NE(aes, nullptr);
  ASSERT_EQ(aes->cells.size(), 2u);
  EXPECT_EQ(aes->cells[0].operation, "encrypt");
  EXPECT_EQ(aes->cells[0].input_len, kCryptsetupBufferBytes);
  EXPECT_DOUBLE_EQ(aes->cells[0].figures->bytes_per_s->value, 3204.9 * 1048576);
  EXPECT_DOUBLE_EQ(aes->cells[1].figures->bytes_per_s->value, 3215.0 * 1048576);
  const results::AlgorithmResult* twofish = FindAlgorithm(run, "twofish-xts 512b");
  ASSERT_NE(twofish, nullptr);
  EXPECT_FALSE(twofish->supported);
  EXPECT_EQ(twofish->cells.at(1).status, results::CellStatus::kUnsupported);
  EXPECT_EQ(run.method.input_sizes, (std::vector<uint64_t>{kCryptsetupBufferBytes}));
  EXPECT_TRUE(HasCaveat(run, "AF_ALG"));
  EXPECT_TRUE(HasCaveat(run, "512b row is AES-256-XTS"));
}

TEST(CryptsetupBenchmarkTest, KdfLines) {
  const results::RunResult run = Parse(
      "PBKDF2-sha256    3302108 iterations per second for 256-bit key\n"
      "PBKDF2-whirlpool     N/A\n"
      "argon2id      5 iterations, 1048576 memory, 4 parallel threads (CPUs) for 256-bit key "
      "(requested 2000 ms time)\n");
  const results::AlgorithmResult* sha256 = FindAlgorithm(run, "PBKDF2-sha256");
  ASSERT_NE(sha256, nullptr);
  EXPECT_EQ(sha256->kind, "kdf");
  EXPECT_EQ(sha256->cells.at(0).operation, "iteration");
  EXPECT_DOUBLE_EQ(sha256->cells[0].figures->ops_per_s.value, 3302108);
  EXPECT_FALSE(FindAlgorithm(run, "PBKDF2-whirlpool")->supported);
  EXPECT_EQ(FindAlgorithm(run, "argon2id"), nullptr);
  EXPECT_TRUE(HasCaveat(run, "Line 3: 'argon2id"));
  EXPECT_TRUE(HasCaveat(run, "256-bit derived key"));
}

TEST(CryptsetupBenchmarkTest, KdfLinesOfCryptsetupBefore17HaveNoKeySize) {
  // cryptsetup 1.6 printed no key size (unix.stackexchange.com/questions/254017).
  const results::RunResult run = Parse(
      "PBKDF2-sha1       557753 iterations per second\n"
      "PBKDF2-sha256     356173 iterations per second\n");
  const results::AlgorithmResult* sha1 = FindAlgorithm(run, "PBKDF2-sha1");
  ASSERT_NE(sha1, nullptr);
  EXPECT_DOUBLE_EQ(sha1->cells.at(0).figures->ops_per_s.value, 557753);
  EXPECT_DOUBLE_EQ(FindAlgorithm(run, "PBKDF2-sha256")->cells.at(0).figures->ops_per_s.value,
                   356173);
  EXPECT_TRUE(HasCaveat(run, "did not print it"));
  EXPECT_FALSE(HasCaveat(run, "-bit derived key"));
  // A line cut inside "for <B>-bit key" is still an error.
  EXPECT_EQ(ErrorLine("\nPBKDF2-sha1       557753 iterations per second for\n"), 2u);
}

// cryptsetup translates the PBKDF2 line (po/LANG.po, msgid "PBKDF2-%-9s %7u iterations per
// second for %zu-bit key\n"): its figure and key size are read in any translation.
TEST(CryptsetupBenchmarkTest, TranslatedKdfLines) {
  const results::RunResult run = Parse(
      "PBKDF2-sha1      2114064 Iterationen pro Sekunde für 256-Bit-Schlüssel\n"
      "PBKDF2-sha256    1234567 itérations par seconde pour une clé de 512 bits\n");
  const results::AlgorithmResult* sha1 = FindAlgorithm(run, "PBKDF2-sha1");
  ASSERT_NE(sha1, nullptr);
  EXPECT_DOUBLE_EQ(sha1->cells.at(0).figures->ops_per_s.value, 2114064);
  const results::AlgorithmResult* sha256 = FindAlgorithm(run, "PBKDF2-sha256");
  ASSERT_NE(sha256, nullptr);
  EXPECT_DOUBLE_EQ(sha256->cells.at(0).figures->ops_per_s.value, 1234567);
  EXPECT_TRUE(HasCaveat(run, "512-bit derived key"));
  // A translation cut before its key size is still an error.
  EXPECT_EQ(ErrorLine("\nPBKDF2-sha1      2114064 Iterationen pro Sekunde für\n"), 2u);
}

TEST(CryptsetupBenchmarkTest, OneDirectionTables) {
  // A table split by direction and sorted (unix.stackexchange.com/questions/254017).
  const results::RunResult run = Parse(
      "#  Algorithm | Key |  Encryption \n"
      " serpent-xts   512b   144.7 MiB/s     \n"
      "     aes-xts   256b   128.4 MiB/s     \n"
      "\n"
      "#  Algorithm | Key  | Decryption\n"
      "     aes-xts   256b   130.2 MiB/s\n"
      " twofish-cbc   128b     N/A\n");
  const results::AlgorithmResult* aes = FindAlgorithm(run, "AES-128-XTS");
  ASSERT_NE(aes, nullptr);
  ASSERT_EQ(aes->cells.size(), 2u);
  EXPECT_EQ(aes->cells[0].operation, "encrypt");
  EXPECT_DOUBLE_EQ(aes->cells[0].figures->bytes_per_s->value, 128.4 * 1048576);
  EXPECT_EQ(aes->cells[1].operation, "decrypt");
  EXPECT_DOUBLE_EQ(aes->cells[1].figures->bytes_per_s->value, 130.2 * 1048576);
  const results::AlgorithmResult* serpent = FindAlgorithm(run, "serpent-xts 512b");
  ASSERT_NE(serpent, nullptr);
  ASSERT_EQ(serpent->cells.size(), 1u);  // no decryption row: no invented cell
  EXPECT_FALSE(FindAlgorithm(run, "twofish-cbc 128b")->supported);
  // A two-column row under a one-column header is an error naming its line.
  EXPECT_EQ(ErrorLine("#  Algorithm | Key |  Encryption\n"
                      "     aes-xts   256b   128.4 MiB/s   130.2 MiB/s\n"),
            2u);
}

TEST(CryptsetupBenchmarkTest, RowsRetypedWithBarsBetweenColumns) {
  // The header's bars repeated between a row's columns, with uneven spacing
  // (github.com/armbian/linux/pull/6).
  const results::RunResult run = Parse(
      "   Algorithm | Key | Encryption |  Decryption\n"
      "     aes-cbc  | 128b |   18.9 MiB/s  |  20.2 MiB/s\n"
      "     aes-xts |  512b  |  14.5 MiB/s  | 15.0 MiB/s\n");
  const results::AlgorithmResult* cbc = FindAlgorithm(run, "AES-128-CBC");
  ASSERT_NE(cbc, nullptr);
  ASSERT_EQ(cbc->cells.size(), 2u);
  EXPECT_DOUBLE_EQ(cbc->cells[0].figures->bytes_per_s->value, 18.9 * 1048576);
  EXPECT_DOUBLE_EQ(cbc->cells[1].figures->bytes_per_s->value, 20.2 * 1048576);
  const results::AlgorithmResult* xts = FindAlgorithm(run, "AES-256-XTS");
  ASSERT_NE(xts, nullptr);
  EXPECT_DOUBLE_EQ(xts->cells.at(1).figures->bytes_per_s->value, 15.0 * 1048576);
  // A complete row with bars also starts the output without its header (the second table of
  // that paste, whose header the first run took); a bar in other text is no separator.
  EXPECT_TRUE(
      StartsCryptsetupOutput(CleanPaste("aes-cbc | 128b | 27.7 MiB/s | 29.8 MiB/s\n").at(0)));
  EXPECT_FALSE(StartsCryptsetupOutput(CleanPaste("aes-cbc | 128b | fast | 29.8 MiB/s\n").at(0)));
  const results::RunResult second = Parse("     aes-cbc |  128b  |  27.7 MiB/s  |  29.8 MiB/s\n");
  ASSERT_NE(FindAlgorithm(second, "AES-128-CBC"), nullptr);
  EXPECT_EQ(ErrorLine("\naes-cbc | 128b | fast | 29.8 MiB/s\n"), 0u);
}

TEST(CryptsetupBenchmarkTest, RowCutInsideItsDecryptionFigureKeepsEncryption) {
  // A stored copy that ends inside the last row's decryption unit
  // (github.com/openwrt/openwrt/pull/10561).
  for (const char* tail : {"257.6 MiB/", "257.6"}) {
    const results::RunResult run =
        Parse(std::string("#     Algorithm |       Key |      Encryption |      Decryption\n"
                          "        aes-xts        512b       257.3 MiB/s       ") +
              tail + "\n");
    const results::AlgorithmResult* xts = FindAlgorithm(run, "AES-256-XTS");
    ASSERT_NE(xts, nullptr) << tail;
    ASSERT_EQ(xts->cells.size(), 1u) << tail;
    EXPECT_EQ(xts->cells[0].operation, "encrypt");
    EXPECT_DOUBLE_EQ(xts->cells[0].figures->bytes_per_s->value, 257.3 * 1048576);
    EXPECT_TRUE(HasCaveat(run, "Line 2: the row 'aes-xts 512b' is cut inside its decryption"))
        << tail;
  }
  // A unit that is no prefix of MiB/s is damage, not a cut.
  EXPECT_EQ(ErrorLine("#     Algorithm |       Key |      Encryption |      Decryption\n"
                      "        aes-xts        512b       257.3 MiB/s       257.6 GiB/s\n"),
            2u);
}

TEST(CryptsetupBenchmarkTest, StartsAndBoundaries) {
  const auto lines = CleanPaste(
      "# Tests are approximate using memory only (no storage IO).\n"
      "        aes-cbc        128b      1302.6 MiB/s      4411.9 MiB/s\n"
      "aes-cbc 128b is fast\n"
      "cryptsetup 2.6.1 flags: UDEV BLKID KEYRING\n");
  EXPECT_EQ(lines[0].kind, LineKind::kCommand);  // paste cleanup reads "# " as a root prompt
  EXPECT_TRUE(StartsCryptsetupOutput(lines[0]));
  EXPECT_TRUE(StartsCryptsetupOutput(lines[1]));
  EXPECT_FALSE(StartsCryptsetupOutput(lines[2]));
  EXPECT_TRUE(StartsCryptsetupOutput(lines[3]));

  CryptsetupBenchmarkParser parser("t");
  const auto run_lines = CleanPaste(
      "# Tests are approximate using memory only (no storage IO).\n"
      "        aes-cbc        128b      1302.6 MiB/s      4411.9 MiB/s\n"
      "\n"
      "aes-cbc 128b is fast\n"
      "# Tests are approximate using memory only (no storage IO).\n");
  EXPECT_EQ(parser.Take(run_lines[0]), Offer::kConsumed);
  EXPECT_EQ(parser.Take(run_lines[1]), Offer::kConsumed);
  EXPECT_EQ(parser.Take(run_lines[2]), Offer::kNotMine);
  EXPECT_EQ(parser.Take(run_lines[3]), Offer::kNotMine);  // prose after the table
  EXPECT_EQ(parser.Take(run_lines[4]), Offer::kNewRun);
}

TEST(CryptsetupBenchmarkTest, MalformedLinesNameTheirLine) {
  EXPECT_EQ(ErrorLine("#     Algorithm |       Key |      Encryption |      Decryption\n"
                      "        aes-xts        512b      3204.9 MiB/\n"),
            2u);
  EXPECT_EQ(ErrorLine("#     Algorithm |       Key |      Encryption |      Decryption\n"
                      "        aes-xts        512b      32O4.9 MiB/s      32O5.0 MiB/s\n"),
            2u);
  EXPECT_EQ(ErrorLine("\nPBKDF2-sha256    33021O8 iterations per second for 256-bit key\n"), 2u);
  // Outside the table, a line with a key size is prose, not an error.
  EXPECT_EQ(ErrorLine("aes-xts 512b is what I use\n"), 0u);
}

// A damaged row among good ones is skipped, named; one damaged figure of a row costs only
// its direction.
TEST(CryptsetupBenchmarkTest, DamagedRowsCostOnlyTheirFigures) {
  const results::RunResult run = Parse(
      "#     Algorithm |       Key |      Encryption |      Decryption\n"
      "        aes-cbc        128b      1302.6 MiB/\n"
      "        aes-xts        256b      32O4.9 MiB/s      3215.0 MiB/s\n"
      "        aes-xts        512b      3204.9 MiB/s\n"
      "    serpent-cbc        128b        93.6 MiB/s       633.4 MiB/s\n");
  EXPECT_EQ(FindAlgorithm(run, "AES-128-CBC"), nullptr);
  EXPECT_TRUE(HasCaveat(run, "Line 2 is damaged in the paste and skipped"));
  const results::AlgorithmResult* xts = FindAlgorithm(run, "AES-128-XTS");
  ASSERT_NE(xts, nullptr);
  ASSERT_EQ(xts->cells.size(), 1u);
  EXPECT_EQ(xts->cells[0].operation, "decrypt");
  EXPECT_TRUE(HasCaveat(run, "Line 3: the row 'aes-xts 256b' prints '32O4.9' for encryption"));
  const results::AlgorithmResult* cut = FindAlgorithm(run, "AES-256-XTS");
  ASSERT_NE(cut, nullptr);
  ASSERT_EQ(cut->cells.size(), 1u);
  EXPECT_DOUBLE_EQ(cut->cells[0].figures->bytes_per_s->value, 3204.9 * 1048576);
  EXPECT_TRUE(HasCaveat(run, "Line 4: the row 'aes-xts 512b' ends after its encryption figure"));
  ASSERT_NE(FindAlgorithm(run, "serpent-cbc 128b"), nullptr);
}

// cryptsetup translates the table header and N/A (po/de.po, po/fr.po) and prints %10.1f with
// the locale's decimal separator; the rows keep their order: encryption, then decryption.
TEST(CryptsetupBenchmarkTest, TranslatedHeaderAndDecimalComma) {
  const results::RunResult run = Parse(
      "# Die Tests sind nur annähernd genau, da sie nicht auf den Datenträger zugreifen.\n"
      "#   Algorithmus | Schlüssel | Verschlüsselung | Entschlüsselung\n"
      "        aes-cbc        128b      1302,6 MiB/s      4411,9 MiB/s\n"
      "    serpent-xts        512b           N/A               N/A\n");
  const results::AlgorithmResult* cbc = FindAlgorithm(run, "AES-128-CBC");
  ASSERT_NE(cbc, nullptr);
  ASSERT_EQ(cbc->cells.size(), 2u);
  EXPECT_EQ(cbc->cells[0].operation, "encrypt");
  EXPECT_DOUBLE_EQ(cbc->cells[0].figures->bytes_per_s->value, 1302.6 * 1048576);
  EXPECT_EQ(cbc->cells[1].operation, "decrypt");
  EXPECT_DOUBLE_EQ(cbc->cells[1].figures->bytes_per_s->value, 4411.9 * 1048576);
  ASSERT_NE(FindAlgorithm(run, "serpent-xts 512b"), nullptr);
  EXPECT_TRUE(HasCaveat(run, "Line 2: the table header is cryptsetup's de translation"));
  EXPECT_TRUE(HasCaveat(run, "decimal comma"));
  EXPECT_TRUE(HasCaveat(run, "Tests are approximate"));

  // French: "N/D" for N/A, a one-direction header.
  const results::RunResult fr = Parse(
      "#    Algorithme |       Clé |   Déchiffrement\n"
      "        aes-xts        256b      2000,5 MiB/s\n"
      "    twofish-xts        256b           N/D\n");
  const results::AlgorithmResult* xts = FindAlgorithm(fr, "AES-128-XTS");
  ASSERT_NE(xts, nullptr);
  ASSERT_EQ(xts->cells.size(), 1u);
  EXPECT_EQ(xts->cells[0].operation, "decrypt");
  EXPECT_DOUBLE_EQ(xts->cells[0].figures->bytes_per_s->value, 2000.5 * 1048576);
  ASSERT_NE(FindAlgorithm(fr, "twofish-xts 256b"), nullptr);

  // uk.po starts the header with "№".
  const auto uk = CleanPaste("№      Алгоритм |      Ключ |      Шифрування |   Розшифрування\n");
  EXPECT_TRUE(StartsCryptsetupOutput(uk[0]));
}

// A comma is a decimal separator only as %10.1f prints it: digits, a comma, one digit.
TEST(CryptsetupBenchmarkTest, CommaOtherThanOneDecimalIsNotAFigure) {
  EXPECT_FALSE(StartsCryptsetupOutput(
      CleanPaste("        aes-cbc        128b      1,302,6 MiB/s      4,411 MiB/s\n")[0]));
  EXPECT_TRUE(StartsCryptsetupOutput(
      CleanPaste("        aes-cbc        128b      1302,6 MiB/s      4411,9 MiB/s\n")[0]));
  EXPECT_EQ(ErrorLine("#   Algorithmus | Schlüssel | Verschlüsselung | Entschlüsselung\n"
                      "        aes-xts        512b      32,04 MiB/s      32,05 MiB/s\n"),
            2u);
  // A header of another table with bars is not cryptsetup's.
  EXPECT_FALSE(StartsCryptsetupOutput(CleanPaste("# Name | Key | Value | Other\n")[0]));
}

// Tryout 30 D10 (q/s23): a French benchmark prints its translated KDF lines, then the table
// header: one benchmark, one run (the header ends the run only after cipher rows).
TEST(CryptsetupBenchmarkTest, TranslatedHeaderAfterKdfLinesIsTheSameRun) {
  const results::RunResult run = Parse(
      "# Les tests sont approximatifs en utilisant la mémoire seulement (pas de stockage E/S).\n"
      "PBKDF2-sha1      2598524 itérations par seconde pour une clé de 256 bits\n"
      "argon2i      10 itérations, 1048576 mémoire, 4 threads parallèles (CPUs) pour une clé de "
      "256 bits (requis 2000 ms)\n"
      "#  Algorithme |       Clé |      Chiffrement |    Déchiffrement\n"
      "        aes-cbc        128b      1453,9 MiB/s      5162,6 MiB/s\n");
  EXPECT_NE(FindAlgorithm(run, "PBKDF2-sha1"), nullptr);
  EXPECT_NE(FindAlgorithm(run, "AES-128-CBC"), nullptr);

  // After cipher rows a translated header is still another benchmark's.
  CryptsetupBenchmarkParser parser("t.txt");
  const auto lines = CleanPaste(
      "#  Algorithme |       Clé |      Chiffrement |    Déchiffrement\n"
      "        aes-cbc        128b      1453,9 MiB/s      5162,6 MiB/s\n"
      "#  Algorithme |       Clé |      Chiffrement |    Déchiffrement\n");
  EXPECT_EQ(parser.Take(lines[0]), Offer::kConsumed);
  EXPECT_EQ(parser.Take(lines[1]), Offer::kConsumed);
  EXPECT_EQ(parser.Take(lines[2]), Offer::kNewRun);
}

}  // namespace
}  // namespace cryptobench::import
