// Parser of `cryptsetup benchmark` output.
#include "import/cryptsetup_benchmark.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "import/foreign_names.h"
#include "import/import.h"
#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

constexpr double kMiB = 1024.0 * 1024.0;

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// cryptsetup translates the table header, the "Tests are approximate" note and "N/A"
// (src/cryptsetup.c: _("#     Algorithm |       Key |      Encryption |      Decryption\n"),
// _("# Tests are approximate using memory only (no storage IO).\n"), _("N/A")), but not the
// rows: "%15s  %9zub  %10.1f MiB/s  %10.1f MiB/s" prints the encryption figure, then the
// decryption figure, in every language. One entry per translation: the header's four column
// names, the N/A word and the note's first words, from po/LANG.po of
// https://github.com/mbroz/cryptsetup at 38f95b7001c7680d29093e2a73aa389467deb9a0 (msgstr of
// the msgids above and of "#%*s Algorithm | ..."; fi.po translates the older header msgid
// "#  Algorithm | Key |  Encryption |  Decryption"). vi.po and id.po translate no header.
struct Translation {
  std::string_view lang;
  std::string_view algorithm, key, encryption, decryption;
  std::string_view not_available;
  std::string_view note;  // the note's first words; "" where the .po leaves it untranslated
};
constexpr Translation kTranslations[] = {
    {"en", "Algorithm", "Key", "Encryption", "Decryption", "N/A",
     "Tests are approximate using memory only"},
    {"cs", "Algoritmus", "Klíč", "Šifrování", "Dešifrování", "–",
     "Testy jsou počítány jen z práce s pamětí"},
    {"da", "Algoritme", "Nøgle", "Kryptering", "Dekryptering", "-",
     "Test bruger kun hukommelse omtrentlig"},
    {"de", "Algorithmus", "Schlüssel", "Verschlüsselung", "Entschlüsselung", "N/A",
     "Die Tests sind nur annähernd genau"},
    {"es", "Algoritmo", "Clave", "Cifrado", "Descifrado", "/N/A",
     "Las pruebas son solo aproximadas usando memoria"},
    {"fi", "Algoritmi", "Avain", "Salaus", "Salauksen purku", "Ei käytössä",
     "Testit käyttävät vain muistia ylimalkaan"},
    {"fr", "Algorithme", "Clé", "Chiffrement", "Déchiffrement", "N/D",
     "Tests approximatifs en utilisant uniquement la mémoire"},
    {"it", "Algoritmo", "Chiave", "Cifratura", "Decrifrazione", "N/D",
     "I test sono approssimati usando solo la memoria"},
    {"ja", "Algorithm", "キー", "暗号化", "復号化", "計測値なし",
     "テストはストレージI/Oがなくメモリ上のもののため目安です"},
    {"ka", "ალგორითმი", "გასაღები", "დაშიფვრა", "გაშიფვრა", "N/A", ""},
    {"nl", "Algoritme", "Sleutel", "Versleuteling", "Ontsleuteling", "N/A",
     "Tests zijn bij benadering met enkel geheugen in gebruik"},
    {"pl", "Algorytm", "Klucz", "Szyfrowanie", "Odszyfrowywanie", "N/D",
     "Testy są przybliżone tylko z użyciem pamięci"},
    {"pt_BR", "Algoritmo", "Chave", "Criptografia", "Descriptografia", "N/D",
     "Testes são aproximados usando apenas memória"},
    {"ro", "Algoritm", "Cheie", "Criptare", "Decriptare", "nedisponibil",
     "Testele sunt aproximative folosind doar memoria"},
    {"ru", "Алгоритм", "Ключ", "Шифрование", "Расшифровка", "Н/Д",
     "Тесты, использующие практически только память"},
    {"sk", "Algoritmus", "Kľúč", "Šifrovanie", "Dešifrovanie", "–",
     "Testy sú len približné a používajú iba pamäť"},
    {"sr", "Алгоритам", "Кључ", "Шифровање", "Дешифровање", "Недоступно",
     "Пробе су приближне користећи само меморију"},
    {"sv", "Algoritm", "Nyckel", "Kryptering", "Avkryptering", "N/A",
     "Tester är ungefärliga och använder endast minne"},
    {"uk", "Алгоритм", "Ключ", "Шифрування", "Розшифрування", "н/д",
     "Наближені значення під час перевірки"},
    {"zh_CN", "算法", "密钥", "加密", "解密", "不可用", "测试仅使用内存"},
};
// cryptsetup's PBKDF2 line, "PBKDF2-%-9s %7u iterations per second for %zu-bit key\n"
// (src/cryptsetup.c), after its figure: the text before and after the key size, in English
// and in each translation of the msgid (msgstr of po/LANG.po at the commit above). sr.po
// quotes the name ("„PBKDF2-sha1“"), and fi, id, ka, nl and vi leave it untranslated.
struct Pbkdf2Wording {
  std::string_view before_bits, after_bits;
};
constexpr Pbkdf2Wording kPbkdf2Wordings[] = {
    {"iterations per second for ", "-bit key"},            // en
    {"iterací za sekundu pro ", "bitový klíč"},            // cs
    {"iterationer per sekund for ", "-bit nøgle"},         // da
    {"Iterationen pro Sekunde für ", "-Bit-Schlüssel"},    // de
    {"iteraciones por segundo para clave de ", " bits"},   // es
    {"itérations par seconde pour une clé de ", " bits"},  // fr
    {"iterazioni per secondo per chiave di ", "-bit"},     // it
    {"回/秒 (", " ビットの鍵)"},                           // ja
    {"iteracji/sekundę dla klucza ", "-bitowego"},         // pl
    {"iterações por segundo para chave de ", " bits"},     // pt_BR
    {"iterații pe secundă pentru cheia ", "-bit"},         // ro
    {"итераций в секунду для ", "-битного ключа"},         // ru
    {"iterácií za sekundu pre ", "-bitový kľúč"},          // sk
    {"iterationer per sekund för ", "-bitnyckel"},         // sv
    {"ітерацій за секунду для ", "-бітового ключа"},       // uk
    {"迭代/秒，对于 ", " 位密钥"},                         // zh_CN
};

