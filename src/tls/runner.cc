// Runs tls cells through a server worker and a client worker.
#include "tls/runner.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "core/errors.h"
#include "core/hex.h"
#include "results/json.h"
#include "worker/process.h"

#include "tls/protocol.h"

namespace cryptobench::tls {
namespace {

using results::CellStatus;
using worker::WorkerProcess;

// How long the server may take to generate its keys and listen (RSA key generation on a build
// without assembly, under a sanitizer, on a busy machine).
constexpr double kStartSeconds = 120;

double SilenceLimit(const TlsPlan& plan) {
  if (plan.worker_timeout_seconds > 0) {
    return plan.worker_timeout_seconds;
  }
  // The client reports after every transfer, but a handshake cell only at its end.
  return 60 + 2 * plan.io_timeout_seconds + 2 * plan.handshake_sampler.max_seconds;
}

struct Failure {
  CellStatus status = CellStatus::kError;
  std::string message;
};

// Ends a worker that stopped answering and says how it ended.
Failure Ended(WorkerProcess& process, const std::string& who, WorkerProcess::ReadStatus status,
              double limit) {
  Failure failure;
  if (status == WorkerProcess::ReadStatus::kTimeout) {
    process.Kill(
        fmt::format("the {} worker gave no answer within {:g} s and was killed", who, limit));
    failure.status = CellStatus::kTimeout;
    failure.message = process.Finish();
    return failure;
  }
  std::string how = process.Finish();
  if (!process.garbage().empty()) {
    how = "wrote a malformed message: " + process.garbage().substr(0, 80);
  }
  if (how.find("killed by SIG") != std::string::npos) {
    failure.status = CellStatus::kCrashed;
  }
  failure.message = fmt::format("the {} {}", who,
                                how.empty() ? "worker ended before answering"
                                            : (how.starts_with("worker ") ? how : "worker " + how));
  return failure;
}

// Reads messages until one of `type`; "fatal" ends the wait with its message. Others go to
// `on_other`.
std::optional<nlohmann::json> Await(WorkerProcess& process, const std::string& who,
                                    const std::string& type, double limit, Failure* failure,
                                    const std::function<void(const nlohmann::json&)>& on_other,
                                    bool* fatal_usage = nullptr) {
  for (;;) {
    nlohmann::json message;
    const WorkerProcess::ReadStatus status = process.Read(limit, &message);
    if (status != WorkerProcess::ReadStatus::kMessage) {
      *failure = Ended(process, who, status, limit);
      return std::nullopt;
    }
    const std::string got = message.value("type", "");
    if (got == type) {
      return message;
    }
    if (got == "fatal") {
      failure->status = CellStatus::kError;
      failure->message = message.value("message", "the " + who + " worker failed");
      if (fatal_usage != nullptr) {
        *fatal_usage = message.value("usage", false);
      }
      process.Finish();
      return std::nullopt;
    }
    if (on_other) {
      on_other(message);
    }
  }
}

// The server and client workers of a run.
class WorkerPair {
 public:
  WorkerPair(const TlsPlan& plan, const std::set<std::string>& certs) : plan_(plan) {
    const double start_limit = plan.worker_timeout_seconds > 0
                                   ? std::max(plan.worker_timeout_seconds, kStartSeconds)
                                   : kStartSeconds;
    if (!plan.connect_host.empty()) {
      WorkerJob client_job;
      client_job.role = "client";
      client_job.backend = plan.backend;
      client_job.libcrypto_path = plan.libcrypto_path;
      client_job.libssl_path = plan.libssl_path;
      client_job.io_timeout_seconds = plan.io_timeout_seconds;
      client_job.host = plan.connect_host;
      client_job.port = plan.connect_port;
      client_job.server_name = plan.server_name;
      client_job.path = plan.path;
      client_job.expect_sha256 = plan.expect_sha256;
      for (const std::vector<uint8_t>& der : plan.trusted) {
        client_job.trusted_hex.push_back(HexEncode(der));
      }
      StartClient(client_job, start_limit);
      return;
    }
    WorkerJob server_job;
    server_job.role = "server";
    server_job.backend = plan.backend;
    server_job.libcrypto_path = plan.libcrypto_path;
    server_job.libssl_path = plan.libssl_path;
    server_job.io_timeout_seconds = plan.io_timeout_seconds;
    server_job.port = plan.port;
    server_job.certs.assign(certs.begin(), certs.end());
    server_job.test_fault = plan.test_fault;
    listening_ = Start(server_job, "listening", start_limit, &server_);
    WorkerJob client_job = server_job;
    client_job.role = "client";
    client_job.port = listening_.at("port").get<uint16_t>();
    client_job.certs.clear();
    for (const auto& [name, hex] : listening_.at("certs").items()) {
      client_job.trusted_hex.push_back(hex.get<std::string>());
    }
    client_job.test_fault = plan.test_fault.starts_with("client-") ? plan.test_fault : "";
    StartClient(client_job, start_limit);
  }

