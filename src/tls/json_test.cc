#include "tls/json.h"

#include <gtest/gtest.h>

namespace cryptobench::tls {
namespace {

TlsRun SampleRun() {
  TlsRun run;
  run.created_utc = "2026-01-01T00:00:00Z";
  run.source.tool_version = "0.1.0";
  run.machine.cpu_model = "Test CPU";
  run.machine.online_cpus = 2;
  run.library.version = "OpenSSL 3.0.19 27 Jan 2026";
  run.library.loaded_path = "/usr/lib/libcrypto.so.3";
  run.libssl_loaded_path = "/usr/lib/libssl.so.3";
  run.method.transfer_bytes = 1 << 20;
  run.method.record_size = 16384;
  run.method.precision = 0.05;
  run.ktls.status = "unavailable";
  run.ktls.reason = "no tls ULP";
  TlsCell transfer;
  transfer.protocol = "TLSv1.3";
  transfer.suite = "TLS_AES_128_GCM_SHA256";
  transfer.aead = "AES-128-GCM";
  transfer.group = "X25519";
  transfer.cert = "ECDSA-P256";
  transfer.transfer_bytes = 1 << 20;
  transfer.record_size = 16384;
  transfer.negotiated.protocol = "TLSv1.3";
  transfer.verified_bytes = 6 << 20;
  for (int i = 0; i < 6; ++i) {
    TlsSample sample;
    sample.connections = 1;
    sample.bytes = 1 << 20;
    sample.wall_ns = 1000000 + i * 1000;
    sample.client = {500000, 400000, 100000, 0};
    sample.server = {450000, 350000, 100000, 1};
    transfer.samples.push_back(sample);
  }
  TlsCell handshake;
  handshake.kind = "handshake";
  handshake.group = "X25519MLKEM768";
  handshake.cert = "RSA-2048";
  handshake.mode = "resumed";
  handshake.status = results::CellStatus::kUnsupported;
  handshake.message = "this libssl does not offer the group X25519MLKEM768";
  run.transfers = {transfer};
  run.handshakes = {handshake};
  DeriveAllTlsFigures(run);
  return run;
}

TEST(TlsJsonTest, RoundTripsAndRecomputesTheFigures) {
  const TlsRun run = SampleRun();
  const nlohmann::ordered_json doc = TlsRunToJson(run);
  EXPECT_EQ(doc.begin().key(), "schema_version");
  EXPECT_EQ(doc.at("kind"), "tls");
  EXPECT_TRUE(doc.at("transfers")[0].at("figures").contains("server_cpu_s_per_gb"));
  const nlohmann::json plain = nlohmann::json::parse(doc.dump());
  EXPECT_TRUE(IsTlsDocument(plain));
  EXPECT_TRUE(IsTlsDocumentText(doc.dump(2)));
  const TlsRun back = TlsRunFromJson(plain);
  EXPECT_EQ(back.library.version, run.library.version);
  EXPECT_EQ(back.machine.cpu_model, "Test CPU");
  EXPECT_EQ(back.libssl_loaded_path, "/usr/lib/libssl.so.3");
  EXPECT_EQ(back.ktls.reason, "no tls ULP");
  ASSERT_EQ(back.transfers.size(), 1u);
  ASSERT_TRUE(back.transfers[0].figures.has_value());
  EXPECT_DOUBLE_EQ(back.transfers[0].figures->rate.value, run.transfers[0].figures->rate.value);
  EXPECT_TRUE(back.transfers[0].figures->precision_reached);
  EXPECT_EQ(back.transfers[0].verified_bytes, 6u << 20);
  ASSERT_EQ(back.handshakes.size(), 1u);
  EXPECT_EQ(back.handshakes[0].status, results::CellStatus::kUnsupported);
  EXPECT_EQ(back.handshakes[0].mode, "resumed");
}

TEST(TlsJsonTest, ProblemsNameTheirPath) {
  nlohmann::json doc = nlohmann::json::parse(TlsRunToJson(SampleRun()).dump());
  doc["transfers"][0]["samples"][2]["wall_ns"] = "fast";
  try {
    TlsRunFromJson(doc);
    FAIL() << "a string wall_ns was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(),
                 "tls results JSON: transfers[0].samples[2].wall_ns: expected a whole number >= 0");
  }
  doc = nlohmann::json::parse(TlsRunToJson(SampleRun()).dump());
  doc["machine"]["online_cpus"] = "two";
  EXPECT_THROW(TlsRunFromJson(doc), std::runtime_error);
  doc = nlohmann::json::parse(TlsRunToJson(SampleRun()).dump());
  doc["schema_version"] = 2;
  EXPECT_THROW(TlsRunFromJson(doc), std::runtime_error);
  EXPECT_FALSE(IsTlsDocument(nlohmann::json::parse(R"({"schema_version":1,"algorithms":[]})")));
}

// The text test agrees with IsTlsDocument on the parsed text, and reads no more than JSON.
TEST(TlsJsonTest, TextIsATlsDocumentOnlyWithATopLevelKindTls) {
  for (const char* text : {R"({"kind":"tls"})", R"( {"a":[{"kind":1}],"kind":"tls"} )",
                           R"({"kind":"speed","kind":"tls"})"}) {
    EXPECT_TRUE(IsTlsDocumentText(text)) << text;
    EXPECT_TRUE(IsTlsDocument(nlohmann::json::parse(text))) << text;
  }
  for (const char* text :
       {R"({"schema_version":1,"algorithms":[]})", R"({"a":{"kind":"tls"}})", R"([{"kind":"tls"}])",
        R"({"kind":["tls"]})", R"({"kind":{"x":"tls"}})", R"({"kind":"tls","kind":"speed"})",
        R"("tls")", R"({"kind":"tls"} trailing)", R"({"kind":"tls")", ""}) {
    EXPECT_FALSE(IsTlsDocumentText(text)) << text;
  }
}

}  // namespace
}  // namespace cryptobench::tls