// The key size of a PBKDF2 line's text after its figure ("Iterationen pro Sekunde für
// 256-Bit-Schlüssel" -> 256), in any wording of kPbkdf2Wordings with the words separated by
// any run of blanks; nullopt for other text.
std::optional<unsigned long long> Pbkdf2KeyBits(std::string_view rest) {
  const std::string text = JoinWords(SplitWords(rest), 0, SplitWords(rest).size());
  const std::string_view view = text;
  for (const Pbkdf2Wording& wording : kPbkdf2Wordings) {
    if (!view.starts_with(wording.before_bits) || !view.ends_with(wording.after_bits) ||
        view.size() <= wording.before_bits.size() + wording.after_bits.size()) {
      continue;
    }
    const std::string_view bits =
        view.substr(wording.before_bits.size(),
                    view.size() - wording.before_bits.size() - wording.after_bits.size());
    if (!bits.empty() && std::all_of(bits.begin(), bits.end(), IsDigit)) {
      return ParseUnsigned(bits);
    }
  }
  return std::nullopt;
}

// The figure and key size of a "PBKDF2-<hash> <N> <wording>" line in a translation of
// kPbkdf2Wordings; nullopt for other lines (the caller reads English's older shapes).
std::optional<std::pair<unsigned long long, unsigned long long>> TranslatedPbkdf2(
    const std::vector<std::string_view>& words, std::string_view trimmed) {
  if (words.size() < 3) {
    return std::nullopt;
  }
  const std::optional<unsigned long long> iterations = ParseUnsigned(words[1]);
  const size_t at = trimmed.find(words[1], words[0].size());
  if (!iterations || at == std::string_view::npos) {
    return std::nullopt;
  }
  const std::optional<unsigned long long> bits =
      Pbkdf2KeyBits(trimmed.substr(at + words[1].size()));
  if (!bits) {
    return std::nullopt;
  }
  return std::make_pair(*iterations, *bits);
}

