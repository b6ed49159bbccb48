// What a transfer carries and how it is asked for: a seeded pseudo-random byte stream that the
// client checks byte for byte, and the minimal HTTP/1.1 exchange around it, so cryptobench's
// server answers curl and `openssl s_client`, and its client fetches from `openssl s_server -WWW`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::tls {

/// The bytes of a transfer: splitmix64 output (Steele, Lea, Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014) from a 64-bit seed, repeating every kPeriod
/// bytes. kPeriod is odd, so it is no multiple of any record size: a record lost or delivered
/// twice shifts every later byte and fails the check.
class ExpectedStream {
 public:
  /// Period of the stream, bytes. The table (kPeriod + kMaxChunk bytes) stays in a core's L2
  /// cache, so checking a record costs about as much as hashing it.
  static constexpr size_t kPeriod = 256 * 1024 + 61;
  /// Most bytes At() returns contiguously.
  static constexpr size_t kMaxChunk = 64 * 1024;

  explicit ExpectedStream(uint64_t seed);

  /// The stream from byte `offset` on: at least kMaxChunk contiguous bytes.
  const uint8_t* At(uint64_t offset) const { return data_.data() + offset % kPeriod; }

  /// True when `len` bytes received at stream offset `offset` are the stream's.
  bool Matches(uint64_t offset, const uint8_t* data, size_t len) const;

 private:
  std::vector<uint8_t> data_;
};

/// A transfer request: `bytes` of the stream with `seed`; `connection` numbers the connection
/// so the server's figures can be matched with the client's.
struct TransferRequest {
  uint64_t bytes = 0;
  uint64_t seed = 0;
  uint64_t connection = 0;
};

/// Largest transfer a request may ask for: 1 TiB.
inline constexpr uint64_t kMaxRequestBytes = uint64_t{1} << 40;

/// Longest request or response head accepted, bytes.
inline constexpr size_t kMaxHeadBytes = 8192;

/// The path of a request: "/cryptobench?bytes=N&seed=S&conn=C".
std::string RequestPath(const TransferRequest& request);

/// "GET <path> HTTP/1.1", Host, "Connection: close", blank line.
std::string FormatRequest(std::string_view path, std::string_view host);

/// Reads a request head (through its blank line): "GET /cryptobench?bytes=N[&seed=S][&conn=C]
/// HTTP/1.x". Returns false with *error set ("expected GET /cryptobench?bytes=N") otherwise.
bool ParseRequest(std::string_view head, TransferRequest* out, std::string* error);

/// The head of a 200 response with `content_length` bytes of application/octet-stream.
std::string FormatResponseHead(uint64_t content_length);

/// A complete 400 response whose body is `message`.
std::string FormatBadRequest(std::string_view message);

/// A response head as the client reads it.
struct ResponseHead {
  int status = 0;
  std::optional<uint64_t> content_length;  ///< absent: the body runs to the end of the stream
};

/// Reads a response head (through its blank line). `openssl s_server -WWW` answers HTTP/1.0
/// without a Content-Length. Returns false with *error set for anything but an HTTP status line.
bool ParseResponseHead(std::string_view head, ResponseHead* out, std::string* error);

/// Position just past the blank line ("\r\n\r\n", or "\n\n") that ends a head in `buffered`,
/// or std::string_view::npos.
size_t HeadEnd(std::string_view buffered);

}  // namespace cryptobench::tls
