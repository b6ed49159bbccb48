// The AF_ALG protocol (Linux Documentation/crypto/userspace-if.rst) over a SocketApi: a
// transform socket is bound to an algorithm and keyed; each accept()ed operation socket takes
// requests as sendmsg() (control messages ALG_SET_OP, ALG_SET_IV, ALG_SET_AEAD_ASSOCLEN plus the
// input; MSG_MORE when more input follows) and returns the output to read().
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <sys/uio.h>

#include "backends/afalg/socket_api.h"

namespace cryptobench::backends::afalg {

/// The AF_ALG socket types cryptobench drives.
enum class AlgType { kSkcipher, kAead, kHash };

/// salg_type of a socket type: "skcipher", "aead", "hash".
std::string_view AlgTypeName(AlgType type);

/// Largest input of one request, bytes. A request's input waits in the socket's send buffer
/// (net.core.wmem_default, 212992 bytes on Linux) until it is read, so a larger one could
/// block the sender for good; 64 KiB leaves room for the AAD, tag and page rounding.
inline constexpr size_t kMaxRequestLen = 65536;

/// A socket descriptor closed through its SocketApi when destroyed; move-only.
class Socket {
 public:
  Socket() = default;
  Socket(std::shared_ptr<SocketApi> api, int fd) : api_(std::move(api)), fd_(fd) {}
  Socket(Socket&& other) noexcept { *this = std::move(other); }
  Socket& operator=(Socket&& other) noexcept;
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;
  ~Socket();

  int fd() const { return fd_; }
  bool valid() const { return fd_ >= 0; }
  SocketApi& api() const { return *api_; }
  const std::shared_ptr<SocketApi>& shared_api() const { return api_; }

 private:
  std::shared_ptr<SocketApi> api_;
  int fd_ = -1;
};

/// Opens a transform socket of `type` bound to the kernel algorithm `name`, sets its key
/// (ALG_SET_KEY) when `key` is not empty and, for AEADs, its tag length in bytes
/// (ALG_SET_AEAD_AUTHSIZE) when `aead_tag_len` is not 0. Returns "" or one line naming the failed
/// call: "bind(aead, gcm(aes)): No such file or directory".
std::string OpenTransform(const std::shared_ptr<SocketApi>& api, AlgType type,
                          const std::string& name, std::span<const uint8_t> key,
                          size_t aead_tag_len, Socket* transform);

/// accept()s an operation socket on `transform`. Returns "" or the error line.
std::string AcceptOperation(const Socket& transform, Socket* operation);

/// Control data of one request; absent fields are not sent. A request without any control data
/// keeps the socket's previous state (the direction, and the IV, which CBC and CTR advance after
/// each request); one with control data sets all of it: the direction to decrypt and the AAD
/// length to 0 unless given (crypto/af_alg.c, af_alg_sendmsg), so give ALG_SET_OP with any.
struct RequestControl {
  std::optional<bool> encrypt = std::nullopt;  ///< ALG_SET_OP: ALG_OP_ENCRYPT or ALG_OP_DECRYPT
  std::optional<std::vector<uint8_t>> iv =
      std::nullopt;  ///< ALG_SET_IV: struct af_alg_iv {ivlen, iv[]}
  std::optional<uint32_t> assoclen =
      std::nullopt;  ///< ALG_SET_AEAD_ASSOCLEN: AAD bytes at the input's head
};

/// One sendmsg(): control messages laid out once and the input pieces as an iovec, so a timed
/// loop resends it without allocating (changing only the IV bytes in place).
class Request {
 public:
  /// `pieces` must outlive the Request (the iovec points into them).
  Request(const RequestControl& control, std::vector<std::span<const uint8_t>> pieces);

  /// The IV bytes inside the control data (empty without ALG_SET_IV), writable in place.
  std::span<uint8_t> iv();
  /// Total input bytes.
  size_t input_len() const { return input_len_; }

  /// sendmsg(operation, this request, `more` ? MSG_MORE : 0). Returns "" or the error line;
  /// a short send is an error.
  std::string Send(const Socket& operation, bool more) const;

 private:
  std::vector<uint64_t> control_;  // cmsghdr-aligned storage
  size_t control_len_ = 0;
  std::vector<iovec> iov_;
  size_t input_len_ = 0;
  size_t iv_offset_ = 0;
  size_t iv_len_ = 0;
};

/// Reads exactly out.size() bytes (read() may return fewer; at least one read, even for no
/// output, since the read runs the request). Returns 0, or the negated errno of
/// the failed read (-EBADMSG: AEAD tag rejected), or -EIO when the socket ended early.
long ReadFull(const Socket& operation, std::span<uint8_t> out);

/// "read(NAME): <strerror>" for a ReadFull result.
std::string ReadError(std::string_view name, long result);

}  // namespace cryptobench::backends::afalg