  void StartClient(const WorkerJob& client_job, double start_limit) {
    const nlohmann::json ready = Start(client_job, "ready", start_limit, &client_);
    if (server_ == nullptr) {
      listening_ = ready;  // the client names the library when there is no server worker
    }
  }

  // Starts the worker of `job` (its role, "server" or "client", names it) into *process and
  // waits up to `start_limit` seconds for its `state` message ("listening", "ready"), which it
  // returns. A fatal message marked as bad input is thrown as UsageError, any other failure as
  // std::runtime_error "starting the TLS <role>: ...".
  nlohmann::json Start(const WorkerJob& job, const std::string& state, double start_limit,
                       std::unique_ptr<WorkerProcess>* process) {
    *process =
        std::make_unique<WorkerProcess>(plan_.executable, plan_.env, WorkerJobToJson(job).dump(),
                                        std::set<std::string>{}, kTlsWorkerSubcommand);
    Failure failure;
    bool usage = false;
    auto message = Await(**process, job.role, state, start_limit, &failure, {}, &usage);
    if (!message) {
      if (usage) {
        throw UsageError(failure.message);
      }
      throw std::runtime_error("starting the TLS " + job.role + ": " + failure.message);
    }
    return *message;
  }

  ~WorkerPair() {
    // Ask both to leave, then reap; a worker that does not go is killed by the destructor.
    for (WorkerProcess* process : {server_.get(), client_.get()}) {
      if (process != nullptr && process->Send(R"({"cmd":"quit"})")) {
        nlohmann::json message;
        while (process->Read(10, &message) == WorkerProcess::ReadStatus::kMessage &&
               message.value("type", "") != "done") {
        }
        process->Finish();
      }
    }
  }

  const nlohmann::json& listening() const { return listening_; }

  // Measures `cell`; returns false when a worker failed (the pair must be replaced).
  bool Measure(TlsCell& cell, const CellRequest& request,
               const std::function<void(size_t)>& on_sample) {
    const double limit = SilenceLimit(plan_);
    const nlohmann::json cell_json = CellRequestToJson(request);
    Failure failure;
    if (server_ == nullptr) {
      return MeasureWithoutServer(cell, cell_json, limit, on_sample);
    }
    if (!server_->Send(nlohmann::json{{"cmd", "serve"}, {"cell", cell_json}}.dump())) {
      return Fail(cell, Ended(*server_, "server", WorkerProcess::ReadStatus::kEof, limit));
    }
    auto serving =
        Await(*server_, "server", "serving", limit, &failure, [&](const nlohmann::json& message) {
          if (message.value("type", "") == "setup_failed") {
            throw SetupFailed{message.value("unsupported", false), message.value("message", "")};
          }
        });
    if (!serving) {
      return Fail(cell, failure);
    }
    if (!client_->Send(nlohmann::json{{"cmd", "run"}, {"cell", cell_json}}.dump())) {
      return Fail(cell, Ended(*client_, "client", WorkerProcess::ReadStatus::kEof, limit));
    }
    auto result =
        Await(*client_, "client", "result", limit, &failure, [&](const nlohmann::json& message) {
          if (message.value("type", "") == "sample" && on_sample) {
            on_sample(message.value("n", size_t{0}));
          }
        });
    if (!result) {
      // The client died or hung; whether the server is the cause, its report says.
      Failure server_failure;
      if (server_->Send(R"({"cmd":"report"})") &&
          !Await(*server_, "server", "connections", 10, &server_failure, {})) {
        return Fail(cell, server_failure);
      }
      return Fail(cell, failure);
    }
    if (!server_->Send(R"({"cmd":"report"})")) {
      return Fail(cell, Ended(*server_, "server", WorkerProcess::ReadStatus::kEof, limit));
    }
    auto report = Await(*server_, "server", "connections", limit, &failure, {});
    if (!report) {
      return Fail(cell, failure);
    }
    Merge(cell, *result, *report, true);
    return true;
  }

