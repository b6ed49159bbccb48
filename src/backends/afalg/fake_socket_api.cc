// Test double for the AF_ALG system calls (fake_socket_api.h).
#include "backends/afalg/fake_socket_api.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <linux/if_alg.h>

namespace cryptobench::backends::afalg::testing {
namespace {

constexpr uint8_t kToyMask = 0xa5;

// A position-dependent checksum, so that any changed byte changes it.
uint8_t Checksum(const Bytes& bytes, size_t salt) {
  uint32_t sum = static_cast<uint32_t>(salt) * 31u + 7u;
  for (size_t i = 0; i < bytes.size(); ++i) {
    sum = sum * 131u + bytes[i] + static_cast<uint32_t>(i);
  }
  return static_cast<uint8_t>(sum ^ (sum >> 8) ^ (sum >> 16));
}

}  // namespace

std::vector<RecordedCall> FakeSocketApi::CallsOf(const std::string& call, int fd) const {
  std::vector<RecordedCall> found;
  for (const RecordedCall& recorded : calls) {
    if (recorded.call == call && (fd == -1 || recorded.fd == fd)) {
      found.push_back(recorded);
    }
  }
  return found;
}

int FakeSocketApi::Socket() {
  if (socket_error != 0) {
    calls.push_back({.call = "socket"});
    return socket_error;
  }
  const int fd = next_fd_++;
  sockets_[fd] = State();
  calls.push_back({.call = "socket", .fd = fd});
  return fd;
}

int FakeSocketApi::Bind(int fd, const std::string& type, const std::string& name) {
  calls.push_back({.call = "bind", .fd = fd, .type = type, .name = name});
  if (const auto error = bind_errors.find(name); error != bind_errors.end()) {
    return error->second;
  }
  sockets_[fd].type = type;
  return 0;
}

int FakeSocketApi::SetOption(int fd, int option, const void* value, socklen_t len) {
  RecordedCall call{
      .call = "setsockopt", .fd = fd, .option = option, .null_value = value == nullptr, .len = len};
  if (value != nullptr) {
    const auto* bytes = static_cast<const uint8_t*>(value);
    call.data.assign(bytes, bytes + len);
  }
  calls.push_back(call);
  if (option == ALG_SET_KEY) {
    sockets_[fd].key = call.data;
  } else if (option == ALG_SET_AEAD_AUTHSIZE) {
    sockets_[fd].authsize = len;
  }
  return 0;
}

int FakeSocketApi::Accept(int fd) {
  const int child = next_fd_++;
  State state;
  state.parent = fd;
  sockets_[child] = state;
  calls.push_back({.call = "accept", .fd = child});
  return child;
}

ssize_t FakeSocketApi::SendMsg(int fd, const msghdr& msg, int flags) {
  RecordedCall call{.call = "sendmsg", .fd = fd, .flags = flags};
  State& state = sockets_[fd];
  if (msg.msg_controllen != 0) {
    // As af_alg_sendmsg (crypto/af_alg.c): control data resets the direction (decrypt unless
    // ALG_SET_OP says otherwise) and the AAD length (0 unless given).
    state.encrypt = false;
    state.assoclen = 0;
    for (const cmsghdr* header = CMSG_FIRSTHDR(&msg); header != nullptr;
         header = CMSG_NXTHDR(const_cast<msghdr*>(&msg), const_cast<cmsghdr*>(header))) {
      const uint8_t* data = CMSG_DATA(header);
      RecordedControl control{header->cmsg_level, header->cmsg_type,
                              Bytes(data, data + header->cmsg_len - CMSG_LEN(0))};
      uint32_t word = 0;
      if (control.data.size() >= sizeof(word)) {
        std::memcpy(&word, control.data.data(), sizeof(word));
      }
      if (control.type == ALG_SET_OP) {
        state.encrypt = word == ALG_OP_ENCRYPT;
      } else if (control.type == ALG_SET_AEAD_ASSOCLEN) {
        state.assoclen = word;
      }
      call.controls.push_back(std::move(control));
    }
  }
  for (size_t i = 0; i < msg.msg_iovlen; ++i) {
    const auto* base = static_cast<const uint8_t*>(msg.msg_iov[i].iov_base);
    call.data.insert(call.data.end(), base, base + msg.msg_iov[i].iov_len);
  }
  state.pending.insert(state.pending.end(), call.data.begin(), call.data.end());
  const auto sent = static_cast<ssize_t>(call.data.size());
  calls.push_back(std::move(call));
  return sent;
}

ssize_t FakeSocketApi::Read(int fd, void* buf, size_t len) {
  RecordedCall call{.call = "read", .fd = fd, .len = len};
  long error = 0;
  Bytes out;
  if (!reads.empty()) {
    const std::variant<Bytes, long> next = reads.front();
    reads.pop_front();
    if (std::holds_alternative<long>(next)) {
      error = std::get<long>(next);
    } else {
      out = std::get<Bytes>(next);
    }
    sockets_[fd].pending.clear();
  } else {
    out = ToyOutput(fd, len, &error);
  }
  if (error != 0) {
    calls.push_back(call);
    return error;
  }
  out.resize(std::min(out.size(), len));
  if (!out.empty()) {
    std::memcpy(buf, out.data(), out.size());
  }
  call.data = out;
  calls.push_back(call);
  return static_cast<ssize_t>(out.size());
}

void FakeSocketApi::Close(int fd) {
  calls.push_back({.call = "close", .fd = fd});
  sockets_.erase(fd);
}

Bytes FakeSocketApi::ToyOutput(int fd, size_t len, long* error) {
  State& op = sockets_[fd];
  const State& transform = sockets_[op.parent];
  Bytes in;
  in.swap(op.pending);
  Bytes out;
  if (transform.type == "skcipher") {
    // Not an involution, so a request run in the wrong direction fails the round trip.
    for (uint8_t byte : in) {
      out.push_back(op.encrypt ? static_cast<uint8_t>((byte ^ kToyMask) + 1)
                               : static_cast<uint8_t>((byte - 1) ^ kToyMask));
    }
  } else if (transform.type == "aead") {
    const size_t tag_len = transform.authsize;
    const size_t body_end = op.encrypt ? in.size() : in.size() - std::min(in.size(), tag_len);
    out.assign(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(op.assoclen));
    for (size_t i = op.assoclen; i < body_end; ++i) {
      out.push_back(in[i] ^ kToyMask);
    }
    // The tag covers AAD || ciphertext, so it is computed on the ciphertext side.
    const Bytes covered = op.encrypt ? out : Bytes(in.begin(), in.begin() + body_end);
    Bytes tag;
    for (size_t i = 0; i < tag_len; ++i) {
      tag.push_back(Checksum(covered, i));
    }
    if (op.encrypt) {
      out.insert(out.end(), tag.begin(), tag.end());
    } else if (!std::equal(tag.begin(), tag.end(),
                           in.begin() + static_cast<std::ptrdiff_t>(body_end))) {
      *error = -EBADMSG;
      return {};
    }
  } else {
    Bytes keyed = transform.key;
    keyed.insert(keyed.end(), in.begin(), in.end());
    for (size_t i = 0; i < len; ++i) {
      out.push_back(Checksum(keyed, i));
    }
  }
  return out;
}

}  // namespace cryptobench::backends::afalg::testing
