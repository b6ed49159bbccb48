// The system calls the AF_ALG backend makes, behind an interface so that the protocol built on
// them (protocol.h) can be tested against a fake that records each call and returns canned
// outputs, on machines whose kernel has no AF_ALG.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include <sys/socket.h>
#include <sys/types.h>

namespace cryptobench::backends::afalg {

/// The AF_ALG calls (Linux Documentation/crypto/userspace-if.rst). Every method returns a
/// non-negative value on success and the negated errno on failure (-EAFNOSUPPORT, -ENOENT,
/// -EBADMSG), so callers and fakes never touch the global errno.
class SocketApi {
 public:
  virtual ~SocketApi() = default;
  /// socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0): a new transform socket.
  virtual int Socket() = 0;
  /// bind() to sockaddr_alg {salg_type = `type` ("skcipher", "aead", "hash"),
  /// salg_name = `name` ("cbc(aes)")}; -ENOENT when the kernel has no such algorithm.
  virtual int Bind(int fd, const std::string& type, const std::string& name) = 0;
  /// setsockopt(fd, SOL_ALG, `option`, `value`, `len`): ALG_SET_KEY with the key bytes, or
  /// ALG_SET_AEAD_AUTHSIZE with a null value and the tag length in bytes as `len`.
  virtual int SetOption(int fd, int option, const void* value, socklen_t len) = 0;
  /// accept(fd, NULL, 0): an operation socket sharing the transform's key.
  virtual int Accept(int fd) = 0;
  /// sendmsg(fd, msg, flags): request control data (ALG_SET_OP, ALG_SET_IV,
  /// ALG_SET_AEAD_ASSOCLEN) and input bytes; MSG_MORE in `flags` announces more input.
  virtual ssize_t SendMsg(int fd, const msghdr& msg, int flags) = 0;
  /// read(fd, buf, len): the output of the request; -EBADMSG when an AEAD tag is rejected.
  virtual ssize_t Read(int fd, void* buf, size_t len) = 0;
  /// close(fd).
  virtual void Close(int fd) = 0;
};

/// The real system calls.
std::shared_ptr<SocketApi> KernelSocketApi();

/// strerror() of a negated errno as returned by SocketApi, e.g. "Address family not supported
/// by protocol".
std::string ErrnoText(long negative_errno);

}  // namespace cryptobench::backends::afalg