constexpr std::string_view kRowFormat =
    "'<cipher>-<mode> <N>b <X> MiB/s <Y> MiB/s' or '<cipher>-<mode> <N>b N/A N/A' (cryptsetup "
    "benchmark)";

// The text of a "# ..." line, which paste cleanup may have taken for a root prompt.
// uk.po starts the header with "№" instead of "#".
std::string_view Body(const SourceLine& line) {
  constexpr std::string_view kNumeroSign = "\u2116";
  std::string_view text = Trim(line.text);
  while (!text.empty() && (text.front() == '#' || text.starts_with(kNumeroSign))) {
    text = Trim(text.substr(text.front() == '#' ? 1 : kNumeroSign.size()));
  }
  return text;
}

// The "Tests are approximate" note, in any translation.
bool IsNote(std::string_view body) {
  return std::any_of(std::begin(kTranslations), std::end(kTranslations), [&](const Translation& t) {
    return !t.note.empty() && body.starts_with(t.note);
  });
}

// True if `text` is cryptsetup's N/A in one of its translations (the row prints it in place
// of each figure: "%15s  %9zub %17s %17s").
bool IsNotAvailable(std::string_view text) {
  return std::any_of(std::begin(kTranslations), std::end(kTranslations),
                     [&](const Translation& t) { return text == t.not_available; });
}

// The words from `from` on are N/A printed `count` times (1 or 2), in one translation; a
// translation of two words ("Ei käytössä") takes two words each time.
bool NotAvailableWords(const std::vector<std::string_view>& words, size_t from, size_t count) {
  if (from >= words.size() || (words.size() - from) % count != 0) {
    return false;
  }
  const size_t each = (words.size() - from) / count;
  const std::string first = JoinWords(words, from, from + each);
  for (size_t i = 1; i < count; ++i) {
    if (JoinWords(words, from + i * each, from + (i + 1) * each) != first) {
      return false;
    }
  }
  return IsNotAvailable(first);
}

// A figure of a cipher row: "%10.1f", so "5071.0", or "5071,0" where the locale's decimal
// separator is a comma (cryptsetup calls setlocale(LC_ALL, "") and %f follows LC_NUMERIC; %f
// never groups thousands, so a comma followed by exactly one digit can only be the decimal
// separator). nullopt: not a figure.
std::optional<double> RowFigure(std::string_view word, bool* decimal_comma = nullptr) {
  const size_t comma = word.find(',');
  if (comma == std::string_view::npos) {
    return ParseDouble(word);
  }
  if (comma == 0 || comma + 2 != word.size() ||
      !std::all_of(word.begin(), word.begin() + static_cast<std::ptrdiff_t>(comma), IsDigit) ||
      !IsDigit(word.back())) {
    return std::nullopt;
  }
  std::string dotted(word);
  dotted[comma] = '.';
  if (decimal_comma != nullptr) {
    *decimal_comma = true;
  }
  return ParseDouble(dotted);
}

