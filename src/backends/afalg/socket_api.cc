// The real AF_ALG system calls (socket_api.h).
#include "backends/afalg/socket_api.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <linux/if_alg.h>

namespace cryptobench::backends::afalg {
namespace {

// SOL_ALG from linux/socket.h (not exported by every libc's <sys/socket.h>).
#ifndef SOL_ALG
constexpr int SOL_ALG = 279;
#endif

// A system call's result, or the negated errno on failure.
template <typename T>
T Checked(T result) {
  return result < 0 ? static_cast<T>(-errno) : result;
}

class KernelSockets : public SocketApi {
 public:
  int Socket() override { return Checked(socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0)); }

  int Bind(int fd, const std::string& type, const std::string& name) override {
    sockaddr_alg address = {};
    address.salg_family = AF_ALG;
    // The fixed fields hold 14 and 64 bytes including the terminator.
    if (type.size() >= sizeof(address.salg_type) || name.size() >= sizeof(address.salg_name)) {
      return -ENAMETOOLONG;
    }
    std::memcpy(address.salg_type, type.data(), type.size());
    std::memcpy(address.salg_name, name.data(), name.size());
    return Checked(bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof(address)));
  }

  int SetOption(int fd, int option, const void* value, socklen_t len) override {
    return Checked(setsockopt(fd, SOL_ALG, option, value, len));
  }

  int Accept(int fd) override { return Checked(accept4(fd, nullptr, nullptr, SOCK_CLOEXEC)); }

  ssize_t SendMsg(int fd, const msghdr& msg, int flags) override {
    return Checked(sendmsg(fd, &msg, flags));
  }

  ssize_t Read(int fd, void* buf, size_t len) override { return Checked(read(fd, buf, len)); }

  void Close(int fd) override { close(fd); }
};

}  // namespace

std::shared_ptr<SocketApi> KernelSocketApi() { return std::make_shared<KernelSockets>(); }

std::string ErrnoText(long negative_errno) {
  return std::strerror(static_cast<int>(-negative_errno));
}

}  // namespace cryptobench::backends::afalg
