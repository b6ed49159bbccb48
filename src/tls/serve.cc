// The --serve loop: one connection at a time until the count is reached or a signal arrives.
#include "tls/serve.h"

#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>
#include <sys/stat.h>

#include "core/errors.h"
#include "report/format_util.h"

#include "tls/library.h"
#include "tls/pem.h"
#include "tls/socket.h"
#include "tls/worker_internal.h"

namespace cryptobench::tls {
namespace {

volatile std::sig_atomic_t stop_requested = 0;

void RequestStop(int) { stop_requested = 1; }

// SIGINT and SIGTERM end the loop (poll() returns EINTR) instead of the process, so the
// temporary directory is removed; the previous handlers come back on destruction.
class StopSignals {
 public:
  StopSignals() {
    stop_requested = 0;
    struct sigaction action {};
    action.sa_handler = RequestStop;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &old_int_);
    sigaction(SIGTERM, &action, &old_term_);
  }
  ~StopSignals() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};

// A private temporary directory, removed with what it holds on destruction.
class TemporaryDirectory {
 public:
  TemporaryDirectory() {
    const char* tmpdir = std::getenv("TMPDIR");
    std::string pattern = std::string(tmpdir != nullptr && *tmpdir != '\0' ? tmpdir : "/tmp") +
                          "/cryptobench-tls-XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr) {
      throw std::runtime_error(
          fmt::format("cannot create a temporary directory {}: {}", pattern, std::strerror(errno)));
    }
    path_ = pattern;
  }
  ~TemporaryDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace

int RunServe(const ServeOptions& options, std::ostream& out, std::ostream& log) {
  std::unique_ptr<TlsLibrary> library =
      OpenTlsLibrary(options.backend, options.libcrypto_path, options.libssl_path);
  std::vector<uint8_t> der;
  std::string error;
  if (!library->GenerateCredential(options.cert, &der, &error)) {
    throw std::runtime_error(error);
  }
  EndpointConfig config;
  config.suite = options.suite;
  config.group = options.group;
  config.cert = options.cert;
  SetupError setup;
  std::unique_ptr<ServerEndpoint> endpoint = library->NewServer(config, &setup);
  if (endpoint == nullptr) {
    if (setup.unsupported) {
      throw UsageError(setup.message);
    }
    throw std::runtime_error(setup.message);
  }
  uint16_t port = 0;
  ListenFailure failure = ListenFailure::kNone;
  Fd listener = ListenLoopback(options.port, &port, &failure, &error);
  if (!listener.valid()) {
    if (failure == ListenFailure::kInUse) {
      throw UsageError(fmt::format("--port {}: {}", options.port, error));
    }
    throw std::runtime_error(error);
  }
  const TemporaryDirectory directory;
  const std::filesystem::path cert_path = directory.path() / "cert.pem";
  {
    std::ofstream file(cert_path);
    file << ToPem(der, "CERTIFICATE");
    file.close();  // close() flushes; a full disk shows in the stream's state
    if (!file) {
      throw std::runtime_error("cannot write " + cert_path.string());
    }
  }
  const StopSignals signals;
  const TlsLibraryInfo& info = library->Info();
  out << fmt::format(
      "serving https://localhost:{}/cryptobench?bytes=N[&seed=S] on 127.0.0.1:{} ({} {}, {} "
      "certificate for localhost and 127.0.0.1)\n",
      port, port, options.backend, info.crypto.version, CertTypeName(options.cert));
  out << "certificate: " << cert_path.string() << '\n';
  if (!out.flush()) {
    // Clients need the port and the certificate: serving without showing them helps no one.
    throw std::runtime_error("cannot write to standard output: the server's address is unshown");
  }

  ServeSettings settings;
  settings.record_size = options.record_size;
  int status = 0;
  for (uint64_t served = 0;
       stop_requested == 0 && (options.connections == 0 || served < options.connections);) {
    pollfd ready{listener.get(), POLLIN, 0};
    if (poll(&ready, 1, 250) <= 0) {
      continue;  // a timeout or a signal: look at the stop flag again
    }
    const measure::ClockReading start = measure::ReadClocks();
    Fd fd = AcceptConnection(listener.get(), options.io_timeout_seconds, &error);
    if (!fd.valid()) {
      continue;
    }
    ++served;
    Negotiated negotiated;
    const ConnectionRecord record =
        ServeConnection(std::move(fd), start, endpoint.get(), settings, &negotiated);
    if (!record.ok) {
      status = 1;
      log << fmt::format("connection {}: failed: {}\n", served, record.message);
    } else {
      log << fmt::format("connection {}: {} {} {}: {} bytes, server CPU {} ms\n", served,
                         negotiated.protocol, negotiated.suite, negotiated.group, record.bytes,
                         report::FormatCost(static_cast<double>(record.whole.cpu_ns) / 1e6));
    }
    log.flush();
  }
  return status;
}

}  // namespace cryptobench::tls
