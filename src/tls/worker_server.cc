// The tls server worker: generates its credentials, listens on loopback and serves each cell's
// connections one at a time, measuring the CPU each one costs.
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <memory>

#include <fmt/format.h>
#include <sys/socket.h>

#include "core/hex.h"
#include "results/json.h"

#include "tls/ktls.h"
#include "tls/socket.h"
#include "tls/worker_internal.h"

namespace cryptobench::tls {
namespace {

// After the response, the server waits this long for the client to close (a "lingering
// close", as web servers do), so unread data from the client cannot turn the close into a
// reset that cuts off the end of the response.
constexpr int kLingerMilliseconds = 2000;

void Linger(int fd) {
  shutdown(fd, SHUT_WR);
  char drain[4096];
  pollfd pfd{fd, POLLIN, 0};
  while (poll(&pfd, 1, kLingerMilliseconds) > 0) {
    if (recv(fd, drain, sizeof drain, 0) <= 0) {
      break;
    }
  }
}

ConnectionRecord Failed(ConnectionRecord record, const std::string& message) {
  record.ok = false;
  record.message = message;
  return record;
}

}  // namespace

ConnectionRecord ServeConnection(Fd fd, const measure::ClockReading& start,
                                 ServerEndpoint* endpoint, const ServeSettings& settings,
                                 Negotiated* negotiated) {
  ConnectionRecord record;
  std::string error;
  std::unique_ptr<Connection> connection;
  if (endpoint == nullptr) {
    connection = std::make_unique<TcpConnection>(fd.get());
  } else {
    connection = endpoint->Accept(fd.get(), &error);
  }
  if (connection == nullptr) {
    return Failed(record, "handshake: " + error);
  }
  auto* tls = dynamic_cast<TlsConnection*>(connection.get());
  if (tls != nullptr && negotiated != nullptr) {
    *negotiated = tls->Info();
  }
  std::string head;
  std::string extra;
  TransferRequest request;
  if (!ReadHead(*connection, &head, &extra, &error)) {
    return Failed(record, "request: " + error);
  }
  if (!ParseRequest(head, &request, &error)) {
    const std::string answer = FormatBadRequest(error);
    connection->Write(reinterpret_cast<const uint8_t*>(answer.data()), answer.size());
    connection->Shutdown();
    return Failed(record, "request: " + error);
  }
  record.connection = request.connection;
  const ExpectedStream stream(request.seed);
  const size_t record_size = std::max<uint64_t>(settings.record_size, 1);
  const std::string response = FormatResponseHead(request.bytes);
  const measure::ClockReading body_start = measure::ReadClocks();
  bool ok = connection->Write(reinterpret_cast<const uint8_t*>(response.data()), response.size());
  for (uint64_t offset = 0; ok && offset < request.bytes;) {
    const size_t chunk = static_cast<size_t>(
        std::min<uint64_t>({record_size, request.bytes - offset, ExpectedStream::kMaxChunk}));
    if (settings.test_fault.starts_with("server-") && offset >= request.bytes / 2 &&
        request.bytes >= 2 * record_size) {
      InjectWorkerFault(settings.test_fault);
    }
    ok = connection->Write(stream.At(offset), chunk);
    offset += chunk;
    record.bytes = offset;
  }
  const measure::ClockReading body_end = measure::ReadClocksAfterWork();
  record.transfer = CpuBetween(body_start, body_end);
  if (tls != nullptr) {
    const Negotiated info = tls->Info();
    record.ktls_send = info.ktls_send;
    record.ktls_recv = info.ktls_recv;
  }
  if (!ok) {
    return Failed(record, "sending: " + connection->error());
  }
  connection->Shutdown();
  connection.reset();
  Linger(fd.get());
  fd.Reset();
  record.whole = CpuBetween(start, measure::ReadClocksAfterWork());
  return record;
}

namespace {

class Server {
 public:
  Server(const WorkerJob& job, TlsLibrary& library, MessageChannel& channel)
      : job_(job), library_(library), channel_(channel) {}

