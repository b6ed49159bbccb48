// The OpenSSL TLS library on the system's OpenSSL 3: credentials, handshakes and resumption
// over a loopback connection, the libssl/libcrypto match, and the 1.1.1 symbol set.
#include "tls/openssl_tls.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <future>
#include <set>
#include <thread>

#include <gtest/gtest.h>

#include "core/errors.h"

#include "tls/socket.h"

namespace cryptobench::tls::openssl {
namespace {

TlsLibrary& SystemLibrary() {
  static std::unique_ptr<TlsLibrary> library = OpenOpensslTls("", "");
  return *library;
}

// A connected pair of loopback sockets.
struct SocketPair {
  Fd server;
  Fd client;
};

SocketPair Connected() {
  uint16_t port = 0;
  ListenFailure failure;
  std::string error;
  Fd listener = ListenLoopback(0, &port, &failure, &error);
  EXPECT_TRUE(listener.valid()) << error;
  SocketPair pair;
  pair.client = ConnectTo("127.0.0.1", port, 10, &error);
  pair.server = AcceptConnection(listener.get(), 10, &error);
  return pair;
}

EndpointConfig Config(const char* suite, const char* group, CertType cert) {
  EndpointConfig config;
  config.suite = FindSuite(suite);
  config.group = FindGroup(group);
  config.cert = cert;
  return config;
}

// One handshake and a short exchange; returns what the client saw.
Negotiated Handshake(ClientEndpoint& client, ServerEndpoint& server, const ResumptionState* resume,
                     std::shared_ptr<ResumptionState>* saved = nullptr) {
  SocketPair sockets = Connected();
  auto served = std::async(std::launch::async, [&] {
    std::string error;
    std::unique_ptr<TlsConnection> connection = server.Accept(sockets.server.get(), &error);
    EXPECT_NE(connection, nullptr) << error;
    if (connection != nullptr) {
      const uint8_t hello[] = "hello";
      EXPECT_TRUE(connection->Write(hello, 5));
      uint8_t end[8];
      EXPECT_EQ(connection->Read(end, sizeof end), 0);  // the client's close_notify
      EXPECT_TRUE(connection->clean_end());
    }
  });
  std::string error;
  std::unique_ptr<TlsConnection> connection = client.Connect(sockets.client.get(), resume, &error);
  EXPECT_NE(connection, nullptr) << error;
  Negotiated info;
  if (connection != nullptr) {
    uint8_t buffer[16];
    EXPECT_EQ(connection->Read(buffer, sizeof buffer), 5);
    info = connection->Info();
    if (saved != nullptr) {
      *saved = client.SaveSession(*connection);
    }
    connection->Shutdown();
  }
  served.get();
  return info;
}

TEST(OpensslTlsTest, OpensTheSystemLibsslBesideItsLibcrypto) {
  const TlsLibraryInfo& info = SystemLibrary().Info();
  EXPECT_EQ(info.libssl_requested_path, "libssl.so.3");
  EXPECT_NE(info.libssl_loaded_path.find("libssl.so.3"), std::string::npos);
  EXPECT_EQ(std::filesystem::path(info.libssl_loaded_path).parent_path(),
            std::filesystem::path(info.crypto.loaded_path).parent_path());
  EXPECT_NE(info.crypto.version.find("OpenSSL 3"), std::string::npos);
}

TEST(OpensslTlsTest, EveryCertificateTypeHandshakesAndResumes) {
  for (CertType cert : CertTypes()) {
    SCOPED_TRACE(std::string(CertTypeName(cert)));
    std::vector<uint8_t> der;
    std::string error;
    ASSERT_TRUE(SystemLibrary().GenerateCredential(cert, &der, &error)) << error;
    ASSERT_GT(der.size(), 100u);
    EXPECT_EQ(der[0], 0x30);  // a DER SEQUENCE
    const EndpointConfig config = Config("TLS_AES_128_GCM_SHA256", "X25519", cert);
    SetupError setup;
    auto server = SystemLibrary().NewServer(config, &setup);
    ASSERT_NE(server, nullptr) << setup.message;
    auto client = SystemLibrary().NewClient(config, {der}, "localhost", &setup);
    ASSERT_NE(client, nullptr) << setup.message;
    std::shared_ptr<ResumptionState> session;
    const Negotiated full = Handshake(*client, *server, nullptr, &session);
    EXPECT_EQ(full.protocol, "TLSv1.3");
    EXPECT_EQ(full.suite, "TLS_AES_128_GCM_SHA256");
    EXPECT_EQ(full.group, "X25519");
    EXPECT_FALSE(full.resumed);
    ASSERT_NE(session, nullptr);
    const Negotiated resumed = Handshake(*client, *server, session.get());
    EXPECT_TRUE(resumed.resumed);
  }
}

TEST(OpensslTlsTest, Tls12SuitesAndP256) {
  std::vector<uint8_t> der;
  std::string error;
  ASSERT_TRUE(SystemLibrary().GenerateCredential(CertType::kRsa2048, &der, &error)) << error;
  const EndpointConfig config = Config("ECDHE-RSA-CHACHA20-POLY1305", "P-256", CertType::kRsa2048);
  SetupError setup;
  auto server = SystemLibrary().NewServer(config, &setup);
  auto client = SystemLibrary().NewClient(config, {der}, "localhost", &setup);
  ASSERT_NE(server, nullptr);
  ASSERT_NE(client, nullptr);
  const Negotiated info = Handshake(*client, *server, nullptr);
  EXPECT_EQ(info.protocol, "TLSv1.2");
  EXPECT_EQ(info.suite, "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256");
  EXPECT_EQ(info.group, "P-256");
}

TEST(OpensslTlsTest, AClientThatDoesNotTrustTheCertificateFails) {
  std::vector<uint8_t> trusted;
  std::vector<uint8_t> other;
  std::string error;
  ASSERT_TRUE(SystemLibrary().GenerateCredential(CertType::kEd25519, &trusted, &error));
  // A second credential of the same type replaces the first on the server side.
  ASSERT_TRUE(SystemLibrary().GenerateCredential(CertType::kEd25519, &other, &error));
  const EndpointConfig config = Config("TLS_AES_256_GCM_SHA384", "X25519", CertType::kEd25519);
  SetupError setup;
  auto server = SystemLibrary().NewServer(config, &setup);
  auto client = SystemLibrary().NewClient(config, {trusted}, "localhost", &setup);
  SocketPair sockets = Connected();
  auto served = std::async(std::launch::async, [&] {
    std::string server_error;
    return server->Accept(sockets.server.get(), &server_error) == nullptr;
  });
  const auto connection = client->Connect(sockets.client.get(), nullptr, &error);
  EXPECT_EQ(connection, nullptr);
  EXPECT_NE(error.find("certificate verify failed"), std::string::npos) << error;
  sockets.client.Reset();
  EXPECT_TRUE(served.get());
}

TEST(OpensslTlsTest, AGroupTheLibraryLacksIsUnsupported) {
  // OpenSSL before 3.5 has no ML-KEM groups; a library that has them configures fine.
  const EndpointConfig config =
      Config("TLS_AES_128_GCM_SHA256", "X25519MLKEM768", CertType::kEcdsaP256);
  SetupError setup;
  auto client = SystemLibrary().NewClient(config, {}, "localhost", &setup);
  if (SystemLibrary().Info().crypto.version_num < 0x30500000UL) {
    EXPECT_EQ(client, nullptr);
    EXPECT_TRUE(setup.unsupported);
    EXPECT_NE(setup.message.find("X25519MLKEM768"), std::string::npos);
  } else {
    EXPECT_NE(client, nullptr) << setup.message;
  }
}

TEST(OpensslTlsTest, LibsslPathFollowsTheLibcrypto) {
  EXPECT_EQ(LibsslPathFor("libcrypto.so.3"), "libssl.so.3");
  EXPECT_EQ(LibsslPathFor("/opt/ssl/lib64/libcrypto.so.3"), "/opt/ssl/lib64/libssl.so.3");
  EXPECT_EQ(LibsslPathFor("/build/openssl-1.1.1w/libcrypto.so.1.1"),
            "/build/openssl-1.1.1w/libssl.so.1.1");
  EXPECT_THROW(LibsslPathFor("/opt/libcrypto-dir/crypto.so"), UsageError);
}

TEST(OpensslTlsTest, ALibsslOfAnotherLibcryptoIsRefused) {
  // Debian's BoringSSL libssl runs on BoringSSL's own libcrypto, not on OpenSSL's.
  const std::string boringssl_ssl = "/usr/lib/x86_64-linux-gnu/android/libssl.so";
  if (!std::filesystem::exists(boringssl_ssl)) {
    GTEST_SKIP() << "no " << boringssl_ssl << " (android-libboringssl)";
  }
  try {
    OpenOpensslTls("", boringssl_ssl);
    FAIL() << "a libssl of another libcrypto was accepted";
  } catch (const UsageError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("not on the libcrypto under test"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos);
  }
}

TEST(OpensslTlsTest, ALibsslFromAnotherDirectoryIsRefused) {
  // The system's own libssl, copied elsewhere: it runs on the libcrypto under test, but
  // nothing tells that it is of the same release, so it is refused.
  const std::string system_ssl = SystemLibrary().Info().libssl_loaded_path;
  const auto dir =
      std::filesystem::temp_directory_path() / ("cryptobench_libssl_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const auto copy = dir / "libssl.so.3";
  std::filesystem::copy_file(system_ssl, copy, std::filesystem::copy_options::overwrite_existing);
  try {
    OpenOpensslTls("", copy.string());
    ADD_FAILURE() << "a libssl from another directory was accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("is not beside the libcrypto under test"),
              std::string::npos)
        << e.what();
  }
  std::filesystem::remove_all(dir);
}

TEST(OpensslTlsTest, SomethingThatIsNoLibsslIsRefused) {
  EXPECT_THROW(OpenOpensslTls("", "/nonexistent/libssl.so.3"), UsageError);
  // The libcrypto itself loads, but brings no SSL functions.
  try {
    OpenOpensslTls("", "libcrypto.so.3");
    FAIL() << "libcrypto was accepted as a libssl";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("missing symbol"), std::string::npos) << e.what();
  }
}

// OpenSSL 1.1.1's util/libssl.num (OpenSSL_1_1_1-stable) tags each export with the release
// that added it; these are the tags of the REQUIRED functions. Every one is 1.1.1 or older, so
// a 1.1.1 libssl resolves the whole table (cryptobench runs only 3.x here; README, "TLS").
TEST(OpensslTlsTest, RequiredLibsslFunctionsAreAll111Exports) {
  const std::map<std::string, std::string> in_111 = {
      {"TLS_server_method", "1_1_0"},
      {"TLS_client_method", "1_1_0"},
      {"SSL_CTX_new", "1_1_0"},
      {"SSL_CTX_free", "1_1_0"},
      {"SSL_CTX_ctrl", "1_1_0"},
      {"SSL_CTX_set_options", "1_1_0"},
      {"SSL_CTX_set_ciphersuites", "1_1_1"},
      {"SSL_CTX_set_cipher_list", "1_1_0"},
      {"SSL_CTX_use_certificate", "1_1_0"},
      {"SSL_CTX_use_PrivateKey", "1_1_0"},
      {"SSL_CTX_check_private_key", "1_1_0"},
      {"SSL_CTX_get_cert_store", "1_1_0"},
      {"SSL_CTX_set_default_verify_paths", "1_1_0"},
      {"SSL_CTX_set_verify", "1_1_0"},
      {"SSL_CTX_set_num_tickets", "1_1_1"},
      {"SSL_new", "1_1_0"},
      {"SSL_free", "1_1_0"},
      {"SSL_set_fd", "1_1_0"},
      {"SSL_accept", "1_1_0"},
      {"SSL_connect", "1_1_0"},
      {"SSL_read", "1_1_0"},
      {"SSL_write", "1_1_0"},
      {"SSL_get_error", "1_1_0"},
      {"SSL_shutdown", "1_1_0"},
      {"SSL_ctrl", "1_1_0"},
      {"SSL_get_version", "1_1_0"},
      {"SSL_get_current_cipher", "1_1_0"},
      {"SSL_CIPHER_standard_name", "1_1_0"},
      {"SSL_get1_session", "1_1_0"},
      {"SSL_set_session", "1_1_0"},
      {"SSL_SESSION_free", "1_1_0"},
      {"SSL_session_reused", "1_1_0"},
      {"SSL_set1_host", "1_1_0"},
      {"SSL_get_rbio", "1_1_0"},
      {"SSL_get_wbio", "1_1_0"},
  };
  for (const std::string& name : RequiredLibsslSymbols()) {
    EXPECT_EQ(in_111.count(name), 1u) << name << " is not known to be a 1.1.1 libssl export";
  }
  EXPECT_EQ(RequiredLibsslSymbols().size(), in_111.size());
}

// The 3.x-only entry stays optional: with it cleared (as on 1.1.1) the group is the one asked
// for and everything else works.
TEST(OpensslTlsTest, WorksWithoutThe3xOnlyFunctions) {
  auto loaded = LoadLibssl("libssl.so.3", backends::openssl::LoadLibcrypto("libcrypto.so.3"));
  auto table = std::make_shared<Libssl>(*loaded);
  table->SSL_group_to_name = nullptr;
  std::unique_ptr<TlsLibrary> library = OpenOpensslTls(table);
  std::vector<uint8_t> der;
  std::string error;
  ASSERT_TRUE(library->GenerateCredential(CertType::kEcdsaP256, &der, &error)) << error;
  const EndpointConfig config =
      Config("TLS_CHACHA20_POLY1305_SHA256", "P-256", CertType::kEcdsaP256);
  SetupError setup;
  auto server = library->NewServer(config, &setup);
  auto client = library->NewClient(config, {der}, "localhost", &setup);
  ASSERT_NE(client, nullptr);
  const Negotiated info = Handshake(*client, *server, nullptr);
  EXPECT_EQ(info.group, "P-256");
  EXPECT_EQ(info.suite, "TLS_CHACHA20_POLY1305_SHA256");
}

}  // namespace
}  // namespace cryptobench::tls::openssl
