// Loopback TCP sockets for the TLS workers: an owning descriptor, listen / accept / connect with
// the options every connection gets, and the byte stream of a plain-TCP transfer.
#pragma once

#include <cstdint>
#include <string>

#include "tls/connection.h"

namespace cryptobench::tls {

/// An owned file descriptor, closed on destruction.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() { Reset(); }
  Fd(Fd&& other) noexcept : fd_(other.Release()) {}
  Fd& operator=(Fd&& other) noexcept;
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;

  int get() const { return fd_; }
  bool valid() const { return fd_ >= 0; }
  int Release();
  void Reset();

 private:
  int fd_ = -1;
};

/// Why Listen failed: the port is taken (a usage error), or anything else.
enum class ListenFailure { kNone, kInUse, kOther };

/// Listens on 127.0.0.1:`port` (0: an ephemeral port the kernel picks) with SO_REUSEADDR.
/// Returns the socket and sets *bound_port; on failure an invalid Fd, *failure and *error
/// ("127.0.0.1:4433 is in use").
Fd ListenLoopback(uint16_t port, uint16_t* bound_port, ListenFailure* failure, std::string* error);

/// Accepts one connection (blocking) and applies ConfigureConnection. Invalid Fd and *error
/// set on failure.
Fd AcceptConnection(int listen_fd, double io_timeout_seconds, std::string* error);

/// Connects to `host`:`port` (a name or an address; the first address that answers) and
/// applies ConfigureConnection. Invalid Fd and *error set on failure.
Fd ConnectTo(const std::string& host, uint16_t port, double io_timeout_seconds, std::string* error);

/// TCP_NODELAY (a handshake's flights go out at once, as servers such as nginx set it), and
/// SO_RCVTIMEO / SO_SNDTIMEO of `io_timeout_seconds`, so a silent peer ends a blocking read or
/// write with an error instead of a hang.
void ConfigureConnection(int fd, double io_timeout_seconds);

/// A plain TCP byte stream over `fd` (not owned): the baseline without TLS.
class TcpConnection : public Connection {
 public:
  explicit TcpConnection(int fd) : fd_(fd) {}
  long Read(uint8_t* buffer, size_t size) override;
  bool Write(const uint8_t* data, size_t size) override;
  void Shutdown() override;

 private:
  int fd_;
};

/// "timed out" for EAGAIN/EWOULDBLOCK (the socket timeout expired), else strerror(err).
std::string SocketErrorText(int err);

}  // namespace cryptobench::tls