// The table header, in any translation: "Algorithm | Key | Encryption | Decryption" gives ""
// (both directions); a header with one of the two direction columns, as people print when they
// sort the table by one direction, gives that direction's operation. nullopt: not a header.
// `lang` (if given) receives the translation's language.
std::optional<std::string> TableHeaderDirection(std::string_view body,
                                                std::string_view* lang = nullptr) {
  const std::vector<std::string_view> fields = SplitFields(body, '|');
  if (fields.size() < 3 || fields.size() > 4) {
    return std::nullopt;
  }
  auto same = [](std::string_view field, std::string_view name) {
    return ToLower(Trim(field)) == ToLower(name);  // sv.po prints "AVkryptering"
  };
  for (const Translation& t : kTranslations) {
    if (!same(fields[0], t.algorithm) || !same(fields[1], t.key)) {
      continue;
    }
    std::optional<std::string> direction;
    if (fields.size() == 4) {
      if (same(fields[2], t.encryption) && same(fields[3], t.decryption)) {
        direction = "";
      }
    } else if (same(fields[2], t.encryption)) {
      direction = "encrypt";
    } else if (same(fields[2], t.decryption)) {
      direction = "decrypt";
    }
    if (direction && lang != nullptr) {
      *lang = t.lang;
    }
    if (direction) {
      return direction;
    }
  }
  return std::nullopt;
}

bool IsTableHeader(std::string_view body) { return TableHeaderDirection(body).has_value(); }

// "512b" → 512.
std::optional<unsigned> KeyBits(std::string_view word) {
  if (word.size() < 2 || word.back() != 'b') {
    return std::nullopt;
  }
  const auto bits = ParseUnsigned(word.substr(0, word.size() - 1));
  if (!bits || *bits == 0 || *bits > 65536) {
    return std::nullopt;
  }
  return static_cast<unsigned>(*bits);
}

bool IsCompleteRow(const std::vector<std::string_view>& words) {
  if (words.size() >= 4 && KeyBits(words[1]).has_value() && NotAvailableWords(words, 2, 2)) {
    return true;
  }
  return words.size() == 6 && KeyBits(words[1]).has_value() && RowFigure(words[2]) &&
         words[3] == "MiB/s" && RowFigure(words[4]) && words[5] == "MiB/s";
}

// A row retyped with the header's bars between its columns ("aes-cbc | 128b | 18.9 MiB/s |
// 20.2 MiB/s", github.com/armbian/linux/pull/6), with each bar made a space.
std::string Unbarred(std::string_view text) {
  std::string unbarred(text);
  std::replace(unbarred.begin(), unbarred.end(), '|', ' ');
  return unbarred;
}

bool IsArgon2Line(std::string_view trimmed) {
  return StartsWithNoCase(trimmed, "argon2i") || StartsWithNoCase(trimmed, "argon2d");
}

bool IsCryptsetupVersionLine(std::string_view trimmed) {
  return trimmed.size() > 11 && trimmed.substr(0, 11) == "cryptsetup " && trimmed[11] >= '0' &&
         trimmed[11] <= '9';
}

}  // namespace

NamedAlgorithm MapCryptsetupCipher(std::string_view name, unsigned key_bits) {
  const std::string lower = ToLower(name);
  std::string spelling;
  if (lower == "aes-xts" && key_bits % 2 == 0) {
    spelling = fmt::format("AES-{}-XTS", key_bits / 2);  // two keys: data and tweak
  } else if (lower == "aes-cbc" || lower == "aes-ecb" || lower == "aes-ctr") {
    spelling = fmt::format("AES-{}-{}", key_bits, lower.substr(4));
  }
  if (!spelling.empty()) {
    NamedAlgorithm named = MapForeignName(spelling, "cipher");
    if (named.catalogued) {
      return named;
    }
  }
  return {fmt::format("{} {}b", name, key_bits), "cipher", false};
}

bool StartsCryptsetupOutput(const SourceLine& line) {
  if (line.kind == LineKind::kElision) {
    return false;
  }
  const std::string_view body = Body(line);
  if (IsNote(body) || IsTableHeader(body)) {
    return true;
  }
  if (line.kind != LineKind::kText) {
    return false;
  }
  const std::string_view trimmed = Trim(line.text);
  if (trimmed.substr(0, 7) == "PBKDF2-" &&
      (trimmed.find(" iterations per second") != std::string_view::npos ||
       EndsWith(trimmed, " N/A") || TranslatedPbkdf2(SplitWords(trimmed), trimmed))) {
    return true;
  }
  if (IsArgon2Line(trimmed) && trimmed.find("parallel threads") != std::string_view::npos) {
    return true;
  }
  return IsCryptsetupVersionLine(trimmed) || IsCompleteRow(SplitWords(trimmed)) ||
         IsCompleteRow(SplitWords(Unbarred(trimmed)));
}

