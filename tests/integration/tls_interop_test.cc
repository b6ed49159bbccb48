// cryptobench's TLS server and client against real peers: curl and `openssl s_client` download
// from `cryptobench tls --serve`, and `cryptobench tls --connect` downloads from
// `openssl s_server -WWW`. Each transfer is checked byte for byte or by SHA-256.
// Without curl or openssl the tests are skipped, unless CRYPTOBENCH_REQUIRE_INTEROP=1 (set by
// scripts/test.sh, whose install-deps.sh installs both) makes a missing peer a failure.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include "integration/cli_runner.h"
#include "tls/stream.h"

namespace cryptobench::testing {
namespace {

namespace fs = std::filesystem;

std::string FindProgram(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const fs::path candidate = fs::path(dir) / name;
    if (access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
  }
  return "";
}

// The peer's path, or "" after skipping (or failing, when peers are required) the test.
#define REQUIRE_PEER(var, name)                                                    \
  const std::string var = FindProgram(name);                                       \
  if (var.empty()) {                                                               \
    const char* required = std::getenv("CRYPTOBENCH_REQUIRE_INTEROP");             \
    if (required != nullptr && std::string(required) == "1") {                     \
      FAIL() << name << " is not installed (scripts/install-deps.sh installs it)"; \
    }                                                                              \
    GTEST_SKIP() << name << " is not installed";                                   \
  }

// A child process with its stdout (and stderr, when `merge_stderr`) on a pipe; killed and
// reaped on destruction if still running.
class Child {
 public:
  Child(const std::vector<std::string>& argv, const fs::path& cwd = {}) {
    int out[2];
    if (pipe2(out, O_CLOEXEC) != 0) {
      return;
    }
    pid_ = fork();
    if (pid_ == 0) {
      dup2(out[1], STDOUT_FILENO);
      const int null_in = open("/dev/null", O_RDONLY);
      dup2(null_in, STDIN_FILENO);
      if (!cwd.empty() && chdir(cwd.c_str()) != 0) {
        _exit(126);
      }
      std::vector<char*> args;
      for (const std::string& arg : argv) {
        args.push_back(const_cast<char*>(arg.c_str()));
      }
      args.push_back(nullptr);
      execv(args[0], args.data());
      _exit(127);
    }
    close(out[1]);
    out_ = out[0];
  }
  ~Child() {
    if (pid_ > 0 && !reaped_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (out_ >= 0) {
      close(out_);
    }
  }

  // The next line of stdout within `seconds`; "" on timeout or end.
  std::string Line(double seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    for (;;) {
      const size_t newline = buffer_.find('\n');
      if (newline != std::string::npos) {
        std::string line = buffer_.substr(0, newline);
        buffer_.erase(0, newline + 1);
        return line;
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      pollfd pfd{out_, POLLIN, 0};
      if (left.count() <= 0 || poll(&pfd, 1, static_cast<int>(left.count())) <= 0) {
        return "";
      }
      char chunk[4096];
      const ssize_t n = read(out_, chunk, sizeof chunk);
      if (n <= 0) {
        return "";
      }
      buffer_.append(chunk, static_cast<size_t>(n));
    }
  }

  // Exit status within `seconds`, or -1 (then killed).
  int Wait(double seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < deadline) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        reaped_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return -1;
  }

  void Terminate() {
    if (pid_ > 0 && !reaped_) {
      kill(pid_, SIGTERM);
    }
  }

 private:
  pid_t pid_ = -1;
  int out_ = -1;
  bool reaped_ = false;
  std::string buffer_;
};

// Runs a shell command and returns its exit status.
int Shell(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The first `bytes` of cryptobench's stream for `seed`.
std::string StreamBytes(uint64_t seed, size_t bytes) {
  const tls::ExpectedStream stream(seed);
  std::string out;
  for (size_t offset = 0; offset < bytes;) {
    const size_t chunk = std::min(bytes - offset, tls::ExpectedStream::kMaxChunk);
    out.append(reinterpret_cast<const char*>(stream.At(offset)), chunk);
    offset += chunk;
  }
  return out;
}

class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "cryptobench-interop-XXXXXX").string();
    path_ = mkdtemp(pattern.data()) != nullptr ? pattern : "";
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Whether a TCP socket listens on `port` (any address), from /proc/net/tcp and tcp6, polled for
// up to `seconds`. Reading the tables does not touch the listener, unlike a probing connect.
bool WaitUntilListening(uint16_t port, double seconds) {
  char wanted[8];
  std::snprintf(wanted, sizeof wanted, ":%04X", port);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  do {
    for (const char* table : {"/proc/net/tcp", "/proc/net/tcp6"}) {
      std::ifstream in(table);
      std::string line;
      std::getline(in, line);  // the header
      while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string slot, local, remote, state;
        fields >> slot >> local >> remote >> state;
        // State 0A is TCP_LISTEN (include/net/tcp_states.h).
        if (state == "0A" && local.size() > 5 && local.compare(local.size() - 5, 5, wanted) == 0) {
          return true;
        }
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  } while (std::chrono::steady_clock::now() < deadline);
  return false;
}

// `cryptobench tls --serve` for `connections` clients; its port and certificate file.
struct Served {
  std::unique_ptr<Child> child;
  std::string port;
  std::string cert;
};

Served Serve(int connections, const std::vector<std::string>& more = {}) {
  std::vector<std::string> argv = {CRYPTOBENCH_BINARY, "tls", "--serve", "--connections",
                                   std::to_string(connections)};
  argv.insert(argv.end(), more.begin(), more.end());
  Served served;
  served.child = std::make_unique<Child>(argv);
  const std::string first = served.child->Line(60);
  const std::string second = served.child->Line(5);
  const size_t at = first.find("127.0.0.1:");
  EXPECT_NE(at, std::string::npos) << first;
  if (at != std::string::npos) {
    served.port = first.substr(at + 10, first.find(' ', at) - at - 10);
  }
  const std::string prefix = "certificate: ";
  EXPECT_EQ(second.rfind(prefix, 0), 0u) << second;
  served.cert = second.substr(std::min(prefix.size(), second.size()));
  return served;
}

TEST(TlsInteropTest, CurlDownloadsFromCryptobenchsServer) {
  REQUIRE_PEER(curl, "curl");
  for (const char* backend : {"openssl", "gnutls"}) {
    SCOPED_TRACE(backend);
    const CliResult probe =
        RunCryptobench({"tls", "--backend", backend, "--no-transfers", "--no-handshakes"});
    if (probe.err.find("not a TLS backend of this build") != std::string::npos) {
      continue;  // GnuTLS not compiled in
    }
    TempDir dir;
    Served served = Serve(1, {"--backend", backend});
    ASSERT_FALSE(served.port.empty());
    EXPECT_TRUE(fs::exists(served.cert));
    const fs::path out = dir.path() / "body";
    const std::string url =
        "https://localhost:" + served.port + "/cryptobench?bytes=3000001&seed=7";
    EXPECT_EQ(
        Shell(curl + " -sS --cacert '" + served.cert + "' -o '" + out.string() + "' '" + url + "'"),
        0);
    EXPECT_TRUE(ReadFile(out) == StreamBytes(7, 3000001)) << "curl received other bytes";
    EXPECT_EQ(served.child->Wait(30), 0);
    // The certificate's directory goes with the server.
    EXPECT_FALSE(fs::exists(fs::path(served.cert).parent_path()));
  }
}

TEST(TlsInteropTest, OpensslSClientDownloadsFromCryptobenchsServer) {
  REQUIRE_PEER(openssl, "openssl");
  TempDir dir;
  Served served = Serve(1, {"--suites", "TLS_CHACHA20_POLY1305_SHA256"});
  ASSERT_FALSE(served.port.empty());
  const fs::path request = dir.path() / "request";
  std::ofstream(request) << "GET /cryptobench?bytes=1000000&seed=9 HTTP/1.1\r\nHost: "
                            "localhost\r\nConnection: close\r\n\r\n";
  const fs::path out = dir.path() / "response";
  EXPECT_EQ(
      Shell(openssl + " s_client -connect 127.0.0.1:" + served.port +
            " -servername localhost -verify_hostname localhost -verify_return_error -CAfile '" +
            served.cert + "' -quiet < '" + request.string() + "' > '" + out.string() +
            "' 2>/dev/null"),
      0);
  const std::string response = ReadFile(out);
  const size_t body = response.find("\r\n\r\n");
  ASSERT_NE(body, std::string::npos) << response.substr(0, 200);
  EXPECT_EQ(response.rfind("HTTP/1.1 200 OK\r\n", 0), 0u);
  EXPECT_TRUE(response.substr(body + 4) == StreamBytes(9, 1000000))
      << "s_client received other bytes";
  EXPECT_EQ(served.child->Wait(30), 0);
}

TEST(TlsInteropTest, ServeEndsOnSigtermAndRemovesItsCertificate) {
  Served served = Serve(0);
  ASSERT_FALSE(served.port.empty());
  ASSERT_TRUE(fs::exists(served.cert));
  served.child->Terminate();
  EXPECT_EQ(served.child->Wait(10), 0);
  EXPECT_FALSE(fs::exists(fs::path(served.cert).parent_path()));
}

TEST(TlsInteropTest, CryptobenchDownloadsFromOpensslSServer) {
  REQUIRE_PEER(openssl, "openssl");
  TempDir dir;
  // The peer's key and certificate, and the file it serves, in the test's own directory.
  ASSERT_EQ(Shell("cd '" + dir.path().string() + "' && " + openssl +
                  " req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout key.pem "
                  "-out cert.pem -subj /CN=localhost -addext subjectAltName=DNS:localhost -days 1 "
                  "2>/dev/null"),
            0);
  std::ofstream(dir.path() / "payload.bin", std::ios::binary) << StreamBytes(11, 2 << 20);
  // A free port for the peer: the kernel picks one, then it is released for s_server.
  const int probe = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(bind(probe, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  socklen_t length = sizeof address;
  getsockname(probe, reinterpret_cast<sockaddr*>(&address), &length);
  const std::string port = std::to_string(ntohs(address.sin_port));
  close(probe);
  Child server({openssl, "s_server", "-accept", port, "-cert", "cert.pem", "-key", "key.pem",
                "-WWW", "-quiet"},
               dir.path());
  // Waits until the peer listens (a fixed pause is too short on a loaded machine).
  ASSERT_TRUE(WaitUntilListening(ntohs(address.sin_port), 60)) << "s_server does not listen";
  // The expected digest, from the peer's own tool.
  ASSERT_EQ(Shell(openssl + " dgst -sha256 -r '" + (dir.path() / "payload.bin").string() + "' > '" +
                  (dir.path() / "sha").string() + "'"),
            0);
  const std::string sha = ReadFile(dir.path() / "sha").substr(0, 64);
  const CliResult result =
      RunCryptobench({"tls", "--connect", "localhost:" + port, "--path", "/payload.bin", "--cafile",
                      (dir.path() / "cert.pem").string(), "--expect-sha256", sha, "--max-seconds",
                      "0.3", "--precision", "50%", "--no-progress", "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err << result.out;
  const nlohmann::json doc = ParseJson(result);
  const auto& cell = doc.at("transfers").at(0);
  EXPECT_EQ(cell.at("status"), "ok");
  EXPECT_EQ(cell.at("body_sha256"), sha);
  EXPECT_EQ(cell.at("negotiated").at("protocol"), "TLSv1.3");
  EXPECT_GE(cell.at("verified_bytes").get<uint64_t>(), cell.at("samples").size() * (2 << 20));
  EXPECT_FALSE(cell.at("samples").at(0).at("server_measured").get<bool>());
  // A wrong digest fails the cell (exit 1), and a server that is not there is an error.
  const CliResult wrong =
      RunCryptobench({"tls", "--connect", "localhost:" + port, "--path", "/payload.bin", "--cafile",
                      (dir.path() / "cert.pem").string(), "--expect-sha256", std::string(64, '0'),
                      "--max-seconds", "0.2", "--no-progress", "--no-aead-ceiling"});
  EXPECT_EQ(wrong.exit_status, 1);
  EXPECT_NE(wrong.out.find("the body's SHA-256 is " + sha), std::string::npos) << wrong.out;
}

TEST(TlsInteropTest, ConnectAndServeBadInputIsOneLine) {
  for (const auto& [args, message] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"tls", "--connect", "nohostport"},
            "error: --connect 'nohostport': expected HOST:PORT"},
           {{"tls", "--path", "/x"}, "error: --path needs --connect HOST:PORT"},
           {{"tls", "--connect", "localhost:1", "--path", "x y"}, "error: --path 'x y'"},
           {{"tls", "--connect", "localhost:1", "--path", "/x", "--expect-sha256", "abc"},
            "error: --expect-sha256: expected 64 hexadecimal digits"},
           {{"tls", "--serve", "--connect", "localhost:1"},
            "error: --serve and --connect cannot be combined"},
           {{"tls", "--serve", "--suites", "TLS_AES_128_GCM_SHA256,TLS_AES_256_GCM_SHA384"},
            "error: --suites with --serve: name one"},
           {{"tls", "--connect", "localhost:1", "--cafile", "/nonexistent.pem"},
            "error: --cafile '/nonexistent.pem'"}}) {
    const CliResult result = RunCryptobench(args);
    EXPECT_EQ(result.exit_status, 2) << args.back();
    EXPECT_EQ(result.err.rfind(message, 0), 0u) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  }
}

}  // namespace
}  // namespace cryptobench::testing
