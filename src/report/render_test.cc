// Renderer behaviour that the golden files do not pin down: edge cases of the
// environment header, CSV quoting, the openssl layout's small-value and failure rules.
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "report/report.h"
#include "results/json.h"

namespace cryptobench::report {
namespace {

using results::AlgorithmResult;
using results::Cell;
using results::CellStatus;
using results::RunResult;

// A cell measured at `ops_per_s` with one 5-sample worker; figures derived for real.
Cell MeasuredCell(const std::string& operation, uint64_t input_len, double ops_per_s,
                  double cpu_fraction = 1.0) {
  Cell cell;
  cell.operation = operation;
  cell.input_len = input_len;
  results::WorkerSamples worker;
  for (int i = 0; i < 5; ++i) {
    const auto wall = static_cast<int64_t>(1000 / ops_per_s * 1e9);
    const auto cpu = static_cast<int64_t>(static_cast<double>(wall) * cpu_fraction);
    worker.samples.push_back({1000, wall, cpu, cpu, 0, static_cast<uint64_t>(wall * 3)});
  }
  worker.precision_reached = true;
  cell.workers.push_back(worker);
  return cell;
}

RunResult SmallRun() {
  RunResult run;
  run.source.tool_version = "0.1.0";
  run.machine.online_cpus = 2;
  run.machine.arch = "x86_64";
  run.library.version = "OpenSSL 3.0.19 27 Jan 2026";
  run.library.options = "bn(64,64)";
  run.library.capability_vector = "N/A";
  run.method.input_sizes = {16, 64};
  AlgorithmResult aes;
  aes.algorithm = "AES-128-CBC";
  aes.kind = "cipher";
  aes.cells.push_back(MeasuredCell("encrypt", 16, 500));  // 8000 bytes/s: below 10000
  aes.cells.push_back(MeasuredCell("encrypt", 64, 1e6));
  run.algorithms.push_back(aes);
  AlgorithmResult sha;
  sha.algorithm = "SHA-256";
  sha.kind = "hash";
  for (uint64_t len : {16u, 64u}) {
    Cell cell;
    cell.operation = "hash";
    cell.input_len = len;
    cell.status = CellStatus::kError;
    cell.message = "EVP_DigestUpdate failed, \"really\"";
    sha.cells.push_back(cell);
  }
  run.algorithms.push_back(sha);
  results::DeriveAllFigures(run);
  return run;
}

std::string Rendered(const RunResult& run, Format format) {
  std::ostringstream out;
  Render(run, format, out);
  return out.str();
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    lines.push_back(line);
  }
  return lines;
}

TEST(RenderTableTest, HeaderShowsEnvironmentAndWarnings) {
  RunResult run = SmallRun();
  run.library.worker_env = {{"OPENSSL_ia32cap", "~0x200000200000000"}};
  run.method.threads = 4;
  const std::string text = Rendered(run, Format::kTable);
  EXPECT_NE(text.find("N/A (built without assembly)"), std::string::npos);
  EXPECT_NE(text.find("OPENSSL_ia32cap=~0x200000200000000"), std::string::npos);
  EXPECT_NE(text.find("warning: 4 threads on 2 online CPUs"), std::string::npos);
  EXPECT_NE(text.find("MB/s = 10^6 bytes/s"), std::string::npos);
  EXPECT_NE(text.find("none (cycle figures unavailable)"), std::string::npos);
  // The failed row names its status once and its message.
  EXPECT_NE(text.find("error: EVP_DigestUpdate failed"), std::string::npos);
  for (const std::string& line : Lines(text)) {
    EXPECT_TRUE(line.empty() || line.back() != ' ') << "trailing space: [" << line << "]";
  }
}

TEST(RenderTableTest, KatFooterCountsPassedAlgorithms) {
  RunResult run = SmallRun();
  run.algorithms[0].kat.status = "passed";
  run.algorithms[1].kat.status = "passed";
  const std::string text = Rendered(run, Format::kTable);
  EXPECT_NE(text.find("All 2 algorithms measured passed their known-answer tests (sources: "
                      "docs/methodology.md)."),
            std::string::npos)
      << text;
  run.algorithms[0].kat = {"failed", "NIST SP 800-38A, F.2.1", "byte 3 differs"};
  const std::string failed = Rendered(run, Format::kTable);
  EXPECT_EQ(failed.find("All 2 algorithms"), std::string::npos);
  EXPECT_NE(failed.find("KAT FAILED: AES-128-CBC: byte 3 differs (NIST SP 800-38A, F.2.1)"),
            std::string::npos)
      << failed;
}

TEST(RenderTableTest, NoWarningWithinOnlineCpus) {
  RunResult run = SmallRun();
  run.method.threads = 2;
  const std::string text = Rendered(run, Format::kTable);
  EXPECT_NE(text.find("Threads:"), std::string::npos);
  EXPECT_EQ(text.find("warning:"), std::string::npos);
}

TEST(RenderCsvTest, QuotesAsRfc4180AndKeepsColumnCount) {
  const std::string text = Rendered(SmallRun(), Format::kCsv);
  const std::vector<std::string> lines = Lines(text);
  ASSERT_EQ(lines.size(), 5u);  // header + 4 cells
  const auto count_commas = [](const std::string& line) {
    size_t commas = 0;
    bool quoted = false;
    for (char c : line) {
      quoted = c == '"' ? !quoted : quoted;
      commas += (c == ',' && !quoted) ? 1 : 0;
    }
    return commas;
  };
  for (const std::string& line : lines) {
    EXPECT_EQ(count_commas(line), count_commas(lines[0])) << line;
  }
  // The message, then the library that produced the row (version, path, capability vector).
  const std::string quoted_message =
      ",\"EVP_DigestUpdate failed, \"\"really\"\"\",OpenSSL 3.0.19 27 Jan 2026,,N/A";
  ASSERT_GT(lines[3].size(), quoted_message.size());
  EXPECT_EQ(lines[3].substr(lines[3].size() - quoted_message.size()), quoted_message);
  EXPECT_EQ(lines[3].substr(0, 30), "SHA-256,hash,hash,16,error,,,,");
  // Numbers in full, not in exponent form.
  EXPECT_EQ(lines[2].substr(0, 41), "AES-128-CBC,cipher,encrypt,64,ok,1000000,");
}

// The CSV's ticks_per_op and ticks_per_byte fields hold figures only for a run with a tick
// counter: an emulated run records none (app::MachineInfoFrom), and its samples' ticks would
// pass for a CPU's cycles.
TEST(RenderCsvTest, TickFieldsOnlyWithATickCounter) {
  const auto field = [](const std::string& line, const std::string& header,
                        const std::string& name) {
    std::vector<std::string> names;
    std::vector<std::string> values;
    for (auto [text, out] : {std::pair{header, &names}, std::pair{line, &values}}) {
      std::istringstream in(text);
      for (std::string item; std::getline(in, item, ',');) {
        out->push_back(item);
      }
    }
    for (size_t i = 0; i < names.size() && i < values.size(); ++i) {
      if (names[i] == name) {
        return values[i];
      }
    }
    return std::string("(no such column)");
  };
  RunResult run = SmallRun();
  run.machine.tick_counter = "tsc";
  run.machine.tick_rate_hz = 2e9;
  std::vector<std::string> lines = Lines(Rendered(run, Format::kCsv));
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(field(lines[2], lines[0], "ticks_per_op"), "3000");  // the samples' 3 ticks per ns
  EXPECT_EQ(field(lines[2], lines[0], "ticks_per_byte"), "46.875");

  run.machine.tick_counter = "none";
  run.machine.tick_rate_hz = 0;
  lines = Lines(Rendered(run, Format::kCsv));
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(field(lines[2], lines[0], "ticks_per_op"), "");
  EXPECT_EQ(field(lines[2], lines[0], "ticks_per_byte"), "");
  EXPECT_EQ(field(lines[2], lines[0], "ops_per_s"), "1000000");
}

TEST(RenderOpensslTest, SmallValuesFailedRowsAndHeader) {
  const std::string text = Rendered(SmallRun(), Format::kOpenssl);
  const std::vector<std::string> lines = Lines(text);
  ASSERT_EQ(lines.size(), 6u) << text;
  // Provenance: a line openssl speed never prints, which import recognises.
  EXPECT_EQ(lines[0],
            "+cryptobench 0.1.0: written by cryptobench in the layout of openssl speed, not by "
            "openssl "
            "speed");
  EXPECT_EQ(lines[1], "version: 3.0.19");
  EXPECT_EQ(lines[2], "options: bn(64,64)");
  EXPECT_EQ(lines[3], "The 'numbers' are in 1000s of bytes per second processed.");
  EXPECT_EQ(lines[4], "type             16 bytes     64 bytes");
  // 8000 bytes/s prints unscaled with a trailing space; 64e6 bytes/s in thousands with 'k'.
  EXPECT_EQ(lines[5], "AES-128-CBC       8000.00     64000.00k");
  // SHA-256 failed at every size: left out, as openssl speed leaves out what it cannot run.
  EXPECT_EQ(text.find("sha256"), std::string::npos);
}

TEST(RenderOpensslTest, PublicKeyLayouts) {
  RunResult run;
  AlgorithmResult rsa;
  rsa.algorithm = "RSA-4096";
  rsa.cells.push_back(MeasuredCell("sign", 32, 1000));
  rsa.cells.push_back(MeasuredCell("verify", 32, 20000));
  run.algorithms.push_back(rsa);
  AlgorithmResult ecdh;
  ecdh.algorithm = "ECDH-P256";
  ecdh.cells.push_back(MeasuredCell("derive", 0, 20000));
  run.algorithms.push_back(ecdh);
  results::DeriveAllFigures(run);
  const std::vector<std::string> lines = Lines(Rendered(run, Format::kOpenssl));
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[1], "                  sign    verify    sign/s verify/s");
  EXPECT_EQ(lines[2], "rsa 4096 bits 0.001000s 0.000050s   1000.0  20000.0");
  EXPECT_EQ(lines[3], "                              op      op/s");
  EXPECT_EQ(lines[4], " 256 bits ecdh (nistp256)   0.0001s  20000.0");
}

