// End-to-end tests of `cryptobench tls`: a short run of the real executable, its output, bad
// input and worker failures (exit status, message, no worker left behind).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <arpa/inet.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "integration/cli_runner.h"

namespace cryptobench::testing {
namespace {

// A value that marks this test's workers: passed with --env, found in /proc/PID/environ.
std::string Marker() {
  std::random_device random;
  return "CRYPTOBENCH_TLS_TEST_MARK=" + std::to_string(getpid()) + "-" + std::to_string(random());
}

// Processes still alive whose environment holds `marker`.
int ProcessesWith(const std::string& marker) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) {
      continue;
    }
    std::ifstream in(entry.path() / "environ", std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (text.str().find(marker) != std::string::npos) {
      ++count;
    }
  }
  return count;
}

std::vector<std::string> QuickTlsArgs(const std::string& marker) {
  return {"tls", "--transfer-bytes",    "4M",  "--max-seconds", "0.3",   "--precision",
          "50%", "--handshake-seconds", "0.2", "--no-progress", "--env", marker};
}

std::vector<std::string> With(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

void ExpectOneErrorLine(const CliResult& result, const std::string& starts_with) {
  EXPECT_EQ(result.exit_status, 2) << result.err;
  EXPECT_EQ(result.err.rfind("error: " + starts_with, 0), 0u) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_TRUE(result.out.empty()) << result.out;
}

TEST(TlsCliTest, TransfersAndHandshakesAreMeasuredAndChecked) {
  const std::string marker = Marker();
  const CliResult result = RunCryptobench(With(
      QuickTlsArgs(marker), {"--suites", "TLS_AES_128_GCM_SHA256,ECDHE-ECDSA-CHACHA20-POLY1305",
                             "--groups", "X25519", "--certs", "ECDSA-P256", "--format", "json"}));
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const nlohmann::json doc = ParseJson(result);
  EXPECT_EQ(doc.at("kind"), "tls");
  const auto& transfers = doc.at("transfers");
  ASSERT_GE(transfers.size(), 3u);
  const std::vector<std::string> suites = {"TLS_AES_128_GCM_SHA256",
                                           "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256"};
  for (size_t i = 0; i < 2; ++i) {
    const auto& cell = transfers[i];
    SCOPED_TRACE(suites[i]);
    EXPECT_EQ(cell.at("status"), "ok") << cell.value("message", "");
    EXPECT_EQ(cell.at("negotiated").at("suite"), suites[i]);
    EXPECT_EQ(cell.at("negotiated").at("group"), "X25519");
    const auto& figures = cell.at("figures");
    EXPECT_GT(figures.at("bytes_per_s").at("value").get<double>(), 0);
    EXPECT_GT(figures.at("server_cpu_s_per_gb").at("value").get<double>(), 0);
    EXPECT_GT(figures.at("client_cpu_s_per_gb").at("value").get<double>(), 0);
    // Every sampled byte was checked, and the warm-up transfer's too.
    const uint64_t sampled = cell.at("samples").size() * (uint64_t{4} << 20);
    EXPECT_GE(cell.at("verified_bytes").get<uint64_t>(), sampled);
  }
  EXPECT_EQ(transfers[0].at("negotiated").at("protocol"), "TLSv1.3");
  EXPECT_EQ(transfers[1].at("negotiated").at("protocol"), "TLSv1.2");
  EXPECT_EQ(transfers[2].at("transport"), "tcp");
  EXPECT_EQ(transfers[2].at("status"), "ok");
  const auto& handshakes = doc.at("handshakes");
  ASSERT_EQ(handshakes.size(), 2u);
  EXPECT_EQ(handshakes[0].at("mode"), "full");
  EXPECT_EQ(handshakes[0].at("status"), "ok") << handshakes[0].value("message", "");
  EXPECT_EQ(handshakes[1].at("mode"), "resumed");
  EXPECT_EQ(handshakes[1].at("status"), "ok") << handshakes[1].value("message", "");
  EXPECT_GT(handshakes[1].at("resumed_handshakes").get<uint64_t>(), 0u);
  EXPECT_GT(handshakes[0].at("figures").at("server_cpu_us_per_handshake").at("value").get<double>(),
            0);
  // The AEAD ceiling: both AEADs at the record size, from speed's workers.
  const auto& ceiling = doc.at("aead_ceiling").at("algorithms");
  ASSERT_EQ(ceiling.size(), 2u);
  EXPECT_EQ(ceiling[0].at("algorithm"), "AES-128-GCM");
  EXPECT_EQ(ceiling[0].at("cells")[0].at("input_len"), 16384);
  EXPECT_FALSE(doc.at("ktls").at("status").get<std::string>().empty());
  EXPECT_EQ(ProcessesWith(marker), 0);
}

TEST(TlsCliTest, TableNamesTheSuitesTheBaselineAndKtls) {
  const CliResult result = RunCryptobench(
      With(QuickTlsArgs(Marker()), {"--suites", "TLS_AES_256_GCM_SHA384", "--no-handshakes"}));
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_NE(result.out.find("Bulk transfers"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("TLS_AES_256_GCM_SHA384"), std::string::npos);
  EXPECT_NE(result.out.find("plain TCP (no TLS)"), std::string::npos);
  EXPECT_NE(result.out.find("kTLS: "), std::string::npos);
  EXPECT_EQ(result.out.find("Handshakes"), std::string::npos);
}

TEST(TlsCliTest, BadInputIsOneLineAndExitStatus2) {
  const std::string marker = Marker();
  const std::vector<std::string> args = QuickTlsArgs(marker);
  ExpectOneErrorLine(RunCryptobench(With(args, {"--suites", "TLS_RC4_128_SHA"})),
                     "--suites: unknown suite 'TLS_RC4_128_SHA'");
  ExpectOneErrorLine(RunCryptobench(With(args, {"--groups", "ffdhe9999"})),
                     "--groups: unknown group 'ffdhe9999'");
  ExpectOneErrorLine(RunCryptobench(With(args, {"--record-size", "20000"})), "--record-size");
  ExpectOneErrorLine(RunCryptobench(With(args, {"--transfer-bytes", "lots"})), "--transfer-bytes");
  ExpectOneErrorLine(
      RunCryptobench(With(args, {"--suites", "ECDHE-RSA-AES128-GCM-SHA256", "--cert", "Ed25519"})),
      "--cert Ed25519: TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 needs an RSA certificate");
  ExpectOneErrorLine(RunCryptobench(With(args, {"--libssl", "/nonexistent/libssl.so.3"})),
                     "cannot load libssl /nonexistent/libssl.so.3");
  ExpectOneErrorLine(RunCryptobench(With(args, {"--libssl", "libcrypto.so.3"})),
                     "libcrypto.so.3 is not a usable libssl");
  ExpectOneErrorLine(RunCryptobench(With(args, {"--lib", "/nonexistent/libcrypto.so.3"})),
                     "cannot load /nonexistent/libcrypto.so.3");
  EXPECT_EQ(ProcessesWith(marker), 0);
}

TEST(TlsCliTest, APortInUseIsBadInput) {
  const int taken = socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(taken, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(bind(taken, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  ASSERT_EQ(listen(taken, 1), 0);
  socklen_t length = sizeof address;
  ASSERT_EQ(getsockname(taken, reinterpret_cast<sockaddr*>(&address), &length), 0);
  const std::string port = std::to_string(ntohs(address.sin_port));
  const std::string marker = Marker();
  ExpectOneErrorLine(RunCryptobench(With(QuickTlsArgs(marker), {"--port", port})),
                     "--port " + port + ": 127.0.0.1:" + port + " is in use");
  close(taken);
  EXPECT_EQ(ProcessesWith(marker), 0);
}

TEST(TlsCliTest, AServerThatDiesMidTransferFailsItsCellAndTheRunGoesOn) {
  const std::string marker = Marker();
  const CliResult result = RunCryptobench(
      With(QuickTlsArgs(marker),
           {"--suites", "TLS_AES_128_GCM_SHA256", "--groups", "X25519", "--certs", "ECDSA-P256",
            "--no-aead-ceiling", "--no-tcp", "--format", "json", "--test-fault", "server-crash",
            "--io-timeout", "5", "--worker-timeout", "20"}));
  EXPECT_EQ(result.exit_status, 1) << result.err;
  const nlohmann::json doc = ParseJson(result);
  const auto& transfer = doc.at("transfers").at(0);
  EXPECT_EQ(transfer.at("status"), "crashed");
  EXPECT_NE(transfer.at("message").get<std::string>().find("SIGSEGV"), std::string::npos);
  // The handshakes run in a fresh pair of workers (they send no body, so the fault spares them).
  EXPECT_EQ(doc.at("handshakes").at(0).at("status"), "ok");
  EXPECT_EQ(ProcessesWith(marker), 0);
}

TEST(TlsCliTest, AServerThatHangsIsKilledAndTheCellTimesOut) {
  const std::string marker = Marker();
  const CliResult result = RunCryptobench(With(
      QuickTlsArgs(marker), {"--suites", "TLS_AES_128_GCM_SHA256", "--no-handshakes", "--no-tcp",
                             "--no-aead-ceiling", "--format", "json", "--test-fault", "server-hang",
                             "--io-timeout", "2", "--worker-timeout", "6"}));
  EXPECT_EQ(result.exit_status, 1) << result.err;
  const nlohmann::json doc = ParseJson(result);
  const auto& transfer = doc.at("transfers").at(0);
  EXPECT_EQ(transfer.at("status"), "timeout") << transfer.value("message", "");
  EXPECT_EQ(ProcessesWith(marker), 0);
}

TEST(TlsCliTest, CompareReadsTlsResultsAndRefusesOthers) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("cryptobench_tls_compare_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::vector<std::string> run =
      With(QuickTlsArgs(Marker()), {"--suites", "TLS_AES_128_GCM_SHA256", "--no-handshakes",
                                    "--no-tcp", "--format", "json", "--output"});
  ASSERT_EQ(RunCryptobench(With(run, {(dir / "a.json").string()})).exit_status, 0);
  ASSERT_EQ(RunCryptobench(With(run, {(dir / "b.json").string()})).exit_status, 0);
  // A tls result is recognised without --tls.
  const CliResult compared =
      RunCryptobench({"compare", (dir / "a.json").string(), (dir / "b.json").string()});
  EXPECT_EQ(compared.exit_status, 0) << compared.err;
  EXPECT_NE(compared.out.find("cryptobench compare --tls: 2 sides"), std::string::npos);
  EXPECT_NE(compared.out.find("TLS_AES_128_GCM_SHA256"), std::string::npos);
  EXPECT_NE(compared.out.find("Doctor on the AEADs"), std::string::npos);
  // compare's CSV and HTML are of throughput ratios: a tls comparison has neither yet.
  for (const char* format : {"csv", "html"}) {
    const CliResult refused = RunCryptobench(
        {"compare", (dir / "a.json").string(), (dir / "b.json").string(), "--format", format});
    EXPECT_EQ(refused.exit_status, 2) << format;
    EXPECT_NE(refused.err.find(fmt::format("compare --tls cannot write {}", format)),
              std::string::npos)
        << refused.err;
  }
  // A speed result is no tls result.
  ASSERT_EQ(RunCryptobench({"speed", "AES-128-GCM", "--bytes", "16384", "--max-seconds", "0.05",
                            "--no-progress", "--format", "json", "--output",
                            (dir / "speed.json").string()})
                .exit_status,
            0);
  const CliResult mixed = RunCryptobench(
      {"compare", "--tls", (dir / "a.json").string(), (dir / "speed.json").string()});
  EXPECT_EQ(mixed.exit_status, 2);
  EXPECT_NE(mixed.err.find("speed.json: not a tls result"), std::string::npos) << mixed.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace cryptobench::testing