CryptsetupBenchmarkParser::CryptsetupBenchmarkParser(std::string_view file_name)
    : builder_("cryptsetup benchmark", "kernel", file_name) {}

void CryptsetupBenchmarkParser::SetCommand(const std::vector<std::string>& args, size_t line) {
  (void)line;
  for (size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "-c" || args[i] == "--cipher") {
      builder_.Caveat(fmt::format("Run for one cipher only (--cipher {}).", args[i + 1]));
    }
  }
}

Offer CryptsetupBenchmarkParser::Take(const SourceLine& line) {
  try {
    return TakeLine(line);
  } catch (const ImportError& error) {
    // One damaged row costs only its own figures.
    builder_.SkipDamagedLine(line.number, error.expected());
    return Offer::kConsumed;
  }
}

Offer CryptsetupBenchmarkParser::TakeLine(const SourceLine& line) {
  if (line.kind == LineKind::kElision) {
    if (!HasFigures()) {
      return Offer::kNotMine;
    }
    builder_.Caveat(ElisionCaveat(line));
    return Offer::kConsumed;
  }
  const std::string_view body = Body(line);
  if (IsNote(body)) {
    if (HasFigures()) {
      return Offer::kNewRun;
    }
    saw_note_ = true;
    return Offer::kConsumed;
  }
  std::string_view lang;
  if (const auto direction = TableHeaderDirection(body, &lang)) {
    // A translated header after cipher rows: the next run's, named there. cryptsetup prints
    // its PBKDF2 and Argon2 lines before the table (src/cryptsetup.c, action_benchmark), so a
    // header after those alone is the same benchmark's (tryout 30 D10, s23).
    if (lang != "en" && saw_cipher_) {
      return Offer::kNewRun;
    }
    in_table_ = true;
    table_operation_ = *direction;
    if (lang != "en" && !translated_header_) {
      translated_header_ = true;
      builder_.Caveat(fmt::format(
          "Line {}: the table header is cryptsetup's {} translation (po/{}.po); its columns are "
          "read as the English header's (Algorithm, Key, Encryption, Decryption): cryptsetup "
          "translates the header, not the rows' order.",
          line.number, lang, lang));
    }
    return Offer::kConsumed;
  }
  if (line.kind != LineKind::kText) {
    return Offer::kNotMine;
  }
  const std::string_view trimmed = Trim(line.text);
  if (trimmed.empty()) {
    in_table_ = false;
    return Offer::kNotMine;
  }
  if (IsCryptsetupVersionLine(trimmed)) {
    if (HasFigures()) {
      return Offer::kNewRun;
    }
    builder_.run().source.tool_version = std::string(SplitWords(trimmed)[1]);
    builder_.run().library.version = std::string(trimmed);
    return Offer::kConsumed;
  }
  if (trimmed.substr(0, 7) == "PBKDF2-") {
    return TakePbkdf2(line, trimmed);
  }
  if (IsArgon2Line(trimmed)) {
    skipped_.push_back(fmt::format(
        "Line {}: '{}' is an Argon2 cost setting that cryptsetup tuned to a target time, not a "
        "rate: it is not imported.",
        line.number, JoinWords(SplitWords(trimmed), 0, SplitWords(trimmed).size())));
    return Offer::kConsumed;
  }
  if (trimmed == "Required kernel crypto interface not available." ||
      StartsWithNoCase(trimmed, "Ensure you have algif_skcipher") ||
      (trimmed.substr(0, 7) == "Cipher " && EndsWith(trimmed, "is not available."))) {
    builder_.Caveat(fmt::format("Line {}: cryptsetup says: {}", line.number, trimmed));
    return Offer::kConsumed;
  }
  // A table retyped with the header's bars between its columns as well: under a header, or
  // in a row complete without them, a bar only separates columns.
  const std::string unbarred = Unbarred(trimmed);
  const bool bars_separate =
      unbarred != trimmed && (in_table_ || IsCompleteRow(SplitWords(unbarred)));
  const std::vector<std::string_view> words = SplitWords(bars_separate ? unbarred : trimmed);
  if (in_table_ && !table_operation_.empty() && words.size() >= 2 && KeyBits(words[1])) {
    return TakeOneDirectionRow(line, words);
  }
  if (IsCompleteRow(words) || (in_table_ && words.size() >= 2 && KeyBits(words[1]))) {
    return TakeCipherRow(line, words);
  }
  in_table_ = false;
  return Offer::kNotMine;
}

