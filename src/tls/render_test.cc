#include "tls/render.h"

#include <algorithm>
#include <sstream>

#include <gtest/gtest.h>

#include "support/golden.h"
#include "tls/json.h"

namespace cryptobench::tls {
namespace {

TlsRun TwoCellRun() {
  TlsRun run;
  run.source.tool_version = "0.1.0";
  run.library.version = "OpenSSL 3.0.19 27 Jan 2026";
  run.method.transfer_bytes = 256 << 20;
  run.method.record_size = 16384;
  TlsCell transfer;
  transfer.protocol = "TLSv1.3";
  transfer.suite = "TLS_AES_128_GCM_SHA256";
  transfer.aead = "AES-128-GCM";
  transfer.group = "X25519";
  transfer.cert = "ECDSA-P256";
  transfer.record_size = 16384;
  for (int i = 0; i < 6; ++i) {
    TlsSample sample;
    sample.connections = 1;
    sample.bytes = 1000000000;
    sample.wall_ns = 500000000;                            // 2000 MB/s
    sample.server = {300000000, 200000000, 100000000, 0};  // 0.3 s/GB
    sample.client = {400000000, 300000000, 100000000, 0};
    transfer.samples.push_back(sample);
  }
  TlsCell failed = transfer;
  failed.suite = "TLS_CHACHA20_POLY1305_SHA256";
  failed.samples.clear();
  failed.status = results::CellStatus::kCrashed;
  failed.message = "the server worker killed by SIGSEGV";
  TlsCell handshake;
  handshake.kind = "handshake";
  handshake.group = "P-256";
  handshake.cert = "Ed25519";
  handshake.mode = "full";
  TlsSample batch;
  batch.connections = 10;
  batch.wall_ns = 10000000;                       // 1000/s
  batch.server = {5000000, 4000000, 1000000, 0};  // 500 µs each
  batch.client = {6000000, 5000000, 1000000, 0};
  handshake.samples.assign(6, batch);
  run.transfers = {transfer, failed};
  run.handshakes = {handshake};
  DeriveAllTlsFigures(run);
  return run;
}

TEST(TlsRenderTest, TableShowsRatesCpuAndFailures) {
  std::ostringstream out;
  RenderTlsTable(TwoCellRun(), out);
  const std::string text = out.str();
  EXPECT_NE(text.find("2000.0 ±0.0%"), std::string::npos) << text;
  EXPECT_NE(text.find("0.300 (0.200 + 0.100)"), std::string::npos) << text;
  EXPECT_NE(text.find("crashed: the server worker killed by SIGSEGV"), std::string::npos);
  EXPECT_NE(text.find("1000.0 ±0.0%"), std::string::npos) << text;  // handshakes/s
  EXPECT_NE(text.find("500.0"), std::string::npos);                 // server µs
}

TEST(TlsRenderTest, CsvHasOneRowPerCellAndMarkdownIsATable) {
  std::ostringstream csv;
  RenderTlsCsv(TwoCellRun(), csv);
  const std::string text = csv.str();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 4);  // header + 3 cells
  EXPECT_EQ(text.rfind("kind,transport,protocol,suite,", 0), 0u);
  EXPECT_NE(text.find("transfer,tls,TLSv1.3,TLS_AES_128_GCM_SHA256,X25519,ECDSA-P256,,false,"
                      "16384,0,ok,2000000000,"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find(",us/handshake,"), std::string::npos);
  std::ostringstream markdown;
  RenderTlsMarkdown(TwoCellRun(), markdown);
  EXPECT_NE(markdown.str().find("| transfer | protocol | group | cert | MB/s (95% CI) |"),
            std::string::npos)
      << markdown.str();
  EXPECT_THROW(RenderTls(TwoCellRun(), report::Format::kOpenssl, markdown), std::invalid_argument);
}

// A saved result is untrusted: markup in its machine fields is escaped in Markdown, as in every
// other field and command.
TEST(TlsRenderTest, MarkdownEscapesTheMachineFields) {
  TlsRun run = TwoCellRun();
  run.machine.cpu_model = "EPYC<script>x</script>";
  run.machine.kernel = "6.1 <img src=x onerror=y>";
  std::ostringstream markdown;
  RenderTlsMarkdown(run, markdown);
  const std::string text = markdown.str();
  for (size_t at = text.find('<'); at != std::string::npos; at = text.find('<', at + 1)) {
    EXPECT_TRUE(at > 0 && text[at - 1] == '\\') << "unescaped '<' at " << at << ":\n" << text;
  }
  EXPECT_NE(text.find("EPYC\\<script>"), std::string::npos) << text;
  EXPECT_NE(text.find("6.1 \\<img"), std::string::npos) << text;
}

// A kTLS transfer whose client kept decryption in user space (OpenSSL 3.0, TLS 1.3) is named
// "kTLS send", so that it is not read as the kernel doing both sides.
TEST(TlsRenderTest, KtlsLabelSaysWhenOnlyTheSendingSideWasInTheKernel) {
  TlsCell cell;
  cell.suite = "TLS_AES_128_GCM_SHA256";
  cell.ktls = true;
  cell.negotiated.server_ktls_send = true;
  EXPECT_EQ(TransferLabel(cell), "TLS_AES_128_GCM_SHA256 + kTLS send");
  cell.negotiated.ktls_recv = true;
  EXPECT_EQ(TransferLabel(cell), "TLS_AES_128_GCM_SHA256 + kTLS");
  cell.ktls = false;
  EXPECT_EQ(TransferLabel(cell), "TLS_AES_128_GCM_SHA256");
}

// The HTML page of a run with a transfer, a failed transfer and full and resumed handshakes whose
// samples differ (so the charts have CI whiskers). Its JSON is kept beside it: scripts/html-check
// draws it with `cryptobench report tls.json --format html` in Chromium.
TlsRun GoldenRun() {
  TlsRun run = TwoCellRun();
  run.backend = "openssl";
  run.machine.cpu_model = "Golden test CPU";
  run.machine.online_cpus = 2;
  run.machine.kernel = "6.1.0";
  run.created_utc = "2026-12-03T06:00:00Z";
  run.ktls.status = "not_tried";
  run.ktls.reason = "not asked for";
  for (size_t i = 0; i < run.transfers[0].samples.size(); ++i) {
    run.transfers[0].samples[i].wall_ns += static_cast<int64_t>(i) * 10000000;
  }
  TlsCell resumed = run.handshakes[0];
  resumed.mode = "resumed";
  for (size_t i = 0; i < resumed.samples.size(); ++i) {
    resumed.samples[i].wall_ns = 2000000 + static_cast<int64_t>(i) * 50000;  // ~5000/s
  }
  run.handshakes.push_back(resumed);
  DeriveAllTlsFigures(run);
  return run;
}

TEST(TlsRenderTest, HtmlGolden) {
  std::ostringstream json;
  RenderTls(GoldenRun(), report::Format::kJson, json);
  cryptobench::testing::ExpectMatchesGolden(json.str(), "tls.json");
  std::ostringstream html;
  RenderTls(GoldenRun(), report::Format::kHtml, html);
  const std::string page = html.str();
  EXPECT_NE(page.find("<title>cryptobench tls</title>"), std::string::npos);
  EXPECT_NE(page.find("Bulk transfers: throughput against the AEAD"), std::string::npos);
  EXPECT_NE(page.find("Handshakes: full and resumed, handshakes/s"), std::string::npos);
  EXPECT_NE(page.find("crashed: the server worker killed by SIGSEGV"), std::string::npos);
  cryptobench::testing::ExpectMatchesGolden(page, "tls.html");
}

}  // namespace
}  // namespace cryptobench::tls
