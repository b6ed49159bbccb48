// Test double for the AF_ALG system calls: records every call with its arguments and answers
// read() with canned outputs or, when none is queued, with a toy "kernel" that makes the
// protocol's round trips consistent (cipher: XOR; AEAD: XOR plus a checksum tag that open
// verifies; hash: a checksum over key and message). The toy is no cipher: it only lets tests
// drive Prepare() and Run() and check which calls they make.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "backends/afalg/socket_api.h"

namespace cryptobench::backends::afalg::testing {

using Bytes = std::vector<uint8_t>;

/// One control message of a sendmsg().
struct RecordedControl {
  int level = 0;
  int type = 0;  ///< ALG_SET_OP, ALG_SET_IV, ALG_SET_AEAD_ASSOCLEN
  Bytes data;
};

/// One system call as the fake saw it.
struct RecordedCall {
  std::string call = {};  ///< "socket", "bind", "setsockopt", "accept", "sendmsg", "read", "close"
  int fd = -1;            ///< the descriptor it acted on (socket/accept: the one returned)
  std::string type = {};  ///< bind: salg_type
  std::string name = {};  ///< bind: salg_name
  int option = 0;         ///< setsockopt
  bool null_value = false;                     ///< setsockopt: value pointer was null
  size_t len = 0;                              ///< setsockopt: option length; read: bytes requested
  int flags = 0;                               ///< sendmsg
  std::vector<RecordedControl> controls = {};  ///< sendmsg
  Bytes data =
      {};  ///< sendmsg: the iovec concatenated; setsockopt: the value; read: bytes returned
};

class FakeSocketApi : public SocketApi {
 public:
  /// socket() result: 0 hands out descriptors; a negated errno fails every socket() call.
  int socket_error = 0;
  /// bind() failures by algorithm name, as negated errno.
  std::map<std::string, int> bind_errors;
  /// Canned read() answers, used first: bytes (truncated to the length asked) or a negated errno.
  std::deque<std::variant<Bytes, long>> reads;
  /// Every call, in order.
  std::vector<RecordedCall> calls;

  /// The calls named `call` (e.g. every "sendmsg"), on `fd` when it is not -1.
  std::vector<RecordedCall> CallsOf(const std::string& call, int fd = -1) const;

  int Socket() override;
  int Bind(int fd, const std::string& type, const std::string& name) override;
  int SetOption(int fd, int option, const void* value, socklen_t len) override;
  int Accept(int fd) override;
  ssize_t SendMsg(int fd, const msghdr& msg, int flags) override;
  ssize_t Read(int fd, void* buf, size_t len) override;
  void Close(int fd) override;

 private:
  struct State {
    int parent = -1;  // operation sockets: their transform
    std::string type;
    Bytes key;
    size_t authsize = 0;
    bool encrypt = true;
    uint32_t assoclen = 0;
    Bytes pending;  // input since the last read
  };
  Bytes ToyOutput(int fd, size_t len, long* error);

  std::map<int, State> sockets_;
  int next_fd_ = 100;
};

}  // namespace cryptobench::backends::afalg::testing