Offer CryptsetupBenchmarkParser::TakePbkdf2(const SourceLine& line, std::string_view trimmed) {
  const std::vector<std::string_view> words = SplitWords(trimmed);
  const NamedAlgorithm named{std::string(words[0]), "kdf", false};
  if (words.size() == 2 && words[1] == "N/A") {
    if (builder_.Contains(named.name, "", "iteration", 0)) {
      return Offer::kNewRun;
    }
    builder_.AddUnavailable(named, "", "iteration", 0, results::CellStatus::kUnsupported,
                            fmt::format("cryptsetup printed N/A at line {}: its crypto backend "
                                        "lacks this hash, or the benchmark failed",
                                        line.number));
    return Offer::kConsumed;
  }
  // PBKDF2-sha256 1234567 iterations per second for 256-bit key
  // PBKDF2-sha256 1234567 iterations per second  (cryptsetup before 1.7: no key size)
  const bool old_shape = words.size() == 5;
  const auto iterations = words.size() == 8 || old_shape ? ParseUnsigned(words[1]) : std::nullopt;
  const bool per_second =
      words.size() >= 5 && words[2] == "iterations" && words[3] == "per" && words[4] == "second";
  const bool shape = per_second && (old_shape || (words.size() == 8 && words[5] == "for" &&
                                                  words[7] == "key" && EndsWith(words[6], "-bit")));
  const auto english_bits = !shape      ? std::nullopt
                            : old_shape ? decltype(ParseUnsigned(words[1]))(0)
                                        : ParseUnsigned(words[6].substr(0, words[6].size() - 4));
  // The figure and key size (0: not printed), in English or in a translation.
  std::optional<std::pair<unsigned long long, unsigned long long>> read;
  if (iterations && english_bits) {
    read.emplace(*iterations, *english_bits);
  } else {
    read = TranslatedPbkdf2(words, trimmed);
  }
  if (!read) {
    throw ImportError(
        line.number,
        fmt::format("expected 'PBKDF2-<hash> <N> iterations per second for <B>-bit key' "
                    "(cryptsetup benchmark), found {}",
                    QuoteForError(trimmed)));
  }
  if (builder_.Contains(named.name, "", "iteration", 0)) {
    return Offer::kNewRun;
  }
  saw_pbkdf2_ = true;
  if (read->second > 0) {
    pbkdf2_key_bits_ = static_cast<unsigned>(read->second);
  }
  ForeignFigure figure;
  figure.algorithm = named;
  figure.operation = "iteration";
  figure.ops_per_s = static_cast<double>(read->first);
  figure.line = line.number;
  figure.label = fmt::format("'{}'", words[0]);
  builder_.Add(figure);
  return Offer::kConsumed;
}