  // A download from a real server: only the client measures.
  bool MeasureWithoutServer(TlsCell& cell, const nlohmann::json& cell_json, double limit,
                            const std::function<void(size_t)>& on_sample) {
    Failure failure;
    if (!client_->Send(nlohmann::json{{"cmd", "run"}, {"cell", cell_json}}.dump())) {
      return Fail(cell, Ended(*client_, "client", WorkerProcess::ReadStatus::kEof, limit));
    }
    auto result =
        Await(*client_, "client", "result", limit, &failure, [&](const nlohmann::json& message) {
          if (message.value("type", "") == "sample" && on_sample) {
            on_sample(message.value("n", size_t{0}));
          }
        });
    if (!result) {
      return Fail(cell, failure);
    }
    Merge(cell, *result, nlohmann::json{{"connections", nlohmann::json::array()}}, false);
    return true;
  }

  // Thrown from Await's handler when the server cannot set a cell up.
  struct SetupFailed {
    bool unsupported;
    std::string message;
  };

 private:
  static bool Fail(TlsCell& cell, const Failure& failure) {
    cell.status = failure.status;
    cell.message = failure.message;
    cell.samples.clear();
    return false;
  }

  static void Merge(TlsCell& cell, const nlohmann::json& result, const nlohmann::json& report,
                    bool with_server) {
    const std::string status = result.value("status", "error");
    cell.message = result.value("message", "");
    if (status == "unsupported") {
      cell.status = CellStatus::kUnsupported;
      return;
    }
    const auto& negotiated = result.at("negotiated");
    cell.negotiated.protocol = negotiated.value("protocol", "");
    cell.negotiated.suite = negotiated.value("suite", "");
    cell.negotiated.group = negotiated.value("group", "");
    cell.negotiated.ktls_send = negotiated.value("ktls_send", false);
    cell.negotiated.ktls_recv = negotiated.value("ktls_recv", false);
    cell.verified_bytes = result.value("verified_bytes", uint64_t{0});
    cell.resumed_handshakes = result.value("resumed", uint64_t{0});
    cell.body_sha256 = result.value("body_sha256", "");
    std::map<uint64_t, ConnectionRecord> records;
    std::string server_error;
    for (const auto& item : report.at("connections")) {
      ConnectionRecord record = ConnectionRecordFromJson(item);
      if (!record.ok && server_error.empty()) {
        server_error = record.message;
      }
      cell.negotiated.server_ktls_send = cell.negotiated.server_ktls_send || record.ktls_send;
      cell.negotiated.server_ktls_recv = cell.negotiated.server_ktls_recv || record.ktls_recv;
      records[record.connection] = record;
    }
    if (status != "ok") {
      cell.status = CellStatus::kError;
      if (!server_error.empty()) {
        cell.message += "; the server: " + server_error;
      }
      return;
    }
    const bool handshakes = cell.kind == "handshake";
    for (const auto& item : result.at("samples")) {
      const ClientSample client = ClientSampleFromJson(item);
      TlsSample sample = client.sample;
      sample.server_measured = with_server;
      for (uint64_t c = client.first_connection;
           with_server && c < client.first_connection + client.sample.connections; ++c) {
        const auto found = records.find(c);
        if (found == records.end() || !found->second.ok) {
          cell.status = CellStatus::kError;
          cell.message = fmt::format("the server has no measurement of connection {}{}", c,
                                     found == records.end() ? "" : ": " + found->second.message);
          cell.samples.clear();
          return;
        }
        const CpuUse& cpu = handshakes ? found->second.whole : found->second.transfer;
        sample.server.cpu_ns += cpu.cpu_ns;
        sample.server.user_ns += cpu.user_ns;
        sample.server.sys_ns += cpu.sys_ns;
        sample.server.preemptions += cpu.preemptions;
      }
      cell.samples.push_back(sample);
    }
    cell.status = CellStatus::kOk;
  }

