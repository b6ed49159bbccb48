#include "tls/render.h"

#include <algorithm>
#include <sstream>

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace cryptobench::tls