Offer CryptsetupBenchmarkParser::TakeCipherRow(const SourceLine& line,
                                               const std::vector<std::string_view>& words) {
  // One damaged figure of two ("1737.4 MiB/s 18x4.9 MiB/s") costs only its direction.
  // A row cut after its encryption figure keeps that figure.
  const bool one_damaged = words.size() == 6 && KeyBits(words[1]) && words[3] == "MiB/s" &&
                           words[5] == "MiB/s" &&
                           RowFigure(words[2]).has_value() != RowFigure(words[4]).has_value();
  // So does a row cut inside its decryption figure ("257.6 MiB/", "257.6": the paste's last
  // characters, github.com/openwrt/openwrt/pull/10561 as stored).
  const bool encryption_whole =
      words.size() >= 4 && KeyBits(words[1]) && RowFigure(words[2]) && words[3] == "MiB/s";
  const bool cut_inside =
      encryption_whole && (words.size() == 5 || (words.size() == 6 && words[5] != "MiB/s" &&
                                                 std::string_view("MiB/s").starts_with(words[5])));
  const bool cut = encryption_whole && (words.size() == 4 || cut_inside);
  if (!IsCompleteRow(words) && !one_damaged && !cut) {
    throw ImportError(line.number, fmt::format("expected {}, found {}", kRowFormat,
                                               QuoteForError(JoinWords(words, 0, words.size()))));
  }
  const unsigned bits = *KeyBits(words[1]);
  const NamedAlgorithm named = MapCryptsetupCipher(words[0], bits);
  if (builder_.Contains(named.name, "", "encrypt", kCryptsetupBufferBytes)) {
    return Offer::kNewRun;
  }
  saw_cipher_ = true;
  saw_xts_ = saw_xts_ || ToLower(words[0]).find("xts") != std::string::npos;
  for (const bool encrypt : {true, false}) {
    const std::string op = encrypt ? "encrypt" : "decrypt";
    if (cut && !encrypt) {
      builder_.Caveat(
          cut_inside
              ? fmt::format("Line {}: the row '{} {}' is cut inside its decryption figure ('{}'); "
                            "that figure is left out and the encryption figure is kept.",
                            line.number, words[0], words[1], JoinWords(words, 4, words.size()))
              : fmt::format("Line {}: the row '{} {}' ends after its encryption figure (cut in "
                            "the paste); its decryption figure is missing and the encryption "
                            "figure is kept.",
                            line.number, words[0], words[1]));
      continue;
    }
    if (!cut && NotAvailableWords(words, 2, 2)) {
      builder_.AddUnavailable(named, "", op, kCryptsetupBufferBytes,
                              results::CellStatus::kUnsupported,
                              fmt::format("cryptsetup printed N/A at line {}: the kernel does not "
                                          "offer this cipher, or its benchmark failed",
                                          line.number));
      continue;
    }
    const std::string_view printed = words[encrypt ? 2 : 4];
    if (!RowFigure(printed)) {
      builder_.Caveat(fmt::format(
          "Line {}: the row '{} {}' prints {} for {}, which is not a figure (damaged in the "
          "paste); that figure is left out and the row's other one is kept.",
          line.number, words[0], words[1], QuoteForError(printed),
          encrypt ? "encryption" : "decryption"));
      continue;
    }
    ForeignFigure figure;
    figure.algorithm = named;
    figure.operation = op;
    figure.input_len = kCryptsetupBufferBytes;
    figure.bytes_per_s = *RowFigure(printed, &decimal_comma_) * kMiB;
    figure.ops_per_s = *figure.bytes_per_s / static_cast<double>(kCryptsetupBufferBytes);
    figure.line = line.number;
    figure.label = fmt::format("'{} {}' {}", words[0], words[1], op);
    builder_.Add(figure);
  }
  return Offer::kConsumed;
}

