// The tls client worker: for each cell, connects to the server worker again and again, timing
// transfers (checked byte for byte) or batches of handshakes, until the precision target or
// the time budget is met.
#include <algorithm>
#include <chrono>
#include <memory>
#include <random>

#include <fmt/format.h>

#include "core/hex.h"
#include "results/json.h"
#include "stats/stats.h"

#include "tls/socket.h"
#include "tls/worker_internal.h"

namespace cryptobench::tls {
namespace {

using Clock = std::chrono::steady_clock;

// The stopping rule of measure::SampleUntilPrecise: the median's CI attains the confidence
// asked for and is within the precision target.
bool PreciseEnough(const std::vector<double>& rates, const measure::SamplerConfig& config) {
  const stats::Summary summary = stats::Summarize(rates, config.confidence);
  return summary.median > 0 && summary.median_ci.confidence >= config.confidence &&
         summary.RelativeHalfWidth() <= config.precision;
}

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// One connection to the server worker.
struct Link {
  Fd fd;
  std::unique_ptr<Connection> connection;
  Negotiated negotiated;
};

class Client {
 public:
  Client(const WorkerJob& job, TlsLibrary& library, MessageChannel& channel)
      : job_(job), library_(library), channel_(channel), rng_(std::random_device{}()) {
    for (const std::string& hex : job_.trusted_hex) {
      trusted_.push_back(HexDecode(hex));
    }
    for (char c : job_.expect_sha256) {
      expected_sha256_ += static_cast<char>(c >= 'A' && c <= 'F' ? c - 'A' + 'a' : c);
    }
  }

  int Run(CommandReader& commands) {
    const TlsLibraryInfo& info = library_.Info();
    channel_.Send({{"type", "ready"},
                   {"library", results::LibraryToJson(info.crypto)},
                   {"libssl_requested_path", info.libssl_requested_path},
                   {"libssl_loaded_path", info.libssl_loaded_path},
                   {"ktls_kernel", {{"ulp", "unknown"}, {"detail", "not examined (--connect)"}}},
                   {"certs", nlohmann::json::object()}});
    while (auto line = commands.Next()) {
      nlohmann::json command;
      try {
        command = nlohmann::json::parse(*line);
      } catch (const nlohmann::json::exception&) {
        channel_.Send({{"type", "error"}, {"message", "malformed command"}});
        continue;
      }
      const std::string name = command.value("cmd", "");
      if (name == "quit") {
        channel_.Send({{"type", "done"}});
        return 0;
      }
      if (name == "run") {
        channel_.Send(RunCell(command.at("cell")));
      }
    }
    return 0;
  }

 private:
  nlohmann::json RunCell(const nlohmann::json& cell_json) {
    nlohmann::json result = {{"type", "result"}, {"status", "ok"}, {"message", ""}};
    try {
      request_ = CellRequestFromJson(cell_json);
      const TlsCell& cell = request_.cell;
      endpoint_.reset();
      session_.reset();
      if (cell.transport == "tls") {
        SetupError error;
        endpoint_ = library_.NewClient(EndpointFor(cell), trusted_, job_.server_name, &error);
        if (endpoint_ == nullptr) {
          result["status"] = error.unsupported ? "unsupported" : "error";
          result["message"] = error.message;
          return result;
        }
      }
      samples_.clear();
      verified_bytes_ = 0;
      resumed_ = 0;
      negotiated_ = Negotiated{};
      std::string error;
      const bool ok =
          cell.kind == "handshake" ? MeasureHandshakes(&error) : MeasureTransfers(&error);
      if (!ok) {
        result["status"] = "error";
        result["message"] = error;
      }
      nlohmann::json samples = nlohmann::json::array();
      for (const ClientSample& sample : samples_) {
        samples.push_back(ClientSampleToJson(sample));
      }
      result["samples"] = samples;
      result["precision_reached"] = precision_reached_;
      result["verified_bytes"] = verified_bytes_;
      result["resumed"] = resumed_;
      result["body_sha256"] = body_sha256_;
      result["negotiated"] = {{"protocol", negotiated_.protocol},
                              {"suite", negotiated_.suite},
                              {"group", negotiated_.group},
                              {"ktls_send", negotiated_.ktls_send},
                              {"ktls_recv", negotiated_.ktls_recv}};
    } catch (const std::exception& e) {
      result["status"] = "error";
      result["message"] = e.what();
    }
    return result;
  }

