// A byte stream between the two workers: a TLS connection of some library, or plain TCP.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace cryptobench::tls {

/// One established connection. Blocking; every call ends within the socket's I/O timeout.
class Connection {
 public:
  virtual ~Connection() = default;

  /// Reads up to `size` bytes: returns how many (> 0), 0 at the peer's end of the stream, or
  /// -1 on an error (error() says which).
  virtual long Read(uint8_t* buffer, size_t size) = 0;

  /// Writes all `size` bytes (one TLS record when size <= 16 KiB). False on an error.
  virtual bool Write(const uint8_t* data, size_t size) = 0;

  /// Ends the stream in order: TLS close_notify, or TCP shutdown(SHUT_WR). Errors are ignored.
  virtual void Shutdown() = 0;

  /// Whether the last end of stream Read() saw was announced (TLS close_notify; always true
  /// for TCP). A server that closes without close_notify may have been cut short.
  bool clean_end() const { return clean_end_; }

  /// The last error, one line.
  const std::string& error() const { return error_; }

 protected:
  std::string error_;
  bool clean_end_ = true;
};

}  // namespace cryptobench::tls
