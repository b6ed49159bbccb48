// Loopback sockets and the plain-TCP connection.
#include "tls/socket.h"

#include <netdb.h>
#include <string.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>

#include <arpa/inet.h>
#include <fmt/format.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

namespace cryptobench::tls {

Fd& Fd::operator=(Fd&& other) noexcept {
  if (this != &other) {
    Reset();
    fd_ = other.Release();
  }
  return *this;
}

int Fd::Release() {
  const int fd = fd_;
  fd_ = -1;
  return fd;
}

void Fd::Reset() {
  if (fd_ >= 0) {
    close(fd_);
    fd_ = -1;
  }
}

std::string SocketErrorText(int err) {
  if (err == EAGAIN || err == EWOULDBLOCK) {
    return "timed out (the peer sent nothing within the I/O timeout)";
  }
  return strerror(err);
}

void ConfigureConnection(int fd, double io_timeout_seconds) {
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (io_timeout_seconds > 0) {
    timeval timeout{};
    timeout.tv_sec = static_cast<time_t>(io_timeout_seconds);
    timeout.tv_usec =
        static_cast<suseconds_t>((io_timeout_seconds - std::floor(io_timeout_seconds)) * 1e6);
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  }
}

Fd ListenLoopback(uint16_t port, uint16_t* bound_port, ListenFailure* failure, std::string* error) {
  *failure = ListenFailure::kOther;
  Fd fd(socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!fd.valid()) {
    *error = fmt::format("socket: {}", strerror(errno));
    return Fd();
  }
  const int one = 1;
  setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(fd.get(), reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    const int err = errno;
    if (err == EADDRINUSE) {
      *failure = ListenFailure::kInUse;
      *error = fmt::format("127.0.0.1:{} is in use", port);
    } else {
      *error = fmt::format("cannot listen on 127.0.0.1:{}: {}", port, strerror(err));
    }
    return Fd();
  }
  if (listen(fd.get(), 64) != 0) {
    *error = fmt::format("listen: {}", strerror(errno));
    return Fd();
  }
  socklen_t length = sizeof address;
  if (getsockname(fd.get(), reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    *error = fmt::format("getsockname: {}", strerror(errno));
    return Fd();
  }
  *bound_port = ntohs(address.sin_port);
  *failure = ListenFailure::kNone;
  return fd;
}

Fd AcceptConnection(int listen_fd, double io_timeout_seconds, std::string* error) {
  for (;;) {
    Fd fd(accept4(listen_fd, nullptr, nullptr, SOCK_CLOEXEC));
    if (fd.valid()) {
      ConfigureConnection(fd.get(), io_timeout_seconds);
      return fd;
    }
    if (errno != EINTR && errno != ECONNABORTED) {
      *error = fmt::format("accept: {}", strerror(errno));
      return Fd();
    }
  }
}

Fd ConnectTo(const std::string& host, uint16_t port, double io_timeout_seconds,
             std::string* error) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(port);
  if (const int rc = getaddrinfo(host.c_str(), service.c_str(), &hints, &found); rc != 0) {
    *error = fmt::format("cannot resolve {}: {}", host, gai_strerror(rc));
    return Fd();
  }
  std::string last_error = "no address";
  Fd connected;
  for (addrinfo* ai = found; ai != nullptr && !connected.valid(); ai = ai->ai_next) {
    Fd fd(socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol));
    if (!fd.valid()) {
      last_error = strerror(errno);
      continue;
    }
    int rc;
    do {
      rc = connect(fd.get(), ai->ai_addr, ai->ai_addrlen);
    } while (rc != 0 && errno == EINTR);
    if (rc != 0) {
      last_error = strerror(errno);
      continue;
    }
    ConfigureConnection(fd.get(), io_timeout_seconds);
    connected = std::move(fd);
  }
  freeaddrinfo(found);
  if (!connected.valid()) {
    *error = fmt::format("cannot connect to {}:{}: {}", host, port, last_error);
  }
  return connected;
}

long TcpConnection::Read(uint8_t* buffer, size_t size) {
  for (;;) {
    const ssize_t n = recv(fd_, buffer, size, 0);
    if (n >= 0) {
      return static_cast<long>(n);
    }
    if (errno != EINTR) {
      error_ = "recv: " + SocketErrorText(errno);
      return -1;
    }
  }
}

bool TcpConnection::Write(const uint8_t* data, size_t size) {
  while (size > 0) {
    const ssize_t n = send(fd_, data, size, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      error_ = "send: " + SocketErrorText(errno);
      return false;
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

void TcpConnection::Shutdown() { shutdown(fd_, SHUT_WR); }

}  // namespace cryptobench::tls
