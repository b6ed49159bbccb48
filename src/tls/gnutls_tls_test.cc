// The GnuTLS TLS library (built when the gnutls backend is): credentials, handshakes,
// resumption and TLS 1.2, and one short `cryptobench tls --backend gnutls` run.
#include "tls/gnutls_tls.h"

#include <future>

#include <gtest/gtest.h>

#include "integration/cli_runner.h"
#include "tls/socket.h"

namespace cryptobench::tls {
namespace {

TlsLibrary& Gnutls() {
  static std::unique_ptr<TlsLibrary> library = OpenGnutlsTls();
  return *library;
}

Negotiated Exchange(ClientEndpoint& client, ServerEndpoint& server, const ResumptionState* resume,
                    std::shared_ptr<ResumptionState>* saved) {
  uint16_t port = 0;
  ListenFailure failure;
  std::string error;
  Fd listener = ListenLoopback(0, &port, &failure, &error);
  Fd client_fd = ConnectTo("127.0.0.1", port, 10, &error);
  Fd server_fd = AcceptConnection(listener.get(), 10, &error);
  auto served = std::async(std::launch::async, [&] {
    std::string server_error;
    auto connection = server.Accept(server_fd.get(), &server_error);
    EXPECT_NE(connection, nullptr) << server_error;
    if (connection != nullptr) {
      const uint8_t hello[] = "hello";
      EXPECT_TRUE(connection->Write(hello, 5));
      uint8_t end[8];
      EXPECT_EQ(connection->Read(end, sizeof end), 0);
    }
  });
  auto connection = client.Connect(client_fd.get(), resume, &error);
  EXPECT_NE(connection, nullptr) << error;
  Negotiated info;
  if (connection != nullptr) {
    uint8_t buffer[16];
    EXPECT_EQ(connection->Read(buffer, sizeof buffer), 5) << connection->error();
    info = connection->Info();
    if (saved != nullptr) {
      *saved = client.SaveSession(*connection);
    }
    connection->Shutdown();
  }
  served.get();
  return info;
}

TEST(GnutlsTlsTest, EveryCertificateTypeHandshakesAndResumes) {
  EXPECT_FALSE(Gnutls().Info().crypto.version.empty());
  for (CertType cert : CertTypes()) {
    SCOPED_TRACE(std::string(CertTypeName(cert)));
    std::vector<uint8_t> der;
    std::string error;
    ASSERT_TRUE(Gnutls().GenerateCredential(cert, &der, &error)) << error;
    EndpointConfig config;
    config.suite = FindSuite("TLS_AES_256_GCM_SHA384");
    config.group = FindGroup("P-256");
    config.cert = cert;
    SetupError setup;
    auto server = Gnutls().NewServer(config, &setup);
    ASSERT_NE(server, nullptr) << setup.message;
    auto client = Gnutls().NewClient(config, {der}, "localhost", &setup);
    ASSERT_NE(client, nullptr) << setup.message;
    std::shared_ptr<ResumptionState> session;
    const Negotiated full = Exchange(*client, *server, nullptr, &session);
    EXPECT_EQ(full.protocol, "TLSv1.3");
    EXPECT_EQ(full.suite, "TLS_AES_256_GCM_SHA384");
    EXPECT_EQ(full.group, "P-256");
    EXPECT_FALSE(full.resumed);
    ASSERT_NE(session, nullptr);
    EXPECT_TRUE(Exchange(*client, *server, session.get(), nullptr).resumed);
  }
}

TEST(GnutlsTlsTest, Tls12EcdsaWithX25519) {
  std::vector<uint8_t> der;
  std::string error;
  ASSERT_TRUE(Gnutls().GenerateCredential(CertType::kEcdsaP256, &der, &error)) << error;
  EndpointConfig config;
  config.suite = FindSuite("ECDHE-ECDSA-AES128-GCM-SHA256");
  config.group = FindGroup("X25519");
  config.cert = CertType::kEcdsaP256;
  SetupError setup;
  auto server = Gnutls().NewServer(config, &setup);
  auto client = Gnutls().NewClient(config, {der}, "localhost", &setup);
  ASSERT_NE(client, nullptr) << setup.message;
  const Negotiated info = Exchange(*client, *server, nullptr, nullptr);
  EXPECT_EQ(info.protocol, "TLSv1.2");
  EXPECT_EQ(info.suite, "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256");
  EXPECT_EQ(info.group, "X25519");
}

TEST(GnutlsTlsTest, AGroupThisGnutlsLacksIsUnsupported) {
  EndpointConfig config;
  config.suite = FindSuite("TLS_AES_128_GCM_SHA256");
  config.group = FindGroup("X25519MLKEM768");
  SetupError setup;
  auto client = Gnutls().NewClient(config, {}, "localhost", &setup);
  if (client == nullptr) {  // GnuTLS before 3.8.9
    EXPECT_TRUE(setup.unsupported) << setup.message;
    EXPECT_NE(setup.message.find("GROUP-X25519-MLKEM768"), std::string::npos);
  }
}

TEST(GnutlsTlsTest, CliRunsTheGnutlsBackend) {
  const testing::CliResult result = testing::RunCryptobench({"tls",
                                                             "--backend",
                                                             "gnutls",
                                                             "--suites",
                                                             "TLS_CHACHA20_POLY1305_SHA256",
                                                             "--groups",
                                                             "X25519",
                                                             "--certs",
                                                             "Ed25519",
                                                             "--transfer-bytes",
                                                             "2M",
                                                             "--max-seconds",
                                                             "0.2",
                                                             "--precision",
                                                             "50%",
                                                             "--handshake-seconds",
                                                             "0.2",
                                                             "--no-tcp",
                                                             "--no-progress",
                                                             "--format",
                                                             "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const nlohmann::json doc = testing::ParseJson(result);
  EXPECT_EQ(doc.at("backend"), "gnutls");
  EXPECT_EQ(doc.at("transfers")[0].at("status"), "ok");
  EXPECT_EQ(doc.at("transfers")[0].at("negotiated").at("suite"), "TLS_CHACHA20_POLY1305_SHA256");
  EXPECT_EQ(doc.at("handshakes")[1].at("status"), "ok");
  EXPECT_EQ(doc.at("aead_ceiling").at("library").at("backend"), "gnutls");
  // A library linked at build time takes no path.
  const testing::CliResult with_lib =
      testing::RunCryptobench({"tls", "--backend", "gnutls", "--lib", "libcrypto.so.3"});
  EXPECT_EQ(with_lib.exit_status, 2);
  EXPECT_EQ(with_lib.err,
            "error: --lib: the gnutls backend is linked in at build time and takes no library "
            "path\n");
}

}  // namespace
}  // namespace cryptobench::tls
