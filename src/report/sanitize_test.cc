// Terminal safety at the rendering boundary: escape sequences, line breaks and bidirectional
// controls from any input are shown, not obeyed; each writer's own escaping comes on top.
#include "report/sanitize.h"

#include <sstream>

#include <gtest/gtest.h>

#include "report/format_util.h"
#include "report/report.h"
#include "results/json.h"

namespace cryptobench::report {
namespace {

// OSC 0 (window title), CSI 2J (clear screen), OSC 52 (clipboard write), a bare CR and a C1 CSI
// (U+009B, which some terminals obey as ESC [).
const std::string kHostile =
    "OpenSSL 3.0.0\x1b]0;pwned\x07\x1b[2J\x1b]52;c;ZWNobyBwd25lZA==\x07\rX\xc2\x9b"
    "2J";

bool HasRawControl(const std::string& text, bool allow_layout) {
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (allow_layout && (c == '\n' || c == '\t')) {
      continue;
    }
    if (c < 0x20 || c == 0x7F) {
      return true;
    }
    if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
        static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
      return true;  // a C1 control in UTF-8
    }
  }
  return false;
}

TEST(SafeTextTest, EscapeSequencesAreShownNotObeyed) {
  const std::string safe = SafeText(kHostile);
  EXPECT_FALSE(HasRawControl(safe, false)) << safe;
  EXPECT_EQ(safe,
            "OpenSSL 3.0.0\\u001b]0;pwned\\u0007\\u001b[2J\\u001b]52;c;ZWNobyBwd25lZA==\\u0007"
            "\\u000dX\\u009b2J");
}

TEST(SafeTextTest, LineBreaksCannotForgeALine) {
  EXPECT_EQ(SafeText("3.0\nAES-128-GCM: accelerated"), "3.0\\u000aAES-128-GCM: accelerated");
  EXPECT_EQ(SafeText("a\u2028b\u2029c"), "a\\u2028b\\u2029c");
  EXPECT_EQ(SafeDocument("line 1\n\tline 2\r\n"), "line 1\n\tline 2\\u000d\n");
}

// New-user tryout: a tab inside a pasted version line printed as "\u0009". In text a tab is a
// space; other controls stay escaped; a whole document keeps its tabs (JSON escapes them itself).
TEST(SafeTextTest, ATabReadsAsASpaceOtherControlsStayEscaped) {
  EXPECT_EQ(SafeText("OpenSSL\t3.0.2\t15 Mar 2022"), "OpenSSL 3.0.2 15 Mar 2022");
  EXPECT_EQ(SafeText("a\tb\x01"
                     "c\x7f"),
            "a b\\u0001c\\u007f");
  EXPECT_EQ(SafeDocument("a\tb\x01"), "a\tb\\u0001");
  results::RunResult run;
  run.library.version = "OpenSSL\t3.0.2";
  SanitizeRun(run);
  EXPECT_EQ(run.library.version, "OpenSSL 3.0.2");
}

