// What the tls server and client workers share: the protocol channel, the clocks around a
// stretch of work, and the HTTP exchange over a Connection.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "measure/clocks.h"

#include "tls/connection.h"
#include "tls/library.h"
#include "tls/model.h"
#include "tls/protocol.h"
#include "tls/socket.h"
#include "tls/stream.h"

namespace cryptobench::tls {

/// Writes protocol messages, one JSON line each, to a private descriptor (the worker's original
/// stdout; the library's own output goes to stderr).
class MessageChannel {
 public:
  explicit MessageChannel(int fd) : fd_(fd) {}
  /// False when the parent is gone.
  bool Send(const nlohmann::json& message);

 private:
  int fd_;
};

/// Reads command lines from stdin without stdio buffering, so poll() on stdin stays truthful.
class CommandReader {
 public:
  /// The next complete line, reading as needed (blocking); nullopt at end of input.
  std::optional<std::string> Next();
  /// Reads what is available now (call after poll() reported stdin readable) and returns a
  /// complete line if there is one. *closed is set at end of input.
  std::optional<std::string> NextAvailable(bool* closed);
  /// A complete line already read, without reading more.
  std::optional<std::string> Buffered() { return TakeLine(); }

 private:
  std::optional<std::string> TakeLine();
  std::string buffer_;
};

/// CPU use between two clock readings.
CpuUse CpuBetween(const measure::ClockReading& before, const measure::ClockReading& after);

/// Reads a request or response head (through its blank line) from `connection` into *head and
/// returns the body bytes read past it in *extra. False with *error set on an error, an end of
/// stream before the blank line, or a head over kMaxHeadBytes.
bool ReadHead(Connection& connection, std::string* head, std::string* extra, std::string* error);

/// How a server answers requests.
struct ServeSettings {
  uint64_t record_size = 16384;  ///< bytes per write (one record each)
  std::string test_fault;        ///< WorkerJob::test_fault
};

/// Serves one accepted connection `fd` (closed on return): the handshake through `endpoint`
/// (plain TCP when null), a request for `GET /cryptobench?bytes=N&seed=S`, the stream in
/// record-size writes, close_notify and a lingering close. `start` is the clock reading taken
/// before accept(). Returns what it cost; `ok` false with the reason when it failed (a bad
/// request is answered with 400). `negotiated` (may be null) receives the TLS parameters.
ConnectionRecord ServeConnection(Fd fd, const measure::ClockReading& start,
                                 ServerEndpoint* endpoint, const ServeSettings& settings,
                                 Negotiated* negotiated);

/// Sends a protocol "fatal" message and returns kTlsWorkerFatalExit.
int SendFatal(MessageChannel& channel, const std::string& message, bool usage);

/// The server worker: listens, sends "listening", then serves cells until "quit".
int RunServerWorker(const WorkerJob& job, TlsLibrary& library, MessageChannel& channel,
                    CommandReader& commands);

/// The client worker: sends "ready", then runs cells until "quit".
int RunClientWorker(const WorkerJob& job, TlsLibrary& library, MessageChannel& channel,
                    CommandReader& commands);

/// An EndpointConfig from a cell's configuration. Throws std::runtime_error for a name the
/// tables do not know (the parent validated them).
EndpointConfig EndpointFor(const TlsCell& cell);

/// Test-only fault injection: SIGSEGV (with the default disposition) or an endless sleep.
void InjectWorkerFault(const std::string& fault);

}  // namespace cryptobench::tls