  // Opens a connection to the server and runs the handshake (TLS) or nothing (TCP).
  bool Open(Link& link, bool resume, std::string* error) {
    link.fd = ConnectTo(job_.host, job_.port, job_.io_timeout_seconds, error);
    if (!link.fd.valid()) {
      return false;
    }
    if (endpoint_ == nullptr) {
      link.connection = std::make_unique<TcpConnection>(link.fd.get());
      return true;
    }
    std::unique_ptr<TlsConnection> tls =
        endpoint_->Connect(link.fd.get(), resume ? session_.get() : nullptr, error);
    if (tls == nullptr) {
      *error = "handshake: " + *error;
      return false;
    }
    link.negotiated = tls->Info();
    link.connection = std::move(tls);
    return true;
  }

  // The first connection of a cell must have negotiated what the cell asked for.
  bool CheckNegotiated(const Negotiated& got, std::string* error) {
    const TlsCell& cell = request_.cell;
    if (cell.transport != "tls") {
      return true;
    }
    negotiated_ = got;
    if (cell.suite.empty()) {
      return true;  // a download with the library's defaults: whatever was negotiated
    }
    if (got.protocol != cell.protocol) {
      *error = fmt::format("asked for {}, negotiated {}", cell.protocol, got.protocol);
      return false;
    }
    if (got.suite != cell.suite) {
      *error = fmt::format("asked for {}, negotiated {}", cell.suite, got.suite);
      return false;
    }
    const GroupInfo* group = FindGroup(got.group);
    if (!cell.group.empty() && (group == nullptr || group->name != cell.group)) {
      *error = fmt::format("asked for the group {}, negotiated {}", cell.group, got.group);
      return false;
    }
    return true;
  }

  // Asks for `bytes` of a fresh stream on `link` and reads them, comparing each byte; the
  // caller's clocks bracket this. Counts the bytes checked.
  bool Fetch(Link& link, uint64_t bytes, uint64_t connection, const ExpectedStream& stream,
             uint64_t seed, uint64_t* received, std::string* error) {
    const std::string request =
        FormatRequest(RequestPath({bytes, seed, connection}), job_.server_name);
    if (!link.connection->Write(reinterpret_cast<const uint8_t*>(request.data()), request.size())) {
      *error = "sending the request: " + link.connection->error();
      return false;
    }
    std::string head;
    std::string extra;
    if (!ReadHead(*link.connection, &head, &extra, error)) {
      *error = "reading the response: " + *error;
      return false;
    }
    ResponseHead response;
    if (!ParseResponseHead(head, &response, error)) {
      return false;
    }
    if (response.status != 200 || response.content_length != bytes) {
      *error = fmt::format("the server answered {} with {} bytes; asked for {}", response.status,
                           response.content_length.value_or(0), bytes);
      return false;
    }
    uint64_t offset = 0;
    const auto check = [&](const uint8_t* data, size_t length) {
      if (length > bytes - offset) {
        *error = fmt::format("the server sent more than the {} bytes asked for", bytes);
        return false;
      }
      if (!stream.Matches(offset, data, length)) {
        *error =
            fmt::format("received bytes differ from the expected stream between offsets {} and {}",
                        offset, offset + length);
        return false;
      }
      offset += length;
      return true;
    };
    if (!extra.empty() && !check(reinterpret_cast<const uint8_t*>(extra.data()), extra.size())) {
      return false;
    }
    buffer_.resize(std::max<uint64_t>(request_.cell.record_size, 1));
    while (offset < bytes) {
      const long n = link.connection->Read(buffer_.data(), buffer_.size());
      if (n < 0) {
        *error = fmt::format("after {} of {} bytes: {}", offset, bytes, link.connection->error());
        return false;
      }
      if (n == 0) {
        *error = fmt::format("the server ended the stream after {} of {} bytes", offset, bytes);
        return false;
      }
      if (!check(buffer_.data(), static_cast<size_t>(n))) {
        return false;
      }
    }
    *received = offset;
    return true;
  }