TEST(SafeTextTest, BidirectionalControlsAndBadUtf8) {
  // "Trojan Source" (CVE-2021-42574): RLO reorders what follows.
  EXPECT_EQ(SafeText("ok \u202e1.5x\u202c"), "ok \\u202e1.5x\\u202c");
  EXPECT_EQ(SafeText("\u2066x\u2069"), "\\u2066x\\u2069");
  // A lone continuation byte, a truncated sequence, an overlong '/', a surrogate.
  EXPECT_EQ(SafeText("a\x80z"), "a\xEF\xBF\xBDz");
  EXPECT_EQ(SafeText("a\xE2\x82"), "a\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(SafeText("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(SafeText("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  // Printable text, accents and the renderers' own ± and µ stay as they are.
  EXPECT_EQ(SafeText("Intel(R) Xeon(R) Platinum ± µs café"), "Intel(R) Xeon(R) Platinum ± µs café");
}

results::RunResult HostileRun() {
  results::RunResult run;
  run.created_utc = "2026-01-01T00:00:00Z";
  run.library.version = kHostile;
  run.library.loaded_path = "/lib/libcrypto.so.3\x1b[1A";
  run.library.worker_env["OPENSSL_ia32cap"] = "~0x2\x1b]0;x\x07";
  run.machine.cpu_model = "CPU\nAES-128-GCM: accelerated";
  run.machine.kernel = "Linux\x1b[2J";
  results::AlgorithmResult alg;
  alg.algorithm = "SHA-256";
  alg.kind = "hash";
  alg.kat.status = "passed";
  results::Cell cell;
  cell.operation = "hash";
  cell.input_len = 64;
  cell.status = results::CellStatus::kError;
  cell.message = "EVP_DigestUpdate failed: \x1b]52;c;AAAA\x07";
  alg.cells.push_back(cell);
  run.algorithms.push_back(alg);
  return run;
}

TEST(SanitizeRunTest, EveryRendererPrintsNoRawControl) {
  const results::RunResult run = HostileRun();
  for (Format format : {Format::kTable, Format::kMarkdown, Format::kCsv, Format::kOpenssl}) {
    std::ostringstream out;
    Render(run, format, out);
    EXPECT_FALSE(HasRawControl(out.str(), true)) << static_cast<int>(format) << "\n" << out.str();
    EXPECT_EQ(out.str().find("\nAES-128-GCM: accelerated"), std::string::npos) << out.str();
  }
  std::ostringstream several;
  RenderBackends({run, run}, Format::kTable, several);
  EXPECT_FALSE(HasRawControl(several.str(), true)) << several.str();
}

TEST(SanitizeRunTest, JsonKeepsTheDataAndTheDocumentIsSafe) {
  const results::RunResult run = HostileRun();
  std::ostringstream out;
  Render(run, Format::kJson, out);
  const std::string safe = SafeDocument(out.str());
  EXPECT_FALSE(HasRawControl(safe, true)) << safe;
  // The escapes are JSON's: reading the document gives back the very strings.
  const results::RunResult back = results::FromJson(nlohmann::json::parse(safe));
  EXPECT_EQ(back.library.version, kHostile);
  EXPECT_EQ(back.machine.cpu_model, run.machine.cpu_model);
}

TEST(CsvFieldTest, QuotesAndDisarmsFormulas) {
  EXPECT_EQ(CsvField("plain"), "plain");
  EXPECT_EQ(CsvField("a,b"), "\"a,b\"");
  EXPECT_EQ(CsvField("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(CsvField("=HYPERLINK(\"http://x\")"), "\"'=HYPERLINK(\"\"http://x\"\")\"");
  EXPECT_EQ(CsvField("+cmd|' /C calc'!A0"), "'+cmd|' /C calc'!A0");
  EXPECT_EQ(CsvField("@SUM(A1)"), "'@SUM(A1)");
  EXPECT_EQ(CsvField("-2+3"), "'-2+3");
  EXPECT_EQ(CsvField("-0.5"), "-0.5");  // a number is a number
  EXPECT_EQ(CsvField("1e+06"), "1e+06");
}

TEST(CsvFieldTest, RenderedCsvDisarmsAFormulaFromAnInput) {
  results::RunResult run = HostileRun();
  run.algorithms[0].cells[0].message = "=1+1";
  std::ostringstream out;
  Render(run, Format::kCsv, out);
  EXPECT_NE(out.str().find(",'=1+1,"), std::string::npos) << out.str();
}

TEST(MarkdownEscapingTest, InputStringsCannotBreakTheTableOrTheList) {
  results::RunResult run = HostileRun();
  run.machine.cpu_model = "CPU | with `pipes` and *stars*";
  run.library.version = "3.0 | evil";
  std::ostringstream out;
  Render(run, Format::kMarkdown, out);
  EXPECT_NE(out.str().find("CPU \\| with `pipes` and \\*stars\\*"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("3.0 \\| evil"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace cryptobench::report
