// cryptobench's own reports given back to import: refused by their headers, while tool output
// that merely mentions cryptobench still imports.
#include "import/own_reports.h"

#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "import/import.h"
#include "import/import_test_util.h"

namespace cryptobench::import {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

// Report heads as cryptobench writes them; each goes on to quote the library's version line,
// which import would otherwise read as `openssl version` output.
constexpr char kDoctorText[] =
    "cryptobench 0.1.0 doctor, 2026-11-30T16:26:06Z\n"
    "\n"
    "Verdicts\n"
    "  SHA-256: accelerated: SHA-NI path, 1.96-2.17 cpb\n"
    "Library\n"
    "  OpenSSL 3.0.19 27 Jan 2026\n";
constexpr char kDoctorFromText[] =
    "cryptobench 0.1.0 doctor --from ossl.json, 2026-11-30T16:32:25Z\n"
    "Report ossl.json: cryptobench 0.1.0 output; nothing was measured on this machine.\n"
    "  OpenSSL 3.0.19 27 Jan 2026\n";
constexpr char kImportTable[] =
    "openssl speed 3.0.19 (figures imported from ossl-speed.txt)\n"
    "CPU:            not in the report\n"
    "Library:        OpenSSL 3.0.19 27 Jan 2026\n"
    "\n"
    "openssl version (figures imported from imp.tbl)\n"
    "OpenSSL 3.0.19 27 Jan 2026\n";
constexpr char kListText[] =
    "Library: OpenSSL 3.0.19 27 Jan 2026 (/usr/lib/x86_64-linux-gnu/libcrypto.so.3)\n"
    "'*' = in the default suite; unsupported = this library does not provide it\n"
    "\n"
    "ALGORITHM            KIND           STATUS       ALIASES\n";

TEST(OwnTextReportTest, ReportsQuotingAVersionLineAreRefusedNotImported) {
  for (const char* text : {kDoctorText, kDoctorFromText}) {
    const std::string error = ImportErrorOf(text, "report.txt");
    EXPECT_THAT(error, StartsWith("report.txt:1: a cryptobench doctor report, not a result"))
        << text;
    EXPECT_THAT(error, HasSubstr("speed or import --format json")) << text;
  }
  EXPECT_THAT(ImportErrorOf(kImportTable, "report.txt"),
              StartsWith("report.txt:1: a cryptobench table, Markdown or CSV report"));
}

TEST(OwnTextReportTest, EveryReportHeaderIsRecognised) {
  struct Case {
    std::string text;
    std::string what;  // "" for a report of results
  };
  const std::vector<Case> cases = {
      {"cryptobench 0.1.0, run of 2026-11-30T16:26:04Z\nCPU: AMD\n", ""},
      {"cryptobench 0.1.0\n", ""},
      {"## cryptobench results\n\n### Environment\n", ""},
      {"## cryptobench results, 2 backends\n", ""},
      {"algorithm,kind,operation,input_len,status\n", ""},
      {"botan speed 3.2.0 (figures imported from b.txt)\nCPU: x\n", ""},
      {"cryptsetup benchmark (figures imported from c.txt)\n", ""},
      {"cryptobench doctor\nVerdicts\n", "a cryptobench doctor report"},
      {"cryptobench 0.1.0 doctor --backend gnutls, 2026-11-30T16:32:23Z\n",
       "a cryptobench doctor report"},
      {"## cryptobench doctor\n", "a cryptobench doctor report"},
      {"## cryptobench doctor --from\n", "a cryptobench doctor report"},
      {"## cryptobench doctor --backend gnutls\n", "a cryptobench doctor report"},
      {"cryptobench compare: 2 sides, baseline A\n", "a cryptobench compare report"},
      {"## cryptobench compare\n", "a cryptobench compare report"},
      {kListText, "cryptobench list output"},
      {"Backend: gnutls\nLibrary: gnutls 3.7.9 (/usr/lib/libgnutls.so.30)\n'*' = in the default "
       "suite; unsupported = this library does not provide it\n",
       "cryptobench list output"},
      {"Backends compiled into this build (speed --backend NAME[,NAME...] or all):\n",
       "cryptobench list --backends output"},
      {"## cryptobench list\n\nLibrary: OpenSSL 3.0.13 (libcrypto.so.3)\n",
       "cryptobench list output"},
      {"## cryptobench list --backends\n", "cryptobench list --backends output"},
      // Blank lines, and the command that wrote it, before the header.
      {"\n\n$ ./build/cryptobench doctor sha256\ncryptobench 0.1.0 doctor, 2026-11-30\n",
       "a cryptobench doctor report"},
  };
  for (const Case& c : cases) {
    const std::optional<OwnTextReport> found = RecogniseOwnTextReport(CleanPaste(c.text));
    ASSERT_TRUE(found.has_value()) << c.text;
    EXPECT_EQ(found->what, c.what) << c.text;
    EXPECT_EQ(found->holds_results, c.what.empty()) << c.text;
  }
  const std::optional<OwnTextReport> after_command =
      RecogniseOwnTextReport(CleanPaste("\n$ cryptobench compare a.json b.json\n\n"
                                        "cryptobench compare: 2 sides, baseline A\n"));
  ASSERT_TRUE(after_command.has_value());
  EXPECT_EQ(after_command->line, 4u);
}

TEST(OwnTextReportTest, ListOutputGetsItsOwnMessage) {
  EXPECT_THAT(ImportErrorOf(kListText, "report.txt"),
              StartsWith("report.txt:1: cryptobench list output, not a result"));
}

// Tool output whose first line only mentions cryptobench, and lines that resemble a header
// without being one, are read as before.
TEST(OwnTextReportTest, ToolOutputAfterProseStillImports) {
  const std::string speed =
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes\n"
      "sha256           180000.00k   500000.00k\n";
  for (const std::string prose :
       {"cryptobench 0.1.0 is slower to run than this:\n", "cryptobench compare wants JSON\n",
        "## cryptobench notes\n", "Library: OpenSSL 3.0.19 on the build box\n\n",
        "openssl speed on the new box (figures below)\n", "$ cryptobench --help | less\n"}) {
    EXPECT_FALSE(RecogniseOwnTextReport(CleanPaste(prose + speed)).has_value()) << prose;
    EXPECT_EQ(ImportErrorOf(prose + speed, "report.txt"), "") << prose;
  }
}

TEST(OwnJsonDocumentTest, NonResultDocumentsAreNamed) {
  EXPECT_EQ(DescribeOwnNonResultJson({{"schema_version", 1}, {"kind", "doctor"}}),
            "a doctor report");
  EXPECT_EQ(DescribeOwnNonResultJson({{"kind", "doctor_reports"}, {"reports", nullptr}}),
            "a doctor report");
  EXPECT_EQ(DescribeOwnNonResultJson(
                {{"schema_version", 1}, {"kind", "compare"}, {"sides", nlohmann::json::array()}}),
            "a compare report (cryptobench compare --format json)");
  EXPECT_EQ(DescribeOwnNonResultJson({{"schema_version", 1},
                                      {"kind", "tls"},
                                      {"source", nlohmann::json::object()},
                                      {"transfers", nlohmann::json::array()}}),
            "a tls result (cryptobench tls --format json), which compare reads");
  const nlohmann::json list = {{"schema_version", 1},
                               {"library", {{"version", "OpenSSL 3.0.19 27 Jan 2026"}}},
                               {"algorithms",
                                {{{"name", "AES-128-CBC"},
                                  {"kind", "cipher"},
                                  {"default_suite", true},
                                  {"supported", true}}}}};
  EXPECT_EQ(DescribeOwnNonResultJson(list), "an algorithm list (cryptobench list --format json)");
  EXPECT_EQ(
      DescribeOwnNonResultJson({{"schema_version", 1}, {"backends", nlohmann::json::array()}}),
      "a backend list (cryptobench list --backends --format json)");
}

TEST(OwnJsonDocumentTest, ResultsAndForeignJsonAreNotNamed) {
  const nlohmann::json result = {
      {"schema_version", 1},
      {"source", {{"kind", "measured"}}},
      {"library", {{"version", "OpenSSL 3.0.19"}}},
      {"method", nlohmann::json::object()},
      {"algorithms", {{{"algorithm", "SHA-256"}, {"kind", "hash"}, {"cells", {}}}}}};
  EXPECT_EQ(DescribeOwnNonResultJson(result), "");
  EXPECT_EQ(DescribeOwnNonResultJson({{"schema_version", 1}, {"runs", {result}}}), "");
  // A result whose source went missing still is no list: its entries name "algorithm".
  nlohmann::json damaged = result;
  damaged.erase("source");
  damaged.erase("method");
  EXPECT_EQ(DescribeOwnNonResultJson(damaged), "");
  EXPECT_EQ(DescribeOwnNonResultJson(nlohmann::json::array({1, 2})), "");
  EXPECT_EQ(DescribeOwnNonResultJson({{"kind", 3}}), "");
}

}  // namespace
}  // namespace cryptobench::import