  const TlsPlan& plan_;
  std::unique_ptr<WorkerProcess> server_;
  std::unique_ptr<WorkerProcess> client_;
  nlohmann::json listening_;
};

CellRequest RequestFor(const TlsPlan& plan, const TlsCell& cell) {
  CellRequest request;
  request.cell = cell;
  request.cell.samples.clear();
  request.sampler = cell.kind == "handshake" ? plan.handshake_sampler : plan.transfer_sampler;
  request.warmup_bytes = cell.kind == "handshake" ? 0 : plan.warmup_bytes;
  return request;
}

std::set<std::string> CertsOf(const TlsPlan& plan) {
  std::set<std::string> certs;
  for (const auto* cells : {&plan.transfers, &plan.handshakes}) {
    for (const TlsCell& cell : *cells) {
      if (cell.transport == "tls" && !cell.cert.empty()) {
        certs.insert(cell.cert);
      }
    }
  }
  return certs;
}

}  // namespace

TlsMeasurement RunTlsPlan(const TlsPlan& plan, const TlsProgressFn& progress) {
  const std::set<std::string> certs = CertsOf(plan);
  auto pair = std::make_unique<WorkerPair>(plan, certs);
  TlsMeasurement out;
  const nlohmann::json& listening = pair->listening();
  out.library = results::LibraryFromJson(listening.at("library"));
  out.library.worker_env = plan.env;
  out.libssl_requested_path = listening.value("libssl_requested_path", "");
  out.libssl_loaded_path = listening.value("libssl_loaded_path", "");
  out.kernel_ktls.ulp = listening.at("ktls_kernel").value("ulp", "unknown");
  out.kernel_ktls.detail = listening.at("ktls_kernel").value("detail", "");

  // With a kernel that offers kTLS, each TLS transfer is measured a second time with it.
  out.transfers = plan.transfers;
  const bool try_ktls = plan.ktls && out.kernel_ktls.ulp != "missing";
  if (try_ktls) {
    for (const TlsCell& cell : plan.transfers) {
      if (cell.transport == "tls") {
        TlsCell with = cell;
        with.ktls = true;
        out.transfers.push_back(with);
      }
    }
  }
  out.handshakes = plan.handshakes;
  std::vector<TlsCell*> cells;
  for (TlsCell& cell : out.transfers) {
    cells.push_back(&cell);
  }
  for (TlsCell& cell : out.handshakes) {
    cells.push_back(&cell);
  }

  // Whether the library handed a kTLS transfer's sending side to the kernel, per protocol
  // version (libraries offload TLS 1.2 and 1.3 separately): after a first refusal the other
  // suites of that version are not tried.
  std::map<std::string, bool> ktls_switched;
  std::optional<bool> ktls_used;
  bool ktls_receive_offloaded = true;
  for (size_t i = 0; i < cells.size(); ++i) {
    TlsCell& cell = *cells[i];
    if (cell.ktls) {
      const auto refused = ktls_switched.find(cell.protocol);
      if (refused != ktls_switched.end() && !refused->second) {
        cell.status = CellStatus::kUnsupported;
        cell.message =
            "the library did not switch the first " + cell.protocol + " kTLS transfer to kTLS";
        continue;
      }
    }
    if (pair == nullptr) {
      try {
        pair = std::make_unique<WorkerPair>(plan, certs);
      } catch (const std::exception& e) {
        cell.status = CellStatus::kError;
        cell.message = std::string("restarting the workers: ") + e.what();
        continue;
      }
    }
    const auto on_sample = [&](size_t samples) {
      if (progress) {
        progress(cell, i, cells.size(), samples);
      }
    };
    bool healthy = true;
    try {
      healthy = pair->Measure(cell, RequestFor(plan, cell), on_sample);
    } catch (const WorkerPair::SetupFailed& setup) {
      cell.status = setup.unsupported ? CellStatus::kUnsupported : CellStatus::kError;
      cell.message = setup.message;
    }
    if (!healthy) {
      pair.reset();  // reaps both; the next cell starts a fresh pair
    }
    if (cell.ktls && cell.status == CellStatus::kOk) {
      // The transfer is the server's: kTLS measured means the kernel encrypted what it sent.
      // The client's receiving side may stay in user space (marked "kTLS send").
      const bool used = cell.negotiated.server_ktls_send;
      ktls_switched.emplace(cell.protocol, used);
      ktls_used = ktls_used.value_or(false) || used;
      if (used && !cell.negotiated.ktls_recv) {
        ktls_receive_offloaded = false;
      }
      if (!used) {
        cell.status = CellStatus::kUnsupported;
        cell.message = "the library did not switch this connection to kTLS";
        cell.samples.clear();
        cell.figures.reset();
      }
    }
    if (progress) {
      progress(cell, i + 1, cells.size(), cell.samples.size());
    }
  }
  out.ktls = DecideKtls(out.kernel_ktls, plan.backend, ktls_used, ktls_receive_offloaded, try_ktls);
  return out;
}

}  // namespace cryptobench::tls
