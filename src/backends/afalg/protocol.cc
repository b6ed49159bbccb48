// The AF_ALG protocol over a SocketApi (protocol.h).
#include "backends/afalg/protocol.h"

#include <cerrno>
#include <cstring>

#include <linux/if_alg.h>
#include <sys/socket.h>

namespace cryptobench::backends::afalg {
namespace {

#ifndef SOL_ALG
constexpr int SOL_ALG = 279;  // linux/socket.h
#endif

std::string CallError(std::string_view call, std::string_view what, long result) {
  return std::string(call) + "(" + std::string(what) + "): " + ErrnoText(result);
}

// Appends one control message (level SOL_ALG) with `len` data bytes; returns the data offset.
size_t AppendControl(std::vector<uint8_t>& buffer, int type, size_t len) {
  const size_t offset = buffer.size();
  buffer.resize(offset + CMSG_SPACE(len), 0);
  cmsghdr header = {};
  header.cmsg_level = SOL_ALG;
  header.cmsg_type = type;
  header.cmsg_len = CMSG_LEN(len);
  std::memcpy(buffer.data() + offset, &header, sizeof(header));
  return offset + CMSG_LEN(0);
}

void StoreU32(std::vector<uint8_t>& buffer, size_t offset, uint32_t value) {
  std::memcpy(buffer.data() + offset, &value, sizeof(value));  // host order, as the kernel reads
}

}  // namespace

std::string_view AlgTypeName(AlgType type) {
  switch (type) {
    case AlgType::kSkcipher:
      return "skcipher";
    case AlgType::kAead:
      return "aead";
    case AlgType::kHash:
      return "hash";
  }
  return "";
}

Socket& Socket::operator=(Socket&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) {
      api_->Close(fd_);
    }
    api_ = std::move(other.api_);
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

Socket::~Socket() {
  if (fd_ >= 0) {
    api_->Close(fd_);
  }
}

std::string OpenTransform(const std::shared_ptr<SocketApi>& api, AlgType type,
                          const std::string& name, std::span<const uint8_t> key,
                          size_t aead_tag_len, Socket* transform) {
  const int fd = api->Socket();
  if (fd < 0) {
    return CallError("socket", "AF_ALG", fd);
  }
  Socket socket(api, fd);
  const std::string type_name(AlgTypeName(type));
  if (int result = api->Bind(fd, type_name, name); result < 0) {
    return CallError("bind", type_name + ", " + name, result);
  }
  if (!key.empty()) {
    if (int result =
            api->SetOption(fd, ALG_SET_KEY, key.data(), static_cast<socklen_t>(key.size()));
        result < 0) {
      return CallError("setsockopt", "ALG_SET_KEY, " + name, result);
    }
  }
  if (type == AlgType::kAead && aead_tag_len != 0) {
    // The tag length travels as the option length; the value pointer is unused (null).
    if (int result = api->SetOption(fd, ALG_SET_AEAD_AUTHSIZE, nullptr,
                                    static_cast<socklen_t>(aead_tag_len));
        result < 0) {
      return CallError("setsockopt", "ALG_SET_AEAD_AUTHSIZE, " + name, result);
    }
  }
  *transform = std::move(socket);
  return "";
}

std::string AcceptOperation(const Socket& transform, Socket* operation) {
  const int fd = transform.api().Accept(transform.fd());
  if (fd < 0) {
    return CallError("accept", "AF_ALG", fd);
  }
  *operation = Socket(transform.shared_api(), fd);
  return "";
}

Request::Request(const RequestControl& control, std::vector<std::span<const uint8_t>> pieces) {
  std::vector<uint8_t> buffer;
  if (control.encrypt.has_value()) {
    StoreU32(buffer, AppendControl(buffer, ALG_SET_OP, sizeof(uint32_t)),
             *control.encrypt ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT);
  }
  if (control.iv.has_value()) {
    const std::vector<uint8_t>& iv = *control.iv;
    const size_t offset = AppendControl(buffer, ALG_SET_IV, sizeof(uint32_t) + iv.size());
    StoreU32(buffer, offset, static_cast<uint32_t>(iv.size()));  // af_alg_iv.ivlen
    iv_offset_ = offset + sizeof(uint32_t);
    iv_len_ = iv.size();
    if (!iv.empty()) {
      std::memcpy(buffer.data() + iv_offset_, iv.data(), iv.size());
    }
  }
  if (control.assoclen.has_value()) {
    StoreU32(buffer, AppendControl(buffer, ALG_SET_AEAD_ASSOCLEN, sizeof(uint32_t)),
             *control.assoclen);
  }
  control_len_ = buffer.size();
  control_.assign((buffer.size() + sizeof(uint64_t) - 1) / sizeof(uint64_t), 0);
  if (!buffer.empty()) {
    std::memcpy(control_.data(), buffer.data(), buffer.size());
  }
  for (std::span<const uint8_t> piece : pieces) {
    if (!piece.empty()) {
      iov_.push_back({const_cast<uint8_t*>(piece.data()), piece.size()});  // sendmsg reads only
      input_len_ += piece.size();
    }
  }
}

std::span<uint8_t> Request::iv() {
  return {reinterpret_cast<uint8_t*>(control_.data()) + iv_offset_, iv_len_};
}

std::string Request::Send(const Socket& operation, bool more) const {
  msghdr msg = {};
  msg.msg_iov = const_cast<iovec*>(iov_.data());
  msg.msg_iovlen = iov_.size();
  if (control_len_ != 0) {
    msg.msg_control = const_cast<uint64_t*>(control_.data());
    msg.msg_controllen = control_len_;
  }
  const ssize_t sent = operation.api().SendMsg(operation.fd(), msg, more ? MSG_MORE : 0);
  if (sent < 0) {
    return CallError("sendmsg", "AF_ALG", sent);
  }
  if (static_cast<size_t>(sent) != input_len_) {
    return "sendmsg(AF_ALG) sent " + std::to_string(sent) + " of " + std::to_string(input_len_) +
           " bytes";
  }
  return "";
}

long ReadFull(const Socket& operation, std::span<uint8_t> out) {
  // At least one read even for no output: it is the read that runs the request (an AEAD open
  // of an empty message still verifies its tag there).
  size_t done = 0;
  do {
    const ssize_t got = operation.api().Read(operation.fd(), out.data() + done, out.size() - done);
    if (got < 0) {
      return got;
    }
    if (got == 0 && !out.empty()) {
      return -EIO;
    }
    done += static_cast<size_t>(got);
  } while (done < out.size());
  return 0;
}

std::string ReadError(std::string_view name, long result) {
  return CallError("read", name, result);
}

}  // namespace cryptobench::backends::afalg