// New-user tryout: `speed` printed "±128.7%". A cell whose CI half-width is past 50% shows the
// figure flagged "(noisy)" in text and Markdown alike, with one note saying why and what to do;
// CSV keeps the bounds themselves.
TEST(RenderNoisyTest, TextAndMarkdownFlagTheFigureCsvKeepsTheBounds) {
  RunResult run = SmallRun();
  results::CellFigures& f = *run.algorithms[0].cells[1].figures;
  f.bytes_per_s = results::Estimate{64e6, 10e6, 174.7e6};  // ±128.7%
  for (const Format format : {Format::kTable, Format::kMarkdown}) {
    const std::string text = Rendered(run, format);
    EXPECT_EQ(text.find("128.7%"), std::string::npos) << text;
    EXPECT_NE(text.find("64.00 ±>50% (noisy)"), std::string::npos) << text;
    EXPECT_NE(text.find("AES-128-CBC encrypt at 64 B is wider than ±50%"), std::string::npos)
        << text;
  }
  const std::string csv = Rendered(run, Format::kCsv);
  EXPECT_NE(csv.find(",64000000,10000000,174700000,"), std::string::npos) << csv;
}

TEST(RenderMarkdownTest, EscapesPipesAndMarksMismatch) {
  RunResult run = SmallRun();
  run.algorithms[1].cells[0].message = "EVP | failed";
  run.algorithms[0].cells[1] = MeasuredCell("encrypt", 64, 1e6, 0.5);
  results::DeriveAllFigures(run);
  const std::string text = Rendered(run, Format::kMarkdown);
  EXPECT_NE(text.find("| AES-128-CBC | encrypt | 0.00800 ±0.0% | 64.00 ±0.0% ! |"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("| SHA-256 | hash | error: EVP \\| failed |  |"), std::string::npos) << text;
  EXPECT_NE(text.find("! CPU time differs from wall-clock time"), std::string::npos);
  EXPECT_NE(text.find("`N/A (built without assembly)`"), std::string::npos);
}

TEST(RenderJsonTest, PrettyWithTrailingNewline) {
  const std::string text = Rendered(SmallRun(), Format::kJson);
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n');
  EXPECT_EQ(text.substr(0, 22), "{\n  \"schema_version\": ");
}

// A run a signal stopped says so first in every text format, and JSON keeps it as fields that
// read back; a complete run has none of it.
TEST(RenderPartialTest, EveryFormatMarksAnInterruptedRun) {
  RunResult run = SmallRun();
  EXPECT_EQ(Rendered(run, Format::kTable).find("PARTIAL"), std::string::npos);
  EXPECT_EQ(Rendered(run, Format::kCsv).find("partial"), std::string::npos);
  EXPECT_FALSE(results::ToJson(run).contains("partial"));
  run.interrupted_by = "SIGINT";
  EXPECT_EQ(Rendered(run, Format::kTable).rfind("PARTIAL: partial run: interrupted by SIGINT;", 0),
            0u);
  EXPECT_EQ(Rendered(run, Format::kMarkdown).rfind("> **Partial run**: interrupted by SIGINT;", 0),
            0u);
  const std::vector<std::string> csv = Lines(Rendered(run, Format::kCsv));
  ASSERT_GE(csv.size(), 2u);
  EXPECT_EQ(csv[0].rfind("# partial run: interrupted by SIGINT;", 0), 0u);
  EXPECT_EQ(csv[1].rfind("algorithm,kind,operation,", 0), 0u);
  const std::vector<std::string> openssl = Lines(Rendered(run, Format::kOpenssl));
  ASSERT_GE(openssl.size(), 3u);
  EXPECT_EQ(openssl[0].rfind("+cryptobench 0.1.0: ", 0), 0u);
  EXPECT_EQ(openssl[1].rfind("+cryptobench partial run: interrupted by SIGINT;", 0), 0u);
  const nlohmann::ordered_json json = results::ToJson(run);
  EXPECT_EQ(json["partial"], true);
  EXPECT_EQ(json["interrupted_by"], "SIGINT");
  EXPECT_EQ(results::FromJson(nlohmann::json::parse(json.dump())).interrupted_by, "SIGINT");
  const std::string html = Rendered(run, Format::kHtml);
  EXPECT_NE(html.find("Partial run: interrupted by SIGINT;"), std::string::npos);
  EXPECT_EQ(Rendered(SmallRun(), Format::kHtml).find("Partial run"), std::string::npos);
  // Several backends and the JSON text writer too.
  std::ostringstream backends;
  RenderBackends({run, SmallRun()}, Format::kTable, backends);
  EXPECT_EQ(backends.str().rfind("PARTIAL: ", 0), 0u);
  EXPECT_NE(results::RunsToJsonText({run}).find("\"interrupted_by\": \"SIGINT\""),
            std::string::npos);
}

}  // namespace
}  // namespace cryptobench::report