Offer CryptsetupBenchmarkParser::TakeOneDirectionRow(const SourceLine& line,
                                                     const std::vector<std::string_view>& words) {
  const bool not_available = NotAvailableWords(words, 2, 1);
  if (!not_available && !(words.size() == 4 && RowFigure(words[2]) && words[3] == "MiB/s")) {
    throw ImportError(
        line.number,
        fmt::format("expected '<cipher>-<mode> <N>b <X> MiB/s' or '<cipher>-<mode> <N>b N/A' "
                    "under a one-column {} table (cryptsetup benchmark), found {}",
                    table_operation_ == "encrypt" ? "Encryption" : "Decryption",
                    QuoteForError(JoinWords(words, 0, words.size()))));
  }
  const unsigned bits = *KeyBits(words[1]);
  const NamedAlgorithm named = MapCryptsetupCipher(words[0], bits);
  if (builder_.Contains(named.name, "", table_operation_, kCryptsetupBufferBytes)) {
    return Offer::kNewRun;
  }
  saw_cipher_ = true;
  saw_xts_ = saw_xts_ || ToLower(words[0]).find("xts") != std::string::npos;
  if (not_available) {
    builder_.AddUnavailable(named, "", table_operation_, kCryptsetupBufferBytes,
                            results::CellStatus::kUnsupported,
                            fmt::format("cryptsetup printed N/A at line {}: the kernel does not "
                                        "offer this cipher, or its benchmark failed",
                                        line.number));
    return Offer::kConsumed;
  }
  ForeignFigure figure;
  figure.algorithm = named;
  figure.operation = table_operation_;
  figure.input_len = kCryptsetupBufferBytes;
  figure.bytes_per_s = *RowFigure(words[2], &decimal_comma_) * kMiB;
  figure.ops_per_s = *figure.bytes_per_s / static_cast<double>(kCryptsetupBufferBytes);
  figure.line = line.number;
  figure.label = fmt::format("'{} {}' {}", words[0], words[1], table_operation_);
  builder_.Add(figure);
  return Offer::kConsumed;
}

results::RunResult CryptsetupBenchmarkParser::Build() {
  if (saw_cipher_) {
    builder_.Caveat(
        "Cipher figures come from the Linux kernel crypto API through AF_ALG sockets: "
        "cryptsetup encrypts, then decrypts, a 1 MiB buffer for about one second each, timed "
        "by wall clock (CLOCK_MONOTONIC_RAW), system calls and copies included. Which kernel "
        "driver served each cipher (an AES-NI one or a generic one) is not in the output.");
    builder_.Caveat(
        "cryptsetup prints MiB/s, 2^20 bytes per second; the figures are converted to bytes/s "
        "(1 MiB/s = 1.048576 MB/s).");
  }
  if (decimal_comma_) {
    builder_.Caveat(
        "cryptsetup printed its figures with a decimal comma ('1234,5 MiB/s': the locale's "
        "decimal separator, as %10.1f prints under LC_NUMERIC of e.g. de_DE); read as "
        "1234.5 MiB/s.");
  }
  if (saw_xts_) {
    builder_.Caveat(
        "XTS key sizes count both XTS keys: a 256b row is AES-128-XTS and a 512b row is "
        "AES-256-XTS.");
  }
  if (saw_pbkdf2_) {
    builder_.Caveat(fmt::format(
        "PBKDF2 rows are iterations per second of PBKDF2 with that hash for {}, computed by "
        "libcryptsetup's own crypto backend in user space, not by the kernel; they are kept as "
        "kdf rows with operation 'iteration'.",
        pbkdf2_key_bits_ > 0
            ? fmt::format("a {}-bit derived key", pbkdf2_key_bits_)
            : std::string("a derived key of a size the output does not give (cryptsetup "
                          "before 1.7 did not print it)")));
  }
  if (saw_note_) {
    builder_.Caveat("cryptsetup: 'Tests are approximate using memory only (no storage IO)'.");
  }
  for (const std::string& skipped : skipped_) {
    builder_.Caveat(skipped);
  }
  return builder_.Finish();
}

}  // namespace cryptobench::import