  // GET job_.path from a real server; the body runs to its Content-Length or to the end of
  // the stream and is checked by SHA-256: against --expect-sha256, else against the first
  // download's.
  bool Download(Link& link, uint64_t* received, std::string* error) {
    const std::string request = FormatRequest(job_.path, job_.server_name);
    if (!link.connection->Write(reinterpret_cast<const uint8_t*>(request.data()), request.size())) {
      *error = "sending the request: " + link.connection->error();
      return false;
    }
    std::string head;
    std::string extra;
    ResponseHead response;
    if (!ReadHead(*link.connection, &head, &extra, error) ||
        !ParseResponseHead(head, &response, error)) {
      *error = "reading the response: " + *error;
      return false;
    }
    if (response.status != 200) {
      *error = fmt::format("the server answered {} to GET {}", response.status, job_.path);
      return false;
    }
    std::unique_ptr<Sha256> sha = library_.NewSha256();
    if (sha == nullptr) {
      *error = "the library under test cannot compute SHA-256";
      return false;
    }
    uint64_t total = extra.size();
    sha->Update(reinterpret_cast<const uint8_t*>(extra.data()), extra.size());
    buffer_.resize(std::max<uint64_t>(request_.cell.record_size, 16384));
    while (!response.content_length || total < *response.content_length) {
      const long n = link.connection->Read(buffer_.data(), buffer_.size());
      if (n < 0) {
        *error = fmt::format("after {} bytes: {}", total, link.connection->error());
        return false;
      }
      if (n == 0) {
        if (response.content_length) {
          *error = fmt::format("the server ended the stream after {} of {} bytes", total,
                               *response.content_length);
          return false;
        }
        break;
      }
      sha->Update(buffer_.data(), static_cast<size_t>(n));
      total += static_cast<uint64_t>(n);
    }
    const std::string digest = HexEncode(sha->Final());
    if (digest.empty()) {
      *error = "SHA-256 of the body failed";
      return false;
    }
    if (expected_sha256_.empty()) {
      expected_sha256_ = digest;  // the first download is the reference for the others
    } else if (digest != expected_sha256_) {
      *error = fmt::format("the body's SHA-256 is {}, expected {}", digest, expected_sha256_);
      return false;
    }
    body_sha256_ = digest;
    *received = total;
    return true;
  }

  // Ends a connection: close_notify, then the socket.
  static void Close(Link& link) {
    if (link.connection != nullptr) {
      link.connection->Shutdown();
      link.connection.reset();
    }
    link.fd.Reset();
  }

  // One transfer of `bytes`; `sample` (may be null) receives its clocks.
  bool Transfer(uint64_t bytes, TlsSample* sample, uint64_t* first_connection, std::string* error) {
    const uint64_t connection = next_connection_++;
    const uint64_t seed = rng_();
    const ExpectedStream stream(seed);
    Link link;
    if (!Open(link, false, error)) {
      return false;
    }
    if (connection == 0 && !CheckNegotiated(link.negotiated, error)) {
      return false;
    }
    uint64_t received = 0;
    const measure::ClockReading before = measure::ReadClocks();
    const bool ok = job_.path.empty()
                        ? Fetch(link, bytes, connection, stream, seed, &received, error)
                        : Download(link, &received, error);
    const measure::ClockReading after = measure::ReadClocksAfterWork();
    if (!ok) {
      return false;
    }
    verified_bytes_ += received;
    if (link.negotiated.ktls_send || link.negotiated.ktls_recv) {
      negotiated_.ktls_send = link.negotiated.ktls_send;
      negotiated_.ktls_recv = link.negotiated.ktls_recv;
    }
    Close(link);
    if (sample != nullptr) {
      sample->connections = 1;
      sample->bytes = received;
      sample->wall_ns = after.wall_ns - before.wall_ns;
      sample->client = CpuBetween(before, after);
      *first_connection = connection;
    }
    return true;
  }

  bool MeasureTransfers(std::string* error) {
    next_connection_ = 0;
    const TlsCell& cell = request_.cell;
    const measure::SamplerConfig& config = request_.sampler;
    if (request_.warmup_bytes > 0 && !Transfer(request_.warmup_bytes, nullptr, nullptr, error)) {
      return false;
    }
    std::vector<double> rates;  // samples the client was not preempted in
    const Clock::time_point start = Clock::now();
    precision_reached_ = false;
    while (samples_.size() < config.max_samples) {
      ClientSample sample;
      if (!Transfer(cell.transfer_bytes, &sample.sample, &sample.first_connection, error)) {
        *error = fmt::format("transfer {}: {}", samples_.size() + 1, *error);
        return false;
      }
      if (sample.sample.client.preemptions == 0 && sample.sample.wall_ns > 0) {
        rates.push_back(static_cast<double>(sample.sample.bytes) * 1e9 /
                        static_cast<double>(sample.sample.wall_ns));
      }
      samples_.push_back(sample);
      channel_.Send({{"type", "sample"}, {"n", samples_.size()}});
      if (samples_.size() >= config.min_samples && PreciseEnough(rates, config)) {
        precision_reached_ = true;
        break;
      }
      if (samples_.size() >= config.min_samples && SecondsSince(start) >= config.max_seconds) {
        break;
      }
    }
    return true;
  }