  int Run(CommandReader& commands) {
    nlohmann::json certs = nlohmann::json::object();
    for (const std::string& name : job_.certs) {
      CertType type;
      if (!ParseCertType(name, &type)) {
        return SendFatal(channel_, "unknown certificate type " + name, false);
      }
      std::vector<uint8_t> der;
      std::string error;
      if (!library_.GenerateCredential(type, &der, &error)) {
        return SendFatal(channel_, error, false);
      }
      certs[std::string(CertTypeName(type))] = HexEncode(der);
    }
    uint16_t port = 0;
    ListenFailure failure = ListenFailure::kNone;
    std::string error;
    listener_ = ListenLoopback(job_.port, &port, &failure, &error);
    if (!listener_.valid()) {
      return SendFatal(
          channel_,
          failure == ListenFailure::kInUse ? fmt::format("--port {}: {}", job_.port, error) : error,
          failure == ListenFailure::kInUse);
    }
    const TlsLibraryInfo& info = library_.Info();
    const KernelKtlsFacts kernel = KernelTlsFacts(RealKtlsSystem());
    channel_.Send({{"type", "listening"},
                   {"port", port},
                   {"library", results::LibraryToJson(info.crypto)},
                   {"libssl_requested_path", info.libssl_requested_path},
                   {"libssl_loaded_path", info.libssl_loaded_path},
                   {"certs", certs},
                   {"ktls_kernel", {{"ulp", kernel.ulp}, {"detail", kernel.detail}}}});
    return Loop(commands);
  }

 private:
  int Loop(CommandReader& commands) {
    for (;;) {
      pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {listener_.get(), POLLIN, 0}};
      if (poll(fds, 2, -1) < 0) {
        if (errno == EINTR) {
          continue;
        }
        return 1;
      }
      if ((fds[0].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
        bool closed = false;
        for (auto line = commands.NextAvailable(&closed); line; line = commands.Buffered()) {
          if (!Command(*line)) {
            return 0;
          }
        }
        if (closed) {
          return 0;  // the parent went away
        }
      }
      if ((fds[1].revents & POLLIN) != 0) {
        Serve();
      }
    }
  }

  // Handles one command line; false on "quit".
  bool Command(const std::string& line) {
    nlohmann::json command;
    try {
      command = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception&) {
      channel_.Send({{"type", "error"}, {"message", "malformed command"}});
      return true;
    }
    const std::string name = command.value("cmd", "");
    if (name == "quit") {
      channel_.Send({{"type", "done"}});
      return false;
    }
    if (name == "report") {
      nlohmann::json records = nlohmann::json::array();
      for (const ConnectionRecord& record : records_) {
        records.push_back(ConnectionRecordToJson(record));
      }
      records_.clear();
      channel_.Send({{"type", "connections"}, {"connections", records}});
      return true;
    }
    if (name == "serve") {
      SetUp(command.at("cell"));
      return true;
    }
    channel_.Send({{"type", "error"}, {"message", "unknown command " + name}});
    return true;
  }

  void SetUp(const nlohmann::json& cell_json) {
    endpoint_.reset();
    records_.clear();
    try {
      request_ = CellRequestFromJson(cell_json);
      SetupError error;
      if (request_.cell.transport == "tls") {
        endpoint_ = library_.NewServer(EndpointFor(request_.cell), &error);
        if (endpoint_ == nullptr) {
          serving_ = false;
          channel_.Send({{"type", "setup_failed"},
                         {"unsupported", error.unsupported},
                         {"message", error.message}});
          return;
        }
      }
      serving_ = true;
      channel_.Send({{"type", "serving"}});
    } catch (const std::exception& e) {
      serving_ = false;
      channel_.Send({{"type", "setup_failed"}, {"unsupported", false}, {"message", e.what()}});
    }
  }

  // Accepts one connection and serves its request.
  void Serve() {
    std::string error;
    const measure::ClockReading start = measure::ReadClocks();
    Fd fd = AcceptConnection(listener_.get(), job_.io_timeout_seconds, &error);
    if (!fd.valid() || !serving_) {
      return;  // between cells there is nothing to serve; closing tells the client
    }
    ServeSettings settings;
    settings.record_size = request_.cell.record_size;
    settings.test_fault = job_.test_fault;
    records_.push_back(ServeConnection(std::move(fd), start, endpoint_.get(), settings, nullptr));
  }

  const WorkerJob& job_;
  TlsLibrary& library_;
  MessageChannel& channel_;
  Fd listener_;
  CellRequest request_;
  bool serving_ = false;
  std::unique_ptr<ServerEndpoint> endpoint_;
  std::vector<ConnectionRecord> records_;
};

}  // namespace

int RunServerWorker(const WorkerJob& job, TlsLibrary& library, MessageChannel& channel,
                    CommandReader& commands) {
  Server server(job, library, channel);
  return server.Run(commands);
}

}  // namespace cryptobench::tls