  // One handshake: connect, handshake, an empty request and its response, close.
  bool Handshake(bool resume, std::string* error) {
    const uint64_t connection = next_connection_++;
    Link link;
    if (!Open(link, resume, error)) {
      return false;
    }
    if (connection == 0 && !CheckNegotiated(link.negotiated, error)) {
      return false;
    }
    uint64_t received = 0;
    if (!Fetch(link, 0, connection, empty_stream_, 0, &received, error)) {
      return false;
    }
    if (resume) {
      if (!link.negotiated.resumed) {
        *error = "the server did not resume the session (a full handshake instead)";
        return false;
      }
      ++resumed_;
    }
    if (request_.cell.mode == "resumed") {
      auto* tls = dynamic_cast<TlsConnection*>(link.connection.get());
      if (tls != nullptr) {
        session_ = endpoint_->SaveSession(*tls);
      }
      if (session_ == nullptr) {
        *error = "the server offered no session to resume (no ticket)";
        return false;
      }
    }
    Close(link);
    return true;
  }

  bool MeasureHandshakes(std::string* error) {
    next_connection_ = 0;
    const bool resumed_mode = request_.cell.mode == "resumed";
    // The first connection is a full handshake: it checks the negotiation and, in resumed
    // mode, brings the first ticket.
    if (!Handshake(false, error)) {
      return false;
    }
    struct Batch {
      uint64_t first_connection;
    };
    std::vector<Batch> batches;
    std::string batch_error;
    const measure::BatchFn run = [&](uint64_t n) {
      batches.push_back({next_connection_});
      for (uint64_t i = 0; i < n; ++i) {
        if (!Handshake(resumed_mode, &batch_error)) {
          return false;
        }
      }
      return true;
    };
    const uint64_t batch = measure::Calibrate(run, request_.sampler, error);
    if (batch == 0) {
      *error = batch_error.empty() ? *error : batch_error;
      return false;
    }
    resumed_ = 0;
    const size_t first_sampled = batches.size();
    const measure::SampleRun run_result = measure::SampleUntilPrecise(run, batch, request_.sampler);
    if (!run_result.error.empty()) {
      *error = batch_error.empty() ? run_result.error : batch_error;
      return false;
    }
    precision_reached_ = run_result.precision_reached;
    for (size_t i = 0; i < run_result.samples.size(); ++i) {
      const measure::Sample& s = run_result.samples[i];
      ClientSample sample;
      sample.first_connection = batches[first_sampled + i].first_connection;
      sample.sample.connections = s.iterations;
      sample.sample.wall_ns = s.wall_ns;
      sample.sample.client = {s.cpu_ns, s.user_ns, s.sys_ns, s.preemptions};
      samples_.push_back(sample);
    }
    return true;
  }

  const WorkerJob& job_;
  TlsLibrary& library_;
  MessageChannel& channel_;
  std::mt19937_64 rng_;
  std::vector<std::vector<uint8_t>> trusted_;
  CellRequest request_;
  std::unique_ptr<ClientEndpoint> endpoint_;
  std::shared_ptr<ResumptionState> session_;
  std::vector<ClientSample> samples_;
  std::vector<uint8_t> buffer_;
  const ExpectedStream empty_stream_{0};  // what an empty body is checked against
  Negotiated negotiated_;
  uint64_t next_connection_ = 0;
  uint64_t verified_bytes_ = 0;
  uint64_t resumed_ = 0;
  bool precision_reached_ = false;
  std::string expected_sha256_;  // downloads: what every body must hash to
  std::string body_sha256_;
};

}  // namespace

int RunClientWorker(const WorkerJob& job, TlsLibrary& library, MessageChannel& channel,
                    CommandReader& commands) {
  Client client(job, library, channel);
  return client.Run(commands);
}

}  // namespace cryptobench::tls
